"""crypto_shorthash: SipHash-2-4 with a 64-bit (siphash24) or 128-bit
(siphashx24) output, keyed with 16 bytes."""

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, key_bytes, require_bytes, run

_SIPHASH24 = algorithm("crypto_shorthash_siphash24")
_SIPHASHX24 = algorithm("crypto_shorthash_siphashx24")

BYTES = _SIPHASH24["outputLength"]
KEYBYTES = key_bytes(_SIPHASH24)
XBYTES = _SIPHASHX24["outputLength"]
XKEYBYTES = key_bytes(_SIPHASHX24)
crypto_shorthash_siphash24_BYTES = BYTES
crypto_shorthash_siphash24_KEYBYTES = KEYBYTES
crypto_shorthash_siphashx24_BYTES = XBYTES
crypto_shorthash_siphashx24_KEYBYTES = XKEYBYTES
has_crypto_shorthash_siphashx24 = True


def crypto_shorthash_siphash24(data: bytes, key: bytes) -> bytes:
    """The 8-byte SipHash-2-4 of ``data`` under a 16-byte ``key``."""
    require_bytes(data, "data")
    if len(key) != KEYBYTES:
        raise exc.ValueError(f"Key length must be exactly {KEYBYTES} bytes")
    return run("Mac", _SIPHASH24, [key, data], [], BYTES)


def crypto_shorthash_siphashx24(data: bytes, key: bytes) -> bytes:
    """The 16-byte SipHash-2-4 (128-bit output variant) of ``data``."""
    require_bytes(data, "data")
    if len(key) != XKEYBYTES:
        raise exc.ValueError(f"Key length must be exactly {XKEYBYTES} bytes")
    return run("Mac", _SIPHASHX24, [key, data], [], XBYTES)
