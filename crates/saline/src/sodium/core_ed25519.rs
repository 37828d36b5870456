//! `crypto_core_ed25519_*` and `crypto_scalarmult_ed25519*`: libsodium's
//! low-level Edwards25519 group and scalar API, over `curve25519-dalek`,
//! with libsodium's acceptance rules (libsodium
//! `crypto_core/ed25519/core_ed25519.c`, `crypto_scalarmult/ed25519/ref10/scalarmult_ed25519_ref10.c`):
//!
//! * `is_valid_point`: a canonical encoding (y < p) of a point on the curve,
//!   not of small order, in the prime-order subgroup;
//! * `add`/`sub`: any two encodings of points on the curve;
//! * `scalarmult_ed25519*`: the point must pass `is_valid_point`'s checks;
//!   the scalar's top bit is cleared (and the scalar clamped unless
//!   `_noclamp`); an all-zero scalar or an identity result is refused;
//! * scalars are any 32 bytes, reduced modulo ℓ (`scalar_add`/`_sub` first
//!   wrap the sum modulo 2^256, as libsodium does); `scalar_invert` refuses
//!   the all-zero encoding.
//!
//! ```
//! use saline::sodium::core_ed25519::*;
//! let p = crypto_core_ed25519_from_uniform(&[7u8; 32])?;
//! assert!(crypto_core_ed25519_is_valid_point(&p)?);
//! let q = crypto_core_ed25519_add(&p, &p)?;
//! assert_eq!(crypto_core_ed25519_sub(&q, &p)?, p);
//! # Ok::<(), saline::Error>(())
//! ```

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::IsIdentity;
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use crate::cipher::fixed;
use crate::curve::field::FieldElement;
use crate::curve::point::{self, Point};
use crate::error::{Error, Result};

/// `crypto_core_ed25519_BYTES`.
pub const BYTES: usize = 32;
/// `crypto_core_ed25519_UNIFORMBYTES`.
pub const UNIFORMBYTES: usize = 32;
/// `crypto_core_ed25519_HASHBYTES`.
pub const HASHBYTES: usize = 64;
/// `crypto_core_ed25519_SCALARBYTES`.
pub const SCALARBYTES: usize = 32;
/// `crypto_core_ed25519_NONREDUCEDSCALARBYTES`.
pub const NONREDUCEDSCALARBYTES: usize = 64;

const NOT_ON_CURVE: Error = Error::InvalidEncoding { what: "point", reason: "not a point on Edwards25519" };

/// Decodes any encoding of a point on the curve (libsodium's `ge25519_frombytes`).
fn decode(bytes: &[u8]) -> Result<EdwardsPoint> {
    CompressedEdwardsY(*fixed::<32>("point", bytes)?).decompress().ok_or(NOT_ON_CURVE)
}

/// Decodes a point that `crypto_core_ed25519_is_valid_point` accepts.
fn decode_valid(bytes: &[u8]) -> Result<EdwardsPoint> {
    let encoding: &[u8; 32] = fixed("point", bytes)?;
    let point = decode(encoding)?;
    if !Point::has_canonical_y(encoding) {
        return Err(Error::InvalidEncoding { what: "point", reason: "a non-canonical encoding (y ≥ p)" });
    }
    if point.is_small_order() {
        return Err(Error::InvalidEncoding { what: "point", reason: "a point of small order" });
    }
    if !point.is_torsion_free() {
        return Err(Error::InvalidEncoding { what: "point", reason: "not in the prime-order subgroup" });
    }
    Ok(point)
}

/// Any 32 bytes as a scalar modulo ℓ.
fn scalar(bytes: &[u8]) -> Result<Scalar> {
    Ok(Scalar::from_bytes_mod_order(*fixed::<32>("scalar", bytes)?))
}

/// `crypto_core_ed25519_is_valid_point`.
///
/// # Errors
/// [`Error::InvalidLength`] unless 32 bytes.
pub fn crypto_core_ed25519_is_valid_point(p: &[u8]) -> Result<bool> {
    fixed::<32>("point", p)?;
    Ok(decode_valid(p).is_ok())
}

/// `crypto_core_ed25519_add`: p + q.
///
/// # Errors
/// [`Error::InvalidEncoding`] when either is not a point on the curve.
pub fn crypto_core_ed25519_add(p: &[u8], q: &[u8]) -> Result<[u8; 32]> {
    (point::encoded_ops().add)(fixed("point", p)?, fixed("point", q)?).ok_or(NOT_ON_CURVE)
}

/// `crypto_core_ed25519_sub`: p − q.
///
/// # Errors
/// As [`crypto_core_ed25519_add`].
pub fn crypto_core_ed25519_sub(p: &[u8], q: &[u8]) -> Result<[u8; 32]> {
    (point::encoded_ops().sub)(fixed("point", p)?, fixed("point", q)?).ok_or(NOT_ON_CURVE)
}

/// A `digest::Digest` that returns its 32-byte input, so that
/// `curve25519-dalek`'s Elligator 2 (crate-private, reachable only through
/// `EdwardsPoint::nonspec_map_to_curve`, which hashes first) applies to the
/// bytes themselves, as libsodium's `ge25519_from_uniform` does: the low 255
/// bits are the field element, the top bit the sign of x, and the result is
/// multiplied by the cofactor.
#[derive(Default, Clone)]
struct Uniform([u8; 32]);

impl digest::HashMarker for Uniform {}
impl digest::OutputSizeUser for Uniform {
    type OutputSize = digest::consts::U64;
}
impl digest::Update for Uniform {
    fn update(&mut self, data: &[u8]) {
        self.0.copy_from_slice(data);
    }
}
impl digest::FixedOutput for Uniform {
    fn finalize_into(self, out: &mut digest::Output<Self>) {
        out[..32].copy_from_slice(&self.0);
    }
}

fn elligator(r: &[u8; 32]) -> [u8; 32] {
    #[allow(deprecated)] // the name warns against use as a hash; it is not used as one here
    EdwardsPoint::nonspec_map_to_curve::<Uniform>(r).compress().to_bytes()
}

/// `crypto_core_ed25519_from_uniform`: Elligator 2 of 32 bytes (top bit:
/// the sign of x), times the cofactor.
///
/// # Errors
/// [`Error::InvalidLength`] unless 32 bytes.
pub fn crypto_core_ed25519_from_uniform(r: &[u8]) -> Result<[u8; 32]> {
    Ok(elligator(fixed("r", r)?))
}

/// `crypto_core_ed25519_from_hash`: 64 bytes read as a big-endian number
/// whose top bit is the sign of x and whose remaining 511 bits are reduced
/// modulo p, then mapped as [`crypto_core_ed25519_from_uniform`] (libsodium's
/// `ge25519_from_hash`, the last step of hash-to-curve's `encode_to_curve`).
///
/// # Errors
/// [`Error::InvalidLength`] unless 64 bytes.
pub fn crypto_core_ed25519_from_hash(h: &[u8]) -> Result<[u8; 32]> {
    let h: &[u8; 64] = fixed("h", h)?;
    // N = high · 2^256 + low, with high the first 32 bytes (top bit dropped)
    // and low the last 32, as little-endian field inputs.
    let (mut high, mut low) = ([0u8; 32], [0u8; 32]);
    for i in 0..32 {
        high[i] = h[31 - i];
        low[i] = h[63 - i];
    }
    high[31] &= 0x7f;
    let low_top = low[31] >> 7;
    low[31] &= 0x7f;
    let small = |n: u8| {
        let mut b = [0u8; 32];
        b[0] = n;
        FieldElement::from_bytes(&b)
    };
    // 2^255 ≡ 19 and 2^256 ≡ 38 (mod p).
    let reduced = FieldElement::from_bytes(&low)
        .add(&small(19 * low_top))
        .add(&FieldElement::from_bytes(&high).mul(&small(38)));
    let mut r = reduced.to_bytes();
    r[31] |= h[0] & 0x80;
    Ok(elligator(&r))
}

/// `crypto_core_ed25519_random`: the map of 32 random bytes.
///
/// # Errors
/// [`Error::RandomSource`].
pub fn crypto_core_ed25519_random() -> Result<[u8; 32]> {
    Ok(elligator(&crate::random::array()?))
}

fn scalarmult(n: &[u8], p: Option<&[u8]>, clamp: bool) -> Result<[u8; 32]> {
    let n: &[u8; 32] = fixed("scalar", n)?;
    // libsodium refuses n = 0 even where clamping makes it 2^254. Tested on
    // the input, before the clamped copy, in constant time (n is secret): the
    // +simd128 WebAssembly build answered a point for n = 0 when the test
    // was `n.iter().all(..)` after the copy (js/test/groups.test.mjs).
    let zero = bool::from(n[..].ct_eq(&[0u8; 32][..]));
    let point = p.map(decode_valid).transpose()?;
    let mut t = Zeroizing::new(*n);
    if clamp {
        t[0] &= 248;
        t[31] |= 64;
    }
    t[31] &= 127;
    let (q, identity) = match point {
        Some(point) => {
            let q = point * *Zeroizing::new(Scalar::from_bytes_mod_order(*t));
            (q.compress().to_bytes(), q.is_identity())
        }
        None => {
            // The fixed-base product, on encodings (EDWARDS25519_BACKENDS);
            // the identity's encoding is 1 followed by zeros.
            let q = (point::encoded_ops().mul_base)(&t);
            let mut one = [0u8; 32];
            one[0] = 1;
            (q, bool::from(q.ct_eq(&one)))
        }
    };
    if identity || zero {
        return Err(Error::InvalidEncoding { what: "scalar", reason: "the product is the identity (a zero scalar modulo ℓ)" });
    }
    Ok(q)
}

/// `crypto_scalarmult_ed25519`: the clamped scalar times p.
///
/// # Errors
/// [`Error::InvalidEncoding`] when p fails [`crypto_core_ed25519_is_valid_point`]
/// or the result is the identity.
pub fn crypto_scalarmult_ed25519(n: &[u8], p: &[u8]) -> Result<[u8; 32]> {
    scalarmult(n, Some(p), true)
}

/// `crypto_scalarmult_ed25519_noclamp`: n (top bit cleared) times p.
///
/// # Errors
/// As [`crypto_scalarmult_ed25519`].
pub fn crypto_scalarmult_ed25519_noclamp(n: &[u8], p: &[u8]) -> Result<[u8; 32]> {
    scalarmult(n, Some(p), false)
}

/// `crypto_scalarmult_ed25519_base`: the clamped scalar times the base point.
///
/// # Errors
/// [`Error::InvalidEncoding`] when the result is the identity.
pub fn crypto_scalarmult_ed25519_base(n: &[u8]) -> Result<[u8; 32]> {
    scalarmult(n, None, true)
}

/// `crypto_scalarmult_ed25519_base_noclamp`.
///
/// # Errors
/// As [`crypto_scalarmult_ed25519_base`].
pub fn crypto_scalarmult_ed25519_base_noclamp(n: &[u8]) -> Result<[u8; 32]> {
    scalarmult(n, None, false)
}

/// `crypto_core_ed25519_scalar_random`: uniform in [1, ℓ − 1].
///
/// # Errors
/// [`Error::RandomSource`].
pub fn crypto_core_ed25519_scalar_random() -> Result<Zeroizing<[u8; 32]>> {
    loop {
        let mut r = Zeroizing::new(crate::random::array::<32>()?);
        r[31] &= 0x1f;
        if bool::from(Scalar::from_canonical_bytes(*r).is_some()) && r.iter().any(|&b| b != 0) {
            return Ok(r);
        }
    }
}

/// `crypto_core_ed25519_scalar_invert`: s⁻¹ mod ℓ.
///
/// # Errors
/// [`Error::InvalidEncoding`] for the all-zero scalar (libsodium returns −1;
/// a non-zero multiple of ℓ gives 0, as in libsodium).
pub fn crypto_core_ed25519_scalar_invert(s: &[u8]) -> Result<[u8; 32]> {
    let value = scalar(s)?;
    if s.iter().all(|&b| b == 0) {
        return Err(Error::InvalidEncoding { what: "scalar", reason: "zero has no inverse" });
    }
    Ok(value.invert().to_bytes())
}

/// `crypto_core_ed25519_scalar_negate`: −s mod ℓ.
///
/// # Errors
/// [`Error::InvalidLength`] unless 32 bytes.
pub fn crypto_core_ed25519_scalar_negate(s: &[u8]) -> Result<[u8; 32]> {
    Ok((-scalar(s)?).to_bytes())
}

/// `crypto_core_ed25519_scalar_complement`: 1 − s mod ℓ.
///
/// # Errors
/// [`Error::InvalidLength`] unless 32 bytes.
pub fn crypto_core_ed25519_scalar_complement(s: &[u8]) -> Result<[u8; 32]> {
    Ok((Scalar::ONE - scalar(s)?).to_bytes())
}

/// `crypto_core_ed25519_scalar_add`: x + y mod ℓ, with libsodium's
/// quirk: the sum is taken modulo 2^256 before the reduction (libsodium adds
/// the two 32-byte strings with `sodium_add`, dropping the carry), which
/// differs from x + y mod ℓ only when x + y ≥ 2^256 (never for reduced scalars).
///
/// # Errors
/// [`Error::InvalidLength`] unless both are 32 bytes.
pub fn crypto_core_ed25519_scalar_add(x: &[u8], y: &[u8]) -> Result<[u8; 32]> {
    let (x, y) = (fixed::<32>("x", x)?, fixed::<32>("y", y)?);
    let mut sum = Zeroizing::new(*x);
    super::utils::sodium_add(&mut sum[..], y)?;
    Ok(Scalar::from_bytes_mod_order(*sum).to_bytes())
}

/// `crypto_core_ed25519_scalar_sub`: x + (−y mod ℓ), with the same
/// modulo-2^256 step as [`crypto_core_ed25519_scalar_add`].
///
/// # Errors
/// [`Error::InvalidLength`] unless both are 32 bytes.
pub fn crypto_core_ed25519_scalar_sub(x: &[u8], y: &[u8]) -> Result<[u8; 32]> {
    fixed::<32>("x", x)?;
    crypto_core_ed25519_scalar_add(x, &crypto_core_ed25519_scalar_negate(y)?)
}

/// `crypto_core_ed25519_scalar_mul`: x · y mod ℓ.
///
/// # Errors
/// [`Error::InvalidLength`] unless both are 32 bytes.
pub fn crypto_core_ed25519_scalar_mul(x: &[u8], y: &[u8]) -> Result<[u8; 32]> {
    Ok((scalar(x)? * scalar(y)?).to_bytes())
}

/// `crypto_core_ed25519_scalar_reduce`: a 64-byte number modulo ℓ.
///
/// # Errors
/// [`Error::InvalidLength`] unless 64 bytes.
pub fn crypto_core_ed25519_scalar_reduce(s: &[u8]) -> Result<[u8; 32]> {
    Ok(Scalar::from_bytes_mod_order_wide(fixed::<64>("scalar", s)?).to_bytes())
}
