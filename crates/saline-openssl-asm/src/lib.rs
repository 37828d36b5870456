//! OpenSSL's x86-64 assembly for Poly1305, ChaCha20, SHA-512, MD5 and Keccak (SHA-3):
//! Andy Polyakov's CRYPTOGAMS code as OpenSSL 4.0 ships it, generated at
//! build time by OpenSSL's own perlasm scripts from the openssl-src crate
//! (build.rs).
//!
//! Why: on the machines measured here these are the fastest audited kernels
//! for the four primitives: Poly1305 at 15.9 GB/s with AVX-512 IFMA (3.1x
//! libsodium's and RustCrypto's best), SHA-512 at 1.22 GB/s with AVX2 and
//! BMI2 (1.39x RustCrypto's), MD5 (plain x86-64) 1.7x RustCrypto's md-5,
//! Keccak-f[1600] (plain x86-64) 1.15-1.4x RustCrypto's keccak; ChaCha20
//! (AVX-512, 16 blocks at a time) composes with the Poly1305 kernel into
//! saline's ChaCha20-Poly1305 backend; see docs/DEPENDENCIES.md.
//!
//! The Poly1305, ChaCha20 and SHA-512 code picks its path on every call from OpenSSL's
//! capability vector, which [`cpu_path`] fills once from run-time detection
//! (std's `is_x86_feature_detected!`, which also checks that the operating
//! system saves the AVX and AVX-512 registers); MD5 and Keccak have one path.
//! Nothing is assumed at compile time. `SALINE_OPENSSL_ASM_CPU=scalar|avx|
//! avx2|avx512` (the last without IFMA), read once, caps the path, as
//! OpenSSL's `OPENSSL_ia32cap` does, so that tests can run each one on a
//! machine that has them all.
//!
//! Built on x86-64 Linux only ([`BUILT`]); elsewhere every item but `BUILT`
//! is absent.

#![no_std]
extern crate std;

/// Whether the kernels are compiled in (x86-64 Linux).
pub const BUILT: bool = cfg!(saline_openssl_asm);

#[cfg(saline_openssl_asm)]
mod kernels;
#[cfg(saline_openssl_asm)]
pub use kernels::*;
