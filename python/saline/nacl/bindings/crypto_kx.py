"""crypto_kx: libsodium's key exchange (X25519, then BLAKE2b-512 of
q ‖ client_pk ‖ server_pk split into the two session keys), with PyNaCl's
checks: a wrong length is a TypeError, as in PyNaCl."""

from typing import Tuple

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, key_bytes, run
from saline.nacl.exceptions import ensure

_KX = algorithm("crypto_kx")
crypto_kx_PUBLIC_KEY_BYTES = key_bytes(_KX)
crypto_kx_SECRET_KEY_BYTES = key_bytes(_KX)
crypto_kx_SEED_BYTES = key_bytes(_KX)
crypto_kx_SESSION_KEY_BYTES = _KX["outputLength"]


def _require(value: bytes, size: int, what: str) -> None:
    ensure(isinstance(value, bytes) and len(value) == size, f"{what} must be a {size} bytes long bytes sequence", raising=exc.TypeError)


def _split(pair: bytes) -> Tuple[bytes, bytes]:
    return pair[:32], pair[32:]


def crypto_kx_keypair() -> Tuple[bytes, bytes]:
    """(public key, secret key), from the system's random generator."""
    return _split(run("KxKeyPair", None, [None], [], crypto_kx_PUBLIC_KEY_BYTES + crypto_kx_SECRET_KEY_BYTES))


def crypto_kx_seed_keypair(seed: bytes) -> Tuple[bytes, bytes]:
    """(public key, secret key) derived from a 32-byte seed."""
    _require(seed, crypto_kx_SEED_BYTES, "Seed")
    return _split(run("KxKeyPair", None, [seed], [], crypto_kx_PUBLIC_KEY_BYTES + crypto_kx_SECRET_KEY_BYTES))


def _session_keys(op: str, side: str, other: str, own_public_key: bytes, own_secret_key: bytes, other_public_key: bytes) -> Tuple[bytes, bytes]:
    _require(own_public_key, crypto_kx_PUBLIC_KEY_BYTES, f"{side} public key")
    _require(own_secret_key, crypto_kx_SECRET_KEY_BYTES, f"{side} secret key")
    _require(other_public_key, crypto_kx_PUBLIC_KEY_BYTES, f"{other} public key")
    keys = run(op, None, [own_public_key, own_secret_key, other_public_key], [], 2 * crypto_kx_SESSION_KEY_BYTES, f"{side} session key generation failed.")
    return _split(keys)


def crypto_kx_client_session_keys(client_public_key: bytes, client_secret_key: bytes, server_public_key: bytes) -> Tuple[bytes, bytes]:
    """(rx, tx): the client's receiving and sending keys."""
    return _session_keys("KxClientSessionKeys", "Client", "Server", client_public_key, client_secret_key, server_public_key)


def crypto_kx_server_session_keys(server_public_key: bytes, server_secret_key: bytes, client_public_key: bytes) -> Tuple[bytes, bytes]:
    """(rx, tx): the server's receiving and sending keys."""
    return _session_keys("KxServerSessionKeys", "Server", "Client", server_public_key, server_secret_key, client_public_key)
