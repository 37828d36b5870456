//! The operation table that every Saline binding calls.
//!
//! A binding (WebAssembly, the Node addon, later C and Python) does not know
//! any algorithm: it passes an operation code, a catalog id, a list of byte
//! strings (`None` for an omitted optional one), a list of numbers, and an
//! output buffer the caller sized; [`call`] does the rest and returns how many
//! bytes it wrote. Streaming hashes and MACs go through [`Stream`]. Adding an
//! algorithm to the catalog makes it reachable from every binding at once.
//!
//! Each [`Op`] documents its inputs as `bytes[i]` / `nums[i]` and its output.
//! Output sizes are the caller's to compute (the TypeScript layer knows them
//! from the catalog); when `out` is too small the call fails with
//! [`Error::InvalidLength`] naming "output", never a panic.
//!
//! Built without the `full` feature (the SHA-2 WebAssembly module), [`call`]
//! runs [`Op::Hash`] only and [`Stream`] hashes only, over the SHA-2 hashes
//! the core then contains ([`saline::Algorithm::built_in`]); every other
//! operation or algorithm fails with [`Error::UnknownAlgorithm`]
//! ([`Error::not_built`], class [`ERROR_UNSUPPORTED`]), and
//! [`catalog_json`] lists the SHA-2 entries only.
#![no_std]
#![deny(missing_docs)]
// Without `full`, the helpers of the other operations are compiled but unused.
#![cfg_attr(not(feature = "full"), allow(dead_code, unused_imports))]

extern crate alloc;

pub mod handles;

use saline::catalog::Algorithm;
use saline::curve::{ed25519, point::Point, scalar::Scalar, x25519};
use saline::hash::{HashOptions, Hasher};
use saline::mac::Mac;
use saline::nacl::{crypto_box, sealedbox, tweetnacl};
use saline::sodium::{self as sodium, secretstream};
use saline::{aead, cipher, kdf, Error, Expected, Result};

macro_rules! ops {
    ($( $(#[doc = $doc:literal])* $name:ident = $code:literal, )*) => {
        /// An operation a binding can call. The numbers are stable ABI.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[repr(u32)]
        pub enum Op { $( $(#[doc = $doc])* $name = $code, )* }

        impl Op {
            /// The operation for a code, if any.
            pub fn from_code(code: u32) -> Option<Op> {
                match code { $( $code => Some(Op::$name), )* _ => None }
            }

            /// Every operation, as `(name, code)`, for bindings that generate
            /// their constant tables.
            pub const ALL: &'static [(&'static str, u32)] = &[ $( (stringify!($name), $code), )* ];

            /// The operation's doc comment (what `bytes[i]`, `nums[i]` and the
            /// output are), one line per source line, for generated tables.
            pub const fn doc(self) -> &'static str {
                match self { $( Op::$name => concat!($($doc, "\n",)* ""), )* }
            }
        }
    };
}

ops! {
    /// bytes: [data, key?, salt?, personal?, context?]; nums: [out_len]; out: digest.
    Hash = 1,
    /// bytes: [key, data]; out: tag.
    Mac = 2,
    /// bytes: [key, data, tag]; out: nothing (error if it does not verify).
    MacVerify = 3,
    /// bytes: [key, nonce, data]; nums: [counter]; out: data XOR keystream.
    StreamXor = 4,
    /// bytes: [key, iv, data]; nums: [padding (1 PKCS#7, 0 none)]; out: ciphertext.
    CbcEncrypt = 5,
    /// bytes: [key, iv, data]; nums: [padding]; out: plaintext (length returned).
    CbcDecrypt = 6,
    /// bytes: [key, nonce, aad?, plaintext]; out: the combined layout (len + 16).
    AeadSeal = 7,
    /// bytes: [key, nonce, aad?, sealed]; out: plaintext (len - 16).
    AeadOpen = 8,
    /// BLAKE3 on several threads: bytes: [part, key?, context?]; nums: [index, part_len (a power of two ≥ 1024)];
    /// out: the chaining value (32) of the part_len bytes (the last part: fewer) at index · part_len.
    Blake3Part = 9,
    /// bytes: [chaining values (32 per part, in order), key?, context?]; nums: [total_len, part_len, out_len]; out: the BLAKE3 output.
    Blake3Join = 10,
    /// bytes: [seed?]; out: public key (32) ‖ secret key (32). X25519 / box key pair.
    BoxKeyPair = 20,
    /// bytes: [their public key, my secret key]; out: shared key (32).
    BoxBefore = 21,
    /// bytes: [message, nonce, their public key, my secret key]; out: tag ‖ ciphertext.
    BoxSeal = 22,
    /// bytes: [box, nonce, their public key, my secret key]; out: message.
    BoxOpen = 23,
    /// bytes: [message, recipient public key]; out: ephemeral pk ‖ tag ‖ ciphertext.
    SealedBoxSeal = 24,
    /// bytes: [sealed, public key, secret key]; out: message.
    SealedBoxOpen = 25,
    /// bytes: [seed?]; out: seed-derived secret key (64: seed ‖ pk) ‖ public key (32).
    Ed25519KeyPair = 30,
    /// bytes: [secret key (32-byte seed or 64-byte seed ‖ pk)]; out: public key.
    Ed25519PublicKey = 31,
    /// bytes: [message, secret key (32 or 64)]; out: signature (64).
    Ed25519Sign = 32,
    /// bytes: [signature, message, public key]; nums: [mode (0 strict, 1 ZIP-215)]; out: 1 byte, 1 valid / 0 not.
    Ed25519Verify = 33,
    /// bytes: [Ed25519 public key]; out: X25519 public key.
    Ed25519ToX25519Public = 34,
    /// bytes: [Ed25519 secret key (32 or 64)]; out: X25519 secret key.
    Ed25519ToX25519Secret = 35,
    /// bytes: [secret key]; out: X25519 public key.
    X25519PublicKey = 36,
    /// bytes: [secret key, public key]; out: shared secret (error if all zero).
    X25519Shared = 37,
    /// bytes: [p, q]; out: p + q.
    PointAdd = 40,
    /// bytes: [p, q]; out: p − q.
    PointSub = 41,
    /// bytes: [p, scalar (canonical)]; out: scalar · p.
    PointMul = 42,
    /// bytes: [scalar (any 32 bytes, unclamped)]; out: scalar · B.
    PointMulBase = 43,
    /// bytes: [a, A, b]; out: a·A + b·B (variable time).
    PointDoubleScalarMulBase = 44,
    /// bytes: [p]; out: 1 byte: 1 if small order.
    PointIsSmallOrder = 45,
    /// bytes: [p]; out: 1 byte: 1 if in the prime-order subgroup.
    PointIsTorsionFree = 46,
    /// bytes: [p]; out: 1 byte: 1 if it decodes and is canonical.
    PointIsValid = 47,
    /// bytes: [64 bytes]; out: scalar reduced mod L.
    ScalarReduce = 48,
    /// bytes: [a, b, c]; out: a·b + c mod L.
    ScalarMulAdd = 49,
    /// bytes: [s]; out: 1 byte: 1 if s < L.
    ScalarIsCanonical = 50,
    /// bytes: [s]; out: s⁻¹ mod L.
    ScalarInvert = 51,
    /// bytes: [padded message, nonce, key]; out: padded box (NaCl layout).
    CryptoSecretbox = 60,
    /// bytes: [padded box, nonce, key]; out: padded message.
    CryptoSecretboxOpen = 61,
    /// bytes: [padded message, nonce, public key, secret key]; out: padded box.
    CryptoBox = 62,
    /// bytes: [padded box, nonce, public key, secret key]; out: padded message.
    CryptoBoxOpen = 63,
    /// bytes: [nonce, key]; nums: [length]; out: XSalsa20 keystream.
    CryptoStream = 64,
    /// bytes: [in (16), key (32), constant (16)]; out: 64 bytes.
    CryptoCoreSalsa20 = 65,
    /// bytes: [in (16), key (32), constant (16)]; out: 32 bytes.
    CryptoCoreHsalsa20 = 66,
    /// bytes: [scalar, point]; out: X25519 without the zero check.
    CryptoScalarmult = 67,
    /// bytes: [message, key (32)]; out: HMAC-SHA-512 truncated to 32 bytes.
    CryptoAuth = 68,
    /// bytes: [signature ‖ message, public key]; out: message.
    CryptoSignOpen = 69,
    /// bytes: [message, secret key (64)]; out: signature ‖ message.
    CryptoSign = 70,
    /// bytes: [password, salt]; nums: [iterations, out_len]; alg: the hash.
    Pbkdf2 = 80,
    /// bytes: [password, salt]; nums: [N, r, p, out_len].
    Scrypt = 81,
    /// bytes: [password, salt, secret?, ad?]; nums: [t, m (KiB), p, out_len]; alg: variant.
    Argon2 = 82,
    /// bytes: [password, salt? (random if omitted)]; nums: [t, m, p, out_len]; out: PHC string (length returned).
    Argon2Hash = 83,
    /// bytes: [password, PHC string]; nums: [max memory KiB?, max m×t?, max lanes?]
    /// (the verify ceilings, each defaulting to `Argon2VerifyLimits::default()`);
    /// out: nothing (error if it does not verify).
    Argon2Verify = 84,
    /// bytes: [password, salt? (16, random if omitted)]; nums: [cost, truncate (0/1)]; out: $2b$ string (60).
    BcryptHash = 85,
    /// bytes: [password, hash]; nums: [truncate (0/1), max cost?]; out: nothing.
    BcryptVerify = 86,
    /// bytes: [ikm, salt, info]; nums: [out_len]; alg: the hash.
    Hkdf = 87,
    /// bytes: [salt, ikm]; alg: the hash; out: PRK (hash length).
    HkdfExtract = 88,
    /// bytes: [prk, info]; nums: [out_len]; alg: the hash.
    HkdfExpand = 89,
    /// out: out.len() random bytes.
    RandomBytes = 90,
    /// bytes: [a, b]; out: 1 byte: 1 if equal (constant time for equal lengths).
    ConstantTimeEqual = 91,
    // libsodium's API beyond NaCl (saline::sodium), from 100 on. Streaming
    // states travel as libsodium's own byte layout: each call takes the
    // state and returns the next one, so a binding needs no per-algorithm
    // handle type. The state is as secret as the key: bindings wipe it.
    /// bytes: [key, header? (24, random if omitted)]; out: state (52) ‖ header (24).
    SecretStreamInitPush = 100,
    /// bytes: [state (52), message, ad?]; nums: [tag (0 message, 1 push, 2 rekey, 3 final)]; out: next state (52) ‖ chunk (len + 17).
    SecretStreamPush = 101,
    /// bytes: [header (24), key]; out: state (52).
    SecretStreamInitPull = 102,
    /// bytes: [state (52), chunk, ad?]; out: next state (52) ‖ tag (1) ‖ message (len − 17); error if the chunk does not verify.
    SecretStreamPull = 103,
    /// bytes: [state (52)]; out: the rekeyed state (52).
    SecretStreamRekey = 104,
    /// bytes: [seed? (random if omitted)]; out: public key (32) ‖ secret key (32). crypto_kx.
    KxKeyPair = 105,
    /// bytes: [client pk, client sk, server pk]; out: rx (32) ‖ tx (32).
    KxClientSessionKeys = 106,
    /// bytes: [server pk, server sk, client pk]; out: rx (32) ‖ tx (32).
    KxServerSessionKeys = 107,
    /// alg: chacha20-legacy, chacha20, xchacha20, salsa20 or xsalsa20; bytes: [message, nonce, key]; nums: [ic]; out: crypto_stream_*_xor_ic.
    SodiumStreamXorIc = 108,
    /// bytes: [message, nonce (24), key]; out: tag ‖ ciphertext (crypto_secretbox_xchacha20poly1305_easy).
    SecretboxXChaCha20Poly1305Seal = 109,
    /// bytes: [box, nonce, key]; out: message.
    SecretboxXChaCha20Poly1305Open = 110,
    /// bytes: [public key, secret key]; out: shared key (crypto_box_curve25519xchacha20poly1305_beforenm).
    BoxXChaCha20Poly1305Before = 111,
    /// bytes: [message, nonce, their public key, my secret key]; out: tag ‖ ciphertext.
    BoxXChaCha20Poly1305Seal = 112,
    /// bytes: [box, nonce, their public key, my secret key]; out: message.
    BoxXChaCha20Poly1305Open = 113,
    /// bytes: [message, recipient public key]; out: ephemeral pk ‖ tag ‖ ciphertext.
    BoxXChaCha20Poly1305SealAnonymous = 114,
    /// bytes: [sealed, public key, secret key]; out: message.
    BoxXChaCha20Poly1305SealOpen = 115,
    /// bytes: [message, secret key (64)]; out: Ed25519ph signature (64).
    Ed25519phSign = 116,
    /// bytes: [signature, message, public key]; out: 1 byte, 1 valid / 0 not.
    Ed25519phVerify = 117,
    // 118-151 are the operations of the catalog's group and utility entries
    // (edwards25519, ristretto255, sodium-utils, randombytes-deterministic),
    // listed in OPERATIONS: alg is the entry's id, or 0 for the op's first entry.
    /// bytes: [p]; out: 1 byte: crypto_core_ed25519_is_valid_point.
    CoreEd25519IsValidPoint = 118,
    /// bytes: [p, q]; out: p + q (any points on the curve).
    CoreEd25519Add = 119,
    /// bytes: [p, q]; out: p − q.
    CoreEd25519Sub = 120,
    /// bytes: [r (32)]; out: crypto_core_ed25519_from_uniform.
    CoreEd25519FromUniform = 121,
    /// bytes: [h (64)]; out: crypto_core_ed25519_from_hash.
    CoreEd25519FromHash = 122,
    /// bytes: [n, p]; nums: [clamp (1) or not (0)]; out: crypto_scalarmult_ed25519(_noclamp).
    ScalarmultEd25519 = 123,
    /// bytes: [n]; nums: [clamp (1) or not (0)]; out: crypto_scalarmult_ed25519_base(_noclamp).
    ScalarmultEd25519Base = 124,
    /// bytes: [s (any 32 bytes)]; out: s⁻¹ mod ℓ (crypto_core_{ed25519,ristretto255}_scalar_invert).
    CoreScalarInvert = 125,
    /// bytes: [s]; out: −s mod ℓ.
    CoreScalarNegate = 126,
    /// bytes: [s]; out: 1 − s mod ℓ.
    CoreScalarComplement = 127,
    /// bytes: [x, y]; out: x + y mod ℓ (libsodium's modulo-2^256 step).
    CoreScalarAdd = 128,
    /// bytes: [x, y]; out: x − y mod ℓ.
    CoreScalarSub = 129,
    /// bytes: [x, y]; out: x · y mod ℓ.
    CoreScalarMul = 130,
    /// bytes: [s (64)]; out: s mod ℓ.
    CoreScalarReduce = 131,
    /// bytes: [p]; out: 1 byte: crypto_core_ristretto255_is_valid_point.
    Ristretto255IsValidPoint = 132,
    /// bytes: [p, q]; out: p + q.
    Ristretto255Add = 133,
    /// bytes: [p, q]; out: p − q.
    Ristretto255Sub = 134,
    /// bytes: [h (64)]; out: crypto_core_ristretto255_from_hash.
    Ristretto255FromHash = 135,
    /// bytes: [n, p]; out: crypto_scalarmult_ristretto255.
    ScalarmultRistretto255 = 136,
    /// bytes: [n]; out: crypto_scalarmult_ristretto255_base.
    ScalarmultRistretto255Base = 137,
    /// alg: argon2i, argon2id or scrypt; bytes: [password, salt (16; 32 for scrypt)]; nums: [out_len, opslimit, memlimit]; out: crypto_pwhash.
    Pwhash = 138,
    /// alg: argon2i, argon2id or scrypt; bytes: [password]; nums: [opslimit, memlimit]; out: the string (length returned).
    PwhashStr = 139,
    /// bytes: [password, string ($argon2id$, $argon2i$ or $7$)]; out: nothing (error if it does not verify).
    PwhashStrVerify = 140,
    /// bytes: [string]; nums: [opslimit, memlimit]; out: 1 byte, 1 if the string's costs differ.
    PwhashStrNeedsRehash = 141,
    /// bytes: [n]; out: n + 1 (little-endian, sodium_increment).
    SodiumIncrement = 142,
    /// bytes: [a, b]; out: a + b mod 2^(8·len).
    SodiumAdd = 143,
    /// bytes: [a, b]; out: a − b mod 2^(8·len).
    SodiumSub = 144,
    /// bytes: [a, b]; out: 1 byte: 0 if a < b, 1 if equal, 2 if a > b (sodium_compare + 1).
    SodiumCompare = 145,
    /// bytes: [n]; out: 1 byte: 1 if all zero.
    SodiumIsZero = 146,
    /// bytes: [data]; nums: [block size]; out: ISO/IEC 7816-4 padded data.
    SodiumPad = 147,
    /// bytes: [padded]; nums: [block size]; out: the data without its padding.
    SodiumUnpad = 148,
    /// bytes: [seed (32)]; nums: [length]; out: randombytes_buf_deterministic.
    RandomBytesDeterministic = 149,
    /// alg: edwards25519 or ristretto255; out: a random point (crypto_core_*_random).
    CoreRandom = 150,
    /// alg: edwards25519 or ristretto255; out: a random scalar in [1, ℓ − 1] (crypto_core_*_scalar_random).
    CoreScalarRandom = 151,
}

impl Op {
    /// Password hashes and KDFs whose work is set by cost parameters
    /// (iterations, memory, rounds), so that even a few bytes of input can
    /// take seconds. Bindings run these without holding a lock other callers
    /// need (Python releases the GIL for them whatever the input size) and
    /// the fuzzers, which cannot afford them, skip them. HKDF is not one: its
    /// work follows its input and output lengths.
    pub fn has_cost_parameters(self) -> bool {
        matches!(
            self,
            Op::Pbkdf2
                | Op::Scrypt
                | Op::Argon2
                | Op::Argon2Hash
                | Op::Argon2Verify
                | Op::BcryptHash
                | Op::BcryptVerify
                | Op::Pwhash
                | Op::PwhashStr
                | Op::PwhashStrVerify
        )
    }
}

/// One libsodium function of a group or utility catalog entry, and the
/// operation that computes it.
#[derive(Debug, Clone, Copy)]
pub struct EntryOperation {
    /// The catalog entry it belongs to.
    pub algorithm: Algorithm,
    /// libsodium's function name less the entry's prefix ("add", "scalar_mul",
    /// "scalarmult_base_noclamp", "increment").
    pub name: &'static str,
    /// libsodium's full function name.
    pub function: &'static str,
    /// The operation to call, with `alg` set to the entry's id.
    pub op: Op,
    /// Numbers the operation takes before the caller's own (the clamp flag
    /// that tells `crypto_scalarmult_ed25519` from its `_noclamp` twin).
    pub nums: &'static [f64],
}

macro_rules! entry_operations {
    ($( $entry:ident $name:ident => $function:ident, $op:ident $([$($num:literal),*])?; )*) => {
        /// The operations of the catalog's group and utility entries, which
        /// no generic entry point (hash, mac, aead ...) serves: the catalog
        /// JSON lists them under each entry's `operations`, and [`call`]
        /// refuses an `alg` that is not one of the op's entries.
        pub static OPERATIONS: &[EntryOperation] = &[ $( EntryOperation {
            algorithm: Algorithm::$entry, name: stringify!($name), function: stringify!($function),
            op: Op::$op, nums: &[$($($num),*)?],
        } ),* ];
    };
}

entry_operations! {
    Edwards25519 is_valid_point => crypto_core_ed25519_is_valid_point, CoreEd25519IsValidPoint;
    Edwards25519 add => crypto_core_ed25519_add, CoreEd25519Add;
    Edwards25519 sub => crypto_core_ed25519_sub, CoreEd25519Sub;
    Edwards25519 from_uniform => crypto_core_ed25519_from_uniform, CoreEd25519FromUniform;
    Edwards25519 from_hash => crypto_core_ed25519_from_hash, CoreEd25519FromHash;
    Edwards25519 random => crypto_core_ed25519_random, CoreRandom;
    Edwards25519 scalarmult => crypto_scalarmult_ed25519, ScalarmultEd25519 [1.0];
    Edwards25519 scalarmult_noclamp => crypto_scalarmult_ed25519_noclamp, ScalarmultEd25519 [0.0];
    Edwards25519 scalarmult_base => crypto_scalarmult_ed25519_base, ScalarmultEd25519Base [1.0];
    Edwards25519 scalarmult_base_noclamp => crypto_scalarmult_ed25519_base_noclamp, ScalarmultEd25519Base [0.0];
    Edwards25519 scalar_random => crypto_core_ed25519_scalar_random, CoreScalarRandom;
    Edwards25519 scalar_invert => crypto_core_ed25519_scalar_invert, CoreScalarInvert;
    Edwards25519 scalar_negate => crypto_core_ed25519_scalar_negate, CoreScalarNegate;
    Edwards25519 scalar_complement => crypto_core_ed25519_scalar_complement, CoreScalarComplement;
    Edwards25519 scalar_add => crypto_core_ed25519_scalar_add, CoreScalarAdd;
    Edwards25519 scalar_sub => crypto_core_ed25519_scalar_sub, CoreScalarSub;
    Edwards25519 scalar_mul => crypto_core_ed25519_scalar_mul, CoreScalarMul;
    Edwards25519 scalar_reduce => crypto_core_ed25519_scalar_reduce, CoreScalarReduce;
    Ristretto255 is_valid_point => crypto_core_ristretto255_is_valid_point, Ristretto255IsValidPoint;
    Ristretto255 add => crypto_core_ristretto255_add, Ristretto255Add;
    Ristretto255 sub => crypto_core_ristretto255_sub, Ristretto255Sub;
    Ristretto255 from_hash => crypto_core_ristretto255_from_hash, Ristretto255FromHash;
    Ristretto255 random => crypto_core_ristretto255_random, CoreRandom;
    Ristretto255 scalarmult => crypto_scalarmult_ristretto255, ScalarmultRistretto255;
    Ristretto255 scalarmult_base => crypto_scalarmult_ristretto255_base, ScalarmultRistretto255Base;
    Ristretto255 scalar_random => crypto_core_ristretto255_scalar_random, CoreScalarRandom;
    Ristretto255 scalar_invert => crypto_core_ristretto255_scalar_invert, CoreScalarInvert;
    Ristretto255 scalar_negate => crypto_core_ristretto255_scalar_negate, CoreScalarNegate;
    Ristretto255 scalar_complement => crypto_core_ristretto255_scalar_complement, CoreScalarComplement;
    Ristretto255 scalar_add => crypto_core_ristretto255_scalar_add, CoreScalarAdd;
    Ristretto255 scalar_sub => crypto_core_ristretto255_scalar_sub, CoreScalarSub;
    Ristretto255 scalar_mul => crypto_core_ristretto255_scalar_mul, CoreScalarMul;
    Ristretto255 scalar_reduce => crypto_core_ristretto255_scalar_reduce, CoreScalarReduce;
    SodiumUtils increment => sodium_increment, SodiumIncrement;
    SodiumUtils add => sodium_add, SodiumAdd;
    SodiumUtils sub => sodium_sub, SodiumSub;
    SodiumUtils compare => sodium_compare, SodiumCompare;
    SodiumUtils is_zero => sodium_is_zero, SodiumIsZero;
    SodiumUtils pad => sodium_pad, SodiumPad;
    SodiumUtils unpad => sodium_unpad, SodiumUnpad;
    SodiumUtils memcmp => sodium_memcmp, ConstantTimeEqual;
    RandomBytesDeterministic buf_deterministic => randombytes_buf_deterministic, RandomBytesDeterministic;
}

/// The catalog entry an operation of [`OPERATIONS`] runs for: `alg` 0 (what
/// bindings pass for "none") picks the op's first entry; another id must be
/// one of its entries. `None` for operations outside the table, which
/// ignore `alg` or check it themselves.
fn entry_of(op: Op, alg: u32) -> Result<Option<Algorithm>> {
    let mut entries = OPERATIONS.iter().filter(|row| row.op == op).map(|row| row.algorithm);
    let Some(first) = entries.next() else { return Ok(None) };
    if alg == 0 {
        return Ok(Some(first));
    }
    let wanted = algorithm(alg)?;
    if wanted == first || entries.any(|a| a == wanted) {
        Ok(Some(wanted))
    } else {
        Err(Error::UnknownAlgorithm { name: wanted.name().into(), kind: first.info().kind.name() })
    }
}

/// The arguments of one call.
#[derive(Debug, Clone, Copy)]
pub struct Args<'a> {
    /// Byte-string arguments; `None` marks an omitted optional one.
    pub bytes: &'a [Option<&'a [u8]>],
    /// Numeric arguments (f64 so that JS numbers pass unchanged; integers up to 2^53).
    pub nums: &'a [f64],
}

/// Names of byte arguments for error messages, by position, per operation
/// family; generic fallbacks keep messages meaningful everywhere.
impl<'a> Args<'a> {
    fn opt(&self, i: usize) -> Option<&'a [u8]> {
        self.bytes.get(i).copied().flatten()
    }
    fn req(&self, i: usize, what: &'static str) -> Result<&'a [u8]> {
        self.opt(i).ok_or(Error::InvalidEncoding { what, reason: "is required" })
    }
    fn num(&self, i: usize, what: &'static str) -> Result<u64> {
        let x = self.nums.get(i).copied().ok_or(Error::InvalidEncoding { what, reason: "is required" })?;
        // `(x as u64) as f64 == x` tests for an integer without std's `fract`.
        if !(x >= 0.0 && x <= 9007199254740991.0 && (x as u64) as f64 == x) {
            return Err(Error::InvalidParameter { what, expected: "an integer from 0 to 2^53 - 1", got: 0 });
        }
        Ok(x as u64)
    }
    fn num_u32(&self, i: usize, what: &'static str) -> Result<u32> {
        let x = self.num(i, what)?;
        u32::try_from(x).map_err(|_| Error::InvalidParameter { what, expected: "at most 2^32 - 1", got: x })
    }
    /// An optional number: `default` when absent or NaN (how bindings pass "not given").
    fn num_or(&self, i: usize, what: &'static str, default: u64) -> Result<u64> {
        match self.nums.get(i) {
            None => Ok(default),
            Some(x) if x.is_nan() => Ok(default),
            Some(_) => self.num(i, what),
        }
    }
    fn num_u32_or(&self, i: usize, what: &'static str, default: u32) -> Result<u32> {
        let x = self.num_or(i, what, default.into())?;
        u32::try_from(x).map_err(|_| Error::InvalidParameter { what, expected: "at most 2^32 - 1", got: x })
    }
    fn len(&self, i: usize, what: &'static str) -> Result<usize> {
        let x = self.num(i, what)?;
        usize::try_from(x).map_err(|_| Error::InvalidParameter { what, expected: "a length this platform can hold", got: x })
    }
}

/// Copies `bytes` to the front of `out` and returns the length.
fn put(out: &mut [u8], bytes: &[u8]) -> Result<usize> {
    Error::check_length("output", Expected::AtLeast(bytes.len()), out.len())?;
    out[..bytes.len()].copy_from_slice(bytes);
    Ok(bytes.len())
}

/// [`put`] of a result the core hands over in a plain `Vec` that may hold a
/// secret (a decryption's or a stream cipher's output, a derived key, seeded
/// random bytes), wiped once copied: dropped as it was, the freed heap block
/// kept the bytes.
fn put_wiped(out: &mut [u8], result: alloc::vec::Vec<u8>) -> Result<usize> {
    let result = zeroize::Zeroizing::new(result);
    put(out, &result)
}

fn put_bool(out: &mut [u8], value: bool) -> Result<usize> {
    put(out, &[u8::from(value)])
}

/// The first `n` bytes of `out`, or an error naming the size it must have.
fn exactly(out: &mut [u8], n: usize) -> Result<&mut [u8]> {
    Error::check_length("output", Expected::AtLeast(n), out.len())?;
    Ok(&mut out[..n])
}

/// The catalog entry of `id`, if this build contains it (ids are those of
/// the full catalog; without `full`, `from_id` knows only the entries kept
/// and names one left out as not in this build).
fn algorithm(id: u32) -> Result<Algorithm> {
    let id = u16::try_from(id).map_err(|_| Error::UnknownAlgorithm { name: saline::error::numbered("#", id.into()), kind: "any" })?;
    Algorithm::from_id(id)
}

fn hash_options<'a>(args: &Args<'a>, first: usize, out_len: Option<usize>) -> HashOptions<'a> {
    HashOptions {
        out_len,
        key: args.opt(first),
        salt: args.opt(first + 1),
        personal: args.opt(first + 2),
        context: args.opt(first + 3),
    }
}

fn seed_or_random(seed: Option<&[u8]>) -> Result<alloc::vec::Vec<u8>> {
    match seed {
        Some(seed) => Ok(seed.to_vec()),
        None => saline::random::bytes(32),
    }
}

fn point(bytes: &[u8]) -> Result<Point> {
    Point::from_bytes(bytes)
}

fn scalar(bytes: &[u8]) -> Result<Scalar> {
    Scalar::from_canonical_bytes(bytes)
}

fn signing_key(secret: &[u8]) -> Result<ed25519::SigningKey> {
    Error::check_length("secret key", Expected::OneOf(&[32, 64]), secret.len())?;
    if secret.len() == 64 {
        ed25519::SigningKey::from_private_key(secret)
    } else {
        ed25519::SigningKey::from_seed(secret)
    }
}

/// Runs `op` on algorithm `alg` (a catalog id; 0 where the op has none)
/// with `args`, writing into `out`; returns the number of bytes written.
///
/// # Errors
/// Any [`Error`] of the operation; [`Error::UnknownAlgorithm`] for an unknown
/// op code or id (and, built without `full`, for every operation but
/// [`Op::Hash`]); [`Error::InvalidLength`] naming "output" when `out` is
/// too small.
pub fn call(op: u32, alg: u32, args: &Args<'_>, out: &mut [u8]) -> Result<usize> {
    let op = Op::from_code(op).ok_or_else(|| Error::UnknownAlgorithm { name: saline::error::numbered("operation #", op.into()), kind: "operation" })?;
    let b = args;
    match op {
        Op::Hash => {
            let options = hash_options(b, 1, Some(b.len(0, "output length")?));
            saline::hash::hash_into(algorithm(alg)?, &options, b.req(0, "data")?, exactly(out, options.out_len.unwrap_or(0))?)?;
            Ok(options.out_len.unwrap_or(0))
        }
        #[cfg(feature = "full")]
        _ => call_symmetric(op, alg, b, out),
        // The SHA-2 module: the other operations are compiled out, so that
        // nothing references their code.
        #[cfg(not(feature = "full"))]
        _ => Err(Error::not_built(&saline::error::numbered("operation #", op as u64), "operation")),
    }
}

/// The symmetric one-shot calls (ops 2-8): MACs, stream ciphers, AES-CBC
/// and the AEADs, kept out of [`call_full`], which takes every other
/// operation from here (so that ops are listed once). Both are out of line
/// (`inline(never)`) because in WebAssembly a function reserves its whole
/// shadow-stack frame on entry, and `call_full`, every other operation
/// inlined, reserved 2,448 bytes: four times what a whole Poly1305 call uses
/// now (520 B, from 2,872). The loader wipes the stack a keyed call used
/// after it, by a depth measured per op (js/src/backend/wasm-abi.ts
/// `STACK_WIPE_BY_OP_ALGORITHM`), so every byte of depth is paid per call.
#[cfg(feature = "full")]
#[inline(never)]
fn call_symmetric(op: Op, alg: u32, b: &Args<'_>, out: &mut [u8]) -> Result<usize> {
    match op {
        Op::Mac => {
            let algorithm = algorithm(alg)?;
            let n = algorithm.expect_kind(&[saline::Kind::Mac])?.info().tag_len;
            // The core's one-shot path: Poly1305 through the backend registry
            // (libsodium natively), HMAC without building the `Mac` enum. The
            // tag goes through a local buffer so that a bad key is reported
            // before a short output, as the streaming path did.
            let mut tag = [0u8; 64];
            saline::mac::mac_into(algorithm, b.req(0, "key")?, b.req(1, "data")?, &mut tag[..n])?;
            exactly(out, n)?.copy_from_slice(&tag[..n]);
            Ok(n)
        }
        Op::MacVerify => {
            saline::mac::verify(algorithm(alg)?, b.req(0, "key")?, b.req(1, "data")?, b.req(2, "tag")?)?;
            Ok(0)
        }
        Op::StreamXor => {
            let data = b.req(2, "data")?;
            let dst = exactly(out, data.len())?;
            saline::copy::copy_message(dst, data);
            cipher::stream_xor_in_place(algorithm(alg)?, b.req(0, "key")?, b.req(1, "nonce")?, b.num(0, "counter")?, dst)?;
            Ok(data.len())
        }
        Op::CbcEncrypt | Op::CbcDecrypt => {
            let padding = if b.num(0, "padding")? == 0 { cipher::aes::Padding::None } else { cipher::aes::Padding::Pkcs7 };
            let (key, iv, data) = (b.req(0, "key")?, b.req(1, "iv")?, b.req(2, "data")?);
            let result = if op == Op::CbcEncrypt {
                cipher::aes::cbc_encrypt(key, iv, data, padding)?
            } else {
                cipher::aes::cbc_decrypt(key, iv, data, padding)?
            };
            put_wiped(out, result)
        }
        // One-shot: through `aead::seal_into` / `open_into`, which may take
        // other code than a keyed AEAD (libsodium's for short AES-256-GCM
        // messages where AWS-LC's key setup dominates: aead/mod.rs).
        Op::AeadSeal => {
            let (a, key, nonce, aad, plaintext) = (algorithm(alg)?, b.req(0, "key")?, b.req(1, "nonce")?, b.opt(2), b.req(3, "plaintext")?);
            let total = plaintext.len() + a.info().tag_len;
            aead::seal_into(a, key, nonce, aad.unwrap_or(&[]), plaintext, exactly(out, total)?)?;
            Ok(total)
        }
        Op::AeadOpen => {
            let (a, key, nonce, aad, sealed) = (algorithm(alg)?, b.req(0, "key")?, b.req(1, "nonce")?, b.opt(2), b.req(3, "ciphertext")?);
            let tag_len = a.info().tag_len;
            Error::check_length("ciphertext", Expected::AtLeast(tag_len), sealed.len())?;
            let n = sealed.len() - tag_len;
            aead::open_into(a, key, nonce, aad.unwrap_or(&[]), sealed, exactly(out, n)?)?;
            Ok(n)
        }
        _ => call_full(op, alg, b, out),
    }
}

/// Every operation but [`Op::Hash`], which [`call`] runs itself, and those
/// of [`call_symmetric`]: without `full` this function and
/// [`sodium_call`] are compiled out.
#[cfg(feature = "full")]
#[inline(never)]
fn call_full(op: Op, alg: u32, b: &Args<'_>, out: &mut [u8]) -> Result<usize> {
    match op {
        Op::Blake3Part => {
            let options = HashOptions { key: b.opt(1), context: b.opt(2), ..HashOptions::default() };
            let dst = exactly(out, 32)?;
            // Secret under a key or a derived key's context: wiped once copied.
            let cv = zeroize::Zeroizing::new(saline::hash::blake3::part_cv(&options, b.req(0, "part")?, b.num(0, "part index")?, b.num(1, "part length")?)?);
            dst.copy_from_slice(&*cv);
            Ok(32)
        }
        Op::Blake3Join => {
            let options = HashOptions { key: b.opt(1), context: b.opt(2), ..HashOptions::default() };
            let n = b.len(2, "output length")?;
            saline::hash::blake3::join_parts(&options, b.req(0, "chaining values")?, b.num(0, "total length")?, b.num(1, "part length")?, exactly(out, n)?)?;
            Ok(n)
        }
        Op::BoxKeyPair => {
            let kp = match b.opt(0) {
                Some(seed) => crypto_box::KeyPair::from_seed(seed)?,
                None => crypto_box::KeyPair::generate()?,
            };
            let dst = exactly(out, 64)?;
            dst[..32].copy_from_slice(&kp.public_key);
            dst[32..].copy_from_slice(kp.secret_key());
            Ok(64)
        }
        Op::BoxBefore => put(out, crypto_box::before(b.req(0, "public key")?, b.req(1, "secret key")?)?.as_bytes()),
        Op::BoxSeal => {
            let shared = crypto_box::before(b.req(2, "public key")?, b.req(3, "secret key")?)?;
            aead_seal_into(shared.as_bytes(), b.req(1, "nonce")?, b.req(0, "message")?, out)
        }
        Op::BoxOpen => {
            let shared = crypto_box::before(b.req(2, "public key")?, b.req(3, "secret key")?)?;
            aead_open_into(shared.as_bytes(), b.req(1, "nonce")?, b.req(0, "box")?, out)
        }
        Op::SealedBoxSeal => put(out, &sealedbox::seal(b.req(0, "message")?, b.req(1, "public key")?)?),
        Op::SealedBoxOpen => put_wiped(out, sealedbox::open(b.req(0, "sealed box")?, b.req(1, "public key")?, b.req(2, "secret key")?)?),
        Op::Ed25519KeyPair => {
            let key = ed25519::SigningKey::from_seed(&seed_or_random(b.opt(0))?)?;
            let dst = exactly(out, 96)?;
            dst[..64].copy_from_slice(&key.to_private_key()[..]);
            dst[64..].copy_from_slice(&key.public_key());
            Ok(96)
        }
        Op::Ed25519PublicKey => put(out, &signing_key(b.req(0, "secret key")?)?.public_key()),
        Op::Ed25519Sign => put(out, &signing_key(b.req(1, "secret key")?)?.sign(b.req(0, "message")?)),
        Op::Ed25519Verify => {
            let mode = if b.num(0, "mode")? == 1 { ed25519::VerifyMode::Zip215 } else { ed25519::VerifyMode::Strict };
            match ed25519::verify_with(b.req(2, "public key")?, b.req(1, "message")?, b.req(0, "signature")?, mode) {
                Ok(()) => put_bool(out, true),
                Err(Error::VerificationFailed) => put_bool(out, false),
                Err(e) => Err(e),
            }
        }
        Op::Ed25519ToX25519Public => put(out, &ed25519::public_key_to_x25519(b.req(0, "public key")?)?),
        Op::Ed25519ToX25519Secret => put(out, &ed25519::secret_key_to_x25519(b.req(0, "secret key")?)?[..]),
        Op::X25519PublicKey => put(out, &x25519::public_key(b.req(0, "secret key")?)?),
        Op::X25519Shared => put(out, &x25519::shared_secret(b.req(0, "secret key")?, b.req(1, "public key")?)?),
        Op::PointAdd => put(out, &point(b.req(0, "p")?)?.add(&point(b.req(1, "q")?)?).to_bytes()),
        Op::PointSub => put(out, &point(b.req(0, "p")?)?.sub(&point(b.req(1, "q")?)?).to_bytes()),
        Op::PointMul => put(out, &point(b.req(0, "p")?)?.mul(&scalar(b.req(1, "scalar")?)?).to_bytes()),
        Op::PointMulBase => {
            let s = b.req(0, "scalar")?;
            let s: &[u8; 32] = s.try_into().map_err(|_| Error::length("scalar", Expected::Exactly(32), s.len()))?;
            put(out, &Point::mul_base_unclamped(s).to_bytes())
        }
        Op::PointDoubleScalarMulBase => {
            let r = Point::double_scalar_mul_base_vartime(&scalar(b.req(0, "a")?)?, &point(b.req(1, "A")?)?, &scalar(b.req(2, "b")?)?);
            put(out, &r.to_bytes())
        }
        Op::PointIsSmallOrder => put_bool(out, point(b.req(0, "p")?)?.is_small_order()),
        Op::PointIsTorsionFree => put_bool(out, point(b.req(0, "p")?)?.is_torsion_free()),
        Op::PointIsValid => {
            let p = b.req(0, "p")?;
            let canonical = <&[u8; 32]>::try_from(p).is_ok_and(Point::is_canonical_encoding);
            put_bool(out, canonical && Point::from_bytes(p).is_ok())
        }
        Op::ScalarReduce => {
            let s = b.req(0, "bytes")?;
            let s: &[u8; 64] = s.try_into().map_err(|_| Error::length("bytes", Expected::Exactly(64), s.len()))?;
            put(out, &Scalar::from_bytes_mod_order_wide(s).to_bytes())
        }
        Op::ScalarMulAdd => {
            let r = Scalar::mul_add(&scalar(b.req(0, "a")?)?, &scalar(b.req(1, "b")?)?, &scalar(b.req(2, "c")?)?);
            put(out, &r.to_bytes())
        }
        Op::ScalarIsCanonical => {
            let s = b.req(0, "scalar")?;
            put_bool(out, <&[u8; 32]>::try_from(s).is_ok_and(Scalar::is_canonical))
        }
        Op::ScalarInvert => put(out, &scalar(b.req(0, "scalar")?)?.invert()?.to_bytes()),
        Op::CryptoSecretbox => tweetnacl::crypto_secretbox_into(b.req(0, "message")?, b.req(1, "nonce")?, b.req(2, "key")?, out),
        Op::CryptoSecretboxOpen => put_wiped(out, tweetnacl::crypto_secretbox_open(b.req(0, "box")?, b.req(1, "nonce")?, b.req(2, "key")?)?),
        Op::CryptoBox => tweetnacl::crypto_box_into(b.req(0, "message")?, b.req(1, "nonce")?, b.req(2, "public key")?, b.req(3, "secret key")?, out),
        Op::CryptoBoxOpen => put_wiped(out, tweetnacl::crypto_box_open(b.req(0, "box")?, b.req(1, "nonce")?, b.req(2, "public key")?, b.req(3, "secret key")?)?),
        Op::CryptoStream => {
            let n = b.len(0, "length")?;
            let dst = exactly(out, n)?;
            dst.fill(0);
            cipher::stream_xor_in_place(Algorithm::XSalsa20, b.req(1, "key")?, b.req(0, "nonce")?, 0, dst)?;
            Ok(n)
        }
        Op::CryptoCoreSalsa20 => put(out, &tweetnacl::crypto_core_salsa20(b.req(0, "in")?, b.req(1, "key")?, b.req(2, "c")?)?),
        Op::CryptoCoreHsalsa20 => put(out, &tweetnacl::crypto_core_hsalsa20(b.req(0, "in")?, b.req(1, "key")?, b.req(2, "c")?)?),
        Op::CryptoScalarmult => put(out, &tweetnacl::crypto_scalarmult(b.req(0, "n")?, b.req(1, "p")?)?),
        Op::CryptoAuth => put(out, &tweetnacl::crypto_auth(b.req(0, "message")?, b.req(1, "key")?)?),
        // Straight into `out`: no message-sized Vec between (nacl/sign.rs `sign_into`).
        Op::CryptoSignOpen => saline::nacl::sign::open_into(b.req(0, "signed message")?, b.req(1, "public key")?, out),
        Op::CryptoSign => saline::nacl::sign::sign_into(b.req(0, "message")?, b.req(1, "secret key")?, out),
        // The KDFs check `out` before deriving: dkLen may ask for up to
        // (2^32 - 1) blocks, and deriving first would allocate all of it (an
        // abort when that fails, found by fuzz/ops_call) for a call that fails.
        Op::Pbkdf2 => {
            let n = b.len(1, "dkLen")?;
            exactly(out, n)?;
            put_wiped(out, kdf::pbkdf2(algorithm(alg)?, b.req(0, "password")?, b.req(1, "salt")?, b.num_u32(0, "iterations")?, n)?)
        }
        Op::Scrypt => {
            let n = b.len(3, "dkLen")?;
            exactly(out, n)?;
            put_wiped(out, kdf::scrypt(b.req(0, "password")?, b.req(1, "salt")?, b.num(0, "N")?, b.num_u32(1, "r")?, b.num_u32(2, "p")?, n)?)
        }
        Op::Argon2 | Op::Argon2Hash => {
            let params = kdf::Argon2Params { t: b.num_u32(0, "t")?, m: b.num_u32(1, "m")?, p: b.num_u32(2, "p")?, out_len: b.len(3, "dkLen")? };
            let (algorithm, password) = (algorithm(alg)?, b.req(0, "password")?);
            if op == Op::Argon2 {
                exactly(out, params.out_len)?;
                put_wiped(out, kdf::argon2(algorithm, password, b.req(1, "salt")?, b.opt(2), b.opt(3), &params)?)
            } else {
                // The string's length is known before the work (dkLen may be
                // up to 2^32 - 1 bytes; fuzz/ops_call).
                exactly(out, kdf::argon2_hash_len(algorithm, b.opt(1).map_or(16, <[u8]>::len), &params)?)?;
                let phc = match b.opt(1) {
                    Some(salt) => kdf::argon2_hash_with_salt(algorithm, password, salt, &params)?,
                    None => kdf::argon2_hash(algorithm, password, &params)?,
                };
                put(out, phc.as_bytes())
            }
        }
        Op::Argon2Verify => {
            let phc = core::str::from_utf8(b.req(1, "hash")?).map_err(|_| Error::InvalidEncoding { what: "hash", reason: "is not UTF-8" })?;
            let default = kdf::Argon2VerifyLimits::default();
            let limits = kdf::Argon2VerifyLimits {
                max_memory_kib: b.num_u32_or(0, "maxMemory", default.max_memory_kib)?,
                max_work_kib: b.num_or(1, "maxWork", default.max_work_kib)?,
                max_lanes: b.num_u32_or(2, "maxLanes", default.max_lanes)?,
            };
            kdf::argon2_verify_with_limits(b.req(0, "password")?, phc, &limits)?;
            Ok(0)
        }
        Op::BcryptHash => {
            let long = if b.num(1, "truncate")? == 1 { kdf::LongPassword::Truncate } else { kdf::LongPassword::Reject };
            let salt: [u8; 16] = match b.opt(1) {
                Some(s) => s.try_into().map_err(|_| Error::length("salt", Expected::Exactly(16), s.len()))?,
                None => {
                    let mut s = [0u8; 16];
                    saline::random::fill(&mut s)?;
                    s
                }
            };
            put(out, kdf::bcrypt_hash_with_salt(b.req(0, "password")?, b.num_u32(0, "cost")?, &salt, long)?.as_bytes())
        }
        Op::BcryptVerify => {
            let long = if b.num(0, "truncate")? == 1 { kdf::LongPassword::Truncate } else { kdf::LongPassword::Reject };
            let hash = core::str::from_utf8(b.req(1, "hash")?).map_err(|_| Error::InvalidEncoding { what: "hash", reason: "is not UTF-8" })?;
            kdf::bcrypt_verify_with_max_cost(b.req(0, "password")?, hash, long, b.num_u32_or(1, "maxCost", kdf::BCRYPT_VERIFY_MAX_COST)?)?;
            Ok(0)
        }
        Op::Hkdf => put_wiped(out, kdf::hkdf(algorithm(alg)?, b.req(0, "ikm")?, b.opt(1).unwrap_or(&[]), b.opt(2).unwrap_or(&[]), b.len(0, "length")?)?),
        Op::HkdfExtract => put_wiped(out, kdf::hkdf_extract(algorithm(alg)?, b.opt(0).unwrap_or(&[]), b.req(1, "ikm")?)?),
        Op::HkdfExpand => put_wiped(out, kdf::hkdf_expand(algorithm(alg)?, b.req(0, "prk")?, b.opt(1).unwrap_or(&[]), b.len(0, "length")?)?),
        Op::RandomBytes => {
            saline::random::fill(out)?;
            Ok(out.len())
        }
        Op::ConstantTimeEqual => {
            // Also sodium_memcmp: a sodium-utils id is accepted; 0, the
            // usual "none", skips the table look-up on this small, hot op.
            if alg != 0 {
                entry_of(op, alg)?;
            }
            put_bool(out, saline::ct_eq(b.req(0, "a")?, b.req(1, "b")?))
        }
        Op::SecretStreamInitPush => {
            let header = match b.opt(1) {
                Some(header) => header.to_vec(),
                None => saline::random::bytes(secretstream::HEADERBYTES)?,
            };
            let state = secretstream::init_push_with_header(b.req(0, "key")?, &header)?;
            let dst = exactly(out, secretstream::STATEBYTES + secretstream::HEADERBYTES)?;
            dst[..secretstream::STATEBYTES].copy_from_slice(&state.to_bytes()[..]);
            dst[secretstream::STATEBYTES..].copy_from_slice(&header);
            Ok(dst.len())
        }
        Op::SecretStreamPush => {
            let mut state = secretstream::State::from_bytes(b.req(0, "state")?)?;
            let message = b.req(1, "message")?;
            let tag = b.num(0, "tag")?;
            let tag = u8::try_from(tag).map_err(|_| Error::InvalidParameter { what: "tag", expected: "0 (message), 1 (push), 2 (rekey) or 3 (final)", got: tag })?;
            let (state_out, chunk) = exactly(out, secretstream::STATEBYTES + message.len() + secretstream::ABYTES)?.split_at_mut(secretstream::STATEBYTES);
            let n = secretstream::push_into(&mut state, message, b.opt(2).unwrap_or(&[]), tag, chunk)?;
            state_out.copy_from_slice(&state.to_bytes()[..]);
            Ok(secretstream::STATEBYTES + n)
        }
        Op::SecretStreamInitPull => {
            let state = secretstream::crypto_secretstream_xchacha20poly1305_init_pull(b.req(0, "header")?, b.req(1, "key")?)?;
            put(out, &state.to_bytes()[..])
        }
        Op::SecretStreamPull => {
            let mut state = secretstream::State::from_bytes(b.req(0, "state")?)?;
            let chunk = b.req(1, "ciphertext")?;
            Error::check_length("ciphertext", Expected::AtLeast(secretstream::ABYTES), chunk.len())?;
            let total = secretstream::STATEBYTES + 1 + chunk.len() - secretstream::ABYTES;
            let (head, message) = exactly(out, total)?.split_at_mut(secretstream::STATEBYTES + 1);
            let tag = secretstream::pull_into(&mut state, chunk, b.opt(2).unwrap_or(&[]), message)?;
            head[..secretstream::STATEBYTES].copy_from_slice(&state.to_bytes()[..]);
            head[secretstream::STATEBYTES] = tag;
            Ok(total)
        }
        Op::SecretStreamRekey => {
            let mut state = secretstream::State::from_bytes(b.req(0, "state")?)?;
            secretstream::crypto_secretstream_xchacha20poly1305_rekey(&mut state);
            put(out, &state.to_bytes()[..])
        }
        _ => sodium_call(op, alg, b, out),
    }
}

fn pair(out: &mut [u8], first: &[u8], second: &[u8]) -> Result<usize> {
    let dst = exactly(out, first.len() + second.len())?;
    dst[..first.len()].copy_from_slice(first);
    dst[first.len()..].copy_from_slice(second);
    Ok(dst.len())
}

fn utf8<'a>(bytes: &'a [u8], what: &'static str) -> Result<&'a str> {
    core::str::from_utf8(bytes).map_err(|_| Error::InvalidEncoding { what, reason: "is not UTF-8" })
}

fn clamp(args: &Args<'_>) -> Result<bool> {
    Ok(args.num(0, "clamp")? != 0)
}

/// The libsodium operations from [`Op::KxKeyPair`] on (codes 105 and up).
#[cfg(feature = "full")]
fn sodium_call(op: Op, alg: u32, b: &Args<'_>, out: &mut [u8]) -> Result<usize> {
    use sodium::{core_ed25519 as ed, crypto_box as sbox, kx, pwhash, ristretto255 as rist, secretbox as sbx, sign, stream, utils};
    let entry = entry_of(op, alg)?;
    match op {
        Op::KxKeyPair => {
            let (pk, sk) = match b.opt(0) {
                Some(seed) => kx::crypto_kx_seed_keypair(seed)?,
                None => kx::crypto_kx_keypair()?,
            };
            pair(out, &pk, &sk[..])
        }
        Op::KxClientSessionKeys => {
            let (rx, tx) = kx::crypto_kx_client_session_keys(b.req(0, "client public key")?, b.req(1, "client secret key")?, b.req(2, "server public key")?)?;
            pair(out, &rx[..], &tx[..])
        }
        Op::KxServerSessionKeys => {
            let (rx, tx) = kx::crypto_kx_server_session_keys(b.req(0, "server public key")?, b.req(1, "server secret key")?, b.req(2, "client public key")?)?;
            pair(out, &rx[..], &tx[..])
        }
        Op::SodiumStreamXorIc => {
            let (message, nonce, key, ic) = (b.req(0, "message")?, b.req(1, "nonce")?, b.req(2, "key")?, b.num(0, "ic")?);
            let result = match algorithm(alg)? {
                Algorithm::ChaCha20Legacy => stream::crypto_stream_chacha20_xor_ic(message, nonce, ic, key)?,
                Algorithm::ChaCha20 => {
                    let ic = u32::try_from(ic).map_err(|_| Error::InvalidParameter { what: "ic", expected: "at most 2^32 - 1", got: ic })?;
                    stream::crypto_stream_chacha20_ietf_xor_ic(message, nonce, ic, key)?
                }
                Algorithm::XChaCha20 => stream::crypto_stream_xchacha20_xor_ic(message, nonce, ic, key)?,
                Algorithm::Salsa20 => stream::crypto_stream_salsa20_xor_ic(message, nonce, ic, key)?,
                Algorithm::XSalsa20 => stream::crypto_stream_xsalsa20_xor_ic(message, nonce, ic, key)?,
                other => return Err(Error::UnknownAlgorithm { name: other.name().into(), kind: "libsodium stream cipher" }),
            };
            put_wiped(out, result)
        }
        Op::SecretboxXChaCha20Poly1305Seal => put(out, &sbx::crypto_secretbox_xchacha20poly1305_easy(b.req(0, "message")?, b.req(1, "nonce")?, b.req(2, "key")?)?),
        Op::SecretboxXChaCha20Poly1305Open => put_wiped(out, sbx::crypto_secretbox_xchacha20poly1305_open_easy(b.req(0, "box")?, b.req(1, "nonce")?, b.req(2, "key")?)?),
        Op::BoxXChaCha20Poly1305Before => put(out, &sbox::crypto_box_curve25519xchacha20poly1305_beforenm(b.req(0, "public key")?, b.req(1, "secret key")?)?[..]),
        Op::BoxXChaCha20Poly1305Seal => put(
            out,
            &sbox::crypto_box_curve25519xchacha20poly1305_easy(b.req(0, "message")?, b.req(1, "nonce")?, b.req(2, "public key")?, b.req(3, "secret key")?)?,
        ),
        Op::BoxXChaCha20Poly1305Open => put_wiped(
            out,
            sbox::crypto_box_curve25519xchacha20poly1305_open_easy(b.req(0, "box")?, b.req(1, "nonce")?, b.req(2, "public key")?, b.req(3, "secret key")?)?,
        ),
        Op::BoxXChaCha20Poly1305SealAnonymous => put(out, &sbox::crypto_box_curve25519xchacha20poly1305_seal(b.req(0, "message")?, b.req(1, "public key")?)?),
        Op::BoxXChaCha20Poly1305SealOpen => put_wiped(
            out,
            sbox::crypto_box_curve25519xchacha20poly1305_seal_open(b.req(0, "sealed box")?, b.req(1, "public key")?, b.req(2, "secret key")?)?,
        ),
        Op::Ed25519phSign => {
            let mut state = sign::crypto_sign_init();
            sign::crypto_sign_update(&mut state, b.req(0, "message")?);
            put(out, &sign::crypto_sign_final_create(&state, b.req(1, "secret key")?)?)
        }
        Op::Ed25519phVerify => {
            let mut state = sign::crypto_sign_init();
            sign::crypto_sign_update(&mut state, b.req(1, "message")?);
            match sign::crypto_sign_final_verify(&state, b.req(0, "signature")?, b.req(2, "public key")?) {
                Ok(()) => put_bool(out, true),
                Err(Error::VerificationFailed) => put_bool(out, false),
                Err(e) => Err(e),
            }
        }
        Op::CoreEd25519IsValidPoint => put_bool(out, ed::crypto_core_ed25519_is_valid_point(b.req(0, "p")?)?),
        Op::CoreEd25519Add => put(out, &ed::crypto_core_ed25519_add(b.req(0, "p")?, b.req(1, "q")?)?),
        Op::CoreEd25519Sub => put(out, &ed::crypto_core_ed25519_sub(b.req(0, "p")?, b.req(1, "q")?)?),
        Op::CoreEd25519FromUniform => put(out, &ed::crypto_core_ed25519_from_uniform(b.req(0, "r")?)?),
        Op::CoreEd25519FromHash => put(out, &ed::crypto_core_ed25519_from_hash(b.req(0, "h")?)?),
        Op::ScalarmultEd25519 => {
            let (n, p) = (b.req(0, "n")?, b.req(1, "p")?);
            put(out, &if clamp(b)? { ed::crypto_scalarmult_ed25519(n, p)? } else { ed::crypto_scalarmult_ed25519_noclamp(n, p)? })
        }
        Op::ScalarmultEd25519Base => {
            let n = b.req(0, "n")?;
            put(out, &if clamp(b)? { ed::crypto_scalarmult_ed25519_base(n)? } else { ed::crypto_scalarmult_ed25519_base_noclamp(n)? })
        }
        Op::CoreRandom => put(out, &if entry == Some(Algorithm::Ristretto255) { rist::crypto_core_ristretto255_random()? } else { ed::crypto_core_ed25519_random()? }),
        Op::CoreScalarRandom => {
            let s = if entry == Some(Algorithm::Ristretto255) { rist::crypto_core_ristretto255_scalar_random()? } else { ed::crypto_core_ed25519_scalar_random()? };
            put(out, &s[..])
        }
        // The scalar operations of both groups are the same functions (ℓ is
        // the order of both; libsodium's ristretto255 ones call the ed25519 ones).
        Op::CoreScalarInvert => put(out, &ed::crypto_core_ed25519_scalar_invert(b.req(0, "s")?)?),
        Op::CoreScalarNegate => put(out, &ed::crypto_core_ed25519_scalar_negate(b.req(0, "s")?)?),
        Op::CoreScalarComplement => put(out, &ed::crypto_core_ed25519_scalar_complement(b.req(0, "s")?)?),
        Op::CoreScalarAdd => put(out, &ed::crypto_core_ed25519_scalar_add(b.req(0, "x")?, b.req(1, "y")?)?),
        Op::CoreScalarSub => put(out, &ed::crypto_core_ed25519_scalar_sub(b.req(0, "x")?, b.req(1, "y")?)?),
        Op::CoreScalarMul => put(out, &ed::crypto_core_ed25519_scalar_mul(b.req(0, "x")?, b.req(1, "y")?)?),
        Op::CoreScalarReduce => put(out, &ed::crypto_core_ed25519_scalar_reduce(b.req(0, "s")?)?),
        Op::Ristretto255IsValidPoint => put_bool(out, rist::crypto_core_ristretto255_is_valid_point(b.req(0, "p")?)?),
        Op::Ristretto255Add => put(out, &rist::crypto_core_ristretto255_add(b.req(0, "p")?, b.req(1, "q")?)?),
        Op::Ristretto255Sub => put(out, &rist::crypto_core_ristretto255_sub(b.req(0, "p")?, b.req(1, "q")?)?),
        Op::Ristretto255FromHash => put(out, &rist::crypto_core_ristretto255_from_hash(b.req(0, "h")?)?),
        Op::ScalarmultRistretto255 => put(out, &rist::crypto_scalarmult_ristretto255(b.req(0, "n")?, b.req(1, "p")?)?),
        Op::ScalarmultRistretto255Base => put(out, &rist::crypto_scalarmult_ristretto255_base(b.req(0, "n")?)?),
        Op::Pwhash => {
            let (password, salt) = (b.req(0, "password")?, b.req(1, "salt")?);
            let (out_len, opslimit, memlimit) = (b.len(0, "output length")?, b.num(1, "opslimit")?, b.len(2, "memlimit")?);
            // The buffer first: a huge length would abort on the allocation.
            exactly(out, out_len)?;
            let derived = match algorithm(alg)? {
                Algorithm::Argon2i => pwhash::crypto_pwhash(out_len, password, salt, opslimit, memlimit, pwhash::ALG_ARGON2I13)?,
                Algorithm::Argon2id => pwhash::crypto_pwhash(out_len, password, salt, opslimit, memlimit, pwhash::ALG_ARGON2ID13)?,
                Algorithm::Scrypt => pwhash::crypto_pwhash_scryptsalsa208sha256(out_len, password, salt, opslimit, memlimit)?,
                other => return Err(Error::UnknownAlgorithm { name: other.name().into(), kind: "crypto_pwhash" }),
            };
            put(out, &derived)
        }
        Op::PwhashStr => {
            let (password, opslimit, memlimit) = (b.req(0, "password")?, b.num(0, "opslimit")?, b.len(1, "memlimit")?);
            let string = match algorithm(alg)? {
                Algorithm::Argon2i => pwhash::crypto_pwhash_str_alg(password, opslimit, memlimit, pwhash::ALG_ARGON2I13)?,
                Algorithm::Argon2id => pwhash::crypto_pwhash_str_alg(password, opslimit, memlimit, pwhash::ALG_ARGON2ID13)?,
                Algorithm::Scrypt => pwhash::crypto_pwhash_scryptsalsa208sha256_str(password, opslimit, memlimit)?,
                other => return Err(Error::UnknownAlgorithm { name: other.name().into(), kind: "crypto_pwhash" }),
            };
            put(out, string.as_bytes())
        }
        Op::PwhashStrVerify => {
            let (password, string) = (b.req(0, "password")?, utf8(b.req(1, "hash")?, "hash")?);
            if string.starts_with(pwhash::scryptsalsa208sha256::STRPREFIX) {
                pwhash::crypto_pwhash_scryptsalsa208sha256_str_verify(string, password)?;
            } else {
                pwhash::crypto_pwhash_str_verify(string, password)?;
            }
            Ok(0)
        }
        Op::PwhashStrNeedsRehash => {
            let (string, opslimit, memlimit) = (utf8(b.req(0, "hash")?, "hash")?, b.num(0, "opslimit")?, b.len(1, "memlimit")?);
            let needs = if string.starts_with(pwhash::scryptsalsa208sha256::STRPREFIX) {
                pwhash::crypto_pwhash_scryptsalsa208sha256_str_needs_rehash(string, opslimit, memlimit)?
            } else {
                pwhash::crypto_pwhash_str_needs_rehash(string, opslimit, memlimit)?
            };
            put_bool(out, needs)
        }
        Op::SodiumIncrement => {
            let n = b.req(0, "n")?;
            let dst = exactly(out, n.len())?;
            dst.copy_from_slice(n);
            utils::sodium_increment(dst);
            Ok(n.len())
        }
        Op::SodiumAdd | Op::SodiumSub => {
            let (a, other) = (b.req(0, "a")?, b.req(1, "b")?);
            let dst = exactly(out, a.len())?;
            dst.copy_from_slice(a);
            if op == Op::SodiumAdd {
                utils::sodium_add(dst, other)?;
            } else {
                utils::sodium_sub(dst, other)?;
            }
            Ok(a.len())
        }
        Op::SodiumCompare => put(out, &[(utils::sodium_compare(b.req(0, "a")?, b.req(1, "b")?)? + 1) as u8]),
        Op::SodiumIsZero => put_bool(out, utils::sodium_is_zero(b.req(0, "n")?)),
        Op::SodiumPad => {
            let (data, block) = (b.req(0, "data")?, b.len(0, "block size")?);
            if block > 0 {
                // libsodium pads to the next multiple of the block size above
                // |data|. Checked against `out` before sodium_pad builds it: a
                // huge block size would fill gigabytes first.
                let padded = (data.len() / block).checked_add(1).and_then(|k| k.checked_mul(block));
                exactly(out, padded.unwrap_or(usize::MAX))?;
            }
            put(out, &utils::sodium_pad(data, block)?)
        }
        Op::SodiumUnpad => {
            let padded = b.req(0, "padded")?;
            let n = utils::sodium_unpad(padded, b.len(0, "block size")?)?;
            put(out, &padded[..n])
        }
        Op::RandomBytesDeterministic => {
            let n = b.len(0, "length")?;
            exactly(out, n)?;
            put_wiped(out, utils::randombytes_buf_deterministic(n, b.req(0, "seed")?)?)
        }
        // call_full() handles every operation below 105 itself.
        other => Err(Error::UnknownAlgorithm { name: saline::error::numbered("operation #", other as u64), kind: "operation" }),
    }
}

/// Seals with XSalsa20-Poly1305 (`tag ‖ ciphertext`) straight into `out`.
fn aead_seal_into(key: &[u8], nonce: &[u8], message: &[u8], out: &mut [u8]) -> Result<usize> {
    let args = Args { bytes: &[Some(key), Some(nonce), None, Some(message)], nums: &[] };
    call(Op::AeadSeal as u32, u32::from(Algorithm::XSalsa20Poly1305.info().id), &args, out)
}

fn aead_open_into(key: &[u8], nonce: &[u8], boxed: &[u8], out: &mut [u8]) -> Result<usize> {
    let args = Args { bytes: &[Some(key), Some(nonce), None, Some(boxed)], nums: &[] };
    call(Op::AeadOpen as u32, u32::from(Algorithm::XSalsa20Poly1305.info().id), &args, out)
}

/// An AEAD keyed once, for bindings' objects that encrypt many messages
/// under one key (pyca's `AESGCM(key).encrypt(...)`): the key schedule is
/// built at construction, where [`Op::AeadSeal`] builds it per call, and is
/// wiped on drop. Same layouts and errors as [`Op::AeadSeal`] and
/// [`Op::AeadOpen`], which run through it.
pub struct KeyedAead(aead::Aead);

impl KeyedAead {
    /// Keys the catalog AEAD `alg` with `key`.
    ///
    /// # Errors
    /// As [`aead::Aead::new`].
    pub fn new(alg: u32, key: &[u8]) -> Result<KeyedAead> {
        Ok(KeyedAead(aead::Aead::new(algorithm(alg)?, key)?))
    }

    /// Writes the combined layout of `plaintext` (ciphertext ‖ tag, or tag ‖
    /// ciphertext for the NaCl secretbox) into the front of `out`
    /// (`plaintext.len()` + the tag length: 16, or 32 for AEGIS) and returns its length.
    ///
    /// # Errors
    /// As [`aead::Aead::seal_in_place_detached`]; [`Error::InvalidLength`]
    /// naming "output" when `out` is too short.
    pub fn seal_into(&self, nonce: &[u8], aad: Option<&[u8]>, plaintext: &[u8], out: &mut [u8]) -> Result<usize> {
        let total = plaintext.len() + self.0.tag_len();
        let dst = exactly(out, total)?;
        let (ct_range, tag_range) = self.0.layout(total);
        // Sealed from `plaintext` into `dst` where the backend reads one
        // buffer and writes another, else copied there first and sealed in
        // place (`Aead::seal_detached_into` says which).
        let tag = self.0.seal_detached_into(nonce, aad.unwrap_or(&[]), plaintext, &mut dst[ct_range])?;
        dst[tag_range].copy_from_slice(&tag);
        Ok(total)
    }

    /// Checks and decrypts the combined layout `sealed` into the front of
    /// `out` (`sealed.len()` − the tag length) and returns the plaintext length;
    /// on a wrong tag the output is zeroed.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] naming "ciphertext" when `sealed` is shorter
    /// than the tag; [`Error::VerificationFailed`]; as
    /// [`KeyedAead::seal_into`] otherwise.
    pub fn open_into(&self, nonce: &[u8], aad: Option<&[u8]>, sealed: &[u8], out: &mut [u8]) -> Result<usize> {
        let tag_len = self.0.tag_len();
        Error::check_length("ciphertext", Expected::AtLeast(tag_len), sealed.len())?;
        let n = sealed.len() - tag_len;
        let (ct_range, tag_range) = self.0.layout(sealed.len());
        let dst = exactly(out, n)?;
        // Zeroes `dst` on failure.
        self.0.open_detached_into(nonce, aad.unwrap_or(&[]), &sealed[ct_range], &sealed[tag_range], dst)?;
        Ok(n)
    }
}

/// A streaming hash or MAC, for bindings' `create()` objects.
#[derive(Clone, Debug)]
pub enum Stream {
    /// A hash or XOF.
    Hash(Hasher),
    /// A MAC. Boxed: a MAC state (832 bytes, HMAC-SHA-512's two hash
    /// states) would otherwise set the size of every stream, which one-shot
    /// hashes build and move (measured in the Python binding: the moves
    /// were 30% of `sha256(32 bytes)`'s construction; docs/DESIGN.md,
    /// "Python: per-call cost"). Absent without the `full` feature.
    #[cfg(feature = "full")]
    Mac(alloc::boxed::Box<Mac>),
}

impl Stream {
    /// A stream for `alg`: a hash (bytes: [key?, salt?, personal?, context?],
    /// nums: [out_len]) or a MAC (bytes: [key]).
    ///
    /// # Errors
    /// As [`Hasher::with_options`] and [`Mac::new`]; built without `full`,
    /// [`Error::UnknownAlgorithm`] for a MAC (as for any algorithm left out).
    pub fn new(alg: u32, args: &Args<'_>) -> Result<Stream> {
        let algorithm = algorithm(alg)?;
        #[cfg(feature = "full")]
        if algorithm.info().kind == saline::Kind::Mac {
            return Ok(Stream::Mac(alloc::boxed::Box::new(Mac::new(algorithm, args.req(0, "key")?)?)));
        }
        let out_len = if args.nums.is_empty() { None } else { Some(args.len(0, "output length")?) };
        Ok(Stream::Hash(Hasher::with_options(algorithm, &hash_options(args, 0, out_len))?))
    }

    /// Absorbs `data`.
    pub fn update(&mut self, data: &[u8]) {
        match self {
            Stream::Hash(h) => h.update(data),
            #[cfg(feature = "full")]
            Stream::Mac(m) => m.update(data),
        }
    }

    /// The output length in bytes.
    pub fn output_len(&self) -> usize {
        match self {
            Stream::Hash(h) => h.output_len(),
            #[cfg(feature = "full")]
            Stream::Mac(m) => m.tag_len(),
        }
    }

    /// Writes the digest or tag into the front of `out` and resets.
    ///
    /// # Errors
    /// [`Error::InvalidLength`] when `out` is shorter than [`Stream::output_len`].
    pub fn digest_into(&mut self, out: &mut [u8]) -> Result<usize> {
        let n = self.output_len();
        let dst = exactly(out, n)?;
        match self {
            Stream::Hash(h) => h.finalize_into_reset(dst)?,
            #[cfg(feature = "full")]
            Stream::Mac(m) => m.finalize_into_reset(dst)?,
        }
        Ok(n)
    }

    /// Restarts with the same key and options.
    pub fn reset(&mut self) {
        match self {
            Stream::Hash(h) => h.reset(),
            #[cfg(feature = "full")]
            Stream::Mac(m) => m.reset(),
        }
    }
}

/// A length or numeric parameter out of range.
pub const ERROR_RANGE: u32 = 1;
/// A malformed encoding.
pub const ERROR_VALUE: u32 = 2;
/// A tag or signature did not verify.
pub const ERROR_VERIFICATION: u32 = 3;
/// The system failed: the random source, or memory for an output.
pub const ERROR_SYSTEM: u32 = 4;
/// An unknown algorithm name or id, or an option the algorithm does not
/// take. Before it had its own code these were `ERROR_VALUE`, and the JS API
/// told them apart by parsing the message (issue 15).
pub const ERROR_UNSUPPORTED: u32 = 5;

/// The error classes as `(name, code, meaning)`, for bindings that generate
/// their constant tables (js/src/backend/generated.ts).
pub const ERROR_CLASSES: &[(&str, u32, &str)] = &[
    ("Range", ERROR_RANGE, "A length or numeric parameter out of range: the API throws RangeError."),
    ("Value", ERROR_VALUE, "A malformed encoding: Error."),
    ("Verification", ERROR_VERIFICATION, "A tag or signature did not verify: Error(\"... verification failed\")."),
    ("System", ERROR_SYSTEM, "The system failed: the random source, or memory for an output."),
    ("Unsupported", ERROR_UNSUPPORTED, "An unknown algorithm name or id, or an option the algorithm does not take: TypeError."),
];

/// Error codes for bindings that pass a number across the boundary: one of
/// the `ERROR_*` classes above.
pub fn error_code(error: &Error) -> u32 {
    match error.kind() {
        saline::ErrorKind::Range => ERROR_RANGE,
        saline::ErrorKind::Value => ERROR_VALUE,
        saline::ErrorKind::Verification => ERROR_VERIFICATION,
        saline::ErrorKind::System => ERROR_SYSTEM,
        saline::ErrorKind::Unsupported => ERROR_UNSUPPORTED,
    }
}

/// The catalog as JSON (the `CatalogEntry[]` of js/src/backend/types.ts), so
/// that bindings read sizes and names from Rust instead of repeating them.
/// Only the entries this build contains ([`saline::Algorithm::built_in`]).
#[cfg(feature = "full")]
pub fn catalog_json() -> alloc::string::String {
    catalog_json_of(&|_| true)
}

/// The catalog as JSON: without `full`, the SHA-2 hashes
/// ([`saline::catalog::SHA2_ONLY`]) with their ids of the full catalog,
/// from `sha2_catalog.json`, which tests/js_tables.rs generates with
/// [`catalog_json_for`] and checks. Read from the file rather than built:
/// the code that builds it was 1 KB of the SHA-2 WebAssembly module's
/// 17 KB (gzipped).
#[cfg(not(feature = "full"))]
pub fn catalog_json() -> alloc::string::String {
    alloc::string::String::from(include_str!("sha2_catalog.json").trim_end())
}

/// The catalog JSON of `algorithms` only, in catalog order (the SHA-2
/// module's `sha2_catalog.json`, from [`saline::catalog::SHA2_ONLY`]).
pub fn catalog_json_for(algorithms: &[Algorithm]) -> alloc::string::String {
    catalog_json_of(&|info| algorithms.contains(&info.algorithm))
}

fn catalog_json_of(keep: &dyn Fn(&saline::AlgorithmInfo) -> bool) -> alloc::string::String {
    use alloc::string::String;
    use core::fmt::Write;
    fn rule(out: &mut String, rule: Option<Expected>) {
        let _ = match rule {
            None => write!(out, "null"),
            Some(Expected::Exactly(n)) => write!(out, "{{\"exactly\":{n}}}"),
            Some(Expected::Range(lo, hi)) if hi == usize::MAX => write!(out, "{{\"min\":{lo},\"max\":null}}"),
            Some(Expected::Range(lo, hi)) => write!(out, "{{\"min\":{lo},\"max\":{hi}}}"),
            Some(Expected::AtLeast(n)) => write!(out, "{{\"min\":{n},\"max\":null}}"),
            Some(Expected::MultipleOf(n)) => write!(out, "{{\"multipleOf\":{n}}}"),
            Some(Expected::OneOf(list)) => {
                let _ = write!(out, "{{\"oneOf\":[");
                for (i, n) in list.iter().enumerate() {
                    let _ = write!(out, "{}{n}", if i > 0 { "," } else { "" });
                }
                write!(out, "]}}")
            }
        };
    }
    let mut out = String::from("[");
    // ALGORITHMS holds only what the build contains (all of it with `full`).
    for (i, info) in saline::ALGORITHMS.iter().filter(|info| keep(info)).enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{{\"id\":{},\"name\":\"{}\",\"aliases\":[", info.id, info.name);
        for (j, alias) in info.aliases.iter().enumerate() {
            let _ = write!(out, "{}\"{alias}\"", if j > 0 { "," } else { "" });
        }
        let _ = write!(out, "],\"kind\":\"{}\",\"key\":", info.kind.name());
        rule(&mut out, info.key);
        out.push_str(",\"nonce\":");
        rule(&mut out, info.nonce);
        let max = if info.max_output_len == usize::MAX { String::from("null") } else { alloc::format!("{}", info.max_output_len) };
        let position = match info.tag_position {
            saline::catalog::TagPosition::Prefix => "prefix",
            saline::catalog::TagPosition::Suffix => "suffix",
        };
        let _ = write!(
            out,
            ",\"tagLength\":{},\"outputLength\":{},\"maxOutputLength\":{max},\"blockLength\":{},\"tagPosition\":\"{position}\",\"constants\":{{",
            info.tag_len, info.output_len, info.block_len
        );
        for (j, (name, value)) in info.constants.iter().enumerate() {
            let _ = write!(out, "{}\"{name}\":{value}", if j > 0 { "," } else { "" });
        }
        out.push_str("},\"operations\":[");
        // Without `full`, no entry has operations: OPERATIONS (names and
        // libsodium function names, about 3 KB) stays out of the module.
        #[cfg(feature = "full")]
        for (j, row) in OPERATIONS.iter().filter(|row| row.algorithm == info.algorithm).enumerate() {
            let _ = write!(out, "{}{{\"name\":\"{}\",\"function\":\"{}\",\"op\":{},\"nums\":[", if j > 0 { "," } else { "" }, row.name, row.function, row.op as u32);
            // The clamp flags 0 and 1, integers: printed as such, the same
            // digits as f64's `Display`, whose code (float formatting, about
            // 14 KB of WebAssembly) nothing else needs.
            for (k, &n) in row.nums.iter().enumerate() {
                let _ = write!(out, "{}{}", if k > 0 { "," } else { "" }, n as i64);
            }
            out.push_str("]}");
        }
        out.push_str("]}");
    }
    out.push(']');
    out
}

/// The backend registry's selection as JSON (`saline::backends()`), for
/// bindings to show: `[{"primitive":"poly1305","selected":"libsodium",
/// "available":["libsodium","rustcrypto"],"forced":false}, ...]`. Names are
/// fixed ASCII identifiers, so no escaping is needed.
pub fn backends_json() -> alloc::string::String {
    use core::fmt::Write;
    let mut out = alloc::string::String::from("[");
    for (i, b) in saline::backends().iter().enumerate() {
        let _ = write!(out, "{}{{\"primitive\":\"{}\",\"selected\":\"{}\",\"available\":[", if i > 0 { "," } else { "" }, b.primitive, b.selected);
        for (j, name) in b.available.iter().enumerate() {
            let _ = write!(out, "{}\"{name}\"", if j > 0 { "," } else { "" });
        }
        let _ = write!(out, "],\"forced\":{}}}", b.forced);
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `catalog_json` prints the operations' numbers as integers.
    #[test]
    fn operation_numbers_are_integers() {
        for row in OPERATIONS {
            for &n in row.nums {
                assert_eq!(n as i64 as f64, n, "{}", row.function);
            }
        }
    }

    /// The SHA-2 module (`cargo test -p saline-ops --no-default-features --lib`):
    /// SHA-2 one-shot and streaming, and a clean refusal of everything else.
    #[cfg(not(feature = "full"))]
    mod sha2_only {
        use super::*;
        use alloc::string::ToString;

        fn id(algorithm: Algorithm) -> u32 {
            u32::from(algorithm.id())
        }

        const NONE: Args<'static> = Args { bytes: &[], nums: &[] };

        #[test]
        fn hashes_sha2() {
            let mut out = [0u8; 32];
            let args = Args { bytes: &[Some(b"abc")], nums: &[32.0] };
            assert_eq!(call(Op::Hash as u32, id(Algorithm::Sha256), &args, &mut out), Ok(32));
            assert_eq!(out[..4], [0xba, 0x78, 0x16, 0xbf]);
            for (algorithm, first) in [(Algorithm::Sha224, 0x23), (Algorithm::Sha384, 0xcb), (Algorithm::Sha512, 0xdd), (Algorithm::Sha512_256, 0x53)] {
                let mut stream = Stream::new(id(algorithm), &NONE).unwrap();
                stream.update(b"a");
                stream.clone().update(b"ignored");
                stream.update(b"bc");
                let mut out = [0u8; 64];
                let n = stream.digest_into(&mut out).unwrap();
                assert_eq!((n, out[0]), (algorithm.info().output_len, first), "{}", algorithm.name());
            }
        }

        #[test]
        fn refuses_everything_else() {
            let key = [7u8; 32];
            let mac = Args { bytes: &[Some(&key), Some(b"abc")], nums: &[] };
            let e = call(Op::Mac as u32, id(Algorithm::HmacSha256), &mac, &mut [0u8; 32]).unwrap_err();
            assert_eq!(error_code(&e), ERROR_UNSUPPORTED);
            assert_eq!(
                e.to_string(),
                "unknown operation algorithm: \"operation #2 (not in this build, which has SHA-2 hashing only)\" (see saline::catalog::ALGORITHMS)"
            );
            // An unknown code reads as it does in the full build.
            let e = call(999, 0, &NONE, &mut []).unwrap_err();
            assert_eq!(e.to_string(), "unknown operation algorithm: \"operation #999\" (see saline::catalog::ALGORITHMS)");

            let data = Args { bytes: &[Some(b"abc")], nums: &[20.0] };
            let e = call(Op::Hash as u32, id(Algorithm::Sha1), &data, &mut [0u8; 20]).unwrap_err();
            assert_eq!(error_code(&e), ERROR_UNSUPPORTED);
            assert_eq!(e.to_string(), "unknown any algorithm: \"#1 (not in this build, which has SHA-2 hashing only)\" (see saline::catalog::ALGORITHMS)");
            for algorithm in [Algorithm::HmacSha256, Algorithm::Blake2b, Algorithm::Blake3, Algorithm::Shake128] {
                let e = Stream::new(id(algorithm), &Args { bytes: &[Some(&key)], nums: &[] }).unwrap_err();
                assert_eq!(error_code(&e), ERROR_UNSUPPORTED, "{}", algorithm.name());
            }
            // The core refuses them too, before any option or length check.
            let e = saline::hash::hash_into(Algorithm::Sha3_256, &HashOptions::default(), b"abc", &mut [0u8; 1]).unwrap_err();
            assert_eq!(e.to_string(), "unknown hash algorithm: \"#8 (not in this build, which has SHA-2 hashing only)\" (see saline::catalog::ALGORITHMS)");
            assert_eq!(error_code(&Hasher::new(Algorithm::Md5).unwrap_err()), ERROR_UNSUPPORTED);
            assert_eq!(error_code(&Hasher::new(Algorithm::Blake2b).unwrap_err()), ERROR_UNSUPPORTED);
        }

        #[test]
        fn catalog_lists_sha2_only() {
            let json = catalog_json();
            // The committed file (tests/js_tables.rs checks it against the
            // full build's table) is what this build's own table gives.
            assert_eq!(json, catalog_json_for(saline::catalog::SHA2_ONLY));
            assert_eq!(json.matches("\"id\":").count(), 5, "{json}");
            for name in ["sha224", "sha256", "sha384", "sha512", "sha512-256"] {
                assert!(json.contains(&alloc::format!("\"name\":\"{name}\"")), "{name}");
            }
            assert!(!json.contains("\"sha1\""));
            // No registry but SHA-512's (native x86-64 Linux with std only).
            assert!(!backends_json().contains("poly1305"));
        }
    }
}
