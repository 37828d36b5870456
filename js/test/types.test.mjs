// The declarations as consumers see them: tsc (strict, skipLibCheck off, so
// that Saline's own .d.ts/.d.cts files are checked too) compiles a small
// project that imports every entry point, under moduleResolution node16
// (ESM and CommonJS), bundler, and node10 (through typesVersions). A
// CommonJS consumer must get the .d.cts files (else TS1479, "masquerading
// as ESM"), and results must be Uint8Array<ArrayBuffer>, assignable to
// BufferSource under TypeScript 5.7+ (TS2322 otherwise). The hashers are
// Disposable, so the declarations need lib esnext.disposable (TS 5.2+)
// when skipLibCheck is off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const jsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(jsDir, 'node_modules', 'typescript', 'bin', 'tsc');

const CONSUMER = `
import { argon2, backend, blake2b, gcm, group, hmac, loadWasm, poly1305, ready, sha256, terminateWasmWorkers, utils, type WasmSource } from 'saline';
import nacl from 'saline/tweetnacl';
import * as cryptographer from 'saline/cryptographer';
import * as sha2 from 'saline/sha2';

// Results are Uint8Array<ArrayBuffer>: a BufferSource for WebCrypto and fetch.
const digest: BufferSource = sha256('abc');
const key: Uint8Array<ArrayBuffer> = utils.randomBytes(32);
const sealed: BufferSource = gcm(key, new Uint8Array(12)).encrypt(utils.utf8ToBytes('x'));
const joined: BufferSource = utils.concatBytes(key, utils.base64urlToBytes('AQ'), utils.hexToBytes('00'));
const text: string = utils.bytesToUtf8(utils.utf8ToBytes('x')) + utils.bytesToBase64url(key);

// The output-buffer variants return the array they were given, typed as given.
const into: Uint8Array<ArrayBuffer> = sha256.into(new Uint8Array(32), 'abc');
const intoKeyed: Uint8Array<ArrayBuffer> = blake2b.into(new Uint8Array(16), key, { dkLen: 16, key });
const tagInto: BufferSource = hmac.into(new Uint8Array(32), sha256, key, 'msg');
const polyInto: Uint8Array<ArrayBuffer> = poly1305.into(new Uint8Array(16), 'msg', key);
const outOption: Uint8Array<ArrayBuffer> = sha256('abc', { out: new Uint8Array(32) });
const outKeyed: Uint8Array<ArrayBuffer> = blake2b('abc', { dkLen: 16, key, out: new Uint8Array(16) });
const sealedInto: Uint8Array<ArrayBuffer> = gcm(key, new Uint8Array(12)).encrypt('x', new Uint8Array(17));
const openedInto: Uint8Array<ArrayBuffer> = gcm(key, new Uint8Array(12)).decrypt(sealedInto, new Uint8Array(1));

const wasm: WasmSource = new Uint8Array(8);
const loading: Promise<void> = ready({ wasm, requireWorker: true }).then(() => loadWasm(new URL('https://example.com/saline.wasm')));
const which: 'native' | 'wasm' = backend();
const stop: () => void = terminateWasmWorkers;

const phc: string = argon2.hash('pw', argon2.presets.owasp);
const stale: boolean = argon2.needsRehash(phc, argon2.presets.rfc9106LowMemory);

const box: Uint8Array = nacl.secretbox(new Uint8Array(1), new Uint8Array(24), new Uint8Array(32));
const naclReady: Promise<void> = nacl.ready();

// saline/sha2: the same functions, with its own ready().
const sha2Digest: Uint8Array<ArrayBuffer> = sha2.sha512_256.into(new Uint8Array(32), 'abc');
const sha2Ready: Promise<void> = sha2.ready({ requireWorker: false });
const sameFunction: typeof sha256 = sha2.sha256;

// The group methods are typed from the catalog's function list: arity, and a boolean for isValidPoint.
const point: Uint8Array<ArrayBuffer> = group.ristretto255.add(group.ristretto255.random(), group.ristretto255.random());
const valid: boolean = group.edwards25519.isValidPoint(group.edwards25519.scalarmultBaseNoclamp(key));
// @ts-expect-error: add takes two points
group.ristretto255.add(point);
// @ts-expect-error: ristretto255 has no Elligator map of 32 bytes (edwards25519's fromUniform)
group.ristretto255.fromUniform(key);

export const used = [digest, sealed, joined, text, loading, which, stop, stale, box, naclReady, cryptographer, valid, sha2Digest, sha2Ready, sameFunction];
`;

const projects = {
  'node16 ESM': { type: 'module', compilerOptions: { module: 'node16', moduleResolution: 'node16' } },
  'node16 CommonJS': { type: 'commonjs', compilerOptions: { module: 'node16', moduleResolution: 'node16' } },
  'nodenext ESM': { type: 'module', compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } },
  bundler: { type: 'module', compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } },
  'node10 CommonJS': { type: 'commonjs', compilerOptions: { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true } },
};

// The declarations do not depend on the backend: `make js-test-node` runs
// the suites once per backend, and these (~20 s of tsc) only on the first.
const skip = process.env.SALINE_BACKEND === 'wasm' && 'backend-independent; checked on the native pass';

for (const [name, { type, compilerOptions }] of Object.entries(projects)) {
  test(`a strict ${name} project type-checks against the package`, { skip }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'saline-types-'));
    try {
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(jsDir, join(dir, 'node_modules', 'saline'), 'dir');
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type }));
      writeFileSync(join(dir, 'index.ts'), CONSUMER);
      const config = {
        compilerOptions: { target: 'es2022', lib: ['es2022', 'esnext.disposable', 'dom'], types: [], strict: true, noEmit: true, skipLibCheck: false, ...compilerOptions },
        files: ['index.ts'],
      };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config, null, 2));
      const r = spawnSync(process.execPath, [tsc, '-p', dir], { cwd: dir, encoding: 'utf8' });
      assert.equal(r.status, 0, `tsc (${name}) failed:\n${r.stdout}${r.stderr}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
