// libsodium-wrappers-sumo: libsodium compiled to WebAssembly. The wrappers copy
// inputs into the wasm heap and outputs back on every call; that cost is part
// of what a JavaScript user pays, so it is measured. libsodium's Argon2 only
// supports one lane (p = 1), so the p = 4 workloads show n/a.
import sodiumModule from 'libsodium-wrappers-sumo';
import { unchecked } from './common.mjs';

export async function load() {
  await sodiumModule.ready;
  const s = sodiumModule;
  const ops = {};
  const edPair = (fx) => s.crypto_sign_seed_keypair(fx.seed);
  const boxPair = (seed) => { const sk = seed; return { sk, pk: s.crypto_scalarmult_base(sk) }; };
  ops['digest:sha256'] = (fx) => () => s.crypto_hash_sha256(fx.msg);
  ops['digest:sha512'] = (fx) => () => s.crypto_hash_sha512(fx.msg);
  ops['digest:sha3-256'] = (fx) => () => s.crypto_hash_sha3256(fx.msg);
  ops['digest:sha3-512'] = (fx) => () => s.crypto_hash_sha3512(fx.msg);
  ops['digest:blake2b-512'] = (fx) => () => s.crypto_generichash(64, fx.msg, null);
  ops['mac:hmac-sha256'] = (fx) => () => s.crypto_auth_hmacsha256(fx.msg, fx.key);
  ops['mac:hmac-sha512'] = (fx) => () => s.crypto_auth_hmacsha512(fx.msg, fx.key);
  ops['mac:poly1305'] = (fx) => () => s.crypto_onetimeauth(fx.msg, fx.key);
  ops['seal:chacha20-poly1305'] = (fx) => () => s.crypto_aead_chacha20poly1305_ietf_encrypt(fx.msg, null, null, fx.nonce12, fx.key);
  ops['seal:xchacha20-poly1305'] = (fx) => () => s.crypto_aead_xchacha20poly1305_ietf_encrypt(fx.msg, null, null, fx.nonce24, fx.key);
  ops['seal:xsalsa20-poly1305'] = (fx) => () => s.crypto_secretbox_easy(fx.msg, fx.nonce24, fx.key);
  ops['open:xsalsa20-poly1305'] = (fx) => { const ct = s.crypto_secretbox_easy(fx.msg, fx.nonce24, fx.key); return () => s.crypto_secretbox_open_easy(ct, fx.nonce24, fx.key); };
  ops['seal:box'] = (fx) => { const a = boxPair(fx.seed); const b = boxPair(fx.seedB); return () => s.crypto_box_easy(fx.msg, fx.nonce24, b.pk, a.sk); };
  ops['open:box'] = (fx) => {
    const a = boxPair(fx.seed); const b = boxPair(fx.seedB);
    const ct = s.crypto_box_easy(fx.msg, fx.nonce24, b.pk, a.sk);
    return () => s.crypto_box_open_easy(ct, fx.nonce24, a.pk, b.sk);
  };
  ops['sign:ed25519'] = (fx) => { const { privateKey } = edPair(fx); return () => s.crypto_sign_detached(fx.msg, privateKey); };
  ops['verify:ed25519'] = (fx) => {
    const { privateKey, publicKey } = edPair(fx);
    const sig = s.crypto_sign_detached(fx.msg, privateKey);
    return () => s.crypto_sign_verify_detached(sig, fx.msg, publicKey);
  };
  ops['dh:x25519'] = (fx) => { const pk = s.crypto_scalarmult_base(fx.seedB); return () => s.crypto_scalarmult(fx.seed, pk); };
  ops['kdf:scrypt'] = (fx) => { const { N, r, p, dkLen } = fx.params; return () => s.crypto_pwhash_scryptsalsa208sha256_ll(fx.password, fx.salt, N, r, p, dkLen); };

  // NaCl low-level rows (the TweetNaCl group). libsodium.js exports the
  // "easy" layouts (tag || ciphertext), which are the NaCl layouts without
  // the zero padding; crypto_verify_*, crypto_core_salsa20 and
  // crypto_stream_xor (XSalsa20) are not exported by the wrappers: n/a.
  const low = (name, make) => { ops[`lowlevel:${name}`] = make; };
  low('crypto_hash_sha256', ops['digest:sha256']);
  low('crypto_hash_sha512', ops['digest:sha512']);
  low('crypto_auth_hmacsha256', ops['mac:hmac-sha256']);
  low('crypto_auth_hmacsha512', ops['mac:hmac-sha512']);
  low('crypto_box', ops['seal:box']);
  const shared = (fx) => s.crypto_box_beforenm(s.crypto_scalarmult_base(fx.seedB), fx.seed);
  low('crypto_box_afternm', (fx) => { const k = shared(fx); return () => s.crypto_box_easy_afternm(fx.msg, fx.nonce24, k); });
  low('crypto_box_open_afternm', (fx) => {
    const k = shared(fx);
    const ct = s.crypto_box_easy_afternm(fx.msg, fx.nonce24, k);
    return () => s.crypto_box_open_easy_afternm(ct, fx.nonce24, k);
  });
  low('crypto_sign', (fx) => { const { privateKey } = edPair(fx); return () => s.crypto_sign(fx.msg, privateKey); });
  low('crypto_sign_open', (fx) => {
    const { privateKey, publicKey } = edPair(fx);
    const signed = s.crypto_sign(fx.msg, privateKey);
    return () => s.crypto_sign_open(signed, publicKey);
  });
  low('crypto_box_keypair', () => unchecked(() => s.crypto_box_keypair()));
  low('crypto_box_beforenm', (fx) => { const pk = s.crypto_scalarmult_base(fx.seedB); return () => s.crypto_box_beforenm(pk, fx.seed); });
  low('crypto_core_hsalsa20', (fx) => { const input = fx.nonce24.subarray(0, 16); return () => s.crypto_core_hsalsa20(input, fx.key); });
  low('crypto_scalarmult', ops['dh:x25519']);
  low('crypto_scalarmult_base', (fx) => () => s.crypto_scalarmult_base(fx.seed));
  const edPoint = (scalar) => s.crypto_scalarmult_ed25519_base_noclamp(scalar);
  low('crypto_point_add', (fx) => { const p = edPoint(fx.scalar); const q = edPoint(fx.scalarB); return () => s.crypto_core_ed25519_add(p, q); });
  low('crypto_scalar_base', (fx) => () => edPoint(fx.scalar));
  low('crypto_sign_keypair', (fx) => ({ run: () => s.crypto_sign_seed_keypair(fx.seed), output: (kp) => kp.publicKey }));
  low('crypto_sign_ed25519_pk_to_curve25519', (fx) => { const { publicKey } = edPair(fx); return () => s.crypto_sign_ed25519_pk_to_curve25519(publicKey); });
  low('crypto_sign_ed25519_sk_to_curve25519', (fx) => { const { privateKey } = edPair(fx); return () => s.crypto_sign_ed25519_sk_to_curve25519(privateKey); });

  ops['stream:sha256'] = () => () => {
    const state = s.crypto_hash_sha256_init();
    return { update: (chunk) => s.crypto_hash_sha256_update(state, chunk), final: () => s.crypto_hash_sha256_final(state) };
  };
  return { id: 'libsodium', name: 'libsodium-wrappers-sumo', packages: ['libsodium-wrappers-sumo'], detail: `libsodium ${s.SODIUM_VERSION_STRING}`, ops };
}
