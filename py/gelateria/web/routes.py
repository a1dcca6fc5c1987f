"""Which screen an address opens: the home screen, a game's rules, or its table.

A game's table is the shared table (web/table.py) holding the game's registered view
(web/views/contract.py: register_screen).
"""

from __future__ import annotations

from gelateria.web.catalog import entry
from gelateria.web.screens import ComingSoonScreen, HomeScreen, NotFoundScreen, RulesScreen, Screen
from gelateria.web.table import Table
from gelateria.web.views.contract import registered_screen


LIVE_ROUTES = ("join", "reply")  # a live table's codes (web/live.py: JOIN_ROUTE, REPLY_ROUTE)


def live_screen(app, route: str, code: str) -> Screen:
    """A live table's join or reply screen. Its code (the live table's) is imported only
    here: a link to a game starts without it."""
    from gelateria.web.join import JoinScreen, ReplyScreen

    return {"join": JoinScreen, "reply": ReplyScreen}[route](app, code)


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
    if game_id in LIVE_ROUTES and len(rest) == 1:
        return live_screen(app, game_id, rest[0])
    if entry(game_id) is None:
        return NotFoundScreen(app, path)
    if rest == ["rules"]:
        return RulesScreen(app, game_id)
    table = table_for(app, game_id, rest)
    if table is None:
        return ComingSoonScreen(app, game_id) if not rest else NotFoundScreen(app, path)
    return table
