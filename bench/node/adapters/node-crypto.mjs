// node:crypto (OpenSSL inside Node). Two libraries: "node:crypto" uses the
// one-shot crypto.hash() for digests, "node:crypto createHash" the classic
// streaming object, so the report shows what the one-shot call saves.
import crypto from 'node:crypto';
import { AES_ALGORITHMS, HMACS, aesKey, each, unchecked } from './common.mjs';

const HASH_NAMES = {
  sha1: 'sha1', sha256: 'sha256', sha512: 'sha512', 'sha3-256': 'sha3-256', 'sha3-512': 'sha3-512',
  'blake2b-512': 'blake2b512', 'blake2s-256': 'blake2s256', md4: 'md4', md5: 'md5', ripemd160: 'ripemd160', whirlpool: 'whirlpool',
};
// OpenSSL 3 moved MD4 and Whirlpool to the legacy provider, which Node does
// not load: list only what getHashes() offers so the rest shows "n/a".
const offered = new Set(crypto.getHashes());
const hashes = Object.keys(HASH_NAMES).filter((a) => offered.has(HASH_NAMES[a]));

// PKCS#8 DER prefix for a raw Ed25519 / X25519 private key (RFC 8410 §7).
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');
const X25519_PKCS8 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const edKey = (seed) => crypto.createPrivateKey({ key: Buffer.concat([ED25519_PKCS8, seed]), format: 'der', type: 'pkcs8' });
const xKey = (seed) => crypto.createPrivateKey({ key: Buffer.concat([X25519_PKCS8, seed]), format: 'der', type: 'pkcs8' });

function commonOps(ops) {
  each(ops, 'mac', HMACS, (alg) => (fx) => () => crypto.createHmac(alg.slice('hmac-'.length), fx.key).update(fx.msg).digest());
  each(ops, 'encrypt', AES_ALGORITHMS.filter((a) => !a.endsWith('gcm')), (alg) => (fx) => () => {
    const c = crypto.createCipheriv(alg, aesKey(fx, alg), fx.iv);
    return Buffer.concat([c.update(fx.msg), c.final()]);
  });
  each(ops, 'seal', [...AES_ALGORITHMS.filter((a) => a.endsWith('gcm')), 'chacha20-poly1305'], (alg) => (fx) => () => {
    const key = alg.startsWith('aes') ? aesKey(fx, alg) : fx.key;
    const c = crypto.createCipheriv(alg, key, fx.nonce12, { authTagLength: 16 });
    return Buffer.concat([c.update(fx.msg), c.final(), c.getAuthTag()]);
  });
  ops['sign:ed25519'] = (fx) => { const sk = edKey(fx.seed); return () => crypto.sign(null, fx.msg, sk); };
  ops['verify:ed25519'] = (fx) => {
    const sk = edKey(fx.seed);
    const pk = crypto.createPublicKey(sk);
    const sig = crypto.sign(null, fx.msg, sk);
    return () => crypto.verify(null, fx.msg, pk, sig);
  };
  ops['dh:x25519'] = (fx) => {
    const privateKey = xKey(fx.seed);
    const publicKey = crypto.createPublicKey(xKey(fx.seedB));
    return () => crypto.diffieHellman({ privateKey, publicKey });
  };
  ops['lowlevel:crypto_scalarmult'] = ops['dh:x25519'];
  ops['lowlevel:crypto_box_keypair'] = () => unchecked(() => crypto.generateKeyPairSync('x25519'));
  ops['lowlevel:crypto_hash_sha256'] = (fx) => () => crypto.hash('sha256', fx.msg, 'buffer');
  ops['lowlevel:crypto_hash_sha512'] = (fx) => () => crypto.hash('sha512', fx.msg, 'buffer');
  ops['lowlevel:crypto_auth_hmacsha256'] = (fx) => () => crypto.createHmac('sha256', fx.key).update(fx.msg).digest();
  ops['lowlevel:crypto_auth_hmacsha512'] = (fx) => () => crypto.createHmac('sha512', fx.key).update(fx.msg).digest();
  for (const h of ['sha1', 'sha256', 'sha512']) {
    ops[`kdf:pbkdf2-${h}`] = (fx) => () => crypto.pbkdf2Sync(fx.password, fx.salt, fx.params.c, fx.params.dkLen, h);
  }
  ops['kdf:scrypt'] = (fx) => {
    const { N, r, p, dkLen } = fx.params;
    return () => crypto.scryptSync(fx.password, fx.salt, dkLen, { N, r, p, maxmem: 256 * N * r + (1 << 20) });
  };
  ops['kdf:hkdf-sha256'] = (fx) => () => crypto.hkdfSync('sha256', fx.key, fx.salt, new Uint8Array(0), fx.params.dkLen);
  // Streaming (file) cases: factory(fixture) -> start() -> { update, final }.
  ops['stream:sha256'] = () => () => {
    const h = crypto.createHash('sha256');
    return { update: (chunk) => h.update(chunk), final: () => h.digest() };
  };
  ops['stream:aes-256-cbc'] = (fx) => () => {
    const c = crypto.createCipheriv('aes-256-cbc', fx.key, fx.iv);
    return { update: (chunk) => c.update(chunk), final: () => c.final() };
  };
  return ops;
}

const version = `${process.versions.node} (OpenSSL ${process.versions.openssl})`;

export function loadOneShot() {
  const ops = {};
  each(ops, 'digest', hashes, (alg) => (fx) => () => crypto.hash(HASH_NAMES[alg], fx.msg, 'buffer'));
  return { id: 'node:crypto', name: 'node:crypto', version, ops: commonOps(ops) };
}

// Digests only: everything else is the same code as "node:crypto".
export function loadCreateHash() {
  const ops = {};
  each(ops, 'digest', hashes, (alg) => (fx) => () => crypto.createHash(HASH_NAMES[alg]).update(fx.msg).digest());
  return { id: 'node:crypto createHash', name: 'node:crypto createHash', version, ops };
}
