"""The unit suite registers one game of its own, Dice Race (tests/unit/race_game), as
any game registers itself: no shared file names it."""

import race_game  # noqa: F401  (registers the game)


import pytest  # noqa: E402

from gelateria.core import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def english_after():
    """A test that switches language leaves the next one in English, as it found it."""
    yield
    i18n.set_language("en")
