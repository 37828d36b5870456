//! Authenticated encryption with associated data: AES-GCM (SP 800-38D,
//! 96-bit nonce), ChaCha20-Poly1305 (RFC 8439 §2.8), XChaCha20-Poly1305
//! (draft-irtf-cfrg-xchacha), XSalsa20-Poly1305 (NaCl secretbox) and the
//! original ChaCha20-Poly1305 with a 64-bit nonce (libsodium's
//! `crypto_aead_chacha20poly1305`), libsodium's XChaCha20 secretbox
//! (`crypto_secretbox_xchacha20poly1305`, `tag ‖ ciphertext`, no aad), and
//! AEGIS-128L/AEGIS-256 with libsodium's 32-byte tags.
//!
//! Combined layouts follow the catalog's [`TagPosition`]: `ciphertext ‖ tag`
//! for the RFC 5116 AEADs, `tag ‖ ciphertext` for XSalsa20-Poly1305
//! (libsodium's `crypto_secretbox_easy`). Opening checks the tag in constant
//! time before decrypting anything; a forgery gives
//! [`Error::VerificationFailed`] and no plaintext.
//!
//! ```
//! use saline::{aead::Aead, Algorithm};
//! let aead = Aead::new(Algorithm::AesGcm, &[0u8; 16])?;
//! let sealed = aead.seal(&[0u8; 12], b"", b"")?;
//! // NIST GCM test case 1: the tag of nothing under the zero key.
//! assert_eq!(sealed[..4], [0x58, 0xe2, 0xfc, 0xce]);
//! assert!(aead.open(&[1u8; 12], b"", &sealed).is_err());
//! # Ok::<(), saline::Error>(())
//! ```

pub(crate) mod aegis;
mod chacha20poly1305_legacy;
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
mod chacha20poly1305_openssl_asm;
mod xsalsa20poly1305;


use aes_gcm::aead::{AeadInPlace, KeyInit};
use alloc::vec::Vec;
use zeroize::{Zeroize, Zeroizing};

use crate::backend::{Backend, Registry};
use crate::catalog::{Algorithm, Kind, TagPosition};
use crate::cipher::fixed;
use crate::error::{Error, Expected, Result};

/// How an AEAD of the registry is keyed: RustCrypto's types, or ring's.
#[cfg_attr(not(feature = "full"), allow(dead_code))] // without std, only `backends()` reads it (with `full`)
#[derive(Clone, Copy)]
pub(crate) enum AeadBackend {
    RustCrypto,
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    Ring,
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    Libsodium,
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    AwsLc,
    /// AES-GCM: ring for AES-128 and AES-256, AWS-LC for AES-192 (which
    /// ring lacks); chosen only where ring's VAES code outruns AWS-LC's.
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    RingThenAwsLc,
    /// AES-GCM: libsodium for one-shot AES-256-GCM calls ([`seal`],
    /// [`open`], [`seal_into`], [`open_into`]) of up to
    /// [`LIBSODIUM_SHORT_AES256GCM`] bytes, AWS-LC for
    /// everything else (keyed [`Aead`]s, the other key sizes, longer
    /// messages): chosen only where AWS-LC keys its AVX-512 code.
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    LibsodiumThenAwsLc,
    /// OpenSSL's ChaCha20 and Poly1305 assembly, composed here (x86-64 Linux).
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    OpensslAsm,
    /// ring up to [`ring_short_message`] bytes, OpenSSL's assembly above
    /// (XChaCha20-Poly1305 through HChaCha20's subkey on both).
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    RingThenOpensslAsm,
}

/// ChaCha20-Poly1305. On x86-64 Linux `ring+openssl-asm` first: ring
/// (BoringSSL's stitched ChaCha20-Poly1305 assembly) for messages up to
/// [`ring_short_message`] bytes (it depends on the core), `openssl-asm`
/// (OpenSSL's ChaCha20 and Poly1305, aead/chacha20poly1305_openssl_asm.rs)
/// above. Seal, keyed, on
/// AMD Zen 5 with OpenSSL's AVX-512 paths (ring / openssl-asm): 187 / 226 ns
/// at 32 B, 252 / 282 at 320 B, 293 / 281 at 384 B, 512 / 436 at 1 KiB,
/// 3.0 / 1.8 µs at 8 KiB, 366 / 200 µs at 1 MiB; with its AVX2 paths
/// (`SALINE_OPENSSL_ASM_CPU=avx2`) openssl-asm is the slower, 720 against
/// 580 ns at 1 KiB (docs/DEPENDENCIES.md). Elsewhere ring first;
/// libsodium, then RustCrypto's portable build after.
#[cfg_attr(not(feature = "full"), allow(dead_code))] // without std, only `backends()` reads it (with `full`)
pub(crate) static CHACHA20POLY1305_BACKENDS: Registry<AeadBackend> = Registry::new(
    "chacha20poly1305",
    &[
        #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
        Backend::portable("ring+openssl-asm", AeadBackend::RingThenOpensslAsm),
        #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
        Backend::portable("openssl-asm", AeadBackend::OpensslAsm),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("ring", AeadBackend::Ring),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend { name: "libsodium", usable: crate::backend::libsodium::usable, entry: AeadBackend::Libsodium },
        Backend::portable("rustcrypto", AeadBackend::RustCrypto),
    ],
);

/// Whether OpenSSL's ChaCha20 and Poly1305 run their AVX-512 code here,
/// which is what makes `openssl-asm` the faster on longer messages.
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
fn openssl_asm_avx512() -> bool {
    saline_openssl_asm::cpu_path().starts_with("avx512")
}

/// The longest ChaCha20-Poly1305 message the `ring+openssl-asm` backend
/// hands to ring, below the crossover measured on each core (ring's stitched
/// code makes block 0 with the message's blocks; OpenSSL's unstitched
/// kernels pay ~130 ns for any call of up to 4 blocks): with OpenSSL's
/// AVX-512 code, 320 bytes on AMD Zen 5 (above) and 512 elsewhere: an Intel
/// Xeon, family 6 model 207 (one-shot seal, best of 15 rounds in one
/// process, two runs, ring / openssl-asm: 256 B 427-456 / 547-588 ns,
/// 512 B 605-630 / 607-657, 1 KiB 899-956 / 809-877, 1,792 B 1,354-1,484 /
/// 1,165-1,239, 4 KiB 2,688-2,881 / 1,959-2,106) and AMD Zen 4, family 19h
/// model 11h (the same, one run: 320 B 345 / 436, 384 B 408 / 437, 512 B
/// 435 / 447, 768 B 556 / 487, 1 KiB 645 / 589). It was 1,792 there until
/// `openssl-asm` stopped ending Poly1305 on an update of 1 to 3 blocks,
/// which OpenSSL's IFMA code takes a slower path for
/// (`chacha20poly1305_openssl_asm::held_back`: its 1 KiB seal 1,067-1,200
/// -> 809-877 ns); every message without OpenSSL's AVX-512 code.
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
fn ring_short_message() -> usize {
    if !openssl_asm_avx512() {
        usize::MAX
    } else if crate::backend::cpu::amd_zen5_or_later() {
        320
    } else {
        512
    }
}

/// Runs `f` with the `ring+openssl-asm` backend's ring key and ring's
/// 96-bit nonce for one message. ChaCha20-Poly1305 (a 12-byte nonce): the
/// key itself, made into ring's on first use and kept. XChaCha20-Poly1305
/// (24 bytes), which ring lacks: ring's ChaCha20-Poly1305 under HChaCha20's
/// subkey and the nonce 0^4 ‖ nonce[16..24] (draft-irtf-cfrg-xchacha
/// §2.3), a ring key made for this message and wiped with the subkey.
#[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
fn with_ring_key<R>(
    ring: &std::sync::OnceLock<crate::backend::ring::AeadKey>,
    asm: &chacha20poly1305_openssl_asm::Key,
    nonce: &[u8],
    f: impl FnOnce(&crate::backend::ring::AeadKey, &[u8; 12]) -> R,
) -> R {
    const RING_TAKES: &str = "ring takes 32-byte ChaCha20-Poly1305 keys";
    if let Ok(nonce) = <&[u8; 12]>::try_from(nonce) {
        return f(ring.get_or_init(|| crate::backend::ring::AeadKey::new(asm.bytes(), true).expect(RING_TAKES)), nonce);
    }
    let (subkey, nonce) = asm.message_key(nonce);
    f(&crate::backend::ring::AeadKey::new(&subkey[..], true).expect(RING_TAKES), &nonce)
}

/// XChaCha20-Poly1305: on x86-64 Linux `ring+openssl-asm` first, the
/// ChaCha20-Poly1305 backend of that name under HChaCha20's subkey (ring
/// up to [`ring_short_message`] bytes, OpenSSL's assembly above). It
/// replaced libsodium's, which on AMD Zen 3 (AVX2, no AVX-512) measured
/// 1,377 ns a keyed seal of 1 KiB against ring's 768 (Rust), and from Go
/// 1.5-1.8 µs against x/crypto's 0.85-0.95 (docs/DEPENDENCIES.md); on Zen 5
/// with AVX-512 openssl-asm already took 1 KiB (505 ns against libsodium's
/// 608) and ring takes 32 B (188 ns and HChaCha20 against 410). Then
/// openssl-asm alone, libsodium, RustCrypto.
#[cfg_attr(not(feature = "full"), allow(dead_code))] // without std, only `backends()` reads it (with `full`)
pub(crate) static XCHACHA20POLY1305_BACKENDS: Registry<AeadBackend> = Registry::new(
    "xchacha20poly1305",
    &[
        #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
        Backend::portable("ring+openssl-asm", AeadBackend::RingThenOpensslAsm),
        #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
        Backend::portable("openssl-asm", AeadBackend::OpensslAsm),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend { name: "libsodium", usable: crate::backend::libsodium::usable, entry: AeadBackend::Libsodium },
        Backend::portable("rustcrypto", AeadBackend::RustCrypto),
    ],
);

/// AES-GCM: on x86-64 CPUs with VAES and AVX2 but without the AVX-512 set
/// AWS-LC's VAES code needs (AMD Zen 3), `ring+aws-lc` first: there AWS-LC
/// falls back to 128-bit AES-NI while ring runs its VAES/AVX2 code (seal,
/// keyed, AES-256-GCM of 1 KiB on Zen 3: ring 267 ns, AWS-LC 473,
/// libsodium 350), and AES-192, which ring lacks, stays on AWS-LC. On Intel
/// CPUs where AWS-LC runs that AVX-512 code, `libsodium+aws-lc` first (see
/// [`LIBSODIUM_SHORT_AES256GCM`]). Then AWS-LC (all three key sizes; with
/// AVX-512, AES-256-GCM of 1 KiB 124 ns against ring's 145, AES-192-GCM
/// 120 ns against RustCrypto's ~870: docs/DEPENDENCIES.md), then ring (no AES-192: with ring forced that key
/// size uses RustCrypto's `aes-gcm`), then RustCrypto.
#[cfg_attr(not(feature = "full"), allow(dead_code))] // without std, only `backends()` reads it (with `full`)
pub(crate) static AES_GCM_BACKENDS: Registry<AeadBackend> = Registry::new(
    "aes-gcm",
    &[
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        Backend { name: "ring+aws-lc", usable: ring_vaes_outruns_aws_lc, entry: AeadBackend::RingThenAwsLc },
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        Backend { name: "libsodium+aws-lc", usable: libsodium_one_shot_outruns_aws_lc, entry: AeadBackend::LibsodiumThenAwsLc },
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("aws-lc", AeadBackend::AwsLc),
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend::portable("ring", AeadBackend::Ring),
        Backend::portable("rustcrypto", AeadBackend::RustCrypto),
    ],
);

/// Whether ring's AES-GCM takes its VAES/AVX2 code on this CPU while
/// AWS-LC's lacks the AVX-512 its own VAES code needs: `ring+aws-lc`'s rule.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
fn ring_vaes_outruns_aws_lc() -> bool {
    crate::backend::ring::aes_gcm_vaes_avx2() && !crate::backend::awslc::aes_gcm_avx512()
}

/// The longest AES-256-GCM message that the one-shot calls ([`seal`],
/// [`open`], [`seal_into`], [`open_into`]) hand to libsodium under
/// `libsodium+aws-lc`. A one-shot call keys and
/// wipes a context for one message: AWS-LC's AVX-512 key setup (the AES
/// schedule and sixteen powers of the hash key) took 233-243 ns on an Intel
/// Xeon (family 6 model 207) against 137-142 for libsodium's, whose sealing
/// is the slower per byte (keyed, 1 KiB: 289 against 389 ns). One-shot
/// calls through this function, `SALINE_FORCE`d in turn, best of 21 rounds
/// in one process, AWS-LC / libsodium, seal: 32 B 297 / 154 ns, 512 B
/// 577 / 340, 896 B 612 / 517, 1 KiB 440 / 430 and 683 / 647 (two runs),
/// 1,152 B 629-635 / 607-629, 1,280 B 455 / 505; open: 32 B 271 / 147,
/// 1 KiB 431 / 392, 1,152 B 615-627 / 590-613, 1,280 B 448 / 481.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
const LIBSODIUM_SHORT_AES256GCM: usize = 1152;

/// `libsodium+aws-lc`'s rule: a CPU on which AWS-LC runs its AVX-512
/// AES-GCM (whose key setup is the cost above) and libsodium its AES-NI
/// code, other than AMD Zen 5 or later: measured on Intel (above) and AMD
/// Zen 4 (family 19h model 11h, the same one-shot calls in one process,
/// best of 21 rounds, aws-lc / libsodium+aws-lc with the bound lifted, seal:
/// 32 B 286 / 129 ns, 512 B 357 / 251, 1 KiB 399-413 / 351-354, 1,152 B
/// 417-429 / 401-403, 1,280 B 419 / 427, 2 KiB 480 / 612; open: 32 B 275 /
/// 130, 1 KiB 408-411 / 342-343, 1,280 B 431 / 408, 1,536 B 487 / 470,
/// 1,792 B 485 / 520), so the same bound serves both. Not measured on Zen 5:
/// there AWS-LC alone stays first.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
fn libsodium_one_shot_outruns_aws_lc() -> bool {
    !crate::backend::cpu::amd_zen5_or_later() && crate::backend::awslc::aes_gcm_avx512() && crate::backend::libsodium::aes256gcm_usable()
}

/// The AES-256 key when a one-shot call of `len` bytes goes to libsodium
/// (`libsodium+aws-lc` selected, a 32-byte AES-GCM key, a short message).
#[cfg(all(feature = "std", target_arch = "x86_64"))]
fn libsodium_one_shot_key(algorithm: Algorithm, key: &[u8], len: usize) -> Option<&[u8; 32]> {
    if algorithm != Algorithm::AesGcm || len > LIBSODIUM_SHORT_AES256GCM {
        return None;
    }
    let key = <&[u8; 32]>::try_from(key).ok()?;
    matches!(AES_GCM_BACKENDS.get(), AeadBackend::LibsodiumThenAwsLc).then_some(key)
}

/// XSalsa20-Poly1305 in place: `seal(key, nonce, buf) -> tag` and
/// `open(key, nonce, buf, tag) -> valid`, the latter checking before decrypting.
#[derive(Clone, Copy)]
pub(crate) struct XSalsa20Poly1305Fns {
    pub(crate) seal: SealFn,
    pub(crate) open: OpenFn,
    /// `seal_into(key, nonce, plaintext, out) -> tag`: `seal` from
    /// `plaintext` into `out` (as long), without copying the message there
    /// first where the backend can read one buffer and write another.
    pub(crate) seal_into: SealIntoFn,
    /// `open_into(key, nonce, ciphertext, out, tag) -> valid`: `open` from
    /// `ciphertext` into `out` (as long); on `false`, `out` holds no plaintext.
    pub(crate) open_into: OpenIntoFn,
}

/// `seal(key, nonce, buf) -> tag`.
type SealFn = fn(&[u8; 32], &[u8; 24], &mut [u8]) -> [u8; 16];
/// `open(key, nonce, buf, tag) -> valid`.
type OpenFn = fn(&[u8; 32], &[u8; 24], &mut [u8], &[u8; 16]) -> bool;
/// `seal_into(key, nonce, plaintext, out) -> tag`.
type SealIntoFn = fn(&[u8; 32], &[u8; 24], &[u8], &mut [u8]) -> [u8; 16];
/// `open_into(key, nonce, ciphertext, out, tag) -> valid`.
type OpenIntoFn = fn(&[u8; 32], &[u8; 24], &[u8], &mut [u8], &[u8; 16]) -> bool;

/// secretbox, box, sealed box and the XSalsa20-Poly1305 AEAD. Native builds
/// put `composed` first (libsodium's algorithm over the `salsa20` and
/// `poly1305` registries, `xsalsa20poly1305::seal_composed`), then
/// libsodium's own (its AVX2 Salsa20 and SSE2 Poly1305); the RustCrypto
/// composition after.
pub(crate) static XSALSA20POLY1305_BACKENDS: Registry<XSalsa20Poly1305Fns> = Registry::new(
    "xsalsa20poly1305",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend {
            name: "composed",
            usable: crate::backend::libsodium::usable,
            entry: XSalsa20Poly1305Fns {
                seal: xsalsa20poly1305::seal_composed,
                open: xsalsa20poly1305::open_composed,
                seal_into: xsalsa20poly1305::seal_into_composed,
                open_into: xsalsa20poly1305::open_into_composed,
            },
        },
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend {
            name: "libsodium",
            usable: crate::backend::libsodium::usable,
            entry: XSalsa20Poly1305Fns {
                seal: crate::backend::libsodium::xsalsa20poly1305_seal,
                open: crate::backend::libsodium::xsalsa20poly1305_open,
                seal_into: crate::backend::libsodium::xsalsa20poly1305_seal_into,
                open_into: crate::backend::libsodium::xsalsa20poly1305_open_into,
            },
        },
        Backend::portable(
            "rustcrypto",
            XSalsa20Poly1305Fns {
                seal: xsalsa20poly1305::seal_in_place,
                open: xsalsa20poly1305::open_in_place,
                seal_into: xsalsa20poly1305::seal_into_by_copy,
                open_into: xsalsa20poly1305::open_into_by_copy,
            },
        ),
    ],
);

/// The selected XSalsa20-Poly1305 seal (see [`XSALSA20POLY1305_BACKENDS`]).
pub(crate) fn xsalsa20poly1305_seal(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8]) -> [u8; 16] {
    (XSALSA20POLY1305_BACKENDS.get().seal)(key, nonce, buf)
}

/// The selected XSalsa20-Poly1305 open: checks `tag` in constant time and
/// only then decrypts; on `false`, `buf` still holds the ciphertext.
pub(crate) fn xsalsa20poly1305_open(key: &[u8; 32], nonce: &[u8; 24], buf: &mut [u8], tag: &[u8; 16]) -> bool {
    (XSALSA20POLY1305_BACKENDS.get().open)(key, nonce, buf, tag)
}

/// The selected XSalsa20-Poly1305 seal from `plaintext` into `out` (as long).
pub(crate) fn xsalsa20poly1305_seal_into(key: &[u8; 32], nonce: &[u8; 24], plaintext: &[u8], out: &mut [u8]) -> [u8; 16] {
    (XSALSA20POLY1305_BACKENDS.get().seal_into)(key, nonce, plaintext, out)
}

/// The selected XSalsa20-Poly1305 open from `ciphertext` into `out` (as
/// long); on `false`, `out` holds no plaintext.
pub(crate) fn xsalsa20poly1305_open_into(key: &[u8; 32], nonce: &[u8; 24], ciphertext: &[u8], out: &mut [u8], tag: &[u8; 16]) -> bool {
    (XSALSA20POLY1305_BACKENDS.get().open_into)(key, nonce, ciphertext, out, tag)
}

/// The longest ChaCha20-Poly1305 plaintext: 2^32 blocks of 64 bytes minus
/// the block that keys Poly1305 (RFC 8439 §2.8).
#[cfg(all(feature = "std", not(target_arch = "wasm32")))]
const CHACHA20POLY1305_MAX_PLAINTEXT: u64 = (1 << 38) - 64;

/// The tag length of every AEAD in the catalog but AEGIS.
pub const TAG_LEN: usize = 16;

/// The longest tag: AEGIS's 32 bytes (libsodium's ABYTES).
pub const MAX_TAG_LEN: usize = aegis::TAG_LEN;

/// An AEAD tag: 16 bytes, or 32 for AEGIS ([`Aead::tag_len`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Tag {
    bytes: [u8; MAX_TAG_LEN],
    len: usize,
}

impl Tag {
    fn new(tag: &[u8]) -> Tag {
        let mut bytes = [0u8; MAX_TAG_LEN];
        bytes[..tag.len()].copy_from_slice(tag);
        Tag { bytes, len: tag.len() }
    }
}

impl core::ops::Deref for Tag {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl AsRef<[u8]> for Tag {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl core::fmt::Debug for Tag {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Tag").field(&&self[..]).finish()
    }
}

type Aes192Gcm = aes_gcm::AesGcm<aes::Aes192, aes_gcm::aead::consts::U12>;

enum Cipher {
    Aes128Gcm(aes_gcm::Aes128Gcm),
    Aes192Gcm(Aes192Gcm),
    Aes256Gcm(aes_gcm::Aes256Gcm),
    ChaCha20Poly1305(chacha20poly1305::ChaCha20Poly1305),
    XChaCha20Poly1305(chacha20poly1305::XChaCha20Poly1305),
    XSalsa20Poly1305(Zeroizing<[u8; 32]>),
    ChaCha20Poly1305Legacy(Zeroizing<[u8; 32]>),
    XChaCha20Poly1305Secretbox(Zeroizing<[u8; 32]>),
    /// AEGIS-128L (the first 16 key bytes) or AEGIS-256.
    Aegis(aegis::Variant, Zeroizing<[u8; 32]>),
    /// AES-128/256-GCM or ChaCha20-Poly1305 from ring (native builds).
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    Ring(crate::backend::ring::AeadKey),
    /// ChaCha20-Poly1305 or XChaCha20-Poly1305 from libsodium (native builds).
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    Libsodium(crate::backend::libsodium::ChaChaKey),
    #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
    AwsLc(crate::backend::awslc::AesGcmKey),
    /// ChaCha20-Poly1305 or XChaCha20-Poly1305 on OpenSSL's assembly (x86-64 Linux).
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    OpensslAsm(chacha20poly1305_openssl_asm::Key),
    /// ChaCha20-Poly1305 or XChaCha20-Poly1305 on ring up to
    /// [`ring_short_message`] bytes, on OpenSSL's assembly above (x86-64
    /// Linux). ChaCha20-Poly1305's ring key is made on the first short
    /// message: a one-shot seal of a long message then costs no ring key
    /// (made and wiped eagerly, the pair cost ~40 ns per one-shot call);
    /// XChaCha20-Poly1305's is made per message ([`with_ring_key`]).
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    RingThenOpensslAsm(std::sync::OnceLock<crate::backend::ring::AeadKey>, chacha20poly1305_openssl_asm::Key),
}

/// An AEAD keyed once and used for many messages (each with a fresh nonce).
/// The key schedule is wiped on drop.
pub struct Aead {
    algorithm: Algorithm,
    cipher: Cipher,
}

impl Aead {
    /// Keys `algorithm` with `key` (AES-GCM: 16, 24 or 32 bytes; the others: 32).
    ///
    /// # Errors
    /// [`Error::UnknownAlgorithm`] for a non-AEAD, [`Error::InvalidLength`]
    /// for a key of the wrong length.
    pub fn new(algorithm: Algorithm, key: &[u8]) -> Result<Aead> {
        let info = algorithm.expect_kind(&[Kind::Aead])?.info();
        Error::check_length("key", info.key.expect("AEADs take keys"), key.len())?;
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        {
            let registry = match algorithm {
                Algorithm::AesGcm => Some(&AES_GCM_BACKENDS),
                Algorithm::ChaCha20Poly1305 => Some(&CHACHA20POLY1305_BACKENDS),
                Algorithm::XChaCha20Poly1305 => Some(&XCHACHA20POLY1305_BACKENDS),
                _ => None,
            };
            match registry.map(|r| r.get()) {
                Some(AeadBackend::Ring) => {
                    let chacha = algorithm == Algorithm::ChaCha20Poly1305;
                    if let Some(key) = crate::backend::ring::AeadKey::new(key, chacha) {
                        return Ok(Aead { algorithm, cipher: Cipher::Ring(key) });
                    }
                }
                Some(AeadBackend::AwsLc) => {
                    if let Some(key) = crate::backend::awslc::AesGcmKey::new(key) {
                        return Ok(Aead { algorithm, cipher: Cipher::AwsLc(key) });
                    }
                }
                // A keyed AEAD serves many messages: AWS-LC's (see the variant).
                #[cfg(all(feature = "std", target_arch = "x86_64"))]
                Some(AeadBackend::LibsodiumThenAwsLc) => {
                    if let Some(key) = crate::backend::awslc::AesGcmKey::new(key) {
                        return Ok(Aead { algorithm, cipher: Cipher::AwsLc(key) });
                    }
                }
                #[cfg(all(feature = "std", target_arch = "x86_64"))]
                Some(AeadBackend::RingThenAwsLc) => {
                    if let Some(key) = crate::backend::ring::AeadKey::new(key, false) {
                        return Ok(Aead { algorithm, cipher: Cipher::Ring(key) });
                    }
                    if let Some(key) = crate::backend::awslc::AesGcmKey::new(key) {
                        return Ok(Aead { algorithm, cipher: Cipher::AwsLc(key) });
                    }
                }
                Some(AeadBackend::Libsodium) => {
                    let key = crate::backend::libsodium::ChaChaKey::new(fixed("key", key)?);
                    return Ok(Aead { algorithm, cipher: Cipher::Libsodium(key) });
                }
                #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
                Some(AeadBackend::OpensslAsm) => {
                    let key = chacha20poly1305_openssl_asm::Key::new(fixed("key", key)?);
                    return Ok(Aead { algorithm, cipher: Cipher::OpensslAsm(key) });
                }
                #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
                Some(AeadBackend::RingThenOpensslAsm) => {
                    let asm = chacha20poly1305_openssl_asm::Key::new(fixed("key", key)?);
                    return Ok(Aead { algorithm, cipher: Cipher::RingThenOpensslAsm(std::sync::OnceLock::new(), asm) });
                }
                _ => {}
            }
        }
        let cipher = match (algorithm, key.len()) {
            (Algorithm::AesGcm, 16) => Cipher::Aes128Gcm(KeyInit::new_from_slice(key).expect("checked")),
            (Algorithm::AesGcm, 24) => Cipher::Aes192Gcm(KeyInit::new_from_slice(key).expect("checked")),
            (Algorithm::AesGcm, _) => Cipher::Aes256Gcm(KeyInit::new_from_slice(key).expect("checked")),
            (Algorithm::ChaCha20Poly1305, _) => Cipher::ChaCha20Poly1305(KeyInit::new_from_slice(key).expect("checked")),
            (Algorithm::XChaCha20Poly1305, _) => Cipher::XChaCha20Poly1305(KeyInit::new_from_slice(key).expect("checked")),
            (Algorithm::XSalsa20Poly1305, _) => Cipher::XSalsa20Poly1305(Zeroizing::new(*fixed::<32>("key", key)?)),
            (Algorithm::ChaCha20Poly1305Legacy, _) => Cipher::ChaCha20Poly1305Legacy(Zeroizing::new(*fixed::<32>("key", key)?)),
            (Algorithm::XChaCha20Poly1305Secretbox, _) => Cipher::XChaCha20Poly1305Secretbox(Zeroizing::new(*fixed::<32>("key", key)?)),
            (Algorithm::Aegis128L | Algorithm::Aegis256, _) => {
                let variant = if algorithm == Algorithm::Aegis128L { aegis::Variant::Aegis128L } else { aegis::Variant::Aegis256 };
                let mut stored = Zeroizing::new([0u8; 32]);
                stored[..key.len()].copy_from_slice(key);
                Cipher::Aegis(variant, stored)
            }
            _ => unreachable!("expect_kind admitted only AEADs"),
        };
        Ok(Aead { algorithm, cipher })
    }

    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The tag length: [`TAG_LEN`] (16), or 32 for AEGIS.
    pub fn tag_len(&self) -> usize {
        self.algorithm.info().tag_len
    }

    /// The AEGIS key, as long as the variant's (16 or 32 bytes).
    fn aegis_key(variant: aegis::Variant, stored: &[u8; 32]) -> &[u8] {
        match variant {
            aegis::Variant::Aegis128L => &stored[..16],
            aegis::Variant::Aegis256 => &stored[..],
        }
    }

    fn check(&self, nonce: &[u8], aad: &[u8]) -> Result<()> {
        Error::check_length("nonce", self.algorithm.info().nonce.expect("AEADs take nonces"), nonce.len())?;
        if !aad.is_empty() && matches!(self.cipher, Cipher::XSalsa20Poly1305(_) | Cipher::XChaCha20Poly1305Secretbox(_)) {
            return Err(Error::UnsupportedOption { algorithm: self.algorithm.name(), option: "aad" });
        }
        Ok(())
    }

    /// Encrypts `buf` in place and returns the tag ([`Aead::tag_len`] bytes).
    ///
    /// # Errors
    /// [`Error::InvalidLength`] for a wrong nonce length;
    /// [`Error::UnsupportedOption`] for non-empty `aad` with the secretboxes
    /// (XSalsa20-Poly1305, XChaCha20-Poly1305-secretbox);
    /// [`Error::OutputLimit`] for a message longer than the algorithm allows
    /// (2^36 - 32 bytes for GCM, 2^38 - 64 for ChaCha20-Poly1305 and
    /// the 64-bit-nonce original; AEGIS's 2^61 - 1 is beyond any buffer).
    pub fn seal_in_place_detached(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Result<Tag> {
        self.check(nonce, aad)?;
        if let Cipher::Aegis(variant, key) = &self.cipher {
            return Ok(Tag::new(&aegis::seal(*variant, Self::aegis_key(*variant, key), nonce, aad, buf)));
        }
        let limit = |_| Error::OutputLimit { what: "plaintext" };
        let tag: [u8; TAG_LEN] = match &self.cipher {
            Cipher::Aes128Gcm(c) => c.encrypt_in_place_detached(nonce.into(), aad, buf).map_err(limit)?.into(),
            Cipher::Aes192Gcm(c) => c.encrypt_in_place_detached(nonce.into(), aad, buf).map_err(limit)?.into(),
            Cipher::Aes256Gcm(c) => c.encrypt_in_place_detached(nonce.into(), aad, buf).map_err(limit)?.into(),
            Cipher::ChaCha20Poly1305(c) => c.encrypt_in_place_detached(nonce.into(), aad, buf).map_err(limit)?.into(),
            Cipher::XChaCha20Poly1305(c) => c.encrypt_in_place_detached(nonce.into(), aad, buf).map_err(limit)?.into(),
            Cipher::XSalsa20Poly1305(key) => xsalsa20poly1305_seal(key, fixed("nonce", nonce)?, buf),
            Cipher::ChaCha20Poly1305Legacy(key) => {
                if buf.len() as u64 > chacha20poly1305_legacy::MAX_MESSAGE {
                    return Err(Error::OutputLimit { what: "plaintext" });
                }
                chacha20poly1305_legacy::seal_in_place(key, fixed("nonce", nonce)?, aad, buf)
            }
            Cipher::XChaCha20Poly1305Secretbox(key) => crate::sodium::secretbox::seal_in_place(key, fixed("nonce", nonce)?, buf)?,
            Cipher::Aegis(..) => unreachable!("AEGIS is sealed above"),
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Cipher::Ring(key) => key.seal(fixed("nonce", nonce)?, aad, buf).ok_or(Error::OutputLimit { what: "plaintext" })?,
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Cipher::AwsLc(key) => key.seal(fixed("nonce", nonce)?, aad, buf).ok_or(Error::OutputLimit { what: "plaintext" })?,
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Cipher::Libsodium(key) => {
                // RFC 8439 §2.8's limit (the 32-bit block counter), which
                // RustCrypto and ring enforce; libsodium's is the same
                // (crypto_aead_chacha20poly1305_ietf_MESSAGEBYTES_MAX).
                if buf.len() as u64 > CHACHA20POLY1305_MAX_PLAINTEXT {
                    return Err(Error::OutputLimit { what: "plaintext" });
                }
                key.seal(nonce, aad, buf)
            }
            #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
            Cipher::OpensslAsm(key) => key.seal(nonce, aad, buf).ok_or(Error::OutputLimit { what: "plaintext" })?,
            #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
            Cipher::RingThenOpensslAsm(ring, asm) => {
                let tag = if buf.len() <= ring_short_message() {
                    with_ring_key(ring, asm, nonce, |key, nonce| key.seal(nonce, aad, buf))
                } else {
                    asm.seal(nonce, aad, buf)
                };
                tag.ok_or(Error::OutputLimit { what: "plaintext" })?
            }
        };
        Ok(Tag::new(&tag))
    }

    /// Encrypts `plaintext` into `out`, which must be as long, and returns
    /// the tag; `plaintext` is left as it was. The same bytes as copying
    /// `plaintext` to `out` and [`Aead::seal_in_place_detached`], without
    /// the copy where the backend reads one buffer and writes another
    /// (AWS-LC's AES-GCM; the OpenSSL-assembly ChaCha20-Poly1305 above
    /// 960 bytes; XSalsa20-Poly1305 on libsodium and `composed`): for
    /// callers that seal into a fresh buffer, as the C ABI does for Go's
    /// `Seal(nil, ...)`. Elsewhere the copy goes through [`crate::copy`].
    ///
    /// # Errors
    /// As [`Aead::seal_in_place_detached`]; [`Error::InvalidLength`] when
    /// `out` is not as long as `plaintext`.
    pub fn seal_detached_into(&self, nonce: &[u8], aad: &[u8], plaintext: &[u8], out: &mut [u8]) -> Result<Tag> {
        Error::check_length("output", Expected::Exactly(plaintext.len()), out.len())?;
        self.check(nonce, aad)?;
        // The backends that read one buffer and write another: Some(their
        // result), None for the rest (and on WebAssembly, which has none).
        let sealed: Option<Option<[u8; TAG_LEN]>> = match &self.cipher {
            Cipher::XSalsa20Poly1305(key) => Some(Some(xsalsa20poly1305_seal_into(key, fixed("nonce", nonce)?, plaintext, out))),
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Cipher::AwsLc(key) => Some(key.seal_into(fixed("nonce", nonce)?, aad, plaintext, out)),
            #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
            _ => self.long_message_openssl_asm(plaintext.len()).map(|asm| asm.seal_into(nonce, aad, plaintext, out)),
            #[cfg(not(all(feature = "std", target_arch = "x86_64", target_os = "linux")))]
            _ => None,
        };
        let tag = match sealed {
            Some(tag) => tag.ok_or(Error::OutputLimit { what: "plaintext" })?,
            None => {
                crate::copy::copy_message(out, plaintext);
                return self.seal_in_place_detached(nonce, aad, out);
            }
        };
        Ok(Tag::new(&tag))
    }

    /// The OpenSSL-assembly ChaCha20-Poly1305 key when a message of `len`
    /// bytes goes to that code: always on `openssl-asm`, above the short
    /// message bound on `ring+openssl-asm`.
    #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
    fn long_message_openssl_asm(&self, len: usize) -> Option<&chacha20poly1305_openssl_asm::Key> {
        match &self.cipher {
            Cipher::OpensslAsm(asm) => Some(asm),
            Cipher::RingThenOpensslAsm(_, asm) if len > ring_short_message() => Some(asm),
            _ => None,
        }
    }

    /// Checks `tag` over `ciphertext` and, only if it is valid, decrypts it
    /// into `out` (as long); `ciphertext` is left as it was. On any error
    /// `out` is zeroed. The same as copying `ciphertext` to `out` and
    /// [`Aead::open_in_place_detached`], without the copy where the backend
    /// reads one buffer and writes another (XSalsa20-Poly1305 on libsodium
    /// and `composed`).
    ///
    /// # Errors
    /// As [`Aead::open_in_place_detached`]; [`Error::InvalidLength`] when
    /// `out` is not as long as `ciphertext`.
    // Never inlined, as `nacl::secretbox::open_detached`: `make ct-check`
    // excludes its branches on the accept/reject decision by this name.
    #[inline(never)]
    pub fn open_detached_into(&self, nonce: &[u8], aad: &[u8], ciphertext: &[u8], tag: &[u8], out: &mut [u8]) -> Result<()> {
        Error::check_length("output", Expected::Exactly(ciphertext.len()), out.len())?;
        let result = if let Cipher::XSalsa20Poly1305(key) = &self.cipher {
            // The checks read public lengths only; nothing is written before them.
            let checked = self.check(nonce, aad).and_then(|()| Ok((fixed::<24>("nonce", nonce)?, fixed::<TAG_LEN>("tag", tag)?)));
            match checked {
                Ok((nonce, tag)) if xsalsa20poly1305_open_into(key, nonce, ciphertext, out, tag) => Ok(()),
                Ok(_) => Err(Error::VerificationFailed),
                Err(e) => Err(e),
            }
        } else {
            crate::copy::copy_message(out, ciphertext);
            // `out` is zeroed on failure below: ring may zero it instead of restoring it.
            self.open_detached_inner(nonce, aad, out, tag, false)
        };
        if result.is_err() {
            out.zeroize();
        }
        result
    }

    /// Checks `tag` and, only if it is valid, decrypts `buf` in place.
    ///
    /// # Errors
    /// As [`Aead::seal_in_place_detached`]; [`Error::InvalidLength`] for a
    /// tag that is not [`Aead::tag_len`] bytes; [`Error::VerificationFailed`]
    /// for a wrong tag, in which case `buf` still holds the ciphertext.
    pub fn open_in_place_detached(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8], tag: &[u8]) -> Result<()> {
        self.open_detached_inner(nonce, aad, buf, tag, true)
    }

    /// [`Aead::open_in_place_detached`], except that a rejected `buf` may be
    /// left zeroed instead of holding the ciphertext. This saves the copy
    /// of `buf` that the ring and libsodium backends otherwise make to
    /// restore it on failure: for callers that discard a rejected buffer
    /// (the `saline` command's age payload, 64 KiB chunks).
    ///
    /// # Errors
    /// As [`Aead::open_in_place_detached`].
    pub fn open_in_place_detached_discarding(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8], tag: &[u8]) -> Result<()> {
        self.open_detached_inner(nonce, aad, buf, tag, false)
    }

    /// [`Aead::open_in_place_detached`]; with `keep_ciphertext` false a
    /// rejected `buf` may be zeroed instead (for callers that wipe it anyway).
    // Always inlined into its callers natively: `make ct-check` names its
    // branch on the backend's decision as an inlined frame
    // (known-variable-time.supp), and whether the compiler inlined it on its
    // own changed with the number of callers in the binary. WebAssembly keeps
    // the compiler's choice (its size counts there, and no check runs on it).
    #[cfg_attr(all(feature = "std", not(target_arch = "wasm32")), inline(always))]
    fn open_detached_inner(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8], tag: &[u8], keep_ciphertext: bool) -> Result<()> {
        #[cfg(not(all(feature = "std", not(target_arch = "wasm32"))))]
        let _ = keep_ciphertext;
        self.check(nonce, aad)?;
        if let Cipher::Aegis(variant, key) = &self.cipher {
            let tag: &[u8; aegis::TAG_LEN] = fixed("tag", tag)?;
            let ok = aegis::open(*variant, Self::aegis_key(*variant, key), nonce, aad, buf, tag, keep_ciphertext);
            return if ok { Ok(()) } else { Err(Error::VerificationFailed) };
        }
        let tag: &[u8; TAG_LEN] = fixed("tag", tag)?;
        let ok = match &self.cipher {
            Cipher::Aes128Gcm(c) => c.decrypt_in_place_detached(nonce.into(), aad, buf, tag.into()).is_ok(),
            Cipher::Aes192Gcm(c) => c.decrypt_in_place_detached(nonce.into(), aad, buf, tag.into()).is_ok(),
            Cipher::Aes256Gcm(c) => c.decrypt_in_place_detached(nonce.into(), aad, buf, tag.into()).is_ok(),
            Cipher::ChaCha20Poly1305(c) => c.decrypt_in_place_detached(nonce.into(), aad, buf, tag.into()).is_ok(),
            Cipher::XChaCha20Poly1305(c) => c.decrypt_in_place_detached(nonce.into(), aad, buf, tag.into()).is_ok(),
            Cipher::XSalsa20Poly1305(key) => xsalsa20poly1305_open(key, fixed("nonce", nonce)?, buf, tag),
            Cipher::ChaCha20Poly1305Legacy(key) => chacha20poly1305_legacy::open_in_place(key, fixed("nonce", nonce)?, aad, buf, tag),
            Cipher::XChaCha20Poly1305Secretbox(key) => crate::sodium::secretbox::open_in_place(key, fixed("nonce", nonce)?, buf, tag),
            Cipher::Aegis(..) => unreachable!("AEGIS is opened above"),
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Cipher::Ring(key) => key.open(fixed("nonce", nonce)?, aad, buf, tag, keep_ciphertext),
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Cipher::AwsLc(key) => key.open(fixed("nonce", nonce)?, aad, buf, tag, keep_ciphertext),
            #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
            Cipher::Libsodium(key) => key.open(nonce, aad, buf, tag, keep_ciphertext),
            // Checks before decrypting: a rejected `buf` is untouched, no copy needed.
            #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
            Cipher::OpensslAsm(key) => key.open(nonce, aad, buf, tag),
            #[cfg(all(feature = "std", target_arch = "x86_64", target_os = "linux"))]
            Cipher::RingThenOpensslAsm(ring, asm) => {
                if buf.len() <= ring_short_message() {
                    with_ring_key(ring, asm, nonce, |key, nonce| key.open(nonce, aad, buf, tag, keep_ciphertext))
                } else {
                    asm.open(nonce, aad, buf, tag)
                }
            }
        };
        if ok {
            Ok(())
        } else {
            Err(Error::VerificationFailed)
        }
    }

    /// Encrypts `plaintext` and returns the combined layout
    /// (`ciphertext ‖ tag`, or `tag ‖ ciphertext` for XSalsa20-Poly1305),
    /// `plaintext.len() + tag_len()` bytes.
    ///
    /// # Errors
    /// As [`Aead::seal_in_place_detached`].
    pub fn seal(&self, nonce: &[u8], aad: &[u8], plaintext: &[u8]) -> Result<Vec<u8>> {
        let len = plaintext.len() + self.tag_len();
        let (ct_range, tag_range) = self.layout(len);
        // Filled by copying rather than zeroed first: the message is written
        // once, and only the tag's place is zeroed.
        let mut out = Vec::with_capacity(len);
        if ct_range.start == 0 {
            crate::copy::extend_with_message(&mut out, plaintext);
            out.resize(len, 0);
        } else {
            out.resize(tag_range.len(), 0);
            crate::copy::extend_with_message(&mut out, plaintext);
        }
        let tag = self.seal_in_place_detached(nonce, aad, &mut out[ct_range])?;
        out[tag_range].copy_from_slice(&tag);
        Ok(out)
    }

    /// Checks and decrypts the combined layout made by [`Aead::seal`].
    ///
    /// # Errors
    /// As [`Aead::open_in_place_detached`]; [`Error::InvalidLength`] for input
    /// shorter than the tag.
    pub fn open(&self, nonce: &[u8], aad: &[u8], sealed: &[u8]) -> Result<Vec<u8>> {
        Error::check_length("ciphertext", Expected::AtLeast(self.tag_len()), sealed.len())?;
        let (ct_range, tag_range) = self.layout(sealed.len());
        let mut out = crate::copy::message_to_vec(&sealed[ct_range]);
        // `out` is a copy that is wiped on failure: no need to keep the ciphertext.
        match self.open_detached_inner(nonce, aad, &mut out, &sealed[tag_range], false) {
            Ok(()) => Ok(out),
            Err(e) => {
                out.zeroize();
                Err(e)
            }
        }
    }

    /// Where the ciphertext and the tag sit in a combined (sealed) buffer of
    /// `len` bytes: `ciphertext ‖ tag`, or `tag ‖ ciphertext` for the NaCl
    /// secretbox (the catalog's `tag_position`). Every binding that writes
    /// the combined layout itself (in place, into a caller's buffer) asks
    /// here, so the rule lives once (issue 15).
    ///
    /// `len` must be at least [`Aead::tag_len`] (the callers check it first,
    /// naming their parameter); a shorter `len` panics.
    pub fn layout(&self, len: usize) -> (core::ops::Range<usize>, core::ops::Range<usize>) {
        let tag_len = self.tag_len();
        match self.algorithm.info().tag_position {
            TagPosition::Suffix => (0..len - tag_len, len - tag_len..len),
            TagPosition::Prefix => (tag_len..len, 0..tag_len),
        }
    }
}

impl core::fmt::Debug for Aead {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Aead").field("algorithm", &self.algorithm).finish_non_exhaustive()
    }
}

/// Seals `plaintext` in one call; see [`Aead::seal`].
///
/// # Errors
/// As [`Aead::new`] and [`Aead::seal`].
pub fn seal(algorithm: Algorithm, key: &[u8], nonce: &[u8], aad: &[u8], plaintext: &[u8]) -> Result<Vec<u8>> {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if libsodium_one_shot_key(algorithm, key, plaintext.len()).is_some() {
        let mut out = alloc::vec![0u8; plaintext.len() + TAG_LEN];
        seal_into(algorithm, key, nonce, aad, plaintext, &mut out)?;
        return Ok(out);
    }
    Aead::new(algorithm, key)?.seal(nonce, aad, plaintext)
}

/// Opens a combined ciphertext in one call; see [`Aead::open`].
///
/// # Errors
/// As [`Aead::new`] and [`Aead::open`].
pub fn open(algorithm: Algorithm, key: &[u8], nonce: &[u8], aad: &[u8], sealed: &[u8]) -> Result<Vec<u8>> {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if libsodium_one_shot_key(algorithm, key, sealed.len().saturating_sub(TAG_LEN)).is_some() {
        Error::check_length("ciphertext", Expected::AtLeast(TAG_LEN), sealed.len())?;
        let mut out = alloc::vec![0u8; sealed.len() - TAG_LEN];
        open_into(algorithm, key, nonce, aad, sealed, &mut out)?;
        return Ok(out);
    }
    Aead::new(algorithm, key)?.open(nonce, aad, sealed)
}

/// Seals `plaintext` in one call into `out`, which must be
/// `plaintext.len()` + the tag length ([`TAG_LEN`], 32 for AEGIS): the
/// combined layout of [`Aead::seal`] without allocating, as
/// [`crate::mac::mac_into`] is to [`crate::mac::mac`].
///
/// ```
/// use saline::{aead, Algorithm};
/// let mut sealed = [0u8; 5 + aead::TAG_LEN];
/// aead::seal_into(Algorithm::ChaCha20Poly1305, &[1u8; 32], &[2u8; 12], b"", b"hello", &mut sealed)?;
/// let mut opened = [0u8; 5];
/// aead::open_into(Algorithm::ChaCha20Poly1305, &[1u8; 32], &[2u8; 12], b"", &sealed, &mut opened)?;
/// assert_eq!(&opened, b"hello");
/// # Ok::<(), saline::Error>(())
/// ```
///
/// # Errors
/// As [`Aead::new`] and [`Aead::seal`]; [`Error::InvalidLength`] naming
/// "output" for an `out` of another length (checked after the key).
pub fn seal_into(algorithm: Algorithm, key: &[u8], nonce: &[u8], aad: &[u8], plaintext: &[u8], out: &mut [u8]) -> Result<()> {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if let Some(key) = libsodium_one_shot_key(algorithm, key, plaintext.len()) {
        Error::check_length("output", Expected::Exactly(plaintext.len() + TAG_LEN), out.len())?;
        crate::backend::libsodium::aes256gcm_seal_into(key, fixed("nonce", nonce)?, aad, plaintext, out);
        return Ok(());
    }
    let aead = Aead::new(algorithm, key)?;
    let total = plaintext.len() + aead.tag_len();
    Error::check_length("output", Expected::Exactly(total), out.len())?;
    let (ct_range, tag_range) = aead.layout(total);
    let tag = aead.seal_detached_into(nonce, aad, plaintext, &mut out[ct_range])?;
    out[tag_range].copy_from_slice(&tag);
    Ok(())
}

/// Checks and decrypts a combined ciphertext in one call into `out`, which
/// must be `sealed.len()` − the tag length; see [`seal_into`]. On any error
/// after the length checks `out` is zeroed.
///
/// # Errors
/// As [`Aead::new`] and [`Aead::open`]; [`Error::InvalidLength`] naming
/// "output" for an `out` of another length (checked after the ciphertext's).
pub fn open_into(algorithm: Algorithm, key: &[u8], nonce: &[u8], aad: &[u8], sealed: &[u8], out: &mut [u8]) -> Result<()> {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if let Some(key) = libsodium_one_shot_key(algorithm, key, sealed.len().saturating_sub(TAG_LEN)) {
        // The checks of `Aead::open_detached_into`, in its order.
        Error::check_length("ciphertext", Expected::AtLeast(TAG_LEN), sealed.len())?;
        let (ciphertext, tag) = sealed.split_at(sealed.len() - TAG_LEN);
        Error::check_length("output", Expected::Exactly(ciphertext.len()), out.len())?;
        let checked = fixed::<12>("nonce", nonce);
        let result = match checked {
            // A rejected `out` comes back zeroed.
            Ok(nonce) if crate::backend::libsodium::aes256gcm_open_into(key, nonce, aad, ciphertext, fixed("tag", tag)?, out) => Ok(()),
            Ok(_) => Err(Error::VerificationFailed),
            Err(e) => Err(e),
        };
        if result.is_err() {
            out.zeroize();
        }
        return result;
    }
    let aead = Aead::new(algorithm, key)?;
    Error::check_length("ciphertext", Expected::AtLeast(aead.tag_len()), sealed.len())?;
    let (ct_range, tag_range) = aead.layout(sealed.len());
    // Zeroes `out` on failure.
    aead.open_detached_into(nonce, aad, &sealed[ct_range], &sealed[tag_range], out)
}
