/**
 * `blake3.async` of a large input on the WebAssembly workers (issue 9,
 * "threads where allowed"). A BLAKE3 input is a binary tree of 1 KiB
 * chunks (the BLAKE3 paper, §2.1), so parts of a power-of-two size that
 * start at multiples of it are whole subtrees: each worker hashes parts to
 * their chaining values (Op.Blake3Part, the blake3 crate's hazmat API) and
 * this thread joins them into the output (Op.Blake3Join, a few
 * compressions). Same bytes as Op.Hash, which the tests check in every mode.
 *
 * Copies. The input is copied once, here, into a SharedArrayBuffer that
 * the workers read their parts from (into their own linear memory): posting
 * each part instead would copy it twice more on this thread (the job's copy
 * and the structured clone). Fresh memory is expensive (a 64 MiB copy into
 * a new buffer took 100 ms on the test VM, against 10 into one already
 * touched), so one staging buffer of up to KEEP_STAGING is kept for the
 * next call. Where SharedArrayBuffer is missing (a browser page that is
 * not cross-origin isolated), or only one worker can run, there is no
 * split: Op.Hash runs as one job.
 */
import { isNode } from './host.js';
import { OP_BLAKE3_JOIN, OP_BLAKE3_PART } from './wasm-abi.js';
import type { Job, WorkerPool } from './wasm-worker-pool.js';

/**
 * The smallest input that is split; a shorter one is one job. Node, two
 * workers on 2 cores, against the same hash on the calling thread: 1 MiB
 * level (0.97-1.07x), 2 MiB 1.13-1.28x, 32 MiB 1.5-1.7x.
 */
export const PARALLEL_FROM = 2 * 1024 * 1024;
/** Part sizes: powers of two (whole subtrees) near an eighth of the input. */
const MIN_PART = 256 * 1024;
const MAX_PART = 8 * 1024 * 1024;
/** Parts posted per worker at a time: one running, one queued behind it. */
const PARTS_PER_WORKER = 2;
/** The largest staging buffer kept between calls. */
const KEEP_STAGING = 64 * 1024 * 1024;

/** The part size for `total` bytes: a power of two from MIN_PART to MAX_PART, total / 16 to total / 8. */
export function partLength(total: number): number {
  let part = MIN_PART;
  while (part < MAX_PART && part * 16 <= total) part *= 2;
  return part;
}

function sharedMemory(): boolean {
  return typeof SharedArrayBuffer === 'function' && (isNode() || (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true);
}

/** The kept staging buffer, when no call holds it. */
let spare: SharedArrayBuffer | undefined;

function stage(data: Uint8Array): Uint8Array {
  let buffer = spare;
  spare = undefined;
  if (buffer === undefined || buffer.byteLength < data.length) buffer = new SharedArrayBuffer(data.length);
  const staged = new Uint8Array(buffer, 0, data.length);
  staged.set(data);
  return staged;
}

/** Lets the kept staging buffer go (terminateWasmWorkers). */
export function dropStaging(): void {
  spare = undefined;
}

/** Gives the staging buffer back: wiped when it held key material, kept when small enough. */
function unstage(staged: Uint8Array, secret: boolean): void {
  if (secret) staged.fill(0);
  const buffer = staged.buffer as SharedArrayBuffer;
  if (buffer.byteLength <= KEEP_STAGING && (spare === undefined || spare.byteLength < buffer.byteLength)) spare = buffer;
}

/**
 * BLAKE3 of [data, key, context] on `pool`'s workers, or undefined when the
 * input is not split (see the top of this file). `here` runs a job on this
 * thread: the join, and any part no worker can take.
 */
export function parallelBlake3(
  pool: WorkerPool,
  here: (job: Job) => Uint8Array,
  bytes: readonly [Uint8Array, Uint8Array | null, Uint8Array | null],
  outLength: number,
): Promise<Uint8Array> | undefined {
  const [data, key, context] = bytes;
  if (data.length < PARALLEL_FROM || pool.threads < 2 || !sharedMemory()) return undefined;
  // Keyed: a MAC's message may be secret; derive-key: the message is key material.
  const secret = key !== null || context !== null;
  const staged = stage(data);
  // Copies the caller cannot change meanwhile. Each job gets its own (the
  // pool wipes a job's inputs once it is settled).
  const options = [key?.slice() ?? null, context?.slice() ?? null] as const;
  const own = (): (Uint8Array | null)[] => options.map((b) => b?.slice() ?? null);
  const total = staged.length;
  const partLen = partLength(total);
  const parts = Math.ceil(total / partLen);
  const cvs = new Uint8Array(parts * 32);
  let next = 0;
  let failed = false;
  const hashParts = async (): Promise<void> => {
    while (!failed && next < parts) {
      const k = next++;
      const job: Job = {
        op: OP_BLAKE3_PART,
        alg: 0,
        bytes: [staged.subarray(k * partLen, Math.min(total, (k + 1) * partLen)), ...own()],
        nums: [k, partLen],
        outLength: 32,
      };
      try {
        const cv = await (pool.run(job) ?? Promise.resolve().then(() => here(job)));
        cvs.set(cv, k * 32);
        cv.fill(0);
      } catch (error) {
        failed = true; // the others post no new part
        throw error;
      }
    }
  };
  const lanes = Math.min(parts, pool.threads * PARTS_PER_WORKER);
  return Promise.all(Array.from({ length: lanes }, hashParts))
    .then(() => here({ op: OP_BLAKE3_JOIN, alg: 0, bytes: [cvs, ...options], nums: [total, partLen, outLength], outLength }))
    .finally(() => {
      unstage(staged, secret);
      cvs.fill(0);
      for (const b of options) b?.fill(0);
    });
}
