"""Which screen an address opens: the home screen, a game's rules, or its table.

A game's table is the shared table (web/table.py) holding the game's registered view
(web/views/contract.py: register_screen).
"""

from __future__ import annotations

from gelateria.web.catalog import entry
from gelateria.web.join import JoinScreen, ReplyScreen
from gelateria.web.screens import ComingSoonScreen, HomeScreen, NotFoundScreen, RulesScreen, Screen
from gelateria.web.table import Table
from gelateria.web.views.contract import registered_screen


LIVE_SCREENS = {"join": JoinScreen, "reply": ReplyScreen}  # a live table's codes (web/live.py: JOIN_ROUTE, REPLY_ROUTE)


def table_for(app, game_id: str, rest: list[str] | None = None) -> Screen | None:
    """The game's table, opened at `rest` (None while the game has no screen)."""
    spec = registered_screen(game_id)
    return Table(app, rest or [], spec.view()) if spec is not None else None


def screen_for(app, path: str) -> Screen:
    """Route a fragment path ("/", "/gelati", "/gelati/rules", "/gelati/…") to a screen."""
    parts = [p for p in path.strip().split("/") if p]
    if not parts:
        return HomeScreen(app)
    game_id, rest = parts[0], parts[1:]
    if game_id in LIVE_SCREENS and len(rest) == 1:
        return LIVE_SCREENS[game_id](app, rest[0])
    if entry(game_id) is None:
        return NotFoundScreen(app, path)
    if rest == ["rules"]:
        return RulesScreen(app, game_id)
    table = table_for(app, game_id, rest)
    if table is None:
        return ComingSoonScreen(app, game_id) if not rest else NotFoundScreen(app, path)
    return table
