/**
 * Where both backends find the package's own files: the WebAssembly modules
 * in `wasm/` and the Node addon in `native/` (issue 15, part 4: one locator
 * instead of two drifted copies in native.ts and wasm.ts).
 *
 * Every build puts its files two directories below the package root
 * (host.ts `moduleUrl`), so a package file is `../../<file>` from this
 * module. Each backend then says which places to look at, in order, and
 * what an override means there (native.ts: `SALINE_NATIVE_PATH` is the one
 * place; wasm-load.ts: `SALINE_WASM_DIR` comes before the package's own
 * directory); `existingFiles` checks them the same way for both. Nothing is
 * ever looked for outside these places: in particular not up the user's
 * directory tree.
 */
import { nodeBuiltin } from './builtins.js';
import { moduleUrl } from './host.js';

/** The addon (js/scripts/build-native.sh); the WebAssembly files are named by wasm-full.ts and wasm-sha2.ts. */
export const ADDON_FILE = 'native/saline.node';

/**
 * The package's own `file` (a path below the package root) as a file: URL,
 * or undefined where this build does not run from disk (a browser fetches
 * instead: `WasmModuleSpec.url`).
 */
export function packageFile(file: string): URL | undefined {
  const base = moduleUrl();
  return base?.startsWith('file:') ? new URL('../../' + file, base) : undefined;
}

/** The same as a path, for Node's `require` (which takes no URL). */
export function packageFilePath(file: string): string | undefined {
  const url = packageFile(file);
  const toPath = nodeBuiltin<{ fileURLToPath(url: URL): string }>('node:url');
  return url && toPath ? toPath.fileURLToPath(url) : undefined;
}

/** How a place reads in a "looked at" message: a URL as its href. */
export function placeName(place: string | URL): string {
  return place instanceof URL ? place.href : place;
}

/**
 * Each of `places`, in order, that exists on disk; a missing one is added
 * to `looked` and skipped. A place whose check a sandbox refuses is yielded
 * all the same, so that the read or load that follows says why (Deno
 * without --allow-read names the flag to add). Outside Node, Deno and Bun
 * there is no `node:fs`, and every place is yielded unchecked.
 */
export function* existingFiles<P extends string | URL>(places: readonly P[], looked: string[]): Generator<P> {
  const fs = nodeBuiltin<{ existsSync(path: string | URL): boolean }>('node:fs');
  for (const place of places) {
    let present = true;
    try {
      present = fs ? fs.existsSync(place) : true;
    } catch {
      // A sandbox refusing the check: let the read or load itself say why.
    }
    if (present) yield place;
    else looked.push(placeName(place));
  }
}
