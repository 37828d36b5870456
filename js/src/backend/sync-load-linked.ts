/**
 * sync-load.ts for the builds that link the full loader statically (Node,
 * Deno, Bun, Cloudflare Workers, CommonJS): every entry point loads the
 * native addon or the full WebAssembly module, and installing does nothing.
 */
import type { Backend } from './types.js';
import { loadSync } from './load-sync.js';

/** The full synchronous loader. */
export function syncLoader(): () => Backend | undefined {
  return loadSync;
}

/** Nothing to install: the full loader is linked. */
export function installSyncLoader(_load: () => Backend | undefined, _holdsAll: boolean): void {}
