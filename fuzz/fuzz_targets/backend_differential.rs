//! Every backend in the core's registry (crates/saline/src/backend) against
//! the portable one on fuzzed inputs: each usable backend of the chosen
//! primitive is forced in turn (`saline::backend::force`) and must give the
//! portable backend's bytes and accept/reject decisions. tests/backends.rs
//! does this on a fixed random stream; here coverage guides the inputs.
//!
//! Input: selector (u8), corruption position (u16) and mask (u8), a counter
//! (u64, the stream ciphers' block counter), a key-length choice (u8, AES),
//! the key (32), nonce (24), a u16-prefixed AAD, then the message.
#![no_main]

use libfuzzer_sys::fuzz_target;
use saline::backend::{backends, force};
use saline::{aead, cipher, mac, Algorithm};
use saline_fuzz::{corrupt, Reader};

/// What one backend computes for one input: outputs and decisions, errors
/// as their messages.
fn transcript(primitive: &str, input: &Input<'_>) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let result = |r: saline::Result<Vec<u8>>| r.unwrap_or_else(|e| e.to_string().into_bytes());
    match primitive {
        "poly1305" => {
            let tag = result(mac::mac(Algorithm::Poly1305, &input.key, input.message));
            let mut forged = tag.clone();
            corrupt(&mut forged, input.at, input.mask);
            out.push(vec![u8::from(mac::verify(Algorithm::Poly1305, &input.key, input.message, &forged).is_ok())]);
            out.push(tag);
            out.push(streamed_mac(Algorithm::Poly1305, &input.key, input));
        }
        "sha512" => {
            hashes(&[Algorithm::Sha512, Algorithm::Sha384, Algorithm::Sha512_256], input, &mut out);
            out.push(streamed_mac(Algorithm::HmacSha512, input.aad, input));
            out.push(result(mac::mac(Algorithm::HmacSha384, input.aad, input.message)));
        }
        "keccak" => {
            hashes(&[Algorithm::Sha3_224, Algorithm::Sha3_256, Algorithm::Sha3_384, Algorithm::Sha3_512, Algorithm::Keccak256], input, &mut out);
            out.push(streamed_mac(Algorithm::HmacSha3_256, input.aad, input));
        }
        "blake2b" | "blake2s" => {
            // Plain BLAKE2b-512 / BLAKE2s-256, one-shot against streaming;
            // then the one-shot path (the registry's) with every option drawn
            // from the input, lengths past the limits (BLAKE2b: 64-byte key
            // and output, 16-byte salt and personalization; BLAKE2s: half)
            // included: their errors must agree.
            let (algorithm, max) = if primitive == "blake2b" { (Algorithm::Blake2b, 64) } else { (Algorithm::Blake2s, 32) };
            hashes(&[algorithm], input, &mut out);
            let options = saline::hash::HashOptions {
                out_len: Some(usize::from(input.mask) % (max + 2)),
                key: (input.key_choice & 1 == 1).then(|| &input.aad[..input.aad.len().min(max + 2)]),
                salt: Some(&input.nonce[..usize::from(input.key_choice >> 1) % (max / 4 + 2)]),
                personal: Some(&input.nonce[14..14 + usize::from(input.at) % (max / 4 + 2)]),
                context: None,
            };
            let mut digest = vec![0u8; options.out_len.unwrap_or(0)];
            out.push(result(saline::hash::hash_into(algorithm, &options, input.message, &mut digest).map(|()| digest)));
        }
        "md5" => {
            hashes(&[Algorithm::Md5], input, &mut out);
            out.push(streamed_mac(Algorithm::HmacMd5, input.aad, input));
        }
        "md4" => {
            hashes(&[Algorithm::Md4], input, &mut out);
            out.push(streamed_mac(Algorithm::HmacMd4, input.aad, input));
        }
        "salsa20" => {
            for (algorithm, nonce_len) in [(Algorithm::Salsa20, 8), (Algorithm::XSalsa20, 24)] {
                out.push(result(cipher::stream_xor(algorithm, &input.key, &input.nonce[..nonce_len], input.counter, input.message)));
            }
            // The core of one block: nonce ‖ counter from the fuzzed nonce.
            use saline::nacl::tweetnacl::{crypto_core_salsa20, SIGMA};
            out.push(result(crypto_core_salsa20(&input.nonce[..16], &input.key, &SIGMA).map(|block| block.to_vec())));
        }
        "aes-cbc" => {
            use saline::cipher::aes::{cbc_decrypt, cbc_encrypt, Padding};
            let key = &input.key[..[16, 24, 32][usize::from(input.key_choice) % 3]];
            let iv = &input.nonce[..16];
            for padding in [Padding::Pkcs7, Padding::None] {
                let mut ct = result(cbc_encrypt(key, iv, input.message, padding));
                out.push(ct.clone());
                // A corrupted ciphertext: bytes, or the padding's decision.
                corrupt(&mut ct, input.at, input.mask);
                out.push(result(cbc_decrypt(key, iv, &ct, padding)));
            }
            // The message itself as a ciphertext (any length, any padding).
            out.push(result(cbc_decrypt(key, iv, input.message, Padding::Pkcs7)));
        }
        "scrypt" => {
            // Small costs from the counter's bytes: N = 2^1..2^8, r 1-4,
            // p 1-3; the key is the password, the AAD the salt, the output
            // 1-64 bytes.
            let c = input.counter.to_le_bytes();
            let (log_n, r, p, len) = (1 + u32::from(c[0] % 8), 1 + u32::from(c[1] % 4), 1 + u32::from(c[2] % 3), 1 + usize::from(c[3] % 64));
            out.push(result(saline::kdf::scrypt(&input.key, input.aad, 1 << log_n, r, p, len)));
        }
        "argon2" => {
            // Small costs from the counter's bytes: Argon2id, Argon2i or
            // Argon2d, t 1-4, p 1-2, m 8p-8p+31 KiB, 4-67 bytes out; the key
            // is the password, the nonce's first 8-24 bytes the salt (16,
            // libsodium's, most often), the AAD the secret when a bit says so.
            let c = input.counter.to_le_bytes();
            let algorithm = [Algorithm::Argon2id, Algorithm::Argon2i, Algorithm::Argon2d][usize::from(c[0] % 3)];
            let (t, p) = (1 + u32::from(c[1] % 4), 1 + u32::from(c[2] % 2));
            let params = saline::kdf::Argon2Params { t, m: 8 * p + u32::from(c[3] % 32), p, out_len: 4 + usize::from(c[4] % 64) };
            let salt = &input.nonce[..[16, 16, 8, 24][usize::from(c[5] % 4)]];
            let secret = (c[6] & 1 == 1).then_some(input.aad);
            out.push(result(saline::kdf::argon2(algorithm, &input.key, salt, secret, None, &params)));
        }
        "bcrypt" => {
            // Cost 4 (the least: 2^4 key-schedule rounds), the message as the
            // password: any length (over 72 bytes truncated), NUL bytes
            // refused the same way on each; the nonce's first 16 bytes the salt.
            use saline::kdf::{bcrypt_hash_with_salt, LongPassword};
            let salt: &[u8; 16] = input.nonce[..16].try_into().unwrap();
            let long = if input.key_choice & 1 == 1 { LongPassword::Truncate } else { LongPassword::Reject };
            out.push(result(bcrypt_hash_with_salt(input.message, 4, salt, long).map(String::into_bytes)));
        }
        "aes-ctr" => {
            // The counter block nonce + counter, anywhere in 2^128 (the
            // fuzzer picks the nonce's bytes, so the wraps are reachable).
            let key = &input.key[..[16, 24, 32][usize::from(input.key_choice) % 3]];
            out.push(result(cipher::stream_xor(Algorithm::AesCtr, key, &input.nonce[..16], input.counter, input.message)));
        }
        "x25519" => {
            out.push(saline::curve::x25519::scalarmult(&input.key, &input.nonce).to_vec());
            out.push(result(saline::curve::x25519::shared_secret(&input.key, input.message).map(|s| s.to_vec())));
        }
        "x25519-base" => {
            // The fixed-base table against the ladder on u = 9 (RFC 7748 §6.1).
            let mut base = [0u8; 32];
            base[0] = 9;
            let public = result(saline::curve::x25519::public_key(&input.key).map(|p| p.to_vec()));
            assert_eq!(public, saline::curve::x25519::scalarmult(&input.key, &base).to_vec(), "x25519-base: table and ladder differ");
            out.push(public);
        }
        "edwards25519" => {
            use saline::nacl::tweetnacl::{crypto_point_add, crypto_scalar_base};
            use saline::sodium::core_ed25519 as core;
            // The key as a scalar and as a point; the message as the other
            // point (a wrong length is an error on every backend alike).
            let point = |r: saline::Result<[u8; 32]>| result(r.map(|p| p.to_vec()));
            out.push(point(crypto_scalar_base(&input.key)));
            out.push(point(core::crypto_scalarmult_ed25519_base(&input.key)));
            out.push(point(core::crypto_scalarmult_ed25519_base_noclamp(&input.key)));
            out.push(point(crypto_point_add(&input.key, input.message)));
            out.push(point(core::crypto_core_ed25519_add(&input.key, input.message)));
            out.push(point(core::crypto_core_ed25519_sub(input.message, &input.key)));
        }
        "ed25519-verify" => {
            use saline::curve::ed25519::{verify, SigningKey};
            // A fresh signature, the same corrupted, and the key itself as
            // the fuzzer gives it (any 32 bytes: small-order, non-canonical
            // and off-curve encodings) with the aad's first 64 bytes as the
            // signature.
            let key = SigningKey::from_seed(&input.key).unwrap();
            let public = key.public_key();
            let mut signature = key.sign(input.message);
            out.push(vec![u8::from(verify(&public, input.message, &signature).is_ok())]);
            corrupt(&mut signature, input.at, input.mask);
            out.push(vec![u8::from(verify(&public, input.message, &signature).is_ok())]);
            out.push(result(verify(&input.key, input.message, input.aad).map(|()| vec![1])));
        }
        "ed25519-sign" | "ed25519-keypair" => {
            use saline::curve::ed25519::{verify, SigningKey};
            let key = SigningKey::from_seed(&input.key).unwrap();
            let (public, secret) = saline::sodium::sign::crypto_sign_seed_keypair(&input.key).unwrap();
            assert_eq!((public, &secret[..]), (key.public_key(), &key.to_private_key()[..]), "{primitive}: key pairs differ");
            let mut signature = key.sign(input.message);
            assert!(verify(&public, input.message, &signature).is_ok(), "{primitive}: a fresh signature does not verify");
            out.push(secret.to_vec());
            out.push(signature.to_vec());
            corrupt(&mut signature, input.at, input.mask);
            out.push(vec![u8::from(verify(&public, input.message, &signature).is_ok())]);
        }
        aead_primitive => {
            // (algorithm, nonce length, key length, tag length)
            let (algorithm, nonce_len, key_len, tag_len) = match aead_primitive {
                "xsalsa20poly1305" => (Algorithm::XSalsa20Poly1305, 24, 32, 16),
                "chacha20poly1305" => (Algorithm::ChaCha20Poly1305, 12, 32, 16),
                "xchacha20poly1305" => (Algorithm::XChaCha20Poly1305, 24, 32, 16),
                "aes-gcm" => (Algorithm::AesGcm, 12, [16, 24, 32][usize::from(input.key_choice) % 3], 16),
                "aegis" if input.key_choice % 2 == 0 => (Algorithm::Aegis128L, 16, 16, 32),
                "aegis" => (Algorithm::Aegis256, 32, 32, 32),
                other => panic!("unknown registry primitive {other}: add it to this target"),
            };
            let (key, nonce) = (&input.key[..key_len], &input.nonce[..nonce_len]);
            let mut sealed = result(aead::seal(algorithm, key, nonce, input.aad, input.message));
            out.push(sealed.clone());
            corrupt(&mut sealed, input.at, input.mask);
            out.push(result(aead::open(algorithm, key, nonce, input.aad, &sealed)));
            // The in-place, detached open: a rejected buffer keeps the ciphertext.
            if let (Ok(a), true) = (aead::Aead::new(algorithm, key), sealed.len() >= tag_len) {
                let (ciphertext, tag) = sealed.split_at(sealed.len() - tag_len);
                let mut buf = ciphertext.to_vec();
                let opened = a.open_in_place_detached(nonce, input.aad, &mut buf, tag);
                assert!(opened.is_ok() || buf == ciphertext, "{primitive}: a rejected open changed the buffer");
                out.push(buf);
            }
        }
    }
    out
}

/// The digests of the message under `algorithms`, each checked against the
/// streaming state fed in two parts split at `input.at`.
fn hashes(algorithms: &[Algorithm], input: &Input<'_>, out: &mut Vec<Vec<u8>>) {
    for &algorithm in algorithms {
        let one_shot = saline::hash::hash(algorithm, input.message).unwrap();
        let mut h = saline::hash::Hasher::new(algorithm).unwrap();
        let (head, tail) = input.message.split_at(usize::from(input.at) % (input.message.len() + 1));
        h.update(head);
        h.update(tail);
        assert_eq!(h.finalize(), one_shot, "{algorithm:?}: streaming and one-shot differ");
        out.push(one_shot);
    }
}

/// `algorithm`'s tag of the message fed in two parts split at `input.at`,
/// checked against the one-shot tag.
fn streamed_mac(algorithm: Algorithm, key: &[u8], input: &Input<'_>) -> Vec<u8> {
    let Ok(mut m) = mac::Mac::new(algorithm, key) else { return Vec::new() };
    let (head, tail) = input.message.split_at(usize::from(input.at) % (input.message.len() + 1));
    m.update(head);
    m.update(tail);
    let tag = m.finalize();
    assert_eq!(tag, mac::mac(algorithm, key, input.message).unwrap(), "{algorithm:?}: streaming and one-shot differ");
    tag
}

struct Input<'a> {
    at: u16,
    mask: u8,
    counter: u64,
    key_choice: u8,
    key: [u8; 32],
    nonce: [u8; 32],
    aad: &'a [u8],
    message: &'a [u8],
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader::new(data);
    let selector = r.u8();
    let registry = backends();
    let info = &registry[usize::from(selector) % registry.len()];
    let input = Input {
        at: r.u16(),
        mask: r.u8(),
        counter: r.u64(),
        key_choice: r.u8(),
        key: r.array(),
        nonce: r.array(),
        aad: r.bytes(),
        message: r.rest(),
    };
    // The portable backend is the last of `available` (the registry's rule).
    let portable = *info.available.last().unwrap();
    force(info.primitive, portable).unwrap();
    let expected = transcript(info.primitive, &input);
    for backend in &info.available[..info.available.len() - 1] {
        force(info.primitive, backend).unwrap();
        assert!(transcript(info.primitive, &input) == expected, "{}: {backend} differs from {portable}", info.primitive);
    }
});
