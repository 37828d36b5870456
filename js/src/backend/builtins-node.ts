/**
 * Node built-ins for the loaders in the Node builds (export conditions
 * `node`, `deno` and `bun`; scripts/build.mjs puts this file in place of
 * builtins.ts there). Static imports, so that ESM works on every Node the
 * package supports: `process.getBuiltinModule` only exists from Node 20.16
 * / 22.3, and an ES module has no `require`. Deno and Bun provide all of
 * these modules too. Namespace imports: a named import of a function an
 * older Node lacks (os.availableParallelism before 18.14) would be a
 * SyntaxError at link time, a missing namespace property is undefined.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as module from 'node:module';
import * as os from 'node:os';
import * as url from 'node:url';
import * as workerThreads from 'node:worker_threads';
import type { BuiltinId } from './builtins-types.js';

const table = {
  'node:crypto': crypto,
  'node:fs': fs,
  'node:module': module,
  'node:os': os,
  'node:url': url,
  'node:worker_threads': workerThreads,
} as Record<BuiltinId, unknown>;

/** A Node built-in (always present in this build). */
export function nodeBuiltin<T>(id: BuiltinId): T | undefined {
  return table[id] as T;
}
