/**
 * Message authentication codes: HMAC (RFC 2104) over any fixed-output hash
 * of the catalog, and Poly1305 (RFC 8439 §2.5).
 */
import { Op } from './backend/types.js';
import { call } from './call.js';
import { entry, find } from './catalog.js';
import { hashName, type HashFunction } from './hashes.js';
import { bytes, message, type Input } from './input.js';
import { openStream, type Hasher } from './stream.js';

/**
 * The catalog's HMAC over `hash` ("hmac-sha256"). The XOFs have none: SHAKE
 * would need KMAC, and BLAKE3 (like BLAKE2) has a keyed mode that is the MAC.
 */
export function hmacEntry(where: string, hash: unknown) {
  const name = hashName(where, hash);
  const found = find(`hmac-${name}`);
  if (!found) {
    throw new TypeError(
      `${where}: hash: ${name} has no HMAC (extendable-output functions do not; use blake3(msg, { key }) or blake2b(msg, { key }) for a keyed hash)`,
    );
  }
  return found;
}

/** HMAC interface: call it for a one-shot tag, `.create()` to authenticate incrementally. */
export interface Hmac {
  /** HMAC-`hash` of `msg` under `key` (any length; keys longer than the block are hashed first, RFC 2104 §2). */
  (hash: HashFunction<any>, key: Uint8Array, msg: Input): Uint8Array<ArrayBuffer>;
  /** An incremental HMAC: update(), then digest(). */
  create(hash: HashFunction<any>, key: Uint8Array): Hasher;
}

/** HMAC (RFC 2104): `hmac(sha256, key, msg)`. Compare tags with `equalBytes`, never `===` on hex. */
export const hmac: Hmac = /* @__PURE__ */ Object.assign(
  (hash: HashFunction<any>, key: Uint8Array, msg: Input): Uint8Array<ArrayBuffer> => {
    const info = hmacEntry('hmac', hash);
    const k = bytes('hmac', 'key', key);
    return call({ fn: 'hmac' }, Op.Mac, info.id, [k, message('hmac', 'msg', msg)], [], info.outputLength);
  },
  {
    create(hash: HashFunction<any>, key: Uint8Array): Hasher {
      const info = hmacEntry('hmac.create', hash);
      const k = bytes('hmac.create', 'key', key);
      return openStream('hmac.create', info.id, [k], [], info.outputLength, info.blockLength);
    },
  },
);

/**
 * Poly1305 (RFC 8439 §2.5): a 16-byte tag of `msg` under a 32-byte ONE-TIME
 * key. Never authenticate two messages with the same key.
 */
export function poly1305(msg: Input, key: Uint8Array): Uint8Array<ArrayBuffer> {
  const info = entry('poly1305');
  const k = bytes('poly1305', 'key', key, info.key);
  return call({ fn: 'poly1305' }, Op.Mac, info.id, [k, message('poly1305', 'msg', msg)], [], info.outputLength);
}
