/**
 * The backend that serves the calls, and loading it: the state every entry
 * point shares (the main one, `saline/sha2`, `saline/tweetnacl`,
 * `saline/cryptographer`). Which module an entry loads is its own
 * (index.ts: the full one; sha2.ts: the SHA-2 module), so that a bundle of
 * `saline/sha2` never reaches the full module's files or the native loader.
 *
 * Loading is lazy, on the first call into the API, so that importing the
 * package has no side effects (package.json says `sideEffects: false`).
 * In Node, Deno and Bun both backends load synchronously, and on Cloudflare
 * Workers the WebAssembly module comes compiled with the build
 * (bundled-wasm.ts), so nothing needs awaiting there. A browser cannot
 * compile WebAssembly synchronously on the main thread (Chromium caps
 * synchronous compilation at 4 KiB), so there `await ready()` once; after
 * that every call is synchronous.
 */
import type { Backend } from './types.js';
import { bundledWasm } from './bundled-wasm.js';
import { forced } from './host.js';
import { syncLoader } from './sync-load.js';
import { loadWasm as loadWasmBackend, loadWasmSync, type WasmModuleSpec, type WasmSource } from './wasm-load.js';
import { requireWorker } from './worker-policy.js';

export type { WasmSource } from './wasm-load.js';

let current: Backend | undefined;
let pending: Promise<void> | undefined;

/** Whether `backend` serves `spec`'s algorithms: a backend with every algorithm serves any. */
function serves(backend: Backend | undefined, spec: WasmModuleSpec): boolean {
  if (!backend) return false;
  if (!backend.families) return true;
  return spec.families !== undefined && spec.families.every((f) => backend.families!.includes(f));
}

/** The backend, loading it on first use. Throws where loading must be awaited. */
export function getBackend(): Backend {
  if (current) return current;
  current = syncLoader()?.();
  if (!current) {
    throw new Error('saline: the WebAssembly backend is not loaded yet: `await ready()` once before calling the API in this environment');
  }
  return current;
}

/**
 * Which backend serves the calls: 'native' (the Node addon) or 'wasm'.
 * Loads it first if needed (so it throws, like any call, where `ready()`
 * must be awaited and was not).
 */
export function backend(): 'native' | 'wasm' {
  return getBackend().name;
}

/** Options of `ready`. */
export interface ReadyOptions {
  /**
   * The WebAssembly module to use: a URL (string or URL; a file: URL is
   * read in Node), a Response or a promise of one (`fetch(url)`), the bytes
   * (any BufferSource), or a compiled `WebAssembly.Module`. Given, it makes
   * the WebAssembly backend the one that runs (unless SALINE_BACKEND=native
   * forces the addon). Ignored when a backend is already loaded.
   */
  wasm?: WasmSource;
  /**
   * When true, the KDFs' `.async` on the WebAssembly backend rejects if no
   * worker can run (no Worker in this runtime, a Content-Security-Policy
   * without `worker-src blob:`), instead of computing on the calling thread.
   * Applies from this call on, whether or not a backend was loaded.
   */
  requireWorker?: boolean;
}

/**
 * `ready` for an entry point whose browser build loads `spec`'s module
 * (`saline/sha2`): the options are checked the same way, and a backend that
 * already serves `spec` is kept.
 */
export function readyFor(spec: WasmModuleSpec, options: ReadyOptions = {}): Promise<void> {
  if (typeof options !== 'object' || options === null) return Promise.reject(new TypeError('ready: options: expected an object'));
  for (const key of Object.keys(options)) {
    if (key !== 'wasm' && key !== 'requireWorker') return Promise.reject(new TypeError(`ready: unknown option '${key}'`));
  }
  if (options.requireWorker !== undefined) {
    if (typeof options.requireWorker !== 'boolean') return Promise.reject(new TypeError('ready: requireWorker: expected a boolean'));
    requireWorker(options.requireWorker);
  }
  return load(spec, options.wasm, false);
}

/**
 * Loads what serves `spec`, unless the current backend does already. A
 * backend holding some families only (the SHA-2 module) is replaced when an
 * entry point needs more: objects made on it (streams) keep their instance.
 */
export function load(spec: WasmModuleSpec, source: WasmSource | undefined, wasm: boolean): Promise<void> {
  if (serves(current, spec)) return Promise.resolve();
  const previous = pending;
  const loading = (async () => {
    // One load at a time: the one before may already serve `spec`.
    if (previous) await previous.catch(() => {});
    if (serves(current, spec)) return;
    if (forced() === 'native' || (!wasm && source === undefined)) {
      // The synchronous loader (the addon, else the file or the module the
      // build carries), unless it gives less than `spec` needs.
      const loaded = syncLoader()?.();
      current = loaded && serves(loaded, spec) ? loaded : await loadWasmBackend(spec);
    } else if (source !== undefined) current = await loadWasmBackend(spec, source);
    else current = loadWasmSync(spec, bundledWasm) ?? (await loadWasmBackend(spec));
  })();
  pending = loading;
  void loading.finally(() => {
    if (pending === loading) pending = undefined;
  }).catch(() => {});
  return loading;
}
