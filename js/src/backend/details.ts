/**
 * Which implementation the Rust core uses for each primitive that has more
 * than one (crates/saline/src/backend/mod.rs): for example Poly1305 from
 * libsodium and AES-GCM from ring in the native addon, the pure-Rust ones in
 * WebAssembly. `SALINE_FORCE=poly1305:rustcrypto,...` in the environment
 * forces a choice in the native addon.
 */
import { getBackend } from './current.js';

/** One primitive of the core's backend registry. */
export interface BackendSelection {
  /** "poly1305", "salsa20", "xsalsa20poly1305", "chacha20poly1305", "xchacha20poly1305", "aes-gcm", "x25519". */
  primitive: string;
  /** The implementation in use ("libsodium", "ring", "rustcrypto", "dalek"). */
  selected: string;
  /** Every implementation compiled in and usable on this CPU, the default first. */
  available: string[];
  /** Whether SALINE_FORCE chose it. */
  forced: boolean;
}

/**
 * The JS backend ('native' or 'wasm') and the core's choice per primitive.
 * `primitives` is empty where the backend does not report it.
 */
export function backendDetails(): { name: 'native' | 'wasm'; primitives: BackendSelection[] } {
  const b = getBackend();
  return { name: b.name, primitives: b.backendsJson ? (JSON.parse(b.backendsJson()) as BackendSelection[]) : [] };
}
