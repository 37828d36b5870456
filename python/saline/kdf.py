"""Key derivation: Argon2 (RFC 9106), PBKDF2 and scrypt with hashlib's
signatures, and HKDF (RFC 5869). Every function runs with the GIL released.

>>> from saline import kdf
>>> len(kdf.argon2id(b"password", b"somesalt", time_cost=1, memory_cost=64, parallelism=1, hash_len=32))
32
>>> import hashlib
>>> kdf.pbkdf2_hmac("sha256", b"pw", b"salt", 1000) == hashlib.pbkdf2_hmac("sha256", b"pw", b"salt", 1000)
True
"""

from __future__ import annotations

from typing import Any, Optional

from ._core import ParameterError, call, check_int, lookup, nbytes

# RFC 9106 §4, second recommended option ("low memory"): t=3, m=64 MiB, p=4;
# argon2-cffi's defaults.
DEFAULT_TIME_COST = 3
DEFAULT_MEMORY_COST = 65536
DEFAULT_PARALLELISM = 4
DEFAULT_HASH_LEN = 32


def _argon2(variant: str, password: Any, salt: Any, time_cost: int, memory_cost: int, parallelism: int, hash_len: int, secret: Optional[Any], associated_data: Optional[Any]) -> bytes:
    nbytes(password, "password")
    nbytes(salt, "salt")
    for value, what in ((time_cost, "time_cost"), (memory_cost, "memory_cost"), (parallelism, "parallelism"), (hash_len, "hash_len")):
        check_int(value, what, 0, 2**32 - 1)
    return call("Argon2", lookup(variant, "kdf"), [password, salt, secret, associated_data], [time_cost, memory_cost, parallelism, hash_len], hash_len)


def argon2id(password: Any, salt: Any, *, time_cost: int = DEFAULT_TIME_COST, memory_cost: int = DEFAULT_MEMORY_COST, parallelism: int = DEFAULT_PARALLELISM, hash_len: int = DEFAULT_HASH_LEN, secret: Optional[Any] = None, associated_data: Optional[Any] = None) -> bytes:
    """Argon2id raw hash (argon2-cffi's hash_secret_raw); memory_cost in KiB."""
    return _argon2("argon2id", password, salt, time_cost, memory_cost, parallelism, hash_len, secret, associated_data)


def argon2i(password: Any, salt: Any, *, time_cost: int = DEFAULT_TIME_COST, memory_cost: int = DEFAULT_MEMORY_COST, parallelism: int = DEFAULT_PARALLELISM, hash_len: int = DEFAULT_HASH_LEN, secret: Optional[Any] = None, associated_data: Optional[Any] = None) -> bytes:
    """Argon2i raw hash; memory_cost in KiB."""
    return _argon2("argon2i", password, salt, time_cost, memory_cost, parallelism, hash_len, secret, associated_data)


def argon2d(password: Any, salt: Any, *, time_cost: int = DEFAULT_TIME_COST, memory_cost: int = DEFAULT_MEMORY_COST, parallelism: int = DEFAULT_PARALLELISM, hash_len: int = DEFAULT_HASH_LEN, secret: Optional[Any] = None, associated_data: Optional[Any] = None) -> bytes:
    """Argon2d raw hash; memory_cost in KiB."""
    return _argon2("argon2d", password, salt, time_cost, memory_cost, parallelism, hash_len, secret, associated_data)


def pbkdf2_hmac(hash_name: str, password: Any, salt: Any, iterations: int, dklen: Optional[int] = None) -> bytes:
    """hashlib.pbkdf2_hmac: dklen defaults to the hash's digest size."""
    entry = lookup(hash_name, "hash")
    nbytes(password, "password")
    nbytes(salt, "salt")
    check_int(iterations, "iterations", 1, 2**32 - 1)
    length = entry["outputLength"] if dklen is None else check_int(dklen, "dklen", 1, 2**32 - 1)
    return call("Pbkdf2", entry, [password, salt], [iterations, length], length)


def scrypt(password: Any, *, salt: Any, n: int, r: int, p: int, maxmem: int = 0, dklen: int = 64) -> bytes:
    """hashlib.scrypt. ``maxmem`` (bytes), when not 0, bounds 128·r·n the way
    OpenSSL does; the core's own ceiling applies either way."""
    nbytes(password, "password")
    nbytes(salt, "salt")
    check_int(n, "n", 2)
    check_int(r, "r", 1, 2**32 - 1)
    check_int(p, "p", 1, 2**32 - 1)
    check_int(maxmem, "maxmem", 0)
    check_int(dklen, "dklen", 1, 2**32 - 1)
    if maxmem and 128 * r * (n + p + 2) > maxmem:
        raise ParameterError(f"maxmem: expected at least {128 * r * (n + p + 2)} bytes for n={n}, r={r}, p={p}, got {maxmem}")
    return call("Scrypt", None, [password, salt], [n, r, p, dklen], dklen)


def hkdf(hash_name: str, ikm: Any, *, salt: Optional[Any] = None, info: Any = b"", length: int = 32) -> bytes:
    """HKDF (RFC 5869): extract with ``salt`` (zeros when None), expand with ``info``."""
    entry = lookup(hash_name, "hash")
    nbytes(ikm, "ikm")
    check_int(length, "length", 0, 255 * entry["outputLength"])
    return call("Hkdf", entry, [ikm, salt, info], [length], length)


__all__ = ["argon2id", "argon2i", "argon2d", "pbkdf2_hmac", "scrypt", "hkdf"]
