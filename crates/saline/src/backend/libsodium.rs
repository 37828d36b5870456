//! libsodium backends (libsodium-sys-stable: libsodium 1.0.22 built from its
//! vendored, signature-checked source, without `--enable-opt`, so without
//! `-march=native`). `sodium_init` runs once and picks libsodium's SSE2,
//! SSSE3, AVX2 or AVX-512 code for this CPU at run time.
//!
//! Each function has the signature of the portable backend it stands beside;
//! `tests/backends.rs` and `tests/libsodium.rs` prove them equal byte for byte.

use libsodium_sys as ffi;

/// Whether libsodium initialised (it fails only if the OS gives it no
/// randomness source at start-up). Checked once by the registry.
pub(crate) fn usable() -> bool {
    static READY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // SAFETY: sodium_init is thread-safe and idempotent.
    *READY.get_or_init(|| unsafe { ffi::sodium_init() } >= 0)
}

/// Whether libsodium runs its AVX-512F code here (`sodium_runtime_has_avx512f`,
/// which its Salsa20 picks by): the CPU and the OS both support it.
pub(crate) fn has_avx512f() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // SAFETY: reads libsodium's CPU flags, set by sodium_init (`usable`).
    *HAS.get_or_init(|| usable() && unsafe { ffi::sodium_runtime_has_avx512f() } == 1)
}

/// BLAKE2b of `data` into `out` in one call
/// (`crypto_generichash_blake2b_salt_personal`; libsodium picks its AVX2,
/// SSE4.1, SSSE3 or portable compression at run time): keyed when `key` is
/// not empty, with the 16-byte salt and personalization when given (none is
/// all zeros, as RFC 7693 §2.5's parameter block has it). The caller has
/// checked 1 ≤ `out.len()` ≤ 64 and `key.len()` ≤ 64: libsodium refuses
/// other lengths. It wipes its state and the key block itself.
pub(crate) fn blake2b(out: &mut [u8], data: &[u8], key: &[u8], salt: Option<&[u8; 16]>, personal: Option<&[u8; 16]>) {
    debug_assert!((1..=64).contains(&out.len()) && key.len() <= 64);
    let key_ptr = if key.is_empty() { core::ptr::null() } else { key.as_ptr() };
    // SAFETY: each pointer covers its length (out, data, key) or 16 bytes
    // (salt, personal), or is null with length 0 (libsodium's contract); the
    // functions only write `out`.
    let status = unsafe {
        match (salt, personal) {
            // The plain parameter block, without the salt and personal
            // copies: the common case, a few ns shorter at 32 bytes.
            (None, None) => ffi::crypto_generichash_blake2b(out.as_mut_ptr(), out.len(), data.as_ptr(), data.len() as u64, key_ptr, key.len()),
            _ => {
                let (salt, personal) = (salt.map_or(core::ptr::null(), |s| s.as_ptr()), personal.map_or(core::ptr::null(), |p| p.as_ptr()));
                ffi::crypto_generichash_blake2b_salt_personal(out.as_mut_ptr(), out.len(), data.as_ptr(), data.len() as u64, key_ptr, key.len(), salt, personal)
            }
        }
    };
    debug_assert_eq!(status, 0, "lengths checked by the caller");
}

/// Poly1305 tag of `data` under a one-time key (`crypto_onetimeauth_poly1305`).
pub(crate) fn poly1305_tag_into(key: &[u8; 32], data: &[u8], tag: &mut [u8; 16]) {
    // SAFETY: the pointers cover their lengths (16, data.len(), 32 bytes);
    // the function only reads `data` and `key` and writes `tag`.
    unsafe { ffi::crypto_onetimeauth_poly1305(tag.as_mut_ptr(), data.as_ptr(), data.len() as u64, key.as_ptr()) };
}

/// XSalsa20-Poly1305 in place (`crypto_secretbox_detached`, which libsodium
/// documents as safe when the message and ciphertext are the same buffer).
pub(crate) fn xsalsa20poly1305_seal(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8]) -> [u8; 16] {
    let mut tag = [0u8; 16];
    let p = buf.as_mut_ptr();
    // SAFETY: in and out are the same `buf.len()` bytes, which libsodium
    // allows; tag, nonce and key have their fixed sizes.
    unsafe { ffi::crypto_secretbox_detached(p, tag.as_mut_ptr(), p, buf.len() as u64, nonce.as_ptr(), key.as_ptr()) };
    tag
}

/// Checks the tag in constant time and, only if valid, decrypts in place
/// (`crypto_secretbox_open_detached` verifies before it decrypts, so on
/// `false` `buf` still holds the ciphertext).
pub(crate) fn xsalsa20poly1305_open(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8], tag: &[u8; 16]) -> bool {
    let p = buf.as_mut_ptr();
    // SAFETY: as in `xsalsa20poly1305_seal`.
    unsafe { ffi::crypto_secretbox_open_detached(p, p, tag.as_ptr(), buf.len() as u64, nonce.as_ptr(), key.as_ptr()) == 0 }
}

/// [`xsalsa20poly1305_seal`] from `input` into `out` (as long):
/// `crypto_secretbox_detached` reads one buffer and writes the other.
pub(crate) fn xsalsa20poly1305_seal_into(key: &[u8; 32], nonce: &[u8; 24], input: &[u8], out: &mut [u8]) -> [u8; 16] {
    assert_eq!(input.len(), out.len(), "xsalsa20poly1305: input and output lengths differ");
    let mut tag = [0u8; 16];
    // SAFETY: `input` and `out` are `input.len()` bytes each, separate
    // borrows (no overlap); tag, nonce and key have their fixed sizes.
    unsafe { ffi::crypto_secretbox_detached(out.as_mut_ptr(), tag.as_mut_ptr(), input.as_ptr(), input.len() as u64, nonce.as_ptr(), key.as_ptr()) };
    tag
}

/// [`xsalsa20poly1305_open`] from `input` into `out` (as long);
/// `crypto_secretbox_open_detached` checks the tag first and writes nothing
/// on `false`.
pub(crate) fn xsalsa20poly1305_open_into(key: &[u8; 32], nonce: &[u8; 24], input: &[u8], out: &mut [u8], tag: &[u8; 16]) -> bool {
    assert_eq!(input.len(), out.len(), "xsalsa20poly1305: input and output lengths differ");
    // SAFETY: as in `xsalsa20poly1305_seal_into`.
    unsafe { ffi::crypto_secretbox_open_detached(out.as_mut_ptr(), input.as_ptr(), tag.as_ptr(), input.len() as u64, nonce.as_ptr(), key.as_ptr()) == 0 }
}

/// Salsa20 (8-byte nonce) or XSalsa20 (24-byte nonce) keystream XOR from
/// block `counter`, in place (`crypto_stream_[x]salsa20_xor_ic`). The caller
/// keeps `counter` plus the blocks used below 2^64.
pub(crate) fn salsa20_xor(key: &[u8; 32], nonce: &[u8], counter: u64, buf: &mut [u8]) {
    let p = buf.as_mut_ptr();
    // SAFETY: in and out are the same `buf.len()` bytes, which libsodium allows.
    unsafe { salsa20_xor_ic(key, nonce, counter, p, p, buf.len()) }
}

/// [`salsa20_xor`] from `input` into `out` (as long), which it writes whole.
pub(crate) fn salsa20_xor_into(key: &[u8; 32], nonce: &[u8], counter: u64, input: &[u8], out: &mut [core::mem::MaybeUninit<u8>]) {
    assert_eq!(input.len(), out.len(), "salsa20 xor_into: input and output lengths differ");
    // SAFETY: `input.len()` bytes read from `input` and written to `out`, a
    // separate borrow (no overlap).
    unsafe { salsa20_xor_ic(key, nonce, counter, input.as_ptr(), out.as_mut_ptr().cast::<u8>(), input.len()) }
}

/// `crypto_stream_[x]salsa20_xor_ic` by nonce length.
///
/// # Safety
/// `m` readable and `c` writable for `len` bytes (the same bytes, or not
/// overlapping); the nonce is 24 or 8 bytes (checked against the catalog by
/// the callers' callers).
unsafe fn salsa20_xor_ic(key: &[u8; 32], nonce: &[u8], counter: u64, m: *const u8, c: *mut u8, len: usize) {
    // SAFETY: the caller's contract.
    unsafe {
        if nonce.len() == 24 {
            ffi::crypto_stream_xsalsa20_xor_ic(c, m, len as u64, nonce.as_ptr(), counter, key.as_ptr());
        } else {
            ffi::crypto_stream_salsa20_xor_ic(c, m, len as u64, nonce.as_ptr(), counter, key.as_ptr());
        }
    }
}

/// The Salsa20 core with σ (`crypto_core_salsa20`): libsodium's scalar code,
/// 70 ns against 100 for RustCrypto's SSE2 core on one block here (bench/rust).
pub(crate) fn salsa20_core(input: &[u8; 16], key: &[u8; 32]) -> [u8; 64] {
    let mut out = [0u8; 64];
    // SAFETY: a 64-byte output, 16-byte input, 32-byte key and the 16-byte
    // constant σ ("expand 32-byte k").
    unsafe { ffi::crypto_core_salsa20(out.as_mut_ptr(), input.as_ptr(), key.as_ptr(), crate::nacl::tweetnacl::SIGMA.as_ptr()) };
    out
}

/// X25519 (`crypto_scalarmult_curve25519`): clamps the scalar, ignores the top
/// bit of the point. libsodium returns -1 for an all-zero result but writes it
/// anyway; the caller decides (as with the portable backend).
pub(crate) fn x25519(scalar: &[u8; 32], point: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: three 32-byte buffers.
    unsafe { ffi::crypto_scalarmult_curve25519(out.as_mut_ptr(), scalar.as_ptr(), point.as_ptr()) };
    out
}

/// ChaCha20-Poly1305 (RFC 8439) or, with a 24-byte nonce, XChaCha20-Poly1305
/// (`crypto_aead_[x]chacha20poly1305_ietf_*_detached`), keyed per call.
pub(crate) struct ChaChaKey(zeroize::Zeroizing<[u8; 32]>);

impl ChaChaKey {
    pub(crate) fn new(key: &[u8; 32]) -> ChaChaKey {
        ChaChaKey(zeroize::Zeroizing::new(*key))
    }

    /// Encrypts `buf` in place (libsodium allows `c == m`) and returns the tag.
    pub(crate) fn seal(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> [u8; 16] {
        let mut tag = [0u8; 16];
        let p = buf.as_mut_ptr();
        let (len, ad, adlen, k) = (buf.len() as u64, aad.as_ptr(), aad.len() as u64, self.0.as_ptr());
        let (null_len, null_nsec) = (core::ptr::null_mut(), core::ptr::null());
        // SAFETY: in and out are the same `buf.len()` bytes (allowed); the
        // nonce is 12 or 24 bytes as the function expects (checked by the
        // caller against the catalog); nsec is unused and may be null.
        unsafe {
            if nonce.len() == 24 {
                ffi::crypto_aead_xchacha20poly1305_ietf_encrypt_detached(p, tag.as_mut_ptr(), null_len, p, len, ad, adlen, null_nsec, nonce.as_ptr(), k);
            } else {
                ffi::crypto_aead_chacha20poly1305_ietf_encrypt_detached(p, tag.as_mut_ptr(), null_len, p, len, ad, adlen, null_nsec, nonce.as_ptr(), k);
            }
        }
        tag
    }

    /// Checks the tag and decrypts in place. libsodium verifies first but
    /// zeroes `m` on a wrong tag; `keep_ciphertext` opens a copy instead.
    pub(crate) fn open(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8], tag: &[u8; 16], keep_ciphertext: bool) -> bool {
        super::open_keeping_ciphertext(buf, keep_ciphertext, |data| {
            let p = data.as_mut_ptr();
            let (len, ad, adlen, k) = (data.len() as u64, aad.as_ptr(), aad.len() as u64, self.0.as_ptr());
            // SAFETY: as in `seal`; the tag is 16 bytes.
            unsafe {
                if nonce.len() == 24 {
                    ffi::crypto_aead_xchacha20poly1305_ietf_decrypt_detached(p, core::ptr::null_mut(), p, len, tag.as_ptr(), ad, adlen, nonce.as_ptr(), k) == 0
                } else {
                    ffi::crypto_aead_chacha20poly1305_ietf_decrypt_detached(p, core::ptr::null_mut(), p, len, tag.as_ptr(), ad, adlen, nonce.as_ptr(), k) == 0
                }
            }
        })
    }
}

/// Whether libsodium's AES-256-GCM runs here: it needs AES-NI, PCLMULQDQ
/// and AVX (`crypto_aead_aes256gcm_is_available`) and has no fallback.
#[cfg(target_arch = "x86_64")]
pub(crate) fn aes256gcm_usable() -> bool {
    static AVAILABLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // SAFETY: reads libsodium's CPU flags, set by sodium_init (`usable`).
    usable() && *AVAILABLE.get_or_init(|| unsafe { ffi::crypto_aead_aes256gcm_is_available() } == 1)
}

/// One-shot AES-256-GCM seal of `plaintext` into `out` (`ciphertext ‖
/// tag`, 16 bytes longer) (`crypto_aead_aes256gcm_encrypt`: keys, seals
/// and wipes its key schedule in one call). The caller has checked
/// [`aes256gcm_usable`]; the message is far below libsodium's limit.
#[cfg(target_arch = "x86_64")]
pub(crate) fn aes256gcm_seal_into(key: &[u8; 32], nonce: &[u8; 12], aad: &[u8], plaintext: &[u8], out: &mut [u8]) {
    assert_eq!(out.len(), plaintext.len() + 16, "aes256gcm_seal_into: room for the message and its tag");
    let mut written = 0u64;
    // SAFETY: `out` has room for the message and the tag and cannot overlap
    // `plaintext`; key and nonce are as long as the function reads; nsec is
    // unused and may be null.
    unsafe {
        ffi::crypto_aead_aes256gcm_encrypt(
            out.as_mut_ptr(),
            &mut written,
            plaintext.as_ptr(),
            plaintext.len() as u64,
            aad.as_ptr(),
            aad.len() as u64,
            core::ptr::null(),
            nonce.as_ptr(),
            key.as_ptr(),
        );
    }
    debug_assert_eq!(written, out.len() as u64);
}

/// One-shot AES-256-GCM open of `ciphertext` under `tag` into `out` (as
/// long) (`crypto_aead_aes256gcm_decrypt_detached`). libsodium decrypts
/// while it authenticates and fills a rejected `out` with 0xd0: on `false`
/// this zeroes it, so that it holds nothing either way.
#[cfg(target_arch = "x86_64")]
pub(crate) fn aes256gcm_open_into(key: &[u8; 32], nonce: &[u8; 12], aad: &[u8], ciphertext: &[u8], tag: &[u8; 16], out: &mut [u8]) -> bool {
    assert_eq!(ciphertext.len(), out.len(), "aes256gcm_open_into: output as long as the input");
    // SAFETY: `out` and `ciphertext` are distinct slices of one length, the
    // tag 16 bytes, the rest as in `aes256gcm_seal_into`.
    let ok = unsafe {
        ffi::crypto_aead_aes256gcm_decrypt_detached(
            out.as_mut_ptr(),
            core::ptr::null_mut(),
            ciphertext.as_ptr(),
            ciphertext.len() as u64,
            tag.as_ptr(),
            aad.as_ptr(),
            aad.len() as u64,
            nonce.as_ptr(),
            key.as_ptr(),
        )
    } == 0;
    if !ok {
        zeroize::Zeroize::zeroize(out);
    }
    ok
}

/// Argon2id (`id`) or Argon2i, version 1.3, one lane, `t` passes over `m`
/// KiB (`crypto_pwhash_argon2id` / `crypto_pwhash_argon2i`: libsodium's
/// AVX-512F, AVX2, SSSE3 or portable block function, chosen at run time)
/// into `out`. `kdf::argon2` has checked what libsodium checks again: `out`
/// of 16 bytes or more, t ≥ 1 (Argon2i: t ≥ 3), m ≥ 8 KiB, everything
/// within its maximums. `false` when libsodium could not map its `m` KiB
/// (it maps them from the system per call and unmaps them after).
pub(crate) fn argon2(id: bool, password: &[u8], salt: &[u8; 16], t: u32, m: u32, out: &mut [u8]) -> bool {
    let memlimit = m as usize * 1024;
    // SAFETY: each pointer comes with its slice's length (the salt is the
    // 16 bytes libsodium reads); libsodium writes only `out`, which cannot
    // be the password (a separate borrow).
    unsafe {
        if id {
            let alg = ffi::crypto_pwhash_argon2id_ALG_ARGON2ID13 as i32;
            ffi::crypto_pwhash_argon2id(out.as_mut_ptr(), out.len() as u64, password.as_ptr().cast(), password.len() as u64, salt.as_ptr(), u64::from(t), memlimit, alg) == 0
        } else {
            let alg = ffi::crypto_pwhash_argon2i_ALG_ARGON2I13 as i32;
            ffi::crypto_pwhash_argon2i(out.as_mut_ptr(), out.len() as u64, password.as_ptr().cast(), password.len() as u64, salt.as_ptr(), u64::from(t), memlimit, alg) == 0
        }
    }
}

/// scrypt (`crypto_pwhash_scryptsalsa208sha256_ll`: libsodium's SSE2 or
/// portable Salsa20/8, chosen at run time) into `out`, with parameters
/// `kdf::scrypt` has checked against RFC 7914 and libsodium's own limits
/// (N = 2^`log_n` ≤ 2^25, r × p < 2^30, `out` at most (2^32 − 1) × 32
/// bytes). `false` when libsodium could not map its 128 × r × (N + p)
/// bytes of working memory; it unmaps them after each call.
pub(crate) fn scrypt(password: &[u8], salt: &[u8], log_n: u8, r: u32, p: u32, out: &mut [u8]) -> bool {
    // SAFETY: each pointer comes with its slice's length; libsodium writes
    // only `out`.
    unsafe {
        ffi::crypto_pwhash_scryptsalsa208sha256_ll(password.as_ptr(), password.len(), salt.as_ptr(), salt.len(), 1u64 << log_n, r, p, out.as_mut_ptr(), out.len()) == 0
    }
}

/// X25519 public key of `scalar` (`crypto_scalarmult_curve25519_base`:
/// clamps, then a fixed-base multiplication on Edwards25519 with
/// libsodium's precomputed table, mapped to Montgomery form). libsodium
/// returns -1 only for an all-zero result, which a clamped scalar cannot give.
pub(crate) fn x25519_base(scalar: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: two 32-byte buffers.
    unsafe { ffi::crypto_scalarmult_curve25519_base(out.as_mut_ptr(), scalar.as_ptr()) };
    out
}

/// Edwards25519 on encodings (`crypto_core_ed25519_add`/`_sub`,
/// `crypto_scalarmult_ed25519_base_noclamp`): ref10's field arithmetic,
/// 1.2x dalek's portable build (docs/DEPENDENCIES.md). Decoding follows
/// `ge25519_frombytes`, the rules of [`crate::curve::point::Point::from_bytes`].
pub(crate) const EDWARDS25519: crate::curve::point::EncodedOps =
    crate::curve::point::EncodedOps { add: ed25519_add, sub: ed25519_sub, mul_base: ed25519_mul_base };

fn ed25519_add(p: &[u8; 32], q: &[u8; 32]) -> Option<[u8; 32]> {
    ed25519_binary(ffi::crypto_core_ed25519_add, p, q)
}

fn ed25519_sub(p: &[u8; 32], q: &[u8; 32]) -> Option<[u8; 32]> {
    ed25519_binary(ffi::crypto_core_ed25519_sub, p, q)
}

/// `op(out, p, q)`, libsodium's shape for the group operations; `None` for
/// its -1 (an input that is not a point).
fn ed25519_binary(op: unsafe extern "C" fn(*mut u8, *const u8, *const u8) -> core::ffi::c_int, p: &[u8; 32], q: &[u8; 32]) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    // SAFETY: three 32-byte buffers, as both operations take.
    let rc = unsafe { op(out.as_mut_ptr(), p.as_ptr(), q.as_ptr()) };
    (rc == 0).then_some(out)
}

/// `scalar · B` for a scalar below 2^255. libsodium writes the product
/// before it answers -1 for the identity or a zero scalar, so the answer is
/// not needed here: the callers decide about the identity themselves.
fn ed25519_mul_base(scalar: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: two 32-byte buffers.
    unsafe { ffi::crypto_scalarmult_ed25519_base_noclamp(out.as_mut_ptr(), scalar.as_ptr()) };
    out
}

/// Ed25519 signature (`crypto_sign_ed25519_detached`, RFC 8032 §5.1.6,
/// deterministic) with the 64-byte `seed ‖ public key`. libsodium signs with
/// the public half as given; the caller's key guarantees it matches the seed.
pub(crate) fn ed25519_sign(keypair: &[u8; 64], message: &[u8]) -> [u8; 64] {
    let mut signature = [0u8; 64];
    // SAFETY: a 64-byte signature buffer, `message.len()` readable bytes, a
    // 64-byte key; the length pointer may be null.
    unsafe {
        ffi::crypto_sign_ed25519_detached(signature.as_mut_ptr(), core::ptr::null_mut(), message.as_ptr(), message.len() as u64, keypair.as_ptr())
    };
    signature
}

/// Ed25519 `seed ‖ public key` for a 32-byte seed
/// (`crypto_sign_ed25519_seed_keypair`, RFC 8032 §5.1.5).
pub(crate) fn ed25519_seed_keypair(seed: &[u8; 32]) -> zeroize::Zeroizing<[u8; 64]> {
    let mut keypair = zeroize::Zeroizing::new([0u8; 64]);
    let mut public_key = [0u8; 32];
    // SAFETY: a 32-byte public key, a 64-byte secret key, a 32-byte seed.
    unsafe { ffi::crypto_sign_ed25519_seed_keypair(public_key.as_mut_ptr(), keypair.as_mut_ptr(), seed.as_ptr()) };
    keypair
}
