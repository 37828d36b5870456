// hash-wasm: hand-tuned WebAssembly hashes. Its one-shot helpers are async
// and return hex, so the cases use the synchronous hasher objects
// (init/update/digest('binary')), the fastest path the library offers.
import * as hw from 'hash-wasm';
import { HMACS, each } from './common.mjs';

const HASHERS = {
  sha1: () => hw.createSHA1(), sha256: () => hw.createSHA256(), sha512: () => hw.createSHA512(),
  'sha3-256': () => hw.createSHA3(256), 'sha3-512': () => hw.createSHA3(512), 'blake2b-512': () => hw.createBLAKE2b(512),
  'blake2s-256': () => hw.createBLAKE2s(256), blake3: () => hw.createBLAKE3(), md4: () => hw.createMD4(), md5: () => hw.createMD5(),
  ripemd160: () => hw.createRIPEMD160(), whirlpool: () => hw.createWhirlpool(),
};

const once = (h, msg) => { h.init(); h.update(msg); return h.digest('binary'); };

export async function load() {
  const ops = {};
  each(ops, 'digest', Object.keys(HASHERS), (alg) => async (fx) => { const h = await HASHERS[alg](); return () => once(h, fx.msg); });
  each(ops, 'mac', HMACS, (alg) => async (fx) => { const h = await hw.createHMAC(HASHERS[alg.slice(5)](), fx.key); return () => once(h, fx.msg); });
  each(ops, 'stream', ['sha256', 'blake3'], (alg) => async () => {
    const h = await HASHERS[alg]();
    return () => { h.init(); return { update: (chunk) => h.update(chunk), final: () => h.digest('binary') }; };
  });
  for (const alg of ['argon2id', 'argon2i']) {
    ops[`kdf:${alg}`] = (fx) => () => hw[alg]({
      password: fx.password, salt: fx.salt, iterations: fx.params.t, memorySize: fx.params.m,
      parallelism: fx.params.p, hashLength: fx.params.dkLen, outputType: 'binary',
    });
  }
  // Compared without the "$2a$12$" prefix: bcryptjs writes "$2b$", same hash.
  ops['kdf:bcrypt'] = (fx) => ({
    run: () => hw.bcrypt({ password: fx.password, salt: fx.salt, costFactor: fx.params.cost, outputType: 'encoded' }),
    output: (encoded) => encoded.slice(7),
  });
  each(ops, 'kdf', ['pbkdf2-sha1', 'pbkdf2-sha256', 'pbkdf2-sha512'], (alg) => (fx) => () => hw.pbkdf2({
    password: fx.password, salt: fx.salt, iterations: fx.params.c, hashLength: fx.params.dkLen,
    hashFunction: HASHERS[alg.slice(7)](), outputType: 'binary',
  }));
  ops['kdf:scrypt'] = (fx) => () => hw.scrypt({
    password: fx.password, salt: fx.salt, costFactor: fx.params.N, blockSize: fx.params.r,
    parallelism: fx.params.p, hashLength: fx.params.dkLen, outputType: 'binary',
  });
  return { id: 'hash-wasm', name: 'hash-wasm', packages: ['hash-wasm'], ops };
}
