/**
 * saline/cryptographer: the namespace API of cryptographer.js
 * (https://www.npmjs.com/package/cryptographer.js), running on Saline's core.
 *
 *   import crypto from 'saline/cryptographer';   // or require('saline/cryptographer')
 *   crypto.sha.sha256('Hello World');                        // hex string
 *   crypto.hmac.sha256(data, { key, outputFormat: 'base64' });
 *   crypto.cipher.aes.encrypt(data, { key, iv, mode: 'cbc' });
 *   crypto.kdf.pbkdf2(password, { salt, iterations: 600000, keyLength: 32 });
 *
 * Every option below is honoured. A value that cannot be honoured — a mode
 * or padding Saline does not implement, an unknown option name, an option
 * the chosen mode does not use — throws (TypeError; a wrong size is a
 * RangeError); nothing is silently substituted or ignored.
 *
 * Inputs. Data, messages and passwords are a Uint8Array (a Node Buffer is
 * one) or a string, taken as UTF-8. Keys, IVs and salts must be bytes:
 * cryptographer.js also takes strings there, Saline refuses them with a
 * TypeError (a text key silently loses entropy and hides encoding bugs;
 * encode one explicitly with `utf8ToBytes` from 'saline' if it is really
 * meant). A ciphertext to decrypt must be bytes.
 *
 * outputFormat (hashes, HMACs, ciphers, KDFs):
 *   'hex'     lowercase hex string
 *   'base64'  base64 string (RFC 4648 §4, padded)
 *   'binary'  Uint8Array (cryptographer.js documents a binary string here;
 *             Saline returns the bytes themselves)
 *   'buffer'  the bytes as a Node Buffer where Buffer exists (a Uint8Array
 *             subclass, so `.toString('hex')` works as with cryptographer.js),
 *             a Uint8Array elsewhere
 * Defaults as in cryptographer.js: 'hex' for sha, hmac and kdf.argon2;
 * 'buffer' for cipher.aes and kdf.pbkdf2.
 *
 * sha.<alg>(data, { outputFormat }) and sha.<alg>.create({ outputFormat }):
 *   sha1, sha224, sha256, sha384, sha512, sha3_224, sha3_256, sha3_384,
 *   sha3_512, blake2b, blake2s, blake3, md4, md5, ripemd160, whirlpool
 *   (cryptographer.js's twelve plus SHA-224/384 and SHA3-224/384).
 *   blake3 also takes { keyed (32-byte key), deriveKey | derive_key (context
 *   string), hashLength | hash_length (output bytes) }.
 *   `hash` is an alias of `sha`, as in cryptographer.js's own tests.
 *   create() returns { update(data) (chainable), digest(format?), reset(),
 *   destroy() }; digest() finishes the hasher: reset() it to hash again.
 * hmac.<alg>(data, { key, outputFormat }) and hmac.<alg>.create({ key, outputFormat }):
 *   HMAC (RFC 2104) over every sha.<alg> except blake3 (use its `keyed` mode).
 * cipher.aes.encrypt / decrypt(data, { key, iv, mode, padding, aad, outputFormat }):
 *   key 16, 24 or 32 bytes (AES-128/192/256); mode (default 'cbc'):
 *   'cbc'  iv 16 bytes; padding 'PKCS7' (default; also 'pkcs7') or
 *          'NoPadding' (also 'none': the data must fill whole 16-byte blocks)
 *   'ctr'  iv 16 bytes, the initial counter block (NIST SP 800-38A, as
 *          node:crypto's aes-*-ctr); no padding
 *   'gcm'  iv 12 bytes; optional aad; output ciphertext ‖ 16-byte tag;
 *          decrypt throws if authentication fails; no padding
 *   'ecb', 'ccm' and 'siv' are not implemented and throw, as does padding
 *   'ZeroPadding', a padding with 'ctr'/'gcm', or aad outside 'gcm'.
 * kdf.pbkdf2(password, { salt, iterations = 100000, keyLength = 32, hash = 'sha256', outputFormat }):
 *   PBKDF2-HMAC (RFC 8018) over sha1, sha224, sha256, sha384 or sha512.
 * kdf.argon2(password, { salt, timeCost = 3, memoryCost = 65536 (KiB),
 *   parallelism = 4, variant = 'id', keyLength = 32, outputFormat }):
 *   Argon2 (RFC 9106); variant 'id' | 'i' | 'd' (or 'argon2id' ...). Returns
 *   the raw tag (not a PHC string) synchronously: cryptographer.js's docs
 *   show both `await kdf.argon2(...)` and a plain call, and a plain value
 *   serves both. `.async` is the non-blocking form.
 * kdf.bcrypt.hash(password, { rounds = 10 }) → '$2b$…' string;
 * kdf.bcrypt.verify(password, hash) → boolean. Passwords over 72 bytes are a
 *   RangeError rather than silently truncated; a malformed hash throws.
 * kdf.pbkdf2.async, kdf.argon2.async, kdf.bcrypt.hash.async and
 *   kdf.bcrypt.verify.async (Saline additions) take the same arguments and
 *   resolve off the main thread.
 * randomBytes(size) (size ≥ 1, 'buffer' format) and timingSafeEqual(a, b)
 *   (constant time; false for different lengths).
 *
 * Not provided: cryptographer.js's cipher.des and cipher.chacha20 (whose
 * 'cbc' mode silently means an AEAD), dsa and zk. Saline's own API has
 * ChaCha20-Poly1305, Ed25519 and X25519 under their real names.
 */
import { installFullSyncLoader } from './backend/load-sync.js';
import { cbc, ctr } from './ciphers.js';
import { gcm } from './aead.js';
import {
  blake2b, blake2s, blake3, md4, md5, ripemd160, sha1, sha224, sha256, sha384, sha512,
  sha3_224, sha3_256, sha3_384, sha3_512, whirlpool, type HashFunction, type Hasher,
} from './hashes.js';
import { hmac as salineHmac } from './mac.js';
import { argon2d, argon2i, argon2id, pbkdf2 as salinePbkdf2 } from './kdf.js';
import { bcrypt as salineBcrypt } from './passwords.js';
import { bytes, length, message, options, type Input } from './input.js';
import { bytesToBase64, bytesToHex, equalBytes, randomBytes as systemRandomBytes } from './utils.js';
import { entry } from './catalog.js';

installFullSyncLoader();

// ------------------------------------------------------------------ output formats

/** How a result is returned; see the module notes. */
export type OutputFormat = 'hex' | 'base64' | 'binary' | 'buffer';

/** The type of a result in `F`. */
export type Output<F extends OutputFormat> = F extends 'hex' | 'base64' ? string : Uint8Array;

const FORMATS: readonly OutputFormat[] = ['hex', 'base64', 'binary', 'buffer'];

function outputFormat(where: string, value: unknown, fallback: OutputFormat): OutputFormat {
  if (value === undefined) return fallback;
  if (!FORMATS.includes(value as OutputFormat)) {
    throw new TypeError(`${where}: outputFormat: expected 'hex', 'base64', 'binary' or 'buffer', got ${JSON.stringify(value)}`);
  }
  return value as OutputFormat;
}

type BufferConstructor = { from(buffer: ArrayBufferLike, byteOffset: number, length: number): Uint8Array };

function encode(data: Uint8Array, format: OutputFormat): string | Uint8Array {
  switch (format) {
    case 'hex':
      return bytesToHex(data);
    case 'base64':
      return bytesToBase64(data);
    case 'binary':
      return data;
    case 'buffer': {
      // A view, not a copy: Buffer.from(arrayBuffer, offset, length) shares the memory.
      const NodeBuffer = (globalThis as { Buffer?: BufferConstructor }).Buffer;
      return NodeBuffer ? NodeBuffer.from(data.buffer, data.byteOffset, data.byteLength) : data;
    }
  }
}

/** An option's value, or its default when not given (undefined; null is a value, and refused where invalid). */
function given(value: unknown, fallback: unknown): unknown {
  return value === undefined ? fallback : value;
}

/** A value that may be given under two spellings (cryptographer.js accepts camelCase and snake_case). */
function either(where: string, o: Record<string, unknown>, a: string, b: string): unknown {
  if (o[a] !== undefined && o[b] !== undefined && o[a] !== o[b]) {
    throw new TypeError(`${where}: ${a} and ${b} are the same option; give one`);
  }
  return o[a] !== undefined ? o[a] : o[b];
}

// ------------------------------------------------------------------ sha

/** Options of every sha.<alg>. */
export interface HashOptions<F extends OutputFormat = OutputFormat> {
  /** Default 'hex'. */
  outputFormat?: F;
}

/** Options of sha.blake3 (both spellings cryptographer.js accepts). */
export interface Blake3Options<F extends OutputFormat = OutputFormat> extends HashOptions<F> {
  /** 32-byte key: BLAKE3's keyed hash. */
  keyed?: Uint8Array;
  /** Key-derivation context string: BLAKE3's derive_key mode. */
  deriveKey?: string;
  derive_key?: string;
  /** Output length in bytes (BLAKE3 is extendable; default 32). */
  hashLength?: number;
  hash_length?: number;
}

/** An incremental hash or HMAC. */
export interface HashInstance<F extends OutputFormat = 'hex'> {
  /** Absorbs `data` (a string is taken as UTF-8); returns this instance. */
  update(data: Input): this;
  /** The digest, in the create() format unless `format` is given. Finishes the instance: reset() to reuse it. */
  digest(): Output<F>;
  digest<G extends OutputFormat>(format: G): Output<G>;
  /** Starts over (same key and options). */
  reset(): this;
  /** Frees the state now (it is freed when collected otherwise). */
  destroy(): void;
}

/** sha.<alg>. */
export interface ShaFunction<O extends HashOptions = HashOptions> {
  <F extends OutputFormat = 'hex'>(data: Input, options?: O & HashOptions<F>): Output<F>;
  create<F extends OutputFormat = 'hex'>(options?: O & HashOptions<F>): HashInstance<F>;
}

/** Wraps a saline Hasher as cryptographer.js's HashInstance. */
function instance<F extends OutputFormat>(name: string, hasher: Hasher, fallback: OutputFormat): HashInstance<F> {
  const self: HashInstance<F> = {
    update(data: Input) {
      hasher.update(message(`${name}.update`, 'data', data));
      return self;
    },
    digest(format?: OutputFormat) {
      return encode(hasher.digest(), outputFormat(`${name}.digest`, format, fallback));
    },
    reset() {
      hasher.reset();
      return self;
    },
    destroy() {
      hasher.destroy();
    },
  } as HashInstance<F>;
  return self;
}

/** sha.<alg> for a fixed-output hash: the only option is outputFormat. */
function fixed(name: string, hash: HashFunction<any>): ShaFunction {
  const where = `sha.${name}`;
  const fn = (data: Input, opts?: HashOptions) => {
    const o = options(where, opts, ['outputFormat']);
    const format = outputFormat(where, o.outputFormat, 'hex');
    return encode(hash(message(where, 'data', data)), format);
  };
  const create = (opts?: HashOptions) => {
    const o = options(`${where}.create`, opts, ['outputFormat']);
    return instance(where, hash.create(), outputFormat(`${where}.create`, o.outputFormat, 'hex'));
  };
  return Object.assign(fn, { create }) as ShaFunction;
}

const BLAKE3_OPTIONS = ['outputFormat', 'keyed', 'deriveKey', 'derive_key', 'hashLength', 'hash_length'] as const;

/** Translates cryptographer.js's BLAKE3 options into saline's { key, context, dkLen }. */
function blake3Options(where: string, opts: unknown): [OutputFormat, { key?: Uint8Array; context?: string; dkLen?: number }] {
  const o = options(where, opts, BLAKE3_OPTIONS) as Record<string, unknown>;
  const format = outputFormat(where, o.outputFormat, 'hex');
  const mapped: { key?: Uint8Array; context?: string; dkLen?: number } = {};
  // BLAKE3 spec §2.3: keyed_hash takes a 256-bit key.
  if (o.keyed !== undefined) mapped.key = bytes(where, 'keyed', o.keyed, 32);
  const context = either(where, o, 'deriveKey', 'derive_key');
  if (context !== undefined) {
    if (typeof context !== 'string') throw new TypeError(`${where}: deriveKey: expected a string, got ${typeof context}`);
    mapped.context = context;
  }
  const size = either(where, o, 'hashLength', 'hash_length');
  if (size !== undefined) mapped.dkLen = length(where, 'hashLength', size, 1);
  return [format, mapped];
}

const blake3Function: ShaFunction<Blake3Options> = Object.assign(
  (data: Input, opts?: Blake3Options) => {
    const where = 'sha.blake3';
    const [format, mapped] = blake3Options(where, opts);
    return encode(blake3(message(where, 'data', data), mapped), format);
  },
  {
    create(opts?: Blake3Options) {
      const [format, mapped] = blake3Options('sha.blake3.create', opts);
      return instance('sha.blake3', blake3.create(mapped), format);
    },
  },
) as ShaFunction<Blake3Options>;

/** The fixed-output hashes, by cryptographer.js name; also what hmac and pbkdf2 choose from. */
const FIXED = {
  sha1, sha224, sha256, sha384, sha512, sha3_224, sha3_256, sha3_384, sha3_512,
  blake2b, blake2s, md4, md5, ripemd160, whirlpool,
};

export const sha = {
  sha1: fixed('sha1', sha1),
  sha224: fixed('sha224', sha224),
  sha256: fixed('sha256', sha256),
  sha384: fixed('sha384', sha384),
  sha512: fixed('sha512', sha512),
  sha3_224: fixed('sha3_224', sha3_224),
  sha3_256: fixed('sha3_256', sha3_256),
  sha3_384: fixed('sha3_384', sha3_384),
  sha3_512: fixed('sha3_512', sha3_512),
  blake2b: fixed('blake2b', blake2b),
  blake2s: fixed('blake2s', blake2s),
  blake3: blake3Function,
  md4: fixed('md4', md4),
  md5: fixed('md5', md5),
  ripemd160: fixed('ripemd160', ripemd160),
  whirlpool: fixed('whirlpool', whirlpool),
};

// ------------------------------------------------------------------ hmac

/** Options of hmac.<alg>. */
export interface HmacOptions<F extends OutputFormat = OutputFormat> extends HashOptions<F> {
  /** The key, any length (bytes only; see the module notes). */
  key: Uint8Array;
}

/** hmac.<alg>. */
export interface HmacFunction {
  <F extends OutputFormat = 'hex'>(data: Input, options: HmacOptions<F>): Output<F>;
  create<F extends OutputFormat = 'hex'>(options: HmacOptions<F>): HashInstance<F>;
}

function hmacOptions(where: string, opts: unknown): [Uint8Array, OutputFormat] {
  if (opts === undefined) throw new TypeError(`${where}: options: expected { key, outputFormat? }, got undefined`);
  const o = options(where, opts, ['key', 'outputFormat']);
  return [bytes(where, 'key', o.key), outputFormat(where, o.outputFormat, 'hex')];
}

function hmacFunction(name: string, hash: HashFunction<any>): HmacFunction {
  const where = `hmac.${name}`;
  const fn = (data: Input, opts: HmacOptions) => {
    const [key, format] = hmacOptions(where, opts);
    return encode(salineHmac(hash, key, message(where, 'data', data)), format);
  };
  const create = (opts: HmacOptions) => {
    const [key, format] = hmacOptions(`${where}.create`, opts);
    return instance(where, salineHmac.create(hash, key), format);
  };
  return Object.assign(fn, { create }) as HmacFunction;
}

export const hmac: { readonly [K in keyof typeof FIXED]: HmacFunction } = /* @__PURE__ */ Object.fromEntries(
  Object.entries(FIXED).map(([name, hash]) => [name, hmacFunction(name, hash)]),
) as { [K in keyof typeof FIXED]: HmacFunction };

// ------------------------------------------------------------------ cipher

/** AES modes Saline implements (see the module notes for the rest). */
export type CipherMode = 'cbc' | 'ctr' | 'gcm';

/** Options of cipher.aes.encrypt / decrypt. */
export interface CipherOptions<F extends OutputFormat = OutputFormat> {
  /** 16, 24 or 32 bytes. */
  key: Uint8Array;
  /** 16 bytes for 'cbc' and 'ctr', 12 for 'gcm'. */
  iv: Uint8Array;
  /** Default 'cbc'. */
  mode?: CipherMode;
  /** 'cbc' only: 'PKCS7' (default) or 'NoPadding'; also spelled 'pkcs7' and 'none'. */
  padding?: 'PKCS7' | 'pkcs7' | 'NoPadding' | 'none';
  /** 'gcm' only: associated data, authenticated but not encrypted. */
  aad?: Uint8Array;
  /** Default 'buffer'. */
  outputFormat?: F;
}

const MODES = ['cbc', 'ctr', 'gcm'] as const;
const PADDINGS: Record<string, boolean> = { PKCS7: true, pkcs7: true, NoPadding: false, none: false };
const CIPHER_OPTIONS = ['key', 'iv', 'mode', 'padding', 'aad', 'outputFormat'] as const;

/** The checked options of one AES call. */
function cipherOptions(where: string, opts: unknown) {
  if (opts === undefined) throw new TypeError(`${where}: options: expected { key, iv, mode?, padding?, aad?, outputFormat? }, got undefined`);
  const o = options(where, opts, CIPHER_OPTIONS);
  const mode = given(o.mode, 'cbc');
  if (!MODES.includes(mode as CipherMode)) {
    throw new TypeError(`${where}: mode: ${JSON.stringify(mode)} is not supported; Saline implements 'cbc', 'ctr' and 'gcm' (no ECB, CCM or SIV)`);
  }
  if (o.padding !== undefined && !(typeof o.padding === 'string' && Object.hasOwn(PADDINGS, o.padding))) {
    throw new TypeError(`${where}: padding: ${JSON.stringify(o.padding)} is not supported; use 'PKCS7' or 'NoPadding' (CBC only)`);
  }
  // NoPadding is what CTR and GCM do anyway; PKCS7 they cannot honour.
  if (mode !== 'cbc' && o.padding !== undefined && PADDINGS[o.padding as string]) {
    throw new TypeError(`${where}: padding: '${o.padding}' applies to 'cbc' only; '${mode}' is a stream mode and takes no padding`);
  }
  if (mode !== 'gcm' && o.aad !== undefined) {
    throw new TypeError(`${where}: aad: only 'gcm' authenticates associated data; '${mode}' cannot honour it`);
  }
  const info = entry(`aes-${mode}`);
  return {
    mode: mode as CipherMode,
    key: bytes(where, 'key', o.key, info.key),
    iv: bytes(where, 'iv', o.iv, info.nonce),
    pad: o.padding === undefined ? true : PADDINGS[o.padding as string]!,
    aad: o.aad === undefined ? undefined : bytes(where, 'aad', o.aad),
    format: outputFormat(where, o.outputFormat, 'buffer'),
  };
}

/** Saline's cipher object for the chosen mode: one place maps modes. */
function aesMode(c: ReturnType<typeof cipherOptions>): { encrypt(data: Uint8Array): Uint8Array; decrypt(data: Uint8Array): Uint8Array } {
  return c.mode === 'cbc' ? cbc(c.key, c.iv, { disablePadding: !c.pad })
    : c.mode === 'ctr' ? ctr(c.key, c.iv)
    : gcm(c.key, c.iv, c.aad);
}

function aesEncrypt<F extends OutputFormat = 'buffer'>(data: Input, opts: CipherOptions<F>): Output<F> {
  const where = 'cipher.aes.encrypt';
  const c = cipherOptions(where, opts);
  return encode(aesMode(c).encrypt(message(where, 'data', data)), c.format) as Output<F>;
}

function aesDecrypt<F extends OutputFormat = 'buffer'>(data: Uint8Array, opts: CipherOptions<F>): Output<F> {
  const where = 'cipher.aes.decrypt';
  const c = cipherOptions(where, opts);
  return encode(aesMode(c).decrypt(bytes(where, 'data', data)), c.format) as Output<F>;
}

export const cipher = {
  aes: {
    /** Encrypts `data` (a string is taken as UTF-8); see CipherOptions. */
    encrypt: aesEncrypt,
    /** Decrypts `data`; 'gcm' throws when authentication fails, 'cbc' on bad padding. */
    decrypt: aesDecrypt,
  },
};

// ------------------------------------------------------------------ kdf

/** Options of kdf.pbkdf2. */
export interface Pbkdf2Options<F extends OutputFormat = OutputFormat> {
  salt: Uint8Array;
  /** Default 100000 (OWASP 2023 advises 600000 for SHA-256). */
  iterations?: number;
  /** Output bytes, default 32. */
  keyLength?: number;
  /** Default 'sha256'. */
  hash?: 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512';
  /** Default 'buffer'. */
  outputFormat?: F;
}

const PBKDF2_HASHES = ['sha1', 'sha224', 'sha256', 'sha384', 'sha512'] as const;

function pbkdf2Plan(password: Input, opts: unknown) {
  const where = 'kdf.pbkdf2';
  if (opts === undefined) throw new TypeError(`${where}: options: expected { salt, iterations?, keyLength?, hash?, outputFormat? }, got undefined`);
  const o = options(where, opts, ['salt', 'iterations', 'keyLength', 'hash', 'outputFormat']);
  const hash = given(o.hash, 'sha256');
  if (!PBKDF2_HASHES.includes(hash as (typeof PBKDF2_HASHES)[number])) {
    throw new TypeError(`${where}: hash: expected one of ${PBKDF2_HASHES.join(', ')}, got ${JSON.stringify(hash)}`);
  }
  const args = [
    FIXED[hash as (typeof PBKDF2_HASHES)[number]],
    message(where, 'password', password),
    bytes(where, 'salt', o.salt),
    { c: length(where, 'iterations', given(o.iterations, 100000), 1), dkLen: length(where, 'keyLength', given(o.keyLength, 32), 1) },
  ] as const;
  return { args, format: outputFormat(where, o.outputFormat, 'buffer') };
}

/** Options of kdf.argon2. */
export interface Argon2Options<F extends OutputFormat = OutputFormat> {
  salt: Uint8Array;
  /** Passes, default 3. */
  timeCost?: number;
  /** Memory in KiB, default 65536 (64 MiB). */
  memoryCost?: number;
  /** Lanes, default 4. */
  parallelism?: number;
  /** Default 'id'. */
  variant?: 'id' | 'i' | 'd' | 'argon2id' | 'argon2i' | 'argon2d';
  /** Output bytes, default 32. */
  keyLength?: number;
  /** Default 'hex'. */
  outputFormat?: F;
}

const ARGON2_VARIANTS = { id: argon2id, i: argon2i, d: argon2d, argon2id, argon2i, argon2d } as const;

function argon2Plan(password: Input, opts: unknown) {
  const where = 'kdf.argon2';
  if (opts === undefined) throw new TypeError(`${where}: options: expected { salt, timeCost?, memoryCost?, parallelism?, variant?, keyLength?, outputFormat? }, got undefined`);
  const o = options(where, opts, ['salt', 'timeCost', 'memoryCost', 'parallelism', 'variant', 'keyLength', 'outputFormat']);
  const variant = given(o.variant, 'id');
  if (typeof variant !== 'string' || !Object.hasOwn(ARGON2_VARIANTS, variant)) {
    throw new TypeError(`${where}: variant: expected 'id', 'i' or 'd' (or 'argon2id', 'argon2i', 'argon2d'), got ${JSON.stringify(variant)}`);
  }
  const args = [
    message(where, 'password', password),
    bytes(where, 'salt', o.salt),
    {
      t: length(where, 'timeCost', given(o.timeCost, 3), 1),
      m: length(where, 'memoryCost', given(o.memoryCost, 65536), 1),
      p: length(where, 'parallelism', given(o.parallelism, 4), 1),
      dkLen: length(where, 'keyLength', given(o.keyLength, 32), 1),
    },
  ] as const;
  return { fn: ARGON2_VARIANTS[variant as keyof typeof ARGON2_VARIANTS], args, format: outputFormat(where, o.outputFormat, 'hex') };
}

/** Options of kdf.bcrypt.hash. */
export interface BcryptOptions {
  /** Cost: 2^rounds iterations, 4 to 31; default 10. */
  rounds?: number;
}

function bcryptRounds(opts: unknown): number {
  const where = 'kdf.bcrypt.hash';
  const o = options(where, opts, ['rounds']);
  return o.rounds === undefined ? 10 : length(where, 'rounds', o.rounds);
}

function hashString(where: string, hash: unknown): string {
  if (typeof hash !== 'string') throw new TypeError(`${where}: hash: expected a string, got ${hash === null ? 'null' : typeof hash}`);
  return hash;
}

/** kdf.pbkdf2, with its off-thread twin. */
export interface Pbkdf2Function {
  <F extends OutputFormat = 'buffer'>(password: Input, options: Pbkdf2Options<F>): Output<F>;
  async<F extends OutputFormat = 'buffer'>(password: Input, options: Pbkdf2Options<F>): Promise<Output<F>>;
}

/** kdf.argon2, with its off-thread twin. */
export interface Argon2Function {
  <F extends OutputFormat = 'hex'>(password: Input, options: Argon2Options<F>): Output<F>;
  async<F extends OutputFormat = 'hex'>(password: Input, options: Argon2Options<F>): Promise<Output<F>>;
}

/** kdf.bcrypt. */
export interface Bcrypt {
  /** A '$2b$' hash string of `password` (a string is taken as UTF-8), with a random salt. */
  hash: ((password: Input, options?: BcryptOptions) => string) & { async(password: Input, options?: BcryptOptions): Promise<string> };
  /** Whether `password` matches a '$2a$' / '$2b$' / '$2y$' hash; a malformed hash throws. */
  verify: ((password: Input, hash: string) => boolean) & { async(password: Input, hash: string): Promise<boolean> };
}

const pbkdf2: Pbkdf2Function = /* @__PURE__ */ Object.assign(
  (password: Input, opts: Pbkdf2Options) => {
    const { args, format } = pbkdf2Plan(password, opts);
    return encode(salinePbkdf2(...args), format);
  },
  {
    async: async (password: Input, opts: Pbkdf2Options) => {
      const { args, format } = pbkdf2Plan(password, opts);
      return encode(await salinePbkdf2.async(...args), format);
    },
  },
) as Pbkdf2Function;

const argon2: Argon2Function = /* @__PURE__ */ Object.assign(
  (password: Input, opts: Argon2Options) => {
    const { fn, args, format } = argon2Plan(password, opts);
    return encode(fn(...args), format);
  },
  {
    async: async (password: Input, opts: Argon2Options) => {
      const { fn, args, format } = argon2Plan(password, opts);
      return encode(await fn.async(...args), format);
    },
  },
) as Argon2Function;

const bcrypt: Bcrypt = {
  hash: Object.assign((password: Input, opts?: BcryptOptions) => salineBcrypt.hash(password, bcryptRounds(opts)), {
    async: async (password: Input, opts?: BcryptOptions) => salineBcrypt.hash.async(password, bcryptRounds(opts)),
  }),
  verify: Object.assign((password: Input, hash: string) => salineBcrypt.verify(password, hashString('kdf.bcrypt.verify', hash)), {
    async: async (password: Input, hash: string) => salineBcrypt.verify.async(password, hashString('kdf.bcrypt.verify', hash)),
  }),
};

export const kdf = { pbkdf2, argon2, bcrypt };

// ------------------------------------------------------------------ utilities

/** `size` random bytes from the system CSPRNG ('buffer' format); size must be at least 1, as in cryptographer.js. */
export function randomBytes(size: number): Uint8Array {
  const n = length('randomBytes', 'size', size, 1);
  return encode(systemRandomBytes(n), 'buffer') as Uint8Array;
}

/** Whether a and b (bytes, or strings taken as UTF-8) are equal, in time independent of their contents; false for different lengths. */
export function timingSafeEqual(a: Input, b: Input): boolean {
  const x = message('timingSafeEqual', 'a', a);
  const y = message('timingSafeEqual', 'b', b);
  return x.length === y.length && equalBytes(x, y);
}

/** cryptographer.js's `hash` namespace is the same as `sha`. */
export const hash = sha;

/** The cryptographer.js default export. */
const cryptographer = { sha, hash, hmac, cipher, kdf, randomBytes, timingSafeEqual };

export default cryptographer;
