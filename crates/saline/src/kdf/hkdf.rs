//! HKDF (RFC 5869): extract, expand, and both in one call, with HMAC over
//! any fixed-output hash of the catalog.

use alloc::vec::Vec;

use crate::catalog::Algorithm;
use crate::error::{Error, Expected, Result};
use crate::mac::hmac::{hmac_list, match_hmac_type};

fn unknown(hash: Algorithm) -> Error {
    Error::UnknownAlgorithm { name: hash.name().into(), kind: "hash with an HMAC" }
}

fn check_len(hash: Algorithm, out_len: usize) -> Result<()> {
    // RFC 5869 §2.3: L <= 255 * HashLen.
    Error::check_length("output", Expected::Range(0, 255 * hash.info().output_len), out_len)
}

/// HKDF-Extract (RFC 5869 §2.2): the pseudorandom key, one hash long. An
/// empty `salt` means a string of HashLen zeros, as the RFC specifies.
///
/// # Errors
/// [`Error::UnknownAlgorithm`] for a hash without an HMAC.
pub fn hkdf_extract(hash: Algorithm, salt: &[u8], ikm: &[u8]) -> Result<Vec<u8>> {
    hmac_list!(match_hmac_type!(hash, D, M, {
        let (prk, _) = ::hkdf::Hkdf::<D, M>::extract(Some(salt), ikm);
        Ok(prk.to_vec())
    }, Err(unknown(hash))))
}

/// HKDF-Expand (RFC 5869 §2.3): `out_len` bytes from a pseudorandom key.
///
/// # Errors
/// [`Error::UnknownAlgorithm`] for a hash without an HMAC;
/// [`Error::InvalidLength`] for a `prk` shorter than the hash output or an
/// `out_len` above 255 × the hash output.
pub fn hkdf_expand(hash: Algorithm, prk: &[u8], info: &[u8], out_len: usize) -> Result<Vec<u8>> {
    check_len(hash, out_len)?;
    let mut out = alloc::vec![0u8; out_len];
    hmac_list!(match_hmac_type!(hash, D, M, {
        let hk = ::hkdf::Hkdf::<D, M>::from_prk(prk)
            .map_err(|_| Error::length("prk", Expected::AtLeast(hash.info().output_len), prk.len()))?;
        hk.expand(info, &mut out).expect("length checked");
    }, return Err(unknown(hash))));
    Ok(out)
}

/// HKDF (RFC 5869 §2): extract then expand, `out_len` bytes.
///
/// # Errors
/// As [`hkdf_extract`] and [`hkdf_expand`].
///
/// ```
/// use saline::{kdf::hkdf, Algorithm};
/// let okm = hkdf(Algorithm::Sha256, &[0x0b; 22], &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], &[0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9], 42)?;
/// assert_eq!(okm[..4], [0x3c, 0xb2, 0x5f, 0x25]); // RFC 5869 A.1
/// # Ok::<(), saline::Error>(())
/// ```
pub fn hkdf(hash: Algorithm, ikm: &[u8], salt: &[u8], info: &[u8], out_len: usize) -> Result<Vec<u8>> {
    check_len(hash, out_len)?;
    let mut out = alloc::vec![0u8; out_len];
    hmac_list!(match_hmac_type!(hash, D, M, {
        ::hkdf::Hkdf::<D, M>::new(Some(salt), ikm).expand(info, &mut out).expect("length checked");
    }, return Err(unknown(hash))));
    Ok(out)
}
