/**
 * Message authentication codes: HMAC (RFC 2104) over any fixed-output hash
 * of the catalog, and Poly1305 (RFC 8439 §2.5).
 */
import { Op } from './backend/types.js';
import { call, callInto } from './call.js';
import { entryOnce, find, type CatalogEntry } from './catalog.js';
import { hashName, type HashFunction } from './hashes.js';
import { bytes, message, type Input } from './input.js';
import { openStream, type Hasher } from './stream.js';

/** Each hash function's HMAC entry, looked up once (a string key and a map lookup per call otherwise). */
const hmacOf = /* @__PURE__ */ new WeakMap<Function, CatalogEntry>();

/**
 * The catalog's HMAC over `hash` ("hmac-sha256"). The XOFs have none: SHAKE
 * would need KMAC, and BLAKE3 (like BLAKE2) has a keyed mode that is the MAC.
 */
export function hmacEntry(where: string, hash: unknown): CatalogEntry {
  const known = typeof hash === 'function' ? hmacOf.get(hash) : undefined;
  if (known) return known;
  const name = hashName(where, hash);
  const found = find(`hmac-${name}`);
  if (!found) {
    throw new TypeError(
      `${where}: hash: ${name} has no HMAC (extendable-output functions do not; use blake3(msg, { key }) or blake2b(msg, { key }) for a keyed hash)`,
    );
  }
  hmacOf.set(hash as Function, found);
  return found;
}

/** HMAC interface: call it for a one-shot tag, `.create()` to authenticate incrementally. */
export interface Hmac {
  /** HMAC-`hash` of `msg` under `key` (any length; keys longer than the block are hashed first, RFC 2104 §2). */
  (hash: HashFunction<any>, key: Uint8Array, msg: Input): Uint8Array<ArrayBuffer>;
  /** An incremental HMAC: update(), then digest(). */
  create(hash: HashFunction<any>, key: Uint8Array): Hasher;
  /** The tag into `out` (exactly the hash's output length, not overlapping the inputs); returns `out`, allocating nothing. */
  into<T extends Uint8Array>(out: T, hash: HashFunction<any>, key: Uint8Array, msg: Input): T;
}

const HMAC = { fn: 'hmac' };
const HMAC_INTO = { fn: 'hmac.into' };

/** HMAC (RFC 2104): `hmac(sha256, key, msg)`. Compare tags with `equalBytes`, never `===` on hex. */
export const hmac: Hmac = /* @__PURE__ */ Object.assign(
  (hash: HashFunction<any>, key: Uint8Array, msg: Input): Uint8Array<ArrayBuffer> => {
    const info = hmacEntry('hmac', hash);
    const k = bytes('hmac', 'key', key);
    return call(HMAC, Op.Mac, info.id, [k, message('hmac', 'msg', msg)], [], info.outputLength);
  },
  {
    into<T extends Uint8Array>(out: T, hash: HashFunction<any>, key: Uint8Array, msg: Input): T {
      const info = hmacEntry('hmac.into', hash);
      const k = bytes('hmac.into', 'key', key);
      return callInto(HMAC_INTO, Op.Mac, info.id, [k, message('hmac.into', 'msg', msg)], [], out, info.outputLength) as T;
    },
    create(hash: HashFunction<any>, key: Uint8Array): Hasher {
      const info = hmacEntry('hmac.create', hash);
      const k = bytes('hmac.create', 'key', key);
      return openStream('hmac.create', info.id, [k], [], info.outputLength, info.blockLength);
    },
  },
);

/** Poly1305: call it for a tag; `.into(out, msg, key)` writes the tag into `out`. */
export interface Poly1305 {
  /**
   * Poly1305 (RFC 8439 §2.5): a 16-byte tag of `msg` under a 32-byte ONE-TIME
   * key. Never authenticate two messages with the same key.
   */
  (msg: Input, key: Uint8Array): Uint8Array<ArrayBuffer>;
  /** The tag into `out` (16 bytes, not overlapping the inputs); returns `out`, allocating nothing. */
  into<T extends Uint8Array>(out: T, msg: Input, key: Uint8Array): T;
}

const POLY1305 = { fn: 'poly1305' };
const POLY1305_INTO = { fn: 'poly1305.into' };

/**
 * Poly1305 (RFC 8439 §2.5): a 16-byte tag of `msg` under a 32-byte ONE-TIME
 * key. Never authenticate two messages with the same key.
 */
const POLY1305_ENTRY = /* @__PURE__ */ entryOnce('poly1305');

export const poly1305: Poly1305 = /* @__PURE__ */ Object.assign(
  function poly1305(msg: Input, key: Uint8Array): Uint8Array<ArrayBuffer> {
    const info = POLY1305_ENTRY();
    const k = bytes('poly1305', 'key', key, info.key);
    return call(POLY1305, Op.Mac, info.id, [k, message('poly1305', 'msg', msg)], [], info.outputLength);
  },
  {
    into<T extends Uint8Array>(out: T, msg: Input, key: Uint8Array): T {
      const info = POLY1305_ENTRY();
      const k = bytes('poly1305.into', 'key', key, info.key);
      return callInto(POLY1305_INTO, Op.Mac, info.id, [k, message('poly1305.into', 'msg', msg)], [], out, info.outputLength) as T;
    },
  },
);
