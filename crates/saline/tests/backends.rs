//! Every backend of every primitive in the registry (`saline::backend`), in
//! one process, the way Go's `TestAllImplementations` and BLAKE3's platform
//! tests do: a differential on random inputs from 0 bytes to 1 MiB, with
//! forgeries, against the portable backend (the last in each table), and
//! the forcing API. The vector files run once per backend in
//! `tests/vectors.rs` (`vectors_on_every_backend`).
//!
//! Forcing is process-wide, so one test function drives it; the environment
//! variable is tested in a child process running `env_force_probe`.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use saline::backend::{backends, force, BackendInfo};
use saline::{aead, mac, Algorithm};

const SIZES: &[usize] = &[0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 192, 193, 255, 256, 257, 320, 321, 512, 513, 960, 961, 1000, 1792, 1793, 4095, 65_543, 1 << 20];

fn info(primitive: &str) -> BackendInfo {
    backends().into_iter().find(|b| b.primitive == primitive).unwrap_or_else(|| panic!("{primitive} not in the registry"))
}

fn bytes(rng: &mut ChaCha20Rng, n: usize) -> Vec<u8> {
    let mut v = vec![0u8; n];
    rng.fill_bytes(&mut v);
    v
}

/// The digests of `msg` under `hashes` and its tags under `macs` (keyed with
/// `key`), each checked against the streaming state fed in uneven chunks.
fn hashes_and_macs(hashes: &[Algorithm], macs: &[Algorithm], key: &[u8], msg: &[u8], out: &mut Vec<Vec<u8>>) {
    for &algorithm in hashes {
        let digest = saline::hash::hash(algorithm, msg).unwrap();
        let mut h = saline::hash::Hasher::new(algorithm).unwrap();
        for chunk in msg.chunks(101) {
            h.update(chunk);
        }
        assert_eq!(h.finalize(), digest, "{algorithm:?} one-shot vs streaming, {} bytes", msg.len());
        out.push(digest);
    }
    for &algorithm in macs {
        let tag = mac::mac(algorithm, key, msg).unwrap();
        let mut m = mac::Mac::new(algorithm, key).unwrap();
        for chunk in msg.chunks(1000) {
            m.update(chunk);
        }
        assert_eq!(m.finalize(), tag, "{algorithm:?} one-shot vs streaming, {} bytes", msg.len());
        out.push(tag);
    }
}

/// Everything one backend of `primitive` computes from a fixed random
/// stream, as one transcript: outputs and accept/reject decisions.
fn transcript(primitive: &str) -> Vec<Vec<u8>> {
    let mut rng = ChaCha20Rng::seed_from_u64(0x5a11e);
    let mut out = Vec::new();
    match primitive {
        "poly1305" => {
            for &n in SIZES {
                let (key, msg) = (bytes(&mut rng, 32), bytes(&mut rng, n));
                let tag = mac::mac(Algorithm::Poly1305, &key, &msg).unwrap();
                let mut into = [0u8; 16];
                mac::mac_into(Algorithm::Poly1305, &key, &msg, &mut into).unwrap();
                assert_eq!(tag, into);
                // The streaming state (OpenSSL's or RustCrypto's, and under
                // libsodium+openssl-asm the held first 320 bytes) agrees, in
                // pieces on either side of the held length, and again after
                // a reset by finalize_into_reset.
                for piece in [1, 7, 16, 100, 319, 320, 321, 1000] {
                    if piece < 100 && n > 65_543 {
                        continue;
                    }
                    let mut m = mac::Mac::new(Algorithm::Poly1305, &key).unwrap();
                    for round in 0..2 {
                        for chunk in msg.chunks(piece) {
                            m.update(chunk);
                        }
                        let mut streamed = [0u8; 16];
                        m.finalize_into_reset(&mut streamed).unwrap();
                        assert_eq!(streamed[..], tag[..], "poly1305 one-shot vs streaming, {n} bytes in pieces of {piece}, round {round}");
                    }
                }
                let tk = saline::nacl::tweetnacl::crypto_onetimeauth(&msg, &key).unwrap();
                assert_eq!(tk[..], tag[..]);
                mac::verify(Algorithm::Poly1305, &key, &msg, &tag).unwrap();
                let mut bad = tag.clone();
                bad[n % 16] ^= 1;
                assert!(mac::verify(Algorithm::Poly1305, &key, &msg, &bad).is_err());
                out.push(tag);
            }
            // The reduction edge: key r and s all ones, message all ones.
            let tag = mac::mac(Algorithm::Poly1305, &[0xff; 32], &[0xff; 1024]).unwrap();
            out.push(tag);
        }
        "sha512" => {
            // The padding's edges: 111 and 112 bytes (the length field fits
            // in the last block or needs one more), as well as SIZES.
            let hashes = [Algorithm::Sha512, Algorithm::Sha384, Algorithm::Sha512_256];
            let macs = [Algorithm::HmacSha512, Algorithm::HmacSha384, Algorithm::HmacSha512_256];
            for &n in SIZES.iter().chain(&[111, 112, 239, 240]) {
                let (key, msg) = (bytes(&mut rng, n % 200), bytes(&mut rng, n));
                hashes_and_macs(&hashes, &macs, &key, &msg, &mut out);
                // The other SHA-512 users: crypto_hash, PBKDF2, HKDF, Ed25519.
                out.push(saline::nacl::tweetnacl::crypto_hash(&msg).to_vec());
                if n <= 4096 {
                    out.push(saline::kdf::pbkdf2(Algorithm::Sha512, &msg, &key, 3, 80).unwrap());
                    out.push(saline::kdf::hkdf(Algorithm::Sha512, &msg, &key, b"info", 100).unwrap());
                }
                let signer = saline::curve::ed25519::SigningKey::from_seed(&bytes(&mut rng, 32)).unwrap();
                let sig = signer.sign(&msg);
                saline::curve::ed25519::verify(&signer.public_key(), &msg, &sig).unwrap();
                out.push(sig.to_vec());
            }
        }
        "keccak" => {
            // Around each rate (72, 104, 136, 144 bytes) as well as SIZES.
            let hashes = [Algorithm::Sha3_224, Algorithm::Sha3_256, Algorithm::Sha3_384, Algorithm::Sha3_512, Algorithm::Keccak256];
            let macs = [Algorithm::HmacSha3_256, Algorithm::HmacSha3_512, Algorithm::HmacKeccak256];
            for &n in SIZES.iter().chain(&[71, 72, 103, 104, 135, 136, 143, 144, 287, 288]) {
                let (key, msg) = (bytes(&mut rng, n % 300), bytes(&mut rng, n));
                hashes_and_macs(&hashes, &macs, &key, &msg, &mut out);
            }
        }
        "blake2b" | "blake2s" => {
            // The one-shot path (the registry's) with key, salt,
            // personalization and output lengths across their ranges, each
            // against streaming (always RustCrypto's core), and the errors
            // past the limits, which every backend must word the same.
            use saline::hash::{hash_into, hash_with, HashOptions};
            // (key, salt, personalization, output) lengths: within the
            // limits (BLAKE2b: 64, 16, 16, 64 bytes; BLAKE2s: 32, 8, 8, 32),
            // then (output, key, salt, output buffer) past one of them.
            #[allow(clippy::type_complexity)]
            let (algorithm, within, past): (Algorithm, [(usize, Option<usize>, Option<usize>, usize); 7], [(usize, usize, usize, usize); 5]) = if primitive == "blake2b" {
                (
                    Algorithm::Blake2b,
                    [(0, None, None, 64), (0, None, None, 1), (5, None, None, 16), (1, Some(0), None, 1), (32, Some(7), Some(16), 20), (64, Some(16), Some(3), 64), (17, None, Some(0), 33)],
                    [(0, 0, 0, 0), (65, 0, 0, 65), (32, 65, 0, 32), (32, 0, 17, 32), (32, 0, 0, 31)],
                )
            } else {
                (
                    Algorithm::Blake2s,
                    [(0, None, None, 32), (0, None, None, 1), (5, None, None, 16), (1, Some(0), None, 1), (16, Some(7), Some(8), 20), (32, Some(8), Some(3), 32), (17, None, Some(0), 31)],
                    [(0, 0, 0, 0), (33, 0, 0, 33), (16, 33, 0, 16), (16, 0, 9, 16), (16, 0, 0, 15)],
                )
            };
            // SIZES has both block edges (63-65, 127-129, 255-257).
            for &n in SIZES {
                let msg = bytes(&mut rng, n);
                for (key_len, salt_len, personal_len, out_len) in within {
                    let (key, salt, personal) = (bytes(&mut rng, key_len), bytes(&mut rng, salt_len.unwrap_or(0)), bytes(&mut rng, personal_len.unwrap_or(0)));
                    let options = HashOptions {
                        out_len: Some(out_len),
                        key: (key_len > 0).then_some(&key[..]),
                        salt: salt_len.map(|_| &salt[..]),
                        personal: personal_len.map(|_| &personal[..]),
                        context: None,
                    };
                    let mut digest = vec![0u8; out_len];
                    hash_into(algorithm, &options, &msg, &mut digest).unwrap();
                    assert_eq!(hash_with(algorithm, &options, &msg).unwrap(), digest, "one-shot vs streaming, {n} bytes, {options:?}");
                    // The stream (blake2b_simd's when it is selected) in
                    // uneven chunks, its digest read half-way and at the end
                    // without ending it, a copy, and a reset.
                    let mut h = saline::hash::Hasher::with_options(algorithm, &options).unwrap();
                    let (head, tail) = msg.split_at(n / 3);
                    for chunk in head.chunks(61) {
                        h.update(chunk);
                    }
                    let mut partial = vec![0u8; out_len];
                    h.digest_into(&mut partial).unwrap();
                    assert_eq!(partial, hash_with(algorithm, &options, head).unwrap(), "digest so far, {n} bytes");
                    let copy = h.clone();
                    h.update(tail);
                    let mut again = vec![0u8; out_len];
                    h.digest_into(&mut again).unwrap();
                    assert_eq!(again, digest, "digest at the end, {n} bytes, {options:?}");
                    h.finalize_into_reset(&mut again).unwrap();
                    assert_eq!(again, digest, "finalize, {n} bytes");
                    h.update(&msg);
                    assert_eq!(h.finalize(), digest, "after a reset, {n} bytes");
                    let mut copy = copy;
                    copy.update(tail);
                    assert_eq!(copy.finalize(), digest, "a copy, {n} bytes");
                    out.push(partial);
                    out.push(digest);
                }
            }
            for (out_len, key_len, salt_len, out_buf) in past {
                let (key, salt) = (vec![1u8; key_len], vec![2u8; salt_len]);
                let options = HashOptions { out_len: Some(out_len), key: Some(&key), salt: Some(&salt), personal: None, context: None };
                let error = hash_into(algorithm, &options, b"abc", &mut vec![0u8; out_buf]).unwrap_err();
                out.push(error.to_string().into_bytes());
            }
        }
        "md5" | "md4" => {
            let (hash, hmac) = if primitive == "md5" { (Algorithm::Md5, Algorithm::HmacMd5) } else { (Algorithm::Md4, Algorithm::HmacMd4) };
            // The padding's edges: 55 and 56 bytes, as well as SIZES.
            for &n in SIZES.iter().chain(&[55, 56, 119, 120]) {
                let (key, msg) = (bytes(&mut rng, n % 100), bytes(&mut rng, n));
                hashes_and_macs(&[hash], &[hmac], &key, &msg, &mut out);
            }
        }
        "salsa20" => {
            use saline::cipher::{keystream, stream_xor, Stream};
            for &n in SIZES {
                for (algorithm, nonce_len) in [(Algorithm::Salsa20, 8), (Algorithm::XSalsa20, 24)] {
                    let (key, nonce, msg) = (bytes(&mut rng, 32), bytes(&mut rng, nonce_len), bytes(&mut rng, n));
                    // Counters: 0, past 2^32 (the 64-bit counter's high word), and at the
                    // end of the counter, where the portable crate decides for every backend.
                    for counter in [0, 1, (1 << 32) - 1, 1 << 40, u64::MAX - 1 - (n as u64).div_ceil(64), u64::MAX] {
                        let got = stream_xor(algorithm, &key, &nonce, counter, &msg);
                        // The streaming object (RustCrypto everywhere) agrees, in odd chunks.
                        if let Ok(got) = &got {
                            let mut s = Stream::new(algorithm, &key, &nonce, counter).unwrap();
                            let mut again = msg.clone();
                            for chunk in again.chunks_mut(77) {
                                s.apply(chunk).unwrap();
                            }
                            assert_eq!(&again, got, "{algorithm:?} {n} bytes from block {counter}");
                        }
                        out.push(match got {
                            Ok(v) => v,
                            Err(e) => e.to_string().into_bytes(),
                        });
                    }
                    out.push(keystream(algorithm, &key, &nonce, 3, n).unwrap());
                }
            }
            let (key, nonce) = (bytes(&mut rng, 32), bytes(&mut rng, 24));
            out.push(saline::nacl::tweetnacl::crypto_stream(4096, &nonce, &key).unwrap());
            out.push(saline::nacl::tweetnacl::crypto_stream_xor(&bytes(&mut rng, 1000), &nonce, &key).unwrap());
            // The core of one block: the keystream block it names (nonce ‖
            // counter), and the same on every backend.
            use saline::nacl::tweetnacl::{crypto_core_salsa20, SIGMA};
            for counter in [0u64, 1, 1 << 32, u64::MAX] {
                let (key, nonce) = (bytes(&mut rng, 32), bytes(&mut rng, 8));
                let input = [&nonce[..], &counter.to_le_bytes()].concat();
                let core = crypto_core_salsa20(&input, &key, &SIGMA);
                let mut block = [0u8; 64];
                let streamed = Stream::new(Algorithm::Salsa20, &key, &nonce, counter).unwrap().apply(&mut block);
                match core {
                    Ok(core) => {
                        assert_eq!((core, streamed), (block, Ok(())), "crypto_core_salsa20 is keystream block {counter}");
                        out.push(core.to_vec());
                    }
                    // The last block, refused by both.
                    Err(e) => {
                        assert!(counter == u64::MAX && streamed.is_err(), "block {counter}: {e}");
                        out.push(e.to_string().into_bytes());
                    }
                }
            }
        }
        "xsalsa20poly1305" => {
            for &n in SIZES {
                let (key, nonce, msg) = (bytes(&mut rng, 32), bytes(&mut rng, 24), bytes(&mut rng, n));
                let boxed = saline::nacl::secretbox::seal(&msg, &nonce, &key).unwrap();
                assert_eq!(saline::nacl::secretbox::open(&boxed, &nonce, &key).unwrap(), msg);
                let sealed = aead::seal(Algorithm::XSalsa20Poly1305, &key, &nonce, &[], &msg).unwrap();
                assert_eq!(sealed, boxed);
                let mut bad = boxed.clone();
                let at = (n * 7 + 3) % bad.len();
                bad[at] ^= 0x80;
                assert!(saline::nacl::secretbox::open(&bad, &nonce, &key).is_err());
                // A rejected in-place open leaves the ciphertext.
                let a = aead::Aead::new(Algorithm::XSalsa20Poly1305, &key).unwrap();
                let mut buf = boxed[16..].to_vec();
                assert!(a.open_in_place_detached(&nonce, &[], &mut buf, &bad[..16].iter().map(|x| x ^ 1).collect::<Vec<u8>>()).is_err());
                assert!(buf == boxed[16..], "xsalsa20poly1305: a rejected open changed the buffer");
                // From one buffer into another (the backend's seal_into and
                // open_into): the same bytes; a rejected open zeroes `out`.
                let mut into = vec![0u8; n];
                let tag = a.seal_detached_into(&nonce, &[], &msg, &mut into).unwrap();
                assert!([&tag[..], &into[..]].concat() == boxed, "xsalsa20poly1305: seal_detached_into differs, {n} bytes");
                let mut opened = vec![0xAAu8; n];
                a.open_detached_into(&nonce, &[], &boxed[16..], &boxed[..16], &mut opened).unwrap();
                assert!(opened == msg, "xsalsa20poly1305: open_detached_into differs, {n} bytes");
                let mut rejected = vec![0xAAu8; n];
                assert!(a.open_detached_into(&nonce, &[], &bad[16..], &bad[..16], &mut rejected).is_err());
                assert!(rejected.iter().all(|&b| b == 0), "xsalsa20poly1305: a rejected open_detached_into left bytes in out");
                // TweetNaCl's padded layouts go through the same backend.
                let mut padded = vec![0u8; 32];
                padded.extend_from_slice(&msg);
                let c = saline::nacl::tweetnacl::crypto_secretbox(&padded, &nonce, &key).unwrap();
                assert_eq!(c[16..], boxed[..]);
                assert_eq!(saline::nacl::tweetnacl::crypto_secretbox_open(&c, &nonce, &key).unwrap(), padded);
                // box = secretbox under HSalsa20(X25519(sk, pk)).
                let (a, b) = (bytes(&mut rng, 32), bytes(&mut rng, 32));
                let b_pk = saline::curve::x25519::public_key(&b).unwrap();
                let c = saline::nacl::crypto_box::seal(&msg, &nonce, &b_pk, &a).unwrap();
                out.extend([boxed, c]);
            }
        }
        "chacha20poly1305" | "xchacha20poly1305" | "aes-gcm" | "aegis" => {
            // (algorithm, nonce length, key lengths)
            let cases: &[(Algorithm, usize, &[usize])] = match primitive {
                "aes-gcm" => &[(Algorithm::AesGcm, 12, &[16, 24, 32])],
                "chacha20poly1305" => &[(Algorithm::ChaCha20Poly1305, 12, &[32])],
                "aegis" => &[(Algorithm::Aegis128L, 16, &[16]), (Algorithm::Aegis256, 32, &[32])],
                _ => &[(Algorithm::XChaCha20Poly1305, 24, &[32])],
            };
            // AES-GCM: `libsodium+aws-lc`'s one-shot bound (1,152 bytes) too.
            let more: &[usize] = if primitive == "aes-gcm" { &[1152, 1153] } else { &[] };
            for &(algorithm, nonce_len, key_lens) in cases {
                for &n in SIZES.iter().chain(more) {
                    for &key_len in key_lens {
                        let (key, nonce) = (bytes(&mut rng, key_len), bytes(&mut rng, nonce_len));
                        let (aad, msg) = (bytes(&mut rng, n % 70), bytes(&mut rng, n));
                        let a = aead::Aead::new(algorithm, &key).unwrap();
                        let sealed = a.seal(&nonce, &aad, &msg).unwrap();
                        assert_eq!(a.open(&nonce, &aad, &sealed).unwrap(), msg);
                        // One-shot calls (which may take another backend's
                        // code: `libsodium+aws-lc`): the same bytes, decisions and errors.
                        assert!(aead::seal(algorithm, &key, &nonce, &aad, &msg).unwrap() == sealed, "{primitive}: one-shot seal differs, {n} bytes");
                        assert!(aead::open(algorithm, &key, &nonce, &aad, &sealed).unwrap() == msg, "{primitive}: one-shot open differs, {n} bytes");
                        let short_nonce = &nonce[..nonce_len - 1];
                        assert_eq!(aead::seal(algorithm, &key, short_nonce, &aad, &msg).unwrap_err(), a.seal(short_nonce, &aad, &msg).unwrap_err());
                        assert_eq!(aead::open(algorithm, &key, short_nonce, &aad, &sealed).unwrap_err(), a.open(short_nonce, &aad, &sealed).unwrap_err());
                        let tag_len = a.tag_len();
                        assert_eq!(aead::open(algorithm, &key, &nonce, &aad, &sealed[..tag_len - 1]).unwrap_err(), a.open(&nonce, &aad, &sealed[..tag_len - 1]).unwrap_err());
                        // Sealed from one buffer into another: the same bytes.
                        let mut into = vec![0u8; n];
                        let tag = a.seal_detached_into(&nonce, &aad, &msg, &mut into).unwrap();
                        assert!([&into[..], &tag[..]].concat() == sealed, "{primitive}: seal_detached_into differs, {n} bytes");
                        assert!(a.seal_detached_into(&nonce, &aad, &msg, &mut vec![0u8; n + 1]).is_err(), "a longer output is refused");
                        let mut opened = vec![0xAAu8; n];
                        a.open_detached_into(&nonce, &aad, &into, &tag, &mut opened).unwrap();
                        assert!(opened == msg, "{primitive}: open_detached_into differs, {n} bytes");
                        // Forgeries: a flipped bit in the ciphertext, the tag, the AAD.
                        let mut bad = sealed.clone();
                        let at = (n * 13 + 5) % bad.len();
                        bad[at] ^= 1;
                        assert!(a.open(&nonce, &aad, &bad).is_err());
                        assert_eq!(aead::open(algorithm, &key, &nonce, &aad, &bad).unwrap_err(), saline::Error::VerificationFailed);
                        let mut bad_aad = aad.clone();
                        bad_aad.push(0);
                        assert!(a.open(&nonce, &bad_aad, &sealed).is_err());
                        assert_eq!(aead::open(algorithm, &key, &nonce, &bad_aad, &sealed).unwrap_err(), saline::Error::VerificationFailed);
                        // A rejected in-place open leaves the ciphertext, on every backend.
                        let (ct, tag) = sealed.split_at(n);
                        let mut buf = ct.to_vec();
                        let mut wrong = tag.to_vec();
                        wrong[0] ^= 1;
                        assert!(a.open_in_place_detached(&nonce, &aad, &mut buf, &wrong).is_err());
                        assert!(buf == ct, "{primitive}: a rejected open changed the buffer");
                        let mut rejected = vec![0xAAu8; n];
                        assert!(a.open_detached_into(&nonce, &aad, ct, &wrong, &mut rejected).is_err());
                        assert!(rejected.iter().all(|&b| b == 0), "{primitive}: a rejected open_detached_into left bytes in out");
                        out.push(sealed);
                    }
                }
            }
        }
        "scrypt" => {
            // Small costs (the vector files hold RFC 7914's), every
            // parameter near its edges: N from 2 (the least), r and p from
            // 1, N = 2^(16 r − 1) (the largest RFC 7914 allows for r = 1),
            // password, salt and output lengths across PBKDF2's 32-byte blocks.
            for (n, r, p) in [(2u64, 1u32, 1u32), (4, 1, 3), (16, 2, 2), (1024, 1, 1), (1 << 15, 1, 1), (256, 3, 5), (64, 17, 1)] {
                for (pw_len, salt_len, out_len) in [(0, 0, 1), (8, 16, 32), (33, 65, 64), (200, 7, 97)] {
                    let (password, salt) = (bytes(&mut rng, pw_len), bytes(&mut rng, salt_len));
                    out.push(saline::kdf::scrypt(&password, &salt, n, r, p, out_len).unwrap());
                }
            }
            // Refused the same way on every backend (the checks come first).
            for (n, r, p, out_len) in [(1u64 << 16, 1u32, 1u32, 32usize), (3, 1, 1, 32), (2, 0, 1, 32), (2, 1, 0, 32), (2, 1, 1, 0), (2, 1 << 15, 1 << 15, 32)] {
                out.push(saline::kdf::scrypt(b"pw", b"salt", n, r, p, out_len).unwrap_err().to_string().into_bytes());
            }
        }
        "argon2" => {
            // Around what libsodium's crypto_pwhash takes (one lane, a
            // 16-byte salt, no secret or associated data, 16 bytes out or
            // more, Argon2i from t = 3) and past each edge, small memory
            // (the vector files hold libsodium's and RFC 9106's costs).
            use saline::kdf::{argon2, Argon2Params};
            let ad = bytes(&mut rng, 4);
            let secret = bytes(&mut rng, 8);
            for algorithm in [Algorithm::Argon2id, Algorithm::Argon2i, Algorithm::Argon2d] {
                for (t, m, p) in [(1u32, 8u32, 1u32), (2, 64, 1), (3, 16, 1), (4, 24, 2), (1, 32, 4)] {
                    for (salt_len, out_len) in [(16, 16), (16, 32), (16, 15), (8, 32), (17, 64), (16, 100)] {
                        let (password, salt) = (bytes(&mut rng, 5 + t as usize * 7), bytes(&mut rng, salt_len));
                        let params = Argon2Params { t, m, p, out_len };
                        for (secret, ad) in [(None, None), (Some(&[][..]), Some(&[][..])), (Some(&secret[..]), None), (None, Some(&ad[..]))] {
                            out.push(argon2(algorithm, &password, &salt, secret, ad, &params).unwrap());
                        }
                    }
                }
            }
            // Refused the same way on every backend (the checks come first).
            let refused = [
                (Algorithm::Argon2id, 16, Argon2Params { t: 0, m: 8, p: 1, out_len: 32 }),
                (Algorithm::Argon2id, 16, Argon2Params { t: 1, m: 7, p: 1, out_len: 32 }),
                (Algorithm::Argon2i, 16, Argon2Params { t: 3, m: 8, p: 1, out_len: 3 }),
                (Algorithm::Argon2id, 7, Argon2Params { t: 1, m: 8, p: 1, out_len: 32 }),
                (Algorithm::Sha256, 16, Argon2Params { t: 1, m: 8, p: 1, out_len: 32 }),
            ];
            for (algorithm, salt_len, params) in refused {
                out.push(argon2(algorithm, b"pw", &bytes(&mut rng, salt_len), None, None, &params).unwrap_err().to_string().into_bytes());
            }
        }
        "bcrypt" => {
            // Passwords around the 72-byte key (a 71-byte password is the
            // last with its NUL; 72 and more are truncated to 72), empty and
            // short ones, costs 4 to 6, random salts.
            use saline::kdf::{bcrypt_hash_with_salt, bcrypt_verify_with, LongPassword};
            for cost in [4, 5, 6] {
                for pw_len in [0, 1, 8, 55, 70, 71, 72, 73, 100] {
                    let password: Vec<u8> = bytes(&mut rng, pw_len).into_iter().map(|b| b.max(1)).collect();
                    let salt: [u8; 16] = bytes(&mut rng, 16).try_into().unwrap();
                    let hash = bcrypt_hash_with_salt(&password, cost, &salt, LongPassword::Truncate).unwrap();
                    bcrypt_verify_with(&password, &hash, LongPassword::Truncate).unwrap();
                    out.push(hash.into_bytes());
                }
            }
        }
        "aes-cbc" => {
            use saline::cipher::aes::{cbc_decrypt, cbc_encrypt, Padding};
            for &n in SIZES {
                for key_len in [16, 24, 32] {
                    let (key, iv, msg) = (bytes(&mut rng, key_len), bytes(&mut rng, 16), bytes(&mut rng, n));
                    let ct = cbc_encrypt(&key, &iv, &msg, Padding::Pkcs7).unwrap();
                    assert_eq!(ct.len(), (n / 16 + 1) * 16);
                    assert_eq!(cbc_decrypt(&key, &iv, &ct, Padding::Pkcs7).unwrap(), msg, "aes-cbc {key_len}-byte key, {n} bytes");
                    out.push(ct.clone());
                    // Without padding: whole blocks only, and the empty message.
                    let blocks = &msg[..n / 16 * 16];
                    let raw = cbc_encrypt(&key, &iv, blocks, Padding::None).unwrap();
                    assert_eq!(cbc_decrypt(&key, &iv, &raw, Padding::None).unwrap(), blocks);
                    out.push(raw);
                    if n % 16 != 0 {
                        out.push(cbc_encrypt(&key, &iv, &msg, Padding::None).unwrap_err().to_string().into_bytes());
                    }
                    // The padded ciphertext decrypted raw shows the padding itself.
                    out.push(cbc_decrypt(&key, &iv, &ct, Padding::None).unwrap());
                    // Wrong padding: a flipped bit in the next-to-last block
                    // flips the same bit of the last plaintext block; every
                    // backend rejects the same ones with the same error.
                    for bit in [0, 7, 8 * 15, 8 * 15 + 4, 8 * 14] {
                        let mut bad = ct.clone();
                        if bad.len() < 32 {
                            // One block: the IV plays the previous block.
                            let mut bad_iv = iv.clone();
                            bad_iv[bit / 8] ^= 1 << (bit % 8);
                            out.push(format!("{:?}", cbc_decrypt(&key, &bad_iv, &bad, Padding::Pkcs7)).into_bytes());
                            continue;
                        }
                        let at = bad.len() - 32 + bit / 8;
                        bad[at] ^= 1 << (bit % 8);
                        out.push(format!("{:?}", cbc_decrypt(&key, &iv, &bad, Padding::Pkcs7)).into_bytes());
                    }
                }
            }
            // Every final byte value (0, 1..=16 with good and bad fill, 17..=255)
            // under each key size, made with no padding and checked as PKCS#7.
            for key_len in [16, 24, 32] {
                let (key, iv) = (bytes(&mut rng, key_len), bytes(&mut rng, 16));
                for last in 0..=255u8 {
                    for fill in [last, last ^ 1] {
                        let mut block = [fill; 16];
                        block[15] = last;
                        let ct = cbc_encrypt(&key, &iv, &block, Padding::None).unwrap();
                        out.push(format!("{:?}", cbc_decrypt(&key, &iv, &ct, Padding::Pkcs7)).into_bytes());
                    }
                }
            }
        }
        "aes-ctr" => {
            use saline::cipher::{keystream, stream_xor, Stream};
            for &n in SIZES {
                for key_len in [16, 24, 32] {
                    let (key, msg) = (bytes(&mut rng, key_len), bytes(&mut rng, n));
                    let random = u128::from_be_bytes(bytes(&mut rng, 16).try_into().unwrap());
                    let half = u128::from((n as u64).div_ceil(16) / 2);
                    let (low32, low64) = (u128::from(u32::MAX), u128::from(u64::MAX));
                    // Counter blocks (nonce + counter): random, the low 32
                    // bits about to wrap (AWS-LC's ctr32 fast path carries
                    // into the upper 96), the low 64 bits about to wrap, and
                    // the whole 128-bit block wrapping to zero, reached from
                    // the nonce or by adding the counter.
                    for (nonce, counter) in [
                        (random, 0),
                        (random, 1 << 40),
                        (random & !low32 | (low32 - 1), 0),
                        (random & !low32 | (low32 - half), 0),
                        (random & !low64 | (low64 - 2), 1),
                        (u128::MAX - half, 0),
                        (u128::MAX, 0),
                        (0, u64::MAX),
                        (u128::MAX - 5, u64::MAX),
                    ] {
                        let nonce = nonce.to_be_bytes();
                        let got = stream_xor(Algorithm::AesCtr, &key, &nonce, counter, &msg).unwrap();
                        // The streaming object (RustCrypto everywhere) agrees, in odd chunks.
                        let mut s = Stream::new(Algorithm::AesCtr, &key, &nonce, counter).unwrap();
                        let mut again = msg.clone();
                        for chunk in again.chunks_mut(77) {
                            s.apply(chunk).unwrap();
                        }
                        assert!(again == got, "aes-ctr {key_len}-byte key, {n} bytes from {nonce:02x?} + {counter}");
                        out.push(got);
                    }
                    out.push(keystream(Algorithm::AesCtr, &key, &random.to_be_bytes(), 3, n).unwrap());
                }
            }
            // The wrap itself: the block after FF…FF is 00…00 (mod 2^128),
            // and after xx…xx FFFFFFFF the upper 96 bits carry.
            for key_len in [16, 24, 32] {
                let key = bytes(&mut rng, key_len);
                let across = keystream(Algorithm::AesCtr, &key, &[0xff; 16], 0, 32).unwrap();
                assert_eq!(across[16..], keystream(Algorithm::AesCtr, &key, &[0; 16], 0, 16).unwrap()[..], "wrap at 2^128");
                let mut before = [0x11; 16];
                before[12..].copy_from_slice(&[0xff; 4]);
                let mut after = [0x11; 16];
                after[11] = 0x12;
                after[12..].copy_from_slice(&[0; 4]);
                let across = keystream(Algorithm::AesCtr, &key, &before, 0, 32).unwrap();
                assert_eq!(across[16..], keystream(Algorithm::AesCtr, &key, &after, 0, 16).unwrap()[..], "carry out of the low 32 bits");
                out.push(across);
            }
            // Wrong lengths give the same errors on every backend.
            for (key_len, nonce_len) in [(15, 16), (32, 12), (33, 16), (16, 17)] {
                let e = stream_xor(Algorithm::AesCtr, &vec![1; key_len], &vec![2; nonce_len], 0, b"abc").unwrap_err();
                out.push(e.to_string().into_bytes());
            }
        }
        "x25519" => {
            use saline::curve::x25519;
            let mut points: Vec<[u8; 32]> = (0..64).map(|_| bytes(&mut rng, 32).try_into().unwrap()).collect();
            // Small-order points (all-zero results), u >= p, the top bit set.
            points.push([0; 32]);
            points.push({
                let mut p = [0; 32];
                p[0] = 1;
                p
            });
            points.push({
                let mut p = [0xff; 32];
                p[0] = 0xec;
                p[31] = 0x7f;
                p
            });
            points.push([0xff; 32]);
            for p in points {
                let s: [u8; 32] = bytes(&mut rng, 32).try_into().unwrap();
                let q = x25519::scalarmult(&s, &p);
                assert_eq!(x25519::shared_secret(&s, &p).is_err(), q == [0; 32]);
                out.push(q.to_vec());
            }
        }
        "x25519-base" => {
            use saline::curve::x25519;
            let mut base = [0u8; 32];
            base[0] = 9;
            let mut scalars: Vec<[u8; 32]> = (0..64).map(|_| bytes(&mut rng, 32).try_into().unwrap()).collect();
            // Clamping's edges: bits it clears and sets, all zeros, all ones.
            scalars.extend([[0; 32], [0xff; 32], [0x07; 32], [0x80; 32]]);
            for s in scalars {
                let pk = x25519::public_key(&s).unwrap();
                // The fixed-base table agrees with the ladder on u = 9 (RFC 7748 §6.1).
                assert_eq!(pk, x25519::scalarmult(&s, &base), "x25519 public key of {s:02x?}");
                out.push(pk.to_vec());
            }
        }
        "ed25519-sign" => {
            use saline::curve::ed25519::{verify, SigningKey};
            // Around the libsodium+dalek (4096 bytes) and aws-lc+dalek (16 KiB
            // on x86-64 Linux, 64 KiB elsewhere) crossovers as well as SIZES.
            for &n in SIZES.iter().chain(&[4096, 4097, 16_384, 16_385, 65_536, 65_537]) {
                let (seed, msg) = (bytes(&mut rng, 32), bytes(&mut rng, n));
                let key = SigningKey::from_seed(&seed).unwrap();
                let sig = key.sign(&msg);
                verify(&key.public_key(), &msg, &sig).unwrap();
                // The TweetNaCl and libsodium-shaped entry points sign through the same key.
                let signed = saline::nacl::tweetnacl::crypto_sign(&msg, &key.to_private_key()[..]).unwrap();
                assert_eq!(signed[..64], sig[..], "crypto_sign, {n} bytes");
                out.push(sig.to_vec());
            }
        }
        "ed25519-keypair" => {
            use saline::curve::ed25519::SigningKey;
            let mut seeds: Vec<Vec<u8>> = (0..64).map(|_| bytes(&mut rng, 32)).collect();
            seeds.extend([vec![0; 32], vec![0xff; 32]]);
            for seed in seeds {
                let (pk, sk) = saline::sodium::sign::crypto_sign_seed_keypair(&seed).unwrap();
                // The same key pair as SigningKey's (natively built through this
                // registry too; the transcript holds each backend to dalek's).
                let key = SigningKey::from_seed(&seed).unwrap();
                assert_eq!((pk, &sk[..]), (key.public_key(), &key.to_private_key()[..]), "seed {seed:02x?}");
                let kp = saline::nacl::sign::KeyPair::from_seed(&seed).unwrap();
                assert_eq!((kp.public_key, &kp.secret_key[..]), (pk, &sk[..]));
                out.push(sk.to_vec());
            }
            assert!(saline::sodium::sign::crypto_sign_seed_keypair(&[0; 31]).is_err());
        }
        "edwards25519" => {
            use saline::nacl::tweetnacl::{crypto_point_add, crypto_scalar_base};
            use saline::sodium::core_ed25519 as core;
            let mut scalars: Vec<[u8; 32]> = (0..48).map(|_| bytes(&mut rng, 32).try_into().unwrap()).collect();
            // Zero, one, L (the group order: the identity), L + 1, bit 255 set, all ones.
            let l: [u8; 32] = hex::decode("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010").unwrap().try_into().unwrap();
            let mut l_plus_1 = l;
            l_plus_1[0] += 1;
            let mut one = [0u8; 32];
            one[0] = 1;
            scalars.extend([[0; 32], one, l, l_plus_1, [0x80; 32], [0xff; 32]]);
            let mut points = Vec::new();
            for s in &scalars {
                let p = crypto_scalar_base(s).unwrap();
                out.push(p.to_vec());
                for r in [core::crypto_scalarmult_ed25519_base(s), core::crypto_scalarmult_ed25519_base_noclamp(s)] {
                    out.push(r.map_or_else(|e| e.to_string().into_bytes(), |q| q.to_vec()));
                }
                points.push(p);
            }
            assert_eq!(crypto_scalar_base(&[0; 32]).unwrap(), one, "zero times B is the identity");
            assert_eq!(crypto_scalar_base(&l).unwrap(), one, "L times B is the identity");
            // Random strings (about half are not points), the identity, its
            // negative zero, y = p (non-canonical 0), the order-2 point and
            // y = 2^255 - 1 (non-canonical, 18 above p).
            points.extend((0..32).map(|_| -> [u8; 32] { bytes(&mut rng, 32).try_into().unwrap() }));
            let mut negative_zero = one;
            negative_zero[31] = 0x80;
            let mut y_is_p = [0xff; 32];
            y_is_p[0] = 0xed;
            y_is_p[31] = 0x7f;
            let mut order_two = [0xff; 32];
            order_two[0] = 0xec;
            order_two[31] = 0x7f;
            let mut top = [0xff; 32];
            top[31] = 0x7f;
            points.extend([one, negative_zero, y_is_p, order_two, top]);
            for (i, p) in points.iter().enumerate() {
                let q = &points[(i * 7 + 3) % points.len()];
                for r in [crypto_point_add(p, q), core::crypto_core_ed25519_add(p, q), core::crypto_core_ed25519_sub(p, q)] {
                    out.push(r.map_or_else(|e| e.to_string().into_bytes(), |r| r.to_vec()));
                }
            }
            assert!(crypto_point_add(&[0; 31], &one).is_err() && core::crypto_core_ed25519_sub(&one, &[0; 33]).is_err());
        }
        "ed25519-verify" => {
            use saline::curve::ed25519::{verify, SigningKey};
            use saline::curve::scalar::Scalar;
            let decision = |pk: &[u8], m: &[u8], sig: &[u8]| u8::from(verify(pk, m, sig).is_ok());
            let l: [u8; 32] = hex::decode("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010").unwrap().try_into().unwrap();
            // Around the aws-lc+dalek crossovers (32 KiB on x86-64 Linux, 64 KiB elsewhere).
            for (i, &n) in [0usize, 1, 32, 1000, 4096, 32_768, 32_769, 65_536, 65_537].iter().enumerate() {
                let (seed, msg) = (bytes(&mut rng, 32), bytes(&mut rng, n));
                let key = SigningKey::from_seed(&seed).unwrap();
                let pk = key.public_key();
                let sig = key.sign(&msg);
                assert_eq!(decision(&pk, &msg, &sig), 1, "a fresh signature");
                let mut forged: Vec<Vec<u8>> = Vec::new();
                for (at, mask) in [(0, 1), (31, 0x80), (32, 1), (63, 0x10), (63, 0x80)] {
                    let mut f = sig.to_vec();
                    f[at] ^= mask;
                    forged.push(f);
                }
                // S + L: the same point equation, a non-canonical S (RFC 8032 §5.1.7 refuses it).
                let mut f = sig.to_vec();
                let mut carry = 0u16;
                for j in 0..32 {
                    let v = u16::from(f[32 + j]) + u16::from(l[j]) + carry;
                    f[32 + j] = v as u8;
                    carry = v >> 8;
                }
                forged.push(f);
                // R = the identity, a signature that satisfies the cofactorless
                // equation: S = k·a, so [S]B − [k]A is the identity. libsodium
                // refuses R of small order.
                let mut identity = [0u8; 32];
                identity[0] = 1;
                let h = saline::hash::hash(Algorithm::Sha512, &seed).unwrap();
                let a = Scalar::from_bytes_mod_order(&Scalar::clamp(&h[..32].try_into().unwrap()));
                let mut hram = identity.to_vec();
                hram.extend_from_slice(&pk);
                hram.extend_from_slice(&msg);
                let k = Scalar::from_bytes_mod_order_wide(&saline::hash::hash(Algorithm::Sha512, &hram).unwrap().try_into().unwrap());
                let mut f = identity.to_vec();
                f.extend_from_slice(&k.mul(&a).to_bytes());
                forged.push(f);
                for f in &forged {
                    out.push(vec![decision(&pk, &msg, f)]);
                }
                assert_eq!(out[out.len() - forged.len()..].iter().map(|d| d[0]).sum::<u8>(), 0, "every forgery refused");
                // Another message, another key, a wrong length.
                out.push(vec![decision(&pk, b"other", &sig), decision(&[i as u8; 32], &msg, &sig)]);
                out.push(verify(&pk[..31], &msg, &sig).unwrap_err().to_string().into_bytes());
            }
            // Public keys of small order (libsodium's list, with either sign bit),
            // not canonical (y ≥ p) or not on the curve, each with R = the
            // identity or R = the key, and S = 0: with A of small order, [0]B −
            // [k]A is a small-order point, so a verifier without libsodium's
            // checks can accept some of these.
            let mut keys: Vec<[u8; 32]> = Vec::new();
            for low in [[0u8; 1], [1], [2], [18]] {
                let mut k = [0u8; 32];
                k[0] = low[0];
                keys.push(k);
            }
            for first in [0xec, 0xed, 0xee, 0xef, 0xff] {
                let mut k = [0xff; 32];
                k[0] = first;
                k[31] = 0x7f;
                keys.push(k);
            }
            keys.push(hex::decode("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05").unwrap().try_into().unwrap());
            keys.push(hex::decode("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a").unwrap().try_into().unwrap());
            let with_sign: Vec<[u8; 32]> = keys.iter().map(|k| { let mut k = *k; k[31] |= 0x80; k }).collect();
            keys.extend(with_sign);
            for pk in &keys {
                let mut identity = [0u8; 32];
                identity[0] = 1;
                for r in [identity, *pk] {
                    let mut sig = r.to_vec();
                    sig.extend_from_slice(&[0u8; 32]);
                    let d = decision(pk, b"message", &sig);
                    assert_eq!(d, 0, "key {pk:02x?}, R {r:02x?}");
                    out.push(vec![d]);
                }
            }
        }
        other => panic!("no differential for {other}: add one"),
    }
    out
}

#[test]
fn every_backend_agrees_with_the_portable_one() {
    for b in backends() {
        assert!(!b.available.is_empty());
        let portable = *b.available.last().unwrap();
        force(b.primitive, portable).unwrap();
        let expected = transcript(b.primitive);
        for &name in &b.available {
            force(b.primitive, name).unwrap();
            let now = info(b.primitive);
            assert_eq!((now.selected, now.forced), (name, true), "forcing {}:{name}", b.primitive);
            assert!(transcript(b.primitive) == expected, "{}: backend {name} differs from {portable}", b.primitive);
            println!("{}: {name} agrees with {portable}", b.primitive);
        }
        force(b.primitive, b.available[0]).unwrap();
        assert!(force(b.primitive, "no-such-backend").is_err());
        assert_eq!(info(b.primitive).selected, b.available[0], "a refused force changes nothing");
    }
    assert!(force("no-such-primitive", "rustcrypto").is_err());
}

/// The fuzz target `backend_differential` (run by `make fuzz-smoke`, late in
/// `make test`) panics on a registry primitive it has no case for; this finds
/// the gap in the first minute instead.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn fuzz_target_covers_every_primitive() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz/fuzz_targets/backend_differential.rs");
    let Ok(target) = std::fs::read_to_string(path) else { return }; // a crates.io package has no fuzz/
    for b in backends() {
        assert!(target.contains(&format!("\"{}\"", b.primitive)), "fuzz/fuzz_targets/backend_differential.rs has no case for {}", b.primitive);
    }
}

/// On native `std` builds the fast backends are compiled and chosen by default.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn native_defaults() {
    // OpenSSL's assembly is built on x86-64 Linux only (saline-openssl-asm).
    let x86_64_linux = cfg!(all(target_arch = "x86_64", target_os = "linux"));
    let poly1305: &[&str] = if x86_64_linux { &["libsodium+openssl-asm", "openssl-asm", "libsodium", "rustcrypto"] } else { &["libsodium", "rustcrypto"] };
    let chacha20poly1305: &[&str] = if x86_64_linux { &["ring+openssl-asm", "openssl-asm", "ring", "libsodium", "rustcrypto"] } else { &["ring", "libsodium", "rustcrypto"] };
    let xchacha20poly1305: &[&str] = if x86_64_linux { &["ring+openssl-asm", "openssl-asm", "libsodium", "rustcrypto"] } else { &["libsodium", "rustcrypto"] };
    // ring's VAES/AVX2 AES-GCM first where AWS-LC has no VAES code: a CPU
    // with VAES and AVX2 but not AWS-LC's AVX-512 set (AMD Zen 3).
    // libsodium's for one-shot AES-256-GCM of up to 1,152 bytes where AWS-LC
    // keys its AVX-512 code, Intel and AMD Zen 4 (aead/mod.rs
    // `LIBSODIUM_SHORT_AES256GCM`).
    let aes_gcm: &[&str] = if ring_vaes_without_aws_lc_avx512() {
        &["ring+aws-lc", "aws-lc", "ring", "rustcrypto"]
    } else if libsodium_and_aws_lc_avx512_outside_amd_zen5() {
        &["libsodium+aws-lc", "aws-lc", "ring", "rustcrypto"]
    } else {
        &["aws-lc", "ring", "rustcrypto"]
    };
    // blake2b_simd's AVX2 BLAKE2b first on CPUs with AVX2 but not on AMD
    // Zen 5 and later, last elsewhere (hash/blake2.rs `BLAKE2B_BACKENDS`).
    let blake2b: &[&str] = if avx2_outside_amd_zen5() { &["blake2b-simd", "rustcrypto", "libsodium"] } else { &["rustcrypto", "libsodium", "blake2b-simd"] };
    // blake2s_simd's likewise, for BLAKE2s (`BLAKE2S_BACKENDS`).
    let blake2s: &[&str] = if avx2_outside_amd_zen5() { &["blake2s-simd", "rustcrypto"] } else { &["rustcrypto", "blake2s-simd"] };
    let mut want: Vec<(&str, &[&str])> = vec![
        ("poly1305", poly1305),
        ("blake2b", blake2b),
        ("blake2s", blake2s),
        ("salsa20", &["libsodium+rustcrypto", "libsodium", "rustcrypto"]),
        ("xsalsa20poly1305", &["composed", "libsodium", "rustcrypto"]),
        ("chacha20poly1305", chacha20poly1305),
        ("xchacha20poly1305", xchacha20poly1305),
        ("aes-gcm", aes_gcm),
        ("aes-cbc", &["aws-lc", "rustcrypto"]),
        ("aes-ctr", &["aws-lc", "rustcrypto"]),
        ("aegis", &["libsodium", "rust"]),
        ("x25519", &["aws-lc", "libsodium", "dalek"]),
        ("x25519-base", &["aws-lc", "libsodium", "dalek"]),
        ("ed25519-sign", &["aws-lc+dalek", "aws-lc", "libsodium+dalek", "libsodium", "dalek"]),
        ("ed25519-keypair", &["aws-lc", "libsodium", "dalek"]),
        ("ed25519-verify", &["aws-lc+dalek", "aws-lc", "dalek"]),
        ("edwards25519", &["libsodium", "dalek"]),
        ("scrypt", &["libsodium", "rustcrypto"]),
        ("argon2", &["libsodium+argon2-rust", "argon2-rust", "rustcrypto"]),
        ("bcrypt", &["bcrypt-rust", "blowfish"]),
    ];
    if x86_64_linux {
        want.insert(1, ("sha512", &["openssl-asm", "rustcrypto"]));
        want.insert(2, ("md5", &["openssl-asm", "rustcrypto"]));
        want.insert(3, ("keccak", &["openssl-asm", "rustcrypto"]));
    }
    // AWS-LC's MD4 on every native build, after the x86-64 Linux entries.
    let md4_at = if x86_64_linux { 4 } else { 1 };
    want.insert(md4_at, ("md4", &["aws-lc", "rustcrypto"]));
    for &(primitive, list) in &want {
        assert_eq!(info(primitive).available, list, "{primitive}");
    }
    assert_eq!(backends().len(), want.len(), "a primitive missing from this list");
}

/// Whether this CPU has AVX2 and is not AMD Zen 5 or later.
#[cfg(not(target_arch = "wasm32"))]
fn avx2_outside_amd_zen5() -> bool {
    #[cfg(target_arch = "x86_64")]
    return is_x86_feature_detected!("avx2") && !amd_zen5_or_later();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// AMD Zen 5 or later: vendor "AuthenticAMD" with display family 1Ah or
/// above, from CPUID here rather than from the crate's own reading.
#[cfg(target_arch = "x86_64")]
fn amd_zen5_or_later() -> bool {
    use std::arch::x86_64::__cpuid;
    #[allow(unused_unsafe)]
    let (leaf0, leaf1) = unsafe { (__cpuid(0), __cpuid(1)) };
    let amd = (leaf0.ebx, leaf0.edx, leaf0.ecx) == (u32::from_le_bytes(*b"Auth"), u32::from_le_bytes(*b"enti"), u32::from_le_bytes(*b"cAMD"));
    let base = (leaf1.eax >> 8) & 0xf;
    let family = if base == 0xf { base + ((leaf1.eax >> 20) & 0xff) } else { base };
    amd && family >= 0x1a
}

/// Whether `libsodium+aws-lc` is first: libsodium's AES-256-GCM and
/// AWS-LC's AVX-512 AES-GCM run, on a CPU other than AMD Zen 5 or later
/// (where the two were not measured against each other).
#[cfg(not(target_arch = "wasm32"))]
fn libsodium_and_aws_lc_avx512_outside_amd_zen5() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // libsodium's AES-256-GCM needs AES-NI, PCLMULQDQ and AVX.
        let libsodium = is_x86_feature_detected!("aes") && is_x86_feature_detected!("pclmulqdq") && is_x86_feature_detected!("avx");
        libsodium && aws_lc_aes_gcm_avx512() && !amd_zen5_or_later()
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// AWS-LC's AVX-512 AES-GCM code runs (`crypto_gcm_avx512_enabled`).
#[cfg(target_arch = "x86_64")]
fn aws_lc_aes_gcm_avx512() -> bool {
    is_x86_feature_detected!("vaes")
        && is_x86_feature_detected!("vpclmulqdq")
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512dq")
        && is_x86_feature_detected!("avx512ifma")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vl")
}

/// Whether this CPU has the VAES/AVX2 set ring's AES-GCM uses and lacks the
/// AVX-512 set AWS-LC's VAES code needs (VAES, VPCLMULQDQ, AVX512F, DQ,
/// IFMA, BW, VL: modes/gcm.c `crypto_gcm_avx512_enabled`).
#[cfg(not(target_arch = "wasm32"))]
fn ring_vaes_without_aws_lc_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let ring = is_x86_feature_detected!("aes")
            && is_x86_feature_detected!("pclmulqdq")
            && is_x86_feature_detected!("avx")
            && is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("vaes")
            && is_x86_feature_detected!("vpclmulqdq");
        ring && !aws_lc_aes_gcm_avx512()
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// `SALINE_FORCE`, read once at the first selection: a child process of this
/// test binary runs `env_force_probe` with the variable set.
#[test]
fn environment_variable_forces_backends() {
    let exe = std::env::current_exe().unwrap();
    let run = |spec: &str| {
        let out = std::process::Command::new(&exe)
            .args(["--exact", "env_force_probe", "--nocapture", "--test-threads=1"])
            .env("SALINE_FORCE", spec)
            .env("SALINE_FORCE_EXPECT", spec)
            .output()
            .unwrap();
        assert!(out.status.success(), "{spec}: {}", String::from_utf8_lossy(&out.stdout));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    for b in backends() {
        for name in &b.available {
            run(&format!("{}:{name}", b.primitive));
        }
    }
    let all: Vec<String> = backends().iter().map(|b| format!("{}:{}", b.primitive, b.available.last().unwrap())).collect();
    run(&all.join(","));
    // An entry naming nothing is reported, never fatal.
    let stderr = run("poly1305:no-such-backend");
    assert!(stderr.contains("ignored"), "{stderr}");
}

/// Run by `environment_variable_forces_backends` in a child process; does
/// nothing when `SALINE_FORCE_EXPECT` is unset.
#[test]
fn env_force_probe() {
    let Ok(spec) = std::env::var("SALINE_FORCE_EXPECT") else { return };
    for entry in spec.split(',') {
        let (primitive, backend) = entry.split_once(':').unwrap();
        let now = info(primitive);
        if now.available.contains(&backend) {
            assert_eq!((now.selected, now.forced), (backend, true), "{entry}");
        } else {
            assert_eq!((now.selected, now.forced), (now.available[0], false), "{entry}");
        }
    }
}
