// The group and utility kinds of the catalog, and `group.edwards25519` /
// `group.ristretto255` against libsodium-wrappers-sumo: each method is the
// libsodium function its catalog entry lists, with libsodium's bytes on
// seeded random inputs (invalid points and zero scalars included, where both
// must fail) and the typed errors of every other function on bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sodium from 'libsodium-wrappers-sumo';
import * as S from 'saline';
import { prng } from './_prng.mjs';

await sodium.ready;
await S.ready();

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

const catalog = S.algorithms();
const byName = (name) => catalog.find((e) => e.name === name);
const camelCase = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const GROUPS = ['edwards25519', 'ristretto255'];
// libsodium's prefix of each group's constants. (libsodium.js has no
// randombytes_SEEDBYTES; crates/saline-ops/tests/libsodium_catalog.rs checks
// that one against libsodium.)
const PREFIX = { edwards25519: 'crypto_core_ed25519_', ristretto255: 'crypto_core_ristretto255_' };

test('catalog: the group and utility entries, with libsodium\'s constants', () => {
  for (const name of GROUPS) assert.equal(byName(name).kind, 'group', name);
  for (const name of ['sodium-utils', 'randombytes-deterministic']) assert.equal(byName(name).kind, 'utility', name);
  let checked = 0;
  for (const [name, prefix] of Object.entries(PREFIX)) {
    const constants = byName(name).constants;
    assert.ok(Object.keys(constants).length > 0, name);
    for (const [constant, value] of Object.entries(constants)) {
      assert.equal(value, sodium[prefix + constant], `${name}: ${prefix}${constant}`);
      checked++;
    }
  }
  assert.equal(checked, 5 + 4);
  // Only groups and utilities list operations; each names a function libsodium.js has
  // (its utilities drop "sodium_"; it exports no sodium_sub).
  for (const e of catalog) {
    assert.equal(e.operations.length > 0, e.kind === 'group' || e.kind === 'utility', e.name);
    for (const o of e.operations) {
      if (o.function !== 'sodium_sub') assert.equal(typeof sodium[o.function.replace(/^sodium_/, '')], 'function', o.function);
    }
  }
  // algorithms() is a copy.
  const copy = S.algorithms();
  copy.find((e) => e.name === 'ristretto255').constants.BYTES = 0;
  copy.find((e) => e.name === 'ristretto255').operations[0].nums.push(1);
  assert.equal(S.algorithms().find((e) => e.name === 'ristretto255').constants.BYTES, 32);
  assert.deepEqual(S.algorithms().find((e) => e.name === 'ristretto255').operations[0].nums, []);
});

test('group: one method per catalog operation, nothing else', () => {
  for (const name of GROUPS) {
    const listed = byName(name).operations.map((o) => camelCase(o.name)).sort();
    assert.deepEqual(Object.keys(S.group[name]).sort(), listed, name);
    assert.ok(Object.isFrozen(S.group[name]), name);
  }
});

/** A valid point half of the time (libsodium's), else random bytes, which rarely decode. */
function maybePoint(r, name) {
  if (r.int(2) === 0) return r.bytes(32);
  return name === 'ristretto255' ? sodium.crypto_core_ristretto255_from_hash(r.bytes(64)) : sodium.crypto_core_ed25519_from_uniform(r.bytes(32));
}

/** Arguments for a function of the group `name`, by libsodium's parameter names. */
function argumentsFor(r, name, operation) {
  const short = operation.name;
  if (short === 'random' || short === 'scalar_random') return [];
  if (short === 'is_valid_point') return [maybePoint(r, name)];
  if (short === 'add' || short === 'sub') return [maybePoint(r, name), maybePoint(r, name)];
  if (short === 'from_uniform') return [r.bytes(32)];
  if (short === 'from_hash' || short === 'scalar_reduce') return [r.bytes(64)];
  if (short.startsWith('scalarmult')) {
    const n = r.int(8) === 0 ? new Uint8Array(32) : r.bytes(32);
    return short.includes('base') ? [n] : [n, maybePoint(r, name)];
  }
  if (short === 'scalar_invert' && r.int(8) === 0) return [new Uint8Array(32)];
  if (['scalar_add', 'scalar_sub', 'scalar_mul'].includes(short)) return [r.bytes(32), r.bytes(32)];
  return [r.bytes(32)];
}

const outcome = (f) => {
  try {
    const value = f();
    return value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value;
  } catch {
    return 'throws';
  }
};

test('group: every method gives libsodium\'s bytes, and fails where libsodium fails', () => {
  const r = prng('groups');
  let comparisons = 0;
  let failures = 0;
  for (const name of GROUPS) {
    for (const operation of byName(name).operations) {
      const ours = S.group[name][camelCase(operation.name)];
      const theirs = sodium[operation.function];
      for (let i = 0; i < 48; i++) {
        const args = argumentsFor(r, name, operation);
        if (args.length === 0) {
          // Random: libsodium judges the output.
          const out = ours();
          if (operation.name === 'random') assert.ok(sodium[`${PREFIX[name]}is_valid_point`](out), `${operation.function}: ${out}`);
          else assert.deepEqual(sodium.crypto_core_ed25519_scalar_reduce(Uint8Array.from([...out, ...new Uint8Array(32)])), out, operation.function);
          comparisons++;
          continue;
        }
        const expected = outcome(() => theirs(...args));
        assert.equal(outcome(() => ours(...args)), expected, `${operation.function}(${args.map((a) => Buffer.from(a).toString('hex')).join(', ')}) (seed ${r.seed})`);
        if (expected === 'throws') failures++;
        comparisons++;
      }
    }
  }
  assert.ok(failures > 20, `the inputs include failing cases (${failures})`);
  console.log(`groups: ${comparisons} comparisons with libsodium.js, ${failures} refused by both`);
});

test('group: a failure is an Error; bad types are TypeErrors and bad lengths RangeErrors naming the parameter', () => {
  const G = S.group.ristretto255;
  assert.throws(() => G.add(new Uint8Array(32).fill(0xff), G.random()), (e) => e.constructor === Error && /group\.ristretto255\.add/.test(e.message));
  assert.throws(() => G.scalarInvert(new Uint8Array(32)), (e) => e.constructor === Error);
  assert.throws(() => G.scalarmultBase(new Uint8Array(32)), (e) => e.constructor === Error);
  for (const name of GROUPS) {
    const e = byName(name);
    for (const operation of e.operations) {
      const fn = S.group[name][camelCase(operation.name)];
      const where = `group.${name}.${camelCase(operation.name)}`;
      const good = argumentsFor(prng(where), name, operation);
      good.forEach((arg, i) => {
        for (const bad of ['00'.repeat(arg.length), Array.from(arg), arg.buffer, undefined, null, 7]) {
          const args = good.slice();
          args[i] = bad;
          assert.throws(() => fn(...args), (err) => err instanceof TypeError && err.message.startsWith(`${where}: `), `${where} arg ${i}: ${typeof bad}`);
        }
        for (const length of [0, arg.length - 1, arg.length + 1]) {
          const args = good.slice();
          args[i] = new Uint8Array(length);
          assert.throws(() => fn(...args), (err) => err instanceof RangeError && err.message.includes(`expected ${arg.length} bytes, got ${length}`), `${where} arg ${i}: length ${length}`);
        }
      });
    }
  }
});
