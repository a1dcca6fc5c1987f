"""Genial Spezial pictures: the double-hex board, towers with their score tokens,
golden spaces, the players' double tiles and small colour icons.

Everything is told apart by shape as well as colour, so colour-blind players can play:
- the four scoring colours by token shape: orange = circle, green = rounded square,
  blue = diamond, purple = hexagon (the same shapes mark the score tracks);
- a token's light side is white with a coloured number, its dark side filled;
- tall towers stand high on a column with their token on top, short towers are a
  low drum;
- golden spaces are gold with a star; unused tower spaces are plain spaces;
- the players' tiles by colour AND pattern: plain, dots, stripes, grid.

Board units: a cell is a hexagon of circumradius R. The board is drawn wide (the two
hexagons side by side, flat-top cells at hexgrid.to_pixel(cell, R)) or, for narrow
screens, tall: the same picture turned a quarter (the first hexagon on top, pointy-top
cells); towers, tokens and text stay upright. `GEOMETRY[tall]` holds each. The cells
never change, so their markup (the click targets) is built once per layout and reused
for every render.

The board's layers are drawn here too, from the rules' view and the rules' preview of
a tile (plain values): the placed pieces, the latest tile with its badge, the tile
being made and the keyboard cursor. Drawing only: nothing here knows the rules.
"""

from __future__ import annotations

import math
from functools import lru_cache

from gelateria.core import hexgrid
from gelateria.core.i18n import N_, _
from gelateria.games.genial.rules import CELLS, COLOURS, colour_name
from gelateria.web.markup import Markup, hidden_defs, join, kept_group, points, svg

R = 30.0
HALF_H = R * math.sqrt(3) / 2
MARGIN = 12.0
TOKEN = 14.0  # a tower's token, about 2 x this across: at a finger's scale on a phone, 16 px or more
# The board's words and numbers (tokens, what a move scored) are LABEL units high: at a
# finger's scale on a phone (GenialCamera.TAP_SCALE, 0.69 px a unit) 12 px or more.
LABEL = 18.0
BADGE_H = 30.0  # the latest move's badge: a pill this tall
BADGE_ITEM = 46.0  # and this wide per colour it scored
# Scoring colours: fill (dark side, track), text on the light side, outline.
FILL = {"o": "#f08c00", "g": "#2f9e44", "b": "#1c7ed6", "p": "#7950f2"}
TEXT = {"o": "#b35c00", "g": "#237a38", "b": "#1864ab", "p": "#5f3dc4"}
EDGE = {"o": "#a85300", "g": "#1f6b30", "b": "#135a99", "p": "#4c2fb0"}
SHAPE_NAMES = {"o": "circle", "g": "square", "b": "diamond", "p": "hexagon"}

# Players' tiles: colours unrelated to the scoring colours (as in the box), plus a
# pattern each. The same colours are set for .p0–.p3 in genial.css.
PLAYER_FILL = ("#c92a2a", "#343a40", "#8c5a2b", "#e0508a")
PLAYER_EDGE = ("#7d1414", "#111417", "#553516", "#9c2457")
PATTERN_NAMES = (N_("plain tiles"), N_("dotted tiles"), N_("striped tiles"), N_("checked tiles"))  # _() where shown


def n(v: float) -> str:
    text = f"{v:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def hex_pts(cx: float, cy: float, radius: float = R, turn: float = 0.0) -> str:
    """A hexagon's corners: flat-top, or pointy-top with turn=90."""
    return " ".join(f"{n(cx + radius * math.cos(math.radians(60 * i + turn)))},"
                    f"{n(cy + radius * math.sin(math.radians(60 * i + turn)))}" for i in range(6))


def text_width(text: str) -> float:
    """About how wide a chip's text (LABEL units high, bold) is in board units (CJK
    characters are wider)."""
    return sum(LABEL * (1.1 if ord(ch) > 0x2e80 else 0.63) for ch in text)


def cell_key(h) -> str:
    return f"{h[0]},{h[1]}"


# --- shapes --------------------------------------------------------------------------------

def shape_path(colour: str, cx: float, cy: float, s: float) -> str:
    """The path of a colour's shape, about 2s across, centred on (cx, cy)."""
    if colour == "o":
        return f"M{n(cx - s)} {n(cy)}a{n(s)} {n(s)} 0 1 0 {n(2 * s)} 0a{n(s)} {n(s)} 0 1 0 {n(-2 * s)} 0Z"
    if colour == "g":
        a, r = s * 0.86, s * 0.22
        return (f"M{n(cx - a + r)} {n(cy - a)}H{n(cx + a - r)}Q{n(cx + a)} {n(cy - a)} {n(cx + a)} {n(cy - a + r)}"
                f"V{n(cy + a - r)}Q{n(cx + a)} {n(cy + a)} {n(cx + a - r)} {n(cy + a)}H{n(cx - a + r)}"
                f"Q{n(cx - a)} {n(cy + a)} {n(cx - a)} {n(cy + a - r)}V{n(cy - a + r)}Q{n(cx - a)} {n(cy - a)} {n(cx - a + r)} {n(cy - a)}Z")
    if colour == "b":
        a = s * 1.12
        return f"M{n(cx)} {n(cy - a)}L{n(cx + a)} {n(cy)}L{n(cx)} {n(cy + a)}L{n(cx - a)} {n(cy)}Z"
    a = s * 1.04  # purple: a pointy-top hexagon
    pts = [(cx + a * math.cos(math.radians(60 * i - 90)), cy + a * math.sin(math.radians(60 * i - 90))) for i in range(6)]
    return "M" + "L".join(f"{n(x)} {n(y)}" for x, y in pts) + "Z"


def token(colour: str, value: int, dark: bool, cx: float, cy: float, s: float = 11.5) -> Markup:
    """A score token: light = white with a coloured number, dark = filled, white number."""
    return svg("g",
               svg("path", d=shape_path(colour, cx, cy, s),
                   fill=FILL[colour] if dark else "#fff", stroke=EDGE[colour], stroke_width=2.2 if dark else 2.6),
               svg("text", str(value), x=n(cx), y=n(cy + s * 0.45), class_="gs-token-num",
                   fill="#fff" if dark else TEXT[colour]),
               class_="gs-token" + (" gs-dark" if dark else ""))


@lru_cache(maxsize=64)
def colour_icon(colour: str, size: int = 14, filled: bool = True) -> Markup:
    """A colour's shape as a small inline picture (tracks, buttons, badges)."""
    return svg("svg", svg("path", d=shape_path(colour, 8, 8, 6.2), fill=FILL[colour] if filled else "#fff",
                          stroke=EDGE[colour], stroke_width=1.4),
               viewBox="0 0 16 16", width=size, height=size, class_="gs-icon", aria_hidden="true")


@lru_cache(maxsize=512)
def star_path(cx: float, cy: float, r: float) -> str:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        ang = math.radians(-90 + 36 * i)
        pts.append(f"{n(cx + rad * math.cos(ang))} {n(cy + rad * math.sin(ang))}")
    return "M" + "L".join(pts) + "Z"


@lru_cache(maxsize=512)
def tower(tall: bool, colour: str, value: int, dark: bool, cx: float, cy: float) -> Markup:
    """A tower standing on its space: tall = a column with the token high on top,
    short = a low, wide drum with the token just above it."""
    if tall:
        body = (f"M{n(cx - 9)} {n(cy - 2)}V{n(cy + 17)}A9 3.2 0 0 0 {n(cx + 9)} {n(cy + 17)}V{n(cy - 2)}Z")
        parts = [
            svg("ellipse", cx=n(cx), cy=n(cy + 18), rx=15, ry=4.5, class_="gs-shadow"),
            svg("path", d=body, class_="gs-column"),
            svg("path", d=f"M{n(cx - 9)} {n(cy + 6.5)}h18M{n(cx - 9)} {n(cy + 12)}h18", class_="gs-course"),
            token(colour, value, dark, cx, cy - 12, TOKEN),
        ]
    else:
        body = f"M{n(cx - 15)} {n(cy + 8)}V{n(cy + 14)}A15 4 0 0 0 {n(cx + 15)} {n(cy + 14)}V{n(cy + 8)}Z"
        parts = [
            svg("ellipse", cx=n(cx), cy=n(cy + 15), rx=18, ry=4.5, class_="gs-shadow"),
            svg("path", d=body, class_="gs-drum"),
            svg("ellipse", cx=n(cx), cy=n(cy + 8), rx=15, ry=4, class_="gs-drum-top"),
            token(colour, value, dark, cx, cy - 2, TOKEN),
        ]
    return Markup("".join(parts))


# --- the board's geometry, wide or tall -----------------------------------------------------

class Geometry:
    """Where cells are drawn: wide (flat-top cells, the hexagons side by side) or tall
    (turned a quarter: pointy-top cells, the first hexagon on top)."""

    def __init__(self, tall: bool):
        self.tall = tall
        self.turn = 90.0 if tall else 0.0
        self.centres: dict[tuple[int, int], tuple[float, float]] = {h: self._centre(h) for h in CELLS}
        self.half_w = HALF_H if tall else R  # a cell's half extent across
        self.half_h = R if tall else HALF_H  # and up-down
        xs = [c[0] for c in self.centres.values()]
        ys = [c[1] for c in self.centres.values()]
        x0, y0 = min(xs) - self.half_w - MARGIN, min(ys) - self.half_h - MARGIN
        self.box = (x0, y0, max(xs) + self.half_w + MARGIN - x0, max(ys) + self.half_h + MARGIN - y0)
        self._outlines: dict[tuple, str] = {}
        self._base: dict[tuple, Markup] = {}
        self._tiles: dict[tuple, Markup] = {}  # at most 4 players x 702 places
        self._chains: dict[tuple, Markup] = {}  # a chain's line, by its cells (tiles never move)

    def _centre(self, h) -> tuple[float, float]:
        x, y = hexgrid.to_pixel(h, R)
        return (-y, x) if self.tall else (x, y)

    def hex_pts(self, cx: float, cy: float, radius: float = R) -> str:
        return hex_pts(cx, cy, radius, self.turn)

    def corners(self, h) -> list[tuple[float, float]]:
        cx, cy = self.centres[h]
        return [(cx + R * math.cos(math.radians(60 * i + self.turn)), cy + R * math.sin(math.radians(60 * i + self.turn)))
                for i in range(6)]

    def tile_outline(self, a, b) -> str:
        """The outline of a double tile on neighbouring cells a and b (10 corners)."""
        key = (tuple(a), tuple(b))
        if key in self._outlines:
            return self._outlines[key]
        ca, cb = self.corners(key[0]), self.corners(key[1])

        def same(p, q):
            return abs(p[0] - q[0]) < 0.01 and abs(p[1] - q[1]) < 0.01

        k = next(i for i in range(6) if any(same(ca[i], p) for p in cb) and any(same(ca[(i + 1) % 6], p) for p in cb))
        s2 = ca[(k + 1) % 6]
        m = next(j for j in range(6) if same(cb[j], s2))
        ring = [ca[(k + 1 + i) % 6] for i in range(6)] + [cb[(m + 2 + i) % 6] for i in range(4)]
        out = points(ring)
        self._outlines[key] = out
        return out

    def tile(self, player: int, a, b) -> Markup:
        """A placed tile (drawn once per place and player, then reused)."""
        key = (player, tuple(a), tuple(b))
        markup = self._tiles.get(key)
        if markup is None:
            markup = self._tiles[key] = self.tile_shape(player, a, b)
        return markup

    def tile_shape(self, player: int, a, b, cls: str = "gs-tile", **extra) -> Markup:
        return svg("polygon", points=self.tile_outline(a, b), fill=f"url(#gs-pat-{player})", class_=f"{cls} p{player}",
                   **extra)

    def half_shape(self, player: int, h, cls: str = "gs-half") -> Markup:
        cx, cy = self.centres[tuple(h)]
        return svg("polygon", points=self.hex_pts(cx, cy), fill=f"url(#gs-pat-{player})", class_=f"{cls} p{player}")

    def base_board(self, towers: frozenset, golden: frozenset) -> Markup:
        """Every cell as a click target (data-cell="q,r"), golden spaces with their star,
        tower spaces in use as stone ground; an unused tower space is a plain space."""
        key = (towers, golden)
        if key in self._base:
            return self._base[key]
        out = self.spaces(CELLS, towers, golden)
        if len(self._base) > 8:
            self._base.clear()
        self._base[key] = out
        return out

    def spaces(self, cells, towers, golden, clickable: bool = True) -> Markup:
        """These cells of the board as base_board draws them (clickable: as targets)."""
        shapes, stars = [], []
        target = ' data-action="cell"' if clickable else ""
        for h in cells:
            cx, cy = self.centres[h]
            cls = "gs-cell"
            if h in towers:
                cls += " gs-tower-space"
            elif h in golden:
                cls += " gs-golden"
                stars.append(star_path(cx, cy, 13))
            shapes.append(f'<polygon points="{self.hex_pts(cx, cy, R - 1.2)}" class="{cls}"{target} '
                          f'data-cell="{h[0]},{h[1]}"/>')
        # The 247 cells are half a page's markup and change only with the towers in
        # play: a redraw leaves them as they are (data-keep).
        return join(kept_group(Markup("".join(shapes)), class_="gs-cells"),
                    Markup(f'<path class="gs-stars" d="{"".join(stars)}"/>'))

    def chain_line(self, ch: dict, partner: dict) -> Markup:
        """A chain (the view's dict) as a line through its cells: every tile's own bar,
        plus just enough links between touching tiles to show they are one chain (a
        spanning tree, so big chains stay a readable line rather than a web).
        `partner` maps each covered cell to the other half of its tile."""
        cells = sorted({tuple(c) for c in ch["cells"]})
        key = (ch["player"], tuple(cells))
        line = self._chains.get(key)
        if line is not None:
            return line
        root = {c: c for c in cells}

        def find(c):
            while root[c] != c:
                root[c] = root[root[c]]
                c = root[c]
            return c

        inside = [(c, partner[c]) for c in cells if partner.get(c, c) > c and partner[c] in root]
        between = [(c, nb) for c in cells for nb in ((c[0] + 1, c[1] - 1), (c[0] + 1, c[1]), (c[0], c[1] + 1))
                   if nb in root and partner.get(c) != nb]
        d = []
        for a, b in inside + between:
            ra, rb = find(a), find(b)
            if ra == rb:
                continue
            root[ra] = rb
            (x1, y1), (x2, y2) = self.centres[a], self.centres[b]
            d.append(f"M{n(x1)} {n(y1)}L{n(x2)} {n(y2)}")
        if len(self._chains) > 2000:
            self._chains.clear()
        line = self._chains[key] = svg("path", d="".join(d), class_=f"gs-chain p{ch['player']}")
        return line


GEOMETRY = {False: Geometry(False), True: Geometry(True)}


# --- the board's layers, drawn from the rules' view (plain values) ---------------------------

def tower_piece(geo: Geometry, i: int, t: dict, clickable: bool = True) -> Markup:
    """Tower number i (the view's dict) on its space, labelled, clickable as its cell."""
    q, r = t["at"]
    cx, cy = geo.centres[(q, r)]
    if t["tall"]:
        label = (_("Tall tower: {colour} token worth {value} (dark side, worth one more than its light side)")
                 if t["dark"] else _("Tall tower: {colour} token worth {value} (light side)"))
    else:
        label = (_("Short tower: {colour} token worth {value} (dark side, worth one more than its light side)")
                 if t["dark"] else _("Short tower: {colour} token worth {value} (light side)"))
    label = label.format(colour=colour_name(t["colour"]), value=t["value"])
    return svg("g", svg("title", label), tower(t["tall"], t["colour"], t["value"], t["dark"], cx, cy),
               class_="gs-tower" + (" gs-tall" if t["tall"] else " gs-short"), data_action="cell" if clickable else None,
               data_cell=f"{q},{r}", data_tower=i, data_colour=t["colour"], data_value=t["value"],
               data_dark="1" if t["dark"] else "0", data_tall="1" if t["tall"] else "0")


def pieces(geo: Geometry, v: dict, clickable: bool = True) -> tuple[Markup, Markup]:
    """The placed tiles (covered golden stars, chain lines) and the towers (clickable:
    as their cells)."""
    tiles, covered_stars = [], []
    golden = v["golden_set"]
    newest = len(v["tiles"]) - 1 if v["last"] and "a" in v["last"] else -1
    for k, (p, a, b) in enumerate(v["tiles"]):
        # The newest tile drops in where it lands (a new element: its CSS animation runs once).
        tiles.append(geo.tile_shape(p, a, b, "gs-tile gs-new") if k == newest else geo.tile(p, a, b))
        for c in (a, b):
            if tuple(c) in golden:
                covered_stars.append(star_path(*geo.centres[tuple(c)], 7))
    partner = {}
    for _p, a, b in v["tiles"]:
        partner[tuple(a)], partner[tuple(b)] = tuple(b), tuple(a)
    chains = [geo.chain_line(ch, partner) for ch in v["chains"]]
    towers = [tower_piece(geo, i, t, clickable) for i, t in enumerate(v["towers"])]
    return (join(svg("g", *tiles, class_="gs-tiles"),
                 svg("path", d="".join(covered_stars), class_="gs-covered-stars") if covered_stars else None,
                 svg("g", *chains, class_="gs-chains")),
            kept_group(*towers, class_="gs-towers"))


def latest_tile(geo: Geometry, v: dict) -> Markup:
    """The latest tile (v["last"]) outlined in its player's colour, the towers it
    scored ringed, and a badge with what it scored."""
    last = v["last"]
    player = last["p"]
    a, b = tuple(last["a"]), tuple(last["b"])
    rings = []
    for t, _c, _pts in last["towers"]:
        cx, cy = geo.centres[tuple(v["towers"][t]["at"])]
        rings.append(svg("circle", cx=n(cx), cy=n(cy - 4), r=24, class_=f"gs-scored-ring p{player}"))
    return svg("g",
               svg("polygon", points=geo.tile_outline(a, b), class_=f"gs-last-ring p{player}"),
               *rings,
               badge(geo, v, last, player),
               class_="gs-last", data_last=player, data_tile=f"{cell_key(a)};{cell_key(b)}")


def pointer(x: float, y: float, angle: float, player: int) -> Markup:
    """A round arrow at (x, y) pointing `angle` degrees (0: right, y down) in the
    player's colour: where their latest tile is, off the part of the board on screen. A
    tap on it (a finger's 44 px round it) brings the tile into view."""
    return svg("g",
               svg("circle", cx=0, cy=0, r=32, class_="gs-pointer-hit"),
               svg("circle", cx=0, cy=0, r=21, class_="gs-pointer-bg"),
               svg("path", d="M-11 0H9M1-8L10 0L1 8", class_="gs-pointer-arrow"),
               transform=f"translate({n(x)} {n(y)}) rotate({n(angle)})",
               class_=f"gs-pointer p{player}", data_latest_pointer="", data_action="to-latest", aria_hidden="true")


def badge_spot(geo: Geometry, v: dict, a, b, width: float) -> tuple[float, float]:
    """Where the latest move's badge goes: next to the tile, clear of the towers
    (their tokens) and inside the board."""
    (ax, ay), (bx, by) = geo.centres[a], geo.centres[b]
    mx, my = (ax + bx) / 2, (ay + by) / 2
    hw, hh = geo.half_w, geo.half_h
    spots = [(mx, min(ay, by) - hh - 5), (mx, max(ay, by) + hh + 5),
             (max(ax, bx) + hw + width / 2 - 4, my), (min(ax, bx) - hw - width / 2 + 4, my)]
    x0, y0, w0, h0 = geo.box
    towers = [geo.centres[tuple(t["at"])] for t in v["towers"]]

    def clearance(spot):
        x, y = spot
        half = BADGE_H / 2
        if not (x0 + width / 2 <= x <= x0 + w0 - width / 2 and y0 + half + 2 <= y <= y0 + h0 - half - 2):
            return -1.0
        # gap between the badge (a pill) and the nearest tower (about 32 x 46 units)
        gaps = [max(abs(tx - x) - width / 2 - 16, 0, (ty - 25) - (y + half), (y - half) - (ty + 21)) for tx, ty in towers]
        return min(gaps) if gaps else 99.0

    for spot in spots:
        if clearance(spot) >= 4:
            return spot
    return max(spots, key=clearance)


def badge_box(geo: Geometry, v: dict, last: dict) -> tuple[float, float, float, float]:
    """The latest move's badge (v["last"], a tile), in board units: x, y, width, height.
    The view frames it with the tile, so what the tile scored is read whole."""
    width = badge_width(last["gain"])
    cx, y = badge_spot(geo, v, tuple(last["a"]), tuple(last["b"]), width)
    return (cx - width / 2, y - BADGE_H / 2, width, BADGE_H)


def badge_width(gain) -> float:
    scored = sum(1 for g in gain if g)
    return 42 if not scored else 8 + BADGE_ITEM * scored


def badge(geo: Geometry, v: dict, last: dict, player: int) -> Markup:
    items = [(c, g) for c, g in zip(COLOURS, last["gain"]) if g]
    left, top, width, _ = badge_box(geo, v, last)
    cx, y = left + width / 2, top + BADGE_H / 2
    base = y + LABEL * 0.36  # the text's baseline: its digits centred on y
    if not items:
        body = [svg("text", "+0", x=n(cx), y=n(base), class_="gs-badge-text")]
    else:
        body = []
        x0 = cx - width / 2 + 6
        for i, (c, g) in enumerate(items):
            x = x0 + BADGE_ITEM * i
            body.append(svg("path", d=shape_path(c, x + 9, y, 8), fill=FILL[c], stroke=EDGE[c], stroke_width=1.2))
            body.append(svg("text", f"+{g}", x=n(x + 32), y=n(base), class_="gs-badge-text"))
    return svg("g", svg("rect", x=n(cx - width / 2), y=n(y - BADGE_H / 2), width=n(width), height=n(BADGE_H),
                        rx=n(BADGE_H / 2), class_=f"gs-badge-bg p{player}"),
               *body, class_="gs-badge", aria_hidden="true")


def open_spaces(geo: Geometry, cells) -> Markup:
    """Where a half of a tile that scores can go: a faint glow on each space (under the
    tiles and towers: their tokens stay as they are)."""
    return svg("g", *(svg("polygon", points=geo.hex_pts(*geo.centres[c], R - 4), data_lit=cell_key(c))
                      for c in cells), class_="gs-open")


def half_targets(geo: Geometry, me: int, first, targets: list) -> Markup:
    """The first half of a tile being made, and the neighbours that finish it:
    targets = [(cell, points it brings, golden?)]."""
    out = [geo.half_shape(me, first, "gs-ghost")]
    for c, pts, golden in targets:
        cx, cy = geo.centres[c]
        out.append(svg("polygon", points=geo.hex_pts(cx, cy, R - 5), class_=f"gs-target p{me}", data_target=cell_key(c)))
        if pts:
            out.append(svg("text", f"+{pts}", x=n(cx), y=n(cy + LABEL * 0.36), class_="gs-target-pts"))
        if golden:
            out.append(svg("path", d=star_path(cx, cy - 14 if pts else cy, 6), class_="gs-target-star"))
    return svg("g", *out, class_="gs-pick")


def previewed_tile(geo: Geometry, v: dict, me: int, first, second, p: dict) -> Markup:
    """The previewed tile (p: the rules' tile_preview) with the rest of its chain
    glowing and the towers it touches ringed, each with the points it scores."""
    out = []
    for c in p["chain"]:
        if tuple(c) not in (first, second):
            cx, cy = geo.centres[tuple(c)]
            out.append(svg("polygon", points=geo.hex_pts(cx, cy, R - 4), class_="gs-chain-glow"))
    out.append(geo.tile_shape(me, first, second, "gs-ghost", data_ghost=""))
    for t in p["touched"]:
        tw = v["towers"][t]
        cx, cy = geo.centres[tuple(tw["at"])]
        scores = next((pts for k, _c, pts in p["towers"] if k == t), 0)
        bonus = t in p["bonus_towers"]
        out.append(svg("circle", cx=n(cx), cy=n(cy - 4), r=24, class_="gs-touch-ring" + (" gs-scores" if scores or bonus else "")))
        label = ([f"+{scores}"] if scores else []) + ([_("+1 all")] if bonus else [])
        if label:
            text = " ".join(label)
            width = 12 + text_width(text)
            out.append(svg("g",
                           svg("rect", x=n(cx - width / 2), y=n(cy + 14), width=n(width), height=LABEL + 7,
                               rx=n((LABEL + 7) / 2), class_="gs-chip-bg"),
                           svg("text", text, x=n(cx), y=n(cy + 17.5 + LABEL * 0.86), class_="gs-chip-text",
                               fill=TEXT[tw["colour"]] if scores and not bonus else None),
                           class_="gs-tower-chip"))
    return svg("g", *out, class_="gs-pick")


def cursor_mark(geo: Geometry, c, label: str, shown: bool) -> Markup:
    """The keyboard cursor on space c (focusable, labelled): its ring shows while it
    has the focus, or while the keys are in use (`shown`)."""
    cx, cy = geo.centres[c]
    return svg("polygon", points=geo.hex_pts(cx, cy, R - 2), class_="gs-cursor" + (" gs-cursor-on" if shown else ""),
               tabindex=0, role="button", aria_label=label, data_cursor=cell_key(c))


@lru_cache(maxsize=32)
def player_hex(player: int, cx: float = 0, cy: float = 0) -> Markup:
    return svg("polygon", points=hex_pts(cx, cy, 28), fill=f"url(#gs-pat-{player})", stroke=PLAYER_EDGE[player],
               stroke_width=3)


def swatch(player: int, size: int = 22) -> Markup:
    """A player's tile colour and pattern, for the score panel and legends."""
    return svg("svg", player_hex(player), viewBox="-31 -28 62 56", width=size, height=round(size * 56 / 62),
               class_="gs-swatch", aria_hidden="true")


def tile_picture(player: int, height: int = 30) -> Markup:
    """A player's tile as it looks: two joined hexes in their colour (the turn panel's
    "your tile")."""
    dx, dy = 42, 28 * math.sqrt(3) / 2  # the diagonal neighbour of a flat-top hex
    return svg("svg", player_hex(player), player_hex(player, dx, dy), viewBox=f"-31 -28 104 {n(56 + dy)}",
               height=height, width=round(height * 104 / (56 + dy)), class_="gs-tile-pic", aria_hidden="true")


def defs() -> Markup:
    """Patterns and gradients used by the board and the panels (one hidden SVG)."""
    marks = (
        "",
        '<circle cx="5" cy="5" r="1.9" fill="#fff" fill-opacity=".55"/>',
        '<rect width="3.2" height="10" fill="#fff" fill-opacity=".32"/>',
        '<path d="M0 .6H10M.6 0V10" stroke="#fff" stroke-opacity=".5" stroke-width="1.5"/>',
    )
    transforms = ("", "", ' patternTransform="rotate(40)"', "")
    pats = "".join(
        f'<pattern id="gs-pat-{p}" width="10" height="10" patternUnits="userSpaceOnUse"{transforms[p]}>'
        f'<rect width="10" height="10" fill="{PLAYER_FILL[p]}"/>{marks[p]}</pattern>'
        for p in range(4))
    grads = ('<radialGradient id="gs-gold" cx="50%" cy="40%" r="65%"><stop offset="0" stop-color="#ffe38a"/>'
             '<stop offset="1" stop-color="#f0b62a"/></radialGradient>'
             '<linearGradient id="gs-stone" x1="0" x2="1"><stop offset="0" stop-color="#9aa4ae"/>'
             '<stop offset=".45" stop-color="#d5dbe0"/><stop offset="1" stop-color="#7d8791"/></linearGradient>')
    return hidden_defs(f"<defs>{pats}{grads}</defs>", "gs-defs")
