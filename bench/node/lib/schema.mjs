// Validates a results file against the schema documented in bench/README.md
// ("Results schema"). Every runner (Node, browser, Go, Rust) writes this
// shape; the report refuses files that do not match. Returns a list of errors.
import { SCHEMA } from './harness.mjs';

const STATUSES = new Set(['ok', 'n/a', 'excluded', 'error']);
const UNITS = new Set(['bytes', 'ops', 'memory']);
const isNum = (x) => typeof x === 'number' && Number.isFinite(x);
const isStr = (x) => typeof x === 'string' && x.length > 0;

export function validateResults(doc) {
  const errors = [];
  const need = (cond, msg) => { if (!cond) errors.push(msg); };
  need(doc?.schema === SCHEMA, `schema must be "${SCHEMA}"`);
  need(isStr(doc?.runtime?.name) && isStr(doc?.runtime?.version), 'runtime.name and runtime.version are strings');
  need(isStr(doc?.date) && !Number.isNaN(Date.parse(doc.date)), 'date is an ISO timestamp');
  need(isStr(doc?.host), 'host is a string');
  need(isStr(doc?.profile), 'profile is a string');
  need(isStr(doc?.machine?.cpu_model) && Array.isArray(doc?.machine?.cpu_flags) && isNum(doc?.machine?.cores), 'machine has cpu_model, cpu_flags[], cores');
  need(Array.isArray(doc?.libraries) && doc.libraries.every((l) => isStr(l.id) && typeof l.available === 'boolean' && typeof l.version === 'string'),
    'libraries[] have id, available, version');
  need(Array.isArray(doc?.cases), 'cases is an array');
  const libIds = new Set((doc?.libraries ?? []).map((l) => l.id));
  for (const c of doc?.cases ?? []) {
    const where = `case ${c?.id}`;
    need(isStr(c?.id) && isStr(c?.group) && isStr(c?.name) && isStr(c?.algorithm) && isStr(c?.operation), `${where}: id, group, name, algorithm, operation`);
    need(UNITS.has(c?.unit), `${where}: unit is bytes|ops|memory`);
    need(isNum(c?.size), `${where}: size is a number`);
    need(c?.reference === null || libIds.has(c?.reference), `${where}: reference is null or a library id`);
    for (const r of c?.results ?? []) {
      const at = `${where} / ${r?.library}`;
      need(libIds.has(r?.library), `${at}: library is listed in libraries`);
      need(STATUSES.has(r?.status), `${at}: status is ok|n/a|excluded|error`);
      if (r?.status === 'excluded' || r?.status === 'error') need(isStr(r.reason), `${at}: ${r.status} needs a reason`);
      if (r?.status !== 'ok') continue;
      if (c.unit === 'memory') {
        need(isNum(r.memory?.ops) && isNum(r.memory?.heap_bytes) && isNum(r.memory?.rss_bytes), `${at}: memory {ops, heap_bytes, rss_bytes}`);
        continue;
      }
      need(Array.isArray(r.rounds) && r.rounds.length > 0 && r.rounds.every((x) => x.iterations > 0 && x.seconds > 0), `${at}: rounds[] of {iterations > 0, seconds > 0}`);
      need(isNum(r.rate?.median) && r.rate.min <= r.rate.median && r.rate.median <= r.rate.max, `${at}: rate {min <= median <= max}`);
      need(isNum(r.iterations) && isNum(r.seconds), `${at}: iterations and seconds totals`);
    }
  }
  return errors;
}
