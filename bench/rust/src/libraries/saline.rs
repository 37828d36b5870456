//! Saline's rows: the Rust core (crates/saline) through its public API, the
//! calls a Rust user makes, in the portable build (no target-cpu=native:
//! bench/bench.mk). Every result records the backend "rust-core"; the
//! library's detail lists the core's backend registry selection
//! (`saline::backends()`, which `SALINE_FORCE` changes).

use std::rc::Rc;

use saline::cipher::aes::{cbc_encrypt, Padding};
use saline::curve::{ed25519, x25519};
use saline::hash::{hash_into, HashOptions, Hasher};
use saline::kdf::{self, Argon2Params, LongPassword};
use saline::nacl::{crypto_box, secretbox, tweetnacl as tn};
use saline::{aead, cipher, mac, Algorithm};

use super::{aes_key, err, verify_inputs, AES_MODES};
use crate::fixtures::Fixture;
use crate::harness::{Library, Made, Op, Res, Sink, Start, Streaming};

/// An operation over the fixture and state prepared outside the timed call.
fn run(fx: &Rc<Fixture>, f: impl Fn(&Fixture, &mut Sink) -> Res + 'static) -> Made {
    let fx = fx.clone();
    Ok(Op::new(move |s| f(&fx, s)))
}

/// An operation that writes `len` bytes into an output buffer made once,
/// as libsodium's and OpenSSL's rows write theirs.
fn run_into(fx: &Rc<Fixture>, len: usize, f: impl Fn(&Fixture, &mut [u8]) -> saline::Result<()> + 'static) -> Made {
    let fx = fx.clone();
    let mut out = vec![0u8; len];
    Ok(Op::new(move |s| {
        f(&fx, &mut out).map_err(err)?;
        s.put(&out);
        Ok(())
    }))
}

fn alg(name: &str) -> Algorithm {
    Algorithm::from_name(name).unwrap_or_else(|e| panic!("saline has no {name}: {e}"))
}

pub const HASHES: [&str; 12] =
    ["sha1", "sha256", "sha512", "sha3-256", "sha3-512", "blake2b-512", "blake2s-256", "blake3", "md4", "md5", "ripemd160", "whirlpool"];

pub fn library() -> Library {
    let mut lib = Library::new("saline", "Saline (Rust core)", env!("CARGO_PKG_VERSION"));
    lib.subject = true;
    lib.backend = Some("rust-core");
    let selection: Vec<String> = saline::backends().iter().map(|b| format!("{}={}", b.primitive, b.selected)).collect();
    lib.detail = Some(format!(
        "crates/saline (path dependency), {}, portable build; backends: {}",
        env!("SALINE_BENCH_GIT"),
        selection.join(", ")
    ));

    // Digests and MACs: the generic entry points, into a caller buffer.
    for name in HASHES {
        let a = alg(name);
        let len = a.info().output_len;
        lib.op(format!("digest:{name}"), move |fx| run_into(fx, len, move |fx, out| hash_into(a, &HashOptions::default(), &fx.msg, out)));
    }
    for name in ["hmac-sha1", "hmac-sha256", "hmac-sha512", "hmac-md5", "poly1305"] {
        let a = alg(name);
        let len = a.info().output_len;
        lib.op(format!("mac:{name}"), move |fx| run_into(fx, len, move |fx, out| mac::mac_into(a, &fx.key, &fx.msg, out)));
    }

    // AES: CBC with PKCS#7 (as node:crypto's default), CTR from the IV. Key
    // setup is part of each call, as with every peer's one-shot API.
    for name in AES_MODES.into_iter().filter(|name| !name.ends_with("gcm")) {
        let cbc = name.ends_with("cbc");
        lib.op(format!("encrypt:{name}"), move |fx| {
            let key_len = aes_key(fx, name).len();
            run(fx, move |fx, s| {
                let key = &fx.key[..key_len];
                let out = if cbc { cbc_encrypt(key, &fx.iv, &fx.msg, Padding::Pkcs7) } else { cipher::stream_xor(Algorithm::AesCtr, key, &fx.iv, 0, &fx.msg) }.map_err(err)?;
                s.put(&out);
                Ok(())
            })
        });
    }
    // The AEADs, one-shot (key setup in each call) into an output buffer
    // made once: AES-GCM with
    // a 12-byte nonce, ChaCha20-Poly1305 and XChaCha20-Poly1305, no AAD,
    // ciphertext ‖ tag.
    for name in AES_MODES.into_iter().filter(|name| name.ends_with("gcm")).chain(["chacha20-poly1305", "xchacha20-poly1305"]) {
        lib.op(format!("seal:{name}"), move |fx| {
            // Which key and nonce, decided once: the timed call is the seal alone, as in the peers' rows.
            let (algorithm, key_len, long_nonce) = match name {
                "chacha20-poly1305" => (Algorithm::ChaCha20Poly1305, fx.key.len(), false),
                "xchacha20-poly1305" => (Algorithm::XChaCha20Poly1305, fx.key.len(), true),
                _ => (Algorithm::AesGcm, aes_key(fx, name).len(), false),
            };
            run_into(fx, fx.msg.len() + aead::TAG_LEN, move |fx, out| {
                let nonce = if long_nonce { &fx.nonce24[..] } else { &fx.nonce12[..] };
                aead::seal_into(algorithm, &fx.key[..key_len], nonce, &[], &fx.msg, out)
            })
        });
    }
    // NaCl secretbox and box, libsodium's "easy" layout (tag ‖ ciphertext).
    lib.op("seal:xsalsa20-poly1305", |fx| run(fx, |fx, s| Ok(s.put(&secretbox::seal(&fx.msg, &fx.nonce24, &fx.key).map_err(err)?))));
    lib.op("open:xsalsa20-poly1305", |fx| {
        let ct = secretbox::seal(&fx.msg, &fx.nonce24, &fx.key).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&secretbox::open(&ct, &fx.nonce24, &fx.key).map_err(err)?)))
    });
    lib.op("seal:box", |fx| {
        let pk_b = x25519::public_key(&fx.seed_b).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&crypto_box::seal(&fx.msg, &fx.nonce24, &pk_b, &fx.seed).map_err(err)?)))
    });
    lib.op("open:box", |fx| {
        let pk_a = x25519::public_key(&fx.seed).map_err(err)?;
        let pk_b = x25519::public_key(&fx.seed_b).map_err(err)?;
        let ct = crypto_box::seal(&fx.msg, &fx.nonce24, &pk_b, &fx.seed).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&crypto_box::open(&ct, &fx.nonce24, &pk_a, &fx.seed_b).map_err(err)?)))
    });

    // Ed25519 and X25519: the typed curve API.
    lib.op("sign:ed25519", |fx| {
        let sk = ed25519::SigningKey::from_seed(&fx.seed).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&sk.sign(&fx.msg))))
    });
    lib.op("verify:ed25519", |fx| {
        let sk = ed25519::SigningKey::from_seed(&fx.seed).map_err(err)?;
        let (pk, sig) = (sk.public_key(), sk.sign(&fx.msg));
        run(fx, move |fx, s| Ok(s.flag(ed25519::verify(&pk, &fx.msg, &sig).is_ok())))
    });
    lib.op("dh:x25519", |fx| {
        let pk_b = x25519::public_key(&fx.seed_b).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&x25519::shared_secret(&fx.seed, &pk_b).map_err(err)?)))
    });

    // KDFs at the workloads' parameters.
    for name in ["argon2id", "argon2i"] {
        let a = alg(name);
        lib.op(format!("kdf:{name}"), move |fx| {
            let params = Argon2Params { t: fx.param("t") as u32, m: fx.param("m") as u32, p: fx.param("p") as u32, out_len: fx.param("dkLen") as usize };
            run(fx, move |fx, s| Ok(s.put(&kdf::argon2(a, &fx.password, &fx.salt, None, None, &params).map_err(err)?)))
        });
    }
    // Compared without the "$2b$12$" prefix, as the Node adapters do.
    lib.op("kdf:bcrypt", |fx| {
        let salt: [u8; 16] = fx.salt[..16].try_into().map_err(err)?;
        run(fx, move |fx, s| {
            let h = kdf::bcrypt_hash_with_salt(&fx.password, fx.param("cost") as u32, &salt, LongPassword::Reject).map_err(err)?;
            Ok(s.put(&h.as_bytes()[7..]))
        })
    });
    for (name, hash) in [("pbkdf2-sha1", Algorithm::Sha1), ("pbkdf2-sha256", Algorithm::Sha256), ("pbkdf2-sha512", Algorithm::Sha512)] {
        lib.op(format!("kdf:{name}"), move |fx| {
            run(fx, move |fx, s| {
                Ok(s.put(&kdf::pbkdf2(hash, &fx.password, &fx.salt, fx.param("c") as u32, fx.param("dkLen") as usize).map_err(err)?))
            })
        });
    }
    lib.op("kdf:scrypt", |fx| {
        run(fx, |fx, s| {
            let (n, r, p, len) = (fx.param("N"), fx.param("r") as u32, fx.param("p") as u32, fx.param("dkLen") as usize);
            Ok(s.put(&kdf::scrypt(&fx.password, &fx.salt, n, r, p, len).map_err(err)?))
        })
    });
    lib.op("kdf:hkdf-sha256", |fx| {
        run(fx, |fx, s| Ok(s.put(&kdf::hkdf(Algorithm::Sha256, &fx.key, &fx.salt, &[], fx.param("dkLen") as usize).map_err(err)?)))
    });

    tweetnacl_rows(&mut lib);

    // Streaming (file) cases.
    for name in ["sha256", "blake3"] {
        let a = alg(name);
        lib.stream(name, move |_| {
            let start: Start = Box::new(move || Ok(Box::new(HashStream(Hasher::new(a).map_err(err)?)) as Box<dyn Streaming>));
            Ok(start)
        });
    }
    lib.stream("aes-256-cbc", |fx| {
        let (key, iv) = (fx.key.clone(), fx.iv.clone());
        let start: Start = Box::new(move || Ok(Box::new(CbcStream { key: key.clone(), iv: iv.clone(), carry: Vec::new() }) as Box<dyn Streaming>));
        Ok(start)
    });
    lib
}

/// The TweetNaCl group through saline::nacl::tweetnacl, in NaCl's
/// zero-padded layouts; outputs are trimmed to the unpadded layout only
/// for the check (the slicing is free).
fn tweetnacl_rows(lib: &mut Library) {
    let low = |lib: &mut Library, name: &str, f: fn(&Rc<Fixture>) -> Made| lib.op(format!("lowlevel:{name}"), f);
    low(lib, "crypto_hash_sha256", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_hash_sha256(&fx.msg)))));
    low(lib, "crypto_hash_sha512", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_hash_sha512(&fx.msg)))));
    low(lib, "crypto_auth_hmacsha256", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_auth_hmacsha256(&fx.msg, &fx.key).map_err(err)?))));
    low(lib, "crypto_auth_hmacsha512", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_auth_hmacsha512(&fx.msg, &fx.key).map_err(err)?))));
    low(lib, "crypto_box", |fx| {
        let m = tn::pad_message(&fx.msg);
        let pk_b = tn::crypto_scalarmult_base(&fx.seed_b).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&tn::crypto_box(&m, &fx.nonce24, &pk_b, &fx.seed).map_err(err)?[tn::BOXZEROBYTES..])))
    });
    low(lib, "crypto_box_afternm", |fx| {
        let m = tn::pad_message(&fx.msg);
        let k = tn::crypto_box_beforenm(&tn::crypto_scalarmult_base(&fx.seed_b).map_err(err)?, &fx.seed).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&tn::crypto_box_afternm(&m, &fx.nonce24, &k[..]).map_err(err)?[tn::BOXZEROBYTES..])))
    });
    low(lib, "crypto_box_open_afternm", |fx| {
        let k = tn::crypto_box_beforenm(&tn::crypto_scalarmult_base(&fx.seed_b).map_err(err)?, &fx.seed).map_err(err)?;
        let c = tn::crypto_box_afternm(&tn::pad_message(&fx.msg), &fx.nonce24, &k[..]).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&tn::crypto_box_open_afternm(&c, &fx.nonce24, &k[..]).map_err(err)?[tn::ZEROBYTES..])))
    });
    low(lib, "crypto_stream_xor", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_stream_xor(&fx.msg, &fx.nonce24, &fx.key).map_err(err)?))));
    low(lib, "crypto_stream", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_stream(32, &fx.nonce24, &fx.key).map_err(err)?))));
    low(lib, "crypto_sign", |fx| {
        let (_, sk) = tn::crypto_sign_seed_keypair(&fx.seed).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&tn::crypto_sign(&fx.msg, &sk[..]).map_err(err)?)))
    });
    low(lib, "crypto_sign_open", |fx| {
        let (pk, sk) = tn::crypto_sign_seed_keypair(&fx.seed).map_err(err)?;
        let sm = tn::crypto_sign(&fx.msg, &sk[..]).map_err(err)?;
        run(fx, move |_, s| Ok(s.put(&tn::crypto_sign_open(&sm, &pk).map_err(err)?)))
    });
    low(lib, "crypto_box_keypair", |_| {
        Ok(Op::unchecked(|s| {
            let (pk, sk) = tn::crypto_box_keypair().map_err(err)?;
            s.put(&pk);
            s.put(&sk[..]);
            Ok(())
        }))
    });
    low(lib, "crypto_box_beforenm", |fx| {
        let pk_b = tn::crypto_scalarmult_base(&fx.seed_b).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&tn::crypto_box_beforenm(&pk_b, &fx.seed).map_err(err)?[..])))
    });
    low(lib, "crypto_core_salsa20", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_core_salsa20(&fx.nonce24[..16], &fx.key, &tn::SIGMA).map_err(err)?))));
    low(lib, "crypto_core_hsalsa20", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_core_hsalsa20(&fx.nonce24[..16], &fx.key, &tn::SIGMA).map_err(err)?))));
    low(lib, "crypto_scalarmult", |fx| {
        let pk_b = tn::crypto_scalarmult_base(&fx.seed_b).map_err(err)?;
        run(fx, move |fx, s| Ok(s.put(&tn::crypto_scalarmult(&fx.seed, &pk_b).map_err(err)?)))
    });
    low(lib, "crypto_scalarmult_base", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_scalarmult_base(&fx.seed).map_err(err)?))));
    low(lib, "crypto_point_add", |fx| {
        let p = tn::crypto_scalar_base(&fx.scalar).map_err(err)?;
        let q = tn::crypto_scalar_base(&fx.scalar_b).map_err(err)?;
        run(fx, move |_, s| Ok(s.put(&tn::crypto_point_add(&p, &q).map_err(err)?)))
    });
    low(lib, "crypto_scalar_base", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_scalar_base(&fx.scalar).map_err(err)?))));
    low(lib, "crypto_sign_keypair", |fx| run(fx, |fx, s| Ok(s.put(&tn::crypto_sign_seed_keypair(&fx.seed).map_err(err)?.0))));
    low(lib, "crypto_sign_ed25519_pk_to_curve25519", |fx| {
        let (pk, _) = tn::crypto_sign_seed_keypair(&fx.seed).map_err(err)?;
        run(fx, move |_, s| Ok(s.put(&tn::crypto_sign_ed25519_pk_to_x25519_pk(&pk).map_err(err)?)))
    });
    low(lib, "crypto_sign_ed25519_sk_to_curve25519", |fx| {
        let (_, sk) = tn::crypto_sign_seed_keypair(&fx.seed).map_err(err)?;
        run(fx, move |_, s| Ok(s.put(&tn::crypto_sign_ed25519_sk_to_x25519_sk(&sk[..]).map_err(err)?[..])))
    });
    low(lib, "crypto_verify_16", |fx| {
        let (x, y) = verify_inputs(fx, 16);
        run(fx, move |_, s| Ok(s.flag(tn::crypto_verify_16(&x, &y).is_ok())))
    });
    low(lib, "crypto_verify_32", |fx| {
        let (x, y) = verify_inputs(fx, 32);
        run(fx, move |_, s| Ok(s.flag(tn::crypto_verify_32(&x, &y).is_ok())))
    });
    low(lib, "crypto_verify_64", |fx| {
        let (x, y) = verify_inputs(fx, 64);
        run(fx, move |_, s| Ok(s.flag(tn::crypto_verify_64(&x, &y).is_ok())))
    });
}

struct HashStream(Hasher);

impl Streaming for HashStream {
    fn update(&mut self, chunk: &[u8]) -> Res {
        self.0.update(chunk);
        Ok(())
    }

    fn finish(self: Box<Self>, sink: &mut Sink) -> Res {
        sink.put(&self.0.finalize());
        Ok(())
    }
}

/// AES-256-CBC over a stream. The core has only the one-shot
/// `cbc_encrypt`, so the stream is chained by hand: each chunk's whole
/// blocks are encrypted without padding, with the previous ciphertext block
/// as IV (exactly CBC), and the final call encrypts the PKCS#7 padding block.
/// Its output is that last block, as node:crypto's `final()` returns.
struct CbcStream {
    key: Vec<u8>,
    iv: Vec<u8>,
    carry: Vec<u8>,
}

impl Streaming for CbcStream {
    fn update(&mut self, chunk: &[u8]) -> Res {
        let joined;
        let data = if self.carry.is_empty() {
            chunk
        } else {
            joined = [&self.carry[..], chunk].concat();
            &joined[..]
        };
        let whole = data.len() / 16 * 16;
        if whole > 0 {
            let ct = cbc_encrypt(&self.key, &self.iv, &data[..whole], Padding::None).map_err(err)?;
            self.iv.copy_from_slice(&ct[whole - 16..]);
            std::hint::black_box(&ct);
        }
        self.carry = data[whole..].to_vec();
        Ok(())
    }

    fn finish(self: Box<Self>, sink: &mut Sink) -> Res {
        sink.put(&cbc_encrypt(&self.key, &self.iv, &self.carry, Padding::Pkcs7).map_err(err)?);
        Ok(())
    }
}
