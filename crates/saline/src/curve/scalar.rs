//! Scalars modulo the Edwards25519 group order
//! L = 2^252 + 27742317777372353535851937790883648493.
//!
//! A thin wrapper over `curve25519_dalek::Scalar`, which does all the
//! arithmetic; this module adds Saline's error handling, zeroize-on-drop, and
//! the byte-level helpers (`is_canonical`, `clamp`) that protocol code needs.

use core::fmt;

use curve25519_dalek::scalar::Scalar as DalekScalar;
use subtle::{Choice, ConstantTimeEq};
use zeroize::Zeroize;

use crate::error::{Error, Expected, Result};

/// An integer modulo the prime group order L of Edwards25519.
///
/// * Size: 32-byte little-endian encoding, always canonical (`< L`).
/// * Constant time: every operation, including `==`, runs in time
///   independent of the scalar values, except [`Scalar::invert`], which
///   reveals only whether the scalar is zero (as its result must).
/// * The value is zeroized when dropped. The type is `Clone` but not `Copy`.
/// * All operations take shared references and return fresh values, so
///   operands may alias (`a.mul(&a)`).
///
/// # Example
///
/// ```
/// use saline::curve::scalar::Scalar;
///
/// let a = Scalar::from_u64(6);
/// let b = Scalar::from_u64(7);
/// let c = Scalar::from_u64(8);
/// assert_eq!(Scalar::mul_add(&a, &b, &c), Scalar::from_u64(50));
/// assert_eq!(a.invert().unwrap().mul(&a), Scalar::ONE);
/// assert!(Scalar::ZERO.invert().is_err());
/// ```
#[derive(Clone)]
pub struct Scalar(pub(crate) DalekScalar);

/// L, the order of the prime-order subgroup, little endian.
const L_BYTES: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
];

#[allow(clippy::should_implement_trait)]
impl Scalar {
    /// The scalar 0.
    pub const ZERO: Scalar = Scalar(DalekScalar::ZERO);

    /// The scalar 1.
    pub const ONE: Scalar = Scalar(DalekScalar::ONE);

    /// The group order L = 2^252 + 27742317777372353535851937790883648493 as
    /// 32 little-endian bytes (not itself a canonical scalar).
    pub const ORDER_BYTES: [u8; 32] = L_BYTES;

    /// The scalar `n mod L` (every `u64` is below L, so this is just `n`).
    pub fn from_u64(n: u64) -> Scalar {
        Scalar(DalekScalar::from(n))
    }

    /// Reduces a 512-bit little-endian integer modulo L ("sc_reduce" in
    /// ref10, `SetUniformBytes` in Go). Used for hash outputs in Ed25519.
    /// Never fails. Constant time.
    pub fn from_bytes_mod_order_wide(bytes: &[u8; 64]) -> Scalar {
        Scalar(DalekScalar::from_bytes_mod_order_wide(bytes))
    }

    /// Reduces a 256-bit little-endian integer (all 256 bits used) modulo L.
    /// Never fails. Constant time.
    pub fn from_bytes_mod_order(bytes: &[u8; 32]) -> Scalar {
        Scalar(DalekScalar::from_bytes_mod_order(*bytes))
    }

    /// Decodes a canonical scalar: exactly 32 bytes encoding an integer
    /// `s < L` (this rejects any encoding with bit 255 set).
    ///
    /// # Errors
    ///
    /// * [`Error::InvalidLength`] (`what = "scalar"`) unless `bytes.len() == 32`.
    /// * [`Error::InvalidEncoding`] (`what = "scalar"`) if `s >= L`.
    ///
    /// The check itself is constant time; which error is returned (or
    /// success) is of course observable.
    pub fn from_canonical_bytes(bytes: &[u8]) -> Result<Scalar> {
        Error::check_length("scalar", Expected::Exactly(32), bytes.len())?;
        let mut b = [0u8; 32];
        b.copy_from_slice(bytes);
        let s = Option::<DalekScalar>::from(DalekScalar::from_canonical_bytes(b));
        b.zeroize();
        match s {
            Some(s) => Ok(Scalar(s)),
            None => Err(Error::InvalidEncoding {
                what: "scalar",
                reason: "not canonical: the value is not less than the group order L",
            }),
        }
    }

    /// Whether `bytes` encodes an integer strictly less than L: Go's
    /// `scMinimal` (crypto/ed25519), libsodium's `sc25519_is_canonical`, the
    /// RFC 8032 §5.1.7 check on `S`. Constant time.
    pub fn is_canonical(bytes: &[u8; 32]) -> bool {
        DalekScalar::from_canonical_bytes(*bytes).is_some().into()
    }

    /// Returns `a * b + c mod L` (ref10's `sc_muladd`). Constant time.
    pub fn mul_add(a: &Scalar, b: &Scalar, c: &Scalar) -> Scalar {
        Scalar(a.0 * b.0 + c.0)
    }

    /// Returns `self + rhs mod L`. Constant time.
    pub fn add(&self, rhs: &Scalar) -> Scalar {
        Scalar(self.0 + rhs.0)
    }

    /// Returns `self - rhs mod L`. Constant time.
    pub fn sub(&self, rhs: &Scalar) -> Scalar {
        Scalar(self.0 - rhs.0)
    }

    /// Returns `self * rhs mod L`. Constant time.
    pub fn mul(&self, rhs: &Scalar) -> Scalar {
        Scalar(self.0 * rhs.0)
    }

    /// Returns `-self mod L`. Constant time.
    pub fn neg(&self) -> Scalar {
        Scalar(-self.0)
    }

    /// Returns the multiplicative inverse modulo L.
    ///
    /// # Errors
    ///
    /// Zero has no inverse. Where curve25519-dalek's `Scalar::invert`
    /// silently returns 0 for 0, this function returns
    /// [`Error::InvalidParameter`] `{ what: "scalar", expected: "a nonzero
    /// scalar", got: 0 }`: a zero scalar is a valid encoding but an
    /// out-of-range argument for inversion.
    ///
    /// Constant time apart from that zero check.
    pub fn invert(&self) -> Result<Scalar> {
        if bool::from(self.is_zero()) {
            return Err(Error::InvalidParameter {
                what: "scalar",
                expected: "a nonzero scalar",
                got: 0,
            });
        }
        Ok(Scalar(self.0.invert()))
    }

    /// Returns 1 if the scalar is 0. Constant time.
    pub fn is_zero(&self) -> Choice {
        self.0.ct_eq(&DalekScalar::ZERO)
    }

    /// RFC 7748 §5 `decodeScalar25519` clamping, as used by X25519 and for
    /// the Ed25519 secret scalar (RFC 8032 §5.1.5): clears the 3 low bits of
    /// byte 0, clears bit 255 and sets bit 254. The result is an integer in
    /// `[2^254, 2^255)` that is a multiple of 8; it is **not** reduced modulo
    /// L (use [`Scalar::from_bytes_mod_order`] for that). Constant time.
    pub fn clamp(bytes: &[u8; 32]) -> [u8; 32] {
        curve25519_dalek::scalar::clamp_integer(*bytes)
    }

    /// The canonical 32-byte little-endian encoding (`< L`).
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }
}

impl ConstantTimeEq for Scalar {
    fn ct_eq(&self, other: &Scalar) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl PartialEq for Scalar {
    /// Constant-time comparison.
    fn eq(&self, other: &Scalar) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for Scalar {}

impl Zeroize for Scalar {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl Drop for Scalar {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl zeroize::ZeroizeOnDrop for Scalar {}

impl fmt::Debug for Scalar {
    /// Redacted: scalars are usually secret.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scalar(<redacted>)")
    }
}

macro_rules! binop {
    ($tr:ident, $m:ident) => {
        impl core::ops::$tr<&Scalar> for &Scalar {
            type Output = Scalar;
            fn $m(self, rhs: &Scalar) -> Scalar {
                Scalar::$m(self, rhs)
            }
        }
    };
}
binop!(Add, add);
binop!(Sub, sub);
binop!(Mul, mul);

impl core::ops::Neg for &Scalar {
    type Output = Scalar;
    fn neg(self) -> Scalar {
        Scalar::neg(self)
    }
}
