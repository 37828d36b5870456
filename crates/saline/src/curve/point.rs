//! Points of the Edwards25519 group (the curve −x² + y² = 1 + d·x²·y² over
//! GF(2^255 − 19), RFC 8032 §5.1).
//!
//! A thin wrapper over `curve25519_dalek::EdwardsPoint`, which does all the
//! group arithmetic. This module fixes the decoding rules (those of
//! filippo.io/edwards25519), maps failures to Saline's error type and adds
//! the byte-level helpers protocols need.

use core::fmt;

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::traits::{Identity, IsIdentity, VartimeMultiscalarMul};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::field::FieldElement;
use super::scalar::Scalar;
use crate::error::{Error, Expected, Result};

/// The group operations that take and return encodings, as the NaCl and
/// libsodium APIs do (`crypto_point_add`, `crypto_scalar_base`,
/// `crypto_core_ed25519_add`/`_sub`, `crypto_scalarmult_ed25519_base*`):
/// each one decodes, computes and encodes in one backend call. The
/// [`Point`] type stays on dalek.
#[derive(Clone, Copy)]
pub(crate) struct EncodedOps {
    /// p + q; `None` when either is not the encoding of a curve point
    /// ([`Point::from_bytes`]'s rules).
    pub(crate) add: fn(&[u8; 32], &[u8; 32]) -> Option<[u8; 32]>,
    /// p − q; as `add`.
    pub(crate) sub: fn(&[u8; 32], &[u8; 32]) -> Option<[u8; 32]>,
    /// `scalar · B` for a little-endian scalar below 2^255 (bit 255
    /// clear), not reduced first; zero gives the identity. Constant time.
    pub(crate) mul_base: fn(&[u8; 32]) -> [u8; 32],
}

/// libsodium first natively (ref10's field arithmetic: `crypto_point_add`
/// 9.0 → 7.4 µs, `crypto_scalar_base` 12.0 → 9.5 µs in bench/rust),
/// dalek on every target.
pub(crate) static EDWARDS25519_BACKENDS: crate::backend::Registry<EncodedOps> = crate::backend::Registry::new(
    "edwards25519",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        crate::backend::Backend { name: "libsodium", usable: crate::backend::libsodium::usable, entry: crate::backend::libsodium::EDWARDS25519 },
        crate::backend::Backend::portable("dalek", EncodedOps { add: dalek_add, sub: dalek_sub, mul_base: dalek_mul_base }),
    ],
);

/// The error of an encoding that names no point ([`Point::from_bytes`],
/// and the NaCl operations on encodings that decode the same way).
pub(crate) const NOT_A_POINT: Error = Error::InvalidEncoding { what: "point", reason: "not the encoding of a point on Edwards25519" };

/// The selected backend's [`EncodedOps`].
pub(crate) fn encoded_ops() -> EncodedOps {
    EDWARDS25519_BACKENDS.get()
}

fn dalek_add(p: &[u8; 32], q: &[u8; 32]) -> Option<[u8; 32]> {
    Some((CompressedEdwardsY(*p).decompress()? + CompressedEdwardsY(*q).decompress()?).compress().to_bytes())
}

fn dalek_sub(p: &[u8; 32], q: &[u8; 32]) -> Option<[u8; 32]> {
    Some((CompressedEdwardsY(*p).decompress()? - CompressedEdwardsY(*q).decompress()?).compress().to_bytes())
}

fn dalek_mul_base(scalar: &[u8; 32]) -> [u8; 32] {
    // B has prime order L, so reducing first gives the same point.
    let s = zeroize::Zeroizing::new(curve25519_dalek::Scalar::from_bytes_mod_order(*scalar));
    EdwardsPoint::mul_base(&s).compress().to_bytes()
}

/// A point on Edwards25519 (any point of the full group of order 8·L,
/// including the small-order torsion points).
///
/// * Size: 32-byte compressed encoding (RFC 8032 §5.1.2: y little endian,
///   bit 255 = sign of x); 160 bytes in memory (extended coordinates).
/// * Constant time: group operations, [`Point::mul`], [`Point::mul_base`]
///   and comparisons run in time independent of the values. Functions whose
///   name ends in `_vartime` do not, and must only see public data.
/// * Aliasing: all operations take shared references and return fresh
///   values (`p.add(&p)` is fine).
/// * `Copy`; implements [`Zeroize`] but is not zeroized on drop (points are
///   usually public; zeroize secret ones explicitly).
///
/// # Example
///
/// ```
/// use saline::curve::point::Point;
/// use saline::curve::scalar::Scalar;
///
/// let a = Scalar::from_u64(5);
/// let p = Point::mul_base(&a);
/// assert_eq!(p, Point::base().mul(&a));
/// let q = Point::from_bytes(&p.to_bytes()).unwrap();
/// assert_eq!(p, q);
/// assert!(q.is_torsion_free() && !q.is_small_order());
/// ```
#[derive(Clone, Copy)]
pub struct Point(pub(crate) EdwardsPoint);

#[allow(clippy::should_implement_trait)]
impl Point {
    /// Decodes a 32-byte compressed point.
    ///
    /// Follows filippo.io/edwards25519 `Point.SetBytes` (and ref10,
    /// libsodium's `ge25519_frombytes`, curve25519-dalek), **not** the strict
    /// RFC 8032 §5.1.3 rules: it accepts every encoding that names a point,
    /// including the non-canonical ones:
    ///
    /// * a y coordinate in `[p, 2^255)` is reduced modulo p (19 such values);
    /// * x = 0 with the sign bit set ("negative zero": y = 1 or y = p − 1
    ///   with bit 255 set) decodes to the point with x = 0.
    ///
    /// [`Point::to_bytes`] of the result is canonical and so may differ from
    /// the input. Use [`Point::is_canonical_encoding`] to reject the
    /// non-canonical encodings. Small-order and mixed-order points are
    /// accepted; see [`Point::is_small_order`] and [`Point::is_torsion_free`].
    ///
    /// # Errors
    ///
    /// * [`Error::InvalidLength`] (`what = "point"`) unless `bytes.len() == 32`.
    /// * [`Error::InvalidEncoding`] (`what = "point"`) when y is not the y
    ///   coordinate of a curve point (x² = (y² − 1)/(d·y² + 1) has no root).
    ///
    /// Decoding is constant time; whether it failed is observable.
    pub fn from_bytes(bytes: &[u8]) -> Result<Point> {
        Error::check_length("point", Expected::Exactly(32), bytes.len())?;
        let mut arr = [0u8; 32];
        arr.copy_from_slice(bytes);
        let compressed = CompressedEdwardsY(arr);
        compressed.decompress().map(Point).ok_or(NOT_A_POINT)
    }

    /// The canonical compressed encoding (RFC 8032 §5.1.2): y < p little
    /// endian, with the least significant bit of x in bit 255. Constant time.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.compress().to_bytes()
    }

    /// The u coordinate of the birationally equivalent Curve25519
    /// (Montgomery) point, u = (1 + y)/(1 − y), as X25519 uses it (libsodium's
    /// `crypto_sign_ed25519_pk_to_curve25519` without its validity checks).
    /// The identity maps to u = 0. Constant time.
    pub fn to_montgomery_bytes(&self) -> [u8; 32] {
        self.0.to_montgomery().to_bytes()
    }

    /// Whether `bytes` is the canonical encoding of its point, under the
    /// strict RFC 8032 §5.1.3 rules:
    ///
    /// 1. y (bits 0..=254) is less than p = 2^255 − 19, and
    /// 2. it is not a "negative zero": x = 0 (which happens exactly when
    ///    y = 1 or y = p − 1) with the sign bit (bit 255) set.
    ///
    /// It is a check on the bytes only: it does not say whether y is on the
    /// curve (decode with [`Point::from_bytes`] for that). Constant time.
    ///
    /// Relation to libsodium: `ge25519_is_canonical` checks only rule 1
    /// (that is [`Point::has_canonical_y`]). The two encodings that differ,
    /// `01 00..00 80` (identity, negative zero) and `ec ff..ff ff` (the
    /// order-2 point, negative zero), are both rejected separately by
    /// libsodium's `ge25519_has_small_order` blacklist (which ignores the
    /// sign bit), so its `crypto_core_ed25519_is_valid_point` and signature
    /// checks reject them too.
    pub fn is_canonical_encoding(bytes: &[u8; 32]) -> bool {
        let y = FieldElement::from_bytes(bytes);
        let y_canonical = Self::canonical_y_choice(bytes, &y);
        // x = 0  <=>  y^2 - 1 = 0  <=>  y = ±1.
        let x_is_zero = y.square().ct_eq(&FieldElement::ONE);
        let sign = Choice::from(bytes[31] >> 7);
        (y_canonical & !(x_is_zero & sign)).into()
    }

    /// Whether the y coordinate (bits 0..=254, the sign bit ignored) is less
    /// than p: exactly libsodium's `ge25519_is_canonical`. Constant time.
    pub fn has_canonical_y(bytes: &[u8; 32]) -> bool {
        let y = FieldElement::from_bytes(bytes);
        Self::canonical_y_choice(bytes, &y).into()
    }

    fn canonical_y_choice(bytes: &[u8; 32], y: &FieldElement) -> Choice {
        let mut masked = *bytes;
        masked[31] &= 0x7f;
        y.to_bytes().ct_eq(&masked)
    }

    /// The neutral element (0, 1), encoded `01 00 .. 00`.
    pub fn identity() -> Point {
        Point(EdwardsPoint::identity())
    }

    /// The standard base point B of RFC 8032 (y = 4/5, x even), which
    /// generates the prime-order subgroup of order L.
    pub fn base() -> Point {
        Point(ED25519_BASEPOINT_POINT)
    }

    /// Returns `self + rhs`. Complete formula; constant time.
    pub fn add(&self, rhs: &Point) -> Point {
        Point(self.0 + rhs.0)
    }

    /// Returns `self − rhs`. Constant time.
    pub fn sub(&self, rhs: &Point) -> Point {
        Point(self.0 - rhs.0)
    }

    /// Returns `2 · self`. Constant time.
    pub fn double(&self) -> Point {
        Point(self.0 + self.0)
    }

    /// Returns `−self`. Constant time.
    pub fn neg(&self) -> Point {
        Point(-self.0)
    }

    /// Returns `8 · self`, which lies in the prime-order subgroup.
    /// Constant time.
    pub fn mul_by_cofactor(&self) -> Point {
        Point(self.0.mul_by_cofactor())
    }

    /// Returns `scalar · self`. Constant time in both the scalar and the
    /// point.
    pub fn mul(&self, scalar: &Scalar) -> Point {
        Point(self.0 * scalar.0)
    }

    /// Returns `scalar · B` using curve25519-dalek's precomputed base-point
    /// table. Constant time.
    pub fn mul_base(scalar: &Scalar) -> Point {
        Point(EdwardsPoint::mul_base(&scalar.0))
    }

    /// Returns `n · B`, where `n` is the full 256-bit little-endian integer
    /// in `scalar_bytes`: **not clamped**, and all 256 bits count (TweetNaCl's
    /// `scalarbase`, ref10's `ge_scalarmult_base` for inputs below 2^255).
    ///
    /// Because B has prime order L, `n · B = (n mod L) · B`, so the
    /// implementation reduces `n` modulo L and uses the base-point table;
    /// the result is identical to the unreduced product.
    ///
    /// Note: libsodium's `crypto_scalarmult_ed25519_base_noclamp` first
    /// clears bit 255 (`t[31] &= 127`) and fails on a zero input or identity
    /// result; this function does neither. For inputs with bit 255 clear
    /// (every clamped scalar, every reduced scalar) the points agree; to
    /// reproduce libsodium exactly, clear bit 255 before calling.
    ///
    /// Never fails; zero gives the identity. Constant time.
    pub fn mul_base_unclamped(scalar_bytes: &[u8; 32]) -> Point {
        let s = Scalar::from_bytes_mod_order(scalar_bytes);
        Point::mul_base(&s)
    }

    /// Returns `a · point + b · B`. **Variable time**: use only with public
    /// inputs (as in signature verification).
    pub fn double_scalar_mul_base_vartime(a: &Scalar, point: &Point, b: &Scalar) -> Point {
        Point(EdwardsPoint::vartime_double_scalar_mul_basepoint(
            &a.0, &point.0, &b.0,
        ))
    }

    /// Returns `Σ scalars[i] · points[i]` (identity for empty input).
    /// **Variable time**: public inputs only (batch verification).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidLength`] (`what = "points"`) when the two slices have
    /// different lengths.
    pub fn multiscalar_mul_vartime(scalars: &[Scalar], points: &[Point]) -> Result<Point> {
        Error::check_length("points", Expected::Exactly(scalars.len()), points.len())?;
        Ok(Point(EdwardsPoint::vartime_multiscalar_mul(
            scalars.iter().map(|s| &s.0),
            points.iter().map(|p| &p.0),
        )))
    }

    /// Whether the point is in the torsion subgroup E\[8\] (order 1, 2, 4 or
    /// 8), i.e. `8 · self` is the identity. Constant-time computation.
    pub fn is_small_order(&self) -> bool {
        self.0.is_small_order()
    }

    /// Whether the point is in the prime-order subgroup, i.e. `L · self` is
    /// the identity (true for the identity, false for every point with a
    /// non-trivial torsion component). Computed in constant time.
    pub fn is_torsion_free(&self) -> bool {
        self.0.is_torsion_free()
    }

    /// Whether the point is the identity. Constant time.
    pub fn is_identity(&self) -> bool {
        self.0.is_identity()
    }
}

impl ConstantTimeEq for Point {
    /// Projective comparison (no inversion). Constant time.
    fn ct_eq(&self, other: &Point) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl ConditionallySelectable for Point {
    fn conditional_select(a: &Point, b: &Point, choice: Choice) -> Point {
        Point(EdwardsPoint::conditional_select(&a.0, &b.0, choice))
    }
}

impl PartialEq for Point {
    /// Constant-time comparison.
    fn eq(&self, other: &Point) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Point {}

impl Default for Point {
    /// The identity.
    fn default() -> Point {
        Point::identity()
    }
}

impl Zeroize for Point {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl fmt::Debug for Point {
    /// Prints the compressed encoding in hex.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Point(")?;
        for b in self.to_bytes() {
            write!(f, "{b:02x}")?;
        }
        f.write_str(")")
    }
}

macro_rules! binop {
    ($tr:ident, $m:ident) => {
        impl core::ops::$tr<&Point> for &Point {
            type Output = Point;
            fn $m(self, rhs: &Point) -> Point {
                Point::$m(self, rhs)
            }
        }
    };
}
binop!(Add, add);
binop!(Sub, sub);

impl core::ops::Mul<&Scalar> for &Point {
    type Output = Point;
    fn mul(self, rhs: &Scalar) -> Point {
        Point::mul(self, rhs)
    }
}

impl core::ops::Neg for &Point {
    type Output = Point;
    fn neg(self) -> Point {
        Point::neg(self)
    }
}
