"""crypto_core_ed25519: Edwards25519 point and scalar arithmetic (libsodium's
semantics: scalar inputs are reduced mod L, point inputs must be valid)."""

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, run
from saline.nacl.exceptions import ensure

has_crypto_core_ed25519 = True
_GROUP = algorithm("crypto_core_ed25519")["constants"]
crypto_core_ed25519_BYTES = _GROUP["BYTES"]
crypto_core_ed25519_UNIFORMBYTES = _GROUP["UNIFORMBYTES"]
crypto_core_ed25519_SCALARBYTES = _GROUP["SCALARBYTES"]
crypto_core_ed25519_NONREDUCEDSCALARBYTES = _GROUP["NONREDUCEDSCALARBYTES"]

# L - 1, little-endian (RFC 8032 §5.1: L = 2^252 + 27742317777372353535851937790883648493).
_L_MINUS_ONE = (2**252 + 27742317777372353535851937790883648493 - 1).to_bytes(32, "little")
_ZERO = bytes(32)
_ONE = (1).to_bytes(32, "little")


def _point(p: bytes, what: str = "Points") -> bytes:
    ensure(isinstance(p, bytes) and len(p) == crypto_core_ed25519_BYTES, f"{what} must be a crypto_core_ed25519_BYTES long bytes sequence", raising=exc.TypeError)
    return p


def _scalar(s: bytes, what: str = "Integer") -> bytes:
    ensure(isinstance(s, bytes) and len(s) == crypto_core_ed25519_SCALARBYTES, f"{what} must be a crypto_core_ed25519_SCALARBYTES long bytes sequence", raising=exc.TypeError)
    return _reduced(s)


def _reduced(s: bytes) -> bytes:
    return run("ScalarReduce", None, [s + bytes(64 - len(s))], [], 32)


def _mul_add(a: bytes, b: bytes, c: bytes) -> bytes:
    return run("ScalarMulAdd", None, [a, b, c], [], 32)


def crypto_core_ed25519_is_valid_point(p: bytes) -> bool:
    """libsodium: canonical, on the curve, not of small order, in the prime-order subgroup."""
    _point(p, "Point")
    if run("PointIsValid", None, [p], [], 1) != b"\x01":
        return False
    return run("PointIsSmallOrder", None, [p], [], 1) == b"\x00" and run("PointIsTorsionFree", None, [p], [], 1) == b"\x01"


def _point_op(op: str, p: bytes, q: bytes) -> bytes:
    _point(p)
    _point(q)
    return run(op, None, [p, q], [], 32, "Unexpected library error", exc.RuntimeError)


def crypto_core_ed25519_add(p: bytes, q: bytes) -> bytes:
    return _point_op("PointAdd", p, q)


def crypto_core_ed25519_sub(p: bytes, q: bytes) -> bytes:
    return _point_op("PointSub", p, q)


def crypto_core_ed25519_from_uniform(r: bytes) -> bytes:
    """libsodium's Elligator 2 map of 32 uniform bytes to a point of the
    prime-order subgroup (the top bit of ``r`` gives the sign of x)."""
    ensure(isinstance(r, bytes) and len(r) == crypto_core_ed25519_UNIFORMBYTES, "Integer must be a crypto_core_ed25519_UNIFORMBYTES long bytes sequence", raising=exc.TypeError)
    return run("CoreEd25519FromUniform", None, [r], [], crypto_core_ed25519_BYTES)


def crypto_core_ed25519_scalar_invert(s: bytes) -> bytes:
    s = _scalar(s)
    if s == _ZERO:
        raise exc.RuntimeError("Unexpected library error")
    return run("ScalarInvert", None, [s], [], 32)


def crypto_core_ed25519_scalar_negate(s: bytes) -> bytes:
    return _mul_add(_scalar(s), _L_MINUS_ONE, _ZERO)


def crypto_core_ed25519_scalar_complement(s: bytes) -> bytes:
    return _mul_add(_scalar(s), _L_MINUS_ONE, _ONE)


def crypto_core_ed25519_scalar_add(p: bytes, q: bytes) -> bytes:
    return _mul_add(_scalar(p), _ONE, _scalar(q))


def crypto_core_ed25519_scalar_sub(p: bytes, q: bytes) -> bytes:
    return _mul_add(_scalar(q), _L_MINUS_ONE, _scalar(p))


def crypto_core_ed25519_scalar_mul(p: bytes, q: bytes) -> bytes:
    return _mul_add(_scalar(p), _scalar(q), _ZERO)


def crypto_core_ed25519_scalar_reduce(s: bytes) -> bytes:
    ensure(isinstance(s, bytes) and len(s) == crypto_core_ed25519_NONREDUCEDSCALARBYTES, "Integer must be a crypto_core_ed25519_NONREDUCEDSCALARBYTES long bytes sequence", raising=exc.TypeError)
    return _reduced(s)
