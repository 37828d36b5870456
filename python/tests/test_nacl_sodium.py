"""saline.nacl.bindings' libsodium-only families (secretstream, crypto_kx,
SipHash, Ed25519ph, Elligator 2, the original ChaCha20-Poly1305, AEGIS, the
scrypt "$7$" strings) against PyNaCl (libsodium 1.0.20, pinned in
requirements-test.txt) on random inputs, in both directions."""

import random

import nacl.bindings as theirs
import pytest

import saline.nacl.bindings as ours
from saline.nacl import exceptions as exc

RNG = random.Random(5150)
SIZES = [0, 1, 15, 16, 17, 63, 64, 65, 1000, 4099]


def rand(n: int) -> bytes:
    return RNG.randbytes(n)


@pytest.mark.parametrize("size", SIZES)
def test_secretstream_both_ways(size):
    key, ad = rand(32), rand(size % 40)
    tags = [ours.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE, ours.crypto_secretstream_xchacha20poly1305_TAG_PUSH, ours.crypto_secretstream_xchacha20poly1305_TAG_REKEY, ours.crypto_secretstream_xchacha20poly1305_TAG_FINAL]
    messages = [rand(size) for _ in tags]
    for push, pull in ((ours, theirs), (theirs, ours)):
        sender = push.crypto_secretstream_xchacha20poly1305_state()
        header = push.crypto_secretstream_xchacha20poly1305_init_push(sender, key)
        chunks = [push.crypto_secretstream_xchacha20poly1305_push(sender, m, ad, tag) for m, tag in zip(messages, tags)]
        receiver = pull.crypto_secretstream_xchacha20poly1305_state()
        pull.crypto_secretstream_xchacha20poly1305_init_pull(receiver, header, key)
        assert [pull.crypto_secretstream_xchacha20poly1305_pull(receiver, c, ad) for c in chunks] == list(zip(messages, tags))


def test_secretstream_state_is_libsodiums_layout():
    key, header = rand(32), rand(24)
    mine, libsodium = ours.crypto_secretstream_xchacha20poly1305_state(), theirs.crypto_secretstream_xchacha20poly1305_state()
    ours.crypto_secretstream_xchacha20poly1305_init_pull(mine, header, key)
    theirs.crypto_secretstream_xchacha20poly1305_init_pull(libsodium, header, key)
    from nacl._sodium import ffi

    # The 8 padding bytes are not written by libsodium's init: compare the rest.
    assert bytes(mine.statebuf)[:44] == ffi.buffer(libsodium.statebuf)[:44]
    ours.crypto_secretstream_xchacha20poly1305_rekey(mine)
    theirs.crypto_secretstream_xchacha20poly1305_rekey(libsodium)
    assert bytes(mine.statebuf)[:44] == ffi.buffer(libsodium.statebuf)[:44]


def test_secretstream_failures_keep_the_state():
    key = rand(32)
    sender, receiver = ours.crypto_secretstream_xchacha20poly1305_state(), ours.crypto_secretstream_xchacha20poly1305_state()
    header = ours.crypto_secretstream_xchacha20poly1305_init_push(sender, key)
    chunk = ours.crypto_secretstream_xchacha20poly1305_push(sender, b"m")
    ours.crypto_secretstream_xchacha20poly1305_init_pull(receiver, header, key)
    before = bytes(receiver.statebuf)
    forged = bytes([chunk[0] ^ 1]) + chunk[1:]
    with pytest.raises(exc.RuntimeError):
        ours.crypto_secretstream_xchacha20poly1305_pull(receiver, forged)
    assert bytes(receiver.statebuf) == before
    with pytest.raises(exc.ValueError):
        ours.crypto_secretstream_xchacha20poly1305_pull(receiver, chunk[:16])
    with pytest.raises(exc.ValueError):
        ours.crypto_secretstream_xchacha20poly1305_pull(ours.crypto_secretstream_xchacha20poly1305_state(), chunk)
    assert ours.crypto_secretstream_xchacha20poly1305_pull(receiver, chunk) == (b"m", 0)


def test_kx():
    for _ in range(20):
        client_seed, server_seed = rand(32), rand(32)
        assert ours.crypto_kx_seed_keypair(client_seed) == theirs.crypto_kx_seed_keypair(client_seed)
        (cpk, csk), (spk, ssk) = ours.crypto_kx_seed_keypair(client_seed), ours.crypto_kx_seed_keypair(server_seed)
        assert ours.crypto_kx_client_session_keys(cpk, csk, spk) == theirs.crypto_kx_client_session_keys(cpk, csk, spk)
        assert ours.crypto_kx_server_session_keys(spk, ssk, cpk) == theirs.crypto_kx_server_session_keys(spk, ssk, cpk)
    # An all-zero (small-order) peer key: libsodium's -1.
    with pytest.raises(exc.CryptoError):
        ours.crypto_kx_client_session_keys(cpk, csk, bytes(32))


@pytest.mark.parametrize("size", SIZES)
def test_siphash(size):
    data, key = rand(size), rand(16)
    assert ours.crypto_shorthash_siphash24(data, key) == theirs.crypto_shorthash_siphash24(data, key)
    assert ours.crypto_shorthash_siphashx24(data, key) == theirs.crypto_shorthash_siphashx24(data, key)


@pytest.mark.parametrize("size", SIZES)
def test_ed25519ph(size):
    pk, sk = theirs.crypto_sign_seed_keypair(rand(32))
    message = rand(size)
    signatures = []
    for signer in (ours, theirs):
        state = signer.crypto_sign_ed25519ph_state()
        signer.crypto_sign_ed25519ph_update(state, message[: size // 3])
        signer.crypto_sign_ed25519ph_update(state, message[size // 3 :])
        signatures.append(signer.crypto_sign_ed25519ph_final_create(state, sk))
    assert signatures[0] == signatures[1]
    state = ours.crypto_sign_ed25519ph_state()
    ours.crypto_sign_ed25519ph_update(state, message)
    assert ours.crypto_sign_ed25519ph_final_verify(state, signatures[0], pk) is True
    with pytest.raises(exc.BadSignatureError):
        ours.crypto_sign_ed25519ph_final_verify(state, bytes([signatures[0][0] ^ 1]) + signatures[0][1:], pk)


def test_elligator2():
    for _ in range(50):
        r = rand(32)
        assert ours.crypto_core_ed25519_from_uniform(r) == theirs.crypto_core_ed25519_from_uniform(r)


@pytest.mark.parametrize("size", SIZES)
def test_original_chacha20poly1305(size):
    message, aad, nonce, key = rand(size), rand(size % 20), rand(8), rand(32)
    sealed = ours.crypto_aead_chacha20poly1305_encrypt(message, aad, nonce, key)
    assert sealed == theirs.crypto_aead_chacha20poly1305_encrypt(message, aad, nonce, key)
    assert ours.crypto_aead_chacha20poly1305_decrypt(sealed, aad, nonce, key) == message
    with pytest.raises(exc.CryptoError):
        ours.crypto_aead_chacha20poly1305_decrypt(sealed[:-1] + bytes([sealed[-1] ^ 1]), aad, nonce, key)


def test_scrypt_strings_both_ways():
    # libsodium's minimum costs (opslimit 2^15, memlimit 2^24: N = 2^14).
    ops, mem = theirs.crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_MIN, theirs.crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_MIN
    password = rand(12)
    mine = ours.crypto_pwhash_scryptsalsa208sha256_str(password, ops, mem)
    libsodium = theirs.crypto_pwhash_scryptsalsa208sha256_str(password, ops, mem)
    assert len(mine) == len(libsodium) == 101 and mine[:14] == libsodium[:14]
    assert theirs.crypto_pwhash_scryptsalsa208sha256_str_verify(mine, password)
    assert ours.crypto_pwhash_scryptsalsa208sha256_str_verify(libsodium, password)
    with pytest.raises(exc.InvalidkeyError):
        ours.crypto_pwhash_scryptsalsa208sha256_str_verify(libsodium, password + b"!")
    with pytest.raises(exc.ValueError):
        ours.crypto_pwhash_scryptsalsa208sha256_str_verify(libsodium[:-1], password)


@pytest.mark.parametrize("name,size", [("aegis128l", 16), ("aegis256", 32)])
def test_aegis(name, size):
    for length in SIZES:
        message, aad, nonce, key = rand(length), rand(length % 20), rand(size), rand(size)
        encrypt, decrypt = getattr(ours, f"crypto_aead_{name}_encrypt"), getattr(ours, f"crypto_aead_{name}_decrypt")
        sealed = encrypt(message, aad, nonce, key)
        assert sealed == getattr(theirs, f"crypto_aead_{name}_encrypt")(message, aad, nonce, key)
        assert decrypt(sealed, aad, nonce, key) == message
        with pytest.raises(exc.CryptoError):
            decrypt(sealed[:-1] + bytes([sealed[-1] ^ 1]), aad, nonce, key)
        with pytest.raises(exc.CryptoError):
            decrypt(sealed[:31], aad, nonce, key)


def test_sizes_read_from_the_catalog_are_libsodiums():
    """The bindings take their *BYTES sizes from Saline's catalog rather than
    copying them; each must still equal libsodium's (the *_MAX bounds are
    platform- and version-dependent and stay out of this comparison)."""
    sizes = [n for n in dir(theirs) if "BYTES" in n and not n.endswith("_MAX") and isinstance(getattr(theirs, n), int) and hasattr(ours, n)]
    assert len(sizes) > 60
    assert {n: getattr(ours, n) for n in sizes} == {n: getattr(theirs, n) for n in sizes}
