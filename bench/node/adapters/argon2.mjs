// The `argon2` package: the reference C implementation as a native addon
// (prebuilt binaries ship inside the npm package). Its API is async only and
// runs on the libuv pool, which can use both cores for p = 4.
import argon2 from 'argon2';

export async function load() {
  const ops = {};
  for (const alg of ['argon2id', 'argon2i']) {
    ops[`kdf:${alg}`] = (fx) => {
      const password = Buffer.from(fx.password);
      const options = {
        type: argon2[alg], raw: true, salt: Buffer.from(fx.salt), timeCost: fx.params.t,
        memoryCost: fx.params.m, parallelism: fx.params.p, hashLength: fx.params.dkLen,
      };
      return () => argon2.hash(password, options);
    };
  }
  return { id: 'argon2', name: 'argon2 (node addon)', packages: ['argon2'], ops };
}
