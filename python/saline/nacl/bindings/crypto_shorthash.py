"""crypto_shorthash: SipHash-2-4 is not in the core yet (issue 11)."""

from saline.nacl.bindings._common import unavailable

BYTES = 8
KEYBYTES = 16
XBYTES = 16
XKEYBYTES = 16
crypto_shorthash_siphash24_BYTES = BYTES
crypto_shorthash_siphash24_KEYBYTES = KEYBYTES
crypto_shorthash_siphashx24_BYTES = XBYTES
crypto_shorthash_siphashx24_KEYBYTES = XKEYBYTES
has_crypto_shorthash_siphashx24 = False
crypto_shorthash_siphash24 = unavailable("crypto_shorthash_siphash24")
crypto_shorthash_siphashx24 = unavailable("crypto_shorthash_siphashx24")
