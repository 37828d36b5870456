"""libsodium's names and constants, as ``nacl.bindings`` exposes them, over
Saline's operation table. One module per libsodium family, like PyNaCl's.
"""

from importlib import import_module
from typing import Any, Dict

_FAMILIES = ["crypto_aead", "crypto_box", "crypto_core", "crypto_generichash", "crypto_hash", "crypto_kx", "crypto_pwhash", "crypto_scalarmult", "crypto_secretbox", "crypto_secretstream", "crypto_shorthash", "crypto_sign", "randombytes", "sodium_core", "utils"]
_PUBLIC_PREFIXES = ("crypto_", "randombytes", "sodium_", "nacl_bindings_", "has_", "SCRYPT_")


def _exports() -> Dict[str, Any]:
    names: Dict[str, Any] = {}
    for family in _FAMILIES:
        module = import_module(f"{__name__}.{family}")
        for name, value in vars(module).items():
            if name.startswith(_PUBLIC_PREFIXES):
                names[name] = value
            elif name.startswith("generichash_blake2b_"):
                # PyNaCl exports these under libsodium's crypto_ prefix.
                names["crypto_" + name] = value
    return names


globals().update(_exports())
__all__ = sorted(_exports())

sodium_init()  # noqa: F821 (defined by the update above)
