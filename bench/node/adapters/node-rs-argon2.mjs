// @node-rs/argon2: the RustCrypto `argon2` crate as a napi-rs addon
// (prebuilt), which computes the p lanes on threads. Its async API runs on
// the libuv pool, like the `argon2` package's.
import { hashRaw } from '@node-rs/argon2';

const VARIANT = { argon2d: 0, argon2i: 1, argon2id: 2 }; // its Algorithm const enum

export async function load() {
  const ops = {};
  for (const alg of ['argon2id', 'argon2i']) {
    ops[`kdf:${alg}`] = (fx) => {
      const options = {
        algorithm: VARIANT[alg], salt: fx.salt, timeCost: fx.params.t, memoryCost: fx.params.m,
        parallelism: fx.params.p, outputLen: fx.params.dkLen,
      };
      return () => hashRaw(fx.password, options);
    };
  }
  return { id: 'node-rs-argon2', name: '@node-rs/argon2 (napi-rs addon)', packages: ['@node-rs/argon2'], ops };
}
