// crypto-js: the classic pure-JavaScript library. It works on WordArrays, so
// inputs are converted once outside the timed call and outputs are converted
// back only for the reference check. CryptoJS.SHA3 is Keccak with the
// pre-FIPS-202 padding: the check catches it and the note says why.
import CryptoJS from 'crypto-js';

const { WordArray } = CryptoJS.lib;
const wa = (bytes) => WordArray.create(bytes);
const bytesOf = (words) => {
  const out = new Uint8Array(words.sigBytes);
  for (let i = 0; i < out.length; i++) out[i] = (words.words[i >>> 2] >>> (24 - (i % 4) * 8)) & 0xff;
  return out;
};
const checked = (run) => ({ run, output: bytesOf });

const DIGESTS = {
  sha1: (m) => CryptoJS.SHA1(m), sha256: (m) => CryptoJS.SHA256(m), sha512: (m) => CryptoJS.SHA512(m),
  'sha3-256': (m) => CryptoJS.SHA3(m, { outputLength: 256 }), 'sha3-512': (m) => CryptoJS.SHA3(m, { outputLength: 512 }),
  md5: (m) => CryptoJS.MD5(m), ripemd160: (m) => CryptoJS.RIPEMD160(m),
};
const HMACS = { 'hmac-sha1': CryptoJS.HmacSHA1, 'hmac-sha256': CryptoJS.HmacSHA256, 'hmac-sha512': CryptoJS.HmacSHA512, 'hmac-md5': CryptoJS.HmacMD5 };
const PBKDF2 = { 'pbkdf2-sha1': CryptoJS.algo.SHA1, 'pbkdf2-sha256': CryptoJS.algo.SHA256, 'pbkdf2-sha512': CryptoJS.algo.SHA512 };

export async function load() {
  const ops = {};
  for (const [alg, fn] of Object.entries(DIGESTS)) ops[`digest:${alg}`] = (fx) => { const m = wa(fx.msg); return checked(() => fn(m)); };
  for (const [alg, fn] of Object.entries(HMACS)) ops[`mac:${alg}`] = (fx) => { const m = wa(fx.msg); const k = wa(fx.key); return checked(() => fn(m, k)); };
  for (const bits of [128, 192, 256]) {
    for (const [mode, padding] of [['cbc', CryptoJS.pad.Pkcs7], ['ctr', CryptoJS.pad.NoPadding]]) {
      ops[`encrypt:aes-${bits}-${mode}`] = (fx) => {
        const m = wa(fx.msg); const key = wa(fx.key.subarray(0, bits / 8));
        const cfg = { iv: wa(fx.iv), mode: CryptoJS.mode[mode.toUpperCase()], padding };
        return checked(() => CryptoJS.AES.encrypt(m, key, cfg).ciphertext);
      };
    }
  }
  for (const [alg, hasher] of Object.entries(PBKDF2)) {
    ops[`kdf:${alg}`] = (fx) => {
      const pw = wa(fx.password); const salt = wa(fx.salt);
      return checked(() => CryptoJS.PBKDF2(pw, salt, { keySize: fx.params.dkLen / 4, iterations: fx.params.c, hasher }));
    };
  }
  ops['stream:sha256'] = () => () => {
    const h = CryptoJS.algo.SHA256.create();
    return { update: (chunk) => h.update(wa(chunk)), final: () => bytesOf(h.finalize()) };
  };
  ops['stream:aes-256-cbc'] = (fx) => {
    const key = wa(fx.key); const iv = wa(fx.iv);
    return () => {
      const c = CryptoJS.algo.AES.createEncryptor(key, { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 });
      return { update: (chunk) => c.process(wa(chunk)), final: () => bytesOf(c.finalize()).slice(-16) };
    };
  };
  const keccak = 'CryptoJS.SHA3 implements Keccak (pre-FIPS-202 padding), not SHA-3';
  return {
    id: 'crypto-js', name: 'crypto-js', packages: ['crypto-js'], ops,
    notes: { 'digest:sha3-256': keccak, 'digest:sha3-512': keccak },
  };
}
