//! The operation table: the catalog JSON parses and names every algorithm,
//! every op code round-trips, and a few representative calls work.

use saline_ops::{call, catalog_json, Args, Op, Stream};

#[test]
fn catalog_json_lists_every_algorithm() {
    let json: serde_json::Value = serde_json::from_str(&catalog_json()).expect("valid JSON");
    let entries = json.as_array().unwrap();
    assert_eq!(entries.len(), saline::ALGORITHMS.len());
    let sha256 = entries.iter().find(|e| e["name"] == "sha256").unwrap();
    assert_eq!(sha256["outputLength"], 32);
    let gcm = entries.iter().find(|e| e["name"] == "aes-gcm").unwrap();
    assert_eq!(gcm["key"]["oneOf"], serde_json::json!([16, 24, 32]));
    assert_eq!(gcm["nonce"]["exactly"], 12);
}

#[test]
fn op_codes_round_trip() {
    for (name, code) in Op::ALL {
        assert_eq!(Op::from_code(*code).map(|op| op as u32), Some(*code), "{name}");
    }
}

#[test]
fn representative_calls() {
    let sha256 = u32::from(saline::Algorithm::Sha256.info().id);
    let mut out = [0u8; 32];
    let n = call(Op::Hash as u32, sha256, &Args { bytes: &[Some(b"abc")], nums: &[32.0] }, &mut out).unwrap();
    assert_eq!(n, 32);
    assert_eq!(out[..4], [0xba, 0x78, 0x16, 0xbf]);
    // A short output buffer is an error, not a panic.
    let err = call(Op::Hash as u32, sha256, &Args { bytes: &[Some(b"abc")], nums: &[32.0] }, &mut [0u8; 31]).unwrap_err();
    assert_eq!(err.to_string(), "output: expected at least 32 bytes, got 31");
    let mut s = Stream::new(sha256, &Args { bytes: &[], nums: &[] }).unwrap();
    s.update(b"ab");
    s.update(b"c");
    let mut streamed = [0u8; 32];
    s.digest_into(&mut streamed).unwrap();
    assert_eq!(streamed, out);
    // Unknown ops and ids are errors.
    assert!(call(9999, sha256, &Args { bytes: &[], nums: &[] }, &mut out).is_err());
    assert!(call(Op::Hash as u32, 65535, &Args { bytes: &[Some(b"")], nums: &[32.0] }, &mut out).is_err());
}

#[test]
fn backends_json_matches_the_registry() {
    let json: serde_json::Value = serde_json::from_str(&saline_ops::backends_json()).expect("valid JSON");
    let list = json.as_array().unwrap();
    let registry = saline::backends();
    assert_eq!(list.len(), registry.len());
    for (j, b) in list.iter().zip(&registry) {
        assert_eq!(j["primitive"], b.primitive);
        assert_eq!(j["selected"], b.selected);
        assert_eq!(j["available"].as_array().unwrap().len(), b.available.len());
        assert_eq!(j["forced"], b.forced);
    }
}
