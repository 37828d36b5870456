/**
 * The Edwards25519 group and its scalars, for protocols built on them
 * (VRFs, threshold signatures, PAKEs, Ristretto-free key blinding ...).
 *
 * Points are 32-byte compressed encodings (RFC 8032 §5.1.2), scalars 32-byte
 * little-endian integers modulo L = 2^252 + 27742317777372353535851937790883648493.
 * Inputs that do not decode (not on the curve, a non-canonical scalar) throw
 * an Error; wrong types or lengths throw TypeError / RangeError as everywhere.
 * Constant time except where a name says Vartime.
 */
import { Op } from './backend/types.js';
import { call, callBoolean } from './call.js';
import { bytes } from './input.js';

// RFC 8032 §5.1.2 (point encoding) and §5.1.7 (scalars): 32 bytes each; a
// wide scalar to reduce is 64 bytes, a SHA-512 output (§5.1.6).
const SIZE = 32;
const WIDE = 64;

/** A point or scalar encoding: exactly 32 bytes. */
const encoding = (where: string, name: string, value: unknown) => bytes(where, name, value, SIZE);
const run = (fn: string, op: Op, args: Uint8Array[]) => call({ fn }, op, 0, args, [], SIZE);
const test = (fn: string, op: Op, p: unknown) => callBoolean({ fn }, op, 0, [encoding(fn, 'p', p)]);

export const edwards25519 = {
  /** p + q. */
  pointAdd(p: Uint8Array, q: Uint8Array): Uint8Array<ArrayBuffer> {
    return run('edwards25519.pointAdd', Op.PointAdd, [encoding('edwards25519.pointAdd', 'p', p), encoding('edwards25519.pointAdd', 'q', q)]);
  },
  /** p − q. */
  pointSub(p: Uint8Array, q: Uint8Array): Uint8Array<ArrayBuffer> {
    return run('edwards25519.pointSub', Op.PointSub, [encoding('edwards25519.pointSub', 'p', p), encoding('edwards25519.pointSub', 'q', q)]);
  },
  /** scalar · p, for a canonical scalar (< L). */
  multiply(p: Uint8Array, scalar: Uint8Array): Uint8Array<ArrayBuffer> {
    const where = 'edwards25519.multiply';
    return run(where, Op.PointMul, [encoding(where, 'p', p), encoding(where, 'scalar', scalar)]);
  },
  /** scalar · B for any 32 bytes, NOT clamped (unlike X25519 and Ed25519 key derivation). */
  multiplyBase(scalar: Uint8Array): Uint8Array<ArrayBuffer> {
    const where = 'edwards25519.multiplyBase';
    return run(where, Op.PointMulBase, [encoding(where, 'scalar', scalar)]);
  },
  /** a·A + b·B in variable time: only for public values (signature verification). */
  doubleScalarMultVartime(a: Uint8Array, A: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
    const where = 'edwards25519.doubleScalarMultVartime';
    return run(where, Op.PointDoubleScalarMulBase, [encoding(where, 'a', a), encoding(where, 'A', A), encoding(where, 'b', b)]);
  },
  /** Whether p is of small order (8·p is the identity): one of the 8 torsion points. */
  isSmallOrder(p: Uint8Array): boolean {
    return test('edwards25519.isSmallOrder', Op.PointIsSmallOrder, p);
  },
  /** Whether p lies in the prime-order subgroup (L·p is the identity). */
  isTorsionFree(p: Uint8Array): boolean {
    return test('edwards25519.isTorsionFree', Op.PointIsTorsionFree, p);
  },
  /** Whether p is a canonical encoding of a point on the curve. False, never an error, for 32 bytes that do not decode. */
  isValidPoint(p: Uint8Array): boolean {
    return test('edwards25519.isValidPoint', Op.PointIsValid, p);
  },

  scalar: {
    /** A 64-byte little-endian integer reduced mod L (e.g. a SHA-512 digest, RFC 8032 §5.1.6). */
    reduce(wide: Uint8Array): Uint8Array<ArrayBuffer> {
      const where = 'edwards25519.scalar.reduce';
      return run(where, Op.ScalarReduce, [bytes(where, 'bytes', wide, WIDE)]);
    },
    /** a·b + c mod L, for canonical scalars. */
    mulAdd(a: Uint8Array, b: Uint8Array, c: Uint8Array): Uint8Array<ArrayBuffer> {
      const where = 'edwards25519.scalar.mulAdd';
      return run(where, Op.ScalarMulAdd, [encoding(where, 'a', a), encoding(where, 'b', b), encoding(where, 'c', c)]);
    },
    /** Whether s < L (RFC 8032 §5.1.7 requires it of a signature's S). */
    isCanonical(s: Uint8Array): boolean {
      const where = 'edwards25519.scalar.isCanonical';
      return callBoolean({ fn: where }, Op.ScalarIsCanonical, 0, [encoding(where, 'scalar', s)]);
    },
    /** s⁻¹ mod L, for a canonical non-zero scalar. */
    invert(s: Uint8Array): Uint8Array<ArrayBuffer> {
      const where = 'edwards25519.scalar.invert';
      return run(where, Op.ScalarInvert, [encoding(where, 'scalar', s)]);
    },
  },
};
