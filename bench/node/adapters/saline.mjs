// Saline's own rows. The JS package (npm name `saline`, at the repository's
// js/) promises noble's names and a tweetnacl-js drop-in, so its rows reuse
// the noble-style and tweetnacl-style operations unchanged: Saline is measured
// by exactly the calls its peers get. When the package is not built, every
// Saline library reports "Saline not built" and the report's ratio columns
// show n/a.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire, register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AEAD_EXPORTS, HASH_EXPORTS, nobleStyleOps } from './noble-style.mjs';
import { tweetnaclStyleOps } from './tweetnacl-style.mjs';

// SALINE_JS_DIR points at another checkout's built package (and lets the
// adapter be tried against a stand-in before js/ exists).
const JS_DIR = process.env.SALINE_JS_DIR ? path.resolve(process.env.SALINE_JS_DIR) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../js');
const NOT_BUILT = 'Saline not built (no loadable package at js/)';

// The ESM entry of a subpath from package.json "exports" (conditions
// import > `condition` > default), else what require.resolve finds. Throws while the
// package is not built (js/package.json can exist before its dist/ does).
export function entryOf(subpath, condition = 'node') {
  const require = createRequire(path.join(JS_DIR, 'package.json'));
  const pkg = JSON.parse(fs.readFileSync(path.join(JS_DIR, 'package.json'), 'utf8'));
  let target = pkg.exports?.[subpath];
  // The ESM entry for `condition` ('node' for the Node runner; 'browser',
  // which falls through to `default`, for the bundle the browser runner makes).
  while (target && typeof target === 'object') target = target.import ?? target[condition] ?? target.default;
  const file = typeof target === 'string' ? path.join(JS_DIR, target) : require.resolve(subpath === '.' ? JS_DIR : `saline/${subpath.slice(2)}`);
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  return { file, version: pkg.version, dir: JS_DIR };
}

// Each backend gets its own instance of the package's whole module graph
// (instance-hooks.mjs), and SALINE_BACKEND is set while that instance makes
// its first call, when the package picks and caches its backend.
let hooksRegistered = false;
async function importWithBackend(subpath, backend) {
  const { file, version } = entryOf(subpath);
  if (!hooksRegistered) {
    register('./instance-hooks.mjs', import.meta.url, { data: { root: pathToFileURL(JS_DIR).href } });
    hooksRegistered = true;
  }
  const saved = process.env.SALINE_BACKEND;
  if (backend) process.env.SALINE_BACKEND = backend;
  try {
    const imported = await import(`${pathToFileURL(file).href}?instance=${backend ?? 'default'}`);
    const mod = imported.default && !imported.sha256 && !imported.lowlevel ? imported.default : imported;
    const answered = typeof mod.backend === 'function' ? mod.backend() : undefined;
    return { mod, version, answered };
  } finally {
    if (saved === undefined) delete process.env.SALINE_BACKEND; else process.env.SALINE_BACKEND = saved;
  }
}

// The package's own answer to "which backend runs this?" (STYLE.md: a
// backend() query per primitive), recorded per case in the results.
const backendQuery = (mod, fallback) => (kase) => {
  if (typeof mod.backend !== 'function') return fallback;
  try { return String(mod.backend(kase.algorithm) ?? fallback); } catch { return fallback; }
};

function unavailable(id, reason) {
  return { id, name: id, subject: true, available: false, reason, ops: {} };
}

async function loadBackend(id, backend) {
  let loaded;
  try { entryOf('.'); } catch { return unavailable(id, NOT_BUILT); }
  try { loaded = await importWithBackend('.', backend); } catch (err) { return unavailable(id, `the ${backend} backend did not load: ${String(err?.message ?? err).split('\n')[0]}`); }
  const { mod, version, answered } = loaded;
  if (answered && answered !== backend) return unavailable(id, `asked for the ${backend} backend, the package answered ${answered}`);
  return { id, name: `saline (${backend})`, version, subject: true, backendFor: backendQuery(mod, backend), ops: nobleStyleOps(mod) };
}

export const loadNative = () => loadBackend('saline-native', 'native');

// Saline's output-buffer variants, as sodium-native-reused measures
// sodium-native: one output array per prepared case, reused by every call
// (`hash(msg, { out })`, `hmac.into`, `poly1305.into`, AEAD
// `encrypt(pt, out)` / `decrypt(ct, out)`). Cases without such a variant
// are n/a here and measured by the allocating row.
function reusedOutputOps(mod) {
  const ops = {};
  const allocating = nobleStyleOps(mod);
  const reuse = (key, outLength, run) => {
    if (allocating[key]) ops[key] = (fx) => { const out = new Uint8Array(outLength(fx)); return run(fx, out); };
  };
  for (const key of Object.keys(allocating)) {
    const [operation, algorithm] = key.split(':');
    if (operation === 'digest') {
      const hash = mod[HASH_EXPORTS[algorithm]];
      reuse(key, () => hash.outputLen, (fx, out) => () => hash(fx.msg, { out }));
    } else if (operation === 'mac' && algorithm === 'poly1305') {
      reuse(key, () => 16, (fx, out) => () => mod.poly1305.into(out, fx.msg, fx.key));
    } else if (operation === 'mac' && algorithm.startsWith('hmac-')) {
      const hash = mod[HASH_EXPORTS[algorithm.slice(5)]];
      reuse(key, () => hash.outputLen, (fx, out) => () => mod.hmac.into(out, hash, fx.key, fx.msg));
    } else if ((operation === 'seal' || operation === 'open') && AEAD_EXPORTS[algorithm]) {
      const aead = mod[AEAD_EXPORTS[algorithm]];
      const nonce = (fx) => (algorithm.startsWith('chacha') ? fx.nonce12 : fx.nonce24);
      if (operation === 'seal') reuse(key, (fx) => fx.msg.length + 16, (fx, out) => () => aead(fx.key, nonce(fx)).encrypt(fx.msg, out));
      else reuse(key, (fx) => fx.msg.length, (fx, out) => { const ct = aead(fx.key, nonce(fx)).encrypt(fx.msg); return () => aead(fx.key, nonce(fx)).decrypt(ct, out); });
    }
  }
  return ops;
}

export async function loadNativeReused() {
  const lib = await loadNative();
  if (lib.available === false) return { ...lib, id: 'saline-native-reused' };
  const { mod } = await importWithBackend('.', 'native');
  return { ...lib, id: 'saline-native-reused', name: 'saline (native, reused output buffer)', ops: reusedOutputOps(mod) };
}
export const loadWasm = () => loadBackend('saline-wasm', 'wasm');

export async function loadTweetnacl() {
  let loaded;
  try { entryOf('./tweetnacl'); } catch { return unavailable('saline/tweetnacl', NOT_BUILT); }
  try { loaded = await importWithBackend('./tweetnacl', process.env.SALINE_BACKEND); } catch (err) { return unavailable('saline/tweetnacl', `did not load: ${String(err?.message ?? err).split('\n')[0]}`); }
  // The compat module has no backend() of its own; the main entry of the same
  // instance shares its module state and answers for it.
  const { answered } = await importWithBackend('.', process.env.SALINE_BACKEND);
  return {
    id: 'saline/tweetnacl', name: 'saline/tweetnacl', version: loaded.version, subject: true,
    ...(answered && { backendFor: () => answered }), ops: tweetnaclStyleOps(loaded.mod),
  };
}
