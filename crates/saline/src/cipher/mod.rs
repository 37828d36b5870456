//! Unauthenticated ciphers: AES-CBC and AES-CTR ([`aes`]), and the stream
//! ciphers ChaCha20 (RFC 8439), XChaCha20, Salsa20 and XSalsa20, reached
//! through [`Stream`] and [`stream_xor`].
//!
//! None of these authenticate: use [`crate::aead`] unless a protocol fixes
//! the construction.
//!
//! ```
//! use saline::{cipher::stream_xor, Algorithm};
//! let key = [0x42u8; 32];
//! let nonce = [0u8; 12];
//! let ct = stream_xor(Algorithm::ChaCha20, &key, &nonce, 1, b"hello")?;
//! assert_eq!(stream_xor(Algorithm::ChaCha20, &key, &nonce, 1, &ct)?, b"hello");
//! # Ok::<(), saline::Error>(())
//! ```

pub mod aes;

use alloc::vec::Vec;
use core::mem::MaybeUninit;
use cipher::{KeyIvInit, StreamCipher, StreamCipherSeek};

use crate::backend::{Backend, Registry};
use crate::catalog::{Algorithm, Kind};
use crate::error::{Error, Expected, Result};

/// One-shot Salsa20 (8-byte nonce) or XSalsa20 (24-byte nonce) keystream XOR
/// from block `counter`, in place: `stream_xor`, `keystream`, NaCl's
/// `crypto_stream*` and (through `aead::xsalsa20poly1305`) secretbox and box.
/// Native builds put `libsodium+rustcrypto` first ([`split_salsa20_xor`]:
/// whole 256-byte groups on libsodium's AVX2/SSE2 code, 8x the portable crate
/// at 1 MiB in bench/rust, the rest on RustCrypto's), then libsodium alone,
/// then the RustCrypto `salsa20` crate. Only called far from the end of the
/// 64-bit block counter, where all agree; the [`Stream`] object and the
/// counter's edge stay on RustCrypto.
pub(crate) static SALSA20_BACKENDS: Registry<Salsa20Fns> = Registry::new(
    "salsa20",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend {
            name: "libsodium+rustcrypto",
            usable: crate::backend::libsodium::usable,
            entry: Salsa20Fns { xor: split_salsa20_xor, xor_into: split_salsa20_xor_into, core: crate::backend::libsodium::salsa20_core },
        },
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend {
            name: "libsodium",
            usable: crate::backend::libsodium::usable,
            entry: Salsa20Fns {
                xor: crate::backend::libsodium::salsa20_xor,
                xor_into: crate::backend::libsodium::salsa20_xor_into,
                core: crate::backend::libsodium::salsa20_core,
            },
        },
        Backend::portable("rustcrypto", Salsa20Fns { xor: rustcrypto_salsa20_xor, xor_into: rustcrypto_salsa20_xor_into, core: rustcrypto_salsa20_core }),
    ],
);

/// `xor_into(key, nonce, counter, input, out)`.
type Salsa20XorIntoFn = fn(&[u8; 32], &[u8], u64, &[u8], &mut [MaybeUninit<u8>]);

/// One Salsa20 backend's functions.
#[derive(Clone, Copy)]
pub(crate) struct Salsa20Fns {
    /// `xor(key, nonce, counter, buf)`: the keystream from block `counter`,
    /// XORed into `buf` in place.
    pub xor: fn(&[u8; 32], &[u8], u64, &mut [u8]),
    /// `xor_into(key, nonce, counter, input, out)`: the same from `input`
    /// into `out` (as long), every byte of which it writes: a new buffer is
    /// filled without being copied or zeroed first (`stream_xor`).
    pub xor_into: Salsa20XorIntoFn,
    /// `core(input, key)`: the Salsa20 core (20 rounds and the feed-forward)
    /// of the 16-byte `input` (nonce ‖ block counter) under `key`, with the
    /// constant σ: TweetNaCl's `crypto_core_salsa20`.
    pub core: fn(&[u8; 16], &[u8; 32]) -> [u8; 64],
}

/// The portable Salsa20: XSalsa20 as Salsa20 under the HSalsa20 subkey
/// ([`salsa20_key`]), not through the crate's `XSalsa20` type and not
/// through [`Stream`] (whose enum holds every cipher's state): TweetNaCl's
/// `crypto_stream` of 32 bytes in bench/rust on AMD Zen 3, 390 -> 300 ns
/// (libsodium's 299).
fn rustcrypto_salsa20_xor(key: &[u8; 32], nonce: &[u8], counter: u64, buf: &mut [u8]) {
    let (key, nonce) = salsa20_key(key, nonce);
    let mut cipher = salsa20::Salsa20::new(key.as_ref().into(), nonce.try_into().expect("an 8-byte nonce after salsa20_key"));
    if counter != 0 {
        cipher.seek(u128::from(counter) * 64);
    }
    cipher.apply_keystream(buf);
}

fn rustcrypto_salsa20_xor_into(key: &[u8; 32], nonce: &[u8], counter: u64, input: &[u8], out: &mut [MaybeUninit<u8>]) {
    assert_eq!(input.len(), out.len(), "salsa20 xor_into: input and output lengths differ");
    rustcrypto_salsa20_xor(key, nonce, counter, crate::copy::copy_message_uninit(out, input));
}

/// The unit of libsodium's fast Salsa20 code: it XORs 8 blocks (512 bytes,
/// AVX2) or 4 (256 bytes, SSE2) at a time, but every block after the last
/// group one at a time, about 150 ns a block on AMD Zen 5, where RustCrypto's
/// `salsa20` takes about 64. XSalsa20 stream XOR in bench/rust, libsodium /
/// RustCrypto, HSalsa20 included: 32 B 228 / 189 ns, 128 B 376 / 255,
/// 192 B 536 / 320, 256 B 235 / 390, 1 KiB 204 / 1,198.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
const LIBSODIUM_SALSA20_GROUP: usize = 256;

/// The `libsodium+rustcrypto` Salsa20: the whole 256-byte groups of `buf`
/// through libsodium, the rest (under 256 bytes) through RustCrypto from the
/// block where libsodium stopped. Both parts are the same keystream (the
/// Salsa20 specification §10: block `counter + i` is the Salsa20 hash of
/// nonce ‖ counter + i), proven against each backend alone by
/// `tests/backends.rs`.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn split_salsa20_xor(key: &[u8; 32], nonce: &[u8], counter: u64, buf: &mut [u8]) {
    let groups = buf.len() / LIBSODIUM_SALSA20_GROUP * LIBSODIUM_SALSA20_GROUP;
    if groups == buf.len() {
        return crate::backend::libsodium::salsa20_xor(key, nonce, counter, buf);
    }
    if groups == 0 {
        return rustcrypto_salsa20_xor(key, nonce, counter, buf);
    }
    let (key, nonce) = salsa20_key(key, nonce);
    let (head, tail) = buf.split_at_mut(groups);
    crate::backend::libsodium::salsa20_xor(&key, nonce, counter, head);
    rustcrypto_salsa20_xor(&key, nonce, counter + (groups / 64) as u64, tail);
}

/// [`split_salsa20_xor`] from `input` into `out` (as long).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn split_salsa20_xor_into(key: &[u8; 32], nonce: &[u8], counter: u64, input: &[u8], out: &mut [MaybeUninit<u8>]) {
    let groups = input.len() / LIBSODIUM_SALSA20_GROUP * LIBSODIUM_SALSA20_GROUP;
    if groups == input.len() {
        return crate::backend::libsodium::salsa20_xor_into(key, nonce, counter, input, out);
    }
    if groups == 0 {
        return rustcrypto_salsa20_xor_into(key, nonce, counter, input, out);
    }
    let (key, nonce) = salsa20_key(key, nonce);
    let (out_head, out_tail) = out.split_at_mut(groups);
    crate::backend::libsodium::salsa20_xor_into(&key, nonce, counter, &input[..groups], out_head);
    rustcrypto_salsa20_xor_into(&key, nonce, counter + (groups / 64) as u64, &input[groups..], out_tail);
}

/// The Salsa20 key and 8-byte nonce of a (X)Salsa20 call: XSalsa20 is
/// Salsa20 under the HSalsa20 subkey of the nonce's first 16 bytes, with its
/// last 8 (djb, "Extending the Salsa20 nonce"). Computed once for a call that
/// two backends share, instead of once in each, and once per secretbox
/// (`aead::xsalsa20poly1305`'s `Block0`). The key copy is wiped.
pub(crate) fn salsa20_key<'n>(key: &[u8; 32], nonce: &'n [u8]) -> (zeroize::Zeroizing<[u8; 32]>, &'n [u8]) {
    match nonce.split_first_chunk::<16>() {
        Some((first, last)) if nonce.len() == 24 => (zeroize::Zeroizing::new(crate::nacl::crypto_box::hsalsa20(key, first)), last),
        _ => (zeroize::Zeroizing::new(*key), nonce),
    }
}

fn rustcrypto_salsa20_core(input: &[u8; 16], key: &[u8; 32]) -> [u8; 64] {
    use salsa20::cipher::{KeyIvInit as _, StreamCipherCore as _, StreamCipherSeekCore as _};
    let mut core = salsa20::SalsaCore::<salsa20::cipher::consts::U10>::new(key.into(), input[..8].into());
    core.set_block_pos(u64::from_le_bytes(input[8..].try_into().expect("8 bytes")));
    let mut block = [0u8; 64];
    core.write_keystream_block((&mut block[..]).into());
    block
}

enum State {
    Aes128Ctr(ctr::Ctr128BE<::aes::Aes128>),
    Aes192Ctr(ctr::Ctr128BE<::aes::Aes192>),
    Aes256Ctr(ctr::Ctr128BE<::aes::Aes256>),
    ChaCha20(chacha20::ChaCha20),
    XChaCha20(chacha20::XChaCha20),
    Salsa20(salsa20::Salsa20),
    XSalsa20(salsa20::XSalsa20),
    ChaCha20Legacy(chacha20::ChaCha20Legacy),
}

macro_rules! match_stream {
    ($state:expr, $c:ident => $body:expr) => {
        match $state {
            State::Aes128Ctr($c) => $body,
            State::Aes192Ctr($c) => $body,
            State::Aes256Ctr($c) => $body,
            State::ChaCha20($c) => $body,
            State::XChaCha20($c) => $body,
            State::Salsa20($c) => $body,
            State::XSalsa20($c) => $body,
            State::ChaCha20Legacy($c) => $body,
        }
    };
}

/// A keystream positioned at a block counter: AES-CTR, ChaCha20,
/// XChaCha20, Salsa20 or XSalsa20. Successive [`Stream::apply`] calls
/// continue where the previous one stopped, at any byte offset. The key
/// schedule is wiped on drop.
///
/// Counters: ChaCha20 and XChaCha20 have a 32-bit block counter (RFC 8439
/// §2.3; 256 GiB per nonce), Salsa20 and XSalsa20 a 64-bit one. The
/// 64-bit-nonce ChaCha20 (`chacha20-legacy`) has a 64-bit counter in djb's
/// design, of which the `chacha20` crate implements the low 32 bits. For AES-CTR
/// the 16-byte nonce is the initial counter block (big-endian, wrapping at
/// 2^128, as SP 800-38A §B.1 leaves to the user) and `counter` skips whole blocks.
pub struct Stream {
    algorithm: Algorithm,
    state: State,
}

impl Stream {
    /// A keystream for `algorithm` starting at block `counter`.
    ///
    /// # Errors
    /// [`Error::UnknownAlgorithm`] for AES-CBC or a non-cipher;
    /// [`Error::InvalidLength`] for a key or nonce of the wrong length (see
    /// the catalog); [`Error::InvalidParameter`] for a ChaCha20 counter
    /// above 2^32 - 1.
    pub fn new(algorithm: Algorithm, key: &[u8], nonce: &[u8], counter: u64) -> Result<Stream> {
        let info = algorithm.expect_kind(&[Kind::Cipher])?.info();
        if algorithm == Algorithm::AesCbc {
            return Err(Error::UnknownAlgorithm { name: "aes-cbc".into(), kind: "stream cipher" });
        }
        Error::check_length("key", info.key.expect("ciphers take keys"), key.len())?;
        Error::check_length("nonce", info.nonce.expect("ciphers take nonces"), nonce.len())?;
        let mut state = match (algorithm, key.len()) {
            (Algorithm::AesCtr, 16) => State::Aes128Ctr(KeyIvInit::new_from_slices(key, nonce).expect("checked")),
            (Algorithm::AesCtr, 24) => State::Aes192Ctr(KeyIvInit::new_from_slices(key, nonce).expect("checked")),
            (Algorithm::AesCtr, _) => State::Aes256Ctr(KeyIvInit::new_from_slices(key, nonce).expect("checked")),
            (Algorithm::ChaCha20, _) => State::ChaCha20(KeyIvInit::new_from_slices(key, nonce).expect("checked")),
            (Algorithm::XChaCha20, _) => State::XChaCha20(KeyIvInit::new_from_slices(key, nonce).expect("checked")),
            (Algorithm::Salsa20, _) => State::Salsa20(KeyIvInit::new_from_slices(key, nonce).expect("checked")),
            (Algorithm::XSalsa20, _) => State::XSalsa20(KeyIvInit::new_from_slices(key, nonce).expect("checked")),
            (Algorithm::ChaCha20Legacy, _) => State::ChaCha20Legacy(KeyIvInit::new_from_slices(key, nonce).expect("checked")),
            _ => unreachable!("expect_kind admitted only ciphers"),
        };
        if counter != 0 {
            let is_chacha = matches!(algorithm, Algorithm::ChaCha20 | Algorithm::XChaCha20 | Algorithm::ChaCha20Legacy);
            if is_chacha && counter > u64::from(u32::MAX) {
                return Err(Error::InvalidParameter { what: "counter", expected: "0 to 2^32 - 1", got: counter });
            }
            let position = u128::from(counter) * info.block_len as u128;
            match_stream!(&mut state, c => c.try_seek(position))
                .map_err(|_| Error::InvalidParameter { what: "counter", expected: "a block inside the keystream", got: counter })?;
        }
        Ok(Stream { algorithm, state })
    }

    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// XORs the next `buf.len()` keystream bytes into `buf` in place.
    ///
    /// # Errors
    /// [`Error::OutputLimit`] if the keystream would run past its counter's
    /// end; `buf` is then unchanged.
    pub fn apply(&mut self, buf: &mut [u8]) -> Result<()> {
        match_stream!(&mut self.state, c => c.try_apply_keystream(buf))
            .map_err(|_| Error::OutputLimit { what: "data" })
    }
}

impl core::fmt::Debug for Stream {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Stream").field("algorithm", &self.algorithm).finish_non_exhaustive()
    }
}

/// XORs `data` with the keystream of `algorithm` from block `counter`,
/// returning a new buffer. Encryption and decryption are the same operation.
///
/// # Errors
/// As [`Stream::new`] and [`Stream::apply`].
pub fn stream_xor(algorithm: Algorithm, key: &[u8], nonce: &[u8], counter: u64, data: &[u8]) -> Result<Vec<u8>> {
    if matches!(algorithm, Algorithm::Salsa20 | Algorithm::XSalsa20) {
        let key = check_salsa20(algorithm, key, nonce)?;
        if salsa20_backends_reach(counter, data.len()) {
            // Written from `data` straight into the new buffer: no copy of
            // `data` first (TweetNaCl's crypto_stream_xor of 1 MiB in
            // bench/rust: 146 -> 131 µs, libsodium's 131).
            let mut out = Vec::with_capacity(data.len());
            (SALSA20_BACKENDS.get().xor_into)(key, nonce, counter, data, &mut out.spare_capacity_mut()[..data.len()]);
            // SAFETY: `xor_into` wrote all `data.len()` bytes.
            unsafe { out.set_len(data.len()) };
            return Ok(out);
        }
    }
    let mut out = crate::copy::message_to_vec(data);
    stream_xor_in_place(algorithm, key, nonce, counter, &mut out)?;
    Ok(out)
}

/// The key and nonce checks of [`Stream::new`], in its order, for the
/// calls that go to a registry backend instead.
fn check_key_and_nonce(algorithm: Algorithm, key: &[u8], nonce: &[u8]) -> Result<()> {
    let info = algorithm.info();
    Error::check_length("key", info.key.expect("ciphers take keys"), key.len())?;
    Error::check_length("nonce", info.nonce.expect("ciphers take nonces"), nonce.len())
}

/// Salsa20's and XSalsa20's checks; the key as an array.
fn check_salsa20<'a>(algorithm: Algorithm, key: &'a [u8], nonce: &[u8]) -> Result<&'a [u8; 32]> {
    check_key_and_nonce(algorithm, key, nonce)?;
    fixed("key", key)
}

/// Whether a Salsa20 call of `len` bytes from block `counter` is the
/// registry's: the blocks it uses, plus one, stay below 2^64, so the
/// counter's edge keeps the portable crate's exact behaviour.
fn salsa20_backends_reach(counter: u64, len: usize) -> bool {
    counter.checked_add((len as u64).div_ceil(64) + 1).is_some()
}

/// [`stream_xor`] in place.
///
/// # Errors
/// As [`Stream::new`] and [`Stream::apply`].
pub fn stream_xor_in_place(algorithm: Algorithm, key: &[u8], nonce: &[u8], counter: u64, buf: &mut [u8]) -> Result<()> {
    if algorithm == Algorithm::AesCtr {
        check_key_and_nonce(algorithm, key, nonce)?;
        // The 128-bit counter block wraps and never ends, so every counter
        // is the backend's.
        (aes::AES_CTR_BACKENDS.get())(key, fixed("nonce", nonce)?, counter, buf);
        return Ok(());
    }
    if matches!(algorithm, Algorithm::Salsa20 | Algorithm::XSalsa20) {
        let key = check_salsa20(algorithm, key, nonce)?;
        if salsa20_backends_reach(counter, buf.len()) {
            (SALSA20_BACKENDS.get().xor)(key, nonce, counter, buf);
            return Ok(());
        }
    }
    Stream::new(algorithm, key, nonce, counter)?.apply(buf)
}

/// `len` bytes of raw keystream (the XOR of zeros).
///
/// # Errors
/// As [`Stream::new`] and [`Stream::apply`].
pub fn keystream(algorithm: Algorithm, key: &[u8], nonce: &[u8], counter: u64, len: usize) -> Result<Vec<u8>> {
    let mut out = alloc::vec![0u8; len];
    stream_xor_in_place(algorithm, key, nonce, counter, &mut out)?;
    Ok(out)
}

/// Checks a fixed-size key or nonce and returns it as an array reference.
pub(crate) fn fixed<'a, const N: usize>(what: &'static str, bytes: &'a [u8]) -> Result<&'a [u8; N]> {
    bytes.try_into().map_err(|_| Error::length(what, Expected::Exactly(N), bytes.len()))
}
