"""The Genial Spezial table's panels: the turn panel (your colours, the step of making
a tile, the preview of what it scores, the golden colour choice, the buttons), the
strip's facts (you and the leader, each with their tiles), every player's colour
tracks (details: the "More" sheet on a phone) and the end screen's summary with the
tie-break in words.

Drawing only, from a `Scene`: one drawing's Facts and the view's ui (the tile being made:
`first`, `second`, `golden_pick`), with what the rules say of them, each worked out once:
the rules' view of the position, the spaces a tile can go (the listed legal moves), the
rules' own preview of the tile being made (`tile_preview`, from the view), and the
rules' ranking key.

Steady: on a wide screen the turn panel has the same rows in every step (the step's text
in a box of fixed height, a button row that is always there), so nothing under it moves
while a tile is made or a bot plays. On a phone it is only as tall as its step (CSS):
the words two lines at least, the same for a bot's turn and the start of yours, the
button row only while there are buttons. Words differ by pointer: "tap" on a touch
screen, "click" and the keys elsewhere (both are in the page; CSS shows one).
"""

from __future__ import annotations

from functools import cached_property

from gelateria.core.facts import Facts
from gelateria.core.game import IllegalMove
from gelateria.core.i18n import N_, _, and_list, ngettext, pgettext, sentence_gap
from gelateria.games.genial.rules import (COLOURS, PASS, ROUNDS, colour_name, gain_part, place_words, ranking_key,
                                          tile_gains, tile_preview)
from gelateria.web.markup import Markup, fill, h, svg
from gelateria.web.views import genial_art as art
from gelateria.web.views.board_pan import covers, visible_box
from gelateria.web.views.contract import bot_tag, names_said, you

TRACK_MAX = 18  # the printed score board's track
# The tie-break's colours after the weakest, as they are compared.
ORDINALS = (N_("lowest"), N_("second-lowest"), N_("third-lowest"), N_("highest"))


def gain_words(gain) -> str:
    parts = [gain_part(c, g) for c, g in zip(COLOURS, gain) if g]
    return _(", ").join(parts) if parts else _("no points")


def tiles_left(k: int) -> str:
    return ngettext("{count} tile left", "{count} tiles left", k).format(count=k)


def colour_label(c: str, value: int, is_low: bool) -> str:
    """A colour track's name: "blue 4" or "blue 4 (weakest)"."""
    name = colour_name(c)
    return (_("{colour} {value} (weakest)") if is_low else _("{colour} {value}")).format(colour=name, value=value)


def pointer_words(touch: str, mouse: str) -> Markup:
    """The same instruction for a finger and for a mouse (CSS shows the one that fits)."""
    return Markup(h("span", {"class": "gs-for-touch"}, touch) + h("span", {"class": "gs-for-mouse"}, mouse))


def track_style(value: int, add: int) -> str:
    """A colour track's fill (first lap, then a striped second lap past 18) and the
    striped part a previewed tile would add."""
    first_lap = min(value, TRACK_MAX)
    lap = max(0, min(value - TRACK_MAX, TRACK_MAX))
    if value + add <= TRACK_MAX:
        g_from, g_to = value, value + add
    elif value >= TRACK_MAX:
        g_from, g_to = lap, min(value + add - TRACK_MAX, TRACK_MAX)
    else:
        g_from, g_to = value, TRACK_MAX
    return (f"--fill:{first_lap * 100 / TRACK_MAX:.2f}%;--lap:{lap * 100 / TRACK_MAX:.2f}%;"
            f"--gain-from:{g_from * 100 / TRACK_MAX:.2f}%;--gain:{(g_to - g_from) * 100 / TRACK_MAX:.2f}%")


def track(value: int, add: int, label: str) -> Markup:
    return h("span", {"class": "gs-track", "style": track_style(value, add), "role": "img", "aria-label": label},
             h("span", {"class": "gs-fill"}), h("span", {"class": "gs-lap"}) if value > TRACK_MAX else None,
             h("span", {"class": "gs-gain-bar"}) if add else None)


# --- what the facts and the picks say ------------------------------------------------------

def geometry(ui) -> art.Geometry:
    """The board wide or tall: as this device's player turned it (prefs "genial_board"),
    else tall on a phone held upright when the table opened (ui.auto_tall)."""
    choice = ui.setting.prefs.get("genial_board")
    return art.GEOMETRY[choice == "tall" if choice in ("tall", "wide") else bool(ui.auto_tall)]


def pairs_of(legal: list) -> dict:
    """Per empty space, the neighbours that complete a tile there (from the legal moves)."""
    table: dict = {}
    for m in legal:
        if m != PASS:
            a, b = tuple(m["a"]), tuple(m["b"])
            for x, y in ((a, b), (b, a)):
                found = table.setdefault(x, [])
                if y not in found:
                    found.append(y)
    return table


def partners_of(legal: list, cell) -> list:
    """The neighbours that complete a tile on `cell` (from the legal moves): one space's
    entry of pairs_of, without the others."""
    q, r = cell
    found = []
    for m in legal:
        if m == PASS:
            continue
        a, b = m["a"], m["b"]
        if a[0] == q and a[1] == r:
            other = (b[0], b[1])
        elif b[0] == q and b[1] == r:
            other = (a[0], a[1])
        else:
            continue
        if other not in found:
            found.append(other)
    return found


def own_seat(facts: Facts) -> int | None:
    """Whose colours the turn panel shows: the one human against bots, or in hot-seat
    the human to move (None: only bots play, or a replay)."""
    return facts.viewer if facts.viewer is not None else facts.actor


def latest(facts: Facts) -> dict | None:
    """What the move that led here did (the rules' event), None before the first move."""
    return facts.view["last"] if facts.moves > 0 else None


class Scene:
    """One drawing (or one click) of the table: its Facts and the view's ui, with what the
    rules say of them, each worked out once."""

    def __init__(self, facts: Facts, ui):
        self.facts, self.ui = facts, ui
        self.me = facts.actor  # the seat whose tile is being made (None: nobody moves here)
        self.names = facts.names
        self.geo = geometry(ui)

    @cached_property
    def v(self) -> dict:
        """The rules' view with the lookups drawing needs (a copy: the Facts stay as they came)."""
        v = self.facts.view
        return {**v, "golden_set": {tuple(c) for c in v["golden"]},
                "tower_at": {tuple(t["at"]): i for i, t in enumerate(v["towers"])},
                "covered": {tuple(c): p for p, a, b in v["tiles"] for c in (a, b)}}

    @cached_property
    def pairs(self) -> dict:
        return pairs_of(self.facts.legal)

    @cached_property
    def scoring(self) -> list[tuple[int, int]]:
        """The spaces where a half of a tile that scores tower points can go (the legal
        tiles, each scored by the rules' tile_gains): where a new player can aim."""
        if self.me is None:
            return []
        tiles = [(a, b) for a, others in self.pairs.items() for b in others if a < b]
        gains = tile_gains(self.facts.view, self.me, tiles)
        return sorted({c for tile, gain in zip(tiles, gains) if any(gain) for c in tile})

    def whole_in_view(self) -> bool:
        """The board's view (the ui's camera) shows the whole board."""
        cam, need = self.ui.camera, self.geo.box
        return covers(visible_box(cam.view_box(need), cam.aspect), need)

    def tap_magnifies(self) -> bool:
        """On a touch screen, the spaces are shown smaller than a fingertip (the player
        zoomed out): a tap zooms in around the space it picks."""
        cam = self.ui.camera
        if not cam.min_scale or cam.board_px is None:
            return False
        return cam.board_px[0] / visible_box(cam.view_box(self.geo.box), cam.aspect)[2] < cam.TAP_SCALE * 0.99

    def must_pass(self) -> bool:
        return self.me is not None and self.facts.legal == [PASS]

    def move(self) -> dict:
        ui = self.ui
        move = {"a": list(ui.first), "b": list(ui.second)}
        if ui.golden_pick:
            move["g"] = list(ui.golden_pick)
        return move

    def golden_halves(self) -> list[tuple[int, int]]:
        golden = self.v["golden_set"]
        return [c for c in (self.ui.first, self.ui.second) if c is not None and c in golden]

    @cached_property
    def preview(self) -> dict | None:
        """What the previewed tile does: the rules' own account of playing it, from the view."""
        if self.me is None or self.ui.first is None or self.ui.second is None:
            return None
        try:
            return tile_preview(self.facts.view, self.me, self.move())
        except IllegalMove as exc:
            return {"error": str(exc)}


# --- the strip: your score and the leader's ------------------------------------------------

def strip(s: Scene) -> Markup:
    """Whose score is whose at a glance: each name with its tiles' colour and pattern (so
    "You" names your tiles too), the lead in words, and the round."""
    facts, v, names = s.facts, s.v, s.names
    if facts.phase not in ("play", "over"):
        return Markup("")
    order = ranking(v["scores"])
    me = own_seat(facts)
    said = []
    lead = order[0] if len(order) > 1 and v["score"][order[0]] > v["score"][order[1]] else None

    def shown_score(p: int, who: str, weakest: bool = False, **attrs) -> Markup:
        # i18n: the strip: a tag after the score of the player ahead, e.g. "Bo 9 leads"
        ahead = [" ", h("span", {"class": "gs-lead"}, _("leads"))] if p == lead else []
        # Your own score wears the shape of the colour it is (your weakest): the colour to raise.
        shape = weakest_shape(v["scores"][p]) if weakest else None
        # i18n: the strip: a player's name and score, e.g. "You 7"
        words = fill(_("{player} {score}"), player=h("span", {"class": "gs-strip-name"}, who),
                     score=h("b", None, shape, str(v["score"][p])))
        return h("span", {**attrs, "class": f"gs-strip-player p{p}"}, art.swatch(p, 16), *words, *ahead)

    if me is not None:
        said.append(shown_score(me, _("You") if you(facts) is not None else names[me], weakest=True, data_strip_own=me))
    other = next((p for p in order if p != me), None)  # the leader, or the next best when you lead
    if other is not None:
        said.append(shown_score(other, names[other], data_strip_leader=other))
    return h("span", {"class": "strip-facts gs-strip", "title": _("Score: each player's weakest colour")},
             h("span", {"class": "gs-strip-players"}, *said),
             h("span", {"class": "gs-strip-round"},
               *fill(_("Round {round}/{rounds}"), round=h("b", None, str(v["round"])), rounds=str(v["rounds"]))))


def weakest_shape(colours) -> Markup:
    """The shape of a player's weakest colour (the first of them when several tie), named."""
    c = COLOURS[list(colours).index(min(colours))]
    return h("span", {"class": f"gs-strip-low gs-c-{c}", "role": "img", "aria-label": colour_name(c)},
             art.colour_icon(c, 13))


# --- the turn panel ------------------------------------------------------------------------

def turn_panel(s: Scene) -> Markup:
    """Your colours and the step you are at, with its buttons: data-part="move"
    (redrawn on its own while a tile is made); data-move-bar says which step."""
    v, me, names = s.v, s.me, s.names
    own = own_seat(s.facts)
    p = s.preview if me is not None else None
    previewing = p is not None and "error" not in p
    kind, said, buttons, extra = step(s, p)
    head = None
    if own is not None:
        head = h("div", {"class": "gs-own-head"},
                 art.swatch(own, 20),
                 h("span", {"class": "gs-pname"}, _("Your colours") if you(s.facts) is not None else names[own],
                   h("small", None, " · " + tiles_left(v["tiles_left"][own]))),
                 # (on a phone, in place of the tiles left: the strip's round says as much)
                 # i18n: after "Your colours" (or a player's name) over the four colour scores: how they score
                 h("small", {"class": "gs-own-rule"}, " · " + _("the lowest is your score")),
                 score_mark(v["score"][own], {"data-own-score": own}))
    return h("section", {"data-part": "move", "class": "gs-turn" + (" gs-previewing" if previewing else ""),
                         "aria-label": _("Confirm your tile") if previewing else _("Your move") if me is not None
                         else _("Latest move"),
                         "data-move-bar": kind,
                         "data-preview": ",".join(str(g) for g in p["gain"]) if previewing else None},
             head,
             own_colours(s, own, p if previewing else None) if own is not None else None,
             # Each step's words are a new element (its own id), not the old one
             # rewritten: text that changes in place counts as moving.
             h("p", {"class": "gs-step", "id": f"gs-step-{kind}"}, *said),
             extra,
             h("p", {"class": "gs-buttons"}, *buttons))


def score_mark(score: int, attrs: dict) -> Markup:
    """ "score 7": a player's score, their weakest colour."""
    return h("span", {"class": "gs-score", "title": _("Score: the weakest colour")},
             *[piece if isinstance(piece, Markup) else h("small", None, piece)
               for piece in fill(_("score {score}"), score=h("strong", attrs, str(score)))])


def own_colours(s: Scene, i: int, p: dict | None) -> Markup:
    """The four colours of the panel's player in one row: value, a short track, and
    what the previewed tile adds (data-gain); the weakest marked."""
    colours = s.v["scores"][i]
    low = min(colours)
    fresh = fresh_gain(s.facts, i)
    cells = []
    for k, c in enumerate(COLOURS):
        value, add = colours[k], p["gain"][k] if p else 0
        is_low = value == low and len(set(colours)) > 1
        label = colour_label(c, value, is_low)
        if p:
            label = _("{colour}, +{add} with this tile: {before} to {after}").format(
                colour=label, add=add, before=p["before"][k], after=p["after"][k])
        cells.append(h("li", {"class": f"gs-own-c gs-c-{c}" + (" gs-low" if is_low else "") + (" gs-up" if fresh[k] else ""),
                              "data-colour": c, "data-value": value, "data-gain": c if p else None},
                       art.colour_icon(c, 14),
                       h("span", {"class": "gs-num"}, str(value)),
                       h("strong", {"class": "gs-add"}, f"+{add}") if p else None,
                       track(value, add, label)))
    return h("ul", {"class": "gs-own-colours", "aria-label": _("Your colours") if you(s.facts) is not None else _("Colours")},
             *cells)


def fresh_gain(facts: Facts, player: int) -> list[int]:
    """What the latest move added to `player`'s colours (they flash), else zeros."""
    last = latest(facts)
    if not last or last.get("p") != player:
        return [0, 0, 0, 0]
    return list(last["gain"])


def step(s: Scene, p):
    """(kind, the step's words, its buttons, anything between) for the turn panel."""
    v, me, ui = s.v, s.me, s.ui
    if me is None:
        return "watch", [latest_line(s)], [], None
    if s.must_pass():
        return ("pass", [h("strong", None, _("No tile fits anywhere:")), sentence_gap(), _("you pass this turn.")],
                [h("button", {"type": "button", "data-action": "pass", "aria-keyshortcuts": "p"},
                   pgettext("move", "Pass"))], None)
    cancel = h("button", {"type": "button", "class": "secondary", "data-action": "cancel"}, _("Cancel"))
    refusal = [h("span", {"class": "gs-hint", "data-refusal": ""}, ui.refusal)] if ui.refusal else None
    if ui.first is None:
        tile_no = ROUNDS - v["tiles_left"][me] + 1
        touch = (_("Tap where your tile goes: the board zooms in there, with one half placed.")
                 if s.tap_magnifies() else _("Tap a space for one half of your tile; pink spaces score."))
        return ("first", refusal or [art.tile_picture(me), h("strong", {"class": "gs-tile-no"},
                                       _("Tile {number} of {total}.").format(number=tile_no, total=ROUNDS)),
                                     sentence_gap(),
                                     pointer_words(touch, _("Click a space for one half of your tile, then a neighbour.")),
                                     h("span", {"class": "gs-keys"}, sentence_gap() + _("Keys: Tab, arrows, Enter, Esc."))],
                [], None)
    if ui.second is None:
        where = where_words(v, ui.first)
        return ("second", refusal or [h("strong", None, _("First half {where}.").format(where=where)), sentence_gap(),
                                      pointer_words(_("Tap an outlined neighbour for the other half."),
                                                    _("Click an outlined neighbour for the other half."))],
                [cancel], None)
    if p is None or "error" in p:
        return "error", [(p or {}).get("error", _("This tile cannot go there."))], [cancel], None
    gain = p["gain"]
    total = sum(gain)
    reasons = _("; ").join(why_it_scores(p))
    gap = sentence_gap()
    words = [h("strong", None, _("Scores {total}:").format(total=total) if total else _("No points:")), gap,
             _("{reasons}.").format(reasons=reasons), gap, h("span", {"class": "gs-weakest"}, weakest_words(p))]
    place = h("button", {"type": "button", "data-action": "confirm", "class": "gs-confirm"},
              _("Place tile"), h("span", {"class": "gs-confirm-gain"},
                                 " " + _("({gains})").format(gains=gain_words(gain))))
    return "preview", refusal or words, [place, cancel], golden_chooser(s, p) if ui.golden_pick else None


def where_words(v: dict, cell) -> str:
    return place_words([(t["at"], t["tall"], t["colour"]) for t in v["towers"]], cell)


def why_it_scores(p: dict) -> list[str]:
    why = []
    token_pts = [0, 0, 0, 0]
    for _tower, colour, pts in p["towers"]:
        token_pts[COLOURS.index(colour)] += pts
    if p["towers"]:
        why.append(_("towers {gains}").format(gains=gain_words(token_pts)))
    if p["bonus"]:
        why.append(_("tall tower bonus +{count} in every colour").format(count=p["bonus"]))
    if p["golden"]:
        why.append(_("golden {gains}").format(gains=_(", ").join(gain_part(c, 1) for c in p["golden"])))
    if not why:
        if len(p["touched"]) == 1:
            why.append(_("it touches only one tower (a chain scores once it touches two)"))
        elif p["touched"]:
            why.append(_("this chain has already scored every tower it touches"))
        else:
            why.append(_("it touches no tower"))
    if p["merged"]:
        why.append(ngettext("joins {count} chain of yours", "joins {count} chains of yours", p["merged"])
                   .format(count=p["merged"]))
    return why


def golden_chooser(s: Scene, p: dict) -> Markup:
    rows = []
    for i, cell in enumerate(s.golden_halves()):
        chosen = s.ui.golden_pick[i] if i < len(s.ui.golden_pick) else None
        # The weakest colours without this half's own point: where it helps most.
        base = list(p["after"])
        if chosen:
            base[COLOURS.index(chosen)] -= 1
        weakest = min(base)
        buttons = []
        for c in COLOURS:
            on = c == chosen
            is_weak = base[COLOURS.index(c)] == weakest
            key = 4 * i + COLOURS.index(c) + 1
            title = (_("Golden point {number}: {colour} (your weakest) (key {key})") if is_weak
                     else _("Golden point {number}: {colour} (key {key})")).format(
                number=i + 1, colour=colour_name(c), key=key)
            buttons.append(h("button", {"type": "button", "class": f"gs-colour-btn gs-c-{c}" + (" on" if on else "")
                                        + (" gs-weak" if is_weak else ""),
                                        "data-action": "golden", "data-half": i, "data-colour": c, "data-golden": i,
                                        "aria-pressed": "true" if on else "false",
                                        "aria-keyshortcuts": str(key), "title": title},
                             art.colour_icon(c, 16), h("span", {"class": "gs-colour-name"}, colour_name(c).title()),
                             h("small", None, " " + _("weakest")) if is_weak else None))
        rows.append(h("div", {"class": "gs-golden-row", "role": "group",
                              "aria-label": _("Colour for the golden space {where}").format(where=where_words(s.v, cell))},
                      h("span", {"class": "gs-golden-label"}, svg("svg", svg("path", d=art.star_path(8, 8.5, 7.5)),
                                                                 viewBox="0 0 16 16", width=16, height=16,
                                                                 class_="gs-star-icon", aria_hidden="true"),
                        " " + _("+1 in")),
                      *buttons,
                      h("small", {"class": "gs-keys"}, " " + _("keys {first}–{last}").format(first=4 * i + 1, last=4 * i + 4))))
    return h("div", {"class": "gs-golden-choice", "data-golden-choice": ""}, *rows)


def latest_line(s: Scene) -> Markup:
    facts, names = s.facts, names_said(s.facts)
    last = latest(facts)
    acting = s.v["to_act"] if facts.phase == "play" and facts.actor is None else []
    lead = (h("strong", {"class": "gs-acting"}, _("{player} is choosing a place…").format(player=names[acting[0]]) + " ")
            if acting else None)
    if not last:
        return h("span", {"class": "gs-latest"}, lead, _("No tiles on the board yet.") if lead is None else None)
    who = names[last["p"]]
    if last.get("pass"):
        return h("span", {"class": "gs-latest"}, lead, _("{player} could not place a tile and passed.").format(player=who))
    gain = last["gain"]
    chips = [h("span", {"class": "gs-mini-gain"}, art.colour_icon(c, 13), f"+{g}") for c, g in zip(COLOURS, gain) if g]
    said = (fill(_("Latest: {player} scored {gains}"), player=who, gains=Markup("".join(chips))) if chips
            else [_("Latest: {player} placed a tile for no points.").format(player=who)])
    return h("span", {"class": "gs-latest", "data-latest": last["p"]}, lead, *said,
             (" " + _("(incl. tall bonus +{count} each)").format(count=last["bonus"]) if last["bonus"] else None))


def cell_label(s: Scene, c) -> str:
    """What the keyboard cursor's space is, in words (its accessible name)."""
    v, ui = s.v, s.ui
    towers = [(t["at"], t["tall"], t["colour"]) for t in v["towers"]]
    if c in v["tower_at"]:
        t = v["towers"][v["tower_at"][c]]
        text = _("Space: tall tower, {colour} {value}") if t["tall"] else _("Space: short tower, {colour} {value}")
        return text.format(colour=colour_name(t["colour"]), value=t["value"])
    # i18n: a space's name for screen readers; {where} is e.g. "next to the tall blue tower"
    where = _("Space {where}").format(where=place_words(towers, c))
    if c in v["covered"]:
        whose = v["covered"][c]
        if whose == you(s.facts):
            return _("{space}: your tile").format(space=where)
        return _("{space}: {player}'s tile").format(space=where, player=s.names[whose])
    if c in v["golden_set"]:
        where = _("{space}, golden").format(space=where)
    if ui.second == c:
        text = _("{space}: the tile's second half. Enter places it.")
    elif ui.first == c:
        text = _("{space}: the tile's first half. Enter picks it up again.")
    elif ui.first is not None and c in s.pairs.get(ui.first, ()):
        text = _("{space}: empty. Enter puts the second half here.")
    elif c in s.pairs:
        text = _("{space}: empty. Enter puts a half here.")
    else:
        text = _("{space}: empty, but no tile fits here.")
    return text.format(space=where)


# --- details: every player's colours (the "More" sheet on a phone) --------------------------

def details(s: Scene) -> Markup:
    cards = [card(s, i) for i in range(s.v["players"])]
    return h("section", {"class": "gs-players", "aria-label": _("Scores"), "data-part": "scores"},
             h("h2", None, _("Scores"), " ", h("small", None, _("— only your weakest colour counts"))),
             h("ol", {"class": "gs-cards"}, *cards),
             h("p", {"class": "gs-help"},
               _("A tile touching towers scores their tokens once its chain touches two; a tall tower adds +1 in "
                 "every colour. Golden spaces give +1 in a colour you choose.")))


def card(s: Scene, i: int) -> Markup:
    """Player i's card, with what the tile being made adds if it is theirs."""
    p = s.preview if s.me == i else None
    v = s.v
    acting = v["to_act"][0] if v["to_act"] and s.facts.phase in ("play", "replay") else None
    return player_card(s, i, acting, p["gain"] if p and "error" not in p else None)


def player_card(s: Scene, i: int, acting, gain) -> Markup:
    names = names_said(s.facts)
    colours = s.v["scores"][i]
    low = min(colours)
    fresh = fresh_gain(s.facts, i)
    rows = []
    for k, c in enumerate(COLOURS):
        value = colours[k]
        add = gain[k] if gain else 0
        is_low = value == low and len(set(colours)) > 1  # all four level: nothing to point at
        label = colour_label(c, value, is_low)
        if add:
            label = _("{colour}, +{add} with this tile").format(colour=label, add=add)
        rows.append(h("li", {"class": f"gs-track-row gs-c-{c}" + (" gs-low" if is_low else "") + (" gs-up" if fresh[k] else ""),
                             "data-colour": c, "data-value": value},
                      art.colour_icon(c, 14),
                      track(value, add, label),
                      h("span", {"class": "gs-num"}, str(value), h("small", {"class": "gs-add"}, f"+{add}") if add else None),
                      h("span", {"class": "gs-low-tag"}, _("weakest") if is_low else None)))
    current = acting == i
    return h("li", {"class": f"gs-card p{i}" + (" gs-current" if current else ""), "data-player": i,
                    "aria-current": "true" if current else None},
             h("div", {"class": "gs-card-head"},
               art.swatch(i, 22),
               h("span", {"class": "gs-pname"}, names[i], bot_tag(s.facts.game, s.facts.bots[i])),
               score_mark(low, {"data-score": i})),
             h("ul", {"class": "gs-tracks", "aria-label": _("Your colours") if i == you(s.facts)
                   else _("{player}'s colours").format(player=names[i])}, *rows),
             h("p", {"class": "gs-card-foot"}, tiles_left(s.v["tiles_left"][i]),
               h("span", {"class": "gs-pattern"}, " · " + _(art.PATTERN_NAMES[i]))))


# --- the end ----------------------------------------------------------------------------

def ranking(scores: list) -> list[int]:
    """The players, first place first (the rules' ranking key of their colours)."""
    return sorted(range(len(scores)), key=lambda p: ranking_key(scores[p]), reverse=True)


def tie_break_text(s: Scene) -> str:
    """How the winner was decided, in words (the rules' ranking key)."""
    names, me = names_said(s.facts), you(s.facts)
    keys = [ranking_key(c) for c in s.v["scores"]]
    best = max(k[0] for k in keys)
    contenders = [p for p in range(len(keys)) if keys[p][0] == best]
    if len(contenders) == 1:
        w = contenders[0]
        others = sorted((k[0] for p, k in enumerate(keys) if p != w), reverse=True)
        if others and w == me:
            return _("You win with {score} in your weakest colour (next best: {next}).").format(
                score=best, next=others[0])
        if others:
            return _("{player} wins with {score} in their weakest colour (next best: {next}).").format(
                player=names[w], score=best, next=others[0])
        return _("{player} wins with {score} in their weakest colour.").format(player=names[w], score=best)
    tied = and_list([names[p] for p in contenders])
    text = (_("{players} all have {score} in their weakest colour") if len(contenders) > 2
            else _("{players} both have {score} in their weakest colour")).format(players=tied, score=best)
    for i in range(1, 4):
        values = {p: keys[p][i] for p in contenders}
        top = max(values.values())
        keep = [p for p in contenders if values[p] == top]
        if len(keep) < len(contenders):
            # i18n: a player's name and their value in the colour compared, e.g. "Ana 12"
            shown = _(", ").join(_("{player} {value}").format(player=names[p], value=values[p])
                                 for p in sorted(contenders, key=lambda p: -values[p]))
            ordinal = _(ORDINALS[i])
            if keep == [me]:
                # i18n: {ordinal} is "second-lowest", "third-lowest" or "highest"; the tie won by you, the player at this screen
                return _("{text}, so the {ordinal} colour decides ({shown}): you win the tie.").format(
                    text=text, ordinal=ordinal, shown=shown)
            if len(keep) == 1:
                # i18n: {ordinal} is "second-lowest", "third-lowest" or "highest"
                return _("{text}, so the {ordinal} colour decides ({shown}): {player} wins the tie.").format(
                    text=text, ordinal=ordinal, shown=shown, player=names[keep[0]])
            text = _("{text}; on the {ordinal} colour {players} stay level ({shown})").format(
                text=text, ordinal=ordinal, players=and_list([names[p] for p in keep]), shown=shown)
            contenders = keep
    return _("{text}, and they are equal in all four colours, so they share the win.").format(text=text)


def summary(s: Scene) -> Markup:
    v, names = s.v, names_said(s.facts)
    winners = set(s.facts.winners or [])
    rows = []
    for p in ranking(v["scores"]):
        colours = v["scores"][p]
        low = min(colours)
        key = ranking_key(colours)
        cells = [h("td", {"class": "gs-low-cell" if colours[k] == low else None, "data-colour": c},
                   str(colours[k])) for k, c in enumerate(COLOURS)]
        rows.append(h("tr", {"class": "winner" if p in winners else None, "data-rank": p},
                      h("th", {"scope": "row"}, names[p]), *cells,
                      h("td", {"class": "gs-sorted", "data-sorted": " ".join(str(x) for x in key)},
                        h("strong", None, str(low)),
                        h("small", None, h("span", {"class": "gs-sep"}, " · "), " · ".join(str(x) for x in key[1:])))))
    heads = [h("th", {"scope": "col", "title": colour_name(c).title()},
               art.colour_icon(c, 14), h("span", {"class": "visually-hidden"}, colour_name(c))) for c in COLOURS]
    return h("div", {"class": "genial-summary"},
             h("table", {"class": "final-scores gs-final", "data-summary": ""},
               h("caption", None, _("Each colour; the weakest is the score")),
               h("thead", None, h("tr", None, h("th", {"scope": "col"}, _("Player")), *heads,
                                  h("th", {"scope": "col"}, _("Score"),
                                    h("small", None, h("span", {"class": "gs-dot"}, " · "), _("tie-breaks"))))),
               h("tbody", None, *rows)),
             h("p", {"class": "gs-tiebreak", "data-tiebreak": ""}, tie_break_text(s)),
             h("p", {"class": "gs-small"},
               _("Your score is your weakest colour. On a tie the second-lowest colours are compared, then the "
                 "third, then the highest.")))


def weakest_words(p: dict) -> str:
    low_before, low_after = min(p["before"]), min(p["after"])
    return (_("Your weakest colour: {before} → {after}.").format(before=low_before, after=low_after)
            if low_after != low_before else _("Your weakest colour stays {after}.").format(after=low_after))
