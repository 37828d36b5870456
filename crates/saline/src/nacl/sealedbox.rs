//! libsodium's sealed box (`crypto_box_seal`): anonymous public-key
//! encryption. A fresh ephemeral X25519 key pair boxes the message for the
//! recipient with nonce = BLAKE2b-192(ephemeral pk ‖ recipient pk); the
//! output is `ephemeral pk ‖ tag ‖ ciphertext` (48 bytes of overhead).
//!
//! ```
//! use saline::nacl::{crypto_box::KeyPair, sealedbox};
//! let bob = KeyPair::generate()?;
//! let sealed = sealedbox::seal(b"anonymous", &bob.public_key)?;
//! assert_eq!(sealedbox::open(&sealed, &bob.public_key, bob.secret_key())?, b"anonymous");
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;

use super::crypto_box::{self, KeyPair};
use crate::cipher::fixed;
use crate::error::{Error, Expected, Result};

/// Bytes added to the message: ephemeral public key (32) and tag (16).
pub const OVERHEAD: usize = 48;

/// A detached sealed box: the parts of `ephemeral pk ‖ tag ‖ ciphertext`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedParts {
    /// The sender's one-time public key.
    pub ephemeral_public_key: [u8; 32],
    /// The encrypted message.
    pub ciphertext: Vec<u8>,
    /// The Poly1305 tag.
    pub tag: [u8; 16],
}

/// The sealed box's nonce: BLAKE2b-192(ephemeral pk ‖ recipient pk), as
/// libsodium's `crypto_box_seal` derives it (both NaCl and the XChaCha20
/// variant in `sodium::crypto_box`).
pub(crate) fn nonce(ephemeral_pk: &[u8; 32], recipient_pk: &[u8; 32]) -> [u8; 24] {
    let mut state = crate::hash::blake2::Blake2b::new(&crate::hash::HashOptions::default(), 24).expect("24 is a BLAKE2b output length");
    state.update(ephemeral_pk);
    state.update(recipient_pk);
    let mut nonce = [0u8; 24];
    state.finalize_into_reset(&mut nonce);
    nonce
}

/// Seals `message` for `recipient_public_key`, returning the detached parts.
///
/// # Errors
/// [`Error::InvalidLength`] for a key that is not 32 bytes;
/// [`Error::InvalidEncoding`] for a recipient key of small order;
/// [`Error::RandomSource`] if randomness is unavailable.
pub fn seal_detached(message: &[u8], recipient_public_key: &[u8]) -> Result<SealedParts> {
    let recipient: &[u8; 32] = fixed("public key", recipient_public_key)?;
    let ephemeral = KeyPair::generate()?;
    let nonce = nonce(&ephemeral.public_key, recipient);
    let (ciphertext, tag) = crypto_box::seal_detached(message, &nonce, recipient, ephemeral.secret_key())?;
    Ok(SealedParts { ephemeral_public_key: ephemeral.public_key, ciphertext, tag })
}

/// Seals `message`: `ephemeral pk ‖ tag ‖ ciphertext` (`crypto_box_seal`).
///
/// # Errors
/// As [`seal_detached`].
pub fn seal(message: &[u8], recipient_public_key: &[u8]) -> Result<Vec<u8>> {
    let parts = seal_detached(message, recipient_public_key)?;
    let mut out = Vec::with_capacity(OVERHEAD + message.len());
    out.extend_from_slice(&parts.ephemeral_public_key);
    out.extend_from_slice(&parts.tag);
    crate::copy::extend_with_message(&mut out, &parts.ciphertext);
    Ok(out)
}

/// Opens detached parts with the recipient's key pair.
///
/// # Errors
/// [`Error::InvalidLength`] for keys of the wrong length;
/// [`Error::VerificationFailed`] for a forgery or the wrong key pair.
pub fn open_detached(parts: &SealedParts, public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    open_parts(&parts.ephemeral_public_key, &parts.tag, &parts.ciphertext, public_key, secret_key)
}

/// Opens `ephemeral pk ‖ tag ‖ ciphertext` (`crypto_box_seal_open`).
///
/// # Errors
/// As [`open_detached`]; [`Error::InvalidLength`] for input shorter than 48 bytes.
pub fn open(sealed: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    Error::check_length("sealed box", Expected::AtLeast(OVERHEAD), sealed.len())?;
    let ephemeral_pk: &[u8; 32] = sealed[..32].try_into().expect("32 bytes");
    open_parts(ephemeral_pk, &sealed[32..48], &sealed[48..], public_key, secret_key)
}

fn open_parts(ephemeral_pk: &[u8; 32], tag: &[u8], ciphertext: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    let recipient: &[u8; 32] = fixed("public key", public_key)?;
    let nonce = nonce(ephemeral_pk, recipient);
    // A small-order ephemeral key can only come from a forger: report it as
    // a failed open, as libsodium does, not as a caller error.
    crypto_box::open_detached(ciphertext, tag, &nonce, ephemeral_pk, secret_key)
        .map_err(|e| if matches!(e, Error::InvalidEncoding { .. }) { Error::VerificationFailed } else { e })
}
