// One library, one memory case, in a fresh process (started by run.mjs with
// --expose-gc): heap and RSS growth over params.ops calls, after full GCs on
// both sides so only what the library keeps (or leaks) remains. Prints JSON.
import fs from 'node:fs';
import { fixtureFor, opName } from './lib/harness.mjs';
import { WORKLOADS } from './run.mjs';
import { NODE_LIBRARIES } from './adapters/index.mjs';

const [libraryId, caseId] = process.argv.slice(2);
const kase = JSON.parse(fs.readFileSync(WORKLOADS, 'utf8')).cases.find((c) => c.id === caseId);
const lib = await NODE_LIBRARIES.find(([id]) => id === libraryId)[1]();
const made = await lib.ops[`${kase.params.measure}:${opName(kase)}`](fixtureFor(kase), kase);
const run = typeof made === 'function' ? made : made.run;

run(); // first call: lazy initialisation (wasm instantiation, tables) is not growth
globalThis.gc(); globalThis.gc();
const before = process.memoryUsage();
let sink;
for (let i = 0; i < kase.params.ops; i++) sink = run();
globalThis.gc(); globalThis.gc();
const after = process.memoryUsage();
if (sink === undefined) throw new Error('the operation returned nothing'); // keeps the last result alive through the loop
console.log(JSON.stringify({
  ops: kase.params.ops,
  heap_bytes: after.heapUsed - before.heapUsed,
  rss_bytes: after.rss - before.rss,
  external_bytes: after.external + after.arrayBuffers - before.external - before.arrayBuffers,
}));
