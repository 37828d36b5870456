//! `crypto_secretstream_xchacha20poly1305`: libsodium's streaming AEAD, a
//! sequence of messages under one key, each tagged (message, push, rekey,
//! final) and bound to its position, so that chunks cannot be dropped,
//! reordered or truncated unnoticed.
//!
//! Composed from RustCrypto's `chacha20` (HChaCha20 and the IETF ChaCha20
//! keystream) and `poly1305`, following libsodium's
//! `crypto_secretstream/xchacha20poly1305/secretstream_xchacha20poly1305.c`
//! step by step (the construction is documented in libsodium's
//! "Encrypted streams and file encryption" page):
//!
//! * header = 24 random bytes; state key = HChaCha20(key, header[0..16]);
//!   state nonce = counter (LE 32 bits, starting at 1) ‖ header[16..24];
//! * each message: Poly1305 key = ChaCha20(state key, nonce) block 0; the
//!   tag byte is encrypted as the first byte of block 1 (the MAC covers the
//!   whole 64-byte block), the message from block 2; the MAC covers
//!   ad ‖ pad16 ‖ block 1 ‖ c ‖ (|c| mod 16 zeros) ‖ LE64(|ad|) ‖ LE64(64 + |m|);
//!   output = encrypted tag byte ‖ c ‖ MAC (17 bytes of overhead);
//! * afterwards the nonce's last 8 bytes are XORed with the MAC's first 8,
//!   the counter is incremented, and the state rekeys itself when the tag
//!   has the REKEY bit or the counter wrapped.
//!
//! [`State`] is libsodium's 52-byte `crypto_secretstream_xchacha20poly1305_state`
//! (key 32 ‖ nonce 12 ‖ 8 zero bytes): [`State::to_bytes`] and
//! [`State::from_bytes`] save and restore it, interchangeably with libsodium.
//!
//! ```
//! use saline::sodium::secretstream::*;
//! let key = [7u8; 32];
//! let (mut push, header) = crypto_secretstream_xchacha20poly1305_init_push(&key)?;
//! let c1 = crypto_secretstream_xchacha20poly1305_push(&mut push, b"first", b"", TAG_MESSAGE)?;
//! let c2 = crypto_secretstream_xchacha20poly1305_push(&mut push, b"last", b"", TAG_FINAL)?;
//! let mut pull = crypto_secretstream_xchacha20poly1305_init_pull(&header, &key)?;
//! assert_eq!(crypto_secretstream_xchacha20poly1305_pull(&mut pull, &c1, b"")?, (b"first".to_vec(), TAG_MESSAGE));
//! assert_eq!(crypto_secretstream_xchacha20poly1305_pull(&mut pull, &c2, b"")?, (b"last".to_vec(), TAG_FINAL));
//! # Ok::<(), saline::Error>(())
//! ```

use alloc::vec;
use alloc::vec::Vec;
use chacha20::cipher::{KeyIvInit, StreamCipher, StreamCipherSeek};
use zeroize::{Zeroize, Zeroizing};

use crate::cipher::fixed;
use crate::error::{Error, Expected, Result};
use crate::mac::Poly1305State;

/// `crypto_secretstream_xchacha20poly1305_KEYBYTES`.
pub const KEYBYTES: usize = 32;
/// `crypto_secretstream_xchacha20poly1305_HEADERBYTES`.
pub const HEADERBYTES: usize = 24;
/// `crypto_secretstream_xchacha20poly1305_ABYTES`: tag byte + 16-byte MAC.
pub const ABYTES: usize = 17;
/// `crypto_secretstream_xchacha20poly1305_statebytes()`.
pub const STATEBYTES: usize = 52;
/// `crypto_secretstream_xchacha20poly1305_MESSAGEBYTES_MAX` on 64-bit
/// targets: 64 · (2^32 − 2), the IETF ChaCha20 keystream after the two
/// blocks a message spends on its MAC key and tag.
pub const MESSAGEBYTES_MAX: u64 = 64 * ((1 << 32) - 2);
/// `crypto_secretstream_xchacha20poly1305_TAG_MESSAGE`: an ordinary chunk.
pub const TAG_MESSAGE: u8 = 0;
/// `crypto_secretstream_xchacha20poly1305_TAG_PUSH`: the end of a set of chunks.
pub const TAG_PUSH: u8 = 1;
/// `crypto_secretstream_xchacha20poly1305_TAG_REKEY`: rekey after this chunk.
pub const TAG_REKEY: u8 = 2;
/// `crypto_secretstream_xchacha20poly1305_TAG_FINAL`: the last chunk (PUSH | REKEY).
pub const TAG_FINAL: u8 = TAG_PUSH | TAG_REKEY;

const COUNTER_LEN: usize = 4;
const INONCE_LEN: usize = 8;

/// The state of one direction of a stream, laid out as libsodium's
/// `crypto_secretstream_xchacha20poly1305_state`. Wiped on drop.
#[derive(Clone)]
pub struct State {
    key: [u8; 32],
    /// Little-endian 32-bit counter ‖ 8-byte "inonce".
    nonce: [u8; 12],
}

impl State {
    /// The 52-byte libsodium layout: key ‖ nonce ‖ 8 zero bytes. It is as
    /// secret as the key.
    pub fn to_bytes(&self) -> Zeroizing<[u8; STATEBYTES]> {
        let mut out = Zeroizing::new([0u8; STATEBYTES]);
        out[..32].copy_from_slice(&self.key);
        out[32..44].copy_from_slice(&self.nonce);
        out
    }

    /// Restores a state saved by [`State::to_bytes`] or by libsodium. The
    /// 8 padding bytes are ignored, as libsodium ignores them.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] unless `bytes` is 52 bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<State> {
        let bytes: &[u8; STATEBYTES] = fixed("state", bytes)?;
        let mut state = State { key: [0; 32], nonce: [0; 12] };
        state.key.copy_from_slice(&bytes[..32]);
        state.nonce.copy_from_slice(&bytes[32..44]);
        Ok(state)
    }

    /// The state libsodium's `init_push`/`init_pull` derive from a header.
    fn from_header(header: &[u8], key: &[u8]) -> Result<State> {
        let key: &[u8; KEYBYTES] = fixed("key", key)?;
        let header: &[u8; HEADERBYTES] = fixed("header", header)?;
        let mut subkey = chacha20::hchacha::<chacha20::cipher::consts::U10>(key.into(), header[..16].into());
        let mut state = State { key: [0; 32], nonce: [0; 12] };
        state.key.copy_from_slice(&subkey);
        subkey.as_mut_slice().zeroize();
        state.nonce[COUNTER_LEN..].copy_from_slice(&header[16..]);
        state.reset_counter();
        Ok(state)
    }

    fn reset_counter(&mut self) {
        self.nonce[..COUNTER_LEN].copy_from_slice(&1u32.to_le_bytes());
    }

    fn cipher(&self, block: u32) -> chacha20::ChaCha20 {
        let mut cipher = chacha20::ChaCha20::new((&self.key).into(), (&self.nonce).into());
        cipher.seek(u64::from(block) * 64);
        cipher
    }

    /// Poly1305 over ad, the tag block and the ciphertext, in libsodium's
    /// order and with its padding. The ciphertext is followed by
    /// `(0x10 − 64 + |c|) & 0xf` = `|c| mod 16` zero bytes, not by the
    /// padding to a whole block that RFC 8439 uses: that is what libsodium
    /// computes (and therefore the format), so it is reproduced here.
    fn mac(&self, ad: &[u8], tag_block: &[u8; 64], ciphertext: &[u8]) -> [u8; 16] {
        const ZEROS: [u8; 16] = [0; 16];
        let mut poly_key = Zeroizing::new([0u8; 32]);
        self.cipher(0).apply_keystream(&mut poly_key[..]);
        let mut mac = Poly1305State::new(&poly_key);
        mac.update(ad);
        mac.update(&ZEROS[..(0x10 - ad.len() % 16) & 0xf]);
        mac.update(tag_block);
        mac.update(ciphertext);
        mac.update(&ZEROS[..ciphertext.len() % 16]);
        mac.update(&(ad.len() as u64).to_le_bytes());
        mac.update(&(64 + ciphertext.len() as u64).to_le_bytes());
        let mut out = [0u8; 16];
        mac.finalize_into_reset(&mut out);
        out
    }

    /// The bookkeeping after a chunk, identical on both sides.
    fn advance(&mut self, mac: &[u8; 16], tag: u8) {
        for (n, m) in self.nonce[COUNTER_LEN..].iter_mut().zip(&mac[..INONCE_LEN]) {
            *n ^= m;
        }
        let counter = u32::from_le_bytes(self.nonce[..COUNTER_LEN].try_into().expect("4 bytes")).wrapping_add(1);
        self.nonce[..COUNTER_LEN].copy_from_slice(&counter.to_le_bytes());
        if tag & TAG_REKEY != 0 || counter == 0 {
            self.rekey();
        }
    }

    fn rekey(&mut self) {
        let mut next = Zeroizing::new([0u8; 32 + INONCE_LEN]);
        next[..32].copy_from_slice(&self.key);
        next[32..].copy_from_slice(&self.nonce[COUNTER_LEN..]);
        self.cipher(0).apply_keystream(&mut next[..]);
        self.key.copy_from_slice(&next[..32]);
        self.nonce[COUNTER_LEN..].copy_from_slice(&next[32..]);
        self.reset_counter();
    }
}

impl Drop for State {
    fn drop(&mut self) {
        self.key.zeroize();
        self.nonce.zeroize();
    }
}

impl core::fmt::Debug for State {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("State").finish_non_exhaustive()
    }
}

/// `crypto_secretstream_xchacha20poly1305_keygen`: a random 32-byte key.
///
/// # Errors
/// [`Error::RandomSource`].
pub fn crypto_secretstream_xchacha20poly1305_keygen() -> Result<Zeroizing<[u8; KEYBYTES]>> {
    Ok(Zeroizing::new(crate::random::array()?))
}

/// `crypto_secretstream_xchacha20poly1305_init_push`: a push state and the
/// random 24-byte header the receiver needs.
///
/// # Errors
/// [`Error::InvalidLength`] for a key that is not 32 bytes; [`Error::RandomSource`].
pub fn crypto_secretstream_xchacha20poly1305_init_push(key: &[u8]) -> Result<(State, [u8; HEADERBYTES])> {
    let header = crate::random::array::<HEADERBYTES>()?;
    Ok((init_push_with_header(key, &header)?, header))
}

/// `init_push` with a header chosen by the caller instead of a random one,
/// for known-answer tests and for bindings that draw the header themselves.
/// A header must never repeat under one key.
///
/// # Errors
/// [`Error::InvalidLength`] for a key that is not 32 bytes or a header
/// that is not 24.
pub fn init_push_with_header(key: &[u8], header: &[u8]) -> Result<State> {
    State::from_header(header, key)
}

/// `crypto_secretstream_xchacha20poly1305_push`: encrypts `message` with
/// associated data `ad` and `tag`; returns `|message| + 17` bytes.
///
/// # Errors
/// [`Error::InvalidParameter`] for a tag other than the four above;
/// [`Error::OutputLimit`] for a message over [`MESSAGEBYTES_MAX`].
pub fn crypto_secretstream_xchacha20poly1305_push(state: &mut State, message: &[u8], ad: &[u8], tag: u8) -> Result<Vec<u8>> {
    let mut out = vec![0u8; message.len() + ABYTES];
    push_into(state, message, ad, tag, &mut out)?;
    Ok(out)
}

/// [`crypto_secretstream_xchacha20poly1305_push`] into the first
/// `|message| + 17` bytes of `out`.
///
/// # Errors
/// As [`crypto_secretstream_xchacha20poly1305_push`];
/// [`Error::InvalidLength`] naming "output" when `out` is too short.
pub fn push_into(state: &mut State, message: &[u8], ad: &[u8], tag: u8, out: &mut [u8]) -> Result<usize> {
    if tag > TAG_FINAL {
        return Err(Error::InvalidParameter { what: "tag", expected: "0 (message), 1 (push), 2 (rekey) or 3 (final)", got: u64::from(tag) });
    }
    if message.len() as u64 > MESSAGEBYTES_MAX {
        return Err(Error::OutputLimit { what: "message" });
    }
    let total = message.len() + ABYTES;
    Error::check_length("output", Expected::AtLeast(total), out.len())?;
    let mut tag_block = [0u8; 64];
    tag_block[0] = tag;
    state.cipher(1).apply_keystream(&mut tag_block);
    out[0] = tag_block[0];
    let ciphertext = &mut out[1..1 + message.len()];
    crate::copy::copy_message(ciphertext, message);
    state.cipher(2).apply_keystream(ciphertext);
    let mac = state.mac(ad, &tag_block, ciphertext);
    out[1 + message.len()..total].copy_from_slice(&mac);
    state.advance(&mac, tag);
    Ok(total)
}

/// `crypto_secretstream_xchacha20poly1305_init_pull`: the pull state for a
/// stream that starts with `header`.
///
/// # Errors
/// [`Error::InvalidLength`] for a header that is not 24 bytes or a key
/// that is not 32.
pub fn crypto_secretstream_xchacha20poly1305_init_pull(header: &[u8], key: &[u8]) -> Result<State> {
    State::from_header(header, key)
}

/// `crypto_secretstream_xchacha20poly1305_pull`: checks and decrypts one
/// chunk; returns the message and its tag.
///
/// # Errors
/// [`Error::InvalidLength`] for a chunk shorter than 17 bytes;
/// [`Error::VerificationFailed`] when the chunk does not verify, in which
/// case the state is unchanged (as in libsodium).
pub fn crypto_secretstream_xchacha20poly1305_pull(state: &mut State, chunk: &[u8], ad: &[u8]) -> Result<(Vec<u8>, u8)> {
    Error::check_length("ciphertext", Expected::AtLeast(ABYTES), chunk.len())?;
    let mut out = vec![0u8; chunk.len() - ABYTES];
    let tag = pull_into(state, chunk, ad, &mut out)?;
    Ok((out, tag))
}

/// [`crypto_secretstream_xchacha20poly1305_pull`] into the first
/// `|chunk| − 17` bytes of `out`; returns the tag. On failure nothing is
/// written.
///
/// # Errors
/// As [`crypto_secretstream_xchacha20poly1305_pull`];
/// [`Error::InvalidLength`] naming "output" when `out` is too short.
pub fn pull_into(state: &mut State, chunk: &[u8], ad: &[u8], out: &mut [u8]) -> Result<u8> {
    Error::check_length("ciphertext", Expected::AtLeast(ABYTES), chunk.len())?;
    let message_len = chunk.len() - ABYTES;
    if message_len as u64 > MESSAGEBYTES_MAX {
        return Err(Error::OutputLimit { what: "ciphertext" });
    }
    Error::check_length("output", Expected::AtLeast(message_len), out.len())?;
    let mut tag_block = Zeroizing::new([0u8; 64]);
    tag_block[0] = chunk[0];
    state.cipher(1).apply_keystream(&mut tag_block[..]);
    let tag = tag_block[0];
    tag_block[0] = chunk[0];
    let (ciphertext, stored_mac) = chunk[1..].split_at(message_len);
    let mac = state.mac(ad, &tag_block, ciphertext);
    if !crate::ct_eq(&mac, stored_mac) {
        return Err(Error::VerificationFailed);
    }
    let message = &mut out[..message_len];
    crate::copy::copy_message(message, ciphertext);
    state.cipher(2).apply_keystream(message);
    state.advance(&mac, tag);
    Ok(tag)
}

/// `crypto_secretstream_xchacha20poly1305_rekey`: derives a new key and
/// nonce explicitly; both sides must call it at the same point.
pub fn crypto_secretstream_xchacha20poly1305_rekey(state: &mut State) {
    state.rekey();
}
