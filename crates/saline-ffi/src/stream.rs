//! Streaming hashes and MACs behind opaque handles (see `handles.rs`:
//! a double free, a stale or a made-up handle is
//! `SALINE_STATUS_BAD_HANDLE`, never a crash).

use core::ffi::c_int;
use std::sync::Mutex;

use saline_ops::Stream;

use crate::boundary::{check_output, guard, input, output, put_optional, put_required, Fail};
use crate::call::{flat_prefix, SalineBytes};
use crate::handles::Handles;
use crate::SalineStatus;

/// An open stream. 0 is never a valid handle.
pub type SalineStream = u64;

static STREAMS: Handles<Mutex<Stream>> = Handles::new("stream", 1);

/// Runs `f` on the stream behind `handle`, holding its lock.
fn with_stream<T>(handle: SalineStream, f: impl FnOnce(&mut Stream) -> Result<T, Fail>) -> Result<T, Fail> {
    let stream = STREAMS.get(handle)?;
    // A poisoned stream lock means a panic in the middle of an update: its
    // state is unknown, so the stream refuses further use.
    let mut state = stream.lock().map_err(|_| Fail::new(SalineStatus::Internal, "stream: unusable after an internal error; free it"))?;
    f(&mut state)
}

/// Opens a streaming hash, XOF or MAC for algorithm `alg` and stores its
/// handle in `*stream`.
///
/// - A hash takes `bytes` = [key?, salt?, personal?, context?] (BLAKE2 and
///   BLAKE3 options; omit with `SALINE_ABSENT` or pass fewer) and `nums` =
///   [output length] (optional: the algorithm's default when `n_nums` is 0).
/// - A MAC takes `bytes` = [key].
///
/// Ownership: the stream belongs to the caller until [`saline_stream_free`];
/// the key is copied, nothing else is retained.
/// Thread safety: safe from any thread.
///
/// # Safety
/// As [`crate::saline_call`]; `stream` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn saline_stream_new(
    alg: u32,
    bytes: *const SalineBytes,
    n_bytes: usize,
    nums: *const f64,
    n_nums: usize,
    stream: *mut SalineStream,
) -> c_int {
    guard(|| {
        if stream.is_null() {
            return Err(Fail::null("stream"));
        }
        let mut created = None;
        // SAFETY: forwarded; the output is empty.
        let status = unsafe {
            crate::call::call_with_array(bytes, n_bytes, nums, n_nums, core::ptr::null_mut(), 0, |args, _| {
                created = Some(Stream::new(alg, args)?);
                Ok(0)
            })
        };
        status?;
        let handle = STREAMS.insert(Mutex::new(created.ok_or_else(|| Fail::new(SalineStatus::Internal, "stream: not created"))?))?;
        // SAFETY: checked non-null; the caller's contract.
        unsafe { put_required("stream", stream, handle) }
    })
}

/// [`saline_stream_new`] with the byte arguments passed one by one (for
/// cgo): the first `n_bytes` of `(b0, l0) ... (b3, l3)` are used.
///
/// # Safety
/// As [`saline_stream_new`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn saline_stream_new_flat(
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
    nums: *const f64,
    n_nums: usize,
    stream: *mut SalineStream,
) -> c_int {
    let all = [
        SalineBytes { ptr: b0, len: l0 },
        SalineBytes { ptr: b1, len: l1 },
        SalineBytes { ptr: b2, len: l2 },
        SalineBytes { ptr: b3, len: l3 },
    ];
    let bytes = match flat_prefix(&all, n_bytes) {
        Ok(bytes) => bytes,
        Err(fail) => return guard(|| Err(fail)),
    };
    // SAFETY: forwarded.
    unsafe { saline_stream_new(alg, bytes.as_ptr(), bytes.len(), nums, n_nums, stream) }
}

/// Absorbs `data[..len]`.
///
/// Thread safety: calls on one handle from several threads are serialized
/// (each call locks the stream); different handles run in parallel.
///
/// # Safety
/// `data` must be valid for reads of `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn saline_stream_update(stream: SalineStream, data: *const u8, len: usize) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let data = unsafe { input("data", data, len) }?;
        with_stream(stream, |s| {
            s.update(data);
            Ok(())
        })
    })
}

/// Writes the digest or tag to `out` (at least [`saline_stream_output_len`]
/// bytes; fewer is `SALINE_STATUS_RANGE`), stores its length in `*written`
/// (may be NULL), and resets the stream to its initial keyed state.
///
/// # Safety
/// `out` must be valid for writes of `capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn saline_stream_digest(stream: SalineStream, out: *mut u8, capacity: usize, written: *mut usize) -> c_int {
    // SAFETY: forwarded from this function's contract.
    unsafe { digest(stream, out, capacity, written, |s, out| s.digest_into(out)) }
}

/// Writes the digest or tag of the data absorbed so far to `out`, as
/// [`saline_stream_digest`] does, but leaves the stream as it was (Go's
/// `hash.Hash.Sum`, Python's `digest()`): one call where clone, digest and
/// free would be three.
///
/// # Safety
/// `out` must be valid for writes of `capacity` bytes.
#[no_mangle]
pub unsafe extern "C" fn saline_stream_digest_without_reset(stream: SalineStream, out: *mut u8, capacity: usize, written: *mut usize) -> c_int {
    // The copy's Drop wipes it.
    // SAFETY: forwarded from this function's contract.
    unsafe { digest(stream, out, capacity, written, |s, out| s.clone().digest_into(out)) }
}

/// The two digest functions: `finish` writes the output from the stream.
///
/// # Safety
/// `out` must be valid for writes of `capacity` bytes.
unsafe fn digest(
    stream: SalineStream,
    out: *mut u8,
    capacity: usize,
    written: *mut usize,
    finish: impl FnOnce(&mut Stream, &mut [u8]) -> saline::Result<usize>,
) -> c_int {
    guard(|| {
        check_output(out, capacity)?;
        let n = with_stream(stream, |s| {
            // SAFETY: checked above; the stream never points into caller memory.
            let out = unsafe { output(out, capacity) };
            Ok(finish(s, out)?)
        })?;
        // SAFETY: the caller's contract.
        unsafe { put_optional(written, n) };
        Ok(())
    })
}

/// Stores the stream's output length (digest or tag size) in `*len`.
///
/// # Safety
/// `len` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn saline_stream_output_len(stream: SalineStream, len: *mut usize) -> c_int {
    guard(|| {
        let n = with_stream(stream, |s| Ok(s.output_len()))?;
        // SAFETY: the caller's contract.
        unsafe { put_required("len", len, n) }
    })
}

/// Restarts the stream with its key and options.
#[no_mangle]
pub extern "C" fn saline_stream_reset(stream: SalineStream) -> c_int {
    guard(|| {
        with_stream(stream, |s| {
            s.reset();
            Ok(())
        })
    })
}

/// Stores in `*copy` a new stream with the same state (Go's and Python's
/// hash `copy()`). Both must be freed.
///
/// # Safety
/// `copy` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn saline_stream_clone(stream: SalineStream, copy: *mut SalineStream) -> c_int {
    guard(|| {
        if copy.is_null() {
            return Err(Fail::null("copy"));
        }
        let twin = with_stream(stream, |s| Ok(s.clone()))?;
        let handle = STREAMS.insert(Mutex::new(twin))?;
        // SAFETY: checked non-null; the caller's contract.
        unsafe { put_required("copy", copy, handle) }
    })
}

/// Frees the stream; its keyed state is wiped (the Drop of Saline's hashers
/// and MACs). Freeing 0, a freed or an unknown handle returns
/// `SALINE_STATUS_BAD_HANDLE` and changes nothing.
/// Thread safety: freeing while another thread uses the same handle is safe:
/// that call finishes first on its own reference, later calls fail.
#[no_mangle]
pub extern "C" fn saline_stream_free(stream: SalineStream) -> c_int {
    guard(|| STREAMS.remove(stream))
}
