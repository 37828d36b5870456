//! Secure random bytes from the operating system.
//!
//! Native targets use `getrandom` (the `getrandom` feature, on by default).
//! On wasm32-unknown-unknown the embedding crate registers the source with
//! `getrandom::register_custom_getrandom!` — Saline's WebAssembly build routes
//! it to `crypto.getRandomValues` through an import. Without a source every
//! call fails with [`Error::RandomSource`]: there is no weak fallback.

use alloc::vec;
use alloc::vec::Vec;

use crate::error::{Error, Result};

/// Fills `buf` with secure random bytes.
///
/// # Errors
/// [`Error::RandomSource`] if the system source fails or none is available.
///
/// ```
/// let mut nonce = [0u8; 24];
/// saline::random::fill(&mut nonce)?;
/// # Ok::<(), saline::Error>(())
/// ```
pub fn fill(buf: &mut [u8]) -> Result<()> {
    #[cfg(feature = "getrandom")]
    {
        getrandom::getrandom(buf).map_err(|_| Error::RandomSource)
    }
    #[cfg(not(feature = "getrandom"))]
    {
        let _ = buf;
        Err(Error::RandomSource)
    }
}

/// `len` secure random bytes.
///
/// # Errors
/// As [`fill`].
pub fn bytes(len: usize) -> Result<Vec<u8>> {
    let mut out = vec![0u8; len];
    fill(&mut out)?;
    Ok(out)
}

/// A random fixed-size array, for keys, seeds and nonces.
pub(crate) fn array<const N: usize>() -> Result<[u8; N]> {
    let mut out = [0u8; N];
    fill(&mut out)?;
    Ok(out)
}
