// Inputs chosen by which of their 32 bytes are zero, for every place where
// the core tests 32 bytes for all-zero. Rust 1.95's LLVM (22.1.2) compiled
// such a test into the +simd128 module with a swapped shift: the mask was
// (16 << (m0 + 16)) + m1 instead of m0 | m1 << 16, where m0 and m1 are the
// i8x16.bitmask of each 16-byte half (llvm/llvm-project#190358;
// docs/notes/wasm-simd128-miscompile.md). So crypto_scalarmult_ed25519 took
// n = 0 for non-zero, and took n with only bytes 2 and 3 set (m0 = 12,
// 16 << 28 wraps to 0) for zero. The random scalars of groups.test.mjs hit
// only the first case. Each test here tries every mask shape: zero, each
// single byte, the wrapping low-half masks 12..15, and each half alone.
// It runs on the scalars of both groups (against libsodium) and on
// TweetNaCl's secretbox padding (against tweetnacl-js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sodium from 'libsodium-wrappers-sumo';
import * as S from 'saline';
import nacl from 'saline/tweetnacl';
import tweetnacl from 'tweetnacl';

await sodium.ready;
await S.ready();

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

/** A 32-byte scalar with byte i = value for each i in `indices`, the rest zero. */
function scalar(indices, value = 1) {
  const s = new Uint8Array(32);
  for (const i of indices) s[i] = value;
  return s;
}

const range = (from, to) => Array.from({ length: to - from }, (_, k) => from + k);
// 32-byte inputs: the scalars, and the zero padding of a secretbox message.
const SHAPES = [
  scalar([]),
  ...range(0, 32).map((i) => scalar([i])),
  // Low-half masks 12, 13, 14, 15 with a zero high half: the wrapped shifts.
  scalar([2, 3]), scalar([0, 2, 3]), scalar([1, 2, 3]), scalar([0, 1, 2, 3]),
  scalar(range(0, 16), 0xff), scalar(range(16, 32), 0xff),
  scalar(range(0, 32), 0x80),
];

// One valid point per group: the second argument of scalarmult.
const POINT = {
  edwards25519: sodium.crypto_core_ed25519_from_uniform(new Uint8Array(32).fill(7)),
  ristretto255: sodium.crypto_core_ristretto255_from_hash(new Uint8Array(64).fill(7)),
};
const ONE_SCALAR = /^(scalarmult|scalar_(invert|negate|complement)$)/;
const camelCase = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

const outcome = (f) => {
  try {
    return Buffer.from(f()).toString('hex');
  } catch {
    return 'throws';
  }
};

test(`[${S.backend()}] one-scalar group functions give libsodium's answer for every zero-byte shape`, () => {
  let comparisons = 0;
  let refusals = 0;
  for (const entry of S.algorithms().filter((e) => e.kind === 'group')) {
    for (const operation of entry.operations.filter((o) => ONE_SCALAR.test(o.name))) {
      const ours = S.group[entry.name][camelCase(operation.name)];
      const theirs = sodium[operation.function];
      for (const n of SHAPES) {
        const args = operation.name.startsWith('scalarmult') && !operation.name.includes('base') ? [n, POINT[entry.name]] : [n];
        const expected = outcome(() => theirs(...args));
        assert.equal(outcome(() => ours(...args)), expected, `${operation.function}(${Buffer.from(n).toString('hex')})`);
        if (expected === 'throws') refusals++;
        comparisons++;
      }
    }
  }
  // 6 scalarmult + 6 scalar_* functions; the zero scalar is refused by all
  // scalarmults and by both inverts.
  assert.equal(comparisons, 12 * SHAPES.length);
  assert.ok(refusals >= 8, `zero is refused (${refusals})`);
});

test(`[${S.backend()}] lowlevel.crypto_secretbox gives tweetnacl's box for every zero-byte shape of the padding`, () => {
  // NaCl wants m[0..32] zero. Saline takes the libsodium path when it is, and
  // composes TweetNaCl's result when it is not. Both give tweetnacl's bytes.
  // A wrong mask that took non-zero padding for zero would drop the padding
  // from the box, which this catches. The converse would be harmless.
  const nonce = new Uint8Array(24).fill(3);
  const key = new Uint8Array(32).fill(9);
  for (const padding of SHAPES) {
    const m = new Uint8Array(48);
    m.set(padding);
    m.fill(0x61, 32);
    const ours = new Uint8Array(48);
    const theirs = new Uint8Array(48);
    assert.equal(nacl.lowlevel.crypto_secretbox(ours, m, m.length, nonce, key), 0);
    assert.equal(tweetnacl.lowlevel.crypto_secretbox(theirs, m, m.length, nonce, key), 0);
    assert.deepEqual(ours, theirs, `padding ${Buffer.from(padding).toString('hex')}`);
  }
});
