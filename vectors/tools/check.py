#!/usr/bin/env python3
"""Recompute the normalized vectors with independent implementations.

Not used by the Rust tests.  Needs: cryptography pynacl bcrypt argon2-cffi
pycryptodome blake3 (e.g. in a venv outside the repository):

    /tmp/vecvenv/bin/python vectors/tools/check.py [--slow] [files...]

Prints, per file, how many cases were recomputed and agreed, how many could
not be checked (no independent implementation), and any mismatch.
"""
import glob
import hashlib
import hmac as pyhmac
import json
import os
import struct
import sys

from Crypto.Cipher import AES, ChaCha20, ChaCha20_Poly1305, Salsa20
from Crypto.Hash import MD4, RIPEMD160, keccak
from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, padding as cpadding
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey, Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.poly1305 import Poly1305
import nacl.bindings as nb
import nacl.public
import nacl.secret
import nacl.signing
import bcrypt
import argon2.low_level as al
import blake3 as b3

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.dirname(HERE)
SLOW = "--slow" in sys.argv


class Skip(Exception):
    pass


def H(x):
    return bytes.fromhex(x)


# ---------------------------------------------------------------- Whirlpool
def _whirlpool_tables():
    E = [0x1, 0xB, 0x9, 0xC, 0xD, 0x6, 0xF, 0x3, 0xE, 0x8, 0x7, 0x4, 0xA, 0x2, 0x5, 0x0]
    R = [0x7, 0xC, 0xB, 0xD, 0xE, 0x4, 0x9, 0xF, 0x6, 0x3, 0x8, 0xA, 0x2, 0x5, 0x1, 0x0]
    Ei = [E.index(i) for i in range(16)]
    S = []
    for u in range(256):
        a, b = E[u >> 4], Ei[u & 15]
        r = R[a ^ b]
        S.append((E[a ^ r] << 4) | Ei[b ^ r])
    return S


WS = _whirlpool_tables()
assert WS[:4] == [0x18, 0x23, 0xC6, 0xE8]


def _gmul(a, b):
    p = 0
    while b:
        if b & 1:
            p ^= a
        a <<= 1
        if a & 0x100:
            a ^= 0x11D
        b >>= 1
    return p


_WC = [1, 1, 4, 1, 8, 5, 2, 9]
_WMUL = {k: [_gmul(x, k) for x in range(256)] for k in set(_WC)}


def _wround(st, key):
    g = [WS[x] for x in st]
    p = [g[((i - j) % 8) * 8 + j] for i in range(8) for j in range(8)]
    out = [0] * 64
    for i in range(8):
        row = p[i * 8:i * 8 + 8]
        for j in range(8):
            v = 0
            for k in range(8):
                v ^= _WMUL[_WC[(j - k) % 8]][row[k]]
            out[i * 8 + j] = v ^ key[i * 8 + j]
    return out


def whirlpool(msg):
    n = len(msg)
    m = msg + b"\x80"
    while len(m) % 64 != 32:
        m += b"\x00"
    m += (n * 8).to_bytes(32, "big")
    h = [0] * 64
    for off in range(0, len(m), 64):
        blk = list(m[off:off + 64])
        k = h[:]
        st = [blk[i] ^ k[i] for i in range(64)]
        for r in range(1, 11):
            rc = [WS[8 * (r - 1) + j] for j in range(8)] + [0] * 56
            k = _wround(k, rc)
            st = _wround(st, k)
        h = [h[i] ^ st[i] ^ blk[i] for i in range(64)]
    return bytes(h)


# ---------------------------------------------------------------- Salsa
def _rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & 0xffffffff


def hsalsa20(key, inp):
    c = b"expand 32-byte k"
    w = lambda b, i: struct.unpack("<I", b[4 * i:4 * i + 4])[0]
    x = [w(c, 0), w(key, 0), w(key, 1), w(key, 2), w(key, 3), w(c, 1), w(inp, 0), w(inp, 1),
         w(inp, 2), w(inp, 3), w(c, 2), w(key, 4), w(key, 5), w(key, 6), w(key, 7), w(c, 3)]

    def qr(a, b, cc, d):
        x[b] ^= _rotl((x[a] + x[d]) & 0xffffffff, 7)
        x[cc] ^= _rotl((x[b] + x[a]) & 0xffffffff, 9)
        x[d] ^= _rotl((x[cc] + x[b]) & 0xffffffff, 13)
        x[a] ^= _rotl((x[d] + x[cc]) & 0xffffffff, 18)
    for _ in range(10):
        qr(0, 4, 8, 12); qr(5, 9, 13, 1); qr(10, 14, 2, 6); qr(15, 3, 7, 11)
        qr(0, 1, 2, 3); qr(5, 6, 7, 4); qr(10, 11, 8, 9); qr(15, 12, 13, 14)
    return b"".join(struct.pack("<I", x[i]) for i in (0, 5, 10, 15, 6, 7, 8, 9))


def salsa_stream(key, nonce, n):
    return Salsa20.new(key=key, nonce=nonce).encrypt(b"\x00" * n)


def xsalsa_stream(key, nonce, n):
    return salsa_stream(hsalsa20(key, nonce[:16]), nonce[16:], n)


# ---------------------------------------------------------------- hashes
HASHLIB = {"sha1": "sha1", "sha224": "sha224", "sha256": "sha256", "sha384": "sha384", "sha512": "sha512",
           "sha512-256": "sha512_256", "sha3-224": "sha3_224", "sha3-256": "sha3_256", "sha3-384": "sha3_384",
           "sha3-512": "sha3_512", "md5": "md5"}


def hash_digest(alg, msg, outlen=None, c=None):
    if alg in HASHLIB:
        return hashlib.new(HASHLIB[alg], msg).digest()
    if alg == "shake128":
        return hashlib.shake_128(msg).digest(outlen)
    if alg == "shake256":
        return hashlib.shake_256(msg).digest(outlen)
    if alg == "keccak256":
        return keccak.new(digest_bits=256, data=msg).digest()
    if alg == "md4":
        return MD4.new(msg).digest()
    if alg == "ripemd160":
        return RIPEMD160.new(msg).digest()
    if alg == "whirlpool":
        return whirlpool(msg)
    if alg == "blake2b":
        return hashlib.blake2b(msg, digest_size=outlen, key=H(c.get("key", "")), salt=H(c.get("salt", "")),
                               person=H(c.get("personal", ""))).digest()
    if alg == "blake2s":
        return hashlib.blake2s(msg, digest_size=outlen, key=H(c.get("key", ""))).digest()
    if alg == "blake3":
        if "key" in c:
            h = b3.blake3(msg, key=H(c["key"]))
        elif "context" in c:
            h = b3.blake3(msg, derive_key_context=c["context"])
        else:
            h = b3.blake3(msg)
        return h.digest(length=outlen)
    raise Skip(alg)


def chk_hash(alg, c):
    msg = H(c["msg"]) * c.get("repeat", 1)
    out = H(c["out"])
    return hash_digest(alg, msg, len(out), c) == out


HMAC_HASH = {"sha1": hashes.SHA1, "sha224": hashes.SHA224, "sha256": hashes.SHA256, "sha384": hashes.SHA384,
             "sha512": hashes.SHA512, "sha512-256": hashes.SHA512_256, "sha3-224": hashes.SHA3_224,
             "sha3-256": hashes.SHA3_256, "sha3-384": hashes.SHA3_384, "sha3-512": hashes.SHA3_512,
             "md5": hashes.MD5}


def chk_mac(alg, c):
    key, msg, tag = H(c["key"]), H(c["msg"]), H(c["tag"])
    if alg == "poly1305":
        good = Poly1305.generate_tag(key, msg) == tag
    else:
        h = alg[len("hmac-"):]
        full = pyhmac.new(key, msg, HASHLIB[h]).digest()
        nbytes = c.get("tag_bits", len(full) * 8) // 8
        good = len(tag) == nbytes and full[:nbytes] == tag
    return good == (c["result"] == "valid")


def chk_cipher(alg, c):
    key = H(c["key"])
    if "stream_len" in c:
        n = c["stream_len"]
        if alg == "xsalsa20":
            s = xsalsa_stream(key, H(c["nonce"]), n)
        elif alg == "salsa20":
            s = salsa_stream(key, H(c["nonce"]), n)
        else:
            raise Skip(alg)
        return hashlib.sha256(s).hexdigest() == c["stream_sha256"]
    msg, ct = H(c["msg"]), H(c["ct"])
    if alg == "aes-cbc":
        iv = H(c["iv"])
        if c["padding"] == "pkcs7":
            # decrypt direction (covers invalid padding cases)
            try:
                d = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
                p = d.update(ct) + d.finalize()
                u = cpadding.PKCS7(128).unpadder()
                p = u.update(p) + u.finalize()
                ok = p == msg
            except ValueError:
                ok = False
            if c["result"] == "valid":
                e = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
                pd = cpadding.PKCS7(128).padder()
                ok = ok and e.update(pd.update(msg) + pd.finalize()) + e.finalize() == ct
            return ok == (c["result"] == "valid")
        e = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
        return e.update(msg) + e.finalize() == ct
    if alg == "aes-ctr":
        e = Cipher(algorithms.AES(key), modes.CTR(H(c["nonce"]))).encryptor()
        return e.update(msg) + e.finalize() == ct
    if alg in ("chacha20", "xchacha20"):
        ch = ChaCha20.new(key=key, nonce=H(c["nonce"]))
        ch.seek(64 * c.get("counter", 0))
        return ch.encrypt(msg) == ct
    if alg == "xsalsa20":
        return bytes(x ^ y for x, y in zip(msg, xsalsa_stream(key, H(c["nonce"]), len(msg)))) == ct
    if alg == "salsa20":
        return Salsa20.new(key=key, nonce=H(c["nonce"])).encrypt(msg) == ct
    raise Skip(alg)


def chk_aead(alg, c):
    key, nonce, aad, msg, ct, tag = (H(c[k]) for k in ("key", "nonce", "aad", "msg", "ct", "tag"))
    valid = c["result"] == "valid"
    try:
        if alg == "aes-gcm":
            if len(nonce) == 0:
                return not valid
            if len(nonce) == 12:
                p = AESGCM(key).decrypt(nonce, ct + tag, aad)
            else:
                g = AES.new(key, AES.MODE_GCM, nonce=nonce)  # any non-empty IV length
                g.update(aad)
                p = g.decrypt_and_verify(ct, tag)
        elif alg == "chacha20-poly1305":
            if len(nonce) != 12:
                return not valid
            p = ChaCha20Poly1305(key).decrypt(nonce, ct + tag, aad)
        elif alg == "xchacha20-poly1305":
            if len(nonce) != 24:
                return not valid
            p = nb.crypto_aead_xchacha20poly1305_ietf_decrypt(ct + tag, aad or None, nonce, key)
        elif alg == "xsalsa20-poly1305":
            p = nacl.secret.SecretBox(key).decrypt(tag + ct, nonce)
        else:
            raise Skip(alg)
    except (InvalidTag, ValueError, nacl.exceptions.CryptoError):
        return not valid
    return (p == msg) == valid


def chk_nacl(alg, c):
    if alg == "box" and "seed" in c:
        k = nacl.public.PrivateKey.from_seed(H(c["seed"]))
        return bytes(k) == H(c["sk"]) and bytes(k.public_key) == H(c["pk"])
    if alg == "box":
        b = nacl.public.Box(nacl.public.PrivateKey(H(c["sk"])), nacl.public.PublicKey(H(c["pk"])))
        enc = b.encrypt(H(c["msg"]), H(c["nonce"])).ciphertext
        return enc == H(c["box"]) and b.decrypt(H(c["box"]), H(c["nonce"])) == H(c["msg"])
    if alg == "secretbox":
        b = nacl.secret.SecretBox(H(c["key"]))
        return b.encrypt(H(c["msg"]), H(c["nonce"])).ciphertext == H(c["box"])
    if alg == "sealedbox":
        sk = nacl.public.PrivateKey(H(c["sk"]))
        return bytes(sk.public_key) == H(c["pk"]) and \
            nacl.public.SealedBox(sk).decrypt(H(c["sealed"])) == H(c["msg"])
    raise Skip(alg)


def chk_sign(alg, c):
    pkb = H(c["pk"])
    ok = True
    if "seed" in c:
        sk = Ed25519PrivateKey.from_private_bytes(H(c["seed"]))
        ok = sk.public_key().public_bytes_raw() == pkb and sk.sign(H(c["msg"])) == H(c["sig"])
    try:
        Ed25519PublicKey.from_public_bytes(pkb).verify(H(c["sig"]), H(c["msg"]))
        v = True
    except (InvalidSignature, ValueError):
        v = False
    return ok and v == (c["result"] == "valid")


def chk_x25519(alg, c):
    s = X25519PrivateKey.from_private_bytes(H(c["scalar"]))
    try:
        if c["point"] == "09" + "00" * 31:
            out = s.public_key().public_bytes_raw()
        else:
            out = s.exchange(X25519PublicKey.from_public_bytes(H(c["point"])))
    except ValueError:
        # cryptography rejects an all-zero shared secret
        return H(c["shared"]) == bytes(32) and c["result"] != "valid" or c["result"] == "invalid"
    return out == H(c["shared"])


ARGON = {"argon2i": al.Type.I, "argon2id": al.Type.ID, "argon2d": al.Type.D}


def argon2_raw(alg, pw, salt, t, m, p, outlen, secret=b"", ad=b""):
    ffi, lib = al.ffi, al.lib
    out = ffi.new("uint8_t[]", outlen)
    keep = [ffi.new("uint8_t[]", x or b"\0") for x in (pw, salt, secret, ad)]
    ctx = ffi.new("argon2_context *", dict(
        out=out, outlen=outlen, pwd=keep[0], pwdlen=len(pw), salt=keep[1], saltlen=len(salt),
        secret=keep[2], secretlen=len(secret), ad=keep[3], adlen=len(ad), t_cost=t, m_cost=m,
        lanes=p, threads=p, version=0x13, allocate_cbk=ffi.NULL, free_cbk=ffi.NULL,
        flags=lib.ARGON2_DEFAULT_FLAGS))
    rc = al.core(ctx, ARGON[alg].value)
    assert rc == 0, al.error_to_str(rc)
    return bytes(ffi.buffer(out, outlen))


def chk_kdf(alg, c):
    valid = c["result"] == "valid"
    if c.get("slow") and not SLOW:
        raise Skip("slow")
    if alg.startswith("pbkdf2-"):
        h = alg[len("pbkdf2-"):]
        out = H(c["out"])
        return hashlib.pbkdf2_hmac(HASHLIB[h], H(c["password"]), H(c["salt"]), c["iterations"], len(out)) == out
    if alg.startswith("hkdf-"):
        h = alg[len("hkdf-"):]
        try:
            d = HKDF(HMAC_HASH[h](), c["size"], H(c["salt"]) or None, H(c["info"])).derive(H(c["ikm"]))
        except ValueError:
            return not valid
        return (d == H(c["out"])) == valid
    if alg == "scrypt":
        out = H(c["out"])
        return hashlib.scrypt(H(c["password"]), salt=H(c["salt"]), n=c["n"], r=c["r"], p=c["p"],
                              maxmem=2 ** 31 - 1, dklen=len(out)) == out
    if alg in ARGON:
        if "phc" in c:
            try:
                return al.verify_secret(c["phc"].encode(), H(c["password"]), ARGON[alg]) is True
            except Exception:
                return False
        out = H(c["out"])
        return argon2_raw(alg, H(c["password"]), H(c["salt"]), c["t"], c["m"], c["p"], len(out),
                          H(c.get("secret", "")), H(c.get("ad", ""))) == out
    if alg == "bcrypt":
        h = c["hash"].encode()
        pw = H(c["password"])
        return bcrypt.hashpw(pw, h[:29]) == h and bcrypt.checkpw(pw, h)
    raise Skip(alg)


def chk_secretstream(alg, c):
    # Generated from libsodium itself; no independent Python implementation
    # is at hand. The Rust differential test (tests/libsodium_parity.rs)
    # is the cross-check.
    raise Skip(alg)


CHECK = {"hash": chk_hash, "mac": chk_mac, "cipher": chk_cipher, "aead": chk_aead, "nacl": chk_nacl,
         "sign": chk_sign, "x25519": chk_x25519, "kdf": chk_kdf, "secretstream": chk_secretstream}


def main():
    args = [x for x in sys.argv[1:] if not x.startswith("--")]
    paths = args or sorted(glob.glob(os.path.join(VECTORS, "*", "*.json")))
    bad_total = 0
    for path in paths:
        d = json.load(open(path, encoding="utf-8"))
        assert set(d) == {"source", "license", "algorithm", "kind", "cases"}, path
        ok = skip = 0
        bad = []
        for c in d["cases"]:
            alg = c.get("algorithm", d["algorithm"])
            try:
                if CHECK[d["kind"]](alg, c):
                    ok += 1
                else:
                    bad.append(c["id"])
            except Skip:
                skip += 1
        bad_total += len(bad)
        rel = os.path.relpath(path, VECTORS)
        print(f"{rel:55s} {len(d['cases']):5d} cases  {ok:5d} ok  {skip:3d} unchecked  {len(bad):3d} BAD {bad if bad else ''}")
    sys.exit(1 if bad_total else 0)


if __name__ == "__main__":
    main()
