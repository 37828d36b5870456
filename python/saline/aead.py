"""AEADs shaped like pyca/cryptography's
``cryptography.hazmat.primitives.ciphers.aead``: ``ChaCha20Poly1305``,
``XChaCha20Poly1305`` (which pyca lacks) and ``AESGCM``.

``encrypt(nonce, data, associated_data)`` returns ciphertext ‖ tag;
``decrypt`` raises :class:`saline.InvalidTag` when the tag does not verify.
Wrong key or nonce sizes raise ValueError naming the parameter.

>>> from saline.aead import XChaCha20Poly1305
>>> box = XChaCha20Poly1305(bytes(32))
>>> box.decrypt(bytes(24), box.encrypt(bytes(24), b"hi", None), None)
b'hi'
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from ._core import ArgumentTypeError, InvalidTag, ParameterError, call, check_size, lookup, nbytes, random_bytes


class _Aead:
    _algorithm = ""

    __slots__ = ("_key", "_entry")

    def __init__(self, key: Any) -> None:
        self._entry: Dict[str, Any] = lookup(self._algorithm, "aead")
        check_size(key, "key", self._entry["key"])
        self._key = bytes(key)

    @classmethod
    def generate_key(cls) -> bytes:
        return random_bytes(lookup(cls._algorithm, "aead")["key"]["exactly"])

    def _checked(self, nonce: Any, data: Any, associated_data: Optional[Any]) -> int:
        check_size(nonce, "nonce", self._entry["nonce"])
        n = nbytes(data, "data")
        if associated_data is not None:
            nbytes(associated_data, "associated_data")
        return n

    def encrypt(self, nonce: Any, data: Any, associated_data: Optional[Any]) -> bytes:
        n = self._checked(nonce, data, associated_data)
        return call("AeadSeal", self._entry, [self._key, nonce, associated_data, data], [], n + self._entry["tagLength"])

    def decrypt(self, nonce: Any, data: Any, associated_data: Optional[Any]) -> bytes:
        n = self._checked(nonce, data, associated_data)
        if n < self._entry["tagLength"]:
            raise InvalidTag(f"data: expected at least {self._entry['tagLength']} bytes (the tag), got {n}")
        return call("AeadOpen", self._entry, [self._key, nonce, associated_data, data], [], n - self._entry["tagLength"])


class ChaCha20Poly1305(_Aead):
    """ChaCha20-Poly1305 (RFC 8439): 32-byte key, 12-byte nonce, 16-byte tag."""

    __slots__ = ()
    _algorithm = "chacha20-poly1305"


class XChaCha20Poly1305(_Aead):
    """XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha): 32-byte key, 24-byte
    nonce (random nonces are safe), 16-byte tag."""

    __slots__ = ()
    _algorithm = "xchacha20-poly1305"


class AESGCM(_Aead):
    """AES-GCM (SP 800-38D): 16-, 24- or 32-byte key, 12-byte nonce (pyca
    also accepts other nonce sizes; Saline takes the 96-bit nonce only)."""

    __slots__ = ()
    _algorithm = "aes-gcm"

    @classmethod
    def generate_key(cls, bit_length: int) -> bytes:  # type: ignore[override]
        if not isinstance(bit_length, int):
            raise ArgumentTypeError(f"bit_length: expected int, got {type(bit_length).__name__}")
        if bit_length not in (128, 192, 256):
            raise ParameterError(f"bit_length: expected 128, 192 or 256, got {bit_length}")
        return random_bytes(bit_length // 8)


__all__ = ["ChaCha20Poly1305", "XChaCha20Poly1305", "AESGCM", "InvalidTag"]
