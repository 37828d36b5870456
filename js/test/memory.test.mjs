// Memory stays flat: 200,000 create/update/destroy cycles and 200,000
// one-shot calls (SHA-256 and secretbox) leave the WebAssembly memory (on
// the wasm backend) and the RSS where they were after a warm-up, and
// hashers that are created and simply forgotten are freed by the
// FinalizationRegistry.
//
// It needs global.gc(): run under `node --test`, this file re-runs itself in
// a child `node --expose-gc` and reports the child's result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const self = fileURLToPath(import.meta.url);

if (typeof globalThis.gc !== 'function') {
  test('memory (in a child with --expose-gc)', () => {
    const child = spawnSync(process.execPath, ['--expose-gc', self], {
      cwd: join(dirname(self), '..'),
      env: { ...process.env, NODE_TEST_CONTEXT: undefined },
      encoding: 'utf8',
      timeout: 300_000,
      maxBuffer: 1 << 24,
    });
    const report = (child.stdout ?? '')
      .split('\n')
      .filter((l) => /^\s*(# |\[)|memory|MiB/.test(l))
      .join('\n');
    console.log(report);
    assert.equal(child.signal, null, `the child died of ${child.signal}\n${child.stdout}\n${child.stderr}`);
    assert.equal(child.status, 0, `the memory test failed:\n${child.stdout}\n${child.stderr}`);
  });
} else {
  await runInChild();
}

async function runInChild() {
  // Record the WebAssembly memories the backend instantiates, to read their
  // size (the backend does not expose its Memory). The backend loads lazily,
  // on the first call, so patching before any call is enough.
  const memories = [];
  const Instance = WebAssembly.Instance;
  WebAssembly.Instance = new Proxy(Instance, {
    construct(target, args, newTarget) {
      const instance = Reflect.construct(target, args, newTarget);
      if (instance.exports.memory instanceof WebAssembly.Memory) memories.push(instance.exports.memory);
      return instance;
    },
  });
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...args) => {
    const result = await instantiate.apply(WebAssembly, args);
    const instance = result.instance ?? result;
    if (instance.exports?.memory instanceof WebAssembly.Memory) memories.push(instance.exports.memory);
    return result;
  };

  const S = await import('saline');
  const forced = process.env.SALINE_BACKEND;
  if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);
  const isWasm = S.backend() === 'wasm';
  if (isWasm) assert.ok(memories.length > 0, 'the wasm backend instantiated no WebAssembly.Memory we could observe');

  const MiB = 1024 * 1024;
  // The backend replaces its instance when memory grew large (wasm-abi.ts
  // RECREATE_ABOVE): the newest memory is the live one.
  const wasmBytes = () => (memories.length ? memories[memories.length - 1].buffer.byteLength : 0);
  const settle = async () => {
    // FinalizationRegistry callbacks run in later tasks, after a collection.
    for (let i = 0; i < 4; i++) {
      globalThis.gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const snapshot = async () => {
    await settle();
    return { rss: process.memoryUsage().rss, wasm: wasmBytes() };
  };
  const fmt = (s) => `rss ${(s.rss / MiB).toFixed(1)} MiB${isWasm ? `, wasm ${(s.wasm / MiB).toFixed(2)} MiB` : ''}`;
  const RSS_TOLERANCE = 20 * MiB;

  const msg = new Uint8Array(1024).map((_, i) => i * 7);
  const key = new Uint8Array(32).fill(3);
  const nonce = new Uint8Array(24).fill(9);
  const expected = S.sha256(msg);
  const expectedBox = S.secretbox(msg, nonce, key);
  const hexOf = (b) => Buffer.from(b).toString('hex');

  function cycles(n) {
    for (let i = 0; i < n; i++) {
      const h = S.sha256.create();
      h.update(msg);
      const d = h.digest();
      h.destroy();
      if (i % 10007 === 0) assert.equal(hexOf(d), hexOf(expected));
      // A keyed stream too (its state is wiped and freed).
      if (i % 4 === 0) {
        const m = S.hmac.create(S.sha256, key);
        m.update(msg).digest();
        m.destroy();
      }
    }
  }
  function oneShots(n) {
    for (let i = 0; i < n; i++) {
      const d = S.sha256(msg);
      const b = S.secretbox(msg, nonce, key);
      if (i % 10007 === 0) {
        assert.equal(hexOf(d), hexOf(expected));
        assert.equal(hexOf(b), hexOf(expectedBox));
        assert.equal(hexOf(S.secretbox.open(b, nonce, key)), hexOf(msg));
      }
    }
  }

  test(`[${S.backend()}] 200,000 create/update/destroy cycles keep memory flat`, async () => {
    cycles(20_000); // warm-up: the allocator and JIT reach their steady state
    const before = await snapshot();
    const t0 = performance.now();
    cycles(200_000);
    const ms = performance.now() - t0;
    const after = await snapshot();
    console.log(`# cycles: ${fmt(before)} -> ${fmt(after)} (${(ms / 1000).toFixed(1)} s)`);
    assert.ok(after.rss - before.rss < RSS_TOLERANCE, `RSS grew by ${((after.rss - before.rss) / MiB).toFixed(1)} MiB`);
    if (isWasm) assert.equal(after.wasm, before.wasm, 'WebAssembly memory grew after the warm-up');
  });

  test(`[${S.backend()}] 200,000 one-shot SHA-256 and secretbox calls keep memory flat`, async () => {
    oneShots(20_000);
    const before = await snapshot();
    const t0 = performance.now();
    oneShots(200_000);
    const ms = performance.now() - t0;
    const after = await snapshot();
    console.log(`# one-shots: ${fmt(before)} -> ${fmt(after)} (${(ms / 1000).toFixed(1)} s)`);
    assert.ok(after.rss - before.rss < RSS_TOLERANCE, `RSS grew by ${((after.rss - before.rss) / MiB).toFixed(1)} MiB`);
    if (isWasm) assert.equal(after.wasm, before.wasm, 'WebAssembly memory grew after the warm-up');
  });

  test(`[${S.backend()}] forgotten hashers are reclaimed by the FinalizationRegistry`, async () => {
    // BLAKE3's state is about 2 KiB, so 50,000 leaked hashers would be ~100 MiB.
    const forget = (n) => {
      for (let i = 0; i < n; i++) {
        const h = i & 1 ? S.blake3.create() : S.sha256.create();
        h.update(msg); // 1 KiB, then dropped without destroy()
      }
    };
    forget(10_000);
    const before = await snapshot();
    const t0 = performance.now();
    for (let round = 0; round < 5; round++) {
      forget(10_000);
      await settle();
    }
    const ms = performance.now() - t0;
    const after = await snapshot();
    console.log(`# forgotten hashers: ${fmt(before)} -> ${fmt(after)} (${(ms / 1000).toFixed(1)} s)`);
    assert.ok(after.rss - before.rss < RSS_TOLERANCE, `RSS grew by ${((after.rss - before.rss) / MiB).toFixed(1)} MiB`);
    if (isWasm) {
      // Without the registry this would be ≥ 50,000 × ~1 KiB; allow a few pages of slack for timing.
      assert.ok(after.wasm - before.wasm <= 4 * MiB, `WebAssembly memory grew by ${((after.wasm - before.wasm) / MiB).toFixed(2)} MiB`);
    }
    assert.equal(hexOf(S.sha256(msg)), hexOf(expected), 'the backend still computes correctly');
  });
}
