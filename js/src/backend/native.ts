/**
 * The native backend: the Node addon of crates/saline-node (napi-rs), built
 * by js/scripts/build-native.sh into js/native/saline.node.
 *
 * The addon is generic: it forwards an op code, a catalog id, the byte and
 * number arguments and a caller-allocated `out` to saline-ops. Inputs are
 * borrowed from the Uint8Arrays without copying and the output is written
 * straight into `out`. `backend.call` spreads the argument arrays into the
 * addon's positional `callv(op, alg, out, nBytes, ...bytes, ...nums)`:
 * N-API hands positional arguments over in one crossing, while reading array
 * elements costs one N-API call each (the array form, the addon's `call`,
 * measured ~160 ns slower per call; the JS switch below costs ~5 ns).
 *
 * Errors. The addon throws JS Errors that already have the BackendError
 * shape: `code` is the number of saline-ops `error_code` (1 range, 2 value,
 * 3 verification, 4 system) and `message` is Rust's Display text ("key:
 * expected 32 bytes, got 31"). A wrong argument type or a detached
 * ArrayBuffer is a TypeError whose `code` is the string
 * 'ERR_INVALID_ARG_TYPE' (so not a BackendError: it passes through the API's
 * translation unchanged). `callAsync` rejects with the same shapes.
 *
 * Loading (ESM and CJS builds of this same file, and src/ under a TS
 * runner). The addon is looked up at `SALINE_NATIVE_PATH` when set, else
 * from this module's own location (ESM: `import.meta.url`; CJS:
 * `__filename`) by walking up to 4 directories for `native/saline.node`,
 * which fits dist/esm/*.js, dist/cjs/*.cjs and src/backend/native.ts alike.
 * It is loaded with CommonJS `require` where that exists (the .cjs build)
 * and with `process.dlopen` otherwise (ESM: the same call Node's require
 * makes for a .node file), so no `node:` module is imported statically and
 * browser bundles never see one.
 *
 * Streams are numbers (handles into a per-thread table in the addon), as in
 * WebAssembly, so the API's FinalizationRegistry frees forgotten ones. (The
 * addon's `NativeStream` class held ~2 KB of native memory per object until
 * the event loop turned, as N-API finalizers are deferred in Node 20: a
 * synchronous loop of create/destroy cycles grew RSS by hundreds of MB.)
 *
 * `loadNative()` returns the backend or throws an Error saying why not;
 * `tryLoadNative()` returns null instead, and `nativeLoadError()` then says
 * why (for the message shown when SALINE_BACKEND=native forces it).
 */
import type { Backend, CatalogEntry, Op, StreamHandle } from './types.js';

declare const require: ((id: string) => unknown) | undefined;
declare const __filename: string | undefined;

type Bytes = readonly (Uint8Array | null)[];

/** The addon's exports (crates/saline-node/README.md). */
interface Addon {
  callv(op: number, alg: number, out: Uint8Array, nBytes: number, ...args: (Uint8Array | null | number)[]): number;
  call(op: number, alg: number, bytes: Bytes, nums: readonly number[] | Float64Array, out: Uint8Array): number;
  callAsync(op: number, alg: number, bytes: Bytes, nums: readonly number[] | Float64Array, outLength: number): Promise<Uint8Array>;
  catalog(): string;
  /** The core's backend registry (absent from addons built before it). */
  backends?(): string;
  streamNew(alg: number, bytes: Bytes, nums: readonly number[] | Float64Array): number;
  streamUpdate(handle: number, data: Uint8Array): void;
  streamDigest(handle: number, out: Uint8Array): number;
  streamClone(handle: number): number;
  streamReset(handle: number): void;
  streamFree(handle: number): void;
  NativeStream: new (alg: number, bytes: Bytes, nums: readonly number[] | Float64Array) => NativeStream;
}

interface NativeStream {
  update(data: Uint8Array): void;
  digest(out: Uint8Array): number;
  clone(): NativeStream;
  reset(): void;
  free(): void;
  readonly outputLength: number;
}

type Env = {
  process?: {
    env?: Record<string, string | undefined>;
    versions?: { node?: string };
    platform?: string;
    dlopen?: (module: { exports: unknown }, filename: string) => void;
    getBuiltinModule?: (id: string) => unknown;
  };
};

const ADDON_FILE = 'native/saline.node';

let loaded: Backend | undefined;
let failure: Error | undefined;

/** Why the addon did not load, once a load was tried and failed. */
export function nativeLoadError(): string | undefined {
  return failure?.message;
}

/** The native backend, or null when the addon is absent or fails to load (see nativeLoadError). */
export function tryLoadNative(): Backend | null {
  try {
    return loadNative();
  } catch {
    return null;
  }
}

/** The native backend. Throws an Error saying why when the addon is absent or fails to load. */
export function loadNative(): Backend {
  if (loaded) return loaded;
  if (failure) throw failure;
  try {
    loaded = createNativeBackend(loadAddon());
    return loaded;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw failure;
  }
}

/** A backend over an already loaded addon object (tests may pass their own). */
export function createNativeBackend(addon: Addon): Backend {
  const required = ['call', 'callv', 'callAsync', 'catalog', 'streamNew', 'streamUpdate', 'streamDigest', 'streamClone', 'streamReset', 'streamFree'] as const;
  for (const name of required) {
    if (typeof addon[name] !== 'function') throw new Error(`saline: the native addon does not export ${name}(); rebuild it with js/scripts/build-native.sh`);
  }
  const catalog = JSON.parse(addon.catalog()) as CatalogEntry[];
  return {
    name: 'native',
    catalog,
    backendsJson: typeof addon.backends === 'function' ? () => addon.backends!() : undefined,
    call: positional(addon.callv),
    callAsync(op: Op, alg: number, bytes: Bytes, nums: readonly number[], outLength: number): Promise<Uint8Array> {
      try {
        return addon.callAsync(op, alg, bytes, nums, outLength);
      } catch (error) {
        // Argument errors are thrown synchronously by the addon; an async API rejects instead.
        return Promise.reject(error);
      }
    },
    // Numeric handles into a per-thread table in the addon (a non-number is a TypeError there).
    streamNew: addon.streamNew,
    streamUpdate: addon.streamUpdate as (handle: StreamHandle, data: Uint8Array) => void,
    streamDigest: addon.streamDigest as (handle: StreamHandle, out: Uint8Array) => number,
    streamClone: addon.streamClone as (handle: StreamHandle) => number,
    streamReset: addon.streamReset as (handle: StreamHandle) => void,
    streamFree: addon.streamFree as (handle: StreamHandle) => void,
  };
}

/**
 * `call` over the addon's positional `callv`: bytes then nums, with no
 * spread (and so no array allocation) up to 8 arguments. The addon's errors
 * are BackendErrors already, so nothing is caught here.
 */
function positional(callv: Addon['callv']): Backend['call'] {
  return (op, alg, bytes, nums, out) => {
    const nb = bytes.length;
    const x = (i: number) => (i < nb ? bytes[i] : nums[i - nb]) as Uint8Array | null | number;
    switch (nb + nums.length) {
      case 0: return callv(op, alg, out, 0);
      case 1: return callv(op, alg, out, nb, x(0));
      case 2: return callv(op, alg, out, nb, x(0), x(1));
      case 3: return callv(op, alg, out, nb, x(0), x(1), x(2));
      case 4: return callv(op, alg, out, nb, x(0), x(1), x(2), x(3));
      case 5: return callv(op, alg, out, nb, x(0), x(1), x(2), x(3), x(4));
      case 6: return callv(op, alg, out, nb, x(0), x(1), x(2), x(3), x(4), x(5));
      case 7: return callv(op, alg, out, nb, x(0), x(1), x(2), x(3), x(4), x(5), x(6));
      case 8: return callv(op, alg, out, nb, x(0), x(1), x(2), x(3), x(4), x(5), x(6), x(7));
      default: return callv(op, alg, out, nb, ...bytes, ...nums);
    }
  };
}

function nodeBuiltin<T>(id: string): T | undefined {
  const proc = (globalThis as Env).process;
  try {
    if (typeof proc?.getBuiltinModule === 'function') return proc.getBuiltinModule(id) as T;
    // CommonJS (the .cjs build, or a CJS bundle): the module-scope require
    // (in an ESM bundle it may be esbuild's throwing shim: caught below).
    return typeof require === 'function' ? (require(id) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** This module's URL: import.meta.url in the ESM build, from __filename in the CJS one. */
function moduleUrl(): string | undefined {
  if (typeof __filename === 'string' && __filename !== '') return pathToUrl(__filename);
  // esbuild's CJS output replaces import.meta with {} (url undefined); that path returned above.
  const meta = import.meta as { url?: string } | undefined;
  return meta?.url;
}

function pathToUrl(path: string): string {
  const url = nodeBuiltin<{ pathToFileURL(path: string): URL }>('node:url');
  if (url) return url.pathToFileURL(path).href;
  const slashed = path.replace(/\\/g, '/');
  return 'file://' + (slashed.startsWith('/') ? '' : '/') + slashed.split('/').map(encodeURIComponent).join('/').replace(/%3A/g, ':');
}

function urlToPath(href: string): string {
  const url = nodeBuiltin<{ fileURLToPath(url: string): string }>('node:url');
  if (url) return url.fileURLToPath(href);
  const path = decodeURIComponent(new URL(href).pathname);
  return (globalThis as Env).process?.platform === 'win32' ? path.replace(/^\/([A-Za-z]:)/, '$1').replace(/\//g, '\\') : path;
}

/** Where the addon may be, most specific first. */
function candidates(): string[] {
  const proc = (globalThis as Env).process;
  const explicit = proc?.env?.SALINE_NATIVE_PATH;
  if (explicit) return [explicit];
  const base = moduleUrl();
  if (!base || !base.startsWith('file:')) return [];
  const paths: string[] = [];
  for (let up = 1; up <= 4; up++) paths.push(urlToPath(new URL('../'.repeat(up) + ADDON_FILE, base).href));
  return [...new Set(paths)];
}

function loadAddon(): Addon {
  const proc = (globalThis as Env).process;
  if (!proc?.versions?.node) throw new Error('saline: the native addon needs Node.js');
  const paths = candidates();
  if (paths.length === 0) throw new Error('saline: cannot locate the native addon from this build; set SALINE_NATIVE_PATH');
  const fs = nodeBuiltin<{ existsSync(path: string): boolean }>('node:fs');
  // Without node:fs (ESM on Node < 20.16) every candidate is tried in turn.
  const present = fs ? paths.filter((path) => fs.existsSync(path)) : paths;
  if (present.length === 0) {
    throw new Error(`saline: native addon not found (looked at ${paths.join(', ')}); build it with js/scripts/build-native.sh`);
  }
  let last: Error | undefined;
  for (const path of present) {
    try {
      return requireAddon(path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      last = new Error(`saline: the native addon at ${path} failed to load: ${reason}`, { cause: error });
      if (fs) break;
    }
  }
  throw last!;
}

/**
 * Loads the .node file: Node's own require where it can be had (so that
 * require hooks, e.g. of packagers, apply), else process.dlopen, which is
 * what require does for a .node file.
 *  1. createRequire from node:module through process.getBuiltinModule
 *     (Node >= 20.16 / 22.3), in ESM and CJS alike;
 *  2. the module-scope require of a real CommonJS module (the .cjs build).
 *     Only when __filename exists too: esbuild's ESM output turns `require`
 *     into a shim that exists but throws "Dynamic require ... is not supported";
 *  3. process.dlopen (ESM on older Node).
 */
function requireAddon(path: string): Addon {
  const proc = (globalThis as Env).process!;
  const base = moduleUrl();
  const nodeModule = typeof proc.getBuiltinModule === 'function' ? (proc.getBuiltinModule('node:module') as NodeModule | undefined) : undefined;
  if (nodeModule && base) return nodeModule.createRequire(base)(path) as Addon;
  if (typeof require === 'function' && typeof __filename === 'string') return require(path) as Addon;
  if (typeof proc.dlopen !== 'function') throw new Error('neither require nor process.dlopen is available');
  const module = { exports: {} as unknown };
  proc.dlopen(module, path);
  return module.exports as Addon;
}

type NodeModule = { createRequire(url: string): (id: string) => unknown };
