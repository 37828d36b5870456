// secretstream against libsodium-wrappers-sumo: with the same header every
// chunk is byte-identical; each side pulls what the other pushed; forged,
// reordered and truncated chunks are refused by both; every tag, explicit
// rekeys, chunk sizes from 0 B to 1 MiB. Inputs from test/_prng.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sodium from 'libsodium-wrappers-sumo';
import * as S from 'saline';
import { prng, BASE_SEED } from './_prng.mjs';

await sodium.ready;

const { secretstream } = S;
const TAGS = [secretstream.TAG_MESSAGE, secretstream.TAG_PUSH, secretstream.TAG_REKEY, secretstream.TAG_FINAL];
const hex = (b) => Buffer.from(b).toString('hex');
const same = (got, expected, what) => assert.equal(hex(got), hex(expected), `${what} (seed ${BASE_SEED})`);

test('secretstream: constants match libsodium', () => {
  assert.equal(secretstream.TAG_MESSAGE, sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE);
  assert.equal(secretstream.TAG_PUSH, sodium.crypto_secretstream_xchacha20poly1305_TAG_PUSH);
  assert.equal(secretstream.TAG_REKEY, sodium.crypto_secretstream_xchacha20poly1305_TAG_REKEY);
  assert.equal(secretstream.TAG_FINAL, sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL);
  assert.equal(secretstream.keygen().length, sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES);
  assert.equal(secretstream.push(secretstream.keygen()).header.length, sodium.crypto_secretstream_xchacha20poly1305_HEADERBYTES);
});

test('secretstream: chunks equal libsodium\'s, every tag, 0 B to 1 MiB, rekeys, both directions', () => {
  const r = prng('secretstream');
  const key = r.bytes(32);
  const theirs = sodium.crypto_secretstream_xchacha20poly1305_init_push(key);
  const tx = secretstream.push(key, theirs.header);
  same(tx.header, theirs.header, 'header');
  const rx = secretstream.pull(theirs.header, key);
  const theirsRx = sodium.crypto_secretstream_xchacha20poly1305_init_pull(theirs.header, key);
  let n = 0;
  for (const size of [0, 1, 15, 16, 17, 63, 64, 65, 1000, 65536 + 3, 1 << 20]) {
    for (const tag of TAGS) {
      const msg = r.bytes(size);
      const ad = n % 3 === 0 ? null : r.bytes(n % 40);
      const ours = tx.push(msg, { ad: ad ?? undefined, tag });
      same(ours, sodium.crypto_secretstream_xchacha20poly1305_push(theirs.state, msg, ad, tag), `push ${size} B, tag ${tag}`);
      // Alternate which side pulls whose chunk (they are equal anyway).
      const pulled = rx.pull(ours, ad ?? undefined);
      assert.ok(pulled, `pull ${size} B`);
      same(pulled.message, msg, 'pulled message');
      assert.equal(pulled.tag, tag);
      const theirsPulled = sodium.crypto_secretstream_xchacha20poly1305_pull(theirsRx, ours, ad);
      assert.ok(theirsPulled, 'libsodium pulls our chunk');
      same(theirsPulled.message, msg, 'libsodium pulled message');
      if (n % 7 === 6) {
        tx.rekey();
        sodium.crypto_secretstream_xchacha20poly1305_rekey(theirs.state);
        rx.rekey();
        sodium.crypto_secretstream_xchacha20poly1305_rekey(theirsRx);
      }
      n++;
    }
  }
});

test('secretstream: libsodium\'s streams pull here; forgeries, replays, reordering and truncation are refused', () => {
  const r = prng('secretstream-failures');
  for (let round = 0; round < 8; round++) {
    const key = r.bytes(32);
    const theirs = sodium.crypto_secretstream_xchacha20poly1305_init_push(key);
    const chunks = [];
    for (let i = 0; i < 4; i++) {
      const msg = r.bytes(1 + r.int(100));
      chunks.push({ msg, tag: i === 3 ? secretstream.TAG_FINAL : secretstream.TAG_MESSAGE, c: sodium.crypto_secretstream_xchacha20poly1305_push(theirs.state, msg, null, i === 3 ? 3 : 0) });
    }
    const rx = secretstream.pull(theirs.header, key);
    // Reordered: the second chunk first.
    assert.equal(rx.pull(chunks[1].c), null, 'reordered chunk');
    for (const [i, { msg, tag, c }] of chunks.entries()) {
      // A flipped bit anywhere, other associated data, a truncated chunk.
      const forged = c.slice();
      forged[(7 * i + round) % forged.length] ^= 1 << (round % 8);
      assert.equal(rx.pull(forged), null, 'forged chunk');
      assert.equal(rx.pull(c, new Uint8Array([1])), null, 'other ad');
      assert.equal(rx.pull(c.subarray(0, c.length - 1)), null, 'truncated chunk');
      const pulled = rx.pull(c);
      assert.ok(pulled, `chunk ${i} after refused ones`);
      same(pulled.message, msg, 'message');
      assert.equal(pulled.tag, tag);
      assert.equal(rx.pull(c), null, 'replayed chunk');
    }
  }
});

test('secretstream: bad arguments throw, destroy wipes', () => {
  const key = secretstream.keygen();
  assert.throws(() => secretstream.push(key.subarray(1)), RangeError);
  assert.throws(() => secretstream.push('key'), TypeError);
  assert.throws(() => secretstream.pull(new Uint8Array(23), key), RangeError);
  const tx = secretstream.push(key);
  assert.throws(() => tx.push('x', { tag: 4 }), RangeError);
  const rx = secretstream.pull(tx.header, key);
  assert.throws(() => rx.pull(new Uint8Array(16)), RangeError);
  assert.deepEqual(rx.pull(tx.push('hi')), { tag: 0, message: new TextEncoder().encode('hi') });
  tx.destroy();
  assert.throws(() => tx.push('x'), /destroyed/);
  rx.destroy();
  assert.throws(() => rx.pull(new Uint8Array(17)), /destroyed/);
});
