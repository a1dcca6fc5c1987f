"""Headless play: seat bots, run a game to its end, report each move.

Used by the command line, the arena and tests. The bot for each seat gets only that
seat's view and legal moves, and its own RNG derived from the game seed, so a run is
fully determined by (game, seats, seed, options).
"""

from __future__ import annotations

from typing import Callable

from gelateria.core.bots import RandomBot
from gelateria.core.game import Game
from gelateria.core.record import Record, Seat
from gelateria.core.rng import Rng

MAX_STEPS = 100_000  # a guard against a rules bug looping forever


def bot_factories(game: Game) -> dict:
    """Every bot level this game offers, by name; every game has at least "random"."""
    factories = dict(getattr(game, "bots", {}))
    factories.setdefault("random", RandomBot)
    return factories


def make_bot(game: Game, level: str):
    factories = bot_factories(game)
    if level not in factories:
        raise KeyError(f"{game.title} has no bot level {level!r} (levels: {', '.join(sorted(factories))})")
    return factories[level]()


def play(
    game: Game,
    levels: list[str],
    seed: int,
    options: dict | None = None,
    on_move: Callable[[int, object, object], None] | None = None,
):
    """Play one game with a bot in every seat. Returns (final state, record)."""
    options = dict(options or {})
    bots = [make_bot(game, level) for level in levels]
    rngs = [Rng(seed).fork(1000 + i) for i in range(len(levels))]
    state = game.new(len(levels), seed, options)
    moves = []
    steps = 0
    while not game.is_over(state):
        acting = game.to_act(state)
        if not acting:
            raise RuntimeError(f"{game.title}: nobody to act in a game that is not over")
        player = acting[0]
        legal = game.legal_moves(state, player)
        move = bots[player].choose(game.view(state, player), legal, rngs[player])
        state = game.apply(state, player, move)
        moves.append([player, move])
        if on_move:
            on_move(player, move, state)
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{game.title}: no end after {MAX_STEPS} moves")
    seats = [Seat("bot", f"Bot {i + 1}", level) for i, level in enumerate(levels)]
    return state, Record(game.id, seats, seed, options, moves)
