//! BLAKE2b and BLAKE2s (RFC 7693) with key, salt, personalization and any
//! output length they allow.
//!
//! Backend: `blake2b_simd`/`blake2s_simd`, which take all four parameters at
//! run time (RustCrypto's `blake2` fixes the output length in the type) and
//! pick AVX2/SSE4.1 at run time. HMAC-BLAKE2 uses RustCrypto's `blake2`, see
//! `mac::hmac`.

use super::HashOptions;
use crate::error::{Error, Expected, Result};

macro_rules! blake2_variant {
    ($name:ident, $krate:ident, $max_out:literal, $max_key:literal, $max_salt:literal, $doc:literal) => {
        #[doc = $doc]
        ///
        /// Output 1..=`MAX_OUTPUT` bytes; key up to `MAX_KEY` bytes; salt and
        /// personalization up to `MAX_SALT` bytes each, zero-padded as the
        /// parameter block of RFC 7693 §2.5 specifies (as Python's hashlib does).
        #[derive(Clone)]
        pub struct $name {
            params: $krate::Params,
            state: $krate::State,
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
                let params = Self::params(options, out_len)?;
                let state = params.to_state();
                Ok($name { params, state })
            }

            /// Hashes `data` into `out` (which must be `out_len` bytes) in one
            /// call, without a `Hasher`: a state in this frame, wiped with the
            /// parameter block (which holds any key) before returning, keyed
            /// or not (the state's buffer holds the message's last block,
            /// which may be a secret; the crate's `Params::hash` leaves it).
            ///
            /// # Errors
            /// As [`Self::new`], and [`Error::InvalidLength`] if `out` is not
            /// `out_len` bytes.
            #[inline(never)] // its own frame: see `hash::hash_into`
            pub fn hash_into(options: &HashOptions<'_>, out_len: usize, data: &[u8], out: &mut [u8]) -> Result<()> {
                let mut params = Self::params(options, out_len)?;
                Error::check_length("output", Expected::Exactly(out_len), out.len())?;
                let mut state = params.to_state();
                state.update(data);
                out.copy_from_slice(state.finalize().as_bytes());
                // SAFETY: `Params` and `State` are flat (see `secret::wipe_flat`)
                // and neither is used after this point.
                unsafe {
                    crate::secret::wipe_flat(&mut state);
                    crate::secret::wipe_flat(&mut params);
                }
                Ok(())
            }

            /// The parameter block the options describe, checked.
            fn params(options: &HashOptions<'_>, out_len: usize) -> Result<$krate::Params> {
                if options.context.is_some() {
                    return Err(Error::UnsupportedOption { algorithm: stringify!($krate), option: "context" });
                }
                Error::check_length("output", Expected::Range(1, $max_out), out_len)?;
                let mut params = $krate::Params::new();
                params.hash_length(out_len);
                if let Some(key) = options.key {
                    Error::check_length("key", Expected::Range(0, $max_key), key.len())?;
                    params.key(key);
                }
                if let Some(salt) = options.salt {
                    Error::check_length("salt", Expected::Range(0, $max_salt), salt.len())?;
                    params.salt(salt);
                }
                if let Some(personal) = options.personal {
                    Error::check_length("personal", Expected::Range(0, $max_salt), personal.len())?;
                    params.personal(personal);
                }
                Ok(params)
            }

            /// Absorbs `data`.
            pub fn update(&mut self, data: &[u8]) {
                self.state.update(data);
            }

            /// Writes the digest (its length was checked by the caller) and
            /// starts over with the same parameters.
            pub fn finalize_into_reset(&mut self, out: &mut [u8]) {
                out.copy_from_slice(self.state.finalize().as_bytes());
                self.reset();
            }

            /// Writes the digest of what was absorbed so far (its length was
            /// checked by the caller), leaving the state as it was: the
            /// crate finalizes a copy of its buffer and words, not the state.
            pub fn digest_into(&self, out: &mut [u8]) {
                out.copy_from_slice(self.state.finalize().as_bytes());
            }

            /// Starts over with the same parameters (the key block is re-absorbed).
            pub fn reset(&mut self) {
                self.state = self.params.to_state();
            }
        }
    };
}

blake2_variant!(Blake2b, blake2b_simd, 64, 64, 16, "BLAKE2b state (64-bit words, up to 64-byte output).");
blake2_variant!(Blake2s, blake2s_simd, 32, 32, 8, "BLAKE2s state (32-bit words, up to 32-byte output).");
