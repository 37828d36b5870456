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
        match *self {
            Expected::Exactly(n) => write!(f, "{n} bytes"),
            Expected::Range(lo, hi) => write!(f, "{lo} to {hi} bytes"),
            Expected::AtLeast(n) => write!(f, "at least {n} bytes"),
            Expected::MultipleOf(n) => write!(f, "a multiple of {n} bytes"),
            Expected::OneOf(list) => {
                for (i, n) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == list.len() { " or " } else { ", " })?;
                    }
                    write!(f, "{n}")?;
                }
                f.write_str(" bytes")
            }
        }
    }
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
        match self {
            Error::InvalidLength { what, expected, got } => {
                write!(f, "{what}: expected {expected}, got {got}")
            }
            Error::InvalidParameter { what, expected, got } => {
                write!(f, "{what}: expected {expected}, got {got}")
            }
            Error::InvalidEncoding { what, reason } => write!(f, "{what}: {reason}"),
            // Without `full` (the SHA-2 WebAssembly module) the name is quoted
            // as it is: `{:?}` would link core's escaping and its Unicode
            // tables (about 5 KB of WebAssembly), and every name that build
            // can report (catalog names, "#id", "operation #n") reads the
            // same either way.
            #[cfg(feature = "full")]
            Error::UnknownAlgorithm { name, kind } => write!(f, "unknown {kind} algorithm: {name:?} (see saline::catalog::ALGORITHMS)"),
            #[cfg(not(feature = "full"))]
            Error::UnknownAlgorithm { name, kind } => write!(f, "unknown {kind} algorithm: \"{name}\" (see saline::catalog::ALGORITHMS)"),
            Error::UnsupportedOption { algorithm, option } => {
                write!(f, "{algorithm} does not take the option '{option}'")
            }
            Error::VerificationFailed => f.write_str("verification failed: the tag or signature is invalid"),
            Error::OutputLimit { what } => write!(f, "{what}: output limit of the algorithm exceeded"),
            Error::RandomSource => f.write_str("the system random number generator failed"),
            Error::CostLimit { what, limit, got } => write!(
                f,
                "{what}: {got} is above the verify limit of {limit}; the hash was not computed \
                 (raise the limit only for hashes you trust)"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

/// The result type of every fallible Saline operation.
pub type Result<T> = core::result::Result<T, Error>;
