//! Arithmetic in GF(2^255 - 19), the base field of Curve25519 and Edwards25519.
//!
//! Every limb operation is delegated to `fiat_crypto::curve25519_64`, the
//! 64-bit (5 x 51-bit limb) code generated and proved correct by the
//! fiat-crypto project. This module adds only what fiat-crypto does not
//! provide: the exponentiation chains for inversion and `(p-5)/8` powers
//! (taken from ref10 / filippo.io/edwards25519), `sqrt_ratio` (as Go's
//! `Element.SqrtRatio`), and constant-time comparison and selection.
//!
//! Everything in this module runs in constant time with respect to the
//! values of the field elements: there are no secret-dependent branches or
//! memory accesses.

use core::fmt;

use fiat_crypto::curve25519_64::{
    fiat_25519_add, fiat_25519_carry, fiat_25519_carry_mul, fiat_25519_carry_square,
    fiat_25519_from_bytes, fiat_25519_loose_field_element, fiat_25519_opp, fiat_25519_relax,
    fiat_25519_selectznz, fiat_25519_sub, fiat_25519_tight_field_element, fiat_25519_to_bytes,
};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use crate::error::{Error, Expected, Result};

/// An element of the field GF(p), p = 2^255 - 19.
///
/// Internally this is fiat-crypto's "tight" representation (five 51-bit
/// limbs, each below 2^51 + a small slack), so every value is only
/// *congruent* to its canonical residue; [`FieldElement::to_bytes`] always
/// produces the unique canonical 32-byte encoding, and equality
/// ([`ConstantTimeEq`], `==`) compares canonical encodings.
///
/// * Size: 32-byte little-endian encoding; 40 bytes in memory.
/// * Constant time: every operation, including `==`, runs in time
///   independent of the values involved.
/// * Aliasing: all operations take their operands by shared reference and
///   return a fresh value, so `a.mul(&a)` and the like are always fine.
/// * The type is `Copy` so that formulas read naturally; it implements
///   [`Zeroize`] but is not zeroized on drop. Callers holding secret field
///   elements (e.g. X25519 ladder state) should zeroize them explicitly.
///
/// # Example
///
/// ```
/// use saline::curve::field::FieldElement;
///
/// let two = FieldElement::ONE.add(&FieldElement::ONE);
/// let half = two.invert();
/// assert_eq!(two.mul(&half), FieldElement::ONE);
///
/// // 4 is a square; sqrt_ratio(4, 1) returns the non-negative root 2.
/// let four = two.square();
/// let (was_square, root) = FieldElement::sqrt_ratio(&four, &FieldElement::ONE);
/// assert!(bool::from(was_square));
/// assert_eq!(root, two);
/// assert_eq!(root.to_bytes()[0], 2);
/// ```
#[derive(Clone, Copy)]
pub struct FieldElement(pub(crate) fiat_25519_tight_field_element);

/// Converts a loose (post add/sub) element into a tight one.
#[inline(always)]
fn carry(a: &fiat_25519_loose_field_element) -> FieldElement {
    let mut out = fiat_25519_tight_field_element([0; 5]);
    fiat_25519_carry(&mut out, a);
    FieldElement(out)
}

#[inline(always)]
fn relax(a: &fiat_25519_tight_field_element) -> fiat_25519_loose_field_element {
    let mut out = fiat_25519_loose_field_element([0; 5]);
    fiat_25519_relax(&mut out, a);
    out
}

#[allow(clippy::should_implement_trait)]
impl FieldElement {
    /// The additive identity, 0.
    pub const ZERO: FieldElement = FieldElement(fiat_25519_tight_field_element([0, 0, 0, 0, 0]));

    /// The multiplicative identity, 1.
    pub const ONE: FieldElement = FieldElement(fiat_25519_tight_field_element([1, 0, 0, 0, 0]));

    /// The non-negative square root of -1 (i.e. the even one),
    /// 19681161376707505956807079304988542015446066515923890162744021073123829784752,
    /// equal to 2^((p-1)/4) mod p. Same value as `SQRT_M1` in ref10 and
    /// filippo.io/edwards25519.
    pub const SQRT_M1: FieldElement = FieldElement(fiat_25519_tight_field_element([
        0x61b274a0ea0b0,
        0xd5a5fc8f189d,
        0x7ef5e9cbd0c60,
        0x78595a6804c9e,
        0x2b8324804fc1d,
    ]));

    /// Decodes a 32-byte little-endian encoding.
    ///
    /// Like Go's `Element.SetBytes` (and ref10's `fe_frombytes`), the most
    /// significant bit (bit 255, `bytes[31] & 0x80`) is **ignored**, and
    /// values in `[p, 2^255)` are accepted and reduced modulo p. The function
    /// therefore never fails; callers that must reject non-canonical
    /// encodings compare `FieldElement::from_bytes(b).to_bytes()` with `b`.
    ///
    /// Input: exactly 32 bytes (enforced by the type). Constant time.
    pub fn from_bytes(bytes: &[u8; 32]) -> FieldElement {
        let mut b = *bytes;
        // fiat_25519_from_bytes requires the top bit to be clear (its input
        // bound on the last byte is 0x7f).
        b[31] &= 0x7f;
        let mut out = fiat_25519_tight_field_element([0; 5]);
        fiat_25519_from_bytes(&mut out, &b);
        b.zeroize();
        FieldElement(out)
    }

    /// Decodes a field element from a slice, with the same semantics as
    /// [`FieldElement::from_bytes`] (top bit ignored, values >= p reduced).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidLength`] (`what = "field element"`) unless
    /// `bytes.len() == 32`. The length check is the only data-dependent
    /// branch; the decoding itself is constant time.
    pub fn try_from_slice(bytes: &[u8]) -> Result<FieldElement> {
        Error::check_length("field element", Expected::Exactly(32), bytes.len())?;
        let mut b = [0u8; 32];
        b.copy_from_slice(bytes);
        let fe = FieldElement::from_bytes(&b);
        b.zeroize();
        Ok(fe)
    }

    /// Returns the canonical 32-byte little-endian encoding: the unique
    /// representative in `[0, p)`, so bit 255 is always 0. Constant time.
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        fiat_25519_to_bytes(&mut out, &self.0);
        out
    }

    /// Returns `self + rhs`. Constant time.
    pub fn add(&self, rhs: &FieldElement) -> FieldElement {
        let mut t = fiat_25519_loose_field_element([0; 5]);
        fiat_25519_add(&mut t, &self.0, &rhs.0);
        carry(&t)
    }

    /// Returns `self - rhs`. Constant time.
    pub fn sub(&self, rhs: &FieldElement) -> FieldElement {
        let mut t = fiat_25519_loose_field_element([0; 5]);
        fiat_25519_sub(&mut t, &self.0, &rhs.0);
        carry(&t)
    }

    /// Returns `-self`. Constant time.
    pub fn neg(&self) -> FieldElement {
        let mut t = fiat_25519_loose_field_element([0; 5]);
        fiat_25519_opp(&mut t, &self.0);
        carry(&t)
    }

    /// Returns `self * rhs`. Constant time.
    pub fn mul(&self, rhs: &FieldElement) -> FieldElement {
        let mut out = fiat_25519_tight_field_element([0; 5]);
        fiat_25519_carry_mul(&mut out, &relax(&self.0), &relax(&rhs.0));
        FieldElement(out)
    }

    /// Returns `self^2`. Constant time.
    pub fn square(&self) -> FieldElement {
        let mut out = fiat_25519_tight_field_element([0; 5]);
        fiat_25519_carry_square(&mut out, &relax(&self.0));
        FieldElement(out)
    }

    /// Returns `self^(2^k)` (k successive squarings); `k = 0` returns self.
    fn pow2k(&self, k: u32) -> FieldElement {
        let mut t = *self;
        for _ in 0..k {
            t = t.square();
        }
        t
    }

    /// Returns `1/self`, computed as `self^(p-2)` (Fermat).
    ///
    /// **The inverse of zero is zero** (0^(p-2) = 0), as in Go's
    /// `Element.Invert` and ref10's `fe_invert`; no error is reported.
    /// Callers that must reject zero check [`FieldElement::is_zero`] first.
    ///
    /// Constant time: a fixed chain of 254 squarings and 11 multiplications,
    /// the one used by ref10 `fe_invert` and filippo.io/edwards25519
    /// `Element.Invert` (from the original Curve25519 paper).
    pub fn invert(&self) -> FieldElement {
        let z = self;
        let z2 = z.square(); // 2
        let t = z2.square().square(); // 8
        let z9 = t.mul(z); // 9
        let z11 = z9.mul(&z2); // 11
        let z2_5_0 = z11.square().mul(&z9); // 31 = 2^5 - 2^0
        let z2_10_0 = z2_5_0.pow2k(5).mul(&z2_5_0); // 2^10 - 2^0
        let z2_20_0 = z2_10_0.pow2k(10).mul(&z2_10_0); // 2^20 - 2^0
        let z2_40_0 = z2_20_0.pow2k(20).mul(&z2_20_0); // 2^40 - 2^0
        let z2_50_0 = z2_40_0.pow2k(10).mul(&z2_10_0); // 2^50 - 2^0
        let z2_100_0 = z2_50_0.pow2k(50).mul(&z2_50_0); // 2^100 - 2^0
        let z2_200_0 = z2_100_0.pow2k(100).mul(&z2_100_0); // 2^200 - 2^0
        let z2_250_0 = z2_200_0.pow2k(50).mul(&z2_50_0); // 2^250 - 2^0
        z2_250_0.pow2k(5).mul(&z11) // 2^255 - 2^5 + 11 = 2^255 - 21 = p - 2
    }

    /// Returns `self^((p-5)/8) = self^(2^252 - 3)`, the exponentiation at the
    /// heart of square roots in GF(p).
    ///
    /// Constant time; the addition chain is ref10's `fe_pow22523` /
    /// filippo.io/edwards25519's `Element.Pow22523`. `0` maps to `0`.
    pub fn pow22523(&self) -> FieldElement {
        let x = self;
        let t0 = x.square(); // x^2
        let t1 = t0.square().square().mul(x); // x^9
        let t0 = t0.mul(&t1); // x^11
        let t0 = t0.square().mul(&t1); // x^31 = 2^5 - 1
        let t0 = t0.pow2k(5).mul(&t0); // 2^10 - 1
        let t1 = t0.pow2k(10).mul(&t0); // 2^20 - 1
        let t1 = t1.pow2k(20).mul(&t1); // 2^40 - 1
        let t0 = t1.pow2k(10).mul(&t0); // 2^50 - 1
        let t1 = t0.pow2k(50).mul(&t0); // 2^100 - 1
        let t1 = t1.pow2k(100).mul(&t1); // 2^200 - 1
        let t0 = t1.pow2k(50).mul(&t0); // 2^250 - 1
        t0.pow2k(2).mul(x) // 2^252 - 4 + 1 = 2^252 - 3
    }

    /// Computes the non-negative square root of `u/v`, exactly as Go's
    /// `filippo.io/edwards25519/field.Element.SqrtRatio` (which follows
    /// §4.2 "SQRT_RATIO_M1" of the ristretto255/decaf448 draft,
    /// draft-irtf-cfrg-ristretto255-decaf448).
    ///
    /// Returns `(was_square, r)`:
    ///
    /// | case                         | `was_square` | `r`                               |
    /// |------------------------------|--------------|-----------------------------------|
    /// | `u = 0` (any `v`)            | 1            | 0                                 |
    /// | `v = 0`, `u != 0`            | 0            | 0                                 |
    /// | `u/v` is a non-zero square   | 1            | `+sqrt(u/v)`                      |
    /// | `u/v` is not a square        | 0            | `+sqrt(i*u/v)`, `i = SQRT_M1`     |
    ///
    /// "Non-negative" means [`FieldElement::is_negative`] of the result is 0
    /// (its canonical encoding is even).
    ///
    /// Constant time; `u` and `v` may alias.
    pub fn sqrt_ratio(u: &FieldElement, v: &FieldElement) -> (Choice, FieldElement) {
        // r = (u * v^3) * (u * v^7)^((p-5)/8)
        let v2 = v.square();
        let uv3 = u.mul(&v2.mul(v));
        let uv7 = uv3.mul(&v2.square());
        let mut r = uv3.mul(&uv7.pow22523());

        let check = v.mul(&r.square()); // v * r^2

        let u_neg = u.neg();
        let correct_sign_sqrt = check.ct_eq(u);
        let flipped_sign_sqrt = check.ct_eq(&u_neg);
        let flipped_sign_sqrt_i = check.ct_eq(&u_neg.mul(&FieldElement::SQRT_M1));

        let r_prime = r.mul(&FieldElement::SQRT_M1);
        r.conditional_move(&r_prime, flipped_sign_sqrt | flipped_sign_sqrt_i);

        // Choose the non-negative square root.
        (correct_sign_sqrt | flipped_sign_sqrt, r.abs())
    }

    /// Returns 1 if `self` is "negative", i.e. the least significant bit of
    /// its canonical encoding is set (RFC 8032 §5.1.2 `x_0`; Go's
    /// `Element.IsNegative`). Constant time.
    pub fn is_negative(&self) -> Choice {
        Choice::from(self.to_bytes()[0] & 1)
    }

    /// Returns 1 if `self ≡ 0 (mod p)`. Constant time.
    pub fn is_zero(&self) -> Choice {
        self.ct_eq(&FieldElement::ZERO)
    }

    /// Replaces `self` with `other` when `choice` is 1, leaves it unchanged
    /// when `choice` is 0 (fiat-crypto `selectznz`). Constant time.
    pub fn conditional_move(&mut self, other: &FieldElement, choice: Choice) {
        *self = FieldElement::conditional_select(self, other, choice);
    }

    /// Negates `self` in place when `choice` is 1. Constant time.
    pub fn conditional_negate(&mut self, choice: Choice) {
        let neg = self.neg();
        self.conditional_move(&neg, choice);
    }

    /// Returns `|self|`: `self` if it is non-negative, else `-self` (Go's
    /// `Element.Absolute`). Constant time.
    pub fn abs(&self) -> FieldElement {
        let mut r = *self;
        r.conditional_negate(self.is_negative());
        r
    }
}

impl ConstantTimeEq for FieldElement {
    /// Compares canonical encodings, so different limb representations of
    /// the same residue are equal. Constant time.
    fn ct_eq(&self, other: &FieldElement) -> Choice {
        self.to_bytes().ct_eq(&other.to_bytes())
    }
}

impl ConditionallySelectable for FieldElement {
    /// Returns `a` when `choice` is 0 and `b` when it is 1, using
    /// fiat-crypto's branch-free `selectznz`.
    fn conditional_select(a: &FieldElement, b: &FieldElement, choice: Choice) -> FieldElement {
        let mut out = [0u64; 5];
        fiat_25519_selectznz(&mut out, choice.unwrap_u8(), &a.0 .0, &b.0 .0);
        FieldElement(fiat_25519_tight_field_element(out))
    }
}

impl PartialEq for FieldElement {
    /// Constant-time comparison of canonical encodings.
    fn eq(&self, other: &FieldElement) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for FieldElement {}

impl Default for FieldElement {
    /// Zero.
    fn default() -> FieldElement {
        FieldElement::ZERO
    }
}

impl Zeroize for FieldElement {
    fn zeroize(&mut self) {
        self.0 .0.zeroize();
    }
}

impl fmt::Debug for FieldElement {
    /// Prints the canonical encoding in hex. Field elements can be secret:
    /// do not log them outside of tests.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("FieldElement(")?;
        for b in self.to_bytes() {
            write!(f, "{b:02x}")?;
        }
        f.write_str(")")
    }
}

macro_rules! binop {
    ($tr:ident, $m:ident) => {
        impl core::ops::$tr<&FieldElement> for &FieldElement {
            type Output = FieldElement;
            fn $m(self, rhs: &FieldElement) -> FieldElement {
                FieldElement::$m(self, rhs)
            }
        }
        impl core::ops::$tr<FieldElement> for FieldElement {
            type Output = FieldElement;
            fn $m(self, rhs: FieldElement) -> FieldElement {
                FieldElement::$m(&self, &rhs)
            }
        }
    };
}
binop!(Add, add);
binop!(Sub, sub);
binop!(Mul, mul);

impl core::ops::Neg for &FieldElement {
    type Output = FieldElement;
    fn neg(self) -> FieldElement {
        FieldElement::neg(self)
    }
}

impl core::ops::Neg for FieldElement {
    type Output = FieldElement;
    fn neg(self) -> FieldElement {
        FieldElement::neg(&self)
    }
}
