//! AEGIS-128L and AEGIS-256 (draft-irtf-cfrg-aegis-aead-18 §2.5-2.6) with
//! 256-bit tags, as libsodium's `crypto_aead_aegis128l` and
//! `crypto_aead_aegis256` (ABYTES = 32).
//!
//! Two backends, in the registry as "aegis": libsodium's (native builds: its
//! AES-NI or ARM Crypto code, picked at run time) and the `aegis` crate's pure
//! Rust code (every target), whose AES round is the `softaes` crate's
//! bitsliced, constant-time one. That crate switches to AES-NI only when the
//! build enables the `aes` target feature, which Saline's portable builds
//! never do, so its speed is the same on every CPU.
//!
//! AEGIS decrypts before it can check the tag (the tag covers the
//! plaintext). Both backends wipe the output on a wrong tag; [`open`] works
//! on a copy when the caller needs the ciphertext kept.

use zeroize::Zeroizing;

use crate::backend::{Backend, Registry};

/// libsodium's `crypto_aead_aegis128l_ABYTES` and `crypto_aead_aegis256_ABYTES`.
pub(crate) const TAG_LEN: usize = 32;

/// Which AEGIS; the key and nonce are 16 bytes for 128L, 32 for 256.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Variant {
    Aegis128L,
    Aegis256,
}

/// One backend: `seal(variant, key, nonce, aad, buf) -> tag` encrypts in
/// place; `open(variant, key, nonce, aad, buf, tag) -> valid` decrypts in
/// place and wipes `buf` on a wrong tag. Key and nonce have the variant's
/// lengths (checked by `Aead`).
#[derive(Clone, Copy)]
pub(crate) struct AegisFns {
    pub(crate) seal: SealFn,
    pub(crate) open: OpenFn,
}

/// `seal(variant, key, nonce, aad, buf) -> tag`.
type SealFn = fn(Variant, &[u8], &[u8], &[u8], &mut [u8]) -> [u8; TAG_LEN];
/// `open(variant, key, nonce, aad, buf, tag) -> valid`.
type OpenFn = fn(Variant, &[u8], &[u8], &[u8], &mut [u8], &[u8; TAG_LEN]) -> bool;

/// libsodium first (AES instructions: see docs/DEPENDENCIES.md for the
/// measurement), the pure Rust code after and alone on WebAssembly.
pub(crate) static AEGIS_BACKENDS: Registry<AegisFns> = Registry::new(
    "aegis",
    &[
        #[cfg(all(feature = "std", not(target_arch = "wasm32")))]
        Backend {
            name: "libsodium",
            usable: crate::backend::libsodium::usable,
            entry: AegisFns { seal: crate::backend::libsodium_aegis::seal, open: crate::backend::libsodium_aegis::open },
        },
        Backend::portable("rust", AegisFns { seal: rust_seal, open: rust_open }),
    ],
);

/// Encrypts `buf` in place with the selected backend; returns the tag.
pub(crate) fn seal(variant: Variant, key: &[u8], nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> [u8; TAG_LEN] {
    (AEGIS_BACKENDS.get().seal)(variant, key, nonce, aad, buf)
}

/// Decrypts `buf` in place if `tag` is valid. On `false`, `buf` holds the
/// ciphertext again with `keep_ciphertext`, and is wiped without it.
pub(crate) fn open(variant: Variant, key: &[u8], nonce: &[u8], aad: &[u8], buf: &mut [u8], tag: &[u8; TAG_LEN], keep_ciphertext: bool) -> bool {
    let open = AEGIS_BACKENDS.get().open;
    if !keep_ciphertext {
        return open(variant, key, nonce, aad, buf, tag);
    }
    let mut scratch = Zeroizing::new(buf.to_vec());
    let ok = open(variant, key, nonce, aad, &mut scratch, tag);
    if ok {
        buf.copy_from_slice(&scratch);
    }
    ok
}

fn rust_seal(variant: Variant, key: &[u8], nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> [u8; TAG_LEN] {
    match variant {
        Variant::Aegis128L => aegis::aegis128l::Aegis128L::<TAG_LEN>::new(sized(key), sized(nonce)).encrypt_in_place(buf, aad),
        Variant::Aegis256 => aegis::aegis256::Aegis256::<TAG_LEN>::new(sized(key), sized(nonce)).encrypt_in_place(buf, aad),
    }
}

fn rust_open(variant: Variant, key: &[u8], nonce: &[u8], aad: &[u8], buf: &mut [u8], tag: &[u8; TAG_LEN]) -> bool {
    let result = match variant {
        Variant::Aegis128L => aegis::aegis128l::Aegis128L::<TAG_LEN>::new(sized(key), sized(nonce)).decrypt_in_place(buf, tag, aad),
        Variant::Aegis256 => aegis::aegis256::Aegis256::<TAG_LEN>::new(sized(key), sized(nonce)).decrypt_in_place(buf, tag, aad),
    };
    if result.is_err() {
        // The crate fills a rejected buffer with 0xaa; libsodium zeroes it.
        buf.fill(0);
    }
    result.is_ok()
}

/// `Aead` checked the length against the catalog (16 or 32 bytes, as `N`).
fn sized<const N: usize>(bytes: &[u8]) -> &[u8; N] {
    bytes.try_into().expect("Aead::new and Aead::check verify AEGIS key and nonce lengths")
}
