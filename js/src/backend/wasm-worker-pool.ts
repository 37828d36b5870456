/**
 * The main-thread side of callAsync (the KDFs' `.async`) on WebAssembly: a
 * small pool of workers, each running wasm-worker.ts, so the caller's event
 * loop stays free.
 *
 * The worker script is wasm-worker.ts, bundled by scripts/build.mjs into a
 * string (`__SALINE_WASM_WORKER__`) that is started inline:
 * `new Worker(code, { eval: true })` from node:worker_threads in Node
 * (reached like node:fs, never imported statically), a Worker on a Blob URL
 * in browsers (classic, or module where only those exist). Inline rather
 * than a second built file because nothing has to locate it: it works from
 * dist/esm, dist/cjs and any bundle of them, with no bundler setup. The
 * worker gets this thread's compiled `WebAssembly.Module` by postMessage
 * (no second fetch or compile) and instantiates it with the same
 * `env.saline_random_fill`. See `WorkerPool` below for the rest: lazily
 * started, at most min(2, cores) workers, requests matched by id, results
 * and BackendErrors `{ code, message }` exactly as `call` gives them.
 * Where no worker can run (no Worker constructor, a Content-Security-Policy
 * without `worker-src blob:`, the unbundled src/ without the injected
 * script, or a worker that fails to start), callAsync computes on the
 * calling thread and returns a settled promise (the contract's fallback):
 * correct, but blocking for the duration; after `ready({ requireWorker:
 * true })` (`requireWorker` below) the pool rejects those jobs instead,
 * saying why no worker started (the unbundled src/ excepted: it has no
 * worker script at all).
 */
import type { ErrorCode, Op } from './types.js';
import type { WorkerReply, WorkerRequest } from './wasm-worker.js';
import { WasmBackendError, checkArgumentCounts, checkBytes, isShared } from './wasm-abi.js';
import { nodeBuiltin } from './builtins.js';
import { isNode } from './host.js';
import { workerRequired } from './worker-policy.js';
import { dropStaging } from './wasm-blake3.js';

/** The worker script (wasm-worker.ts, bundled), injected by scripts/build.mjs; undefined in unbundled src/. */
declare const __SALINE_WASM_WORKER__: string | undefined;

export function workerScript(): string | undefined {
  return typeof __SALINE_WASM_WORKER__ === 'string' ? __SALINE_WASM_WORKER__ : undefined;
}

/** One callAsync: its own copies of the inputs (the caller may reuse or detach its buffers meanwhile). */
export interface Job {
  op: number;
  alg: number;
  bytes: (Uint8Array | null)[];
  nums: number[];
  outLength: number;
}

/** Checks the arguments as `layout` does (same errors) and copies them. */
export function jobOf(op: Op, alg: number, bytes: readonly (Uint8Array | null)[], nums: readonly number[], outLength: number): Job {
  checkArgumentCounts(bytes, nums);
  if (!Number.isSafeInteger(outLength) || outLength < 0) throw new RangeError(`saline: invalid output length ${outLength}`);
  return {
    op: op >>> 0,
    alg: alg >>> 0,
    // new Uint8Array(view) copies (a Buffer's .slice() would not).
    bytes: bytes.map((b, i) => (b === null || b === undefined ? null : new Uint8Array(checkBytes(b, `argument ${i}`)))),
    nums: nums.map((n) => (typeof n === 'number' ? n : NaN)),
    outLength,
  };
}

/** Zeroes a job's copies of passwords, salts and keys once it is settled. */
export function wipeJob(job: Job): void {
  for (const b of job.bytes) if (b && !isShared(b)) b.fill(0);
}

/** What the pool needs of a worker, in Node or in a browser. */
interface Channel {
  post(message: WorkerRequest): void;
  /** Node: keep the process alive while jobs are pending (ref), not when idle (unref). */
  hold(busy: boolean): void;
  terminate(): void;
}

interface ChannelEvents {
  message(reply: WorkerReply): void;
  failure(error: Error): void;
}

interface NodeWorker {
  on(event: string, listener: (value: never) => void): unknown;
  postMessage(message: unknown): void;
  terminate(): Promise<number>;
  ref(): void;
  unref(): void;
}

type NodeWorkerThreads = { Worker: new (code: string, options: { eval: true; name?: string; execArgv?: string[] }) => NodeWorker };

type WebEnv = {
  Worker?: new (url: string, options?: { name?: string; type?: 'classic' | 'module' }) => Worker;
  Blob?: typeof Blob;
  URL?: typeof URL;
};

/**
 * Starts one worker running `script`; undefined where there is no Worker.
 * Throws when the constructor refuses (the pool then stops trying).
 */
function openChannel(script: string, events: ChannelEvents): Channel | undefined {
  if (isNode()) {
    const threads = nodeBuiltin<NodeWorkerThreads>('node:worker_threads');
    if (typeof threads?.Worker !== 'function') return undefined;
    // execArgv: [] so that the parent's process-wide flags (which a worker
    // may refuse) are not inherited; the script needs none.
    const worker = new threads.Worker(script, { eval: true, name: 'saline-wasm', execArgv: [] });
    worker.on('message', (reply: WorkerReply) => events.message(reply));
    worker.on('error', (error: unknown) => events.failure(error instanceof Error ? error : new Error(String(error))));
    worker.on('messageerror', () => events.failure(new Error('saline: a message from the WebAssembly worker could not be read')));
    worker.on('exit', (code: number) => events.failure(new Error(`saline: the WebAssembly worker exited (code ${code})`)));
    worker.unref();
    return {
      post: (message) => worker.postMessage(message),
      hold: (busy) => (busy ? worker.ref() : worker.unref()),
      terminate: () => void worker.terminate().catch(() => undefined),
    };
  }
  const web = globalThis as WebEnv;
  if (typeof web.Worker !== 'function' || typeof web.Blob !== 'function' || typeof web.URL?.createObjectURL !== 'function') return undefined;
  const url = web.URL.createObjectURL(new web.Blob([script], { type: 'text/javascript' }));
  let revoked = false;
  const revoke = (): void => {
    if (!revoked) web.URL!.revokeObjectURL(url);
    revoked = true;
  };
  let worker: Worker;
  try {
    worker = new web.Worker(url, { name: 'saline-wasm' });
  } catch {
    try {
      // Runtimes with module workers only (Deno): the script is valid as either.
      worker = new web.Worker(url, { name: 'saline-wasm', type: 'module' });
    } catch (error) {
      revoke();
      throw error;
    }
  }
  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    revoke(); // loaded: the URL is no longer needed
    events.message(event.data);
  };
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    revoke();
    events.failure(new Error(`saline: the WebAssembly worker failed${event.message ? `: ${event.message}` : ''}`));
  };
  worker.onmessageerror = () => events.failure(new Error('saline: a message from the WebAssembly worker could not be read'));
  return {
    post: (message) => worker.postMessage(message),
    hold: () => undefined,
    terminate: () => {
      revoke();
      worker.terminate();
    },
  };
}

/** A worker that is starting or ready, and how many jobs it holds. */
interface Slot {
  channel: Channel;
  ready: boolean;
  load: number;
  timer?: ReturnType<typeof setTimeout>;
}

interface Pending {
  job: Job;
  slot: Slot;
  resolve(out: Uint8Array): void;
  reject(error: unknown): void;
}

/** A worker that has not said 'ready' by then counts as failed to start. */
const START_TIMEOUT_MS = 30_000;

/** Every live pool, for `terminateWasmWorkers`. */
const pools = /* @__PURE__ */ new Set<WorkerPool>();


/** The rejection of a job that would otherwise run on the calling thread. */
function noWorkerError(reason: Error | undefined): Error {
  return new Error(
    'saline: `.async` could not start a WebAssembly worker' +
      (reason ? ` (${reason.message})` : ' (this runtime has no Worker)') +
      ' and `ready({ requireWorker: true })` forbids running it on the calling thread. ' +
      'Under a Content-Security-Policy, allow `worker-src blob:`.',
    { cause: reason },
  );
}

/** min(2, cores): KDFs are heavy; more workers would compete with the caller's own threads. */
function poolSize(): number {
  let cores: number | undefined;
  if (isNode()) {
    const os = nodeBuiltin<{ availableParallelism?(): number; cpus(): unknown[] }>('node:os');
    cores = os ? (os.availableParallelism?.() ?? os.cpus().length) : undefined;
  } else {
    cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
  }
  return Math.max(1, Math.min(2, cores || 1));
}

function errorFromReply(reply: Extract<WorkerReply, { type: 'error' }>): Error {
  if (reply.code !== null) return new WasmBackendError(reply.code as ErrorCode, reply.message);
  const Kind = reply.name === 'TypeError' ? TypeError : reply.name === 'RangeError' ? RangeError : Error;
  const error = new Kind(reply.message);
  if (Kind === Error && reply.name !== 'Error') error.name = reply.name; // e.g. RuntimeError (a trap)
  return error;
}

/**
 * callAsync's workers for one module. Started lazily, up to `poolSize()`:
 * a job goes to the least loaded worker, and a new one starts only while
 * all are busy. Requests carry ids; replies settle them in any order. In
 * Node a worker is unref'd while idle (it never keeps the process alive) and
 * ref'd while it holds jobs (an awaited job does). A worker that fails to
 * start disables the pool and its jobs run here instead; one that dies
 * later rejects its jobs and is replaced on the next call.
 */
export class WorkerPool {
  private slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private canStart = true;
  /** Why the last worker failed to start (for the requireWorker rejection). */
  private startError: Error | undefined;
  private readonly size = poolSize();

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly script: string,
    private readonly callHere: (job: Job) => Uint8Array,
  ) {
    pools.add(this);
  }

  /**
   * Posts the job; undefined when no worker can take it (run it here), or a
   * rejection then when a worker is required.
   */
  run(job: Job): Promise<Uint8Array> | undefined {
    const slot = this.pick();
    if (!slot) {
      if (!workerRequired()) return undefined;
      wipeJob(job);
      return Promise.reject(noWorkerError(this.startError));
    }
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { job, slot, resolve, reject });
      if (slot.load++ === 0) slot.channel.hold(true);
      try {
        slot.channel.post({ type: 'job', id, ...job });
      } catch (error) {
        // DataCloneError and the like: the worker never saw it.
        this.settle(id, (p) => p.reject(error));
      }
    });
  }

  /** How many workers may run jobs at once: the pool's size while workers can start, else those running. */
  get threads(): number {
    return this.canStart ? this.size : this.slots.length;
  }

  /** Ends every worker; their pending jobs reject. The next call starts afresh. */
  terminate(): void {
    for (const slot of this.slots.slice()) this.drop(slot, new Error('saline: the WebAssembly worker was terminated'), true);
  }

  private pick(): Slot | undefined {
    let best: Slot | undefined;
    for (const slot of this.slots) if (!best || slot.load < best.load) best = slot;
    if ((!best || best.load > 0) && this.canStart && this.slots.length < this.size) best = this.start() ?? best;
    return best;
  }

  private start(): Slot | undefined {
    let slot: Slot | undefined;
    let channel: Channel | undefined;
    try {
      channel = openChannel(this.script, {
        message: (reply) => slot && this.onReply(slot, reply),
        failure: (error) => slot && this.drop(slot, error),
      });
    } catch (error) {
      // A CSP without `worker-src blob:` refuses here in Chromium (a SecurityError).
      this.startError = error instanceof Error ? error : new Error(String(error));
      channel = undefined;
    }
    if (!channel) {
      this.canStart = false;
      return undefined;
    }
    slot = { channel, ready: false, load: 0 };
    const timer = setTimeout(() => slot && !slot.ready && this.drop(slot, new Error('saline: the WebAssembly worker did not start')), START_TIMEOUT_MS);
    (timer as { unref?(): void }).unref?.();
    slot.timer = timer;
    this.slots.push(slot);
    try {
      channel.post({ type: 'init', module: this.module });
    } catch (error) {
      this.drop(slot, error instanceof Error ? error : new Error(String(error)));
      return undefined;
    }
    return slot;
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    switch (reply.type) {
      case 'ready':
        slot.ready = true;
        clearTimeout(slot.timer);
        return;
      case 'init-error':
        this.drop(slot, new Error(`saline: the WebAssembly worker could not instantiate the module: ${reply.message}`));
        return;
      case 'done':
        this.settle(reply.id, (p) => p.resolve(reply.out));
        return;
      case 'error':
        this.settle(reply.id, (p) => p.reject(errorFromReply(reply)));
        return;
    }
  }

  /** Removes a pending job, updates its worker's load, wipes its inputs, then `then`. */
  private settle(id: number, then: (p: Pending) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (--p.slot.load === 0) p.slot.channel.hold(false);
    try {
      then(p);
    } finally {
      wipeJob(p.job);
    }
  }

  /**
   * Ends a worker (failed, exited, or `terminated` by us). Its jobs: if it
   * failed to start, they run here and no more workers start; else they reject.
   */
  private drop(slot: Slot, error: Error, terminated = false): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    clearTimeout(slot.timer);
    slot.channel.terminate();
    const failedToStart = !slot.ready && !terminated;
    if (failedToStart) {
      this.canStart = false;
      this.startError = error;
    }
    for (const [id, p] of [...this.pending]) {
      if (p.slot !== slot) continue;
      if (failedToStart && workerRequired()) {
        this.settle(id, (q) => q.reject(noWorkerError(error)));
      } else if (failedToStart) {
        this.settle(id, (q) => {
          try {
            q.resolve(this.callHere(q.job));
          } catch (failure) {
            q.reject(failure);
          }
        });
      } else {
        const reason = terminated ? error : new Error(`saline: the WebAssembly worker stopped before finishing (${error.message})`, { cause: error });
        this.settle(id, (q) => q.reject(reason));
      }
    }
    if (this.slots.length === 0 && this.pending.size === 0 && !this.canStart) pools.delete(this);
  }
}

/**
 * Terminates the workers behind the WebAssembly backend's callAsync (their
 * pending jobs reject). Safe to call any time, repeatedly; a later
 * `.async(...)` starts a new worker. Node never needs it (idle workers are
 * unref'd); a page may call it to free their memory, and the staging buffer
 * `blake3.async` keeps (wasm-blake3.ts).
 */
export function terminateWasmWorkers(): void {
  for (const pool of pools) pool.terminate();
  dropStaging();
}
