/**
 * The WebAssembly module of the Cloudflare Workers build (export condition
 * `workerd`). workerd forbids compiling WebAssembly from bytes at run time
 * ("Wasm code generation disallowed by embedder") and has no
 * `import.meta.url` to locate a file; a `.wasm` import is its way: wrangler
 * (whose default module rules make every `*.wasm` import a CompiledWasm
 * module) and a hand-written workerd config (a `wasm = embed "..."` module
 * named `wasm/saline-simd.wasm` beside the package's `dist/workerd/*.js`)
 * both give the compiled `WebAssembly.Module`. The SIMD128 build only:
 * workerd's V8 always has SIMD128.
 *
 * scripts/build.mjs keeps this import as written (external), so the output
 * at dist/workerd/*.js still names `../../wasm/saline-simd.wasm`: the
 * package's own file.
 */
import simd from '../../wasm/saline-simd.wasm';

export const bundledWasm: WebAssembly.Module | undefined = simd;
