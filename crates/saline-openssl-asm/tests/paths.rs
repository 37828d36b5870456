//! Every code path of the assembly on this machine, each against RustCrypto
//! on random inputs: the parent runs `probe` in a child process per
//! `SALINE_OPENSSL_ASM_CPU` level (the capability vector is filled once per
//! process), checks that the child took the path the level allows, and
//! that every level computed the same transcript.

#![cfg(all(target_arch = "x86_64", target_os = "linux"))]

use chacha20::cipher::{KeyIvInit, StreamCipher, StreamCipherSeek};
use md5::Digest;
use poly1305::universal_hash::KeyInit;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use saline_openssl_asm::{chacha20_xor, chacha20_xor_into, chacha20_xor_scalar, KeystreamExhausted};
use rand_chacha::ChaCha20Rng;

const SIZES: &[usize] = &[0, 1, 15, 16, 17, 63, 64, 65, 111, 112, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1000, 4095, 65_543, 1 << 20];

/// ChaCha20 lengths: each side of the 1-, 2-, 4-, 8- and 16-block strides
/// the SSSE3, AVX2 and AVX-512 code takes, and odd sizes.
const CHACHA_SIZES: &[usize] = &[
    0, 1, 7, 31, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257, 319, 320, 383, 384, 447, 448, 511, 512, 513, 575, 576, 767,
    768, 1000, 1023, 1024, 1025, 2047, 2048, 4095, 4096, 4097, 8191, 12_345, 65_543, 1 << 20,
];

/// ChaCha20 against RustCrypto's `chacha20` at random counters, and at the
/// end of the 32-bit counter against `rand_chacha` (whose 64-bit counter
/// has no such end), folded into 16 bytes.
fn chacha_transcript(rng: &mut ChaCha20Rng) -> [u8; 16] {
    let mut fold = [0u8; 16];
    for &n in CHACHA_SIZES {
        let (mut key, mut nonce) = ([0u8; 32], [0u8; 12]);
        rng.fill_bytes(&mut key);
        rng.fill_bytes(&mut nonce);
        // A counter that leaves room for the message under RustCrypto's
        // limit (which stops one block short of 2^32).
        let counter = rng.next_u32() >> 8;
        let mut msg = vec![0u8; n];
        rng.fill_bytes(&mut msg);
        let mut ours = msg.clone();
        chacha20_xor(&key, counter, &nonce, &mut ours).unwrap();
        let mut theirs = msg.clone();
        let mut reference = chacha20::ChaCha20::new((&key).into(), (&nonce).into());
        reference.seek(u64::from(counter) * 64);
        reference.apply_keystream(&mut theirs);
        assert_eq!(ours, theirs, "chacha20, {n} bytes from block {counter}");
        // The scalar copy, whatever this process's path.
        let mut scalar = msg.clone();
        chacha20_xor_scalar(&key, counter, &nonce, &mut scalar).unwrap();
        assert_eq!(scalar, theirs, "chacha20 (scalar copy), {n} bytes from block {counter}");
        // From one buffer into another, the input left as it was.
        let mut into = vec![0u8; n];
        chacha20_xor_into(&key, counter, &nonce, &msg, &mut into).unwrap();
        assert_eq!(into, theirs, "chacha20 into another buffer, {n} bytes from block {counter}");
        // In place in uneven parts, each starting on a block boundary.
        let mut parts = msg.clone();
        let mut at = 0;
        while at < n {
            let len = (64 * (1 + (n + at) % 9)).min(n - at);
            chacha20_xor(&key, counter + (at / 64) as u32, &nonce, &mut parts[at..at + len]).unwrap();
            at += len;
        }
        assert_eq!(parts, theirs, "chacha20 in parts, {n} bytes");
        for (i, b) in ours.iter().enumerate() {
            fold[i % 16] ^= b;
        }
    }
    // RFC 8439 §2.4.2's example.
    let key: [u8; 32] = hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    let mut text = *b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";
    chacha20_xor(&key, 1, &hex("000000000000004a00000000"), &mut text).unwrap();
    assert_eq!(text[..16], hex::<16>("6e2e359a2568f98041ba0728dd0d6981"));
    assert_eq!(text[text.len() - 16..], hex::<16>("0bbf74a35be6b40b8eedf2785e42874d"));
    // The last blocks of the counter. rand_chacha runs the same block
    // function with a 64-bit counter (words 12-13) and a 64-bit stream
    // (words 14-15), so RFC 8439 block `c` under `nonce` is its block
    // `nonce[0..4] << 32 | c` of stream `nonce[4..12]`.
    let (mut key, mut nonce) = ([0u8; 32], [0u8; 12]);
    rng.fill_bytes(&mut key);
    rng.fill_bytes(&mut nonce);
    let keystream = |block: u64, len: usize| {
        let mut reference = ChaCha20Rng::from_seed(key);
        reference.set_stream(u64::from_le_bytes(nonce[4..].try_into().unwrap()));
        let high = u64::from(u32::from_le_bytes(nonce[..4].try_into().unwrap()));
        reference.set_word_pos(u128::from(high << 32 | block) * 16);
        let mut out = vec![0u8; len];
        reference.fill_bytes(&mut out);
        out
    };
    // The two references agree where both reach.
    let mut check = vec![0u8; 200];
    let mut reference = chacha20::ChaCha20::new((&key).into(), (&nonce).into());
    reference.seek(7u64 * 64);
    reference.apply_keystream(&mut check);
    assert_eq!(check, keystream(7, 200), "rand_chacha is not RFC 8439's block function");
    for left in 1..=5u64 {
        let counter = ((1u64 << 32) - left) as u32;
        for n in [1, 63, 64, 65, 128, 200, 256, 257, 320, 321] {
            let mut ours = vec![0u8; n];
            let result = chacha20_xor(&key, counter, &nonce, &mut ours);
            if (n as u64).div_ceil(64) <= left {
                assert_eq!(result, Ok(()), "{n} bytes from block {counter}");
                assert_eq!(ours, keystream(u64::from(counter), n), "chacha20, {n} bytes from block {counter}");
            } else {
                // Refused, and nothing written.
                assert_eq!(result, Err(KeystreamExhausted), "{n} bytes from block {counter}");
                assert!(ours.iter().all(|&b| b == 0), "refused but wrote, {n} bytes from block {counter}");
            }
        }
    }
    fold
}

/// Tags and digests for SIZES, checked against RustCrypto as they are made,
/// folded into one line of hex.
fn transcript() -> String {
    let mut rng = ChaCha20Rng::seed_from_u64(0x0551);
    let mut fold = [0u8; 16];
    for &n in SIZES {
        let mut key = [0u8; 32];
        let mut msg = vec![0u8; n];
        rng.fill_bytes(&mut key);
        rng.fill_bytes(&mut msg);
        let tag = saline_openssl_asm::poly1305_tag(&key, &msg);
        let want: [u8; 16] = poly1305::Poly1305::new((&key).into()).compute_unpadded(&msg).into();
        assert_eq!(tag, want, "poly1305, {n} bytes");
        // Streaming in uneven parts takes the partial-block paths.
        let mut state = saline_openssl_asm::Poly1305::new(&key);
        for part in msg.chunks(1 + n % 37) {
            state.update(part);
        }
        assert_eq!(state.finalize(), want, "poly1305 streaming, {n} bytes");

        let whole = n / 128 * 128;
        let mut ours = [0x6a09e667f3bcc908u64; 8];
        let mut theirs = ours;
        saline_openssl_asm::sha512_compress(&mut ours, &msg[..whole]);
        let blocks: Vec<_> = msg[..whole].chunks_exact(128).map(|b| *sha2::digest::generic_array::GenericArray::from_slice(b)).collect();
        sha2::compress512(&mut theirs, &blocks);
        assert_eq!(ours, theirs, "sha512 compression, {} blocks", whole / 128);
        // MD5 (one path on every CPU), padded here as RFC 1321 §3.1-3.2 says.
        let mut padded = msg.clone();
        padded.push(0x80);
        while padded.len() % 64 != 56 {
            padded.push(0);
        }
        padded.extend_from_slice(&(8 * n as u64).to_le_bytes());
        let mut md5_state = [0x67452301u32, 0xefcdab89, 0x98badcfe, 0x10325476];
        saline_openssl_asm::md5_compress(&mut md5_state, &padded);
        let digest: Vec<u8> = md5_state.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(digest[..], md5::Md5::digest(&msg)[..], "md5, {n} bytes");
        // Keccak (one path on every CPU): SHA3-256 (rate 136) padded here as
        // FIPS 202 §B.2 says (0x06 ... 0x80), the state's first 32 bytes out.
        let mut padded = msg.clone();
        padded.push(0x06);
        while padded.len() % 136 != 0 {
            padded.push(0);
        }
        *padded.last_mut().unwrap() |= 0x80;
        let mut keccak = [0u64; 25];
        saline_openssl_asm::keccak_absorb(&mut keccak, &padded, 136);
        let digest: Vec<u8> = keccak[..4].iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(digest[..], sha3::Sha3_256::digest(&msg)[..], "sha3-256, {n} bytes");
        for (f, b) in fold.iter_mut().zip(tag.iter().chain(ours[0].to_le_bytes().iter())) {
            *f ^= b;
        }
    }
    for (f, c) in fold.iter_mut().zip(chacha_transcript(&mut rng)) {
        *f ^= c;
    }
    // RFC 8439 §2.5.2's example.
    let key: [u8; 32] = hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    let tag = saline_openssl_asm::poly1305_tag(&key, b"Cryptographic Forum Research Group");
    assert_eq!(tag, hex::<16>("a8061dc1305136c6c22b8baf0c0127a9"));
    fold.iter().map(|b| format!("{b:02x}")).collect()
}

fn hex<const N: usize>(s: &str) -> [u8; N] {
    let mut out = [0u8; N];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

#[test]
fn every_path_agrees() {
    let exe = std::env::current_exe().unwrap();
    let mut seen = Vec::new();
    // "all" sets no limit (any value but the four names).
    for level in ["scalar", "avx", "avx2", "avx512", "all"] {
        let out = std::process::Command::new(&exe)
            .args(["--exact", "probe", "--nocapture", "--test-threads=1"])
            .env("SALINE_OPENSSL_ASM_CPU", level)
            .env("SALINE_OPENSSL_ASM_PROBE", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{level}: {stdout}{}", String::from_utf8_lossy(&out.stderr));
        let line = stdout.lines().find_map(|l| l.strip_prefix("PATH ")).expect("probe line");
        let (path, fold) = line.split_once(' ').unwrap();
        // The path never exceeds the level asked for.
        let rank = |p: &str| ["scalar", "avx", "avx2", "avx512", "avx512-ifma"].iter().position(|q| p == *q).unwrap_or(4);
        assert!(rank(path) <= rank(level), "{level} took {path}");
        println!("{level}: path {path}, transcript {fold}");
        seen.push((path.to_string(), fold.to_string()));
    }
    assert!(seen.windows(2).all(|w| w[0].1 == w[1].1), "paths differ: {seen:?}");
    // Without a limit the most capable path is taken.
    assert_eq!(seen[4].0, saline_openssl_asm::cpu_path());
}

/// Run by `every_path_agrees` in a child process.
#[test]
fn probe() {
    if std::env::var_os("SALINE_OPENSSL_ASM_PROBE").is_none() {
        return;
    }
    let fold = transcript();
    println!("\nPATH {} {fold}", saline_openssl_asm::cpu_path());
}
