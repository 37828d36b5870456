//! AES-128/192/256 in CBC (SP 800-38A §6.2, with PKCS#7 padding per
//! RFC 5652 §6.3, or none) and CTR (SP 800-38A §6.5, 128-bit big-endian
//! counter block, as node:crypto's `aes-*-ctr` and noble's `ctr`).
//!
//! The key length selects AES-128, -192 or -256; any other length is an
//! error, never a truncation. Backend: RustCrypto `aes` (AES-NI and ARMv8
//! picked at run time, constant-time bitsliced software otherwise).
//!
//! CBC is unauthenticated: a padding error is reported as
//! [`Error::InvalidEncoding`], so do not expose it to an attacker who can
//! submit ciphertexts (a padding oracle). Prefer an AEAD.

use alloc::vec;
use alloc::vec::Vec;
use cipher::block_padding::{NoPadding, Pkcs7};
use cipher::{BlockDecryptMut, BlockEncryptMut, KeyIvInit};

use crate::error::{Error, Expected, Result};

/// The AES key lengths: 16, 24 or 32 bytes.
pub const KEY_LENGTHS: Expected = Expected::OneOf(&[16, 24, 32]);
/// The AES block and IV length.
pub const BLOCK_LEN: usize = 16;

/// CBC padding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Padding {
    /// PKCS#7: always adds 1..=16 bytes; decryption checks and strips them.
    #[default]
    Pkcs7,
    /// No padding: the input must be a multiple of 16 bytes.
    None,
}

/// Evaluates `$body` with `$A` bound to the AES type for `$key`'s length.
macro_rules! with_aes {
    ($key:expr, $A:ident => $body:expr) => {
        match $key.len() {
            16 => {
                type $A = aes::Aes128;
                $body
            }
            24 => {
                type $A = aes::Aes192;
                $body
            }
            32 => {
                type $A = aes::Aes256;
                $body
            }
            got => Err(Error::length("key", KEY_LENGTHS, got)),
        }
    };
}

fn check_iv(iv: &[u8]) -> Result<()> {
    Error::check_length("iv", Expected::Exactly(BLOCK_LEN), iv.len())
}

/// Encrypts `plaintext` with AES-CBC.
///
/// Output: `plaintext.len()` rounded up to the next multiple of 16 plus a
/// full block for PKCS#7 (1..=16 bytes added), or exactly `plaintext.len()`
/// without padding.
///
/// # Errors
/// [`Error::InvalidLength`] for a key other than 16/24/32 bytes, an IV other
/// than 16 bytes, or (without padding) a plaintext that is not a multiple of 16.
///
/// ```
/// use saline::cipher::aes::{cbc_encrypt, cbc_decrypt, Padding};
/// let (key, iv) = ([1u8; 32], [2u8; 16]);
/// let ct = cbc_encrypt(&key, &iv, b"attack at dawn", Padding::Pkcs7)?;
/// assert_eq!(ct.len(), 16);
/// assert_eq!(cbc_decrypt(&key, &iv, &ct, Padding::Pkcs7)?, b"attack at dawn");
/// # Ok::<(), saline::Error>(())
/// ```
pub fn cbc_encrypt(key: &[u8], iv: &[u8], plaintext: &[u8], padding: Padding) -> Result<Vec<u8>> {
    check_iv(iv)?;
    with_aes!(key, A => {
        let enc = cbc::Encryptor::<A>::new_from_slices(key, iv).expect("lengths checked");
        match padding {
            Padding::Pkcs7 => {
                let mut out = vec![0u8; (plaintext.len() / BLOCK_LEN + 1) * BLOCK_LEN];
                let n = enc.encrypt_padded_b2b_mut::<Pkcs7>(plaintext, &mut out).expect("buffer fits").len();
                debug_assert_eq!(n, out.len());
                Ok(out)
            }
            Padding::None => {
                Error::check_length("plaintext", Expected::MultipleOf(BLOCK_LEN), plaintext.len())?;
                let mut out = vec![0u8; plaintext.len()];
                enc.encrypt_padded_b2b_mut::<NoPadding>(plaintext, &mut out).expect("whole blocks");
                Ok(out)
            }
        }
    })
}

/// Decrypts AES-CBC `ciphertext`, checking and removing PKCS#7 padding
/// unless `padding` is [`Padding::None`].
///
/// # Errors
/// [`Error::InvalidLength`] for a bad key or IV length, or a ciphertext that
/// is not a non-empty multiple of 16 bytes (empty is allowed without
/// padding); [`Error::InvalidEncoding`] for bad padding.
pub fn cbc_decrypt(key: &[u8], iv: &[u8], ciphertext: &[u8], padding: Padding) -> Result<Vec<u8>> {
    check_iv(iv)?;
    let whole_blocks = ciphertext.len() % BLOCK_LEN == 0;
    if !whole_blocks || (ciphertext.is_empty() && padding == Padding::Pkcs7) {
        return Err(Error::length("ciphertext", Expected::MultipleOf(BLOCK_LEN), ciphertext.len()));
    }
    with_aes!(key, A => {
        let dec = cbc::Decryptor::<A>::new_from_slices(key, iv).expect("lengths checked");
        let mut out = ciphertext.to_vec();
        let len = match padding {
            Padding::Pkcs7 => dec.decrypt_padded_mut::<Pkcs7>(&mut out).map(|p| p.len()),
            Padding::None => dec.decrypt_padded_mut::<NoPadding>(&mut out).map(|p| p.len()),
        };
        match len {
            Ok(len) => {
                out.truncate(len);
                Ok(out)
            }
            Err(_) => {
                zeroize::Zeroize::zeroize(&mut out);
                Err(Error::InvalidEncoding { what: "ciphertext", reason: "invalid PKCS#7 padding" })
            }
        }
    })
}
