// backendDetails(): the core's backend registry as the JS API shows it. The
// native addon reports every primitive with the selection among what it
// compiled; SALINE_FORCE (read once by the core) forces one, in a child.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { backend, backendDetails } from 'saline';

const jsDir = fileURLToPath(new URL('..', import.meta.url));

test('backendDetails names the JS backend and each primitive (pure Rust only in WebAssembly)', () => {
  const details = backendDetails();
  assert.equal(details.name, backend());
  const primitives = details.primitives.map((p) => p.primitive);
  // OpenSSL's assembly (the sha512, md5 and keccak registries) is built into the
  // native addon on x86-64 Linux only (crates/saline-openssl-asm).
  const openssl = details.name === 'native' && process.platform === 'linux' && process.arch === 'x64' ? ['sha512', 'md5', 'keccak'] : [];
  // AWS-LC's MD4 (the md4 registry) is in every native build.
  const awsLc = details.name === 'native' ? ['md4'] : [];
  assert.deepEqual(primitives, ['poly1305', ...openssl, ...awsLc, 'blake2b', 'blake2s', 'salsa20', 'xsalsa20poly1305', 'chacha20poly1305', 'xchacha20poly1305', 'aes-gcm', 'aes-cbc', 'aes-ctr', 'aegis', 'x25519', 'x25519-base', 'ed25519-sign', 'ed25519-keypair', 'ed25519-verify', 'edwards25519', 'scrypt', 'argon2', 'bcrypt']);
  for (const p of details.primitives) {
    assert.ok(p.available.includes(p.selected), JSON.stringify(p));
    assert.equal(typeof p.forced, 'boolean');
    if (details.name === 'wasm') assert.equal(p.available.length, 1, `WebAssembly compiles one backend of ${p.primitive}`);
  }
});

test('SALINE_FORCE forces a backend of the native addon', { skip: backend() !== 'native' }, () => {
  const probe = "import('saline').then(s => console.log(JSON.stringify(s.backendDetails().primitives.find(p => p.primitive === 'poly1305'))))";
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    cwd: jsDir, env: { ...process.env, SALINE_FORCE: 'poly1305:rustcrypto' }, encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const poly = JSON.parse(r.stdout);
  assert.equal(poly.selected, 'rustcrypto');
  assert.equal(poly.forced, true);
});
