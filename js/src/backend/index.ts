/**
 * Which backend runs: the native addon when it loads, WebAssembly
 * otherwise; SALINE_BACKEND=native|wasm forces one (tests and benchmarks run
 * every suite once per backend).
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
import { envVar } from './host.js';
import { loadNative } from './native.js';
import { loadWasm as loadWasmBackend, loadWasmSync, requireWorker, type WasmSource } from './wasm-load.js';

export type { WasmSource } from './wasm-load.js';

let current: Backend | undefined;
let pending: Promise<void> | undefined;

function forced(): 'native' | 'wasm' | undefined {
  const value = envVar('SALINE_BACKEND');
  if (value === undefined) return undefined;
  if (value === 'native' || value === 'wasm') return value;
  throw new Error(`saline: SALINE_BACKEND must be 'native' or 'wasm', got '${value}'`);
}

function native(): Backend {
  try {
    return loadNative();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `saline: SALINE_BACKEND=native, but the native addon did not load (${reason}). ` +
        'Install the package for your platform (npm installs it as an optional dependency), build it with `make js-native` ' +
        '(or `npm run build:native` in js/), or unset SALINE_BACKEND to use WebAssembly.',
      { cause: error },
    );
  }
}

/** Loads synchronously where the platform allows it; undefined where it does not (browsers). */
function loadSync(): Backend | undefined {
  const choice = forced();
  if (choice === 'native') return native();
  if (choice === undefined) {
    try {
      return loadNative();
    } catch {
      // Not built, no platform package, not Node, or a sandbox refusing it
      // (Deno without --allow-ffi): WebAssembly is the portable fallback.
    }
  }
  return loadWasmSync(bundledWasm);
}

/** The backend, loading it on first use. Throws where loading must be awaited. */
export function getBackend(): Backend {
  if (current) return current;
  current = loadSync();
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
 * Loads the backend. Needed once in browsers and other runtimes that cannot
 * compile WebAssembly synchronously; harmless (and immediate) in Node.
 * Rejects if no backend can load, with the reason (a CSP that forbids
 * WebAssembly says what to allow).
 */
export function ready(options: ReadyOptions = {}): Promise<void> {
  if (typeof options !== 'object' || options === null) return Promise.reject(new TypeError('ready: options: expected an object'));
  for (const key of Object.keys(options)) {
    if (key !== 'wasm' && key !== 'requireWorker') return Promise.reject(new TypeError(`ready: unknown option '${key}'`));
  }
  if (options.requireWorker !== undefined) {
    if (typeof options.requireWorker !== 'boolean') return Promise.reject(new TypeError('ready: requireWorker: expected a boolean'));
    requireWorker(options.requireWorker);
  }
  return load(options.wasm, false);
}

/**
 * Loads the WebAssembly backend, from `source` when given (see
 * ReadyOptions.wasm), else from the package's own file; unless
 * SALINE_BACKEND=native forces the addon or a backend is already loaded.
 * `ready({ wasm: source })` does the same.
 */
export function loadWasm(source?: WasmSource): Promise<void> {
  return load(source, true);
}

function load(source: WasmSource | undefined, wasm: boolean): Promise<void> {
  if (current) return Promise.resolve();
  return (pending ??= (async () => {
    try {
      if (forced() === 'native' || (!wasm && source === undefined)) current = loadSync() ?? (await loadWasmBackend());
      else if (source !== undefined) current = await loadWasmBackend(source);
      else current = loadWasmSync(bundledWasm) ?? (await loadWasmBackend());
    } finally {
      pending = undefined;
    }
  })());
}
