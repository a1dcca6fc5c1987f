"""Gelati pictures: the 12 ice-cream parts, the 64 tiles and the part tokens, drawn
once as SVG <defs> and reused everywhere with <use>.

Every part is told apart by shape as well as colour, so colour-blind players can
play:
- cups by silhouette: paper cup = tapered with vertical pleats, waffle cone = point-
  down triangle with crosshatch, blue cup = straight tumbler with horizontal bands,
  glass bowl = round coupe on a stem;
- flavours by scoop texture: strawberry = light seeds and a scalloped rim, chocolate =
  swirl lines, vanilla = plain with dark flecks, pistachio = angular nut chunks;
- toppings by shape: cookie = rectangular wafer, cherry = ball with stem, sprinkles =
  little bars, sauce = a cap with drips.

Coordinates: a tile is a flat-top hexagon of circumradius 50 centred on (0, 0), so its
box is 100 x 86.6; the ice cream stands in the middle (cup at the bottom, topping on
top). Ids: #gpart-N (a part, in tile coordinates), #gi-T (the ice cream of tile T),
#gt-T (the tile: hexagon + ice cream), #gk-N (a part token, framed to fit a chip).
"""

from __future__ import annotations

import math

from gelateria.games.gelati.rules import N_PARTS, N_TILES, TILE_PARTS
from gelateria.web.markup import Markup, join, points, svg

R = 50.0  # tile circumradius in board units
HALF_H = R * math.sqrt(3) / 2  # 43.3
TILE_BOX = (-R, -HALF_H, 2 * R, 2 * HALF_H)
INK = "#4a3326"


def hex_points(radius: float, cx: float = 0.0, cy: float = 0.0) -> str:
    return points((cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
                  for i in range(6))


# --- cups (rim at y ≈ 2, bottom at y ≈ 36) -------------------------------------------------

def _paper_cup() -> Markup:
    pleats = [svg("line", x1=round(x * 1.0, 1), y1=7, x2=round(x * 0.66, 1), y2=33, stroke="#d48aa6", stroke_width=1.6)
              for x in (-12, -6, 0, 6, 12)]
    return join(
        svg("path", d="M-20 3 L20 3 L13.5 35 Q0 37.5 -13.5 35 Z", fill="#fffaf5", stroke=INK, stroke_width=1.6,
            stroke_linejoin="round"),
        *pleats,
        svg("path", d="M-21 1.5 L21 1.5 L20 7 L-20 7 Z", fill="#f2b8cc", stroke=INK, stroke_width=1.4,
            stroke_linejoin="round"),
    )


def _waffle_cone() -> Markup:
    hatch = []
    for k in range(-5, 6):
        x = k * 7.0
        hatch.append(svg("line", x1=x - 12, y1=0, x2=x + 12, y2=40, stroke="#a35f22", stroke_width=1.4))
        hatch.append(svg("line", x1=x + 12, y1=0, x2=x - 12, y2=40, stroke="#a35f22", stroke_width=1.4))
    return join(
        svg("path", d="M-19 2 L19 2 L0 39 Z", fill="#e6a857"),
        svg("g", *hatch, clip_path="url(#gclip-cone)"),
        svg("path", d="M-19 2 L19 2 L0 39 Z", fill="none", stroke=INK, stroke_width=1.6, stroke_linejoin="round"),
    )


def _blue_cup() -> Markup:
    return join(
        svg("path", d="M-16 2 L16 2 L16 31 Q16 36 11 36 L-11 36 Q-16 36 -16 31 Z", fill="#2f6fd0", stroke=INK,
            stroke_width=1.6, stroke_linejoin="round"),
        svg("rect", x=-16, y=12, width=32, height=4, fill="#dbe9ff"),
        svg("rect", x=-16, y=22, width=32, height=4, fill="#dbe9ff"),
        svg("path", d="M-16 2 L16 2 L16 31 Q16 36 11 36 L-11 36 Q-16 36 -16 31 Z", fill="none", stroke=INK,
            stroke_width=1.6, stroke_linejoin="round"),
    )


def _glass_bowl() -> Markup:
    return join(
        svg("path", d="M-6 24 L-3 32 L3 32 L6 24 Z", fill="#cfeef6", stroke=INK, stroke_width=1.4),
        svg("ellipse", cx=0, cy=34, rx=13, ry=3.2, fill="#cfeef6", stroke=INK, stroke_width=1.4),
        svg("path", d="M-24 2 Q-24 25 0 25 Q24 25 24 2 Z", fill="#cfeef6", stroke=INK, stroke_width=1.6,
            stroke_linejoin="round"),
        svg("path", d="M-18 8 Q-17 18 -7 21", fill="none", stroke="#ffffff", stroke_width=2.6, stroke_linecap="round"),
        svg("line", x1=-25, y1=2, x2=25, y2=2, stroke=INK, stroke_width=1.8, stroke_linecap="round"),
    )


# --- flavours: a scoop over the rim (dome top at y ≈ -25) ------------------------------------

SCOOP_DOME = "M-18 2 C-22 -9 -14 -25 0 -25 C14 -25 22 -9 18 2"


def _scoop(fill: str, bottom: str, *texture) -> Markup:
    return join(svg("path", d=SCOOP_DOME + bottom + "Z", fill=fill, stroke=INK, stroke_width=1.6, stroke_linejoin="round"),
                *texture)


def _strawberry() -> Markup:
    scallops = "".join(" a3.6 3.6 0 0 1 -7.2 0" for _ in range(5))
    seeds = [svg("ellipse", cx=x, cy=y, rx=1.3, ry=2.1, fill="#fff6c2", stroke="#b03a68", stroke_width=0.6,
                 transform=f"rotate({a} {x} {y})")
             for x, y, a in ((-9, -14, -20), (2, -18, 10), (10, -10, 25), (-3, -7, 0), (-12, -3, -30), (7, -1, 15),
                             (-5, -20, 0))]
    return _scoop("#f59ab9", scallops, *seeds)


def _chocolate() -> Markup:
    swirls = [
        svg("path", d="M-14 -12 Q-9 -18 -3 -12 T8 -12 T16 -12", fill="none", stroke="#c08a5f", stroke_width=2.2,
            stroke_linecap="round"),
        svg("path", d="M-15 -3 Q-10 -9 -4 -3 T7 -3 T15 -3", fill="none", stroke="#c08a5f", stroke_width=2.2,
            stroke_linecap="round"),
        svg("path", d="M-6 -20 Q0 -24 6 -20", fill="none", stroke="#c08a5f", stroke_width=2.2, stroke_linecap="round"),
    ]
    return _scoop("#764528", " Q0 7 -18 2", *swirls)


def _vanilla() -> Markup:
    flecks = [svg("path", d=f"M{x} {y} l{dx} {dy}", stroke="#5a3a1c", stroke_width=1.6, stroke_linecap="round")
              for x, y, dx, dy in ((-10, -14, 1.5, 1), (3, -19, 1.5, -0.5), (9, -9, 1, 1.5), (-3, -8, 1.5, 0.5),
                                   (-13, -3, 1, -1), (5, -2, 1.5, 0.5), (-5, -18, 0.5, 1.5), (12, -16, -1, 1))]
    return _scoop("#fbeec0", " Q0 7 -18 2", *flecks)


def _pistachio() -> Markup:
    nuts = [svg("path", d=f"M{x} {y} l3 -2 l2.5 2.5 l-1.5 3 l-3.5 -0.5 Z", fill=fill, stroke="#456420", stroke_width=0.8,
                transform=f"rotate({a} {x} {y})")
            for x, y, a, fill in ((-11, -13, 0, "#5f8a25"), (1, -19, 40, "#efe2b4"), (8, -11, 80, "#5f8a25"),
                                  (-4, -6, 120, "#efe2b4"), (-14, -2, 200, "#5f8a25"), (6, -3, 160, "#efe2b4"))]
    return _scoop("#b7dc8c", " Q0 7 -18 2", *nuts)


# --- toppings -----------------------------------------------------------------------------------

def _cookie() -> Markup:
    return svg("g",
               svg("rect", x=-4, y=-13, width=8, height=22, rx=1.2, fill="#e8b866", stroke=INK, stroke_width=1.3),
               svg("line", x1=-4, y1=-6, x2=4, y2=-6, stroke="#9c6424", stroke_width=1),
               svg("line", x1=-4, y1=1, x2=4, y2=1, stroke="#9c6424", stroke_width=1),
               svg("line", x1=0, y1=-13, x2=0, y2=9, stroke="#9c6424", stroke_width=1),
               transform="translate(12 -24) rotate(28)")


def _cherry() -> Markup:
    return join(
        svg("path", d="M1 -31 Q2 -39 10 -41", fill="none", stroke="#3f6a21", stroke_width=2, stroke_linecap="round"),
        svg("circle", cx=0, cy=-27, r=6.5, fill="#d7263d", stroke=INK, stroke_width=1.3),
        svg("circle", cx=-2.2, cy=-29.3, r=1.7, fill="#ffffff", opacity=0.85),
    )


def _sprinkles() -> Markup:
    bars = [svg("rect", x=-3.5, y=-1.2, width=7, height=2.4, rx=1.2, fill=fill, stroke=INK, stroke_width=0.6,
                transform=f"translate({x} {y}) rotate({a})")
            for x, y, a, fill in ((-8, -20, 30, "#e03131"), (2, -23, -20, "#1c64d6"), (10, -17, 60, "#ffd43b"),
                                  (-12, -11, -50, "#ffffff"), (-2, -14, 80, "#9c36b5"), (7, -8, 10, "#ffffff"),
                                  (-5, -5, -15, "#1c64d6"), (13, -5, -60, "#e03131"))]
    return join(*bars)


def _sauce() -> Markup:
    return join(
        svg("path", d="M-14 -15 C-12 -22 -7 -26 0 -26 C7 -26 12 -22 14 -15 L14 -12 Q12.5 -8 11 -12 L9 -13.5 "
                      "Q7 -3 5 -13.5 L1 -14 Q-0.5 -10 -2 -14 L-6 -14 Q-8 -6 -10 -14 L-12 -13 Q-13.5 -9 -14 -12 Z",
            fill="#e49a2c", stroke="#7a4a10", stroke_width=1.3, stroke_linejoin="round"),
        svg("path", d="M-8 -21.5 Q-4 -24 1 -23.8", fill="none", stroke="#fff2cf", stroke_width=1.8, stroke_linecap="round"),
    )


PART_DRAW = (_paper_cup, _waffle_cone, _blue_cup, _glass_bowl,
             _strawberry, _chocolate, _vanilla, _pistachio,
             _cookie, _cherry, _sprinkles, _sauce)

# Where each part sits in tile coordinates, to frame its token: (x, y, w, h).
PART_BOX = ((-24, -2, 48, 42),) * 4 + ((-24, -28, 48, 40),) * 4 + (
    (-4, -38, 32, 32), (-12, -43, 26, 26), (-18, -29, 36, 30), (-19, -29, 38, 34))


def _box(b) -> str:
    return " ".join(str(v) for v in b)


def build_defs() -> Markup:
    parts = [svg("g", PART_DRAW[p](), id=f"gpart-{p}") for p in range(N_PARTS)]
    tokens = [svg("symbol", svg("use", href=f"#gpart-{p}"), id=f"gk-{p}", viewBox=_box(PART_BOX[p])) for p in range(N_PARTS)]
    creams, tiles = [], []
    for t in range(N_TILES):
        cup, flavour, topping = TILE_PARTS[t]
        # A glass bowl holds its scoop; other cups carry it on the rim.
        layers = (flavour, cup, topping) if cup == 3 else (cup, flavour, topping)
        creams.append(svg("g", *[svg("use", href=f"#gpart-{p}") for p in layers], id=f"gi-{t}"))
        tiles.append(svg("symbol", svg("use", href="#ghex"), svg("use", href=f"#gi-{t}"), id=f"gt-{t}",
                         viewBox=_box(TILE_BOX)))
    return svg("defs",
               svg("clipPath", svg("path", d="M-19 2 L19 2 L0 39 Z"), id="gclip-cone"),
               svg("polygon", id="ghex", points=hex_points(R - 2.2), fill="#fffaf2", stroke="#dcc3ab", stroke_width=2),
               *parts, *tokens, *creams, *tiles)


_DEFS: Markup | None = None


def defs_svg() -> Markup:
    """One invisible <svg> holding every definition; other SVGs on the page <use> it.
    (Not display:none: Chrome would then not render its clip paths.)"""
    global _DEFS
    if _DEFS is None:
        _DEFS = svg("svg", build_defs(), width=0, height=0, class_="gelati-defs", aria_hidden="true", focusable="false")
    return _DEFS


def tile_use(tile: int, cx: float, cy: float, **attrs) -> Markup:
    """A tile centred on (cx, cy) in board units."""
    return svg("use", href=f"#gt-{tile}", x=round(cx - R, 2), y=round(cy - HALF_H, 2), width=2 * R,
               height=round(2 * HALF_H, 2), **attrs)


def tile_picture(tile: int, label: str | None = None, size: int = 72, cls: str = "tile-pic") -> Markup:
    """A tile on its own (hand, exchange buttons)."""
    return svg("svg", tile_use(tile, 0, 0), viewBox=_box(TILE_BOX), width=size,
               height=round(size * HALF_H / R, 1), class_=cls,
               role="img" if label else None, aria_label=label, aria_hidden=None if label else "true")


def ice_cream_picture(tile: int, size: int = 56, cls: str = "cream-pic") -> Markup:
    """The ice cream without its hexagon (order cards)."""
    return svg("svg", svg("use", href=f"#gi-{tile}"), viewBox="-26 -43 52 82", width=size, height=round(size * 82 / 52),
               class_=cls, aria_hidden="true")


def part_picture(part: int, size: int = 26, cls: str = "part-pic") -> Markup:
    """A part token's picture (supply, parts held, trades)."""
    return svg("svg", svg("use", href=f"#gk-{part}", width="100%", height="100%"), width=size, height=size, class_=cls,
               aria_hidden="true")
