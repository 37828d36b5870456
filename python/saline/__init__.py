"""Saline for Python: one cryptography catalog behind the APIs Python users
already know.

- hashlib shape: ``saline.new(name, data, **params)``, ``saline.sha256``,
  ``saline.blake2b(data, digest_size=, key=, salt=, person=)``, ...,
  ``saline.algorithms_available``; ``saline.blake3`` shaped like the
  ``blake3`` package.
- ``saline.hmac`` (hmac), ``saline.aead`` (pyca AEADs), ``saline.poly1305``
  (pyca's Poly1305), ``saline.kdf``,
  ``saline.argon2`` (argon2-cffi), ``saline.bcrypt`` (bcrypt) and
  ``saline.nacl`` (PyNaCl).

>>> import saline
>>> saline.sha256(b"abc").hexdigest()[:16]
'ba7816bf8f01cfea'
>>> saline.new("sha3_256", b"").digest_size
32
"""

from ._core import AlreadyFinalized, ArgumentTypeError, InvalidSignature, InvalidTag, ParameterError
from ._native import RandomSourceError
from ._hashes import _CONSTRUCTORS, algorithms_available, algorithms_guaranteed, blake3, new

globals().update(_CONSTRUCTORS)

__all__ = ["new", "blake3", "algorithms_available", "algorithms_guaranteed", "InvalidTag", "InvalidSignature", "AlreadyFinalized", "ParameterError", "ArgumentTypeError", "RandomSourceError", *sorted(_CONSTRUCTORS)]
__version__ = "0.1.0"
