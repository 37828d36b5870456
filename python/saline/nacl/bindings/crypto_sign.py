"""crypto_sign: Ed25519 (libsodium's strict verification), and the
Ed25519 → Curve25519 key conversions."""

from typing import Tuple

from saline import _native
from saline._core import ParameterError
from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, key_bytes, require_bytes, run

_ED25519, _X25519 = algorithm("crypto_sign"), algorithm("crypto_scalarmult")

crypto_sign_BYTES = _ED25519["outputLength"]
crypto_sign_SEEDBYTES = key_bytes(_ED25519)
crypto_sign_PUBLICKEYBYTES = key_bytes(_ED25519)
# libsodium's secret key is the seed followed by the public key.
crypto_sign_SECRETKEYBYTES = crypto_sign_SEEDBYTES + crypto_sign_PUBLICKEYBYTES
crypto_sign_curve25519_BYTES = _X25519["outputLength"]
# The size of libsodium's crypto_sign_ed25519ph_state (a SHA-512 state).
crypto_sign_ed25519ph_STATEBYTES = 208


def _split_pair(pair: bytes) -> Tuple[bytes, bytes]:
    """(public key, secret key) from the operation's secret key ‖ public key."""
    return pair[crypto_sign_SECRETKEYBYTES:], pair[:crypto_sign_SECRETKEYBYTES]


def crypto_sign_keypair() -> Tuple[bytes, bytes]:
    return _split_pair(run("Ed25519KeyPair", None, [None], [], crypto_sign_SECRETKEYBYTES + crypto_sign_PUBLICKEYBYTES))


def crypto_sign_seed_keypair(seed: bytes) -> Tuple[bytes, bytes]:
    require_bytes(seed, "seed")
    if len(seed) != crypto_sign_SEEDBYTES:
        raise exc.ValueError("Invalid seed")
    return _split_pair(run("Ed25519KeyPair", None, [seed], [], crypto_sign_SECRETKEYBYTES + crypto_sign_PUBLICKEYBYTES))


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
        return run("Ed25519ToX25519Public", None, [public_key_bytes], [], crypto_sign_curve25519_BYTES)
    except exc.ValueError:
        raise exc.RuntimeError("Unexpected library error") from None


def crypto_sign_ed25519_sk_to_curve25519(secret_key_bytes: bytes) -> bytes:
    if len(secret_key_bytes) != crypto_sign_SECRETKEYBYTES:
        raise exc.ValueError("Invalid curve secret key")
    return run("Ed25519ToX25519Secret", None, [secret_key_bytes], [], crypto_sign_curve25519_BYTES)


def crypto_sign_ed25519_sk_to_pk(secret_key_bytes: bytes) -> bytes:
    if len(secret_key_bytes) != crypto_sign_SECRETKEYBYTES:
        raise exc.ValueError("Invalid secret key")
    return secret_key_bytes[crypto_sign_SEEDBYTES:]


def crypto_sign_ed25519_sk_to_seed(secret_key_bytes: bytes) -> bytes:
    if len(secret_key_bytes) != crypto_sign_SECRETKEYBYTES:
        raise exc.ValueError("Invalid secret key")
    return secret_key_bytes[:crypto_sign_SEEDBYTES]


class crypto_sign_ed25519ph_state:
    """The message of an Ed25519ph signature (RFC 8032 §5.1, empty context),
    absorbed in pieces by :func:`crypto_sign_ed25519ph_update`: a SHA-512
    state in the extension (crates/saline-py/src/ed25519ph.rs), constant
    memory as libsodium's."""

    __slots__ = ("state",)

    def __init__(self) -> None:
        self.state = _native.Ed25519phState()


def _require_state(state: crypto_sign_ed25519ph_state) -> None:
    if not isinstance(state, crypto_sign_ed25519ph_state):
        raise exc.TypeError("edph parameter must be a ed25519ph_state object")


def crypto_sign_ed25519ph_update(edph: crypto_sign_ed25519ph_state, pmsg: bytes) -> None:
    _require_state(edph)
    if not isinstance(pmsg, bytes):
        raise exc.TypeError("pmsg parameter must be a bytes object")
    edph.state.update(pmsg)


def crypto_sign_ed25519ph_final_create(edph: crypto_sign_ed25519ph_state, sk: bytes) -> bytes:
    """The 64-byte Ed25519ph signature of everything absorbed."""
    _require_state(edph)
    if not isinstance(sk, bytes):
        raise exc.TypeError("secret key parameter must be a bytes object")
    if len(sk) != crypto_sign_SECRETKEYBYTES:
        raise exc.TypeError(f"secret key must be {crypto_sign_SECRETKEYBYTES} bytes long")
    try:
        return edph.state.final_create(sk)
    except ParameterError as error:
        raise exc.ValueError(str(error)) from None


def crypto_sign_ed25519ph_final_verify(edph: crypto_sign_ed25519ph_state, signature: bytes, pk: bytes) -> bool:
    """True, or BadSignatureError."""
    _require_state(edph)
    if not isinstance(signature, bytes):
        raise exc.TypeError("signature parameter must be a bytes object")
    if len(signature) != crypto_sign_BYTES:
        raise exc.TypeError(f"signature must be {crypto_sign_BYTES} bytes long")
    if not isinstance(pk, bytes):
        raise exc.TypeError("public key parameter must be a bytes object")
    if len(pk) != crypto_sign_PUBLICKEYBYTES:
        raise exc.TypeError(f"public key must be {crypto_sign_PUBLICKEYBYTES} bytes long")
    if not edph.state.final_verify(signature, pk):
        raise exc.BadSignatureError("Signature was forged or corrupt")
    return True
