// The byte helpers added for noble and libsodium users: bytesToUtf8,
// concatBytes and base64url (RFC 4648 §5, unpadded), checked against
// Node's own Buffer encodings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as S from 'saline';
import { prng } from './_prng.mjs';

const { utils } = S;

test('the new helpers are exported at the top level and under utils', () => {
  for (const name of ['bytesToUtf8', 'utf8ToBytes', 'concatBytes', 'bytesToBase64url', 'base64urlToBytes']) {
    assert.equal(typeof S[name], 'function', name);
    assert.equal(S[name], utils[name], name);
  }
});

test('base64url round-trips every length 0..64 and matches Buffer', () => {
  const random = prng('base64url');
  // Seed printed on failure: SALINE_SEED reproduces the inputs.
  for (let n = 0; n <= 64; n++) {
    const data = random.bytes(n);
    const encoded = utils.bytesToBase64url(data);
    assert.equal(encoded, Buffer.from(data).toString('base64url'), `length ${n}`);
    assert.deepEqual(utils.base64urlToBytes(encoded), data, `length ${n}`);
  }
  assert.equal(utils.bytesToBase64url(Uint8Array.of(0xfb, 0xff, 0x01)), '-_8B');
});

test('base64urlToBytes is strict: no padding, no standard alphabet, no stray bits, no impossible length', () => {
  assert.throws(() => utils.base64urlToBytes('AQ=='), /not a base64url character at index 2/);
  assert.throws(() => utils.base64urlToBytes('+/8B'), /not a base64url character at index 0/);
  assert.throws(() => utils.base64urlToBytes('AR'), /non-zero unused bits/);
  assert.throws(() => utils.base64urlToBytes('AQE'.slice(0, 2) + 'F'), /non-zero unused bits/);
  assert.throws(() => utils.base64urlToBytes('AQEBA'), RangeError);
  assert.throws(() => utils.base64urlToBytes(42), TypeError);
  assert.deepEqual(utils.base64urlToBytes(''), new Uint8Array(0));
});

test('bytesToUtf8 decodes UTF-8 and refuses malformed bytes', () => {
  for (const text of ['', 'saline', 'héllo wörld', '😀 emoji', '\uFEFFbom kept']) {
    assert.equal(utils.bytesToUtf8(utils.utf8ToBytes(text)), text);
  }
  assert.throws(() => utils.bytesToUtf8(Uint8Array.of(0xc3)), { name: 'Error', message: 'bytesToUtf8: data: not valid UTF-8' });
  assert.throws(() => utils.bytesToUtf8(Uint8Array.of(0xed, 0xa0, 0x80)), /not valid UTF-8/); // a UTF-16 surrogate
  assert.throws(() => utils.bytesToUtf8('text'), TypeError);
});

test('concatBytes joins into a new array and checks every argument', () => {
  const a = Uint8Array.of(1, 2);
  const b = new Uint8Array(0);
  const c = Buffer.from([3]);
  const joined = utils.concatBytes(a, b, c);
  assert.deepEqual(joined, Uint8Array.of(1, 2, 3));
  assert.equal(Object.getPrototypeOf(joined), Uint8Array.prototype);
  assert.notEqual(utils.concatBytes(a).buffer, a.buffer, 'always a copy');
  assert.deepEqual(utils.concatBytes(), new Uint8Array(0));
  assert.throws(() => utils.concatBytes(a, [3]), { name: 'TypeError', message: /^concatBytes: arrays\[1\]: expected a Uint8Array/ });
});
