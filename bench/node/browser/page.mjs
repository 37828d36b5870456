// The benchmark page: the same harness as the Node runner, over the libraries
// that run in a browser. Bundled by run.mjs with esbuild; "saline-adapter" is
// resolved there to saline-wasm.mjs or saline-stub.mjs.
import { runSuite } from '../lib/harness.mjs';
import { load as saline } from 'saline-adapter';
import { load as webcrypto } from './webcrypto.mjs';
import { load as hashWasm } from '../adapters/hash-wasm.mjs';
import { load as noble } from '../adapters/noble.mjs';
import { load as tweetnacl } from '../adapters/tweetnacl.mjs';

// Reference order, as in adapters/index.mjs.
const LOADERS = [['saline-wasm', saline, { subject: true }], ['webcrypto', webcrypto], ['hash-wasm', hashWasm], ['noble', noble], ['tweetnacl', tweetnacl]];

async function loadAll() {
  const libs = [];
  for (const [id, loader, extra] of LOADERS) {
    try {
      libs.push({ available: true, ...(await loader()) });
    } catch (err) {
      libs.push({ id, name: id, available: false, reason: `failed to load: ${err?.message ?? err}`, ops: {}, ...extra });
    }
  }
  return libs;
}

globalThis.runBench = async (cases, settings) => {
  const libraries = await loadAll();
  // The young-generation collection before each timed round, as the Node
  // runner does (run.mjs youngGenerationGc); run.mjs starts Chromium with
  // --js-flags=--expose-gc.
  const gc = globalThis.gc;
  const results = await runSuite(cases, libraries, settings, {
    onProgress: (p) => globalThis.benchProgress?.(p),
    collectGarbage: typeof gc === 'function' ? () => gc({ type: 'minor' }) : undefined,
  });
  return {
    userAgent: navigator.userAgent,
    libraries: libraries.map(({ id, name, available, reason, subject, packages }) => ({ id, name, available, reason, subject, packages })),
    cases: results,
  };
};
globalThis.benchReady = true;
