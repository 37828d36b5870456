"""The Python-specific contract: buffers, str refused, error classes and
messages, hash object attributes, the GIL released, stubs present."""

import array
import hashlib
import pathlib
import threading
import time

import pytest

import saline
from saline import _native, aead, hmac, kdf


def test_every_catalog_hash_is_reachable():
    for name in saline.algorithms_available:
        assert saline.new(name, b"abc").hexdigest(16) if name.startswith("shake") else saline.new(name, b"abc").hexdigest()
    assert {"sha256", "sha512_256", "sha3_256", "shake_128", "blake2b", "md5", "blake3", "keccak256"} <= saline.algorithms_available
    for name in ("SHA-256", "sha512/256", "SHA3_256"):
        assert saline.new(name, b"x").digest() == hashlib.new(name.lower().replace("-", "").replace("/", "_"), b"x").digest()


@pytest.mark.parametrize("make", [bytes, bytearray, memoryview, lambda b: array.array("B", b), lambda b: memoryview(b).cast("B", (len(b),))])
def test_buffers(make):
    data = b"the quick brown fox" * 200
    assert saline.sha256(make(data)).digest() == hashlib.sha256(data).digest()
    assert hmac.digest(make(b"k"), make(data), "sha256") == hmac.digest(b"k", data, "sha256")
    box = aead.ChaCha20Poly1305(make(bytes(32)))
    assert box.decrypt(make(bytes(12)), make(box.encrypt(bytes(12), make(data), make(b"ad"))), b"ad") == data


def test_wide_items_and_noncontiguous():
    words = array.array("I", range(100))
    assert saline.sha256(words).digest() == hashlib.sha256(words).digest()
    with pytest.raises(TypeError, match="data"):
        saline.sha256(memoryview(bytes(10))[::2])


@pytest.mark.parametrize("call", [
    lambda: saline.sha256("text"),
    lambda: saline.sha256().update("text"),
    lambda: hmac.digest("key", b"m", "sha256"),
    lambda: aead.XChaCha20Poly1305("k" * 32),
    lambda: kdf.argon2id("password", b"saltsalt", time_cost=1, memory_cost=8, parallelism=1),
    lambda: saline.sha256(12),
])
def test_str_and_non_buffers_raise_type_error(call):
    with pytest.raises(TypeError) as info:
        call()
    assert isinstance(info.value, saline.ArgumentTypeError)
    assert "expected a bytes-like object, got" in str(info.value)


@pytest.mark.parametrize("make,message", [
    (lambda: aead.ChaCha20Poly1305(bytes(31)), "key: expected 32 bytes, got 31"),
    (lambda: aead.AESGCM(bytes(20)), "key: expected 16, 24 or 32 bytes, got 20"),
    (lambda: aead.XChaCha20Poly1305(bytes(32)).encrypt(bytes(12), b"", None), "nonce: expected 24 bytes, got 12"),
    (lambda: saline.blake2b(key=bytes(65)), "key: expected 0 to 64 bytes, got 65"),
    (lambda: saline.blake3(key=bytes(31)), "key: expected 32 bytes, got 31"),
    (lambda: kdf.scrypt(b"p", salt=b"s", n=3, r=8, p=1), "N"),
    (lambda: kdf.hkdf("sha256", b"k", length=255 * 32 + 1), "length"),
])
def test_value_errors_name_parameter_expected_and_got(make, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")) as info:
        make()
    assert isinstance(info.value, saline.ParameterError)


def test_invalid_tag_is_saline_own_and_releases_nothing():
    box = aead.AESGCM(bytes(16))
    sealed = bytearray(box.encrypt(bytes(12), b"secret", None))
    sealed[0] ^= 1
    with pytest.raises(saline.InvalidTag):
        box.decrypt(bytes(12), bytes(sealed), None)
    with pytest.raises(saline.InvalidTag):
        box.decrypt(bytes(12), b"short", None)
    assert not issubclass(saline.InvalidTag, ValueError)


def test_hash_objects_match_hashlib_behaviour():
    ours, theirs = saline.sha3_256(b"a"), hashlib.sha3_256(b"a")
    fork = ours.copy()
    ours.update(b"b")
    assert fork.digest() == theirs.digest() and ours.digest() == hashlib.sha3_256(b"ab").digest()
    assert ours.digest() == ours.digest()  # digest() does not reset
    assert saline.shake_128(b"x").hexdigest(10) == hashlib.shake_128(b"x").hexdigest(10)
    with pytest.raises(TypeError):
        saline.shake_128(b"x").digest()
    with pytest.raises(ValueError):
        saline.new("no-such-hash")
    b2 = saline.blake2b(digest_size=20)
    assert (b2.name, b2.digest_size, b2.block_size) == ("blake2b", 20, 128)


def test_blake3_shape():
    h = saline.blake3(b"abc", max_threads=saline.blake3.AUTO)
    assert h.update(b"def") is h
    assert len(h.digest(length=100)) == 100 and h.digest()[:8] == h.digest(length=8)
    with pytest.raises(ValueError):
        saline.blake3(key=bytes(32), derive_key_context="ctx")
    # The blake3 package's class attributes, copy() and reset().
    assert (saline.blake3.name, saline.blake3.digest_size, saline.blake3.block_size, saline.blake3.key_size) == ("blake3", 32, 64, 32)
    fork = h.copy()
    h.update(b"more")
    assert fork.digest() == saline.blake3(b"abcdef").digest() != h.digest()
    h.reset()
    assert h.digest() == saline.blake3().digest()
    assert h.hexdigest(length=4) == saline.blake3().digest()[:4].hex()


def _progress_while(work) -> int:
    """How many times this thread ran while `work` ran in another thread."""
    worker = threading.Thread(target=work)
    worker.start()
    count = 0
    while worker.is_alive():
        count += 1
        time.sleep(0)
    worker.join()
    return count


def test_gil_released_for_large_inputs_and_kdfs():
    data = bytes(64 << 20)
    # A call that held the GIL through 64 MiB of SHA-512 or 64 MiB of Argon2
    # (tens of milliseconds or more) would let this thread run only around
    # its start and end: a handful of iterations, not hundreds.
    assert _progress_while(lambda: saline.sha512(data).digest()) > 100
    assert _progress_while(lambda: saline.sha512().update(data)) > 100
    assert _progress_while(lambda: kdf.argon2id(b"pw", b"saltsalt", time_cost=1, memory_cost=65536, parallelism=1)) > 100
    assert _native.RELEASE_GIL_AT == 2048


def test_gil_released_for_libsodium_password_hashes():
    # crypto_pwhash and its _str forms (saline-ops Op::Pwhash, PwhashStr,
    # PwhashStrVerify) once ran holding the GIL: the list of costly
    # operations was copied into the binding and had missed them.
    from saline.nacl import pwhash

    scrypt_limits = dict(opslimit=pwhash.scrypt.OPSLIMIT_INTERACTIVE, memlimit=pwhash.scrypt.MEMLIMIT_INTERACTIVE)
    stored = pwhash.scrypt.str(b"pw", **scrypt_limits)
    assert _progress_while(lambda: pwhash.scrypt.str(b"pw", **scrypt_limits)) > 100
    assert _progress_while(lambda: pwhash.scrypt.verify(stored, b"pw")) > 100
    argon2_limits = dict(opslimit=pwhash.argon2id.OPSLIMIT_INTERACTIVE, memlimit=pwhash.argon2id.MEMLIMIT_INTERACTIVE)
    assert _progress_while(lambda: pwhash.argon2id.kdf(32, b"pw", bytes(16), **argon2_limits)) > 100


def test_stubs_and_marker_ship():
    package = pathlib.Path(saline.__file__).parent
    assert (package / "py.typed").is_file()
    assert (package / "_native.pyi").is_file() and (package / "__init__.pyi").is_file()


def test_call_into_writes_a_caller_buffer_even_when_it_aliases_an_input():
    from saline._core import OP, lookup

    sha256 = lookup("sha256")["id"]
    out = bytearray(40)
    assert _native.call_into(OP["Hash"], sha256, [b"abc"], [32], out) == 32
    assert bytes(out[:32]) == hashlib.sha256(b"abc").digest()
    # The output overlapping the input: the input is read before any write.
    buffer = bytearray(b"abc" + bytes(61))
    view = memoryview(buffer)
    _native.call_into(OP["Hash"], sha256, [view[:3]], [32], view)
    assert bytes(buffer[:32]) == hashlib.sha256(b"abc").digest()
    with pytest.raises(TypeError, match="writable"):
        _native.call_into(OP["Hash"], sha256, [b"abc"], [32], bytes(32))
    with pytest.raises(ValueError, match="output"):
        _native.call_into(OP["Hash"], sha256, [b"abc"], [32], bytearray(31))
