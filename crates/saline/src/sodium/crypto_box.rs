//! `crypto_box` under libsodium's names: the default
//! curve25519xsalsa20poly1305 box (the functions of
//! [`crate::nacl::crypto_box`], `_easy`, `_detached` and `_afternm` forms)
//! and `crypto_box_curve25519xchacha20poly1305_*` (libsodium
//! `crypto_box/curve25519xchacha20poly1305/box_curve25519xchacha20poly1305.c`):
//! key = HChaCha20(X25519(sk, pk), 0), then the XChaCha20-Poly1305
//! secretbox of [`super::secretbox`]; its sealed box takes
//! nonce = BLAKE2b-192(ephemeral pk ‖ recipient pk).
//!
//! Both refuse a peer key of small order (an all-zero X25519 result), as
//! libsodium does.
//!
//! ```
//! use saline::sodium::crypto_box::*;
//! let (alice_pk, alice_sk) = crypto_box_curve25519xchacha20poly1305_seed_keypair(&[1u8; 32])?;
//! let (bob_pk, bob_sk) = crypto_box_curve25519xchacha20poly1305_seed_keypair(&[2u8; 32])?;
//! let nonce = [9u8; 24];
//! let boxed = crypto_box_curve25519xchacha20poly1305_easy(b"to bob", &nonce, &bob_pk, &alice_sk[..])?;
//! assert_eq!(crypto_box_curve25519xchacha20poly1305_open_easy(&boxed, &nonce, &alice_pk, &bob_sk[..])?, b"to bob");
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;
use chacha20::cipher::consts::U10;
use zeroize::{Zeroize, Zeroizing};

use super::secretbox::{
    crypto_secretbox_xchacha20poly1305_detached, crypto_secretbox_xchacha20poly1305_easy, crypto_secretbox_xchacha20poly1305_open_detached,
    crypto_secretbox_xchacha20poly1305_open_easy,
};
use crate::cipher::fixed;
use crate::curve::x25519::{self, KeyPair};
use crate::error::{Error, Expected, Result};
use crate::nacl::crypto_box as nacl_box;

/// `crypto_box_PUBLICKEYBYTES`, `crypto_box_SECRETKEYBYTES`,
/// `crypto_box_BEFORENMBYTES`, `crypto_box_SEEDBYTES` (and the xchacha20 ones).
pub const KEYBYTES: usize = 32;
/// `crypto_box_NONCEBYTES`.
pub const NONCEBYTES: usize = 24;
/// `crypto_box_MACBYTES`.
pub const MACBYTES: usize = 16;
/// `crypto_box_SEALBYTES`: ephemeral public key and tag.
pub const SEALBYTES: usize = 48;

/// A key pair as libsodium returns it: (public key, secret key).
pub type KeyPairBytes = ([u8; KEYBYTES], Zeroizing<[u8; KEYBYTES]>);

fn pair(kp: KeyPair) -> KeyPairBytes {
    (kp.public_key, Zeroizing::new(*kp.secret_key()))
}

/// `crypto_box_keypair` (and the xchacha20 one, the same keys).
///
/// # Errors
/// [`Error::RandomSource`].
pub fn crypto_box_keypair() -> Result<KeyPairBytes> {
    Ok(pair(KeyPair::generate()?))
}

/// `crypto_box_seed_keypair`: secret key = SHA-512(seed)[0..32] (also
/// `crypto_box_curve25519xchacha20poly1305_seed_keypair`).
///
/// # Errors
/// [`Error::InvalidLength`] unless `seed` is 32 bytes.
pub fn crypto_box_seed_keypair(seed: &[u8]) -> Result<KeyPairBytes> {
    Ok(pair(KeyPair::from_seed(seed)?))
}

/// `crypto_box_beforenm`.
///
/// # Errors
/// As [`nacl_box::before`].
pub fn crypto_box_beforenm(public_key: &[u8], secret_key: &[u8]) -> Result<Zeroizing<[u8; KEYBYTES]>> {
    Ok(Zeroizing::new(*nacl_box::before(public_key, secret_key)?.as_bytes()))
}

/// `crypto_box_easy`: `tag ‖ ciphertext`.
///
/// # Errors
/// As [`nacl_box::seal`].
pub fn crypto_box_easy(message: &[u8], nonce: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    nacl_box::seal(message, nonce, public_key, secret_key)
}

/// `crypto_box_open_easy`.
///
/// # Errors
/// As [`nacl_box::open`].
pub fn crypto_box_open_easy(boxed: &[u8], nonce: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    nacl_box::open(boxed, nonce, public_key, secret_key)
}

/// `crypto_box_detached`: `(ciphertext, tag)`.
///
/// # Errors
/// As [`nacl_box::seal_detached`].
pub fn crypto_box_detached(message: &[u8], nonce: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<(Vec<u8>, [u8; MACBYTES])> {
    nacl_box::seal_detached(message, nonce, public_key, secret_key)
}

/// `crypto_box_open_detached`.
///
/// # Errors
/// As [`nacl_box::open_detached`].
pub fn crypto_box_open_detached(ciphertext: &[u8], tag: &[u8], nonce: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    nacl_box::open_detached(ciphertext, tag, nonce, public_key, secret_key)
}

/// `crypto_box_easy_afternm`: with a key from [`crypto_box_beforenm`].
///
/// # Errors
/// As [`nacl_box::SharedKey::seal`].
pub fn crypto_box_easy_afternm(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    nacl_box::SharedKey::from_bytes(key)?.seal(message, nonce)
}

/// `crypto_box_open_easy_afternm`.
///
/// # Errors
/// As [`nacl_box::SharedKey::open`].
pub fn crypto_box_open_easy_afternm(boxed: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    nacl_box::SharedKey::from_bytes(key)?.open(boxed, nonce)
}

/// `crypto_box_detached_afternm`.
///
/// # Errors
/// As [`nacl_box::SharedKey::seal_detached`].
pub fn crypto_box_detached_afternm(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<(Vec<u8>, [u8; MACBYTES])> {
    nacl_box::SharedKey::from_bytes(key)?.seal_detached(message, nonce)
}

/// `crypto_box_open_detached_afternm`.
///
/// # Errors
/// As [`nacl_box::SharedKey::open_detached`].
pub fn crypto_box_open_detached_afternm(ciphertext: &[u8], tag: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    nacl_box::SharedKey::from_bytes(key)?.open_detached(ciphertext, tag, nonce)
}

/// `crypto_box_curve25519xchacha20poly1305_seed_keypair`: as [`crypto_box_seed_keypair`].
///
/// # Errors
/// As [`crypto_box_seed_keypair`].
pub fn crypto_box_curve25519xchacha20poly1305_seed_keypair(seed: &[u8]) -> Result<KeyPairBytes> {
    crypto_box_seed_keypair(seed)
}

/// `crypto_box_curve25519xchacha20poly1305_beforenm`: HChaCha20(X25519(sk, pk), 0).
///
/// # Errors
/// [`Error::InvalidLength`] for keys that are not 32 bytes;
/// [`Error::InvalidEncoding`] for a peer key of small order.
pub fn crypto_box_curve25519xchacha20poly1305_beforenm(public_key: &[u8], secret_key: &[u8]) -> Result<Zeroizing<[u8; KEYBYTES]>> {
    let shared = Zeroizing::new(x25519::shared_secret(secret_key, public_key)?);
    let mut derived = chacha20::hchacha::<U10>((&*shared).into(), (&[0u8; 16]).into());
    let mut key = Zeroizing::new([0u8; KEYBYTES]);
    key.copy_from_slice(&derived);
    derived.as_mut_slice().zeroize();
    Ok(key)
}

/// `crypto_box_curve25519xchacha20poly1305_easy`: `tag ‖ ciphertext`.
///
/// # Errors
/// As [`crypto_box_curve25519xchacha20poly1305_beforenm`] and the secretbox.
pub fn crypto_box_curve25519xchacha20poly1305_easy(message: &[u8], nonce: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    let key = crypto_box_curve25519xchacha20poly1305_beforenm(public_key, secret_key)?;
    crypto_secretbox_xchacha20poly1305_easy(message, nonce, &key[..])
}

/// `crypto_box_curve25519xchacha20poly1305_open_easy`.
///
/// # Errors
/// As the sealing; [`Error::VerificationFailed`] when it does not verify.
pub fn crypto_box_curve25519xchacha20poly1305_open_easy(boxed: &[u8], nonce: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    let key = crypto_box_curve25519xchacha20poly1305_beforenm(public_key, secret_key)?;
    crypto_secretbox_xchacha20poly1305_open_easy(boxed, nonce, &key[..])
}

/// `crypto_box_curve25519xchacha20poly1305_detached`: `(ciphertext, tag)`.
///
/// # Errors
/// As [`crypto_box_curve25519xchacha20poly1305_easy`].
pub fn crypto_box_curve25519xchacha20poly1305_detached(
    message: &[u8],
    nonce: &[u8],
    public_key: &[u8],
    secret_key: &[u8],
) -> Result<(Vec<u8>, [u8; MACBYTES])> {
    let key = crypto_box_curve25519xchacha20poly1305_beforenm(public_key, secret_key)?;
    crypto_secretbox_xchacha20poly1305_detached(message, nonce, &key[..])
}

/// `crypto_box_curve25519xchacha20poly1305_open_detached`.
///
/// # Errors
/// As [`crypto_box_curve25519xchacha20poly1305_open_easy`].
pub fn crypto_box_curve25519xchacha20poly1305_open_detached(
    ciphertext: &[u8],
    tag: &[u8],
    nonce: &[u8],
    public_key: &[u8],
    secret_key: &[u8],
) -> Result<Vec<u8>> {
    let key = crypto_box_curve25519xchacha20poly1305_beforenm(public_key, secret_key)?;
    crypto_secretbox_xchacha20poly1305_open_detached(ciphertext, tag, nonce, &key[..])
}

/// `crypto_box_curve25519xchacha20poly1305_easy_afternm` (key from `_beforenm`).
///
/// # Errors
/// As the secretbox.
pub fn crypto_box_curve25519xchacha20poly1305_easy_afternm(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_secretbox_xchacha20poly1305_easy(message, nonce, key)
}

/// `crypto_box_curve25519xchacha20poly1305_open_easy_afternm`.
///
/// # Errors
/// As the secretbox.
pub fn crypto_box_curve25519xchacha20poly1305_open_easy_afternm(boxed: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_secretbox_xchacha20poly1305_open_easy(boxed, nonce, key)
}

/// `crypto_box_curve25519xchacha20poly1305_seal`: `ephemeral pk ‖ tag ‖ ciphertext`.
///
/// # Errors
/// [`Error::InvalidLength`] for a key that is not 32 bytes;
/// [`Error::InvalidEncoding`] for a recipient key of small order;
/// [`Error::RandomSource`].
pub fn crypto_box_curve25519xchacha20poly1305_seal(message: &[u8], recipient_public_key: &[u8]) -> Result<Vec<u8>> {
    let recipient: &[u8; 32] = fixed("public key", recipient_public_key)?;
    let ephemeral = KeyPair::generate()?;
    let nonce = crate::nacl::sealedbox::nonce(&ephemeral.public_key, recipient);
    let boxed = crypto_box_curve25519xchacha20poly1305_easy(message, &nonce, recipient, ephemeral.secret_key())?;
    let mut out = Vec::with_capacity(32 + boxed.len());
    out.extend_from_slice(&ephemeral.public_key);
    crate::copy::extend_with_message(&mut out, &boxed);
    Ok(out)
}

/// `crypto_box_curve25519xchacha20poly1305_seal_open`.
///
/// # Errors
/// [`Error::InvalidLength`] for keys of the wrong length or input shorter
/// than 48 bytes; [`Error::VerificationFailed`] for a forgery, the wrong
/// key pair, or a small-order ephemeral key.
pub fn crypto_box_curve25519xchacha20poly1305_seal_open(sealed: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    Error::check_length("sealed box", Expected::AtLeast(SEALBYTES), sealed.len())?;
    let recipient: &[u8; 32] = fixed("public key", public_key)?;
    let ephemeral_pk: &[u8; 32] = sealed[..32].try_into().expect("32 bytes");
    let nonce = crate::nacl::sealedbox::nonce(ephemeral_pk, recipient);
    crypto_box_curve25519xchacha20poly1305_open_easy(&sealed[32..], &nonce, ephemeral_pk, secret_key)
        .map_err(|e| if matches!(e, Error::InvalidEncoding { .. }) { Error::VerificationFailed } else { e })
}
