"""saline.poly1305.Poly1305 against pyca/cryptography's Poly1305, whose
behaviour is the specification: RFC 8439's vectors, streaming against
one-shot, a differential on random inputs, and every error case run through
both classes."""

import array
import random

import pytest
from cryptography import exceptions as pyca_exceptions
from cryptography.hazmat.primitives.poly1305 import Poly1305 as PycaPoly1305

import saline
from saline import _native
from saline.poly1305 import Poly1305

from conftest import h, vector_cases
from test_python_api import _progress_while

RNG = random.Random(1305)
SIZES = [0, 1, 15, 16, 17, 31, 32, 33, 64, 1000, 2048, 2049, 70000]


def rand(n: int) -> bytes:
    return RNG.randbytes(n)


@pytest.mark.parametrize("algorithm,case", vector_cases("mac", "poly1305*.json"))
def test_rfc8439_vectors(algorithm, case):
    assert algorithm == "poly1305"
    key, msg, tag = h(case["key"]), h(case["msg"]), h(case["tag"])
    valid = case["result"] == "valid"
    assert (Poly1305.generate_tag(key, msg) == tag) == valid
    streamed = Poly1305(key)
    streamed.update(msg)
    assert (streamed.finalize() == tag) == valid
    if valid:
        Poly1305.verify_tag(key, msg, tag)
        checker = Poly1305(key)
        checker.update(msg)
        checker.verify(tag)
    else:
        with pytest.raises(saline.InvalidSignature):
            Poly1305.verify_tag(key, msg, tag)


def _chunks(data: bytes, make):
    """`data` cut at random points, each piece as `make` builds it."""
    pieces, start = [], 0
    while start < len(data):
        end = min(len(data), start + RNG.choice([1, 3, 15, 16, 17, 64, 100, 2049, 5000]))
        pieces.append(make(data[start:end]))
        start = end
    return pieces


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("make", [bytes, bytearray, memoryview, lambda b: array.array("B", b)], ids=["bytes", "bytearray", "memoryview", "array"])
def test_streaming_in_random_chunks_equals_one_shot(size, make):
    key, msg = rand(32), rand(size)
    one_shot = Poly1305.generate_tag(make(key), make(msg))
    streamed = Poly1305(make(key))
    for piece in _chunks(msg, make):
        streamed.update(piece)
    assert streamed.finalize() == one_shot
    checker = Poly1305(key)
    for piece in _chunks(msg, make):
        checker.update(piece)
    checker.verify(make(one_shot))
    Poly1305.verify_tag(make(key), make(msg), make(one_shot))


@pytest.mark.parametrize("size", SIZES)
def test_differential_against_pyca(size):
    for _ in range(8):
        key, msg = rand(32), rand(size)
        theirs = PycaPoly1305.generate_tag(key, msg)
        assert Poly1305.generate_tag(key, msg) == theirs
        ours = Poly1305(key)
        ours.update(msg)
        assert ours.finalize() == theirs
        # Each side accepts the other's tag and refuses a forgery the same way.
        Poly1305.verify_tag(key, msg, theirs)
        PycaPoly1305.verify_tag(key, msg, Poly1305.generate_tag(key, msg))
        forged = bytearray(theirs)
        forged[RNG.randrange(16)] ^= 1 << RNG.randrange(8)
        with pytest.raises(saline.InvalidSignature):
            Poly1305.verify_tag(key, msg, bytes(forged))
        with pytest.raises(pyca_exceptions.InvalidSignature):
            PycaPoly1305.verify_tag(key, msg, bytes(forged))


# Each case runs against a class and its exception namespace; the outcome is
# compared between pyca and Saline: "ok" (with the value returned), or the
# class of error by its role.
KEY, MSG = bytes(range(32)), b"message"
TAG = PycaPoly1305.generate_tag(KEY, MSG)


def _fresh(P):
    return P(KEY)


def _finalized(P):
    p = P(KEY)
    p.finalize()
    return p


def _verified(P):
    p = P(KEY)
    p.update(MSG)
    p.verify(TAG)
    return p


def _failed(P):
    p = P(KEY)
    try:
        p.verify(bytes(16))
    except Exception:
        pass
    return p


def _after_wrong_type_verify(P):
    p = P(KEY)
    p.update(MSG)
    try:
        p.verify("not bytes, refused before anything ends")
    except TypeError:
        pass
    return p


ERROR_CASES = {
    "key 31 bytes": lambda P: P(bytes(31)),
    "key 33 bytes": lambda P: P(bytes(33)),
    "key empty": lambda P: P(b""),
    "key str": lambda P: P("k" * 32),
    "key int": lambda P: P(32),
    "key None": lambda P: P(None),
    "key bytearray": lambda P: P(bytearray(KEY)).finalize(),
    "key memoryview": lambda P: P(memoryview(KEY)).finalize(),
    "key 2-D memoryview": lambda P: P(memoryview(KEY).cast("B", (4, 8))).finalize(),
    "update str": lambda P: _fresh(P).update("text"),
    "update int": lambda P: _fresh(P).update(3),
    "update None": lambda P: _fresh(P).update(None),
    "update bytearray, memoryview": lambda P: (lambda p: (p.update(bytearray(b"ab")), p.update(memoryview(b"cd")), p.finalize()))(_fresh(P))[2],
    "finalize twice": lambda P: _finalized(P).finalize(),
    "update after finalize": lambda P: _finalized(P).update(b""),
    "verify after finalize": lambda P: _finalized(P).verify(TAG),
    "verify good": lambda P: (lambda p: (p.update(MSG), p.verify(TAG)))(_fresh(P))[1],
    "verify twice": lambda P: _verified(P).verify(TAG),
    "finalize after verify": lambda P: _verified(P).finalize(),
    "verify wrong tag": lambda P: _fresh(P).verify(bytes(16)),
    "verify short tag": lambda P: (lambda p: (p.update(MSG), p.verify(TAG[:15])))(_fresh(P))[1],
    "verify long tag": lambda P: (lambda p: (p.update(MSG), p.verify(TAG + b"\0")))(_fresh(P))[1],
    "verify empty tag": lambda P: _fresh(P).verify(b""),
    "verify str": lambda P: _fresh(P).verify("x" * 16),
    "verify None": lambda P: _fresh(P).verify(None),
    "finalize after failed verify": lambda P: _failed(P).finalize(),
    "update after failed verify": lambda P: _failed(P).update(b""),
    "finalize after wrong-type verify": lambda P: _after_wrong_type_verify(P).finalize(),
    "generate_tag key 31 bytes": lambda P: P.generate_tag(bytes(31), MSG),
    "generate_tag key str": lambda P: P.generate_tag("k" * 32, MSG),
    "generate_tag data str": lambda P: P.generate_tag(KEY, "message"),
    "generate_tag data None": lambda P: P.generate_tag(KEY, None),
    "generate_tag key None": lambda P: P.generate_tag(None, MSG),
    "generate_tag keywords": lambda P: P.generate_tag(key=KEY, data=MSG),
    "verify_tag good": lambda P: P.verify_tag(KEY, MSG, TAG),
    "verify_tag keywords": lambda P: P.verify_tag(key=KEY, data=MSG, tag=TAG),
    "verify_tag wrong tag": lambda P: P.verify_tag(KEY, MSG, bytes(16)),
    "verify_tag short tag": lambda P: P.verify_tag(KEY, MSG, TAG[:15]),
    "verify_tag wrong message": lambda P: P.verify_tag(KEY, MSG + b"!", TAG),
    "verify_tag key 31 bytes": lambda P: P.verify_tag(bytes(31), MSG, TAG),
    "verify_tag data str": lambda P: P.verify_tag(KEY, "message", TAG),
    "verify_tag tag str": lambda P: P.verify_tag(KEY, MSG, "x" * 16),
    "verify_tag tag None": lambda P: P.verify_tag(KEY, MSG, None),
    "keyword key": lambda P: P(key=KEY).finalize(),
    "keyword data": lambda P: (lambda p: (p.update(data=MSG), p.finalize()))(_fresh(P))[1],
    "keyword signature": lambda P: (lambda p: (p.update(MSG), p.verify(signature=TAG)))(_fresh(P))[1],
    "no copy": lambda P: _fresh(P).copy(),
    "no attributes added": lambda P: setattr(_fresh(P), "extra", 1),
}


def _outcome(run, P, exceptions):
    try:
        return ("ok", run(P))
    except exceptions.InvalidSignature:
        return ("InvalidSignature", None)
    except exceptions.AlreadyFinalized:
        return ("AlreadyFinalized", None)
    except ValueError:
        return ("ValueError", None)
    except TypeError:
        return ("TypeError", None)
    except AttributeError:
        return ("AttributeError", None)


@pytest.mark.parametrize("name", sorted(ERROR_CASES))
def test_same_outcome_as_pyca(name):
    run = ERROR_CASES[name]
    theirs = _outcome(run, PycaPoly1305, pyca_exceptions)
    ours = _outcome(run, Poly1305, saline)
    assert ours == theirs


def test_saline_error_classes():
    # Saline's own classes, by role: a size is a ParameterError (ValueError),
    # a type an ArgumentTypeError (TypeError), each naming the parameter.
    with pytest.raises(saline.ParameterError, match="key: expected 32 bytes, got 31"):
        Poly1305(bytes(31))
    with pytest.raises(saline.ParameterError, match="key: expected 32 bytes, got 33"):
        Poly1305.generate_tag(bytes(33), b"")
    for call, name in [
        (lambda: Poly1305("k" * 32), "key"),
        (lambda: Poly1305(None), "key"),
        (lambda: Poly1305(KEY).update("text"), "data"),
        (lambda: Poly1305(KEY).verify("x" * 16), "signature"),
        (lambda: Poly1305.generate_tag(KEY, None), "data"),
        (lambda: Poly1305.generate_tag(3, MSG), "key"),
        (lambda: Poly1305.verify_tag(KEY, MSG, None), "tag"),
        (lambda: Poly1305.verify_tag(KEY, "message", TAG), "data"),
    ]:
        with pytest.raises(saline.ArgumentTypeError, match=f"^{name}: expected a bytes-like object, got"):
            call()
    # pyca's exceptions derive from Exception only; Saline's InvalidSignature
    # is also its InvalidTag, the class of every failed check in Saline.
    assert issubclass(saline.InvalidSignature, saline.InvalidTag)
    for cls in (saline.InvalidSignature, saline.AlreadyFinalized):
        assert not issubclass(cls, (ValueError, TypeError))
    assert saline.poly1305.InvalidSignature is saline.InvalidSignature is _native.InvalidSignature
    assert saline.poly1305.AlreadyFinalized is saline.AlreadyFinalized is _native.AlreadyFinalized


def test_where_saline_accepts_more_than_pyca():
    # The package takes any buffer for every byte argument; pyca takes only
    # bytes for the tag. A tag in a bytearray or memoryview verifies here.
    for make in (bytearray, memoryview):
        with pytest.raises(TypeError):
            PycaPoly1305.verify_tag(KEY, MSG, make(TAG))
        Poly1305.verify_tag(KEY, MSG, make(TAG))
        p = Poly1305(KEY)
        p.update(MSG)
        p.verify(make(TAG))
    # A non-contiguous buffer: pyca raises BufferError, the package TypeError
    # (as for hashes, test_python_api), naming the parameter.
    strided = memoryview(bytes(64))[::2]
    with pytest.raises(BufferError):
        PycaPoly1305(strided)
    with pytest.raises(saline.ArgumentTypeError, match="^key: expected a contiguous"):
        Poly1305(strided)
    with pytest.raises(saline.ArgumentTypeError, match="^data: expected a contiguous"):
        Poly1305.generate_tag(KEY, strided)


def test_hash_objects_do_not_verify():
    # Stream.verify, which Poly1305.verify uses, is for MACs only.
    with pytest.raises(TypeError, match="only a MAC"):
        saline.sha256(b"abc").verify(bytes(32))


def test_gil_released_for_large_inputs():
    # 256 MiB: long enough that a call holding the GIL would show (a handful
    # of iterations of the other thread, not hundreds) even at the 15 GB/s
    # of OpenSSL's AVX-512 IFMA Poly1305, where 64 MiB took only ~4 ms.
    data, key = bytes(256 << 20), rand(32)
    assert _progress_while(lambda: Poly1305.generate_tag(key, data)) > 100
    assert _progress_while(lambda: Poly1305(key).update(data)) > 100
    tag = Poly1305.generate_tag(key, data)
    assert _progress_while(lambda: Poly1305.verify_tag(key, data, tag)) > 100
