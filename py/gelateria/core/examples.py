"""Worked examples for a game's rules page: real positions, played through the rules.

A game lists its examples as EXAMPLES in games/<id>/examples.py. Each is a position
built with the rules' own helpers, the seat to move, and the move the rulebook shows.
The rules page draws the position with the game's view (web/views/<id>_rules.py),
says what the move makes as the rules work it out, or the rules' own refusal, and
"Try it" opens the position as a practice game (never saved). tests/unit check every
example against the numbers the seed rulebooks print.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from gelateria.core.game import IllegalMove


@dataclass(frozen=True)
class Outcome:
    before: Any  # the example's position
    after: Any | None  # the position after the move (None: refused, or no move)
    refusal: str | None  # the rules' words when the move is not allowed


@dataclass(frozen=True)
class Example:
    id: str  # unique in its game, the last part of the address #/<game>/try/<id>
    section: str  # the English heading (help.RULES) of the section it illustrates
    title: str  # N_-marked
    caption: str  # N_-marked: what the rulebook says about it
    position: Callable[[], Any]  # a fresh rules State each call
    move: Any = None  # the example's move by `seat`; None: a position to look at and play on
    seat: int = 0

    def outcome(self, game) -> Outcome:
        before = self.position()
        if self.move is None:
            return Outcome(before, None, None)
        try:
            return Outcome(before, game.apply(before, self.seat, self.move), None)
        except IllegalMove as exc:
            return Outcome(before, None, str(exc))


def examples_of(game_id: str) -> list[Example]:
    """The game's worked examples ([] for a game without any)."""
    try:
        module = importlib.import_module(f"gelateria.games.{game_id}.examples")
    except ModuleNotFoundError as exc:
        if exc.name in (f"gelateria.games.{game_id}", f"gelateria.games.{game_id}.examples"):
            return []  # (a game registered from outside this package has none)
        raise
    return list(module.EXAMPLES)


def find_example(game_id: str, example_id: str) -> Example | None:
    return next((e for e in examples_of(game_id) if e.id == example_id), None)
