"""Small SVG pictures for the home screen cards (plain Python, no browser)."""

from __future__ import annotations

from gelateria.core import hexgrid
from gelateria.core.i18n import _
from gelateria.web.markup import Markup, join, points, svg


def _picture(*children, view_box: str = "0 0 120 90", label: str) -> Markup:
    return svg("svg", *children, viewBox=view_box, role="img", aria_label=label, class_="card-art")


def gelati() -> Markup:
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
    return _picture(*parts, label=_("Hexagonal ice-cream tiles"))


def genial() -> Markup:
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
    return _picture(*parts, label=_("Double-hex tiles and a tower"))


def _die(x: float, y: float, size: float, pips: int, fill: str = "#e9fbe9") -> Markup:
    spots = {1: [(0.5, 0.5)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
             6: [(0.28, 0.22), (0.28, 0.5), (0.28, 0.78), (0.72, 0.22), (0.72, 0.5), (0.72, 0.78)]}[pips]
    return join(
        svg("rect", x=x, y=y, width=size, height=size, rx=size * 0.18, fill=fill, stroke="#2f7d4a", stroke_width=1.5),
        *[svg("circle", cx=round(x + sx * size, 1), cy=round(y + sy * size, 1), r=round(size * 0.09, 1), fill="#234") for sx, sy in spots],
    )


def gelatinous() -> Markup:
    parts = [_die(34 + (i % 2) * 20, 18 + (i // 2) * 20, 19, 3) for i in range(4)]
    parts += [_die(10, 56, 18, 1, "#fff"), _die(88, 54, 18, 6, "#fff")]
    return _picture(*parts, label=_("Dice stacking into a cube"))


def itsmine() -> Markup:
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
    return _picture(*parts, label=_("Fanned ice-cream cards and a heart token"))


PICTURES = {"gelati": gelati, "genial": genial, "gelatinous": gelatinous, "itsmine": itsmine}


def picture(game_id: str) -> Markup:
    """A game's card picture; a game that has none yet gets a plain cup."""
    draw = PICTURES.get(game_id)
    if draw is not None:
        return draw()
    return _picture(svg("circle", cx=60, cy=45, r=28, fill="#f3e1ea"), label=_("A game"))
