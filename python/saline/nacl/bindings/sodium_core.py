"""sodium_init: nothing to initialise (the core detects CPU features lazily)."""


def sodium_init() -> None:
    return None
