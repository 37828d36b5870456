/**
 * The WebAssembly backend's worker: where `callAsync` runs (the KDFs'
 * `.async(...)`), so that a long Argon2 or scrypt never blocks the caller's
 * event loop. The main-thread side (spawning, the request table, fallbacks)
 * is `WorkerPool` in wasm-worker-pool.ts; this file is only what runs inside the worker.
 *
 * How it ships. This file is not an entry point of the package: scripts/
 * build.mjs bundles it (with the parts of the backend it uses) into one
 * self-contained script and injects that script into the ESM and CJS builds
 * as the string constant `__SALINE_WASM_WORKER__`. wasm-worker-pool.ts starts it with
 * `new Worker(code, { eval: true })` from node:worker_threads in Node and
 * from a Blob URL in browsers. So there is no second file to locate at run
 * time: it works the same from dist/esm, dist/cjs and any bundle made of
 * either (Vite, webpack, esbuild), without bundler configuration. (Running
 * src/ unbundled, where nothing defines the constant, falls back to
 * computing on the calling thread.) The script is built from this TypeScript
 * rather than written as a string so that it is type-checked and shares
 * the loader's code: the I/O-buffer layout, the wipe after secret calls, the
 * shrink of the I/O buffer after huge calls, and `env.saline_random_fill`
 * over `crypto.getRandomValues`.
 *
 * Protocol (structured clone both ways):
 *  - main → worker, first: `{ type: 'init', module }`, the already compiled
 *    `WebAssembly.Module` of the main thread (the file is neither re-read
 *    nor re-compiled). The worker instantiates it and answers
 *    `{ type: 'ready' }`, or `{ type: 'init-error', message }`.
 *  - main → worker: `{ type: 'job', id, op, alg, bytes, nums, outLength }`,
 *    with copies of the inputs. Jobs run one at a time, in order.
 *  - worker → main: `{ type: 'done', id, out }` (out's buffer transferred),
 *    or `{ type: 'error', id, code, name, message }`: `code` is the
 *    BackendError code (or null for a JS error such as a TypeError).
 *
 * Memory. Linear memory only ever grows, and a worker lives long: the
 * backend itself (wasm-instance.ts `WasmInstance`) frees a huge I/O buffer after each
 * call and replaces its instance by a fresh one once memory is above 32 MiB
 * (a large Argon2 `m` or scrypt `N * r`), and after a trap, exactly as on
 * the main thread.
 */
import type { Backend, BackendError, Op } from './types.js';
import { nodeBuiltin } from './builtins.js';
import { isNode } from './host.js';
import { createWasmBackend } from './wasm-load.js';
import { isShared } from './wasm-abi.js';

/** main → worker */
export type WorkerRequest =
  | { type: 'init'; module: WebAssembly.Module }
  | { type: 'job'; id: number; op: number; alg: number; bytes: (Uint8Array | null)[]; nums: number[]; outLength: number };

/** worker → main */
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'init-error'; message: string }
  | { type: 'done'; id: number; out: Uint8Array }
  | { type: 'error'; id: number; code: number | null; name: string; message: string };

type Post = (message: WorkerReply, transfer?: Transferable[]) => void;

interface NodePort {
  on(event: 'message', listener: (data: WorkerRequest) => void): void;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
}

interface WebWorkerScope {
  onmessage: ((event: { data: WorkerRequest }) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
}

function errorReply(id: number, error: unknown): WorkerReply {
  const e = error as Partial<BackendError> & { name?: unknown };
  const code = typeof e?.code === 'number' ? e.code : null;
  const name = typeof e?.name === 'string' ? e.name : 'Error';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return { type: 'error', id, code, name, message };
}

function serve(post: Post): (request: WorkerRequest) => void {
  let module: WebAssembly.Module | undefined;
  let backend: Backend | undefined;

  function run(job: Extract<WorkerRequest, { type: 'job' }>): void {
    const inputs = job.bytes;
    let out: Uint8Array | undefined;
    let reply: WorkerReply;
    try {
      backend ??= createWasmBackend(module!);
      out = new Uint8Array(job.outLength);
      const n = backend.call(job.op as Op, job.alg, inputs, job.nums, out);
      let result = out;
      if (n !== out.length) {
        result = out.slice(0, n);
        out.fill(0);
      }
      reply = { type: 'done', id: job.id, out: result };
    } catch (error) {
      out?.fill(0);
      reply = errorReply(job.id, error);
    }
    // The worker's copies of passwords and salts, wiped before the reply:
    // not the shared staging of `blake3.async`, whose owner wipes it and may
    // reuse it as soon as the reply is read (wipeJob).
    for (const b of inputs) if (b && !isShared(b)) b.fill(0);
    if (reply.type === 'done') post(reply, [reply.out.buffer as ArrayBuffer]);
    else post(reply);
  }

  return (request) => {
    if (request.type === 'init') {
      try {
        module = request.module;
        // Synchronous instantiation: allowed off the main thread, and it
        // keeps the jobs queued behind it in order.
        backend = createWasmBackend(module);
        post({ type: 'ready' });
      } catch (error) {
        post({ type: 'init-error', message: error instanceof Error ? error.message : String(error) });
      }
    } else if (request.type === 'job') {
      run(request);
    }
  };
}

function start(): void {
  if (isNode()) {
    const port = nodeBuiltin<{ parentPort: NodePort | null }>('node:worker_threads')?.parentPort;
    if (!port) throw new Error('saline: the WebAssembly worker script must run in a worker thread');
    const handle = serve((message, transfer) => port.postMessage(message, transfer));
    port.on('message', handle);
  } else {
    const scope = globalThis as unknown as WebWorkerScope;
    const handle = serve((message, transfer) => scope.postMessage(message, transfer));
    scope.onmessage = (event) => handle(event.data);
  }
}

start();
