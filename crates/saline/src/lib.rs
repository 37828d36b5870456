//! # Saline
//!
//! One cryptography core, composed from audited crates (RustCrypto, BLAKE3,
//! dalek, fiat-crypto), with one catalog and one error type, for every
//! Saline front-end.
//!
//! * [`catalog`] lists every algorithm once; the generic entry points below
//!   take an [`Algorithm`] from it: [`hash::hash`], [`mac::mac`],
//!   [`cipher::stream_xor`], [`aead::seal`] ...
//! * Typed conveniences sit on top: [`hash::Sha256`], [`nacl::secretbox`],
//!   [`curve::ed25519`] ...
//! * Every fallible function returns [`Error`], which names the parameter,
//!   the expected size or range, and what it got. No input panics.
//! * Secrets are wiped on drop; tags and signatures compare in constant time.
//!
//! ```
//! use saline::{Algorithm, hash, aead};
//! let digest = hash::hash(Algorithm::Sha256, b"abc")?;
//! assert_eq!(digest[0], 0xba);
//!
//! let key = [7u8; 32];
//! let nonce = [1u8; 12];
//! let sealed = aead::seal(Algorithm::ChaCha20Poly1305, &key, &nonce, b"header", b"secret")?;
//! let opened = aead::open(Algorithm::ChaCha20Poly1305, &key, &nonce, b"header", &sealed)?;
//! assert_eq!(opened, b"secret");
//! # Ok::<(), saline::Error>(())
//! ```
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod aead;
pub mod backend;
pub mod catalog;
pub mod cipher;
#[doc(hidden)] // for the front-end crates; see the module docs
pub mod copy;
pub mod curve;
pub mod error;
pub mod hash;
pub mod kdf;
pub mod mac;
pub mod nacl;
pub mod random;
mod secret;
pub mod sodium;

pub use backend::backends;
pub use catalog::{Algorithm, AlgorithmInfo, Kind, ALGORITHMS};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
pub use error::{Error, ErrorKind, Expected, Result};
pub use secret::ct_eq;
