// argon2.presets (RFC 9106 §4's two recommended options, OWASP's Argon2id
// minimum) and argon2.needsRehash: which PHC strings were made with other
// settings. The presets hash with the small ones only (rfc9106 is 2 GiB).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { argon2 } from 'saline';

test('the presets are the published settings, frozen', () => {
  assert.deepEqual(argon2.presets, {
    rfc9106: { type: 'argon2id', t: 1, m: 2097152, p: 4 },
    rfc9106LowMemory: { type: 'argon2id', t: 3, m: 65536, p: 4 },
    owasp: { type: 'argon2id', t: 2, m: 19456, p: 1 },
  });
  assert.ok(Object.isFrozen(argon2.presets));
  for (const preset of Object.values(argon2.presets)) assert.ok(Object.isFrozen(preset));
});

test('a preset hashes, verifies, and needs no rehash under itself', () => {
  const phc = argon2.hash('correct horse', argon2.presets.owasp);
  assert.match(phc, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.equal(argon2.verify('correct horse', phc), true);
  assert.equal(argon2.needsRehash(phc, argon2.presets.owasp), false);
  assert.equal(argon2.needsRehash(phc, { t: 2, m: 19456, p: 1 }), false, 'type defaults to argon2id');
});

test('needsRehash answers true for any other variant, version, cost or hash length', () => {
  const salt = 'c2FsdHNhbHRzYWx0c2FsdA';
  const hash32 = 'A'.repeat(43);
  const phc = (head, hash = hash32) => `$${head}$${salt}$${hash}`;
  const now = { t: 2, m: 19456, p: 1 };
  assert.equal(argon2.needsRehash(phc('argon2id$v=19$m=19456,t=2,p=1'), now), false);
  assert.equal(argon2.needsRehash(phc('argon2i$v=19$m=19456,t=2,p=1'), now), true, 'variant');
  assert.equal(argon2.needsRehash(phc('argon2id$v=16$m=19456,t=2,p=1'), now), true, 'version 1.0');
  assert.equal(argon2.needsRehash(phc('argon2id$m=19456,t=2,p=1'), now), true, 'no v= is version 1.0');
  assert.equal(argon2.needsRehash(phc('argon2id$v=19$m=4096,t=2,p=1'), now), true, 'memory');
  assert.equal(argon2.needsRehash(phc('argon2id$v=19$m=19456,t=1,p=1'), now), true, 'passes');
  assert.equal(argon2.needsRehash(phc('argon2id$v=19$m=19456,t=2,p=2'), now), true, 'lanes');
  assert.equal(argon2.needsRehash(phc('argon2id$v=19$m=19456,t=2,p=1', 'A'.repeat(22)), now), true, '16-byte hash');
  assert.equal(argon2.needsRehash(phc('argon2id$v=19$m=19456,t=2,p=1', 'A'.repeat(22)), { ...now, dkLen: 16 }), false);
  assert.equal(argon2.needsRehash(phc('argon2d$v=19$m=19456,t=2,p=1'), { ...now, type: 'argon2d' }), false);
});

test('needsRehash refuses a malformed PHC string and bad options', () => {
  const now = argon2.presets.owasp;
  for (const bad of ['', '$argon2id$v=19$m=19456,t=2,p=1$salt', '$scrypt$ln=15,r=8,p=1$c2FsdA$aGFzaA', '$argon2id$v=19$t=2,m=19456,p=1$c2FsdA$aGFzaA', '$2b$10$abcdefghijklmnopqrstuv']) {
    assert.throws(() => argon2.needsRehash(bad, now), { name: 'Error', message: /^argon2\.needsRehash: phc: not an Argon2 PHC string/ }, bad);
  }
  assert.throws(() => argon2.needsRehash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$AAAAA', now), /the hash is not valid base64/);
  assert.throws(() => argon2.needsRehash(42, now), TypeError);
  assert.throws(() => argon2.needsRehash('$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA', { ...now, cost: 3 }), TypeError);
  assert.throws(() => argon2.needsRehash('$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA', { ...now, type: 'scrypt' }), TypeError);
});
