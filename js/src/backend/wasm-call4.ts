/**
 * The full module's `saline_call4` (crates/saline-wasm abi.rs): calls with
 * up to four byte arguments and two numbers (stream ciphers, the Salsa20
 * cores, AEADs and boxes) pass them as parameters instead of writing a
 * descriptor, 40-55 ns less a 32-byte call. Only the full module has the
 * export, and only wasm-full.ts names this file, so a page of the SHA-2
 * module ships neither.
 */
import type { ShortCall } from './wasm-instance.js';
import { NULL_LEN } from './wasm-abi.js';

export const call4: ShortCall = (wasm, op, alg, bytes, nums, outLength) => {
  const x = wasm.exports;
  if (typeof x.saline_call4 !== 'function' || !Array.isArray(bytes) || bytes.length > 4 || !Array.isArray(nums) || nums.length > 2) return undefined;
  const count = bytes.length;
  wasm.place(bytes, count, outLength, 0);
  // The inputs lie back to back from offset 0 (`place`).
  const { lengths } = wasm;
  const a = count > 0 ? lengths[0]! : NULL_LEN;
  const b = count > 1 ? lengths[1]! : NULL_LEN;
  const c = count > 2 ? lengths[2]! : NULL_LEN;
  const d = count > 3 ? lengths[3]! : NULL_LEN;
  const at1 = a === NULL_LEN ? 0 : a;
  const at2 = at1 + (b === NULL_LEN ? 0 : b);
  const at3 = at2 + (c === NULL_LEN ? 0 : c);
  const n0 = nums.length > 0 ? nums[0] : 0;
  const n1 = nums.length > 1 ? nums[1] : 0;
  try {
    return x.saline_call4(
      op >>> 0, alg >>> 0, count, 0, a, at1, b, at2, c, at3, d,
      nums.length, typeof n0 === 'number' ? n0 : NaN, typeof n1 === 'number' ? n1 : NaN, wasm.outOffset, outLength,
    );
  } catch (error) {
    throw wasm.trapped(error);
  }
};
