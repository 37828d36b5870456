//! Issue 11's acceptance point "every function above ... is listed in the
//! catalog", for the Edwards25519 and Ristretto255 groups and libsodium's
//! utilities: the issue's list written as data (libsodium function -> catalog
//! entry + operation), checked against the catalog, the op table and
//! libsodium itself (`libsodium-sys-stable`):
//!
//! - each name is a libsodium function (the table takes its address), has a
//!   catalog entry, and the entry's `operations` (in `catalog_json`) give
//!   that operation; no operation is listed that the table lacks;
//! - the entries' constants are libsodium's;
//! - each operation, called the generic way (the entry's id, the listed
//!   numbers), gives libsodium's bytes on seeded random inputs, failures
//!   included.

#[path = "../../saline/tests/common/mod.rs"]
mod common;

use common::{array, below, bytes, seeded};
use libsodium_sys as ffi;
use rand_chacha::ChaCha20Rng;
use rand_core::RngCore;
use saline::{Algorithm, Kind};
use saline_ops::{call, catalog_json, Args, Op, OPERATIONS};

const SEED: u64 = 0x11_5a11_0e;

macro_rules! functions {
    ($( $function:ident => $entry:literal, $op:ident; )*) => {
        /// (libsodium function, its address, catalog entry, op name).
        fn issue_functions() -> Vec<(&'static str, usize, &'static str, &'static str)> {
            vec![ $( (stringify!($function), ffi::$function as *const () as usize, $entry, stringify!($op)) ),* ]
        }
    };
}

// The issue's list: "crypto_core_ed25519_* and crypto_scalarmult_ed25519*
// (is_valid_point, add, sub, from_uniform, random, scalar ops: invert,
// negate, complement, add, sub, mul, reduce, random), and
// crypto_core_ristretto255_* / crypto_scalarmult_ristretto255*", and
// "sodium_increment, sodium_add, sodium_sub, sodium_compare, sodium_is_zero,
// sodium_pad/sodium_unpad, sodium_memcmp, randombytes_buf_deterministic".
functions! {
    crypto_core_ed25519_is_valid_point => "edwards25519", CoreEd25519IsValidPoint;
    crypto_core_ed25519_add => "edwards25519", CoreEd25519Add;
    crypto_core_ed25519_sub => "edwards25519", CoreEd25519Sub;
    crypto_core_ed25519_from_uniform => "edwards25519", CoreEd25519FromUniform;
    crypto_core_ed25519_from_hash => "edwards25519", CoreEd25519FromHash;
    crypto_core_ed25519_random => "edwards25519", CoreRandom;
    crypto_core_ed25519_scalar_random => "edwards25519", CoreScalarRandom;
    crypto_core_ed25519_scalar_invert => "edwards25519", CoreScalarInvert;
    crypto_core_ed25519_scalar_negate => "edwards25519", CoreScalarNegate;
    crypto_core_ed25519_scalar_complement => "edwards25519", CoreScalarComplement;
    crypto_core_ed25519_scalar_add => "edwards25519", CoreScalarAdd;
    crypto_core_ed25519_scalar_sub => "edwards25519", CoreScalarSub;
    crypto_core_ed25519_scalar_mul => "edwards25519", CoreScalarMul;
    crypto_core_ed25519_scalar_reduce => "edwards25519", CoreScalarReduce;
    crypto_scalarmult_ed25519 => "edwards25519", ScalarmultEd25519;
    crypto_scalarmult_ed25519_noclamp => "edwards25519", ScalarmultEd25519;
    crypto_scalarmult_ed25519_base => "edwards25519", ScalarmultEd25519Base;
    crypto_scalarmult_ed25519_base_noclamp => "edwards25519", ScalarmultEd25519Base;
    crypto_core_ristretto255_is_valid_point => "ristretto255", Ristretto255IsValidPoint;
    crypto_core_ristretto255_add => "ristretto255", Ristretto255Add;
    crypto_core_ristretto255_sub => "ristretto255", Ristretto255Sub;
    crypto_core_ristretto255_from_hash => "ristretto255", Ristretto255FromHash;
    crypto_core_ristretto255_random => "ristretto255", CoreRandom;
    crypto_core_ristretto255_scalar_random => "ristretto255", CoreScalarRandom;
    crypto_core_ristretto255_scalar_invert => "ristretto255", CoreScalarInvert;
    crypto_core_ristretto255_scalar_negate => "ristretto255", CoreScalarNegate;
    crypto_core_ristretto255_scalar_complement => "ristretto255", CoreScalarComplement;
    crypto_core_ristretto255_scalar_add => "ristretto255", CoreScalarAdd;
    crypto_core_ristretto255_scalar_sub => "ristretto255", CoreScalarSub;
    crypto_core_ristretto255_scalar_mul => "ristretto255", CoreScalarMul;
    crypto_core_ristretto255_scalar_reduce => "ristretto255", CoreScalarReduce;
    crypto_scalarmult_ristretto255 => "ristretto255", ScalarmultRistretto255;
    crypto_scalarmult_ristretto255_base => "ristretto255", ScalarmultRistretto255Base;
    sodium_increment => "sodium-utils", SodiumIncrement;
    sodium_add => "sodium-utils", SodiumAdd;
    sodium_sub => "sodium-utils", SodiumSub;
    sodium_compare => "sodium-utils", SodiumCompare;
    sodium_is_zero => "sodium-utils", SodiumIsZero;
    sodium_pad => "sodium-utils", SodiumPad;
    sodium_unpad => "sodium-utils", SodiumUnpad;
    sodium_memcmp => "sodium-utils", ConstantTimeEqual;
    randombytes_buf_deterministic => "randombytes-deterministic", RandomBytesDeterministic;
}

fn op_named(name: &str) -> Op {
    let code = Op::ALL.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no operation {name} in the op table")).1;
    Op::from_code(code).unwrap()
}

#[test]
fn every_issue_function_is_in_the_catalog_and_the_op_table() {
    let json: serde_json::Value = serde_json::from_str(&catalog_json()).unwrap();
    let entries = json.as_array().unwrap();
    let functions = issue_functions();
    for &(function, address, entry, op_name) in &functions {
        assert_ne!(address, 0, "{function}");
        let algorithm = Algorithm::from_name(entry).unwrap_or_else(|_| panic!("{function}: no catalog entry {entry}"));
        assert!(matches!(algorithm.info().kind, Kind::Group | Kind::Utility), "{function}: {entry} is a {:?}", algorithm.info().kind);
        let op = op_named(op_name);
        let row = OPERATIONS.iter().find(|r| r.function == function).unwrap_or_else(|| panic!("{function}: not in saline_ops::OPERATIONS"));
        assert_eq!((row.algorithm, row.op), (algorithm, op), "{function}");
        // The catalog JSON says it too, under the entry.
        let listed = entries.iter().find(|e| e["name"] == entry).unwrap()["operations"].as_array().unwrap();
        let listed = listed.iter().find(|o| o["function"] == function).unwrap_or_else(|| panic!("{function}: not in {entry}'s operations"));
        assert_eq!(listed["op"], op as u32, "{function}");
        assert_eq!(listed["name"], row.name, "{function}");
        // The op takes the entry's id (it may fail on the missing inputs, never on the id).
        let result = call(op as u32, u32::from(algorithm.info().id), &Args { bytes: &[], nums: row.nums }, &mut [0u8; 64]);
        assert!(!matches!(result, Err(saline::Error::UnknownAlgorithm { .. })), "{function}: {result:?}");
    }
    for row in OPERATIONS {
        assert!(functions.iter().any(|&(f, ..)| f == row.function), "{} is listed but not in the issue's table", row.function);
    }
    // Only the group and utility entries list operations (the others have generic entry points).
    for e in entries {
        let kind = e["kind"].as_str().unwrap();
        assert_eq!(e["operations"].as_array().unwrap().is_empty(), kind != "group" && kind != "utility", "{}", e["name"]);
    }
}

#[test]
fn constants_are_libsodiums() {
    let ed = Algorithm::Edwards25519.info();
    let rist = Algorithm::Ristretto255.info();
    let seeded_random = Algorithm::RandomBytesDeterministic.info();
    let expected = [
        (ed, "BYTES", ffi::crypto_core_ed25519_BYTES, unsafe { ffi::crypto_core_ed25519_bytes() }),
        (ed, "UNIFORMBYTES", ffi::crypto_core_ed25519_UNIFORMBYTES, unsafe { ffi::crypto_core_ed25519_uniformbytes() }),
        (ed, "HASHBYTES", ffi::crypto_core_ed25519_HASHBYTES, unsafe { ffi::crypto_core_ed25519_hashbytes() }),
        (ed, "SCALARBYTES", ffi::crypto_core_ed25519_SCALARBYTES, unsafe { ffi::crypto_core_ed25519_scalarbytes() }),
        (ed, "NONREDUCEDSCALARBYTES", ffi::crypto_core_ed25519_NONREDUCEDSCALARBYTES, unsafe { ffi::crypto_core_ed25519_nonreducedscalarbytes() }),
        // crypto_scalarmult_ed25519's sizes are the group's.
        (ed, "BYTES", ffi::crypto_scalarmult_ed25519_BYTES, unsafe { ffi::crypto_scalarmult_ed25519_bytes() }),
        (ed, "SCALARBYTES", ffi::crypto_scalarmult_ed25519_SCALARBYTES, unsafe { ffi::crypto_scalarmult_ed25519_scalarbytes() }),
        (rist, "BYTES", ffi::crypto_core_ristretto255_BYTES, unsafe { ffi::crypto_core_ristretto255_bytes() }),
        (rist, "HASHBYTES", ffi::crypto_core_ristretto255_HASHBYTES, unsafe { ffi::crypto_core_ristretto255_hashbytes() }),
        (rist, "SCALARBYTES", ffi::crypto_core_ristretto255_SCALARBYTES, unsafe { ffi::crypto_core_ristretto255_scalarbytes() }),
        (rist, "NONREDUCEDSCALARBYTES", ffi::crypto_core_ristretto255_NONREDUCEDSCALARBYTES, unsafe { ffi::crypto_core_ristretto255_nonreducedscalarbytes() }),
        (rist, "BYTES", ffi::crypto_scalarmult_ristretto255_BYTES, unsafe { ffi::crypto_scalarmult_ristretto255_bytes() }),
        (rist, "SCALARBYTES", ffi::crypto_scalarmult_ristretto255_SCALARBYTES, unsafe { ffi::crypto_scalarmult_ristretto255_scalarbytes() }),
        (seeded_random, "SEEDBYTES", ffi::randombytes_SEEDBYTES, unsafe { ffi::randombytes_seedbytes() }),
    ];
    for (info, name, constant, function) in expected {
        assert_eq!(info.constant(name), Some(constant as usize), "{}: {name}", info.name);
        assert_eq!(constant as usize, function, "{}: {name}", info.name);
    }
    // The columns agree with the constants: the encoded element is the output, the seed the key.
    assert_eq!(ed.output_len, ed.constant("BYTES").unwrap());
    assert_eq!(rist.output_len, rist.constant("BYTES").unwrap());
    assert_eq!(seeded_random.key, Some(saline::Expected::Exactly(ffi::randombytes_SEEDBYTES as usize)));
}

/// A point of the group half of the time (libsodium's map of random bytes),
/// else 32 random bytes, which rarely decode.
fn maybe_point(rng: &mut ChaCha20Rng, group: Algorithm) -> Vec<u8> {
    let mut p = [0u8; 32];
    if rng.next_u32() % 2 == 0 {
        return bytes(rng, 32);
    }
    if group == Algorithm::Ristretto255 {
        unsafe { ffi::crypto_core_ristretto255_from_hash(p.as_mut_ptr(), array::<64>(rng).as_ptr()) };
    } else {
        unsafe { ffi::crypto_core_ed25519_from_uniform(p.as_mut_ptr(), array::<32>(rng).as_ptr()) };
    }
    p.to_vec()
}

/// Random bytes of a random length below `max`.
fn short_bytes(rng: &mut ChaCha20Rng, max: usize) -> Vec<u8> {
    let len = below(rng, max);
    bytes(rng, len)
}

/// Two byte strings of one random length (0 to 40), equal a quarter of the time.
fn same_length_pair(rng: &mut ChaCha20Rng) -> (Vec<u8>, Vec<u8>) {
    let a = short_bytes(rng, 41);
    let b = if rng.next_u32() % 4 == 0 { a.clone() } else { bytes(rng, a.len()) };
    (a, b)
}

/// Inputs for `function` (bytes, the caller's numbers) and libsodium's answer,
/// in the op's output layout; `None` where libsodium fails.
fn libsodium_case(function: &str, group: Algorithm, rng: &mut ChaCha20Rng) -> (Vec<Vec<u8>>, Vec<f64>, Option<Vec<u8>>) {
    let mut r = [0u8; 32];
    let ok = |status: i32, r: [u8; 32]| (status == 0).then(|| r.to_vec());
    let prefix = if group == Algorithm::Ristretto255 { "crypto_core_ristretto255_" } else { "crypto_core_ed25519_" };
    let short = function.strip_prefix(prefix).unwrap_or(function);
    unsafe {
        match short {
            "scalar_invert" | "scalar_negate" | "scalar_complement" => {
                let s = array::<32>(rng);
                let status = match short {
                    "scalar_invert" => ffi::crypto_core_ed25519_scalar_invert(r.as_mut_ptr(), s.as_ptr()),
                    "scalar_negate" => {
                        ffi::crypto_core_ed25519_scalar_negate(r.as_mut_ptr(), s.as_ptr());
                        0
                    }
                    _ => {
                        ffi::crypto_core_ed25519_scalar_complement(r.as_mut_ptr(), s.as_ptr());
                        0
                    }
                };
                (vec![s.to_vec()], vec![], ok(status, r))
            }
            "scalar_add" | "scalar_sub" | "scalar_mul" => {
                let (x, y) = (array::<32>(rng), array::<32>(rng));
                let f = match short {
                    "scalar_add" => ffi::crypto_core_ed25519_scalar_add,
                    "scalar_sub" => ffi::crypto_core_ed25519_scalar_sub,
                    _ => ffi::crypto_core_ed25519_scalar_mul,
                };
                f(r.as_mut_ptr(), x.as_ptr(), y.as_ptr());
                (vec![x.to_vec(), y.to_vec()], vec![], Some(r.to_vec()))
            }
            "scalar_reduce" => {
                let s = array::<64>(rng);
                ffi::crypto_core_ed25519_scalar_reduce(r.as_mut_ptr(), s.as_ptr());
                (vec![s.to_vec()], vec![], Some(r.to_vec()))
            }
            "is_valid_point" => {
                let p = maybe_point(rng, group);
                let valid = if group == Algorithm::Ristretto255 {
                    ffi::crypto_core_ristretto255_is_valid_point(p.as_ptr())
                } else {
                    ffi::crypto_core_ed25519_is_valid_point(p.as_ptr())
                };
                (vec![p], vec![], Some(vec![valid as u8]))
            }
            "add" | "sub" => {
                let (p, q) = (maybe_point(rng, group), maybe_point(rng, group));
                let f = match (group == Algorithm::Ristretto255, short) {
                    (true, "add") => ffi::crypto_core_ristretto255_add,
                    (true, _) => ffi::crypto_core_ristretto255_sub,
                    (false, "add") => ffi::crypto_core_ed25519_add,
                    (false, _) => ffi::crypto_core_ed25519_sub,
                };
                let status = f(r.as_mut_ptr(), p.as_ptr(), q.as_ptr());
                (vec![p, q], vec![], ok(status, r))
            }
            "from_uniform" => {
                let u = array::<32>(rng);
                let status = ffi::crypto_core_ed25519_from_uniform(r.as_mut_ptr(), u.as_ptr());
                (vec![u.to_vec()], vec![], ok(status, r))
            }
            "from_hash" => {
                let h = array::<64>(rng);
                let status = if group == Algorithm::Ristretto255 {
                    ffi::crypto_core_ristretto255_from_hash(r.as_mut_ptr(), h.as_ptr())
                } else {
                    ffi::crypto_core_ed25519_from_hash(r.as_mut_ptr(), h.as_ptr())
                };
                (vec![h.to_vec()], vec![], ok(status, r))
            }
            "crypto_scalarmult_ed25519" | "crypto_scalarmult_ed25519_noclamp" | "crypto_scalarmult_ristretto255" => {
                let (n, p) = (array::<32>(rng), maybe_point(rng, group));
                let f = match short {
                    "crypto_scalarmult_ed25519" => ffi::crypto_scalarmult_ed25519,
                    "crypto_scalarmult_ed25519_noclamp" => ffi::crypto_scalarmult_ed25519_noclamp,
                    _ => ffi::crypto_scalarmult_ristretto255,
                };
                let status = f(r.as_mut_ptr(), n.as_ptr(), p.as_ptr());
                (vec![n.to_vec(), p], vec![], ok(status, r))
            }
            "crypto_scalarmult_ed25519_base" | "crypto_scalarmult_ed25519_base_noclamp" | "crypto_scalarmult_ristretto255_base" => {
                let mut n = array::<32>(rng);
                if rng.next_u32() % 8 == 0 {
                    n = [0; 32]; // the identity, refused by both
                }
                let f = match short {
                    "crypto_scalarmult_ed25519_base" => ffi::crypto_scalarmult_ed25519_base,
                    "crypto_scalarmult_ed25519_base_noclamp" => ffi::crypto_scalarmult_ed25519_base_noclamp,
                    _ => ffi::crypto_scalarmult_ristretto255_base,
                };
                let status = f(r.as_mut_ptr(), n.as_ptr());
                (vec![n.to_vec()], vec![], ok(status, r))
            }
            "sodium_increment" => {
                let n = short_bytes(rng, 41);
                let mut expected = n.clone();
                ffi::sodium_increment(expected.as_mut_ptr(), expected.len());
                (vec![n], vec![], Some(expected))
            }
            "sodium_add" | "sodium_sub" => {
                let (a, b) = same_length_pair(rng);
                let mut expected = a.clone();
                let f = if short == "sodium_add" { ffi::sodium_add } else { ffi::sodium_sub };
                f(expected.as_mut_ptr(), b.as_ptr(), a.len());
                (vec![a, b], vec![], Some(expected))
            }
            "sodium_compare" => {
                let (a, b) = same_length_pair(rng);
                // The op answers sodium_compare + 1 (a byte: 0 less, 1 equal, 2 greater).
                let order = ffi::sodium_compare(a.as_ptr(), b.as_ptr(), a.len());
                (vec![a, b], vec![], Some(vec![(order + 1) as u8]))
            }
            "sodium_memcmp" => {
                let (a, b) = same_length_pair(rng);
                // The op answers 1 for equal (sodium_memcmp's 0).
                let equal = ffi::sodium_memcmp(a.as_ptr().cast(), b.as_ptr().cast(), a.len()) == 0;
                (vec![a, b], vec![], Some(vec![u8::from(equal)]))
            }
            "sodium_is_zero" => {
                let n = if rng.next_u32() % 2 == 0 { vec![0u8; below(rng, 41)] } else { short_bytes(rng, 41) };
                let zero = ffi::sodium_is_zero(n.as_ptr(), n.len());
                (vec![n], vec![], Some(vec![zero as u8]))
            }
            "sodium_pad" => {
                let (data, block) = (short_bytes(rng, 100), 1 + below(rng, 40));
                let mut buf = data.clone();
                buf.resize(data.len() + block, 0);
                let mut padded_len = 0usize;
                let status = ffi::sodium_pad(&mut padded_len, buf.as_mut_ptr(), data.len(), block, buf.len());
                buf.truncate(padded_len);
                (vec![data], vec![block as f64], (status == 0).then_some(buf))
            }
            "sodium_unpad" => {
                // A well padded buffer half of the time, else random bytes.
                let block = 1 + below(rng, 40);
                let len = block * (1 + below(rng, 3));
                let mut padded = bytes(rng, len);
                if rng.next_u32() % 2 == 0 {
                    let cut = below(rng, padded.len());
                    padded[cut] = 0x80;
                    padded[cut + 1..].fill(0);
                }
                let mut unpadded_len = 0usize;
                let status = ffi::sodium_unpad(&mut unpadded_len, padded.as_ptr(), padded.len(), block);
                let expected = (status == 0).then(|| padded[..unpadded_len].to_vec());
                (vec![padded], vec![block as f64], expected)
            }
            "randombytes_buf_deterministic" => {
                let (seed, len) = (array::<32>(rng), below(rng, 300));
                let mut expected = vec![0u8; len];
                ffi::randombytes_buf_deterministic(expected.as_mut_ptr().cast(), len, seed.as_ptr());
                (vec![seed.to_vec()], vec![len as f64], Some(expected))
            }
            other => panic!("no libsodium case for {other}"),
        }
    }
}

#[test]
fn operations_match_libsodium_through_the_catalog() {
    let mut rng = seeded(SEED, "operations_match_libsodium_through_the_catalog");
    let mut comparisons = 0usize;
    for row in OPERATIONS {
        let alg = u32::from(row.algorithm.info().id);
        if matches!(row.op, Op::CoreRandom | Op::CoreScalarRandom) {
            // Random: libsodium judges the output (a valid point; a canonical, non-zero scalar).
            for _ in 0..16 {
                let mut out = [0u8; 32];
                call(row.op as u32, alg, &Args { bytes: &[], nums: row.nums }, &mut out).unwrap();
                let valid = unsafe {
                    match (row.op, row.algorithm) {
                        (Op::CoreRandom, Algorithm::Ristretto255) => ffi::crypto_core_ristretto255_is_valid_point(out.as_ptr()) == 1,
                        (Op::CoreRandom, _) => ffi::crypto_core_ed25519_is_valid_point(out.as_ptr()) == 1,
                        _ => {
                            let (mut wide, mut reduced) = ([0u8; 64], [0u8; 32]);
                            wide[..32].copy_from_slice(&out);
                            ffi::crypto_core_ed25519_scalar_reduce(reduced.as_mut_ptr(), wide.as_ptr());
                            reduced == out && ffi::sodium_is_zero(out.as_ptr(), 32) == 0
                        }
                    }
                };
                assert!(valid, "{}: {out:02x?}", row.function);
                comparisons += 1;
            }
            continue;
        }
        for _ in 0..64 {
            let (inputs, extra, expected) = libsodium_case(row.function, row.algorithm, &mut rng);
            let bytes: Vec<Option<&[u8]>> = inputs.iter().map(|b| Some(b.as_slice())).collect();
            let nums: Vec<f64> = row.nums.iter().chain(&extra).copied().collect();
            let mut out = vec![0u8; 512];
            let ours = call(row.op as u32, alg, &Args { bytes: &bytes, nums: &nums }, &mut out).map(|n| out[..n].to_vec()).ok();
            assert_eq!(ours, expected, "{} on {inputs:02x?} {nums:?}", row.function);
            comparisons += 1;
        }
    }
    println!("libsodium_catalog: {comparisons} comparisons over {} functions", OPERATIONS.len());
}

/// The issue's other families, by libsodium's name: the catalog entry the
/// name finds, and libsodium's sizes in that entry's columns (key, nonce or
/// header, tag, output). Their functions are the generic entry points'
/// (Hash, Mac, AeadSeal/AeadOpen, Stream ...) or ops 100-117 and 138-141.
macro_rules! families {
    ($( $family:literal => $entry:literal, key $key:expr, nonce $nonce:expr, tag $tag:expr, out $out:expr; )*) => {
        fn issue_families() -> Vec<(&'static str, &'static str, Option<u32>, Option<u32>, Option<u32>, Option<u32>)> {
            vec![ $( ($family, $entry, $key, $nonce, $tag, $out) ),* ]
        }
    };
}

families! {
    "crypto_secretstream_xchacha20poly1305" => "secretstream-xchacha20-poly1305",
        key Some(ffi::crypto_secretstream_xchacha20poly1305_KEYBYTES), nonce Some(ffi::crypto_secretstream_xchacha20poly1305_HEADERBYTES), tag Some(ffi::crypto_secretstream_xchacha20poly1305_ABYTES), out None;
    "crypto_aead_chacha20poly1305" => "chacha20-poly1305-legacy",
        key Some(ffi::crypto_aead_chacha20poly1305_KEYBYTES), nonce Some(ffi::crypto_aead_chacha20poly1305_NPUBBYTES), tag Some(ffi::crypto_aead_chacha20poly1305_ABYTES), out None;
    "crypto_aead_chacha20poly1305_ietf" => "chacha20-poly1305",
        key Some(ffi::crypto_aead_chacha20poly1305_ietf_KEYBYTES), nonce Some(ffi::crypto_aead_chacha20poly1305_ietf_NPUBBYTES), tag Some(ffi::crypto_aead_chacha20poly1305_ietf_ABYTES), out None;
    "crypto_aead_xchacha20poly1305_ietf" => "xchacha20-poly1305",
        key Some(ffi::crypto_aead_xchacha20poly1305_ietf_KEYBYTES), nonce Some(ffi::crypto_aead_xchacha20poly1305_ietf_NPUBBYTES), tag Some(ffi::crypto_aead_xchacha20poly1305_ietf_ABYTES), out None;
    "crypto_aead_aes256gcm" => "aes-gcm",
        key Some(ffi::crypto_aead_aes256gcm_KEYBYTES), nonce Some(ffi::crypto_aead_aes256gcm_NPUBBYTES), tag Some(ffi::crypto_aead_aes256gcm_ABYTES), out None;
    "crypto_kx" => "kx", key Some(ffi::crypto_kx_SECRETKEYBYTES), nonce None, tag None, out Some(ffi::crypto_kx_SESSIONKEYBYTES);
    "crypto_shorthash" => "siphash-2-4", key Some(ffi::crypto_shorthash_siphash24_KEYBYTES), nonce None, tag None, out Some(ffi::crypto_shorthash_siphash24_BYTES);
    "crypto_shorthash_siphashx24" => "siphashx-2-4", key Some(ffi::crypto_shorthash_siphashx24_KEYBYTES), nonce None, tag None, out Some(ffi::crypto_shorthash_siphashx24_BYTES);
    "crypto_generichash" => "blake2b", key Some(ffi::crypto_generichash_KEYBYTES_MAX), nonce None, tag None, out Some(ffi::crypto_generichash_BYTES_MAX);
    "crypto_hash_sha256" => "sha256", key None, nonce None, tag None, out Some(ffi::crypto_hash_sha256_BYTES);
    "crypto_hash_sha512" => "sha512", key None, nonce None, tag None, out Some(ffi::crypto_hash_sha512_BYTES);
    "crypto_auth" => "hmac-sha512-trunc256", key Some(ffi::crypto_auth_KEYBYTES), nonce None, tag Some(ffi::crypto_auth_BYTES), out Some(ffi::crypto_auth_BYTES);
    "crypto_auth_hmacsha256" => "hmac-sha256", key Some(ffi::crypto_auth_hmacsha256_KEYBYTES), nonce None, tag Some(ffi::crypto_auth_hmacsha256_BYTES), out Some(ffi::crypto_auth_hmacsha256_BYTES);
    "crypto_auth_hmacsha512" => "hmac-sha512", key Some(ffi::crypto_auth_hmacsha512_KEYBYTES), nonce None, tag Some(ffi::crypto_auth_hmacsha512_BYTES), out Some(ffi::crypto_auth_hmacsha512_BYTES);
    "crypto_onetimeauth" => "poly1305", key Some(ffi::crypto_onetimeauth_KEYBYTES), nonce None, tag Some(ffi::crypto_onetimeauth_BYTES), out Some(ffi::crypto_onetimeauth_BYTES);
    "crypto_box" => "box", key Some(ffi::crypto_box_SECRETKEYBYTES), nonce Some(ffi::crypto_box_NONCEBYTES), tag Some(ffi::crypto_box_MACBYTES), out None;
    "crypto_box_seal" => "sealedbox", key Some(ffi::crypto_box_SECRETKEYBYTES), nonce None, tag Some(ffi::crypto_box_SEALBYTES), out None;
    "crypto_box_curve25519xchacha20poly1305" => "box-xchacha20-poly1305",
        key Some(ffi::crypto_box_curve25519xchacha20poly1305_SECRETKEYBYTES), nonce Some(ffi::crypto_box_curve25519xchacha20poly1305_NONCEBYTES), tag Some(ffi::crypto_box_curve25519xchacha20poly1305_MACBYTES), out None;
    "crypto_box_curve25519xchacha20poly1305_seal" => "sealedbox-xchacha20-poly1305",
        key Some(ffi::crypto_box_curve25519xchacha20poly1305_SECRETKEYBYTES), nonce None, tag Some(ffi::crypto_box_curve25519xchacha20poly1305_SEALBYTES), out None;
    "crypto_secretbox" => "xsalsa20-poly1305", key Some(ffi::crypto_secretbox_xsalsa20poly1305_KEYBYTES), nonce Some(ffi::crypto_secretbox_xsalsa20poly1305_NONCEBYTES), tag Some(ffi::crypto_secretbox_xsalsa20poly1305_MACBYTES), out None;
    "crypto_secretbox_xchacha20poly1305" => "xchacha20-poly1305-secretbox",
        key Some(ffi::crypto_secretbox_xchacha20poly1305_KEYBYTES), nonce Some(ffi::crypto_secretbox_xchacha20poly1305_NONCEBYTES), tag Some(ffi::crypto_secretbox_xchacha20poly1305_MACBYTES), out None;
    "crypto_stream_chacha20" => "chacha20-legacy", key Some(ffi::crypto_stream_chacha20_KEYBYTES), nonce Some(ffi::crypto_stream_chacha20_NONCEBYTES), tag None, out None;
    "crypto_stream_chacha20_ietf" => "chacha20", key Some(ffi::crypto_stream_chacha20_ietf_KEYBYTES), nonce Some(ffi::crypto_stream_chacha20_ietf_NONCEBYTES), tag None, out None;
    "crypto_stream_xchacha20" => "xchacha20", key Some(ffi::crypto_stream_xchacha20_KEYBYTES), nonce Some(ffi::crypto_stream_xchacha20_NONCEBYTES), tag None, out None;
    "crypto_stream_salsa20" => "salsa20", key Some(ffi::crypto_stream_salsa20_KEYBYTES), nonce Some(ffi::crypto_stream_salsa20_NONCEBYTES), tag None, out None;
    "crypto_stream_xsalsa20" => "xsalsa20", key Some(ffi::crypto_stream_xsalsa20_KEYBYTES), nonce Some(ffi::crypto_stream_xsalsa20_NONCEBYTES), tag None, out None;
    "crypto_sign" => "ed25519", key Some(ffi::crypto_sign_SEEDBYTES), nonce None, tag None, out Some(ffi::crypto_sign_BYTES);
    "crypto_scalarmult" => "x25519", key Some(ffi::crypto_scalarmult_curve25519_SCALARBYTES), nonce None, tag None, out Some(ffi::crypto_scalarmult_curve25519_BYTES);
    "crypto_pwhash_argon2i" => "argon2i", key None, nonce None, tag None, out None;
    "crypto_pwhash_argon2id" => "argon2id", key None, nonce None, tag None, out None;
    "crypto_pwhash_scryptsalsa208sha256" => "scrypt", key None, nonce None, tag None, out None;
}

#[test]
fn every_issue_family_is_found_by_its_libsodium_name_with_its_sizes() {
    for (family, entry, key, nonce, tag, out) in issue_families() {
        let found = Algorithm::from_name(family).unwrap_or_else(|_| panic!("{family}: not in the catalog"));
        let info = found.info();
        assert_eq!(info.name, entry, "{family}");
        if let Some(key) = key {
            assert!(info.key.is_some_and(|rule| rule.accepts(key as usize)), "{family}: key {key} against {:?}", info.key);
        }
        if let Some(nonce) = nonce {
            assert_eq!(info.nonce, Some(saline::Expected::Exactly(nonce as usize)), "{family}: nonce");
        }
        if let Some(tag) = tag {
            assert_eq!(info.tag_len, tag as usize, "{family}: tag");
        }
        if let Some(out) = out {
            assert!(info.output_len == out as usize || info.max_output_len == out as usize, "{family}: output {out}, catalog {} (max {})", info.output_len, info.max_output_len);
        }
    }
}
