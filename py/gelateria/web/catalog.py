"""What the home screen says about each game, derived from the registered games'
declared types (core.game.GameType): adding a game never edits a list here."""

from __future__ import annotations

from dataclasses import dataclass

from gelateria.core.game import all_games


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    players: str
    minutes: str
    pitch: str
    accent: str  # CSS colour of the card


_ENTRIES: dict[str, Entry] = {}  # game id -> entry, made once per registered game


def catalog() -> list[Entry]:
    """Every game in the box, in the order the home screen shows them."""
    games = sorted(all_games().values(), key=lambda game: game.type.order)
    for game in games:
        if game.id not in _ENTRIES:
            _ENTRIES[game.id] = Entry(game.id, game.title, f"{game.min_players}–{game.max_players} players",
                                      game.type.minutes, game.type.pitch, game.type.accent)
    return [_ENTRIES[game.id] for game in games]


def entry(game_id: str) -> Entry | None:
    return _ENTRIES.get(game_id) or next((e for e in catalog() if e.id == game_id), None)
