"""crypto_kx: libsodium's constants; the key exchange comes with the core's
kx (issue 11, the libsodium-parity work)."""

from saline.nacl.bindings._common import unavailable

crypto_kx_PUBLIC_KEY_BYTES = 32
crypto_kx_SECRET_KEY_BYTES = 32
crypto_kx_SEED_BYTES = 32
crypto_kx_SESSION_KEY_BYTES = 32

crypto_kx_keypair = unavailable("crypto_kx_keypair")
crypto_kx_seed_keypair = unavailable("crypto_kx_seed_keypair")
crypto_kx_client_session_keys = unavailable("crypto_kx_client_session_keys")
crypto_kx_server_session_keys = unavailable("crypto_kx_server_session_keys")
