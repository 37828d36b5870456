//! Argon2 with its p lanes computed in parallel (RFC 9106 §3.4: the lanes of
//! one slice are independent), for native `std` builds.
//!
//! A thin composition over RustCrypto's `argon2` 0.6 with its `parallel`
//! feature, which runs each slice's lanes on rayon's pool; the 0.5 crate
//! that the rest of Saline uses computes them one after another (0.36x
//! @node-rs/argon2 at p = 4, issue 8). Saline allocates the memory once,
//! fallibly, and wipes it after: `argon2` 0.6 neither wipes its own
//! allocation nor is it needed, since it takes caller memory. The wiped
//! memory (up to 64 MiB) is kept for the next call ([`SPARE`]).
//!
//! The caller ([`super::argon2`]) has checked every parameter; this file
//! only maps them. `tests` below and the vector files prove it equal to the
//! sequential implementation.

use alloc::vec::Vec;
use argon2_parallel::{Algorithm as Variant, Argon2, AssociatedData, Block, ParamsBuilder, Version};
use zeroize::Zeroize;

use crate::catalog::Algorithm;
use crate::error::{Error, Expected, Result};
use crate::kdf::Argon2Params;

/// Whether [`hash_into`] should run: more than one lane.
pub(crate) fn worth_it(params: &Argon2Params) -> bool {
    params.p > 1
}

/// Argon2 (version 0x13) of `password` into `out` (`params.out_len` bytes),
/// lanes in parallel. Parameters, salt, secret and `ad` lengths must have
/// been checked by the caller.
pub(crate) fn hash_into(
    algorithm: Algorithm,
    password: &[u8],
    salt: &[u8],
    secret: Option<&[u8]>,
    ad: Option<&[u8]>,
    params: &Argon2Params,
    out: &mut [u8],
) -> Result<()> {
    let variant = match algorithm {
        Algorithm::Argon2d => Variant::Argon2d,
        Algorithm::Argon2i => Variant::Argon2i,
        _ => Variant::Argon2id,
    };
    let mut builder = ParamsBuilder::new();
    builder.m_cost(params.m).t_cost(params.t).p_cost(params.p).output_len(params.out_len);
    if let Some(ad) = ad {
        builder.data(AssociatedData::new(ad).map_err(|_| Error::length("ad", Expected::Range(0, 32), ad.len()))?);
    }
    let crate_params = builder.build().map_err(|_| Error::InvalidParameter { what: "m", expected: "8 x p to MAX_MEMORY_KIB", got: params.m.into() })?;
    let hasher = match secret {
        Some(secret) => Argon2::new_with_secret(secret, variant, Version::V0x13, crate_params.clone())
            .map_err(|_| Error::length("secret", Expected::Range(0, u32::MAX as usize), secret.len()))?,
        None => Argon2::new(variant, Version::V0x13, crate_params.clone()),
    };
    let count = crate_params.block_count();
    let mut memory = take_memory(count).ok_or(Error::InvalidParameter { what: "m", expected: "memory the system can allocate", got: params.m.into() })?;
    let used = &mut memory[..count];
    let result = hasher
        .hash_password_into_with_memory(password, salt, out, &mut *used)
        .map_err(|_| Error::length("password", Expected::Range(0, u32::MAX as usize), password.len()));
    // Every block depends on the password.
    used.iter_mut().for_each(Zeroize::zeroize);
    give_back(memory);
    result
}

/// The largest block memory kept for the next call: 64 MiB, the memory of
/// RFC 9106's second recommended option (§4) and the default of
/// argon2-cffi, libsodium's `MEMLIMIT_INTERACTIVE` and Go's x/crypto docs.
/// Larger hashes (libsodium's 256 MiB "moderate", 1 GiB "sensitive") take
/// seconds and are rare in a process; their memory goes back to the system.
const SPARE_MAX_BLOCKS: usize = 64 * 1024;

/// The wiped block memory of an earlier call, for the next one to reuse.
/// Memory fresh from the allocator is a new mapping at this size, and its
/// first touch faults in every page: 16,384 faults and a 64 MiB zero fill
/// per call before it was kept (Node, Argon2i t = 3, m = 64 MiB, p = 4:
/// @node-rs/argon2, whose mimalloc keeps its freed memory, ran 2.8x
/// Saline's speed then). One buffer, the largest returned so far up to
/// [`SPARE_MAX_BLOCKS`]; concurrent calls that find it taken allocate
/// their own.
static SPARE: std::sync::Mutex<Vec<Block>> = std::sync::Mutex::new(Vec::new());

/// At least `count` zeroed blocks: the spare if it is large enough, else a
/// new allocation, refused (not aborted) if the system has no room.
fn take_memory(count: usize) -> Option<Vec<Block>> {
    // Nothing panics while the lock is held, so it is never poisoned; if it
    // were, a fresh allocation is always correct.
    let spare = SPARE.lock().map(|mut spare| core::mem::take(&mut *spare)).unwrap_or_default();
    if spare.len() >= count {
        return Some(spare);
    }
    drop(spare);
    let mut memory: Vec<Block> = Vec::new();
    memory.try_reserve_exact(count).ok()?;
    memory.resize(count, Block::new());
    Some(memory)
}

/// Keeps `memory` (wiped: all zero) as the spare if it is within
/// [`SPARE_MAX_BLOCKS`] and larger than the one kept; frees it otherwise.
fn give_back(memory: Vec<Block>) {
    if memory.len() > SPARE_MAX_BLOCKS {
        return;
    }
    if let Ok(mut spare) = SPARE.lock() {
        if memory.len() > spare.len() {
            *spare = memory;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept memory is wiped after every call. (Calls on kept memory
    /// and on new memory giving the sequential implementation's bytes is
    /// the test below, whose sizes shrink from one variant to the next.)
    #[test]
    fn kept_memory_is_wiped() {
        for m in [512, 64, 1024] {
            let params = Argon2Params { t: 1, m, p: 4, out_len: 32 };
            let mut out = [0u8; 32];
            hash_into(Algorithm::Argon2id, b"password", b"somesalt", None, None, &params, &mut out).unwrap();
            // (Not its length: the other test may hold or replace it.)
            let spare = SPARE.lock().unwrap();
            assert!(spare.iter().all(|block| block.as_ref().iter().all(|&word| word == 0)), "the kept memory is zero");
        }
    }

    #[test]
    fn equals_the_sequential_implementation() {
        for algorithm in [Algorithm::Argon2id, Algorithm::Argon2i, Algorithm::Argon2d] {
            for p in [2, 3, 4] {
                let params = Argon2Params { t: 2, m: 64 * p, p, out_len: 32 };
                let mut fast = [0u8; 32];
                hash_into(algorithm, b"password", b"somesalt", Some(b"key"), Some(b"ad"), &params, &mut fast).unwrap();
                let crate_params = argon2::ParamsBuilder::new()
                    .m_cost(params.m)
                    .t_cost(params.t)
                    .p_cost(p)
                    .output_len(32)
                    .data(argon2::AssociatedData::new(b"ad").unwrap())
                    .build()
                    .unwrap();
                let variant = match algorithm {
                    Algorithm::Argon2d => argon2::Algorithm::Argon2d,
                    Algorithm::Argon2i => argon2::Algorithm::Argon2i,
                    _ => argon2::Algorithm::Argon2id,
                };
                let mut slow = [0u8; 32];
                argon2::Argon2::new_with_secret(b"key", variant, argon2::Version::V0x13, crate_params)
                    .unwrap()
                    .hash_password_into(b"password", b"somesalt", &mut slow)
                    .unwrap();
                assert_eq!(fast, slow, "{algorithm:?} p = {p}");
            }
        }
    }
}
