/**
 * The algorithm catalog, as the Rust core defines it (crates/saline/src/
 * catalog.rs) and the backend reports it: ids, names, and every size. The
 * API never repeats a size the catalog has; it asks here.
 */
import { getBackend } from './backend/current.js';
import type { CatalogEntry, LengthRule } from './backend/types.js';

export type { CatalogEntry, CatalogOperation, LengthRule } from './backend/types.js';

let byName: Map<string, CatalogEntry> | undefined;
let loadedFrom: readonly CatalogEntry[] | undefined;

/**
 * The catalog entry for a canonical name ("sha256", "aes-gcm"). Names come
 * from this package's own tables, so a miss is a bug, reported as such.
 */
export function entry(name: string): CatalogEntry {
  const found = find(name);
  if (found) return found;
  const families = getBackend().families;
  if (families) {
    // A page that awaited only `ready()` of 'saline/sha2' and then called the main entry.
    throw new Error(
      `saline: '${name}' is not in the WebAssembly module loaded for ${families.map((f) => `'saline/${f}'`).join(', ')} (it holds ${families.join(', ')} only): ` +
        "`await ready()` from 'saline' once to load the full module",
    );
  }
  throw new Error(`saline: the ${getBackend().name} backend's catalog has no '${name}' (package and backend out of step?)`);
}

/** The catalog entry for a canonical name, or undefined. */
export function find(name: string): CatalogEntry | undefined {
  const catalog = getBackend().catalog;
  if (!byName || loadedFrom !== catalog) {
    byName = new Map(catalog.map((e) => [e.name, e]));
    loadedFrom = catalog;
  }
  return byName.get(name);
}

/** The catalog entry's id for a canonical name. */
export function id(name: string): number {
  return entry(name).id;
}

/**
 * `entry(name)`, looked up on the first call and remembered, for hot paths:
 * `entry` costs the backend check and a map lookup per call (2% of a
 * 32-byte tweetnacl `crypto_stream` on WebAssembly, perf). The entries are
 * the core's catalog, the same in every backend that has the algorithm.
 */
export function entryOnce(name: string): () => CatalogEntry {
  let found: CatalogEntry | undefined;
  return () => (found ??= entry(name));
}

/**
 * Every algorithm the core offers, with its sizes (a copy: changing it
 * changes nothing). Useful to list what is available, and for tools.
 */
export function algorithms(): CatalogEntry[] {
  return getBackend().catalog.map((e) => ({
    ...e,
    aliases: [...e.aliases],
    constants: { ...e.constants },
    operations: e.operations.map((o) => ({ ...o, nums: [...o.nums] })),
  }));
}

/** The single length a rule allows (e.g. a 32-byte key), to size an output by it. */
export function exactly(rule: LengthRule | null): number {
  if (rule && 'exactly' in rule) return rule.exactly;
  throw new Error(`saline: expected a fixed length in the catalog, got ${JSON.stringify(rule)}`);
}
