/**
 * The SHA-2 WebAssembly module: SHA-224, SHA-256, SHA-384, SHA-512 and
 * SHA-512/256 only (crates/saline-wasm built without its `full` feature),
 * as saline-sha2-simd.wasm and saline-sha2.wasm. The `saline/sha2` entry's
 * browser build loads it, so that a page hashing with SHA-2 ships this
 * module and not the full one (docs/DESIGN.md, "Size").
 */
import type { WasmModuleSpec } from './wasm-load.js';

export const SHA2_MODULE: WasmModuleSpec = {
  files: { simd: 'saline-sha2-simd.wasm', baseline: 'saline-sha2.wasm' },
  url(simd) {
    if (!(import.meta as { url?: string } | undefined)?.url) return undefined;
    return simd ? new URL('../../wasm/saline-sha2-simd.wasm', import.meta.url) : new URL('../../wasm/saline-sha2.wasm', import.meta.url);
  },
  families: ['sha2'],
};
