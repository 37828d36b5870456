//! The libsodium operations (codes 100 and up) against `saline::sodium`
//! directly: same bytes out, and the documented output layouts.

use saline::sodium::secretstream as ss;
use saline::Algorithm;
use saline_ops::{call, Args, Op};

fn id(algorithm: Algorithm) -> u32 {
    u32::from(algorithm.info().id)
}

fn run(op: Op, alg: u32, bytes: &[Option<&[u8]>], nums: &[f64], out_len: usize) -> saline::Result<Vec<u8>> {
    let mut out = vec![0u8; out_len];
    let n = call(op as u32, alg, &Args { bytes, nums }, &mut out)?;
    out.truncate(n);
    Ok(out)
}

#[test]
fn secretstream_ops_match_the_core() {
    let alg = id(Algorithm::SecretStreamXChaCha20Poly1305);
    let (key, header) = ([5u8; 32], [6u8; 24]);
    let init = run(Op::SecretStreamInitPush, alg, &[Some(&key), Some(&header)], &[], 76).unwrap();
    assert_eq!(&init[52..], &header);
    let mut core = ss::init_push_with_header(&key, &header).unwrap();
    assert_eq!(&init[..52], &core.to_bytes()[..]);

    // Push three chunks through the ops, threading the state.
    let mut state = init[..52].to_vec();
    let mut chunks = Vec::new();
    for (i, tag) in [ss::TAG_MESSAGE, ss::TAG_REKEY, ss::TAG_FINAL].into_iter().enumerate() {
        let message = vec![i as u8; 10 * i];
        let out = run(Op::SecretStreamPush, alg, &[Some(&state), Some(&message), Some(b"ad")], &[f64::from(tag)], 52 + message.len() + 17).unwrap();
        let expected = ss::crypto_secretstream_xchacha20poly1305_push(&mut core, &message, b"ad", tag).unwrap();
        assert_eq!(&out[52..], &expected[..]);
        assert_eq!(&out[..52], &core.to_bytes()[..]);
        state = out[..52].to_vec();
        chunks.push((message, tag, expected));
    }
    let rekeyed = run(Op::SecretStreamRekey, alg, &[Some(&state)], &[], 52).unwrap();
    ss::crypto_secretstream_xchacha20poly1305_rekey(&mut core);
    assert_eq!(&rekeyed[..], &core.to_bytes()[..]);

    // Pull them back: next state ‖ tag ‖ message.
    let mut state = run(Op::SecretStreamInitPull, alg, &[Some(&header), Some(&key)], &[], 52).unwrap();
    for (message, tag, chunk) in &chunks {
        let forged = {
            let mut c = chunk.clone();
            c[0] ^= 1;
            c
        };
        let err = run(Op::SecretStreamPull, alg, &[Some(&state), Some(&forged), Some(b"ad")], &[], 53 + message.len()).unwrap_err();
        assert_eq!(err, saline::Error::VerificationFailed);
        let out = run(Op::SecretStreamPull, alg, &[Some(&state), Some(chunk), Some(b"ad")], &[], 53 + message.len()).unwrap();
        assert_eq!((out[52], &out[53..]), (*tag, &message[..]));
        state = out[..52].to_vec();
    }

    // Hostile arguments are typed errors.
    assert!(run(Op::SecretStreamPush, alg, &[Some(&state), Some(b"")], &[4.0], 69).is_err());
    assert!(run(Op::SecretStreamPush, alg, &[Some(&state), Some(b"")], &[300.0], 69).is_err());
    assert!(run(Op::SecretStreamPush, alg, &[Some(&state[..51]), Some(b"")], &[0.0], 69).is_err());
    assert!(run(Op::SecretStreamPull, alg, &[Some(&state), Some(&[0u8; 16])], &[], 100).is_err());
    assert!(run(Op::SecretStreamPush, alg, &[Some(&state), Some(b"abc")], &[0.0], 52 + 3 + 16).is_err());
    // A random header when none is given.
    let a = run(Op::SecretStreamInitPush, alg, &[Some(&key)], &[], 76).unwrap();
    let b = run(Op::SecretStreamInitPush, alg, &[Some(&key)], &[], 76).unwrap();
    assert_ne!(a[52..], b[52..]);
}

/// One call per libsodium operation from 105 on, against `saline::sodium`.
#[test]
fn sodium_ops_match_the_core() {
    use saline::sodium::{core_ed25519 as ed, crypto_box as sbox, kx, pwhash, ristretto255 as rist, secretbox, sign, stream, utils};
    let none = 0;
    // kx
    let server = run(Op::KxKeyPair, none, &[Some(&[2u8; 32])], &[], 64).unwrap();
    let (spk, ssk) = kx::crypto_kx_seed_keypair(&[2u8; 32]).unwrap();
    assert_eq!((&server[..32], &server[32..]), (&spk[..], &ssk[..]));
    let client = run(Op::KxKeyPair, none, &[None], &[], 64).unwrap();
    let c = run(Op::KxClientSessionKeys, none, &[Some(&client[..32]), Some(&client[32..]), Some(&spk)], &[], 64).unwrap();
    let s = run(Op::KxServerSessionKeys, none, &[Some(&spk), Some(&ssk[..]), Some(&client[..32])], &[], 64).unwrap();
    assert_eq!((&c[..32], &c[32..]), (&s[32..], &s[..32]));
    assert!(run(Op::KxClientSessionKeys, none, &[Some(&client[..32]), Some(&client[32..]), Some(&[0u8; 32])], &[], 64).is_err());

    // crypto_stream_*_xor_ic, 64-bit counter across 2^32.
    let ic = (1u64 << 32) - 1;
    let out = run(Op::SodiumStreamXorIc, id(Algorithm::ChaCha20Legacy), &[Some(&[0u8; 200]), Some(&[1u8; 8]), Some(&[3u8; 32])], &[ic as f64], 200).unwrap();
    assert_eq!(out, stream::crypto_stream_chacha20_xor_ic(&[0u8; 200], &[1u8; 8], ic, &[3u8; 32]).unwrap());
    let out = run(Op::SodiumStreamXorIc, id(Algorithm::XSalsa20), &[Some(b"abc"), Some(&[1u8; 24]), Some(&[3u8; 32])], &[7.0], 3).unwrap();
    assert_eq!(out, stream::crypto_stream_xsalsa20_xor_ic(b"abc", &[1u8; 24], 7, &[3u8; 32]).unwrap());
    assert!(run(Op::SodiumStreamXorIc, id(Algorithm::ChaCha20), &[Some(b"abc"), Some(&[1u8; 12]), Some(&[3u8; 32])], &[ic as f64 + 1.0], 3).is_err());
    assert!(run(Op::SodiumStreamXorIc, id(Algorithm::AesCtr), &[Some(b"abc"), Some(&[1u8; 16]), Some(&[3u8; 32])], &[0.0], 3).is_err());

    // XChaCha20 boxes.
    let (key, nonce) = ([4u8; 32], [5u8; 24]);
    let boxed = run(Op::SecretboxXChaCha20Poly1305Seal, none, &[Some(b"hello"), Some(&nonce), Some(&key)], &[], 21).unwrap();
    assert_eq!(boxed, secretbox::crypto_secretbox_xchacha20poly1305_easy(b"hello", &nonce, &key).unwrap());
    assert_eq!(run(Op::SecretboxXChaCha20Poly1305Open, none, &[Some(&boxed), Some(&nonce), Some(&key)], &[], 5).unwrap(), b"hello");
    let (apk, ask) = sbox::crypto_box_seed_keypair(&[6u8; 32]).unwrap();
    let (bpk, bsk) = sbox::crypto_box_seed_keypair(&[7u8; 32]).unwrap();
    let k = run(Op::BoxXChaCha20Poly1305Before, none, &[Some(&bpk), Some(&ask[..])], &[], 32).unwrap();
    assert_eq!(k, &sbox::crypto_box_curve25519xchacha20poly1305_beforenm(&bpk, &ask[..]).unwrap()[..]);
    let boxed = run(Op::BoxXChaCha20Poly1305Seal, none, &[Some(b"hi"), Some(&nonce), Some(&bpk), Some(&ask[..])], &[], 18).unwrap();
    assert_eq!(run(Op::BoxXChaCha20Poly1305Open, none, &[Some(&boxed), Some(&nonce), Some(&apk), Some(&bsk[..])], &[], 2).unwrap(), b"hi");
    let sealed = run(Op::BoxXChaCha20Poly1305SealAnonymous, none, &[Some(b"anon"), Some(&bpk)], &[], 52).unwrap();
    assert_eq!(run(Op::BoxXChaCha20Poly1305SealOpen, none, &[Some(&sealed), Some(&bpk), Some(&bsk[..])], &[], 4).unwrap(), b"anon");

    // Ed25519ph.
    let (pk, sk) = sign::crypto_sign_seed_keypair(&[8u8; 32]).unwrap();
    let sig = run(Op::Ed25519phSign, none, &[Some(b"prehashed"), Some(&sk[..])], &[], 64).unwrap();
    assert_eq!(run(Op::Ed25519phVerify, none, &[Some(&sig), Some(b"prehashed"), Some(&pk)], &[], 1).unwrap(), [1]);
    assert_eq!(run(Op::Ed25519phVerify, none, &[Some(&sig), Some(b"other"), Some(&pk)], &[], 1).unwrap(), [0]);

    // Edwards25519 and Ristretto255, called with their catalog entries.
    let (edw, rst) = (id(Algorithm::Edwards25519), id(Algorithm::Ristretto255));
    let p = run(Op::CoreEd25519FromUniform, edw, &[Some(&[9u8; 32])], &[], 32).unwrap();
    assert_eq!(p, ed::crypto_core_ed25519_from_uniform(&[9u8; 32]).unwrap());
    assert_eq!(run(Op::CoreEd25519IsValidPoint, edw, &[Some(&p)], &[], 1).unwrap(), [1]);
    let q = run(Op::CoreEd25519FromHash, edw, &[Some(&[1u8; 64])], &[], 32).unwrap();
    let sum = run(Op::CoreEd25519Add, edw, &[Some(&p), Some(&q)], &[], 32).unwrap();
    assert_eq!(run(Op::CoreEd25519Sub, edw, &[Some(&sum), Some(&q)], &[], 32).unwrap(), p);
    let n = [3u8; 32];
    assert_eq!(run(Op::ScalarmultEd25519, edw, &[Some(&n), Some(&p)], &[1.0], 32).unwrap(), ed::crypto_scalarmult_ed25519(&n, &p).unwrap());
    assert_eq!(run(Op::ScalarmultEd25519, edw, &[Some(&n), Some(&p)], &[0.0], 32).unwrap(), ed::crypto_scalarmult_ed25519_noclamp(&n, &p).unwrap());
    assert_eq!(run(Op::ScalarmultEd25519Base, edw, &[Some(&n)], &[0.0], 32).unwrap(), ed::crypto_scalarmult_ed25519_base_noclamp(&n).unwrap());
    assert!(run(Op::ScalarmultEd25519Base, edw, &[Some(&[0u8; 32])], &[1.0], 32).is_err());
    let (x, y) = ([0xffu8; 32], [0x11u8; 32]);
    for (op, expected) in [
        (Op::CoreScalarInvert, ed::crypto_core_ed25519_scalar_invert(&x).unwrap()),
        (Op::CoreScalarNegate, ed::crypto_core_ed25519_scalar_negate(&x).unwrap()),
        (Op::CoreScalarComplement, ed::crypto_core_ed25519_scalar_complement(&x).unwrap()),
    ] {
        for group in [edw, rst] {
            assert_eq!(run(op, group, &[Some(&x)], &[], 32).unwrap(), expected);
        }
    }
    for (op, expected) in [
        (Op::CoreScalarAdd, ed::crypto_core_ed25519_scalar_add(&x, &y).unwrap()),
        (Op::CoreScalarSub, ed::crypto_core_ed25519_scalar_sub(&x, &y).unwrap()),
        (Op::CoreScalarMul, ed::crypto_core_ed25519_scalar_mul(&x, &y).unwrap()),
    ] {
        for group in [edw, rst] {
            assert_eq!(run(op, group, &[Some(&x), Some(&y)], &[], 32).unwrap(), expected);
        }
    }
    assert_eq!(run(Op::CoreScalarReduce, rst, &[Some(&[0xffu8; 64])], &[], 32).unwrap(), ed::crypto_core_ed25519_scalar_reduce(&[0xff; 64]).unwrap());
    let r = run(Op::Ristretto255FromHash, rst, &[Some(&[2u8; 64])], &[], 32).unwrap();
    assert_eq!(run(Op::Ristretto255IsValidPoint, rst, &[Some(&r)], &[], 1).unwrap(), [1]);
    let r2 = run(Op::Ristretto255Add, rst, &[Some(&r), Some(&r)], &[], 32).unwrap();
    assert_eq!(run(Op::Ristretto255Sub, rst, &[Some(&r2), Some(&r)], &[], 32).unwrap(), r);
    let mut two = [0u8; 32];
    two[0] = 2;
    assert_eq!(run(Op::ScalarmultRistretto255, rst, &[Some(&two), Some(&r)], &[], 32).unwrap(), r2);
    assert_eq!(run(Op::ScalarmultRistretto255Base, rst, &[Some(&two)], &[], 32).unwrap(), rist::crypto_scalarmult_ristretto255_base(&two).unwrap());

    // pwhash, at the cheapest costs.
    let derived = run(Op::Pwhash, id(Algorithm::Argon2id), &[Some(b"pw"), Some(&[1u8; 16])], &[16.0, 1.0, 8192.0], 16).unwrap();
    assert_eq!(derived, *pwhash::crypto_pwhash(16, b"pw", &[1u8; 16], 1, 8192, pwhash::ALG_ARGON2ID13).unwrap());
    let derived = run(Op::Pwhash, id(Algorithm::Scrypt), &[Some(b"pw"), Some(&[1u8; 32])], &[16.0, 32768.0, 102400.0], 16).unwrap();
    assert_eq!(derived, *pwhash::crypto_pwhash_scryptsalsa208sha256(16, b"pw", &[1u8; 32], 32768, 102400).unwrap());
    for (alg, ops, mem) in [(Algorithm::Argon2i, 3.0, 8192.0), (Algorithm::Argon2id, 1.0, 8192.0), (Algorithm::Scrypt, 32768.0, 102400.0)] {
        let string = run(Op::PwhashStr, id(alg), &[Some(b"pw")], &[ops, mem], 128).unwrap();
        run(Op::PwhashStrVerify, none, &[Some(b"pw"), Some(&string)], &[], 0).unwrap();
        assert_eq!(run(Op::PwhashStrVerify, none, &[Some(b"px"), Some(&string)], &[], 0).unwrap_err(), saline::Error::VerificationFailed);
        assert_eq!(run(Op::PwhashStrNeedsRehash, none, &[Some(&string)], &[ops, mem], 1).unwrap(), [0]);
        assert_eq!(run(Op::PwhashStrNeedsRehash, none, &[Some(&string)], &[ops * 2.0, mem], 1).unwrap(), [1]);
    }
    assert!(run(Op::PwhashStrVerify, none, &[Some(b"pw"), Some(b"$argon2id$v=19$m=4294967295,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA")], &[], 0).is_err());

    // Utilities, called with their catalog entries.
    let (utils_id, deterministic) = (id(Algorithm::SodiumUtils), id(Algorithm::RandomBytesDeterministic));
    assert_eq!(run(Op::SodiumIncrement, utils_id, &[Some(&[0xff, 0xff, 1])], &[], 3).unwrap(), [0, 0, 2]);
    assert_eq!(run(Op::SodiumAdd, utils_id, &[Some(&[0xff, 1]), Some(&[1, 0])], &[], 2).unwrap(), [0, 2]);
    assert_eq!(run(Op::SodiumSub, utils_id, &[Some(&[0, 2]), Some(&[1, 0])], &[], 2).unwrap(), [0xff, 1]);
    assert_eq!(run(Op::SodiumCompare, utils_id, &[Some(&[1, 2]), Some(&[2, 1])], &[], 1).unwrap(), [2]);
    assert_eq!(run(Op::SodiumIsZero, utils_id, &[Some(&[0, 0])], &[], 1).unwrap(), [1]);
    let padded = run(Op::SodiumPad, utils_id, &[Some(b"abc")], &[8.0], 8).unwrap();
    assert_eq!(padded, utils::sodium_pad(b"abc", 8).unwrap());
    assert_eq!(run(Op::SodiumUnpad, utils_id, &[Some(&padded)], &[8.0], 8).unwrap(), b"abc");
    assert_eq!(run(Op::RandomBytesDeterministic, deterministic, &[Some(&[1u8; 32])], &[40.0], 40).unwrap(), utils::randombytes_buf_deterministic(40, &[1u8; 32]).unwrap());

    // The new catalog MACs stream through the generic Stream.
    let mut stream = saline_ops::Stream::new(id(Algorithm::HmacSha512Trunc256), &Args { bytes: &[Some(&[1u8; 32])], nums: &[] }).unwrap();
    stream.update(b"message");
    let mut tag = [0u8; 32];
    stream.digest_into(&mut tag).unwrap();
    assert_eq!(tag.to_vec(), saline::sodium::auth::crypto_auth(b"message", &[1u8; 32]).unwrap());
    let mut siphash = saline_ops::Stream::new(id(Algorithm::SipHash24), &Args { bytes: &[Some(&[1u8; 16])], nums: &[] }).unwrap();
    assert_eq!(siphash.output_len(), 8);
    siphash.update(b"x");
    assert_eq!(siphash.digest_into(&mut [0u8; 8]).unwrap(), 8);
}

#[test]
fn group_and_utility_ops_check_their_entry() {
    let edw = id(Algorithm::Edwards25519);
    let rst = id(Algorithm::Ristretto255);
    let p = run(Op::CoreEd25519FromUniform, edw, &[Some(&[9u8; 32])], &[], 32).unwrap();
    // 0, the bindings' "no algorithm", picks the op's first entry.
    assert_eq!(run(Op::CoreEd25519FromUniform, 0, &[Some(&[9u8; 32])], &[], 32).unwrap(), p);
    // Another entry, another kind or an unknown id is refused before any work.
    for (op, alg) in [
        (Op::CoreEd25519FromUniform, rst),
        (Op::Ristretto255FromHash, edw),
        (Op::CoreEd25519FromUniform, id(Algorithm::Sha256)),
        (Op::SodiumIncrement, edw),
        (Op::CoreEd25519FromUniform, 9999),
    ] {
        let err = run(op, alg, &[Some(&[9u8; 64])], &[], 32).unwrap_err();
        assert!(matches!(err, saline::Error::UnknownAlgorithm { .. }), "{op:?} with #{alg}: {err}");
    }
    assert_eq!(
        run(Op::CoreEd25519FromUniform, rst, &[Some(&[9u8; 32])], &[], 32).unwrap_err().to_string(),
        "unknown group algorithm: \"ristretto255\" (see saline::catalog::ALGORITHMS)"
    );
    // sodium_memcmp is the constant-time compare, which takes sodium-utils or 0.
    assert_eq!(run(Op::ConstantTimeEqual, id(Algorithm::SodiumUtils), &[Some(b"ab"), Some(b"ab")], &[], 1).unwrap(), [1]);
    assert_eq!(run(Op::ConstantTimeEqual, 0, &[Some(b"ab"), Some(b"ac")], &[], 1).unwrap(), [0]);
    assert!(run(Op::ConstantTimeEqual, edw, &[Some(b"ab"), Some(b"ab")], &[], 1).is_err());

    // The random ops give a point of the group asked for, and scalars below ℓ.
    for _ in 0..8 {
        let point = run(Op::CoreRandom, edw, &[], &[], 32).unwrap();
        assert_eq!(run(Op::CoreEd25519IsValidPoint, edw, &[Some(&point)], &[], 1).unwrap(), [1]);
        let point = run(Op::CoreRandom, rst, &[], &[], 32).unwrap();
        assert_eq!(run(Op::Ristretto255IsValidPoint, rst, &[Some(&point)], &[], 1).unwrap(), [1]);
        for group in [edw, rst] {
            let s = run(Op::CoreScalarRandom, group, &[], &[], 32).unwrap();
            // A canonical non-zero scalar: reducing it (padded to 64 bytes) changes nothing.
            let mut wide = [0u8; 64];
            wide[..32].copy_from_slice(&s);
            assert_eq!(run(Op::CoreScalarReduce, group, &[Some(&wide)], &[], 32).unwrap(), s);
            assert!(s.iter().any(|&b| b != 0));
        }
    }
}
