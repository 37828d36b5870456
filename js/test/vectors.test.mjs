// Every case of every file in vectors/ (see vectors/FORMAT.md), through the
// public API of `saline`, on the backend SALINE_BACKEND forces (make test runs
// this file once per backend). Prints per-file counts; any mismatch fails.
// Cases marked `slow` run with SALINE_SLOW_VECTORS=1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as S from 'saline';
import { runVectorFile, formatTally } from './_vectors-core.mjs';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

const vectorsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'vectors');
const slow = Boolean(process.env.SALINE_SLOW_VECTORS);

// The raw RFC 7748 function, for the x25519 cases whose result is all zero
// (the checked getSharedSecret refuses those). Only if the compat entry loads.
let rawScalarMult;
try {
  const nacl = (await import('saline/tweetnacl')).default;
  if (typeof nacl?.scalarMult === 'function') rawScalarMult = (n, p) => nacl.scalarMult(n, p);
} catch (e) {
  console.log(`saline/tweetnacl not loadable (${e.message}); raw X25519 checks skipped`);
}

const kinds = readdirSync(vectorsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !['licenses', 'tools'].includes(d.name))
  .map((d) => d.name)
  .sort();

const totals = { files: 0, passed: 0, unsupported: 0, slowSkipped: 0 };

for (const kind of kinds) {
  const files = readdirSync(join(vectorsDir, kind)).filter((f) => f.endsWith('.json')).sort();
  for (const f of files) {
    const name = `${kind}/${f}`;
    test(name, async () => {
      const file = JSON.parse(readFileSync(join(vectorsDir, kind, f), 'utf8'));
      assert.equal(file.kind, kind, `${name}: kind field`);
      const t = await runVectorFile(S, name, file, { slow, checkAsync: true, rawScalarMult });
      console.log(`[${S.backend()}] ${formatTally(t)}`);
      totals.files++;
      totals.passed += t.passed;
      totals.unsupported += t.unsupported;
      totals.slowSkipped += t.slowSkipped;
      if (t.failures.length) {
        const shown = t.failures.slice(0, 15).map((x) => `  case ${x.id}: ${x.message}`).join('\n');
        assert.fail(`${name}: ${t.failures.length} of ${file.cases.length} cases failed\n${shown}${t.failures.length > 15 ? '\n  …' : ''}`);
      }
      assert.equal(t.passed + t.unsupported + t.slowSkipped, file.cases.length);
    });
  }
}

test('totals', () => {
  console.log(
    `[${S.backend()}] vectors: ${totals.files} files, ${totals.passed} passed, ${totals.unsupported} unsupported, ${totals.slowSkipped} slow skipped`,
  );
  assert.ok(totals.passed > 0);
});
