//! Runs every known-answer vector in `vectors/` (see vectors/FORMAT.md and
//! vectors/SOURCES.md) against the public API, one test per kind, and
//! prints how many cases ran per file.
//!
//! Rules: a `valid` case must reproduce its output exactly (and round-trip
//! where the operation has an inverse); an `invalid` case must be rejected;
//! an `acceptable` case may go either way but must not panic. A case the
//! API cannot express (a GCM nonce other than 96 bits) is counted as
//! unsupported and must not be `valid`-only territory the catalog promises.
//! Cases marked `slow` run only with SALINE_SLOW_VECTORS=1 (`make test-slow`).

use std::path::{Path, PathBuf};

use saline::aead::Aead;
use saline::cipher::aes::{cbc_decrypt, cbc_encrypt, Padding};
use saline::hash::{HashOptions, Hasher};
use saline::{Algorithm, Error};
use serde_json::Value;

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors")
}

#[derive(Default)]
struct Tally {
    passed: usize,
    unsupported: usize,
    slow_skipped: usize,
    /// Cases `run_kind_where` left out: none of them touches the backend
    /// under test.
    other_backends: usize,
}

struct Case<'a>(&'a Value, &'a Value);

impl Case<'_> {
    fn hex(&self, field: &str) -> Vec<u8> {
        hex::decode(self.0[field].as_str().unwrap_or_else(|| panic!("field {field} missing"))).expect("hex")
    }
    fn opt_hex(&self, field: &str) -> Option<Vec<u8>> {
        self.0.get(field).map(|_| self.hex(field))
    }
    fn int(&self, field: &str) -> u64 {
        self.0[field].as_u64().unwrap_or_else(|| panic!("field {field} missing"))
    }
    fn str(&self, field: &str) -> &str {
        self.0[field].as_str().unwrap_or_else(|| panic!("field {field} missing"))
    }
    fn result(&self) -> &str {
        self.str("result")
    }
    /// The case's `algorithm`, else its file's, if either has one.
    fn algorithm_field(&self) -> Option<&str> {
        self.0.get("algorithm").and_then(Value::as_str).or_else(|| self.1.get("algorithm").and_then(Value::as_str))
    }
    fn algorithm_name(&self) -> &str {
        self.algorithm_field().expect("an algorithm in the case or its file")
    }
    fn algorithm(&self) -> Algorithm {
        Algorithm::from_name(self.algorithm_name()).expect("catalog name")
    }
    fn id(&self) -> String {
        self.0["id"].to_string()
    }
}

/// Runs `check` on every case of every file of `kind`; `check` returns
/// `false` for a case the API cannot express.
fn run_kind(kind: &str, check: impl Fn(&Case) -> bool) {
    run_kind_where(kind, |_| true, check);
}

/// `run_kind` on the cases whose algorithm `wanted` accepts (a forced
/// backend's: see `vectors_on_every_backend`).
fn run_kind_where(kind: &str, wanted: impl Fn(&str) -> bool, check: impl Fn(&Case) -> bool) {
    let slow = std::env::var_os("SALINE_SLOW_VECTORS").is_some();
    let mut files: Vec<_> = std::fs::read_dir(vectors_dir().join(kind))
        .unwrap_or_else(|e| panic!("vectors/{kind}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no vector files for {kind}");
    for path in files {
        let file: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let mut tally = Tally::default();
        for raw in file["cases"].as_array().unwrap() {
            let case = Case(raw, &file);
            if !wanted(case.algorithm_field().unwrap_or("")) {
                tally.other_backends += 1;
                continue;
            }
            if raw.get("slow").and_then(Value::as_bool) == Some(true) && !slow {
                tally.slow_skipped += 1;
                continue;
            }
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&case)));
            match outcome {
                Ok(true) => tally.passed += 1,
                Ok(false) => tally.unsupported += 1,
                Err(_) => panic!("{}: case {} failed (see the message above)", path.display(), case.id()),
            }
        }
        let others = if tally.other_backends > 0 { format!(", {} left to other backends", tally.other_backends) } else { String::new() };
        println!(
            "{}: {} passed, {} unsupported, {} slow skipped{others}",
            path.strip_prefix(vectors_dir()).unwrap().display(),
            tally.passed,
            tally.unsupported,
            tally.slow_skipped
        );
    }
}

fn expect_rejected<T: std::fmt::Debug>(case: &Case, result: Result<T, Error>) {
    assert!(result.is_err(), "case {} ({}) must be rejected, got {:?}", case.id(), case.result(), result);
}

#[test]
fn hash_vectors() {
    run_kind("hash", |c| {
        let algorithm = c.algorithm();
        let mut msg = c.hex("msg");
        if let Some(n) = c.0.get("repeat").and_then(Value::as_u64) {
            msg = msg.repeat(n as usize);
        }
        let expected = c.hex("out");
        let (key, salt, personal) = (c.opt_hex("key"), c.opt_hex("salt"), c.opt_hex("personal"));
        let context = c.0.get("context").map(|v| v.as_str().unwrap().as_bytes().to_vec());
        let options = HashOptions {
            out_len: Some(expected.len()),
            key: key.as_deref(),
            salt: salt.as_deref(),
            personal: personal.as_deref(),
            context: context.as_deref(),
        };
        assert_eq!(saline::hash::hash_with(algorithm, &options, &msg).unwrap(), expected, "one-shot {}", c.id());
        // Streaming in uneven pieces, forking with clone, and reuse after reset.
        let mut h = Hasher::with_options(algorithm, &options).unwrap();
        let (a, b) = msg.split_at(msg.len() / 3);
        h.update(a);
        let mut fork = h.clone();
        h.update(b);
        fork.update(b);
        let mut out = vec![0u8; expected.len()];
        h.finalize_into_reset(&mut out).unwrap();
        assert_eq!(out, expected, "streaming {}", c.id());
        h.update(&msg);
        assert_eq!(h.finalize(), expected, "after reset {}", c.id());
        assert_eq!(fork.finalize(), expected, "clone {}", c.id());
        true
    });
}

#[test]
fn mac_vectors() {
    run_kind("mac", |c| {
        let algorithm = c.algorithm();
        let (key, msg, tag) = (c.hex("key"), c.hex("msg"), c.hex("tag"));
        let full = saline::mac::mac(algorithm, &key, &msg).unwrap();
        let truncated = c.0.get("tag_bits").is_some();
        let matches = full.len() >= tag.len() && full[..tag.len()] == tag[..];
        match c.result() {
            "valid" => {
                assert!(matches, "case {}: {} != {}", c.id(), hex::encode(&full), hex::encode(&tag));
                if !truncated {
                    saline::mac::verify(algorithm, &key, &msg, &tag).unwrap();
                }
            }
            "invalid" => {
                assert!(!matches || tag.len() < 10, "case {} must not match", c.id());
                expect_rejected(c, saline::mac::verify(algorithm, &key, &msg, &tag));
            }
            _ => {}
        }
        true
    });
}

#[test]
fn cipher_vectors() {
    run_kind("cipher", |c| {
        let algorithm = c.algorithm();
        let key = c.hex("key");
        if algorithm == Algorithm::AesCbc {
            let (iv, ct) = (c.hex("iv"), c.hex("ct"));
            let padding = if c.str("padding") == "none" { Padding::None } else { Padding::Pkcs7 };
            match c.result() {
                "valid" => {
                    let msg = c.hex("msg");
                    assert_eq!(cbc_encrypt(&key, &iv, &msg, padding).unwrap(), ct, "encrypt {}", c.id());
                    assert_eq!(cbc_decrypt(&key, &iv, &ct, padding).unwrap(), msg, "decrypt {}", c.id());
                }
                _ => expect_rejected(c, cbc_decrypt(&key, &iv, &ct, padding)),
            }
            return true;
        }
        let nonce = c.hex("nonce");
        let counter = c.0.get("counter").and_then(Value::as_u64).unwrap_or(0);
        if let Some(len) = c.0.get("stream_len").and_then(Value::as_u64) {
            let stream = saline::cipher::keystream(algorithm, &key, &nonce, counter, len as usize).unwrap();
            let digest = saline::hash::hash(Algorithm::Sha256, &stream).unwrap();
            assert_eq!(hex::encode(digest), c.str("stream_sha256"), "keystream {}", c.id());
            return true;
        }
        let (msg, ct) = (c.hex("msg"), c.hex("ct"));
        assert_eq!(saline::cipher::stream_xor(algorithm, &key, &nonce, counter, &msg).unwrap(), ct, "{}", c.id());
        // The same keystream, applied in two calls split inside a block.
        let mut stream = saline::cipher::Stream::new(algorithm, &key, &nonce, counter).unwrap();
        let mut buf = ct.clone();
        let split = buf.len().min(37);
        let (a, b) = buf.split_at_mut(split);
        stream.apply(a).unwrap();
        stream.apply(b).unwrap();
        assert_eq!(buf, msg, "streamed {}", c.id());
        true
    });
}

#[test]
fn aead_vectors() {
    run_kind("aead", |c| {
        let algorithm = c.algorithm();
        let (key, nonce, aad, msg, ct, tag) = (c.hex("key"), c.hex("nonce"), c.hex("aad"), c.hex("msg"), c.hex("ct"), c.hex("tag"));
        let aead = Aead::new(algorithm, &key).unwrap();
        let nonce_ok = algorithm.info().nonce.unwrap().accepts(nonce.len());
        // The combined layout (`ciphertext ‖ tag` or `tag ‖ ciphertext`),
        // for the one-shot calls, which may take other code than a keyed
        // `Aead` (aead/mod.rs `LIBSODIUM_SHORT_AES256GCM`).
        let mut combined = vec![0u8; ct.len() + tag.len()];
        if combined.len() >= aead.tag_len() {
            let (ct_range, tag_range) = aead.layout(combined.len());
            combined[ct_range].copy_from_slice(&ct[..]);
            combined[tag_range].copy_from_slice(&tag[..]);
        }
        if !nonce_ok || tag.len() != aead.tag_len() {
            // GCM with a nonce other than 96 bits, or a truncated tag: outside
            // the API, which must refuse them rather than compute something.
            let mut buf = ct.clone();
            expect_rejected(c, aead.open_in_place_detached(&nonce, &aad, &mut buf, &tag));
            if !nonce_ok {
                expect_rejected(c, saline::aead::open(algorithm, &key, &nonce, &aad, &combined).map(drop));
            }
            return c.result() != "valid";
        }
        match c.result() {
            "valid" => {
                let mut buf = msg.clone();
                let got_tag = aead.seal_in_place_detached(&nonce, &aad, &mut buf).unwrap();
                assert_eq!((hex::encode(&buf), hex::encode(got_tag)), (hex::encode(&ct), hex::encode(&tag)), "seal {}", c.id());
                let mut into = vec![0u8; msg.len()];
                let into_tag = aead.seal_detached_into(&nonce, &aad, &msg, &mut into).unwrap();
                assert_eq!((hex::encode(&into), hex::encode(into_tag)), (hex::encode(&ct), hex::encode(&tag)), "seal into {}", c.id());
                aead.open_in_place_detached(&nonce, &aad, &mut buf, &tag).unwrap();
                assert_eq!(buf, msg, "open {}", c.id());
                assert_eq!(hex::encode(aead.seal(&nonce, &aad, &msg).unwrap()), hex::encode(&combined), "seal combined {}", c.id());
                assert_eq!(aead.open(&nonce, &aad, &combined).unwrap(), msg);
                assert_eq!(hex::encode(saline::aead::seal(algorithm, &key, &nonce, &aad, &msg).unwrap()), hex::encode(&combined), "one-shot seal {}", c.id());
                assert_eq!(saline::aead::open(algorithm, &key, &nonce, &aad, &combined).unwrap(), msg, "one-shot open {}", c.id());
            }
            _ => {
                let mut buf = ct.clone();
                expect_rejected(c, aead.open_in_place_detached(&nonce, &aad, &mut buf, &tag));
                assert_eq!(buf, ct, "a rejected open must leave the ciphertext untouched ({})", c.id());
                expect_rejected(c, saline::aead::open(algorithm, &key, &nonce, &aad, &combined).map(drop));
            }
        }
        true
    });
}

#[test]
fn nacl_vectors() {
    use saline::nacl::{crypto_box, sealedbox, secretbox, tweetnacl};
    run_kind("nacl", |c| {
        match c.algorithm() {
            Algorithm::XSalsa20Poly1305 => {
                let (key, nonce, msg, boxed) = (c.hex("key"), c.hex("nonce"), c.hex("msg"), c.hex("box"));
                assert_eq!(secretbox::seal(&msg, &nonce, &key).unwrap(), boxed);
                assert_eq!(secretbox::open(&boxed, &nonce, &key).unwrap(), msg);
                // NaCl's padded layout carries the same bytes after 16 zeros.
                let padded = tweetnacl::crypto_secretbox(&tweetnacl::pad_message(&msg), &nonce, &key).unwrap();
                assert_eq!(&padded[16..], &boxed[..]);
            }
            Algorithm::Box if c.0.get("seed").is_some() => {
                let kp = crypto_box::KeyPair::from_seed(&c.hex("seed")).unwrap();
                assert_eq!(kp.public_key.to_vec(), c.hex("pk"));
                assert_eq!(kp.secret_key().to_vec(), c.hex("sk"));
            }
            Algorithm::Box => {
                let (sk, pk, nonce, msg, boxed) = (c.hex("sk"), c.hex("pk"), c.hex("nonce"), c.hex("msg"), c.hex("box"));
                assert_eq!(crypto_box::seal(&msg, &nonce, &pk, &sk).unwrap(), boxed);
                assert_eq!(crypto_box::open(&boxed, &nonce, &pk, &sk).unwrap(), msg);
                let padded = tweetnacl::crypto_box(&tweetnacl::pad_message(&msg), &nonce, &pk, &sk).unwrap();
                assert_eq!(&padded[16..], &boxed[..]);
            }
            Algorithm::SealedBox => {
                let (pk, sk, msg) = (c.hex("pk"), c.hex("sk"), c.hex("msg"));
                assert_eq!(sealedbox::open(&c.hex("sealed"), &pk, &sk).unwrap(), msg);
                assert_eq!(sealedbox::open(&sealedbox::seal(&msg, &pk).unwrap(), &pk, &sk).unwrap(), msg);
            }
            other => panic!("unexpected nacl algorithm {other}"),
        }
        true
    });
}

#[test]
fn sign_vectors() {
    use saline::curve::ed25519::{verify, SigningKey};
    run_kind("sign", |c| {
        let (pk, msg, sig) = (c.hex("pk"), c.hex("msg"), c.hex("sig"));
        match c.result() {
            "valid" => {
                if let Some(seed) = c.opt_hex("seed") {
                    let key = SigningKey::from_seed(&seed).unwrap();
                    assert_eq!(key.public_key().to_vec(), pk);
                    assert_eq!(key.sign(&msg).to_vec(), sig, "sign {}", c.id());
                    // The byte-level key pair (the ed25519-keypair registry) agrees.
                    let (kp_pk, kp_sk) = saline::sodium::sign::crypto_sign_seed_keypair(&seed).unwrap();
                    assert_eq!((kp_pk.to_vec(), kp_sk[32..].to_vec()), (pk.clone(), pk.clone()), "key pair {}", c.id());
                }
                verify(&pk, &msg, &sig).unwrap_or_else(|e| panic!("verify {}: {e}", c.id()));
            }
            "invalid" => expect_rejected(c, verify(&pk, &msg, &sig)),
            _ => {
                let _ = verify(&pk, &msg, &sig);
            }
        }
        true
    });
}

#[test]
fn x25519_vectors() {
    use saline::curve::x25519;
    run_kind("x25519", |c| {
        let (scalar, point, shared) = (c.hex("scalar"), c.hex("point"), c.hex("shared"));
        if c.result() == "invalid" {
            expect_rejected(c, x25519::shared_secret(&scalar, &point));
            return true;
        }
        // The raw RFC 7748 function reproduces every valid and acceptable case.
        let raw = saline::nacl::tweetnacl::crypto_scalarmult(&scalar, &point).unwrap();
        assert_eq!(raw.to_vec(), shared, "X25519 {}", c.id());
        // The checked one refuses exactly the all-zero results (libsodium's rule).
        match x25519::shared_secret(&scalar, &point) {
            Ok(s) => assert_eq!(s.to_vec(), shared),
            Err(_) => assert_eq!(shared, [0u8; 32], "only an all-zero result may be refused ({})", c.id()),
        }
        true
    });
}

#[test]
fn secretstream_vectors() {
    use saline::sodium::secretstream::*;
    run_kind("secretstream", |c| {
        let (key, header) = (c.hex("key"), c.hex("header"));
        let chunks = c.0["chunks"].as_array().expect("chunks");
        let mut push = init_push_with_header(&key, &header).unwrap();
        let mut pull = crypto_secretstream_xchacha20poly1305_init_pull(&header, &key).unwrap();
        for (i, raw) in chunks.iter().enumerate() {
            let chunk = Case(raw, c.1);
            let (ad, sealed) = (chunk.hex("ad"), chunk.hex("c"));
            if c.result() == "invalid" && i + 1 == chunks.len() {
                expect_rejected(c, crypto_secretstream_xchacha20poly1305_pull(&mut pull, &sealed, &ad));
                break;
            }
            let (message, tag) = (chunk.hex("msg"), chunk.int("tag") as u8);
            if c.result() == "valid" {
                let pushed = crypto_secretstream_xchacha20poly1305_push(&mut push, &message, &ad, tag).unwrap();
                assert_eq!(pushed, sealed, "push, case {} chunk {i}", c.id());
            }
            assert_eq!(crypto_secretstream_xchacha20poly1305_pull(&mut pull, &sealed, &ad).unwrap(), (message, tag));
            if raw.get("rekey").and_then(Value::as_bool) == Some(true) {
                crypto_secretstream_xchacha20poly1305_rekey(&mut push);
                crypto_secretstream_xchacha20poly1305_rekey(&mut pull);
            }
        }
        true
    });
}

#[test]
fn kdf_vectors() {
    kdf_vectors_where(|_| true);
}

/// The KDF vectors whose algorithm (`pbkdf2-sha512`, `scrypt`, ...) `wanted` accepts.
fn kdf_vectors_where(wanted: impl Fn(&str) -> bool) {
    use saline::kdf;
    run_kind_where("kdf", wanted, |c| {
        let name = c.algorithm_name().to_owned();
        let password = || c.hex("password");
        if let Some(hash) = name.strip_prefix("pbkdf2-") {
            let hash = Algorithm::from_name(hash).unwrap();
            let out = c.hex("out");
            let got = kdf::pbkdf2(hash, &password(), &c.hex("salt"), c.int("iterations") as u32, out.len()).unwrap();
            assert_eq!(got, out, "{}", c.id());
        } else if let Some(hash) = name.strip_prefix("hkdf-") {
            let hash = Algorithm::from_name(hash).unwrap();
            let got = kdf::hkdf(hash, &c.hex("ikm"), &c.hex("salt"), &c.hex("info"), c.int("size") as usize);
            match c.result() {
                "valid" => {
                    assert_eq!(got.unwrap(), c.hex("out"), "{}", c.id());
                    let prk = kdf::hkdf_extract(hash, &c.hex("salt"), &c.hex("ikm")).unwrap();
                    assert_eq!(kdf::hkdf_expand(hash, &prk, &c.hex("info"), c.int("size") as usize).unwrap(), c.hex("out"));
                }
                _ => expect_rejected(c, got),
            }
        } else if name == "scrypt" {
            let out = c.hex("out");
            let got = kdf::scrypt(&password(), &c.hex("salt"), c.int("n"), c.int("r") as u32, c.int("p") as u32, out.len());
            assert_eq!(got.unwrap(), out, "{}", c.id());
        } else if name.starts_with("argon2") {
            if c.0.get("phc").is_some() {
                kdf::argon2_verify(&password(), c.str("phc")).unwrap_or_else(|e| panic!("{}: {e}", c.id()));
            } else {
                let out = c.hex("out");
                let params = kdf::Argon2Params { t: c.int("t") as u32, m: c.int("m") as u32, p: c.int("p") as u32, out_len: out.len() };
                let (secret, ad) = (c.opt_hex("secret"), c.opt_hex("ad"));
                let got = kdf::argon2(c.algorithm(), &password(), &c.hex("salt"), secret.as_deref(), ad.as_deref(), &params);
                assert_eq!(got.unwrap(), out, "{}", c.id());
            }
        } else if name == "bcrypt" {
            let hash = c.str("hash");
            kdf::bcrypt_verify_with(&password(), hash, kdf::LongPassword::Truncate)
                .unwrap_or_else(|e| panic!("{}: {e}", c.id()));
            let salt = &hash[..29];
            let cost: u32 = hash[4..6].parse().unwrap();
            let salt_bytes = saline_test_decode_bcrypt_salt(&salt[7..]);
            let ours = kdf::bcrypt_hash_with_salt(&password(), cost, &salt_bytes, kdf::LongPassword::Truncate).unwrap();
            assert_eq!(&ours[7..], &hash[7..], "{}", c.id());
        } else {
            panic!("unexpected kdf {name}");
        }
        true
    });
}

/// Decodes bcrypt's 22-character salt with its own alphabet (test helper;
/// the library does this inside `bcrypt_verify`).
fn saline_test_decode_bcrypt_salt(s: &str) -> [u8; 16] {
    const ALPHABET: &[u8] = b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut bits: u32 = 0;
    let mut nbits = 0;
    let mut out = Vec::new();
    for ch in s.bytes() {
        bits = (bits << 6) | ALPHABET.iter().position(|&a| a == ch).unwrap() as u32;
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            out.push((bits >> nbits) as u8);
        }
    }
    out[..16].try_into().unwrap()
}

/// The vector files of the primitives in the backend registry, once per
/// backend (the other tests of this file run on the default backends).
/// Forcing is process-wide; the tests running beside this one then use the
/// forced backend, which the vectors prove equivalent anyway.
#[test]
fn vectors_on_every_backend() {
    // A forced SHA-512 or KDF backend runs the KDF vectors that reach it,
    // not all of them; `kdf_vectors` runs every case. The
    // Argon2 and bcrypt files alone take about ten seconds, and the nine
    // such backends each ran the whole set, mostly cases none of them
    // computes: about 100 of this test's 115 seconds, the longest step of
    // `make test-rust`.
    let sha512_family = |name: &str| {
        let hash = name.strip_prefix("pbkdf2-").or_else(|| name.strip_prefix("hkdf-"));
        matches!(hash, Some("sha384" | "sha512" | "sha512-224" | "sha512-256"))
    };
    for b in saline::backend::backends() {
        for &name in &b.available {
            saline::backend::force(b.primitive, name).unwrap();
            println!("-- {}: {name}", b.primitive);
            match b.primitive {
                "poly1305" => mac_vectors(),
                "x25519" | "x25519-base" => x25519_vectors(),
                "ed25519-sign" | "ed25519-keypair" => sign_vectors(),
                "salsa20" | "aes-cbc" | "aes-ctr" => cipher_vectors(),
                // The hash cores: the hashes and the HMACs over them; SHA-512
                // also hashes inside Ed25519 and the KDFs. The BLAKE2 registries
                // are their one-shot hashes (the BLAKE2 KATs: keys, salts,
                // personalizations, output lengths).
                "md4" | "md5" | "keccak" | "blake2b" | "blake2s" => {
                    hash_vectors();
                    mac_vectors();
                }
                "sha512" => {
                    hash_vectors();
                    mac_vectors();
                    sign_vectors();
                    kdf_vectors_where(sha512_family);
                }
                "scrypt" => kdf_vectors_where(|name| name == "scrypt"),
                "argon2" => kdf_vectors_where(|name| name.starts_with("argon2")),
                "bcrypt" => kdf_vectors_where(|name| name == "bcrypt"),
                // Wycheproof's and RFC 8032's signatures, invalid ones
                // included, against each verifier.
                "ed25519-verify" => sign_vectors(),
                // No vector file holds point arithmetic: tests/backends.rs
                // compares both backends with libsodium's on random points.
                "edwards25519" => {}
                _ => aead_vectors(),
            }
            nacl_vectors();
        }
        saline::backend::force(b.primitive, b.available[0]).unwrap();
    }
}
