// A small deterministic PRNG (xorshift32) for the differential, bad-input and
// memory tests: the same seed gives the same inputs on every run and backend.
// Set SALINE_SEED to explore other inputs; failures print the seed in use.
// No side effects (node --test also loads this file).

export const BASE_SEED = Number(process.env.SALINE_SEED ?? 0x5a11e) >>> 0;

/** FNV-1a of a label, so that every test has its own stream. */
function fnv(label) {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function prng(label) {
  let s = (BASE_SEED ^ fnv(label)) >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
  return {
    seed: BASE_SEED,
    /** n pseudo-random bytes. */
    bytes(n) {
      const out = new Uint8Array(n);
      const whole = n & ~3;
      const view = new DataView(out.buffer);
      for (let i = 0; i < whole; i += 4) view.setUint32(i, next(), true);
      for (let i = whole; i < n; i++) out[i] = next() & 0xff;
      return out;
    },
    /** An integer in [0, max). */
    int(max) {
      return next() % max;
    },
  };
}

/** The message lengths every differential check walks: edges of blocks, and 1 MiB. */
export const LENGTHS = [0, 1, 15, 16, 17, 63, 64, 65, 1000, 1 << 20];
