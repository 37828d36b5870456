//! C2SP's CCTV age test kit (https://c2sp.org/CCTV/age): every vector
//! file through `saline decrypt`, which must decrypt to the expected
//! payload when the vector expects success, and otherwise fail, leave no
//! output, and name the failure.
//!
//! The vectors come from the Go module proxy, pinned below (`go mod
//! download`; Go must be installed), or from SALINE_CCTV_AGE_DIR.

use std::collections::BTreeMap;
use std::fs;
use std::io::Read;
use std::path::PathBuf;
use std::process::Command;

const SALINE: &str = env!("CARGO_BIN_EXE_saline");
const MODULE: &str = "c2sp.org/CCTV/age@v0.0.0-20251208015420-e9274a7bdbfd";
const VECTOR_COUNT: usize = 143;

/// The testdata directory of the pinned module.
fn vectors_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SALINE_CCTV_AGE_DIR") {
        return PathBuf::from(dir);
    }
    let scratch = tempfile::tempdir().unwrap();
    fs::write(
        scratch.path().join("go.mod"),
        "module saline/cctvfetch\n\ngo 1.21\n",
    )
    .unwrap();
    let output = Command::new("go")
        .current_dir(scratch.path())
        .env("GOFLAGS", "-mod=mod")
        .args(["mod", "download", "-json", MODULE])
        .output()
        .expect("Go is needed to fetch the CCTV vectors (or set SALINE_CCTV_AGE_DIR)");
    assert!(
        output.status.success(),
        "go mod download failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let info: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    PathBuf::from(
        info["Dir"]
            .as_str()
            .expect("go mod download -json gives Dir"),
    )
    .join("testdata")
}

struct Vector {
    fields: BTreeMap<String, Vec<String>>,
    body: Vec<u8>,
}

impl Vector {
    /// `key: value` lines, a blank line, then the age file (zlib-compressed
    /// when `compressed: zlib`).
    fn parse(bytes: &[u8]) -> Vector {
        let split = bytes
            .windows(2)
            .position(|w| w == b"\n\n")
            .expect("header ends with a blank line");
        let mut fields: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for line in String::from_utf8_lossy(&bytes[..split]).lines() {
            let (key, value) = line.split_once(": ").unwrap_or((line, ""));
            fields
                .entry(key.to_string())
                .or_default()
                .push(value.to_string());
        }
        let mut body = bytes[split + 2..].to_vec();
        if fields.get("compressed").map(|v| v[0].as_str()) == Some("zlib") {
            let mut inflated = Vec::new();
            flate2::read::ZlibDecoder::new(&body[..])
                .read_to_end(&mut inflated)
                .unwrap();
            body = inflated;
        }
        Vector { fields, body }
    }

    fn one(&self, key: &str) -> Option<&str> {
        self.fields.get(key).map(|v| v[0].as_str())
    }
}

/// The words `saline decrypt` uses for each expected failure.
fn failure_words(expect: &str) -> &'static [&'static str] {
    match expect {
        "no match" => &["no identity matches", "wrong passphrase"],
        "HMAC failure" => &["header mac"],
        "header failure" => &["header", "not an age", "identity", "scrypt"],
        "armor failure" => &["header", "armor"],
        "payload failure" => &["payload", "truncated"],
        other => panic!("unknown expectation {other}"),
    }
}

#[test]
fn every_cctv_age_vector_gives_the_expected_result() {
    let dir = vectors_dir();
    let mut names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names.len(),
        VECTOR_COUNT,
        "the pinned kit has {VECTOR_COUNT} vector files"
    );
    let scratch = tempfile::tempdir().unwrap();
    let s = scratch.path();
    let (mut passed, mut failures) = (0, Vec::new());
    for name in &names {
        let vector = Vector::parse(&fs::read(dir.join(name)).unwrap());
        let expect = vector.one("expect").unwrap();
        fs::write(s.join("in.age"), &vector.body).unwrap();
        let mut command = Command::new(SALINE);
        command
            .current_dir(s)
            .args(["decrypt", "-o", "out", "in.age"]);
        if let Some(identities) = vector.fields.get("identity") {
            fs::write(s.join("identity"), identities.join("\n") + "\n").unwrap();
            command.args(["-i", "identity"]);
        }
        if let Some(passphrase) = vector.one("passphrase") {
            fs::write(s.join("passphrase"), format!("{passphrase}\n")).unwrap();
            command.args(["--passphrase-file", "passphrase"]);
        }
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let produced = fs::read(s.join("out")).ok();
        let _ = fs::remove_file(s.join("out"));
        let leftovers = fs::read_dir(s)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .starts_with(".saline-")
            })
            .count();
        let verdict: Result<(), String> = if leftovers > 0 {
            Err("temporary file left behind".into())
        } else if expect == "success" {
            match produced {
                Some(plain) if output.status.success() => {
                    let digest =
                        hex::encode(saline::hash::hash(saline::Algorithm::Sha256, &plain).unwrap());
                    if Some(digest.as_str()) == vector.one("payload") {
                        Ok(())
                    } else {
                        Err("wrong payload".into())
                    }
                }
                _ => Err(format!("failed: {stderr}")),
            }
        } else if output.status.success() || produced.is_some() {
            Err(format!("expected {expect}, but decrypted"))
        } else if !failure_words(expect)
            .iter()
            .any(|w| stderr.to_lowercase().contains(w))
        {
            Err(format!("expected {expect}, but the message was: {stderr}"))
        } else {
            Ok(())
        };
        match verdict {
            Ok(()) => passed += 1,
            Err(why) => failures.push(format!("{name} ({expect}): {why}")),
        }
    }
    println!("CCTV age: {passed} of {} vectors pass", names.len());
    assert!(
        failures.is_empty(),
        "{} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
