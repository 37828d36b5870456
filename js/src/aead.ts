/**
 * Authenticated encryption, noble-style: `gcm(key, nonce, aad).encrypt(pt)`.
 * One table row per algorithm; sizes and the tag position come from the
 * catalog (RFC 5116 AEADs append the tag, XSalsa20-Poly1305 prepends it as
 * NaCl's secretbox does).
 */
import { Op } from './backend/types.js';
import { call } from './call.js';
import { entry } from './catalog.js';
import { bytes, message, optionalBytes, type Input } from './input.js';

/** An AEAD or cipher mode bound to a key and nonce. */
export interface Cipher {
  /**
   * Encrypts `plaintext` (a string is taken as UTF-8). Callable once per
   * object: encrypting two messages under one key and nonce breaks every
   * one of these ciphers, so a second call throws; make a new object with
   * a fresh nonce instead.
   */
  encrypt(plaintext: Input): Uint8Array<ArrayBuffer>;
  /**
   * Decrypts `ciphertext`. For an AEAD, a failed tag check throws an Error
   * whose message says authentication failed, and releases no plaintext.
   */
  decrypt(ciphertext: Uint8Array): Uint8Array<ArrayBuffer>;
}

/**
 * Rejects a second encrypt() (noble ciphers does the same). The flag is set
 * only once the arguments have passed their checks.
 */
export function encryptOnce(where: string, encrypt: (plaintext: Input) => Uint8Array<ArrayBuffer>): (plaintext: Input) => Uint8Array<ArrayBuffer> {
  let used = false;
  return (plaintext) => {
    if (used) throw new Error(`${where}: encrypt() was already called on this object: never reuse a key and nonce, make a new object with a fresh nonce`);
    const out = encrypt(plaintext);
    used = true;
    return out;
  };
}

const FAILURE = 'authentication failed: the ciphertext, tag, key, nonce or associated data is wrong (no plaintext released)';

function aead(exportName: string, name: string, key: unknown, nonce: unknown, aad: unknown): Cipher {
  const info = entry(name);
  const args = (where: string) => [
    bytes(where, 'key', key, info.key),
    bytes(where, 'nonce', nonce, info.nonce),
    optionalBytes(where, 'aad', aad),
  ];
  args(exportName);
  return {
    encrypt: encryptOnce(`${exportName}.encrypt`, (plaintext) => {
      const where = `${exportName}.encrypt`;
      const data = message(where, 'plaintext', plaintext);
      return call({ fn: where }, Op.AeadSeal, info.id, [...args(where), data], [], data.length + info.tagLength);
    }),
    decrypt(ciphertext) {
      const where = `${exportName}.decrypt`;
      const data = bytes(where, 'ciphertext', ciphertext);
      const outLength = Math.max(0, data.length - info.tagLength);
      return call({ fn: where, failure: FAILURE }, Op.AeadOpen, info.id, [...args(where), data], [], outLength);
    },
  };
}

/** AES-GCM (NIST SP 800-38D): 16-, 24- or 32-byte key, 12-byte nonce; output ciphertext ‖ 16-byte tag. */
export function gcm(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): Cipher {
  return aead('gcm', 'aes-gcm', key, nonce, aad);
}

/** ChaCha20-Poly1305 (RFC 8439 §2.8): 32-byte key, 12-byte nonce; output ciphertext ‖ 16-byte tag. */
export function chacha20poly1305(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): Cipher {
  return aead('chacha20poly1305', 'chacha20-poly1305', key, nonce, aad);
}

/**
 * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha): 32-byte key, 24-byte nonce,
 * long enough to pick at random; output ciphertext ‖ 16-byte tag.
 */
export function xchacha20poly1305(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): Cipher {
  return aead('xchacha20poly1305', 'xchacha20-poly1305', key, nonce, aad);
}

/**
 * XSalsa20-Poly1305, NaCl's secretbox: 32-byte key, 24-byte nonce; output
 * 16-byte tag ‖ ciphertext (libsodium's easy layout). No associated data.
 */
export function xsalsa20poly1305(key: Uint8Array, nonce: Uint8Array): Cipher {
  return aead('xsalsa20poly1305', 'xsalsa20-poly1305', key, nonce, undefined);
}

/**
 * AEGIS-128L (draft-irtf-cfrg-aegis-aead): 16-byte key, 16-byte nonce;
 * output ciphertext ‖ 32-byte tag (libsodium's crypto_aead_aegis128l).
 */
export function aegis128l(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): Cipher {
  return aead('aegis128l', 'aegis-128l', key, nonce, aad);
}

/**
 * AEGIS-256 (draft-irtf-cfrg-aegis-aead): 32-byte key, 32-byte nonce;
 * output ciphertext ‖ 32-byte tag (libsodium's crypto_aead_aegis256).
 */
export function aegis256(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): Cipher {
  return aead('aegis256', 'aegis-256', key, nonce, aad);
}
