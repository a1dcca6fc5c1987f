"""Gelati pictures: the 12 ice-cream parts and the part tokens, drawn once as SVG
<defs> and reused everywhere with <use>; the 64 tiles are put together from them.

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
top). Ids: #ghex (a tile's hexagon), #gpart-N (a part, in tile coordinates), #gk-N (a
part token, framed to fit a chip); a tile is its hexagon and its three parts (tile_svg).

Below the pictures, the pieces as the page shows them, drawn from plain values: the
board's marks (a space on offer with its points, the outline and badge of the latest
placements, the tile being aimed), the score track, tiles in hand and in rows, order
cards, part tokens and buttons, and the supply.
"""

from __future__ import annotations

import math

from gelateria.core import hexgrid
from gelateria.games.gelati.rules import (
    N_PARTS,
    N_TILES,
    ORDER_PARTS,
    ORDER_POINTS,
    TILE_PARTS,
    WIN_POINTS,
    order_text,
    part_name,
    tile_of,
    tile_text,
)
from gelateria.core.i18n import N_, _, ngettext, pgettext
from gelateria.web.markup import Markup, fill, h, hidden_defs, join, kept_group, points, svg

KIND_TITLES = ((N_("Cups"), range(0, 4)), (N_("Flavours"), range(4, 8)), (N_("Toppings"), range(8, 12)))
R = 50.0  # tile circumradius in board units
HALF_H = R * math.sqrt(3) / 2  # 43.3
TILE_BOX = (-R, -HALF_H, 2 * R, 2 * HALF_H)
SPOT_R = R - 5  # a space the chosen tile may go, drawn inside its cell
MARK_R = R - 3.5  # the outline of a latest placement
INK = "#4a3326"


def drawn_box(cells, radius: float) -> tuple[float, float, float, float]:
    """The box of hexes of that radius drawn on these cells (what the camera frames:
    a space's outline, not its whole cell, so a landscape phone fits one more row)."""
    x, y, w, hh = hexgrid.bounds(cells, R)
    dx, dy = R - radius, (R - radius) * math.sqrt(3) / 2
    return (x + dx, y + dy, w - 2 * dx, hh - 2 * dy)


def hex_points(radius: float, cx: float = 0.0, cy: float = 0.0) -> str:
    return points((cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
                  for i in range(6))


# --- path helpers: few elements per part keep the board fast to draw ---------------------------

def _n(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _segments(segs) -> str:
    return "".join(f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}" for (x1, y1), (x2, y2) in segs)


def _ellipses(items) -> str:
    """Several (rotated) ellipses as one path: (cx, cy, rx, ry, degrees)."""
    out = []
    for cx, cy, rx, ry, deg in items:
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        x1, y1, x2, y2 = cx - rx * c, cy - rx * s, cx + rx * c, cy + rx * s
        out.append(f"M{_n(x1)} {_n(y1)}A{_n(rx)} {_n(ry)} {_n(deg)} 1 0 {_n(x2)} {_n(y2)}"
                   f"A{_n(rx)} {_n(ry)} {_n(deg)} 1 0 {_n(x1)} {_n(y1)}Z")
    return "".join(out)


def _clip(p, q, poly):
    """The part of segment p-q inside a convex polygon (clockwise or not), or None."""
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        # inside when cross(edge, point - a) has the polygon's orientation
        num = ex * (p[1] - a[1]) - ey * (p[0] - a[0])
        den = ex * dy - ey * dx
        if area < 0:
            num, den = -num, -den
        if abs(den) < 1e-12:
            if num < 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return None
    return (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)


# --- cups (rim at y ≈ 2, bottom at y ≈ 36) -------------------------------------------------

def _paper_cup() -> Markup:
    pleats = _segments(((x, 8), (x * 0.66, 34)) for x in (-12, -6, 0, 6, 12))
    return join(
        svg("path", d="M-20 3L20 3L13.5 35Q0 37.5-13.5 35Z", fill="#fffaf5", stroke=INK, stroke_width=1.6,
            stroke_linejoin="round"),
        svg("path", d=pleats, stroke="#d48aa6", stroke_width=1.6),
        svg("path", d="M-21 1.5L21 1.5L20 7L-20 7Z", fill="#f2b8cc", stroke=INK, stroke_width=1.4,
            stroke_linejoin="round"),
    )


def _waffle_cone() -> Markup:
    inside = [(-17.6, 3), (17.6, 3), (0, 36.8)]
    segs = []
    for k in range(-6, 7):
        x = k * 7.0
        for a, b in (((x - 12, 0), (x + 12, 40)), ((x + 12, 0), (x - 12, 40))):
            seg = _clip(a, b, inside)
            if seg:
                segs.append(seg)
    return join(
        svg("path", d="M-19 2L19 2L0 39Z", fill="#e6a857", stroke=INK, stroke_width=1.6, stroke_linejoin="round"),
        svg("path", d=_segments(segs), stroke="#a35f22", stroke_width=1.4),
    )


def _blue_cup() -> Markup:
    return join(
        svg("path", d="M-16 2L16 2L16 31Q16 36 11 36L-11 36Q-16 36-16 31Z", fill="#2f6fd0", stroke=INK,
            stroke_width=1.6, stroke_linejoin="round"),
        svg("path", d="M-15.2 12h30.4v4h-30.4ZM-15.2 22h30.4v4h-30.4Z", fill="#dbe9ff"),
    )


def _glass_bowl() -> Markup:
    return join(
        svg("path", d="M-6 24L-3 32L3 32L6 24ZM-13 34A13 3.2 0 1 0 13 34A13 3.2 0 1 0-13 34Z", fill="#cfeef6", stroke=INK,
            stroke_width=1.4),
        svg("path", d="M-24 2Q-24 25 0 25Q24 25 24 2Z", fill="#cfeef6", stroke=INK, stroke_width=1.6,
            stroke_linejoin="round"),
        svg("path", d="M-18 8Q-17 18-7 21", fill="none", stroke="#ffffff", stroke_width=2.6, stroke_linecap="round"),
        svg("line", x1=-25, y1=2, x2=25, y2=2, stroke=INK, stroke_width=1.8, stroke_linecap="round"),
    )


# --- flavours: a scoop over the rim (dome top at y ≈ -25) ------------------------------------

SCOOP_DOME = "M-18 2C-22-9-14-25 0-25C14-25 22-9 18 2"


def _scoop(fill: str, bottom: str, *texture) -> Markup:
    return join(svg("path", d=SCOOP_DOME + bottom + "Z", fill=fill, stroke=INK, stroke_width=1.6, stroke_linejoin="round"),
                *texture)


def _strawberry() -> Markup:
    scallops = "".join("a3.6 3.6 0 0 1-7.2 0" for _ in range(5))
    seeds = _ellipses((x, y, 2.1, 1.3, a + 90) for x, y, a in (
        (-9, -14, -20), (2, -18, 10), (10, -10, 25), (-3, -7, 0), (-12, -3, -30), (7, -1, 15), (-5, -20, 0)))
    return _scoop("#f59ab9", scallops, svg("path", d=seeds, fill="#fff6c2", stroke="#b03a68", stroke_width=0.6))


def _chocolate() -> Markup:
    swirls = "M-14-12Q-9-18-3-12T8-12T16-12M-15-3Q-10-9-4-3T7-3T15-3M-6-20Q0-24 6-20"
    return _scoop("#764528", "Q0 7-18 2",
                  svg("path", d=swirls, fill="none", stroke="#c08a5f", stroke_width=2.2, stroke_linecap="round"))


def _vanilla() -> Markup:
    flecks = "".join(f"M{x} {y}l{dx} {dy}" for x, y, dx, dy in (
        (-10, -14, 1.5, 1), (3, -19, 1.5, -0.5), (9, -9, 1, 1.5), (-3, -8, 1.5, 0.5),
        (-13, -3, 1, -1), (5, -2, 1.5, 0.5), (-5, -18, 0.5, 1.5), (12, -16, -1, 1)))
    return _scoop("#fbeec0", "Q0 7-18 2",
                  svg("path", d=flecks, stroke="#5a3a1c", stroke_width=1.6, stroke_linecap="round"))


def _nut(x: float, y: float, deg: float) -> str:
    pts = [(0, 0), (3, -2), (5.5, 0.5), (4, 3.5), (0.5, 3)]
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    moved = [(x + px * c - py * s, y + px * s + py * c) for px, py in pts]
    return "M" + "L".join(f"{_n(a)} {_n(b)}" for a, b in moved) + "Z"


def _lumpy_dome() -> str:
    """A scoop outline made of bumps, so pistachio differs in outline too."""
    cx, cy, r = 0.0, -7.5, 18.5
    angles = range(152, 389, 39)
    pts = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in angles]
    d = f"M{_n(pts[0][0])} {_n(pts[0][1])}"
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        bump = math.dist((x1, y1), (x2, y2)) * 0.62
        d += f"A{_n(bump)} {_n(bump)} 0 0 1 {_n(x2)} {_n(y2)}"
    return d + f"Q0 7 {_n(pts[0][0])} {_n(pts[0][1])}Z"


def _pistachio() -> Markup:
    dark = "".join(_nut(x, y, a) for x, y, a in ((-11, -14, 0), (7, -12, 80), (-13, -3, 200), (3, -3, 30)))
    light = "".join(_nut(x, y, a) for x, y, a in ((0, -20, 40), (-4, -8, 120), (10, -4, 160)))
    return join(svg("path", d=_lumpy_dome(), fill="#b7dc8c", stroke=INK, stroke_width=1.6, stroke_linejoin="round"),
                svg("path", d=dark, fill="#4f7a1c", stroke="#2f4a10", stroke_width=0.8),
                svg("path", d=light, fill="#f3e9c4", stroke="#456420", stroke_width=0.8))


# --- toppings -----------------------------------------------------------------------------------

def _cookie() -> Markup:
    return svg("g",
               svg("rect", x=-4, y=-13, width=8, height=22, rx=1.2, fill="#e8b866", stroke=INK, stroke_width=1.3),
               svg("path", d="M-4-6h8M-4 1h8M0-13v22", stroke="#9c6424", stroke_width=1),
               transform="translate(12 -24) rotate(28)")


def _cherry() -> Markup:
    return join(
        svg("path", d="M1-31Q2-39 10-41", fill="none", stroke="#3f6a21", stroke_width=2, stroke_linecap="round"),
        svg("circle", cx=0, cy=-27, r=6.5, fill="#d7263d", stroke=INK, stroke_width=1.3),
        svg("circle", cx=-2.2, cy=-29.3, r=1.7, fill="#ffffff", opacity=0.85),
    )


SPRINKLES = ((-8, -20, 30, "#e03131"), (2, -23, -20, "#1c64d6"), (10, -17, 60, "#ffd43b"),
             (-12, -11, -50, "#ffffff"), (-2, -14, 80, "#ffd43b"), (7, -8, 10, "#ffffff"),
             (-5, -5, -15, "#1c64d6"), (13, -5, -60, "#e03131"))


def _sprinkles() -> Markup:
    def bars(items):
        segs = []
        for x, y, deg, _ in items:
            c, s = math.cos(math.radians(deg)) * 2.3, math.sin(math.radians(deg)) * 2.3
            segs.append(((x - c, y - s), (x + c, y + s)))
        return _segments(segs)

    colours = sorted({c for *_, c in SPRINKLES})
    return join(
        svg("path", d=bars(SPRINKLES), stroke=INK, stroke_width=3.6, stroke_linecap="round"),
        *[svg("path", d=bars([b for b in SPRINKLES if b[3] == colour]), stroke=colour, stroke_width=2.3,
              stroke_linecap="round") for colour in colours],
    )


def _sauce() -> Markup:
    return join(
        svg("path", d="M-14-15C-12-22-7-26 0-26C7-26 12-22 14-15L14-12Q12.5-8 11-12L9-13.5"
                      "Q7-3 5-13.5L1-14Q-0.5-10-2-14L-6-14Q-8-6-10-14L-12-13Q-13.5-9-14-12Z",
            fill="#e49a2c", stroke="#7a4a10", stroke_width=1.3, stroke_linejoin="round"),
        svg("path", d="M-8-21.5Q-4-24 1-23.8", fill="none", stroke="#fff2cf", stroke_width=1.8, stroke_linecap="round"),
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
    # Only the hexagon, the 12 parts and the token frames: a tile is put together where
    # it is drawn (tile_svg). A <use> costs the page a copy of what it points at, kept
    # styled even inside <defs>: 64 tile symbols made of <use>s doubled the time of
    # every restyle of a Gelati page.
    parts = [svg("g", PART_DRAW[p](), id=f"gpart-{p}") for p in range(N_PARTS)]
    tokens = [svg("symbol", svg("use", href=f"#gpart-{p}"), id=f"gk-{p}", viewBox=_box(PART_BOX[p])) for p in range(N_PARTS)]
    return svg("defs",
               svg("polygon", id="ghex", points=hex_points(R - 2.2), fill="#fffaf2", stroke="#dcc3ab", stroke_width=2),
               *parts, *tokens)


def cream_uses(tile: int) -> list[Markup]:
    """The ice cream of `tile`, in tile coordinates: its three parts, bottom layer first."""
    cup, flavour, topping = TILE_PARTS[tile]
    # A glass bowl holds its scoop; other cups carry it on the rim.
    layers = (flavour, cup, topping) if cup == 3 else (cup, flavour, topping)
    return [svg("use", href=f"#gpart-{p}") for p in layers]


_DEFS: Markup | None = None


def defs_svg() -> Markup:
    """One invisible <svg> holding every definition; other SVGs on the page <use> it.
    (Not display:none: Chrome would then not render its clip paths.)"""
    global _DEFS
    if _DEFS is None:
        _DEFS = hidden_defs(build_defs(), "gelati-defs")
    return _DEFS


def tile_svg(tile: int, cx: float, cy: float, title: str | None = None, **attrs) -> Markup:
    """A tile centred on (cx, cy) in board units (with a tooltip / accessible name)."""
    at = None if (cx, cy) == (0, 0) else f"translate({fmt(cx)} {fmt(cy)})"
    return svg("g", svg("title", title) if title else None, svg("use", href="#ghex"), *cream_uses(tile),
               transform=at, **attrs)


def tile_picture(tile: int, label: str | None = None, size: int = 72, cls: str = "tile-pic") -> Markup:
    """A tile on its own (hand, exchange buttons)."""
    return svg("svg", tile_svg(tile, 0, 0), viewBox=_box(TILE_BOX), width=size,
               height=round(size * HALF_H / R, 1), class_=cls,
               role="img" if label else None, aria_label=label, aria_hidden=None if label else "true")


def ice_cream_picture(tile: int, size: int = 56, cls: str = "cream-pic") -> Markup:
    """The ice cream without its hexagon (order cards)."""
    return svg("svg", *cream_uses(tile), viewBox="-26 -43 52 82", width=size, height=round(size * 82 / 52),
               class_=cls, aria_hidden="true")


def part_picture(part: int, size: int = 26, cls: str = "part-pic") -> Markup:
    """A part token's picture (supply, parts held, trades)."""
    return svg("svg", svg("use", href=f"#gk-{part}", width="100%", height="100%"), width=size, height=size, class_=cls,
               aria_hidden="true")


def order_tile(order: int) -> int:
    """The tile showing the same ice cream as an order (to draw the order card)."""
    return tile_of(*(p % 4 for p in ORDER_PARTS[order]))


# --- the board (board units; cells are (q, r)) -------------------------------------------------

def fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def board_svg(board: list, marks: list, spots: list, overlays: list, box, fit, min_w: float, max_w: float,
              fresh=None) -> Markup:
    """The board: every placed tile (placed_tiles), the marks on them, the spaces on
    offer and what floats over them, seen through `box`; the pan/zoom helper reads the
    fitted box and the zoom limits from it."""
    title = ngettext("Board: {count} tile", "Board: {count} tiles", len(board)).format(count=len(board))
    return svg("svg",
               svg("title", title),
               placed_tiles(board, fresh),
               svg("g", *marks, class_="gl-marks"),
               svg("g", *spots, class_="gl-spots"),
               *overlays,
               viewBox=" ".join(fmt(c) for c in box), preserveAspectRatio="xMidYMid meet",
               class_="gelati-board", role="group", aria_label=title, data_board="", tabindex=-1, data_arrows="spots",
               data_min_w=min_w, data_max_w=fmt(max_w), data_fit=" ".join(fmt(c) for c in fit))


def placed_tiles(board: list, fresh=None, ids: bool = True) -> Markup:
    """Every placed tile (as [q, r, tile]); each has an id by its cell (unless not
    `ids`: a second drawing on the same page), so a redraw keeps it the same element,
    and the one on `fresh` fades in as it is added."""
    tiles = []
    for q, r, t in board:
        cx, cy = hexgrid.to_pixel((q, r), R)
        # Drawn about its own centre (the group's origin), so the landing animation grows
        # it in place.
        tiles.append(svg("g", tile_svg(t, 0, 0, title=tile_text(t).capitalize()), id=f"gl-tile-{q}-{r}" if ids else None,
                         transform=f"translate({fmt(cx)} {fmt(cy)})",
                         class_="gl-tile gl-new" if (q, r) == fresh else "gl-tile"))
    return kept_group(*tiles, class_="gl-tiles")  # (unchanged between placements: left as it is)


def board_chips(stack: int, order_pile: int) -> Markup:
    # (A no-break space keeps "42 tiles" whole: in the narrow rail of a phone on its side
    # a chip wraps only after its label.)
    return h("p", {"class": "gl-board-chips"},
             h("span", {"class": "gl-chip-info", "data-stack": stack},
               ngettext("Stack: {count}\u00a0tile", "Stack: {count}\u00a0tiles", stack).format(count=stack)),
             h("span", {"class": "gl-chip-info"}, _("Orders: {count}\u00a0left").format(count=order_pile)))


def zoom_buttons(fitted: bool) -> Markup:
    def b(action, label, text, **extra):
        attrs = {"type": "button", "class": "gl-zoom-btn", "data-action": action, "aria-label": label, "title": label}
        attrs.update(extra)
        return h("button", attrs, text)

    return h("div", {"class": "gl-zoom-tools", "role": "group", "aria-label": _("Zoom and pan the board")},
             b("zoom-in", _("Zoom in (+)"), "+"),
             b("zoom-out", _("Zoom out (−)"), "−"),
             b("fit", _("Fit: the spaces you can play, then the whole board (0)"), pgettext("zoom", "Fit"),
               **{"aria-pressed": "true" if fitted else "false"}))


def spot_svg(cell, points: int, earned: list[int], label: str, aimed: bool = False, wins: bool = False,
             home: bool = False) -> Markup:
    """A space the chosen tile may go: what it would score and the parts it would earn.
    Only the `home` space is in the Tab order; arrow keys move between the others."""
    cx, cy = hexgrid.to_pixel(cell, R)
    icons = []
    n = len(earned)
    for i, part in enumerate(earned):
        ix = cx - 13 * n + 26 * i
        icons.append(svg("circle", cx=round(ix + 13, 1), cy=round(cy + 21, 1), r=13, class_="gl-spot-chip"))
        icons.append(svg("use", href=f"#gk-{part}", x=round(ix + 2, 1), y=round(cy + 10, 1), width=22, height=22))
    return svg("g",
               svg("title", label),
               svg("polygon", points=hex_points(SPOT_R, cx, cy), class_="gl-spot-hex"),
               svg("text", f"+{points}", x=round(cx, 1), y=round(cy + (2 if not n else -4), 1),
                   class_="gl-spot-points" + (" gl-zero" if not points else "")),
               *icons,
               class_="gl-spot" + (" gl-aimed" if aimed else "") + (" gl-wins" if wins else ""),
               data_action="cell", data_q=cell[0], data_r=cell[1], role="button", tabindex=0 if home else -1,
               aria_label=label, data_spot=f"{cell[0]},{cell[1]}")


BADGE_RISE = 16  # the badge's top above its tile's


def latest_box(cell) -> tuple[float, float, float, float]:
    """The box of the latest placement's outline and the badge over it."""
    x, y, w, hh = drawn_box({cell}, MARK_R)
    top = hexgrid.to_pixel(cell, R)[1] - HALF_H - BADGE_RISE
    return (x, top, w, y + hh - top)


def badge_svg(cell, points: int, earned: list[int], player: int) -> Markup:
    """What the latest placement scored, floating over its tile."""
    cx, cy = hexgrid.to_pixel(cell, R)
    width = 40 + 24 * len(earned)
    x0, y0 = cx - width / 2, cy - HALF_H - BADGE_RISE
    icons = [svg("use", href=f"#gk-{part}", x=round(x0 + 36 + 24 * i, 1), y=round(y0 + 3, 1), width=22, height=22)
             for i, part in enumerate(earned)]
    return svg("g",
               svg("rect", x=round(x0, 1), y=round(y0, 1), width=width, height=28, rx=14, class_="gl-badge-bg"),
               svg("text", f"+{points}", x=round(x0 + 20, 1), y=round(y0 + 20, 1), class_="gl-badge-text"),
               *icons, class_=f"gl-badge p{player}", aria_hidden="true")


def mark_svg(cell, player: int, latest: bool, fresh: bool) -> Markup:
    """The outline of a player's latest placement (the newest one marked as such)."""
    cx, cy = hexgrid.to_pixel(cell, R)
    return svg("polygon", points=hex_points(MARK_R, cx, cy),
               class_=f"gl-mark p{player}" + (" gl-latest" if latest else "") + (" gl-fresh" if fresh else ""),
               data_last=player if latest else None)


def outline_swatch() -> Markup:
    """A small hex outline in the player's colour (CSS), as a key to the board's marks."""
    return svg("svg", svg("polygon", points=hex_points(8, 10, 9)), viewBox="0 0 20 18", class_="gl-swatch",
               aria_hidden="true", focusable="false")


def aim_svg(tile: int, cell) -> Markup:
    """The chosen tile shown on the space clicked once, before it is placed."""
    cx, cy = hexgrid.to_pixel(cell, R)
    return svg("g", tile_svg(tile, cx, cy, class_="gl-ghost"),
               svg("polygon", points=hex_points(R - 3, cx, cy), class_="gl-aim-ring"),
               class_="gl-aim", data_action="cell", data_q=cell[0], data_r=cell[1])


def score_track(scores: list, label: str) -> Markup:
    """The race to WIN_POINTS: a lane and a numbered marker per player."""
    track_w, left, right = 300, 12, 268

    def sx(score):
        return left + (right - left) * min(score, WIN_POINTS) / WIN_POINTS

    ticks = []
    for s in range(0, WIN_POINTS + 1, 5):
        x = round(sx(s), 1)
        big = s % 10 == 0
        ticks.append(svg("line", x1=x, y1=13, x2=x, y2=20 if big else 17, class_="gl-tick"))
        if big:
            ticks.append(svg("text", str(s), x=x, y=10, class_="gl-tick-label"))
    height = 34 + 15 * len(scores)
    markers = []
    for p, score in enumerate(scores):
        x, y = round(sx(score), 1), 30 + 15 * p
        markers.append(svg("g", svg("line", x1=left, y1=y, x2=x, y2=y, class_=f"gl-lane p{p}"),
                           svg("circle", cx=x, cy=y, r=7, class_=f"gl-marker p{p}"),
                           svg("text", str(p + 1), x=x, y=round(y + 3.3, 1), class_="gl-marker-num")))
    return svg("svg", svg("line", x1=left, y1=15, x2=right, y2=15, class_="gl-track-line"), *ticks,
               svg("g", *cream_uses(17), transform=f"translate({right + 17} 17) scale(0.32)"), *markers,
               viewBox=f"0 0 {track_w} {height}", class_="gl-score-track", role="img", aria_label=label)


# --- pieces off the board (HTML around the pictures) ---------------------------------------------

def tile_caption(label: str) -> Markup:
    """A tile's name under it. Korean joins the parts with "·": a line may break after
    one, never before (no line starts with the dot)."""
    return h("span", {"class": "gl-tile-name"}, label.replace("·", "\u2060·\u200b"))


def hand_tile(tile: int, key: int, selected: bool = False, fits: bool | None = None) -> Markup:
    """A tile in your hand: while you place (`fits` given) a button that picks it, with
    `key` (1, 2 …) as its shortcut; otherwise just the tile."""
    label = tile_text(tile)
    if fits is None:
        return h("li", {"class": "gl-hand-tile gl-still", "data-hand": tile},
                 tile_picture(tile, label, size=84), tile_caption(label))
    return h("li", None,
             h("button", {"type": "button", "class": "gl-hand-tile" + (" on" if selected else ""),
                          "data-action": "select-tile", "data-tile": tile, "data-hand": tile,
                          "aria-pressed": "true" if selected else "false",
                          "aria-keyshortcuts": str(key),
                          "aria-label": label if fits else _("{tile} (fits nowhere yet)").format(tile=label)},
               tile_picture(tile, size=84),
               tile_caption(label),
               None if fits else h("span", {"class": "gl-tile-note"}, _("fits nowhere yet"))))


def tile_row(tiles, size: int) -> Markup:
    """Tiles face up in a row (a hand that cannot place, tiles set aside)."""
    return h("ul", {"class": "gl-tile-row"}, *[h("li", None, tile_picture(t, tile_text(t), size=size)) for t in tiles])


def swap_button(tile: int) -> Markup:
    return h("li", None, h("button", {"type": "button", "class": "gl-swap", "data-action": "exchange",
                                      "data-tile": tile, "aria-label": _("Swap {tile}").format(tile=tile_text(tile))},
                           tile_picture(tile, size=54), h("span", None, _("Swap this one"))))


def order_card(order: int, held: list[int], ready: bool) -> Markup:
    """One of your orders: its ice cream and the parts you hold ticked (green when it
    can be completed: the button for that is in step 2)."""
    checks = [h("li", {"class": "gl-have" if held[p] else "gl-need"},
                part_picture(p, 20), h("span", None, ("✓ " if held[p] else "✗ ") + part_name(p)))
              for p in ORDER_PARTS[order]]
    done = sum(1 for p in ORDER_PARTS[order] if held[p])
    return h("li", {"class": "gl-order-card" + (" gl-ready" if ready else ""), "data-order-card": order},
             h("span", {"class": "visually-hidden"},
               (_("Order: {order}, you hold {count} of 3 parts: ready to complete.") if ready
                else _("Order: {order}, you hold {count} of 3 parts.")).format(order=order_text(order), count=done)),
             ice_cream_picture(order_tile(order), size=28),  # (28: "✗ waffle cone" beside it in a 143 px card)
             h("ul", {"class": "gl-order-parts", "aria-hidden": "true"}, *checks))


def done_orders(orders: list[int]) -> Markup:
    """Completed orders as small ice creams (the end screen)."""
    return h("span", {"class": "gl-done-orders"},
             *[h("span", {"title": order_text(o), "role": "img", "aria-label": order_text(o)},
                 ice_cream_picture(order_tile(o), size=18)) for o in orders])


def part_button(action: str, part: int, label: str, size: int = 24, extra=None, cls: str = "",
                pressed: bool | None = None, disabled: bool = False) -> Markup:
    """A part token as a button (discard, give or take in a trade)."""
    return h("button", {"type": "button", "class": "gl-token-btn" + cls, "data-action": action, "data-part": part,
                        "disabled": disabled, "aria-pressed": None if pressed is None else "true" if pressed else "false",
                        "aria-label": label, "title": label},
             part_picture(part, size), h("span", {"class": "gl-token-name"}, part_name(part)), extra)


def player_row(p: int, name: str, tag, score: int, hand_size: int, orders_done: int, held: list[int],
               current: bool, bump: str | None = None) -> Markup:
    """A player beside the board: number, name (and bot level), score, tiles in hand,
    orders done and the parts they hold."""
    return h("li", {"class": f"gl-player p{p}" + (" gl-current" if current else ""), "data-player": p,
                    "aria-current": "true" if current else None},
             h("span", {"class": "gl-pnum", "aria-hidden": "true"}, str(p + 1)),
             h("span", {"class": "gl-pname"}, name, tag),
             h("strong", {"class": "gl-pscore" + (" " + bump if bump else ""), "data-score": p}, str(score)),
             h("span", {"class": "gl-pmeta"},
               ngettext("{count} tile in hand", "{count} tiles in hand", hand_size).format(count=hand_size) + " · "
               + ngettext("{count} order done", "{count} orders done", orders_done).format(count=orders_done)),
             held_list(held, _("Parts {player} holds").format(player=name)))


def breakdown_row(p: int, name: str, made: dict, total: int, winner: bool) -> Markup:
    """A player's line on the end screen, from the rules' `points_made`: points from
    tiles, points from orders, and their total."""
    tiles, best, orders = made["tiles"][p], made["best"][p], made["orders"][p]
    # Each unit whole ("17枚" never apart from "タイル", "+6" from "best"): a line breaks between them.
    detail = [h("span", {"class": "gl-unit"}, ngettext("{count} tile", "{count} tiles", tiles).format(count=tiles))]
    if best:
        detail = fill(_("{tiles}, {best}"), tiles=detail[0],
                      best=h("span", {"class": "gl-unit"}, _("best +{points}").format(points=best)))
    return h("tr", {"data-breakdown": p, "class": "winner" if winner else None},
             h("th", {"scope": "row"}, name),
             h("td", None, h("strong", None, str(made["points"][p])), h("small", None, " (", *detail, ")")),
             h("td", {"class": "gl-nowrap"}, h("strong", None, str(made["order_points"][p])),
               h("small", None, f" ({len(orders)}\u00a0×\u00a0{ORDER_POINTS})") if orders else None,
               done_orders(orders)),
             h("td", {"class": "gl-total"}, h("strong", None, str(total))))


def held_list(held: list[int], label: str) -> Markup:
    """The parts a player holds (public), as tokens with counts."""
    tokens = [h("li", {"title": part_name(part), "aria-label": f"{part_name(part)} ×{held[part]}"},
                part_picture(part, 22), h("span", None, f"×{held[part]}") if held[part] > 1 else None)
              for part in range(N_PARTS) if held[part]]
    if not tokens:
        return h("span", {"class": "gl-held gl-none"}, _("no parts"))
    return h("ul", {"class": "gl-held", "aria-label": label}, *tokens)


def supply_panel(supply: list[int]) -> Markup:
    """The parts left in the supply, by kind."""
    rows = []
    for title, kinds in KIND_TITLES:
        cells = [h("li", {"class": "gl-supply-part" + (" gl-empty" if not supply[p] else ""),
                          "title": part_name(p), "data-supply": p,
                          "aria-label": _("{part}: {count} left").format(part=part_name(p), count=supply[p])},
                   part_picture(p, 28), h("span", {"class": "gl-supply-count"}, str(supply[p])))
                 for p in kinds]
        rows.append(h("div", {"class": "gl-supply-row"}, h("span", {"class": "gl-supply-kind"}, _(title)),
                      h("ul", None, *cells)))
    return h("section", {"class": "gl-supply", "aria-label": _("Parts in the supply")},
             h("h2", None, _("Supply")), *rows)
