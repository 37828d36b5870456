/**
 * NaCl's boxes in libsodium's "easy" layouts (no zero padding):
 *   secretbox:  tag (16) ‖ ciphertext                — crypto_secretbox_easy
 *   box:        tag (16) ‖ ciphertext                — crypto_box_easy
 *   sealedbox:  ephemeral pk (32) ‖ tag ‖ ciphertext — crypto_box_seal
 * For tweetnacl's own API and its zero-padded layouts, import 'saline/tweetnacl'.
 *
 * `open` returns null when the box does not authenticate (a forgery, or
 * the wrong key or nonce), as tweetnacl does; malformed arguments (wrong
 * types or lengths, a box shorter than its tag) still throw.
 */
import { Op } from './backend/types.js';
import { call, callOrNull } from './call.js';
import { entryOnce, exactly } from './catalog.js';
import type { KeyPair } from './curves.js';
import { bytes, message, optionalBytes, type Input } from './input.js';

/** The catalog entries, each looked up once (catalog.ts `entryOnce`). */
const XSALSA20_POLY1305 = /* @__PURE__ */ entryOnce('xsalsa20-poly1305');
const BOX = /* @__PURE__ */ entryOnce('box');
const SEALEDBOX = /* @__PURE__ */ entryOnce('sealedbox');

const SECRETBOX = { seal: { fn: 'secretbox', renames: { plaintext: 'msg' } }, open: { fn: 'secretbox.open', renames: { ciphertext: 'box' } } };

function secretboxArgs(where: string, nonce: unknown, key: unknown) {
  const info = XSALSA20_POLY1305();
  return { info, key: bytes(where, 'key', key, info.key), nonce: bytes(where, 'nonce', nonce, info.nonce) };
}

/** crypto_secretbox_easy: XSalsa20-Poly1305 of `msg` under a 32-byte key and 24-byte nonce. */
function seal(msg: Input, nonce: Uint8Array, key: Uint8Array): Uint8Array<ArrayBuffer> {
  const { info, key: k, nonce: n } = secretboxArgs('secretbox', nonce, key);
  const data = message('secretbox', 'msg', msg);
  return call(SECRETBOX.seal, Op.AeadSeal, info.id, [k, n, null, data], [], data.length + info.tagLength);
}

/** crypto_secretbox_open_easy: the message, or null if the box does not authenticate. */
function open(box: Uint8Array, nonce: Uint8Array, key: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const { info, key: k, nonce: n } = secretboxArgs('secretbox.open', nonce, key);
  const data = bytes('secretbox.open', 'box', box);
  return callOrNull(SECRETBOX.open, Op.AeadOpen, info.id, [k, n, null, data], [], Math.max(0, data.length - info.tagLength));
}

/** Secret-key authenticated encryption (NaCl secretbox, libsodium's easy layout). */
export const secretbox: typeof seal & { open: typeof open } = /* @__PURE__ */ Object.assign(seal, { open });

// The core names a box's keys "public key" and "secret key"; here they are the peer's and ours.
const BOX_RENAMES = { 'public key': 'theirPublicKey', 'secret key': 'mySecretKey', message: 'msg', ciphertext: 'box' };

function boxArgs(where: string, nonce: unknown, theirPublicKey: unknown, mySecretKey: unknown) {
  const info = BOX();
  return {
    info,
    nonce: bytes(where, 'nonce', nonce, info.nonce),
    pk: bytes(where, 'theirPublicKey', theirPublicKey, info.key),
    sk: bytes(where, 'mySecretKey', mySecretKey, info.key),
  };
}

/** crypto_box_easy: `msg` encrypted to `theirPublicKey` and authenticated by `mySecretKey`. */
function boxSeal(msg: Input, nonce: Uint8Array, theirPublicKey: Uint8Array, mySecretKey: Uint8Array): Uint8Array<ArrayBuffer> {
  const { info, nonce: n, pk, sk } = boxArgs('box', nonce, theirPublicKey, mySecretKey);
  const data = message('box', 'msg', msg);
  return call({ fn: 'box', renames: BOX_RENAMES }, Op.BoxSeal, info.id, [data, n, pk, sk], [], data.length + info.tagLength);
}

/** crypto_box_open_easy: the message, or null if the box does not authenticate. */
function boxOpen(box: Uint8Array, nonce: Uint8Array, theirPublicKey: Uint8Array, mySecretKey: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const { info, nonce: n, pk, sk } = boxArgs('box.open', nonce, theirPublicKey, mySecretKey);
  const data = bytes('box.open', 'box', box);
  return callOrNull({ fn: 'box.open', renames: BOX_RENAMES }, Op.BoxOpen, info.id, [data, n, pk, sk], [], Math.max(0, data.length - info.tagLength));
}

/**
 * crypto_box_beforenm: the 32-byte shared key (HSalsa20 of the X25519
 * secret). `secretbox(msg, nonce, shared)` then equals `box(msg, nonce, ...)`,
 * which saves the scalar multiplication when one pair exchanges many boxes.
 */
function before(theirPublicKey: Uint8Array, mySecretKey: Uint8Array): Uint8Array<ArrayBuffer> {
  const info = BOX();
  const pk = bytes('box.before', 'theirPublicKey', theirPublicKey, info.key);
  const sk = bytes('box.before', 'mySecretKey', mySecretKey, info.key);
  return call({ fn: 'box.before', renames: BOX_RENAMES }, Op.BoxBefore, info.id, [pk, sk], [], exactly(XSALSA20_POLY1305().key));
}

/**
 * A box key pair: random, or derived from a 32-byte `seed` as libsodium's
 * crypto_box_seed_keypair does (secret key = SHA-512(seed)[0..32]).
 */
function keyPair(seed?: Uint8Array): KeyPair {
  const info = BOX();
  const s = optionalBytes('box.keyPair', 'seed', seed);
  const size = exactly(info.key);
  const out = call({ fn: 'box.keyPair' }, Op.BoxKeyPair, info.id, [s], [], 2 * size);
  const pair = { publicKey: out.slice(0, size), secretKey: out.slice(size) };
  out.fill(0);
  return pair;
}

/** Public-key authenticated encryption (NaCl box: X25519, XSalsa20-Poly1305), libsodium's easy layout. */
export const box: typeof boxSeal & { open: typeof boxOpen; before: typeof before; keyPair: typeof keyPair } =
  /* @__PURE__ */ Object.assign(boxSeal, { open: boxOpen, before, keyPair });

/**
 * Anonymous encryption to a public key (libsodium's crypto_box_seal): an
 * ephemeral key pair, nonce = BLAKE2b(ephemeral pk ‖ recipient pk).
 */
export const sealedbox = {
  /** Encrypts `msg` so that only the holder of `publicKey`'s secret key can read it; the sender stays anonymous. */
  seal(msg: Input, publicKey: Uint8Array): Uint8Array<ArrayBuffer> {
    const info = SEALEDBOX();
    const data = message('sealedbox.seal', 'msg', msg);
    const pk = bytes('sealedbox.seal', 'publicKey', publicKey, info.key);
    return call({ fn: 'sealedbox.seal', renames: { message: 'msg' } }, Op.SealedBoxSeal, info.id, [data, pk], [], data.length + info.tagLength);
  },
  /** The message, or null if `sealed` does not authenticate under this key pair. */
  open(sealed: Uint8Array, publicKey: Uint8Array, secretKey: Uint8Array): Uint8Array<ArrayBuffer> | null {
    const info = SEALEDBOX();
    const data = bytes('sealedbox.open', 'sealed', sealed);
    const pk = bytes('sealedbox.open', 'publicKey', publicKey, info.key);
    const sk = bytes('sealedbox.open', 'secretKey', secretKey, info.key);
    return callOrNull({ fn: 'sealedbox.open' }, Op.SealedBoxOpen, info.id, [data, pk, sk], [], Math.max(0, data.length - info.tagLength));
  },
};
