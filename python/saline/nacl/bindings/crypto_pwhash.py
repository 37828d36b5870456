"""crypto_pwhash: Argon2i/Argon2id (libsodium parameters: opslimit = t,
memlimit in bytes, one lane) and scrypt (crypto_pwhash_scryptsalsa208sha256).

Argon2 runs in Saline's core with the GIL released; verification applies the
core's cost ceilings, so a hash naming more memory than they allow is
refused like any other mismatch (libsodium's -1 → InvalidkeyError)."""

import sys
from typing import Tuple

from saline import _core
from saline.nacl import exceptions as exc
from saline.nacl.bindings._common import algorithm, run
from saline.nacl.exceptions import ensure

# libsodium 1.0.18+ constants (crypto_pwhash_argon2i.h, crypto_pwhash_argon2id.h,
# crypto_pwhash_scryptsalsa208sha256.h), 64-bit values.
crypto_pwhash_ALG_ARGON2I13 = 1
crypto_pwhash_ALG_ARGON2ID13 = 2
crypto_pwhash_ALG_DEFAULT = crypto_pwhash_ALG_ARGON2ID13
crypto_pwhash_SALTBYTES = 16
crypto_pwhash_STRBYTES = 128
crypto_pwhash_PASSWD_MIN = 0
crypto_pwhash_PASSWD_MAX = 4294967295
crypto_pwhash_BYTES_MIN = 16
crypto_pwhash_BYTES_MAX = 4294967295

crypto_pwhash_argon2i_STRPREFIX = b"$argon2i$"
crypto_pwhash_argon2i_MEMLIMIT_MIN = 8192
crypto_pwhash_argon2i_MEMLIMIT_MAX = 4398046510080
crypto_pwhash_argon2i_OPSLIMIT_MIN = 3
crypto_pwhash_argon2i_OPSLIMIT_MAX = 4294967295
crypto_pwhash_argon2i_OPSLIMIT_INTERACTIVE = 4
crypto_pwhash_argon2i_MEMLIMIT_INTERACTIVE = 33554432
crypto_pwhash_argon2i_OPSLIMIT_MODERATE = 6
crypto_pwhash_argon2i_MEMLIMIT_MODERATE = 134217728
crypto_pwhash_argon2i_OPSLIMIT_SENSITIVE = 8
crypto_pwhash_argon2i_MEMLIMIT_SENSITIVE = 536870912

crypto_pwhash_argon2id_STRPREFIX = b"$argon2id$"
crypto_pwhash_argon2id_MEMLIMIT_MIN = 8192
crypto_pwhash_argon2id_MEMLIMIT_MAX = 4398046510080
crypto_pwhash_argon2id_OPSLIMIT_MIN = 1
crypto_pwhash_argon2id_OPSLIMIT_MAX = 4294967295
crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE = 2
crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE = 67108864
crypto_pwhash_argon2id_OPSLIMIT_MODERATE = 3
crypto_pwhash_argon2id_MEMLIMIT_MODERATE = 268435456
crypto_pwhash_argon2id_OPSLIMIT_SENSITIVE = 4
crypto_pwhash_argon2id_MEMLIMIT_SENSITIVE = 1073741824

crypto_pwhash_OPSLIMIT_INTERACTIVE = crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE
crypto_pwhash_MEMLIMIT_INTERACTIVE = crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE
crypto_pwhash_OPSLIMIT_MODERATE = crypto_pwhash_argon2id_OPSLIMIT_MODERATE
crypto_pwhash_MEMLIMIT_MODERATE = crypto_pwhash_argon2id_MEMLIMIT_MODERATE
crypto_pwhash_OPSLIMIT_SENSITIVE = crypto_pwhash_argon2id_OPSLIMIT_SENSITIVE
crypto_pwhash_MEMLIMIT_SENSITIVE = crypto_pwhash_argon2id_MEMLIMIT_SENSITIVE
crypto_pwhash_OPSLIMIT_MIN = crypto_pwhash_argon2id_OPSLIMIT_MIN
crypto_pwhash_OPSLIMIT_MAX = crypto_pwhash_argon2id_OPSLIMIT_MAX
crypto_pwhash_MEMLIMIT_MIN = crypto_pwhash_argon2id_MEMLIMIT_MIN
crypto_pwhash_MEMLIMIT_MAX = crypto_pwhash_argon2id_MEMLIMIT_MAX

has_crypto_pwhash_scryptsalsa208sha256 = True
crypto_pwhash_scryptsalsa208sha256_STRPREFIX = b"$7$"
crypto_pwhash_scryptsalsa208sha256_SALTBYTES = 32
crypto_pwhash_scryptsalsa208sha256_STRBYTES = 102
crypto_pwhash_scryptsalsa208sha256_PASSWD_MIN = 0
crypto_pwhash_scryptsalsa208sha256_PASSWD_MAX = 2**64 - 1
crypto_pwhash_scryptsalsa208sha256_BYTES_MIN = 16
crypto_pwhash_scryptsalsa208sha256_BYTES_MAX = 2**64 - 1
crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_MIN = 32768
crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_MAX = 4294967295
crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_MIN = 16777216
crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_MAX = 68719476736
crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_INTERACTIVE = 524288
crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_INTERACTIVE = 16777216
crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_SENSITIVE = 33554432
crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_SENSITIVE = 1073741824

SCRYPT_OPSLIMIT_INTERACTIVE = crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_INTERACTIVE
SCRYPT_MEMLIMIT_INTERACTIVE = crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_INTERACTIVE
SCRYPT_OPSLIMIT_SENSITIVE = crypto_pwhash_scryptsalsa208sha256_OPSLIMIT_SENSITIVE
SCRYPT_MEMLIMIT_SENSITIVE = crypto_pwhash_scryptsalsa208sha256_MEMLIMIT_SENSITIVE
SCRYPT_SALTBYTES = crypto_pwhash_scryptsalsa208sha256_SALTBYTES
SCRYPT_STRBYTES = crypto_pwhash_scryptsalsa208sha256_STRBYTES
SCRYPT_PR_MAX = (1 << 30) - 1
LOG2_UINT64_MAX = 63
UINT64_MAX = (1 << 64) - 1
SCRYPT_MAX_MEM = 32 * (1024 * 1024)

_VARIANTS = {crypto_pwhash_ALG_ARGON2I13: algorithm("argon2i"), crypto_pwhash_ALG_ARGON2ID13: algorithm("argon2id")}
_LIMITS = {
    crypto_pwhash_ALG_ARGON2I13: ("argon2i", crypto_pwhash_argon2i_MEMLIMIT_MIN, crypto_pwhash_argon2i_MEMLIMIT_MAX, crypto_pwhash_argon2i_OPSLIMIT_MIN, crypto_pwhash_argon2i_OPSLIMIT_MAX),
    crypto_pwhash_ALG_ARGON2ID13: ("argon2id", crypto_pwhash_argon2id_MEMLIMIT_MIN, crypto_pwhash_argon2id_MEMLIMIT_MAX, crypto_pwhash_argon2id_OPSLIMIT_MIN, crypto_pwhash_argon2id_OPSLIMIT_MAX),
}


def _check_memory_occupation(n: int, r: int, p: int, maxmem: int = SCRYPT_MAX_MEM) -> None:
    """scrypt's parameter rules (libsodium crypto_scrypt-common.c)."""
    ensure(r != 0, "Invalid block size", raising=exc.ValueError)
    ensure(p != 0, "Invalid parallelization factor", raising=exc.ValueError)
    ensure((n & (n - 1)) == 0, "Cost factor must be a power of 2", raising=exc.ValueError)
    ensure(n > 1, "Cost factor must be at least 2", raising=exc.ValueError)
    ensure(p <= SCRYPT_PR_MAX / r, f"p*r is greater than {SCRYPT_PR_MAX}", raising=exc.ValueError)
    ensure(n < (1 << (16 * r)), raising=exc.ValueError)
    block_bytes = p * 128 * r
    ensure(n + 2 <= UINT64_MAX / 128 / r, raising=exc.ValueError)
    v_bytes = 32 * r * (n + 2) * 4
    ensure(block_bytes <= UINT64_MAX - v_bytes, raising=exc.ValueError)
    ensure(block_bytes <= sys.maxsize - v_bytes, raising=exc.ValueError)
    ensure(block_bytes + v_bytes <= maxmem, "Memory limit would be exceeded with the chosen n, r, p", raising=exc.ValueError)


def nacl_bindings_pick_scrypt_params(opslimit: int, memlimit: int) -> Tuple[int, int, int]:
    """libsodium's pickparams (pwhash_scryptsalsa208sha256.c): (log2 N, r, p)."""
    opslimit = max(opslimit, 32768)
    r = 8
    if opslimit < memlimit // 32:
        p = 1
        maxn = opslimit // (4 * r)
        n_log2 = next(n for n in range(1, 63) if 2**n > maxn // 2)
    else:
        maxn = memlimit // (r * 128)
        n_log2 = next(n for n in range(1, 63) if 2**n > maxn // 2)
        maxrp = min((opslimit // 4) // (2**n_log2), 0x3FFFFFFF)
        p = maxrp // r
    return n_log2, r, p


def crypto_pwhash_scryptsalsa208sha256_ll(passwd: bytes, salt: bytes, n: int, r: int, p: int, dklen: int = 64, maxmem: int = SCRYPT_MAX_MEM) -> bytes:
    for value in (n, r, p):
        ensure(isinstance(value, int), raising=TypeError)
    ensure(isinstance(passwd, bytes), raising=TypeError)
    ensure(isinstance(salt, bytes), raising=TypeError)
    _check_memory_occupation(n, r, p, maxmem)
    return run("Scrypt", None, [passwd, salt], [n, r, p, dklen], dklen, "Unexpected failure in key derivation", exc.RuntimeError)


_SCRYPT = algorithm("scrypt")


def crypto_pwhash_scryptsalsa208sha256_str(passwd: bytes, opslimit: int = SCRYPT_OPSLIMIT_INTERACTIVE, memlimit: int = SCRYPT_MEMLIMIT_INTERACTIVE) -> bytes:
    """libsodium's "$7$" string (101 ASCII bytes): the parameters libsodium
    picks for opslimit/memlimit, a random 32-byte salt and the hash."""
    ensure(isinstance(opslimit, int), raising=TypeError)
    ensure(isinstance(memlimit, int), raising=TypeError)
    ensure(isinstance(passwd, bytes), raising=TypeError)
    return run("PwhashStr", _SCRYPT, [passwd], [opslimit, memlimit], SCRYPT_STRBYTES - 1, "Unexpected failure in password hashing", exc.RuntimeError)


def crypto_pwhash_scryptsalsa208sha256_str_verify(passwd_hash: bytes, passwd: bytes) -> bool:
    """True, or InvalidkeyError; a string of the wrong length is a ValueError."""
    ensure(isinstance(passwd_hash, bytes), raising=TypeError)
    ensure(isinstance(passwd, bytes), raising=TypeError)
    ensure(len(passwd_hash) == SCRYPT_STRBYTES - 1, "Invalid password hash", raising=exc.ValueError)
    ensure(passwd_hash.startswith(crypto_pwhash_scryptsalsa208sha256_STRPREFIX), "Wrong password", raising=exc.InvalidkeyError)
    try:
        _core.call("PwhashStrVerify", _SCRYPT, [passwd, passwd_hash], [], 0)
    except (_core.InvalidTag, _core.ParameterError):
        raise exc.InvalidkeyError("Wrong password") from None
    return True


def _check_argon2_limits_alg(opslimit: int, memlimit: int, alg: int) -> None:
    if alg not in _LIMITS:
        raise exc.TypeError("Unsupported algorithm")
    _, mem_min, mem_max, ops_min, ops_max = _LIMITS[alg]
    if memlimit < mem_min:
        raise exc.ValueError(f"memlimit must be at least {mem_min} bytes")
    if memlimit > mem_max:
        raise exc.ValueError(f"memlimit must be at most {mem_max} bytes")
    if opslimit < ops_min:
        raise exc.ValueError(f"opslimit must be at least {ops_min}")
    if opslimit > ops_max:
        raise exc.ValueError(f"opslimit must be at most {ops_max}")


def _argon2_nums(opslimit: int, memlimit: int, outlen: int) -> list:
    # libsodium: t = opslimit, m = memlimit in KiB, one lane.
    return [opslimit, memlimit // 1024, 1, outlen]


def crypto_pwhash_alg(outlen: int, passwd: bytes, salt: bytes, opslimit: int, memlimit: int, alg: int) -> bytes:
    for value in (outlen, opslimit, memlimit, alg):
        ensure(isinstance(value, int), raising=exc.TypeError)
    ensure(isinstance(passwd, bytes), raising=exc.TypeError)
    if len(salt) != crypto_pwhash_SALTBYTES:
        raise exc.ValueError(f"salt must be exactly {crypto_pwhash_SALTBYTES} bytes long")
    if outlen < crypto_pwhash_BYTES_MIN:
        raise exc.ValueError(f"derived key must be at least {crypto_pwhash_BYTES_MIN} bytes long")
    if outlen > crypto_pwhash_BYTES_MAX:
        raise exc.ValueError(f"derived key must be at most {crypto_pwhash_BYTES_MAX} bytes long")
    _check_argon2_limits_alg(opslimit, memlimit, alg)
    return run("Argon2", _VARIANTS[alg], [passwd, salt], _argon2_nums(opslimit, memlimit, outlen), outlen, "Unexpected failure in key derivation", exc.RuntimeError)


def crypto_pwhash_str_alg(passwd: bytes, opslimit: int, memlimit: int, alg: int) -> bytes:
    ensure(isinstance(opslimit, int), raising=TypeError)
    ensure(isinstance(memlimit, int), raising=TypeError)
    ensure(isinstance(passwd, bytes), raising=TypeError)
    _check_argon2_limits_alg(opslimit, memlimit, alg)
    salt = _core.random_bytes(crypto_pwhash_SALTBYTES)
    return run("Argon2Hash", _VARIANTS[alg], [passwd, salt], _argon2_nums(opslimit, memlimit, 32), crypto_pwhash_STRBYTES, "Unexpected failure in key derivation", exc.RuntimeError)


def crypto_pwhash_str_verify(passwd_hash: bytes, passwd: bytes) -> bool:
    ensure(isinstance(passwd_hash, bytes), raising=TypeError)
    ensure(isinstance(passwd, bytes), raising=TypeError)
    ensure(len(passwd_hash) <= 127, "Hash must be at most 127 bytes long", raising=exc.ValueError)
    try:
        _core.call("Argon2Verify", None, [passwd, passwd_hash], [], 0)
    except (_core.InvalidTag, _core.ParameterError):
        raise exc.InvalidkeyError("Wrong password") from None
    return True


crypto_pwhash_argon2i_str_verify = crypto_pwhash_str_verify
crypto_pwhash_argon2id_str_verify = crypto_pwhash_str_verify
