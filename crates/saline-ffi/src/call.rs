//! One-shot operations: [`saline_call`] (an array of byte strings) and
//! [`saline_call_flat`] (the same with the byte strings as separate
//! arguments, for FFIs such as cgo that must not pass arrays of pointers).

use core::ffi::c_int;

use saline_ops::Args;
use zeroize::Zeroizing;

use crate::boundary::{check_output, guard, input, output, put_optional, Fail, Outcome};
use crate::SalineStatus;

/// The `len` of a [`SalineBytes`] that marks an omitted optional argument
/// (`SIZE_MAX`; the WebAssembly ABI uses `UINT32_MAX` the same way).
pub const SALINE_ABSENT: usize = usize::MAX;

/// The most byte arguments [`saline_call`] accepts (the widest operation,
/// `SALINE_OP_HASH`, takes 5: data, key, salt, personal, context).
pub const SALINE_MAX_BYTE_ARGS: usize = 8;

/// The most numeric arguments [`saline_call`] accepts (the widest takes 4).
pub const SALINE_MAX_NUM_ARGS: usize = 8;

/// A byte string argument: `len` bytes at `ptr` (NULL allowed when `len`
/// is 0), or an omitted optional argument when `len` is [`SALINE_ABSENT`].
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct SalineBytes {
    /// The first byte.
    pub ptr: *const u8,
    /// The number of bytes, or `SALINE_ABSENT`.
    pub len: usize,
}

const MAX_BYTES: usize = SALINE_MAX_BYTE_ARGS;

/// Runs `f` on the arguments and the output. Inputs that overlap the output
/// are copied first (and the copies wiped afterwards), so that Rust never
/// holds a shared and a mutable view of the same bytes and callers may
/// encrypt or hash in place.
///
/// # Safety
/// Every `(ptr, len)` pair must be valid for reads, `out` for writes of `capacity`.
unsafe fn with_args(
    bytes: &[SalineBytes],
    nums: &[f64],
    out: *mut u8,
    capacity: usize,
    f: impl FnOnce(&Args<'_>, &mut [u8]) -> saline::Result<usize>,
) -> Result<usize, Fail> {
    const NAMES: [&str; MAX_BYTES] = ["bytes[0]", "bytes[1]", "bytes[2]", "bytes[3]", "bytes[4]", "bytes[5]", "bytes[6]", "bytes[7]"];
    if bytes.len() > MAX_BYTES {
        return Err(Fail::new(SalineStatus::Range, format!("n_bytes: expected at most {MAX_BYTES}, got {}", bytes.len())));
    }
    check_output(out, capacity)?;
    let out_range = (out as usize, (out as usize).wrapping_add(capacity));
    let mut copies: [Option<Zeroizing<Vec<u8>>>; MAX_BYTES] = Default::default();
    for (i, b) in bytes.iter().enumerate() {
        if b.len == SALINE_ABSENT || b.len == 0 {
            continue;
        }
        let start = b.ptr as usize;
        let overlaps = start < out_range.1 && out_range.0 < start.wrapping_add(b.len) && capacity > 0;
        if overlaps {
            // SAFETY: the caller's contract; this view ends before `out` is made.
            copies[i] = Some(Zeroizing::new(saline::copy::message_to_vec(unsafe { input(NAMES[i], b.ptr, b.len) }?)));
        }
    }
    let mut views: [Option<&[u8]>; MAX_BYTES] = [None; MAX_BYTES];
    for (i, b) in bytes.iter().enumerate() {
        views[i] = match (&copies[i], b.len) {
            (_, SALINE_ABSENT) => None,
            (Some(copy), _) => Some(&copy[..]),
            // SAFETY: the caller's contract; it does not overlap `out`.
            (None, len) => Some(unsafe { input(NAMES[i], b.ptr, len) }?),
        };
    }
    // SAFETY: checked above; no view overlaps it.
    let out = unsafe { output(out, capacity) };
    let args = Args { bytes: &views[..bytes.len()], nums };
    Ok(f(&args, out)?)
}

/// Reads the `nums` array.
///
/// # Safety
/// `nums` must be valid for reads of `n_nums` doubles when `n_nums > 0`.
unsafe fn numbers<'a>(nums: *const f64, n_nums: usize) -> Result<&'a [f64], Fail> {
    if n_nums == 0 {
        return Ok(&[]);
    }
    if n_nums > SALINE_MAX_NUM_ARGS {
        return Err(Fail::new(SalineStatus::Range, format!("n_nums: expected at most {SALINE_MAX_NUM_ARGS}, got {n_nums}")));
    }
    if nums.is_null() {
        return Err(Fail::null("nums"));
    }
    // SAFETY: non-null, count bounded, validity is the caller's contract.
    Ok(unsafe { core::slice::from_raw_parts(nums, n_nums) })
}

fn call_into(op: u32, alg: u32, bytes: &[SalineBytes], nums: &[f64], out: *mut u8, capacity: usize, written: *mut usize) -> Outcome {
    // SAFETY: forwarded from the exported function's contract.
    let n = unsafe { with_args(bytes, nums, out, capacity, |args, out| saline_ops::call(op, alg, args, out)) }?;
    // SAFETY: forwarded.
    unsafe { put_optional(written, n) };
    Ok(())
}

/// Runs operation `op` (a `SALINE_OP_*` code) on algorithm `alg` (a
/// `SALINE_ALG_*` id, or 0 for operations without one) and writes the result
/// to `out`.
///
/// - `bytes`, `n_bytes`: the byte arguments in the order the operation lists
///   them (see the `SALINE_OP_*` list); `len = SALINE_ABSENT` omits an
///   optional one. At most `SALINE_MAX_BYTE_ARGS`. NULL allowed when `n_bytes` is 0.
/// - `nums`, `n_nums`: numeric arguments (integers up to 2^53 as doubles;
///   NaN means "not given" for optional ones). At most `SALINE_MAX_NUM_ARGS`.
/// - `out`, `capacity`: the output buffer. A buffer too small fails with
///   `SALINE_STATUS_RANGE` naming "output" and the size needed.
/// - `written`: receives the number of bytes written (may be NULL).
///
/// Aliasing: `out` may overlap any input (in-place encryption is allowed);
/// overlapping inputs are copied first and the copy is wiped.
/// Ownership: nothing is retained after the call.
/// Thread safety: safe to call from any number of threads at once.
/// On failure the output may have been partly written (AEAD opens zero it).
///
/// # Safety
/// Each pointer must be valid for its length (reads for inputs, writes for `out`).
#[no_mangle]
pub unsafe extern "C" fn saline_call(
    op: u32,
    alg: u32,
    bytes: *const SalineBytes,
    n_bytes: usize,
    nums: *const f64,
    n_nums: usize,
    out: *mut u8,
    capacity: usize,
    written: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let n = unsafe { call_with_array(bytes, n_bytes, nums, n_nums, out, capacity, |args, out| saline_ops::call(op, alg, args, out)) }?;
        // SAFETY: forwarded.
        unsafe { put_optional(written, n) };
        Ok(())
    })
}

/// [`with_args`] over a C array of [`SalineBytes`] and a C array of doubles.
///
/// # Safety
/// As [`saline_call`].
pub(crate) unsafe fn call_with_array(
    bytes: *const SalineBytes,
    n_bytes: usize,
    nums: *const f64,
    n_nums: usize,
    out: *mut u8,
    capacity: usize,
    f: impl FnOnce(&Args<'_>, &mut [u8]) -> saline::Result<usize>,
) -> Result<usize, Fail> {
    let bytes: &[SalineBytes] = if n_bytes == 0 {
        &[]
    } else if bytes.is_null() {
        return Err(Fail::null("bytes"));
    } else if n_bytes > MAX_BYTES {
        return Err(Fail::new(SalineStatus::Range, format!("n_bytes: expected at most {MAX_BYTES}, got {n_bytes}")));
    } else {
        // SAFETY: the caller's contract; count bounded.
        unsafe { core::slice::from_raw_parts(bytes, n_bytes) }
    };
    // SAFETY: the caller's contract.
    let nums = unsafe { numbers(nums, n_nums) }?;
    // SAFETY: the caller's contract.
    unsafe { with_args(bytes, nums, out, capacity, f) }
}

/// [`saline_call`] with up to five byte arguments passed one by one: the
/// first `n_bytes` of `(b0, l0) ... (b4, l4)` are used, the others ignored.
/// For FFIs that may not pass memory holding pointers (cgo's pointer rules).
/// Same aliasing, ownership and thread-safety rules as `saline_call`.
///
/// # Safety
/// As [`saline_call`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn saline_call_flat(
    op: u32,
    alg: u32,
    n_bytes: usize,
    b0: *const u8,
    l0: usize,
    b1: *const u8,
    l1: usize,
    b2: *const u8,
    l2: usize,
    b3: *const u8,
    l3: usize,
    b4: *const u8,
    l4: usize,
    nums: *const f64,
    n_nums: usize,
    out: *mut u8,
    capacity: usize,
    written: *mut usize,
) -> c_int {
    guard(|| {
        let all = [
            SalineBytes { ptr: b0, len: l0 },
            SalineBytes { ptr: b1, len: l1 },
            SalineBytes { ptr: b2, len: l2 },
            SalineBytes { ptr: b3, len: l3 },
            SalineBytes { ptr: b4, len: l4 },
        ];
        let bytes = flat_prefix(&all, n_bytes)?;
        // SAFETY: the caller's contract.
        let nums = unsafe { numbers(nums, n_nums) }?;
        call_into(op, alg, bytes, nums, out, capacity, written)
    })
}

/// The first `n_bytes` of the byte arguments a `_flat` function received
/// one by one; more than it has is `SALINE_STATUS_RANGE`.
pub(crate) fn flat_prefix(all: &[SalineBytes], n_bytes: usize) -> Result<&[SalineBytes], Fail> {
    all.get(..n_bytes)
        .ok_or_else(|| Fail::new(SalineStatus::Range, format!("n_bytes: expected at most {}, got {n_bytes}", all.len())))
}

/// Fills `out[..len]` from the operating system's random source
/// (`SALINE_OP_RANDOM_BYTES`); `SALINE_STATUS_SYSTEM` if it fails, with no
/// fallback. Thread safety: safe from any thread.
///
/// # Safety
/// `out` must be valid for writes of `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn saline_random_bytes(out: *mut u8, len: usize) -> c_int {
    guard(|| call_into(saline_ops::Op::RandomBytes as u32, 0, &[], &[], out, len, core::ptr::null_mut()))
}
