//! BLAKE2b and BLAKE2s (RFC 7693) with key, salt, personalization and any
//! output length they allow.
//!
//! Backend: RustCrypto's `blake2` compression cores (`Blake2bVarCore`,
//! `Blake2sVarCore`), which take the whole parameter block at run time,
//! driven here through digest's lazy block buffer exactly as the crate's own
//! `Blake2bMac` drives them; the crate's ready-made types fix the output
//! length (or the absence of a key) in the type, which a run-time API cannot.
//! The cores are portable code. Measured on AMD Zen 5 against
//! `blake2b_simd`/`blake2s_simd`, which this replaced (their AVX2 path was
//! slower still; docs/DEPENDENCIES.md): BLAKE2b of 32 B 95 ns against 105,
//! of 1 KiB 666 against 780, of 1 MiB 0.68 ms against 0.72; BLAKE2s of 1 KiB
//! 1.12 µs against 1.19.
//!
//! One-shot BLAKE2b and BLAKE2s go through the `blake2b` and `blake2s`
//! registries (`BLAKE2B_BACKENDS`, `BLAKE2S_BACKENDS`): blake2b_simd's and
//! blake2s_simd's SIMD code first on CPUs with AVX2 but not on AMD Zen 5
//! and later, where the portable cores measured faster (they stay first
//! there and off x86-64).
//!
//! HMAC-BLAKE2 uses the same crate's fixed-size types, see `mac::hmac`.

use ::blake2::digest::core_api::{Buffer, UpdateCore, VariableOutputCore};
use ::blake2::{Blake2bVarCore, Blake2sVarCore};

use alloc::boxed::Box;

use super::HashOptions;
use crate::error::{Error, Expected, Result};

macro_rules! blake2_variant {
    ($name:ident, $alg:literal, $core:ty, $max_out:literal, $max_key:literal, $max_salt:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// Output 1..=`MAX_OUTPUT` bytes; key up to `MAX_KEY` bytes; salt and
        /// personalization up to `MAX_SALT` bytes each, zero-padded as the
        /// parameter block of RFC 7693 §2.5 specifies (as Python's hashlib does).
        /// Wiped when dropped: a keyed state is as good as the key, and every
        /// state holds the message's last block.
        #[derive(Clone)]
        pub struct $name {
            core: $core,
            buffer: Buffer<$core>,
            out_len: u8,
            /// Where `reset` starts over when a key, salt or personalization
            /// was given; a plain state rebuilds its core from `out_len`.
            /// Boxed, so that the common plain state stays small: hash
            /// objects are moved several times on their way to a binding.
            params: Option<Box<Params<$core>>>,
        }

        impl $name {
            /// Largest output length in bytes.
            pub const MAX_OUTPUT: usize = $max_out;
            /// Largest key length in bytes.
            pub const MAX_KEY: usize = $max_key;
            /// Largest salt (and personalization) length in bytes.
            pub const MAX_SALT: usize = $max_salt;

            /// Builds the state from the options.
            ///
            /// # Errors
            /// [`Error::InvalidLength`] for an output, key, salt or
            /// personalization out of range; [`Error::UnsupportedOption`] for a
            /// BLAKE3 `context`.
            pub fn new(options: &HashOptions<'_>, out_len: usize) -> Result<Self> {
                let initial = Self::initial_core(options, out_len)?;
                let key = options.key.unwrap_or_default();
                let params = (options.key.is_some() || options.salt.is_some() || options.personal.is_some()).then(|| {
                    let mut params = Box::new(Params { initial: initial.clone(), key: [0; 64], key_len: key.len() as u8 });
                    params.key[..key.len()].copy_from_slice(key);
                    params
                });
                // `initial_core` checked out_len against MAX_OUTPUT (at most 64).
                Ok($name { core: initial, buffer: Self::key_buffer(key), out_len: out_len as u8, params })
            }

            /// Hashes `data` into `out` (which must be `out_len` bytes) in one
            /// call, with the core and buffer in this frame (no state to build,
            /// move or reset: measured through Go's `saline.Sum`, the moves
            /// were a tenth of a 32-byte BLAKE2b), wiped before returning.
            ///
            /// # Errors
            /// As [`Self::new`], and [`Error::InvalidLength`] if `out` is not
            /// `out_len` bytes.
            pub fn hash_into(options: &HashOptions<'_>, out_len: usize, data: &[u8], out: &mut [u8]) -> Result<()> {
                let mut core = Self::initial_core(options, out_len)?;
                Error::check_length("output", Expected::Exactly(out_len), out.len())?;
                let mut buffer = Self::key_buffer(options.key.unwrap_or_default());
                buffer.digest_blocks(data, |blocks| core.update_blocks(blocks));
                Self::finish(&mut core, &mut buffer, out);
                Ok(())
            }

            /// Checks the options and the output length (every backend's
            /// errors, in this order).
            fn check(options: &HashOptions<'_>, out_len: usize) -> Result<()> {
                if options.context.is_some() {
                    return Err(Error::UnsupportedOption { algorithm: $alg, option: "context" });
                }
                Error::check_length("output", Expected::Range(1, $max_out), out_len)?;
                Error::check_length("key", Expected::Range(0, $max_key), options.key.unwrap_or_default().len())?;
                Error::check_length("salt", Expected::Range(0, $max_salt), options.salt.unwrap_or_default().len())?;
                Error::check_length("personal", Expected::Range(0, $max_salt), options.personal.unwrap_or_default().len())
            }

            /// The options checked, and the core their parameter block
            /// (RFC 7693 §2.5) starts from.
            fn initial_core(options: &HashOptions<'_>, out_len: usize) -> Result<$core> {
                Self::check(options, out_len)?;
                // The lengths were checked: the core's asserts on them cannot
                // fire. It zero-pads salt and personalization.
                let (salt, personal) = (options.salt.unwrap_or_default(), options.personal.unwrap_or_default());
                Ok(<$core>::new_with_params(salt, personal, options.key.unwrap_or_default().len(), out_len))
            }

            /// The buffer a message starts with: empty, or for keyed hashing
            /// the key zero-padded to a block (RFC 7693 §3.3), which waits in
            /// the lazy buffer like any block, so that an empty message makes
            /// it the final block.
            fn key_buffer(key: &[u8]) -> Buffer<$core> {
                if key.is_empty() {
                    return Buffer::<$core>::default();
                }
                let mut block = ::blake2::digest::core_api::Block::<$core>::default();
                block[..key.len()].copy_from_slice(key);
                let buffer = Buffer::<$core>::new(&block);
                zeroize::Zeroize::zeroize(block.as_mut_slice());
                buffer
            }

            /// Absorbs `data`.
            pub fn update(&mut self, data: &[u8]) {
                let $name { core, buffer, .. } = self;
                buffer.digest_blocks(data, |blocks| core.update_blocks(blocks));
            }

            /// Pads and compresses the last block into `out` (the output
            /// length the caller checked), then wipes `core` and `buffer`,
            /// which are spent: the caller drops or replaces them.
            fn finish(core: &mut $core, buffer: &mut Buffer<$core>, out: &mut [u8]) {
                let mut full = ::blake2::digest::Output::<$core>::default();
                core.finalize_variable_core(buffer, &mut full);
                // The parameter block fixed the output length; shorter
                // outputs are the digest's first bytes (RFC 7693 §2.5).
                out.copy_from_slice(&full[..out.len()]);
                zeroize::Zeroize::zeroize(full.as_mut_slice());
                // SAFETY: both are flat (see `secret::wipe_flat`: the core is
                // words and a counter, the buffer a byte array and a position),
                // and all-zero is a valid value of each for the caller to drop
                // or overwrite.
                unsafe {
                    crate::secret::wipe_flat(core);
                    crate::secret::wipe_flat(buffer);
                }
            }

            /// Writes the digest (its length was checked by the caller) and
            /// starts over with the same parameters.
            pub fn finalize_into_reset(&mut self, out: &mut [u8]) {
                Self::finish(&mut self.core, &mut self.buffer, out);
                self.reset();
            }

            /// Writes the digest of what was absorbed so far (its length was
            /// checked by the caller), leaving the state as it was: the last
            /// block is padded and compressed in copies, wiped after.
            pub fn digest_into(&self, out: &mut [u8]) {
                let (mut core, mut buffer) = (self.core.clone(), self.buffer.clone());
                Self::finish(&mut core, &mut buffer, out);
            }

            /// Starts over with the same parameters (the key block is re-absorbed).
            pub fn reset(&mut self) {
                match &self.params {
                    Some(params) => {
                        self.core = params.initial.clone();
                        self.buffer = Self::key_buffer(&params.key[..usize::from(params.key_len)]);
                    }
                    None => {
                        self.core = <$core>::new_with_params(&[], &[], 0, usize::from(self.out_len));
                        self.buffer = Buffer::<$core>::default();
                    }
                }
            }
        }

        impl Drop for $name {
            fn drop(&mut self) {
                // SAFETY: the core and the buffer are flat (see `finish`) and
                // neither is used after this point. `params` wipes itself.
                unsafe {
                    crate::secret::wipe_flat(&mut self.core);
                    crate::secret::wipe_flat(&mut self.buffer);
                }
            }
        }
    };
}

/// What a BLAKE2 state with a key, salt or personalization starts over
/// from: the core as its parameter block left it, before any input, and the
/// key (its first `key_len` bytes; 64 fits either variant), absorbed again.
#[derive(Clone)]
struct Params<C> {
    initial: C,
    key: [u8; 64],
    key_len: u8,
}

impl<C> Drop for Params<C> {
    fn drop(&mut self) {
        // SAFETY: `C` is one of the two BLAKE2 cores, flat (see
        // `finish`), and it is not used after this point.
        unsafe { crate::secret::wipe_flat(&mut self.initial) };
        zeroize::Zeroize::zeroize(&mut self.key);
    }
}

blake2_variant!(Blake2b, "blake2b", Blake2bVarCore, 64, 64, 16, "BLAKE2b state (64-bit words, up to 64-byte output).");
blake2_variant!(Blake2s, "blake2s", Blake2sVarCore, 32, 32, 8, "BLAKE2s state (32-bit words, up to 32-byte output).");

/// BLAKE2b or BLAKE2s in one call, `(options, out_len, data, out)`: what
/// `hash_into` runs for it. Each entry checks the options and lengths
/// itself, with the same errors ([`Blake2b::check`], [`Blake2s::check`]).
type Blake2OneShot = fn(&HashOptions<'_>, usize, &[u8], &mut [u8]) -> Result<()>;

/// One-shot BLAKE2b: blake2b_simd's AVX2 code first on x86-64 CPUs with
/// AVX2, except AMD Zen 5 and later, where RustCrypto's portable core goes
/// first (blake2b_simd then comes last, still available to force);
/// libsodium stays available to force, and is the differential's reference.
/// Measured one-shot BLAKE2b-512 in one process (docs/DEPENDENCIES.md): on
/// AMD Zen 3 (AVX2, no AVX-512) blake2b_simd ran 1.11-1.3x libsodium's AVX2
/// code at 32 B, 1 KiB and 1 MiB, which in turn ran 1.05-1.6x the portable
/// core; on an Intel Xeon with AVX-512 (family 6, model 207) blake2b_simd
/// ran 1.05-1.15x libsodium and 1.0-1.75x the portable core (bench/rust,
/// forced in turn, November 28); only on AMD Zen 5, whose six integer ALUs
/// run the scalar rounds well, did the portable core win, 1.27-1.97x
/// libsodium and 1.06-1.17x blake2b_simd. Streaming BLAKE2b
/// ([`Blake2bStream`]) takes blake2b_simd when it is selected, RustCrypto's
/// core otherwise (libsodium's one-shot code is not a stream).
#[cfg_attr(not(feature = "full"), allow(dead_code))] // reached through `full`'s dispatch only
pub(crate) static BLAKE2B_BACKENDS: crate::backend::Registry<Blake2OneShot> = crate::backend::Registry::first_leading_where(
    "blake2b",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        crate::backend::Backend::portable("blake2b-simd", blake2b_simd_hash),
        crate::backend::Backend::portable("rustcrypto", Blake2b::hash_into),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        crate::backend::Backend { name: "libsodium", usable: crate::backend::libsodium::usable, entry: blake2b_libsodium },
    ],
    simd_first,
);

/// One-shot BLAKE2s: blake2s_simd's SSE4.1 code first on x86-64 CPUs with
/// AVX2 except AMD Zen 5 and later, RustCrypto's portable core first
/// everywhere else (blake2s_simd then last, still available to force).
/// Measured in one process (docs/DEPENDENCIES.md): on AMD Zen 3 BLAKE2s-256
/// of 1 KiB 1.70 against 2.11-2.17 µs, of 64 KiB 108 against 135-153 µs;
/// on an Intel Xeon with AVX-512, 1 KiB 2.13-2.16 against 2.43-3.54 µs
/// (bench/rust, forced in turn); on AMD Zen 5 the portable core was the
/// faster, 1.12 against 1.19 µs at 1 KiB. Streaming BLAKE2s stays portable.
#[cfg_attr(not(feature = "full"), allow(dead_code))] // reached through `full`'s dispatch only
pub(crate) static BLAKE2S_BACKENDS: crate::backend::Registry<Blake2OneShot> = crate::backend::Registry::first_leading_where(
    "blake2s",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        crate::backend::Backend::portable("blake2s-simd", blake2s_simd_hash),
        crate::backend::Backend::portable("rustcrypto", Blake2s::hash_into),
    ],
    simd_first,
);

/// The registries' rule: AVX2, on any core but AMD Zen 5 and later (see
/// there). It was "AVX2 without AVX-512", from Zen 3 and Zen 5 alone; an
/// Intel Xeon with AVX-512 then ran the portable core at 0.68-0.72x
/// libsodium (bench/rust, BLAKE2b-512 of 32 B and 1 MiB).
#[cfg_attr(not(feature = "full"), allow(dead_code))]
fn simd_first() -> bool {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    return std::is_x86_feature_detected!("avx2") && !crate::backend::cpu::amd_zen5_or_later();
    #[cfg(not(all(feature = "std", target_arch = "x86_64")))]
    false
}

/// One-shot BLAKE2b through the registry's backend.
///
/// # Errors
/// As [`Blake2b::hash_into`].
#[cfg_attr(not(feature = "full"), allow(dead_code))]
pub(crate) fn blake2b_hash_into(options: &HashOptions<'_>, out_len: usize, data: &[u8], out: &mut [u8]) -> Result<()> {
    (BLAKE2B_BACKENDS.get())(options, out_len, data, out)
}

/// One-shot BLAKE2s through the registry's backend.
///
/// # Errors
/// As [`Blake2s::hash_into`].
#[cfg_attr(not(feature = "full"), allow(dead_code))]
pub(crate) fn blake2s_hash_into(options: &HashOptions<'_>, out_len: usize, data: &[u8], out: &mut [u8]) -> Result<()> {
    (BLAKE2S_BACKENDS.get())(options, out_len, data, out)
}

/// The one-shot entry over blake2b_simd or blake2s_simd (the same API over
/// 64- or 32-bit words; each picks its SIMD compression at run time; salt
/// and personalization zero-padded to the variant's length, as the portable
/// core pads them), and the parameter block it starts from. Neither crate
/// wipes anything: with a key, its `Params` (which hold the key block) and
/// `State` are wiped here after use.
macro_rules! simd_one_shot {
    ($fn_name:ident, $params_fn:ident, $krate:ident, $variant:ty, $doc:literal) => {
        /// Fills `params` (a fresh `Params::new()`, where it will stay, so
        /// that the key is not copied) from options the caller checked.
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        fn $params_fn(options: &HashOptions<'_>, out_len: usize, params: &mut $krate::Params) {
            params.hash_length(out_len);
            if let Some(salt) = options.salt {
                params.salt(salt);
            }
            if let Some(personal) = options.personal {
                params.personal(personal);
            }
            if let Some(key) = options.key {
                params.key(key);
            }
        }

        #[doc = $doc]
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        fn $fn_name(options: &HashOptions<'_>, out_len: usize, data: &[u8], out: &mut [u8]) -> Result<()> {
            // Every check before the key is copied anywhere.
            <$variant>::check(options, out_len)?;
            Error::check_length("output", Expected::Exactly(out_len), out.len())?;
            let mut params = $krate::Params::new();
            $params_fn(options, out_len, &mut params);
            let hash = if options.key.is_none() {
                // Unkeyed, `Params::hash` compresses the input where it lies.
                params.hash(data)
            } else {
                let mut state = params.to_state();
                state.update(data);
                let hash = state.finalize();
                // SAFETY: `Params` and `State` are plain integer and byte
                // arrays, counters and field-less enums with a zero variant
                // (no pointer, no Drop), and neither is used again.
                unsafe {
                    crate::secret::wipe_flat(&mut state);
                    crate::secret::wipe_flat(&mut params);
                }
                hash
            };
            out.copy_from_slice(hash.as_bytes());
            Ok(())
        }
    };
}

simd_one_shot!(blake2b_simd_hash, blake2b_simd_params, blake2b_simd, Blake2b, "blake2b_simd's one-shot BLAKE2b (SSE4.1 or AVX2, or portable).");
simd_one_shot!(blake2s_simd_hash, blake2s_simd_params, blake2s_simd, Blake2s, "blake2s_simd's one-shot BLAKE2s (SSE4.1, or portable).");

/// A streaming BLAKE2b (the hash objects of every binding, `Hasher`): the
/// `blake2b` registry's blake2b_simd when that is selected (its AVX2 code,
/// on CPUs with AVX2 except AMD Zen 5 and later, where it measured faster), else
/// RustCrypto's core ([`Blake2b`]; libsodium's one-shot code has no place
/// in a stream). Wiped when dropped.
#[cfg_attr(not(feature = "full"), allow(dead_code))] // reached through `full`'s Hasher only
#[derive(Clone)]
pub(crate) enum Blake2bStream {
    Portable(Blake2b),
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    Simd(Box<SimdBlake2b>),
}

/// blake2b_simd's state and the parameter block `reset` starts over from.
#[cfg_attr(not(feature = "full"), allow(dead_code))] // reached through `full`'s Hasher only
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
#[derive(Clone)]
pub(crate) struct SimdBlake2b {
    state: blake2b_simd::State,
    params: blake2b_simd::Params,
}

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
impl Drop for SimdBlake2b {
    fn drop(&mut self) {
        // SAFETY: as in `simd_one_shot!`: flat types, not used again.
        unsafe {
            crate::secret::wipe_flat(&mut self.state);
            crate::secret::wipe_flat(&mut self.params);
        }
    }
}

#[cfg_attr(not(feature = "full"), allow(dead_code))] // reached through `full`'s Hasher only
impl Blake2bStream {
    /// Builds the state from the options (errors as [`Blake2b::new`]).
    pub(crate) fn new(options: &HashOptions<'_>, out_len: usize) -> Result<Self> {
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        if BLAKE2B_BACKENDS.selected_name() == "blake2b-simd" {
            Blake2b::check(options, out_len)?;
            // The parameter block (with the key) is filled where it stays.
            let mut simd = Box::new(SimdBlake2b { state: blake2b_simd::State::new(), params: blake2b_simd::Params::new() });
            blake2b_simd_params(options, out_len, &mut simd.params);
            simd.state = simd.params.to_state();
            return Ok(Blake2bStream::Simd(simd));
        }
        Ok(Blake2bStream::Portable(Blake2b::new(options, out_len)?))
    }

    /// Absorbs `data`.
    pub(crate) fn update(&mut self, data: &[u8]) {
        match self {
            Blake2bStream::Portable(d) => d.update(data),
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Blake2bStream::Simd(d) => {
                d.state.update(data);
            }
        }
    }

    /// The digest so far into `out` (the output length, checked by the
    /// caller), leaving the state as it was.
    pub(crate) fn digest_into(&self, out: &mut [u8]) {
        match self {
            Blake2bStream::Portable(d) => d.digest_into(out),
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Blake2bStream::Simd(d) => out.copy_from_slice(d.state.finalize().as_bytes()),
        }
    }

    /// The digest into `out`, then starts over with the same parameters.
    pub(crate) fn finalize_into_reset(&mut self, out: &mut [u8]) {
        match self {
            Blake2bStream::Portable(d) => d.finalize_into_reset(out),
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Blake2bStream::Simd(_) => {
                self.digest_into(out);
                self.reset();
            }
        }
    }

    /// Starts over with the same parameters (the key block is re-absorbed).
    pub(crate) fn reset(&mut self) {
        match self {
            Blake2bStream::Portable(d) => d.reset(),
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Blake2bStream::Simd(d) => {
                // SAFETY: as in `Drop`; overwritten at once.
                unsafe { crate::secret::wipe_flat(&mut d.state) };
                d.state = d.params.to_state();
            }
        }
    }
}

/// libsodium's one-shot BLAKE2b, with salt and personalization zero-padded
/// to its 16 bytes as the portable core pads them.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn blake2b_libsodium(options: &HashOptions<'_>, out_len: usize, data: &[u8], out: &mut [u8]) -> Result<()> {
    Blake2b::check(options, out_len)?;
    Error::check_length("output", Expected::Exactly(out_len), out.len())?;
    let padded = |value: Option<&[u8]>| {
        value.map(|value| {
            let mut block = [0u8; 16];
            block[..value.len()].copy_from_slice(value);
            block
        })
    };
    let (salt, personal) = (padded(options.salt), padded(options.personal));
    crate::backend::libsodium::blake2b(out, data, options.key.unwrap_or_default(), salt.as_ref(), personal.as_ref());
    Ok(())
}
