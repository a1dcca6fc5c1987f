"""The Gelatinous table: roll, watch the 3s stack into a jelly cube, read the odds.

There are no decisions in Gelatinous, so the screen is about the feel of rolling and
the numbers: the dice tumble and travel to where the rules send them (cube, reserve,
neighbours), tally marks pile up like on paper, and a panel shows the chance to
finish and the spread of final scores, from here and from the start.

The view draws from Facts (web/views/contract.py): the rules' public view, the seats and
which of them roll by themselves. The only move is the caller's roll (seat 0): Roll, Space
or Enter call it, for an automatic caller too. Auto leaves the rolls to the game (the
view answers `Automatic`; the session plays the caller's rolls, a bot's or the game's
own, GameType.auto_move) at this device's Auto speed, which the view declares as the
table's pace: a roll on Auto comes once the last has been on show (settle_ms). A roll
plays out for a while (gelatinous_art's animation): the view draws it against the
table's clock (Setting.now) and asks to be drawn again when it has played out
(Parts.wake); the end screen waits for the last one. The odds are worked out by the
table as the view's work, a step at a time. The pictures are in gelatinous_art.py, the
panels in gelatinous_panels.py, the odds in games/gelatinous/odds.py.

At a live table (Facts.roll_call, core/live.py) each phone rolls its own dice: Roll is
this seat's tap, the mats say who has rolled, and once someone has, a countdown says when
the game rolls for the others. Nothing rolls by itself there, so there is no Auto.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil

from gelateria.core.facts import Facts
from gelateria.core.i18n import N_, _, and_list, ngettext
from gelateria.games.gelatinous import odds
from gelateria.games.gelatinous.rules import CALLER, CUBE, EATEN, ELIMINATED, LOST, MODES, WON, mode_for
from gelateria.web.markup import Markup, fill, h, join
from gelateria.web.views.contract import UI, Automatic, Notice, Parts, Prefs, Setting, View, names_said, pace_chips, you
from gelateria.web.views.gelatinous_art import ANIM_MS, dice, jelly_monster, mat, roll_icon
from gelateria.web.views.gelatinous_panels import (  # noqa: F401 (_ODDS: for tests and benches)
    _ODDS,
    BEST_KEY,
    STATS_KEY,
    best_panel,
    known,
    odds_panel,
    odds_wanted,
    valid_best,
    valid_stats,
    working_out,
)

# Auto-roll per pace preference: (animation speed factor, ms from one roll to the next,
# its animation included).
AUTO = {"slow": (1.25, 3200), "normal": (1.0, 2200), "fast": (0.5, 1000), "instant": (0.0, 0)}
FIRST_AUTO_MS = 400  # the wait before an automatic roll: the first after Auto is pressed comes this soon
END_HOLD_MS = 250  # the end screen comes this long after the last roll has played out
COUNT_SLACK_MS = 250  # a live table's countdown: see countdown_s
NOT_KEYS_OF_THE_GAME = ("Tab", "Shift", "Control", "Alt", "Meta", "CapsLock")

MODE_INFO = {
    "solitaire": (N_("Solitaire"), N_("1 player · 13 dice. Finish the cube in as few rolls as you can.")),
    "video": (N_("By video"), N_("2–6 players, 13 dice each, side by side. First cube wins.")),
    "multi": (N_("Multiplayer"), N_("3–6 players, 7 dice each. Pass 1s left and 6s right.")),
}
# Nothing is dealt here and nothing is hidden: the number picks every roll to come.
DICE_WORDS = {
    "seed": N_("Game number (the same number rolls the same dice)"),
    "new": N_("New number"),
    "copy": N_("Copy link to these rolls"),
    "link": N_("Link to these rolls (same players, same dice)"),
    "copied": N_("Link copied: whoever opens it gets these players and the very same rolls."),
    "shared": N_("A game shared with you: the same players, mode and rolls as your friend's. "
                 "Change the names if you like, then start."),
    "same": N_("Same rolls"),
    "same-help": N_("The same players and dice, from the start: can they beat your score?"),
    "play": N_("Play these rolls yourself"),
    "reveals": N_("A link carries the whole game, the rolls to come included: nobody has a choice to make, "
                  "so it spoils nothing."),
    "chooser": N_("This device will play only for that player: choose your own seat, or just watch."),
}
NOBODY_WINS = {EATEN: N_("Everyone was eaten!"), LOST: N_("Out of dice: the jelly wins!"),
               ELIMINATED: N_("Everyone ran out of dice!")}


def anim_ms(k: float | None) -> int:
    """How long a roll's animation runs at speed factor k (None or 0: not animated)."""
    return int(ANIM_MS * k) if k else 0


def auto_speed(setting: Setting) -> str:
    """This device's Auto speed (its bot speed preference)."""
    pace = setting.prefs.get("pace", "normal")
    return pace if pace in AUTO else "normal"


@dataclass
class GelatinousUI:
    """What this screen knows beyond the Facts: the roll playing out, the odds last shown
    whole, what the game's end said about the personal best."""

    setting: Setting = field(default_factory=Setting)  # this device, and the table's clock (View.sense)
    settled_on: int | None = None  # the moves of the last position in play on screen: one more is a new roll
    new_roll: float | None = None  # the speed of a roll just made: it starts to play out when the view is next told the time
    rolled_at: float | None = None  # when the last roll began to play out (None: nothing plays out)
    roll_k: float = 0.0  # the speed it plays out at (AUTO's factor)
    asked_k: float | None = None  # the speed of the roll just asked for by Roll or a key (None: Auto's)
    quick: bool = False  # Auto was just pressed: the next roll does not wait for the last to be on show
    position: tuple | None = None  # the odds key of the position on screen
    odds_before: tuple | None = None  # ... and of the one before, whose odds stay dimmed while the next are worked out
    best_note: str = ""  # what this game's end said about the personal best


def rolling(ui: GelatinousUI) -> bool:
    """The last roll's animation is still playing."""
    return ui.rolled_at is not None and ui.setting.now < ui.rolled_at + ANIM_MS * ui.roll_k


def ending(facts: Facts, ui: GelatinousUI) -> bool:
    """The game is over but its last roll still plays out: the end screen waits."""
    return (facts.phase == "over" and ui.rolled_at is not None
            and ui.setting.now < ui.rolled_at + anim_ms(ui.roll_k) + END_HOLD_MS)


def wake_ms(facts: Facts, ui: GelatinousUI) -> int | None:
    """When the drawing changes by itself next: the roll has played out, the end screen comes,
    a live table's countdown shows the next second (rounded up: drawn again any sooner, it
    would not have changed yet)."""
    if rolling(ui):
        wake = ceil(ui.rolled_at + ANIM_MS * ui.roll_k - ui.setting.now)
    elif ending(facts, ui):
        wake = ceil(ui.rolled_at + anim_ms(ui.roll_k) + END_HOLD_MS - ui.setting.now)
    else:
        wake = None
    ends = facts.roll_call.get("ends")
    if ends is not None and facts.phase == "play" and ends > ui.setting.now:
        tick = ceil((ends - ui.setting.now - COUNT_SLACK_MS) % 1000) or 1000
        wake = tick if wake is None else min(wake, tick)
    return wake


def chosen_mode(options: dict, names: list[str]) -> str:
    """The mode the new-game panel shows chosen: the option, or the one the seats make."""
    mode = options.get("mode")
    return mode if mode in MODES else mode_for(len(names), None)


class GelatinousView(View):
    game_id = "gelatinous"
    since_last_turn = False  # every roll is the caller's and moves everyone's dice: the mats show it all
    bot_speed_chips = False  # "Auto speed" in the details sets the same pace
    own_words = DICE_WORDS
    scores_in_summary = True  # its lines say each player's game, score included, as the mats do ("You")

    def new_ui(self, before: GelatinousUI | None = None) -> GelatinousUI:
        return GelatinousUI()

    def sense(self, ui: GelatinousUI, setting: Setting) -> None:
        ui.setting = setting
        if ui.new_roll is not None:  # (the table tells the time before the roll is drawn)
            ui.rolled_at, ui.roll_k, ui.new_roll = setting.now, ui.new_roll, None

    def settle(self, facts: Facts, ui: GelatinousUI) -> GelatinousUI:
        """A new position: a roll made in play starts to play out (at the speed asked for,
        or Auto's); the odds shown whole so far are the ones to dim while the next come."""
        if known(ui.position):
            ui.odds_before = ui.position
        ui.position = odds.position_key(facts.view)
        if facts.phase != "replay":
            if ui.settled_on is not None and facts.moves == ui.settled_on + 1:
                k = ui.asked_k if ui.asked_k is not None else AUTO[auto_speed(ui.setting)][0]
                ui.rolled_at, ui.new_roll = None, k or None
                ui.quick = False
            ui.settled_on = facts.moves
        ui.asked_k = None
        return ui

    # --- clicks and keys ------------------------------------------------------------------

    def interpret(self, facts: Facts, ui: GelatinousUI, action: str, data: dict):
        if action == "roll":
            if not facts.legal:
                return None
            ui.asked_k = 1.0
            return facts.legal[0]
        if action == "auto":
            if facts.phase != "play" or facts.roll_call:
                return None
            on = CALLER not in facts.automatic
            ui.quick = on  # the first roll comes soon
            return Automatic(CALLER, on)
        if action == "settle":  # finish the roll animation at once (a click on the board or a key)
            ui.rolled_at = None
            return UI
        return None

    def key(self, facts: Facts, ui: GelatinousUI, key: str) -> tuple[str, dict] | None:
        """Space and Enter roll; any other key (but Tab and the modifiers) finishes the
        animation, and does what it would besides (Escape only finishes it)."""
        if key in (" ", "Enter", "Spacebar"):
            return ("roll", {"key": key}) if facts.phase == "play" else None
        if key in NOT_KEYS_OF_THE_GAME or not (rolling(ui) or ending(facts, ui)):
            return None
        return "settle", {"key": key, "unused": key != "Escape"}

    # --- the new-game panel ---------------------------------------------------------------

    def setup_fields(self, options: dict, names: list[str]) -> Markup:
        current = chosen_mode(options, names)
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

    def read_options(self, form: dict, options: dict, names: list[str]) -> dict:
        # The mode buttons always show one chosen (the declared option has no default:
        # without one the rules choose by the number of players).
        return {**options, "mode": chosen_mode(options, names)}

    def setup_action(self, action: str, data: dict, options: dict) -> dict | Notice | None:
        if action != "mode":
            return None
        if data.get("mode") not in MODES:
            return Notice(_("Choose solitaire, by video or multiplayer."))
        return {"mode": data["mode"]}

    # --- timing: Auto's rhythm and the roll playing out -----------------------------------

    def pace(self, setting: Setting) -> int | None:
        """The wait before an automatic roll, once the last roll has been on show."""
        return min(AUTO[auto_speed(setting)][1], FIRST_AUTO_MS)

    def settle_ms(self, facts: Facts, ui: GelatinousUI) -> int:
        """How much longer the last roll is on show: rolls on Auto come AUTO[speed] ms apart
        (or once the last has played out, if that is longer); the first after Auto is
        pressed comes after the pace alone."""
        if ui.quick or ui.rolled_at is None:
            return 0
        gap = AUTO[auto_speed(ui.setting)][1]
        on_show = max(gap, anim_ms(ui.roll_k)) - min(gap, FIRST_AUTO_MS)
        return max(0, round(ui.rolled_at + on_show - ui.setting.now))

    def replay_gap(self, setting: Setting) -> int | None:
        return max(250, AUTO[auto_speed(setting)][1])

    def work(self, facts: Facts, ui: GelatinousUI):
        """The odds from here and from the start, until this page knows them."""
        if not odds_wanted(facts) or (known(odds.position_key(facts.view)) and known(odds.start_key(facts.view))):
            return None
        return working_out(facts.view)

    def finished(self, facts: Facts, ui: GelatinousUI) -> Prefs | None:
        """Solitaire: count the game on this device; a better win is a new personal best."""
        view = facts.view
        if view["mode"] != "solitaire":
            return None
        player = view["players"][0]
        stats = valid_stats(ui.setting.prefs.get(STATS_KEY))
        stats["played"] += 1
        best = valid_best(ui.setting.prefs.get(BEST_KEY))
        changes = {STATS_KEY: stats}
        if player["status"] == WON:
            stats["won"] += 1
            if best is None or player["score"] < best:
                changes[BEST_KEY] = player["score"]
                ui.best_note = (_("A new personal best! (Before: {best}.)").format(best=best) if best is not None
                                else _("Your first win on this device: that's your personal best."))
            else:
                ui.best_note = _("Your personal best here is {best}.").format(best=best)
        elif best is not None:
            ui.best_note = _("Your personal best here is {best}.").format(best=best)
        return Prefs(changes)

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, facts: Facts, ui: GelatinousUI) -> Parts:
        view = facts.view
        board = draw_board(facts, ui)
        side = odds_panel(facts, names_said(facts), ui.odds_before, rolling(ui), ui.setting.prefs)
        over = facts.phase == "over"
        details = best_panel(facts, ui.setting.prefs)
        if facts.phase != "replay" and not facts.roll_call:  # (nothing rolls by itself at a live table)
            details = join(details, h("div", {"class": "pace gel-pace", "role": "group", "aria-label": _("Auto-roll speed")},
                                      h("span", None, _("Auto speed")), *pace_chips(auto_speed(ui.setting))))
        nobody = NOBODY_WINS.get(view["outcome"])
        return Parts(board=board, side=side, details=details, strip=strip(facts), status=status(facts),
                     summary=summary(facts, ui) if over else Markup(""),
                     focus="[data-action='roll']",  # a player works at the Roll button (Space/Enter, or a tap)
                     table_data={"data-mode": view["mode"]},  # (the layout with others' mats: static/gelatinous.css)
                     wake=wake_ms(facts, ui), hold_end=ending(facts, ui),
                     headline=_(nobody) if over and nobody else None, outcome=view["outcome"] if over else None,
                     # A roll playing out, the odds worked out: these change, the rest stays.
                     pieces={"[data-odds]": side, "[data-board]": board})


def status(facts: Facts) -> Markup:
    """The strip's first words: the round, and who calls it (always seat 0)."""
    rnd = facts.view["round"]
    if facts.phase == "replay":
        text = _("Replay · round {round}").format(round=rnd)
    elif facts.phase != "play":
        text = _("Game over")
    elif rnd == 0:
        text = _("Ready to roll")
    else:
        text = _("Round {round}").format(round=rnd)
    return h("p", {"class": f"turn p{CALLER}", "data-turn": CALLER}, text)


def own_seat(facts: Facts) -> int:
    """The seat whose cube and mat this screen puts first: its player's, or the caller's
    when everyone plays at this device (or nobody: watching)."""
    for seat in (facts.viewer, you(facts)):
        if seat is not None:
            return seat
    return CALLER


def strip(facts: Facts) -> Markup:
    """Cubes in the strip: solitaire, yours; otherwise the leader's, and the viewer's (or
    the caller's, when everyone shares the device) beside it."""
    view = facts.view
    players, names = view["players"], names_said(facts)

    def cube(seat: int) -> Markup:
        p = players[seat]
        grew = p["last"]["rolled"] and "cube" in p["last"]["dest"]
        # A new element each round (id), so a cube that grew flashes every time.
        return h("b", {"class": "up" if grew else None, "id": f"gel-strip-{seat}-r{view['round']}" if grew else None},
                 str(p["cube"]))

    if view["mode"] == "solitaire":
        p = players[0]
        # (The rolls so far are the round, in the status beside.)
        shown = [h("span", None, *fill(_("Cube {count}/8"), count=cube(0))),
                 h("span", None, *fill(_("Hand {count}"), count=h("b", None, str(p["hand"]))))]
    else:
        top = max(p["cube"] for p in players)
        leaders = [seat for seat, p in enumerate(players) if p["cube"] == top]
        me = own_seat(facts)
        if top == 0:
            shown = [h("span", None, _("All cubes 0/8"))]
        elif leaders == [you(facts)]:
            shown = [h("span", None, *fill(_("You lead {count}/8"), count=cube(leaders[0])))]
        elif len(leaders) == 1:
            shown = [h("span", None, *fill(_("{player} {count}/8 leads"), player=names[leaders[0]], count=cube(leaders[0])))]
        else:
            shown = [h("span", None, *fill(_("{number} tied at {count}/8"), number=str(len(leaders)),
                                             count=cube(leaders[0])))]
        if me not in leaders and top:
            shown.insert(0, h("span", None, *fill(_("{player} {count}/8"), player=names[me], count=cube(me))))
    return h("span", {"class": "strip-facts"}, *shown)


def draw_board(facts: Facts, ui: GelatinousUI) -> Markup:
    view = facts.view
    # A roll still playing (a redraw mid-roll keeps the same elements, so their animations
    # go on; see gelatinous_art).
    k = ui.roll_k if rolling(ui) else None
    fresh = bool(k) and view["round"] > 0
    mode = view["mode"]
    names, me = names_said(facts), own_seat(facts)
    call = facts.roll_call
    called = {**{seat: "waiting" for seat in call.get("waiting", ())}, **{seat: "rolled" for seat in call.get("rolled", ())}}
    mats = [mat(view, seat, fresh, names, seat == me, you(facts), called.get(seat, "") if call else None)
            for seat in range(len(view["players"]))]
    attrs = {"class": "gel-board" + (" gel-fresh" if fresh else ""), "data-board": "",
             "data-mode": mode, "data-round": view["round"], "data-animating": "1" if fresh else "0"}
    if fresh:
        attrs["style"] = f"--k:{k}"
        attrs["data-action"] = "settle"
    # The roll bar comes after the mats so that on a phone it can sit low, under the
    # thumb (CSS puts it on top on wider screens, under your mat in a phone's portrait).
    return h("div", attrs,
             h("div", {"class": f"mats mats-{mode} n{len(mats)}"}, *mats),
             roll_bar(facts, ui.setting.now))


def countdown_s(facts: Facts, now: float) -> int | None:
    """A live table's roll call: whole seconds until the host rolls for whoever has not (None: no countdown)."""
    ends = facts.roll_call.get("ends")
    # (a phone knows the host's clock to some ms: a second counts down from a quarter past
    # it, so that a full countdown reads "10", never "11", on every phone)
    return None if ends is None or facts.phase != "play" else max(1, ceil((ends - now - COUNT_SLACK_MS) / 1000))


def roll_call_line(facts: Facts, now: float) -> str:
    """What a live table's roll call waits for, in words: everyone rolls their own dice on
    their own phone; once someone has, a countdown rolls for the others."""
    names = names_said(facts)
    waiting = facts.roll_call["waiting"]
    others = and_list([names[seat] for seat in waiting if seat != you(facts)])
    seconds = countdown_s(facts, now)
    if facts.legal:
        text = _("Everyone rolls their own dice: tap Roll")
        if seconds is not None:
            text = ngettext("Tap Roll: in {seconds} second the game rolls for you",
                            "Tap Roll: in {seconds} seconds the game rolls for you", seconds).format(seconds=seconds)
        return text
    if not waiting:
        return _("Everyone has rolled")
    if seconds is None:
        return _("Waiting for {players} to roll").format(players=others)
    return ngettext("Waiting for {players}: the game rolls for them in {seconds} second",
                    "Waiting for {players}: the game rolls for them in {seconds} seconds", seconds).format(
        players=others, seconds=seconds)


def roll_bar(facts: Facts, now: float = 0.0) -> Markup:
    caller = facts.names[CALLER]
    over = facts.phase != "play"
    auto = CALLER in facts.automatic
    call = bool(facts.roll_call) and not over
    keys = None
    if call:  # (a live table: each phone rolls its own dice; nothing here rolls by itself)
        sub = roll_call_line(facts, now)
        keys = h("span", {"class": "keys-hint"}, _("Space or Enter rolls")) if facts.legal else None
    elif facts.phase == "replay":
        sub = _("Replay: step with the replay controls")
    elif over:
        sub = _("Game over")
    elif auto:
        sub = _("Rolling by itself: Auto pauses it")
    else:
        sub = (_("Roll until the cube is complete") if len(facts.names) == 1
               else _("You call the rolls for everyone") if you(facts) == CALLER
               else _("{player} calls the rolls for everyone").format(player=caller))
        keys = h("span", {"class": "keys-hint"}, _("Space or Enter rolls"))  # hidden on touch screens
    # Out of play the buttons are aria-disabled, not disabled: a disabled button
    # drops the keyboard focus to the page.
    off = "true" if over or (call and not facts.legal) else None
    seconds = countdown_s(facts, now) if call else None
    return h("div", {"class": "roll-bar" + (" roll-call" if call else ""), "data-countdown": seconds},
             h("button", {"type": "button", "class": "roll-button", "data-action": "roll", "aria-disabled": off,
                          "aria-keyshortcuts": "Space Enter"}, roll_icon(), _("Roll")),
             None if call else
             h("button", {"type": "button", "class": "auto-toggle" + (" on" if auto else ""), "data-action": "auto",
                          "aria-pressed": "true" if auto else "false", "aria-disabled": off},
               h("span", {"class": "auto-dot", "aria-hidden": "true"}), _("Auto")),
             # (a landscape phone's narrow Roll column has room for the seconds alone)
             h("span", {"class": "countdown", "aria-hidden": "true"}, _("{seconds} s").format(seconds=seconds))
             if seconds is not None else None,
             h("p", {"class": "round-info"}, h("span", None, sub), keys))


def summary(facts: Facts, ui: GelatinousUI) -> Markup:
    """The end screen: how each player's game went, and the personal best."""
    view = facts.view
    mode, kind = view["mode"], view["outcome"]
    lines = []
    # ("You" for this screen's one player, as on the mats; the winner first)
    names = names_said(facts)
    for seat in sorted(range(len(names)), key=lambda seat: view["players"][seat]["status"] != WON):
        name, p = names[seat], view["players"][seat]
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
        lines.append(h("li", {"data-seat": seat, "class": "winner" if status == WON else None},
                       *fill(_("{player}: {summary}"), player=h("strong", None, name), summary=text)))
    parts = []
    if kind == EATEN:
        parts.append(h("div", {"class": "eaten-art", "aria-hidden": "true"}, jelly_monster()))
        parts.append(h("p", {"class": "eaten"}, _("Nobody had dice left to roll and no cube was finished: the jelly ate you all.")))
    parts.append(h("ul", {"class": "end-lines"}, *lines))
    if mode != "multi" and kind in (WON, "shared"):
        parts.append(h("p", {"class": "lower-better"}, _("Lower scores are better.")))
    if ui.best_note:
        parts.append(h("p", {"class": "best-note", "data-best-note": ""}, ui.best_note))
    return h("div", {"class": "gel-summary"}, *parts)
