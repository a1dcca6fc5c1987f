"""The Gelati guided first game: the whole turn taught once, lesson by lesson, as the
game first gives the chance, and between lessons the space worth most.

Each lesson is shown until you have done what it teaches, so, followed, each shows on
one turn only. What you have done is read from the game's own trail (your moves before
this turn), so a reload of the guided address does not teach a lesson again. Hint keys
(the table's data-hint; static/gelati.css lights what each points at):
- your first tile: "select-tile", "spots" (what the glowing spaces say), "place";
- "row": a space where the chosen tile makes four in a row and wins a part (until you
  have won one);
- "order": completing an order (until you have completed one);
- "trade": a trade after which an order can be completed (until you have traded);
- "discard": the five-part limit (the first turn you hold more than five);
- "end-turn": trading two for one, and ending a turn draws a tile (the first time step 2
  waits for you);
- between lessons, "best": the space worth most for the chosen tile (its points and
  the parts it wins for your orders), by name;
- when nothing fits: "other-tile", "exchange" (until you have exchanged), "pass"
  (until you have passed).
"row" and "best" end with a "Show me" button (data-show) that aims the tile there. On
step 2 with no lesson due there is no hint: the step's own card says what to do.
"""

from __future__ import annotations

from dataclasses import dataclass

from gelateria.core.facts import Facts
from gelateria.core.i18n import _
from gelateria.games.gelati.bots import holding_value
from gelateria.games.gelati.rules import N_PARTS, ORDER_PARTS, PART_LIMIT, part_name, parts_text, place_words, tile_text
from gelateria.web.markup import Markup, h, join
from gelateria.web.views.gelati_panels import completing_trade, preview, preview_text, targets

LESSONS = ("row", "order", "trade", "discard")  # the four a first game must show (issue 32)


@dataclass(frozen=True)
class Done:
    """What you did before this turn, as the trail tells it."""

    placed: bool = False
    won_part: bool = False
    ordered: bool = False
    traded: bool = False
    exchanged: bool = False
    passed: bool = False
    over_limit: bool = False  # you had to come down to five parts
    waited: bool = False  # step 2 waited for you (two parts or more: a trade was open)


def done_before(facts: Facts, me: int) -> Done:
    """Your moves before this turn, and the parts you held after each (the trail keeps
    the events, not the parts: they are counted from what each event moved)."""
    events = [step["last"] for step in facts.trail[1:facts.moves + 1]]
    while events and events[-1] and events[-1]["player"] == me:  # this turn's own moves
        events.pop()
    held = [0] * N_PARTS
    found = {}
    for e in events:
        if not e or e["player"] != me:
            continue
        kind = e["kind"]
        if kind == "place":
            found["placed"] = True
            found["won_part"] = found.get("won_part") or bool(e["earned"])
            for part in e["earned"]:
                held[part] += 1
        elif kind == "order":
            found["ordered"] = True
            for part in ORDER_PARTS[e["order"]]:
                held[part] -= 1
        elif kind == "trade":
            found["traded"] = True
            for part in e["give"]:
                held[part] -= 1
            held[e["get"]] += 1
        elif kind == "discard":
            held[e["part"]] -= 1
        elif kind == "exchange":
            found["exchanged"] = True
        elif kind == "pass":
            found["passed"] = True
        if kind in ("place", "pass") and sum(held) >= 2:
            found["waited"] = True
        if sum(held) > PART_LIMIT:
            found["over_limit"] = True
    return Done(**found)


def worth(facts: Facts, tile: int, cell) -> float:
    """What placing `tile` on `cell` is worth to you: its points, and what the parts it
    wins bring your orders (the bots' measure: gelati/bots.py holding_value)."""
    v = facts.view
    p = preview(facts, tile, cell)
    held = v["held"][v["me"]]
    after = list(held)
    for part in p["earned"]:
        after[part] += 1
    return p["points"] + holding_value(after, v["orders"]) - holding_value(held, v["orders"])


def best_space(facts: Facts, ui, winning_parts: bool = False) -> tuple[int, int] | None:
    """The space worth most for the chosen tile (the first of equals); with
    `winning_parts`, among those where it wins parts in a row of four (None: none)."""
    spaces = [c for c in targets(facts, ui) if not winning_parts or preview(facts, ui.selected, c)["earned"]]
    return max(spaces, key=lambda c: (worth(facts, ui.selected, c), -spaces.index(c))) if spaces else None


def row_space(facts: Facts, ui) -> tuple[int, int] | None:
    """The space worth most where the chosen tile wins a part in a row of four."""
    return best_space(facts, ui, winning_parts=True)


def least_needed(facts: Facts) -> int:
    """The part you can best do without (the bots' measure; of equals, the one the
    supply has most of: the rarer ones are harder to get back)."""
    v = facts.view
    held = v["held"][v["me"]]

    def left_after(part: int) -> tuple:
        after = list(held)
        after[part] -= 1
        return holding_value(after, v["orders"]), v["supply"][part]

    return max((m["discard"] for m in facts.legal if "discard" in m), key=left_after)


def show_me(words: str, cell, ui) -> Markup:
    """The hint's words and a button that shows the tile on the space they name (on a
    phone that space may be anywhere on a big board); once it is shown there, the words
    alone (the board's "Place here" puts it down)."""
    if ui.aim == cell:
        return join(words)
    return join(words, " ", h("button", {"type": "button", "class": "secondary", "data-action": "cell",
                                         "data-q": cell[0], "data-r": cell[1], "data-show": ""}, _("Show me")))


def hint(facts: Facts, ui) -> tuple[str, str] | None:
    """The next thing to do on your turn, or None when no lesson is due."""
    v = facts.view
    done = done_before(facts, facts.actor)
    if v["phase"] == "place":
        return placing(facts, ui, done)
    if any("order" in m for m in facts.legal) and not done.ordered:
        return "order", _("You hold all three parts of an order: complete it for 15 points.")
    if any("discard" in m for m in facts.legal) and not done.over_limit:
        return "discard", _("Five parts at most: you may end a turn holding no more than {limit}, and you hold "
                            "{count}. Discard one your orders need least ({part}), or trade two for one.").format(
            limit=PART_LIMIT, count=sum(v["held"][v["me"]]), part=part_name(least_needed(facts)))
    trade = completing_trade(facts)
    if trade and not done.traded:
        a, b = trade["trade"]
        give = _("{part} ×2").format(part=part_name(a)) if a == b else parts_text([a, b])
        return "trade", _("Trade {give} for {get}: then you can complete an order. Choose the two parts to give, "
                          "then the one to take.").format(give=give, get=part_name(trade["get"]))
    if {"end": 1} in facts.legal and not done.waited:
        return "end-turn", _("Step 2: with two parts or more you may trade two for one, for a part your orders "
                             "need (starred). No trade completes an order now: end your turn, and you draw a new tile.")
    return None


def placing(facts: Facts, ui, done: Done) -> tuple[str, str] | None:
    v = facts.view
    if v["must"] == "exchange":
        return None if done.exchanged else (
            "exchange", _("None of your tiles fits anywhere: swap one for the top tile of the stack."))
    if v["must"] == "pass":
        return None if done.passed else ("pass", _("Nothing fits and the stack is empty: pass this turn."))
    if not done.placed and len(v["hand"]) > 1 and not ui.chose_tile:
        return "select-tile", _("Choose one of your two tiles (under “Your tiles”) to place; each space on the "
                                "board then shows what it would score.")
    if not targets(facts, ui):
        return "other-tile", _("That tile fits nowhere on the table yet: choose your other tile.")
    if not done.placed:
        if ui.aim is not None:
            return "place", _("This is where your tile would go. Select the same space again (or Place here) to "
                              "put it down.")
        return "spots", _("The glowing spaces are where your tile fits, with the points it would score. The more "
                          "tiles it touches, the more points. Select a space to look.")
    board = {(q, r): t for q, r, t in v["board"]}
    row = row_space(facts, ui)
    if row is not None and not done.won_part:
        won = preview(facts, ui.selected, row)["earned"]
        return "row", show_me(_("Four in a row wins a part. Put {tile} {where}: it makes a line of four tiles that "
                                "share {parts}, and you take {parts} from the supply for your orders (the space "
                                "shows it).").format(tile=tile_text(ui.selected), where=place_words(board, row),
                                                     parts=parts_text(won)), row, ui)
    best = best_space(facts, ui)
    return "best", show_me(_("A good space for {tile}: {where} ({preview}).").format(
        tile=tile_text(ui.selected), where=place_words(board, best),
        preview=preview_text(preview(facts, ui.selected, best))), best, ui)
