"""bcrypt shaped like the ``bcrypt`` package (5.x): ``gensalt``, ``hashpw``,
``checkpw``. Passwords over 72 bytes raise ValueError instead of being cut
short, and passwords containing a NUL byte raise ValueError (implementations
disagree on whether it ends the password). ``checkpw`` refuses hashes whose cost is above the core's verify
ceiling (16) with ValueError rather than spending 2^cost rounds on a
hostile string.

>>> from saline import bcrypt
>>> h = bcrypt.hashpw(b"password", bcrypt.gensalt(rounds=4))
>>> bcrypt.checkpw(b"password", h), bcrypt.checkpw(b"wrong", h)
(True, False)
"""

from __future__ import annotations

import base64

from ._core import ArgumentTypeError, InvalidTag, ParameterError, call, random_bytes

# bcrypt's own base64 alphabet (OpenBSD bcrypt.c), mapped position by
# position onto the standard one so that the standard codec does the work.
_BCRYPT_ALPHABET = b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_STANDARD_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_TO_STANDARD = bytes.maketrans(_BCRYPT_ALPHABET, _STANDARD_ALPHABET)
_TO_BCRYPT = bytes.maketrans(_STANDARD_ALPHABET, _BCRYPT_ALPHABET)
_PREFIXES = (b"2a", b"2b", b"2y")


def _require_bytes(value: object, what: str) -> bytes:
    if isinstance(value, str):
        raise ArgumentTypeError(f"{what}: Strings must be encoded before hashing")
    if not isinstance(value, bytes):
        raise ArgumentTypeError(f"{what}: expected bytes, got {type(value).__name__}")
    return value


def gensalt(rounds: int = 12, prefix: bytes = b"2b") -> bytes:
    """A ``$2b$<rounds>$`` salt string with 16 random bytes."""
    if prefix not in (b"2a", b"2b"):
        raise ParameterError(f"prefix: expected b'2a' or b'2b', got {prefix!r}")
    if not isinstance(rounds, int) or not 4 <= rounds <= 31:
        raise ParameterError(f"rounds: expected 4 to 31, got {rounds!r}")
    encoded = base64.b64encode(random_bytes(16)).rstrip(b"=").translate(_TO_BCRYPT)
    return b"$" + prefix + b"$" + b"%02d" % rounds + b"$" + encoded


def _parse_salt(salt: bytes) -> tuple:
    # "$2b$12$" + 22 characters of salt; a whole hash is accepted too.
    if len(salt) < 29 or salt[0:1] != b"$" or salt[1:3] not in _PREFIXES or salt[3:4] != b"$" or salt[6:7] != b"$" or not salt[4:6].isdigit():
        raise ParameterError("salt: expected $2b$<cost>$ and 22 characters, got an invalid salt")
    encoded = salt[7:29]
    if encoded.translate(None, _BCRYPT_ALPHABET):
        raise ParameterError("salt: expected 22 characters of bcrypt base64, got an invalid salt")
    raw = base64.b64decode(encoded.translate(_TO_STANDARD) + b"==")
    return salt[1:3], int(salt[4:6]), raw


def hashpw(password: bytes, salt: bytes) -> bytes:
    """The bcrypt hash of ``password`` with ``salt`` (from gensalt, or a hash)."""
    password = _require_bytes(password, "password")
    prefix, cost, raw = _parse_salt(_require_bytes(salt, "salt"))
    hashed = call("BcryptHash", None, [password, raw], [cost, 0], 60)
    # The 2a/2b/2y variants compute the same hash for passwords under 255
    # bytes (the 2b fix concerns length wrap-around); keep the caller's prefix.
    return b"$" + prefix + hashed[3:]


def checkpw(password: bytes, hashed_password: bytes) -> bool:
    """Whether ``password`` matches ``hashed_password`` (constant time)."""
    password = _require_bytes(password, "password")
    hashed = _require_bytes(hashed_password, "hashed_password")
    if hashed[1:3] in _PREFIXES:
        hashed = b"$2b" + hashed[3:]
    try:
        call("BcryptVerify", None, [password, hashed], [0], 0)
    except InvalidTag:
        return False
    return True


__all__ = ["gensalt", "hashpw", "checkpw"]
