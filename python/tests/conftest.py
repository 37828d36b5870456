import json
import pathlib

import pytest

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "vectors"


def vector_cases(kind: str, pattern: str = "*.json"):
    """Every case of vectors/<kind>/<pattern> as pytest params (id: file:case)."""
    params = []
    for path in sorted((VECTORS / kind).glob(pattern)):
        document = json.loads(path.read_text())
        for case in document["cases"]:
            algorithm = case.get("algorithm", document["algorithm"])
            marks = [pytest.mark.slow] if case.get("slow") else []
            params.append(pytest.param(algorithm, case, id=f"{path.stem}:{case['id']}", marks=marks))
    return params


def h(field: str) -> bytes:
    return bytes.fromhex(field)


def pytest_collection_modifyitems(config, items):
    # Vectors marked slow (PBKDF2 with 2^24 iterations, scrypt with N = 2^20)
    # run with SALINE_SLOW_VECTORS=1, as in the Rust suite.
    import os

    if os.environ.get("SALINE_SLOW_VECTORS") == "1":
        return
    skip = pytest.mark.skip(reason="slow vector (set SALINE_SLOW_VECTORS=1)")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: an expensive known-answer case")
