/**
 * What the loaders ask of the host, read so that a sandbox cannot crash
 * them: environment variables (Deno without --allow-env throws `NotCapable`
 * on any `process.env` read; an optional setting must fall back to its
 * default instead) and the URL of this module, from which the package's own
 * files are found.
 */
import { nodeBuiltin } from './builtins.js';

declare const __filename: string | undefined;

type Host = { process?: { env?: Record<string, string | undefined>; versions?: { node?: string } } };

/** Whether this is Node, or a runtime that provides its APIs (Deno, Bun). */
export function isNode(): boolean {
  try {
    return typeof (globalThis as Host).process?.versions?.node === 'string';
  } catch {
    return false;
  }
}

/**
 * An environment variable, or undefined when it is unset, empty, or cannot
 * be read (no `process`, or a permission sandbox refusing the read).
 */
export function envVar(name: string): string | undefined {
  try {
    const value = (globalThis as Host).process?.env?.[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This module's URL: `import.meta.url` in the ESM builds, from `__filename`
 * in the CommonJS ones. Every build puts its files two directories below
 * the package root (dist/esm, dist/cjs, dist/node, dist/workerd, and
 * src/backend under a TypeScript runner), so `../../wasm/` and
 * `../../native/` from here are the package's own directories.
 */
export function moduleUrl(): string | undefined {
  // esbuild's CJS output replaces import.meta with {} (url undefined), so
  // this is set exactly in the ESM builds (checked first: a CJS global
  // __filename, as `node -e` defines, must not win there).
  const meta = import.meta as { url?: string } | undefined;
  if (typeof meta?.url === 'string' && meta.url !== '') return meta.url;
  if (typeof __filename === 'string' && __filename !== '') {
    return nodeBuiltin<{ pathToFileURL(path: string): URL }>('node:url')?.pathToFileURL(__filename).href;
  }
  return undefined;
}

/** The backend SALINE_BACKEND forces, if any (tests and benchmarks run every suite once per backend). */
export function forced(): 'native' | 'wasm' | undefined {
  const value = envVar('SALINE_BACKEND');
  if (value === undefined) return undefined;
  if (value === 'native' || value === 'wasm') return value;
  throw new Error(`saline: SALINE_BACKEND must be 'native' or 'wasm', got '${value}'`);
}
