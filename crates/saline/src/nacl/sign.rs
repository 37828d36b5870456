//! NaCl `crypto_sign` (Ed25519) with libsodium's layouts: combined
//! `signature ‖ message` and detached. Secret keys are 64 bytes
//! (`seed ‖ public key`). Verification follows libsodium's rules, see
//! [`crate::curve::ed25519`].
//!
//! ```
//! use saline::nacl::sign;
//! let kp = sign::KeyPair::from_seed(&[3u8; 32])?;
//! let signed = sign::sign(b"msg", &kp.secret_key[..])?;
//! assert_eq!(sign::open(&signed, &kp.public_key)?, b"msg");
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;
use zeroize::Zeroizing;

use crate::curve::ed25519::{self, SigningKey, SIGNATURE_LEN};
use crate::error::{Error, Expected, Result};

/// An Ed25519 key pair in NaCl's layout. The secret key is wiped on drop.
#[derive(Clone)]
pub struct KeyPair {
    /// 32-byte public key.
    pub public_key: [u8; 32],
    /// 64-byte secret key: seed ‖ public key.
    pub secret_key: Zeroizing<[u8; 64]>,
}

impl KeyPair {
    /// `crypto_sign_seed_keypair`.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless `seed` is 32 bytes.
    pub fn from_seed(seed: &[u8]) -> Result<KeyPair> {
        let secret_key = ed25519::private_key_from_seed(seed)?;
        Ok(KeyPair { public_key: secret_key[32..].try_into().expect("32 bytes"), secret_key })
    }

    /// `crypto_sign_keypair`.
    ///
    /// # Errors
    /// [`Error::RandomSource`] if randomness is unavailable.
    pub fn generate() -> Result<KeyPair> {
        KeyPair::from_seed(&Zeroizing::new(crate::random::array::<32>()?)[..])
    }
}

impl From<SigningKey> for KeyPair {
    fn from(key: SigningKey) -> KeyPair {
        KeyPair { public_key: key.public_key(), secret_key: key.to_private_key() }
    }
}

impl core::fmt::Debug for KeyPair {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KeyPair").field("public_key", &self.public_key).finish_non_exhaustive()
    }
}

/// `crypto_sign_detached`: the 64-byte signature of `message`.
///
/// # Errors
/// As [`SigningKey::from_private_key`].
pub fn sign_detached(message: &[u8], secret_key: &[u8]) -> Result<[u8; 64]> {
    Ok(SigningKey::from_private_key(secret_key)?.sign(message))
}

/// `crypto_sign`: `signature ‖ message`.
///
/// # Errors
/// As [`SigningKey::from_private_key`].
pub fn sign(message: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    let mut out = alloc::vec![0u8; SIGNATURE_LEN + message.len()];
    sign_into(message, secret_key, &mut out)?;
    Ok(out)
}

/// [`sign`] into `out` (at least 64 bytes more than `message`); returns the
/// length written. The bindings' output buffer takes the signed message
/// directly: through a `Vec` first, signing 1 MiB from Python paid a second
/// 1 MiB allocation (fresh pages) and copy, ~25% of the call.
///
/// # Errors
/// As [`SigningKey::from_private_key`]; [`Error::InvalidLength`] (what
/// "output") if `out` is too short.
pub fn sign_into(message: &[u8], secret_key: &[u8], out: &mut [u8]) -> Result<usize> {
    let total = SIGNATURE_LEN + message.len();
    Error::check_length("output", Expected::AtLeast(total), out.len())?;
    let signature = sign_detached(message, secret_key)?;
    out[..SIGNATURE_LEN].copy_from_slice(&signature);
    crate::copy::copy_message(&mut out[SIGNATURE_LEN..total], message);
    Ok(total)
}

/// `crypto_sign_verify_detached`.
///
/// # Errors
/// As [`ed25519::verify`].
pub fn verify_detached(signature: &[u8], message: &[u8], public_key: &[u8]) -> Result<()> {
    ed25519::verify(public_key, message, signature)
}

/// `crypto_sign_open`: checks `signature ‖ message` and returns the message.
///
/// # Errors
/// [`Error::InvalidLength`] for input shorter than 64 bytes or a public key
/// that is not 32; [`Error::VerificationFailed`] for a bad signature.
pub fn open(signed: &[u8], public_key: &[u8]) -> Result<Vec<u8>> {
    let mut out = alloc::vec![0u8; signed.len().saturating_sub(SIGNATURE_LEN)];
    open_into(signed, public_key, &mut out)?;
    Ok(out)
}

/// [`open`] into `out` (at least the message's length); returns the length
/// written. Nothing is written unless the signature verifies.
///
/// # Errors
/// As [`open`]; [`Error::InvalidLength`] (what "output") if `out` is too short.
pub fn open_into(signed: &[u8], public_key: &[u8], out: &mut [u8]) -> Result<usize> {
    Error::check_length("signed message", Expected::AtLeast(SIGNATURE_LEN), signed.len())?;
    let (signature, message) = signed.split_at(SIGNATURE_LEN);
    ed25519::verify(public_key, message, signature)?;
    Error::check_length("output", Expected::AtLeast(message.len()), out.len())?;
    crate::copy::copy_message(&mut out[..message.len()], message);
    Ok(message.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn into_variants_match_and_refuse_short_or_forged() {
        let kp = KeyPair::from_seed(&[5u8; 32]).unwrap();
        let message = [0x61u8; 300];
        let signed = sign(&message, &kp.secret_key[..]).unwrap();
        let mut out = [0u8; SIGNATURE_LEN + 300];
        assert_eq!(sign_into(&message, &kp.secret_key[..], &mut out), Ok(SIGNATURE_LEN + 300));
        assert_eq!(out[..], signed[..]);
        assert!(matches!(sign_into(&message, &kp.secret_key[..], &mut out[..363]), Err(Error::InvalidLength { what: "output", .. })));

        let mut opened = [0u8; 300];
        assert_eq!(open_into(&signed, &kp.public_key, &mut opened), Ok(300));
        assert_eq!(opened, message);
        assert!(matches!(open_into(&signed, &kp.public_key, &mut opened[..299]), Err(Error::InvalidLength { what: "output", .. })));
        let mut forged = signed.clone();
        forged[70] ^= 1;
        let mut untouched = [0u8; 300];
        assert_eq!(open_into(&forged, &kp.public_key, &mut untouched), Err(Error::VerificationFailed));
        assert_eq!(untouched, [0u8; 300], "nothing is written unless the signature verifies");
    }
}
