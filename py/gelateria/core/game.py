"""The Game protocol every game implements, and the registry of games.

A game is one module-level object with the verbs below. States are opaque to
everyone but the game; moves are small JSON-able values (dicts of str/int/list);
players are seat numbers 0..n-1. `apply` never mutates the state it is given.
"""

from __future__ import annotations

import importlib
import json
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


def is_seat_number(player: object) -> bool:
    return isinstance(player, int) and not isinstance(player, bool)


def strict_key(move: Move) -> str | None:
    """A move as exact JSON text: equal only for the same types and values (None:
    not a JSON value at all)."""
    try:
        return json.dumps(move, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None


class Rules:
    """The base of every game's rules object: one definition of a legal move.

    A game writes `advance(state, player, move)`, which plays a move it is given and
    raises IllegalMove, in a player's words, for the moves it can tell are wrong.
    `apply` is the contract everyone else uses: it accepts exactly the moves
    `legal_moves` lists for that position (a bool is not a number, an extra key is not
    ignored, [2, 0] is not [0, 2] unless the game's `canonical` says they are the same
    move) and refuses every other value with IllegalMove, leaving the state as it was.
    Search play-outs that only ever pick from `legal_moves` may call `advance` directly.
    """

    title = ""
    options: dict[str, tuple] = {}  # option name -> the values this version knows
    max_moves = 2_000  # a record with more moves is refused before it is replayed

    def advance(self, state: State, player: int, move: Move) -> State:
        raise NotImplementedError

    def canonical(self, move: Move) -> Move:
        """The listed spelling of a move that can be written several ways."""
        return move

    def listed_forms(self, state: State, player: int, move: Move = None) -> list[Move]:
        """The listed moves that could be `move` (a canonical spelling), in that
        form: all of legal_moves unless a game can narrow them down cheaply."""
        return self.legal_moves(state, player)

    def is_listed(self, state: State, player: int, move: Move) -> bool:
        move = self.canonical(move)
        key = strict_key(move)
        # `==` finds the candidate fast; the strict key then tells True from 1 and 1.0.
        return key is not None and any(m == move and strict_key(m) == key for m in self.listed_forms(state, player, move))

    def apply(self, state: State, player: int, move: Move) -> State:
        if not is_seat_number(player) or not self.is_listed(state, player, move):
            raise IllegalMove(self.refusal(state, player, move))
        return self.advance(state, player, move)

    def refusal(self, state: State, player: int, move: Move) -> str:
        """The rules' own words for a move that is not listed, or a plain sentence."""
        if is_seat_number(player):
            try:
                self.advance(state, player, move)
            except IllegalMove as exc:
                return str(exc)
            except Exception:  # a value of the wrong shape: the sentence below says it
                pass
        return f"That is not a move of {self.title} in this position."


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
