//! libsodium's four AEADs under their names, each in the combined layout
//! (`ciphertext ‖ tag`) and the detached one, with `_keygen`:
//!
//! * `crypto_aead_chacha20poly1305`: the original construction with an
//!   8-byte nonce (catalog `chacha20-poly1305-legacy`);
//! * `crypto_aead_chacha20poly1305_ietf`: RFC 8439 (`chacha20-poly1305`);
//! * `crypto_aead_xchacha20poly1305_ietf`: draft-irtf-cfrg-xchacha (`xchacha20-poly1305`);
//! * `crypto_aead_aes256gcm`: AES-256-GCM (`aes-gcm` with a 32-byte key).
//!   libsodium offers it only on CPUs with AES-NI/ARMv8 crypto; Saline's
//!   (RustCrypto `aes-gcm`) runs everywhere, with the hardware when present.
//!
//! Argument order follows libsodium's (message, ad, nonce, key); libsodium's
//! unused `nsec` argument is dropped. Opening checks the tag before
//! decrypting and releases nothing on failure.
//!
//! ```
//! use saline::sodium::aead::*;
//! let key = crypto_aead_xchacha20poly1305_ietf_keygen()?;
//! let nonce = [3u8; xchacha20poly1305_ietf::NPUBBYTES];
//! let c = crypto_aead_xchacha20poly1305_ietf_encrypt(b"hi", b"ad", &nonce, &key[..])?;
//! assert_eq!(crypto_aead_xchacha20poly1305_ietf_decrypt(&c, b"ad", &nonce, &key[..])?, b"hi");
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;
use zeroize::Zeroizing;

use crate::aead::{Aead, TAG_LEN};
use crate::catalog::Algorithm;
use crate::error::{Error, Expected, Result};

fn keyed(algorithm: Algorithm, key: &[u8]) -> Result<Aead> {
    // libsodium's AES-GCM takes only 256-bit keys.
    if algorithm == Algorithm::AesGcm {
        Error::check_length("key", Expected::Exactly(32), key.len())?;
    }
    Aead::new(algorithm, key)
}

fn encrypt_detached(algorithm: Algorithm, message: &[u8], ad: &[u8], nonce: &[u8], key: &[u8]) -> Result<(Vec<u8>, [u8; TAG_LEN])> {
    let mut out = crate::copy::message_to_vec(message);
    let tag = keyed(algorithm, key)?.seal_in_place_detached(nonce, ad, &mut out)?;
    Ok((out, tag[..].try_into().expect("libsodium's ChaCha20-Poly1305 constructions have 16-byte tags")))
}

fn decrypt_detached(algorithm: Algorithm, ciphertext: &[u8], tag: &[u8], ad: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    let aead = keyed(algorithm, key)?;
    let mut out = Zeroizing::new(crate::copy::message_to_vec(ciphertext));
    aead.open_in_place_detached(nonce, ad, &mut out, tag)?;
    Ok(core::mem::take(&mut *out))
}

macro_rules! sodium_aead {
    ($constants:ident, $algorithm:ident, $npub:literal, $max:expr, $title:literal,
     $keygen:ident, $encrypt:ident, $decrypt:ident, $encrypt_detached:ident, $decrypt_detached:ident) => {
        #[doc = concat!("The constants of `", $title, "`.")]
        pub mod $constants {
            /// `_KEYBYTES`.
            pub const KEYBYTES: usize = 32;
            /// `_NPUBBYTES`: the nonce.
            pub const NPUBBYTES: usize = $npub;
            /// `_NSECBYTES`: unused by every libsodium AEAD.
            pub const NSECBYTES: usize = 0;
            /// `_ABYTES`: the tag.
            pub const ABYTES: usize = 16;
            /// `_MESSAGEBYTES_MAX` where Saline's limit is lower than
            /// libsodium's (see the function docs).
            pub const MESSAGEBYTES_MAX: u64 = $max;
        }

        #[doc = concat!("`", $title, "_keygen`: a random key.")]
        ///
        /// # Errors
        /// [`Error::RandomSource`].
        pub fn $keygen() -> Result<Zeroizing<[u8; 32]>> {
            Ok(Zeroizing::new(crate::random::array()?))
        }

        #[doc = concat!("`", $title, "_encrypt`: `ciphertext ‖ tag`.")]
        ///
        /// # Errors
        /// [`Error::InvalidLength`] for a key or nonce of the wrong size;
        /// [`Error::OutputLimit`] for a message over `MESSAGEBYTES_MAX`.
        pub fn $encrypt(message: &[u8], ad: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
            let (mut out, tag) = encrypt_detached(Algorithm::$algorithm, message, ad, nonce, key)?;
            out.extend_from_slice(&tag);
            Ok(out)
        }

        #[doc = concat!("`", $title, "_decrypt`: checks and decrypts `ciphertext ‖ tag`.")]
        ///
        /// # Errors
        /// As the encryption; [`Error::InvalidLength`] for input shorter than
        /// the tag; [`Error::VerificationFailed`] when it does not verify.
        pub fn $decrypt(sealed: &[u8], ad: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
            Error::check_length("ciphertext", Expected::AtLeast(TAG_LEN), sealed.len())?;
            let (ciphertext, tag) = sealed.split_at(sealed.len() - TAG_LEN);
            decrypt_detached(Algorithm::$algorithm, ciphertext, tag, ad, nonce, key)
        }

        #[doc = concat!("`", $title, "_encrypt_detached`: the ciphertext and the tag apart.")]
        ///
        /// # Errors
        /// As the combined form.
        pub fn $encrypt_detached(message: &[u8], ad: &[u8], nonce: &[u8], key: &[u8]) -> Result<(Vec<u8>, [u8; TAG_LEN])> {
            encrypt_detached(Algorithm::$algorithm, message, ad, nonce, key)
        }

        #[doc = concat!("`", $title, "_decrypt_detached`.")]
        ///
        /// # Errors
        /// As the combined form; [`Error::InvalidLength`] for a tag that is
        /// not 16 bytes.
        pub fn $decrypt_detached(ciphertext: &[u8], tag: &[u8], ad: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
            decrypt_detached(Algorithm::$algorithm, ciphertext, tag, ad, nonce, key)
        }
    };
}

sodium_aead!(
    chacha20poly1305, ChaCha20Poly1305Legacy, 8, ((1 << 32) - 1) * 64, "crypto_aead_chacha20poly1305",
    crypto_aead_chacha20poly1305_keygen, crypto_aead_chacha20poly1305_encrypt, crypto_aead_chacha20poly1305_decrypt,
    crypto_aead_chacha20poly1305_encrypt_detached, crypto_aead_chacha20poly1305_decrypt_detached
);
sodium_aead!(
    chacha20poly1305_ietf, ChaCha20Poly1305, 12, 64 * ((1 << 32) - 1), "crypto_aead_chacha20poly1305_ietf",
    crypto_aead_chacha20poly1305_ietf_keygen, crypto_aead_chacha20poly1305_ietf_encrypt, crypto_aead_chacha20poly1305_ietf_decrypt,
    crypto_aead_chacha20poly1305_ietf_encrypt_detached, crypto_aead_chacha20poly1305_ietf_decrypt_detached
);
sodium_aead!(
    xchacha20poly1305_ietf, XChaCha20Poly1305, 24, 64 * ((1 << 32) - 1), "crypto_aead_xchacha20poly1305_ietf",
    crypto_aead_xchacha20poly1305_ietf_keygen, crypto_aead_xchacha20poly1305_ietf_encrypt, crypto_aead_xchacha20poly1305_ietf_decrypt,
    crypto_aead_xchacha20poly1305_ietf_encrypt_detached, crypto_aead_xchacha20poly1305_ietf_decrypt_detached
);
sodium_aead!(
    aes256gcm, AesGcm, 12, 16 * ((1 << 32) - 2), "crypto_aead_aes256gcm",
    crypto_aead_aes256gcm_keygen, crypto_aead_aes256gcm_encrypt, crypto_aead_aes256gcm_decrypt,
    crypto_aead_aes256gcm_encrypt_detached, crypto_aead_aes256gcm_decrypt_detached
);
