//! Keyed AEADs behind handles: the key schedule (AES round keys, the GHASH
//! key powers) is computed once in [`saline_aead_new`] instead of on every
//! `SALINE_OP_AEAD_SEAL` call, as Go's `cipher.AEAD` and libsodium's
//! `_beforenm` keep it; and seal/open write into the caller's buffer without
//! the generic argument descriptor (issue 13, bench/go).

use core::ffi::c_int;

use saline::aead::{Aead, MAX_TAG_LEN};

use crate::boundary::{check_output, guard, input, input_beside, output, overlaps, put_optional, put_required, Beside, Fail};
use crate::catalog::algorithm;
use crate::handles::{Handles, Used};
use crate::SalineStatus;

/// A keyed AEAD. 0 is never a valid handle.
pub type SalineAead = u64;

static AEADS: Handles<Aead> = Handles::new("aead", 2);

/// Keys AEAD `alg` (a `SALINE_ALG_*` id of kind "aead") with
/// `key[..key_len]` and stores its handle in `*aead`. A key of the wrong
/// length is `SALINE_STATUS_RANGE`; a non-AEAD id `SALINE_STATUS_UNSUPPORTED`.
///
/// Ownership: the handle belongs to the caller until [`saline_aead_free`];
/// the key is copied (and the copy wiped on free).
/// Thread safety: safe from any thread; one handle may seal and open from
/// many threads at once (the keyed state is never modified).
///
/// # Safety
/// `key` must be valid for reads of `key_len` bytes; `aead` for a write.
#[no_mangle]
pub unsafe extern "C" fn saline_aead_new(alg: u32, key: *const u8, key_len: usize, aead: *mut SalineAead) -> c_int {
    guard(|| {
        if aead.is_null() {
            return Err(Fail::null("aead"));
        }
        // SAFETY: the caller's contract.
        let key = unsafe { input("key", key, key_len) }?;
        let keyed = Aead::new(algorithm(alg)?, key)?;
        let handle = AEADS.insert(keyed)?;
        // SAFETY: checked non-null; the caller's contract.
        unsafe { put_required("aead", aead, handle) }
    })
}

/// Frees the AEAD; its key schedule is wiped. Freeing 0, a freed or an
/// unknown handle returns `SALINE_STATUS_BAD_HANDLE` and changes nothing.
/// Thread safety: a call still running on the handle finishes first.
#[no_mangle]
pub extern "C" fn saline_aead_free(aead: SalineAead) -> c_int {
    guard(|| AEADS.remove(aead))
}

/// What seal and open share: the keyed AEAD, the output checked, and the
/// nonce copied and the additional data read beside the output (copied if it overlaps it).
struct Request<'a> {
    keyed: Used<'static, Aead>,
    nonce: NonceCopy,
    aad: Beside<'a>,
}

/// The longest nonce of any AEAD in the catalog (AEGIS-256's 32 bytes;
/// the test `every_nonce_fits_the_copy` checks each).
const MAX_NONCE_LEN: usize = 32;

/// The nonce, copied to the stack before anything is written: at most
/// [`MAX_NONCE_LEN`] bytes, so it never matters whether it overlaps the
/// output. (Read through [`Beside`], with its overlap check and its enum
/// returned through memory, it cost ~10 ns of an 89 ns empty seal.)
struct NonceCopy {
    bytes: [u8; MAX_NONCE_LEN],
    len: usize,
}

impl core::ops::Deref for NonceCopy {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// # Safety
/// `ptr` valid for reads of `len` bytes.
#[inline(always)]
unsafe fn copy_nonce(keyed: &Aead, ptr: *const u8, len: usize) -> Result<NonceCopy, Fail> {
    // SAFETY: the caller's contract.
    let nonce = unsafe { input("nonce", ptr, len) }?;
    let mut copy = NonceCopy { bytes: [0; MAX_NONCE_LEN], len };
    match copy.bytes.get_mut(..len) {
        Some(bytes) => bytes.copy_from_slice(nonce),
        // Longer than any nonce: the same message the core gives a wrong length.
        None => return Err(nonce_length(keyed, len)),
    }
    Ok(copy)
}

#[cold]
fn nonce_length(keyed: &Aead, len: usize) -> Fail {
    let expected = keyed.algorithm().info().nonce.unwrap_or(saline::Expected::AtLeast(0));
    match saline::Error::check_length("nonce", expected, len) {
        Err(error) => error.into(),
        Ok(()) => Fail::new(SalineStatus::Internal, format!("nonce: {len} bytes is longer than the C ABI's copy ({MAX_NONCE_LEN})")),
    }
}

/// # Safety
/// `nonce` and `aad` valid for reads of their lengths, `out` for writes of `capacity`.
#[inline(always)]
unsafe fn request<'a>(
    aead: SalineAead,
    nonce: *const u8,
    nonce_len: usize,
    aad: *const u8,
    aad_len: usize,
    out: *mut u8,
    capacity: usize,
) -> Result<Request<'a>, Fail> {
    let keyed = AEADS.get(aead)?;
    check_output(out, capacity)?;
    // SAFETY: the caller's contract.
    let nonce = unsafe { copy_nonce(&keyed, nonce, nonce_len) }?;
    // SAFETY: the caller's contract; copied when it overlaps `out`.
    let aad = unsafe { input_beside("aad", aad, aad_len, out, capacity) }?;
    Ok(Request { keyed, nonce, aad })
}

/// Encrypts and authenticates `plaintext[..plaintext_len]` with
/// `nonce[..nonce_len]` and `aad[..aad_len]`, writing the sealed message
/// (`ciphertext ‖ tag`; `tag ‖ ciphertext` for XSalsa20-Poly1305, as
/// `saline_algorithm_info`'s `tag_prefix` says), `plaintext_len + tag_len`
/// bytes (`tag_len` from `saline_algorithm_info`: 16, or 32 for AEGIS), to
/// `out` (capacity `capacity`; less is `SALINE_STATUS_RANGE` naming "output") and its length to `*written` (may be NULL).
///
/// Aliasing: `out` may overlap `plaintext` in any way (in place is
/// `out == plaintext`); overlapping `nonce` or `aad` are copied first.
/// Thread safety: safe from any number of threads on one handle.
///
/// # Safety
/// Each pointer must be valid for its length (reads for inputs, writes for `out`).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn saline_aead_seal(
    aead: SalineAead,
    nonce: *const u8,
    nonce_len: usize,
    aad: *const u8,
    aad_len: usize,
    plaintext: *const u8,
    plaintext_len: usize,
    out: *mut u8,
    capacity: usize,
    written: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let Request { keyed, nonce, aad } = unsafe { request(aead, nonce, nonce_len, aad, aad_len, out, capacity) }?;
        // SAFETY: the caller's contract.
        let message = unsafe { input("plaintext", plaintext, plaintext_len) }?;
        let total = plaintext_len.checked_add(keyed.tag_len()).ok_or_else(|| Fail::new(SalineStatus::Range, "plaintext: too long"))?;
        saline::Error::check_length("output", saline::Expected::AtLeast(total), capacity)?;
        let (ct_range, tag_range) = keyed.layout(total);
        let tag = if overlaps(plaintext, plaintext_len, out, capacity) {
            // In place, or overlapping in any other way: a memmove into
            // place (none when already there: glibc copies a buffer onto
            // itself all the same), then sealed there; `message` is not
            // used again.
            // SAFETY: both ranges valid (checked above); `copy` allows overlap.
            unsafe { move_into_place(plaintext, out.add(ct_range.start), plaintext_len) };
            // SAFETY: checked; no input view is used from here on.
            let sealed = unsafe { output(out, capacity) };
            keyed.seal_in_place_detached(&nonce, &aad, &mut sealed[ct_range])?
        } else {
            // Apart (a fresh buffer, as Go's Seal(nil, ...)): sealed straight
            // from one into the other, without copying the message first.
            // SAFETY: checked; `message` does not overlap it.
            let sealed = unsafe { output(out, capacity) };
            keyed.seal_detached_into(&nonce, &aad, message, &mut sealed[ct_range])?
        };
        // SAFETY: as above (the views made in either branch have ended).
        let sealed = unsafe { output(out, capacity) };
        sealed[tag_range].copy_from_slice(&tag);
        // SAFETY: the caller's contract.
        unsafe { put_optional(written, total) };
        Ok(())
    })
}

/// Checks and decrypts a sealed message `sealed[..sealed_len]` (the layout
/// `saline_aead_seal` writes), writing the plaintext, `sealed_len - tag_len`
/// bytes, to `out` and its length to `*written` (may be NULL). A wrong tag
/// is `SALINE_STATUS_VERIFICATION`, and the output is then zeroed: no
/// unauthenticated plaintext is released.
///
/// Aliasing: `out` may overlap `sealed` in any way (in place is
/// `out == sealed`); overlapping `nonce` or `aad` are copied first.
/// Thread safety: safe from any number of threads on one handle.
///
/// # Safety
/// Each pointer must be valid for its length (reads for inputs, writes for `out`).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn saline_aead_open(
    aead: SalineAead,
    nonce: *const u8,
    nonce_len: usize,
    aad: *const u8,
    aad_len: usize,
    sealed: *const u8,
    sealed_len: usize,
    out: *mut u8,
    capacity: usize,
    written: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let Request { keyed, nonce, aad } = unsafe { request(aead, nonce, nonce_len, aad, aad_len, out, capacity) }?;
        // SAFETY: the caller's contract.
        unsafe { input("ciphertext", sealed, sealed_len) }?;
        let tag_len = keyed.tag_len();
        saline::Error::check_length("ciphertext", saline::Expected::AtLeast(tag_len), sealed_len)?;
        let n = sealed_len - tag_len;
        saline::Error::check_length("output", saline::Expected::AtLeast(n), capacity)?;
        let (ct_range, tag_range) = keyed.layout(sealed_len);
        // The tag is read out before the output, which may cover it, is written.
        let mut tag = [0u8; MAX_TAG_LEN];
        // SAFETY: within `sealed` (checked above); `tag` is a separate local.
        unsafe { core::ptr::copy_nonoverlapping(sealed.add(tag_range.start), tag.as_mut_ptr(), tag_len) };
        if n > 0 {
            // SAFETY: both ranges valid; `copy` allows overlap; no slices exist yet.
            unsafe { move_into_place(sealed.add(ct_range.start), out, n) };
        }
        // SAFETY: checked; no live input view points into it.
        let plain = unsafe { output(out, n) };
        if let Err(error) = keyed.open_in_place_detached(&nonce, &aad, plain, &tag[..tag_len]) {
            plain.fill(0);
            return Err(error.into());
        }
        // SAFETY: the caller's contract.
        unsafe { put_optional(written, n) };
        Ok(())
    })
}

/// `core::ptr::copy` (a memmove) unless `from` is `to` already: Go's
/// `Seal(plaintext[:0], ...)` and `Open(ciphertext[:0], ...)` work in place,
/// and a memmove of a buffer onto itself still copies every byte.
///
/// # Safety
/// As `core::ptr::copy`.
#[inline(always)]
unsafe fn move_into_place(from: *const u8, to: *mut u8, len: usize) {
    if !core::ptr::eq(from, to) {
        // SAFETY: the caller's contract.
        unsafe { core::ptr::copy(from, to, len) };
    }
}

#[cfg(test)]
mod tests {
    use super::MAX_NONCE_LEN;

    #[test]
    fn every_nonce_fits_the_copy() {
        for info in saline::ALGORITHMS.iter().filter(|info| info.kind == saline::Kind::Aead) {
            let nonce = info.nonce.expect("AEADs take nonces");
            let longest = (0..=MAX_NONCE_LEN + 64).filter(|&n| nonce.accepts(n)).max().unwrap_or(0);
            assert!(longest <= MAX_NONCE_LEN && !nonce.accepts(MAX_NONCE_LEN + 64), "{}: nonce {nonce:?}", info.name);
        }
    }
}
