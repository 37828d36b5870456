// The known-answer vector runner, shared by test/vectors.test.mjs (Node, both
// backends) and test/browser/ (headless Chromium, WebAssembly). It only takes
// the `saline` module namespace and parsed vector files, so it runs anywhere.
//
// Semantics follow crates/saline/tests/vectors.rs and vectors/FORMAT.md:
// - a `valid` case must reproduce its output exactly, through the one-shot
//   call and, where the API has them, through streaming, clone, reset,
//   the inverse operation and the async variant;
// - an `invalid` case must be rejected the way the API specifies (a throw,
//   `false` or `null`);
// - an `acceptable` case may go either way but must not crash;
// - a case the API cannot express (a GCM nonce other than 96 bits) counts
//   as unsupported, and the API must refuse it rather than compute
//   something;
// - `slow: true` cases run only when asked (SALINE_SLOW_VECTORS=1).
//
// This file has no side effects: `node --test test/` also loads it as a
// (trivially passing) test file.

/** Lowercase hex to bytes; a private helper so that the API's own
 * utils.hexToBytes is not what decodes the expectations. */
export function hex(s) {
  if (typeof s !== 'string' || s.length % 2 !== 0) throw new Error(`bad hex in vector: ${String(s).slice(0, 40)}`);
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) {
    const b = parseInt(s.slice(2 * i, 2 * i + 2), 16);
    if (Number.isNaN(b)) throw new Error(`bad hex in vector: ${s.slice(0, 40)}`);
    out[i] = b;
  }
  return out;
}

export function toHex(bytes) {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

const utf8 = (s) => new TextEncoder().encode(s);

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function repeatBytes(bytes, n) {
  const out = new Uint8Array(bytes.length * n);
  for (let i = 0; i < n; i++) out.set(bytes, i * bytes.length);
  return out;
}

class VectorMismatch extends Error {}

function check(cond, message) {
  if (!cond) throw new VectorMismatch(message);
}

function eq(got, expected, what) {
  check(got instanceof Uint8Array, `${what}: expected a Uint8Array, got ${Object.prototype.toString.call(got)}`);
  const a = toHex(got);
  const b = toHex(expected);
  check(a === b, `${what}: got ${a.slice(0, 160)}${a.length > 160 ? '…' : ''} (${got.length} bytes), expected ${b.slice(0, 160)}${b.length > 160 ? '…' : ''} (${expected.length} bytes)`);
}

/** Runs fn and requires it to throw; returns the error. */
function rejects(fn, what) {
  let result;
  try {
    result = fn();
  } catch (e) {
    return e;
  }
  throw new VectorMismatch(`${what}: must be rejected (throw), returned ${describe(result)}`);
}

async function rejectsAsync(fn, what) {
  let result;
  try {
    result = await fn();
  } catch (e) {
    return e;
  }
  throw new VectorMismatch(`${what}: must be rejected (reject), resolved ${describe(result)}`);
}

function describe(v) {
  if (v instanceof Uint8Array) return `Uint8Array(${v.length}) ${toHex(v.subarray(0, 32))}`;
  if (typeof v === 'string') return JSON.stringify(v.slice(0, 80));
  return String(v);
}

function api(S, path) {
  let v = S;
  for (const part of path.split('.')) {
    v = v == null ? undefined : v[part];
  }
  if (typeof v !== 'function') throw new VectorMismatch(`the API has no function saline.${path}`);
  return v;
}

/** Catalog names (FORMAT.md) to the API's export names. */
export const HASH_EXPORTS = {
  sha1: 'sha1', sha224: 'sha224', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512', 'sha512-256': 'sha512_256',
  'sha3-224': 'sha3_224', 'sha3-256': 'sha3_256', 'sha3-384': 'sha3_384', 'sha3-512': 'sha3_512',
  shake128: 'shake128', shake256: 'shake256', keccak256: 'keccak_256',
  blake2b: 'blake2b', blake2s: 'blake2s', blake3: 'blake3',
  md4: 'md4', md5: 'md5', ripemd160: 'ripemd160', whirlpool: 'whirlpool',
};
/** Hashes whose output length is chosen with `dkLen`. */
const VARIABLE_OUTPUT = new Set(['shake128', 'shake256', 'blake2b', 'blake2s', 'blake3']);

const hashFn = (S, name) => {
  const exportName = HASH_EXPORTS[name];
  if (!exportName) throw new VectorMismatch(`unknown hash ${name}`);
  return api(S, exportName);
};

// ---------------------------------------------------------------- hash

function hashCase(S, c, alg) {
  const fn = hashFn(S, alg);
  let msg = hex(c.msg);
  if (c.repeat !== undefined) msg = repeatBytes(msg, c.repeat);
  const out = hex(c.out);
  const opts = {};
  if (VARIABLE_OUTPUT.has(alg)) opts.dkLen = out.length;
  if (c.key !== undefined) opts.key = hex(c.key);
  if (c.salt !== undefined) opts.salt = hex(c.salt);
  if (c.personal !== undefined) opts.personalization = hex(c.personal);
  if (c.context !== undefined) opts.context = utf8(c.context);
  const withOpts = Object.keys(opts).length > 0;
  if (!VARIABLE_OUTPUT.has(alg)) check(fn.outputLen === out.length, `${alg}.outputLen is ${fn.outputLen}, expected ${out.length}`);
  check(Number.isInteger(fn.blockLen) && fn.blockLen > 0, `${alg}.blockLen is ${fn.blockLen}`);

  eq(withOpts ? fn(msg, opts) : fn(msg), out, 'one-shot');
  // Streaming in uneven pieces, forking with clone, digestInto, and reuse after reset.
  const h = withOpts ? fn.create(opts) : fn.create();
  const cut = Math.floor(msg.length / 3);
  check(h.update(msg.subarray(0, cut)) === h, 'update() must return the hasher (chainable)');
  const fork = h.clone();
  h.update(msg.subarray(cut));
  fork.update(msg.subarray(cut));
  const into = new Uint8Array(out.length);
  h.digestInto(into);
  eq(into, out, 'streaming digestInto');
  h.reset();
  eq(h.update(msg).digest(), out, 'after reset');
  eq(fork.digest(), out, 'clone');
  h.destroy();
  fork.destroy();
  return true;
}

// ---------------------------------------------------------------- mac

// Catalog MACs the main entry does not export: SipHash (an exemption in
// docs/coverage-exemptions.toml) and libsodium's crypto_auth, which only
// saline/tweetnacl has, for 32-byte keys. Their files count as unsupported.
const MACS_WITHOUT_EXPORT = new Set(['siphash-2-4', 'siphashx-2-4', 'hmac-sha512-trunc256']);

function macCase(S, c, alg) {
  if (MACS_WITHOUT_EXPORT.has(alg)) return false;
  const key = hex(c.key);
  const msg = hex(c.msg);
  const tag = hex(c.tag);
  let full;
  if (alg === 'poly1305') {
    full = api(S, 'poly1305')(msg, key);
  } else {
    check(alg.startsWith('hmac-'), `unexpected mac ${alg}`);
    const h = hashFn(S, alg.slice(5));
    full = api(S, 'hmac')(h, key, msg);
    const stream = api(S, 'hmac.create')(h, key);
    const cut = msg.length >> 1;
    stream.update(msg.subarray(0, cut)).update(msg.subarray(cut));
    eq(stream.digest(), full, 'hmac.create streaming vs one-shot');
    if (typeof stream.destroy === 'function') stream.destroy();
  }
  const matches = full.length >= tag.length && toHex(full.subarray(0, tag.length)) === toHex(tag);
  if (c.result === 'valid') {
    eq(full.subarray(0, tag.length), tag, c.tag_bits !== undefined ? `tag (first ${c.tag_bits} bits)` : 'tag');
  } else if (c.result === 'invalid') {
    check(!matches || tag.length < 10, 'an invalid tag must not match');
  }
  return true;
}

// ---------------------------------------------------------------- cipher

const STREAM_EXPORTS = { chacha20: 'chacha20', xchacha20: 'xchacha20', salsa20: 'salsa20', xsalsa20: 'xsalsa20' };

function cipherCase(S, c, alg) {
  const key = hex(c.key);
  if (alg === 'aes-cbc') {
    const iv = hex(c.iv);
    const ct = hex(c.ct);
    const opts = { disablePadding: c.padding === 'none' };
    if (c.result === 'valid') {
      const msg = hex(c.msg);
      eq(api(S, 'cbc')(key, iv, opts).encrypt(msg), ct, 'cbc encrypt');
      eq(api(S, 'cbc')(key, iv, opts).decrypt(ct), msg, 'cbc decrypt');
    } else {
      const ctCopy = ct.slice();
      rejects(() => api(S, 'cbc')(key, iv, opts).decrypt(ct), 'cbc decrypt of bad padding');
      eq(ct, ctCopy, 'a rejected decrypt must leave its input untouched');
    }
    return true;
  }
  const nonce = hex(c.nonce);
  if (alg === 'aes-ctr') {
    const msg = hex(c.msg);
    const ct = hex(c.ct);
    eq(api(S, 'ctr')(key, nonce).encrypt(msg), ct, 'ctr encrypt');
    eq(api(S, 'ctr')(key, nonce).decrypt(ct), msg, 'ctr decrypt');
    return true;
  }
  const fn = api(S, STREAM_EXPORTS[alg] ?? `<no export for ${alg}>`);
  const counter = c.counter ?? 0;
  const run = (data, ctr) => (c.counter === undefined && ctr === 0 ? fn(key, nonce, data) : fn(key, nonce, data, ctr));
  if (c.stream_len !== undefined) {
    const stream = run(new Uint8Array(c.stream_len), counter);
    check(stream.length === c.stream_len, `keystream length ${stream.length}, expected ${c.stream_len}`);
    check(toHex(api(S, 'sha256')(stream)) === c.stream_sha256, 'SHA-256 of the keystream');
    return true;
  }
  const msg = hex(c.msg);
  const ct = hex(c.ct);
  const msgCopy = msg.slice();
  eq(run(msg, counter), ct, 'encrypt');
  eq(msg, msgCopy, 'the input must not be modified');
  eq(run(ct, counter), msg, 'decrypt');
  // The same keystream, resumed one 64-byte block later through `counter`.
  if (msg.length > 64) eq(fn(key, nonce, msg.subarray(64), counter + 1), ct.subarray(64), 'resumed at counter + 1');
  return true;
}

// ---------------------------------------------------------------- aead

const AEADS = {
  'aes-gcm': { name: 'gcm', nonces: [12], aad: true, tagFirst: false, tagLength: 16 },
  'chacha20-poly1305': { name: 'chacha20poly1305', nonces: [12], aad: true, tagFirst: false, tagLength: 16 },
  'xchacha20-poly1305': { name: 'xchacha20poly1305', nonces: [24], aad: true, tagFirst: false, tagLength: 16 },
  // noble's and libsodium's secretbox layout: tag ‖ ciphertext.
  'xsalsa20-poly1305': { name: 'xsalsa20poly1305', nonces: [24], aad: false, tagFirst: true, tagLength: 16 },
  // libsodium's 256-bit AEGIS tags.
  'aegis-128l': { name: 'aegis128l', nonces: [16], aad: true, tagFirst: false, tagLength: 32 },
  'aegis-256': { name: 'aegis256', nonces: [32], aad: true, tagFirst: false, tagLength: 32 },
};

function aeadCase(S, c, alg) {
  const spec = AEADS[alg];
  check(spec, `unexpected aead ${alg}`);
  const [key, nonce, aad, msg, ct, tag] = ['key', 'nonce', 'aad', 'msg', 'ct', 'tag'].map((f) => hex(c[f]));
  check(spec.aad || aad.length === 0, `${alg} takes no aad`);
  const make = () => (spec.aad ? api(S, spec.name)(key, nonce, aad) : api(S, spec.name)(key, nonce));
  const sealed = spec.tagFirst ? concat(tag, ct) : concat(ct, tag);
  if (!spec.nonces.includes(nonce.length) || tag.length !== spec.tagLength) {
    // Outside the API (GCM with a nonce other than 96 bits, a truncated tag):
    // it must refuse, never compute something else.
    rejects(() => make().decrypt(sealed), `${alg} with a ${nonce.length}-byte nonce and a ${tag.length}-byte tag`);
    return c.result !== 'valid';
  }
  if (c.result === 'valid') {
    eq(make().encrypt(msg), sealed, 'encrypt');
    eq(make().decrypt(sealed), msg, 'decrypt');
  } else {
    const copy = sealed.slice();
    const err = rejects(() => make().decrypt(sealed), 'decrypt of a forgery');
    check(/tag|verif|authent/i.test(String(err?.message)), `a failed tag check must say so, got: ${err?.message}`);
    eq(sealed, copy, 'a rejected decrypt must leave its input untouched');
  }
  return true;
}

// ---------------------------------------------------------------- nacl

function flipLast(bytes) {
  const out = bytes.slice();
  out[out.length - 1] ^= 1;
  return out;
}

function naclCase(S, c, alg) {
  switch (alg) {
    case 'secretbox':
    case 'xsalsa20-poly1305': {
      const [key, nonce, msg, boxed] = ['key', 'nonce', 'msg', 'box'].map((f) => hex(c[f]));
      eq(api(S, 'secretbox')(msg, nonce, key), boxed, 'secretbox');
      eq(api(S, 'secretbox.open')(boxed, nonce, key), msg, 'secretbox.open');
      check(api(S, 'secretbox.open')(flipLast(boxed), nonce, key) === null, 'secretbox.open of a forgery must return null');
      return true;
    }
    case 'box': {
      if (c.seed !== undefined) {
        const kp = api(S, 'box.keyPair')(hex(c.seed));
        eq(kp.publicKey, hex(c.pk), 'box.keyPair(seed).publicKey');
        eq(kp.secretKey, hex(c.sk), 'box.keyPair(seed).secretKey');
        return true;
      }
      const [sk, pk, nonce, msg, boxed] = ['sk', 'pk', 'nonce', 'msg', 'box'].map((f) => hex(c[f]));
      eq(api(S, 'box')(msg, nonce, pk, sk), boxed, 'box');
      eq(api(S, 'box.open')(boxed, nonce, pk, sk), msg, 'box.open');
      check(api(S, 'box.open')(flipLast(boxed), nonce, pk, sk) === null, 'box.open of a forgery must return null');
      // libsodium: crypto_box_easy_afternm is secretbox with the precomputed key.
      const k = api(S, 'box.before')(pk, sk);
      eq(api(S, 'secretbox')(msg, nonce, k), boxed, 'secretbox with box.before');
      return true;
    }
    case 'sealedbox': {
      const [pk, sk, msg, sealed] = ['pk', 'sk', 'msg', 'sealed'].map((f) => hex(c[f]));
      eq(api(S, 'sealedbox.open')(sealed, pk, sk), msg, 'sealedbox.open');
      const fresh = api(S, 'sealedbox.seal')(msg, pk);
      check(fresh.length === msg.length + 48, `sealedbox.seal length ${fresh.length}, expected ${msg.length + 48}`);
      eq(api(S, 'sealedbox.open')(fresh, pk, sk), msg, 'sealedbox round trip');
      check(api(S, 'sealedbox.open')(flipLast(sealed), pk, sk) === null, 'sealedbox.open of a forgery must return null');
      return true;
    }
    default:
      throw new VectorMismatch(`unexpected nacl algorithm ${alg}`);
  }
}

// ---------------------------------------------------------------- sign

function verifyOutcome(S, sig, msg, pk, opts) {
  try {
    const r = api(S, 'ed25519.verify')(sig, msg, pk, opts);
    check(typeof r === 'boolean', `ed25519.verify must return a boolean, got ${describe(r)}`);
    return r;
  } catch (e) {
    if (e instanceof VectorMismatch) throw e;
    return e;
  }
}

function signCase(S, c) {
  const [pk, msg, sig] = ['pk', 'msg', 'sig'].map((f) => hex(c[f]));
  const strict = { zip215: false };
  if (c.result === 'valid') {
    if (c.seed !== undefined) {
      const seed = hex(c.seed);
      eq(api(S, 'ed25519.getPublicKey')(seed), pk, 'getPublicKey(seed)');
      eq(api(S, 'ed25519.sign')(msg, seed), sig, 'sign(msg, seed)');
      const kp = api(S, 'ed25519.keygen')(seed);
      eq(kp.publicKey, pk, 'keygen(seed).publicKey');
      eq(api(S, 'ed25519.sign')(msg, kp.secretKey), sig, 'sign(msg, keygen(seed).secretKey)');
    }
    check(verifyOutcome(S, sig, msg, pk, strict) === true, 'verify (strict) must return true');
    check(verifyOutcome(S, sig, msg, pk) === true, 'verify (default options) must return true');
    check(verifyOutcome(S, sig, msg, pk, { zip215: true }) === true, 'verify (zip215) must return true');
    if (msg.length > 0) check(verifyOutcome(S, sig, flipLast(msg), pk, strict) === false, 'verify of another message must return false');
  } else if (c.result === 'invalid') {
    const r = verifyOutcome(S, sig, msg, pk, strict);
    if (r instanceof Error) {
      // Throwing is only right for inputs of the wrong size (RangeError).
      check(sig.length !== 64 && r instanceof RangeError, `verify threw ${r?.name}: ${r?.message} (a ${sig.length}-byte signature)`);
    } else {
      check(r === false, 'verify (strict) of an invalid signature must return false');
    }
  } else {
    verifyOutcome(S, sig, msg, pk, strict);
  }
  return true;
}

// ---------------------------------------------------------------- x25519

function x25519Case(S, c, opts) {
  const [scalar, point, shared] = ['scalar', 'point', 'shared'].map((f) => hex(c[f]));
  const getShared = api(S, 'x25519.getSharedSecret');
  if (c.result === 'invalid') {
    rejects(() => getShared(scalar, point), 'x25519.getSharedSecret');
    return true;
  }
  // The raw RFC 7748 function (tweetnacl's scalarMult) reproduces every valid and acceptable case.
  if (opts.rawScalarMult) eq(opts.rawScalarMult(scalar, point), shared, 'raw X25519 (saline/tweetnacl scalarMult)');
  const allZero = shared.every((b) => b === 0);
  let got;
  try {
    got = getShared(scalar, point);
  } catch (e) {
    check(allZero, `only an all-zero result may be refused, got ${e?.name}: ${e?.message}`);
    return true;
  }
  check(!allZero, 'an all-zero shared secret must be refused (libsodium rule)');
  eq(got, shared, 'getSharedSecret');
  return true;
}

// ---------------------------------------------------------------- kdf

async function kdfCase(S, c, alg, opts) {
  const asyncToo = opts.checkAsync && opts.asyncBudget.left > 0;
  if (alg.startsWith('pbkdf2-')) {
    const h = hashFn(S, alg.slice(7));
    const [password, salt, out] = ['password', 'salt', 'out'].map((f) => hex(c[f]));
    const o = { c: c.iterations, dkLen: out.length };
    eq(api(S, 'pbkdf2')(h, password, salt, o), out, 'pbkdf2');
    if (asyncToo && c.iterations <= 4096) {
      opts.asyncBudget.left--;
      eq(await api(S, 'pbkdf2.async')(h, password, salt, o), out, 'pbkdf2.async');
    }
    return true;
  }
  if (alg.startsWith('hkdf-')) {
    const h = hashFn(S, alg.slice(5));
    const [ikm, salt, info] = ['ikm', 'salt', 'info'].map((f) => hex(c[f]));
    if (c.result === 'valid') {
      const out = hex(c.out);
      eq(api(S, 'hkdf')(h, ikm, salt, info, c.size), out, 'hkdf');
      const prk = api(S, 'hkdf.extract')(h, ikm, salt);
      eq(api(S, 'hkdf.expand')(h, prk, info, c.size), out, 'hkdf.extract + hkdf.expand');
      if (asyncToo) {
        opts.asyncBudget.left--;
        eq(await api(S, 'hkdf.async')(h, ikm, salt, info, c.size), out, 'hkdf.async');
      }
    } else {
      const err = rejects(() => api(S, 'hkdf')(h, ikm, salt, info, c.size), `hkdf with length ${c.size}`);
      check(err instanceof RangeError, `hkdf with length ${c.size} must throw RangeError, got ${err?.name}: ${err?.message}`);
      if (asyncToo) await rejectsAsync(() => api(S, 'hkdf.async')(h, ikm, salt, info, c.size), 'hkdf.async');
    }
    return true;
  }
  if (alg === 'scrypt') {
    const [password, salt, out] = ['password', 'salt', 'out'].map((f) => hex(c[f]));
    const o = { N: c.n, r: c.r, p: c.p, dkLen: out.length };
    eq(api(S, 'scrypt')(password, salt, o), out, 'scrypt');
    if (asyncToo) {
      opts.asyncBudget.left--;
      eq(await api(S, 'scrypt.async')(password, salt, o), out, 'scrypt.async');
    }
    return true;
  }
  if (alg.startsWith('argon2')) {
    const password = hex(c.password);
    if (c.phc !== undefined) {
      check(api(S, 'argon2.verify')(password, c.phc) === true, `argon2.verify(password, ${c.phc}) must return true`);
      // The wrong-password check doubles the cost: only on the cheaper strings.
      const m = Number(/[$,]m=(\d+)/.exec(c.phc)?.[1]);
      if (m <= 32768) check(api(S, 'argon2.verify')(concat(password, utf8('x')), c.phc) === false, 'argon2.verify of a wrong password must return false');
      return true;
    }
    const [salt, out] = ['salt', 'out'].map((f) => hex(c[f]));
    const o = { t: c.t, m: c.m, p: c.p, dkLen: out.length };
    // RFC 9106's secret and associated data, under noble's option names.
    if (c.secret !== undefined) o.key = hex(c.secret);
    if (c.ad !== undefined) o.personalization = hex(c.ad);
    eq(api(S, alg)(password, salt, o), out, alg);
    if (asyncToo && c.m <= 65536) {
      opts.asyncBudget.left--;
      eq(await api(S, `${alg}.async`)(password, salt, o), out, `${alg}.async`);
    }
    return true;
  }
  if (alg === 'bcrypt') {
    const password = hex(c.password);
    check(api(S, 'bcrypt.verify')(password, c.hash) === true, `bcrypt.verify(password, ${c.hash}) must return true`);
    if (Number(c.hash.slice(4, 6)) <= 6) check(api(S, 'bcrypt.verify')(concat(password, utf8('x')), c.hash) === false, 'bcrypt.verify of a wrong password must return false');
    if (c.hash.startsWith('$2b$04$') || c.hash.startsWith('$2a$04$')) {
      const ours = api(S, 'bcrypt.hash')(password, 4);
      check(typeof ours === 'string' && /^\$2b\$04\$[./A-Za-z0-9]{53}$/.test(ours), `bcrypt.hash gave ${describe(ours)}`);
      check(api(S, 'bcrypt.verify')(password, ours) === true, 'bcrypt round trip');
    }
    return true;
  }
  throw new VectorMismatch(`unexpected kdf ${alg}`);
}

// ---------------------------------------------------------------- secretstream

/** A libsodium secretstream (vectors/FORMAT.md, kind secretstream). */
function secretstreamCase(S, c) {
  const [key, header] = [hex(c.key), hex(c.header)];
  const tx = c.result === 'valid' ? api(S, 'secretstream.push')(key, header) : null;
  const rx = api(S, 'secretstream.pull')(header, key);
  for (const [i, chunk] of c.chunks.entries()) {
    const [ad, sealed] = [hex(chunk.ad), hex(chunk.c)];
    if (c.result === 'invalid' && i === c.chunks.length - 1) {
      let refused;
      try {
        refused = rx.pull(sealed, ad) === null;
      } catch {
        refused = true;
      }
      check(refused, `chunk ${i} must be refused`);
      return true;
    }
    if (tx) eq(tx.push(hex(chunk.msg), { ad, tag: chunk.tag }), sealed, `push, chunk ${i}`);
    const pulled = rx.pull(sealed, ad);
    check(pulled !== null && pulled.tag === chunk.tag, `pull, chunk ${i}: got ${describe(pulled)}`);
    eq(pulled.message, hex(chunk.msg), `pulled message, chunk ${i}`);
    if (chunk.rekey) {
      tx?.rekey();
      rx.rekey();
    }
  }
  return true;
}

// ---------------------------------------------------------------- driver

const KINDS = {
  hash: (S, c, alg) => hashCase(S, c, alg),
  mac: (S, c, alg) => macCase(S, c, alg),
  cipher: (S, c, alg) => cipherCase(S, c, alg),
  aead: (S, c, alg) => aeadCase(S, c, alg),
  nacl: (S, c, alg) => naclCase(S, c, alg),
  sign: (S, c) => signCase(S, c),
  x25519: (S, c, alg, opts) => x25519Case(S, c, opts),
  kdf: (S, c, alg, opts) => kdfCase(S, c, alg, opts),
  secretstream: (S, c) => secretstreamCase(S, c),
};

/**
 * Runs every case of one vector file. `options`: { slow: run `slow` cases,
 * checkAsync: also try the KDFs' `.async` (a few cases per file),
 * rawScalarMult: an optional raw X25519 function }.
 * Resolves with { file, passed, unsupported, slowSkipped, failures: [{ id, message }] }.
 */
export async function runVectorFile(S, name, file, options = {}) {
  const opts = { slow: false, checkAsync: false, ...options, asyncBudget: { left: 3 } };
  const run = KINDS[file.kind];
  const tally = { file: name, passed: 0, unsupported: 0, slowSkipped: 0, failures: [] };
  if (!run) {
    tally.failures.push({ id: '*', message: `unknown kind ${file.kind}` });
    return tally;
  }
  for (const c of file.cases) {
    if (c.slow === true && !opts.slow) {
      tally.slowSkipped++;
      continue;
    }
    const alg = c.algorithm ?? file.algorithm;
    try {
      const ok = await run(S, c, alg, opts);
      if (ok) tally.passed++;
      else tally.unsupported++;
    } catch (e) {
      const message = e instanceof VectorMismatch ? e.message : `threw ${e?.name}: ${e?.message}`;
      tally.failures.push({ id: c.id, message: `${alg} (${c.result}): ${message}` });
    }
  }
  return tally;
}

export function formatTally(t) {
  return `${t.file}: ${t.passed} passed, ${t.unsupported} unsupported, ${t.slowSkipped} slow skipped, ${t.failures.length} failed`;
}
