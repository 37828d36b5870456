/** A `.wasm` import as Cloudflare Workers resolve it: the compiled module (bundled-wasm-workerd.ts). */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
