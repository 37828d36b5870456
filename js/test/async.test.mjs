// The KDFs' `.async(...)` never blocks the event loop (issue: "the libuv
// pool on the native backend, a worker on WebAssembly"): while an Argon2id
// of ~50 ms (or more) runs, a 1 ms timer keeps firing, and the result
// equals the synchronous one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as S from 'saline';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

const hex = (b) => Buffer.from(b).toString('hex');
const salt = new Uint8Array(16).fill(1);

/** Runs `start()` and counts how often a 1 ms interval fires before it settles. */
async function ticksDuring(start) {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  const t0 = performance.now();
  try {
    const value = await start();
    return { value, ticks, ms: performance.now() - t0 };
  } finally {
    clearInterval(timer);
  }
}

const PBKDF2 = { c: 300_000, dkLen: 32 };
const ARGON2 = { t: 3, m: 32768, p: 1, dkLen: 32 };
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, dkLen: 32 };
const CASES = [
  ['argon2id.async', () => S.argon2id.async('password', salt, ARGON2), () => S.argon2id('password', salt, ARGON2)],
  ['scrypt.async', () => S.scrypt.async('password', salt, SCRYPT), () => S.scrypt('password', salt, SCRYPT)],
  ['pbkdf2.async', () => S.pbkdf2.async(S.sha256, 'password', salt, PBKDF2), () => S.pbkdf2(S.sha256, 'password', salt, PBKDF2)],
  ['bcrypt.hash.async', () => S.bcrypt.hash.async('password', 10), null],
];

for (const [name, viaAsync, viaSync] of CASES) {
  test(`[${S.backend()}] ${name} leaves the event loop free`, async () => {
    const { value, ticks, ms } = await ticksDuring(viaAsync);
    console.log(`[${S.backend()}] ${name}: ${ms.toFixed(0)} ms, ${ticks} timer ticks meanwhile`);
    if (viaSync) assert.equal(hex(value), hex(viaSync()), 'async result equals the sync one');
    else assert.equal(S.bcrypt.verify('password', value), true);
    // A blocked loop gets no tick until the work is done; allow slack for a slow machine.
    assert.ok(ms < 20 || ticks >= Math.min(5, Math.floor(ms / 10)), `${name} blocked the event loop: ${ticks} timer ticks in ${ms.toFixed(0)} ms`);
  });
}

test(`[${S.backend()}] several .async calls run concurrently and all resolve`, async () => {
  const jobs = Array.from({ length: 6 }, (_, i) => S.argon2id.async(`pw${i}`, salt, { t: 1, m: 4096, p: 1 }));
  const got = await Promise.all(jobs);
  got.forEach((v, i) => assert.equal(hex(v), hex(S.argon2id(`pw${i}`, salt, { t: 1, m: 4096, p: 1 }))));
});

// blake3.async: on WebAssembly with SharedArrayBuffer (Node) an input of
// 2 MiB or more is hashed in parts on the workers and joined
// (src/backend/wasm-blake3.ts); natively it is one job on the libuv pool.
// Either way: the bytes of blake3(), in every mode and output length.
const MiB = 1024 * 1024;
function pattern(n, seed = 0) {
  const d = new Uint8Array(n);
  for (let i = 0; i < n; i++) d[i] = (i * 131 + seed + (i >>> 13)) & 255;
  return d;
}
const BLAKE3_MODES = [
  ['hash', undefined],
  ['dkLen 131', { dkLen: 131 }],
  ['keyed', { key: new Uint8Array(32).fill(7) }],
  ['derive-key', { context: 'saline blake3.async test' }],
  ['derive-key, bytes context, dkLen 1', { context: S.utf8ToBytes('ctx'), dkLen: 1 }],
];

test(`[${S.backend()}] blake3.async gives blake3()'s bytes, split or not`, async () => {
  // Around the split threshold, on part boundaries (256 KiB parts at 2 MiB,
  // 1 MiB at 16 MiB), an uneven last part, one chunk over, and small inputs.
  const sizes = [0, 1, 1024, 1025, 2 * MiB - 1, 2 * MiB, 2 * MiB + 1, 3 * MiB + 1025, 16 * MiB, 16 * MiB + 1024 * 1024 + 1];
  for (const n of sizes) {
    const data = pattern(n, n);
    for (const [mode, opts] of BLAKE3_MODES) {
      assert.equal(hex(await S.blake3.async(data, opts)), hex(S.blake3(data, opts)), `${n} bytes, ${mode}`);
    }
  }
  // Several at once share the workers (and the staging buffer is not reused under a running call).
  const inputs = [3 * MiB, 5 * MiB + 7, 4 * MiB].map((n, i) => pattern(n, i));
  const got = await Promise.all(inputs.map((d, i) => S.blake3.async(d, BLAKE3_MODES[i][1])));
  got.forEach((v, i) => assert.equal(hex(v), hex(S.blake3(inputs[i], BLAKE3_MODES[i][1])), `concurrent call ${i}`));
});

test(`[${S.backend()}] blake3.async copies its input when called`, async () => {
  const data = pattern(6 * MiB, 3);
  const key = new Uint8Array(32).fill(9);
  const expected = hex(S.blake3(data, { key }));
  const pending = S.blake3.async(data, { key });
  data.fill(0);
  key.fill(0);
  assert.equal(hex(await pending), expected);
});

test(`[${S.backend()}] blake3.async rejects what blake3() refuses, with its error, and out`, async () => {
  const bad = [
    { key: new Uint8Array(16) },
    { key: new Uint8Array(32), context: 'x' },
    { salt: new Uint8Array(8) },
    { dkLen: -1 },
    { context: new Uint8Array([0xff]) },
  ];
  for (const data of [new Uint8Array(10), new Uint8Array(3 * MiB)]) {
    for (const opts of bad) {
      const sync = (() => {
        try {
          S.blake3(data, opts);
        } catch (error) {
          return error;
        }
        assert.fail(`blake3 accepted ${JSON.stringify(opts)}`);
      })();
      await assert.rejects(S.blake3.async(data, opts), (error) => {
        assert.equal(error.constructor, sync.constructor);
        assert.equal(error.message, sync.message.replace(/^blake3:/, 'blake3.async:'));
        return true;
      });
    }
    await assert.rejects(S.blake3.async(data, { out: new Uint8Array(32) }), (e) => e instanceof TypeError && /blake3\.async: unknown option 'out'/.test(e.message));
  }
  await assert.rejects(S.blake3.async(42), TypeError);
  assert.equal(hex(await S.blake3.async('text')), hex(S.blake3('text')), 'a string is hashed as UTF-8, as by blake3()');
});
