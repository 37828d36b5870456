// What the runtime smoke test (run.mjs here) and the bundler tests
// (../bundlers/run.mjs) share: the packed tarball installed into a scratch
// project as a user would, the tools they install from npm (cached under
// .cache/, pinned by a package-lock.json), the quick vector subset, child
// processes with a deadline, and the tally whose last line is
// `<what>: N passed, N failed`.
//
// This file has no side effects: `node --test test/` loads it as a
// (trivially passing) test file.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const testDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const jsDir = join(testDir, '..');
export const vectorsDir = join(jsDir, '..', 'vectors');

/**
 * Starts a driver: `node --test test/` runs every .mjs under test/, but the
 * drivers are their own make targets, so there it exits at once. A crash
 * before the tally (an install that fails) still ends with the summary line.
 */
export function startDriver(file, what) {
  if (process.env.NODE_TEST_CONTEXT) {
    console.log(`${file}: skipped under node --test (make js-test-runtimes / js-test-bundlers run it)`);
    process.exit(0);
  }
  process.on('uncaughtExceptionMonitor', (error) => {
    console.log(`FAIL  ${file}: ${error?.stack ?? error}`);
    console.log(`${what}: 0 passed, 1 failed`);
  });
}

/** Runs a command to completion; throws with its output when it fails. */
export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...options });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').filter((l) => !/Unknown user config/.test(l));
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal}: ${r.error?.message ?? out.slice(-15).join('\n')}`);
  }
  return r.stdout;
}

/**
 * Installs `toolsDir`/package.json at its package-lock.json into
 * `toolsDir`/../.cache/<name>/ (npm ci), once per lock file content: a rerun
 * with the same lock reuses it. Returns the node_modules path.
 */
export function installTools(toolsDir, name) {
  const lock = readFileSync(join(toolsDir, 'package-lock.json'));
  const stampText = createHash('sha256').update(readFileSync(join(toolsDir, 'package.json'))).update(lock).digest('hex');
  const into = join(toolsDir, '..', '.cache', name);
  const stamp = join(into, 'node_modules', '.saline-tools.stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === stampText) return join(into, 'node_modules');
  const t0 = performance.now();
  console.log(`installing ${name} from npm into ${into} (once per package-lock.json) …`);
  mkdirSync(into, { recursive: true });
  copyFileSync(join(toolsDir, 'package.json'), join(into, 'package.json'));
  copyFileSync(join(toolsDir, 'package-lock.json'), join(into, 'package-lock.json'));
  // `npm install` over the copied lock rather than `npm ci`: the lock pins
  // every version and integrity, but the registry mirror here lacks some
  // other-platform optional packages (@deno/darwin-arm64: 404), which npm
  // leaves out of the lock and for which `npm ci` then refuses it as out of sync.
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: into });
  writeFileSync(stamp, stampText);
  console.log(`installed ${name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return join(into, 'node_modules');
}

/** A fresh scratch directory (removed by `cleanup` unless SALINE_KEEP_SCRATCH=1). */
export function scratchDir(prefix) {
  return mkdtempSync(join(tmpdir(), `saline-${prefix}-`));
}

export function cleanup(dir) {
  if (process.env.SALINE_KEEP_SCRATCH === '1') console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

/** `npm pack` of js/ (as built by make js-build) into `dir`; returns the tarball path. */
export function packTarball(dir) {
  const out = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: jsDir });
  const [info] = JSON.parse(out.slice(out.indexOf('[')));
  return { path: join(dir, info.filename), files: info.files.map((f) => f.path), size: info.size };
}

/**
 * The host's platform package (js/npm/<triple>/, napi-rs's layout) packed
 * with the addon js/native/saline.node, as a release would publish it; run
 * in a copy so that the repository stays untouched. Undefined when the
 * package has no such directory for this host or the addon is not built.
 */
export function packPlatformPackage(dir) {
  const glibc = process.report?.getReport().header.glibcVersionRuntime;
  const triple = process.platform === 'linux' && process.arch === 'x64' && glibc ? 'linux-x64-gnu' : undefined;
  const source = triple && join(jsDir, 'npm', triple);
  const addon = join(jsDir, 'native', 'saline.node');
  if (!source || !existsSync(join(source, 'package.json')) || !existsSync(addon)) return undefined;
  const copy = join(dir, `platform-${triple}`);
  mkdirSync(copy, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  copyFileSync(join(source, 'package.json'), join(copy, 'package.json'));
  copyFileSync(addon, join(copy, pkg.main));
  for (const license of ['LICENSE-MIT', 'LICENSE-APACHE']) if (existsSync(join(jsDir, license))) copyFileSync(join(jsDir, license), join(copy, license));
  const out = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: copy });
  const [info] = JSON.parse(out.slice(out.indexOf('[')));
  return { path: join(dir, info.filename), name: pkg.name };
}

/**
 * A project in `dir` that installed the tarballs with npm, as a user would
 * (`npm install ./saline-x.y.z.tgz`).
 */
export function userProject(dir, tarballs, { type = 'module' } = {}) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'saline-user', private: true, type }, null, 2));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...[tarballs].flat()], { cwd: dir });
  return dir;
}

/**
 * The quick subset of vectors/: from every file, its first valid and its
 * first invalid case (slow cases skipped), so that each algorithm family is
 * checked byte for byte in a second or two on any runtime.
 */
export function quickVectors() {
  const out = [];
  const kinds = readdirSync(vectorsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !['licenses', 'tools'].includes(d.name))
    .map((d) => d.name)
    .sort();
  for (const kind of kinds) {
    for (const f of readdirSync(join(vectorsDir, kind)).filter((n) => n.endsWith('.json')).sort()) {
      const file = JSON.parse(readFileSync(join(vectorsDir, kind, f), 'utf8'));
      const quick = file.cases.filter((c) => c.slow !== true);
      const cases = ['valid', 'invalid'].map((r) => quick.find((c) => c.result === r)).filter(Boolean);
      out.push({ name: `${kind}/${f}`, file: { ...file, cases } });
    }
  }
  return out;
}

/**
 * Copies probe.mjs and ../_vectors-core.mjs into `dir` with the layout
 * probe.mjs expects, and writes quick-vectors.mjs (the subset as an ES
 * module, since JSON imports differ between runtimes).
 */
export function writeProbe(dir) {
  mkdirSync(join(dir, 'runtimes'), { recursive: true });
  copyFileSync(join(testDir, 'runtimes', 'probe.mjs'), join(dir, 'runtimes', 'probe.mjs'));
  copyFileSync(join(testDir, '_vectors-core.mjs'), join(dir, '_vectors-core.mjs'));
  writeFileSync(join(dir, 'quick-vectors.mjs'), `export default ${JSON.stringify(quickVectors())};\n`);
}

/**
 * Spawns a child, collecting its output, killed after `seconds`.
 * Resolves with { code, signal, stdout, stderr, seconds, timedOut }.
 */
export function spawnCollect(cmd, args, { seconds = 120, ...options } = {}) {
  const t0 = performance.now();
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const done = new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, seconds * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, signal: null, stdout, stderr: `${stderr}${error.message}`, seconds: (performance.now() - t0) / 1000, timedOut });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, seconds: (performance.now() - t0) / 1000, timedOut });
    });
  });
  // The caller may stop a server early by this handle.
  done.child = child;
  return done;
}

/** The last `n` non-empty lines of a text, one line, for a failure message. */
export function tail(text, n = 3) {
  return text.trim().split('\n').filter(Boolean).slice(-n).join(' | ');
}

/** Pass/fail bookkeeping; `finish` prints the summary line and sets the exit code. */
export class Tally {
  constructor(what) {
    this.what = what;
    this.passed = 0;
    this.failed = [];
    this.t0 = performance.now();
  }

  pass(name, detail) {
    this.passed++;
    console.log(`ok    ${name}${detail ? ` (${detail})` : ''}`);
  }

  fail(name, reason) {
    this.failed.push(name);
    console.log(`FAIL  ${name}: ${reason}`);
  }

  finish() {
    if (this.failed.length) console.log(`failed: ${this.failed.join(', ')}`);
    console.log(`(${((performance.now() - this.t0) / 1000).toFixed(1)} s)`);
    console.log(`${this.what}: ${this.passed} passed, ${this.failed.length} failed`);
    process.exitCode = this.failed.length === 0 && this.passed > 0 ? 0 : 1;
  }
}
