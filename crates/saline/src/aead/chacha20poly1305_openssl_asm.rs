//! ChaCha20-Poly1305 (RFC 8439 §2.8) and XChaCha20-Poly1305
//! (draft-irtf-cfrg-xchacha §2.3), the registries' "openssl-asm" backend on
//! x86-64 Linux: OpenSSL's ChaCha20 assembly (AVX-512, 16 blocks at a time)
//! and its Poly1305 assembly (AVX-512 IFMA), both from saline-openssl-asm,
//! composed as RFC 8439 §2.8 says, as OpenSSL's own provider composes the
//! same two kernels (providers/implementations/ciphers/cipher_chacha20_poly1305_hw.c).
//! XChaCha20's subkey is RustCrypto's `hchacha` (§2.2).
//!
//! Opening computes the tag over the ciphertext first and decrypts only if
//! it matches (constant-time comparison), so a rejected buffer still holds
//! the ciphertext and no unauthenticated plaintext is ever written.

use chacha20::cipher::consts::U10;
use zeroize::{Zeroize, Zeroizing};

use saline_openssl_asm::{chacha20_xor, chacha20_xor_into, chacha20_xor_scalar, Poly1305};

/// How much is encrypted before it is authenticated: long messages go
/// through ChaCha20 and Poly1305 in pieces of this size, so that Poly1305
/// reads the ciphertext from L1 rather than from memory. A multiple of the
/// 64-byte ChaCha20 block.
const PIECE: usize = 16 * 1024;

/// A ChaCha20-Poly1305 or XChaCha20-Poly1305 key, wiped on drop.
pub(crate) struct Key(Zeroizing<[u8; 32]>);

impl Key {
    pub(crate) fn new(key: &[u8; 32]) -> Key {
        Key(Zeroizing::new(*key))
    }

    /// The key itself (for the `ring+openssl-asm` backend's ring key).
    pub(crate) fn bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The ChaCha20 key and 96-bit nonce of the message with `nonce`
    /// ([`message_key`]), for the `ring+openssl-asm` backend's
    /// XChaCha20-Poly1305 on ring.
    pub(crate) fn message_key(&self, nonce: &[u8]) -> (Zeroizing<[u8; 32]>, [u8; 12]) {
        message_key(&self.0, nonce)
    }

    /// Encrypts `buf` in place and returns the tag, for a 12-byte
    /// (ChaCha20-Poly1305) or 24-byte (XChaCha20-Poly1305) `nonce`. `None`
    /// for a message past RFC 8439's limit (2^32 - 1 blocks after block 0),
    /// with `buf` untouched.
    pub(crate) fn seal(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Option<[u8; 16]> {
        let (key, nonce) = message_key(&self.0, nonce);
        if buf.len() <= SHORT {
            let mut stream = ShortKeystream::zeroed();
            stream.fill(&key, &nonce, buf.len());
            xor(buf, stream.message());
            return Some(tag(start(stream.one_time_key(), aad), aad.len(), buf));
        }
        seal_long(&key, &nonce, aad, None, buf)
    }

    /// [`Key::seal`] from `input` into `out` (as long as `input`), leaving
    /// `input` as it was: above [`SHORT`] bytes the assembly reads one
    /// buffer and writes the other, which saves the copy a caller sealing
    /// into a fresh buffer would otherwise make (the C ABI: ~19 ns of a
    /// 440 ns seal of 1 KiB).
    pub(crate) fn seal_into(&self, nonce: &[u8], aad: &[u8], input: &[u8], out: &mut [u8]) -> Option<[u8; 16]> {
        debug_assert_eq!(input.len(), out.len());
        if input.len() <= SHORT {
            out.copy_from_slice(input);
            return self.seal(nonce, aad, out);
        }
        let (key, nonce) = message_key(&self.0, nonce);
        seal_long(&key, &nonce, aad, Some(input), out)
    }

    /// Checks `tag` in constant time and, only if it is valid, decrypts
    /// `buf` in place. On `false`, `buf` still holds the ciphertext.
    pub(crate) fn open(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8], tag: &[u8; 16]) -> bool {
        let (key, nonce) = message_key(&self.0, nonce);
        if buf.len() <= SHORT {
            let mut stream = ShortKeystream::zeroed();
            stream.fill(&key, &nonce, buf.len());
            if !crate::ct_eq(&self::tag(start(stream.one_time_key(), aad), aad.len(), buf), tag) {
                return false;
            }
            xor(buf, stream.message());
            return true;
        }
        // Longer than any sealed message: no tag can be valid.
        if !fits(buf.len()) {
            return false;
        }
        if !crate::ct_eq(&self::tag(start(&block_zero(&key, &nonce), aad), aad.len(), buf), tag) {
            return false;
        }
        chacha20_xor(&key, 1, &nonce, buf).expect("within the limit checked above");
        true
    }
}

/// The longest message whose keystream comes with block 0's in one call
/// of the assembly ([`ShortKeystream`]): 15 blocks, so that the 16 blocks
/// fill one pass of the AVX-512 code's 16-way path.
const SHORT: usize = 15 * 64;

/// ChaCha20 blocks 0 to 3 or 0 to 15 under one key and nonce, made by one
/// call of the assembly: for a short message the one-time key (block 0) and
/// the message's keystream (from block 1) together, which saves a second
/// call. Measured on AMD Zen 5 (AVX-512): a call of the assembly costs
/// ~130 ns for up to 4 blocks, ~240 ns for 5 to 8 (its 4-way path, latency
/// bound) and ~142 ns for 9 to 16 (its 16-way path), so 16 blocks are asked
/// for whenever more than 4 are needed. Wiped on drop.
struct ShortKeystream {
    bytes: [u8; 64 + SHORT],
    len: usize,
}

impl ShortKeystream {
    /// A zeroed stream, to be filled in place (a stream returned by value
    /// could leave an unwiped copy behind).
    fn zeroed() -> ShortKeystream {
        ShortKeystream { bytes: [0; 64 + SHORT], len: 0 }
    }

    /// Fills a [`ShortKeystream::zeroed`] stream with the keystream for a
    /// message of `message_len` (at most [`SHORT`]) bytes.
    fn fill(&mut self, key: &[u8; 32], nonce: &[u8; 12], message_len: usize) {
        debug_assert!(message_len <= SHORT && self.len == 0);
        self.len = if 64 + message_len <= 4 * 64 { 64 + message_len } else { 64 + SHORT };
        // Zeros in, keystream out.
        chacha20_xor(key, 0, nonce, &mut self.bytes[..self.len]).expect("16 blocks from block 0");
    }

    /// Poly1305's one-time key: the first 32 bytes of block 0 (RFC 8439 §2.6).
    fn one_time_key(&self) -> &[u8; 32] {
        self.bytes[..32].try_into().expect("32 bytes")
    }

    /// The message's keystream, from block 1 (RFC 8439 §2.8).
    fn message(&self) -> &[u8] {
        &self.bytes[64..self.len]
    }
}

impl Drop for ShortKeystream {
    fn drop(&mut self) {
        self.bytes[..self.len].zeroize();
    }
}

/// `buf ^= keystream` (as long as `buf`).
fn xor(buf: &mut [u8], keystream: &[u8]) {
    for (byte, key) in buf.iter_mut().zip(keystream) {
        *byte ^= key;
    }
}

/// Poly1305's one-time key for a long message: the first 32 bytes of
/// block 0 (RFC 8439 §2.6), made alone, on the assembly's scalar path: its
/// vector paths cost as much for one block as for four (AMD Zen 5: 78 ns
/// against 130; seal of 1 KiB 438 -> ~385 ns).
fn block_zero(key: &[u8; 32], nonce: &[u8; 12]) -> Zeroizing<[u8; 32]> {
    let mut one_time_key = Zeroizing::new([0u8; 32]);
    chacha20_xor_scalar(key, 0, nonce, &mut one_time_key[..]).expect("one block");
    one_time_key
}

/// Seals a message longer than [`SHORT`] into `out`, from `input` (as long)
/// or in place: block 0 keys Poly1305 and the message starts at block 1,
/// in [`PIECE`]s so that Poly1305 reads each piece of ciphertext from L1.
/// `None` past RFC 8439's limit, with `out` untouched.
fn seal_long(key: &[u8; 32], nonce: &[u8; 12], aad: &[u8], input: Option<&[u8]>, out: &mut [u8]) -> Option<[u8; 16]> {
    if !fits(out.len()) {
        return None;
    }
    let mut mac = start(&block_zero(key, nonce), aad);
    let held = held_back(out.len());
    let absorbed = out.len() - held;
    for (i, piece) in out.chunks_mut(PIECE).enumerate() {
        let counter = 1 + (i * PIECE / 64) as u32;
        let xored = match input {
            Some(input) => chacha20_xor_into(key, counter, nonce, &input[i * PIECE..][..piece.len()], piece),
            None => chacha20_xor(key, counter, nonce, piece),
        };
        xored.expect("within the limit checked above");
        let start = i * PIECE;
        if start < absorbed {
            mac.update(&piece[..piece.len().min(absorbed - start)]);
        }
    }
    Some(finish(mac, aad.len(), out.len(), &out[absorbed..]))
}

/// The tag of `ciphertext` under `mac` (the one-time key and the aad
/// absorbed, [`start`]): the ciphertext but its last [`held_back`] bytes,
/// then those with the padding and the lengths in one update ([`finish`]).
fn tag(mut mac: Poly1305, aad_len: usize, ciphertext: &[u8]) -> [u8; 16] {
    let absorbed = ciphertext.len() - held_back(ciphertext.len());
    mac.update(&ciphertext[..absorbed]);
    finish(mac, aad_len, ciphertext.len(), &ciphertext[absorbed..])
}

/// How many of a ciphertext's last bytes go to Poly1305 with its padding
/// and the lengths, so that the last update is at least 4 blocks: an
/// update of 1 to 3 blocks after a longer one takes a slower path in
/// OpenSSL's AVX-512 IFMA code (an Intel Xeon, family 6 model 207, best of
/// 15: 1,024 then 16 bytes 392-438 ns, 976 then 64 314, 1,040 at once 276).
/// Everything when shorter than 48 bytes; a whole number of blocks is
/// absorbed before it.
fn held_back(ciphertext_len: usize) -> usize {
    ciphertext_len.min(48 + ciphertext_len % 16)
}

/// Whether a message of `len` bytes fits the 32-bit block counter from
/// block 1: at most 2^32 - 1 blocks, 2^38 - 64 bytes (RFC 8439 §2.8).
fn fits(len: usize) -> bool {
    len as u64 <= super::CHACHA20POLY1305_MAX_PLAINTEXT
}

/// The ChaCha20 key and 96-bit nonce of one message: the AEAD's own for a
/// 12-byte `nonce`; for a 24-byte one, HChaCha20's subkey of the first 16
/// nonce bytes and the nonce 0^4 ‖ nonce[16..24] (draft-irtf-cfrg-xchacha
/// §2.3). The caller has checked that `nonce` is 12 or 24 bytes.
fn message_key(key: &Zeroizing<[u8; 32]>, nonce: &[u8]) -> (Zeroizing<[u8; 32]>, [u8; 12]) {
    if let Ok(nonce) = <&[u8; 12]>::try_from(nonce) {
        return (key.clone(), *nonce);
    }
    let mut derived = chacha20::hchacha::<U10>((&**key).into(), nonce[..16].into());
    let mut subkey = Zeroizing::new([0u8; 32]);
    subkey.copy_from_slice(&derived);
    derived.as_mut_slice().zeroize();
    let mut short = [0u8; 12];
    short[4..].copy_from_slice(&nonce[16..24]);
    (subkey, short)
}

/// Poly1305 under `one_time_key`, with `aad` and its padding absorbed
/// (RFC 8439 §2.8).
fn start(one_time_key: &[u8; 32], aad: &[u8]) -> Poly1305 {
    let mut mac = Poly1305::new(one_time_key);
    mac.update(aad);
    mac.update(pad16(aad.len()));
    mac
}

/// The rest of §2.8's Poly1305 input, in one update: the ciphertext's last
/// bytes (`tail`, [`held_back`]), its padding, then the aad and ciphertext
/// lengths as 64-bit little-endian numbers. The ciphertext is public; the
/// buffer holds nothing else secret.
fn finish(mut mac: Poly1305, aad_len: usize, ciphertext_len: usize, tail: &[u8]) -> [u8; 16] {
    let mut last = [0u8; 48 + 15 + 15 + 16];
    let padded = tail.len() + pad16(ciphertext_len).len();
    last[..tail.len()].copy_from_slice(tail);
    last[padded..padded + 8].copy_from_slice(&(aad_len as u64).to_le_bytes());
    last[padded + 8..padded + 16].copy_from_slice(&(ciphertext_len as u64).to_le_bytes());
    mac.update(&last[..padded + 16]);
    mac.finalize()
}

/// The zero bytes that bring `len` to a multiple of 16.
fn pad16(len: usize) -> &'static [u8] {
    &[0u8; 16][..(16 - len % 16) % 16]
}
