//! `crypto_generichash` (BLAKE2b, RFC 7693, with key, salt and
//! personalization; one-shot and streaming) and the streaming
//! `crypto_hash_sha256`/`crypto_hash_sha512`, under libsodium's names, over
//! [`crate::hash::Hasher`].
//!
//! ```
//! use saline::sodium::generichash::*;
//! let mut state = crypto_generichash_init(Some(b"a key of 16 bytes"), 32)?;
//! crypto_generichash_update(&mut state, b"part one, ");
//! crypto_generichash_update(&mut state, b"part two");
//! let streamed = crypto_generichash_final(state);
//! assert_eq!(streamed, crypto_generichash(32, b"part one, part two", Some(b"a key of 16 bytes"))?);
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;

use crate::catalog::Algorithm;
use crate::error::{Error, Expected, Result};
use crate::hash::{HashOptions, Hasher};

/// `crypto_generichash_BYTES`: the default output length.
pub const BYTES: usize = 32;
/// `crypto_generichash_BYTES_MIN` (libsodium's recommendation; 1 is accepted).
pub const BYTES_MIN: usize = 16;
/// `crypto_generichash_BYTES_MAX`.
pub const BYTES_MAX: usize = 64;
/// `crypto_generichash_KEYBYTES`: the default key length.
pub const KEYBYTES: usize = 32;
/// `crypto_generichash_KEYBYTES_MIN` (libsodium's recommendation; any length to 64 is accepted).
pub const KEYBYTES_MIN: usize = 16;
/// `crypto_generichash_KEYBYTES_MAX`.
pub const KEYBYTES_MAX: usize = 64;
/// `crypto_generichash_blake2b_SALTBYTES`.
pub const SALTBYTES: usize = 16;
/// `crypto_generichash_blake2b_PERSONALBYTES`.
pub const PERSONALBYTES: usize = 16;

/// A streaming hash (`crypto_generichash_state`, `crypto_hash_sha256_state`,
/// `crypto_hash_sha512_state`).
pub type State = Hasher;

fn blake2b(out_len: usize, key: Option<&[u8]>, salt: Option<&[u8]>, personal: Option<&[u8]>) -> Result<Hasher> {
    for (what, value) in [("salt", salt), ("personal", personal)] {
        if let Some(value) = value {
            Error::check_length(what, Expected::Exactly(16), value.len())?;
        }
    }
    // libsodium treats an empty key as no key.
    let key = key.filter(|k| !k.is_empty());
    Hasher::with_options(Algorithm::Blake2b, &HashOptions { out_len: Some(out_len), key, salt, personal, context: None })
}

/// `crypto_generichash`: BLAKE2b of `out_len` (1 to 64) bytes, keyed with
/// 0 to 64 bytes.
///
/// # Errors
/// [`Error::InvalidLength`] for an output or key length out of range.
pub fn crypto_generichash(out_len: usize, message: &[u8], key: Option<&[u8]>) -> Result<Vec<u8>> {
    let mut state = blake2b(out_len, key, None, None)?;
    state.update(message);
    Ok(state.finalize())
}

/// `crypto_generichash_blake2b_salt_personal`: with a 16-byte salt and a
/// 16-byte personalization (each optional: zeros when omitted).
///
/// # Errors
/// As [`crypto_generichash`]; [`Error::InvalidLength`] for a salt or
/// personalization that is not 16 bytes.
pub fn crypto_generichash_blake2b_salt_personal(
    out_len: usize,
    message: &[u8],
    key: Option<&[u8]>,
    salt: Option<&[u8]>,
    personal: Option<&[u8]>,
) -> Result<Vec<u8>> {
    let mut state = blake2b(out_len, key, salt, personal)?;
    state.update(message);
    Ok(state.finalize())
}

/// `crypto_generichash_init`.
///
/// # Errors
/// As [`crypto_generichash`].
pub fn crypto_generichash_init(key: Option<&[u8]>, out_len: usize) -> Result<State> {
    blake2b(out_len, key, None, None)
}

/// `crypto_generichash_blake2b_init_salt_personal`.
///
/// # Errors
/// As [`crypto_generichash_blake2b_salt_personal`].
pub fn crypto_generichash_blake2b_init_salt_personal(key: Option<&[u8]>, out_len: usize, salt: Option<&[u8]>, personal: Option<&[u8]>) -> Result<State> {
    blake2b(out_len, key, salt, personal)
}

/// `crypto_generichash_update` (also `crypto_hash_sha256_update`, `crypto_hash_sha512_update`).
pub fn crypto_generichash_update(state: &mut State, data: &[u8]) {
    state.update(data);
}

/// `crypto_generichash_final` (also the SHA-2 `_final`s): the digest.
pub fn crypto_generichash_final(state: State) -> Vec<u8> {
    state.finalize()
}

/// `crypto_hash_sha256_init`.
pub fn crypto_hash_sha256_init() -> State {
    Hasher::new(Algorithm::Sha256).expect("SHA-256 is in the catalog")
}

/// `crypto_hash_sha512_init`.
pub fn crypto_hash_sha512_init() -> State {
    Hasher::new(Algorithm::Sha512).expect("SHA-512 is in the catalog")
}
