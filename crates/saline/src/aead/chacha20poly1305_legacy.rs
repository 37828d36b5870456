//! The original ChaCha20-Poly1305 with a 64-bit nonce, libsodium's
//! `crypto_aead_chacha20poly1305` (draft-agl-tls-chacha20poly1305-04 §5, as
//! in libsodium's `aead_chacha20poly1305.c`), composed from the `chacha20`
//! crate's djb ChaCha20 and the `poly1305` crate.
//!
//! Unlike RFC 8439 there is no padding: the Poly1305 key is block 0 of the
//! keystream, the message is encrypted from block 1, and the tag covers
//! ad ‖ LE64(|ad|) ‖ c ‖ LE64(|c|).

use chacha20::cipher::{KeyIvInit, StreamCipher, StreamCipherSeek};
use zeroize::Zeroizing;

use crate::mac::Poly1305State;

/// The longest message: the 32-bit block counter of the `chacha20` crate
/// leaves 2^32 − 1 blocks after the MAC key's (256 GiB; libsodium's 64-bit
/// counter allows more, which no real message reaches).
pub(crate) const MAX_MESSAGE: u64 = ((1 << 32) - 1) * 64;

fn keyed_stream(key: &[u8; 32], nonce: &[u8; 8]) -> (chacha20::ChaCha20Legacy, Zeroizing<[u8; 32]>) {
    let mut stream = chacha20::ChaCha20Legacy::new(key.into(), nonce.into());
    let mut mac_key = Zeroizing::new([0u8; 32]);
    stream.apply_keystream(&mut mac_key[..]);
    stream.seek(64u64);
    (stream, mac_key)
}

fn tag(mac_key: &[u8; 32], aad: &[u8], ciphertext: &[u8]) -> [u8; 16] {
    let mut mac = Poly1305State::new(mac_key);
    mac.update(aad);
    mac.update(&(aad.len() as u64).to_le_bytes());
    mac.update(ciphertext);
    mac.update(&(ciphertext.len() as u64).to_le_bytes());
    let mut out = [0u8; 16];
    mac.finalize_into_reset(&mut out);
    out
}

/// Encrypts `buf` in place and returns the tag. The caller checks the
/// length against [`MAX_MESSAGE`].
pub(crate) fn seal_in_place(key: &[u8; 32], nonce: &[u8; 8], aad: &[u8], buf: &mut [u8]) -> [u8; 16] {
    let (mut stream, mac_key) = keyed_stream(key, nonce);
    stream.apply_keystream(buf);
    tag(&mac_key, aad, buf)
}

/// Checks `expected` in constant time and, only if it is valid, decrypts
/// `buf` in place. On `false`, `buf` still holds the ciphertext.
pub(crate) fn open_in_place(key: &[u8; 32], nonce: &[u8; 8], aad: &[u8], buf: &mut [u8], expected: &[u8; 16]) -> bool {
    let (mut stream, mac_key) = keyed_stream(key, nonce);
    if !crate::ct_eq(&tag(&mac_key, aad, buf), expected) {
        return false;
    }
    stream.apply_keystream(buf);
    true
}
