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

from typing import Any

from . import _native
from ._core import ArgumentTypeError, InvalidTag, ParameterError, lookup, random_bytes


class _Aead(_native.Aead):
    """The extension's keyed AEAD (encrypt, decrypt), with the catalog
    algorithm each subclass names."""

    _algorithm = ""

    __slots__ = ()

    def __new__(cls, key: Any) -> "_Aead":
        return super().__new__(cls, lookup(cls._algorithm, "aead")["id"], key)

    @classmethod
    def generate_key(cls) -> bytes:
        return random_bytes(lookup(cls._algorithm, "aead")["key"]["exactly"])


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
