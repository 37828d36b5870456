"""crypto_scalarmult: X25519 (RFC 7748)."""

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, key_bytes, require_len, run

_X25519 = algorithm("crypto_scalarmult")
crypto_scalarmult_BYTES = _X25519["outputLength"]
crypto_scalarmult_SCALARBYTES = key_bytes(_X25519)


def crypto_scalarmult_base(n: bytes) -> bytes:
    require_len(n, crypto_scalarmult_SCALARBYTES, "Invalid length of scalar")
    return run("X25519PublicKey", None, [n], [], crypto_scalarmult_BYTES)


def crypto_scalarmult(n: bytes, p: bytes) -> bytes:
    """X25519; an all-zero result (a small-order ``p``) is refused, as libsodium does."""
    require_len(n, crypto_scalarmult_SCALARBYTES, "Invalid length of scalar")
    require_len(p, crypto_scalarmult_BYTES, "Invalid length of point")
    return run("X25519Shared", None, [n, p], [], crypto_scalarmult_BYTES, "Unexpected library error", exc.RuntimeError)


has_crypto_scalarmult_ed25519 = True
_ED25519_GROUP = algorithm("crypto_scalarmult_ed25519")["constants"]
crypto_scalarmult_ed25519_BYTES = _ED25519_GROUP["BYTES"]
crypto_scalarmult_ed25519_SCALARBYTES = _ED25519_GROUP["SCALARBYTES"]


def _ed25519_scalar(n: bytes, clamp: bool) -> bytes:
    """libsodium's crypto_scalarmult_ed25519 scalar handling: clamped
    (RFC 7748 §5) or with only the top bit cleared; then reduced mod L, which
    gives the same product on the prime-order subgroup it admits."""
    from saline.nacl.bindings.crypto_core import _reduced

    from saline.nacl.exceptions import ensure

    ensure(isinstance(n, bytes) and len(n) == crypto_scalarmult_ed25519_SCALARBYTES, "Input must be a crypto_scalarmult_ed25519_SCALARBYTES long bytes sequence", raising=exc.TypeError)
    t = bytearray(n)
    if clamp:
        t[0] &= 248
        t[31] |= 64
    t[31] &= 127
    return _reduced(bytes(t))


def _checked_result(q: bytes) -> bytes:
    # libsodium refuses an identity result (crypto_scalarmult_ed25519_is_inf).
    if q == (1).to_bytes(32, "little"):
        raise exc.RuntimeError("Unexpected library error")
    return q


def _ed25519_mul(n: bytes, p: bytes, clamp: bool) -> bytes:
    from saline.nacl.bindings.crypto_core import crypto_core_ed25519_is_valid_point
    from saline.nacl.exceptions import ensure

    s = _ed25519_scalar(n, clamp)
    ensure(isinstance(p, bytes) and len(p) == crypto_scalarmult_ed25519_BYTES, "Input must be a crypto_scalarmult_ed25519_BYTES long bytes sequence", raising=exc.TypeError)
    if not crypto_core_ed25519_is_valid_point(p):
        raise exc.RuntimeError("Unexpected library error")
    return _checked_result(run("PointMul", None, [p, s], [], crypto_scalarmult_ed25519_BYTES, "Unexpected library error", exc.RuntimeError))


def crypto_scalarmult_ed25519(n: bytes, p: bytes) -> bytes:
    return _ed25519_mul(n, p, clamp=True)


def crypto_scalarmult_ed25519_noclamp(n: bytes, p: bytes) -> bytes:
    return _ed25519_mul(n, p, clamp=False)


def crypto_scalarmult_ed25519_base(n: bytes) -> bytes:
    return _checked_result(run("PointMulBase", None, [_ed25519_scalar(n, clamp=True)], [], crypto_scalarmult_ed25519_BYTES))


def crypto_scalarmult_ed25519_base_noclamp(n: bytes) -> bytes:
    return _checked_result(run("PointMulBase", None, [_ed25519_scalar(n, clamp=False)], [], crypto_scalarmult_ed25519_BYTES))
