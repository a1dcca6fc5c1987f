"""The Gelatinous table: roll, watch the 3s stack into a jelly cube, read the odds.

There are no decisions in Gelatinous, so the screen is about the feel of rolling and
the numbers: the dice tumble and travel to where the rules send them (cube, reserve,
neighbours), tally marks pile up like on paper, and a panel shows the chance to
finish and the spread of final scores, from here and from the start.

Everything drawn is the rules' public view (`GAME.view`) and the rules' queries; the
only move is the caller's roll (seat 0). An automatic caller is a session bot that the
table schedules (Auto pauses it: `bots_paused`); a human caller on Auto has the roll
called for them by this view's own timer, at the same pace. Either way a roll on Auto
waits for the last roll's animation (`settle_ms`). The pictures are in
gelatinous_art.py, the odds in games/gelatinous/odds.py; the page reaches the browser
through `self.app` only, so the flow is unit-testable with a fake app.
"""

from __future__ import annotations

from gelateria.core.i18n import N_, _, ngettext
from gelateria.games.gelatinous import odds
from gelateria.games.gelatinous.rules import CALLER, CUBE, EATEN, ELIMINATED, LOST, MODES, WON, mode_for
from gelateria.games.gelatinous.rules import has_score as rules_has_score
from gelateria.web.markup import Markup, fill, h, join
from gelateria.web.table import UI, TableScreen
from gelateria.web.views.gelatinous_art import ANIM_MS, dice, jelly_monster, mat, roll_icon
from gelateria.web.views.gelatinous_panels import (  # noqa: F401 (_ODDS, BEST_KEY, STATS_KEY: for tests and benches)
    _ODDS,
    BEST_KEY,
    STATS_KEY,
    GelatinousPanels,
    remember,
    valid_best,
    valid_stats,
)

# Auto-roll per pace preference: (animation speed factor, ms from one roll to the next,
# its animation included).
AUTO = {"slow": (1.25, 3200), "normal": (1.0, 2200), "fast": (0.5, 1000), "instant": (0.0, 0)}
FIRST_AUTO_MS = 400  # the first roll after Auto is pressed comes quickly

SLICE_MS = 40  # odds are worked out in slices this long, so the page stays responsive

MODE_INFO = {
    "solitaire": (N_("Solitaire"), N_("1 player · 13 dice. Finish the cube in as few rolls as you can.")),
    "video": (N_("By video"), N_("2–6 players, 13 dice each, side by side. First cube wins.")),
    "multi": (N_("Multiplayer"), N_("3–6 players, 7 dice each. Pass 1s left and 6s right.")),
}
NOBODY_WINS = {EATEN: N_("Everyone was eaten!"), LOST: N_("Out of dice: the jelly wins!"),
               ELIMINATED: N_("Everyone ran out of dice!")}


def anim_ms(k: float | None) -> int:
    """How long a roll's animation runs at speed factor k (None or 0: not animated)."""
    return int(ANIM_MS * k) if k else 0


class GelatinousScreen(GelatinousPanels, TableScreen):
    game_id = "gelatinous"

    def __init__(self, app, rest=None):
        super().__init__(app, rest)
        # The mode buttons always show one chosen (the declared option has no default:
        # without one the rules choose by the number of players).
        self.options.setdefault("mode", self.mode())

    def reset_ui(self) -> None:
        # A new game whose caller is automatic rolls by itself; a game come back to
        # (reload, link) waits for Roll or Auto.
        self.auto = self.session is not None and self.is_bot(CALLER) and self.new_game
        self.quick = False  # the next automatic roll is the first after Auto was pressed
        self.roll_k: float | None = None  # the speed of the roll being made (None: Auto's)
        self.last_k: float | None = None  # the speed the last roll animated at
        self.fresh_k: float | None = None  # the next render animates the last roll at this speed
        self.anim_until = 0.0  # app.now() when the current animation ends
        self.end_hold = False  # game just ended: let the last roll play before the end screen
        self.recorded = False  # this game's solitaire result is in the device stats
        self.best_note = ""
        # The last complete odds shown (entry from here, entry from the start): drawn
        # dimmed while the next position's are worked out, so the panel keeps its size.
        self.odds_seen: tuple[dict, dict | None] | None = None

    def public(self) -> dict:
        """What everyone sees of the position on screen (all dice are on the table)."""
        return self.game.view(self.state, None)

    # --- setup ---------------------------------------------------------------------------

    def mode(self) -> str:
        if self.state is not None and self.phase != "setup":
            return self.public()["mode"]
        mode = self.options.get("mode")
        return mode if mode in MODES else mode_for(len(self.seats), None)

    def setup_fields(self) -> Markup:
        current = self.mode()
        buttons = []
        for mode in MODES:
            title, blurb = MODE_INFO[mode]
            on = mode == current
            buttons.append(h("button", {"type": "button", "class": "mode-choice" + (" on" if on else ""),
                                        "role": "radio", "aria-checked": "true" if on else "false",
                                        "data-action": "mode", "data-mode": mode},
                             h("strong", None, _(title)), h("span", None, _(blurb))))
        return h("fieldset", {"class": "gel-modes"},
                 h("legend", None, _("How to play")),
                 h("div", {"class": "mode-choices", "role": "radiogroup", "aria-label": _("Mode")}, *buttons),
                 h("input", {"type": "hidden", "name": "opt_mode", "value": current}),
                 h("p", {"class": "setup-note"},
                   _("Nobody has choices to make: one Roll button rolls everybody's dice. If the first "
                     "player is automatic, the game rolls by itself (you can pause it).")))

    def set_mode(self, mode) -> None:
        if mode not in MODES:
            self.message = _("Choose solitaire, by video or multiplayer.")
            return
        self.options = {"mode": mode}
        low, high = self.seat_limits()
        while len(self.seats) > high:
            self.setup.change("remove-seat")
        while len(self.seats) < low:
            self.setup.change("add-seat")

    # --- rolling: by hand, on Auto, and the pace --------------------------------------------

    def pace_name(self) -> str:
        pace = self.app.prefs.get("pace", "normal")
        return pace if pace in AUTO else "normal"

    def auto_k(self) -> float:
        return AUTO[self.pace_name()][0]

    def pace(self) -> int:
        """The wait before an automatic roll once the last one has played out: rolls on
        Auto come AUTO[pace] ms apart, the first after Auto is pressed sooner."""
        gap = AUTO[self.pace_name()][1]
        return min(gap, FIRST_AUTO_MS) if self.quick else max(0, gap - self.settle_ms())

    def settle_ms(self) -> int:
        return 0 if self.quick else anim_ms(self.last_k)

    def replay_gap(self) -> int:
        return max(250, AUTO[self.pace_name()][1])

    def bots_paused(self) -> bool:
        return not self.auto

    def prepare_bots(self) -> None:
        # An automatic caller is the session's bot; for a human caller on Auto, this
        # view calls the roll at the same moment.
        if not self.is_bot(CALLER):
            self.set_timer("auto", self.pace() + self.settle_ms(), self.auto_roll)

    def auto_roll(self) -> None:
        if self.auto and self.can_play():
            self.roll(self.auto_k())

    def roll(self, k: float = 1.0) -> bool:
        """Call the next roll, animated at speed k (Roll, Space or Enter, or Auto). The
        caller may be automatic and paused: a click rolls for them too."""
        legal = self.session.legal(CALLER) if self.phase == "play" else []
        if not legal:
            return False
        self.roll_k = k
        try:
            return self.act(CALLER, legal[0])
        finally:
            self.roll_k = None

    def moved(self, seat: int, move, before, after) -> None:
        k = self.roll_k if self.roll_k is not None else self.auto_k()  # a bot's roll: at Auto's speed
        self.fresh_k = k or None
        self.last_k = k
        self.quick = False
        if self.phase == "over":
            # Hold the end screen back until the last roll has played.
            self.auto = False
            self.end_hold = True
            self.record_result()
            self.set_timer("end", anim_ms(k) + 250 if k else 0, self.release_end)

    def release_end(self) -> None:
        if self.end_hold:
            self.end_hold = False
            self.redraw()

    def record_result(self) -> None:
        """Solitaire: count the game on this device; a better win is a new personal best.
        A practice game from the rules started part-way through: it counts for neither."""
        view = self.public()
        if self.recorded or view["mode"] != "solitaire" or self.practice.example is not None:
            return
        self.recorded = True
        player = view["players"][0]
        prefs = self.app.prefs
        stats = valid_stats(prefs.get(STATS_KEY))
        stats["played"] += 1
        best = valid_best(prefs.get(BEST_KEY))
        if player["status"] == WON:
            stats["won"] += 1
            score = player["score"]
            if best is None or score < best:
                prefs[BEST_KEY] = score
                self.best_note = (_("A new personal best! (Before: {best}.)").format(best=best) if best is not None
                                  else _("Your first win on this device: that's your personal best."))
            else:
                self.best_note = _("Your personal best here is {best}.").format(best=best)
        elif best is not None:
            self.best_note = _("Your personal best here is {best}.").format(best=best)
        prefs[STATS_KEY] = stats
        self.app.save_prefs()

    # --- events ---------------------------------------------------------------------------

    def interpret(self, action: str, data: dict, view: dict | None, legal: list):
        if action == "mode":
            self.message = ""
            self.setup.read(data.get("form") or {})
            self.set_mode(data.get("mode"))
            return UI
        if action == "roll":
            self.roll()
        elif action == "auto":
            self.auto = not self.auto and self.phase == "play"
            self.quick = self.auto
            self.fresh_k = None
            self.clear_timer("auto")
            self.after_change()  # Auto on: the next roll is on its way; off: none is
            return UI
        elif action == "settle":
            self.settle()
        return None

    def on_game_key(self, key: str) -> bool:
        if key in (" ", "Enter", "Spacebar"):
            if self.phase == "play":
                self.roll()
                return True
            return False
        if key in ("Tab", "Shift", "Control", "Alt", "Meta", "CapsLock"):
            return False
        if self.animating():
            self.settle()
            return key == "Escape"
        return False

    def animating(self) -> bool:
        return self.end_hold or self.rolling()

    def rolling(self) -> bool:
        """The last roll's animation is still playing."""
        return self.app.now() < self.anim_until

    def focus_home(self) -> str | None:
        return "[data-action='roll']"  # a player works at the Roll button (Space/Enter, or a tap)

    def settle(self) -> None:
        """Finish the roll animation at once (a click on the board or a key)."""
        self.anim_until = 0.0
        if self.end_hold:
            self.clear_timer("end")
            self.end_hold = False
            self.redraw()
        else:
            self.app.update("[data-board]", self.board())

    def mounted(self) -> None:
        super().mounted()
        k, self.fresh_k = self.fresh_k, None
        if k:
            self.anim_until = self.app.now() + ANIM_MS * k
            # Once played out, the board is drawn settled (no longer clickable to skip).
            self.set_timer("settled", anim_ms(k), self.settled)
        self.schedule_odds(anim_ms(k))

    def settled(self) -> None:
        if not self.end_hold and not self.rolling():
            self.app.update("[data-board]", self.board())

    # --- odds, computed after the render and cached per position -------------------------

    def schedule_odds(self, delay: int) -> None:
        self.clear_timer("odds")
        if not self.odds_wanted():
            return
        key, start = odds.position_key(self.state), odds.start_key(self.state)
        if _ODDS.get(key, {}).get("done") and _ODDS.get(start, {}).get("done"):
            return
        self.set_timer("odds", delay, lambda: self.odds_step(key))

    def odds_wanted(self) -> bool:
        """Odds for a game in play, or for the position a replay shows."""
        return self.phase in ("play", "replay") and self.state is not None and not self.game.is_over(self.state)

    def odds_step(self, key: tuple) -> None:
        """One slice of work on the odds; updates the panel and schedules the next slice."""
        if not self.odds_wanted() or odds.position_key(self.state) != key:
            return
        start = odds.start_of(self.state)
        for k, state in ((key, self.state), start):
            entry = _ODDS.get(k)
            if entry is None or not entry["done"]:
                remember(k, odds.work_on(state, entry, self.app.now, SLICE_MS))
                break
        self.app.update("[data-odds]", self.odds_panel())
        if not (_ODDS[key]["done"] and _ODDS.get(start[0], {}).get("done")):
            self.set_timer("odds", 0, lambda: self.odds_step(key))

    # --- drawing: the board ------------------------------------------------------------

    def status_line(self) -> Markup:
        """The strip's first words: the round, and who calls it (always seat 0)."""
        if self.state is None:
            return Markup("")
        rnd = self.public()["round"]
        if self.phase == "replay":
            text = _("Replay · round {round}").format(round=rnd)
        elif self.phase != "play":
            text = _("Game over")
        elif rnd == 0:
            text = _("Ready to roll")
        else:
            text = _("Round {round}").format(round=rnd)
        return h("p", {"class": f"turn p{CALLER}", "data-turn": CALLER}, text)

    def strip(self) -> Markup:
        """Cubes in the strip: solitaire, yours; otherwise the leader's, and the
        viewer's (or the caller's, when everyone shares the device) beside it."""
        if self.state is None:
            return Markup("")
        view = self.public()
        players, names = view["players"], self.names()

        def cube(seat: int) -> Markup:
            p = players[seat]
            grew = p["last"]["rolled"] and "cube" in p["last"]["dest"]
            # A new element each round (id), so a cube that grew flashes every time.
            return h("b", {"class": "up" if grew else None, "id": f"gel-strip-{seat}-r{view['round']}" if grew else None},
                     str(p["cube"]))

        if view["mode"] == "solitaire":
            p = players[0]
            # (The rolls so far are the round, in the status beside.)
            facts = [h("span", None, *fill(_("Cube {count}/8"), count=cube(0))),
                     h("span", None, *fill(_("Hand {count}"), count=h("b", None, str(p["hand"]))))]
        else:
            top = max(p["cube"] for p in players)
            leaders = [seat for seat, p in enumerate(players) if p["cube"] == top]
            me = self.viewer()
            me = CALLER if me is None else me
            if top == 0:
                facts = [h("span", None, _("All cubes empty"))]
            elif len(leaders) == 1:
                facts = [h("span", None, *fill(_("{player} {count}/8 leads"), player=names[leaders[0]], count=cube(leaders[0])))]
            else:
                facts = [h("span", None, *fill(_("{number} lead with {count}/8"), number=str(len(leaders)),
                                                 count=cube(leaders[0])))]
            if me not in leaders and top:
                facts.insert(0, h("span", None, *fill(_("{player} {count}/8"), player=names[me], count=cube(me))))
        return h("span", {"class": "strip-facts"}, *facts)

    def since_last_turn(self) -> None:
        return None  # every roll is the caller's and moves everyone's dice: the mats show it all

    def board(self) -> Markup:
        view = self.public()
        # A new roll, or one still playing (a redraw mid-roll keeps the same elements, so
        # their animations go on; see gelatinous_art).
        k = self.fresh_k or (self.last_k if self.rolling() else None)
        fresh = bool(k) and view["round"] > 0
        mode = view["mode"]
        mats = [mat(view, seat, fresh, self.names()) for seat in range(len(view["players"]))]
        attrs = {"class": "gel-board" + (" gel-fresh" if fresh else ""), "data-board": "",
                 "data-mode": mode, "data-round": view["round"], "data-animating": "1" if fresh else "0"}
        if fresh:
            attrs["style"] = f"--k:{k}"
            attrs["data-action"] = "settle"
        # The roll bar comes after the mats so that on a phone it can stick to the bottom
        # of the screen, under the thumb (CSS puts it on top on wider screens).
        return h("div", attrs,
                 h("div", {"class": f"mats mats-{mode} n{len(mats)}"}, *mats),
                 self.roll_bar(view))

    def roll_bar(self, view: dict) -> Markup:
        caller = self.names()[CALLER]
        over = self.phase != "play"
        keys = None
        if self.phase == "replay":
            sub = _("Replay: step with the replay controls")
        elif over:
            sub = _("Game over")
        elif self.auto:
            sub = _("Rolling by itself: Auto pauses it")
        else:
            sub = (_("Roll until the cube is complete") if len(self.seats) == 1
                   else _("{player} calls the rolls for everyone").format(player=caller))
            keys = h("span", {"class": "keys-hint"}, _("Space or Enter rolls"))  # hidden on touch screens
        # Out of play the buttons are aria-disabled, not disabled: a disabled button
        # drops the keyboard focus to the page.
        off = "true" if over else None
        return h("div", {"class": "roll-bar"},
                 h("button", {"type": "button", "class": "roll-button", "data-action": "roll", "aria-disabled": off,
                              "aria-keyshortcuts": "Space Enter"}, roll_icon(), _("Roll")),
                 h("button", {"type": "button", "class": "auto-toggle" + (" on" if self.auto else ""), "data-action": "auto",
                              "aria-pressed": "true" if self.auto else "false", "aria-disabled": off},
                   h("span", {"class": "auto-dot", "aria-hidden": "true"}), _("Auto")),
                 h("p", {"class": "round-info"}, h("span", None, sub), keys))

    # --- drawing: the side panels ---------------------------------------------------------

    def side(self) -> Markup:
        return self.odds_panel()

    def details(self) -> Markup:
        return self.best_panel()

    def bot_speed_chips(self) -> bool:
        return False  # "Auto speed" below sets the same pace

    def controls(self) -> Markup:
        base = super().controls()
        if self.phase == "replay":
            return base
        return join(h("div", {"class": "pace gel-pace", "role": "group", "aria-label": _("Auto-roll speed")},
                      h("span", None, _("Auto speed")), *self.pace_chips(self.pace_name())), base)

    # --- the end -----------------------------------------------------------------------

    def overlay(self) -> Markup:
        if self.phase == "over" and self.end_hold:
            return Markup("")  # the last roll is still playing out
        return super().overlay()

    def outcome(self) -> str:
        return self.public()["outcome"]

    def headline(self, winners: list[int]) -> str:
        nobody = NOBODY_WINS.get(self.outcome())
        return _(nobody) if nobody else super().headline(winners)

    def score_table(self, winners: list[int]) -> Markup:
        if self.outcome() in (LOST, ELIMINATED):
            return Markup("")  # nobody finished: there are no scores to rank
        return super().score_table(winners)

    def has_score(self, player: int) -> bool:
        return rules_has_score(self.state, player)

    def score_text(self, player: int, score) -> str:
        if self.has_score(player):
            return self.format_score(score)
        return _("— (out of dice)") if self.public()["players"][player]["status"] in (ELIMINATED, LOST, EATEN) else "—"

    def format_score(self, score) -> str:
        if self.mode() == "multi":
            return _("{count} of 8 in the cube").format(count=int(score))
        return str(int(score))

    def summary(self) -> Markup:
        view = self.public()
        mode, kind = view["mode"], view["outcome"]
        lines = []
        for seat, (name, p) in enumerate(zip(self.names(), view["players"])):
            status, tally, hand, cube = p["status"], p["tally"], p["hand"], p["cube"]
            if mode == "multi":
                if status == WON:
                    text = _("completed the cube with {dice} still in hand").format(dice=dice(hand))
                else:
                    text = _("{cube} of 8 in the cube, {dice} in hand").format(cube=cube, dice=dice(hand))
            elif status == WON:
                text = ngettext("cube complete in {tally} roll with {dice} in hand: score {tally} − {hand} = {score}",
                                "cube complete in {tally} rolls with {dice} in hand: score {tally} − {hand} = {score}",
                                tally).format(tally=tally, dice=dice(hand), hand=hand, score=p["score"])
            elif cube == CUBE:
                text = _("cube complete too, but a worse score ({score})").format(score=p["score"])
            elif hand == 0:
                text = ngettext("out of dice after {tally} roll with {cube} of 8 in the cube",
                                "out of dice after {tally} rolls with {cube} of 8 in the cube", tally).format(tally=tally, cube=cube)
            else:
                text = ngettext("{cube} of 8 in the cube after {tally} roll", "{cube} of 8 in the cube after {tally} rolls",
                                tally).format(tally=tally, cube=cube)
            lines.append(h("li", {"data-seat": seat}, *fill(_("{player}: {summary}"), player=h("strong", None, name), summary=text)))
        parts = []
        if kind == EATEN:
            parts.append(h("div", {"class": "eaten-art", "aria-hidden": "true"}, jelly_monster()))
            parts.append(h("p", {"class": "eaten"}, _("Nobody had dice left to roll and no cube was finished: the jelly ate you all.")))
        parts.append(h("ul", {"class": "end-lines"}, *lines))
        if mode != "multi" and kind in (WON, "shared"):
            parts.append(h("p", {"class": "lower-better"}, _("Lower scores are better.")))
        if self.best_note:
            parts.append(h("p", {"class": "best-note", "data-best-note": ""}, self.best_note))
        return h("div", {"class": "gel-summary"}, *parts)


def screen(app, rest=None):
    return GelatinousScreen(app, rest)
