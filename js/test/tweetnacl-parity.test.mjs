// saline/tweetnacl against tweetnacl-js 1.0.3 on every documented error
// path: each high-level function is called with every argument in turn
// replaced by a wrong type, a wrong length or a degenerate (all-zero) value,
// and then with two arguments wrong at once (which error comes first), on
// both libraries. The outcomes must match: the same bytes or null, or an
// exception of the same class with the same message. Only the differences
// that src/tweetnacl.ts documents (a small-order public key refused when
// sealing, a 64-byte signing key whose halves disagree) are exempt, and they
// are checked to be exactly those.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import tweetnacl from 'tweetnacl';
import nacl from 'saline/tweetnacl';
import * as S from 'saline';
import { prng } from './_prng.mjs';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced);

const r = prng('tweetnacl/parity');
const boxKeys = tweetnacl.box.keyPair.fromSecretKey(r.bytes(32));
const peer = tweetnacl.box.keyPair.fromSecretKey(r.bytes(32));
const signKeys = tweetnacl.sign.keyPair.fromSeed(r.bytes(32));
const key = r.bytes(32);
const nonce = r.bytes(24);
const msg = r.bytes(40);
const sealed = tweetnacl.secretbox(msg, nonce, key);
const boxed = tweetnacl.box(msg, nonce, peer.publicKey, boxKeys.secretKey);
const signed = tweetnacl.sign(msg, signKeys.secretKey);
const signature = tweetnacl.sign.detached(msg, signKeys.secretKey);
const shared = tweetnacl.box.before(peer.publicKey, boxKeys.secretKey);

/** What may stand in for a byte argument of `size` bytes (size undefined: any length). */
function variants(valid) {
  const out = [
    ['a plain Array', Array.from(valid)],
    ['a string', 'abc'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 5],
    ['a Uint16Array', new Uint16Array(valid.length)],
    ['an ArrayBuffer', new Uint8Array(valid).buffer],
    ['all zeros', new Uint8Array(valid.length)],
    ['one byte short', valid.subarray(0, Math.max(0, valid.length - 1))],
    ['one byte long', Uint8Array.from([...valid, 0])],
    ['empty', new Uint8Array(0)],
  ];
  return out;
}

/** Each function: its path, valid arguments, and which positions are byte arguments. */
const CASES = [
  ['secretbox', [msg, nonce, key]],
  ['secretbox.open', [sealed, nonce, key]],
  ['box', [msg, nonce, peer.publicKey, boxKeys.secretKey]],
  ['box.open', [boxed, nonce, boxKeys.publicKey, peer.secretKey]],
  ['box.before', [peer.publicKey, boxKeys.secretKey]],
  ['box.after', [msg, nonce, shared]],
  ['box.open.after', [boxed, nonce, shared]],
  ['box.keyPair.fromSecretKey', [boxKeys.secretKey]],
  ['scalarMult', [boxKeys.secretKey, peer.publicKey]],
  ['scalarMult.base', [boxKeys.secretKey]],
  ['sign', [msg, signKeys.secretKey]],
  ['sign.open', [signed, signKeys.publicKey]],
  ['sign.detached', [msg, signKeys.secretKey]],
  ['sign.detached.verify', [msg, signature, signKeys.publicKey]],
  ['sign.keyPair.fromSecretKey', [signKeys.secretKey]],
  ['sign.keyPair.fromSeed', [signKeys.secretKey.subarray(0, 32)]],
  ['hash', [msg]],
  ['verify', [key, key]],
];

const resolve = (lib, path) => path.split('.').reduce((at, name) => at[name], lib);

/** The outcome of one call, in a comparable form. */
function outcome(lib, path, args) {
  try {
    const result = resolve(lib, path)(...args);
    if (result instanceof Uint8Array) return { value: Buffer.from(result).toString('hex') };
    if (result && typeof result === 'object') {
      return { value: JSON.stringify(Object.fromEntries(Object.entries(result).map(([k, v]) => [k, Buffer.from(v).toString('hex')]))) };
    }
    return { value: result };
  } catch (error) {
    return { error: error.constructor.name, message: error.message };
  }
}

/**
 * The differences src/tweetnacl.ts documents: Saline refuses (with an
 * Error) to seal or derive a key under a small-order public key, and to
 * sign with a 64-byte key whose public half does not match its seed; both
 * are cases where tweetnacl returns a result.
 */
function documentedDifference(path, args, ours, theirs) {
  if (!(ours.error === 'Error' && 'value' in theirs)) return false;
  const zeroKey = (a) => a instanceof Uint8Array && a.length === 32 && a.every((b) => b === 0);
  if (['box', 'box.before'].includes(path)) return zeroKey(path === 'box' ? args[2] : args[0]) && /small order|all zero|all-zero/i.test(ours.message);
  if (['sign', 'sign.detached', 'sign.keyPair.fromSecretKey'].includes(path)) return /are not the public key of its first 32/.test(ours.message);
  return false;
}

function compare(path, args, label, stats) {
  const theirs = outcome(tweetnacl, path, args);
  const ours = outcome(nacl, path, args);
  if (documentedDifference(path, args, ours, theirs)) {
    stats.documented++;
    return;
  }
  stats.compared++;
  assert.deepEqual(ours, theirs, `${path} with ${label}: saline ${JSON.stringify(ours)} vs tweetnacl ${JSON.stringify(theirs)}`);
}

test('every argument wrong in turn: same result or same exception class and message as tweetnacl', () => {
  const stats = { compared: 0, documented: 0 };
  for (const [path, valid] of CASES) {
    compare(path, valid, 'valid arguments', stats);
    valid.forEach((arg, i) => {
      for (const [label, bad] of variants(arg)) {
        const args = valid.slice();
        args[i] = bad;
        compare(path, args, `argument ${i} ${label}`, stats);
      }
    });
  }
  assert.ok(stats.compared > 300, `compared ${stats.compared}`);
});

test('two arguments wrong at once: the same one is reported first', () => {
  const stats = { compared: 0, documented: 0 };
  for (const [path, valid] of CASES) {
    for (let i = 0; i < valid.length; i++) {
      for (let j = i + 1; j < valid.length; j++) {
        for (const [labelI, badI] of variants(valid[i])) {
          for (const [labelJ, badJ] of variants(valid[j])) {
            const args = valid.slice();
            args[i] = badI;
            args[j] = badJ;
            compare(path, args, `argument ${i} ${labelI}, argument ${j} ${labelJ}`, stats);
          }
        }
      }
    }
  }
  assert.ok(stats.compared > 1000, `compared ${stats.compared}`);
});

test('degenerate keys: opening under an all-zero public key is null, as in tweetnacl', () => {
  const zero = new Uint8Array(32);
  assert.equal(tweetnacl.box.open(boxed, nonce, zero, peer.secretKey), null);
  assert.equal(nacl.box.open(boxed, nonce, zero, peer.secretKey), null);
  assert.equal(nacl.box.open(boxed, nonce, zero, zero), null);
  // The case: a plain Array message with an all-zero key is tweetnacl's TypeError.
  assert.throws(() => tweetnacl.box([1, 2, 3], nonce, zero, zero), { name: 'TypeError', message: 'unexpected type, use Uint8Array' });
  assert.throws(() => nacl.box([1, 2, 3], nonce, zero, zero), { name: 'TypeError', message: 'unexpected type, use Uint8Array' });
  const m = new Uint8Array(32 + 5);
  const c = new Uint8Array(m.length);
  assert.equal(tweetnacl.lowlevel.crypto_box(c, m, m.length, nonce, zero, peer.secretKey), 0);
  const out = new Uint8Array(c.length);
  assert.equal(tweetnacl.lowlevel.crypto_box_open(out, c, c.length, nonce, zero, peer.secretKey), 0, 'tweetnacl opens its own zero-key box');
  assert.equal(nacl.lowlevel.crypto_box_open(new Uint8Array(c.length), c, c.length, nonce, zero, peer.secretKey), -1, 'saline: -1, a failed open');
});
