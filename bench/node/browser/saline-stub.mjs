// Stands in for saline-wasm.mjs in the page bundle while the Saline package
// (js/) is not built, so the browser report says so instead of failing.
export async function load() {
  return { id: 'saline-wasm', name: 'saline (wasm)', subject: true, available: false, reason: 'Saline not built (no loadable package at js/)', ops: {} };
}
