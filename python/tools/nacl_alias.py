"""Makes ``import nacl...`` load ``saline.nacl...``, for running PyNaCl's own
test suite against saline.nacl (tools/run_pynacl_suite.py copies this next
to the extracted tests as conftest.py).

Every submodule of saline.nacl is registered in ``sys.modules`` under its
``nacl.`` name, so ``nacl.secret is saline.nacl.secret``. ``nacl._sodium``
answers only the two libsodium internals the suite touches:
``lib.crypto_aead_aes256gcm_is_available()`` and ``ffi.buffer(statebuf)``.
"""

import importlib
import pkgutil
import sys
import types

import saline.nacl


def _register() -> None:
    sys.modules["nacl"] = saline.nacl
    for info in pkgutil.walk_packages(saline.nacl.__path__, "saline.nacl."):
        module = importlib.import_module(info.name)
        sys.modules["nacl." + info.name[len("saline.nacl."):]] = module

    sodium = types.ModuleType("nacl._sodium")
    # Saline's AES-GCM runs on every CPU (a constant-time software fallback
    # where AES instructions are missing), unlike libsodium's.
    sodium.lib = types.SimpleNamespace(crypto_aead_aes256gcm_is_available=lambda: 1)
    sodium.ffi = types.SimpleNamespace(buffer=lambda buf, size=None: memoryview(buf) if size is None else memoryview(buf)[:size])
    sys.modules["nacl._sodium"] = sodium
    saline.nacl._sodium = sodium


_register()
