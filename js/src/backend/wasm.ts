/**
 * The WebAssembly backend: a hand-written loader over the raw ABI of
 * crates/saline-wasm (no wasm-bindgen; the ABI is in that crate's README).
 *
 * Every one-shot call is one crossing: the inputs, an output region and a
 * small descriptor are written into the module's single reusable I/O buffer,
 * `saline_call(op, alg, descriptorOffset)` runs, and the output is copied out
 * into the caller's `out`.
 *
 * Loading. Two builds ship in js/wasm/: saline-simd.wasm (SIMD128) and
 * saline.wasm (baseline); `WebAssembly.validate` on a tiny SIMD module picks
 * one at load time.
 *  - Node, Deno and Bun (the builds of export conditions `node`, `deno`,
 *    `bun`): `loadWasmSync()` reads the file synchronously and instantiates
 *    synchronously, so nothing needs awaiting. The file is `SALINE_WASM_DIR`
 *    when set, else the package's own `wasm/`, two directories up from this
 *    module in every build (host.ts). `node:fs` comes from builtins.ts,
 *    which the Node builds import statically (so ESM works on Node 18 and
 *    20.0-20.15, which lack `process.getBuiltinModule`) and the others
 *    never import.
 *  - Browsers (conditions `browser`, `default`): `loadWasm(source?)`
 *    fetches and compiles asynchronously (`WebAssembly.instantiateStreaming`,
 *    falling back to `arrayBuffer()` + `instantiate` when the server's MIME
 *    type is wrong). The default URL is
 *    `new URL('../../wasm/<file>', import.meta.url)`: the layout of
 *    dist/esm/*.js, and the literal pattern bundlers (Vite, webpack 5)
 *    recognise as an asset.
 *  - Cloudflare Workers (condition `workerd`): compiling from bytes is
 *    forbidden, so that build imports saline-simd.wasm as a module
 *    (bundled-wasm-workerd.ts) and instantiates the compiled module.
 *  - Anywhere: `ready({ wasm })` takes a URL, a Response, the bytes or a
 *    compiled module (WasmSource). A compile refused by a
 *    Content-Security-Policy or by the embedder is rethrown saying what to
 *    allow (explainCompileError).
 *
 * Wiping. Linear memory is readable by anything that holds the Memory
 * object, and the I/O buffer keeps whatever the last call left in it. So the
 * used region (inputs, output, descriptor) is zeroed after every call, except
 * unkeyed hashing (Op.Hash with no key argument) and stream updates: those
 * are the hot path for small messages, where the wipe would cost a visible
 * share of the call, and their contents are the message and digest, which
 * Saline does not treat as key material (keys, passwords and KDF/AEAD/box
 * inputs and outputs always go through wiped calls). Keyed streams (MACs,
 * keyed BLAKE) wipe after `streamNew` (the key) and `streamDigest` (the tag).
 *
 * callAsync (the KDFs' `.async`): runs in a worker, so the caller's event
 * loop stays free. The worker script is wasm-worker.ts, bundled by
 * scripts/build.mjs into a string (`__SALINE_WASM_WORKER__`) that is
 * started inline: `new Worker(code, { eval: true })` from node:worker_threads
 * in Node (reached like node:fs, never imported statically), a Worker on a
 * Blob URL in browsers (classic, or module where only those exist). Inline
 * rather than a second built file because nothing has to locate it: it works
 * from dist/esm, dist/cjs and any bundle of them, with no bundler setup. The
 * worker gets this thread's compiled `WebAssembly.Module` by postMessage
 * (no second fetch or compile) and instantiates it with the same
 * `env.saline_random_fill`. See `WorkerPool` below for the rest: lazily
 * started, at most min(2, cores) workers, requests matched by id, results
 * and BackendErrors `{ code, message }` exactly as `call` gives them.
 * Where no worker can run (no Worker constructor, a Content-Security-Policy
 * without `worker-src blob:`, the unbundled src/ without the injected
 * script, or a worker that fails to start), callAsync computes on the
 * calling thread and returns a settled promise (the contract's fallback):
 * correct, but blocking for the duration; after `ready({ requireWorker:
 * true })` (`requireWorker` below) the pool rejects those jobs instead,
 * saying why no worker started (the unbundled src/ excepted: it has no
 * worker script at all).
 */
import { ErrorCode, type Backend, type BackendError, type CatalogEntry, type Op, type StreamHandle } from './types.js';
import type { WorkerReply, WorkerRequest } from './wasm-worker.js';
import { bufferOf, byteLengthOf, byteOffsetOf, dataViewBuffer, dataViewLength, dataViewOffset, isDetachedBuffer, isView, lengthOf, typedArrayTag } from '../intrinsics.js';
import { nodeBuiltin } from './builtins.js';
import { envVar, isNode, moduleUrl } from './host.js';

/** The raw exports of crates/saline-wasm. Pointers are i32: read them `>>> 0`. */
interface Exports {
  readonly memory: WebAssembly.Memory;
  saline_io_reserve(len: number): number;
  saline_io_shrink(len: number): number;
  saline_io_wipe(len: number): void;
  saline_call(op: number, alg: number, descriptor: number): number;
  /**
   * `saline_call` for at most two byte arguments and one number, passed as
   * parameters instead of a descriptor (crates/saline-wasm/src/abi.rs);
   * absent from modules built before it, where `call` writes descriptors.
   */
  saline_call2?(op: number, alg: number, nBytes: number, aOffset: number, aLen: number, bOffset: number, bLen: number, nNums: number, num: number, outOffset: number, outCapacity: number): number;
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

export const WASM_SIMD_FILE = 'saline-simd.wasm';
export const WASM_BASELINE_FILE = 'saline.wasm';

/** Op.Hash (types.ts); a literal so this file needs no runtime import. */
const OP_HASH = 1;
const NULL_LEN = 0xffffffff;
/** Byte arguments / numbers a descriptor may carry (crates/saline-wasm MAX_BYTES / MAX_NUMS). */
const MAX_BYTES = 8;
const MAX_NUMS = 8;
/** After a call that needed more than this, the I/O buffer is freed and a small one reserved. */
const SHRINK_ABOVE = 16 * 1024 * 1024;
/**
 * Linear memory only grows. Once it is above this and no stream lives in
 * it, the instance is replaced by a fresh one from the same module, so that
 * one 256 MiB call (or 200,000 forgotten hashers, once collected) does not
 * pin that much memory for the life of the page.
 */
const RECREATE_ABOVE = 32 * 1024 * 1024;
/**
 * The most one call may lay out in the I/O buffer (inputs, output and
 * descriptor): a Rust Vec on wasm32 holds at most 2^31 − 1 bytes. Larger
 * data goes through the streaming API, which copies 1 MiB at a time.
 */
const MAX_CALL_BYTES = 0x7fff0000;
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
 *   SMALL_CALL_IO bytes of I/O: keyed BLAKE3 of 4 KiB 6,512 / 6,432 B, of
 *   100 B 5,696 (HMAC-SHA3-256 6,248, HMAC-SHA-256 4,080, Poly1305 3,392);
 * - every other call (ciphers, AEADs, curves, NaCl, KDFs, secretstream),
 *   whatever its size: Argon2Hash 11,648 / 11,584 B (Argon2 11,136 with
 *   m = 64 or 4096 KiB, ChaCha20/CTR 8,432); AEADs do not grow with the
 *   message (AES-GCM 5,632 B at 100 B and 1 MiB);
 * - keyed streams (`streamNew` builds the Hasher/Mac enum): 20,848 /
 *   19,200 B; and larger hash/MAC calls, because BLAKE3's subtree recursion
 *   grows about 430 B per doubling of the input (keyed BLAKE3 9,700 B at
 *   1 MiB, 12,292 B at 64 MiB, so about 14.5 KiB at the 2 GiB call limit).
 *   From 4 KiB of input on, the hash itself costs microseconds, so the
 *   deeper wipe's 0.1-0.2 µs no longer shows.
 */
export const STACK_WIPE_SMALL_HASH_MAC = 8 * 1024;
export const STACK_WIPE_CALL = 16 * 1024;
export const STACK_WIPE_DEEP = 24 * 1024;
/** I/O bytes (inputs, key, output) up to which a hash/MAC call is "small". */
const SMALL_CALL_IO = 4 * 1024;
/** Ops (types.ts Op) below this code are the one-shot hashes and MACs: Hash 1, Mac 2, MacVerify 3. */
const FIRST_NON_HASH_OP = 4;
const SMALL_IO = 64 * 1024;
/** Stream updates are copied through the I/O buffer in pieces of at most this. */
const UPDATE_CHUNK = 1024 * 1024;
/** crypto.getRandomValues fills at most 65536 bytes per call. */
const RANDOM_CHUNK = 65536;

/** `(func (result v128) i32.const 0 i8x16.splat i8x16.popcnt)`: valid only where SIMD128 is. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/**
 * Whether the SIMD128 build is used: where the engine runs it, unless
 * SALINE_WASM_SIMD=0 asks for the baseline build (tests run every suite on
 * both; an environment read that a sandbox refuses counts as unset).
 */
export function wasmSimdSupported(): boolean {
  if (envVar('SALINE_WASM_SIMD') === '0') return false;
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** The file the loader picks on this engine. */
export function wasmFileName(simd = wasmSimdSupported()): string {
  return simd ? WASM_SIMD_FILE : WASM_BASELINE_FILE;
}

class WasmBackendError extends Error implements BackendError {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'BackendError';
  }
}

type Env = {
  process?: {
    env?: Record<string, string | undefined>;
    versions?: { node?: string };
    getBuiltinModule?: (id: string) => unknown;
  };
  crypto?: { getRandomValues<T extends ArrayBufferView>(array: T): T };
};

function randomSource(): Env['crypto'] {
  const web = (globalThis as Env).crypto;
  if (web && typeof web.getRandomValues === 'function') return web;
  // Node 18 without the global: node:crypto's webcrypto.
  return nodeBuiltin<{ webcrypto?: Env['crypto'] }>('node:crypto')?.webcrypto;
}


/** "argument 2" for a position, else the name itself: built only for a message, never per call. */
const argumentName = (what: string | number): string => (typeof what === 'number' ? `argument ${what}` : what);

/**
 * The argument as a genuine Uint8Array over exactly its bytes, or a
 * TypeError: not a typed array or DataView, or over a detached buffer (which
 * reads as length 0). Other typed arrays and DataViews are taken as their bytes.
 */
function checkBytes(value: unknown, what: string | number): Uint8Array {
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
function makeImports(): { imports: WebAssembly.Imports; bind(memory: WebAssembly.Memory): void } {
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

const utf8 = /* @__PURE__ */ new TextDecoder();


/**
 * A Backend over an instance made with `makeImports()`. `module` is what
 * the instance was made from: callAsync hands it to the worker, and a fresh
 * instance is made from it when the memory should shrink or after a trap.
 */
function backendOver(instance: WebAssembly.Instance, bind: (memory: WebAssembly.Memory) => void, module?: WebAssembly.Module): Backend {
  let x = instance.exports as unknown as Exports;
  bind(x.memory);

  let heap = new Uint8Array(x.memory.buffer);
  let view = new DataView(x.memory.buffer);
  /** Address and size of the I/O buffer. */
  let io = 0;
  let ioSize = 0;
  /** The top of the shadow stack (the stack pointer between calls); 0 if the module does not export it. */
  let stackTop = 0;
  /** Live stream handles, and those of keyed streams (their digests are wiped). */
  const live = new Set<number>();
  const keyed = new Set<number>();
  /** Set while a call runs: the instance is not re-entrant (see `enter`). */
  let busy = false;
  /** Whether the module has `saline_call2` (short calls without a descriptor). */
  let short = typeof x.saline_call2 === 'function';

  function adopt(next: WebAssembly.Instance): void {
    x = next.exports as unknown as Exports;
    short = typeof x.saline_call2 === 'function';
    heap = new Uint8Array(x.memory.buffer);
    view = new DataView(x.memory.buffer);
    io = 0;
    ioSize = 0;
    stackTop = (x.__stack_pointer?.value as number | undefined) ?? 0;
    live.clear();
    keyed.clear();
  }
  stackTop = (x.__stack_pointer?.value as number | undefined) ?? 0;

  /**
   * Replaces the instance by a fresh one from the same module: linear
   * memory cannot shrink, and after a trap the old one's state is unknown.
   * Synchronous where the engine allows it; otherwise (a browser's main
   * thread may refuse) the swap happens once the new instance is ready, if
   * the old one is still idle and streamless then.
   */
  function recreate(): void {
    if (!module) return;
    const fresh = makeImports();
    const swap = (next: WebAssembly.Instance): void => {
      fresh.bind((next.exports as unknown as Exports).memory);
      adopt(next);
    };
    try {
      swap(new WebAssembly.Instance(module, fresh.imports));
    } catch {
      void WebAssembly.instantiate(module, fresh.imports).then(
        (next) => {
          if (!busy && live.size === 0) swap(next);
        },
        () => undefined,
      );
    }
  }

  /** After a call: a fresh instance when memory grew large and no stream pins it. */
  function maybeShrink(): void {
    if (ioSize > SHRINK_ABOVE) shrink();
    if (live.size !== 0) return;
    // `heap` follows the memory (refresh replaces it once a grow detached
    // it), and its length is cheaper to read than `memory.buffer`'s.
    refresh();
    if (heap.byteLength > RECREATE_ABOVE) recreate();
  }

  /**
   * Entry to the instance. A call that re-enters it (a random source or a
   * getter that calls back into Saline while a call is running) would
   * overwrite the I/O buffer under the running call: refused.
   */
  function enter(): void {
    if (busy) throw new Error('saline: re-entrant call into the WebAssembly backend (a callback called Saline while a Saline call was running)');
    busy = true;
  }

  /**
   * A trap out of the module (`RuntimeError`): with panic=abort that is an
   * allocation failure or a bug. The instance's state is unknown either way,
   * so it is replaced (open streams are lost), and the error says which.
   */
  function trapped(error: unknown): Error {
    if (!(error instanceof WebAssembly.RuntimeError)) return error instanceof Error ? error : new Error(String(error));
    let outOfMemory = false;
    try {
      outOfMemory = x.saline_out_of_memory() === 1;
    } catch {
      // The flag is unreadable only if the module itself is broken.
    }
    // The aborted call never freed (so never wiped) what it held: clear all
    // of the old memory before letting it go. Elsewhere the allocator wipes
    // on free and `wipe` clears the I/O buffer, so a shrink needs no sweep.
    refresh();
    heap.fill(0);
    recreate();
    if (outOfMemory) {
      return new WasmBackendError(
        ErrorCode.Range,
        `out of memory: the WebAssembly instance could not grow for this call (${x.memory.buffer.byteLength >>> 20} MiB after reset); ` +
          'use smaller inputs or cost parameters, or stream large data; open streams were lost',
      );
    }
    return new Error(`saline: internal error in the WebAssembly backend (${error.message}); the instance was reset and open streams were lost`, { cause: error });
  }

  /** Re-creates the views after memory.grow (which detaches the old buffer: length 0). */
  function refresh(): void {
    if (heap.byteLength === 0) {
      heap = new Uint8Array(x.memory.buffer);
      view = new DataView(x.memory.buffer);
    }
  }

  function reserve(size: number): void {
    if (size <= ioSize) return;
    const ptr = size <= MAX_CALL_BYTES ? x.saline_io_reserve(size) >>> 0 : 0;
    if (ptr === 0) {
      ioSize = 0;
      throw new WasmBackendError(ErrorCode.Range, `input: ${size} bytes do not fit in WebAssembly memory (stream large data in pieces instead)`);
    }
    io = ptr;
    // The module rounds up to 64 KiB; track what was asked (always <= the real size).
    ioSize = Math.max(size, SMALL_IO);
    refresh();
  }

  /** Frees a huge I/O buffer (wiped by the module) and reserves a small one. */
  function shrink(): void {
    io = x.saline_io_shrink(SMALL_IO) >>> 0;
    ioSize = io === 0 ? 0 : SMALL_IO;
  }

  /** Zeroes the I/O bytes a call used and the shadow stack its frames used. */
  function wipe(used: number, stackBytes: number): void {
    refresh();
    heap.fill(0, io, io + used);
    if (stackTop > stackBytes) heap.fill(0, stackTop - stackBytes, stackTop);
  }

  function lastError(): WasmBackendError {
    refresh();
    const ptr = x.saline_error_ptr() >>> 0;
    const len = x.saline_error_len() >>> 0;
    const message = utf8.decode(heap.subarray(ptr, ptr + len));
    return new WasmBackendError(x.saline_error_code() as ErrorCode, message);
  }

  /** Scratch for `place`: the validated inputs and their lengths; and its results. */
  const inputs: (Uint8Array | null)[] = new Array<Uint8Array | null>(MAX_BYTES).fill(null);
  const lengths = new Float64Array(MAX_BYTES);
  let outOffset = 0;
  let used = 0;

  /**
   * Checks the byte arguments and copies them into the I/O buffer back to
   * back from offset 0, followed by an output region of `outLength` bytes;
   * `descriptorBytes` more are reserved after the next multiple of 8 (0 for
   * `saline_call2`). Returns where those start, and sets `outOffset`,
   * `used` (bytes of the I/O buffer written) and `lengths` (each input's
   * length, NULL_LEN for an omitted one). Lengths come from the intrinsic
   * getter, and the arithmetic stays exact past 2^32 (no bitwise operators
   * on sizes), so a layout above MAX_CALL_BYTES is a RangeError, never a
   * wrapped offset. Allocation-free.
   */
  function place(bytes: readonly (Uint8Array | null)[], count: number, outLength: number, descriptorBytes: number): number {
    let total = 0;
    for (let i = 0; i < count; i++) {
      const b = bytes[i];
      const u = b === null || b === undefined ? null : checkBytes(b, i);
      inputs[i] = u;
      const n = u === null ? 0 : lengthOf(u);
      lengths[i] = u === null ? NULL_LEN : n;
      total += n;
    }
    outOffset = total;
    total += outLength;
    const descriptor = total + ((8 - (total % 8)) % 8);
    used = descriptorBytes === 0 ? total : descriptor + descriptorBytes;
    if (used > MAX_CALL_BYTES) {
      inputs.fill(null);
      throw new WasmBackendError(ErrorCode.Range, `input: one call's inputs and output total ${total} bytes; the WebAssembly backend takes at most ${MAX_CALL_BYTES} (stream large data in pieces instead)`);
    }
    reserve(used);
    refresh();
    const h = heap;
    for (let i = 0, at = io; i < count; i++) {
      const u = inputs[i]!;
      if (u !== null) {
        const n = lengths[i]!;
        // set() costs a call (about 20 ns); a byte loop costs more from about 8 bytes on (measured at 32: 55 ns).
        if (n > 8) h.set(u, at);
        else for (let j = 0; j < n; j++) h[at + j] = u[j]!;
        at += n;
        inputs[i] = null;
      }
    }
    return descriptor;
  }

  /**
   * Lays out the inputs, an output region of `outLength` bytes and the
   * descriptor (crates/saline-wasm/README.md) in the I/O buffer; returns the
   * descriptor's offset (see `place` for the rest).
   */
  function layout(bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number): number {
    if (!Array.isArray(bytes) || bytes.length > MAX_BYTES) throw new TypeError(`saline: at most ${MAX_BYTES} byte arguments`);
    if (!Array.isArray(nums) || nums.length > MAX_NUMS) throw new TypeError(`saline: at most ${MAX_NUMS} numeric arguments`);
    const count = bytes.length;
    const descriptor = place(bytes, count, outLength, 4 + 8 * count + 4 + 8 * nums.length + 8);
    let at = 0;
    let d = io + descriptor;
    view.setUint32(d, count, true);
    d += 4;
    for (let i = 0; i < count; i++) {
      const n = lengths[i]!;
      view.setUint32(d, n === NULL_LEN ? 0 : at, true);
      view.setUint32(d + 4, n, true);
      if (n !== NULL_LEN) at += n;
      d += 8;
    }
    view.setUint32(d, nums.length, true);
    d += 4;
    for (let i = 0; i < nums.length; i++) {
      const n = nums[i];
      view.setFloat64(d, typeof n === 'number' ? n : NaN, true);
      d += 8;
    }
    view.setUint32(d, outOffset, true);
    view.setUint32(d + 4, outLength, true);
    return descriptor;
  }

  /**
   * Runs `op` through `saline_call2` (no descriptor) when the arguments fit
   * it (at most two byte arguments and one number), else `saline_call`.
   */
  function invoke(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number): number {
    if (short && Array.isArray(bytes) && bytes.length <= 2 && Array.isArray(nums) && nums.length <= 1) {
      const count = bytes.length;
      place(bytes, count, outLength, 0);
      const a = count > 0 ? lengths[0]! : NULL_LEN;
      const b = count > 1 ? lengths[1]! : NULL_LEN;
      const num = nums.length === 1 ? nums[0] : 0;
      try {
        return x.saline_call2!(op >>> 0, alg >>> 0, count, 0, a, a === NULL_LEN ? 0 : a, b, nums.length, typeof num === 'number' ? num : NaN, outOffset, outLength);
      } catch (error) {
        throw trapped(error);
      }
    }
    const descriptor = layout(bytes, nums, outLength);
    try {
      return x.saline_call(op >>> 0, alg >>> 0, descriptor);
    } catch (error) {
      throw trapped(error);
    }
  }

  /**
   * Copies `n` bytes at I/O offset `from` into `target` (a loop beats
   * subarray+set when short). The caller has refreshed the views since the
   * module last ran (it may have grown the memory).
   */
  function copyOut(target: Uint8Array, from: number, n: number): void {
    const p = io + from;
    const h = heap;
    if (n > 64) target.set(h.subarray(p, p + n));
    else for (let j = 0; j < n; j++) target[j] = h[p + j]!;
  }

  /** A handle this instance gave out and has not freed (a stale one, even from before a reset, is refused). */
  function handleOf(handle: StreamHandle): number {
    if (typeof handle !== 'number' || !live.has(handle)) throw new TypeError('saline: not a live WebAssembly stream handle (freed, or lost when the instance was reset)');
    return handle;
  }

  function call(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], out: Uint8Array): number {
    const target = checkBytes(out, 'output');
    enter();
    let n = -1;
    let failure: WasmBackendError | undefined;
    try {
      n = invoke(op, alg, bytes, nums, lengthOf(target));
      const secret = (op as number) !== OP_HASH || (bytes.length > 1 && bytes[1] != null);
      refresh();
      if (n >= 0) copyOut(target, outOffset, n);
      else failure = lastError(); // before maybeShrink, which may replace the instance
      if (secret) wipe(used, (op as number) >= FIRST_NON_HASH_OP ? STACK_WIPE_CALL : used <= SMALL_CALL_IO ? STACK_WIPE_SMALL_HASH_MAC : STACK_WIPE_DEEP);
      maybeShrink();
    } finally {
      busy = false;
    }
    if (failure) throw failure;
    return n;
  }

  let catalog: CatalogEntry[];
  {
    const ptr = x.saline_catalog_ptr() >>> 0;
    const len = x.saline_catalog_len() >>> 0;
    refresh();
    catalog = JSON.parse(utf8.decode(heap.subarray(ptr, ptr + len))) as CatalogEntry[];
  }

  /** One job on this thread: the fallback where no worker runs. */
  function callHere(job: Job): Uint8Array {
    const out = new Uint8Array(job.outLength);
    try {
      const n = call(job.op as Op, job.alg, job.bytes, job.nums, out);
      if (n === out.length) return out;
      const result = out.slice(0, n);
      out.fill(0);
      return result;
    } catch (error) {
      out.fill(0);
      throw error;
    }
  }

  /** Runs `f` inside the instance: refuses re-entry, turns traps into errors. */
  function guarded<T>(f: () => T): T {
    enter();
    try {
      return f();
    } catch (error) {
      throw error instanceof WebAssembly.RuntimeError ? trapped(error) : error;
    } finally {
      busy = false;
    }
  }

  let pool: WorkerPool | undefined;

  /** The core's backend registry (saline_ops::backends_json), read like the catalog. */
  function backendsJson(): string {
    const ptr = x.saline_backends_ptr() >>> 0;
    const len = x.saline_backends_len() >>> 0;
    refresh();
    return utf8.decode(heap.subarray(ptr, ptr + len));
  }

  const backend: Backend = {
    name: 'wasm',
    catalog,
    backendsJson,
    call,
    callAsync(op, alg, bytes, nums, outLength): Promise<Uint8Array> {
      let job: Job;
      try {
        job = jobOf(op, alg, bytes, nums, outLength);
      } catch (error) {
        return Promise.reject(error);
      }
      const script = workerScript();
      if (script !== undefined && module !== undefined) {
        pool ??= new WorkerPool(module, script, callHere);
        const running = pool.run(job);
        if (running) return running;
      }
      try {
        return Promise.resolve(callHere(job));
      } catch (error) {
        return Promise.reject(error);
      } finally {
        wipeJob(job);
      }
    },
    streamNew(alg, bytes, nums): StreamHandle {
      const hasKey = bytes.some((b) => b != null);
      const h = guarded(() => {
        const handle = x.saline_stream_new(alg >>> 0, layout(bytes, nums, 0));
        wipe(used, hasKey ? STACK_WIPE_DEEP : 0);
        return handle;
      });
      if (h < 0) throw lastError();
      live.add(h);
      if (hasKey) keyed.add(h);
      return h;
    },
    streamUpdate(handle, data): void {
      const h = handleOf(handle);
      const input = checkBytes(data, 'data');
      const total = lengthOf(input);
      guarded(() => {
        reserve(Math.min(total, UPDATE_CHUNK));
        let at = 0;
        do {
          const n = Math.min(total - at, UPDATE_CHUNK);
          refresh();
          if (n > 0) heap.set(n === total ? input : input.subarray(at, at + n), io);
          if (x.saline_stream_update(h, 0, n) < 0) throw lastError();
          at += n;
        } while (at < total);
        // A keyed stream's state (an HMAC's padded keys, a keyed BLAKE's
        // chaining value) passes through the stack as it absorbs.
        if (keyed.has(h)) wipe(0, STACK_WIPE_DEEP);
      });
    },
    streamDigest(handle, out): number {
      const h = handleOf(handle);
      const target = checkBytes(out, 'output');
      const capacity = lengthOf(target);
      const n = guarded(() => {
        reserve(capacity);
        const written = x.saline_stream_digest(h, 0, capacity);
        refresh();
        if (written >= 0) copyOut(target, 0, written);
        if (keyed.has(h)) wipe(capacity, STACK_WIPE_DEEP);
        if (ioSize > SHRINK_ABOVE) shrink();
        return written;
      });
      if (n < 0) throw lastError();
      return n;
    },
    streamClone(handle): StreamHandle {
      const h = handleOf(handle);
      const copy = guarded(() => {
        const handle = x.saline_stream_clone(h);
        if (keyed.has(h)) wipe(0, STACK_WIPE_DEEP);
        return handle;
      });
      if (copy < 0) throw lastError();
      live.add(copy);
      if (keyed.has(h)) keyed.add(copy);
      return copy;
    },
    streamReset(handle): void {
      const h = handleOf(handle);
      const status = guarded(() => {
        const result = x.saline_stream_reset(h);
        if (keyed.has(h)) wipe(0, STACK_WIPE_DEEP);
        return result;
      });
      if (status < 0) throw lastError();
    },
    streamFree(handle): void {
      if (typeof handle !== 'number' || !live.has(handle)) return;
      guarded(() => {
        x.saline_stream_free(handle);
        if (keyed.has(handle)) wipe(0, STACK_WIPE_DEEP);
        live.delete(handle);
        keyed.delete(handle);
        // The stream's Drop wiped its state (WipingAllocator); the last one
        // freed may let a grown memory go.
        maybeShrink();
      });
    },
  };
  return backend;
}

// ---------------------------------------------------------------- callAsync's worker

/** The worker script (wasm-worker.ts, bundled), injected by scripts/build.mjs; undefined in unbundled src/. */
declare const __SALINE_WASM_WORKER__: string | undefined;

function workerScript(): string | undefined {
  return typeof __SALINE_WASM_WORKER__ === 'string' ? __SALINE_WASM_WORKER__ : undefined;
}

/** One callAsync: its own copies of the inputs (the caller may reuse or detach its buffers meanwhile). */
interface Job {
  op: number;
  alg: number;
  bytes: (Uint8Array | null)[];
  nums: number[];
  outLength: number;
}

/** Checks the arguments as `layout` does (same errors) and copies them. */
function jobOf(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number): Job {
  if (!Array.isArray(bytes) || bytes.length > MAX_BYTES) throw new TypeError(`saline: at most ${MAX_BYTES} byte arguments`);
  if (!Array.isArray(nums) || nums.length > MAX_NUMS) throw new TypeError(`saline: at most ${MAX_NUMS} numeric arguments`);
  if (!Number.isSafeInteger(outLength) || outLength < 0) throw new RangeError(`saline: invalid output length ${outLength}`);
  return {
    op: op >>> 0,
    alg: alg >>> 0,
    // new Uint8Array(view) copies (a Buffer's .slice() would not).
    bytes: bytes.map((b, i) => (b === null || b === undefined ? null : new Uint8Array(checkBytes(b, `argument ${i}`)))),
    nums: nums.map((n) => (typeof n === 'number' ? n : NaN)),
    outLength,
  };
}

/** Zeroes a job's copies of passwords, salts and keys once it is settled. */
function wipeJob(job: Job): void {
  for (const b of job.bytes) b?.fill(0);
}

/** What the pool needs of a worker, in Node or in a browser. */
interface Channel {
  post(message: WorkerRequest): void;
  /** Node: keep the process alive while jobs are pending (ref), not when idle (unref). */
  hold(busy: boolean): void;
  terminate(): void;
}

interface ChannelEvents {
  message(reply: WorkerReply): void;
  failure(error: Error): void;
}

interface NodeWorker {
  on(event: string, listener: (value: never) => void): unknown;
  postMessage(message: unknown): void;
  terminate(): Promise<number>;
  ref(): void;
  unref(): void;
}

type NodeWorkerThreads = { Worker: new (code: string, options: { eval: true; name?: string; execArgv?: string[] }) => NodeWorker };

type WebEnv = {
  Worker?: new (url: string, options?: { name?: string; type?: 'classic' | 'module' }) => Worker;
  Blob?: typeof Blob;
  URL?: typeof URL;
};

/**
 * Starts one worker running `script`; undefined where there is no Worker.
 * Throws when the constructor refuses (the pool then stops trying).
 */
function openChannel(script: string, events: ChannelEvents): Channel | undefined {
  if ((globalThis as Env).process?.versions?.node) {
    const threads = nodeBuiltin<NodeWorkerThreads>('node:worker_threads');
    if (typeof threads?.Worker !== 'function') return undefined;
    // execArgv: [] so that the parent's process-wide flags (which a worker
    // may refuse) are not inherited; the script needs none.
    const worker = new threads.Worker(script, { eval: true, name: 'saline-wasm', execArgv: [] });
    worker.on('message', (reply: WorkerReply) => events.message(reply));
    worker.on('error', (error: unknown) => events.failure(error instanceof Error ? error : new Error(String(error))));
    worker.on('messageerror', () => events.failure(new Error('saline: a message from the WebAssembly worker could not be read')));
    worker.on('exit', (code: number) => events.failure(new Error(`saline: the WebAssembly worker exited (code ${code})`)));
    worker.unref();
    return {
      post: (message) => worker.postMessage(message),
      hold: (busy) => (busy ? worker.ref() : worker.unref()),
      terminate: () => void worker.terminate().catch(() => undefined),
    };
  }
  const web = globalThis as WebEnv;
  if (typeof web.Worker !== 'function' || typeof web.Blob !== 'function' || typeof web.URL?.createObjectURL !== 'function') return undefined;
  const url = web.URL.createObjectURL(new web.Blob([script], { type: 'text/javascript' }));
  let revoked = false;
  const revoke = (): void => {
    if (!revoked) web.URL!.revokeObjectURL(url);
    revoked = true;
  };
  let worker: Worker;
  try {
    worker = new web.Worker(url, { name: 'saline-wasm' });
  } catch {
    try {
      // Runtimes with module workers only (Deno): the script is valid as either.
      worker = new web.Worker(url, { name: 'saline-wasm', type: 'module' });
    } catch (error) {
      revoke();
      throw error;
    }
  }
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    revoke(); // loaded: the URL is no longer needed
    events.message(event.data);
  };
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    revoke();
    events.failure(new Error(`saline: the WebAssembly worker failed${event.message ? `: ${event.message}` : ''}`));
  };
  worker.onmessageerror = () => events.failure(new Error('saline: a message from the WebAssembly worker could not be read'));
  return {
    post: (message) => worker.postMessage(message),
    hold: () => undefined,
    terminate: () => {
      revoke();
      worker.terminate();
    },
  };
}

/** A worker that is starting or ready, and how many jobs it holds. */
interface Slot {
  channel: Channel;
  ready: boolean;
  load: number;
  timer?: ReturnType<typeof setTimeout>;
}

interface Pending {
  job: Job;
  slot: Slot;
  resolve(out: Uint8Array): void;
  reject(error: unknown): void;
}

/** A worker that has not said 'ready' by then counts as failed to start. */
const START_TIMEOUT_MS = 30_000;

/** Every live pool, for `terminateWasmWorkers`. */
const pools = /* @__PURE__ */ new Set<WorkerPool>();

/** `ready({ requireWorker: true })`: `.async` rejects rather than run on the calling thread. */
let workerRequired = false;

/** Sets whether `.async` must run in a worker (see `ready`). */
export function requireWorker(required: boolean): void {
  workerRequired = required;
}

/** The rejection of a job that would otherwise run on the calling thread. */
function noWorkerError(reason: Error | undefined): Error {
  return new Error(
    'saline: `.async` could not start a WebAssembly worker' +
      (reason ? ` (${reason.message})` : ' (this runtime has no Worker)') +
      ' and `ready({ requireWorker: true })` forbids running it on the calling thread. ' +
      'Under a Content-Security-Policy, allow `worker-src blob:`.',
    { cause: reason },
  );
}

/** min(2, cores): KDFs are heavy; more workers would compete with the caller's own threads. */
function poolSize(): number {
  let cores: number | undefined;
  if ((globalThis as Env).process?.versions?.node) {
    const os = nodeBuiltin<{ availableParallelism?(): number; cpus(): unknown[] }>('node:os');
    cores = os ? (os.availableParallelism?.() ?? os.cpus().length) : undefined;
  } else {
    cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
  }
  return Math.max(1, Math.min(2, cores || 1));
}

function errorFromReply(reply: Extract<WorkerReply, { type: 'error' }>): Error {
  if (reply.code !== null) return new WasmBackendError(reply.code as ErrorCode, reply.message);
  const Kind = reply.name === 'TypeError' ? TypeError : reply.name === 'RangeError' ? RangeError : Error;
  const error = new Kind(reply.message);
  if (Kind === Error && reply.name !== 'Error') error.name = reply.name; // e.g. RuntimeError (a trap)
  return error;
}

/**
 * callAsync's workers for one module. Started lazily, up to `poolSize()`:
 * a job goes to the least loaded worker, and a new one starts only while
 * all are busy. Requests carry ids; replies settle them in any order. In
 * Node a worker is unref'd while idle (it never keeps the process alive) and
 * ref'd while it holds jobs (an awaited job does). A worker that fails to
 * start disables the pool and its jobs run here instead; one that dies
 * later rejects its jobs and is replaced on the next call.
 */
class WorkerPool {
  private slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private canStart = true;
  /** Why the last worker failed to start (for the requireWorker rejection). */
  private startError: Error | undefined;
  private readonly size = poolSize();

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly script: string,
    private readonly callHere: (job: Job) => Uint8Array,
  ) {
    pools.add(this);
  }

  /**
   * Posts the job; undefined when no worker can take it (run it here), or a
   * rejection then when a worker is required.
   */
  run(job: Job): Promise<Uint8Array> | undefined {
    const slot = this.pick();
    if (!slot) {
      if (!workerRequired) return undefined;
      wipeJob(job);
      return Promise.reject(noWorkerError(this.startError));
    }
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { job, slot, resolve, reject });
      if (slot.load++ === 0) slot.channel.hold(true);
      try {
        slot.channel.post({ type: 'job', id, ...job });
      } catch (error) {
        // DataCloneError and the like: the worker never saw it.
        this.settle(id, (p) => p.reject(error));
      }
    });
  }

  /** Ends every worker; their pending jobs reject. The next call starts afresh. */
  terminate(): void {
    for (const slot of this.slots.slice()) this.drop(slot, new Error('saline: the WebAssembly worker was terminated'), true);
  }

  private pick(): Slot | undefined {
    let best: Slot | undefined;
    for (const slot of this.slots) if (!best || slot.load < best.load) best = slot;
    if ((!best || best.load > 0) && this.canStart && this.slots.length < this.size) best = this.start() ?? best;
    return best;
  }

  private start(): Slot | undefined {
    let slot: Slot | undefined;
    let channel: Channel | undefined;
    try {
      channel = openChannel(this.script, {
        message: (reply) => slot && this.onReply(slot, reply),
        failure: (error) => slot && this.drop(slot, error),
      });
    } catch (error) {
      // A CSP without `worker-src blob:` refuses here in Chromium (a SecurityError).
      this.startError = error instanceof Error ? error : new Error(String(error));
      channel = undefined;
    }
    if (!channel) {
      this.canStart = false;
      return undefined;
    }
    slot = { channel, ready: false, load: 0 };
    const timer = setTimeout(() => slot && !slot.ready && this.drop(slot, new Error('saline: the WebAssembly worker did not start')), START_TIMEOUT_MS);
    (timer as { unref?(): void }).unref?.();
    slot.timer = timer;
    this.slots.push(slot);
    try {
      channel.post({ type: 'init', module: this.module });
    } catch (error) {
      this.drop(slot, error instanceof Error ? error : new Error(String(error)));
      return undefined;
    }
    return slot;
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    switch (reply.type) {
      case 'ready':
        slot.ready = true;
        clearTimeout(slot.timer);
        return;
      case 'init-error':
        this.drop(slot, new Error(`saline: the WebAssembly worker could not instantiate the module: ${reply.message}`));
        return;
      case 'done':
        this.settle(reply.id, (p) => p.resolve(reply.out));
        return;
      case 'error':
        this.settle(reply.id, (p) => p.reject(errorFromReply(reply)));
        return;
    }
  }

  /** Removes a pending job, updates its worker's load, wipes its inputs, then `then`. */
  private settle(id: number, then: (p: Pending) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (--p.slot.load === 0) p.slot.channel.hold(false);
    try {
      then(p);
    } finally {
      wipeJob(p.job);
    }
  }

  /**
   * Ends a worker (failed, exited, or `terminated` by us). Its jobs: if it
   * failed to start, they run here and no more workers start; else they reject.
   */
  private drop(slot: Slot, error: Error, terminated = false): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    clearTimeout(slot.timer);
    slot.channel.terminate();
    const failedToStart = !slot.ready && !terminated;
    if (failedToStart) {
      this.canStart = false;
      this.startError = error;
    }
    for (const [id, p] of [...this.pending]) {
      if (p.slot !== slot) continue;
      if (failedToStart && workerRequired) {
        this.settle(id, (q) => q.reject(noWorkerError(error)));
      } else if (failedToStart) {
        this.settle(id, (q) => {
          try {
            q.resolve(this.callHere(q.job));
          } catch (failure) {
            q.reject(failure);
          }
        });
      } else {
        const reason = terminated ? error : new Error(`saline: the WebAssembly worker stopped before finishing (${error.message})`, { cause: error });
        this.settle(id, (q) => q.reject(reason));
      }
    }
    if (this.slots.length === 0 && this.pending.size === 0 && !this.canStart) pools.delete(this);
  }
}

/**
 * Terminates the workers behind the WebAssembly backend's callAsync (their
 * pending jobs reject). Safe to call any time, repeatedly; a later
 * `.async(...)` starts a new worker. Node never needs it (idle workers are
 * unref'd); a page may call it to free their memory.
 */
export function terminateWasmWorkers(): void {
  for (const pool of pools) pool.terminate();
}


// ---------------------------------------------------------------- loading

/**
 * Where the module comes from: a URL (fetched; a file: URL is read in
 * Node), a Response or a promise of one (e.g. `fetch(url)`), the bytes, or
 * a compiled `WebAssembly.Module` (what Cloudflare Workers give for a
 * `.wasm` import, since they forbid compiling from bytes).
 */
export type WasmSource = string | URL | Response | PromiseLike<Response> | BufferSource | WebAssembly.Module;

/**
 * The error of a refused compile, explained. Engines word it differently:
 * Chromium "Refused to compile or instantiate WebAssembly module because
 * 'unsafe-eval' is not an allowed source of script in the following Content
 * Security Policy directive", Firefox "... blocked by CSP", Safari "Refused
 * to create a WebAssembly object because 'unsafe-eval' or
 * 'wasm-unsafe-eval' is not an allowed source of script"; V8 embedders that
 * forbid code generation (workerd) "Wasm code generation disallowed by
 * embedder". Anything else is returned unchanged.
 */
export function explainCompileError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (/Content Security Policy|unsafe-eval|\bCSP\b/.test(message)) {
    return new Error(
      "saline: the Content-Security-Policy forbids compiling WebAssembly. Allow it with `script-src 'wasm-unsafe-eval'` " +
        "(CSP Level 3; Chrome 97+, Firefox 102+, Safari 16+; older browsers need 'unsafe-eval'); " +
        `\`.async\` also needs \`worker-src blob:\` to run off the main thread. (${message})`,
      { cause: error },
    );
  }
  if (/disallowed by embedder/.test(message)) {
    return new Error(
      'saline: this runtime forbids compiling WebAssembly from bytes (Cloudflare Workers / workerd). ' +
        "Import saline through its `workerd` export condition (wrangler sets it), or pass the module your bundler gives for " +
        "`import wasm from 'saline/wasm/saline-simd.wasm'` to `ready({ wasm })`. " +
        `(${message})`,
      { cause: error },
    );
  }
  return error;
}

function explained<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw explainCompileError(error);
  }
}

async function explainedAsync<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw explainCompileError(error);
  }
}

function isModule(source: unknown): source is WebAssembly.Module {
  return typeof WebAssembly.Module === 'function' && source instanceof WebAssembly.Module;
}

function isBufferSource(source: unknown): source is BufferSource {
  return source instanceof ArrayBuffer || ArrayBuffer.isView(source) || (typeof SharedArrayBuffer === 'function' && source instanceof SharedArrayBuffer);
}

/** A Response, also from another realm (a polyfill, an iframe, undici's own class). */
function isResponse(source: unknown): source is Response {
  if (typeof Response === 'function' && source instanceof Response) return true;
  const r = source as Partial<Response> | null;
  return typeof r === 'object' && r !== null && typeof r.arrayBuffer === 'function' && typeof r.headers === 'object' && typeof r.ok === 'boolean';
}

/** A backend over `source`: wasm bytes or a compiled module (synchronous instantiation). */
export function createWasmBackend(source: BufferSource | WebAssembly.Module): Backend {
  const module = isModule(source) ? source : explained(() => new WebAssembly.Module(source));
  const { imports, bind } = makeImports();
  return backendOver(
    explained(() => new WebAssembly.Instance(module, imports)),
    bind,
    module,
  );
}

/** The same, instantiating asynchronously (browsers forbid large synchronous compiles). */
async function createWasmBackendAsync(source: BufferSource | WebAssembly.Module): Promise<Backend> {
  const module = isModule(source) ? source : await explainedAsync(() => WebAssembly.compile(source));
  const { imports, bind } = makeImports();
  return backendOver(await explainedAsync(() => WebAssembly.instantiate(module, imports)), bind, module);
}

type Fs = { readFileSync(path: string | URL): Uint8Array; existsSync(path: string | URL): boolean };

/**
 * The wasm file in Node (and Deno and Bun), or undefined elsewhere. Looks at
 * `SALINE_WASM_DIR` when set, then the package's own `wasm/` directory
 * (`../../wasm/` from this module in every build: see host.ts). Throws when
 * Node cannot find or read it.
 */
function readWasmFileSync(file: string): Uint8Array | undefined {
  if (!isNode()) return undefined;
  const fs = nodeBuiltin<Fs>('node:fs');
  if (!fs) return undefined;
  const places: (string | URL)[] = [];
  const dir = envVar('SALINE_WASM_DIR');
  if (dir) places.push(dir.replace(/[\\/]+$/, '') + '/' + file);
  const base = moduleUrl();
  if (base?.startsWith('file:')) places.push(new URL('../../wasm/' + file, base));
  const tried: string[] = [];
  for (const place of places) {
    const name = place instanceof URL ? place.href : place;
    try {
      if (fs.existsSync(place)) return fs.readFileSync(place);
      tried.push(name);
    } catch (error) {
      // A permission sandbox (Deno without --allow-read) refuses the read.
      tried.push(`${name} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  throw new Error(
    `saline: ${file} not found (looked at ${tried.join(', ') || 'no location: this build does not know its own URL'}); ` +
      'set SALINE_WASM_DIR to the directory that holds it, or load it yourself with `await ready({ wasm })` ' +
      '(a URL, a Response, the bytes or a WebAssembly.Module)',
  );
}

/**
 * Loads the WebAssembly backend synchronously: in Node (reads the file next
 * to the package and instantiates at once), or from `source` anywhere.
 * Returns undefined where loading must be awaited (browsers): use `loadWasm`.
 */
export function loadWasmSync(source?: BufferSource | WebAssembly.Module): Backend | undefined {
  if (source !== undefined) return createWasmBackend(source);
  const simd = wasmSimdSupported();
  const bytes = readWasmFileSync(wasmFileName(simd));
  return bytes ? createWasmBackend(bytes) : undefined;
}

function defaultUrl(simd: boolean): URL {
  const base = (import.meta as { url?: string } | undefined)?.url;
  if (!base) {
    throw new Error('saline: cannot locate the WebAssembly file from this build; pass it to `ready({ wasm })` (a URL, a Response, the bytes or a WebAssembly.Module)');
  }
  // Separate literals so that bundlers see (and copy) each asset.
  return simd ? new URL('../../wasm/saline-simd.wasm', import.meta.url) : new URL('../../wasm/saline.wasm', import.meta.url);
}

/**
 * Loads the WebAssembly backend asynchronously (browsers, workers, Deno)
 * from `source` (see WasmSource); without one, from the SIMD or baseline
 * file next to the package: read from disk in Node, fetched elsewhere and
 * compiled while it streams.
 */
export async function loadWasm(source?: WasmSource): Promise<Backend> {
  if (isModule(source) || isBufferSource(source)) return createWasmBackendAsync(source);
  const simd = wasmSimdSupported();
  if (source === undefined) {
    const bytes = readWasmFileSync(wasmFileName(simd));
    if (bytes) return createWasmBackendAsync(bytes);
  }
  let response: Response;
  if (isResponse(source)) {
    response = source;
  } else if (typeof (source as PromiseLike<Response> | undefined)?.then === 'function') {
    const settled: unknown = await source;
    if (!isResponse(settled)) throw new TypeError('saline: ready({ wasm }): the promise did not resolve to a Response');
    response = settled;
  } else if (source === undefined || typeof source === 'string' || (source as unknown) instanceof URL) {
    const url = source === undefined ? defaultUrl(simd) : new URL(source as string | URL, (globalThis as { location?: { href: string } }).location?.href);
    // Node's fetch refuses file: URLs; read them instead.
    if (url.protocol === 'file:' && isNode()) {
      const fs = nodeBuiltin<Fs>('node:fs');
      if (fs) return createWasmBackendAsync(fs.readFileSync(url));
    }
    response = await fetch(url);
  } else {
    throw new TypeError('saline: ready({ wasm }) takes a URL, a Response (or a promise of one), the bytes or a WebAssembly.Module');
  }
  if (!response.ok) throw new Error(`saline: fetching ${response.url || 'the WebAssembly file'} failed (HTTP ${response.status})`);
  const { imports, bind } = makeImports();
  // instantiateStreaming compiles while the bytes arrive, but only when the
  // server labels them application/wasm; otherwise compile from the bytes.
  const wasmType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim() === 'application/wasm';
  const { instance, module } = await explainedAsync(async () =>
    wasmType && typeof WebAssembly.instantiateStreaming === 'function'
      ? await WebAssembly.instantiateStreaming(response, imports)
      : await WebAssembly.instantiate(await response.arrayBuffer(), imports),
  );
  return backendOver(instance, bind, module);
}
