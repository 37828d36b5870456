//! The operation table every binding calls (`saline_ops::call`): any op
//! code, any algorithm id, any byte arguments (present, empty or omitted),
//! any numbers (integers, boundaries, fractions, NaN, infinities) and any
//! output size. It must return `Ok(n)` with `n` within the output, or an
//! `Error`; a panic or an abort is a finding.
//!
//! Input: op (u8), algorithm id (u16), output size (u16), byte-argument count
//! (u8), number count (u8), the numbers (`number` below), then each byte
//! argument as u16 length (0xFFFF = omitted) and bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use saline_fuzz::Reader;
use saline_ops::{Args, Op};

/// Numbers a binding may pass: a tag byte picks the shape so that the
/// fuzzer reaches boundaries as easily as small counts.
fn number(r: &mut Reader<'_>) -> f64 {
    const SPECIAL: [f64; 12] = [
        -1.0,
        0.5,
        f64::NAN,
        f64::INFINITY,
        -0.0,
        4294967295.0,
        4294967296.0,
        9007199254740991.0,
        9007199254740992.0,
        1e300,
        f64::MIN_POSITIVE,
        255.0,
    ];
    match r.u8() % 4 {
        0 => f64::from(r.u8()),
        1 => f64::from(r.u32()),
        2 => f64::from_bits(r.u64()),
        _ => SPECIAL[usize::from(r.u8()) % SPECIAL.len()],
    }
}

/// Caps a cost the fuzzer chose when it is a valid number (invalid ones
/// must still reach the op and be refused): without this an input asking
/// for 2^32 PBKDF2 iterations runs for hours, which tests nothing.
fn cap(nums: &mut [f64], i: usize, max: f64) {
    if let Some(x) = nums.get_mut(i) {
        if *x > max && x.is_finite() {
            *x = max;
        }
    }
}

/// Whether a password-hash string names costs small enough to verify in a
/// fuzz iteration (parameters above the ceilings are refused before any
/// work, so only valid-but-expensive strings are skipped).
fn cheap_password_hash(s: &[u8]) -> bool {
    let Ok(s) = core::str::from_utf8(s) else { return true };
    if s.starts_with("$7$") {
        // crypt(3) base 64: N = 2^(first digit); r and p as 30-bit numbers.
        let digit = |c: u8| b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".iter().position(|&d| d == c).unwrap_or(63) as u64;
        let word = |b: &[u8]| b.iter().enumerate().map(|(i, &c)| digit(c) << (6 * i)).sum::<u64>();
        let b = s.as_bytes();
        return b.len() < 14 || (digit(b[3]) <= 10 && word(&b[4..9]).max(1) * word(&b[9..14]).max(1) <= 8);
    }
    if s.starts_with("$argon2") {
        let value = |key: &str| s.split(['$', ',']).find_map(|f| f.strip_prefix(key)).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        return value("m=") <= 256 && value("t=") <= 4 && value("p=") <= 4;
    }
    true
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader::new(data);
    let op = u32::from(r.u8());
    let alg = u32::from(r.u16());
    let out_len = usize::from(r.u16());
    let n_bytes = usize::from(r.u8() % 7);
    let n_nums = usize::from(r.u8() % 6);
    let mut nums: Vec<f64> = (0..n_nums).map(|_| number(&mut r)).collect();
    let bytes: Vec<Option<&[u8]>> = (0..n_bytes).map(|_| r.optional_bytes()).collect();

    match Op::from_code(op) {
        Some(Op::Pbkdf2) => cap(&mut nums, 0, 64.0),
        Some(Op::Scrypt) => {
            cap(&mut nums, 0, 64.0);
            cap(&mut nums, 1, 8.0);
            cap(&mut nums, 2, 2.0);
        }
        Some(Op::Argon2 | Op::Argon2Hash) => {
            cap(&mut nums, 0, 3.0);
            cap(&mut nums, 1, 64.0);
            cap(&mut nums, 2, 4.0);
        }
        // The verify ceilings: 256 KiB, 1024 KiB·passes, 4 lanes, which the
        // op must enforce on the string's own costs.
        Some(Op::Argon2Verify) => nums = vec![256.0, 1024.0, 4.0],
        Some(Op::BcryptHash) => cap(&mut nums, 0, 5.0),
        Some(Op::BcryptVerify) => {
            nums.resize(2, 0.0);
            nums[1] = 5.0;
        }
        Some(Op::Pwhash | Op::PwhashStr) => {
            let (ops, mem) = if op == Op::Pwhash as u32 { (1, 2) } else { (0, 1) };
            // scrypt's smallest opslimit is 2^15 (libsodium's
            // crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_MIN).
            cap(&mut nums, ops, 65536.0);
            cap(&mut nums, mem, 1048576.0);
            if alg != saline::Algorithm::Scrypt.info().id.into() {
                cap(&mut nums, ops, 4.0);
            }
        }
        Some(Op::PwhashStrVerify) if !bytes.get(1).copied().flatten().is_none_or(cheap_password_hash) => return,
        _ => {}
    }

    let mut out = vec![0u8; out_len];
    let args = Args { bytes: &bytes, nums: &nums };
    if let Ok(n) = saline_ops::call(op, alg, &args, &mut out) {
        assert!(n <= out.len(), "op {op}: wrote {n} bytes into {}", out.len());
    }
});
