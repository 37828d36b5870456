//! WebAssembly SIMD128 backend (added by Saline, vendor/README.md).
//!
//! The state is held as its four diagonals, the layout SIMD Salsa20 code
//! commonly uses:
//!
//! ```text
//! a = [ 0,  5, 10, 15]    b = [ 4,  9, 14,  3]
//! c = [ 8, 13,  2,  7]    d = [12,  1,  6, 11]
//! ```
//!
//! so that the four quarter-rounds of the Salsa20 specification's
//! columnround are, lane-wise, `b ^= (a + d) <<< 7; c ^= (b + a) <<< 9; d ^= (c + b) <<< 13;
//! a ^= (d + c) <<< 18`. The same four lines compute the row round once b
//! and d trade places, d's lanes moved down by one, c's by two and b's by
//! three (`transpose`, which is its own inverse). `PAR_BLOCKS` blocks are
//! computed interleaved, so that their independent chains fill the CPU. The
//! 64-bit block counter (words 8 and 9) comes from `get_block_pos`, as the
//! scalar backend's `gen_ks_block` reads it.

use super::{Block, SalsaCore, Unsigned, STATE_WORDS};
use cipher::{
    consts::{U4, U64},
    BlockSizeUser, ParBlocks, ParBlocksSizeUser, StreamBackend, StreamCipherSeekCore,
};
use core::arch::wasm32::*;

/// Blocks computed together by `gen_par_ks_blocks`.
const PAR_BLOCKS: usize = 4;

pub(crate) struct Backend<'a, R: Unsigned>(pub(crate) &'a mut SalsaCore<R>);

impl<'a, R: Unsigned> BlockSizeUser for Backend<'a, R> {
    type BlockSize = U64;
}

impl<'a, R: Unsigned> ParBlocksSizeUser for Backend<'a, R> {
    type ParBlocksSize = U4;
}

impl<'a, R: Unsigned> StreamBackend for Backend<'a, R> {
    #[inline(always)]
    fn gen_ks_block(&mut self, block: &mut Block<Self>) {
        let pos = self.0.get_block_pos();
        let [res] = rounds::<R, 1>(&self.0.state, pos);
        self.0.set_block_pos(pos + 1);
        store(block, &res);
    }

    #[inline(always)]
    fn gen_par_ks_blocks(&mut self, blocks: &mut ParBlocks<Self>) {
        let pos = self.0.get_block_pos();
        let res = rounds::<R, PAR_BLOCKS>(&self.0.state, pos);
        self.0.set_block_pos(pos + PAR_BLOCKS as u64);
        for (block, x) in blocks.iter_mut().zip(res.iter()) {
            store(block, x);
        }
    }
}

/// The state's diagonals, with `pos` as the block counter (words 8 and 9).
#[inline(always)]
fn diagonals(s: &[u32; STATE_WORDS], pos: u64) -> [v128; 4] {
    let (low, high) = (pos as u32, (pos >> 32) as u32);
    [
        u32x4(s[0], s[5], s[10], s[15]),
        u32x4(s[4], high, s[14], s[3]),
        u32x4(low, s[13], s[2], s[7]),
        u32x4(s[12], s[1], s[6], s[11]),
    ]
}

/// The Salsa20 block function on `N` consecutive counters from `pos`.
#[inline(always)]
fn rounds<R: Unsigned, const N: usize>(s: &[u32; STATE_WORDS], pos: u64) -> [[v128; 4]; N] {
    let mut x: [[v128; 4]; N] = core::array::from_fn(|i| diagonals(s, pos.wrapping_add(i as u64)));
    let start = x;
    for _ in 0..R::USIZE {
        quarter_rounds(&mut x); // columns
        transpose(&mut x);
        quarter_rounds(&mut x); // rows
        transpose(&mut x);
    }
    for (block, first) in x.iter_mut().zip(start.iter()) {
        for (v, input) in block.iter_mut().zip(first.iter()) {
            *v = i32x4_add(*v, *input);
        }
    }
    x
}

/// Four quarter-rounds, one per lane, on each block.
#[inline(always)]
fn quarter_rounds<const N: usize>(x: &mut [[v128; 4]; N]) {
    for [a, b, _, d] in x.iter_mut() {
        *b = v128_xor(*b, rotl(i32x4_add(*a, *d), 7));
    }
    for [a, b, c, _] in x.iter_mut() {
        *c = v128_xor(*c, rotl(i32x4_add(*b, *a), 9));
    }
    for [_, b, c, d] in x.iter_mut() {
        *d = v128_xor(*d, rotl(i32x4_add(*c, *b), 13));
    }
    for [a, _, c, d] in x.iter_mut() {
        *a = v128_xor(*a, rotl(i32x4_add(*d, *c), 18));
    }
}

/// Between the column and the row layouts (both ways): b takes d's lanes
/// moved down by one, c its own moved by two, d b's moved by three.
#[inline(always)]
fn transpose<const N: usize>(x: &mut [[v128; 4]; N]) {
    for [_, b, c, d] in x.iter_mut() {
        let (new_b, new_d) = (i32x4_shuffle::<1, 2, 3, 0>(*d, *d), i32x4_shuffle::<3, 0, 1, 2>(*b, *b));
        *c = i32x4_shuffle::<2, 3, 0, 1>(*c, *c);
        *b = new_b;
        *d = new_d;
    }
}

/// Each 32-bit lane rotated left by `n` (0 < n < 32).
#[inline(always)]
fn rotl(v: v128, n: u32) -> v128 {
    v128_or(i32x4_shl(v, n), u32x4_shr(v, 32 - n))
}

/// Writes one block: the diagonals back in word order, little-endian.
#[inline(always)]
fn store(block: &mut [u8], x: &[v128; 4]) {
    let lanes = |v: v128| {
        [
            u32x4_extract_lane::<0>(v),
            u32x4_extract_lane::<1>(v),
            u32x4_extract_lane::<2>(v),
            u32x4_extract_lane::<3>(v),
        ]
    };
    let (a, b, c, d) = (lanes(x[0]), lanes(x[1]), lanes(x[2]), lanes(x[3]));
    let words = [
        a[0], d[1], c[2], b[3], b[0], a[1], d[2], c[3], c[0], b[1], a[2], d[3], d[0], c[1], b[2], a[3],
    ];
    for (chunk, word) in block.chunks_exact_mut(4).zip(words.iter()) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
}
