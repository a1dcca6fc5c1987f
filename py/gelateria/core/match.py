"""Headless play: a bot in every seat, the game run to its end.

A thin driver of core.session, kept for the tests and scripts that want the final
state and the record. Each bot gets only its seat's view and legal moves, and its own
RNG derived from the game seed, so a run is fully determined by (game, seats, seed,
options).
"""

from __future__ import annotations

from typing import Callable

from gelateria.core.game import Game
from gelateria.core.session import play as play_session


def play(game: Game, levels: list[str], seed: int, options: dict | None = None,
         on_move: Callable[[int, object, object], None] | None = None):
    """Play one game with a bot in every seat. Returns (final state, record);
    `on_move(seat, move, state after)` is called after each move."""
    report = (lambda seat, move, before, after: on_move(seat, move, after)) if on_move else None
    session = play_session(game, levels, seed, options, report)
    return session.state, session.record
