// Operations over a module with tweetnacl-js's API, including nacl.lowlevel.
// Used for tweetnacl itself and for any drop-in (saline/tweetnacl promises to
// be one), so both run literally the same calls. The low-level functions use
// NaCl's zero-padded layouts (crypto_box's input starts with 32 zero bytes, its
// output with 16); outputs are trimmed to the unpadded "easy" layout only for
// the reference check, outside the timed call.
import { unchecked } from './common.mjs';

const ZEROBYTES = 32;
const BOXZEROBYTES = 16;
const SIGMA = new TextEncoder().encode('expand 32-byte k');

const padded = (msg) => { const m = new Uint8Array(ZEROBYTES + msg.length); m.set(msg, ZEROBYTES); return m; };

// Encodes an extended point (lowlevel.add/scalarbase output) as 32 bytes,
// as tweetnacl's internal pack() does (RFC 8032 §5.1.2); only the check uses it.
function packPoint(ll, p) {
  const inv = ll.gf();
  for (let i = 0; i < 16; i++) inv[i] = p[2][i];
  for (let a = 253; a >= 0; a--) { ll.S(inv, inv); if (a !== 2 && a !== 4) ll.M(inv, inv, p[2]); }
  const x = ll.gf(); const y = ll.gf();
  ll.M(x, p[0], inv); ll.M(y, p[1], inv);
  const out = new Uint8Array(32); const xb = new Uint8Array(32);
  ll.pack25519(out, y); ll.pack25519(xb, x);
  out[31] ^= (xb[0] & 1) << 7;
  return out;
}

export function tweetnaclStyleOps(nacl) {
  const ops = {};
  const ll = nacl.lowlevel ?? {};
  const edPair = (fx) => nacl.sign.keyPair.fromSeed(fx.seed);
  const boxPair = (seed) => nacl.box.keyPair.fromSecretKey(seed);
  ops['digest:sha512'] = (fx) => () => nacl.hash(fx.msg);
  ops['seal:xsalsa20-poly1305'] = (fx) => () => nacl.secretbox(fx.msg, fx.nonce24, fx.key);
  ops['open:xsalsa20-poly1305'] = (fx) => { const ct = nacl.secretbox(fx.msg, fx.nonce24, fx.key); return () => nacl.secretbox.open(ct, fx.nonce24, fx.key); };
  ops['seal:box'] = (fx) => { const a = boxPair(fx.seed); const b = boxPair(fx.seedB); return () => nacl.box(fx.msg, fx.nonce24, b.publicKey, a.secretKey); };
  ops['open:box'] = (fx) => {
    const a = boxPair(fx.seed); const b = boxPair(fx.seedB);
    const ct = nacl.box(fx.msg, fx.nonce24, b.publicKey, a.secretKey);
    return () => nacl.box.open(ct, fx.nonce24, a.publicKey, b.secretKey);
  };
  ops['sign:ed25519'] = (fx) => { const { secretKey } = edPair(fx); return () => nacl.sign.detached(fx.msg, secretKey); };
  ops['verify:ed25519'] = (fx) => {
    const { secretKey, publicKey } = edPair(fx);
    const sig = nacl.sign.detached(fx.msg, secretKey);
    return () => nacl.sign.detached.verify(fx.msg, sig, publicKey);
  };
  ops['dh:x25519'] = (fx) => { const pk = nacl.scalarMult.base(fx.seedB); return () => nacl.scalarMult(fx.seed, pk); };

  // NaCl defines crypto_box_open_afternm as crypto_secretbox_open (same
  // signature); tweetnacl-js has it internally but exports only the latter.
  const fn = (name) => ll[name] ?? (name === 'crypto_box_open_afternm' ? ll.crypto_secretbox_open : undefined);
  const POINT_OPS = new Set(['crypto_point_add', 'crypto_scalar_base']);
  const low = (name, make, present = fn(name) || POINT_OPS.has(name)) => { if (present) ops[`lowlevel:${name}`] = make; };
  // C-style (out, m, n[, k]) hashes and MACs. tweetnacl-js names SHA-512
  // crypto_hash; drop-ins may add crypto_hash_sha256 and the HMACs
  // (signatures as in NaCl's crypto_hash and crypto_auth).
  const hashLike = (fn, outLen, keyed) => (fx) => {
    const out = new Uint8Array(outLen);
    return keyed ? () => (fn(out, fx.msg, fx.msg.length, fx.key), out) : () => (fn(out, fx.msg, fx.msg.length), out);
  };
  const sha512 = ll.crypto_hash_sha512 ?? ll.crypto_hash;
  if (sha512) low('crypto_hash_sha512', hashLike(sha512, 64, false), true);
  if (ll.crypto_hash_sha256) low('crypto_hash_sha256', hashLike(ll.crypto_hash_sha256, 32, false));
  if (ll.crypto_auth_hmacsha256) low('crypto_auth_hmacsha256', hashLike(ll.crypto_auth_hmacsha256, 32, true));
  if (ll.crypto_auth_hmacsha512) low('crypto_auth_hmacsha512', hashLike(ll.crypto_auth_hmacsha512, 64, true));
  if (!ll.crypto_box) return ops;
  const sharedKey = (fx) => { const k = new Uint8Array(32); ll.crypto_box_beforenm(k, nacl.scalarMult.base(fx.seedB), fx.seed); return k; };
  low('crypto_box', (fx) => {
    const m = padded(fx.msg); const c = new Uint8Array(m.length); const pk = nacl.scalarMult.base(fx.seedB);
    return { run: () => (ll.crypto_box(c, m, m.length, fx.nonce24, pk, fx.seed), c), output: (out) => out.subarray(BOXZEROBYTES) };
  });
  low('crypto_box_afternm', (fx) => {
    const m = padded(fx.msg); const c = new Uint8Array(m.length); const k = sharedKey(fx);
    return { run: () => (ll.crypto_box_afternm(c, m, m.length, fx.nonce24, k), c), output: (out) => out.subarray(BOXZEROBYTES) };
  });
  const openAfternm = fn('crypto_box_open_afternm');
  low('crypto_box_open_afternm', (fx) => {
    const m = padded(fx.msg); const c = new Uint8Array(m.length); const k = sharedKey(fx);
    ll.crypto_box_afternm(c, m, m.length, fx.nonce24, k);
    const out = new Uint8Array(m.length);
    return {
      run: () => openAfternm(out, c, c.length, fx.nonce24, k),
      output: (status) => (status === 0 ? out.subarray(ZEROBYTES) : Uint8Array.of()),
    };
  });
  low('crypto_stream_xor', (fx) => { const c = new Uint8Array(fx.msg.length); return () => (ll.crypto_stream_xor(c, 0, fx.msg, 0, fx.msg.length, fx.nonce24, fx.key), c); });
  low('crypto_stream', (fx) => { const c = new Uint8Array(32); return () => (ll.crypto_stream(c, 0, 32, fx.nonce24, fx.key), c); });
  low('crypto_sign', (fx) => {
    const { secretKey } = edPair(fx); const sm = new Uint8Array(fx.msg.length + 64);
    return () => (ll.crypto_sign(sm, fx.msg, fx.msg.length, secretKey), sm);
  });
  low('crypto_sign_open', (fx) => {
    const { secretKey, publicKey } = edPair(fx);
    const sm = nacl.sign(fx.msg, secretKey); const m = new Uint8Array(sm.length);
    return { run: () => ll.crypto_sign_open(m, sm, sm.length, publicKey), output: (n) => m.subarray(0, Math.max(n, 0)) };
  });
  low('crypto_box_keypair', () => { const pk = new Uint8Array(32); const sk = new Uint8Array(32); return unchecked(() => ll.crypto_box_keypair(pk, sk)); });
  low('crypto_box_beforenm', (fx) => {
    const k = new Uint8Array(32); const pk = nacl.scalarMult.base(fx.seedB);
    return () => (ll.crypto_box_beforenm(k, pk, fx.seed), k);
  });
  low('crypto_core_hsalsa20', (fx) => { const out = new Uint8Array(32); const input = fx.nonce24.subarray(0, 16); return () => (ll.crypto_core_hsalsa20(out, input, fx.key, SIGMA), out); });
  if (ll.crypto_core_salsa20) low('crypto_core_salsa20', (fx) => { const out = new Uint8Array(64); const input = fx.nonce24.subarray(0, 16); return () => (ll.crypto_core_salsa20(out, input, fx.key, SIGMA), out); });
  low('crypto_scalarmult', (fx) => { const q = new Uint8Array(32); const pk = nacl.scalarMult.base(fx.seedB); return () => (ll.crypto_scalarmult(q, fx.seed, pk), q); });
  low('crypto_scalarmult_base', (fx) => { const q = new Uint8Array(32); return () => (ll.crypto_scalarmult_base(q, fx.seed), q); });
  if (ll.crypto_point_add && ll.crypto_scalar_base) {
    // Drop-ins that follow libsodium here: points as 32-byte encodings.
    const base = (scalar) => { const p = new Uint8Array(32); ll.crypto_scalar_base(p, scalar); return p; };
    low('crypto_point_add', (fx) => { const out = new Uint8Array(32); const p = base(fx.scalar); const q = base(fx.scalarB); return () => (ll.crypto_point_add(out, p, q), out); });
    low('crypto_scalar_base', (fx) => { const out = new Uint8Array(32); return () => (ll.crypto_scalar_base(out, fx.scalar), out); });
  } else if (ll.add && ll.scalarbase) {
    const point = () => [ll.gf(), ll.gf(), ll.gf(), ll.gf()];
    // add(p, q) accumulates into p: the check's call is the first one, so it sees P + Q.
    low('crypto_point_add', (fx) => {
      const p = point(); const q = point();
      ll.scalarbase(p, fx.scalar); ll.scalarbase(q, fx.scalarB);
      return { run: () => (ll.add(p, q), p), output: (r) => packPoint(ll, r) };
    });
    low('crypto_scalar_base', (fx) => { const p = point(); return { run: () => (ll.scalarbase(p, fx.scalar), p), output: (r) => packPoint(ll, r) }; });
  }
  low('crypto_sign_keypair', (fx) => {
    const pk = new Uint8Array(32); const sk = new Uint8Array(64); sk.set(fx.seed);
    return () => (ll.crypto_sign_keypair(pk, sk, true), pk);
  });
  for (const n of [16, 32, 64].filter((k) => ll[`crypto_verify_${k}`])) {
    // Equal inputs: the comparison must run to the end (worst case, constant time anyway).
    low(`crypto_verify_${n}`, (fx) => {
      const x = fx.msg.length >= n ? fx.msg : new Uint8Array(64).fill(7); const y = x.slice();
      return { run: () => ll[`crypto_verify_${n}`](x, 0, y, 0), output: (r) => Uint8Array.of(r === 0 ? 1 : 0) };
    });
  }
  // (out, in) as libsodium's C functions; tweetnacl-js has neither.
  if (ll.crypto_sign_ed25519_pk_to_curve25519) {
    low('crypto_sign_ed25519_pk_to_curve25519', (fx) => { const out = new Uint8Array(32); const { publicKey } = edPair(fx); return () => (ll.crypto_sign_ed25519_pk_to_curve25519(out, publicKey), out); });
  }
  if (ll.crypto_sign_ed25519_sk_to_curve25519) {
    low('crypto_sign_ed25519_sk_to_curve25519', (fx) => { const out = new Uint8Array(32); const { secretKey } = edPair(fx); return () => (ll.crypto_sign_ed25519_sk_to_curve25519(out, secretKey), out); });
  }
  return ops;
}
