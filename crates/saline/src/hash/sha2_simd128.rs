//! SHA-2 in the WebAssembly SIMD build: sha2 0.11, whose `wasm32_simd128`
//! kernels it picks itself when compiled with `+simd128`, behind the digest
//! 0.10 traits that [`super::Hasher`] and `hash_into` are written against
//! (the rest of the RustCrypto crates here, HMAC and Ed25519 included, are
//! still on the digest 0.10 generation: they get 0.11's compression through
//! sha512_dispatch.rs for the SHA-512 family and [`core_api`] below for
//! SHA-224 and SHA-256).
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

/// SHA-224 and SHA-256 as digest 0.10 `CoreWrapper`s over sha2 0.11's
/// SIMD128 `compress256`, for what is built on the 0.10 core API (HMAC,
/// PBKDF2, HKDF: `hash::sha2_core`), as sha512_dispatch.rs does for the
/// SHA-512 family. With sha2 0.10's SHA-256 underneath, HMAC-SHA-256 of
/// 1 KiB took 2.4 µs more than SHA-256 of 1 KiB through the module's export
/// (Node, bench/node/call-cost.mjs), where four more compressions are
/// about 0.8 µs.
pub(crate) mod core_api {
    use digest::consts::{U28, U32, U64};
    use digest::core_api::{Block, Buffer, CoreWrapper, CtVariableCoreWrapper, TruncSide, UpdateCore, VariableOutputCore};
    use digest::{InvalidOutputSize, Output};

    /// The SHA-256 family's core: the state and the count of blocks
    /// absorbed. Flat (integers only), as `secret::wipe_flat` requires.
    #[derive(Clone)]
    pub(crate) struct Sha256Core {
        state: [u32; 8],
        block_len: u64,
    }

    core_traits!(Sha256Core, U64, U32, "Sha256");

    fn compress(state: &mut [u32; 8], blocks: &[Block<Sha256Core>]) {
        sha2_simd128::block_api::compress256(state, crate::hash::block_arrays(blocks));
    }

    impl UpdateCore for Sha256Core {
        #[inline]
        fn update_blocks(&mut self, blocks: &[Block<Self>]) {
            self.block_len += blocks.len() as u64;
            compress(&mut self.state, blocks);
        }
    }

    impl VariableOutputCore for Sha256Core {
        const TRUNC_SIDE: TruncSide = TruncSide::Left;

        fn new(output_size: usize) -> Result<Self, InvalidOutputSize> {
            let state = match output_size {
                28 => H224,
                32 => H256,
                _ => return Err(InvalidOutputSize),
            };
            Ok(Sha256Core { state, block_len: 0 })
        }

        fn finalize_variable_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
            // FIPS 180-4 §5.1.1: a 1 bit, zeros, and the message length in
            // bits as a 64-bit big-endian integer.
            let bit_len = 8 * (buffer.get_pos() as u64 + 64 * self.block_len);
            buffer.len64_padding_be(bit_len, |b| compress(&mut self.state, core::slice::from_ref(b)));
            for (chunk, v) in out.chunks_exact_mut(4).zip(self.state.iter()) {
                chunk.copy_from_slice(&v.to_be_bytes());
            }
        }
    }

    pub(crate) type Sha224 = CoreWrapper<CtVariableCoreWrapper<Sha256Core, U28>>;
    pub(crate) type Sha256 = CoreWrapper<CtVariableCoreWrapper<Sha256Core, U32>>;

    // Initial hash values, FIPS 180-4 §5.3.2 (SHA-224) and §5.3.3 (SHA-256).
    const H224: [u32; 8] = [0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4];
    const H256: [u32; 8] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
}
