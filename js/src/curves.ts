/**
 * Ed25519 signatures (RFC 8032) and X25519 key agreement (RFC 7748), with
 * noble-curves' names.
 *
 * An Ed25519 secret key is the 32-byte seed, as in noble and RFC 8032 §5.1.5.
 * The 64-byte form of libsodium and tweetnacl (seed ‖ public key) is accepted
 * too wherever a secret key goes in; its public half must match the seed.
 */
import { Op } from './backend/types.js';
import { call, callBoolean } from './call.js';
import { entry, exactly } from './catalog.js';
import { bytes, flag, message, optionalBytes, options, type Input } from './input.js';
import { randomBytes } from './utils.js';

/** A secret key with its public key. */
export interface KeyPair {
  secretKey: Uint8Array<ArrayBuffer>;
  publicKey: Uint8Array<ArrayBuffer>;
}

/** Ed25519 verification options. */
export interface VerifyOptions {
  /**
   * false (the default): RFC 8032's checks as libsodium applies them —
   * canonical encodings, no small-order public key or R, so that a valid
   * signature cannot be altered into another valid one (SUF-CMA).
   * true: ZIP-215's rules, which accept every signature any correct
   * implementation accepts (consensus systems need that agreement).
   * Note that noble defaults to true; Saline defaults to the stricter rules.
   */
  zip215?: boolean;
}

const SIGNATURE = { 'secret key': 'secretKey', 'public key': 'publicKey', message: 'msg' };

function ed() {
  const info = entry('ed25519');
  return { id: info.id, keyLength: exactly(info.key), signatureLength: info.outputLength };
}

export const ed25519 = {
  /** A key pair: `secretKey` is the 32-byte seed (random, or `seed` itself). */
  keygen(seed?: Uint8Array): KeyPair {
    const { id, keyLength } = ed();
    const s = optionalBytes('ed25519.keygen', 'seed', seed, keyLength);
    // The core answers the 64-byte private key (seed ‖ pk) then the public key.
    const out = call({ fn: 'ed25519.keygen' }, Op.Ed25519KeyPair, id, [s], [], 3 * keyLength);
    const pair = { secretKey: out.slice(0, keyLength), publicKey: out.slice(2 * keyLength) };
    out.fill(0);
    return pair;
  },

  /** The 32-byte public key of a secret key (32-byte seed or 64-byte seed ‖ pk). */
  getPublicKey(secretKey: Uint8Array): Uint8Array<ArrayBuffer> {
    const { id, keyLength } = ed();
    const sk = bytes('ed25519.getPublicKey', 'secretKey', secretKey);
    return call({ fn: 'ed25519.getPublicKey', renames: SIGNATURE }, Op.Ed25519PublicKey, id, [sk], [], keyLength);
  },

  /** The 64-byte signature of `msg` (a string is taken as UTF-8). Deterministic (RFC 8032 §5.1.6). */
  sign(msg: Input, secretKey: Uint8Array): Uint8Array<ArrayBuffer> {
    const { id, signatureLength } = ed();
    const m = message('ed25519.sign', 'msg', msg);
    const sk = bytes('ed25519.sign', 'secretKey', secretKey);
    return call({ fn: 'ed25519.sign', renames: SIGNATURE }, Op.Ed25519Sign, id, [m, sk], [], signatureLength);
  },

  /**
   * Whether `signature` is valid for `msg` under `publicKey`. An invalid
   * signature or key encoding is false; wrong types or lengths throw.
   * Variable time (everything it reads is public).
   */
  verify(signature: Uint8Array, msg: Input, publicKey: Uint8Array, opts?: VerifyOptions): boolean {
    const where = 'ed25519.verify';
    const { id, keyLength, signatureLength } = ed();
    const zip215 = flag(where, 'zip215', options(where, opts, ['zip215']).zip215, false);
    const sig = bytes(where, 'signature', signature, signatureLength);
    const m = message(where, 'msg', msg);
    const pk = bytes(where, 'publicKey', publicKey, keyLength);
    return callBoolean({ fn: where, renames: SIGNATURE }, Op.Ed25519Verify, id, [sig, m, pk], [zip215 ? 1 : 0]);
  },

  utils: {
    /** 32 random bytes: a fresh secret key (seed). */
    randomSecretKey(): Uint8Array<ArrayBuffer> {
      return randomBytes(ed().keyLength);
    },
    /**
     * The X25519 public key of an Ed25519 public key (the birational map
     * u = (1 + y) / (1 − y), RFC 7748 §4.1). Throws for a small-order or
     * non-canonical key.
     */
    toMontgomery(publicKey: Uint8Array): Uint8Array<ArrayBuffer> {
      const { id, keyLength } = ed();
      const pk = bytes('ed25519.utils.toMontgomery', 'publicKey', publicKey, keyLength);
      return call({ fn: 'ed25519.utils.toMontgomery', renames: SIGNATURE }, Op.Ed25519ToX25519Public, id, [pk], [], keyLength);
    },
    /** The X25519 secret key of an Ed25519 secret key: the clamped first half of SHA-512(seed), as libsodium. */
    toMontgomerySecret(secretKey: Uint8Array): Uint8Array<ArrayBuffer> {
      const { id, keyLength } = ed();
      const sk = bytes('ed25519.utils.toMontgomerySecret', 'secretKey', secretKey);
      return call({ fn: 'ed25519.utils.toMontgomerySecret', renames: SIGNATURE }, Op.Ed25519ToX25519Secret, id, [sk], [], keyLength);
    },
  },
};

function xInfo() {
  const info = entry('x25519');
  return { id: info.id, keyLength: exactly(info.key), sharedLength: info.outputLength };
}

const AGREEMENT = { 'secret key': 'secretKey', 'public key': 'publicKey' };

export const x25519 = {
  /** The public key (the u-coordinate of secretKey · 9, RFC 7748 §5; the core clamps). */
  getPublicKey(secretKey: Uint8Array): Uint8Array<ArrayBuffer> {
    const { id, keyLength } = xInfo();
    const sk = bytes('x25519.getPublicKey', 'secretKey', secretKey, keyLength);
    return call({ fn: 'x25519.getPublicKey', renames: AGREEMENT }, Op.X25519PublicKey, id, [sk], [], keyLength);
  },

  /**
   * The shared secret of our secret key and their public key. Throws when
   * the result is all zeros (a small-order public key, RFC 7748 §6.1). Hash
   * it (with both public keys) before using it as a key.
   */
  getSharedSecret(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array<ArrayBuffer> {
    const { id, keyLength, sharedLength } = xInfo();
    const sk = bytes('x25519.getSharedSecret', 'secretKey', secretKey, keyLength);
    const pk = bytes('x25519.getSharedSecret', 'publicKey', publicKey, keyLength);
    return call({ fn: 'x25519.getSharedSecret', renames: AGREEMENT }, Op.X25519Shared, id, [sk, pk], [], sharedLength);
  },

  /** A key pair whose secret key is `seed` (32 bytes) itself, or random; as noble's x25519.keygen. */
  keygen(seed?: Uint8Array): KeyPair {
    const { keyLength } = xInfo();
    const secretKey = seed === undefined ? randomBytes(keyLength) : bytes('x25519.keygen', 'seed', seed, keyLength).slice();
    return { secretKey, publicKey: x25519.getPublicKey(secretKey) };
  },

  utils: {
    /** 32 random bytes: a fresh secret key. */
    randomSecretKey(): Uint8Array<ArrayBuffer> {
      return randomBytes(xInfo().keyLength);
    },
  },
};
