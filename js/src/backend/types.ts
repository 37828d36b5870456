/**
 * The contract between Saline's TypeScript API and its two backends: the
 * native Node addon (crates/saline-node) and WebAssembly (crates/saline-wasm).
 *
 * A backend knows no algorithm. It forwards an operation code, a catalog id,
 * byte-string and number arguments and an output buffer to the Rust operation
 * table (crates/saline-ops: `call`, `Stream`), whose doc comments list, per
 * operation, what `bytes[i]`, `nums[i]` and the output are. The API layer
 * (src/*.ts) computes output sizes from the catalog and allocates `out`.
 */

import { ErrorCode, Op } from './generated.js';

/** The operation codes and error classes, generated from crates/saline-ops (`make js-tables`). */
export { ErrorCode, Op };

/** The message of `Backend.callInto`'s refusal (crates/saline-node `OVERLAP_REFUSED`). */
export const OVERLAP_REFUSED = 'out: must not overlap an input';

/** `Backend.scratch`: small output buffers the backend owns. */
export interface Scratch {
  /**
   * A private buffer of exactly `outLength` bytes for a `call`'s output, or
   * undefined when a fresh array is the cheaper target. Never handed to
   * user code.
   */
  view(outLength: number): Uint8Array | undefined;
  /** Zeroes the bytes of `view(outLength)` (a copied-out result's). */
  wipe(outLength: number): void;
}

/** What a backend throws: the API layer turns it into RangeError/TypeError/Error. */
export interface BackendError {
  code: ErrorCode;
  /** Rust's `Display` of the error, e.g. "nonce: expected 24 bytes, got 12". */
  message: string;
}

/** One entry of the Rust catalog (crates/saline/src/catalog.rs), as JSON. */
export interface CatalogEntry {
  id: number;
  name: string;
  aliases: string[];
  kind: 'hash' | 'xof' | 'mac' | 'cipher' | 'aead' | 'box' | 'signature' | 'key agreement' | 'kdf' | 'secretstream' | 'group' | 'utility';
  /** Allowed key lengths; null when the algorithm takes no key. */
  key: LengthRule | null;
  /** Allowed nonce / IV lengths; null when it takes none. */
  nonce: LengthRule | null;
  tagLength: number;
  /** Default output length (digest, tag, shared secret, signature). */
  outputLength: number;
  /** Largest output length; null for unbounded XOFs. */
  maxOutputLength: number | null;
  blockLength: number;
  tagPosition: 'prefix' | 'suffix';
  /** libsodium's named sizes without the family prefix (`{ SCALARBYTES: 32, ... }` for edwards25519); often empty. */
  constants: Record<string, number>;
  /** For 'group' and 'utility' entries, which no generic entry point serves: their libsodium functions. Empty otherwise. */
  operations: CatalogOperation[];
}

/** One libsodium function of a group or utility entry (saline_ops::OPERATIONS). */
export interface CatalogOperation {
  /** The function's name without the entry's prefix: 'add', 'scalar_mul', 'scalarmult_base_noclamp', 'increment'. */
  name: string;
  /** libsodium's full name: 'crypto_core_ed25519_add'. */
  function: string;
  /** The operation code to call with the entry's id. */
  op: number;
  /** Numbers the operation takes before the caller's own (the clamp flag of crypto_scalarmult_ed25519). */
  nums: number[];
}

/** A length rule, as Rust's `Expected`: exactly one of these shapes. */
export type LengthRule =
  | { exactly: number }
  | { min: number; max: number | null }
  | { multipleOf: number }
  | { oneOf: number[] };

/** An opaque streaming-state handle (a number in WebAssembly, an object natively). */
export type StreamHandle = unknown;

export interface Backend {
  readonly name: 'native' | 'wasm';
  /**
   * The algorithm families this backend holds, when it holds only some: the
   * SHA-2 WebAssembly module's `['sha2']` (src/sha2.ts). Undefined for a
   * backend with every algorithm.
   */
  readonly families?: readonly string[];
  /** The catalog, read once from Rust at load. */
  readonly catalog: readonly CatalogEntry[];
  /** The core's backend registry as JSON (saline_ops::backends_json), where the backend exports it. */
  readonly backendsJson?: () => string;
  /**
   * Runs one operation. `bytes[i] === null` omits an optional argument.
   * Writes into `out` (sized by the caller) and returns the bytes written.
   * Throws a BackendError.
   */
  call(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], out: Uint8Array): number;
  /**
   * `call` into an `out` the caller gave, where an input overlapping `out`
   * is refused before anything is written: a BackendError of code Range
   * whose message is `OVERLAP_REFUSED`. Backends without it leave that check
   * to the API (call.ts `callInto`).
   */
  readonly callInto?: (op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], out: Uint8Array) => number;
  /**
   * `call` into `out` through copies of the inputs, with `out` written only
   * once the call succeeded, so that it may overlap an input; where the
   * backend can take this call so (native: the arena, for small calls).
   * Returns undefined, having run nothing, where it cannot. Throws what
   * `call` throws.
   */
  readonly callCopying?: (op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], out: Uint8Array) => number | undefined;
  /**
   * True when `call` reads copies of the inputs (made before anything is
   * written) and writes `out` only when the call succeeds (WebAssembly:
   * through linear memory), so an `out` that overlaps an input is
   * harmless and a failed call leaves it as it was.
   */
  readonly copiesInputs?: boolean;
  /**
   * Private buffers for small outputs that the API copies out at once and
   * then wipes (native.ts says when and why). Not for `callAsync`.
   */
  readonly scratch?: Scratch;
  /**
   * `call` that allocates the output itself and returns a new array of
   * exactly the bytes written, where the backend can copy them straight out
   * of its own memory (WebAssembly: one `slice` of linear memory, instead of
   * a zeroed array filled byte by byte and then trimmed). Throws what
   * `call` throws. Not for `callAsync`.
   */
  readonly callCopy?: (op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number) => Uint8Array;
  /**
   * The same on a worker thread (native: the libuv pool; wasm: a worker or,
   * where none is available, a resolved microtask). Inputs are copied first.
   * Resolves with the output bytes.
   */
  callAsync(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number): Promise<Uint8Array>;
  /**
   * BLAKE3 of `bytes` = [data, key, context] (Op.Hash's output, `outLength`
   * bytes) with its parts on several threads at once (wasm-blake3.ts), or
   * undefined where this backend does not split this input (then
   * `callAsync` of Op.Hash runs it as one job). Inputs are copied first;
   * rejects as `callAsync` does.
   */
  readonly blake3Async?: (bytes: readonly [Uint8Array, Uint8Array | null, Uint8Array | null], outLength: number) => Promise<Uint8Array> | undefined;
  /** A hash (bytes: [key?, salt?, personal?, context?], nums: [outLen]) or MAC (bytes: [key]) stream. */
  streamNew(alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[]): StreamHandle;
  streamUpdate(handle: StreamHandle, data: Uint8Array): void;
  /** Writes the digest into `out`, resets the stream, returns the length. */
  streamDigest(handle: StreamHandle, out: Uint8Array): number;
  streamClone(handle: StreamHandle): StreamHandle;
  streamReset(handle: StreamHandle): void;
  /** Frees the state (wipes keyed state). Idempotent. */
  streamFree(handle: StreamHandle): void;
}
