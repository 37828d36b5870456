// The benchmark harness shared by every JavaScript runner (Node and the
// browser page). It must stay free of Node-only imports: the browser runner
// bundles this very file, so both runtimes measure with the same code.
//
// A library is { id, ops, subject?, backendFor? } where ops maps
// "<operation>:<algorithm>" to a factory. A factory receives the case's
// fixture (inputs made once, outside any timed loop) and returns either a
// thunk to time or { run, output } where output(result) turns the thunk's
// result into bytes for the reference check (only called outside the timed
// loop); an output of null marks random output (key generation) that cannot
// be compared. A library may carry notes[opKey] explaining a known mismatch.
// A missing op means the library lacks the case: the report prints
// "n/a", never 0.

export const SCHEMA = 'saline-bench/1';

export function selectCases(workloads, profile, only) {
  const re = only ? new RegExp(only) : null;
  return workloads.cases.filter((c) => c.profiles.includes(profile) && (!re || re.test(c.id)));
}

/** The name a case's operations are registered under: its variant
 * ("aes-128-gcm", "crypto_box") where it has one, else its catalog name. */
export function opName(kase) {
  return kase.variant ?? kase.algorithm;
}

export function opKey(kase) {
  return `${kase.operation}:${opName(kase)}`;
}

// Deterministic inputs, different per case id, identical for every library.
// xorshift32 seeded by FNV-1a of the id: reproducible without any crypto.
export function fixtureFor(kase) {
  let s = 0x811c9dc5;
  for (const ch of kase.id) s = Math.imul(s ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  s ||= 1;
  const bytes = (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
      out[i] = s & 0xff;
    }
    return out;
  };
  // Ed25519 scalars below 2^252 are already reduced mod L (RFC 8032 §5.1).
  const scalar = () => { const b = bytes(32); b[31] &= 0x0f; return b; };
  return {
    size: kase.size ?? 0,
    msg: bytes(kase.size ?? 0),
    key: bytes(32),
    iv: bytes(16),
    nonce12: bytes(12),
    nonce24: bytes(24),
    seed: bytes(32),
    seedB: bytes(32),
    salt: bytes(16),
    scalar: scalar(),
    scalarB: scalar(),
    password: new TextEncoder().encode('correct horse battery staple'),
    params: kase.params ?? {},
  };
}

export function toBytes(value) {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (typeof value === 'boolean') return Uint8Array.of(value ? 1 : 0);
  if (typeof value === 'string') return new TextEncoder().encode(value);
  throw new TypeError(`cannot compare output of type ${Object.prototype.toString.call(value)}`);
}

const hex = (b) => Array.from(b.subarray(0, 8), (x) => x.toString(16).padStart(2, '0')).join('');
const sameBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function normalizeFactoryResult(made) {
  if (made == null) return null;
  return typeof made === 'function' ? { run: made, output: (x) => x } : { output: (x) => x, ...made };
}

// One timed round: warm up, then batches until at least minTime seconds.
// Batch size grows so the clock is read rarely relative to fast operations.
// `collectGarbage` (when the runtime offers one) runs between the warm-up
// and the timed batches: the garbage that earlier rounds left, other
// libraries' included, is then not collected (and, for external memory such
// as ArrayBuffer backing stores, swept) inside this library's timing.
async function timeRound(prepared, timing, now, collectGarbage) {
  const { run, isAsync } = prepared;
  let sink;
  if (timing.iterations) {
    collectGarbage?.();
    const t0 = now();
    for (let i = 0; i < timing.iterations; i++) sink = isAsync ? await run() : run();
    return { iterations: timing.iterations, seconds: (now() - t0) / 1000, sink };
  }
  const warmStart = now();
  const warmEnd = warmStart + timing.warmup * 1000;
  let warmIters = 0;
  do { sink = isAsync ? await run() : run(); warmIters++; } while (now() < warmEnd);
  // The measured warm-up time, not the nominal one: with warmup 0 (the full
  // profile's KDFs) the nominal value would size batches to millions of calls.
  const perOp = (now() - warmStart) / warmIters;
  collectGarbage?.();
  let batch = Math.max(1, Math.floor((timing.minTime * 1000) / 20 / Math.max(perOp, 1e-6)));
  let iterations = 0;
  const t0 = now();
  let elapsed = 0;
  while (elapsed < timing.minTime * 1000) {
    if (isAsync) for (let i = 0; i < batch; i++) sink = await run();
    else for (let i = 0; i < batch; i++) sink = run();
    iterations += batch;
    elapsed = now() - t0;
  }
  return { iterations, seconds: elapsed / 1000, sink };
}

// Checks every library's output against the reference (the first library in
// the given order that has the case and runs), then times the survivors in
// interleaved rounds, rotating the order so no library always goes first.
export async function runCase(kase, libraries, settings, hooks = {}) {
  const now = hooks.now ?? (() => performance.now());
  const fixture = hooks.fixture ?? fixtureFor(kase);
  const timing = kase.timing === 'slow' ? { ...settings, ...settings.slow } : settings;
  const results = [];
  const live = [];
  let reference = null;
  for (const lib of libraries) {
    const entry = { library: lib.id };
    results.push(entry);
    if (!lib.available) { entry.status = 'n/a'; entry.reason = lib.reason; continue; }
    const factory = hooks.resolveOp ? hooks.resolveOp(lib, kase) : lib.ops[opKey(kase)];
    if (!factory) { entry.status = 'n/a'; continue; }
    let prepared;
    let bytes;
    try {
      prepared = normalizeFactoryResult(await factory(fixture, kase));
      if (!prepared) { entry.status = 'n/a'; continue; }
      const t0 = now();
      let first = prepared.run();
      prepared.isAsync = first instanceof Promise;
      if (prepared.isAsync) first = await first;
      prepared.firstSeconds = (now() - t0) / 1000;
      const out = await prepared.output(first);
      bytes = out == null ? null : toBytes(out);
    } catch (err) {
      entry.status = 'error';
      entry.reason = `threw: ${String(err?.message ?? err).split('\n')[0]}`;
      continue;
    }
    if (lib.backendFor) entry.backend = lib.backendFor(kase);
    if (bytes === null) {
      // Random output (key generation): nothing to compare, said so in the results.
      entry.checked = false;
    } else if (!reference) {
      reference = { id: lib.id, bytes };
    } else if (!sameBytes(bytes, reference.bytes)) {
      const note = lib.notes?.[opKey(kase)];
      entry.status = 'excluded';
      entry.reason = `output differs from reference ${reference.id} (got ${hex(bytes)}…, want ${hex(reference.bytes)}…)${note ? `: ${note}` : ''}`;
      continue;
    }
    entry.status = 'ok';
    entry.rounds = [];
    live.push({ entry, prepared });
  }
  // A single timed call in a single round (the quick profile's KDFs, seconds
  // each): the check's call is that sample, rather than paying for it twice.
  const checkIsSample = timing.rounds === 1 && timing.iterations === 1;
  if (checkIsSample) {
    for (const { entry, prepared } of live) {
      hooks.onStep?.({ kase, library: entry.library, round: 0 });
      entry.rounds.push({ iterations: 1, seconds: prepared.firstSeconds });
    }
  }
  for (let round = 0; round < (checkIsSample ? 0 : timing.rounds); round++) {
    for (let k = 0; k < live.length; k++) {
      const { entry, prepared } = live[(k + round) % live.length];
      hooks.onStep?.({ kase, library: entry.library, round });
      if (entry.status !== 'ok') continue;
      try {
        const { iterations, seconds } = await timeRound(prepared, timing, now, hooks.collectGarbage);
        entry.rounds.push({ iterations, seconds });
      } catch (err) {
        // A library that fails mid-measurement loses its row, not the run.
        Object.assign(entry, { status: 'error', reason: `threw while timed: ${String(err?.message ?? err).split('\n')[0]}` });
        delete entry.rounds;
      }
    }
  }
  for (const { entry } of live.filter((l) => l.entry.status === 'ok')) {
    const rates = entry.rounds.map((r) => r.iterations / r.seconds);
    entry.rate = { median: median(rates), min: Math.min(...rates), max: Math.max(...rates) };
    entry.iterations = entry.rounds.reduce((a, r) => a + r.iterations, 0);
    entry.seconds = entry.rounds.reduce((a, r) => a + r.seconds, 0);
  }
  return {
    id: kase.id, group: kase.group, name: kase.name, algorithm: kase.algorithm,
    operation: kase.operation, unit: kase.unit, size: kase.size ?? 0,
    ...(kase.latency && { latency: true }), ...(kase.params && { params: kase.params }),
    reference: reference?.id ?? null, results,
  };
}

// How many timed (case, library, round) steps a suite has, for the progress
// line's "done/total" and its estimate of the time left.
function plannedSteps(cases, libraries, settings, resolveOp) {
  let steps = 0;
  for (const c of cases) {
    const n = libraries.filter((l) => l.available && (resolveOp ? resolveOp(l, c) : l.ops[opKey(c)])).length;
    const t = c.timing === 'slow' ? { ...settings, ...settings.slow } : settings;
    steps += n * t.rounds;
  }
  return steps;
}

export async function runSuite(cases, libraries, settings, hooks = {}) {
  const total = plannedSteps(cases, libraries, settings, hooks.resolveOp);
  const started = (hooks.now ?? (() => performance.now()))();
  let done = 0;
  const out = [];
  for (const kase of cases) {
    const onStep = ({ library, round }) => {
      const elapsed = ((hooks.now ?? (() => performance.now()))() - started) / 1000;
      const perStep = done ? elapsed / done : settings.warmup + settings.minTime;
      hooks.onProgress?.({ caseId: kase.id, library, round, done, total, etaSeconds: Math.max(0, total - done) * perStep });
      done++;
    };
    out.push(await runCase(kase, libraries, settings, { ...hooks, onStep }));
  }
  return out;
}
