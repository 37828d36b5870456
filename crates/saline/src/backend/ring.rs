//! ring backends: AES-128-GCM, AES-256-GCM and ChaCha20-Poly1305 (ring 0.17,
//! BoringSSL's assembly; AES-NI, VAES/VPCLMULQDQ, AVX2 chosen at run time).
//! ring has no AES-192-GCM (the AEAD registry takes it to AWS-LC, or to
//! RustCrypto) and no XChaCha20-Poly1305 API (`ring+openssl-asm` runs
//! ring's ChaCha20-Poly1305 under HChaCha20's subkey, `aead/mod.rs`).

use core::mem::MaybeUninit;

use ring::aead::{Aad, LessSafeKey, Nonce, Tag, UnboundKey, AES_128_GCM, AES_256_GCM, CHACHA20_POLY1305};
use zeroize::Zeroize;

/// Whether ring's AES-GCM runs its VAES/VPCLMULQDQ AVX2 code on this CPU:
/// ring's own test in `aes_gcm::DynKey::new` (AES-NI, PCLMULQDQ, AVX, VAES,
/// VPCLMULQDQ, AVX2; ring 0.17.14).
#[cfg(target_arch = "x86_64")]
pub(crate) fn aes_gcm_vaes_avx2() -> bool {
    std::is_x86_feature_detected!("aes")
        && std::is_x86_feature_detected!("pclmulqdq")
        && std::is_x86_feature_detected!("avx")
        && std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("vaes")
        && std::is_x86_feature_detected!("vpclmulqdq")
}

/// A ring AEAD key whose schedule is wiped on drop (ring does not wipe its
/// keys; they are plain arrays with no heap part and no `Drop`, checked below).
pub(crate) struct AeadKey(MaybeUninit<LessSafeKey>);

// The wipe overwrites the key's bytes and never drops it: only sound while
// ring's key owns nothing.
const _: () = assert!(!core::mem::needs_drop::<LessSafeKey>());

impl AeadKey {
    /// AES-GCM for a 16- or 32-byte key, ChaCha20-Poly1305 for `chacha`.
    /// `None` for a key length ring does not take (AES-192).
    pub(crate) fn new(key: &[u8], chacha: bool) -> Option<AeadKey> {
        let algorithm = match (chacha, key.len()) {
            (true, 32) => &CHACHA20_POLY1305,
            (false, 16) => &AES_128_GCM,
            (false, 32) => &AES_256_GCM,
            _ => return None,
        };
        let key = UnboundKey::new(algorithm, key).ok()?;
        Some(AeadKey(MaybeUninit::new(LessSafeKey::new(key))))
    }

    fn key(&self) -> &LessSafeKey {
        // SAFETY: initialised in `new`; wiped only in `drop`.
        unsafe { self.0.assume_init_ref() }
    }

    /// Encrypts `buf` in place; `None` past the algorithm's length limit.
    pub(crate) fn seal(&self, nonce: &[u8; 12], aad: &[u8], buf: &mut [u8]) -> Option<[u8; 16]> {
        let tag = self.key().seal_in_place_separate_tag(Nonce::assume_unique_for_key(*nonce), Aad::from(aad), buf).ok()?;
        tag.as_ref().try_into().ok()
    }

    /// Checks the tag and decrypts in place. ring decrypts while it
    /// authenticates and zeroes `buf` on a wrong tag; with `keep_ciphertext`
    /// it works on a copy (wiped after) so that a rejected `buf` still holds
    /// the ciphertext, as Saline's AEAD contract says.
    pub(crate) fn open(&self, nonce: &[u8; 12], aad: &[u8], buf: &mut [u8], tag: &[u8; 16], keep_ciphertext: bool) -> bool {
        super::open_keeping_ciphertext(buf, keep_ciphertext, |data| {
            self.key()
                .open_in_place_separate_tag(Nonce::assume_unique_for_key(*nonce), Aad::from(aad), Tag::from(*tag), data, 0..)
                .is_ok()
        })
    }
}

impl Drop for AeadKey {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
