// `saline/sha2`: the SHA-2 functions alone. In Node it is the main entry's
// functions over the same backend; its browser build (dist/esm/sha2.js)
// loads the SHA-2 WebAssembly module, which must give the same bytes as the
// full backend, refuse what it does not hold with a clear error, and give
// way to the full module when the main entry's ready() asks for it. A
// bundle of it must not reach the full module, the native loader or the
// worker script. Browser-build cases run in a child process (a backend
// loads once per process), on both WebAssembly builds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import * as S from 'saline';
import * as SHA2 from 'saline/sha2';

const jsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SALINE_')));
const NAMES = { sha224: 'sha224', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512', sha512_256: 'sha512-256' };

function run(body, env = {}) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', body], { cwd: jsDir, env: { ...clean, ...env }, encoding: 'utf8' });
  assert.equal(r.status, 0, `child failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

test('in Node, saline/sha2 exports the main entry\'s own functions, in ESM and in CommonJS', async () => {
  for (const name of Object.keys(NAMES)) assert.equal(SHA2[name], S[name], name);
  await SHA2.ready();
  assert.equal(SHA2.backend(), S.backend());
  // hmac knows its hash functions by identity: one from saline/sha2 must do.
  const tag = (M, H) => M.utils.bytesToHex(M.hmac(H.sha384, new Uint8Array(3), 'msg'));
  assert.equal(tag(S, SHA2), tag(S, S));
  const require = createRequire(import.meta.url);
  const [cjsMain, cjsSha2] = [require('saline'), require('saline/sha2')];
  assert.deepEqual(Object.keys(cjsSha2).sort(), Object.keys(SHA2).sort());
  for (const name of Object.keys(NAMES)) assert.equal(cjsSha2[name], cjsMain[name], `require: ${name}`);
  assert.equal(tag(cjsMain, cjsSha2), tag(S, S));
});

for (const [flavour, simd] of [['SIMD', '1'], ['baseline', '0']]) {
  test(`browser build, ${flavour} module: the SHA-2 module hashes as node:crypto does, one-shot and streaming`, () => {
    const out = run(`
      const H = await import('./dist/esm/sha2.js');
      await H.ready();
      const hex = (b) => Buffer.from(b).toString('hex');
      const names = ${JSON.stringify(Object.keys(NAMES))};
      const result = { backend: H.backend(), digests: {} };
      for (const name of names) {
        const rows = [];
        for (const n of [0, 1, 55, 56, 63, 64, 111, 112, 127, 128, 129, 1000, 65537]) {
          const msg = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 255);
          const h = H[name].create();
          h.update(msg.subarray(0, n >> 1)).update(msg.subarray(n >> 1));
          rows.push([n, hex(H[name](msg)), hex(h.digest()), hex(H[name](msg, { out: new Uint8Array(H[name].outputLen) }))]);
        }
        result.digests[name] = rows;
      }
      console.log(JSON.stringify(result));`, { SALINE_WASM_SIMD: simd });
    assert.equal(out.backend, 'wasm');
    for (const [name, rows] of Object.entries(out.digests)) {
      for (const [n, oneShot, streamed, into] of rows) {
        const msg = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 255);
        const expected = createHash(NAMES[name]).update(msg).digest('hex');
        assert.equal(oneShot, expected, `${name}(${n} bytes)`);
        assert.equal(streamed, expected, `${name}.create() (${n} bytes)`);
        assert.equal(into, expected, `${name}(msg, { out }) (${n} bytes)`);
      }
    }
  });

  test(`browser build, ${flavour} module: the FIPS 180-4 vectors`, () => {
    const file = JSON.parse(readFileSync(join(jsDir, '..', 'vectors', 'hash', 'sha-fips180-4.json'), 'utf8'));
    const cases = file.cases.filter((c) => Object.values(NAMES).includes(c.algorithm ?? file.algorithm));
    assert.ok(cases.length >= 10, 'SHA-2 cases in the file');
    const out = run(`
      const H = await import('./dist/esm/sha2.js');
      await H.ready();
      const { runVectorFile } = await import('./test/_vectors-core.mjs');
      const file = ${JSON.stringify({ ...file, cases })};
      console.log(JSON.stringify(await runVectorFile(H, 'hash/sha-fips180-4.json (SHA-2)', file, { slow: true })));`, { SALINE_WASM_SIMD: simd });
    assert.deepEqual(out.failures, []);
    assert.equal(out.passed, cases.length);
  });
}

test('browser build: the SHA-2 module refuses what it does not hold, and the main entry\'s ready() replaces it', () => {
  const out = run(`
    // The main entry imported after the SHA-2 module loaded: had it been
    // evaluated first, its synchronous loader (the addon, the full module
    // from disk) would have served H.ready() here under Node.
    const H = await import('./dist/esm/sha2.js');
    await H.ready();
    const M = await import('./dist/esm/index.js');
    let refused;
    try { M.blake3('abc'); } catch (e) { refused = e.constructor.name + ': ' + e.message; }
    const catalog = M.algorithms().map((e) => e.name);
    const streamed = H.sha256.create().update('ab');
    await M.ready();
    const hex = (b) => Buffer.from(b).toString('hex');
    console.log(JSON.stringify({ refused, catalog, blake3: hex(M.blake3('abc')).slice(0, 16), sha256: hex(H.sha256('abc')).slice(0, 16), streamed: hex(streamed.update('c').digest()).slice(0, 16), full: M.algorithms().length }));`);
  assert.match(out.refused, /^Error: saline: 'blake3' is not in the WebAssembly module loaded for 'saline\/sha2' .*`await ready\(\)` from 'saline'/, out.refused);
  assert.deepEqual(out.catalog.sort(), Object.values(NAMES).sort());
  assert.equal(out.blake3, '6437b3ac38465133');
  assert.equal(out.sha256, 'ba7816bf8f01cfea');
  assert.equal(out.streamed, 'ba7816bf8f01cfea', 'a stream made on the SHA-2 module outlives the switch');
  assert.ok(out.full > 40, `the full catalog after the main entry's ready(): ${out.full}`);
});

test('a browser bundle of saline/sha2 keeps the SHA-2 module only: not the full module, the native loader or the worker', async () => {
  const bundle = await build({
    stdin: { contents: "import { ready, sha256 } from 'saline/sha2'; await ready(); console.log(sha256('abc'));", resolveDir: jsDir },
    bundle: true, format: 'esm', platform: 'browser', minify: true, write: false, logLevel: 'error', external: ['*.wasm'],
  });
  const text = bundle.outputFiles[0].text;
  const urls = [...text.matchAll(/new URL\(\s*["']([^"']+\.wasm)["']/g)].map((m) => m[1]).sort();
  assert.deepEqual(urls, ['../../wasm/saline-sha2-simd.wasm', '../../wasm/saline-sha2.wasm']);
  assert.doesNotMatch(text, /saline-wasm-worker/, 'the inline worker script');
  assert.doesNotMatch(text, /saline\.node|createRequire/, 'the native loader');
});
