"""randombytes: the OS random source, and libsodium's deterministic stream
(ChaCha20 keyed by the seed, nonce "LibsodiumDRG": randombytes_buf_deterministic)."""

from saline import _core
from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, run
from saline.nacl.exceptions import ensure

randombytes_SEEDBYTES = algorithm("randombytes_buf_deterministic")["constants"]["SEEDBYTES"]
_CHACHA20 = algorithm("chacha20")
_NONCE = b"LibsodiumDRG"


def randombytes(size: int) -> bytes:
    return _core.random_bytes(size)


def randombytes_buf_deterministic(size: int, seed: bytes) -> bytes:
    ensure(isinstance(seed, bytes), "seed must be bytes", raising=exc.TypeError)
    if len(seed) != randombytes_SEEDBYTES:
        raise exc.TypeError(f"Deterministic random bytes must be generated from {randombytes_SEEDBYTES} bytes")
    return run("StreamXor", _CHACHA20, [seed, _NONCE, bytes(size)], [0], size)
