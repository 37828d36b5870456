// @napi-rs/blake-hash: the `blake3` and `blake2b_simd`/`blake2s_simd` crates
// as a napi-rs addon (prebuilt), one-shot with default parameters.
import { blake2b, blake2s, blake3 } from '@napi-rs/blake-hash';

export async function load() {
  const ops = {
    'digest:blake2b-512': (fx) => () => blake2b(fx.msg),
    'digest:blake2s-256': (fx) => () => blake2s(fx.msg),
    'digest:blake3': (fx) => () => blake3(fx.msg),
  };
  return { id: 'napi-rs-blake-hash', name: '@napi-rs/blake-hash (napi-rs addon)', packages: ['@napi-rs/blake-hash'], ops };
}
