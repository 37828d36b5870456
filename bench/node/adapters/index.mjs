// Every Node library, in reference order: for each case the first library
// that has it and runs becomes the reference whose output the others must
// match (Saline when built, else node:crypto, else libsodium, ...).
// Loaders are imported lazily so one package that fails to install or load
// makes its library unavailable (with the reason) instead of stopping the run.
// To add a library: write adapters/<name>.mjs whose loader returns
// { id, name, packages, ops } and list it here.
export const NODE_LIBRARIES = [
  ['saline-native', () => import('./saline.mjs').then((m) => m.loadNative())],
  ['saline-native-reused', () => import('./saline.mjs').then((m) => m.loadNativeReused())],
  ['saline-wasm', () => import('./saline.mjs').then((m) => m.loadWasm())],
  ['saline/tweetnacl', () => import('./saline.mjs').then((m) => m.loadTweetnacl())],
  ['node:crypto', () => import('./node-crypto.mjs').then((m) => m.loadOneShot())],
  ['node:crypto createHash', () => import('./node-crypto.mjs').then((m) => m.loadCreateHash())],
  ['libsodium', () => import('./libsodium.mjs').then((m) => m.load())],
  ['hash-wasm', () => import('./hash-wasm.mjs').then((m) => m.load())],
  ['noble', () => import('./noble.mjs').then((m) => m.load())],
  ['tweetnacl', () => import('./tweetnacl.mjs').then((m) => m.load())],
  ['crypto-js', () => import('./crypto-js.mjs').then((m) => m.load())],
  ['bcryptjs', () => import('./bcryptjs.mjs').then((m) => m.load())],
  ['argon2', () => import('./argon2.mjs').then((m) => m.load())],
  ['sodium-native', () => import('./sodium-native.mjs').then((m) => m.loadAllocating())],
  ['sodium-native-reused', () => import('./sodium-native.mjs').then((m) => m.loadReusing())],
  ['node-rs-argon2', () => import('./node-rs-argon2.mjs').then((m) => m.load())],
  ['node-rs-bcrypt', () => import('./node-rs-bcrypt.mjs').then((m) => m.load())],
  ['bcrypt', () => import('./bcrypt.mjs').then((m) => m.load())],
  ['napi-rs-blake-hash', () => import('./napi-rs-blake-hash.mjs').then((m) => m.load())],
];
