"""crypto_secretstream_xchacha20poly1305: libsodium's stream of
XChaCha20-Poly1305 chunks, each with a tag byte.

The state lives in ``statebuf``, a mutable buffer of STATEBYTES bytes in
libsodium's layout (key ‖ counter ‖ inonce ‖ 8 padding bytes), so saving and
restoring it byte by byte works as in PyNaCl. Each call hands the state to
the core's operation table and writes the next state back; a failed call
leaves it unchanged, as libsodium does."""

from typing import Optional, Tuple

from saline import _core
from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, key_bytes, nonce_bytes, run_into
from saline.nacl.exceptions import ensure

_SECRETSTREAM = algorithm("crypto_secretstream_xchacha20poly1305")
# ABYTES: the 16-byte Poly1305 tag and the encrypted tag byte.
crypto_secretstream_xchacha20poly1305_ABYTES = _SECRETSTREAM["tagLength"]
crypto_secretstream_xchacha20poly1305_HEADERBYTES = nonce_bytes(_SECRETSTREAM)
crypto_secretstream_xchacha20poly1305_KEYBYTES = key_bytes(_SECRETSTREAM)
# libsodium: min(SIZE_MAX - ABYTES, 64 · (2^32 - 2)), the 32-bit block counter's reach.
crypto_secretstream_xchacha20poly1305_MESSAGEBYTES_MAX = 64 * (2**32 - 2)
crypto_secretstream_xchacha20poly1305_STATEBYTES = 52
crypto_secretstream_xchacha20poly1305_TAG_MESSAGE = 0
crypto_secretstream_xchacha20poly1305_TAG_PUSH = 1
crypto_secretstream_xchacha20poly1305_TAG_REKEY = 2
crypto_secretstream_xchacha20poly1305_TAG_FINAL = 3

_STATE = crypto_secretstream_xchacha20poly1305_STATEBYTES
_FAILURE = "Unexpected failure"


class crypto_secretstream_xchacha20poly1305_state:
    """One direction of a stream: ``statebuf`` holds libsodium's 52-byte
    state; ``tagbuf`` is set once ``init_pull`` has run, as in PyNaCl."""

    __slots__ = ("statebuf", "tagbuf")

    def __init__(self) -> None:
        self.statebuf = bytearray(_STATE)
        self.tagbuf: Optional[bytearray] = None


def _require_state(state: crypto_secretstream_xchacha20poly1305_state) -> None:
    ensure(isinstance(state, crypto_secretstream_xchacha20poly1305_state), "State must be a crypto_secretstream_xchacha20poly1305_state object", raising=exc.TypeError)


def _require_key(key: bytes) -> None:
    ensure(isinstance(key, bytes), "Key must be a bytes sequence", raising=exc.TypeError)
    ensure(len(key) == crypto_secretstream_xchacha20poly1305_KEYBYTES, "Invalid key length", raising=exc.ValueError)


def _step(state: crypto_secretstream_xchacha20poly1305_state, op: str, inputs: list, nums: list, size: int) -> bytes:
    """Runs ``op``, whose output starts with the next state; stores that
    state, wipes the scratch copy and returns the rest."""
    scratch = bytearray(size)
    try:
        n = run_into(op, None, inputs, nums, scratch, _FAILURE, exc.RuntimeError)
        state.statebuf[:] = scratch[:_STATE]
        return bytes(scratch[_STATE:n])
    finally:
        scratch[:_STATE] = bytes(_STATE)


def crypto_secretstream_xchacha20poly1305_keygen() -> bytes:
    return _core.random_bytes(crypto_secretstream_xchacha20poly1305_KEYBYTES)


def crypto_secretstream_xchacha20poly1305_init_push(state: crypto_secretstream_xchacha20poly1305_state, key: bytes) -> bytes:
    """Starts a stream to encrypt; returns the header to send first."""
    _require_state(state)
    _require_key(key)
    return _step(state, "SecretStreamInitPush", [key, None], [], _STATE + crypto_secretstream_xchacha20poly1305_HEADERBYTES)


def crypto_secretstream_xchacha20poly1305_push(state: crypto_secretstream_xchacha20poly1305_state, m: bytes, ad: Optional[bytes] = None, tag: int = crypto_secretstream_xchacha20poly1305_TAG_MESSAGE) -> bytes:
    """Encrypts one chunk: ABYTES longer than ``m``."""
    _require_state(state)
    ensure(isinstance(m, bytes), "Message is not bytes", raising=exc.TypeError)
    ensure(len(m) <= crypto_secretstream_xchacha20poly1305_MESSAGEBYTES_MAX, "Message is too long", raising=exc.ValueError)
    ensure(ad is None or isinstance(ad, bytes), "Additional data must be bytes or None", raising=exc.TypeError)
    return _step(state, "SecretStreamPush", [state.statebuf, m, ad], [tag], _STATE + len(m) + crypto_secretstream_xchacha20poly1305_ABYTES)


def crypto_secretstream_xchacha20poly1305_init_pull(state: crypto_secretstream_xchacha20poly1305_state, header: bytes, key: bytes) -> None:
    """Starts a stream to decrypt from the sender's header."""
    _require_state(state)
    ensure(isinstance(header, bytes), "Header must be a bytes sequence", raising=exc.TypeError)
    ensure(len(header) == crypto_secretstream_xchacha20poly1305_HEADERBYTES, "Invalid header length", raising=exc.ValueError)
    _require_key(key)
    if state.tagbuf is None:
        state.tagbuf = bytearray(1)
    _step(state, "SecretStreamInitPull", [header, key], [], _STATE)


def crypto_secretstream_xchacha20poly1305_pull(state: crypto_secretstream_xchacha20poly1305_state, c: bytes, ad: Optional[bytes] = None) -> Tuple[bytes, int]:
    """Decrypts one chunk: (message, tag). A forged or out-of-order chunk
    raises RuntimeError and leaves the state as it was."""
    _require_state(state)
    ensure(state.tagbuf is not None, "State must be initialized using crypto_secretstream_xchacha20poly1305_init_pull", raising=exc.ValueError)
    ensure(isinstance(c, bytes), "Ciphertext is not bytes", raising=exc.TypeError)
    ensure(len(c) >= crypto_secretstream_xchacha20poly1305_ABYTES, "Ciphertext is too short", raising=exc.ValueError)
    ensure(len(c) <= crypto_secretstream_xchacha20poly1305_MESSAGEBYTES_MAX + crypto_secretstream_xchacha20poly1305_ABYTES, "Ciphertext is too long", raising=exc.ValueError)
    ensure(ad is None or isinstance(ad, bytes), "Additional data must be bytes or None", raising=exc.TypeError)
    tagged = _step(state, "SecretStreamPull", [state.statebuf, c, ad], [], _STATE + 1 + len(c) - crypto_secretstream_xchacha20poly1305_ABYTES)
    return tagged[1:], tagged[0]


def crypto_secretstream_xchacha20poly1305_rekey(state: crypto_secretstream_xchacha20poly1305_state) -> None:
    """Derives a new key for the stream, as TAG_REKEY does implicitly."""
    _require_state(state)
    _step(state, "SecretStreamRekey", [state.statebuf], [], _STATE)
