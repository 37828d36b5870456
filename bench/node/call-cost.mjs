// Saline's cost per small call, in CPU time, beside the peers a user of that
// backend would pick instead: one Node process, every library interleaved
// round by round, best round kept. CPU time (process.cpuUsage), not wall
// time, so that a machine shared with other work still gives comparable
// figures; the timed runners (run.mjs) stay the reference for the report.
//
//   node bench/node/call-cost.mjs [--backend wasm|native] [--before DIR] [--size N] [--only REGEX]
//
// --backend wasm (the default) compares with the WebAssembly/JS peers;
// "export" is the module's saline_call2 alone with the input already in
// linear memory: the floor for any loader. --backend native compares with
// sodium-native, allocating its output per call and reusing one (as the
// Node runner does); "addon" is the addon's callv alone with the arguments
// made once, and "empty addon call" is sodium-native's sodium_memzero on an
// empty buffer: the floor of any N-API call.
// --before DIR adds a second Saline build (another checkout's js/, built)
// as "before", e.g. main's, to measure a change.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const opt = (name) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
const HERE = path.dirname(fileURLToPath(import.meta.url));
const JS = path.resolve(HERE, '../../js');
const BACKEND = opt('backend') ?? 'wasm';
process.env.SALINE_BACKEND = BACKEND;
delete process.env.SALINE_WASM_DIR; // each build loads the .wasm beside it
const load = (dir) => import(pathToFileURL(path.join(dir, 'dist/node/index.js')).href);
const after = await load(JS);
const before = opt('before') ? await load(path.resolve(opt('before'))) : undefined;
const require = createRequire(path.join(HERE, 'package.json'));
const HW = require('hash-wasm');
const sodium = require('libsodium-wrappers-sumo');
await sodium.ready;

const size = Number(opt('size') ?? 32);
const msg = new Uint8Array(size).fill(7);
const key = new Uint8Array(32).fill(9);

const X = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(path.join(JS, 'wasm/saline-simd.wasm'))), { env: { saline_random_fill: () => 1 } }).exports;
const catalogBytes = [X.saline_catalog_ptr(), X.saline_catalog_len()];
const catalog = JSON.parse(new TextDecoder().decode(new Uint8Array(X.memory.buffer, ...catalogBytes)));
const io = X.saline_io_reserve(2 * size + 4096) >>> 0;
new Uint8Array(X.memory.buffer).set(msg, io + 32);
const exportAlone = (op, name, keyed, outLength) => {
  const id = catalog.find((e) => e.name === name).id;
  return keyed
    ? () => X.saline_call2(op, id, 2, 0, 32, 32, size, 0, 0, 32 + size, outLength)
    : () => X.saline_call2(op, id, 1, 32, size, 0, -1, 1, outLength, 32 + size, outLength);
};
const hashWasm = async (create) => { const h = await create; return () => { h.init(); h.update(msg); return h.digest('binary'); }; };
const out = (n) => new Uint8Array(n);

// The native peers: sodium-native allocating its output per call, and reusing one.
const sodiumNative = BACKEND === 'native' ? require('sodium-native') : undefined;
const addon = BACKEND === 'native' ? createRequire(path.join(JS, 'package.json'))(path.join(JS, 'native/saline.node')) : undefined;
const addonCatalog = addon && JSON.parse(addon.catalog());
const addonAlone = (op, name, keyed, outLength) => {
  const id = addonCatalog.find((e) => e.name === name).id;
  const o = new Uint8Array(outLength);
  return keyed ? () => addon.callv(op, id, o, 2, key, msg) : () => addon.callv(op, id, o, 1, msg, outLength);
};
const sodium2 = (outLength, f) => ({
  'sodium-native': () => { const o = Buffer.alloc(outLength); f(o); return o; },
  'sodium-native reused': ((o) => () => f(o))(Buffer.alloc(outLength)),
});
const NATIVE_PEERS = sodiumNative && {
  sha256: sodium2(32, (o) => sodiumNative.crypto_hash_sha256(o, msg)),
  sha512: sodium2(64, (o) => sodiumNative.crypto_hash_sha512(o, msg)),
  'blake2b-512': sodium2(64, (o) => sodiumNative.crypto_generichash(o, msg)),
  poly1305: sodium2(16, (o) => sodiumNative.crypto_onetimeauth(o, msg, key)),
};
const emptyCall = sodiumNative && ((empty) => () => sodiumNative.sodium_memzero(empty))(Buffer.alloc(0));

const CASES = {
  sha256: { export: exportAlone(1, 'sha256', false, 32), saline: (S) => () => S.sha256(msg), into: (S, o = out(32)) => () => S.sha256.into(o, msg), 'hash-wasm': await hashWasm(HW.createSHA256()), libsodium: () => sodium.crypto_hash_sha256(msg) },
  sha512: { export: exportAlone(1, 'sha512', false, 64), saline: (S) => () => S.sha512(msg), into: (S, o = out(64)) => () => S.sha512.into(o, msg), 'hash-wasm': await hashWasm(HW.createSHA512()), libsodium: () => sodium.crypto_hash_sha512(msg) },
  'blake2b-512': { export: exportAlone(1, 'blake2b', false, 64), saline: (S) => () => S.blake2b(msg), into: (S, o = out(64)) => () => S.blake2b.into(o, msg), 'hash-wasm': await hashWasm(HW.createBLAKE2b()), libsodium: () => sodium.crypto_generichash(64, msg) },
  blake3: { export: exportAlone(1, 'blake3', false, 32), saline: (S) => () => S.blake3(msg), into: (S, o = out(32)) => () => S.blake3.into(o, msg), 'hash-wasm': await hashWasm(HW.createBLAKE3()) },
  'hmac-sha256': { export: exportAlone(2, 'hmac-sha256', true, 32), saline: (S) => () => S.hmac(S.sha256, key, msg), into: (S, o = out(32)) => () => S.hmac.into(o, S.sha256, key, msg), 'hash-wasm': await hashWasm(HW.createHMAC(HW.createSHA256(), key)), libsodium: () => sodium.crypto_auth_hmacsha256(msg, key) },
  poly1305: { export: exportAlone(2, 'poly1305', true, 16), saline: (S) => () => S.poly1305(msg, key), into: (S, o = out(16)) => () => S.poly1305.into(o, msg, key), libsodium: () => sodium.crypto_onetimeauth(msg, key) },
};
const SALINE = ['export', 'addon', 'empty addon call', 'before', 'after', 'after .into'];
// Natively: the addon alone instead of the WebAssembly export, and sodium-native beside the other peers.
if (BACKEND === 'native') {
  const ALONE = { sha256: [1, 'sha256', false, 32], sha512: [1, 'sha512', false, 64], 'blake2b-512': [1, 'blake2b', false, 64], blake3: [1, 'blake3', false, 32], 'hmac-sha256': [2, 'hmac-sha256', true, 32], poly1305: [2, 'poly1305', true, 16] };
  for (const [name, c] of Object.entries(CASES)) {
    const { export: _wasmExport, ...rest } = c;
    CASES[name] = { 'empty addon call': emptyCall, addon: addonAlone(...ALONE[name]), ...rest, ...NATIVE_PEERS[name] };
  }
}

function best(libraries) {
  const entries = Object.entries(libraries);
  for (const [, f] of entries) for (let i = 0; i < 20_000; i++) f();
  const ns = Object.fromEntries(entries.map(([name]) => [name, Infinity]));
  for (let round = 0; round < 5; round++) {
    for (const [name, f] of entries) {
      const n = Math.max(100, Math.round(3e6 / (size + 64)));
      const start = process.cpuUsage();
      for (let i = 0; i < n; i++) f();
      const used = process.cpuUsage(start);
      ns[name] = Math.min(ns[name], ((used.user + used.system) * 1000) / n);
    }
  }
  return ns;
}

const only = opt('only') ? new RegExp(opt('only')) : undefined;
console.log(`CPU time per call, ${size}-byte input (best of 5 interleaved rounds)`);
for (const [name, c] of Object.entries(CASES)) {
  if (only && !only.test(name)) continue;
  const floors = Object.fromEntries(Object.entries(c).filter(([l]) => SALINE.includes(l)));
  const libraries = { ...floors, ...(before && { before: c.saline(before) }), after: c.saline(after), 'after .into': c.into(after) };
  for (const [peer, f] of Object.entries(c)) if (!SALINE.includes(peer) && !['saline', 'into'].includes(peer)) libraries[peer] = f;
  const ns = best(libraries);
  const [peer, peerNs] = Object.entries(ns).filter(([l]) => !SALINE.includes(l)).sort((a, b) => a[1] - b[1])[0];
  const ratio = (l) => `${(peerNs / ns[l]).toFixed(2)}x`;
  console.log(`${name.padEnd(12)} ${Object.entries(ns).map(([l, v]) => `${l} ${v.toFixed(0)} ns`).join(' · ')}`);
  console.log(`${''.padEnd(12)} vs ${peer}: ${before ? `before ${ratio('before')}, ` : ''}after ${ratio('after')}, .into ${ratio('after .into')}`);
}
