//! SHA3-224/256/384/512 and Keccak-256 (FIPS 202; Keccak-256 with the
//! original 0x01 padding) with the sponge's absorption taken from the
//! backend registry: OpenSSL's x86-64 Keccak-f[1600] (1.15-1.4x the keccak
//! crate's here, docs/DEPENDENCIES.md), or sha3 itself. sha3 does not export
//! its sponge, so a core is one of two: OpenSSL's 25 lanes with digest 0.10's
//! buffer and the padding below around them, or sha3's own core. The hash
//! states and HMAC-SHA3/Keccak take these types; SHAKE stays on sha3.
//! Native x86-64 Linux builds only; elsewhere `hash::sha3_core` is sha3's.

use digest::consts::{U104, U136, U144, U28, U32, U48, U64, U72};
use digest::core_api::{Block, Buffer, CoreWrapper, FixedOutputCore, UpdateCore};
use digest::typenum::Unsigned;
use digest::{Output, Reset};

use super::{block_bytes, CoreBackend, CORE_BACKENDS};
use crate::backend::Registry;

pub(crate) static KECCAK_BACKENDS: Registry<CoreBackend> = Registry::new("keccak", CORE_BACKENDS);

macro_rules! keccak_cores {
    ($($core:ident, $wrapper:ident, $sha3:ident, $out:ty, $rate:ty, $pad:expr, $name:literal;)*) => {$(
        /// A core of one fixed-output Keccak variant; integers only, and
        /// `repr(u8)` so that all-zero bytes are the first variant, a valid
        /// value (`secret::wipe_flat`'s contract).
        #[derive(Clone)]
        #[repr(u8)]
        pub(crate) enum $core {
            OpenSslAsm([u64; 25]),
            RustCrypto(sha3::$sha3),
        }

        impl Default for $core {
            fn default() -> Self {
                match KECCAK_BACKENDS.get() {
                    CoreBackend::Native => $core::OpenSslAsm([0; 25]),
                    CoreBackend::RustCrypto => $core::RustCrypto(Default::default()),
                }
            }
        }

        core_traits!($core, $rate, $out, $name);

        impl UpdateCore for $core {
            #[inline]
            fn update_blocks(&mut self, blocks: &[Block<Self>]) {
                match self {
                    $core::OpenSslAsm(lanes) => {
                        saline_openssl_asm::keccak_absorb(lanes, block_bytes(blocks), <$rate>::USIZE)
                    }
                    $core::RustCrypto(core) => core.update_blocks(blocks),
                }
            }
        }

        impl FixedOutputCore for $core {
            fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
                match self {
                    $core::OpenSslAsm(lanes) => {
                        // FIPS 202 §B.2: the domain bits and the first 1 of
                        // pad10*1 in one byte after the message, the last 1
                        // in the block's last bit (sha3's finalize, verbatim).
                        let pos = buffer.get_pos();
                        let block = buffer.pad_with_zeros();
                        block[pos] = $pad;
                        let n = block.len();
                        block[n - 1] |= 0x80;
                        saline_openssl_asm::keccak_absorb(lanes, block, <$rate>::USIZE);
                        // The output is shorter than the rate: the state's
                        // first bytes, lanes little-endian, no more permutation.
                        for (chunk, lane) in out.chunks_mut(8).zip(lanes.iter()) {
                            chunk.copy_from_slice(&lane.to_le_bytes()[..chunk.len()]);
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
    )*};
}

// (core, hash type, sha3's core, output size, rate, domain byte, name): the
// rates are 200 - 2 * output bytes (FIPS 202 §6.1); SHA-3's domain suffix is
// 01 then pad10*1, 0x06; the original Keccak's is pad10*1 alone, 0x01.
keccak_cores! {
    Sha3_224Core, Sha3_224, Sha3_224Core, U28, U144, 0x06, "Sha3_224";
    Sha3_256Core, Sha3_256, Sha3_256Core, U32, U136, 0x06, "Sha3_256";
    Sha3_384Core, Sha3_384, Sha3_384Core, U48, U104, 0x06, "Sha3_384";
    Sha3_512Core, Sha3_512, Sha3_512Core, U64, U72, 0x06, "Sha3_512";
    Keccak256Core, Keccak256, Keccak256Core, U32, U136, 0x01, "Keccak256";
}
