//! MD5 (RFC 1321) with the compression function taken from the backend
//! registry: OpenSSL's x86-64 assembly (1.7x md-5's Rust here, see
//! docs/DEPENDENCIES.md), or md-5 itself. md-5 does not export its
//! compression function, so the core is one of two: OpenSSL's state with
//! digest 0.10's buffer and padding around it, or md-5's own core. HMAC-MD5
//! and the MD5 hash states take this type. Native x86-64 Linux builds only;
//! elsewhere `hash::md5_core::Md5` is md-5's.

use digest::consts::{U16, U64};
use digest::core_api::{Block, Buffer, CoreWrapper, FixedOutputCore, UpdateCore};
use digest::{Output, Reset};

use super::{block_bytes, CoreBackend, CORE_BACKENDS};
use crate::backend::Registry;

pub(crate) static MD5_BACKENDS: Registry<CoreBackend> = Registry::new("md5", CORE_BACKENDS);

/// An MD5 core; integers only, and `repr(u8)` so that all-zero bytes are the
/// first variant, a valid value (`secret::wipe_flat`'s contract).
#[derive(Clone)]
#[repr(u8)]
pub(crate) enum Md5Core {
    OpenSslAsm { state: [u32; 4], block_len: u64 },
    RustCrypto(md5::Md5Core),
}

/// RFC 1321 §3.3: the initial A, B, C, D.
const INIT: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

fn asm_compress(state: &mut [u32; 4], blocks: &[Block<Md5Core>]) {
    saline_openssl_asm::md5_compress(state, block_bytes(blocks));
}

impl Default for Md5Core {
    fn default() -> Self {
        match MD5_BACKENDS.get() {
            CoreBackend::OpenSslAsm => Md5Core::OpenSslAsm { state: INIT, block_len: 0 },
            CoreBackend::RustCrypto => Md5Core::RustCrypto(md5::Md5Core::default()),
        }
    }
}

core_traits!(Md5Core, U64, U16, "Md5");

impl UpdateCore for Md5Core {
    #[inline]
    fn update_blocks(&mut self, blocks: &[Block<Self>]) {
        match self {
            Md5Core::OpenSslAsm { state, block_len } => {
                *block_len = block_len.wrapping_add(blocks.len() as u64);
                asm_compress(state, blocks);
            }
            Md5Core::RustCrypto(core) => core.update_blocks(blocks),
        }
    }
}

impl FixedOutputCore for Md5Core {
    fn finalize_fixed_core(&mut self, buffer: &mut Buffer<Self>, out: &mut Output<Self>) {
        match self {
            Md5Core::OpenSslAsm { state, block_len } => {
                // §3.1-3.2: a 1 bit, zeros, and the length in bits as a
                // 64-bit little-endian integer (modulo 2^64).
                let bit_len = block_len.wrapping_mul(64).wrapping_add(buffer.get_pos() as u64).wrapping_mul(8);
                buffer.len64_padding_le(bit_len, |b| asm_compress(state, core::slice::from_ref(b)));
                for (chunk, v) in out.chunks_exact_mut(4).zip(state.iter()) {
                    chunk.copy_from_slice(&v.to_le_bytes());
                }
            }
            Md5Core::RustCrypto(core) => core.finalize_fixed_core(buffer, out),
        }
    }
}

impl Reset for Md5Core {
    fn reset(&mut self) {
        *self = Md5Core::default();
    }
}

pub(crate) type Md5 = CoreWrapper<Md5Core>;
