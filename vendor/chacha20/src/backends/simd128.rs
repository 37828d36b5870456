//! WebAssembly SIMD128 backend (added by Saline, vendor/README.md).
//!
//! The row layout of `sse2.rs`, with the same diagonal trick: one 128-bit
//! vector per row of the 4x4 state, the four column (then diagonal) quarter
//! rounds of RFC 8439 §2.3's block function computed lane-wise, rows a, c
//! and d rotated (b stays) between the two halves of a double round. The
//! rotations by 16 and 8 bits are byte shuffles (`i8x16.shuffle`, which an
//! engine can emit as one byte-permute instruction) where SSE2 has only
//! shifts. `PAR_BLOCKS` blocks are computed interleaved, as in `neon.rs`, so
//! that their independent dependency chains fill the CPU.
//!
//! The block counter is the row d's first lane, incremented with 32-bit
//! wrap-around as `soft.rs` does (`StreamCipherCore::remaining_blocks` keeps
//! it from wrapping); the nonce lanes are never touched.

use crate::{Block, StreamClosure, Unsigned, STATE_WORDS};
use cipher::{
    consts::{U4, U64},
    BlockSizeUser, ParBlocks, ParBlocksSizeUser, StreamBackend,
};
use core::arch::wasm32::*;
use core::marker::PhantomData;

/// Blocks computed together by `gen_par_ks_blocks`: 4 (16 rows in flight).
const PAR_BLOCKS: usize = 4;

#[inline]
pub(crate) fn inner<R, F>(state: &mut [u32; STATE_WORDS], f: F)
where
    R: Unsigned,
    F: StreamClosure<BlockSize = U64>,
{
    let row = |i: usize| u32x4(state[4 * i], state[4 * i + 1], state[4 * i + 2], state[4 * i + 3]);
    let mut backend = Backend::<R> {
        v: [row(0), row(1), row(2), row(3)],
        _pd: PhantomData,
    };

    f.call(&mut backend);

    state[12] = u32x4_extract_lane::<0>(backend.v[3]);
}

struct Backend<R: Unsigned> {
    v: [v128; 4],
    _pd: PhantomData<R>,
}

impl<R: Unsigned> BlockSizeUser for Backend<R> {
    type BlockSize = U64;
}

impl<R: Unsigned> ParBlocksSizeUser for Backend<R> {
    type ParBlocksSize = U4;
}

impl<R: Unsigned> StreamBackend for Backend<R> {
    #[inline(always)]
    fn gen_ks_block(&mut self, block: &mut Block) {
        let [res] = rounds::<R, 1>(&self.v);
        self.v[3] = i32x4_add(self.v[3], u32x4(1, 0, 0, 0));
        store(block, &res);
    }

    #[inline(always)]
    fn gen_par_ks_blocks(&mut self, blocks: &mut ParBlocks<Self>) {
        let res = rounds::<R, PAR_BLOCKS>(&self.v);
        self.v[3] = i32x4_add(self.v[3], u32x4(PAR_BLOCKS as u32, 0, 0, 0));
        for (block, rows) in blocks.iter_mut().zip(res.iter()) {
            store(block, rows);
        }
    }
}

/// Writes one block's four rows, little-endian (WebAssembly's byte order).
#[inline(always)]
fn store(block: &mut Block, rows: &[v128; 4]) {
    for (i, row) in rows.iter().enumerate() {
        // SAFETY: `block` is 64 bytes, so bytes 16 * i .. 16 * i + 16 are in
        // bounds for i < 4; v128_store has no alignment requirement.
        unsafe { v128_store(block.as_mut_ptr().add(16 * i) as *mut v128, *row) };
    }
}

/// The ChaCha block function on `N` consecutive counters from `v`'s.
#[inline(always)]
fn rounds<R: Unsigned, const N: usize>(v: &[v128; 4]) -> [[v128; 4]; N] {
    let mut s = [*v; N];
    for (i, block) in s.iter_mut().enumerate() {
        block[3] = i32x4_add(v[3], u32x4(i as u32, 0, 0, 0));
    }
    let start = s;
    for _ in 0..R::USIZE {
        add_xor_rot(&mut s);
        rows_to_cols(&mut s);
        add_xor_rot(&mut s);
        cols_to_rows(&mut s);
    }
    for (block, first) in s.iter_mut().zip(start.iter()) {
        for (row, input) in block.iter_mut().zip(first.iter()) {
            *row = i32x4_add(*row, *input);
        }
    }
    s
}

/// Four quarter rounds, one per lane, on each block (RFC 8439 §2.1).
#[inline(always)]
fn add_xor_rot<const N: usize>(s: &mut [[v128; 4]; N]) {
    for [a, b, _, d] in s.iter_mut() {
        *a = i32x4_add(*a, *b);
        *d = rotl16(v128_xor(*d, *a));
    }
    for [_, b, c, d] in s.iter_mut() {
        *c = i32x4_add(*c, *d);
        *b = rotl(v128_xor(*b, *c), 12);
    }
    for [a, b, _, d] in s.iter_mut() {
        *a = i32x4_add(*a, *b);
        *d = rotl8(v128_xor(*d, *a));
    }
    for [_, b, c, d] in s.iter_mut() {
        *c = i32x4_add(*c, *d);
        *b = rotl(v128_xor(*b, *c), 7);
    }
}

/// `sse2.rs`'s `rows_to_cols`: a by 3 lanes, c by 1, d by 2, so that the
/// columns become the diagonals (rows b stay).
#[inline(always)]
fn rows_to_cols<const N: usize>(s: &mut [[v128; 4]; N]) {
    for [a, _, c, d] in s.iter_mut() {
        *c = i32x4_shuffle::<1, 2, 3, 0>(*c, *c);
        *d = i32x4_shuffle::<2, 3, 0, 1>(*d, *d);
        *a = i32x4_shuffle::<3, 0, 1, 2>(*a, *a);
    }
}

/// The inverse of `rows_to_cols`.
#[inline(always)]
fn cols_to_rows<const N: usize>(s: &mut [[v128; 4]; N]) {
    for [a, _, c, d] in s.iter_mut() {
        *c = i32x4_shuffle::<3, 0, 1, 2>(*c, *c);
        *d = i32x4_shuffle::<2, 3, 0, 1>(*d, *d);
        *a = i32x4_shuffle::<1, 2, 3, 0>(*a, *a);
    }
}

/// Each 32-bit lane rotated left by `n` (0 < n < 32).
#[inline(always)]
fn rotl(x: v128, n: u32) -> v128 {
    v128_or(i32x4_shl(x, n), u32x4_shr(x, 32 - n))
}

/// Each lane rotated left by 16: its two 16-bit halves swapped.
#[inline(always)]
fn rotl16(x: v128) -> v128 {
    i8x16_shuffle::<2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13>(x, x)
}

/// Each lane rotated left by 8: its bytes (little-endian) moved up by one.
#[inline(always)]
fn rotl8(x: v128) -> v128 {
    i8x16_shuffle::<3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14>(x, x)
}
