/**
 * The call ABI of crates/saline-wasm, seen from JS (the ABI itself is in
 * that crate's README): the module's exports, the limits a call must keep,
 * how much shadow stack is wiped after which call, the checks every byte
 * argument passes, and the one import the module needs
 * (`env.saline_random_fill`). The instance that uses them is
 * wasm-instance.ts; wasm-load.ts makes it.
 */
import { ErrorCode, type BackendError, type CatalogEntry, type Op } from './types.js';
import { bufferOf, byteLengthOf, byteOffsetOf, dataViewBuffer, dataViewLength, dataViewOffset, isDetachedBuffer, isView, lengthOf, typedArrayTag } from '../intrinsics.js';
import { nodeBuiltin } from './builtins.js';

/** The raw exports of crates/saline-wasm. Pointers are i32: read them `>>> 0`. */
export interface Exports {
  readonly memory: WebAssembly.Memory;
  saline_io_reserve(len: number): number;
  saline_io_shrink(len: number): number;
  /** Zeroes the first `ioLen` bytes of the I/O buffer and the `stackLen` bytes below the shadow stack's top (both clamped). */
  saline_wipe(ioLen: number, stackLen: number): void;
  saline_call(op: number, alg: number, descriptor: number): number;
  /**
   * `saline_call` for at most two byte arguments and one number, passed as
   * parameters instead of a descriptor (crates/saline-wasm/src/abi.rs);
   * absent from modules built before it, where `call` writes descriptors.
   */
  saline_call2?(op: number, alg: number, nBytes: number, aOffset: number, aLen: number, bOffset: number, bLen: number, nNums: number, num: number, outOffset: number, outCapacity: number): number;
  /** `saline_call2` for at most four byte arguments and two numbers (absent from older modules too). */
  saline_call4?(
    op: number, alg: number, nBytes: number,
    aOffset: number, aLen: number, bOffset: number, bLen: number, cOffset: number, cLen: number, dOffset: number, dLen: number,
    nNums: number, numA: number, numB: number, outOffset: number, outCapacity: number,
  ): number;
  saline_error_code(): number;
  saline_error_ptr(): number;
  saline_error_len(): number;
  saline_stream_new(alg: number, descriptor: number): number;
  saline_stream_update(handle: number, offset: number, len: number): number;
  saline_stream_digest(handle: number, offset: number, capacity: number): number;
  saline_stream_clone(handle: number): number;
  saline_stream_reset(handle: number): number;
  saline_stream_free(handle: number): void;
  saline_catalog_ptr(): number;
  saline_catalog_len(): number;
  saline_out_of_memory(): number;
  saline_backends_ptr(): number;
  saline_backends_len(): number;
  /** The shadow stack pointer: between calls, the top of the stack (crates/saline-wasm/build.rs). */
  readonly __stack_pointer?: WebAssembly.Global;
}

/** Op.Hash, Op.Mac, Op.MacVerify, Op.StreamXor, Op.AeadSeal, Op.AeadOpen, Op.Blake3Part and Op.Blake3Join (types.ts): literals, so this file needs no runtime import; their types make the compiler check each value. */
export const OP_HASH: Op.Hash = 1;
export const OP_MAC: Op.Mac = 2;
export const OP_MAC_VERIFY: Op.MacVerify = 3;
export const OP_STREAM_XOR: Op.StreamXor = 4;
export const OP_AEAD_SEAL: Op.AeadSeal = 7;
export const OP_AEAD_OPEN: Op.AeadOpen = 8;
export const OP_BLAKE3_PART: Op.Blake3Part = 9;
export const OP_BLAKE3_JOIN: Op.Blake3Join = 10;
export const NULL_LEN = 0xffffffff;
/** Byte arguments / numbers a descriptor may carry (crates/saline-wasm MAX_BYTES / MAX_NUMS). */
export const MAX_BYTES = 8;
const MAX_NUMS = 8;
/** After a call that needed more than this, the I/O buffer is freed and a small one reserved. */
export const SHRINK_ABOVE = 16 * 1024 * 1024;
/**
 * Linear memory only grows. Once it is above this and no stream lives in
 * it, the instance is replaced by a fresh one from the same module, so that
 * one 256 MiB call (or 200,000 forgotten hashers, once collected) does not
 * pin that much memory for the life of the page. 80 MiB keeps the memory of
 * an Argon2 hash of m = 64 MiB (RFC 9106 §4's second option, OWASP's and
 * argon2-cffi's default, libsodium's INTERACTIVE limit) for the next one, as
 * the native build keeps its arena (kdf/argon2_rust.rs): with 32 MiB every
 * such call grew and faulted in its 64 MiB again on a fresh instance
 * (Node, t = 3, p = 4: about 300 ms a call through the API against 230 for
 * the export alone). The arena is wiped before it is freed.
 */
export const RECREATE_ABOVE = 80 * 1024 * 1024;
/**
 * The most one call may lay out in the I/O buffer (inputs, output and
 * descriptor): a Rust Vec on wasm32 holds at most 2^31 − 1 bytes. Larger
 * data goes through the streaming API, which copies 1 MiB at a time.
 */
export const MAX_CALL_BYTES = 0x7fff0000;
/**
 * Shadow stack cleared after a call that touched a secret (the stack is
 * free between calls; see crates/saline-wasm/src/wiping.rs), by class: the
 * measured deepest op of the class plus a margin of at least a fifth. The
 * wipe was a flat 24 KiB (32 KiB after asymmetric ops), about 0.35 µs of
 * Poly1305's 0.45 µs overhead at 32 bytes (DESIGN "WebAssembly: per-call
 * cost"). js/test/hostile-wasm.test.mjs paints the stack before each module
 * call, reads the true depth before this wipe, and fails if the wipe left
 * any byte the call reached; its diagnostics print the depths. Deepest op
 * per class, SIMD / baseline builds:
 * - one-shot hashes and MACs (Hash 1, Mac 2, MacVerify 3) using at most
 *   SMALL_CALL_IO bytes of I/O, every HMAC and keyed hash of the API
 *   measured at 100 B and at that limit: HMAC-SHA3-384 3,976 / 3,976 B,
 *   HMAC-SHA3-512 3,784, keyed BLAKE3 of 4 KiB 3,456 / 3,440 (and in
 *   derive-key mode), HMAC-SHA3-224 3,368, HMAC-SHA3-256 and
 *   HMAC-Keccak-256 3,320, the SHA-2, BLAKE2, MD and Whirlpool HMACs
 *   2,496 or less, keyed BLAKE2b and BLAKE2s with salt and
 *   personalization 1,024 and 776; so 5 KiB (a fifth over is 4,771). It
 *   was 8 KiB while saline-ops ran Op.Mac inside `call_full`
 *   (HMAC-SHA3-256 then 5,672 B);
 * - every other call (ciphers, AEADs, curves, NaCl, KDFs, secretstream),
 *   whatever its size: Argon2Hash and Argon2Verify 9,472 / 8,448 B
 *   (Argon2 9,344 with m = 64 or 4096 KiB, AES-CTR 6,400); AEADs do not
 *   grow with the message (AES-GCM 4,160 B at 32 B and 1 MiB);
 * - keyed streams (`streamNew` builds the Hasher/Mac enum): 20,848 /
 *   19,200 B; and larger hash/MAC calls, because BLAKE3's subtree recursion
 *   grows about 430 B per doubling of the input (keyed BLAKE3 9,700 B at
 *   1 MiB, 12,292 B at 64 MiB, so about 14.5 KiB at the 2 GiB call limit).
 *   From 4 KiB of input on, the hash itself costs microseconds, so the
 *   deeper wipe's 0.1-0.2 µs no longer shows.
 */
export const STACK_WIPE_SMALL_HASH_MAC = 5 * 1024;
export const STACK_WIPE_CALL = 16 * 1024;
export const STACK_WIPE_DEEP = 24 * 1024;
/**
 * Calls of one op and algorithm, by op code and catalog name, that stay far
 * below their class's deepest, with a wipe of their own under the same
 * rule (the measured depth plus at least a fifth). A hash or MAC op's entry
 * applies to its small calls only (SMALL_CALL_IO); larger ones keep
 * STACK_WIPE_DEEP.
 * - Poly1305's one-shot MAC (Op.Mac, Op.MacVerify): 520 B in both builds
 *   with a 32-byte or 1 MiB message, so 768 B (a fifth over is 624). It
 *   was 2,872 B (3.5 KiB wiped, about 25 ns of a 32-byte call) while
 *   saline-ops ran it inside `call_full`, whose frame, every other
 *   operation inlined, reserved 2,448 B on entry; `call_symmetric` now
 *   runs ops 2-8 out of it (crates/saline-ops/src/lib.rs).
 * - The stream ciphers' keystream calls (Op.StreamXor, what tweetnacl's
 *   crypto_stream and the `xsalsa20`-style functions run): their depth does
 *   not grow with the message (measured at 32, 64, 65, 256 B, 4 KiB and
 *   1 MiB, SIMD / baseline builds): Salsa20 and XSalsa20 1,984 / 1,920 B,
 *   so 2.5 KiB (a fifth over is 2,381); ChaCha20 and XChaCha20 3,680 /
 *   3,664 B, so 4.5 KiB (4,416).
 *   (4,336 and 6,032 B inside `call_full`.)
 * - The AEADs' one-shot seal and open (Op.AeadSeal, Op.AeadOpen), those
 *   of the public API (aead.ts): AES-256-GCM the deepest, 4,160 / 4,144 B,
 *   with or without associated data, at 32 B and 1 MiB (XSalsa20-Poly1305
 *   2,832, the ChaCha20 and AEGIS ones 2,616), so 5 KiB (a fifth over is
 *   4,992) for all of them, where their class wipes 16 KiB. (6,496 B for
 *   AES-GCM inside `call_full`.) The catalog's other AEAD entries, which
 *   libsodium's API runs through its own ops, keep the class's wipe.
 * hostile-wasm.test.mjs calls each entry on both builds (the stream
 * ciphers from 32 B to 1 MiB, the AEADs sealing and opening at 32 B and
 * 1 MiB): an entry added here needs its cases there. Only
 * the full module's spec uses the table (wasm-full.ts `callWipes`): the
 * SHA-2 module has none of these algorithms, and its pages do not ship it.
 */
export const STACK_WIPE_BY_OP_ALGORITHM: readonly (readonly [op: number, algorithm: string, bytes: number])[] = [
  [OP_MAC, 'poly1305', 768],
  [OP_MAC_VERIFY, 'poly1305', 768],
  [OP_STREAM_XOR, 'salsa20', 2.5 * 1024],
  [OP_STREAM_XOR, 'xsalsa20', 2.5 * 1024],
  [OP_STREAM_XOR, 'chacha20', 4.5 * 1024],
  [OP_STREAM_XOR, 'xchacha20', 4.5 * 1024],
  // Written out, not generated: a call here would keep the table (and
  // this call) in pages that never use it, such as the SHA-2 module's.
  [OP_AEAD_SEAL, 'aes-gcm', 5 * 1024],
  [OP_AEAD_OPEN, 'aes-gcm', 5 * 1024],
  [OP_AEAD_SEAL, 'chacha20-poly1305', 5 * 1024],
  [OP_AEAD_OPEN, 'chacha20-poly1305', 5 * 1024],
  [OP_AEAD_SEAL, 'xchacha20-poly1305', 5 * 1024],
  [OP_AEAD_OPEN, 'xchacha20-poly1305', 5 * 1024],
  [OP_AEAD_SEAL, 'xsalsa20-poly1305', 5 * 1024],
  [OP_AEAD_OPEN, 'xsalsa20-poly1305', 5 * 1024],
  [OP_AEAD_SEAL, 'aegis-128l', 5 * 1024],
  [OP_AEAD_OPEN, 'aegis-128l', 5 * 1024],
  [OP_AEAD_SEAL, 'aegis-256', 5 * 1024],
  [OP_AEAD_OPEN, 'aegis-256', 5 * 1024],
];
/** By op code, then catalog id: a call's own stack wipe, or 0 (or past the end) for its class's. */
export type CallWipesById = readonly (Uint16Array | undefined)[];
/** STACK_WIPE_BY_OP_ALGORITHM by op code and catalog id (wasm-instance.ts `callWipe`). */
export function callWipesById(catalog: readonly CatalogEntry[]): CallWipesById {
  const ids = catalog.reduce((end, e) => Math.max(end, e.id + 1), 0);
  const byOp: (Uint16Array | undefined)[] = [];
  for (const [op, name, bytes] of STACK_WIPE_BY_OP_ALGORITHM) {
    const e = catalog.find((x) => x.name === name);
    if (e !== undefined) (byOp[op] ??= new Uint16Array(ids))[e.id] = bytes;
  }
  return byOp;
}
/** I/O bytes (inputs, key, output) up to which a hash/MAC call is "small". */
export const SMALL_CALL_IO = 4 * 1024;
/** Ops (types.ts Op) below this code are the one-shot hashes and MACs: Hash 1, Mac 2, MacVerify 3. */
export const FIRST_NON_HASH_OP = 4;
export const SMALL_IO = 64 * 1024;
/** Stream updates are copied through the I/O buffer in pieces of at most this. */
export const UPDATE_CHUNK = 1024 * 1024;
/** crypto.getRandomValues fills at most 65536 bytes per call. */
const RANDOM_CHUNK = 65536;

/** A BackendError thrown by this side of the ABI (the addon throws its own). */
export class WasmBackendError extends Error implements BackendError {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'BackendError';
  }
}

/** "argument 2" for a position, else the name itself: built only for a message, never per call. */
const argumentName = (what: string | number): string => (typeof what === 'number' ? `argument ${what}` : what);

/**
 * The argument as a genuine Uint8Array over exactly its bytes, or a
 * TypeError: not a typed array or DataView, or over a detached buffer (which
 * reads as length 0). Other typed arrays and DataViews are taken as their bytes.
 */
export function checkBytes(value: unknown, what: string | number): Uint8Array {
  const tag = typedArrayTag(value);
  if (tag === 'Uint8Array') {
    if (lengthOf(value) === 0 && isDetachedBuffer(bufferOf(value))) throw new TypeError(`saline: ${argumentName(what)} is a view of a detached ArrayBuffer`);
    return value as Uint8Array;
  }
  let buffer: ArrayBufferLike, offset: number, length: number;
  if (tag !== undefined) {
    [buffer, offset, length] = [bufferOf(value), byteOffsetOf(value), byteLengthOf(value)];
  } else if (isView(value)) {
    [buffer, offset, length] = [dataViewBuffer(value), dataViewOffset(value), dataViewLength(value)];
  } else {
    throw new TypeError(`saline: ${argumentName(what)} must be a Uint8Array`);
  }
  if (length === 0 && isDetachedBuffer(buffer)) throw new TypeError(`saline: ${argumentName(what)} is a view of a detached ArrayBuffer`);
  return new Uint8Array(buffer, offset, length);
}

/**
 * The argument arrays of one call: at most MAX_BYTES byte arguments and
 * MAX_NUMS numbers, what a descriptor carries (checked the same way for a
 * call here and a job for the worker, so both throw the same TypeError).
 */
export function checkArgumentCounts(bytes: readonly (Uint8Array | null)[], nums: readonly number[]): void {
  if (!Array.isArray(bytes) || bytes.length > MAX_BYTES) throw new TypeError(`saline: at most ${MAX_BYTES} byte arguments`);
  if (!Array.isArray(nums) || nums.length > MAX_NUMS) throw new TypeError(`saline: at most ${MAX_NUMS} numeric arguments`);
}

type Env = { crypto?: { getRandomValues<T extends ArrayBufferView>(array: T): T } };

function randomSource(): Env['crypto'] {
  const web = (globalThis as Env).crypto;
  if (web && typeof web.getRandomValues === 'function') return web;
  // Node 18 without the global: node:crypto's webcrypto.
  return nodeBuiltin<{ webcrypto?: Env['crypto'] }>('node:crypto')?.webcrypto;
}

/**
 * `crypto.getRandomValues` and its receiver, looked up once, when the first
 * instance is made (module load), never per call: a page that replaces
 * `crypto.getRandomValues` afterwards (or a wrapper around it) cannot make
 * key generation return what it chooses. Null where there is none: every
 * call that needs randomness then fails with a System error, never a fallback.
 */
let capturedRandom: { fill: (array: Uint8Array) => unknown; receiver: unknown } | null | undefined;

function capturedRandomSource(): NonNullable<typeof capturedRandom> | null {
  if (capturedRandom === undefined) {
    const source = randomSource();
    const fill = source?.getRandomValues;
    capturedRandom = typeof fill === 'function' ? { fill: fill as (array: Uint8Array) => unknown, receiver: source } : null;
  }
  return capturedRandom;
}

/** The import object: `env.saline_random_fill`, bound to the memory once instantiated. */
export function makeImports(): { imports: WebAssembly.Imports; bind(memory: WebAssembly.Memory): void } {
  let memory: WebAssembly.Memory | undefined;
  const random = capturedRandomSource();
  const imports = {
    env: {
      saline_random_fill(ptr: number, len: number): number {
        try {
          if (!random || !memory) return 1;
          const start = ptr >>> 0;
          const end = start + (len >>> 0);
          if (end > memory.buffer.byteLength) return 1;
          for (let at = start; at < end; at += RANDOM_CHUNK) {
            Reflect.apply(random.fill, random.receiver, [new Uint8Array(memory.buffer, at, Math.min(RANDOM_CHUNK, end - at))]);
          }
          return 0;
        } catch {
          return 1;
        }
      },
    },
  };
  return { imports, bind: (m) => void (memory = m) };
}

/**
 * Whether `b` is a view of a SharedArrayBuffer: in a job, only ever the
 * staging copy of `blake3.async` (wasm-blake3.ts), which its owner wipes
 * when it held a secret, and which the next call may already be using by
 * the time a worker's reply has been read. (Every other job input is a
 * copy `jobOf` made in a plain ArrayBuffer.)
 */
export function isShared(b: Uint8Array): boolean {
  return typeof SharedArrayBuffer === 'function' && b.buffer instanceof SharedArrayBuffer;
}
