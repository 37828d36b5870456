//! scrypt (RFC 7914) over the `scrypt` crate.

use alloc::vec::Vec;

use crate::error::{Error, Result};

/// The most memory scrypt may use, 128 × r × N bytes: 4 GiB on 64-bit
/// targets, 1 GiB on 32-bit ones (wasm32). Rust aborts on a failed
/// allocation, so larger requests are refused up front instead.
pub const MAX_MEMORY_BYTES: u64 = if usize::BITS >= 64 { 1 << 32 } else { 1 << 30 };

/// scrypt of `password` and `salt` with cost `n` (a power of two, at least
/// 2), block size `r`, parallelism `p`, `out_len` bytes long.
///
/// # Errors
/// [`Error::InvalidParameter`] for an `n` that is not a power of two ≥ 2 or
/// not below 2^(16 r) (RFC 7914 §2), `r` or `p` of zero, r × p ≥ 2^30, memory
/// above [`MAX_MEMORY_BYTES`], or an output length of 0.
///
/// ```
/// // RFC 7914 §12, second vector (N = 1024, r = 8, p = 16).
/// let dk = saline::kdf::scrypt(b"password", b"NaCl", 1024, 8, 16, 64)?;
/// assert_eq!(dk[..4], [0xfd, 0xba, 0xbe, 0x1c]);
/// # Ok::<(), saline::Error>(())
/// ```
pub fn scrypt(password: &[u8], salt: &[u8], n: u64, r: u32, p: u32, out_len: usize) -> Result<Vec<u8>> {
    if n < 2 || !n.is_power_of_two() {
        return Err(Error::InvalidParameter { what: "N", expected: "a power of two, at least 2", got: n });
    }
    if r == 0 {
        return Err(Error::InvalidParameter { what: "r", expected: "at least 1", got: 0 });
    }
    if p == 0 {
        return Err(Error::InvalidParameter { what: "p", expected: "at least 1", got: 0 });
    }
    let log_n = n.trailing_zeros();
    if u64::from(log_n) >= 16 * u64::from(r) {
        return Err(Error::InvalidParameter { what: "N", expected: "below 2^(16 r) (RFC 7914 §2)", got: n });
    }
    if u64::from(r) * u64::from(p) >= 1 << 30 {
        return Err(Error::InvalidParameter { what: "r × p", expected: "below 2^30", got: u64::from(r) * u64::from(p) });
    }
    let memory = 128u64.saturating_mul(u64::from(r)).saturating_mul(n);
    if memory > MAX_MEMORY_BYTES {
        return Err(Error::InvalidParameter { what: "memory (128 × r × N bytes)", expected: "at most MAX_MEMORY_BYTES", got: memory });
    }
    if out_len == 0 {
        return Err(Error::InvalidParameter { what: "output length", expected: "at least 1", got: 0 });
    }
    // The length given to Params only matters for PHC strings; the raw
    // function derives `out.len()` bytes.
    let params = ::scrypt::Params::new(log_n as u8, r, p, ::scrypt::Params::RECOMMENDED_LEN)
        .map_err(|_| Error::InvalidParameter { what: "r × p", expected: "a size this platform can address", got: u64::from(r) * u64::from(p) })?;
    let mut out = alloc::vec![0u8; out_len];
    ::scrypt::scrypt(password, salt, &params, &mut out)
        .map_err(|_| Error::InvalidParameter { what: "output length", expected: "at most (2^32 - 1) × 32", got: out_len as u64 })?;
    Ok(out)
}
