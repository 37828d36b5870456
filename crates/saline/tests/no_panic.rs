//! Property test: no input makes Saline panic.
//!
//! Feeds seeded random bytes of random and boundary lengths to every public
//! entry point — every catalog algorithm through the generic functions, and
//! the NaCl, curve and KDF functions directly — and only requires that each
//! call returns (Ok or Err). A panic fails the test with the seed and call.
//! Parameters that would only make a call *slow* (Argon2 passes, bcrypt
//! cost, scrypt N) are drawn from small ranges plus out-of-range extremes
//! that must be refused before any work.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use saline::{aead, cipher, curve, hash, kdf, mac, nacl, Algorithm, ALGORITHMS};

const ROUNDS: usize = 2000;
const BOUNDARY_LENGTHS: &[usize] = &[0, 1, 7, 8, 12, 15, 16, 17, 23, 24, 25, 31, 32, 33, 48, 63, 64, 65, 72, 73, 128, 129];

struct Fuzz(ChaCha20Rng);

impl Fuzz {
    fn len(&mut self) -> usize {
        let r = self.0.next_u32() as usize;
        if r % 3 == 0 {
            r % 300
        } else {
            BOUNDARY_LENGTHS[r % BOUNDARY_LENGTHS.len()]
        }
    }
    fn bytes(&mut self) -> Vec<u8> {
        let mut v = vec![0u8; self.len()];
        self.0.fill_bytes(&mut v);
        // Sometimes all zeros or all ones: they hit special cases (identity
        // points, zero scalars, padding bytes).
        match self.0.next_u32() % 8 {
            0 => v.fill(0),
            1 => v.fill(0xff),
            _ => {}
        }
        v
    }
    fn opt(&mut self) -> Option<Vec<u8>> {
        (self.0.next_u32() % 2 == 0).then(|| self.bytes())
    }
    fn u32_in(&mut self, choices: &[u32]) -> u32 {
        choices[self.0.next_u32() as usize % choices.len()]
    }
}

fn every_algorithm(f: &mut Fuzz, algorithm: Algorithm) {
    let (key, nonce, data) = (f.bytes(), f.bytes(), f.bytes());
    let (salt, personal, context) = (f.opt(), f.opt(), f.opt());
    let out_len = if f.0.next_u32() % 2 == 0 { Some(f.len()) } else { None };
    let options = hash::HashOptions {
        out_len,
        key: f.opt().as_deref().map(|_| key.as_slice()),
        salt: salt.as_deref(),
        personal: personal.as_deref(),
        context: context.as_deref(),
    };
    let _ = hash::hash(algorithm, &data);
    let _ = hash::hash_with(algorithm, &options, &data);
    let mut out = vec![0u8; f.len()];
    let _ = hash::hash_into(algorithm, &options, &data, &mut out);
    if let Ok(mut h) = hash::Hasher::with_options(algorithm, &options) {
        h.update(&data);
        let _ = h.clone().finalize_into_reset(&mut out);
        h.reset();
        let _ = h.finalize();
    }
    let _ = mac::mac(algorithm, &key, &data);
    let _ = mac::verify(algorithm, &key, &data, &nonce);
    let _ = mac::mac_into(algorithm, &key, &data, &mut out);
    let counter = [0, 1, u64::from(u32::MAX), u64::MAX][f.0.next_u32() as usize % 4];
    let _ = cipher::stream_xor(algorithm, &key, &nonce, counter, &data);
    let _ = cipher::keystream(algorithm, &key, &nonce, counter, f.len());
    let _ = aead::seal(algorithm, &key, &nonce, &salt.clone().unwrap_or_default(), &data);
    let _ = aead::open(algorithm, &key, &nonce, &salt.clone().unwrap_or_default(), &data);
    if let Ok(a) = aead::Aead::new(algorithm, &key) {
        let mut buf = data.clone();
        let _ = a.seal_in_place_detached(&nonce, &[], &mut buf);
        let _ = a.open_in_place_detached(&nonce, &[], &mut buf, &key);
    }
    let _ = Algorithm::from_name(&String::from_utf8_lossy(&data));
    let _ = Algorithm::from_id(f.0.next_u32() as u16);
}

fn nacl_and_curves(f: &mut Fuzz) {
    use nacl::tweetnacl::*;
    let (a, b, c, d) = (f.bytes(), f.bytes(), f.bytes(), f.bytes());
    let _ = cipher::aes::cbc_encrypt(&a, &b, &c, cipher::aes::Padding::Pkcs7);
    let _ = cipher::aes::cbc_encrypt(&a, &b, &c, cipher::aes::Padding::None);
    let _ = cipher::aes::cbc_decrypt(&a, &b, &c, cipher::aes::Padding::Pkcs7);
    let _ = cipher::aes::cbc_decrypt(&a, &b, &c, cipher::aes::Padding::None);
    let _ = nacl::secretbox::seal(&a, &b, &c);
    let _ = nacl::secretbox::open(&a, &b, &c);
    let _ = nacl::secretbox::open_detached(&a, &d, &b, &c);
    let _ = nacl::crypto_box::seal(&a, &b, &c, &d);
    let _ = nacl::crypto_box::open(&a, &b, &c, &d);
    let _ = nacl::crypto_box::open_detached(&a, &b, &c, &d, &d);
    let _ = nacl::crypto_box::before(&c, &d);
    let _ = nacl::crypto_box::KeyPair::from_seed(&a);
    let _ = nacl::sealedbox::seal(&a, &b);
    let _ = nacl::sealedbox::open(&a, &b, &c);
    let _ = nacl::sign::sign(&a, &b);
    let _ = nacl::sign::open(&a, &b);
    let _ = nacl::sign::verify_detached(&a, &b, &c);
    let _ = nacl::sign::KeyPair::from_seed(&a);
    let _ = curve::ed25519::SigningKey::from_seed(&a);
    let _ = curve::ed25519::SigningKey::from_private_key(&a);
    // A valid 64-byte key, then the same with a byte of `b` mixed in, so the
    // checked-key cache is hit and then missed by hostile input.
    if let Some(seed) = a.get(..32) {
        let sk = curve::ed25519::SigningKey::from_seed(seed).unwrap().to_private_key();
        let _ = curve::ed25519::SigningKey::from_private_key(&sk[..]).map(|k| k.sign(&b));
        let mut bad = sk.clone();
        bad[b.len() % 64] ^= b.first().copied().unwrap_or(1);
        let _ = curve::ed25519::SigningKey::from_private_key(&bad[..]).map(|k| k.sign(&b));
    }
    let _ = curve::ed25519::verify(&a, &b, &c);
    let _ = curve::ed25519::verify_with(&a, &b, &c, curve::ed25519::VerifyMode::Zip215);
    let _ = curve::ed25519::public_key_to_x25519(&a);
    let _ = curve::ed25519::secret_key_to_x25519(&a);
    let _ = curve::x25519::public_key(&a);
    let _ = curve::x25519::shared_secret(&a, &b);
    let _ = curve::point::Point::from_bytes(&a).map(|p| (p.is_small_order(), p.is_torsion_free(), p.double().to_bytes()));
    let _ = curve::scalar::Scalar::from_canonical_bytes(&a).map(|s| s.invert());
    let _ = curve::field::FieldElement::try_from_slice(&a).map(|x| x.invert().to_bytes());
    let _ = crypto_secretbox(&a, &b, &c);
    let _ = crypto_secretbox_open(&a, &b, &c);
    let _ = crypto_box(&a, &b, &c, &d);
    let _ = crypto_box_open(&a, &b, &c, &d);
    let _ = crypto_box_beforenm(&a, &b);
    let _ = crypto_stream(f.len(), &a, &b);
    let _ = crypto_stream_xor(&a, &b, &c);
    let _ = crypto_core_salsa20(&a, &b, &c);
    let _ = crypto_core_hsalsa20(&a, &b, &SIGMA);
    let _ = crypto_onetimeauth(&a, &b);
    let _ = crypto_onetimeauth_verify(&a, &b, &c);
    let _ = crypto_auth(&a, &b);
    let _ = crypto_auth_verify(&a, &b, &c);
    let _ = crypto_auth_hmacsha256_verify(&a, &b, &c);
    let _ = crypto_auth_hmacsha512_verify(&a, &b, &c);
    let _ = crypto_scalarmult(&a, &b);
    let _ = crypto_scalarmult_base(&a);
    let _ = crypto_sign(&a, &b);
    let _ = crypto_sign_open(&a, &b);
    let _ = crypto_sign_seed_keypair(&a);
    let _ = crypto_verify_16(&a, &b);
    let _ = crypto_verify_32(&a, &b);
    let _ = crypto_verify_64(&a, &b);
    let _ = crypto_sign_ed25519_pk_to_x25519_pk(&a);
    let _ = crypto_sign_ed25519_sk_to_x25519_sk(&a);
    let _ = crypto_point_add(&a, &b);
    let _ = crypto_scalar_base(&a);
}

fn kdfs(f: &mut Fuzz) {
    let (password, salt, extra) = (f.bytes(), f.bytes(), f.bytes());
    let hashes: Vec<Algorithm> = ALGORITHMS.iter().map(|i| i.algorithm).collect();
    let hash_alg = hashes[f.0.next_u32() as usize % hashes.len()];
    let _ = kdf::pbkdf2(hash_alg, &password, &salt, f.u32_in(&[0, 1, 2]), f.len());
    let _ = kdf::hkdf(hash_alg, &password, &salt, &extra, f.len() * 37);
    let _ = kdf::hkdf_extract(hash_alg, &salt, &password);
    let _ = kdf::hkdf_expand(hash_alg, &password, &extra, f.len());
    let n = [0, 1, 2, 3, 16, 64, 1 << 40, u64::MAX][f.0.next_u32() as usize % 8];
    let r = f.u32_in(&[0, 1, 2, u32::MAX]);
    let p = f.u32_in(&[0, 1, 2, u32::MAX]);
    if n <= 64 || r == 0 || p == 0 || r == u32::MAX {
        let _ = kdf::scrypt(&password, &salt, n, r, p, f.len());
    }
    let m = f.u32_in(&[0, 7, 8, 16, 64, u32::MAX]);
    let params = kdf::Argon2Params { t: f.u32_in(&[0, 1, 2]), m, p: f.u32_in(&[0, 1, 2, 1 << 24]), out_len: f.len() };
    for variant in [Algorithm::Argon2id, Algorithm::Argon2i, Algorithm::Argon2d, Algorithm::Sha256] {
        let _ = kdf::argon2(variant, &password, &salt, Some(&extra), Some(&extra), &params);
        let _ = kdf::argon2_hash_with_salt(variant, &password, &salt, &params);
    }
    let _ = kdf::argon2_verify(&password, &String::from_utf8_lossy(&extra));
    let _ = kdf::argon2_verify(&password, "$argon2id$v=19$m=4294967295,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g");
    let _ = kdf::argon2_verify(&password, "$argon2id$v=19$m=8,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g");
    let cost = f.u32_in(&[0, 3, 4, 32, u32::MAX]);
    let salt16: [u8; 16] = [7; 16];
    let _ = kdf::bcrypt_hash_with_salt(&password, cost, &salt16, kdf::LongPassword::Reject);
    let _ = kdf::bcrypt_hash_with_salt(&password, 4, &salt16, kdf::LongPassword::Truncate);
    let _ = kdf::bcrypt_verify(&password, &String::from_utf8_lossy(&extra));
    let _ = kdf::bcrypt_verify(&password, "$2b$99$abcdefghijklmnopqrstuuabcdefghijklmnopqrstuvwxyz01234");
    let _ = kdf::bcrypt_verify(&password, "$2b$04$abcdefghijklmnopqrstu\u{e9}abcdefghijklmnopqrstuvwxyz0123");
}

#[test]
fn no_input_panics() {
    let mut calls = 0usize;
    for round in 0..ROUNDS {
        let mut f = Fuzz(ChaCha20Rng::seed_from_u64(round as u64));
        for info in ALGORITHMS {
            every_algorithm(&mut f, info.algorithm);
            calls += 1;
        }
        nacl_and_curves(&mut f);
        if round % 10 == 0 {
            kdfs(&mut f);
        }
    }
    println!("no_panic: {ROUNDS} rounds, {calls} algorithm sweeps, every call returned");
}
