// Stack depth of one-shot hash and MAC calls in a raw Saline WebAssembly
// module, without the JS loader (so without its stack wipe): paints 256 KiB
// below __stack_pointer, calls `saline_call2` once warm, and reports the
// deepest byte the call changed. js/test/hostile-wasm's stack test does the
// same through the JS loader for every op kind (its diagnostics print the
// depths) and checks each against the loader's wipe.
//
//   CARGO_TARGET_DIR=target/wasm-base cargo build --locked -p saline-wasm \
//       --target wasm32-unknown-unknown --profile wasm-release
//   node crates/saline/examples/wasm_stack_depth.mjs \
//       target/wasm-base/wasm32-unknown-unknown/wasm-release/saline_wasm.wasm
import { readFileSync } from 'node:fs';
const wasm = readFileSync(process.argv[2]);
let memory;
const { instance } = await WebAssembly.instantiate(wasm, { env: { saline_random_fill(ptr, len) { new Uint8Array(memory.buffer, ptr, len).fill(7); return 0; } } });
const x = instance.exports;
memory = x.memory;
const cp = x.saline_catalog_ptr(), cl = x.saline_catalog_len();
const catalog = JSON.parse(new TextDecoder().decode(new Uint8Array(memory.buffer, cp, cl)));
const list = Array.isArray(catalog) ? catalog : catalog.algorithms;
const id = (name) => { const e = list.find((a) => a.name === name); if (!e) throw new Error(name); return e.id; };
const io = x.saline_io_reserve(1 << 16);
const heap = () => new Uint8Array(memory.buffer);
const top = x.__stack_pointer.value;
const NULL = 0xffffffff;
function depth(call) {
  call();
  heap().fill(0xa5, top - 262144, top);
  const r = call();
  if (r < 0) throw new Error('call failed ' + x.saline_error_code() + ' ' + new TextDecoder().decode(new Uint8Array(memory.buffer, x.saline_error_ptr(), x.saline_error_len())));
  const h = heap();
  for (let at = top - 262144; at < top; at++) if (h[at] !== 0xa5) return top - at;
  return 0;
}
const key = 0, data = 1024, out = 4096;
heap().fill(0x6b, io, io + 64);
const cases = [];
for (const size of [32, 1024]) {
  for (const name of ['sha256', 'sha512', 'blake2b', 'blake3']) cases.push([`${name} ${size} B`, () => x.saline_call2(1, id(name), 1, data, size, 0, NULL, 1, name === 'sha256' ? 32 : name === 'blake3' ? 32 : 64, out, 64)]);
  for (const [name, klen, olen] of [['blake2b', 32, 64], ['blake3', 32, 32]]) cases.push([`${name} keyed ${size} B`, () => x.saline_call2(1, id(name), 2, data, size, key, klen, 1, olen, out, 64)]);
  for (const name of ['hmac-sha256', 'hmac-sha512', 'hmac-sha3-256', 'poly1305']) cases.push([`${name} ${size} B`, () => x.saline_call2(2, id(name), 2, key, 32, data, size, 0, 0, out, 64)]);
}
for (const [name, call] of cases) console.log(`${name}\t${depth(call)}`);
