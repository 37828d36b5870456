/**
 * The WebAssembly backend: a hand-written loader over the raw ABI of
 * crates/saline-wasm (no wasm-bindgen; the ABI is in that crate's README).
 * This file finds, compiles and instantiates the module and assembles the
 * Backend; the rest is one file per concern:
 *  - wasm-abi.ts: the module's exports, the call limits, the stack-wipe
 *    depths, argument checks and `env.saline_random_fill`;
 *  - wasm-instance.ts: one instance, its I/O buffer, one-shot calls and
 *    wiping, and replacing the instance when memory grew or after a trap;
 *  - wasm-streams.ts: the stream calls;
 *  - wasm-worker-pool.ts: callAsync's workers (the main-thread side), and
 *    wasm-worker.ts, what runs inside them.
 *
 * Loading. Each module ships as two builds in js/wasm/, SIMD128 and
 * baseline: the full module (saline-simd.wasm, saline.wasm; wasm-full.ts)
 * and the SHA-2 module of `saline/sha2` (saline-sha2-simd.wasm,
 * saline-sha2.wasm; wasm-sha2.ts). `WebAssembly.validate` on a tiny SIMD
 * module picks the build at load time; the caller names the module (a
 * WasmModuleSpec).
 *  - Node, Deno and Bun (the builds of export conditions `node`, `deno`,
 *    `bun`): `loadWasmSync()` reads the file synchronously and instantiates
 *    synchronously, so nothing needs awaiting. The file is `SALINE_WASM_DIR`
 *    when set, else the package's own `wasm/`, two directories up from this
 *    module in every build (locate.ts). `node:fs` comes from builtins.ts,
 *    which the Node builds import statically (so ESM works on Node 18 and
 *    20.0-20.15, which lack `process.getBuiltinModule`) and the others
 *    never import.
 *  - Browsers (conditions `browser`, `default`): `loadWasm(source?)`
 *    fetches and compiles asynchronously (`WebAssembly.instantiateStreaming`,
 *    falling back to `arrayBuffer()` + `instantiate` when the server's MIME
 *    type is wrong). The default URL is
 *    `new URL('../../wasm/<file>', import.meta.url)` (WasmModuleSpec.url):
 *    the layout of dist/esm/*.js, and the literal pattern bundlers (Vite,
 *    webpack 5) recognise as an asset.
 *  - Cloudflare Workers (condition `workerd`): compiling from bytes is
 *    forbidden, so that build imports saline-simd.wasm as a module
 *    (bundled-wasm-workerd.ts) and instantiates the compiled module.
 *  - Anywhere: `ready({ wasm })` takes a URL, a Response, the bytes or a
 *    compiled module (WasmSource). A compile refused by a
 *    Content-Security-Policy or by the embedder is rethrown saying what to
 *    allow (explainCompileError).
 */
import type { Backend, CatalogEntry } from './types.js';
import { nodeBuiltin } from './builtins.js';
import { envVar, isNode } from './host.js';
import { existingFiles, packageFile, placeName } from './locate.js';
import { makeImports, type CallWipesById } from './wasm-abi.js';
import { WasmInstance, type ShortCall } from './wasm-instance.js';
import { wasmStreams } from './wasm-streams.js';

/**
 * One WebAssembly module the package ships: the full one (wasm-full.ts,
 * every algorithm) or a family's (wasm-sha2.ts, SHA-2 only, for pages that
 * import `saline/sha2`). Nothing in this file names a module, so that a
 * bundle keeps only the modules its entry points reach.
 */
export interface WasmModuleSpec {
  /** The file names in the package's wasm/ directory, SIMD and baseline builds. */
  readonly files: { readonly simd: string; readonly baseline: string };
  /**
   * The URL a browser fetches a build from: two literals of the form
   * `new URL('../../wasm/<file>', import.meta.url)`, the pattern bundlers
   * (Vite, webpack 5) recognise as an asset and copy; undefined in a build
   * without `import.meta.url`.
   */
  url(simd: boolean): URL | undefined;
  /** The algorithm families it holds; undefined when it holds every algorithm. */
  readonly families?: readonly string[];
  /**
   * `.async` off the calling thread (the full module's worker pool), and
   * `blake3.async` split across that pool (wasm-blake3.ts). Without it,
   * `.async` computes on the calling thread.
   */
  readonly offThread?: (wasm: WasmInstance, module: WebAssembly.Module) => Pick<Backend, 'callAsync' | 'blake3Async'>;
  /** Its short export beyond `saline_call2`, if any (the full module's `saline_call4`: wasm-call4.ts). */
  readonly shortCall?: ShortCall;
  /** Its calls with a stack wipe of their own, by op and id (the full module's: wasm-abi.ts `callWipesById`). */
  readonly callWipes?: (catalog: readonly CatalogEntry[]) => CallWipesById;
}

/** `(func (result v128) i32.const 0 i8x16.splat i8x16.popcnt)`: valid only where SIMD128 is. */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/**
 * Whether the SIMD128 build is used: where the engine runs it, unless
 * SALINE_WASM_SIMD=0 asks for the baseline build (tests run every suite on
 * both; an environment read that a sandbox refuses counts as unset).
 */
export function wasmSimdSupported(): boolean {
  if (envVar('SALINE_WASM_SIMD') === '0') return false;
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** The file of `spec` the loader picks on this engine. */
export function wasmFileName(spec: WasmModuleSpec, simd = wasmSimdSupported()): string {
  return simd ? spec.files.simd : spec.files.baseline;
}

/**
 * A Backend over an instance made with `makeImports()`. `module` is what
 * the instance was made from: callAsync hands it to the worker, and a fresh
 * instance is made from it when the memory should shrink or after a trap.
 */
function backendOver(instance: WebAssembly.Instance, bind: (memory: WebAssembly.Memory) => void, module: WebAssembly.Module, spec?: WasmModuleSpec): Backend {
  const wasm = new WasmInstance(instance, bind, module, spec?.shortCall);
  const catalog = wasm.catalog();
  if (spec?.callWipes) wasm.callWipe = spec.callWipes(catalog);
  const offThread = spec?.offThread?.(wasm, module);
  return {
    name: 'wasm',
    ...(spec?.families ? { families: spec.families } : {}),
    catalog,
    backendsJson: () => wasm.backendsJson(),
    call: (op, alg, bytes, nums, out) => wasm.call(op, alg, bytes, nums, out),
    // The inputs are copied into linear memory, the output out of it on success (wasm-instance.ts `crossing`).
    copiesInputs: true,
    callCopy: (op, alg, bytes, nums, outLength) => wasm.callCopy(op, alg, bytes, nums, outLength),
    callAsync:
      offThread?.callAsync ??
      ((op, alg, bytes, nums, outLength) => {
        try {
          return Promise.resolve(wasm.callCopy(op, alg, bytes, nums, outLength));
        } catch (error) {
          return Promise.reject(error);
        }
      }),
    blake3Async: offThread?.blake3Async,
    ...wasmStreams(wasm),
  };
}

// ---------------------------------------------------------------- loading

/**
 * Where the module comes from: a URL (fetched; a file: URL is read in
 * Node), a Response or a promise of one (e.g. `fetch(url)`), the bytes, or
 * a compiled `WebAssembly.Module` (what Cloudflare Workers give for a
 * `.wasm` import, since they forbid compiling from bytes).
 */
export type WasmSource = string | URL | Response | PromiseLike<Response> | BufferSource | WebAssembly.Module;

/**
 * The error of a refused compile, explained. Engines word it differently:
 * Chromium "Refused to compile or instantiate WebAssembly module because
 * 'unsafe-eval' is not an allowed source of script in the following Content
 * Security Policy directive", Firefox "... blocked by CSP", Safari "Refused
 * to create a WebAssembly object because 'unsafe-eval' or
 * 'wasm-unsafe-eval' is not an allowed source of script"; V8 embedders that
 * forbid code generation (workerd) "Wasm code generation disallowed by
 * embedder". Anything else is returned unchanged.
 */
export function explainCompileError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (/Content Security Policy|unsafe-eval|\bCSP\b/.test(message)) {
    return new Error(
      "saline: the Content-Security-Policy forbids compiling WebAssembly. Allow it with `script-src 'wasm-unsafe-eval'` " +
        "(CSP Level 3; Chrome 97+, Firefox 102+, Safari 16+; older browsers need 'unsafe-eval'); " +
        `\`.async\` also needs \`worker-src blob:\` to run off the main thread. (${message})`,
      { cause: error },
    );
  }
  if (/disallowed by embedder/.test(message)) {
    return new Error(
      'saline: this runtime forbids compiling WebAssembly from bytes (Cloudflare Workers / workerd). ' +
        "Import saline through its `workerd` export condition (wrangler sets it), or pass the module your bundler gives for " +
        "`import wasm from 'saline/wasm/saline-simd.wasm'` to `ready({ wasm })`. " +
        `(${message})`,
      { cause: error },
    );
  }
  return error;
}

function explained<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw explainCompileError(error);
  }
}

async function explainedAsync<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw explainCompileError(error);
  }
}

function isModule(source: unknown): source is WebAssembly.Module {
  return typeof WebAssembly.Module === 'function' && source instanceof WebAssembly.Module;
}

function isBufferSource(source: unknown): source is BufferSource {
  return source instanceof ArrayBuffer || ArrayBuffer.isView(source) || (typeof SharedArrayBuffer === 'function' && source instanceof SharedArrayBuffer);
}

/** A Response, also from another realm (a polyfill, an iframe, undici's own class). */
function isResponse(source: unknown): source is Response {
  if (typeof Response === 'function' && source instanceof Response) return true;
  const r = source as Partial<Response> | null;
  return typeof r === 'object' && r !== null && typeof r.arrayBuffer === 'function' && typeof r.headers === 'object' && typeof r.ok === 'boolean';
}

/**
 * A backend over `source`: wasm bytes or a compiled module (synchronous
 * instantiation), the module `spec` says (none: every algorithm, `.async`
 * on the calling thread, as inside a worker).
 */
export function createWasmBackend(source: BufferSource | WebAssembly.Module, spec?: WasmModuleSpec): Backend {
  const module = isModule(source) ? source : explained(() => new WebAssembly.Module(source));
  const { imports, bind } = makeImports();
  return backendOver(
    explained(() => new WebAssembly.Instance(module, imports)),
    bind,
    module,
    spec,
  );
}

/** The same, instantiating asynchronously (browsers forbid large synchronous compiles). */
async function createWasmBackendAsync(source: BufferSource | WebAssembly.Module, spec: WasmModuleSpec): Promise<Backend> {
  const module = isModule(source) ? source : await explainedAsync(() => WebAssembly.compile(source));
  const { imports, bind } = makeImports();
  return backendOver(await explainedAsync(() => WebAssembly.instantiate(module, imports)), bind, module, spec);
}

type Fs = { readFileSync(path: string | URL): Uint8Array };

/**
 * The wasm file in Node (and Deno and Bun), or undefined elsewhere. Looks at
 * `SALINE_WASM_DIR` when set, then the package's own `wasm/` directory
 * (locate.ts). Throws when Node cannot find or read it.
 */
function readWasmFileSync(file: string): Uint8Array | undefined {
  if (!isNode()) return undefined;
  const fs = nodeBuiltin<Fs>('node:fs');
  if (!fs) return undefined;
  const places: (string | URL)[] = [];
  const dir = envVar('SALINE_WASM_DIR');
  if (dir) places.push(dir.replace(/[\\/]+$/, '') + '/' + file);
  const own = packageFile('wasm/' + file);
  if (own) places.push(own);
  const tried: string[] = [];
  for (const place of existingFiles(places, tried)) {
    try {
      return fs.readFileSync(place);
    } catch (error) {
      // A permission sandbox (Deno without --allow-read) refuses the read.
      tried.push(`${placeName(place)} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  throw new Error(
    `saline: ${file} not found (looked at ${tried.join(', ') || 'no location: this build does not know its own URL'}); ` +
      'set SALINE_WASM_DIR to the directory that holds it, or load it yourself with `await ready({ wasm })` ' +
      '(a URL, a Response, the bytes or a WebAssembly.Module)',
  );
}

/**
 * Loads the WebAssembly backend synchronously: in Node (reads the file next
 * to the package and instantiates at once), or from `source` anywhere.
 * Returns undefined where loading must be awaited (browsers): use `loadWasm`.
 */
export function loadWasmSync(spec: WasmModuleSpec, source?: BufferSource | WebAssembly.Module): Backend | undefined {
  if (source !== undefined) return createWasmBackend(source, spec);
  const bytes = readWasmFileSync(wasmFileName(spec));
  return bytes ? createWasmBackend(bytes, spec) : undefined;
}

function defaultUrl(spec: WasmModuleSpec, simd: boolean): URL {
  const url = spec.url(simd);
  if (!url) {
    throw new Error('saline: cannot locate the WebAssembly file from this build; pass it to `ready({ wasm })` (a URL, a Response, the bytes or a WebAssembly.Module)');
  }
  return url;
}

/**
 * Loads the WebAssembly backend asynchronously (browsers, workers, Deno)
 * from `source` (see WasmSource); without one, from the SIMD or baseline
 * file next to the package: read from disk in Node, fetched elsewhere and
 * compiled while it streams.
 */
export async function loadWasm(spec: WasmModuleSpec, source?: WasmSource): Promise<Backend> {
  if (isModule(source) || isBufferSource(source)) return createWasmBackendAsync(source, spec);
  const simd = wasmSimdSupported();
  if (source === undefined) {
    const bytes = readWasmFileSync(wasmFileName(spec, simd));
    if (bytes) return createWasmBackendAsync(bytes, spec);
  }
  let response: Response;
  if (isResponse(source)) {
    response = source;
  } else if (typeof (source as PromiseLike<Response> | undefined)?.then === 'function') {
    const settled: unknown = await source;
    if (!isResponse(settled)) throw new TypeError('saline: ready({ wasm }): the promise did not resolve to a Response');
    response = settled;
  } else if (source === undefined || typeof source === 'string' || (source as unknown) instanceof URL) {
    const url = source === undefined ? defaultUrl(spec, simd) : new URL(source as string | URL, (globalThis as { location?: { href: string } }).location?.href);
    // Node's fetch refuses file: URLs; read them instead.
    if (url.protocol === 'file:' && isNode()) {
      const fs = nodeBuiltin<Fs>('node:fs');
      if (fs) return createWasmBackendAsync(fs.readFileSync(url), spec);
    }
    response = await fetch(url);
  } else {
    throw new TypeError('saline: ready({ wasm }) takes a URL, a Response (or a promise of one), the bytes or a WebAssembly.Module');
  }
  if (!response.ok) throw new Error(`saline: fetching ${response.url || 'the WebAssembly file'} failed (HTTP ${response.status})`);
  const { imports, bind } = makeImports();
  // instantiateStreaming compiles while the bytes arrive, but only when the
  // server labels them application/wasm; otherwise compile from the bytes.
  const wasmType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim() === 'application/wasm';
  const { instance, module } = await explainedAsync(async () =>
    wasmType && typeof WebAssembly.instantiateStreaming === 'function'
      ? await WebAssembly.instantiateStreaming(response, imports)
      : await WebAssembly.instantiate(await response.arrayBuffer(), imports),
  );
  return backendOver(instance, bind, module, spec);
}
