#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, from the known-answer vectors.

    python3 fuzz/seed_corpus.py OUT_DIR

writes OUT_DIR/<target>/<name> files (a few thousand small files, about
1 MB; fuzz/fuzz.mk puts them under target/fuzz/corpus, never in git). Each
file is an input in the byte layout the target's doc comment describes
(fuzz/src/lib.rs's Reader: u16 little-endian lengths, 0xFFFF = omitted).
Operation codes and catalog ids are read from the Rust sources, so the
seeds follow the definitions instead of repeating them.
"""

import base64
import hashlib
import json
import os
import re
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Cases taken per vector file: enough to reach each layout and edge the file
# exercises, few enough that the smoke's first pass over the corpus is quick.
PER_FILE = 24


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def op_codes():
    """Op name -> code, from the ops! table of crates/saline-ops."""
    body = read("crates/saline-ops/src/lib.rs").split("ops! {", 1)[1].split("\n}", 1)[0]
    return {name: int(code) for name, code in re.findall(r"^\s*(\w+) = (\d+),", body, re.M)}


def catalog_ids():
    """Catalog name and aliases -> id, from the catalog! table."""
    ids = {}
    for variant, code, name, aliases in re.findall(
        r"^\s*(\w+) = (\d+), \"([^\"]+)\", \[([^\]]*)\]", read("crates/saline/src/catalog.rs"), re.M
    ):
        ids[name] = int(code)
        for alias in re.findall(r"\"([^\"]+)\"", aliases):
            ids[alias] = int(code)
    return ids


OPS = op_codes()
IDS = catalog_ids()


def u16(n):
    return struct.pack("<H", n)


def field(b):
    """A u16-length-prefixed byte string (None = omitted)."""
    if b is None:
        return u16(0xFFFF)
    b = b[:0xFFFE]
    return u16(len(b)) + b


def number(x):
    """The ops_call number encoding: a small integer or a u32."""
    return bytes([0, x]) if 0 <= x < 256 else bytes([1]) + struct.pack("<I", x & 0xFFFFFFFF)


class Corpus:
    def __init__(self, out):
        self.out = out
        self.count = 0

    def add(self, target, data):
        directory = os.path.join(self.out, target)
        os.makedirs(directory, exist_ok=True)
        name = hashlib.sha1(data).hexdigest()
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)
        self.count += 1

    def call(self, op, alg, args, nums=(), out_len=None):
        """One operation-table call, for ops_call and (as a descriptor) wasm_descriptor."""
        args = [bytes.fromhex(a) if isinstance(a, str) else a for a in args]
        if out_len is None:
            out_len = sum(len(a) for a in args if a is not None) + 64
        alg_id = IDS.get(alg, 0) if isinstance(alg, str) else alg
        code = OPS[op]
        data = bytes([code]) + u16(alg_id) + u16(min(out_len, 0xFFFF)) + bytes([len(args), len(nums)])
        data += b"".join(number(x) for x in nums) + b"".join(field(a) for a in args)
        self.add("ops_call", data)
        self.add("wasm_descriptor", descriptor(code, alg_id, args, nums, out_len))


def descriptor(code, alg_id, args, nums, out_len):
    """The same call laid out as saline_call's I/O buffer: descriptor at 0, data after it."""
    header_len = 4 + 8 * len(args) + 4 + 8 * len(nums) + 8
    data, ranges, pos = b"", [], header_len
    for a in args:
        if a is None:
            ranges.append((0, 0xFFFFFFFF))
        else:
            ranges.append((pos, len(a)))
            data += a
            pos += len(a)
    io = struct.pack("<I", len(args)) + b"".join(struct.pack("<II", o, n) for o, n in ranges)
    io += struct.pack("<I", len(nums)) + b"".join(struct.pack("<d", float(x)) for x in nums)
    io += struct.pack("<II", pos, out_len) + data + bytes(out_len)
    return bytes([code]) + u16(alg_id) + u16(0) + io


def vector_files():
    for kind in sorted(os.listdir(os.path.join(ROOT, "vectors"))):
        directory = os.path.join(ROOT, "vectors", kind)
        if not os.path.isdir(directory) or kind in ("tools", "licenses"):
            continue
        for name in sorted(os.listdir(directory)):
            if name.endswith(".json"):
                doc = json.loads(read(os.path.join("vectors", kind, name)))
                yield kind, doc, doc["cases"][:PER_FILE]


def h(case, key):
    return bytes.fromhex(case.get(key, ""))


def differential(corpus, selector, *fields, mask=0, at=0):
    corpus.add("libsodium_differential", bytes([selector]) + u16(at) + bytes([mask]) + b"".join(fields))


def seed_from_vectors(corpus):
    for kind, doc, cases in vector_files():
        for case in cases:
            alg = case.get("algorithm", doc["algorithm"])
            if kind == "hash" and "repeat" not in case:
                out = h(case, "out")
                extra = [case.get(k) and h(case, k) for k in ("key", "salt", "personal")]
                args = [h(case, "msg")] + [e if e else None for e in extra]
                corpus.call("Hash", alg, args, [len(out)], len(out))
            elif kind == "mac":
                corpus.call("Mac", alg, [h(case, "key"), h(case, "msg")], out_len=64)
                corpus.call("MacVerify", alg, [h(case, "key"), h(case, "msg"), h(case, "tag")])
                if alg == "poly1305" and len(h(case, "key")) == 32:
                    differential(corpus, 3, h(case, "key"), h(case, "msg"))
            elif kind == "aead":
                sealed = h(case, "ct") + h(case, "tag")
                args = [h(case, "key"), h(case, "nonce"), h(case, "aad")]
                corpus.call("AeadOpen", alg, args + [sealed])
                corpus.call("AeadSeal", alg, args + [h(case, "msg")])
                if alg == "xchacha20-poly1305" and len(h(case, "key")) == 32 and len(h(case, "nonce")) == 24:
                    differential(corpus, 4, h(case, "key"), h(case, "nonce"), field(h(case, "aad")), h(case, "msg"))
            elif kind == "cipher" and "msg" in case:
                if alg == "aes-cbc":
                    padding = 1 if case.get("padding") == "pkcs7" else 0
                    corpus.call("CbcDecrypt", alg, [h(case, "key"), h(case, "iv"), h(case, "ct")], [padding])
                else:
                    corpus.call("StreamXor", alg, [h(case, "key"), h(case, "nonce"), h(case, "msg")], [case.get("counter", 0)])
            elif kind == "sign":
                sig, pk, msg = h(case, "sig"), h(case, "pk"), h(case, "msg")
                corpus.call("Ed25519Verify", 0, [sig, msg, pk], [0])
                if len(sig) == 64 and len(pk) == 32:
                    differential(corpus, 2, b"\x01", bytes(32), sig, pk, msg)
                if "seed" in case:
                    corpus.call("Ed25519Sign", 0, [msg, h(case, "seed")], out_len=64)
                    differential(corpus, 2, b"\x00", h(case, "seed"), msg)
            elif kind == "x25519":
                corpus.call("X25519Shared", 0, [h(case, "scalar"), h(case, "point")], out_len=32)
            elif kind == "nacl" and "box" in case and "sk" not in case:
                corpus.call("CryptoSecretboxOpen", 0, [bytes(16) + h(case, "box"), h(case, "nonce"), h(case, "key")])
                corpus.call("AeadOpen", "xsalsa20-poly1305", [h(case, "key"), h(case, "nonce"), None, h(case, "box")])
                differential(corpus, 0, h(case, "key"), h(case, "nonce"), h(case, "msg"))
            elif kind == "nacl" and "box" in case:
                corpus.call("BoxOpen", 0, [h(case, "box"), h(case, "nonce"), h(case, "pk"), h(case, "sk")])
                differential(corpus, 1, h(case, "pk"), h(case, "sk"), h(case, "nonce"), h(case, "msg"))
            elif kind == "nacl" and "sealed" in case:
                corpus.call("SealedBoxOpen", 0, [h(case, "sealed"), h(case, "pk"), h(case, "sk")])
            elif kind == "kdf":
                seed_kdf(corpus, alg, case)
            elif kind == "secretstream":
                corpus.call("SecretStreamInitPull", 0, [h(case, "header"), h(case, "key")], out_len=52)


def seed_kdf(corpus, alg, case):
    if alg.startswith("pbkdf2-"):
        out = h(case, "out")
        corpus.call("Pbkdf2", alg.split("-", 1)[1], [h(case, "password"), h(case, "salt")], [min(case["iterations"], 64), len(out)], len(out))
    elif alg.startswith("hkdf-"):
        corpus.call("Hkdf", alg.split("-", 1)[1], [h(case, "ikm"), h(case, "salt"), h(case, "info")], [case["size"]], case["size"])
    elif alg == "scrypt":
        corpus.call("Scrypt", 0, [h(case, "password"), h(case, "salt")], [16, 1, 1, 32], 32)
    elif alg.startswith("argon2") and "phc" in case:
        password, phc = h(case, "password"), case["phc"].encode()
        corpus.call("Argon2Verify", 0, [password, phc], [256, 1024, 4])
        corpus.call("PwhashStrVerify", 0, [password, phc])
        corpus.call("PwhashStrNeedsRehash", 0, [phc], [3, 65536], 1)
        for selector in (0, 2, 4):
            corpus.add("password_hash_strings", bytes([selector]) + field(password) + phc)
    elif alg.startswith("argon2"):
        corpus.call("Argon2", alg, [h(case, "password"), h(case, "salt")], [1, 8, 1, 32], 32)
    elif alg == "bcrypt":
        password, hashed = h(case, "password"), case["hash"].encode()
        corpus.call("BcryptVerify", 0, [password, hashed], [0, 5])
        corpus.add("password_hash_strings", bytes([1]) + field(password) + hashed)


ITOA64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def scrypt_string(log2_n, r, p):
    """A well-formed 101-character `$7$` string (the hash itself is not checked by the parser)."""
    word = lambda v: "".join(ITOA64[(v >> (6 * i)) & 63] for i in range(5))
    return ("$7$" + ITOA64[log2_n] + word(r) + word(p) + ITOA64[5] * 43 + "$" + ITOA64[7] * 43).encode()


def seed_handwritten(corpus):
    """Formats no vector file holds: $7$ strings, minisign files, age headers, every registry primitive."""
    for log2_n, r, p in ((10, 8, 1), (14, 8, 1), (1, 1, 1)):
        for selector in (3, 4):
            corpus.add("password_hash_strings", bytes([selector]) + field(b"password") + scrypt_string(log2_n, r, p))
        corpus.call("PwhashStrVerify", 0, [b"password", scrypt_string(log2_n, r, p)])
    # minisign: the fuzz target's key id is "saline-f".
    pk = b"Ed" + b"saline-f" + bytes(32)
    corpus.add("cli_formats", b"\x00untrusted comment: minisign public key\n" + base64.b64encode(pk) + b"\n")
    secret = b"Ed" + b"\x00\x00" + b"B2" + bytes(32) + struct.pack("<QQ", 0, 0) + b"saline-f" + bytes(64 + 32)
    corpus.add("cli_formats", b"\x01untrusted comment: minisign encrypted secret key\n" + base64.b64encode(secret) + b"\n")
    scrypt_secret = b"EdScB2" + bytes(32) + struct.pack("<QQ", 1 << 15, 1 << 20) + bytes(104)
    corpus.add("cli_formats", b"\x01untrusted comment: minisign encrypted secret key\n" + base64.b64encode(scrypt_secret) + b"\n")
    for prefix in (b"ED", b"Ed"):
        sig = base64.b64encode(prefix + b"saline-f" + bytes(64))
        corpus.add("cli_formats", b"\x02untrusted comment: signature\n" + sig + b"\ntrusted comment: timestamp:0\n" + base64.b64encode(bytes(64)) + b"\n")
    # age: an X25519 and a scrypt stanza, binary and armored.
    b64 = lambda b: base64.b64encode(b).rstrip(b"=")
    for stanza in (b"-> X25519 " + b64(bytes(32)) + b"\n" + b64(bytes(32)) + b"\n", b"-> scrypt " + b64(bytes(16)) + b" 10\n" + b64(bytes(32)) + b"\n"):
        header = b"age-encryption.org/v1\n" + stanza + b"--- " + b64(bytes(32)) + b"\n"
        payload = bytes(16) + bytes(64)
        corpus.add("cli_formats", b"\x03" + header + payload)
        armored = b"-----BEGIN AGE ENCRYPTED FILE-----\n" + base64.b64encode(header + payload) + b"\n-----END AGE ENCRYPTED FILE-----\n"
        corpus.add("cli_formats", b"\x03  \n" + armored)
    # BLAKE3 in parts (blake3.async): a first and an uneven last part, and
    # their join, in each mode (key, derive-key context).
    for options in ([None, None], [bytes(range(32)), None], [None, b"ctx"]):
        corpus.call("Blake3Part", 0, [bytes(1024)] + options, [0, 1024], 32)
        corpus.call("Blake3Part", 0, [bytes(100)] + options, [3, 1024], 32)
        corpus.call("Blake3Join", 0, [bytes(32 * 4)] + options, [3 * 1024 + 100, 1024, 64], 64)
    # backend_differential: every registry primitive (the selector picks it), a few lengths.
    for selector in range(8):
        for n in (0, 16, 64, 300):
            data = bytes([selector]) + u16(n) + b"\x01" + struct.pack("<Q", n) + bytes([selector]) + bytes(range(32)) + bytes(range(32, 64)) + field(b"aad") + bytes(n)
            corpus.add("backend_differential", data)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "fuzz", "corpus")
    corpus = Corpus(out)
    seed_from_vectors(corpus)
    seed_handwritten(corpus)
    print(f"seed_corpus: {corpus.count} seeds under {out}")


if __name__ == "__main__":
    main()
