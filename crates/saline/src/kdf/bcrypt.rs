//! bcrypt (Provos and Mazières, 1999) as `$2b$` strings. Saline writes and
//! parses the strings and applies the password rules below; the expensive
//! key schedule (EksBlowfishSetup) and the encryption are the `bcrypt`
//! registry's ([`BCRYPT_BACKENDS`]).
//!
//! The rule for long passwords is explicit: bcrypt keys Blowfish with at
//! most 72 bytes (the password and a NUL terminator). Most libraries
//! silently drop the rest, so that two passwords sharing 72 bytes collide.
//! Saline refuses a password over 72 bytes with [`Error::InvalidLength`]
//! unless the caller asks for [`LongPassword::Truncate`] (to verify hashes
//! made by such libraries). A password containing a NUL byte is refused:
//! C implementations stop at it.

use alloc::string::String;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine;
use zeroize::Zeroizing;

use crate::backend::{Backend, Registry};
use crate::error::{Error, Expected, Result};

/// The longest password bcrypt uses, in bytes.
pub const MAX_PASSWORD_LEN: usize = 72;
/// Cost range: 2^cost rounds of key expansion.
pub const MIN_COST: u32 = 4;
/// Highest cost.
pub const MAX_COST: u32 = 31;
/// The highest cost [`bcrypt_verify`] computes by default. A hash string
/// names its own cost, and cost 31 is 2^31 key expansions (days of work), so
/// verifying an untrusted string would otherwise run whatever it asks.
/// Cost 16 takes a few seconds; the usual costs are 10 to 14.
pub const VERIFY_MAX_COST: u32 = 16;

/// What to do with a password longer than [`MAX_PASSWORD_LEN`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LongPassword {
    /// Refuse it with [`Error::InvalidLength`] (the default).
    #[default]
    Reject,
    /// Use its first 72 bytes, as OpenBSD, bcryptjs and most others do.
    Truncate,
}

/// bcrypt's own base64 alphabet, without padding.
const BCRYPT_B64: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::BCRYPT,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_padding_mode(DecodePaddingMode::RequireNone)
        .with_decode_allow_trailing_bits(true),
);

fn key_material(password: &[u8], long: LongPassword) -> Result<Zeroizing<alloc::vec::Vec<u8>>> {
    if password.contains(&0) {
        return Err(Error::InvalidEncoding { what: "password", reason: "contains a NUL byte, where bcrypt implementations stop reading" });
    }
    if password.len() > MAX_PASSWORD_LEN && long == LongPassword::Reject {
        return Err(Error::length("password", Expected::Range(0, MAX_PASSWORD_LEN), password.len()));
    }
    // The key is the password and its NUL terminator, at most 72 bytes ($2b$).
    let mut key = Zeroizing::new(alloc::vec::Vec::with_capacity(MAX_PASSWORD_LEN + 1));
    key.extend_from_slice(password);
    key.push(0);
    key.truncate(MAX_PASSWORD_LEN);
    Ok(key)
}

fn check_cost(cost: u32) -> Result<()> {
    if (MIN_COST..=MAX_COST).contains(&cost) {
        Ok(())
    } else {
        Err(Error::InvalidParameter { what: "cost", expected: "4 to 31", got: cost.into() })
    }
}

fn encode(cost: u32, salt: &[u8; 16], hash: &[u8; 24]) -> String {
    // Only 23 of the 24 output bytes are encoded, as every bcrypt does.
    alloc::format!("$2b${cost:02}${}{}", BCRYPT_B64.encode(salt), BCRYPT_B64.encode(&hash[..23]))
}

/// A `$2b$` hash of `password` with a random salt.
///
/// # Errors
/// As [`bcrypt_hash_with_salt`]; [`Error::RandomSource`] if randomness fails.
///
/// ```
/// use saline::kdf::{bcrypt_hash, bcrypt_verify};
/// let h = bcrypt_hash(b"correct horse", 4)?;
/// assert!(h.starts_with("$2b$04$"));
/// bcrypt_verify(b"correct horse", &h)?;
/// assert!(bcrypt_verify(b"wrong horse", &h).is_err());
/// # Ok::<(), saline::Error>(())
/// ```
pub fn bcrypt_hash(password: &[u8], cost: u32) -> Result<String> {
    bcrypt_hash_with_salt(password, cost, &crate::random::array::<16>()?, LongPassword::Reject)
}

/// A `$2b$` hash of `password` with the given 16-byte salt.
///
/// # Errors
/// [`Error::InvalidParameter`] for a cost outside 4..=31;
/// [`Error::InvalidLength`] for a password over 72 bytes with
/// [`LongPassword::Reject`]; [`Error::InvalidEncoding`] for a NUL byte.
pub fn bcrypt_hash_with_salt(password: &[u8], cost: u32, salt: &[u8; 16], long: LongPassword) -> Result<String> {
    check_cost(cost)?;
    let key = key_material(password, long)?;
    let hash = Zeroizing::new((BCRYPT_BACKENDS.get())(cost, salt, &key));
    Ok(encode(cost, salt, &hash))
}

/// `bcrypt(cost, salt, key)`: the 24-byte bcrypt output for a cost of
/// 4 to 31, keyed with `key`: the password and its NUL terminator, at most
/// 72 bytes (a password of 72 bytes or more is its first 72, no NUL).
pub(crate) type BcryptFn = fn(u32, &[u8; 16], &[u8]) -> [u8; 24];

/// The bcrypt core. `bcrypt-rust` first, and alone in WebAssembly: a port of
/// OpenBSD's bcrypt whose one-hash path is a scalar Blowfish kernel (its
/// SIMD kernels only batch independent hashes, unused here), proven against
/// Openwall's crypt_blowfish by its authors and against `blowfish` here
/// (`tests/backends.rs`, the vector files, `backend_differential`). An
/// Intel Xeon (family 6 model 207), cost 12, in turn in one Rust process,
/// four rounds: 247-260 ms against 295-306 for `blowfish`, the `bcrypt`
/// crate's core over RustCrypto's `blowfish`; WebAssembly in Node, 346-374
/// against 390-397. Neither has had a third-party audit
/// (docs/DEPENDENCIES.md).
#[cfg_attr(not(feature = "full"), allow(dead_code))] // without `full`, only `backends()` reads it
pub(crate) static BCRYPT_BACKENDS: Registry<BcryptFn> = Registry::new(
    "bcrypt",
    &[
        Backend::portable("bcrypt-rust", bcrypt_rust_core),
        // Natively only, as the differential's second implementation:
        // WebAssembly compiles one backend of each primitive.
        #[cfg(not(target_arch = "wasm32"))]
        Backend::portable("blowfish", blowfish_core),
    ],
);

/// The `bcrypt-rust` backend. Its core appends the NUL terminator and
/// truncates to 72 bytes itself, so it takes the password: `key` without
/// its NUL (a password holds none: `key_material` refuses them).
fn bcrypt_rust_core(cost: u32, salt: &[u8; 16], key: &[u8]) -> [u8; 24] {
    bcrypt_rust::bcrypt(cost, *salt, key.strip_suffix(&[0]).unwrap_or(key))
}

/// The `blowfish` backend: the `bcrypt` crate's core, which takes the key.
#[cfg(not(target_arch = "wasm32"))]
fn blowfish_core(cost: u32, salt: &[u8; 16], key: &[u8]) -> [u8; 24] {
    ::bcrypt::bcrypt(cost, *salt, key)
}

/// Checks `password` against a `$2a$`, `$2b$` or `$2y$` hash (they differ
/// only in bugs of other implementations), in constant time.
///
/// # Errors
/// [`Error::InvalidEncoding`] for a malformed hash; the errors of
/// [`bcrypt_hash_with_salt`] for the password; [`Error::VerificationFailed`]
/// for a wrong password.
pub fn bcrypt_verify(password: &[u8], hash: &str) -> Result<()> {
    bcrypt_verify_with(password, hash, LongPassword::Reject)
}

/// [`bcrypt_verify`] with an explicit rule for passwords over 72 bytes.
///
/// # Errors
/// As [`bcrypt_verify`].
pub fn bcrypt_verify_with(password: &[u8], hash: &str, long: LongPassword) -> Result<()> {
    bcrypt_verify_with_max_cost(password, hash, long, VERIFY_MAX_COST)
}

/// [`bcrypt_verify_with`] computing hashes up to `max_cost` instead of
/// [`VERIFY_MAX_COST`] (raise it only for hashes the caller trusts).
///
/// # Errors
/// As [`bcrypt_verify`]; [`Error::CostLimit`] when the hash names a cost
/// above `max_cost` (nothing is computed).
///
/// ```
/// use saline::{kdf::{bcrypt_verify, bcrypt_verify_with_max_cost, LongPassword}, Error};
/// let hostile = "$2b$31$abcdefghijklmnopqrstuuabcdefghijklmnopqrstuvwxyz01234";
/// assert!(matches!(bcrypt_verify(b"pw", hostile), Err(Error::CostLimit { .. })));
/// assert!(matches!(bcrypt_verify_with_max_cost(b"pw", hostile, LongPassword::Reject, 8), Err(Error::CostLimit { limit: 8, .. })));
/// ```
pub fn bcrypt_verify_with_max_cost(password: &[u8], hash: &str, long: LongPassword, max_cost: u32) -> Result<()> {
    let bad = |reason| Error::InvalidEncoding { what: "hash", reason };
    // $2b$NN$ + 22 salt characters + 31 hash characters = 60.
    let bytes = hash.as_bytes();
    if !hash.is_ascii() || bytes.len() != 60 || bytes[0] != b'$' || bytes[1] != b'2' || bytes[3] != b'$' || bytes[6] != b'$' {
        return Err(bad("not a bcrypt hash ($2b$NN$ and 53 characters)"));
    }
    if !matches!(bytes[2], b'a' | b'b' | b'y') {
        return Err(bad("unsupported bcrypt version (expected $2a$, $2b$ or $2y$)"));
    }
    if !bytes[4..6].iter().all(u8::is_ascii_digit) {
        return Err(bad("cost is not two digits"));
    }
    let cost = u32::from(bytes[4] - b'0') * 10 + u32::from(bytes[5] - b'0');
    check_cost(cost)?;
    if cost > max_cost {
        return Err(Error::CostLimit { what: "cost", limit: max_cost.into(), got: cost.into() });
    }
    let salt_vec = BCRYPT_B64.decode(&hash[7..29]).map_err(|_| bad("salt is not bcrypt base64"))?;
    let salt: [u8; 16] = salt_vec.as_slice().try_into().map_err(|_| bad("salt is not 16 bytes"))?;
    let computed = bcrypt_hash_with_salt(password, cost, &salt, long)?;
    // Compare the hash part; the version letter may differ ($2a$ vs $2b$).
    if crate::ct_eq(computed[7..].as_bytes(), hash[7..].as_bytes()) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}
