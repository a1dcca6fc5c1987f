"""Gelati's screen, registered once (web/views/contract.py): the box reads everything it
shows of the game from here (its card, its table, its guided game); the table's own
code is imported only when the table opens."""

from __future__ import annotations

from gelateria.core.i18n import _
from gelateria.core import hexgrid
from gelateria.web.markup import Markup, points, svg
from gelateria.web.art import card_picture
from gelateria.web.views.contract import ScreenSpec, register_screen


def picture() -> Markup:
    # A little cluster of hex tiles, each with a scoop in a cup.
    cells = [(0, 0), (1, 0), (0, 1), (-1, 1), (1, -1)]
    flavours = ["#f49ac1", "#7b4a2a", "#fff1c9", "#8fd3b6", "#f49ac1"]
    parts = []
    for cell, colour in zip(cells, flavours):
        x, y = hexgrid.to_pixel(cell, 17)
        x, y = x + 60, y + 40
        parts.append(svg("polygon", points=points(hexgrid.corners(cell, 16.5)), transform=f"translate(60 40)",
                         fill="#fff8ee", stroke="#e59bb4", stroke_width=2))
        parts.append(svg("path", d=f"M{x - 6:.1f} {y + 1:.1f} L{x:.1f} {y + 12:.1f} L{x + 6:.1f} {y + 1:.1f} Z",
                         fill="#e8b56d", stroke="#a8723a", stroke_width=1))
        parts.append(svg("circle", cx=round(x, 1), cy=round(y - 3, 1), r=6.5, fill=colour, stroke="#5b3b2b", stroke_width=1))
    return card_picture(*parts, label=_("Hexagonal ice-cream tiles"))


def view():
    from gelateria.web.views.gelati import GelatiView  # (the table's code: imported when it opens)

    return GelatiView()


register_screen(ScreenSpec("gelati", view=view, picture=picture,
                           guided_seed=63))  # following the hints shows every lesson and wins: tests/unit/test_gelati_guided.py
