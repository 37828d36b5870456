//! OpenSSL (the system's libssl, Debian's libssl-dev) through the openssl
//! crate, for the algorithms its default provider has. OpenSSL 3's fast
//! path is used, as its performance notes advise: algorithms are fetched
//! once (EVP_MD_fetch / EVP_CIPHER_fetch) and contexts are reused; keys are
//! still set up in every call, as with every other library's one-shot API.
//! MD4 and Whirlpool live in the legacy provider, which is not loaded: n/a.

use std::rc::Rc;

use openssl::cipher::{Cipher, CipherRef};
use openssl::cipher_ctx::CipherCtx;
use openssl::derive::Deriver;
use openssl::md::{Md, MdRef};
use openssl::md_ctx::MdCtx;
use openssl::pkey::{Id, PKey};

use super::{aes_key, err, verify_inputs, AES_MODES};
use crate::fixtures::Fixture;
use crate::harness::{Library, Made, Op, Res, Sink, Skip, Start, Streaming};

fn run<S: 'static>(fx: &Rc<Fixture>, mut state: S, mut f: impl FnMut(&Fixture, &mut S, &mut Sink) -> Res + 'static) -> Made {
    let fx = fx.clone();
    Ok(Op::new(move |s| f(&fx, &mut state, s)))
}

fn fetch_md(name: &str) -> Result<Md, Skip> {
    Md::fetch(None, name, None).map_err(|e| Skip::NA(format!("{name} is not in OpenSSL's default provider ({})", first_line(&e))))
}

fn fetch_cipher(name: &str) -> Result<Cipher, Skip> {
    Cipher::fetch(None, name, None).map_err(|e| Skip::NA(format!("{name} is not in OpenSSL's default provider ({})", first_line(&e))))
}

fn first_line(e: &impl std::fmt::Display) -> String {
    e.to_string().lines().next().unwrap_or_default().to_string()
}

/// One-shot digest with a reused context.
fn digest(ctx: &mut MdCtx, md: &MdRef, data: &[u8], out: &mut [u8]) -> Result<usize, String> {
    ctx.digest_init(md).map_err(err)?;
    ctx.digest_update(data).map_err(err)?;
    ctx.digest_final(out).map_err(err)
}

/// HMAC from a raw key: EVP_PKEY_new_raw_private_key + EVP_DigestSign*.
fn hmac(ctx: &mut MdCtx, md: &MdRef, key: &[u8], data: &[u8], out: &mut [u8]) -> Result<usize, String> {
    let pkey = PKey::hmac(key).map_err(err)?;
    ctx.digest_sign_init(Some(md), &pkey).map_err(err)?;
    ctx.digest_sign_update(data).map_err(err)?;
    ctx.digest_sign_final(Some(out)).map_err(err)
}

/// Encrypts `data` with a reused context into `out`; returns the length written.
fn encrypt(ctx: &mut CipherCtx, cipher: &CipherRef, key: &[u8], iv: &[u8], data: &[u8], out: &mut [u8]) -> Result<usize, String> {
    ctx.encrypt_init(Some(cipher), Some(key), Some(iv)).map_err(err)?;
    let n = ctx.cipher_update(data, Some(out)).map_err(err)?;
    Ok(n + ctx.cipher_final(&mut out[n..]).map_err(err)?)
}

fn raw_public(seed: &[u8], id: Id) -> Result<Vec<u8>, String> {
    PKey::private_key_from_raw_bytes(seed, id).map_err(err)?.raw_public_key().map_err(err)
}

pub fn library() -> Library {
    openssl::init();
    let mut lib = Library::new("openssl", "OpenSSL (C, openssl crate)", format!("{} (openssl crate 0.10)", openssl::version::version()));
    lib.detail = Some(format!("{}; explicit fetch, reused EVP contexts", openssl::version::platform()));

    const DIGESTS: [(&str, &str); 11] = [
        ("sha1", "SHA1"),
        ("sha256", "SHA256"),
        ("sha512", "SHA512"),
        ("sha3-256", "SHA3-256"),
        ("sha3-512", "SHA3-512"),
        ("blake2b-512", "BLAKE2B-512"),
        ("blake2s-256", "BLAKE2S-256"),
        ("md4", "MD4"),
        ("md5", "MD5"),
        ("ripemd160", "RIPEMD160"),
        ("whirlpool", "WHIRLPOOL"),
    ];
    for (alg, name) in DIGESTS {
        lib.op(format!("digest:{alg}"), move |fx| {
            let md = fetch_md(name)?;
            run(fx, (MdCtx::new().map_err(err)?, md, [0u8; 64]), |fx, (ctx, md, out), s| {
                let n = digest(ctx, md, &fx.msg, out)?;
                s.put(&out[..n]);
                Ok(())
            })
        });
    }
    for (alg, name) in [("hmac-sha1", "SHA1"), ("hmac-sha256", "SHA256"), ("hmac-sha512", "SHA512"), ("hmac-md5", "MD5")] {
        lib.op(format!("mac:{alg}"), move |fx| {
            let md = fetch_md(name)?;
            run(fx, (MdCtx::new().map_err(err)?, md, [0u8; 64]), |fx, (ctx, md, out), s| {
                let n = hmac(ctx, md, &fx.key, &fx.msg, out)?;
                s.put(&out[..n]);
                Ok(())
            })
        });
    }
    lib.op("mac:poly1305", |fx| {
        // Poly1305 as an EVP_PKEY MAC (EVP_PKEY_POLY1305 + EVP_DigestSign).
        let try_once = || -> Result<(), String> {
            let pkey = PKey::private_key_from_raw_bytes(&fx.key, Id::POLY1305).map_err(err)?;
            let mut ctx = MdCtx::new().map_err(err)?;
            ctx.digest_sign_init(None, &pkey).map_err(err)?;
            ctx.digest_sign(&fx.msg, Some(&mut [0u8; 16])).map_err(err)?;
            Ok(())
        };
        try_once().map_err(|e| Skip::NA(format!("Poly1305 through EVP_PKEY is not available here ({})", e.lines().next().unwrap_or_default())))?;
        run(fx, (MdCtx::new().map_err(err)?, [0u8; 16]), |fx, (ctx, out), s| {
            let pkey = PKey::private_key_from_raw_bytes(&fx.key, Id::POLY1305).map_err(err)?;
            ctx.digest_sign_init(None, &pkey).map_err(err)?;
            let n = ctx.digest_sign(&fx.msg, Some(&mut out[..])).map_err(err)?;
            s.put(&out[..n]);
            Ok(())
        })
    });

    // AES-CBC (PKCS#7), AES-CTR, AES-GCM (12-byte nonce, ciphertext ‖ tag).
    for alg in AES_MODES {
        let gcm = alg.ends_with("gcm");
        lib.op(format!("{}:{alg}", if gcm { "seal" } else { "encrypt" }), move |fx| {
            let cipher = fetch_cipher(&alg.to_uppercase())?;
            let state = (CipherCtx::new().map_err(err)?, cipher, vec![0u8; fx.msg.len() + 32], [0u8; 16]);
            let key_len = aes_key(fx, alg).len();
            run(fx, state, move |fx, (ctx, cipher, out, tag), s| {
                let key = &fx.key[..key_len];
                if gcm {
                    let n = encrypt(ctx, cipher, key, &fx.nonce12, &fx.msg, out)?;
                    ctx.tag(tag).map_err(err)?;
                    s.put2(&out[..n], tag);
                } else {
                    let n = encrypt(ctx, cipher, key, &fx.iv, &fx.msg, out)?;
                    s.put(&out[..n]);
                }
                Ok(())
            })
        });
    }
    lib.op("seal:chacha20-poly1305", |fx| {
        let cipher = fetch_cipher("ChaCha20-Poly1305")?;
        let state = (CipherCtx::new().map_err(err)?, cipher, vec![0u8; fx.msg.len() + 16], [0u8; 16]);
        run(fx, state, |fx, (ctx, cipher, out, tag), s| {
            let n = encrypt(ctx, cipher, &fx.key, &fx.nonce12, &fx.msg, out)?;
            ctx.tag(tag).map_err(err)?;
            s.put2(&out[..n], tag);
            Ok(())
        })
    });

    // Ed25519 (keys made once, as the other libraries' key pairs), X25519.
    lib.op("sign:ed25519", |fx| {
        let sk = PKey::private_key_from_raw_bytes(&fx.seed, Id::ED25519).map_err(err)?;
        run(fx, (MdCtx::new().map_err(err)?, sk, [0u8; 64]), |fx, (ctx, sk, sig), s| {
            ctx.digest_sign_init(None, sk).map_err(err)?;
            let n = ctx.digest_sign(&fx.msg, Some(&mut sig[..])).map_err(err)?;
            s.put(&sig[..n]);
            Ok(())
        })
    });
    lib.op("verify:ed25519", |fx| {
        let sk = PKey::private_key_from_raw_bytes(&fx.seed, Id::ED25519).map_err(err)?;
        let pk = PKey::public_key_from_raw_bytes(&sk.raw_public_key().map_err(err)?, Id::ED25519).map_err(err)?;
        let mut ctx = MdCtx::new().map_err(err)?;
        ctx.digest_sign_init(None, &sk).map_err(err)?;
        let mut sig = [0u8; 64];
        ctx.digest_sign(&fx.msg, Some(&mut sig[..])).map_err(err)?;
        run(fx, (ctx, pk), move |fx, (ctx, pk), s| {
            ctx.digest_verify_init(None, pk).map_err(err)?;
            s.flag(ctx.digest_verify(&fx.msg, &sig).unwrap_or(false));
            Ok(())
        })
    });
    let x25519: fn(&Rc<Fixture>) -> Made = |fx| {
        let sk = PKey::private_key_from_raw_bytes(&fx.seed, Id::X25519).map_err(err)?;
        let peer = PKey::public_key_from_raw_bytes(&raw_public(&fx.seed_b, Id::X25519)?, Id::X25519).map_err(err)?;
        run(fx, (sk, peer, [0u8; 32]), |_, (sk, peer, out), s| {
            let mut d = Deriver::new(sk).map_err(err)?;
            d.set_peer(peer).map_err(err)?;
            let n = d.derive(out).map_err(err)?;
            s.put(&out[..n]);
            Ok(())
        })
    };
    lib.op("dh:x25519", x25519);

    // KDFs.
    for (alg, name) in [("pbkdf2-sha1", "SHA1"), ("pbkdf2-sha256", "SHA256"), ("pbkdf2-sha512", "SHA512")] {
        lib.op(format!("kdf:{alg}"), move |fx| {
            let md = match name {
                "SHA1" => openssl::hash::MessageDigest::sha1(),
                "SHA256" => openssl::hash::MessageDigest::sha256(),
                _ => openssl::hash::MessageDigest::sha512(),
            };
            run(fx, vec![0u8; fx.param("dkLen") as usize], move |fx, out, s| {
                openssl::pkcs5::pbkdf2_hmac(&fx.password, &fx.salt, fx.param("c") as usize, md, out).map_err(err)?;
                s.put(out);
                Ok(())
            })
        });
    }
    lib.op("kdf:scrypt", |fx| {
        run(fx, vec![0u8; fx.param("dkLen") as usize], |fx, out, s| {
            let (n, r, p) = (fx.param("N"), fx.param("r"), fx.param("p"));
            openssl::pkcs5::scrypt(&fx.password, &fx.salt, n, r, p, 256 * n * r + (1 << 20), out).map_err(err)?;
            s.put(out);
            Ok(())
        })
    });
    lib.op("kdf:hkdf-sha256", |fx| {
        run(fx, vec![0u8; fx.param("dkLen") as usize], |fx, out, s| {
            openssl::kdf::hkdf(Md::sha256(), &fx.key, Some(&fx.salt), None, openssl::kdf::HkdfMode::ExtractAndExpand, None, out).map_err(err)?;
            s.put(out);
            Ok(())
        })
    });

    // The TweetNaCl rows OpenSSL can do: the hashes, HMACs, X25519, key
    // derivation from a seed, a constant-time compare (CRYPTO_memcmp).
    for (low, alg) in [
        ("crypto_hash_sha256", "digest:sha256"),
        ("crypto_hash_sha512", "digest:sha512"),
        ("crypto_auth_hmacsha256", "mac:hmac-sha256"),
        ("crypto_auth_hmacsha512", "mac:hmac-sha512"),
    ] {
        let (kind, name) = alg.split_once(':').unwrap_or_default();
        let md_name = match name.trim_start_matches("hmac-") {
            "sha256" => "SHA256",
            _ => "SHA512",
        };
        let keyed = kind == "mac";
        lib.op(format!("lowlevel:{low}"), move |fx| {
            let md = fetch_md(md_name)?;
            run(fx, (MdCtx::new().map_err(err)?, md, [0u8; 64]), move |fx, (ctx, md, out), s| {
                let n = if keyed { hmac(ctx, md, &fx.key, &fx.msg, out)? } else { digest(ctx, md, &fx.msg, out)? };
                s.put(&out[..n]);
                Ok(())
            })
        });
    }
    lib.op("lowlevel:crypto_scalarmult", x25519);
    lib.op("lowlevel:crypto_scalarmult_base", |fx| run(fx, (), |fx, _, s| Ok(s.put(&raw_public(&fx.seed, Id::X25519)?))));
    lib.op("lowlevel:crypto_sign_keypair", |fx| run(fx, (), |fx, _, s| Ok(s.put(&raw_public(&fx.seed, Id::ED25519)?))));
    lib.op("lowlevel:crypto_box_keypair", |_| {
        Ok(Op::unchecked(|s| {
            let k = PKey::generate_x25519().map_err(err)?;
            s.put(&k.raw_public_key().map_err(err)?);
            Ok(())
        }))
    });
    for n in [16usize, 32, 64] {
        lib.op(format!("lowlevel:crypto_verify_{n}"), move |fx| {
            let (x, y) = verify_inputs(fx, n);
            run(fx, (), move |_, _, s| Ok(s.flag(openssl::memcmp::eq(&x, &y))))
        });
    }

    // Streaming (file) cases: EVP_Digest* and EVP_Encrypt* over the chunks.
    lib.stream("sha256", |_| {
        let md = fetch_md("SHA256")?;
        let start: Start = Box::new(move || {
            let mut ctx = MdCtx::new().map_err(err)?;
            ctx.digest_init(&md).map_err(err)?;
            Ok(Box::new(MdStream(ctx)) as Box<dyn Streaming>)
        });
        Ok(start)
    });
    lib.stream("aes-256-cbc", |fx| {
        let cipher = fetch_cipher("AES-256-CBC")?;
        let (key, iv) = (fx.key.clone(), fx.iv.clone());
        let chunk = fx.param("chunk") as usize;
        let start: Start = Box::new(move || {
            let mut ctx = CipherCtx::new().map_err(err)?;
            ctx.encrypt_init(Some(&cipher), Some(&key), Some(&iv)).map_err(err)?;
            Ok(Box::new(CbcStream { ctx, out: vec![0u8; chunk + 32] }) as Box<dyn Streaming>)
        });
        Ok(start)
    });
    lib
}

struct MdStream(MdCtx);

impl Streaming for MdStream {
    fn update(&mut self, chunk: &[u8]) -> Res {
        self.0.digest_update(chunk).map_err(err)
    }

    fn finish(mut self: Box<Self>, sink: &mut Sink) -> Res {
        let mut out = [0u8; 64];
        let n = self.0.digest_final(&mut out).map_err(err)?;
        sink.put(&out[..n]);
        Ok(())
    }
}

/// Its output is the final (padding) block, as node:crypto's `final()`.
struct CbcStream {
    ctx: CipherCtx,
    out: Vec<u8>,
}

impl Streaming for CbcStream {
    fn update(&mut self, chunk: &[u8]) -> Res {
        if self.out.len() < chunk.len() + 32 {
            self.out.resize(chunk.len() + 32, 0);
        }
        let n = self.ctx.cipher_update(chunk, Some(&mut self.out)).map_err(err)?;
        std::hint::black_box(&self.out[..n]);
        Ok(())
    }

    fn finish(mut self: Box<Self>, sink: &mut Sink) -> Res {
        let mut last = [0u8; 32];
        let n = self.ctx.cipher_final(&mut last).map_err(err)?;
        sink.put(&last[..n]);
        Ok(())
    }
}
