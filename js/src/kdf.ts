/**
 * Key derivation: PBKDF2 (RFC 8018), scrypt (RFC 7914), Argon2 (RFC 9106)
 * and HKDF (RFC 5869), with noble-hashes' signatures. Every function also
 * has `.async(...)`, same arguments, which resolves off the main thread
 * (the libuv pool natively, a worker on WebAssembly).
 *
 * Passwords may be strings (UTF-8); salts and keys must be bytes.
 */
import { Op } from './backend/types.js';
import { call, callAsync, callAsyncOrNull, callOrNull, type Where } from './call.js';
import { entry } from './catalog.js';
import { hashName, type HashFunction } from './hashes.js';
import { hmacEntry } from './mac.js';
import { bytes, integer, length, message, optionalBytes, options, type Input } from './input.js';

/** One KDF invocation, checked and ready for either `call` or `callAsync`. */
export interface Plan {
  where: Where;
  op: Op;
  alg: number;
  bytes: (Uint8Array | null)[];
  nums: number[];
  outLength: number;
  /** A verification op: a failed check gives null (then `finish` decides) instead of throwing. */
  verify?: boolean;
}

/** A function with an `.async` twin that takes the same arguments. */
export type WithAsync<A extends unknown[], R> = ((...args: A) => R) & { async(...args: A): Promise<R> };

/**
 * Builds the sync function and its `.async` from one planner, so that
 * argument checks and output sizing exist once. `finish` turns the output
 * bytes into the result (e.g. a PHC string).
 */
export function kdf<A extends unknown[], R = Uint8Array<ArrayBuffer>>(plan: (...args: A) => Plan, finish?: (out: Uint8Array | null) => R): WithAsync<A, R> {
  const done = finish ?? ((out) => out as R);
  const sync = (...args: A): R => {
    const p = plan(...args);
    return done((p.verify ? callOrNull : call)(p.where, p.op, p.alg, p.bytes, p.nums, p.outLength));
  };
  // An async function, so that a bad argument rejects instead of throwing.
  const async = async (...args: A): Promise<R> => {
    const p = plan(...args);
    return done(await (p.verify ? callAsyncOrNull : callAsync)(p.where, p.op, p.alg, p.bytes, p.nums, p.outLength));
  };
  return Object.assign(sync, { async });
}

/** The catalog id of the hash under an HMAC-based KDF; a hash without an HMAC (an XOF) is a TypeError. */
function hashId(where: string, hash: unknown): number {
  hmacEntry(where, hash);
  return entry(hashName(where, hash)).id;
}

/** PBKDF2 options. */
export interface Pbkdf2Options {
  /** Iterations, at least 1 (OWASP 2023: 600,000 for HMAC-SHA-256). */
  c: number;
  /** Output length in bytes (default 32). */
  dkLen?: number;
}

/** PBKDF2-HMAC-`hash` (RFC 8018 §5.2): `pbkdf2(sha256, password, salt, { c, dkLen })`. */
export const pbkdf2: WithAsync<[hash: HashFunction<any>, password: Input, salt: Uint8Array, opts: Pbkdf2Options], Uint8Array<ArrayBuffer>> =
  /* @__PURE__ */ kdf((hash, password, salt, opts) => {
    const fn = 'pbkdf2';
    const o = options(fn, opts, ['c', 'dkLen']);
    const outLength = o.dkLen === undefined ? entry('pbkdf2').outputLength : length(fn, 'dkLen', o.dkLen);
    return {
      where: { fn },
      op: Op.Pbkdf2,
      alg: hashId(fn, hash),
      bytes: [message(fn, 'password', password), bytes(fn, 'salt', salt)],
      nums: [length(fn, 'c', o.c), outLength],
      outLength,
    };
  });

/** scrypt options (RFC 7914 §2). */
export interface ScryptOptions {
  /** CPU/memory cost: a power of two above 1. Memory is 128 · r · N bytes. */
  N: number;
  /** Block size (8 is the usual). */
  r: number;
  /** Parallelism (1 is the usual). */
  p: number;
  /** Output length in bytes (default 32). */
  dkLen?: number;
}

/** scrypt (RFC 7914): `scrypt(password, salt, { N: 2 ** 17, r: 8, p: 1, dkLen: 32 })`. */
export const scrypt: WithAsync<[password: Input, salt: Uint8Array, opts: ScryptOptions], Uint8Array<ArrayBuffer>> = /* @__PURE__ */ kdf(
  (password, salt, opts) => {
    const fn = 'scrypt';
    const o = options(fn, opts, ['N', 'r', 'p', 'dkLen']);
    const outLength = o.dkLen === undefined ? entry('scrypt').outputLength : length(fn, 'dkLen', o.dkLen);
    return {
      where: { fn },
      op: Op.Scrypt,
      alg: entry('scrypt').id,
      bytes: [message(fn, 'password', password), bytes(fn, 'salt', salt)],
      nums: [length(fn, 'N', o.N), length(fn, 'r', o.r), length(fn, 'p', o.p), outLength],
      outLength,
    };
  },
);

/** Argon2 options (RFC 9106 §3.1), named as in noble-hashes. */
export interface Argon2Options {
  /** Passes (time cost), at least 1. */
  t: number;
  /** Memory in KiB, at least 8 · p. */
  m: number;
  /** Lanes (parallelism), 1 to 2^24 − 1. */
  p: number;
  /** Output (tag) length in bytes, at least 4 (default 32). */
  dkLen?: number;
  /** The secret value K (a pepper), optional. */
  key?: Uint8Array;
  /** The associated data X, optional. */
  personalization?: Uint8Array;
}

const ARGON2_RENAMES = { secret: 'key', ad: 'personalization' };

function argon2Plan(variant: 'argon2id' | 'argon2i' | 'argon2d') {
  return (password: Input, salt: Uint8Array, opts: Argon2Options): Plan => {
    const fn = variant;
    const o = options(fn, opts, ['t', 'm', 'p', 'dkLen', 'key', 'personalization']);
    const info = entry(variant);
    const outLength = o.dkLen === undefined ? info.outputLength : length(fn, 'dkLen', o.dkLen);
    return {
      where: { fn, renames: ARGON2_RENAMES },
      op: Op.Argon2,
      alg: info.id,
      bytes: [message(fn, 'password', password), bytes(fn, 'salt', salt), optionalBytes(fn, 'key', o.key), optionalBytes(fn, 'personalization', o.personalization)],
      nums: [length(fn, 't', o.t), length(fn, 'm', o.m), length(fn, 'p', o.p), outLength],
      outLength,
    };
  };
}

type Argon2Function = WithAsync<[password: Input, salt: Uint8Array, opts: Argon2Options], Uint8Array<ArrayBuffer>>;

/** Argon2id (RFC 9106), the recommended variant: `argon2id(password, salt, { t: 2, m: 19456, p: 1 })`. */
export const argon2id: Argon2Function = /* @__PURE__ */ kdf(argon2Plan('argon2id'));
/** Argon2i (RFC 9106): data-independent memory access. */
export const argon2i: Argon2Function = /* @__PURE__ */ kdf(argon2Plan('argon2i'));
/** Argon2d (RFC 9106): data-dependent memory access; avoid where side channels matter. */
export const argon2d: Argon2Function = /* @__PURE__ */ kdf(argon2Plan('argon2d'));

type HkdfArgs = [hash: HashFunction<any>, ikm: Uint8Array, salt: Uint8Array | undefined, info: Input | undefined, length?: number];

/**
 * The output length of an HKDF step: the caller's, or the catalog's default.
 * Checked here against RFC 5869 §2.3's limit, L <= 255 · HashLen, so that
 * an absurd length is refused before any buffer is sized by it.
 */
function hkdfLength(fn: string, hash: unknown, value: unknown): number {
  if (value === undefined) return entry('hkdf').outputLength;
  return integer(fn, 'length', value, 0, 255 * entry(hashName(fn, hash)).outputLength);
}

/**
 * HKDF (RFC 5869 §2): extract then expand, `length` bytes (at most 255
 * hash lengths; default 32). An omitted salt is HashLen zeros (§2.2); `info`
 * is a context label (a string is taken as UTF-8).
 */
export const hkdf: WithAsync<HkdfArgs, Uint8Array<ArrayBuffer>> & {
  extract: WithAsync<[hash: HashFunction<any>, ikm: Uint8Array, salt?: Uint8Array], Uint8Array<ArrayBuffer>>;
  expand: WithAsync<[hash: HashFunction<any>, prk: Uint8Array, info?: Input, length?: number], Uint8Array<ArrayBuffer>>;
} = /* @__PURE__ */ Object.assign(
  kdf((...[hash, ikm, salt, info, size]: HkdfArgs): Plan => {
    const fn = 'hkdf';
    const outLength = hkdfLength(fn, hash, size);
    return {
      where: { fn, renames: { output: 'length' } },
      op: Op.Hkdf,
      alg: hashId(fn, hash),
      bytes: [bytes(fn, 'ikm', ikm), optionalBytes(fn, 'salt', salt), info === undefined ? null : message(fn, 'info', info)],
      nums: [outLength],
      outLength,
    };
  }),
  {
    /** HKDF-Extract (RFC 5869 §2.2): the pseudorandom key, one hash output long. */
    extract: kdf((hash: HashFunction<any>, ikm: Uint8Array, salt?: Uint8Array): Plan => {
      const fn = 'hkdf.extract';
      const alg = hashId(fn, hash);
      return {
        where: { fn },
        op: Op.HkdfExtract,
        alg,
        bytes: [optionalBytes(fn, 'salt', salt), bytes(fn, 'ikm', ikm)],
        nums: [],
        // The PRK is one hash output long (RFC 5869 §2.2).
        outLength: entry(hashName(fn, hash)).outputLength,
      };
    }),
    /** HKDF-Expand (RFC 5869 §2.3): `length` bytes (default 32) from a pseudorandom key. */
    expand: kdf((hash: HashFunction<any>, prk: Uint8Array, info?: Input, size?: number): Plan => {
      const fn = 'hkdf.expand';
      const outLength = hkdfLength(fn, hash, size);
      return {
        where: { fn, renames: { output: 'length' } },
        op: Op.HkdfExpand,
        alg: hashId(fn, hash),
        bytes: [bytes(fn, 'prk', prk), info === undefined ? null : message(fn, 'info', info)],
        nums: [outLength],
        outLength,
      };
    }),
  },
);
