//! Poly1305 (RFC 8439 §2.5) as a streaming one-time authenticator.
//!
//! The `poly1305` crate works on whole 16-byte blocks; this file adds the
//! buffering for arbitrary update sizes and keeps the key for `reset`.
//! A Poly1305 key must never authenticate two messages.

use poly1305::universal_hash::{KeyInit, UniversalHash};
use zeroize::Zeroize;

/// Streaming Poly1305 state.
#[derive(Clone)]
pub(crate) struct Poly1305State {
    key: [u8; 32],
    mac: poly1305::Poly1305,
    pending: [u8; 16],
    pending_len: usize,
}

impl Poly1305State {
    pub(crate) fn new(key: &[u8; 32]) -> Self {
        Poly1305State { key: *key, mac: poly1305::Poly1305::new(key.into()), pending: [0; 16], pending_len: 0 }
    }

    pub(crate) fn update(&mut self, mut data: &[u8]) {
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

    /// Writes the 16-byte tag and restarts with the same key.
    pub(crate) fn finalize_into_reset(&mut self, out: &mut [u8]) {
        let fresh = poly1305::Poly1305::new((&self.key).into());
        let mac = core::mem::replace(&mut self.mac, fresh);
        out.copy_from_slice(&mac.compute_unpadded(&self.pending[..self.pending_len]));
        self.pending.zeroize();
        self.pending_len = 0;
    }

    pub(crate) fn reset(&mut self) {
        self.mac = poly1305::Poly1305::new((&self.key).into());
        self.pending.zeroize();
        self.pending_len = 0;
    }
}

impl Drop for Poly1305State {
    fn drop(&mut self) {
        // `poly1305::Poly1305` wipes itself (feature "zeroize").
        self.key.zeroize();
        self.pending.zeroize();
    }
}

/// Poly1305 tag of `data` under a one-time `key`, in one call: the portable
/// backend of `mac::POLY1305_BACKENDS`.
pub(crate) fn poly1305_tag(key: &[u8; 32], data: &[u8]) -> [u8; 16] {
    poly1305::Poly1305::new(key.into()).compute_unpadded(data).into()
}
