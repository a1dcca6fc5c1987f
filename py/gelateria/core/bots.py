"""Bots that work on any game.

A bot sees only what its seat may know: `choose(view, legal, rng)` gets the game's
`view(state, seat)` and the seat's legal moves, and returns one of those moves.
"""

from __future__ import annotations

from typing import Protocol

from gelateria.core.rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, view: dict, legal: list, rng: Rng): ...


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: dict, legal: list, rng: Rng):
        return rng.choice(legal)
