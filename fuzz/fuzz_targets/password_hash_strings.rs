//! The password-hash string parsers, with strings an attacker wrote: PHC
//! Argon2 strings (`argon2_verify_with_limits`), bcrypt's `$2b$` strings,
//! libsodium's `crypto_pwhash_str` Argon2 strings and scrypt's `$7$`
//! strings. Each must be refused with an `Error` or verified; costs above
//! the ceilings given here must be refused before any work (a string that
//! gets past them and is slow shows up as a libFuzzer timeout).
//!
//! Input: selector (u8), password (u16-prefixed), then the string (the rest,
//! lossily UTF-8: the APIs take `&str`, and a binding's UTF-8 decoding
//! happens before them).
#![no_main]

use libfuzzer_sys::fuzz_target;
use saline::kdf::{argon2_verify_with_limits, bcrypt_verify_with_max_cost, Argon2VerifyLimits, LongPassword};
use saline::sodium::pwhash;
use saline_fuzz::Reader;

/// Ceilings small enough for a fuzz iteration (a few milliseconds).
const ARGON2_LIMITS: Argon2VerifyLimits = Argon2VerifyLimits { max_memory_kib: 256, max_work_kib: 1024, max_lanes: 4 };
const BCRYPT_MAX_COST: u32 = 5;

fuzz_target!(|data: &[u8]| {
    let mut r = Reader::new(data);
    let selector = r.u8();
    let password = r.bytes();
    let text = String::from_utf8_lossy(r.rest());
    match selector % 5 {
        0 => {
            let _ = argon2_verify_with_limits(password, &text, &ARGON2_LIMITS);
        }
        1 => {
            let long = if selector & 0x80 == 0 { LongPassword::Reject } else { LongPassword::Truncate };
            let _ = bcrypt_verify_with_max_cost(password, &text, long, BCRYPT_MAX_COST);
        }
        // Parsing only: the rehash question reads the costs, computes nothing.
        2 => {
            let _ = pwhash::crypto_pwhash_str_needs_rehash(&text, u64::from(r.u8()), 1 << 16);
        }
        3 => {
            let _ = pwhash::crypto_pwhash_scryptsalsa208sha256_str_needs_rehash(&text, 1 << 15, 1 << 24);
        }
        // The libsodium verify path, with the same ceilings as Argon2's: a
        // string within them runs, anything else is skipped as too slow.
        _ => {
            if cheap_argon2(&text) {
                let _ = pwhash::crypto_pwhash_str_verify(&text, password);
            }
        }
    }
});

fn cheap_argon2(s: &str) -> bool {
    let value = |key: &str| s.split(['$', ',']).find_map(|f| f.strip_prefix(key)).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    value("m=") <= 256 && value("t=") <= 4 && value("p=") <= 4
}
