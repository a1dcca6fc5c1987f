"""Bots that work on any game.

A bot sees only what its seat may know: `choose(view, legal, rng)` gets the game's
`view(state, seat)` and the seat's legal moves, and returns one of those moves.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from gelateria.core.i18n import N_
from gelateria.core.rng import Rng


class Bot(Protocol):
    name: str

    def choose(self, view: dict, legal: list, rng: Rng): ...


@dataclass(frozen=True)
class BotLevel:
    """One level of bot: how to make it, and how the new-game panel calls it (a level
    with no label, like "random", is for the command line and tests only)."""

    factory: Callable[[], Any]
    label: str = ""
    help: str = ""


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: dict, legal: list, rng: Rng):
        return rng.choice(legal)


def three_levels(easy: Callable[[], Bot], normal: Callable[[], Bot], search_module: str) -> dict:
    """The bot levels of a game with choices to make: a careless heuristic, the
    heuristic, and the game's search bot (a BotLevel each, as the panel calls them)."""
    return {
        "easy": BotLevel(easy, N_("Easy bot"), N_("makes careless moves")),
        "normal": BotLevel(normal, N_("Bot"), N_("plays the best move it sees at a glance")),
        "hard": BotLevel(searching(search_module), N_("Hard bot"), N_("looks ahead, up to a second a move")),
    }


def searching(module: str) -> Callable[[], Bot]:
    """A bot factory for a game's search bot, `module.hard_bot()`, imported on first
    use so the heuristic levels never pay for loading the search code."""

    def make() -> Bot:
        return importlib.import_module(module).hard_bot()

    return make
