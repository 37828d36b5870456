// The runtime smoke test: the packed tarball (`npm pack` of js/, installed
// into a scratch project with npm) runs the quick vector subset (probe.mjs)
// on every runtime the package claims, each installed from npm at an exact
// version (tools/package.json and its lock; cached in .cache/tools/):
//
//   - Node 18.20.0 (the engines floor), 20.0.0, 22.2 (before
//     process.getBuiltinModule), a current 22, 24 and the newest, each as
//     ESM and CommonJS, with the addon absent (WebAssembly) and present
//     (native);
//   - Bun, ESM and CommonJS, addon absent and present;
//   - Deno, ESM, with and without --allow-env / --allow-ffi / --allow-read;
//   - workerd (Cloudflare Workers' runtime) serving a module worker on
//     127.0.0.1, bundled as wrangler does (esbuild, conditions workerd,
//     worker, browser; every .wasm import a Wasm module of the config),
//     without and with nodejs_compat, and the browser build given the
//     imported module by ready({ wasm }); the driver fetches the result.
//
//   node test/runtimes/run.mjs        (make js-test-runtimes builds js/ first)
//   SALINE_RUNTIMES='deno|bun' …      only the cases whose name matches
//
// Each case must exit cleanly, load the expected backend and reproduce every
// vector byte for byte. The last line is `runtimes: N passed, N failed`.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { copyFileSync, cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  Tally,
  cleanup,
  installTools,
  packPlatformPackage,
  packTarball,
  scratchDir,
  spawnCollect,
  startDriver,
  tail,
  testDir,
  userProject,
  writeProbe,
} from './harness.mjs';

startDriver('test/runtimes/run.mjs', 'runtimes');

const only = process.env.SALINE_RUNTIMES ? new RegExp(process.env.SALINE_RUNTIMES) : undefined;
const tools = installTools(join(testDir, 'runtimes', 'tools'), 'tools');

// The aliases in tools/package.json, oldest first.
const NODES = ['node18.20.0', 'node20.0', 'node22.2', 'node22', 'node24', 'node26'];
const BUN = [join(tools, 'bun', 'bin', 'bun.exe'), join(tools, '@oven', 'bun-linux-x64', 'bin', 'bun')].find(existsSync);
const DENO = join(tools, '@deno', 'linux-x64-glibc', 'deno');
const WORKERD = join(tools, '@cloudflare', 'workerd-linux-64', 'bin', 'workerd');

// ---------------------------------------------------------------- the user projects

const scratch = scratchDir('runtimes');
const tarball = packTarball(scratch);
console.log(`packed ${basename(tarball.path)} (${tarball.files.length} files, ${(tarball.size / 1024).toFixed(0)} KiB)`);

// `present`: the tarball as npm installs it on this host, with the addon
// (the platform package npm would pick as an optional dependency, or, before
// those existed, native/ inside the tarball); `absent`: the same without any
// addon, as on a platform no prebuilt covers.
const platform = packPlatformPackage(scratch);
const present = userProject(join(scratch, 'present'), [tarball.path, ...(platform ? [platform.path] : [])]);
const absent = join(scratch, 'absent');
cpSync(present, absent, { recursive: true });
for (const dir of ['saline/native', platform?.name].filter(Boolean)) rmSync(join(absent, 'node_modules', dir), { recursive: true, force: true });
console.log(`addon: ${platform ? `${platform.name} (platform package)` : 'native/ in the tarball'}`);

const ESM = `import * as S from 'saline';
import { probe } from './runtimes/probe.mjs';
import quick from './quick-vectors.mjs';
let nacl;
try {
  nacl = (await import('saline/tweetnacl')).default;
} catch (error) {
  console.log('saline/tweetnacl: ' + error.message);
}
try {
  console.log('SALINE_PROBE ' + JSON.stringify(await probe(S, nacl, quick)));
} catch (error) {
  console.log('SALINE_ERROR ' + error?.name + ': ' + error?.message);
  process.exitCode = 1;
}
`;

const CJS = `let S, nacl;
try {
  S = require('saline');
} catch (error) {
  console.log('SALINE_ERROR require: ' + error?.name + ': ' + error?.message);
  process.exit(1);
}
try {
  nacl = require('saline/tweetnacl');
  nacl = nacl.default ?? nacl;
} catch (error) {
  console.log('saline/tweetnacl: ' + error.message);
}
(async () => {
  const { probe } = await import('./runtimes/probe.mjs');
  const quick = (await import('./quick-vectors.mjs')).default;
  console.log('SALINE_PROBE ' + JSON.stringify(await probe(S, nacl, quick)));
})().catch((error) => {
  console.log('SALINE_ERROR ' + error?.name + ': ' + error?.message);
  process.exitCode = 1;
});
`;

for (const dir of [present, absent]) {
  writeProbe(dir);
  writeFileSync(join(dir, 'esm.mjs'), ESM);
  writeFileSync(join(dir, 'cjs.cjs'), CJS);
}

// ---------------------------------------------------------------- judging a result

const tally = new Tally('runtimes');

/** Checks a probe result (parsed JSON or the failure text) against the expected backend. */
function judge(name, outcome, expectBackend) {
  if (expectBackend?.startsWith('error:')) {
    const text = expectBackend.slice(6);
    if (!outcome.error) return tally.fail(name, `loaded (${outcome.result.backend}), expected an error that says ${text}`);
    if (!outcome.error.includes(text)) return tally.fail(name, `the error does not say ${text}: ${outcome.error}`);
    return tally.pass(name, `refused, saying ${text}`);
  }
  if (outcome.error) return tally.fail(name, outcome.error);
  const r = outcome.result;
  if (r.failed > 0) return tally.fail(name, `${r.failed} vector failures: ${r.failures.join(' | ')}`);
  if (r.passed === 0) return tally.fail(name, 'no vector ran');
  if (expectBackend && r.backend !== expectBackend) return tally.fail(name, `backend ${r.backend}, expected ${expectBackend}`);
  tally.pass(name, `${r.backend}, ${r.passed} checks, ${outcome.seconds.toFixed(1)} s`);
}

/** The probe line of a child's output, or why there is none. */
function outcomeOf(p) {
  const line = p.stdout.split('\n').find((l) => l.startsWith('SALINE_PROBE '));
  const error = p.stdout.split('\n').find((l) => l.startsWith('SALINE_ERROR '));
  if (p.timedOut) return { error: `timed out after ${p.seconds.toFixed(0)} s` };
  if (error) return { error: error.slice(13) };
  if (!line || p.code !== 0) return { error: `exit ${p.code ?? p.signal}: ${tail(p.stderr || p.stdout, 4)}` };
  return { result: JSON.parse(line.slice(13)), seconds: p.seconds };
}

// A child sees no SALINE_* or NODE_OPTIONS from the caller's environment.
const ENV = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' };

async function runCase(name, cmd, args, cwd, expectBackend, env = {}) {
  if (only && !only.test(name)) return;
  const p = await spawnCollect(cmd, args, { cwd, env: { ...ENV, ...env }, seconds: 120 });
  judge(name, outcomeOf(p), expectBackend);
}

// ---------------------------------------------------------------- Node, Bun, Deno

for (const alias of NODES) {
  const node = join(tools, alias, 'bin', 'node');
  for (const [mode, file] of [['esm', 'esm.mjs'], ['cjs', 'cjs.cjs']]) {
    await runCase(`${alias} ${mode} wasm (no addon)`, node, [file], absent, 'wasm');
    await runCase(`${alias} ${mode} native (addon)`, node, [file], present, 'native');
  }
}

for (const [mode, file] of [['esm', 'esm.mjs'], ['cjs', 'cjs.cjs']]) {
  await runCase(`bun ${mode} wasm (no addon)`, BUN, [file], absent, 'wasm', { BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' });
  await runCase(`bun ${mode} native (addon)`, BUN, [file], present, 'native', { BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' });
}

// Deno reads node_modules/ as npm left it (package.json present: "byonm").
// Without --allow-env and --allow-ffi the package must neither crash nor
// prompt: it runs WebAssembly; with --allow-ffi it loads the addon. Without
// --allow-read it cannot read its .wasm and must say which flag to add.
const DENO_ENV = { DENO_NO_UPDATE_CHECK: '1', DENO_DIR: join(scratch, 'deno-dir') };
const DENO_CASES = [
  ['deno (no permissions)', [], absent, 'error:--allow-read'],
  ['deno --allow-read', ['--allow-read'], present, 'wasm'],
  ['deno --allow-read --allow-env', ['--allow-read', '--allow-env'], present, 'wasm'],
  ['deno --allow-read --allow-env (no addon)', ['--allow-read', '--allow-env'], absent, 'wasm'],
  ['deno --allow-read --allow-env --allow-ffi', ['--allow-read', '--allow-env', '--allow-ffi'], present, 'native'],
];
for (const [name, flags, dir, expect] of DENO_CASES) {
  await runCase(name, DENO, ['run', '--no-prompt', ...flags, 'esm.mjs'], dir, expect, DENO_ENV);
}

// ---------------------------------------------------------------- workerd

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const WORKER = `import * as S from 'saline';
import nacl from 'saline/tweetnacl';
import { probe } from './runtimes/probe.mjs';
import quick from './quick-vectors.mjs';
export default {
  async fetch() {
    try {
      return new Response(JSON.stringify(await probe(S, nacl, quick)));
    } catch (error) {
      return new Response(JSON.stringify({ error: error?.name + ': ' + error?.message }), { status: 500 });
    }
  },
};
`;

/**
 * Bundles the worker as wrangler does: esbuild with the conditions workerd,
 * worker, browser; every `.wasm` import left to the runtime as a Wasm module
 * of the config (wrangler's CompiledWasm rule). Returns the .wasm files.
 */
async function bundleWorker(dir, code, conditions) {
  const { build } = await import('esbuild');
  const wasm = new Map();
  writeFileSync(join(dir, 'worker-entry.mjs'), code);
  await build({
    entryPoints: [join(dir, 'worker-entry.mjs')],
    outfile: join(dir, 'worker.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions,
    mainFields: ['browser', 'module', 'main'],
    logLevel: 'error',
    plugins: [
      {
        name: 'wasm-modules',
        setup(b) {
          b.onResolve({ filter: /\.wasm(\?module)?$/ }, (args) => {
            const file = args.path.replace(/\?module$/, '');
            const from = file.startsWith('.') ? join(args.resolveDir, file) : createRequire(join(args.resolveDir, 'x.js')).resolve(file);
            wasm.set(basename(from), from);
            return { path: `./${basename(from)}`, external: true };
          });
        },
      },
    ],
  });
  return wasm;
}

function capnpConfig(port, wasm, flags) {
  const modules = [
    '(name = "worker.js", esModule = embed "worker.js")',
    ...[...wasm.keys()].map((name) => `(name = "${name}", wasm = embed "${name}")`),
  ];
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .mainWorker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const mainWorker :Workerd.Worker = (
  modules = [
    ${modules.join(',\n    ')}
  ],
  compatibilityDate = "2026-01-01",
  compatibilityFlags = [${flags.map((f) => `"${f}"`).join(', ')}],
);
`;
}

async function workerdCase(name, flags, code = WORKER, conditions = ['workerd', 'worker', 'browser']) {
  if (only && !only.test(name)) return;
  const dir = present;
  let wasm;
  try {
    wasm = await bundleWorker(dir, code, conditions);
  } catch (error) {
    return tally.fail(name, `bundling: ${error.message.split('\n')[0]}`);
  }
  // capnp's embed reads files relative to the config (absolute paths are not
  // allowed), so the .wasm files sit beside it, as wrangler stages them.
  for (const [file, from] of wasm) copyFileSync(from, join(dir, file));
  const port = await freePort();
  writeFileSync(join(dir, 'config.capnp'), capnpConfig(port, wasm, flags));
  const t0 = performance.now();
  const server = spawnCollect(WORKERD, ['serve', 'config.capnp'], { cwd: dir, env: ENV, seconds: 60 });
  let outcome;
  try {
    let response;
    for (let i = 0; i < 200 && !response; i++) {
      response = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
      if (!response) await new Promise((r) => setTimeout(r, 100));
    }
    if (!response) {
      outcome = { error: 'workerd did not answer' };
    } else {
      const body = await response.text();
      const json = JSON.parse(body);
      outcome = json.error ? { error: json.error } : { result: json, seconds: (performance.now() - t0) / 1000 };
    }
  } catch (error) {
    outcome = { error: error.message };
  }
  server.child.kill();
  const p = await Promise.race([server, new Promise((r) => setTimeout(r, 3000, undefined))]);
  if (outcome.error && p) outcome.error += ` [workerd: ${tail(p.stderr, 3)}]`;
  judge(name, outcome, 'wasm');
}

await workerdCase('workerd', []);
await workerdCase('workerd nodejs_compat', ['nodejs_compat']);
// A bundler that does not set the workerd condition gets the browser build
// (which looks for import.meta.url, undefined there): the worker imports the
// module itself and passes it, as README's Cloudflare Workers section says.
await workerdCase(
  'workerd, browser build, ready({ wasm: imported module })',
  [],
  WORKER.replace(
    "import * as S from 'saline';",
    `import * as saline from 'saline';
import wasm from 'saline/wasm/saline-simd.wasm';
const S = { ...saline, ready: () => saline.ready({ wasm }) };`,
  ),
  ['worker', 'browser'],
);

cleanup(scratch);
tally.finish();
