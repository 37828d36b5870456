// Saline's WebAssembly build in the browser, measured through the same
// noble-style calls as noble itself. The bundler aliases "saline" to the
// repository's js/ package; browsers need `await ready()` once (ARCHITECTURE.md).
import * as saline from 'saline';
import { nobleStyleOps } from '../adapters/noble-style.mjs';

export async function load() {
  const mod = saline.sha256 ? saline : saline.default;
  await mod.ready?.();
  const backendFor = (kase) => (typeof mod.backend === 'function' ? String(mod.backend(kase.algorithm)) : 'wasm');
  return { id: 'saline-wasm', name: 'saline (wasm)', subject: true, backendFor, ops: nobleStyleOps(mod) };
}
