//! Differential tests of `saline::sodium` (libsodium's API beyond NaCl)
//! against libsodium itself (`libsodium-sys-stable`, built from the
//! libsodium source it bundles).
//!
//! As in `tests/libsodium.rs`: inputs come from `ChaCha20Rng` seeded with
//! `SEED` and the test's name; outputs must agree byte for byte; what one
//! library produces the other must accept; and every failure case (a
//! flipped bit, wrong associated data, a short input, a hostile parameter)
//! must be refused by both, Saline with the error named in the assertion.
//! Each test prints how many comparisons it made (`-- --nocapture`).

mod common;


use libsodium_sys as ffi;
use common::{array, below, bytes};
use rand_chacha::ChaCha20Rng;
use rand_core::RngCore;
use saline::Error;

// ---------------------------------------------------------------- inputs

const SEED: u64 = 0x5a11_4e00_0000_0011;

/// Around the ChaCha20 (64) and Poly1305 (16) boundaries, and one length
/// that is none of them.
const LENGTHS: &[usize] = &[0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 1000, 4096 + 7];

fn setup(test: &str) -> ChaCha20Rng {
    common::seeded(SEED, test)
}

/// Random bytes of a random length from `LENGTHS`.
fn listed_bytes(rng: &mut ChaCha20Rng) -> Vec<u8> {
    let len = LENGTHS[below(rng, LENGTHS.len())];
    bytes(rng, len)
}

/// A copy of `data` (not empty) with one random bit flipped.
fn flip_bit(rng: &mut ChaCha20Rng, data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    let bit = below(rng, 8 * out.len());
    out[bit / 8] ^= 1 << (bit % 8);
    out
}

fn report(test: &str, cases: usize) {
    println!("{test}: {cases} comparisons with libsodium");
}

#[track_caller]
fn assert_verification_failed<T: std::fmt::Debug>(what: &str, saline: saline::Result<T>) {
    match saline {
        Err(Error::VerificationFailed) => {}
        other => panic!("{what}: Saline returned {other:?}, expected Err(VerificationFailed)"),
    }
}

// ---------------------------------------------------------------- secretstream

mod secretstream {
    use super::*;
    use saline::sodium::secretstream::{self as ss, State};

    pub type SodiumState = ffi::crypto_secretstream_xchacha20poly1305_state;

    pub fn sodium_state_bytes(state: &SodiumState) -> [u8; 52] {
        let mut out = [0u8; 52];
        out[..32].copy_from_slice(&state.k);
        out[32..44].copy_from_slice(&state.nonce);
        out[44..].copy_from_slice(&state._pad);
        out
    }

    pub fn sodium_state_from(bytes: &[u8; 52]) -> SodiumState {
        let mut state = SodiumState { k: [0; 32], nonce: [0; 12], _pad: [0; 8] };
        state.k.copy_from_slice(&bytes[..32]);
        state.nonce.copy_from_slice(&bytes[32..44]);
        state._pad.copy_from_slice(&bytes[44..]);
        state
    }

    pub fn init_push(key: &[u8; 32]) -> (SodiumState, [u8; 24]) {
        let mut state = sodium_state_from(&[0; 52]);
        let mut header = [0u8; 24];
        assert_eq!(
            unsafe { ffi::crypto_secretstream_xchacha20poly1305_init_push(&mut state, header.as_mut_ptr(), key.as_ptr()) },
            0
        );
        (state, header)
    }

    pub fn init_pull(header: &[u8; 24], key: &[u8; 32]) -> SodiumState {
        let mut state = sodium_state_from(&[0; 52]);
        assert_eq!(unsafe { ffi::crypto_secretstream_xchacha20poly1305_init_pull(&mut state, header.as_ptr(), key.as_ptr()) }, 0);
        state
    }

    pub fn push(state: &mut SodiumState, message: &[u8], ad: &[u8], tag: u8) -> Vec<u8> {
        let mut out = vec![0u8; message.len() + 17];
        let mut out_len = 0u64;
        let rc = unsafe {
            ffi::crypto_secretstream_xchacha20poly1305_push(
                state,
                out.as_mut_ptr(),
                &mut out_len,
                message.as_ptr(),
                message.len() as u64,
                ad.as_ptr(),
                ad.len() as u64,
                tag,
            )
        };
        assert_eq!((rc, out_len as usize), (0, out.len()));
        out
    }

    /// `None` when libsodium refuses the chunk.
    pub fn pull(state: &mut SodiumState, chunk: &[u8], ad: &[u8]) -> Option<(Vec<u8>, u8)> {
        let mut out = vec![0u8; chunk.len().saturating_sub(17)];
        let (mut out_len, mut tag) = (0u64, 0u8);
        let rc = unsafe {
            ffi::crypto_secretstream_xchacha20poly1305_pull(
                state,
                out.as_mut_ptr(),
                &mut out_len,
                &mut tag,
                chunk.as_ptr(),
                chunk.len() as u64,
                ad.as_ptr(),
                ad.len() as u64,
            )
        };
        (rc == 0).then(|| {
            out.truncate(out_len as usize);
            (out, tag)
        })
    }

    pub fn rekey(state: &mut SodiumState) {
        unsafe { ffi::crypto_secretstream_xchacha20poly1305_rekey(state) }
    }

    /// Saline's state and libsodium's hold the same 52 bytes.
    #[track_caller]
    pub fn assert_same_state(ours: &State, theirs: &SodiumState, what: &str) {
        assert_eq!(&ours.to_bytes()[..], &sodium_state_bytes(theirs)[..], "{what}: states differ");
    }

    pub const TAGS: [u8; 4] = [ss::TAG_MESSAGE, ss::TAG_PUSH, ss::TAG_REKEY, ss::TAG_FINAL];
}

#[test]
fn secretstream_constants_match_libsodium() {
    use saline::sodium::secretstream as ss;
    setup("secretstream constants");
    unsafe {
        assert_eq!(ss::KEYBYTES, ffi::crypto_secretstream_xchacha20poly1305_keybytes());
        assert_eq!(ss::HEADERBYTES, ffi::crypto_secretstream_xchacha20poly1305_headerbytes());
        assert_eq!(ss::ABYTES, ffi::crypto_secretstream_xchacha20poly1305_abytes());
        assert_eq!(ss::STATEBYTES, ffi::crypto_secretstream_xchacha20poly1305_statebytes());
        assert_eq!(ss::MESSAGEBYTES_MAX, ffi::crypto_secretstream_xchacha20poly1305_messagebytes_max() as u64);
        assert_eq!(ss::TAG_MESSAGE, ffi::crypto_secretstream_xchacha20poly1305_tag_message());
        assert_eq!(ss::TAG_PUSH, ffi::crypto_secretstream_xchacha20poly1305_tag_push());
        assert_eq!(ss::TAG_REKEY, ffi::crypto_secretstream_xchacha20poly1305_tag_rekey());
        assert_eq!(ss::TAG_FINAL, ffi::crypto_secretstream_xchacha20poly1305_tag_final());
    }
}

/// Streams of random chunks, tags, associated data and explicit rekeys:
/// every chunk and every intermediate state equal to libsodium's, and each
/// library pulls what the other pushed.
#[test]
fn secretstream_matches_libsodium() {
    use saline::sodium::secretstream::{self as ss, *};
    use secretstream::*;
    let mut rng = setup("secretstream");
    let mut cases = 0;
    for _ in 0..24 {
        let key = array::<32>(&mut rng);
        let (mut theirs_push, header) = init_push(&key);
        let mut ours_push = init_push_with_header(&key, &header).unwrap();
        assert_same_state(&ours_push, &theirs_push, "init_push");
        let mut ours_pull = crypto_secretstream_xchacha20poly1305_init_pull(&header, &key).unwrap();
        let mut theirs_pull = init_pull(&header, &key);
        assert_same_state(&ours_pull, &theirs_pull, "init_pull");
        for _ in 0..12 {
            let (message, ad) = (listed_bytes(&mut rng), if below(&mut rng, 2) == 0 { vec![] } else { listed_bytes(&mut rng) });
            let tag = TAGS[below(&mut rng, 4)];
            let ours = crypto_secretstream_xchacha20poly1305_push(&mut ours_push, &message, &ad, tag).unwrap();
            let theirs = push(&mut theirs_push, &message, &ad, tag);
            assert_eq!(ours, theirs, "push, {} bytes, tag {tag}", message.len());
            assert_same_state(&ours_push, &theirs_push, "after push");

            // Failure cases first: the states must not move.
            let before = ours_pull.to_bytes();
            let forged = flip_bit(&mut rng, &ours);
            assert!(pull(&mut theirs_pull, &forged, &ad).is_none(), "libsodium accepted a forged chunk");
            assert_verification_failed("pull, flipped bit", crypto_secretstream_xchacha20poly1305_pull(&mut ours_pull, &forged, &ad));
            let other_ad = if ad.is_empty() { vec![0] } else { flip_bit(&mut rng, &ad) };
            assert!(pull(&mut theirs_pull, &ours, &other_ad).is_none(), "libsodium accepted other ad");
            assert_verification_failed("pull, other ad", crypto_secretstream_xchacha20poly1305_pull(&mut ours_pull, &ours, &other_ad));
            assert_eq!(&ours_pull.to_bytes()[..], &before[..], "a refused chunk changed the state");
            assert_same_state(&ours_pull, &theirs_pull, "after refused chunks");

            let (ours_opened, theirs_opened) = if below(&mut rng, 2) == 0 {
                (crypto_secretstream_xchacha20poly1305_pull(&mut ours_pull, &theirs, &ad).unwrap(), pull(&mut theirs_pull, &ours, &ad).unwrap())
            } else {
                (crypto_secretstream_xchacha20poly1305_pull(&mut ours_pull, &ours, &ad).unwrap(), pull(&mut theirs_pull, &theirs, &ad).unwrap())
            };
            assert_eq!(ours_opened, (message.clone(), tag));
            assert_eq!(theirs_opened, (message, tag));
            assert_same_state(&ours_pull, &theirs_pull, "after pull");
            cases += 5;

            if below(&mut rng, 6) == 0 {
                ss::crypto_secretstream_xchacha20poly1305_rekey(&mut ours_push);
                rekey(&mut theirs_push);
                ss::crypto_secretstream_xchacha20poly1305_rekey(&mut ours_pull);
                rekey(&mut theirs_pull);
                assert_same_state(&ours_push, &theirs_push, "after rekey");
                cases += 1;
            }
        }
        // A replayed chunk and a chunk shorter than ABYTES are refused.
        let replay = crypto_secretstream_xchacha20poly1305_push(&mut ours_push, b"x", b"", TAG_MESSAGE).unwrap();
        pull(&mut theirs_pull, &replay, b"").unwrap();
        crypto_secretstream_xchacha20poly1305_pull(&mut ours_pull, &replay, b"").unwrap();
        assert!(pull(&mut theirs_pull, &replay, b"").is_none());
        assert_verification_failed("pull, replay", crypto_secretstream_xchacha20poly1305_pull(&mut ours_pull, &replay, b""));
        for len in 0..ABYTES {
            let short = bytes(&mut rng, len);
            assert!(pull(&mut theirs_pull, &short, b"").is_none());
            assert!(matches!(
                crypto_secretstream_xchacha20poly1305_pull(&mut ours_pull, &short, b""),
                Err(Error::InvalidLength { what: "ciphertext", .. })
            ));
        }
        cases += 2 + ABYTES;
    }
    report("secretstream", cases);
}

/// States saved by one library restore in the other; the counter wrap at
/// 2^32 rekeys as libsodium does.
#[test]
fn secretstream_states_interchange_with_libsodium() {
    use saline::sodium::secretstream::*;
    use secretstream::*;
    let mut rng = setup("secretstream states");
    let mut cases = 0;
    for round in 0..16 {
        let key = array::<32>(&mut rng);
        let (mut theirs, header) = init_push(&key);
        let mut saved = sodium_state_bytes(&theirs);
        if round % 2 == 0 {
            // Just before the counter wraps.
            saved[32..36].copy_from_slice(&(u32::MAX - below(&mut rng, 2) as u32).to_le_bytes());
            theirs = sodium_state_from(&saved);
        }
        let mut ours = State::from_bytes(&saved).unwrap();
        for _ in 0..4 {
            let message = listed_bytes(&mut rng);
            let tag = TAGS[below(&mut rng, 4)];
            let a = crypto_secretstream_xchacha20poly1305_push(&mut ours, &message, b"", tag).unwrap();
            let b = push(&mut theirs, &message, b"", tag);
            assert_eq!(a, b);
            assert_same_state(&ours, &theirs, "restored state");
            // Swap: continue each from the other's saved state.
            let (ours_bytes, theirs_bytes) = (*ours.to_bytes(), sodium_state_bytes(&theirs));
            ours = State::from_bytes(&theirs_bytes).unwrap();
            theirs = sodium_state_from(&ours_bytes);
            cases += 2;
        }
        let _ = header;
    }
    assert!(matches!(State::from_bytes(&[0; 51]), Err(Error::InvalidLength { what: "state", .. })));
    report("secretstream states", cases);
}

/// Round trips of every tag across chunk sizes from 0 B to 1 MiB, each
/// chunk equal to libsodium's.
#[test]
fn secretstream_round_trips_0_to_1_mib() {
    use saline::sodium::secretstream::*;
    use secretstream::*;
    let mut rng = setup("secretstream sizes");
    let key = array::<32>(&mut rng);
    let (mut theirs, header) = init_push(&key);
    let mut ours = init_push_with_header(&key, &header).unwrap();
    let mut pull_state = crypto_secretstream_xchacha20poly1305_init_pull(&header, &key).unwrap();
    let mut cases = 0;
    for size in [0, 1, 16, 63, 64, 65, 4096, 65_536 + 3, 1 << 20] {
        for tag in TAGS {
            let message = bytes(&mut rng, size);
            let chunk = crypto_secretstream_xchacha20poly1305_push(&mut ours, &message, b"ad", tag).unwrap();
            assert_eq!(chunk, push(&mut theirs, &message, b"ad", tag), "{size} bytes, tag {tag}");
            assert_eq!(crypto_secretstream_xchacha20poly1305_pull(&mut pull_state, &chunk, b"ad").unwrap(), (message, tag));
            cases += 1;
        }
    }
    assert!(matches!(
        crypto_secretstream_xchacha20poly1305_push(&mut ours, b"", b"", 4),
        Err(Error::InvalidParameter { what: "tag", .. })
    ));
    report("secretstream sizes", cases);
}

// ---------------------------------------------------------------- AEADs

mod aeads {

    type Encrypt = unsafe extern "C" fn(*mut u8, *mut u8, *mut u64, *const u8, u64, *const u8, u64, *const u8, *const u8, *const u8) -> i32;
    type Decrypt = unsafe extern "C" fn(*mut u8, *mut u8, *const u8, u64, *const u8, *const u8, u64, *const u8, *const u8) -> i32;
    type SalineEncrypt = fn(&[u8], &[u8], &[u8], &[u8]) -> saline::Result<(Vec<u8>, [u8; 16])>;
    type SalineDecrypt = fn(&[u8], &[u8], &[u8], &[u8], &[u8]) -> saline::Result<Vec<u8>>;
    type SalineCombined = fn(&[u8], &[u8], &[u8], &[u8]) -> saline::Result<Vec<u8>>;

    /// One libsodium AEAD: its detached C functions and Saline's four.
    pub struct Pair {
        pub name: &'static str,
        pub nonce_len: usize,
        pub sodium_encrypt: Encrypt,
        pub sodium_decrypt: Decrypt,
        pub encrypt_detached: SalineEncrypt,
        pub decrypt_detached: SalineDecrypt,
        pub encrypt: SalineCombined,
        pub decrypt: SalineCombined,
    }

    impl Pair {
        pub fn sodium_seal(&self, m: &[u8], ad: &[u8], nonce: &[u8], key: &[u8]) -> (Vec<u8>, [u8; 16]) {
            let (mut c, mut tag, mut tag_len) = (vec![0u8; m.len()], [0u8; 16], 0u64);
            let rc = unsafe {
                (self.sodium_encrypt)(c.as_mut_ptr(), tag.as_mut_ptr(), &mut tag_len, m.as_ptr(), m.len() as u64, ad.as_ptr(), ad.len() as u64, std::ptr::null(), nonce.as_ptr(), key.as_ptr())
            };
            assert_eq!((rc, tag_len), (0, 16));
            (c, tag)
        }
        pub fn sodium_open(&self, c: &[u8], tag: &[u8; 16], ad: &[u8], nonce: &[u8], key: &[u8]) -> Option<Vec<u8>> {
            let mut m = vec![0u8; c.len()];
            let rc = unsafe {
                (self.sodium_decrypt)(m.as_mut_ptr(), std::ptr::null_mut(), c.as_ptr(), c.len() as u64, tag.as_ptr(), ad.as_ptr(), ad.len() as u64, nonce.as_ptr(), key.as_ptr())
            };
            (rc == 0).then_some(m)
        }
    }

}

fn aead_pairs() -> Vec<aeads::Pair> {
    use saline::sodium::aead::*;
    macro_rules! pair {
        ($name:literal, $nonce:expr, $sodium:ident :: $e:ident, $d:ident; $s1:ident, $s2:ident, $s3:ident, $s4:ident) => {
            aeads::Pair {
                name: $name,
                nonce_len: $nonce,
                sodium_encrypt: $sodium::$e,
                sodium_decrypt: $sodium::$d,
                encrypt_detached: $s1,
                decrypt_detached: $s2,
                encrypt: $s3,
                decrypt: $s4,
            }
        };
    }
    vec![
        pair!("crypto_aead_chacha20poly1305", 8,
            ffi::crypto_aead_chacha20poly1305_encrypt_detached, crypto_aead_chacha20poly1305_decrypt_detached;
            crypto_aead_chacha20poly1305_encrypt_detached, crypto_aead_chacha20poly1305_decrypt_detached,
            crypto_aead_chacha20poly1305_encrypt, crypto_aead_chacha20poly1305_decrypt),
        pair!("crypto_aead_chacha20poly1305_ietf", 12,
            ffi::crypto_aead_chacha20poly1305_ietf_encrypt_detached, crypto_aead_chacha20poly1305_ietf_decrypt_detached;
            crypto_aead_chacha20poly1305_ietf_encrypt_detached, crypto_aead_chacha20poly1305_ietf_decrypt_detached,
            crypto_aead_chacha20poly1305_ietf_encrypt, crypto_aead_chacha20poly1305_ietf_decrypt),
        pair!("crypto_aead_xchacha20poly1305_ietf", 24,
            ffi::crypto_aead_xchacha20poly1305_ietf_encrypt_detached, crypto_aead_xchacha20poly1305_ietf_decrypt_detached;
            crypto_aead_xchacha20poly1305_ietf_encrypt_detached, crypto_aead_xchacha20poly1305_ietf_decrypt_detached,
            crypto_aead_xchacha20poly1305_ietf_encrypt, crypto_aead_xchacha20poly1305_ietf_decrypt),
        pair!("crypto_aead_aes256gcm", 12,
            ffi::crypto_aead_aes256gcm_encrypt_detached, crypto_aead_aes256gcm_decrypt_detached;
            crypto_aead_aes256gcm_encrypt_detached, crypto_aead_aes256gcm_decrypt_detached,
            crypto_aead_aes256gcm_encrypt, crypto_aead_aes256gcm_decrypt),
    ]
}

#[test]
fn sodium_aeads_match_libsodium() {
    let mut rng = setup("sodium aeads");
    let aes_available = unsafe { ffi::crypto_aead_aes256gcm_is_available() } == 1;
    let mut total = 0;
    for pair in aead_pairs() {
        if pair.name == "crypto_aead_aes256gcm" && !aes_available {
            println!("{}: skipped, libsodium has no implementation on this CPU", pair.name);
            continue;
        }
        let mut cases = 0;
        for &len in LENGTHS.iter().chain(&[1 << 16]) {
            let (key, nonce, message) = (array::<32>(&mut rng), bytes(&mut rng, pair.nonce_len), bytes(&mut rng, len));
            let ad = listed_bytes(&mut rng);
            let (c, tag) = pair.sodium_seal(&message, &ad, &nonce, &key);
            assert_eq!((pair.encrypt_detached)(&message, &ad, &nonce, &key).unwrap(), (c.clone(), tag), "{} {len}", pair.name);
            let mut combined = c.clone();
            combined.extend_from_slice(&tag);
            assert_eq!((pair.encrypt)(&message, &ad, &nonce, &key).unwrap(), combined);
            assert_eq!((pair.decrypt)(&combined, &ad, &nonce, &key).unwrap(), message);
            assert_eq!((pair.decrypt_detached)(&c, &tag, &ad, &nonce, &key).unwrap(), message);
            assert_eq!(pair.sodium_open(&c, &tag, &ad, &nonce, &key).unwrap(), message);
            cases += 4;
            // Failure cases: a flipped bit in the ciphertext, the tag, the
            // ad or the nonce; both refuse.
            let forged = flip_bit(&mut rng, &combined);
            let (fc, ft) = forged.split_at(c.len());
            let ft: [u8; 16] = ft.try_into().unwrap();
            assert!(pair.sodium_open(fc, &ft, &ad, &nonce, &key).is_none());
            assert_verification_failed("decrypt, flipped bit", (pair.decrypt)(&forged, &ad, &nonce, &key));
            assert_verification_failed("decrypt_detached, flipped bit", (pair.decrypt_detached)(fc, &ft, &ad, &nonce, &key));
            let other_ad = if ad.is_empty() { vec![1] } else { flip_bit(&mut rng, &ad) };
            assert!(pair.sodium_open(&c, &tag, &other_ad, &nonce, &key).is_none());
            assert_verification_failed("decrypt, other ad", (pair.decrypt)(&combined, &other_ad, &nonce, &key));
            let other_nonce = flip_bit(&mut rng, &nonce);
            assert!(pair.sodium_open(&c, &tag, &ad, &other_nonce, &key).is_none());
            assert_verification_failed("decrypt, other nonce", (pair.decrypt)(&combined, &ad, &other_nonce, &key));
            cases += 3;
        }
        // Shorter than a tag, wrong nonce and key sizes: length errors.
        let key = array::<32>(&mut rng);
        let nonce = bytes(&mut rng, pair.nonce_len);
        for len in 0..16 {
            assert!(matches!((pair.decrypt)(&bytes(&mut rng, len), b"", &nonce, &key), Err(Error::InvalidLength { what: "ciphertext", .. })));
        }
        assert!(matches!((pair.encrypt)(b"", b"", &nonce[1..], &key), Err(Error::InvalidLength { what: "nonce", .. })));
        assert!(matches!((pair.encrypt)(b"", b"", &nonce, &key[..16]), Err(Error::InvalidLength { what: "key", .. })));
        println!("{}: {cases} comparisons", pair.name);
        total += cases;
    }
    // The constants.
    unsafe {
        use saline::sodium::aead::*;
        assert_eq!(chacha20poly1305::NPUBBYTES, ffi::crypto_aead_chacha20poly1305_npubbytes());
        assert_eq!(chacha20poly1305_ietf::NPUBBYTES, ffi::crypto_aead_chacha20poly1305_ietf_npubbytes());
        assert_eq!(xchacha20poly1305_ietf::NPUBBYTES, ffi::crypto_aead_xchacha20poly1305_ietf_npubbytes());
        assert_eq!(aes256gcm::NPUBBYTES, ffi::crypto_aead_aes256gcm_npubbytes());
        assert_eq!(chacha20poly1305_ietf::MESSAGEBYTES_MAX, ffi::crypto_aead_chacha20poly1305_ietf_messagebytes_max() as u64);
        assert_eq!(aes256gcm::MESSAGEBYTES_MAX, ffi::crypto_aead_aes256gcm_messagebytes_max() as u64);
        assert!(chacha20poly1305::MESSAGEBYTES_MAX <= ffi::crypto_aead_chacha20poly1305_messagebytes_max() as u64);
        assert!(xchacha20poly1305_ietf::MESSAGEBYTES_MAX <= ffi::crypto_aead_xchacha20poly1305_ietf_messagebytes_max() as u64);
        for (ours, theirs) in [
            (chacha20poly1305::KEYBYTES, ffi::crypto_aead_chacha20poly1305_keybytes()),
            (chacha20poly1305::ABYTES, ffi::crypto_aead_chacha20poly1305_abytes()),
            (chacha20poly1305_ietf::KEYBYTES, ffi::crypto_aead_chacha20poly1305_ietf_keybytes()),
            (xchacha20poly1305_ietf::KEYBYTES, ffi::crypto_aead_xchacha20poly1305_ietf_keybytes()),
            (aes256gcm::KEYBYTES, ffi::crypto_aead_aes256gcm_keybytes()),
            (aes256gcm::ABYTES, ffi::crypto_aead_aes256gcm_abytes()),
            (aes256gcm::NSECBYTES, ffi::crypto_aead_aes256gcm_nsecbytes()),
        ] {
            assert_eq!(ours, theirs);
        }
    }
    report("sodium AEADs", total);
}

// ---------------------------------------------------------------- kx

#[test]
fn kx_matches_libsodium() {
    use saline::sodium::kx::*;
    let mut rng = setup("kx");
    let mut cases = 0;
    let sodium_seed_keypair = |seed: &[u8; 32]| {
        let (mut pk, mut sk) = ([0u8; 32], [0u8; 32]);
        assert_eq!(unsafe { ffi::crypto_kx_seed_keypair(pk.as_mut_ptr(), sk.as_mut_ptr(), seed.as_ptr()) }, 0);
        (pk, sk)
    };
    let sodium_session = |client: bool, pk: &[u8; 32], sk: &[u8; 32], peer: &[u8; 32]| {
        let (mut rx, mut tx) = ([0u8; 32], [0u8; 32]);
        let rc = unsafe {
            if client {
                ffi::crypto_kx_client_session_keys(rx.as_mut_ptr(), tx.as_mut_ptr(), pk.as_ptr(), sk.as_ptr(), peer.as_ptr())
            } else {
                ffi::crypto_kx_server_session_keys(rx.as_mut_ptr(), tx.as_mut_ptr(), pk.as_ptr(), sk.as_ptr(), peer.as_ptr())
            }
        };
        (rc == 0).then_some((rx, tx))
    };
    for _ in 0..64 {
        let (client_seed, server_seed) = (array::<32>(&mut rng), array::<32>(&mut rng));
        let (cpk, csk) = crypto_kx_seed_keypair(&client_seed).unwrap();
        let (spk, ssk) = crypto_kx_seed_keypair(&server_seed).unwrap();
        assert_eq!((cpk, *csk), sodium_seed_keypair(&client_seed));
        assert_eq!((spk, *ssk), sodium_seed_keypair(&server_seed));
        let (crx, ctx) = crypto_kx_client_session_keys(&cpk, &csk[..], &spk).unwrap();
        let (srx, stx) = crypto_kx_server_session_keys(&spk, &ssk[..], &cpk).unwrap();
        assert_eq!(Some((*crx, *ctx)), sodium_session(true, &cpk, &csk, &spk));
        assert_eq!(Some((*srx, *stx)), sodium_session(false, &spk, &ssk, &cpk));
        assert_eq!((*crx, *ctx), (*stx, *srx));
        cases += 4;
    }
    // A random key pair is consistent with libsodium's public key of its secret.
    let (pk, sk) = crypto_kx_keypair().unwrap();
    let mut expected = [0u8; 32];
    assert_eq!(unsafe { ffi::crypto_scalarmult_base(expected.as_mut_ptr(), sk.as_ptr()) }, 0);
    assert_eq!(pk, expected);
    // Failure cases: a small-order peer key is refused by both sides.
    let (pk, sk) = crypto_kx_seed_keypair(&array::<32>(&mut rng)).unwrap();
    for small in [[0u8; 32], { let mut one = [0u8; 32]; one[0] = 1; one }] {
        assert_eq!(sodium_session(true, &pk, &sk, &small), None);
        assert_eq!(sodium_session(false, &pk, &sk, &small), None);
        assert!(matches!(crypto_kx_client_session_keys(&pk, &sk[..], &small), Err(Error::InvalidEncoding { .. })));
        assert!(matches!(crypto_kx_server_session_keys(&pk, &sk[..], &small), Err(Error::InvalidEncoding { .. })));
        cases += 2;
    }
    assert!(matches!(crypto_kx_seed_keypair(&[0; 31]), Err(Error::InvalidLength { what: "seed", .. })));
    unsafe {
        assert_eq!(
            [PUBLICKEYBYTES, SECRETKEYBYTES, SEEDBYTES, SESSIONKEYBYTES],
            [ffi::crypto_kx_publickeybytes(), ffi::crypto_kx_secretkeybytes(), ffi::crypto_kx_seedbytes(), ffi::crypto_kx_sessionkeybytes()]
        );
    }
    report("kx", cases);
}

// ---------------------------------------------------------------- shorthash

#[test]
fn shorthash_matches_libsodium() {
    use saline::mac::{mac, Mac};
    use saline::Algorithm;
    let mut rng = setup("shorthash");
    let mut cases = 0;
    for len in 0..=64usize {
        let (key, message) = (array::<16>(&mut rng), bytes(&mut rng, len));
        let mut short = [0u8; 8];
        let mut wide = [0u8; 16];
        unsafe {
            assert_eq!(ffi::crypto_shorthash(short.as_mut_ptr(), message.as_ptr(), len as u64, key.as_ptr()), 0);
            assert_eq!(ffi::crypto_shorthash_siphashx24(wide.as_mut_ptr(), message.as_ptr(), len as u64, key.as_ptr()), 0);
        }
        assert_eq!(mac(Algorithm::SipHash24, &key, &message).unwrap(), short, "siphash24, {len} bytes");
        assert_eq!(mac(Algorithm::SipHashX24, &key, &message).unwrap(), wide, "siphashx24, {len} bytes");
        // Streaming in two pieces gives the same tag.
        let split = below(&mut rng, len + 1);
        let mut m = Mac::new(Algorithm::SipHashX24, &key).unwrap();
        m.update(&message[..split]);
        m.update(&message[split..]);
        assert_eq!(m.finalize(), wide);
        cases += 3;
    }
    assert!(matches!(mac(Algorithm::SipHash24, &[0; 15], b""), Err(Error::InvalidLength { what: "key", .. })));
    unsafe {
        assert_eq!(Algorithm::SipHash24.info().output_len, ffi::crypto_shorthash_bytes());
        assert_eq!(Algorithm::SipHashX24.info().output_len, ffi::crypto_shorthash_siphashx24_bytes());
        assert_eq!(Some(saline::Expected::Exactly(ffi::crypto_shorthash_keybytes())), Algorithm::SipHash24.info().key);
    }
    report("shorthash", cases);
}

// ---------------------------------------------------------------- utils

#[test]
fn utils_match_libsodium() {
    use saline::sodium::utils::*;
    let mut rng = setup("utils");
    let mut cases = 0;
    for _ in 0..200 {
        let len = below(&mut rng, 40);
        let (mut a, mut b) = (bytes(&mut rng, len), bytes(&mut rng, len));
        // Carries and borrows across whole runs of 0xff and 0x00.
        if below(&mut rng, 3) == 0 {
            let fill = if below(&mut rng, 2) == 0 { 0xff } else { 0 };
            let run = below(&mut rng, len + 1);
            a[..run].fill(fill);
            if below(&mut rng, 2) == 0 {
                b = a.clone();
            }
        }
        let (mut x, mut y) = (a.clone(), a.clone());
        sodium_increment(&mut x);
        unsafe { ffi::sodium_increment(y.as_mut_ptr(), len) };
        assert_eq!(x, y, "increment");
        let (mut x, mut y) = (a.clone(), a.clone());
        sodium_add(&mut x, &b).unwrap();
        unsafe { ffi::sodium_add(y.as_mut_ptr(), b.as_ptr(), len) };
        assert_eq!(x, y, "add");
        let (mut x, mut y) = (a.clone(), a.clone());
        sodium_sub(&mut x, &b).unwrap();
        unsafe { ffi::sodium_sub(y.as_mut_ptr(), b.as_ptr(), len) };
        assert_eq!(x, y, "sub");
        assert_eq!(sodium_compare(&a, &b).unwrap(), unsafe { ffi::sodium_compare(a.as_ptr(), b.as_ptr(), len) }, "compare");
        assert_eq!(sodium_is_zero(&a), unsafe { ffi::sodium_is_zero(a.as_ptr(), len) } == 1, "is_zero");
        assert_eq!(sodium_memcmp(&a, &b), unsafe { ffi::sodium_memcmp(a.as_ptr() as _, b.as_ptr() as _, len) } == 0, "memcmp");
        cases += 6;
    }
    assert!(sodium_is_zero(&[0; 33]) && sodium_is_zero(&[]));
    assert!(matches!(sodium_add(&mut [0; 4], &[0; 5]), Err(Error::InvalidLength { .. })));

    // Padding: every length against every block size up to 20.
    for block in 1..=20usize {
        for len in 0..=45usize {
            let data = bytes(&mut rng, len);
            let mut buf = data.clone();
            buf.resize(len + block, 0xaa);
            let mut padded_len = 0usize;
            assert_eq!(unsafe { ffi::sodium_pad(&mut padded_len, buf.as_mut_ptr(), len, block, buf.len()) }, 0);
            let padded = sodium_pad(&data, block).unwrap();
            assert_eq!(padded, buf[..padded_len], "pad {len} to {block}");
            let mut unpadded = 0usize;
            assert_eq!(unsafe { ffi::sodium_unpad(&mut unpadded, padded.as_ptr(), padded.len(), block) }, 0);
            assert_eq!(sodium_unpad(&padded, block).unwrap(), unpadded);
            assert_eq!(unpadded, len);
            // A corrupted last block: same verdict (and length) in both.
            let bad = flip_bit(&mut rng, &padded[padded.len() - block..]);
            let mut corrupted = padded.clone();
            let at = corrupted.len() - block;
            corrupted[at..].copy_from_slice(&bad);
            let theirs = unsafe { ffi::sodium_unpad(&mut unpadded, corrupted.as_ptr(), corrupted.len(), block) };
            match sodium_unpad(&corrupted, block) {
                Ok(n) => assert_eq!((theirs, n), (0, unpadded), "unpad corrupted"),
                Err(Error::InvalidEncoding { .. }) => assert_eq!(theirs, -1, "unpad corrupted"),
                Err(e) => panic!("unpad: {e:?}"),
            }
            cases += 3;
        }
        // Shorter than a block: refused by both.
        let short = bytes(&mut rng, block - 1);
        let mut unpadded = 0usize;
        assert_eq!(unsafe { ffi::sodium_unpad(&mut unpadded, short.as_ptr(), short.len(), block) }, -1);
        assert!(matches!(sodium_unpad(&short, block), Err(Error::InvalidEncoding { .. })));
    }
    assert!(matches!(sodium_pad(b"", 0), Err(Error::InvalidParameter { .. })));
    assert!(matches!(sodium_unpad(b"\x80", 0), Err(Error::InvalidParameter { .. })));

    // Deterministic random bytes.
    for &len in LENGTHS.iter().chain(&[1 << 20]) {
        let seed = array::<32>(&mut rng);
        let mut theirs = vec![0u8; len];
        unsafe { ffi::randombytes_buf_deterministic(theirs.as_mut_ptr() as _, len, seed.as_ptr()) };
        assert_eq!(randombytes_buf_deterministic(len, &seed).unwrap(), theirs, "{len} bytes");
        cases += 1;
    }
    assert_eq!(RANDOMBYTES_SEEDBYTES, unsafe { ffi::randombytes_seedbytes() });
    report("utils", cases);
}

// ---------------------------------------------------------------- vector generation

/// Writes `vectors/secretstream/secretstream-xchacha20poly1305-libsodium.json`
/// from libsodium alone (Saline is not called), then
/// `python3 vectors/tools/normalize.py` puts it in the canonical layout and
/// lists it in SOURCES.md. Run with
/// `cargo test -p saline --test libsodium_parity -- --ignored generate_secretstream_vectors`.
/// The header is drawn from the seeded generator and given to libsodium's
/// `init_pull`, whose state is the one `init_push` derives from that header,
/// so that the file is reproducible.
#[test]
#[ignore = "writes vectors/; run by hand to regenerate"]
fn generate_secretstream_vectors() {
    use secretstream::*;
    use serde_json::json;
    let mut rng = setup("secretstream vectors");
    let mut cases = Vec::new();
    let chunk_json = |m: &[u8], ad: &[u8], tag: u8, c: &[u8], rekey: bool| {
        let mut v = json!({ "msg": hex::encode(m), "ad": hex::encode(ad), "tag": tag, "c": hex::encode(c) });
        if rekey {
            v["rekey"] = json!(true);
        }
        v
    };
    // Valid streams: every tag, lengths around the block boundaries,
    // associated data, and explicit rekeys.
    let sizes = [0usize, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 1000];
    for (n, &size) in sizes.iter().enumerate() {
        let (key, header) = (array::<32>(&mut rng), array::<24>(&mut rng));
        let mut state = init_pull(&header, &key);
        let mut chunks = Vec::new();
        let count = 1 + n % 4;
        for i in 0..count {
            let tag = if i + 1 == count { ss_tag_final() } else { TAGS[(n + i) % 3] };
            let len = if i == 0 { size } else { below(&mut rng, 80) };
            let m = bytes(&mut rng, len);
            let ad_len = if (n + i) % 2 == 0 { 0 } else { 1 + below(&mut rng, 40) };
            let ad = bytes(&mut rng, ad_len);
            let c = push(&mut state, &m, &ad, tag);
            let rekey = i + 1 < count && (n + i) % 3 == 2;
            if rekey {
                secretstream::rekey(&mut state);
            }
            chunks.push(chunk_json(&m, &ad, tag, &c, rekey));
        }
        cases.push(json!({ "id": format!("stream-{n}"), "comment": format!("{count} chunks, the first {size} bytes"),
            "result": "valid", "key": hex::encode(key), "header": hex::encode(header), "chunks": chunks }));
    }
    // Invalid streams: the last chunk must be refused.
    let tampers = [
        "flipped ciphertext bit",
        "flipped MAC bit",
        "flipped tag byte bit",
        "other associated data",
        "truncated below ABYTES",
        "the third chunk in place of the second",
    ];
    for (n, what) in tampers.iter().enumerate() {
        let (key, header) = (array::<32>(&mut rng), array::<24>(&mut rng));
        let mut state = init_pull(&header, &key);
        let mut raw = Vec::new();
        for i in 0..3 {
            let len = 1 + below(&mut rng, 70);
            let m = bytes(&mut rng, len);
            let ad = if i == 2 { bytes(&mut rng, 5) } else { vec![] };
            let tag = if i == 2 { ss_tag_final() } else { 0 };
            let c = push(&mut state, &m, &ad, tag);
            raw.push((m, ad, tag, c));
        }
        let last = raw.last_mut().unwrap();
        let len = last.3.len();
        match n {
            0 => last.3[1 + below(&mut rng, len - 17)] ^= 1 << below(&mut rng, 8),
            1 => last.3[len - 1 - below(&mut rng, 16)] ^= 1 << below(&mut rng, 8),
            2 => last.3[0] ^= 1,
            3 => last.1.push(0),
            4 => last.3.truncate(16),
            _ => {
                raw.swap(1, 2);
                raw.truncate(2);
            }
        }
        // libsodium itself refuses the tampered last chunk after the others.
        let mut check = init_pull(&header, &key);
        for (i, (m, ad, tag, c)) in raw.iter().enumerate() {
            let pulled = pull(&mut check, c, ad);
            if i + 1 < raw.len() {
                assert_eq!(pulled, Some((m.clone(), *tag)), "{what}");
            } else {
                assert_eq!(pulled, None, "{what}");
            }
        }
        let last = raw.len() - 1;
        let chunks: Vec<_> = raw.iter().enumerate().map(|(i, (m, ad, tag, c))| {
            if i == last { json!({ "ad": hex::encode(ad), "c": hex::encode(c) }) } else { chunk_json(m, ad, *tag, c, false) }
        }).collect();
        cases.push(json!({ "id": format!("invalid-{n}"), "comment": format!("{what}: the last chunk is refused"),
            "result": "invalid", "key": hex::encode(key), "header": hex::encode(header), "chunks": chunks }));
    }
    let version = unsafe { std::ffi::CStr::from_ptr(ffi::sodium_version_string()) }.to_str().unwrap().to_owned();
    let file = json!({
        "source": format!("generated from libsodium {version} (libsodium-sys-stable) by crates/saline/tests/libsodium_parity.rs generate_secretstream_vectors"),
        "license": "ISC (libsodium)",
        "algorithm": "secretstream-xchacha20-poly1305",
        "kind": "secretstream",
        "cases": cases,
    });
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors/secretstream");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("secretstream-xchacha20poly1305-libsodium.json"), serde_json::to_string_pretty(&file).unwrap()).unwrap();
}

fn ss_tag_final() -> u8 {
    saline::sodium::secretstream::TAG_FINAL
}

// ---------------------------------------------------------------- crypto_stream

#[test]
fn streams_match_libsodium() {
    use saline::sodium::stream::*;
    type Sodium64 = unsafe extern "C" fn(*mut u8, *const u8, u64, *const u8, u64, *const u8) -> i32;
    type Saline64 = fn(&[u8], &[u8], u64, &[u8]) -> saline::Result<Vec<u8>>;
    let mut rng = setup("streams");
    let mut cases = 0;
    let families: [(&str, usize, Sodium64, Saline64); 4] = [
        ("chacha20", 8, ffi::crypto_stream_chacha20_xor_ic, crypto_stream_chacha20_xor_ic),
        ("xchacha20", 24, ffi::crypto_stream_xchacha20_xor_ic, crypto_stream_xchacha20_xor_ic),
        ("salsa20", 8, ffi::crypto_stream_salsa20_xor_ic, crypto_stream_salsa20_xor_ic),
        ("xsalsa20", 24, ffi::crypto_stream_xsalsa20_xor_ic, crypto_stream_xsalsa20_xor_ic),
    ];
    for (name, nonce_len, sodium, ours) in families {
        for &len in LENGTHS {
            let (key, nonce, message) = (array::<32>(&mut rng), bytes(&mut rng, nonce_len), bytes(&mut rng, len));
            // Small counters, counters that cross 2^32 within the message
            // (djb ChaCha20 carries into the next word), and large ones.
            let ic = match below(&mut rng, 3) {
                0 => rng.next_u64() % 1000,
                1 => (1u64 << 32) - 1 - rng.next_u64() % 3,
                _ => rng.next_u64() >> 8,
            };
            let mut theirs = vec![0u8; len];
            assert_eq!(unsafe { sodium(theirs.as_mut_ptr(), message.as_ptr(), len as u64, nonce.as_ptr(), ic, key.as_ptr()) }, 0);
            assert_eq!(ours(&message, &nonce, ic, &key).unwrap(), theirs, "{name} xor_ic, {len} bytes, ic {ic:#x}");
            cases += 1;
        }
        assert!(matches!(ours(b"", &vec![0; nonce_len - 1], 0, &[0; 32]), Err(Error::InvalidLength { what: "nonce", .. })));
        assert!(matches!(ours(b"", &vec![0; nonce_len], 0, &[0; 31]), Err(Error::InvalidLength { what: "key", .. })));
    }
    // The plain keystreams and _xor.
    for &len in LENGTHS {
        let key = array::<32>(&mut rng);
        let (n8, n12, n24) = (array::<8>(&mut rng), array::<12>(&mut rng), array::<24>(&mut rng));
        let mut theirs = vec![0u8; len];
        unsafe { ffi::crypto_stream_chacha20(theirs.as_mut_ptr(), len as u64, n8.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_chacha20(len, &n8, &key).unwrap(), theirs);
        unsafe { ffi::crypto_stream_chacha20_ietf(theirs.as_mut_ptr(), len as u64, n12.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_chacha20_ietf(len, &n12, &key).unwrap(), theirs);
        unsafe { ffi::crypto_stream_xchacha20(theirs.as_mut_ptr(), len as u64, n24.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_xchacha20(len, &n24, &key).unwrap(), theirs);
        unsafe { ffi::crypto_stream_salsa20(theirs.as_mut_ptr(), len as u64, n8.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_salsa20(len, &n8, &key).unwrap(), theirs);
        unsafe { ffi::crypto_stream_xsalsa20(theirs.as_mut_ptr(), len as u64, n24.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_xsalsa20(len, &n24, &key).unwrap(), theirs);
        let message = bytes(&mut rng, len);
        unsafe { ffi::crypto_stream_chacha20_ietf_xor(theirs.as_mut_ptr(), message.as_ptr(), len as u64, n12.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_chacha20_ietf_xor(&message, &n12, &key).unwrap(), theirs);
        unsafe { ffi::crypto_stream_xchacha20_xor(theirs.as_mut_ptr(), message.as_ptr(), len as u64, n24.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_xchacha20_xor(&message, &n24, &key).unwrap(), theirs);
        unsafe { ffi::crypto_stream_chacha20_xor(theirs.as_mut_ptr(), message.as_ptr(), len as u64, n8.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_chacha20_xor(&message, &n8, &key).unwrap(), theirs);
        unsafe { ffi::crypto_stream_salsa20_xor(theirs.as_mut_ptr(), message.as_ptr(), len as u64, n8.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_salsa20_xor(&message, &n8, &key).unwrap(), theirs);
        unsafe { ffi::crypto_stream_xsalsa20_xor(theirs.as_mut_ptr(), message.as_ptr(), len as u64, n24.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_stream_xsalsa20_xor(&message, &n24, &key).unwrap(), theirs);
        // IETF from a random counter, up to the very last block (2^32 − 1).
        let ic = if below(&mut rng, 2) == 0 {
            (rng.next_u64() % 1000) as u32
        } else {
            ((1u64 << 32) - (len as u64).div_ceil(64).max(1)) as u32
        };
        unsafe { ffi::crypto_stream_chacha20_ietf_xor_ic(theirs.as_mut_ptr(), message.as_ptr(), len as u64, n12.as_ptr(), ic, key.as_ptr()) };
        assert_eq!(crypto_stream_chacha20_ietf_xor_ic(&message, &n12, ic, &key).unwrap(), theirs, "ietf ic {ic:#x}, {len} bytes");
        cases += 11;
    }
    // Past the IETF counter: refused (libsodium aborts the process).
    assert!(matches!(crypto_stream_chacha20_ietf_xor_ic(&[0; 65], &[0; 12], u32::MAX, &[0; 32]), Err(Error::OutputLimit { .. })));
    unsafe {
        assert_eq!(
            [KEYBYTES, CHACHA20_NONCEBYTES, CHACHA20_IETF_NONCEBYTES, XCHACHA20_NONCEBYTES, SALSA20_NONCEBYTES, XSALSA20_NONCEBYTES],
            [
                ffi::crypto_stream_chacha20_keybytes(),
                ffi::crypto_stream_chacha20_noncebytes(),
                ffi::crypto_stream_chacha20_ietf_noncebytes(),
                ffi::crypto_stream_xchacha20_noncebytes(),
                ffi::crypto_stream_salsa20_noncebytes(),
                ffi::crypto_stream_xsalsa20_noncebytes(),
            ]
        );
        assert_eq!(CHACHA20_IETF_MESSAGEBYTES_MAX, ffi::crypto_stream_chacha20_ietf_messagebytes_max() as u64);
    }
    report("crypto_stream", cases);
}

// ---------------------------------------------------------------- boxes

#[test]
fn xchacha20_secretbox_matches_libsodium() {
    use saline::sodium::secretbox::*;
    let mut rng = setup("secretbox xchacha20");
    let mut cases = 0;
    for &len in LENGTHS.iter().chain(&[1 << 16]) {
        let (key, nonce, message) = (array::<32>(&mut rng), array::<24>(&mut rng), bytes(&mut rng, len));
        let mut theirs = vec![0u8; len + 16];
        unsafe { ffi::crypto_secretbox_xchacha20poly1305_easy(theirs.as_mut_ptr(), message.as_ptr(), len as u64, nonce.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_secretbox_xchacha20poly1305_easy(&message, &nonce, &key).unwrap(), theirs, "{len} bytes");
        // The same construction as the catalog AEAD xchacha20-poly1305-secretbox (tag first, no aad).
        let generic = saline::Algorithm::XChaCha20Poly1305Secretbox;
        assert_eq!(saline::aead::seal(generic, &key, &nonce, b"", &message).unwrap(), theirs);
        assert_eq!(saline::aead::open(generic, &key, &nonce, b"", &theirs).unwrap(), message);
        assert!(matches!(saline::aead::seal(generic, &key, &nonce, b"ad", &message), Err(Error::UnsupportedOption { .. })));
        let (c, tag) = crypto_secretbox_xchacha20poly1305_detached(&message, &nonce, &key).unwrap();
        assert_eq!((&tag[..], &c[..]), (&theirs[..16], &theirs[16..]));
        assert_eq!(crypto_secretbox_xchacha20poly1305_open_easy(&theirs, &nonce, &key).unwrap(), message);
        assert_eq!(crypto_secretbox_xchacha20poly1305_open_detached(&c, &tag, &nonce, &key).unwrap(), message);
        let forged = flip_bit(&mut rng, &theirs);
        let mut out = vec![0u8; len];
        let rc = unsafe { ffi::crypto_secretbox_xchacha20poly1305_open_easy(out.as_mut_ptr(), forged.as_ptr(), forged.len() as u64, nonce.as_ptr(), key.as_ptr()) };
        assert_eq!(rc, -1);
        assert_verification_failed("xchacha20 secretbox", crypto_secretbox_xchacha20poly1305_open_easy(&forged, &nonce, &key));
        // And the XSalsa20 box under its libsodium names.
        unsafe { ffi::crypto_secretbox_easy(theirs.as_mut_ptr(), message.as_ptr(), len as u64, nonce.as_ptr(), key.as_ptr()) };
        assert_eq!(crypto_secretbox_easy(&message, &nonce, &key).unwrap(), theirs);
        assert_eq!(crypto_secretbox_open_easy(&theirs, &nonce, &key).unwrap(), message);
        cases += 6;
    }
    for len in 0..16 {
        assert!(matches!(crypto_secretbox_xchacha20poly1305_open_easy(&vec![0; len], &[0; 24], &[0; 32]), Err(Error::InvalidLength { .. })));
    }
    unsafe {
        assert_eq!(
            [KEYBYTES, NONCEBYTES, MACBYTES],
            [
                ffi::crypto_secretbox_xchacha20poly1305_keybytes(),
                ffi::crypto_secretbox_xchacha20poly1305_noncebytes(),
                ffi::crypto_secretbox_xchacha20poly1305_macbytes()
            ]
        );
    }
    report("secretbox xchacha20", cases);
}

#[test]
fn boxes_match_libsodium() {
    use saline::sodium::crypto_box::*;
    let mut rng = setup("boxes");
    let mut cases = 0;
    for &len in LENGTHS {
        let (seed_a, seed_b) = (array::<32>(&mut rng), array::<32>(&mut rng));
        let (apk, ask) = crypto_box_seed_keypair(&seed_a).unwrap();
        let (bpk, bsk) = crypto_box_curve25519xchacha20poly1305_seed_keypair(&seed_b).unwrap();
        for (seed, pk, sk) in [(&seed_a, &apk, &ask), (&seed_b, &bpk, &bsk)] {
            let (mut tpk, mut tsk, mut xpk, mut xsk) = ([0u8; 32], [0u8; 32], [0u8; 32], [0u8; 32]);
            unsafe {
                ffi::crypto_box_seed_keypair(tpk.as_mut_ptr(), tsk.as_mut_ptr(), seed.as_ptr());
                ffi::crypto_box_curve25519xchacha20poly1305_seed_keypair(xpk.as_mut_ptr(), xsk.as_mut_ptr(), seed.as_ptr());
            }
            assert_eq!((*pk, **sk), (tpk, tsk));
            assert_eq!((*pk, **sk), (xpk, xsk));
        }
        let (nonce, message) = (array::<24>(&mut rng), bytes(&mut rng, len));

        // curve25519xsalsa20poly1305: easy, detached, afternm.
        let mut theirs = vec![0u8; len + 16];
        unsafe { ffi::crypto_box_easy(theirs.as_mut_ptr(), message.as_ptr(), len as u64, nonce.as_ptr(), bpk.as_ptr(), ask.as_ptr()) };
        assert_eq!(crypto_box_easy(&message, &nonce, &bpk, &ask[..]).unwrap(), theirs);
        assert_eq!(crypto_box_open_easy(&theirs, &nonce, &apk, &bsk[..]).unwrap(), message);
        let (c, tag) = crypto_box_detached(&message, &nonce, &bpk, &ask[..]).unwrap();
        assert_eq!((&tag[..], &c[..]), (&theirs[..16], &theirs[16..]));
        assert_eq!(crypto_box_open_detached(&c, &tag, &nonce, &apk, &bsk[..]).unwrap(), message);
        let mut k = [0u8; 32];
        unsafe { ffi::crypto_box_beforenm(k.as_mut_ptr(), bpk.as_ptr(), ask.as_ptr()) };
        assert_eq!(*crypto_box_beforenm(&bpk, &ask[..]).unwrap(), k);
        assert_eq!(crypto_box_easy_afternm(&message, &nonce, &k).unwrap(), theirs);
        let (mut tc, mut ttag) = (vec![0u8; len], [0u8; 16]);
        unsafe { ffi::crypto_box_detached_afternm(tc.as_mut_ptr(), ttag.as_mut_ptr(), message.as_ptr(), len as u64, nonce.as_ptr(), k.as_ptr()) };
        assert_eq!(crypto_box_detached_afternm(&message, &nonce, &k).unwrap(), (tc.clone(), ttag));
        assert_eq!(crypto_box_open_detached_afternm(&tc, &ttag, &nonce, &k).unwrap(), message);
        assert_eq!(crypto_box_open_easy_afternm(&theirs, &nonce, &k).unwrap(), message);
        let forged = flip_bit(&mut rng, &theirs);
        let mut out = vec![0u8; len];
        assert_eq!(unsafe { ffi::crypto_box_open_easy_afternm(out.as_mut_ptr(), forged.as_ptr(), forged.len() as u64, nonce.as_ptr(), k.as_ptr()) }, -1);
        assert_verification_failed("box afternm", crypto_box_open_easy_afternm(&forged, &nonce, &k));
        cases += 9;

        // curve25519xchacha20poly1305.
        unsafe { ffi::crypto_box_curve25519xchacha20poly1305_easy(theirs.as_mut_ptr(), message.as_ptr(), len as u64, nonce.as_ptr(), bpk.as_ptr(), ask.as_ptr()) };
        assert_eq!(crypto_box_curve25519xchacha20poly1305_easy(&message, &nonce, &bpk, &ask[..]).unwrap(), theirs);
        assert_eq!(crypto_box_curve25519xchacha20poly1305_open_easy(&theirs, &nonce, &apk, &bsk[..]).unwrap(), message);
        let (c, tag) = crypto_box_curve25519xchacha20poly1305_detached(&message, &nonce, &bpk, &ask[..]).unwrap();
        assert_eq!((&tag[..], &c[..]), (&theirs[..16], &theirs[16..]));
        assert_eq!(crypto_box_curve25519xchacha20poly1305_open_detached(&c, &tag, &nonce, &apk, &bsk[..]).unwrap(), message);
        unsafe { ffi::crypto_box_curve25519xchacha20poly1305_beforenm(k.as_mut_ptr(), bpk.as_ptr(), ask.as_ptr()) };
        assert_eq!(*crypto_box_curve25519xchacha20poly1305_beforenm(&bpk, &ask[..]).unwrap(), k);
        assert_eq!(crypto_box_curve25519xchacha20poly1305_easy_afternm(&message, &nonce, &k).unwrap(), theirs);
        assert_eq!(crypto_box_curve25519xchacha20poly1305_open_easy_afternm(&theirs, &nonce, &k).unwrap(), message);
        let forged = flip_bit(&mut rng, &theirs);
        let rc = unsafe {
            ffi::crypto_box_curve25519xchacha20poly1305_open_easy(out.as_mut_ptr(), forged.as_ptr(), forged.len() as u64, nonce.as_ptr(), apk.as_ptr(), bsk.as_ptr())
        };
        assert_eq!(rc, -1);
        assert_verification_failed("xchacha20 box", crypto_box_curve25519xchacha20poly1305_open_easy(&forged, &nonce, &apk, &bsk[..]));

        // Sealed boxes: random ephemeral keys, so each opens the other's.
        let ours = crypto_box_curve25519xchacha20poly1305_seal(&message, &bpk).unwrap();
        let mut theirs_sealed = vec![0u8; len + 48];
        unsafe { ffi::crypto_box_curve25519xchacha20poly1305_seal(theirs_sealed.as_mut_ptr(), message.as_ptr(), len as u64, bpk.as_ptr()) };
        let mut opened = vec![0u8; len];
        let rc = unsafe { ffi::crypto_box_curve25519xchacha20poly1305_seal_open(opened.as_mut_ptr(), ours.as_ptr(), ours.len() as u64, bpk.as_ptr(), bsk.as_ptr()) };
        assert_eq!((rc, &opened), (0, &message));
        assert_eq!(crypto_box_curve25519xchacha20poly1305_seal_open(&theirs_sealed, &bpk, &bsk[..]).unwrap(), message);
        let forged = flip_bit(&mut rng, &theirs_sealed);
        let rc = unsafe { ffi::crypto_box_curve25519xchacha20poly1305_seal_open(opened.as_mut_ptr(), forged.as_ptr(), forged.len() as u64, bpk.as_ptr(), bsk.as_ptr()) };
        assert_eq!(rc, -1);
        assert_verification_failed("xchacha20 sealed box", crypto_box_curve25519xchacha20poly1305_seal_open(&forged, &bpk, &bsk[..]));
        cases += 10;
    }
    // Small-order peer keys: refused by both, for both boxes.
    let (_, sk) = crypto_box_seed_keypair(&[7; 32]).unwrap();
    let mut k = [0u8; 32];
    for small in [[0u8; 32], { let mut one = [0u8; 32]; one[0] = 1; one }] {
        assert_eq!(unsafe { ffi::crypto_box_curve25519xchacha20poly1305_beforenm(k.as_mut_ptr(), small.as_ptr(), sk.as_ptr()) }, -1);
        assert!(matches!(crypto_box_curve25519xchacha20poly1305_beforenm(&small, &sk[..]), Err(Error::InvalidEncoding { .. })));
        assert_eq!(unsafe { ffi::crypto_box_beforenm(k.as_mut_ptr(), small.as_ptr(), sk.as_ptr()) }, -1);
        assert!(matches!(crypto_box_beforenm(&small, &sk[..]), Err(Error::InvalidEncoding { .. })));
        cases += 2;
    }
    unsafe {
        assert_eq!(SEALBYTES, ffi::crypto_box_curve25519xchacha20poly1305_sealbytes());
        assert_eq!(SEALBYTES, ffi::crypto_box_sealbytes());
        assert_eq!(NONCEBYTES, ffi::crypto_box_curve25519xchacha20poly1305_noncebytes());
        assert_eq!(MACBYTES, ffi::crypto_box_curve25519xchacha20poly1305_macbytes());
    }
    report("boxes", cases);
}

// ---------------------------------------------------------------- crypto_sign

/// libsodium's Ed25519ph: the signature of `message` fed in random pieces.
fn sodium_ph_sign(rng: &mut ChaCha20Rng, message: &[u8], sk: &[u8; 64]) -> [u8; 64] {
    let mut state = std::mem::MaybeUninit::<ffi::crypto_sign_state>::uninit();
    let mut sig = [0u8; 64];
    unsafe {
        ffi::crypto_sign_init(state.as_mut_ptr());
        let split = below(rng, message.len() + 1);
        ffi::crypto_sign_update(state.as_mut_ptr(), message.as_ptr(), split as u64);
        ffi::crypto_sign_update(state.as_mut_ptr(), message[split..].as_ptr(), (message.len() - split) as u64);
        assert_eq!(ffi::crypto_sign_final_create(state.as_mut_ptr(), sig.as_mut_ptr(), std::ptr::null_mut(), sk.as_ptr()), 0);
    }
    sig
}

fn sodium_ph_verify(message: &[u8], sig: &[u8; 64], pk: &[u8; 32]) -> bool {
    let mut state = std::mem::MaybeUninit::<ffi::crypto_sign_state>::uninit();
    unsafe {
        ffi::crypto_sign_init(state.as_mut_ptr());
        ffi::crypto_sign_update(state.as_mut_ptr(), message.as_ptr(), message.len() as u64);
        ffi::crypto_sign_final_verify(state.as_mut_ptr(), sig.as_ptr(), pk.as_ptr()) == 0
    }
}

#[test]
fn sign_matches_libsodium() {
    use saline::sodium::sign::*;
    let mut rng = setup("sign");
    let mut cases = 0;
    let ours_ph_verify = |message: &[u8], sig: &[u8], pk: &[u8]| {
        let mut state = crypto_sign_init();
        crypto_sign_update(&mut state, message);
        crypto_sign_final_verify(&state, sig, pk)
    };
    for &len in LENGTHS {
        let seed = array::<32>(&mut rng);
        let (pk, sk) = crypto_sign_seed_keypair(&seed).unwrap();
        let (mut tpk, mut tsk) = ([0u8; 32], [0u8; 64]);
        unsafe { ffi::crypto_sign_seed_keypair(tpk.as_mut_ptr(), tsk.as_mut_ptr(), seed.as_ptr()) };
        assert_eq!((pk, *sk), (tpk, tsk));
        let (mut seed_out, mut pk_out) = ([0u8; 32], [0u8; 32]);
        unsafe {
            ffi::crypto_sign_ed25519_sk_to_seed(seed_out.as_mut_ptr(), tsk.as_ptr());
            ffi::crypto_sign_ed25519_sk_to_pk(pk_out.as_mut_ptr(), tsk.as_ptr());
        }
        assert_eq!(*crypto_sign_ed25519_sk_to_seed(&sk[..]).unwrap(), seed_out);
        assert_eq!(crypto_sign_ed25519_sk_to_pk(&sk[..]).unwrap(), pk_out);

        let message = bytes(&mut rng, len);
        let mut theirs = [0u8; 64];
        unsafe { ffi::crypto_sign_detached(theirs.as_mut_ptr(), std::ptr::null_mut(), message.as_ptr(), len as u64, tsk.as_ptr()) };
        assert_eq!(crypto_sign_detached(&message, &sk[..]).unwrap(), theirs);
        crypto_sign_verify_detached(&theirs, &message, &pk).unwrap();

        // Ed25519ph, streamed in pieces on our side too.
        let theirs_ph = sodium_ph_sign(&mut rng, &message, &tsk);
        let mut state = crypto_sign_init();
        let split = below(&mut rng, len + 1);
        crypto_sign_update(&mut state, &message[..split]);
        crypto_sign_update(&mut state, &message[split..]);
        assert_eq!(crypto_sign_final_create(&state, &sk[..]).unwrap(), theirs_ph, "ed25519ph, {len} bytes");
        crypto_sign_final_verify(&state, &theirs_ph, &pk).unwrap();
        assert!(sodium_ph_verify(&message, &theirs_ph, &pk));
        // An Ed25519ph signature is not an Ed25519 one, nor the reverse.
        assert!(ours_ph_verify(&message, &theirs, &pk).is_err());
        assert!(!sodium_ph_verify(&message, &theirs, &pk));
        cases += 6;

        // Failure cases: flipped bits in the signature, message or key.
        for _ in 0..3 {
            let sig = flip_bit(&mut rng, &theirs_ph);
            let sig: [u8; 64] = sig.try_into().unwrap();
            let theirs_ok = sodium_ph_verify(&message, &sig, &pk);
            assert_eq!(ours_ph_verify(&message, &sig, &pk).is_ok(), theirs_ok, "ph verify, flipped signature");
            let other_pk: [u8; 32] = flip_bit(&mut rng, &pk).try_into().unwrap();
            let theirs_ok = sodium_ph_verify(&message, &theirs_ph, &other_pk);
            assert_eq!(ours_ph_verify(&message, &theirs_ph, &other_pk).is_ok(), theirs_ok, "ph verify, other key");
            if !message.is_empty() {
                let other = flip_bit(&mut rng, &message);
                assert!(!sodium_ph_verify(&other, &theirs_ph, &pk));
                assert_verification_failed("ph verify, other message", ours_ph_verify(&other, &theirs_ph, &pk));
            }
            cases += 3;
        }
        // S + ℓ (non-canonical S): both refuse.
        let mut high_s = theirs_ph;
        let l: [u8; 32] = [
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0x10,
        ];
        let mut carry = 0u16;
        for i in 0..32 {
            carry += u16::from(high_s[32 + i]) + u16::from(l[i]);
            high_s[32 + i] = carry as u8;
            carry >>= 8;
        }
        assert!(!sodium_ph_verify(&message, &high_s, &pk));
        assert_verification_failed("ph verify, S + L", ours_ph_verify(&message, &high_s, &pk));
        cases += 1;
    }
    // A secret key whose halves disagree: libsodium signs, Saline refuses.
    let (_, mut sk) = crypto_sign_seed_keypair(&[1; 32]).unwrap();
    sk[40] ^= 1;
    assert!(matches!(crypto_sign_final_create(&crypto_sign_init(), &sk[..]), Err(Error::InvalidEncoding { .. })));
    unsafe {
        assert_eq!(
            [PUBLICKEYBYTES, SECRETKEYBYTES, SEEDBYTES, BYTES],
            [ffi::crypto_sign_publickeybytes(), ffi::crypto_sign_secretkeybytes(), ffi::crypto_sign_seedbytes(), ffi::crypto_sign_bytes()]
        );
    }
    report("crypto_sign", cases);
}

// ---------------------------------------------------------------- Edwards25519 and Ristretto255

/// Point encodings that exercise libsodium's rules: the eight small-order
/// points, non-canonical y ≥ p, both sign bits, mixed-order points, random
/// bytes (about half are on the curve) and valid points.
fn adversarial_encodings(rng: &mut ChaCha20Rng) -> Vec<[u8; 32]> {
    use curve25519_dalek::constants::EIGHT_TORSION;
    let mut out = Vec::new();
    for t in EIGHT_TORSION.iter() {
        let e = t.compress().to_bytes();
        out.push(e);
        let mut flipped = e;
        flipped[31] ^= 0x80;
        out.push(flipped);
    }
    // y = p + k for small k (p = 2^255 − 19), with and without the sign bit.
    for k in 0..20u8 {
        let mut e = [0xffu8; 32];
        e[31] = 0x7f;
        e[0] = 0xed_u8.wrapping_add(k);
        if k >= 0x13 {
            continue;
        }
        out.push(e);
        e[31] |= 0x80;
        out.push(e);
    }
    for _ in 0..24 {
        let valid = saline::sodium::core_ed25519::crypto_core_ed25519_from_uniform(&array::<32>(rng)).unwrap();
        out.push(valid);
        let t = EIGHT_TORSION[1 + below(rng, 7)];
        let mixed = curve25519_dalek::edwards::CompressedEdwardsY(valid).decompress().unwrap() + t;
        out.push(mixed.compress().to_bytes());
        out.push(array::<32>(rng));
    }
    out
}

/// Scalars: random, zero, ℓ, ℓ ± 1, 2^255 and above, all ones.
fn adversarial_scalars(rng: &mut ChaCha20Rng) -> Vec<[u8; 32]> {
    let l: [u8; 32] = [
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0x10,
    ];
    let mut l_plus_1 = l;
    l_plus_1[0] += 1;
    let mut l_minus_1 = l;
    l_minus_1[0] -= 1;
    let mut top = [0u8; 32];
    top[31] = 0x80;
    let mut out = vec![[0u8; 32], l, l_plus_1, l_minus_1, top, [0xff; 32], { let mut one = [0u8; 32]; one[0] = 1; one }];
    for _ in 0..12 {
        out.push(array::<32>(rng));
    }
    out
}

fn sodium_ok(rc: i32) -> bool {
    rc == 0
}

#[test]
fn core_ed25519_matches_libsodium() {
    use saline::sodium::core_ed25519::*;
    let mut rng = setup("core ed25519");
    let mut cases = 0;
    let points = adversarial_encodings(&mut rng);
    let scalars = adversarial_scalars(&mut rng);
    let valid = crypto_core_ed25519_from_uniform(&array::<32>(&mut rng)).unwrap();
    for p in &points {
        let theirs = unsafe { ffi::crypto_core_ed25519_is_valid_point(p.as_ptr()) } == 1;
        assert_eq!(crypto_core_ed25519_is_valid_point(p).unwrap(), theirs, "is_valid_point {}", hex::encode(p));
        for (a, b) in [(p, &valid), (&valid, p), (p, p)] {
            let mut r = [0u8; 32];
            let ok = sodium_ok(unsafe { ffi::crypto_core_ed25519_add(r.as_mut_ptr(), a.as_ptr(), b.as_ptr()) });
            assert_eq!(crypto_core_ed25519_add(a, b).ok(), ok.then_some(r), "add {} {}", hex::encode(a), hex::encode(b));
            let ok = sodium_ok(unsafe { ffi::crypto_core_ed25519_sub(r.as_mut_ptr(), a.as_ptr(), b.as_ptr()) });
            assert_eq!(crypto_core_ed25519_sub(a, b).ok(), ok.then_some(r), "sub {} {}", hex::encode(a), hex::encode(b));
            cases += 2;
        }
        for n in scalars.iter().take(8) {
            let mut r = [0u8; 32];
            let ok = sodium_ok(unsafe { ffi::crypto_scalarmult_ed25519(r.as_mut_ptr(), n.as_ptr(), p.as_ptr()) });
            assert_eq!(crypto_scalarmult_ed25519(n, p).ok(), ok.then_some(r), "scalarmult {} {}", hex::encode(n), hex::encode(p));
            let ok = sodium_ok(unsafe { ffi::crypto_scalarmult_ed25519_noclamp(r.as_mut_ptr(), n.as_ptr(), p.as_ptr()) });
            assert_eq!(crypto_scalarmult_ed25519_noclamp(n, p).ok(), ok.then_some(r), "noclamp {} {}", hex::encode(n), hex::encode(p));
            cases += 2;
        }
        cases += 1;
    }
    for n in &scalars {
        let mut r = [0u8; 32];
        let ok = sodium_ok(unsafe { ffi::crypto_scalarmult_ed25519_base(r.as_mut_ptr(), n.as_ptr()) });
        assert_eq!(crypto_scalarmult_ed25519_base(n).ok(), ok.then_some(r), "base {}", hex::encode(n));
        let ok = sodium_ok(unsafe { ffi::crypto_scalarmult_ed25519_base_noclamp(r.as_mut_ptr(), n.as_ptr()) });
        assert_eq!(crypto_scalarmult_ed25519_base_noclamp(n).ok(), ok.then_some(r), "base noclamp {}", hex::encode(n));
        for m in &scalars {
            let mut theirs = [0u8; 32];
            unsafe { ffi::crypto_core_ed25519_scalar_add(theirs.as_mut_ptr(), n.as_ptr(), m.as_ptr()) };
            assert_eq!(crypto_core_ed25519_scalar_add(n, m).unwrap(), theirs, "scalar_add {} {}", hex::encode(n), hex::encode(m));
            unsafe { ffi::crypto_core_ed25519_scalar_sub(theirs.as_mut_ptr(), n.as_ptr(), m.as_ptr()) };
            assert_eq!(crypto_core_ed25519_scalar_sub(n, m).unwrap(), theirs, "scalar_sub");
            unsafe { ffi::crypto_core_ed25519_scalar_mul(theirs.as_mut_ptr(), n.as_ptr(), m.as_ptr()) };
            assert_eq!(crypto_core_ed25519_scalar_mul(n, m).unwrap(), theirs, "scalar_mul");
            cases += 3;
        }
        let mut theirs = [0u8; 32];
        unsafe { ffi::crypto_core_ed25519_scalar_negate(theirs.as_mut_ptr(), n.as_ptr()) };
        assert_eq!(crypto_core_ed25519_scalar_negate(n).unwrap(), theirs, "negate {}", hex::encode(n));
        unsafe { ffi::crypto_core_ed25519_scalar_complement(theirs.as_mut_ptr(), n.as_ptr()) };
        assert_eq!(crypto_core_ed25519_scalar_complement(n).unwrap(), theirs, "complement {}", hex::encode(n));
        let ok = sodium_ok(unsafe { ffi::crypto_core_ed25519_scalar_invert(theirs.as_mut_ptr(), n.as_ptr()) });
        assert_eq!(crypto_core_ed25519_scalar_invert(n).ok(), ok.then_some(theirs), "invert {}", hex::encode(n));
        cases += 5;
    }
    for _ in 0..32 {
        let wide = array::<64>(&mut rng);
        let mut theirs = [0u8; 32];
        unsafe { ffi::crypto_core_ed25519_scalar_reduce(theirs.as_mut_ptr(), wide.as_ptr()) };
        assert_eq!(crypto_core_ed25519_scalar_reduce(&wide).unwrap(), theirs);
        let r = array::<32>(&mut rng);
        unsafe { ffi::crypto_core_ed25519_from_uniform(theirs.as_mut_ptr(), r.as_ptr()) };
        assert_eq!(crypto_core_ed25519_from_uniform(&r).unwrap(), theirs, "from_uniform {}", hex::encode(r));
        unsafe { ffi::crypto_core_ed25519_from_hash(theirs.as_mut_ptr(), wide.as_ptr()) };
        assert_eq!(crypto_core_ed25519_from_hash(&wide).unwrap(), theirs, "from_hash {}", hex::encode(wide));
        cases += 3;
    }
    // Random points and scalars are what libsodium's would be.
    for _ in 0..8 {
        let p = crypto_core_ed25519_random().unwrap();
        assert_eq!(unsafe { ffi::crypto_core_ed25519_is_valid_point(p.as_ptr()) }, 1);
        let s = crypto_core_ed25519_scalar_random().unwrap();
        let canonical = curve25519_dalek::scalar::Scalar::from_canonical_bytes(*s);
        assert!(bool::from(canonical.is_some()) && s.iter().any(|&b| b != 0));
    }
    unsafe {
        assert_eq!(
            [BYTES, UNIFORMBYTES, HASHBYTES, SCALARBYTES, NONREDUCEDSCALARBYTES],
            [
                ffi::crypto_core_ed25519_bytes(),
                ffi::crypto_core_ed25519_uniformbytes(),
                ffi::crypto_core_ed25519_hashbytes(),
                ffi::crypto_core_ed25519_scalarbytes(),
                ffi::crypto_core_ed25519_nonreducedscalarbytes()
            ]
        );
    }
    report("core ed25519", cases);
}

#[test]
fn ristretto255_matches_libsodium() {
    use saline::sodium::ristretto255::*;
    let mut rng = setup("ristretto255");
    let mut cases = 0;
    let mut points: Vec<[u8; 32]> = adversarial_encodings(&mut rng);
    let valid = crypto_core_ristretto255_from_hash(&array::<64>(&mut rng)).unwrap();
    for _ in 0..16 {
        let p = crypto_core_ristretto255_from_hash(&array::<64>(&mut rng)).unwrap();
        points.push(p);
        // Negative s (odd) and s ≥ p are not canonical.
        let mut odd = p;
        odd[0] |= 1;
        points.push(odd);
        let mut high = p;
        high[31] |= 0x80;
        points.push(high);
    }
    points.push([0u8; 32]);
    let scalars = adversarial_scalars(&mut rng);
    for p in &points {
        let theirs = unsafe { ffi::crypto_core_ristretto255_is_valid_point(p.as_ptr()) } == 1;
        assert_eq!(crypto_core_ristretto255_is_valid_point(p).unwrap(), theirs, "is_valid_point {}", hex::encode(p));
        for (a, b) in [(p, &valid), (&valid, p)] {
            let mut r = [0u8; 32];
            let ok = sodium_ok(unsafe { ffi::crypto_core_ristretto255_add(r.as_mut_ptr(), a.as_ptr(), b.as_ptr()) });
            assert_eq!(crypto_core_ristretto255_add(a, b).ok(), ok.then_some(r), "add");
            let ok = sodium_ok(unsafe { ffi::crypto_core_ristretto255_sub(r.as_mut_ptr(), a.as_ptr(), b.as_ptr()) });
            assert_eq!(crypto_core_ristretto255_sub(a, b).ok(), ok.then_some(r), "sub");
            cases += 2;
        }
        for n in scalars.iter().take(8) {
            let mut r = [0u8; 32];
            let ok = sodium_ok(unsafe { ffi::crypto_scalarmult_ristretto255(r.as_mut_ptr(), n.as_ptr(), p.as_ptr()) });
            assert_eq!(crypto_scalarmult_ristretto255(n, p).ok(), ok.then_some(r), "scalarmult {} {}", hex::encode(n), hex::encode(p));
            cases += 1;
        }
        cases += 1;
    }
    for n in &scalars {
        let mut r = [0u8; 32];
        let ok = sodium_ok(unsafe { ffi::crypto_scalarmult_ristretto255_base(r.as_mut_ptr(), n.as_ptr()) });
        assert_eq!(crypto_scalarmult_ristretto255_base(n).ok(), ok.then_some(r), "base {}", hex::encode(n));
        let mut theirs = [0u8; 32];
        unsafe { ffi::crypto_core_ristretto255_scalar_negate(theirs.as_mut_ptr(), n.as_ptr()) };
        assert_eq!(crypto_core_ristretto255_scalar_negate(n).unwrap(), theirs);
        unsafe { ffi::crypto_core_ristretto255_scalar_complement(theirs.as_mut_ptr(), n.as_ptr()) };
        assert_eq!(crypto_core_ristretto255_scalar_complement(n).unwrap(), theirs);
        let ok = sodium_ok(unsafe { ffi::crypto_core_ristretto255_scalar_invert(theirs.as_mut_ptr(), n.as_ptr()) });
        assert_eq!(crypto_core_ristretto255_scalar_invert(n).ok(), ok.then_some(theirs));
        let m = array::<32>(&mut rng);
        unsafe { ffi::crypto_core_ristretto255_scalar_mul(theirs.as_mut_ptr(), n.as_ptr(), m.as_ptr()) };
        assert_eq!(crypto_core_ristretto255_scalar_mul(n, &m).unwrap(), theirs);
        unsafe { ffi::crypto_core_ristretto255_scalar_add(theirs.as_mut_ptr(), n.as_ptr(), m.as_ptr()) };
        assert_eq!(crypto_core_ristretto255_scalar_add(n, &m).unwrap(), theirs);
        unsafe { ffi::crypto_core_ristretto255_scalar_sub(theirs.as_mut_ptr(), n.as_ptr(), m.as_ptr()) };
        assert_eq!(crypto_core_ristretto255_scalar_sub(n, &m).unwrap(), theirs);
        cases += 7;
    }
    for _ in 0..32 {
        let h = array::<64>(&mut rng);
        let mut theirs = [0u8; 32];
        unsafe { ffi::crypto_core_ristretto255_from_hash(theirs.as_mut_ptr(), h.as_ptr()) };
        assert_eq!(crypto_core_ristretto255_from_hash(&h).unwrap(), theirs);
        unsafe { ffi::crypto_core_ristretto255_scalar_reduce(theirs.as_mut_ptr(), h.as_ptr()) };
        assert_eq!(crypto_core_ristretto255_scalar_reduce(&h).unwrap(), theirs);
        cases += 2;
    }
    let p = crypto_core_ristretto255_random().unwrap();
    assert_eq!(unsafe { ffi::crypto_core_ristretto255_is_valid_point(p.as_ptr()) }, 1);
    unsafe {
        assert_eq!(
            [BYTES, HASHBYTES, SCALARBYTES, NONREDUCEDSCALARBYTES],
            [
                ffi::crypto_core_ristretto255_bytes(),
                ffi::crypto_core_ristretto255_hashbytes(),
                ffi::crypto_core_ristretto255_scalarbytes(),
                ffi::crypto_core_ristretto255_nonreducedscalarbytes()
            ]
        );
    }
    report("ristretto255", cases);
}

// ---------------------------------------------------------------- crypto_pwhash

fn c_string(s: &str) -> std::ffi::CString {
    std::ffi::CString::new(s).unwrap()
}

/// libsodium's verdict on a string: Some(true) verified, Some(false) refused.
fn sodium_str_verify(verify: unsafe extern "C" fn(*const CChar, *const CChar, u64) -> i32, s: &str, password: &[u8]) -> bool {
    let c = c_string(s);
    unsafe { verify(c.as_ptr(), password.as_ptr() as *const CChar, password.len() as u64) == 0 }
}

type CChar = std::os::raw::c_char;

#[test]
fn pwhash_argon2_matches_libsodium() {
    use saline::sodium::pwhash::*;
    let mut rng = setup("pwhash argon2");
    let mut cases = 0;
    // Raw: cheap costs around the minimums; both variants; several lengths.
    for (alg, ops_min) in [(ALG_ARGON2ID13, 1u64), (ALG_ARGON2I13, 3)] {
        for round in 0..6 {
            let password_len = below(&mut rng, 40);
            let password = bytes(&mut rng, password_len);
            let salt = array::<16>(&mut rng);
            let (ops, mem, len) = (ops_min + round % 2, 8192 + 1024 * below(&mut rng, 56) + below(&mut rng, 1024), 16 + below(&mut rng, 48));
            let mut theirs = vec![0u8; len];
            let rc = unsafe {
                ffi::crypto_pwhash(theirs.as_mut_ptr(), len as u64, password.as_ptr() as _, password.len() as u64, salt.as_ptr(), ops, mem, alg)
            };
            assert_eq!(rc, 0);
            assert_eq!(*crypto_pwhash(len, &password, &salt, ops, mem, alg).unwrap(), theirs, "alg {alg} t {ops} mem {mem}");
            cases += 1;
        }
        // Out of libsodium's limits: both refuse.
        let salt = [0u8; 16];
        for (len, ops, mem) in [(15usize, ops_min, 8192usize), (16, ops_min - 1, 8192), (16, ops_min, 8191), (16, 1u64 << 32, 8192)] {
            let mut out = vec![0u8; len];
            let rc = unsafe { ffi::crypto_pwhash(out.as_mut_ptr(), len as u64, b"pw".as_ptr() as _, 2, salt.as_ptr(), ops, mem, alg) };
            assert_eq!(rc, -1, "libsodium accepted len {len} ops {ops} mem {mem}");
            assert!(matches!(crypto_pwhash(len, b"pw", &salt, ops, mem, alg), Err(Error::InvalidParameter { .. })));
            cases += 1;
        }
    }
    assert!(crypto_pwhash(16, b"pw", &[0; 16], 3, 8192, 3).is_err());

    // Strings: each side verifies the other's; a wrong password fails on both.
    type Str = unsafe extern "C" fn(*mut CChar, *const CChar, u64, u64, usize) -> i32;
    let variants: [(&str, Str, fn(&[u8], u64, usize) -> saline::Result<String>, u64); 2] = [
        ("$argon2id$", ffi::crypto_pwhash_argon2id_str, crypto_pwhash_argon2id_str, 1),
        ("$argon2i$", ffi::crypto_pwhash_argon2i_str, crypto_pwhash_argon2i_str, 3),
    ];
    for (prefix, sodium_str, ours_str, ops) in variants {
        let password = bytes(&mut rng, 12);
        let mem = 16384;
        let ours = ours_str(&password, ops, mem).unwrap();
        assert!(ours.starts_with(prefix) && ours.len() < STRBYTES);
        let mut buf = [0 as CChar; 128];
        assert_eq!(unsafe { sodium_str(buf.as_mut_ptr(), password.as_ptr() as _, password.len() as u64, ops, mem) }, 0);
        let theirs = unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap().to_owned();
        assert_eq!(theirs.len(), ours.len());
        assert!(sodium_str_verify(ffi::crypto_pwhash_str_verify, &ours, &password));
        crypto_pwhash_str_verify(&theirs, &password).unwrap();
        assert!(!sodium_str_verify(ffi::crypto_pwhash_str_verify, &ours, b"wrong"));
        assert_verification_failed("str_verify, wrong password", crypto_pwhash_str_verify(&theirs, b"wrong"));
        cases += 4;
        // needs_rehash: same decision for matching and other limits.
        for (o, m) in [(ops, mem), (ops + 1, mem), (ops, mem * 2), (ops, mem + 1023), (ops, mem + 1024), (1u64 << 33, mem)] {
            let c = c_string(&theirs);
            let rc = unsafe { ffi::crypto_pwhash_str_needs_rehash(c.as_ptr(), o, m) };
            let ours = crypto_pwhash_str_needs_rehash(&theirs, o, m);
            match rc {
                0 => assert_eq!(ours.unwrap(), false),
                1 => assert_eq!(ours.unwrap(), true),
                _ => assert!(ours.is_err()),
            }
            cases += 1;
        }

        // Hostile and malformed strings derived from libsodium's: the same
        // decision in both (all are refused); none is computed by Saline
        // beyond the cheap costs of the original.
        let (head, tail) = theirs.split_at(theirs.find("$m=").unwrap());
        let params_end = tail.find("$").unwrap() + 1 + tail[1..].find('$').unwrap();
        let (params, rest) = tail.split_at(params_end); // "$m=16,t=1,p=1", "$salt$hash"
        let (m_part, tp) = params.split_at(params.find(",t=").unwrap());
        let (t_part, p_part) = tp.split_at(tp.find(",p=").unwrap());
        let salt_end = rest[1..].find('$').unwrap() + 1;
        let (salt_b64, hash_b64) = (&rest[1..salt_end], &rest[salt_end + 1..]);
        let hostile = vec![
            format!("{head}$t={},m={}{p_part}{rest}", &t_part[3..], &m_part[3..]),
            format!("{head}{m_part}{t_part}{t_part}{p_part}{rest}"),
            format!("{head}{m_part}{m_part}{t_part}{p_part}{rest}"),
            format!("{theirs}$"),
            format!("{theirs}A"),
            format!("{theirs}$extra"),
            format!("{head}$m=0{}{t_part}{p_part}{rest}", &m_part[3..]),
            head.replace("v=19", "v=16") + params + rest,
            head.replace("v=19", "v=019") + params + rest,
            head.replace("$v=19", "") + params + rest,
            format!("{head}{m_part}{t_part},p=0{rest}"),
            format!("{head}{m_part},t=0{p_part}{rest}"),
            format!("{head}$m=7{t_part}{p_part}{rest}"),
            format!("{head}{m_part}{t_part},p=3{rest}"),
            format!("{head}{m_part}{t_part}{p_part}${salt_b64}=${hash_b64}"),
            format!("{head}{m_part}{t_part}{p_part}${}${hash_b64}", &salt_b64[..10]),
            format!("{head}{m_part}{t_part}{p_part}${salt_b64}${}", &hash_b64[..20]),
            format!("{head}{m_part}{t_part}{p_part}${salt_b64}${hash_b64}="),
            format!("{head}{m_part}{t_part}{p_part} ${salt_b64}${hash_b64}"),
            format!("{head}{m_part}{t_part}{p_part}$-{}${hash_b64}", &salt_b64[1..]),
            theirs.to_uppercase(),
            theirs.replacen(prefix, "$argon2d$", 1),
            String::new(),
        ];
        for s in &hostile {
            let theirs_ok = sodium_str_verify(ffi::crypto_pwhash_str_verify, s, &password);
            assert!(!theirs_ok, "libsodium accepted {s}");
            let ours = crypto_pwhash_str_verify(s, &password);
            assert!(ours.is_err(), "Saline accepted {s}");
            let c = c_string(s);
            let rc = unsafe { ffi::crypto_pwhash_str_needs_rehash(c.as_ptr(), ops, mem) };
            assert_eq!(rc == -1, crypto_pwhash_str_needs_rehash(s, ops, mem).is_err(), "needs_rehash decision for {s}");
            cases += 2;
        }
        // Absurd costs: refused at once by Saline with CostLimit, the verify
        // ceilings kdf::argon2_verify shares (libsodium would try).
        for absurd in [
            format!("{head}$m=4294967295{t_part}{p_part}{rest}"),
            format!("{head}{m_part},t=4294967295{p_part}{rest}"),
            format!("{head}$m=4194304,t=100{p_part}{rest}"),
        ] {
            let start = std::time::Instant::now();
            assert!(matches!(crypto_pwhash_str_verify(&absurd, &password), Err(Error::CostLimit { .. })), "{absurd}");
            assert!(start.elapsed() < std::time::Duration::from_millis(100), "{absurd} took {:?}", start.elapsed());
            cases += 1;
        }
    }
    unsafe {
        assert_eq!(argon2id::OPSLIMIT_INTERACTIVE, ffi::crypto_pwhash_argon2id_opslimit_interactive() as u64);
        assert_eq!(argon2id::MEMLIMIT_INTERACTIVE, ffi::crypto_pwhash_argon2id_memlimit_interactive());
        assert_eq!(argon2id::OPSLIMIT_MODERATE, ffi::crypto_pwhash_argon2id_opslimit_moderate() as u64);
        assert_eq!(argon2id::MEMLIMIT_MODERATE, ffi::crypto_pwhash_argon2id_memlimit_moderate());
        assert_eq!(argon2id::OPSLIMIT_SENSITIVE, ffi::crypto_pwhash_argon2id_opslimit_sensitive() as u64);
        assert_eq!(argon2id::MEMLIMIT_SENSITIVE, ffi::crypto_pwhash_argon2id_memlimit_sensitive());
        assert_eq!(argon2id::OPSLIMIT_MIN, ffi::crypto_pwhash_argon2id_opslimit_min() as u64);
        assert_eq!(argon2id::OPSLIMIT_MAX, ffi::crypto_pwhash_argon2id_opslimit_max() as u64);
        assert_eq!(argon2id::MEMLIMIT_MIN, ffi::crypto_pwhash_argon2id_memlimit_min());
        assert_eq!(argon2id::MEMLIMIT_MAX, ffi::crypto_pwhash_argon2id_memlimit_max() as u64);
        assert_eq!(argon2id::BYTES_MIN, ffi::crypto_pwhash_argon2id_bytes_min());
        assert_eq!(argon2id::SALTBYTES, ffi::crypto_pwhash_argon2id_saltbytes());
        assert_eq!(argon2i::OPSLIMIT_INTERACTIVE, ffi::crypto_pwhash_argon2i_opslimit_interactive() as u64);
        assert_eq!(argon2i::MEMLIMIT_INTERACTIVE, ffi::crypto_pwhash_argon2i_memlimit_interactive());
        assert_eq!(argon2i::OPSLIMIT_MODERATE, ffi::crypto_pwhash_argon2i_opslimit_moderate() as u64);
        assert_eq!(argon2i::MEMLIMIT_MODERATE, ffi::crypto_pwhash_argon2i_memlimit_moderate());
        assert_eq!(argon2i::OPSLIMIT_SENSITIVE, ffi::crypto_pwhash_argon2i_opslimit_sensitive() as u64);
        assert_eq!(argon2i::MEMLIMIT_SENSITIVE, ffi::crypto_pwhash_argon2i_memlimit_sensitive());
        assert_eq!(argon2i::OPSLIMIT_MIN, ffi::crypto_pwhash_argon2i_opslimit_min() as u64);
        assert_eq!(STRBYTES, ffi::crypto_pwhash_strbytes());
        assert_eq!(ALG_DEFAULT, ffi::crypto_pwhash_alg_default());
        assert_eq!(ALG_ARGON2I13, ffi::crypto_pwhash_alg_argon2i13());
    }
    report("pwhash argon2", cases);
}

#[test]
fn pwhash_scrypt_matches_libsodium() {
    use saline::sodium::pwhash::scryptsalsa208sha256 as k;
    use saline::sodium::pwhash::*;
    let mut rng = setup("pwhash scrypt");
    let mut cases = 0;
    // Cheap (opslimit, memlimit) pairs through both branches of pickparams.
    let limits = [(32768u64, 16_777_216usize), (32768, 102_400), (65536, 200_000), (40000, 1_000_000), (0, 0), (100_000, 4_000_000)];
    for &(ops, mem) in &limits {
        let password_len = below(&mut rng, 30);
        let (password, salt) = (bytes(&mut rng, password_len), array::<32>(&mut rng));
        let len = 16 + below(&mut rng, 50);
        let mut theirs = vec![0u8; len];
        let rc = unsafe {
            ffi::crypto_pwhash_scryptsalsa208sha256(theirs.as_mut_ptr(), len as u64, password.as_ptr() as _, password.len() as u64, salt.as_ptr(), ops, mem)
        };
        let ours = crypto_pwhash_scryptsalsa208sha256(len, &password, &salt, ops, mem);
        if rc == 0 {
            assert_eq!(*ours.unwrap(), theirs, "ops {ops} mem {mem}");
        } else {
            assert!(ours.is_err(), "ops {ops} mem {mem}: libsodium refused");
        }
        // Strings both ways, and needs_rehash against every pair.
        let mut buf = [0 as CChar; 102];
        let rc = unsafe { ffi::crypto_pwhash_scryptsalsa208sha256_str(buf.as_mut_ptr(), password.as_ptr() as _, password.len() as u64, ops, mem) };
        let ours_str = crypto_pwhash_scryptsalsa208sha256_str(&password, ops, mem);
        assert_eq!(rc == 0, ours_str.is_ok());
        if rc == 0 {
            let theirs_str = unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap().to_owned();
            let ours_str = ours_str.unwrap();
            assert_eq!(ours_str.len(), 101);
            assert_eq!(ours_str[..14], theirs_str[..14], "setting");
            assert!(sodium_str_verify(ffi::crypto_pwhash_scryptsalsa208sha256_str_verify, &ours_str, &password));
            crypto_pwhash_scryptsalsa208sha256_str_verify(&theirs_str, &password).unwrap();
            assert!(!sodium_str_verify(ffi::crypto_pwhash_scryptsalsa208sha256_str_verify, &ours_str, b"wrong"));
            assert_verification_failed("scrypt str_verify", crypto_pwhash_scryptsalsa208sha256_str_verify(&theirs_str, b"wrong"));
            for &(o, m) in &limits {
                let c = c_string(&theirs_str);
                let rc = unsafe { ffi::crypto_pwhash_scryptsalsa208sha256_str_needs_rehash(c.as_ptr(), o, m) };
                assert_eq!(rc, i32::from(crypto_pwhash_scryptsalsa208sha256_str_needs_rehash(&theirs_str, o, m).unwrap()));
            }
            // Malformed strings: refused by both.
            let hostile = [
                format!("{theirs_str}A"),
                theirs_str[..100].to_owned(),
                theirs_str.replacen("$7$", "$8$", 1),
                format!("{}!{}", &theirs_str[..5], &theirs_str[6..]),
                format!("{}${}", &theirs_str[..56], &theirs_str[57..]),
                format!("{}{}", &theirs_str[..60], theirs_str[60..].to_uppercase()),
                // N = 2^63 and r · p ≥ 2^30: libsodium refuses before allocating.
                format!("$7$z{}", &theirs_str[4..]),
                format!("{}zzzzzzzzzz{}", &theirs_str[..4], &theirs_str[14..]),
            ];
            for s in &hostile {
                assert!(!sodium_str_verify(ffi::crypto_pwhash_scryptsalsa208sha256_str_verify, s, &password), "libsodium accepted {s}");
                let start = std::time::Instant::now();
                assert!(crypto_pwhash_scryptsalsa208sha256_str_verify(s, &password).is_err(), "Saline accepted {s}");
                assert!(start.elapsed() < std::time::Duration::from_millis(500));
                cases += 1;
            }
            cases += 4 + limits.len();
        }
        cases += 2;
    }
    // Costs libsodium would compute for minutes or allocate gigabytes for:
    // Saline refuses at once.
    let huge = crypto_pwhash_scryptsalsa208sha256_str(b"pw", 32768, 102_400).unwrap();
    for setting in ["$7$U", "$7$M"] {
        let s = format!("{setting}{}", &huge[4..]);
        let start = std::time::Instant::now();
        assert!(matches!(crypto_pwhash_scryptsalsa208sha256_str_verify(&s, b"pw"), Err(Error::InvalidParameter { .. })), "{s}");
        assert!(start.elapsed() < std::time::Duration::from_millis(100));
    }
    // The raw function with explicit N, r, p.
    let (password, salt) = (b"password".as_slice(), b"NaCl".as_slice());
    let mut theirs = [0u8; 64];
    unsafe { ffi::crypto_pwhash_scryptsalsa208sha256_ll(password.as_ptr(), password.len(), salt.as_ptr(), salt.len(), 1024, 8, 16, theirs.as_mut_ptr(), 64) };
    assert_eq!(*crypto_pwhash_scryptsalsa208sha256_ll(password, salt, 1024, 8, 16, 64).unwrap(), theirs);
    unsafe {
        assert_eq!(k::SALTBYTES, ffi::crypto_pwhash_scryptsalsa208sha256_saltbytes());
        assert_eq!(k::STRBYTES, ffi::crypto_pwhash_scryptsalsa208sha256_strbytes());
        assert_eq!(k::BYTES_MIN, ffi::crypto_pwhash_scryptsalsa208sha256_bytes_min());
        assert_eq!(k::BYTES_MAX, ffi::crypto_pwhash_scryptsalsa208sha256_bytes_max() as u64);
        assert_eq!(k::OPSLIMIT_MIN, ffi::crypto_pwhash_scryptsalsa208sha256_opslimit_min() as u64);
        assert_eq!(k::OPSLIMIT_MAX, ffi::crypto_pwhash_scryptsalsa208sha256_opslimit_max() as u64);
        assert_eq!(k::MEMLIMIT_MIN, ffi::crypto_pwhash_scryptsalsa208sha256_memlimit_min());
        assert_eq!(k::MEMLIMIT_MAX, ffi::crypto_pwhash_scryptsalsa208sha256_memlimit_max() as u64);
        assert_eq!(k::OPSLIMIT_INTERACTIVE, ffi::crypto_pwhash_scryptsalsa208sha256_opslimit_interactive() as u64);
        assert_eq!(k::MEMLIMIT_INTERACTIVE, ffi::crypto_pwhash_scryptsalsa208sha256_memlimit_interactive());
        assert_eq!(k::OPSLIMIT_SENSITIVE, ffi::crypto_pwhash_scryptsalsa208sha256_opslimit_sensitive() as u64);
        assert_eq!(k::MEMLIMIT_SENSITIVE, ffi::crypto_pwhash_scryptsalsa208sha256_memlimit_sensitive());
    }
    report("pwhash scrypt", cases);
}

// ---------------------------------------------------------------- hashes and authenticators

/// `data` in random pieces, empty ones included.
fn pieces<'a>(rng: &mut ChaCha20Rng, data: &'a [u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut rest = data;
    while !rest.is_empty() || out.is_empty() {
        let (piece, tail) = rest.split_at(below(rng, 200).min(rest.len()));
        out.push(piece);
        rest = tail;
        if rest.is_empty() && below(rng, 2) == 0 {
            break;
        }
    }
    out
}

#[test]
fn generichash_and_sha2_streams_match_libsodium() {
    use saline::sodium::generichash::*;
    use std::mem::MaybeUninit;
    let mut rng = setup("generichash");
    let mut cases = 0;
    for out_len in 1..=64usize {
        let key_len = [0, 1, 16, 32, 63, 64][below(&mut rng, 6)];
        let (key, message) = (bytes(&mut rng, key_len), listed_bytes(&mut rng));
        let mut theirs = vec![0u8; out_len];
        unsafe { ffi::crypto_generichash(theirs.as_mut_ptr(), out_len, message.as_ptr(), message.len() as u64, key.as_ptr(), key_len) };
        assert_eq!(crypto_generichash(out_len, &message, Some(&key)).unwrap(), theirs, "out {out_len}, key {key_len}");
        // Streaming, in pieces, with salt and personalization.
        let (salt, personal) = (array::<16>(&mut rng), array::<16>(&mut rng));
        let mut state = MaybeUninit::<ffi::crypto_generichash_blake2b_state>::uninit();
        let mut ours = crypto_generichash_blake2b_init_salt_personal(Some(&key), out_len, Some(&salt), Some(&personal)).unwrap();
        unsafe { ffi::crypto_generichash_blake2b_init_salt_personal(state.as_mut_ptr(), key.as_ptr(), key_len, out_len, salt.as_ptr(), personal.as_ptr()) };
        for piece in pieces(&mut rng, &message) {
            unsafe { ffi::crypto_generichash_blake2b_update(state.as_mut_ptr(), piece.as_ptr(), piece.len() as u64) };
            crypto_generichash_update(&mut ours, piece);
        }
        unsafe { ffi::crypto_generichash_blake2b_final(state.as_mut_ptr(), theirs.as_mut_ptr(), out_len) };
        assert_eq!(crypto_generichash_final(ours), theirs, "salt/personal stream, out {out_len}");
        unsafe {
            ffi::crypto_generichash_blake2b_salt_personal(theirs.as_mut_ptr(), out_len, message.as_ptr(), message.len() as u64, std::ptr::null(), 0, salt.as_ptr(), std::ptr::null())
        };
        assert_eq!(crypto_generichash_blake2b_salt_personal(out_len, &message, None, Some(&salt), None).unwrap(), theirs);
        cases += 3;
    }
    assert!(crypto_generichash(65, b"", None).is_err() && crypto_generichash(0, b"", None).is_err());
    assert!(crypto_generichash(32, b"", Some(&[0; 65])).is_err());
    assert!(crypto_generichash_blake2b_salt_personal(32, b"", None, Some(&[0; 15]), None).is_err());
    for &len in LENGTHS {
        let message = bytes(&mut rng, len);
        let (mut s256, mut s512) = (MaybeUninit::<ffi::crypto_hash_sha256_state>::uninit(), MaybeUninit::<ffi::crypto_hash_sha512_state>::uninit());
        let (mut ours256, mut ours512) = (crypto_hash_sha256_init(), crypto_hash_sha512_init());
        unsafe {
            ffi::crypto_hash_sha256_init(s256.as_mut_ptr());
            ffi::crypto_hash_sha512_init(s512.as_mut_ptr());
        }
        for piece in pieces(&mut rng, &message) {
            unsafe {
                ffi::crypto_hash_sha256_update(s256.as_mut_ptr(), piece.as_ptr(), piece.len() as u64);
                ffi::crypto_hash_sha512_update(s512.as_mut_ptr(), piece.as_ptr(), piece.len() as u64);
            }
            crypto_generichash_update(&mut ours256, piece);
            crypto_generichash_update(&mut ours512, piece);
        }
        let (mut d256, mut d512) = ([0u8; 32], [0u8; 64]);
        unsafe {
            ffi::crypto_hash_sha256_final(s256.as_mut_ptr(), d256.as_mut_ptr());
            ffi::crypto_hash_sha512_final(s512.as_mut_ptr(), d512.as_mut_ptr());
        }
        assert_eq!(crypto_generichash_final(ours256), d256);
        assert_eq!(crypto_generichash_final(ours512), d512);
        cases += 2;
    }
    unsafe {
        assert_eq!(
            [BYTES, BYTES_MIN, BYTES_MAX, KEYBYTES, KEYBYTES_MIN, KEYBYTES_MAX, SALTBYTES, PERSONALBYTES],
            [
                ffi::crypto_generichash_bytes(),
                ffi::crypto_generichash_bytes_min(),
                ffi::crypto_generichash_bytes_max(),
                ffi::crypto_generichash_keybytes(),
                ffi::crypto_generichash_keybytes_min(),
                ffi::crypto_generichash_keybytes_max(),
                ffi::crypto_generichash_blake2b_saltbytes(),
                ffi::crypto_generichash_blake2b_personalbytes()
            ]
        );
    }
    report("generichash and SHA-2 streams", cases);
}

#[test]
fn auth_streams_match_libsodium() {
    use saline::sodium::auth::*;
    use std::mem::MaybeUninit;
    let mut rng = setup("auth");
    let mut cases = 0;
    macro_rules! stream_case {
        ($state:ty, $init:ident, $update:ident, $final:ident, $ours:ident, $key:expr, $message:expr, $n:literal) => {{
            let (key, message): (&[u8], &[u8]) = ($key, $message);
            let mut state = MaybeUninit::<$state>::uninit();
            let mut theirs = [0u8; $n];
            unsafe { ffi::$init(state.as_mut_ptr(), key.as_ptr(), key.len()) };
            let mut ours = $ours(key).unwrap();
            for piece in pieces(&mut rng, message) {
                unsafe { ffi::$update(state.as_mut_ptr(), piece.as_ptr(), piece.len() as u64) };
                ours.update(piece);
            }
            unsafe { ffi::$final(state.as_mut_ptr(), theirs.as_mut_ptr()) };
            assert_eq!(ours.finalize(), theirs, "{} key {} bytes", stringify!($ours), key.len());
            theirs
        }};
    }
    for &len in LENGTHS {
        let message = bytes(&mut rng, len);
        let key_len = [0, 1, 32, 64, 100, 128, 200][below(&mut rng, 7)];
        let key = bytes(&mut rng, key_len);
        stream_case!(ffi::crypto_auth_hmacsha512256_state, crypto_auth_hmacsha512256_init, crypto_auth_hmacsha512256_update,
            crypto_auth_hmacsha512256_final, crypto_auth_init, &key, &message, 32);
        stream_case!(ffi::crypto_auth_hmacsha256_state, crypto_auth_hmacsha256_init, crypto_auth_hmacsha256_update,
            crypto_auth_hmacsha256_final, crypto_auth_hmacsha256_init, &key, &message, 32);
        stream_case!(ffi::crypto_auth_hmacsha512_state, crypto_auth_hmacsha512_init, crypto_auth_hmacsha512_update,
            crypto_auth_hmacsha512_final, crypto_auth_hmacsha512_init, &key, &message, 64);
        // Poly1305 streams: 32-byte keys only.
        let key32 = array::<32>(&mut rng);
        let mut state = MaybeUninit::<ffi::crypto_onetimeauth_state>::uninit();
        let mut theirs = [0u8; 16];
        unsafe { ffi::crypto_onetimeauth_init(state.as_mut_ptr(), key32.as_ptr()) };
        let mut ours = crypto_onetimeauth_init(&key32).unwrap();
        for piece in pieces(&mut rng, &message) {
            unsafe { ffi::crypto_onetimeauth_update(state.as_mut_ptr(), piece.as_ptr(), piece.len() as u64) };
            ours.update(piece);
        }
        unsafe { ffi::crypto_onetimeauth_final(state.as_mut_ptr(), theirs.as_mut_ptr()) };
        assert_eq!(ours.finalize(), theirs);
        // One-shots with 32-byte keys, and their verification.
        let mut tag = [0u8; 32];
        unsafe { ffi::crypto_auth(tag.as_mut_ptr(), message.as_ptr(), len as u64, key32.as_ptr()) };
        assert_eq!(crypto_auth(&message, &key32).unwrap(), tag);
        assert_eq!(crypto_auth_hmacsha512256(&message, &key32).unwrap(), tag);
        crypto_auth_verify(&tag, &message, &key32).unwrap();
        let forged = flip_bit(&mut rng, &tag);
        assert_eq!(unsafe { ffi::crypto_auth_verify(forged.as_ptr(), message.as_ptr(), len as u64, key32.as_ptr()) }, -1);
        assert_verification_failed("crypto_auth_verify", crypto_auth_verify(&forged, &message, &key32));
        unsafe { ffi::crypto_auth_hmacsha256(tag.as_mut_ptr(), message.as_ptr(), len as u64, key32.as_ptr()) };
        assert_eq!(crypto_auth_hmacsha256(&message, &key32).unwrap(), tag);
        let mut tag64 = [0u8; 64];
        unsafe { ffi::crypto_auth_hmacsha512(tag64.as_mut_ptr(), message.as_ptr(), len as u64, key32.as_ptr()) };
        assert_eq!(crypto_auth_hmacsha512(&message, &key32).unwrap(), tag64);
        let mut tag16 = [0u8; 16];
        unsafe { ffi::crypto_onetimeauth(tag16.as_mut_ptr(), message.as_ptr(), len as u64, key32.as_ptr()) };
        assert_eq!(crypto_onetimeauth(&message, &key32).unwrap(), tag16);
        crypto_onetimeauth_verify(&tag16, &message, &key32).unwrap();
        cases += 11;
    }
    assert!(matches!(crypto_auth(b"", &[0; 31]), Err(Error::InvalidLength { what: "key", .. })));
    report("auth streams", cases);
}

// ---------------------------------------------------------------- AEGIS

/// libsodium's AEGIS, combined layout (`ciphertext ‖ 32-byte tag`), or None
/// when it refuses.
fn sodium_aegis(algorithm: saline::Algorithm, seal: bool, input: &[u8], ad: &[u8], nonce: &[u8], key: &[u8]) -> Option<Vec<u8>> {
    let aegis128l = algorithm == saline::Algorithm::Aegis128L;
    let mut out = vec![0u8; if seal { input.len() + 32 } else { input.len().checked_sub(32)? }];
    let mut out_len = 0u64;
    // SAFETY: `out` has room for the result; key and nonce have the sizes
    // the tests give them (16/16 for 128L, 32/32 for 256).
    let rc = unsafe {
        match (aegis128l, seal) {
            (true, true) => ffi::crypto_aead_aegis128l_encrypt(out.as_mut_ptr(), &mut out_len, input.as_ptr(), input.len() as u64, ad.as_ptr(), ad.len() as u64, std::ptr::null(), nonce.as_ptr(), key.as_ptr()),
            (false, true) => ffi::crypto_aead_aegis256_encrypt(out.as_mut_ptr(), &mut out_len, input.as_ptr(), input.len() as u64, ad.as_ptr(), ad.len() as u64, std::ptr::null(), nonce.as_ptr(), key.as_ptr()),
            (true, false) => ffi::crypto_aead_aegis128l_decrypt(out.as_mut_ptr(), &mut out_len, std::ptr::null_mut(), input.as_ptr(), input.len() as u64, ad.as_ptr(), ad.len() as u64, nonce.as_ptr(), key.as_ptr()),
            (false, false) => ffi::crypto_aead_aegis256_decrypt(out.as_mut_ptr(), &mut out_len, std::ptr::null_mut(), input.as_ptr(), input.len() as u64, ad.as_ptr(), ad.len() as u64, nonce.as_ptr(), key.as_ptr()),
        }
    };
    (rc == 0).then(|| {
        assert_eq!(out_len as usize, out.len());
        out
    })
}

/// Both of Saline's AEGIS backends (forced in turn: libsodium's, then the
/// `aegis` crate's pure Rust code that WebAssembly builds use) against
/// libsodium, on random inputs and forgeries.
#[test]
fn aegis_matches_libsodium() {
    use saline::{aead::Aead, Algorithm};
    let mut rng = setup("aegis");
    let mut cases = 0;
    assert_eq!(unsafe { (ffi::crypto_aead_aegis128l_keybytes(), ffi::crypto_aead_aegis128l_npubbytes(), ffi::crypto_aead_aegis128l_abytes()) }, (16, 16, 32));
    assert_eq!(unsafe { (ffi::crypto_aead_aegis256_keybytes(), ffi::crypto_aead_aegis256_npubbytes(), ffi::crypto_aead_aegis256_abytes()) }, (32, 32, 32));
    let backends = saline::backend::backends().into_iter().find(|b| b.primitive == "aegis").unwrap().available;
    for backend in backends {
        saline::backend::force("aegis", backend).unwrap();
        for (algorithm, size) in [(Algorithm::Aegis128L, 16), (Algorithm::Aegis256, 32)] {
            for &len in LENGTHS.iter().chain(&[1 << 16]) {
                let (key, nonce, message, ad) = (bytes(&mut rng, size), bytes(&mut rng, size), bytes(&mut rng, len), listed_bytes(&mut rng));
                let aead = Aead::new(algorithm, &key).unwrap();
                assert_eq!(aead.tag_len(), 32);
                let sealed = aead.seal(&nonce, &ad, &message).unwrap();
                assert_eq!(Some(sealed.clone()), sodium_aegis(algorithm, true, &message, &ad, &nonce, &key), "{backend} {algorithm:?} {len}");
                assert_eq!(sodium_aegis(algorithm, false, &sealed, &ad, &nonce, &key).as_deref(), Some(&message[..]));
                assert_eq!(aead.open(&nonce, &ad, &sealed).unwrap(), message);
                // Detached and in place: the same bytes; a rejected open
                // leaves the ciphertext (AEGIS decrypts before it checks).
                let mut buf = message.clone();
                let tag = aead.seal_in_place_detached(&nonce, &ad, &mut buf).unwrap();
                assert_eq!([&buf[..], &tag[..]].concat(), sealed);
                cases += 4;
                let forged = flip_bit(&mut rng, &sealed);
                assert!(sodium_aegis(algorithm, false, &forged, &ad, &nonce, &key).is_none());
                assert_verification_failed("open, flipped bit", aead.open(&nonce, &ad, &forged));
                let (fc, ft) = forged.split_at(len);
                let mut buf = fc.to_vec();
                assert_verification_failed("open in place, flipped bit", aead.open_in_place_detached(&nonce, &ad, &mut buf, ft));
                assert_eq!(buf, fc, "{backend}: a rejected open changed the buffer");
                let other_ad = if ad.is_empty() { vec![1] } else { flip_bit(&mut rng, &ad) };
                assert!(sodium_aegis(algorithm, false, &sealed, &other_ad, &nonce, &key).is_none());
                assert_verification_failed("open, other ad", aead.open(&nonce, &other_ad, &sealed));
                let other_nonce = flip_bit(&mut rng, &nonce);
                assert_verification_failed("open, other nonce", aead.open(&other_nonce, &ad, &sealed));
                cases += 4;
            }
            // Shorter than a tag, a 16-byte tag, wrong nonce and key sizes: length errors.
            let aead = Aead::new(algorithm, &bytes(&mut rng, size)).unwrap();
            let nonce = bytes(&mut rng, size);
            for len in 0..32 {
                assert!(matches!(aead.open(&nonce, b"", &bytes(&mut rng, len)), Err(Error::InvalidLength { what: "ciphertext", .. })));
            }
            assert!(matches!(aead.open_in_place_detached(&nonce, b"", &mut [0u8; 4], &[0u8; 16]), Err(Error::InvalidLength { what: "tag", .. })));
            assert!(matches!(aead.seal(&nonce[1..], b"", b""), Err(Error::InvalidLength { what: "nonce", .. })));
            assert!(matches!(Aead::new(algorithm, &bytes(&mut rng, size + 1)), Err(Error::InvalidLength { what: "key", .. })));
        }
    }
    saline::backend::force("aegis", "libsodium").unwrap();
    report("aegis", cases);
}
