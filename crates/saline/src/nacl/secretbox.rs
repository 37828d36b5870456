//! NaCl `crypto_secretbox`: XSalsa20-Poly1305 with a 32-byte key and a
//! 24-byte nonce, byte-compatible with libsodium and TweetNaCl.
//!
//! Layouts: *easy* (`seal`/`open`) is `tag ‖ ciphertext`, as
//! `crypto_secretbox_easy`; *detached* returns the 16-byte tag apart. The NaCl
//! zero-padded layout is in [`crate::nacl::tweetnacl`].
//!
//! ```
//! use saline::nacl::secretbox;
//! let (key, nonce) = ([1u8; 32], [2u8; 24]);
//! let boxed = secretbox::seal(b"hi", &nonce, &key)?;
//! assert_eq!(boxed.len(), 2 + secretbox::MAC_LEN);
//! assert_eq!(secretbox::open(&boxed, &nonce, &key)?, b"hi");
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;

use crate::aead::{xsalsa20poly1305_open_into, xsalsa20poly1305_seal_into};
use crate::cipher::fixed;
use crate::error::{Error, Expected, Result};

/// Key length.
pub const KEY_LEN: usize = 32;
/// Nonce length.
pub const NONCE_LEN: usize = 24;
/// Authentication tag length.
pub const MAC_LEN: usize = 16;

/// Encrypts and authenticates `message`: `tag ‖ ciphertext`, `message.len() + 16` bytes.
///
/// # Errors
/// [`Error::InvalidLength`] for a nonce that is not 24 bytes or a key that is not 32.
pub fn seal(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    let (key, nonce) = (fixed("key", key)?, fixed("nonce", nonce)?);
    let mut out = alloc::vec![0u8; MAC_LEN + message.len()];
    let tag = xsalsa20poly1305_seal_into(key, nonce, message, &mut out[MAC_LEN..]);
    out[..MAC_LEN].copy_from_slice(&tag);
    Ok(out)
}

/// Checks and decrypts `tag ‖ ciphertext`.
///
/// # Errors
/// [`Error::InvalidLength`] for a bad key or nonce length or input shorter
/// than 16 bytes; [`Error::VerificationFailed`] for a forgery (no plaintext
/// is released).
pub fn open(boxed: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    Error::check_length("box", Expected::AtLeast(MAC_LEN), boxed.len())?;
    open_detached(&boxed[MAC_LEN..], &boxed[..MAC_LEN], nonce, key)
}

/// Encrypts `message`, returning `(ciphertext, tag)` (`crypto_secretbox_detached`).
///
/// # Errors
/// As [`seal`].
pub fn seal_detached(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<(Vec<u8>, [u8; MAC_LEN])> {
    let (key, nonce) = (fixed("key", key)?, fixed("nonce", nonce)?);
    let mut ciphertext = alloc::vec![0u8; message.len()];
    let tag = xsalsa20poly1305_seal_into(key, nonce, message, &mut ciphertext);
    Ok((ciphertext, tag))
}

/// Checks `tag` and decrypts `ciphertext` (`crypto_secretbox_open_detached`).
///
/// # Errors
/// As [`open`]; [`Error::InvalidLength`] for a tag that is not 16 bytes.
// Never inlined, as `x25519::shared_secret`: `make ct-check` excludes the
// accept/reject branch below by this function's name.
#[inline(never)]
pub fn open_detached(ciphertext: &[u8], tag: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    let (key, nonce, tag) = (fixed("key", key)?, fixed("nonce", nonce)?, fixed("tag", tag)?);
    let mut out = alloc::vec![0u8; ciphertext.len()];
    if xsalsa20poly1305_open_into(key, nonce, ciphertext, &mut out, tag) {
        Ok(out)
    } else {
        Err(Error::VerificationFailed)
    }
}
