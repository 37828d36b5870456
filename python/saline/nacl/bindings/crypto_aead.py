"""crypto_aead: the original and IETF ChaCha20-Poly1305, XChaCha20-Poly1305,
AES-256-GCM and AEGIS-128L/AEGIS-256 constructions (ciphertext ‖ tag)."""

from typing import Optional

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, key_bytes, nonce_bytes, run
from saline.nacl.exceptions import ensure

_MAX = 2**64 - 1


def _make(prefix: str):
    """encrypt and decrypt for the construction libsodium calls ``prefix``
    (a catalog alias), with its sizes from the catalog."""
    entry = algorithm(prefix)
    key_size, nonce_size, tag_bytes = key_bytes(entry), nonce_bytes(entry), entry["tagLength"]

    def check(message: bytes, aad: Optional[bytes], nonce: bytes, key: bytes) -> None:
        ensure(isinstance(message, bytes), "Input message type must be bytes", raising=exc.TypeError)
        ensure(aad is None or isinstance(aad, bytes), "Additional data must be bytes or None", raising=exc.TypeError)
        ensure(isinstance(nonce, bytes) and len(nonce) == nonce_size, f"Nonce must be a {nonce_size} bytes long bytes sequence", raising=exc.TypeError)
        ensure(isinstance(key, bytes) and len(key) == key_size, f"Key must be a {key_size} bytes long bytes sequence", raising=exc.TypeError)

    def encrypt(message: bytes, aad: Optional[bytes], nonce: bytes, key: bytes) -> bytes:
        check(message, aad, nonce, key)
        return run("AeadSeal", entry, [key, nonce, aad, message], [], len(message) + tag_bytes)

    def decrypt(ciphertext: bytes, aad: Optional[bytes], nonce: bytes, key: bytes) -> bytes:
        check(ciphertext, aad, nonce, key)
        if len(ciphertext) < tag_bytes:
            raise exc.CryptoError("Decryption failed.")
        return run("AeadOpen", entry, [key, nonce, aad, ciphertext], [], len(ciphertext) - tag_bytes, "Decryption failed.")

    encrypt.__name__, decrypt.__name__ = f"{prefix}_encrypt", f"{prefix}_decrypt"
    return key_size, nonce_size, tag_bytes, encrypt, decrypt


crypto_aead_chacha20poly1305_ietf_KEYBYTES, crypto_aead_chacha20poly1305_ietf_NPUBBYTES, crypto_aead_chacha20poly1305_ietf_ABYTES, crypto_aead_chacha20poly1305_ietf_encrypt, crypto_aead_chacha20poly1305_ietf_decrypt = _make("crypto_aead_chacha20poly1305_ietf")
crypto_aead_chacha20poly1305_ietf_NSECBYTES = 0
crypto_aead_chacha20poly1305_ietf_MESSAGEBYTES_MAX = 64 * (2**32) - 64 - 16

crypto_aead_xchacha20poly1305_ietf_KEYBYTES, crypto_aead_xchacha20poly1305_ietf_NPUBBYTES, crypto_aead_xchacha20poly1305_ietf_ABYTES, crypto_aead_xchacha20poly1305_ietf_encrypt, crypto_aead_xchacha20poly1305_ietf_decrypt = _make("crypto_aead_xchacha20poly1305_ietf")
crypto_aead_xchacha20poly1305_ietf_NSECBYTES = 0
crypto_aead_xchacha20poly1305_ietf_MESSAGEBYTES_MAX = _MAX - crypto_aead_xchacha20poly1305_ietf_ABYTES

crypto_aead_aes256gcm_KEYBYTES, crypto_aead_aes256gcm_NPUBBYTES, crypto_aead_aes256gcm_ABYTES, crypto_aead_aes256gcm_encrypt, crypto_aead_aes256gcm_decrypt = _make("crypto_aead_aes256gcm")
crypto_aead_aes256gcm_NSECBYTES = 0
crypto_aead_aes256gcm_MESSAGEBYTES_MAX = 16 * (2**32 - 2)

# The original construction (8-byte nonce, 64-bit counter; libsodium's
# crypto_aead_chacha20poly1305).
crypto_aead_chacha20poly1305_KEYBYTES, crypto_aead_chacha20poly1305_NPUBBYTES, crypto_aead_chacha20poly1305_ABYTES, crypto_aead_chacha20poly1305_encrypt, crypto_aead_chacha20poly1305_decrypt = _make("crypto_aead_chacha20poly1305")
crypto_aead_chacha20poly1305_NSECBYTES = 0
crypto_aead_chacha20poly1305_MESSAGEBYTES_MAX = _MAX - crypto_aead_chacha20poly1305_ABYTES

# AEGIS with libsodium's 256-bit tags; MESSAGEBYTES_MAX is libsodium's
# min(SIZE_MAX - ABYTES, 2^61 - 1) on 64-bit platforms.
crypto_aead_aegis128l_KEYBYTES, crypto_aead_aegis128l_NPUBBYTES, crypto_aead_aegis128l_ABYTES, crypto_aead_aegis128l_encrypt, crypto_aead_aegis128l_decrypt = _make("crypto_aead_aegis128l")
crypto_aead_aegis128l_NSECBYTES = 0
crypto_aead_aegis128l_MESSAGEBYTES_MAX = 2**61 - 1

crypto_aead_aegis256_KEYBYTES, crypto_aead_aegis256_NPUBBYTES, crypto_aead_aegis256_ABYTES, crypto_aead_aegis256_encrypt, crypto_aead_aegis256_decrypt = _make("crypto_aead_aegis256")
crypto_aead_aegis256_NSECBYTES = 0
crypto_aead_aegis256_MESSAGEBYTES_MAX = 2**61 - 1
