//! XSalsa20-Poly1305, the construction inside NaCl's `crypto_secretbox`
//! ("Cryptography in NaCl", §9), composed from the `salsa20` and `poly1305`
//! crates and proven byte for byte against libsodium in the tests.
//!
//! The first 32 bytes of the XSalsa20 keystream are the one-time Poly1305
//! key; the message is encrypted with the keystream from byte 32 on; the tag
//! authenticates the ciphertext.
//!
//! This is the portable backend; `aead::XSALSA20POLY1305_BACKENDS` lists it
//! beside libsodium's.

use salsa20::cipher::{KeyIvInit, StreamCipher};
use zeroize::Zeroize;

use crate::mac::poly1305_tag;

fn keyed_stream(key: &[u8; 32], nonce: &[u8; 24]) -> (salsa20::XSalsa20, [u8; 32]) {
    let mut stream = salsa20::XSalsa20::new(key.into(), nonce.into());
    let mut mac_key = [0u8; 32];
    stream.apply_keystream(&mut mac_key);
    (stream, mac_key)
}

/// Encrypts `buf` in place and returns the 16-byte tag.
pub(crate) fn seal_in_place(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8]) -> [u8; 16] {
    let (mut stream, mut mac_key) = keyed_stream(key, nonce);
    stream.apply_keystream(buf);
    let tag = poly1305_tag(&mac_key, buf);
    mac_key.zeroize();
    tag
}

/// Checks `tag` over the ciphertext in `buf` in constant time and, only if it
/// is valid, decrypts `buf` in place. Returns whether the tag was valid; on
/// `false`, `buf` still holds the ciphertext.
pub(crate) fn open_in_place(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8], tag: &[u8; 16]) -> bool {
    let (mut stream, mut mac_key) = keyed_stream(key, nonce);
    let expected = poly1305_tag(&mac_key, buf);
    mac_key.zeroize();
    if !crate::ct_eq(&expected, tag) {
        return false;
    }
    stream.apply_keystream(buf);
    true
}

/// [`seal_in_place`] from `plaintext` into `out` (as long): a copy, then
/// sealed in place (the `rustcrypto` backend's `seal_into`).
pub(crate) fn seal_into_by_copy(key: &[u8; 32], nonce: &[u8; 24], plaintext: &[u8], out: &mut [u8]) -> [u8; 16] {
    crate::copy::copy_message(out, plaintext);
    seal_in_place(key, nonce, out)
}

/// [`open_in_place`] from `ciphertext` into `out` (as long); on `false`,
/// `out` holds the ciphertext, not plaintext.
pub(crate) fn open_into_by_copy(key: &[u8; 32], nonce: &[u8; 24], ciphertext: &[u8], out: &mut [u8], tag: &[u8; 16]) -> bool {
    crate::copy::copy_message(out, ciphertext);
    open_in_place(key, nonce, out, tag)
}

/// The `composed` backend's seal: libsodium's `crypto_secretbox_detached`
/// algorithm over Saline's registries, the `salsa20` one for the keystream
/// (so `libsodium+rustcrypto`: libsodium's code for whole groups,
/// RustCrypto's for the blocks around them) and the `poly1305` one for the
/// tag. libsodium's own secretbox takes its one-block-at-a-time path for
/// block 0 and for every block past the last group (`cipher::split_salsa20_xor`
/// says why that is slow); a 1 KiB message has 3.5 such blocks.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) fn seal_composed(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8]) -> [u8; 16] {
    let block0 = Block0::new(key, nonce, buf);
    block0.xor_message(buf);
    poly1305_tag(block0.mac_key(), buf)
}

/// The `composed` backend's open: the tag is checked in constant time over
/// the ciphertext before anything is decrypted; on `false`, `buf` still holds
/// the ciphertext.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) fn open_composed(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8], tag: &[u8; 16]) -> bool {
    let block0 = Block0::new(key, nonce, buf);
    let mut expected = poly1305_tag(block0.mac_key(), buf);
    let valid = crate::ct_eq(&expected, tag);
    expected.zeroize();
    if valid {
        block0.xor_message(buf);
    }
    valid
}

/// [`seal_composed`] from `plaintext` into `out` (as long): the keystream
/// is XORed from one buffer into the other, with no copy of the message
/// first (about 45 µs of a 1 MiB secretbox here).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) fn seal_into_composed(key: &[u8; 32], nonce: &[u8; 24], plaintext: &[u8], out: &mut [u8]) -> [u8; 16] {
    let block0 = Block0::new(key, nonce, plaintext);
    block0.xor_message_into(plaintext, out);
    poly1305_tag(block0.mac_key(), out)
}

/// [`open_composed`] from `ciphertext` into `out` (as long): the tag is
/// checked over `ciphertext` first; on `false` nothing is written to `out`.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
pub(crate) fn open_into_composed(key: &[u8; 32], nonce: &[u8; 24], ciphertext: &[u8], out: &mut [u8], tag: &[u8; 16]) -> bool {
    let block0 = Block0::new(key, nonce, ciphertext);
    let mut expected = poly1305_tag(block0.mac_key(), ciphertext);
    let valid = crate::ct_eq(&expected, tag);
    expected.zeroize();
    if valid {
        block0.xor_message_into(ciphertext, out);
    }
    valid
}

/// Block 0 of a secretbox's keystream and what the rest needs: XSalsa20 is
/// Salsa20 under the HSalsa20 subkey of the nonce's first 16 bytes, with its
/// last 8. Block 0 (from counter 0) keys Poly1305 with its first 32 bytes and
/// encrypts the message's first 32 with its last 32; the rest of the message
/// takes the keystream from block 1 on. Wiped on drop.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
struct Block0<'n> {
    subkey: zeroize::Zeroizing<[u8; 32]>,
    nonce: &'n [u8],
    /// The keystream's first 32 bytes, then the first `head` bytes of the
    /// message XOR the next 32.
    block: zeroize::Zeroizing<[u8; 64]>,
    head: usize,
}

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
impl<'n> Block0<'n> {
    /// Block 0 over the first 32 bytes (or fewer) of `buf`, which is not
    /// changed.
    fn new(key: &[u8; 32], nonce: &'n [u8; 24], buf: &[u8]) -> Self {
        let (subkey, nonce) = crate::cipher::salsa20_key(key, nonce);
        let head = buf.len().min(32);
        let mut block = zeroize::Zeroizing::new([0u8; 64]);
        block[32..32 + head].copy_from_slice(&buf[..head]);
        (crate::cipher::SALSA20_BACKENDS.get().xor)(&subkey, nonce, 0, &mut block[..32 + head]);
        Block0 { subkey, nonce, block, head }
    }

    fn mac_key(&self) -> &[u8; 32] {
        self.block.first_chunk().expect("64 bytes")
    }

    /// XORs the whole of `buf` (the buffer given to [`Block0::new`]) with the
    /// keystream from byte 32 on: encrypts or decrypts it.
    fn xor_message(&self, buf: &mut [u8]) {
        buf[..self.head].copy_from_slice(&self.block[32..32 + self.head]);
        if buf.len() > self.head {
            (crate::cipher::SALSA20_BACKENDS.get().xor)(&self.subkey, self.nonce, 1, &mut buf[self.head..]);
        }
    }

    /// [`Block0::xor_message`] from `input` (the buffer given to
    /// [`Block0::new`]) into `out`, which must be as long.
    fn xor_message_into(&self, input: &[u8], out: &mut [u8]) {
        assert_eq!(input.len(), out.len(), "xsalsa20poly1305: input and output lengths differ");
        out[..self.head].copy_from_slice(&self.block[32..32 + self.head]);
        if input.len() > self.head {
            let rest = &mut out[self.head..];
            // SAFETY: `[u8]` and `[MaybeUninit<u8>]` have the same layout,
            // and `xor_into` only writes (initialised) bytes, every one of them.
            let rest = unsafe { &mut *(core::ptr::from_mut::<[u8]>(rest) as *mut [core::mem::MaybeUninit<u8>]) };
            (crate::cipher::SALSA20_BACKENDS.get().xor_into)(&self.subkey, self.nonce, 1, &input[self.head..], rest);
        }
    }
}
