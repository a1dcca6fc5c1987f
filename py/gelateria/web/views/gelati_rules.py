"""Gelati's rules-page pictures (screens.RulesScreen): the parts, a tile and an order
as the table draws them, and each worked example (games/gelati/examples.py) drawn
with the board's own art and scored by the rules."""

from __future__ import annotations

from gelateria.core import hexgrid
from gelateria.core.i18n import _, ngettext
from gelateria.games.gelati.rules import ORDER_PARTS, ORDER_POINTS, part_name, parts_text, tile_named, tile_text
from gelateria.web.markup import Markup, h, svg
from gelateria.web.views import gelati_art as art

SAMPLE_TILE = tile_named("strawberry", "waffle cone", "cherry")
MARGIN = 14  # board units around an example's tiles


def defs() -> Markup:
    return art.defs_svg()


def components() -> Markup:
    """Every cup, flavour and topping with its name, a tile, and an order card."""
    kinds = [h("div", {"class": "gl-kind"}, h("h3", None, _(title)),
               h("ul", {"class": "gl-part-list"},
                 *[h("li", None, art.part_picture(p, 40), h("span", None, part_name(p))) for p in parts]))
             for title, parts in art.KIND_TITLES]
    return h("div", {"class": "rules-components gl-components"},
             *kinds,
             h("div", {"class": "gl-kind"}, h("h3", None, _("A tile")),
               h("p", {"class": "gl-component"},
                 art.tile_picture(SAMPLE_TILE, tile_text(SAMPLE_TILE).capitalize(), size=84),
                 h("span", None, _("Each tile shows one ice cream: {tile}.").format(tile=tile_text(SAMPLE_TILE))))),
             h("div", {"class": "gl-kind"}, h("h3", None, _("An order")),
               h("ul", {"class": "gl-orders rules-order"}, art.order_card(0, [0] * 12, False)),
               h("p", {"class": "gl-component-note"},
                 _("Complete it with its three parts for {points} points.").format(points=ORDER_POINTS))))


def picture(example, outcome) -> Markup:
    move = example.move
    if "at" in move:
        return placement(outcome, move)
    return parts_change(example, outcome)


def placement(outcome, move) -> Markup:
    """The board before, the tile where the example puts it, and what it scores (or a
    red ring: not allowed)."""
    before = outcome.before
    cell = tuple(move["at"])
    board = [[q, r, t] for (q, r), t in before.board.items()]
    cells = {cell, *before.board}
    x, y, w, hh = hexgrid.bounds(cells, art.R)
    cx, cy = hexgrid.to_pixel(cell, art.R)
    marks = [art.tile_svg(move["p"], cx, cy, class_="gl-ghost"),
             svg("polygon", points=art.hex_points(art.R - 3, cx, cy),
                 class_="gl-aim-ring" if outcome.after else "gl-aim-ring gl-refused")]
    if outcome.after:
        last = outcome.after.last
        marks.append(art.badge_svg(cell, last["points"], last["earned"], before.turn))
    else:
        marks.append(svg("text", "✗", x=round(cx, 1), y=round(cy + 12, 1), class_="gl-refused-mark"))
    label = board_words(before.board, move["p"])
    box = (x - MARGIN, y - MARGIN - 30, w + 2 * MARGIN, hh + 2 * MARGIN + 30)  # room above for the badge
    return svg("svg", svg("title", label), art.placed_tiles(board, ids=False), *marks,
               viewBox=" ".join(art.fmt(v) for v in box), class_="gelati-board rules-board", role="img", aria_label=label)


def board_words(board: dict, tile: int) -> str:
    tiles = "; ".join(tile_text(t) for t in board.values())
    return _("On the table: {tiles}. The tile placed: {tile}.").format(tiles=tiles, tile=tile_text(tile))


def parts_change(example, outcome) -> Markup:
    """An order or a trade: the parts held before and after, and the order card."""
    before, after = outcome.before, outcome.after
    seat = example.seat
    order = example.move.get("order")
    if order is None:
        order = next(o for o in before.orders[seat] if all(after.held[seat][p] for p in ORDER_PARTS[o]))
    held_after = list(after.held[seat])
    return h("div", {"class": "gl-parts-change"},
             h("div", {"class": "gl-parts-step"}, h("h3", None, _("You hold")),
               art.held_list(list(before.held[seat]), _("Parts you hold"))),
             h("span", {"class": "gl-parts-arrow", "aria-hidden": "true"}, "→"),
             h("div", {"class": "gl-parts-step"}, h("h3", None, _("Then")),
               art.held_list(held_after, _("Parts you hold then")) if any(held_after)
               else h("p", {"class": "gl-order-done"}, f"+{ORDER_POINTS}")),
             h("div", {"class": "gl-parts-step"}, h("h3", None, _("Your order")),
               h("ul", {"class": "gl-orders rules-order"},
                 art.order_card(order, held_after if "trade" in example.move else list(before.held[seat]),
                                "trade" in example.move or "order" in example.move))))


def result(example, outcome) -> str:
    if outcome.refusal:
        return _("Not allowed: {reason}").format(reason=outcome.refusal)
    last = outcome.after.last
    if last["kind"] == "place":
        points = ngettext("{count} point", "{count} points", last["points"]).format(count=last["points"])
        if last["earned"]:
            return _("Scores {points} and earns {parts}.").format(points=points, parts=parts_text(last["earned"]))
        return _("Scores {points}.").format(points=points)
    if last["kind"] == "order":
        return _("Scores {points} points; the three parts go back to the supply.").format(points=last["points"])
    return _("You give {give} and take {get}.").format(give=parts_text(last["give"]), get=part_name(last["get"]))
