/**
 * Which backend runs: the native addon when it loads, WebAssembly
 * otherwise; SALINE_BACKEND=native|wasm forces one (tests and benchmarks run
 * every suite once per backend). The state and the loading are current.ts;
 * this file is what the entry points that serve every algorithm export:
 * `ready` and `loadWasm` over the full module.
 */
import { FULL_MODULE } from './wasm-full.js';
import { load, readyFor, type ReadyOptions } from './current.js';
import type { WasmSource } from './wasm-load.js';

export { backend, getBackend, type ReadyOptions } from './current.js';
export type { WasmSource } from './wasm-load.js';

/**
 * Loads the backend. Needed once in browsers and other runtimes that cannot
 * compile WebAssembly synchronously; harmless (and immediate) in Node.
 * Rejects if no backend can load, with the reason (a CSP that forbids
 * WebAssembly says what to allow).
 */
export function ready(options: ReadyOptions = {}): Promise<void> {
  return readyFor(FULL_MODULE, options);
}

/**
 * Loads the WebAssembly backend, from `source` when given (see
 * ReadyOptions.wasm), else from the package's own file; unless
 * SALINE_BACKEND=native forces the addon or a backend is already loaded.
 * `ready({ wasm: source })` does the same.
 */
export function loadWasm(source?: WasmSource): Promise<void> {
  return load(FULL_MODULE, source, true);
}

