//! scrypt (RFC 7914): the `scrypt` registry's backends, libsodium's
//! (`crypto_pwhash_scryptsalsa208sha256_ll`, native builds) and the
//! `scrypt` crate's. The parameters are checked here, once, for both.

use alloc::vec::Vec;

use crate::backend::{Backend, Registry};
use crate::error::{Error, Result};

/// `derive(password, salt, log2(N), r, p, out) -> ok`: scrypt into `out`
/// with parameters already checked; `false` only where the backend could
/// not allocate its 128 × r × N bytes.
pub(crate) type ScryptFn = fn(&[u8], &[u8], u8, u32, u32, &mut [u8]) -> bool;

/// scrypt. Native builds put libsodium first: its SSE2 Salsa20/8 (chosen
/// at run time) ran ROMix faster than the `scrypt` crate's portable code
/// (an Intel Xeon, family 6 model 207, `kdf::scrypt` forced in turn, nine
/// rounds alternated, median libsodium / crate: N = 2^14, r = 8, p = 1
/// 45.4 / 51.7 ms; N = 2^10, r = 8, p = 16 32.6 / 42.3; N = 2^17, r = 8,
/// p = 1 395 / 483; in bench/rust's runs, N = 2^14, within 3% of each
/// other), and it maps its working memory straight from the system
/// (`mmap`, unmapped after), where the crate's vector can come back from
/// the heap to a later allocation of this process unwiped. WebAssembly has
/// the crate's only.
#[cfg_attr(not(feature = "full"), allow(dead_code))] // without std, only `backends()` reads it (with `full`)
pub(crate) static SCRYPT_BACKENDS: Registry<ScryptFn> = Registry::new(
    "scrypt",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend { name: "libsodium", usable: crate::backend::libsodium::usable, entry: crate::backend::libsodium::scrypt },
        Backend::portable("rustcrypto", rustcrypto),
    ],
);

/// The `scrypt` crate's scrypt; the length given to `Params` only matters
/// for PHC strings (the raw function derives `out.len()` bytes), and the
/// checks in [`scrypt`] leave it nothing to refuse.
fn rustcrypto(password: &[u8], salt: &[u8], log_n: u8, r: u32, p: u32, out: &mut [u8]) -> bool {
    let params = ::scrypt::Params::new(log_n, r, p, ::scrypt::Params::RECOMMENDED_LEN).expect("scrypt parameters checked by kdf::scrypt");
    ::scrypt::scrypt(password, salt, &params, out).expect("scrypt output length checked by kdf::scrypt");
    true
}

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
    // PBKDF2's limit (RFC 8018 §5.2), which both backends enforce.
    if out_len as u64 > MAX_OUTPUT_BYTES {
        return Err(Error::InvalidParameter { what: "output length", expected: "at most (2^32 - 1) × 32", got: out_len as u64 });
    }
    // 128 × r × p bytes of B (RFC 7914 §5 step 1) must be addressable;
    // on 64-bit targets r × p < 2^30 already says so.
    if usize::try_from(128 * u64::from(r) * u64::from(p)).is_err() {
        return Err(Error::InvalidParameter { what: "r × p", expected: "a size this platform can address", got: u64::from(r) * u64::from(p) });
    }
    let mut out = alloc::vec![0u8; out_len];
    if !(SCRYPT_BACKENDS.get())(password, salt, log_n as u8, r, p, &mut out) {
        return Err(Error::InvalidParameter { what: "memory (128 × r × N bytes)", expected: "an amount this system can allocate", got: memory });
    }
    Ok(out)
}

/// The longest scrypt output: PBKDF2-HMAC-SHA-256's (2^32 − 1) × 32 bytes.
const MAX_OUTPUT_BYTES: u64 = ((1 << 32) - 1) * 32;
