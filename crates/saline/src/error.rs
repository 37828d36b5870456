//! The single error type returned by every fallible Saline function.
//!
//! Every variant names the parameter it is about, so that a binding can turn
//! it into a message such as "key: expected 32 bytes, got 31" without knowing
//! which algorithm produced it. Bindings map [`Error::kind`] onto their own
//! error classes (JS `RangeError`/`TypeError`, Python `ValueError`, C status
//! codes), so that no binding has to parse a message to pick one (issue 15).

use core::fmt;

/// What was expected of a length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// Exactly this many bytes.
    Exactly(usize),
    /// Any length in this inclusive range.
    Range(usize, usize),
    /// At least this many bytes.
    AtLeast(usize),
    /// A multiple of this many bytes (block ciphers without padding).
    MultipleOf(usize),
    /// One of a few allowed lengths (AES keys: 16, 24 or 32).
    OneOf(&'static [usize]),
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(f)
    }
}

// The messages below are written with [`put`] and [`write_decimal`] only,
// never `write!`, into any `fmt::Write`: the SHA-2 WebAssembly module
// (built without `full`) writes them straight into a `String` and then
// links none of core::fmt's formatting machinery (`fmt::write`,
// `Formatter::pad`, the integer formatting tables), about 5 KB of its code.
impl Expected {
    /// What [`Display`](fmt::Display) shows ("32 bytes", "16 to 64 bytes"),
    /// written to `f` without core::fmt's formatting machinery.
    pub fn write_message(&self, f: &mut dyn fmt::Write) -> fmt::Result {
        match *self {
            Expected::Exactly(n) => {
                write_decimal(f, n as u64)?;
                put(f, &[" bytes"])
            }
            Expected::Range(lo, hi) => {
                write_decimal(f, lo as u64)?;
                put(f, &[" to "])?;
                write_decimal(f, hi as u64)?;
                put(f, &[" bytes"])
            }
            Expected::AtLeast(n) => {
                put(f, &["at least "])?;
                write_decimal(f, n as u64)?;
                put(f, &[" bytes"])
            }
            Expected::MultipleOf(n) => {
                put(f, &["a multiple of "])?;
                write_decimal(f, n as u64)?;
                put(f, &[" bytes"])
            }
            Expected::OneOf(list) => {
                for (i, n) in list.iter().enumerate() {
                    if i > 0 {
                        put(f, &[if i + 1 == list.len() { " or " } else { ", " }])?;
                    }
                    write_decimal(f, *n as u64)?;
                }
                put(f, &[" bytes"])
            }
        }
    }
}

/// Writes `n` in decimal, as `{n}` would, without core::fmt's machinery.
/// Not inlined: the messages call it eight times.
#[inline(never)]
fn write_decimal(out: &mut dyn fmt::Write, mut n: u64) -> fmt::Result {
    let mut digits = [0u8; 20]; // u64::MAX has 20 digits
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // SAFETY: ASCII digits only.
    put(out, &[unsafe { core::str::from_utf8_unchecked(&digits[start..]) }])
}

/// `prefix` followed by `n` in decimal ("#7", "operation #12"), for the
/// names of unknown ids, without core::fmt (see above).
#[inline(never)]
pub fn numbered(prefix: &str, n: u64) -> alloc::string::String {
    let mut name = alloc::string::String::from(prefix);
    let _ = write_decimal(&mut name, n);
    name
}

impl Expected {
    /// Whether `len` satisfies this expectation.
    pub fn accepts(&self, len: usize) -> bool {
        match *self {
            Expected::Exactly(n) => len == n,
            Expected::Range(lo, hi) => (lo..=hi).contains(&len),
            Expected::AtLeast(n) => len >= n,
            Expected::MultipleOf(n) => n != 0 && len % n == 0,
            Expected::OneOf(list) => list.contains(&len),
        }
    }
}

/// The error type of every fallible Saline operation.
///
/// A failed tag or signature check is always [`Error::VerificationFailed`],
/// and the function that returns it releases no plaintext.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A byte string had the wrong length. `what` names the parameter
    /// ("key", "nonce", "iv", "tag", "output" ...).
    InvalidLength {
        /// The parameter.
        what: &'static str,
        /// The length it must have.
        expected: Expected,
        /// The length it had.
        got: usize,
    },
    /// A numeric parameter was out of range, e.g. a bcrypt cost of 3 or an
    /// scrypt N that is not a power of two. `expected` describes the range.
    InvalidParameter {
        /// The parameter.
        what: &'static str,
        /// The allowed range, in words ("4 to 31").
        expected: &'static str,
        /// The value it had.
        got: u64,
    },
    /// Input that cannot be decoded: a PHC string, a point encoding, a
    /// non-canonical scalar, bad padding. `reason` says what is wrong.
    InvalidEncoding {
        /// The parameter.
        what: &'static str,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The name or id does not identify an algorithm of the kind asked for.
    UnknownAlgorithm {
        /// The name or id given.
        name: alloc::string::String,
        /// The kind that was asked for ("hash", "aead" ... or "any").
        kind: &'static str,
    },
    /// An option was given that this algorithm does not take (e.g. a salt for
    /// SHA-256). Saline never ignores an option silently.
    UnsupportedOption {
        /// The algorithm.
        algorithm: &'static str,
        /// The option it does not take.
        option: &'static str,
    },
    /// A tag, MAC or signature did not verify. No plaintext is released.
    VerificationFailed,
    /// The output length limit of a stream or XOF was exceeded.
    OutputLimit {
        /// The parameter whose size exceeded the limit.
        what: &'static str,
    },
    /// The random number source failed; Saline never falls back to a weak one.
    RandomSource,
    /// A cost named by untrusted input (a PHC or bcrypt string being
    /// verified) is above the ceiling the caller allows. Nothing was
    /// computed; the ceiling is raised only for hashes the caller trusts.
    CostLimit {
        /// The parameter ("m", "m × t", "p", "cost").
        what: &'static str,
        /// The ceiling in force.
        limit: u64,
        /// The value the input named.
        got: u64,
    },
}

/// A coarse classification that bindings map onto their native error types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// A length or numeric range (JS `RangeError`, Python `ValueError`).
    Range,
    /// A malformed encoding (JS `Error`, Python `ValueError`).
    Value,
    /// Authentication failed.
    Verification,
    /// The system could not supply randomness.
    System,
    /// The caller asked for something the algorithm does not have: an
    /// unknown algorithm name or id, or an option the algorithm does not
    /// take (JS `TypeError`, as for any argument the API does not know).
    Unsupported,
}

impl Error {
    /// Shorthand for the most common error: a byte string of the wrong size.
    pub const fn length(what: &'static str, expected: Expected, got: usize) -> Self {
        Error::InvalidLength { what, expected, got }
    }

    /// [`Error::UnknownAlgorithm`] for an algorithm or operation `name` of
    /// `kind` that this build leaves out: built without the `full` feature,
    /// Saline contains SHA-2 hashing only ([`crate::Algorithm::built_in`]).
    pub fn not_built(name: &str, kind: &'static str) -> Self {
        let mut name = alloc::string::String::from(name);
        name.push_str(" (not in this build, which has SHA-2 hashing only)");
        Error::UnknownAlgorithm { name, kind }
    }

    /// Returns `Ok(())` when `got` meets `expected`, else [`Error::InvalidLength`].
    pub fn check_length(what: &'static str, expected: Expected, got: usize) -> core::result::Result<(), Self> {
        if expected.accepts(got) {
            Ok(())
        } else {
            Err(Error::InvalidLength { what, expected, got })
        }
    }

    /// The class of this error, for bindings.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::InvalidLength { .. }
            | Error::InvalidParameter { .. }
            | Error::OutputLimit { .. }
            | Error::CostLimit { .. } => {
                ErrorKind::Range
            }
            Error::InvalidEncoding { .. } => ErrorKind::Value,
            Error::UnknownAlgorithm { .. } | Error::UnsupportedOption { .. } => ErrorKind::Unsupported,
            Error::VerificationFailed => ErrorKind::Verification,
            Error::RandomSource => ErrorKind::System,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(f)
    }
}

impl Error {
    /// The message [`Display`](fmt::Display) shows, written to `f` without
    /// core::fmt's formatting machinery (see [`Expected::write_message`]).
    pub fn write_message(&self, f: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Error::InvalidLength { what, expected, got } => {
                put(f, &[what, ": expected "])?;
                expected.write_message(f)?;
                put(f, &[", got "])?;
                write_decimal(f, *got as u64)
            }
            Error::InvalidParameter { what, expected, got } => {
                put(f, &[what, ": expected ", expected, ", got "])?;
                write_decimal(f, *got)
            }
            Error::InvalidEncoding { what, reason } => put(f, &[what, ": ", reason]),
            Error::UnknownAlgorithm { name, kind } => {
                put(f, &["unknown ", kind, " algorithm: "])?;
                // Quoted and escaped as `{name:?}` does. Without `full` (the
                // SHA-2 WebAssembly module) quoted as it is: the escaping
                // links core's Unicode tables (about 5 KB of WebAssembly),
                // and every name that build can report (catalog names,
                // "#id", "operation #n") reads the same either way.
                #[cfg(feature = "full")]
                write!(f, "{name:?}")?;
                #[cfg(not(feature = "full"))]
                put(f, &["\"", name, "\""])?;
                put(f, &[" (see saline::catalog::ALGORITHMS)"])
            }
            Error::UnsupportedOption { algorithm, option } => put(f, &[algorithm, " does not take the option '", option, "'"]),
            Error::VerificationFailed => put(f, &["verification failed: the tag or signature is invalid"]),
            Error::OutputLimit { what } => put(f, &[what, ": output limit of the algorithm exceeded"]),
            Error::RandomSource => put(f, &["the system random number generator failed"]),
            Error::CostLimit { what, limit, got } => {
                put(f, &[what, ": "])?;
                write_decimal(f, *got)?;
                put(f, &[" is above the verify limit of "])?;
                write_decimal(f, *limit)?;
                put(f, &["; the hash was not computed (raise the limit only for hashes you trust)"])
            }
        }
    }
}

/// Writes `parts` one after another. Every piece of a message goes
/// through here, not inlined: the SHA-2 module's only `fmt::Write` is a
/// `String`, whose growth code would otherwise be inlined at each piece.
#[inline(never)]
fn put(f: &mut dyn fmt::Write, parts: &[&str]) -> fmt::Result {
    parts.iter().try_for_each(|part| f.write_str(part))
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

/// The result type of every fallible Saline operation.
pub type Result<T> = core::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::{numbered, Error, Expected};
    use alloc::string::ToString;

    /// Every message, as the `write!` calls that wrote them before
    /// `write_message` did (bindings and tests elsewhere match on them).
    #[test]
    fn messages() {
        let cases: [(Error, &str); 12] = [
            (Error::length("key", Expected::Exactly(32), 31), "key: expected 32 bytes, got 31"),
            (Error::length("salt", Expected::Range(0, 16), 17), "salt: expected 0 to 16 bytes, got 17"),
            (Error::length("nonce", Expected::AtLeast(8), 0), "nonce: expected at least 8 bytes, got 0"),
            (Error::length("input", Expected::MultipleOf(16), 15), "input: expected a multiple of 16 bytes, got 15"),
            (Error::length("key", Expected::OneOf(&[16, 24, 32]), 20), "key: expected 16, 24 or 32 bytes, got 20"),
            (Error::length("key", Expected::OneOf(&[32, 64]), usize::MAX), "key: expected 32 or 64 bytes, got 18446744073709551615"),
            (Error::InvalidParameter { what: "cost", expected: "4 to 31", got: 3 }, "cost: expected 4 to 31, got 3"),
            (Error::InvalidEncoding { what: "point", reason: "not canonical" }, "point: not canonical"),
            (Error::UnsupportedOption { algorithm: "sha256", option: "salt" }, "sha256 does not take the option 'salt'"),
            (Error::OutputLimit { what: "plaintext" }, "plaintext: output limit of the algorithm exceeded"),
            (
                Error::CostLimit { what: "m", limit: 1 << 21, got: u64::MAX },
                "m: 18446744073709551615 is above the verify limit of 2097152; the hash was not computed (raise the limit only for hashes you trust)",
            ),
            (Error::UnknownAlgorithm { name: numbered("operation #", 0), kind: "operation" }, "unknown operation algorithm: \"operation #0\" (see saline::catalog::ALGORITHMS)"),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
        assert_eq!(Error::VerificationFailed.to_string(), "verification failed: the tag or signature is invalid");
        assert_eq!(Error::RandomSource.to_string(), "the system random number generator failed");
    }

    /// With `full`, an unknown name is escaped as `{:?}` escapes it.
    #[cfg(feature = "full")]
    #[test]
    fn unknown_names_escaped() {
        let error = Error::UnknownAlgorithm { name: "a\"b\n'c".into(), kind: "hash" };
        assert_eq!(error.to_string(), "unknown hash algorithm: \"a\\\"b\\n'c\" (see saline::catalog::ALGORITHMS)");
    }
}
