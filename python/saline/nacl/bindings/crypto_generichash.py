"""crypto_generichash: BLAKE2b with key, salt and personalization (RFC 7693)."""

from saline import _native
from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, run
from saline.nacl.exceptions import ensure

_BLAKE2B = algorithm("crypto_generichash")

# The largest sizes are BLAKE2b's (the catalog's); the defaults and minimums
# are libsodium's choices (crypto_generichash_blake2b.h), as are the 16-byte
# salt and personalization of RFC 7693's parameter block (§2.8).
crypto_generichash_BYTES = 32
crypto_generichash_BYTES_MIN = 16
crypto_generichash_BYTES_MAX = _BLAKE2B["maxOutputLength"]
crypto_generichash_KEYBYTES = 32
crypto_generichash_KEYBYTES_MIN = 16
crypto_generichash_KEYBYTES_MAX = _BLAKE2B["key"]["max"]
crypto_generichash_SALTBYTES = 16
crypto_generichash_PERSONALBYTES = 16
crypto_generichash_STATEBYTES = 384


def _checkparams(digest_size: int, key: bytes, salt: bytes, person: bytes) -> None:
    ensure(isinstance(key, bytes), "Key must be a bytes sequence", raising=exc.TypeError)
    ensure(isinstance(salt, bytes), "Salt must be a bytes sequence", raising=exc.TypeError)
    ensure(isinstance(person, bytes), "Person must be a bytes sequence", raising=exc.TypeError)
    ensure(isinstance(digest_size, int), "Digest size must be an integer number", raising=exc.TypeError)
    ensure(digest_size <= crypto_generichash_BYTES_MAX, f"Digest_size must be at most {crypto_generichash_BYTES_MAX}", raising=exc.ValueError)
    ensure(len(key) <= crypto_generichash_KEYBYTES_MAX, f"Key must be at most {crypto_generichash_KEYBYTES_MAX} bytes long", raising=exc.ValueError)
    ensure(len(salt) <= crypto_generichash_SALTBYTES, f"Salt must be at most {crypto_generichash_SALTBYTES} bytes long", raising=exc.ValueError)
    ensure(len(person) <= crypto_generichash_PERSONALBYTES, f"Person must be at most {crypto_generichash_PERSONALBYTES} bytes long", raising=exc.ValueError)


def _options(key: bytes, salt: bytes, person: bytes) -> list:
    return [key or None, salt or None, person or None]


def generichash_blake2b_salt_personal(data: bytes, digest_size: int = crypto_generichash_BYTES, key: bytes = b"", salt: bytes = b"", person: bytes = b"") -> bytes:
    _checkparams(digest_size, key, salt, person)
    ensure(isinstance(data, bytes), "Input data must be a bytes sequence", raising=exc.TypeError)
    return run("Hash", _BLAKE2B, [data, *_options(key, salt, person)], [digest_size], digest_size)


class Blake2State:
    """A BLAKE2b state; ``copy()`` forks it."""

    __slots__ = ("_stream", "digest_size")

    def __init__(self, digest_size: int):
        self.digest_size = digest_size
        self._stream = None

    def __reduce__(self):  # as PyNaCl: states are not picklable
        raise TypeError(f"can't pickle {self.__class__.__name__} objects")

    def copy(self) -> "Blake2State":
        other = Blake2State(self.digest_size)
        other._stream = self._stream.copy()
        return other


def generichash_blake2b_init(key: bytes = b"", salt: bytes = b"", person: bytes = b"", digest_size: int = crypto_generichash_BYTES) -> Blake2State:
    _checkparams(digest_size, key, salt, person)
    state = Blake2State(digest_size)
    state._stream = _native.Stream(_BLAKE2B["id"], None, _options(key, salt, person), [digest_size])
    return state


def generichash_blake2b_update(state: Blake2State, data: bytes) -> None:
    ensure(isinstance(state, Blake2State), "State must be a Blake2State object", raising=exc.TypeError)
    ensure(isinstance(data, bytes), "Input data must be a bytes sequence", raising=exc.TypeError)
    state._stream.update(data)


def generichash_blake2b_final(state: Blake2State) -> bytes:
    ensure(isinstance(state, Blake2State), "State must be a Blake2State object", raising=exc.TypeError)
    return state._stream.digest()
