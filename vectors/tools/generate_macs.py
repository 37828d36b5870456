#!/usr/bin/env python3
"""Known answers for the catalog MACs that no published suite covers
(issue 15 part 5), computed with implementations independent of Saline.

Usage (from the repository root; the packages in a venv outside the repository):

    python3 -m venv /tmp/macvenv && /tmp/macvenv/bin/pip install pycryptodome pynacl
    OPENSSL_CONF=vectors/tools/openssl-legacy.cnf /tmp/macvenv/bin/python vectors/tools/generate_macs.py

Writes vectors/mac/<algorithm>-generated.json; `normalize.py` then lists them
in SOURCES.md.  Saline itself is never called.  Every tag is computed twice
where two independent implementations exist here and the script stops on
any disagreement:

| algorithm | computed with | checked against |
| --- | --- | --- |
| hmac-blake2b, hmac-blake2s | Python `hmac` over `hashlib` (CPython's own BLAKE2) | RFC 2104 written out over pycryptodome's `BLAKE2b`/`BLAKE2s` |
| hmac-ripemd160, hmac-md4 | Python `hmac` over `hashlib` (OpenSSL 3, legacy provider for MD4) | the same over pycryptodome's `RIPEMD160`/`MD4` |
| hmac-whirlpool | Python `hmac` over `hashlib` (OpenSSL 3 legacy provider) | (none here: OpenSSL is the only Whirlpool) |
| hmac-keccak256 | RFC 2104 written out over pycryptodome's `keccak` (256-bit) | (in Python none; see gocheck below) |
| hmac-sha512-trunc256 | Python `hmac` over `hashlib.sha512`, first 32 bytes (libsodium crypto_auth) | the same over pycryptodome's `SHA512` |
| siphash-2-4, siphashx-2-4 | PyNaCl `crypto_shorthash_*` (its bundled libsodium) | the 15-byte case of SipHash-2-4 against the SipHash paper, Appendix A |

The HMAC inputs are RFC 4231's test-case keys and messages plus keys and
messages at the hash's block-size edges (RFC 2104 §2: a key longer than
the block is hashed first); the SipHash inputs are those of the reference
implementation's vectors.h (key 00..0f, messages 00..n-1, n = 0..63).
`vectors/tools/gocheck` (`go run .` there) recomputes every HMAC file but
Whirlpool's with Go's crypto/hmac over golang.org/x/crypto, one more
implementation.  Each file also holds negative cases: the tag with its
last bit flipped, with its first byte changed, and another message's tag.
"""
import hmac
import json
import os
import ssl
import sys

from Crypto.Hash import BLAKE2b, BLAKE2s, MD4, RIPEMD160, SHA512, keccak
import Crypto
import nacl
import nacl.bindings as sodium

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.dirname(HERE)
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

from vector_case import case  # noqa: E402


def keccak256(data):
    return keccak.new(digest_bits=256, data=data).digest()


def hmac_rfc2104(hash_fn, block_size, key, msg):
    """RFC 2104 §2 written out: the second implementation of the
    construction, and the only one for Keccak-256, which Python's `hmac`
    cannot wrap (pycryptodome's Keccak objects have no copy())."""
    if len(key) > block_size:
        key = hash_fn(key)
    key = key.ljust(block_size, b"\0")
    inner = hash_fn(bytes(k ^ 0x36 for k in key) + msg)
    return hash_fn(bytes(k ^ 0x5C for k in key) + inner)


def python_hmac(name):
    """(compute, label): Python's `hmac` over hashlib's `name`."""
    return lambda key, msg: hmac.new(key, msg, name).digest(), f"Python hmac over hashlib's {name}"


def pycryptodome_hash(module, **params):
    """pycryptodome's one-shot hash, for hmac_rfc2104."""
    return lambda data: module.new(data=data, **params).digest()


KECCAK_HMAC = (lambda key, msg: hmac_rfc2104(keccak256, 136, key, msg),
               f"RFC 2104 written out over pycryptodome {Crypto.__version__}'s Keccak-256")

# catalog name -> (block size, (compute, label), a second hash for hmac_rfc2104
# or None, tag length kept or None)
HMACS = {
    "hmac-blake2b": (128, python_hmac("blake2b"), pycryptodome_hash(BLAKE2b, digest_bits=512), None),
    "hmac-blake2s": (64, python_hmac("blake2s"), pycryptodome_hash(BLAKE2s, digest_bits=256), None),
    "hmac-ripemd160": (64, python_hmac("ripemd160"), pycryptodome_hash(RIPEMD160), None),
    "hmac-md4": (64, python_hmac("md4"), pycryptodome_hash(MD4), None),
    "hmac-whirlpool": (64, python_hmac("whirlpool"), None, None),
    "hmac-keccak256": (136, KECCAK_HMAC, None, None),
    "hmac-sha512-trunc256": (128, python_hmac("sha512"), pycryptodome_hash(SHA512), 32),
}


def a(text):
    return text.encode()


def hmac_inputs(block):
    """(id, key, msg): RFC 4231 §4.2-4.8's inputs, then the block-size edges."""
    yield "rfc4231-tc1", b"\x0b" * 20, a("Hi There")
    yield "rfc4231-tc2", a("Jefe"), a("what do ya want for nothing?")
    yield "rfc4231-tc3", b"\xaa" * 20, b"\xdd" * 50
    yield "rfc4231-tc4", bytes(range(1, 26)), b"\xcd" * 50
    yield "rfc4231-tc6", b"\xaa" * 131, a("Test Using Larger Than Block-Size Key - Hash Key First")
    yield "rfc4231-tc7", b"\xaa" * 131, a(
        "This is a test using a larger than block-size key and a larger than block-size data. "
        "The key needs to be hashed before being used by the HMAC algorithm.")
    yield "empty-key-empty-msg", b"", b""
    for n in (block - 1, block, block + 1):
        yield f"key-{n}-bytes", bytes(i & 0xFF for i in range(n)), a("key at the block-size edge")
    for n in (block - 1, block, block + 1, 2 * block + 3):
        yield f"msg-{n}-bytes", a("edge"), bytes((7 * i) & 0xFF for i in range(n))


def negatives(valid):
    """Three refusals built from the first two valid cases: a flipped last
    bit, a changed first byte, and the tag of another message."""
    first, second = valid[0], valid[1]
    tag = bytearray.fromhex(first["tag"])
    tag[-1] ^= 1
    yield case("bad-last-bit", "invalid", f"{first['id']} with the tag's last bit flipped",
               key=first["key"], msg=first["msg"], tag=tag.hex())
    tag = bytearray.fromhex(second["tag"])
    tag[0] ^= 0x80
    yield case("bad-first-byte", "invalid", f"{second['id']} with the tag's first byte changed",
               key=second["key"], msg=second["msg"], tag=tag.hex())
    yield case("other-message", "invalid", f"{first['id']}'s key and message with {second['id']}'s tag",
               key=first["key"], msg=first["msg"], tag=second["tag"])


def hmac_file(name):
    block, (compute, label), check, cut = HMACS[name]
    valid = []
    for id_, key, msg in hmac_inputs(block):
        tag = compute(key, msg)
        if check is not None and hmac_rfc2104(check, block, key, msg) != tag:
            sys.exit(f"{name} {id_}: the two implementations disagree")
        valid.append(case(id_, key=key.hex(), msg=msg.hex(), tag=tag[:cut].hex()))
    if check is not None:
        label += f", and RFC 2104 written out over pycryptodome {Crypto.__version__}'s hash, which agree"
    return valid + list(negatives(valid)), label


# SipHash paper (Aumasson & Bernstein 2012), Appendix A: key 00..0f,
# message 00..0e, SipHash-2-4 = a129ca6149be45e5 (little-endian bytes).
SIPHASH_PAPER_15 = "e545be4961ca29a1"


def siphash_file(name):
    fn = {"siphash-2-4": sodium.crypto_shorthash_siphash24, "siphashx-2-4": sodium.crypto_shorthash_siphashx24}[name]
    key = bytes(range(16))
    valid = [case(f"vectors.h-{n}", key=key.hex(), msg=bytes(range(n)).hex(), tag=fn(bytes(range(n)), key).hex())
             for n in range(64)]
    if name == "siphash-2-4" and valid[15]["tag"] != SIPHASH_PAPER_15:
        sys.exit("siphash-2-4: PyNaCl disagrees with the SipHash paper's Appendix A")
    return valid + list(negatives(valid)), f"PyNaCl {nacl.__version__}'s crypto_shorthash (its bundled libsodium)"


def write(name, cases, tools):
    source = (f"computed by vectors/tools/generate_macs.py with {tools} "
              f"(Python {sys.version.split()[0]}, hashlib on {ssl.OPENSSL_VERSION})")
    head = {"source": source, "license": "CC0-1.0", "algorithm": name, "kind": "mac"}
    body = ",\n".join(json.dumps(c, separators=(", ", ": ")) for c in cases)
    path = os.path.join(VECTORS, "mac", f"{name}-generated.json")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(head)[:-1] + ', "cases": [\n' + body + "\n]}\n")
    print(f"{len(cases):4d}  {os.path.relpath(path, VECTORS)}")


def main():
    for name in HMACS:
        write(name, *hmac_file(name))
    for name in ("siphash-2-4", "siphashx-2-4"):
        write(name, *siphash_file(name))


if __name__ == "__main__":
    main()
