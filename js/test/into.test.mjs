// The output-buffer variants (`sha256.into(out, msg)`, `hmac.into`,
// `poly1305.into`): the same bytes as the allocating calls, written into the
// caller's array, on whichever backend runs (the suite runs once per backend).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as S from 'saline';

const HASHES = ['sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha512_256', 'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'keccak_256', 'shake128', 'shake256', 'blake2b', 'blake2s', 'blake3', 'md4', 'md5', 'ripemd160', 'whirlpool'];
const msg = Uint8Array.from({ length: 100 }, (_, i) => i);
const key = new Uint8Array(32).fill(7);

test('every hash: into(out, msg) writes what hash(msg) returns and returns out', () => {
  for (const name of HASHES) {
    const hash = S[name];
    for (const input of [msg, msg.subarray(0, 0), 'text']) {
      const out = new Uint8Array(hash.outputLen);
      assert.equal(hash.into(out, input), out, name);
      assert.deepEqual(out, hash(input), name);
    }
  }
});

test('options (dkLen, key) and an output that is a view into a larger buffer', () => {
  const backing = new Uint8Array(100).fill(0xee);
  const out = backing.subarray(10, 26);
  S.blake2b.into(out, msg, { dkLen: 16, key });
  assert.deepEqual(out, S.blake2b(msg, { dkLen: 16, key }));
  assert.ok(backing.subarray(0, 10).every((b) => b === 0xee) && backing.subarray(26).every((b) => b === 0xee), 'bytes outside out untouched');
  const xof = new Uint8Array(100);
  S.shake256.into(xof, msg, { dkLen: 100 });
  assert.deepEqual(xof, S.shake256(msg, { dkLen: 100 }));
  S.blake3.into(out, msg, { dkLen: 16, key });
  assert.deepEqual(out, S.blake3(msg, { dkLen: 16, key }));
});

test('hmac.into and poly1305.into', () => {
  for (const hash of [S.sha256, S.sha512, S.sha3_256]) {
    const out = new Uint8Array(hash.outputLen);
    assert.equal(S.hmac.into(out, hash, key, msg), out);
    assert.deepEqual(out, S.hmac(hash, key, msg));
  }
  const tag = new Uint8Array(16);
  assert.equal(S.poly1305.into(tag, msg, key), tag);
  assert.deepEqual(tag, S.poly1305(msg, key));
});

test('a wrong out is a TypeError or RangeError naming it, before any work', () => {
  assert.throws(() => S.sha256.into(new Uint8Array(31), msg), (e) => e instanceof RangeError && /^sha256\.into: out: expected 32 bytes, got 31/.test(e.message));
  assert.throws(() => S.sha256.into([], msg), (e) => e instanceof TypeError && /sha256\.into: out: expected a Uint8Array/.test(e.message));
  assert.throws(() => S.blake2b.into(new Uint8Array(64), msg, { dkLen: 16 }), RangeError);
  assert.throws(() => S.hmac.into(new Uint8Array(16), S.sha256, key, msg), (e) => e instanceof RangeError && /hmac\.into: out/.test(e.message));
  assert.throws(() => S.poly1305.into(new Uint8Array(16), msg, new Uint8Array(31)), (e) => e instanceof RangeError && /poly1305\.into: key/.test(e.message));
});

test('out overlapping an input is refused; adjacent is fine', () => {
  const buffer = new Uint8Array(96);
  assert.throws(() => S.sha256.into(buffer.subarray(16, 48), buffer.subarray(0, 32)), (e) => e instanceof RangeError && /must not overlap/.test(e.message));
  assert.throws(() => S.hmac.into(buffer.subarray(0, 32), S.sha256, buffer.subarray(8, 40), msg), RangeError);
  const input = buffer.subarray(0, 32).fill(1);
  S.sha256.into(buffer.subarray(32, 64), input);
  assert.deepEqual(buffer.subarray(32, 64), S.sha256(new Uint8Array(32).fill(1)));
});

test('a refused overlap leaves the bytes alone (out is not zeroed over the input); an empty input overlaps nothing', () => {
  const buffer = Uint8Array.from({ length: 96 }, (_, i) => i + 1);
  const before = Uint8Array.from(buffer);
  assert.throws(() => S.sha256.into(buffer.subarray(16, 48), buffer.subarray(0, 32)), (e) => e instanceof RangeError && /^sha256\.into: out: must not overlap an input$/.test(e.message));
  assert.throws(() => S.poly1305.into(buffer.subarray(40, 56), buffer.subarray(0, 8), buffer.subarray(32, 64)), RangeError);
  assert.deepEqual(buffer, before);
  const out = buffer.subarray(0, 32);
  assert.equal(S.sha256.into(out, buffer.subarray(8, 8)), out);
  assert.deepEqual(out, S.sha256(new Uint8Array(0)));
});

test('on a failure inside the call, out is zeroed', () => {
  const out = new Uint8Array(32).fill(0xff);
  // BLAKE2s takes keys of at most 32 bytes: the core refuses this one.
  assert.throws(() => S.blake2s.into(out, msg, { key: new Uint8Array(33) }), RangeError);
  assert.ok(out.every((b) => b === 0));
});

test('hash(msg, { out }) is into(out, msg): same bytes, returns out; into and create refuse a second out', () => {
  for (const name of HASHES) {
    const out = new Uint8Array(S[name].outputLen);
    assert.equal(S[name](msg, { out }), out, name);
    assert.deepEqual(out, S[name](msg), name);
  }
  const keyed = new Uint8Array(16);
  assert.equal(S.blake2b(msg, { dkLen: 16, key, out: keyed }), keyed);
  assert.deepEqual(keyed, S.blake2b(msg, { dkLen: 16, key }));
  assert.throws(() => S.sha256(msg, { out: new Uint8Array(31) }), (e) => e instanceof RangeError && /^sha256: out: expected 32 bytes, got 31/.test(e.message));
  assert.throws(() => S.sha256(msg, { out: [] }), (e) => e instanceof TypeError && /^sha256: out: expected a Uint8Array/.test(e.message));
  const buffer = new Uint8Array(64);
  assert.throws(() => S.sha256(buffer.subarray(0, 32), { out: buffer.subarray(16, 48) }), (e) => e instanceof RangeError && /must not overlap/.test(e.message));
  // `{ out }` alone takes a shorter path (hashes.ts onlyOut): its neighbours still take the full check.
  assert.deepEqual(S.sha256(msg, { out: undefined }), S.sha256(msg), '{ out: undefined } allocates');
  for (const opts of [{ out: new Uint8Array(32), outputLength: 32 }, { foo: 1, out: new Uint8Array(32) }, { oot: new Uint8Array(32) }]) {
    assert.throws(() => S.sha256(msg, opts), (e) => e instanceof TypeError && /^sha256: unknown option/.test(e.message), Object.keys(opts).join());
  }
  const inherited = Object.create({ out: new Uint8Array(32) });
  assert.equal(S.sha256(msg, inherited), inherited.out, 'an inherited out, as before the shorter path');
  assert.throws(() => S.sha256.into(new Uint8Array(32), msg, { out: new Uint8Array(32) }), TypeError);
  assert.throws(() => S.sha256.create({ out: new Uint8Array(32) }), (e) => e instanceof TypeError && /digestInto/.test(e.message));
});

test('AEAD encrypt(pt, out) and decrypt(ct, out): same bytes as allocating, returns out; a failed open zeroes out', () => {
  const cases = [
    [S.gcm, 12], [S.chacha20poly1305, 12], [S.xchacha20poly1305, 24], [S.xsalsa20poly1305, 24],
  ];
  for (const [aead, nonceLength] of cases) {
    const nonce = new Uint8Array(nonceLength).fill(3);
    const sealed = aead(key, nonce).encrypt(msg);
    const out = new Uint8Array(msg.length + 16);
    assert.equal(aead(key, nonce).encrypt(msg, out), out, aead.name);
    assert.deepEqual(out, sealed, aead.name);
    const opened = new Uint8Array(msg.length);
    assert.equal(aead(key, nonce).decrypt(sealed, opened), opened, aead.name);
    assert.deepEqual(opened, msg, aead.name);
    const forged = Uint8Array.from(sealed);
    forged[0] ^= 1;
    opened.fill(0xff);
    assert.throws(() => aead(key, nonce).decrypt(forged, opened), (e) => !(e instanceof RangeError) && /authentication failed/.test(e.message), aead.name);
    assert.ok(opened.every((b) => b === 0), `${aead.name}: out zeroed after a failed open`);
    assert.throws(() => aead(key, nonce).encrypt(msg, new Uint8Array(msg.length)), (e) => e instanceof RangeError && /encrypt: out: expected/.test(e.message), aead.name);
    assert.throws(() => aead(key, nonce).decrypt(sealed, sealed.subarray(0, msg.length)), (e) => e instanceof RangeError && /must not overlap/.test(e.message), aead.name);
  }
  // A refused out does not use up the object's one encrypt().
  const once = S.xchacha20poly1305(key, new Uint8Array(24));
  assert.throws(() => once.encrypt(msg, new Uint8Array(1)), RangeError);
  once.encrypt(msg, new Uint8Array(msg.length + 16));
  assert.throws(() => once.encrypt(msg), /already called/);
});

test('an AEAD whose key, nonce or aad is detached after construction: TypeError naming the call and the argument', () => {
  const detach = (u) => structuredClone(u.buffer, { transfer: [u.buffer] });
  const key2 = new Uint8Array(32);
  const sealer = S.xchacha20poly1305(key2, new Uint8Array(24));
  detach(key2);
  assert.throws(() => sealer.encrypt(msg), (e) => e instanceof TypeError && /^xchacha20poly1305\.encrypt: key: .*detached/.test(e.message));
  const nonce = new Uint8Array(12);
  const opener = S.gcm(new Uint8Array(16), nonce);
  detach(nonce);
  assert.throws(() => opener.decrypt(new Uint8Array(32)), (e) => e instanceof TypeError && /^gcm\.decrypt: nonce: .*detached/.test(e.message));
  const aad = new Uint8Array(5);
  const withAad = S.chacha20poly1305(key, new Uint8Array(12), aad);
  detach(aad);
  assert.throws(() => withAad.encrypt(msg, new Uint8Array(msg.length + 16)), (e) => e instanceof TypeError && /^chacha20poly1305\.encrypt: aad: .*detached/.test(e.message));
});
