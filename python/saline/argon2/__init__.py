"""Argon2 password hashing shaped like argon2-cffi's ``PasswordHasher``.

Defaults are argon2-cffi's: RFC 9106's low-memory profile (t=3, m=64 MiB,
p=4), 32-byte hashes, 16-byte salts, Argon2id. ``verify`` refuses hashes
whose costs exceed the core's ceilings (``InvalidHashError``) rather than
spending the memory a hostile string asks for.

>>> from saline.argon2 import PasswordHasher
>>> ph = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
>>> h = ph.hash("correct horse")
>>> ph.verify(h, "correct horse")
True
>>> ph.check_needs_rehash(h)
False
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Optional

from .. import _core
from .._core import InvalidTag, ParameterError, call, lookup, random_bytes
from . import exceptions
from .exceptions import HashingError, InvalidHashError, VerificationError, VerifyMismatchError

DEFAULT_RANDOM_SALT_LENGTH = 16
DEFAULT_HASH_LENGTH = 32
DEFAULT_TIME_COST = 3
DEFAULT_MEMORY_COST = 65536
DEFAULT_PARALLELISM = 4


class Type(enum.Enum):
    """Argon2 variant (argon2-cffi's Type)."""

    D = 0
    I = 1  # noqa: E741 (argon2-cffi's name)
    ID = 2


_VARIANT = {Type.D: "argon2d", Type.I: "argon2i", Type.ID: "argon2id"}


@dataclass(frozen=True)
class Parameters:
    """The parameters of a hash (argon2-cffi's Parameters)."""

    type: Type
    version: int
    salt_len: int
    hash_len: int
    time_cost: int
    memory_cost: int
    parallelism: int


def _b64_len(encoded: str) -> int:
    # Unpadded standard base64, as the PHC string format writes it.
    return len(encoded) * 3 // 4


def extract_parameters(hash: str) -> Parameters:
    """Parses a PHC string's parameters (argon2-cffi's extract_parameters)."""
    parts = hash.split("$")
    if len(parts) != 6 or parts[0] != "" or parts[1] not in ("argon2d", "argon2i", "argon2id") or not parts[2].startswith("v="):
        raise InvalidHashError("hash: expected $argon2{d,i,id}$v=19$m=..,t=..,p=..$salt$hash")
    try:
        version = int(parts[2][2:])
        fields = dict(item.split("=", 1) for item in parts[3].split(","))
        params = Parameters(
            type={"argon2d": Type.D, "argon2i": Type.I, "argon2id": Type.ID}[parts[1]],
            version=version,
            salt_len=_b64_len(parts[4]),
            hash_len=_b64_len(parts[5]),
            time_cost=int(fields["t"]),
            memory_cost=int(fields["m"]),
            parallelism=int(fields["p"]),
        )
    except (KeyError, ValueError):
        raise InvalidHashError("hash: malformed parameters") from None
    return params


def _encode(value: Any, encoding: str, what: str) -> Any:
    if isinstance(value, str):
        return value.encode(encoding)
    _core.nbytes(value, what)
    return value


class PasswordHasher:
    """argon2-cffi's PasswordHasher: hash, verify, check_needs_rehash."""

    def __init__(self, time_cost: int = DEFAULT_TIME_COST, memory_cost: int = DEFAULT_MEMORY_COST, parallelism: int = DEFAULT_PARALLELISM, hash_len: int = DEFAULT_HASH_LENGTH, salt_len: int = DEFAULT_RANDOM_SALT_LENGTH, encoding: str = "utf-8", type: Type = Type.ID) -> None:
        self._parameters = Parameters(type=type, version=19, salt_len=salt_len, hash_len=hash_len, time_cost=time_cost, memory_cost=memory_cost, parallelism=parallelism)
        self.encoding = encoding

    @classmethod
    def from_parameters(cls, params: Parameters) -> "PasswordHasher":
        return cls(time_cost=params.time_cost, memory_cost=params.memory_cost, parallelism=params.parallelism, hash_len=params.hash_len, salt_len=params.salt_len, type=params.type)

    time_cost = property(lambda self: self._parameters.time_cost)
    memory_cost = property(lambda self: self._parameters.memory_cost)
    parallelism = property(lambda self: self._parameters.parallelism)
    hash_len = property(lambda self: self._parameters.hash_len)
    salt_len = property(lambda self: self._parameters.salt_len)
    type = property(lambda self: self._parameters.type)

    def hash(self, password: Any, *, salt: Optional[bytes] = None) -> str:
        """The PHC string for ``password`` (str is encoded with ``encoding``)."""
        p = self._parameters
        salt = random_bytes(p.salt_len) if salt is None else salt
        # The PHC string: prefix and parameters (< 64 chars) plus the
        # unpadded base64 of salt and hash.
        out_len = 64 + (_core.nbytes(salt, "salt") + p.hash_len) * 4 // 3 + 8
        try:
            phc = call("Argon2Hash", lookup(_VARIANT[p.type], "kdf"), [_encode(password, self.encoding, "password"), salt], [p.time_cost, p.memory_cost, p.parallelism, p.hash_len], out_len)
        except ParameterError as error:
            raise HashingError(str(error)) from error
        return phc.decode("ascii")

    def verify(self, hash: Any, password: Any) -> bool:
        """True, or raises VerifyMismatchError (wrong password) or
        InvalidHashError (malformed, or costs above the ceilings)."""
        if isinstance(hash, str):
            hash = hash.encode("ascii", "replace")
        try:
            call("Argon2Verify", None, [_encode(password, self.encoding, "password"), hash], [], 0)
        except InvalidTag:
            raise VerifyMismatchError("The password does not match the supplied hash") from None
        except ParameterError as error:
            raise InvalidHashError(str(error)) from None
        return True

    def check_needs_rehash(self, hash: Any) -> bool:
        """Whether ``hash`` was made with other parameters than this hasher's."""
        if isinstance(hash, bytes):
            hash = hash.decode("ascii")
        return self._parameters != extract_parameters(hash)


__all__ = ["PasswordHasher", "Parameters", "Type", "extract_parameters", "exceptions", "VerifyMismatchError", "VerificationError", "InvalidHashError", "HashingError", "DEFAULT_HASH_LENGTH", "DEFAULT_MEMORY_COST", "DEFAULT_PARALLELISM", "DEFAULT_RANDOM_SALT_LENGTH", "DEFAULT_TIME_COST"]
