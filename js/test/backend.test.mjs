// Backend selection: SALINE_BACKEND forces one; forcing the native addon
// when it cannot load is a clear error that says how to fix it; an unknown
// value is refused. Each scenario runs in a child so the choice is fresh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const jsDir = fileURLToPath(new URL('..', import.meta.url));
const probe = "import('saline').then(s => { s.sha256(new Uint8Array(0)); console.log('backend=' + s.backend()); })";

function run(env) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    cwd: jsDir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

test('SALINE_BACKEND=wasm answers wasm', () => {
  const r = run({ SALINE_BACKEND: 'wasm' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /backend=wasm/);
});

test('forcing native when the addon is missing is a clear error', () => {
  const r = run({ SALINE_BACKEND: 'native', SALINE_NATIVE_PATH: '/nonexistent/saline.node' });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /SALINE_BACKEND=native, but the native addon did not load/);
  assert.match(r.stderr, /make js-native/);
});

test('an unknown SALINE_BACKEND is refused', () => {
  const r = run({ SALINE_BACKEND: 'gpu' });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /SALINE_BACKEND must be 'native' or 'wasm', got 'gpu'/);
});
