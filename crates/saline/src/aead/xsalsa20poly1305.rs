//! XSalsa20-Poly1305, the construction inside NaCl's `crypto_secretbox`
//! ("Cryptography in NaCl", §9), composed from the `salsa20` and `poly1305`
//! crates and proven byte for byte against libsodium in the tests.
//!
//! The first 32 bytes of the XSalsa20 keystream are the one-time Poly1305
//! key; the message is encrypted with the keystream from byte 32 on; the tag
//! authenticates the ciphertext.
//!
//! This is the portable backend; `aead::XSALSA20POLY1305_BACKENDS` lists it
//! beside libsodium's.

use salsa20::cipher::{KeyIvInit, StreamCipher};
use zeroize::Zeroize;

use crate::mac::poly1305_tag;

fn keyed_stream(key: &[u8; 32], nonce: &[u8; 24]) -> (salsa20::XSalsa20, [u8; 32]) {
    let mut stream = salsa20::XSalsa20::new(key.into(), nonce.into());
    let mut mac_key = [0u8; 32];
    stream.apply_keystream(&mut mac_key);
    (stream, mac_key)
}

/// Encrypts `buf` in place and returns the 16-byte tag.
pub(crate) fn seal_in_place(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8]) -> [u8; 16] {
    let (mut stream, mut mac_key) = keyed_stream(key, nonce);
    stream.apply_keystream(buf);
    let tag = poly1305_tag(&mac_key, buf);
    mac_key.zeroize();
    tag
}

/// Checks `tag` over the ciphertext in `buf` in constant time and, only if it
/// is valid, decrypts `buf` in place. Returns whether the tag was valid; on
/// `false`, `buf` still holds the ciphertext.
pub(crate) fn open_in_place(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8], tag: &[u8; 16]) -> bool {
    let (mut stream, mut mac_key) = keyed_stream(key, nonce);
    let expected = poly1305_tag(&mac_key, buf);
    mac_key.zeroize();
    if !crate::ct_eq(&expected, tag) {
        return false;
    }
    stream.apply_keystream(buf);
    true
}
