"""It's Mine!'s screen, registered once (web/views/contract.py): the box reads everything it
shows of the game from here (its card, its table, its guided game); the table's own
code is imported only when the table opens."""

from __future__ import annotations

from gelateria.core.i18n import _
from gelateria.web.markup import Markup, svg
from gelateria.web.art import card_picture
from gelateria.web.views.contract import ScreenSpec, register_screen


def picture() -> Markup:
    colours = ["#f49ac1", "#8fd3b6", "#fff1c9", "#c9a0ff"]
    parts = []
    for i, colour in enumerate(colours):
        x = 24 + i * 16
        parts.append(svg("rect", x=x, y=14 + i * 3, width=34, height=48, rx=4, fill="#fffdf8", stroke="#9a7b5f",
                         stroke_width=1.5, transform=f"rotate({-12 + i * 8} {x + 17} {62})"))
        parts.append(svg("circle", cx=x + 17, cy=30 + i * 3, r=8, fill=colour, stroke="#5b3b2b", stroke_width=1,
                         transform=f"rotate({-12 + i * 8} {x + 17} {62})"))
    parts.append(svg("path", d="M92 66 C92 60 100 58 102 64 C104 58 112 60 112 66 C112 72 102 78 102 80 C102 78 92 72 92 66 Z",
                     fill="#e63b5a", stroke="#8f1d2e", stroke_width=1.5))
    return card_picture(*parts, label=_("Fanned ice-cream cards and a heart token"))


def view():
    from gelateria.web.views.itsmine import ItsMineView  # (the table's code: imported when it opens)

    return ItsMineView()


register_screen(ScreenSpec("itsmine", view=view, picture=picture))
