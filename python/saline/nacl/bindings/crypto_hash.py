"""crypto_hash: SHA-256 and SHA-512."""

from saline.nacl.bindings._common import algorithm, require_bytes, run

crypto_hash_BYTES = 64
crypto_hash_sha256_BYTES = 32
crypto_hash_sha512_BYTES = 64

_SHA256, _SHA512 = algorithm("sha256"), algorithm("sha512")


def crypto_hash(message: bytes) -> bytes:
    return crypto_hash_sha512(message)


def crypto_hash_sha256(message: bytes) -> bytes:
    require_bytes(message, "message")
    return run("Hash", _SHA256, [message], [32], 32)


def crypto_hash_sha512(message: bytes) -> bytes:
    require_bytes(message, "message")
    return run("Hash", _SHA512, [message], [64], 64)
