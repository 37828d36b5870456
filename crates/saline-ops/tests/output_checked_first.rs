//! Regression (fuzz/ops_call): an operation whose output length is a number
//! must refuse an output buffer that is too small before doing the work.
//! PBKDF2, scrypt, raw Argon2 and the Argon2 PHC string derived the whole dkLen first (up to
//! 2^32 - 1 blocks), so a small buffer with a huge dkLen aborted the process
//! on the failed allocation instead of returning an error to the binding;
//! libsodium's crypto_pwhash, randombytes_buf_deterministic and sodium_pad
//! the same (the last filled gigabytes before failing).

use saline_ops::{call, Args, Op};

fn id(algorithm: saline::Algorithm) -> u32 {
    u32::from(algorithm.info().id)
}

fn assert_output_error(op: Op, alg: u32, bytes: &[Option<&[u8]>], nums: &[f64]) {
    let mut out = [0u8; 32];
    let error = call(op as u32, alg, &Args { bytes, nums }, &mut out).expect_err("a 32-byte output cannot hold dkLen");
    assert!(matches!(error, saline::Error::InvalidLength { .. }), "{op:?}: {error}");
    assert!(error.to_string().starts_with("output"), "{op:?}: {error}");
}

#[test]
fn kdfs_check_the_output_before_deriving() {
    let (password, salt): (&[u8], &[u8]) = (b"password", b"saltsaltsaltsalt");
    // 2^36 bytes: an allocation that fails on any test machine.
    let huge = (1u64 << 36) as f64;
    assert_output_error(Op::Pbkdf2, id(saline::Algorithm::Sha256), &[Some(password), Some(salt)], &[1.0, huge]);
    assert_output_error(Op::Scrypt, 0, &[Some(password), Some(salt)], &[16.0, 1.0, 1.0, huge]);
    assert_output_error(Op::Argon2, id(saline::Algorithm::Argon2id), &[Some(password), Some(salt)], &[1.0, 8.0, 1.0, 4294967295.0]);
    // The PHC string of an Argon2 hash with dkLen 2^32 - 1 (and of the same
    // with a random salt) is about 5.7 GB of base64.
    assert_output_error(Op::Argon2Hash, id(saline::Algorithm::Argon2id), &[Some(password), Some(salt)], &[1.0, 8.0, 1.0, 4294967295.0]);
    assert_output_error(Op::Argon2Hash, id(saline::Algorithm::Argon2id), &[Some(password)], &[1.0, 8.0, 1.0, 4294967295.0]);
}

#[test]
fn libsodium_ops_check_the_output_before_building_it() {
    let huge = (1u64 << 36) as f64;
    let (password, salt): (&[u8], &[u8]) = (b"password", b"saltsaltsaltsalt");
    // crypto_pwhash: [output length, opslimit, memlimit] (argon2id, cheapest costs).
    assert_output_error(Op::Pwhash, id(saline::Algorithm::Argon2id), &[Some(password), Some(salt)], &[huge, 1.0, 8192.0]);
    assert_output_error(Op::RandomBytesDeterministic, 0, &[Some(&[7u8; 32])], &[huge]);
    // A block size that pads 5 bytes to 2^36.
    assert_output_error(Op::SodiumPad, 0, &[Some(b"hello")], &[huge]);
    // The exact size is accepted: 5 bytes pad to 8 with a 4-byte block.
    let mut out = [0u8; 8];
    assert_eq!(call(Op::SodiumPad as u32, 0, &Args { bytes: &[Some(b"hello")], nums: &[4.0] }, &mut out).unwrap(), 8);
    let mut short = [0u8; 7];
    assert!(call(Op::SodiumPad as u32, 0, &Args { bytes: &[Some(b"hello")], nums: &[4.0] }, &mut short).is_err());
}
