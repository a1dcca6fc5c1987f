"""It's Mine! play screen: flip ice-cream cards and grab piles, in real time.

Time: every move carries "t", ms of game time. The table's clock is the game's own (it
goes on from the last event's time when a game is resumed) and reaches the view as
`Setting.now`; the session's planner (games/itsmine/sim.py) says what the bots and the
countdown do next, and the table keeps the one timer. A human's move carries the time of
the click or key, and never a time before the last event.

Controls
- One human against bots: click a pile's "It's mine!" button or press its number
  (1–5) to grab it; click Flip or press Space to flip on your turn. Your favourites
  and the Flip control stay on screen, pinned under the piles (the hand bar).
- Several humans on one keyboard (hot-seat): each has a key group of their own, one key
  per pile (itsmine_keys.py: Q W E R T, Y U I O P, ...), shown on every pile's buttons;
  by pointer, each pile has a button per human. Space flips for whichever human's turn
  it is. A click or key is a move for the seat it belongs to (a `Seated` answer): every
  human here may move at any moment, so the Facts hold each one's legal moves.
  Favourites are secret: yours show only while you hold your Peek button (data-hold:
  pressed, you are the viewer (`Reveal`); let go, nobody is).
- After a call of "It's mine!" play pauses for a moment (the rules' "paused_until"):
  the Flip control says "Paused…" and waits; grabs during the pause still count.

Drawing (from the Facts only: the rules' view of the position on screen, the humans'
legal moves; the pictures are in itsmine_art.py, the panels in itsmine_panels.py): the
board, the strip's facts and the hand bar are cut into pieces (seat heads, piles,
bursts, grab buttons, flip, countdown, favourites …), each with a selector of its own
(`Parts.pieces`): after a flip or a grab the table sends only the pieces that changed,
so a button being pressed is not replaced under the pointer and a flip sends a few
hundred bytes, not the page. Whatever else changes (a new round, the scores) redraws the
screen. The countdown asks to be drawn again every tick, the pause when it ends
(`Parts.wake`); a move's burst and hearts are animated from when the view first saw
the move (`settle`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from gelateria.core.facts import Facts
from gelateria.core.i18n import _, and_list, ngettext, seat_label
from gelateria.games.itsmine.rules import COUNTDOWN_MS, ICE_CREAMS, ROUNDS, card_points
from gelateria.web.markup import Markup, h, join
from gelateria.web.views.contract import Notice, Parts, Reveal, Seated, Setting, View, level_label
from gelateria.web.views.itsmine_art import (
    burst, countdown_bar, deck_slot, defs, round_over, rounds_table, score_sheet, token_flash,
)
from gelateria.web.views.itsmine_keys import key_groups, key_label, key_press
from gelateria.web.views.itsmine_panels import (
    fan_slot, flip_control, grab_controls, how_to_play, my_favourites, peek_buttons, scoring_box, seat_head, tally,
    totals_box,
)

TICK_EVERY_MS = 100  # the countdown is drawn again this often
# The key rows named on the new-game panel, each row held together (no-break spaces: never "Q W E" over "R T").
KEY_ROWS_SAID = "Q\u00a0W\u00a0E\u00a0R\u00a0T, Y\u00a0U\u00a0I\u00a0O\u00a0P, Z\u00a0X\u00a0C\u00a0V\u00a0B, …"
BURST_MS = 1400  # length of the "It's mine!" animation (and of the hearts won or lost)


@dataclass
class ItsMineUI:
    """The view's own state: the clock it was told, who holds Peek, what is animated."""

    now: int = 0  # the game's clock (ms) when the view was last told (Setting.now)
    peeking: list = field(default_factory=list)  # hot-seat: the seats holding their Peek button, the latest last
    seen: dict | None = None  # the position settled last (its moves, round, tokens, draw piles, taken piles)
    bursts: dict = field(default_factory=dict)  # pile -> (grabber, game ms): "It's mine!" over it
    flashes: dict = field(default_factory=dict)  # seat -> (hearts won or lost, game ms)
    flipped: set = field(default_factory=set)  # the piles whose top card was flipped while the view looked


class Scene:
    """What one drawing or one click needs from the Facts, worked out once."""

    def __init__(self, facts: Facts, ui: ItsMineUI):
        self.facts, self.ui, self.v = facts, ui, facts.view
        self.names = facts.names
        self.humans = facts.humans
        self.mode = "solo" if len(self.humans) == 1 else "hotseat" if self.humans else "watch"
        self.playing = facts.phase == "play"  # (the table's phase: not a replay, not over)
        self.round_on = self.playing and self.v["phase"] == "play"
        self.now = ui.now

    def said(self, seat: int) -> str:
        """A seat's name on its pile and in the tally: "You" for the one human here (the
        log and the rules keep names; hot-seat and watching screens too)."""
        return _("You") if self.yours(seat) else self.names[seat]

    def said_all(self) -> list[str]:
        """Every seat as said(): the score sheets' names."""
        return [self.said(seat) for seat in range(len(self.names))]

    def yours(self, seat: int) -> bool:
        return self.mode == "solo" and seat in self.humans

    def legal(self, seat: int) -> list:
        """`seat`'s legal moves, if this screen takes its moves now."""
        hands = self.facts.legal_by_seat
        return (hands[seat] or []) if 0 <= seat < len(hands) else []

    def groups(self) -> dict[int, list[str]]:
        """Human seat -> its grab keys, pile by pile (itsmine_keys.key_groups)."""
        return key_groups(self.humans, self.v["players"]) if self.humans else {}

    def move_time(self) -> int:
        """A human's move happens now, and never before the last event."""
        return max(self.v["now"], self.now)

    def pause_left(self) -> int:
        """ms until flipping may go on after the last call of "It's mine!" (0: no pause;
        also for rules without one)."""
        until = self.v.get("paused_until")
        return max(0, until - self.now) if until is not None and self.round_on else 0

    def flip_kind(self) -> str:
        """Who the Flip slot is for: "solo"/"hotseat" (a flip here), "bot" (a bot, or a human elsewhere), "none"."""
        turn = self.v["turn"]
        if not self.playing or turn is None:
            return "none"
        if turn not in self.humans:
            return "bot"
        return self.mode if any(m["a"] == "f" for m in self.legal(turn)) else "none"

    def grab_offered(self, pile: int) -> bool:
        """A pile's "It's mine!" button works when it has cards and the rules list a
        grab of it for a human hand here."""
        if not self.playing or not self.v["open"][pile]:
            return False
        return any(m["a"] == "g" and m["p"] == [pile] for p in self.humans for m in self.legal(p))

    def favourite(self):
        """The favourite the piles are marked for, during a round: the one human's; in
        hot-seat the peeking player's while they hold Peek (as their favourites show)."""
        if self.v["phase"] != "play" or self.v["favourite"] is None:
            return None
        shown = self.mode == "solo" or (self.mode == "hotseat" and self.facts.viewer in self.ui.peeking)
        return self.v["favourite"] if shown else None


class ItsMineView(View):
    game_id = "itsmine"
    scores_in_summary = True  # its rounds table says each total, best first, "You" as in play

    def new_ui(self, before: ItsMineUI | None = None) -> ItsMineUI:
        return ItsMineUI()

    def sense(self, ui: ItsMineUI, setting: Setting) -> None:
        ui.now = max(0, int(setting.now))

    def setup_fields(self, options: dict, names: list[str]) -> Markup:
        first = options.get("first")
        choices = [("", _("Random"))] + [
            (str(i), _("{seat} ({name})").format(seat=seat_label(i), name=name)) for i, name in enumerate(names)]
        return join(
            h("p", {"class": "seed-row"},
              h("label", {"for": "opt_first"}, _("Who flips first"), " "),
              h("select", {"id": "opt_first", "name": "opt_first"},
                *[h("option", {"value": v, "selected": v == ("" if first is None else str(first))}, label)
                  for v, label in choices])),
            # (a keyboard's hint, or a touch screen's: CSS shows the one for this pointer)
            h("p", {"class": "setup-hint im-fine"}, _(
                "Real time: bots react as fast as their level. With two or more humans at this screen, each grabs "
                "with a key row of their own ({keys}) on the shared keyboard.").format(keys=KEY_ROWS_SAID)),
            h("p", {"class": "setup-hint im-coarse", "data-touch-level": "normal"}, _(
                "On a touch screen, “{normal}” is the fair match: it grabs about as fast as a thumb can read the "
                "cards and tap. “{hard}” is quicker.").format(
                normal=level_label("itsmine", "normal"), hard=level_label("itsmine", "hard"))))

    def read_options(self, form: dict, options: dict, names: list[str]) -> dict:
        if options.get("first", 0) >= len(names):
            options = {k: v for k, v in options.items() if k != "first"}  # a seat no longer at the table: random
        return options

    def progress(self, facts: Facts) -> str | None:
        """The Continue list's words: which round, and who leads after the rounds scored."""
        v = facts.view
        words = [_("Round {round} of {rounds}").format(round=v["round"], rounds=ROUNDS)]
        best = max(v["totals"])
        leaders = [facts.names[p] for p, total in enumerate(v["totals"]) if total == best]
        if len(leaders) == 1:
            words.append(_("{player} leads").format(player=leaders[0]))
        elif len(leaders) < len(v["totals"]):
            words.append(_("{players} share the lead").format(players=and_list(leaders)))
        return _(" · ").join(words)

    # --- what happened ----------------------------------------------------------------

    def settle(self, facts: Facts, ui: ItsMineUI) -> ItsMineUI:
        """A new position: what its move changed is animated from now on (a flip's new
        card, a grab's burst on each pile won, the hearts that changed hands); a new round
        starts with clean hands. (A pile's top card keeps its flip drawn: drawn the same,
        the page leaves it alone.)"""
        v = facts.view
        before, ui.seen = ui.seen, {"moves": facts.moves, "round": v["round"], "tokens": v["tokens"],
                                    "draw": v["draw"], "taken": v["taken"]}
        if before is None or facts.moves == before["moves"]:
            return ui  # (the same position: another seat to act, or one built by hand)
        if v["round"] != before["round"]:
            ui.bursts, ui.flashes, ui.flipped = {}, {}, set()
            return ui
        if facts.phase == "play" and facts.moves == before["moves"] + 1:  # (one move on; not a replay's jump)
            ui.flipped |= {seat for seat, (was, left) in enumerate(zip(before["draw"], v["draw"])) if left < was}
            for pile, (was, taken) in enumerate(zip(before["taken"], v["taken"])):
                if taken is not None and taken != was:
                    ui.bursts[pile] = (taken[1], v["now"])
            for seat, (was, has) in enumerate(zip(before["tokens"], v["tokens"])):
                if has != was:
                    ui.flashes[seat] = (has - was, v["now"])
        return ui

    # --- what the humans do ---------------------------------------------------------

    def interpret(self, facts: Facts, ui: ItsMineUI, action: str, data: dict):
        s = Scene(facts, ui)
        if action == "peek":
            return peek(s, data)
        if not s.playing:
            return None
        if action == "next-round":
            if s.v["phase"] != "scored":
                return None
            return Seated(s.humans[0] if s.humans else 0, {"a": "c", "t": s.move_time()})  # (anyone's; a table of bots: seat 0)
        if not s.round_on:
            return None
        if action == "flip":
            return flip(s)
        if action == "grab":
            try:
                pile = int(data.get("pile", data.get("seat", "-1")))
            except (TypeError, ValueError):
                return None
            return grab(s, pile, data)
        return None

    def key(self, facts: Facts, ui: ItsMineUI, key: str) -> tuple[str, dict] | None:
        """Space flips; a grab key grabs its pile for its human; in hot-seat a pile's
        number alone says whose keys are whose."""
        s = Scene(facts, ui)
        if not s.round_on:
            return None
        if key == " ":
            return "flip", {}
        pressed = key_press(s.groups(), key)
        if pressed is not None:
            seat, pile = pressed
            return "grab", {"pile": pile, "hand": seat}
        if s.mode == "hotseat" and key.isdigit() and 1 <= int(key) <= s.v["players"]:
            return "grab", {"pile": int(key) - 1}  # (says whose keys are whose)
        return None

    # --- drawing -------------------------------------------------------------------

    def draw(self, facts: Facts, ui: ItsMineUI) -> Parts:
        s = Scene(facts, ui)
        v = s.v
        parts = round_parts(s)
        over = facts.phase == "over"
        return Parts(
            board=board(s, parts), strip=parts["facts"], status=parts["status"],
            details=join(controls_help(s), scoring_box(), totals_box(v["round"], ROUNDS, v["history"], v["totals"], s.said_all())),
            summary=summary(s) if over else Markup(""),
            overlay=round_over(v["history"][-1], round_table(s, v["history"][-1]), ROUNDS)
            if s.playing and v["phase"] == "scored" else Markup(""),
            # After a grab or a flip, focus goes back to the Flip control (Space flips
            # anyway), else to the top of the table.
            focus="[data-action='flip']" if s.flip_kind() in ("solo", "hotseat") else "h1",
            table_data={"data-round": v["round"], "data-stage": v["phase"], "data-mode": s.mode,
                        "data-players": v["players"]},
            wake=wake(s), pieces={f'[data-part="{name}"]': markup for name, markup in parts.items()} if s.playing else {})


# --- input ---------------------------------------------------------------------------------

def flip(s: Scene):
    """Space or Flip: a flip for the human whose turn it is (the rules refuse it during
    the pause after a call, and say so)."""
    turn = s.v["turn"]
    if turn is None:
        return Notice(_("Every draw pile is empty: nothing is left to flip."))
    if turn not in s.humans:
        # (a bot's turn; a watcher of another device's game is told nothing)
        return Notice(_("It is {player}'s turn to flip.").format(player=s.names[turn])) if s.facts.is_bot(turn) else None
    move = next((m for m in s.legal(turn) if m["a"] == "f"), {"a": "f"})
    return Seated(turn, dict(move, t=s.move_time()))


def grab(s: Scene, pile: int, data: dict):
    """A grab of `pile` by the hand it is for: the one human's, or the hot-seat human
    whose button or key it was."""
    if not 0 <= pile < s.v["players"]:
        return None
    seat = s.humans[0] if s.mode == "solo" else None
    if s.mode == "hotseat":
        try:
            seat = int(data.get("hand", "-1"))
        except (TypeError, ValueError):
            seat = None
    if seat not in s.humans:  # hot-seat: a pile's number alone says nothing about whose hand
        if s.mode != "hotseat":
            return None
        keys = _("; ").join(f"{s.names[p]} {' '.join(map(key_label, k))}" for p, k in s.groups().items())
        return Notice(_("Each player grabs with their own keys ({keys}), or their name on the pile's button.").format(keys=keys))
    # The listed grab, or the same grab unlisted: then the rules say why not.
    move = next((m for m in s.legal(seat) if m["a"] == "g" and m["p"] == [pile]), {"a": "g", "p": [pile]})
    return Seated(seat, dict(move, t=s.move_time()))


def peek(s: Scene, data: dict):
    """Hot-seat: a player's favourites show only while they hold their Peek button
    (pointer, or Space/Enter on it), and hide again on release. Holding it makes them
    the viewer; when two hold theirs, the latest is shown."""
    try:
        seat = int(data.get("seat", -1))
    except (TypeError, ValueError):
        return None
    if s.mode != "hotseat" or seat not in s.humans:
        return None
    ui = s.ui
    held = [p for p in ui.peeking if p != seat] + ([seat] if data.get("down") else [])
    shown = held[-1] if held else None
    if held == ui.peeking and s.facts.viewer == shown:
        return None
    ui.peeking = held
    return Reveal(shown)


# --- drawing: the parts a round redraws one by one ----------------------------------------

def round_parts(s: Scene) -> dict[str, Markup]:
    """Every part that changes during a round, by name (its data-part)."""
    v = s.v
    parts = {"status": status_part(s), "facts": facts_part(s), "countdown": countdown_part(s), "flip": flip_part(s),
             "pause": pause_part(s), "favs": favs_part(s), "tally": tally_part(s)}
    for i in range(v["players"]):
        parts[f"head{i}"] = seat_head(i, s.said(i), seat_tag(s, i), v["tokens"][i], v["draw"][i], v["won"][i], v["turn"] == i,
                                     s.yours(i))
        parts[f"flash{i}"] = flash_part(s, i)
        parts[f"draw{i}"] = deck_slot(i, v["draw"][i], s.names[i], s.yours(i))
        parts[f"fan{i}"] = fan_part(s, i)
        parts[f"burst{i}"] = burst_part(s, i)
        parts[f"grab{i}"] = grab_part(s, i)
    return parts


def wake(s: Scene) -> int | None:
    """When to draw again: the countdown's next tick, the end of the pause after a call."""
    waits = []
    if s.round_on and s.v["countdown"] is not None:
        waits.append(TICK_EVERY_MS)
    left = s.pause_left()
    if left:
        waits.append(left + 1)
    return min(waits) if waits else None


def status_part(s: Scene) -> Markup:
    v, turn = s.v, s.v["turn"]
    if v["phase"] != "play":
        text = _("Round {round} is over.").format(round=v["round"])
    elif turn is None:
        text = _("Every card is out: last call!")
    elif s.facts.is_bot(turn) or (s.mode == "solo" and turn not in s.humans):  # (a bot, or a friend's phone)
        text = _("{player} flips next").format(player=s.names[turn])
    elif s.mode == "solo":
        text = h("strong", None, _("Your turn: flip!"))
    else:
        text = h("strong", None, _("{player}: flip!").format(player=s.names[turn]))
    return h("p", {"class": "turn" + (f" p{turn}" if turn is not None else ""), "data-part": "status",
                   "data-turn": turn}, text)


def facts_part(s: Scene) -> Markup:
    left = sum(s.v["draw"])
    return h("span", {"class": "strip-facts", "data-part": "facts"},
             h("span", {"class": "round-fact"}, _("Round {round} of {rounds}").format(round=s.v["round"], rounds=ROUNDS)),
             # (every seat's draw piles together; the hand bar says how many are yours)
             h("span", {"data-left": left}, ngettext("{count} card left to flip", "{count} cards left to flip", left).format(count=left)))


def countdown_part(s: Scene) -> Markup:
    countdown = s.v["countdown"]
    if countdown is None:
        return h("div", {"data-part": "countdown", "class": "countdown idle"})
    return countdown_bar(max(0, min(COUNTDOWN_MS, countdown["deadline"] - s.now)), COUNTDOWN_MS)


def flip_part(s: Scene) -> Markup:
    """The Flip control; during the pause after a call its bar runs for the whole pause
    from the call (drawn the same until the pause ends, so the bar is never restarted)."""
    v, turn, left = s.v, s.v["turn"], s.pause_left()
    paused = max(left, v["paused_until"] - v["now"]) if left else 0
    return flip_control(s.flip_kind(), s.names[turn] if turn is not None else "", v["draw"][turn] if turn is not None else 0,
                        paused, f"pause-{v.get('paused_until')}")


def pause_part(s: Scene) -> Markup:
    """The pause after a call: a ring round the table (drawn over it, pushing nothing)."""
    left = s.pause_left()
    return h("div", {"class": "pause-ring" + (" on" if left else ""), "data-part": "pause", "aria-hidden": "true"},
             h("span", {"class": "pause-tag"}, _("It's mine! Paused…")) if left else None)


def favs_part(s: Scene) -> Markup:
    """The one human's favourites; in hot-seat the Peek buttons, with the favourites of
    the player holding theirs (the viewer, while they hold it)."""
    v, viewer = s.v, s.facts.viewer
    if s.mode == "solo" and viewer is not None and v["phase"] == "play":
        inner = my_favourites(viewer, v["favourite"])
    elif s.mode == "hotseat" and s.playing:
        shown = {viewer: v["favourite"]} if viewer in s.ui.peeking and v["favourite"] is not None else {}
        inner = peek_buttons([(seat, s.names[seat]) for seat in s.humans], shown)
    else:
        inner = None
    return h("div", {"class": "favs-slot", "data-part": "favs"}, inner)


def tally_part(s: Scene) -> Markup:
    """Every seat's hearts and cards taken, in words, under your Flip control."""
    v = s.v
    return tally([(i, s.said(i), v["tokens"][i], len(v["won"][i])) for i in range(v["players"])],
                 s.humans[0] if s.mode == "solo" else None)


def seat_tag(s: Scene, i: int) -> str:
    """Who plays a seat: a bot's level, "Human"; nothing beside "You" (the one human's name line)."""
    if s.facts.is_bot(i):
        return level_label(s.facts.game, s.facts.bots[i])
    return "" if s.mode == "solo" else _("Human")


def flash_part(s: Scene, i: int) -> Markup:
    """Hearts won or lost by a grab, for as long as their animation runs."""
    delta, at = s.ui.flashes.get(i, (0, -BURST_MS))
    shown = s.facts.phase != "replay" and s.now - at < BURST_MS
    return h("span", {"class": "flash-slot", "data-part": f"flash{i}", "aria-hidden": "true"},
             token_flash(delta) if shown else None)


def fan_part(s: Scene, i: int) -> Markup:
    v, fav = s.v, s.favourite()
    taken = v["taken"][i]
    marks = [card_points(card, fav) if fav and card < ICE_CREAMS else 0 for card in v["open"][i]]
    return fan_slot(i, v["open"][i], marks, i in s.ui.flipped and s.facts.phase != "replay", s.names[i],
                    s.names[taken[1]] if taken is not None else None, fav, s.yours(i),
                    taken is not None and s.yours(taken[1]))


def burst_part(s: Scene, i: int) -> Markup:
    """"It's mine!" over a pile just won, for as long as its animation runs; a replay
    shows it over the piles won by the grab just stepped to."""
    v = s.v
    if s.facts.phase == "replay":
        taken = v["taken"][i]
        grabber = taken[1] if taken is not None and taken[0] == v["now"] and s.facts.moves else None
    else:
        grabber, at = s.ui.bursts.get(i, (None, 0))
        grabber = grabber if s.now - at < BURST_MS else None
    return h("div", {"class": "burst-slot", "data-part": f"burst{i}", "aria-hidden": "true"},
             burst(grabber, s.said(grabber)) if grabber is not None else None)


def grab_part(s: Scene, i: int) -> Markup:
    groups = s.groups() if s.playing else {}
    hands = [(seat, s.names[seat], keys[i] if keys else None) for seat, keys in groups.items()]
    hands += [(seat, s.names[seat], None) for seat in s.humans if seat not in groups and s.playing]
    return grab_controls(i, s.names[i], hands, s.grab_offered(i), s.yours(i))


# --- drawing: the table --------------------------------------------------------------------

def board(s: Scene, parts: dict[str, Markup]) -> Markup:
    """Every seat's place (name line, draw pile, open pile, grab buttons), the hand bar
    in the free grid cell, and the pause ring over it all."""
    v, n = s.v, s.v["players"]
    seats = []
    for i in range(n):
        classes = f"seat p{i}" + (" me" if s.yours(i) else "")
        seats.append(h("article", {"class": classes, "data-seat-panel": i,
                                   "aria-label": _("Your place") if s.yours(i)
                                   else _("{player}'s place").format(player=s.names[i])},
                       parts[f"head{i}"], parts[f"flash{i}"],
                       h("div", {"class": "seat-body"},
                         parts[f"draw{i}"], h("div", {"class": "fan-wrap"}, parts[f"fan{i}"], parts[f"burst{i}"])),
                       parts[f"grab{i}"]))
    between = None
    if s.facts.phase == "replay" and v["history"] and v["phase"] != "play":
        between = h("div", {"class": "replay-scores"}, round_table(s, v["history"][-1]))
    hand = None  # a grid cell of its own: the free one with an odd number of seats
    if s.playing:
        hand = h("div", {"class": "hand-bar", "data-hand-bar": ""},
                 h("div", {"class": "hand-inner"},
                   h("div", {"class": "flip-box"}, parts["flip"], parts["countdown"]), parts["favs"], parts["tally"]))
    return h("div", {"class": "im-board"}, defs(), parts["pause"], between, h("div", {"class": f"seats n{n}"}, *seats, hand))


def controls_help(s: Scene) -> Markup:
    mode = s.mode if s.playing else s.facts.phase
    groups = [(s.names[seat], keys) for seat, keys in s.groups().items()] if mode == "hotseat" else []
    return how_to_play(mode if mode in ("solo", "hotseat", "replay") else "watch", s.v["players"], groups)


def round_table(s: Scene, result: dict) -> Markup:
    return score_sheet(result, s.v["totals"], s.said_all())


def summary(s: Scene) -> Markup:
    v = s.v
    last = v["history"][-1] if v["history"] else None
    return join(
        rounds_table(v["history"], v["totals"], s.said_all(), final=True),
        h("details", {"class": "last-round"}, h("summary", None, _("How round {round} was scored").format(round=last["round"])),
          round_table(s, last)) if last else None)
