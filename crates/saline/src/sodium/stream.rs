//! libsodium's `crypto_stream_*` keystreams with `_xor` and `_xor_ic`
//! (start at block `ic`): ChaCha20 (djb's, 8-byte nonce and 64-bit block
//! counter), ChaCha20-IETF (RFC 8439: 12-byte nonce, 32-bit counter),
//! XChaCha20, Salsa20 and XSalsa20, over the `chacha20` and `salsa20`
//! crates.
//!
//! libsodium's XChaCha20 is HChaCha20 then djb's ChaCha20 (64-bit counter)
//! and its XSalsa20 is HSalsa20 then Salsa20; a counter that crosses 2^32
//! carries into the next word exactly as in libsodium.
//!
//! ```
//! use saline::sodium::stream::*;
//! let (key, nonce) = ([1u8; 32], [2u8; 8]);
//! let whole = crypto_stream_chacha20(128, &nonce, &key)?;
//! // Starting at block 1 skips the first 64 bytes.
//! assert_eq!(crypto_stream_chacha20_xor_ic(&[0u8; 64], &nonce, 1, &key)?, whole[64..]);
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;
use chacha20::cipher::{consts::U10, KeyIvInit, StreamCipher, StreamCipherCore, StreamCipherSeek, StreamCipherSeekCore};
use zeroize::{Zeroize, Zeroizing};

use crate::catalog::Algorithm;
use crate::cipher::{fixed, stream_xor_in_place};
use crate::error::{Error, Result};

/// `crypto_stream_chacha20_KEYBYTES` (and of every stream here).
pub const KEYBYTES: usize = 32;
/// `crypto_stream_chacha20_NONCEBYTES`, `crypto_stream_salsa20_NONCEBYTES`.
pub const CHACHA20_NONCEBYTES: usize = 8;
/// `crypto_stream_chacha20_ietf_NONCEBYTES`.
pub const CHACHA20_IETF_NONCEBYTES: usize = 12;
/// `crypto_stream_xchacha20_NONCEBYTES`, `crypto_stream_xsalsa20_NONCEBYTES`.
pub const XCHACHA20_NONCEBYTES: usize = 24;
/// `crypto_stream_salsa20_NONCEBYTES`.
pub const SALSA20_NONCEBYTES: usize = 8;
/// `crypto_stream_xsalsa20_NONCEBYTES`.
pub const XSALSA20_NONCEBYTES: usize = 24;
/// `crypto_stream_chacha20_ietf_MESSAGEBYTES_MAX`: 2^32 blocks of 64 bytes.
pub const CHACHA20_IETF_MESSAGEBYTES_MAX: u64 = 64 << 32;

const BLOCK: usize = 64;

/// XORs the ChaCha20 keystream of `nonce` (the IETF layout: words 13..16)
/// from block `start` into `buf`, which must fit before the 32-bit block
/// counter wraps. The `chacha20` crate's wrapper stops one block short of
/// the wrap, so the very last block comes from the core directly.
fn chacha20_window(key: &[u8; 32], nonce: &[u8; 12], start: u32, buf: &mut [u8]) {
    let blocks_before_last = (u64::from(u32::MAX - start) * BLOCK as u64).min(buf.len() as u64) as usize;
    let (head, last) = buf.split_at_mut(blocks_before_last);
    if !head.is_empty() {
        let mut cipher = chacha20::ChaCha20::new(key.into(), nonce.into());
        cipher.seek(u64::from(start) * BLOCK as u64);
        cipher.apply_keystream(head);
    }
    if !last.is_empty() {
        let mut core = chacha20::ChaChaCore::<U10>::new(key.into(), nonce.into());
        core.set_block_pos(u32::MAX);
        let mut block = Default::default();
        core.write_keystream_block(&mut block);
        for (b, k) in last.iter_mut().zip(block.iter()) {
            *b ^= k;
        }
        block.zeroize();
    }
}

/// djb's ChaCha20: 64-bit block counter in words 12..14, 8-byte nonce in 14..16.
fn chacha20_djb_xor(key: &[u8; 32], nonce: &[u8; 8], ic: u64, mut buf: &mut [u8]) {
    let mut counter = ic;
    while !buf.is_empty() {
        let (low, high) = (counter as u32, (counter >> 32) as u32);
        let mut ietf_nonce = [0u8; 12];
        ietf_nonce[..4].copy_from_slice(&high.to_le_bytes());
        ietf_nonce[4..].copy_from_slice(nonce);
        let window = ((1u64 << 32) - u64::from(low)).saturating_mul(BLOCK as u64);
        let take = window.min(buf.len() as u64) as usize;
        let (now, rest) = buf.split_at_mut(take);
        chacha20_window(key, &ietf_nonce, low, now);
        buf = rest;
        counter = counter.wrapping_add(take.div_ceil(BLOCK) as u64);
    }
}

fn zeros(len: usize) -> Vec<u8> {
    alloc::vec![0u8; len]
}

/// `crypto_stream_chacha20`: `len` bytes of keystream.
///
/// # Errors
/// [`Error::InvalidLength`] for a nonce that is not 8 bytes or a key that is not 32.
pub fn crypto_stream_chacha20(len: usize, nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_stream_chacha20_xor_ic(&zeros(len), nonce, 0, key)
}

/// `crypto_stream_chacha20_xor`.
///
/// # Errors
/// As [`crypto_stream_chacha20`].
pub fn crypto_stream_chacha20_xor(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_stream_chacha20_xor_ic(message, nonce, 0, key)
}

/// `crypto_stream_chacha20_xor_ic`: from block `ic`; the 64-bit counter wraps
/// at 2^64 as libsodium's does.
///
/// # Errors
/// As [`crypto_stream_chacha20`].
pub fn crypto_stream_chacha20_xor_ic(message: &[u8], nonce: &[u8], ic: u64, key: &[u8]) -> Result<Vec<u8>> {
    let (nonce, key) = (fixed::<8>("nonce", nonce)?, fixed::<32>("key", key)?);
    let mut out = message.to_vec();
    chacha20_djb_xor(key, nonce, ic, &mut out);
    Ok(out)
}

/// `crypto_stream_chacha20_ietf`: `len` bytes of keystream.
///
/// # Errors
/// [`Error::InvalidLength`] for a nonce that is not 12 bytes or a key that
/// is not 32; [`Error::OutputLimit`] past the 32-bit counter.
pub fn crypto_stream_chacha20_ietf(len: usize, nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_stream_chacha20_ietf_xor_ic(&zeros(len), nonce, 0, key)
}

/// `crypto_stream_chacha20_ietf_xor`.
///
/// # Errors
/// As [`crypto_stream_chacha20_ietf`].
pub fn crypto_stream_chacha20_ietf_xor(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_stream_chacha20_ietf_xor_ic(message, nonce, 0, key)
}

/// `crypto_stream_chacha20_ietf_xor_ic`: from block `ic`. Like libsodium,
/// refuses a message that would run past block 2^32 − 1 (libsodium aborts).
///
/// # Errors
/// As [`crypto_stream_chacha20_ietf`].
pub fn crypto_stream_chacha20_ietf_xor_ic(message: &[u8], nonce: &[u8], ic: u32, key: &[u8]) -> Result<Vec<u8>> {
    let (nonce, key) = (fixed::<12>("nonce", nonce)?, fixed::<32>("key", key)?);
    let blocks = (message.len() as u64).div_ceil(BLOCK as u64);
    if u64::from(ic) + blocks > 1 << 32 {
        return Err(Error::OutputLimit { what: "message" });
    }
    let mut out = message.to_vec();
    chacha20_window(key, nonce, ic, &mut out);
    Ok(out)
}

/// `crypto_stream_xchacha20`: `len` bytes of keystream.
///
/// # Errors
/// [`Error::InvalidLength`] for a nonce that is not 24 bytes or a key that is not 32.
pub fn crypto_stream_xchacha20(len: usize, nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_stream_xchacha20_xor_ic(&zeros(len), nonce, 0, key)
}

/// `crypto_stream_xchacha20_xor`.
///
/// # Errors
/// As [`crypto_stream_xchacha20`].
pub fn crypto_stream_xchacha20_xor(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_stream_xchacha20_xor_ic(message, nonce, 0, key)
}

/// `crypto_stream_xchacha20_xor_ic`: HChaCha20(key, nonce[0..16]) keys
/// djb's ChaCha20 with nonce[16..24], from block `ic`.
///
/// # Errors
/// As [`crypto_stream_xchacha20`].
pub fn crypto_stream_xchacha20_xor_ic(message: &[u8], nonce: &[u8], ic: u64, key: &[u8]) -> Result<Vec<u8>> {
    let (nonce, key) = (fixed::<24>("nonce", nonce)?, fixed::<32>("key", key)?);
    let mut derived = chacha20::hchacha::<U10>(key.into(), nonce[..16].into());
    let mut subkey = Zeroizing::new([0u8; 32]);
    subkey.copy_from_slice(&derived);
    derived.as_mut_slice().zeroize();
    let mut out = message.to_vec();
    chacha20_djb_xor(&subkey, nonce[16..].try_into().expect("8 bytes"), ic, &mut out);
    Ok(out)
}

macro_rules! salsa_family {
    ($algorithm:ident, $nonce:literal, $stream:ident, $xor:ident, $xor_ic:ident, $title:literal) => {
        #[doc = concat!("`", $title, "`: `len` bytes of keystream.")]
        ///
        /// # Errors
        #[doc = concat!("[`Error::InvalidLength`] for a nonce that is not ", $nonce, " bytes or a key that is not 32.")]
        pub fn $stream(len: usize, nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
            $xor_ic(&zeros(len), nonce, 0, key)
        }

        #[doc = concat!("`", $title, "_xor`.")]
        ///
        /// # Errors
        #[doc = concat!("As [`", stringify!($stream), "`].")]
        pub fn $xor(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
            $xor_ic(message, nonce, 0, key)
        }

        #[doc = concat!("`", $title, "_xor_ic`: from block `ic` (a 64-bit counter).")]
        ///
        /// # Errors
        #[doc = concat!("As [`", stringify!($stream), "`]; [`Error::OutputLimit`] past the counter's end (2^70 bytes).")]
        pub fn $xor_ic(message: &[u8], nonce: &[u8], ic: u64, key: &[u8]) -> Result<Vec<u8>> {
            let mut out = message.to_vec();
            stream_xor_in_place(Algorithm::$algorithm, key, nonce, ic, &mut out)?;
            Ok(out)
        }
    };
}

salsa_family!(Salsa20, "8", crypto_stream_salsa20, crypto_stream_salsa20_xor, crypto_stream_salsa20_xor_ic, "crypto_stream_salsa20");
salsa_family!(XSalsa20, "24", crypto_stream_xsalsa20, crypto_stream_xsalsa20_xor, crypto_stream_xsalsa20_xor_ic, "crypto_stream_xsalsa20");

/// `crypto_stream_*_keygen`: a random 32-byte key for any stream here.
///
/// # Errors
/// [`Error::RandomSource`].
pub fn crypto_stream_keygen() -> Result<Zeroizing<[u8; KEYBYTES]>> {
    Ok(Zeroizing::new(crate::random::array()?))
}
