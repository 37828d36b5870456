#!/usr/bin/env node
// Builds the package into dist/, one directory per kind of host, each two
// levels below the package root (the loaders find ../../wasm/ and
// ../../native/ from their own module, src/backend/host.ts):
//   dist/esm/      ES modules for browsers, web workers and bundlers
//                  (export conditions `browser`, `default`): no `node:`
//                  import anywhere; the .wasm is fetched
//   dist/cjs/      the same as CommonJS (.cjs), for `require` outside Node
//   dist/node/     ESM (.js) and CommonJS (.cjs) for Node, Deno and Bun
//                  (conditions `node`, `deno`, `bun`): the Node built-ins
//                  imported statically (src/backend/builtins-node.ts), so
//                  ESM loads on Node 18 and 20.0-20.15, which have no
//                  process.getBuiltinModule; the addon, else the .wasm read
//                  from disk
//   dist/workerd/  ESM for Cloudflare Workers (condition `workerd`): imports
//                  ../../wasm/saline-simd.wasm as a compiled module
//                  (src/backend/bundled-wasm-workerd.ts)
//   dist/types/    .d.ts from `tsc --emitDeclarationOnly`, and a .d.cts
//                  twin of each for CommonJS consumers
// Entry points: src/index.ts, src/sha2.ts (`saline/sha2`: the SHA-2
// functions over the SHA-2 WebAssembly module in browsers), and
// src/tweetnacl.ts and src/cryptographer.ts when they exist (each is built
// only if present).
//
// A build differs from another only by which file stands in for
// src/backend/builtins.ts, src/backend/bundled-wasm.ts and
// src/backend/sync-load.ts (the `variants` plugin). In the browser build
// (dist/esm) `getBackend()` loads synchronously through what the entry
// points install when evaluated (the full loader, or the SHA-2 module's),
// so that a bundle of `saline/sha2` reaches neither the native loader nor
// the full module; every other build links the full loader
// (sync-load-linked.ts).
//
// One backend per process. The backend module holds state (the loaded
// addon or WebAssembly instance), so every entry point of a build must
// share it:
//  - ESM uses esbuild's code splitting, so shared code lands in one chunk;
//  - CJS has no splitting in esbuild, so src/backend/index.ts (with the
//    state it re-exports from current.ts) is built once
//    as backend.cjs and every entry requires it.
//
// The WebAssembly backend's worker (src/backend/wasm-worker.ts) is not a
// file in dist/: it is bundled first, on its own, into one self-contained
// script, which every build below receives as the string constant
// __SALINE_WASM_WORKER__ (esbuild `define`); wasm-worker-pool.ts starts it inline
// (node:worker_threads `eval: true`, or a Blob URL in browsers), so neither
// the ESM nor the CJS build, nor a user's bundle, has a file to locate.
//
// The wasm files (js/wasm/) and the addon (js/native/, or the platform
// packages js/npm/<triple>/) are not copied: they ship beside dist/
// (package.json "files") and the loaders look for them there. Nothing is
// minified, so that what runs can be read.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const dist = join(root, 'dist');

const entries = ['index', 'sha2', 'tweetnacl', 'cryptographer'].filter((name) => existsSync(join(src, `${name}.ts`)));
const missing = ['tweetnacl', 'cryptographer'].filter((name) => !entries.includes(name));
if (missing.length) console.warn(`build: skipping absent entry points: ${missing.map((n) => `src/${n}.ts`).join(', ')}`);

for (const dir of ['esm', 'cjs', 'node', 'workerd', 'types']) rmSync(join(dist, dir), { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
  // Only the Node build imports Node built-ins (statically); the others
  // never name one outside a process.getBuiltinModule call.
  external: ['node:*'],
  // The CJS builds have no import.meta; the loaders use __filename there.
  logOverride: { 'empty-import-meta': 'silent' },
};

/** Replaces src/backend/<name>.ts by src/backend/<replacement>.ts in one build. */
function variants(replacements) {
  return {
    name: 'variants',
    setup(b) {
      b.onResolve({ filter: /(^|\/)(builtins|bundled-wasm|sync-load)(\.js|\.ts)?$/ }, (args) => {
        const target = join(args.resolveDir, args.path).replace(/\.(js|ts)$/, '');
        const name = relative(join(src, 'backend'), target);
        return replacements[name] ? { path: join(src, 'backend', `${replacements[name]}.ts`) } : undefined;
      });
    },
  };
}

// Every import of the backend selector (index.ts) or of the state it
// re-exports (current.ts) from the API becomes require('./backend.cjs').
const sharedBackend = {
  name: 'shared-backend',
  setup(b) {
    const shared = [join(src, 'backend', 'index.ts'), join(src, 'backend', 'current.ts')];
    b.onResolve({ filter: /backend\/(index|current)(\.js|\.ts)?$/ }, (args) => {
      const target = join(args.resolveDir, args.path).replace(/\.js$/, '.ts');
      const resolved = existsSync(target) ? target : `${target}.ts`;
      return shared.includes(resolved) ? { path: './backend.cjs', external: true } : undefined;
    });
  },
};

// The worker script. Whitespace and syntax are minified (it ships inside a
// string, where layout does not help anyone read it); names are kept, so
// stack traces from the worker stay legible. It gets no worker of its own.
const workerBuild = await build({
  ...common,
  entryPoints: [join(src, 'backend', 'wasm-worker.ts')],
  format: 'iife',
  write: false,
  sourcemap: false,
  minifyWhitespace: true,
  minifySyntax: true,
  define: { __SALINE_WASM_WORKER__: 'undefined' },
  plugins: [variants({ builtins: 'builtins-worker' })],
});
const workerScript = `${workerBuild.outputFiles[0].text}//# sourceURL=saline-wasm-worker.js\n`;
common.define = { __SALINE_WASM_WORKER__: JSON.stringify(workerScript) };

const entryPoints = entries.map((name) => join(src, `${name}.ts`));

/** The ESM build of one host, with code splitting. */
const esm = (dir, replacements, extra = {}) =>
  build({ ...common, ...extra, entryPoints, outdir: join(dist, dir), format: 'esm', splitting: true, chunkNames: '[name]-[hash]', plugins: [variants(replacements)] });

/**
 * The CJS build of one host: the entries, and the backend selector they
 * share. Not sha2: without code splitting its functions would be copies of
 * the main entry's, which `hmac(sha256, ...)` (a WeakMap of hash functions)
 * would not know; sha2.cjs re-exports the main entry's instead (below).
 */
const cjs = (dir, replacements) => [
  build({
    ...common,
    entryPoints: entryPoints.filter((file) => !file.endsWith(`${join('src', 'sha2.ts')}`)),
    outdir: join(dist, dir),
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    plugins: [variants(replacements), sharedBackend],
  }),
  build({
    ...common,
    entryPoints: { backend: join(src, 'backend', 'index.ts') },
    outdir: join(dist, dir),
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    plugins: [variants(replacements)],
  }),
];

const LINKED = { 'sync-load': 'sync-load-linked' };
const NODE = { ...LINKED, builtins: 'builtins-node' };
const [browserBuild] = await Promise.all([
  esm('esm', {}, { metafile: true }),
  ...cjs('cjs', LINKED),
  esm('node', NODE, { platform: 'node' }),
  ...cjs('node', NODE),
  // The .wasm import stays as written: wrangler or workerd resolves it.
  esm('workerd', { ...LINKED, 'bundled-wasm': 'bundled-wasm-workerd' }, { external: [...common.external, '*.wasm'] }),
]);

// saline/sha2 in CommonJS: the main entry's own functions under the names
// src/sha2.ts exports (read from the ESM build), and its `ready`, which
// loads the full module. The SHA-2 module is the ESM browser build's
// (what bundlers tree-shake); a CommonJS consumer gets the same functions.
if (entries.includes('sha2')) {
  const exported = browserBuild.metafile.outputs[relative(process.cwd(), join(dist, 'esm', 'sha2.js'))].exports;
  const wrapper = [
    "'use strict';",
    '// saline/sha2 for CommonJS (scripts/build.mjs): the main entry\'s functions.',
    "const main = require('./index.cjs');",
    `module.exports = { ${exported.map((n) => `${n}: main.${n}`).join(', ')} };`,
    '',
  ].join('\n');
  for (const dir of ['cjs', 'node']) writeFileSync(join(dist, dir, 'sha2.cjs'), wrapper);
}

// Declarations, and the type check: a type error fails the build.
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const types = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json'), '--emitDeclarationOnly', '--outDir', join(dist, 'types')], {
  stdio: 'inherit',
});
if (types.status !== 0) {
  console.error('build: tsc failed');
  process.exit(types.status ?? 1);
}

// CommonJS declarations: TypeScript takes a .d.ts under a "type": "module"
// package as ESM, so `require('saline')` typed by it is "masquerading as
// ESM". Each .d.ts gets a .d.cts twin whose relative imports name .cjs
// files (resolved to the .d.cts twins).
for (const file of readdirSync(join(dist, 'types'), { recursive: true })) {
  if (!String(file).endsWith('.d.ts')) continue;
  const path = join(dist, 'types', String(file));
  const text = readFileSync(path, 'utf8').replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]*?)\.js\2/g, '$1$2$3.cjs$2');
  writeFileSync(path.replace(/\.d\.ts$/, '.d.cts'), text);
}

console.log(`build: ${entries.join(', ')} -> ${relative(process.cwd(), dist) || '.'}/{esm,cjs,node,workerd,types}`);
