//! PBKDF2 (RFC 8018 §5.2) with HMAC over any fixed-output hash of the
//! catalog; SHA-1, SHA-256 and SHA-512 are the common choices.

use alloc::vec::Vec;

use crate::catalog::Algorithm;
use crate::error::{Error, Result};
use crate::mac::hmac::{hmac_list, match_hmac_type};

/// PBKDF2-HMAC-`hash` of `password` and `salt` with `iterations` rounds,
/// `out_len` bytes long.
///
/// # Errors
/// [`Error::UnknownAlgorithm`] for a hash without an HMAC;
/// [`Error::InvalidParameter`] for zero iterations or an output length of 0
/// or above (2^32 − 1) × the hash length (RFC 8018 §5.2 step 1).
///
/// ```
/// use saline::{kdf::pbkdf2, Algorithm};
/// // RFC 6070 test case 2.
/// let dk = pbkdf2(Algorithm::Sha1, b"password", b"salt", 2, 20)?;
/// assert_eq!(dk[..4], [0xea, 0x6c, 0x01, 0x4d]);
/// # Ok::<(), saline::Error>(())
/// ```
pub fn pbkdf2(hash: Algorithm, password: &[u8], salt: &[u8], iterations: u32, out_len: usize) -> Result<Vec<u8>> {
    if iterations == 0 {
        return Err(Error::InvalidParameter { what: "iterations", expected: "at least 1", got: 0 });
    }
    let max_len = (u32::MAX as u64).saturating_mul(hash.info().output_len as u64);
    if out_len == 0 || out_len as u64 > max_len {
        return Err(Error::InvalidParameter {
            what: "output length",
            expected: "1 to (2^32 - 1) × the hash length",
            got: out_len as u64,
        });
    }
    let mut out = alloc::vec![0u8; out_len];
    hmac_list!(match_hmac_type!(hash, D, M,
        ::pbkdf2::pbkdf2::<M>(password, salt, iterations, &mut out).expect("HMAC takes any key length"),
        return Err(Error::UnknownAlgorithm { name: hash.name().into(), kind: "hash with an HMAC" })
    ));
    Ok(out)
}
