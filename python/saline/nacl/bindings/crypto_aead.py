"""crypto_aead: the original and IETF ChaCha20-Poly1305, XChaCha20-Poly1305,
AES-256-GCM and AEGIS-128L/AEGIS-256 constructions (ciphertext ‖ tag)."""

from typing import Optional

from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, run
from saline.nacl.exceptions import ensure

_MAX = 2**64 - 1


def _make(prefix: str, name: str, key_bytes: int, nonce_bytes: int, tag_bytes: int = 16):
    entry = algorithm(name)

    def check(message: bytes, aad: Optional[bytes], nonce: bytes, key: bytes) -> None:
        ensure(isinstance(message, bytes), "Input message type must be bytes", raising=exc.TypeError)
        ensure(aad is None or isinstance(aad, bytes), "Additional data must be bytes or None", raising=exc.TypeError)
        ensure(isinstance(nonce, bytes) and len(nonce) == nonce_bytes, f"Nonce must be a {nonce_bytes} bytes long bytes sequence", raising=exc.TypeError)
        ensure(isinstance(key, bytes) and len(key) == key_bytes, f"Key must be a {key_bytes} bytes long bytes sequence", raising=exc.TypeError)

    def encrypt(message: bytes, aad: Optional[bytes], nonce: bytes, key: bytes) -> bytes:
        check(message, aad, nonce, key)
        return run("AeadSeal", entry, [key, nonce, aad, message], [], len(message) + tag_bytes)

    def decrypt(ciphertext: bytes, aad: Optional[bytes], nonce: bytes, key: bytes) -> bytes:
        check(ciphertext, aad, nonce, key)
        if len(ciphertext) < tag_bytes:
            raise exc.CryptoError("Decryption failed.")
        return run("AeadOpen", entry, [key, nonce, aad, ciphertext], [], len(ciphertext) - tag_bytes, "Decryption failed.")

    encrypt.__name__, decrypt.__name__ = f"{prefix}_encrypt", f"{prefix}_decrypt"
    return encrypt, decrypt


crypto_aead_chacha20poly1305_ietf_KEYBYTES = 32
crypto_aead_chacha20poly1305_ietf_NSECBYTES = 0
crypto_aead_chacha20poly1305_ietf_NPUBBYTES = 12
crypto_aead_chacha20poly1305_ietf_ABYTES = 16
crypto_aead_chacha20poly1305_ietf_MESSAGEBYTES_MAX = 64 * (2**32) - 64 - 16
crypto_aead_chacha20poly1305_ietf_encrypt, crypto_aead_chacha20poly1305_ietf_decrypt = _make("crypto_aead_chacha20poly1305_ietf", "chacha20-poly1305", 32, 12)

crypto_aead_xchacha20poly1305_ietf_KEYBYTES = 32
crypto_aead_xchacha20poly1305_ietf_NSECBYTES = 0
crypto_aead_xchacha20poly1305_ietf_NPUBBYTES = 24
crypto_aead_xchacha20poly1305_ietf_ABYTES = 16
crypto_aead_xchacha20poly1305_ietf_MESSAGEBYTES_MAX = _MAX - 16
crypto_aead_xchacha20poly1305_ietf_encrypt, crypto_aead_xchacha20poly1305_ietf_decrypt = _make("crypto_aead_xchacha20poly1305_ietf", "xchacha20-poly1305", 32, 24)

crypto_aead_aes256gcm_KEYBYTES = 32
crypto_aead_aes256gcm_NSECBYTES = 0
crypto_aead_aes256gcm_NPUBBYTES = 12
crypto_aead_aes256gcm_ABYTES = 16
crypto_aead_aes256gcm_MESSAGEBYTES_MAX = 16 * (2**32 - 2)
crypto_aead_aes256gcm_encrypt, crypto_aead_aes256gcm_decrypt = _make("crypto_aead_aes256gcm", "aes-gcm", 32, 12)

# The original construction (8-byte nonce, 64-bit counter; libsodium's
# crypto_aead_chacha20poly1305).
crypto_aead_chacha20poly1305_KEYBYTES = 32
crypto_aead_chacha20poly1305_NSECBYTES = 0
crypto_aead_chacha20poly1305_NPUBBYTES = 8
crypto_aead_chacha20poly1305_ABYTES = 16
crypto_aead_chacha20poly1305_MESSAGEBYTES_MAX = _MAX - 16
crypto_aead_chacha20poly1305_encrypt, crypto_aead_chacha20poly1305_decrypt = _make("crypto_aead_chacha20poly1305", "chacha20-poly1305-legacy", 32, 8)

# AEGIS with libsodium's 256-bit tags; MESSAGEBYTES_MAX is libsodium's
# min(SIZE_MAX - ABYTES, 2^61 - 1) on 64-bit platforms.
crypto_aead_aegis128l_KEYBYTES = 16
crypto_aead_aegis128l_NSECBYTES = 0
crypto_aead_aegis128l_NPUBBYTES = 16
crypto_aead_aegis128l_ABYTES = 32
crypto_aead_aegis128l_MESSAGEBYTES_MAX = 2**61 - 1
crypto_aead_aegis128l_encrypt, crypto_aead_aegis128l_decrypt = _make("crypto_aead_aegis128l", "aegis-128l", 16, 16, 32)

crypto_aead_aegis256_KEYBYTES = 32
crypto_aead_aegis256_NSECBYTES = 0
crypto_aead_aegis256_NPUBBYTES = 32
crypto_aead_aegis256_ABYTES = 32
crypto_aead_aegis256_MESSAGEBYTES_MAX = 2**61 - 1
crypto_aead_aegis256_encrypt, crypto_aead_aegis256_decrypt = _make("crypto_aead_aegis256", "aegis-256", 32, 32, 32)
