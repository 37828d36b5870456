//! `crypto_core_ristretto255_*` and `crypto_scalarmult_ristretto255*`: the
//! prime-order group Ristretto255 (RFC 9496) over `curve25519-dalek`'s
//! `RistrettoPoint`, with libsodium's rules (libsodium
//! `crypto_core/ed25519/core_ristretto255.c`,
//! `crypto_scalarmult/ristretto255/ref10/scalarmult_ristretto255_ref10.c`):
//! only canonical encodings decode; `from_hash` is RFC 9496 §4.3.4's
//! one-way map; scalar multiplication clears the scalar's top bit and
//! refuses an identity result. The scalar functions are those of
//! [`super::core_ed25519`] (the group order is ℓ in both).
//!
//! ```
//! use saline::sodium::ristretto255::*;
//! let p = crypto_core_ristretto255_from_hash(&[3u8; 64])?;
//! assert!(crypto_core_ristretto255_is_valid_point(&p)?);
//! let two_p = crypto_scalarmult_ristretto255(&{ let mut n = [0u8; 32]; n[0] = 2; n }, &p)?;
//! assert_eq!(crypto_core_ristretto255_add(&p, &p)?, two_p);
//! # Ok::<(), saline::Error>(())
//! ```

use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::IsIdentity;
use zeroize::Zeroizing;

use super::core_ed25519 as ed;
use crate::cipher::fixed;
use crate::error::{Error, Result};

/// `crypto_core_ristretto255_BYTES`.
pub const BYTES: usize = 32;
/// `crypto_core_ristretto255_HASHBYTES`.
pub const HASHBYTES: usize = 64;
/// `crypto_core_ristretto255_SCALARBYTES`.
pub const SCALARBYTES: usize = 32;
/// `crypto_core_ristretto255_NONREDUCEDSCALARBYTES`.
pub const NONREDUCEDSCALARBYTES: usize = 64;

fn decode(bytes: &[u8]) -> Result<RistrettoPoint> {
    CompressedRistretto(*fixed::<32>("point", bytes)?)
        .decompress()
        .ok_or(Error::InvalidEncoding { what: "point", reason: "not a canonical Ristretto255 encoding" })
}

/// `crypto_core_ristretto255_is_valid_point`.
///
/// # Errors
/// [`Error::InvalidLength`] unless 32 bytes.
pub fn crypto_core_ristretto255_is_valid_point(p: &[u8]) -> Result<bool> {
    fixed::<32>("point", p)?;
    Ok(decode(p).is_ok())
}

/// `crypto_core_ristretto255_add`: p + q.
///
/// # Errors
/// [`Error::InvalidEncoding`] when either does not decode.
pub fn crypto_core_ristretto255_add(p: &[u8], q: &[u8]) -> Result<[u8; 32]> {
    Ok((decode(p)? + decode(q)?).compress().to_bytes())
}

/// `crypto_core_ristretto255_sub`: p − q.
///
/// # Errors
/// As [`crypto_core_ristretto255_add`].
pub fn crypto_core_ristretto255_sub(p: &[u8], q: &[u8]) -> Result<[u8; 32]> {
    Ok((decode(p)? - decode(q)?).compress().to_bytes())
}

/// `crypto_core_ristretto255_from_hash`: RFC 9496's one-way map of 64 bytes.
///
/// # Errors
/// [`Error::InvalidLength`] unless 64 bytes.
pub fn crypto_core_ristretto255_from_hash(h: &[u8]) -> Result<[u8; 32]> {
    Ok(RistrettoPoint::from_uniform_bytes(fixed("h", h)?).compress().to_bytes())
}

/// `crypto_core_ristretto255_random`.
///
/// # Errors
/// [`Error::RandomSource`].
pub fn crypto_core_ristretto255_random() -> Result<[u8; 32]> {
    crypto_core_ristretto255_from_hash(&crate::random::array::<64>()?)
}

fn scalarmult(n: &[u8], p: Option<&[u8]>) -> Result<[u8; 32]> {
    let n: &[u8; 32] = fixed("scalar", n)?;
    let point = p.map(decode).transpose()?;
    let mut t = Zeroizing::new(*n);
    t[31] &= 127;
    let s = Zeroizing::new(Scalar::from_bytes_mod_order(*t));
    let q = match point {
        Some(point) => point * *s,
        None => RistrettoPoint::mul_base(&s),
    };
    if q.is_identity() {
        return Err(Error::InvalidEncoding { what: "scalar", reason: "the product is the identity (a zero scalar modulo ℓ)" });
    }
    Ok(q.compress().to_bytes())
}

/// `crypto_scalarmult_ristretto255`: n (top bit cleared) times p.
///
/// # Errors
/// [`Error::InvalidEncoding`] when p does not decode or the result is the identity.
pub fn crypto_scalarmult_ristretto255(n: &[u8], p: &[u8]) -> Result<[u8; 32]> {
    scalarmult(n, Some(p))
}

/// `crypto_scalarmult_ristretto255_base`.
///
/// # Errors
/// [`Error::InvalidEncoding`] when the result is the identity.
pub fn crypto_scalarmult_ristretto255_base(n: &[u8]) -> Result<[u8; 32]> {
    scalarmult(n, None)
}

/// `crypto_core_ristretto255_scalar_random`.
///
/// # Errors
/// [`Error::RandomSource`].
pub fn crypto_core_ristretto255_scalar_random() -> Result<Zeroizing<[u8; 32]>> {
    ed::crypto_core_ed25519_scalar_random()
}

/// `crypto_core_ristretto255_scalar_invert`.
///
/// # Errors
/// As [`ed::crypto_core_ed25519_scalar_invert`].
pub fn crypto_core_ristretto255_scalar_invert(s: &[u8]) -> Result<[u8; 32]> {
    ed::crypto_core_ed25519_scalar_invert(s)
}

/// `crypto_core_ristretto255_scalar_negate`.
///
/// # Errors
/// As [`ed::crypto_core_ed25519_scalar_negate`].
pub fn crypto_core_ristretto255_scalar_negate(s: &[u8]) -> Result<[u8; 32]> {
    ed::crypto_core_ed25519_scalar_negate(s)
}

/// `crypto_core_ristretto255_scalar_complement`.
///
/// # Errors
/// As [`ed::crypto_core_ed25519_scalar_complement`].
pub fn crypto_core_ristretto255_scalar_complement(s: &[u8]) -> Result<[u8; 32]> {
    ed::crypto_core_ed25519_scalar_complement(s)
}

/// `crypto_core_ristretto255_scalar_add`.
///
/// # Errors
/// As [`ed::crypto_core_ed25519_scalar_add`].
pub fn crypto_core_ristretto255_scalar_add(x: &[u8], y: &[u8]) -> Result<[u8; 32]> {
    ed::crypto_core_ed25519_scalar_add(x, y)
}

/// `crypto_core_ristretto255_scalar_sub`.
///
/// # Errors
/// As [`ed::crypto_core_ed25519_scalar_sub`].
pub fn crypto_core_ristretto255_scalar_sub(x: &[u8], y: &[u8]) -> Result<[u8; 32]> {
    ed::crypto_core_ed25519_scalar_sub(x, y)
}

/// `crypto_core_ristretto255_scalar_mul`.
///
/// # Errors
/// As [`ed::crypto_core_ed25519_scalar_mul`].
pub fn crypto_core_ristretto255_scalar_mul(x: &[u8], y: &[u8]) -> Result<[u8; 32]> {
    ed::crypto_core_ed25519_scalar_mul(x, y)
}

/// `crypto_core_ristretto255_scalar_reduce`.
///
/// # Errors
/// As [`ed::crypto_core_ed25519_scalar_reduce`].
pub fn crypto_core_ristretto255_scalar_reduce(s: &[u8]) -> Result<[u8; 32]> {
    ed::crypto_core_ed25519_scalar_reduce(s)
}
