"""crypto_sign: Ed25519 (libsodium's strict verification), and the
Ed25519 → Curve25519 key conversions."""

from typing import Tuple

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import require_bytes, run, unavailable

crypto_sign_BYTES = 64
crypto_sign_SEEDBYTES = 32
crypto_sign_PUBLICKEYBYTES = 32
crypto_sign_SECRETKEYBYTES = 64
crypto_sign_curve25519_BYTES = 32
crypto_sign_ed25519ph_STATEBYTES = 208


def crypto_sign_keypair() -> Tuple[bytes, bytes]:
    pair = run("Ed25519KeyPair", None, [None], [], 96)
    return pair[64:], pair[:64]


def crypto_sign_seed_keypair(seed: bytes) -> Tuple[bytes, bytes]:
    require_bytes(seed, "seed")
    if len(seed) != crypto_sign_SEEDBYTES:
        raise exc.ValueError("Invalid seed")
    pair = run("Ed25519KeyPair", None, [seed], [], 96)
    return pair[64:], pair[:64]


def crypto_sign(message: bytes, sk: bytes) -> bytes:
    """signature ‖ message."""
    return run("CryptoSign", None, [message, sk], [], len(message) + crypto_sign_BYTES)


def crypto_sign_open(signed: bytes, pk: bytes) -> bytes:
    if len(signed) < crypto_sign_BYTES or not isinstance(pk, bytes) or len(pk) != crypto_sign_PUBLICKEYBYTES:
        raise exc.BadSignatureError("Signature was forged or corrupt")
    try:
        return run("CryptoSignOpen", None, [signed, pk], [], len(signed) - crypto_sign_BYTES, "Signature was forged or corrupt", exc.BadSignatureError)
    except exc.ValueError:
        raise exc.BadSignatureError("Signature was forged or corrupt") from None


def crypto_sign_ed25519_pk_to_curve25519(public_key_bytes: bytes) -> bytes:
    if len(public_key_bytes) != crypto_sign_PUBLICKEYBYTES:
        raise exc.ValueError("Invalid curve public key")
    try:
        return run("Ed25519ToX25519Public", None, [public_key_bytes], [], 32)
    except exc.ValueError:
        raise exc.RuntimeError("Unexpected library error") from None


def crypto_sign_ed25519_sk_to_curve25519(secret_key_bytes: bytes) -> bytes:
    if len(secret_key_bytes) != crypto_sign_SECRETKEYBYTES:
        raise exc.ValueError("Invalid curve secret key")
    return run("Ed25519ToX25519Secret", None, [secret_key_bytes], [], 32)


def crypto_sign_ed25519_sk_to_pk(secret_key_bytes: bytes) -> bytes:
    if len(secret_key_bytes) != crypto_sign_SECRETKEYBYTES:
        raise exc.ValueError("Invalid secret key")
    return secret_key_bytes[crypto_sign_SEEDBYTES:]


def crypto_sign_ed25519_sk_to_seed(secret_key_bytes: bytes) -> bytes:
    if len(secret_key_bytes) != crypto_sign_SECRETKEYBYTES:
        raise exc.ValueError("Invalid secret key")
    return secret_key_bytes[:crypto_sign_SEEDBYTES]


# Ed25519ph (RFC 8032 §5.1 prehash) is not in the core yet (issue 11).
crypto_sign_ed25519ph_state = None
crypto_sign_ed25519ph_update = unavailable("crypto_sign_ed25519ph_update")
crypto_sign_ed25519ph_final_create = unavailable("crypto_sign_ed25519ph_final_create")
crypto_sign_ed25519ph_final_verify = unavailable("crypto_sign_ed25519ph_final_verify")
