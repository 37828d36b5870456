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
 * Small allocating calls go through the addon's arena instead (`arenaCalls`
 * below): inputs copied into memory the addon owns, no array borrowed.
 *
 * Errors. The addon throws JS Errors that already have the BackendError
 * shape: `code` is the number of saline-ops `error_code` (1 range, 2 value,
 * 3 verification, 4 system, 5 unsupported name or option) and `message` is Rust's Display text ("key:
 * expected 32 bytes, got 31"). A wrong argument type or a detached
 * ArrayBuffer is a TypeError whose `code` is the string
 * 'ERR_INVALID_ARG_TYPE' (so not a BackendError: it passes through the API's
 * translation unchanged). `callAsync` rejects with the same shapes.
 *
 * Loading (the Node builds, ESM and CJS, of this same file, and src/ under
 * a TS runner). The addon is `SALINE_NATIVE_PATH` when set; else the
 * package's own `native/saline.node` (found by locate.ts, as the
 * WebAssembly files are), then the per-platform package
 * (`saline-linux-x64-gnu` etc., resolved from this module like any
 * dependency). Nothing else is searched: never the user's project. It is
 * loaded with Node's `require` (createRequire from node:module, which the
 * Node builds import statically: builtins-node.ts), so require hooks apply;
 * Deno (with --allow-ffi) and Bun load Node-API addons the same way. When
 * the addon cannot load, the selector falls back to WebAssembly and
 * `backend()` says 'wasm'.
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
import type { Backend, CatalogEntry, Op, Scratch, StreamHandle } from './types.js';
import { nodeBuiltin } from './builtins.js';
import { envVar, isNode, moduleUrl } from './host.js';
import { ADDON_FILE, existingFiles, packageFilePath } from './locate.js';
import { lengthOf, typedArrayTag } from '../intrinsics.js';
import { copyBytesInto } from './copy.js';

type Bytes = readonly (Uint8Array | null)[];

/** The addon's exports (crates/saline-node/README.md). */
interface Addon {
  callv(op: number, alg: number, out: Uint8Array, nBytes: number, ...args: (Uint8Array | null | number)[]): number;
  /** `callv` that refuses an input overlapping `out` (absent from addons built before it). */
  callvInto?(op: number, alg: number, out: Uint8Array, nBytes: number, ...args: (Uint8Array | null | number)[]): number;
  call(op: number, alg: number, bytes: Bytes, nums: readonly number[] | Float64Array, out: Uint8Array): number;
  callAsync(op: number, alg: number, bytes: Bytes, nums: readonly number[] | Float64Array, outLength: number): Promise<Uint8Array>;
  catalog(): string;
  /** A new arena for small calls (absent from addons built before it; undefined where external buffers are refused). */
  arena?(): Arena | undefined;
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

/** What the addon's `arena()` returns (crates/saline-node/src/arena.rs). */
interface Arena {
  readonly buffer: ArrayBuffer;
  /** Runs the call the header describes; throws the addon's errors. */
  readonly call: () => void;
  readonly inputStart: number;
  readonly outputStart: number;
}

interface NativeStream {
  update(data: Uint8Array): void;
  digest(out: Uint8Array): number;
  clone(): NativeStream;
  reset(): void;
  free(): void;
  readonly outputLength: number;
}

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
  const arena = makeArena(addon);
  const small = arena ? arenaCalls(arena, positional(addon.callv)) : undefined;
  return {
    name: 'native',
    catalog,
    backendsJson: typeof addon.backends === 'function' ? () => addon.backends!() : undefined,
    call: small?.call ?? positional(addon.callv),
    callInto: typeof addon.callvInto === 'function' ? positional(addon.callvInto) : undefined,
    callCopying: small?.callCopying,
    scratch: small?.scratch ?? smallOutputs(),
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

/** The addon's arena, or undefined: an older addon, external buffers refused, or `arena()` failing (callv serves every call then). */
function makeArena(addon: Addon): Arena | undefined {
  try {
    return typeof addon.arena === 'function' ? addon.arena() : undefined;
  } catch {
    return undefined;
  }
}

/** Most byte arguments, and most numbers, one arena call takes (arena.rs `MAX_ARGS`). */
const ARENA_MAX_ARGS = 16;
/** Header slots before the lengths: op, alg, n, m, output length. */
const ARENA_FIXED = 5;

/**
 * `call` through the addon's arena (crates/saline-node/src/arena.rs says
 * why) for the API's allocating calls: those whose `out` is one of
 * `scratch`'s views of the arena's output region, which call.ts copies out
 * and wipes. The header and inputs are written into memory the addon owns
 * and `arena.call()` runs with no argument, so no Uint8Array crosses N-API.
 * Every other call goes through `slow` (callv): one whose inputs or output
 * do not fit, with an empty or non-Uint8Array input or a non-number (the
 * addon then reports the error as before), and one into a caller's `out`
 * (the output-buffer variants, `callInto`). For those, copying the result
 * out of the arena and wiping it, plus the JS check that `out` overlaps no
 * input (the addon compares pointers it holds anyway), cost more than the
 * arena saves: callgrind, instructions per call, `poly1305.into` 3,591
 * through callvInto against 4,052 through the arena, `sha256.into` 6,255
 * against 7,417. Timed too (November 30: both packages in one process,
 * interleaved, two runs with the load order swapped): the arena route ran
 * `sha256`, `blake2b`, `poly1305` and `hmac` `.into` of 32 bytes at
 * 0.90-0.96x callvInto, although the Node runner's 32-byte output-buffer
 * rows had read 0.84-0.89x the allocating ones.
 *
 * `callCopying` is the arena for the calls whose `out` may overlap an
 * input (call.ts `callIntoAliased`: the TweetNaCl layer, NaCl's C
 * signatures): the result is copied into `out` after the call succeeded, so
 * no overlap check is needed, and `out`, often a fresh array of 64 bytes or
 * less that V8 keeps on its heap, is never moved off it (`SMALL_OUTPUT`).
 * Measured against callvInto (both packages in one process, interleaved,
 * two runs, order swapped): `secretbox.open` of 32 bytes 1.36-1.46x,
 * `crypto_onetimeauth` 1.12-1.20x, `crypto_hash` 1.08-1.11x,
 * `crypto_core_hsalsa20` 1.07-1.10x, `crypto_stream` of 32 bytes
 * 1.05-1.09x; the rest within the noise.
 *
 * Inputs are copied in one pass after every length is known: the intrinsic
 * getters run no user code, so nothing can re-enter between the first
 * header write and the call. The addon wipes them.
 */
function arenaCalls(arena: Arena, slow: Backend['call']): { call: Backend['call']; callCopying: NonNullable<Backend['callCopying']>; scratch: Scratch } {
  const { buffer, call: run, inputStart, outputStart } = arena;
  const header = new Float64Array(buffer, 0, inputStart / 8);
  const heap = new Uint8Array(buffer);
  const inputCapacity = outputStart - inputStart;
  const scratch = smallOutputs(buffer, outputStart, heap.length - outputStart);
  /** Lays the call out and runs it into the output region; false (nothing run) when it does not fit. */
  const runInArena = (op: Op, alg: number, bytes: Bytes, nums: readonly number[], outLength: number): boolean => {
    const n = bytes.length;
    const m = nums.length;
    if (n > ARENA_MAX_ARGS || m > ARENA_MAX_ARGS) return false;
    let used = 0;
    for (let i = 0; i < n; i++) {
      const b = bytes[i];
      if (b === null || b === undefined) {
        header[ARENA_FIXED + i] = -1;
        continue;
      }
      // An empty view may be over a detached buffer: callv tells.
      let length: number;
      if (typedArrayTag(b) !== 'Uint8Array' || (length = lengthOf(b)) === 0 || (used += length) > inputCapacity) return false;
      header[ARENA_FIXED + i] = length;
    }
    for (let j = 0; j < m; j++) {
      const x = nums[j];
      if (typeof x !== 'number') return false;
      header[ARENA_FIXED + n + j] = x;
    }
    header[0] = op;
    header[1] = alg;
    header[2] = n;
    header[3] = m;
    header[4] = outLength;
    for (let i = 0, at = inputStart; i < n; i++) {
      const b = bytes[i];
      if (b === null || b === undefined) continue;
      const length = header[ARENA_FIXED + i]!;
      copyBytesInto(heap, at, b, length);
      at += length;
    }
    run();
    return true;
  };
  const call: Backend['call'] = (op, alg, bytes, nums, out) => {
    const outLength = lengthOf(out);
    return out === scratch.view(outLength) && runInArena(op, alg, bytes, nums, outLength) ? header[0]! : slow(op, alg, bytes, nums, out);
  };
  // The inputs are copies and the result reaches `out` only after the call
  // succeeded, so `out` may overlap an input (NaCl's C functions allow it).
  const callCopying: NonNullable<Backend['callCopying']> = (op, alg, bytes, nums, out) => {
    const outLength = lengthOf(out);
    const region = scratch.view(outLength);
    if (region === undefined || !runInArena(op, alg, bytes, nums, outLength)) return undefined;
    const written = header[0]!;
    out.set(written === outLength ? region : region.subarray(0, written));
    scratch.wipe(outLength);
    return written;
  };
  return { call, callCopying, scratch };
}

/**
 * V8 keeps a typed array of at most 64 bytes (`--typed-array-max-size-in-heap`,
 * default 64) inside the JS heap, without an ArrayBuffer. The first N-API
 * look at one (`napi_get_typedarray_info`) moves it out: a new ArrayBuffer
 * and backing store, ~330 ns (measured: `new Uint8Array(32)` then `.buffer`,
 * against 21 ns for the allocation alone). Every digest, tag, key and
 * shared secret is that small, so a fresh output array per call paid it on
 * every call. Instead the addon writes small outputs into one buffer whose
 * ArrayBuffer exists already, and the API copies the bytes out with
 * `slice` (on the JS heap again, ~35 ns) and wipes the buffer
 * (call.ts `run`). Larger outputs are off the heap from the start: they
 * get their own array as before.
 */
const SMALL_OUTPUT = 64;

/**
 * `Backend.scratch`: a cached view per length of `capacity` bytes at
 * `offset` in `buffer` (the arena's output region, or one private 64-byte
 * ArrayBuffer for an addon without the arena).
 */
function smallOutputs(buffer = new ArrayBuffer(SMALL_OUTPUT), offset = 0, capacity = SMALL_OUTPUT): Scratch {
  const views: (Uint8Array | undefined)[] = [];
  // The wipe writes whole 8-byte words (+0 is eight zero bytes): a few
  // stores the optimizer inlines, where `fill(0)` on a view of 16 to 64
  // bytes enters a C++ builtin (measured alone: 5-10 ns against 20-28).
  // The region starts on a multiple of 8 (arena.rs OUTPUT_START) and its
  // length is one, so a view's bytes are covered and nothing outside it;
  // a region that is not (no addon so far) is wiped with `fill`.
  const words = offset % 8 === 0 && capacity % 8 === 0 ? new Float64Array(buffer, offset, capacity / 8) : undefined;
  const view = (outLength: number): Uint8Array | undefined => (outLength <= capacity ? (views[outLength] ??= new Uint8Array(buffer, offset, outLength)) : undefined);
  return {
    view,
    wipe(outLength) {
      if (words === undefined) view(outLength)?.fill(0);
      else for (let j = 0, n = (outLength + 7) >> 3; j < n; j++) words[j] = 0;
    },
  };
}

/**
 * The per-platform packages (napi-rs's layout: js/npm/<triple>/, each an
 * optionalDependency of this package, so npm installs only the one whose
 * `os`, `cpu` and `libc` match). Keyed by `${platform}-${arch}` and, on
 * Linux, the C library.
 */
const PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  'linux-x64-gnu': 'saline-linux-x64-gnu',
  'linux-x64-musl': 'saline-linux-x64-musl',
  'linux-arm64-gnu': 'saline-linux-arm64-gnu',
  'linux-arm64-musl': 'saline-linux-arm64-musl',
  'darwin-arm64': 'saline-darwin-arm64',
  'win32-x64': 'saline-win32-x64-msvc',
};

type Proc = {
  platform?: string;
  arch?: string;
  report?: { getReport?(): unknown };
};

/**
 * Whether this Linux runs on musl rather than glibc, as napi-rs's generated
 * loader decides it: /usr/bin/ldd names musl (Alpine's is a musl script),
 * else the process report's header has `glibcVersionRuntime` exactly when
 * the C library is glibc (Node's report, doc/api/report.md).
 */
function isMusl(proc: Proc): boolean {
  const fs = nodeBuiltin<{ readFileSync(path: string): Uint8Array }>('node:fs');
  try {
    if (fs) return new TextDecoder().decode(fs.readFileSync('/usr/bin/ldd')).includes('musl');
  } catch {
    // No ldd there (or no permission): ask the report.
  }
  try {
    const report = proc.report?.getReport?.() as { header?: { glibcVersionRuntime?: string } } | string | undefined;
    const header = typeof report === 'string' ? (JSON.parse(report) as { header?: { glibcVersionRuntime?: string } }).header : report?.header;
    return header !== undefined && !header.glibcVersionRuntime;
  } catch {
    return false;
  }
}

/** The platform package for this machine, or undefined when none is published for it. */
export function platformPackage(): string | undefined {
  const proc = (globalThis as { process?: Proc }).process;
  if (!proc) return undefined;
  const key = `${proc.platform}-${proc.arch}`;
  if (proc.platform === 'linux') return PLATFORM_PACKAGES[`${key}-${isMusl(proc) ? 'musl' : 'gnu'}`];
  return PLATFORM_PACKAGES[key];
}

/**
 * The files the addon may be, in order: `SALINE_NATIVE_PATH` alone when
 * set; else the package's own `native/saline.node` (a build from source,
 * `make js-native`). The platform package comes after them (loadAddon).
 */
function addonFiles(): string[] {
  const explicit = envVar('SALINE_NATIVE_PATH');
  if (explicit) return [explicit];
  const own = packageFilePath(ADDON_FILE);
  return own === undefined ? [] : [own];
}

type NodeRequire = ((id: string) => unknown) & { resolve(id: string): string };

/** The addon file: the first of `addonFiles()` that exists, else the platform package; or an Error listing where it looked. */
function findAddon(load: NodeRequire): string {
  const looked: string[] = [];
  for (const path of existingFiles(addonFiles(), looked)) return path;
  const pkg = envVar('SALINE_NATIVE_PATH') ? undefined : platformPackage();
  if (pkg) {
    try {
      return load.resolve(pkg);
    } catch {
      looked.push(`package ${pkg} (not installed)`);
    }
  }
  const platform = platformPackage() === undefined ? ' (no platform package is published for this platform)' : '';
  throw new Error(`saline: native addon not found (looked at ${looked.join(', ')})${platform}; build it with js/scripts/build-native.sh or set SALINE_NATIVE_PATH`);
}

function loadAddon(): Addon {
  if (!isNode()) throw new Error('saline: the native addon needs Node.js');
  const base = moduleUrl();
  const nodeModule = nodeBuiltin<{ createRequire(from: string): NodeRequire }>('node:module');
  if (!nodeModule || !base) throw new Error('saline: this build cannot load the native addon (no node:module); it is the Node build that does');
  // Node's own require (so that require hooks, e.g. of packagers, apply),
  // resolving from this module: a platform package is found in the
  // node_modules that hold this package.
  const load = nodeModule.createRequire(base);
  const target = findAddon(load);
  try {
    return load(target) as Addon;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`saline: the native addon at ${target} failed to load: ${reason}`, { cause: error });
  }
}
