// Signing from a 64-byte secret key (seed ‖ public key) checks that the
// public half is the seed's, and remembers the last key that passed so that
// the same key signs again without the check's multiplication (natively a
// per-thread copy; in WebAssembly a one-way commitment and the public point:
// crates/saline/src/curve/ed25519.rs `checked_key_cache`, docs/DESIGN.md
// "Ed25519 signing from a 64-byte key"). The JS mirror of
// crates/saline/tests/ed25519_key_cache.rs, so that the WebAssembly cache,
// which Rust's native tests cannot reach, is held to the same rules: a
// mismatched key is refused right after the right one was remembered, and
// a remembered key signs exactly as noble does from the seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ed25519 as noble } from '@noble/curves/ed25519.js';
import * as S from 'saline';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

function privateKey(seedByte) {
  const seed = new Uint8Array(32).fill(seedByte);
  const sk = new Uint8Array(64);
  sk.set(seed);
  sk.set(S.ed25519.getPublicKey(seed), 32);
  return sk;
}

const hex = (b) => Buffer.from(b).toString('hex');
const MESSAGES = [new Uint8Array(0), new Uint8Array([0x61]), new Uint8Array(32).fill(0x5a), new Uint8Array(5000).fill(0xa5)];

function assertRefused(sk, what) {
  assert.throws(() => S.ed25519.sign(MESSAGES[1], sk), /are not the public key of its first 32/, what);
}

function assertSignsAsNoble(sk, what) {
  for (const m of MESSAGES) {
    assert.equal(hex(S.ed25519.sign(m, sk)), hex(noble.sign(m, sk.subarray(0, 32))), `${what}, ${m.length} bytes`);
  }
}

test('a mismatched 64-byte key is refused right after the right one was remembered', () => {
  const good = privateKey(1);
  // Twice: the second is served from what the first remembered.
  assertSignsAsNoble(good, 'first');
  assertSignsAsNoble(good, 'again');
  for (const bit of [0, 7, 8 * 17 + 3, 8 * 31 + 7, 8 * 32, 8 * 32 + 5, 8 * 48 + 1, 8 * 63 + 7]) {
    const bad = good.slice();
    bad[bit >> 3] ^= 1 << (bit & 7);
    assertRefused(bad, `bit ${bit} flipped`);
    // The refusal neither forgot nor replaced the checked key.
    assert.equal(hex(S.ed25519.sign(MESSAGES[2], good)), hex(noble.sign(MESSAGES[2], good.subarray(0, 32))), `after bit ${bit}`);
  }
  // Another valid key's public half under this seed, and this seed's half under another.
  const other = privateKey(2);
  const swapped = good.slice();
  swapped.set(other.subarray(32), 32);
  assertRefused(swapped, "another key's public half");
  swapped.set(other.subarray(0, 32));
  swapped.set(good.subarray(32), 32);
  assertRefused(swapped, 'another seed under this public half');
});

test('remembered keys sign exactly as noble does from the seed, through misses, hits and replacements', () => {
  const keys = [privateKey(3), privateKey(4)];
  // A, A, B, A, B, B: misses, hits and replacements.
  for (const [step, index] of [0, 0, 1, 0, 1, 1].entries()) {
    assertSignsAsNoble(keys[index], `step ${step}`);
    const sig = S.ed25519.sign(MESSAGES[3], keys[index]);
    assert.ok(S.ed25519.verify(sig, MESSAGES[3], keys[index].subarray(32)), `step ${step} verifies`);
  }
});

test('32-byte seeds, which WebAssembly remembers too, give noble\'s public keys and signatures in any order', () => {
  const seeds = [5, 6, 7].map((b) => new Uint8Array(32).fill(b));
  for (const [step, index] of [0, 0, 1, 0, 2, 2, 1].entries()) {
    const seed = seeds[index];
    assert.equal(hex(S.ed25519.getPublicKey(seed)), hex(noble.getPublicKey(seed)), `step ${step} public key`);
    for (const m of MESSAGES) assert.equal(hex(S.ed25519.sign(m, seed)), hex(noble.sign(m, seed)), `step ${step}, ${m.length} bytes`);
    // The 64-byte key of the seed just remembered, with a wrong public half, is still refused.
    const wrong = new Uint8Array(64);
    wrong.set(seed);
    wrong.set(noble.getPublicKey(seeds[(index + 1) % 3]), 32);
    assertRefused(wrong, `step ${step}: the seed's 64-byte key with another public half`);
  }
});
