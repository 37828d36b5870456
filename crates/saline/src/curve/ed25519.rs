//! Ed25519 signatures (RFC 8032 §5.1) in the shape of Go's
//! `x/crypto/ed25519`, over `ed25519-dalek` and `curve25519-dalek`.
//!
//! Verification has two documented modes ([`VerifyMode`]):
//! * [`VerifyMode::Strict`] (the default) accepts and rejects exactly what
//!   libsodium's `crypto_sign_verify_detached` does: S must be canonical
//!   (S < L), the public key must be a canonical encoding (y < p) and neither
//!   it nor R may have small order, and the cofactorless equation
//!   `[S]B = R + [k]A` must hold with R compared as bytes.
//! * [`VerifyMode::Zip215`] follows ZIP-215 (Zcash): S canonical, any
//!   encodings of A and R that decode (non-canonical y allowed), small-order
//!   points allowed, and the cofactored equation `[8][S]B = [8]R + [8][k]A`.
//!   Batch and single verification agree in this mode, which is why
//!   consensus systems use it.
//!
//! ```
//! use saline::curve::ed25519::{SigningKey, verify};
//! let key = SigningKey::from_seed(&[7u8; 32])?;
//! let sig = key.sign(b"message");
//! verify(&key.public_key(), b"message", &sig)?;
//! assert!(verify(&key.public_key(), b"massage", &sig).is_err());
//! # Ok::<(), saline::Error>(())
//! ```

use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::IsIdentity;
use crate::hash::sha2_core::Sha512;
use digest::Digest;
use zeroize::Zeroizing;

use crate::backend::{Backend, Registry};
use crate::cipher::fixed;
use crate::error::{Error, Expected, Result};

/// Ed25519 signing ([`SigningKey::sign`]; verification stays on dalek's
/// `verify_strict` for libsodium's exact rules). Every backend gives the same
/// bytes: RFC 8032 signatures are deterministic.
///
/// A signature costs one fixed-base multiplication and two SHA-512 passes
/// over the message. libsodium's multiplication is faster than dalek's
/// portable one and RustCrypto's SHA-512 (AVX2, chosen at run time) faster
/// than libsodium's, so `libsodium+dalek` signs messages up to
/// [`SIGN_SHORT_MESSAGE`] bytes with libsodium and longer ones with dalek;
/// `aws-lc+dalek`, the default, does the same with AWS-LC up to
/// [`AWSLC_SIGN_SHORT_MESSAGE`].
/// Thread CPU time per signature (docs/DEPENDENCIES.md), dalek/libsodium:
/// 13.5/11.0 µs at 32 B, 16.0/14.0 µs at 1 KiB, 23.0/22.4 µs at 4 KiB,
/// 50.5/56.7 µs at 16 KiB, 2.33/2.86 ms at 1 MiB.
pub(crate) static ED25519_SIGN_BACKENDS: Registry<SignFn> = Registry::new(
    "ed25519-sign",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("aws-lc+dalek", awslc_then_dalek_sign),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("aws-lc", awslc_sign),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend { name: "libsodium+dalek", usable: crate::backend::libsodium::usable, entry: libsodium_then_dalek_sign },
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend { name: "libsodium", usable: crate::backend::libsodium::usable, entry: libsodium_sign },
        Backend::portable("dalek", dalek_sign),
    ],
);

/// Ed25519 key pairs as bytes (`seed ‖ public key`, RFC 8032 §5.1.5): what
/// a native [`SigningKey`] is built from and keeps, and what the NaCl- and
/// libsodium-shaped APIs ([`crate::nacl::sign::KeyPair`],
/// `crypto_sign_seed_keypair`) return. The same fixed-base multiplication as
/// signing; thread CPU time, AWS-LC/libsodium/dalek: 4.8/10.2/12.4 µs
/// (docs/DEPENDENCIES.md). Builds with dalek alone build a dalek `SigningKey`
/// directly instead (see [`SigningKey`]).
pub(crate) static ED25519_KEYPAIR_BACKENDS: Registry<KeypairFn> = Registry::new(
    "ed25519-keypair",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("aws-lc", crate::backend::awslc::ed25519_seed_keypair),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend { name: "libsodium", usable: crate::backend::libsodium::usable, entry: crate::backend::libsodium::ed25519_seed_keypair },
        Backend::portable("dalek", dalek_keypair),
    ],
);

/// `keypair(seed) -> seed ‖ public key`.
type KeypairFn = fn(&[u8; 32]) -> Zeroizing<[u8; 64]>;

fn dalek_keypair(seed: &[u8; 32]) -> Zeroizing<[u8; 64]> {
    Zeroizing::new(ed25519_dalek::SigningKey::from_bytes(seed).to_keypair_bytes())
}

/// The 64-byte private key `seed ‖ public key` of a 32-byte seed, as
/// [`SigningKey::from_seed`] then [`SigningKey::to_private_key`] would give,
/// through [`ED25519_KEYPAIR_BACKENDS`].
///
/// # Errors
/// [`Error::InvalidLength`] if `seed` is not 32 bytes.
pub(crate) fn private_key_from_seed(seed: &[u8]) -> Result<Zeroizing<[u8; 64]>> {
    Ok((ED25519_KEYPAIR_BACKENDS.get())(fixed("seed", seed)?))
}

/// `sign(key, message) -> R ‖ S`.
type SignFn = fn(&SigningKey, &[u8]) -> [u8; 64];

/// The longest message the `libsodium+dalek` backend signs with libsodium
/// (the measured crossover is between 4 and 16 KiB).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) const SIGN_SHORT_MESSAGE: usize = 4096;

/// dalek's `SigningKey::sign`, with the message hashed by
/// `hash::sha2_core::Sha512` (the SHA-512 registry on x86-64 Linux).
fn dalek_sign(key: &SigningKey, message: &[u8]) -> [u8; 64] {
    // RFC 8032 §5.1.5: the expanded key is SHA-512(seed), wiped on drop.
    let expanded = ed25519_dalek::hazmat::ExpandedSecretKey::from(key.seed_bytes());
    ed25519_dalek::hazmat::raw_sign::<Sha512>(&expanded, message, &key.dalek_verifying_key()).to_bytes()
}

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn libsodium_sign(key: &SigningKey, message: &[u8]) -> [u8; 64] {
    crate::backend::libsodium::ed25519_sign(&key.keypair, message)
}

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn awslc_sign(key: &SigningKey, message: &[u8]) -> [u8; 64] {
    crate::backend::awslc::ed25519_sign(&key.keypair, message)
}

/// The longest message the `aws-lc+dalek` backend signs with AWS-LC: above
/// it, dalek's hashing (the SHA-512 registry's, faster than AWS-LC's own)
/// outweighs AWS-LC's faster fixed-base multiplication. Measured here
/// (µs per signature with a built key, AWS-LC/dalek, dalek's path decoding
/// the stored public key): with OpenSSL's SHA-512 assembly 14.4/21.9 at
/// 4 KiB, 23.5/28.9 at 8 KiB, 32.6/35.7 at 12 KiB, 41.9/42.4 at 16 KiB,
/// 59.8/55.8 at 24 KiB, 78.0/69.1 at 32 KiB; with RustCrypto's SHA-512
/// (other targets) the crossover was 64 KiB.
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
pub(crate) const AWSLC_SIGN_SHORT_MESSAGE: usize = 16 * 1024;
#[cfg(all(feature = "std", not(target_arch = "wasm32"), not(all(target_arch = "x86_64", target_os = "linux"))))]
pub(crate) const AWSLC_SIGN_SHORT_MESSAGE: usize = 64 * 1024;

/// Signs with `short` up to `limit` bytes of message and with dalek above:
/// the rule of the combined `…+dalek` backends.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn short_then_dalek(limit: usize, short: SignFn, key: &SigningKey, message: &[u8]) -> [u8; 64] {
    if message.len() <= limit {
        short(key, message)
    } else {
        dalek_sign(key, message)
    }
}

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn awslc_then_dalek_sign(key: &SigningKey, message: &[u8]) -> [u8; 64] {
    short_then_dalek(AWSLC_SIGN_SHORT_MESSAGE, awslc_sign, key, message)
}

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn libsodium_then_dalek_sign(key: &SigningKey, message: &[u8]) -> [u8; 64] {
    short_then_dalek(SIGN_SHORT_MESSAGE, libsodium_sign, key, message)
}

/// Public key length.
pub const PUBLIC_KEY_LEN: usize = 32;
/// Private key length: seed ‖ public key, as in Go, libsodium and TweetNaCl.
pub const PRIVATE_KEY_LEN: usize = 64;
/// Seed length (RFC 8032's "private key").
pub const SEED_LEN: usize = 32;
/// Signature length: R ‖ S.
pub const SIGNATURE_LEN: usize = 64;

/// How [`verify_with`] decides validity; see the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VerifyMode {
    /// libsodium's rules (RFC 8032 with canonical S, canonical A, no small-order A or R).
    #[default]
    Strict,
    /// ZIP-215's rules (cofactored, non-canonical encodings accepted).
    Zip215,
}

/// An Ed25519 signing key. Its secrets are wiped on drop.
///
/// What it holds depends on the build, so that building one costs a single
/// fixed-base multiplication by the fastest code there:
/// * native `std` builds: the 64 bytes `seed ‖ public key` from
///   the `ed25519-keypair` registry (AWS-LC by default, 4.8 µs against
///   dalek's 11.8), which AWS-LC and libsodium sign with as they are; dalek's
///   path (long messages, or forced) decodes the public key for
///   `raw_sign` (a square root, paid only there).
/// * builds with dalek alone (WebAssembly, no_std): the seed and dalek's
///   decoded public point, which dalek computes, so that signing decodes
///   nothing (and which a checked 64-byte key can be rebuilt from without
///   a multiplication: `checked_key_cache`).
#[derive(Clone)]
pub struct SigningKey {
    /// `seed ‖ public key`, wiped on drop (`Zeroizing`).
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    keypair: Zeroizing<[u8; 64]>,
    /// The seed, wiped on drop.
    #[cfg(not(all(feature = "std", not(target_arch = "wasm32"))))]
    seed: Zeroizing<[u8; 32]>,
    /// The public key, decoded (public: not wiped).
    #[cfg(not(all(feature = "std", not(target_arch = "wasm32"))))]
    verifying_key: ed25519_dalek::VerifyingKey,
}

/// Native `std` builds: the key pair bytes of the selected key-pair backend.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
impl SigningKey {
    fn from_seed_bytes(seed: &[u8; 32]) -> SigningKey {
        SigningKey { keypair: (ED25519_KEYPAIR_BACKENDS.get())(seed) }
    }

    fn seed_bytes(&self) -> &[u8; 32] {
        self.keypair[..32].try_into().expect("32 bytes")
    }

    fn public_key_bytes(&self) -> [u8; 32] {
        self.keypair[32..].try_into().expect("32 bytes")
    }

    fn keypair_bytes(&self) -> Zeroizing<[u8; 64]> {
        self.keypair.clone()
    }

    /// The public key as dalek's type, for `raw_sign`, which hashes its
    /// encoding (RFC 8032 §5.1.6 step 4) but can take it only decoded.
    fn dalek_verifying_key(&self) -> ed25519_dalek::VerifyingKey {
        // Never fails: the public half is a key-pair backend's output for the
        // seed (from_private_key refuses any other), the encoding of a point.
        ed25519_dalek::VerifyingKey::from_bytes(&self.public_key_bytes()).expect("a public key computed from its seed decodes")
    }
}

/// Builds with dalek alone: dalek's `SigningKey`.
#[cfg(not(all(feature = "std", not(target_arch = "wasm32"))))]
impl SigningKey {
    fn from_seed_bytes(seed: &[u8; 32]) -> SigningKey {
        let verifying_key = checked_key_cache::public_point(seed).unwrap_or_else(|| {
            // dalek's key wipes its seed and expanded key when dropped here.
            let verifying_key = ed25519_dalek::SigningKey::from_bytes(seed).verifying_key();
            checked_key_cache::remember(seed, verifying_key);
            verifying_key
        });
        SigningKey { seed: Zeroizing::new(*seed), verifying_key }
    }

    fn seed_bytes(&self) -> &[u8; 32] {
        &self.seed
    }

    fn public_key_bytes(&self) -> [u8; 32] {
        self.verifying_key.to_bytes()
    }

    fn keypair_bytes(&self) -> Zeroizing<[u8; 64]> {
        let mut keypair = Zeroizing::new([0u8; 64]);
        keypair[..32].copy_from_slice(&self.seed[..]);
        keypair[32..].copy_from_slice(self.verifying_key.as_bytes());
        keypair
    }

    fn dalek_verifying_key(&self) -> ed25519_dalek::VerifyingKey {
        self.verifying_key
    }
}

impl SigningKey {
    /// The key for a 32-byte seed (Go's `NewKeyFromSeed`).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] if `seed` is not 32 bytes.
    pub fn from_seed(seed: &[u8]) -> Result<SigningKey> {
        Ok(SigningKey::from_seed_bytes(fixed("seed", seed)?))
    }

    /// A key from a random seed (Go's `GenerateKey`).
    ///
    /// # Errors
    /// [`Error::RandomSource`] if randomness is unavailable.
    pub fn generate() -> Result<SigningKey> {
        SigningKey::from_seed(&Zeroizing::new(crate::random::array::<32>()?)[..])
    }

    /// The key for a 64-byte private key `seed ‖ public key`.
    ///
    /// The public half must be the one the seed derives: libsodium and
    /// TweetNaCl would sign with a mismatched half and leak the key to
    /// anyone who can obtain two such signatures, so Saline refuses it.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] if not 64 bytes; [`Error::InvalidEncoding`] if
    /// the public half does not match the seed.
    ///
    /// The check costs a fixed-base multiplication, as much as the signature
    /// itself, so the last key that passed it on this thread is remembered
    /// ([`clear_key_cache`] forgets it): the same 64 bytes again, compared in
    /// constant time, give the checked key without recomputing it.
    pub fn from_private_key(private_key: &[u8]) -> Result<SigningKey> {
        let bytes: &[u8; 64] = fixed("secret key", private_key)?;
        if let Some(key) = checked_key_cache::get(bytes) {
            return Ok(key);
        }
        let key = SigningKey::from_seed(&bytes[..32])?;
        if key.public_key() != bytes[32..] {
            return Err(Error::InvalidEncoding {
                what: "secret key",
                reason: "its last 32 bytes are not the public key of its first 32 (the seed)",
            });
        }
        checked_key_cache::put(bytes, &key);
        Ok(key)
    }

    /// The 32-byte public key.
    pub fn public_key(&self) -> [u8; 32] {
        self.public_key_bytes()
    }

    /// The 32-byte seed (Go's `PrivateKey.Seed`).
    pub fn seed(&self) -> Zeroizing<[u8; 32]> {
        Zeroizing::new(*self.seed_bytes())
    }

    /// The 64-byte private key `seed ‖ public key`.
    pub fn to_private_key(&self) -> Zeroizing<[u8; 64]> {
        self.keypair_bytes()
    }

    /// Signs `message` (RFC 8032 §5.1.6; deterministic).
    pub fn sign(&self, message: &[u8]) -> [u8; 64] {
        (ED25519_SIGN_BACKENDS.get())(self, message)
    }

    /// The X25519 secret key for the same identity (libsodium's
    /// `crypto_sign_ed25519_sk_to_curve25519`): SHA-512(seed)[0..32], clamped.
    pub fn to_x25519_secret_key(&self) -> Zeroizing<[u8; 32]> {
        seed_to_x25519(self.seed_bytes())
    }
}

/// Forgets the 64-byte private key that [`SigningKey::from_private_key`]
/// last checked on the calling thread, wiping the copy it kept. Other threads'
/// copies are wiped when those threads exit (or by their own call).
///
/// Only a caller that is done signing with a key it wants gone from memory
/// needs this: the next 64-byte key replaces (and wipes) the copy anyway.
/// WebAssembly keeps no copy, only a one-way commitment to the last seed with
/// its public point, which this forgets; other no_std builds keep nothing.
pub fn clear_key_cache() {
    checked_key_cache::clear();
}

/// The last 64-byte private key that passed [`SigningKey::from_private_key`]'s
/// check, per thread, with the key it gave (docs/DESIGN.md, "Ed25519
/// signing from a 64-byte key").
///
/// Every binding signs from the 64 raw bytes on each call (saline-ops
/// `signing_key`), so one key signing many messages would pay the check's
/// fixed-base multiplication on every signature; with this it pays it once.
/// Only keys that passed the check are remembered, and a hit needs all 64
/// bytes equal, so a mismatched public half can never be served from here.
///
/// Native std builds keep the bytes and the key, one entry per thread
/// (`thread_local!`, wiped when the thread exits: `Zeroizing` bytes, and a
/// [`SigningKey`] that wipes its own). WebAssembly keeps no secret between
/// calls (its linear memory is an ArrayBuffer any script holding the
/// `Memory` can read: DESIGN.md "WebAssembly memory hygiene"), so there the
/// entry is a one-way commitment to the seed and its public point: a hit
/// rebuilds the key from the caller's seed and the stored point, for a
/// 64-byte key whose public half is that point, and for the bare seed.
/// no_std builds on other targets keep nothing and always check.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
mod checked_key_cache {
    use core::cell::RefCell;

    use subtle::ConstantTimeEq;
    use zeroize::Zeroizing;

    use super::SigningKey;

    struct Entry {
        private_key: Zeroizing<[u8; 64]>,
        key: SigningKey,
    }

    std::thread_local! {
        static LAST_CHECKED: RefCell<Option<Entry>> = const { RefCell::new(None) };
    }

    /// The checked key for `private_key` if it is the one stored. The 64
    /// bytes are compared in constant time; whether they matched (a hit is
    /// faster) tells only that the key is the one this thread used last.
    /// `None` also during thread teardown, after the slot was dropped.
    pub(super) fn get(private_key: &[u8; 64]) -> Option<SigningKey> {
        LAST_CHECKED
            .try_with(|slot| {
                let slot = slot.try_borrow().ok()?;
                let entry = slot.as_ref()?;
                bool::from(entry.private_key[..].ct_eq(&private_key[..])).then(|| entry.key.clone())
            })
            .ok()
            .flatten()
    }

    /// Stores a key that passed the check, wiping the one it replaces.
    pub(super) fn put(private_key: &[u8; 64], key: &SigningKey) {
        let _ = LAST_CHECKED.try_with(|slot| {
            if let Ok(mut slot) = slot.try_borrow_mut() {
                // Copied into place, not through a temporary left on the stack.
                let mut stored = Zeroizing::new([0u8; 64]);
                stored.copy_from_slice(private_key);
                *slot = Some(Entry { private_key: stored, key: key.clone() });
            }
        });
    }

    pub(super) fn clear() {
        let _ = LAST_CHECKED.try_with(|slot| {
            if let Ok(mut slot) = slot.try_borrow_mut() {
                *slot = None;
            }
        });
    }
}

/// WebAssembly (single-threaded: no `atomics`): a commitment, not the key.
/// The entry is the last seed's commitment, SHA-512 of a domain label and
/// the seed truncated to 32 bytes, with its public point. The commitment is
/// one-way, so memory that holds it reveals nothing of a 256-bit seed; a
/// lookup costs one SHA-512 block (about 1 µs, against the ~20 µs
/// multiplication it saves). It serves 32-byte seeds too, the form the
/// noble-shaped JS API signs with: the point is a function of the seed.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod checked_key_cache {
    use core::cell::UnsafeCell;

    use digest::Digest;
    use ed25519_dalek::VerifyingKey;
    use subtle::ConstantTimeEq;
    use zeroize::Zeroizing;

    use super::{Sha512, SigningKey};

    struct Entry {
        commitment: [u8; 32],
        verifying_key: VerifyingKey,
    }

    struct Slot(UnsafeCell<Option<Entry>>);
    // SAFETY: wasm32 without the atomics feature runs one thread, and no
    // function below calls out while it holds the reference it takes.
    unsafe impl Sync for Slot {}

    static LAST_CHECKED: Slot = Slot(UnsafeCell::new(None));

    fn slot() -> &'static mut Option<Entry> {
        // SAFETY: see `Slot`; each caller takes it once and lets it go.
        unsafe { &mut *LAST_CHECKED.0.get() }
    }

    fn commitment(seed: &[u8; 32]) -> [u8; 32] {
        let digest = Sha512::new().chain_update(b"saline: the seed of a remembered Ed25519 key\0").chain_update(seed).finalize();
        digest[..32].try_into().expect("32 of 64 bytes")
    }

    /// The public point of `seed` if it is the remembered seed (commitments
    /// compared in constant time).
    pub(super) fn public_point(seed: &[u8; 32]) -> Option<VerifyingKey> {
        let entry = slot().as_ref()?;
        bool::from(entry.commitment.ct_eq(&commitment(seed))).then_some(entry.verifying_key)
    }

    /// Remembers `seed`'s public point, computed by the caller.
    pub(super) fn remember(seed: &[u8; 32], verifying_key: VerifyingKey) {
        *slot() = Some(Entry { commitment: commitment(seed), verifying_key });
    }

    /// The key for a 64-byte private key whose seed is the remembered one
    /// and whose public half is that seed's point (both compared in
    /// constant time): the caller's seed with the stored point.
    pub(super) fn get(private_key: &[u8; 64]) -> Option<SigningKey> {
        let seed: &[u8; 32] = private_key[..32].try_into().expect("32 of 64 bytes");
        let verifying_key = public_point(seed)?;
        bool::from(verifying_key.as_bytes().ct_eq(&private_key[32..]))
            .then(|| SigningKey { seed: Zeroizing::new(*seed), verifying_key })
    }

    /// Nothing to do: the key that passed the check was built by
    /// `from_seed_bytes`, which remembered its seed and point already.
    pub(super) fn put(_private_key: &[u8; 64], _key: &SigningKey) {}

    pub(super) fn clear() {
        *slot() = None;
    }
}

/// Other no_std builds: nothing kept, every key computed and every 64-byte
/// key checked.
#[cfg(not(any(all(feature = "std", not(target_arch = "wasm32")), all(target_arch = "wasm32", not(target_feature = "atomics")))))]
mod checked_key_cache {
    use super::SigningKey;

    pub(super) fn public_point(_seed: &[u8; 32]) -> Option<ed25519_dalek::VerifyingKey> {
        None
    }

    pub(super) fn remember(_seed: &[u8; 32], _verifying_key: ed25519_dalek::VerifyingKey) {}

    pub(super) fn get(_private_key: &[u8; 64]) -> Option<SigningKey> {
        None
    }

    pub(super) fn put(_private_key: &[u8; 64], _key: &SigningKey) {}

    pub(super) fn clear() {}
}

impl core::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SigningKey").field("public_key", &self.public_key()).finish_non_exhaustive()
    }
}

/// SHA-512 of secret input into a buffer that is wiped on drop.
pub(crate) fn sha512_secret(data: &[u8]) -> Zeroizing<[u8; 64]> {
    let mut out = Zeroizing::new([0u8; 64]);
    Sha512::new().chain_update(data).finalize_into((&mut out[..]).into());
    out
}

/// Verifies `signature` on `message` under `public_key` with
/// [`VerifyMode::Strict`] (libsodium's rules).
///
/// # Errors
/// [`Error::InvalidLength`] for a public key that is not 32 bytes or a
/// signature that is not 64; [`Error::VerificationFailed`] otherwise.
pub fn verify(public_key: &[u8], message: &[u8], signature: &[u8]) -> Result<()> {
    verify_with(public_key, message, signature, VerifyMode::Strict)
}

/// Verifies with an explicit [`VerifyMode`]. Variable time: everything it
/// handles is public.
///
/// # Errors
/// As [`verify`].
pub fn verify_with(public_key: &[u8], message: &[u8], signature: &[u8], mode: VerifyMode) -> Result<()> {
    let public_key: &[u8; 32] = fixed("public key", public_key)?;
    let signature: &[u8; 64] = fixed("signature", signature)?;
    let valid = match mode {
        VerifyMode::Strict => (ED25519_VERIFY_BACKENDS.get())(public_key, message, signature),
        VerifyMode::Zip215 => verify_zip215(public_key, message, signature),
    };
    if valid {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// Strict verification ([`VerifyMode::Strict`], libsodium's rules): AWS-LC's
/// natively (s2n-bignum's double-scalar multiplication, formally verified)
/// up to [`AWSLC_VERIFY_SHORT_MESSAGE`] bytes, where its fixed cost wins,
/// and dalek's `verify_strict` rules above (its SHA-512 is the registry's,
/// faster than AWS-LC's own) and on every other target. bench/rust, 32
/// bytes: 37 → 24-26 µs (libsodium 34). Every backend decides exactly as
/// libsodium's `crypto_sign_verify_detached`; `tests/backends.rs` and the
/// fuzz target hold them to each other on forged, non-canonical and
/// small-order inputs.
pub(crate) static ED25519_VERIFY_BACKENDS: Registry<VerifyFn> = Registry::new(
    "ed25519-verify",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("aws-lc+dalek", verify_strict_awslc_then_dalek),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("aws-lc", verify_strict_awslc),
        Backend::portable("dalek", verify_strict),
    ],
);

/// `verify(public key, message, signature) -> valid`.
type VerifyFn = fn(&[u8; 32], &[u8], &[u8; 64]) -> bool;

/// The longest message `aws-lc+dalek` verifies with AWS-LC. One SHA-512
/// pass over the message against AWS-LC's faster double-scalar
/// multiplication (about 12 µs less); measured here, µs per verification
/// AWS-LC/dalek, on a machine busy with a CI run: with OpenSSL's SHA-512
/// assembly 44/51 at 16 KiB, 53/58 at 24 KiB, 62/65 at 32 KiB, 83/80 at
/// 48 KiB, 101/92 at 64 KiB; with RustCrypto's SHA-512 (other targets)
/// 62/72 at 32 KiB, 99/109 at 64 KiB, 161/140 at 96 KiB.
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
const AWSLC_VERIFY_SHORT_MESSAGE: usize = 32 * 1024;
#[cfg(all(feature = "std", not(target_arch = "wasm32"), not(all(target_arch = "x86_64", target_os = "linux"))))]
const AWSLC_VERIFY_SHORT_MESSAGE: usize = 64 * 1024;

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn verify_strict_awslc_then_dalek(public_key: &[u8; 32], message: &[u8], signature: &[u8; 64]) -> bool {
    if message.len() <= AWSLC_VERIFY_SHORT_MESSAGE {
        verify_strict_awslc(public_key, message, signature)
    } else {
        verify_strict(public_key, message, signature)
    }
}

/// libsodium's rules on top of AWS-LC's `ED25519_verify`. AWS-LC rejects
/// S ≥ L, a public key that does not decode (s2n-bignum's decoder also
/// refuses y ≥ p) and any R other than the encoding of the computed
/// [S]B − [k]A; it accepts keys and R of small order, which libsodium
/// refuses, and its portable decoder (platforms without s2n-bignum) reduces
/// y ≥ p. [`libsodium_encoding_rules`] come first.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn verify_strict_awslc(public_key: &[u8; 32], message: &[u8], signature: &[u8; 64]) -> bool {
    libsodium_encoding_rules(public_key, signature) && crate::backend::awslc::ed25519_verify(public_key, message, signature)
}

/// The rules of libsodium's `crypto_sign_verify_detached` that look at
/// the encodings alone: neither R nor A of small order (its list, below)
/// and A canonical (y < p, `ge25519_is_canonical`). The rest, S < L and
/// the cofactorless equation with R compared as bytes, is the backend's.
/// A key or R that does not decode at all is refused there.
fn libsodium_encoding_rules(public_key: &[u8; 32], signature: &[u8; 64]) -> bool {
    let r: &[u8; 32] = signature[..32].try_into().expect("32 bytes");
    !has_small_order(r) && !has_small_order(public_key) && super::point::Point::has_canonical_y(public_key)
}

/// Whether `encoding` names a point of order 1, 2, 4 or 8, canonically or
/// not, with either sign bit: libsodium's `ge25519_has_small_order`
/// (ed25519_ref10.c), the same list. Variable time (keys and signatures
/// are public).
fn has_small_order(encoding: &[u8; 32]) -> bool {
    const fn y(low: &[u8]) -> [u8; 32] {
        let mut out = [0u8; 32];
        let mut i = 0;
        while i < low.len() {
            out[i] = low[i];
            i += 1;
        }
        out
    }
    // 2^255 − 1 − 0xff + low: p − 1, p and p + 1 for 0xec, 0xed and 0xee.
    const fn near_p(low: u8) -> [u8; 32] {
        let mut out = [0xff; 32];
        out[0] = low;
        out[31] = 0x7f;
        out
    }
    const SMALL_ORDER: [[u8; 32]; 7] = [
        y(&[0]),    // y = 0: order 4
        y(&[1]),    // y = 1: the identity
        y(&[0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05]), // order 8
        y(&[0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a]), // order 8
        near_p(0xec), // y = p − 1: order 2
        near_p(0xed), // y = p ≡ 0: order 4, not canonical
        near_p(0xee), // y = p + 1 ≡ 1: the identity, not canonical
    ];
    let mut y = *encoding;
    y[31] &= 0x7f;
    SMALL_ORDER.contains(&y)
}

fn verify_strict(public_key: &[u8; 32], message: &[u8], signature: &[u8; 64]) -> bool {
    // dalek's verify_strict (ed25519-dalek 2.2, verifying.rs) decodes R and
    // A and multiplies each by the cofactor to refuse small order, and
    // dalek accepts y ≥ p by reducing it. The byte tests give libsodium's
    // decisions without that: a square root and an inversion fewer (an R
    // that does not decode cannot equal the encoding `raw_verify` computes).
    // `raw_verify`, over `hash::sha2_core::Sha512`, checks S < L and the
    // cofactorless equation with R compared as bytes.
    if !libsodium_encoding_rules(public_key, signature) {
        return false;
    }
    let Ok(key) = ed25519_dalek::VerifyingKey::from_bytes(public_key) else {
        return false;
    };
    ed25519_dalek::hazmat::raw_verify::<Sha512>(&key, message, &ed25519_dalek::Signature::from_bytes(signature)).is_ok()
}

#[allow(non_snake_case)]
fn verify_zip215(public_key: &[u8; 32], message: &[u8], signature: &[u8; 64]) -> bool {
    let R_bytes: [u8; 32] = signature[..32].try_into().expect("32 bytes");
    let S_bytes: [u8; 32] = signature[32..].try_into().expect("32 bytes");
    let Some(S) = Option::<Scalar>::from(Scalar::from_canonical_bytes(S_bytes)) else {
        return false;
    };
    let (Some(A), Some(R)) = (CompressedEdwardsY(*public_key).decompress(), CompressedEdwardsY(R_bytes).decompress())
    else {
        return false;
    };
    // k = SHA-512(R ‖ A ‖ M) over the encodings as given (ZIP-215 rule 3).
    let k = Scalar::from_hash(Sha512::new().chain_update(R_bytes).chain_update(public_key).chain_update(message));
    let check = curve25519_dalek::EdwardsPoint::vartime_double_scalar_mul_basepoint(&k, &-A, &S) - R;
    check.mul_by_cofactor().is_identity()
}

/// The X25519 public key of an Ed25519 public key (libsodium's
/// `crypto_sign_ed25519_pk_to_curve25519`): u = (1 + y) / (1 − y).
///
/// Like libsodium, rejects keys that do not decode, have small order, or lie
/// outside the prime-order subgroup.
///
/// # Errors
/// [`Error::InvalidLength`] if not 32 bytes; [`Error::InvalidEncoding`] for a
/// rejected key.
pub fn public_key_to_x25519(public_key: &[u8]) -> Result<[u8; 32]> {
    let bytes: &[u8; 32] = fixed("public key", public_key)?;
    let point = CompressedEdwardsY(*bytes)
        .decompress()
        .ok_or(Error::InvalidEncoding { what: "public key", reason: "not a point on Edwards25519" })?;
    if point.is_small_order() {
        return Err(Error::InvalidEncoding { what: "public key", reason: "a point of small order" });
    }
    if !is_torsion_free_public(&point) {
        return Err(Error::InvalidEncoding { what: "public key", reason: "not in the prime-order subgroup" });
    }
    Ok(point.to_montgomery().to_bytes())
}

/// Whether a public point lies in the prime-order subgroup: [L]P = O, asked
/// as [L − 1]P = −P, because L − 1 is a reduced scalar and dalek's
/// variable-time double-base product (width-5 NAF, no constant-time table
/// scans) computes it, where `is_torsion_free` runs a constant-time
/// variable-base multiplication. libsodium's `ge25519_is_on_main_subgroup`
/// is variable-time too. Only for points that are public (keys).
fn is_torsion_free_public(point: &curve25519_dalek::EdwardsPoint) -> bool {
    let l_minus_one = -Scalar::ONE;
    curve25519_dalek::EdwardsPoint::vartime_double_scalar_mul_basepoint(&l_minus_one, point, &Scalar::ZERO) == -point
}

/// The X25519 secret key of an Ed25519 secret key given as its 32-byte seed
/// or as the 64-byte `seed ‖ public key` (only the seed is used, as in
/// libsodium's `crypto_sign_ed25519_sk_to_curve25519`).
///
/// # Errors
/// [`Error::InvalidLength`] unless 32 or 64 bytes.
pub fn secret_key_to_x25519(secret_key: &[u8]) -> Result<Zeroizing<[u8; 32]>> {
    Error::check_length("secret key", Expected::OneOf(&[32, 64]), secret_key.len())?;
    Ok(seed_to_x25519(secret_key[..32].try_into().expect("32 bytes")))
}

/// SHA-512(seed)[0..32], clamped (RFC 8032 §5.1.5 steps 1-2). Hashing the
/// seed directly skips the base-point multiplication a `SigningKey` would do.
fn seed_to_x25519(seed: &[u8; 32]) -> Zeroizing<[u8; 32]> {
    let digest = sha512_secret(seed);
    let mut out = Zeroizing::new([0u8; 32]);
    out.copy_from_slice(&digest[..32]);
    *out = curve25519_dalek::scalar::clamp_integer(*out);
    out
}
