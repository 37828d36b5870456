// saline/tweetnacl against tweetnacl-js 1.0.3 itself: the same scenarios run
// through both, with inputs from a fixed-seed PRNG (test/_prng.mjs;
// SALINE_SEED overrides it), and every output byte, return value and error
// message is compared, at message lengths 0, 1, 31, 32, 33, 1000 and 1 MiB.
// The extras tweetnacl lacks are checked against node:crypto,
// libsodium-wrappers-sumo and @noble/curves. The differences saline/tweetnacl
// documents in its header (src/tweetnacl.ts) are tested last, as differences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as nodeCrypto from 'node:crypto';
import tweetnacl from 'tweetnacl';
import sodium from 'libsodium-wrappers-sumo';
import { ed25519 as nobleEd25519 } from '@noble/curves/ed25519.js';
import nacl, * as named from 'saline/tweetnacl';
import * as S from 'saline';
import { prng, BASE_SEED } from './_prng.mjs';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);
await sodium.ready;

const LENGTHS = [0, 1, 31, 32, 33, 1000, 1 << 20];
const ll = nacl.lowlevel;
const tl = tweetnacl.lowlevel;

const hex = (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
/** Byte-exact comparison (also of null) with a short, useful message. */
function same(got, expected, what) {
  if (expected === null || got === null) return assert.equal(got, expected, `${what}: ${got} vs ${expected}`);
  assert.ok(got instanceof Uint8Array, `${what}: saline returned ${Object.prototype.toString.call(got)}`);
  if (got.length !== expected.length || hex(got) !== hex(expected)) {
    assert.fail(`${what} (seed ${BASE_SEED}): saline ${hex(got).slice(0, 96)}… (${got.length} B) != tweetnacl ${hex(expected).slice(0, 96)}… (${expected.length} B)`);
  }
}
/** Both implementations throw the same class with the same message. */
function sameThrow(run, what) {
  let expected;
  try {
    run(tweetnacl);
  } catch (error) {
    expected = error;
  }
  assert.ok(expected, `${what}: tweetnacl did not throw`);
  assert.throws(() => run(nacl), (error) => error.constructor === expected.constructor && error.message === expected.message, `${what}: expected ${expected.constructor.name}('${expected.message}')`);
}
const padded = (m, zeros) => {
  const out = new Uint8Array(zeros + m.length);
  out.set(m, zeros);
  return out;
};
const xorshiftPRNG = (label) => {
  const r = prng(label);
  return (x, n) => x.set(r.bytes(n));
};

test('surface: every tweetnacl name, constant and arity; named exports; CommonJS', () => {
  const walk = (reference, ours, path) => {
    for (const key of Object.keys(reference)) {
      if (path === 'lowlevel' && !key.startsWith('crypto_')) continue; // tweetnacl's internal field helpers (documented)
      const where = path ? `${path}.${key}` : key;
      assert.ok(key in ours, `${where} is missing`);
      assert.equal(typeof ours[key], typeof reference[key], `${where}: type`);
      if (typeof reference[key] === 'number') assert.equal(ours[key], reference[key], `${where}: value`);
      if (typeof reference[key] === 'function') {
        assert.equal(ours[key].length, reference[key].length, `${where}: arity`);
        walk(reference[key], ours[key], where);
      }
      if (key === 'lowlevel') walk(reference[key], ours[key], where);
    }
  };
  walk(tweetnacl, nacl, '');
  // box.after and box.open.after are the secretbox functions themselves, as in tweetnacl.
  assert.equal(nacl.box.after, nacl.secretbox);
  assert.equal(nacl.box.open.after, nacl.secretbox.open);
  for (const key of Object.keys(nacl)) assert.equal(named[key], nacl[key], `named export ${key}`);
  const require = createRequire(import.meta.url);
  const cjs = require('saline/tweetnacl');
  for (const key of Object.keys(nacl)) assert.equal(typeof cjs[key], typeof nacl[key], `require('saline/tweetnacl').${key}`);
  const extras = [
    'crypto_core_salsa20', 'crypto_verify_64', 'crypto_hash_sha256', 'crypto_hash_sha512', 'crypto_auth', 'crypto_auth_hmacsha256',
    'crypto_auth_hmacsha512', 'crypto_box_open_afternm', 'crypto_sign_ed25519_pk_to_x25519_pk', 'crypto_sign_ed25519_sk_to_x25519_sk',
    'crypto_sign_ed25519_pk_to_curve25519', 'crypto_sign_ed25519_sk_to_curve25519', 'crypto_point_add', 'crypto_scalar_base',
  ];
  for (const name of extras) assert.equal(typeof ll[name], 'function', `lowlevel.${name}`);
});

test('secretbox: seal, open, forgeries, short boxes', () => {
  const r = prng('tweetnacl/secretbox');
  const key = r.bytes(32);
  const nonce = r.bytes(24);
  for (const n of LENGTHS) {
    const msg = r.bytes(n);
    const box = nacl.secretbox(msg, nonce, key);
    same(box, tweetnacl.secretbox(msg, nonce, key), `secretbox(${n})`);
    same(nacl.secretbox.open(box, nonce, key), tweetnacl.secretbox.open(box, nonce, key), `secretbox.open(${n})`);
    same(nacl.secretbox.open(box, nonce, key), msg, `secretbox.open(${n}) round trip`);
    for (const at of [0, 15, 16, box.length - 1]) {
      if (at >= box.length) continue;
      const forged = box.slice();
      forged[at] ^= 1 << r.int(8);
      assert.equal(nacl.secretbox.open(forged, nonce, key), null, `secretbox.open(${n}) forged at ${at}`);
      assert.equal(tweetnacl.secretbox.open(forged, nonce, key), null);
    }
    const otherKey = key.slice();
    otherKey[31] ^= 0x80;
    assert.equal(nacl.secretbox.open(box, nonce, otherKey), null, `secretbox.open(${n}) wrong key`);
  }
  for (const n of [0, 1, 15]) {
    same(nacl.secretbox.open(r.bytes(n), nonce, key), tweetnacl.secretbox.open(r.bytes(n), nonce, key), `secretbox.open of ${n} bytes`);
  }
  assert.deepEqual(
    [nacl.secretbox.keyLength, nacl.secretbox.nonceLength, nacl.secretbox.overheadLength],
    [tweetnacl.secretbox.keyLength, tweetnacl.secretbox.nonceLength, tweetnacl.secretbox.overheadLength],
  );
});

test('box: keyPair.fromSecretKey, before/after, box/open, forgeries', () => {
  const r = prng('tweetnacl/box');
  const alice = r.bytes(32);
  const bob = r.bytes(32);
  const a = nacl.box.keyPair.fromSecretKey(alice);
  const b = nacl.box.keyPair.fromSecretKey(bob);
  same(a.publicKey, tweetnacl.box.keyPair.fromSecretKey(alice).publicKey, 'box.keyPair.fromSecretKey');
  same(a.secretKey, alice, 'box.keyPair.fromSecretKey secret key');
  assert.notEqual(a.secretKey, alice, 'the secret key is copied');
  const shared = nacl.box.before(b.publicKey, alice);
  same(shared, tweetnacl.box.before(b.publicKey, alice), 'box.before');
  same(nacl.box.before(a.publicKey, bob), shared, 'box.before is symmetric');
  const nonce = r.bytes(24);
  for (const n of LENGTHS) {
    const msg = r.bytes(n);
    const sealed = nacl.box(msg, nonce, b.publicKey, alice);
    same(sealed, tweetnacl.box(msg, nonce, b.publicKey, alice), `box(${n})`);
    same(nacl.box.after(msg, nonce, shared), sealed, `box.after(${n})`);
    same(nacl.box.open(sealed, nonce, a.publicKey, bob), msg, `box.open(${n})`);
    same(nacl.box.open.after(sealed, nonce, shared), msg, `box.open.after(${n})`);
    const forged = sealed.slice();
    forged[r.int(forged.length)] ^= 1;
    assert.equal(nacl.box.open(forged, nonce, a.publicKey, bob), null, `box.open(${n}) forged`);
    assert.equal(tweetnacl.box.open(forged, nonce, a.publicKey, bob), null);
  }
  for (const key of ['publicKeyLength', 'secretKeyLength', 'sharedKeyLength', 'nonceLength', 'overheadLength']) {
    assert.equal(nacl.box[key], tweetnacl.box[key], `box.${key}`);
  }
});

test('scalarMult and scalarMult.base', () => {
  const r = prng('tweetnacl/scalarmult');
  for (let i = 0; i < 16; i++) {
    const n = r.bytes(32);
    const p = r.bytes(32); // any 32 bytes: X25519 is defined on the twist too
    same(nacl.scalarMult(n, p), tweetnacl.scalarMult(n, p), `scalarMult #${i}`);
    same(nacl.scalarMult.base(n), tweetnacl.scalarMult.base(n), `scalarMult.base #${i}`);
  }
  // Unchecked, as in NaCl: a small-order point gives all zeros rather than an error.
  same(nacl.scalarMult(r.bytes(32), new Uint8Array(32)), new Uint8Array(32), 'scalarMult with u = 0');
  assert.equal(nacl.scalarMult.scalarLength, 32);
  assert.equal(nacl.scalarMult.groupElementLength, 32);
});

test('sign: keyPair.fromSeed/fromSecretKey, sign/open, detached/verify, tampering', () => {
  const r = prng('tweetnacl/sign');
  const seed = r.bytes(32);
  const kp = nacl.sign.keyPair.fromSeed(seed);
  const ref = tweetnacl.sign.keyPair.fromSeed(seed);
  same(kp.publicKey, ref.publicKey, 'sign.keyPair.fromSeed publicKey');
  same(kp.secretKey, ref.secretKey, 'sign.keyPair.fromSeed secretKey');
  const fromSecret = nacl.sign.keyPair.fromSecretKey(kp.secretKey);
  same(fromSecret.publicKey, tweetnacl.sign.keyPair.fromSecretKey(kp.secretKey).publicKey, 'sign.keyPair.fromSecretKey');
  for (const n of LENGTHS) {
    const msg = r.bytes(n);
    const signed = nacl.sign(msg, kp.secretKey);
    same(signed, tweetnacl.sign(msg, kp.secretKey), `sign(${n})`);
    same(nacl.sign.open(signed, kp.publicKey), tweetnacl.sign.open(signed, kp.publicKey), `sign.open(${n})`);
    same(nacl.sign.open(signed, kp.publicKey), msg, `sign.open(${n}) round trip`);
    const sig = nacl.sign.detached(msg, kp.secretKey);
    same(sig, tweetnacl.sign.detached(msg, kp.secretKey), `sign.detached(${n})`);
    assert.equal(nacl.sign.detached.verify(msg, sig, kp.publicKey), true, `sign.detached.verify(${n})`);
    const badSig = sig.slice();
    badSig[r.int(64)] ^= 1 << r.int(8);
    assert.equal(nacl.sign.detached.verify(msg, badSig, kp.publicKey), tweetnacl.sign.detached.verify(msg, badSig, kp.publicKey), `verify bad sig (${n})`);
    assert.equal(nacl.sign.detached.verify(msg, badSig, kp.publicKey), false);
    const tampered = signed.slice();
    tampered[r.int(tampered.length)] ^= 1;
    assert.equal(nacl.sign.open(tampered, kp.publicKey), null, `sign.open(${n}) tampered`);
    assert.equal(tweetnacl.sign.open(tampered, kp.publicKey), null);
    if (n > 0) {
      const other = msg.slice();
      other[0] ^= 1;
      assert.equal(nacl.sign.detached.verify(other, sig, kp.publicKey), false, `verify other message (${n})`);
    }
  }
  for (const n of [0, 1, 63]) assert.equal(nacl.sign.open(r.bytes(n), kp.publicKey), null, `sign.open of ${n} bytes`);
  // A public key that does not decode: null / false, as in tweetnacl.
  const undecodable = new Uint8Array(32).fill(0xff);
  undecodable[31] = 0x7f;
  const signed = nacl.sign(r.bytes(10), kp.secretKey);
  assert.equal(tweetnacl.sign.open(signed, undecodable), null);
  assert.equal(nacl.sign.open(signed, undecodable), null, 'sign.open with an undecodable key');
  assert.equal(nacl.sign.detached.verify(signed.subarray(64), signed.subarray(0, 64), undecodable), false);
  for (const key of ['publicKeyLength', 'secretKeyLength', 'seedLength', 'signatureLength']) assert.equal(nacl.sign[key], tweetnacl.sign[key], `sign.${key}`);
  assert.equal(nacl.sign.secretKeyLength, 64);
});

test('hash', () => {
  const r = prng('tweetnacl/hash');
  for (const n of LENGTHS) {
    const msg = r.bytes(n);
    same(nacl.hash(msg), tweetnacl.hash(msg), `hash(${n})`);
  }
  assert.equal(nacl.hash.hashLength, 64);
});

test('verify: tweetnacl edge cases', () => {
  const r = prng('tweetnacl/verify');
  const x = r.bytes(33);
  const cases = [
    [x, x.slice()],
    [x, x.subarray(0, 32)],
    [new Uint8Array(0), new Uint8Array(0)],
    [new Uint8Array(0), x],
    [x, new Uint8Array(0)],
    [new Uint8Array(1), new Uint8Array(1)],
    [Uint8Array.of(1), Uint8Array.of(2)],
    [x, (() => { const y = x.slice(); y[32] ^= 0x80; return y; })()],
  ];
  for (const [i, [a, b]] of cases.entries()) assert.equal(nacl.verify(a, b), tweetnacl.verify(a, b), `verify case ${i}`);
  assert.equal(nacl.verify(new Uint8Array(0), new Uint8Array(0)), false, 'empty arrays are not equal');
  sameThrow((n) => n.verify(x, [1, 2]), 'verify with an Array');
  sameThrow((n) => n.verify('ab', x), 'verify with a string');
});

test('setPRNG: keyPair and randomBytes equal tweetnacl under the same PRNG; the rest of saline keeps the system source', () => {
  tweetnacl.setPRNG(xorshiftPRNG('prng'));
  nacl.setPRNG(xorshiftPRNG('prng'));
  try {
    for (let i = 0; i < 4; i++) {
      const a = nacl.box.keyPair();
      const b = tweetnacl.box.keyPair();
      same(a.publicKey, b.publicKey, `box.keyPair #${i} publicKey`);
      same(a.secretKey, b.secretKey, `box.keyPair #${i} secretKey`);
      const c = nacl.sign.keyPair();
      const d = tweetnacl.sign.keyPair();
      same(c.publicKey, d.publicKey, `sign.keyPair #${i} publicKey`);
      same(c.secretKey, d.secretKey, `sign.keyPair #${i} secretKey`);
      for (const n of [0, 1, 24, 100]) same(nacl.randomBytes(n), tweetnacl.randomBytes(n), `randomBytes(${n}) #${i}`);
      const [pk1, sk1, pk2, sk2] = [new Uint8Array(32), new Uint8Array(32), new Uint8Array(32), new Uint8Array(32)];
      assert.equal(ll.crypto_box_keypair(pk1, sk1), tl.crypto_box_keypair(pk2, sk2));
      same(pk1, pk2, 'crypto_box_keypair pk');
      same(sk1, sk2, 'crypto_box_keypair sk');
      const [spk1, ssk1, spk2, ssk2] = [new Uint8Array(32), new Uint8Array(64), new Uint8Array(32), new Uint8Array(64)];
      assert.equal(ll.crypto_sign_keypair(spk1, ssk1), tl.crypto_sign_keypair(spk2, ssk2));
      same(spk1, spk2, 'crypto_sign_keypair pk');
      same(ssk1, ssk2, 'crypto_sign_keypair sk');
    }
    nacl.setPRNG((x, n) => x.fill(0, 0, n));
    assert.equal(hex(nacl.randomBytes(8)), '0000000000000000', 'setPRNG applies to nacl.randomBytes');
    assert.notEqual(hex(S.randomBytes(32)), '00'.repeat(32), 'saline.randomBytes is not affected');
    assert.notEqual(hex(S.box.keyPair().secretKey), '00'.repeat(32), 'saline.box.keyPair is not affected');
  } finally {
    const system = (x, n) => x.set(nodeCrypto.randomBytes(n));
    tweetnacl.setPRNG(system);
    nacl.setPRNG(system);
  }
});

test('setPRNG: the default source is random', () => {
  const a = nacl.randomBytes(32);
  const b = nacl.randomBytes(32);
  assert.notEqual(hex(a), hex(b));
  assert.equal(nacl.box.keyPair().secretKey.length, 32);
  assert.equal(nacl.sign.keyPair().secretKey.length, 64);
});

test('lowlevel: crypto_secretbox / crypto_box in NaCl padded layouts', () => {
  const r = prng('tweetnacl/lowlevel-box');
  const key = r.bytes(32);
  const nonce = r.bytes(24);
  const alice = r.bytes(32);
  const bob = r.bytes(32);
  const bobPk = tweetnacl.scalarMult.base(bob);
  const alicePk = tweetnacl.scalarMult.base(alice);
  for (const n of LENGTHS) {
    const m = padded(r.bytes(n), 32);
    const d = m.length;
    const [c1, c2] = [new Uint8Array(d), new Uint8Array(d)];
    assert.equal(ll.crypto_secretbox(c1, m, d, nonce, key), tl.crypto_secretbox(c2, m, d, nonce, key));
    same(c1, c2, `crypto_secretbox(${n})`);
    assert.equal(hex(c1.subarray(0, 16)), '00'.repeat(16), 'BOXZEROBYTES of zeros');
    const [m1, m2] = [new Uint8Array(d), new Uint8Array(d)];
    assert.equal(ll.crypto_secretbox_open(m1, c1, d, nonce, key), tl.crypto_secretbox_open(m2, c1, d, nonce, key));
    same(m1, m2, `crypto_secretbox_open(${n})`);
    same(m1, m, `crypto_secretbox_open(${n}) round trip`);
    const forged = c1.slice();
    forged[16 + r.int(d - 16)] ^= 1;
    assert.equal(ll.crypto_secretbox_open(new Uint8Array(d), forged, d, nonce, key), -1, `crypto_secretbox_open(${n}) forged`);
    assert.equal(tl.crypto_secretbox_open(new Uint8Array(d), forged, d, nonce, key), -1);
    // Opened in place (m === c, as NaCl allows): the plaintext, and a forgery left as it was.
    const inPlace = c1.slice();
    assert.equal(ll.crypto_secretbox_open(inPlace, inPlace, d, nonce, key), 0);
    same(inPlace, m, `crypto_secretbox_open(${n}) in place`);
    const forgedInPlace = forged.slice();
    assert.equal(ll.crypto_secretbox_open(forgedInPlace, forgedInPlace, d, nonce, key), -1);
    same(forgedInPlace, forged, `crypto_secretbox_open(${n}) forged, in place: untouched`);

    const [b1, b2] = [new Uint8Array(d), new Uint8Array(d)];
    assert.equal(ll.crypto_box(b1, m, d, nonce, bobPk, alice), tl.crypto_box(b2, m, d, nonce, bobPk, alice));
    same(b1, b2, `crypto_box(${n})`);
    const [o1, o2] = [new Uint8Array(d), new Uint8Array(d)];
    assert.equal(ll.crypto_box_open(o1, b1, d, nonce, alicePk, bob), tl.crypto_box_open(o2, b1, d, nonce, alicePk, bob));
    same(o1, o2, `crypto_box_open(${n})`);
    const forgedBox = b1.slice();
    forgedBox[16 + r.int(d - 16)] ^= 1;
    assert.equal(ll.crypto_box_open(new Uint8Array(d), forgedBox, d, nonce, alicePk, bob), -1, `crypto_box_open(${n}) forged`);

    const [k1, k2] = [new Uint8Array(32), new Uint8Array(32)];
    ll.crypto_box_beforenm(k1, bobPk, alice);
    tl.crypto_box_beforenm(k2, bobPk, alice);
    same(k1, k2, 'crypto_box_beforenm');
    const a1 = new Uint8Array(d);
    assert.equal(ll.crypto_box_afternm(a1, m, d, nonce, k1), 0);
    same(a1, b1, `crypto_box_afternm(${n})`);
    const a2 = new Uint8Array(d);
    assert.equal(ll.crypto_box_open_afternm(a2, a1, d, nonce, k1), 0);
    same(a2, m, `crypto_box_open_afternm(${n})`);
  }
  // d < 32 is -1 in both; so are too-short boxes on open.
  for (const d of [0, 16, 31]) {
    const buf = new Uint8Array(32);
    assert.equal(ll.crypto_secretbox(buf, buf, d, nonce, key), tl.crypto_secretbox(new Uint8Array(32), new Uint8Array(32), d, nonce, key));
    assert.equal(ll.crypto_secretbox_open(buf, buf, d, nonce, key), -1);
    assert.equal(ll.crypto_box(buf, buf, d, nonce, bobPk, alice), -1);
    assert.equal(ll.crypto_box_open(buf, buf, d, nonce, alicePk, bob), -1);
  }
  // tweetnacl reads only the first 24 bytes of a longer nonce and 32 of a longer key.
  const m = padded(r.bytes(40), 32);
  const [c1, c2] = [new Uint8Array(m.length), new Uint8Array(m.length)];
  const longNonce = r.bytes(32);
  const longKey = r.bytes(40);
  ll.crypto_secretbox(c1, m, m.length, longNonce, longKey);
  tl.crypto_secretbox(c2, m, m.length, longNonce, longKey);
  same(c1, c2, 'crypto_secretbox with a longer nonce and key');
});

test('lowlevel: crypto_stream*, crypto_core_*, crypto_onetimeauth*, crypto_verify_*', () => {
  const r = prng('tweetnacl/lowlevel-stream');
  const key = r.bytes(32);
  const nonce = r.bytes(24);
  const SIGMA = new TextEncoder().encode('expand 32-byte k');
  for (const n of LENGTHS) {
    const m = r.bytes(n + 7);
    const [c1, c2] = [new Uint8Array(n + 5), new Uint8Array(n + 5)];
    // Non-zero positions: cpos 5, mpos 7.
    assert.equal(ll.crypto_stream_xor(c1, 5, m, 7, n, nonce, key), tl.crypto_stream_xor(c2, 5, m, 7, n, nonce, key));
    same(c1, c2, `crypto_stream_xor(${n})`);
    const [s1, s2] = [new Uint8Array(n + 3), new Uint8Array(n + 3)];
    assert.equal(ll.crypto_stream(s1, 3, n, nonce, key), tl.crypto_stream(s2, 3, n, nonce, key));
    same(s1, s2, `crypto_stream(${n})`);
    const [x1, x2] = [new Uint8Array(n), new Uint8Array(n)];
    assert.equal(ll.crypto_stream_salsa20_xor(x1, 0, m, 7, n, nonce, key), tl.crypto_stream_salsa20_xor(x2, 0, m, 7, n, nonce, key));
    same(x1, x2, `crypto_stream_salsa20_xor(${n})`);
    const [y1, y2] = [new Uint8Array(n), new Uint8Array(n)];
    assert.equal(ll.crypto_stream_salsa20(y1, 0, n, nonce.subarray(0, 8), key), tl.crypto_stream_salsa20(y2, 0, n, nonce.subarray(0, 8), key));
    same(y1, y2, `crypto_stream_salsa20(${n})`);
    const [t1, t2] = [new Uint8Array(20), new Uint8Array(20)];
    assert.equal(ll.crypto_onetimeauth(t1, 4, m, 7, n, key), tl.crypto_onetimeauth(t2, 4, m, 7, n, key));
    same(t1, t2, `crypto_onetimeauth(${n})`);
    assert.equal(ll.crypto_onetimeauth_verify(t1, 4, m, 7, n, key), 0);
    t1[4 + r.int(16)] ^= 1;
    assert.equal(ll.crypto_onetimeauth_verify(t1, 4, m, 7, n, key), tl.crypto_onetimeauth_verify(t1, 4, m, 7, n, key));
    assert.equal(ll.crypto_onetimeauth_verify(t1, 4, m, 7, n, key), -1);
  }
  // In place (c === m), as NaCl allows; 40 bytes go through the native
  // addon's arena (copies of the inputs), 1000 through borrowed arrays.
  for (const size of [40, 1000]) {
    const data = r.bytes(size);
    const inPlace = data.slice();
    const expected = new Uint8Array(size);
    tl.crypto_stream_xor(expected, 0, data, 0, size, nonce, key);
    ll.crypto_stream_xor(inPlace, 0, inPlace, 0, size, nonce, key);
    same(inPlace, expected, `crypto_stream_xor in place (${size} B)`);
    // Overlapping at different offsets: saline reads the input as it was before the call
    // (tweetnacl's result would depend on its 64-byte block order).
    const shifted = data.slice();
    const expectedShifted = data.slice();
    tl.crypto_stream_xor(expectedShifted, 3, data, 0, size - 10, nonce, key);
    ll.crypto_stream_xor(shifted, 3, shifted, 0, size - 10, nonce, key);
    same(shifted, expectedShifted, `crypto_stream_xor with overlapping, shifted buffers (${size} B)`);
  }
  // A tag written over the message it authenticates, and a core's output over its input.
  const msg = r.bytes(48);
  const tag = new Uint8Array(16);
  tl.crypto_onetimeauth(tag, 0, msg, 0, 48, key);
  const overTag = msg.slice();
  ll.crypto_onetimeauth(overTag, 8, overTag, 0, 48, key);
  same(overTag.subarray(8, 24), tag, 'crypto_onetimeauth over its own message');
  same(overTag.subarray(0, 8), msg.subarray(0, 8), 'crypto_onetimeauth over its own message: the rest untouched');
  const sigma = new TextEncoder().encode('expand 32-byte k');
  const coreIn = r.bytes(16);
  const coreOut = new Uint8Array(32);
  tl.crypto_core_hsalsa20(coreOut, coreIn, key, sigma);
  const overIn = new Uint8Array(32);
  overIn.set(coreIn);
  ll.crypto_core_hsalsa20(overIn, overIn.subarray(0, 16), key, sigma);
  same(overIn, coreOut, 'crypto_core_hsalsa20 over its own input');

  for (let i = 0; i < 8; i++) {
    const input = r.bytes(16);
    const k = r.bytes(32);
    const [h1, h2] = [new Uint8Array(32), new Uint8Array(32)];
    ll.crypto_core_hsalsa20(h1, input, k, SIGMA);
    tl.crypto_core_hsalsa20(h2, input, k, SIGMA);
    same(h1, h2, `crypto_core_hsalsa20 #${i}`);
    // crypto_core_salsa20 (not in tweetnacl's lowlevel) is the first block of crypto_stream_salsa20
    // with the input = nonce ‖ block counter 0.
    const salsaNonce = r.bytes(8);
    const input16 = new Uint8Array(16);
    input16.set(salsaNonce);
    const block = new Uint8Array(64);
    assert.equal(ll.crypto_core_salsa20(block, input16, k, SIGMA), 0);
    const stream = new Uint8Array(64);
    tl.crypto_stream_salsa20(stream, 0, 64, salsaNonce, k);
    same(block, stream, `crypto_core_salsa20 #${i}`);
  }

  for (const size of [16, 32, 64]) {
    const fn = ll[`crypto_verify_${size}`];
    const x = r.bytes(size + 4);
    const y = new Uint8Array(size + 9);
    y.set(x.subarray(4), 9);
    assert.equal(fn(x, 4, y, 9), 0, `crypto_verify_${size} equal`);
    if (size !== 64) assert.equal(tl[`crypto_verify_${size}`](x, 4, y, 9), 0);
    y[9 + r.int(size)] ^= 1;
    assert.equal(fn(x, 4, y, 9), -1, `crypto_verify_${size} different`);
    if (size !== 64) assert.equal(tl[`crypto_verify_${size}`](x, 4, y, 9), -1);
    // Read in place, still checked: a span past either end, a bad position, not bytes.
    assert.throws(() => fn(x, 5, y, 9), RangeError);
    assert.throws(() => fn(x, 4, y, 10), RangeError);
    assert.throws(() => fn(x, -1, y, 9), RangeError);
    assert.throws(() => fn(x, 1.5, y, 9), RangeError);
    assert.throws(() => fn(Array.from(x), 4, y, 9), TypeError);
  }
});

test('lowlevel: crypto_hash, crypto_sign*, crypto_scalarmult*', () => {
  const r = prng('tweetnacl/lowlevel-sign');
  const seed = r.bytes(32);
  for (const n of LENGTHS) {
    const m = r.bytes(n);
    const [h1, h2] = [new Uint8Array(64), new Uint8Array(64)];
    assert.equal(ll.crypto_hash(h1, m, n), tl.crypto_hash(h2, m, n));
    same(h1, h2, `crypto_hash(${n})`);
  }
  const [pk1, sk1, pk2, sk2] = [new Uint8Array(32), new Uint8Array(64), new Uint8Array(32), new Uint8Array(64)];
  sk1.set(seed);
  sk2.set(seed);
  assert.equal(ll.crypto_sign_keypair(pk1, sk1, true), tl.crypto_sign_keypair(pk2, sk2, true));
  same(pk1, pk2, 'crypto_sign_keypair(seeded) pk');
  same(sk1, sk2, 'crypto_sign_keypair(seeded) sk');
  for (const n of LENGTHS) {
    const m = r.bytes(n);
    const [sm1, sm2] = [new Uint8Array(n + 64), new Uint8Array(n + 64)];
    assert.equal(ll.crypto_sign(sm1, m, n, sk1), tl.crypto_sign(sm2, m, n, sk2));
    same(sm1, sm2, `crypto_sign(${n})`);
    const [o1, o2] = [new Uint8Array(n + 64), new Uint8Array(n + 64)];
    const len = ll.crypto_sign_open(o1, sm1, sm1.length, pk1);
    assert.equal(len, tl.crypto_sign_open(o2, sm1, sm1.length, pk1), `crypto_sign_open(${n}) length`);
    same(o1.subarray(0, len), o2.subarray(0, len), `crypto_sign_open(${n}) message`);
    same(o1.subarray(0, len), m, `crypto_sign_open(${n}) round trip`);
    const bad = sm1.slice();
    bad[r.int(bad.length)] ^= 1;
    assert.equal(ll.crypto_sign_open(new Uint8Array(bad.length), bad, bad.length, pk1), -1, `crypto_sign_open(${n}) tampered`);
    assert.equal(tl.crypto_sign_open(new Uint8Array(bad.length), bad, bad.length, pk1), -1);
  }
  assert.equal(ll.crypto_sign_open(new Uint8Array(64), new Uint8Array(63), 63, pk1), -1, 'crypto_sign_open of 63 bytes');
  for (let i = 0; i < 8; i++) {
    const n = r.bytes(32);
    const p = r.bytes(32);
    const [q1, q2] = [new Uint8Array(32), new Uint8Array(32)];
    assert.equal(ll.crypto_scalarmult(q1, n, p), tl.crypto_scalarmult(q2, n, p));
    same(q1, q2, `crypto_scalarmult #${i}`);
    assert.equal(ll.crypto_scalarmult_base(q1, n), tl.crypto_scalarmult_base(q2, n));
    same(q1, q2, `crypto_scalarmult_base #${i}`);
  }
});

test('lowlevel extras against node:crypto, libsodium and noble', () => {
  const r = prng('tweetnacl/extras');
  const key = r.bytes(32);
  for (const n of LENGTHS) {
    const m = r.bytes(n);
    const h = new Uint8Array(32);
    assert.equal(ll.crypto_hash_sha256(h, m, n), 0);
    same(h, new Uint8Array(nodeCrypto.createHash('sha256').update(m).digest()), `crypto_hash_sha256(${n})`);
    const h512 = new Uint8Array(64);
    ll.crypto_hash_sha512(h512, m, n);
    same(h512, tweetnacl.hash(m), `crypto_hash_sha512(${n})`);
    const a256 = new Uint8Array(32);
    assert.equal(ll.crypto_auth_hmacsha256(a256, m, n, key), 0);
    same(a256, new Uint8Array(nodeCrypto.createHmac('sha256', key).update(m).digest()), `crypto_auth_hmacsha256(${n})`);
    const a512 = new Uint8Array(64);
    assert.equal(ll.crypto_auth_hmacsha512(a512, m, n, key), 0);
    const hmac512 = new Uint8Array(nodeCrypto.createHmac('sha512', key).update(m).digest());
    same(a512, hmac512, `crypto_auth_hmacsha512(${n})`);
    const auth = new Uint8Array(32);
    assert.equal(ll.crypto_auth(auth, m, n, key), 0);
    same(auth, hmac512.subarray(0, 32), `crypto_auth(${n})`);
    if (n <= 1000) same(auth, sodium.crypto_auth(m, key), `crypto_auth(${n}) vs libsodium`);
  }
  for (let i = 0; i < 8; i++) {
    const kp = tweetnacl.sign.keyPair.fromSeed(r.bytes(32));
    const xpk = new Uint8Array(32);
    const xsk = new Uint8Array(32);
    assert.equal(ll.crypto_sign_ed25519_pk_to_x25519_pk(xpk, kp.publicKey), 0);
    assert.equal(ll.crypto_sign_ed25519_sk_to_x25519_sk(xsk, kp.secretKey), 0);
    same(xpk, sodium.crypto_sign_ed25519_pk_to_curve25519(kp.publicKey), `pk_to_x25519 #${i}`);
    same(xsk, sodium.crypto_sign_ed25519_sk_to_curve25519(kp.secretKey), `sk_to_x25519 #${i}`);
    // The seed alone and a longer array (64- and 32-byte inputs go to the core whole, others as a subarray): only the seed is read.
    for (const sk of [kp.secretKey.slice(0, 32), Uint8Array.of(...kp.secretKey, 1, 2, 3), Uint8Array.of(...kp.secretKey.subarray(0, 32), ...new Uint8Array(32).fill(0xa5))]) {
      const other = new Uint8Array(32);
      assert.equal(ll.crypto_sign_ed25519_sk_to_x25519_sk(other, sk), 0);
      same(other, xsk, `sk_to_x25519 of ${sk.length} bytes #${i}`);
    }
    same(tweetnacl.scalarMult.base(xsk), xpk, `the converted keys are a pair #${i}`);
    assert.equal(ll.crypto_sign_ed25519_pk_to_curve25519, ll.crypto_sign_ed25519_pk_to_x25519_pk);
  }
  // A small-order Ed25519 key (the identity) has no X25519 counterpart: -1, as libsodium.
  const identity = new Uint8Array(32);
  identity[0] = 1;
  assert.equal(ll.crypto_sign_ed25519_pk_to_x25519_pk(new Uint8Array(32), identity), -1);

  const { Point } = nobleEd25519;
  const L = Point.Fn.ORDER;
  const toBig = (b) => BigInt('0x' + hex(Uint8Array.from(b).reverse()) || '0');
  for (let i = 0; i < 8; i++) {
    const s = r.bytes(32);
    const t = r.bytes(32);
    const out = new Uint8Array(32);
    assert.equal(ll.crypto_scalar_base(out, s), 0);
    // Unclamped and unreduced: s·B = (s mod L)·B since B has order L.
    const expectedS = Point.BASE.multiply(toBig(s) % L || L);
    same(out, expectedS.toBytes(), `crypto_scalar_base #${i}`);
    const q = new Uint8Array(32);
    ll.crypto_scalar_base(q, t);
    const sum = new Uint8Array(32);
    assert.equal(ll.crypto_point_add(sum, out, q), 0);
    same(sum, expectedS.add(Point.BASE.multiply(toBig(t) % L || L)).toBytes(), `crypto_point_add #${i}`);
  }
  const notAPoint = new Uint8Array(32);
  notAPoint[0] = 2; // y = 2: (y² − 1) / (d·y² + 1) is not a square, so no x
  assert.equal(ll.crypto_point_add(new Uint8Array(32), notAPoint, notAPoint), -1, 'crypto_point_add of a non-point');
});

test('errors: tweetnacl messages for wrong types and sizes', () => {
  const r = prng('tweetnacl/errors');
  const [k, n, m] = [r.bytes(32), r.bytes(24), r.bytes(10)];
  const kp = tweetnacl.sign.keyPair.fromSeed(r.bytes(32));
  const cases = [
    ['secretbox with an Array', (x) => x.secretbox([1], n, k)],
    ['secretbox with a string key', (x) => x.secretbox(m, n, 'k'.repeat(32))],
    ['secretbox bad key size', (x) => x.secretbox(m, n, k.subarray(1))],
    ['secretbox bad nonce size', (x) => x.secretbox(m, n.subarray(1), k)],
    ['secretbox.open bad key size', (x) => x.secretbox.open(m, n, k.subarray(1))],
    ['secretbox.open bad nonce size', (x) => x.secretbox.open(m, r.bytes(23), k)],
    ['scalarMult bad n size', (x) => x.scalarMult(r.bytes(31), k)],
    ['scalarMult bad p size', (x) => x.scalarMult(k, r.bytes(33))],
    ['scalarMult.base bad n size', (x) => x.scalarMult.base(r.bytes(16))],
    ['box.before bad public key size', (x) => x.box.before(r.bytes(31), k)],
    ['box.before bad secret key size', (x) => x.box.before(k, r.bytes(31))],
    ['box with undefined', (x) => x.box(m, n, undefined, k)],
    ['box.open bad nonce size', (x) => x.box.open(m, r.bytes(8), kp.publicKey, k)],
    ['box.keyPair.fromSecretKey bad size', (x) => x.box.keyPair.fromSecretKey(r.bytes(64))],
    ['sign bad secret key size', (x) => x.sign(m, k)],
    ['sign with a string', (x) => x.sign('hello', kp.secretKey)],
    ['sign.open bad public key size', (x) => x.sign.open(m, kp.secretKey)],
    ['sign.detached bad secret key size', (x) => x.sign.detached(m, r.bytes(32))],
    ['sign.detached.verify bad signature size', (x) => x.sign.detached.verify(m, r.bytes(63), kp.publicKey)],
    ['sign.detached.verify bad public key size', (x) => x.sign.detached.verify(m, r.bytes(64), r.bytes(31))],
    ['sign.keyPair.fromSecretKey bad size', (x) => x.sign.keyPair.fromSecretKey(r.bytes(32))],
    ['sign.keyPair.fromSeed bad size', (x) => x.sign.keyPair.fromSeed(r.bytes(64))],
    ['hash with a string', (x) => x.hash('abc')],
    ['hash with null', (x) => x.hash(null)],
  ];
  for (const [what, run] of cases) sameThrow(run, what);
  // lowlevel: tweetnacl reads missing bytes as zeros; saline names the short argument.
  assert.throws(() => ll.crypto_stream(new Uint8Array(10), 0, 10, r.bytes(23), k), { name: 'RangeError', message: /crypto_stream: n: expected at least 24 bytes, got 23/ });
  assert.throws(() => ll.crypto_hash(new Uint8Array(63), m, 10), { name: 'RangeError', message: /crypto_hash: out: expected at least 64 bytes/ });
  assert.throws(() => ll.crypto_stream_xor(new Uint8Array(10), 0, m, 5, 10, n, k), { name: 'RangeError', message: /crypto_stream_xor: m: expected at least 15 bytes/ });
  assert.throws(() => ll.crypto_hash(new Uint8Array(64), [1, 2], 2), { name: 'TypeError', message: 'unexpected type, use Uint8Array' });
  assert.throws(() => ll.crypto_hash(new Uint8Array(64), m, -1), RangeError);
});

// ---------------------------------------------------------------- documented differences (src/tweetnacl.ts header)

test('difference: a small-order X25519 public key is refused (tweetnacl derives a key from the zero secret)', () => {
  const r = prng('tweetnacl/small-order');
  const sk = r.bytes(32);
  const zero = new Uint8Array(32); // u = 0: X25519 gives all zeros
  const k = new Uint8Array(32);
  assert.equal(tl.crypto_box_beforenm(k, zero, sk), undefined);
  assert.ok(k.some((b) => b !== 0), 'tweetnacl returns HSalsa20(0): a key anyone can compute');
  assert.throws(() => ll.crypto_box_beforenm(new Uint8Array(32), zero, sk), Error);
  assert.throws(() => nacl.box.before(zero, sk), Error);
  assert.throws(() => nacl.box(r.bytes(5), r.bytes(24), zero, sk), Error);
  // Opening fails as a bad tag does (tweetnacl's null for any box it did not forge under the zero key).
  assert.equal(nacl.box.open(r.bytes(40), r.bytes(24), zero, sk), null);
  const m = padded(r.bytes(5), 32);
  assert.throws(() => ll.crypto_box(new Uint8Array(m.length), m, m.length, r.bytes(24), zero, sk), Error);
});

test('difference: a 64-byte signing key whose halves disagree is refused (tweetnacl signs with it)', () => {
  const r = prng('tweetnacl/mismatched-key');
  const kp = tweetnacl.sign.keyPair.fromSeed(r.bytes(32));
  const other = tweetnacl.sign.keyPair.fromSeed(r.bytes(32));
  const mismatched = kp.secretKey.slice();
  mismatched.set(other.publicKey, 32);
  const msg = r.bytes(10);
  assert.equal(tweetnacl.sign(msg, mismatched).length, 74, 'tweetnacl signs');
  assert.throws(() => nacl.sign(msg, mismatched), Error);
  assert.throws(() => nacl.sign.detached(msg, mismatched), Error);
  assert.throws(() => ll.crypto_sign(new Uint8Array(74), msg, 10, mismatched), Error);
  // fromSecretKey stays tweetnacl's unchecked split.
  same(nacl.sign.keyPair.fromSecretKey(mismatched).publicKey, other.publicKey, 'fromSecretKey');
});

test('difference: strict verification refuses a mauled signature (S + L) that tweetnacl accepts', () => {
  const r = prng('tweetnacl/malleable');
  const kp = tweetnacl.sign.keyPair.fromSeed(r.bytes(32));
  const msg = r.bytes(20);
  const sig = tweetnacl.sign.detached(msg, kp.secretKey);
  // S' = S + L, little-endian (S < L < 2^253, so no overflow past 32 bytes).
  const L = nobleEd25519.Point.Fn.ORDER;
  let s = 0n;
  for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(sig[i]);
  let mauledS = s + L;
  const mauled = sig.slice();
  for (let i = 32; i < 64; i++) {
    mauled[i] = Number(mauledS & 0xffn);
    mauledS >>= 8n;
  }
  assert.equal(tweetnacl.sign.detached.verify(msg, mauled, kp.publicKey), true, 'tweetnacl accepts S + L');
  assert.equal(nacl.sign.detached.verify(msg, mauled, kp.publicKey), false, 'saline refuses S + L');
  const signed = new Uint8Array([...mauled, ...msg]);
  assert.equal(nacl.sign.open(signed, kp.publicKey), null);
  assert.equal(ll.crypto_sign_open(new Uint8Array(signed.length), signed, signed.length, kp.publicKey), -1);
});

test('difference: crypto_core_* accept only the constant sigma', () => {
  const r = prng('tweetnacl/sigma');
  const c = r.bytes(16);
  const out = new Uint8Array(64);
  tl.crypto_core_hsalsa20(out, r.bytes(16), r.bytes(32), c); // tweetnacl takes any constant
  assert.throws(() => ll.crypto_core_hsalsa20(new Uint8Array(32), r.bytes(16), r.bytes(32), c), /expand 32-byte k/);
  assert.throws(() => ll.crypto_core_salsa20(new Uint8Array(64), r.bytes(16), r.bytes(32), c), /expand 32-byte k/);
});
