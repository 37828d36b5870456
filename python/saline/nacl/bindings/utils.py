"""libsodium's helpers: constant-time compare, ISO/IEC 7816-4 padding and
little-endian counters."""

import hmac

from saline.nacl import exceptions as exc
from saline.nacl.exceptions import ensure


def sodium_memcmp(inp1: bytes, inp2: bytes) -> bool:
    ensure(isinstance(inp1, bytes), raising=exc.TypeError)
    ensure(isinstance(inp2, bytes), raising=exc.TypeError)
    return hmac.compare_digest(inp1, inp2)


def sodium_pad(s: bytes, blocksize: int) -> bytes:
    ensure(isinstance(s, bytes), raising=exc.TypeError)
    ensure(isinstance(blocksize, int), raising=exc.TypeError)
    if blocksize <= 0:
        raise exc.ValueError
    pad = blocksize - len(s) % blocksize
    return s + b"\x80" + bytes(pad - 1)


def sodium_unpad(s: bytes, blocksize: int) -> bytes:
    ensure(isinstance(s, bytes), raising=exc.TypeError)
    ensure(isinstance(blocksize, int), raising=exc.TypeError)
    if blocksize <= 0 or len(s) == 0 or len(s) % blocksize:
        raise exc.CryptoError("Unpadding failure")
    stripped = s[len(s) - blocksize:].rstrip(b"\x00")
    if not stripped or stripped[-1] != 0x80:
        raise exc.CryptoError("Unpadding failure")
    return s[: len(s) - blocksize + len(stripped) - 1]


def sodium_increment(inp: bytes) -> bytes:
    ensure(isinstance(inp, bytes), raising=exc.TypeError)
    n = (int.from_bytes(inp, "little") + 1) % (1 << (8 * len(inp))) if inp else 0
    return n.to_bytes(len(inp), "little")


def sodium_add(a: bytes, b: bytes) -> bytes:
    ensure(isinstance(a, bytes), raising=exc.TypeError)
    ensure(isinstance(b, bytes), raising=exc.TypeError)
    ensure(len(a) == len(b), raising=exc.TypeError)
    n = (int.from_bytes(a, "little") + int.from_bytes(b, "little")) % (1 << (8 * len(a))) if a else 0
    return n.to_bytes(len(a), "little")
