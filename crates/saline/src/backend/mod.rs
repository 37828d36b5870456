//! The backend registry: for each primitive that has more than one
//! implementation on this target, the implementations compiled in, the rule
//! that picks one, and a way to force any of them.
//!
//! The shape follows libsodium's picker (a table filled once), BLAKE3's
//! `Platform::detect()` and Go's `TestAllImplementations`: every backend of a
//! primitive has the same signature, the first usable one in the table (the
//! fastest, measured in bench/rust; see docs/DEPENDENCIES.md) is the default,
//! and the tests run every vector file and a differential on random inputs
//! once per backend, in one process (`tests/backends.rs`, `tests/vectors.rs`).
//!
//! * WebAssembly and `no_std` builds compile only the pure-Rust backends
//!   (RustCrypto, dalek), so each primitive has one entry there.
//! * Native builds with `std` add libsodium (vendored source; its own
//!   run-time CPU dispatch, initialised here once), ring and AWS-LC (both
//!   with run-time CPU dispatch). Nothing is compiled for a CPU feature: see
//!   js/scripts/build-native.sh.
//!
//! The environment variable `SALINE_FORCE` (native `std` builds), read once
//! before the first selection, forces backends:
//! `SALINE_FORCE=poly1305:rustcrypto,aes-gcm:ring`. An entry that names no
//! compiled, usable backend is ignored and reported on stderr. [`force`] does
//! the same from Rust. Forcing is meant for tests and for start-up: a call
//! already running keeps the backend it started with.
//!
//! ```
//! for b in saline::backend::backends() {
//!     assert!(b.available.contains(&b.selected));
//! }
//! let poly = saline::backend::backends().into_iter().find(|b| b.primitive == "poly1305").unwrap();
//! saline::backend::force("poly1305", poly.available[0])?;
//! assert!(saline::backend::force("poly1305", "no-such-backend").is_err());
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU8, Ordering};

use crate::error::{Error, Result};

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) mod awslc;
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) mod cpu;
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) mod libsodium;
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) mod libsodium_aegis;
/// Runs `open` (a decryption that zeroes its buffer on a wrong tag, as ring's
/// and libsodium's ChaCha20-Poly1305 do) so that, with `keep_ciphertext`, a
/// rejected `buf` still holds the ciphertext: on a copy, wiped after.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) fn open_keeping_ciphertext(buf: &mut [u8], keep_ciphertext: bool, open: impl FnOnce(&mut [u8]) -> bool) -> bool {
    if !keep_ciphertext {
        return open(buf);
    }
    let mut scratch = zeroize::Zeroizing::new(crate::copy::message_to_vec(buf));
    let ok = open(&mut scratch);
    if ok {
        crate::copy::copy_message(buf, &scratch);
    }
    ok
}
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) mod ring;

/// What [`backends`] reports for one primitive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackendInfo {
    /// The primitive ("poly1305", "sha512", "md5", "keccak" (these three on
    /// x86-64 Linux), "blake2b" (one-shot), "salsa20", "xsalsa20poly1305", "chacha20poly1305",
    /// "xchacha20poly1305", "aes-gcm", "aes-cbc", "aes-ctr", "aegis", "x25519", "x25519-base",
    /// "ed25519-sign", "ed25519-keypair", "ed25519-verify", "edwards25519"), as `SALINE_FORCE` and [`force`] name it.
    pub primitive: &'static str,
    /// The backend in use.
    pub selected: &'static str,
    /// Every backend compiled for this target and usable on this machine, the
    /// default first.
    pub available: Vec<&'static str>,
    /// Whether `selected` was forced (by `SALINE_FORCE` or [`force`]) rather
    /// than picked by the default rule.
    pub forced: bool,
}

const UNSET: u8 = u8::MAX;
const FORCED: u8 = 0x80;

/// One primitive's table. `F` is the backend's entry point (a function
/// pointer or a unit enum naming how to key it); every entry has the same type.
pub(crate) struct Registry<F: 'static> {
    primitive: &'static str,
    table: &'static [Backend<F>],
    /// Whether the table's first entry leads the measured preference on this
    /// CPU. Where it does not, it comes last instead: still available to
    /// force and tested, never the default ([`Registry::first_leading_where`]).
    first_leads: fn() -> bool,
    /// Index into `table`, `| FORCED` when forced; `UNSET` before the first use.
    choice: AtomicU8,
}

/// One implementation of a primitive.
pub(crate) struct Backend<F> {
    pub(crate) name: &'static str,
    /// Whether it can run on this machine (libsodium: `sodium_init` succeeded).
    pub(crate) usable: fn() -> bool,
    pub(crate) entry: F,
}

fn always() -> bool {
    true
}

impl<F> Backend<F> {
    pub(crate) const fn portable(name: &'static str, entry: F) -> Self {
        Backend { name, usable: always, entry }
    }
}

impl<F: Copy> Registry<F> {
    pub(crate) const fn new(primitive: &'static str, table: &'static [Backend<F>]) -> Self {
        Registry { primitive, table, first_leads: always, choice: AtomicU8::new(UNSET) }
    }

    /// A table whose first entry is the preference only where `rule` says
    /// so (a CPU on which it measured faster); elsewhere the rest of the
    /// table comes first and that entry last.
    pub(crate) const fn first_leading_where(primitive: &'static str, table: &'static [Backend<F>], rule: fn() -> bool) -> Self {
        Registry { primitive, table, first_leads: rule, choice: AtomicU8::new(UNSET) }
    }

    /// The table's indices in order of preference on this CPU.
    fn preference(&self) -> impl Iterator<Item = usize> {
        let (n, lead) = (self.table.len(), (self.first_leads)());
        (0..n).map(move |i| if lead { i } else { (i + 1) % n })
    }

    /// The selected backend's name.
    #[allow(dead_code)] // used on some targets only
    pub(crate) fn selected_name(&self) -> &'static str {
        self.table[self.index()].name
    }

    /// The selected backend's entry point.
    #[inline]
    pub(crate) fn get(&self) -> F {
        self.table[self.index()].entry
    }

    #[inline]
    fn index(&self) -> usize {
        let c = self.choice.load(Ordering::Relaxed);
        if c != UNSET {
            return usize::from(c & !FORCED);
        }
        read_environment_once();
        // The default rule: the first usable backend in order of preference
        // (the table's order, the measured one, unless `first_leads` moves
        // its first entry last). The portable backend is the table's last.
        let default = self.preference().find(|&i| (self.table[i].usable)()).unwrap_or(self.table.len() - 1) as u8;
        let _ = self.choice.compare_exchange(UNSET, default, Ordering::Relaxed, Ordering::Relaxed);
        usize::from(self.choice.load(Ordering::Relaxed) & !FORCED)
    }
}

/// The registry as [`backends`] and [`force`] see it, whatever `F` is.
trait Slot: Sync {
    fn primitive(&self) -> &'static str;
    fn info(&self) -> BackendInfo;
    fn force(&self, backend: &str) -> bool;
}

impl<F: Copy + Sync> Slot for Registry<F> {
    fn primitive(&self) -> &'static str {
        self.primitive
    }

    fn info(&self) -> BackendInfo {
        let selected = self.table[self.index()].name;
        BackendInfo {
            primitive: self.primitive,
            selected,
            available: self.preference().map(|i| &self.table[i]).filter(|b| (b.usable)()).map(|b| b.name).collect(),
            forced: self.choice.load(Ordering::Relaxed) & FORCED != 0,
        }
    }

    fn force(&self, backend: &str) -> bool {
        match self.table.iter().position(|b| b.name == backend && (b.usable)()) {
            Some(i) => {
                self.choice.store(i as u8 | FORCED, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }
}

/// Every registry, in the order [`backends`] reports them. Without the
/// `full` feature, SHA-2's only: an entry keeps its backends' code alive.
static ALL: &[&dyn Slot] = &[
    #[cfg(feature = "full")]
    &crate::mac::POLY1305_BACKENDS,
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    &crate::hash::sha512_dispatch::SHA512_BACKENDS,
    #[cfg(all(feature = "full", feature = "std", target_arch = "x86_64", target_os = "linux"))]
    &crate::hash::md_dispatch::MD5_BACKENDS,
    #[cfg(all(feature = "full", feature = "std", target_arch = "x86_64", target_os = "linux"))]
    &crate::hash::keccak_dispatch::KECCAK_BACKENDS,
    #[cfg(all(feature = "full", feature = "std", not(target_arch = "wasm32")))]
    &crate::hash::md_dispatch::MD4_BACKENDS,
    #[cfg(feature = "full")]
    &crate::hash::blake2::BLAKE2B_BACKENDS,
    #[cfg(feature = "full")]
    &crate::hash::blake2::BLAKE2S_BACKENDS,
    #[cfg(feature = "full")]
    &crate::cipher::SALSA20_BACKENDS,
    #[cfg(feature = "full")]
    &crate::aead::XSALSA20POLY1305_BACKENDS,
    #[cfg(feature = "full")]
    &crate::aead::CHACHA20POLY1305_BACKENDS,
    #[cfg(feature = "full")]
    &crate::aead::XCHACHA20POLY1305_BACKENDS,
    #[cfg(feature = "full")]
    &crate::aead::AES_GCM_BACKENDS,
    #[cfg(feature = "full")]
    &crate::cipher::aes::AES_CBC_BACKENDS,
    #[cfg(feature = "full")]
    &crate::cipher::aes::AES_CTR_BACKENDS,
    #[cfg(feature = "full")]
    &crate::aead::aegis::AEGIS_BACKENDS,
    #[cfg(feature = "full")]
    &crate::curve::x25519::X25519_BACKENDS,
    #[cfg(feature = "full")]
    &crate::curve::x25519::X25519_BASE_BACKENDS,
    #[cfg(feature = "full")]
    &crate::curve::ed25519::ED25519_SIGN_BACKENDS,
    #[cfg(feature = "full")]
    &crate::curve::ed25519::ED25519_KEYPAIR_BACKENDS,
    #[cfg(feature = "full")]
    &crate::curve::ed25519::ED25519_VERIFY_BACKENDS,
    #[cfg(feature = "full")]
    &crate::curve::point::EDWARDS25519_BACKENDS,
    #[cfg(feature = "full")]
    &crate::kdf::SCRYPT_BACKENDS,
    #[cfg(feature = "full")]
    &crate::kdf::ARGON2_BACKENDS,
    #[cfg(feature = "full")]
    &crate::kdf::BCRYPT_BACKENDS,
];

/// The backend selected for each primitive, and the alternatives.
///
/// Primitives not listed have one implementation per target, which picks its
/// own SIMD code at run time: SHA-1/SHA-256 (SHA-NI, AVX2), SHA-512, MD5 and
/// SHA-3 off x86-64 Linux, SHAKE,
/// ChaCha20 and XChaCha20 streams (AVX2/SSE2), BLAKE3 (SSE4.1, AVX2, AVX-512),
/// BLAKE2s and streaming BLAKE2b (RustCrypto's portable cores).
pub fn backends() -> Vec<BackendInfo> {
    ALL.iter().map(|s| s.info()).collect()
}

/// Forces `primitive` to use `backend` from now on, in this process.
///
/// # Errors
/// [`Error::UnknownAlgorithm`] (kind "backend") if the primitive is not in
/// the registry or the backend is not compiled for this target or not usable
/// on this machine; nothing changes then.
pub fn force(primitive: &str, backend: &str) -> Result<()> {
    read_environment_once();
    let slot = ALL
        .iter()
        .find(|s| s.primitive() == primitive)
        .ok_or_else(|| Error::UnknownAlgorithm { name: primitive.to_string(), kind: "backend registry primitive" })?;
    if slot.force(backend) {
        Ok(())
    } else {
        let mut name = String::from(primitive);
        name.push(':');
        name.push_str(backend);
        Err(Error::UnknownAlgorithm { name, kind: "backend" })
    }
}

/// Applies `SALINE_FORCE` once per process (native `std` builds only).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn read_environment_once() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let Ok(spec) = std::env::var("SALINE_FORCE") else { return };
        for entry in spec.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let applied = entry.split_once(':').is_some_and(|(primitive, backend)| {
                ALL.iter().any(|s| s.primitive() == primitive.trim() && s.force(backend.trim()))
            });
            if !applied {
                std::eprintln!("saline: SALINE_FORCE entry {entry:?} ignored: no such primitive:backend on this build (see saline::backend::backends())");
            }
        }
    });
}

#[cfg(not(all(feature = "std", not(target_arch = "wasm32"))))]
fn read_environment_once() {}
