//! `crypto_secretbox` under libsodium's names: the XSalsa20-Poly1305 box
//! (`crypto_secretbox_easy`/`_detached`, the same functions as
//! [`crate::nacl::secretbox`]) and `crypto_secretbox_xchacha20poly1305_*`,
//! the same construction over XChaCha20 (libsodium
//! `crypto_secretbox/xchacha20poly1305/secretbox_xchacha20poly1305.c`):
//! keystream bytes 0..32 are the Poly1305 key, the message is encrypted
//! from byte 32 on, and the tag covers the ciphertext. Layout: `tag ‖ ciphertext`.
//!
//! ```
//! use saline::sodium::secretbox::*;
//! let (key, nonce) = ([1u8; 32], [2u8; 24]);
//! let boxed = crypto_secretbox_xchacha20poly1305_easy(b"hi", &nonce, &key)?;
//! assert_eq!(crypto_secretbox_xchacha20poly1305_open_easy(&boxed, &nonce, &key)?, b"hi");
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;
use chacha20::cipher::{KeyIvInit, StreamCipher};
use zeroize::Zeroizing;

use crate::cipher::fixed;
use crate::error::{Error, Expected, Result};
use crate::mac::poly1305_tag;
use crate::nacl::secretbox;

/// `crypto_secretbox_KEYBYTES`, `crypto_secretbox_xchacha20poly1305_KEYBYTES`.
pub const KEYBYTES: usize = 32;
/// `crypto_secretbox_NONCEBYTES`, `crypto_secretbox_xchacha20poly1305_NONCEBYTES`.
pub const NONCEBYTES: usize = 24;
/// `crypto_secretbox_MACBYTES`, `crypto_secretbox_xchacha20poly1305_MACBYTES`.
pub const MACBYTES: usize = 16;

fn xchacha_stream(nonce: &[u8; 24], key: &[u8; 32]) -> (chacha20::XChaCha20, Zeroizing<[u8; 32]>) {
    let mut stream = chacha20::XChaCha20::new(key.into(), nonce.into());
    let mut mac_key = Zeroizing::new([0u8; 32]);
    stream.apply_keystream(&mut mac_key[..]);
    (stream, mac_key)
}

/// Encrypts `buf` in place and returns the tag (also the catalog's
/// `xchacha20-poly1305-secretbox` AEAD).
///
/// # Errors
/// [`Error::OutputLimit`] past the 256 GiB keystream.
pub(crate) fn seal_in_place(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8]) -> Result<[u8; MACBYTES]> {
    let (mut stream, mac_key) = xchacha_stream(nonce, key);
    stream.try_apply_keystream(buf).map_err(|_| Error::OutputLimit { what: "message" })?;
    Ok(poly1305_tag(&mac_key, buf))
}

/// Checks `tag` in constant time and, only if it is valid, decrypts `buf`
/// in place; on `false`, `buf` still holds the ciphertext.
pub(crate) fn open_in_place(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8], tag: &[u8; MACBYTES]) -> bool {
    let (mut stream, mac_key) = xchacha_stream(nonce, key);
    if !crate::ct_eq(&poly1305_tag(&mac_key, buf), tag) {
        return false;
    }
    // The length was accepted when sealing; a longer buffer cannot verify.
    stream.try_apply_keystream(buf).is_ok()
}

/// `crypto_secretbox_xchacha20poly1305_detached`: `(ciphertext, tag)`.
///
/// # Errors
/// [`Error::InvalidLength`] for a nonce that is not 24 bytes or a key that
/// is not 32; [`Error::OutputLimit`] past the 256 GiB keystream.
pub fn crypto_secretbox_xchacha20poly1305_detached(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<(Vec<u8>, [u8; MACBYTES])> {
    let (nonce, key) = (fixed::<24>("nonce", nonce)?, fixed::<32>("key", key)?);
    let mut ciphertext = crate::copy::message_to_vec(message);
    let tag = seal_in_place(key, nonce, &mut ciphertext)?;
    Ok((ciphertext, tag))
}

/// `crypto_secretbox_xchacha20poly1305_easy`: `tag ‖ ciphertext`.
///
/// # Errors
/// As [`crypto_secretbox_xchacha20poly1305_detached`].
pub fn crypto_secretbox_xchacha20poly1305_easy(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    let (ciphertext, tag) = crypto_secretbox_xchacha20poly1305_detached(message, nonce, key)?;
    let mut out = Vec::with_capacity(MACBYTES + ciphertext.len());
    out.extend_from_slice(&tag);
    out.extend_from_slice(&ciphertext);
    Ok(out)
}

/// `crypto_secretbox_xchacha20poly1305_open_detached`.
///
/// # Errors
/// As the sealing; [`Error::InvalidLength`] for a tag that is not 16
/// bytes; [`Error::VerificationFailed`] when it does not verify.
pub fn crypto_secretbox_xchacha20poly1305_open_detached(ciphertext: &[u8], tag: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    let (nonce, key) = (fixed::<24>("nonce", nonce)?, fixed::<32>("key", key)?);
    let tag: &[u8; MACBYTES] = fixed("tag", tag)?;
    let mut message = Zeroizing::new(crate::copy::message_to_vec(ciphertext));
    if !open_in_place(key, nonce, &mut message, tag) {
        return Err(Error::VerificationFailed);
    }
    Ok(core::mem::take(&mut *message))
}

/// `crypto_secretbox_xchacha20poly1305_open_easy`.
///
/// # Errors
/// As [`crypto_secretbox_xchacha20poly1305_open_detached`];
/// [`Error::InvalidLength`] for input shorter than the tag.
pub fn crypto_secretbox_xchacha20poly1305_open_easy(boxed: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    Error::check_length("box", Expected::AtLeast(MACBYTES), boxed.len())?;
    let (tag, ciphertext) = boxed.split_at(MACBYTES);
    crypto_secretbox_xchacha20poly1305_open_detached(ciphertext, tag, nonce, key)
}

/// `crypto_secretbox_easy` (XSalsa20-Poly1305): `tag ‖ ciphertext`.
///
/// # Errors
/// As [`secretbox::seal`].
pub fn crypto_secretbox_easy(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    secretbox::seal(message, nonce, key)
}

/// `crypto_secretbox_open_easy`.
///
/// # Errors
/// As [`secretbox::open`].
pub fn crypto_secretbox_open_easy(boxed: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    secretbox::open(boxed, nonce, key)
}

/// `crypto_secretbox_detached`: `(ciphertext, tag)`.
///
/// # Errors
/// As [`secretbox::seal_detached`].
pub fn crypto_secretbox_detached(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<(Vec<u8>, [u8; MACBYTES])> {
    secretbox::seal_detached(message, nonce, key)
}

/// `crypto_secretbox_open_detached`.
///
/// # Errors
/// As [`secretbox::open_detached`].
pub fn crypto_secretbox_open_detached(ciphertext: &[u8], tag: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    secretbox::open_detached(ciphertext, tag, nonce, key)
}

/// `crypto_secretbox_keygen`, `crypto_secretbox_xchacha20poly1305_keygen`.
///
/// # Errors
/// [`Error::RandomSource`].
pub fn crypto_secretbox_keygen() -> Result<Zeroizing<[u8; KEYBYTES]>> {
    Ok(Zeroizing::new(crate::random::array()?))
}
