// Bad input, over every public function: a matrix of wrong types (TypeError)
// and wrong lengths or ranges (RangeError), each message naming the
// parameter and, for lengths, the expected size. After every bad call the
// same function's good call must still give the right answer (no state was
// corrupted), and nothing may abort the process: the cases that could only
// fail by aborting (huge allocations) run in a child process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { ed25519 as nEd25519 } from '@noble/curves/ed25519.js';
import * as S from 'saline';
import { prng } from './_prng.mjs';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

const r = prng('bad-input');
const K16 = r.bytes(16);
const K32 = r.bytes(32);
const N8 = r.bytes(8);
const N12 = r.bytes(12);
const N16 = r.bytes(16);
const N24 = r.bytes(24);
const MSG = r.bytes(100);
const SALT = r.bytes(16);
const AAD = r.bytes(7);
const SEED = r.bytes(32);
const WIDE = r.bytes(64);
const ED_PK = S.ed25519.getPublicKey(SEED);
const ED_SIG = S.ed25519.sign(MSG, SEED);
const X_PK = S.x25519.getPublicKey(K32);
const BOX_KP = S.box.keyPair(SEED);
const SC = new Uint8Array(32);
SC[0] = 7;
const FIVE = new Uint8Array(32);
FIVE[0] = 5;
const TWO = new Uint8Array(32);
TWO[0] = 2;
const POINT = S.edwards25519.multiplyBase(FIVE);

const hex = (b) => Buffer.from(b).toString('hex');

/** A Uint8Array whose ArrayBuffer was transferred away (detached). */
function detached(n = 32) {
  const u = new Uint8Array(n);
  structuredClone(u.buffer, { transfer: [u.buffer] });
  assert.equal(u.length, 0);
  return u;
}
function detachedBuffer(n = 32) {
  const b = new ArrayBuffer(n);
  structuredClone(b, { transfer: [b] });
  return b;
}

/** Values of the wrong type for a byte parameter that wants `n` bytes. */
function wrongBytes(n, { strings = true } = {}) {
  const list = [
    ['a number', n],
    ['null', null],
    ['undefined', undefined],
    ['a plain array', Array.from({ length: n }, () => 1)],
    ['an ArrayBuffer', new ArrayBuffer(n)],
    ['a detached ArrayBuffer', detachedBuffer(n)],
    ['a DataView', new DataView(new ArrayBuffer(n))],
    ['a Uint16Array', new Uint16Array(Math.max(1, n >> 1))],
    ['an Int8Array', new Int8Array(n)],
    ['an object', { length: n }],
    ['a boolean', true],
    ['a bigint', 1n],
    ['a detached Uint8Array', detached(n)],
  ];
  if (strings) list.unshift(['a string', 'k'.repeat(n)]);
  return list;
}

/** Lengths around each valid one that the rule refuses. */
function wrongLengths(valid) {
  const ok = (n) => (Array.isArray(valid) ? valid.includes(n) : n >= valid.min && n <= valid.max);
  const around = Array.isArray(valid) ? valid.flatMap((n) => [n - 1, n + 1]) : [valid.min - 1, valid.max + 1];
  return [...new Set([0, ...around, 1000])].filter((n) => n >= 0 && n <= 100_000 && !ok(n)).sort((a, b) => a - b);
}

/** The size a length error must mention: the nearest bound of a range, or the first allowed length. */
function sizeRe(valid, n) {
  const size = Array.isArray(valid) ? valid[0] : n < valid.min ? valid.min : valid.max;
  return new RegExp(`\\b${size}\\b`);
}

const BAD_NUMBERS = [['-1', -1], ['1.5', 1.5], ['NaN', NaN], ['Infinity', Infinity], ['-Infinity', -Infinity], ['2^53', 2 ** 53]];
const BAD_NUMBER_TYPES = [['a string', '8'], ['null', null], ['a bigint', 8n], ['an object', {}], ['a boolean', true]];

const failures = [];
let checked = 0;

function describeError(e) {
  return e instanceof Error ? `${e.constructor.name}: ${e.message}` : `non-Error ${String(e)}`;
}

/**
 * Calls `run`; it must throw `cls` (an array means any of them) with a
 * message matching every regex in `res`. Records a failure otherwise.
 */
function expectThrow(label, run, cls, res) {
  checked++;
  const classes = Array.isArray(cls) ? cls : [cls];
  let result;
  try {
    result = run();
  } catch (e) {
    if (!classes.some((c) => e instanceof c)) {
      failures.push(`${label}: expected ${classes.map((c) => c.name).join(' or ')}, got ${describeError(e)}`);
      return;
    }
    for (const re of res) if (!re.test(e.message)) failures.push(`${label}: message ${JSON.stringify(e.message)} does not match ${re}`);
    return;
  }
  if (result && typeof result.then === 'function') {
    failures.push(`${label}: returned a Promise instead of throwing (see the async checks)`);
    result.catch(() => {});
    return;
  }
  failures.push(`${label}: did not throw (returned ${result instanceof Uint8Array ? `Uint8Array(${result.length})` : String(result)})`);
}

async function expectReject(label, run, cls, res) {
  checked++;
  let promise;
  try {
    promise = run();
  } catch (e) {
    failures.push(`${label}: threw synchronously (${describeError(e)}) instead of returning a rejected Promise`);
    return;
  }
  try {
    const v = await promise;
    failures.push(`${label}: resolved (${v instanceof Uint8Array ? `Uint8Array(${v.length})` : String(v)})`);
  } catch (e) {
    if (!(e instanceof cls) || e.constructor !== cls) failures.push(`${label}: expected ${cls.name}, got ${describeError(e)}`);
    else for (const re of res) if (!re.test(e.message)) failures.push(`${label}: message ${JSON.stringify(e.message)} does not match ${re}`);
  }
}

/**
 * One public function: `call(...args)`, its parameters, and how to check a
 * good result (`expected` from the first good call, or `verify` for random
 * outputs).
 */
function walk(spec) {
  const goods = spec.params.map((p) => p.good);
  const run = (args) => spec.call(...args);
  let expected;
  const good = (afterLabel) => {
    let out;
    try {
      out = run(goods);
    } catch (e) {
      failures.push(`${spec.name}: the good call threw after ${afterLabel}: ${describeError(e)}`);
      return;
    }
    if (spec.verify) {
      if (!spec.verify(out)) failures.push(`${spec.name}: the good call gave a wrong result after ${afterLabel}`);
    } else if (expected === undefined) {
      expected = out;
    } else if (!sameResult(out, expected)) {
      failures.push(`${spec.name}: the good call gave ${show(out)} instead of ${show(expected)} after ${afterLabel}`);
    }
  };
  good('nothing');
  if (spec.expected !== undefined && !sameResult(expected, spec.expected)) failures.push(`${spec.name}: good result ${show(expected)} != known ${show(spec.expected)}`);

  spec.params.forEach((p, i) => {
    const withArg = (v) => goods.map((g, j) => (j === i ? v : g));
    const label = (what) => `${spec.name}(${p.name} = ${what})`;
    const nameRe = p.re ?? new RegExp(`\\b${p.name}\\b`);
    if (p.kind === 'bytes' || p.kind === 'message') {
      const size = Array.isArray(p.lengths) ? p.lengths[0] : p.lengths ? Math.min(p.lengths.max, Math.max(p.lengths.min, 32)) : 32;
      for (const [what, v] of wrongBytes(size, { strings: p.kind === 'bytes' })) {
        if (p.optional && (v === undefined || v === null)) continue;
        const cls = what.startsWith('a detached') ? [TypeError, RangeError] : TypeError;
        expectThrow(label(what), () => run(withArg(v)), cls, [nameRe]);
        good(label(what));
      }
      if (p.lengths) {
        for (const n of wrongLengths(p.lengths)) {
          expectThrow(label(`${n} bytes`), () => run(withArg(r.bytes(n))), RangeError, [nameRe, sizeRe(p.lengths, n)]);
          good(label(`${n} bytes`));
        }
      }
    } else if (p.kind === 'hash') {
      for (const [what, v] of [['a string', 'sha256'], ['null', null], ['noble sha256', nobleSha256], ['an arrow function', () => new Uint8Array(32)], ['an object', {}]]) {
        expectThrow(label(what), () => run(withArg(v)), TypeError, [/hash/]);
        good(label(what));
      }
    } else if (p.kind === 'int') {
      for (const [what, v] of BAD_NUMBER_TYPES) {
        if (p.optional && v === null) continue;
        expectThrow(label(what), () => run(withArg(v)), TypeError, [nameRe]);
        good(label(what));
      }
      for (const [what, v] of [...BAD_NUMBERS, ...(p.badRange ?? [])]) {
        expectThrow(label(what), () => run(withArg(v)), RangeError, [nameRe]);
        good(label(what));
      }
    } else if (p.kind === 'string') {
      for (const [what, v] of [['a number', 5], ['null', null], ['a Uint8Array', new Uint8Array(60)], ['an object', {}]]) {
        expectThrow(label(what), () => run(withArg(v)), TypeError, [nameRe]);
        good(label(what));
      }
      for (const v of p.malformed ?? []) {
        // A malformed encoding: an Error (or, for verify, false); never a crash or true.
        checked++;
        try {
          const out = run(withArg(v));
          if (out !== false) failures.push(`${label(JSON.stringify(v))}: returned ${show(out)}`);
        } catch (e) {
          if (!(e instanceof Error)) failures.push(`${label(JSON.stringify(v))}: threw ${describeError(e)}`);
        }
        good(label(JSON.stringify(v)));
      }
    } else if (p.kind === 'options') {
      for (const [what, v] of [['a string', 'dkLen'], ['a number', 32], ['an array', []], ['a Uint8Array', new Uint8Array(4)], ...(p.optional ? [] : [['undefined', undefined]])]) {
        expectThrow(label(what), () => run(withArg(v)), TypeError, [p.optional ? /option/ : /./]);
        good(label(what));
      }
      expectThrow(label('{ bogus: 1 }'), () => run(withArg({ ...p.good, bogus: 1 })), TypeError, [/bogus/]);
      good(label('{ bogus: 1 }'));
      for (const f of p.fields ?? []) {
        const fieldRe = f.re ?? new RegExp(`\\b${f.name}\\b`);
        const set = (v) => withArg({ ...p.good, [f.name]: v });
        const flabel = (what) => `${spec.name}({ ${f.name}: ${what} })`;
        if (f.kind === 'bytes') {
          for (const [what, v] of wrongBytes(Math.min(64, f.lengths?.max ?? f.lengths?.[0] ?? 16))) {
            if (v === undefined || v === null) continue;
            if (f.strings && what === 'a string') continue;
            expectThrow(flabel(what), () => run(set(v)), what.startsWith('a detached') ? [TypeError, RangeError] : TypeError, [fieldRe]);
            good(flabel(what));
          }
          if (f.lengths) {
            for (const n of wrongLengths(f.lengths)) {
              expectThrow(flabel(`${n} bytes`), () => run(set(r.bytes(n))), RangeError, [fieldRe, sizeRe(f.lengths, n)]);
              good(flabel(`${n} bytes`));
            }
          }
        } else if (f.kind === 'boolean') {
          for (const [what, v] of [['a string', 'yes'], ['a number', 1], ['null', null]]) {
            expectThrow(flabel(what), () => run(set(v)), TypeError, [fieldRe]);
            good(flabel(what));
          }
        } else {
          for (const [what, v] of BAD_NUMBER_TYPES) {
            expectThrow(flabel(what), () => run(set(v)), TypeError, [fieldRe]);
            good(flabel(what));
          }
          for (const [what, v] of [...BAD_NUMBERS, ...(f.badRange ?? [])]) {
            expectThrow(flabel(what), () => run(set(v)), RangeError, [fieldRe]);
            good(flabel(what));
          }
        }
      }
    }
  });
}

function sameResult(a, b) {
  if (a instanceof Uint8Array && b instanceof Uint8Array) return hex(a) === hex(b);
  if (a && typeof a === 'object' && b && typeof b === 'object') return JSON.stringify(Object.entries(a).map(([k, v]) => [k, v instanceof Uint8Array ? hex(v) : v])) === JSON.stringify(Object.entries(b).map(([k, v]) => [k, v instanceof Uint8Array ? hex(v) : v]));
  return a === b;
}
const show = (v) => (v instanceof Uint8Array ? `${hex(v).slice(0, 32)}…(${v.length})` : JSON.stringify(v));

// Parameter shorthands.
const key = (lengths, good = K32, name = 'key') => ({ name, kind: 'bytes', lengths, good });
const nonce = (n, good) => ({ name: 'nonce', kind: 'bytes', lengths: [n], good });
const msg = (name = 'msg', good = MSG) => ({ name, kind: 'message', good, re: new RegExp(`\\b${name}\\b`) });
const data = (name, good = MSG) => ({ name, kind: 'bytes', good });
const hashP = (good = S.sha256) => ({ name: 'hash', kind: 'hash', good });
const DKLEN_RANGE = [['2^31', 2 ** 31], ['2^40', 2 ** 40]];

function report(name) {
  const mine = failures.splice(0);
  const total = checked;
  checked = 0;
  if (mine.length) assert.fail(`${name}: ${mine.length} of ${total} checks failed:\n  ${mine.slice(0, 40).join('\n  ')}${mine.length > 40 ? '\n  …' : ''}`);
  console.log(`[${S.backend()}] ${name}: ${total} bad-input checks passed`);
}

// ---------------------------------------------------------------- hashes

const FIXED = ['sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha512_256', 'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'keccak_256', 'md4', 'md5', 'ripemd160', 'whirlpool'];

test('hashes: wrong message types, options, dkLen, BLAKE key/salt/personalization sizes', () => {
  for (const name of FIXED) {
    walk({ name, call: (m) => S[name](m), params: [msg()] });
    // Fixed-output hashes take no options worth the name: an option is refused, never ignored.
    expectThrow(`${name}(msg, { dkLen: 7 })`, () => S[name](MSG, { dkLen: 7 }), [TypeError, RangeError], [/dkLen/]);
    expectThrow(`${name}(msg, { bogus: 1 })`, () => S[name](MSG, { bogus: 1 }), TypeError, [/bogus/]);
    expectThrow(`${name}(msg, 'x')`, () => S[name](MSG, 'x'), TypeError, [/option/]);
  }
  for (const name of ['shake128', 'shake256']) {
    walk({ name, call: (m, o) => S[name](m, o), params: [msg(), { name: 'opts', kind: 'options', optional: true, good: { dkLen: 40 }, fields: [{ name: 'dkLen', badRange: DKLEN_RANGE }] }] });
  }
  const blake2 = (name, max, saltMax) => ({
    name,
    call: (m, o) => S[name](m, o),
    params: [
      msg(),
      {
        name: 'opts', kind: 'options', optional: true,
        good: { dkLen: 20, key: K16, salt: r.bytes(saltMax), personalization: r.bytes(saltMax) },
        fields: [
          { name: 'dkLen', badRange: [['0', 0], [`${max + 1}`, max + 1], ...DKLEN_RANGE] },
          { name: 'key', kind: 'bytes', lengths: { min: 0, max } },
          { name: 'salt', kind: 'bytes', lengths: { min: 0, max: saltMax } },
          { name: 'personalization', kind: 'bytes', lengths: { min: 0, max: saltMax } },
        ],
      },
    ],
  });
  walk(blake2('blake2b', 64, 16));
  walk(blake2('blake2s', 32, 8));
  walk({
    name: 'blake3',
    call: (m, o) => S.blake3(m, o),
    params: [msg(), { name: 'opts', kind: 'options', optional: true, good: { dkLen: 50, key: K32 }, fields: [{ name: 'dkLen', badRange: DKLEN_RANGE }, { name: 'key', kind: 'bytes', lengths: [32] }] }],
  });
  walk({ name: 'blake3 derive-key', call: (m, o) => S.blake3(m, o), params: [msg(), { name: 'opts', kind: 'options', optional: true, good: { context: 'saline 2024 test' }, fields: [{ name: 'context', kind: 'bytes', strings: true }] }] });
  expectThrow('blake3({ key, context })', () => S.blake3(MSG, { key: K32, context: 'x' }), [TypeError, RangeError, Error], [/key|context/]);
  // The same checks through .create().
  walk({ name: 'blake2b.create', call: (o) => S.blake2b.create(o).update(MSG).digest(), params: [{ name: 'opts', kind: 'options', optional: true, good: { dkLen: 33, key: K32 }, fields: [{ name: 'dkLen', badRange: [['65', 65], ...DKLEN_RANGE] }, { name: 'key', kind: 'bytes', lengths: { min: 0, max: 64 } }] }] });
  walk({ name: 'shake256.create', call: (o) => S.shake256.create(o).update(MSG).digest(), params: [{ name: 'opts', kind: 'options', optional: true, good: { dkLen: 70 }, fields: [{ name: 'dkLen', badRange: DKLEN_RANGE }] }] });
  report('hashes');
});

test('an option the algorithm does not take is a TypeError: the class comes from ErrorCode.Unsupported', () => {
  // The core answers UnsupportedOption with code 5 (saline_ops::ERROR_UNSUPPORTED);
  // errors.ts picks TypeError from that code, not from the message (issue 15).
  const unsupported = (e) => e instanceof TypeError && /does not take the option 'context'/.test(e.message);
  assert.throws(() => S.blake3(MSG, { key: K32, context: 'x' }), unsupported);
  assert.throws(() => S.blake3.create({ key: K32, context: 'x' }), unsupported);
});

test('hashers: update, digestInto, use after digest and after destroy', () => {
  const expected = S.sha256(MSG);
  for (const make of [() => S.sha256.create(), () => S.hmac.create(S.sha256, K32), () => S.blake3.create({ key: K32 })]) {
    const h = make();
    const ref = make().update(MSG).digest();
    for (const [what, v] of wrongBytes(10, { strings: false })) {
      expectThrow(`update(${what})`, () => h.update(v), what.startsWith('a detached') ? [TypeError, RangeError] : TypeError, [/data/]);
    }
    h.update(MSG);
    expectThrow('digestInto(31 bytes)', () => h.digestInto(new Uint8Array(h.outputLen - 1)), RangeError, [/out/, new RegExp(`\\b${h.outputLen}\\b`)]);
    for (const [what, v] of [['a number', 32], ['an ArrayBuffer', new ArrayBuffer(64)], ['a DataView', new DataView(new ArrayBuffer(64))], ['null', null]]) {
      expectThrow(`digestInto(${what})`, () => h.digestInto(v), TypeError, [/out/]);
    }
    const out = new Uint8Array(h.outputLen + 5);
    h.digestInto(out);
    assert.equal(hex(out.subarray(0, h.outputLen)), hex(ref), 'the digest after the bad calls');
    expectThrow('update after digest', () => h.update(MSG), Error, [/digest|reset/]);
    expectThrow('digest after digest', () => h.digest(), Error, [/digest|reset/]);
    h.reset();
    assert.equal(hex(h.update(MSG).digest()), hex(ref), 'after reset');
    h.destroy();
    h.destroy(); // idempotent
    for (const [what, fn] of [['update', () => h.update(MSG)], ['digest', () => h.digest()], ['clone', () => h.clone()], ['reset', () => h.reset()], ['digestInto', () => h.digestInto(new Uint8Array(64))]]) {
      expectThrow(`${what} after destroy`, fn, Error, [/destroy/]);
    }
    assert.equal(typeof h[Symbol.dispose ?? Symbol.for('Symbol.dispose')], 'function', 'Symbol.dispose');
  }
  assert.equal(hex(S.sha256(MSG)), hex(expected), 'sha256 after all of that');
  report('hashers');
});

// ---------------------------------------------------------------- MACs

test('hmac and poly1305', () => {
  walk({ name: 'hmac', call: (h, k, m) => S.hmac(h, k, m), params: [hashP(), data('key', K32), msg()] });
  walk({ name: 'hmac.create', call: (h, k) => S.hmac.create(h, k).update(MSG).digest(), params: [hashP(S.sha512), data('key', K16)] });
  for (const xof of ['shake128', 'shake256', 'blake3']) {
    expectThrow(`hmac(${xof})`, () => S.hmac(S[xof], K32, MSG), TypeError, [/hash/]);
  }
  walk({ name: 'poly1305', call: (m, k) => S.poly1305(m, k), params: [msg(), key([32])] });
  report('macs');
});

// ---------------------------------------------------------------- ciphers

test('cbc, ctr and the stream ciphers', () => {
  const AES = [16, 24, 32];
  walk({ name: 'cbc.encrypt', call: (k, iv, o, m) => S.cbc(k, iv, o).encrypt(m), params: [key(AES, K16), { name: 'iv', kind: 'bytes', lengths: [16], good: N16 }, { name: 'opts', kind: 'options', optional: true, good: { disablePadding: false }, fields: [{ name: 'disablePadding', kind: 'boolean' }] }, msg('plaintext')] });
  const ct = S.cbc(K16, N16).encrypt(MSG);
  walk({ name: 'cbc.decrypt', call: (c) => S.cbc(K16, N16).decrypt(c), params: [data('ciphertext', ct)] });
  for (const n of [15, 17, 1]) {
    expectThrow(`cbc.decrypt(${n} bytes)`, () => S.cbc(K16, N16).decrypt(r.bytes(n)), RangeError, [/ciphertext/, /16/]);
    expectThrow(`cbc({ disablePadding }).encrypt(${n} bytes)`, () => S.cbc(K16, N16, { disablePadding: true }).encrypt(r.bytes(n)), RangeError, [/plaintext/, /16/]);
  }
  walk({ name: 'ctr.encrypt', call: (k, n, m) => S.ctr(k, n).encrypt(m), params: [key(AES, K32), nonce(16, N16), msg('plaintext')] });
  walk({ name: 'ctr.decrypt', call: (c) => S.ctr(K32, N16).decrypt(c), params: [data('ciphertext')] });
  const once = S.ctr(K32, N16);
  once.encrypt(MSG);
  expectThrow('a second encrypt() on one object', () => once.encrypt(MSG), Error, [/encrypt/]);

  for (const [name, n, good] of [['chacha20', 12, N12], ['xchacha20', 24, N24], ['salsa20', 8, N8], ['xsalsa20', 24, N24]]) {
    walk({
      name,
      call: (k, nn, d, c) => S[name](k, nn, d, c),
      params: [key([32]), nonce(n, good), data('data'), { name: 'counter', kind: 'int', good: 3 }],
    });
  }
  // ChaCha20's IETF counter is 32 bits (RFC 8439 §2.4).
  expectThrow('chacha20(counter = 2^32)', () => S.chacha20(K32, N12, MSG, 2 ** 32), RangeError, [/counter/]);
  report('ciphers');
});

test('AEADs: gcm, chacha20poly1305, xchacha20poly1305, xsalsa20poly1305, aegis128l, aegis256', () => {
  for (const [name, keys, n, goodNonce, hasAad] of [
    ['gcm', [16, 24, 32], 12, N12, true],
    ['chacha20poly1305', [32], 12, N12, true],
    ['xchacha20poly1305', [32], 24, N24, true],
    ['xsalsa20poly1305', [32], 24, N24, false],
    ['aegis128l', [16], 16, new Uint8Array(16).fill(7), true],
    ['aegis256', [32], 32, new Uint8Array(32).fill(7), true],
  ]) {
    const k = r.bytes(keys[0]);
    const params = [key(keys, k), nonce(n, goodNonce), ...(hasAad ? [{ name: 'aad', kind: 'bytes', good: AAD, optional: true }] : []), msg('plaintext')];
    walk({ name: `${name}.encrypt`, call: (...a) => S[name](...a.slice(0, -1)).encrypt(a[a.length - 1]), params });
    const sealed = (hasAad ? S[name](k, goodNonce, AAD) : S[name](k, goodNonce)).encrypt(MSG);
    const open = (c) => (hasAad ? S[name](k, goodNonce, AAD) : S[name](k, goodNonce)).decrypt(c);
    walk({ name: `${name}.decrypt`, call: open, params: [data('ciphertext', sealed)], expected: MSG });
    // Shorter than the tag (16 bytes, 32 for AEGIS): refused (a length error or a failed check), never a crash.
    for (const len of name.startsWith('aegis') ? [0, 1, 31] : [0, 1, 15]) {
      expectThrow(`${name}.decrypt(${len} bytes)`, () => open(r.bytes(len)), [RangeError, Error], [/ciphertext|authentic|tag/]);
    }
    const forged = sealed.slice();
    forged[3] ^= 1;
    expectThrow(`${name}.decrypt(forgery)`, () => open(forged), Error, [/authentic|tag|verif/]);
    assert.equal(hex(open(sealed)), hex(MSG));
  }
  report('aeads');
});

// ---------------------------------------------------------------- NaCl

test('secretbox, box, sealedbox', () => {
  const pk = { name: 'theirPublicKey', kind: 'bytes', lengths: [32], good: BOX_KP.publicKey, re: /theirPublicKey/ };
  const sk = { name: 'mySecretKey', kind: 'bytes', lengths: [32], good: BOX_KP.secretKey, re: /mySecretKey/ };
  walk({ name: 'secretbox', call: (m, n, k) => S.secretbox(m, n, k), params: [msg(), nonce(24, N24), key([32])] });
  const sb = S.secretbox(MSG, N24, K32);
  walk({ name: 'secretbox.open', call: (b, n, k) => S.secretbox.open(b, n, k), params: [data('box', sb), nonce(24, N24), key([32])], expected: MSG });
  walk({ name: 'box', call: (m, n, p, s) => S.box(m, n, p, s), params: [msg(), nonce(24, N24), pk, sk] });
  const bx = S.box(MSG, N24, BOX_KP.publicKey, BOX_KP.secretKey);
  walk({ name: 'box.open', call: (b, n, p, s) => S.box.open(b, n, p, s), params: [data('box', bx), nonce(24, N24), pk, sk], expected: MSG });
  walk({ name: 'box.before', call: (p, s) => S.box.before(p, s), params: [pk, sk] });
  walk({ name: 'box.keyPair', call: (s) => S.box.keyPair(s), params: [{ name: 'seed', kind: 'bytes', lengths: [32], good: SEED, optional: true }] });
  const spk = { name: 'publicKey', kind: 'bytes', lengths: [32], good: BOX_KP.publicKey, re: /publicKey/ };
  walk({ name: 'sealedbox.seal', call: (m, p) => S.sealedbox.seal(m, p), params: [msg(), spk], verify: (out) => hex(S.sealedbox.open(out, BOX_KP.publicKey, BOX_KP.secretKey) ?? []) === hex(MSG) });
  const sealed = S.sealedbox.seal(MSG, BOX_KP.publicKey);
  walk({ name: 'sealedbox.open', call: (c, p, s) => S.sealedbox.open(c, p, s), params: [data('sealed', sealed), spk, { name: 'secretKey', kind: 'bytes', lengths: [32], good: BOX_KP.secretKey, re: /secretKey/ }], expected: MSG });
  // Boxes shorter than their overhead: a length error or null, never a crash or a plaintext.
  for (const [label, fn] of [
    ['secretbox.open(15 bytes)', () => S.secretbox.open(r.bytes(15), N24, K32)],
    ['box.open(15 bytes)', () => S.box.open(r.bytes(15), N24, BOX_KP.publicKey, BOX_KP.secretKey)],
    ['sealedbox.open(47 bytes)', () => S.sealedbox.open(r.bytes(47), BOX_KP.publicKey, BOX_KP.secretKey)],
  ]) {
    checked++;
    try {
      const v = fn();
      if (v !== null) failures.push(`${label}: returned ${show(v)}`);
    } catch (e) {
      if (!(e instanceof RangeError)) failures.push(`${label}: ${describeError(e)}`);
    }
  }
  report('nacl');
});

// ---------------------------------------------------------------- curves

test('ed25519, x25519 and edwards25519', () => {
  const edSk = { name: 'secretKey', kind: 'bytes', lengths: [32, 64], good: SEED };
  walk({ name: 'ed25519.keygen', call: (s) => S.ed25519.keygen(s), params: [{ name: 'seed', kind: 'bytes', lengths: [32], good: SEED, optional: true }] });
  walk({ name: 'ed25519.getPublicKey', call: (s) => S.ed25519.getPublicKey(s), params: [edSk], expected: ED_PK });
  walk({ name: 'ed25519.sign', call: (m, s) => S.ed25519.sign(m, s), params: [msg(), edSk], expected: ED_SIG });
  walk({
    name: 'ed25519.verify',
    call: (sig, m, p, o) => S.ed25519.verify(sig, m, p, o),
    params: [
      { name: 'signature', kind: 'bytes', lengths: [64], good: ED_SIG },
      msg(),
      { name: 'publicKey', kind: 'bytes', lengths: [32], good: ED_PK },
      { name: 'opts', kind: 'options', optional: true, good: { zip215: false }, fields: [{ name: 'zip215', kind: 'boolean' }] },
    ],
    expected: true,
  });
  // A 64-byte secret key whose public half does not match its seed.
  const mismatched = new Uint8Array(64);
  mismatched.set(SEED);
  expectThrow('ed25519.sign(64-byte key with a wrong public half)', () => S.ed25519.sign(MSG, mismatched), [Error, RangeError], [/secretKey|public/]);
  walk({ name: 'ed25519.utils.toMontgomery', call: (p) => S.ed25519.utils.toMontgomery(p), params: [{ name: 'publicKey', kind: 'bytes', lengths: [32], good: ED_PK }] });
  walk({ name: 'ed25519.utils.toMontgomerySecret', call: (s) => S.ed25519.utils.toMontgomerySecret(s), params: [edSk] });
  const xsk = { name: 'secretKey', kind: 'bytes', lengths: [32], good: K32 };
  walk({ name: 'x25519.getPublicKey', call: (s) => S.x25519.getPublicKey(s), params: [xsk], expected: X_PK });
  walk({ name: 'x25519.getSharedSecret', call: (s, p) => S.x25519.getSharedSecret(s, p), params: [xsk, { name: 'publicKey', kind: 'bytes', lengths: [32], good: ED_PK.slice() }] });
  walk({ name: 'x25519.keygen', call: (s) => S.x25519.keygen(s), params: [{ name: 'seed', kind: 'bytes', lengths: [32], good: SEED, optional: true }] });

  const E = S.edwards25519;
  const pt = (name, good = POINT) => ({ name, kind: 'bytes', lengths: [32], good, re: new RegExp(`\\b${name}\\b`) });
  walk({ name: 'edwards25519.pointAdd', call: (p, q) => E.pointAdd(p, q), params: [pt('p'), pt('q')] });
  walk({ name: 'edwards25519.pointSub', call: (p, q) => E.pointSub(p, q), params: [pt('p'), pt('q', E.multiplyBase(TWO))] });
  walk({ name: 'edwards25519.multiply', call: (p, s) => E.multiply(p, s), params: [pt('p'), pt('scalar', SC)] });
  walk({ name: 'edwards25519.multiplyBase', call: (s) => E.multiplyBase(s), params: [pt('scalar', SC)] });
  walk({ name: 'edwards25519.doubleScalarMultVartime', call: (a, A, b) => E.doubleScalarMultVartime(a, A, b), params: [pt('a', SC), pt('A'), pt('b', SC)] });
  for (const fn of ['isSmallOrder', 'isTorsionFree', 'isValidPoint']) walk({ name: `edwards25519.${fn}`, call: (p) => E[fn](p), params: [pt('p')] });
  walk({ name: 'edwards25519.scalar.reduce', call: (w) => E.scalar.reduce(w), params: [{ name: 'bytes', kind: 'bytes', lengths: [64], good: WIDE }] });
  walk({ name: 'edwards25519.scalar.mulAdd', call: (a, b, c) => E.scalar.mulAdd(a, b, c), params: [pt('a', SC), pt('b', SC), pt('c', SC)] });
  walk({ name: 'edwards25519.scalar.isCanonical', call: (s) => E.scalar.isCanonical(s), params: [pt('scalar', SC)] });
  walk({ name: 'edwards25519.scalar.invert', call: (s) => E.scalar.invert(s), params: [pt('scalar', SC)] });
  // Encodings that do not decode, and non-canonical scalars: an Error, not a crash.
  let notAPoint;
  for (let y = 2n; !notAPoint; y++) {
    const enc = new Uint8Array(32);
    new DataView(enc.buffer).setBigUint64(0, y, true);
    try {
      nEd25519.Point.fromBytes(enc);
    } catch {
      notAPoint = enc;
    }
  }
  const bigScalar = new Uint8Array(32).fill(0xff);
  expectThrow('edwards25519.pointAdd(not a point)', () => E.pointAdd(notAPoint, POINT), [Error, RangeError], [/./]);
  expectThrow('edwards25519.multiply(non-canonical scalar)', () => E.multiply(POINT, bigScalar), [Error, RangeError], [/scalar/]);
  expectThrow('edwards25519.scalar.invert(0)', () => E.scalar.invert(new Uint8Array(32)), [Error, RangeError], [/scalar|zero|invert/]);
  expectThrow('ed25519.utils.toMontgomery(not a point)', () => S.ed25519.utils.toMontgomery(notAPoint), [Error, RangeError], [/publicKey|point|key/]);
  assert.equal(E.isValidPoint(notAPoint), false);
  report('curves');
});

// ---------------------------------------------------------------- KDFs

test('pbkdf2, scrypt, argon2, hkdf, bcrypt (sync)', () => {
  walk({
    name: 'pbkdf2',
    call: (h, pw, s, o) => S.pbkdf2(h, pw, s, o),
    params: [hashP(), msg('password', 'pw'), data('salt', SALT), { name: 'opts', kind: 'options', good: { c: 3, dkLen: 20 }, fields: [{ name: 'c', badRange: [['0', 0], ['2^32', 2 ** 32]] }, { name: 'dkLen', badRange: [['0', 0], ...DKLEN_RANGE] }] }],
  });
  walk({
    name: 'scrypt',
    call: (pw, s, o) => S.scrypt(pw, s, o),
    params: [msg('password', 'pw'), data('salt', SALT), { name: 'opts', kind: 'options', good: { N: 16, r: 1, p: 1, dkLen: 16 }, fields: [
      { name: 'N', badRange: [['0', 0], ['1', 1], ['3', 3], ['2^62', 2 ** 62], ['2^40', 2 ** 40]] },
      { name: 'r', badRange: [['0', 0], ['2^31', 2 ** 31]] },
      { name: 'p', badRange: [['0', 0], ['2^31', 2 ** 31]] },
      { name: 'dkLen', badRange: [['0', 0], ...DKLEN_RANGE] },
    ] }],
  });
  for (const variant of ['argon2id', 'argon2i', 'argon2d']) {
    walk({
      name: variant,
      call: (pw, s, o) => S[variant](pw, s, o),
      params: [msg('password', 'pw'), { name: 'salt', kind: 'bytes', good: SALT, lengths: { min: 8, max: 2 ** 32 - 1 } }, { name: 'opts', kind: 'options', good: { t: 1, m: 8, p: 1, dkLen: 16 }, fields: [
        { name: 't', badRange: [['0', 0], ['2^32', 2 ** 32]] },
        { name: 'm', badRange: [['0', 0], ['7', 7], ['2^32', 2 ** 32], ['4 GiB + 1 KiB', (4 << 20) + 1]] },
        { name: 'p', badRange: [['0', 0], ['2^24', 2 ** 24]] },
        { name: 'dkLen', badRange: [['3', 3], ...DKLEN_RANGE] },
        { name: 'key', kind: 'bytes' },
        { name: 'personalization', kind: 'bytes' },
      ] }],
    });
  }
  walk({
    name: 'hkdf',
    call: (h, ikm, s, info, len) => S.hkdf(h, ikm, s, info, len),
    params: [hashP(), data('ikm', K32), { name: 'salt', kind: 'bytes', good: SALT, optional: true }, { name: 'info', kind: 'message', good: 'ctx', optional: true }, { name: 'length', kind: 'int', good: 42, optional: true, badRange: [['255 × 32 + 1', 255 * 32 + 1], ['2^31', 2 ** 31]] }],
  });
  expectThrow('hkdf(sha256, ..., 8161)', () => S.hkdf(S.sha256, K32, SALT, 'x', 8161), RangeError, [/length/, /8160/]);
  walk({ name: 'hkdf.extract', call: (h, ikm, s) => S.hkdf.extract(h, ikm, s), params: [hashP(S.sha512), data('ikm', K32), { name: 'salt', kind: 'bytes', good: SALT, optional: true }] });
  walk({ name: 'hkdf.expand', call: (h, prk, info, len) => S.hkdf.expand(h, prk, info, len), params: [hashP(), { name: 'prk', kind: 'bytes', good: K32, lengths: { min: 32, max: 2 ** 31 - 1 } }, { name: 'info', kind: 'message', good: 'ctx', optional: true }, { name: 'length', kind: 'int', good: 64, optional: true, badRange: [['8161', 8161]] }] });

  const bc = S.bcrypt.hash('pw', 4);
  walk({ name: 'bcrypt.hash', call: (pw, cost, o) => S.bcrypt.hash(pw, cost, o), params: [msg('password', 'pw'), { name: 'cost', kind: 'int', good: 4, badRange: [['3', 3], ['32', 32], ['0', 0]] }, { name: 'opts', kind: 'options', optional: true, good: { salt: SALT }, fields: [{ name: 'salt', kind: 'bytes', lengths: [16] }, { name: 'truncate', kind: 'boolean' }] }] });
  expectThrow('bcrypt.hash(73-byte password)', () => S.bcrypt.hash('x'.repeat(73), 4), RangeError, [/password/, /72/]);
  walk({ name: 'bcrypt.verify', call: (pw, h) => S.bcrypt.verify(pw, h), params: [msg('password', 'pw'), { name: 'hash', kind: 'string', good: bc, malformed: ['', '$2b$04$short', bc.slice(0, 59), `$9z$${bc.slice(4)}`, bc.replace('$04$', '$99$'), `${bc.slice(0, 40)}é${bc.slice(41)}`] }], expected: true });
  const phc = S.argon2.hash('pw', { t: 1, m: 8, p: 1 });
  walk({
    name: 'argon2.hash',
    call: (pw, o) => S.argon2.hash(pw, o),
    params: [msg('password', 'pw'), { name: 'opts', kind: 'options', good: { t: 1, m: 8, p: 1, salt: SALT }, fields: [{ name: 't', badRange: [['0', 0]] }, { name: 'm', badRange: [['7', 7], ['2^32', 2 ** 32]] }, { name: 'p', badRange: [['0', 0]] }, { name: 'salt', kind: 'bytes', lengths: { min: 8, max: 48 } }] }],
  });
  expectThrow("argon2.hash({ type: 'argon3' })", () => S.argon2.hash('pw', { t: 1, m: 8, p: 1, type: 'argon3' }), TypeError, [/type/]);
  walk({ name: 'argon2.verify', call: (pw, h) => S.argon2.verify(pw, h), params: [msg('password', 'pw'), { name: 'phc', kind: 'string', good: phc, malformed: ['', '$argon2id$', phc.replace('m=8', 'm=x'), phc.slice(0, -3) + '!!!', phc.replace('$argon2id$', '$argon9$')] }], expected: true });
  // A PHC string asking for more memory than allowed is refused, not attempted.
  expectThrow('argon2.verify(m = 2^32 - 1)', () => S.argon2.verify('pw', phc.replace('m=8', `m=${2 ** 32 - 1}`)), [RangeError, Error], [/m|memory/]);
  report('kdfs');
});

test('KDF .async: bad arguments reject with the same error classes', async () => {
  await expectReject('pbkdf2.async(c = 0)', () => S.pbkdf2.async(S.sha256, 'pw', SALT, { c: 0, dkLen: 32 }), RangeError, [/\bc\b/]);
  await expectReject("pbkdf2.async(salt = 'salt')", () => S.pbkdf2.async(S.sha256, 'pw', 'salt', { c: 1, dkLen: 32 }), TypeError, [/salt/]);
  await expectReject('pbkdf2.async(hash = "sha256")', () => S.pbkdf2.async('sha256', 'pw', SALT, { c: 1 }), TypeError, [/hash/]);
  await expectReject('scrypt.async(N = 2^62)', () => S.scrypt.async('pw', SALT, { N: 2 ** 62, r: 8, p: 1 }), RangeError, [/\bN\b/]);
  await expectReject('scrypt.async(N = 3)', () => S.scrypt.async('pw', SALT, { N: 3, r: 8, p: 1 }), RangeError, [/\bN\b/]);
  await expectReject('argon2id.async(m = 2^32)', () => S.argon2id.async('pw', SALT, { t: 1, m: 2 ** 32, p: 1 }), RangeError, [/\bm\b/]);
  await expectReject('argon2id.async(salt = 7 bytes)', () => S.argon2id.async('pw', r.bytes(7), { t: 1, m: 8, p: 1 }), RangeError, [/salt/, /8/]);
  await expectReject('hkdf.async(length = 8161)', () => S.hkdf.async(S.sha256, K32, SALT, 'x', 8161), RangeError, [/length/]);
  await expectReject('bcrypt.hash.async(cost = 32)', () => S.bcrypt.hash.async('pw', 32), RangeError, [/cost/]);
  await expectReject('bcrypt.verify.async(hash = 5)', () => S.bcrypt.verify.async('pw', 5), TypeError, [/hash/]);
  await expectReject('argon2.verify.async(detached password)', () => S.argon2.verify.async(detached(), '$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA'), TypeError, [/password/]);
  assert.equal(hex(await S.pbkdf2.async(S.sha256, 'pw', SALT, { c: 2, dkLen: 16 })), hex(S.pbkdf2(S.sha256, 'pw', SALT, { c: 2, dkLen: 16 })));
  report('kdf async');
});

// ---------------------------------------------------------------- utils

test('utils', () => {
  walk({ name: 'bytesToHex', call: (b) => S.utils.bytesToHex(b), params: [data('data', Uint8Array.of(1, 2))], expected: '0102' });
  walk({ name: 'bytesToBase64', call: (b) => S.utils.bytesToBase64(b), params: [data('data', Uint8Array.of(1, 2))], expected: 'AQI=' });
  walk({ name: 'hexToBytes', call: (h) => S.utils.hexToBytes(h), params: [{ name: 'hex', kind: 'string', good: '0102', malformed: ['zz', '0g'] }] });
  expectThrow("hexToBytes('abc')", () => S.utils.hexToBytes('abc'), RangeError, [/hex/]);
  walk({ name: 'base64ToBytes', call: (h) => S.utils.base64ToBytes(h), params: [{ name: 'base64', kind: 'string', good: 'AQI=', malformed: ['A!I=', 'AQJ='] }] });
  expectThrow("base64ToBytes('AQI')", () => S.utils.base64ToBytes('AQI'), RangeError, [/base64/]);
  expectThrow('utf8ToBytes(5)', () => S.utils.utf8ToBytes(5), TypeError, [/text/]);
  expectThrow('utf8ToBytes(Uint8Array)', () => S.utils.utf8ToBytes(new Uint8Array(2)), TypeError, [/text/]);
  walk({ name: 'randomBytes', call: (n) => S.utils.randomBytes(n), params: [{ name: 'n', kind: 'int', good: 16, optional: true, badRange: DKLEN_RANGE }], verify: (out) => out instanceof Uint8Array && out.length === 16 });
  walk({ name: 'equalBytes', call: (a, b) => S.utils.equalBytes(a, b), params: [data('a', MSG), data('b', MSG.slice())], expected: true });
  report('utils');
});

// ---------------------------------------------------------------- no abort

const CHILD_CASES = String.raw`
import * as S from 'saline';
const cases = {
  'scrypt N=2^40 r=8': () => S.scrypt('pw', new Uint8Array(16), { N: 2 ** 40, r: 8, p: 1, dkLen: 32 }),
  'scrypt N=2^26 r=8 (64 GiB)': () => S.scrypt('pw', new Uint8Array(16), { N: 2 ** 26, r: 8, p: 1, dkLen: 32 }),
  'argon2id m=4 GiB + 1 KiB': () => S.argon2id('pw', new Uint8Array(16), { t: 1, m: (4 << 20) + 1, p: 1, dkLen: 32 }),
  'scrypt N=2^32 r=1 p=1': () => S.scrypt('pw', new Uint8Array(16), { N: 2 ** 32, r: 1, p: 1, dkLen: 32 }),
  'scrypt r=2^30 p=2^30': () => S.scrypt('pw', new Uint8Array(16), { N: 2, r: 2 ** 30, p: 2 ** 30, dkLen: 32 }),
  'argon2id m=2^32-1': () => S.argon2id('pw', new Uint8Array(16), { t: 1, m: 2 ** 32 - 1, p: 1, dkLen: 32 }),
  'argon2id p=2^24-1 m=8': () => S.argon2id('pw', new Uint8Array(16), { t: 1, m: 8, p: 2 ** 24 - 1, dkLen: 32 }),
  'argon2id dkLen=2^32': () => S.argon2id('pw', new Uint8Array(16), { t: 1, m: 8, p: 1, dkLen: 2 ** 32 }),
  'pbkdf2 dkLen=2^32': () => S.pbkdf2(S.sha256, 'pw', new Uint8Array(16), { c: 1, dkLen: 2 ** 32 }),
  'blake3 dkLen=2^31': () => S.blake3(new Uint8Array(1), { dkLen: 2 ** 31 }),
  'shake256 dkLen=2^53-1': () => S.shake256(new Uint8Array(1), { dkLen: 2 ** 53 - 1 }),
  'randomBytes 2^32': () => S.utils.randomBytes(2 ** 32),
  'hkdf length 2^31-1': () => S.hkdf(S.sha512, new Uint8Array(32), undefined, undefined, 2 ** 31 - 1),
  'argon2.verify m=2^32-1': () => S.argon2.verify('pw', '$argon2id$v=19$m=4294967295,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA'),
  'argon2.verify t=2^32-1 p=2^24': () => S.argon2.verify('pw', '$argon2id$v=19$m=8,t=1,p=16777216$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA'),
  'bcrypt.verify cost 99': () => S.bcrypt.verify('pw', '$2b$99$' + 'a'.repeat(53)),
};
const good = () => S.utils.bytesToHex(S.sha256('abc'));
const expected = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
for (const [name, fn] of Object.entries(cases)) {
  console.log('case ' + name);
  let outcome;
  try { fn(); outcome = 'returned'; } catch (e) { outcome = e.constructor.name + ': ' + e.message; }
  console.log('  -> ' + outcome);
  if (good() !== expected) { console.log('  -> STATE CORRUPTED'); process.exit(3); }
}
console.log('done');
`;

test('oversize requests are refused without aborting the process (child process)', () => {
  const jsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD_CASES], { cwd: jsDir, encoding: 'utf8', env: process.env, timeout: 120_000, maxBuffer: 1 << 24 });
  const out = child.stdout ?? '';
  const lastCase = [...out.matchAll(/^case (.*)$/gm)].pop()?.[1];
  assert.equal(child.signal, null, `the child died of ${child.signal} during "${lastCase}"\n${out}\n${child.stderr}`);
  assert.equal(child.status, 0, `the child exited with ${child.status} during "${lastCase}"\n${out}\n${child.stderr}`);
  assert.match(out, /^done$/m);
  // Each refusal is a RangeError naming the parameter (an Error for a malformed string), never a return.
  const EXPECT = {
    'scrypt N=2^40 r=8': /^RangeError: .*\bN\b/,
    'scrypt N=2^26 r=8 (64 GiB)': /^RangeError: .*(\bN\b|memory)/,
    'argon2id m=4 GiB + 1 KiB': /^RangeError: .*\bm\b/,
    'scrypt N=2^32 r=1 p=1': /^RangeError: .*\bN\b/,
    'scrypt r=2^30 p=2^30': /^RangeError: .*\b[rp]\b/,
    'argon2id m=2^32-1': /^RangeError: .*\bm\b/,
    'argon2id p=2^24-1 m=8': /^RangeError: .*\b[mp]\b/,
    'argon2id dkLen=2^32': /^RangeError: .*\bdkLen\b/,
    'pbkdf2 dkLen=2^32': /^RangeError: .*\bdkLen\b/,
    'blake3 dkLen=2^31': /^RangeError: .*\bdkLen\b/,
    'shake256 dkLen=2^53-1': /^RangeError: .*\bdkLen\b/,
    'randomBytes 2^32': /^RangeError: .*\bn\b/,
    'hkdf length 2^31-1': /^RangeError: .*\blength\b.*16320/,
    'argon2.verify m=2^32-1': /^(Range)?Error: .*\bm\b/,
    'argon2.verify t=2^32-1 p=2^24': /^(Range)?Error: .*\bp\b/,
    'bcrypt.verify cost 99': /^(Range)?Error: .*cost/,
  };
  const lines = out.split('\n');
  const problems = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('case ')) continue;
    const name = lines[i].slice(5);
    const outcome = lines[i + 1]?.replace(/^\s+-> /, '') ?? '';
    if (!(EXPECT[name] ?? /^(RangeError|Error|TypeError)/).test(outcome)) problems.push(`${name}: ${outcome} (expected ${EXPECT[name]})`);
  }
  console.log(`[${S.backend()}] oversize requests:\n${out.trim()}`);
  assert.deepEqual(problems, [], 'every oversize request must throw');
});
