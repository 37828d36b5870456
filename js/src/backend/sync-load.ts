/**
 * How `getBackend()` loads synchronously, in the browser build (dist/esm,
 * export conditions `browser` and `default`): through the loader an entry
 * point installed when it was evaluated, the full one (load-sync.ts) by the
 * main entry, the SHA-2 module's by `saline/sha2`. So a bundle of
 * `saline/sha2` reaches neither the native loader nor the full module,
 * while a test runner that evaluates the browser build under Node (vitest,
 * jest) still loads without `ready()`, as before. A browser cannot load
 * synchronously anyway; there `await ready()`.
 *
 * scripts/build.mjs puts sync-load-linked.ts in its place in the other
 * builds (Node, Deno, Bun, Cloudflare Workers, CommonJS), which link the
 * full loader statically: a user's bundler can then never drop it.
 */
import type { Backend } from './types.js';

type Loader = () => Backend | undefined;

let installed: Loader | undefined;
let installedHoldsAll = false;

/** The synchronous loader, if an entry point installed one. */
export function syncLoader(): Loader | undefined {
  return installed;
}

/** Installs an entry point's loader; one that loads every algorithm wins over a family's. */
export function installSyncLoader(load: Loader, holdsAll: boolean): void {
  if (installed && (installedHoldsAll || !holdsAll)) return;
  installed = load;
  installedHoldsAll = holdsAll;
}
