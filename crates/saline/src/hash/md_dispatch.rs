//! MD4 (RFC 1320) and MD5 (RFC 1321) with the compression function taken
//! from a backend registry: a native library's (AWS-LC's C for MD4 on native
//! builds, 1.27x md4's Rust here; OpenSSL's x86-64 assembly for MD5 on x86-64
//! Linux, 1.7x md-5's: docs/DEPENDENCIES.md), or the RustCrypto crate's. The
//! crates do not export their compression functions, so each core is one of
//! two: the native state with digest 0.10's buffer and padding around it
//! (the two hashes pad alike), or the crate's own core. HMAC-MD4, HMAC-MD5
//! and the hash states take these types; elsewhere `hash::md4_core::Md4` and
//! `hash::md5_core::Md5` are the crates'.

use digest::consts::{U16, U64};
use digest::core_api::{Block, Buffer, CoreWrapper, FixedOutputCore, UpdateCore};
use digest::{Output, Reset};

use super::CoreBackend;
use crate::backend::{Backend, Registry};

/// RFC 1320 §3.3 and RFC 1321 §3.3: the same initial A, B, C, D.
const INIT: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

/// One core type per hash: `$native` holds the native code's state (flat
/// integers and bytes) and the number of whole blocks absorbed.
macro_rules! md_core {
    ($core:ident, $wrapper:ident, $registry:ident, $primitive:literal, $native_name:literal, $state:ty, $fresh:expr, $compress:path, $crate_core:ty, $name:literal) => {
        #[doc = concat!("The `", $primitive, "` registry: the native code first.")]
        pub(crate) static $registry: Registry<CoreBackend> =
            Registry::new($primitive, &[Backend::portable($native_name, CoreBackend::Native), Backend::portable("rustcrypto", CoreBackend::RustCrypto)]);

        /// A core; integers only, and `repr(u8)` so that all-zero bytes are
        /// the first variant, a valid value (`secret::wipe_flat`'s contract).
        #[derive(Clone)]
        #[repr(u8)]
        pub(crate) enum $core {
            Native { state: $state, block_len: u64 },
            RustCrypto($crate_core),
        }

        impl Default for $core {
            fn default() -> Self {
                match $registry.get() {
                    CoreBackend::Native => $core::Native { state: $fresh, block_len: 0 },
                    CoreBackend::RustCrypto => $core::RustCrypto(<$crate_core>::default()),
                }
            }
        }

        core_traits!($core, U64, U16, $name);

        impl UpdateCore for $core {
            #[inline]
            fn update_blocks(&mut self, blocks: &[Block<Self>]) {
                match self {
                    $core::Native { state, block_len } => {
                        *block_len = block_len.wrapping_add(blocks.len() as u64);
                        $compress(state, blocks);
                    }
                    $core::RustCrypto(core) => core.update_blocks(blocks),
                }
            }
        }

        impl FixedOutputCore for $core {
            fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
                match self {
                    $core::Native { state, block_len } => {
                        // RFC 1320/1321 §3.1-3.2: a 1 bit, zeros, and the length
                        // in bits as a 64-bit little-endian integer (mod 2^64).
                        let bit_len = block_len.wrapping_mul(64).wrapping_add(buffer.get_pos() as u64).wrapping_mul(8);
                        buffer.len64_padding_le(bit_len, |b| $compress(state, core::slice::from_ref(b)));
                        for (chunk, v) in out.chunks_exact_mut(4).zip(state.words()) {
                            chunk.copy_from_slice(&v.to_le_bytes());
                        }
                    }
                    $core::RustCrypto(core) => core.finalize_fixed_core(buffer, out),
                }
            }
        }

        impl Reset for $core {
            fn reset(&mut self) {
                *self = $core::default();
            }
        }

        pub(crate) type $wrapper = CoreWrapper<$core>;
    };
}

/// MD5's native state is OpenSSL's four words.
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
fn md5_compress(state: &mut [u32; 4], blocks: &[Block<Md5Core>]) {
    saline_openssl_asm::md5_compress(state, super::block_bytes(blocks));
}

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
md_core!(Md5Core, Md5, MD5_BACKENDS, "md5", "openssl-asm", [u32; 4], INIT, md5_compress, md5::Md5Core, "Md5");

/// MD4's native state is AWS-LC's `MD4_CTX`, of which `MD4_Transform` reads
/// and writes only the four words (the rest stays zero).
fn md4_compress(ctx: &mut aws_lc_sys::MD4_CTX, blocks: &[Block<Md4Core>]) {
    for block in blocks {
        // SAFETY: a valid context and a 64-byte block, as MD4_Transform takes.
        unsafe { aws_lc_sys::MD4_Transform(ctx, block.as_ptr()) };
    }
}

const MD4_FRESH: aws_lc_sys::MD4_CTX = aws_lc_sys::MD4_CTX { h: INIT, Nl: 0, Nh: 0, data: [0; 64], num: 0 };

md_core!(Md4Core, Md4, MD4_BACKENDS, "md4", "aws-lc", aws_lc_sys::MD4_CTX, MD4_FRESH, md4_compress, md4::Md4Core, "Md4");

/// The four chaining words of either native state.
trait Words {
    fn words(&self) -> &[u32; 4];
}

impl Words for [u32; 4] {
    fn words(&self) -> &[u32; 4] {
        self
    }
}

impl Words for aws_lc_sys::MD4_CTX {
    fn words(&self) -> &[u32; 4] {
        &self.h
    }
}
