/**
 * One WebAssembly instance of crates/saline-wasm and its I/O buffer: how a
 * one-shot call lays out its inputs, output and descriptor, runs, copies
 * the output out and wipes what it used; and how the instance is replaced
 * when its memory grew large or after a trap. The stream calls
 * (wasm-streams.ts) use the same buffer and guards.
 *
 * Every one-shot call is one crossing: the inputs, an output region and a
 * small descriptor are written into the module's single reusable I/O buffer,
 * `saline_call(op, alg, descriptorOffset)` runs, and the output is copied out:
 * into the caller's `out` (`call`), or by one slice into a new array
 * (`callCopy`, what the allocating API functions use).
 *
 * Wiping. Linear memory is readable by anything that holds the Memory
 * object, and the I/O buffer keeps whatever the last call left in it. So the
 * used region (inputs, output, descriptor) is zeroed after every call, except
 * plain hashing (Op.Hash, and Op.Blake3Part of `blake3.async`, with no key,
 * derive-key context, salt or personalization) and stream updates: those
 * are the hot path for small messages, where the wipe would cost a visible
 * share of the call, and their contents are the message and digest, which
 * Saline does not treat as key material (keys, passwords and KDF/AEAD/box
 * inputs and outputs always go through wiped calls). Keyed streams (MACs,
 * keyed BLAKE) wipe after `streamNew` (the key) and `streamDigest` (the tag).
 */
import { ErrorCode, type CatalogEntry, type Op } from './types.js';
import {
  FIRST_NON_HASH_OP,
  MAX_BYTES,
  MAX_CALL_BYTES,
  NULL_LEN,
  OP_BLAKE3_PART,
  OP_HASH,
  RECREATE_ABOVE,
  SHRINK_ABOVE,
  SMALL_CALL_IO,
  SMALL_IO,
  STACK_WIPE_CALL,
  STACK_WIPE_DEEP,
  STACK_WIPE_SMALL_HASH_MAC,
  WasmBackendError,
  checkArgumentCounts,
  checkBytes,
  makeImports,
  type CallWipesById,
  type Exports,
} from './wasm-abi.js';
import type { Job } from './wasm-worker-pool.js';
import { lengthOf, typedArrayTag } from '../intrinsics.js';
import { copyBytesInto } from './copy.js';

const utf8 = /* @__PURE__ */ new TextDecoder();

/**
 * A module's short export beyond `saline_call2` (the full module's
 * `saline_call4`, wasm-call4.ts; the SHA-2 module has none, so its pages
 * do not ship this code): runs the call and returns the module's answer,
 * or undefined when the arguments do not fit it.
 */
export type ShortCall = (wasm: WasmInstance, op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number) => number | undefined;

/**
 * An instance made with `makeImports()`, and the state the calls share. `module` is what
 * the instance was made from: callAsync hands it to the worker, and a fresh
 * instance is made from it when the memory should shrink or after a trap.
 */
export class WasmInstance {
  exports!: Exports;
  heap!: Uint8Array;
  private view!: DataView;
  /** Address and size of the I/O buffer. */
  io = 0;
  ioSize = 0;
  /** `callCopy`'s output, between `crossing` and its return. */
  private copied: Uint8Array | undefined;
  /** Live stream handles, and those of keyed streams (their digests are wiped). */
  readonly live = new Set<number>();
  readonly keyed = new Set<number>();
  /** Set while a call runs: the instance is not re-entrant (see `enter`). */
  private busy = false;
  /** Whether the module has `saline_call2` (short calls without a descriptor). */
  private short = false;
  /** Scratch for `place`: the validated inputs and their lengths; and its results. */
  private readonly inputs: (Uint8Array | null)[] = new Array<Uint8Array | null>(MAX_BYTES).fill(null);
  readonly lengths = new Float64Array(MAX_BYTES);
  outOffset = 0;
  /** Bytes of the I/O buffer the last `place` or `layout` wrote. */
  used = 0;
  /**
   * By op code, then catalog id, the stack wipe of a call that has one of
   * its own (wasm-abi.ts STACK_WIPE_BY_OP_ALGORITHM, from the module's
   * WasmModuleSpec `callWipes`, set by the loader); an op or id it does not
   * list (0, or past the end) gets its class's.
   */
  callWipe: CallWipesById = [];

  constructor(
    instance: WebAssembly.Instance,
    bind: (memory: WebAssembly.Memory) => void,
    readonly module?: WebAssembly.Module,
    /** The module's own short export, if any (WasmModuleSpec.shortCall). */
    private readonly shortCall?: ShortCall,
  ) {
    bind((instance.exports as unknown as Exports).memory);
    this.adopt(instance);
  }

  private adopt(next: WebAssembly.Instance): void {
    const x = (this.exports = next.exports as unknown as Exports);
    this.short = typeof x.saline_call2 === 'function';
    this.heap = new Uint8Array(x.memory.buffer);
    this.view = new DataView(x.memory.buffer);
    this.io = 0;
    this.ioSize = 0;
    this.live.clear();
    this.keyed.clear();
  }

  /**
   * Replaces the instance by a fresh one from the same module: linear
   * memory cannot shrink, and after a trap the old one's state is unknown.
   * Synchronous where the engine allows it; otherwise (a browser's main
   * thread may refuse) the swap happens once the new instance is ready, if
   * the old one is still idle and streamless then.
   */
  private recreate(): void {
    const module = this.module;
    if (!module) return;
    const fresh = makeImports();
    const swap = (next: WebAssembly.Instance): void => {
      fresh.bind((next.exports as unknown as Exports).memory);
      this.adopt(next);
    };
    try {
      swap(new WebAssembly.Instance(module, fresh.imports));
    } catch {
      void WebAssembly.instantiate(module, fresh.imports).then(
        (next) => {
          if (!this.busy && this.live.size === 0) swap(next);
        },
        () => undefined,
      );
    }
  }

  /** After a call: a fresh instance when memory grew large and no stream pins it. */
  maybeShrink(): void {
    if (this.ioSize > SHRINK_ABOVE) this.shrink();
    if (this.live.size !== 0) return;
    // `heap` follows the memory (refresh replaces it once a grow detached
    // it), and its length is cheaper to read than `memory.buffer`'s.
    this.refresh();
    if (this.heap.length > RECREATE_ABOVE) this.recreate();
  }

  /**
   * Entry to the instance. A call that re-enters it (a random source or a
   * getter that calls back into Saline while a call is running) would
   * overwrite the I/O buffer under the running call: refused.
   */
  private enter(): void {
    if (this.busy) throw new Error('saline: re-entrant call into the WebAssembly backend (a callback called Saline while a Saline call was running)');
    this.busy = true;
  }

  /**
   * A trap out of the module (`RuntimeError`): with panic=abort that is an
   * allocation failure or a bug. The instance's state is unknown either way,
   * so it is replaced (open streams are lost), and the error says which.
   */
  trapped(error: unknown): Error {
    if (!(error instanceof WebAssembly.RuntimeError)) return error instanceof Error ? error : new Error(String(error));
    let outOfMemory = false;
    try {
      outOfMemory = this.exports.saline_out_of_memory() === 1;
    } catch {
      // The flag is unreadable only if the module itself is broken.
    }
    // The aborted call never freed (so never wiped) what it held: clear all
    // of the old memory before letting it go. Elsewhere the allocator wipes
    // on free and `wipe` clears the I/O buffer, so a shrink needs no sweep.
    this.refresh();
    this.heap.fill(0);
    this.recreate();
    if (outOfMemory) {
      return new WasmBackendError(
        ErrorCode.Range,
        `out of memory: the WebAssembly instance could not grow for this call (${this.exports.memory.buffer.byteLength >>> 20} MiB after reset); ` +
          'use smaller inputs or cost parameters, or stream large data; open streams were lost',
      );
    }
    return new Error(`saline: internal error in the WebAssembly backend (${error.message}); the instance was reset and open streams were lost`, { cause: error });
  }

  /**
   * Re-creates the views after memory.grow (which detaches the old buffer:
   * length 0). `length`, not `byteLength`: V8 inlines the one and calls a
   * builtin for the other (measured: 3 against 9 ns; three checks a call).
   */
  refresh(): void {
    if (this.heap.length === 0) {
      this.heap = new Uint8Array(this.exports.memory.buffer);
      this.view = new DataView(this.exports.memory.buffer);
    }
  }

  reserve(size: number): void {
    if (size <= this.ioSize) return;
    const ptr = size <= MAX_CALL_BYTES ? this.exports.saline_io_reserve(size) >>> 0 : 0;
    if (ptr === 0) {
      this.ioSize = 0;
      throw new WasmBackendError(ErrorCode.Range, `input: ${size} bytes do not fit in WebAssembly memory (stream large data in pieces instead)`);
    }
    this.io = ptr;
    // The module rounds up to 64 KiB; track what was asked (always <= the real size).
    this.ioSize = Math.max(size, SMALL_IO);
    this.refresh();
  }

  /** Frees a huge I/O buffer (wiped by the module) and reserves a small one. */
  shrink(): void {
    this.io = this.exports.saline_io_shrink(SMALL_IO) >>> 0;
    this.ioSize = this.io === 0 ? 0 : SMALL_IO;
  }

  /**
   * Zeroes the I/O bytes a call used and the `stackBytes` of shadow stack
   * below its top, which the call's frames used (the stack is empty between
   * calls). The module does both (`saline_wipe`, two memory.fill): one
   * WebAssembly call, where TypedArray.prototype.fill enters a C++ builtin
   * (measured alone: 80 bytes 6 against 15 ns, 3.5 KiB 60 against 77).
   * With the stack cleared by `heap.fill` after the module's I/O wipe, a
   * 32-byte Poly1305, keyed BLAKE2b or secretbox call took 3-10% longer.
   */
  wipe(used: number, stackBytes: number): void {
    this.exports.saline_wipe(used, stackBytes);
  }

  /** The module's error of the call that just failed. */
  lastError(): WasmBackendError {
    const x = this.exports;
    return new WasmBackendError(x.saline_error_code() as ErrorCode, this.readString(x.saline_error_ptr(), x.saline_error_len()));
  }

  /** UTF-8 text the module holds at `ptr` (the error, the catalog and backend JSON). */
  readString(ptr: number, len: number): string {
    this.refresh();
    const start = ptr >>> 0;
    return utf8.decode(this.heap.subarray(start, start + (len >>> 0)));
  }

  /** The catalog the module was built with. */
  catalog(): CatalogEntry[] {
    return JSON.parse(this.readString(this.exports.saline_catalog_ptr(), this.exports.saline_catalog_len())) as CatalogEntry[];
  }

  /** The core's backend registry (saline_ops::backends_json), read like the catalog. */
  backendsJson(): string {
    return this.readString(this.exports.saline_backends_ptr(), this.exports.saline_backends_len());
  }

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
  place(bytes: readonly (Uint8Array | null)[], count: number, outLength: number, descriptorBytes: number): number {
    const { inputs, lengths } = this;
    let total = 0;
    for (let i = 0; i < count; i++) {
      const b = bytes[i];
      let u: Uint8Array | null = null;
      let n = 0;
      if (b !== null && b !== undefined) {
        // A non-empty Uint8Array (every call's message and key) is checked
        // here, its length read once: it cannot be detached, which reads as
        // empty. checkBytes takes the rest (measured in the call: 8-19 ns).
        if (typedArrayTag(b) === 'Uint8Array' && (n = lengthOf(b)) > 0) u = b;
        else n = lengthOf((u = checkBytes(b, i)));
      }
      inputs[i] = u;
      lengths[i] = u === null ? NULL_LEN : n;
      total += n;
    }
    this.outOffset = total;
    total += outLength;
    const descriptor = total + ((8 - (total % 8)) % 8);
    const used = (this.used = descriptorBytes === 0 ? total : descriptor + descriptorBytes);
    if (used > MAX_CALL_BYTES) {
      inputs.fill(null);
      throw new WasmBackendError(ErrorCode.Range, `input: one call's inputs and output total ${total} bytes; the WebAssembly backend takes at most ${MAX_CALL_BYTES} (stream large data in pieces instead)`);
    }
    this.reserve(used);
    this.refresh();
    const h = this.heap;
    for (let i = 0, at = this.io; i < count; i++) {
      const u = inputs[i]!;
      if (u !== null) {
        const n = lengths[i]!;
        copyBytesInto(h, at, u, n);
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
  layout(bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number): number {
    checkArgumentCounts(bytes, nums);
    const count = bytes.length;
    const descriptor = this.place(bytes, count, outLength, 4 + 8 * count + 4 + 8 * nums.length + 8);
    const { lengths, view } = this;
    let at = 0;
    let d = this.io + descriptor;
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
    view.setUint32(d, this.outOffset, true);
    view.setUint32(d + 4, outLength, true);
    return descriptor;
  }

  /**
   * Runs `op` through `saline_call2` (no descriptor) when the arguments fit
   * it (at most two byte arguments and one number), through the module's
   * `shortCall` when that takes them (the full module's `saline_call4`,
   * wasm-call4.ts), else `saline_call`.
   */
  private invoke(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number): number {
    if (this.short && Array.isArray(bytes) && bytes.length <= 2 && Array.isArray(nums) && nums.length <= 1) {
      const count = bytes.length;
      this.place(bytes, count, outLength, 0);
      const a = count > 0 ? this.lengths[0]! : NULL_LEN;
      const b = count > 1 ? this.lengths[1]! : NULL_LEN;
      const num = nums.length === 1 ? nums[0] : 0;
      try {
        return this.exports.saline_call2!(op >>> 0, alg >>> 0, count, 0, a, a === NULL_LEN ? 0 : a, b, nums.length, typeof num === 'number' ? num : NaN, this.outOffset, outLength);
      } catch (error) {
        throw this.trapped(error);
      }
    }
    if (this.shortCall !== undefined) {
      const n = this.shortCall(this, op, alg, bytes, nums, outLength);
      if (n !== undefined) return n;
    }
    const descriptor = this.layout(bytes, nums, outLength);
    try {
      return this.exports.saline_call(op >>> 0, alg >>> 0, descriptor);
    } catch (error) {
      throw this.trapped(error);
    }
  }

  /**
   * Copies `n` bytes at I/O offset `from` into `target`: a loop up to 32
   * bytes, subarray+set above (measured in the call, `sha512.into` at 32
   * bytes: 663 ns with a 64-byte loop, 616 with set; `sha256.into` is the
   * same either way). The caller has refreshed the views since the module
   * last ran (it may have grown the memory).
   */
  copyOut(target: Uint8Array, from: number, n: number): void {
    const p = this.io + from;
    const h = this.heap;
    if (n > 32) target.set(h.subarray(p, p + n));
    else for (let j = 0; j < n; j++) target[j] = h[p + j]!;
  }

  /** `Backend.call`: one crossing, the output copied into `out`, secrets wiped. */
  call(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], out: Uint8Array): number {
    const target = checkBytes(out, 'output');
    return this.crossing(op, alg, bytes, nums, lengthOf(target), target);
  }

  /**
   * `Backend.callCopy`: `call`, but the output is copied out of linear
   * memory by one `slice` into a new array of exactly the bytes written. A
   * small one stays on the JS heap, and there is no zeroed `out` to fill
   * byte by byte and trim (measured at 32 bytes: 27 ns, against 41 ns for
   * `new Uint8Array(32)` and the copy loop). `slice` makes its result with
   * the species constructor, as call.ts's slices of the native scratch do;
   * anything that runs there runs inside `enter`, and the wipe follows in
   * `finally`.
   */
  callCopy(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number): Uint8Array {
    if (!Number.isSafeInteger(outLength) || outLength < 0) throw new RangeError(`saline: invalid output length ${outLength}`);
    this.crossing(op, alg, bytes, nums, outLength, null);
    const result = this.copied!;
    this.copied = undefined;
    return result;
  }

  /**
   * The one crossing behind `call` and `callCopy`: refuses re-entry, runs
   * the op, reads the output (into `target`; with none, sliced into
   * `copied`, an instance field so that no object is made per call) or the
   * module's error, then wipes and releases whatever happened (`afterCall`,
   * in `finally`). Returns the number of bytes written.
   */
  private crossing(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number, target: Uint8Array | null): number {
    this.enter();
    let n = -1;
    let failure: WasmBackendError | undefined;
    try {
      n = this.invoke(op, alg, bytes, nums, outLength);
      try {
        this.refresh();
        if (n < 0) failure = this.lastError(); // before maybeShrink, which may replace the instance
        else if (target !== null) this.copyOut(target, this.outOffset, n);
        else this.copied = this.heap.slice(this.io + this.outOffset, this.io + this.outOffset + n);
      } finally {
        this.afterCall(op, alg, bytes);
      }
    } finally {
      this.busy = false;
    }
    if (failure) throw failure;
    return n;
  }

  /**
   * After the module returned (the output read out, or the error): wipes
   * what a call that touched a secret used (see the comment at the top of
   * this file), then lets a grown memory go.
   */
  private afterCall(op: Op, alg: number, bytes: readonly (Uint8Array | null)[]): void {
    if (!(((op as number) === OP_HASH || (op as number) === OP_BLAKE3_PART) && !hasOption(bytes))) {
      const used = this.used;
      // The id the module ran (`invoke` passes alg >>> 0).
      const id = alg >>> 0;
      // 0, or undefined past the end of a row: none of its own.
      const own = this.callWipe[op]?.[id];
      this.wipe(used, (op as number) >= FIRST_NON_HASH_OP ? own || STACK_WIPE_CALL : used <= SMALL_CALL_IO ? own || STACK_WIPE_SMALL_HASH_MAC : STACK_WIPE_DEEP);
    }
    this.maybeShrink();
  }

  /** One job on this thread: the fallback where no worker runs. */
  callHere(job: Job): Uint8Array {
    return this.callCopy(job.op as Op, job.alg, job.bytes, job.nums, job.outLength);
  }

  /** Runs `f` inside the instance: refuses re-entry, turns traps into errors. */
  guarded<T>(f: () => T): T {
    this.enter();
    try {
      return f();
    } catch (error) {
      throw error instanceof WebAssembly.RuntimeError ? this.trapped(error) : error;
    } finally {
      this.busy = false;
    }
  }
}

/**
 * Whether a hash call has an option after its message: a key, or a
 * derive-key context (the message is then key material and the output a
 * key), or BLAKE2's salt or personalization; such a call is wiped as the
 * keyed streams are (wasm-streams.ts).
 */
function hasOption(bytes: readonly (Uint8Array | null)[]): boolean {
  for (let i = 1; i < bytes.length; i++) if (bytes[i] != null) return true;
  return false;
}
