// The portability probe (issue 8): calls every algorithm family of the
// native addon (js/native/saline.node, loaded directly so that no build of
// the TypeScript is needed) on fixed inputs and prints one line per call:
// the name and the SHA-256 of the output (node:crypto, so the probe does not
// check Saline with itself). js/test/portable/run.sh runs it on the host and
// under `qemu-x86_64 -cpu Nehalem` and `-cpu Haswell` and compares the lines.
// Key generation is seeded; nothing random reaches the output.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

const addon = createRequire(import.meta.url)(process.env.SALINE_ADDON ?? '../../native/saline.node');
const catalog = JSON.parse(addon.catalog());
const id = (name) => catalog.find((e) => e.name === name).id;

// A fixed byte pattern (not random: the host and the emulated CPU must agree).
function bytes(n, salt) {
  const out = new Uint8Array(n);
  let x = (salt * 2654435761) >>> 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}
const keyLength = (rule) => (rule === null ? 0 : rule.exactly ?? (rule.oneOf ? rule.oneOf[rule.oneOf.length - 1] : Math.max(rule.min, 32)));
const sizes = [0, 1, 32, 1000, 65_536 + 3];
const lines = [];

/** Calls `op` and records the output, or the error class and message. */
function run(label, op, alg, args, nBytes, outLength) {
  const out = new Uint8Array(outLength);
  let text;
  try {
    const n = addon.callv(op, alg, out, nBytes, ...args);
    text = createHash('sha256').update(out.subarray(0, n)).digest('hex');
  } catch (error) {
    text = `error ${error.code ?? ''} ${error.message}`;
  }
  lines.push(`${label} ${text}`);
  return out;
}

const Op = { Hash: 1, Mac: 2, StreamXor: 4, CbcEncrypt: 5, AeadSeal: 7, AeadOpen: 8, BoxKeyPair: 20, BoxSeal: 22, SealedBoxSeal: 24,
  Ed25519KeyPair: 30, Ed25519Sign: 32, Ed25519Verify: 33, X25519PublicKey: 36, X25519Shared: 37, PointMulBase: 43,
  CryptoStream: 64, CryptoCoreSalsa20: 65, Pbkdf2: 80, Scrypt: 81, Argon2: 82, BcryptHash: 85, Hkdf: 87 };

for (const e of catalog) {
  for (const size of sizes) {
    const data = bytes(size, e.id);
    const key = bytes(keyLength(e.key), e.id + 1);
    const nonce = bytes(keyLength(e.nonce), e.id + 2);
    const label = `${e.name}/${size}`;
    if (e.kind === 'hash' || e.kind === 'xof') run(label, Op.Hash, e.id, [data, null, null, null, null, e.outputLength], 5, e.outputLength);
    else if (e.kind === 'mac') run(label, Op.Mac, e.id, [key, data], 2, e.tagLength || e.outputLength);
    else if (e.name === 'aes-cbc') run(label, Op.CbcEncrypt, e.id, [key, nonce, data, 1], 3, size + 16);
    else if (e.kind === 'cipher') run(label, Op.StreamXor, e.id, [key, nonce, data, 1], 3, size);
    else if (e.kind === 'aead') {
      const aad = e.name === 'xsalsa20-poly1305' ? null : bytes(size % 50, e.id + 3);
      const sealed = run(label, Op.AeadSeal, e.id, [key, nonce, aad, data], 4, size + e.tagLength);
      run(`${label}/open`, Op.AeadOpen, e.id, [key, nonce, aad, sealed], 4, size);
      sealed[0] ^= 1;
      run(`${label}/forged`, Op.AeadOpen, e.id, [key, nonce, aad, sealed], 4, size);
    }
  }
}

// Curves, NaCl boxes and KDFs (AES-128/192 keys also go through GCM above
// only at 32 bytes: add the other key sizes of the ring/RustCrypto split).
for (const keyLen of [16, 24]) {
  run(`aes-gcm/key${keyLen}`, Op.AeadSeal, id('aes-gcm'), [bytes(keyLen, 7), bytes(12, 8), null, bytes(1000, 9)], 4, 1016);
}
const seed = bytes(32, 42);
const kp = run('box/keypair', Op.BoxKeyPair, id('box'), [seed], 1, 64);
const kp2 = run('box/keypair2', Op.BoxKeyPair, id('box'), [bytes(32, 43)], 1, 64);
run('x25519/public', Op.X25519PublicKey, id('x25519'), [kp.subarray(32)], 1, 32);
run('x25519/shared', Op.X25519Shared, id('x25519'), [kp.subarray(32), kp2.subarray(0, 32)], 2, 32);
run('x25519/small-order', Op.X25519Shared, id('x25519'), [kp.subarray(32), new Uint8Array(32)], 2, 32);
run('box/seal', Op.BoxSeal, id('box'), [bytes(1000, 5), bytes(24, 6), kp2.subarray(0, 32), kp.subarray(32)], 4, 1016);
const ed = run('ed25519/keypair', Op.Ed25519KeyPair, id('ed25519'), [seed], 1, 96);
for (const size of sizes) {
  const msg = bytes(size, 11);
  const sig = run(`ed25519/sign/${size}`, Op.Ed25519Sign, id('ed25519'), [msg, ed.subarray(0, 64)], 2, 64);
  run(`ed25519/verify/${size}`, Op.Ed25519Verify, id('ed25519'), [sig, msg, ed.subarray(64), 0], 3, 1);
}
run('edwards25519/mulbase', Op.PointMulBase, 0, [bytes(32, 12)], 1, 32);
run('tweetnacl/crypto_stream', Op.CryptoStream, 0, [bytes(24, 13), bytes(32, 14), 4096], 2, 4096);
run('tweetnacl/crypto_core_salsa20', Op.CryptoCoreSalsa20, 0, [bytes(16, 15), bytes(32, 16), new TextEncoder().encode('expand 32-byte k')], 3, 64);
run('pbkdf2', Op.Pbkdf2, id('sha256'), [bytes(10, 17), bytes(16, 18), 1000, 32], 2, 32);
run('scrypt', Op.Scrypt, id('scrypt'), [bytes(10, 19), bytes(16, 20), 1024, 8, 1, 32], 2, 32);
run('argon2id', Op.Argon2, id('argon2id'), [bytes(10, 21), bytes(16, 22), null, null, 2, 256, 2, 32], 4, 32);
run('hkdf', Op.Hkdf, id('sha256'), [bytes(32, 23), bytes(16, 24), bytes(10, 25), 42], 3, 42);
lines.push(`backends ${typeof addon.backends === 'function' ? addon.backends() : 'n/a'}`);
console.log(lines.join('\n'));
