//! Tests of the low-level Edwards25519 layer (`saline::curve`): field
//! arithmetic over fiat-crypto, points and scalars over curve25519-dalek.
//!
//! Expected values marked "KAT" were computed independently with Python
//! integer arithmetic (affine Edwards formulas, `pow`, `% L`), not with this
//! code; the rest are algebraic identities on seeded pseudo-random inputs.

#![allow(clippy::op_ref, clippy::type_complexity)]

use saline::curve::field::FieldElement;
use saline::curve::point::Point;
use saline::curve::scalar::Scalar;
use saline::error::{Error, Expected};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

// ---------------------------------------------------------------- helpers

fn unhex<const N: usize>(s: &str) -> [u8; N] {
    assert_eq!(s.len(), 2 * N, "hex length");
    let mut out = [0u8; N];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

fn h32(s: &str) -> [u8; 32] {
    unhex::<32>(s)
}

fn fe(s: &str) -> FieldElement {
    FieldElement::from_bytes(&h32(s))
}

/// Tiny xorshift64* generator: deterministic inputs without extra deps.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn bytes32(&mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for chunk in out.chunks_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        out
    }
    fn bytes64(&mut self) -> [u8; 64] {
        let mut out = [0u8; 64];
        for chunk in out.chunks_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        out
    }
    fn fe(&mut self) -> FieldElement {
        FieldElement::from_bytes(&self.bytes32())
    }
    fn scalar(&mut self) -> Scalar {
        Scalar::from_bytes_mod_order_wide(&self.bytes64())
    }
}

const P_BYTES: &str = "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f";
const L_HEX: &str = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010";

/// `x^e` by plain left-to-right square-and-multiply over the bits of `e`.
fn pow_le(x: &FieldElement, e: &[u8; 32]) -> FieldElement {
    let mut r = FieldElement::ONE;
    for i in (0..256).rev() {
        r = r.square();
        if (e[i / 8] >> (i % 8)) & 1 == 1 {
            r = r.mul(x);
        }
    }
    r
}

/// Adds a small integer to a little-endian 256-bit number (no overflow past
/// 2^256 in the uses below).
fn add_small(bytes: &[u8; 32], k: u32) -> [u8; 32] {
    let mut out = *bytes;
    let mut carry = k;
    for b in out.iter_mut() {
        let t = *b as u32 + (carry & 0xff);
        *b = t as u8;
        carry = (carry >> 8) + (t >> 8);
    }
    out
}

// ------------------------------------------------------------------ field

#[test]
fn field_constants() {
    assert_eq!(FieldElement::ZERO.to_bytes(), [0u8; 32]);
    let mut one = [0u8; 32];
    one[0] = 1;
    assert_eq!(FieldElement::ONE.to_bytes(), one);
    // SQRT_M1^2 = -1 and SQRT_M1 is the non-negative root.
    let i = FieldElement::SQRT_M1;
    assert_eq!(i.square(), FieldElement::ONE.neg());
    assert!(!bool::from(i.is_negative()));
    assert_eq!(
        i.to_bytes(),
        h32("b0a00e4a271beec478e42fad0618432fa7d7fb3d99004d2b0bdfc14f8024832b")
    );
}

#[test]
fn field_known_answers() {
    // KAT: (a, b, a+b, a-b, a*b, a^2, 1/a, a^((p-5)/8), sqrt_ratio(a,b) flag, root)
    let kats: &[(&str, &str, &str, &str, &str, &str, &str, &str, u8, &str)] = &[
        (
            "b97f69f75edf35c71fdad37066eae91d14f6ea01456b341770b835e9a1faa478",
            "d1ee73f0bdb597ced9dd0c95d4ebf0089295ebab5c2d6eb1c6f97c15f617990c",
            "9d6edde71c95cd95f9b7e0053bd6da26a68bd6ada198a2c836b2b2fe97123e05",
            "e890f506a1299ef845fcc6db91fef8148260ff55e83dc665a9beb8d3abe20b6c",
            "fe1cc6a4c2a6db4f49c77700c2d9b35dd5bb96379170e6f94585ede9ad30ed7a",
            "ce609ed1d6f6e8bf6607f3334aeded9ba3fb24ba0072e07108c26bb3f498902d",
            "17c52a991fa58ba839d29fbf5f1e16d92ec1d6e1a51034ad8f814e84bf8ad908",
            "83759f420bd7567ed452961da26a3c6a3076f86fc780692be5a84d0bf4c36c47",
            1,
            "e0d7e83a31b4f372dd0427ef47b02e040cd7d85c8d6751bfd7c2f4a6fc6e912e",
        ),
        (
            "361838c42866c95ac9909f3c222a7604606de307a79997fc4802edc9180f0702",
            "534999580a0af8a5fb5f8f9f4d8af77bfd18a69d7514ab765fad0726a04caf0b",
            "8961d11c3370c100c5f02edc6fb46d805d8689a51cae4273a8aff4efb85bb60d",
            "d0ce9e6b1e5cd1b4cd30109dd49f7e8862543d6a3185ec85e954e5a378c25776",
            "266910327f4cb01d53adbc880a8f3442d91c7310e5ee8da367b4112f147f130d",
            "4b5e5444fcafed39cc344d20cf729b2d7a8da65c15ca85166dafd71f5cac8a07",
            "59de906b6e1b6d57ebdecec5315a89b985bf920adaaaaa6501e71954b8e61b7f",
            "43f4a6b422945e91909fb856a4b293984d3cee1348f0f29e6126ebecb88e7a0a",
            1,
            "0c2c1ee069f2ea8a3905972516ac0d42c588aaa7d397d234c1b31d8927b7b23d",
        ),
        (
            "4307df2eb00ba2b6122b4a1dcfc268d8660ebe03b717ca80aebf9b7c3841b370",
            "ffc903f78cbbf43f562787106842d1aa5cc1848a357c8de9d720457787e0c608",
            "42d1e2253dc796f66852d12d37053a83c3cf428eec93576a86e0e0f3bf217a79",
            "443ddb372350ad76bc03c30c6780972d0a4d3979819b3c97d69e5605b160ec67",
            "a8ed77526a5794b5af9e3120360b4d6827af6a01779552f974b0c70252e8ff52",
            "b3110df91eed51111c75c039486284e3929497e976b95c0b66470ac807ec9458",
            "bab3d98d539e91b69417c71285e7de212199452ee5516eb4e2af7b936d76605b",
            "59cfc059cc340b390df3baab216f8db999ecbe1ba54f7fc459ddfdaf8dbb205d",
            1,
            "8a47a6e4d504ca398198f4ba46d7fdddb5eb07dd395c188d84a65057db4aec1b",
        ),
        (
            "3c82f999661ed5ac330ac416a7fcd983208539941b62c40b228e0345a5568569",
            "575d728ee5db2510c5bf06a58ffd6b4d1f33257b0d4aa5d9e0f3f05a312c1b22",
            "a6df6b284cfafabcf8c9cabb36fa45d13fb85e0f29ac69e50282f49fd682a00b",
            "e524870b8142af9c6e4abd7117ff6d36015214190e181f32419a12ea732a6a47",
            "4af2206d251c1ce0aedaf47dadf678c749d3fa5493ec6bf393976d73f5f2695b",
            "319a9e6d2def68c5f7d45e60022e13a7bcf00eadc4bd3d324fbf5a565a02d25e",
            "150a22c8233e1ca2335ca66dcd3ab2fc584050aaca8b61c06e866b982e95fa2b",
            "3c71d7e44cea33ae2623782375df1b5b5547e74808a17547450d588a33aea060",
            1,
            "56c5f2cc6c8ca225036c0461eb237a4209e062294f5adb88e73d66f6762de82e",
        ),
        // Non-squares: u/v = 2 and 50/3 (2 is a non-square mod p).
        (
            "0200000000000000000000000000000000000000000000000000000000000000",
            "0100000000000000000000000000000000000000000000000000000000000000",
            "0300000000000000000000000000000000000000000000000000000000000000",
            "0100000000000000000000000000000000000000000000000000000000000000",
            "0200000000000000000000000000000000000000000000000000000000000000",
            "0400000000000000000000000000000000000000000000000000000000000000",
            "f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff3f",
            "",
            0,
            "3c5ff1b5d8e4113b871bd052f9e7bcd0582804c266ffb2d4f4203eb07fdb7c54",
        ),
    ];
    for (i, k) in kats.iter().enumerate() {
        let (a, b) = (fe(k.0), fe(k.1));
        assert_eq!(a.add(&b).to_bytes(), h32(k.2), "add {i}");
        assert_eq!(a.sub(&b).to_bytes(), h32(k.3), "sub {i}");
        assert_eq!(a.mul(&b).to_bytes(), h32(k.4), "mul {i}");
        assert_eq!(a.square().to_bytes(), h32(k.5), "square {i}");
        assert_eq!(a.invert().to_bytes(), h32(k.6), "invert {i}");
        if !k.7.is_empty() {
            assert_eq!(a.pow22523().to_bytes(), h32(k.7), "pow22523 {i}");
        }
        let (was_square, r) = FieldElement::sqrt_ratio(&a, &b);
        assert_eq!(was_square.unwrap_u8(), k.8, "sqrt_ratio flag {i}");
        assert_eq!(r.to_bytes(), h32(k.9), "sqrt_ratio root {i}");
    }
    // KAT: sqrt_ratio(50, 3) is a non-square ratio.
    let (ws, r) = FieldElement::sqrt_ratio(
        &fe("3200000000000000000000000000000000000000000000000000000000000000"),
        &fe("0300000000000000000000000000000000000000000000000000000000000000"),
    );
    assert_eq!(ws.unwrap_u8(), 0);
    assert_eq!(
        r.to_bytes(),
        h32("bc391767d5d1caf667f92fb7c02466b3408dc403f31e4ba656e05a523643e962")
    );
}

#[test]
fn field_ring_identities_random() {
    let mut rng = Rng::new(0x5eed_0001);
    for _ in 0..200 {
        let (a, b, c) = (rng.fe(), rng.fe(), rng.fe());
        assert_eq!(a.add(&b), b.add(&a));
        assert_eq!(a.mul(&b), b.mul(&a));
        assert_eq!(a.mul(&b.add(&c)), a.mul(&b).add(&a.mul(&c)));
        assert_eq!(a.sub(&b).add(&b), a);
        assert_eq!(a.add(&a.neg()), FieldElement::ZERO);
        assert_eq!(a.square(), a.mul(&a));
        assert_eq!(&a * &b, a.mul(&b));
        assert_eq!(&a + &b, a.add(&b));
        assert_eq!(&a - &b, a.sub(&b));
        assert_eq!(-&a, a.neg());
        // Aliasing: same operand on both sides.
        assert_eq!(a.sub(&a), FieldElement::ZERO);
    }
}

#[test]
fn field_invert_random() {
    let mut rng = Rng::new(0x5eed_0002);
    for _ in 0..100 {
        let a = rng.fe();
        assert!(!bool::from(a.is_zero()));
        assert_eq!(a.mul(&a.invert()), FieldElement::ONE);
        assert_eq!(a.invert().invert(), a);
    }
    // Documented: the inverse of zero is zero (also for a non-canonical zero).
    assert_eq!(FieldElement::ZERO.invert(), FieldElement::ZERO);
    assert_eq!(fe(P_BYTES).invert(), FieldElement::ZERO);
    assert_eq!(FieldElement::ONE.invert(), FieldElement::ONE);
}

#[test]
fn field_pow22523_vs_square_and_multiply() {
    // (p-5)/8 = 2^252 - 3, little endian.
    let mut e = [0xffu8; 32];
    e[0] = 0xfd;
    e[31] = 0x0f;
    let mut rng = Rng::new(0x5eed_0003);
    for _ in 0..20 {
        let a = rng.fe();
        assert_eq!(a.pow22523(), pow_le(&a, &e));
    }
    assert_eq!(FieldElement::ZERO.pow22523(), FieldElement::ZERO);
    assert_eq!(FieldElement::ONE.pow22523(), FieldElement::ONE);
    // And invert against x^(p-2).
    let mut pm2 = h32(P_BYTES);
    pm2[0] -= 2;
    let a = rng.fe();
    assert_eq!(a.invert(), pow_le(&a, &pm2));
}

#[test]
fn field_sqrt_ratio_cases() {
    let mut rng = Rng::new(0x5eed_0004);
    let two = FieldElement::ONE.add(&FieldElement::ONE);
    for _ in 0..100 {
        let (r0, v) = (rng.fe(), rng.fe());
        // Square case: u = r0^2 * v.
        let u = r0.square().mul(&v);
        let (ws, r) = FieldElement::sqrt_ratio(&u, &v);
        assert!(bool::from(ws));
        assert!(!bool::from(r.is_negative()));
        assert_eq!(r.square().mul(&v), u);
        assert!(r == r0 || r == r0.neg());
        // Non-square case: u = 2 * r0^2 * v; Go returns +sqrt(i*u/v).
        let u = two.mul(&r0.square()).mul(&v);
        let (ws, r) = FieldElement::sqrt_ratio(&u, &v);
        assert!(!bool::from(ws));
        assert!(!bool::from(r.is_negative()));
        assert_eq!(r.square().mul(&v), FieldElement::SQRT_M1.mul(&u));
        // u = 0 -> (1, 0) for any v, including v = 0.
        let (ws, r) = FieldElement::sqrt_ratio(&FieldElement::ZERO, &v);
        assert!(bool::from(ws) && bool::from(r.is_zero()));
        // v = 0, u != 0 -> (0, 0).
        let (ws, r) = FieldElement::sqrt_ratio(&u, &FieldElement::ZERO);
        assert!(!bool::from(ws) && bool::from(r.is_zero()));
    }
    let (ws, r) = FieldElement::sqrt_ratio(&FieldElement::ZERO, &FieldElement::ZERO);
    assert!(bool::from(ws) && bool::from(r.is_zero()));
    // sqrt(-1) = +SQRT_M1; aliasing u and v: sqrt(u/u) = ±1, and the
    // non-negative (even) one is p - 1 = -1, since 1 is odd.
    let (ws, r) = FieldElement::sqrt_ratio(&FieldElement::ONE.neg(), &FieldElement::ONE);
    assert!(bool::from(ws));
    assert_eq!(r, FieldElement::SQRT_M1);
    let a = rng.fe();
    let (ws, r) = FieldElement::sqrt_ratio(&a, &a);
    assert!(bool::from(ws));
    assert_eq!(r, FieldElement::ONE.neg());
}

#[test]
fn field_encoding_canonical() {
    // Inputs p + k for k = 0..18 (all the values in [p, 2^255)) encode as k.
    let p = h32(P_BYTES);
    for k in 0..19u32 {
        let x = FieldElement::from_bytes(&add_small(&p, k));
        let mut want = [0u8; 32];
        want[0] = k as u8;
        assert_eq!(x.to_bytes(), want, "p + {k}");
        assert_eq!(x, FieldElement::from_bytes(&want));
    }
    // The top bit is ignored: 2^256 - 1 reads as 2^255 - 1 = p + 18.
    let all = FieldElement::from_bytes(&[0xff; 32]);
    assert_eq!(
        all.to_bytes(),
        h32("1200000000000000000000000000000000000000000000000000000000000000")
    );
    let mut rng = Rng::new(0x5eed_0005);
    for _ in 0..50 {
        let mut b = rng.bytes32();
        b[31] &= 0x7f;
        let x = FieldElement::from_bytes(&b);
        let mut b_hi = b;
        b_hi[31] |= 0x80;
        assert_eq!(FieldElement::from_bytes(&b_hi), x);
        // Round trip of canonical values, and canonical output of any value.
        let enc = x.to_bytes();
        assert_eq!(enc[31] & 0x80, 0);
        assert_eq!(FieldElement::from_bytes(&enc).to_bytes(), enc);
        // Outputs of arithmetic are canonical too.
        let y = x.add(&FieldElement::from_bytes(&p)); // x + 0 in a loose form
        assert_eq!(y.to_bytes(), enc);
    }
    // -1 encodes as p - 1.
    let mut pm1 = p;
    pm1[0] -= 1;
    assert_eq!(FieldElement::ONE.neg().to_bytes(), pm1);
}

#[test]
fn field_try_from_slice() {
    let b = [7u8; 32];
    assert_eq!(
        FieldElement::try_from_slice(&b).unwrap(),
        FieldElement::from_bytes(&b)
    );
    for len in [0usize, 31, 33, 64] {
        let v = vec![0u8; len];
        assert_eq!(
            FieldElement::try_from_slice(&v).unwrap_err(),
            Error::InvalidLength {
                what: "field element",
                expected: Expected::Exactly(32),
                got: len
            }
        );
    }
}

#[test]
fn field_is_negative_and_is_zero() {
    assert!(!bool::from(FieldElement::ZERO.is_negative()));
    assert!(bool::from(FieldElement::ONE.is_negative()));
    // -1 = p - 1 is even: not negative.
    assert!(!bool::from(FieldElement::ONE.neg().is_negative()));
    // A non-canonical input p + 1 is 1: negative, even though p+1 is even.
    let p1 = add_small(&h32(P_BYTES), 1);
    assert_eq!(p1[0] & 1, 0);
    assert!(bool::from(FieldElement::from_bytes(&p1).is_negative()));
    assert!(bool::from(FieldElement::ZERO.is_zero()));
    assert!(bool::from(fe(P_BYTES).is_zero()));
    assert!(!bool::from(FieldElement::ONE.is_zero()));
    let mut rng = Rng::new(0x5eed_0006);
    for _ in 0..50 {
        let a = rng.fe();
        assert_eq!(a.is_negative().unwrap_u8(), a.to_bytes()[0] & 1);
        if !bool::from(a.is_zero()) {
            assert_ne!(
                a.is_negative().unwrap_u8(),
                a.neg().is_negative().unwrap_u8()
            );
        }
        assert!(!bool::from(a.abs().is_negative()));
        assert!(a.abs() == a || a.abs() == a.neg());
    }
}

#[test]
fn field_conditional_move_and_select() {
    let mut rng = Rng::new(0x5eed_0007);
    let (a, b) = (rng.fe(), rng.fe());
    let mut x = a;
    x.conditional_move(&b, Choice::from(0));
    assert_eq!(x, a);
    x.conditional_move(&b, Choice::from(1));
    assert_eq!(x, b);
    assert_eq!(FieldElement::conditional_select(&a, &b, Choice::from(0)), a);
    assert_eq!(FieldElement::conditional_select(&a, &b, Choice::from(1)), b);
    let mut y = a;
    y.conditional_negate(Choice::from(1));
    assert_eq!(y, a.neg());
    assert!(bool::from(a.ct_eq(&a)));
    assert!(!bool::from(a.ct_eq(&b)));
    let mut z = a;
    zeroize::Zeroize::zeroize(&mut z);
    assert_eq!(z, FieldElement::ZERO);
}

// ----------------------------------------------------------------- points

const BASE_HEX: &str = "5866666666666666666666666666666666666666666666666666666666666666";

/// KAT: k·T for k = 0..7, T the order-8 point with y = 2707385501...02022
/// (libsodium's blacklist), x even.
const TORSION: [&str; 8] = [
    "0100000000000000000000000000000000000000000000000000000000000000", // identity
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", // order 8
    "0000000000000000000000000000000000000000000000000000000000000000", // order 4
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", // order 8
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // order 2
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", // order 8
    "0000000000000000000000000000000000000000000000000000000000000080", // order 4
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85", // order 8
];

#[test]
fn point_base_and_identity() {
    assert_eq!(Point::base().to_bytes(), h32(BASE_HEX));
    assert_eq!(Point::mul_base(&Scalar::ONE), Point::base());
    assert_eq!(Point::base().mul(&Scalar::ONE), Point::base());
    assert_eq!(Point::identity().to_bytes(), h32(TORSION[0]));
    assert!(Point::identity().is_identity());
    assert!(!Point::base().is_identity());
    assert_eq!(Point::mul_base(&Scalar::ZERO), Point::identity());
    assert_eq!(Point::from_bytes(&h32(BASE_HEX)).unwrap(), Point::base());
    // Montgomery u of B is 9.
    assert_eq!(
        Point::base().to_montgomery_bytes(),
        h32("0900000000000000000000000000000000000000000000000000000000000000")
    );
    assert_eq!(Point::default(), Point::identity());
}

#[test]
fn point_group_laws_random() {
    let mut rng = Rng::new(0x5eed_0101);
    for _ in 0..20 {
        let (a, b) = (rng.scalar(), rng.scalar());
        let (pa, pb) = (Point::mul_base(&a), Point::mul_base(&b));
        assert_eq!(pa.add(&pb), Point::mul_base(&a.add(&b)));
        assert_eq!(pa.sub(&pb), Point::mul_base(&a.sub(&b)));
        assert_eq!(pa.neg(), Point::mul_base(&a.neg()));
        assert_eq!(pa.double(), pa.add(&pa));
        assert_eq!(pa.double(), Point::mul_base(&a.add(&a)));
        assert!(pa.sub(&pa).is_identity());
        assert!(pa.add(&pa.neg()).is_identity());
        assert_eq!(pa.add(&Point::identity()), pa);
        assert_eq!(&pa + &pb, pa.add(&pb));
        assert_eq!(&pa - &pb, pa.sub(&pb));
        assert_eq!(-&pa, pa.neg());
        assert_eq!(&pa * &b, pa.mul(&b));
        // mul vs mul_base, and (ab)B = a(bB).
        assert_eq!(Point::base().mul(&a), pa);
        assert_eq!(pb.mul(&a), Point::mul_base(&a.mul(&b)));
        // Encoding round trip.
        let enc = pa.to_bytes();
        assert_eq!(Point::from_bytes(&enc).unwrap(), pa);
        assert!(Point::is_canonical_encoding(&enc));
        assert!(pa.is_torsion_free());
        assert!(!pa.is_small_order());
        assert!(bool::from(pa.ct_eq(&pa)) && !bool::from(pa.ct_eq(&pb)));
        assert_eq!(Point::conditional_select(&pa, &pb, Choice::from(1)), pb);
    }
}

#[test]
fn point_double_scalar_mul_vs_separate() {
    let mut rng = Rng::new(0x5eed_0102);
    for _ in 0..20 {
        let (a, b, k) = (rng.scalar(), rng.scalar(), rng.scalar());
        let big_a = Point::mul_base(&k);
        let want = big_a.mul(&a).add(&Point::mul_base(&b));
        assert_eq!(Point::double_scalar_mul_base_vartime(&a, &big_a, &b), want);
        // Also with a point that has a torsion component.
        let t = Point::from_bytes(&h32(TORSION[1])).unwrap();
        let mixed = big_a.add(&t);
        let want = mixed.mul(&a).add(&Point::mul_base(&b));
        assert_eq!(Point::double_scalar_mul_base_vartime(&a, &mixed, &b), want);
    }
    let z = Scalar::ZERO;
    assert!(Point::double_scalar_mul_base_vartime(&z, &Point::base(), &z).is_identity());
}

#[test]
fn point_multiscalar_mul() {
    let mut rng = Rng::new(0x5eed_0103);
    let scalars: Vec<Scalar> = (0..5).map(|_| rng.scalar()).collect();
    let points: Vec<Point> = (0..5).map(|_| Point::mul_base(&rng.scalar())).collect();
    let mut want = Point::identity();
    for (s, p) in scalars.iter().zip(&points) {
        want = want.add(&p.mul(s));
    }
    assert_eq!(
        Point::multiscalar_mul_vartime(&scalars, &points).unwrap(),
        want
    );
    assert!(Point::multiscalar_mul_vartime(&[], &[])
        .unwrap()
        .is_identity());
    assert_eq!(
        Point::multiscalar_mul_vartime(&scalars, &points[..4]).unwrap_err(),
        Error::InvalidLength {
            what: "points",
            expected: Expected::Exactly(5),
            got: 4
        }
    );
}

#[test]
fn point_rfc8032_public_key() {
    // RFC 8032 §7.1 TEST 1: clamp(SHA-512(sk)[..32]) · B = pk (scalar from Python).
    let s = h32("307c83864f2833cb427a2ef1c00a013cfdff2768d980c0a3a520f006904de94f");
    let pk = h32("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    assert_eq!(Point::mul_base_unclamped(&s).to_bytes(), pk);
    assert_eq!(
        Point::mul_base(&Scalar::from_bytes_mod_order(&s)).to_bytes(),
        pk
    );
    assert_eq!(Point::from_bytes(&pk).unwrap().to_bytes(), pk);
}

#[test]
fn point_mul_base_unclamped() {
    // KAT: n = 2^255 + 12345678901234567890 (bit 255 set): n·B, computed with
    // affine formulas in Python. Not clamped, all 256 bits count.
    let n = h32("d20a1feb8ca954ab000000000000000000000000000000000000000000000080");
    let want = h32("9cbc7ebf140cfd5af7a3d61fc9158c2adab86a41e4fb359b77acf4fa4c838597");
    assert_eq!(Point::mul_base_unclamped(&n).to_bytes(), want);
    // Independently: n·B = (n - 2^255)·B + 2^255·B, with 2^255·B by doubling.
    let mut low = n;
    low[31] &= 0x7f;
    let mut p255 = Point::base();
    for _ in 0..255 {
        p255 = p255.double();
    }
    assert_eq!(Point::mul_base_unclamped(&low).add(&p255).to_bytes(), want);
    // Not clamped: the low 3 bits matter; 1·B = B and 2·B = B + B.
    let mut one = [0u8; 32];
    one[0] = 1;
    assert_eq!(Point::mul_base_unclamped(&one), Point::base());
    one[0] = 2;
    assert_eq!(Point::mul_base_unclamped(&one), Point::base().double());
    // L·B = identity, (L+1)·B = B, 0·B = identity.
    let l = h32(L_HEX);
    assert!(Point::mul_base_unclamped(&l).is_identity());
    assert_eq!(Point::mul_base_unclamped(&add_small(&l, 1)), Point::base());
    assert!(Point::mul_base_unclamped(&[0u8; 32]).is_identity());
    // Random: equals mul_base of the reduced scalar and of a slow double-and-add.
    let mut rng = Rng::new(0x5eed_0104);
    for _ in 0..3 {
        let b = rng.bytes32();
        let got = Point::mul_base_unclamped(&b);
        assert_eq!(got, Point::mul_base(&Scalar::from_bytes_mod_order(&b)));
        let mut acc = Point::identity();
        for i in (0..256).rev() {
            acc = acc.double();
            if (b[i / 8] >> (i % 8)) & 1 == 1 {
                acc = acc.add(&Point::base());
            }
        }
        assert_eq!(got, acc);
    }
}

#[test]
fn point_torsion_points() {
    let t1 = Point::from_bytes(&h32(TORSION[1])).unwrap();
    let mut acc = Point::identity();
    for (k, hex) in TORSION.iter().enumerate() {
        let p = Point::from_bytes(&h32(hex)).unwrap();
        assert_eq!(p.to_bytes(), h32(hex), "canonical encoding of {k}·T");
        assert_eq!(acc, p, "{k}·T");
        assert!(p.is_small_order(), "{k}·T small order");
        assert_eq!(p.is_torsion_free(), k == 0, "{k}·T torsion free");
        assert_eq!(p.is_identity(), k == 0);
        assert!(p.mul_by_cofactor().is_identity());
        assert!(Point::is_canonical_encoding(&h32(hex)));
        acc = acc.add(&t1);
    }
    assert!(acc.is_identity(), "8·T = identity");
    // Orders: 4·(order 8) = order 2 point; 2·(order 4) = order 2 point.
    let order2 = Point::from_bytes(&h32(TORSION[4])).unwrap();
    assert_eq!(t1.double().double(), order2);
    assert_eq!(
        Point::from_bytes(&h32(TORSION[2])).unwrap().double(),
        order2
    );
    assert!(order2.double().is_identity());
    // Mixed-order point: neither small order nor torsion free.
    let mixed = Point::base().add(&t1);
    assert!(!mixed.is_small_order());
    assert!(!mixed.is_torsion_free());
    assert_eq!(
        mixed.mul_by_cofactor(),
        Point::base().mul(&Scalar::from_u64(8))
    );
    assert!(Point::base().is_torsion_free());
    assert!(Point::identity().is_small_order());
    assert!(Point::identity().is_torsion_free());
}

#[test]
fn point_non_canonical_encodings() {
    let p = h32(P_BYTES);
    // Negative zero: identity with the sign bit set decodes (Go SetBytes
    // semantics) to the identity, but is not canonical.
    let mut neg_id = h32(TORSION[0]);
    neg_id[31] |= 0x80;
    assert!(Point::from_bytes(&neg_id).unwrap().is_identity());
    assert!(!Point::is_canonical_encoding(&neg_id));
    assert!(Point::has_canonical_y(&neg_id)); // libsodium's ge25519_is_canonical
                                              // Same for the order-2 point (y = p - 1, x = 0).
    let neg_o2 = h32("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff");
    assert_eq!(
        Point::from_bytes(&neg_o2).unwrap().to_bytes(),
        h32(TORSION[4])
    );
    assert!(!Point::is_canonical_encoding(&neg_o2));
    assert!(Point::has_canonical_y(&neg_o2));
    // y = p + k for k = 0..18, both signs: decodes exactly when y = k does
    // (x = 0 for k = 1 with either sign), to the same point; never canonical.
    let mut decoded = 0;
    for k in 0..19u32 {
        for sign in [0u8, 0x80] {
            let mut enc = add_small(&p, k);
            enc[31] |= sign;
            let mut small = [0u8; 32];
            small[0] = k as u8;
            small[31] |= sign;
            assert!(!Point::is_canonical_encoding(&enc));
            assert!(!Point::has_canonical_y(&enc));
            assert!(Point::has_canonical_y(&small));
            match (Point::from_bytes(&enc), Point::from_bytes(&small)) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "p + {k}, sign {sign}");
                    assert_ne!(a.to_bytes(), enc);
                    decoded += 1;
                }
                (Err(_), Err(_)) => {}
                _ => panic!("p + {k} and {k} decode differently"),
            }
        }
    }
    // y = 0 (order 4, two signs) and y = 1 (identity, two signs) at least.
    assert!(decoded >= 4);
    // y = p itself: the order-4 point (x = sqrt(-1), y = 0).
    assert_eq!(Point::from_bytes(&p).unwrap().to_bytes(), h32(TORSION[2]));
    // Boundary canonical values: y = p - 1 is canonical (order-2 point).
    assert!(Point::is_canonical_encoding(&h32(TORSION[4])));
    // The canonical-encoding helper agrees with a decode/encode round trip
    // for random valid points.
    let mut rng = Rng::new(0x5eed_0105);
    let mut tried = 0;
    while tried < 100 {
        let b = rng.bytes32();
        if let Ok(pt) = Point::from_bytes(&b) {
            tried += 1;
            assert_eq!(Point::is_canonical_encoding(&b), pt.to_bytes() == b);
        }
    }
}

#[test]
fn point_invalid_encodings() {
    // y = 2 is not the y coordinate of any point (KAT from Python).
    let mut y2 = [0u8; 32];
    y2[0] = 2;
    assert_eq!(
        Point::from_bytes(&y2).unwrap_err(),
        Error::InvalidEncoding {
            what: "point",
            reason: "not the encoding of a point on Edwards25519"
        }
    );
    assert!(Point::is_canonical_encoding(&y2)); // a byte-level check only
    for len in [0usize, 31, 33] {
        assert_eq!(
            Point::from_bytes(&vec![1u8; len]).unwrap_err(),
            Error::InvalidLength {
                what: "point",
                expected: Expected::Exactly(32),
                got: len
            }
        );
    }
    // About half of all y values are invalid.
    let mut rng = Rng::new(0x5eed_0106);
    let bad = (0..200)
        .filter(|_| Point::from_bytes(&rng.bytes32()).is_err())
        .count();
    assert!((60..140).contains(&bad), "{bad} of 200 invalid");
}

// ---------------------------------------------------------------- scalars

#[test]
fn scalar_reduce_known_values() {
    let l = h32(L_HEX);
    let wide = |b: &[u8; 32]| {
        let mut w = [0u8; 64];
        w[..32].copy_from_slice(b);
        w
    };
    let mut lm1 = l;
    lm1[0] -= 1;
    // L - 1, L, L + 1 (64-byte and 32-byte forms).
    assert_eq!(
        Scalar::from_bytes_mod_order_wide(&wide(&lm1)).to_bytes(),
        lm1
    );
    assert_eq!(
        Scalar::from_bytes_mod_order_wide(&wide(&l)).to_bytes(),
        [0u8; 32]
    );
    let mut one = [0u8; 32];
    one[0] = 1;
    assert_eq!(
        Scalar::from_bytes_mod_order_wide(&wide(&add_small(&l, 1))).to_bytes(),
        one
    );
    assert_eq!(Scalar::from_bytes_mod_order(&lm1).to_bytes(), lm1);
    assert_eq!(Scalar::from_bytes_mod_order(&l).to_bytes(), [0u8; 32]);
    assert_eq!(
        Scalar::from_bytes_mod_order(&add_small(&l, 1)).to_bytes(),
        one
    );
    // KAT: (2^512 - 1) mod L and (2^256 - 1) mod L.
    assert_eq!(
        Scalar::from_bytes_mod_order_wide(&[0xff; 64]).to_bytes(),
        h32("000f9c44e31106a447938568a71b0ed065bef517d273ecce3d9a307c1b419903")
    );
    assert_eq!(
        Scalar::from_bytes_mod_order(&[0xff; 32]).to_bytes(),
        h32("1c95988d7431ecd670cf7d73f45befc6feffffffffffffffffffffffffffff0f")
    );
    // KAT: a random 512-bit value.
    let w = unhex::<64>("a88b220a26698f6ac44bdb46f42692a9939a77ce41db4a0a7b5a662ddb3c8c45f8ee91272eadde4c017168f455a3fbd82cae90274bb577c7c9c479d5fd9ae976");
    assert_eq!(
        Scalar::from_bytes_mod_order_wide(&w).to_bytes(),
        h32("4663ad446b2c90a5a6d523cffd5c97843584b32858b80c1f36e9716145fbb904")
    );
}

#[test]
fn scalar_mul_add_and_arith() {
    // KAT: x*y + z mod L and 1/x mod L.
    let x = Scalar::from_canonical_bytes(&h32(
        "7c2f0b79616248a895d79960dae1c72a086dde0deb118413aa4468963fffe30f",
    ))
    .unwrap();
    let y = Scalar::from_canonical_bytes(&h32(
        "9d1dfc2961484813c831ad8e206d1037b149ed2471e7f106615bf3efba52140b",
    ))
    .unwrap();
    let z = Scalar::from_canonical_bytes(&h32(
        "86f15ec53a37631ca891f9f4ff519987aa802724ca01a6ab61372e4e2454880e",
    ))
    .unwrap();
    assert_eq!(
        Scalar::mul_add(&x, &y, &z).to_bytes(),
        h32("d9d60da031d49a4be511cec590b906ee2397d728387141a5126c39250225a90b")
    );
    assert_eq!(
        x.invert().unwrap().to_bytes(),
        h32("726eaae7520237405bd4f24484cd376462da2a57d3a4ab66ec07c38cfa228f06")
    );
    let mut rng = Rng::new(0x5eed_0201);
    for _ in 0..50 {
        let (a, b, c) = (rng.scalar(), rng.scalar(), rng.scalar());
        assert_eq!(Scalar::mul_add(&a, &b, &c), a.mul(&b).add(&c));
        assert_eq!(a.add(&b).sub(&b), a);
        assert_eq!(a.add(&a.neg()), Scalar::ZERO);
        assert_eq!(&a * &b, a.mul(&b));
        assert_eq!(&a + &b, a.add(&b));
        assert_eq!(&a - &b, a.sub(&b));
        assert_eq!(-&a, a.neg());
        assert_eq!(a.mul(&a.invert().unwrap()), Scalar::ONE);
        assert!(bool::from(a.ct_eq(&a)) && !bool::from(a.ct_eq(&b)));
        assert!(Scalar::is_canonical(&a.to_bytes()));
    }
    // L - 1 = -1.
    let mut lm1 = h32(L_HEX);
    lm1[0] -= 1;
    assert_eq!(Scalar::ONE.neg().to_bytes(), lm1);
    assert_eq!(
        Scalar::from_u64(6).mul(&Scalar::from_u64(7)),
        Scalar::from_u64(42)
    );
}

#[test]
fn scalar_invert_zero_is_error() {
    assert_eq!(
        Scalar::ZERO.invert().unwrap_err(),
        Error::InvalidParameter {
            what: "scalar",
            expected: "a nonzero scalar",
            got: 0
        }
    );
    // A zero obtained by reduction too.
    assert!(Scalar::from_bytes_mod_order(&h32(L_HEX)).invert().is_err());
    assert_eq!(Scalar::ONE.invert().unwrap(), Scalar::ONE);
    assert!(bool::from(Scalar::ZERO.is_zero()));
}

#[test]
fn scalar_canonical_checks() {
    let l = h32(L_HEX);
    let mut lm1 = l;
    lm1[0] -= 1;
    assert_eq!(Scalar::ORDER_BYTES, l);
    assert!(Scalar::is_canonical(&[0u8; 32]));
    assert!(Scalar::is_canonical(&lm1));
    assert!(!Scalar::is_canonical(&l));
    assert!(!Scalar::is_canonical(&add_small(&l, 1)));
    assert!(!Scalar::is_canonical(&[0xff; 32]));
    // 2^255 + 1 and L + 2^255 (bit 255 set) are rejected.
    let mut hi = [0u8; 32];
    hi[0] = 1;
    hi[31] = 0x80;
    assert!(!Scalar::is_canonical(&hi));
    let mut l_hi = l;
    l_hi[31] |= 0x80;
    assert!(!Scalar::is_canonical(&l_hi));
    // 2^252 (< L) is canonical; 2^253 is not.
    let mut t = [0u8; 32];
    t[31] = 0x10;
    assert!(Scalar::is_canonical(&t));
    t[31] = 0x20;
    assert!(!Scalar::is_canonical(&t));

    assert_eq!(Scalar::from_canonical_bytes(&lm1).unwrap().to_bytes(), lm1);
    let enc_err = Error::InvalidEncoding {
        what: "scalar",
        reason: "not canonical: the value is not less than the group order L",
    };
    assert_eq!(Scalar::from_canonical_bytes(&l).unwrap_err(), enc_err);
    assert_eq!(Scalar::from_canonical_bytes(&hi).unwrap_err(), enc_err);
    assert_eq!(
        Scalar::from_canonical_bytes(&l[..31]).unwrap_err(),
        Error::InvalidLength {
            what: "scalar",
            expected: Expected::Exactly(32),
            got: 31
        }
    );
    // Random 32-byte strings: is_canonical agrees with reduce-and-compare.
    let mut rng = Rng::new(0x5eed_0202);
    for _ in 0..200 {
        let mut b = rng.bytes32();
        b[31] &= 0x1f; // land near L often
        let canon = Scalar::from_bytes_mod_order(&b).to_bytes() == b;
        assert_eq!(Scalar::is_canonical(&b), canon);
        assert_eq!(Scalar::from_canonical_bytes(&b).is_ok(), canon);
    }
}

#[test]
fn scalar_clamp_rfc7748() {
    // RFC 7748 §5.2 first test vector: scalar and its decodeScalar25519 value
    // 31029842492115040904895560451863089656472772604678260265531221036453811406496.
    let k = h32("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    assert_eq!(
        Scalar::clamp(&k),
        h32("a046e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449a44")
    );
    let mut rng = Rng::new(0x5eed_0203);
    for _ in 0..50 {
        let b = rng.bytes32();
        let c = Scalar::clamp(&b);
        assert_eq!(c[0] & 7, 0);
        assert_eq!(c[31] & 0xc0, 0x40);
        assert_eq!(c[1..31], b[1..31]);
        assert_eq!(c[0], b[0] & 0xf8);
        assert_eq!(c[31] & 0x3f, b[31] & 0x3f);
        assert_eq!(Scalar::clamp(&c), c);
    }
    assert_eq!(Scalar::clamp(&[0u8; 32])[31], 0x40);
    assert_eq!(Scalar::clamp(&[0xff; 32])[31], 0x7f);
    assert_eq!(Scalar::clamp(&[0xff; 32])[0], 0xf8);
}

#[test]
fn scalar_debug_is_redacted() {
    let s = Scalar::from_u64(12345);
    assert_eq!(format!("{s:?}"), "Scalar(<redacted>)");
}
