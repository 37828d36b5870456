//! Regenerates include/saline.h with cbindgen and fails when the committed
//! file differs. `SALINE_BLESS_HEADER=1 cargo test -p saline-ffi --test
//! header` (or `make ffi-header`) rewrites it.
//!
//! Besides what cbindgen reads from the crate, the header carries the
//! operation codes and algorithm ids as `#define`s generated here from
//! `saline_ops::Op::ALL` and `saline::ALGORITHMS`, so that C never repeats a
//! number by hand.

use std::fmt::Write;
use std::path::PathBuf;

/// "AeadSeal" -> "AEAD_SEAL", "Ed25519ToX25519Public" -> "ED25519_TO_X25519_PUBLIC".
fn screaming(camel: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = camel.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() && i > 0 && (chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit()) {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// Each operation's doc comment in saline-ops' `ops!` table ("bytes: [key,
/// data]; out: tag."), by name, so that the header says what to pass.
fn op_docs() -> Vec<(String, String)> {
    let source = include_str!("../../saline-ops/src/lib.rs");
    let table = source.split("\nops! {").nth(1).and_then(|rest| rest.split("\n}").next()).expect("the ops! table");
    let mut docs = Vec::new();
    let mut pending = Vec::new();
    for line in table.lines().map(str::trim) {
        if let Some(doc) = line.strip_prefix("///") {
            pending.push(doc.trim().to_owned());
        } else if let Some((name, _)) = line.split_once(" = ") {
            docs.push((name.to_owned(), pending.join(" ")));
            pending.clear();
        }
    }
    docs
}

fn constants() -> String {
    assert_eq!(saline_ffi::SALINE_ABSENT, usize::MAX, "the #define below");
    let mut out = String::from(
        "\n/* The len of a saline_bytes that marks an omitted optional argument. */\n#define SALINE_ABSENT SIZE_MAX\n",
    );
    out.push_str("\n/* Operation codes (saline_ops::Op), stable ABI. Each lists its byte\n * arguments (bytes[i], ? = optional) and numbers (nums[i]) in order. */\n");
    let docs = op_docs();
    for (name, code) in saline_ops::Op::ALL {
        let doc = docs.iter().find(|(n, _)| n == name).map(|(_, d)| d.as_str()).unwrap_or_default();
        writeln!(out, "/* {} */\n#define SALINE_OP_{} {code}", doc.replace("*/", "* /"), screaming(name)).unwrap();
    }
    out.push_str("\n/* Algorithm ids (saline::catalog). Stable ABI; saline_algorithm_info() gives their sizes. */\n");
    for info in saline::ALGORITHMS {
        let name: String = info.name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect();
        writeln!(out, "#define SALINE_ALG_{name} {}", info.id).unwrap();
    }
    out
}

fn generate() -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    config.after_includes = Some(constants());
    let mut bytes = Vec::new();
    cbindgen::Builder::new().with_crate(&dir).with_config(config).generate().expect("cbindgen").write(&mut bytes);
    String::from_utf8(bytes).expect("UTF-8 header")
}

#[test]
fn the_committed_header_is_current() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include/saline.h");
    let fresh = generate();
    if std::env::var_os("SALINE_BLESS_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("write include/saline.h");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "include/saline.h is stale: regenerate it with `make ffi-header` \
         (SALINE_BLESS_HEADER=1 cargo test -p saline-ffi --test header) and commit it"
    );
}

#[test]
fn every_operation_is_documented() {
    let docs = op_docs();
    for (name, _) in saline_ops::Op::ALL {
        assert!(docs.iter().any(|(n, d)| n == name && !d.is_empty()), "no doc for {name}");
    }
}

#[test]
fn names_convert() {
    assert_eq!(screaming("AeadSeal"), "AEAD_SEAL");
    assert_eq!(screaming("Ed25519ToX25519Public"), "ED25519_TO_X25519_PUBLIC");
    assert_eq!(screaming("CryptoCoreHsalsa20"), "CRYPTO_CORE_HSALSA20");
}
