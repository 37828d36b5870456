/**
 * The incremental hasher behind every `.create()`: hashes, XOFs, HMAC.
 *
 * Its state lives in the backend (WebAssembly memory or a native object)
 * and must be freed. `destroy()` (or `using`, through Symbol.dispose) frees
 * it at once; hashers that were simply forgotten are freed when collected
 * (see `registryFor`), so WebAssembly memory never grows without bound.
 */
import { getBackend } from './backend/current.js';
import type { Backend, StreamHandle } from './backend/types.js';
import { translate, type Renames } from './errors.js';
import { bytes, message, type Input } from './input.js';

/** An incremental hash or MAC computation. */
export interface Hasher {
  /** Digest size in bytes. */
  readonly outputLen: number;
  /** Internal block size in bytes. */
  readonly blockLen: number;
  /** Absorbs `data` (a string is taken as UTF-8); returns this hasher. */
  update(data: Input): this;
  /** The digest. The hasher is then finished: `reset()` it to hash again. */
  digest(): Uint8Array<ArrayBuffer>;
  /** Writes the digest into the front of `out` (at least `outputLen` bytes). */
  digestInto(out: Uint8Array): void;
  /** An independent copy of the current state (e.g. to hash a common prefix once). */
  clone(): Hasher;
  /** Starts over with the same key and options. */
  reset(): this;
  /** Wipes and frees the state now. Idempotent; the hasher is unusable afterwards. */
  destroy(): void;
  /** `destroy()`, so that `using h = sha256.create()` frees it at the end of the block. */
  [Symbol.dispose](): void;
}

/**
 * Frees the state of hashers that were never destroyed. Only numeric
 * handles (WebAssembly: an index into memory the GC cannot see) need it;
 * the native addon's handles are objects that free their state in their
 * own GC finalizer. The held value is the bare number, and the callback
 * finds the backend through its own registry: an object as held value
 * grows RSS in V8 with every register/unregister pair (measured on Node 20:
 * +15 MiB over 200,000 create/destroy cycles, flat with a number).
 */
const registries = /* @__PURE__ */ new WeakMap<Backend, FinalizationRegistry<number>>();

function registryFor(backend: Backend): FinalizationRegistry<number> | undefined {
  if (typeof FinalizationRegistry === 'undefined') return undefined;
  let registry = registries.get(backend);
  if (!registry) {
    registry = new FinalizationRegistry<number>((handle) => backend.streamFree(handle));
    registries.set(backend, registry);
  }
  return registry;
}

// `Symbol.dispose` is recent (ES2025 explicit resource management); older
// engines get the conventional registered symbol instead.
const dispose: typeof Symbol.dispose = Symbol.dispose ?? (Symbol.for('Symbol.dispose') as typeof Symbol.dispose);

const RENAMES: Renames = { output: 'dkLen' };

/** A backend stream wrapped as a Hasher. */
class Stream implements Hasher {
  readonly outputLen: number;
  readonly blockLen: number;
  readonly #name: string;
  readonly #backend: Backend;
  #handle: StreamHandle;
  #finished = false;
  #destroyed = false;

  constructor(name: string, backend: Backend, handle: StreamHandle, outputLen: number, blockLen: number) {
    this.#name = name;
    this.#backend = backend;
    this.#handle = handle;
    this.outputLen = outputLen;
    this.blockLen = blockLen;
    if (typeof handle === 'number') registryFor(backend)?.register(this, handle, this);
  }

  #live(method: string, unfinished: boolean): string {
    const where = `${this.#name}.${method}`;
    if (this.#destroyed) throw new Error(`${where}: the hasher was destroyed`);
    if (unfinished && this.#finished) throw new Error(`${where}: digest() was already called; call reset() to hash again`);
    return where;
  }

  update(data: Input): this {
    const where = this.#live('update', true);
    this.#backend.streamUpdate(this.#handle, message(where, 'data', data));
    return this;
  }

  digest(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(this.outputLen);
    this.#finish('digest', out);
    return out;
  }

  digestInto(out: Uint8Array): void {
    const where = this.#live('digestInto', true);
    if (bytes(where, 'out', out).length < this.outputLen) {
      throw new RangeError(`${where}: out: expected at least ${this.outputLen} bytes, got ${out.length}`);
    }
    this.#finish('digestInto', out);
  }

  #finish(method: string, out: Uint8Array): void {
    const where = this.#live(method, true);
    try {
      this.#backend.streamDigest(this.#handle, out);
    } catch (error) {
      throw translate(where, error, undefined, RENAMES);
    }
    this.#finished = true;
  }

  clone(): Hasher {
    const where = this.#live('clone', false);
    let handle: StreamHandle;
    try {
      handle = this.#backend.streamClone(this.#handle);
    } catch (error) {
      throw translate(where, error);
    }
    const copy = new Stream(this.#name, this.#backend, handle, this.outputLen, this.blockLen);
    copy.#finished = this.#finished;
    return copy;
  }

  reset(): this {
    this.#live('reset', false);
    this.#backend.streamReset(this.#handle);
    this.#finished = false;
    return this;
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    if (typeof this.#handle === 'number') registryFor(this.#backend)?.unregister(this);
    this.#backend.streamFree(this.#handle);
  }

  [dispose](): void {
    this.destroy();
  }
}

/**
 * A new Hasher over catalog id `alg`: a hash (bytes [key?, salt?, personal?,
 * context?], nums [outputLen]) or a MAC (bytes [key], nums []).
 */
export function openStream(
  where: string,
  alg: number,
  args: readonly (Uint8Array | null)[],
  nums: readonly number[],
  outputLen: number,
  blockLen: number,
): Hasher {
  const backend = getBackend();
  let handle: StreamHandle;
  try {
    handle = backend.streamNew(alg, args, nums);
  } catch (error) {
    throw translate(where, error, undefined, RENAMES);
  }
  return new Stream(where.replace(/\.create$/, ''), backend, handle, outputLen, blockLen);
}
