/**
 * libsodium's crypto_secretstream_xchacha20poly1305: a stream of messages
 * under one key, each tagged (MESSAGE, PUSH, REKEY, FINAL) and bound to its
 * position, so that chunks cannot be dropped, reordered or truncated
 * unnoticed. Byte-compatible with libsodium (and libsodium.js,
 * sodium-native, PyNaCl): a stream pushed here pulls there and back.
 *
 *   const key = secretstream.keygen();
 *   const tx = secretstream.push(key);            // send tx.header first
 *   const c1 = tx.push('part one');
 *   const c2 = tx.push('the end', { tag: secretstream.TAG_FINAL });
 *   const rx = secretstream.pull(tx.header, key);
 *   rx.pull(c1);                                  // { message, tag } or null
 *
 * The state (libsodium's 52-byte layout) stays in this object and passes
 * through the core on each call (crates/saline-ops, operations 100-104), so
 * no backend needs a handle type for it. `destroy()` wipes it.
 */
import { Op } from './backend/types.js';
import { call, callOrNull } from './call.js';
import { entry, exactly } from './catalog.js';
import { bytes, message, optionalBytes, type Input } from './input.js';
import { randomBytes } from './utils.js';

const NAME = 'secretstream-xchacha20-poly1305';
/** libsodium's crypto_secretstream_xchacha20poly1305_statebytes(): key 32 ‖ nonce 12 ‖ padding 8. */
const STATE_BYTES = 52;

/** A pulled chunk: the message and the tag it was pushed with. */
export interface Pulled {
  message: Uint8Array;
  tag: number;
}

/** Options of `push`. */
export interface PushOptions {
  /** Associated data, authenticated but not encrypted (default none). */
  ad?: Uint8Array;
  /** TAG_MESSAGE (default), TAG_PUSH, TAG_REKEY or TAG_FINAL. */
  tag?: number;
}

function liveState(where: string, state: Uint8Array | null): Uint8Array {
  if (!state) throw new Error(`${where}: the stream was destroyed`);
  return state;
}

/** The sending side; `header` goes to the receiver before the first chunk. */
export class SecretstreamPush {
  /** The 24-byte header that `secretstream.pull` needs. */
  readonly header: Uint8Array;
  #state: Uint8Array | null;

  /** @internal Use `secretstream.push(key)`. */
  constructor(key: Uint8Array, header?: Uint8Array) {
    const info = entry(NAME);
    const k = bytes('secretstream.push', 'key', key, info.key);
    const h = optionalBytes('secretstream.push', 'header', header, info.nonce);
    const out = call({ fn: 'secretstream.push' }, Op.SecretStreamInitPush, info.id, [k, h], [], STATE_BYTES + exactly(info.nonce));
    this.#state = out.slice(0, STATE_BYTES);
    this.header = out.slice(STATE_BYTES);
    out.fill(0);
  }

  /** Encrypts one chunk (message + 17 bytes). */
  push(msg: Input, options: PushOptions = {}): Uint8Array {
    const where = 'secretstream.push';
    const info = entry(NAME);
    const data = message(where, 'msg', msg);
    const ad = optionalBytes(where, 'ad', options.ad);
    const tag = options.tag ?? secretstream.TAG_MESSAGE;
    const state = liveState(where, this.#state);
    const out = call({ fn: where, renames: { message: 'msg' } }, Op.SecretStreamPush, info.id, [state, data, ad], [tag], STATE_BYTES + data.length + info.tagLength);
    state.set(out.subarray(0, STATE_BYTES));
    const chunk = out.slice(STATE_BYTES);
    out.fill(0);
    return chunk;
  }

  /** crypto_secretstream_xchacha20poly1305_rekey; the receiver must rekey at the same point. */
  rekey(): void {
    rekeyState('secretstream.push.rekey', liveState('secretstream.push.rekey', this.#state));
  }

  /** Wipes the state; the object is unusable afterwards. */
  destroy(): void {
    this.#state?.fill(0);
    this.#state = null;
  }
}

/** The receiving side. */
export class SecretstreamPull {
  #state: Uint8Array | null;

  /** @internal Use `secretstream.pull(header, key)`. */
  constructor(header: Uint8Array, key: Uint8Array) {
    const info = entry(NAME);
    const h = bytes('secretstream.pull', 'header', header, info.nonce);
    const k = bytes('secretstream.pull', 'key', key, info.key);
    this.#state = call({ fn: 'secretstream.pull' }, Op.SecretStreamInitPull, info.id, [h, k], [], STATE_BYTES);
  }

  /**
   * Checks and decrypts the next chunk: its message and tag, or null when it
   * does not authenticate (then the state is unchanged, as in libsodium).
   */
  pull(chunk: Uint8Array, ad?: Uint8Array): Pulled | null {
    const where = 'secretstream.pull';
    const info = entry(NAME);
    const c = bytes(where, 'chunk', chunk);
    const a = optionalBytes(where, 'ad', ad);
    const state = liveState(where, this.#state);
    const out = callOrNull({ fn: where, renames: { ciphertext: 'chunk' } }, Op.SecretStreamPull, info.id, [state, c, a], [], STATE_BYTES + 1 + Math.max(0, c.length - info.tagLength));
    if (!out) return null;
    state.set(out.subarray(0, STATE_BYTES));
    const result = { tag: out[STATE_BYTES]!, message: out.slice(STATE_BYTES + 1) };
    out.fill(0);
    return result;
  }

  /** crypto_secretstream_xchacha20poly1305_rekey, at the point the sender rekeyed. */
  rekey(): void {
    rekeyState('secretstream.pull.rekey', liveState('secretstream.pull.rekey', this.#state));
  }

  /** Wipes the state; the object is unusable afterwards. */
  destroy(): void {
    this.#state?.fill(0);
    this.#state = null;
  }
}

function rekeyState(where: string, state: Uint8Array): void {
  const next = call({ fn: where }, Op.SecretStreamRekey, entry(NAME).id, [state], [], STATE_BYTES);
  state.set(next);
  next.fill(0);
}

/** libsodium's crypto_secretstream_xchacha20poly1305, as push and pull objects. */
export const secretstream = {
  /** An ordinary chunk. */
  TAG_MESSAGE: 0,
  /** The end of a set of chunks. */
  TAG_PUSH: 1,
  /** Rekey after this chunk (both sides do it automatically). */
  TAG_REKEY: 2,
  /** The last chunk (PUSH | REKEY). */
  TAG_FINAL: 3,
  /** A random 32-byte key. */
  keygen(): Uint8Array {
    return randomBytes(exactly(entry(NAME).key));
  },
  /** A sending stream under `key`, with a random header (or `header`, for known-answer tests only: never reuse one). */
  push(key: Uint8Array, header?: Uint8Array): SecretstreamPush {
    return new SecretstreamPush(key, header);
  },
  /** A receiving stream for `header` under `key`. */
  pull(header: Uint8Array, key: Uint8Array): SecretstreamPull {
    return new SecretstreamPull(header, key);
  },
} as const;
