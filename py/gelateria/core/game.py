"""The Game protocol every game implements, its declared type, and the registry.

A game is one module-level object with the verbs below. States are opaque to
everyone but the game; moves are small JSON-able values (dicts of str/int/list);
players are seat numbers 0..n-1. `apply` never mutates the state it is given.

Everything the rest of the box needs to know about a game without reading its rules
is declared once, in its `GameType` (like OpenSpiel's GameType): whether information
is hidden (a hand-over screen between humans at one device), whether it is played in
turns or in real time (undo, how bots are driven), the score order, the options, the
bot levels with their labels, the seat limits and the home-screen entry. A game
package registers itself with `register(GAME, GameType(...))`; the catalog, the
page's stylesheets and the build's lists are all derived from the registry.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, runtime_checkable

from gelateria.core.bots import BotLevel, RandomBot  # noqa: F401 (BotLevel: declared with a GameType)
from gelateria.core.i18n import _

Move = Any  # JSON-able: dict / list / str / int
State = Any


class IllegalMove(ValueError):
    """Raised by Game.apply for a move the rules do not allow. The message is
    written for a player ("That cell does not touch any tile")."""


@runtime_checkable
class Game(Protocol):
    id: str  # url-safe short name: "gelati", "genial", "gelatinous", "itsmine"
    title: str  # shown to players as _(title): "Genial Spezial" (marked N_ by the game)
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
    def describe(self, state: State, player: int, move: Move) -> str: ...


PERFECT, HIDDEN = "perfect", "hidden"  # information
TURNS, REAL_TIME = "turns", "real_time"  # timing


@dataclass(frozen=True)
class Option:
    """A game option: the values this version knows (the first is the default) and
    how the new-game panel names them."""

    name: str
    values: tuple
    label: str = ""
    value_labels: tuple = ()
    default: Any = None  # None: the option is left out of the record unless chosen


@dataclass(frozen=True)
class GameType:
    information: str = PERFECT
    timing: str = TURNS
    undo: bool = True  # turn games only; False when chance is in the state (a re-roll would repeat)
    bots: dict = field(default_factory=dict)  # level -> BotLevel, in the order the panel offers them
    options: tuple = ()  # Option, ...
    lower_wins: Callable[[dict, int], bool] = lambda options, players: False  # the score order, given options and seats
    seats: Callable[[dict], tuple] | None = None  # (min, max) given the options; default the game's
    default_players: int = 2
    # The home screen's entry.
    order: int = 100  # position on the home screen
    minutes: str = ""
    pitch: str = ""
    # The log's first line in the game's own words (N_, with {seed} and {players}); "": "New game, deal …".
    opening: str = ""
    accent: str = "#cccccc"
    # Real-time games: `planner(game, bots, rngs)` makes the object that says what the
    # bots (or the clock) do next (core.session): `next(state, now)` -> Event | None,
    # `happened(seat, move, before, after)`, `refused(seat)`, `reset()`, `now(state)`
    # (the game's clock at a position), `timed(move, at)` (the move as made at time `at`),
    # `pace(ms)` (the page's bot speed) and `gap(before, after)` (a replay's step, ms).
    planner: Callable | None = None
    # How long the page pauses (ms) before an automatic step that is not a decision,
    # like the next round of a real-time game when nobody at the screen plays.
    pause_ms: int = 0
    # What a screen keeps of each past position (core.facts: the trail), from its public
    # view: e.g. the scores, to show whose score just changed. None: nothing.
    trail: Callable[[dict], dict] | None = None
    # A move played for a human without a click when, after their own move, it is all
    # they may still do (given their legal moves): e.g. ending the turn. None: none is.
    forced: Callable[[list], Any] | None = None
    # The move the game makes by itself for a seat, given its legal moves, in a game whose
    # moves are never decisions (Gelatinous: the caller's roll). Then a player may leave
    # their moves to the game (Auto: core.session's `automatic` seats), anyone at the
    # screen may call a bot's move, and a game come back to waits until it is set going
    # again. None: every move is a decision.
    auto_move: Callable[[list], Any] | None = None
    # A game whose one move rolls everyone's dice at once (Gelatinous: the caller's roll),
    # played at a live table as a roll call: each of these seats (given the public view)
    # taps Roll on its own phone, and the host makes the move once all have, or once a
    # countdown has run out for whoever is away (core/live.py). None: no roll call.
    roll_call: Callable[[dict], list] | None = None
    # Whether a seat's score means anything, from the public view (a player who never
    # finished has none). None: every seat's does.
    scored: Callable[[dict, int], bool] | None = None
    # How a seat's score reads, from the public view (view, seat, score). None: the number.
    score_text: Callable[[dict, int, float], str] | None = None
    # What stage of the game a position is in, from its public view (e.g. a round being
    # played, or scored): a table that saves a quick game only now and then saves at once
    # when the stage changes. None: the game has no stages.
    stage: Callable[[dict], Any] | None = None

    def levels(self) -> dict:
        """Every bot level, "random" included: every game can be played by random bots."""
        return {"random": BotLevel(RandomBot), **self.bots}

    def offered_levels(self) -> list[str]:
        return [level for level, bot in self.bots.items() if bot.label]

    def option_values(self) -> dict[str, tuple]:
        return {option.name: option.values for option in self.options}

    def higher_is_better(self, options: dict | None, players: int) -> bool:
        return not self.lower_wins(dict(options or {}), players)

    def can_undo(self) -> bool:
        return self.timing == TURNS and self.undo


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
    type: GameType = GameType()  # set by register()
    max_moves = 2_000  # a record with more moves is refused before it is replayed

    def advance(self, state: State, player: int, move: Move) -> State:
        raise NotImplementedError

    @property
    def options(self) -> dict[str, tuple]:
        """Option name -> the values this version knows (from the declared type)."""
        return self.type.option_values()

    def describe(self, state: State, player: int, move: Move) -> str:
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
        return _("That is not a move of {game} in this position.").format(game=_(self.title))


_REGISTRY: dict[str, Game] = {}


def register(game: Game, game_type: GameType | None = None) -> Game:
    """Games call this at import time (in their package __init__); the test suite may
    register a game of its own the same way."""
    if game_type is not None:
        game.type = game_type
    _REGISTRY[game.id] = game
    return game


def seat_limits(game: Game, options: dict | None) -> tuple[int, int]:
    """(fewest, most) seats the game can be played by with these options."""
    limits = game.type.seats
    return limits(dict(options or {})) if limits else (game.min_players, game.max_players)


def game_module(game: Game, name: str):
    """A game's optional module by name (e.g. "cli"), or None if it has none."""
    package = type(game).__module__.rpartition(".")[0]
    spec = importlib.util.find_spec(f"{package}.{name}") if package else None
    return importlib.import_module(f"{package}.{name}") if spec is not None else None


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


def find_game(game_id: str) -> Game | None:
    """The game of that id, or None. A game's own package (games/<id>/) is imported
    alone: a link to one game loads no other game's rules and bots; other ids look
    through them all."""
    if game_id not in _REGISTRY and game_id.isidentifier():
        from gelateria import games

        if any(info.ispkg and info.name == game_id for info in pkgutil.iter_modules(games.__path__)):
            importlib.import_module(f"gelateria.games.{game_id}")
    return _REGISTRY.get(game_id) or all_games().get(game_id)


def get_game(game_id: str) -> Game:
    game = find_game(game_id)
    if game is None:
        games = all_games()
        known = ", ".join(sorted(games)) or "-"
        raise KeyError(_("No game called {name} (known: {known})").format(name=repr(game_id), known=known))
    return game
