// Operations over a module that follows @noble/*'s names (sha256(msg),
// hmac(sha256, key, msg), gcm(key, nonce).encrypt(pt), ed25519.sign(msg, sk),
// pbkdf2(sha256, pw, salt, {c, dkLen}) ...). Used for noble itself and for
// any package that promises the same API (Saline's JS package does), so both
// are measured by literally the same calls. Names the module lacks give n/a.
import { AES_ALGORITHMS, HMACS, aesKey, each } from './common.mjs';

export const HASH_EXPORTS = {
  sha1: 'sha1', sha256: 'sha256', sha512: 'sha512', 'sha3-256': 'sha3_256', 'sha3-512': 'sha3_512',
  'blake2b-512': 'blake2b', 'blake2s-256': 'blake2s', blake3: 'blake3', md4: 'md4', md5: 'md5',
  ripemd160: 'ripemd160', whirlpool: 'whirlpool',
};
export const AEAD_EXPORTS = { 'chacha20-poly1305': 'chacha20poly1305', 'xchacha20-poly1305': 'xchacha20poly1305', 'xsalsa20-poly1305': 'xsalsa20poly1305' };
const le = (bytes) => bytes.reduceRight((n, b) => (n << 8n) | BigInt(b), 0n);

// Every function is looked up when a case is prepared, never inside the timed
// call: a computed lookup on a module namespace (`ns[name]`) cost ~130 ns per
// call here, more than a 32-byte hash, and the other adapters bind theirs once too.
export function nobleStyleOps(ns) {
  const ops = {};
  const hashOf = (alg) => ns[HASH_EXPORTS[alg]];
  each(ops, 'digest', Object.keys(HASH_EXPORTS), (alg) => hashOf(alg) && ((fx) => { const hash = hashOf(alg); return () => hash(fx.msg); }));
  each(ops, 'stream', ['sha256', 'blake3'], (alg) => hashOf(alg)?.create && (() => () => {
    const h = hashOf(alg).create();
    return { update: (chunk) => h.update(chunk), final: () => h.digest() };
  }));
  if (ns.hmac) each(ops, 'mac', HMACS, (alg) => hashOf(alg.slice(5)) && ((fx) => { const { hmac } = ns; const hash = hashOf(alg.slice(5)); return () => hmac(hash, fx.key, fx.msg); }));
  if (ns.poly1305) ops['mac:poly1305'] = (fx) => { const { poly1305 } = ns; return () => poly1305(fx.msg, fx.key); };
  for (const alg of AES_ALGORITHMS) {
    const mode = ns[alg.split('-')[2]];
    if (!mode) continue;
    const op = alg.endsWith('gcm') ? 'seal' : 'encrypt';
    // The cipher object is made inside the timed call: noble refuses a second
    // encrypt() on one instance (nonce reuse guard), so users make one per message.
    ops[`${op}:${alg}`] = (fx) => {
      const key = aesKey(fx, alg);
      const iv = op === 'seal' ? fx.nonce12 : fx.iv;
      return () => mode(key, iv).encrypt(fx.msg);
    };
  }
  for (const [alg, name] of Object.entries(AEAD_EXPORTS)) {
    if (!ns[name]) continue;
    const nonce = (fx) => (alg.startsWith('chacha') ? fx.nonce12 : fx.nonce24);
    const aead = ns[name];
    ops[`seal:${alg}`] = (fx) => { const n = nonce(fx); return () => aead(fx.key, n).encrypt(fx.msg); };
    ops[`open:${alg}`] = (fx) => { const n = nonce(fx); const ct = aead(fx.key, n).encrypt(fx.msg); return () => aead(fx.key, n).decrypt(ct); };
  }
  if (ns.ed25519) {
    const { ed25519 } = ns;
    ops['sign:ed25519'] = (fx) => () => ed25519.sign(fx.msg, fx.seed);
    ops['verify:ed25519'] = (fx) => {
      const pk = ed25519.getPublicKey(fx.seed);
      const sig = ed25519.sign(fx.msg, fx.seed);
      return () => ed25519.verify(sig, fx.msg, pk);
    };
    ops['lowlevel:crypto_sign_keypair'] = (fx) => () => ed25519.getPublicKey(fx.seed);
    if (ed25519.utils?.toMontgomery) {
      ops['lowlevel:crypto_sign_ed25519_pk_to_curve25519'] = (fx) => { const pk = ed25519.getPublicKey(fx.seed); return () => ed25519.utils.toMontgomery(pk); };
      ops['lowlevel:crypto_sign_ed25519_sk_to_curve25519'] = (fx) => () => ed25519.utils.toMontgomerySecret(fx.seed);
    }
    if (ed25519.Point) {
      const { Point } = ed25519;
      ops['lowlevel:crypto_point_add'] = (fx) => {
        const p = Point.BASE.multiply(le(fx.scalar));
        const q = Point.BASE.multiply(le(fx.scalarB));
        return { run: () => p.add(q), output: (r) => r.toBytes() };
      };
      ops['lowlevel:crypto_scalar_base'] = (fx) => { const n = le(fx.scalar); return () => Point.BASE.multiply(n).toBytes(); };
    }
  }
  if (ns.x25519) {
    const { x25519 } = ns;
    ops['dh:x25519'] = (fx) => { const pk = x25519.getPublicKey(fx.seedB); return () => x25519.getSharedSecret(fx.seed, pk); };
    ops['lowlevel:crypto_scalarmult'] = ops['dh:x25519'];
    ops['lowlevel:crypto_scalarmult_base'] = (fx) => () => x25519.getPublicKey(fx.seed);
  }
  const { sha256, sha512, hmac, xsalsa20 } = ns;
  if (sha256) ops['lowlevel:crypto_hash_sha256'] = (fx) => () => sha256(fx.msg);
  if (sha512) ops['lowlevel:crypto_hash_sha512'] = (fx) => () => sha512(fx.msg);
  if (hmac && sha256) ops['lowlevel:crypto_auth_hmacsha256'] = (fx) => () => hmac(sha256, fx.key, fx.msg);
  if (hmac && sha512) ops['lowlevel:crypto_auth_hmacsha512'] = (fx) => () => hmac(sha512, fx.key, fx.msg);
  if (xsalsa20) {
    ops['lowlevel:crypto_stream_xor'] = (fx) => () => xsalsa20(fx.key, fx.nonce24, fx.msg);
    ops['lowlevel:crypto_stream'] = (fx) => { const zeros = new Uint8Array(32); return () => xsalsa20(fx.key, fx.nonce24, zeros); };
  }
  if (ns.pbkdf2) {
    each(ops, 'kdf', ['pbkdf2-sha1', 'pbkdf2-sha256', 'pbkdf2-sha512'], (alg) => hashOf(alg.slice(7)) && ((fx) => () =>
      ns.pbkdf2(hashOf(alg.slice(7)), fx.password, fx.salt, { c: fx.params.c, dkLen: fx.params.dkLen })));
  }
  if (ns.hkdf && ns.sha256) ops['kdf:hkdf-sha256'] = (fx) => () => ns.hkdf(ns.sha256, fx.key, fx.salt, new Uint8Array(0), fx.params.dkLen);
  if (ns.scrypt) ops['kdf:scrypt'] = (fx) => () => ns.scrypt(fx.password, fx.salt, fx.params);
  for (const alg of ['argon2id', 'argon2i']) {
    if (ns[alg]) ops[`kdf:${alg}`] = (fx) => () => ns[alg](fx.password, fx.salt, fx.params);
  }
  // bcrypt.hash(password, cost, { salt }) -> "$2b$12$..." (Saline's API; noble has no bcrypt).
  // Compared without the "$2b$12$" prefix, as the other bcrypt libraries.
  if (ns.bcrypt) ops['kdf:bcrypt'] = (fx) => ({ run: () => ns.bcrypt.hash(fx.password, fx.params.cost, { salt: fx.salt }), output: (encoded) => encoded.slice(7) });
  // box(msg, nonce, theirPublicKey, mySecretKey) with tweetnacl's shape (Saline's API; noble has no box).
  if (ns.box?.open && ns.x25519) {
    const pk = (seed) => ns.x25519.getPublicKey(seed);
    ops['seal:box'] = (fx) => { const pkB = pk(fx.seedB); return () => ns.box(fx.msg, fx.nonce24, pkB, fx.seed); };
    ops['open:box'] = (fx) => {
      const ct = ns.box(fx.msg, fx.nonce24, pk(fx.seedB), fx.seed);
      const pkA = pk(fx.seed);
      return () => ns.box.open(ct, fx.nonce24, pkA, fx.seedB);
    };
  }
  return ops;
}
