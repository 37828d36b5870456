/**
 * Synchronous loading of the full backend: the native addon where it loads,
 * else the full WebAssembly module read from disk (Node, Deno, Bun) or
 * carried by the build (Cloudflare Workers). SALINE_BACKEND=native|wasm
 * forces one (tests and benchmarks run every suite once per backend).
 */
import type { Backend } from './types.js';
import { bundledWasm } from './bundled-wasm.js';
import { forced } from './host.js';
import { loadNative } from './native.js';
import { FULL_MODULE } from './wasm-full.js';
import { installSyncLoader } from './sync-load.js';
import { loadWasmSync } from './wasm-load.js';

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
export function loadSync(): Backend | undefined {
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
  return loadWasmSync(FULL_MODULE, bundledWasm);
}

/**
 * Called at the top of each entry point that serves every algorithm (the
 * main one, `saline/tweetnacl`, `saline/cryptographer`): in the browser
 * build it installs `loadSync` for `getBackend()` (sync-load.ts); in the
 * others, which link it, it does nothing.
 */
export function installFullSyncLoader(): void {
  installSyncLoader(loadSync, true);
}
