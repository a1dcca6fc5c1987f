"""Gelatinous's screen, registered once (web/views/contract.py): the box reads everything it
shows of the game from here (its card, its table, its guided game); the table's own
code is imported only when the table opens."""

from __future__ import annotations

from gelateria.core.i18n import _
from gelateria.web.markup import Markup, join, svg
from gelateria.web.art import card_picture
from gelateria.web.views.contract import ScreenSpec, register_screen


def die(x: float, y: float, size: float, pips: int, fill: str = "#e9fbe9") -> Markup:
    spots = {1: [(0.5, 0.5)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
             6: [(0.28, 0.22), (0.28, 0.5), (0.28, 0.78), (0.72, 0.22), (0.72, 0.5), (0.72, 0.78)]}[pips]
    return join(
        svg("rect", x=x, y=y, width=size, height=size, rx=size * 0.18, fill=fill, stroke="#2f7d4a", stroke_width=1.5),
        *[svg("circle", cx=round(x + sx * size, 1), cy=round(y + sy * size, 1), r=round(size * 0.09, 1), fill="#234") for sx, sy in spots],
    )


def picture() -> Markup:
    parts = [die(34 + (i % 2) * 20, 18 + (i // 2) * 20, 19, 3) for i in range(4)]
    parts += [die(10, 56, 18, 1, "#fff"), die(88, 54, 18, 6, "#fff")]
    return card_picture(*parts, label=_("Dice stacking into a cube"))


def view():
    from gelateria.web.views.gelatinous import GelatinousView  # (the table's code: imported when it opens)

    return GelatinousView()


register_screen(ScreenSpec("gelatinous", view=view, picture=picture,
                           pref_tables=("gelatinous_stats",)))  # solitaire games played and won here
