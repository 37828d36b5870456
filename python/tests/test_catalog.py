"""The catalog's group and utility kinds as the Python package reads them
(saline._core): libsodium's constants, and each listed operation callable
through the generic call with its entry."""

from saline import _core


def test_group_and_utility_entries_list_their_operations():
    for name, kind in [("edwards25519", "group"), ("ristretto255", "group"), ("sodium-utils", "utility"), ("randombytes-deterministic", "utility")]:
        entry = _core.lookup(name, kind)
        assert entry["operations"], name
        for operation in entry["operations"]:
            assert operation["op"] in _core.OP.values(), operation["function"]
    # libsodium's names find the entries.
    assert _core.lookup("crypto_core_ristretto255", "group")["name"] == "ristretto255"
    assert _core.lookup("crypto_scalarmult_ed25519", "group")["constants"]["NONREDUCEDSCALARBYTES"] == 64
    assert _core.lookup("randombytes_buf_deterministic", "utility")["constants"] == {"SEEDBYTES": 32}
    assert all(not e["operations"] for e in _core.CATALOG if e["kind"] not in ("group", "utility"))


def test_a_group_operation_through_the_generic_call():
    entry = _core.lookup("ristretto255", "group")
    by_name = {o["name"]: o for o in entry["operations"]}
    one = bytes([1]) + bytes(31)
    add = by_name["scalar_add"]
    two = _core._native.call(add["op"], entry["id"], [one, one], add["nums"], 32)
    assert two == bytes([2]) + bytes(31)
    base = by_name["scalarmult_base"]
    generator = _core._native.call(base["op"], entry["id"], [one], base["nums"], 32)
    # RFC 9496 §A.1: the encoding of the generator.
    assert generator.hex() == "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"
