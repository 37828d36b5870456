/**
 * saline/sha2: SHA-224, SHA-256, SHA-384, SHA-512 and SHA-512/256 alone,
 * the same functions as the main entry's (noble's `@noble/hashes/sha2`
 * names and behaviour), for pages that should ship nothing else.
 *
 * In browsers (the `browser` and `default` export conditions) this entry
 * loads the SHA-2 WebAssembly module, saline-sha2(-simd).wasm (about 10 KiB
 * gzipped against the full module's 240 KiB), so a bundle of it keeps
 * neither the full module nor the native loader: `await ready()` from here
 * once. A page that also imports the main entry and awaits its `ready()`
 * gets the full module, which then serves these functions too. In Node,
 * Deno, Bun and Cloudflare Workers this entry is the main one's functions
 * over the same backend (the native addon or the full module).
 */
import { readyFor, type ReadyOptions } from './backend/current.js';
import { installSyncLoader } from './backend/sync-load.js';
import { loadWasmSync } from './backend/wasm-load.js';
import { SHA2_MODULE } from './backend/wasm-sha2.js';

export { backend, type ReadyOptions, type WasmSource } from './backend/current.js';
export { sha224, sha256, sha384, sha512, sha512_256, type HashFunction, type Hasher, type WithOut } from './hashes.js';
export type { Input } from './input.js';
// No byte helpers: utils.ts shared with the main entry would bring the
// main entry's `utils` namespace object, and with it every helper, into a
// bundle of this entry (1.3 KiB gzipped with Vite).

// A test runner that evaluates the browser build under Node loads without
// `ready()`, as with the main entry (backend/sync-load.ts).
installSyncLoader(() => loadWasmSync(SHA2_MODULE), false);

/**
 * Loads the backend: in browsers the SHA-2 WebAssembly module, unless a
 * backend is loaded already (`ready` of the main entry loads the full
 * one). Harmless (and immediate) in Node. Takes the main entry's options;
 * `wasm` is then this module's file (or the full module, which holds SHA-2
 * too).
 */
export function ready(options?: ReadyOptions): Promise<void> {
  return readyFor(SHA2_MODULE, options);
}
