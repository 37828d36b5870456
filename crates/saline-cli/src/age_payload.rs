//! The age payload (C2SP age spec, "Payload"), sealed and opened in place
//! with the core's ChaCha20-Poly1305.
//!
//! The payload is a 16-byte nonce, then the plaintext in 64 KiB chunks,
//! each sealed with ChaCha20-Poly1305 under
//! `HKDF-SHA-256(ikm = file key, salt = nonce, info = "payload")`, with the
//! chunk nonce `11-byte big-endian counter ‖ last-chunk flag` (STREAM,
//! Hoang–Reyhanitabar–Rogaway–Vizár 2015). Every chunk but the last is
//! full; the last is empty only when the whole plaintext is.
//!
//! The `age` crate's `StreamWriter`/`StreamReader` seal one chunk at a time
//! with RustCrypto's ChaCha20-Poly1305, copying each. Here a batch of
//! chunks is read straight into the sealed layout, sealed or opened in
//! place with the core's detached AEAD calls (ring's run-time-dispatched
//! assembly), and written with one call: constant memory (one batch), no
//! copy between chunks.
//!
//! On one thread: the chunks are independent and were sealed on every
//! core at first, but on the 2-core test machine that was slower, with
//! the same CPU time in user space and more in the kernel (1 GB,
//! interleaved: 2.36 s against 1.76 s on one core, age 1.84 s; threads
//! started per batch, and rayon's pool no better). The cipher is the small
//! part of the work: most is the kernel copying the file in and out. The crate keeps the header (stanzas, MAC) and hands
//! over the file key and nonce (`age_command`).

use std::io::{self, Read, Write};

use saline::aead::Aead;
use saline::Algorithm;
use zeroize::Zeroizing;

/// Plaintext bytes per chunk (C2SP age spec: 64 KiB).
pub const CHUNK_LEN: usize = 64 * 1024;
/// ChaCha20-Poly1305's tag.
const TAG_LEN: usize = 16;
/// A sealed chunk.
pub const SEALED_CHUNK_LEN: usize = CHUNK_LEN + TAG_LEN;
/// The payload nonce between the header and the chunks.
pub const PAYLOAD_NONCE_LEN: usize = 16;
/// Chunks per batch: 1 MiB, which stays in cache between the read, the
/// sealing and the write. Measured on 1 GB in tmpfs, interleaved with age
/// 1.1.1 (README.md, "Speed"; these runs sealed on both cores): 16 chunks
/// encrypt in 2.02 s, 8 in 2.79 s, 64 (4 MiB) in 4.42 s, age 4.01 s.
const BATCH_CHUNKS: usize = 16;

/// Why a payload did not open. The messages are what `saline decrypt`
/// prints.
#[derive(Debug)]
pub enum PayloadError {
    /// The input ended before the last chunk (or inside the nonce).
    Truncated,
    /// Chunk `index` (from 0) does not authenticate.
    Tampered { index: u64 },
    /// A final empty chunk after others (the spec forbids it).
    EmptyLastChunk,
    /// Reading the input or writing the output failed.
    Io(io::Error),
}

impl From<io::Error> for PayloadError {
    fn from(error: io::Error) -> Self {
        PayloadError::Io(error)
    }
}

/// The payload key: HKDF-SHA-256 of the file key, salted with the nonce.
fn payload_aead(file_key: &[u8; 16], nonce: &[u8; PAYLOAD_NONCE_LEN]) -> Aead {
    let key = Zeroizing::new(
        saline::kdf::hkdf(Algorithm::Sha256, file_key, nonce, b"payload", 32)
            .expect("HKDF-SHA-256 gives 32 bytes"),
    );
    Aead::new(Algorithm::ChaCha20Poly1305, &key).expect("a 32-byte key")
}

/// The STREAM nonce of chunk `counter`.
fn chunk_nonce(counter: u64, last: bool) -> [u8; 12] {
    let mut nonce = [0u8; 12];
    nonce[3..11].copy_from_slice(&counter.to_be_bytes());
    nonce[11] = u8::from(last);
    nonce
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn read_full(input: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Fills `buf` and then peeks one byte past it, so that the caller knows
/// whether the input ends with this batch. `carry` holds the peeked byte
/// between calls. Returns (bytes in `buf`, whether the input ended).
fn read_batch(
    input: &mut dyn Read,
    buf: &mut [u8],
    carry: &mut Option<u8>,
) -> io::Result<(usize, bool)> {
    let mut filled = 0;
    if let Some(byte) = carry.take() {
        buf[0] = byte;
        filled = 1;
    }
    filled += read_full(input, &mut buf[filled..])?;
    if filled < buf.len() {
        return Ok((filled, true));
    }
    let mut next = [0u8; 1];
    if read_full(input, &mut next)? == 0 {
        return Ok((filled, true));
    }
    *carry = Some(next[0]);
    Ok((filled, false))
}

/// Writes the chunks of `input` to `output` (the nonce is already written);
/// `progress` hears the plaintext bytes as each batch is written.
pub fn seal(
    file_key: &[u8; 16],
    nonce: &[u8; PAYLOAD_NONCE_LEN],
    input: &mut dyn Read,
    output: &mut dyn Write,
    progress: &mut dyn FnMut(u64),
) -> io::Result<()> {
    let aead = payload_aead(file_key, nonce);
    // Plaintext is read straight into the sealed layout (a tag's room after
    // each chunk), so sealing in place leaves the batch ready to write.
    let mut batch = Zeroizing::new(vec![0u8; BATCH_CHUNKS * SEALED_CHUNK_LEN]);
    let mut lengths = Vec::with_capacity(BATCH_CHUNKS);
    let mut carry = None;
    let mut counter = 0u64;
    loop {
        lengths.clear();
        let mut ended = false;
        for slot in batch.chunks_exact_mut(SEALED_CHUNK_LEN) {
            let mut length = 0;
            if let Some(byte) = carry.take() {
                slot[0] = byte;
                length = 1;
            }
            length += read_full(input, &mut slot[length..CHUNK_LEN])?;
            lengths.push(length);
            if length < CHUNK_LEN {
                ended = true;
                break;
            }
        }
        if !ended {
            let mut next = [0u8; 1];
            match read_full(input, &mut next)? {
                0 => ended = true,
                _ => carry = Some(next[0]),
            }
        }
        // The input ended right after a full chunk: that chunk is the last
        // (an empty last chunk is only for an empty plaintext).
        if ended && lengths.len() > 1 && lengths.last() == Some(&0) {
            lengths.pop();
        }
        let count = lengths.len();
        let last_of = |i: usize| ended && i + 1 == count;
        let seal_one = |(i, (slot, &length)): (usize, (&mut [u8], &usize))| {
            let (plain, rest) = slot.split_at_mut(length);
            let tag = aead
                .seal_in_place_detached(&chunk_nonce(counter + i as u64, last_of(i)), &[], plain)
                .expect("a chunk is far below ChaCha20-Poly1305's message limit");
            rest[..TAG_LEN].copy_from_slice(&tag);
        };
        batch
            .chunks_mut(SEALED_CHUNK_LEN)
            .zip(lengths.iter())
            .enumerate()
            .for_each(seal_one);
        let plain_len: usize = lengths.iter().sum();
        output.write_all(&batch[..plain_len + count * TAG_LEN])?;
        progress(plain_len as u64);
        counter += count as u64;
        if ended {
            return Ok(());
        }
    }
}

/// Opens the chunks that follow the nonce in `input` and writes the
/// plaintext to `output` batch by batch, each batch only once all of it
/// authenticated; `progress` hears the ciphertext bytes read.
pub fn open(
    file_key: &[u8; 16],
    nonce: &[u8; PAYLOAD_NONCE_LEN],
    input: &mut dyn Read,
    output: &mut dyn Write,
    progress: &mut dyn FnMut(u64),
) -> Result<(), PayloadError> {
    let aead = payload_aead(file_key, nonce);
    let mut batch = Zeroizing::new(vec![0u8; BATCH_CHUNKS * SEALED_CHUNK_LEN]);
    let mut carry = None;
    let mut counter = 0u64;
    loop {
        let (filled, ended) = read_batch(input, &mut batch, &mut carry)?;
        progress(filled as u64);
        // Only the first batch can be empty (a later one starts with the
        // peeked byte): no chunk at all.
        if filled == 0 {
            return Err(PayloadError::Truncated);
        }
        let count = filled.div_ceil(SEALED_CHUNK_LEN);
        let open_one = |(i, sealed): (usize, &mut [u8])| -> Result<(), PayloadError> {
            let index = counter + i as u64;
            let last = ended && i + 1 == count;
            if sealed.len() < TAG_LEN {
                return Err(PayloadError::Truncated);
            }
            // The buffer of a rejected chunk is discarded (no copy kept),
            // except a full last one, which is tried again below.
            let retry = last && sealed.len() == SEALED_CHUNK_LEN;
            let (data, tag) = sealed.split_at_mut(sealed.len() - TAG_LEN);
            let opened = match retry {
                true => aead.open_in_place_detached(&chunk_nonce(index, last), &[], data, tag),
                false => aead.open_in_place_detached_discarding(
                    &chunk_nonce(index, last),
                    &[],
                    data,
                    tag,
                ),
            };
            if opened.is_ok() {
                return match last && data.is_empty() && index > 0 {
                    true => Err(PayloadError::EmptyLastChunk),
                    false => Ok(()),
                };
            }
            // A full chunk at the end that opens as a middle chunk: the
            // file was cut at a chunk boundary.
            if retry {
                let (data, tag) = sealed.split_at_mut(CHUNK_LEN);
                if aead
                    .open_in_place_detached(&chunk_nonce(index, false), &[], data, tag)
                    .is_ok()
                {
                    data.fill(0);
                    return Err(PayloadError::Truncated);
                }
            }
            Err(PayloadError::Tampered { index })
        };
        // The first failure in file order is the one reported.
        batch[..filled]
            .chunks_mut(SEALED_CHUNK_LEN)
            .enumerate()
            .try_for_each(open_one)?;
        for chunk in batch[..filled].chunks(SEALED_CHUNK_LEN) {
            output.write_all(&chunk[..chunk.len() - TAG_LEN])?;
        }
        counter += count as u64;
        if ended {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sealed(plain: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        seal(&[1; 16], &[2; 16], &mut &plain[..], &mut out, &mut |_| {}).unwrap();
        out
    }

    fn opened(sealed: &[u8]) -> Result<Vec<u8>, PayloadError> {
        let mut out = Vec::new();
        open(&[1; 16], &[2; 16], &mut &sealed[..], &mut out, &mut |_| {}).map(|()| out)
    }

    /// Lengths around the chunk and batch edges, as the age crate's
    /// `StreamWriter` writes them (the reference for the layout).
    #[test]
    fn matches_the_age_crate_and_round_trips() {
        let batch = BATCH_CHUNKS * CHUNK_LEN;
        for len in [
            0,
            1,
            CHUNK_LEN - 1,
            CHUNK_LEN,
            CHUNK_LEN + 1,
            3 * CHUNK_LEN,
            batch - 1,
            batch,
            batch + 1,
            2 * batch + 5,
        ] {
            let plain: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
            let ours = sealed(&plain);
            assert_eq!(
                ours.len(),
                len + len.div_ceil(CHUNK_LEN).max(1) * TAG_LEN,
                "length {len}"
            );
            assert_eq!(opened(&ours).unwrap(), plain, "length {len}");
        }
    }

    #[test]
    fn refuses_truncation_and_tampering() {
        let plain = vec![9u8; 3 * CHUNK_LEN];
        let full = sealed(&plain);
        let boundary = 2 * SEALED_CHUNK_LEN;
        assert!(matches!(
            opened(&full[..boundary]),
            Err(PayloadError::Truncated)
        ));
        assert!(matches!(
            opened(&full[..boundary + 5]),
            Err(PayloadError::Truncated)
        ));
        assert!(matches!(opened(&[]), Err(PayloadError::Truncated)));
        assert!(matches!(opened(&full[..9]), Err(PayloadError::Truncated)));
        assert!(matches!(
            opened(&full[..full.len() - 1]),
            Err(PayloadError::Tampered { index: 2 })
        ));
        let mut tampered = full.clone();
        tampered[SEALED_CHUNK_LEN + 3] ^= 1;
        assert!(matches!(
            opened(&tampered),
            Err(PayloadError::Tampered { index: 1 })
        ));
        let mut extra = full.clone();
        extra.extend_from_slice(&full[..40]);
        assert!(matches!(
            opened(&extra),
            Err(PayloadError::Tampered { index: 2 })
        ));
    }
}
