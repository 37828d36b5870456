//! Saline against libsodium (built from vendored source by
//! libsodium-sys-stable, the oracle tests/libsodium.rs uses) on fuzzed
//! inputs: secretbox and box open, Ed25519 verify decisions, Poly1305 and
//! XChaCha20-Poly1305 open. Each case first makes a valid output with
//! libsodium, then lets the fuzzer corrupt it (a position and an XOR mask;
//! mask 0 keeps it valid), so both the accept and the reject paths are
//! reached; the two must agree on the decision and on the bytes.
//!
//! Input: selector (u8), corruption position (u16) and mask (u8), the case's
//! fixed-size fields (keys, nonces), then the message (the rest, or a
//! u16-prefixed AAD before it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsodium_sys as sodium;
use saline::curve::ed25519;
use saline::nacl::{crypto_box, secretbox};
use saline::{aead, mac, Algorithm};
use saline_fuzz::{corrupt, Reader};

fn secretbox_case(r: &mut Reader<'_>, at: u16, mask: u8) {
    let (key, nonce) = (r.array::<32>(), r.array::<24>());
    let message = r.rest();
    let mut boxed = vec![0u8; message.len() + 16];
    // SAFETY: buffers sized as crypto_secretbox_easy documents (c: mlen + MACBYTES).
    unsafe { sodium::crypto_secretbox_easy(boxed.as_mut_ptr(), message.as_ptr(), message.len() as u64, nonce.as_ptr(), key.as_ptr()) };
    assert_eq!(secretbox::seal(message, &nonce, &key).unwrap(), boxed, "secretbox seal");
    corrupt(&mut boxed, at, mask);
    let mut opened = vec![0u8; message.len()];
    // SAFETY: m has clen - MACBYTES bytes.
    let ok = unsafe { sodium::crypto_secretbox_open_easy(opened.as_mut_ptr(), boxed.as_ptr(), boxed.len() as u64, nonce.as_ptr(), key.as_ptr()) } == 0;
    match secretbox::open(&boxed, &nonce, &key) {
        Ok(m) => assert!(ok && m == opened, "secretbox open: Saline accepted what libsodium refused"),
        Err(_) => assert!(!ok, "secretbox open: Saline refused what libsodium accepted"),
    }
}

fn box_case(r: &mut Reader<'_>, at: u16, mask: u8) {
    // Any 32 bytes as the peer's public key: small-order keys must be
    // refused by both (libsodium's crypto_box_beforenm fails on them).
    let (their_pk, my_sk, nonce) = (r.array::<32>(), r.array::<32>(), r.array::<24>());
    let message = r.rest();
    let mut boxed = vec![0u8; message.len() + 16];
    // SAFETY: buffers sized as crypto_box_easy documents.
    let sealed = unsafe { sodium::crypto_box_easy(boxed.as_mut_ptr(), message.as_ptr(), message.len() as u64, nonce.as_ptr(), their_pk.as_ptr(), my_sk.as_ptr()) } == 0;
    match crypto_box::seal(message, &nonce, &their_pk, &my_sk) {
        Ok(c) => assert!(sealed && c == boxed, "box seal differs from libsodium"),
        Err(_) => {
            assert!(!sealed, "box seal: Saline refused a key libsodium accepted");
            return;
        }
    }
    corrupt(&mut boxed, at, mask);
    let mut opened = vec![0u8; message.len()];
    // SAFETY: m has clen - MACBYTES bytes.
    let ok = unsafe { sodium::crypto_box_open_easy(opened.as_mut_ptr(), boxed.as_ptr(), boxed.len() as u64, nonce.as_ptr(), their_pk.as_ptr(), my_sk.as_ptr()) } == 0;
    match crypto_box::open(&boxed, &nonce, &their_pk, &my_sk) {
        Ok(m) => assert!(ok && m == opened, "box open: Saline accepted what libsodium refused"),
        Err(_) => assert!(!ok, "box open: Saline refused what libsodium accepted"),
    }
}

fn ed25519_case(r: &mut Reader<'_>, at: u16, mask: u8) {
    // Either a signature made from a seed and then corrupted (signature ‖
    // public key, 96 bytes), or fuzzer-chosen signature and key outright.
    let chosen = r.u8() & 1 == 1;
    let seed = r.array::<32>();
    let mut signed = [0u8; 96];
    let message;
    if chosen {
        signed = r.array::<96>();
        message = r.rest();
    } else {
        message = r.rest();
        let (mut pk, mut sk) = ([0u8; 32], [0u8; 64]);
        // SAFETY: sizes as crypto_sign_seed_keypair and crypto_sign_detached document.
        unsafe {
            sodium::crypto_sign_seed_keypair(pk.as_mut_ptr(), sk.as_mut_ptr(), seed.as_ptr());
            sodium::crypto_sign_detached(signed.as_mut_ptr(), core::ptr::null_mut(), message.as_ptr(), message.len() as u64, sk.as_ptr());
        }
        let key = ed25519::SigningKey::from_seed(&seed).unwrap();
        assert_eq!(key.public_key(), pk, "Ed25519 public key");
        assert_eq!(key.sign(message), signed[..64], "Ed25519 signature");
        signed[64..].copy_from_slice(&pk);
        corrupt(&mut signed, at, mask);
    }
    let (signature, pk) = signed.split_at(64);
    // SAFETY: sig 64 bytes, pk 32 bytes.
    let ok = unsafe { sodium::crypto_sign_verify_detached(signature.as_ptr(), message.as_ptr(), message.len() as u64, pk.as_ptr()) } == 0;
    assert_eq!(ed25519::verify(pk, message, signature).is_ok(), ok, "Ed25519 verify decision differs from libsodium");
}

fn poly1305_case(r: &mut Reader<'_>, at: u16, mask: u8) {
    let key = r.array::<32>();
    let message = r.rest();
    let mut tag = [0u8; 16];
    // SAFETY: out 16 bytes, key 32 bytes.
    unsafe { sodium::crypto_onetimeauth(tag.as_mut_ptr(), message.as_ptr(), message.len() as u64, key.as_ptr()) };
    assert_eq!(mac::mac(Algorithm::Poly1305, &key, message).unwrap(), tag, "Poly1305 tag");
    corrupt(&mut tag, at, mask);
    // SAFETY: as above.
    let ok = unsafe { sodium::crypto_onetimeauth_verify(tag.as_ptr(), message.as_ptr(), message.len() as u64, key.as_ptr()) } == 0;
    assert_eq!(mac::verify(Algorithm::Poly1305, &key, message, &tag).is_ok(), ok, "Poly1305 verify");
}

fn xchacha20poly1305_case(r: &mut Reader<'_>, at: u16, mask: u8) {
    let (key, nonce) = (r.array::<32>(), r.array::<24>());
    let aad = r.bytes();
    let message = r.rest();
    let mut sealed = vec![0u8; message.len() + 16];
    // SAFETY: c has mlen + ABYTES bytes; the nonce is 24 bytes, the key 32.
    unsafe {
        sodium::crypto_aead_xchacha20poly1305_ietf_encrypt(
            sealed.as_mut_ptr(),
            core::ptr::null_mut(),
            message.as_ptr(),
            message.len() as u64,
            aad.as_ptr(),
            aad.len() as u64,
            core::ptr::null(),
            nonce.as_ptr(),
            key.as_ptr(),
        )
    };
    assert_eq!(aead::seal(Algorithm::XChaCha20Poly1305, &key, &nonce, aad, message).unwrap(), sealed, "XChaCha20-Poly1305 seal");
    corrupt(&mut sealed, at, mask);
    let mut opened = vec![0u8; message.len()];
    // SAFETY: m has clen - ABYTES bytes.
    let ok = unsafe {
        sodium::crypto_aead_xchacha20poly1305_ietf_decrypt(
            opened.as_mut_ptr(),
            core::ptr::null_mut(),
            core::ptr::null_mut(),
            sealed.as_ptr(),
            sealed.len() as u64,
            aad.as_ptr(),
            aad.len() as u64,
            nonce.as_ptr(),
            key.as_ptr(),
        )
    } == 0;
    match aead::open(Algorithm::XChaCha20Poly1305, &key, &nonce, aad, &sealed) {
        Ok(m) => assert!(ok && m == opened, "XChaCha20-Poly1305 open: Saline accepted what libsodium refused"),
        Err(_) => assert!(!ok, "XChaCha20-Poly1305 open: Saline refused what libsodium accepted"),
    }
}

fuzz_target!(|data: &[u8]| {
    // SAFETY: sodium_init is idempotent and thread-safe.
    assert!(unsafe { sodium::sodium_init() } >= 0);
    let mut r = Reader::new(data);
    let selector = r.u8();
    let (at, mask) = (r.u16(), r.u8());
    match selector % 5 {
        0 => secretbox_case(&mut r, at, mask),
        1 => box_case(&mut r, at, mask),
        2 => ed25519_case(&mut r, at, mask),
        3 => poly1305_case(&mut r, at, mask),
        _ => xchacha20poly1305_case(&mut r, at, mask),
    }
});
