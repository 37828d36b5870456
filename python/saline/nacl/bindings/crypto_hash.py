"""crypto_hash: SHA-256 and SHA-512."""

from saline.nacl.bindings._common import algorithm, require_bytes, run

_SHA256, _SHA512 = algorithm("crypto_hash_sha256"), algorithm("crypto_hash_sha512")

crypto_hash_sha256_BYTES = _SHA256["outputLength"]
crypto_hash_sha512_BYTES = _SHA512["outputLength"]
crypto_hash_BYTES = crypto_hash_sha512_BYTES


def crypto_hash(message: bytes) -> bytes:
    return crypto_hash_sha512(message)


def crypto_hash_sha256(message: bytes) -> bytes:
    require_bytes(message, "message")
    return run("Hash", _SHA256, [message], [crypto_hash_sha256_BYTES], crypto_hash_sha256_BYTES)


def crypto_hash_sha512(message: bytes) -> bytes:
    require_bytes(message, "message")
    return run("Hash", _SHA512, [message], [crypto_hash_sha512_BYTES], crypto_hash_sha512_BYTES)
