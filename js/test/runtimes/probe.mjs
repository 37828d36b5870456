// What every runtime in the smoke test runs (run.mjs copies this file and
// ../_vectors-core.mjs into a scratch project that installed the packed
// tarball): the quick vector subset through the `saline` namespace it is
// given, plus the tweetnacl entry. It only uses what every runtime has (no
// fs, no process), so the same file runs in Node, Bun, Deno and workerd.
//
// This file has no side effects: `node --test test/` loads it as a
// (trivially passing) test file.
import { runVectorFile, toHex } from '../_vectors-core.mjs';

/**
 * Runs `quick` ([{ name, file }], vector files cut to a few cases each)
 * through S (the `saline` namespace) and nacl (`saline/tweetnacl`'s default
 * export, or undefined when the caller could not load it).
 * Resolves with { backend, passed, failed, failures: [first 5 messages] }.
 */
export async function probe(S, nacl, quick) {
  const result = { backend: undefined, passed: 0, failed: 0, failures: [] };
  const fail = (message) => {
    result.failed++;
    if (result.failures.length < 5) result.failures.push(message);
  };
  await S.ready();
  result.backend = S.backend();
  for (const { name, file } of quick) {
    const tally = await runVectorFile(S, name, file, { slow: false, checkAsync: true });
    result.passed += tally.passed;
    for (const f of tally.failures) fail(`${name} case ${f.id}: ${f.message}`);
  }
  // FIPS 180-4 appendix B.1 ("abc"), through the main entry and the tweetnacl
  // one (which shares the backend, so it needs no ready() of its own).
  const abc = new TextEncoder().encode('abc');
  const sha256 = toHex(S.sha256(abc));
  if (sha256 === 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad') result.passed++;
  else fail(`sha256("abc") = ${sha256}`);
  if (nacl === undefined) {
    fail('saline/tweetnacl did not load');
  } else {
    const key = new Uint8Array(32).fill(7);
    const nonce = new Uint8Array(24).fill(9);
    const box = nacl.secretbox(abc, nonce, key);
    const opened = nacl.secretbox.open(box, nonce, key);
    const again = S.secretbox(abc, nonce, key);
    if (box.length === 19 && opened && toHex(opened) === toHex(abc) && toHex(again) === toHex(box)) result.passed++;
    else fail(`tweetnacl secretbox: ${toHex(box)} vs ${toHex(again)}`);
  }
  return result;
}
