/**
 * The one path from the API to a backend: allocate the output the catalog
 * sized, call, trim to the length written, and translate errors. Every
 * family goes through here, so none repeats the glue.
 */
import { getBackend } from './backend/current.js';
import { ErrorCode, OVERLAP_REFUSED, type Op } from './backend/types.js';
import { isBackendError, translate, type Renames } from './errors.js';
import { alloc, bytes as checkedBytes, isBytes, outputSize } from './input.js';
import { bufferOf, byteOffsetOf, lengthOf } from './intrinsics.js';

type Bytes = readonly (Uint8Array | null)[];

/** What a call is, for its error messages. */
export interface Where {
  /** The JS function, leading every message ("gcm.decrypt"). */
  readonly fn: string;
  /** The message of a failed tag or signature check. */
  readonly failure?: string;
  /** The core's parameter names this function spells differently. */
  readonly renames?: Renames;
}

/**
 * The output, trimmed to the length written. A shorter result (CBC
 * unpadding, a PHC string) is copied out and the larger buffer wiped, so
 * that no stale bytes hang off the returned array's buffer.
 */
function trimmed(out: Uint8Array<ArrayBuffer>, written: number): Uint8Array<ArrayBuffer> {
  if (written === out.length) return out;
  const result = out.slice(0, written);
  out.fill(0);
  return result;
}

/** Runs `op`; a failed verification gives null when `nullOnFailure`. */
function run(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[], outLength: number, nullOnFailure: boolean): Uint8Array<ArrayBuffer> | null {
  const backend = getBackend();
  const copy = backend.callCopy;
  if (copy !== undefined) {
    // The backend allocates the output (a new array over its own ArrayBuffer, as the result type says).
    outputSize(where.fn, 'output', outLength);
    try {
      return copy(op, alg, bytes, nums, outLength) as Uint8Array<ArrayBuffer>;
    } catch (error) {
      return failed(where, error, nullOnFailure);
    }
  }
  const small = backend.scratch;
  const scratch = small?.view(outLength);
  const out = scratch ?? alloc(where.fn, 'output', outLength);
  try {
    const written = backend.call(op, alg, bytes, nums, out);
    if (scratch === undefined) return trimmed(out as Uint8Array<ArrayBuffer>, written);
    // A copy (on the JS heap when small), then the backend's buffer wiped.
    const result = scratch.slice(0, written);
    small!.wipe(outLength);
    return result as Uint8Array<ArrayBuffer>;
  } catch (error) {
    out.fill(0);
    return failed(where, error, nullOnFailure);
  }
}

/** A failed call: null for a failed verification when `nullOnFailure`, else the translated error, thrown. */
function failed(where: Where, error: unknown, nullOnFailure: boolean): null {
  if (nullOnFailure && isBackendError(error) && error.code === ErrorCode.Verification) return null;
  throw translate(where.fn, error, where.failure, where.renames);
}

/** Runs `op`; on a failed verification returns null instead of throwing. */
export function callOrNull(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[], outLength: number): Uint8Array<ArrayBuffer> | null {
  return run(where, op, alg, bytes, nums, outLength, true);
}

/**
 * Runs `op` into the caller's `out`, which must be a Uint8Array of exactly
 * `outLength` bytes that overlaps none of the inputs (the native backend
 * reads the inputs while it writes `out`); returns `out`. Nothing is
 * allocated. On failure `out` is zeroed and the error thrown.
 */
export function callInto(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[], out: unknown, outLength: number): Uint8Array {
  if (!isBytes(out) || lengthOf(out) !== outLength) checkedBytes(where.fn, 'out', out, outLength); // throws, naming the problem
  const target = out as Uint8Array;
  const failed = attemptInto(where, op, alg, bytes, nums, target, true);
  if (failed === undefined) return target;
  const { error } = failed;
  // A refused overlap wrote nothing, and zeroing `out` would zero the input under it.
  if (!isOverlapRefusal(error)) target.fill(0);
  throw translate(where.fn, error, where.failure, where.renames);
}

/**
 * Runs `op` into `out`, which may overlap the inputs as NaCl's C functions
 * allow (crypto_stream_xor in place), and says whether it succeeded: false
 * when the backend reports one of `refusals` (a failed tag or signature
 * check, the C function's -1). Any other failure throws. On failure `out`
 * is left as it was, not zeroed: what those APIs promise.
 *
 * Where the backend reads copies of the inputs (`copiesInputs`:
 * WebAssembly; `callCopying`: the native addon's small calls, through its
 * arena) an overlap is harmless and nothing is checked. Otherwise the native
 * addon refuses an `out` that overlaps an input (it compares the pointers
 * it holds anyway); only then does the call go through a separate output,
 * copied into `out` on success and wiped. The check in JS, which this
 * replaces, read each array's `buffer` (a C++ builtin, ~16 ns each: about
 * 90 ns of a 32-byte crypto_stream on WebAssembly).
 */
export function callIntoAliased(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[], out: Uint8Array, refusals: readonly ErrorCode[]): boolean {
  const backend = getBackend();
  let aliased = false;
  if (backend.copiesInputs !== true) {
    const copying = backend.callCopying;
    if (copying !== undefined) {
      // Small calls natively: no array borrowed, and an overlap is harmless.
      let written: number | undefined;
      try {
        written = copying(op, alg, bytes, nums, out);
      } catch (error) {
        return refused(where, error, refusals);
      }
      if (written !== undefined) return true;
    }
    if (backend.callInto !== undefined) {
      // Refused before anything is written when `out` overlaps an input.
      const failed = attemptInto(where, op, alg, bytes, nums, out, false);
      if (failed === undefined) return true;
      if (!isOverlapRefusal(failed.error)) return refused(where, failed.error, refusals);
      aliased = true;
    } else {
      aliased = overlapsAny(bytes, out);
    }
  }
  if (!aliased) {
    const failed = attemptInto(where, op, alg, bytes, nums, out, false);
    return failed === undefined || refused(where, failed.error, refusals);
  }
  const separate = new Uint8Array(lengthOf(out));
  try {
    const failed = attemptInto(where, op, alg, bytes, nums, separate, false);
    if (failed !== undefined) return refused(where, failed.error, refusals);
    out.set(separate);
    return true;
  } finally {
    separate.fill(0);
  }
}

/** Whether `error` is `Backend.callInto`'s refusal of an `out` overlapping an input. */
function isOverlapRefusal(error: unknown): boolean {
  return isBackendError(error) && error.code === ErrorCode.Range && error.message === OVERLAP_REFUSED;
}

/** False for a failure in `refusals`; any other is thrown, translated. */
function refused(where: Where, error: unknown, refusals: readonly ErrorCode[]): false {
  if (isBackendError(error) && refusals.includes(error.code)) return false;
  throw translate(where.fn, error, where.failure, where.renames);
}

/**
 * Calls the backend writing into `target`; returns undefined on success,
 * else the backend's error untranslated, for the caller to decide on. With
 * `checkOverlap`, an `out` overlapping an input is refused first, as a
 * RangeError.
 */
function attemptInto(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[], target: Uint8Array, checkOverlap: boolean): { error: unknown } | undefined {
  const backend = getBackend();
  // The native addon compares the pointers it has anyway (Backend.callInto).
  if (checkOverlap && backend.callInto === undefined) refuseOverlap(where, bytes, target);
  try {
    (backend.callInto ?? backend.call)(op, alg, bytes, nums, target);
    return undefined;
  } catch (error) {
    return { error };
  }
}

/** Throws the RangeError of an `out` that overlaps an input. */
function refuseOverlap(where: Where, bytes: Bytes, target: Uint8Array): void {
  if (overlapsAny(bytes, target)) throw new RangeError(`${where.fn}: ${OVERLAP_REFUSED}`);
}

/**
 * Whether any of `bytes` shares memory with `target`. `target`'s buffer is
 * read once, and not at all when every input is null or empty:
 * each `buffer` read is a C++ builtin, about 16 ns (a 32-byte
 * `poly1305.into` read four before, tweetnacl's `crypto_stream` six).
 */
export function overlapsAny(bytes: Bytes, target: Uint8Array): boolean {
  if (lengthOf(target) === 0) return false;
  let targetBuffer: ArrayBufferLike | undefined;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === null || b === undefined || lengthOf(b) === 0) continue;
    targetBuffer ??= bufferOf(target);
    if (bufferOf(b) === targetBuffer && overlapsWithin(b, target)) return true;
  }
  return false;
}

/**
 * Whether two arrays already known to share one buffer share bytes of it;
 * an empty one overlaps nothing (as the addon's View::overlaps). Read
 * through the intrinsics, so that an overridden `buffer` or `byteOffset`
 * cannot hide an overlap.
 */
function overlapsWithin(a: Uint8Array, b: Uint8Array): boolean {
  const aFrom = byteOffsetOf(a);
  const bFrom = byteOffsetOf(b);
  const aLength = lengthOf(a);
  const bLength = lengthOf(b);
  return aLength > 0 && bLength > 0 && aFrom < bFrom + bLength && bFrom < aFrom + aLength;
}

/** Runs `op` and returns its output; every failure throws. */
export function call(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[], outLength: number): Uint8Array<ArrayBuffer> {
  return run(where, op, alg, bytes, nums, outLength, false)!;
}

/** Runs an op whose answer is one byte, 1 or 0. */
export function callBoolean(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[] = []): boolean {
  return call(where, op, alg, bytes, nums, 1)[0] === 1;
}

/** `call` off the main thread: the libuv pool natively, a worker on WebAssembly. */
export async function callAsync(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[], outLength: number): Promise<Uint8Array<ArrayBuffer>> {
  return (await runAsync(where, op, alg, bytes, nums, outLength, false))!;
}

/** `callAsync` that resolves to null on a failed verification. */
export function callAsyncOrNull(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[], outLength: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return runAsync(where, op, alg, bytes, nums, outLength, true);
}

/**
 * `Backend.blake3Async` (BLAKE3 split across threads), its failures
 * translated as `callAsync`'s; undefined where the backend does not split
 * this input.
 */
export function blake3Parallel(where: Where, bytes: readonly [Uint8Array, Uint8Array | null, Uint8Array | null], outLength: number): Promise<Uint8Array<ArrayBuffer>> | undefined {
  let running: Promise<Uint8Array> | undefined;
  try {
    running = getBackend().blake3Async?.(bytes, outLength);
  } catch (error) {
    return Promise.reject(translate(where.fn, error, where.failure, where.renames));
  }
  return running?.then(
    (out) => out as Uint8Array<ArrayBuffer>,
    (error: unknown) => {
      throw translate(where.fn, error, where.failure, where.renames);
    },
  );
}

async function runAsync(where: Where, op: Op, alg: number, bytes: Bytes, nums: readonly number[], outLength: number, nullOnFailure: boolean): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    // Every backend resolves with a fresh array over its own ArrayBuffer
    // (napi's, a worker's transferred one, or a new Uint8Array), never a
    // SharedArrayBuffer: what the result type promises.
    return (await getBackend().callAsync(op, alg, bytes, nums, outLength)) as Uint8Array<ArrayBuffer>;
  } catch (error) {
    if (nullOnFailure && isBackendError(error) && error.code === ErrorCode.Verification) return null;
    throw translate(where.fn, error, where.failure, where.renames);
  }
}
