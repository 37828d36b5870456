"""crypto_secretbox: XSalsa20-Poly1305 (libsodium's names and layouts)."""

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, key_bytes, nonce_bytes, require_len, run

_XSALSA20_POLY1305 = algorithm("crypto_secretbox")

crypto_secretbox_KEYBYTES = key_bytes(_XSALSA20_POLY1305)
crypto_secretbox_NONCEBYTES = nonce_bytes(_XSALSA20_POLY1305)
crypto_secretbox_MACBYTES = _XSALSA20_POLY1305["tagLength"]
# NaCl's padded layout (crypto_secretbox.h): BOXZEROBYTES zero bytes before
# the tag, ZEROBYTES before the message.
crypto_secretbox_BOXZEROBYTES = 16
crypto_secretbox_ZEROBYTES = crypto_secretbox_BOXZEROBYTES + crypto_secretbox_MACBYTES
crypto_secretbox_MESSAGEBYTES_MAX = 2**64 - 1 - crypto_secretbox_MACBYTES


def _check(nonce: bytes, key: bytes) -> None:
    require_len(key, crypto_secretbox_KEYBYTES, "Invalid key")
    require_len(nonce, crypto_secretbox_NONCEBYTES, "Invalid nonce")


def crypto_secretbox_easy(message: bytes, nonce: bytes, key: bytes) -> bytes:
    """tag ‖ ciphertext."""
    _check(nonce, key)
    return run("AeadSeal", _XSALSA20_POLY1305, [key, nonce, None, message], [], len(message) + crypto_secretbox_MACBYTES)


def crypto_secretbox_open_easy(ciphertext: bytes, nonce: bytes, key: bytes) -> bytes:
    _check(nonce, key)
    if len(ciphertext) < crypto_secretbox_MACBYTES:
        raise exc.CryptoError("Decryption failed. Ciphertext failed verification")
    return run("AeadOpen", _XSALSA20_POLY1305, [key, nonce, None, ciphertext], [], len(ciphertext) - crypto_secretbox_MACBYTES)


def crypto_secretbox(message: bytes, nonce: bytes, key: bytes) -> bytes:
    """The NaCl layout without the 16 leading zero bytes (as PyNaCl returns it)."""
    return crypto_secretbox_easy(message, nonce, key)


def crypto_secretbox_open(ciphertext: bytes, nonce: bytes, key: bytes) -> bytes:
    return crypto_secretbox_open_easy(ciphertext, nonce, key)
