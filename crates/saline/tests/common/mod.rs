//! What the libsodium differential suites (libsodium.rs, libsodium_parity.rs)
//! share: libsodium initialized once, and seeded random inputs per test.

#![allow(dead_code)] // each suite uses the part it needs

use libsodium_sys as ffi;
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use std::sync::Once;

/// Initializes libsodium once and returns a generator seeded with `seed` and
/// the test's name, so that each test's inputs do not depend on which other
/// tests run.
pub fn seeded(seed: u64, test: &str) -> ChaCha20Rng {
    static INIT: Once = Once::new();
    INIT.call_once(|| assert!(unsafe { ffi::sodium_init() } >= 0, "sodium_init failed"));
    // FNV-1a of the name.
    let name = test.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    ChaCha20Rng::seed_from_u64(seed ^ name)
}

pub fn bytes(rng: &mut ChaCha20Rng, len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    rng.fill_bytes(&mut out);
    out
}

pub fn array<const N: usize>(rng: &mut ChaCha20Rng) -> [u8; N] {
    let mut out = [0u8; N];
    rng.fill_bytes(&mut out);
    out
}

/// Uniform in `0..n`, `n` > 0 (the modulo bias is irrelevant here).
pub fn below(rng: &mut ChaCha20Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}
