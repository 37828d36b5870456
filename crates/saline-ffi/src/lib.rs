//! Saline's C ABI: the generic operation table ([`saline_ops::call`] and
//! [`saline_ops::Stream`]) behind `extern "C"` functions, and the catalog.
//!
//! A C caller names an operation (`SALINE_OP_*`, the stable codes of
//! [`saline_ops::Op`]) and an algorithm (`SALINE_ALG_*` or
//! [`saline_algorithm_id`]) and passes byte strings, numbers and an output
//! buffer; no function here knows an algorithm, so an algorithm added to the
//! catalog is reachable from C, Go, Dart and V at once.
//!
//! Conventions shared by every function (repeated in `include/saline.h`):
//! - The return value is a [`SalineStatus`]: 0 on success, the
//!   `saline_ops::error_code` class (1 range, 2 value, 3 verification,
//!   4 system, 5 unsupported) for a Saline error, 16 and up for failures of
//!   the C boundary itself (null pointer, bad handle, caught panic).
//! - After a failure, [`saline_last_error`] returns a message naming the
//!   parameter, what was expected and what was given
//!   ("key: expected 32 bytes, got 31"). It is per thread.
//! - A pointer with length 0 may be NULL. Lengths above `PTRDIFF_MAX` are
//!   refused. Inputs are only read during the call; nothing is retained.
//! - No panic crosses the boundary: every body runs under `catch_unwind`.

#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

mod aead;
mod boundary;
mod call;
mod catalog;
mod handles;
mod oneshot;
mod stream;

pub use aead::*;
pub use call::*;
pub use catalog::*;
pub use oneshot::*;
pub use stream::*;

use core::ffi::{c_char, c_int};

/// The status every function returns. The values are stable ABI; 1 to 5 are
/// the error classes shared by every Saline binding (`saline_ops::error_code`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SalineStatus {
    /// Success.
    Ok = 0,
    /// A length or numeric parameter out of range (JS `RangeError`).
    Range = 1,
    /// A malformed encoding.
    Value = 2,
    /// A tag, MAC or signature did not verify; no plaintext was released.
    Verification = 3,
    /// The system random number generator failed.
    System = 4,
    /// An unknown algorithm name, id or operation, or an option the
    /// algorithm does not take (JS `TypeError`).
    Unsupported = 5,
    /// A required pointer was NULL (with a non-zero length, or an out-parameter).
    NullPointer = 16,
    /// A stream handle that is zero, freed, or was never issued.
    BadHandle = 17,
    /// A panic was caught at the boundary (a bug in Saline; please report it).
    Internal = 18,
}

/// The message of the most recent failure on the calling thread, as a
/// NUL-terminated UTF-8 string; "" when no call on this thread has failed.
///
/// Ownership: the string belongs to Saline and stays valid until the next
/// Saline call on the same thread; copy it to keep it. Never NULL.
/// Thread safety: each thread has its own message.
#[no_mangle]
pub extern "C" fn saline_last_error() -> *const c_char {
    boundary::last_error_ptr()
}

/// The status of the most recent failure on the calling thread (0 if none).
///
/// Thread safety: each thread has its own value.
#[no_mangle]
pub extern "C" fn saline_last_status() -> c_int {
    boundary::last_status()
}
