/**
 * saline/tweetnacl: a drop-in replacement for tweetnacl-js 1.0.3
 * (https://github.com/dchest/tweetnacl-js), running on Saline's core.
 *
 *   import nacl from 'saline/tweetnacl';        // or: import * as nacl, require('saline/tweetnacl')
 *   const box = nacl.box(msg, nonce, theirPublicKey, mySecretKey);
 *
 * Same names, argument orders, layouts and return values as tweetnacl-js:
 * the high-level API (secretbox, box, scalarMult, sign, hash, verify,
 * randomBytes, setPRNG) checks its arguments as tweetnacl does and throws
 * tweetnacl's own errors (TypeError 'unexpected type, use Uint8Array',
 * Error 'bad key size', 'bad nonce size', 'bad public key size', 'bad secret
 * key size', 'bad signature size', 'bad seed size', 'bad n size', 'bad p
 * size'); `open` functions return null on forgery. `nacl.lowlevel` has the
 * C-style functions (output buffer first, return 0 or -1) with NaCl's
 * zero-padded layouts: crypto_secretbox and crypto_box take the message
 * after 32 zero bytes and write the box after 16 zero bytes ("Cryptography
 * in NaCl" §9).
 *
 * Beyond tweetnacl's lowlevel set: crypto_hash_sha512 (= crypto_hash),
 * crypto_hash_sha256, crypto_auth (HMAC-SHA-512-256), crypto_auth_hmacsha256,
 * crypto_auth_hmacsha512, crypto_core_salsa20, crypto_verify_64,
 * crypto_box_open_afternm, crypto_sign_ed25519_pk_to_x25519_pk and
 * crypto_sign_ed25519_sk_to_x25519_sk (also under libsodium's names
 * crypto_sign_ed25519_pk_to_curve25519 / _sk_to_curve25519),
 * crypto_point_add and crypto_scalar_base, all with libsodium's C argument
 * orders (output first; message and length, then key).
 *
 * Where Saline deliberately differs from tweetnacl-js:
 * - A small-order X25519 public key (the shared secret would be all zero,
 *   which an attacker knows) is refused with an Error by box, box.before,
 *   crypto_box and crypto_box_beforenm, as libsodium refuses it; tweetnacl
 *   derives a key from the zero secret. Opening under such a key fails as
 *   a bad tag does, as in tweetnacl (box.open gives null, crypto_box_open
 *   -1), and every argument is type- and size-checked first, in tweetnacl's
 *   order, so that wrong types are tweetnacl's TypeError.
 *   (nacl.scalarMult and crypto_scalarmult stay raw X25519, unchecked.)
 * - A 64-byte signing key whose public half does not match its seed is an
 *   Error in sign, sign.detached and crypto_sign: tweetnacl signs with it
 *   and leaks the secret scalar to anyone holding two such signatures.
 * - sign.open, sign.detached.verify and crypto_sign_open apply libsodium's
 *   strict rules (canonical S < L, canonical public key, neither the key
 *   nor R of small order). Honest signatures verify identically; tweetnacl
 *   also accepts some mauled ones (S + L) and keys of small order.
 * - crypto_core_salsa20 and crypto_core_hsalsa20 accept only the constant
 *   σ = "expand 32-byte k" (the one NaCl uses); another constant is an Error.
 *   crypto_core_salsa20 of block counter 2^64 - 1 (bytes 8 to 15 of `in`
 *   all 0xff), the keystream's last block, is a RangeError, as Saline's
 *   stream refuses that block too.
 * - The lowlevel functions read only the bytes the C function reads (the
 *   first 24 of a nonce, 32 of a key ...), as tweetnacl does, but an input
 *   or output SHORTER than that is a RangeError naming it, where tweetnacl
 *   reads missing bytes as zeros. Non-Uint8Array arguments are a TypeError.
 * - Results are fresh arrays; tweetnacl returns views into larger buffers
 *   (byteOffset 16 or 32) from secretbox, box and their open.
 * - A lowlevel output may alias an input (crypto_stream_xor in place, as
 *   NaCl allows); one that overlaps an input at another offset is computed
 *   from the input as it was before the call, where tweetnacl's result
 *   depends on its 64-byte block order.
 * - crypto_sign_open writes only the message (the first n − 64 bytes of m)
 *   and nothing on failure; tweetnacl also leaves scratch data in m.
 *   crypto_core_* return 0 (tweetnacl returns undefined).
 * - tweetnacl's internal field and point helpers (lowlevel.gf, D, L, M, A,
 *   S, Z, pack25519, unpack25519, pow2523, add, set25519, modL, scalarmult,
 *   scalarbase) expose its float64 limb representation and are not
 *   provided; crypto_point_add and crypto_scalar_base work on 32-byte encodings.
 * - Randomness: by default randomBytes and the key generators use Saline's
 *   source (getrandom natively, crypto.getRandomValues in WebAssembly).
 *   setPRNG(fn) replaces it, with tweetnacl's semantics (fn(x, n) fills the
 *   first n bytes of x), for THIS module only: nacl.randomBytes,
 *   box.keyPair, sign.keyPair, crypto_box_keypair and crypto_sign_keypair.
 *   The rest of Saline (utils.randomBytes, sealedbox, key generation in
 *   the main API) keeps the system source; setPRNG cannot weaken it.
 */
import { installFullSyncLoader } from './backend/load-sync.js';
import { ready } from './backend/index.js';
import { ErrorCode, Op, type CatalogEntry } from './backend/types.js';
import { call, callIntoAliased } from './call.js';
import { entryOnce } from './catalog.js';
import { isBytes } from './input.js';
import { sha512 } from './hashes.js';
import { equalBytes, randomBytes as systemRandomBytes } from './utils.js';

installFullSyncLoader();

// ------------------------------------------------------------------ constants (tweetnacl-js nacl-fast.js)

const crypto_secretbox_KEYBYTES = 32;
const crypto_secretbox_NONCEBYTES = 24;
const crypto_secretbox_ZEROBYTES = 32;
const crypto_secretbox_BOXZEROBYTES = 16;
const crypto_scalarmult_BYTES = 32;
const crypto_scalarmult_SCALARBYTES = 32;
const crypto_box_PUBLICKEYBYTES = 32;
const crypto_box_SECRETKEYBYTES = 32;
const crypto_box_BEFORENMBYTES = 32;
const crypto_box_NONCEBYTES = crypto_secretbox_NONCEBYTES;
const crypto_box_ZEROBYTES = crypto_secretbox_ZEROBYTES;
const crypto_box_BOXZEROBYTES = crypto_secretbox_BOXZEROBYTES;
const crypto_sign_BYTES = 64;
const crypto_sign_PUBLICKEYBYTES = 32;
const crypto_sign_SECRETKEYBYTES = 64;
const crypto_sign_SEEDBYTES = 32;
const crypto_hash_BYTES = 64;

// Sizes the C functions read that tweetnacl has no constant for.
const SALSA20_INPUTBYTES = 16; // crypto_core_*: the 16-byte input block
const SALSA20_CONSTBYTES = 16; // σ
const SALSA20_NONCEBYTES = 8; // crypto_stream_salsa20
const ONETIMEAUTH_BYTES = 16; // Poly1305 tag
const ONETIMEAUTH_KEYBYTES = 32;
const AUTH_KEYBYTES = 32; // crypto_auth*: libsodium's 32-byte key
const POINT_BYTES = 32;

// ------------------------------------------------------------------ randomness (setPRNG)

/** tweetnacl's PRNG signature: fill the first n bytes of x. */
export type PRNG = (x: Uint8Array, n: number) => void;

const systemPRNG: PRNG = (x, n) => {
  const r = systemRandomBytes(n);
  x.set(r);
  r.fill(0);
};

let randombytes: PRNG = systemPRNG;

// ------------------------------------------------------------------ argument checks

function checkArrayTypes(...values: unknown[]): void {
  for (const value of values) {
    if (!isBytes(value)) throw new TypeError('unexpected type, use Uint8Array');
  }
}

function checkLengths(k: Uint8Array, n: Uint8Array): void {
  if (k.length !== crypto_secretbox_KEYBYTES) throw new Error('bad key size');
  if (n.length !== crypto_secretbox_NONCEBYTES) throw new Error('bad nonce size');
}

function checkBoxLengths(pk: Uint8Array, sk: Uint8Array): void {
  if (pk.length !== crypto_box_PUBLICKEYBYTES) throw new Error('bad public key size');
  if (sk.length !== crypto_box_SECRETKEYBYTES) throw new Error('bad secret key size');
}

/** The first `size` bytes of `value`, which the C function reads; shorter is a RangeError. */
function head(fn: string, name: string, value: Uint8Array, size: number): Uint8Array {
  if (value.length < size) throw new RangeError(`${fn}: ${name}: expected at least ${size} bytes, got ${value.length}`);
  return value.length === size ? value : value.subarray(0, size);
}

/** A position or length argument: a whole number from 0 to 2^53 − 1. */
function count(fn: string, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${fn}: ${name}: expected a whole number of bytes, got ${String(value)}`);
  }
  return value;
}

/** Throws unless `value[pos .. pos + size]` lies inside `value`. */
function inside(fn: string, name: string, value: Uint8Array, pos: number, size: number): void {
  if (pos + size > value.length) {
    throw new RangeError(`${fn}: ${name}: expected at least ${pos + size} bytes (${size} from position ${pos}), got ${value.length}`);
  }
}

/** `value[pos .. pos + size]`, which must lie inside it. */
function span(fn: string, name: string, value: Uint8Array, pos: number, size: number): Uint8Array {
  inside(fn, name, value, pos, size);
  // The whole array, the usual call, needs no new view (a subarray is an object made per call).
  return pos === 0 && size === value.length ? value : value.subarray(pos, pos + size);
}

// ------------------------------------------------------------------ backend glue

/** The catalog entries this file's hot calls use, each looked up once (catalog.ts `entryOnce`). */
const SALSA20 = /* @__PURE__ */ entryOnce('salsa20');
const XSALSA20 = /* @__PURE__ */ entryOnce('xsalsa20');
const XSALSA20_POLY1305 = /* @__PURE__ */ entryOnce('xsalsa20-poly1305');
const POLY1305 = /* @__PURE__ */ entryOnce('poly1305');
const HMAC_SHA256 = /* @__PURE__ */ entryOnce('hmac-sha256');
const HMAC_SHA512 = /* @__PURE__ */ entryOnce('hmac-sha512');
const SHA256 = /* @__PURE__ */ entryOnce('sha256');
const SHA512 = /* @__PURE__ */ entryOnce('sha512');

type Args = readonly (Uint8Array | null)[];

/**
 * Runs `op` writing straight into the caller's `out` (no copy on the native
 * backend), through call.ts like every other call. NaCl lets outputs alias
 * inputs (crypto_stream_xor in place); the core's slices may not overlap,
 * so call.ts `callIntoAliased` takes an aliased call through a separate
 * output where the backend needs it. Returns false when the backend reports
 * one of `refusals` (a failed tag or signature check: the C function's -1);
 * `out` is then left as it was.
 */
function into(fn: string, op: Op, alg: number, args: Args, nums: readonly number[], out: Uint8Array, refusals: readonly ErrorCode[] = []): boolean {
  return callIntoAliased({ fn }, op, alg, args, nums, out, refusals);
}

const VERIFICATION = [ErrorCode.Verification] as const;
// Opening under a small-order public key (the core refuses it with a Value
// error) fails like a bad tag: tweetnacl derives the all-zero shared secret
// there, and an honest box under it does not authenticate.
const SMALL_ORDER_REFUSALS = [ErrorCode.Verification, ErrorCode.Value] as const;
// A public key or signature that does not even decode is a failed check too, as in tweetnacl.
const SIGNATURE_REFUSALS = [ErrorCode.Verification, ErrorCode.Value] as const;

// ------------------------------------------------------------------ lowlevel: Salsa20 family

/** A Salsa20-family core: in[16], k[32] and c[16] (σ) into out[outLength]. */
function coreInto(fn: string, op: Op, outLength: number, out: Uint8Array, inp: Uint8Array, k: Uint8Array, c: Uint8Array): number {
  checkArrayTypes(out, inp, k, c);
  const args = [head(fn, 'in', inp, SALSA20_INPUTBYTES), head(fn, 'k', k, 32), head(fn, 'c', c, SALSA20_CONSTBYTES)];
  into(fn, op, 0, args, [], span(fn, 'out', out, 0, outLength));
  return 0;
}

/** crypto_core_salsa20(out[64], in[16], k[32], c[16]): the Salsa20 core (20 rounds, feed-forward). */
function crypto_core_salsa20(out: Uint8Array, inp: Uint8Array, k: Uint8Array, c: Uint8Array): number {
  return coreInto('crypto_core_salsa20', Op.CryptoCoreSalsa20, 64, out, inp, k, c);
}

/** crypto_core_hsalsa20(out[32], in[16], k[32], c[16]): HSalsa20, the XSalsa20 subkey derivation. */
function crypto_core_hsalsa20(out: Uint8Array, inp: Uint8Array, k: Uint8Array, c: Uint8Array): number {
  return coreInto('crypto_core_hsalsa20', Op.CryptoCoreHsalsa20, 32, out, inp, k, c);
}

/**
 * Zeros for crypto_stream's keystream-only calls. Up to 64 bytes they are
 * views of one private ArrayBuffer that nothing writes: a fresh array that
 * small lives on the JS heap, and the native addon's first look at it
 * moves it out (~330 ns, more than the keystream; backend/native.ts
 * `SMALL_OUTPUT` says why).
 */
const ZEROS = /* @__PURE__ */ new ArrayBuffer(64);
/** The views of ZEROS, one per size, made once (inputs are only read). */
const zeroViews: Uint8Array[] = [];
function zeros(size: number): Uint8Array {
  return size <= ZEROS.byteLength ? (zeroViews[size] ??= new Uint8Array(ZEROS, 0, size)) : new Uint8Array(size);
}

/** `length` bytes of m (or zeros) XOR a stream cipher's keystream, into c at cpos. */
function streamInto(fn: string, algorithm: () => CatalogEntry, c: Uint8Array, cpos: unknown, m: Uint8Array | null, mpos: unknown, length: unknown, nonce: Uint8Array, k: Uint8Array): number {
  const size = count(fn, 'length', length);
  const out = span(fn, 'c', c, count(fn, 'cpos', cpos), size);
  if (size === 0) return 0;
  const data = m === null ? zeros(size) : span(fn, 'm', m, count(fn, 'mpos', mpos), size);
  into(fn, Op.StreamXor, algorithm().id, [head(fn, 'k', k, 32), nonce, data], [0], out);
  return 0;
}

/** crypto_stream_salsa20_xor(c, cpos, m, mpos, b, n[8], k[32]): b bytes of m XOR Salsa20(k, n). */
function crypto_stream_salsa20_xor(c: Uint8Array, cpos: number, m: Uint8Array, mpos: number, b: number, n: Uint8Array, k: Uint8Array): number {
  const fn = 'crypto_stream_salsa20_xor';
  checkArrayTypes(c, m, n, k);
  return streamInto(fn, SALSA20, c, cpos, m, mpos, b, head(fn, 'n', n, SALSA20_NONCEBYTES), k);
}

/** crypto_stream_salsa20(c, cpos, b, n[8], k[32]): b bytes of Salsa20 keystream. */
function crypto_stream_salsa20(c: Uint8Array, cpos: number, b: number, n: Uint8Array, k: Uint8Array): number {
  const fn = 'crypto_stream_salsa20';
  checkArrayTypes(c, n, k);
  return streamInto(fn, SALSA20, c, cpos, null, 0, b, head(fn, 'n', n, SALSA20_NONCEBYTES), k);
}

/** crypto_stream(c, cpos, d, n[24], k[32]): d bytes of XSalsa20 keystream. */
function crypto_stream(c: Uint8Array, cpos: number, d: number, n: Uint8Array, k: Uint8Array): number {
  const fn = 'crypto_stream';
  checkArrayTypes(c, n, k);
  return streamInto(fn, XSALSA20, c, cpos, null, 0, d, head(fn, 'n', n, crypto_secretbox_NONCEBYTES), k);
}

/** crypto_stream_xor(c, cpos, m, mpos, d, n[24], k[32]): d bytes of m XOR XSalsa20(k, n). */
function crypto_stream_xor(c: Uint8Array, cpos: number, m: Uint8Array, mpos: number, d: number, n: Uint8Array, k: Uint8Array): number {
  const fn = 'crypto_stream_xor';
  checkArrayTypes(c, m, n, k);
  return streamInto(fn, XSALSA20, c, cpos, m, mpos, d, head(fn, 'n', n, crypto_secretbox_NONCEBYTES), k);
}

// ------------------------------------------------------------------ lowlevel: MACs and comparisons

/** The MAC `algorithm` of m[mpos .. mpos + n] under `key`, into out[outpos ..]. */
function macInto(fn: string, algorithm: () => CatalogEntry, tagLength: number, out: Uint8Array, outpos: unknown, m: Uint8Array, mpos: unknown, n: unknown, key: Uint8Array): void {
  const data = span(fn, 'm', m, count(fn, 'mpos', mpos), count(fn, 'n', n));
  into(fn, Op.Mac, algorithm().id, [key, data], [], span(fn, 'out', out, count(fn, 'outpos', outpos), tagLength));
}

/** crypto_onetimeauth(out, outpos, m, mpos, n, k[32]): the Poly1305 tag of n bytes of m. */
function crypto_onetimeauth(out: Uint8Array, outpos: number, m: Uint8Array, mpos: number, n: number, k: Uint8Array): number {
  const fn = 'crypto_onetimeauth';
  checkArrayTypes(out, m, k);
  macInto(fn, POLY1305, ONETIMEAUTH_BYTES, out, outpos, m, mpos, n, head(fn, 'k', k, ONETIMEAUTH_KEYBYTES));
  return 0;
}

/** crypto_onetimeauth_verify(h, hpos, m, mpos, n, k[32]): 0 if h[hpos ..] is the tag, else -1. */
function crypto_onetimeauth_verify(h: Uint8Array, hpos: number, m: Uint8Array, mpos: number, n: number, k: Uint8Array): number {
  checkArrayTypes(h, m, k);
  const x = new Uint8Array(ONETIMEAUTH_BYTES);
  crypto_onetimeauth(x, 0, m, mpos, n, k);
  return verifyN('crypto_onetimeauth_verify', h, hpos, x, 0, ONETIMEAUTH_BYTES);
}

/** 0 if x[xi .. xi + n] equals y[yi .. yi + n], else -1, in time independent of the contents. */
function verifyN(fn: string, x: Uint8Array, xi: unknown, y: Uint8Array, yi: unknown, n: number): number {
  if (!isBytes(x) || !isBytes(y)) throw new TypeError('unexpected type, use Uint8Array');
  const from = count(fn, 'xi', xi);
  const to = count(fn, 'yi', yi);
  inside(fn, 'x', x, from, n);
  inside(fn, 'y', y, to, n);
  // equalBytes' loop, read in place: two subarray views, the argument
  // checks' rest array and equalBytes' own checks were most of a call
  // (578 ns a crypto_verify_16 in the Node bench, tweetnacl-js 253).
  let diff = 0;
  for (let i = 0; i < n; i++) diff |= x[from + i]! ^ y[to + i]!;
  return diff === 0 ? 0 : -1;
}

/** crypto_verify_16(x, xi, y, yi): 0 if the 16 bytes are equal, else -1 (constant time). */
function crypto_verify_16(x: Uint8Array, xi: number, y: Uint8Array, yi: number): number {
  return verifyN('crypto_verify_16', x, xi, y, yi, 16);
}

/** crypto_verify_32(x, xi, y, yi): 0 if the 32 bytes are equal, else -1 (constant time). */
function crypto_verify_32(x: Uint8Array, xi: number, y: Uint8Array, yi: number): number {
  return verifyN('crypto_verify_32', x, xi, y, yi, 32);
}

/** crypto_verify_64(x, xi, y, yi): 0 if the 64 bytes are equal, else -1 (constant time). */
function crypto_verify_64(x: Uint8Array, xi: number, y: Uint8Array, yi: number): number {
  return verifyN('crypto_verify_64', x, xi, y, yi, 64);
}

/** crypto_auth(out[32], m, n, k[32]): HMAC-SHA-512 truncated to 32 bytes (NaCl's crypto_auth_hmacsha512256). */
function crypto_auth(out: Uint8Array, m: Uint8Array, n: number, k: Uint8Array): number {
  const fn = 'crypto_auth';
  checkArrayTypes(out, m, k);
  const data = span(fn, 'm', m, 0, count(fn, 'n', n));
  into(fn, Op.CryptoAuth, 0, [data, head(fn, 'k', k, AUTH_KEYBYTES)], [], span(fn, 'out', out, 0, 32));
  return 0;
}

/** crypto_auth_hmacsha256(out[32], m, n, k[32]): HMAC-SHA-256 (libsodium's 32-byte key). */
function crypto_auth_hmacsha256(out: Uint8Array, m: Uint8Array, n: number, k: Uint8Array): number {
  const fn = 'crypto_auth_hmacsha256';
  checkArrayTypes(out, m, k);
  macInto(fn, HMAC_SHA256, 32, out, 0, m, 0, n, head(fn, 'k', k, AUTH_KEYBYTES));
  return 0;
}

/** crypto_auth_hmacsha512(out[64], m, n, k[32]): HMAC-SHA-512 (libsodium's 32-byte key). */
function crypto_auth_hmacsha512(out: Uint8Array, m: Uint8Array, n: number, k: Uint8Array): number {
  const fn = 'crypto_auth_hmacsha512';
  checkArrayTypes(out, m, k);
  macInto(fn, HMAC_SHA512, 64, out, 0, m, 0, n, head(fn, 'k', k, AUTH_KEYBYTES));
  return 0;
}

// ------------------------------------------------------------------ lowlevel: hashes

function hashInto(fn: string, algorithm: () => CatalogEntry, outLength: number, out: Uint8Array, m: Uint8Array, n: number): number {
  checkArrayTypes(out, m);
  const data = span(fn, 'm', m, 0, count(fn, 'n', n));
  into(fn, Op.Hash, algorithm().id, [data], [outLength], span(fn, 'out', out, 0, outLength));
  return 0;
}

/** crypto_hash(out[64], m, n): SHA-512 of the first n bytes of m. */
function crypto_hash(out: Uint8Array, m: Uint8Array, n: number): number {
  return hashInto('crypto_hash', SHA512, crypto_hash_BYTES, out, m, n);
}

/** crypto_hash_sha256(out[32], m, n): SHA-256 of the first n bytes of m. */
function crypto_hash_sha256(out: Uint8Array, m: Uint8Array, n: number): number {
  return hashInto('crypto_hash_sha256', SHA256, 32, out, m, n);
}

// ------------------------------------------------------------------ lowlevel: secretbox and box (padded layouts)

/** The core's padded-layout op over c[0..d] / m[0..d]; false on a failed tag. */
function padded(fn: string, op: Op, out: Uint8Array, input: Uint8Array, d: number, keys: Uint8Array[]): boolean {
  const size = count(fn, 'd', d);
  const refusals = op === Op.CryptoBoxOpen ? SMALL_ORDER_REFUSALS : op === Op.CryptoSecretboxOpen ? VERIFICATION : [];
  return into(fn, op, 0, [span(fn, 'input', input, 0, size), ...keys], [], span(fn, 'output', out, 0, size), refusals);
}

/**
 * crypto_secretbox(c, m, d, n[24], k[32]): m is the message after 32 zero
 * bytes (d bytes in all); c receives 16 zero bytes, the tag, the ciphertext.
 * -1 if d < 32.
 */
function crypto_secretbox(c: Uint8Array, m: Uint8Array, d: number, n: Uint8Array, k: Uint8Array): number {
  const fn = 'crypto_secretbox';
  checkArrayTypes(c, m, n, k);
  if (d < crypto_secretbox_ZEROBYTES) return -1;
  padded(fn, Op.CryptoSecretbox, c, m, d, [head(fn, 'n', n, crypto_secretbox_NONCEBYTES), head(fn, 'k', k, crypto_secretbox_KEYBYTES)]);
  return 0;
}

/**
 * crypto_secretbox_open(m, c, d, n[24], k[32]): the inverse; m receives 32
 * zero bytes then the message. -1 (m untouched) if d < 32 or the tag fails.
 */
function crypto_secretbox_open(m: Uint8Array, c: Uint8Array, d: number, n: Uint8Array, k: Uint8Array): number {
  const fn = 'crypto_secretbox_open';
  checkArrayTypes(m, c, n, k);
  if (d < crypto_secretbox_ZEROBYTES) return -1;
  const keys = [head(fn, 'n', n, crypto_secretbox_NONCEBYTES), head(fn, 'k', k, crypto_secretbox_KEYBYTES)];
  return padded(fn, Op.CryptoSecretboxOpen, m, c, d, keys) ? 0 : -1;
}

/** crypto_scalarmult(q[32], n[32], p[32]): X25519(n, p), unchecked (an all-zero result included), as NaCl. */
function crypto_scalarmult(q: Uint8Array, n: Uint8Array, p: Uint8Array): number {
  const fn = 'crypto_scalarmult';
  checkArrayTypes(q, n, p);
  const args = [head(fn, 'n', n, crypto_scalarmult_SCALARBYTES), head(fn, 'p', p, crypto_scalarmult_BYTES)];
  into(fn, Op.CryptoScalarmult, 0, args, [], span(fn, 'q', q, 0, crypto_scalarmult_BYTES));
  return 0;
}

/** crypto_scalarmult_base(q[32], n[32]): X25519(n, 9), the public key of n. */
function crypto_scalarmult_base(q: Uint8Array, n: Uint8Array): number {
  const fn = 'crypto_scalarmult_base';
  checkArrayTypes(q, n);
  into(fn, Op.X25519PublicKey, 0, [head(fn, 'n', n, crypto_scalarmult_SCALARBYTES)], [], span(fn, 'q', q, 0, crypto_scalarmult_BYTES));
  return 0;
}

/** crypto_box_keypair(y[32], x[32]): x from the PRNG (see setPRNG), y its public key. */
function crypto_box_keypair(y: Uint8Array, x: Uint8Array): number {
  checkArrayTypes(y, x);
  randombytes(x, crypto_box_SECRETKEYBYTES);
  return crypto_scalarmult_base(y, x);
}

/**
 * crypto_box_beforenm(k[32], y[32], x[32]): HSalsa20 of X25519(x, y), the
 * shared key. Throws an Error for a small-order y (see the module notes).
 */
function crypto_box_beforenm(k: Uint8Array, y: Uint8Array, x: Uint8Array): number {
  const fn = 'crypto_box_beforenm';
  checkArrayTypes(k, y, x);
  const args = [head(fn, 'y', y, crypto_box_PUBLICKEYBYTES), head(fn, 'x', x, crypto_box_SECRETKEYBYTES)];
  into(fn, Op.BoxBefore, 0, args, [], span(fn, 'k', k, 0, crypto_box_BEFORENMBYTES));
  return 0;
}

/** crypto_box(c, m, d, n[24], y[32], x[32]): crypto_secretbox under crypto_box_beforenm(y, x). */
function crypto_box(c: Uint8Array, m: Uint8Array, d: number, n: Uint8Array, y: Uint8Array, x: Uint8Array): number {
  const fn = 'crypto_box';
  checkArrayTypes(c, m, n, y, x);
  const keys = [head(fn, 'n', n, crypto_box_NONCEBYTES), head(fn, 'y', y, crypto_box_PUBLICKEYBYTES), head(fn, 'x', x, crypto_box_SECRETKEYBYTES)];
  if (d < crypto_box_ZEROBYTES) return -1;
  padded(fn, Op.CryptoBox, c, m, d, keys);
  return 0;
}

/** crypto_box_open(m, c, d, n[24], y[32], x[32]): crypto_secretbox_open under crypto_box_beforenm(y, x). */
function crypto_box_open(m: Uint8Array, c: Uint8Array, d: number, n: Uint8Array, y: Uint8Array, x: Uint8Array): number {
  const fn = 'crypto_box_open';
  checkArrayTypes(m, c, n, y, x);
  const keys = [head(fn, 'n', n, crypto_box_NONCEBYTES), head(fn, 'y', y, crypto_box_PUBLICKEYBYTES), head(fn, 'x', x, crypto_box_SECRETKEYBYTES)];
  if (d < crypto_box_ZEROBYTES) return -1;
  // A small-order y (the core's Value refusal) is -1, as tweetnacl's
  // failed tag check under the all-zero shared key is.
  return padded(fn, Op.CryptoBoxOpen, m, c, d, keys) ? 0 : -1;
}

// ------------------------------------------------------------------ lowlevel: signatures

/**
 * crypto_sign(sm, m, n, sk[64]): sm receives the signature then the n
 * message bytes; returns n + 64 (tweetnacl returns the length, where C
 * writes it through a pointer). Throws for a key whose halves disagree.
 */
function crypto_sign(sm: Uint8Array, m: Uint8Array, n: number, sk: Uint8Array): number {
  const fn = 'crypto_sign';
  checkArrayTypes(sm, m, sk);
  const size = count(fn, 'n', n);
  const args = [span(fn, 'm', m, 0, size), head(fn, 'sk', sk, crypto_sign_SECRETKEYBYTES)];
  into(fn, Op.CryptoSign, 0, args, [], span(fn, 'sm', sm, 0, size + crypto_sign_BYTES));
  return size + crypto_sign_BYTES;
}

/**
 * crypto_sign_open(m, sm, n, pk[32]): the message length n − 64, with the
 * message in m[0 .. n − 64], or -1 if the signature does not verify.
 */
function crypto_sign_open(m: Uint8Array, sm: Uint8Array, n: number, pk: Uint8Array): number {
  const fn = 'crypto_sign_open';
  checkArrayTypes(m, sm, pk);
  const size = count(fn, 'n', n);
  const key = head(fn, 'pk', pk, crypto_sign_PUBLICKEYBYTES);
  if (size < crypto_sign_BYTES) return -1;
  const signed = span(fn, 'sm', sm, 0, size);
  const out = span(fn, 'm', m, 0, size - crypto_sign_BYTES);
  return into(fn, Op.CryptoSignOpen, 0, [signed, key], [], out, SIGNATURE_REFUSALS) ? size - crypto_sign_BYTES : -1;
}

/**
 * crypto_sign_keypair(pk[32], sk[64], seeded): unless `seeded`, the PRNG
 * fills sk[0..32] (the seed); pk receives the public key, sk[32..64] a copy.
 */
function crypto_sign_keypair(pk: Uint8Array, sk: Uint8Array, seeded?: boolean): number {
  const fn = 'crypto_sign_keypair';
  checkArrayTypes(pk, sk);
  const publicKey = span(fn, 'pk', pk, 0, crypto_sign_PUBLICKEYBYTES);
  const secretKey = span(fn, 'sk', sk, 0, crypto_sign_SECRETKEYBYTES);
  if (!seeded) randombytes(sk, crypto_sign_SEEDBYTES);
  // The core answers seed ‖ pk (the 64-byte secret key) then pk.
  const pair = call({ fn }, Op.Ed25519KeyPair, 0, [secretKey.subarray(0, crypto_sign_SEEDBYTES)], [], crypto_sign_SECRETKEYBYTES + crypto_sign_PUBLICKEYBYTES);
  secretKey.set(pair.subarray(0, crypto_sign_SECRETKEYBYTES));
  publicKey.set(pair.subarray(crypto_sign_SECRETKEYBYTES));
  pair.fill(0);
  return 0;
}

/**
 * crypto_sign_ed25519_pk_to_x25519_pk(out[32], pk[32]): the X25519 public
 * key of an Ed25519 public key; -1 (out untouched) for a key that does not
 * decode, has small order or lies outside the prime-order subgroup (libsodium's rule).
 */
function crypto_sign_ed25519_pk_to_x25519_pk(out: Uint8Array, pk: Uint8Array): number {
  const fn = 'crypto_sign_ed25519_pk_to_x25519_pk';
  checkArrayTypes(out, pk);
  const ok = into(fn, Op.Ed25519ToX25519Public, 0, [head(fn, 'pk', pk, crypto_sign_PUBLICKEYBYTES)], [], span(fn, 'out', out, 0, 32), [ErrorCode.Value]);
  return ok ? 0 : -1;
}

/**
 * crypto_sign_ed25519_sk_to_x25519_sk(out[32], sk[64]): the X25519 secret
 * key of an Ed25519 secret key: SHA-512(seed)[0..32], clamped. Only the
 * seed (sk[0..32]) is read, as in libsodium.
 */
function crypto_sign_ed25519_sk_to_x25519_sk(out: Uint8Array, sk: Uint8Array): number {
  const fn = 'crypto_sign_ed25519_sk_to_x25519_sk';
  checkArrayTypes(out, sk);
  // The core takes a 64-byte secret key or its 32-byte seed and reads the
  // seed only: those lengths go as they are, without a subarray (~50 ns).
  const whole = sk.length === crypto_sign_SECRETKEYBYTES || sk.length === crypto_sign_SEEDBYTES;
  into(fn, Op.Ed25519ToX25519Secret, 0, [whole ? sk : head(fn, 'sk', sk, crypto_sign_SEEDBYTES)], [], span(fn, 'out', out, 0, 32));
  return 0;
}

// ------------------------------------------------------------------ lowlevel: Edwards25519 points

/**
 * crypto_point_add(out[32], p[32], q[32]): p + q on Edwards25519, as 32-byte
 * encodings (RFC 8032 §5.1.2); -1 (out untouched) if p or q does not decode.
 */
function crypto_point_add(out: Uint8Array, p: Uint8Array, q: Uint8Array): number {
  const fn = 'crypto_point_add';
  checkArrayTypes(out, p, q);
  const args = [head(fn, 'p', p, POINT_BYTES), head(fn, 'q', q, POINT_BYTES)];
  return into(fn, Op.PointAdd, 0, args, [], span(fn, 'out', out, 0, POINT_BYTES), [ErrorCode.Value]) ? 0 : -1;
}

/**
 * crypto_scalar_base(out[32], s[32]): s · B for the little-endian integer s,
 * neither clamped nor reduced (tweetnacl's scalarbase), encoded.
 */
function crypto_scalar_base(out: Uint8Array, s: Uint8Array): number {
  const fn = 'crypto_scalar_base';
  checkArrayTypes(out, s);
  into(fn, Op.PointMulBase, 0, [head(fn, 's', s, POINT_BYTES)], [], span(fn, 'out', out, 0, POINT_BYTES));
  return 0;
}

// ------------------------------------------------------------------ the high-level API (tweetnacl-js's nacl.*)

/** An X25519 key pair (box) or an Ed25519 key pair (sign, with the 64-byte secret key). */
export interface KeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** `n` random bytes from the current PRNG (setPRNG). */
export function randomBytes(n: number): Uint8Array {
  const b = new Uint8Array(n);
  randombytes(b, n);
  return b;
}

export interface Secretbox {
  /** XSalsa20-Poly1305 of msg: tag (16) ‖ ciphertext. */
  (msg: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array;
  /** The message, or null if the box does not authenticate. */
  open(box: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array | null;
  readonly keyLength: number;
  readonly nonceLength: number;
  readonly overheadLength: number;
}

function secretboxSeal(msg: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array {
  checkArrayTypes(msg, nonce, key);
  checkLengths(key, nonce);
  return call({ fn: 'secretbox' }, Op.AeadSeal, XSALSA20_POLY1305().id, [key, nonce, null, msg], [], msg.length + crypto_secretbox_BOXZEROBYTES);
}

function secretboxOpen(box: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array | null {
  checkArrayTypes(box, nonce, key);
  checkLengths(key, nonce);
  if (box.length < crypto_secretbox_BOXZEROBYTES) return null;
  const out = new Uint8Array(box.length - crypto_secretbox_BOXZEROBYTES);
  return into('secretbox.open', Op.AeadOpen, XSALSA20_POLY1305().id, [key, nonce, null, box], [], out, VERIFICATION) ? out : null;
}

/** Secret-key authenticated encryption: XSalsa20-Poly1305. */
export const secretbox: Secretbox = /* @__PURE__ */ Object.assign(secretboxSeal, {
  open: secretboxOpen,
  keyLength: crypto_secretbox_KEYBYTES,
  nonceLength: crypto_secretbox_NONCEBYTES,
  overheadLength: crypto_secretbox_BOXZEROBYTES,
});

export interface ScalarMult {
  /** X25519(n, p), unchecked. */
  (n: Uint8Array, p: Uint8Array): Uint8Array;
  /** X25519(n, 9): the public key of n. */
  base(n: Uint8Array): Uint8Array;
  readonly scalarLength: number;
  readonly groupElementLength: number;
}

function scalarMultBase(n: Uint8Array): Uint8Array {
  checkArrayTypes(n);
  if (n.length !== crypto_scalarmult_SCALARBYTES) throw new Error('bad n size');
  const q = new Uint8Array(crypto_scalarmult_BYTES);
  crypto_scalarmult_base(q, n);
  return q;
}

/** X25519 scalar multiplication. */
export const scalarMult: ScalarMult = /* @__PURE__ */ Object.assign(
  (n: Uint8Array, p: Uint8Array): Uint8Array => {
    checkArrayTypes(n, p);
    if (n.length !== crypto_scalarmult_SCALARBYTES) throw new Error('bad n size');
    if (p.length !== crypto_scalarmult_BYTES) throw new Error('bad p size');
    const q = new Uint8Array(crypto_scalarmult_BYTES);
    crypto_scalarmult(q, n, p);
    return q;
  },
  { base: scalarMultBase, scalarLength: crypto_scalarmult_SCALARBYTES, groupElementLength: crypto_scalarmult_BYTES },
);

export interface Box {
  /** box(msg, nonce, theirPublicKey, mySecretKey): tag (16) ‖ ciphertext. */
  (msg: Uint8Array, nonce: Uint8Array, publicKey: Uint8Array, secretKey: Uint8Array): Uint8Array;
  /** The shared key (crypto_box_beforenm); use it with box.after / box.open.after. */
  before(publicKey: Uint8Array, secretKey: Uint8Array): Uint8Array;
  /** secretbox under a shared key. */
  after: Secretbox;
  open: {
    /** The message, or null if the box does not authenticate. */
    (msg: Uint8Array, nonce: Uint8Array, publicKey: Uint8Array, secretKey: Uint8Array): Uint8Array | null;
    /** secretbox.open under a shared key. */
    after(box: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array | null;
  };
  keyPair: {
    /** A key pair with the secret key from the PRNG (setPRNG). */
    (): KeyPair;
    /** The key pair of a 32-byte secret key (the secret key is copied). */
    fromSecretKey(secretKey: Uint8Array): KeyPair;
  };
  readonly publicKeyLength: number;
  readonly secretKeyLength: number;
  readonly sharedKeyLength: number;
  readonly nonceLength: number;
  readonly overheadLength: number;
}

function boxBefore(publicKey: Uint8Array, secretKey: Uint8Array): Uint8Array {
  checkArrayTypes(publicKey, secretKey);
  checkBoxLengths(publicKey, secretKey);
  const k = new Uint8Array(crypto_box_BEFORENMBYTES);
  crypto_box_beforenm(k, publicKey, secretKey);
  return k;
}

function boxKeyPair(): KeyPair {
  const pk = new Uint8Array(crypto_box_PUBLICKEYBYTES);
  const sk = new Uint8Array(crypto_box_SECRETKEYBYTES);
  crypto_box_keypair(pk, sk);
  return { publicKey: pk, secretKey: sk };
}

function boxKeyPairFromSecretKey(secretKey: Uint8Array): KeyPair {
  checkArrayTypes(secretKey);
  if (secretKey.length !== crypto_box_SECRETKEYBYTES) throw new Error('bad secret key size');
  const pk = new Uint8Array(crypto_box_PUBLICKEYBYTES);
  crypto_scalarmult_base(pk, secretKey);
  return { publicKey: pk, secretKey: new Uint8Array(secretKey) };
}

/** Wipes a shared key once `use` is done with it. */
function withSharedKey<T>(publicKey: Uint8Array, secretKey: Uint8Array, use: (k: Uint8Array) => T): T {
  const k = boxBefore(publicKey, secretKey);
  try {
    return use(k);
  } finally {
    k.fill(0);
  }
}

/**
 * tweetnacl's checks for box and box.open, in its order, before anything is
 * computed: box.before checks the key types and sizes, then secretbox the
 * message and nonce (tweetnacl-js `nacl.box` = `secretbox(msg, nonce,
 * box.before(pk, sk))`). So a plain Array message with a bad key is the
 * TypeError tweetnacl throws, not the small-order refusal.
 */
function checkBoxArguments(msg: unknown, nonce: unknown, publicKey: unknown, secretKey: unknown): void {
  checkArrayTypes(publicKey, secretKey);
  checkBoxLengths(publicKey as Uint8Array, secretKey as Uint8Array);
  checkArrayTypes(msg, nonce);
  if ((nonce as Uint8Array).length !== crypto_secretbox_NONCEBYTES) throw new Error('bad nonce size');
}

function boxSeal(msg: Uint8Array, nonce: Uint8Array, publicKey: Uint8Array, secretKey: Uint8Array): Uint8Array {
  checkBoxArguments(msg, nonce, publicKey, secretKey);
  return withSharedKey(publicKey, secretKey, (k) => secretbox(msg, nonce, k));
}

/** box.open: null for a box that does not authenticate, and for a small-order public key (tweetnacl's result there). */
function boxOpen(msg: Uint8Array, nonce: Uint8Array, publicKey: Uint8Array, secretKey: Uint8Array): Uint8Array | null {
  checkBoxArguments(msg, nonce, publicKey, secretKey);
  const k = new Uint8Array(crypto_box_BEFORENMBYTES);
  try {
    return into('box.open', Op.BoxBefore, 0, [publicKey, secretKey], [], k, SMALL_ORDER_REFUSALS) ? secretbox.open(msg, nonce, k) : null;
  } finally {
    k.fill(0);
  }
}

/** Public-key authenticated encryption: X25519, then XSalsa20-Poly1305. */
export const box: Box = /* @__PURE__ */ Object.assign(boxSeal, {
  before: boxBefore,
  after: secretbox,
  open: Object.assign(boxOpen, { after: secretbox.open }),
  keyPair: Object.assign(boxKeyPair, { fromSecretKey: boxKeyPairFromSecretKey }),
  publicKeyLength: crypto_box_PUBLICKEYBYTES,
  secretKeyLength: crypto_box_SECRETKEYBYTES,
  sharedKeyLength: crypto_box_BEFORENMBYTES,
  nonceLength: crypto_box_NONCEBYTES,
  overheadLength: crypto_secretbox_BOXZEROBYTES,
});

export interface Sign {
  /** signature (64) ‖ msg, under a 64-byte secret key (seed ‖ public key). */
  (msg: Uint8Array, secretKey: Uint8Array): Uint8Array;
  /** The message of a signed message, or null if the signature does not verify. */
  open(signedMsg: Uint8Array, publicKey: Uint8Array): Uint8Array | null;
  detached: {
    /** The 64-byte signature alone. */
    (msg: Uint8Array, secretKey: Uint8Array): Uint8Array;
    /** Whether sig is a valid signature of msg under publicKey. */
    verify(msg: Uint8Array, sig: Uint8Array, publicKey: Uint8Array): boolean;
  };
  keyPair: {
    /** A key pair with the seed from the PRNG (setPRNG). */
    (): KeyPair;
    /** The key pair of a 64-byte secret key: its second half is the public key (copied, unchecked, as tweetnacl). */
    fromSecretKey(secretKey: Uint8Array): KeyPair;
    /** The key pair of a 32-byte seed. */
    fromSeed(seed: Uint8Array): KeyPair;
  };
  readonly publicKeyLength: number;
  readonly secretKeyLength: number;
  readonly seedLength: number;
  readonly signatureLength: number;
}

function checkSigningKey(msg: Uint8Array, secretKey: Uint8Array): void {
  checkArrayTypes(msg, secretKey);
  if (secretKey.length !== crypto_sign_SECRETKEYBYTES) throw new Error('bad secret key size');
}

function signAttached(msg: Uint8Array, secretKey: Uint8Array): Uint8Array {
  checkSigningKey(msg, secretKey);
  const signedMsg = new Uint8Array(crypto_sign_BYTES + msg.length);
  crypto_sign(signedMsg, msg, msg.length, secretKey);
  return signedMsg;
}

function signOpen(signedMsg: Uint8Array, publicKey: Uint8Array): Uint8Array | null {
  checkArrayTypes(signedMsg, publicKey);
  if (publicKey.length !== crypto_sign_PUBLICKEYBYTES) throw new Error('bad public key size');
  if (signedMsg.length < crypto_sign_BYTES) return null;
  const m = new Uint8Array(signedMsg.length - crypto_sign_BYTES);
  return crypto_sign_open(m, signedMsg, signedMsg.length, publicKey) < 0 ? null : m;
}

function signDetached(msg: Uint8Array, secretKey: Uint8Array): Uint8Array {
  checkSigningKey(msg, secretKey);
  return call({ fn: 'sign.detached' }, Op.Ed25519Sign, 0, [msg, secretKey], [], crypto_sign_BYTES);
}

function signDetachedVerify(msg: Uint8Array, sig: Uint8Array, publicKey: Uint8Array): boolean {
  checkArrayTypes(msg, sig, publicKey);
  if (sig.length !== crypto_sign_BYTES) throw new Error('bad signature size');
  if (publicKey.length !== crypto_sign_PUBLICKEYBYTES) throw new Error('bad public key size');
  const answer = new Uint8Array(1);
  // Mode 0: libsodium's strict rules (see the module notes).
  return into('sign.detached.verify', Op.Ed25519Verify, 0, [sig, msg, publicKey], [0], answer, SIGNATURE_REFUSALS) && answer[0] === 1;
}

function signKeyPair(): KeyPair {
  const pk = new Uint8Array(crypto_sign_PUBLICKEYBYTES);
  const sk = new Uint8Array(crypto_sign_SECRETKEYBYTES);
  crypto_sign_keypair(pk, sk);
  return { publicKey: pk, secretKey: sk };
}

function signKeyPairFromSecretKey(secretKey: Uint8Array): KeyPair {
  checkArrayTypes(secretKey);
  if (secretKey.length !== crypto_sign_SECRETKEYBYTES) throw new Error('bad secret key size');
  return { publicKey: secretKey.slice(32, 64), secretKey: new Uint8Array(secretKey) };
}

function signKeyPairFromSeed(seed: Uint8Array): KeyPair {
  checkArrayTypes(seed);
  if (seed.length !== crypto_sign_SEEDBYTES) throw new Error('bad seed size');
  const pk = new Uint8Array(crypto_sign_PUBLICKEYBYTES);
  const sk = new Uint8Array(crypto_sign_SECRETKEYBYTES);
  sk.set(seed);
  crypto_sign_keypair(pk, sk, true);
  return { publicKey: pk, secretKey: sk };
}

/** Ed25519 signatures (RFC 8032), tweetnacl's layouts. */
export const sign: Sign = /* @__PURE__ */ Object.assign(signAttached, {
  open: signOpen,
  detached: Object.assign(signDetached, { verify: signDetachedVerify }),
  keyPair: Object.assign(signKeyPair, { fromSecretKey: signKeyPairFromSecretKey, fromSeed: signKeyPairFromSeed }),
  publicKeyLength: crypto_sign_PUBLICKEYBYTES,
  secretKeyLength: crypto_sign_SECRETKEYBYTES,
  seedLength: crypto_sign_SEEDBYTES,
  signatureLength: crypto_sign_BYTES,
});

export interface Hash {
  /** SHA-512 of msg. */
  (msg: Uint8Array): Uint8Array;
  readonly hashLength: number;
}

/** SHA-512 (FIPS 180-4). */
export const hash: Hash = /* @__PURE__ */ Object.assign(
  (msg: Uint8Array): Uint8Array => {
    checkArrayTypes(msg);
    return sha512(msg);
  },
  { hashLength: crypto_hash_BYTES },
);

/**
 * Whether x and y hold the same bytes, in time that depends only on their
 * length. As in tweetnacl, arrays of different lengths, and empty arrays,
 * are never equal.
 */
export function verify(x: Uint8Array, y: Uint8Array): boolean {
  checkArrayTypes(x, y);
  if (x.length === 0 || y.length === 0) return false;
  if (x.length !== y.length) return false;
  return equalBytes(x, y);
}

/**
 * Replaces the random source of this module (randomBytes and the key-pair
 * generators) with fn(x, n), which must fill the first n bytes of x with
 * cryptographically secure random bytes. Saline's other functions keep the
 * system source.
 */
export function setPRNG(fn: PRNG): void {
  randombytes = fn;
}

// ------------------------------------------------------------------ nacl.lowlevel

/** tweetnacl-js's nacl.lowlevel, with the additions listed in the module notes. */
export const lowlevel = {
  crypto_core_hsalsa20,
  crypto_core_salsa20,
  crypto_stream_xor,
  crypto_stream,
  crypto_stream_salsa20_xor,
  crypto_stream_salsa20,
  crypto_onetimeauth,
  crypto_onetimeauth_verify,
  crypto_verify_16,
  crypto_verify_32,
  crypto_verify_64,
  crypto_secretbox,
  crypto_secretbox_open,
  crypto_scalarmult,
  crypto_scalarmult_base,
  crypto_box_beforenm,
  // NaCl defines the afternm functions as the secretbox ones.
  crypto_box_afternm: crypto_secretbox,
  crypto_box_open_afternm: crypto_secretbox_open,
  crypto_box,
  crypto_box_open,
  crypto_box_keypair,
  crypto_hash,
  crypto_hash_sha512: crypto_hash,
  crypto_hash_sha256,
  crypto_auth,
  crypto_auth_hmacsha256,
  crypto_auth_hmacsha512,
  crypto_sign,
  crypto_sign_keypair,
  crypto_sign_open,
  crypto_sign_ed25519_pk_to_x25519_pk,
  crypto_sign_ed25519_sk_to_x25519_sk,
  crypto_sign_ed25519_pk_to_curve25519: crypto_sign_ed25519_pk_to_x25519_pk,
  crypto_sign_ed25519_sk_to_curve25519: crypto_sign_ed25519_sk_to_x25519_sk,
  crypto_point_add,
  crypto_scalar_base,

  crypto_secretbox_KEYBYTES,
  crypto_secretbox_NONCEBYTES,
  crypto_secretbox_ZEROBYTES,
  crypto_secretbox_BOXZEROBYTES,
  crypto_scalarmult_BYTES,
  crypto_scalarmult_SCALARBYTES,
  crypto_box_PUBLICKEYBYTES,
  crypto_box_SECRETKEYBYTES,
  crypto_box_BEFORENMBYTES,
  crypto_box_NONCEBYTES,
  crypto_box_ZEROBYTES,
  crypto_box_BOXZEROBYTES,
  crypto_sign_BYTES,
  crypto_sign_PUBLICKEYBYTES,
  crypto_sign_SECRETKEYBYTES,
  crypto_sign_SEEDBYTES,
  crypto_hash_BYTES,
};

/**
 * Loads the backend (saline's `ready`): in browsers, `await nacl.ready()`
 * once before the first call; harmless (immediate) in Node, Deno, Bun and
 * Cloudflare Workers. Not part of tweetnacl-js, which needs no loading.
 */
export { ready };

/** The tweetnacl-js `nacl` object (and `ready`). Every property is also a named export, so `import * as nacl` works too. */
const nacl = { randomBytes, secretbox, scalarMult, box, sign, hash, verify, setPRNG, lowlevel, ready };

export default nacl;
