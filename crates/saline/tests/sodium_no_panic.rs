//! `saline::sodium` never panics: random bytes of random (mostly wrong)
//! lengths through every function, and hostile numbers (counters, costs,
//! block sizes). Results are ignored; a panic fails the test.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use saline::sodium::*;

fn input(rng: &mut ChaCha20Rng) -> Vec<u8> {
    // Around the sizes the functions expect (8, 12, 16, 17, 24, 32, 52, 64)
    // and a few others.
    const SIZES: &[usize] = &[0, 1, 7, 8, 9, 11, 12, 15, 16, 17, 23, 24, 31, 32, 33, 51, 52, 63, 64, 65, 101, 200];
    let mut out = vec![0u8; SIZES[(rng.next_u32() as usize) % SIZES.len()]];
    rng.fill_bytes(&mut out);
    out
}

fn number(rng: &mut ChaCha20Rng) -> u64 {
    [0, 1, 3, 4, 255, u64::from(u32::MAX), u64::MAX, rng.next_u64()][(rng.next_u32() % 8) as usize]
}

#[test]
fn no_sodium_function_panics() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x50d1_0b0e);
    for _ in 0..300 {
        let (a, b, c, d) = (input(&mut rng), input(&mut rng), input(&mut rng), input(&mut rng));
        let n = number(&mut rng);
        let small = (n % 100) as usize;
        let text = String::from_utf8_lossy(&a).into_owned();

        if let Ok(mut state) = secretstream::State::from_bytes(&a) {
            let _ = secretstream::crypto_secretstream_xchacha20poly1305_push(&mut state, &b, &c, n as u8);
            let _ = secretstream::crypto_secretstream_xchacha20poly1305_pull(&mut state, &b, &c);
            secretstream::crypto_secretstream_xchacha20poly1305_rekey(&mut state);
        }
        let _ = secretstream::crypto_secretstream_xchacha20poly1305_init_pull(&a, &b);
        let _ = secretstream::init_push_with_header(&a, &b);

        let _ = aead::crypto_aead_chacha20poly1305_decrypt(&a, &b, &c, &d);
        let _ = aead::crypto_aead_chacha20poly1305_ietf_decrypt_detached(&a, &b, &c, &d, &d);
        let _ = aead::crypto_aead_xchacha20poly1305_ietf_encrypt(&a, &b, &c, &d);
        let _ = aead::crypto_aead_aes256gcm_decrypt(&a, &b, &c, &d);

        let _ = kx::crypto_kx_seed_keypair(&a);
        let _ = kx::crypto_kx_client_session_keys(&a, &b, &c);
        let _ = kx::crypto_kx_server_session_keys(&a, &b, &c);

        let _ = stream::crypto_stream_chacha20_xor_ic(&a, &b, n, &c);
        let _ = stream::crypto_stream_chacha20_ietf_xor_ic(&a, &b, n as u32, &c);
        let _ = stream::crypto_stream_xchacha20_xor_ic(&a, &b, n, &c);
        let _ = stream::crypto_stream_salsa20_xor_ic(&a, &b, n, &c);
        let _ = stream::crypto_stream_xsalsa20_xor_ic(&a, &b, n, &c);

        let _ = secretbox::crypto_secretbox_xchacha20poly1305_open_easy(&a, &b, &c);
        let _ = crypto_box::crypto_box_curve25519xchacha20poly1305_open_easy(&a, &b, &c, &d);
        let _ = crypto_box::crypto_box_curve25519xchacha20poly1305_seal_open(&a, &b, &c);
        let _ = crypto_box::crypto_box_open_easy_afternm(&a, &b, &c);

        let _ = sign::crypto_sign_final_create(&sign::crypto_sign_init(), &a);
        let _ = sign::crypto_sign_final_verify(&sign::crypto_sign_init(), &a, &b);
        let _ = sign::crypto_sign_ed25519_sk_to_seed(&a);

        let _ = core_ed25519::crypto_core_ed25519_is_valid_point(&a);
        let _ = core_ed25519::crypto_core_ed25519_add(&a, &b);
        let _ = core_ed25519::crypto_core_ed25519_from_uniform(&a);
        let _ = core_ed25519::crypto_core_ed25519_from_hash(&a);
        let _ = core_ed25519::crypto_scalarmult_ed25519(&a, &b);
        let _ = core_ed25519::crypto_scalarmult_ed25519_base_noclamp(&a);
        let _ = core_ed25519::crypto_core_ed25519_scalar_invert(&a);
        let _ = core_ed25519::crypto_core_ed25519_scalar_sub(&a, &b);
        let _ = core_ed25519::crypto_core_ed25519_scalar_reduce(&a);
        let _ = ristretto255::crypto_core_ristretto255_sub(&a, &b);
        let _ = ristretto255::crypto_core_ristretto255_from_hash(&a);
        let _ = ristretto255::crypto_scalarmult_ristretto255(&a, &b);

        // Costs stay cheap or are refused before any work.
        let _ = pwhash::crypto_pwhash_str_verify(&text, &b);
        let _ = pwhash::crypto_pwhash_str_needs_rehash(&text, n, n as usize);
        let _ = pwhash::crypto_pwhash_scryptsalsa208sha256_str_verify(&text, &b);
        let _ = pwhash::crypto_pwhash_scryptsalsa208sha256_str_needs_rehash(&text, n, n as usize);
        let _ = pwhash::crypto_pwhash(small, &a, &b, n % 4, 8192 + small, (n % 4) as i32);

        let mut x = a.clone();
        utils::sodium_increment(&mut x);
        let _ = utils::sodium_add(&mut x, &b);
        let _ = utils::sodium_sub(&mut x, &b);
        let _ = utils::sodium_compare(&a, &b);
        // A block size the allocator refuses is an error; a few GiB would be honoured, slowly.
        let _ = utils::sodium_pad(&a, if n > 1 << 20 && n < 1 << 48 { small } else { n as usize });
        let _ = utils::sodium_unpad(&a, n as usize);
        let _ = utils::randombytes_buf_deterministic(small, &a);

        let _ = generichash::crypto_generichash(small, &a, Some(&b));
        let _ = generichash::crypto_generichash_blake2b_salt_personal(small, &a, Some(&b), Some(&c), Some(&d));
        let _ = auth::crypto_auth_verify(&a, &b, &c);
        let _ = auth::crypto_onetimeauth_init(&a);
    }
    // Hostile strings with absurd costs, each refused before any work.
    for s in [
        "$argon2id$v=19$m=4294967295,t=4294967295,p=16777215$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
        "$argon2i$v=19$m=2097152,t=1000,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
        "$7$zzzzzzzzzzz/....................................................................................",
    ] {
        assert!(pwhash::crypto_pwhash_str_verify(s, b"pw").is_err() || pwhash::crypto_pwhash_scryptsalsa208sha256_str_verify(s, b"pw").is_err());
    }
}
