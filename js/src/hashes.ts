/**
 * The hash functions, noble-style: `sha256(msg)` hashes at once,
 * `sha256.create()` hashes incrementally, `.outputLen` and `.blockLen` come
 * from the catalog. One table row per algorithm; all the glue is `makeHash`.
 */
import { Op } from './backend/types.js';
import { blake3Parallel, call, callAsync, callInto } from './call.js';
import { entry, entryOnce } from './catalog.js';
import type { CatalogEntry } from './backend/types.js';
import { length, message, optionalBytes, options, type Input } from './input.js';
import { openStream, type Hasher } from './stream.js';

export type { Hasher } from './stream.js';

/** Options of the XOFs (SHAKE): the output length in bytes. */
export interface XofOptions {
  /** Output length in bytes (default: the catalog's, 16 for SHAKE128 and 32 for SHAKE256, as in node:crypto and noble). */
  dkLen?: number;
}

/** BLAKE2 options (RFC 7693). */
export interface Blake2Options {
  /** Output length: 1 to 64 bytes for BLAKE2b, 1 to 32 for BLAKE2s. */
  dkLen?: number;
  /** Key for keyed hashing (MAC mode): up to 64 bytes (BLAKE2b) or 32 (BLAKE2s). */
  key?: Uint8Array;
  /** Salt: up to 16 bytes (BLAKE2b) or 8 (BLAKE2s), zero-padded (RFC 7693 §2.5). */
  salt?: Uint8Array;
  /** Personalization: up to 16 bytes (BLAKE2b) or 8 (BLAKE2s), zero-padded. */
  personalization?: Uint8Array;
}

/** BLAKE3 options. `key` and `context` exclude each other. */
export interface Blake3Options {
  /** Output length in bytes (any; default 32). */
  dkLen?: number;
  /** 32-byte key: BLAKE3's keyed hash (a MAC). */
  key?: Uint8Array;
  /** Key-derivation context: a hard-coded, application-specific label (string or UTF-8 bytes); the message is then the key material. */
  context?: string | Uint8Array;
}

/** A fixed-output hash takes no options (but `out`). */
export type NoOptions = Record<string, never>;

/** `opts` with an output array: the hash's own options (none for a fixed-output hash) and `out`. */
export type WithOut<O, T extends Uint8Array> = (O extends NoOptions ? unknown : O) & {
  /** Where the digest goes: exactly the output length (`outputLen`, or `dkLen` when given), overlapping no input. */
  out: T;
};

/** A hash function: call it to hash at once, `.create()` to hash incrementally. */
export interface HashFunction<O = NoOptions> {
  (msg: Input, opts?: O): Uint8Array<ArrayBuffer>;
  /**
   * `hash(msg, { out })` writes the digest into `out` and returns it,
   * allocating no output (sodium-native's habit); the same as `into`.
   */
  <T extends Uint8Array>(msg: Input, opts: WithOut<O, T>): T;
  /** Default digest size in bytes. */
  readonly outputLen: number;
  /** Internal block size in bytes (what HMAC pads the key to). */
  readonly blockLen: number;
  /** An incremental hasher; free it with `destroy()` (or let the GC do it). */
  create(opts?: O): Hasher;
  /**
   * Hashes into `out` (exactly the output length: `outputLen`, or `dkLen`
   * when given) and returns `out`, allocating nothing. `out` must not
   * overlap `msg`.
   */
  into<T extends Uint8Array>(out: T, msg: Input, opts?: O): T;
}

const OPTION_NAMES = ['dkLen', 'key', 'salt', 'personalization', 'context', 'out'] as const;
const RENAMES = { output: 'dkLen' };

/** Which catalog algorithm each of our hash functions computes (for hmac, pbkdf2, hkdf). */
const algorithmOf = /* @__PURE__ */ new WeakMap<Function, string>();

/**
 * The catalog name of `hash`, one of this module's functions; anything else
 * is a TypeError naming the parameter.
 */
export function hashName(where: string, hash: unknown): string {
  const name = typeof hash === 'function' ? algorithmOf.get(hash) : undefined;
  if (name === undefined) {
    throw new TypeError(`${where}: hash: expected one of saline's hash functions (sha256, sha512, blake2b ...), got ${typeof hash === 'function' ? 'another function' : typeof hash}`);
  }
  return name;
}

/**
 * [key, salt, personal, context] (empty when none is given), the output
 * length, as Op.Hash and streamNew take them, and `out` (undefined: allocate).
 */
function parse(where: string, info: CatalogEntry, opts: unknown): [(Uint8Array | null)[], number, unknown] {
  const o = options(where, opts, OPTION_NAMES);
  const outputLen = o.dkLen === undefined ? info.outputLength : length(where, 'dkLen', o.dkLen);
  if (o.key === undefined && o.salt === undefined && o.personalization === undefined && o.context === undefined) return [[], outputLen, o.out];
  // BLAKE3's context is a label, not a secret, so a string is fine there (taken as UTF-8).
  const context = o.context === undefined ? null : message(where, 'context', o.context);
  const args = [
    optionalBytes(where, 'key', o.key),
    optionalBytes(where, 'salt', o.salt),
    optionalBytes(where, 'personalization', o.personalization),
    context,
  ];
  return [args, outputLen, o.out];
}

/**
 * Whether `opts` is an object whose one enumerable key is `out`, set.
 * `for...in` reads V8's enum cache, where `options()`'s Object.keys
 * allocates an array: about 30 ns of a 32-byte `sha256(msg, { out })`
 * (bench/node/call-cost.mjs). Anything else (more keys, no key, `out`
 * undefined, an array or a typed array) takes the full check.
 */
function onlyOut(opts: unknown): opts is { out: unknown } {
  if (typeof opts !== 'object' || opts === null) return false;
  let seen = false;
  for (const key in opts) {
    if (key !== 'out') return false;
    seen = true;
  }
  return seen && (opts as { out?: unknown }).out !== undefined;
}

function makeHash<O>(exportName: string, name: string): HashFunction<O> {
  const info = entryOnce(name);
  // The numbers of a call without options, made once (backends only read them).
  let defaultNums: { entry: CatalogEntry; nums: readonly number[] } | undefined;
  const defaultLength = (i: CatalogEntry): readonly number[] => (defaultNums?.entry === i ? defaultNums.nums : (defaultNums = { entry: i, nums: [i.outputLength] }).nums);
  const where = { fn: exportName };
  const whereWithOptions = { fn: exportName, renames: RENAMES };
  const hash = (msg: Input, opts?: O): Uint8Array => {
    const i = info();
    const data = message(exportName, 'msg', msg);
    if (opts === undefined) return call(where, Op.Hash, i.id, [data], defaultLength(i), i.outputLength);
    // `{ out }` alone, sodium-native's habit in hot loops: the same call as `into`.
    if (onlyOut(opts)) return callInto(where, Op.Hash, i.id, [data], defaultLength(i), opts.out, i.outputLength);
    const [args, outputLen, out] = parse(exportName, i, opts);
    if (out !== undefined) return callInto(whereWithOptions, Op.Hash, i.id, [data, ...args], [outputLen], out, outputLen);
    return call(whereWithOptions, Op.Hash, i.id, [data, ...args], [outputLen], outputLen);
  };
  const intoWhere = { fn: `${exportName}.into` };
  const intoWhereWithOptions = { fn: `${exportName}.into`, renames: RENAMES };
  const into = <T extends Uint8Array>(out: T, msg: Input, opts?: O): T => {
    const i = info();
    const data = message(intoWhere.fn, 'msg', msg);
    if (opts === undefined) return callInto(intoWhere, Op.Hash, i.id, [data], defaultLength(i), out, i.outputLength) as T;
    const [args, outputLen, optsOut] = parse(intoWhere.fn, i, opts);
    if (optsOut !== undefined) throw new TypeError(`${intoWhere.fn}: out: given twice (the first argument is the output)`);
    return callInto(intoWhereWithOptions, Op.Hash, i.id, [data, ...args], [outputLen], out, outputLen) as T;
  };
  const create = (opts?: O): Hasher => {
    const where = `${exportName}.create`;
    const i = info();
    const [args, outputLen, out] = parse(where, i, opts);
    if (out !== undefined) throw new TypeError(`${where}: unknown option 'out' (an incremental hasher writes its digest with digestInto(out))`);
    return openStream(where, i.id, args, [outputLen], outputLen, i.blockLength);
  };
  algorithmOf.set(hash, name);
  Object.defineProperties(hash, {
    name: { value: exportName },
    outputLen: { get: () => info().outputLength, enumerable: true },
    blockLen: { get: () => info().blockLength, enumerable: true },
    create: { value: create, enumerable: true },
    into: { value: into, enumerable: true },
  });
  return hash as HashFunction<O>;
}

// SHA-1 and SHA-2: FIPS 180-4.
export const sha1: HashFunction = /* @__PURE__ */ makeHash('sha1', 'sha1');
export const sha224: HashFunction = /* @__PURE__ */ makeHash('sha224', 'sha224');
export const sha256: HashFunction = /* @__PURE__ */ makeHash('sha256', 'sha256');
export const sha384: HashFunction = /* @__PURE__ */ makeHash('sha384', 'sha384');
export const sha512: HashFunction = /* @__PURE__ */ makeHash('sha512', 'sha512');
export const sha512_256: HashFunction = /* @__PURE__ */ makeHash('sha512_256', 'sha512-256');
// SHA-3 and SHAKE: FIPS 202; Keccak-256 is the pre-standard padding Ethereum uses.
export const sha3_224: HashFunction = /* @__PURE__ */ makeHash('sha3_224', 'sha3-224');
export const sha3_256: HashFunction = /* @__PURE__ */ makeHash('sha3_256', 'sha3-256');
export const sha3_384: HashFunction = /* @__PURE__ */ makeHash('sha3_384', 'sha3-384');
export const sha3_512: HashFunction = /* @__PURE__ */ makeHash('sha3_512', 'sha3-512');
export const keccak_256: HashFunction = /* @__PURE__ */ makeHash('keccak_256', 'keccak256');
export const shake128: HashFunction<XofOptions> = /* @__PURE__ */ makeHash('shake128', 'shake128');
export const shake256: HashFunction<XofOptions> = /* @__PURE__ */ makeHash('shake256', 'shake256');
// BLAKE2: RFC 7693. BLAKE3: the BLAKE3 specification.
export const blake2b: HashFunction<Blake2Options> = /* @__PURE__ */ makeHash('blake2b', 'blake2b');
export const blake2s: HashFunction<Blake2Options> = /* @__PURE__ */ makeHash('blake2s', 'blake2s');
export const blake3: Blake3Function = /* @__PURE__ */ withParallelAsync(/* @__PURE__ */ makeHash('blake3', 'blake3'));
// Legacy, for interoperability only: MD4 (RFC 1320), MD5 (RFC 1321), RIPEMD-160, Whirlpool (ISO/IEC 10118-3).
export const md4: HashFunction = /* @__PURE__ */ makeHash('md4', 'md4');
export const md5: HashFunction = /* @__PURE__ */ makeHash('md5', 'md5');
export const ripemd160: HashFunction = /* @__PURE__ */ makeHash('ripemd160', 'ripemd160');
export const whirlpool: HashFunction = /* @__PURE__ */ makeHash('whirlpool', 'whirlpool');

/** BLAKE3: a hash function, and `.async` on several threads. */
export interface Blake3Function extends HashFunction<Blake3Options> {
  /**
   * The same bytes as `blake3(msg, opts)`, computed off the calling thread.
   * On WebAssembly, where SharedArrayBuffer is available (Node; a browser
   * page that is cross-origin isolated), an input of 2 MiB or more is cut
   * into parts of its tree (the BLAKE3 paper, §2.1) that the workers of
   * `.async` hash at the same time; elsewhere, and natively (the libuv
   * pool), it is one job. `msg` is copied when the call is made, so it may
   * be changed at once. No `out` option: the promise resolves to a new array.
   */
  async(msg: Input, opts?: Blake3Options): Promise<Uint8Array<ArrayBuffer>>;
}

function withParallelAsync(hash: HashFunction<Blake3Options>): Blake3Function {
  const fn = 'blake3.async';
  const where = { fn, renames: RENAMES };
  // An async function, so that a bad argument rejects instead of throwing.
  const async = async (msg: Input, opts?: Blake3Options): Promise<Uint8Array<ArrayBuffer>> => {
    const i = entry('blake3');
    const data = message(fn, 'msg', msg);
    const [args, outputLen, out] = parse(fn, i, opts);
    if (out !== undefined) throw new TypeError(`${fn}: unknown option 'out' (the promise resolves to a new array)`);
    // BLAKE2's salt and personalization are left to Op.Hash, which refuses them.
    const parallel = args[1] == null && args[2] == null ? blake3Parallel(where, [data, args[0] ?? null, args[3] ?? null], outputLen) : undefined;
    return parallel ?? callAsync(where, Op.Hash, i.id, [data, ...args], [outputLen], outputLen);
  };
  return Object.defineProperty(hash, 'async', { value: async, enumerable: true }) as Blake3Function;
}
