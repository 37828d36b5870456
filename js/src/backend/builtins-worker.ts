/**
 * Node built-ins inside the WebAssembly worker's script (scripts/build.mjs
 * puts this file in place of builtins.ts for that one bundle). The script
 * is a string run by both `new Worker(code, { eval: true })` in Node and a
 * Blob-URL Worker in browsers, so it cannot import anything statically. In
 * Node an eval'd worker is a CommonJS script: `require` exists there on
 * every version, and `process.getBuiltinModule` from 20.16 / 22.3.
 */
import type { BuiltinId } from './builtins-types.js';

declare const require: ((id: string) => unknown) | undefined;

type Host = { process?: { getBuiltinModule?: (id: string) => unknown } };

/** A Node built-in, or undefined outside Node. Never throws. */
export function nodeBuiltin<T>(id: BuiltinId): T | undefined {
  try {
    const get = (globalThis as Host).process?.getBuiltinModule;
    if (typeof get === 'function') return get(id) as T | undefined;
    return typeof require === 'function' ? (require(id) as T) : undefined;
  } catch {
    return undefined;
  }
}
