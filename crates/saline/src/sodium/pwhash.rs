//! `crypto_pwhash`: Argon2i and Argon2id (version 1.3, one lane for new
//! hashes) and `crypto_pwhash_scryptsalsa208sha256`, raw and as libsodium's
//! strings, with libsodium's constants and limits, over the `argon2` and
//! `scrypt` crates (libsodium `crypto_pwhash/argon2/pwhash_argon2{i,id}.c`,
//! `argon2-encoding.c`, `scryptsalsa208sha256/pwhash_scryptsalsa208sha256.c`,
//! `crypto_scrypt-common.c`).
//!
//! Strings are parsed strictly, as libsodium parses them, and every cost is
//! checked before any work, so that a hostile string is refused at once:
//!
//! * Argon2: exactly `$argon2id$v=19$m=M,t=T,p=P$salt$hash` (or `$argon2i$`),
//!   fields in that order and nothing after the hash; decimals without
//!   leading zeros, at most 2^32 − 1; unpadded standard base64 with zero
//!   trailing bits; salt ≥ 8 bytes, hash ≥ 16; m ≥ 8·p.
//! * scrypt: exactly 101 characters, `$7$`, N's log2, r and p in the
//!   crypt(3) base-64 alphabet, a 43-character salt, `$`, the 43-character hash.
//! * Argon2 strings being verified are held to the same ceilings as
//!   `kdf::argon2_verify` (`kdf::Argon2VerifyLimits::default()`, which admit
//!   libsodium's SENSITIVE presets exactly), refused with
//!   [`Error::CostLimit`] before any work.
//! * Ceilings, refused with [`Error::InvalidParameter`] before computing:
//!   Argon2 memory above [`crate::kdf::ARGON2_MAX_MEMORY_KIB`] or
//!   t · m above [`ARGON2_MAX_WORK_KIB`]; scrypt memory (128 · r · N) above
//!   [`crate::kdf::SCRYPT_MAX_MEMORY_BYTES`] or N · r · p above
//!   [`SCRYPT_MAX_WORK`]. libsodium's own `MEMLIMIT_MAX` (4 TiB for Argon2,
//!   64 GiB for scrypt) is above what Saline allocates (see DESIGN.md,
//!   "Parameter limits that prevent aborts").
//!
//! ```
//! use saline::sodium::pwhash::*;
//! let hash = crypto_pwhash_str(b"hunter2", argon2id::OPSLIMIT_MIN, argon2id::MEMLIMIT_MIN)?;
//! assert!(hash.starts_with("$argon2id$v=19$m=8,t=1,p=1$"));
//! crypto_pwhash_str_verify(&hash, b"hunter2")?;
//! assert!(crypto_pwhash_str_verify(&hash, b"hunter3").is_err());
//! assert!(!crypto_pwhash_str_needs_rehash(&hash, argon2id::OPSLIMIT_MIN, argon2id::MEMLIMIT_MIN)?);
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use base64::Engine;
use zeroize::Zeroizing;

use crate::cipher::fixed;
use crate::error::{Error, Expected, Result};
use crate::kdf::ARGON2_MAX_MEMORY_KIB as MAX_MEMORY_KIB;

/// `crypto_pwhash_ALG_ARGON2I13`.
pub const ALG_ARGON2I13: i32 = 1;
/// `crypto_pwhash_ALG_ARGON2ID13`.
pub const ALG_ARGON2ID13: i32 = 2;
/// `crypto_pwhash_ALG_DEFAULT`: Argon2id.
pub const ALG_DEFAULT: i32 = ALG_ARGON2ID13;
/// `crypto_pwhash_STRBYTES`: the largest string, NUL included.
pub const STRBYTES: usize = 128;
/// The most work an Argon2 string may ask for when verified or hashed:
/// t · m ≤ 2^28 KiB, 64 times libsodium's `SENSITIVE` presets.
pub const ARGON2_MAX_WORK_KIB: u64 = 1 << 28;
/// The most work a scrypt string may ask for: N · r · p ≤ 2^28, 32 times
/// libsodium's `SENSITIVE` preset (N = 2^20, r = 8, p = 1).
pub const SCRYPT_MAX_WORK: u64 = 1 << 28;

macro_rules! argon2_constants {
    ($module:ident, $title:literal, $prefix:literal, $ops_min:literal,
     $ops_interactive:literal, $mem_interactive:literal, $ops_moderate:literal, $mem_moderate:literal,
     $ops_sensitive:literal, $mem_sensitive:literal) => {
        #[doc = concat!("The constants of `", $title, "`.")]
        pub mod $module {
            /// `_SALTBYTES`.
            pub const SALTBYTES: usize = 16;
            /// `_BYTES_MIN`.
            pub const BYTES_MIN: usize = 16;
            /// `_BYTES_MAX`.
            pub const BYTES_MAX: u64 = 0xffff_ffff;
            /// `_PASSWD_MAX`.
            pub const PASSWD_MAX: u64 = 0xffff_ffff;
            /// `_OPSLIMIT_MIN`.
            pub const OPSLIMIT_MIN: u64 = $ops_min;
            /// `_OPSLIMIT_MAX`.
            pub const OPSLIMIT_MAX: u64 = 0xffff_ffff;
            /// `_MEMLIMIT_MIN` (bytes).
            pub const MEMLIMIT_MIN: usize = 8192;
            /// `_MEMLIMIT_MAX` on 64-bit targets (bytes); Saline allocates at
            /// most `kdf::ARGON2_MAX_MEMORY_KIB`.
            pub const MEMLIMIT_MAX: u64 = 4_398_046_510_080;
            /// `_OPSLIMIT_INTERACTIVE`.
            pub const OPSLIMIT_INTERACTIVE: u64 = $ops_interactive;
            /// `_MEMLIMIT_INTERACTIVE`.
            pub const MEMLIMIT_INTERACTIVE: usize = $mem_interactive;
            /// `_OPSLIMIT_MODERATE`.
            pub const OPSLIMIT_MODERATE: u64 = $ops_moderate;
            /// `_MEMLIMIT_MODERATE`.
            pub const MEMLIMIT_MODERATE: usize = $mem_moderate;
            /// `_OPSLIMIT_SENSITIVE`.
            pub const OPSLIMIT_SENSITIVE: u64 = $ops_sensitive;
            /// `_MEMLIMIT_SENSITIVE`.
            pub const MEMLIMIT_SENSITIVE: usize = $mem_sensitive;
            /// `_STRPREFIX`.
            pub const STRPREFIX: &str = $prefix;
        }
    };
}

argon2_constants!(argon2id, "crypto_pwhash_argon2id", "$argon2id$", 1, 2, 67_108_864, 3, 268_435_456, 4, 1_073_741_824);
argon2_constants!(argon2i, "crypto_pwhash_argon2i", "$argon2i$", 3, 4, 33_554_432, 6, 134_217_728, 8, 536_870_912);

/// The constants of `crypto_pwhash_scryptsalsa208sha256`.
pub mod scryptsalsa208sha256 {
    /// `_SALTBYTES`.
    pub const SALTBYTES: usize = 32;
    /// `_STRBYTES`: the string and its NUL.
    pub const STRBYTES: usize = 102;
    /// `_STRPREFIX`.
    pub const STRPREFIX: &str = "$7$";
    /// `_BYTES_MIN`.
    pub const BYTES_MIN: usize = 16;
    /// `_BYTES_MAX`: (2^32 − 1) · 32.
    pub const BYTES_MAX: u64 = 0x1f_ffff_ffe0;
    /// `_OPSLIMIT_MIN`.
    pub const OPSLIMIT_MIN: u64 = 32768;
    /// `_OPSLIMIT_MAX`.
    pub const OPSLIMIT_MAX: u64 = 0xffff_ffff;
    /// `_MEMLIMIT_MIN`.
    pub const MEMLIMIT_MIN: usize = 16_777_216;
    /// `_MEMLIMIT_MAX` on 64-bit targets.
    pub const MEMLIMIT_MAX: u64 = 68_719_476_736;
    /// `_OPSLIMIT_INTERACTIVE`.
    pub const OPSLIMIT_INTERACTIVE: u64 = 524_288;
    /// `_MEMLIMIT_INTERACTIVE`.
    pub const MEMLIMIT_INTERACTIVE: usize = 16_777_216;
    /// `_OPSLIMIT_SENSITIVE`.
    pub const OPSLIMIT_SENSITIVE: u64 = 33_554_432;
    /// `_MEMLIMIT_SENSITIVE`.
    pub const MEMLIMIT_SENSITIVE: usize = 1_073_741_824;
}

// ---------------------------------------------------------------- Argon2

#[derive(Clone, Copy, PartialEq, Eq)]
enum Variant {
    Argon2i,
    Argon2id,
}

impl Variant {
    fn from_alg(alg: i32) -> Result<Variant> {
        match alg {
            ALG_ARGON2I13 => Ok(Variant::Argon2i),
            ALG_ARGON2ID13 => Ok(Variant::Argon2id),
            _ => Err(Error::InvalidParameter { what: "alg", expected: "1 (argon2i13) or 2 (argon2id13)", got: alg as u64 }),
        }
    }
    fn algorithm(self) -> crate::Algorithm {
        match self {
            Variant::Argon2i => crate::Algorithm::Argon2i,
            Variant::Argon2id => crate::Algorithm::Argon2id,
        }
    }
    fn name(self) -> &'static str {
        match self {
            Variant::Argon2i => "argon2i",
            Variant::Argon2id => "argon2id",
        }
    }
    fn ops_min(self) -> u64 {
        match self {
            Variant::Argon2i => argon2i::OPSLIMIT_MIN,
            Variant::Argon2id => argon2id::OPSLIMIT_MIN,
        }
    }
}

/// Refuses costs beyond Saline's ceilings before any work.
fn argon2_ceilings(t: u32, m: u32) -> Result<()> {
    if m > MAX_MEMORY_KIB {
        return Err(Error::InvalidParameter { what: "m (KiB)", expected: "at most kdf::argon2::MAX_MEMORY_KIB", got: m.into() });
    }
    let work = u64::from(t) * u64::from(m);
    if work > ARGON2_MAX_WORK_KIB {
        return Err(Error::InvalidParameter { what: "t × m (KiB)", expected: "at most 2^28 (ARGON2_MAX_WORK_KIB)", got: work });
    }
    Ok(())
}

fn argon2_compute(variant: Variant, t: u32, m: u32, p: u32, password: &[u8], salt: &[u8], out: &mut [u8]) -> Result<()> {
    argon2_ceilings(t, m)?;
    argon2::Params::new(m, t, p, Some(out.len()))
        .map_err(|_| Error::InvalidParameter { what: "argon2 parameters", expected: "t ≥ 1, 1 ≤ p < 2^24, m ≥ 8 × p", got: m.into() })?;
    if salt.len() < argon2::MIN_SALT_LEN || out.len() < argon2::Params::MIN_OUTPUT_LEN {
        return Err(Error::InvalidParameter { what: "argon2 input", expected: "salt ≥ 8 bytes, output ≥ 4 bytes", got: salt.len() as u64 });
    }
    // The kdf registry, as every other Argon2 call: libsodium's own code
    // natively (what this API is a drop-in for), argon2-rust in
    // WebAssembly, RustCrypto's crate in a native build without std.
    let params = crate::kdf::Argon2Params { t, m, p, out_len: out.len() };
    crate::kdf::argon2_checked_into(variant.algorithm(), password, salt, &params, out)
}

/// libsodium's checks of opslimit and memlimit for new hashes; returns (t, m KiB).
fn argon2_limits(variant: Variant, opslimit: u64, memlimit: usize) -> Result<(u32, u32)> {
    if opslimit < variant.ops_min() || opslimit > argon2id::OPSLIMIT_MAX {
        return Err(Error::InvalidParameter { what: "opslimit", expected: "OPSLIMIT_MIN to OPSLIMIT_MAX", got: opslimit });
    }
    if memlimit < argon2id::MEMLIMIT_MIN || memlimit as u64 > argon2id::MEMLIMIT_MAX {
        return Err(Error::InvalidParameter { what: "memlimit", expected: "MEMLIMIT_MIN to MEMLIMIT_MAX bytes", got: memlimit as u64 });
    }
    let m = u32::try_from(memlimit / 1024).map_err(|_| Error::InvalidParameter { what: "memlimit", expected: "below 4 TiB", got: memlimit as u64 })?;
    Ok((opslimit as u32, m))
}

fn argon2_raw(variant: Variant, out_len: usize, password: &[u8], salt: &[u8], opslimit: u64, memlimit: usize) -> Result<Zeroizing<Vec<u8>>> {
    if out_len < argon2id::BYTES_MIN || out_len as u64 > argon2id::BYTES_MAX {
        return Err(Error::InvalidParameter { what: "output length", expected: "16 to 2^32 − 1 bytes", got: out_len as u64 });
    }
    if password.len() as u64 > argon2id::PASSWD_MAX {
        return Err(Error::InvalidParameter { what: "password length", expected: "at most 2^32 − 1 bytes", got: password.len() as u64 });
    }
    let (t, m) = argon2_limits(variant, opslimit, memlimit)?;
    let salt: &[u8; 16] = fixed("salt", salt)?;
    let mut out = Zeroizing::new(alloc::vec![0u8; out_len]);
    argon2_compute(variant, t, m, 1, password, salt, &mut out)?;
    Ok(out)
}

fn argon2_str(variant: Variant, password: &[u8], opslimit: u64, memlimit: usize) -> Result<String> {
    let (t, m) = argon2_limits(variant, opslimit, memlimit)?;
    let salt = crate::random::array::<16>()?;
    let mut hash = Zeroizing::new([0u8; 32]);
    argon2_compute(variant, t, m, 1, password, &salt, &mut hash[..])?;
    let b64 = base64::engine::general_purpose::STANDARD_NO_PAD;
    Ok(format!("${}$v=19$m={m},t={t},p=1${}${}", variant.name(), b64.encode(salt), b64.encode(&hash[..])))
}

/// A parsed Argon2 string.
struct Argon2String {
    t: u32,
    m: u32,
    p: u32,
    salt: Vec<u8>,
    hash: Vec<u8>,
}

const MALFORMED: Error = Error::InvalidEncoding { what: "password hash", reason: "not a libsodium password hash string in the expected format" };

/// Reads the literal `expected` from the front of `s`.
fn literal<'a>(s: &'a str, expected: &str) -> Result<&'a str> {
    s.strip_prefix(expected).ok_or(MALFORMED)
}

/// A decimal with no sign and no leading zero, at most 2^32 − 1 (the
/// reference `decode_decimal` and `DECIMAL_U32`).
fn decimal(s: &str) -> Result<(u32, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let (number, rest) = s.split_at(digits);
    if digits == 0 || (number.starts_with('0') && digits > 1) || digits > 10 {
        return Err(MALFORMED);
    }
    let value: u64 = number.parse().map_err(|_| MALFORMED)?;
    Ok((u32::try_from(value).map_err(|_| MALFORMED)?, rest))
}

/// Unpadded standard base64 up to the next '$' or the end.
fn base64_field(s: &str) -> Result<(Vec<u8>, &str)> {
    let end = s.find('$').unwrap_or(s.len());
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD.decode(&s[..end]).map_err(|_| MALFORMED)?;
    Ok((bytes, &s[end..]))
}

fn parse_argon2(variant: Variant, s: &str) -> Result<Argon2String> {
    let rest = literal(s, if variant == Variant::Argon2id { "$argon2id$v=" } else { "$argon2i$v=" })?;
    let (version, rest) = decimal(rest)?;
    if version != 19 {
        return Err(Error::InvalidEncoding { what: "password hash", reason: "not Argon2 version 1.3 (v=19)" });
    }
    let (m, rest) = decimal(literal(rest, "$m=")?)?;
    let (t, rest) = decimal(literal(rest, ",t=")?)?;
    let (p, rest) = decimal(literal(rest, ",p=")?)?;
    let (salt, rest) = base64_field(literal(rest, "$")?)?;
    let (hash, rest) = base64_field(literal(rest, "$")?)?;
    if !rest.is_empty() {
        return Err(Error::InvalidEncoding { what: "password hash", reason: "has data after the hash" });
    }
    // argon2_validate_inputs, in its order.
    if hash.len() < 16 || salt.len() < 8 || t == 0 || p == 0 || p > 0x00ff_ffff || m < 8 || u64::from(m) < 8 * u64::from(p) {
        return Err(Error::InvalidEncoding { what: "password hash", reason: "has parameters outside Argon2's ranges" });
    }
    Ok(Argon2String { t, m, p, salt, hash })
}

fn argon2_verify(variant: Variant, s: &str, password: &[u8]) -> Result<()> {
    let parsed = parse_argon2(variant, s)?;
    // An untrusted string: the same ceilings as kdf::argon2_verify (they
    // admit libsodium's SENSITIVE presets exactly), refused with CostLimit.
    let params = crate::kdf::Argon2Params { t: parsed.t, m: parsed.m, p: parsed.p, out_len: parsed.hash.len() };
    crate::kdf::Argon2VerifyLimits::default().admit(&params)?;
    let mut computed = Zeroizing::new(alloc::vec![0u8; parsed.hash.len()]);
    argon2_compute(variant, parsed.t, parsed.m, parsed.p, password, &parsed.salt, &mut computed)?;
    if crate::ct_eq(&computed, &parsed.hash) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

fn argon2_needs_rehash(variant: Variant, s: &str, opslimit: u64, memlimit: usize) -> Result<bool> {
    let m = memlimit as u64 / 1024;
    if opslimit > u64::from(u32::MAX) || m > u64::from(u32::MAX) {
        return Err(Error::InvalidParameter { what: "opslimit or memlimit", expected: "at most OPSLIMIT_MAX and MEMLIMIT_MAX", got: opslimit });
    }
    if s.len() >= STRBYTES {
        return Err(Error::InvalidEncoding { what: "password hash", reason: "longer than crypto_pwhash_STRBYTES − 1" });
    }
    let parsed = parse_argon2(variant, s)?;
    Ok(u64::from(parsed.t) != opslimit || u64::from(parsed.m) != m)
}

macro_rules! argon2_api {
    ($variant:ident, $title:literal, $raw:ident, $str:ident, $verify:ident, $rehash:ident) => {
        #[doc = concat!("`", $title, "`: `out_len` bytes from `password` and a 16-byte `salt`; m = memlimit / 1024 KiB, one lane.")]
        ///
        /// # Errors
        /// [`Error::InvalidParameter`] for an output length, opslimit or
        /// memlimit outside libsodium's limits or Saline's ceilings;
        /// [`Error::InvalidLength`] for a salt that is not 16 bytes.
        pub fn $raw(out_len: usize, password: &[u8], salt: &[u8], opslimit: u64, memlimit: usize) -> Result<Zeroizing<Vec<u8>>> {
            argon2_raw(Variant::$variant, out_len, password, salt, opslimit, memlimit)
        }

        #[doc = concat!("`", $title, "_str`: a string with a random salt and a 32-byte hash.")]
        ///
        /// # Errors
        /// As the raw function; [`Error::RandomSource`].
        pub fn $str(password: &[u8], opslimit: u64, memlimit: usize) -> Result<String> {
            argon2_str(Variant::$variant, password, opslimit, memlimit)
        }

        #[doc = concat!("`", $title, "_str_verify`.")]
        ///
        /// # Errors
        /// [`Error::InvalidEncoding`] for a malformed string;
        /// [`Error::InvalidParameter`] for costs above Saline's ceilings
        /// (refused without computing); [`Error::VerificationFailed`] for
        /// the wrong password.
        pub fn $verify(hash: &str, password: &[u8]) -> Result<()> {
            argon2_verify(Variant::$variant, hash, password)
        }

        #[doc = concat!("`", $title, "_str_needs_rehash`: whether the string's t or m differ from these limits.")]
        ///
        /// # Errors
        /// [`Error::InvalidEncoding`] for a malformed string (libsodium's −1).
        pub fn $rehash(hash: &str, opslimit: u64, memlimit: usize) -> Result<bool> {
            argon2_needs_rehash(Variant::$variant, hash, opslimit, memlimit)
        }
    };
}

argon2_api!(
    Argon2id, "crypto_pwhash_argon2id", crypto_pwhash_argon2id, crypto_pwhash_argon2id_str, crypto_pwhash_argon2id_str_verify,
    crypto_pwhash_argon2id_str_needs_rehash
);
argon2_api!(
    Argon2i, "crypto_pwhash_argon2i", crypto_pwhash_argon2i, crypto_pwhash_argon2i_str, crypto_pwhash_argon2i_str_verify,
    crypto_pwhash_argon2i_str_needs_rehash
);

/// `crypto_pwhash`: Argon2i (`alg` 1) or Argon2id (`alg` 2).
///
/// # Errors
/// As [`crypto_pwhash_argon2id`]; [`Error::InvalidParameter`] for another `alg`.
pub fn crypto_pwhash(out_len: usize, password: &[u8], salt: &[u8], opslimit: u64, memlimit: usize, alg: i32) -> Result<Zeroizing<Vec<u8>>> {
    argon2_raw(Variant::from_alg(alg)?, out_len, password, salt, opslimit, memlimit)
}

/// `crypto_pwhash_str`: an Argon2id string.
///
/// # Errors
/// As [`crypto_pwhash_argon2id_str`].
pub fn crypto_pwhash_str(password: &[u8], opslimit: u64, memlimit: usize) -> Result<String> {
    argon2_str(Variant::Argon2id, password, opslimit, memlimit)
}

/// `crypto_pwhash_str_alg`.
///
/// # Errors
/// As [`crypto_pwhash_str`]; [`Error::InvalidParameter`] for another `alg`.
pub fn crypto_pwhash_str_alg(password: &[u8], opslimit: u64, memlimit: usize, alg: i32) -> Result<String> {
    argon2_str(Variant::from_alg(alg)?, password, opslimit, memlimit)
}

fn variant_of(hash: &str) -> Result<Variant> {
    if hash.starts_with(argon2id::STRPREFIX) {
        Ok(Variant::Argon2id)
    } else if hash.starts_with(argon2i::STRPREFIX) {
        Ok(Variant::Argon2i)
    } else {
        Err(Error::InvalidEncoding { what: "password hash", reason: "starts with neither $argon2id$ nor $argon2i$" })
    }
}

/// `crypto_pwhash_str_verify`: an Argon2id or Argon2i string.
///
/// # Errors
/// As [`crypto_pwhash_argon2id_str_verify`].
pub fn crypto_pwhash_str_verify(hash: &str, password: &[u8]) -> Result<()> {
    argon2_verify(variant_of(hash)?, hash, password)
}

/// `crypto_pwhash_str_needs_rehash`.
///
/// # Errors
/// As [`crypto_pwhash_argon2id_str_needs_rehash`].
pub fn crypto_pwhash_str_needs_rehash(hash: &str, opslimit: u64, memlimit: usize) -> Result<bool> {
    argon2_needs_rehash(variant_of(hash)?, hash, opslimit, memlimit)
}

// ---------------------------------------------------------------- scrypt

/// The crypt(3) base-64 alphabet of `$7$` strings.
const ITOA64: &[u8; 64] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Little-endian 6-bit groups of `value`, `bits` wide (`encode64_uint32`).
fn encode64_uint32(out: &mut String, mut value: u32, bits: u32) {
    for _ in (0..bits).step_by(6) {
        out.push(ITOA64[(value & 0x3f) as usize] as char);
        value >>= 6;
    }
}

/// `encode64`: 3-byte groups, little-endian.
fn encode64(out: &mut String, bytes: &[u8]) {
    for chunk in bytes.chunks(3) {
        let value = chunk.iter().enumerate().fold(0u32, |v, (i, &b)| v | u32::from(b) << (8 * i));
        encode64_uint32(out, value, 8 * chunk.len() as u32);
    }
}

fn decode64_one(c: u8) -> Result<u32> {
    ITOA64.iter().position(|&a| a == c).map(|i| i as u32).ok_or(MALFORMED)
}

fn decode64_uint32(chars: &[u8]) -> Result<u32> {
    chars.iter().enumerate().try_fold(0u32, |v, (i, &c)| Ok(v | decode64_one(c)? << (6 * i)))
}

/// libsodium's `pickparams`: (log2 N, r, p) from opslimit and memlimit.
fn pickparams(opslimit: u64, memlimit: usize) -> (u32, u32, u32) {
    let opslimit = opslimit.max(32768);
    let r = 8u32;
    let memlimit = memlimit as u64;
    let smallest_log2_above = |max_n: u64| (1..63).find(|&k| (1u64 << k) > max_n / 2).unwrap_or(63);
    if opslimit < memlimit / 32 {
        (smallest_log2_above(opslimit / (u64::from(r) * 4)), r, 1)
    } else {
        let log2_n = smallest_log2_above(memlimit / (u64::from(r) * 128));
        let max_rp = ((opslimit / 4) >> log2_n).min(0x3fff_ffff);
        (log2_n, r, max_rp as u32 / r)
    }
}

/// Refuses scrypt costs beyond Saline's ceilings, then derives.
fn scrypt_compute(password: &[u8], salt: &[u8], log2_n: u32, r: u32, p: u32, out_len: usize) -> Result<Zeroizing<Vec<u8>>> {
    let work = 1u128 << log2_n.min(64);
    let work = work * u128::from(r) * u128::from(p);
    if log2_n >= 64 || work > u128::from(SCRYPT_MAX_WORK) {
        return Err(Error::InvalidParameter { what: "N × r × p", expected: "at most 2^28 (SCRYPT_MAX_WORK)", got: u64::try_from(work).unwrap_or(u64::MAX) });
    }
    Ok(Zeroizing::new(crate::kdf::scrypt(password, salt, 1u64 << log2_n, r, p, out_len)?))
}

/// `crypto_pwhash_scryptsalsa208sha256_ll`: scrypt with explicit N, r, p.
///
/// # Errors
/// As [`crate::kdf::scrypt`] (N a power of two ≥ 2, memory at most
/// [`crate::kdf::SCRYPT_MAX_MEMORY_BYTES`]).
pub fn crypto_pwhash_scryptsalsa208sha256_ll(password: &[u8], salt: &[u8], n: u64, r: u32, p: u32, out_len: usize) -> Result<Zeroizing<Vec<u8>>> {
    Ok(Zeroizing::new(crate::kdf::scrypt(password, salt, n, r, p, out_len)?))
}

/// `crypto_pwhash_scryptsalsa208sha256`: `out_len` bytes from a 32-byte
/// salt, with N, r and p picked from opslimit and memlimit as libsodium does.
///
/// # Errors
/// [`Error::InvalidParameter`] for an output length outside 16 to
/// `BYTES_MAX` or costs above Saline's ceilings; [`Error::InvalidLength`]
/// for a salt that is not 32 bytes.
pub fn crypto_pwhash_scryptsalsa208sha256(out_len: usize, password: &[u8], salt: &[u8], opslimit: u64, memlimit: usize) -> Result<Zeroizing<Vec<u8>>> {
    if out_len < scryptsalsa208sha256::BYTES_MIN || out_len as u64 > scryptsalsa208sha256::BYTES_MAX {
        return Err(Error::InvalidParameter { what: "output length", expected: "16 to (2^32 − 1) × 32 bytes", got: out_len as u64 });
    }
    Error::check_length("salt", Expected::Exactly(scryptsalsa208sha256::SALTBYTES), salt.len())?;
    let (log2_n, r, p) = pickparams(opslimit, memlimit);
    scrypt_compute(password, salt, log2_n, r, p, out_len)
}

/// `crypto_pwhash_scryptsalsa208sha256_str`: `$7$` string with a random salt.
///
/// # Errors
/// As [`crypto_pwhash_scryptsalsa208sha256`]; [`Error::RandomSource`].
pub fn crypto_pwhash_scryptsalsa208sha256_str(password: &[u8], opslimit: u64, memlimit: usize) -> Result<String> {
    let (log2_n, r, p) = pickparams(opslimit, memlimit);
    if u64::from(r) * u64::from(p) >= 1 << 30 {
        return Err(Error::InvalidParameter { what: "r × p", expected: "below 2^30", got: u64::from(r) * u64::from(p) });
    }
    let mut setting = String::from("$7$");
    setting.push(ITOA64[log2_n as usize] as char);
    encode64_uint32(&mut setting, r, 30);
    encode64_uint32(&mut setting, p, 30);
    encode64(&mut setting, &crate::random::array::<32>()?);
    let hash = scrypt_compute(password, &setting.as_bytes()[14..], log2_n, r, p, 32)?;
    setting.push('$');
    encode64(&mut setting, &hash);
    Ok(setting)
}

/// A parsed `$7$` string: (log2 N, r, p).
fn parse_scrypt_setting(s: &str) -> Result<(u32, u32, u32)> {
    let bytes = s.as_bytes();
    if bytes.len() != scryptsalsa208sha256::STRBYTES - 1 {
        return Err(Error::InvalidEncoding { what: "password hash", reason: "not 101 characters long" });
    }
    if !s.starts_with(scryptsalsa208sha256::STRPREFIX) {
        return Err(MALFORMED);
    }
    Ok((decode64_one(bytes[3])?, decode64_uint32(&bytes[4..9])?, decode64_uint32(&bytes[9..14])?))
}

/// `crypto_pwhash_scryptsalsa208sha256_str_verify`.
///
/// # Errors
/// [`Error::InvalidEncoding`] for a malformed string;
/// [`Error::InvalidParameter`] for costs above Saline's ceilings (refused
/// without computing); [`Error::VerificationFailed`] for the wrong password.
pub fn crypto_pwhash_scryptsalsa208sha256_str_verify(hash: &str, password: &[u8]) -> Result<()> {
    let (log2_n, r, p) = parse_scrypt_setting(hash)?;
    // The salt is the 43 characters up to the last '$'; any other split
    // cannot reproduce a 101-character string.
    if hash.rfind('$') != Some(57) {
        return Err(MALFORMED);
    }
    let computed = scrypt_compute(password, &hash.as_bytes()[14..57], log2_n, r, p, 32)?;
    let mut expected = String::from(&hash[..58]);
    encode64(&mut expected, &computed);
    if crate::ct_eq(expected.as_bytes(), hash.as_bytes()) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

/// `crypto_pwhash_scryptsalsa208sha256_str_needs_rehash`.
///
/// # Errors
/// [`Error::InvalidEncoding`] for a malformed string (libsodium's −1).
pub fn crypto_pwhash_scryptsalsa208sha256_str_needs_rehash(hash: &str, opslimit: u64, memlimit: usize) -> Result<bool> {
    Ok(parse_scrypt_setting(hash)? != pickparams(opslimit, memlimit))
}
