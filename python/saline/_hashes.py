"""hashlib-shaped hash objects over the catalog's hashes and XOFs, and a
BLAKE3 object shaped like the `blake3` package."""

from __future__ import annotations

from typing import Any, Callable, Dict

from . import _native
from ._core import CATALOG, ArgumentTypeError, ParameterError, check_size, lookup, nbytes

# hashlib spells a few names differently from the catalog; every other
# catalog name maps by replacing '-' with '_' ("sha3-256" -> "sha3_256").
_HASHLIB_NAMES = {"shake128": "shake_128", "shake256": "shake_256"}


def _python_name(entry: Dict[str, Any]) -> str:
    return _HASHLIB_NAMES.get(entry["name"], entry["name"].replace("-", "_"))


_HASH_ENTRIES = [e for e in CATALOG if e["kind"] in ("hash", "xof") and e["name"] != "blake3"]
_ENTRY_BY_PYTHON_NAME = {_python_name(e): e for e in _HASH_ENTRIES}


def _optional(value: Any, what: str) -> Any:
    """hashlib's empty-bytes default means "not given"."""
    if value is None:
        return None
    return value if nbytes(value, what) else None


# hashlib's hash objects are the extension's Stream, which carries name,
# digest_size and block_size; the constructors below bind the catalog id.
_Hash = _native.Stream


def _new(name: str, data: Any = b"", **params: Any) -> _Hash:
    """hashlib.new's general case, behind the extension's fast path (new,
    below): parameters, and spellings other than the common ones."""
    if _normalize_eq(name, "blake3"):
        return blake3(data, **params)  # type: ignore[return-value]
    entry = lookup(name, "hash", "xof")
    maker = _CONSTRUCTORS.get(_python_name(entry))
    return maker(data, **params)


def _normalize_eq(a: str, b: str) -> bool:
    return isinstance(a, str) and a.lower().replace("-", "").replace("_", "") == b


def _fixed(entry: Dict[str, Any]) -> Callable[..., _Hash]:
    # An extension object, not a Python function: a one-shot digest is two
    # calls into Rust and no Python frame (measured on the shared 2-core
    # machine, one-shot SHA-256 of 32 bytes: 3.6 µs through a Python wrapper
    # class, 0.49 µs through functools.partial with a keyword argument, 0.27
    # µs this way; hashlib 0.19 µs).
    return _native.HashConstructor(entry["id"], _python_name(entry))


_TREE_DEFAULTS = {"fanout": 1, "depth": 1, "leaf_size": 0, "node_offset": 0, "node_depth": 0, "inner_size": 0, "last_node": False}


def _blake2(entry: Dict[str, Any]) -> Callable[..., _Hash]:
    plain = _fixed(entry)

    def constructor(data: Any = b"", *, digest_size: int = entry["outputLength"], key: Any = b"", salt: Any = b"", person: Any = b"", usedforsecurity: bool = True, **tree: Any) -> _Hash:
        if not (key or salt or person or tree) and digest_size == entry["outputLength"]:
            # The plain digest: no checks to make (measured, 32 bytes: 3.9 µs
            # through the checks, 1.5 µs this way; hashlib 0.3 µs).
            return plain(data)
        for option, value in tree.items():
            if option not in _TREE_DEFAULTS:
                raise ArgumentTypeError(f"{entry['name']}() got an unexpected keyword argument {option!r}")
            if value != _TREE_DEFAULTS[option]:
                raise ParameterError(f"{option}: tree hashing is not supported; expected {_TREE_DEFAULTS[option]!r}, got {value!r}")
        if not isinstance(digest_size, int) or not 1 <= digest_size <= entry["maxOutputLength"]:
            raise ParameterError(f"digest_size: expected 1 to {entry['maxOutputLength']}, got {digest_size!r}")
        check_size(key, "key", entry["key"])
        inputs = [_optional(key, "key"), _optional(salt, "salt"), _optional(person, "person")]
        return _native.Stream(entry["id"], data, inputs, [digest_size], name=entry["name"])

    constructor.__name__ = constructor.__qualname__ = entry["name"]
    constructor.__doc__ = f"hashlib.{entry['name']}(data, *, digest_size, key, salt, person)."
    # A call without parameters never enters Python: the extension object
    # serves it and hands calls with parameters to `constructor`.
    return _native.HashConstructor(entry["id"], _python_name(entry), constructor)


_CONSTRUCTORS: Dict[str, Callable[..., _Hash]] = {
    _python_name(e): (_blake2(e) if e["name"] in ("blake2b", "blake2s") else _fixed(e)) for e in _HASH_ENTRIES
}


# BLAKE3 shaped like the `blake3` package: blake3(data, *, key=None,
# derive_key_context=None, max_threads=1); digest(length=32). A class of the
# extension, checks included, so that a one-shot digest runs no Python frame.
blake3 = _native.blake3


# The spellings hashlib and the catalog use for each hash (as given, upper
# case and lower case), to its catalog entry: new()'s fast path and
# hmac.digest's; any other spelling takes the catalog lookup.
_SPELLINGS: Dict[str, Dict[str, Any]] = {}
for _entry in _HASH_ENTRIES:
    for _spelling in [_python_name(_entry), _entry["name"], *_entry["aliases"]]:
        for _form in (_spelling, _spelling.upper(), _spelling.lower()):
            _SPELLINGS.setdefault(_form, _entry)

# new() without parameters: the constructor, which for BLAKE2 is the plain
# one (no Python frame).
_PLAIN: Dict[str, Callable[..., Any]] = {
    spelling: (_fixed(entry) if entry["name"] in ("blake2b", "blake2s") else _CONSTRUCTORS[_python_name(entry)]) for spelling, entry in _SPELLINGS.items()
}
_PLAIN.update(blake3=blake3, BLAKE3=blake3)

# hashlib.new: any catalog hash by name ("sha256", "sha3_256", "SHA-512/256",
# "blake2b", ...), with blake2b/blake2s parameters. A common spelling without
# parameters is one dict lookup in Rust (measured in CPU time, one-shot
# SHA-256 of 32 bytes: 1.51 µs through the catalog lookup in _new, whose name
# normalisation dominates, 0.32 µs this way; hashlib.new 0.40 µs).
new = _native.HashNew(_PLAIN, _new)

algorithms_available = frozenset([*_CONSTRUCTORS, "blake3"])
algorithms_guaranteed = algorithms_available
