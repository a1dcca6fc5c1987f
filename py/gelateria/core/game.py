"""The Game protocol every game implements, and the registry of games.

A game is one module-level object with the verbs below. States are opaque to
everyone but the game; moves are small JSON-able values (dicts of str/int/list);
players are seat numbers 0..n-1. `apply` never mutates the state it is given.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Protocol, runtime_checkable

Move = Any  # JSON-able: dict / list / str / int
State = Any


class IllegalMove(ValueError):
    """Raised by Game.apply for a move the rules do not allow. The message is
    written for a player ("That cell does not touch any tile")."""


@runtime_checkable
class Game(Protocol):
    id: str  # url-safe short name: "gelati", "genial", "gelatinous", "itsmine"
    title: str  # shown to players: "Genial Spezial"
    min_players: int
    max_players: int

    def new(self, players: int, seed: int, options: dict | None = None) -> State: ...
    def to_act(self, state: State) -> list[int]: ...
    def legal_moves(self, state: State, player: int) -> list[Move]: ...
    def apply(self, state: State, player: int, move: Move) -> State: ...
    def is_over(self, state: State) -> bool: ...
    def scores(self, state: State) -> list[float]: ...
    def winners(self, state: State) -> list[int]: ...
    def view(self, state: State, player: int | None) -> dict: ...


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Games call this at import time (in their package __init__)."""
    _REGISTRY[game.id] = game
    return game


def _discover() -> None:
    # Every sub-package of gelateria.games registers itself when imported, so adding a
    # game never means editing a shared list.
    from gelateria import games

    for info in pkgutil.iter_modules(games.__path__):
        if info.ispkg:
            importlib.import_module(f"gelateria.games.{info.name}")


def all_games() -> dict[str, Game]:
    _discover()  # cheap after the first time: imported packages are cached
    return dict(_REGISTRY)


def get_game(game_id: str) -> Game:
    games = _REGISTRY if game_id in _REGISTRY else all_games()
    if game_id not in games:
        known = ", ".join(sorted(games)) or "none"
        raise KeyError(f"No game called {game_id!r} (known: {known})")
    return games[game_id]
