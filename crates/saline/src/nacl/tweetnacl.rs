//! The TweetNaCl / NaCl low-level API, named after the C functions, with
//! NaCl's exact zero-padded layouts.
//!
//! * `crypto_secretbox` and `crypto_box` take the message with 32 leading
//!   zero bytes and return the box with 16 leading zero bytes (then the
//!   16-byte tag and the ciphertext); the `_open` functions take that layout
//!   and return the message with 32 leading zero bytes. These are NaCl's
//!   layouts ("Cryptography in NaCl", §9), kept for drop-in compatibility;
//!   new code should use [`crate::nacl::secretbox`] and
//!   [`crate::nacl::crypto_box`].
//! * As in TweetNaCl, the leading bytes of an input are not required to be
//!   zero; the output is computed exactly as TweetNaCl computes it.
//! * Where TweetNaCl and libsodium differ, the safer libsodium rule is kept
//!   and named on the function (`crypto_box_beforenm` refuses small-order
//!   keys; `crypto_sign` refuses a secret key whose halves disagree).
//!
//! ```
//! use saline::nacl::tweetnacl::*;
//! let (k, n) = ([1u8; 32], [2u8; 24]);
//! let mut m = vec![0u8; 32];
//! m.extend_from_slice(b"hello");
//! let c = crypto_secretbox(&m, &n, &k)?;
//! assert_eq!(&c[..16], &[0u8; 16]);
//! assert_eq!(crypto_secretbox_open(&c, &n, &k)?, m);
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec;
use alloc::vec::Vec;
use zeroize::Zeroizing;

use super::{crypto_box, sign};
use crate::catalog::Algorithm;
use crate::cipher::{fixed, keystream, stream_xor};
use crate::curve::{ed25519, point, scalar::Scalar, x25519};
use crate::error::{Error, Expected, Result};
use crate::hash::{Sha256, Sha512};
use crate::mac::poly1305_tag;

/// "expand 32-byte k", the Salsa20 constant σ.
pub const SIGMA: [u8; 16] = *b"expand 32-byte k";

/// Bytes of zero padding before a `crypto_secretbox`/`crypto_box` message.
pub const ZEROBYTES: usize = 32;
/// Bytes of zero padding before a box.
pub const BOXZEROBYTES: usize = 16;

/// `crypto_hash_sha256`.
pub fn crypto_hash_sha256(message: &[u8]) -> [u8; 32] {
    Sha256::digest(message)
}

/// `crypto_hash_sha512`.
pub fn crypto_hash_sha512(message: &[u8]) -> [u8; 64] {
    Sha512::digest(message)
}

/// `crypto_hash`: SHA-512.
pub fn crypto_hash(message: &[u8]) -> [u8; 64] {
    Sha512::digest(message)
}

fn hmac_tag<const N: usize>(algorithm: Algorithm, message: &[u8], key: &[u8]) -> Result<[u8; N]> {
    let key: &[u8; 32] = fixed("key", key)?;
    let tag = crate::mac::mac(algorithm, key, message)?;
    Ok(tag[..N].try_into().expect("the HMAC is at least N bytes"))
}

fn verify_tag(expected: &[u8], tag: &[u8]) -> Result<()> {
    Error::check_length("tag", Expected::Exactly(expected.len()), tag.len())?;
    if crate::ct_eq(expected, tag) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// `crypto_auth_hmacsha256`: HMAC-SHA-256 under a 32-byte key.
///
/// # Errors
/// [`Error::InvalidLength`] unless `key` is 32 bytes.
pub fn crypto_auth_hmacsha256(message: &[u8], key: &[u8]) -> Result<[u8; 32]> {
    hmac_tag(Algorithm::HmacSha256, message, key)
}

/// `crypto_auth_hmacsha256_verify`, in constant time.
///
/// # Errors
/// [`Error::InvalidLength`] for a key or tag of the wrong length;
/// [`Error::VerificationFailed`] on a mismatch.
pub fn crypto_auth_hmacsha256_verify(tag: &[u8], message: &[u8], key: &[u8]) -> Result<()> {
    verify_tag(&crypto_auth_hmacsha256(message, key)?, tag)
}

/// `crypto_auth_hmacsha512`: HMAC-SHA-512 under a 32-byte key.
///
/// # Errors
/// [`Error::InvalidLength`] unless `key` is 32 bytes.
pub fn crypto_auth_hmacsha512(message: &[u8], key: &[u8]) -> Result<[u8; 64]> {
    hmac_tag(Algorithm::HmacSha512, message, key)
}

/// `crypto_auth_hmacsha512_verify`, in constant time.
///
/// # Errors
/// As [`crypto_auth_hmacsha256_verify`].
pub fn crypto_auth_hmacsha512_verify(tag: &[u8], message: &[u8], key: &[u8]) -> Result<()> {
    verify_tag(&crypto_auth_hmacsha512(message, key)?, tag)
}

/// `crypto_auth` (`crypto_auth_hmacsha512256`): HMAC-SHA-512 truncated to
/// 32 bytes — not HMAC over SHA-512/256.
///
/// # Errors
/// [`Error::InvalidLength`] unless `key` is 32 bytes.
pub fn crypto_auth(message: &[u8], key: &[u8]) -> Result<[u8; 32]> {
    hmac_tag(Algorithm::HmacSha512, message, key)
}

/// `crypto_auth_verify`, in constant time.
///
/// # Errors
/// As [`crypto_auth_hmacsha256_verify`].
pub fn crypto_auth_verify(tag: &[u8], message: &[u8], key: &[u8]) -> Result<()> {
    verify_tag(&crypto_auth(message, key)?, tag)
}

/// `crypto_onetimeauth`: Poly1305 under a one-time 32-byte key.
///
/// # Errors
/// [`Error::InvalidLength`] unless `key` is 32 bytes.
pub fn crypto_onetimeauth(message: &[u8], key: &[u8]) -> Result<[u8; 16]> {
    Ok(poly1305_tag(fixed("key", key)?, message))
}

/// `crypto_onetimeauth_verify`, in constant time.
///
/// # Errors
/// As [`crypto_auth_hmacsha256_verify`].
pub fn crypto_onetimeauth_verify(tag: &[u8], message: &[u8], key: &[u8]) -> Result<()> {
    verify_tag(&crypto_onetimeauth(message, key)?, tag)
}

/// `crypto_stream`: `len` bytes of XSalsa20 keystream.
///
/// # Errors
/// [`Error::InvalidLength`] for a nonce that is not 24 bytes or a key that is not 32.
pub fn crypto_stream(len: usize, nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    keystream(Algorithm::XSalsa20, key, nonce, 0, len)
}

/// `crypto_stream_xor`: `message` XOR the XSalsa20 keystream.
///
/// # Errors
/// As [`crypto_stream`].
pub fn crypto_stream_xor(message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    stream_xor(Algorithm::XSalsa20, key, nonce, 0, message)
}

fn expect_sigma(constant: &[u8]) -> Result<()> {
    let constant: &[u8; 16] = fixed("c", constant)?;
    if *constant != SIGMA {
        // The audited `salsa20` crate fixes σ; a generalized core would have
        // to be hand-written, so other constants are refused, not ignored.
        return Err(Error::InvalidEncoding { what: "c", reason: "only the constant \"expand 32-byte k\" is supported" });
    }
    Ok(())
}

/// `crypto_core_salsa20`: the Salsa20 core (20 rounds and feed-forward) of
/// input `input` (nonce ‖ little-endian block counter), key `key` and
/// constant `c`, which must be [`SIGMA`].
///
/// # Errors
/// [`Error::InvalidLength`] for wrong lengths; [`Error::InvalidEncoding`] for
/// a constant other than σ; [`Error::InvalidParameter`] for block counter
/// 2^64 - 1, the keystream's last block, which [`crate::cipher::Stream`]
/// refuses too: RustCrypto's core (the portable backend) counts past it,
/// which panics where overflow checks are on, so every backend refuses it.
pub fn crypto_core_salsa20(input: &[u8], key: &[u8], c: &[u8]) -> Result<[u8; 64]> {
    let input: &[u8; 16] = fixed("in", input)?;
    let key: &[u8; 32] = fixed("key", key)?;
    expect_sigma(c)?;
    if input[8..] == [0xff; 8] {
        return Err(Error::InvalidParameter {
            what: "block counter (in[8..16])",
            expected: "0 to 2^64 - 2 (the keystream's last block is refused, as by Saline's stream ciphers)",
            got: u64::MAX,
        });
    }
    Ok((crate::cipher::SALSA20_BACKENDS.get().core)(input, key))
}

/// `crypto_core_hsalsa20`: HSalsa20 of `input` under `key`, with constant
/// `c`, which must be [`SIGMA`].
///
/// # Errors
/// As [`crypto_core_salsa20`].
pub fn crypto_core_hsalsa20(input: &[u8], key: &[u8], c: &[u8]) -> Result<[u8; 32]> {
    let input: &[u8; 16] = fixed("in", input)?;
    let key: &[u8; 32] = fixed("key", key)?;
    expect_sigma(c)?;
    Ok(crypto_box::hsalsa20(key, input))
}

/// `crypto_secretbox` in NaCl's padded layout (see the module docs).
///
/// # Errors
/// [`Error::InvalidLength`] for a message shorter than 32 bytes, or a bad
/// nonce or key length.
pub fn crypto_secretbox(padded_message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    let mut c = alloc::vec![0u8; padded_message.len()];
    crypto_secretbox_into(padded_message, nonce, key, &mut c)?;
    Ok(c)
}

/// [`crypto_secretbox`] into `out` (at least the message's length); returns
/// the length written. The bindings' output takes the box directly, with no
/// message-sized `Vec` between.
///
/// # Errors
/// As [`crypto_secretbox`]; [`Error::InvalidLength`] (what "output") if
/// `out` is too short.
pub fn crypto_secretbox_into(padded_message: &[u8], nonce: &[u8], key: &[u8], out: &mut [u8]) -> Result<usize> {
    Error::check_length("message", Expected::AtLeast(ZEROBYTES), padded_message.len())?;
    let n = padded_message.len();
    // TweetNaCl: c = m XOR stream; tag = poly1305(c[32..], key = c[0..32]);
    // c[16..32] = tag; c[0..16] = 0. With the 32 zero bytes NaCl requires,
    // that is secretbox on m[32..]: the registry's XSalsa20-Poly1305
    // (libsodium natively). A message whose padding is not zero keys
    // Poly1305 with m[0..32] XOR stream, as TweetNaCl does: composed below.
    let key: &[u8; 32] = fixed("key", key)?;
    let nonce: &[u8; 24] = fixed("nonce", nonce)?;
    Error::check_length("output", Expected::AtLeast(n), out.len())?;
    let c = &mut out[..n];
    crate::copy::copy_message(c, padded_message);
    if padded_message[..ZEROBYTES].iter().all(|&b| b == 0) {
        let tag = crate::aead::xsalsa20poly1305_seal(key, nonce, &mut c[ZEROBYTES..]);
        c[BOXZEROBYTES..ZEROBYTES].copy_from_slice(&tag);
        return Ok(n);
    }
    crate::cipher::stream_xor_in_place(Algorithm::XSalsa20, key, nonce, 0, c)?;
    let mac_key: Zeroizing<[u8; 32]> = Zeroizing::new(c[..32].try_into().expect("32 bytes"));
    let tag = poly1305_tag(&mac_key, &c[ZEROBYTES..]);
    c[BOXZEROBYTES..ZEROBYTES].copy_from_slice(&tag);
    c[..BOXZEROBYTES].fill(0);
    Ok(n)
}

/// `crypto_secretbox_open` in NaCl's padded layout: returns the message with
/// 32 leading zero bytes.
///
/// # Errors
/// [`Error::InvalidLength`] for a box shorter than 32 bytes or a bad nonce
/// or key length; [`Error::VerificationFailed`] for a forgery.
pub fn crypto_secretbox_open(padded_box: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    Error::check_length("box", Expected::AtLeast(ZEROBYTES), padded_box.len())?;
    // TweetNaCl checks poly1305(c[32..], key = stream[0..32]) against
    // c[16..32], then decrypts: secretbox's open on c[32..].
    let key: &[u8; 32] = fixed("key", key)?;
    let nonce: &[u8; 24] = fixed("nonce", nonce)?;
    let tag: &[u8; 16] = padded_box[BOXZEROBYTES..ZEROBYTES].try_into().expect("16 bytes");
    let mut m = crate::copy::message_to_vec(padded_box);
    if !crate::aead::xsalsa20poly1305_open(key, nonce, &mut m[ZEROBYTES..], tag) {
        return Err(Error::VerificationFailed);
    }
    m[..ZEROBYTES].fill(0);
    Ok(m)
}

/// `crypto_box_keypair`: `(public key, secret key)`.
///
/// # Errors
/// [`Error::RandomSource`] if randomness is unavailable.
pub fn crypto_box_keypair() -> Result<([u8; 32], Zeroizing<[u8; 32]>)> {
    let kp = x25519::KeyPair::generate()?;
    Ok((kp.public_key, Zeroizing::new(*kp.secret_key())))
}

/// `crypto_box_beforenm`. Refuses a small-order public key (libsodium's rule).
///
/// # Errors
/// As [`crypto_box::before`].
pub fn crypto_box_beforenm(public_key: &[u8], secret_key: &[u8]) -> Result<Zeroizing<[u8; 32]>> {
    Ok(Zeroizing::new(*crypto_box::before(public_key, secret_key)?.as_bytes()))
}

/// `crypto_box_afternm`: [`crypto_secretbox`] under a `crypto_box_beforenm` key.
///
/// # Errors
/// As [`crypto_secretbox`].
pub fn crypto_box_afternm(padded_message: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_secretbox(padded_message, nonce, key)
}

/// `crypto_box_open_afternm`.
///
/// # Errors
/// As [`crypto_secretbox_open`].
pub fn crypto_box_open_afternm(padded_box: &[u8], nonce: &[u8], key: &[u8]) -> Result<Vec<u8>> {
    crypto_secretbox_open(padded_box, nonce, key)
}

/// `crypto_box` in NaCl's padded layout.
///
/// # Errors
/// As [`crypto_box_beforenm`] and [`crypto_secretbox`].
pub fn crypto_box(padded_message: &[u8], nonce: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    crypto_secretbox(padded_message, nonce, &crypto_box_beforenm(public_key, secret_key)?[..])
}

/// [`crypto_box`] into `out`, as [`crypto_secretbox_into`].
///
/// # Errors
/// As [`crypto_box`]; [`Error::InvalidLength`] (what "output") if `out` is too short.
pub fn crypto_box_into(padded_message: &[u8], nonce: &[u8], public_key: &[u8], secret_key: &[u8], out: &mut [u8]) -> Result<usize> {
    crypto_secretbox_into(padded_message, nonce, &crypto_box_beforenm(public_key, secret_key)?[..], out)
}

/// `crypto_box_open` in NaCl's padded layout.
///
/// # Errors
/// As [`crypto_box_beforenm`] and [`crypto_secretbox_open`].
pub fn crypto_box_open(padded_box: &[u8], nonce: &[u8], public_key: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    crypto_secretbox_open(padded_box, nonce, &crypto_box_beforenm(public_key, secret_key)?[..])
}

/// `crypto_scalarmult`: X25519 without a check on the result (as NaCl).
///
/// # Errors
/// [`Error::InvalidLength`] unless both inputs are 32 bytes.
pub fn crypto_scalarmult(scalar: &[u8], point: &[u8]) -> Result<[u8; 32]> {
    Ok(x25519::scalarmult(fixed("n", scalar)?, fixed("p", point)?))
}

/// `crypto_scalarmult_base`: the X25519 public key of `scalar`.
///
/// # Errors
/// [`Error::InvalidLength`] unless `scalar` is 32 bytes.
pub fn crypto_scalarmult_base(scalar: &[u8]) -> Result<[u8; 32]> {
    x25519::public_key(scalar)
}

/// `crypto_sign_keypair`: `(public key, 64-byte secret key)` from a random seed.
///
/// # Errors
/// [`Error::RandomSource`] if randomness is unavailable.
pub fn crypto_sign_keypair() -> Result<([u8; 32], Zeroizing<[u8; 64]>)> {
    let kp = sign::KeyPair::generate()?;
    Ok((kp.public_key, kp.secret_key.clone()))
}

/// `crypto_sign_seed_keypair`: `(public key, 64-byte secret key)` from a 32-byte seed.
///
/// # Errors
/// [`Error::InvalidLength`] unless `seed` is 32 bytes.
pub fn crypto_sign_seed_keypair(seed: &[u8]) -> Result<([u8; 32], Zeroizing<[u8; 64]>)> {
    let kp = sign::KeyPair::from_seed(seed)?;
    Ok((kp.public_key, kp.secret_key.clone()))
}

/// `crypto_sign`: `signature ‖ message`.
///
/// # Errors
/// As [`sign::sign`].
pub fn crypto_sign(message: &[u8], secret_key: &[u8]) -> Result<Vec<u8>> {
    sign::sign(message, secret_key)
}

/// `crypto_sign_open`: the message, if the signature verifies.
///
/// # Errors
/// As [`sign::open`].
pub fn crypto_sign_open(signed: &[u8], public_key: &[u8]) -> Result<Vec<u8>> {
    sign::open(signed, public_key)
}

fn crypto_verify_n<const N: usize>(x: &[u8], y: &[u8]) -> Result<()> {
    let x: &[u8; N] = fixed("x", x)?;
    let y: &[u8; N] = fixed("y", y)?;
    if crate::secret::ct_eq_array(x, y) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// `crypto_verify_16`: constant-time equality of two 16-byte strings.
///
/// # Errors
/// [`Error::InvalidLength`] for other lengths; [`Error::VerificationFailed`] if they differ.
pub fn crypto_verify_16(x: &[u8], y: &[u8]) -> Result<()> {
    crypto_verify_n::<16>(x, y)
}

/// `crypto_verify_32`: constant-time equality of two 32-byte strings.
///
/// # Errors
/// As [`crypto_verify_16`].
pub fn crypto_verify_32(x: &[u8], y: &[u8]) -> Result<()> {
    crypto_verify_n::<32>(x, y)
}

/// `crypto_verify_64`: constant-time equality of two 64-byte strings.
///
/// # Errors
/// As [`crypto_verify_16`].
pub fn crypto_verify_64(x: &[u8], y: &[u8]) -> Result<()> {
    crypto_verify_n::<64>(x, y)
}

/// `crypto_sign_ed25519_pk_to_curve25519`.
///
/// # Errors
/// As [`ed25519::public_key_to_x25519`].
pub fn crypto_sign_ed25519_pk_to_x25519_pk(public_key: &[u8]) -> Result<[u8; 32]> {
    ed25519::public_key_to_x25519(public_key)
}

/// `crypto_sign_ed25519_sk_to_curve25519` (64-byte or 32-byte seed input).
///
/// # Errors
/// As [`ed25519::secret_key_to_x25519`].
pub fn crypto_sign_ed25519_sk_to_x25519_sk(secret_key: &[u8]) -> Result<Zeroizing<[u8; 32]>> {
    ed25519::secret_key_to_x25519(secret_key)
}

/// `crypto_point_add`: the sum of two Edwards25519 points (TweetNaCl's `add`
/// as exposed by tweetnacl-js ports), as a 32-byte encoding.
///
/// # Errors
/// [`Error::InvalidLength`] or [`Error::InvalidEncoding`] for an input that
/// is not a point encoding.
pub fn crypto_point_add(p: &[u8], q: &[u8]) -> Result<[u8; 32]> {
    let (p, q): (&[u8; 32], &[u8; 32]) = (fixed("point", p)?, fixed("point", q)?);
    (point::encoded_ops().add)(p, q).ok_or(point::NOT_A_POINT)
}

/// `crypto_scalar_base`: the base point times the 32-byte little-endian
/// integer `scalar`, neither clamped nor reduced first (TweetNaCl's
/// `scalarbase`).
///
/// # Errors
/// [`Error::InvalidLength`] unless `scalar` is 32 bytes.
pub fn crypto_scalar_base(scalar: &[u8]) -> Result<[u8; 32]> {
    // Reduced modulo L first (B has order L, so the point is the same):
    // the backends take scalars below 2^255, and this one may be any 32 bytes.
    let reduced = Zeroizing::new(Scalar::from_bytes_mod_order(fixed("scalar", scalar)?).to_bytes());
    Ok((point::encoded_ops().mul_base)(&reduced))
}

/// A buffer of `ZEROBYTES` zeros followed by `message`: the input layout of
/// [`crypto_secretbox`] and [`crypto_box`].
pub fn pad_message(message: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; ZEROBYTES + message.len()];
    crate::copy::copy_message(&mut out[ZEROBYTES..], message);
    out
}
