// What a page is and what it weighs, shared by measure.mjs (the size table
// of bench/REPORT.md) and js/test/bundlers/run.mjs (which holds the SHA-2
// page to issue 9's 25 KiB in `make test`). No dependencies: the test
// imports it without bench/size's node_modules.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 9: a page importing only sha256 ships at most this, gzipped. */
export const SHA2_PAGE_LIMIT = 25 * 1024;

/** The Vite `build` options of every measured page (beside root and outDir). */
export const VITE_BUILD = { target: 'es2022' };

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

/** Writes the page `code` as root/index.html and root/main.js (root emptied first). */
export function writePage(root, code) {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
  writeFileSync(join(root, 'main.js'), code);
}

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/**
 * The bytes a browser downloads for the built page in `dist`, gzip -9: every
 * emitted JS, HTML and CSS file plus the one .wasm file the loader fetches.
 */
export function pageBytes(dist) {
  const files = filesUnder(dist);
  const js = files.filter((p) => /\.(m?js|html|css)$/.test(p)).reduce((sum, p) => sum + gz(p), 0);
  // The one .wasm a browser fetches: Saline's SIMD build where the page
  // ships two flavours (every current browser runs SIMD128), else the largest.
  const modules = files.filter((p) => extname(p) === '.wasm');
  const simd = modules.filter((p) => /-simd[-.]/.test(p));
  const wasm = (simd.length ? simd : modules).map(gz).sort((a, b) => b - a)[0] ?? 0;
  return { js, wasm, total: js + wasm };
}
