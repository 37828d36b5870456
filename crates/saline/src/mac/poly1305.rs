//! Poly1305 (RFC 8439 §2.5) as a streaming one-time authenticator.
//!
//! Two states: OpenSSL's assembly (saline-openssl-asm, x86-64 Linux), and
//! the `poly1305` crate, which works on whole 16-byte blocks, with the
//! buffering for arbitrary update sizes added here. The key is kept for
//! `reset`. A Poly1305 key must never authenticate two messages.

use poly1305::universal_hash::{KeyInit, UniversalHash};
use zeroize::Zeroize;

/// The registry name of OpenSSL's assembly backend (x86-64 Linux).
#[allow(dead_code)] // used on x86-64 Linux only
pub(crate) const OPENSSL_ASM: &str = "openssl-asm";

/// The registry name of the backend that takes short messages to libsodium
/// and the rest to OpenSSL's assembly (x86-64 Linux; `mac::SHORT_POLY1305`).
#[allow(dead_code)] // used on x86-64 Linux only
pub(crate) const LIBSODIUM_THEN_OPENSSL_ASM: &str = "libsodium+openssl-asm";

/// Streaming Poly1305 state: OpenSSL's when the registry selects a backend
/// that holds it, RustCrypto's otherwise (libsodium's streaming API is not
/// used). Under `libsodium+openssl-asm` a message is held until it reaches
/// `mac::SHORT_POLY1305` bytes, so that a streamed message takes the same
/// code as one tagged in one call: libsodium's one-shot tag for a shorter
/// one, OpenSSL's state for the rest, whose first call then has a whole
/// `SHORT_POLY1305` bytes (its vector code from the start; on Intel its
/// AVX-512 IFMA code is slow for a first call of one to three blocks).
#[derive(Clone)]
pub(crate) struct Poly1305State {
    key: [u8; 32],
    inner: Inner,
}

#[derive(Clone)]
enum Inner {
    RustCrypto(RustCryptoState),
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    OpenSslAsm(saline_openssl_asm::Poly1305),
    /// `libsodium+openssl-asm`: the message so far, shorter than
    /// `SHORT_POLY1305`.
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    Held(Held),
}

/// The first bytes of a message, wiped when dropped.
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
#[derive(Clone)]
struct Held {
    bytes: [u8; super::SHORT_POLY1305],
    len: usize,
}

#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
impl Drop for Held {
    fn drop(&mut self) {
        // Only what was written: the rest is still the zeroes it started
        // as (zeroize writes byte by byte, ~100 ns for all 320).
        self.bytes[..self.len].zeroize();
    }
}

impl Inner {
    fn new(key: &[u8; 32]) -> Self {
        #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
        match super::POLY1305_BACKENDS.selected_name() {
            OPENSSL_ASM => return Inner::OpenSslAsm(saline_openssl_asm::Poly1305::new(key)),
            LIBSODIUM_THEN_OPENSSL_ASM => return Inner::Held(Held { bytes: [0; super::SHORT_POLY1305], len: 0 }),
            _ => {}
        }
        Inner::RustCrypto(RustCryptoState::new(key))
    }
}

impl Poly1305State {
    pub(crate) fn new(key: &[u8; 32]) -> Self {
        Poly1305State { key: *key, inner: Inner::new(key) }
    }

    pub(crate) fn update(&mut self, data: &[u8]) {
        match &mut self.inner {
            Inner::RustCrypto(state) => state.update(data),
            #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
            Inner::OpenSslAsm(state) => state.update(data),
            #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
            Inner::Held(held) => {
                let room = held.bytes.len() - held.len;
                if data.len() < room {
                    held.bytes[held.len..held.len + data.len()].copy_from_slice(data);
                    held.len += data.len();
                    return;
                }
                // SHORT_POLY1305 bytes or more: OpenSSL's state from here,
                // its first call at least that long (`data` itself when
                // nothing is held).
                let mut state = saline_openssl_asm::Poly1305::new(&self.key);
                if held.len == 0 {
                    state.update(data);
                } else {
                    held.bytes[held.len..].copy_from_slice(&data[..room]);
                    // All of it is wiped when `Held` is dropped by the assignment below.
                    held.len = held.bytes.len();
                    state.update(&held.bytes);
                    state.update(&data[room..]);
                }
                self.inner = Inner::OpenSslAsm(state);
            }
        }
    }

    /// Writes the 16-byte tag and restarts with the same key.
    pub(crate) fn finalize_into_reset(&mut self, out: &mut [u8]) {
        let spent = core::mem::replace(&mut self.inner, Inner::new(&self.key));
        let tag = match spent {
            Inner::RustCrypto(state) => state.finalize(),
            #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
            Inner::OpenSslAsm(state) => state.finalize(),
            #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
            Inner::Held(held) => {
                let mut tag = [0u8; 16];
                crate::backend::libsodium::poly1305_tag_into(&self.key, &held.bytes[..held.len], &mut tag);
                tag
            }
        };
        out.copy_from_slice(&tag);
    }

    pub(crate) fn reset(&mut self) {
        self.inner = Inner::new(&self.key);
    }
}

impl Drop for Poly1305State {
    fn drop(&mut self) {
        // Every inner state wipes itself.
        self.key.zeroize();
    }
}

/// RustCrypto's state, which works on whole 16-byte blocks, with the
/// buffering for arbitrary update sizes.
#[derive(Clone)]
struct RustCryptoState {
    mac: poly1305::Poly1305,
    pending: [u8; 16],
    pending_len: usize,
}

impl RustCryptoState {
    fn new(key: &[u8; 32]) -> Self {
        RustCryptoState { mac: poly1305::Poly1305::new(key.into()), pending: [0; 16], pending_len: 0 }
    }

    fn update(&mut self, mut data: &[u8]) {
        if self.pending_len > 0 {
            let take = (16 - self.pending_len).min(data.len());
            self.pending[self.pending_len..self.pending_len + take].copy_from_slice(&data[..take]);
            self.pending_len += take;
            data = &data[take..];
            if self.pending_len < 16 {
                return;
            }
            self.mac.update(&[self.pending.into()]);
            self.pending_len = 0;
        }
        let whole = data.len() / 16 * 16;
        let (blocks, rest) = data.split_at(whole);
        // All whole blocks in one call (no padding applies to a multiple of
        // 16): one block per call kept the crate's backend from working on
        // several at once, and paid its per-call cost 131,072 times per 2 MiB.
        self.mac.update_padded(blocks);
        self.pending[..rest.len()].copy_from_slice(rest);
        self.pending_len = rest.len();
    }

    fn finalize(mut self) -> [u8; 16] {
        let mac = self.mac.clone().compute_unpadded(&self.pending[..self.pending_len]).into();
        self.pending.zeroize();
        mac
    }
}

impl Drop for RustCryptoState {
    fn drop(&mut self) {
        // `poly1305::Poly1305` wipes itself (feature "zeroize").
        self.pending.zeroize();
    }
}

/// Poly1305 tag of `data` under a one-time `key`, in one call: the portable
/// backend of `mac::POLY1305_BACKENDS`.
pub(crate) fn poly1305_tag_into(key: &[u8; 32], data: &[u8], tag: &mut [u8; 16]) {
    *tag = poly1305::Poly1305::new(key.into()).compute_unpadded(data).into();
}
