//! age's hybrid post-quantum recipient type `mlkem768x25519` (age v1.3;
//! C2SP age spec, "The mlkem768x25519 recipient type"), which the `age`
//! crate 0.12 does not implement. It plugs into the crate's
//! [`age::Identity`] and [`age::Recipient`] traits, so the rest of the
//! format (header, MAC, payload) stays the crate's.
//!
//! The stanza is `-> mlkem768x25519 base64(enc)` with body `ct`, where
//! `(enc, ct) = HPKE.SealBase(pk, info = "age-encryption.org/mlkem768x25519",
//! aad = "", file key)` (RFC 9180) with the X-Wing KEM
//! (draft-connolly-cfrg-xwing-kem, HPKE KEM id 0x647a), HKDF-SHA-256 and
//! ChaCha20-Poly1305. HPKE itself is the `hpke` crate through the same
//! `age_core::primitives::{hpke_seal, hpke_open}` that the age crate's own
//! `tagpq` type uses; X-Wing is composed here from ML-KEM-768 (RustCrypto's
//! `ml-kem`, the version the age crate already links), and the core's
//! X25519, SHA3-256 and SHAKE256.
//!
//! Keys: an identity is `AGE-SECRET-KEY-PQ-1...`, Bech32 of the 32-byte
//! X-Wing seed; a recipient is `age1pq1...`, Bech32 of the 1216-byte X-Wing
//! public key (ML-KEM-768 encapsulation key ‖ X25519 public key).

use std::collections::HashSet;
use std::fmt;

use age::secrecy::ExposeSecret;
use age::DecryptError;
use age_core::format::{FileKey, Stanza, FILE_KEY_BYTES};
use age_core::primitives::{bech32_decode, bech32_encode, hpke_open, hpke_seal};
use base64::prelude::{Engine, BASE64_STANDARD_NO_PAD};
use hpke::generic_array::typenum::{self, Unsigned, U32};
use hpke::kem::SharedSecret;
use hpke::{Deserializable, HpkeError, Serializable};
use ml_kem::kem::{Decapsulate, Encapsulate};
use ml_kem::{Ciphertext, EncodedSizeUser, KemCore, MlKem768};
use saline::curve::x25519;
use saline::hash::{hash_into, HashOptions};
use saline::Algorithm;
use zeroize::Zeroizing;

/// The stanza type and the HPKE info string (C2SP age spec).
const STANZA_TAG: &str = "mlkem768x25519";
const HPKE_INFO: &[u8] = b"age-encryption.org/mlkem768x25519";
/// Bech32 prefixes of recipients and identities (identities are printed in
/// upper case, as the X25519 ones).
const RECIPIENT_HRP: bech32::Hrp = bech32::Hrp::parse_unchecked("age1pq");
const IDENTITY_HRP: bech32::Hrp = bech32::Hrp::parse_unchecked("age-secret-key-pq-");
/// The age crate's label for post-quantum recipients: its encryptor refuses
/// to mix them with classical ones, which would undo the quantum resistance
/// (age's `tagpq` type returns the same label).
const POSTQUANTUM_LABEL: &str = "postquantum";

/// X-Wing's domain separator, `\.//^\` (draft-connolly-cfrg-xwing-kem §5.3).
const XWING_LABEL: &[u8; 6] = b"\\.//^\\";
/// The HPKE KEM id of X-Wing (MLKEM768-X25519), IANA HPKE registry.
const XWING_KEM_ID: u16 = 0x647a;

type MlKemEncapsulationKey = <MlKem768 as KemCore>::EncapsulationKey;
type MlKemDecapsulationKey = <MlKem768 as KemCore>::DecapsulationKey;
type MlKemCiphertextLen = <MlKem768 as KemCore>::CiphertextSize;
type MlKemEncapsulationKeyLen = <MlKemEncapsulationKey as EncodedSizeUser>::EncodedSize;

/// An X-Wing secret key: the 32-byte seed and what it expands to.
#[derive(Clone)]
pub struct XWingSecretKey {
    seed: Zeroizing<[u8; 32]>,
    mlkem: MlKemDecapsulationKey,
    x25519_secret: Zeroizing<[u8; 32]>,
    public: XWingPublicKey,
}

impl XWingSecretKey {
    /// X-Wing's `expandDecapsulationKey` (draft-connolly-cfrg-xwing-kem
    /// §5.2): SHAKE256(seed, 96) gives ML-KEM-768's `d ‖ z` and the X25519
    /// secret key.
    fn from_seed(seed: [u8; 32]) -> Self {
        let seed = Zeroizing::new(seed);
        let mut expanded = Zeroizing::new([0u8; 96]);
        hash_into(
            Algorithm::Shake256,
            &HashOptions::default(),
            &seed[..],
            &mut expanded[..],
        )
        .expect("SHAKE256 takes any output length");
        let d = <[u8; 32]>::try_from(&expanded[..32]).expect("32 bytes");
        let z = <[u8; 32]>::try_from(&expanded[32..64]).expect("32 bytes");
        let (mlkem, mlkem_public) = MlKem768::generate_deterministic(&d.into(), &z.into());
        let x25519_secret =
            Zeroizing::new(<[u8; 32]>::try_from(&expanded[64..]).expect("32 bytes"));
        let x25519_public = x25519::public_key(&x25519_secret[..]).expect("32 bytes");
        XWingSecretKey {
            seed,
            mlkem,
            x25519_secret,
            public: XWingPublicKey {
                mlkem: mlkem_public,
                x25519: x25519_public,
            },
        }
    }
}

impl PartialEq for XWingSecretKey {
    fn eq(&self, other: &Self) -> bool {
        saline::ct_eq(&self.seed[..], &other.seed[..])
    }
}
impl Eq for XWingSecretKey {}

impl Serializable for XWingSecretKey {
    type OutputSize = U32;
    fn write_exact(&self, buf: &mut [u8]) {
        buf.copy_from_slice(&self.seed[..]);
    }
}

impl Deserializable for XWingSecretKey {
    fn from_bytes(encoded: &[u8]) -> Result<Self, HpkeError> {
        let seed = <[u8; 32]>::try_from(encoded)
            .map_err(|_| HpkeError::IncorrectInputLength(32, encoded.len()))?;
        Ok(XWingSecretKey::from_seed(seed))
    }
}

/// An X-Wing public key: ML-KEM-768's encapsulation key ‖ X25519's.
#[derive(Clone, Debug)]
pub struct XWingPublicKey {
    mlkem: MlKemEncapsulationKey,
    x25519: [u8; 32],
}

impl PartialEq for XWingPublicKey {
    fn eq(&self, other: &Self) -> bool {
        self.to_bytes() == other.to_bytes()
    }
}
impl Eq for XWingPublicKey {}

impl Serializable for XWingPublicKey {
    type OutputSize = typenum::Sum<MlKemEncapsulationKeyLen, U32>;
    fn write_exact(&self, buf: &mut [u8]) {
        let (mlkem, x25519) = buf.split_at_mut(MlKemEncapsulationKeyLen::USIZE);
        mlkem.copy_from_slice(&self.mlkem.as_bytes());
        x25519.copy_from_slice(&self.x25519);
    }
}

impl Deserializable for XWingPublicKey {
    fn from_bytes(encoded: &[u8]) -> Result<Self, HpkeError> {
        let expected = <Self as Serializable>::OutputSize::USIZE;
        if encoded.len() != expected {
            return Err(HpkeError::IncorrectInputLength(expected, encoded.len()));
        }
        let (mlkem, x25519) = encoded.split_at(MlKemEncapsulationKeyLen::USIZE);
        let mlkem = MlKemEncapsulationKey::from_bytes(mlkem.try_into().expect("checked length"));
        // FIPS 203 §7.2's modulus check: every coefficient below q, which
        // holds exactly when decoding and re-encoding gives the same bytes.
        if mlkem.as_bytes().as_slice() != &encoded[..MlKemEncapsulationKeyLen::USIZE] {
            return Err(HpkeError::ValidationError);
        }
        Ok(XWingPublicKey {
            mlkem,
            x25519: x25519.try_into().expect("checked length"),
        })
    }
}

/// The X-Wing ciphertext (HPKE's `enc`): ML-KEM-768's ‖ the ephemeral X25519 key.
#[derive(Clone)]
pub struct XWingCiphertext {
    mlkem: Ciphertext<MlKem768>,
    x25519: [u8; 32],
}

impl Serializable for XWingCiphertext {
    type OutputSize = typenum::Sum<MlKemCiphertextLen, U32>;
    fn write_exact(&self, buf: &mut [u8]) {
        let (mlkem, x25519) = buf.split_at_mut(MlKemCiphertextLen::USIZE);
        mlkem.copy_from_slice(&self.mlkem);
        x25519.copy_from_slice(&self.x25519);
    }
}

impl Deserializable for XWingCiphertext {
    fn from_bytes(encoded: &[u8]) -> Result<Self, HpkeError> {
        let expected = <Self as Serializable>::OutputSize::USIZE;
        if encoded.len() != expected {
            return Err(HpkeError::IncorrectInputLength(expected, encoded.len()));
        }
        let (mlkem, x25519) = encoded.split_at(MlKemCiphertextLen::USIZE);
        Ok(XWingCiphertext {
            mlkem: <[u8; MlKemCiphertextLen::USIZE]>::try_from(mlkem)
                .expect("checked length")
                .into(),
            x25519: x25519.try_into().expect("checked length"),
        })
    }
}

/// X-Wing's combiner (draft-connolly-cfrg-xwing-kem §5.3):
/// SHA3-256(ss_M ‖ ss_X ‖ ct_X ‖ pk_X ‖ label).
fn combine(
    mlkem_shared: &[u8],
    x25519_shared: &[u8; 32],
    x25519_ciphertext: &[u8; 32],
    x25519_public: &[u8; 32],
) -> SharedSecret<XWing> {
    let mut hasher = saline::hash::Hasher::new(Algorithm::Sha3_256).expect("SHA3-256 is a hash");
    for part in [
        mlkem_shared,
        &x25519_shared[..],
        &x25519_ciphertext[..],
        &x25519_public[..],
        &XWING_LABEL[..],
    ] {
        hasher.update(part);
    }
    let mut shared = SharedSecret::<XWing>::default();
    hasher.finalize_into(&mut shared.0).expect("32 bytes");
    shared
}

/// The X-Wing KEM as an HPKE KEM (draft-connolly-cfrg-xwing-kem §5.4).
pub struct XWing;

impl hpke::Kem for XWing {
    type PublicKey = XWingPublicKey;
    type PrivateKey = XWingSecretKey;
    type EncappedKey = XWingCiphertext;
    type NSecret = U32;
    const KEM_ID: u16 = XWING_KEM_ID;

    fn sk_to_pk(sk: &XWingSecretKey) -> XWingPublicKey {
        sk.public.clone()
    }

    /// `DeriveKeyPair(ikm)`: the seed is SHAKE256(ikm, 32) (§5.4). age
    /// draws seeds at random; this is here because HPKE's trait asks for it.
    fn derive_keypair(ikm: &[u8]) -> (XWingSecretKey, XWingPublicKey) {
        let mut seed = [0u8; 32];
        hash_into(Algorithm::Shake256, &HashOptions::default(), ikm, &mut seed)
            .expect("SHAKE256 takes any output length");
        let secret = XWingSecretKey::from_seed(seed);
        let public = secret.public.clone();
        (secret, public)
    }

    fn decap(
        sk: &XWingSecretKey,
        pk_sender_id: Option<&XWingPublicKey>,
        ciphertext: &XWingCiphertext,
    ) -> Result<SharedSecret<Self>, HpkeError> {
        // HPKE's authenticated modes need an authenticated KEM; X-Wing is not one.
        if pk_sender_id.is_some() {
            return Err(HpkeError::DecapError);
        }
        let mlkem_shared: Zeroizing<[u8; 32]> = Zeroizing::new(
            sk.mlkem
                .decapsulate(&ciphertext.mlkem)
                .map_err(|()| HpkeError::DecapError)?
                .into(),
        );
        // An all-zero X25519 result (a small-order `enc`) is refused, as
        // age's CCTV vectors `hybrid_low_order` and `hybrid_identity` require.
        let x25519_shared = Zeroizing::new(
            x25519::shared_secret(&sk.x25519_secret[..], &ciphertext.x25519)
                .map_err(|_| HpkeError::DecapError)?,
        );
        Ok(combine(
            &mlkem_shared[..],
            &x25519_shared,
            &ciphertext.x25519,
            &sk.public.x25519,
        ))
    }

    fn encap<R: hpke::rand_core::CryptoRng + hpke::rand_core::RngCore>(
        pk: &XWingPublicKey,
        sender_id_keypair: Option<(&XWingSecretKey, &XWingPublicKey)>,
        rng: &mut R,
    ) -> Result<(SharedSecret<Self>, XWingCiphertext), HpkeError> {
        if sender_id_keypair.is_some() {
            return Err(HpkeError::EncapError);
        }
        let (mlkem_ciphertext, mlkem_shared) = pk
            .mlkem
            .encapsulate(rng)
            .map_err(|()| HpkeError::EncapError)?;
        let mlkem_shared: Zeroizing<[u8; 32]> = Zeroizing::new(mlkem_shared.into());
        let mut ephemeral = Zeroizing::new([0u8; 32]);
        rng.fill_bytes(&mut ephemeral[..]);
        let x25519_ciphertext = x25519::public_key(&ephemeral[..]).expect("32 bytes");
        let x25519_shared = Zeroizing::new(
            x25519::shared_secret(&ephemeral[..], &pk.x25519).map_err(|_| HpkeError::EncapError)?,
        );
        let shared = combine(
            &mlkem_shared[..],
            &x25519_shared,
            &x25519_ciphertext,
            &pk.x25519,
        );
        Ok((
            shared,
            XWingCiphertext {
                mlkem: mlkem_ciphertext,
                x25519: x25519_ciphertext,
            },
        ))
    }
}

/// An `AGE-SECRET-KEY-PQ-1...` identity.
#[derive(Clone)]
pub struct Identity(XWingSecretKey);

impl Identity {
    /// A new identity from 32 bytes of the core's random source.
    pub fn generate() -> anyhow::Result<Identity> {
        let mut seed = Zeroizing::new([0u8; 32]);
        saline::random::fill(&mut seed[..])?;
        Ok(Identity(XWingSecretKey::from_seed(*seed)))
    }

    /// The `AGE-SECRET-KEY-PQ-1...` string, in upper case as age prints it.
    pub fn to_secret_string(&self) -> Zeroizing<String> {
        let lower = Zeroizing::new(bech32_encode(IDENTITY_HRP, &self.0.seed[..]));
        Zeroizing::new(lower.to_uppercase())
    }

    pub fn to_public(&self) -> Recipient {
        Recipient(self.0.public.clone())
    }
}

impl std::str::FromStr for Identity {
    type Err = &'static str;

    /// Parses `AGE-SECRET-KEY-PQ-1...`; Bech32 allows either case, not both.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        bech32_decode(
            text,
            |_| "invalid Bech32 encoding",
            |hrp| {
                (hrp == IDENTITY_HRP)
                    .then_some(())
                    .ok_or("not an AGE-SECRET-KEY-PQ-1 identity")
            },
            |_, bytes| {
                let seed = Zeroizing::new(bytes.collect::<Vec<u8>>());
                let seed: [u8; 32] = seed
                    .as_slice()
                    .try_into()
                    .map_err(|_| "a hybrid identity is 32 bytes")?;
                Ok(Identity(XWingSecretKey::from_seed(seed)))
            },
        )
    }
}

impl age::Identity for Identity {
    /// `None` when the stanza is not ours or not for this key (C2SP age
    /// spec: "no match"); an error when it is ours but malformed.
    fn unwrap_stanza(&self, stanza: &Stanza) -> Option<Result<FileKey, DecryptError>> {
        if stanza.tag != STANZA_TAG {
            return None;
        }
        let malformed = Some(Err(DecryptError::InvalidHeader));
        let [enc] = stanza.args.as_slice() else {
            return malformed;
        };
        // The base64 engine refuses non-canonical encodings (nonzero
        // trailing bits), as the spec requires (CCTV hybrid_not_canonical_enc).
        let Ok(enc) = BASE64_STANDARD_NO_PAD.decode(enc) else {
            return malformed;
        };
        let Ok(ciphertext) = XWingCiphertext::from_bytes(&enc) else {
            return malformed;
        };
        // A 16-byte file key and ChaCha20-Poly1305's 16-byte tag, checked
        // before decrypting (CCTV hybrid_long_file_key).
        if stanza.body.len() != FILE_KEY_BYTES + 16 {
            return malformed;
        }
        match hpke_open::<XWing>(&ciphertext, &self.0, HPKE_INFO, &stanza.body) {
            Ok(plain) => {
                let plain = Zeroizing::new(plain);
                Some(Ok(FileKey::init_with_mut(|key| {
                    key.copy_from_slice(&plain)
                })))
            }
            Err(HpkeError::DecapError) => malformed,
            Err(_) => None,
        }
    }
}

/// An `age1pq1...` recipient.
#[derive(Clone)]
pub struct Recipient(XWingPublicKey);

impl std::str::FromStr for Recipient {
    type Err = &'static str;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        bech32_decode(
            text,
            |_| "invalid Bech32 encoding",
            |hrp| {
                (hrp == RECIPIENT_HRP)
                    .then_some(())
                    .ok_or("not an age1pq1 recipient")
            },
            |_, bytes| {
                XWingPublicKey::from_bytes(&bytes.collect::<Vec<u8>>())
                    .map(Recipient)
                    .map_err(|_| "not a valid hybrid public key")
            },
        )
    }
}

impl fmt::Display for Recipient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&bech32_encode(RECIPIENT_HRP, &self.0.to_bytes()))
    }
}

impl age::Recipient for Recipient {
    fn wrap_file_key(
        &self,
        file_key: &FileKey,
    ) -> Result<(Vec<Stanza>, HashSet<String>), age::EncryptError> {
        let (enc, body) = hpke_seal::<XWing, _>(
            &self.0,
            HPKE_INFO,
            file_key.expose_secret(),
            &mut rand_core::OsRng,
        );
        let stanza = Stanza {
            tag: STANZA_TAG.to_owned(),
            args: vec![BASE64_STANDARD_NO_PAD.encode(enc.to_bytes())],
            body,
        };
        Ok((vec![stanza], HashSet::from([POSTQUANTUM_LABEL.to_owned()])))
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use age::{Identity as _, Recipient as _};

    use super::*;

    /// The identity of C2SP's CCTV vectors `hybrid*`.
    const CCTV_IDENTITY: &str =
        "AGE-SECRET-KEY-PQ-1HZLGZUPT4ETPKDEV8HSGFDCYZ4E522W0A7PU2LHT8EH9W6YLNC3SW78XKG";

    #[test]
    fn identity_strings_round_trip() {
        let identity = Identity::from_str(CCTV_IDENTITY).unwrap();
        assert_eq!(identity.to_secret_string().as_str(), CCTV_IDENTITY);
        let recipient = identity.to_public().to_string();
        assert!(recipient.starts_with("age1pq1"));
        assert_eq!(
            Recipient::from_str(&recipient).unwrap().to_string(),
            recipient
        );
        assert!(Identity::from_str(&CCTV_IDENTITY.to_lowercase()).is_ok());
        assert!(Identity::from_str(
            "AGE-SECRET-KEY-1EGTZVFFV20835NWYV6270LXYVK2VKNX2MMDKWYKLMGR48UAWX40Q2P2LM0"
        )
        .is_err());
    }

    #[test]
    fn wraps_and_unwraps_a_file_key() {
        let identity = Identity::generate().unwrap();
        let file_key = FileKey::new(Box::new([7u8; 16]));
        let (stanzas, labels) = identity.to_public().wrap_file_key(&file_key).unwrap();
        assert_eq!(labels, HashSet::from(["postquantum".to_owned()]));
        let unwrapped = identity.unwrap_stanza(&stanzas[0]).unwrap().unwrap();
        assert_eq!(unwrapped.expose_secret(), &[7u8; 16]);
        assert!(Identity::generate()
            .unwrap()
            .unwrap_stanza(&stanzas[0])
            .is_none());
        let mut tampered = Stanza {
            tag: stanzas[0].tag.clone(),
            args: stanzas[0].args.clone(),
            body: stanzas[0].body.clone(),
        };
        tampered.body[0] ^= 1;
        assert!(identity.unwrap_stanza(&tampered).is_none());
    }
}
