"""The Genial Spezial guided first game: the next step in words, the tile it suggests
lit on the board, and how the score was made at the end.

A mixin of GenialScreen (like genial_panels.py). The suggested tile is the normal
bot's favourite placement (its judgement: the rules' own scoring, a tile ahead, the
weakest colours first); what the words say it scores is the rules' `tile_preview`
of that very move. Hint keys (the table's data-hint, lit by static/genial.css):
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

from gelateria.core.i18n import _, and_list, ngettext
from gelateria.games.genial.bots import NormalBot
from gelateria.games.genial.rules import CELLS, COLOURS, INDEX, colour_name, place_words
from gelateria.web.markup import Markup, join, svg
from gelateria.web.views import genial_art as art
from gelateria.web.views.genial_panels import gain_words

# The keys that ask for the first space of the suggested tile (the lesson it teaches).
FIRST_STEP = ("tall", "lowest", "connect", "tall-next", "golden-space", "build")


class GenialGuide:
    _plan: tuple = (None, None)  # state, (ranked placements, suggested move, its preview)
    _lesson: tuple = (None, None)  # state, the first step's hint

    def plan(self, me: int) -> tuple[list, dict, dict]:
        """(the placements the normal bot ranks, best first, as (value, a, b, golden);
        the best as a move; the rules' preview of it), once per position."""
        state, plan = self._plan
        if state is not self.state:
            ranked = sorted(NormalBot()._rank(self.state, me), key=lambda x: -x[0])
            _value, a, b, golden = ranked[0]
            move = {"a": list(CELLS[a]), "b": list(CELLS[b])}
            if golden:
                move["g"] = golden
            plan = (ranked, move, self.game.tile_preview(self.state, me, move))
            self._plan = (self.state, plan)
        return plan

    def sets_up_tall_bonus(self, me: int, move: dict) -> bool:
        """After `move`, could your next tile score a tall-tower bonus? (The rules'
        outcome of every tile that would still fit.)"""
        after = self.game.apply(self.state, me, move)
        return any(self.game.tile_outcome(after, me, a, b).new_bonus for a, b in self.game.open_spaces(after))

    def suggested_partner(self, me: int) -> tuple[int, int]:
        """The best other half for the first half chosen (the best-ranked tile through it)."""
        first = INDEX[self.first]
        ranked = self.plan(me)[0]
        _value, a, b, _golden = next(x for x in ranked if first in (x[1], x[2]))
        return CELLS[b] if a == first else CELLS[a]

    def hint(self) -> tuple[str, str] | None:
        """The next thing to do on your turn, most pressing first."""
        me = self.actor()
        if me is None:
            return None
        if self.must_pass():
            return "pass", _("No tile fits anywhere: pass this turn.")
        if self.first is None:
            return self.lesson(me)
        if self.second is None:
            return "second", _("Now the other half: choose the ringed neighbour. Each outlined one shows what the "
                               "tile would score.")
        p = self.preview()
        if p is None or "error" in p:
            return None
        if self.golden_pick:
            return "golden", _("A golden space: +1 in the colour you pick. It helps your score most in your "
                               "weakest ({colours}). Then Place tile.").format(colours=self.weakest_for_golden(p))
        return "place", _("The panel shows what this tile scores. Place tile puts it down; Cancel looks elsewhere.")

    def weakest_for_golden(self, p: dict) -> str:
        """The weakest colours after the tile, leaving out the first golden half's own point
        (the colours its chooser marks "weakest")."""
        base = list(p["after"])
        base[COLOURS.index(self.golden_pick[0])] -= 1
        return and_list([colour_name(c) for k, c in enumerate(COLOURS) if base[k] == min(base)])

    def lesson(self, me: int) -> tuple[str, str]:
        """The suggested tile, and the lesson of what the rules say it does."""
        key, words = self._lesson
        if key is not self.state:
            words = self.lesson_words(me)
            self._lesson = (self.state, words)
        return words

    def lesson_words(self, me: int) -> tuple[str, str]:
        _ranked, move, p = self.plan(me)
        towers = [(t["at"], t["tall"], t["colour"]) for t in self.view()["towers"]]

        def where(numbers=None) -> str:  # the tile's place, by the nearest of these towers (default: any)
            return place_words([towers[t] for t in numbers] if numbers else towers, move["a"], move["b"])

        gains = gain_words(p["gain"])
        before = p["before"]
        weakest = [k for k, value in enumerate(before) if value == min(before)]
        scored = [t for t, _colour, _points in p["towers"]]
        if p["bonus"]:
            return "tall", _("Tall towers pay extra: a chain touching two of them scores +1 in every colour for "
                             "each. A tile {where} does it: {gains}. Choose a ringed space.").format(
                where=where(p["bonus_towers"]), gains=gains)
        if scored and max(before) > 0 and any(p["gain"][k] for k in weakest):
            return "lowest", _("Your score is your weakest colour ({colours}, {value}): raise it. A tile {where} "
                               "scores {gains}. Choose a ringed space.").format(
                colours=and_list([colour_name(COLOURS[k]) for k in weakest]), value=min(before),
                where=where(scored), gains=gains)
        if scored:
            return "connect", _("A chain touching two towers scores their tokens. A tile {where} does it: {gains}. "
                                "Choose a ringed space.").format(where=where(scored), gains=gains)
        if self.sets_up_tall_bonus(me, move):
            return "tall-next", _("Tall towers pay extra: a chain touching two of them scores +1 in every colour for "
                                  "each. A tile {where} ({gains}) brings yours one tile from that. Choose a ringed "
                                  "space.").format(where=where(), gains=gains)
        if p["golden"]:
            return "golden-space", _("A golden space gives +1 in a colour you choose. A tile {where} covers one: "
                                     "{gains}. Choose a ringed space.").format(where=where(), gains=gains)
        return "build", _("A tile {where} scores nothing yet, but takes your chain toward more towers (it scores "
                          "once it touches two). Choose a ringed space.").format(where=where())

    def guide_layer(self, me) -> Markup:
        """The spaces the shown hint points at, ringed on the board (data-suggest)."""
        hint = self.shown_hint() if me is not None else None
        if hint is None:
            return Markup("")
        if hint[0] in FIRST_STEP:
            move = self.plan(me)[1]
            cells = [tuple(move["a"]), tuple(move["b"])]
        elif hint[0] == "second":
            cells = [self.suggested_partner(me)]
        else:
            return Markup("")
        marks = [svg("polygon", points=self.geo.hex_pts(*self.geo.centres[c], art.R - 3), class_="gs-suggest",
                     data_suggest=art.cell_key(c)) for c in cells]
        return svg("g", join(*marks), class_="gs-guide")

    def score_story(self) -> str | None:
        """Your score (your weakest colour), every colour, and what made the weakest."""
        me = self.humans()[0]
        made = self.points_made(me)
        colours = self.view()["scores"][me]
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

    def points_made(self, me: int) -> dict:
        """Per colour, what `me` scored from tower tokens, tall-tower bonuses and golden
        spaces: the sum of every move's event (the rules' view of each position)."""
        made = {"tokens": [0] * 4, "bonus": [0] * 4, "golden": [0] * 4}
        for i in range(1, len(self.history)):
            last = self.session.view(None, i)["last"]
            if not last or last.get("p") != me or last.get("pass"):
                continue
            for _tower, colour, points in last["towers"]:
                made["tokens"][COLOURS.index(colour)] += points
            for k in range(4):
                made["bonus"][k] += last["bonus"]
            for colour in last["golden"]:
                made["golden"][COLOURS.index(colour)] += 1
        return made
