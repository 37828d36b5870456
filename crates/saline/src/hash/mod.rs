//! Hash functions and XOFs, one-shot and streaming.
//!
//! Every hash in the catalog is reached through one type, [`Hasher`], and
//! one function, [`hash`]. The families live in their own files:
//! [`blake2`] and [`blake3`] own their options; the RustCrypto digests
//! (SHA-1/2/3, Keccak, MD4, MD5, RIPEMD-160, Whirlpool) need no options and
//! are dispatched by one macro below.
//!
//! Built without the `full` feature, [`Hasher`] and [`hash_into`] reach
//! SHA-2 only (the other families' states and arms are compiled out, so
//! nothing references their code) and refuse every other hash with
//! [`Error::not_built`]; the typed wrappers of the other hashes are absent.
//!
//! ```
//! use saline::{hash::{hash, Hasher}, Algorithm};
//! let one_shot = hash(Algorithm::Sha256, b"abc")?;
//! let mut h = Hasher::new(Algorithm::Sha256)?;
//! h.update(b"a");
//! h.update(b"bc");
//! assert_eq!(h.finalize(), one_shot);
//! # Ok::<(), saline::Error>(())
//! ```

/// The digest 0.10 traits that every hash core assembled here
/// (md_dispatch.rs, sha512_dispatch.rs, keccak_dispatch.rs) implements
/// the same way: `core_traits!(Core, block size, output size, "Name")`.
#[allow(unused_macros)] // used on some targets only
macro_rules! core_traits {
    ($core:ty, $block:ty, $out:ty, $name:expr) => {
        impl digest::HashMarker for $core {}

        impl digest::core_api::BlockSizeUser for $core {
            type BlockSize = $block;
        }

        impl digest::core_api::BufferKindUser for $core {
            type BufferKind = digest::block_buffer::Eager;
        }

        impl digest::core_api::OutputSizeUser for $core {
            type OutputSize = $out;
        }

        impl digest::core_api::AlgorithmName for $core {
            fn write_alg_name(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str($name)
            }
        }

        impl core::fmt::Debug for $core {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(concat!($name, "Core { ... }"))
            }
        }
    };
}

pub mod blake2;
#[cfg_attr(not(feature = "full"), allow(dead_code))]
pub mod blake3;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod sha2_simd128;

/// Which core a new state of a hash-core registry (`md4`, `md5`, `keccak`)
/// gets: the native library's (AWS-LC's for MD4, OpenSSL's assembly for the
/// others) or the RustCrypto crate's own.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
#[derive(Clone, Copy)]
pub(crate) enum CoreBackend {
    Native,
    RustCrypto,
}

/// The registry table of [`CoreBackend`] for OpenSSL's assembly: it first.
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
pub(crate) const CORE_BACKENDS: &[crate::backend::Backend<CoreBackend>] = &[
    crate::backend::Backend::portable("openssl-asm", CoreBackend::Native),
    crate::backend::Backend::portable("rustcrypto", CoreBackend::RustCrypto),
];

/// Whole blocks as the contiguous bytes they are, for the assembly.
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
pub(crate) fn block_bytes<N: digest::generic_array::ArrayLength<u8>>(blocks: &[digest::generic_array::GenericArray<u8, N>]) -> &[u8] {
    // SAFETY: `GenericArray<u8, N>` is `repr(transparent)` over `[u8; N]`
    // (alignment 1, no padding), so the slice is `blocks.len() * N` bytes.
    unsafe { core::slice::from_raw_parts(blocks.as_ptr().cast::<u8>(), blocks.len() * N::USIZE) }
}

/// Whole blocks as the `[u8; N]` arrays sha2 0.11's compression functions
/// take (sha512_dispatch.rs and sha2_simd128.rs in the WebAssembly SIMD build).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) fn block_arrays<const N: usize, L: digest::generic_array::ArrayLength<u8>>(blocks: &[digest::generic_array::GenericArray<u8, L>]) -> &[[u8; N]] {
    // Checked when compiled: no code, and no wrong length can build.
    const { assert!(L::USIZE == N, "block_arrays: the array length is not the block length") };
    // SAFETY: `GenericArray<u8, L>` is `repr(transparent)` over `[u8; L]`
    // (alignment 1, no padding), and L = N, so the slice is `blocks.len()` arrays.
    unsafe { core::slice::from_raw_parts(blocks.as_ptr().cast::<[u8; N]>(), blocks.len()) }
}

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) mod md_dispatch;
#[cfg(any(
    all(feature = "std", target_arch = "x86_64", target_os = "linux"),
    all(target_arch = "wasm32", target_feature = "simd128")
))]
pub(crate) mod sha512_dispatch;

#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
pub(crate) mod keccak_dispatch;

/// SHA-3 and Keccak-256 for the hash states and HMAC: on x86-64 Linux with
/// the registry's absorption (keccak_dispatch.rs), elsewhere sha3's. SHAKE
/// is sha3's everywhere.
pub(crate) mod sha3_core {
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    pub(crate) use super::keccak_dispatch::{Keccak256, Sha3_224, Sha3_256, Sha3_384, Sha3_512};
    #[cfg(not(all(feature = "std", target_arch = "x86_64", target_os = "linux")))]
    pub(crate) use sha3::{Keccak256, Sha3_224, Sha3_256, Sha3_384, Sha3_512};
}

/// MD5 for the hash states and HMAC-MD5: on x86-64 Linux with the
/// registry's compression (md_dispatch.rs), elsewhere md-5's.
pub(crate) mod md5_core {
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    pub(crate) use super::md_dispatch::Md5;
    #[cfg(not(all(feature = "std", target_arch = "x86_64", target_os = "linux")))]
    pub(crate) use md5::Md5;
}

/// MD4 for the hash states and HMAC-MD4: on native `std` builds with the
/// registry's compression (md_dispatch.rs: AWS-LC's), elsewhere md4's.
pub(crate) mod md4_core {
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    pub(crate) use super::md_dispatch::Md4;
    #[cfg(not(all(feature = "std", not(target_arch = "wasm32"))))]
    pub(crate) use md4::Md4;
}

/// The SHA-2 types (digest 0.10 `CoreWrapper`s) that HMAC, PBKDF2, HKDF,
/// Ed25519 and the hash states below are built on: on x86-64 Linux the
/// SHA-512 family compresses with the registry's backend, in the
/// WebAssembly SIMD build every one with sha2 0.11's SIMD128 kernels
/// (sha512_dispatch.rs, sha2_simd128.rs `core_api`), elsewhere sha2 0.10 as
/// it comes.
pub(crate) mod sha2_core {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    pub(crate) use super::sha2_simd128::core_api::{Sha224, Sha256};
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    pub(crate) use sha2::{Sha224, Sha256};
    #[cfg(any(
        all(feature = "std", target_arch = "x86_64", target_os = "linux"),
        all(target_arch = "wasm32", target_feature = "simd128")
    ))]
    pub(crate) use super::sha512_dispatch::{Sha384, Sha512, Sha512_256};
    #[cfg(not(any(
        all(feature = "std", target_arch = "x86_64", target_os = "linux"),
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    pub(crate) use sha2::{Sha384, Sha512, Sha512_256};
}

// The SHA-2 states: sha2 0.11's SIMD128 kernels in the WebAssembly SIMD
// build (sha2_simd128.rs), `sha2_core` everywhere else.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use sha2_simd128 as sha2_states;
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
use sha2_core as sha2_states;

#[cfg(feature = "full")]
use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;
#[cfg(feature = "full")]
use digest::ExtendableOutputReset;
use digest::{FixedOutputReset, Reset, Update};

use crate::catalog::{Algorithm, Kind};
use crate::error::{Error, Expected, Result};

/// Options for the hashes that take them. Every field defaults to "not
/// given"; an option the algorithm does not take is an error, never ignored.
#[derive(Debug, Clone, Copy, Default)]
pub struct HashOptions<'a> {
    /// Output length in bytes: SHAKE and BLAKE3 (any), BLAKE2b (1..=64),
    /// BLAKE2s (1..=32). For fixed hashes it must equal the digest size.
    pub out_len: Option<usize>,
    /// BLAKE2b (0..=64 bytes), BLAKE2s (0..=32) or BLAKE3 (exactly 32) key.
    pub key: Option<&'a [u8]>,
    /// BLAKE2b (up to 16 bytes) or BLAKE2s (up to 8) salt, zero-padded as in RFC 7693 §2.5.
    pub salt: Option<&'a [u8]>,
    /// BLAKE2b (up to 16 bytes) or BLAKE2s (up to 8) personalization, zero-padded.
    pub personal: Option<&'a [u8]>,
    /// BLAKE3 derive-key context string (UTF-8); excludes `key`.
    pub context: Option<&'a [u8]>,
}

impl<'a> HashOptions<'a> {
    /// Rejects every option that is set, naming the first one, for
    /// algorithms that take none.
    fn expect_none(&self, algorithm: Algorithm) -> Result<()> {
        let given = [
            ("key", self.key.is_some()),
            ("salt", self.salt.is_some()),
            ("personal", self.personal.is_some()),
            ("context", self.context.is_some()),
        ];
        match given.iter().find(|(_, set)| *set) {
            Some((option, _)) => Err(Error::UnsupportedOption { algorithm: algorithm.name(), option }),
            None => Ok(()),
        }
    }
}

/// The state of one of the catalog's hashes. Without the `full` feature
/// only the SHA-2 variants exist: a variant never constructed would still
/// keep its family's code alive through every match below.
#[derive(Clone)]
enum State {
    #[cfg(feature = "full")]
    Sha1(sha1::Sha1),
    Sha224(sha2_states::Sha224),
    Sha256(sha2_states::Sha256),
    Sha384(sha2_states::Sha384),
    Sha512(sha2_states::Sha512),
    Sha512_256(sha2_states::Sha512_256),
    // Boxed, as BLAKE3 is below: the Keccak states (360 and 384 bytes, the
    // 200-byte permutation state and a block buffer) would otherwise set the
    // size of every Hasher, which each binding's hash object moves several
    // times on its way to the caller (measured in the Python binding:
    // memmove was 14% of `blake2b(32 bytes).digest()` at 432 bytes).
    #[cfg(feature = "full")]
    Sha3_224(Box<sha3_core::Sha3_224>),
    #[cfg(feature = "full")]
    Sha3_256(Box<sha3_core::Sha3_256>),
    #[cfg(feature = "full")]
    Sha3_384(Box<sha3_core::Sha3_384>),
    #[cfg(feature = "full")]
    Sha3_512(Box<sha3_core::Sha3_512>),
    #[cfg(feature = "full")]
    Keccak256(Box<sha3_core::Keccak256>),
    #[cfg(feature = "full")]
    Md4(md4_core::Md4),
    #[cfg(feature = "full")]
    Md5(md5_core::Md5),
    #[cfg(feature = "full")]
    Ripemd160(ripemd::Ripemd160),
    #[cfg(feature = "full")]
    Whirlpool(whirlpool::Whirlpool),
    #[cfg(feature = "full")]
    Shake128(Box<sha3::Shake128>),
    #[cfg(feature = "full")]
    Shake256(Box<sha3::Shake256>),
    #[cfg(feature = "full")]
    Blake2b(blake2::Blake2bStream),
    #[cfg(feature = "full")]
    Blake2s(blake2::Blake2s),
    // Boxed: the BLAKE3 state (~1.9 KB) would otherwise set the size of
    // every Hasher, which one-shot calls build, move and wipe.
    #[cfg(feature = "full")]
    Blake3(Box<::blake3::Hasher>),
}

/// Expands `$body` once per fixed-output RustCrypto digest, with `$d` bound
/// to the concrete state; the remaining arms handle the other families
/// (each marked `#[cfg(feature = "full")]` by the caller).
macro_rules! match_digest {
    ($state:expr, $d:ident => $body:expr, $($rest:tt)*) => {
        match $state {
            #[cfg(feature = "full")]
            State::Sha1($d) => $body,
            State::Sha224($d) => $body,
            State::Sha256($d) => $body,
            State::Sha384($d) => $body,
            State::Sha512($d) => $body,
            State::Sha512_256($d) => $body,
            #[cfg(feature = "full")]
            State::Sha3_224(boxed) => { let $d = &mut **boxed; $body }
            #[cfg(feature = "full")]
            State::Sha3_256(boxed) => { let $d = &mut **boxed; $body }
            #[cfg(feature = "full")]
            State::Sha3_384(boxed) => { let $d = &mut **boxed; $body }
            #[cfg(feature = "full")]
            State::Sha3_512(boxed) => { let $d = &mut **boxed; $body }
            #[cfg(feature = "full")]
            State::Keccak256(boxed) => { let $d = &mut **boxed; $body }
            #[cfg(feature = "full")]
            State::Md4($d) => $body,
            #[cfg(feature = "full")]
            State::Md5($d) => $body,
            #[cfg(feature = "full")]
            State::Ripemd160($d) => $body,
            #[cfg(feature = "full")]
            State::Whirlpool($d) => $body,
            $($rest)*
        }
    };
}

/// A streaming hash over any algorithm of kind [`Kind::Hash`] or [`Kind::Xof`].
///
/// `update` any number of times, then `finalize` (consumes) or
/// `finalize_into_reset` (writes into a caller's buffer and starts over with
/// the same key and options). `Clone` forks the state; `reset` restarts it.
/// Keyed state is wiped when the hasher is dropped.
///
/// ```
/// use saline::{hash::{Hasher, HashOptions}, Algorithm};
/// let opts = HashOptions { out_len: Some(20), key: Some(b"secret key"), ..Default::default() };
/// let mut h = Hasher::with_options(Algorithm::Blake2b, &opts)?;
/// h.update(b"message");
/// let fork = h.clone();
/// assert_eq!(h.finalize(), fork.finalize());
/// # Ok::<(), saline::Error>(())
/// ```
#[derive(Clone)]
pub struct Hasher {
    algorithm: Algorithm,
    out_len: usize,
    state: State,
}

impl Hasher {
    /// A hasher with default options (default output length, no key).
    ///
    /// # Errors
    /// [`Error::UnknownAlgorithm`] if `algorithm` is not a hash or XOF.
    pub fn new(algorithm: Algorithm) -> Result<Hasher> {
        Hasher::with_options(algorithm, &HashOptions::default())
    }

    /// A hasher with options; see [`HashOptions`] for which algorithm takes which.
    ///
    /// # Errors
    /// [`Error::UnknownAlgorithm`] for a non-hash, [`Error::UnsupportedOption`]
    /// for an option the algorithm does not take, [`Error::InvalidLength`]
    /// for a key, salt, personalization or output length out of range, and
    /// [`Error::InvalidEncoding`] for a BLAKE3 context that is not UTF-8.
    /// Built without the `full` feature, [`Error::UnknownAlgorithm`]
    /// ([`Error::not_built`]) for every hash but SHA-2.
    pub fn with_options(algorithm: Algorithm, options: &HashOptions<'_>) -> Result<Hasher> {
        // First: a build without `full` has no entry to check the kind against.
        #[cfg(not(feature = "full"))]
        if !algorithm.built_in() {
            return Err(algorithm.not_built("hash"));
        }
        let info = algorithm.expect_kind(&[Kind::Hash, Kind::Xof])?.info();
        let out_len = options.out_len.unwrap_or(info.output_len);
        let fixed = |state: State| -> Result<State> {
            options.expect_none(algorithm)?;
            Error::check_length("output", Expected::Exactly(info.output_len), out_len)?;
            Ok(state)
        };
        #[cfg(feature = "full")]
        let xof = |state: State| -> Result<State> {
            options.expect_none(algorithm)?;
            Ok(state)
        };
        let state = match algorithm {
            #[cfg(feature = "full")]
            Algorithm::Sha1 => fixed(State::Sha1(Default::default()))?,
            Algorithm::Sha224 => fixed(State::Sha224(Default::default()))?,
            Algorithm::Sha256 => fixed(State::Sha256(Default::default()))?,
            Algorithm::Sha384 => fixed(State::Sha384(Default::default()))?,
            Algorithm::Sha512 => fixed(State::Sha512(Default::default()))?,
            Algorithm::Sha512_256 => fixed(State::Sha512_256(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Sha3_224 => fixed(State::Sha3_224(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Sha3_256 => fixed(State::Sha3_256(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Sha3_384 => fixed(State::Sha3_384(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Sha3_512 => fixed(State::Sha3_512(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Keccak256 => fixed(State::Keccak256(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Md4 => fixed(State::Md4(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Md5 => fixed(State::Md5(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Ripemd160 => fixed(State::Ripemd160(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Whirlpool => fixed(State::Whirlpool(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Shake128 => xof(State::Shake128(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Shake256 => xof(State::Shake256(Default::default()))?,
            #[cfg(feature = "full")]
            Algorithm::Blake2b => State::Blake2b(blake2::Blake2bStream::new(options, out_len)?),
            #[cfg(feature = "full")]
            Algorithm::Blake2s => State::Blake2s(blake2::Blake2s::new(options, out_len)?),
            #[cfg(feature = "full")]
            Algorithm::Blake3 => State::Blake3(blake3::new_boxed_hasher(options)?),
            #[cfg(feature = "full")]
            _ => unreachable!("expect_kind admitted only hashes"),
            // Checked above; the match needs an arm for the variants left out.
            #[cfg(not(feature = "full"))]
            _ => return Err(algorithm.not_built("hash")),
        };
        Ok(Hasher { algorithm, out_len, state })
    }

    /// The algorithm this hasher computes.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The output length `finalize` produces, in bytes.
    pub fn output_len(&self) -> usize {
        self.out_len
    }

    /// Absorbs `data`. Never fails.
    pub fn update(&mut self, data: &[u8]) {
        match_digest!(&mut self.state, d => Update::update(d, data),
            #[cfg(feature = "full")]
            State::Shake128(d) => Update::update(&mut **d, data),
            #[cfg(feature = "full")]
            State::Shake256(d) => Update::update(&mut **d, data),
            #[cfg(feature = "full")]
            State::Blake2b(d) => d.update(data),
            #[cfg(feature = "full")]
            State::Blake2s(d) => d.update(data),
            #[cfg(feature = "full")]
            State::Blake3(d) => {
                d.update(data);
            }
        )
    }

    /// Writes the digest into `out` and resets the hasher to its initial
    /// state (same key and options), ready for a new message.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] if `out` is not [`Hasher::output_len`] bytes;
    /// XOFs (SHAKE, BLAKE3) accept any length.
    pub fn finalize_into_reset(&mut self, out: &mut [u8]) -> Result<()> {
        if self.algorithm.info().kind != Kind::Xof {
            Error::check_length("output", Expected::Exactly(self.out_len), out.len())?;
        }
        match_digest!(&mut self.state, d => FixedOutputReset::finalize_into_reset(d, out.into()),
            #[cfg(feature = "full")]
            State::Shake128(d) => d.finalize_xof_reset_into(out),
            #[cfg(feature = "full")]
            State::Shake256(d) => d.finalize_xof_reset_into(out),
            #[cfg(feature = "full")]
            State::Blake2b(d) => d.finalize_into_reset(out),
            #[cfg(feature = "full")]
            State::Blake2s(d) => d.finalize_into_reset(out),
            #[cfg(feature = "full")]
            State::Blake3(d) => {
                blake3::output_into(d, out);
                d.reset();
            }
        );
        Ok(())
    }

    /// Writes the digest of what was absorbed so far into `out`, leaving the
    /// hasher as it was (hashlib's `digest()`). BLAKE2 and BLAKE3 finalize
    /// in place; the others finalize a fork of the state, wiped on drop.
    ///
    /// ```
    /// use saline::{hash::Hasher, Algorithm};
    /// let mut h = Hasher::new(Algorithm::Blake3)?;
    /// h.update(b"message");
    /// let mut early = [0u8; 32];
    /// h.digest_into(&mut early)?;
    /// assert_eq!(early.to_vec(), h.finalize());
    /// # Ok::<(), saline::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`Hasher::finalize_into_reset`].
    pub fn digest_into(&self, out: &mut [u8]) -> Result<()> {
        match &self.state {
            // Measured in the Python binding, blake3(32 bytes).digest(): the
            // fork (a 1.9 KiB state) was half of the call.
            #[cfg(feature = "full")]
            State::Blake3(d) => {
                blake3::output_into(d, out);
                Ok(())
            }
            #[cfg(feature = "full")]
            State::Blake2b(d) => {
                Error::check_length("output", Expected::Exactly(self.out_len), out.len())?;
                d.digest_into(out);
                Ok(())
            }
            #[cfg(feature = "full")]
            State::Blake2s(d) => {
                Error::check_length("output", Expected::Exactly(self.out_len), out.len())?;
                d.digest_into(out);
                Ok(())
            }
            _ => self.clone().finalize_into(out),
        }
    }

    /// Writes the digest into `out`, consuming the hasher.
    ///
    /// # Errors
    /// As [`Hasher::finalize_into_reset`].
    pub fn finalize_into(mut self, out: &mut [u8]) -> Result<()> {
        self.finalize_into_reset(out)
    }

    /// Returns the digest ([`Hasher::output_len`] bytes), consuming the hasher.
    pub fn finalize(mut self) -> Vec<u8> {
        let mut out = vec![0u8; self.out_len];
        self.finalize_into_reset(&mut out).expect("the buffer has the hasher's own output length");
        out
    }

    /// Restarts the hasher as if newly created, keeping key and options.
    pub fn reset(&mut self) {
        match_digest!(&mut self.state, d => Reset::reset(d),
            #[cfg(feature = "full")]
            State::Shake128(d) => Reset::reset(&mut **d),
            #[cfg(feature = "full")]
            State::Shake256(d) => Reset::reset(&mut **d),
            #[cfg(feature = "full")]
            State::Blake2b(d) => d.reset(),
            #[cfg(feature = "full")]
            State::Blake2s(d) => d.reset(),
            #[cfg(feature = "full")]
            State::Blake3(d) => {
                d.reset();
            }
        )
    }
}

impl Drop for Hasher {
    fn drop(&mut self) {
        // Without `full` every variant is a flat SHA-2 state, so the enum is
        // flat too (its tag zeroed names the first variant): one wipe of its
        // bytes, where one per variant (the wipe is inlined, and on
        // WebAssembly it is a volatile loop) took 1.7 KB of the SHA-2 module.
        // SAFETY: as below; the state is not used after this point.
        #[cfg(not(feature = "full"))]
        unsafe {
            crate::secret::wipe_flat(&mut self.state)
        }
        // SAFETY: each state type is flat (see `secret::wipe_flat`), and the
        // state is not used after this point.
        #[cfg(feature = "full")]
        unsafe {
            match_digest!(&mut self.state, d => crate::secret::wipe_flat(d),
                #[cfg(feature = "full")]
                State::Shake128(d) => crate::secret::wipe_flat(&mut **d),
                #[cfg(feature = "full")]
                State::Shake256(d) => crate::secret::wipe_flat(&mut **d),
                // The BLAKE2 states wipe themselves when dropped.
                #[cfg(feature = "full")]
                State::Blake2b(_) | State::Blake2s(_) => {}
                #[cfg(feature = "full")]
                State::Blake3(d) => blake3::wipe(d),
            )
        }
    }
}

impl core::fmt::Debug for Hasher {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Never print the state: it may be keyed.
        f.debug_struct("Hasher").field("algorithm", &self.algorithm).field("out_len", &self.out_len).finish()
    }
}

/// Hashes `data` in one call with default options.
///
/// # Errors
/// [`Error::UnknownAlgorithm`] if `algorithm` is not a hash or XOF.
///
/// ```
/// let d = saline::hash::hash(saline::Algorithm::Md5, b"")?;
/// assert_eq!(d[..4], [0xd4, 0x1d, 0x8c, 0xd9]);
/// # Ok::<(), saline::Error>(())
/// ```
pub fn hash(algorithm: Algorithm, data: &[u8]) -> Result<Vec<u8>> {
    hash_with(algorithm, &HashOptions::default(), data)
}

/// Hashes `data` in one call with options.
///
/// # Errors
/// As [`Hasher::with_options`].
pub fn hash_with(algorithm: Algorithm, options: &HashOptions<'_>, data: &[u8]) -> Result<Vec<u8>> {
    let mut h = Hasher::with_options(algorithm, options)?;
    h.update(data);
    Ok(h.finalize())
}

/// Hashes `data` into `out` in one call; `out.len()` is the output length
/// for XOFs and BLAKE2/BLAKE3, and must be the digest size otherwise.
///
/// Runs each library's own one-shot function rather than building a
/// [`Hasher`]: the enum (sized by its largest variant), its wipe and the
/// reset after finalize cost more than the SHA-256 kernel at 32 bytes
/// (callgrind, docs/DESIGN.md "Hash and MAC one-shot calls"). Keyed states
/// (BLAKE2 and BLAKE3 keys, BLAKE3 key derivation) are still wiped.
///
/// # Errors
/// As [`Hasher::with_options`] and [`Hasher::finalize_into`].
pub fn hash_into(algorithm: Algorithm, options: &HashOptions<'_>, data: &[u8], out: &mut [u8]) -> Result<()> {
    // Before any other check, as `Hasher::with_options` does: a build
    // without `full` has no entry to check the kind against.
    #[cfg(not(feature = "full"))]
    if !algorithm.built_in() {
        return Err(algorithm.not_built("hash"));
    }
    let info = algorithm.expect_kind(&[Kind::Hash, Kind::Xof])?.info();
    let out_len = options.out_len.unwrap_or(out.len());
    match algorithm {
        #[cfg(feature = "full")]
        Algorithm::Blake2b => return blake2::blake2b_hash_into(options, out_len, data, out),
        #[cfg(feature = "full")]
        Algorithm::Blake2s => return blake2::blake2s_hash_into(options, out_len, data, out),
        #[cfg(feature = "full")]
        Algorithm::Blake3 => return blake3::hash_into(options, data, out),
        _ => options.expect_none(algorithm)?,
    }
    if info.kind != Kind::Xof {
        Error::check_length("output", Expected::Exactly(info.output_len), out_len)?;
        Error::check_length("output", Expected::Exactly(out_len), out.len())?;
    }
    // Not inlined, here and in each family's one-shot: inlined, every arm's
    // state shared one frame, and an unkeyed SHA-256 took 9.4 KiB of wasm
    // stack instead of 5.8 (js/test/hostile-wasm's paint, loader wipe off).
    //
    // The state is wiped after use, as libsodium's crypto_hash_*_final does
    // and as `Hasher`'s drop does: its buffer holds the message's last
    // partial block, which may be a secret (a password hashed on its own).
    #[inline(never)]
    fn digest_into<D: digest::Digest + digest::FixedOutputReset>(data: &[u8], out: &mut [u8]) {
        let mut state = D::new();
        digest::Digest::update(&mut state, data);
        digest::Digest::finalize_into_reset(&mut state, digest::Output::<D>::from_mut_slice(out));
        // SAFETY: every `D` below is a RustCrypto state listed as flat in
        // `secret::wipe_flat`'s contract (the same types `Hasher` wipes).
        unsafe { crate::secret::wipe_flat(&mut state) };
    }
    #[cfg(feature = "full")]
    #[inline(never)]
    fn xof_into<D: Default + Update + digest::ExtendableOutputReset>(data: &[u8], out: &mut [u8]) {
        let mut state = D::default();
        state.update(data);
        state.finalize_xof_reset_into(out);
        // SAFETY: as in `digest_into` (SHAKE's states, as `Hasher` wipes them).
        unsafe { crate::secret::wipe_flat(&mut state) };
    }
    match algorithm {
        #[cfg(feature = "full")]
        Algorithm::Sha1 => digest_into::<sha1::Sha1>(data, out),
        Algorithm::Sha224 => digest_into::<sha2_states::Sha224>(data, out),
        Algorithm::Sha256 => digest_into::<sha2_states::Sha256>(data, out),
        Algorithm::Sha384 => digest_into::<sha2_states::Sha384>(data, out),
        Algorithm::Sha512 => digest_into::<sha2_states::Sha512>(data, out),
        Algorithm::Sha512_256 => digest_into::<sha2_states::Sha512_256>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Sha3_224 => digest_into::<sha3_core::Sha3_224>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Sha3_256 => digest_into::<sha3_core::Sha3_256>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Sha3_384 => digest_into::<sha3_core::Sha3_384>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Sha3_512 => digest_into::<sha3_core::Sha3_512>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Keccak256 => digest_into::<sha3_core::Keccak256>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Md4 => digest_into::<md4_core::Md4>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Md5 => digest_into::<md5_core::Md5>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Ripemd160 => digest_into::<ripemd::Ripemd160>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Whirlpool => digest_into::<whirlpool::Whirlpool>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Shake128 => xof_into::<sha3::Shake128>(data, out),
        #[cfg(feature = "full")]
        Algorithm::Shake256 => xof_into::<sha3::Shake256>(data, out),
        _ => unreachable!(
            "expect_kind admitted only hashes, the BLAKE families returned above, and a build without `full` refused the rest"
        ),
    }
    Ok(())
}

macro_rules! typed_hashes {
    ($($(#[$attr:meta])* $name:ident => $alg:ident, $len:literal, $doc:literal;)*) => {$(
        #[doc = concat!($doc, ": a typed wrapper over [`Hasher`] with a ", stringify!($len), "-byte output.")]
        #[derive(Clone, Debug)]
        $(#[$attr])*
        pub struct $name(Hasher);

        $(#[$attr])*
        impl $name {
            /// Output length in bytes.
            pub const OUTPUT_LEN: usize = $len;

            /// A new hasher.
            pub fn new() -> Self {
                $name(Hasher::new(Algorithm::$alg).expect("catalog hash"))
            }

            /// Absorbs `data`.
            pub fn update(&mut self, data: &[u8]) -> &mut Self {
                self.0.update(data);
                self
            }

            /// The digest, consuming the hasher.
            pub fn finalize(self) -> [u8; $len] {
                let mut out = [0u8; $len];
                self.0.finalize_into(&mut out).expect("fixed length");
                out
            }

            /// The digest of `data` in one call.
            pub fn digest(data: &[u8]) -> [u8; $len] {
                let mut h = Self::new();
                h.update(data);
                h.finalize()
            }
        }

        $(#[$attr])*
        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }
    )*};
}

// Without `full`, only the SHA-2 wrappers: the others' `new` would find no
// state to build.
typed_hashes! {
    #[cfg(feature = "full")]
    Sha1 => Sha1, 20, "SHA-1 (FIPS 180-4; broken for collisions, kept for compatibility)";
    Sha224 => Sha224, 28, "SHA-224 (FIPS 180-4)";
    Sha256 => Sha256, 32, "SHA-256 (FIPS 180-4)";
    Sha384 => Sha384, 48, "SHA-384 (FIPS 180-4)";
    Sha512 => Sha512, 64, "SHA-512 (FIPS 180-4)";
    Sha512_256 => Sha512_256, 32, "SHA-512/256 (FIPS 180-4)";
    #[cfg(feature = "full")]
    Sha3_256 => Sha3_256, 32, "SHA3-256 (FIPS 202)";
    #[cfg(feature = "full")]
    Sha3_512 => Sha3_512, 64, "SHA3-512 (FIPS 202)";
    #[cfg(feature = "full")]
    Keccak256 => Keccak256, 32, "Keccak-256 (the pre-FIPS padding used by Ethereum)";
    #[cfg(feature = "full")]
    Blake2b512 => Blake2b, 64, "BLAKE2b-512 (RFC 7693)";
    #[cfg(feature = "full")]
    Blake2s256 => Blake2s, 32, "BLAKE2s-256 (RFC 7693)";
    #[cfg(feature = "full")]
    Blake3 => Blake3, 32, "BLAKE3 in hash mode";
    #[cfg(feature = "full")]
    Md5 => Md5, 16, "MD5 (RFC 1321; broken, kept for compatibility)";
    #[cfg(feature = "full")]
    Ripemd160 => Ripemd160, 20, "RIPEMD-160";
}
