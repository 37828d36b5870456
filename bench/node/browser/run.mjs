// The browser runner: bundles page.mjs with esbuild, serves it from
// 127.0.0.1 only, and runs it in headless Debian Chromium via playwright-core
// (fresh profile, no background networking). Writes
// ../../results/<YYYY-MM-DD>-<host>-browser.json in the shared schema.
//   node browser/run.mjs [--profile quick|full] [--only REGEX] [--out-dir DIR]
// Skips, with a message and exit status 0, when Chromium is not installed.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { SCHEMA, selectCases } from '../lib/harness.mjs';
import { machine, packageVersions, resultsPath } from '../lib/machine.mjs';
import { progressPrinter } from '../lib/progress.mjs';
import { RESULTS_DIR, WORKLOADS } from '../run.mjs';
import { entryOf } from '../adapters/saline.mjs';
import { standingLines } from '../report.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const NODE_DIR = path.resolve(HERE, '..');
const CHROMIUM = '/usr/bin/chromium';
// File and memory cases measure Node's file system and heap; not run here.
const BROWSER_CASE = (c) => c.unit !== 'memory' && c.operation !== 'file';

// "saline" is aliased to the built package's ESM entry; until it is built the
// page gets the stub adapter, which reports "Saline not built".
async function bundle(outdir) {
  let saline = null;
  try { saline = entryOf('.', 'browser'); } catch { /* not built: stub */ }
  const adapter = path.join(HERE, saline ? 'saline-wasm.mjs' : 'saline-stub.mjs');
  await esbuild.build({
    entryPoints: [path.join(HERE, 'page.mjs')], bundle: true, format: 'esm', platform: 'browser', target: 'es2022',
    outfile: path.join(outdir, 'page.js'), logLevel: 'error', loader: { '.wasm': 'file' },
    alias: { 'saline-adapter': adapter, ...(saline && { saline: saline.file }) },
  });
  fs.writeFileSync(path.join(outdir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>saline bench</title><script type="module" src="page.js"></script>\n');
  return saline;
}

// Serves the bundle, and files of the Saline package it fetches at run time
// (its .wasm, addressed relative to the bundle's URL), from 127.0.0.1 only.
function serve(roots) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = http.createServer((req, res) => {
    const rel = path.normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^\/+/, '') || 'index.html';
    const file = roots.map((root) => path.join(root, rel)).find((f) => roots.some((r) => f.startsWith(r)) && fs.existsSync(f) && fs.statSync(f).isFile());
    if (!file) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function runBrowser({ profile = 'quick', only, settings, outFile, quiet = false } = {}) {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`browser: skipped, ${CHROMIUM} not found (make bench installs Debian's chromium; it could not here)`);
    return null;
  }
  const workloads = JSON.parse(fs.readFileSync(WORKLOADS, 'utf8'));
  const chosen = settings ?? workloads.profiles[profile];
  const cases = selectCases(workloads, profile, only).filter(BROWSER_CASE);
  const dist = path.join(HERE, 'dist');
  fs.mkdirSync(dist, { recursive: true });
  const saline = await bundle(dist);
  const server = await serve(saline ? [dist, saline.dir] : [dist]);
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saline-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM, headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--js-flags=--expose-gc'],
  });
  const progress = quiet ? null : progressPrinter();
  const started = performance.now();
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.exposeFunction('benchProgress', (p) => progress?.update({ ...p, library: `${p.library} (browser)` }));
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await page.waitForFunction(() => globalThis.benchReady === true, null, { timeout: 30_000 }).catch(() => {
      throw new Error(`the benchmark page did not load: ${errors.join('; ') || 'no error reported'}`);
    });
    page.setDefaultTimeout(0);
    const run = await page.evaluate(({ c, s }) => globalThis.runBench(c, s), { c: cases, s: chosen });
    progress?.done();
    const libraries = run.libraries.map((l) => {
      let version = l.id === 'webcrypto' ? context.browser()?.version() ?? 'Chromium' : 'unknown';
      if (l.packages) version = Object.entries(packageVersions(l.packages, NODE_DIR)).map(([n, v]) => `${n}@${v}`).join(', ');
      if (l.id === 'saline-wasm' && l.available) version = saline.version;
      return { id: l.id, name: l.name, available: l.available, version, ...(l.reason && { reason: l.reason }), ...(l.subject && { subject: true }) };
    });
    const out = {
      schema: SCHEMA,
      runtime: { name: 'browser', version: `Chromium ${context.browser()?.version() ?? ''}`.trim(), detail: run.userAgent },
      date: new Date().toISOString(), host: os.hostname(), profile, settings: chosen, machine: machine(),
      libraries, cases: run.cases, duration_s: (performance.now() - started) / 1000,
    };
    const file = outFile ?? resultsPath(RESULTS_DIR, 'browser');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
    return { file, results: out };
  } finally {
    await context.close();
    server.close();
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
  const outDir = opt('out-dir');
  const done = await runBrowser({
    profile: opt('profile') ?? 'quick', only: opt('only') || undefined,
    outFile: outDir ? resultsPath(path.resolve(outDir), 'browser') : undefined,
  });
  if (done) {
    console.log(`browser: ${done.results.cases.length} cases in ${done.results.duration_s.toFixed(0)} s -> ${path.relative(process.cwd(), done.file)}`);
    for (const line of standingLines(done.results)) console.log(line);
  }
}
