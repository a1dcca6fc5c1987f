"""Genial Spezial's rules page pictures: the components, and each worked example as a
piece of the board drawn by the play screen's own art (genial_art.py): the spaces
around the example, its tiles and towers, and the tile the example places as the
play screen previews it (dashed, its chain lit, the towers it touches ringed with what
they score). The words for what the tile makes are the play screen's preview words,
from the rules' own numbers.
"""

from __future__ import annotations

from gelateria.core.i18n import N_, _, ngettext, seat_label, sentence_gap
from gelateria.games.genial.rules import CELLS, COLOURS, GAME, colour_name, place_words, tile_preview
from gelateria.web.markup import Markup, h, join, svg
from gelateria.web.views import genial_art as art
from gelateria.web.views.genial_panels import gain_words, why_it_scores

GEO = art.GEOMETRY[False]  # the wide board: examples read left to right, as in the rulebook
CROP_CELLS = 1.5  # margin around the example's cells, in cells
MIN_CROP = 300.0  # board units: about seven cells across
TILE_COLOURS = (N_("red"), N_("black"), N_("brown"), N_("pink"))  # PLAYER_FILL, in words
SHAPES = {"o": N_("circle"), "g": N_("square"), "b": N_("diamond"), "p": N_("hexagon")}  # the tokens' shapes


# --- the components ---------------------------------------------------------------------

def part(picture: Markup, name: str, box: str) -> Markup:
    """One component: its drawing (named for screen readers too) and its name."""
    return h("li", {"class": "gs-part"},
             svg("svg", picture, viewBox=box, role="img", aria_label=name, class_="gs-part-art"),
             h("span", {"class": "gs-part-name"}, name))


def space_part(kind: str, name: str) -> Markup:
    cx, cy = 0.0, 0.0
    cls = {"plain": "gs-cell", "golden": "gs-cell gs-golden", "spare": "gs-cell gs-spare"}.get(kind, "gs-cell gs-tower-space")
    shapes = [svg("polygon", points=art.hex_pts(cx, cy, art.R - 1.2), class_=cls)]
    if kind == "golden":
        shapes.append(svg("path", d=art.star_path(cx, cy, 13), class_="gs-stars"))
    elif kind == "spare":
        shapes.append(svg("text", "3", x=0, y=5, class_="gs-spare-mark"))
    elif kind in ("tall", "short"):
        shapes.append(art.tower(kind == "tall", "b", 1, False, cx, cy))
    return part(join(*shapes), name, "-34 -46 68 80")


def token_part(colour: str) -> Markup:
    """A colour's tokens: light 1 and 2, each with its dark side (one more) beside it."""
    tokens = [art.token(colour, value + dark, bool(dark), x, 0.0, 12.5)
              for value, x0 in ((1, -62.0), (2, 14.0)) for dark, x in ((0, x0), (1, x0 + 36))]
    arrows = [svg("path", d=f"M{x - 4} 0h8m-3-3 3 3-3 3", class_="gs-flip-arrow") for x in (-44, 32)]
    name = _("{colour} ({shape}): 1 and 2, turned over 2 and 3").format(
        colour=colour_name(colour).capitalize(), shape=_(SHAPES[colour]))
    return part(join(*tokens, *arrows), name, "-78 -17 144 34")


def tile_part(player: int) -> Markup:
    a, b = (0, 0), (1, 0)
    (ax, ay), (bx, by) = GEO.centres[a], GEO.centres[b]
    name = _("{player}: {colour}, {pattern}").format(player=seat_label(player), colour=_(TILE_COLOURS[player]),
                                                     pattern=_(art.PATTERN_NAMES[player]))
    box = f"{art.n(ax - art.R - 2)} {art.n(ay - art.HALF_H - 2)} {art.n(bx - ax + 2 * art.R + 4)} {art.n(by - ay + 2 * art.HALF_H + 4)}"
    return part(GEO.tile_shape(player, a, b), name, box)


def defs() -> Markup:
    """The tile patterns and gradients every picture on the page uses."""
    return art.defs()


def components() -> Markup:
    kinds = (
        (_("The board's spaces"), "spaces",
         [space_part("plain", _("Plain space")), space_part("golden", _("Golden bonus space")),
          space_part("tall", _("Tall tower")), space_part("short", _("Short tower")),
          space_part("spare", _("Tower space not in use (used from 3 players)"))]),
        (_("Score tokens: light side, and dark side after scoring"), "tokens", [token_part(c) for c in COLOURS]),
        (_("Tiles, one colour per player"), "tiles", [tile_part(p) for p in range(4)]),
    )
    return h("div", {"class": "rules-components genial gs-components", "data-components": ""},
             *[h("div", {"class": f"gs-kind gs-kind-{key}"}, h("h3", None, title), h("ul", {"class": "gs-parts"}, *parts))
               for title, key, parts in kinds])


# --- an example -------------------------------------------------------------------------

def crop(cells) -> tuple[float, float, float, float]:
    """A view box around these cells' centres with CROP_CELLS cells of margin across
    (one and a half rows up and down), at least MIN_CROP board units wide."""
    xs = [GEO.centres[c][0] for c in cells]
    ys = [GEO.centres[c][1] for c in cells]
    mx = max(CROP_CELLS * 1.5 * art.R + art.R, (MIN_CROP - max(xs) + min(xs)) / 2)
    my = max(1.5 * 2 * art.HALF_H, (MIN_CROP * 0.6 - max(ys) + min(ys)) / 2)  # a row less: a wider picture
    x0, y0 = min(xs) - mx, min(ys) - my
    return (x0, y0, max(xs) + mx - x0, max(ys) + my - y0)


def shown_cells(box) -> list:
    """The board's cells that show, even in part, in the view box."""
    x, y, w, hh = box
    return [c for c in CELLS if x - 2 * art.R < GEO.centres[c][0] < x + w + 2 * art.R
            and y - 2 * art.R < GEO.centres[c][1] < y + hh + 2 * art.R]


def tower_words(t: dict) -> str:
    if t["tall"]:
        text = _("tall {colour} {value} (dark side)") if t["dark"] else _("tall {colour} {value}")
    else:
        text = _("short {colour} {value} (dark side)") if t["dark"] else _("short {colour} {value}")
    return text.format(colour=colour_name(t["colour"]), value=t["value"])


def board_words(v: dict, seat: int, move) -> str:
    """The picture in words: its towers, the tiles already placed, where the new tile goes."""
    towers = [(t["at"], t["tall"], t["colour"]) for t in v["towers"]]
    said = []
    if v["towers"]:
        said.append(_("Towers: {towers}.").format(towers=_("; ").join(tower_words(t) for t in v["towers"])))
    if v["golden"]:
        said.append(ngettext("{count} golden space.", "{count} golden spaces.", len(v["golden"])).format(count=len(v["golden"])))
    own = sum(1 for p, _a, _b in v["tiles"] if p == seat)
    chains = sum(1 for ch in v["chains"] if ch["player"] == seat)
    if own:
        tiles = ngettext("{count} tile", "{count} tiles", own).format(count=own)
        in_chains = ngettext("{count} chain", "{count} chains", chains).format(count=chains)
        # i18n: e.g. "Red: 3 tiles in 2 chains." ({player} is a tile colour)
        said.append(_("{player}: {tiles} in {chains}.").format(player=_(TILE_COLOURS[seat]).capitalize(),
                                                               tiles=tiles, chains=in_chains))
    said.append(_("The new tile, dashed, goes {where}.").format(where=place_words(towers, move["a"], move["b"])))
    return " ".join(said)


def picture(example, outcome) -> Markup:
    state, seat, move = outcome.before, example.seat, example.move
    v = GAME.view(state, None)
    v["golden_set"] = {tuple(c) for c in v["golden"]}
    a, b = tuple(move["a"]), tuple(move["b"])
    involved = [a, b, *(tuple(t["at"]) for t in v["towers"]), *(tuple(c) for _p, x, y in v["tiles"] for c in (x, y))]
    box = crop(involved)
    towers = frozenset(tuple(t["at"]) for t in v["towers"])
    tiles, tower_pieces = art.pieces(GEO, v, clickable=False)
    placed = None
    if outcome.refusal is None:
        placed = art.previewed_tile(GEO, v, seat, a, b, tile_preview(GAME.view(state, None), seat, move))
    else:  # (no Genial example is refused; drawn as an outline all the same)
        placed = GEO.tile_shape(seat, a, b, "gs-ghost")
    words = board_words(v, seat, move)
    cells = shown_cells(box)
    return svg("svg", svg("title", words),
               GEO.spaces(cells, towers, frozenset(v["golden_set"]), clickable=False),
               tiles, tower_pieces, placed,
               viewBox=" ".join(art.n(x) for x in box), role="img", aria_label=words,
               class_="genial gs-example-board", data_cells=len(cells))


def result(example, outcome) -> str:
    """What the tile makes, in the play screen's preview words: "Scores 3: towers +2
    green, +1 blue; the blue token turns over to 2; …"."""
    if outcome.refusal is not None:
        return outcome.refusal
    before, event = outcome.before, outcome.after.last
    facts = {**tile_preview(GAME.view(before, None), example.seat, example.move), **event}  # the move's own event
    reasons = why_it_scores(facts)
    flips = [_("the {colour} token turns over to {value}").format(colour=colour_name(colour), value=points + 1)
             for tower, colour, points in event["towers"] if not before.dark[tower]]
    at = 1 if event["towers"] else 0
    reasons[at:at] = flips
    if event["bonus"] and (event["towers"] or event["golden"]):
        reasons.append(_("in all {gains}").format(gains=gain_words(event["gain"])))
    total = sum(event["gain"])
    head = _("Scores {total}:").format(total=total) if total else _("No points:")
    return head + sentence_gap() + _("{reasons}.").format(reasons=_("; ").join(reasons))
