//! The file formats the `saline` command reads from disk, through the same
//! functions it calls (crates/saline-cli's files, included by path: the
//! command is a binary crate): minisign public keys, secret keys and
//! signatures (`minisign_format.rs`), and an age file's header as
//! `saline decrypt` reads it (`age_header.rs` in front of the `age` crate's
//! armor reader and decryptor; the crate's own parsing is not the target,
//! the way the command drives it is). Errors are fine; panics are findings.
//!
//! Input: selector (u8), then the file's bytes.
#![no_main]

use std::io::{BufReader, Read};
use std::sync::OnceLock;

use age::armor::ArmoredReader;
use age::secrecy::SecretString;
use base64::Engine;
use libfuzzer_sys::fuzz_target;
use saline_fuzz::Reader;

#[allow(dead_code)]
#[path = "../../crates/saline-cli/src/minisign_format.rs"]
mod minisign_format;

#[allow(dead_code)]
#[path = "../../crates/saline-cli/src/age_header.rs"]
mod age_header;

use minisign_format::{PublicKey, SecretKeyFile, Signature};

/// A fixed key pair, so that signatures are checked against something.
fn public_key() -> &'static PublicKey {
    static KEY: OnceLock<PublicKey> = OnceLock::new();
    KEY.get_or_init(|| PublicKey { key_id: *b"saline-f", key: saline::curve::ed25519::SigningKey::from_seed(&[7u8; 32]).unwrap().public_key() })
}

/// Whether an encrypted minisign secret key names scrypt limits small
/// enough to derive in a fuzz iteration (the command derives whatever its
/// own key file asks; that file is the user's, not an attacker's).
fn cheap_secret_key(text: &str) -> bool {
    let line = text.lines().find(|l| !l.starts_with("untrusted comment:")).unwrap_or_default();
    let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(line.trim()) else { return true };
    if bytes.len() < 54 {
        return true;
    }
    let opslimit = u64::from_le_bytes(bytes[38..46].try_into().unwrap());
    let memlimit = u64::from_le_bytes(bytes[46..54].try_into().unwrap());
    opslimit <= 1 << 16 && memlimit <= 1 << 20
}

fn age_decrypt(file: &[u8], passphrase: &str) {
    let mut input = BufReader::new(file);
    if age_header::skip_whitespace_before_armor(&mut input).is_err() {
        return;
    }
    let checked = age_header::StanzaBodyCheck::new(ArmoredReader::new(input));
    let Ok(decryptor) = age::Decryptor::new(checked) else { return };
    let reader = if decryptor.is_scrypt() {
        let mut identity = age::scrypt::Identity::new(SecretString::from(passphrase.to_owned()));
        // The command allows 2^22; a fuzz iteration affords 2^10.
        identity.set_max_work_factor(10);
        decryptor.decrypt(std::iter::once(&identity as &dyn age::Identity))
    } else {
        static IDENTITY: OnceLock<age::x25519::Identity> = OnceLock::new();
        let identity = IDENTITY.get_or_init(age::x25519::Identity::generate);
        decryptor.decrypt(std::iter::once(identity as &dyn age::Identity))
    };
    if let Ok(reader) = reader {
        let _ = reader.take(1 << 20).read_to_end(&mut Vec::new());
    }
}

fuzz_target!(|data: &[u8]| {
    let mut r = Reader::new(data);
    let selector = r.u8();
    let file = r.rest();
    let text = String::from_utf8_lossy(file);
    match selector % 4 {
        0 => {
            let _ = PublicKey::from_file_text(&text);
            let _ = PublicKey::from_base64(&text);
        }
        1 => {
            if let Ok(key) = SecretKeyFile::parse(&text) {
                if !key.is_encrypted() {
                    let _ = key.open(None);
                } else if cheap_secret_key(&text) {
                    let _ = key.open(Some(b"password"));
                }
            }
        }
        2 => {
            if let Ok(signature) = Signature::parse(&text) {
                let _ = signature.verify(public_key(), file);
            }
        }
        _ => age_decrypt(file, "password"),
    }
});
