"""Genial Spezial's screen, registered once (web/views/contract.py): the box reads everything it
shows of the game from here (its card, its table, its guided game); the table's own
code is imported only when the table opens."""

from __future__ import annotations

from gelateria.core.i18n import _
from gelateria.core import hexgrid
from gelateria.web.markup import Markup, points, svg
from gelateria.web.art import card_picture
from gelateria.web.views.contract import ScreenSpec, register_screen


def picture() -> Markup:
    colours = ["#f28c28", "#3aa35b", "#2f7fd1", "#8a4fc0"]
    parts = []
    tiles = [((0, 0), (1, 0), 0), ((0, 1), (0, 2), 1), ((2, 0), (2, 1), 2), ((-1, 1), (-1, 2), 3)]
    for a, b, c in tiles:
        for cell in (a, b):
            parts.append(svg("polygon", points=points(hexgrid.corners(cell, 12)), transform="translate(48 26)",
                             fill=colours[c], stroke="#ffffff", stroke_width=1.5))
    tx, ty = hexgrid.to_pixel((1, 1), 12)
    parts.append(svg("rect", x=round(tx + 43, 1), y=round(ty + 8, 1), width=10, height=20, rx=2, fill="#d8d2c4", stroke="#6b6255"))
    parts.append(svg("circle", cx=round(tx + 48, 1), cy=round(ty + 8, 1), r=6, fill="#2f7fd1", stroke="#fff", stroke_width=1.5))
    return card_picture(*parts, label=_("Double-hex tiles and a tower"))


def view():
    from gelateria.web.views.genial import GenialView  # (the table's code: imported when it opens)

    return GenialView()


register_screen(ScreenSpec("genial", view=view, picture=picture,
                           guided_seed=7))  # a first tile joins two towers, a tall-tower bonus by the third
