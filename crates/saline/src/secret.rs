//! Constant-time comparison and wiping of secret state.

use subtle::ConstantTimeEq;

/// Compares two byte strings in time that depends only on their lengths.
///
/// The lengths themselves are treated as public: strings of different
/// lengths compare unequal at once. Use this for tags, MACs and any secret.
///
/// ```
/// assert!(saline::ct_eq(b"tag-bytes", b"tag-bytes"));
/// assert!(!saline::ct_eq(b"tag-bytes", b"tag-bytez"));
/// ```
pub fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && bool::from(a.ct_eq(b))
}

/// Overwrites a value that holds key-dependent state with zero bytes.
///
/// The RustCrypto hash and MAC cores, `blake2b_simd` and `blake2s_simd` keep
/// their state in plain integer arrays and do not wipe it themselves; a keyed
/// BLAKE2 or HMAC state is as good as the key. Called only from `Drop`.
///
/// # Safety
/// `T` must be "flat" as `zeroize::zeroize_flat_type` requires: no pointers,
/// no `Drop` impls, and all-zero bytes a valid value. Callers pass only the
/// state types listed in `hash` and `mac`, which are integer arrays, counters
/// and field-less enums whose first variant is zero.
pub(crate) unsafe fn wipe_flat<T>(value: &mut T) {
    // SAFETY: forwarded from the caller's contract.
    unsafe { zeroize::zeroize_flat_type(value as *mut T) }
}
