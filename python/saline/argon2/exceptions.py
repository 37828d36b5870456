"""argon2-cffi's exception hierarchy (argon2.exceptions)."""


class Argon2Error(Exception):
    """The base of every error here."""


class VerificationError(Argon2Error):
    """Verification failed."""


class VerifyMismatchError(VerificationError):
    """The password does not match the hash."""


class HashingError(Argon2Error):
    """Hashing failed."""


class InvalidHashError(ValueError):
    """The hash is malformed, or names costs above the verify ceilings."""


InvalidHash = InvalidHashError
"""Deprecated alias, as in argon2-cffi."""


class UnsupportedParametersError(ValueError):
    """The parameters are not supported."""


__all__ = ["Argon2Error", "VerificationError", "VerifyMismatchError", "HashingError", "InvalidHashError", "InvalidHash", "UnsupportedParametersError"]
