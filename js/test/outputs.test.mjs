// What the one-shot functions return, on whichever backend runs (the suite
// runs once per backend). Natively, outputs of up to 64 bytes are written
// into one private buffer of the backend's and copied out
// (src/backend/native.ts `smallOutputs`): each result must still be an
// array of its own that no later call changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as S from 'saline';

const msg = Uint8Array.from({ length: 32 }, (_, i) => i);
const key = new Uint8Array(32).fill(7);

test('small results are arrays of their own: own ArrayBuffer, exact length, unchanged by later calls', () => {
  const first = S.sha256(msg);
  const copy = Uint8Array.from(first);
  const results = [S.sha256(key), S.sha512(msg), S.poly1305(msg, key), S.blake2b(msg, { dkLen: 1 }), S.hmac(S.sha256, key, msg), S.x25519.getPublicKey(key)];
  assert.deepEqual(first, copy, 'a later call changed an earlier result');
  for (const r of [first, ...results]) {
    assert.equal(r.byteOffset, 0);
    assert.equal(r.buffer.byteLength, r.length);
    assert.ok(r.buffer instanceof ArrayBuffer);
  }
  assert.equal(new Set([first, ...results].map((r) => r.buffer)).size, results.length + 1, 'two results share an ArrayBuffer');
});

test('a failed call leaves earlier results alone; outputs over 64 bytes agree with the small ones', () => {
  const tag = S.poly1305(msg, key);
  const copy = Uint8Array.from(tag);
  assert.throws(() => S.poly1305(msg, key.subarray(0, 31)), RangeError);
  assert.deepEqual(tag, copy);
  assert.equal(S.shake256(msg, { dkLen: 65 }).length, 65);
  assert.deepEqual(S.shake256(msg, { dkLen: 65 }).subarray(0, 64), S.shake256(msg, { dkLen: 64 }));
  assert.equal(S.shake256(msg, { dkLen: 0 }).length, 0);
});
