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

// BLAKE3 on several threads. The input is a binary tree of 1 KiB chunks
// (BLAKE3 paper §2.1), so equal parts of a power-of-two size P can be hashed
// apart, each to the chaining value of its subtree, and joined after:
// `part_cv` runs on each thread (the JS `blake3.async` posts one job per
// part), `join_parts` merges the values into the root output. A part of P
// bytes starting at a multiple of P is a whole subtree (the crate's hazmat
// docs, `max_subtree_len`), the last part may be shorter, and the recursion
// below meets the parts as its leaves because every left subtree it splits
// off is a power of two of at least P.

/// BLAKE3's chunk, the smallest part.
const CHUNK_LEN: u64 = ::blake3::CHUNK_LEN as u64;

/// Checks a part size: a power of two of at least one chunk (1,024 bytes).
fn check_part_len(part_len: u64) -> Result<()> {
    if part_len < CHUNK_LEN || !part_len.is_power_of_two() {
        return Err(Error::InvalidParameter { what: "part length", expected: "a power of two of at least 1024", got: part_len });
    }
    Ok(())
}

/// The hazmat mode of the options, and the context's key when deriving one
/// (hashed from the context string, as `Hasher::new_derive_key` does).
fn tree_mode(mode: &Mode<'_>) -> Option<[u8; 32]> {
    match mode {
        Mode::DeriveKey(context) => Some(::blake3::hazmat::hash_derive_key_context(context)),
        Mode::Hash | Mode::Keyed(_) => None,
    }
}

/// The chaining value of one part of a BLAKE3 input: the `part_len` bytes
/// (the last part: fewer) that start `index · part_len` bytes in, hashed
/// as the subtree they are (BLAKE3 paper §2.1). The options select the mode
/// as for [`hash_into`]; [`join_parts`] turns the parts' values into the
/// hash of the whole input.
///
/// # Errors
/// As [`new_hasher`]; [`Error::InvalidParameter`] for a part size that is
/// not a power of two of at least 1,024 bytes or an offset past 2^64;
/// [`Error::InvalidLength`] for an empty part or one longer than
/// `part_len`.
pub fn part_cv(options: &HashOptions<'_>, part: &[u8], index: u64, part_len: u64) -> Result<[u8; 32]> {
    use ::blake3::hazmat::HasherExt;
    let mode = mode(options)?;
    check_part_len(part_len)?;
    // An empty subtree is never valid, and a longer one is not a subtree.
    let limit = usize::try_from(part_len).unwrap_or(usize::MAX);
    Error::check_length("part", Expected::Range(1, limit), part.len())?;
    let offset = index.checked_mul(part_len).ok_or(Error::InvalidParameter { what: "part index", expected: "an offset below 2^64", got: index })?;
    let context_key = tree_mode(&mode);
    let mut hasher = match (&mode, &context_key) {
        (Mode::Keyed(key), _) => ::blake3::Hasher::new_keyed(key),
        (_, Some(context_key)) => ::blake3::Hasher::new_from_context_key(context_key),
        _ => ::blake3::Hasher::new(),
    };
    hasher.set_input_offset(offset);
    hasher.update(part);
    let cv = hasher.finalize_non_root();
    wipe(&mut hasher);
    if let Some(mut context_key) = context_key {
        zeroize::Zeroize::zeroize(&mut context_key);
    }
    Ok(cv)
}

/// The BLAKE3 output of an input of `total_len` bytes from the chaining
/// values of its parts (`cvs`, 32 bytes each, in order), computed by
/// [`part_cv`] with the same options and `part_len`. Writes `out.len()`
/// bytes, as [`hash_into`] would for the whole input.
///
/// # Errors
/// As [`new_hasher`]; [`Error::InvalidParameter`] for a part size that is
/// not a power of two of at least 1,024 bytes, or a total not longer than
/// one part (hash such an input whole); [`Error::InvalidLength`] when `cvs`
/// is not 32 bytes for each of the ⌈total_len / part_len⌉ parts.
pub fn join_parts(options: &HashOptions<'_>, cvs: &[u8], total_len: u64, part_len: u64, out: &mut [u8]) -> Result<()> {
    use ::blake3::hazmat::{left_subtree_len, merge_subtrees_non_root, merge_subtrees_root_xof, Mode as TreeMode};
    let mode = mode(options)?;
    check_part_len(part_len)?;
    if total_len <= part_len {
        return Err(Error::InvalidParameter { what: "total length", expected: "more than one part (hash a shorter input whole)", got: total_len });
    }
    let parts = total_len.div_ceil(part_len);
    let cv_bytes = usize::try_from(parts).ok().and_then(|n| n.checked_mul(32)).ok_or(Error::InvalidParameter {
        what: "total length",
        expected: "at most 2^32 parts on this platform",
        got: total_len,
    })?;
    Error::check_length("chaining values", Expected::Exactly(cv_bytes), cvs.len())?;
    let mut context_key = tree_mode(&mode);
    let tree_mode = match (&mode, &context_key) {
        (Mode::Keyed(key), _) => TreeMode::KeyedHash(key),
        (_, Some(context_key)) => TreeMode::DeriveKeyMaterial(context_key),
        _ => TreeMode::Hash,
    };

    // The chaining value of the subtree of `len` bytes at `offset`: a part's
    // own, or the parent of its two halves split as BLAKE3 splits (the left
    // one the largest power of two below `len`). Depth: log2 of the parts.
    fn subtree(cvs: &[u8], part_len: u64, offset: u64, len: u64, mode: TreeMode<'_>) -> [u8; 32] {
        if len <= part_len {
            // `offset` is a multiple of `part_len` (see the comment above
            // `CHUNK_LEN`) below `total_len`, so its part is in `cvs`, whose
            // length the caller checked.
            let at = (offset / part_len) as usize * 32;
            let mut cv = [0u8; 32];
            cv.copy_from_slice(&cvs[at..at + 32]);
            return cv;
        }
        let left = left_subtree_len(len);
        let mut l = subtree(cvs, part_len, offset, left, mode);
        let mut r = subtree(cvs, part_len, offset + left, len - left, mode);
        let parent = merge_subtrees_non_root(&l, &r, mode);
        zeroize::Zeroize::zeroize(&mut l);
        zeroize::Zeroize::zeroize(&mut r);
        parent
    }

    let left = left_subtree_len(total_len);
    let mut l = subtree(cvs, part_len, 0, left, tree_mode);
    let mut r = subtree(cvs, part_len, left, total_len - left, tree_mode);
    let mut reader = merge_subtrees_root_xof(&l, &r, tree_mode);
    reader.fill(out);
    zeroize::Zeroize::zeroize(&mut reader);
    zeroize::Zeroize::zeroize(&mut l);
    zeroize::Zeroize::zeroize(&mut r);
    if let Some(context_key) = context_key.as_mut() {
        zeroize::Zeroize::zeroize(context_key);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn options<'a>(key: Option<&'a [u8]>, context: Option<&'a [u8]>) -> HashOptions<'a> {
        HashOptions { key, context, ..HashOptions::default() }
    }

    /// Hashes `data` part by part and joins the parts.
    fn by_parts(options: &HashOptions<'_>, data: &[u8], part_len: u64, out: &mut [u8]) -> Result<()> {
        let mut cvs = Vec::new();
        for (i, part) in data.chunks(part_len as usize).enumerate() {
            cvs.extend_from_slice(&part_cv(options, part, i as u64, part_len)?);
        }
        join_parts(options, &cvs, data.len() as u64, part_len, out)
    }

    #[test]
    fn parts_join_to_the_whole_hash_in_every_mode() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let key = [7u8; 32];
        let modes = [options(None, None), options(Some(&key), None), options(None, Some(b"saline parts test"))];
        for mode in &modes {
            for part_len in [1024u64, 2048, 4096, 16384] {
                // Lengths just over one part, on and around chunk and part
                // boundaries, and an uneven last part.
                for len in [part_len + 1, 2 * part_len, 2 * part_len + 1, 3 * part_len - 1, 5 * part_len + 1023, 70_000] {
                    let input = &data[..len as usize];
                    for out_len in [1, 32, 131] {
                        let mut whole = alloc::vec![0u8; out_len];
                        hash_into(mode, input, &mut whole).unwrap();
                        let mut joined = alloc::vec![0u8; out_len];
                        by_parts(mode, input, part_len, &mut joined).unwrap();
                        assert_eq!(joined, whole, "part_len {part_len}, len {len}, out {out_len}");
                    }
                }
            }
        }
    }

    #[test]
    fn bad_parts_are_errors() {
        let o = options(None, None);
        let part = [0u8; 2048];
        // Part sizes: not a power of two, below a chunk.
        assert!(matches!(part_cv(&o, &part[..1000], 0, 1536), Err(Error::InvalidParameter { what: "part length", .. })));
        assert!(matches!(part_cv(&o, &part[..100], 0, 512), Err(Error::InvalidParameter { what: "part length", .. })));
        // Empty, longer than the part size, an offset past 2^64.
        assert!(matches!(part_cv(&o, &[], 1, 1024), Err(Error::InvalidLength { what: "part", .. })));
        assert!(matches!(part_cv(&o, &part, 1, 1024), Err(Error::InvalidLength { what: "part", .. })));
        assert!(matches!(part_cv(&o, &part[..10], u64::MAX / 1024 + 1, 1024), Err(Error::InvalidParameter { what: "part index", .. })));
        assert!(matches!(part_cv(&o, &part[..10], u64::MAX / 1024, 1024), Ok(_)));
        // Joins: one part only, a wrong count of values, huge totals.
        let cvs = [0u8; 96];
        let mut out = [0u8; 32];
        assert!(matches!(join_parts(&o, &cvs[..32], 1024, 1024, &mut out), Err(Error::InvalidParameter { what: "total length", .. })));
        assert!(matches!(join_parts(&o, &cvs[..64], 2049, 1024, &mut out), Err(Error::InvalidLength { what: "chaining values", .. })));
        assert!(join_parts(&o, &cvs, 3072, 1024, &mut out).is_ok());
        assert!(join_parts(&o, &cvs, u64::MAX, 1024, &mut out).is_err());
        assert!(matches!(join_parts(&o, &cvs, 3072, 3000, &mut out), Err(Error::InvalidParameter { what: "part length", .. })));
        // The options are checked as for a whole hash.
        assert!(matches!(part_cv(&options(Some(&[1; 16]), None), &part, 0, 2048), Err(Error::InvalidLength { what: "key", .. })));
        assert!(matches!(join_parts(&options(None, Some(&[0xff])), &cvs, 3072, 1024, &mut out), Err(Error::InvalidEncoding { .. })));
    }
}
