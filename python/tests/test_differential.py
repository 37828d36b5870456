"""Differential tests: Saline against hashlib, hmac, cryptography, PyNaCl,
argon2-cffi, bcrypt and blake3 on random inputs (pinned in
requirements-test.txt)."""

import hashlib
import hmac as std_hmac
import os
import random

import argon2
import bcrypt
import blake3 as blake3_package
import nacl.bindings
import nacl.public
import nacl.pwhash
import nacl.secret
import nacl.signing
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

import saline
import saline.nacl.bindings
import saline.nacl.public
import saline.nacl.pwhash
import saline.nacl.secret
import saline.nacl.signing
from saline import aead, bcrypt as sbcrypt, hmac, kdf
from saline.argon2 import PasswordHasher

SIZES = [0, 1, 63, 64, 65, 127, 128, 1000, 2049, 70000]
RNG = random.Random(1234)


def rand(n: int) -> bytes:
    return RNG.randbytes(n)


HASHLIB_NAMES = sorted(n for n in saline.algorithms_available if n in hashlib.algorithms_available and n != "blake3")


@pytest.mark.parametrize("name", HASHLIB_NAMES)
@pytest.mark.parametrize("size", SIZES)
def test_hashlib(name, size):
    data = rand(size)
    ours, theirs = saline.new(name, data), hashlib.new(name, data)
    assert (ours.name, ours.digest_size, ours.block_size) == (theirs.name, theirs.digest_size, theirs.block_size)
    if name.startswith("shake"):
        assert ours.digest(size % 200) == theirs.digest(size % 200)
        return
    assert ours.hexdigest() == theirs.hexdigest()
    # Streaming in uneven chunks, through bytearray and memoryview, and copy().
    stream = saline.new(name)
    stream.update(bytearray(data[: size // 3]))
    fork = stream.copy()
    stream.update(memoryview(data)[size // 3 :])
    assert stream.digest() == theirs.digest()
    fork.update(data[size // 3 :])
    assert fork.digest() == theirs.digest()


@pytest.mark.parametrize("name", ["blake2b", "blake2s"])
def test_blake2_parameters(name):
    for _ in range(20):
        info = getattr(hashlib, name)
        size = RNG.randrange(1, info.MAX_DIGEST_SIZE + 1)
        params = {"digest_size": size, "key": rand(RNG.randrange(0, info.MAX_KEY_SIZE + 1)), "salt": rand(RNG.randrange(0, info.SALT_SIZE + 1)), "person": rand(RNG.randrange(0, info.PERSON_SIZE + 1))}
        data = rand(RNG.choice(SIZES))
        assert getattr(saline, name)(data, **params).digest() == info(data, **params).digest()
        # digest() mid-stream leaves the state as it was (finalized in place).
        ours, theirs = getattr(saline, name)(data, **params), info(data, **params)
        assert ours.digest() == theirs.digest()
        ours.update(data)
        theirs.update(data)
        assert ours.digest() == theirs.digest()


@pytest.mark.parametrize("size", SIZES)
def test_blake3(size):
    data, key = rand(size), rand(32)
    assert saline.blake3(data).digest(length=size % 300) == blake3_package.blake3(data).digest(length=size % 300)
    ours, theirs = saline.blake3(data, key=key), blake3_package.blake3(data, key=key)
    assert ours.digest(length=size % 300) == theirs.digest(length=size % 300)
    ours.update(data)
    theirs.update(data)
    assert ours.digest() == theirs.digest()
    assert saline.blake3(data, key=key).hexdigest() == blake3_package.blake3(data, key=key).hexdigest()
    assert saline.blake3(data, derive_key_context="saline test 2026").digest() == blake3_package.blake3(data, derive_key_context="saline test 2026").digest()


@pytest.mark.parametrize("name", ["sha1", "sha256", "sha384", "sha512", "sha3_256", "md5", "blake2b"])
@pytest.mark.parametrize("size", SIZES)
def test_hmac(name, size):
    key, msg = rand(size % 200), rand(size)
    assert hmac.digest(key, msg, name) == std_hmac.digest(key, msg, name)
    ours, theirs = hmac.new(key, msg, getattr(saline, name)), std_hmac.new(key, msg, getattr(hashlib, name))
    assert (ours.name, ours.digest_size, ours.block_size) == (theirs.name, theirs.digest_size, theirs.block_size)
    assert ours.copy().hexdigest() == theirs.hexdigest()


@pytest.mark.parametrize("size", SIZES)
def test_aeads_against_cryptography(size):
    msg, aad, nonce = rand(size), rand(size % 50), rand(12)
    for ours_class, theirs_class, key in ((aead.ChaCha20Poly1305, ChaCha20Poly1305, rand(32)), (aead.AESGCM, AESGCM, rand(RNG.choice([16, 24, 32])))):
        sealed = theirs_class(key).encrypt(nonce, msg, aad or None)
        assert ours_class(key).encrypt(nonce, msg, aad or None) == sealed
        assert ours_class(key).decrypt(nonce, sealed, aad or None) == msg
        tampered = bytearray(sealed)
        tampered[RNG.randrange(len(tampered))] ^= 1
        with pytest.raises(saline.InvalidTag):
            ours_class(key).decrypt(nonce, bytes(tampered), aad or None)


@pytest.mark.parametrize("size", SIZES)
def test_xchacha_against_pynacl(size):
    key, nonce, msg, aad = rand(32), rand(24), rand(size), rand(size % 40)
    sealed = nacl.bindings.crypto_aead_xchacha20poly1305_ietf_encrypt(msg, aad, nonce, key)
    assert aead.XChaCha20Poly1305(key).encrypt(nonce, msg, aad) == sealed
    assert saline.nacl.bindings.crypto_aead_xchacha20poly1305_ietf_decrypt(sealed, aad, nonce, key) == msg


@pytest.mark.parametrize("size", SIZES)
def test_nacl_boxes_and_signatures(size):
    seed, nonce, msg = rand(32), rand(24), rand(size)
    assert saline.nacl.secret.SecretBox(seed).encrypt(msg, nonce) == nacl.secret.SecretBox(seed).encrypt(msg, nonce)
    ours_sk, theirs_sk = saline.nacl.public.PrivateKey.from_seed(seed), nacl.public.PrivateKey.from_seed(seed)
    assert bytes(ours_sk) == bytes(theirs_sk)
    peer = nacl.public.PrivateKey.generate()
    ours_box = saline.nacl.public.Box(ours_sk, saline.nacl.public.PublicKey(bytes(peer.public_key)))
    assert ours_box.encrypt(msg, nonce) == nacl.public.Box(theirs_sk, peer.public_key).encrypt(msg, nonce)
    sealed = saline.nacl.public.SealedBox(ours_sk.public_key).encrypt(msg)
    assert nacl.public.SealedBox(theirs_sk).decrypt(sealed) == msg
    assert saline.nacl.public.SealedBox(ours_sk).decrypt(nacl.public.SealedBox(theirs_sk.public_key).encrypt(msg)) == msg
    signed = saline.nacl.signing.SigningKey(seed).sign(msg)
    assert signed == nacl.signing.SigningKey(seed).sign(msg)
    assert nacl.signing.VerifyKey(bytes(saline.nacl.signing.SigningKey(seed).verify_key)).verify(signed) == msg


@pytest.mark.parametrize("variant", ["argon2id", "argon2i", "argon2d"])
def test_argon2_raw(variant):
    for _ in range(3):
        password, salt = rand(RNG.randrange(0, 40)), rand(RNG.randrange(8, 33))
        t, m, p, n = RNG.randrange(1, 4), RNG.choice([8, 64, 256]), RNG.randrange(1, 3), RNG.randrange(4, 65)
        m = max(m, 8 * p)
        theirs = argon2.low_level.hash_secret_raw(password, salt, t, m, p, n, getattr(argon2.low_level.Type, variant[len("argon2"):].upper()))
        assert getattr(kdf, variant)(password, salt, time_cost=t, memory_cost=m, parallelism=p, hash_len=n) == theirs


def test_password_hasher_interop():
    ours, theirs = PasswordHasher(time_cost=1, memory_cost=256, parallelism=2), argon2.PasswordHasher(time_cost=1, memory_cost=256, parallelism=2)
    for password in ["", "pässwörd", "x" * 100]:
        assert theirs.verify(ours.hash(password), password)
        assert ours.verify(theirs.hash(password), password)
        with pytest.raises(saline.argon2.exceptions.VerifyMismatchError):
            ours.verify(theirs.hash(password), password + "!")
    defaults = PasswordHasher()
    assert (defaults.time_cost, defaults.memory_cost, defaults.parallelism, defaults.hash_len, defaults.salt_len) == (3, 65536, 4, 32, 16)
    assert defaults.check_needs_rehash(ours.hash("x")) and not ours.check_needs_rehash(ours.hash("x"))


def test_pbkdf2_scrypt_hkdf():
    for name in ["sha1", "sha256", "sha512", "sha3_256"]:
        password, salt = rand(RNG.randrange(0, 80)), rand(RNG.randrange(0, 40))
        iterations, dklen = RNG.randrange(1, 300), RNG.randrange(1, 100)
        assert kdf.pbkdf2_hmac(name, password, salt, iterations, dklen) == hashlib.pbkdf2_hmac(name, password, salt, iterations, dklen)
        assert kdf.pbkdf2_hmac(name, password, salt, iterations) == hashlib.pbkdf2_hmac(name, password, salt, iterations)
    for n, r, p in [(2, 1, 1), (16, 8, 1), (1024, 8, 2), (256, 4, 3)]:
        password, salt = rand(20), rand(16)
        assert kdf.scrypt(password, salt=salt, n=n, r=r, p=p, dklen=48) == hashlib.scrypt(password, salt=salt, n=n, r=r, p=p, dklen=48)
    for name, algorithm in [("sha256", hashes.SHA256()), ("sha512", hashes.SHA512()), ("sha1", hashes.SHA1())]:
        ikm, salt, info, length = rand(40), rand(RNG.randrange(0, 40)), rand(20), RNG.randrange(1, 200)
        expected = HKDF(algorithm=algorithm, length=length, salt=salt or None, info=info).derive(ikm)
        assert kdf.hkdf(name, ikm, salt=salt or None, info=info, length=length) == expected


def test_bcrypt_interop():
    for prefix in (b"2a", b"2b"):
        for _ in range(3):
            # No NUL bytes: Saline refuses them (bcrypt implementations
            # disagree on whether they end the password), tested below.
            password = bytes(RNG.randrange(1, 256) for _ in range(RNG.randrange(0, 73)))
            salt = bcrypt.gensalt(rounds=4, prefix=prefix)
            assert sbcrypt.hashpw(password, salt) == bcrypt.hashpw(password, salt)
            assert sbcrypt.checkpw(password, bcrypt.hashpw(password, salt))
            assert bcrypt.checkpw(password, sbcrypt.hashpw(password, sbcrypt.gensalt(4, prefix)))
            assert not sbcrypt.checkpw(password + b"x", bcrypt.hashpw(password, salt))
    with pytest.raises(ValueError, match="72"):
        sbcrypt.hashpw(b"x" * 73, sbcrypt.gensalt(4))
    with pytest.raises(ValueError, match="NUL"):
        sbcrypt.hashpw(b"a\x00b", sbcrypt.gensalt(4))


def test_pwhash_interop():
    ours = saline.nacl.pwhash.argon2id.str(b"pw", opslimit=2, memlimit=8 * 1024 * 1024)
    assert nacl.pwhash.verify(ours, b"pw")
    theirs = nacl.pwhash.argon2i.str(b"pw", opslimit=3, memlimit=8 * 1024 * 1024)
    assert saline.nacl.pwhash.verify(theirs, b"pw")
    salt = rand(16)
    assert saline.nacl.pwhash.argon2id.kdf(32, b"pw", salt, opslimit=2, memlimit=8 * 1024 * 1024) == nacl.pwhash.argon2id.kdf(32, b"pw", salt, opslimit=2, memlimit=8 * 1024 * 1024)
    salt = rand(32)
    assert saline.nacl.pwhash.scrypt.kdf(32, b"pw", salt) == nacl.pwhash.scrypt.kdf(32, b"pw", salt)
