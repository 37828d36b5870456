// The harness test (make bench-test): a tiny profile through the real Node
// runner, the results schema, the report's layout, and the reference check
// catching a deliberately wrong library. Timings here mean nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runNode } from '../node/run.mjs';
import { validateResults } from '../node/lib/schema.mjs';
import { TABLE_HEADER, writeReport } from '../node/report.mjs';

const TINY = { rounds: 1, minTime: 0.005, warmup: 0.001, slow: { rounds: 1, iterations: 1 } };
const ONLY = '^(digest/sha256/1KiB|digest/sha3-256/1KiB|mac/hmac-sha256/32B|tweetnacl/crypto_verify_16|file/sha256/1MiB|memory/sha256/1KiB)$';

// Claims SHA-256 but returns zeros: the check must exclude it, with a reason.
const WRONG = {
  id: 'fake-wrong', name: 'fake (wrong digest)', version: '0.0.0',
  ops: { 'digest:sha256': (fx) => () => new Uint8Array(32).fill(fx.msg.length & 0xff) },
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saline-bench-test-'));
const resultsDir = path.join(dir, 'results');
let run;

/** One result row's timing fields, as the runners write them, for a rate of `r` ops/s. */
const rate = (r) => ({ rounds: [{ iterations: r, seconds: 1 }], rate: { median: r, min: r, max: r }, iterations: r, seconds: 1 });

/**
 * A Node results document from the harness run's, newer than it (so the
 * report takes this one), with these libraries (the `saline*` ones marked
 * as subjects) and cases.
 */
function nodeDoc(libraries, cases) {
  const node = structuredClone(run.results);
  node.runtime = { name: 'node', version: '99.0.0' };
  node.date = new Date(Date.now() + 1000).toISOString();
  node.libraries = libraries.map((id) => ({ id, name: id, version: '1', available: true, ...(id.startsWith('saline') && { subject: true }) }));
  node.cases = cases;
  return node;
}

/** The report of `doc` alone, rendered in a fresh directory named from `prefix`. */
async function reportAlone(prefix, doc) {
  const only = fs.mkdtempSync(path.join(dir, prefix));
  fs.writeFileSync(path.join(only, 'node.json'), JSON.stringify(doc));
  const outFile = path.join(only, 'REPORT.md');
  await writeReport({ resultsDir: only, outFile, chartsDir: path.join(only, 'charts') });
  return fs.readFileSync(outFile, 'utf8');
}

test('the Node runner writes a results file that matches the schema', async () => {
  run = await runNode({ profile: 'quick', only: ONLY, settings: TINY, extraLibraries: [WRONG], outFile: path.join(resultsDir, 'tiny-node.json'), quiet: true });
  const doc = JSON.parse(fs.readFileSync(run.file, 'utf8'));
  assert.deepEqual(validateResults(doc), []);
  assert.deepEqual(doc.cases.map((c) => c.id).sort(), ONLY.slice(2, -2).split('|').sort());
  assert.ok(doc.machine.cpu_model && doc.machine.cores > 0);
  assert.ok(doc.libraries.find((l) => l.id === 'noble').version.includes('@noble/hashes@'));
});

test('a library with a wrong output is excluded with its reason', () => {
  const sha = run.results.cases.find((c) => c.id === 'digest/sha256/1KiB');
  // The reference is Saline when js/ is built, node:crypto otherwise.
  const expected = run.results.libraries.find((l) => l.available && sha.results.some((r) => r.library === l.id && r.status === 'ok')).id;
  assert.equal(sha.reference, expected);
  const fake = sha.results.find((r) => r.library === 'fake-wrong');
  assert.equal(fake.status, 'excluded');
  assert.ok(fake.reason.startsWith(`output differs from reference ${expected} `), fake.reason);
  assert.equal(fake.rate, undefined);
  const sha3 = run.results.cases.find((c) => c.id === 'digest/sha3-256/1KiB');
  assert.match(sha3.results.find((r) => r.library === 'crypto-js').reason, /Keccak/);
});

test('a case a library lacks is n/a, never a zero rate', () => {
  for (const c of run.results.cases) {
    for (const r of c.results) {
      if (r.status === 'ok' && c.unit !== 'memory') assert.ok(r.rate.median > 0, `${c.id} ${r.library}`);
      if (r.status === 'n/a') assert.equal(r.rate, undefined);
    }
  }
  const verify = run.results.cases.find((c) => c.id === 'tweetnacl/crypto_verify_16');
  assert.equal(verify.results.find((r) => r.library === 'node:crypto').status, 'n/a');
  const memory = run.results.cases.find((c) => c.id === 'memory/sha256/1KiB');
  assert.equal(memory.results.find((r) => r.library === 'node:crypto').status, 'ok');
});

test('the schema rejects a malformed results file', () => {
  const broken = structuredClone(run.results);
  const ok = broken.cases[0].results.find((r) => r.status === 'ok');
  delete ok.rate;
  broken.cases[0].results.push({ library: 'nobody', status: 'fast' });
  const errors = validateResults(broken);
  assert.ok(errors.some((e) => e.includes('rate')));
  assert.ok(errors.some((e) => e.includes('status is ok|n/a|excluded|error')));
});

test('the report has the classic columns, n/a ratios, the exclusion and the charts', async () => {
  const outFile = path.join(dir, 'REPORT.md');
  await writeReport({ resultsDir, outFile, chartsDir: path.join(dir, 'charts') });
  const md = fs.readFileSync(outFile, 'utf8');
  const header = `| ${TABLE_HEADER.join(' | ')} |`;
  assert.ok(md.includes(header.slice(0, -2)), 'table header');
  assert.ok(TABLE_HEADER.slice(0, 2).join() === 'Alg type,Alg' && TABLE_HEADER.includes('data throughput') && TABLE_HEADER.includes('min–max'));
  if (!run.results.libraries.some((l) => l.subject && l.available)) {
    assert.match(md, /Saline rows are pending/);
    assert.ok(md.includes(`${header.slice(0, -2)} | Saline × |`));
  }
  const sha = run.results.cases.find((c) => c.id === 'digest/sha256/1KiB');
  assert.ok(md.includes(`digest/sha256/1KiB · fake-wrong: excluded, output differs from reference ${sha.reference} `));
  assert.match(md, /ns\/op\)/, 'latency rows carry ns/op');
  assert.ok(fs.existsSync(path.join(dir, 'charts', 'node-throughput-1KiB.svg')));
  assert.ok(fs.existsSync(path.join(dir, 'charts', 'node-latency-32B.svg')));
});

test('the report merges another runtime and computes Saline ratios', async () => {
  const rust = structuredClone(run.results);
  rust.runtime = { name: 'rust', version: '1.0.0' };
  rust.libraries = [
    { id: 'saline', name: 'saline', version: '0.1.0', available: true, subject: true },
    { id: 'openssl', name: 'openssl', version: '3', available: true },
  ];
  rust.cases = [
    { id: 'digest/sha256/1KiB', group: 'Hash 1 KiB', name: 'SHA-256', algorithm: 'sha256', operation: 'digest', unit: 'bytes', size: 1024, reference: 'saline',
      results: [{ library: 'saline', status: 'ok', ...rate(2000) }, { library: 'openssl', status: 'ok', ...rate(1000) }] },
    { id: 'digest/md5/1KiB', group: 'Hash 1 KiB', name: 'MD5', algorithm: 'md5', operation: 'digest', unit: 'bytes', size: 1024, reference: 'saline',
      results: [{ library: 'saline', status: 'ok', ...rate(500) }, { library: 'openssl', status: 'ok', ...rate(1000) }] },
  ];
  fs.writeFileSync(path.join(resultsDir, 'tiny-rust.json'), JSON.stringify(rust));
  const outFile = path.join(dir, 'REPORT-merged.md');
  await writeReport({ resultsDir, outFile, chartsDir: path.join(dir, 'charts') });
  const md = fs.readFileSync(outFile, 'utf8');
  assert.match(md, /## Node/);
  assert.match(md, /## Rust \(native\)/);
  assert.match(md, /\*\*Rust \(native\), saline\*\* \(against every peer\): at or above the fastest in 1 of 2 workloads\./);
  assert.match(md, /- digest\/md5\/1KiB: 0\.50× of openssl/);
  assert.match(md, /\| openssl \| 1,000 ops\/s[^\n]*\| 2\.0× \|/);
});

test('the summary counts each Saline build against the peers its users would pick instead', async () => {
  const kase = (id, rates, backend) => ({ id, group: 'Hash 1 KiB', name: id, algorithm: 'sha256', operation: 'digest', unit: 'bytes', size: 1024, reference: 'saline-native',
    results: Object.entries(rates).map(([library, r]) => ({ library, status: 'ok', ...rate(r), ...(library === 'saline/tweetnacl' && { backend }) })) });
  const md = await reportAlone('variants-', nodeDoc(['saline-native', 'saline-wasm', 'saline/tweetnacl', 'node:crypto', 'hash-wasm', 'noble'], [
    // node:crypto (native) is fastest: the addon loses, the wasm build still beats every WebAssembly/JS peer.
    kase('digest/sha256/1KiB', { 'saline-native': 900, 'saline-wasm': 600, 'node:crypto': 1000, 'hash-wasm': 500, noble: 100 }),
    // A wasm loss to hash-wasm counts even though the addon wins; saline/tweetnacl ran on wasm here.
    kase('digest/md5/1KiB', { 'saline-native': 2000, 'saline-wasm': 960, 'saline/tweetnacl': 400, 'node:crypto': 1500, 'hash-wasm': 1000 }, 'wasm'),
  ]));
  assert.match(md, /\*\*Node, saline-native\*\* \(against every peer\): at or above the fastest in 1 of 2 workloads\./);
  assert.match(md, /- digest\/sha256\/1KiB: 0\.90× of node:crypto/);
  assert.match(md, /\*\*Node, saline-wasm\*\* \(against the WebAssembly and JavaScript peers\): at or above the fastest in 1 of 2 workloads, within 0\.95× in 1 more\./);
  assert.match(md, /- digest\/md5\/1KiB: 0\.96× of hash-wasm/);
  assert.match(md, /\*\*Node, saline\/tweetnacl on the WebAssembly build\*\* \(against the WebAssembly and JavaScript peers\): at or above the fastest in 0 of 1 workloads\./);
  assert.doesNotMatch(md, /saline-wasm[^\n]*node:crypto/, 'the wasm build is never compared with node:crypto');
});

test('a loss of an allocating Saline row to a reused-output peer shows the same call style beside it', async () => {
  const rates = { 'saline-native': 500, 'saline-native-reused': 1100, 'sodium-native': 400, 'sodium-native-reused': 1000 };
  const md = await reportAlone('reused-', nodeDoc(Object.keys(rates), [{
    id: 'seal/chacha20-poly1305/1KiB', group: 'Authenticated encryption', name: 'ChaCha20-Poly1305 seal 1 KiB', algorithm: 'chacha20-poly1305', operation: 'seal', unit: 'bytes', size: 1024, reference: 'saline-native',
    results: Object.entries(rates).map(([library, r]) => ({ library, status: 'ok', ...rate(r) })),
  }]));
  // Still counted as a loss; the allocating peer and Saline's own reused row beside it.
  assert.match(md, /\*\*Node, saline-native\*\* \(against every peer\): at or above the fastest in 0 of 1 workloads\./);
  assert.match(md, /- seal\/chacha20-poly1305\/1KiB: 0\.50× of sodium-native-reused \([^)]*\) \(1\.25× of sodium-native allocating its result too; saline-native-reused 1\.10×\)/);
  assert.match(md, /\*\*Node, saline-native-reused\*\* \(against every peer\): at or above the fastest in 1 of 1 workloads\./);
});

test('the size section shows each page per library, JS and WebAssembly apart', async () => {
  const { sizeSection } = await import('../node/report.mjs');
  const md = sizeSection({
    date: '2026-11-23T00:00:00Z', bundler: 'vite 8', compression: 'gzip -9',
    modules: { 'saline-simd.wasm': { raw: 2048, gzip: 1024 } },
    pages: { saline: { version: '0.1.0', hash: { js: 1024, wasm: 2048, total: 3072 } }, noble: { version: '2', hash: { js: 512, wasm: 0, total: 512 }, secretbox: { js: 1024, wasm: 0, total: 1024 } } },
  }).join('\n');
  assert.match(md, /\| saline \| 0\.1\.0 \| 3\.0 KiB \(JS 1\.0 KiB \+ wasm 2\.0 KiB\) \| n\/a \| n\/a \|/);
  assert.match(md, /\| noble \| 2 \| 0\.5 KiB \| 1\.0 KiB \| n\/a \|/);
  assert.match(md, /\| saline-simd\.wasm \| 2,048 \| 1,024 \|/);
  assert.deepEqual(sizeSection(undefined), []);
});
