//! The `argon2-rust` backend of the `argon2` registry (native `std` builds,
//! and WebAssembly, where it is the only one: one thread there, its SIMD128
//! block function in the +simd128 build):
//! Argon2 version 1.3 over the `argon2-rust` crate, a port of the reference
//! implementation (phc-winner-argon2) with its block function chosen at run
//! time (AVX-512, AVX2, SSSE3, NEON or portable) and the p lanes of each
//! slice on worker threads (RFC 9106 §3.4: the lanes of one slice are
//! independent).
//!
//! Why this crate, though it has had no third-party audit (docs/DEPENDENCIES.md):
//! nothing audited computes lanes in parallel with a vector block function.
//! libsodium's public API computes one lane; RustCrypto's `argon2` has no
//! hand-written vector code. On an Intel Xeon with AVX-512, t = 3,
//! m = 64 MiB, p = 4, six calls in a row after the first: this crate
//! 26-31 ms, RustCrypto's 0.6 on rayon with kept memory 60-94, libsodium's
//! lanes one after another 94-106.
//!
//! The caller ([`super::argon2`]) has checked every parameter, so a refusal
//! here is a defect of this mapping, never of the input. The result is proven
//! equal to RustCrypto's and libsodium's by `tests/backends.rs`, the vector
//! files and the `backend_differential` fuzz target.

#[cfg(not(target_arch = "wasm32"))]
use std::sync::{Mutex, OnceLock};

use argon2_rust::params::{Memory, TagLen};
#[cfg(not(target_arch = "wasm32"))]
use argon2_rust::Hasher;
use argon2_rust::{Algorithm as Variant, Argon2, Error as CrateError, Params, Version};

use crate::catalog::Algorithm;
use crate::error::{Error, Expected, Result};
use crate::kdf::Argon2Params;

/// The largest arena kept for the next call, in 1 KiB blocks: 64 MiB, the
/// memory of RFC 9106's second recommended option (§4) and the default of
/// argon2-cffi, libsodium's `MEMLIMIT_INTERACTIVE` and Go's x/crypto docs.
/// Larger hashes (libsodium's 256 MiB "moderate", 1 GiB "sensitive") take
/// seconds and are rare in a process; their memory goes back to the system.
#[cfg(not(target_arch = "wasm32"))]
const KEPT_MAX_BLOCKS: usize = 64 * 1024;

/// A hasher whose arena (wiped: the crate's `zeroize-memory` feature wipes it
/// when each hash returns) is kept for the next call. A fresh arena is a new
/// mapping whose first touch faults in every page: keeping it saves 5-20 ms
/// of a 64 MiB hash here. Concurrent calls that find it taken use their own.
#[cfg(not(target_arch = "wasm32"))]
static KEPT: Mutex<Option<Hasher>> = Mutex::new(None);

/// Worker threads for `p` lanes: no more than the lanes, nor than the
/// threads this process may run at once (read once: it reads cgroup files).
#[cfg(not(target_arch = "wasm32"))]
fn threads_for(lanes: u32) -> u32 {
    static CPUS: OnceLock<u32> = OnceLock::new();
    let cpus = *CPUS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| u32::try_from(n.get()).unwrap_or(u32::MAX)));
    lanes.min(cpus).max(1)
}

fn configuration(algorithm: Algorithm, params: &Argon2Params, threads: u32, version: Version) -> Result<Argon2> {
    let variant = match algorithm {
        Algorithm::Argon2d => Variant::Argon2d,
        Algorithm::Argon2i => Variant::Argon2i,
        _ => Variant::Argon2id,
    };
    let crate_params = Params::builder()
        .memory(Memory::kib(params.m.into()))
        .passes(params.t)
        .lanes(params.p)
        .threads(threads)
        .tag_len(TagLen::bytes(params.out_len as u64))
        .build()
        .map_err(|error| refused(error, [0; 3], params.m))?;
    Ok(Argon2::new(variant, version, crate_params))
}

/// The crate's refusal as Saline's error. The caller has checked the
/// parameters, so what remains is the system's memory (an arena of `m` KiB
/// it could not allocate: the crate reports that instead of aborting, which
/// in WebAssembly keeps the instance), or an input over the 2^32 − 1 bytes
/// RFC 9106 §3.1 allows (`inputs`: password, salt and secret lengths).
fn refused(error: CrateError, inputs: [usize; 3], m: u32) -> Error {
    let too_long = |what, got| Error::length(what, Expected::Range(0, u32::MAX as usize), got);
    match error {
        CrateError::PwdTooLong => too_long("password", inputs[0]),
        CrateError::SaltTooLong => too_long("salt", inputs[1]),
        CrateError::SecretTooLong => too_long("secret", inputs[2]),
        _ => Error::InvalidParameter { what: "m", expected: "memory the system can allocate", got: m.into() },
    }
}

/// Argon2 (version 0x13) of `password` into `out` (`params.out_len` bytes).
/// `secret` and `ad` absent are the same hash as empty (RFC 9106 §3.2 hashes
/// their lengths, zero either way).
pub(crate) fn hash_into(
    algorithm: Algorithm,
    password: &[u8],
    salt: &[u8],
    secret: Option<&[u8]>,
    ad: Option<&[u8]>,
    params: &Argon2Params,
    out: &mut [u8],
) -> Result<()> {
    let (secret, ad) = (secret.unwrap_or_default(), ad.unwrap_or_default());
    let refused = |error| refused(error, [password.len(), salt.len(), secret.len()], params.m);
    // WebAssembly: one thread, so the lanes one after another, and a fresh
    // arena per call (the crate wipes it when the hash returns, before it
    // is freed; the loader keeps the linear memory it grew, up to
    // RECREATE_ABOVE, for the next call).
    #[cfg(target_arch = "wasm32")]
    return configuration(algorithm, params, 1, Version::V0x13)?.hash_into_with_ad(password, salt, secret, ad, out).map_err(refused);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let mut hasher = match KEPT.lock().ok().and_then(|mut kept| kept.take()) {
            Some(mut kept) => {
                kept.set_argon2(configuration(algorithm, params, threads_for(params.p), Version::V0x13)?);
                kept
            }
            None => configuration(algorithm, params, threads_for(params.p), Version::V0x13)?.hasher(),
        };
        let mut result = hasher.hash_into_with_ad(password, salt, secret, ad, out);
        if result == Err(CrateError::ThreadFail) {
            // No thread could be started: the same hash on this one.
            hasher.set_argon2(configuration(algorithm, params, 1, Version::V0x13)?);
            result = hasher.hash_into_with_ad(password, salt, secret, ad, out);
        }
        if hasher.reserved_blocks() > KEPT_MAX_BLOCKS {
            hasher.clear();
        }
        if let Ok(mut kept) = KEPT.lock() {
            if kept.as_ref().is_none_or(|kept| kept.reserved_blocks() < hasher.reserved_blocks()) {
                *kept = Some(hasher);
            }
        }
        result.map_err(refused)
    }
}

/// Argon2 version 1.0 (0x10, PHC strings with no `v=` or `v=16`), for
/// [`super::argon2_verify`] in WebAssembly, where this crate is the only
/// Argon2 compiled: one thread, a fresh arena. Natively RustCrypto's crate
/// verifies those strings; a unit test below proves the two equal.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) fn hash_version_1_0_into(algorithm: Algorithm, password: &[u8], salt: &[u8], params: &Argon2Params, out: &mut [u8]) -> Result<()> {
    configuration(algorithm, params, 1, Version::V0x10)?
        .hash_into(password, salt, out)
        .map_err(|error| refused(error, [password.len(), salt.len(), 0], params.m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equals_the_sequential_implementation() {
        for algorithm in [Algorithm::Argon2id, Algorithm::Argon2i, Algorithm::Argon2d] {
            // Shrinking and growing memory, so calls run on a kept arena
            // larger than they need and on a fresh one.
            for (p, m) in [(1, 256), (2, 64), (3, 96), (4, 1024), (4, 32)] {
                let params = Argon2Params { t: 2, m, p, out_len: 32 };
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
                assert_eq!(fast, slow, "{algorithm:?} p = {p} m = {m}");
            }
        }
    }

    #[test]
    fn version_1_0_equals_rustcrypto() {
        for algorithm in [Algorithm::Argon2id, Algorithm::Argon2i, Algorithm::Argon2d] {
            for (t, m, p) in [(1, 64, 1), (2, 64, 2), (3, 256, 4)] {
                let params = Argon2Params { t, m, p, out_len: 32 };
                let mut ours = [0u8; 32];
                hash_version_1_0_into(algorithm, b"password", b"somesalt", &params, &mut ours).unwrap();
                let variant = match algorithm {
                    Algorithm::Argon2d => argon2::Algorithm::Argon2d,
                    Algorithm::Argon2i => argon2::Algorithm::Argon2i,
                    _ => argon2::Algorithm::Argon2id,
                };
                let mut theirs = [0u8; 32];
                argon2::Argon2::new(variant, argon2::Version::V0x10, argon2::Params::new(m, t, p, Some(32)).unwrap())
                    .hash_password_into(b"password", b"somesalt", &mut theirs)
                    .unwrap();
                assert_eq!(ours, theirs, "{algorithm:?} t = {t} m = {m} p = {p}");
                let mut v13 = [0u8; 32];
                hash_into(algorithm, b"password", b"somesalt", None, None, &params, &mut v13).unwrap();
                assert_ne!(ours, v13, "versions 1.0 and 1.3 differ");
            }
        }
    }

    #[test]
    fn more_lanes_than_threads() {
        let params = Argon2Params { t: 1, m: 8 * 64, p: 64, out_len: 16 };
        let mut out = [0u8; 16];
        hash_into(Algorithm::Argon2id, b"pw", b"somesalt", None, None, &params, &mut out).unwrap();
        let mut one_thread = [0u8; 16];
        configuration(Algorithm::Argon2id, &params, 1, Version::V0x13).unwrap().hash_into(b"pw", b"somesalt", &mut one_thread).unwrap();
        assert_eq!(out, one_thread);
    }
}
