//! Password hashing and key derivation: Argon2id/i/d, bcrypt, PBKDF2,
//! scrypt and HKDF. Every function checks its parameters against the ranges
//! its documentation states before doing any work, so that no input can
//! exhaust memory or abort the process.

mod argon2;
#[cfg(any(feature = "std", target_arch = "wasm32"))]
mod argon2_rust;
mod bcrypt;
mod hkdf;
mod pbkdf2;
mod scrypt;

pub use self::argon2::{
    argon2, argon2_hash, argon2_hash_len, argon2_hash_with_salt, argon2_verify, argon2_verify_with_limits, Argon2Params, VerifyLimits as Argon2VerifyLimits,
    MAX_MEMORY_KIB as ARGON2_MAX_MEMORY_KIB,
};
pub(crate) use self::argon2::argon2_checked_into;
pub use self::bcrypt::{
    bcrypt_hash, bcrypt_hash_with_salt, bcrypt_verify, bcrypt_verify_with, bcrypt_verify_with_max_cost, LongPassword, MAX_COST as BCRYPT_MAX_COST,
    MAX_PASSWORD_LEN as BCRYPT_MAX_PASSWORD_LEN, MIN_COST as BCRYPT_MIN_COST, VERIFY_MAX_COST as BCRYPT_VERIFY_MAX_COST,
};
pub use self::hkdf::{hkdf, hkdf_expand, hkdf_extract};
pub use self::pbkdf2::pbkdf2;
pub use self::scrypt::{scrypt, MAX_MEMORY_BYTES as SCRYPT_MAX_MEMORY_BYTES};
#[cfg(feature = "full")]
pub(crate) use self::argon2::ARGON2_BACKENDS;
#[cfg(feature = "full")]
pub(crate) use self::bcrypt::BCRYPT_BACKENDS;
#[cfg(feature = "full")]
pub(crate) use self::scrypt::SCRYPT_BACKENDS;
