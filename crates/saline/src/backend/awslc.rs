//! AWS-LC backends (aws-lc-sys 0.47, AWS's fork of BoringSSL,
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

use alloc::boxed::Box;

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

/// Ed25519 verification (`ED25519_verify`, RFC 8032 §5.1.7, cofactorless):
/// S < L, the public key decoded (s2n-bignum's decoder refuses y ≥ p), and
/// R compared as bytes with the encoding of [S]B − [k]A. The caller adds
/// libsodium's other rules (curve/ed25519.rs).
pub(crate) fn ed25519_verify(public_key: &[u8; 32], message: &[u8], signature: &[u8; 64]) -> bool {
    // SAFETY: a 32-byte key, a 64-byte signature, `message.len()` readable bytes.
    unsafe { aws_lc_sys::ED25519_verify(message.as_ptr(), message.len(), signature.as_ptr(), public_key.as_ptr()) == 1 }
}

/// Whether AWS-LC seals AES-GCM with its AVX-512 VAES code on this CPU: its
/// `crypto_gcm_avx512_enabled` (modes/gcm.c) asks for VAES, VPCLMULQDQ and
/// AVX512F, DQ, IFMA, BW and VL (`CRYPTO_is_AVX512_capable`); without them
/// it takes the 128-bit AES-NI code (`aesni_gcm_encrypt`).
#[cfg(target_arch = "x86_64")]
pub(crate) fn aes_gcm_avx512() -> bool {
    std::is_x86_feature_detected!("vaes")
        && std::is_x86_feature_detected!("vpclmulqdq")
        && std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512dq")
        && std::is_x86_feature_detected!("avx512ifma")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vl")
}

/// An AES-GCM key (16, 24 or 32 bytes) with its schedule and GHASH table,
/// in an `EVP_AEAD_CTX`: AWS-LC's own `EVP_AEAD_CTX_init`, `seal_scatter`
/// and `open_gather`, without aws-lc-rs's `LessSafeKey` around them.
///
/// * The context is boxed, so that the key moves as a pointer (it is 584
///   bytes, and a one-shot call moves the key three times on its way out
///   of `Aead::new`). It sits 8 bytes into a 16-byte aligned block, where
///   `OPENSSL_malloc` (which keeps the size in front) puts it for
///   aws-lc-rs and AWS-LC's own callers: `state`, and the AES round keys
///   at its start, are then 16-byte aligned. (AES-GCM's state is
///   self-contained, with no pointer into itself: AWS-LC copies it byte
///   for byte, `aead_ctx_copy_state_trivial`.)
/// * Sharing it is safe: AWS-LC documents the AES-GCM contexts as usable
///   by concurrent seal and open calls (`EVP_AEAD_CTX_seal`, aead.h).
/// * Dropping it wipes all of it (key schedule and hash key included):
///   `EVP_AEAD_CTX_cleanup` does nothing for AES-GCM.
pub(crate) struct AesGcmKey(Box<AeadCtx>);

#[repr(C, align(16))]
struct AeadCtx {
    /// `OPENSSL_malloc`'s size prefix, unused here.
    _prefix: [u8; 8],
    ctx: aws_lc_sys::EVP_AEAD_CTX,
}

// SAFETY: see "Sharing" above; the only pointer inside is to AWS-LC's
// static, immutable `EVP_AEAD` method table.
unsafe impl Send for AesGcmKey {}
// SAFETY: as for Send.
unsafe impl Sync for AesGcmKey {}

impl AesGcmKey {
    /// `None` for a key length other than 16, 24 or 32.
    pub(crate) fn new(key: &[u8]) -> Option<AesGcmKey> {
        // SAFETY: these return pointers to static method tables.
        let aead = unsafe {
            match key.len() {
                16 => aws_lc_sys::EVP_aead_aes_128_gcm(),
                24 => aws_lc_sys::EVP_aead_aes_192_gcm(),
                32 => aws_lc_sys::EVP_aead_aes_256_gcm(),
                _ => return None,
            }
        };
        // Sets up AWS-LC's CPU capability flags where no static initializer
        // has (a no-op where one has).
        aws_lc_sys::init();
        // Zeroed by AWS-LC's cleanse after `malloc`: a zeroed Box is
        // `calloc` (LLVM turns malloc + memset into it too), and glibc's
        // calloc bypasses the thread cache that free refills (calloc and
        // free were a quarter of the keying time).
        let mut uninit = Box::<AeadCtx>::new_uninit();
        // SAFETY: writes every byte; all-zero bytes are `EVP_AEAD_CTX_zero`'s
        // empty context.
        let mut ctx = AesGcmKey(unsafe {
            aws_lc_sys::OPENSSL_cleanse(uninit.as_mut_ptr().cast(), core::mem::size_of::<AeadCtx>());
            uninit.assume_init()
        });
        // SAFETY: `ctx` is a zeroed context and `key` is valid for its length.
        let ok = unsafe { aws_lc_sys::EVP_AEAD_CTX_init(&mut ctx.0.ctx, aead, key.as_ptr(), key.len(), TAG_LEN, core::ptr::null_mut()) };
        // On failure `ctx` is dropped, and wiped, here.
        (ok == 1).then_some(ctx)
    }

    /// Encrypts `buf` in place; `None` past GCM's length limit.
    pub(crate) fn seal(&self, nonce: &[u8; 12], aad: &[u8], buf: &mut [u8]) -> Option<[u8; 16]> {
        let data = buf.as_mut_ptr();
        // SAFETY: AWS-LC allows `out == in` exactly.
        unsafe { self.seal_raw(nonce, aad, data, data, buf.len()) }
    }

    /// Encrypts `input` into `out` (as long as `input`), leaving `input` as
    /// it was: AWS-LC reads one buffer and writes the other, which saves a
    /// caller sealing into a fresh buffer the copy of the message. `None`
    /// past GCM's length limit.
    pub(crate) fn seal_into(&self, nonce: &[u8; 12], aad: &[u8], input: &[u8], out: &mut [u8]) -> Option<[u8; 16]> {
        assert_eq!(input.len(), out.len(), "seal_into: output as long as the input");
        // SAFETY: two valid buffers of `input.len()` bytes; `&mut out`
        // cannot overlap `&input`.
        unsafe { self.seal_raw(nonce, aad, input.as_ptr(), out.as_mut_ptr(), input.len()) }
    }

    /// # Safety
    /// `input` readable and `out` writable for `len` bytes, either equal or
    /// not overlapping.
    unsafe fn seal_raw(&self, nonce: &[u8; 12], aad: &[u8], input: *const u8, out: *mut u8, len: usize) -> Option<[u8; 16]> {
        let mut tag = [0u8; TAG_LEN];
        let mut tag_len = 0usize;
        // SAFETY: the caller's contract for the message; the rest are slices.
        let ok = unsafe {
            aws_lc_sys::EVP_AEAD_CTX_seal_scatter(
                &self.0.ctx,
                out,
                tag.as_mut_ptr(),
                &mut tag_len,
                TAG_LEN,
                nonce.as_ptr(),
                nonce.len(),
                input,
                len,
                core::ptr::null(),
                0,
                aad.as_ptr(),
                aad.len(),
            )
        };
        (ok == 1 && tag_len == TAG_LEN).then_some(tag)
    }

    /// Checks the tag and decrypts in place. AWS-LC decrypts while it
    /// authenticates: a rejected `buf` is zeroed, and with `keep_ciphertext`
    /// the work is done on a copy (wiped after) so that `buf` still holds
    /// the ciphertext, as Saline's AEAD contract says.
    pub(crate) fn open(&self, nonce: &[u8; 12], aad: &[u8], buf: &mut [u8], tag: &[u8; 16], keep_ciphertext: bool) -> bool {
        super::open_keeping_ciphertext(buf, keep_ciphertext, |data| {
            let ptr = data.as_mut_ptr();
            // SAFETY: in place (`out == in`, which AWS-LC allows); every
            // pointer comes from a slice of the length passed with it.
            let ok = unsafe {
                aws_lc_sys::EVP_AEAD_CTX_open_gather(&self.0.ctx, ptr, nonce.as_ptr(), nonce.len(), ptr, data.len(), tag.as_ptr(), tag.len(), aad.as_ptr(), aad.len())
            } == 1;
            if !ok {
                // What a rejected open left here is unspecified (it may be
                // unauthenticated plaintext): zero it, as ring does.
                zeroize::Zeroize::zeroize(data);
            }
            ok
        })
    }
}

impl Drop for AesGcmKey {
    fn drop(&mut self) {
        // SAFETY: an initialized or zeroed context.
        unsafe { aws_lc_sys::EVP_AEAD_CTX_cleanup(&mut self.0.ctx) };
        // AWS-LC's own wipe (what `OPENSSL_free` runs): a memset the
        // compiler may not remove, where `zeroize` on bytes stores one
        // byte at a time.
        // SAFETY: the whole allocation, plain bytes from here on.
        unsafe { aws_lc_sys::OPENSSL_cleanse((&mut *self.0 as *mut AeadCtx).cast(), core::mem::size_of::<AeadCtx>()) };
    }
}

/// The GCM tag length Saline uses (the full 16 bytes).
const TAG_LEN: usize = 16;

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
