//! The one-shot paths (`hash::hash_into`, `mac::mac_into`, `mac::mac`,
//! `mac::verify`) run each library's own one-shot function instead of the
//! streaming `Hasher`/`Mac`; here they are checked against the streaming
//! state for every hash, XOF and MAC in the catalog, with and without
//! options, at block-boundary sizes, and for the same errors.

use saline::hash::{self, HashOptions, Hasher};
use saline::mac::{self, Mac};
use saline::{Algorithm, Kind, ALGORITHMS};

const SIZES: [usize; 10] = [0, 1, 31, 32, 33, 64, 127, 128, 129, 1025];

fn message(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 7 + 3) as u8).collect()
}

fn streaming_hash(algorithm: Algorithm, options: &HashOptions<'_>, data: &[u8], out_len: usize) -> saline::Result<Vec<u8>> {
    let options = HashOptions { out_len: Some(options.out_len.unwrap_or(out_len)), ..*options };
    let mut h = Hasher::with_options(algorithm, &options)?;
    h.update(data);
    let mut out = vec![0u8; out_len];
    h.finalize_into(&mut out)?;
    Ok(out)
}

fn check_hash(algorithm: Algorithm, options: &HashOptions<'_>, out_len: usize) {
    for size in SIZES {
        let data = message(size);
        let mut one_shot = vec![0u8; out_len];
        let got = hash::hash_into(algorithm, options, &data, &mut one_shot).map(|()| one_shot);
        let want = streaming_hash(algorithm, options, &data, out_len);
        match (got, want) {
            (Ok(got), Ok(want)) => assert_eq!(got, want, "{algorithm:?} {size} bytes {out_len}-byte output"),
            (Err(got), Err(want)) => assert_eq!(got.to_string(), want.to_string(), "{algorithm:?} error"),
            (got, want) => panic!("{algorithm:?} {size} bytes: one-shot {got:?}, streaming {want:?}"),
        }
    }
}

#[test]
fn every_hash_matches_the_streaming_state() {
    let key = message(64);
    let hashes: Vec<_> = ALGORITHMS.iter().filter(|i| matches!(i.kind, Kind::Hash | Kind::Xof)).collect();
    assert!(hashes.len() >= 20, "the catalog's hashes and XOFs: {}", hashes.len());
    for info in hashes {
        let algorithm = info.algorithm;
        check_hash(algorithm, &HashOptions::default(), info.output_len);
        // Wrong output sizes and options the algorithm may not take: the
        // same result (value or error) both ways.
        for out_len in [1, 20, 32, 64, 65, 100] {
            check_hash(algorithm, &HashOptions::default(), out_len);
            check_hash(algorithm, &HashOptions { out_len: Some(32), ..Default::default() }, out_len);
        }
        for key_len in [0, 16, 32, 64, 65] {
            check_hash(algorithm, &HashOptions { key: Some(&key[..key_len.min(64)]), ..Default::default() }, 32);
        }
        let salted = HashOptions { salt: Some(b"salt"), personal: Some(b"person"), ..Default::default() };
        check_hash(algorithm, &salted, 16);
        check_hash(algorithm, &HashOptions { key: Some(&key[..32]), ..salted }, 16);
        check_hash(algorithm, &HashOptions { context: Some(b"saline one-shot test"), ..Default::default() }, 32);
        check_hash(algorithm, &HashOptions { context: Some(b"\xff"), ..Default::default() }, 32);
        check_hash(algorithm, &HashOptions { key: Some(&key[..32]), context: Some(b"c"), ..Default::default() }, 32);
        check_hash(algorithm, &HashOptions { key: Some(&key[..32]), ..Default::default() }, 100);
    }
}

#[test]
fn every_mac_matches_the_streaming_state() {
    let long_key = message(200);
    let macs: Vec<_> = ALGORITHMS.iter().filter(|i| i.kind == Kind::Mac).collect();
    assert!(macs.len() >= 20, "the catalog's MACs: {}", macs.len());
    for info in macs {
        let algorithm = info.algorithm;
        for key_len in [0, 16, 32, 200] {
            let key = &long_key[..key_len];
            for size in SIZES {
                let data = message(size);
                let streaming = Mac::new(algorithm, key).map(|mut m| {
                    m.update(&data);
                    m.finalize()
                });
                let one_shot = mac::mac(algorithm, key, &data);
                match (&one_shot, &streaming) {
                    (Ok(got), Ok(want)) => {
                        assert_eq!(got, want, "{algorithm:?} key {key_len} data {size}");
                        assert_eq!(got.len(), info.tag_len);
                        mac::verify(algorithm, key, &data, want).expect("own tag verifies");
                        let mut bad = want.clone();
                        bad[0] ^= 1;
                        assert!(mac::verify(algorithm, key, &data, &bad).is_err());
                        assert!(mac::verify(algorithm, key, &data, &want[1..]).is_err());
                        let mut long = want.clone();
                        long.push(0);
                        assert!(mac::verify(algorithm, key, &data, &long).is_err());
                        for wrong in [info.tag_len - 1, info.tag_len + 1] {
                            let mut out = vec![0u8; wrong];
                            assert!(mac::mac_into(algorithm, key, &data, &mut out).is_err(), "{algorithm:?} {wrong}-byte output");
                        }
                    }
                    (Err(got), Err(want)) => assert_eq!(got.to_string(), want.to_string(), "{algorithm:?} error"),
                    _ => panic!("{algorithm:?} key {key_len}: one-shot {one_shot:?}, streaming {streaming:?}"),
                }
            }
        }
    }
}

#[test]
fn non_hashes_and_non_macs_are_refused() {
    let mut out = [0u8; 32];
    assert!(hash::hash_into(Algorithm::HmacSha256, &HashOptions::default(), b"", &mut out).is_err());
    assert!(mac::mac_into(Algorithm::Sha256, b"key", b"", &mut out).is_err());
    assert!(mac::mac(Algorithm::Sha256, b"key", b"").is_err());
    assert!(mac::verify(Algorithm::Sha256, b"key", b"", &out).is_err());
}
