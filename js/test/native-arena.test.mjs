// The native addon's arena (crates/saline-node/src/arena.rs): the memory
// small allocating calls go through without any Uint8Array crossing N-API.
// Driven here directly, header and all, as js/src/backend/native.ts drives
// it: right answers, inputs wiped after every call, and a header that lies
// (sizes past the regions, fractions, NaN, too many arguments) refused with
// a TypeError, never an access outside the buffer. Then through the API:
// the arena path and the callv path give the same bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const addonPath = new URL('../native/saline.node', import.meta.url).pathname;
const skip = !existsSync(addonPath) && 'the native addon is not built (js/scripts/build-native.sh)';
const addon = skip ? undefined : createRequire(import.meta.url)(addonPath);

// saline-ops operation codes (js/src/backend/generated.ts `Op`).
const OP_HASH = 1;
const OP_MAC = 2;
const FIXED = 5; // op, alg, n, m, output length

const idOf = (name) => JSON.parse(addon.catalog()).find((e) => e.name === name).id;

/** Writes a call into the arena's header and input region, as native.ts does. */
function lay(arena, op, alg, inputs, nums, outLength) {
  const header = new Float64Array(arena.buffer, 0, arena.inputStart / 8);
  const heap = new Uint8Array(arena.buffer);
  header.set([op, alg, inputs.length, nums.length, outLength]);
  let at = arena.inputStart;
  inputs.forEach((b, i) => {
    header[FIXED + i] = b === null ? -1 : b.length;
    if (b !== null) heap.set(b, at);
    at += b === null ? 0 : b.length;
  });
  nums.forEach((x, j) => { header[FIXED + inputs.length + j] = x; });
  return { header, heap };
}

const inputRegion = (arena) => new Uint8Array(arena.buffer, arena.inputStart, arena.outputStart - arena.inputStart);
const outputRegion = (arena) => new Uint8Array(arena.buffer, arena.outputStart);
const allZero = (u) => u.every((x) => x === 0);

test('an arena call hashes and MACs what the header describes, and wipes the inputs', { skip }, () => {
  const arena = addon.arena();
  assert.ok(arena.buffer instanceof ArrayBuffer);
  assert.ok(arena.inputStart >= FIXED * 8 + 2 * 16 * 8 && arena.outputStart > arena.inputStart && arena.outputStart < arena.buffer.byteLength);
  const msg = new Uint8Array(1000).map((_, i) => i * 7);
  const { header } = lay(arena, OP_HASH, idOf('sha256'), [msg, null, null, null, null], [32], 32);
  assert.equal(arena.call(), undefined);
  assert.equal(header[0], 32, 'the length written, in header slot 0');
  assert.deepEqual(Buffer.from(outputRegion(arena).subarray(0, 32)), createHash('sha256').update(msg).digest());
  assert.ok(allZero(inputRegion(arena)), 'the message is wiped');

  const key = new Uint8Array(32).fill(9);
  lay(arena, OP_MAC, idOf('hmac-sha512'), [key, msg], [], 64);
  arena.call();
  assert.deepEqual(Buffer.from(outputRegion(arena).subarray(0, 64)), createHmac('sha512', key).update(msg).digest());
  assert.ok(allZero(inputRegion(arena)), 'the key and message are wiped');
});

test('a failed arena call throws the addon error and wipes inputs and output', { skip }, () => {
  const arena = addon.arena();
  outputRegion(arena).fill(0xaa);
  lay(arena, OP_MAC, idOf('poly1305'), [new Uint8Array(31).fill(1), new Uint8Array(40).fill(2)], [], 16);
  assert.throws(() => arena.call(), (e) => e.code === 1 && /key: expected 32 bytes, got 31/.test(e.message));
  assert.ok(allZero(inputRegion(arena)));
  assert.ok(allZero(outputRegion(arena).subarray(0, 16)));
});

test('a header that lies is a TypeError, with the inputs wiped', { skip }, () => {
  const arena = addon.arena();
  const capacity = arena.outputStart - arena.inputStart;
  const outCapacity = arena.buffer.byteLength - arena.outputStart;
  const sha = idOf('sha256');
  const cases = [
    ['a NaN op', (h) => { h[0] = NaN; }],
    ['a fractional op', (h) => { h[0] = 1.5; }],
    ['a negative catalog id', (h) => { h[1] = -1; }],
    ['17 byte arguments', (h) => { h[2] = 17; }],
    ['17 numbers', (h) => { h[3] = 17; }],
    ['an output past the region', (h) => { h[4] = outCapacity + 1; }],
    ['an input longer than the region', (h) => { h[FIXED] = capacity + 1; }],
    ['inputs that together overrun the region', (h) => { h[2] = 2; h[FIXED] = capacity; h[FIXED + 1] = 1; }],
    ['a length of -2', (h) => { h[FIXED] = -2; }],
    ['a length of 2^53', (h) => { h[FIXED] = 2 ** 53; }],
    ['an infinite length', (h) => { h[FIXED] = Infinity; }],
  ];
  for (const [what, lie] of cases) {
    const { header } = lay(arena, OP_HASH, sha, [new Uint8Array(64).fill(5)], [32], 32);
    lie(header);
    assert.throws(() => arena.call(), (e) => e instanceof TypeError && e.code === 'ERR_INVALID_ARG_TYPE' && /^arena: /.test(e.message), what);
    assert.ok(allZero(inputRegion(arena)), `${what}: inputs wiped`);
  }
});

test('arenas are independent, and one outlives a collected sibling', { skip }, () => {
  const a = addon.arena();
  for (let i = 0; i < 1000; i++) addon.arena(); // garbage: each frees its memory when both halves are collected
  globalThis.gc?.();
  const msg = new Uint8Array(100).fill(3);
  lay(a, OP_HASH, idOf('sha256'), [msg], [32], 32);
  a.call();
  assert.deepEqual(Buffer.from(outputRegion(a).subarray(0, 32)), createHash('sha256').update(msg).digest());
});

// Before any other test makes the API's backend: the arena it makes is
// captured here (the addon module is one object per process), so that its
// output region can be read after the API copied a result out.
test('through the API, the arena\'s regions are zero after every call it serves, allocating or into a caller\'s out', { skip }, async () => {
  let captured;
  const make = addon.arena;
  addon.arena = function arena() {
    captured = make.call(this);
    return captured;
  };
  try {
    process.env.SALINE_BACKEND = 'native';
    const S = await import('saline');
    const msg = new Uint8Array(100).fill(5);
    const key = new Uint8Array(32).fill(6);
    S.sha256(msg); // makes the backend, and with it the arena
    assert.ok(captured !== undefined, 'the backend took its arena from addon.arena()');
    // Output lengths that are and are not multiples of 8 (the wipe writes 8-byte words).
    const calls = {
      'poly1305 (16 B)': () => S.poly1305(msg, key),
      'ripemd160 (20 B)': () => S.ripemd160(msg),
      'sha256 (32 B)': () => S.sha256(msg),
      'blake2b dkLen 47': () => S.blake2b(msg, { key, dkLen: 47 }),
      'hmac-sha512 (64 B)': () => S.hmac(S.sha512, key, msg),
      'blake2s dkLen 1': () => S.blake2s(msg, { dkLen: 1 }),
    };
    for (const [what, f] of Object.entries(calls)) {
      const result = f();
      assert.ok(result.some((x) => x !== 0), `${what}: a result came back`);
      assert.ok(allZero(outputRegion(captured)), `${what}: the output region is wiped`);
      assert.ok(allZero(inputRegion(captured)), `${what}: the inputs are wiped`);
    }
    // The TweetNaCl layer's calls into a caller's out (Backend.callCopying), a failed one too.
    const { default: nacl } = await import('saline/tweetnacl');
    const ll = nacl.lowlevel;
    const nonce = new Uint8Array(24).fill(7);
    const boxed = new Uint8Array(48);
    const into = {
      'crypto_onetimeauth (16 B)': (out = new Uint8Array(16)) => [ll.crypto_onetimeauth(out, 0, msg, 0, 100, key), out],
      'crypto_core_hsalsa20 (32 B)': (out = new Uint8Array(32)) => [ll.crypto_core_hsalsa20(out, msg.subarray(0, 16), key, new TextEncoder().encode('expand 32-byte k')), out],
      'crypto_secretbox (48 B)': () => [ll.crypto_secretbox(boxed, new Uint8Array(48).fill(1).fill(0, 0, 32), 48, nonce, key), boxed],
    };
    for (const [what, f] of Object.entries(into)) {
      const [code, out] = f();
      assert.equal(code, 0, what);
      assert.ok(out.some((x) => x !== 0), `${what}: a result came back`);
      assert.ok(allZero(outputRegion(captured)), `${what}: the output region is wiped`);
      assert.ok(allZero(inputRegion(captured)), `${what}: the inputs are wiped`);
    }
    boxed[40] ^= 1;
    const opened = new Uint8Array(48).fill(9);
    assert.equal(ll.crypto_secretbox_open(opened, boxed, 48, nonce, key), -1, 'a forged box fails');
    assert.ok(opened.every((x) => x === 9), 'a failed open leaves out as it was');
    assert.ok(allZero(outputRegion(captured)) && allZero(inputRegion(captured)), 'a failed open leaves the arena wiped');
  } finally {
    addon.arena = make;
  }
});

test('through the API, allocating calls (the arena) and output-buffer calls (callv) agree, inputs in any memory', { skip }, async () => {
  process.env.SALINE_BACKEND = 'native';
  const S = await import('saline');
  assert.equal(S.backend(), 'native');
  for (const size of [1, 8, 9, 32, 100, 1000, 1664, 1665, 5000]) {
    const plain = new Uint8Array(size).map((_, i) => (i * 31 + size) & 0xff);
    const shared = new Uint8Array(new SharedArrayBuffer(size + 3), 3, size);
    shared.set(plain);
    const key = new Uint8Array(32).fill(size & 0xff);
    for (const msg of [plain, shared]) {
      assert.deepEqual(S.sha256(msg), S.sha256(msg, { out: new Uint8Array(32) }), `sha256 ${size}`);
      assert.deepEqual(Buffer.from(S.sha256(msg)), createHash('sha256').update(plain).digest());
      assert.deepEqual(S.blake2b(msg, { key, dkLen: 48 }), S.blake2b(msg, { key, dkLen: 48, out: new Uint8Array(48) }), `blake2b ${size}`);
      assert.deepEqual(S.poly1305(msg, key), S.poly1305.into(new Uint8Array(16), msg, key), `poly1305 ${size}`);
      assert.deepEqual(Buffer.from(S.hmac(S.sha256, key, msg)), createHmac('sha256', key).update(plain).digest());
    }
  }
  // An empty input may sit on a detached buffer: still refused by name.
  const detached = new Uint8Array(new ArrayBuffer(8));
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  assert.throws(() => S.sha256(detached), TypeError);
  assert.deepEqual(Buffer.from(S.sha256(new Uint8Array(0))), createHash('sha256').digest());
});
