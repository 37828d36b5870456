//! Ed25519 verification modes on the ZIP-215 test set: every pair of the 14
//! encodings of small-order points (8 canonical, 6 non-canonical) as public
//! key A and commitment R, with S = 0 and the message "Zcash". The cofactored
//! equation holds for all 196, so ZIP-215 must accept each one; libsodium's
//! rules (the default) must reject each one (small-order A and R). This is
//! how zcash/zebra generate their `zip215` vectors.

use curve25519_dalek::constants::EIGHT_TORSION;
use curve25519_dalek::edwards::CompressedEdwardsY;
use saline::curve::ed25519::{verify, verify_with, VerifyMode};

/// p = 2^255 - 19, little-endian.
fn p_plus(k: u8) -> [u8; 32] {
    let mut bytes = [0xffu8; 32];
    bytes[0] = 0xed + k; // k <= 18 keeps this below 2^255 without carries
    bytes[31] = 0x7f;
    bytes
}

fn small_order_encodings() -> Vec<[u8; 32]> {
    let mut encodings: Vec<[u8; 32]> = EIGHT_TORSION.iter().map(|p| p.compress().to_bytes()).collect();
    // Non-canonical: y = 0 and y = 1 written as y + p, with either sign bit,
    // and the "negative zero" x of y = 1 and y = -1.
    let mut candidates = Vec::new();
    for k in [0u8, 1] {
        for sign in [0u8, 0x80] {
            let mut e = p_plus(k);
            e[31] |= sign;
            candidates.push(e);
        }
    }
    let mut one = [0u8; 32];
    one[0] = 1;
    one[31] = 0x80;
    candidates.push(one);
    let mut minus_one = p_plus(0);
    minus_one[0] = 0xec;
    minus_one[31] |= 0x80;
    candidates.push(minus_one);
    for e in candidates {
        let decodes_small = CompressedEdwardsY(e).decompress().is_some_and(|p| p.is_small_order());
        if decodes_small && !encodings.contains(&e) {
            encodings.push(e);
        }
    }
    encodings
}

#[test]
fn zip215_small_order_set() {
    let encodings = small_order_encodings();
    assert_eq!(encodings.len(), 14, "8 canonical and 6 non-canonical encodings");
    let mut count = 0;
    for a in &encodings {
        for r in &encodings {
            let mut signature = [0u8; 64];
            signature[..32].copy_from_slice(r);
            verify_with(a, b"Zcash", &signature, VerifyMode::Zip215)
                .unwrap_or_else(|_| panic!("ZIP-215 must accept A={} R={}", hex::encode(a), hex::encode(r)));
            assert!(verify(a, b"Zcash", &signature).is_err(), "strict mode must reject A={}", hex::encode(a));
            count += 1;
        }
    }
    println!("zip215: {count} cases accepted by ZIP-215 and rejected by the libsodium rules");
}

#[test]
fn zip215_requires_canonical_s() {
    let key = saline::curve::ed25519::SigningKey::from_seed(&[9u8; 32]).unwrap();
    let mut signature = key.sign(b"msg");
    verify_with(&key.public_key(), b"msg", &signature, VerifyMode::Zip215).unwrap();
    // S + L is the same scalar but not canonical: both modes reject it.
    const L: [u8; 32] = [
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ];
    let mut carry = 0u16;
    for i in 0..32 {
        let sum = u16::from(signature[32 + i]) + u16::from(L[i]) + carry;
        signature[32 + i] = sum as u8;
        carry = sum >> 8;
    }
    assert!(verify_with(&key.public_key(), b"msg", &signature, VerifyMode::Zip215).is_err());
    assert!(verify(&key.public_key(), b"msg", &signature).is_err());
}
