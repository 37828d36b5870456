// Differential tests: seeded random inputs through `saline` and through the
// established JS implementations (node:crypto, tweetnacl,
// libsodium-wrappers-sumo, @noble/hashes, @noble/ciphers, @noble/curves), on
// every algorithm each shares with us. Every output byte is compared,
// including 0-byte and 1 MiB messages. Inputs come from a fixed-seed PRNG
// (test/_prng.mjs; SALINE_SEED overrides it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as nodeCrypto from 'node:crypto';
import nacl from 'tweetnacl';
import sodium from 'libsodium-wrappers-sumo';
import { sha1 as nSha1, md5 as nMd5, ripemd160 as nRipemd160 } from '@noble/hashes/legacy.js';
import { sha256 as nSha256, sha512 as nSha512 } from '@noble/hashes/sha2.js';
import { keccak_256 as nKeccak256, shake128 as nShake128, shake256 as nShake256, sha3_256 as nSha3_256 } from '@noble/hashes/sha3.js';
import { blake2b as nBlake2b, blake2s as nBlake2s } from '@noble/hashes/blake2.js';
import { blake3 as nBlake3 } from '@noble/hashes/blake3.js';
import { hmac as nHmac } from '@noble/hashes/hmac.js';
import { xsalsa20poly1305 as nXsalsa20poly1305, salsa20 as nSalsa20, xsalsa20 as nXsalsa20 } from '@noble/ciphers/salsa.js';
import { chacha20 as nChacha20, xchacha20 as nXchacha20, xchacha20poly1305 as nXchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { ed25519 as nEd25519, x25519 as nX25519 } from '@noble/curves/ed25519.js';
import * as S from 'saline';
import { prng, LENGTHS, BASE_SEED } from './_prng.mjs';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

await sodium.ready;

const hex = (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
/** Byte-exact comparison with a short, useful message. */
function same(got, expected, what) {
  assert.ok(got instanceof Uint8Array, `${what}: saline returned ${Object.prototype.toString.call(got)}, not a Uint8Array`);
  const e = expected instanceof Uint8Array ? expected : new Uint8Array(expected);
  if (got.length !== e.length || !Buffer.from(got.buffer, got.byteOffset, got.byteLength).equals(Buffer.from(e.buffer, e.byteOffset, e.byteLength))) {
    assert.fail(`${what} (seed ${BASE_SEED}): saline ${hex(got).slice(0, 96)}… (${got.length} B) != reference ${hex(e).slice(0, 96)}… (${e.length} B)`);
  }
}
const u8 = (buf) => new Uint8Array(buf.buffer ? buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) : buf);
const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
};
/** Feeds `msg` to a saline hasher in uneven pieces. */
function streamed(hasher, msg, r) {
  let at = 0;
  while (at < msg.length) {
    const n = Math.min(msg.length - at, 1 + r.int(at === 0 ? 70 : 200000));
    hasher.update(msg.subarray(at, at + n));
    at += n;
  }
  return hasher;
}
const nodeHash = (name, msg, opts) => u8(nodeCrypto.createHash(name, opts).update(msg).digest());

/**
 * One Salsa20 block (Bernstein's specification: the key, constants, 8-byte
 * nonce and 64-bit block counter, 20 rounds, the input added back), for the
 * counter-carry check, which no reference library exposes.
 */
function salsa20Block(key, n8, counter) {
  const word = (b, i) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24);
  const s = new Uint32Array(16);
  [s[0], s[5], s[10], s[15]] = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];
  for (let i = 0; i < 4; i++) [s[1 + i], s[11 + i]] = [word(key, 4 * i), word(key, 16 + 4 * i)];
  [s[6], s[7], s[8], s[9]] = [word(n8, 0), word(n8, 4), Number(counter & 0xffffffffn), Number(counter >> 32n)];
  const x = s.slice();
  const rotl = (v, n) => (v << n) | (v >>> (32 - n));
  const quarter = (a, b, c, d) => {
    x[b] ^= rotl(x[a] + x[d], 7);
    x[c] ^= rotl(x[b] + x[a], 9);
    x[d] ^= rotl(x[c] + x[b], 13);
    x[a] ^= rotl(x[d] + x[c], 18);
  };
  for (let round = 0; round < 10; round++) {
    quarter(0, 4, 8, 12); quarter(5, 9, 13, 1); quarter(10, 14, 2, 6); quarter(15, 3, 7, 11);
    quarter(0, 1, 2, 3); quarter(5, 6, 7, 4); quarter(10, 11, 8, 9); quarter(15, 12, 13, 14);
  }
  const out = new Uint8Array(64);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 16; i++) view.setUint32(4 * i, (x[i] + s[i]) >>> 0, true);
  return out;
}

// ------------------------------------------------------------------ hashes

const NODE_HASHES = [
  ['sha1', 'sha1'], ['sha224', 'sha224'], ['sha256', 'sha256'], ['sha384', 'sha384'], ['sha512', 'sha512'],
  ['sha512_256', 'sha512-256'], ['sha3_224', 'sha3-224'], ['sha3_256', 'sha3-256'], ['sha3_384', 'sha3-384'],
  ['sha3_512', 'sha3-512'], ['blake2b', 'blake2b512'], ['blake2s', 'blake2s256'], ['md5', 'md5'], ['ripemd160', 'ripemd160'],
].filter(([, n]) => nodeCrypto.getHashes().includes(n));

test('hashes vs node:crypto (one-shot, streamed, every length)', () => {
  const r = prng('hash-node');
  for (const len of LENGTHS) {
    const msg = r.bytes(len);
    for (const [ours, theirs] of NODE_HASHES) {
      const expected = nodeHash(theirs, msg);
      same(S[ours](msg), expected, `${ours}(${len} B)`);
      same(streamed(S[ours].create(), msg, r).digest(), expected, `${ours}.create() streamed (${len} B)`);
    }
    for (const [ours, theirs] of [['shake128', 'shake128'], ['shake256', 'shake256']]) {
      for (const dkLen of [1, 32, 64, 200]) {
        const expected = nodeHash(theirs, msg, { outputLength: dkLen });
        same(S[ours](msg, { dkLen }), expected, `${ours}(${len} B, dkLen ${dkLen})`);
        same(streamed(S[ours].create({ dkLen }), msg, r).digest(), expected, `${ours}.create streamed (${len} B, dkLen ${dkLen})`);
      }
    }
  }
  // Strings are messages, taken as UTF-8.
  for (const s of ['', 'abc', 'héllo wörld ☃ 𝄞']) same(S.sha256(s), nodeHash('sha256', Buffer.from(s, 'utf8')), `sha256(${JSON.stringify(s)})`);
});

test('hashes vs @noble/hashes (sha1, md5, ripemd160, keccak_256, shake, blake2 options, blake3 modes)', () => {
  const r = prng('hash-noble');
  for (const len of LENGTHS) {
    const msg = r.bytes(len);
    same(S.sha1(msg), nSha1(msg), `sha1 ${len}`);
    same(S.md5(msg), nMd5(msg), `md5 ${len}`);
    same(S.ripemd160(msg), nRipemd160(msg), `ripemd160 ${len}`);
    same(S.keccak_256(msg), nKeccak256(msg), `keccak_256 ${len}`);
    same(streamed(S.keccak_256.create(), msg, r).digest(), nKeccak256(msg), `keccak_256 streamed ${len}`);
    same(S.sha3_256(msg), nSha3_256(msg), `sha3_256 ${len}`);
    for (const dkLen of [16, 168, 300]) {
      same(S.shake128(msg, { dkLen }), nShake128(msg, { dkLen }), `shake128 ${len}/${dkLen}`);
      same(S.shake256(msg, { dkLen }), nShake256(msg, { dkLen }), `shake256 ${len}/${dkLen}`);
    }
    // BLAKE2b: every output length class, key, salt and personalization.
    for (const dkLen of [1, 20, 32, 64]) {
      const key = r.bytes([0, 1, 32, 64][r.int(4)]);
      const salt = r.bytes(16);
      const personalization = r.bytes(16);
      const opts = { dkLen, key, salt, personalization };
      // noble refuses an empty key; BLAKE2 defines it as unkeyed (RFC 7693 §2.5, kk = 0).
      const ref = nBlake2b(msg, { ...opts, key: key.length ? key : undefined });
      same(S.blake2b(msg, opts), ref, `blake2b ${len} ${JSON.stringify({ dkLen, key: key.length })}`);
      same(streamed(S.blake2b.create(opts), msg, r).digest(), ref, `blake2b.create streamed ${len}`);
      same(S.blake2b(msg, { dkLen }), nBlake2b(msg, { dkLen }), `blake2b dkLen ${dkLen}`);
    }
    // BLAKE2s with 8-byte salt and personalization.
    for (const dkLen of [1, 16, 32]) {
      const key = r.bytes([0, 1, 16, 32][r.int(4)]);
      const opts = { dkLen, key, salt: r.bytes(8), personalization: r.bytes(8) };
      const ref = nBlake2s(msg, { ...opts, key: key.length ? key : undefined });
      same(S.blake2s(msg, opts), ref, `blake2s ${len} ${dkLen} key ${key.length}`);
      same(streamed(S.blake2s.create(opts), msg, r).digest(), ref, `blake2s.create streamed ${len}`);
    }
    // BLAKE3: plain, XOF, keyed, derive-key.
    same(S.blake3(msg), nBlake3(msg), `blake3 ${len}`);
    same(streamed(S.blake3.create(), msg, r).digest(), nBlake3(msg), `blake3 streamed ${len}`);
    for (const dkLen of [1, 31, 64, 1000]) same(S.blake3(msg, { dkLen }), nBlake3(msg, { dkLen }), `blake3 XOF ${len}/${dkLen}`);
    const key = r.bytes(32);
    same(S.blake3(msg, { key }), nBlake3(msg, { key }), `blake3 keyed ${len}`);
    same(S.blake3(msg, { key, dkLen: 100 }), nBlake3(msg, { key, dkLen: 100 }), `blake3 keyed XOF ${len}`);
    same(streamed(S.blake3.create({ key }), msg, r).digest(), nBlake3(msg, { key }), `blake3 keyed streamed ${len}`);
    const context = new TextEncoder().encode(`saline differential ${len} 2024-01-01 context`);
    same(S.blake3(msg, { context }), nBlake3(msg, { context }), `blake3 derive-key ${len}`);
    same(S.blake3(msg, { context, dkLen: 77 }), nBlake3(msg, { context, dkLen: 77 }), `blake3 derive-key XOF ${len}`);
  }
});

test('hashes vs libsodium generichash (BLAKE2b with key, salt, personal) and tweetnacl hash', () => {
  const r = prng('hash-sodium');
  for (const len of LENGTHS) {
    const msg = r.bytes(len);
    for (const outLen of [16, 32, 64]) {
      const key = r.bytes(outLen === 16 ? 0 : 32);
      same(S.blake2b(msg, { dkLen: outLen, key }), sodium.crypto_generichash(outLen, msg, key.length ? key : null), `generichash ${len}/${outLen}`);
    }
    same(S.sha512(msg), nacl.hash(msg), `nacl.hash ${len}`);
  }
  // The wrapper's salt/personal function hashes the empty message (a KDF of the key).
  for (const outLen of [16, 32, 64]) {
    const [key, salt, personal] = [r.bytes(32), r.bytes(16), r.bytes(16)];
    same(
      S.blake2b(new Uint8Array(0), { dkLen: outLen, key, salt, personalization: personal }),
      sodium.crypto_generichash_blake2b_salt_personal(outLen, key, salt, personal),
      `generichash_blake2b_salt_personal ${outLen}`,
    );
  }
});

// ------------------------------------------------------------------ MACs

test('hmac vs node:crypto and @noble/hashes (key lengths around the block size)', () => {
  const r = prng('hmac');
  const pairs = [['sha1', 'sha1'], ['sha256', 'sha256'], ['sha384', 'sha384'], ['sha512', 'sha512'], ['sha512_256', 'sha512-256'], ['sha3_256', 'sha3-256'], ['md5', 'md5'], ['sha224', 'sha224'], ['blake2b', 'blake2b512']];
  for (const len of LENGTHS) {
    const msg = r.bytes(len);
    for (const [ours, theirs] of pairs) {
      for (const keyLen of [0, 1, 32, 64, 65, 128, 200]) {
        const key = r.bytes(keyLen);
        const expected = u8(nodeCrypto.createHmac(theirs, key).update(msg).digest());
        same(S.hmac(S[ours], key, msg), expected, `hmac ${ours} key ${keyLen} msg ${len}`);
        if (keyLen === 65) same(streamed(S.hmac.create(S[ours], key), msg, r).digest(), expected, `hmac.create ${ours} streamed ${len}`);
      }
    }
    const key = r.bytes(100);
    same(S.hmac(S.sha256, key, msg), nHmac(nSha256, key, msg), `hmac sha256 vs noble ${len}`);
    same(S.hmac(S.sha512, key, msg), nHmac(nSha512, key, msg), `hmac sha512 vs noble ${len}`);
    // NaCl's crypto_auth is HMAC-SHA-512 truncated to 32 bytes.
    const authKey = r.bytes(32);
    same(S.hmac(S.sha512, authKey, msg).subarray(0, 32), sodium.crypto_auth(msg, authKey), `crypto_auth ${len}`);
  }
});

test('poly1305 vs libsodium onetimeauth', () => {
  const r = prng('poly1305');
  for (const len of LENGTHS) {
    const msg = r.bytes(len);
    const key = r.bytes(32);
    same(S.poly1305(msg, key), sodium.crypto_onetimeauth(msg, key), `poly1305 ${len}`);
  }
});

// ------------------------------------------------------------------ ciphers

function nodeCipher(name, key, iv, data, { padding = true, aad, tagLength } = {}) {
  const c = nodeCrypto.createCipheriv(name, key, iv, tagLength ? { authTagLength: tagLength } : undefined);
  if (aad) c.setAAD(aad, { plaintextLength: data.length });
  c.setAutoPadding(padding);
  const out = concat(u8(c.update(data)), u8(c.final()));
  return aad ? concat(out, u8(c.getAuthTag())) : out;
}

test('AES-CBC, AES-CTR and AES-GCM vs node:crypto', () => {
  const r = prng('aes');
  for (const keyLen of [16, 24, 32]) {
    const bits = keyLen * 8;
    for (const len of LENGTHS) {
      const msg = r.bytes(len);
      const key = r.bytes(keyLen);
      const iv = r.bytes(16);
      // CBC with PKCS#7, and without padding on whole blocks.
      const ct = nodeCipher(`aes-${bits}-cbc`, key, iv, msg);
      same(S.cbc(key, iv).encrypt(msg), ct, `cbc-${bits} encrypt ${len}`);
      same(S.cbc(key, iv).decrypt(ct), msg, `cbc-${bits} decrypt ${len}`);
      if (len % 16 === 0) {
        const raw = nodeCipher(`aes-${bits}-cbc`, key, iv, msg, { padding: false });
        same(S.cbc(key, iv, { disablePadding: true }).encrypt(msg), raw, `cbc-${bits} no padding ${len}`);
        same(S.cbc(key, iv, { disablePadding: true }).decrypt(raw), msg, `cbc-${bits} no padding decrypt ${len}`);
      }
      // CTR: the 16-byte nonce is the initial counter block (128-bit big-endian
      // increment); one run starts just below the 2^64 and 2^128 carries.
      for (const nonce of [iv, concat(r.bytes(8), new Uint8Array(8).fill(0xff)), new Uint8Array(16).fill(0xff)]) {
        const ctr = nodeCipher(`aes-${bits}-ctr`, key, nonce, msg);
        same(S.ctr(key, nonce).encrypt(msg), ctr, `ctr-${bits} ${len} nonce ${hex(nonce)}`);
        same(S.ctr(key, nonce).decrypt(ctr), msg, `ctr-${bits} decrypt ${len}`);
      }
      // GCM with random AAD.
      const nonce = r.bytes(12);
      const aad = r.bytes([0, 1, 16, 17, 100][r.int(5)]);
      const sealed = nodeCipher(`aes-${bits}-gcm`, key, nonce, msg, { aad });
      same(S.gcm(key, nonce, aad).encrypt(msg), sealed, `gcm-${bits} ${len} aad ${aad.length}`);
      same(S.gcm(key, nonce, aad).decrypt(sealed), msg, `gcm-${bits} decrypt ${len}`);
      if (aad.length === 0) same(S.gcm(key, nonce).encrypt(msg), sealed, `gcm-${bits} without aad argument ${len}`);
      const forged = sealed.slice();
      forged[r.int(forged.length)] ^= 1 << r.int(8);
      assert.throws(() => S.gcm(key, nonce, aad).decrypt(forged), /tag|auth|verif/i, `gcm-${bits} forgery ${len}`);
    }
  }
});

test('ChaCha20-Poly1305 and ChaCha20 vs node:crypto; XChaCha20-Poly1305 vs libsodium and noble; AEGIS vs libsodium', () => {
  const r = prng('chacha');
  for (const len of LENGTHS) {
    const msg = r.bytes(len);
    const key = r.bytes(32);
    const nonce = r.bytes(12);
    const aad = r.bytes([0, 1, 12, 33][r.int(4)]);
    const sealed = nodeCipher('chacha20-poly1305', key, nonce, msg, { aad, tagLength: 16 });
    same(S.chacha20poly1305(key, nonce, aad).encrypt(msg), sealed, `chacha20poly1305 ${len}`);
    same(S.chacha20poly1305(key, nonce, aad).decrypt(sealed), msg, `chacha20poly1305 decrypt ${len}`);
    const forged = sealed.slice();
    forged[forged.length - 1 - r.int(Math.min(forged.length, 20))] ^= 0x80;
    assert.throws(() => S.chacha20poly1305(key, nonce, aad).decrypt(forged), /tag|auth|verif/i);
    // Node's "chacha20" takes a 16-byte IV: the 32-bit little-endian block counter, then the 96-bit nonce.
    for (const counter of [0, 1, 7, 0xfffff]) {
      const iv = new Uint8Array(16);
      new DataView(iv.buffer).setUint32(0, counter, true);
      iv.set(nonce, 4);
      same(S.chacha20(key, nonce, msg, counter), nodeCipher('chacha20', key, iv, msg), `chacha20 ${len} counter ${counter}`);
    }
    const xnonce = r.bytes(24);
    const xs = sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(msg, aad, null, xnonce, key);
    same(S.xchacha20poly1305(key, xnonce, aad).encrypt(msg), xs, `xchacha20poly1305 vs libsodium ${len}`);
    same(S.xchacha20poly1305(key, xnonce, aad).decrypt(xs), msg, `xchacha20poly1305 decrypt ${len}`);
    same(sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, S.xchacha20poly1305(key, xnonce, aad).encrypt(msg), aad, xnonce, key), msg, `libsodium opens ours ${len}`);
    same(S.xchacha20poly1305(key, xnonce, aad).encrypt(msg), nXchacha20poly1305(key, xnonce, aad).encrypt(msg), `xchacha20poly1305 vs noble ${len}`);
    // AEGIS (libsodium's 32-byte tags): the native addon runs libsodium's,
    // WebAssembly the aegis crate's pure Rust code; both against libsodium.js.
    for (const [fn, size] of [['aegis128l', 16], ['aegis256', 32]]) {
      const [k, n] = [r.bytes(size), r.bytes(size)];
      const theirs = sodium[`crypto_aead_${fn}_encrypt`](msg, aad, null, n, k);
      same(S[fn](k, n, aad).encrypt(msg), theirs, `${fn} vs libsodium ${len}`);
      same(S[fn](k, n, aad).decrypt(theirs), msg, `${fn} decrypt ${len}`);
      const bad = theirs.slice();
      bad[r.int(bad.length)] ^= 1;
      assert.throws(() => S[fn](k, n, aad).decrypt(bad), /tag|auth|verif/i);
    }
  }
});

test('stream ciphers with counters vs @noble/ciphers and libsodium', () => {
  const r = prng('stream');
  for (const len of LENGTHS) {
    const msg = r.bytes(len);
    const key = r.bytes(32);
    for (const counter of [0, 1, 2, 1000, 2 ** 31 - 1]) {
      const n12 = r.bytes(12);
      const n24 = r.bytes(24);
      const n8 = r.bytes(8);
      same(S.chacha20(key, n12, msg, counter), nChacha20(key, n12, msg, undefined, counter), `chacha20 ${len} ctr ${counter}`);
      same(S.xchacha20(key, n24, msg, counter), nXchacha20(key, n24, msg, undefined, counter), `xchacha20 ${len} ctr ${counter}`);
      same(S.salsa20(key, n8, msg, counter), nSalsa20(key, n8, msg, undefined, counter), `salsa20 ${len} ctr ${counter}`);
      same(S.xsalsa20(key, n24, msg, counter), nXsalsa20(key, n24, msg, undefined, counter), `xsalsa20 ${len} ctr ${counter}`);
      if (counter === 0) {
        same(S.chacha20(key, n12, msg), nChacha20(key, n12, msg), `chacha20 default counter ${len}`);
        same(S.xsalsa20(key, n24, msg), nXsalsa20(key, n24, msg), `xsalsa20 default counter ${len}`);
      }
      if (counter < 2 ** 31) {
        same(S.xchacha20(key, n24, msg, counter), sodium.crypto_stream_xchacha20_xor_ic(msg, n24, counter, key), `xchacha20 vs libsodium ${len} ctr ${counter}`);
        same(S.chacha20(key, n12, msg, counter), sodium.crypto_stream_chacha20_ietf_xor_ic(msg, n12, counter, key), `chacha20 vs libsodium ${len} ctr ${counter}`);
      }
    }
    const n24 = r.bytes(24);
    same(S.xsalsa20poly1305(key, n24).encrypt(msg), nXsalsa20poly1305(key, n24).encrypt(msg), `xsalsa20poly1305 vs noble ${len}`);
    same(S.xsalsa20poly1305(key, n24).decrypt(nXsalsa20poly1305(key, n24).encrypt(msg)), msg, `xsalsa20poly1305 decrypt ${len}`);
  }
  // The top of ChaCha20's 32-bit block counter: messages whose last block is
  // 2^32 - 2, the last one either library lets a call use, so that every
  // block path (WebAssembly SIMD128's four blocks at once, then one at a
  // time) runs up to the counter's end.
  for (const len of [64, 255, 256, 320, 321, 1000]) {
    const msg = r.bytes(len);
    const key = r.bytes(32);
    const n12 = r.bytes(12);
    const counter = 2 ** 32 - 1 - Math.ceil(len / 64);
    same(S.chacha20(key, n12, msg, counter), nChacha20(key, n12, msg, undefined, counter), `chacha20 ${len} ctr ${counter}`);
  }
  // Salsa20's 64-bit block counter carrying from word 8 into word 9: blocks
  // 2^32 - 3 to 2^32 + 2 (four at once, one, then a partial one), against
  // the specification's block function (salsa20Block, at the top of this
  // file), since neither noble (32-bit counters) nor libsodium.js or
  // tweetnacl (no Salsa20 core or counter export) can check them. That
  // function is first held to tweetnacl's crypto_stream_salsa20 on blocks 0
  // and 1.
  {
    const key = r.bytes(32);
    const n8 = r.bytes(8);
    const fromZero = new Uint8Array(128);
    nacl.lowlevel.crypto_stream_salsa20(fromZero, 0, 128, n8, key);
    same(concat(salsa20Block(key, n8, 0n), salsa20Block(key, n8, 1n)), fromZero, 'the test\'s Salsa20 block function vs tweetnacl');
    const start = 2 ** 32 - 3;
    const msg = r.bytes(6 * 64 - 5);
    const expected = msg.slice();
    for (let block = 0; block * 64 < msg.length; block++) {
      const keystream = salsa20Block(key, n8, BigInt(start + block));
      for (let i = 0; i < 64 && block * 64 + i < msg.length; i++) expected[block * 64 + i] ^= keystream[i];
    }
    same(S.salsa20(key, n8, msg, start), expected, `salsa20 ${msg.length} ctr ${start} (carry into word 9)`);
  }
});

// ------------------------------------------------------------------ NaCl

test('secretbox, box, box.before, box.keyPair vs tweetnacl; sealed box vs libsodium', () => {
  const r = prng('nacl');
  for (const len of LENGTHS) {
    const msg = r.bytes(len);
    const key = r.bytes(32);
    const nonce = r.bytes(24);
    const sb = nacl.secretbox(msg, nonce, key);
    same(S.secretbox(msg, nonce, key), sb, `secretbox ${len}`);
    same(S.secretbox.open(sb, nonce, key), msg, `secretbox.open ${len}`);
    const forged = sb.slice();
    forged[r.int(forged.length)] ^= 4;
    assert.equal(S.secretbox.open(forged, nonce, key), null, `secretbox.open forgery ${len}`);

    const alice = nacl.box.keyPair.fromSecretKey(r.bytes(32));
    const bob = nacl.box.keyPair.fromSecretKey(r.bytes(32));
    same(S.x25519.getPublicKey(alice.secretKey), alice.publicKey, 'x25519.getPublicKey vs nacl.box.keyPair.fromSecretKey');
    const boxed = nacl.box(msg, nonce, bob.publicKey, alice.secretKey);
    same(S.box(msg, nonce, bob.publicKey, alice.secretKey), boxed, `box ${len}`);
    same(S.box.open(boxed, nonce, alice.publicKey, bob.secretKey), msg, `box.open ${len}`);
    assert.equal(S.box.open(boxed, nonce, bob.publicKey, bob.secretKey), null, `box.open with the wrong key ${len}`);
    same(S.box.before(bob.publicKey, alice.secretKey), nacl.box.before(bob.publicKey, alice.secretKey), 'box.before');

    // box.keyPair(seed) is libsodium's crypto_box_seed_keypair (sk = SHA-512(seed)[0..32]).
    const seed = r.bytes(32);
    const kp = S.box.keyPair(seed);
    const ref = sodium.crypto_box_seed_keypair(seed);
    same(kp.publicKey, ref.publicKey, 'box.keyPair(seed).publicKey');
    same(kp.secretKey, ref.privateKey, 'box.keyPair(seed).secretKey');
    const fresh = S.box.keyPair();
    same(fresh.publicKey, nacl.scalarMult.base(fresh.secretKey), 'box.keyPair() is consistent');

    const recipient = sodium.crypto_box_keypair();
    const theirs = sodium.crypto_box_seal(msg, recipient.publicKey);
    same(S.sealedbox.open(theirs, recipient.publicKey, recipient.privateKey), msg, `sealedbox.open of libsodium's ${len}`);
    const ours = S.sealedbox.seal(msg, recipient.publicKey);
    assert.equal(ours.length, len + 48);
    same(sodium.crypto_box_seal_open(ours, recipient.publicKey, recipient.privateKey), msg, `libsodium opens our sealed box ${len}`);
  }
});

// ------------------------------------------------------------------ curves

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_X25519 = Buffer.from('302a300506032b656e032100', 'hex');
const nodeKey = (prefix, raw, type) =>
  (type === 'pkcs8' ? nodeCrypto.createPrivateKey : nodeCrypto.createPublicKey)({ key: Buffer.concat([prefix, raw]), format: 'der', type });
const rawPublic = (keyObject) => u8(keyObject.export({ format: 'der', type: 'spki' }).subarray(-32));

test('ed25519 vs node:crypto KeyObjects, tweetnacl, @noble/curves and libsodium', () => {
  const r = prng('ed25519');
  for (const len of LENGTHS) {
    const msg = r.bytes(len);
    const seed = r.bytes(32);
    const priv = nodeKey(PKCS8_ED25519, seed, 'pkcs8');
    const pk = rawPublic(nodeCrypto.createPublicKey(priv));
    same(S.ed25519.getPublicKey(seed), pk, 'getPublicKey vs node');
    const kp = S.ed25519.keygen(seed);
    same(kp.publicKey, pk, 'keygen(seed).publicKey');
    const sig = u8(nodeCrypto.sign(null, msg, priv));
    same(S.ed25519.sign(msg, seed), sig, `sign vs node ${len}`);
    same(S.ed25519.sign(msg, kp.secretKey), sig, `sign with keygen().secretKey ${len}`);
    same(S.ed25519.sign(msg, seed), nacl.sign.detached(msg, nacl.sign.keyPair.fromSeed(seed).secretKey), `sign vs tweetnacl ${len}`);
    same(S.ed25519.sign(msg, seed), nEd25519.sign(msg, seed), `sign vs noble ${len}`);
    const pub = nodeKey(SPKI_ED25519, pk, 'spki');
    assert.equal(S.ed25519.verify(sig, msg, pk), true, `verify ${len}`);
    assert.equal(nodeCrypto.verify(null, msg, pub, S.ed25519.sign(msg, seed)), true, 'node verifies ours');
    const bad = sig.slice();
    bad[r.int(64)] ^= 1 << r.int(8);
    assert.equal(S.ed25519.verify(bad, msg, pk), nodeCrypto.verify(null, msg, pub, bad), `verify of a corrupted signature agrees with node ${len}`);
    assert.equal(S.ed25519.verify(bad, msg, pk), false);
    // Birational maps to X25519, vs libsodium (whose secret key is seed ‖ pk).
    same(S.ed25519.utils.toMontgomery(pk), sodium.crypto_sign_ed25519_pk_to_curve25519(pk), 'toMontgomery');
    same(S.ed25519.utils.toMontgomerySecret(seed), sodium.crypto_sign_ed25519_sk_to_curve25519(concat(seed, pk)), 'toMontgomerySecret');
    same(S.ed25519.utils.toMontgomery(pk), nEd25519.utils.toMontgomery(pk), 'toMontgomery vs noble');
  }
  // A fresh key pair is consistent.
  const fresh = S.ed25519.keygen();
  same(fresh.publicKey, S.ed25519.getPublicKey(fresh.secretKey), 'keygen() consistent');
  assert.equal(S.ed25519.verify(S.ed25519.sign(new Uint8Array(3), fresh.secretKey), new Uint8Array(3), fresh.publicKey), true);
});

// Small-order points of edwards25519 (canonical encodings), and non-canonical
// encodings (y + p < 2^255) that ZIP-215 must accept and strict mode refuse.
const P = 2n ** 255n - 19n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const le = (n, bytes = 32) => {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) (out[i] = Number(n & 0xffn), (n >>= 8n));
  return out;
};
const fromLe = (b) => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);
const SMALL_ORDER = [
  '0100000000000000000000000000000000000000000000000000000000000000', // identity
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // order 2
  '0000000000000000000000000000000000000000000000000000000000000000', // order 4
  '0000000000000000000000000000000000000000000000000000000000000080',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05', // order 8
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa',
].map((h) => Uint8Array.from(Buffer.from(h, 'hex')));
const NON_CANONICAL = [
  le(P + 1n), // y = 1 (the identity) encoded as p + 1
  (() => { const b = le(P + 1n); b[31] |= 0x80; return b; })(), // and with the sign bit set
  le(P), // y = 0 encoded as p
  (() => { const b = le(1n); b[31] |= 0x80; return b; })(), // "negative zero" x for the identity
];

test('ed25519 zip215 verification vs @noble/curves on small-order and non-canonical inputs', () => {
  const r = prng('zip215');
  const encodings = [...SMALL_ORDER, ...NON_CANONICAL];
  let compared = 0;
  for (const A of encodings) {
    for (const R of encodings) {
      for (const s of [0n, 1n, L, L - 1n]) {
        const sig = concat(R, le(s));
        const msg = r.bytes(r.int(40));
        for (const zip215 of [true]) {
          let ref;
          try {
            ref = nEd25519.verify(sig, msg, A, { zip215 });
          } catch {
            ref = false;
          }
          assert.equal(S.ed25519.verify(sig, msg, A, { zip215 }), ref, `zip215 verify A=${hex(A)} R=${hex(R)} s=${s}`);
          compared++;
        }
        // Strict mode never accepts a small-order key or a non-canonical encoding.
        assert.equal(S.ed25519.verify(sig, msg, A, { zip215: false }), false, `strict verify A=${hex(A)} R=${hex(R)} s=${s}`);
      }
    }
  }
  // Random genuine signatures verify in both modes, against noble's ZIP-215 too.
  for (let i = 0; i < 20; i++) {
    const seed = r.bytes(32);
    const msg = r.bytes(r.int(300));
    const sig = S.ed25519.sign(msg, seed);
    const pk = S.ed25519.getPublicKey(seed);
    assert.equal(S.ed25519.verify(sig, msg, pk, { zip215: true }), nEd25519.verify(sig, msg, pk, { zip215: true }));
    assert.equal(S.ed25519.verify(sig, msg, pk, { zip215: false }), true);
  }
  assert.ok(compared > 100);
});

test('edwards25519 point and scalar operations vs @noble/curves and BigInt arithmetic', () => {
  const r = prng('edwards25519');
  const E = S.edwards25519;
  const Point = nEd25519.Point;
  const enc = (pt) => pt.toBytes();
  const dec = (b) => Point.fromBytes(b);
  const mod = (a, m = L) => ((a % m) + m) % m;
  const modPow = (b, e, m) => {
    let result = 1n;
    for (b = mod(b, m); e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) result = (result * b) % m;
    return result;
  };
  const scalar = () => le(mod(fromLe(r.bytes(32))));
  const mulBase = (n) => (mod(n) === 0n ? Point.ZERO : Point.BASE.multiply(mod(n)));
  // Points: prime-order ones, and ones with a torsion component.
  const points = [];
  for (let i = 0; i < 12; i++) {
    const p = Point.BASE.multiply(mod(fromLe(r.bytes(32))) || 1n);
    points.push(i % 3 === 0 ? p.add(dec(SMALL_ORDER[i % 8])) : p);
  }
  points.push(...SMALL_ORDER.map(dec));
  for (const P1 of points) {
    const p = enc(P1);
    const Q1 = points[r.int(points.length)];
    const q = enc(Q1);
    same(E.pointAdd(p, q), enc(P1.add(Q1)), 'pointAdd');
    same(E.pointSub(p, q), enc(P1.subtract(Q1)), 'pointSub');
    const k = scalar();
    const kn = fromLe(k);
    same(E.multiply(p, k), enc(kn === 0n ? Point.ZERO : P1.multiplyUnsafe(kn)), 'multiply');
    // multiplyBase takes any 32 bytes, unclamped: the value mod L.
    const raw = r.bytes(32);
    same(E.multiplyBase(raw), enc(mulBase(fromLe(raw))), 'multiplyBase of an unreduced scalar');
    same(E.multiplyBase(k), enc(mulBase(kn)), 'multiplyBase');
    const b = scalar();
    same(E.doubleScalarMultVartime(k, p, b), enc((kn === 0n ? Point.ZERO : P1.multiplyUnsafe(kn)).add(mulBase(fromLe(b)))), 'doubleScalarMultVartime');
    assert.equal(E.isSmallOrder(p), P1.isSmallOrder(), `isSmallOrder ${hex(p)}`);
    assert.equal(E.isTorsionFree(p), P1.isTorsionFree(), `isTorsionFree ${hex(p)}`);
    assert.equal(E.isValidPoint(p), true, `isValidPoint ${hex(p)}`);
  }
  // Validation: random 32-byte strings and the non-canonical encodings, against noble's strict decoding.
  for (const b of [...NON_CANONICAL, ...Array.from({ length: 64 }, () => r.bytes(32))]) {
    let ref = true;
    try {
      Point.fromBytes(b, false);
    } catch {
      ref = false;
    }
    assert.equal(E.isValidPoint(b), ref, `isValidPoint ${hex(b)}`);
  }
  // Scalars, against BigInt arithmetic mod L.
  for (let i = 0; i < 50; i++) {
    const wide = r.bytes(64);
    same(E.scalar.reduce(wide), le(mod(fromLe(wide))), 'scalar.reduce');
    const [a, b, c] = [scalar(), scalar(), scalar()];
    same(E.scalar.mulAdd(a, b, c), le(mod(fromLe(a) * fromLe(b) + fromLe(c))), 'scalar.mulAdd');
    if (fromLe(a) !== 0n) same(E.scalar.invert(a), le(modPow(fromLe(a), L - 2n, L)), 'scalar.invert');
    const any = r.bytes(32);
    assert.equal(E.scalar.isCanonical(any), fromLe(any) < L, `scalar.isCanonical ${hex(any)}`);
  }
  for (const s of [0n, 1n, L - 1n, L, L + 1n, 2n ** 256n - 1n]) assert.equal(E.scalar.isCanonical(le(s)), s < L, `scalar.isCanonical(${s})`);
});

test('x25519 vs node:crypto, tweetnacl and @noble/curves', () => {
  const r = prng('x25519');
  for (let i = 0; i < 40; i++) {
    const a = r.bytes(32);
    const b = r.bytes(32);
    const A = S.x25519.getPublicKey(a);
    same(A, rawPublic(nodeCrypto.createPublicKey(nodeKey(PKCS8_X25519, a, 'pkcs8'))), 'getPublicKey vs node');
    same(A, nacl.scalarMult.base(a), 'getPublicKey vs tweetnacl');
    const B = nX25519.getPublicKey(b);
    const expected = u8(nodeCrypto.diffieHellman({ privateKey: nodeKey(PKCS8_X25519, a, 'pkcs8'), publicKey: nodeKey(SPKI_X25519, B, 'spki') }));
    same(S.x25519.getSharedSecret(a, B), expected, 'getSharedSecret vs node');
    same(S.x25519.getSharedSecret(b, A), expected, 'getSharedSecret is symmetric');
    // A random u-coordinate (also with the top bit set, which RFC 7748 masks).
    const u = r.bytes(32);
    same(S.x25519.getSharedSecret(a, u), nacl.scalarMult(a, u), 'getSharedSecret vs nacl.scalarMult on a random u');
    same(S.x25519.getSharedSecret(a, u), nX25519.getSharedSecret(a, u), 'getSharedSecret vs noble on a random u');
  }
  const kp = S.x25519.keygen(new Uint8Array(32).fill(7));
  same(kp.publicKey, S.x25519.getPublicKey(kp.secretKey), 'x25519.keygen(seed) consistent');
  // Low-order public keys give an all-zero secret, which is refused.
  for (const u of [new Uint8Array(32), le(1n)]) assert.throws(() => S.x25519.getSharedSecret(r.bytes(32), u));
});

// ------------------------------------------------------------------ KDFs

test('pbkdf2, scrypt and hkdf vs node:crypto', async () => {
  const r = prng('kdf-node');
  for (const [ours, theirs] of [['sha1', 'sha1'], ['sha256', 'sha256'], ['sha512', 'sha512'], ['sha3_256', 'sha3-256']]) {
    for (const c of [1, 2, 100, 1000]) {
      for (const dkLen of [1, 20, 32, 64, 100]) {
        const password = r.bytes([0, 1, 64, 65, 200][r.int(5)]);
        const salt = r.bytes([0, 8, 16, 100][r.int(4)]);
        const expected = u8(nodeCrypto.pbkdf2Sync(password, salt, c, dkLen, theirs));
        same(S.pbkdf2(S[ours], password, salt, { c, dkLen }), expected, `pbkdf2-${ours} c=${c} dkLen=${dkLen}`);
      }
    }
  }
  same(S.pbkdf2(S.sha256, 'pässword', Uint8Array.of(1, 2), { c: 3, dkLen: 40 }), u8(nodeCrypto.pbkdf2Sync(Buffer.from('pässword'), Uint8Array.of(1, 2), 3, 40, 'sha256')), 'pbkdf2 with a string password');
  same(await S.pbkdf2.async(S.sha256, 'pw', Uint8Array.of(9), { c: 1000, dkLen: 32 }), u8(nodeCrypto.pbkdf2Sync('pw', Uint8Array.of(9), 1000, 32, 'sha256')), 'pbkdf2.async');

  for (const [N, r_, p] of [[16, 1, 1], [1024, 8, 1], [256, 4, 2], [2, 1, 1], [4096, 1, 3]]) {
    for (const dkLen of [1, 32, 64, 129]) {
      const password = r.bytes(r.int(80));
      const salt = r.bytes(r.int(40));
      const expected = u8(nodeCrypto.scryptSync(password, salt, dkLen, { N, r: r_, p, maxmem: 256 * 1024 * 1024 }));
      same(S.scrypt(password, salt, { N, r: r_, p, dkLen }), expected, `scrypt N=${N} r=${r_} p=${p} dkLen=${dkLen}`);
    }
  }
  same(await S.scrypt.async('pw', Uint8Array.of(1), { N: 1024, r: 8, p: 1, dkLen: 32 }), u8(nodeCrypto.scryptSync('pw', Uint8Array.of(1), 32, { N: 1024, r: 8, p: 1 })), 'scrypt.async');

  for (const [ours, theirs, hlen] of [['sha1', 'sha1', 20], ['sha256', 'sha256', 32], ['sha384', 'sha384', 48], ['sha512', 'sha512', 64]]) {
    for (const len of [1, hlen - 1, hlen, hlen + 1, 255 * hlen]) {
      const ikm = r.bytes(r.int(100));
      const salt = r.bytes([0, 16, hlen, 200][r.int(4)]);
      const info = r.bytes(r.int(300));
      const expected = u8(new Uint8Array(nodeCrypto.hkdfSync(theirs, ikm, salt, info, len)));
      same(S.hkdf(S[ours], ikm, salt, info, len), expected, `hkdf-${ours} len=${len}`);
    }
  }
  const ikm = r.bytes(22);
  same(await S.hkdf.async(S.sha256, ikm, new Uint8Array(0), new Uint8Array(0), 42), u8(new Uint8Array(nodeCrypto.hkdfSync('sha256', ikm, new Uint8Array(0), new Uint8Array(0), 42))), 'hkdf.async');
});

test('argon2id and argon2i vs libsodium crypto_pwhash (small parameters), PHC strings both ways', async () => {
  const r = prng('argon2');
  const cases = [
    ['argon2id', sodium.crypto_pwhash_ALG_ARGON2ID13, 1, 8],
    ['argon2id', sodium.crypto_pwhash_ALG_ARGON2ID13, 2, 64],
    ['argon2id', sodium.crypto_pwhash_ALG_ARGON2ID13, 3, 256],
    ['argon2i', sodium.crypto_pwhash_ALG_ARGON2I13, 3, 32],
    ['argon2i', sodium.crypto_pwhash_ALG_ARGON2I13, 4, 100],
  ];
  for (const [name, alg, t, m] of cases) {
    for (const dkLen of [16, 32, 65]) {
      const password = r.bytes(r.int(100));
      const salt = r.bytes(16);
      const expected = sodium.crypto_pwhash(dkLen, password, salt, t, m * 1024, alg);
      same(S[name](password, salt, { t, m, p: 1, dkLen }), expected, `${name} t=${t} m=${m} dkLen=${dkLen}`);
    }
  }
  const salt = r.bytes(16);
  same(await S.argon2id.async('hunter2', salt, { t: 2, m: 64, p: 1, dkLen: 32 }), sodium.crypto_pwhash(32, 'hunter2', salt, 2, 64 * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13), 'argon2id.async');
  // libsodium's PHC string verifies with ours, and ours with libsodium.
  const str = sodium.crypto_pwhash_str('correct horse', 2, 64 * 1024);
  assert.equal(S.argon2.verify('correct horse', str), true, `argon2.verify(${str})`);
  assert.equal(S.argon2.verify('wrong horse', str), false);
  const ours = S.argon2.hash('correct horse', { t: 2, m: 64, p: 1 });
  assert.match(ours, /^\$argon2id\$v=19\$m=64,t=2,p=1\$/);
  assert.equal(sodium.crypto_pwhash_str_verify(ours, 'correct horse'), true, `libsodium verifies ${ours}`);
  assert.equal(S.argon2.verify('correct horse', ours), true);
});

test('bcrypt round trip', () => {
  const h = S.bcrypt.hash('correct horse', 4);
  assert.match(h, /^\$2b\$04\$[./A-Za-z0-9]{53}$/);
  assert.equal(S.bcrypt.verify('correct horse', h), true);
  assert.equal(S.bcrypt.verify('correct horsf', h), false);
  assert.notEqual(S.bcrypt.hash('correct horse', 4), h, 'a fresh random salt each time');
});

// ------------------------------------------------------------------ utils

test('utils vs Buffer and node:crypto', () => {
  const r = prng('utils');
  for (const len of LENGTHS) {
    const b = r.bytes(len);
    assert.equal(S.utils.bytesToHex(b), Buffer.from(b).toString('hex'));
    same(S.utils.hexToBytes(Buffer.from(b).toString('hex')), b, 'hexToBytes');
    same(S.utils.hexToBytes(Buffer.from(b).toString('hex').toUpperCase()), b, 'hexToBytes upper case');
    assert.equal(S.utils.bytesToBase64(b), Buffer.from(b).toString('base64'));
    same(S.utils.base64ToBytes(Buffer.from(b).toString('base64')), b, 'base64ToBytes');
    assert.equal(S.utils.equalBytes(b, b.slice()), true);
    if (len) {
      const c = b.slice();
      c[r.int(len)] ^= 1;
      assert.equal(S.utils.equalBytes(b, c), false);
    }
  }
  same(S.utils.utf8ToBytes('héllo ☃ 𝄞'), u8(Buffer.from('héllo ☃ 𝄞', 'utf8')), 'utf8ToBytes');
  assert.equal(S.utils.equalBytes(new Uint8Array(3), new Uint8Array(4)), false);
  const rnd = S.utils.randomBytes(64);
  assert.equal(rnd.length, 64);
  assert.notEqual(hex(rnd), hex(S.utils.randomBytes(64)));
  assert.equal(S.utils.randomBytes(0).length, 0);
});
