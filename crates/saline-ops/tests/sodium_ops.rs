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
