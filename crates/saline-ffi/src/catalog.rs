//! The catalog from C: ids by name, sizes by id, and the whole catalog as
//! JSON, so that no binding repeats a size or a name.

use core::ffi::{c_char, c_int, CStr};
use std::ffi::CString;
use std::sync::OnceLock;

use saline::{Algorithm, Expected};

use crate::boundary::{guard, put_required, Fail};
use crate::SalineStatus;

/// The sizes and names of one catalog entry. Every length is in bytes.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct SalineAlgorithmInfo {
    /// The stable id (`SALINE_ALG_*`).
    pub id: u32,
    /// The canonical name, NUL-terminated, static (never freed).
    pub name: *const c_char,
    /// The kind: "hash", "xof", "mac", "cipher", "aead", "box", "signature",
    /// "key agreement", "kdf", "secretstream", "group" or "utility";
    /// NUL-terminated, static. A group's or utility's operations (and
    /// libsodium's constants) are in the catalog JSON (`saline_catalog_json`).
    pub kind: *const c_char,
    /// Default output: digest, tag, signature or shared-secret length.
    pub output_len: usize,
    /// Largest output length (`SIZE_MAX`: unbounded XOF).
    pub max_output_len: usize,
    /// Internal block size (HMAC block, cipher block), 0 if none.
    pub block_len: usize,
    /// Authentication tag length, 0 if none.
    pub tag_len: usize,
    /// 1 when the AEAD's combined layout is `tag ‖ ciphertext` (NaCl), 0
    /// for `ciphertext ‖ tag`.
    pub tag_prefix: u8,
    /// 1 when the algorithm takes a key.
    pub has_key: u8,
    /// Smallest and largest key length (AES: 16 and 32; 24 is also valid).
    pub key_min: usize,
    /// See `key_min`.
    pub key_max: usize,
    /// 1 when the algorithm takes a nonce or IV.
    pub has_nonce: u8,
    /// Smallest and largest nonce length.
    pub nonce_min: usize,
    /// See `nonce_min`.
    pub nonce_max: usize,
}

fn bounds(rule: Option<Expected>) -> (u8, usize, usize) {
    match rule {
        None => (0, 0, 0),
        Some(Expected::Exactly(n)) => (1, n, n),
        Some(Expected::Range(lo, hi)) => (1, lo, hi),
        Some(Expected::AtLeast(n)) => (1, n, usize::MAX),
        Some(Expected::MultipleOf(_)) => (1, 0, usize::MAX),
        Some(Expected::OneOf(list)) => (1, list.iter().copied().min().unwrap_or(0), list.iter().copied().max().unwrap_or(0)),
    }
}

/// NUL-terminated copies of the names and kinds, made once.
fn c_strings() -> &'static [(CString, CString)] {
    static STRINGS: OnceLock<Vec<(CString, CString)>> = OnceLock::new();
    STRINGS.get_or_init(|| {
        saline::ALGORITHMS
            .iter()
            .map(|info| (CString::new(info.name).unwrap_or_default(), CString::new(info.kind.name()).unwrap_or_default()))
            .collect()
    })
}

/// The algorithm with catalog id `id`, from a table indexed by id (built
/// once): the typed entry points call this on every call, where the core's
/// `Algorithm::from_id` searches the catalog in order.
pub(crate) fn algorithm(id: u32) -> Result<Algorithm, Fail> {
    static BY_ID: OnceLock<Vec<Option<Algorithm>>> = OnceLock::new();
    let table = BY_ID.get_or_init(|| {
        let mut table = vec![None; saline::ALGORITHMS.iter().map(|i| usize::from(i.id) + 1).max().unwrap_or(0)];
        for info in saline::ALGORITHMS {
            table[usize::from(info.id)] = Some(info.algorithm);
        }
        table
    });
    match usize::try_from(id).ok().and_then(|i| table.get(i).copied().flatten()) {
        Some(algorithm) => Ok(algorithm),
        None => Err(Fail::from(saline::Error::UnknownAlgorithm { name: format!("#{id}"), kind: "any" })),
    }
}

/// Stores in `*id` the id of the algorithm named `name` (a NUL-terminated
/// string; case, '-', '_', '/' and ' ' are ignored, aliases accepted:
/// "SHA-256", "sha256"). Unknown names are `SALINE_STATUS_UNSUPPORTED`.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `name` must be a NUL-terminated string; `id` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn saline_algorithm_id(name: *const c_char, id: *mut u32) -> c_int {
    guard(|| {
        if name.is_null() {
            return Err(Fail::null("name"));
        }
        // SAFETY: the caller's contract.
        let name = unsafe { CStr::from_ptr(name) };
        let name = name.to_str().map_err(|_| Fail::new(SalineStatus::Value, "name: is not UTF-8"))?;
        let algorithm = Algorithm::from_name(name)?;
        // SAFETY: the caller's contract.
        unsafe { put_required("id", id, u32::from(algorithm.info().id)) }
    })
}

/// Fills `*info` with the catalog entry of algorithm `id`; an unknown id is
/// `SALINE_STATUS_UNSUPPORTED`. The strings it points to are static.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `info` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn saline_algorithm_info(id: u32, info: *mut SalineAlgorithmInfo) -> c_int {
    guard(|| {
        let short = u16::try_from(id).map_err(|_| Fail::from(saline::Error::UnknownAlgorithm { name: format!("#{id}"), kind: "any" }))?;
        let algorithm = Algorithm::from_id(short)?;
        let position = saline::ALGORITHMS.iter().position(|i| i.algorithm == algorithm).unwrap_or(0);
        let entry = algorithm.info();
        let (name, kind) = &c_strings()[position];
        let (has_key, key_min, key_max) = bounds(entry.key);
        let (has_nonce, nonce_min, nonce_max) = bounds(entry.nonce);
        let value = SalineAlgorithmInfo {
            id,
            name: name.as_ptr(),
            kind: kind.as_ptr(),
            output_len: entry.output_len,
            max_output_len: entry.max_output_len,
            block_len: entry.block_len,
            tag_len: entry.tag_len,
            tag_prefix: u8::from(entry.tag_position == saline::catalog::TagPosition::Prefix),
            has_key,
            key_min,
            key_max,
            has_nonce,
            nonce_min,
            nonce_max,
        };
        // SAFETY: the caller's contract.
        unsafe { put_required("info", info, value) }
    })
}

/// Stores in `*json` the whole catalog as a NUL-terminated JSON array (the
/// `CatalogEntry[]` the JavaScript package reads) and its length without the
/// NUL in `*len` (may be NULL). The string is static: never free it.
/// Thread safety: safe from any thread.
///
/// # Safety
/// `json` must be valid for a write; `len` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn saline_catalog_json(json: *mut *const c_char, len: *mut usize) -> c_int {
    static JSON: OnceLock<CString> = OnceLock::new();
    guard(|| {
        let text = JSON.get_or_init(|| CString::new(saline_ops::catalog_json()).unwrap_or_default());
        // SAFETY: the caller's contract.
        unsafe { put_required("json", json, text.as_ptr()) }?;
        // SAFETY: the caller's contract.
        unsafe { crate::boundary::put_optional(len, text.as_bytes().len()) };
        Ok(())
    })
}
