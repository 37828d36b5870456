/**
 * The full WebAssembly module: every algorithm, built by
 * js/scripts/build-wasm.sh as saline-simd.wasm (SIMD128) and saline.wasm
 * (baseline). The package's main entry loads it; `.async` runs in its
 * worker pool (wasm-worker-pool.ts).
 */
import type { Backend } from './types.js';
import type { WasmModuleSpec } from './wasm-load.js';
import { WorkerPool, jobOf, wipeJob, workerScript } from './wasm-worker-pool.js';
import { parallelBlake3 } from './wasm-blake3.js';
import { call4 } from './wasm-call4.js';
import { callWipesById } from './wasm-abi.js';

export const FULL_MODULE: WasmModuleSpec = {
  files: { simd: 'saline-simd.wasm', baseline: 'saline.wasm' },
  url(simd) {
    if (!(import.meta as { url?: string } | undefined)?.url) return undefined;
    return simd ? new URL('../../wasm/saline-simd.wasm', import.meta.url) : new URL('../../wasm/saline.wasm', import.meta.url);
  },
  shortCall: call4,
  callWipes: callWipesById,
  offThread(wasm, module) {
    let pool: WorkerPool | undefined;
    const workers = (): WorkerPool | undefined => {
      const script = workerScript();
      if (script !== undefined) pool ??= new WorkerPool(module, script, (queued) => wasm.callHere(queued));
      return pool;
    };
    const callAsync: Backend['callAsync'] = (op, alg, bytes, nums, outLength) => {
      let job;
      try {
        job = jobOf(op, alg, bytes, nums, outLength);
      } catch (error) {
        return Promise.reject(error);
      }
      const running = workers()?.run(job);
      if (running) return running;
      try {
        return Promise.resolve(wasm.callHere(job));
      } catch (error) {
        return Promise.reject(error);
      } finally {
        wipeJob(job);
      }
    };
    const blake3Async: Backend['blake3Async'] = (bytes, outLength) => {
      const threads = workers();
      return threads && parallelBlake3(threads, (job) => wasm.callHere(job), bytes, outLength);
    };
    return { callAsync, blake3Async };
  },
};
