//! BLAKE3 in its three modes — hash, keyed hash, derive key — with
//! extendable output. Backend: the `blake3` crate (SIMD picked at run time).

use super::HashOptions;
use crate::error::{Error, Expected, Result};

/// Builds a `blake3::Hasher` for the mode the options select: `key` (32
/// bytes) for keyed hashing, `context` (UTF-8) for key derivation, neither
/// for plain hashing. Output length is free (BLAKE3 is an XOF).
///
/// # Errors
/// [`Error::InvalidLength`] for a key that is not 32 bytes,
/// [`Error::InvalidEncoding`] for a context that is not UTF-8,
/// [`Error::UnsupportedOption`] for `key` with `context`, or for BLAKE2's salt
/// and personalization.
pub fn new_hasher(options: &HashOptions<'_>) -> Result<::blake3::Hasher> {
    new_boxed_hasher(options).map(|hasher| *hasher)
}

/// As [`new_hasher`], on the heap: the 1.9 KB state is built straight into
/// its box instead of being moved there through a `Result` (measured in the
/// Python binding, `blake3(32 bytes).digest()`: memmove went from 18% to
/// 11% of the samples, the call from 430 ns to 390 ns of CPU time).
pub(crate) fn new_boxed_hasher(options: &HashOptions<'_>) -> Result<alloc::boxed::Box<::blake3::Hasher>> {
    Ok(alloc::boxed::Box::new(match mode(options)? {
        Mode::Hash => ::blake3::Hasher::new(),
        Mode::Keyed(key) => ::blake3::Hasher::new_keyed(key),
        Mode::DeriveKey(context) => ::blake3::Hasher::new_derive_key(context),
    }))
}

/// The mode the options select, checked; see [`new_hasher`].
enum Mode<'a> {
    Hash,
    Keyed(&'a [u8; 32]),
    DeriveKey(&'a str),
}

fn mode<'a>(options: &HashOptions<'a>) -> Result<Mode<'a>> {
    for (option, given) in [("salt", options.salt.is_some()), ("personal", options.personal.is_some())] {
        if given {
            return Err(Error::UnsupportedOption { algorithm: "blake3", option });
        }
    }
    match (options.key, options.context) {
        (Some(_), Some(_)) => Err(Error::UnsupportedOption { algorithm: "blake3 keyed mode", option: "context" }),
        (Some(key), None) => {
            key.try_into().map(Mode::Keyed).map_err(|_| Error::length("key", Expected::Exactly(32), key.len()))
        }
        (None, Some(context)) => core::str::from_utf8(context)
            .map(Mode::DeriveKey)
            .map_err(|_| Error::InvalidEncoding { what: "context", reason: "must be UTF-8 text" }),
        (None, None) => Ok(Mode::Hash),
    }
}

/// Hashes `data` into `out` (any length: BLAKE3 is an XOF) in one call,
/// without boxing or cloning a `blake3::Hasher`. Plain hashing to 32 bytes
/// is the crate's `blake3::hash`; otherwise one hasher built in this frame
/// (not returned through a `Result`: moving its 1.9 KB took a keyed call to
/// 9.3 KiB of wasm stack, 5.4 in place), wiped with its output reader when
/// keyed or deriving a key.
///
/// # Errors
/// As [`new_hasher`].
#[inline(never)] // its own frame: see `hash::hash_into`
pub fn hash_into(options: &HashOptions<'_>, data: &[u8], out: &mut [u8]) -> Result<()> {
    let mode = mode(options)?;
    let mut hasher = match mode {
        Mode::Hash => ::blake3::Hasher::new(),
        Mode::Keyed(key) => ::blake3::Hasher::new_keyed(key),
        Mode::DeriveKey(context) => ::blake3::Hasher::new_derive_key(context),
    };
    hasher.update(data);
    output_into(&hasher, out);
    // Wiped whatever the mode, as `Hasher`'s drop does: keyed states hold the
    // key, and every state holds the message's last partial block, which may
    // be a secret. (The crate's `blake3::hash` would be cheaper for a plain
    // 32-byte digest, but leaves its state on the stack.)
    wipe(&mut hasher);
    Ok(())
}

/// Writes the first `out.len()` bytes of the hasher's output, leaving the
/// hasher as it was. Up to 32 bytes that is a prefix of the default digest
/// (BLAKE3 paper §2.6: shorter outputs are prefixes of longer ones), which
/// `finalize` computes with one compression into the chaining value; the
/// output reader's `fill` costs more for the same block (measured on AMD Zen
/// 5, 32-byte input: 67 ns against 106 ns for hasher, update and output).
/// Longer outputs, and every output past 32 bytes, come from the reader,
/// which is wiped: it holds the root block's chaining value and message block.
pub(crate) fn output_into(hasher: &::blake3::Hasher, out: &mut [u8]) {
    if out.len() <= ::blake3::OUT_LEN {
        // A key when deriving one: wiped like the reader below.
        let mut digest = hasher.finalize();
        out.copy_from_slice(&digest.as_bytes()[..out.len()]);
        zeroize::Zeroize::zeroize(&mut digest);
    } else {
        let mut reader = hasher.finalize_xof();
        reader.fill(out);
        zeroize::Zeroize::zeroize(&mut reader);
    }
}

/// Wipes a hasher that is about to be dropped.
///
/// A plain overwrite of its bytes rather than the crate's `Zeroize`, which
/// wipes the 1.7 KB chaining-value stack word by word through volatile
/// writes (measured on AMD Zen 5, a boxed 32-byte hash: 46 ns for the
/// crate's zeroize, 9 ns for this). `blake3::Hasher` 1.8 is flat in the sense
/// of `secret::wipe_flat`: its fields are words and byte arrays, a `u8`
/// counter, the field-less `Platform` enum whose variant 0 (`Portable`) is
/// valid, and an `ArrayVec` of chaining values whose zeroed length makes its
/// `Drop` (the only one inside) a no-op. Callers must not use the hasher
/// again except to drop it.
pub(crate) fn wipe(hasher: &mut ::blake3::Hasher) {
    // SAFETY: flat as described above, and not used after this point except
    // to be dropped, which reads only the (zero) stack length.
    unsafe { crate::secret::wipe_flat(hasher) }
}
