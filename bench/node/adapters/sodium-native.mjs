// sodium-native: libsodium as a Node addon (prebuilt; libsodium's own
// run-time CPU dispatch). Its API writes into caller buffers, so it is
// measured twice, as its users call it: allocating a result per call
// ("alloc", comparable with every other row) and reusing one output buffer
// ("reused out", what sodium-native's README recommends for hot paths).
import sodium from 'sodium-native';

const load = (reuse) => async () => {
  const s = sodium;
  // One output buffer per prepared case when reusing, a fresh one per call otherwise.
  const output = (n) => {
    if (!reuse) return () => Buffer.alloc(n);
    const buf = Buffer.alloc(n);
    return () => buf;
  };
  const ops = {};
  const op = (key, make) => { ops[key] = make; };
  const boxPair = (seed) => { const pk = Buffer.alloc(32); s.crypto_scalarmult_base(pk, seed); return { sk: seed, pk }; };
  const edPair = (fx) => {
    const pk = Buffer.alloc(32); const sk = Buffer.alloc(64);
    s.crypto_sign_seed_keypair(pk, sk, fx.seed);
    return { pk, sk };
  };
  op('digest:sha256', (fx) => { const out = output(32); return () => { const o = out(); s.crypto_hash_sha256(o, fx.msg); return o; }; });
  op('digest:sha512', (fx) => { const out = output(64); return () => { const o = out(); s.crypto_hash_sha512(o, fx.msg); return o; }; });
  op('digest:blake2b-512', (fx) => { const out = output(64); return () => { const o = out(); s.crypto_generichash(o, fx.msg); return o; }; });
  op('mac:poly1305', (fx) => { const out = output(16); return () => { const o = out(); s.crypto_onetimeauth(o, fx.msg, fx.key); return o; }; });
  op('seal:chacha20-poly1305', (fx) => {
    const out = output(fx.msg.length + 16);
    return () => { const o = out(); s.crypto_aead_chacha20poly1305_ietf_encrypt(o, fx.msg, null, null, fx.nonce12, fx.key); return o; };
  });
  op('seal:xchacha20-poly1305', (fx) => {
    const out = output(fx.msg.length + 16);
    return () => { const o = out(); s.crypto_aead_xchacha20poly1305_ietf_encrypt(o, fx.msg, null, null, fx.nonce24, fx.key); return o; };
  });
  op('seal:xsalsa20-poly1305', (fx) => {
    const out = output(fx.msg.length + 16);
    return () => { const o = out(); s.crypto_secretbox_easy(o, fx.msg, fx.nonce24, fx.key); return o; };
  });
  op('open:xsalsa20-poly1305', (fx) => {
    const ct = Buffer.alloc(fx.msg.length + 16);
    s.crypto_secretbox_easy(ct, fx.msg, fx.nonce24, fx.key);
    const out = output(fx.msg.length);
    return () => { const o = out(); if (!s.crypto_secretbox_open_easy(o, ct, fx.nonce24, fx.key)) throw new Error('open failed'); return o; };
  });
  op('seal:box', (fx) => {
    const a = boxPair(fx.seed); const b = boxPair(fx.seedB);
    const out = output(fx.msg.length + 16);
    return () => { const o = out(); s.crypto_box_easy(o, fx.msg, fx.nonce24, b.pk, a.sk); return o; };
  });
  op('open:box', (fx) => {
    const a = boxPair(fx.seed); const b = boxPair(fx.seedB);
    const ct = Buffer.alloc(fx.msg.length + 16);
    s.crypto_box_easy(ct, fx.msg, fx.nonce24, b.pk, a.sk);
    const out = output(fx.msg.length);
    return () => { const o = out(); if (!s.crypto_box_open_easy(o, ct, fx.nonce24, a.pk, b.sk)) throw new Error('open failed'); return o; };
  });
  op('sign:ed25519', (fx) => {
    const { sk } = edPair(fx); const out = output(64);
    return () => { const o = out(); s.crypto_sign_detached(o, fx.msg, sk); return o; };
  });
  op('verify:ed25519', (fx) => {
    const { pk, sk } = edPair(fx); const sig = Buffer.alloc(64);
    s.crypto_sign_detached(sig, fx.msg, sk);
    return () => s.crypto_sign_verify_detached(sig, fx.msg, pk);
  });
  op('dh:x25519', (fx) => {
    const pk = boxPair(fx.seedB).pk; const out = output(32);
    return () => { const o = out(); s.crypto_scalarmult(o, fx.seed, pk); return o; };
  });
  const id = reuse ? 'sodium-native-reused' : 'sodium-native';
  const name = reuse ? 'sodium-native (reused output buffer)' : 'sodium-native (output allocated per call)';
  return { id, name, packages: ['sodium-native'], ops };
};

export const loadAllocating = load(false);
export const loadReusing = load(true);
