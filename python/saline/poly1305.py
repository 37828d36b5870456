"""Poly1305 shaped like pyca/cryptography's
``cryptography.hazmat.primitives.poly1305``: ``Poly1305(key)`` with
``update``, ``finalize`` and ``verify``, and the one-shot classmethods
``generate_tag`` and ``verify_tag``.

A Poly1305 key authenticates one message only (RFC 8439 §2.5): derive a new
32-byte key for every message, as ChaCha20-Poly1305 does. Keys and data are
any bytes-like objects (str raises TypeError); a key of another size raises
ValueError. A tag that does not verify raises :class:`saline.InvalidSignature`
(also a :class:`saline.InvalidTag`), compared in constant time by the core;
``update``, ``finalize`` or ``verify`` after ``finalize`` or ``verify`` raise
:class:`saline.AlreadyFinalized`.

>>> from saline.poly1305 import Poly1305
>>> key = bytes.fromhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b")
>>> Poly1305.generate_tag(key, b"Cryptographic Forum Research Group").hex()  # RFC 8439 §2.5.2
'a8061dc1305136c6c22b8baf0c0127a9'
"""

from __future__ import annotations

from typing import Any, Optional

from . import _native
from ._core import OP, AlreadyFinalized, ArgumentTypeError, InvalidSignature, InvalidTag, ParameterError, lookup, nbytes

_ENTRY = lookup("poly1305", "mac")
_ID = _ENTRY["id"]
_TAG_SIZE = _ENTRY["tagLength"]
_MAC, _MAC_VERIFY = OP["Mac"], OP["MacVerify"]
_call = _native.call


def _name_the_wrong_type(**arguments: Any) -> None:
    """After the extension refused an argument: raise TypeError naming it,
    for None as pyca does (the operation table reads None as a missing input,
    a ValueError) and with the public name where the extension only knows a
    position ("argument 1"). Runs on the failure path only, so a good call
    pays nothing for it."""
    for name, value in arguments.items():
        nbytes(value, name)
        if not isinstance(value, (bytes, bytearray)) and not memoryview(value).c_contiguous:
            raise ArgumentTypeError(f"{name}: expected a contiguous bytes-like object, got a non-contiguous {type(value).__name__}")


class Poly1305:
    """Poly1305 (RFC 8439 §2.5) with a one-time 32-byte key; the tag is 16 bytes."""

    # The state lives in the extension (a MAC stream of the core, wiped when
    # dropped); the key is never kept in Python. None once finalized.
    __slots__ = ("_stream",)

    def __init__(self, key: Any) -> None:
        try:
            self._stream: Optional[_native.Stream] = _native.Stream(_ID, None, (key,))
        except (ArgumentTypeError, ParameterError):
            _name_the_wrong_type(key=key)
            raise

    def _open_stream(self) -> _native.Stream:
        stream = self._stream
        if stream is None:
            raise AlreadyFinalized("Context was already finalized.")
        return stream

    def update(self, data: Any) -> None:
        """Absorbs `data`; the GIL is released above 2048 bytes."""
        self._open_stream().update(data)

    def finalize(self) -> bytes:
        """The 16-byte tag; the object cannot be used again."""
        stream = self._open_stream()
        self._stream = None
        return stream.digest()

    def verify(self, signature: Any) -> None:
        """Checks `signature` against the tag in constant time and ends the
        object; InvalidSignature on any mismatch, a wrong length included.
        A `signature` that is not bytes-like raises TypeError and leaves the
        object usable, as pyca does."""
        stream = self._open_stream()
        try:
            stream.verify(signature)
        except ArgumentTypeError:
            _name_the_wrong_type(signature=signature)
            raise
        except InvalidTag as failure:
            self._stream = None
            raise InvalidSignature(*failure.args) from None
        self._stream = None

    @classmethod
    def generate_tag(cls, key: Any, data: Any) -> bytes:
        """The tag of `data` under `key`, in one call into the core."""
        try:
            return _call(_MAC, _ID, (key, data), (), _TAG_SIZE)
        except (ArgumentTypeError, ParameterError):
            _name_the_wrong_type(key=key, data=data)
            raise

    @classmethod
    def verify_tag(cls, key: Any, data: Any, tag: Any) -> None:
        """Checks `tag` against the tag of `data` under `key`, in constant
        time, in one call into the core; InvalidSignature on any mismatch."""
        try:
            _call(_MAC_VERIFY, _ID, (key, data, tag), (), 0)
        except InvalidTag as failure:
            raise InvalidSignature(*failure.args) from None
        except (ArgumentTypeError, ParameterError):
            _name_the_wrong_type(key=key, data=data, tag=tag)
            raise


__all__ = ["Poly1305", "InvalidSignature", "AlreadyFinalized"]
