/**
 * Authenticated encryption, noble-style: `gcm(key, nonce, aad).encrypt(pt)`.
 * One table row per algorithm; sizes and the tag position come from the
 * catalog (RFC 5116 AEADs append the tag, XSalsa20-Poly1305 prepends it as
 * NaCl's secretbox does).
 */
import { Op, type CatalogEntry } from './backend/types.js';
import { call, callInto, type Where } from './call.js';
import { entryOnce } from './catalog.js';
import { bytes, message, optionalBytes, type Input } from './input.js';
import { lengthOf } from './intrinsics.js';

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

function encryptedTwice(where: string): Error {
  return new Error(`${where}: encrypt() was already called on this object: never reuse a key and nonce, make a new object with a fresh nonce`);
}

/**
 * Rejects a second encrypt() (noble ciphers does the same). The flag is set
 * only once the arguments have passed their checks.
 */
export function encryptOnce(where: string, encrypt: (plaintext: Input) => Uint8Array<ArrayBuffer>): (plaintext: Input) => Uint8Array<ArrayBuffer> {
  let used = false;
  return (plaintext) => {
    if (used) throw encryptedTwice(where);
    const out = encrypt(plaintext);
    used = true;
    return out;
  };
}

const FAILURE = 'authentication failed: the ciphertext, tag, key, nonce or associated data is wrong (no plaintext released)';

/**
 * An AEAD bound to a key, nonce and associated data. `encrypt` and
 * `decrypt` also write into a caller's `out` (as @noble/ciphers'
 * `encrypt(plaintext, output)` and sodium-native's output-first calls), so
 * that a hot loop allocates nothing.
 */
export interface AeadCipher extends Cipher {
  /**
   * Encrypts `plaintext`; with `out` (exactly plaintext length + the tag length, 16 bytes or 32 for AEGIS,
   * overlapping no input) writes there and returns `out`. Once per object.
   */
  encrypt(plaintext: Input): Uint8Array<ArrayBuffer>;
  encrypt<T extends Uint8Array>(plaintext: Input, out: T): T;
  /**
   * Decrypts `ciphertext`; with `out` (exactly ciphertext length − the tag length,
   * overlapping no input) writes there and returns `out`. A failed tag check
   * throws and leaves `out` zeroed.
   */
  decrypt(ciphertext: Uint8Array): Uint8Array<ArrayBuffer>;
  decrypt<T extends Uint8Array>(ciphertext: Uint8Array, out: T): T;
}

/** One AEAD of the catalog: its name and the `Where`s of its calls, made once. */
interface AeadKind {
  readonly exportName: string;
  /** The catalog entry, looked up once (catalog.ts `entryOnce`). */
  readonly info: () => CatalogEntry;
  readonly seal: Where;
  readonly open: Where;
}

function kind(exportName: string, name: string): AeadKind {
  return { exportName, info: entryOnce(name), seal: { fn: `${exportName}.encrypt` }, open: { fn: `${exportName}.decrypt`, failure: FAILURE } };
}

/**
 * The key, nonce and associated data are checked in full once, here. A
 * later call only compares their lengths: a buffer detached (or a
 * resizable one shrunk) since then changes the length, and only then is
 * the full check run again, for its message naming the call and argument.
 */
function aead(k: AeadKind, key: unknown, nonce: unknown, aad: unknown): AeadCipher {
  const info = k.info();
  const where = k.exportName;
  const keyBytes = bytes(where, 'key', key, info.key);
  const nonceBytes = bytes(where, 'nonce', nonce, info.nonce);
  const aadBytes = optionalBytes(where, 'aad', aad);
  const keyLength = lengthOf(keyBytes);
  const nonceLength = lengthOf(nonceBytes);
  const aadLength = aadBytes === null ? 0 : lengthOf(aadBytes);
  const recheck = (fn: string) => {
    if (lengthOf(keyBytes) !== keyLength) bytes(fn, 'key', keyBytes, info.key);
    if (lengthOf(nonceBytes) !== nonceLength) bytes(fn, 'nonce', nonceBytes, info.nonce);
    if (aadBytes !== null && lengthOf(aadBytes) !== aadLength) bytes(fn, 'aad', aadBytes);
  };
  // encryptOnce's rule, inline: its wrapper would take one argument, and a rest parameter would allocate per call.
  let used = false;
  function encrypt(plaintext: Input, out?: Uint8Array): Uint8Array {
    if (used) throw encryptedTwice(k.seal.fn);
    recheck(k.seal.fn);
    const data = message(k.seal.fn, 'plaintext', plaintext);
    const args = [keyBytes, nonceBytes, aadBytes, data];
    const outLength = lengthOf(data) + info.tagLength;
    const result = out === undefined ? call(k.seal, Op.AeadSeal, info.id, args, [], outLength) : callInto(k.seal, Op.AeadSeal, info.id, args, [], out, outLength);
    used = true;
    return result;
  }
  function decrypt(ciphertext: Uint8Array, out?: Uint8Array): Uint8Array {
    recheck(k.open.fn);
    const data = bytes(k.open.fn, 'ciphertext', ciphertext);
    const args = [keyBytes, nonceBytes, aadBytes, data];
    const outLength = Math.max(0, lengthOf(data) - info.tagLength);
    return out === undefined ? call(k.open, Op.AeadOpen, info.id, args, [], outLength) : callInto(k.open, Op.AeadOpen, info.id, args, [], out, outLength);
  }
  return { encrypt, decrypt } as AeadCipher;
}

const GCM = /* @__PURE__ */ kind('gcm', 'aes-gcm');
const CHACHA20_POLY1305 = /* @__PURE__ */ kind('chacha20poly1305', 'chacha20-poly1305');
const XCHACHA20_POLY1305 = /* @__PURE__ */ kind('xchacha20poly1305', 'xchacha20-poly1305');
const XSALSA20_POLY1305 = /* @__PURE__ */ kind('xsalsa20poly1305', 'xsalsa20-poly1305');
const AEGIS_128L = /* @__PURE__ */ kind('aegis128l', 'aegis-128l');
const AEGIS_256 = /* @__PURE__ */ kind('aegis256', 'aegis-256');

/** AES-GCM (NIST SP 800-38D): 16-, 24- or 32-byte key, 12-byte nonce; output ciphertext ‖ 16-byte tag. */
export function gcm(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): AeadCipher {
  return aead(GCM, key, nonce, aad);
}

/** ChaCha20-Poly1305 (RFC 8439 §2.8): 32-byte key, 12-byte nonce; output ciphertext ‖ 16-byte tag. */
export function chacha20poly1305(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): AeadCipher {
  return aead(CHACHA20_POLY1305, key, nonce, aad);
}

/**
 * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha): 32-byte key, 24-byte nonce,
 * long enough to pick at random; output ciphertext ‖ 16-byte tag.
 */
export function xchacha20poly1305(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): AeadCipher {
  return aead(XCHACHA20_POLY1305, key, nonce, aad);
}

/**
 * XSalsa20-Poly1305, NaCl's secretbox: 32-byte key, 24-byte nonce; output
 * 16-byte tag ‖ ciphertext (libsodium's easy layout). No associated data.
 */
export function xsalsa20poly1305(key: Uint8Array, nonce: Uint8Array): AeadCipher {
  return aead(XSALSA20_POLY1305, key, nonce, undefined);
}

/**
 * AEGIS-128L (draft-irtf-cfrg-aegis-aead): 16-byte key, 16-byte nonce;
 * output ciphertext ‖ 32-byte tag (libsodium's crypto_aead_aegis128l).
 */
export function aegis128l(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): AeadCipher {
  return aead(AEGIS_128L, key, nonce, aad);
}

/**
 * AEGIS-256 (draft-irtf-cfrg-aegis-aead): 32-byte key, 32-byte nonce;
 * output ciphertext ‖ 32-byte tag (libsodium's crypto_aead_aegis256).
 */
export function aegis256(key: Uint8Array, nonce: Uint8Array, aad?: Uint8Array): AeadCipher {
  return aead(AEGIS_256, key, nonce, aad);
}
