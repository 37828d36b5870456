/**
 * Which backend runs: the native addon when it is built, WebAssembly
 * otherwise; SALINE_BACKEND=native|wasm forces one (tests and benchmarks run
 * every suite once per backend).
 *
 * Loading is lazy, on the first call into the API, so that importing the
 * package has no side effects (package.json says `sideEffects: false`).
 * In Node both backends load synchronously, so nothing needs awaiting. A
 * browser cannot compile WebAssembly synchronously on the main thread
 * (Chromium caps synchronous compilation at 4 KiB), so there `await ready()`
 * once; after that every call is synchronous.
 */
import type { Backend } from './types.js';
import { loadNative } from './native.js';
import { loadWasm, loadWasmSync } from './wasm.js';

type Env = { process?: { env?: Record<string, string | undefined>; versions?: { node?: string } } };

let current: Backend | undefined;
let pending: Promise<void> | undefined;

function forced(): 'native' | 'wasm' | undefined {
  const value = (globalThis as Env).process?.env?.SALINE_BACKEND;
  if (value === undefined || value === '') return undefined;
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
        'Build it with `make js-native` (or `npm run build:native` in js/), or unset SALINE_BACKEND to use WebAssembly.',
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
      // Not built, or not Node: WebAssembly is the portable fallback.
    }
  }
  return loadWasmSync();
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

/** Which backend serves the calls: 'native' (the Node addon) or 'wasm'. */
export function backend(): 'native' | 'wasm' {
  return getBackend().name;
}

/**
 * Loads the backend. Needed once in browsers and other runtimes that cannot
 * compile WebAssembly synchronously; harmless (and immediate) in Node.
 * Rejects if no backend can load.
 */
export function ready(): Promise<void> {
  if (current) return Promise.resolve();
  return (pending ??= (async () => {
    try {
      current = loadSync() ?? (await loadWasm());
    } finally {
      pending = undefined;
    }
  })());
}
