//! The per-thread cache of the last checked 64-byte Ed25519 private key
//! (`SigningKey::from_private_key`, docs/DESIGN.md "Ed25519 signing from a
//! 64-byte key"): it must never let a mismatched key through, and what it
//! serves must sign exactly as libsodium and an uncached key do.

use saline::curve::ed25519::{clear_key_cache, verify, SigningKey};

fn private_key(seed_byte: u8) -> [u8; 64] {
    let mut out = [0u8; 64];
    out.copy_from_slice(&SigningKey::from_seed(&[seed_byte; 32]).unwrap().to_private_key()[..]);
    out
}

/// libsodium's `crypto_sign_detached`, which signs with the stored public half.
fn libsodium_sign(message: &[u8], private_key: &[u8; 64]) -> [u8; 64] {
    use libsodium_sys as ffi;
    let mut sig = [0u8; 64];
    // SAFETY: sodium_init is idempotent; the buffers have the lengths
    // crypto_sign_detached reads and writes (64-byte key and signature).
    let rc = unsafe {
        assert!(ffi::sodium_init() >= 0);
        ffi::crypto_sign_detached(
            sig.as_mut_ptr(),
            std::ptr::null_mut(),
            message.as_ptr(),
            message.len() as u64,
            private_key.as_ptr(),
        )
    };
    assert_eq!(rc, 0);
    sig
}

fn assert_refused(key: &[u8; 64], what: &str) {
    let err = SigningKey::from_private_key(key).expect_err(what);
    assert!(matches!(err, saline::Error::InvalidEncoding { what: "secret key", .. }), "{what}: {err:?}");
}

#[test]
fn a_mismatched_key_is_refused_right_after_the_right_one_was_cached() {
    let good = private_key(1);
    // Twice: the second call is served from the cache.
    for _ in 0..2 {
        SigningKey::from_private_key(&good).unwrap();
    }
    for bit in [0, 7, 8 * 17 + 3, 8 * 31 + 7, 8 * 32, 8 * 32 + 5, 8 * 48 + 1, 8 * 63 + 7] {
        let mut bad = good;
        bad[bit / 8] ^= 1 << (bit % 8);
        assert_refused(&bad, &format!("bit {bit} flipped"));
        // The refusal neither evicted nor replaced the checked key.
        assert_eq!(SigningKey::from_private_key(&good).unwrap().to_private_key()[..], good[..]);
    }
    // Another valid key's public half under this seed, and this seed's half under another.
    let other = private_key(2);
    let mut swapped = good;
    swapped[32..].copy_from_slice(&other[32..]);
    assert_refused(&swapped, "another key's public half");
    swapped[..32].copy_from_slice(&other[..32]);
    swapped[32..].copy_from_slice(&good[32..]);
    assert_refused(&swapped, "another seed under this public half");
}

#[test]
fn cached_keys_sign_exactly_as_libsodium_and_an_uncached_key() {
    let keys = [private_key(3), private_key(4)];
    let messages: [&[u8]; 4] = [b"", b"a", &[0x5a; 32], &[0xa5; 5000]];
    // A, A, B, A, clear, A: misses, hits, replacement and a cleared cache.
    for (step, index) in [0, 0, 1, 0, usize::MAX, 0].into_iter().enumerate() {
        if index == usize::MAX {
            clear_key_cache();
            continue;
        }
        let sk = &keys[index];
        let key = SigningKey::from_private_key(sk).unwrap();
        assert_eq!(key.to_private_key()[..], sk[..], "step {step}");
        let uncached = SigningKey::from_seed(&sk[..32]).unwrap();
        for message in messages {
            let sig = key.sign(message);
            assert_eq!(sig, libsodium_sign(message, sk), "step {step}, {} bytes", message.len());
            assert_eq!(sig, uncached.sign(message), "step {step}, {} bytes", message.len());
            verify(&sk[32..], message, &sig).unwrap();
        }
    }
}

#[test]
fn threads_keep_their_own_key_and_refuse_mismatches() {
    let handles: Vec<_> = (0..4u8)
        .map(|t| {
            std::thread::spawn(move || {
                let mine = private_key(10 + t);
                let neighbour = private_key(10 + (t + 1) % 4);
                for round in 0..50u8 {
                    let sk = if round % 5 == 4 { &neighbour } else { &mine };
                    let sig = SigningKey::from_private_key(sk).unwrap().sign(&[round, t]);
                    assert_eq!(sig, libsodium_sign(&[round, t], sk), "thread {t} round {round}");
                    let mut bad = *sk;
                    bad[32 + usize::from(round % 32)] ^= 1 << (round % 8);
                    assert_refused(&bad, &format!("thread {t} round {round}"));
                }
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
}
