//! X25519 Diffie-Hellman (RFC 7748 §5, §6.1) over `x25519-dalek`.
//!
//! ```
//! use saline::curve::x25519;
//! let alice = x25519::KeyPair::from_seed(&[1u8; 32])?;
//! let bob = x25519::KeyPair::from_seed(&[2u8; 32])?;
//! assert_eq!(
//!     x25519::shared_secret(alice.secret_key(), &bob.public_key)?,
//!     x25519::shared_secret(bob.secret_key(), &alice.public_key)?,
//! );
//! # Ok::<(), saline::Error>(())
//! ```

use zeroize::Zeroizing;

use crate::backend::{Backend, Registry};
use crate::cipher::fixed;
use crate::error::{Error, Result};

/// The X25519 ladder (`scalarmult`, hence `shared_secret` and box's
/// `before`): libsodium first (1.6x dalek's portable build in bench/rust,
/// docs/DEPENDENCIES.md), dalek after. Public keys from a secret key use a
/// fixed-base table instead, [`X25519_BASE_BACKENDS`].
pub(crate) static X25519_BACKENDS: Registry<X25519Fn> = Registry::new(
    "x25519",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("aws-lc", crate::backend::awslc::x25519),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend { name: "libsodium", usable: crate::backend::libsodium::usable, entry: crate::backend::libsodium::x25519 },
        Backend::portable("dalek", dalek_x25519),
    ],
);

/// `x25519(scalar, point) -> shared point`.
type X25519Fn = fn(&[u8; 32], &[u8; 32]) -> [u8; 32];

fn dalek_x25519(scalar: &[u8; 32], point: &[u8; 32]) -> [u8; 32] {
    x25519_dalek::x25519(*scalar, *point)
}

/// Public keys (`X25519(scalar, 9)`, [`public_key`]): both backends multiply
/// the Edwards base point with a precomputed table and map the result to
/// Montgomery form, several times faster than a ladder on u = 9. libsodium's
/// table code costs 10.0 µs of CPU against dalek's 12.3 µs here (1.23x;
/// thread CPU time, docs/DEPENDENCIES.md), so it comes first natively.
pub(crate) static X25519_BASE_BACKENDS: Registry<X25519BaseFn> = Registry::new(
    "x25519-base",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("aws-lc", crate::backend::awslc::x25519_base),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend { name: "libsodium", usable: crate::backend::libsodium::usable, entry: crate::backend::libsodium::x25519_base },
        Backend::portable("dalek", dalek_x25519_base),
    ],
);

/// `x25519_base(scalar) -> public key`.
type X25519BaseFn = fn(&[u8; 32]) -> [u8; 32];

fn dalek_x25519_base(scalar: &[u8; 32]) -> [u8; 32] {
    curve25519_dalek::MontgomeryPoint::mul_base_clamped(*scalar).to_bytes()
}

/// Length of keys and shared secrets.
pub const KEY_LEN: usize = 32;

/// The RFC 7748 scalar multiplication `X25519(scalar, u)`: clamps the
/// scalar (§5 decodeScalar25519), ignores the top bit of `u`, and performs
/// no check on the result. This is NaCl's `crypto_scalarmult`; prefer
/// [`shared_secret`], which rejects small-order peers. Constant time.
pub fn scalarmult(scalar: &[u8; 32], point: &[u8; 32]) -> [u8; 32] {
    (X25519_BACKENDS.get())(scalar, point)
}

/// The public key (`X25519(secret, 9)`) of a 32-byte secret key. Constant time.
///
/// Computed as the clamped scalar times the Edwards base point with a
/// precomputed table, then mapped to Montgomery form: the same value as the
/// ladder on u = 9, 4.8× faster in bench/rust's crypto_scalarmult_base row
/// ([`X25519_BASE_BACKENDS`]).
///
/// # Errors
/// [`Error::InvalidLength`] if `secret_key` is not 32 bytes.
pub fn public_key(secret_key: &[u8]) -> Result<[u8; 32]> {
    let secret: &[u8; 32] = fixed("secret key", secret_key)?;
    Ok((X25519_BASE_BACKENDS.get())(secret))
}

/// The shared secret between `secret_key` and a peer's `public_key`.
///
/// Like libsodium's `crypto_scalarmult`, an all-zero result — a peer key of
/// small order — is an error (RFC 7748 §6.1 allows the check; protocols that
/// need contributory behaviour require it). The zero check is constant time.
///
/// # Errors
/// [`Error::InvalidLength`] for inputs that are not 32 bytes;
/// [`Error::InvalidEncoding`] when the result is all zeros.
// Never inlined, so that the refusal's branch is always in a frame of this
// name: `make ct-check` excludes it by name (crates/saline-ct/
// known-variable-time.supp), and inlined into a caller it showed as an
// unnamed frame once unrelated code changed the inliner's choices. A call
// against a ~20 µs multiplication.
#[inline(never)]
pub fn shared_secret(secret_key: &[u8], public_key: &[u8]) -> Result<[u8; 32]> {
    let secret: &[u8; 32] = fixed("secret key", secret_key)?;
    let public: &[u8; 32] = fixed("public key", public_key)?;
    let shared = scalarmult(secret, public);
    if crate::ct_eq(&shared, &[0u8; 32]) {
        return Err(Error::InvalidEncoding {
            what: "public key",
            reason: "a point of small order: the shared secret would be all zeros",
        });
    }
    Ok(shared)
}

/// An X25519 key pair. The secret key is wiped on drop.
#[derive(Clone)]
pub struct KeyPair {
    secret_key: Zeroizing<[u8; 32]>,
    /// The public key.
    pub public_key: [u8; 32],
}

impl KeyPair {
    /// A key pair from 32 random bytes.
    ///
    /// # Errors
    /// [`Error::RandomSource`] if randomness is unavailable.
    pub fn generate() -> Result<KeyPair> {
        KeyPair::from_secret_key(&Zeroizing::new(crate::random::array::<32>()?)[..])
    }

    /// The key pair whose secret key is `secret_key` (any 32 bytes; clamping
    /// happens inside every scalar multiplication).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] if `secret_key` is not 32 bytes.
    pub fn from_secret_key(secret_key: &[u8]) -> Result<KeyPair> {
        let public_key = public_key(secret_key)?;
        Ok(KeyPair { secret_key: Zeroizing::new(*fixed("secret key", secret_key)?), public_key })
    }

    /// The key pair derived from a 32-byte seed as libsodium's
    /// `crypto_box_seed_keypair` does: secret key = SHA-512(seed)[0..32].
    ///
    /// # Errors
    /// [`Error::InvalidLength`] if `seed` is not 32 bytes.
    pub fn from_seed(seed: &[u8]) -> Result<KeyPair> {
        let seed: &[u8; 32] = fixed("seed", seed)?;
        KeyPair::from_secret_key(&super::ed25519::sha512_secret(seed)[..32])
    }

    /// The secret key.
    pub fn secret_key(&self) -> &[u8; 32] {
        &self.secret_key
    }
}

impl core::fmt::Debug for KeyPair {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KeyPair").field("public_key", &self.public_key).finish_non_exhaustive()
    }
}
