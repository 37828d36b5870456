//! Copying a message into another buffer: an AEAD's output before it is
//! sealed in place, a stream cipher's before the keystream is XORed in, a
//! ciphertext kept while ring decrypts a copy.
//!
//! Why not one `copy_from_slice`: glibc's `memcpy` hands copies above about
//! 2 KiB to `rep movsb` ([`PIECE`] says where exactly), and on AMD Zen 3 (EPYC Milan) `rep movsb` crawls
//! when the destination starts 1 to 31 bytes past the source modulo 4 KiB.
//! That is where a buffer allocated right after another usually sits: a
//! 16 KiB message, then its output, lands 16 KiB + malloc's 16-byte header
//! further on. Measured here (`memcpy`, 16 KiB): 9.9 µs with the
//! destination 16 bytes past the source modulo 4 KiB, 0.33 µs at 0 or 64;
//! 4 KiB and 64 KiB are 26x slower too, 2 KiB and below never. Through
//! that copy a keyed ChaCha20-Poly1305 seal of 16 KiB into a separate
//! buffer took 12.2 µs against 6.9 in place, and from Node 17.5 µs against
//! sodium-native's 11.7.
//!
//! Copied in pieces of at most [`PIECE`] bytes, every `memcpy` call stays
//! on glibc's vector loop, which runs at full speed whatever the offsets,
//! on every CPU; one call per 2 KiB costs nothing measurable elsewhere.

use alloc::vec::Vec;
use core::mem::MaybeUninit;

/// The largest piece handed to one `memcpy`, below glibc's `rep movsb`
/// threshold on every x86-64 CPU: 2,112 bytes where the CPU has FSRM (as
/// AMD Zen 3 has; glibc's `dl-cacheinfo.h`), else 2,048 times the vector
/// size over 16. Measured here at the slow offset: 2,048-byte copies at
/// 68 GB/s, 2,304-byte ones at 2.5.
pub const PIECE: usize = 2048;

/// Copies `src` into `dst`, which must be as long (as `copy_from_slice`,
/// which panics otherwise), in pieces of at most [`PIECE`] bytes.
///
/// ```
/// let message = vec![7u8; 10_000];
/// let mut out = vec![0u8; 10_000];
/// saline::copy::copy_message(&mut out, &message);
/// assert_eq!(out, message);
/// ```
#[inline]
pub fn copy_message(dst: &mut [u8], src: &[u8]) {
    assert_eq!(dst.len(), src.len(), "copy_message: source and destination lengths differ");
    if src.len() <= PIECE {
        dst.copy_from_slice(src);
        return;
    }
    // `chunks` (not `chunks_exact`): the last piece's length varies, so the
    // loop is never merged back into one `memcpy` of the whole.
    for (to, from) in dst.chunks_mut(PIECE).zip(src.chunks(PIECE)) {
        to.copy_from_slice(from);
    }
}

/// Copies `src` into the uninitialised `dst` (as long), as [`copy_message`]
/// copies, and returns `dst` as the initialised bytes.
pub fn copy_message_uninit<'a>(dst: &'a mut [MaybeUninit<u8>], src: &[u8]) -> &'a mut [u8] {
    assert_eq!(dst.len(), src.len(), "copy_message_uninit: source and destination lengths differ");
    for (to, from) in dst.chunks_mut(PIECE).zip(src.chunks(PIECE)) {
        // SAFETY: `to` and `from` are as long (equal lengths, equal pieces),
        // and `to` is part of a separate `&mut` borrow, so they cannot overlap.
        unsafe { core::ptr::copy_nonoverlapping(from.as_ptr(), to.as_mut_ptr().cast::<u8>(), from.len()) };
    }
    // SAFETY: every byte of `dst` was written above.
    unsafe { core::slice::from_raw_parts_mut(dst.as_mut_ptr().cast::<u8>(), dst.len()) }
}

/// Appends `src` to `out` in pieces, as [`copy_message`] copies.
pub fn extend_with_message(out: &mut Vec<u8>, src: &[u8]) {
    out.reserve(src.len());
    for from in src.chunks(PIECE) {
        out.extend_from_slice(from);
    }
}

/// A new vector holding `src`, copied as [`copy_message`] copies
/// (`src.to_vec()` without the slow `rep movsb`).
pub fn message_to_vec(src: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(src.len());
    extend_with_message(&mut out, src);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_every_length_and_offset() {
        let source: Vec<u8> = (0..4 * PIECE as u32).map(|i| (i * 7 + 3) as u8).collect();
        for len in [0, 1, PIECE - 1, PIECE, PIECE + 1, 2 * PIECE, 3 * PIECE + 99] {
            for offset in [0, 1, 16] {
                let src = &source[offset..offset + len];
                let mut dst = alloc::vec![0xAAu8; len];
                copy_message(&mut dst, src);
                assert_eq!(dst, src, "copy_message, {len} bytes from offset {offset}");
                assert_eq!(message_to_vec(src), src, "message_to_vec, {len} bytes");
                let mut uninit = alloc::vec![MaybeUninit::<u8>::uninit(); len];
                assert_eq!(copy_message_uninit(&mut uninit, src), src, "copy_message_uninit, {len} bytes");
                let mut grown = alloc::vec![1u8, 2];
                extend_with_message(&mut grown, src);
                assert_eq!(&grown[..2], &[1, 2]);
                assert_eq!(&grown[2..], src, "extend_with_message, {len} bytes");
            }
        }
    }

    #[test]
    #[should_panic(expected = "lengths differ")]
    fn refuses_different_lengths() {
        copy_message(&mut [0u8; 3], &[1u8; 4]);
    }
}
