//! `crypto_sign` under libsodium's names: seed key pairs, detached
//! signatures, the secret-key accessors, and Ed25519ph (RFC 8032 §5.1 with
//! PH = SHA-512 and an empty context; libsodium's `crypto_sign_init`,
//! `_update`, `_final_create`, `_final_verify`), over `ed25519-dalek`.
//!
//! Verification follows libsodium's rules (canonical S, canonical public
//! key, no small-order A or R; see [`crate::curve::ed25519::VerifyMode::Strict`]),
//! for Ed25519ph too. A 64-byte secret key whose public half does not match
//! its seed is refused (see [`crate::curve::ed25519::SigningKey::from_private_key`]).
//!
//! ```
//! use saline::sodium::sign::*;
//! let (pk, sk) = crypto_sign_seed_keypair(&[4u8; 32])?;
//! let mut state = crypto_sign_init();
//! crypto_sign_update(&mut state, b"a long message, ");
//! crypto_sign_update(&mut state, b"streamed");
//! let signature = crypto_sign_final_create(&state, &sk[..])?;
//! crypto_sign_final_verify(&state, &signature, &pk)?;
//! # Ok::<(), saline::Error>(())
//! ```

use crate::hash::sha2_core::Sha512;
use digest::Digest;
use zeroize::Zeroizing;

use crate::cipher::fixed;
use crate::curve::ed25519::{self, SigningKey};
use crate::error::{Error, Result};

/// `crypto_sign_PUBLICKEYBYTES`.
pub const PUBLICKEYBYTES: usize = 32;
/// `crypto_sign_SECRETKEYBYTES`: seed ‖ public key.
pub const SECRETKEYBYTES: usize = 64;
/// `crypto_sign_SEEDBYTES`.
pub const SEEDBYTES: usize = 32;
/// `crypto_sign_BYTES`.
pub const BYTES: usize = 64;

/// A key pair as libsodium returns it: (public key, secret key seed ‖ pk).
pub type KeyPairBytes = ([u8; PUBLICKEYBYTES], Zeroizing<[u8; SECRETKEYBYTES]>);

/// `crypto_sign_keypair`.
///
/// # Errors
/// [`Error::RandomSource`].
pub fn crypto_sign_keypair() -> Result<KeyPairBytes> {
    let kp = crate::nacl::sign::KeyPair::generate()?;
    Ok((kp.public_key, kp.secret_key))
}

/// `crypto_sign_seed_keypair`.
///
/// # Errors
/// [`Error::InvalidLength`] unless `seed` is 32 bytes.
pub fn crypto_sign_seed_keypair(seed: &[u8]) -> Result<KeyPairBytes> {
    let kp = crate::nacl::sign::KeyPair::from_seed(seed)?;
    Ok((kp.public_key, kp.secret_key))
}

/// `crypto_sign_detached`.
///
/// # Errors
/// As [`SigningKey::from_private_key`].
pub fn crypto_sign_detached(message: &[u8], secret_key: &[u8]) -> Result<[u8; BYTES]> {
    Ok(SigningKey::from_private_key(secret_key)?.sign(message))
}

/// `crypto_sign_verify_detached`.
///
/// # Errors
/// As [`ed25519::verify`].
pub fn crypto_sign_verify_detached(signature: &[u8], message: &[u8], public_key: &[u8]) -> Result<()> {
    ed25519::verify(public_key, message, signature)
}

/// `crypto_sign_ed25519_sk_to_seed`: the first half of the secret key.
///
/// # Errors
/// [`Error::InvalidLength`] unless 64 bytes.
pub fn crypto_sign_ed25519_sk_to_seed(secret_key: &[u8]) -> Result<Zeroizing<[u8; SEEDBYTES]>> {
    let secret_key: &[u8; 64] = fixed("secret key", secret_key)?;
    Ok(Zeroizing::new(secret_key[..32].try_into().expect("32 bytes")))
}

/// `crypto_sign_ed25519_sk_to_pk`: the second half of the secret key, as
/// libsodium copies it (no check; signing checks it).
///
/// # Errors
/// [`Error::InvalidLength`] unless 64 bytes.
pub fn crypto_sign_ed25519_sk_to_pk(secret_key: &[u8]) -> Result<[u8; PUBLICKEYBYTES]> {
    let secret_key: &[u8; 64] = fixed("secret key", secret_key)?;
    Ok(secret_key[32..].try_into().expect("32 bytes"))
}

/// `crypto_sign_state`: the SHA-512 of the message so far (Ed25519ph).
#[derive(Clone, Default)]
pub struct SignState(Sha512);

impl core::fmt::Debug for SignState {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SignState")
    }
}

/// `crypto_sign_init`.
pub fn crypto_sign_init() -> SignState {
    SignState::default()
}

/// `crypto_sign_update`.
pub fn crypto_sign_update(state: &mut SignState, data: &[u8]) {
    state.0.update(data);
}

/// `crypto_sign_final_create`: the Ed25519ph signature of everything
/// absorbed. The state is left as it was, so it may sign again.
///
/// # Errors
/// As [`SigningKey::from_private_key`].
pub fn crypto_sign_final_create(state: &SignState, secret_key: &[u8]) -> Result<[u8; BYTES]> {
    let key = SigningKey::from_private_key(secret_key)?;
    let dalek = ed25519_dalek::SigningKey::from_bytes(&key.seed());
    let signature = dalek.sign_prehashed(state.0.clone(), None).expect("an empty context is always accepted");
    Ok(signature.to_bytes())
}

/// `crypto_sign_final_verify`: checks an Ed25519ph signature with
/// libsodium's rules.
///
/// # Errors
/// [`Error::InvalidLength`] for a public key that is not 32 bytes or a
/// signature that is not 64; [`Error::VerificationFailed`] otherwise.
pub fn crypto_sign_final_verify(state: &SignState, signature: &[u8], public_key: &[u8]) -> Result<()> {
    let public_key: &[u8; 32] = fixed("public key", public_key)?;
    let signature: &[u8; 64] = fixed("signature", signature)?;
    let valid = ed25519_dalek::VerifyingKey::from_bytes(public_key).is_ok_and(|key| {
        // As in ed25519::verify: dalek reduces a y ≥ p that libsodium refuses.
        key.to_edwards().compress().as_bytes() == public_key
            && key.verify_prehashed_strict(state.0.clone(), None, &ed25519_dalek::Signature::from_bytes(signature)).is_ok()
    });
    if valid {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}
