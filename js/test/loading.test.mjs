// Loading the backend: ready({ wasm }) with each kind of source, loadWasm,
// the errors of a refused compile (CSP, workerd), environment reads under a
// permission sandbox, and ready({ requireWorker }). Each case runs in a
// child process (a backend loads once per process) with no SALINE_*
// variables, so that the source passed is what loads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const jsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SALINE_')));

/** Runs an ES module body from js/ (so 'saline' resolves to this package); returns its output lines. */
function run(body, env = {}) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', body], { cwd: jsDir, env: { ...clean, ...env }, encoding: 'utf8' });
  assert.equal(r.status, 0, `child failed:\n${r.stderr}`);
  return r.stdout.trim().split('\n');
}

const WASM = "import { readFileSync } from 'node:fs'; const wasmPath = new URL('./wasm/saline.wasm', 'file://' + process.cwd() + '/');";
const CHECK = "console.log(S.backend(), S.utils.bytesToHex(S.sha256('abc')).slice(0, 16));";
const ABC = 'wasm ba7816bf8f01cfea';

test('ready({ wasm }) loads WebAssembly from bytes, a Module, a Response, a promise of one, or a file URL', () => {
  const sources = {
    bytes: 'readFileSync(wasmPath)',
    arrayBuffer: 'readFileSync(wasmPath).buffer.slice(0)',
    module: 'new WebAssembly.Module(readFileSync(wasmPath))',
    response: "new Response(readFileSync(wasmPath), { headers: { 'content-type': 'application/wasm' } })",
    promise: 'Promise.resolve(new Response(readFileSync(wasmPath)))',
    fileUrl: 'wasmPath',
    fileUrlString: 'wasmPath.href',
  };
  for (const [kind, source] of Object.entries(sources)) {
    // The package's own files are hidden, so only the source given can load.
    const out = run(`${WASM} import * as S from 'saline'; await S.ready({ wasm: ${source} }); ${CHECK}`, { SALINE_NATIVE_PATH: '/nonexistent', SALINE_WASM_DIR: '/nonexistent' });
    assert.deepEqual(out, [ABC], kind);
  }
});

test('ready({ wasm }) fetches an http URL', () => {
  const out = run(`${WASM}
    import { createServer } from 'node:http';
    import * as S from 'saline';
    const server = createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/wasm' }); res.end(readFileSync(wasmPath)); });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    await S.ready({ wasm: 'http://127.0.0.1:' + server.address().port + '/saline.wasm' });
    server.close();
    ${CHECK}`);
  assert.deepEqual(out, [ABC]);
});

test('loadWasm() loads the WebAssembly backend even where the addon would load', () => {
  assert.deepEqual(run(`import * as S from 'saline'; await S.loadWasm(); ${CHECK}`), [ABC]);
  const nacl = run("import nacl from 'saline/tweetnacl'; import * as S from 'saline'; await nacl.ready(); console.log(typeof S.terminateWasmWorkers, nacl.hash(new Uint8Array(0)).length);");
  assert.deepEqual(nacl, ['function 64']);
});

test('ready() refuses a source or an option it does not know', () => {
  const out = run(`import * as S from 'saline';
    for (const options of [{ wasm: 42 }, { wasm: {} }, { wasmUrl: 'x' }, { requireWorker: 'yes' }, null]) {
      try { await S.ready(options); console.log('resolved'); } catch (e) { console.log(e.name); }
    }`);
  assert.deepEqual(out, ['TypeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError']);
});

test('a compile refused by a Content-Security-Policy says what to allow', () => {
  // Chromium's wording (third_party/blink .../wasm_code_generation), thrown here by a stub.
  const out = run(`${WASM} import * as S from 'saline';
    const refuse = () => { throw new WebAssembly.CompileError("WebAssembly.compile(): Refused to compile or instantiate WebAssembly module because 'unsafe-eval' is not an allowed source of script in the following Content Security Policy directive: \\"script-src 'self'\\""); };
    WebAssembly.compile = async () => refuse();
    WebAssembly.instantiate = async () => refuse();
    try { await S.ready({ wasm: readFileSync(wasmPath) }); } catch (e) { console.log(e.message); console.log(e.cause instanceof WebAssembly.CompileError); }`);
  assert.match(out[0], /^saline: the Content-Security-Policy forbids compiling WebAssembly\. Allow it with `script-src 'wasm-unsafe-eval'`/);
  assert.equal(out[1], 'true');
});

test("a runtime that forbids compiling from bytes (workerd) is told to pass a compiled module", () => {
  const out = run(`${WASM} import * as S from 'saline';
    WebAssembly.compile = async () => { throw new WebAssembly.CompileError('WebAssembly.compile(): Wasm code generation disallowed by embedder'); };
    try { await S.ready({ wasm: readFileSync(wasmPath) }); } catch (e) { console.log(e.message); }`);
  assert.match(out[0], /forbids compiling WebAssembly from bytes \(Cloudflare Workers \/ workerd\).*`workerd` export condition/);
});

test('environment variables that cannot be read (Deno without --allow-env) are treated as unset', () => {
  // Deno throws NotCapable on any process.env read without the permission;
  // here only on Saline's variables, since Node's own loader reads others.
  const out = run(`
    const real = process.env;
    const denied = new Proxy(real, { get(target, key) { if (String(key).startsWith('SALINE_')) { const e = new Error('Requires env access'); e.name = 'NotCapable'; throw e; } return target[key]; } });
    Object.defineProperty(process, 'env', { value: denied });
    const S = await import('saline');
    console.log(S.utils.bytesToHex(S.sha256('abc')).slice(0, 16));`);
  assert.deepEqual(out, ['ba7816bf8f01cfea']);
});

test('ready({ requireWorker: true }): .async rejects where no worker can start instead of blocking the caller', () => {
  // The browser build under Node, with node:worker_threads made unavailable: no Worker at all.
  const body = (required) => `
    const real = process.getBuiltinModule;
    process.getBuiltinModule = (id) => (id === 'node:worker_threads' ? undefined : real(id));
    const S = await import('./dist/esm/index.js');
    await S.ready({ requireWorker: ${required} });
    const salt = new Uint8Array(16);
    try { console.log(S.utils.bytesToHex(await S.argon2id.async('pw', salt, { t: 1, m: 64, p: 1, dkLen: 8 }))); } catch (e) { console.log(e.message); }
    console.log(S.utils.bytesToHex(S.argon2id('pw', salt, { t: 1, m: 64, p: 1, dkLen: 8 })));`;
  const allowed = run(body(false), { SALINE_BACKEND: 'wasm' });
  assert.equal(allowed[0], allowed[1]);
  const required = run(body(true), { SALINE_BACKEND: 'wasm' });
  assert.match(required[0], /^saline: `.async` could not start a WebAssembly worker \(this runtime has no Worker\) and `ready\(\{ requireWorker: true \}\)` forbids/);
  assert.equal(required[1], allowed[1], 'the synchronous call still works');
});
