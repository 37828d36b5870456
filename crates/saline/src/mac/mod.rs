//! Message authentication codes: HMAC over every fixed-output hash (and
//! HMAC-SHA-512 truncated to 32 bytes, libsodium's `crypto_auth`),
//! Poly1305, and SipHash-2-4 (64- and 128-bit, libsodium's `crypto_shorthash`). One-shot ([`mac`], [`verify`]) and streaming ([`Mac`]).
//! Verification is always constant time and returns
//! [`Error::VerificationFailed`] on a mismatch.
//!
//! ```
//! use saline::{mac::{mac, verify}, Algorithm};
//! let tag = mac(Algorithm::HmacSha256, b"key", b"The quick brown fox jumps over the lazy dog")?;
//! assert_eq!(tag[..4], [0xf7, 0xbc, 0x83, 0xf4]);
//! verify(Algorithm::HmacSha256, b"key", b"The quick brown fox jumps over the lazy dog", &tag)?;
//! # Ok::<(), saline::Error>(())
//! ```

pub mod hmac;
mod poly1305;
mod siphash;

use alloc::vec;
use alloc::vec::Vec;

use crate::backend::{Backend, Registry};
use crate::catalog::{Algorithm, Kind};
use crate::error::{Error, Expected, Result};
use hmac::HmacState;
pub(crate) use poly1305::Poly1305State;
use siphash::SipHashState;

/// One-shot Poly1305 (`mac`, `mac_into`, `verify`, NaCl's
/// `crypto_onetimeauth`, and the tags of the composed secretbox): on x86-64
/// Linux `libsodium+openssl-asm` first, libsodium for messages shorter than
/// [`SHORT_POLY1305`] bytes and OpenSSL's assembly from there (its AVX-512
/// IFMA path is 3.1x libsodium's best at 2 MiB); then OpenSSL's alone,
/// libsodium alone (its SSE2 code is 7x RustCrypto's portable build at
/// 32 bytes), RustCrypto last; docs/DEPENDENCIES.md has the figures. The
/// streaming [`Mac`] uses OpenSSL's state when one of the two backends
/// holding it is selected (under `libsodium+openssl-asm` only from
/// [`SHORT_POLY1305`] bytes on, libsodium's one-shot tag below: the same
/// rule), RustCrypto's otherwise.
pub(crate) static POLY1305_BACKENDS: Registry<Poly1305Fn> = Registry::new(
    "poly1305",
    &[
        #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
        Backend {
            name: poly1305::LIBSODIUM_THEN_OPENSSL_ASM,
            usable: crate::backend::libsodium::usable,
            entry: short_on_libsodium,
        },
        #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
        Backend::portable(poly1305::OPENSSL_ASM, openssl_asm_tag),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend {
            name: "libsodium",
            usable: crate::backend::libsodium::usable,
            entry: crate::backend::libsodium::poly1305_tag_into,
        },
        Backend::portable("rustcrypto", poly1305::poly1305_tag_into),
    ],
);

/// Where `libsodium+openssl-asm` turns from libsodium to OpenSSL's
/// assembly. Below it libsodium's SSE2 code is the faster: OpenSSL's code
/// first computes the key's powers for its vector paths, and on Intel its
/// AVX-512 IFMA code takes a slow path for a message of one to three blocks
/// (16-48 B: 254-353 ns against libsodium's 68-101, an Intel Xeon, family 6
/// model 207). Measured one-shot, best of 15 rounds in one process, libsodium
/// / OpenSSL's IFMA path / OpenSSL's AVX2 path (`SALINE_OPENSSL_ASM_CPU=avx2`,
/// the path of AMD Zen 3): 64 B 78 / 138 / 82 ns, 256 B 146-151 / 176-182 /
/// 158, 320 B 166-173 / 172 / 169, 448 B 208-215 / 186-204 / 186, 1 KiB
/// 410 / 270 / 333 (docs/DEPENDENCIES.md).
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
const SHORT_POLY1305: usize = 320;

/// The `libsodium+openssl-asm` backend's tag (see [`SHORT_POLY1305`]).
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
fn short_on_libsodium(key: &[u8; 32], data: &[u8], tag: &mut [u8; 16]) {
    if data.len() < SHORT_POLY1305 {
        crate::backend::libsodium::poly1305_tag_into(key, data, tag);
    } else {
        openssl_asm_tag(key, data, tag);
    }
}

/// The `openssl-asm` backend's entry.
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
fn openssl_asm_tag(key: &[u8; 32], data: &[u8], tag: &mut [u8; 16]) {
    *tag = saline_openssl_asm::poly1305_tag(key, data);
}

/// `tag(key, data, out)`: the tag is written where the caller wants it.
/// Returned by value through each layer, a 32-byte one-shot call copied it
/// three times, the first copy a 16-byte load of the two 8-byte stores
/// libsodium's finish had just made, which the CPU cannot forward (Intel
/// Xeon, one process, best of 15: 61.5-65.1 ns against libsodium's own
/// 50.5-54.1).
type Poly1305Fn = fn(&[u8; 32], &[u8], &mut [u8; 16]);

/// Poly1305 tag of `data` under a one-time `key`, with the selected backend.
pub(crate) fn poly1305_tag(key: &[u8; 32], data: &[u8]) -> [u8; 16] {
    let mut tag = [0u8; 16];
    poly1305_tag_into(key, data, &mut tag);
    tag
}

/// [`poly1305_tag`] into `tag`.
pub(crate) fn poly1305_tag_into(key: &[u8; 32], data: &[u8], tag: &mut [u8; 16]) {
    (POLY1305_BACKENDS.get())(key, data, tag);
}

/// The one-shot Poly1305 key, if `algorithm` is Poly1305.
fn one_shot_poly1305(algorithm: Algorithm, key: &[u8]) -> Result<Option<&[u8; 32]>> {
    if algorithm != Algorithm::Poly1305 {
        return Ok(None);
    }
    key.try_into().map(Some).map_err(|_| Error::length("key", Expected::Exactly(32), key.len()))
}

#[derive(Clone)]
enum State {
    Hmac(HmacState),
    Poly1305(Poly1305State),
    SipHash(SipHashState),
}

/// A streaming MAC over any algorithm of kind [`Kind::Mac`].
///
/// Keyed state is wiped on drop. `Clone` forks the state (useful for a
/// common prefix); `reset` restarts with the same key.
///
/// ```
/// use saline::{mac::Mac, Algorithm};
/// let mut m = Mac::new(Algorithm::HmacSha512, b"key")?;
/// m.update(b"part one, ");
/// m.update(b"part two");
/// let tag = m.clone().finalize();
/// m.verify(&tag)?;
/// # Ok::<(), saline::Error>(())
/// ```
#[derive(Clone)]
pub struct Mac {
    algorithm: Algorithm,
    state: State,
}

impl Mac {
    /// A MAC keyed with `key`: any length for HMAC (RFC 2104 §2 hashes a
    /// key longer than the block), exactly 32 bytes for Poly1305, 16 for SipHash.
    ///
    /// # Errors
    /// [`Error::UnknownAlgorithm`] for a non-MAC, [`Error::InvalidLength`] for
    /// a Poly1305 or SipHash key of the wrong length.
    pub fn new(algorithm: Algorithm, key: &[u8]) -> Result<Mac> {
        algorithm.expect_kind(&[Kind::Mac])?;
        let state = if algorithm == Algorithm::Poly1305 {
            let key: &[u8; 32] =
                key.try_into().map_err(|_| Error::length("key", Expected::Exactly(32), key.len()))?;
            State::Poly1305(Poly1305State::new(key))
        } else if matches!(algorithm, Algorithm::SipHash24 | Algorithm::SipHashX24) {
            let key: &[u8; 16] =
                key.try_into().map_err(|_| Error::length("key", Expected::Exactly(16), key.len()))?;
            State::SipHash(SipHashState::new(key, algorithm == Algorithm::SipHashX24))
        } else if algorithm == Algorithm::HmacSha512Trunc256 {
            State::Hmac(HmacState::new(Algorithm::HmacSha512, key).expect("HMAC-SHA-512 is an HMAC"))
        } else {
            State::Hmac(HmacState::new(algorithm, key).expect("every other MAC is an HMAC"))
        };
        Ok(Mac { algorithm, state })
    }

    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Tag length in bytes.
    pub fn tag_len(&self) -> usize {
        self.algorithm.info().tag_len
    }

    /// Absorbs `data`.
    pub fn update(&mut self, data: &[u8]) {
        match &mut self.state {
            State::Hmac(m) => m.update(data),
            State::Poly1305(m) => m.update(data),
            State::SipHash(m) => m.update(data),
        }
    }

    /// Writes the tag into `out` and restarts with the same key.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] if `out` is not [`Mac::tag_len`] bytes.
    pub fn finalize_into_reset(&mut self, out: &mut [u8]) -> Result<()> {
        Error::check_length("output", Expected::Exactly(self.tag_len()), out.len())?;
        match &mut self.state {
            State::Hmac(m) if self.algorithm == Algorithm::HmacSha512Trunc256 => {
                let mut full = zeroize::Zeroizing::new([0u8; 64]);
                m.finalize_into_reset(&mut full[..]);
                out.copy_from_slice(&full[..32]);
            }
            State::Hmac(m) => m.finalize_into_reset(out),
            State::Poly1305(m) => m.finalize_into_reset(out),
            State::SipHash(m) => m.finalize_into_reset(out),
        }
        Ok(())
    }

    /// The tag, consuming the state.
    pub fn finalize(mut self) -> Vec<u8> {
        let mut out = vec![0u8; self.tag_len()];
        self.finalize_into_reset(&mut out).expect("own tag length");
        out
    }

    /// Compares the tag with `expected` in constant time.
    ///
    /// # Errors
    /// [`Error::VerificationFailed`] on any mismatch, including a wrong length.
    pub fn verify(self, expected: &[u8]) -> Result<()> {
        // Wiped after the comparison, as the one-shot `verify` wipes its
        // buffer: the tag of this message under this key is a forgery for it.
        let tag = zeroize::Zeroizing::new(self.finalize());
        if crate::ct_eq(&tag, expected) {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }

    /// Restarts with the same key.
    pub fn reset(&mut self) {
        match &mut self.state {
            State::Hmac(m) => m.reset(),
            State::Poly1305(m) => m.reset(),
            State::SipHash(m) => m.reset(),
        }
    }
}

impl Drop for Mac {
    fn drop(&mut self) {
        match &mut self.state {
            // SAFETY (both): called once, from Drop; the state is not used again.
            State::Hmac(m) => unsafe { m.wipe() },
            State::SipHash(m) => unsafe { m.wipe() },
            State::Poly1305(_) => {}
        }
    }
}

impl core::fmt::Debug for Mac {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Mac").field("algorithm", &self.algorithm).finish_non_exhaustive()
    }
}

/// The tag of `data` under `key`, in one call.
///
/// # Errors
/// As [`Mac::new`].
pub fn mac(algorithm: Algorithm, key: &[u8], data: &[u8]) -> Result<Vec<u8>> {
    let tag_len = algorithm.expect_kind(&[Kind::Mac])?.info().tag_len;
    let mut out = vec![0u8; tag_len];
    mac_into(algorithm, key, data, &mut out)?;
    Ok(out)
}

/// Writes the tag of `data` under `key` into `out`.
///
/// Poly1305 goes to the backend registry; HMAC runs the concrete
/// `Hmac<D>` in place (`hmac::one_shot_into`) rather than through [`Mac`],
/// whose enum is sized by HMAC-SHA3 (docs/DESIGN.md "Hash and MAC one-shot
/// calls"); SipHash, already small, keeps the streaming state.
///
/// # Errors
/// As [`Mac::new`] and [`Mac::finalize_into_reset`].
pub fn mac_into(algorithm: Algorithm, key: &[u8], data: &[u8], out: &mut [u8]) -> Result<()> {
    if let Some(key) = one_shot_poly1305(algorithm, key)? {
        let len = out.len();
        let tag = <&mut [u8; 16]>::try_from(out).map_err(|_| Error::length("output", Expected::Exactly(16), len))?;
        poly1305_tag_into(key, data, tag);
        return Ok(());
    }
    let tag_len = algorithm.expect_kind(&[Kind::Mac])?.info().tag_len;
    if matches!(algorithm, Algorithm::SipHash24 | Algorithm::SipHashX24) {
        return streaming_into(algorithm, key, data, out);
    }
    Error::check_length("output", Expected::Exactly(tag_len), out.len())?;
    if algorithm == Algorithm::HmacSha512Trunc256 {
        let mut full = zeroize::Zeroizing::new([0u8; 64]);
        hmac::one_shot_into(Algorithm::HmacSha512, key, data, &mut full[..]);
        out.copy_from_slice(&full[..32]);
    } else {
        hmac::one_shot_into(algorithm, key, data, out);
    }
    Ok(())
}

/// `mac_into` through the streaming [`Mac`], in its own frame: inlined, the
/// enum (sized by the SHA-3 HMAC states) took every one-shot MAC's frame
/// with it (Poly1305 through `saline-ops`: 3.9 KiB of wasm stack, 4.9 inlined).
#[inline(never)]
fn streaming_into(algorithm: Algorithm, key: &[u8], data: &[u8], out: &mut [u8]) -> Result<()> {
    let mut m = Mac::new(algorithm, key)?;
    m.update(data);
    m.finalize_into_reset(out)
}

/// Checks `tag` against the tag of `data` under `key`, in constant time.
///
/// # Errors
/// As [`Mac::new`]; [`Error::VerificationFailed`] on a mismatch.
pub fn verify(algorithm: Algorithm, key: &[u8], data: &[u8], tag: &[u8]) -> Result<()> {
    let tag_len = algorithm.expect_kind(&[Kind::Mac])?.info().tag_len;
    // The largest tag in the catalog is HMAC-SHA-512's 64 bytes.
    let mut expected = zeroize::Zeroizing::new([0u8; 64]);
    let expected = &mut expected[..tag_len];
    mac_into(algorithm, key, data, expected)?;
    if crate::ct_eq(expected, tag) {
        Ok(())
    } else {
        Err(Error::VerificationFailed)
    }
}
