// saline/cryptographer (cryptographer.js's namespace API) against node:crypto,
// @noble/hashes where node:crypto lacks an algorithm (BLAKE3, Argon2), and
// published test vectors where neither has it (MD4, RFC 1320; Whirlpool, the
// ISO/IEC 10118-3 vectors). Inputs come from a fixed-seed PRNG
// (test/_prng.mjs; SALINE_SEED overrides it). Every option that cannot be
// honoured must throw, never be ignored or replaced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as nodeCrypto from 'node:crypto';
import { blake3 as nobleBlake3 } from '@noble/hashes/blake3.js';
import { argon2d as nobleArgon2d, argon2i as nobleArgon2i, argon2id as nobleArgon2id } from '@noble/hashes/argon2.js';
import crypto, * as named from 'saline/cryptographer';
import * as S from 'saline';
import { prng, BASE_SEED } from './_prng.mjs';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

const LENGTHS = [0, 1, 31, 32, 33, 1000, 1 << 20];
const hex = (b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
function same(got, expected, what) {
  assert.ok(got instanceof Uint8Array, `${what}: saline returned ${Object.prototype.toString.call(got)}, not bytes`);
  if (got.length !== expected.length || hex(got) !== hex(expected)) {
    assert.fail(`${what} (seed ${BASE_SEED}): saline ${hex(got).slice(0, 96)}… (${got.length} B) != reference ${hex(expected).slice(0, 96)}… (${expected.length} B)`);
  }
}

// cryptographer.js name → node:crypto name.
const NODE_HASHES = {
  sha1: 'sha1', sha224: 'sha224', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512',
  sha3_224: 'sha3-224', sha3_256: 'sha3-256', sha3_384: 'sha3-384', sha3_512: 'sha3-512',
  blake2b: 'blake2b512', blake2s: 'blake2s256', md5: 'md5', ripemd160: 'ripemd160',
};

test('surface: namespaces, default and named exports, CommonJS', () => {
  for (const key of ['sha', 'hash', 'hmac', 'cipher', 'kdf', 'randomBytes', 'timingSafeEqual']) {
    assert.ok(key in crypto, `default export has ${key}`);
    assert.equal(named[key], crypto[key], `named export ${key}`);
  }
  assert.equal(crypto.hash, crypto.sha, 'hash is an alias of sha');
  for (const name of [...Object.keys(NODE_HASHES), 'blake3', 'md4', 'whirlpool']) {
    assert.equal(typeof crypto.sha[name], 'function', `sha.${name}`);
    assert.equal(typeof crypto.sha[name].create, 'function', `sha.${name}.create`);
  }
  for (const name of [...Object.keys(NODE_HASHES), 'md4', 'whirlpool']) assert.equal(typeof crypto.hmac[name], 'function', `hmac.${name}`);
  assert.equal(crypto.hmac.blake3, undefined, 'no HMAC-BLAKE3 (use its keyed mode)');
  const require = createRequire(import.meta.url);
  const cjs = require('saline/cryptographer');
  assert.equal(typeof cjs.default.sha.sha256, 'function');
  assert.equal(typeof cjs.cipher.aes.encrypt, 'function');
});

test('sha.<alg>: every output format against node:crypto, one-shot and streaming', () => {
  const r = prng('cryptographer/sha');
  for (const [name, nodeName] of Object.entries(NODE_HASHES)) {
    for (const n of LENGTHS) {
      const msg = r.bytes(n);
      const expected = nodeCrypto.createHash(nodeName).update(msg).digest();
      assert.equal(crypto.sha[name](msg), expected.toString('hex'), `sha.${name}(${n}) default hex`);
      assert.equal(crypto.sha[name](msg, { outputFormat: 'base64' }), expected.toString('base64'), `sha.${name}(${n}) base64`);
      const binary = crypto.sha[name](msg, { outputFormat: 'binary' });
      same(binary, expected, `sha.${name}(${n}) binary`);
      assert.ok(!Buffer.isBuffer(binary), "'binary' is a plain Uint8Array");
      const buffer = crypto.sha[name](msg, { outputFormat: 'buffer' });
      assert.ok(Buffer.isBuffer(buffer), "'buffer' is a Buffer in Node");
      assert.equal(buffer.toString('hex'), expected.toString('hex'));
      const h = crypto.sha[name].create();
      const cut = r.int(n + 1);
      h.update(msg.subarray(0, cut)).update(msg.subarray(cut));
      assert.equal(h.digest(), expected.toString('hex'), `sha.${name}.create(${n})`);
      h.reset().update(msg);
      same(h.digest('binary'), expected, `sha.${name}.create(${n}) after reset`);
      h.destroy();
    }
    const text = 'Hello World ✓';
    assert.equal(crypto.sha[name](text), nodeCrypto.createHash(nodeName).update(text, 'utf8').digest('hex'), `sha.${name} of a string is UTF-8`);
    const b64 = crypto.sha[name].create({ outputFormat: 'base64' });
    assert.equal(b64.update(text).digest(), nodeCrypto.createHash(nodeName).update(text).digest('base64'), `sha.${name}.create({ outputFormat })`);
  }
  assert.equal(crypto.sha.sha256('Hello World'), 'a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e', "cryptographer.js's README example");
});

test('sha.md4 and sha.whirlpool: published vectors', () => {
  // RFC 1320 §A.5.
  assert.equal(crypto.sha.md4(''), '31d6cfe0d16ae931b73c59d7e0c089c0');
  assert.equal(crypto.sha.md4('abc'), 'a448017aaf21d8525fc10ae87aa6729d');
  assert.equal(crypto.sha.md4('12345678901234567890123456789012345678901234567890123456789012345678901234567890'), 'e33b4ddc9c38f2199c3e7b164fcc0536');
  // ISO/IEC 10118-3 Whirlpool test vectors (the NESSIE set).
  assert.equal(
    crypto.sha.whirlpool(''),
    '19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a73e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3',
  );
  assert.equal(
    crypto.sha.whirlpool('abc'),
    '4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5',
  );
  const streamed = crypto.sha.whirlpool.create().update('a').update('bc').digest();
  assert.equal(streamed, crypto.sha.whirlpool('abc'));
});

test('sha.blake3: keyed, deriveKey / derive_key, hashLength / hash_length against @noble/hashes', () => {
  const r = prng('cryptographer/blake3');
  const key = r.bytes(32);
  for (const n of LENGTHS) {
    const msg = r.bytes(n);
    assert.equal(crypto.sha.blake3(msg), hex(nobleBlake3(msg)), `blake3(${n})`);
    assert.equal(crypto.sha.blake3(msg, { keyed: key }), hex(nobleBlake3(msg, { key })), `blake3 keyed (${n})`);
    assert.equal(crypto.sha.blake3(msg, { deriveKey: 'saline 2025 test' }), hex(nobleBlake3(msg, { context: new TextEncoder().encode('saline 2025 test') })), `blake3 deriveKey (${n})`);
    assert.equal(crypto.sha.blake3(msg, { derive_key: 'ctx' }), crypto.sha.blake3(msg, { deriveKey: 'ctx' }), 'derive_key spelling');
    assert.equal(crypto.sha.blake3(msg, { hashLength: 100 }), hex(nobleBlake3(msg, { dkLen: 100 })), `blake3 hashLength (${n})`);
    assert.equal(crypto.sha.blake3(msg, { hash_length: 7 }), hex(nobleBlake3(msg, { dkLen: 7 })), 'hash_length spelling');
  }
  const h = crypto.sha.blake3.create({ keyed: key, hashLength: 64, outputFormat: 'base64' });
  assert.equal(h.update('abc').digest(), Buffer.from(nobleBlake3(new TextEncoder().encode('abc'), { key, dkLen: 64 })).toString('base64'));
  assert.throws(() => crypto.sha.blake3('x', { keyed: r.bytes(31) }), RangeError);
  assert.throws(() => crypto.sha.blake3('x', { keyed: 'k'.repeat(32) }), TypeError, 'a string key is refused');
  assert.throws(() => crypto.sha.blake3('x', { hashLength: 32, hash_length: 64 }), TypeError, 'two spellings that disagree');
  assert.throws(() => crypto.sha.blake3('x', { deriveKey: new Uint8Array(3) }), TypeError);
  assert.throws(() => crypto.sha.blake3('x', { keyed: key, deriveKey: 'ctx' }), TypeError, 'keyed and deriveKey exclude each other');
});

test('hmac.<alg>: against node:crypto, one-shot and streaming', () => {
  const r = prng('cryptographer/hmac');
  for (const [name, nodeName] of Object.entries(NODE_HASHES)) {
    for (const keyLength of [0, 16, 64, 200]) {
      const key = r.bytes(keyLength);
      for (const n of [0, 1, 33, 1000, 1 << 20]) {
        const msg = r.bytes(n);
        const expected = nodeCrypto.createHmac(nodeName, key).update(msg).digest();
        assert.equal(crypto.hmac[name](msg, { key }), expected.toString('hex'), `hmac.${name} key ${keyLength} msg ${n}`);
        if (n === 33) {
          assert.equal(crypto.hmac[name](msg, { key, outputFormat: 'base64' }), expected.toString('base64'));
          same(crypto.hmac[name](msg, { key, outputFormat: 'binary' }), expected, `hmac.${name} binary`);
          const h = crypto.hmac[name].create({ key, outputFormat: 'buffer' });
          h.update(msg.subarray(0, 10)).update(msg.subarray(10));
          assert.equal(h.digest().toString('hex'), expected.toString('hex'), `hmac.${name}.create`);
          assert.equal(h.reset().update(msg).digest('hex'), expected.toString('hex'), `hmac.${name}.create after reset`);
        }
      }
    }
  }
  assert.throws(() => crypto.hmac.sha256('msg', { key: 'secret' }), TypeError, 'a string key is refused (documented)');
  assert.throws(() => crypto.hmac.sha256('msg'), TypeError, 'no options');
  assert.throws(() => crypto.hmac.sha256('msg', { key: r.bytes(32), outputFormat: 'latin1' }), TypeError);
  assert.throws(() => crypto.hmac.sha256('msg', { key: r.bytes(32), digest: 'sha1' }), TypeError, 'unknown option');
});

test('cipher.aes: CBC (PKCS#7 and no padding), CTR and GCM against node:crypto, every key size', () => {
  const r = prng('cryptographer/aes');
  for (const keyLength of [16, 24, 32]) {
    const bits = keyLength * 8;
    const key = r.bytes(keyLength);
    const iv = r.bytes(16);
    const nonce = r.bytes(12);
    for (const n of LENGTHS) {
      const data = r.bytes(n);
      const cbcRef = (() => {
        const c = nodeCrypto.createCipheriv(`aes-${bits}-cbc`, key, iv);
        return Buffer.concat([c.update(data), c.final()]);
      })();
      const cbc = crypto.cipher.aes.encrypt(data, { key, iv });
      assert.ok(Buffer.isBuffer(cbc), 'the default output is a Buffer, as in cryptographer.js');
      same(cbc, cbcRef, `aes-${bits}-cbc (${n}), default mode and padding`);
      same(crypto.cipher.aes.encrypt(data, { key, iv, mode: 'cbc', padding: 'PKCS7' }), cbcRef, 'explicit cbc/PKCS7');
      same(crypto.cipher.aes.encrypt(data, { key, iv, mode: 'cbc', padding: 'pkcs7' }), cbcRef, "'pkcs7' spelling");
      same(crypto.cipher.aes.decrypt(cbc, { key, iv }), data, `aes-${bits}-cbc decrypt (${n})`);

      if (n % 16 === 0) {
        const c = nodeCrypto.createCipheriv(`aes-${bits}-cbc`, key, iv).setAutoPadding(false);
        const noPad = Buffer.concat([c.update(data), c.final()]);
        same(crypto.cipher.aes.encrypt(data, { key, iv, padding: 'NoPadding' }), noPad, `aes-${bits}-cbc NoPadding (${n})`);
        same(crypto.cipher.aes.encrypt(data, { key, iv, padding: 'none' }), noPad, "'none' spelling");
        same(crypto.cipher.aes.decrypt(noPad, { key, iv, padding: 'NoPadding' }), data, 'NoPadding decrypt');
      } else {
        assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv, padding: 'NoPadding' }), RangeError, 'NoPadding needs whole blocks');
      }

      const ctrC = nodeCrypto.createCipheriv(`aes-${bits}-ctr`, key, iv);
      const ctrRef = Buffer.concat([ctrC.update(data), ctrC.final()]);
      same(crypto.cipher.aes.encrypt(data, { key, iv, mode: 'ctr' }), ctrRef, `aes-${bits}-ctr (${n})`);
      same(crypto.cipher.aes.decrypt(ctrRef, { key, iv, mode: 'ctr', padding: 'NoPadding' }), data, 'ctr decrypt (NoPadding is what CTR does)');

      const aad = r.bytes(n % 40);
      const g = nodeCrypto.createCipheriv(`aes-${bits}-gcm`, key, nonce);
      g.setAAD(aad);
      const gcmRef = Buffer.concat([g.update(data), g.final(), g.getAuthTag()]);
      const sealed = crypto.cipher.aes.encrypt(data, { key, iv: nonce, mode: 'gcm', aad });
      same(sealed, gcmRef, `aes-${bits}-gcm (${n})`);
      same(crypto.cipher.aes.decrypt(sealed, { key, iv: nonce, mode: 'gcm', aad }), data, 'gcm decrypt');
      const forged = Buffer.from(sealed);
      forged[r.int(forged.length)] ^= 1;
      assert.throws(() => crypto.cipher.aes.decrypt(forged, { key, iv: nonce, mode: 'gcm', aad }), /authentication failed/, 'gcm forgery');
      if (aad.length > 0) assert.throws(() => crypto.cipher.aes.decrypt(sealed, { key, iv: nonce, mode: 'gcm' }), /authentication failed/, 'gcm without the aad');
    }
  }
  const key = r.bytes(32);
  const iv = r.bytes(16);
  assert.equal(crypto.cipher.aes.encrypt('Hello World', { key, iv, outputFormat: 'hex' }), (() => {
    const c = nodeCrypto.createCipheriv('aes-256-cbc', key, iv);
    return Buffer.concat([c.update('Hello World'), c.final()]).toString('hex');
  })(), 'string data is UTF-8; outputFormat hex');
  assert.equal(
    Buffer.from(crypto.cipher.aes.decrypt(crypto.cipher.aes.encrypt('Hello World', { key, iv }), { key, iv })).toString(),
    'Hello World',
  );
  // Whole blocks encrypted without padding do not unpad as PKCS#7 (overwhelmingly likely for random data).
  const unpadded = crypto.cipher.aes.encrypt(Uint8Array.from({ length: 32 }, (_, i) => i), { key, iv, padding: 'NoPadding' });
  assert.throws(() => crypto.cipher.aes.decrypt(unpadded, { key, iv }), Error, 'bad PKCS#7 padding');
});

test('cipher.aes: what cannot be honoured throws', () => {
  const r = prng('cryptographer/aes-refusals');
  const key = r.bytes(32);
  const iv = r.bytes(16);
  const data = r.bytes(32);
  for (const mode of ['ecb', 'ccm', 'siv', 'ofb', 'CBC', '', null]) {
    assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv, mode }), TypeError, `mode ${mode}`);
    assert.throws(() => crypto.cipher.aes.decrypt(data, { key, iv, mode }), TypeError, `decrypt mode ${mode}`);
  }
  for (const padding of ['ZeroPadding', 'zero', 'AnsiX923', 'ISO10126', 'PKCS5', true]) {
    assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv, padding }), TypeError, `padding ${padding}`);
  }
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv, mode: 'ctr', padding: 'PKCS7' }), /applies to 'cbc' only/);
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv: iv.subarray(0, 12), mode: 'gcm', padding: 'PKCS7' }), /applies to 'cbc' only/);
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv, aad: r.bytes(4) }), /only 'gcm' authenticates associated data/);
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv, mode: 'ctr', aad: r.bytes(4) }), TypeError);
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv, mode: 'gcm' }), RangeError, 'GCM takes a 12-byte iv');
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv: iv.subarray(0, 12) }), RangeError, 'CBC takes a 16-byte iv');
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key }), TypeError, 'no iv');
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key: r.bytes(20), iv }), RangeError, 'AES key of 20 bytes');
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key: 'a'.repeat(32), iv }), TypeError, 'a string key');
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv: 'b'.repeat(16) }), TypeError, 'a string iv');
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv, outputFormat: 'utf8' }), TypeError);
  assert.throws(() => crypto.cipher.aes.encrypt(data, { key, iv, tagLength: 12 }), TypeError, 'unknown option');
  assert.throws(() => crypto.cipher.aes.encrypt(data), TypeError, 'no options');
  assert.throws(() => crypto.cipher.aes.decrypt('not bytes', { key, iv }), TypeError, 'a string ciphertext');
  assert.throws(() => crypto.cipher.aes.decrypt(r.bytes(17), { key, iv }), RangeError, 'a CBC ciphertext must fill whole blocks');
});

test('kdf.pbkdf2 against node:crypto; defaults and refusals', () => {
  const r = prng('cryptographer/pbkdf2');
  for (const hash of ['sha1', 'sha224', 'sha256', 'sha384', 'sha512']) {
    for (const keyLength of [1, 32, 100]) {
      const password = r.bytes(r.int(40));
      const salt = r.bytes(16);
      const expected = nodeCrypto.pbkdf2Sync(password, salt, 1000, keyLength, hash);
      const got = crypto.kdf.pbkdf2(password, { salt, iterations: 1000, keyLength, hash });
      assert.ok(Buffer.isBuffer(got), 'default output is a Buffer');
      same(got, expected, `pbkdf2 ${hash} ${keyLength}`);
      assert.equal(crypto.kdf.pbkdf2(password, { salt, iterations: 1000, keyLength, hash, outputFormat: 'hex' }), expected.toString('hex'));
    }
  }
  const salt = r.bytes(16);
  same(crypto.kdf.pbkdf2('myPassword', { salt }), nodeCrypto.pbkdf2Sync('myPassword', salt, 100000, 32, 'sha256'), 'defaults: 100000 iterations, 32 bytes, SHA-256');
  assert.throws(() => crypto.kdf.pbkdf2('pw', { salt: 'mySalt', iterations: 1 }), TypeError, 'a string salt is refused (documented)');
  assert.throws(() => crypto.kdf.pbkdf2('pw', { salt, iterations: 1, hash: 'md5' }), TypeError);
  assert.throws(() => crypto.kdf.pbkdf2('pw', { salt, iterations: 0 }), RangeError);
  assert.throws(() => crypto.kdf.pbkdf2('pw', { salt, iterations: 1, keyLength: 0 }), RangeError);
  assert.throws(() => crypto.kdf.pbkdf2('pw', { salt, iterations: 1, digest: 'sha512' }), TypeError, 'unknown option');
  assert.throws(() => crypto.kdf.pbkdf2('pw'), TypeError);
});

test('kdf.pbkdf2.async resolves to the same bytes', async () => {
  const salt = new Uint8Array(16).fill(7);
  const sync = crypto.kdf.pbkdf2('pw', { salt, iterations: 2000, outputFormat: 'base64' });
  assert.equal(await crypto.kdf.pbkdf2.async('pw', { salt, iterations: 2000, outputFormat: 'base64' }), sync);
  await assert.rejects(crypto.kdf.pbkdf2.async('pw', { salt, mode: 'x' }), TypeError);
});

test('kdf.argon2: every variant against @noble/hashes; defaults; refusals', async () => {
  const r = prng('cryptographer/argon2');
  const noble = { id: nobleArgon2id, i: nobleArgon2i, d: nobleArgon2d };
  for (const [variant, reference] of Object.entries(noble)) {
    for (const parallelism of [1, 4]) {
      const password = r.bytes(12);
      const salt = r.bytes(16);
      const options = { salt, timeCost: 2, memoryCost: 64, parallelism, keyLength: 24 };
      const expected = reference(password, salt, { t: 2, m: 64, p: parallelism, dkLen: 24 });
      assert.equal(crypto.kdf.argon2(password, { ...options, variant }), hex(expected), `argon2${variant} p=${parallelism}, default hex output`);
      same(crypto.kdf.argon2(password, { ...options, variant: `argon2${variant}`, outputFormat: 'binary' }), expected, `argon2${variant} long variant name`);
      assert.equal(await crypto.kdf.argon2.async(password, { ...options, variant, outputFormat: 'base64' }), Buffer.from(expected).toString('base64'));
    }
  }
  // Defaults: t = 3, m = 64 MiB, p = 4, Argon2id, 32 bytes (checked against saline's own argon2id with the same values).
  const salt = r.bytes(16);
  assert.equal(crypto.kdf.argon2('password', { salt }), hex(S.argon2id('password', salt, { t: 3, m: 65536, p: 4, dkLen: 32 })));
  assert.throws(() => crypto.kdf.argon2('pw', { salt, variant: 'argon2x' }), TypeError);
  assert.throws(() => crypto.kdf.argon2('pw', { salt, memoryCost: 64, parallelism: 1, timeCost: 0 }), RangeError);
  assert.throws(() => crypto.kdf.argon2('pw', { salt: 'saltsalt', memoryCost: 64, parallelism: 1 }), TypeError);
  assert.throws(() => crypto.kdf.argon2('pw', { salt, memoryCost: 64, parallelism: 1, secret: r.bytes(8) }), TypeError, 'unknown option');
});

test('kdf.bcrypt: hash and verify; rounds; over-long passwords', () => {
  const hash = crypto.kdf.bcrypt.hash('correct horse', { rounds: 4 });
  assert.match(hash, /^\$2b\$04\$[./A-Za-z0-9]{53}$/);
  assert.equal(crypto.kdf.bcrypt.verify('correct horse', hash), true);
  assert.equal(crypto.kdf.bcrypt.verify('wrong horse', hash), false);
  assert.match(crypto.kdf.bcrypt.hash('pw'), /^\$2b\$10\$/, 'default rounds 10');
  // A known $2a$ hash (OpenBSD's test set: "U*U", cost 5).
  assert.equal(crypto.kdf.bcrypt.verify('U*U', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW'), true);
  assert.throws(() => crypto.kdf.bcrypt.hash('x'.repeat(73), { rounds: 4 }), RangeError, 'no silent truncation at 72 bytes');
  assert.throws(() => crypto.kdf.bcrypt.hash('pw', { rounds: 3 }), RangeError);
  assert.throws(() => crypto.kdf.bcrypt.hash('pw', { cost: 4 }), TypeError, 'unknown option');
  assert.throws(() => crypto.kdf.bcrypt.verify('pw', new Uint8Array(60)), TypeError);
  assert.throws(() => crypto.kdf.bcrypt.verify('pw', '$2b$04$tooshort'), Error, 'a malformed hash throws');
});

test('kdf.bcrypt async twins', async () => {
  const hash = await crypto.kdf.bcrypt.hash.async('pw', { rounds: 4 });
  assert.equal(await crypto.kdf.bcrypt.verify.async('pw', hash), true);
  assert.equal(await crypto.kdf.bcrypt.verify.async('px', hash), false);
});

test('randomBytes and timingSafeEqual', () => {
  const a = crypto.randomBytes(32);
  assert.ok(Buffer.isBuffer(a) && a.length === 32);
  assert.notEqual(hex(a), hex(crypto.randomBytes(32)));
  assert.throws(() => crypto.randomBytes(0), RangeError, 'size must be at least 1, as in cryptographer.js');
  assert.throws(() => crypto.randomBytes(1.5), RangeError);
  const x = crypto.randomBytes(20);
  assert.equal(crypto.timingSafeEqual(x, Uint8Array.from(x)), true);
  assert.equal(crypto.timingSafeEqual(x, x.subarray(0, 19)), false, 'different lengths are unequal');
  const y = Uint8Array.from(x);
  y[19] ^= 1;
  assert.equal(crypto.timingSafeEqual(x, y), false);
  const digest = crypto.hmac.sha256('msg', { key: x });
  assert.equal(crypto.timingSafeEqual(digest, crypto.hmac.sha256('msg', { key: x })), true, 'hex strings compare as UTF-8');
  assert.equal(crypto.timingSafeEqual('', ''), true);
});

test('unknown options and output formats throw everywhere', () => {
  assert.throws(() => crypto.sha.sha256('x', { outputFormat: 'utf8' }), TypeError);
  assert.throws(() => crypto.sha.sha256('x', { encoding: 'hex' }), TypeError, 'unknown option');
  assert.throws(() => crypto.sha.sha256('x', { keyed: new Uint8Array(32) }), TypeError, 'keyed is BLAKE3-only');
  assert.throws(() => crypto.sha.blake2b('x', { hashLength: 32 }), TypeError, 'hashLength is BLAKE3-only');
  assert.throws(() => crypto.sha.sha256.create({ outputFormat: 'raw' }), TypeError);
  assert.throws(() => crypto.sha.sha256.create().update('x').digest('latin1'), TypeError);
  assert.throws(() => crypto.sha.sha256(42), TypeError);
  const h = crypto.sha.sha256.create();
  h.digest();
  assert.throws(() => h.update('more'), /digest\(\) was already called/);
});
