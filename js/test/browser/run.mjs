// The vector suite (test/_vectors-core.mjs over every file in vectors/)
// inside a page in headless Chromium, on the WebAssembly backend through the
// browser build path (`await ready()`, then synchronous calls).
//
//   node test/browser/run.mjs
//
// Bundles a page script with esbuild (platform browser) that imports
// 'saline', serves it, the .wasm files and the vectors from 127.0.0.1 on an
// ephemeral port, drives Debian's /usr/bin/chromium through playwright-core,
// then does the same for the SHA-2 vectors through `saline/sha2` on a second
// page, which must fetch the SHA-2 module and no other .wasm file,
// and ends with the line `browser vectors: N passed, M failed`; the exit code
// is non-zero on any failure. Without chromium it says so and exits 1, or 0
// when SALINE_ALLOW_NO_BROWSER=1.
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHROMIUM = process.env.SALINE_CHROMIUM ?? '/usr/bin/chromium';
const here = dirname(fileURLToPath(import.meta.url));
const jsDir = join(here, '..', '..');
const vectorsDir = join(jsDir, '..', 'vectors');
const wasmDir = join(jsDir, 'wasm');

// `node --test test/` loads every file under test/, this one included; the
// browser run is its own step (make test runs it), so do nothing there.
if (process.env.NODE_TEST_CONTEXT) {
  console.log('test/browser/run.mjs: skipped under node --test (run `node test/browser/run.mjs`)');
  process.exit(0);
}

if (!existsSync(CHROMIUM)) {
  const allowed = process.env.SALINE_ALLOW_NO_BROWSER === '1';
  console.log(`browser vectors: SKIPPED: ${CHROMIUM} not found (install Debian's chromium: apt-get install -y chromium)${allowed ? '' : '; set SALINE_ALLOW_NO_BROWSER=1 to allow skipping'}`);
  process.exit(allowed ? 0 : 1);
}

const [{ build }, { chromium }] = await Promise.all([import('esbuild'), import('playwright-core')]);

// ---------------------------------------------------------------- the page script

const ENTRY = `
import * as S from 'saline';
import { runVectorFile, formatTally } from '../_vectors-core.mjs';
window.salineRun = async (name) => {
  await S.ready();
  const file = await (await fetch('/vectors/' + name)).json();
  const tally = await runVectorFile(S, name, file, { slow: false, checkAsync: true });
  return { backend: S.backend(), tally, line: formatTally(tally) };
};
window.salineReady = S.ready().then(() => S.backend());
`;

/** A page script: `contents` bundled by esbuild for browsers, as bytes. */
async function pageScript(contents, sourcefile) {
  const bundle = await build({
    stdin: { contents, resolveDir: here, sourcefile, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outfile: 'page.js',
    logLevel: 'warning',
  });
  return bundle.outputFiles[0].contents;
}
const pageJs = await pageScript(ENTRY, 'browser-entry.mjs');

// `saline/sha2` on its own page: its SHA-2 vectors, through the SHA-2 module.
const SHA2_ENTRY = `
import * as H from 'saline/sha2';
import { runVectorFile, formatTally } from '../_vectors-core.mjs';
window.salineSha2 = async (name, algorithms) => {
  await H.ready();
  const file = await (await fetch('/vectors/' + name)).json();
  file.cases = file.cases.filter((c) => algorithms.includes(c.algorithm ?? file.algorithm));
  const tally = await runVectorFile(H, name + ' (saline/sha2)', file, { slow: false });
  return { backend: H.backend(), tally, line: formatTally(tally) };
};
`;
const sha2Js = await pageScript(SHA2_ENTRY, 'browser-sha2-entry.mjs');
const SHA2_HTML = '<!doctype html><meta charset="utf-8"><title>saline/sha2</title><script type="module" src="/b/x/sha2.js"></script>';
const SHA2_FILE = 'hash/sha-fips180-4.json';
const SHA2_ALGORITHMS = ['sha224', 'sha256', 'sha384', 'sha512', 'sha512-256'];

// ---------------------------------------------------------------- the server

const vectorFiles = readdirSync(vectorsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !['licenses', 'tools'].includes(d.name))
  .flatMap((d) => readdirSync(join(vectorsDir, d.name)).filter((f) => f.endsWith('.json')).map((f) => `${d.name}/${f}`))
  .sort();

const HTML = '<!doctype html><meta charset="utf-8"><title>saline vectors</title><script type="module" src="/b/x/page.js"></script>';

/** Serves `root/rel` if it stays inside root. */
function fileUnder(root, rel) {
  const path = normalize(join(root, rel));
  return path.startsWith(root + sep) && existsSync(path) ? path : undefined;
}

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  const send = (status, type, body) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(body);
  };
  if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', HTML);
  // The bundle sits two levels deep so that the loader's default
  // new URL('../../wasm/<file>', import.meta.url) lands on /wasm/.
  if (url.pathname === '/b/x/page.js') return send(200, 'text/javascript; charset=utf-8', pageJs);
  if (url.pathname === '/sha2') return send(200, 'text/html; charset=utf-8', SHA2_HTML);
  if (url.pathname === '/b/x/sha2.js') return send(200, 'text/javascript; charset=utf-8', sha2Js);
  if (url.pathname.startsWith('/wasm/')) {
    const path = fileUnder(wasmDir, decodeURIComponent(url.pathname.slice(6)));
    return path ? send(200, 'application/wasm', readFileSync(path)) : send(404, 'text/plain', 'not found');
  }
  if (url.pathname.startsWith('/vectors/')) {
    const path = fileUnder(vectorsDir, decodeURIComponent(url.pathname.slice(9)));
    return path ? send(200, 'application/json', readFileSync(path)) : send(404, 'text/plain', 'not found');
  }
  if (url.pathname === '/favicon.ico') return send(204, 'text/plain', '');
  send(404, 'text/plain', 'not found');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// ---------------------------------------------------------------- the browser

const userDataDir = mkdtempSync(join(tmpdir(), 'saline-chromium-'));
let context;
let passed = 0;
let unsupported = 0;
let slowSkipped = 0;
const failures = [];
const t0 = performance.now();
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(0);
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') console.log(`[page console.error] ${msg.text()}`);
  });
  await page.goto(`${origin}/`);
  const backend = await page.evaluate(() => window.salineReady);
  console.log(`browser: ${await context.browser()?.version?.() ?? 'chromium'}, saline backend ${backend}`);
  if (backend !== 'wasm') failures.push(`the page runs the ${backend} backend, not wasm`);
  for (const name of vectorFiles) {
    const { tally, line } = await page.evaluate((n) => window.salineRun(n), name);
    console.log(`[browser] ${line}`);
    passed += tally.passed;
    unsupported += tally.unsupported;
    slowSkipped += tally.slowSkipped;
    for (const f of tally.failures) failures.push(`${name} case ${f.id}: ${f.message}`);
  }

  const sha2Page = await context.newPage();
  sha2Page.setDefaultTimeout(0);
  sha2Page.on('pageerror', (error) => failures.push(`saline/sha2 page error: ${error.message}`));
  const fetched = [];
  sha2Page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) fetched.push(new URL(request.url()).pathname);
  });
  await sha2Page.goto(`${origin}/sha2`);
  const { backend: sha2Backend, tally, line } = await sha2Page.evaluate(([n, a]) => window.salineSha2(n, a), [SHA2_FILE, SHA2_ALGORITHMS]);
  console.log(`[browser] ${line}; fetched ${fetched.join(', ')}`);
  passed += tally.passed;
  for (const f of tally.failures) failures.push(`${SHA2_FILE} (saline/sha2) case ${f.id}: ${f.message}`);
  if (sha2Backend !== 'wasm') failures.push(`saline/sha2 runs the ${sha2Backend} backend, not wasm`);
  if (tally.passed === 0) failures.push('saline/sha2: no SHA-2 vector ran');
  if (fetched.join() !== '/wasm/saline-sha2-simd.wasm') failures.push(`saline/sha2 fetched ${fetched.join(', ') || 'nothing'}, not /wasm/saline-sha2-simd.wasm alone`);
} catch (error) {
  failures.push(`runner: ${error?.stack ?? error}`);
} finally {
  await context?.close().catch(() => {});
  server.close();
  rmSync(userDataDir, { recursive: true, force: true });
}

for (const f of failures.slice(0, 50)) console.log(`FAIL ${f}`);
if (failures.length > 50) console.log(`… and ${failures.length - 50} more`);
console.log(`(${vectorFiles.length} files, ${unsupported} unsupported, ${slowSkipped} slow skipped, ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
console.log(`browser vectors: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 && passed > 0 ? 0 : 1);
