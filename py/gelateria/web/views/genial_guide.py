"""The Genial Spezial guided first game: the next step in words, the tile it suggests
lit on the board, and how the score was made at the end.

The suggested tile is the normal bot's favourite placement (its judgement: the rules'
own scoring, a tile ahead, the weakest colours first, worked out from the seat's view:
bots.ranked_placements); what the words say it scores is the rules' `tile_preview` of
that very move. It is worked out once per position, and only while the guided game's
hints are on (the table's Setting). Hint keys (the table's data-hint, lit by
static/genial.css):
- choosing the first space, one key per lesson the suggested tile teaches:
  "tall" (a chain touching two tall towers: +1 in every colour for each),
  "lowest" (it raises your weakest colour, which is your score), "connect" (a chain
  touching two towers scores their tokens), "tall-next" (no points from towers, but
  your next tile could score a tall bonus), "golden-space" (+1 in a colour you
  choose), "build" (no points yet: a chain toward the towers);
- "second": the other half, "golden": a golden half's colour, "place": confirm;
- "pass": nothing fits anywhere.
"""

from __future__ import annotations

from gelateria.core.facts import Facts
from gelateria.core.i18n import _, and_list, ngettext
from gelateria.games.genial.bots import ranked_placements
from gelateria.games.genial.rules import CELLS, COLOURS, INDEX, bonus_in_reach, colour_name, place_words, points_made, tile_preview
from gelateria.web.markup import Markup, join, svg
from gelateria.web.views import genial_art as art
from gelateria.web.views.genial_panels import Scene, gain_words

# The keys that ask for the first space of the suggested tile (the lesson it teaches).
FIRST_STEP = ("tall", "lowest", "connect", "tall-next", "golden-space", "build")


def hinting(ui) -> bool:
    """The guided game's hints are on at this table."""
    return ui.setting.guided and not ui.setting.hints_off


def plan(s: Scene) -> dict:
    """The placements the normal bot ranks, best first, as (value, a, b, golden); the
    best as a move; the rules' preview of it; and the lesson it teaches: once per
    position (kept in the ui until the position changes: GenialView.settle)."""
    if s.ui.plan is None:
        view, me = s.facts.view, s.me
        ranked = ranked_placements(view, me)
        _value, a, b, golden = ranked[0]
        move = {"a": list(CELLS[a]), "b": list(CELLS[b])}
        if golden:
            move["g"] = golden
        found = {"ranked": ranked, "move": move, "preview": tile_preview(view, me, move)}
        found["lesson"] = lesson(s, found)
        s.ui.plan = found
    return s.ui.plan


def suggested_partner(s: Scene) -> tuple[int, int]:
    """The best other half for the first half chosen (the best-ranked tile through it)."""
    first = INDEX[s.ui.first]
    _value, a, b, _golden = next(x for x in plan(s)["ranked"] if first in (x[1], x[2]))
    return CELLS[b] if a == first else CELLS[a]


def hint(s: Scene) -> tuple[str, str] | None:
    """The next thing to do on your turn, most pressing first (None: no hints here)."""
    ui = s.ui
    if s.me is None or s.facts.phase != "play" or not hinting(ui):
        return None
    if s.must_pass():
        return "pass", _("No tile fits anywhere: pass this turn.")
    if ui.first is None:
        return plan(s)["lesson"]
    if ui.second is None:
        return "second", _("Now the other half: choose the neighbour outlined in blue. Each dashed outline shows what the "
                           "tile would score.")
    p = s.preview
    if p is None or "error" in p:
        return None
    if ui.golden_pick:
        return "golden", _("A golden space: +1 in the colour you pick. It helps your score most in your "
                           "weakest ({colours}). Then Place tile.").format(colours=weakest_for_golden(ui, p))
    return "place", _("The panel shows what this tile scores. Place tile puts it down; Cancel looks elsewhere.")


def shown(s: Scene, said: tuple[str, str] | None) -> bool:
    """The hint is on screen (the table shows it unless the player dismissed it)."""
    return said is not None and said[0] not in s.ui.setting.hints_done


def weakest_for_golden(ui, p: dict) -> str:
    """The weakest colours after the tile, leaving out the first golden half's own point
    (the colours its chooser marks "weakest")."""
    base = list(p["after"])
    base[COLOURS.index(ui.golden_pick[0])] -= 1
    return and_list([colour_name(c) for k, c in enumerate(COLOURS) if base[k] == min(base)])


def lesson(s: Scene, found: dict) -> tuple[str, str]:
    """The suggested tile, and the lesson of what the rules say it does."""
    move, p = found["move"], found["preview"]
    towers = [(t["at"], t["tall"], t["colour"]) for t in s.v["towers"]]

    def where(numbers=None) -> str:  # the tile's place, by the nearest of these towers (default: any)
        return place_words([towers[t] for t in numbers] if numbers else towers, move["a"], move["b"])

    gains = gain_words(p["gain"])
    before = p["before"]
    weakest = [k for k, value in enumerate(before) if value == min(before)]
    scored = [t for t, _colour, _points in p["towers"]]
    if p["bonus"]:
        return "tall", _("Tall towers pay extra: a chain touching two of them scores +1 in every colour for "
                         "each. A tile {where} does it: {gains}. Choose a space outlined in blue.").format(
            where=where(p["bonus_towers"]), gains=gains)
    if scored and max(before) > 0 and any(p["gain"][k] for k in weakest):
        return "lowest", _("Your score is your weakest colour ({colours}, {value}): raise it. A tile {where} "
                           "scores {gains}. Choose a space outlined in blue.").format(
            colours=and_list([colour_name(COLOURS[k]) for k in weakest]), value=min(before),
            where=where(scored), gains=gains)
    if scored:
        return "connect", _("A chain touching two towers scores their tokens. A tile {where} does it: {gains}. "
                            "Choose a space outlined in blue.").format(where=where(scored), gains=gains)
    if bonus_in_reach(s.facts.view, s.me, move):
        return "tall-next", _("Tall towers pay extra: a chain touching two of them scores +1 in every colour for "
                              "each. A tile {where} ({gains}) brings yours one tile from that. Choose a space "
                              "outlined in blue.").format(where=where(), gains=gains)
    if p["golden"]:
        return "golden-space", _("A golden space gives +1 in a colour you choose. A tile {where} covers one: "
                                 "{gains}. Choose a space outlined in blue.").format(where=where(), gains=gains)
    return "build", _("A tile {where} scores nothing yet, but takes your chain toward more towers (it scores "
                      "once it touches two). Choose a space outlined in blue.").format(where=where())


def pointed(s: Scene, said: tuple[str, str] | None) -> list[tuple[int, int]]:
    """The spaces the shown hint points at (none: it points at a button, or is not shown)."""
    if not shown(s, said):
        return []
    if said[0] in FIRST_STEP:
        move = plan(s)["move"]
        return [tuple(move["a"]), tuple(move["b"])]
    if said[0] == "second":
        return [suggested_partner(s)]
    return []


def guide_layer(s: Scene, said: tuple[str, str] | None) -> Markup:
    """The spaces the shown hint points at, outlined in blue on the board (data-suggest)."""
    cells = pointed(s, said)
    if not cells:
        return Markup("")
    geo = s.geo
    marks = [svg("polygon", points=geo.hex_pts(*geo.centres[c], art.R - 3), class_="gs-suggest",
                 data_suggest=art.cell_key(c)) for c in cells]
    return svg("g", join(*marks), class_="gs-guide")


def score_story(facts: Facts) -> str:
    """Your score (your weakest colour), every colour, and what made the weakest: the
    rules' points_made over every move's event (the game's trail)."""
    me = facts.humans[0]
    made = points_made([step["last"] for step in facts.trail[1:facts.moves + 1]], me)
    colours = facts.view["scores"][me]
    low = min(colours)
    weakest = [k for k in range(4) if colours[k] == low]
    each = _(", ").join(_("{colour} {value}").format(colour=colour_name(c), value=colours[k])
                        for k, c in enumerate(COLOURS))
    k = weakest[0]
    # i18n: {colours} are the weakest colours ("blue and purple" when they tie)
    weakest_words = ngettext("Your score is {score}, your weakest colour: {colours}.",
                             "Your score is {score}, your weakest colours: {colours}.", len(weakest)).format(
        score=low, colours=and_list([colour_name(COLOURS[w]) for w in weakest]))
    return _("{weakest} Your colours: {each}. Of your {score} {colour}, {tokens} came from tower tokens, {bonus} "
             "from tall-tower bonuses and {golden} from golden spaces.").format(
        weakest=weakest_words, each=each, score=low, colour=colour_name(COLOURS[k]), tokens=made["tokens"][k],
        bonus=made["bonus"][k], golden=made["golden"][k])
