/**
 * Unauthenticated ciphers: the AES modes CBC and CTR (NIST SP 800-38A) as
 * mode objects, and the stream ciphers ChaCha20 (RFC 8439), XChaCha20,
 * Salsa20 and XSalsa20 as functions. None of them detects tampering: prefer
 * an AEAD (gcm, chacha20poly1305 ...) unless a protocol dictates otherwise.
 */
import { Op } from './backend/types.js';
import { call } from './call.js';
import { entry, entryOnce } from './catalog.js';
import { encryptOnce, type Cipher } from './aead.js';
import { bytes, flag, integer, message, options } from './input.js';

export type { Cipher } from './aead.js';

/** CBC options. */
export interface CbcOptions {
  /** Skip PKCS#7 padding: the data must then be a multiple of 16 bytes. Default false. */
  disablePadding?: boolean;
}

/**
 * AES-CBC: 16-, 24- or 32-byte key, 16-byte IV, PKCS#7 padding unless
 * `disablePadding`. Bad padding on decrypt is an Error; note that CBC
 * without a MAC is open to padding-oracle attacks.
 */
export function cbc(key: Uint8Array, iv: Uint8Array, opts?: CbcOptions): Cipher {
  const info = entry('aes-cbc');
  const o = options('cbc', opts, ['disablePadding']);
  const padding = flag('cbc', 'disablePadding', o.disablePadding, false) ? 0 : 1;
  const args = (where: string) => [bytes(where, 'key', key, info.key), bytes(where, 'iv', iv, info.nonce)];
  args('cbc');
  return {
    encrypt: encryptOnce('cbc.encrypt', (plaintext) => {
      const data = message('cbc.encrypt', 'plaintext', plaintext);
      const block = info.blockLength;
      // PKCS#7 always adds 1 to `block` bytes (RFC 5652 §6.3).
      const outLength = padding ? data.length - (data.length % block) + block : data.length;
      const where = { fn: 'cbc.encrypt', renames: { data: 'plaintext' } };
      return call(where, Op.CbcEncrypt, info.id, [...args('cbc.encrypt'), data], [padding], outLength);
    }),
    decrypt(ciphertext) {
      const data = bytes('cbc.decrypt', 'ciphertext', ciphertext);
      const where = { fn: 'cbc.decrypt', renames: { data: 'ciphertext' } };
      return call(where, Op.CbcDecrypt, info.id, [...args('cbc.decrypt'), data], [padding], data.length);
    },
  };
}

/**
 * AES-CTR: 16-, 24- or 32-byte key; the 16-byte nonce is the initial
 * counter block, incremented as a 128-bit big-endian number (SP 800-38A
 * §B.1). Encryption and decryption are the same operation.
 */
export function ctr(key: Uint8Array, nonce: Uint8Array): Cipher {
  const info = entry('aes-ctr');
  const args = (where: string) => [bytes(where, 'key', key, info.key), bytes(where, 'nonce', nonce, info.nonce)];
  args('ctr');
  const xor = (where: string, data: Uint8Array) => call({ fn: where }, Op.StreamXor, info.id, [...args(where), data], [0], data.length);
  return {
    encrypt: encryptOnce('ctr.encrypt', (plaintext) => xor('ctr.encrypt', message('ctr.encrypt', 'plaintext', plaintext))),
    decrypt: (ciphertext) => xor('ctr.decrypt', bytes('ctr.decrypt', 'ciphertext', ciphertext)),
  };
}

/** A stream cipher: `data` XOR the keystream from block `counter` on. */
export type StreamCipher = (key: Uint8Array, nonce: Uint8Array, data: Uint8Array, counter?: number) => Uint8Array<ArrayBuffer>;

function streamCipher(exportName: string, name: string): StreamCipher {
  const entryOf = entryOnce(name);
  return (key, nonce, data, counter = 0) => {
    const info = entryOf();
    const args = [
      bytes(exportName, 'key', key, info.key),
      bytes(exportName, 'nonce', nonce, info.nonce),
      bytes(exportName, 'data', data),
    ];
    const start = integer(exportName, 'counter', counter, 0, Number.MAX_SAFE_INTEGER);
    return call({ fn: exportName }, Op.StreamXor, info.id, args, [start], args[2]!.length);
  };
}

/** ChaCha20 (RFC 8439 §2.4): 32-byte key, 12-byte nonce, 32-bit block counter (default 0). Returns a new array. */
export const chacha20: StreamCipher = /* @__PURE__ */ streamCipher('chacha20', 'chacha20');
/** XChaCha20 (draft-irtf-cfrg-xchacha): 32-byte key, 24-byte nonce. Returns a new array. */
export const xchacha20: StreamCipher = /* @__PURE__ */ streamCipher('xchacha20', 'xchacha20');
/** Salsa20/20: 32-byte key, 8-byte nonce, 64-bit block counter. Returns a new array. */
export const salsa20: StreamCipher = /* @__PURE__ */ streamCipher('salsa20', 'salsa20');
/** XSalsa20: 32-byte key, 24-byte nonce. Returns a new array. */
export const xsalsa20: StreamCipher = /* @__PURE__ */ streamCipher('xsalsa20', 'xsalsa20');
