"""crypto_box: Curve25519-XSalsa20-Poly1305 and sealed boxes."""

from typing import Tuple

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, key_bytes, nonce_bytes, require_bytes, require_len, run
from saline.nacl.bindings.crypto_secretbox import crypto_secretbox_open_easy, crypto_secretbox_easy

_BOX, _SEALED_BOX = algorithm("crypto_box"), algorithm("crypto_box_seal")

# Curve25519 keys and seeds, and the shared key of crypto_box_beforenm, are
# all the catalog's key size.
crypto_box_SECRETKEYBYTES = key_bytes(_BOX)
crypto_box_PUBLICKEYBYTES = key_bytes(_BOX)
crypto_box_SEEDBYTES = key_bytes(_BOX)
crypto_box_BEFORENMBYTES = key_bytes(_BOX)
crypto_box_NONCEBYTES = nonce_bytes(_BOX)
crypto_box_MACBYTES = _BOX["tagLength"]
crypto_box_SEALBYTES = _SEALED_BOX["tagLength"]
# NaCl's padded layout (crypto_box.h), as crypto_secretbox's.
crypto_box_BOXZEROBYTES = 16
crypto_box_ZEROBYTES = crypto_box_BOXZEROBYTES + crypto_box_MACBYTES
crypto_box_MESSAGEBYTES_MAX = 2**64 - 1 - crypto_box_MACBYTES


def crypto_box_keypair() -> Tuple[bytes, bytes]:
    pair = run("BoxKeyPair", None, [None], [], crypto_box_PUBLICKEYBYTES + crypto_box_SECRETKEYBYTES)
    return pair[:32], pair[32:]


def crypto_box_seed_keypair(seed: bytes) -> Tuple[bytes, bytes]:
    require_bytes(seed, "seed")
    if len(seed) != crypto_box_SEEDBYTES:
        raise exc.ValueError("Invalid seed")
    pair = run("BoxKeyPair", None, [seed], [], crypto_box_PUBLICKEYBYTES + crypto_box_SECRETKEYBYTES)
    return pair[:32], pair[32:]


def _keys(pk: bytes, sk: bytes) -> None:
    require_len(pk, crypto_box_PUBLICKEYBYTES, "Invalid public key")
    require_len(sk, crypto_box_SECRETKEYBYTES, "Invalid secret key")


def crypto_box_beforenm(pk: bytes, sk: bytes) -> bytes:
    _keys(pk, sk)
    return run("BoxBefore", None, [pk, sk], [], crypto_box_BEFORENMBYTES, "Unexpected library error", exc.RuntimeError)


def crypto_box_easy_afternm(message: bytes, nonce: bytes, k: bytes) -> bytes:
    require_len(nonce, crypto_box_NONCEBYTES, "Invalid nonce")
    require_len(k, crypto_box_BEFORENMBYTES, "Invalid shared key")
    return crypto_secretbox_easy(message, nonce, k)


def crypto_box_open_easy_afternm(ciphertext: bytes, nonce: bytes, k: bytes) -> bytes:
    require_len(nonce, crypto_box_NONCEBYTES, "Invalid nonce")
    require_len(k, crypto_box_BEFORENMBYTES, "Invalid shared key")
    return crypto_secretbox_open_easy(ciphertext, nonce, k)


crypto_box_afternm = crypto_box_easy_afternm
crypto_box_open_afternm = crypto_box_open_easy_afternm


def crypto_box_easy(message: bytes, nonce: bytes, pk: bytes, sk: bytes) -> bytes:
    require_len(nonce, crypto_box_NONCEBYTES, "Invalid nonce size")
    _keys(pk, sk)
    return crypto_box_easy_afternm(message, nonce, crypto_box_beforenm(pk, sk))


def crypto_box_open_easy(ciphertext: bytes, nonce: bytes, pk: bytes, sk: bytes) -> bytes:
    require_len(nonce, crypto_box_NONCEBYTES, "Invalid nonce size")
    _keys(pk, sk)
    return crypto_box_open_easy_afternm(ciphertext, nonce, crypto_box_beforenm(pk, sk))


crypto_box = crypto_box_easy
crypto_box_open = crypto_box_open_easy


def crypto_box_seal(message: bytes, pk: bytes) -> bytes:
    require_bytes(message, "input message")
    require_bytes(pk, "public key")
    if len(pk) != crypto_box_PUBLICKEYBYTES:
        raise exc.ValueError("Invalid public key")
    return run("SealedBoxSeal", None, [message, pk], [], len(message) + crypto_box_SEALBYTES)


def crypto_box_seal_open(ciphertext: bytes, pk: bytes, sk: bytes) -> bytes:
    require_bytes(ciphertext, "input ciphertext")
    require_bytes(pk, "public key")
    require_bytes(sk, "secret key")
    _keys(pk, sk)
    if len(ciphertext) < crypto_box_SEALBYTES:
        raise exc.CryptoError("An error occurred trying to decrypt the message")
    return run("SealedBoxOpen", None, [ciphertext, pk, sk], [], len(ciphertext) - crypto_box_SEALBYTES, "An error occurred trying to decrypt the message")
