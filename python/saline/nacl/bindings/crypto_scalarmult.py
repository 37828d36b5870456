"""crypto_scalarmult: X25519 (RFC 7748)."""

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import require_len, run

crypto_scalarmult_BYTES = 32
crypto_scalarmult_SCALARBYTES = 32


def crypto_scalarmult_base(n: bytes) -> bytes:
    require_len(n, crypto_scalarmult_SCALARBYTES, "Invalid length of scalar")
    return run("X25519PublicKey", None, [n], [], 32)


def crypto_scalarmult(n: bytes, p: bytes) -> bytes:
    """X25519; an all-zero result (a small-order ``p``) is refused, as libsodium does."""
    require_len(n, crypto_scalarmult_SCALARBYTES, "Invalid length of scalar")
    require_len(p, crypto_scalarmult_BYTES, "Invalid length of point")
    return run("X25519Shared", None, [n, p], [], 32, "Unexpected library error", exc.RuntimeError)
