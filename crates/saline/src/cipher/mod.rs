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
/// whole groups on libsodium's AVX-512/AVX2/SSE2 code, 8x the portable crate
/// at 1 MiB in bench/rust, up to two blocks left over on RustCrypto's
/// (libsodium's on AMD Zen 4: [`short_salsa20_xor`]), more
/// on libsodium's as one zero-padded group), then libsodium alone,
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
///
/// Up to one block, the keystream block comes from the crate's core
/// directly, without its buffering wrapper (which computes the same block
/// into a buffer of its own, XORs from it and wipes it on drop): the same
/// call on an Intel Xeon (family 6 model 207), against libsodium in the same
/// bench/rust run, three alternating runs, 0.79-0.81 -> 0.81-0.87. Not in
/// WebAssembly, where it measured no faster (TweetNaCl's `crypto_stream` of
/// 32 bytes in Node, both modules in one process) and took the SIMD module
/// from 318,908 to 319,819 bytes gzipped.
fn rustcrypto_salsa20_xor(key: &[u8; 32], nonce: &[u8], counter: u64, buf: &mut [u8]) {
    let (key, nonce) = salsa20_key(key, nonce);
    if cfg!(not(target_arch = "wasm32")) && buf.len() <= 64 {
        // The block `counter` names is the core of nonce ‖ counter.
        let mut input = [0u8; 16];
        input[..8].copy_from_slice(nonce);
        input[8..].copy_from_slice(&counter.to_le_bytes());
        let block = zeroize::Zeroizing::new(rustcrypto_salsa20_core(&input, &key));
        for (b, k) in buf.iter_mut().zip(block.iter()) {
            *b ^= k;
        }
        return;
    }
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

/// The unit of libsodium's fast Salsa20 code, in bytes. Its AVX2 and SSE2
/// code XORs 8 blocks (512 bytes, AVX2) or 4 (256) at a time, but every
/// block after the last group one at a time, about 150 ns a block on AMD
/// Zen 5, where RustCrypto's `salsa20` takes about 64 (XSalsa20 stream XOR
/// in bench/rust, libsodium / RustCrypto, HSalsa20 included: 32 B 228 /
/// 189 ns, 128 B 376 / 255, 192 B 536 / 320, 256 B 235 / 390, 1 KiB 204 /
/// 1,198). Where libsodium runs its AVX-512 code (`sodium_runtime_has_avx512f`),
/// 16 blocks at a time are the fast unit and smaller groups are not: Salsa20
/// from block 1, best of 9, Intel Xeon (AVX-512): 256 B 277 ns, 512 B 283,
/// 768 B 516-550, 1 KiB 223-230, 1,536 B 485-556, 2 KiB 491-500.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn libsodium_salsa20_group() -> usize {
    if crate::backend::libsodium::has_avx512f() {
        LARGEST_SALSA20_GROUP
    } else {
        256
    }
}

/// [`libsodium_salsa20_group`] at most.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
const LARGEST_SALSA20_GROUP: usize = 1024;

/// A tail (what is left after the whole groups) longer than this goes to
/// libsodium as one whole group, zero-padded, instead of to RustCrypto
/// ([`salsa20_tail_xor`]): RustCrypto takes 115-130 ns a block on the Intel
/// Xeon above and a padded group about as much as a whole one, so three
/// blocks and more are cheaper padded. XSalsa20 of 992 bytes from block 1
/// (a 1 KiB secretbox after block 0), best of 15, alternated processes:
/// 1,130-1,563 ns before (768 bytes on libsodium, 224 on RustCrypto),
/// 991-1,166 with 256-byte groups and the remainder padded, 447-538 with a
/// 1,024-byte group; a 1 KiB secretbox 1,558-2,273 -> 922-1,249.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
const PADDED_TAIL_OVER: usize = 128;

/// The keystream from block `counter` XORed into `tail` (shorter than a
/// group): on RustCrypto up to [`PADDED_TAIL_OVER`] bytes, else through
/// libsodium over a zero-padded copy ([`PaddedGroup`]).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn salsa20_tail_xor(group: usize, key: &[u8; 32], nonce: &[u8], counter: u64, tail: &mut [u8]) {
    if tail.len() <= PADDED_TAIL_OVER {
        return short_salsa20_xor(key, nonce, counter, tail);
    }
    let group = PaddedGroup::xor(group, key, nonce, counter, tail);
    tail.copy_from_slice(group.output(tail.len()));
}

/// [`salsa20_tail_xor`] from `input` into `out` (as long).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn salsa20_tail_xor_into(group: usize, key: &[u8; 32], nonce: &[u8], counter: u64, input: &[u8], out: &mut [MaybeUninit<u8>]) {
    if input.len() <= PADDED_TAIL_OVER {
        return short_salsa20_xor_into(key, nonce, counter, input, out);
    }
    let group = PaddedGroup::xor(group, key, nonce, counter, input);
    for (o, &b) in out.iter_mut().zip(group.output(input.len())) {
        o.write(b);
    }
}

/// The keystream XORed into at most [`PADDED_TAIL_OVER`] bytes (a whole
/// short message, or the tail after the groups): RustCrypto's, except on
/// AMD Zen 4, where libsodium's one- and two-block code is the faster
/// (family 19h model 11h, `stream_xor_in_place` best of 21 rounds in one
/// process, the backends forced in turn, `libsodium+rustcrypto` before /
/// `libsodium`: XSalsa20 32 B 221 / 201 ns, 64 B 222 / 197, 128 B 302 /
/// 295, but 192 B 360 / 392; Salsa20 16-64 B 125-126 / 95-100, 100 B
/// 223 / 198, 128 B 211 / 194). Not measured elsewhere against each other
/// at these lengths.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn short_salsa20_xor(key: &[u8; 32], nonce: &[u8], counter: u64, buf: &mut [u8]) {
    if crate::backend::cpu::amd_zen4() {
        crate::backend::libsodium::salsa20_xor(key, nonce, counter, buf);
    } else {
        rustcrypto_salsa20_xor(key, nonce, counter, buf);
    }
}

/// [`short_salsa20_xor`] from `input` into `out` (as long).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn short_salsa20_xor_into(key: &[u8; 32], nonce: &[u8], counter: u64, input: &[u8], out: &mut [MaybeUninit<u8>]) {
    if crate::backend::cpu::amd_zen4() {
        crate::backend::libsodium::salsa20_xor_into(key, nonce, counter, input, out);
    } else {
        rustcrypto_salsa20_xor_into(key, nonce, counter, input, out);
    }
}

/// One libsodium group over a zero-padded copy of a tail: the same
/// keystream as the blocks the tail covers (Salsa20 §10), and more, which
/// is discarded (where those blocks pass 2^64, libsodium wraps the counter
/// in them only). It holds output and unused keystream, and is wiped on drop.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
struct PaddedGroup([u8; LARGEST_SALSA20_GROUP]);

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
impl PaddedGroup {
    /// `input` (shorter than `len`) XORed as a group of `len` bytes.
    fn xor(len: usize, key: &[u8; 32], nonce: &[u8], counter: u64, input: &[u8]) -> Self {
        let mut group = PaddedGroup([0u8; LARGEST_SALSA20_GROUP]);
        group.0[..input.len()].copy_from_slice(input);
        crate::backend::libsodium::salsa20_xor(key, nonce, counter, &mut group.0[..len]);
        group
    }

    fn output(&self, len: usize) -> &[u8] {
        &self.0[..len]
    }
}

#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
impl Drop for PaddedGroup {
    fn drop(&mut self) {
        // SAFETY: a byte array is flat (no pointers, all-zero is valid).
        unsafe { crate::secret::wipe_flat(&mut self.0) };
    }
}

/// The `libsodium+rustcrypto` Salsa20: the whole groups of `buf`
/// ([`libsodium_salsa20_group`]) through libsodium, the rest from the block where
/// libsodium stopped through RustCrypto, or through libsodium as a padded
/// group when longer than [`PADDED_TAIL_OVER`]. All parts are the same keystream (the
/// Salsa20 specification §10: block `counter + i` is the Salsa20 hash of
/// nonce ‖ counter + i), proven against each backend alone by
/// `tests/backends.rs`.
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn split_salsa20_xor(key: &[u8; 32], nonce: &[u8], counter: u64, buf: &mut [u8]) {
    split_salsa20_xor_in(libsodium_salsa20_group(), key, nonce, counter, buf);
}

/// [`split_salsa20_xor`] in groups of `group` bytes (a multiple of 64, at
/// most [`LARGEST_SALSA20_GROUP`]; tests run each size on any CPU).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn split_salsa20_xor_in(group: usize, key: &[u8; 32], nonce: &[u8], counter: u64, buf: &mut [u8]) {
    let groups = buf.len() / group * group;
    if groups == buf.len() {
        return crate::backend::libsodium::salsa20_xor(key, nonce, counter, buf);
    }
    if buf.len() <= PADDED_TAIL_OVER {
        return short_salsa20_xor(key, nonce, counter, buf);
    }
    let (key, nonce) = salsa20_key(key, nonce);
    let (head, tail) = buf.split_at_mut(groups);
    if groups > 0 {
        crate::backend::libsodium::salsa20_xor(&key, nonce, counter, head);
    }
    salsa20_tail_xor(group, &key, nonce, counter + (groups / 64) as u64, tail);
}

/// [`split_salsa20_xor`] from `input` into `out` (as long).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn split_salsa20_xor_into(key: &[u8; 32], nonce: &[u8], counter: u64, input: &[u8], out: &mut [MaybeUninit<u8>]) {
    split_salsa20_xor_into_in(libsodium_salsa20_group(), key, nonce, counter, input, out);
}

/// [`split_salsa20_xor_into`] in groups of `group` bytes, as [`split_salsa20_xor_in`].
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
fn split_salsa20_xor_into_in(group: usize, key: &[u8; 32], nonce: &[u8], counter: u64, input: &[u8], out: &mut [MaybeUninit<u8>]) {
    let groups = input.len() / group * group;
    if groups == input.len() {
        return crate::backend::libsodium::salsa20_xor_into(key, nonce, counter, input, out);
    }
    if input.len() <= PADDED_TAIL_OVER {
        return short_salsa20_xor_into(key, nonce, counter, input, out);
    }
    let (key, nonce) = salsa20_key(key, nonce);
    let (out_head, out_tail) = out.split_at_mut(groups);
    if groups > 0 {
        crate::backend::libsodium::salsa20_xor_into(&key, nonce, counter, &input[..groups], out_head);
    }
    salsa20_tail_xor_into(group, &key, nonce, counter + (groups / 64) as u64, &input[groups..], out_tail);
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

#[cfg(all(test, feature = "std", not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    /// Both group sizes of `libsodium+rustcrypto` (this CPU runs one of
    /// them in the registry) give RustCrypto's keystream, in place and
    /// into a new buffer: at the tails that stay on RustCrypto (on
    /// libsodium on AMD Zen 4: `short_salsa20_xor`), those
    /// padded into a group, and whole groups, from counters whose blocks
    /// pass 2^32, and whose padded group passes 2^64.
    #[test]
    fn split_salsa20_equals_rustcrypto_for_each_group_size() {
        let key = [0x42u8; 32];
        for group in [256, LARGEST_SALSA20_GROUP] {
            for nonce in [&[7u8; 8][..], &[9u8; 24][..]] {
                for n in [1, 63, 64, 128, 129, 200, 255, 256, 257, 385, 511, 1000, 1023, 1024, 1025, 1152, 2047, 3000] {
                    let blocks = (n as u64).div_ceil(64);
                    for counter in [0, 1, (1 << 32) - 3, u64::MAX - 1 - blocks] {
                        let input: Vec<u8> = (0..n).map(|i| (i * 31 + 5) as u8).collect();
                        let mut expected = input.clone();
                        rustcrypto_salsa20_xor(&key, nonce, counter, &mut expected);
                        let mut in_place = input.clone();
                        split_salsa20_xor_in(group, &key, nonce, counter, &mut in_place);
                        assert!(in_place == expected, "group {group}, {n} bytes from block {counter}, nonce {}", nonce.len());
                        let mut out = vec![MaybeUninit::new(0u8); n];
                        split_salsa20_xor_into_in(group, &key, nonce, counter, &input, &mut out);
                        // SAFETY: every byte was written (MaybeUninit::new above, then the call).
                        let out: Vec<u8> = out.iter().map(|b| unsafe { b.assume_init() }).collect();
                        assert!(out == expected, "into: group {group}, {n} bytes from block {counter}, nonce {}", nonce.len());
                    }
                }
            }
        }
    }
}
