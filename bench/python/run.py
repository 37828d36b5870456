"""The Python benchmark runner: Saline's Python package against hashlib,
hmac, cryptography, PyNaCl, argon2-cffi, bcrypt, blake3 and pycryptodome,
in one process, interleaved, with the workloads, inputs, reference check and
results schema of the other runners (bench/README.md, bench/go/harness.go).

    python bench/python/run.py --profile quick --only 'sha256' [--out-dir DIR]

Covers the digest, mac, seal/open, sign/verify, dh and kdf cases; the
others (ciphers without authentication, TweetNaCl low-level rows, files,
memory) are left to the runners that have them.
"""

from __future__ import annotations

import argparse
import base64
import datetime
import hashlib
import hmac as std_hmac
import json
import os
import pathlib
import platform
import re
import socket
import statistics
import sys
import time
from importlib import metadata
from typing import Any, Callable, Dict, List, Optional

HERE = pathlib.Path(__file__).resolve().parent
SUPPORTED = {"digest", "mac", "seal", "open", "sign", "verify", "dh", "kdf"}


class Fixture:
    """The inputs of a case, from the shared PRNG: xorshift32 seeded with the
    FNV-1a hash of the case id, drawn in the same order as bench/go."""

    def __init__(self, case: Dict[str, Any]):
        state = 0x811C9DC5
        for ch in case["id"].encode():
            state = ((state ^ ch) * 0x01000193) & 0xFFFFFFFF
        self._state = state or 1
        self.msg = self._draw(case.get("size", 0))
        self.key, self.iv, self.nonce12, self.nonce24 = self._draw(32), self._draw(16), self._draw(12), self._draw(24)
        self.seed, self.seed_b, self.salt = self._draw(32), self._draw(32), self._draw(16)
        self.scalar, self.scalar_b = self._scalar(), self._scalar()
        self.password = b"correct horse battery staple"
        self.params = case.get("params") or {}

    def _draw(self, n: int) -> bytes:
        out = bytearray(n)
        s = self._state
        for i in range(n):
            s ^= (s << 13) & 0xFFFFFFFF
            s ^= s >> 17
            s ^= (s << 5) & 0xFFFFFFFF
            out[i] = s & 0xFF
        self._state = s
        return bytes(out)

    def _scalar(self) -> bytes:
        b = bytearray(self._draw(32))
        b[31] &= 0x0F
        return bytes(b)


def _bcrypt_salt(raw: bytes, cost: int) -> bytes:
    table = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    return b"$2b$%02d$" % cost + base64.b64encode(raw).rstrip(b"=").translate(table)


HASHLIB_NAMES = {"sha1": "sha1", "sha256": "sha256", "sha512": "sha512", "sha3-256": "sha3_256", "sha3-512": "sha3_512", "blake2b-512": "blake2b", "blake2s-256": "blake2s", "md5": "md5", "md4": "md4", "ripemd160": "ripemd160", "whirlpool": "whirlpool"}
AES_KEY = {"aes-128-gcm": 16, "aes-192-gcm": 24, "aes-256-gcm": 32}

Factory = Callable[[Fixture, Dict[str, Any]], Callable[[], bytes]]


def saline_library() -> Dict[str, Any]:
    import saline
    from saline import aead, bcrypt as sbcrypt, hmac, kdf
    from saline.nacl import bindings
    from saline.poly1305 import Poly1305

    ops: Dict[str, Factory] = {}
    for alg, name in HASHLIB_NAMES.items():
        if name in saline.algorithms_available:
            ops[f"digest:{alg}"] = lambda fx, c, name=name: lambda: saline.new(name, fx.msg).digest()
            if alg in ("sha1", "sha256", "sha512", "md5"):
                ops[f"mac:hmac-{alg}"] = lambda fx, c, name=name: lambda: hmac.digest(fx.key, fx.msg, name)
    ops["digest:blake3"] = lambda fx, c: lambda: saline.blake3(fx.msg).digest()
    ops["mac:poly1305"] = lambda fx, c: lambda: Poly1305.generate_tag(fx.key, fx.msg)
    for alg, size in AES_KEY.items():
        ops[f"seal:{alg}"] = lambda fx, c, size=size: (lambda box: lambda: box.encrypt(fx.nonce12, fx.msg, None))(aead.AESGCM(fx.key[:size]))
    ops["seal:chacha20-poly1305"] = lambda fx, c: (lambda box: lambda: box.encrypt(fx.nonce12, fx.msg, None))(aead.ChaCha20Poly1305(fx.key))
    ops["seal:xchacha20-poly1305"] = lambda fx, c: (lambda box: lambda: box.encrypt(fx.nonce24, fx.msg, None))(aead.XChaCha20Poly1305(fx.key))
    _nacl_ops(ops, bindings)
    ops["kdf:argon2id"] = lambda fx, c: lambda: kdf.argon2id(fx.password, fx.salt, time_cost=fx.params["t"], memory_cost=fx.params["m"], parallelism=fx.params["p"], hash_len=fx.params["dkLen"])
    ops["kdf:argon2i"] = lambda fx, c: lambda: kdf.argon2i(fx.password, fx.salt, time_cost=fx.params["t"], memory_cost=fx.params["m"], parallelism=fx.params["p"], hash_len=fx.params["dkLen"])
    ops["kdf:bcrypt"] = lambda fx, c: lambda: sbcrypt.hashpw(fx.password, _bcrypt_salt(fx.salt, fx.params["cost"]))
    for h in ("sha1", "sha256", "sha512"):
        ops[f"kdf:pbkdf2-{h}"] = lambda fx, c, h=h: lambda: kdf.pbkdf2_hmac(h, fx.password, fx.salt, fx.params["c"], fx.params["dkLen"])
    ops["kdf:scrypt"] = lambda fx, c: lambda: kdf.scrypt(fx.password, salt=fx.salt, n=fx.params["N"], r=fx.params["r"], p=fx.params["p"], dklen=fx.params["dkLen"])
    ops["kdf:hkdf-sha256"] = lambda fx, c: lambda: kdf.hkdf("sha256", fx.key, salt=fx.salt, info=b"", length=fx.params["dkLen"])
    return {"id": "saline", "name": "saline (Python)", "package": "saline", "ops": ops}


def _nacl_ops(ops: Dict[str, Factory], b: Any) -> None:
    """The NaCl rows through libsodium's names (saline.nacl.bindings or PyNaCl's)."""

    def box_keys(fx):
        pk_b = b.crypto_scalarmult_base(fx.seed_b)
        return b.crypto_scalarmult_base(fx.seed), pk_b

    ops["seal:xsalsa20-poly1305"] = lambda fx, c: lambda: b.crypto_secretbox_easy(fx.msg, fx.nonce24, fx.key)
    ops["open:xsalsa20-poly1305"] = lambda fx, c: (lambda ct: lambda: b.crypto_secretbox_open_easy(ct, fx.nonce24, fx.key))(b.crypto_secretbox_easy(fx.msg, fx.nonce24, fx.key))
    ops["seal:box"] = lambda fx, c: (lambda k: lambda: b.crypto_box_easy(fx.msg, fx.nonce24, k[1], fx.seed))(box_keys(fx))
    ops["open:box"] = lambda fx, c: (lambda k: (lambda ct: lambda: b.crypto_box_open_easy(ct, fx.nonce24, k[0], fx.seed_b))(b.crypto_box_easy(fx.msg, fx.nonce24, k[1], fx.seed)))(box_keys(fx))
    ops["dh:x25519"] = lambda fx, c: (lambda pk: lambda: b.crypto_scalarmult(fx.seed, pk))(b.crypto_scalarmult_base(fx.seed_b))

    def sign(fx, c):
        _, sk = b.crypto_sign_seed_keypair(fx.seed)
        return lambda: b.crypto_sign(fx.msg, sk)[: b.crypto_sign_BYTES]

    def verify(fx, c):
        pk, sk = b.crypto_sign_seed_keypair(fx.seed)
        signed = b.crypto_sign(fx.msg, sk)
        return lambda: bytes([b.crypto_sign_open(signed, pk) == fx.msg])

    ops["sign:ed25519"], ops["verify:ed25519"] = sign, verify


def hashlib_library() -> Dict[str, Any]:
    ops: Dict[str, Factory] = {}
    for alg, name in HASHLIB_NAMES.items():
        if name in hashlib.algorithms_available:
            ops[f"digest:{alg}"] = lambda fx, c, name=name: lambda: hashlib.new(name, fx.msg).digest()
            if alg in ("sha1", "sha256", "sha512", "md5"):
                ops[f"mac:hmac-{alg}"] = lambda fx, c, name=name: lambda: std_hmac.digest(fx.key, fx.msg, name)
    for h in ("sha1", "sha256", "sha512"):
        ops[f"kdf:pbkdf2-{h}"] = lambda fx, c, h=h: lambda: hashlib.pbkdf2_hmac(h, fx.password, fx.salt, fx.params["c"], fx.params["dkLen"])
    ops["kdf:scrypt"] = lambda fx, c: lambda: hashlib.scrypt(fx.password, salt=fx.salt, n=fx.params["N"], r=fx.params["r"], p=fx.params["p"], dklen=fx.params["dkLen"], maxmem=64 << 20)
    return {"id": "hashlib", "name": "hashlib + hmac (stdlib)", "package": None, "ops": ops}


def cryptography_library() -> Dict[str, Any]:
    from cryptography.hazmat.primitives import hashes, poly1305
    from cryptography.hazmat.primitives.asymmetric import ed25519, x25519
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    ops: Dict[str, Factory] = {}
    for alg, size in AES_KEY.items():
        ops[f"seal:{alg}"] = lambda fx, c, size=size: (lambda box: lambda: box.encrypt(fx.nonce12, fx.msg, None))(AESGCM(fx.key[:size]))
    ops["seal:chacha20-poly1305"] = lambda fx, c: (lambda box: lambda: box.encrypt(fx.nonce12, fx.msg, None))(ChaCha20Poly1305(fx.key))
    ops["mac:poly1305"] = lambda fx, c: lambda: poly1305.Poly1305.generate_tag(fx.key, fx.msg)
    ops["sign:ed25519"] = lambda fx, c: (lambda sk: lambda: sk.sign(fx.msg))(ed25519.Ed25519PrivateKey.from_private_bytes(fx.seed))

    def verify(fx, c):
        sk = ed25519.Ed25519PrivateKey.from_private_bytes(fx.seed)
        pk, sig = sk.public_key(), sk.sign(fx.msg)
        return lambda: (pk.verify(sig, fx.msg), b"\x01")[1]

    ops["verify:ed25519"] = verify
    ops["dh:x25519"] = lambda fx, c: (lambda sk, pk: lambda: sk.exchange(pk))(x25519.X25519PrivateKey.from_private_bytes(fx.seed), x25519.X25519PrivateKey.from_private_bytes(fx.seed_b).public_key())
    ops["kdf:hkdf-sha256"] = lambda fx, c: lambda: HKDF(hashes.SHA256(), fx.params["dkLen"], fx.salt, b"").derive(fx.key)
    return {"id": "cryptography", "name": "cryptography (pyca)", "package": "cryptography", "ops": ops}


def pynacl_library() -> Dict[str, Any]:
    import nacl.bindings as b
    import nacl.hash

    ops: Dict[str, Factory] = {}
    _nacl_ops(ops, b)
    ops["seal:xchacha20-poly1305"] = lambda fx, c: lambda: b.crypto_aead_xchacha20poly1305_ietf_encrypt(fx.msg, None, fx.nonce24, fx.key)
    ops["digest:blake2b-512"] = lambda fx, c: lambda: nacl.hash.blake2b(fx.msg, digest_size=64, encoder=nacl.encoding.RawEncoder)
    # libsodium's Argon2 takes one lane; the workloads' p = 4 is n/a here.
    return {"id": "pynacl", "name": "PyNaCl (libsodium)", "package": "PyNaCl", "ops": ops}


def argon2_library() -> Dict[str, Any]:
    from argon2.low_level import Type, hash_secret_raw

    def argon(kind):
        return lambda fx, c: lambda: hash_secret_raw(fx.password, fx.salt, fx.params["t"], fx.params["m"], fx.params["p"], fx.params["dkLen"], kind)

    return {"id": "argon2-cffi", "name": "argon2-cffi", "package": "argon2-cffi", "ops": {"kdf:argon2id": argon(Type.ID), "kdf:argon2i": argon(Type.I)}}


def bcrypt_library() -> Dict[str, Any]:
    import bcrypt

    return {"id": "bcrypt", "name": "bcrypt", "package": "bcrypt", "ops": {"kdf:bcrypt": lambda fx, c: lambda: bcrypt.hashpw(fx.password, _bcrypt_salt(fx.salt, fx.params["cost"]))}}


def blake3_library() -> Dict[str, Any]:
    from blake3 import blake3

    return {"id": "blake3", "name": "blake3 (Rust)", "package": "blake3", "ops": {"digest:blake3": lambda fx, c: lambda: blake3(fx.msg).digest()}}


def pycryptodome_library() -> Dict[str, Any]:
    from Crypto.Cipher import AES, ChaCha20_Poly1305
    from Crypto.Hash import BLAKE2b, BLAKE2s, MD4, RIPEMD160, SHA3_256, SHA3_512

    ops: Dict[str, Factory] = {}
    for alg, module in {"md4": MD4, "ripemd160": RIPEMD160, "sha3-256": SHA3_256, "sha3-512": SHA3_512}.items():
        ops[f"digest:{alg}"] = lambda fx, c, module=module: lambda: module.new(fx.msg).digest()
    ops["digest:blake2b-512"] = lambda fx, c: lambda: BLAKE2b.new(data=fx.msg, digest_bits=512).digest()
    ops["digest:blake2s-256"] = lambda fx, c: lambda: BLAKE2s.new(data=fx.msg, digest_bits=256).digest()

    def gcm(size):
        def factory(fx, c):
            def run():
                ct, tag = AES.new(fx.key[:size], AES.MODE_GCM, nonce=fx.nonce12).encrypt_and_digest(fx.msg)
                return ct + tag
            return run
        return factory

    for alg, size in AES_KEY.items():
        ops[f"seal:{alg}"] = gcm(size)

    def chacha(nonce_name):
        def factory(fx, c):
            def run():
                ct, tag = ChaCha20_Poly1305.new(key=fx.key, nonce=getattr(fx, nonce_name)).encrypt_and_digest(fx.msg)
                return ct + tag
            return run
        return factory

    ops["seal:chacha20-poly1305"], ops["seal:xchacha20-poly1305"] = chacha("nonce12"), chacha("nonce24")
    return {"id": "pycryptodome", "name": "PyCryptodome", "package": "pycryptodome", "ops": ops}


LIBRARIES = [saline_library, hashlib_library, cryptography_library, pynacl_library, argon2_library, bcrypt_library, blake3_library, pycryptodome_library]


def time_round(run: Callable[[], bytes], timing: Dict[str, Any]) -> Dict[str, Any]:
    if timing.get("iterations"):
        start = time.perf_counter()
        for _ in range(timing["iterations"]):
            run()
        return {"iterations": timing["iterations"], "seconds": time.perf_counter() - start}
    warm_start = time.perf_counter()
    warm = 0
    while True:
        run()
        warm += 1
        if time.perf_counter() - warm_start >= timing["warmup"]:
            break
    per_op = (time.perf_counter() - warm_start) / warm
    batch = max(1, int(timing["minTime"] / 20 / max(per_op, 1e-9)))
    iterations = 0
    start = time.perf_counter()
    while time.perf_counter() - start < timing["minTime"]:
        for _ in range(batch):
            run()
        iterations += batch
    return {"iterations": iterations, "seconds": time.perf_counter() - start}


def op_name(case: Dict[str, Any]) -> str:
    """The name a case's operations are registered under: its variant
    ("aes-128-gcm", "pbkdf2-sha256") where it has one, else its catalog name."""
    return case.get("variant", case["algorithm"])


def run_case(case: Dict[str, Any], libraries: List[Dict[str, Any]], timing: Dict[str, Any]) -> Dict[str, Any]:
    fx = Fixture(case)
    out = {k: case[k] for k in ("id", "group", "name", "algorithm", "operation", "unit", "size") if k in case}
    out["size"] = case.get("size", 0)
    if case.get("latency"):
        out["latency"] = True
    if case.get("params"):
        out["params"] = case["params"]
    results, live, reference, reference_out = [], [], None, None
    for library in libraries:
        result: Dict[str, Any] = {"library": library["id"]}
        results.append(result)
        factory = library["ops"].get(f"{case['operation']}:{op_name(case)}")
        if factory is None:
            result["status"] = "n/a"
            continue
        try:
            run = factory(fx, case)
            start = time.perf_counter()
            first = run()
            first_seconds = time.perf_counter() - start
        except Exception as error:  # a peer's failure is reported, not fatal
            result.update(status="error", reason=f"failed: {error}")
            continue
        if reference is None:
            reference, reference_out = library["id"], first
        elif first != reference_out:
            result.update(status="excluded", reason=f"output differs from reference {reference} (got {first[:8].hex()}…, want {reference_out[:8].hex()}…)")
            continue
        result["status"] = "ok"
        result["rounds"] = []
        live.append((result, run, first_seconds))
    out["reference"] = reference
    out["results"] = results
    rounds = timing["rounds"]
    if rounds == 1 and timing.get("iterations") == 1:
        for result, _, first_seconds in live:
            result["rounds"].append({"iterations": 1, "seconds": first_seconds})
        rounds = 0
    for r in range(rounds):
        for k in range(len(live)):
            result, run, _ = live[(k + r) % len(live)]
            result["rounds"].append(time_round(run, timing))
    for result, _, _ in live:
        rates = sorted(x["iterations"] / x["seconds"] for x in result["rounds"])
        result["rate"] = {"median": statistics.median(rates), "min": rates[0], "max": rates[-1]}
        result["iterations"] = sum(x["iterations"] for x in result["rounds"])
        result["seconds"] = sum(x["seconds"] for x in result["rounds"])
    return out


def machine() -> Dict[str, Any]:
    info = pathlib.Path("/proc/cpuinfo").read_text() if pathlib.Path("/proc/cpuinfo").exists() else ""
    field = lambda name: next((line.split(":", 1)[1].strip() for line in info.splitlines() if line.split(":")[0].strip() == name), "")
    wanted = re.compile(r"^(aes|vaes|pclmulqdq|vpclmulqdq|sha_ni|avx|avx2|avx512f|avx512vl|bmi2|adx|ssse3|sse4_1|sse4_2|neon|asimd|pmull|sha2)$")
    cores = {line for line in info.splitlines() if line.startswith("core id")}
    return {"cpu_model": field("model name") or platform.machine(), "cpu_flags": [f for f in field("flags").split() if wanted.match(f)], "cores": max(len(cores), 1), "logical_cpus": os.cpu_count(), "os": f"{platform.system().lower()} {platform.machine()}"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="quick")
    parser.add_argument("--only", default="")
    parser.add_argument("--workloads", default=str(HERE.parent / "workloads.json"))
    parser.add_argument("--out-dir", default=str(HERE.parent / "results"))
    args = parser.parse_args()
    workloads = json.loads(pathlib.Path(args.workloads).read_text())
    settings = workloads["profiles"][args.profile]
    only = re.compile(args.only)
    libraries, described = [], []
    for make in LIBRARIES:
        try:
            library = make()
        except ImportError as error:
            name = make.__name__.replace("_library", "")
            # Saline's row is the subject of the report (as in the other runners' JSON).
            described.append({"id": name, "available": False, "reason": str(error), **({"subject": True} if name == "saline" else {})})
            continue
        libraries.append(library)
        version = metadata.version(library["package"]) if library["package"] else platform.python_version()
        entry = {"id": library["id"], "name": library["name"], "version": version, "available": True}
        if library["id"] == "saline":
            entry["subject"] = True
        described.append(entry)
    cases = [c for c in workloads["cases"] if args.profile in c["profiles"] and only.search(c["id"]) and c["operation"] in SUPPORTED]
    started = time.perf_counter()
    results = []
    for i, case in enumerate(cases, 1):
        timing = dict(settings)
        if case.get("timing") == "slow":
            timing.update(settings.get("slow", {}))
        print(f"[python {i}/{len(cases)}] {case['id']}", file=sys.stderr)
        results.append(run_case(case, libraries, timing))
    host = socket.gethostname()
    now = datetime.datetime.now(datetime.timezone.utc)
    doc = {"schema": "saline-bench/1", "runtime": {"name": "python", "version": platform.python_version(), "detail": f"{platform.python_implementation()} {sys.platform}/{platform.machine()}"}, "date": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "host": host, "profile": args.profile, "settings": settings, "machine": machine(), "libraries": described, "cases": results, "duration_s": time.perf_counter() - started}
    out_dir = pathlib.Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{now:%Y-%m-%d}-{host}-python.json"
    path.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"python: {len(results)} cases in {doc['duration_s']:.0f} s -> {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
