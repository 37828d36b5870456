// Merges every runtime's results file into bench/REPORT.md and the charts.
//   node report.mjs [--results DIR] [--out FILE] [--charts DIR]
// For each runtime the newest file in the results directory is used (by its
// "date" field), so older runs stay as history without cluttering the report.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateResults } from './lib/schema.mjs';
import * as f from './lib/format.mjs';
import { writeCharts } from './charts.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BENCH = path.resolve(HERE, '..');
export const TABLE_HEADER = ['Alg type', 'Alg', 'Library', 'rate', 'iterations', 'time', 'data throughput', 'min–max'];
const RUNTIME_TITLES = { node: 'Node', browser: 'Browser (headless Chromium)', go: 'Go', rust: 'Rust (native)', python: 'Python' };

// The newest run of each runtime, with the one before it (`previous`, for
// the "Since the previous run" table) when the directory holds one.
export function loadResults(dir) {
  const byRuntime = new Map();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort() : []) {
    const doc = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    const errors = validateResults(doc);
    if (errors.length) throw new Error(`${name} does not match the results schema:\n  ${errors.slice(0, 10).join('\n  ')}`);
    if (!byRuntime.has(doc.runtime.name)) byRuntime.set(doc.runtime.name, []);
    byRuntime.get(doc.runtime.name).push({ name, doc });
  }
  const order = Object.keys(RUNTIME_TITLES);
  return [...byRuntime.values()]
    .map((runs) => {
      runs.sort((a, b) => Date.parse(a.doc.date) - Date.parse(b.doc.date));
      return { ...runs[runs.length - 1], previous: runs[runs.length - 2] };
    })
    .sort((a, b) => (order.indexOf(a.doc.runtime.name) + 1 || 99) - (order.indexOf(b.doc.runtime.name) + 1 || 99));
}

const okRate = (c, lib) => c.results.find((r) => r.library === lib && r.status === 'ok')?.rate.median;
const subjectsOf = (doc) => doc.libraries.filter((l) => l.subject).map((l) => l.id);
const caseLabel = (c) => `${c.name}${c.size && c.unit !== 'memory' && c.operation !== 'kdf' ? ` ${f.size(c.size)}` : ''}`;
const cell = (s) => String(s).replaceAll('|', '\\|');
const row = (cells) => `| ${cells.map(cell).join(' | ')} |`;

// Peers that run native code: a user of Saline's WebAssembly build (a
// browser, Deno, Bun, Workers, or Node without the addon) cannot choose them
// instead, so the WebAssembly build is compared with the WebAssembly and
// JavaScript peers only. Any peer not listed here counts as WebAssembly/JS,
// which can only make that comparison stricter.
export const NATIVE_PEERS = new Set([
  'node:crypto', 'node:crypto createHash', 'webcrypto', 'sodium-native', 'sodium-native-reused',
  'argon2', 'bcrypt', 'node-rs-argon2', 'node-rs-bcrypt', 'napi-rs-blake-hash',
]);

// Which build a Saline row measured: saline-wasm says so by name, and
// saline/tweetnacl runs on whichever backend the package picked (recorded
// per result); every other Saline row is native code (the addon, the Rust
// crate, the C ABI under Go or Python).
function variantOf(library, result) {
  return library === 'saline-wasm' || result.backend === 'wasm' ? 'wasm' : 'native';
}

const VARIANTS = {
  native: { title: 'native build', against: 'every peer', eligible: () => true },
  wasm: { title: 'WebAssembly build', against: 'the WebAssembly and JavaScript peers', eligible: (id) => !NATIVE_PEERS.has(id) },
};

// Losses whose cause is a choice Saline keeps, said beside the loss: the
// peer's code does something Saline will not (case id pattern, peer).
const KNOWN_CAUSES = [
  {
    id: /^(encrypt|decrypt)\/aes-\d+-(cbc|ctr)\//, peer: 'noble',
    cause: "noble's AES uses T-tables, which its README says leak access timings; Saline's WebAssembly AES is RustCrypto's bitsliced (fixslice) code, constant time, and stays so",
  },
  ...['noble', 'tweetnacl'].map((peer) => ({
    id: /^tweetnacl\/crypto_point_add$/, peer,
    cause: `${peer}'s row adds two points it holds decoded (extended coordinates: no square root or inversion in the timed call); Saline's crypto_point_add, like libsodium's crypto_core_ed25519_add, takes and returns 32-byte encodings, so each call decodes two points and encodes one`,
  })),
  {
    id: /^tweetnacl\/crypto_sign_ed25519_pk_to_curve25519$/, peer: 'noble',
    cause: "noble's toMontgomery converts any point that decodes; Saline, as libsodium does, refuses one of small order or outside the prime-order subgroup, which takes a scalar multiplication",
  },
];

function knownCause(caseId, peer) {
  return KNOWN_CAUSES.find((k) => k.peer === peer && k.id.test(caseId))?.cause;
}

// A Saline row that allocates its result, beaten by a peer's reused-output
// row (sodium-native-reused): the same call style beside the loss, so that
// the cost of allocating the result (in Node 20 a new Uint8Array of more
// than 64 bytes is an ArrayBuffer with its own backing store, microseconds
// on a busy allocator) is not read as the cost of the operation. The
// comparison and the counts stay as they are.
const REUSED = '-reused';
function sameCallStyle(ok, mine, peer) {
  if (!peer.library.endsWith(REUSED) || mine.library.endsWith(REUSED)) return '';
  const allocating = ok.find((r) => r.library === peer.library.slice(0, -REUSED.length));
  const reused = ok.find((r) => r.library === `${mine.library}${REUSED}`);
  const parts = [];
  if (allocating) parts.push(`${f.ratio(mine.rate.median / allocating.rate.median)} of ${allocating.library} allocating its result too`);
  if (reused) parts.push(`${reused.library} ${f.ratio(reused.rate.median / peer.rate.median)}`);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

// Each Saline library, per build it ran on, against the fastest peer a user
// of that build would pick instead: the native addon against every peer,
// the WebAssembly build against WebAssembly/JS peers only. A workload is
// won when that Saline row is at least as fast as the best eligible peer.
export function subjectStanding(doc) {
  const subjects = new Set(subjectsOf(doc));
  const standings = new Map();
  for (const c of doc.cases) {
    if (c.unit === 'memory') continue;
    const ok = c.results.filter((r) => r.status === 'ok');
    const peers = ok.filter((r) => !subjects.has(r.library));
    for (const mine of ok.filter((r) => subjects.has(r.library))) {
      const variant = variantOf(mine.library, mine);
      const rule = VARIANTS[variant];
      const peer = peers.filter((r) => rule.eligible(r.library)).sort((a, b) => b.rate.median - a.rate.median)[0];
      if (!peer) continue;
      const key = `${mine.library}|${variant}`;
      if (!standings.has(key)) standings.set(key, { library: mine.library, variant, ...rule, measured: 0, fastest: 0, close: 0, losses: [] });
      const st = standings.get(key);
      const ratio = mine.rate.median / peer.rate.median;
      st.measured++;
      if (ratio >= 1) st.fastest++;
      else {
        if (ratio >= 0.95) st.close++;
        const cause = knownCause(c.id, peer.library);
        st.losses.push({ id: c.id, ratio, line: `- ${c.id}: ${f.ratio(ratio)} of ${peer.library} (${f.opsPerSec(mine.rate.median)} vs ${f.opsPerSec(peer.rate.median)})${sameCallStyle(ok, mine, peer)}${cause ? `: ${cause}` : ''}` });
      }
    }
  }
  for (const st of standings.values()) st.losses.sort((a, b) => a.ratio - b.ratio);
  return [...standings.values()];
}

// One line per Saline build for a runner's console: its standing and its
// worst losses.
export function standingLines(doc) {
  return subjectStanding(doc).map((st) => `  ${st.library}${st.library === 'saline/tweetnacl' ? ` (${st.title})` : ''} vs ${st.against}: at or above the fastest in ${st.fastest} of ${st.measured}` +
    (st.losses.length ? `; worst: ${st.losses.slice(0, 3).map((l) => `${l.id} ${f.ratio(l.ratio)}`).join(', ')}` : ''));
}

function summary(runs) {
  const out = ['## Summary', ''];
  const withSubject = runs.filter(({ doc }) => doc.cases.some((c) => subjectsOf(doc).some((s) => okRate(c, s))));
  if (!withSubject.length) {
    const reasons = [...new Set(runs.flatMap(({ doc }) => doc.libraries.filter((l) => l.subject && !l.available).map((l) => l.reason)))];
    out.push('**Saline rows are pending.** No runtime produced a Saline measurement yet' +
      `${reasons.length ? ` (${reasons.join('; ')})` : ''}, so every "×" ratio column shows n/a. ` +
      'The peer rows below are the baseline Saline will be compared against.', '');
  }
  for (const { doc } of runs.filter((r) => withSubject.length && !withSubject.includes(r))) {
    const title = RUNTIME_TITLES[doc.runtime.name] ?? doc.runtime.name;
    const why = doc.libraries.find((l) => l.subject && !l.available)?.reason ?? 'no Saline library in this runtime yet';
    out.push(`**${title}:** peers only (${why}).`, '');
  }
  for (const { doc } of withSubject) {
    const title = RUNTIME_TITLES[doc.runtime.name] ?? doc.runtime.name;
    for (const st of subjectStanding(doc)) {
      const name = st.library === 'saline/tweetnacl' ? `${st.library} on the ${st.title}` : st.library;
      out.push(`**${title}, ${name}** (against ${st.against}): at or above the fastest in ${st.fastest} of ${st.measured} workloads` +
        `${st.close ? `, within 0.95× in ${st.close} more` : ''}.`);
      if (st.losses.length) out.push('', "Losses, largest first (Saline's rate as a share of the fastest eligible peer's):", '', ...st.losses.map((l) => l.line));
      out.push('');
    }
  }
  return out;
}

function libraryTable(doc) {
  const out = ['| Library | version | status |', '| --- | --- | --- |'];
  for (const l of doc.libraries) out.push(row([l.id, [l.version, l.detail].filter(Boolean).join('; ') || '—', l.available ? 'measured' : `not measured: ${l.reason}`]));
  return out;
}

// The classic layout, one row per (case, library) that ran, fastest first,
// plus n/a rows for libraries that measure other cases of the group but lack
// this one, and one "×" column per Saline library: its rate over the row's.
function groupTable(doc, group, cases) {
  // Only Saline libraries that measured something in this group get a column
  // (saline/tweetnacl has nothing to say about AES); none measured: one n/a column.
  const subjects = subjectsOf(doc).filter((s) => cases.some((c) => okRate(c, s)));
  const ratioHeads = subjects.length ? subjects.map((s) => `${s} ×`) : ['Saline ×'];
  const out = [row([...TABLE_HEADER, ...ratioHeads]), row([...TABLE_HEADER, ...ratioHeads].map(() => '---'))];
  const activeInGroup = new Set(cases.flatMap((c) => c.results.filter((r) => r.status === 'ok').map((r) => r.library)));
  for (const c of cases) {
    const ok = c.results.filter((r) => r.status === 'ok').sort((a, b) => b.rate.median - a.rate.median);
    const missing = c.results.filter((r) => r.status !== 'ok' && (r.status !== 'n/a' || (activeInGroup.has(r.library) && !subjects.includes(r.library))));
    let first = true;
    const lead = () => { const l = first ? [group, caseLabel(c)] : ['', '']; first = false; return l; };
    for (const r of ok) {
      const mb = (rate) => (rate * c.size) / 1e6;
      const perOp = c.latency ? ` (${f.count(1e9 / r.rate.median)} ns/op)` : '';
      const minMax = c.unit === 'bytes' ? `${f.mbPerSec(mb(r.rate.min))} – ${f.mbPerSec(mb(r.rate.max))}` : `${f.opsPerSec(r.rate.min)} – ${f.opsPerSec(r.rate.max)}`;
      const ratios = subjects.length
        ? subjects.map((s) => (s === r.library ? '—' : okRate(c, s) ? f.ratio(okRate(c, s) / r.rate.median) : 'n/a'))
        : ['n/a'];
      const name = r.backend ? `${r.library} [${r.backend}]` : r.library;
      out.push(row([...lead(), name, `${f.opsPerSec(r.rate.median)}${perOp}`, f.count(r.iterations), f.seconds(r.seconds),
        c.unit === 'bytes' ? f.mbPerSec(mb(r.rate.median)) : '—', minMax, ...ratios]));
    }
    if (!ok.length && !missing.length) out.push(row([...lead(), '—', 'n/a (no library here has it)', '', '', '', '', ...ratioHeads.map(() => 'n/a')]));
    for (const r of missing) {
      const status = r.status === 'n/a' ? 'n/a' : `${r.status} (see below)`;
      out.push(row([...lead(), r.library, status, '', '', '', '', ...ratioHeads.map(() => 'n/a')]));
    }
  }
  return out;
}

function memoryTable(doc, cases) {
  const out = ['| Alg type | Alg | Library | ops | heap growth | RSS growth | external + ArrayBuffer growth |', '| --- | --- | --- | --- | --- | --- | --- |'];
  for (const c of cases) {
    let first = true;
    for (const r of c.results.filter((x) => x.status !== 'n/a')) {
      const lead = first ? [c.group, caseLabel(c)] : ['', ''];
      first = false;
      if (r.status !== 'ok') { out.push(row([...lead, r.library, `${r.status}: ${r.reason}`, '', '', ''])); continue; }
      const m = r.memory;
      out.push(row([...lead, r.library, f.count(m.ops), f.bytes(m.heap_bytes), f.bytes(m.rss_bytes), m.external_bytes === undefined ? '—' : f.bytes(m.external_bytes)]));
    }
  }
  return out;
}

function runtimeSection({ name, doc }, charts) {
  const title = RUNTIME_TITLES[doc.runtime.name] ?? doc.runtime.name;
  const m = doc.machine;
  const out = [`## ${title}`, '',
    `${doc.runtime.name} ${doc.runtime.version}${doc.runtime.detail ? ` (${doc.runtime.detail})` : ''} · host ${doc.host} · ${m.cpu_model}, ${m.cores} cores / ${m.logical_cpus ?? m.cores} threads` +
    ` · CPU flags: ${m.cpu_flags.join(' ') || 'n/a'} · ${doc.date.slice(0, 16).replace('T', ' ')} UTC · profile ${doc.profile}` +
    ` (${doc.settings ? `${doc.settings.rounds} rounds × ≥ ${doc.settings.minTime} s` : 'settings not recorded'}) · raw data: [results/${name}](results/${name})`, ''];
  if (charts.length) out.push(`Charts: ${charts.map((c) => `[${c.title}](${c.file})`).join(' · ')}`, '');
  out.push(...libraryTable(doc), '');
  const groups = [...new Set(doc.cases.map((c) => c.group))];
  for (const group of groups) {
    const cases = doc.cases.filter((c) => c.group === group);
    out.push(`### ${group}`, '', ...(group === 'Memory' ? memoryTable(doc, cases) : groupTable(doc, group, cases)), '');
  }
  const problems = doc.cases.flatMap((c) => c.results.filter((r) => r.status === 'excluded' || r.status === 'error').map((r) => `- ${c.id} · ${r.library}: ${r.status}, ${r.reason}`));
  if (problems.length) out.push('### Excluded and failed results', '', 'These rows are left out of the tables above; the reason is the reference check or the error seen.', '', ...problems, '');
  return out;
}

// Each Saline build's standing in the newest run beside the run before it
// (the previous results file of that runtime): the before/after table.
export function progress(runs) {
  const withPrevious = runs.filter((r) => r.previous);
  if (!withPrevious.length) return [];
  const out = ['## Since the previous run', '',
    'Each Saline build against the same eligible peers as in the summary, in the newest run and in the run before it (its results file is named).', '',
    row(['Runtime', 'Saline build', 'previous run', 'at or above the fastest', 'below 0.9×', 'below 0.95×']), row(['---', '---', '---', '---', '---', '---'])];
  for (const { doc, previous } of withPrevious) {
    const title = RUNTIME_TITLES[doc.runtime.name] ?? doc.runtime.name;
    const before = new Map(subjectStanding(previous.doc).map((st) => [`${st.library}|${st.variant}`, st]));
    for (const st of subjectStanding(doc)) {
      const was = before.get(`${st.library}|${st.variant}`);
      const below = (x, limit) => x.losses.filter((l) => l.ratio < limit).length;
      const moved = (get) => (was ? `${get(was)} → ${get(st)}` : `${get(st)}`);
      const name = st.library === 'saline/tweetnacl' ? `${st.library} (${st.title})` : st.library;
      out.push(row([title, name, was ? `${previous.name} (${previous.doc.date.slice(0, 16).replace('T', ' ')})` : 'none',
        `${moved((x) => x.fastest)} of ${st.measured}`, moved((x) => below(x, 0.9)), moved((x) => below(x, 0.95))]));
    }
  }
  out.push('');
  return out;
}

const KiB = (n) => `${(n / 1024).toFixed(1)} KiB`;

// What a Vite production page ships per library (bench/size/measure.mjs,
// stored in bench/size/sizes.json): a hash-only page, a secretbox page and
// one that keeps everything.
export function sizeSection(sizes) {
  if (!sizes) return [];
  const pages = ['hash', 'secretbox', 'everything'];
  const out = ['## Size', '',
    `What a browser downloads for a ${sizes.bundler} production page (${sizes.compression}, JS and WebAssembly together; for Saline the one .wasm file the loader fetches, the SIMD build) · measured ${sizes.date.slice(0, 10)} by [size/measure.mjs](size/measure.mjs).`,
    'hash: SHA-256 only (TweetNaCl has only SHA-512); secretbox: XSalsa20-Poly1305 only; everything: the whole API kept alive.', '',
    row(['Library', 'version', ...pages.map((p) => `${p} page`)]), row(['---', '---', ...pages.map(() => '---')])];
  for (const [library, measured] of Object.entries(sizes.pages)) {
    out.push(row([library, measured.version ?? '—', ...pages.map((p) => (measured[p] ? `${KiB(measured[p].total)}${measured[p].wasm ? ` (JS ${KiB(measured[p].js)} + wasm ${KiB(measured[p].wasm)})` : ''}` : 'n/a'))]));
  }
  const main = sizes.pages.saline?.['hash-main'];
  if (main) {
    out.push('', `Saline's hash page imports \`saline/sha2\`, the SHA-2 entry point, as noble's imports \`@noble/hashes/sha2.js\`; its browser build loads the SHA-2 WebAssembly module. The same page importing \`sha256\` from the main entry \`saline\` ships the full module: ${KiB(main.total)} (JS ${KiB(main.js)} + wasm ${KiB(main.wasm)}).`);
  }
  if (sizes.modules) {
    out.push('', 'Saline\'s WebAssembly modules (js/wasm/sizes.json):', '', row(['Module', 'raw', 'gzip -9']), row(['---', '---', '---']));
    for (const [name, m] of Object.entries(sizes.modules)) out.push(row([name, f.count(m.raw), f.count(m.gzip)]));
  }
  out.push('');
  return out;
}

export function buildReport(runs, chartsByRuntime = new Map(), sizes = undefined) {
  const out = ['# Saline benchmark report', '',
    'Regenerate with `make bench` (quick profile) or `make bench-full` from the repository root; `node bench/node/report.mjs` re-renders this file and the charts from the stored results.',
    'Workloads are defined in [workloads.json](workloads.json); methods, profiles and the results schema in [README.md](README.md).',
    'rate is the median over rounds of (iterations ÷ time) per round; iterations and time are totals over all rounds; min–max are the slowest and fastest round; MB = 10⁶ bytes.',
    '"×" columns give a Saline library\'s rate divided by the row\'s rate (above 1× means Saline is faster).', '',
    ...summary(runs), ...progress(runs)];
  if (!runs.length) out.push('No results yet: run `make bench`.', '');
  out.push(...sizeSection(sizes));
  for (const run of runs) out.push(...runtimeSection(run, chartsByRuntime.get(run.doc.runtime.name) ?? []));
  return `${out.join('\n').trimEnd()}\n`;
}

export async function writeReport({ resultsDir = path.join(BENCH, 'results'), outFile = path.join(BENCH, 'REPORT.md'), chartsDir = path.join(BENCH, 'charts'), sizesFile = path.join(BENCH, 'size', 'sizes.json') } = {}) {
  const runs = loadResults(resultsDir);
  const chartsByRuntime = new Map();
  for (const run of runs) {
    const charts = await writeCharts(run.doc, chartsDir);
    chartsByRuntime.set(run.doc.runtime.name, charts.map((c) => ({ ...c, file: path.relative(path.dirname(outFile), c.file) })));
  }
  const sizes = fs.existsSync(sizesFile) ? JSON.parse(fs.readFileSync(sizesFile, 'utf8')) : undefined;
  fs.writeFileSync(outFile, buildReport(runs, chartsByRuntime, sizes));
  return { outFile, runs };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (n) => { const i = args.indexOf(`--${n}`); return i >= 0 ? path.resolve(args[i + 1]) : undefined; };
  const { outFile, runs } = await writeReport({ resultsDir: opt('results'), outFile: opt('out'), chartsDir: opt('charts') });
  console.log(`report: ${runs.map((r) => r.name).join(', ') || 'no results'} -> ${path.relative(process.cwd(), outFile)}`);
}
