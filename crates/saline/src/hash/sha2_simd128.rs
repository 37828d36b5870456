//! SHA-2 in the WebAssembly SIMD build: sha2 0.11, whose `wasm32_simd128`
//! kernels it picks itself when compiled with `+simd128`, behind the digest
//! 0.10 traits that [`super::Hasher`] and `hash_into` are written against
//! (the rest of the RustCrypto crates here, HMAC and Ed25519 included, are
//! still on the digest 0.10 generation: they get 0.11's SHA-512 compression
//! through sha512_dispatch.rs, and keep 0.10's SHA-256).
//!
//! Measured in V8 (Node 20, a probe of the two crates alone, same machine):
//! SHA-512 of 32 B, 1 KiB and 1 MiB took 317 ns, 2.73 µs and 2.44 ms with
//! 0.10 and 167 ns, 1.32 µs and 1.17 ms with 0.11's SIMD128 code; SHA-256
//! 134 ns, 2.16 µs, 1.88 ms against 123 ns, 1.75 µs, 1.68 ms. Without
//! SIMD128, 0.11's portable code was 5-15% slower than 0.10's, and natively
//! the two are within noise: so only this build uses it.

use digest::consts::{U28, U32, U48, U64};
use digest::{FixedOutput, FixedOutputReset, HashMarker, Output, OutputSizeUser, Reset, Update};
use sha2_simd128::Digest as _;

macro_rules! digest_010 {
    ($($name:ident => $size:ty;)*) => {$(
        /// sha2 0.11's state seen through digest 0.10's traits. Flat (integer
        /// arrays and counters, like 0.10's), as `secret::wipe_flat` requires.
        #[derive(Clone, Default)]
        pub(crate) struct $name(sha2_simd128::$name);

        impl HashMarker for $name {}

        impl OutputSizeUser for $name {
            type OutputSize = $size;
        }

        impl Update for $name {
            fn update(&mut self, data: &[u8]) {
                self.0.update(data);
            }
        }

        impl FixedOutput for $name {
            fn finalize_into(mut self, out: &mut Output<Self>) {
                FixedOutputReset::finalize_into_reset(&mut self, out);
            }
        }

        impl FixedOutputReset for $name {
            fn finalize_into_reset(&mut self, out: &mut Output<Self>) {
                out.copy_from_slice(&self.0.finalize_reset());
            }
        }

        impl Reset for $name {
            fn reset(&mut self) {
                sha2_simd128::Digest::reset(&mut self.0);
            }
        }
    )*};
}

digest_010! {
    Sha224 => U28;
    Sha256 => U32;
    Sha384 => U48;
    Sha512 => U64;
    Sha512_256 => U32;
}
