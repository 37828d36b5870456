//! What every exported function shares: the panic guard, the per-thread
//! error message, and the checks that turn C pointers into slices.

use core::ffi::{c_char, c_int};
use std::cell::RefCell;
use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};

use zeroize::Zeroizing;

use crate::SalineStatus;

/// A failure on its way to the caller: a status and its message.
#[derive(Debug)]
pub(crate) struct Fail {
    pub status: SalineStatus,
    pub message: String,
}

impl Fail {
    #[cold]
    pub fn new(status: SalineStatus, message: impl Into<String>) -> Fail {
        Fail { status, message: message.into() }
    }

    #[cold]
    pub fn null(what: &str) -> Fail {
        Fail::new(SalineStatus::NullPointer, format!("{what}: NULL pointer"))
    }
}

impl From<saline::Error> for Fail {
    #[cold]
    fn from(error: saline::Error) -> Fail {
        // By kind, not by number: a new kind fails to compile here instead
        // of falling into another status.
        let status = match error.kind() {
            saline::ErrorKind::Range => SalineStatus::Range,
            saline::ErrorKind::Value => SalineStatus::Value,
            saline::ErrorKind::Verification => SalineStatus::Verification,
            saline::ErrorKind::System => SalineStatus::System,
            saline::ErrorKind::Unsupported => SalineStatus::Unsupported,
        };
        Fail { status, message: error.to_string() }
    }
}

pub(crate) type Outcome = Result<(), Fail>;

struct LastError {
    status: c_int,
    message: CString,
}

thread_local! {
    static LAST: RefCell<LastError> = RefCell::new(LastError { status: 0, message: CString::default() });
}

#[cold]
#[inline(never)]
fn record(fail: Fail) -> c_int {
    let status = fail.status as c_int;
    // A message cannot hold NUL in C; Saline's messages never contain one,
    // but a caller-supplied name echoed back might.
    let message = CString::new(fail.message.replace('\0', "\\0")).unwrap_or_default();
    // `try_with` fails only while the thread is being torn down; the status
    // is still returned then.
    let _ = LAST.try_with(|last| {
        if let Ok(mut last) = last.try_borrow_mut() {
            *last = LastError { status, message };
        }
    });
    status
}

pub(crate) fn last_error_ptr() -> *const c_char {
    // The pointer stays valid until `record` replaces the CString, which only
    // a later Saline call on this thread does. "" (a static) otherwise.
    LAST.try_with(|last| last.try_borrow().map(|l| l.message.as_ptr()).ok())
        .ok()
        .flatten()
        .unwrap_or(c"".as_ptr())
}

pub(crate) fn last_status() -> c_int {
    LAST.try_with(|last| last.try_borrow().map(|l| l.status).unwrap_or(0)).unwrap_or(0)
}

/// Runs an exported function's body: its error becomes the status and the
/// thread's message; a panic becomes [`SalineStatus::Internal`] instead of
/// unwinding into C (undefined behaviour) or aborting the host.
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> c_int {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => SalineStatus::Ok as c_int,
        Ok(Err(fail)) => record(fail),
        Err(_) => record(Fail::new(SalineStatus::Internal, "internal error: a panic was caught at the C boundary (a Saline bug)")),
    }
}

/// Refuses lengths a Rust slice cannot have (`slice::from_raw_parts`
/// requires at most `isize::MAX` bytes).
#[inline(always)]
fn check_len(what: &str, len: usize) -> Outcome {
    if len > isize::MAX as usize {
        return Err(Fail::new(SalineStatus::Range, format!("{what}: expected at most PTRDIFF_MAX bytes, got {len}")));
    }
    Ok(())
}

/// The input `ptr[..len]`; NULL is allowed when `len` is 0.
///
/// # Safety
/// When `len > 0`, `ptr` must be valid for reads of `len` bytes for `'a`.
#[inline(always)]
pub(crate) unsafe fn input<'a>(what: &str, ptr: *const u8, len: usize) -> Result<&'a [u8], Fail> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Fail::null(what));
    }
    check_len(what, len)?;
    // SAFETY: non-null, length checked, validity is the caller's contract.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// An input read beside an output: borrowed when the two do not overlap,
/// else a copy (wiped on drop), so that Rust never holds a shared and a
/// mutable view of the same bytes and callers may hash or encrypt in place.
pub(crate) enum Beside<'a> {
    Borrowed(&'a [u8]),
    Copied(Zeroizing<Vec<u8>>),
}

impl core::ops::Deref for Beside<'_> {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Beside::Borrowed(bytes) => bytes,
            Beside::Copied(copy) => copy,
        }
    }
}

/// Whether `[a, a + a_len)` and `[b, b + b_len)` share a byte.
#[inline(always)]
pub(crate) fn overlaps(a: *const u8, a_len: usize, b: *const u8, b_len: usize) -> bool {
    let (a, b) = (a as usize, b as usize);
    a_len > 0 && b_len > 0 && a < b.wrapping_add(b_len) && b < a.wrapping_add(a_len)
}

/// The input `ptr[..len]` (as [`input`]), copied when it overlaps the
/// output `out[..capacity]`.
///
/// # Safety
/// As [`input`]; the view must end before a mutable view of `out` is made
/// when they overlap (the copy guarantees it), and `out` must not be written
/// while the borrowed view lives otherwise.
#[inline(always)]
pub(crate) unsafe fn input_beside<'a>(what: &str, ptr: *const u8, len: usize, out: *const u8, capacity: usize) -> Result<Beside<'a>, Fail> {
    // SAFETY: the caller's contract.
    let bytes = unsafe { input(what, ptr, len) }?;
    if overlaps(ptr, len, out, capacity) {
        Ok(Beside::Copied(Zeroizing::new(saline::copy::message_to_vec(bytes))))
    } else {
        Ok(Beside::Borrowed(bytes))
    }
}

/// Checks an output buffer without making a slice of it yet (the caller may
/// still need to copy inputs that overlap it).
#[inline]
pub(crate) fn check_output(ptr: *mut u8, capacity: usize) -> Outcome {
    if capacity > 0 && ptr.is_null() {
        return Err(Fail::null("output"));
    }
    check_len("output", capacity)
}

/// The output `ptr[..capacity]`, after [`check_output`].
///
/// # Safety
/// When `capacity > 0`, `ptr` must be valid for writes of `capacity` bytes
/// and no other live reference may point into it.
#[inline]
pub(crate) unsafe fn output<'a>(ptr: *mut u8, capacity: usize) -> &'a mut [u8] {
    if capacity == 0 {
        return &mut [];
    }
    // SAFETY: checked by `check_output`; exclusivity is the caller's contract.
    unsafe { core::slice::from_raw_parts_mut(ptr, capacity) }
}

/// Writes `value` through an out-parameter that may be NULL (then ignored).
///
/// # Safety
/// A non-null `ptr` must be valid for a write of `T`.
#[inline]
pub(crate) unsafe fn put_optional<T>(ptr: *mut T, value: T) {
    if !ptr.is_null() {
        // SAFETY: the caller's contract.
        unsafe { ptr.write(value) };
    }
}

/// Writes `value` through a required out-parameter.
///
/// # Safety
/// A non-null `ptr` must be valid for a write of `T`.
pub(crate) unsafe fn put_required<T>(what: &str, ptr: *mut T, value: T) -> Outcome {
    if ptr.is_null() {
        return Err(Fail::null(what));
    }
    // SAFETY: the caller's contract.
    unsafe { ptr.write(value) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let status = guard(|| panic!("boom"));
        assert_eq!(status, SalineStatus::Internal as c_int);
        assert_eq!(last_status(), SalineStatus::Internal as c_int);
        // SAFETY: the pointer is valid until the next call on this thread.
        let message = unsafe { core::ffi::CStr::from_ptr(last_error_ptr()) };
        assert!(message.to_str().unwrap().contains("panic was caught"));
    }

    #[test]
    fn statuses_equal_the_shared_error_codes() {
        let cases = [
            (saline::Error::length("key", saline::Expected::Exactly(32), 1), SalineStatus::Range),
            (saline::Error::InvalidEncoding { what: "p", reason: "r" }, SalineStatus::Value),
            (saline::Error::VerificationFailed, SalineStatus::Verification),
            (saline::Error::RandomSource, SalineStatus::System),
            (saline::Error::UnknownAlgorithm { name: "md4".into(), kind: "hash" }, SalineStatus::Unsupported),
            (saline::Error::UnsupportedOption { algorithm: "sha256", option: "salt" }, SalineStatus::Unsupported),
        ];
        for (error, status) in cases {
            assert_eq!(saline_ops::error_code(&error), status as u32);
            assert_eq!(Fail::from(error).status, status);
        }
    }
}
