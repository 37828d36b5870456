/**
 * Node built-ins for the loaders, in the builds made for everything but
 * Node (export conditions `browser` and `default`: browsers, web workers,
 * bundles). These builds never import a `node:` module, so no bundler has
 * one to resolve or polyfill. Where `process.getBuiltinModule` exists (Node
 * >= 20.16 / 22.3, e.g. a bundle made for browsers run under a Node test
 * runner) it is used; elsewhere there is none, and the loaders fetch.
 *
 * scripts/build.mjs swaps this file for builtins-node.ts in the Node builds
 * (export conditions `node`, `deno`, `bun`), which import the built-ins
 * statically: ESM on Node 18 and 20.0-20.15 has no getBuiltinModule and no
 * `require`, and a static import is the only way to reach them there. The
 * WebAssembly worker's script gets builtins-worker.ts (see there).
 */
import type { BuiltinId } from './builtins-types.js';

type Host = { process?: { getBuiltinModule?: (id: string) => unknown } };

/** A Node built-in, or undefined where there is none. Never throws. */
export function nodeBuiltin<T>(id: BuiltinId): T | undefined {
  try {
    const get = (globalThis as Host).process?.getBuiltinModule;
    return typeof get === 'function' ? (get(id) as T | undefined) : undefined;
  } catch {
    return undefined;
  }
}
