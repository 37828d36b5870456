/**
 * The streaming half of the WebAssembly backend (Backend.stream*): hashers
 * and MACs that live in the instance as numeric handles, fed through the
 * same I/O buffer as one-shot calls (wasm-instance.ts). A handle is valid
 * only for the instance that gave it out: a reset after a trap loses every
 * open stream, and a stale handle is refused. Keyed streams (MACs, keyed
 * BLAKE) wipe the stack their state passed through after every step.
 */
import type { Backend, StreamHandle } from './types.js';
import { STACK_WIPE_DEEP, SHRINK_ABOVE, UPDATE_CHUNK, checkBytes } from './wasm-abi.js';
import type { WasmInstance } from './wasm-instance.js';
import { lengthOf } from '../intrinsics.js';

type StreamMethods = Pick<Backend, 'streamNew' | 'streamUpdate' | 'streamDigest' | 'streamClone' | 'streamReset' | 'streamFree'>;

/** The stream calls over `instance`. */
export function wasmStreams(instance: WasmInstance): StreamMethods {
  const { live, keyed } = instance;

  /** A handle this instance gave out and has not freed (a stale one, even from before a reset, is refused). */
  function handleOf(handle: StreamHandle): number {
    if (typeof handle !== 'number' || !live.has(handle)) throw new TypeError('saline: not a live WebAssembly stream handle (freed, or lost when the instance was reset)');
    return handle;
  }

  /** Runs `step` on stream `h` inside the instance; a keyed stream's stack is wiped after it. */
  function step<T>(h: number, run: () => T): T {
    return instance.guarded(() => {
      const result = run();
      if (keyed.has(h)) instance.wipe(0, STACK_WIPE_DEEP);
      return result;
    });
  }

  return {
    streamNew(alg, bytes, nums): StreamHandle {
      const hasKey = bytes.some((b) => b != null);
      const h = instance.guarded(() => {
        const handle = instance.exports.saline_stream_new(alg >>> 0, instance.layout(bytes, nums, 0));
        instance.wipe(instance.used, hasKey ? STACK_WIPE_DEEP : 0);
        return handle;
      });
      if (h < 0) throw instance.lastError();
      live.add(h);
      if (hasKey) keyed.add(h);
      return h;
    },
    streamUpdate(handle, data): void {
      const h = handleOf(handle);
      const input = checkBytes(data, 'data');
      const total = lengthOf(input);
      // A keyed stream's state (an HMAC's padded keys, a keyed BLAKE's
      // chaining value) passes through the stack as it absorbs: `step` wipes it.
      step(h, () => {
        instance.reserve(Math.min(total, UPDATE_CHUNK));
        let at = 0;
        do {
          const n = Math.min(total - at, UPDATE_CHUNK);
          instance.refresh();
          if (n > 0) instance.heap.set(n === total ? input : input.subarray(at, at + n), instance.io);
          if (instance.exports.saline_stream_update(h, 0, n) < 0) throw instance.lastError();
          at += n;
        } while (at < total);
      });
    },
    streamDigest(handle, out): number {
      const h = handleOf(handle);
      const target = checkBytes(out, 'output');
      const capacity = lengthOf(target);
      const n = instance.guarded(() => {
        instance.reserve(capacity);
        const written = instance.exports.saline_stream_digest(h, 0, capacity);
        instance.refresh();
        if (written >= 0) instance.copyOut(target, 0, written);
        if (keyed.has(h)) instance.wipe(capacity, STACK_WIPE_DEEP);
        if (instance.ioSize > SHRINK_ABOVE) instance.shrink();
        return written;
      });
      if (n < 0) throw instance.lastError();
      return n;
    },
    streamClone(handle): StreamHandle {
      const h = handleOf(handle);
      const copy = step(h, () => instance.exports.saline_stream_clone(h));
      if (copy < 0) throw instance.lastError();
      live.add(copy);
      if (keyed.has(h)) keyed.add(copy);
      return copy;
    },
    streamReset(handle): void {
      const h = handleOf(handle);
      const status = step(h, () => instance.exports.saline_stream_reset(h));
      if (status < 0) throw instance.lastError();
    },
    streamFree(handle): void {
      if (typeof handle !== 'number' || !live.has(handle)) return;
      instance.guarded(() => {
        instance.exports.saline_stream_free(handle);
        if (keyed.has(handle)) instance.wipe(0, STACK_WIPE_DEEP);
        live.delete(handle);
        keyed.delete(handle);
        // The stream's Drop wiped its state (WipingAllocator); the last one
        // freed may let a grown memory go.
        instance.maybeShrink();
      });
    },
  };
}
