"""What the home screen says about each game, derived from the registered games'
declared types (core.game.GameType): adding a game never edits a list here.

An entry keeps the games' own English (marked N_ where each game declares it) and
says it in the language shown each time it is read: the language can change at any
moment, so no translated word is ever kept here.
"""

from __future__ import annotations

from dataclasses import dataclass

from gelateria.core.game import Game, all_games, find_game
from gelateria.core.i18n import _, ngettext


@dataclass(frozen=True)
class Entry:
    id: str
    name: str  # the game's title in English, as declared (a msgid)
    min_players: int
    max_players: int
    minutes_text: str  # "30 min", as declared (a msgid)
    pitch_text: str
    accent: str  # CSS colour of the card

    @property
    def title(self) -> str:
        return _(self.name)

    @property
    def players(self) -> str:
        if self.min_players == self.max_players:
            return ngettext("{count} player", "{count} players", self.max_players).format(count=self.max_players)
        return _("{low}–{high} players").format(low=self.min_players, high=self.max_players)

    @property
    def minutes(self) -> str:
        """(A number never parts from its unit at a line's end: "30 min" keeps together.)"""
        return _(self.minutes_text).replace(" ", "\u00a0") if self.minutes_text else ""

    @property
    def pitch(self) -> str:
        return _(self.pitch_text) if self.pitch_text else ""


_ENTRIES: dict[str, Entry] = {}  # game id -> entry, made once per registered game (language-free)


def _entry_of(game: Game) -> Entry:
    if game.id not in _ENTRIES:
        _ENTRIES[game.id] = Entry(game.id, game.title, game.min_players, game.max_players,
                                  game.type.minutes, game.type.pitch, game.type.accent)
    return _ENTRIES[game.id]


def catalog() -> list[Entry]:
    """Every game in the box, in the order the home screen shows them."""
    return [_entry_of(game) for game in sorted(all_games().values(), key=lambda game: game.type.order)]


def entry(game_id: str) -> Entry | None:
    """(Only that game's rules are loaded for it: core.game.find_game.)"""
    game = find_game(game_id)
    return _entry_of(game) if game is not None else None
