"""The thin layer every public module uses: the catalog, operation codes and
argument checks. Names and sizes come from the Rust catalog (one definition,
crates/saline/src/catalog.rs); nothing here repeats an algorithm's sizes."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from . import _native
from ._native import AlreadyFinalized, ArgumentTypeError, InvalidSignature, InvalidTag, ParameterError

OP: Dict[str, int] = dict(_native.operations())
CATALOG: List[Dict[str, Any]] = json.loads(_native.catalog_json())

_NAN = float("nan")


def _normalize(name: str) -> str:
    # The catalog's own rule (Algorithm::from_name): case and the
    # separators '-', '_', '/' and ' ' do not matter.
    return "".join(c for c in name.lower() if c not in "-_/ ")


_BY_NAME: Dict[str, Dict[str, Any]] = {}
for _entry in CATALOG:
    for _name in [_entry["name"], *_entry["aliases"]]:
        _BY_NAME.setdefault(_normalize(_name), _entry)


def lookup(name: str, *kinds: str) -> Dict[str, Any]:
    """The catalog entry for `name` (any spelling), of one of `kinds`."""
    if not isinstance(name, str):
        raise ArgumentTypeError(f"name: expected str, got {type(name).__name__}")
    entry = _BY_NAME.get(_normalize(name))
    if entry is None or (kinds and entry["kind"] not in kinds):
        raise ParameterError(f"unsupported {'/'.join(kinds) or 'algorithm'}: {name!r}")
    return entry


def by_id(algorithm_id: int) -> Dict[str, Any]:
    return next(e for e in CATALOG if e["id"] == algorithm_id)


def call(op: str, entry: Optional[Dict[str, Any]], inputs: list, nums: list, out_len: int) -> bytes:
    """Runs one operation of the saline-ops table."""
    return _native.call(OP[op], entry["id"] if entry else 0, inputs, nums, out_len)


def call_into(op: str, entry: Optional[Dict[str, Any]], inputs: list, nums: list, out: Any) -> int:
    return _native.call_into(OP[op], entry["id"] if entry else 0, inputs, nums, out)


def nbytes(value: Any, what: str) -> int:
    """The length of a bytes-like `value`; TypeError naming `what` otherwise."""
    if isinstance(value, (bytes, bytearray)):
        return len(value)
    if isinstance(value, str):
        raise ArgumentTypeError(f"{what}: expected a bytes-like object, got str (encode it first, for example with .encode())")
    try:
        return memoryview(value).nbytes
    except TypeError:
        raise ArgumentTypeError(f"{what}: expected a bytes-like object, got {type(value).__name__}") from None


def check_size(value: Any, what: str, rule: Optional[Dict[str, Any]]) -> int:
    """Checks a length against a catalog rule, with the core's message
    ("key: expected 32 bytes, got 31")."""
    n = nbytes(value, what)
    if rule is None:
        return n
    if "exactly" in rule:
        ok, expected = n == rule["exactly"], f"{rule['exactly']} bytes"
    elif "oneOf" in rule:
        sizes = rule["oneOf"]
        ok = n in sizes
        expected = (", ".join(map(str, sizes[:-1])) + " or " + str(sizes[-1]) if len(sizes) > 1 else str(sizes[0])) + " bytes"
    else:
        lo, hi = rule.get("min", 0), rule.get("max")
        ok = n >= lo and (hi is None or n <= hi)
        expected = f"{lo} to {hi} bytes" if hi is not None else f"at least {lo} bytes"
    if not ok:
        raise ParameterError(f"{what}: expected {expected}, got {n}")
    return n


def check_int(value: Any, what: str, lo: int, hi: Optional[int] = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ArgumentTypeError(f"{what}: expected int, got {type(value).__name__}")
    if value < lo or (hi is not None and value > hi):
        bound = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
        raise ParameterError(f"{what}: expected an integer {bound}, got {value}")
    return value


def random_bytes(n: int) -> bytes:
    return call("RandomBytes", None, [], [], n)


NAN = _NAN

__all__ = ["AlreadyFinalized", "ArgumentTypeError", "InvalidSignature", "InvalidTag", "ParameterError", "OP", "CATALOG", "lookup", "call", "call_into", "check_size", "check_int", "nbytes", "random_bytes", "NAN"]
