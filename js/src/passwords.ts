/**
 * Password hashing to self-describing strings: bcrypt's "$2b$" modular
 * crypt format, and Argon2's PHC strings ("$argon2id$v=19$m=...,t=...,p=...$salt$hash").
 * `verify` answers true or false for a well-formed hash and throws for a
 * malformed one. Each function also has `.async(...)`.
 */
import { Op } from './backend/types.js';
import { entry } from './catalog.js';
import { kdf, type Plan, type WithAsync } from './kdf.js';
import { flag, integer, length, message, optionalBytes, options, type Input } from './input.js';

const decoder = /* @__PURE__ */ new TextDecoder();

/**
 * A string result from its UTF-8 bytes. An async result may keep the unused
 * tail of its buffer as zeros; no hash string contains NUL, so it is cut.
 */
function text(out: Uint8Array | null): string {
  const bytes = out ?? new Uint8Array();
  const end = bytes.indexOf(0);
  return decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
}

const verified = (out: Uint8Array | null): boolean => out !== null;

/** A hash string argument: text only. */
function hashString(where: string, name: string, value: unknown): Uint8Array {
  if (typeof value !== 'string') throw new TypeError(`${where}: ${name}: expected a string, got ${value === null ? 'null' : typeof value}`);
  return message(where, name, value);
}

// "$2b$" + 2-digit cost + "$" + 22 salt characters + 31 hash characters (OpenBSD bcrypt's format).
const BCRYPT_LENGTH = 60;

/** bcrypt options. */
export interface BcryptOptions {
  /** The 16-byte salt; random when omitted (give one only to reproduce a known hash). */
  salt?: Uint8Array;
  /**
   * bcrypt reads at most 72 bytes of password. By default a longer one is a
   * RangeError rather than silently shortened; true truncates it, as
   * OpenBSD and bcryptjs do.
   */
  truncate?: boolean;
}

export const bcrypt: {
  /** A "$2b$" hash of `password` (a string is taken as UTF-8) at `cost` (4 to 31; 2^cost rounds). */
  hash: WithAsync<[password: Input, cost: number, opts?: BcryptOptions], string>;
  /** Whether `password` matches a "$2a$"/"$2b$"/"$2y$" `hash`. */
  verify: WithAsync<[password: Input, hash: string, opts?: Omit<BcryptOptions, 'salt'>], boolean>;
} = {
  hash: /* @__PURE__ */ kdf((password: Input, cost: number, opts?: BcryptOptions): Plan => {
    const fn = 'bcrypt.hash';
    const o = options(fn, opts, ['salt', 'truncate']);
    return {
      where: { fn },
      op: Op.BcryptHash,
      alg: entry('bcrypt').id,
      bytes: [message(fn, 'password', password), optionalBytes(fn, 'salt', o.salt)],
      nums: [integer(fn, 'cost', cost, 0, 0xffffffff), flag(fn, 'truncate', o.truncate, false) ? 1 : 0],
      outLength: BCRYPT_LENGTH,
    };
  }, text),
  verify: /* @__PURE__ */ kdf((password: Input, hash: string, opts?: Omit<BcryptOptions, 'salt'>): Plan => {
    const fn = 'bcrypt.verify';
    const o = options(fn, opts, ['truncate']);
    return {
      where: { fn },
      op: Op.BcryptVerify,
      alg: entry('bcrypt').id,
      bytes: [message(fn, 'password', password), hashString(fn, 'hash', hash)],
      nums: [flag(fn, 'truncate', o.truncate, false) ? 1 : 0],
      outLength: 0,
      verify: true,
    };
  }, verified),
};

/** argon2.hash options: the cost parameters (RFC 9106 §3.1) that go into the PHC string. */
export interface Argon2HashOptions {
  /** 'argon2id' (default), 'argon2i' or 'argon2d'. */
  type?: 'argon2id' | 'argon2i' | 'argon2d';
  /** Passes (time cost), at least 1. */
  t: number;
  /** Memory in KiB, at least 8 · p. */
  m: number;
  /** Lanes (parallelism). */
  p: number;
  /** Hash length in bytes (default 32). */
  dkLen?: number;
  /** Salt, 8 to 48 bytes; 16 random bytes when omitted (give one only to reproduce a known hash). */
  salt?: Uint8Array;
}

const TYPES = ['argon2id', 'argon2i', 'argon2d'] as const;

export const argon2: {
  /** Cost settings from published recommendations, to pass to `hash` (see argon2Presets). */
  presets: ReturnType<typeof argon2Presets>;
  /** Whether a PHC string was made with other settings than `opts` (see argon2NeedsRehash). */
  needsRehash: (phc: string, opts: Argon2HashOptions) => boolean;
  /** A PHC string of `password` (a string is taken as UTF-8). */
  hash: WithAsync<[password: Input, opts: Argon2HashOptions], string>;
  /** Whether `password` matches a PHC string (its variant and costs come from the string). */
  verify: WithAsync<[password: Input, phc: string], boolean>;
} = {
  presets: /* @__PURE__ */ argon2Presets(),
  needsRehash: argon2NeedsRehash,
  hash: /* @__PURE__ */ kdf((password: Input, opts: Argon2HashOptions): Plan => {
    const fn = 'argon2.hash';
    const o = options(fn, opts, ['type', 't', 'm', 'p', 'dkLen', 'salt']);
    const type = o.type ?? 'argon2id';
    if (!TYPES.includes(type as (typeof TYPES)[number])) {
      throw new TypeError(`${fn}: type: expected 'argon2id', 'argon2i' or 'argon2d', got ${JSON.stringify(type)}`);
    }
    const info = entry(type as string);
    const dkLen = o.dkLen === undefined ? info.outputLength : length(fn, 'dkLen', o.dkLen);
    return {
      where: { fn },
      op: Op.Argon2Hash,
      alg: info.id,
      bytes: [message(fn, 'password', password), optionalBytes(fn, 'salt', o.salt)],
      nums: [length(fn, 't', o.t), length(fn, 'm', o.m), length(fn, 'p', o.p), dkLen],
      // "$argon2id$v=19$m=<10 digits>,t=<10>,p=<8>$" is under 64 characters;
      // then unpadded base64 of the salt (at most 48 bytes) and of the hash.
      outLength: 64 + Math.ceil((48 * 4) / 3) + 1 + Math.ceil((dkLen * 4) / 3),
    };
  }, text),
  verify: /* @__PURE__ */ kdf((password: Input, phc: string): Plan => {
    const fn = 'argon2.verify';
    return {
      where: { fn, renames: { hash: 'phc' } },
      op: Op.Argon2Verify,
      alg: entry('argon2id').id,
      bytes: [message(fn, 'password', password), hashString(fn, 'phc', phc)],
      nums: [],
      outLength: 0,
      verify: true,
    };
  }, verified),
};

/**
 * The presets of `argon2.presets` (a function, hoisted, because the
 * `argon2` object above is built when this module loads). All are
 * Argon2id, with the default 16-byte random salt and 32-byte hash, as both
 * sources ask.
 */
function argon2Presets() {
  return Object.freeze({
    /**
     * RFC 9106 §4, the FIRST RECOMMENDED option: t=1, p=4, m=2^21 KiB
     * (2 GiB). For servers that can spend 2 GiB per hash.
     */
    rfc9106: Object.freeze({ type: 'argon2id', t: 1, m: 2097152, p: 4 } as const),
    /**
     * RFC 9106 §4, the SECOND RECOMMENDED option, "if much less memory is
     * available": t=3, p=4, m=2^16 KiB (64 MiB).
     */
    rfc9106LowMemory: Object.freeze({ type: 'argon2id', t: 3, m: 65536, p: 4 } as const),
    /**
     * OWASP Password Storage Cheat Sheet (Argon2id section): "a minimum
     * configuration of 19 MiB of memory, an iteration count of 2, and 1
     * degree of parallelism": m=19456 KiB, t=2, p=1.
     */
    owasp: Object.freeze({ type: 'argon2id', t: 2, m: 19456, p: 1 } as const),
  });
}

/**
 * "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>" (the PHC string format;
 * "v=" is absent from strings made before version 1.3, RFC 9106 §3.1).
 */
const PHC = /^\$(argon2id|argon2i|argon2d)\$(?:v=(\d+)\$)?m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Argon2 version 1.3 (0x13), the one `argon2.hash` writes (RFC 9106 §3.1). */
const ARGON2_VERSION = 19;

/**
 * Whether `phc` was made with other settings than `opts` would make now:
 * another variant, version, memory, passes, lanes or hash length (the salt
 * is not compared: each hash has its own). Call it after a successful
 * `argon2.verify`, and store `argon2.hash(password, opts)` in its place when
 * it answers true. A malformed PHC string is an Error.
 */
function argon2NeedsRehash(phc: string, opts: Argon2HashOptions): boolean {
  const fn = 'argon2.needsRehash';
  if (typeof phc !== 'string') throw new TypeError(`${fn}: phc: expected a string, got ${phc === null ? 'null' : typeof phc}`);
  const o = options(fn, opts, ['type', 't', 'm', 'p', 'dkLen', 'salt']);
  const type = o.type ?? 'argon2id';
  if (!TYPES.includes(type as (typeof TYPES)[number])) {
    throw new TypeError(`${fn}: type: expected 'argon2id', 'argon2i' or 'argon2d', got ${JSON.stringify(type)}`);
  }
  const dkLen = o.dkLen === undefined ? entry(type as string).outputLength : length(fn, 'dkLen', o.dkLen);
  const wanted = [type, ARGON2_VERSION, length(fn, 'm', o.m), length(fn, 't', o.t), length(fn, 'p', o.p), dkLen];
  const m = PHC.exec(phc);
  if (!m) throw new Error(`${fn}: phc: not an Argon2 PHC string ("$argon2id$v=19$m=...,t=...,p=...$salt$hash")`);
  const hashChars = m[7]!.length;
  if (hashChars % 4 === 1) throw new Error(`${fn}: phc: the hash is not valid base64`);
  const found = [m[1], m[2] === undefined ? 16 : Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Math.floor((hashChars * 3) / 4)];
  return found.some((value, i) => value !== wanted[i]);
}
