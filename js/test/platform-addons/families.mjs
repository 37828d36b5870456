// The cross-platform probe of the platform addons: every algorithm family
// through the installed `saline` package (hash, XOF, MAC, stream cipher,
// AEAD, NaCl box/secretbox/sealed box, Ed25519, X25519, KDFs), on fixed
// inputs from 0 bytes to past 64 KiB (so the SIMD and bulk paths run),
// each output reduced to its SHA-256 by node:crypto (so the probe does not
// check Saline with itself). run.mjs runs it on this host and under each
// target's runtime (qemu-aarch64 for arm64, a musl runtime for musl) and
// requires the same lines everywhere. Key pairs come from fixed seeds;
// nothing random reaches the output.
//
// This file has no side effects: `node --test test/` loads it as a
// (trivially passing) test file.
import { createHash } from 'node:crypto';

/** A fixed byte pattern (an LCG; the same on every machine). */
function bytes(n, salt) {
  const out = new Uint8Array(n);
  let x = (salt * 2654435761) >>> 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const SIZES = [0, 1, 64, 1000, 65_536 + 3];

/**
 * Resolves with the probe's lines (`label sha256-of-output`, or `label
 * error <class>` for an expected rejection) for the `saline` namespace S.
 */
export async function families(S) {
  await S.ready();
  const lines = [];
  const record = (label, thunk) => {
    let text;
    try {
      const out = thunk();
      text = out === null || typeof out === 'boolean' ? String(out) : createHash('sha256').update(out).digest('hex');
    } catch (error) {
      text = `error ${error?.constructor?.name}`;
    }
    lines.push(`${label} ${text}`);
  };
  const hashes = ['sha1', 'sha256', 'sha512', 'sha3_256', 'keccak_256', 'blake2b', 'blake2s', 'blake3', 'md5', 'ripemd160', 'whirlpool'];
  const key32 = bytes(32, 1);
  for (const size of SIZES) {
    const data = bytes(size, size + 7);
    for (const name of hashes) record(`${name}/${size}`, () => S[name](data));
    record(`shake256/${size}`, () => S.shake256(data, { dkLen: 100 }));
    record(`blake3-keyed/${size}`, () => S.blake3(data, { key: key32, dkLen: 64 }));
    record(`hmac-sha256/${size}`, () => S.hmac(S.sha256, key32, data));
    record(`hmac-sha512/${size}`, () => S.hmac(S.sha512, key32, data));
    record(`poly1305/${size}`, () => S.poly1305(data, key32));
    record(`chacha20/${size}`, () => S.chacha20(key32, bytes(12, 2), data, 1));
    record(`xsalsa20/${size}`, () => S.xsalsa20(key32, bytes(24, 3), data));
    const aad = bytes(size % 50, 4);
    for (const [name, nonce, key] of [
      ['chacha20poly1305', 12, 32], ['xchacha20poly1305', 24, 32], ['gcm', 12, 32], ['gcm', 12, 16],
    ]) {
      const k = bytes(key, 5);
      const n = bytes(nonce, 6);
      const label = `${name}-${key * 8}/${size}`;
      let sealed;
      record(label, () => (sealed = S[name](k, n, aad).encrypt(data)));
      record(`${label}/open`, () => S[name](k, n, aad).decrypt(sealed));
      const forged = sealed.slice();
      forged[0] ^= 1;
      record(`${label}/forged`, () => S[name](k, n, aad).decrypt(forged));
    }
    record(`secretbox/${size}`, () => S.secretbox(data, bytes(24, 8), key32));
  }
  const alice = S.box.keyPair(bytes(32, 42));
  const bob = S.box.keyPair(bytes(32, 43));
  record('box/keypair', () => alice.secretKey.length === 32 && alice.publicKey);
  const boxed = S.box(bytes(1000, 9), bytes(24, 10), bob.publicKey, alice.secretKey);
  record('box', () => boxed);
  record('box/open', () => S.box.open(boxed, bytes(24, 10), alice.publicKey, bob.secretKey));
  record('box/before', () => S.box.before(bob.publicKey, alice.secretKey));
  const sealed = S.sealedbox.seal(bytes(100, 11), bob.publicKey);
  record('sealedbox/open', () => S.sealedbox.open(sealed, bob.publicKey, bob.secretKey));
  record('x25519/public', () => S.x25519.getPublicKey(bytes(32, 12)));
  record('x25519/shared', () => S.x25519.getSharedSecret(bytes(32, 12), bob.publicKey));
  record('x25519/small-order', () => S.x25519.getSharedSecret(bytes(32, 12), new Uint8Array(32)));
  const ed = S.ed25519.keygen(bytes(32, 13));
  record('ed25519/public', () => ed.publicKey);
  for (const size of SIZES) {
    const msg = bytes(size, 14);
    const sig = S.ed25519.sign(msg, ed.secretKey);
    record(`ed25519/sign/${size}`, () => sig);
    record(`ed25519/verify/${size}`, () => S.ed25519.verify(sig, msg, ed.publicKey));
    const bad = sig.slice();
    bad[5] ^= 1;
    record(`ed25519/verify-forged/${size}`, () => S.ed25519.verify(bad, msg, ed.publicKey));
  }
  const password = bytes(10, 15);
  const salt = bytes(16, 16);
  record('pbkdf2-sha256', () => S.pbkdf2(S.sha256, password, salt, { c: 1000, dkLen: 32 }));
  record('scrypt', () => S.scrypt(password, salt, { N: 1024, r: 8, p: 1, dkLen: 32 }));
  record('argon2id/p1', () => S.argon2id(password, salt, { t: 2, m: 256, p: 1 }));
  record('argon2id/p4', () => S.argon2id(password, salt, { t: 1, m: 512, p: 4 }));
  record('argon2d', () => S.argon2d(password, salt, { t: 2, m: 256, p: 2 }));
  record('hkdf-sha256', () => S.hkdf(S.sha256, bytes(32, 17), salt, bytes(10, 18), 42));
  lines.push(`argon2id/async ${createHash('sha256').update(await S.argon2id.async(password, salt, { t: 1, m: 64, p: 1 })).digest('hex')}`);
  return lines;
}
