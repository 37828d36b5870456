//! The algorithm catalog: every algorithm Saline offers, defined once.
//!
//! Bindings never hard-code an algorithm: they look it up here by name or id
//! and call the generic entry points ([`crate::hash::hash`],
//! [`crate::mac::mac`], [`crate::aead::seal`], [`crate::cipher::stream_xor`] ...).
//! The numeric `id` of an entry is stable across releases: bindings may pass
//! it across an FFI boundary.
//!
//! ```
//! use saline::catalog::{Algorithm, Kind};
//! let alg = Algorithm::from_name("SHA-256")?;
//! assert_eq!(alg, Algorithm::Sha256);
//! assert_eq!(alg.info().output_len, 32);
//! assert_eq!(alg.info().kind, Kind::Hash);
//! # Ok::<(), saline::Error>(())
//! ```

use crate::error::{Error, Expected, Result};
use crate::sodium::utils::{RANDOMBYTES_DETERMINISTIC_MAX, RANDOMBYTES_SEEDBYTES};
use crate::sodium::{core_ed25519 as ed, ristretto255 as rist};

/// What an algorithm does, which decides the generic entry point to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Fixed- or variable-output hash: [`crate::hash`].
    Hash,
    /// Extendable-output function (SHAKE): [`crate::hash`] with any output length.
    Xof,
    /// Message authentication code: [`crate::mac`].
    Mac,
    /// Unauthenticated cipher: [`crate::cipher`].
    Cipher,
    /// Authenticated encryption with associated data: [`crate::aead`].
    Aead,
    /// NaCl public-key and secret-key boxes: [`crate::nacl`].
    Box,
    /// Digital signature: [`crate::curve::ed25519`].
    Signature,
    /// Diffie-Hellman key agreement: [`crate::curve::x25519`].
    KeyAgreement,
    /// Password hashing and key derivation: [`crate::kdf`].
    Kdf,
    /// A stream of AEAD chunks under one key: [`crate::sodium::secretstream`].
    SecretStream,
    /// A prime-order group's point and scalar arithmetic (libsodium's
    /// `crypto_core_*` and `crypto_scalarmult_*` families):
    /// [`crate::sodium::core_ed25519`], [`crate::sodium::ristretto255`].
    /// Its operations are listed by `saline_ops::OPERATIONS`.
    Group,
    /// libsodium's helpers that are not cryptographic primitives (big-number
    /// arithmetic, padding, constant-time compare, seeded random bytes):
    /// [`crate::sodium::utils`]. Operations as for [`Kind::Group`].
    Utility,
}

impl Kind {
    /// The lowercase name used in error messages and bindings.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Hash => "hash",
            Kind::Xof => "xof",
            Kind::Mac => "mac",
            Kind::Cipher => "cipher",
            Kind::Aead => "aead",
            Kind::Box => "box",
            Kind::Signature => "signature",
            Kind::KeyAgreement => "key agreement",
            Kind::Kdf => "kdf",
            Kind::SecretStream => "secretstream",
            Kind::Group => "group",
            Kind::Utility => "utility",
        }
    }
}

/// Where an AEAD's combined output puts the tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagPosition {
    /// `ciphertext ‖ tag` (RFC 5116 AEADs: AES-GCM, ChaCha20-Poly1305).
    Suffix,
    /// `tag ‖ ciphertext` (NaCl secretbox, libsodium's easy layout).
    Prefix,
}

/// Everything the catalog knows about one algorithm.
#[derive(Debug, Clone, Copy)]
pub struct AlgorithmInfo {
    /// The enum value.
    pub algorithm: Algorithm,
    /// Stable numeric id, for FFI.
    pub id: u16,
    /// The canonical lowercase name ("sha256", "chacha20-poly1305").
    pub name: &'static str,
    /// Other accepted spellings. Lookup also ignores case, '-', '_' and '/'.
    pub aliases: &'static [&'static str],
    /// What the algorithm does.
    pub kind: Kind,
    /// Key length, when it takes a key (`None`: no key).
    pub key: Option<Expected>,
    /// Nonce or IV length, when it takes one.
    pub nonce: Option<Expected>,
    /// Authentication tag length in bytes (0: none).
    pub tag_len: usize,
    /// Default output length in bytes (digest, MAC, shared secret, signature).
    pub output_len: usize,
    /// The largest output length it can produce (`usize::MAX`: unbounded XOF).
    pub max_output_len: usize,
    /// Internal block size in bytes (HMAC block, cipher block), 0 if none.
    pub block_len: usize,
    /// For AEADs, where the tag sits in the combined layout.
    pub tag_position: TagPosition,
    /// libsodium's named size constants, without the family prefix
    /// (`("SCALARBYTES", 32)` for `crypto_core_ed25519_SCALARBYTES`), where
    /// the columns above cannot say them all; empty for most entries.
    pub constants: &'static [(&'static str, usize)],
}

impl AlgorithmInfo {
    /// The libsodium constant `name` (without the family prefix), if the
    /// entry lists it.
    ///
    /// ```
    /// use saline::Algorithm;
    /// assert_eq!(Algorithm::Edwards25519.info().constant("NONREDUCEDSCALARBYTES"), Some(64));
    /// assert_eq!(Algorithm::Sha256.info().constant("BYTES"), None);
    /// ```
    pub fn constant(&self, name: &str) -> Option<usize> {
        self.constants.iter().find(|(n, _)| *n == name).map(|&(_, value)| value)
    }
}

macro_rules! catalog {
    ($( $variant:ident = $id:literal, $name:literal, [$($alias:literal),*], $kind:ident,
        key $key:expr, nonce $nonce:expr, tag $tag:literal, out $out:literal, max $max:expr,
        block $block:literal, $pos:ident $(, constants [$($cname:literal = $cvalue:expr),*])?; )*) => {
        /// Every algorithm Saline offers. See [`ALGORITHMS`] for their sizes.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Algorithm { $( #[doc = $name] $variant ),* }

        /// Every entry, in id order.
        const ENTRIES: &[AlgorithmInfo] = &[ $( AlgorithmInfo {
            algorithm: Algorithm::$variant, id: $id, name: $name, aliases: &[$($alias),*],
            kind: Kind::$kind, key: $key, nonce: $nonce, tag_len: $tag, output_len: $out,
            max_output_len: $max, block_len: $block, tag_position: TagPosition::$pos,
            constants: &[$($(($cname, $cvalue)),*)?],
        } ),* ];

        impl Algorithm {
            /// The variant with stable id `id`: a `match`, which the
            /// compiler makes a jump table. [`Algorithm::from_id`] searched
            /// the table instead, about 130 instructions of every call
            /// through the Node addon, the C ABI and WebAssembly (callgrind,
            /// a 32-byte Poly1305 from Node).
            #[cfg(feature = "full")]
            const fn by_id(id: u16) -> Option<Algorithm> {
                match id {
                    $( $id => Some(Algorithm::$variant), )*
                    _ => None,
                }
            }
        }

        /// The catalog, in id order.
        #[cfg(feature = "full")]
        pub static ALGORITHMS: &[AlgorithmInfo] = ENTRIES;
        /// The catalog, in id order. Built without `full` (the SHA-2
        /// WebAssembly module), only the entries [`Algorithm::built_in`]
        /// keeps: the whole table was most of that module's data.
        #[cfg(not(feature = "full"))]
        pub static ALGORITHMS: &[AlgorithmInfo] = &BUILT_IN;
        #[cfg(not(feature = "full"))]
        const BUILT_IN: [AlgorithmInfo; count_built_in()] = {
            let mut out = [ENTRIES[0]; count_built_in()];
            let (mut i, mut n) = (0, 0);
            while i < ENTRIES.len() {
                if ENTRIES[i].algorithm.built_in() {
                    out[n] = ENTRIES[i];
                    n += 1;
                }
                i += 1;
            }
            out
        };
        #[cfg(not(feature = "full"))]
        const fn count_built_in() -> usize {
            let (mut i, mut n) = (0, 0);
            while i < ENTRIES.len() {
                if ENTRIES[i].algorithm.built_in() {
                    n += 1;
                }
                i += 1;
            }
            n
        }
        /// Every id, in the order of the variants: what a build without
        /// `full` keeps of the entries it leaves out (150 bytes).
        #[cfg(not(feature = "full"))]
        const IDS: [u16; ENTRIES.len()] = {
            let mut ids = [0; ENTRIES.len()];
            let mut i = 0;
            while i < ENTRIES.len() {
                ids[i] = ENTRIES[i].id;
                i += 1;
            }
            ids
        };
    };
}

use Expected::{Exactly as Ex, OneOf, Range as R};
const ANY: Option<Expected> = Some(Expected::Range(0, usize::MAX));
const K32: Option<Expected> = Some(Ex(32));
const AES_KEYS: Option<Expected> = Some(OneOf(&[16, 24, 32]));
const UNBOUNDED: usize = usize::MAX;
/// randombytes_buf_deterministic's limit, as a length this target can hold.
const DETERMINISTIC_MAX: usize =
    if RANDOMBYTES_DETERMINISTIC_MAX > usize::MAX as u64 { usize::MAX } else { RANDOMBYTES_DETERMINISTIC_MAX as usize };

catalog! {
    // Hashes: FIPS 180-4, FIPS 202, RFC 7693, the BLAKE3 spec, RFC 1320/1321.
    Sha1 = 1, "sha1", ["sha-1"], Hash, key None, nonce None, tag 0, out 20, max 20, block 64, Suffix;
    Sha224 = 2, "sha224", ["sha-224", "sha2-224"], Hash, key None, nonce None, tag 0, out 28, max 28, block 64, Suffix;
    Sha256 = 3, "sha256", ["sha-256", "sha2-256", "crypto_hash_sha256"], Hash, key None, nonce None, tag 0, out 32, max 32, block 64, Suffix;
    Sha384 = 4, "sha384", ["sha-384", "sha2-384"], Hash, key None, nonce None, tag 0, out 48, max 48, block 128, Suffix;
    Sha512 = 5, "sha512", ["sha-512", "sha2-512", "crypto_hash", "crypto_hash_sha512"], Hash, key None, nonce None, tag 0, out 64, max 64, block 128, Suffix;
    Sha512_256 = 6, "sha512-256", ["sha512/256", "sha-512/256", "sha2-512/256"], Hash, key None, nonce None, tag 0, out 32, max 32, block 128, Suffix;
    Sha3_224 = 7, "sha3-224", [], Hash, key None, nonce None, tag 0, out 28, max 28, block 144, Suffix;
    Sha3_256 = 8, "sha3-256", [], Hash, key None, nonce None, tag 0, out 32, max 32, block 136, Suffix;
    Sha3_384 = 9, "sha3-384", [], Hash, key None, nonce None, tag 0, out 48, max 48, block 104, Suffix;
    Sha3_512 = 10, "sha3-512", [], Hash, key None, nonce None, tag 0, out 64, max 64, block 72, Suffix;
    // SHAKE defaults follow node:crypto and noble (security level / 8 bytes).
    Shake128 = 11, "shake128", ["shake-128"], Xof, key None, nonce None, tag 0, out 16, max UNBOUNDED, block 168, Suffix;
    Shake256 = 12, "shake256", ["shake-256"], Xof, key None, nonce None, tag 0, out 32, max UNBOUNDED, block 136, Suffix;
    Keccak256 = 13, "keccak256", ["keccak-256"], Hash, key None, nonce None, tag 0, out 32, max 32, block 136, Suffix;
    // BLAKE2 (RFC 7693): output 1..=64 / 1..=32 bytes, optional key, salt, personalization.
    Blake2b = 14, "blake2b", ["blake2b-512", "blake2b512", "crypto_generichash", "crypto_generichash_blake2b"], Hash, key Some(R(0, 64)), nonce None, tag 0, out 64, max 64, block 128, Suffix;
    Blake2s = 15, "blake2s", ["blake2s-256", "blake2s256"], Hash, key Some(R(0, 32)), nonce None, tag 0, out 32, max 32, block 64, Suffix;
    // BLAKE3: 32-byte default output, extendable; keyed mode takes a 32-byte key.
    Blake3 = 16, "blake3", [], Xof, key Some(OneOf(&[0, 32])), nonce None, tag 0, out 32, max UNBOUNDED, block 64, Suffix;
    Md4 = 17, "md4", [], Hash, key None, nonce None, tag 0, out 16, max 16, block 64, Suffix;
    Md5 = 18, "md5", [], Hash, key None, nonce None, tag 0, out 16, max 16, block 64, Suffix;
    Ripemd160 = 19, "ripemd160", ["ripemd-160", "rmd160"], Hash, key None, nonce None, tag 0, out 20, max 20, block 64, Suffix;
    Whirlpool = 20, "whirlpool", [], Hash, key None, nonce None, tag 0, out 64, max 64, block 64, Suffix;

    // MACs. HMAC (RFC 2104) takes a key of any length; Poly1305 (RFC 8439 §2.5) a one-time 32-byte key.
    HmacSha1 = 40, "hmac-sha1", [], Mac, key ANY, nonce None, tag 20, out 20, max 20, block 64, Suffix;
    HmacSha224 = 41, "hmac-sha224", [], Mac, key ANY, nonce None, tag 28, out 28, max 28, block 64, Suffix;
    HmacSha256 = 42, "hmac-sha256", ["crypto_auth_hmacsha256"], Mac, key ANY, nonce None, tag 32, out 32, max 32, block 64, Suffix;
    HmacSha384 = 43, "hmac-sha384", [], Mac, key ANY, nonce None, tag 48, out 48, max 48, block 128, Suffix;
    HmacSha512 = 44, "hmac-sha512", ["crypto_auth_hmacsha512"], Mac, key ANY, nonce None, tag 64, out 64, max 64, block 128, Suffix;
    HmacSha512_256 = 45, "hmac-sha512-256", ["hmac-sha512/256"], Mac, key ANY, nonce None, tag 32, out 32, max 32, block 128, Suffix;
    HmacSha3_224 = 46, "hmac-sha3-224", [], Mac, key ANY, nonce None, tag 28, out 28, max 28, block 144, Suffix;
    HmacSha3_256 = 47, "hmac-sha3-256", [], Mac, key ANY, nonce None, tag 32, out 32, max 32, block 136, Suffix;
    HmacSha3_384 = 48, "hmac-sha3-384", [], Mac, key ANY, nonce None, tag 48, out 48, max 48, block 104, Suffix;
    HmacSha3_512 = 49, "hmac-sha3-512", [], Mac, key ANY, nonce None, tag 64, out 64, max 64, block 72, Suffix;
    HmacKeccak256 = 50, "hmac-keccak256", [], Mac, key ANY, nonce None, tag 32, out 32, max 32, block 136, Suffix;
    HmacBlake2b = 51, "hmac-blake2b", ["hmac-blake2b-512"], Mac, key ANY, nonce None, tag 64, out 64, max 64, block 128, Suffix;
    HmacBlake2s = 52, "hmac-blake2s", ["hmac-blake2s-256"], Mac, key ANY, nonce None, tag 32, out 32, max 32, block 64, Suffix;
    HmacMd4 = 53, "hmac-md4", [], Mac, key ANY, nonce None, tag 16, out 16, max 16, block 64, Suffix;
    HmacMd5 = 54, "hmac-md5", [], Mac, key ANY, nonce None, tag 16, out 16, max 16, block 64, Suffix;
    HmacRipemd160 = 55, "hmac-ripemd160", [], Mac, key ANY, nonce None, tag 20, out 20, max 20, block 64, Suffix;
    HmacWhirlpool = 56, "hmac-whirlpool", [], Mac, key ANY, nonce None, tag 64, out 64, max 64, block 64, Suffix;
    Poly1305 = 57, "poly1305", ["crypto_onetimeauth", "crypto_onetimeauth_poly1305"], Mac, key K32, nonce None, tag 16, out 16, max 16, block 16, Suffix;
    // libsodium's crypto_auth: HMAC-SHA-512 truncated to 32 bytes (not HMAC over SHA-512/256).
    HmacSha512Trunc256 = 60, "hmac-sha512-trunc256", ["crypto_auth", "crypto_auth_hmacsha512256"], Mac, key ANY, nonce None, tag 32, out 32, max 32, block 128, Suffix;
    // SipHash-2-4 (Aumasson & Bernstein 2012), 64- and 128-bit output: libsodium's crypto_shorthash.
    SipHash24 = 58, "siphash-2-4", ["siphash24", "crypto_shorthash", "crypto_shorthash_siphash24"], Mac, key Some(Ex(16)), nonce None, tag 8, out 8, max 8, block 8, Suffix;
    SipHashX24 = 59, "siphashx-2-4", ["siphashx24", "siphash-2-4-128", "crypto_shorthash_siphashx24"], Mac, key Some(Ex(16)), nonce None, tag 16, out 16, max 16, block 8, Suffix;

    // Ciphers. AES modes (SP 800-38A); stream ciphers (RFC 8439, draft-irtf-cfrg-xchacha, Salsa20 spec).
    AesCbc = 80, "aes-cbc", ["aes-128-cbc", "aes-192-cbc", "aes-256-cbc", "cbc"], Cipher, key AES_KEYS, nonce Some(Ex(16)), tag 0, out 0, max 0, block 16, Suffix;
    AesCtr = 81, "aes-ctr", ["aes-128-ctr", "aes-192-ctr", "aes-256-ctr", "ctr"], Cipher, key AES_KEYS, nonce Some(Ex(16)), tag 0, out 0, max 0, block 16, Suffix;
    ChaCha20 = 82, "chacha20", ["chacha20-ietf", "crypto_stream_chacha20_ietf"], Cipher, key K32, nonce Some(Ex(12)), tag 0, out 0, max 0, block 64, Suffix;
    XChaCha20 = 83, "xchacha20", ["crypto_stream_xchacha20"], Cipher, key K32, nonce Some(Ex(24)), tag 0, out 0, max 0, block 64, Suffix;
    Salsa20 = 84, "salsa20", ["crypto_stream_salsa20"], Cipher, key K32, nonce Some(Ex(8)), tag 0, out 0, max 0, block 64, Suffix;
    XSalsa20 = 85, "xsalsa20", ["crypto_stream", "crypto_stream_xsalsa20"], Cipher, key K32, nonce Some(Ex(24)), tag 0, out 0, max 0, block 64, Suffix;
    // djb's original ChaCha20 with a 64-bit nonce (libsodium's crypto_stream_chacha20).
    ChaCha20Legacy = 86, "chacha20-legacy", ["chacha20-djb", "crypto_stream_chacha20"], Cipher, key K32, nonce Some(Ex(8)), tag 0, out 0, max 0, block 64, Suffix;

    // AEADs (RFC 5116 interface). GCM: SP 800-38D with a 96-bit nonce.
    AesGcm = 100, "aes-gcm", ["aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "gcm", "crypto_aead_aes256gcm"], Aead, key AES_KEYS, nonce Some(Ex(12)), tag 16, out 0, max 0, block 16, Suffix;
    ChaCha20Poly1305 = 101, "chacha20-poly1305", ["chacha20poly1305", "crypto_aead_chacha20poly1305_ietf"], Aead, key K32, nonce Some(Ex(12)), tag 16, out 0, max 0, block 64, Suffix;
    XChaCha20Poly1305 = 102, "xchacha20-poly1305", ["xchacha20poly1305", "crypto_aead_xchacha20poly1305_ietf"], Aead, key K32, nonce Some(Ex(24)), tag 16, out 0, max 0, block 64, Suffix;
    XSalsa20Poly1305 = 103, "xsalsa20-poly1305", ["xsalsa20poly1305", "secretbox", "crypto_secretbox", "crypto_secretbox_xsalsa20poly1305"], Aead, key K32, nonce Some(Ex(24)), tag 16, out 0, max 0, block 64, Prefix;
    // The original 64-bit-nonce construction (libsodium's crypto_aead_chacha20poly1305).
    ChaCha20Poly1305Legacy = 104, "chacha20-poly1305-legacy", ["crypto_aead_chacha20poly1305"], Aead, key K32, nonce Some(Ex(8)), tag 16, out 0, max 0, block 64, Suffix;
    // libsodium's crypto_secretbox_xchacha20poly1305: the secretbox construction over XChaCha20 (no aad).
    XChaCha20Poly1305Secretbox = 106, "xchacha20-poly1305-secretbox", ["crypto_secretbox_xchacha20poly1305"], Aead, key K32, nonce Some(Ex(24)), tag 16, out 0, max 0, block 64, Prefix;
    // AEGIS (draft-irtf-cfrg-aegis-aead-18) with libsodium's 32-byte tag (crypto_aead_aegis{128l,256}_ABYTES).
    Aegis128L = 107, "aegis-128l", ["aegis128l", "crypto_aead_aegis128l"], Aead, key Some(Ex(16)), nonce Some(Ex(16)), tag 32, out 0, max 0, block 32, Suffix;
    Aegis256 = 108, "aegis-256", ["aegis256", "crypto_aead_aegis256"], Aead, key K32, nonce Some(Ex(32)), tag 32, out 0, max 0, block 16, Suffix;
    // libsodium's streaming AEAD: 24-byte header (in the nonce column), 17 bytes per chunk.
    SecretStreamXChaCha20Poly1305 = 105, "secretstream-xchacha20-poly1305", ["crypto_secretstream_xchacha20poly1305", "secretstream"], SecretStream, key K32, nonce Some(Ex(24)), tag 17, out 0, max 0, block 64, Suffix;

    // NaCl boxes (libsodium layouts) and curves.
    Box = 120, "box", ["crypto_box", "curve25519xsalsa20poly1305"], Box, key K32, nonce Some(Ex(24)), tag 16, out 0, max 0, block 0, Prefix;
    SealedBox = 121, "sealedbox", ["sealed-box", "crypto_box_seal"], Box, key K32, nonce None, tag 48, out 0, max 0, block 0, Prefix;
    // libsodium's XChaCha20 box and sealed box (saline-ops 111-115).
    BoxXChaCha20Poly1305 = 122, "box-xchacha20-poly1305", ["crypto_box_curve25519xchacha20poly1305"], Box, key K32, nonce Some(Ex(24)), tag 16, out 0, max 0, block 0, Prefix;
    SealedBoxXChaCha20Poly1305 = 123, "sealedbox-xchacha20-poly1305", ["crypto_box_curve25519xchacha20poly1305_seal"], Box, key K32, nonce None, tag 48, out 0, max 0, block 0, Prefix;
    Ed25519 = 130, "ed25519", ["crypto_sign", "crypto_sign_ed25519"], Signature, key K32, nonce None, tag 0, out 64, max 64, block 0, Suffix;
    X25519 = 131, "x25519", ["curve25519", "crypto_scalarmult", "crypto_scalarmult_curve25519"], KeyAgreement, key K32, nonce None, tag 0, out 32, max 32, block 0, Suffix;
    // libsodium's crypto_kx: X25519 then BLAKE2b-512 split into two 32-byte session keys (saline-ops 105-107).
    Kx = 132, "kx", ["crypto_kx", "kx-x25519-blake2b"], KeyAgreement, key K32, nonce None, tag 0, out 32, max 32, block 0, Suffix;

    // Groups: libsodium's crypto_core_* and crypto_scalarmult_* families, with
    // its constants; out is the encoded element (BYTES). Operations: saline-ops 118-137, 150-151.
    Edwards25519 = 140, "edwards25519", ["crypto_core_ed25519", "crypto_scalarmult_ed25519"], Group, key None, nonce None, tag 0, out 32, max 32, block 0, Suffix,
        constants ["BYTES" = ed::BYTES, "UNIFORMBYTES" = ed::UNIFORMBYTES, "HASHBYTES" = ed::HASHBYTES, "SCALARBYTES" = ed::SCALARBYTES, "NONREDUCEDSCALARBYTES" = ed::NONREDUCEDSCALARBYTES];
    // RFC 9496; the scalar operations are those of edwards25519 (the same ℓ).
    Ristretto255 = 141, "ristretto255", ["crypto_core_ristretto255", "crypto_scalarmult_ristretto255"], Group, key None, nonce None, tag 0, out 32, max 32, block 0, Suffix,
        constants ["BYTES" = rist::BYTES, "HASHBYTES" = rist::HASHBYTES, "SCALARBYTES" = rist::SCALARBYTES, "NONREDUCEDSCALARBYTES" = rist::NONREDUCEDSCALARBYTES];

    // KDFs. Output ranges are checked by each function in crate::kdf.
    Argon2id = 150, "argon2id", ["argon2id13", "crypto_pwhash_argon2id", "crypto_pwhash"], Kdf, key None, nonce None, tag 0, out 32, max 0xffff_ffff, block 0, Suffix;
    Argon2i = 151, "argon2i", ["argon2i13", "crypto_pwhash_argon2i"], Kdf, key None, nonce None, tag 0, out 32, max 0xffff_ffff, block 0, Suffix;
    Argon2d = 152, "argon2d", [], Kdf, key None, nonce None, tag 0, out 32, max 0xffff_ffff, block 0, Suffix;
    Bcrypt = 153, "bcrypt", ["2b"], Kdf, key None, nonce None, tag 0, out 23, max 23, block 0, Suffix;
    Pbkdf2 = 154, "pbkdf2", [], Kdf, key None, nonce None, tag 0, out 32, max 0xffff_ffff, block 0, Suffix;
    Scrypt = 155, "scrypt", ["scryptsalsa208sha256", "crypto_pwhash_scryptsalsa208sha256"], Kdf, key None, nonce None, tag 0, out 32, max 0xffff_ffff, block 0, Suffix;
    Hkdf = 156, "hkdf", [], Kdf, key None, nonce None, tag 0, out 32, max 0xffff_ffff, block 0, Suffix;

    // libsodium's utilities (utils.h; saline-ops 91, 142-148) and its seeded
    // generator (randombytes.h; saline-ops 149), whose seed is the key column.
    SodiumUtils = 170, "sodium-utils", [], Utility, key None, nonce None, tag 0, out 0, max 0, block 0, Suffix;
    RandomBytesDeterministic = 171, "randombytes-deterministic", ["randombytes_buf_deterministic"], Utility, key Some(Ex(RANDOMBYTES_SEEDBYTES)), nonce None, tag 0, out 0, max DETERMINISTIC_MAX, block 0, Suffix,
        constants ["SEEDBYTES" = RANDOMBYTES_SEEDBYTES];
}

/// What a build without the `full` feature contains (the SHA-2
/// WebAssembly module): [`Algorithm::built_in`] there.
pub const SHA2_ONLY: &[Algorithm] = &[Algorithm::Sha224, Algorithm::Sha256, Algorithm::Sha384, Algorithm::Sha512, Algorithm::Sha512_256];

/// Lowercase and drop the separators people spell differently, so that
/// "SHA-512/256", "sha512_256" and "sha512-256" all find the same entry.
fn normalized_eq(a: &str, b: &str) -> bool {
    let keep = |c: &u8| !matches!(c, b'-' | b'_' | b'/' | b' ');
    let mut x = a.bytes().filter(keep).map(|c| c.to_ascii_lowercase());
    let mut y = b.bytes().filter(keep).map(|c| c.to_ascii_lowercase());
    loop {
        match (x.next(), y.next()) {
            (None, None) => return true,
            (Some(p), Some(q)) if p == q => {}
            _ => return false,
        }
    }
}

impl Algorithm {
    /// This algorithm's catalog entry.
    #[cfg(feature = "full")]
    pub fn info(self) -> &'static AlgorithmInfo {
        // `catalog!` declares the variants without discriminants and
        // generates the table in the same order, so a variant's discriminant
        // is its index (the test `info_is_indexed_by_variant` checks every
        // one). A linear search here cost ~180 instructions per lookup,
        // several lookups per call (measured with callgrind on AES-GCM).
        let info = &ALGORITHMS[self as usize];
        debug_assert!(info.algorithm == self);
        info
    }

    /// This algorithm's catalog entry. Built without `full`, the table holds
    /// the entries [`Algorithm::built_in`] keeps (five), searched; for one
    /// left out it is a stand-in named "(not in this build)" with no sizes.
    /// Nothing in that build asks for one: ids are checked on the way in
    /// ([`Algorithm::from_id`] knows only the entries kept).
    #[cfg(not(feature = "full"))]
    pub fn info(self) -> &'static AlgorithmInfo {
        static NOT_BUILT: AlgorithmInfo = AlgorithmInfo {
            algorithm: Algorithm::Sha256,
            id: 0,
            name: "(not in this build)",
            aliases: &[],
            kind: Kind::Utility,
            key: None,
            nonce: None,
            tag_len: 0,
            output_len: 0,
            max_output_len: 0,
            block_len: 0,
            tag_position: TagPosition::Suffix,
            constants: &[],
        };
        ALGORITHMS.iter().find(|i| i.algorithm == self).unwrap_or(&NOT_BUILT)
    }

    /// The canonical name.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Whether this build contains the algorithm: every one with the `full`
    /// feature (a default); without it, the SHA-2 hashes only (SHA-224,
    /// SHA-256, SHA-384, SHA-512, SHA-512/256). Ids stay those of the full
    /// catalog; bindings treat an entry that is not built in as unknown.
    ///
    /// ```
    /// assert!(saline::Algorithm::Sha256.built_in());
    /// ```
    pub const fn built_in(self) -> bool {
        #[cfg(feature = "full")]
        {
            true
        }
        #[cfg(not(feature = "full"))]
        {
            let mut i = 0;
            while i < SHA2_ONLY.len() {
                if SHA2_ONLY[i] as usize == self as usize {
                    return true;
                }
                i += 1;
            }
            false
        }
    }

    /// Looks an algorithm up by name or alias, ignoring case and the
    /// separators '-', '_', '/' and ' '.
    ///
    /// # Errors
    /// [`Error::UnknownAlgorithm`] when nothing matches.
    pub fn from_name(name: &str) -> Result<Algorithm> {
        ALGORITHMS
            .iter()
            .find(|i| normalized_eq(i.name, name) || i.aliases.iter().any(|a| normalized_eq(a, name)))
            .map(|i| i.algorithm)
            .ok_or_else(|| Error::UnknownAlgorithm { name: name.into(), kind: "any" })
    }

    /// Looks an algorithm up by its stable numeric id.
    ///
    /// # Errors
    /// [`Error::UnknownAlgorithm`] when no entry has this id.
    pub fn from_id(id: u16) -> Result<Algorithm> {
        #[cfg(feature = "full")]
        let found = Algorithm::by_id(id);
        // Built without `full`, the five entries of the SHA-2 module, searched
        // (a jump table over every id would outweigh them).
        #[cfg(not(feature = "full"))]
        let found = ALGORITHMS.iter().find(|i| i.id == id).map(|i| i.algorithm);
        found.ok_or_else(|| Self::unknown_id(id))
    }

    /// The error for this algorithm where the build leaves it out
    /// ([`Algorithm::built_in`]; `kind` as in [`Error::UnknownAlgorithm`]):
    /// named by its id, since a build without `full` keeps no entry for it.
    pub fn not_built(self, kind: &'static str) -> Error {
        Error::not_built(&crate::error::numbered("#", self.id().into()), kind)
    }

    /// The stable numeric id (the entry's `id`), also of an algorithm a
    /// build without `full` leaves out.
    pub fn id(self) -> u16 {
        #[cfg(feature = "full")]
        return self.info().id;
        #[cfg(not(feature = "full"))]
        return IDS[self as usize];
    }

    #[cfg(feature = "full")]
    fn unknown_id(id: u16) -> Error {
        Error::UnknownAlgorithm { name: crate::error::numbered("#", id.into()), kind: "any" }
    }

    /// Built without `full`, an id of the full catalog that was left out
    /// reads as such.
    #[cfg(not(feature = "full"))]
    fn unknown_id(id: u16) -> Error {
        if IDS.contains(&id) {
            Error::not_built(&crate::error::numbered("#", id.into()), "any")
        } else {
            Error::UnknownAlgorithm { name: crate::error::numbered("#", id.into()), kind: "any" }
        }
    }

    /// Returns `self` if it is of one of the given kinds, else an
    /// [`Error::UnknownAlgorithm`] naming the kind that was asked for.
    pub fn expect_kind(self, kinds: &[Kind]) -> Result<Algorithm> {
        if kinds.contains(&self.info().kind) {
            Ok(self)
        } else {
            Err(Error::UnknownAlgorithm { name: self.name().into(), kind: kinds[0].name() })
        }
    }

    /// For an HMAC, the hash it is built on; `None` for other algorithms.
    pub fn hmac_hash(self) -> Option<Algorithm> {
        use Algorithm::*;
        Some(match self {
            HmacSha1 => Sha1,
            HmacSha224 => Sha224,
            HmacSha256 => Sha256,
            HmacSha384 => Sha384,
            HmacSha512 => Sha512,
            HmacSha512_256 => Sha512_256,
            HmacSha3_224 => Sha3_224,
            HmacSha3_256 => Sha3_256,
            HmacSha3_384 => Sha3_384,
            HmacSha3_512 => Sha3_512,
            HmacKeccak256 => Keccak256,
            HmacBlake2b => Blake2b,
            HmacBlake2s => Blake2s,
            HmacMd4 => Md4,
            HmacMd5 => Md5,
            HmacRipemd160 => Ripemd160,
            HmacWhirlpool => Whirlpool,
            _ => return None,
        })
    }

    /// The HMAC built on this hash, if there is one (every fixed-output hash;
    /// not the XOFs SHAKE and BLAKE3, whose keyed modes are the MAC to use).
    pub fn hmac(self) -> Option<Algorithm> {
        ALGORITHMS.iter().map(|i| i.algorithm).find(|m| m.hmac_hash() == Some(self))
    }
}

impl core::str::FromStr for Algorithm {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Algorithm::from_name(s)
    }
}

impl core::fmt::Display for Algorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::ALGORITHMS;

    /// `Algorithm::info` indexes the table by discriminant.
    #[cfg(feature = "full")]
    #[test]
    fn info_is_indexed_by_variant() {
        for (i, entry) in ALGORITHMS.iter().enumerate() {
            assert_eq!(entry.algorithm as usize, i, "{}", entry.name);
            assert!(core::ptr::eq(entry.algorithm.info(), entry), "{}", entry.name);
        }
    }

    /// `Algorithm::from_id`'s `match` finds every entry by its id, and
    /// nothing for an id no entry has.
    #[cfg(feature = "full")]
    #[test]
    fn from_id_finds_every_entry() {
        use super::Algorithm;
        for entry in ALGORITHMS {
            assert_eq!(Algorithm::from_id(entry.id).unwrap(), entry.algorithm, "{}", entry.name);
        }
        for id in 0..=u16::MAX {
            if !ALGORITHMS.iter().any(|e| e.id == id) {
                assert!(Algorithm::from_id(id).is_err(), "id {id}");
            }
        }
    }

    /// Without `full`: the table holds the SHA-2 entries only, each found by
    /// its variant, and every variant keeps its id.
    #[cfg(not(feature = "full"))]
    #[test]
    fn built_in_table() {
        use super::{Algorithm, ENTRIES};
        let names: alloc::vec::Vec<_> = ALGORITHMS.iter().map(|e| e.name).collect();
        assert_eq!(names, ["sha224", "sha256", "sha384", "sha512", "sha512-256"]);
        for entry in ALGORITHMS {
            assert!(core::ptr::eq(entry.algorithm.info(), entry), "{}", entry.name);
        }
        for entry in ENTRIES {
            assert_eq!(entry.algorithm.id(), entry.id, "{}", entry.name);
            assert_eq!(Algorithm::from_id(entry.id).is_ok(), entry.algorithm.built_in(), "{}", entry.name);
        }
        assert_eq!(Algorithm::Blake3.info().name, "(not in this build)");
    }
}
