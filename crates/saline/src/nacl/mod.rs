//! NaCl, byte-compatible with libsodium: [`secretbox`], [`crypto_box`]
//! (public-key box, with `before`/afternm), [`sealedbox`] and [`sign`], each
//! in libsodium's easy and detached layouts; and [`tweetnacl`], the
//! low-level `crypto_*` API with NaCl's zero-padded layouts.

pub mod crypto_box;
pub mod sealedbox;
pub mod secretbox;
pub mod sign;
pub mod tweetnacl;
