/**
 * `ready({ requireWorker })`: whether the KDFs' `.async` on WebAssembly must
 * run in a worker (wasm-worker-pool.ts) or may compute on the calling
 * thread when none can start. Its own module so that `ready` of every entry
 * point can set it without reaching the worker pool.
 */
let required = false;

/** Sets whether `.async` must run in a worker (see `ready`). */
export function requireWorker(value: boolean): void {
  required = value;
}

/** Whether `.async` must run in a worker. */
export function workerRequired(): boolean {
  return required;
}
