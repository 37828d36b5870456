// @noble/hashes, @noble/ciphers and @noble/curves: audited pure JavaScript.
import { nobleStyleOps } from './noble-style.mjs';

export async function load() {
  const [sha2, sha3, blake2, blake3, legacy, hmac, pbkdf2, scrypt, argon2, hkdf, aes, chacha, salsa, poly, ed] = await Promise.all([
    import('@noble/hashes/sha2.js'), import('@noble/hashes/sha3.js'), import('@noble/hashes/blake2.js'),
    import('@noble/hashes/blake3.js'), import('@noble/hashes/legacy.js'), import('@noble/hashes/hmac.js'),
    import('@noble/hashes/pbkdf2.js'), import('@noble/hashes/scrypt.js'), import('@noble/hashes/argon2.js'),
    import('@noble/hashes/hkdf.js'), import('@noble/ciphers/aes.js'), import('@noble/ciphers/chacha.js'),
    import('@noble/ciphers/salsa.js'), import('@noble/ciphers/_poly1305.js'), import('@noble/curves/ed25519.js'),
  ]);
  const ns = {
    ...sha2, ...sha3, ...blake2, ...blake3, ...legacy, ...hmac, ...pbkdf2, ...scrypt, ...hkdf, ...aes, ...chacha, ...salsa,
    argon2id: argon2.argon2id, argon2i: argon2.argon2i, poly1305: poly.poly1305, ed25519: ed.ed25519, x25519: ed.x25519,
  };
  return { id: 'noble', name: '@noble/hashes + ciphers + curves', packages: ['@noble/hashes', '@noble/ciphers', '@noble/curves'], ops: nobleStyleOps(ns) };
}
