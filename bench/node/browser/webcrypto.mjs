// WebCrypto (crypto.subtle) in the browser: async by design, so every timed
// call includes one promise round trip, as it does for any page using it.
// Keys are imported once, outside the timed calls. Chromium implements no
// AES-192, MD5, SHA-3 or BLAKE, so those cases are n/a.

// PKCS#8 prefixes for raw Ed25519 / X25519 private keys (RFC 8410 §7).
const ED25519_PKCS8 = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];
const X25519_PKCS8 = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20];
const pkcs8 = (prefix, seed) => Uint8Array.from([...prefix, ...seed]);

export async function load() {
  const { subtle } = globalThis.crypto;
  const ops = {};
  for (const [alg, name] of [['sha1', 'SHA-1'], ['sha256', 'SHA-256'], ['sha512', 'SHA-512']]) {
    ops[`digest:${alg}`] = (fx) => () => subtle.digest(name, fx.msg);
    ops[`mac:hmac-${alg}`] = async (fx) => {
      const key = await subtle.importKey('raw', fx.key, { name: 'HMAC', hash: name }, false, ['sign']);
      return () => subtle.sign('HMAC', key, fx.msg);
    };
  }
  for (const bits of [128, 256]) {
    const modes = {
      cbc: (fx) => ({ name: 'AES-CBC', iv: fx.iv }),
      ctr: (fx) => ({ name: 'AES-CTR', counter: fx.iv, length: 128 }),
      gcm: (fx) => ({ name: 'AES-GCM', iv: fx.nonce12 }),
    };
    for (const [mode, params] of Object.entries(modes)) {
      const op = mode === 'gcm' ? 'seal' : 'encrypt';
      ops[`${op}:aes-${bits}-${mode}`] = async (fx) => {
        const key = await subtle.importKey('raw', fx.key.subarray(0, bits / 8), params(fx).name, false, ['encrypt']);
        const p = params(fx);
        return () => subtle.encrypt(p, key, fx.msg);
      };
    }
  }
  const edKeys = async (fx) => {
    const sk = await subtle.importKey('pkcs8', pkcs8(ED25519_PKCS8, fx.seed), 'Ed25519', true, ['sign']);
    const jwk = await subtle.exportKey('jwk', sk);
    const pk = await subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, 'Ed25519', true, ['verify']);
    return { sk, pk };
  };
  ops['sign:ed25519'] = async (fx) => { const { sk } = await edKeys(fx); return () => subtle.sign('Ed25519', sk, fx.msg); };
  ops['verify:ed25519'] = async (fx) => {
    const { sk, pk } = await edKeys(fx);
    const sig = await subtle.sign('Ed25519', sk, fx.msg);
    return () => subtle.verify('Ed25519', pk, sig, fx.msg);
  };
  ops['dh:x25519'] = async (fx) => {
    const sk = await subtle.importKey('pkcs8', pkcs8(X25519_PKCS8, fx.seed), 'X25519', false, ['deriveBits']);
    const peer = await subtle.importKey('pkcs8', pkcs8(X25519_PKCS8, fx.seedB), 'X25519', true, ['deriveBits']);
    const jwk = await subtle.exportKey('jwk', peer);
    const pk = await subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, 'X25519', false, []);
    return () => subtle.deriveBits({ name: 'X25519', public: pk }, sk, 256);
  };
  for (const [alg, hash] of [['pbkdf2-sha1', 'SHA-1'], ['pbkdf2-sha256', 'SHA-256'], ['pbkdf2-sha512', 'SHA-512']]) {
    ops[`kdf:${alg}`] = async (fx) => {
      const key = await subtle.importKey('raw', fx.password, 'PBKDF2', false, ['deriveBits']);
      return () => subtle.deriveBits({ name: 'PBKDF2', hash, salt: fx.salt, iterations: fx.params.c }, key, fx.params.dkLen * 8);
    };
  }
  ops['kdf:hkdf-sha256'] = async (fx) => {
    const key = await subtle.importKey('raw', fx.key, 'HKDF', false, ['deriveBits']);
    return () => subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: fx.salt, info: new Uint8Array(0) }, key, fx.params.dkLen * 8);
  };
  return { id: 'webcrypto', name: 'WebCrypto (crypto.subtle)', ops };
}
