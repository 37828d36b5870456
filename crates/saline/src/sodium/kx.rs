//! `crypto_kx`: libsodium's key exchange. Both sides compute
//! q = X25519(own secret, peer public) and
//! BLAKE2b-512(q ‖ client_pk ‖ server_pk); the client receives with the
//! first half and transmits with the second, the server the other way round
//! (libsodium `crypto_kx/crypto_kx.c`).
//!
//! ```
//! use saline::sodium::kx::*;
//! let (client_pk, client_sk) = crypto_kx_seed_keypair(&[1u8; 32])?;
//! let (server_pk, server_sk) = crypto_kx_seed_keypair(&[2u8; 32])?;
//! let (client_rx, client_tx) = crypto_kx_client_session_keys(&client_pk, &client_sk[..], &server_pk)?;
//! let (server_rx, server_tx) = crypto_kx_server_session_keys(&server_pk, &server_sk[..], &client_pk)?;
//! assert_eq!((client_rx, client_tx), (server_tx, server_rx));
//! # Ok::<(), saline::Error>(())
//! ```

use zeroize::Zeroizing;

use crate::cipher::fixed;
use crate::curve::x25519;
use crate::error::Result;
use crate::hash::{blake2::Blake2b, HashOptions};

/// `crypto_kx_PUBLICKEYBYTES`.
pub const PUBLICKEYBYTES: usize = 32;
/// `crypto_kx_SECRETKEYBYTES`.
pub const SECRETKEYBYTES: usize = 32;
/// `crypto_kx_SEEDBYTES`.
pub const SEEDBYTES: usize = 32;
/// `crypto_kx_SESSIONKEYBYTES`.
pub const SESSIONKEYBYTES: usize = 32;

/// A session key (received-with or transmit-with), wiped on drop.
pub type SessionKey = Zeroizing<[u8; SESSIONKEYBYTES]>;

fn blake2b(out: &mut [u8], data: &[u8]) {
    // BLAKE2b's own one-shot (what `hash::hash_into` runs for it), which
    // every build contains.
    Blake2b::hash_into(&HashOptions::default(), out.len(), data, out).expect("BLAKE2b takes 32 and 64-byte outputs");
}

/// `crypto_kx_keypair`: a random key pair (public key, secret key).
///
/// # Errors
/// [`crate::Error::RandomSource`].
pub fn crypto_kx_keypair() -> Result<([u8; PUBLICKEYBYTES], Zeroizing<[u8; SECRETKEYBYTES]>)> {
    let secret = Zeroizing::new(crate::random::array::<SECRETKEYBYTES>()?);
    Ok((x25519::public_key(&secret[..])?, secret))
}

/// `crypto_kx_seed_keypair`: secret key = BLAKE2b-256(seed).
///
/// # Errors
/// [`crate::Error::InvalidLength`] unless `seed` is 32 bytes.
pub fn crypto_kx_seed_keypair(seed: &[u8]) -> Result<([u8; PUBLICKEYBYTES], Zeroizing<[u8; SECRETKEYBYTES]>)> {
    let seed: &[u8; SEEDBYTES] = fixed("seed", seed)?;
    let mut secret = Zeroizing::new([0u8; SECRETKEYBYTES]);
    blake2b(&mut secret[..], seed);
    Ok((x25519::public_key(&secret[..])?, secret))
}

/// BLAKE2b-512(q ‖ client_pk ‖ server_pk), split into its halves.
fn session_keys(shared: &[u8; 32], client_pk: &[u8; 32], server_pk: &[u8; 32]) -> (SessionKey, SessionKey) {
    let mut input = Zeroizing::new([0u8; 96]);
    input[..32].copy_from_slice(shared);
    input[32..64].copy_from_slice(client_pk);
    input[64..].copy_from_slice(server_pk);
    let mut keys = Zeroizing::new([0u8; 64]);
    blake2b(&mut keys[..], &input[..]);
    let (mut first, mut second) = (Zeroizing::new([0u8; 32]), Zeroizing::new([0u8; 32]));
    first.copy_from_slice(&keys[..32]);
    second.copy_from_slice(&keys[32..]);
    (first, second)
}

/// `crypto_kx_client_session_keys`: (rx, tx) for the client.
///
/// # Errors
/// [`crate::Error::InvalidLength`] for keys that are not 32 bytes;
/// [`crate::Error::InvalidEncoding`] for a server key of small order
/// (libsodium returns -1: the X25519 result would be all zeros).
pub fn crypto_kx_client_session_keys(client_pk: &[u8], client_sk: &[u8], server_pk: &[u8]) -> Result<(SessionKey, SessionKey)> {
    let (client_pk, server_pk) = (fixed("client public key", client_pk)?, fixed("server public key", server_pk)?);
    let shared = Zeroizing::new(x25519::shared_secret(fixed::<32>("client secret key", client_sk)?, server_pk)?);
    Ok(session_keys(&shared, client_pk, server_pk))
}

/// `crypto_kx_server_session_keys`: (rx, tx) for the server.
///
/// # Errors
/// As [`crypto_kx_client_session_keys`], for a client key of small order.
pub fn crypto_kx_server_session_keys(server_pk: &[u8], server_sk: &[u8], client_pk: &[u8]) -> Result<(SessionKey, SessionKey)> {
    let (server_pk, client_pk) = (fixed("server public key", server_pk)?, fixed("client public key", client_pk)?);
    let shared = Zeroizing::new(x25519::shared_secret(fixed::<32>("server secret key", server_sk)?, client_pk)?);
    let (tx, rx) = session_keys(&shared, client_pk, server_pk);
    Ok((rx, tx))
}
