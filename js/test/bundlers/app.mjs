// The app every bundler recipe builds (run.mjs copies it into a scratch
// project that installed the packed tarball): load the backend the way the
// recipe says, then SHA-256, secretbox and the async Argon2id, whose bytes
// run.mjs checks against known answers.
//
// This file has no side effects: `node --test test/` loads it as a
// (trivially passing) test file.
import { argon2id, backend, ready, secretbox, sha256, utils } from 'saline';

/** Resolves with what the page reports; `readyOptions` is the recipe's argument to ready(). */
export async function check(readyOptions) {
  await (readyOptions === undefined ? ready() : ready(readyOptions));
  const key = new Uint8Array(32).fill(7);
  const nonce = new Uint8Array(24).fill(9);
  const salt = new Uint8Array(16).fill(1);
  return {
    backend: backend(),
    sha256: utils.bytesToHex(sha256('abc')),
    secretbox: utils.bytesToHex(secretbox('abc', nonce, key)),
    argon2idAsync: utils.bytesToHex(await argon2id.async('password', salt, { t: 2, m: 64, p: 1, dkLen: 16 })),
  };
}

/** The report of a failure: the error's name and message, which run.mjs prints. */
export function describeError(error) {
  return { error: `${error?.name}: ${error?.message}` };
}
