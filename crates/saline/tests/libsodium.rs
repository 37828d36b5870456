//! Differential tests against libsodium (`libsodium-sys-stable`, built from
//! the libsodium source it bundles).
//!
//! Every libsodium / NaCl function that Saline offers runs on the same
//! seeded pseudo-random inputs in both libraries:
//! * outputs must agree byte for byte;
//! * what one library seals the other must open (both directions);
//! * one flipped bit in a tag, ciphertext, signature or associated data must
//!   make both reject, Saline with `Error::VerificationFailed`;
//! * adversarial curve inputs (small-order and mixed-order points,
//!   non-canonical encodings, non-canonical signature scalars) must get the
//!   same accept/reject decision.
//!
//! Inputs come from `ChaCha20Rng` seeded with `SEED` and the test's name, at
//! the message lengths in `LENGTHS`, plus one 1 MiB message per function.
//! Each test prints how many cases it compared (`-- --nocapture`).

mod common;

use std::ffi::CString;
use std::os::raw::c_int;

use curve25519_dalek::constants::EIGHT_TORSION;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::IsIdentity;
use libsodium_sys as ffi;
use common::{array, below, bytes};
use rand_chacha::ChaCha20Rng;
use rand_core::RngCore;
use saline::curve::{ed25519, x25519};
use saline::hash::{hash, hash_with, HashOptions, Hasher};
use saline::kdf::{argon2, argon2_hash, argon2_verify, scrypt, Argon2Params};
use saline::mac::{mac, Mac};
use saline::nacl::{crypto_box, sealedbox, secretbox, sign, tweetnacl};
use saline::{aead, cipher, Algorithm, Error};

// ---------------------------------------------------------------- inputs

const SEED: u64 = 0x5a11_4e00_0000_0001;

/// Around every block and tag boundary of Salsa20/ChaCha20 (64), Poly1305
/// (16), SHA-2 and BLAKE2b (64, 128), and one length that is none of them.
const LENGTHS: &[usize] = &[0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 1000, 4096 + 7];

/// The one large message per function.
const BIG: usize = 1 << 20;

/// `LENGTHS`, then `BIG`.
fn lengths() -> impl Iterator<Item = usize> {
    LENGTHS.iter().copied().chain([BIG])
}

fn setup(test: &str) -> ChaCha20Rng {
    common::seeded(SEED, test)
}

/// Random bytes of a random length from 0 to `max`.
fn bytes_up_to(rng: &mut ChaCha20Rng, max: usize) -> Vec<u8> {
    let len = below(rng, max + 1);
    bytes(rng, len)
}

/// Random bytes of a random length from `LENGTHS`, at most `max`.
fn bytes_of_listed_length(rng: &mut ChaCha20Rng, max: usize) -> Vec<u8> {
    let listed: Vec<usize> = LENGTHS.iter().copied().filter(|&len| len <= max).collect();
    let len = listed[below(rng, listed.len())];
    bytes(rng, len)
}

/// A copy of `data` (not empty) with one random bit flipped.
fn flip_bit(rng: &mut ChaCha20Rng, data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    let bit = below(rng, 8 * out.len());
    out[bit / 8] ^= 1 << (bit % 8);
    out
}

/// Another associated data: a flipped bit, or one byte more when empty.
fn tamper_aad(rng: &mut ChaCha20Rng, aad: &[u8]) -> Vec<u8> {
    if aad.is_empty() {
        vec![0]
    } else {
        flip_bit(rng, aad)
    }
}

/// Random pieces of `data` for streaming updates, empty ones included.
fn chunks<'a>(rng: &mut ChaCha20Rng, data: &'a [u8]) -> Vec<&'a [u8]> {
    let max = if data.len() > 100_000 { 100_000 } else { 300 };
    let mut out = Vec::new();
    let mut rest = data;
    while !rest.is_empty() {
        let (piece, tail) = rest.split_at(below(rng, max + 1).min(rest.len()));
        out.push(piece);
        rest = tail;
    }
    out
}

fn report(test: &str, cases: usize) {
    println!("{test}: {cases} cases compared with libsodium");
}

/// libsodium rejected (`sodium_accepted` is false) and Saline returned
/// exactly `Error::VerificationFailed`.
#[track_caller]
fn assert_both_reject<T: std::fmt::Debug>(what: &str, saline: saline::Result<T>, sodium_accepted: bool) {
    assert!(!sodium_accepted, "{what}: libsodium accepted a forgery");
    match saline {
        Err(Error::VerificationFailed) => {}
        other => panic!("{what}: Saline returned {other:?}, expected Err(VerificationFailed)"),
    }
}

/// 32-byte little-endian sum (no carry out of the top byte is expected).
fn add_le(a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let sum = u16::from(a[i]) + u16::from(b[i]) + carry;
        out[i] = sum as u8;
        carry = sum >> 8;
    }
    assert_eq!(carry, 0, "overflow in add_le");
    out
}

fn unhex32(s: &str) -> [u8; 32] {
    hex::decode(s).expect("hex").try_into().expect("32 bytes")
}

// ---------------------------------------------------------------- curve points

/// ℓ, the order of the Ed25519 base point (RFC 8032 §5.1), little-endian.
const L: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// The 32-byte encoding of y = p + k with sign bit 0 (k ≤ 18, so that it
/// fits in 255 bits): a non-canonical encoding of y = k.
fn y_p_plus(k: u8) -> [u8; 32] {
    assert!(k <= 18);
    let mut out = [0xff; 32];
    out[0] = 0xed + k;
    out[31] = 0x7f;
    out
}

fn with_sign_bit(mut encoding: [u8; 32]) -> [u8; 32] {
    encoding[31] ^= 0x80;
    encoding
}

/// Every Edwards25519 encoding of a small-order point that decodes: the
/// eight torsion points, each with its sign bit flipped too (for x = 0 this
/// is the "negative zero" encoding), and the non-canonical y = p (order 4)
/// and y = p + 1 (the identity) with either sign bit.
fn small_order_edwards_encodings() -> Vec<[u8; 32]> {
    let canonical = EIGHT_TORSION.iter().map(|t| t.compress().to_bytes());
    let non_canonical = [y_p_plus(0), y_p_plus(1)];
    canonical.chain(non_canonical).flat_map(|e| [e, with_sign_bit(e)]).collect()
}

/// The X25519 u-coordinates of small order, as listed in libsodium's
/// `crypto_scalarmult/curve25519/ref10/x25519_ref10.c` (from
/// <https://cr.yp.to/ecdh.html#validate>): 0, 1, the two of order 8, p − 1,
/// p and p + 1, each also with the ignored top bit set.
fn small_order_montgomery_encodings() -> Vec<[u8; 32]> {
    let listed = [
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ];
    let out: Vec<[u8; 32]> = listed.iter().map(|s| unhex32(s)).flat_map(|e| [e, with_sign_bit(e)]).collect();
    // Cross-check the pasted list: every torsion point maps into it.
    for t in EIGHT_TORSION {
        assert!(out.contains(&t.to_montgomery().to_bytes()), "torsion point missing from the list");
    }
    out
}

fn random_scalar(rng: &mut ChaCha20Rng) -> Scalar {
    Scalar::from_bytes_mod_order_wide(&array::<64>(rng))
}

/// A point of order 8ℓ/ord(T) or so: `[a]B + T`.
fn mixed_order_point(a: &Scalar, torsion: &EdwardsPoint) -> EdwardsPoint {
    EdwardsPoint::mul_base(a) + torsion
}

/// The Ed25519 challenge k = SHA-512(R ‖ A ‖ M) mod ℓ (RFC 8032 §5.1.7),
/// over the encodings as given, hashed by libsodium.
fn challenge(r: &[u8; 32], a: &[u8; 32], message: &[u8]) -> Scalar {
    Scalar::from_bytes_mod_order_wide(&sodium::hash_sha512(&[&r[..], &a[..], message].concat()))
}

fn signature(r: &[u8; 32], s: &[u8; 32]) -> [u8; 64] {
    let mut out = [0u8; 64];
    out[..32].copy_from_slice(r);
    out[32..].copy_from_slice(s);
    out
}

// ---------------------------------------------------------------- libsodium

/// Safe wrappers over the libsodium calls used here: fixed sizes are
/// arrays, and a failing call is `None` or `false`.
mod sodium {
    use super::*;

    fn len(data: &[u8]) -> u64 {
        data.len() as u64
    }

    // -- secretbox

    pub fn secretbox_easy(m: &[u8], n: &[u8; 24], k: &[u8; 32]) -> Vec<u8> {
        let mut c = vec![0u8; m.len() + 16];
        let rc = unsafe { ffi::crypto_secretbox_easy(c.as_mut_ptr(), m.as_ptr(), len(m), n.as_ptr(), k.as_ptr()) };
        assert_eq!(rc, 0);
        c
    }

    pub fn secretbox_open_easy(c: &[u8], n: &[u8; 24], k: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; c.len().saturating_sub(16)];
        let rc = unsafe { ffi::crypto_secretbox_open_easy(m.as_mut_ptr(), c.as_ptr(), len(c), n.as_ptr(), k.as_ptr()) };
        (rc == 0).then_some(m)
    }

    pub fn secretbox_detached(m: &[u8], n: &[u8; 24], k: &[u8; 32]) -> (Vec<u8>, [u8; 16]) {
        let (mut c, mut tag) = (vec![0u8; m.len()], [0u8; 16]);
        let rc = unsafe {
            ffi::crypto_secretbox_detached(c.as_mut_ptr(), tag.as_mut_ptr(), m.as_ptr(), len(m), n.as_ptr(), k.as_ptr())
        };
        assert_eq!(rc, 0);
        (c, tag)
    }

    pub fn secretbox_open_detached(c: &[u8], tag: &[u8; 16], n: &[u8; 24], k: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; c.len()];
        let rc = unsafe {
            ffi::crypto_secretbox_open_detached(
                m.as_mut_ptr(),
                c.as_ptr(),
                tag.as_ptr(),
                len(c),
                n.as_ptr(),
                k.as_ptr(),
            )
        };
        (rc == 0).then_some(m)
    }

    /// NaCl's padded `crypto_secretbox` (32 zero bytes in, 16 out).
    pub fn nacl_secretbox(padded_m: &[u8], n: &[u8; 24], k: &[u8; 32]) -> Option<Vec<u8>> {
        let mut c = vec![0u8; padded_m.len()];
        let rc =
            unsafe { ffi::crypto_secretbox(c.as_mut_ptr(), padded_m.as_ptr(), len(padded_m), n.as_ptr(), k.as_ptr()) };
        (rc == 0).then_some(c)
    }

    pub fn nacl_secretbox_open(padded_c: &[u8], n: &[u8; 24], k: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; padded_c.len()];
        let rc = unsafe {
            ffi::crypto_secretbox_open(m.as_mut_ptr(), padded_c.as_ptr(), len(padded_c), n.as_ptr(), k.as_ptr())
        };
        (rc == 0).then_some(m)
    }

    // -- box

    pub fn box_seed_keypair(seed: &[u8; 32]) -> ([u8; 32], [u8; 32]) {
        let (mut pk, mut sk) = ([0u8; 32], [0u8; 32]);
        assert_eq!(unsafe { ffi::crypto_box_seed_keypair(pk.as_mut_ptr(), sk.as_mut_ptr(), seed.as_ptr()) }, 0);
        (pk, sk)
    }

    pub fn box_easy(m: &[u8], n: &[u8; 24], pk: &[u8; 32], sk: &[u8; 32]) -> Option<Vec<u8>> {
        let mut c = vec![0u8; m.len() + 16];
        let rc =
            unsafe { ffi::crypto_box_easy(c.as_mut_ptr(), m.as_ptr(), len(m), n.as_ptr(), pk.as_ptr(), sk.as_ptr()) };
        (rc == 0).then_some(c)
    }

    pub fn box_open_easy(c: &[u8], n: &[u8; 24], pk: &[u8; 32], sk: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; c.len().saturating_sub(16)];
        let rc = unsafe {
            ffi::crypto_box_open_easy(m.as_mut_ptr(), c.as_ptr(), len(c), n.as_ptr(), pk.as_ptr(), sk.as_ptr())
        };
        (rc == 0).then_some(m)
    }

    pub fn box_detached(m: &[u8], n: &[u8; 24], pk: &[u8; 32], sk: &[u8; 32]) -> Option<(Vec<u8>, [u8; 16])> {
        let (mut c, mut tag) = (vec![0u8; m.len()], [0u8; 16]);
        let rc = unsafe {
            ffi::crypto_box_detached(
                c.as_mut_ptr(),
                tag.as_mut_ptr(),
                m.as_ptr(),
                len(m),
                n.as_ptr(),
                pk.as_ptr(),
                sk.as_ptr(),
            )
        };
        (rc == 0).then_some((c, tag))
    }

    pub fn box_open_detached(c: &[u8], tag: &[u8; 16], n: &[u8; 24], pk: &[u8; 32], sk: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; c.len()];
        let rc = unsafe {
            ffi::crypto_box_open_detached(
                m.as_mut_ptr(),
                c.as_ptr(),
                tag.as_ptr(),
                len(c),
                n.as_ptr(),
                pk.as_ptr(),
                sk.as_ptr(),
            )
        };
        (rc == 0).then_some(m)
    }

    pub fn box_beforenm(pk: &[u8; 32], sk: &[u8; 32]) -> Option<[u8; 32]> {
        let mut k = [0u8; 32];
        let rc = unsafe { ffi::crypto_box_beforenm(k.as_mut_ptr(), pk.as_ptr(), sk.as_ptr()) };
        (rc == 0).then_some(k)
    }

    pub fn box_easy_afternm(m: &[u8], n: &[u8; 24], k: &[u8; 32]) -> Vec<u8> {
        let mut c = vec![0u8; m.len() + 16];
        let rc = unsafe { ffi::crypto_box_easy_afternm(c.as_mut_ptr(), m.as_ptr(), len(m), n.as_ptr(), k.as_ptr()) };
        assert_eq!(rc, 0);
        c
    }

    pub fn box_open_easy_afternm(c: &[u8], n: &[u8; 24], k: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; c.len().saturating_sub(16)];
        let rc =
            unsafe { ffi::crypto_box_open_easy_afternm(m.as_mut_ptr(), c.as_ptr(), len(c), n.as_ptr(), k.as_ptr()) };
        (rc == 0).then_some(m)
    }

    pub fn box_seal(m: &[u8], pk: &[u8; 32]) -> Option<Vec<u8>> {
        let mut c = vec![0u8; m.len() + 48];
        let rc = unsafe { ffi::crypto_box_seal(c.as_mut_ptr(), m.as_ptr(), len(m), pk.as_ptr()) };
        (rc == 0).then_some(c)
    }

    pub fn box_seal_open(c: &[u8], pk: &[u8; 32], sk: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; c.len().saturating_sub(48)];
        let rc = unsafe { ffi::crypto_box_seal_open(m.as_mut_ptr(), c.as_ptr(), len(c), pk.as_ptr(), sk.as_ptr()) };
        (rc == 0).then_some(m)
    }

    pub fn nacl_box(padded_m: &[u8], n: &[u8; 24], pk: &[u8; 32], sk: &[u8; 32]) -> Option<Vec<u8>> {
        let mut c = vec![0u8; padded_m.len()];
        let rc = unsafe {
            ffi::crypto_box(c.as_mut_ptr(), padded_m.as_ptr(), len(padded_m), n.as_ptr(), pk.as_ptr(), sk.as_ptr())
        };
        (rc == 0).then_some(c)
    }

    pub fn nacl_box_open(padded_c: &[u8], n: &[u8; 24], pk: &[u8; 32], sk: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; padded_c.len()];
        let rc = unsafe {
            ffi::crypto_box_open(m.as_mut_ptr(), padded_c.as_ptr(), len(padded_c), n.as_ptr(), pk.as_ptr(), sk.as_ptr())
        };
        (rc == 0).then_some(m)
    }

    pub fn nacl_box_afternm(padded_m: &[u8], n: &[u8; 24], k: &[u8; 32]) -> Option<Vec<u8>> {
        let mut c = vec![0u8; padded_m.len()];
        let rc = unsafe {
            ffi::crypto_box_afternm(c.as_mut_ptr(), padded_m.as_ptr(), len(padded_m), n.as_ptr(), k.as_ptr())
        };
        (rc == 0).then_some(c)
    }

    pub fn nacl_box_open_afternm(padded_c: &[u8], n: &[u8; 24], k: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; padded_c.len()];
        let rc = unsafe {
            ffi::crypto_box_open_afternm(m.as_mut_ptr(), padded_c.as_ptr(), len(padded_c), n.as_ptr(), k.as_ptr())
        };
        (rc == 0).then_some(m)
    }

    // -- stream ciphers and cores

    pub fn stream(out_len: usize, n: &[u8; 24], k: &[u8; 32]) -> Vec<u8> {
        let mut c = vec![0u8; out_len];
        assert_eq!(unsafe { ffi::crypto_stream(c.as_mut_ptr(), out_len as u64, n.as_ptr(), k.as_ptr()) }, 0);
        c
    }

    pub fn stream_xor(m: &[u8], n: &[u8; 24], k: &[u8; 32]) -> Vec<u8> {
        let mut c = vec![0u8; m.len()];
        assert_eq!(unsafe { ffi::crypto_stream_xor(c.as_mut_ptr(), m.as_ptr(), len(m), n.as_ptr(), k.as_ptr()) }, 0);
        c
    }

    /// `crypto_stream_{chacha20_ietf,xchacha20,salsa20,xsalsa20}_xor_ic`,
    /// chosen by Saline's catalog entry.
    pub fn stream_xor_ic(algorithm: Algorithm, m: &[u8], n: &[u8], counter: u64, k: &[u8; 32]) -> Vec<u8> {
        let mut c = vec![0u8; m.len()];
        let (cp, mp, np, kp) = (c.as_mut_ptr(), m.as_ptr(), n.as_ptr(), k.as_ptr());
        let rc = unsafe {
            match algorithm {
                Algorithm::ChaCha20 => {
                    ffi::crypto_stream_chacha20_ietf_xor_ic(cp, mp, len(m), np, u32::try_from(counter).unwrap(), kp)
                }
                Algorithm::XChaCha20 => ffi::crypto_stream_xchacha20_xor_ic(cp, mp, len(m), np, counter, kp),
                Algorithm::Salsa20 => ffi::crypto_stream_salsa20_xor_ic(cp, mp, len(m), np, counter, kp),
                Algorithm::XSalsa20 => ffi::crypto_stream_xsalsa20_xor_ic(cp, mp, len(m), np, counter, kp),
                other => panic!("no libsodium stream for {other:?}"),
            }
        };
        assert_eq!(rc, 0);
        c
    }

    pub fn core_salsa20(input: &[u8; 16], k: &[u8; 32], c: &[u8; 16]) -> [u8; 64] {
        let mut out = [0u8; 64];
        assert_eq!(unsafe { ffi::crypto_core_salsa20(out.as_mut_ptr(), input.as_ptr(), k.as_ptr(), c.as_ptr()) }, 0);
        out
    }

    /// With `c` = `None`, libsodium uses σ itself.
    pub fn core_hsalsa20(input: &[u8; 16], k: &[u8; 32], c: Option<&[u8; 16]>) -> [u8; 32] {
        let mut out = [0u8; 32];
        let cp = c.map_or(std::ptr::null(), |c| c.as_ptr());
        assert_eq!(unsafe { ffi::crypto_core_hsalsa20(out.as_mut_ptr(), input.as_ptr(), k.as_ptr(), cp) }, 0);
        out
    }

    // -- hashes and MACs

    pub fn hash_sha256(m: &[u8]) -> [u8; 32] {
        let mut out = [0u8; 32];
        assert_eq!(unsafe { ffi::crypto_hash_sha256(out.as_mut_ptr(), m.as_ptr(), len(m)) }, 0);
        out
    }

    pub fn hash_sha512(m: &[u8]) -> [u8; 64] {
        let mut out = [0u8; 64];
        assert_eq!(unsafe { ffi::crypto_hash_sha512(out.as_mut_ptr(), m.as_ptr(), len(m)) }, 0);
        out
    }

    pub fn generichash(out_len: usize, m: &[u8], key: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; out_len];
        let rc =
            unsafe { ffi::crypto_generichash(out.as_mut_ptr(), out_len, m.as_ptr(), len(m), key.as_ptr(), key.len()) };
        assert_eq!(rc, 0);
        out
    }

    pub fn generichash_salt_personal(
        out_len: usize,
        m: &[u8],
        key: &[u8],
        salt: &[u8; 16],
        personal: &[u8; 16],
    ) -> Vec<u8> {
        let mut out = vec![0u8; out_len];
        let rc = unsafe {
            ffi::crypto_generichash_blake2b_salt_personal(
                out.as_mut_ptr(),
                out_len,
                m.as_ptr(),
                len(m),
                key.as_ptr(),
                key.len(),
                salt.as_ptr(),
                personal.as_ptr(),
            )
        };
        assert_eq!(rc, 0);
        out
    }

    pub fn onetimeauth(m: &[u8], k: &[u8; 32]) -> [u8; 16] {
        let mut out = [0u8; 16];
        assert_eq!(unsafe { ffi::crypto_onetimeauth(out.as_mut_ptr(), m.as_ptr(), len(m), k.as_ptr()) }, 0);
        out
    }

    pub fn onetimeauth_verify(tag: &[u8; 16], m: &[u8], k: &[u8; 32]) -> bool {
        unsafe { ffi::crypto_onetimeauth_verify(tag.as_ptr(), m.as_ptr(), len(m), k.as_ptr()) == 0 }
    }

    /// Expands to a one-shot wrapper over a libsodium MAC taking a 32-byte
    /// key, its `_verify`, and an any-length-key wrapper over its
    /// `_init`/`_update`/`_final` API.
    macro_rules! sodium_hmac {
        ($tag_len:literal, $oneshot:ident, $verify:ident, $any_key:ident,
         $c_oneshot:ident, $c_verify:ident, $state:ident, $init:ident, $update:ident, $finish:ident) => {
            pub fn $oneshot(m: &[u8], k: &[u8; 32]) -> [u8; $tag_len] {
                let mut out = [0u8; $tag_len];
                assert_eq!(unsafe { ffi::$c_oneshot(out.as_mut_ptr(), m.as_ptr(), len(m), k.as_ptr()) }, 0);
                out
            }

            pub fn $verify(tag: &[u8; $tag_len], m: &[u8], k: &[u8; 32]) -> bool {
                unsafe { ffi::$c_verify(tag.as_ptr(), m.as_ptr(), len(m), k.as_ptr()) == 0 }
            }

            pub fn $any_key(key: &[u8], m: &[u8]) -> Vec<u8> {
                let mut out = [0u8; 64];
                unsafe {
                    let mut state = std::mem::MaybeUninit::<ffi::$state>::uninit();
                    assert_eq!(ffi::$init(state.as_mut_ptr(), key.as_ptr(), key.len()), 0);
                    assert_eq!(ffi::$update(state.as_mut_ptr(), m.as_ptr(), len(m)), 0);
                    assert_eq!(ffi::$finish(state.as_mut_ptr(), out.as_mut_ptr()), 0);
                }
                out[..$tag_len].to_vec()
            }
        };
    }

    sodium_hmac!(
        32,
        auth_hmacsha256,
        auth_hmacsha256_verify,
        hmacsha256,
        crypto_auth_hmacsha256,
        crypto_auth_hmacsha256_verify,
        crypto_auth_hmacsha256_state,
        crypto_auth_hmacsha256_init,
        crypto_auth_hmacsha256_update,
        crypto_auth_hmacsha256_final
    );
    sodium_hmac!(
        64,
        auth_hmacsha512,
        auth_hmacsha512_verify,
        hmacsha512,
        crypto_auth_hmacsha512,
        crypto_auth_hmacsha512_verify,
        crypto_auth_hmacsha512_state,
        crypto_auth_hmacsha512_init,
        crypto_auth_hmacsha512_update,
        crypto_auth_hmacsha512_final
    );
    sodium_hmac!(
        32,
        auth_hmacsha512256,
        auth_hmacsha512256_verify,
        hmacsha512256,
        crypto_auth_hmacsha512256,
        crypto_auth_hmacsha512256_verify,
        crypto_auth_hmacsha512256_state,
        crypto_auth_hmacsha512256_init,
        crypto_auth_hmacsha512256_update,
        crypto_auth_hmacsha512256_final
    );

    /// `crypto_auth`, which is `crypto_auth_hmacsha512256`.
    pub fn auth(m: &[u8], k: &[u8; 32]) -> [u8; 32] {
        let mut out = [0u8; 32];
        assert_eq!(unsafe { ffi::crypto_auth(out.as_mut_ptr(), m.as_ptr(), len(m), k.as_ptr()) }, 0);
        out
    }

    pub fn auth_verify(tag: &[u8; 32], m: &[u8], k: &[u8; 32]) -> bool {
        unsafe { ffi::crypto_auth_verify(tag.as_ptr(), m.as_ptr(), len(m), k.as_ptr()) == 0 }
    }

    pub fn verify_n(x: &[u8], y: &[u8]) -> bool {
        assert_eq!(x.len(), y.len());
        let rc = unsafe {
            match x.len() {
                16 => ffi::crypto_verify_16(x.as_ptr(), y.as_ptr()),
                32 => ffi::crypto_verify_32(x.as_ptr(), y.as_ptr()),
                64 => ffi::crypto_verify_64(x.as_ptr(), y.as_ptr()),
                n => panic!("no crypto_verify_{n}"),
            }
        };
        rc == 0
    }

    // -- curves

    pub fn scalarmult(n: &[u8; 32], p: &[u8; 32]) -> Option<[u8; 32]> {
        let mut q = [0u8; 32];
        let rc = unsafe { ffi::crypto_scalarmult(q.as_mut_ptr(), n.as_ptr(), p.as_ptr()) };
        (rc == 0).then_some(q)
    }

    pub fn scalarmult_base(n: &[u8; 32]) -> [u8; 32] {
        let mut q = [0u8; 32];
        assert_eq!(unsafe { ffi::crypto_scalarmult_base(q.as_mut_ptr(), n.as_ptr()) }, 0);
        q
    }

    pub fn sign_seed_keypair(seed: &[u8; 32]) -> ([u8; 32], [u8; 64]) {
        let (mut pk, mut sk) = ([0u8; 32], [0u8; 64]);
        assert_eq!(unsafe { ffi::crypto_sign_seed_keypair(pk.as_mut_ptr(), sk.as_mut_ptr(), seed.as_ptr()) }, 0);
        (pk, sk)
    }

    pub fn sign(m: &[u8], sk: &[u8; 64]) -> Vec<u8> {
        let mut sm = vec![0u8; m.len() + 64];
        let mut sm_len = 0u64;
        assert_eq!(unsafe { ffi::crypto_sign(sm.as_mut_ptr(), &mut sm_len, m.as_ptr(), len(m), sk.as_ptr()) }, 0);
        assert_eq!(sm_len, len(&sm));
        sm
    }

    pub fn sign_open(sm: &[u8], pk: &[u8; 32]) -> Option<Vec<u8>> {
        let mut m = vec![0u8; sm.len().saturating_sub(64)];
        let mut m_len = 0u64;
        let rc = unsafe { ffi::crypto_sign_open(m.as_mut_ptr(), &mut m_len, sm.as_ptr(), len(sm), pk.as_ptr()) };
        (rc == 0).then(|| {
            assert_eq!(m_len, len(&m));
            m
        })
    }

    pub fn sign_detached(m: &[u8], sk: &[u8; 64]) -> [u8; 64] {
        let mut sig = [0u8; 64];
        let rc = unsafe {
            ffi::crypto_sign_detached(sig.as_mut_ptr(), std::ptr::null_mut(), m.as_ptr(), len(m), sk.as_ptr())
        };
        assert_eq!(rc, 0);
        sig
    }

    pub fn sign_verify_detached(sig: &[u8; 64], m: &[u8], pk: &[u8; 32]) -> bool {
        unsafe { ffi::crypto_sign_verify_detached(sig.as_ptr(), m.as_ptr(), len(m), pk.as_ptr()) == 0 }
    }

    pub fn pk_to_curve25519(pk: &[u8; 32]) -> Option<[u8; 32]> {
        let mut out = [0u8; 32];
        let rc = unsafe { ffi::crypto_sign_ed25519_pk_to_curve25519(out.as_mut_ptr(), pk.as_ptr()) };
        (rc == 0).then_some(out)
    }

    pub fn sk_to_curve25519(sk: &[u8; 64]) -> [u8; 32] {
        let mut out = [0u8; 32];
        assert_eq!(unsafe { ffi::crypto_sign_ed25519_sk_to_curve25519(out.as_mut_ptr(), sk.as_ptr()) }, 0);
        out
    }

    // -- AEADs

    type Encrypt = unsafe extern "C" fn(
        *mut u8,
        *mut u64,
        *const u8,
        u64,
        *const u8,
        u64,
        *const u8,
        *const u8,
        *const u8,
    ) -> c_int;
    type Decrypt =
        unsafe extern "C" fn(*mut u8, *mut u64, *mut u8, *const u8, u64, *const u8, u64, *const u8, *const u8) -> c_int;

    /// One libsodium AEAD and the Saline catalog entry it must match.
    pub struct Aead {
        pub algorithm: Algorithm,
        pub nonce_len: usize,
        encrypt: Encrypt,
        decrypt: Decrypt,
        available: fn() -> bool,
    }

    fn always() -> bool {
        true
    }

    fn aes256gcm_available() -> bool {
        unsafe { ffi::crypto_aead_aes256gcm_is_available() == 1 }
    }

    pub const AEADS: &[Aead] = &[
        Aead {
            algorithm: Algorithm::ChaCha20Poly1305,
            nonce_len: 12,
            encrypt: ffi::crypto_aead_chacha20poly1305_ietf_encrypt,
            decrypt: ffi::crypto_aead_chacha20poly1305_ietf_decrypt,
            available: always,
        },
        Aead {
            algorithm: Algorithm::XChaCha20Poly1305,
            nonce_len: 24,
            encrypt: ffi::crypto_aead_xchacha20poly1305_ietf_encrypt,
            decrypt: ffi::crypto_aead_xchacha20poly1305_ietf_decrypt,
            available: always,
        },
        // libsodium implements AES-256-GCM only with AES-NI/ARMv8 crypto.
        Aead {
            algorithm: Algorithm::AesGcm,
            nonce_len: 12,
            encrypt: ffi::crypto_aead_aes256gcm_encrypt,
            decrypt: ffi::crypto_aead_aes256gcm_decrypt,
            available: aes256gcm_available,
        },
    ];

    impl Aead {
        pub fn available(&self) -> bool {
            (self.available)()
        }

        pub fn seal(&self, m: &[u8], ad: &[u8], n: &[u8], k: &[u8; 32]) -> Vec<u8> {
            assert_eq!(n.len(), self.nonce_len);
            let mut c = vec![0u8; m.len() + 16];
            let mut c_len = 0u64;
            let rc = unsafe {
                (self.encrypt)(
                    c.as_mut_ptr(),
                    &mut c_len,
                    m.as_ptr(),
                    len(m),
                    ad.as_ptr(),
                    len(ad),
                    std::ptr::null(),
                    n.as_ptr(),
                    k.as_ptr(),
                )
            };
            assert_eq!((rc, c_len), (0, len(&c)));
            c
        }

        pub fn open(&self, c: &[u8], ad: &[u8], n: &[u8], k: &[u8; 32]) -> Option<Vec<u8>> {
            assert_eq!(n.len(), self.nonce_len);
            let mut m = vec![0u8; c.len().saturating_sub(16)];
            let mut m_len = 0u64;
            let rc = unsafe {
                (self.decrypt)(
                    m.as_mut_ptr(),
                    &mut m_len,
                    std::ptr::null_mut(),
                    c.as_ptr(),
                    len(c),
                    ad.as_ptr(),
                    len(ad),
                    n.as_ptr(),
                    k.as_ptr(),
                )
            };
            (rc == 0).then(|| {
                assert_eq!(m_len, len(&m));
                m
            })
        }
    }

    // -- password hashing

    /// Argon2 version 1.3 through `crypto_pwhash`: one lane, memory in bytes.
    pub fn pwhash(
        algorithm: Algorithm,
        out_len: usize,
        password: &[u8],
        salt: &[u8; 16],
        t: u64,
        memory_bytes: usize,
    ) -> Vec<u8> {
        let mut out = vec![0u8; out_len];
        let rc = unsafe {
            ffi::crypto_pwhash(
                out.as_mut_ptr(),
                len(&out),
                password.as_ptr().cast(),
                len(password),
                salt.as_ptr(),
                t,
                memory_bytes,
                alg(algorithm),
            )
        };
        assert_eq!(rc, 0, "crypto_pwhash refused t = {t}, memory = {memory_bytes} bytes");
        out
    }

    fn alg(algorithm: Algorithm) -> c_int {
        let id = match algorithm {
            Algorithm::Argon2id => ffi::crypto_pwhash_ALG_ARGON2ID13,
            Algorithm::Argon2i => ffi::crypto_pwhash_ALG_ARGON2I13,
            other => panic!("libsodium has no {other:?}"),
        };
        id as c_int
    }

    /// A PHC string from `crypto_pwhash_str_alg` (random 16-byte salt, 32-byte hash).
    pub fn pwhash_str(algorithm: Algorithm, password: &[u8], t: u64, memory_bytes: usize) -> String {
        let mut out = vec![0u8; ffi::crypto_pwhash_STRBYTES as usize];
        let rc = unsafe {
            ffi::crypto_pwhash_str_alg(
                out.as_mut_ptr().cast(),
                password.as_ptr().cast(),
                len(password),
                t,
                memory_bytes,
                alg(algorithm),
            )
        };
        assert_eq!(rc, 0);
        let end = out.iter().position(|&b| b == 0).expect("NUL-terminated");
        String::from_utf8(out[..end].to_vec()).expect("ASCII")
    }

    pub fn pwhash_str_verify(phc: &str, password: &[u8]) -> bool {
        let phc = CString::new(phc).expect("no NUL");
        unsafe { ffi::crypto_pwhash_str_verify(phc.as_ptr(), password.as_ptr().cast(), len(password)) == 0 }
    }

    pub fn scrypt(password: &[u8], salt: &[u8], n: u64, r: u32, p: u32, out_len: usize) -> Vec<u8> {
        let mut out = vec![0u8; out_len];
        let rc = unsafe {
            ffi::crypto_pwhash_scryptsalsa208sha256_ll(
                password.as_ptr(),
                password.len(),
                salt.as_ptr(),
                salt.len(),
                n,
                r,
                p,
                out.as_mut_ptr(),
                out_len,
            )
        };
        assert_eq!(rc, 0);
        out
    }
}

// ---------------------------------------------------------------- NaCl boxes

#[test]
fn secretbox_matches_libsodium() {
    let mut rng = setup("secretbox");
    let mut cases = 0;
    for len in lengths() {
        let (key, nonce, message) = (array::<32>(&mut rng), array::<24>(&mut rng), bytes(&mut rng, len));

        // Easy layout, tag ‖ ciphertext; also through the generic AEAD entry.
        let ours = secretbox::seal(&message, &nonce, &key).unwrap();
        let theirs = sodium::secretbox_easy(&message, &nonce, &key);
        assert_eq!(ours, theirs, "secretbox seal, {len} bytes");
        assert_eq!(aead::seal(Algorithm::XSalsa20Poly1305, &key, &nonce, b"", &message).unwrap(), theirs);
        assert_eq!(secretbox::open(&theirs, &nonce, &key).unwrap(), message);
        assert_eq!(sodium::secretbox_open_easy(&ours, &nonce, &key).unwrap(), message);
        let forged = flip_bit(&mut rng, &theirs);
        let sodium_accepts = sodium::secretbox_open_easy(&forged, &nonce, &key).is_some();
        assert_both_reject("secretbox open", secretbox::open(&forged, &nonce, &key), sodium_accepts);

        // Detached.
        let (ct, tag) = secretbox::seal_detached(&message, &nonce, &key).unwrap();
        assert_eq!((ct.clone(), tag), sodium::secretbox_detached(&message, &nonce, &key));
        assert_eq!(secretbox::open_detached(&ct, &tag, &nonce, &key).unwrap(), message);
        assert_eq!(sodium::secretbox_open_detached(&ct, &tag, &nonce, &key).unwrap(), message);
        let bad_tag: [u8; 16] = flip_bit(&mut rng, &tag).try_into().unwrap();
        let sodium_accepts = sodium::secretbox_open_detached(&ct, &bad_tag, &nonce, &key).is_some();
        assert_both_reject(
            "secretbox open_detached",
            secretbox::open_detached(&ct, &bad_tag, &nonce, &key),
            sodium_accepts,
        );
        if !ct.is_empty() {
            let bad_ct = flip_bit(&mut rng, &ct);
            let sodium_accepts = sodium::secretbox_open_detached(&bad_ct, &tag, &nonce, &key).is_some();
            assert_both_reject(
                "secretbox open_detached",
                secretbox::open_detached(&bad_ct, &tag, &nonce, &key),
                sodium_accepts,
            );
        }
        cases += 4;
    }
    report("secretbox", cases);
}

#[test]
fn crypto_box_matches_libsodium() {
    let mut rng = setup("crypto_box");
    let mut cases = 0;
    for len in lengths() {
        let (alice_seed, bob_seed) = (array::<32>(&mut rng), array::<32>(&mut rng));
        let (nonce, message) = (array::<24>(&mut rng), bytes(&mut rng, len));

        // crypto_box_seed_keypair: secret key = SHA-512(seed)[..32].
        let (alice, bob) =
            (crypto_box::KeyPair::from_seed(&alice_seed).unwrap(), crypto_box::KeyPair::from_seed(&bob_seed).unwrap());
        let (alice_pk, alice_sk) = sodium::box_seed_keypair(&alice_seed);
        let (bob_pk, bob_sk) = sodium::box_seed_keypair(&bob_seed);
        assert_eq!((alice.public_key, *alice.secret_key()), (alice_pk, alice_sk), "crypto_box_seed_keypair");
        assert_eq!((bob.public_key, *bob.secret_key()), (bob_pk, bob_sk), "crypto_box_seed_keypair");

        // Easy layout, alice → bob.
        let ours = crypto_box::seal(&message, &nonce, &bob_pk, &alice_sk).unwrap();
        let theirs = sodium::box_easy(&message, &nonce, &bob_pk, &alice_sk).unwrap();
        assert_eq!(ours, theirs, "crypto_box_easy, {len} bytes");
        assert_eq!(crypto_box::open(&theirs, &nonce, &alice_pk, &bob_sk).unwrap(), message);
        assert_eq!(sodium::box_open_easy(&ours, &nonce, &alice_pk, &bob_sk).unwrap(), message);
        let forged = flip_bit(&mut rng, &theirs);
        let sodium_accepts = sodium::box_open_easy(&forged, &nonce, &alice_pk, &bob_sk).is_some();
        assert_both_reject("crypto_box open", crypto_box::open(&forged, &nonce, &alice_pk, &bob_sk), sodium_accepts);

        // Detached.
        let (ct, tag) = crypto_box::seal_detached(&message, &nonce, &bob_pk, &alice_sk).unwrap();
        assert_eq!(Some((ct.clone(), tag)), sodium::box_detached(&message, &nonce, &bob_pk, &alice_sk));
        assert_eq!(crypto_box::open_detached(&ct, &tag, &nonce, &alice_pk, &bob_sk).unwrap(), message);
        assert_eq!(sodium::box_open_detached(&ct, &tag, &nonce, &alice_pk, &bob_sk).unwrap(), message);
        let bad_tag: [u8; 16] = flip_bit(&mut rng, &tag).try_into().unwrap();
        let sodium_accepts = sodium::box_open_detached(&ct, &bad_tag, &nonce, &alice_pk, &bob_sk).is_some();
        assert_both_reject(
            "crypto_box open_detached",
            crypto_box::open_detached(&ct, &bad_tag, &nonce, &alice_pk, &bob_sk),
            sodium_accepts,
        );

        // beforenm, then the afternm easy layout, bob → alice.
        let shared = crypto_box::before(&alice_pk, &bob_sk).unwrap();
        let sodium_shared = sodium::box_beforenm(&alice_pk, &bob_sk).unwrap();
        assert_eq!(shared.as_bytes(), &sodium_shared, "crypto_box_beforenm");
        let ours = shared.seal(&message, &nonce).unwrap();
        let theirs = sodium::box_easy_afternm(&message, &nonce, &sodium_shared);
        assert_eq!(ours, theirs, "crypto_box_easy_afternm, {len} bytes");
        assert_eq!(shared.open(&theirs, &nonce).unwrap(), message);
        assert_eq!(sodium::box_open_easy_afternm(&ours, &nonce, &sodium_shared).unwrap(), message);
        let forged = flip_bit(&mut rng, &ours);
        let sodium_accepts = sodium::box_open_easy_afternm(&forged, &nonce, &sodium_shared).is_some();
        assert_both_reject("crypto_box open_easy_afternm", shared.open(&forged, &nonce), sodium_accepts);
        cases += 6;
    }

    // A peer key of small order: libsodium's crypto_scalarmult fails, and so
    // do beforenm and every box built on it.
    let (_, sk) = sodium::box_seed_keypair(&array::<32>(&mut rng));
    let nonce = array::<24>(&mut rng);
    for pk in small_order_montgomery_encodings() {
        assert_eq!(sodium::box_beforenm(&pk, &sk), None);
        assert_eq!(sodium::box_easy(b"m", &nonce, &pk, &sk), None);
        assert!(
            matches!(crypto_box::before(&pk, &sk), Err(Error::InvalidEncoding { .. })),
            "small-order pk {}",
            hex::encode(pk)
        );
        assert!(matches!(crypto_box::seal(b"m", &nonce, &pk, &sk), Err(Error::InvalidEncoding { .. })));
        cases += 1;
    }
    report("crypto_box", cases);
}

#[test]
fn sealed_box_matches_libsodium() {
    let mut rng = setup("sealedbox");
    let mut cases = 0;
    for len in lengths() {
        let recipient = crypto_box::KeyPair::from_seed(&array::<32>(&mut rng)).unwrap();
        let (pk, sk) = (recipient.public_key, *recipient.secret_key());
        let message = bytes(&mut rng, len);

        // The ephemeral key is random, so only opening can be compared.
        let ours = sealedbox::seal(&message, &pk).unwrap();
        assert_eq!(ours.len(), len + sealedbox::OVERHEAD);
        assert_eq!(
            sodium::box_seal_open(&ours, &pk, &sk).unwrap(),
            message,
            "crypto_box_seal_open of Saline's, {len} bytes"
        );
        let theirs = sodium::box_seal(&message, &pk).unwrap();
        assert_eq!(sealedbox::open(&theirs, &pk, &sk).unwrap(), message, "Saline open of crypto_box_seal, {len} bytes");

        for sealed in [&ours, &theirs] {
            let forged = flip_bit(&mut rng, sealed);
            let sodium_accepts = sodium::box_seal_open(&forged, &pk, &sk).is_some();
            assert_both_reject("sealedbox open", sealedbox::open(&forged, &pk, &sk), sodium_accepts);
        }
        // A small-order ephemeral key can only come from a forger.
        let mut forged = theirs.clone();
        let small = small_order_montgomery_encodings();
        forged[..32].copy_from_slice(&small[below(&mut rng, small.len())]);
        let sodium_accepts = sodium::box_seal_open(&forged, &pk, &sk).is_some();
        assert_both_reject(
            "sealedbox open, small-order ephemeral key",
            sealedbox::open(&forged, &pk, &sk),
            sodium_accepts,
        );
        cases += 5;
    }
    for pk in small_order_montgomery_encodings() {
        assert_eq!(sodium::box_seal(b"m", &pk), None);
        assert!(matches!(sealedbox::seal(b"m", &pk), Err(Error::InvalidEncoding { .. })));
        cases += 1;
    }
    report("sealedbox", cases);
}

// ---------------------------------------------------------------- NaCl low-level API

#[test]
fn nacl_padded_boxes_match_libsodium() {
    let mut rng = setup("nacl padded boxes");
    let mut cases = 0;
    for len in lengths() {
        let (key, nonce) = (array::<32>(&mut rng), array::<24>(&mut rng));
        let padded = tweetnacl::pad_message(&bytes(&mut rng, len));

        let ours = tweetnacl::crypto_secretbox(&padded, &nonce, &key).unwrap();
        let theirs = sodium::nacl_secretbox(&padded, &nonce, &key).unwrap();
        assert_eq!(ours, theirs, "crypto_secretbox, {len} bytes");
        assert_eq!(&ours[..16], &[0u8; 16]);
        assert_eq!(tweetnacl::crypto_secretbox_open(&theirs, &nonce, &key).unwrap(), padded);
        assert_eq!(sodium::nacl_secretbox_open(&ours, &nonce, &key).unwrap(), padded);
        // The tag and ciphertext start at byte 16; a flip there is a forgery.
        let mut forged = ours.clone();
        forged[16..].copy_from_slice(&flip_bit(&mut rng, &ours[16..]));
        let sodium_accepts = sodium::nacl_secretbox_open(&forged, &nonce, &key).is_some();
        assert_both_reject(
            "crypto_secretbox_open",
            tweetnacl::crypto_secretbox_open(&forged, &nonce, &key),
            sodium_accepts,
        );
        // Both read no byte of the 16-byte zero prefix.
        let mut prefix = ours.clone();
        prefix[below(&mut rng, 16)] ^= 0x01;
        assert_eq!(
            tweetnacl::crypto_secretbox_open(&prefix, &nonce, &key).ok(),
            sodium::nacl_secretbox_open(&prefix, &nonce, &key)
        );

        // crypto_box and the afternm pair under a beforenm key.
        let (pk, _) = sodium::box_seed_keypair(&array::<32>(&mut rng));
        let (their_pk, their_sk) = sodium::box_seed_keypair(&array::<32>(&mut rng));
        let (_, sk) = sodium::box_seed_keypair(&array::<32>(&mut rng));
        let ours = tweetnacl::crypto_box(&padded, &nonce, &their_pk, &sk).unwrap();
        let theirs = sodium::nacl_box(&padded, &nonce, &their_pk, &sk).unwrap();
        assert_eq!(ours, theirs, "crypto_box, {len} bytes");
        let sender_pk = sodium::scalarmult_base(&sk);
        assert_eq!(tweetnacl::crypto_box_open(&theirs, &nonce, &sender_pk, &their_sk).unwrap(), padded);
        assert_eq!(sodium::nacl_box_open(&ours, &nonce, &sender_pk, &their_sk).unwrap(), padded);
        let mut forged = ours.clone();
        forged[16..].copy_from_slice(&flip_bit(&mut rng, &ours[16..]));
        let sodium_accepts = sodium::nacl_box_open(&forged, &nonce, &sender_pk, &their_sk).is_some();
        assert_both_reject(
            "crypto_box_open",
            tweetnacl::crypto_box_open(&forged, &nonce, &sender_pk, &their_sk),
            sodium_accepts,
        );

        let k = tweetnacl::crypto_box_beforenm(&pk, &sk).unwrap();
        assert_eq!(Some(*k), sodium::box_beforenm(&pk, &sk), "crypto_box_beforenm");
        let ours = tweetnacl::crypto_box_afternm(&padded, &nonce, &k[..]).unwrap();
        assert_eq!(
            Some(ours.clone()),
            sodium::nacl_box_afternm(&padded, &nonce, &k),
            "crypto_box_afternm, {len} bytes"
        );
        assert_eq!(tweetnacl::crypto_box_open_afternm(&ours, &nonce, &k[..]).unwrap(), padded);
        assert_eq!(sodium::nacl_box_open_afternm(&ours, &nonce, &k).unwrap(), padded);
        let mut forged = ours.clone();
        forged[16..].copy_from_slice(&flip_bit(&mut rng, &ours[16..]));
        let sodium_accepts = sodium::nacl_box_open_afternm(&forged, &nonce, &k).is_some();
        assert_both_reject(
            "crypto_box_open_afternm",
            tweetnacl::crypto_box_open_afternm(&forged, &nonce, &k[..]),
            sodium_accepts,
        );
        cases += 8;
    }
    // Shorter than the 32-byte padding: both refuse (Saline as a length error).
    let (key, nonce) = (array::<32>(&mut rng), array::<24>(&mut rng));
    for len in 0..32 {
        let short = vec![0u8; len];
        assert_eq!(sodium::nacl_secretbox(&short, &nonce, &key), None);
        assert_eq!(sodium::nacl_secretbox_open(&short, &nonce, &key), None);
        assert!(matches!(tweetnacl::crypto_secretbox(&short, &nonce, &key), Err(Error::InvalidLength { .. })));
        assert!(matches!(tweetnacl::crypto_secretbox_open(&short, &nonce, &key), Err(Error::InvalidLength { .. })));
        cases += 1;
    }
    report("nacl padded boxes", cases);
}

#[test]
fn nacl_stream_and_cores_match_libsodium() {
    let mut rng = setup("nacl stream");
    let mut cases = 0;
    for len in lengths() {
        let (key, nonce, message) = (array::<32>(&mut rng), array::<24>(&mut rng), bytes(&mut rng, len));
        assert_eq!(
            tweetnacl::crypto_stream(len, &nonce, &key).unwrap(),
            sodium::stream(len, &nonce, &key),
            "crypto_stream, {len} bytes"
        );
        assert_eq!(
            tweetnacl::crypto_stream_xor(&message, &nonce, &key).unwrap(),
            sodium::stream_xor(&message, &nonce, &key)
        );
        cases += 2;

        // The generic stream ciphers, from a block counter.
        for (algorithm, nonce_len) in
            [(Algorithm::ChaCha20, 12), (Algorithm::XChaCha20, 24), (Algorithm::Salsa20, 8), (Algorithm::XSalsa20, 24)]
        {
            let nonce = bytes(&mut rng, nonce_len);
            // Counters well inside the 32-bit ChaCha20 range, as libsodium
            // does not define what happens past its end.
            for counter in [0, 1, rng.next_u32() as u64 >> 2] {
                let ours = cipher::stream_xor(algorithm, &key, &nonce, counter, &message).unwrap();
                assert_eq!(
                    ours,
                    sodium::stream_xor_ic(algorithm, &message, &nonce, counter, &key),
                    "{algorithm:?} counter {counter}, {len} bytes"
                );
                cases += 1;
            }
        }
    }
    for _ in 0..200 {
        let (input, key) = (array::<16>(&mut rng), array::<32>(&mut rng));
        let sigma = tweetnacl::SIGMA;
        assert_eq!(
            tweetnacl::crypto_core_salsa20(&input, &key, &sigma).unwrap(),
            sodium::core_salsa20(&input, &key, &sigma)
        );
        let hsalsa = tweetnacl::crypto_core_hsalsa20(&input, &key, &sigma).unwrap();
        assert_eq!(hsalsa, sodium::core_hsalsa20(&input, &key, Some(&sigma)));
        assert_eq!(hsalsa, sodium::core_hsalsa20(&input, &key, None));
        // Saline refuses other constants rather than ignoring them.
        let other = array::<16>(&mut rng);
        assert!(matches!(tweetnacl::crypto_core_salsa20(&input, &key, &other), Err(Error::InvalidEncoding { .. })));
        cases += 3;
        // The one input where Saline and libsodium differ: block 2^64 - 1,
        // which libsodium computes and Saline refuses, as its `Stream` does
        // (the portable core counts past it; crypto_core_salsa20's docs).
        let mut last = input;
        last[8..].fill(0xff);
        assert!(matches!(tweetnacl::crypto_core_salsa20(&last, &key, &sigma), Err(Error::InvalidParameter { got: u64::MAX, .. })));
    }
    report("nacl stream and cores", cases);
}

/// Compares a NaCl MAC and its `_verify` with libsodium's on one input,
/// then checks that both reject the tag with one bit flipped.
macro_rules! compare_nacl_mac {
    ($rng:expr, $message:expr, $key:expr, $ours:path, $ours_verify:path, $theirs:path, $theirs_verify:path) => {{
        let (message, key) = (&$message[..], &$key);
        let tag = $ours(message, key).unwrap();
        assert_eq!(tag, $theirs(message, key), "{}, {} bytes", stringify!($ours), message.len());
        $ours_verify(&tag, message, key).unwrap();
        assert!($theirs_verify(&tag, message, key));
        let bad = flip_bit($rng, &tag).try_into().unwrap();
        let sodium_accepts = $theirs_verify(&bad, message, key);
        assert_both_reject(stringify!($ours_verify), $ours_verify(&bad, message, key), sodium_accepts);
        tag
    }};
}

#[test]
fn nacl_auth_matches_libsodium() {
    let mut rng = setup("nacl auth");
    let mut cases = 0;
    for len in lengths() {
        let (key, message) = (array::<32>(&mut rng), bytes(&mut rng, len));
        let poly1305 = compare_nacl_mac!(
            &mut rng,
            message,
            key,
            tweetnacl::crypto_onetimeauth,
            tweetnacl::crypto_onetimeauth_verify,
            sodium::onetimeauth,
            sodium::onetimeauth_verify
        );
        assert_eq!(mac(Algorithm::Poly1305, &key, &message).unwrap(), poly1305);
        // crypto_auth is crypto_auth_hmacsha512256.
        let auth = compare_nacl_mac!(
            &mut rng,
            message,
            key,
            tweetnacl::crypto_auth,
            tweetnacl::crypto_auth_verify,
            sodium::auth,
            sodium::auth_verify
        );
        assert_eq!(auth, sodium::auth_hmacsha512256(&message, &key));
        assert!(sodium::auth_hmacsha512256_verify(&auth, &message, &key));
        compare_nacl_mac!(
            &mut rng,
            message,
            key,
            tweetnacl::crypto_auth_hmacsha256,
            tweetnacl::crypto_auth_hmacsha256_verify,
            sodium::auth_hmacsha256,
            sodium::auth_hmacsha256_verify
        );
        compare_nacl_mac!(
            &mut rng,
            message,
            key,
            tweetnacl::crypto_auth_hmacsha512,
            tweetnacl::crypto_auth_hmacsha512_verify,
            sodium::auth_hmacsha512,
            sodium::auth_hmacsha512_verify
        );
        cases += 8;
    }
    report("nacl auth", cases);
}

#[test]
fn nacl_verify_n_matches_libsodium() {
    let mut rng = setup("nacl verify_n");
    let mut cases = 0;
    type Verify = fn(&[u8], &[u8]) -> saline::Result<()>;
    let functions: [(usize, Verify); 3] =
        [(16, tweetnacl::crypto_verify_16), (32, tweetnacl::crypto_verify_32), (64, tweetnacl::crypto_verify_64)];
    for (n, ours) in functions {
        for _ in 0..100 {
            let x = bytes(&mut rng, n);
            ours(&x, &x).unwrap();
            assert!(sodium::verify_n(&x, &x));
            let y = flip_bit(&mut rng, &x);
            assert_both_reject("crypto_verify_n", ours(&x, &y), sodium::verify_n(&x, &y));
            let z = bytes(&mut rng, n);
            assert_both_reject("crypto_verify_n", ours(&x, &z), sodium::verify_n(&x, &z));
            cases += 3;
        }
    }
    report("nacl crypto_verify_16/32/64", cases);
}

#[test]
fn nacl_hash_matches_libsodium() {
    let mut rng = setup("nacl hash");
    let mut cases = 0;
    for len in lengths() {
        let message = bytes(&mut rng, len);
        let sha256 = sodium::hash_sha256(&message);
        assert_eq!(tweetnacl::crypto_hash_sha256(&message), sha256, "SHA-256, {len} bytes");
        assert_eq!(hash(Algorithm::Sha256, &message).unwrap(), sha256);
        let sha512 = sodium::hash_sha512(&message);
        assert_eq!(tweetnacl::crypto_hash_sha512(&message), sha512, "SHA-512, {len} bytes");
        assert_eq!(tweetnacl::crypto_hash(&message), sha512);
        assert_eq!(hash(Algorithm::Sha512, &message).unwrap(), sha512);
        cases += 2;
    }
    report("SHA-256/512", cases);
}

#[test]
fn nacl_sign_matches_libsodium() {
    let mut rng = setup("nacl sign");
    let mut cases = 0;
    for len in lengths() {
        let (seed, message) = (array::<32>(&mut rng), bytes(&mut rng, len));
        let (pk, sk) = sodium::sign_seed_keypair(&seed);
        let (our_pk, our_sk) = tweetnacl::crypto_sign_seed_keypair(&seed).unwrap();
        assert_eq!((our_pk, *our_sk), (pk, sk), "crypto_sign_seed_keypair");
        let keypair = sign::KeyPair::from_seed(&seed).unwrap();
        assert_eq!((keypair.public_key, *keypair.secret_key), (pk, sk));

        let ours = tweetnacl::crypto_sign(&message, &sk).unwrap();
        let theirs = sodium::sign(&message, &sk);
        assert_eq!(ours, theirs, "crypto_sign, {len} bytes");
        assert_eq!(sign::sign(&message, &sk).unwrap(), theirs);
        assert_eq!(tweetnacl::crypto_sign_open(&theirs, &pk).unwrap(), message);
        assert_eq!(sign::open(&theirs, &pk).unwrap(), message);
        assert_eq!(sodium::sign_open(&ours, &pk).unwrap(), message);
        let forged = flip_bit(&mut rng, &theirs);
        let sodium_accepts = sodium::sign_open(&forged, &pk).is_some();
        assert_both_reject("crypto_sign_open", tweetnacl::crypto_sign_open(&forged, &pk), sodium_accepts);
        cases += 3;
    }
    report("nacl crypto_sign", cases);
}

#[test]
fn ed25519_to_curve25519_matches_libsodium() {
    let mut rng = setup("ed25519 to curve25519");
    let mut cases = 0;

    /// Both accept with the same output, or both reject.
    fn compare(pk: &[u8; 32]) -> bool {
        let theirs = sodium::pk_to_curve25519(pk);
        let ours = ed25519::public_key_to_x25519(pk);
        match (&ours, theirs) {
            (Ok(u), Some(v)) => assert_eq!(*u, v, "pk_to_curve25519 of {}", hex::encode(pk)),
            (Err(Error::InvalidEncoding { .. }), None) => {}
            _ => panic!("pk_to_curve25519 of {}: Saline {ours:?}, libsodium {theirs:?}", hex::encode(pk)),
        }
        assert_eq!(tweetnacl::crypto_sign_ed25519_pk_to_x25519_pk(pk).ok(), theirs);
        theirs.is_some()
    }

    // Real keys: both conversions, and they agree with each other.
    for _ in 0..100 {
        let seed = array::<32>(&mut rng);
        let (pk, sk) = sodium::sign_seed_keypair(&seed);
        let x_sk = sodium::sk_to_curve25519(&sk);
        assert_eq!(*ed25519::secret_key_to_x25519(&sk).unwrap(), x_sk, "sk_to_curve25519");
        assert_eq!(*ed25519::secret_key_to_x25519(&seed).unwrap(), x_sk);
        assert_eq!(*tweetnacl::crypto_sign_ed25519_sk_to_x25519_sk(&sk).unwrap(), x_sk);
        assert_eq!(*ed25519::SigningKey::from_seed(&seed).unwrap().to_x25519_secret_key(), x_sk);
        assert!(compare(&pk));
        assert_eq!(sodium::pk_to_curve25519(&pk), Some(sodium::scalarmult_base(&x_sk)));
        cases += 2;
    }
    // Small order, any encoding: both reject.
    for pk in small_order_edwards_encodings() {
        assert!(!compare(&pk), "small-order {} accepted", hex::encode(pk));
        cases += 1;
    }
    // Valid point plus a torsion point: outside the prime-order subgroup.
    for torsion in &EIGHT_TORSION[1..] {
        for _ in 0..4 {
            let pk = mixed_order_point(&random_scalar(&mut rng), torsion).compress().to_bytes();
            assert!(!compare(&pk), "mixed-order {} accepted", hex::encode(pk));
            cases += 1;
        }
    }
    // Non-canonical y = p + k: libsodium does not check canonicity here, so
    // the decision is the subgroup check on y = k; it must simply agree.
    let mut non_canonical_accepted = 0;
    for k in 0..=18 {
        for pk in [y_p_plus(k), with_sign_bit(y_p_plus(k))] {
            non_canonical_accepted += usize::from(compare(&pk));
            cases += 1;
        }
    }
    // Random strings: about half decode, an eighth of those are in the subgroup.
    let mut accepted = 0;
    for _ in 0..400 {
        accepted += usize::from(compare(&array::<32>(&mut rng)));
        cases += 1;
    }
    assert!(accepted > 0, "no random string was accepted: the test lost its power");
    report("ed25519 pk/sk to curve25519", cases);
    println!("  of which non-canonical keys accepted by both: {non_canonical_accepted}; random strings: {accepted}");
}

// ---------------------------------------------------------------- Ed25519

/// Saline's verifiers (detached, NaCl detached, NaCl combined) must decide
/// exactly as libsodium's `crypto_sign_verify_detached` and
/// `crypto_sign_open`; returns the decision.
fn same_verdict(pk: &[u8; 32], message: &[u8], sig: &[u8; 64]) -> bool {
    let sodium = sodium::sign_verify_detached(sig, message, pk);
    let signed = [&sig[..], message].concat();
    assert_eq!(sodium::sign_open(&signed, pk).is_some(), sodium);
    let ours = [
        ed25519::verify(pk, message, sig),
        sign::verify_detached(sig, message, pk),
        sign::open(&signed, pk).map(drop),
        tweetnacl::crypto_sign_open(&signed, pk).map(drop),
    ];
    for verdict in ours {
        match verdict {
            Ok(()) if sodium => {}
            Err(Error::VerificationFailed) if !sodium => {}
            other => panic!(
                "Ed25519 verify mismatch: pk {} sig {} message {} ({} bytes): libsodium {}, Saline {other:?}",
                hex::encode(pk),
                hex::encode(sig),
                hex::encode(&message[..message.len().min(64)]),
                message.len(),
                if sodium { "accepts" } else { "rejects" },
            ),
        }
    }
    sodium
}

/// Whether ZIP-215's cofactored rules accept: an adversarial case that they
/// accept and libsodium rejects tests one of libsodium's extra rules, not
/// merely a broken equation.
fn zip215_accepts(pk: &[u8; 32], message: &[u8], sig: &[u8; 64]) -> bool {
    ed25519::verify_with(pk, message, sig, ed25519::VerifyMode::Zip215).is_ok()
}

#[test]
fn ed25519_sign_matches_libsodium() {
    let mut rng = setup("ed25519 sign");
    let mut cases = 0;
    for len in lengths() {
        let (seed, message) = (array::<32>(&mut rng), bytes(&mut rng, len));
        let (pk, sk) = sodium::sign_seed_keypair(&seed);
        let key = ed25519::SigningKey::from_seed(&seed).unwrap();
        assert_eq!(key.public_key(), pk);
        assert_eq!(*key.to_private_key(), sk);
        assert_eq!(*ed25519::SigningKey::from_private_key(&sk).unwrap().seed(), seed);

        let sig = key.sign(&message);
        assert_eq!(sig, sodium::sign_detached(&message, &sk), "crypto_sign_detached, {len} bytes");
        assert_eq!(sign::sign_detached(&message, &sk).unwrap(), sig);
        assert!(same_verdict(&pk, &message, &sig));

        let bad_sig: [u8; 64] = flip_bit(&mut rng, &sig).try_into().unwrap();
        assert!(!same_verdict(&pk, &message, &bad_sig));
        if len > 0 {
            assert!(!same_verdict(&pk, &flip_bit(&mut rng, &message), &sig));
        }
        let bad_pk: [u8; 32] = flip_bit(&mut rng, &pk).try_into().unwrap();
        assert!(!same_verdict(&bad_pk, &message, &sig));
        cases += 4;
    }
    report("ed25519 sign", cases);
}

#[test]
#[allow(non_snake_case)]
fn ed25519_verify_decisions_match_libsodium() {
    let mut rng = setup("ed25519 verify");
    let mut cases = 0;
    let mut count = |expected: bool, verdict: bool| {
        assert_eq!(verdict, expected);
        cases += 1;
    };

    // Non-canonical S: S + ℓ, S + 2ℓ, S + 3ℓ (all below 2^256) on valid signatures.
    for _ in 0..50 {
        let (pk, sk) = sodium::sign_seed_keypair(&array::<32>(&mut rng));
        let message = bytes_up_to(&mut rng, 99);
        let sig = sodium::sign_detached(&message, &sk);
        let (R, mut S) = (sig[..32].try_into().unwrap(), sig[32..].try_into().unwrap());
        for _ in 0..3 {
            S = add_le(&S, &L);
            count(false, same_verdict(&pk, &message, &signature(&R, &S)));
        }
    }

    // Small-order R. With A = [a]B, R = identity and S = k·a, the
    // cofactorless equation [S]B = R + [k]A holds for every message; other
    // small-order R come from A = [a]B + T, S = k·a, when −[k]T = R.
    for _ in 0..20 {
        let a = random_scalar(&mut rng);
        let A = EdwardsPoint::mul_base(&a).compress().to_bytes();
        let message = bytes(&mut rng, 32);
        for R in [EIGHT_TORSION[0].compress().to_bytes(), with_sign_bit(EIGHT_TORSION[0].compress().to_bytes())] {
            let sig = signature(&R, &(challenge(&R, &A, &message) * a).to_bytes());
            assert!(zip215_accepts(&A, &message, &sig));
            count(false, same_verdict(&A, &message, &sig));
        }
    }
    for torsion in &EIGHT_TORSION[1..] {
        let a = random_scalar(&mut rng);
        let A = mixed_order_point(&a, torsion).compress().to_bytes();
        let mut found = 0;
        for attempt in 0u32.. {
            let message = attempt.to_le_bytes();
            let R_point = EIGHT_TORSION[attempt as usize % 8];
            let R = R_point.compress().to_bytes();
            let k = challenge(&R, &A, &message);
            if -(torsion * k) == R_point {
                let sig = signature(&R, &(k * a).to_bytes());
                assert!(zip215_accepts(&A, &message, &sig));
                count(false, same_verdict(&A, &message, &sig));
                found += 1;
                if found == 4 {
                    break;
                }
            }
        }
    }

    // Small-order A, every encoding: with R = [r]B and S = r the equation
    // [S]B = R + [k]A holds whenever [k]A is the identity (always for the
    // identity itself); both must still reject.
    for A in small_order_edwards_encodings() {
        let point = CompressedEdwardsY(A).decompress().expect("small-order encodings decode");
        let mut found = 0;
        for attempt in 0u32..1000 {
            let r = random_scalar(&mut rng);
            let R = EdwardsPoint::mul_base(&r).compress().to_bytes();
            let message = attempt.to_le_bytes();
            if (point * challenge(&R, &A, &message)).is_identity() {
                let sig = signature(&R, &r.to_bytes());
                assert!(zip215_accepts(&A, &message, &sig));
                count(false, same_verdict(&A, &message, &sig));
                found += 1;
                if found == 3 {
                    break;
                }
            }
        }
        assert_eq!(found, 3, "no satisfying signature for small-order A {}", hex::encode(A));
    }

    // Mixed-order A = [a]B + T with an honest signature: the cofactorless
    // equation gives R − [k]T, so both accept exactly when [k]T = identity.
    let mut mixed_accepted = 0;
    for torsion in &EIGHT_TORSION {
        for _ in 0..16 {
            let a = random_scalar(&mut rng);
            let A = mixed_order_point(&a, torsion).compress().to_bytes();
            let (r, message) = (random_scalar(&mut rng), bytes(&mut rng, 40));
            let R = EdwardsPoint::mul_base(&r).compress().to_bytes();
            let k = challenge(&R, &A, &message);
            let sig = signature(&R, &(r + k * a).to_bytes());
            let expected = (torsion * k).is_identity();
            mixed_accepted += usize::from(expected);
            assert!(zip215_accepts(&A, &message, &sig));
            count(expected, same_verdict(&A, &message, &sig));
        }
    }
    assert!(mixed_accepted > 16, "too few accepted mixed-order cases: the test lost its power");

    // R with a torsion component: valid only under the cofactored equation.
    for torsion in &EIGHT_TORSION[1..] {
        for _ in 0..4 {
            let a = random_scalar(&mut rng);
            let A = EdwardsPoint::mul_base(&a).compress().to_bytes();
            let (r, message) = (random_scalar(&mut rng), bytes(&mut rng, 40));
            let R = (EdwardsPoint::mul_base(&r) + torsion).compress().to_bytes();
            let sig = signature(&R, &(r + challenge(&R, &A, &message) * a).to_bytes());
            assert!(zip215_accepts(&A, &message, &sig));
            count(false, same_verdict(&A, &message, &sig));
        }
    }

    // Non-canonical A, y = p + k with either sign bit: every one that
    // decodes, with a signature that satisfies the cofactored equation when
    // A has small order (y = p, p + 1) and a random one as well.
    let mut non_canonical_decoded = 0;
    for k in 0..=18 {
        for A in [y_p_plus(k), with_sign_bit(y_p_plus(k))] {
            let Some(point) = CompressedEdwardsY(A).decompress() else {
                continue;
            };
            let r = random_scalar(&mut rng);
            let R = EdwardsPoint::mul_base(&r).compress().to_bytes();
            let sig = signature(&R, &r.to_bytes());
            if point.is_small_order() {
                assert!(zip215_accepts(&A, b"non-canonical", &sig));
            }
            non_canonical_decoded += 1;
            count(false, same_verdict(&A, b"non-canonical", &sig));
            let garbage: [u8; 64] = array(&mut rng);
            count(false, same_verdict(&A, b"non-canonical", &garbage));
        }
    }

    // Garbage: random keys and signatures, random S under a real key and R.
    for _ in 0..300 {
        let (pk, sig, message) = (array::<32>(&mut rng), array::<64>(&mut rng), bytes(&mut rng, 20));
        count(false, same_verdict(&pk, &message, &sig));
        let (real_pk, sk) = sodium::sign_seed_keypair(&array::<32>(&mut rng));
        let mut sig = sodium::sign_detached(&message, &sk);
        sig[32..].copy_from_slice(&random_scalar(&mut rng).to_bytes());
        count(false, same_verdict(&real_pk, &message, &sig));
        sig[32..].copy_from_slice(&array::<32>(&mut rng));
        count(false, same_verdict(&real_pk, &message, &sig));
    }
    assert!(non_canonical_decoded > 4, "too few non-canonical encodings decode");
    report("ed25519 adversarial verify", cases);
    println!("  of which mixed-order keys accepted by both: {mixed_accepted}; non-canonical keys that decode: {non_canonical_decoded}");
}

// ---------------------------------------------------------------- X25519

#[test]
fn x25519_matches_libsodium() {
    let mut rng = setup("x25519");
    let mut cases = 0;
    for _ in 0..200 {
        let (sk, peer_sk) = (array::<32>(&mut rng), array::<32>(&mut rng));
        let pk = sodium::scalarmult_base(&sk);
        assert_eq!(x25519::public_key(&sk).unwrap(), pk, "crypto_scalarmult_base of {}", hex::encode(sk));
        assert_eq!(tweetnacl::crypto_scalarmult_base(&sk).unwrap(), pk);
        assert_eq!(x25519::KeyPair::from_secret_key(&sk).unwrap().public_key, pk);

        let peer_pk = sodium::scalarmult_base(&peer_sk);
        let shared = sodium::scalarmult(&sk, &peer_pk).unwrap();
        assert_eq!(x25519::shared_secret(&sk, &peer_pk).unwrap(), shared, "crypto_scalarmult");
        assert_eq!(x25519::shared_secret(&peer_sk, &pk).unwrap(), shared);
        assert_eq!(tweetnacl::crypto_scalarmult(&sk, &peer_pk).unwrap(), shared);

        // Any 32 bytes as u (points on the twist, the top bit set ...).
        let u = array::<32>(&mut rng);
        let theirs = sodium::scalarmult(&sk, &u);
        assert_eq!(
            x25519::shared_secret(&sk, &u).ok(),
            theirs,
            "crypto_scalarmult({}, {})",
            hex::encode(sk),
            hex::encode(u)
        );
        assert_eq!(Some(x25519::scalarmult(&sk, &u)), theirs);
        cases += 3;
    }
    // Small order: libsodium fails (-1), Saline's shared_secret refuses, and
    // the unchecked NaCl function returns the all-zero result.
    for u in small_order_montgomery_encodings() {
        for _ in 0..8 {
            let sk = array::<32>(&mut rng);
            assert_eq!(sodium::scalarmult(&sk, &u), None);
            assert!(
                matches!(x25519::shared_secret(&sk, &u), Err(Error::InvalidEncoding { .. })),
                "small-order u {}",
                hex::encode(u)
            );
            assert_eq!(tweetnacl::crypto_scalarmult(&sk, &u).unwrap(), [0u8; 32]);
            cases += 1;
        }
    }
    report("x25519", cases);
}

// ---------------------------------------------------------------- hashes and MACs

#[test]
fn blake2b_matches_libsodium() {
    let mut rng = setup("blake2b");
    let mut cases = 0;
    // Every libsodium output length (16..=64) against every key length (0..=64).
    for out_len in 16..=64 {
        for key_len in 0..=64 {
            let key = bytes(&mut rng, key_len);
            let message = bytes(&mut rng, LENGTHS[(out_len + key_len) % LENGTHS.len()]);
            // An empty key is the same as none: try both spellings.
            let key_option = if key_len == 0 && out_len % 2 == 0 { None } else { Some(&key[..]) };
            let options = HashOptions { out_len: Some(out_len), key: key_option, ..Default::default() };
            let ours = hash_with(Algorithm::Blake2b, &options, &message).unwrap();
            assert_eq!(ours, sodium::generichash(out_len, &message, &key), "BLAKE2b out {out_len} key {key_len}");
            cases += 1;
        }
    }
    // Salt and personalization, given whole or shorter (zero-padded by
    // Saline, as RFC 7693 §2.5 pads them) or not at all.
    for len in lengths() {
        for _ in 0..4 {
            let (out_len, key) = (16 + below(&mut rng, 49), bytes_up_to(&mut rng, 64));
            let (salt_len, personal_len) = (below(&mut rng, 18), below(&mut rng, 18));
            let (mut salt, mut personal) = ([0u8; 16], [0u8; 16]);
            let salt_given = (salt_len <= 16).then(|| bytes(&mut rng, salt_len));
            let personal_given = (personal_len <= 16).then(|| bytes(&mut rng, personal_len));
            if let Some(s) = &salt_given {
                salt[..s.len()].copy_from_slice(s);
            }
            if let Some(p) = &personal_given {
                personal[..p.len()].copy_from_slice(p);
            }
            let message = bytes(&mut rng, len);
            let options = HashOptions {
                out_len: Some(out_len),
                key: Some(&key),
                salt: salt_given.as_deref(),
                personal: personal_given.as_deref(),
                ..Default::default()
            };
            let ours = hash_with(Algorithm::Blake2b, &options, &message).unwrap();
            let theirs = sodium::generichash_salt_personal(out_len, &message, &key, &salt, &personal);
            assert_eq!(ours, theirs, "BLAKE2b salt/personal, {len} bytes, out {out_len}, key {}", key.len());
            cases += 1;
            if len == BIG {
                break;
            }
        }
    }
    report("BLAKE2b", cases);
}

#[test]
fn hmac_matches_libsodium() {
    let mut rng = setup("hmac");
    let mut cases = 0;
    // Keys shorter than, equal to and longer than both block sizes (64, 128),
    // which HMAC hashes first (RFC 2104 §2).
    let key_lengths = [0, 1, 16, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200, 1000];
    let pairs = key_lengths.iter().flat_map(|&k| LENGTHS.iter().map(move |&m| (k, m))).chain([(32, BIG), (200, BIG)]);
    for (key_len, len) in pairs {
        let (key, message) = (bytes(&mut rng, key_len), bytes(&mut rng, len));
        let sha256 = mac(Algorithm::HmacSha256, &key, &message).unwrap();
        assert_eq!(sha256, sodium::hmacsha256(&key, &message), "HMAC-SHA-256, key {key_len}, {len} bytes");
        let sha512 = mac(Algorithm::HmacSha512, &key, &message).unwrap();
        assert_eq!(sha512, sodium::hmacsha512(&key, &message), "HMAC-SHA-512, key {key_len}, {len} bytes");
        // libsodium's hmacsha512256 is HMAC-SHA-512 truncated, not HMAC over SHA-512/256.
        assert_eq!(sha512[..32], sodium::hmacsha512256(&key, &message)[..], "HMAC-SHA-512-256, key {key_len}");

        let mut m = Mac::new(Algorithm::HmacSha256, &key).unwrap();
        m.update(&message);
        assert_eq!(m.verify(&flip_bit(&mut rng, &sha256)), Err(Error::VerificationFailed));
        cases += 3;
    }
    report("HMAC-SHA-256/512/512-256", cases);
}

#[test]
fn poly1305_matches_libsodium() {
    let mut rng = setup("poly1305");
    let mut cases = 0;
    for len in lengths() {
        // Random keys, and keys with every r bit that clamping clears set.
        for key in [array::<32>(&mut rng), [0xff; 32]] {
            let message = bytes(&mut rng, len);
            let tag = mac(Algorithm::Poly1305, &key, &message).unwrap();
            assert_eq!(tag, sodium::onetimeauth(&message, &key), "Poly1305, {len} bytes");
            let bad: [u8; 16] = flip_bit(&mut rng, &tag).try_into().unwrap();
            let mut m = Mac::new(Algorithm::Poly1305, &key).unwrap();
            m.update(&message);
            assert_both_reject("Poly1305 verify", m.verify(&bad), sodium::onetimeauth_verify(&bad, &message, &key));
            cases += 1;
        }
    }
    report("Poly1305", cases);
}

#[test]
fn streaming_matches_libsodium() {
    let mut rng = setup("streaming");
    let mut cases = 0;
    for len in lengths() {
        let message = bytes(&mut rng, len);
        let key = bytes_up_to(&mut rng, 64);

        let (out_len, salt, personal) = (16 + below(&mut rng, 49), array::<16>(&mut rng), array::<16>(&mut rng));
        let options = HashOptions {
            out_len: Some(out_len),
            key: Some(&key),
            salt: Some(&salt),
            personal: Some(&personal),
            ..Default::default()
        };
        let hashers = [
            (
                Hasher::with_options(Algorithm::Blake2b, &options).unwrap(),
                sodium::generichash_salt_personal(out_len, &message, &key, &salt, &personal),
            ),
            (Hasher::new(Algorithm::Sha256).unwrap(), sodium::hash_sha256(&message).to_vec()),
            (Hasher::new(Algorithm::Sha512).unwrap(), sodium::hash_sha512(&message).to_vec()),
        ];
        for (mut hasher, expected) in hashers {
            for piece in chunks(&mut rng, &message) {
                hasher.update(piece);
            }
            let algorithm = hasher.algorithm();
            assert_eq!(hasher.finalize(), expected, "streaming {algorithm:?}, {len} bytes");
            cases += 1;
        }

        let poly_key = array::<32>(&mut rng);
        let macs = [
            (Mac::new(Algorithm::HmacSha256, &key).unwrap(), sodium::hmacsha256(&key, &message)),
            (Mac::new(Algorithm::HmacSha512, &key).unwrap(), sodium::hmacsha512(&key, &message)),
            (Mac::new(Algorithm::Poly1305, &poly_key).unwrap(), sodium::onetimeauth(&message, &poly_key).to_vec()),
        ];
        for (mut m, expected) in macs {
            for piece in chunks(&mut rng, &message) {
                m.update(piece);
            }
            let algorithm = m.algorithm();
            assert_eq!(m.finalize(), expected, "streaming {algorithm:?}, {len} bytes");
            cases += 1;
        }
    }
    report("streaming hashes and MACs", cases);
}

// ---------------------------------------------------------------- AEADs

#[test]
fn aeads_match_libsodium() {
    let mut rng = setup("aead");
    let mut cases = 0;
    for sodium_aead in sodium::AEADS {
        let algorithm = sodium_aead.algorithm;
        if !sodium_aead.available() {
            println!("{algorithm:?}: skipped, libsodium has no implementation on this CPU");
            continue;
        }
        let mut aead_cases = 0;
        for len in lengths() {
            let (key, nonce, message) =
                (array::<32>(&mut rng), bytes(&mut rng, sodium_aead.nonce_len), bytes(&mut rng, len));
            let aad = bytes_of_listed_length(&mut rng, 1000);

            let ours = aead::seal(algorithm, &key, &nonce, &aad, &message).unwrap();
            let theirs = sodium_aead.seal(&message, &aad, &nonce, &key);
            assert_eq!(ours, theirs, "{algorithm:?} seal, {len} bytes, aad {}", aad.len());
            assert_eq!(aead::open(algorithm, &key, &nonce, &aad, &theirs).unwrap(), message);
            assert_eq!(sodium_aead.open(&ours, &aad, &nonce, &key).unwrap(), message);

            let forged = flip_bit(&mut rng, &ours);
            let sodium_accepts = sodium_aead.open(&forged, &aad, &nonce, &key).is_some();
            assert_both_reject(
                "AEAD open, ciphertext",
                aead::open(algorithm, &key, &nonce, &aad, &forged),
                sodium_accepts,
            );
            let other_aad = tamper_aad(&mut rng, &aad);
            let sodium_accepts = sodium_aead.open(&ours, &other_aad, &nonce, &key).is_some();
            assert_both_reject(
                "AEAD open, aad",
                aead::open(algorithm, &key, &nonce, &other_aad, &ours),
                sodium_accepts,
            );
            let other_nonce = flip_bit(&mut rng, &nonce);
            let sodium_accepts = sodium_aead.open(&ours, &aad, &other_nonce, &key).is_some();
            assert_both_reject(
                "AEAD open, nonce",
                aead::open(algorithm, &key, &other_nonce, &aad, &ours),
                sodium_accepts,
            );
            aead_cases += 4;
        }
        // Shorter than a tag: both refuse, Saline as a length error.
        let (key, nonce) = (array::<32>(&mut rng), bytes(&mut rng, sodium_aead.nonce_len));
        for len in 0..16 {
            let short = bytes(&mut rng, len);
            assert_eq!(sodium_aead.open(&short, b"", &nonce, &key), None);
            assert!(matches!(aead::open(algorithm, &key, &nonce, b"", &short), Err(Error::InvalidLength { .. })));
            aead_cases += 1;
        }
        println!("{algorithm:?}: {aead_cases} cases");
        cases += aead_cases;
    }
    report("AEADs", cases);
}

// ---------------------------------------------------------------- KDFs

#[test]
fn argon2_matches_libsodium() {
    let mut rng = setup("argon2");
    let mut cases = 0;
    // libsodium: one lane, memory in bytes (≥ 8 KiB), salt of exactly 16
    // bytes, output ≥ 16 bytes, and t ≥ 3 for Argon2i. Memory sizes that are
    // not a multiple of 4 KiB check the rounding down to whole segments
    // (RFC 9106 §3.2 step 5: m' = 4p·⌊m / 4p⌋).
    let memories_kib = [8, 9, 15, 16, 33, 64, 127, 256];
    for (algorithm, passes) in [(Algorithm::Argon2id, [1, 2, 3]), (Algorithm::Argon2i, [3, 4, 3])] {
        for (i, &m) in memories_kib.iter().enumerate() {
            let t = passes[i % passes.len()];
            let out_len = 16 + below(&mut rng, 49);
            let password = bytes(&mut rng, LENGTHS[i * 2 % LENGTHS.len()]);
            let salt = array::<16>(&mut rng);
            let params = Argon2Params { t, m, p: 1, out_len };
            let ours = argon2(algorithm, &password, &salt, None, None, &params).unwrap();
            let theirs = sodium::pwhash(algorithm, out_len, &password, &salt, t.into(), m as usize * 1024);
            assert_eq!(ours, theirs, "{algorithm:?} t {t} m {m} KiB out {out_len}, password {} bytes", password.len());
            cases += 1;
        }
        // The 1 MiB password, once per variant.
        let (password, salt) = (bytes(&mut rng, BIG), array::<16>(&mut rng));
        let params = Argon2Params { t: passes[0], m: 8, p: 1, out_len: 64 };
        let ours = argon2(algorithm, &password, &salt, None, None, &params).unwrap();
        assert_eq!(
            ours,
            sodium::pwhash(algorithm, 64, &password, &salt, passes[0].into(), 8 * 1024),
            "{algorithm:?} 1 MiB password"
        );
        cases += 1;
    }
    report("Argon2id/Argon2i raw", cases);
}

#[test]
fn argon2_phc_strings_cross_verify() {
    let mut rng = setup("argon2 phc");
    let mut cases = 0;
    for (algorithm, t) in [(Algorithm::Argon2id, 1), (Algorithm::Argon2id, 2), (Algorithm::Argon2i, 3)] {
        for (m, out_len) in [(8, 16), (64, 32), (256, 64)] {
            let password = bytes_of_listed_length(&mut rng, usize::MAX);
            let wrong = flip_bit(&mut rng, &[&password[..], &b"!"[..]].concat());

            // libsodium hashes, Saline verifies.
            let theirs = sodium::pwhash_str(algorithm, &password, t.into(), m * 1024);
            argon2_verify(&password, &theirs).unwrap_or_else(|e| panic!("Saline rejects libsodium's {theirs}: {e:?}"));
            assert_both_reject(
                "argon2_verify, wrong password",
                argon2_verify(&wrong, &theirs),
                sodium::pwhash_str_verify(&theirs, &wrong),
            );

            // Saline hashes, libsodium verifies.
            let params = Argon2Params { t, m: m as u32, p: 1, out_len };
            let ours = argon2_hash(algorithm, &password, &params).unwrap();
            assert!(sodium::pwhash_str_verify(&ours, &password), "libsodium rejects Saline's {ours}");
            assert_both_reject(
                "argon2_verify, wrong password",
                argon2_verify(&wrong, &ours),
                sodium::pwhash_str_verify(&ours, &wrong),
            );

            // One changed character in the hash part of either string.
            for phc in [&theirs, &ours] {
                let tampered = tamper_phc_hash(&mut rng, phc);
                assert_both_reject(
                    "argon2_verify, tampered hash",
                    argon2_verify(&password, &tampered),
                    sodium::pwhash_str_verify(&tampered, &password),
                );
            }
            cases += 6;
        }
    }
    // libsodium computes with one lane but verifies strings with several:
    // this compares Saline's multi-lane Argon2 (memory not a multiple of 4p
    // included) with libsodium's.
    for (algorithm, t) in [(Algorithm::Argon2id, 1), (Algorithm::Argon2i, 3)] {
        for (m, p) in [(16, 2), (37, 4), (64, 3)] {
            let password = bytes_of_listed_length(&mut rng, usize::MAX);
            let ours = argon2_hash(algorithm, &password, &Argon2Params { t, m, p, out_len: 32 }).unwrap();
            assert!(sodium::pwhash_str_verify(&ours, &password), "libsodium rejects Saline's {ours}");
            let tampered = tamper_phc_hash(&mut rng, &ours);
            assert!(!sodium::pwhash_str_verify(&tampered, &password));
            cases += 1;
        }
    }
    report("Argon2 PHC strings", cases);
}

/// `phc` with one character of its hash (after the last '$', not the last
/// character, whose low bits may be padding) replaced by another base64 one.
fn tamper_phc_hash(rng: &mut ChaCha20Rng, phc: &str) -> String {
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let start = phc.rfind('$').expect("PHC string") + 1;
    let mut out = phc.as_bytes().to_vec();
    let at = start + below(rng, out.len() - start - 1);
    let current = B64.iter().position(|&c| c == out[at]).expect("base64 character");
    out[at] = B64[(current + 1 + below(rng, 63)) % 64];
    String::from_utf8(out).unwrap()
}

#[test]
fn scrypt_matches_libsodium() {
    let mut rng = setup("scrypt");
    let mut cases = 0;
    for log_n in 4..=10 {
        for r in [1, 2, 8] {
            for p in [1, 2] {
                let n = 1u64 << log_n;
                let out_len = [1, 16, 32, 64, 65][below(&mut rng, 5)];
                let password = bytes_of_listed_length(&mut rng, usize::MAX);
                let salt = bytes_of_listed_length(&mut rng, usize::MAX);
                let ours = scrypt(&password, &salt, n, r, p, out_len).unwrap();
                assert_eq!(
                    ours,
                    sodium::scrypt(&password, &salt, n, r, p, out_len),
                    "scrypt N {n} r {r} p {p} out {out_len}"
                );
                cases += 1;
            }
        }
    }
    let (password, salt) = (bytes(&mut rng, BIG), bytes(&mut rng, 32));
    assert_eq!(
        scrypt(&password, &salt, 16, 1, 1, 32).unwrap(),
        sodium::scrypt(&password, &salt, 16, 1, 1, 32),
        "scrypt, 1 MiB password"
    );
    cases += 1;
    report("scrypt", cases);
}
