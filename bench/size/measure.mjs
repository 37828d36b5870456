// What a page ships: one Vite production build per (library, page), from
// the packed Saline tarball (`npm pack` of js/) and the pinned peers of
// package.json, and the bytes a browser downloads, gzip -9: every emitted
// JS file plus, for Saline, the one .wasm file the loader fetches (the SIMD
// build, the larger of the two emitted). Writes sizes.json beside this
// file; bench/node/report.mjs puts it in bench/REPORT.md. The pages and
// the byte count are page.mjs's, which make test's bundler check shares.
//
//   cd bench/size && npm ci && node measure.mjs     (make js-build first)
//   node measure.mjs 'saline/hash'                  only the matching pages
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { PAGES, VITE_BUILD, pageBytes, writePage } from './page.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const JS = join(HERE, '..', '..', 'js');

async function measure(root, code) {
  writePage(root, code);
  await build({ root, logLevel: 'silent', build: { outDir: join(root, 'dist'), ...VITE_BUILD } });
  return pageBytes(join(root, 'dist'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv[2] ? new RegExp(process.argv[2]) : undefined;
  // The tarball is installed without touching package.json or the lock.
  const packDir = mkdtempSync(join(tmpdir(), 'saline-size-'));
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', packDir], { cwd: JS, encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', join(packDir, tarball)], { cwd: HERE, stdio: 'inherit' });
  const version = (name) => JSON.parse(readFileSync(join(HERE, 'node_modules', name, 'package.json'), 'utf8')).version;
  const out = join(HERE, 'sizes.json');
  const previous = only ? JSON.parse(readFileSync(out, 'utf8')) : { pages: {} };
  const pages = previous.pages;
  for (const [library, byPage] of Object.entries(PAGES)) {
    for (const [page, code] of Object.entries(byPage)) {
      if (only && !only.test(`${library}/${page}`)) continue;
      pages[library] ??= { version: version(library === 'noble' ? '@noble/hashes' : library) };
      // Under node_modules/.cache (ignored by git) so that 'saline' and the peers resolve.
      pages[library][page] = await measure(join(HERE, 'node_modules', '.cache', 'pages', `${library}-${page}`), code);
      console.log(`${library}/${page}: ${JSON.stringify(pages[library][page])}`);
    }
  }
  // The modules build-wasm.sh made (raw and gzip -9), as js/wasm/sizes.json records them.
  const modules = JSON.parse(readFileSync(join(JS, 'wasm', 'sizes.json'), 'utf8'));
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), bundler: `vite ${version('vite')}`, compression: 'gzip -9', modules, pages }, null, 2)}\n`);
  rmSync(packDir, { recursive: true, force: true });
  console.log(`size: -> ${out}`);
}
