// What a page ships: one Vite production build per (library, page), from
// the packed Saline tarball (`npm pack` of js/) and the pinned peers of
// package.json, and the bytes a browser downloads, gzip -9: every emitted
// JS file plus, for Saline, the one .wasm file the loader fetches (the SIMD
// build, the larger of the two emitted). Writes sizes.json beside this
// file; bench/node/report.mjs puts it in bench/REPORT.md.
//
//   cd bench/size && npm ci && node measure.mjs     (make js-build first)
//   node measure.mjs 'saline/hash'                  only the matching pages
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const JS = join(HERE, '..', '..', 'js');

// Each page computes something with what it imports and shows it, so that
// nothing it imports can be dropped as unused. "everything" keeps the whole
// namespace (or every module) alive.
const show = 'document.body.textContent = String(';
export const PAGES = {
  saline: {
    // The SHA-2 entry, as noble's page imports @noble/hashes/sha2.js; the
    // same page from the main entry ships the full module (hash-main).
    hash: `import { ready, sha256 } from 'saline/sha2'; await ready(); ${show}sha256('abc')[0]);`,
    'hash-main': `import { ready, sha256 } from 'saline'; await ready(); ${show}sha256('abc')[0]);`,
    secretbox: `import { ready, secretbox } from 'saline'; await ready(); ${show}secretbox(new Uint8Array(1), new Uint8Array(24), new Uint8Array(32))[0]);`,
    everything: `import * as S from 'saline'; await S.ready(); globalThis.S = S; ${show}S.sha256('abc')[0]);`,
  },
  noble: {
    hash: `import { sha256 } from '@noble/hashes/sha2.js'; ${show}sha256(new Uint8Array(3))[0]);`,
    secretbox: `import { xsalsa20poly1305 } from '@noble/ciphers/salsa.js'; ${show}xsalsa20poly1305(new Uint8Array(32), new Uint8Array(24)).encrypt(new Uint8Array(1))[0]);`,
    everything: [
      'hashes/sha2', 'hashes/sha3', 'hashes/blake2', 'hashes/blake3', 'hashes/hmac', 'hashes/hkdf', 'hashes/pbkdf2', 'hashes/scrypt',
      'hashes/argon2', 'hashes/legacy', 'ciphers/salsa', 'ciphers/chacha', 'ciphers/aes', 'curves/ed25519',
    ].map((m, i) => `import * as m${i} from '@noble/${m}.js';`).join(' ') + ` globalThis.all = [${Array.from({ length: 14 }, (_, i) => `m${i}`)}]; ${show}1);`,
  },
  'hash-wasm': {
    hash: `import { sha256 } from 'hash-wasm'; ${show}await sha256('abc'));`,
    everything: `import * as H from 'hash-wasm'; globalThis.H = H; ${show}await H.sha256('abc'));`,
  },
  tweetnacl: {
    // TweetNaCl has one hash, SHA-512.
    hash: `import nacl from 'tweetnacl'; ${show}nacl.hash(new Uint8Array(3))[0]);`,
    secretbox: `import nacl from 'tweetnacl'; ${show}nacl.secretbox(new Uint8Array(1), new Uint8Array(24), new Uint8Array(32))[0]);`,
    everything: `import nacl from 'tweetnacl'; globalThis.nacl = nacl; ${show}nacl.hash(new Uint8Array(3))[0]);`,
  },
  'libsodium-wrappers': {
    hash: `import sodium from 'libsodium-wrappers'; await sodium.ready; ${show}sodium.crypto_hash_sha256(new Uint8Array(3))[0]);`,
    secretbox: `import sodium from 'libsodium-wrappers'; await sodium.ready; ${show}sodium.crypto_secretbox_easy(new Uint8Array(1), new Uint8Array(24), new Uint8Array(32))[0]);`,
    everything: `import sodium from 'libsodium-wrappers'; await sodium.ready; globalThis.sodium = sodium; ${show}1);`,
  },
};

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

async function measure(root, code) {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
  writeFileSync(join(root, 'main.js'), code);
  await build({ root, logLevel: 'silent', build: { outDir: join(root, 'dist'), target: 'es2022' } });
  const files = filesUnder(join(root, 'dist'));
  const js = files.filter((p) => /\.(m?js|html|css)$/.test(p)).reduce((sum, p) => sum + gz(p), 0);
  // The one .wasm a browser fetches: Saline's SIMD build where the page
  // ships two flavours (every current browser runs SIMD128), else the largest.
  const modules = files.filter((p) => extname(p) === '.wasm');
  const simd = modules.filter((p) => /-simd[-.]/.test(p));
  const wasm = (simd.length ? simd : modules).map(gz).sort((a, b) => b - a)[0] ?? 0;
  return { js, wasm, total: js + wasm };
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
