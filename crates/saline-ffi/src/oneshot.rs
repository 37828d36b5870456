//! Typed one-shot entry points for the families called most often with
//! small inputs: a hash or a MAC of one buffer, written into the caller's
//! buffer. They are [`crate::saline_call`] with `SALINE_OP_HASH` /
//! `SALINE_OP_MAC` minus the argument descriptor (the array of byte
//! strings and numbers, the operation switch, the per-argument overlap
//! copies): about 300 instructions a call (callgrind, a 32-byte SHA-256
//! from Go: 5,678 -> 5,359; CPU time 206 -> 184 ns; docs/DESIGN.md,
//! issue 13). They stay generic over the catalog: one
//! function per family, the algorithm is an id.

use core::ffi::c_int;

use saline::hash::HashOptions;

use crate::boundary::{check_output, guard, input_beside, output, Fail};
use crate::catalog::algorithm;

/// Writes the digest of `data[..data_len]` under hash or XOF `alg` (a
/// `SALINE_ALG_*` id) to `out[..out_len]`, with the algorithm's default
/// options (no key, salt or personalization: use `saline_call` for those).
///
/// `out_len` is the digest length: exactly the algorithm's for a fixed-size
/// hash (else `SALINE_STATUS_RANGE` naming "output"), any length within the
/// algorithm's maximum for an XOF.
///
/// Aliasing: `out` may overlap `data` (the overlapping input is copied first
/// and the copy wiped). Ownership: nothing is retained.
/// Thread safety: safe from any number of threads at once.
///
/// # Safety
/// `data` must be valid for reads of `data_len` bytes, `out` for writes of
/// `out_len` bytes (NULL allowed when the length is 0).
#[no_mangle]
pub unsafe extern "C" fn saline_hash_into(alg: u32, data: *const u8, data_len: usize, out: *mut u8, out_len: usize) -> c_int {
    guard(|| {
        let algorithm = algorithm(alg)?;
        check_output(out, out_len)?;
        // SAFETY: the caller's contract; a copy when it overlaps `out`.
        let data = unsafe { input_beside("data", data, data_len, out, out_len) }?;
        // SAFETY: checked; `data` no longer points into it.
        let out = unsafe { output(out, out_len) };
        let options = HashOptions { out_len: Some(out_len), ..HashOptions::default() };
        saline::hash::hash_into(algorithm, &options, &data, out).map_err(Fail::from)
    })
}

/// Writes the tag of `data[..data_len]` under MAC `alg` (HMAC-*,
/// Poly1305, SipHash, keyed BLAKE ...) keyed with `key[..key_len]` to
/// `out[..out_len]`; `out_len` must be the tag length
/// (`saline_algorithm_info`'s `output_len`), else `SALINE_STATUS_RANGE`.
///
/// Aliasing: `out` may overlap `key` or `data` (copied first, the copies
/// wiped). Ownership: nothing is retained.
/// Thread safety: safe from any number of threads at once.
/// Comparing a tag: use `SALINE_OP_MAC_VERIFY` (constant time), not memcmp.
///
/// # Safety
/// `key` and `data` must be valid for reads of their lengths, `out` for
/// writes of `out_len` bytes (NULL allowed when the length is 0).
#[no_mangle]
pub unsafe extern "C" fn saline_mac_into(
    alg: u32,
    key: *const u8,
    key_len: usize,
    data: *const u8,
    data_len: usize,
    out: *mut u8,
    out_len: usize,
) -> c_int {
    guard(|| {
        let algorithm = algorithm(alg)?;
        check_output(out, out_len)?;
        // SAFETY: the caller's contract; copies when they overlap `out`.
        let key = unsafe { input_beside("key", key, key_len, out, out_len) }?;
        // SAFETY: as above.
        let data = unsafe { input_beside("data", data, data_len, out, out_len) }?;
        // SAFETY: checked; no input view points into it.
        let out = unsafe { output(out, out_len) };
        saline::mac::mac_into(algorithm, &key, &data, out).map_err(Fail::from)
    })
}
