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
