//! The constant-time check. Run under valgrind memcheck (`make ct-check`):
//! every secret input is marked undefined with a memcheck client request, so
//! memcheck reports each conditional branch and each memory address that
//! depends on a secret (Adam Langley's ctgrind, 2010; BoringSSL runs its
//! tests the same way). Outputs that are public by design (ciphertexts, tags,
//! public keys, signatures) are declassified before the harness looks at
//! them. Each check counts the errors memcheck reported while it ran; the
//! paths that branch on a secret by design are excluded by name in
//! `known-variable-time.supp`, and docs/VERIFICATION.md explains each.
//!
//! Every check that has more than one implementation in the core's backend
//! registry runs once per usable backend, forced one at a time.

mod memcheck;

use saline::backend::{backends, force};
use saline::curve::{ed25519, x25519};
use saline::nacl::{crypto_box, secretbox};
use saline::{aead, cipher, kdf, mac, Algorithm};

/// `n` bytes of a fixed pattern, marked secret.
fn secret(n: usize, seed: u8) -> Vec<u8> {
    let bytes: Vec<u8> = (0..n).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)).collect();
    memcheck::secret(&bytes);
    bytes
}

/// `n` bytes of a fixed pattern, public.
fn public(n: usize, seed: u8) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(17).wrapping_add(seed)).collect()
}

/// Declassifies a result that is public by design and returns it.
fn declassify<T: AsRef<[u8]>>(value: T) -> T {
    memcheck::public(value.as_ref());
    value
}

/// Declassifies a decision that is public by design (a verification's
/// accept or reject) and returns it.
fn public_decision<T>(value: saline::Result<T>) -> saline::Result<T> {
    // SAFETY: reads the bytes of a live value, only to mark them defined.
    let bytes = unsafe { std::slice::from_raw_parts((&value as *const saline::Result<T>).cast::<u8>(), std::mem::size_of_val(&value)) };
    memcheck::public(bytes);
    value
}

/// Message lengths: empty, below one block, across block boundaries.
const LENGTHS: [usize; 4] = [0, 15, 64, 1000];

/// The control: a branch on a secret and a table index from a secret, which
/// memcheck must report (twice), or the harness checks nothing.
fn control() -> usize {
    let key = secret(1, 0x5a);
    let table: Vec<u8> = (0..=255).collect();
    let before = memcheck::error_count();
    let index = std::hint::black_box(&key)[0];
    if index > 128 {
        std::hint::black_box(1);
    }
    std::hint::black_box(table[usize::from(index)]);
    memcheck::error_count() - before
}

fn x25519_check() {
    let peer_secret = public(32, 9);
    let peer = x25519::public_key(&peer_secret).unwrap();
    let sk = secret(32, 1);
    declassify(x25519::public_key(&sk).unwrap());
    declassify(x25519::scalarmult(sk.as_slice().try_into().unwrap(), &peer));
    declassify(x25519::shared_secret(&sk, &peer).unwrap());
}

fn ed25519_sign_check() {
    let seed = secret(32, 2);
    let key = ed25519::SigningKey::from_seed(&seed).unwrap();
    declassify(key.public_key());
    for n in LENGTHS {
        declassify(key.sign(&public(n, 3)));
    }
}

fn ed25519_sign_private_key_check() {
    // The 64-byte form seed ‖ public key: the public half is public.
    let seed = public(32, 2);
    let pk = ed25519::SigningKey::from_seed(&seed).unwrap().public_key();
    let mut private = seed.clone();
    private.extend_from_slice(&pk);
    memcheck::secret(&private[..32]);
    let key = ed25519::SigningKey::from_private_key(&private).unwrap();
    declassify(key.sign(b"message"));
}

/// The fixed-base products on encodings with a secret scalar: TweetNaCl's
/// `crypto_scalar_base` and libsodium's `crypto_scalarmult_ed25519_base*`
/// (whose refusal of a zero scalar or an identity product is public).
fn edwards25519_check() {
    use saline::nacl::tweetnacl::crypto_scalar_base;
    use saline::sodium::core_ed25519 as core;
    let scalar = secret(32, 7);
    declassify(crypto_scalar_base(&scalar).unwrap());
    declassify(public_decision(core::crypto_scalarmult_ed25519_base(&scalar)).unwrap());
    declassify(public_decision(core::crypto_scalarmult_ed25519_base_noclamp(&scalar)).unwrap());
}

fn secretbox_check() {
    let key = secret(32, 4);
    let nonce = public(24, 5);
    for n in LENGTHS {
        let message = secret(n, 6);
        let boxed = declassify(secretbox::seal(&message, &nonce, &key).unwrap());
        declassify(secretbox::open(&boxed, &nonce, &key).unwrap());
    }
    // From one buffer into another (the backend's seal_into and open_into:
    // the Node addon's, Go's and Python's secretbox and box).
    let a = aead::Aead::new(Algorithm::XSalsa20Poly1305, &key).unwrap();
    for n in LENGTHS {
        let message = secret(n, 16);
        let mut sealed = vec![0u8; n];
        let tag = declassify(a.seal_detached_into(&nonce, &[], &message, &mut sealed).unwrap());
        declassify(&sealed);
        let mut opened = vec![0u8; n];
        public_decision(a.open_detached_into(&nonce, &[], &sealed, &tag, &mut opened)).unwrap();
        declassify(&opened);
    }
}

/// The salsa20 registry's three paths: the secretbox's stream (in place),
/// `stream_xor` into a new buffer, and the core of one block.
fn salsa20_check() {
    secretbox_check();
    let key = secret(32, 40);
    let nonce = public(24, 41);
    for n in LENGTHS {
        let message = secret(n, 42);
        declassify(cipher::stream_xor(Algorithm::XSalsa20, &key, &nonce, 0, &message).unwrap());
    }
    let input = public(16, 43);
    declassify(saline::nacl::tweetnacl::crypto_core_salsa20(&input, &key, &saline::nacl::tweetnacl::SIGMA).unwrap());
}

fn box_check() {
    let (alice, bob) = (secret(32, 7), public(32, 8));
    let alice_pk = declassify(x25519::public_key(&alice).unwrap());
    let bob_pk = x25519::public_key(&bob).unwrap();
    memcheck::secret(&bob);
    let nonce = public(24, 9);
    for n in LENGTHS {
        let message = secret(n, 10);
        let boxed = declassify(crypto_box::seal(&message, &nonce, &bob_pk, &alice).unwrap());
        declassify(crypto_box::open(&boxed, &nonce, &alice_pk, &bob).unwrap());
    }
}

fn aead_check(algorithm: Algorithm, key_len: usize, nonce_len: usize) {
    let key = secret(key_len, 11);
    let nonce = public(nonce_len, 12);
    let aad = public(20, 13);
    let a = aead::Aead::new(algorithm, &key).unwrap();
    for n in LENGTHS {
        let message = secret(n, 14);
        let sealed = declassify(a.seal(&nonce, &aad, &message).unwrap());
        declassify(a.open(&nonce, &aad, &sealed).unwrap());
    }
}

/// AES-CBC with a secret key and message: encryption and decryption with
/// PKCS#7 and without padding. The padding check runs in constant time;
/// its accept/reject and the plaintext length are excluded by name
/// (`aes-cbc-padding-decision`, `-length`).
fn aes_cbc_check(key_len: usize) {
    use saline::cipher::aes::{cbc_decrypt, cbc_encrypt, Padding};
    let key = secret(key_len, 19);
    let iv = public(16, 20);
    for n in LENGTHS {
        let message = secret(n, 21);
        let whole_blocks = &message[..n / 16 * 16];
        let ct = declassify(cbc_encrypt(&key, &iv, whole_blocks, Padding::None).unwrap());
        declassify(cbc_decrypt(&key, &iv, &ct, Padding::None).unwrap());
        let padded = declassify(cbc_encrypt(&key, &iv, &message, Padding::Pkcs7).unwrap());
        declassify(cbc_decrypt(&key, &iv, &padded, Padding::Pkcs7).unwrap());
    }
}

/// AES-CTR with a secret key and message, from a public counter block.
fn aes_ctr_check(key_len: usize) {
    let key = secret(key_len, 22);
    let nonce = public(16, 23);
    for n in LENGTHS {
        let message = secret(n, 24);
        declassify(cipher::stream_xor(Algorithm::AesCtr, &key, &nonce, 5, &message).unwrap());
    }
}

fn mac_check(algorithm: Algorithm, key_len: usize) {
    let key = secret(key_len, 15);
    for n in LENGTHS {
        let message = secret(n, 16);
        let tag = declassify(mac::mac(algorithm, &key, &message).unwrap());
        public_decision(mac::verify(algorithm, &key, &message, &tag)).unwrap();
    }
}

fn pbkdf2_check(hash: Algorithm) {
    let password = secret(20, 17);
    let salt = public(16, 18);
    declassify(kdf::pbkdf2(hash, &password, &salt, 100, 64).unwrap());
}

struct Check {
    name: String,
    /// The registry primitive and backend to force first, if any.
    backend: Option<(&'static str, &'static str)>,
    run: Box<dyn Fn()>,
}

fn check(name: &str, run: impl Fn() + 'static) -> Check {
    Check { name: name.to_string(), backend: None, run: Box::new(run) }
}

/// One check per usable backend of `primitive`.
fn per_backend(primitive: &'static str, name: &str, run: impl Fn() + Clone + 'static) -> Vec<Check> {
    let info = backends().into_iter().find(|b| b.primitive == primitive).unwrap_or_else(|| panic!("{primitive} is not in the registry"));
    info.available
        .into_iter()
        .map(|backend| Check { name: format!("{name} [{backend}]"), backend: Some((primitive, backend)), run: Box::new(run.clone()) })
        .collect()
}

fn checks() -> Vec<Check> {
    let mut all = Vec::new();
    all.extend(per_backend("x25519", "x25519 public key, shared secret", x25519_check));
    all.push(check("ed25519 sign (32-byte seed)", ed25519_sign_check));
    all.push(check("ed25519 sign (64-byte secret key)", ed25519_sign_private_key_check));
    all.extend(per_backend("edwards25519", "edwards25519 base products, on encodings", edwards25519_check));
    all.extend(per_backend("xsalsa20poly1305", "secretbox seal+open", secretbox_check));
    all.extend(per_backend("salsa20", "secretbox seal+open, stream_xor, crypto_core_salsa20 (salsa20)", salsa20_check));
    all.extend(per_backend("x25519", "box seal+open", box_check));
    all.extend(per_backend("aes-gcm", "aes-128-gcm seal+open", || aead_check(Algorithm::AesGcm, 16, 12)));
    all.extend(per_backend("aes-gcm", "aes-256-gcm seal+open", || aead_check(Algorithm::AesGcm, 32, 12)));
    all.extend(per_backend("aes-cbc", "aes-128-cbc encrypt+decrypt", || aes_cbc_check(16)));
    all.extend(per_backend("aes-cbc", "aes-256-cbc encrypt+decrypt", || aes_cbc_check(32)));
    all.extend(per_backend("aes-ctr", "aes-128-ctr xor", || aes_ctr_check(16)));
    all.extend(per_backend("aes-ctr", "aes-256-ctr xor", || aes_ctr_check(32)));
    all.extend(per_backend("chacha20poly1305", "chacha20-poly1305 seal+open", || aead_check(Algorithm::ChaCha20Poly1305, 32, 12)));
    all.extend(per_backend("xchacha20poly1305", "xchacha20-poly1305 seal+open", || aead_check(Algorithm::XChaCha20Poly1305, 32, 24)));
    all.extend(per_backend("poly1305", "poly1305 mac+verify", || mac_check(Algorithm::Poly1305, 32)));
    all.push(check("hmac-sha256 mac+verify", || mac_check(Algorithm::HmacSha256, 32)));
    all.push(check("hmac-sha512 mac+verify", || mac_check(Algorithm::HmacSha512, 32)));
    all.push(check("pbkdf2-sha256", || pbkdf2_check(Algorithm::Sha256)));
    all.push(check("pbkdf2-sha512", || pbkdf2_check(Algorithm::Sha512)));
    all
}

fn main() {
    if memcheck::running_on_valgrind() == 0 {
        eprintln!("saline-ct: run under valgrind (make ct-check); outside it nothing is checked");
        std::process::exit(2);
    }
    let (mut passed, mut failed) = (0, 0);
    let reported = control();
    if reported >= 2 {
        passed += 1;
        println!("ok    control: a secret branch and a secret table index are reported");
    } else {
        failed += 1;
        println!("FAIL  control: memcheck reported {reported} of 2 planted secret-dependent uses");
    }
    for c in checks() {
        if let Some((primitive, backend)) = c.backend {
            force(primitive, backend).unwrap();
        }
        let before = memcheck::error_count();
        (c.run)();
        let errors = memcheck::error_count() - before;
        if errors == 0 {
            passed += 1;
            println!("ok    {}", c.name);
        } else {
            failed += 1;
            println!("FAIL  {} ({errors} secret-dependent branches or addresses; see the report above)", c.name);
        }
    }
    println!("{passed} checks passed, {failed} failed");
    std::process::exit(i32::from(failed > 0));
}
