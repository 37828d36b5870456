//! NaCl `crypto_box`: X25519 key agreement, HSalsa20 key derivation and
//! XSalsa20-Poly1305 (curve25519xsalsa20poly1305), byte-compatible with
//! libsodium and TweetNaCl.
//!
//! `before` is `crypto_box_beforenm`; the returned [`SharedKey`] seals and
//! opens like `crypto_box_easy_afternm` / `_detached_afternm`. Like libsodium
//! (and unlike TweetNaCl), a peer key of small order — an all-zero X25519
//! result — is refused.
//!
//! ```
//! use saline::nacl::crypto_box;
//! let alice = crypto_box::KeyPair::from_seed(&[1u8; 32])?;
//! let bob = crypto_box::KeyPair::from_seed(&[2u8; 32])?;
//! let nonce = [9u8; 24];
//! let boxed = crypto_box::seal(b"to bob", &nonce, &bob.public_key, alice.secret_key())?;
//! assert_eq!(crypto_box::open(&boxed, &nonce, &alice.public_key, bob.secret_key())?, b"to bob");
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;
use zeroize::Zeroizing;

use super::secretbox;
use crate::curve::x25519;
use crate::error::Result;

pub use crate::curve::x25519::KeyPair;

/// Public and secret key length.
pub const KEY_LEN: usize = 32;
/// Nonce length.
pub const NONCE_LEN: usize = 24;
/// Authentication tag length.
pub const MAC_LEN: usize = 16;

/// HSalsa20 (the XSalsa20 paper, §2) of `key` and a 16-byte input, with
/// the standard constant "expand 32-byte k".
pub(crate) fn hsalsa20(key: &[u8; 32], input: &[u8; 16]) -> [u8; 32] {
    salsa20::hsalsa::<salsa20::cipher::consts::U10>(key.into(), input.into()).into()
}

/// The precomputed key of a sender and a recipient (`crypto_box_beforenm`):
/// HSalsa20 of their X25519 shared secret. Wiped on drop.
#[derive(Clone)]
pub struct SharedKey(Zeroizing<[u8; 32]>);

impl SharedKey {
    /// The 32 key bytes (the `k` of `crypto_box_afternm`).
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Wraps 32 bytes made by `crypto_box_beforenm` elsewhere.
    ///
    /// # Errors
    /// [`crate::Error::InvalidLength`] unless 32 bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<SharedKey> {
        Ok(SharedKey(Zeroizing::new(*crate::cipher::fixed("shared key", bytes)?)))
    }

    /// `tag ‖ ciphertext` (`crypto_box_easy_afternm`).
    ///
    /// # Errors
    /// [`crate::Error::InvalidLength`] for a nonce that is not 24 bytes.
    pub fn seal(&self, message: &[u8], nonce: &[u8]) -> Result<Vec<u8>> {
        secretbox::seal(message, nonce, &self.0[..])
    }

    /// Opens `tag ‖ ciphertext` (`crypto_box_open_easy_afternm`).
    ///
    /// # Errors
    /// As [`secretbox::open`].
    pub fn open(&self, boxed: &[u8], nonce: &[u8]) -> Result<Vec<u8>> {
        secretbox::open(boxed, nonce, &self.0[..])
    }

    /// `(ciphertext, tag)` (`crypto_box_detached_afternm`).
    ///
    /// # Errors
    /// As [`SharedKey::seal`].
    pub fn seal_detached(&self, message: &[u8], nonce: &[u8]) -> Result<(Vec<u8>, [u8; MAC_LEN])> {
        secretbox::seal_detached(message, nonce, &self.0[..])
    }

    /// Opens a detached box (`crypto_box_open_detached_afternm`).
    ///
    /// # Errors
    /// As [`secretbox::open_detached`].
    pub fn open_detached(&self, ciphertext: &[u8], tag: &[u8], nonce: &[u8]) -> Result<Vec<u8>> {
        secretbox::open_detached(ciphertext, tag, nonce, &self.0[..])
    }
}

impl core::fmt::Debug for SharedKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SharedKey(<redacted>)")
    }
}

/// `crypto_box_beforenm`: the key shared by `their_public_key` and `my_secret_key`.
///
/// # Errors
/// [`crate::Error::InvalidLength`] for keys that are not 32 bytes;
/// [`crate::Error::InvalidEncoding`] for a peer key of small order.
pub fn before(their_public_key: &[u8], my_secret_key: &[u8]) -> Result<SharedKey> {
    let shared = Zeroizing::new(x25519::shared_secret(my_secret_key, their_public_key)?);
    Ok(SharedKey(Zeroizing::new(hsalsa20(&shared, &[0u8; 16]))))
}

/// `crypto_box_easy`: `tag ‖ ciphertext`.
///
/// # Errors
/// As [`before`] and [`SharedKey::seal`].
pub fn seal(message: &[u8], nonce: &[u8], their_public_key: &[u8], my_secret_key: &[u8]) -> Result<Vec<u8>> {
    before(their_public_key, my_secret_key)?.seal(message, nonce)
}

/// `crypto_box_open_easy`.
///
/// # Errors
/// As [`before`] and [`SharedKey::open`].
pub fn open(boxed: &[u8], nonce: &[u8], their_public_key: &[u8], my_secret_key: &[u8]) -> Result<Vec<u8>> {
    before(their_public_key, my_secret_key)?.open(boxed, nonce)
}

/// `crypto_box_detached`: `(ciphertext, tag)`.
///
/// # Errors
/// As [`seal`].
pub fn seal_detached(
    message: &[u8],
    nonce: &[u8],
    their_public_key: &[u8],
    my_secret_key: &[u8],
) -> Result<(Vec<u8>, [u8; MAC_LEN])> {
    before(their_public_key, my_secret_key)?.seal_detached(message, nonce)
}

/// `crypto_box_open_detached`.
///
/// # Errors
/// As [`open`].
pub fn open_detached(
    ciphertext: &[u8],
    tag: &[u8],
    nonce: &[u8],
    their_public_key: &[u8],
    my_secret_key: &[u8],
) -> Result<Vec<u8>> {
    before(their_public_key, my_secret_key)?.open_detached(ciphertext, tag, nonce)
}
