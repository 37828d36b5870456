// The published shape of the package: what `npm pack` puts in the tarball,
// the per-platform addon packages, and where the addon is looked for (the
// package's own directory or its platform package, never the user's
// project). The lookups run against a copy of the package installed into a
// temporary node_modules, as npm would lay it out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const jsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(jsDir, '..');
const pkg = JSON.parse(readFileSync(join(jsDir, 'package.json'), 'utf8'));
const addon = join(jsDir, 'native', 'saline.node');

test('npm pack holds the licences, the .d.cts files and both builds of each .wasm module, and no addon', () => {
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: jsDir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const files = JSON.parse(r.stdout)[0].files.map((f) => f.path);
  for (const expected of [
    'LICENSE-MIT', 'LICENSE-APACHE', 'README.md', 'package.json',
    'wasm/saline.wasm', 'wasm/saline-simd.wasm', 'wasm/saline-sha2.wasm', 'wasm/saline-sha2-simd.wasm',
    'dist/types/index.d.ts', 'dist/types/index.d.cts', 'dist/types/sha2.d.cts',
    'dist/types/tweetnacl.d.cts', 'dist/types/cryptographer.d.cts',
    'dist/node/index.js', 'dist/node/index.cjs', 'dist/esm/index.js', 'dist/cjs/index.cjs', 'dist/workerd/index.js',
    'dist/esm/sha2.js', 'dist/node/sha2.js',
  ]) {
    assert.ok(files.includes(expected), `${expected} is not in the tarball`);
  }
  // The addon ships only in the platform packages (js/npm/<triple>/).
  assert.deepEqual(files.filter((f) => f.endsWith('.node')), []);
  assert.deepEqual(files.filter((f) => f.startsWith('src/') || f.startsWith('test/') || f.startsWith('npm/')), []);
});

test('every file the exports map names is built', () => {
  const targets = [];
  const walk = (value) => (typeof value === 'string' ? targets.push(value) : Object.values(value).forEach(walk));
  walk(pkg.exports);
  for (const target of targets.filter((t) => !t.includes('*'))) assert.ok(existsSync(join(jsDir, target)), `${target} is missing`);
  for (const [, paths] of Object.entries(pkg.typesVersions['*'])) for (const p of paths) assert.ok(existsSync(join(jsDir, p)), `${p} is missing`);
});

test('the licence files in js/ are the repository root ones', () => {
  for (const name of ['LICENSE-MIT', 'LICENSE-APACHE']) {
    assert.equal(readFileSync(join(jsDir, name), 'utf8'), readFileSync(join(repoDir, name), 'utf8'), `js/${name} differs from the root's`);
  }
  assert.equal(pkg.license, 'MIT OR Apache-2.0');
});

test('each platform package is pinned to this version, and prepublish lists them as optionalDependencies', () => {
  const triples = readdirSync(join(jsDir, 'npm')).sort();
  assert.deepEqual(triples, ['darwin-arm64', 'linux-arm64-gnu', 'linux-arm64-musl', 'linux-x64-gnu', 'linux-x64-musl', 'win32-x64-msvc']);
  const names = [];
  for (const triple of triples) {
    const platform = JSON.parse(readFileSync(join(jsDir, 'npm', triple, 'package.json'), 'utf8'));
    assert.equal(platform.name, `saline-${triple}`);
    assert.equal(platform.version, pkg.version);
    assert.equal(platform.main, `saline.${triple}.node`);
    assert.equal(platform.license, pkg.license);
    const [os, cpu, abi] = triple.split('-');
    assert.deepEqual(platform.os, [os]);
    assert.deepEqual(platform.cpu, [cpu]);
    if (os === 'linux') assert.deepEqual(platform.libc, [abi === 'musl' ? 'musl' : 'glibc']);
    names.push(platform.name);
  }
  const dir = mkdtempSync(join(tmpdir(), 'saline-prepublish-'));
  try {
    const copy = join(dir, 'package.json');
    cpSync(join(jsDir, 'package.json'), copy);
    const r = spawnSync(process.execPath, [join(jsDir, 'scripts', 'platform-package.mjs'), 'prepublish', copy], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const published = JSON.parse(readFileSync(copy, 'utf8'));
    assert.deepEqual(published.optionalDependencies, Object.fromEntries(names.map((name) => [name, pkg.version])));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A project dir with saline installed in node_modules (no addon of its own); returns its path. */
function project() {
  const dir = mkdtempSync(join(tmpdir(), 'saline-package-'));
  const installed = join(dir, 'node_modules', 'saline');
  mkdirSync(installed, { recursive: true });
  for (const part of ['package.json', 'dist/node', 'dist/types', 'wasm/saline.wasm', 'wasm/saline-simd.wasm']) {
    cpSync(join(jsDir, part), join(installed, part), { recursive: true });
  }
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  return dir;
}

/** backend() in a child process at `cwd`, ESM or CJS; the environment without SALINE_*. */
function backendIn(cwd, format, env = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SALINE_')));
  const code = format === 'esm' ? "import('saline').then((s) => console.log(s.backend()))" : "console.log(require('saline').backend())";
  const r = spawnSync(process.execPath, ['--input-type=commonjs', '-e', code], { cwd, env: { ...clean, ...env }, encoding: 'utf8' });
  return { status: r.status, out: r.stdout.trim(), err: r.stderr };
}

const hostTriple = process.platform === 'linux' && process.arch === 'x64' && process.report.getReport().header.glibcVersionRuntime ? 'linux-x64-gnu' : undefined;

test('the addon is loaded from its platform package', { skip: !existsSync(addon) ? 'addon not built' : !hostTriple ? 'host is not linux-x64-gnu' : false }, () => {
  const dir = project();
  try {
    const platformDir = join(dir, 'node_modules', `saline-${hostTriple}`);
    mkdirSync(platformDir);
    cpSync(join(jsDir, 'npm', hostTriple, 'package.json'), join(platformDir, 'package.json'));
    cpSync(addon, join(platformDir, `saline.${hostTriple}.node`));
    for (const format of ['esm', 'cjs']) {
      const r = backendIn(dir, format, { SALINE_BACKEND: 'native' });
      assert.equal(r.status, 0, r.err);
      assert.equal(r.out, 'native', format);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('musl is told from glibc as napi-rs does (/usr/bin/ldd), and picks the musl package', { skip: !existsSync(addon) ? 'addon not built' : !hostTriple ? 'host is not linux-x64-gnu' : false }, () => {
  const dir = project();
  try {
    // The glibc addon stands in for the musl one: what is checked is which package is looked up.
    const musl = join(dir, 'node_modules', 'saline-linux-x64-musl');
    mkdirSync(musl);
    cpSync(join(jsDir, 'npm', 'linux-x64-musl', 'package.json'), join(musl, 'package.json'));
    cpSync(addon, join(musl, 'saline.linux-x64-musl.node'));
    // Alpine's /usr/bin/ldd is a musl script; node:fs is patched before saline loads
    // (syncBuiltinESMExports carries the patch into ES module imports of node:fs).
    const fakeMusl = `
      const fs = require('node:fs');
      const read = fs.readFileSync;
      fs.readFileSync = (path, ...rest) => (path === '/usr/bin/ldd' ? Buffer.from('#!/bin/sh\\nexec /lib/ld-musl-x86_64.so.1 --list -- "$@"\\n') : read(path, ...rest));
      require('node:module').syncBuiltinESMExports();`;
    for (const [format, load] of [['esm', "import('saline').then((s) => console.log(s.backend()))"], ['cjs', "console.log(require('saline').backend())"]]) {
      const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SALINE_')));
      const r = spawnSync(process.execPath, ['-e', fakeMusl + load], { cwd: dir, env: { ...clean, SALINE_BACKEND: 'native' }, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout.trim(), 'native', format);
    }
    // On glibc the musl package is not the one looked for.
    const glibc = backendIn(dir, 'esm', { SALINE_BACKEND: 'native' });
    assert.notEqual(glibc.status, 0);
    assert.match(glibc.err, /package saline-linux-x64-gnu \(not installed\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an addon in the user's project is never loaded (no walking up); WebAssembly serves instead", { skip: !existsSync(addon) && 'addon not built' }, () => {
  const dir = project();
  try {
    // Where the old lookup (up to 4 directories up from dist/) found one.
    for (const up of ['native', 'node_modules/native']) {
      mkdirSync(join(dir, up), { recursive: true });
      cpSync(addon, join(dir, up, 'saline.node'));
    }
    for (const format of ['esm', 'cjs']) {
      const r = backendIn(dir, format);
      assert.equal(r.status, 0, r.err);
      assert.equal(r.out, 'wasm', format);
      const forced = backendIn(dir, format, { SALINE_BACKEND: 'native' });
      assert.notEqual(forced.status, 0);
      assert.match(forced.err, /native addon not found/);
      assert.doesNotMatch(forced.err, new RegExp(`${dir}/native`));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SALINE_NATIVE_PATH and SALINE_WASM_DIR point the loaders at files elsewhere', { skip: !existsSync(addon) && 'addon not built' }, () => {
  const dir = project();
  try {
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    cpSync(addon, join(elsewhere, 'saline.node'));
    assert.equal(backendIn(dir, 'esm', { SALINE_NATIVE_PATH: join(elsewhere, 'saline.node') }).out, 'native');
    // The package's own wasm/ gone: only SALINE_WASM_DIR has the files.
    const installedWasm = join(dir, 'node_modules', 'saline', 'wasm');
    for (const file of readdirSync(installedWasm)) cpSync(join(installedWasm, file), join(elsewhere, file));
    rmSync(installedWasm, { recursive: true });
    const missing = backendIn(dir, 'esm', { SALINE_BACKEND: 'wasm' });
    assert.notEqual(missing.status, 0);
    assert.match(missing.err, /SALINE_WASM_DIR/);
    assert.equal(backendIn(dir, 'cjs', { SALINE_BACKEND: 'wasm', SALINE_WASM_DIR: elsewhere }).out, 'wasm');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
