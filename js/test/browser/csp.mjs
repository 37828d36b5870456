#!/usr/bin/env node
// Saline under a Content-Security-Policy, in headless Chromium (run by
// `make js-test-browser` after run.mjs):
//  - without 'wasm-unsafe-eval', ready() rejects with an Error that says
//    what to allow (not the engine's bare CompileError);
//  - with it but with `worker-src 'none'`, `.async` computes on the page's
//    thread by default, and rejects saying why after
//    ready({ requireWorker: true });
//  - on a cross-origin-isolated page (COOP same-origin, COEP require-corp),
//    where SharedArrayBuffer exists, `blake3.async` of a large input is
//    split across two workers (src/backend/wasm-blake3.ts), and on a plain
//    page it is one job; blake3()'s bytes either way.
// Exits non-zero on any mismatch.
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHROMIUM = process.env.SALINE_CHROMIUM ?? '/usr/bin/chromium';

// `node --test test/` loads every file under test/, this one included; like
// run.mjs it is its own step (`make js-test-browser`, after Chromium is
// installed), so do nothing there. Without this guard a fresh machine failed
// js-test-node for want of a browser the later step installs.
if (process.env.NODE_TEST_CONTEXT) {
  console.log('test/browser/csp.mjs: skipped under node --test (run `node test/browser/csp.mjs`)');
  process.exit(0);
}
const here = dirname(fileURLToPath(import.meta.url));
const wasmDir = join(here, '..', '..', 'wasm');
const [{ build }, { chromium }] = await Promise.all([import('esbuild'), import('playwright-core')]);

const ENTRY = `
import * as S from 'saline';
const message = (promise) => promise.then((value) => 'resolved ' + (value?.length ?? ''), (error) => 'rejected ' + error.message);
const salt = new Uint8Array(16);
window.check = async (requireWorker) => {
  const loaded = await message(S.ready({ requireWorker }));
  if (loaded !== 'resolved ') return { loaded };
  return { loaded, derived: await message(S.argon2id.async('pw', salt, { t: 1, m: 64, p: 1, dkLen: 8 })) };
};
// blake3.async of 3 MiB + 1025 bytes in three modes: equal to blake3(), and
// how many workers it started (2 when split, 1 for one job).
window.blake3Check = async () => {
  let started = 0;
  const RealWorker = globalThis.Worker;
  globalThis.Worker = class extends RealWorker {
    constructor(...args) {
      super(...args);
      started++;
    }
  };
  await S.ready();
  const data = new Uint8Array(3 * 1024 * 1024 + 1025).map((_, i) => (i * 131 + (i >>> 13)) & 255);
  let equal = true;
  for (const opts of [undefined, { key: new Uint8Array(32).fill(7) }, { context: 'ctx', dkLen: 100 }]) {
    equal &&= S.bytesToHex(await S.blake3.async(data, opts)) === S.bytesToHex(S.blake3(data, opts));
  }
  return { isolated: globalThis.crossOriginIsolated === true, equal, started, cores: navigator.hardwareConcurrency };
};
`;
const pageJs = (
  await build({ stdin: { contents: ENTRY, resolveDir: here, loader: 'js' }, bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' })
).outputFiles[0].contents;

const POLICIES = {
  // script-src without 'wasm-unsafe-eval': WebAssembly may not compile.
  nowasm: "default-src 'self'; script-src 'self'",
  // WebAssembly allowed, workers (blob: or any) not.
  noworker: "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'none'",
};

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  const name = url.pathname.split('/')[1];
  const policy = POLICIES[url.searchParams.get('csp')] ?? POLICIES[name];
  const isolation = name === 'isolated' ? { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' } : {};
  const send = (status, type, body) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...(policy ? { 'content-security-policy': policy } : {}), ...isolation });
    res.end(body);
  };
  // /<policy>/x/page.js, so that ../../wasm/ from the bundle is /wasm/.
  if (url.pathname.endsWith('/x/page.js')) return send(200, 'text/javascript', pageJs);
  if (url.pathname.startsWith('/wasm/')) return send(200, 'application/wasm', readFileSync(join(wasmDir, url.pathname.slice(6).replace(/[^\w.-]/g, ''))));
  if (POLICIES[name] || name === 'isolated' || name === 'plain') return send(200, 'text/html', `<!doctype html><script type="module" src="/${name}/x/page.js"></script>`);
  send(404, 'text/plain', 'not found');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const userDataDir = mkdtempSync(join(tmpdir(), 'saline-chromium-csp-'));
const failures = [];
const expect = (what, got, pattern) => {
  const ok = pattern.test(got ?? '');
  console.log(`[csp] ${ok ? 'ok  ' : 'FAIL'} ${what}: ${got}`);
  if (!ok) failures.push(`${what}: got ${JSON.stringify(got)}, expected ${pattern}`);
};
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const open = async (name) => {
    const page = await context.newPage();
    await page.goto(`${origin}/${name}/`);
    await page.waitForFunction(() => typeof window.check === 'function');
    return page;
  };
  let page = await open('nowasm');
  const refused = await page.evaluate(() => window.check(false));
  expect("script-src without 'wasm-unsafe-eval': ready()", refused.loaded, /^rejected saline: the Content-Security-Policy forbids compiling WebAssembly\. Allow it with `script-src 'wasm-unsafe-eval'`/);
  await page.close();

  page = await open('noworker');
  const fallback = await page.evaluate(() => window.check(false));
  expect("worker-src 'none': .async", fallback.derived, /^resolved 8$/);
  await page.close();
  page = await open('noworker');
  const required = await page.evaluate(() => window.check(true));
  expect("worker-src 'none', requireWorker: .async", required.derived, /^rejected saline: `\.async` could not start a WebAssembly worker/);
  await page.close();

  for (const name of ['isolated', 'plain']) {
    page = await open(name);
    const { isolated, equal, started, cores } = await page.evaluate(() => window.blake3Check());
    await page.close();
    const split = name === 'isolated' && cores >= 2;
    const got = `isolated ${isolated}, equal to blake3() ${equal}, workers ${started}`;
    expect(`${name} page: blake3.async of 3 MiB`, got, new RegExp(`^isolated ${name === 'isolated'}, equal to blake3\\(\\) true, workers ${split ? 2 : 1}$`));
  }
} finally {
  await context?.close();
  server.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`csp: ${failures.length} failure(s)\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('csp: all checks passed');
