"""HMAC shaped like the standard library's ``hmac`` module, over the
catalog's HMACs ("hmac-" + the hash's name).

>>> from saline import hmac
>>> hmac.digest(b"key", b"msg", "sha256").hex()[:16]
'2d93cbc1be167bcb'
"""

from __future__ import annotations

from hmac import compare_digest
from typing import Any, Dict

from . import _native
from ._core import ArgumentTypeError, call, lookup, nbytes
from ._hashes import _python_name


def _mac_entry(digestmod: Any) -> Dict[str, Any]:
    """The catalog HMAC for a digestmod: a name, a hashlib-style constructor
    or module (anything whose hash object has ``name``)."""
    if digestmod is None or digestmod == "":
        raise ArgumentTypeError("digestmod: expected a hash name or constructor (required, as in hmac.new), got nothing")
    if isinstance(digestmod, str):
        name = digestmod
    else:
        maker = getattr(digestmod, "new", digestmod)
        if not callable(maker):
            raise ArgumentTypeError(f"digestmod: expected a hash name or constructor, got {type(digestmod).__name__}")
        name = maker().name
    hash_entry = lookup(name, "hash")
    return lookup("hmac-" + hash_entry["name"], "mac")


class HMAC:
    """hmac.HMAC: update, digest, hexdigest, copy; name, digest_size, block_size."""

    __slots__ = ("_stream", "name", "digest_size", "block_size")

    def __init__(self, key: Any, msg: Any = None, digestmod: Any = "") -> None:
        entry = _mac_entry(digestmod)
        nbytes(key, "key")
        self._stream = _native.Stream(entry["id"], None, [key])
        hash_entry = lookup(entry["name"][len("hmac-"):], "hash")
        self.name = "hmac-" + _python_name(hash_entry)
        self.digest_size = entry["outputLength"]
        self.block_size = entry["blockLength"]
        if msg is not None:
            self._stream.update(msg)

    def update(self, msg: Any) -> None:
        self._stream.update(msg)

    def digest(self) -> bytes:
        return self._stream.digest()

    def hexdigest(self) -> str:
        return self._stream.digest().hex()

    def copy(self) -> "HMAC":
        clone = object.__new__(HMAC)
        clone._stream = self._stream.copy()
        clone.name, clone.digest_size, clone.block_size = self.name, self.digest_size, self.block_size
        return clone


def new(key: Any, msg: Any = None, digestmod: Any = "") -> HMAC:
    """hmac.new(key, msg=None, digestmod): digestmod is required."""
    return HMAC(key, msg, digestmod)


def digest(key: Any, msg: Any, digest: Any) -> bytes:
    """hmac.digest(key, msg, digest): the one-shot tag."""
    entry = _mac_entry(digest)
    return call("Mac", entry, [key, msg], [], entry["outputLength"])


__all__ = ["HMAC", "new", "digest", "compare_digest"]
