//! SipHash-2-4 (Aumasson & Bernstein, "SipHash: a fast short-input PRF",
//! 2012) with 64- and 128-bit output: libsodium's `crypto_shorthash`
//! (`_siphash24`) and `crypto_shorthash_siphashx24`, over the `siphasher`
//! crate. The output is little-endian, as in the reference code and
//! libsodium.

use core::hash::Hasher as _;
use siphasher::sip128::Hasher128 as _;

/// A keyed SipHash-2-4 state; `initial` is kept for `reset`.
#[derive(Clone, Copy)]
pub(crate) enum SipHashState {
    Out64 { initial: siphasher::sip::SipHasher24, current: siphasher::sip::SipHasher24 },
    Out128 { initial: siphasher::sip128::SipHasher24, current: siphasher::sip128::SipHasher24 },
}

impl SipHashState {
    pub(crate) fn new(key: &[u8; 16], wide: bool) -> Self {
        if wide {
            let h = siphasher::sip128::SipHasher24::new_with_key(key);
            SipHashState::Out128 { initial: h, current: h }
        } else {
            let h = siphasher::sip::SipHasher24::new_with_key(key);
            SipHashState::Out64 { initial: h, current: h }
        }
    }

    pub(crate) fn update(&mut self, data: &[u8]) {
        match self {
            SipHashState::Out64 { current, .. } => current.write(data),
            SipHashState::Out128 { current, .. } => current.write(data),
        }
    }

    /// Writes the 8- or 16-byte tag and restarts with the same key.
    pub(crate) fn finalize_into_reset(&mut self, out: &mut [u8]) {
        match self {
            SipHashState::Out64 { current, .. } => out.copy_from_slice(&current.finish().to_le_bytes()),
            SipHashState::Out128 { current, .. } => {
                let h = current.finish128();
                out[..8].copy_from_slice(&h.h1.to_le_bytes());
                out[8..].copy_from_slice(&h.h2.to_le_bytes());
            }
        }
        self.reset();
    }

    pub(crate) fn reset(&mut self) {
        match self {
            SipHashState::Out64 { initial, current } => *current = *initial,
            SipHashState::Out128 { initial, current } => *current = *initial,
        }
    }

    /// Zeroes the keyed state.
    ///
    /// # Safety
    /// Called once, from `Drop`; the state is not used again.
    pub(crate) unsafe fn wipe(&mut self) {
        // SAFETY: the siphasher states are u64 words, a usize and
        // PhantomData: flat, no Drop, and all-zero is a valid value.
        unsafe { crate::secret::wipe_flat(self) }
    }
}
