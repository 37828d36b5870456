//! libsodium through libsodium-sys-stable (the crate builds the bundled
//! libsodium-stable source). Its C API is called directly, into buffers
//! allocated outside the timed call, as a C user would. The TweetNaCl rows
//! use libsodium's NaCl-compatible functions (crypto_box, crypto_stream_xor,
//! crypto_sign ...) in NaCl's zero-padded layouts, the same calls TweetNaCl
//! code makes.

use std::ffi::CStr;
use std::os::raw::c_int;
use std::ptr::{null, null_mut};
use std::rc::Rc;

use libsodium_sys as ffi;

use super::verify_inputs;
use crate::fixtures::Fixture;
use crate::harness::{Library, Made, Op, Res, Sink, Skip, Start, Streaming};

const SIGMA: &[u8; 16] = b"expand 32-byte k";
const ZEROBYTES: usize = 32;
const BOXZEROBYTES: usize = 16;

fn rc(code: c_int, what: &str) -> Res {
    if code == 0 {
        Ok(())
    } else {
        Err(format!("{what} returned {code}"))
    }
}

/// An operation with mutable state (output buffers) prepared outside the timed call.
fn run<S: 'static>(fx: &Rc<Fixture>, mut state: S, mut f: impl FnMut(&Fixture, &mut S, &mut Sink) -> Res + 'static) -> Made {
    let fx = fx.clone();
    Ok(Op::new(move |s| f(&fx, &mut state, s)))
}

fn padded(msg: &[u8]) -> Vec<u8> {
    let mut m = vec![0u8; ZEROBYTES + msg.len()];
    m[ZEROBYTES..].copy_from_slice(msg);
    m
}

/// X25519 public key (crypto_scalarmult_base), for preparing inputs.
fn public_of(sk: &[u8]) -> Result<[u8; 32], String> {
    let mut pk = [0u8; 32];
    rc(unsafe { ffi::crypto_scalarmult_base(pk.as_mut_ptr(), sk.as_ptr()) }, "crypto_scalarmult_base")?;
    Ok(pk)
}

/// Ed25519 key pair from the fixture's seed: (public key, 64-byte secret key).
fn ed_pair(seed: &[u8]) -> Result<([u8; 32], [u8; 64]), String> {
    let (mut pk, mut sk) = ([0u8; 32], [0u8; 64]);
    rc(unsafe { ffi::crypto_sign_seed_keypair(pk.as_mut_ptr(), sk.as_mut_ptr(), seed.as_ptr()) }, "crypto_sign_seed_keypair")?;
    Ok((pk, sk))
}

fn shared_key(fx: &Fixture) -> Result<[u8; 32], String> {
    let pk_b = public_of(&fx.seed_b)?;
    let mut k = [0u8; 32];
    rc(unsafe { ffi::crypto_box_beforenm(k.as_mut_ptr(), pk_b.as_ptr(), fx.seed.as_ptr()) }, "crypto_box_beforenm")?;
    Ok(k)
}

pub fn library() -> Library {
    // SAFETY: sodium_init is safe to call more than once; <0 is failure.
    let init = unsafe { ffi::sodium_init() };
    let version = unsafe { CStr::from_ptr(ffi::sodium_version_string()) }.to_string_lossy().into_owned();
    let mut lib = Library::new("libsodium", "libsodium (C, libsodium-sys-stable)", format!("libsodium {version}"));
    lib.detail = Some("libsodium-sys-stable 1.24 (bundled libsodium-stable source, built by the crate)".into());
    if init < 0 {
        lib.available = false;
        lib.reason = Some(format!("sodium_init() returned {init}"));
        return lib;
    }

    macro_rules! hash_op {
        ($key:expr, $len:expr, |$out:ident, $fx:ident| $call:expr, $what:expr) => {
            lib.op($key, |fx| {
                run(fx, [0u8; $len], |$fx, $out, s| {
                    rc(unsafe { $call }, $what)?;
                    s.put(&$out[..]);
                    Ok(())
                })
            });
        };
    }
    hash_op!("digest:sha256", 32, |out, fx| ffi::crypto_hash_sha256(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _), "crypto_hash_sha256");
    hash_op!("digest:sha512", 64, |out, fx| ffi::crypto_hash_sha512(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _), "crypto_hash_sha512");
    hash_op!("digest:sha3-256", 32, |out, fx| ffi::crypto_hash_sha3256(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _), "crypto_hash_sha3256");
    hash_op!("digest:sha3-512", 64, |out, fx| ffi::crypto_hash_sha3512(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _), "crypto_hash_sha3512");
    hash_op!(
        "digest:blake2b-512",
        64,
        |out, fx| ffi::crypto_generichash(out.as_mut_ptr(), 64, fx.msg.as_ptr(), fx.msg.len() as _, null(), 0),
        "crypto_generichash"
    );
    hash_op!(
        "mac:hmac-sha256",
        32,
        |out, fx| ffi::crypto_auth_hmacsha256(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.key.as_ptr()),
        "crypto_auth_hmacsha256"
    );
    hash_op!(
        "mac:hmac-sha512",
        64,
        |out, fx| ffi::crypto_auth_hmacsha512(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.key.as_ptr()),
        "crypto_auth_hmacsha512"
    );
    hash_op!(
        "mac:poly1305",
        16,
        |out, fx| ffi::crypto_onetimeauth(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.key.as_ptr()),
        "crypto_onetimeauth"
    );

    // AEADs, ciphertext ‖ tag, no AAD.
    macro_rules! aead_op {
        ($key:expr, $f:path, $nonce:ident) => {
            lib.op($key, |fx| {
                run(fx, vec![0u8; fx.msg.len() + 16], |fx, c, s| {
                    let mut clen = 0;
                    rc(
                        unsafe {
                            $f(c.as_mut_ptr(), &mut clen, fx.msg.as_ptr(), fx.msg.len() as _, null(), 0, null(), fx.$nonce.as_ptr(), fx.key.as_ptr())
                        },
                        stringify!($f),
                    )?;
                    s.put(&c[..clen as usize]);
                    Ok(())
                })
            });
        };
    }
    aead_op!("seal:chacha20-poly1305", ffi::crypto_aead_chacha20poly1305_ietf_encrypt, nonce12);
    aead_op!("seal:xchacha20-poly1305", ffi::crypto_aead_xchacha20poly1305_ietf_encrypt, nonce24);
    if unsafe { ffi::crypto_aead_aes256gcm_is_available() } == 1 {
        aead_op!("seal:aes-256-gcm", ffi::crypto_aead_aes256gcm_encrypt, nonce12);
    } else {
        lib.op("seal:aes-256-gcm", |_| Err(Skip::NA("libsodium's AES-256-GCM needs AES-NI and PCLMUL, which this CPU lacks".into())));
    }
    for alg in ["aes-128-gcm", "aes-192-gcm"] {
        lib.op(format!("seal:{alg}"), |_| Err(Skip::NA("libsodium offers AES-GCM with 256-bit keys only".into())));
    }

    // secretbox and box, "easy" layout (tag ‖ ciphertext).
    lib.op("seal:xsalsa20-poly1305", |fx| {
        run(fx, vec![0u8; fx.msg.len() + 16], |fx, c, s| {
            rc(
                unsafe { ffi::crypto_secretbox_easy(c.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.nonce24.as_ptr(), fx.key.as_ptr()) },
                "crypto_secretbox_easy",
            )?;
            s.put(c);
            Ok(())
        })
    });
    lib.op("open:xsalsa20-poly1305", |fx| {
        let mut ct = vec![0u8; fx.msg.len() + 16];
        rc(
            unsafe { ffi::crypto_secretbox_easy(ct.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.nonce24.as_ptr(), fx.key.as_ptr()) },
            "crypto_secretbox_easy",
        )?;
        run(fx, vec![0u8; fx.msg.len()], move |fx, m, s| {
            rc(
                unsafe { ffi::crypto_secretbox_open_easy(m.as_mut_ptr(), ct.as_ptr(), ct.len() as _, fx.nonce24.as_ptr(), fx.key.as_ptr()) },
                "crypto_secretbox_open_easy",
            )?;
            s.put(m);
            Ok(())
        })
    });
    lib.op("seal:box", |fx| {
        let pk_b = public_of(&fx.seed_b)?;
        run(fx, vec![0u8; fx.msg.len() + 16], move |fx, c, s| {
            rc(
                unsafe {
                    ffi::crypto_box_easy(c.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.nonce24.as_ptr(), pk_b.as_ptr(), fx.seed.as_ptr())
                },
                "crypto_box_easy",
            )?;
            s.put(c);
            Ok(())
        })
    });
    lib.op("open:box", |fx| {
        let (pk_a, pk_b) = (public_of(&fx.seed)?, public_of(&fx.seed_b)?);
        let mut ct = vec![0u8; fx.msg.len() + 16];
        rc(
            unsafe { ffi::crypto_box_easy(ct.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.nonce24.as_ptr(), pk_b.as_ptr(), fx.seed.as_ptr()) },
            "crypto_box_easy",
        )?;
        run(fx, vec![0u8; fx.msg.len()], move |fx, m, s| {
            rc(
                unsafe {
                    ffi::crypto_box_open_easy(m.as_mut_ptr(), ct.as_ptr(), ct.len() as _, fx.nonce24.as_ptr(), pk_a.as_ptr(), fx.seed_b.as_ptr())
                },
                "crypto_box_open_easy",
            )?;
            s.put(m);
            Ok(())
        })
    });

    lib.op("sign:ed25519", |fx| {
        let (_, sk) = ed_pair(&fx.seed)?;
        run(fx, [0u8; 64], move |fx, sig, s| {
            rc(unsafe { ffi::crypto_sign_detached(sig.as_mut_ptr(), null_mut(), fx.msg.as_ptr(), fx.msg.len() as _, sk.as_ptr()) }, "crypto_sign_detached")?;
            s.put(&sig[..]);
            Ok(())
        })
    });
    lib.op("verify:ed25519", |fx| {
        let (pk, sk) = ed_pair(&fx.seed)?;
        let mut sig = [0u8; 64];
        rc(unsafe { ffi::crypto_sign_detached(sig.as_mut_ptr(), null_mut(), fx.msg.as_ptr(), fx.msg.len() as _, sk.as_ptr()) }, "crypto_sign_detached")?;
        run(fx, (), move |fx, _, s| {
            s.flag(unsafe { ffi::crypto_sign_verify_detached(sig.as_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, pk.as_ptr()) } == 0);
            Ok(())
        })
    });
    let scalarmult: fn(&Rc<Fixture>) -> Made = |fx| {
        let pk_b = public_of(&fx.seed_b)?;
        run(fx, [0u8; 32], move |fx, q, s| {
            rc(unsafe { ffi::crypto_scalarmult(q.as_mut_ptr(), fx.seed.as_ptr(), pk_b.as_ptr()) }, "crypto_scalarmult")?;
            s.put(&q[..]);
            Ok(())
        })
    };
    lib.op("dh:x25519", scalarmult);
    lib.op("lowlevel:crypto_scalarmult", scalarmult);

    const ONE_LANE: &str = "libsodium's crypto_pwhash computes Argon2 with one lane (p = 1); the workload uses p = 4";
    lib.op("kdf:argon2id", |_| Err(Skip::NA(ONE_LANE.into())));
    lib.op("kdf:argon2i", |_| Err(Skip::NA(ONE_LANE.into())));
    lib.op("kdf:scrypt", |fx| {
        run(fx, vec![0u8; fx.param("dkLen") as usize], |fx, out, s| {
            rc(
                unsafe {
                    ffi::crypto_pwhash_scryptsalsa208sha256_ll(
                        fx.password.as_ptr(),
                        fx.password.len(),
                        fx.salt.as_ptr(),
                        fx.salt.len(),
                        fx.param("N"),
                        fx.param("r") as u32,
                        fx.param("p") as u32,
                        out.as_mut_ptr(),
                        out.len(),
                    )
                },
                "crypto_pwhash_scryptsalsa208sha256_ll",
            )?;
            s.put(out);
            Ok(())
        })
    });
    lib.op("kdf:hkdf-sha256", |fx| {
        run(fx, vec![0u8; fx.param("dkLen") as usize], |fx, out, s| {
            let mut prk = [0u8; 32];
            rc(
                unsafe { ffi::crypto_kdf_hkdf_sha256_extract(prk.as_mut_ptr(), fx.salt.as_ptr(), fx.salt.len(), fx.key.as_ptr(), fx.key.len()) },
                "crypto_kdf_hkdf_sha256_extract",
            )?;
            rc(unsafe { ffi::crypto_kdf_hkdf_sha256_expand(out.as_mut_ptr(), out.len(), null(), 0, prk.as_ptr()) }, "crypto_kdf_hkdf_sha256_expand")?;
            s.put(out);
            Ok(())
        })
    });

    nacl_rows(&mut lib);

    lib.stream("sha256", |_| {
        let start: Start = Box::new(|| {
            // SAFETY: a plain C struct; crypto_hash_sha256_init fills it.
            let mut st: Box<ffi::crypto_hash_sha256_state> = Box::new(unsafe { std::mem::zeroed() });
            rc(unsafe { ffi::crypto_hash_sha256_init(&mut *st) }, "crypto_hash_sha256_init")?;
            Ok(Box::new(Sha256Stream(st)) as Box<dyn Streaming>)
        });
        Ok(start)
    });
    lib
}

struct Sha256Stream(Box<ffi::crypto_hash_sha256_state>);

impl Streaming for Sha256Stream {
    fn update(&mut self, chunk: &[u8]) -> Res {
        rc(unsafe { ffi::crypto_hash_sha256_update(&mut *self.0, chunk.as_ptr(), chunk.len() as _) }, "crypto_hash_sha256_update")
    }

    fn finish(mut self: Box<Self>, sink: &mut Sink) -> Res {
        let mut out = [0u8; 32];
        rc(unsafe { ffi::crypto_hash_sha256_final(&mut *self.0, out.as_mut_ptr()) }, "crypto_hash_sha256_final")?;
        sink.put(&out);
        Ok(())
    }
}

/// The TweetNaCl group: NaCl's API as libsodium keeps it.
fn nacl_rows(lib: &mut Library) {
    let low = |lib: &mut Library, name: &str, f: fn(&Rc<Fixture>) -> Made| lib.op(format!("lowlevel:{name}"), f);
    macro_rules! fixed {
        ($name:expr, $len:expr, |$out:ident, $fx:ident| $call:expr) => {
            low(lib, $name, |fx| {
                run(fx, [0u8; $len], |$fx, $out, s| {
                    rc(unsafe { $call }, $name)?;
                    s.put(&$out[..]);
                    Ok(())
                })
            });
        };
    }
    fixed!("crypto_hash_sha256", 32, |out, fx| ffi::crypto_hash_sha256(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _));
    fixed!("crypto_hash_sha512", 64, |out, fx| ffi::crypto_hash_sha512(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _));
    fixed!("crypto_auth_hmacsha256", 32, |out, fx| ffi::crypto_auth_hmacsha256(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.key.as_ptr()));
    fixed!("crypto_auth_hmacsha512", 64, |out, fx| ffi::crypto_auth_hmacsha512(out.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.key.as_ptr()));
    fixed!("crypto_stream", 32, |out, fx| ffi::crypto_stream(out.as_mut_ptr(), 32, fx.nonce24.as_ptr(), fx.key.as_ptr()));
    fixed!("crypto_core_salsa20", 64, |out, fx| ffi::crypto_core_salsa20(out.as_mut_ptr(), fx.nonce24.as_ptr(), fx.key.as_ptr(), SIGMA.as_ptr()));
    fixed!("crypto_core_hsalsa20", 32, |out, fx| ffi::crypto_core_hsalsa20(out.as_mut_ptr(), fx.nonce24.as_ptr(), fx.key.as_ptr(), SIGMA.as_ptr()));
    fixed!("crypto_scalarmult_base", 32, |out, fx| ffi::crypto_scalarmult_base(out.as_mut_ptr(), fx.seed.as_ptr()));
    fixed!("crypto_scalar_base", 32, |out, fx| ffi::crypto_scalarmult_ed25519_base_noclamp(out.as_mut_ptr(), fx.scalar.as_ptr()));

    low(lib, "crypto_box", |fx| {
        let pk_b = public_of(&fx.seed_b)?;
        let m = padded(&fx.msg);
        run(fx, vec![0u8; m.len()], move |fx, c, s| {
            rc(
                unsafe { ffi::crypto_box(c.as_mut_ptr(), m.as_ptr(), m.len() as _, fx.nonce24.as_ptr(), pk_b.as_ptr(), fx.seed.as_ptr()) },
                "crypto_box",
            )?;
            s.put(&c[BOXZEROBYTES..]);
            Ok(())
        })
    });
    low(lib, "crypto_box_afternm", |fx| {
        let k = shared_key(fx)?;
        let m = padded(&fx.msg);
        run(fx, vec![0u8; m.len()], move |fx, c, s| {
            rc(unsafe { ffi::crypto_box_afternm(c.as_mut_ptr(), m.as_ptr(), m.len() as _, fx.nonce24.as_ptr(), k.as_ptr()) }, "crypto_box_afternm")?;
            s.put(&c[BOXZEROBYTES..]);
            Ok(())
        })
    });
    low(lib, "crypto_box_open_afternm", |fx| {
        let k = shared_key(fx)?;
        let m = padded(&fx.msg);
        let mut c = vec![0u8; m.len()];
        rc(unsafe { ffi::crypto_box_afternm(c.as_mut_ptr(), m.as_ptr(), m.len() as _, fx.nonce24.as_ptr(), k.as_ptr()) }, "crypto_box_afternm")?;
        run(fx, vec![0u8; c.len()], move |fx, out, s| {
            rc(
                unsafe { ffi::crypto_box_open_afternm(out.as_mut_ptr(), c.as_ptr(), c.len() as _, fx.nonce24.as_ptr(), k.as_ptr()) },
                "crypto_box_open_afternm",
            )?;
            s.put(&out[ZEROBYTES..]);
            Ok(())
        })
    });
    low(lib, "crypto_stream_xor", |fx| {
        run(fx, vec![0u8; fx.msg.len()], |fx, c, s| {
            rc(
                unsafe { ffi::crypto_stream_xor(c.as_mut_ptr(), fx.msg.as_ptr(), fx.msg.len() as _, fx.nonce24.as_ptr(), fx.key.as_ptr()) },
                "crypto_stream_xor",
            )?;
            s.put(c);
            Ok(())
        })
    });
    low(lib, "crypto_sign", |fx| {
        let (_, sk) = ed_pair(&fx.seed)?;
        run(fx, vec![0u8; fx.msg.len() + 64], move |fx, sm, s| {
            let mut smlen = 0;
            rc(unsafe { ffi::crypto_sign(sm.as_mut_ptr(), &mut smlen, fx.msg.as_ptr(), fx.msg.len() as _, sk.as_ptr()) }, "crypto_sign")?;
            s.put(&sm[..smlen as usize]);
            Ok(())
        })
    });
    low(lib, "crypto_sign_open", |fx| {
        let (pk, sk) = ed_pair(&fx.seed)?;
        let mut sm = vec![0u8; fx.msg.len() + 64];
        let mut smlen = 0;
        rc(unsafe { ffi::crypto_sign(sm.as_mut_ptr(), &mut smlen, fx.msg.as_ptr(), fx.msg.len() as _, sk.as_ptr()) }, "crypto_sign")?;
        run(fx, vec![0u8; sm.len()], move |_, m, s| {
            let mut mlen = 0;
            rc(unsafe { ffi::crypto_sign_open(m.as_mut_ptr(), &mut mlen, sm.as_ptr(), sm.len() as _, pk.as_ptr()) }, "crypto_sign_open")?;
            s.put(&m[..mlen as usize]);
            Ok(())
        })
    });
    low(lib, "crypto_box_keypair", |_| {
        let (mut pk, mut sk) = ([0u8; 32], [0u8; 32]);
        Ok(Op::unchecked(move |s| {
            rc(unsafe { ffi::crypto_box_keypair(pk.as_mut_ptr(), sk.as_mut_ptr()) }, "crypto_box_keypair")?;
            s.put2(&pk, &sk);
            Ok(())
        }))
    });
    low(lib, "crypto_box_beforenm", |fx| {
        let pk_b = public_of(&fx.seed_b)?;
        run(fx, [0u8; 32], move |fx, k, s| {
            rc(unsafe { ffi::crypto_box_beforenm(k.as_mut_ptr(), pk_b.as_ptr(), fx.seed.as_ptr()) }, "crypto_box_beforenm")?;
            s.put(&k[..]);
            Ok(())
        })
    });
    low(lib, "crypto_point_add", |fx| {
        let (mut p, mut q) = ([0u8; 32], [0u8; 32]);
        rc(unsafe { ffi::crypto_scalarmult_ed25519_base_noclamp(p.as_mut_ptr(), fx.scalar.as_ptr()) }, "crypto_scalarmult_ed25519_base_noclamp")?;
        rc(unsafe { ffi::crypto_scalarmult_ed25519_base_noclamp(q.as_mut_ptr(), fx.scalar_b.as_ptr()) }, "crypto_scalarmult_ed25519_base_noclamp")?;
        run(fx, [0u8; 32], move |_, r, s| {
            rc(unsafe { ffi::crypto_core_ed25519_add(r.as_mut_ptr(), p.as_ptr(), q.as_ptr()) }, "crypto_core_ed25519_add")?;
            s.put(&r[..]);
            Ok(())
        })
    });
    low(lib, "crypto_sign_keypair", |fx| {
        run(fx, ([0u8; 32], [0u8; 64]), |fx, (pk, sk), s| {
            rc(unsafe { ffi::crypto_sign_seed_keypair(pk.as_mut_ptr(), sk.as_mut_ptr(), fx.seed.as_ptr()) }, "crypto_sign_seed_keypair")?;
            s.put(&pk[..]);
            Ok(())
        })
    });
    low(lib, "crypto_sign_ed25519_pk_to_curve25519", |fx| {
        let (pk, _) = ed_pair(&fx.seed)?;
        run(fx, [0u8; 32], move |_, x, s| {
            rc(unsafe { ffi::crypto_sign_ed25519_pk_to_curve25519(x.as_mut_ptr(), pk.as_ptr()) }, "crypto_sign_ed25519_pk_to_curve25519")?;
            s.put(&x[..]);
            Ok(())
        })
    });
    low(lib, "crypto_sign_ed25519_sk_to_curve25519", |fx| {
        let (_, sk) = ed_pair(&fx.seed)?;
        run(fx, [0u8; 32], move |_, x, s| {
            rc(unsafe { ffi::crypto_sign_ed25519_sk_to_curve25519(x.as_mut_ptr(), sk.as_ptr()) }, "crypto_sign_ed25519_sk_to_curve25519")?;
            s.put(&x[..]);
            Ok(())
        })
    });
    macro_rules! verify_n {
        ($name:expr, $n:expr, $f:path) => {
            low(lib, $name, |fx| {
                let (x, y) = verify_inputs(fx, $n);
                run(fx, (), move |_, _, s| {
                    s.flag(unsafe { $f(x.as_ptr(), y.as_ptr()) } == 0);
                    Ok(())
                })
            });
        };
    }
    verify_n!("crypto_verify_16", 16, ffi::crypto_verify_16);
    verify_n!("crypto_verify_32", 32, ffi::crypto_verify_32);
    verify_n!("crypto_verify_64", 64, ffi::crypto_verify_64);
}
