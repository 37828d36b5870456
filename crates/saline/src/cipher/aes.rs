//! AES-128/192/256 in CBC (SP 800-38A §6.2, with PKCS#7 padding per
//! RFC 5652 §6.3, or none) and CTR (SP 800-38A §6.5, 128-bit big-endian
//! counter block, as node:crypto's `aes-*-ctr` and noble's `ctr`).
//!
//! The key length selects AES-128, -192 or -256; any other length is an
//! error, never a truncation. Backends ([`crate::backend`], primitives
//! "aes-cbc" and "aes-ctr"): AWS-LC on native `std` builds (AES-NI, or
//! vpaes and bitsliced software without it, picked at run time), then
//! RustCrypto `aes` (AES-NI and ARMv8 picked at run time, constant-time
//! bitsliced software otherwise), the only one on WebAssembly and `no_std`.
//! Both backends see whole blocks only: the PKCS#7 padding and its check are
//! done here, once.
//!
//! CBC is unauthenticated: a padding error is reported as
//! [`Error::InvalidEncoding`], so do not expose it to an attacker who can
//! submit ciphertexts (a padding oracle). The check itself runs in constant
//! time, but the error is the oracle. Prefer an AEAD.

use alloc::vec::Vec;
use cipher::block_padding::NoPadding;
use cipher::{BlockDecryptMut, BlockEncryptMut, KeyIvInit};
use subtle::{ConstantTimeEq, ConstantTimeGreater, ConstantTimeLess, CtOption};

use crate::backend::{Backend, Registry};
use crate::catalog::Algorithm;
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

/// AES-CBC over whole blocks in place, both directions of one backend.
#[derive(Clone, Copy)]
pub(crate) struct CbcFns {
    pub(crate) encrypt: CbcFn,
    pub(crate) decrypt: CbcFn,
}

/// `cbc(key, iv, buf)`: `key` 16, 24 or 32 bytes, `buf` whole blocks.
type CbcFn = fn(&[u8], &[u8; BLOCK_LEN], &mut [u8]);

/// AES-CBC: AWS-LC first (bench/rust, encrypt 1 KiB with PKCS#7 and 1 MiB
/// files: docs/DEPENDENCIES.md), RustCrypto's `aes` + `cbc` after.
pub(crate) static AES_CBC_BACKENDS: Registry<CbcFns> = Registry::new(
    "aes-cbc",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable(
            "aws-lc",
            CbcFns { encrypt: crate::backend::awslc::aes_cbc_encrypt, decrypt: crate::backend::awslc::aes_cbc_decrypt },
        ),
        Backend::portable("rustcrypto", CbcFns { encrypt: rustcrypto_cbc_encrypt, decrypt: rustcrypto_cbc_decrypt }),
    ],
);

/// `xor(key, nonce, counter, buf)`: the AES-CTR keystream from the counter
/// block `nonce + counter` (big-endian, mod 2^128) XORed into `buf`; `key`
/// 16, 24 or 32 bytes.
type CtrXorFn = fn(&[u8], &[u8; BLOCK_LEN], u64, &mut [u8]);

/// AES-CTR one-shot ([`crate::cipher::stream_xor`] and the functions built
/// on it): AWS-LC first (bench/rust, encrypt 1 KiB: docs/DEPENDENCIES.md),
/// RustCrypto's `ctr` after. Both wrap the 128-bit counter block at 2^128
/// (SP 800-38A §B.1 leaves the increment to the user; this is node:crypto's
/// and noble's). The [`crate::cipher::Stream`] object stays on RustCrypto.
pub(crate) static AES_CTR_BACKENDS: Registry<CtrXorFn> = Registry::new(
    "aes-ctr",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("aws-lc", crate::backend::awslc::aes_ctr_xor),
        Backend::portable("rustcrypto", rustcrypto_ctr_xor),
    ],
);

/// Evaluates `$body` with `$A` bound to the AES type for `$key`'s length,
/// which the public functions have checked.
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
            _ => {
                type $A = aes::Aes256;
                $body
            }
        }
    };
}

fn rustcrypto_cbc_encrypt(key: &[u8], iv: &[u8; BLOCK_LEN], buf: &mut [u8]) {
    let len = buf.len();
    with_aes!(key, A => {
        cbc::Encryptor::<A>::new_from_slices(key, iv)
            .expect("lengths checked")
            .encrypt_padded_mut::<NoPadding>(buf, len)
            .expect("whole blocks");
    })
}

fn rustcrypto_cbc_decrypt(key: &[u8], iv: &[u8; BLOCK_LEN], buf: &mut [u8]) {
    with_aes!(key, A => {
        cbc::Decryptor::<A>::new_from_slices(key, iv)
            .expect("lengths checked")
            .decrypt_padded_mut::<NoPadding>(buf)
            .expect("whole blocks");
    })
}

fn rustcrypto_ctr_xor(key: &[u8], nonce: &[u8; BLOCK_LEN], counter: u64, buf: &mut [u8]) {
    // Ctr128BE has no end: it wraps at 2^128, so this cannot fail.
    super::Stream::new(Algorithm::AesCtr, key, nonce, counter)
        .and_then(|mut s| s.apply(buf))
        .expect("lengths checked and a 128-bit counter that wraps");
}

fn check_key(key: &[u8]) -> Result<()> {
    Error::check_length("key", KEY_LENGTHS, key.len())
}

fn check_iv(iv: &[u8]) -> Result<&[u8; BLOCK_LEN]> {
    super::fixed::<BLOCK_LEN>("iv", iv)
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
    let iv = check_iv(iv)?;
    check_key(key)?;
    let mut out = match padding {
        Padding::Pkcs7 => {
            // RFC 5652 §6.3: n = 16 - len mod 16 bytes (1..=16) of value n.
            let pad = BLOCK_LEN - plaintext.len() % BLOCK_LEN;
            let mut out = Vec::with_capacity(plaintext.len() + pad);
            out.extend_from_slice(plaintext);
            out.resize(plaintext.len() + pad, pad as u8);
            out
        }
        Padding::None => {
            Error::check_length("plaintext", Expected::MultipleOf(BLOCK_LEN), plaintext.len())?;
            plaintext.to_vec()
        }
    };
    (AES_CBC_BACKENDS.get().encrypt)(key, iv, &mut out);
    Ok(out)
}

/// Decrypts AES-CBC `ciphertext`, checking and removing PKCS#7 padding
/// unless `padding` is [`Padding::None`].
///
/// # Errors
/// [`Error::InvalidLength`] for a bad key or IV length, or a ciphertext that
/// is not a non-empty multiple of 16 bytes (empty is allowed without
/// padding); [`Error::InvalidEncoding`] for bad padding.
pub fn cbc_decrypt(key: &[u8], iv: &[u8], ciphertext: &[u8], padding: Padding) -> Result<Vec<u8>> {
    let iv = check_iv(iv)?;
    let whole_blocks = ciphertext.len() % BLOCK_LEN == 0;
    if !whole_blocks || (ciphertext.is_empty() && padding == Padding::Pkcs7) {
        return Err(Error::length("ciphertext", Expected::MultipleOf(BLOCK_LEN), ciphertext.len()));
    }
    check_key(key)?;
    let mut out = ciphertext.to_vec();
    (AES_CBC_BACKENDS.get().decrypt)(key, iv, &mut out);
    if padding == Padding::Pkcs7 {
        strip_pkcs7(&mut out)?;
    }
    Ok(out)
}

/// Removes the PKCS#7 padding of a decrypted, non-empty multiple of 16
/// bytes, or wipes it all on bad padding. The accept/reject and the length
/// are the only things decided on the padding's value, once it has been
/// checked in constant time (the ct-check excludes this function's
/// branches by name: docs/VERIFICATION.md).
#[inline(never)]
fn strip_pkcs7(out: &mut Vec<u8>) -> Result<()> {
    let last_block = out[out.len() - BLOCK_LEN..].try_into().expect("a non-empty multiple of 16");
    let pad = pkcs7_padding_len(last_block);
    if bool::from(pad.is_some()) {
        out.truncate(out.len() - usize::from(pad.unwrap_or(0)));
        Ok(())
    } else {
        zeroize::Zeroize::zeroize(out);
        Err(Error::InvalidEncoding { what: "ciphertext", reason: "invalid PKCS#7 padding" })
    }
}

/// The PKCS#7 padding length of the last plaintext block (RFC 5652 §6.3:
/// n bytes of value n, 1 <= n <= 16), or none when the padding is invalid.
/// Every byte is examined whatever the padding, without a branch or an
/// index that depends on it (the same acceptance as RustCrypto's
/// `block_padding::Pkcs7`, which stops at the first bad byte): the only
/// secret-dependent decision left is the caller's accept or reject.
fn pkcs7_padding_len(last_block: &[u8; BLOCK_LEN]) -> CtOption<u8> {
    let pad = last_block[BLOCK_LEN - 1];
    let mut valid = pad.ct_gt(&0) & pad.ct_lt(&(BLOCK_LEN as u8 + 1));
    for (i, byte) in last_block.iter().enumerate() {
        // Byte i is padding when it is among the last `pad` bytes.
        let distance_from_end = (BLOCK_LEN - i) as u8;
        let is_padding = !distance_from_end.ct_gt(&pad);
        valid &= !is_padding | byte.ct_eq(&pad);
    }
    CtOption::new(pad, valid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cipher::block_padding::{Pkcs7, RawPadding};

    /// The constant-time check accepts exactly what RustCrypto's strict
    /// `Pkcs7` (the check before the backend registry) accepts: every final
    /// byte value, with the fill right, and wrong at each position.
    #[test]
    fn padding_check_matches_rustcrypto_pkcs7() {
        for pad in 0..=255u8 {
            for wrong_at in (0..=BLOCK_LEN).rev() {
                let mut block = [pad; BLOCK_LEN];
                if wrong_at < BLOCK_LEN - 1 {
                    block[wrong_at] ^= 0x40;
                }
                let ours = Option::<u8>::from(pkcs7_padding_len(&block)).map(|n| BLOCK_LEN - usize::from(n));
                let theirs = Pkcs7::raw_unpad(&block).ok().map(<[u8]>::len);
                assert_eq!(ours, theirs, "last byte {pad}, wrong byte at {wrong_at}");
            }
        }
    }
}
