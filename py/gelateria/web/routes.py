"""Which screen an address opens: the home screen, a game's rules, or its table.

A game's table is the shared table holding the game's registered view
(web/views/contract.py: register_screen), or, for a game whose view has not moved to
that contract yet, the screen its module makes (`screen(app, rest)`).
"""

from __future__ import annotations

from gelateria.web.catalog import entry
from gelateria.web.hosted import HostedTable
from gelateria.web.screens import ComingSoonScreen, HomeScreen, NotFoundScreen, RulesScreen, Screen, game_view_module
from gelateria.web.views.contract import registered_screen


def table_for(app, game_id: str, rest: list[str] | None = None) -> Screen | None:
    """The game's table, opened at `rest` (None while the game has no screen)."""
    module = game_view_module(game_id)  # (importing it registers its screen)
    spec = registered_screen(game_id)
    if spec is not None and spec.view is not None:
        return HostedTable(app, rest or [], spec.view())
    return module.screen(app, rest) if module is not None else None


def screen_for(app, path: str) -> Screen:
    """Route a fragment path ("/", "/gelati", "/gelati/rules", "/gelati/…") to a screen."""
    parts = [p for p in path.strip().split("/") if p]
    if not parts:
        return HomeScreen(app)
    game_id, rest = parts[0], parts[1:]
    if entry(game_id) is None:
        return NotFoundScreen(app, path)
    if rest == ["rules"]:
        return RulesScreen(app, game_id)
    table = table_for(app, game_id, rest)
    if table is None:
        return ComingSoonScreen(app, game_id) if not rest else NotFoundScreen(app, path)
    return table
