// Hostile inputs, on whichever backend runs (make js-test runs every file on
// the native addon, the WebAssembly SIMD build and the baseline build):
// memory another thread changes during a call, a random source replaced
// after load, typed arrays that lie about their length, and password hashes
// that name absurd costs. Each test here failed before its fix (issue 10).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { spawnSync } from 'node:child_process';
import * as S from 'saline';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

// ------------------------------------------------------------------ shared memory

test('ed25519.sign over a SharedArrayBuffer another thread keeps changing: every signature is of one consistent message', async () => {
  // The writer flips the first byte between 0 and 1 as fast as it can. A
  // backend that reads the message twice (once for the nonce, once for the
  // challenge) produces signatures valid for neither message, and two such
  // signatures with one nonce give away the secret key.
  const shared = new SharedArrayBuffer(64);
  const message = new Uint8Array(shared);
  const control = new Int32Array(new SharedArrayBuffer(4));
  const writer = new Worker(
    `const { workerData } = require('node:worker_threads');
     const m = new Uint8Array(workerData.shared);
     const c = new Int32Array(workerData.control);
     while (Atomics.load(c, 0) === 0) m[0] ^= 1;`,
    { eval: true, workerData: { shared, control } },
  );
  try {
    const { secretKey, publicKey } = S.ed25519.keygen(new Uint8Array(32).fill(7));
    const zero = new Uint8Array(64);
    const one = new Uint8Array(64);
    one[0] = 1;
    const seenR = new Map();
    for (let i = 0; i < 3000; i++) {
      const signature = S.ed25519.sign(message, secretKey);
      const valid = S.ed25519.verify(signature, zero, publicKey) || S.ed25519.verify(signature, one, publicKey);
      assert.ok(valid, `signature ${i} verifies for neither message: the message was read twice`);
      // One nonce R must never come with two different S values.
      const r = Buffer.from(signature.subarray(0, 32)).toString('hex');
      const s = Buffer.from(signature.subarray(32)).toString('hex');
      assert.ok(!seenR.has(r) || seenR.get(r) === s, 'one nonce signed two messages');
      seenR.set(r, s);
    }
    assert.ok(seenR.size >= 2, 'the writer thread never changed the message');
  } finally {
    Atomics.store(control, 0, 1);
    await writer.terminate();
  }
});

test('hashing and MACs over shared memory give the bytes of a private copy', () => {
  const shared = new Uint8Array(new SharedArrayBuffer(1000)).map((_, i) => i);
  const copy = shared.slice();
  const key = new Uint8Array(32).fill(3);
  assert.deepEqual(S.sha256(shared), S.sha256(copy));
  assert.deepEqual(S.hmac(S.sha512, key, shared), S.hmac(S.sha512, key, copy));
  const h = S.blake2b.create({ key });
  h.update(shared);
  assert.deepEqual(h.digest(), S.blake2b(copy, { key }));
  const nonce = new Uint8Array(24);
  const sealed = S.xchacha20poly1305(key, nonce).encrypt(shared);
  assert.deepEqual(S.xchacha20poly1305(key, nonce).decrypt(sealed), copy);
});

// ------------------------------------------------------------------ the random source

test('replacing crypto.getRandomValues after load changes nothing Saline draws', () => {
  S.randomBytes(1); // loaded
  const original = globalThis.crypto.getRandomValues;
  const hostile = (array) => array.fill(0x41);
  try {
    Object.defineProperty(globalThis.crypto, 'getRandomValues', { value: hostile, configurable: true, writable: true });
    const a = S.randomBytes(32);
    const b = S.randomBytes(32);
    assert.notDeepEqual(a, b);
    assert.ok(!a.every((x) => x === 0x41), 'randomBytes used the replaced getRandomValues');
    const k1 = S.ed25519.keygen().secretKey;
    const k2 = S.ed25519.keygen().secretKey;
    assert.notDeepEqual(k1, k2, 'key generation used the replaced getRandomValues');
  } finally {
    Object.defineProperty(globalThis.crypto, 'getRandomValues', { value: original, configurable: true, writable: true });
  }
});

test('a random source that calls back into Saline is refused, not obeyed', { skip: S.backend() !== 'wasm' && 'the native addon draws from the OS, not crypto.getRandomValues' }, () => {
  // Replaced BEFORE Saline loads (so it is the one captured), and re-entrant:
  // it calls Saline while Saline is inside a call. A fresh process.
  const script = `
    const original = crypto.getRandomValues.bind(crypto);
    let S;
    Object.defineProperty(crypto, 'getRandomValues', { configurable: true, value(array) {
      if (S) S.sha256('re-entry');
      return original(array);
    } });
    S = await import('saline');
    try {
      S.randomBytes(16);
      console.log('no error');
    } catch (error) {
      console.log(error.constructor.name + ': ' + error.message);
    }
    console.log(Buffer.from(S.sha256('abc')).toString('hex'));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, SALINE_BACKEND: 'wasm' } });
  assert.equal(child.status, 0, child.stderr);
  const [first, digest] = child.stdout.trim().split('\n');
  assert.match(first, /^Error: .*random number generator failed/);
  assert.equal(digest, 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', 'the instance still works afterwards');
});

// ------------------------------------------------------------------ lying typed arrays

test('a Uint8Array whose length was redefined is read as its real bytes', () => {
  const real = new Uint8Array(16).fill(9);
  const liar = new Uint8Array(16).fill(9);
  Object.defineProperty(liar, 'length', { value: 1 << 20 });
  Object.defineProperty(liar, 'byteLength', { value: 1 << 20 });
  assert.deepEqual(S.sha256(liar), S.sha256(real));
  const h = S.sha256.create();
  h.update(liar);
  assert.deepEqual(h.digest(), S.sha256(real));
  // A 16-byte key that claims 32: refused by its real length.
  const key = new Uint8Array(16);
  Object.defineProperty(key, 'length', { value: 32 });
  assert.throws(() => S.xchacha20poly1305(key, new Uint8Array(24)).encrypt(real), RangeError);
  assert.deepEqual(S.hmac(S.sha256, key, liar), S.hmac(S.sha256, key, real));
});

test('an object posing as a Uint8Array is a TypeError', () => {
  const fake = Object.setPrototypeOf({ length: 32, byteLength: 32, byteOffset: 0, 0: 1 }, Uint8Array.prototype);
  assert.throws(() => S.sha256(fake), TypeError);
  assert.throws(() => S.xchacha20poly1305(fake, new Uint8Array(24)), TypeError);
});

// ------------------------------------------------------------------ untrusted password-hash costs

const quick = (f) => {
  const start = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

test('argon2.verify refuses absurd costs before any work, with a RangeError that says how to proceed', async () => {
  const salt = 'c29tZXNhbHRzb21lc2FsdA';
  const hash = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  const hostile = [
    `$argon2id$v=19$m=4194304,t=4294967295,p=1$${salt}$${hash}`,
    `$argon2id$v=19$m=3000000,t=1,p=1$${salt}$${hash}`, // above 2 GiB
    `$argon2id$v=19$m=65536,t=100,p=1$${salt}$${hash}`, // 6.25 GiB·passes
    `$argon2id$v=19$m=65536,t=1,p=1000$${salt}$${hash}`,
  ];
  for (const phc of hostile) {
    let error;
    const ms = quick(() => {
      try {
        S.argon2.verify('pw', phc);
      } catch (e) {
        error = e;
      }
    });
    assert.ok(error instanceof RangeError, `${phc}: ${error}`);
    assert.match(error.message, /verify limit|above/);
    assert.ok(ms < 500, `${phc} took ${ms} ms: it was computed`);
    await assert.rejects(S.argon2.verify.async('pw', phc), RangeError);
  }
  // The ceilings are the caller's to raise (here: lowered, and raised back).
  const phc = S.argon2.hash('pw', { t: 1, m: 64, p: 1 });
  assert.equal(S.argon2.verify('pw', phc), true);
  assert.throws(() => S.argon2.verify('pw', phc, { maxMemory: 32 }), RangeError);
  assert.throws(() => S.argon2.verify('pw', phc, { maxWork: 63 }), RangeError);
  assert.equal(S.argon2.verify('pw', phc, { maxMemory: 64, maxWork: 64, maxLanes: 1 }), true);
  assert.throws(() => S.argon2.verify('pw', phc, { maxMemory: -1 }), RangeError);
  assert.throws(() => S.argon2.verify('pw', phc, { maxMem: 1 }), TypeError);
});

test('argon2.verify parses PHC strings strictly: order, duplicates, extra fields and trailing data are refused', () => {
  const good = S.argon2.hash('pw', { t: 1, m: 64, p: 1, salt: new Uint8Array(16).fill(1) });
  assert.equal(S.argon2.verify('pw', good), true);
  const [, id, v, params, salt, hash] = good.split('$');
  const malformed = [
    `$${id}$${v}$t=1,m=64,p=1$${salt}$${hash}`, // reordered
    `$${id}$${v}$m=64,m=64,t=1,p=1$${salt}$${hash}`, // duplicated
    `$${id}$${v}$m=64,t=1,p=1,data=YWJj$${salt}$${hash}`, // data=
    `$${id}$${v}$m=64,t=1,p=1,keyid=YWJj$${salt}$${hash}`, // keyid=
    `$${id}$${v}$m=64,t=1$${salt}$${hash}`, // missing p
    `$${id}$${v}$${params}$${salt}$${hash}$extra`, // trailing field
    `$${id}$${v}$m=064,t=1,p=1$${salt}$${hash}`, // leading zero
    `$${id}$${v}$m=+64,t=1,p=1$${salt}$${hash}`, // sign
    `$${id}$${v}$${params}$${salt}=$${hash}`, // padding
    `$${id}$v=18$${params}$${salt}$${hash}`, // unknown version
    `$${id}$${v}$${params}$${salt}$${hash.slice(0, -1)}B`, // non-canonical trailing bits
  ];
  for (const phc of malformed) {
    assert.throws(() => S.argon2.verify('pw', phc), (e) => e instanceof Error && /^argon2\.verify: PHC string: /.test(e.message), phc);
  }
  assert.throws(() => S.argon2.verify('pw', `$${id}$${v}$t=1,m=64,p=1$${salt}$${hash}`), /in that order/);
});

test('bcrypt.verify refuses a cost above its ceiling before any work', () => {
  const hostile = '$2b$31$abcdefghijklmnopqrstuuabcdefghijklmnopqrstuvwxyz01234';
  let error;
  const ms = quick(() => {
    try {
      S.bcrypt.verify('pw', hostile);
    } catch (e) {
      error = e;
    }
  });
  assert.ok(error instanceof RangeError, String(error));
  assert.match(error.message, /cost: 31 is above the verify limit of 16/);
  assert.ok(ms < 500, `took ${ms} ms`);
  const h = S.bcrypt.hash('pw', 5);
  assert.equal(S.bcrypt.verify('pw', h), true);
  assert.throws(() => S.bcrypt.verify('pw', h, { maxCost: 4 }), RangeError);
  assert.equal(S.bcrypt.verify('pw', h, { maxCost: 5 }), true);
});
