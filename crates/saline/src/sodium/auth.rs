//! `crypto_auth` (HMAC-SHA-512 truncated to 32 bytes, catalog
//! `hmac-sha512-trunc256`), `crypto_auth_hmacsha256`,
//! `crypto_auth_hmacsha512` and `crypto_onetimeauth` (Poly1305), one-shot
//! with libsodium's 32-byte keys and streaming (`_init` takes a key of any
//! length for the HMACs, as libsodium's does), over [`crate::mac::Mac`].
//! Verification is constant time.
//!
//! ```
//! use saline::sodium::auth::*;
//! let key = [9u8; 32];
//! let tag = crypto_auth(b"message", &key)?;
//! let mut state = crypto_auth_init(&key)?;
//! state.update(b"mess");
//! state.update(b"age");
//! assert_eq!(state.finalize(), tag);
//! crypto_auth_verify(&tag, b"message", &key)?;
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;

use crate::catalog::Algorithm;
use crate::cipher::fixed;
use crate::error::Result;
use crate::mac::{self, Mac};

/// `crypto_auth_BYTES`, `crypto_auth_KEYBYTES` (and of `_hmacsha256`).
pub const BYTES: usize = 32;
/// `crypto_auth_hmacsha512_BYTES`.
pub const HMACSHA512_BYTES: usize = 64;
/// `crypto_onetimeauth_BYTES`.
pub const ONETIMEAUTH_BYTES: usize = 16;
/// The one-shot key length of every function here.
pub const KEYBYTES: usize = 32;

/// A streaming authenticator (`crypto_auth_*_state`, `crypto_onetimeauth_state`).
pub type State = Mac;

fn one_shot(algorithm: Algorithm, message: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    mac::mac(algorithm, fixed::<KEYBYTES>("key", key)?, message)
}

fn verify(algorithm: Algorithm, tag: &[u8], message: &[u8], key: &[u8]) -> Result<()> {
    mac::verify(algorithm, fixed::<KEYBYTES>("key", key)?, message, tag)
}

macro_rules! auth_family {
    ($algorithm:ident, $title:literal, $auth:ident, $verify:ident, $init:ident, $init_doc:literal) => {
        #[doc = concat!("`", $title, "`: the tag of `message` under a 32-byte key.")]
        ///
        /// # Errors
        /// [`crate::Error::InvalidLength`] unless the key is 32 bytes.
        pub fn $auth(message: &[u8], key: &[u8]) -> Result<Vec<u8>> {
            one_shot(Algorithm::$algorithm, message, key)
        }

        #[doc = concat!("`", $title, "_verify`.")]
        ///
        /// # Errors
        /// As the tag; [`crate::Error::VerificationFailed`] on a mismatch.
        pub fn $verify(tag: &[u8], message: &[u8], key: &[u8]) -> Result<()> {
            verify(Algorithm::$algorithm, tag, message, key)
        }

        #[doc = concat!("`", $title, "_init`: ", $init_doc)]
        ///
        /// # Errors
        /// As [`Mac::new`].
        pub fn $init(key: &[u8]) -> Result<State> {
            Mac::new(Algorithm::$algorithm, key)
        }
    };
}

auth_family!(HmacSha512Trunc256, "crypto_auth", crypto_auth, crypto_auth_verify, crypto_auth_init, "a key of any length.");
auth_family!(
    HmacSha512Trunc256, "crypto_auth_hmacsha512256", crypto_auth_hmacsha512256, crypto_auth_hmacsha512256_verify,
    crypto_auth_hmacsha512256_init, "a key of any length."
);
auth_family!(
    HmacSha256, "crypto_auth_hmacsha256", crypto_auth_hmacsha256, crypto_auth_hmacsha256_verify, crypto_auth_hmacsha256_init,
    "a key of any length."
);
auth_family!(
    HmacSha512, "crypto_auth_hmacsha512", crypto_auth_hmacsha512, crypto_auth_hmacsha512_verify, crypto_auth_hmacsha512_init,
    "a key of any length."
);
auth_family!(Poly1305, "crypto_onetimeauth", crypto_onetimeauth, crypto_onetimeauth_verify, crypto_onetimeauth_init, "a 32-byte one-time key.");
