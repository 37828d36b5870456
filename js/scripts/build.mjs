#!/usr/bin/env node
// Builds the package into dist/:
//   dist/esm/    ES modules (.js), one file per entry point plus shared chunks
//   dist/cjs/    CommonJS (.cjs), one file per entry point plus backend.cjs
//   dist/types/  .d.ts from `tsc --emitDeclarationOnly`
// Entry points: src/index.ts, and src/tweetnacl.ts and src/cryptographer.ts
// when they exist (each is built only if present).
//
// One backend per process. The backend module holds state (the loaded
// addon or WebAssembly instance), so every entry point must share it:
//  - ESM uses esbuild's code splitting, so shared code lands in one chunk;
//  - CJS has no splitting in esbuild, so src/backend/index.ts is built once
//    as dist/cjs/backend.cjs and every entry requires it.
// Chunks stay directly in dist/esm/, beside the entries: the WebAssembly
// loader finds its files at '../../wasm/' from its own module, which holds
// for dist/esm/*.js as it does for src/backend/*.ts.
//
// The WebAssembly backend's worker (src/backend/wasm-worker.ts) is not a
// file in dist/: it is bundled first, on its own, into one self-contained
// script, which every build below receives as the string constant
// __SALINE_WASM_WORKER__ (esbuild `define`); wasm.ts starts it inline
// (node:worker_threads `eval: true`, or a Blob URL in browsers), so neither
// the ESM nor the CJS build, nor a user's bundle, has a file to locate.
//
// The wasm files (js/wasm/) and the addon (js/native/) are not copied: they
// ship beside dist/ (package.json "files") and the loaders look for them
// there. Nothing is minified, so that what runs can be read.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const dist = join(root, 'dist');

const entries = ['index', 'tweetnacl', 'cryptographer'].filter((name) => existsSync(join(src, `${name}.ts`)));
const missing = ['tweetnacl', 'cryptographer'].filter((name) => !entries.includes(name));
if (missing.length) console.warn(`build: skipping absent entry points: ${missing.map((n) => `src/${n}.ts`).join(', ')}`);

for (const dir of ['esm', 'cjs', 'types']) rmSync(join(dist, dir), { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
  // Node built-ins are reached at run time through process.getBuiltinModule
  // or require, never imported statically (browser bundles must not see them).
  external: ['node:*'],
  // The CJS build has no import.meta; the loaders use __filename there.
  logOverride: { 'empty-import-meta': 'silent' },
};

// Every import of the backend selector from the API becomes require('./backend.cjs').
const sharedBackend = {
  name: 'shared-backend',
  setup(b) {
    const selector = join(src, 'backend', 'index.ts');
    b.onResolve({ filter: /backend\/index(\.js|\.ts)?$/ }, (args) => {
      const target = join(args.resolveDir, args.path).replace(/\.js$/, '.ts');
      const resolved = existsSync(target) ? target : `${target}.ts`;
      return resolved === selector ? { path: './backend.cjs', external: true } : undefined;
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
});
const workerScript = `${workerBuild.outputFiles[0].text}//# sourceURL=saline-wasm-worker.js\n`;
common.define = { __SALINE_WASM_WORKER__: JSON.stringify(workerScript) };

await Promise.all([
  build({
    ...common,
    entryPoints: entries.map((name) => join(src, `${name}.ts`)),
    outdir: join(dist, 'esm'),
    format: 'esm',
    splitting: true,
    chunkNames: '[name]-[hash]',
  }),
  build({
    ...common,
    entryPoints: entries.map((name) => join(src, `${name}.ts`)),
    outdir: join(dist, 'cjs'),
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    plugins: [sharedBackend],
  }),
  build({
    ...common,
    entryPoints: { backend: join(src, 'backend', 'index.ts') },
    outdir: join(dist, 'cjs'),
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
  }),
]);

// Declarations, and the type check: a type error fails the build.
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const types = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json'), '--emitDeclarationOnly', '--outDir', join(dist, 'types')], {
  stdio: 'inherit',
});
if (types.status !== 0) {
  console.error('build: tsc failed');
  process.exit(types.status ?? 1);
}

console.log(`build: ${entries.join(', ')} -> ${relative(process.cwd(), dist) || '.'}/{esm,cjs,types}`);
