//! Every code path of the assembly on this machine, each against RustCrypto
//! on random inputs: the parent runs `probe` in a child process per
//! `SALINE_OPENSSL_ASM_CPU` level (the capability vector is filled once per
//! process), checks that the child took the path the level allows, and
//! that every level computed the same transcript.

#![cfg(all(target_arch = "x86_64", target_os = "linux"))]

use md5::Digest;
use poly1305::universal_hash::KeyInit;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

const SIZES: &[usize] = &[0, 1, 15, 16, 17, 63, 64, 65, 111, 112, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1000, 4095, 65_543, 1 << 20];

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
