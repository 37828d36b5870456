#!/usr/bin/env python3
"""Regenerate every JSON file under vectors/ from the raw upstream data.

Usage (from the repository root):

    python3 vectors/tools/normalize.py [RAW_DIR]

RAW_DIR defaults to ../shared/vectors relative to the repository root (the
read-only copy of the upstream suites; see its README.md).  Hand-typed
specification examples come from spec_examples.py next to this script.
Standard library only.  Output format: see vectors/FORMAT.md.
"""
import json
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.dirname(HERE)
REPO = os.path.dirname(VECTORS)
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import spec_examples  # noqa: E402
from vector_case import case  # noqa: E402

WYCHEPROOF_COMMIT = "dac1dd4"
BLAKE2_COMMIT = "ed1974e"
BLAKE3_COMMIT = "77b257e"
PYNACL_COMMIT = "25d715e"

WRITTEN = []  # (relative path, source, license, count)


# --------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------

def write(rel, source, license, algorithm, kind, cases):
    ids = set()
    for c in cases:
        assert "id" in c and "result" in c, (rel, c)
        assert c["result"] in ("valid", "invalid", "acceptable"), (rel, c)
        assert c["id"] not in ids, (rel, c["id"])
        ids.add(c["id"])
    path = os.path.join(VECTORS, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    head = {"source": source, "license": license, "algorithm": algorithm, "kind": kind}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "cases": [']
    body = [json.dumps(c, ensure_ascii=False, separators=(", ", ": ")) for c in cases]
    lines.append(",\n".join(body))
    lines.append("]}")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    WRITTEN.append((rel, source, license, len(cases)))


def hx(b):
    return b.hex()


def load_json(raw, *p):
    with open(os.path.join(raw, *p), encoding="utf-8") as f:
        return json.load(f)


# --------------------------------------------------------------------------
# Wycheproof
# --------------------------------------------------------------------------

def wy_source(name):
    return f"C2SP/wycheproof testvectors_v1/{name} (commit {WYCHEPROOF_COMMIT})"


def wy_tests(d):
    for g in d["testGroups"]:
        for t in g["tests"]:
            yield g, t


def wy_common(t):
    return dict(id_=t["tcId"], result=t["result"], comment=t.get("comment") or None,
                flags=t.get("flags") or None)


def wycheproof(raw):
    W = os.path.join(raw, "wycheproof")
    lic = "Apache-2.0"

    # AES-CBC with PKCS#5/#7 padding
    name = "aes_cbc_pkcs5_test.json"
    d = load_json(W, name)
    cases = [case(**wy_common(t), key=t["key"], iv=t["iv"], padding="pkcs7",
                  msg=t["msg"], ct=t["ct"]) for g, t in wy_tests(d)]
    write("cipher/aes-cbc-wycheproof.json", wy_source(name), lic, "aes-cbc", "cipher", cases)

    # AEADs
    for name, alg, out in [
        ("aes_gcm_test.json", "aes-gcm", "aead/aes-gcm-wycheproof.json"),
        ("chacha20_poly1305_test.json", "chacha20-poly1305", "aead/chacha20-poly1305-wycheproof.json"),
        ("xchacha20_poly1305_test.json", "xchacha20-poly1305", "aead/xchacha20-poly1305-wycheproof.json"),
    ]:
        d = load_json(W, name)
        cases = []
        for g, t in wy_tests(d):
            assert g["tagSize"] == 128
            cases.append(case(**wy_common(t), key=t["key"], nonce=t["iv"], aad=t["aad"],
                              msg=t["msg"], ct=t["ct"], tag=t["tag"]))
        write(out, wy_source(name), lic, alg, "aead", cases)

    # Ed25519
    name = "ed25519_test.json"
    d = load_json(W, name)
    cases = [case(**wy_common(t), pk=g["publicKey"]["pk"], msg=t["msg"], sig=t["sig"])
             for g, t in wy_tests(d)]
    write("sign/ed25519-wycheproof.json", wy_source(name), lic, "ed25519", "sign", cases)

    # X25519
    name = "x25519_test.json"
    d = load_json(W, name)
    cases = []
    for g, t in wy_tests(d):
        assert g["curve"] == "curve25519"
        cases.append(case(**wy_common(t), scalar=t["private"], point=t["public"], shared=t["shared"]))
    write("x25519/x25519-wycheproof.json", wy_source(name), lic, "x25519", "x25519", cases)

    # HKDF
    for h in ["sha1", "sha256", "sha384", "sha512"]:
        name = f"hkdf_{h}_test.json"
        d = load_json(W, name)
        cases = []
        for g, t in wy_tests(d):
            cases.append(case(**wy_common(t), ikm=t["ikm"], salt=t["salt"], info=t["info"],
                              size=t["size"], out=t["okm"]))
        write(f"kdf/hkdf-{h}-wycheproof.json", wy_source(name), lic, f"hkdf-{h}", "kdf", cases)

    # HMAC
    full_bits = {"sha1": 160, "sha224": 224, "sha256": 256, "sha384": 384, "sha512": 512,
                 "sha512-256": 256, "sha3-224": 224, "sha3-256": 256, "sha3-384": 384,
                 "sha3-512": 512}
    for fname in sorted(os.listdir(W)):
        m = re.fullmatch(r"hmac_(.+)_test\.json", fname)
        if not m:
            continue
        h = m.group(1).replace("_", "-")
        assert h in full_bits, h
        d = load_json(W, fname)
        cases = []
        for g, t in wy_tests(d):
            extra = {}
            if g["tagSize"] < full_bits[h]:
                extra["tag_bits"] = g["tagSize"]
            cases.append(case(**wy_common(t), key=t["key"], msg=t["msg"], tag=t["tag"], **extra))
        write(f"mac/hmac-{h}-wycheproof.json", wy_source(fname), lic, f"hmac-{h}", "mac", cases)

    # PBKDF2
    for h in ["sha1", "sha224", "sha256", "sha384", "sha512"]:
        name = f"pbkdf2_hmac{h}_test.json"
        d = load_json(W, name)
        cases = []
        for g, t in wy_tests(d):
            assert len(t["dk"]) == 2 * t["dkLen"]
            extra = {"slow": True} if t["iterationCount"] > 100000 else {}
            cases.append(case(**wy_common(t), password=t["password"], salt=t["salt"],
                              iterations=t["iterationCount"], out=t["dk"], **extra))
        write(f"kdf/pbkdf2-{h}-wycheproof.json", wy_source(name), lic, f"pbkdf2-{h}", "kdf", cases)


# --------------------------------------------------------------------------
# BLAKE2 / BLAKE3
# --------------------------------------------------------------------------

def blake2(raw):
    d = load_json(raw, "blake2", "blake2-kat.json")
    for alg in ["blake2b", "blake2s"]:
        cases = []
        for e in d:
            if e["hash"] != alg:
                continue
            tag = "keyed" if e["key"] else "unkeyed"
            cases.append(case(f"{tag}-{len(e['in']) // 2}", msg=e["in"],
                              **({"key": e["key"]} if e["key"] else {}), out=e["out"]))
        write(f"hash/{alg}-kat.json",
              f"BLAKE2/BLAKE2 testvectors/blake2-kat.json, entries with hash={alg} (commit {BLAKE2_COMMIT})",
              "CC0-1.0", alg, "hash", cases)


def blake3(raw):
    d = load_json(raw, "blake3", "test_vectors.json")
    key = d["key"].encode()
    assert len(key) == 32
    ctx = d["context_string"]
    cases = []
    for e in d["cases"]:
        n = e["input_len"]
        msg = hx(bytes(i % 251 for i in range(n)))
        cases.append(case(f"hash-{n}", msg=msg, out=e["hash"]))
        cases.append(case(f"keyed-{n}", msg=msg, key=hx(key), out=e["keyed_hash"]))
        cases.append(case(f"derive-{n}", msg=msg, context=ctx, out=e["derive_key"]))
    write("hash/blake3-official.json",
          f"BLAKE3-team/BLAKE3 test_vectors/test_vectors.json (commit {BLAKE3_COMMIT}); "
          "input bytes are i % 251; keyed cases use `key`, derive_key cases use `context` (msg = key material)",
          "CC0-1.0", "blake3", "hash", cases)


# --------------------------------------------------------------------------
# PyNaCl
# --------------------------------------------------------------------------

def pn_source(path):
    return f"pyca/pynacl tests/data/{path} (commit {PYNACL_COMMIT})"


def data_lines(path):
    with open(path, encoding="utf-8") as f:
        for ln in f:
            ln = ln.rstrip("\r\n")
            if ln.strip() and not ln.startswith("#"):
                yield ln


def pynacl(raw):
    P = os.path.join(raw, "pynacl")
    lic = "Apache-2.0"

    # djb's sign.input: sk(seed||pk):pk:msg:sig||msg:
    cases = []
    for i, ln in enumerate(data_lines(os.path.join(P, "ed25519"))):
        f = ln.split(":")
        assert len(f) == 5 and f[4] == "", i
        sk, pk, msg, sm = (bytes.fromhex(x) for x in f[:4])
        assert len(sk) == 64 and sk[32:] == pk and len(pk) == 32
        assert sm[64:] == msg
        cases.append(case(i, seed=hx(sk[:32]), pk=hx(pk), msg=hx(msg), sig=hx(sm[:64])))
    assert len(cases) == 1024
    write("sign/ed25519-djb-pynacl.json",
          pn_source("ed25519") + "; djb's sign.input from SUPERCOP/ed25519 (sk||pk : pk : msg : sig||msg)",
          lic, "ed25519", "sign", cases)

    # sealed boxes: recipient sk, recipient pk, len:msg, len:ct
    cases = []
    for i, ln in enumerate(data_lines(os.path.join(P, "sealed_box_ref.txt"))):
        f = ln.split("\t")
        sk, pk = f[0], f[1]
        vals = []
        for part in f[2:4]:
            n, _, h = part.partition(":")
            assert len(h) == 2 * int(n)
            vals.append(h)
        cases.append(case(i, pk=pk, sk=sk, msg=vals[0], sealed=vals[1]))
    write("nacl/sealedbox-pynacl.json", pn_source("sealed_box_ref.txt"), lic, "sealedbox", "nacl", cases)

    # box keypair from seed: seed, pk||sk
    cases = []
    for i, ln in enumerate(data_lines(os.path.join(P, "box_from_seed.txt"))):
        seed, pksk = ln.split("\t")
        assert len(pksk) == 128
        cases.append(case(f"seed-{i}", seed=seed, pk=pksk[:64], sk=pksk[64:]))
    write("nacl/box-seed-pynacl.json",
          pn_source("box_from_seed.txt") + " (libsodium test/default/box_seed.c/.exp)",
          lic, "box", "nacl", cases)

    # AEAD reference files
    for fname, alg in [("chacha20-poly1305-ietf_ref.txt", "chacha20-poly1305"),
                       ("xchacha20-poly1305-ietf_ref.txt", "xchacha20-poly1305")]:
        cases = []
        cur, comment = {}, []
        blocks = []
        with open(os.path.join(P, fname), encoding="utf-8") as f:
            for ln in f.read().split("\n") + [""]:
                ln = ln.strip()
                if not ln:
                    if cur:
                        blocks.append((" ".join(comment), cur))
                    cur, comment = {}, []
                elif ln.startswith("#"):
                    comment.append(ln.lstrip("# ").strip())
                else:
                    k, _, v = ln.partition(":")
                    cur[k.strip()] = v.strip()
        for i, (cm, b) in enumerate(blocks):
            assert b["AEAD"] == alg, b
            assert len(b["CT"]) == len(b["IN"])
            cases.append(case(i, comment=cm, key=b["KEY"], nonce=b["NONCE"], aad=b["AD"],
                              msg=b["IN"], ct=b["CT"], tag=b["TAG"]))
        write(f"aead/{alg}-pynacl.json", pn_source(fname), lic, alg, "aead", cases)

    # BLAKE2b with salt and personalization
    cases = []
    for i, ln in enumerate(data_lines(os.path.join(P, "crypto-test-vectors-blake2-salt-personalization.txt"))):
        msg, key, salt, pers, outlen, out = ln.split("\t")
        assert len(out) == 2 * int(outlen)
        extra = {"key": key} if key else {}
        cases.append(case(i, msg=msg, **extra, salt=salt, personal=pers, out=out))
    write("hash/blake2b-salt-personal-pynacl.json",
          pn_source("crypto-test-vectors-blake2-salt-personalization.txt"),
          lic, "blake2b", "hash", cases)

    # Argon2 (PyNaCl raw and modular-crypt vectors).  `maxmem` is the Argon2
    # memory cost in KiB (PyNaCl passes memlimit = maxmem * 1024 bytes); the
    # crypt-mode strings confirm it (m=maxmem).  p is always 1 (libsodium).
    for alg in ["argon2i", "argon2id"]:
        cases = []
        for e in load_json(P, f"raw_{alg}_hashes.json"):
            assert e["mode"] == "raw" and e.get("construct", alg) == alg
            assert len(e["pwhash"]) == 2 * e["dgst_len"]
            cases.append(case(f"raw-{len(cases)}", password=hx(e["passwd"].encode()),
                              salt=hx(e["salt"].encode()), t=e["iters"], m=e["maxmem"], p=1,
                              out=e["pwhash"]))
        for j, e in enumerate(load_json(P, f"modular_crypt_{alg}_hashes.json")):
            assert e["mode"] == "crypt" and e.get("construct", alg) == alg
            assert e["pwhash"].startswith(f"${alg}$")
            cases.append(case(f"crypt-{j}", password=hx(e["passwd"].encode()), phc=e["pwhash"]))
        write(f"kdf/{alg}-pynacl.json",
              pn_source(f"raw_{alg}_hashes.json") + " and " + f"modular_crypt_{alg}_hashes.json"
              + "; raw: m = maxmem (KiB), p = 1; crypt: verify password against phc",
              lic, alg, "kdf", cases)


# --------------------------------------------------------------------------

def generated_files():
    """Files computed by other scripts (see each file's `source`): the
    secretstream vectors from libsodium by the Rust differential tests, and
    the MACs no published suite covers by generate_macs.py (which needs
    packages this script does without).  Re-read and written in the canonical
    layout, so that they are listed in SOURCES.md like the others."""
    order = ("msg", "ad", "tag", "c", "rekey")
    for path in sorted(os.listdir(os.path.join(VECTORS, "secretstream"))):
        rel = os.path.join("secretstream", path)
        d = load_json(VECTORS, rel)
        cases = []
        for c in d["cases"]:
            chunks = [{k: ch[k] for k in order if k in ch} for ch in c["chunks"]]
            cases.append(case(c["id"], c["result"], c.get("comment"), key=c["key"], header=c["header"], chunks=chunks))
        write(rel, d["source"], d["license"], d["algorithm"], d["kind"], cases)
    for path in sorted(os.listdir(os.path.join(VECTORS, "mac"))):
        if not path.endswith("-generated.json"):
            continue
        rel = os.path.join("mac", path)
        d = load_json(VECTORS, rel)
        cases = [case(c["id"], c["result"], c.get("comment"), key=c["key"], msg=c["msg"], tag=c["tag"]) for c in d["cases"]]
        write(rel, d["source"], d["license"], d["algorithm"], d["kind"], cases)


def write_sources():
    rows = sorted(WRITTEN)
    out = ["# Sources of the known-answer vectors", "",
           "Generated by `python3 vectors/tools/normalize.py` (do not edit by hand; "
           "edit `vectors/tools/spec_examples.py` or the script instead). "
           "Format: see [FORMAT.md](FORMAT.md). Licence texts: [licenses/](licenses/).", "",
           "| file | origin | licence | cases |", "| --- | --- | --- | ---: |"]
    total = 0
    for rel, src, lic, n in rows:
        total += n
        out.append(f"| `{rel}` | {src.replace('|', '/')} | {lic} | {n} |")
    out.append(f"| **total** | | | **{total}** |")
    out.append("")
    out.append("## Licence files")
    out.append("")
    out.append("| file | applies to |")
    out.append("| --- | --- |")
    for src, dst in LICENSES:
        who = {"wycheproof": "`*-wycheproof.json` (Apache-2.0)", "pynacl": "`*-pynacl.json` (Apache-2.0)",
               "blake2": "`hash/blake2b-kat.json`, `hash/blake2s-kat.json` (CC0-1.0)",
               "blake3": "`hash/blake3-official.json` (CC0-1.0)"}[src.split("/")[0]]
        out.append(f"| `licenses/{dst}` | {who} |")
    out.append("")
    out.append(spec_examples.NOTES.strip())
    out.append("")
    with open(os.path.join(VECTORS, "SOURCES.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out))


LICENSES = [  # (raw path, copy under vectors/licenses/)
    ("wycheproof/LICENSE", "wycheproof-LICENSE"),
    ("pynacl/LICENSE", "pynacl-LICENSE"),
    ("blake2/COPYING", "blake2-COPYING"),
    ("blake3/LICENSE_CC0", "blake3-LICENSE_CC0"),
]


def copy_licenses(raw):
    d = os.path.join(VECTORS, "licenses")
    os.makedirs(d, exist_ok=True)
    for src, dst in LICENSES:
        shutil.copyfile(os.path.join(raw, src), os.path.join(d, dst))


def main():
    raw = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "..", "shared", "vectors")
    raw = os.path.abspath(raw)
    if not os.path.isfile(os.path.join(raw, "README.md")):
        sys.exit(f"raw vector directory not found: {raw}")
    wycheproof(raw)
    blake2(raw)
    blake3(raw)
    pynacl(raw)
    generated_files()
    copy_licenses(raw)
    for f in spec_examples.files(raw):
        write(f["path"], f["source"], f["license"], f["algorithm"], f["kind"], f["cases"])
    write_sources()
    for rel, _, _, n in sorted(WRITTEN):
        print(f"{n:6d}  {rel}")


if __name__ == "__main__":
    main()
