//! libsodium's helpers for little-endian counters, constant-time
//! comparison, ISO/IEC 7816-4 padding and deterministic random bytes
//! (libsodium `sodium/utils.c`, `randombytes/randombytes.c`).
//!
//! The arithmetic and comparisons run in time that depends only on the
//! lengths, as libsodium's do.
//!
//! ```
//! use saline::sodium::utils::*;
//! let mut nonce = [0xff, 0xff, 0, 0];
//! sodium_increment(&mut nonce);
//! assert_eq!(nonce, [0, 0, 1, 0]);
//! let padded = sodium_pad(b"abc", 8)?;
//! assert_eq!(padded, b"abc\x80\0\0\0\0");
//! assert_eq!(sodium_unpad(&padded, 8)?, 3);
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec::Vec;
use subtle::{ConditionallySelectable, ConstantTimeEq};

use crate::catalog::Algorithm;
use crate::error::{Error, Expected, Result};

/// `randombytes_SEEDBYTES`.
pub const RANDOMBYTES_SEEDBYTES: usize = 32;
/// The largest output of [`randombytes_buf_deterministic`]: the IETF
/// ChaCha20 keystream of one nonce (libsodium refuses more, 2^38 bytes).
pub const RANDOMBYTES_DETERMINISTIC_MAX: u64 = 64 << 32;

fn same_length(a: &[u8], b: &[u8]) -> Result<()> {
    Error::check_length("b", Expected::Exactly(a.len()), b.len())
}

/// `sodium_increment`: adds 1 to a little-endian number of any length,
/// wrapping at 2^(8·len) (nonces and counters).
pub fn sodium_increment(n: &mut [u8]) {
    let mut carry = 1u16;
    for byte in n.iter_mut() {
        carry += u16::from(*byte);
        *byte = carry as u8;
        carry >>= 8;
    }
}

/// `sodium_add`: `a = (a + b) mod 2^(8·len)`, little-endian.
///
/// # Errors
/// [`Error::InvalidLength`] unless both have the same length.
pub fn sodium_add(a: &mut [u8], b: &[u8]) -> Result<()> {
    same_length(a, b)?;
    let mut carry = 0u16;
    for (x, y) in a.iter_mut().zip(b) {
        carry += u16::from(*x) + u16::from(*y);
        *x = carry as u8;
        carry >>= 8;
    }
    Ok(())
}

/// `sodium_sub`: `a = (a − b) mod 2^(8·len)`, little-endian.
///
/// # Errors
/// [`Error::InvalidLength`] unless both have the same length.
pub fn sodium_sub(a: &mut [u8], b: &[u8]) -> Result<()> {
    same_length(a, b)?;
    let mut borrow = 0u16;
    for (x, y) in a.iter_mut().zip(b) {
        let difference = u16::from(*x).wrapping_sub(u16::from(*y)).wrapping_sub(borrow);
        *x = difference as u8;
        borrow = (difference >> 8) & 1;
    }
    Ok(())
}

/// `sodium_compare`: −1, 0 or 1 as `a` is below, equal to or above `b`,
/// both little-endian numbers of the same length. Constant time.
///
/// # Errors
/// [`Error::InvalidLength`] unless both have the same length.
pub fn sodium_compare(a: &[u8], b: &[u8]) -> Result<i32> {
    same_length(a, b)?;
    // From the least significant byte up, a later (more significant)
    // difference overrides an earlier one.
    let mut result = 0i8;
    for (x, y) in a.iter().zip(b) {
        let below = u8::from(x < y);
        let above = u8::from(x > y);
        let differs = subtle::Choice::from(below | above);
        result = i8::conditional_select(&result, &((above as i8) - (below as i8)), differs);
    }
    Ok(i32::from(result))
}

/// `sodium_is_zero`: whether every byte is zero. Constant time.
pub fn sodium_is_zero(n: &[u8]) -> bool {
    bool::from(n.iter().fold(0u8, |acc, b| acc | b).ct_eq(&0))
}

/// `sodium_memcmp`: whether `a` and `b` are equal, in constant time
/// (libsodium's 0 / −1). Different lengths compare unequal.
pub fn sodium_memcmp(a: &[u8], b: &[u8]) -> bool {
    crate::ct_eq(a, b)
}

/// `sodium_pad`: ISO/IEC 7816-4 padding: 0x80, then zeros up to a multiple
/// of `block_size`; always at least one byte is added.
///
/// # Errors
/// [`Error::InvalidParameter`] for a block size of 0;
/// [`Error::OutputLimit`] when the padded length cannot be allocated (a
/// hostile block size is an error, not an abort).
pub fn sodium_pad(data: &[u8], block_size: usize) -> Result<Vec<u8>> {
    if block_size == 0 {
        return Err(Error::InvalidParameter { what: "block size", expected: "at least 1", got: 0 });
    }
    let too_long = Error::OutputLimit { what: "padded length" };
    let padded_len = data.len().checked_add(block_size - data.len() % block_size).ok_or(too_long.clone())?;
    let mut out = Vec::new();
    out.try_reserve_exact(padded_len).map_err(|_| too_long)?;
    out.extend_from_slice(data);
    out.push(0x80);
    out.resize(padded_len, 0);
    Ok(out)
}

/// `sodium_unpad`: the length before [`sodium_pad`]. Like libsodium, looks
/// only at the last `block_size` bytes, in constant time.
///
/// # Errors
/// [`Error::InvalidParameter`] for a block size of 0;
/// [`Error::InvalidEncoding`] when the last block does not end in
/// 0x80 followed by zeros, or `padded` is shorter than a block.
pub fn sodium_unpad(padded: &[u8], block_size: usize) -> Result<usize> {
    if block_size == 0 {
        return Err(Error::InvalidParameter { what: "block size", expected: "at least 1", got: 0 });
    }
    let invalid = Error::InvalidEncoding { what: "padded", reason: "has no ISO/IEC 7816-4 padding in its last block" };
    if padded.len() < block_size {
        return Err(invalid);
    }
    // Scan the last block from the end: `zeros` stays set while only zero
    // bytes have been seen; the first 0x80 after them marks the padding.
    let last = &padded[padded.len() - block_size..];
    let (mut zeros, mut found, mut pad_len) = (subtle::Choice::from(1), subtle::Choice::from(0), 0u64);
    for (i, byte) in last.iter().rev().enumerate() {
        let is_marker = zeros & byte.ct_eq(&0x80);
        pad_len.conditional_assign(&(i as u64 + 1), is_marker);
        found |= is_marker;
        zeros &= byte.ct_eq(&0);
    }
    if bool::from(found) {
        Ok(padded.len() - pad_len as usize)
    } else {
        Err(invalid)
    }
}

/// `randombytes_buf_deterministic`: `len` bytes that depend only on the
/// 32-byte `seed`: the IETF ChaCha20 keystream under key = seed and nonce
/// "LibsodiumDRG".
///
/// # Errors
/// [`Error::InvalidLength`] for a seed that is not 32 bytes;
/// [`Error::OutputLimit`] above [`RANDOMBYTES_DETERMINISTIC_MAX`].
pub fn randombytes_buf_deterministic(len: usize, seed: &[u8]) -> Result<Vec<u8>> {
    Error::check_length("seed", Expected::Exactly(RANDOMBYTES_SEEDBYTES), seed.len())?;
    if len as u64 > RANDOMBYTES_DETERMINISTIC_MAX {
        return Err(Error::OutputLimit { what: "length" });
    }
    crate::cipher::keystream(Algorithm::ChaCha20, seed, b"LibsodiumDRG", 0, len)
}
