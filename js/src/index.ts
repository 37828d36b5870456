/**
 * saline: fast, correct cryptography for every JS runtime. One Rust core,
 * reached through the native Node addon where it is built and WebAssembly
 * everywhere else; the names follow noble's, so that switching is a change
 * of import.
 *
 * In Node every function is usable from the first import. In browsers,
 * `await ready()` once; after that every call is synchronous.
 */
import { installFullSyncLoader } from './backend/load-sync.js';
export { backend, loadWasm, ready, type ReadyOptions, type WasmSource } from './backend/index.js';
export { terminateWasmWorkers } from './backend/wasm-worker-pool.js';
export { backendDetails, type BackendSelection } from './backend/details.js';
export { algorithms, type CatalogEntry, type CatalogOperation, type LengthRule } from './catalog.js';
export type { Input } from './input.js';

export * as utils from './utils.js';
export {
  base64ToBytes, base64urlToBytes, bytesToBase64, bytesToBase64url, bytesToHex, bytesToUtf8, concatBytes, equalBytes, hexToBytes, randomBytes, utf8ToBytes,
} from './utils.js';

export {
  blake2b, blake2s, blake3, keccak_256, md4, md5, ripemd160,
  sha1, sha224, sha256, sha384, sha512, sha512_256,
  sha3_224, sha3_256, sha3_384, sha3_512, shake128, shake256, whirlpool,
  type Blake2Options, type Blake3Function, type Blake3Options, type HashFunction, type Hasher, type NoOptions, type WithOut, type XofOptions,
} from './hashes.js';
export { hmac, poly1305, type Hmac, type Poly1305 } from './mac.js';

export { aegis128l, aegis256, chacha20poly1305, gcm, xchacha20poly1305, xsalsa20poly1305, type AeadCipher, type Cipher } from './aead.js';
export { cbc, chacha20, ctr, salsa20, xchacha20, xsalsa20, type CbcOptions, type StreamCipher } from './ciphers.js';

export { box, sealedbox, secretbox } from './nacl.js';
export { secretstream, SecretstreamPull, SecretstreamPush, type PushOptions, type Pulled } from './secretstream.js';

export { ed25519, x25519, type KeyPair, type VerifyOptions } from './curves.js';
export { edwards25519 } from './edwards25519.js';
export { group, type Edwards25519Group, type Ristretto255Group } from './groups.js';

export {
  argon2d, argon2i, argon2id, hkdf, pbkdf2, scrypt,
  type Argon2Options, type Pbkdf2Options, type ScryptOptions, type WithAsync,
} from './kdf.js';
export { argon2, bcrypt, type Argon2HashOptions, type Argon2VerifyOptions, type BcryptOptions, type BcryptVerifyOptions } from './passwords.js';

installFullSyncLoader();
