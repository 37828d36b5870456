//! Argon2id, Argon2i and Argon2d (RFC 9106), version 1.3, raw and as PHC
//! strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), over the `argon2` crate.
//!
//! Parameter ranges (RFC 9106 §3.1), all checked before any work:
//! * `t` (passes) ≥ 1;
//! * `p` (lanes) 1 to 2^24 − 1;
//! * `m` (KiB) from 8 × p up to [`MAX_MEMORY_KIB`];
//! * salt 8 bytes or more (16 recommended), output 4 bytes or more;
//! * optional secret (the "pepper") and associated data.
//!
//! The raw function and verification go through the `argon2` registry
//! ([`ARGON2_BACKENDS`]): natively, one lane on libsodium where its API
//! reaches and everything else on `argon2-rust` (lanes on worker threads,
//! `kdf/argon2_rust.rs`); in WebAssembly RustCrypto's crate, the lanes one
//! after another. The result is the same either way.

use alloc::string::String;
use alloc::vec::Vec;

use crate::backend::{Backend, Registry};
use crate::catalog::Algorithm;
use crate::error::{Error, Expected, Result};

/// The most memory one call may use, in KiB: 4 GiB on 64-bit targets, 1 GiB
/// on 32-bit ones (wasm32). Rust aborts on a failed allocation, so larger
/// requests are refused up front, including from PHC strings being verified.
pub const MAX_MEMORY_KIB: u32 = if usize::BITS >= 64 { 4 << 20 } else { 1 << 20 };

/// Argon2 cost parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Argon2Params {
    /// Passes over memory (`t`), at least 1.
    pub t: u32,
    /// Memory in KiB (`m`), from 8 × `p` to [`MAX_MEMORY_KIB`].
    pub m: u32,
    /// Lanes (`p`), 1 to 2^24 − 1.
    pub p: u32,
    /// Output length in bytes, at least 4.
    pub out_len: usize,
}

impl Default for Argon2Params {
    /// RFC 9106 §4's second recommendation (t = 3, m = 64 MiB, p = 4), 32-byte output.
    fn default() -> Self {
        Argon2Params { t: 3, m: 64 * 1024, p: 4, out_len: 32 }
    }
}

fn variant(algorithm: Algorithm) -> Result<argon2::Algorithm> {
    match algorithm {
        Algorithm::Argon2id => Ok(argon2::Algorithm::Argon2id),
        Algorithm::Argon2i => Ok(argon2::Algorithm::Argon2i),
        Algorithm::Argon2d => Ok(argon2::Algorithm::Argon2d),
        other => Err(Error::UnknownAlgorithm { name: other.name().into(), kind: "argon2 variant" }),
    }
}

fn check(params: &Argon2Params) -> Result<argon2::Params> {
    if params.t == 0 {
        return Err(Error::InvalidParameter { what: "t", expected: "at least 1", got: 0 });
    }
    if params.p == 0 || params.p > argon2::Params::MAX_P_COST {
        return Err(Error::InvalidParameter { what: "p", expected: "1 to 2^24 - 1", got: params.p.into() });
    }
    if u64::from(params.m) < 8 * u64::from(params.p) {
        return Err(Error::InvalidParameter { what: "m", expected: "at least 8 × p KiB", got: params.m.into() });
    }
    if params.m > MAX_MEMORY_KIB {
        return Err(Error::InvalidParameter { what: "m", expected: "at most MAX_MEMORY_KIB (4 GiB; 1 GiB on 32-bit)", got: params.m.into() });
    }
    if params.out_len < 4 || params.out_len as u64 > u64::from(u32::MAX) {
        return Err(Error::InvalidParameter { what: "output length", expected: "4 to 2^32 - 1 bytes", got: params.out_len as u64 });
    }
    argon2::Params::new(params.m, params.t, params.p, Some(params.out_len))
        .map_err(|_| Error::InvalidParameter { what: "m", expected: "at least 8 × p KiB", got: params.m.into() })
}

fn check_salt(salt: &[u8]) -> Result<()> {
    Error::check_length("salt", Expected::AtLeast(argon2::MIN_SALT_LEN), salt.len())
}

/// Associated data up to 32 bytes: RustCrypto's crate keeps it in its
/// `Params` (the PHC `data` field) and refuses more, so every backend
/// refuses more, before any work.
fn check_ad(ad: Option<&[u8]>) -> Result<()> {
    ad.map_or(Ok(()), |ad| Error::check_length("ad", Expected::Range(0, argon2::Params::MAX_DATA_LEN), ad.len()))
}

/// Raw Argon2 output of `password` and `salt`, with an optional `secret`
/// key and associated data `ad` (RFC 9106 §3.2's K and X).
///
/// # Errors
/// [`Error::UnknownAlgorithm`] for a non-Argon2 algorithm;
/// [`Error::InvalidParameter`] or [`Error::InvalidLength`] for parameters
/// out of the ranges in the module docs.
///
/// ```
/// use saline::{kdf::{argon2, Argon2Params}, Algorithm};
/// let params = Argon2Params { t: 1, m: 64, p: 1, out_len: 16 };
/// let key = argon2(Algorithm::Argon2id, b"password", b"somesalt", None, None, &params)?;
/// assert_eq!(key.len(), 16);
/// # Ok::<(), saline::Error>(())
/// ```
pub fn argon2(
    algorithm: Algorithm,
    password: &[u8],
    salt: &[u8],
    secret: Option<&[u8]>,
    ad: Option<&[u8]>,
    params: &Argon2Params,
) -> Result<Vec<u8>> {
    variant(algorithm)?;
    check_salt(salt)?;
    check(params)?;
    check_ad(ad)?;
    let mut out = alloc::vec![0u8; params.out_len];
    (ARGON2_BACKENDS.get())(algorithm, password, salt, secret, ad, params, &mut out)?;
    Ok(out)
}

/// Raw Argon2 version 1.3 through [`ARGON2_BACKENDS`], for a caller that
/// has checked what [`argon2()`] checks (`check`, a salt of 8 bytes or
/// more): libsodium's `crypto_pwhash` API (`sodium/pwhash.rs`), which keeps
/// libsodium's own checks and messages.
pub(crate) fn argon2_checked_into(algorithm: Algorithm, password: &[u8], salt: &[u8], params: &Argon2Params, out: &mut [u8]) -> Result<()> {
    debug_assert!(check(params).is_ok() && check_salt(salt).is_ok() && out.len() == params.out_len);
    (ARGON2_BACKENDS.get())(algorithm, password, salt, None, None, params, out)
}

/// `derive(algorithm, password, salt, secret, ad, params, out)`: Argon2
/// version 1.3 into `out` (`params.out_len` bytes), with the algorithm,
/// the parameters and the salt checked by [`argon2()`].
pub(crate) type Argon2Fn = fn(Algorithm, &[u8], &[u8], Option<&[u8]>, Option<&[u8]>, &Argon2Params, &mut [u8]) -> Result<()>;

/// Raw Argon2. Native builds put `libsodium+argon2-rust` first: libsodium
/// where its `crypto_pwhash` reaches (one lane, p = 1; a 16-byte salt; no
/// secret or associated data; an output of 16 bytes or more; Argon2i from
/// t = 3 there, Argon2d not at all), audited, with its AVX-512/AVX2 block
/// function chosen at run time; `argon2-rust` for everything else, the
/// lanes on worker threads (`kdf/argon2_rust.rs`, where its choice is
/// measured). `argon2-rust` alone and RustCrypto's crate (the lanes one
/// after another) can be forced. WebAssembly compiles `argon2-rust` alone,
/// one thread, with its SIMD128 block function in the +simd128 build: Node,
/// t = 3, m = 64 MiB, the export called in turn with RustCrypto's build in
/// one process, medians of 6 calls over five runs on a noisy VM: p = 1
/// 234 → 211, 292 → 242, 265 → 216 ms (about 15% faster), p = 4 level
/// (249 → 231, 320 → 321, 414 → 432 ms).
///
/// An Intel Xeon (family 6 model 207), t = 3, m = 64 MiB, p = 1: forced in
/// turn in one process, best of 5 (while another build ran), libsodium
/// 92-93 ms against RustCrypto's 180-225; six calls in a row, libsodium
/// 89-106 ms (it maps its memory from the system and unmaps it after each
/// call, so no block is left in this process), `argon2-rust` 92 on fresh
/// memory and 66-78 on kept memory.
#[cfg_attr(not(feature = "full"), allow(dead_code))] // without std, only `backends()` reads it (with `full`)
pub(crate) static ARGON2_BACKENDS: Registry<Argon2Fn> = Registry::new(
    "argon2",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend { name: "libsodium+argon2-rust", usable: crate::backend::libsodium::usable, entry: libsodium_then_argon2_rust },
        #[cfg(any(feature = "std", target_arch = "wasm32"))]
        Backend::portable("argon2-rust", super::argon2_rust::hash_into),
        #[cfg(not(target_arch = "wasm32"))]
        Backend::portable("rustcrypto", rustcrypto),
    ],
);

/// The `libsodium+argon2-rust` backend: libsodium where its API computes
/// this hash ([`ARGON2_BACKENDS`]), else `argon2-rust`. An empty secret or
/// associated data is the same hash as none (RFC 9106 §3.2 hashes their
/// lengths, zero either way).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn libsodium_then_argon2_rust(algorithm: Algorithm, password: &[u8], salt: &[u8], secret: Option<&[u8]>, ad: Option<&[u8]>, params: &Argon2Params, out: &mut [u8]) -> Result<()> {
    let id = match algorithm {
        Algorithm::Argon2id => true,
        Algorithm::Argon2i if params.t >= 3 => false,
        _ => return super::argon2_rust::hash_into(algorithm, password, salt, secret, ad, params, out),
    };
    let takes = params.p == 1
        && secret.is_none_or(<[u8]>::is_empty)
        && ad.is_none_or(<[u8]>::is_empty)
        && out.len() >= 16
        && password.len() as u64 <= u64::from(u32::MAX);
    match <&[u8; 16]>::try_from(salt) {
        Ok(salt) if takes => {
            if crate::backend::libsodium::argon2(id, password, salt, params.t, params.m, out) {
                Ok(())
            } else {
                Err(Error::InvalidParameter { what: "m", expected: "memory the system can allocate", got: params.m.into() })
            }
        }
        _ => super::argon2_rust::hash_into(algorithm, password, salt, secret, ad, params, out),
    }
}

/// The `rustcrypto` backend: the `argon2` crate, its lanes one after another.
#[cfg(not(target_arch = "wasm32"))]
fn rustcrypto(algorithm: Algorithm, password: &[u8], salt: &[u8], secret: Option<&[u8]>, ad: Option<&[u8]>, params: &Argon2Params, out: &mut [u8]) -> Result<()> {
    let variant = variant(algorithm)?;
    let mut crate_params = check(params)?;
    if let Some(ad) = ad {
        // The crate keeps associated data in its Params (up to 32 bytes,
        // checked by the caller: `check_ad`).
        crate_params = argon2::ParamsBuilder::new()
            .m_cost(params.m)
            .t_cost(params.t)
            .p_cost(params.p)
            .output_len(params.out_len)
            .data(argon2::AssociatedData::new(ad).map_err(|_| Error::length("ad", Expected::Range(0, argon2::Params::MAX_DATA_LEN), ad.len()))?)
            .build()
            .expect("parameters checked");
    }
    let hasher = match secret {
        Some(secret) => argon2::Argon2::new_with_secret(secret, variant, argon2::Version::V0x13, crate_params)
            .map_err(|_| Error::length("secret", Expected::Range(0, u32::MAX as usize), secret.len()))?,
        None => argon2::Argon2::new(variant, argon2::Version::V0x13, crate_params),
    };
    hasher
        .hash_password_into(password, salt, out)
        .map_err(|_| Error::length("password", Expected::Range(0, u32::MAX as usize), password.len()))
}

/// A PHC string for `password` with a random 16-byte salt.
///
/// # Errors
/// As [`argon2_hash_with_salt`]; [`Error::RandomSource`] if randomness fails.
pub fn argon2_hash(algorithm: Algorithm, password: &[u8], params: &Argon2Params) -> Result<String> {
    argon2_hash_with_salt(algorithm, password, &crate::random::array::<16>()?, params)
}

/// A PHC string for `password` with the given salt (8 to 48 bytes, the PHC limit).
///
/// # Errors
/// As [`argon2()`]; [`Error::InvalidLength`] for a salt over 48 bytes.
///
/// ```
/// use saline::{kdf::{argon2_hash, argon2_verify, Argon2Params}, Algorithm};
/// let params = Argon2Params { t: 1, m: 64, p: 1, out_len: 32 };
/// let phc = argon2_hash(Algorithm::Argon2id, b"hunter2", &params)?;
/// assert!(phc.starts_with("$argon2id$v=19$m=64,t=1,p=1$"));
/// argon2_verify(b"hunter2", &phc)?;
/// assert!(argon2_verify(b"hunter3", &phc).is_err());
/// # Ok::<(), saline::Error>(())
/// ```
pub fn argon2_hash_with_salt(algorithm: Algorithm, password: &[u8], salt: &[u8], params: &Argon2Params) -> Result<String> {
    use base64::Engine as _;
    let len = argon2_hash_len(algorithm, salt.len(), params)?;
    let hash = zeroize::Zeroizing::new(argon2(algorithm, password, salt, None, None, params)?);
    let b64 = base64::engine::general_purpose::STANDARD_NO_PAD;
    let phc = alloc::format!("{}${}${}", phc_prefix(algorithm, params)?, b64.encode(salt), b64.encode(&*hash));
    debug_assert_eq!(phc.len(), len);
    Ok(phc)
}

/// The length of the PHC string that [`argon2_hash_with_salt`] (or, with a
/// 16-byte salt, [`argon2_hash`]) writes for these parameters, computed
/// before any work: a binding sizes its buffer with it, and a call whose
/// buffer is too small for `params.out_len` fails before hashing (an
/// out_len near 2^32 hashes gigabytes).
///
/// # Errors
/// As [`argon2_hash_with_salt`], for the algorithm, the salt length and the
/// parameters.
///
/// ```
/// use saline::{kdf::{argon2_hash_len, argon2_hash, Argon2Params}, Algorithm};
/// let params = Argon2Params { t: 1, m: 64, p: 1, out_len: 32 };
/// let len = argon2_hash_len(Algorithm::Argon2id, 16, &params)?;
/// assert_eq!(argon2_hash(Algorithm::Argon2id, b"pw", &params)?.len(), len);
/// # Ok::<(), saline::Error>(())
/// ```
pub fn argon2_hash_len(algorithm: Algorithm, salt_len: usize, params: &Argon2Params) -> Result<usize> {
    variant(algorithm)?;
    Error::check_length("salt", Expected::Range(argon2::MIN_SALT_LEN, 48), salt_len)?;
    check(params)?;
    let b64 = |n: usize| n / 3 * 4 + [0, 2, 3][n % 3];
    Ok(phc_prefix(algorithm, params)?.len() + 1 + b64(salt_len) + 1 + b64(params.out_len))
}

/// `$argon2id$v=19$m=…,t=…,p=…`: the PHC string format (C2SP's, and the
/// reference implementation's encoding) puts the fields in this order; salt
/// and hash follow, each after a `$`, in base64 without padding.
fn phc_prefix(algorithm: Algorithm, params: &Argon2Params) -> Result<String> {
    let name = variant(algorithm)?.as_str();
    Ok(alloc::format!("${name}$v=19$m={},t={},p={}", params.m, params.t, params.p))
}

/// Ceilings on the costs that a PHC string being verified may name.
///
/// A PHC string carries its own cost parameters, so verifying one that an
/// attacker wrote (a row of a stolen or user-supplied table, a login request
/// that carries its hash) would otherwise compute whatever it asks:
/// `m=4194304,t=4294967295` runs for days. [`argon2_verify`] refuses a
/// string above these limits before any work, with [`Error::CostLimit`].
///
/// The defaults admit every recommended profile: RFC 9106 §4's first
/// (t = 1, m = 2 GiB) and second (t = 3, m = 64 MiB) options, OWASP's
/// Argon2id settings, argon2-cffi's and node-argon2's defaults, and
/// libsodium's `SENSITIVE` limits (Argon2id t = 4, m = 1 GiB; Argon2i t = 8,
/// m = 512 MiB, both 2^22 KiB·passes). At that ceiling a verification does
/// at most about 4 GiB of memory passes (a few seconds natively).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VerifyLimits {
    /// The most memory (`m`, KiB) a string may name. Default 2 GiB (2^21
    /// KiB), and never above [`MAX_MEMORY_KIB`].
    pub max_memory_kib: u32,
    /// The most work, `m × t` in KiB·passes. Default 2^22.
    pub max_work_kib: u64,
    /// The most lanes (`p`). Default 64.
    pub max_lanes: u32,
}

impl Default for VerifyLimits {
    fn default() -> Self {
        VerifyLimits { max_memory_kib: 1 << 21, max_work_kib: 1 << 22, max_lanes: 64 }
    }
}

impl VerifyLimits {
    /// Ok when `params` are within these ceilings, else [`Error::CostLimit`].
    pub(crate) fn admit(&self, params: &Argon2Params) -> Result<()> {
        let memory_limit = self.max_memory_kib.min(MAX_MEMORY_KIB);
        if params.m > memory_limit {
            return Err(Error::CostLimit { what: "m", limit: memory_limit.into(), got: params.m.into() });
        }
        let work = u64::from(params.m) * u64::from(params.t);
        if work > self.max_work_kib {
            return Err(Error::CostLimit { what: "m × t", limit: self.max_work_kib, got: work });
        }
        if params.p > self.max_lanes {
            return Err(Error::CostLimit { what: "p", limit: self.max_lanes.into(), got: params.p.into() });
        }
        Ok(())
    }
}

/// The parts of an Argon2 PHC string.
struct Phc {
    algorithm: Algorithm,
    version: argon2::Version,
    t: u32,
    m: u32,
    p: u32,
    salt: Vec<u8>,
    hash: Vec<u8>,
}

/// Longest salt and hash a PHC string being verified may carry (bytes).
/// The reference implementation allows up to 2^32 − 1; 1 KiB bounds the
/// allocation and is far above any profile in use (16-byte salts, 32-byte hashes).
const MAX_PHC_FIELD: usize = 1024;

/// A decimal as the PHC string format writes it: ASCII digits, no sign, no
/// leading zero (so every value has one spelling), at most `u32::MAX`.
fn phc_decimal(text: &str) -> Option<u32> {
    let canonical = !text.is_empty() && text.bytes().all(|c| c.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    if canonical {
        text.parse().ok()
    } else {
        None
    }
}

/// Unpadded standard base64 with zero trailing bits, the one spelling the
/// reference implementation (argon2 `encoding.c`) accepts.
fn phc_base64(text: &str) -> Option<Vec<u8>> {
    use base64::Engine as _;
    if text.len() > (MAX_PHC_FIELD * 4).div_ceil(3) {
        return None;
    }
    base64::engine::general_purpose::STANDARD_NO_PAD.decode(text).ok()
}

/// Parses `$argon2{id,i,d}$[v=16|19$]m=M,t=T,p=P$SALT$HASH` strictly: the
/// reference implementation's grammar (argon2 `encoding.c`, `decode_string`),
/// with parameters exactly once and in that order, no `keyid`/`data` fields
/// and nothing after the hash. Nothing here allocates more than
/// [`MAX_PHC_FIELD`] bytes per field.
fn parse_phc(phc: &str) -> Result<Phc> {
    let bad = |reason| Error::InvalidEncoding { what: "PHC string", reason };
    let rest = phc.strip_prefix('$').ok_or_else(|| bad("must start with '$' ($argon2id$v=19$m=…,t=…,p=…$salt$hash)"))?;
    let mut fields = rest.split('$');
    let algorithm = match fields.next() {
        Some("argon2id") => Algorithm::Argon2id,
        Some("argon2i") => Algorithm::Argon2i,
        Some("argon2d") => Algorithm::Argon2d,
        _ => return Err(bad("not an Argon2 identifier (argon2id, argon2i or argon2d)")),
    };
    let mut field = fields.next().ok_or_else(|| bad("missing parameters"))?;
    // The version field is optional: strings made before version 1.3 omit it (RFC 9106 §3.1: 0x10).
    let version = match field.strip_prefix("v=") {
        Some(v) => {
            let version = match phc_decimal(v) {
                Some(0x13) => argon2::Version::V0x13,
                Some(0x10) => argon2::Version::V0x10,
                _ => return Err(bad("unknown Argon2 version (v=19 or v=16)")),
            };
            field = fields.next().ok_or_else(|| bad("missing parameters"))?;
            version
        }
        None => argon2::Version::V0x10,
    };
    let mut params = field.split(',');
    let mut take = |name: &str| -> Result<u32> {
        let pair = params.next().ok_or_else(|| bad("parameters must be exactly m=…,t=…,p=… in that order"))?;
        match pair.split_once('=') {
            Some((key, value)) if key == name => {
                phc_decimal(value).ok_or_else(|| bad("a parameter is not a canonical decimal below 2^32"))
            }
            _ => Err(bad("parameters must be exactly m=…,t=…,p=… in that order")),
        }
    };
    let (m, t, p) = (take("m")?, take("t")?, take("p")?);
    if params.next().is_some() {
        return Err(bad("parameters must be exactly m=…,t=…,p=… (no keyid or data fields)"));
    }
    let salt = fields.next().ok_or_else(|| bad("missing salt"))?;
    let hash = fields.next().ok_or_else(|| bad("missing hash"))?;
    if fields.next().is_some() {
        return Err(bad("trailing data after the hash"));
    }
    let salt = phc_base64(salt).ok_or_else(|| bad("salt is not canonical unpadded base64 of at most 1024 bytes"))?;
    let hash = phc_base64(hash).ok_or_else(|| bad("hash is not canonical unpadded base64 of at most 1024 bytes"))?;
    Ok(Phc { algorithm, version, t, m, p, salt, hash })
}

/// Checks `password` against a PHC string made by any Argon2 implementation
/// (versions 0x10 and 0x13), in constant time, refusing costs above
/// [`VerifyLimits::default`] before any work.
///
/// # Errors
/// [`Error::InvalidEncoding`] for a string that is not a well-formed Argon2
/// PHC string; [`Error::CostLimit`] for costs above the default limits;
/// [`Error::InvalidParameter`] or [`Error::InvalidLength`] for parameters
/// out of range; [`Error::VerificationFailed`] for a wrong password.
///
/// ```
/// use saline::{kdf::argon2_verify, Error};
/// let hostile = "$argon2id$v=19$m=4194304,t=4294967295,p=1$c29tZXNhbHQ$AAAAAAAAAAAAAAAAAAAAAA";
/// assert!(matches!(argon2_verify(b"pw", hostile), Err(Error::CostLimit { .. })));
/// ```
pub fn argon2_verify(password: &[u8], phc: &str) -> Result<()> {
    argon2_verify_with_limits(password, phc, &VerifyLimits::default())
}

/// [`argon2_verify`] with caller-chosen cost ceilings (raise them only for
/// hashes the caller itself made or otherwise trusts).
///
/// # Errors
/// As [`argon2_verify`].
pub fn argon2_verify_with_limits(password: &[u8], phc: &str, limits: &VerifyLimits) -> Result<()> {
    let phc = parse_phc(phc)?;
    check_salt(&phc.salt)?;
    let params = Argon2Params { t: phc.t, m: phc.m, p: phc.p, out_len: phc.hash.len() };
    limits.admit(&params)?;
    let crate_params = check(&params)?;
    let mut out = zeroize::Zeroizing::new(alloc::vec![0u8; phc.hash.len()]);
    if phc.version == argon2::Version::V0x13 {
        // Version 1.3, what every current implementation writes: the registry, as argon2().
        (ARGON2_BACKENDS.get())(phc.algorithm, password, &phc.salt, None, None, &params, &mut out)?;
    } else {
        // Version 1.0: RustCrypto's crate natively; in WebAssembly, where
        // argon2-rust is the only Argon2 compiled, that crate.
        #[cfg(target_arch = "wasm32")]
        {
            let _ = crate_params;
            super::argon2_rust::hash_version_1_0_into(phc.algorithm, password, &phc.salt, &params, &mut out)?;
        }
        #[cfg(not(target_arch = "wasm32"))]
        argon2::Argon2::new(variant(phc.algorithm)?, phc.version, crate_params)
            .hash_password_into(password, &phc.salt, &mut out)
            .map_err(|_| Error::length("password", Expected::Range(0, u32::MAX as usize), password.len()))?;
    }
    if crate::ct_eq(&out, &phc.hash) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SALT: &str = "c29tZXNhbHRzb21lc2FsdA";
    const HASH: &str = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

    #[test]
    fn absurd_costs_are_refused_before_any_work() {
        for (params, what) in [
            ("m=4194304,t=4294967295,p=1", "m"),
            ("m=2097153,t=1,p=1", "m"),
            ("m=65536,t=65,p=1", "m × t"),
            ("m=65536,t=1,p=65", "p"),
        ] {
            let phc = alloc::format!("$argon2id$v=19${params}${SALT}${HASH}");
            match argon2_verify(b"pw", &phc) {
                Err(Error::CostLimit { what: w, .. }) => assert_eq!(w, what, "{phc}"),
                other => panic!("{phc}: {other:?}"),
            }
        }
        // Raised by the caller, the same string is computed (and fails to verify).
        let phc = alloc::format!("$argon2id$v=19$m=64,t=70,p=1${SALT}${HASH}");
        let roomy = VerifyLimits { max_work_kib: 64 * 70, ..VerifyLimits::default() };
        assert_eq!(argon2_verify_with_limits(b"pw", &phc, &roomy), Err(Error::VerificationFailed));
        let tight = VerifyLimits { max_work_kib: 64 * 70 - 1, ..VerifyLimits::default() };
        assert!(matches!(argon2_verify_with_limits(b"pw", &phc, &tight), Err(Error::CostLimit { .. })));
    }

    /// The strings `argon2_hash_with_salt` writes are the ones RustCrypto's
    /// `PasswordHasher` writes (which it did until the raw hash moved to the
    /// registry), within the lengths that crate takes (hash 10 to 64 bytes).
    #[test]
    fn phc_strings_are_the_crates() {
        use alloc::string::ToString;
        use argon2::password_hash::{PasswordHasher, SaltString};
        for (algorithm, variant) in [(Algorithm::Argon2id, argon2::Algorithm::Argon2id), (Algorithm::Argon2i, argon2::Algorithm::Argon2i), (Algorithm::Argon2d, argon2::Algorithm::Argon2d)] {
            for (t, m, p, salt_len, out_len) in [(1u32, 64u32, 1u32, 16usize, 32usize), (3, 96, 3, 8, 10), (2, 256, 4, 48, 64), (1, 8, 1, 33, 17)] {
                let salt: Vec<u8> = (0..salt_len as u8).collect();
                let ours = argon2_hash_with_salt(algorithm, b"hunter2", &salt, &Argon2Params { t, m, p, out_len }).unwrap();
                let theirs = argon2::Argon2::new(variant, argon2::Version::V0x13, argon2::Params::new(m, t, p, Some(out_len)).unwrap())
                    .hash_password(b"hunter2", &SaltString::encode_b64(&salt).unwrap())
                    .unwrap()
                    .to_string();
                assert_eq!(ours, theirs);
            }
        }
    }

    #[test]
    fn lanes_verify_as_they_hash() {
        for p in [1, 2, 4] {
            let params = Argon2Params { t: 1, m: 64 * p, p, out_len: 32 };
            for variant in [Algorithm::Argon2id, Algorithm::Argon2i, Algorithm::Argon2d] {
                let phc = argon2_hash_with_salt(variant, b"pw", &[7; 16], &params).unwrap();
                argon2_verify(b"pw", &phc).unwrap();
                assert_eq!(argon2_verify(b"px", &phc), Err(Error::VerificationFailed));
            }
        }
    }

    #[test]
    fn the_grammar_is_strict() {
        let good = argon2_hash_with_salt(Algorithm::Argon2id, b"pw", &[1; 16], &Argon2Params { t: 1, m: 64, p: 1, out_len: 32 }).unwrap();
        argon2_verify(b"pw", &good).unwrap();
        let fields: alloc::vec::Vec<&str> = good.split('$').collect();
        let (salt, hash) = (fields[4], fields[5]);
        let unversioned = alloc::format!("$argon2id$m=64,t=1,p=1${salt}${hash}");
        assert_eq!(argon2_verify(b"pw", &unversioned), Err(Error::VerificationFailed), "no v= means version 0x10");
        for bad in [
            alloc::format!("$argon2id$v=19$t=1,m=64,p=1${salt}${hash}"),
            alloc::format!("$argon2id$v=19$m=64,m=64,t=1,p=1${salt}${hash}"),
            alloc::format!("$argon2id$v=19$m=64,t=1,p=1,data=YWJj${salt}${hash}"),
            alloc::format!("$argon2id$v=19$m=64,t=1,p=1,keyid=YWJj${salt}${hash}"),
            alloc::format!("$argon2id$v=19$m=64,t=1${salt}${hash}"),
            alloc::format!("$argon2id$v=19$m=64,t=1,p=1${salt}${hash}$"),
            alloc::format!("$argon2id$v=19$m=064,t=1,p=1${salt}${hash}"),
            alloc::format!("$argon2id$v=19$m=+64,t=1,p=1${salt}${hash}"),
            alloc::format!("$argon2id$v=19$m=64,t=1,p=1${salt}=${hash}"),
            alloc::format!("$argon2id$v=20$m=64,t=1,p=1${salt}${hash}"),
            alloc::format!("$argon2x$v=19$m=64,t=1,p=1${salt}${hash}"),
            alloc::format!("argon2id$v=19$m=64,t=1,p=1${salt}${hash}"),
            alloc::format!("$argon2id$v=19$m=64,t=1,p=1${salt}${}B", &hash[..hash.len() - 1]),
        ] {
            assert!(matches!(argon2_verify(b"pw", &bad), Err(Error::InvalidEncoding { .. })), "{bad}");
        }
    }
}
