//! Regression (fuzz/ops_call): an operation whose output length is a number
//! must refuse an output buffer that is too small before doing the work.
//! PBKDF2, scrypt and raw Argon2 derived the whole dkLen first (up to
//! 2^32 - 1 blocks), so a small buffer with a huge dkLen aborted the process
//! on the failed allocation instead of returning an error to the binding.

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
}
