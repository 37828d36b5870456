// Loading libraries for a run: a loader that throws (package missing, native
// addon that does not load) yields an unavailable library with its reason.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageVersions } from './machine.mjs';

const NODE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function loadLibraries(entries) {
  const out = [];
  for (const [id, loader] of entries) {
    let lib;
    try {
      lib = { available: true, ...(await loader()) };
    } catch (err) {
      lib = { id, name: id, available: false, reason: `failed to load: ${String(err?.message ?? err).split('\n')[0]}`, ops: {} };
    }
    if (lib.available && lib.packages) {
      try { lib.versions = packageVersions(lib.packages, NODE_DIR); } catch { lib.versions = {}; }
    }
    out.push(lib);
  }
  return out;
}

// The libraries block of a results file: everything but the code.
export const describeLibraries = (libs) => libs.map((l) => ({
  id: l.id, name: l.name, available: l.available,
  ...(l.reason && { reason: l.reason }),
  ...(l.subject && { subject: true }),
  version: l.version ?? (l.versions ? Object.entries(l.versions).map(([n, v]) => `${n}@${v}`).join(', ') : 'unknown'),
  ...(l.detail && { detail: l.detail }),
}));
