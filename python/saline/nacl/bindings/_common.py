"""Shared plumbing of saline.nacl.bindings: libsodium's names over Saline's
operation table, with PyNaCl's argument checks and exception classes."""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional

from saline import _core
from saline._core import InvalidTag, ParameterError, lookup
from saline.nacl import exceptions as exc
from saline.nacl.exceptions import ensure


def require_bytes(value: Any, what: str) -> bytes:
    ensure(isinstance(value, bytes), f"{what} must be bytes", raising=exc.TypeError)
    return value


def require_len(value: Any, size: int, message: str) -> bytes:
    if not isinstance(value, bytes):
        raise exc.TypeError(f"{message}: expected bytes, got {type(value).__name__}")
    if len(value) != size:
        raise exc.ValueError(message)
    return value


def _mapped(call: Callable[..., Any], op: str, entry: Optional[Dict[str, Any]], inputs: list, nums: list, out: Any, failure: str, failure_class: type) -> Any:
    try:
        return call(op, entry, inputs, nums, out)
    except InvalidTag:
        raise failure_class(failure) from None
    except ParameterError as error:
        raise exc.ValueError(str(error)) from None


def run(op: str, entry: Optional[Dict[str, Any]], inputs: list, nums: list, out_len: int, failure: str = "Decryption failed. Ciphertext failed verification", failure_class: type = exc.CryptoError) -> bytes:
    """One saline operation; a failed verification raises ``failure_class``
    with libsodium's wording, a parameter error PyNaCl's ValueError."""
    return _mapped(_core.call, op, entry, inputs, nums, out_len, failure, failure_class)


def run_into(op: str, entry: Optional[Dict[str, Any]], inputs: list, nums: list, out: bytearray, failure: str, failure_class: type) -> int:
    """As :func:`run`, writing into ``out`` (so a secret result can be wiped
    after use); returns the number of bytes written."""
    return _mapped(_core.call_into, op, entry, inputs, nums, out, failure, failure_class)


def algorithm(name: str) -> Dict[str, Any]:
    return lookup(name)


# libsodium's sizes are the catalog's (crates/saline/src/catalog.rs), read
# here rather than copied: the *_BYTES constants of every bindings module.


def key_bytes(entry: Dict[str, Any]) -> int:
    """The key size: the catalog's exact size, or the largest it accepts
    (AES-GCM's 32, the only size libsodium's crypto_aead_aes256gcm takes)."""
    rule = entry["key"]
    return rule["exactly"] if "exactly" in rule else max(rule["oneOf"])


def nonce_bytes(entry: Dict[str, Any]) -> int:
    return entry["nonce"]["exactly"]
