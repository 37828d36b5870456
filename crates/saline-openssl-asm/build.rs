//! Generates OpenSSL's x86-64 Poly1305, ChaCha20, SHA-512, MD5 and Keccak assembly from the
//! openssl-src crate's vendored OpenSSL source with OpenSSL's own perlasm
//! scripts, exactly as OpenSSL's build does, and assembles it.
//!
//! Three changes are made to the generated text, none to the code:
//! * every global symbol gets the prefix `saline_openssl_`, so that a program
//!   that also links OpenSSL (or BoringSSL, AWS-LC) sees no duplicate;
//! * `OPENSSL_ia32cap_P`, the capability vector the code reads to pick its
//!   SSE/AVX/AVX2/AVX-512 path at run time, is renamed the same way and
//!   defined in caps.c, hidden; src/lib.rs fills it from run-time detection;
//! * a `.note.GNU-stack` section, so the linker does not ask for an
//!   executable stack.
//!
//! Only x86-64 Linux is built; elsewhere the crate is empty and saline keeps
//! its other backends (`cfg(saline_openssl_asm)` marks the built case).

use std::env;
use std::path::PathBuf;
use std::process::Command;

/// One kernel: the perlasm script under the OpenSSL tree, the output stem,
/// its global symbols, and an instruction its output must contain when it
/// has a vector path the probe could have dropped (see `main`).
struct Kernel {
    script: &'static str,
    stem: &'static str,
    symbols: &'static [&'static str],
    required: Option<(&'static str, &'static str)>,
    /// Also assembled a second time under [`SCALAR_PREFIX`], reading a
    /// capability vector that stays zero, so that its scalar path can be
    /// called beside the vector paths the first copy picks.
    scalar_copy: bool,
}

const KERNELS: &[Kernel] = &[
    Kernel {
        script: "crypto/poly1305/asm/poly1305-x86_64.pl",
        stem: "poly1305-x86_64",
        symbols: &["poly1305_init", "poly1305_blocks", "poly1305_emit", "xor128_encrypt_n_pad", "xor128_decrypt_n_pad"],
        required: Some(("vpmadd52luq", "the AVX-512 IFMA path")),
        scalar_copy: false,
    },
    Kernel {
        script: "crypto/sha/asm/sha512-x86_64.pl",
        stem: "sha512-x86_64",
        symbols: &["sha512_block_data_order"],
        required: Some(("rorx", "the AVX2/BMI2 path")),
        scalar_copy: false,
    },
    // ChaCha20 (RFC 8439 §2.4): SSSE3, AVX2 (8 blocks) and AVX-512
    // (16 blocks; `vprold`, the AVX-512F rotate, appears nowhere else).
    // The scalar copy computes a lone block (ChaCha20-Poly1305's one-time
    // key): every vector path costs ~130 ns for it on AMD Zen 5, the
    // scalar code ~78.
    Kernel {
        script: "crypto/chacha/asm/chacha-x86_64.pl",
        stem: "chacha-x86_64",
        symbols: &["ChaCha20_ctr32"],
        required: Some(("vprold", "the AVX-512 path")),
        scalar_copy: true,
    },
    // Plain x86-64 (MD5 is serial): no capability check.
    Kernel {
        script: "crypto/md5/asm/md5-x86_64.pl",
        stem: "md5-x86_64",
        symbols: &["ossl_md5_block_asm_data_order"],
        required: None,
        scalar_copy: false,
    },
    // Plain x86-64 with the "lane complementing" transform: no capability check.
    Kernel {
        script: "crypto/sha/asm/keccak1600-x86_64.pl",
        stem: "keccak1600-x86_64",
        symbols: &["SHA3_absorb", "SHA3_squeeze"],
        required: None,
        scalar_copy: false,
    },
];

const PREFIX: &str = "saline_openssl_";
/// The prefix of the scalar copies (`Kernel::scalar_copy`).
const SCALAR_PREFIX: &str = "saline_openssl_scalar_";

fn main() {
    println!("cargo:rustc-check-cfg=cfg(saline_openssl_asm)");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=caps.c");
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if arch != "x86_64" || os != "linux" {
        return;
    }
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let tree = openssl_src::source_dir();
    let mut build = cc::Build::new();
    // The perlasm scripts ask $CC's assembler for its version to decide
    // whether to emit AVX2/AVX-512 code at all (each path is still chosen at
    // run time); without CC they would fall back to the scalar code only.
    let compiler = build.get_compiler();
    for Kernel { script, stem, symbols, required, scalar_copy } in KERNELS {
        let asm = out.join(format!("{stem}.s"));
        let status = Command::new("perl")
            .arg(tree.join(script))
            .arg("elf")
            .arg(&asm)
            .env("CC", compiler.path())
            .status()
            .unwrap_or_else(|e| panic!("saline-openssl-asm needs perl to generate {stem}.s: {e}"));
        assert!(status.success(), "perl {script} failed: {status}");
        let text = std::fs::read_to_string(&asm).expect("read generated assembly");
        // A missing vector path means the assembler probe failed, which would
        // otherwise ship silently slower code.
        if let Some((instruction, path)) = required {
            assert!(text.contains(instruction), "{stem}.s lacks {path}: the perlasm assembler probe failed");
        }
        let names = symbols.iter().copied().chain(["OPENSSL_ia32cap_P"]);
        let mut copies = vec![(PREFIX, asm)];
        if *scalar_copy {
            copies.push((SCALAR_PREFIX, out.join(format!("{stem}-scalar.s"))));
        }
        for (prefix, path) in copies {
            let mut text = prefix_symbols(&text, prefix, names.clone());
            text.push_str("\n.section .note.GNU-stack,\"\",@progbits\n");
            std::fs::write(&path, text).expect("write assembly");
            build.file(&path);
        }
    }
    build.file("caps.c");
    build.compile("saline_openssl_asm");
    println!("cargo:rustc-cfg=saline_openssl_asm");
}

/// Replaces each whole-word occurrence of every name in `names` by
/// `prefix` + name (an identifier character on either side means a longer
/// name, such as `poly1305_blocks_avx`, which is a local symbol and stays).
fn prefix_symbols<'a>(text: &str, prefix: &str, names: impl Iterator<Item = &'a str> + Clone) -> String {
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'$';
    let bytes = text.as_bytes();
    let mut result = String::with_capacity(text.len() + 4096);
    let mut i = 0;
    'outer: while i < bytes.len() {
        if i == 0 || !is_ident(bytes[i - 1]) {
            for name in names.clone() {
                let end = i + name.len();
                if bytes[i..].starts_with(name.as_bytes()) && (end == bytes.len() || !is_ident(bytes[end])) {
                    result.push_str(prefix);
                    result.push_str(name);
                    i = end;
                    continue 'outer;
                }
            }
        }
        let c = text[i..].chars().next().expect("in bounds");
        result.push(c);
        i += c.len_utf8();
    }
    result
}
