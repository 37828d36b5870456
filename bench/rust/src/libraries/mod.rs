//! The libraries the Rust runner measures, in reference order: Saline (the
//! subject, whose output is the reference), libsodium, OpenSSL.

pub mod libsodium;
pub mod openssl;
pub mod saline;

use std::fmt::Display;

use crate::fixtures::Fixture;

/// Error text of any library's error type.
pub fn err<E: Display>(e: E) -> String {
    e.to_string()
}

/// The AES key for "aes-128-…" / "aes-192-…" / "aes-256-…": the first 16, 24
/// or 32 bytes of the fixture's key (bench/node/adapters/common.mjs `aesKey`).
pub fn aes_key<'a>(fx: &'a Fixture, algorithm: &str) -> &'a [u8] {
    let bits: usize = algorithm.split('-').nth(1).and_then(|b| b.parse().ok()).unwrap_or(256);
    &fx.key[..bits / 8]
}

pub const AES_MODES: [&str; 9] =
    ["aes-128-cbc", "aes-128-ctr", "aes-128-gcm", "aes-192-cbc", "aes-192-ctr", "aes-192-gcm", "aes-256-cbc", "aes-256-ctr", "aes-256-gcm"];

/// The 64-byte inputs of the crypto_verify_n rows: the fixture's message
/// when long enough, else 64 bytes of 7 (tweetnacl-style.mjs), compared
/// with an equal copy so the comparison runs to the end.
pub fn verify_inputs(fx: &Fixture, n: usize) -> (Vec<u8>, Vec<u8>) {
    let x = if fx.msg.len() >= n { fx.msg[..n].to_vec() } else { vec![7u8; n] };
    (x.clone(), x)
}
