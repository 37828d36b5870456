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

/// Blake3Part and Blake3Join (what `blake3.async` runs on several threads)
/// give Op::Hash's bytes in each mode; a short output is refused first.
#[test]
fn blake3_parts_join_to_op_hash() {
    let blake3 = u32::from(saline::Algorithm::Blake3.info().id);
    let data: Vec<u8> = (0..9_000u32).map(|i| (i * 7 % 256) as u8).collect();
    let key = [3u8; 32];
    let modes: [(Option<&[u8]>, Option<&[u8]>); 3] = [(None, None), (Some(&key), None), (None, Some(b"ctx"))];
    for (key, context) in modes {
        let part_len = 2048usize;
        let mut cvs = Vec::new();
        for (i, part) in data.chunks(part_len).enumerate() {
            let mut cv = [0u8; 32];
            let args = Args { bytes: &[Some(part), key, context], nums: &[i as f64, part_len as f64] };
            assert_eq!(call(Op::Blake3Part as u32, 0, &args, &mut cv).unwrap(), 32);
            cvs.extend_from_slice(&cv);
        }
        let mut joined = [0u8; 77];
        let args = Args { bytes: &[Some(&cvs), key, context], nums: &[data.len() as f64, part_len as f64, 77.0] };
        assert_eq!(call(Op::Blake3Join as u32, 0, &args, &mut joined).unwrap(), 77);
        let mut whole = [0u8; 77];
        let args = Args { bytes: &[Some(&data), key, None, None, context], nums: &[77.0] };
        call(Op::Hash as u32, blake3, &args, &mut whole).unwrap();
        assert_eq!(joined, whole);
    }
    // dkLen 2^36 into 32 bytes: refused before any output is made.
    let cvs = [0u8; 64];
    let args = Args { bytes: &[Some(&cvs)], nums: &[2049.0, 2048.0, (1u64 << 36) as f64] };
    let error = call(Op::Blake3Join as u32, 0, &args, &mut [0u8; 32]).unwrap_err();
    assert!(error.to_string().starts_with("output"), "{error}");
    let error = call(Op::Blake3Part as u32, 0, &Args { bytes: &[Some(&data[..1024])], nums: &[0.0, 1024.0] }, &mut [0u8; 31]).unwrap_err();
    assert!(error.to_string().starts_with("output"), "{error}");
}
