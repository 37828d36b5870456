//! libsodium's public API beyond NaCl, under libsodium's names, layouts and
//! constants (constants drop the `crypto_<family>_` prefix inside their
//! module), composed from the audited crates the rest of Saline uses.
//!
//! `tests/libsodium_parity.rs` proves every function here byte for byte
//! against libsodium, including the failure cases.

pub mod aead;
pub mod auth;
pub mod core_ed25519;
pub mod crypto_box;
pub mod generichash;
pub mod kx;
pub mod ristretto255;
pub mod pwhash;
pub mod secretbox;
pub mod secretstream;
pub mod sign;
pub mod stream;
pub mod utils;
