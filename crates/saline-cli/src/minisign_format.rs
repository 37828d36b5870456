//! minisign's key and signature files (https://jedisct1.github.io/minisign/),
//! composed from the core: Ed25519, BLAKE2b and scrypt.
//!
//! * public key: `"Ed" ‖ key id (8) ‖ Ed25519 public key (32)`, base64.
//! * secret key: `"Ed" ‖ kdf ("Sc" or two zero bytes) ‖ "B2" ‖ salt (32) ‖
//!   opslimit (u64 LE) ‖ memlimit (u64 LE) ‖ [key id (8) ‖ seed ‖ public key
//!   (64) ‖ checksum (32)]`, the bracket XORed with scrypt output when the
//!   kdf is "Sc". checksum = BLAKE2b-256("Ed" ‖ key id ‖ secret key).
//! * signature: `"ED" ‖ key id ‖ Ed25519(BLAKE2b-512(file))` (prehashed), or
//!   legacy `"Ed" ‖ key id ‖ Ed25519(file)`; then a trusted comment and a
//!   global signature Ed25519(signature ‖ trusted comment).

use anyhow::{bail, Context};
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use saline::curve::ed25519::SigningKey;
use saline::hash::{hash_with, HashOptions};
use saline::Algorithm;
use zeroize::Zeroizing;

const SIGNATURE_ALGORITHM: &[u8; 2] = b"Ed";
const PREHASHED_ALGORITHM: &[u8; 2] = b"ED";
const KDF_SCRYPT: &[u8; 2] = b"Sc";
const KDF_NONE: &[u8; 2] = &[0, 0];
const CHECKSUM_BLAKE2B: &[u8; 2] = b"B2";
/// libsodium's crypto_pwhash_scryptsalsa208sha256_{OPS,MEM}LIMIT_SENSITIVE,
/// the costs minisign encrypts new secret keys with (N = 2^20, r = 8, p = 1).
pub const OPSLIMIT_SENSITIVE: u64 = 33_554_432;
pub const MEMLIMIT_SENSITIVE: u64 = 1_073_741_824;

const KEYNUM_SK_LEN: usize = 8 + 64 + 32;
const SECRET_KEY_LEN: usize = 2 + 2 + 2 + 32 + 8 + 8 + KEYNUM_SK_LEN;

/// A minisign public key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicKey {
    pub key_id: [u8; 8],
    pub key: [u8; 32],
}

impl PublicKey {
    /// The base64 line alone (`minisign -P`).
    pub fn from_base64(text: &str) -> anyhow::Result<PublicKey> {
        let bytes = BASE64
            .decode(text.trim())
            .context("the public key is not base64")?;
        if bytes.len() != 42 || &bytes[..2] != SIGNATURE_ALGORITHM {
            bail!("not a minisign Ed25519 public key");
        }
        Ok(PublicKey {
            key_id: bytes[2..10].try_into().unwrap(),
            key: bytes[10..].try_into().unwrap(),
        })
    }

    /// A public key file: an optional `untrusted comment:` line, then the key.
    pub fn from_file_text(text: &str) -> anyhow::Result<PublicKey> {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        let line = if first.starts_with("untrusted comment:") {
            lines.next().unwrap_or_default()
        } else {
            first
        };
        PublicKey::from_base64(line)
    }

    pub fn to_base64(&self) -> String {
        let mut bytes = SIGNATURE_ALGORITHM.to_vec();
        bytes.extend_from_slice(&self.key_id);
        bytes.extend_from_slice(&self.key);
        BASE64.encode(bytes)
    }

    pub fn to_file_text(&self) -> String {
        format!(
            "untrusted comment: minisign public key {}\n{}\n",
            key_id_hex(&self.key_id),
            self.to_base64()
        )
    }
}

/// The key id as minisign prints it: the little-endian u64, upper-case hex.
pub fn key_id_hex(key_id: &[u8; 8]) -> String {
    format!("{:016X}", u64::from_le_bytes(*key_id))
}

/// A decoded secret key.
pub struct SecretKey {
    pub key_id: [u8; 8],
    pub signing_key: SigningKey,
}

/// A secret key file before decryption.
pub struct SecretKeyFile {
    bytes: Zeroizing<Vec<u8>>,
}

impl SecretKeyFile {
    pub fn parse(text: &str) -> anyhow::Result<SecretKeyFile> {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        let line = if first.starts_with("untrusted comment:") {
            lines.next().unwrap_or_default()
        } else {
            first
        };
        let bytes = Zeroizing::new(
            BASE64
                .decode(line.trim())
                .context("the secret key is not base64")?,
        );
        if bytes.len() != SECRET_KEY_LEN
            || &bytes[..2] != SIGNATURE_ALGORITHM
            || &bytes[4..6] != CHECKSUM_BLAKE2B
        {
            bail!("not a minisign Ed25519 secret key");
        }
        if &bytes[2..4] != KDF_SCRYPT && &bytes[2..4] != KDF_NONE {
            bail!("unsupported key derivation in the secret key");
        }
        Ok(SecretKeyFile { bytes })
    }

    /// Whether a password is needed (`Sc`); `minisign -W` keys need none.
    pub fn is_encrypted(&self) -> bool {
        &self.bytes[2..4] == KDF_SCRYPT
    }

    /// Decrypts (when encrypted) and checks the key.
    pub fn open(&self, password: Option<&[u8]>) -> anyhow::Result<SecretKey> {
        let mut keynum_sk = Zeroizing::new(self.bytes[SECRET_KEY_LEN - KEYNUM_SK_LEN..].to_vec());
        if self.is_encrypted() {
            let password = password.context("the secret key is encrypted: a password is needed")?;
            let salt = &self.bytes[6..38];
            let opslimit = u64::from_le_bytes(self.bytes[38..46].try_into().unwrap());
            let memlimit = u64::from_le_bytes(self.bytes[46..54].try_into().unwrap());
            let stream = scrypt_stream(password, salt, opslimit, memlimit)?;
            keynum_sk
                .iter_mut()
                .zip(stream.iter())
                .for_each(|(byte, key)| *byte ^= key);
        }
        let key_id: [u8; 8] = keynum_sk[..8].try_into().unwrap();
        let secret = &keynum_sk[8..72];
        let stored = &keynum_sk[72..];
        let expected = checksum(&key_id, secret);
        // minisign 0.11 writes a zero checksum into unencrypted (-W) keys.
        let unchecked = !self.is_encrypted() && stored.iter().all(|&b| b == 0);
        if !unchecked && !saline::ct_eq(&expected[..], stored) {
            if self.is_encrypted() {
                bail!("wrong password for this secret key");
            }
            bail!("the secret key is damaged (checksum mismatch)");
        }
        let signing_key =
            SigningKey::from_private_key(secret).context("the secret key is damaged")?;
        Ok(SecretKey {
            key_id,
            signing_key,
        })
    }
}

impl SecretKey {
    pub fn generate() -> anyhow::Result<SecretKey> {
        let mut key_id = [0u8; 8];
        saline::random::fill(&mut key_id)?;
        Ok(SecretKey {
            key_id,
            signing_key: SigningKey::generate()?,
        })
    }

    pub fn public_key(&self) -> PublicKey {
        PublicKey {
            key_id: self.key_id,
            key: self.signing_key.public_key(),
        }
    }

    /// The secret key file, encrypted with `password` (scrypt at minisign's
    /// default cost) or, for `None`, unencrypted as `minisign -W`.
    pub fn to_file_text(&self, password: Option<&[u8]>) -> anyhow::Result<Zeroizing<String>> {
        let private_key = self.signing_key.to_private_key();
        let mut keynum_sk = Zeroizing::new(Vec::with_capacity(KEYNUM_SK_LEN));
        keynum_sk.extend_from_slice(&self.key_id);
        keynum_sk.extend_from_slice(&private_key[..]);
        keynum_sk.extend_from_slice(&checksum(&self.key_id, &private_key[..]));
        let mut bytes = Zeroizing::new(Vec::with_capacity(SECRET_KEY_LEN));
        bytes.extend_from_slice(SIGNATURE_ALGORITHM);
        match password {
            Some(password) => {
                let mut salt = [0u8; 32];
                saline::random::fill(&mut salt)?;
                let stream =
                    scrypt_stream(password, &salt, OPSLIMIT_SENSITIVE, MEMLIMIT_SENSITIVE)?;
                keynum_sk
                    .iter_mut()
                    .zip(stream.iter())
                    .for_each(|(byte, key)| *byte ^= key);
                bytes.extend_from_slice(KDF_SCRYPT);
                bytes.extend_from_slice(CHECKSUM_BLAKE2B);
                bytes.extend_from_slice(&salt);
                bytes.extend_from_slice(&OPSLIMIT_SENSITIVE.to_le_bytes());
                bytes.extend_from_slice(&MEMLIMIT_SENSITIVE.to_le_bytes());
            }
            None => {
                bytes.extend_from_slice(KDF_NONE);
                bytes.extend_from_slice(CHECKSUM_BLAKE2B);
                bytes.extend_from_slice(&[0u8; 48]);
            }
        }
        bytes.extend_from_slice(&keynum_sk);
        Ok(Zeroizing::new(format!(
            "untrusted comment: minisign encrypted secret key\n{}\n",
            BASE64.encode(&bytes[..])
        )))
    }
}

/// BLAKE2b-256(`"Ed"` ‖ key id ‖ secret key), minisign's `seckey_compute_chk`.
fn checksum(key_id: &[u8; 8], secret: &[u8]) -> Zeroizing<Vec<u8>> {
    let mut input = Zeroizing::new(SIGNATURE_ALGORITHM.to_vec());
    input.extend_from_slice(key_id);
    input.extend_from_slice(secret);
    Zeroizing::new(
        hash_with(
            Algorithm::Blake2b,
            &HashOptions {
                out_len: Some(32),
                ..Default::default()
            },
            &input,
        )
        .expect("32 bytes is a valid BLAKE2b length"),
    )
}

/// The 104-byte key stream that encrypts the secret key: scrypt with the
/// parameters libsodium's `crypto_pwhash_scryptsalsa208sha256` derives from
/// opslimit and memlimit (`pickparams` in libsodium's pwhash_scryptsalsa208sha256.c).
fn scrypt_stream(
    password: &[u8],
    salt: &[u8],
    opslimit: u64,
    memlimit: u64,
) -> anyhow::Result<Zeroizing<Vec<u8>>> {
    let (log_n, r, p) = pick_scrypt_params(opslimit, memlimit);
    let stream = saline::kdf::scrypt(password, salt, 1u64 << log_n, r, p, KEYNUM_SK_LEN)
        .context("the secret key's scrypt parameters are out of range")?;
    Ok(Zeroizing::new(stream))
}

/// libsodium's `pickparams`: N, r = 8 and p from the two limits.
fn pick_scrypt_params(opslimit: u64, memlimit: u64) -> (u32, u32, u32) {
    let opslimit = opslimit.max(32_768);
    let r: u32 = 8;
    let first_log_n_above = |max_n: u64| {
        (1..63)
            .find(|&log_n| (1u64 << log_n) > max_n / 2)
            .unwrap_or(63)
    };
    if opslimit < memlimit / 32 {
        let log_n = first_log_n_above(opslimit / (u64::from(r) * 4));
        (log_n, r, 1)
    } else {
        let log_n = first_log_n_above(memlimit / (u64::from(r) * 128));
        let max_rp = ((opslimit / 4) / (1u64 << log_n)).min(0x3fff_ffff);
        (log_n, r, (max_rp as u32 / r).max(1))
    }
}

/// A `.minisig` file.
pub struct Signature {
    pub untrusted_comment: String,
    pub prehashed: bool,
    pub key_id: [u8; 8],
    pub signature: [u8; 64],
    pub trusted_comment: String,
    pub global_signature: [u8; 64],
}

impl Signature {
    pub fn parse(text: &str) -> anyhow::Result<Signature> {
        let mut lines = text.lines();
        let mut next = || lines.next().context("the signature file is incomplete");
        let untrusted_comment = next()?
            .strip_prefix("untrusted comment: ")
            .context("the signature file lacks its untrusted comment")?
            .to_string();
        let bytes = BASE64
            .decode(next()?.trim())
            .context("the signature is not base64")?;
        if bytes.len() != 74 {
            bail!("the signature has the wrong length");
        }
        let prehashed = match &bytes[..2] {
            b"ED" => true,
            b"Ed" => false,
            _ => bail!("unsupported signature algorithm"),
        };
        let trusted_comment = next()?
            .strip_prefix("trusted comment: ")
            .context("the signature file lacks its trusted comment")?
            .to_string();
        let global = BASE64
            .decode(next()?.trim())
            .context("the global signature is not base64")?;
        Ok(Signature {
            untrusted_comment,
            prehashed,
            key_id: bytes[2..10].try_into().unwrap(),
            signature: bytes[10..].try_into().unwrap(),
            trusted_comment,
            global_signature: global
                .try_into()
                .map_err(|_| anyhow::anyhow!("the global signature has the wrong length"))?,
        })
    }

    /// Signs a BLAKE2b-512 prehash (`"ED"`) with its trusted comment.
    pub fn sign_prehashed(
        key: &SecretKey,
        prehash: &[u8],
        untrusted_comment: &str,
        trusted_comment: &str,
    ) -> Signature {
        let signature = key.signing_key.sign(prehash);
        let global_signature = key
            .signing_key
            .sign(&[&signature[..], trusted_comment.as_bytes()].concat());
        Signature {
            untrusted_comment: untrusted_comment.to_string(),
            prehashed: true,
            key_id: key.key_id,
            signature,
            trusted_comment: trusted_comment.to_string(),
            global_signature,
        }
    }

    pub fn to_file_text(&self) -> String {
        let mut bytes = if self.prehashed {
            PREHASHED_ALGORITHM.to_vec()
        } else {
            SIGNATURE_ALGORITHM.to_vec()
        };
        bytes.extend_from_slice(&self.key_id);
        bytes.extend_from_slice(&self.signature);
        format!(
            "untrusted comment: {}\n{}\ntrusted comment: {}\n{}\n",
            self.untrusted_comment,
            BASE64.encode(bytes),
            self.trusted_comment,
            BASE64.encode(self.global_signature)
        )
    }

    /// Checks both signatures; `message` is the prehash for `"ED"`, the
    /// file itself for legacy `"Ed"` signatures.
    pub fn verify(&self, key: &PublicKey, message: &[u8]) -> anyhow::Result<()> {
        if self.key_id != key.key_id {
            bail!(
                "the signature was made with key {} but the public key is {}",
                key_id_hex(&self.key_id),
                key_id_hex(&key.key_id)
            );
        }
        saline::curve::ed25519::verify(&key.key, message, &self.signature)
            .map_err(|_| anyhow::anyhow!("signature verification failed"))?;
        let global_message = [&self.signature[..], self.trusted_comment.as_bytes()].concat();
        saline::curve::ed25519::verify(&key.key, &global_message, &self.global_signature).map_err(
            |_| {
                anyhow::anyhow!(
                    "comment signature verification failed: the trusted comment was altered"
                )
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libsodium_picks_these_scrypt_parameters() {
        // minisign's defaults: N = 2^20, r = 8, p = 1 (1 GiB).
        assert_eq!(
            pick_scrypt_params(OPSLIMIT_SENSITIVE, MEMLIMIT_SENSITIVE),
            (20, 8, 1)
        );
        // crypto_pwhash_scryptsalsa208sha256_{OPS,MEM}LIMIT_INTERACTIVE: N = 2^14, r = 8, p = 1.
        assert_eq!(pick_scrypt_params(524_288, 16_777_216), (14, 8, 1));
    }

    #[test]
    fn keys_round_trip_with_and_without_password() {
        let key = SecretKey::generate().unwrap();
        let plain = SecretKeyFile::parse(&key.to_file_text(None).unwrap()).unwrap();
        assert!(!plain.is_encrypted());
        assert_eq!(plain.open(None).unwrap().public_key(), key.public_key());
        let public = PublicKey::from_file_text(&key.public_key().to_file_text()).unwrap();
        assert_eq!(public, key.public_key());
    }

    #[test]
    fn signatures_verify_and_tampering_is_caught() {
        let key = SecretKey::generate().unwrap();
        let prehash = [9u8; 64];
        let signature =
            Signature::sign_prehashed(&key, &prehash, "c", "timestamp:1\tfile:f\thashed");
        let parsed = Signature::parse(&signature.to_file_text()).unwrap();
        parsed.verify(&key.public_key(), &prehash).unwrap();
        assert!(parsed.verify(&key.public_key(), &[8u8; 64]).is_err());
        let mut altered = Signature::parse(&signature.to_file_text()).unwrap();
        altered.trusted_comment.push('!');
        assert!(altered.verify(&key.public_key(), &prehash).is_err());
        let other = SecretKey::generate().unwrap();
        assert!(parsed.verify(&other.public_key(), &prehash).is_err());
    }
}
