//! libsodium's AEGIS-128L and AEGIS-256 (`crypto_aead_aegis{128l,256}_*_detached`,
//! libsodium 1.0.20+), the native backend of `aead::aegis`. libsodium picks
//! its AES-NI/AVX2 or ARM Crypto code at run time and falls back to its
//! software AES otherwise.

use core::ptr;

use libsodium_sys as ffi;

use crate::aead::aegis::{Variant, TAG_LEN};

/// Encrypts `buf` in place; libsodium's AEGIS reads each block before it
/// writes it, so the message and the ciphertext may be the same buffer.
pub(crate) fn seal(variant: Variant, key: &[u8], nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> [u8; TAG_LEN] {
    let mut tag = [0u8; TAG_LEN];
    let p = buf.as_mut_ptr();
    let (len, aad_len) = (buf.len() as u64, aad.len() as u64);
    // SAFETY: in and out are the same `buf.len()` bytes (see above); the
    // caller checked key and nonce against the variant's sizes (16 or 32);
    // the tag buffer is ABYTES long and the tag length pointer may be null.
    unsafe {
        match variant {
            Variant::Aegis128L => ffi::crypto_aead_aegis128l_encrypt_detached(p, tag.as_mut_ptr(), ptr::null_mut(), p, len, aad.as_ptr(), aad_len, ptr::null(), nonce.as_ptr(), key.as_ptr()),
            Variant::Aegis256 => ffi::crypto_aead_aegis256_encrypt_detached(p, tag.as_mut_ptr(), ptr::null_mut(), p, len, aad.as_ptr(), aad_len, ptr::null(), nonce.as_ptr(), key.as_ptr()),
        };
    }
    tag
}

/// Decrypts `buf` in place and checks `tag` in constant time; on a wrong
/// tag libsodium zeroes `buf` and this returns `false`.
pub(crate) fn open(variant: Variant, key: &[u8], nonce: &[u8], aad: &[u8], buf: &mut [u8], tag: &[u8; TAG_LEN]) -> bool {
    let p = buf.as_mut_ptr();
    let (len, aad_len) = (buf.len() as u64, aad.len() as u64);
    // SAFETY: as in `seal`.
    unsafe {
        match variant {
            Variant::Aegis128L => ffi::crypto_aead_aegis128l_decrypt_detached(p, ptr::null_mut(), p, len, tag.as_ptr(), aad.as_ptr(), aad_len, nonce.as_ptr(), key.as_ptr()) == 0,
            Variant::Aegis256 => ffi::crypto_aead_aegis256_decrypt_detached(p, ptr::null_mut(), p, len, tag.as_ptr(), aad.as_ptr(), aad_len, nonce.as_ptr(), key.as_ptr()) == 0,
        }
    }
}
