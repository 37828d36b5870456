//! AWS-LC backends (aws-lc-rs 1 and aws-lc-sys, AWS's fork of BoringSSL,
//! FIPS 140-3 validated; its Curve25519 code is s2n-bignum's, formally
//! verified): X25519, Ed25519 signing and key pairs, AES-GCM with all
//! three key sizes, and AES-CBC and AES-CTR. Assembly chosen at run time
//! (ADX/BMI2 for the curve, AES-NI, VAES/AVX-512 for GCM; without AES-NI,
//! vpaes (SSSE3) or the constant-time bitsliced `aes_nohw`); nothing is
//! compiled for a CPU feature.
//!
//! Measured on this machine's build (AMD Zen 5, thread CPU time, docs/
//! DEPENDENCIES.md): X25519 15.5 µs against libsodium's 24.9; Ed25519
//! signing of 32 bytes 5.1 µs against 9.8; AES-256-GCM of 1 KiB 124 ns
//! against ring's 145, AES-192-GCM 120 ns against RustCrypto's ~870.

use aws_lc_rs::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_128_GCM, AES_192_GCM, AES_256_GCM};

/// X25519 (RFC 7748 §5: the scalar clamped, the point's top bit ignored).
/// AWS-LC returns 0 for an all-zero result but writes it anyway; the caller
/// decides, as with the other backends.
pub(crate) fn x25519(scalar: &[u8; 32], point: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: three 32-byte buffers.
    unsafe { aws_lc_sys::X25519(out.as_mut_ptr(), scalar.as_ptr(), point.as_ptr()) };
    out
}

/// The X25519 public key of a secret key (`X25519(scalar, 9)`).
pub(crate) fn x25519_base(scalar: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: two 32-byte buffers.
    unsafe { aws_lc_sys::X25519_public_from_private(out.as_mut_ptr(), scalar.as_ptr()) };
    out
}

/// Ed25519 signature (RFC 8032 §5.1.6) with the 64-byte `seed ‖ public key`.
/// Like libsodium, AWS-LC signs with the public half as given; the caller's
/// key guarantees it matches the seed.
pub(crate) fn ed25519_sign(keypair: &[u8; 64], message: &[u8]) -> [u8; 64] {
    let mut signature = [0u8; 64];
    // SAFETY: a 64-byte signature buffer, `message.len()` readable bytes, a
    // 64-byte key. It returns 1; it cannot fail for these inputs.
    unsafe { aws_lc_sys::ED25519_sign(signature.as_mut_ptr(), message.as_ptr(), message.len(), keypair.as_ptr()) };
    signature
}

/// Ed25519 `seed ‖ public key` for a 32-byte seed (RFC 8032 §5.1.5).
pub(crate) fn ed25519_seed_keypair(seed: &[u8; 32]) -> zeroize::Zeroizing<[u8; 64]> {
    let mut keypair = zeroize::Zeroizing::new([0u8; 64]);
    let mut public_key = [0u8; 32];
    // SAFETY: a 32-byte public key, a 64-byte private key, a 32-byte seed.
    unsafe { aws_lc_sys::ED25519_keypair_from_seed(public_key.as_mut_ptr(), keypair.as_mut_ptr(), seed.as_ptr()) };
    keypair
}

/// An AES-GCM key (16, 24 or 32 bytes) with its schedule. aws-lc-rs keeps it
/// in an `EVP_AEAD_CTX` from `OPENSSL_malloc`; dropping the key frees it
/// through `OPENSSL_free`, which overwrites the whole allocation first
/// (`OPENSSL_cleanse`, aws-lc crypto/mem.c): the schedule is wiped.
pub(crate) struct AesGcmKey(LessSafeKey);

impl AesGcmKey {
    /// `None` for a key length other than 16, 24 or 32.
    pub(crate) fn new(key: &[u8]) -> Option<AesGcmKey> {
        let algorithm = match key.len() {
            16 => &AES_128_GCM,
            24 => &AES_192_GCM,
            32 => &AES_256_GCM,
            _ => return None,
        };
        Some(AesGcmKey(LessSafeKey::new(UnboundKey::new(algorithm, key).ok()?)))
    }

    /// Encrypts `buf` in place; `None` past GCM's length limit.
    pub(crate) fn seal(&self, nonce: &[u8; 12], aad: &[u8], buf: &mut [u8]) -> Option<[u8; 16]> {
        let tag = self.0.seal_in_place_separate_tag(Nonce::assume_unique_for_key(*nonce), Aad::from(aad), buf).ok()?;
        tag.as_ref().try_into().ok()
    }

    /// Encrypts `input` into `out` (as long as `input`), leaving `input` as
    /// it was: AWS-LC reads one buffer and writes the other, which saves a
    /// caller sealing into a fresh buffer the copy of the message. `None`
    /// past GCM's length limit.
    pub(crate) fn seal_into(&self, nonce: &[u8; 12], aad: &[u8], input: &[u8], out: &mut [u8]) -> Option<[u8; 16]> {
        let mut tag = [0u8; 16];
        self.0.seal_out_of_place_scatter(Nonce::assume_unique_for_key(*nonce), Aad::from(aad), input, out, &[], &mut tag).ok()?;
        Some(tag)
    }

    /// Checks the tag and decrypts in place. Like ring, AWS-LC decrypts while
    /// it authenticates: a rejected `buf` is zeroed, and with
    /// `keep_ciphertext` the work is done on a copy (wiped after) so that
    /// `buf` still holds the ciphertext, as Saline's AEAD contract says.
    pub(crate) fn open(&self, nonce: &[u8; 12], aad: &[u8], buf: &mut [u8], tag: &[u8; 16], keep_ciphertext: bool) -> bool {
        super::open_keeping_ciphertext(buf, keep_ciphertext, |data| {
            let ok = self.0.open_in_place_separate_tag(Nonce::assume_unique_for_key(*nonce), Aad::from(aad), tag, data).is_ok();
            if !ok {
                // What a rejected open left here is unspecified (it may be
                // unauthenticated plaintext): zero it, as ring does.
                zeroize::Zeroize::zeroize(data);
            }
            ok
        })
    }
}

/// Whether an [`AesKeySchedule`] encrypts or decrypts (CBC decryption runs
/// the inverse cipher, whose round keys differ: FIPS 197 §5.3.5).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Encrypt,
    Decrypt,
}

/// An `AES_KEY` from `AES_set_encrypt_key` or `AES_set_decrypt_key`. The
/// round keys are equivalent to the key: they are overwritten on drop.
struct AesKeySchedule(aws_lc_sys::AES_KEY);

impl AesKeySchedule {
    /// An empty schedule, filled in place by [`AesKeySchedule::set`] so that
    /// the round keys are never moved (a move could leave a copy behind).
    const EMPTY: AesKeySchedule = AesKeySchedule(aws_lc_sys::AES_KEY { rd_key: [0; 60], rounds: 0 });

    /// `key` is 16, 24 or 32 bytes (checked by the caller, cipher::aes).
    fn set(&mut self, key: &[u8], direction: Direction) {
        let bits = (key.len() * 8) as core::ffi::c_uint;
        // SAFETY: `key.len()` readable bytes (16, 24 or 32, as `bits` says)
        // and a writable AES_KEY.
        let status = unsafe {
            match direction {
                Direction::Encrypt => aws_lc_sys::AES_set_encrypt_key(key.as_ptr(), bits, &mut self.0),
                Direction::Decrypt => aws_lc_sys::AES_set_decrypt_key(key.as_ptr(), bits, &mut self.0),
            }
        };
        assert_eq!(status, 0, "AES key length checked by cipher::aes");
    }
}

impl Drop for AesKeySchedule {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.0.rd_key);
        zeroize::Zeroize::zeroize(&mut self.0.rounds);
    }
}

/// AES-CBC over whole blocks in place (SP 800-38A §6.2), `direction` as
/// `AES_cbc_encrypt` takes it. AWS-LC's `aes_hw_cbc_encrypt` (AES-NI), or
/// vpaes/`aes_nohw` without it, all allowing `in == out`.
fn aes_cbc(key: &[u8], iv: &[u8; 16], buf: &mut [u8], direction: Direction) {
    debug_assert_eq!(buf.len() % 16, 0, "whole blocks, checked by cipher::aes");
    if buf.is_empty() {
        return;
    }
    let mut schedule = AesKeySchedule::EMPTY;
    schedule.set(key, direction);
    // AES_cbc_encrypt leaves the last ciphertext block here (public).
    let mut chaining = *iv;
    let enc = if direction == Direction::Encrypt { aws_lc_sys::AES_ENCRYPT } else { aws_lc_sys::AES_DECRYPT };
    let data = buf.as_mut_ptr();
    // SAFETY: `buf.len()` bytes (a multiple of 16) read and written in place,
    // which AWS-LC supports; a 16-byte IV; a key schedule set for `direction`.
    unsafe { aws_lc_sys::AES_cbc_encrypt(data, data, buf.len(), &schedule.0, chaining.as_mut_ptr(), enc) };
}

/// AES-CBC encryption of whole blocks in place; `key` is 16, 24 or 32 bytes.
pub(crate) fn aes_cbc_encrypt(key: &[u8], iv: &[u8; 16], buf: &mut [u8]) {
    aes_cbc(key, iv, buf, Direction::Encrypt);
}

/// AES-CBC decryption of whole blocks in place; `key` is 16, 24 or 32 bytes.
pub(crate) fn aes_cbc_decrypt(key: &[u8], iv: &[u8; 16], buf: &mut [u8]) {
    aes_cbc(key, iv, buf, Direction::Decrypt);
}

/// AES-CTR keystream XOR in place from the counter block `nonce + counter`
/// (mod 2^128), as cipher::Stream's RustCrypto `Ctr128BE` computes it.
/// `AES_ctr128_encrypt` increments the whole 128-bit block big-endian: its
/// 32-bit fast path (`CRYPTO_ctr128_encrypt_ctr32`, crypto/fipsmodule/
/// modes/ctr.c) stops at each wrap of the low word and carries into the
/// upper 96 bits, which wrap at 2^128 as well; tests/backends.rs checks the
/// wrap against RustCrypto.
pub(crate) fn aes_ctr_xor(key: &[u8], nonce: &[u8; 16], counter: u64, buf: &mut [u8]) {
    if buf.is_empty() {
        return;
    }
    let mut schedule = AesKeySchedule::EMPTY;
    schedule.set(key, Direction::Encrypt);
    let mut counter_block = u128::from_be_bytes(*nonce).wrapping_add(u128::from(counter)).to_be_bytes();
    // The last keystream block, partly unused when `buf` ends inside a block.
    let mut keystream = zeroize::Zeroizing::new([0u8; 16]);
    let mut used: core::ffi::c_uint = 0;
    let data = buf.as_mut_ptr();
    // SAFETY: `buf.len()` bytes read and written in place (supported), an
    // encryption key schedule, two 16-byte buffers and the offset into the
    // keystream block (0: start at a block boundary).
    unsafe {
        aws_lc_sys::AES_ctr128_encrypt(data, data, buf.len(), &schedule.0, counter_block.as_mut_ptr(), keystream.as_mut_ptr(), &mut used)
    };
    zeroize::Zeroize::zeroize(&mut counter_block);
}
