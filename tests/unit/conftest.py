"""The unit suite registers one game of its own, Dice Race (tests/unit/race_game), as
any game registers itself: no shared file names it."""

import race_game  # noqa: F401  (registers the game)
