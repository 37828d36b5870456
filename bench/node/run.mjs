// The Node runner: every Node library, same process, same harness, one run.
//   node run.mjs [--profile quick|full] [--only REGEX] [--out-dir DIR]
// Writes <out-dir>/<YYYY-MM-DD>-<host>-node.json (schema: ../README.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SCHEMA, fixtureFor, opKey, opName, runSuite, selectCases } from './lib/harness.mjs';
import { machine, resultsPath } from './lib/machine.mjs';
import { progressPrinter } from './lib/progress.mjs';
import { describeLibraries, loadLibraries } from './lib/libraries.mjs';
import { NODE_LIBRARIES } from './adapters/index.mjs';
import { standingLines } from './report.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const WORKLOADS = path.resolve(HERE, '../workloads.json');
export const RESULTS_DIR = path.resolve(HERE, '../results');

// Streaming-file inputs are written once to a temp dir and reused across runs
// (and across libraries), so only reading and processing is timed.
function inputFile(size) {
  const dir = path.join(os.tmpdir(), 'saline-bench-files');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `input-${size}.bin`);
  if (fs.statSync(file, { throwIfNoEntry: false })?.size !== size) {
    const block = fixtureFor({ id: 'file-block', size: 1 << 20 }).msg;
    const fd = fs.openSync(file, 'w');
    for (let done = 0; done < size; done += block.length) fs.writeSync(fd, block, 0, Math.min(block.length, size - done));
    fs.closeSync(fd);
  }
  return file;
}

// A "file" case times: open, read in params.chunk-byte chunks into one reused
// buffer, feed the library's streaming object, finish. Libraries provide
// ops["stream:<alg>"] = (fixture) => start, start() => { update, final }.
function resolveOp(lib, kase) {
  if (kase.operation !== 'file') return lib.ops[opKey(kase)];
  const factory = lib.ops[`stream:${opName(kase)}`];
  if (!factory) return undefined;
  return async (fx) => {
    const file = inputFile(kase.size);
    const buffer = Buffer.alloc(kase.params.chunk);
    const start = await factory(fx);
    return () => {
      const stream = start();
      const fd = fs.openSync(file, 'r');
      try {
        let n;
        while ((n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0) stream.update(buffer.subarray(0, n));
      } finally {
        fs.closeSync(fd);
      }
      return stream.final();
    };
  };
}

// Memory cases run each library in a fresh child process (--expose-gc) so one
// library's heap does not pollute another's numbers.
function runMemoryCase(kase, libraries) {
  const results = [];
  const registered = new Set(NODE_LIBRARIES.map(([id]) => id));
  for (const lib of libraries) {
    if (!lib.available) { results.push({ library: lib.id, status: 'n/a', reason: lib.reason }); continue; }
    if (!registered.has(lib.id)) { results.push({ library: lib.id, status: 'n/a', reason: 'not in adapters/index.mjs, so a child process cannot load it' }); continue; }
    if (!lib.ops[`${kase.params.measure}:${opName(kase)}`]) { results.push({ library: lib.id, status: 'n/a' }); continue; }
    const child = spawnSync(process.execPath, ['--expose-gc', path.join(HERE, 'memory-child.mjs'), lib.id, kase.id], { encoding: 'utf8', timeout: 120_000 });
    const line = child.stdout.trim().split('\n').pop();
    try {
      results.push({ library: lib.id, status: 'ok', memory: JSON.parse(line) });
    } catch {
      const why = (child.stderr ?? '').split('\n').find((l) => /Error/.test(l)) ?? child.error?.message ?? 'no output';
      results.push({ library: lib.id, status: 'error', reason: `memory child failed: ${why.trim()}` });
    }
  }
  return { id: kase.id, group: kase.group, name: kase.name, algorithm: kase.algorithm, operation: kase.operation, unit: kase.unit, size: kase.size, reference: null, results };
}

// V8's young-generation collection, run before each timed round
// (lib/harness.mjs timeRound). Without it one library's garbage was
// collected in the next one's rounds: in a full run, scavenges of up to
// 62 ms, 18-34 ms of it sweeping the backing stores of arrays others had
// allocated (node --trace-gc), and a 32-byte case's rounds for one library
// 3,225 / 1,059 / 1,206 kops/s. The flag is set at run time, so `node
// run.mjs` needs no --expose-gc.
function youngGenerationGc() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  return () => gc({ type: 'minor' });
}

export async function runNode({ profile = 'quick', only, settings, extraLibraries = [], outFile, workloadsPath = WORKLOADS, quiet = false } = {}) {
  const workloads = JSON.parse(fs.readFileSync(workloadsPath, 'utf8'));
  const chosen = settings ?? workloads.profiles[profile];
  if (!chosen) throw new Error(`unknown profile ${profile}`);
  const cases = selectCases(workloads, profile, only);
  const libraries = [...await loadLibraries(NODE_LIBRARIES), ...extraLibraries.map((l) => ({ available: true, ...l }))];
  const progress = quiet ? null : progressPrinter();
  const started = performance.now();
  const timed = await runSuite(cases.filter((c) => c.unit !== 'memory'), libraries, chosen, {
    resolveOp, onProgress: (p) => progress?.update(p), collectGarbage: youngGenerationGc(),
  });
  const memory = [];
  for (const kase of cases.filter((c) => c.unit === 'memory')) {
    progress?.note(`memory: ${kase.id} (one child process per library)`);
    memory.push(runMemoryCase(kase, libraries));
  }
  progress?.done();
  const byId = new Map([...timed, ...memory].map((c) => [c.id, c]));
  const out = {
    schema: SCHEMA,
    runtime: { name: 'node', version: process.version, detail: `V8 ${process.versions.v8}, OpenSSL ${process.versions.openssl}` },
    date: new Date().toISOString(),
    host: os.hostname(),
    profile,
    settings: chosen,
    machine: machine(),
    libraries: describeLibraries(libraries),
    cases: cases.map((c) => byId.get(c.id)),
    duration_s: (performance.now() - started) / 1000,
  };
  const file = outFile ?? resultsPath(RESULTS_DIR, 'node');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  return { file, results: out };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
  const outDir = opt('out-dir');
  const { file, results } = await runNode({
    profile: opt('profile') ?? 'quick',
    only: opt('only') || undefined,
    outFile: outDir ? resultsPath(path.resolve(outDir), 'node') : undefined,
  });
  console.log(`node: ${results.cases.length} cases in ${results.duration_s.toFixed(0)} s -> ${path.relative(process.cwd(), file)}`);
  for (const line of standingLines(results)) console.log(line);
}
