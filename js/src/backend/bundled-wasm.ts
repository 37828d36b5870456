/**
 * A WebAssembly module the build carries with it: none here (every build
 * but Cloudflare Workers' locates the .wasm file at run time).
 * scripts/build.mjs puts bundled-wasm-workerd.ts in its place for the
 * `workerd` export condition.
 */
export const bundledWasm: WebAssembly.Module | undefined = undefined;
