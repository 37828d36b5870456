//! Argon2id, Argon2i and Argon2d (RFC 9106), version 1.3, raw and as PHC
//! strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), over the `argon2` crate.
//!
//! Parameter ranges (RFC 9106 §3.1), all checked before any work:
//! * `t` (passes) ≥ 1;
//! * `p` (lanes) 1 to 2^24 − 1;
//! * `m` (KiB) from 8 × p up to [`MAX_MEMORY_KIB`];
//! * salt 8 bytes or more (16 recommended), output 4 bytes or more;
//! * optional secret (the "pepper") and associated data.
//!
//! Lanes are computed one after another: the core is single-threaded so that
//! it runs in WebAssembly; the result is the same as with threads.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use argon2::password_hash::{PasswordHash, PasswordHasher, SaltString};

use crate::catalog::Algorithm;
use crate::error::{Error, Expected, Result};

/// The most memory one call may use, in KiB: 4 GiB on 64-bit targets, 1 GiB
/// on 32-bit ones (wasm32). Rust aborts on a failed allocation, so larger
/// requests are refused up front, including from PHC strings being verified.
pub const MAX_MEMORY_KIB: u32 = if usize::BITS >= 64 { 4 << 20 } else { 1 << 20 };

/// Argon2 cost parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Argon2Params {
    /// Passes over memory (`t`), at least 1.
    pub t: u32,
    /// Memory in KiB (`m`), from 8 × `p` to [`MAX_MEMORY_KIB`].
    pub m: u32,
    /// Lanes (`p`), 1 to 2^24 − 1.
    pub p: u32,
    /// Output length in bytes, at least 4.
    pub out_len: usize,
}

impl Default for Argon2Params {
    /// RFC 9106 §4's second recommendation (t = 3, m = 64 MiB, p = 4), 32-byte output.
    fn default() -> Self {
        Argon2Params { t: 3, m: 64 * 1024, p: 4, out_len: 32 }
    }
}

fn variant(algorithm: Algorithm) -> Result<argon2::Algorithm> {
    match algorithm {
        Algorithm::Argon2id => Ok(argon2::Algorithm::Argon2id),
        Algorithm::Argon2i => Ok(argon2::Algorithm::Argon2i),
        Algorithm::Argon2d => Ok(argon2::Algorithm::Argon2d),
        other => Err(Error::UnknownAlgorithm { name: other.name().into(), kind: "argon2 variant" }),
    }
}

fn check(params: &Argon2Params) -> Result<argon2::Params> {
    if params.t == 0 {
        return Err(Error::InvalidParameter { what: "t", expected: "at least 1", got: 0 });
    }
    if params.p == 0 || params.p > argon2::Params::MAX_P_COST {
        return Err(Error::InvalidParameter { what: "p", expected: "1 to 2^24 - 1", got: params.p.into() });
    }
    if u64::from(params.m) < 8 * u64::from(params.p) {
        return Err(Error::InvalidParameter { what: "m", expected: "at least 8 × p KiB", got: params.m.into() });
    }
    if params.m > MAX_MEMORY_KIB {
        return Err(Error::InvalidParameter { what: "m", expected: "at most MAX_MEMORY_KIB (4 GiB; 1 GiB on 32-bit)", got: params.m.into() });
    }
    if params.out_len < 4 || params.out_len as u64 > u64::from(u32::MAX) {
        return Err(Error::InvalidParameter { what: "output length", expected: "4 to 2^32 - 1 bytes", got: params.out_len as u64 });
    }
    argon2::Params::new(params.m, params.t, params.p, Some(params.out_len))
        .map_err(|_| Error::InvalidParameter { what: "m", expected: "at least 8 × p KiB", got: params.m.into() })
}

fn check_salt(salt: &[u8]) -> Result<()> {
    Error::check_length("salt", Expected::AtLeast(argon2::MIN_SALT_LEN), salt.len())
}

/// Raw Argon2 output of `password` and `salt`, with an optional `secret`
/// key and associated data `ad` (RFC 9106 §3.2's K and X).
///
/// # Errors
/// [`Error::UnknownAlgorithm`] for a non-Argon2 algorithm;
/// [`Error::InvalidParameter`] or [`Error::InvalidLength`] for parameters
/// out of the ranges in the module docs.
///
/// ```
/// use saline::{kdf::{argon2, Argon2Params}, Algorithm};
/// let params = Argon2Params { t: 1, m: 64, p: 1, out_len: 16 };
/// let key = argon2(Algorithm::Argon2id, b"password", b"somesalt", None, None, &params)?;
/// assert_eq!(key.len(), 16);
/// # Ok::<(), saline::Error>(())
/// ```
pub fn argon2(
    algorithm: Algorithm,
    password: &[u8],
    salt: &[u8],
    secret: Option<&[u8]>,
    ad: Option<&[u8]>,
    params: &Argon2Params,
) -> Result<Vec<u8>> {
    let variant = variant(algorithm)?;
    check_salt(salt)?;
    let mut crate_params = check(params)?;
    if let Some(ad) = ad {
        // The crate keeps associated data in its Params (up to 32 bytes, the
        // PHC `data` field); longer data would be refused there.
        crate_params = argon2::ParamsBuilder::new()
            .m_cost(params.m)
            .t_cost(params.t)
            .p_cost(params.p)
            .output_len(params.out_len)
            .data(argon2::AssociatedData::new(ad).map_err(|_| Error::length("ad", Expected::Range(0, argon2::Params::MAX_DATA_LEN), ad.len()))?)
            .build()
            .expect("parameters checked");
    }
    let hasher = match secret {
        Some(secret) => argon2::Argon2::new_with_secret(secret, variant, argon2::Version::V0x13, crate_params)
            .map_err(|_| Error::length("secret", Expected::Range(0, u32::MAX as usize), secret.len()))?,
        None => argon2::Argon2::new(variant, argon2::Version::V0x13, crate_params),
    };
    let mut out = alloc::vec![0u8; params.out_len];
    // Natively, p > 1 computes the lanes in parallel (kdf/argon2_lanes.rs).
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    if super::argon2_lanes::worth_it(params) {
        super::argon2_lanes::hash_into(algorithm, password, salt, secret, ad, params, &mut out)?;
        return Ok(out);
    }
    hasher
        .hash_password_into(password, salt, &mut out)
        .map_err(|_| Error::length("password", Expected::Range(0, u32::MAX as usize), password.len()))?;
    Ok(out)
}

/// A PHC string for `password` with a random 16-byte salt.
///
/// # Errors
/// As [`argon2_hash_with_salt`]; [`Error::RandomSource`] if randomness fails.
pub fn argon2_hash(algorithm: Algorithm, password: &[u8], params: &Argon2Params) -> Result<String> {
    argon2_hash_with_salt(algorithm, password, &crate::random::array::<16>()?, params)
}

/// A PHC string for `password` with the given salt (8 to 48 bytes, the PHC limit).
///
/// # Errors
/// As [`argon2()`]; [`Error::InvalidLength`] for a salt over 48 bytes.
///
/// ```
/// use saline::{kdf::{argon2_hash, argon2_verify, Argon2Params}, Algorithm};
/// let params = Argon2Params { t: 1, m: 64, p: 1, out_len: 32 };
/// let phc = argon2_hash(Algorithm::Argon2id, b"hunter2", &params)?;
/// assert!(phc.starts_with("$argon2id$v=19$m=64,t=1,p=1$"));
/// argon2_verify(b"hunter2", &phc)?;
/// assert!(argon2_verify(b"hunter3", &phc).is_err());
/// # Ok::<(), saline::Error>(())
/// ```
pub fn argon2_hash_with_salt(algorithm: Algorithm, password: &[u8], salt: &[u8], params: &Argon2Params) -> Result<String> {
    let variant = variant(algorithm)?;
    check_salt(salt)?;
    Error::check_length("salt", Expected::Range(argon2::MIN_SALT_LEN, 48), salt.len())?;
    let crate_params = check(params)?;
    let salt = SaltString::encode_b64(salt).map_err(|_| Error::length("salt", Expected::Range(8, 48), salt.len()))?;
    let phc = argon2::Argon2::new(variant, argon2::Version::V0x13, crate_params)
        .hash_password(password, &salt)
        .map_err(|_| Error::length("password", Expected::Range(0, u32::MAX as usize), password.len()))?;
    Ok(phc.to_string())
}

/// Checks `password` against a PHC string made by any Argon2 implementation
/// (versions 0x10 and 0x13), in constant time.
///
/// # Errors
/// [`Error::InvalidEncoding`] for a string that is not an Argon2 PHC string;
/// [`Error::InvalidParameter`] for parameters out of range (including memory
/// above [`MAX_MEMORY_KIB`]); [`Error::VerificationFailed`] for a wrong password.
pub fn argon2_verify(password: &[u8], phc: &str) -> Result<()> {
    let bad = |reason| Error::InvalidEncoding { what: "PHC string", reason };
    let hash = PasswordHash::new(phc).map_err(|_| bad("not a PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash)"))?;
    let variant = argon2::Algorithm::try_from(hash.algorithm).map_err(|_| bad("not an Argon2 identifier"))?;
    let version = match hash.version {
        None => argon2::Version::V0x10,
        Some(v) => argon2::Version::try_from(v).map_err(|_| bad("unknown Argon2 version"))?,
    };
    let expected = hash.hash.ok_or_else(|| bad("missing hash"))?;
    let parsed = argon2::Params::try_from(&hash).map_err(|_| bad("invalid m, t or p"))?;
    let params = Argon2Params { t: parsed.t_cost(), m: parsed.m_cost(), p: parsed.p_cost(), out_len: expected.len() };
    let crate_params = check(&params)?;
    let mut salt_buf = [0u8; 64];
    let salt = hash.salt.ok_or_else(|| bad("missing salt"))?.decode_b64(&mut salt_buf).map_err(|_| bad("invalid salt"))?;
    let mut out = zeroize::Zeroizing::new(alloc::vec![0u8; expected.len()]);
    argon2::Argon2::new(variant, version, crate_params)
        .hash_password_into(password, salt, &mut out)
        .map_err(|_| bad("salt too short"))?;
    if crate::ct_eq(&out, expected.as_bytes()) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}
