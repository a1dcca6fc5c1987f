"""It's Mine! play screen: flip ice-cream cards and grab piles, in real time.

Time: every move carries "t", ms of game time (the table's clock goes on from the last
event's time when a game is resumed). The session's planner (games/itsmine/sim.py)
says what the bots and the countdown do next; the table sets one timer for it and asks
again after EVERY event. A bot's move carries the time its hand was planned to land,
a human's the time of the click or key, so a late timer never breaks the order the
rules demand.

Controls
- One human against bots: click a pile's "It's mine!" button or press its number
  (1–5) to grab it; click Flip or press Space to flip on your turn. Your favourites
  and the Flip control stay on screen, pinned under the piles (the hand bar).
- Several humans on one keyboard (hot-seat): each has a key group of their own, one key
  per pile (itsmine_keys.py: Q W E R T, Y U I O P, ...), shown on every pile's buttons;
  by pointer, each pile has a button per human. Space flips for whichever human's turn
  it is. Favourites are secret: yours show only while you hold your Peek button
  (data-hold: pressed → shown, released → hidden).
- After a call of "It's mine!" play pauses for a moment (the rules' "paused_until"):
  the Flip control says "Paused…" and waits; grabs during the pause still count.

Drawing (from the rules' view of the position on screen and the listed moves; the
pictures are in itsmine_art.py): the screen is split into named parts (seat heads,
piles, bursts, footers, status, countdown, log …), each with a cheap key. After an
event only parts whose key changed are redrawn with `app.update`, so a button being
pressed is not replaced under the pointer; a whole refresh happens only when the
stage changes (new round, scores, game over).
"""
from __future__ import annotations

from gelateria.core.i18n import _, seat_label
from gelateria.games.itsmine.rules import COUNTDOWN_MS, ROUNDS, card_points
from gelateria.web.markup import Markup, h, join
from gelateria.web.screens import top_bar
from gelateria.web.table import UI, TableScreen
from gelateria.web.views.itsmine_art import (
    burst, countdown_bar, deck_slot, defs, round_over, rounds_table, score_sheet, token_flash,
)
from gelateria.web.views.itsmine_keys import key_groups, key_label, key_press
from gelateria.web.views.itsmine_panels import (
    fan_slot, flip_control, grab_controls, how_to_play, my_favourites, peek_buttons, scoring_box, seat_head, totals_box,
)

MESSAGE_MS = 4000  # a refusal stays on screen this long (bots keep playing)
TICK_EVERY_MS = 100  # countdown redraw interval
BURST_MS = 1400  # length of the "It's mine!" animation
SAVE_EVERY_MS = 1500  # autosave at most this often during a round (and at once between rounds)
LOG_LINES = 60  # log lines on screen
# Bot speed (the shared "pace" preference) scales how long bots pause before
# flipping; how fast they react to a pile is their level and is never changed.
FLIP_PACE = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.15}


class ItsMineScreen(TableScreen):
    game_id = "itsmine"
    message_ms = MESSAGE_MS
    save_delay_ms = SAVE_EVERY_MS

    def reset_ui(self) -> None:
        self.peeking: set[int] = set()
        self.painted: dict = {}  # part name -> key of what is on the page
        self.specs_now: dict = {}
        self.stage = None
        self.events = 0
        self.bursts: dict[int, tuple] = {}  # pile -> (event no, grabber, clock ms)
        self.flashes: dict = {}  # seat or "box" -> (event no, delta, clock ms)
        self.fresh: int | None = None  # seat whose card was just flipped
        self.log_items: dict[str, Markup] = {}  # log line -> its <li>, drawn once
        self._memo: tuple = (None, {})  # (position, {key: its view or legal moves})

    # --- the position on screen, as the rules show it ---------------------------------

    def memo(self, key, make):
        """`make()` once per position on screen (every part asks for the same views)."""
        state = self.state
        if self._memo[0] is not state:
            self._memo = (state, {})
        cache = self._memo[1]
        if key not in cache:
            cache[key] = make()
        return cache[key]

    def seen(self, seat: int | None) -> dict:
        """The position on screen as `seat` may see it (None: a spectator)."""
        return self.memo(("view", seat), lambda: self.game.view(self.state, seat))

    def look(self) -> dict:
        """What the screen shows: the viewer's view (the one human's; else a spectator's)."""
        return self.seen(self.viewer())

    def listed(self, seat: int) -> list:
        """`seat`'s legal moves in the position on screen."""
        return self.memo(("legal", seat), lambda: self.game.legal_moves(self.state, seat))

    # --- setup ----------------------------------------------------------------

    def setup_fields(self) -> Markup:
        first = self.options.get("first")
        choices = [("", _("Random"))] + [
            (str(i), _("{seat} ({name})").format(seat=seat_label(i), name=seat.name)) for i, seat in enumerate(self.seats)]
        return join(
            h("p", {"class": "seed-row"},
              h("label", {"for": "opt_first"}, _("Who flips first"), " "),
              h("select", {"id": "opt_first", "name": "opt_first"},
                *[h("option", {"value": v, "selected": v == ("" if first is None else str(first))}, label)
                  for v, label in choices])),
            h("p", {"class": "setup-hint"}, _(
                "Real time: bots react as fast as their level. With two or more humans at this screen, each grabs "
                "with a key row of their own ({keys}) on the shared keyboard.").format(keys="Q W E R T, Y U I O P, Z X C V B, …")))

    def read_options(self, form: dict) -> dict:
        options = super().read_options(form)
        if options.get("first", 0) >= len(self.seats):
            options.pop("first")  # a seat no longer at the table: random
        return options

    # --- who is who -----------------------------------------------------------

    def mode(self) -> str:
        humans = len(self.humans())
        return "solo" if humans == 1 else "hotseat" if humans > 1 else "watch"

    def viewer(self):
        """The seat whose favourites are always on screen: the one human against bots
        (never in a replay, which shows what a spectator sees)."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 and self.phase == "play" and not self.watch_only else None

    def groups(self) -> dict[int, list[str]]:
        """Human seat -> its grab keys, pile by pile (itsmine_keys.key_groups)."""
        humans = self.humans()
        if not humans:
            return {}
        return key_groups(humans, len(self.seats))

    def hand(self, action: str, data: dict) -> int | None:
        """Whose hand a click is: for a flip, the human whose turn it is; for a grab,
        the one human, or the hot-seat human whose button or key it is; the next round is
        anyone's (a table of bots: seat 0)."""
        if self.phase != "play" or self.session is None:
            return None
        humans = self.humans()
        if action == "next-round":
            return humans[0] if humans else 0
        if action == "flip":
            turn = self.seen(None)["turn"]
            return turn if turn is not None and not self.is_bot(turn) else None
        if action == "grab":
            if self.mode() == "solo":
                return humans[0]
            try:
                hand = int(data.get("hand", "-1"))
            except (TypeError, ValueError):
                return None
            return hand if hand in humans else None
        return None

    # --- time -------------------------------------------------------------------

    def ms(self) -> int:
        """The game's clock in whole milliseconds (what a move's "t" holds)."""
        return max(0, int(self.clock()))

    def move_time(self) -> int:
        """A human's move happens now, and never before the last event."""
        return max(self.seen(None)["now"], self.ms())

    def round_on(self) -> bool:
        return self.phase == "play" and self.session is not None and self.seen(None)["phase"] == "play"

    def due_move(self, event):
        """A table of bots moves on to the next round after the pause, at the time it ends."""
        return dict(event.move, t=self.move_time()) if event.move["a"] == "c" else event.move

    def save_now(self, before, after) -> bool:
        """A round's end and the next round's deal are saved at once."""
        return self.game.view(before, None)["phase"] != self.game.view(after, None)["phase"]

    def prepare_bots(self) -> None:
        factor = FLIP_PACE.get(self.app.prefs.get("pace", "normal"), 1.0)
        for bot in self.bots.values():
            bot.set_pace(factor)

    def replay_gap(self) -> int:
        """Replays run at the game's own pace: the recorded time between events
        (a long pause is cut short; the score table between rounds stays a moment)."""
        moves = self.record.moves
        i = self.replay_index
        if not 0 < i < len(moves):
            return 0
        nxt = moves[i][1]
        return 2500 if nxt["a"] == "c" else max(40, min(1500, nxt["t"] - moves[i - 1][1]["t"]))

    def on_action(self, action: str, data: dict) -> None:
        super().on_action(action, data)
        if action == "pace":
            self.prepare_bots()

    # --- what happened ------------------------------------------------------------------

    def moved(self, seat: int, move, before, after) -> None:
        """A flip marks the fresh card; a grab bursts on the piles won and flashes the
        hearts that changed hands; a new round starts with clean hands."""
        self.events += 1
        now = self.ms()
        kind = move["a"]
        self.fresh = seat if kind == "f" else None
        if kind == "g":
            was, bench = self.game.view(before, None), self.game.view(after, None)
            for pile in move["p"]:
                taken = bench["taken"][pile]
                if taken is not None and taken[1] == seat:
                    self.bursts[pile] = (self.events, seat, now)
            for who, (old, new) in enumerate(zip(was["tokens"], bench["tokens"])):
                if new != old:
                    self.flashes[who] = (self.events, new - old, now)
            if bench["box"] != was["box"]:
                self.flashes["box"] = (self.events, bench["box"] - was["box"], now)
        elif kind == "c":
            self.bursts, self.flashes = {}, {}
            self.peeking = set()

    # --- what the humans do ---------------------------------------------------------

    def interpret(self, action: str, data: dict, view: dict | None, legal: list):
        if action == "next-round":
            return self.stamped(legal, "c")
        if not self.round_on():
            return None
        if action == "flip":
            move = self.stamped(legal, "f")
            if move is None:
                turn = view["turn"]
                self.say(_("Every draw pile is empty: nothing is left to flip.") if turn is None
                         else _("It is {player}'s turn to flip.").format(player=self.names()[turn]))
            return move
        try:
            number = int(data.get("pile", data.get("seat", "-1")))
        except (TypeError, ValueError):
            return None
        if action == "grab":
            return self.grab(number, view, legal)
        return None

    def stamped(self, legal: list, kind: str) -> dict | None:
        """The listed move of this kind, timed now."""
        move = next((m for m in legal if m["a"] == kind), None)
        return None if move is None else dict(move, t=self.move_time())

    def grab(self, pile: int, view: dict, legal: list) -> dict | None:
        if not 0 <= pile < view["players"]:
            return None
        if view["me"] is None:  # hot-seat: a pile's number alone says nothing about whose hand
            if self.mode() == "hotseat":
                names = self.names()
                keys = _("; ").join(f"{names[s]} {' '.join(map(key_label, k))}" for s, k in self.groups().items())
                self.say(_("Each player grabs with their own keys ({keys}), or their name on the pile's button.").format(keys=keys))
            return None
        # The listed grab, or the same grab unlisted: then the rules say why not.
        move = next((m for m in legal if m["a"] == "g" and m["p"] == [pile]), {"a": "g", "p": [pile]})
        return dict(move, t=self.move_time())

    def peek(self, seat: int, showing: bool) -> None:
        """Hot-seat: a player's favourites show only while they hold their Peek button
        (pointer, or Space/Enter on it), and hide again on release."""
        if self.mode() != "hotseat" or seat not in self.groups() or showing == (seat in self.peeking):
            return
        if showing:
            self.peeking.add(seat)
        else:
            self.peeking.discard(seat)
        self.paint()

    def on_hold(self, name: str, data: dict, down: bool) -> None:
        if name == "peek":
            self.peek(int(data.get("seat", -1)), down)

    def on_game_key(self, key: str) -> bool:
        if not self.round_on():
            return False
        if key == " ":
            self.on_game_action("flip", {})
            return True
        pressed = key_press(self.groups(), key)
        if pressed is not None:
            seat, pile = pressed
            self.on_game_action("grab", {"pile": pile, "hand": seat})
            return True
        if self.mode() == "hotseat" and key.isdigit() and 1 <= int(key) <= self.seen(None)["players"]:
            self.on_game_action("grab", {"pile": int(key) - 1})  # says whose keys are whose
            return True
        return False

    # --- the pause after a call --------------------------------------------------------

    def pause_left(self) -> int:
        """ms until flipping may go on after the last call of "It's mine!" (0: no pause;
        also for rules without one)."""
        until = self.seen(None).get("paused_until")
        return max(0, until - self.ms()) if until is not None and self.round_on() else 0

    # --- drawing: parts --------------------------------------------------------------

    def redraw(self) -> None:
        if self.phase != "play" or self.session is None:
            self.app.refresh()
            return
        v = self.look()
        if (self.phase, v["phase"], v["round"]) != self.stage:
            self.app.refresh()
        else:
            self.paint()

    def specs(self) -> dict:
        """Every part that changes during a round: name -> (key, draw function)."""
        v = self.look()
        names = tuple(self.names())
        fav = v["favourite"] if v["phase"] == "play" else None
        pause = self.seen(None).get("paused_until") if self.pause_left() else None
        out = {
            "notice": (self.message, self.notice_part),
            "status": ((v["phase"], v["round"], v["turn"], names), self.status_part),
            "facts": ((v["round"], sum(v["draw"])), self.facts_part),
            "countdown": ((v["countdown"] is not None, v["countdown"] and v["countdown"]["from"]), self.countdown_part),
            "flip": ((v["turn"], sum(v["draw"]), self.flip_kind(), pause, names), self.flip_part),
            "pause": (pause, self.pause_part),
            "favs": ((fav, tuple(sorted(self.peeking)), names), self.favs_part),
            "log": ((len(self.log), self.log[-1] if self.log else ""), self.log_part),
        }
        for i in range(v["players"]):
            taken = v["taken"][i]
            out[f"head{i}"] = ((names[i], v["tokens"][i], v["turn"] == i, v["draw"][i], len(v["won"][i])),
                               lambda i=i: self.head_part(i))
            out[f"flash{i}"] = (self.flashes.get(i, (0,))[0], lambda i=i: self.flash_part(i))
            out[f"draw{i}"] = (v["draw"][i], lambda i=i: self.draw_part(i))
            out[f"fan{i}"] = ((v["open"][i], fav, taken and taken[1], names), lambda i=i: self.fan_part(i))
            out[f"burst{i}"] = (self.bursts.get(i, (0,))[0], lambda i=i: self.burst_part(i))
            out[f"grab{i}"] = ((self.grab_offered(i), names), lambda i=i: self.grab_part(i))
        return out

    def part(self, name: str) -> Markup:
        key, draw = self.specs_now[name]
        self.painted[name] = key
        return draw()

    def paint(self) -> None:
        """Redraw only the parts whose key changed since they were drawn."""
        if not self.round_on():
            return
        self.specs_now = self.specs()
        for name, (key, draw) in self.specs_now.items():
            if self.painted.get(name, ()) != key:
                self.app.update(f'[data-part="{name}"]', draw())
                self.painted[name] = key
        self.keep_ticking()

    def keep_ticking(self) -> None:
        """While the countdown runs, its part alone is redrawn ten times a second; a
        pause is redrawn once, when it ends (the Flip control comes back)."""
        if "tick" not in self.timers and self.round_on() and self.seen(None)["countdown"] is not None:
            self.set_timer("tick", TICK_EVERY_MS, self.tick)
        left = self.pause_left()
        if left:
            self.set_timer("pause", left + 1, self.paint)

    def tick(self) -> None:
        if not self.round_on() or self.seen(None)["countdown"] is None:
            return
        self.app.update('[data-part="countdown"]', self.countdown_part())
        self.set_timer("tick", TICK_EVERY_MS, self.tick)

    def flip_kind(self) -> str:
        """Who the Flip slot is for: "solo"/"hotseat" (a flip here), "bot" (a bot, or a human elsewhere), "none"."""
        if self.phase != "play" or self.session is None:
            return "none"
        turn = self.seen(None)["turn"]
        if turn is None:
            return "none"
        if turn not in self.humans():
            return "bot"
        return self.mode() if any(m["a"] == "f" for m in self.listed(turn)) else "none"

    def grab_offered(self, pile: int) -> bool:
        """A pile's "It's mine!" button works when it has cards and the rules list a
        grab of it for a human hand here."""
        if self.phase != "play" or not self.seen(None)["open"][pile]:
            return False
        return any(m["a"] == "g" and m["p"] == [pile] for p in self.humans() for m in self.listed(p))

    def notice_part(self) -> Markup:
        return h("div", {"data-part": "notice", "class": "notice-slot"}, self.notice())

    def status_line(self) -> Markup:
        return self.part("status")

    def strip(self) -> Markup:
        return self.part("facts")

    def status_part(self) -> Markup:
        v = self.look()
        names = self.names()
        turn = v["turn"]
        if v["phase"] != "play":
            text = _("Round {round} is over.").format(round=v["round"])
        elif turn is None:
            text = _("Every card is out: last call!")
        elif self.is_bot(turn):
            text = _("{player} flips next").format(player=names[turn])
        elif self.mode() == "solo":
            text = h("strong", None, _("Your turn: flip!"))
        else:
            text = h("strong", None, _("{player}: flip!").format(player=names[turn]))
        return h("p", {"class": "turn" + (f" p{turn}" if turn is not None else ""), "data-part": "status",
                       "data-turn": turn}, text)

    def facts_part(self) -> Markup:
        v = self.look()
        return h("span", {"class": "strip-facts", "data-part": "facts"},
                 h("span", {"class": "round-fact"}, _("Round {round} of {rounds}").format(round=v["round"], rounds=ROUNDS)),
                 h("span", {"data-left": sum(v["draw"])}, _("{count} to flip").format(count=sum(v["draw"]))))

    def countdown_part(self) -> Markup:
        countdown = self.look()["countdown"]
        if countdown is None:
            return h("div", {"data-part": "countdown", "class": "countdown idle"})
        return countdown_bar(max(0, min(COUNTDOWN_MS, countdown["deadline"] - self.ms())), COUNTDOWN_MS)

    def flip_part(self) -> Markup:
        v = self.seen(None)
        turn, kind = v["turn"], self.flip_kind()
        who = self.names()[turn] if turn is not None else ""
        left = v["draw"][turn] if turn is not None else 0
        return flip_control(kind, who, left, self.pause_left(), f"pause-{v.get('paused_until')}")

    def pause_part(self) -> Markup:
        """The pause after a call: a ring round the table (drawn over it, pushing nothing)."""
        left = self.pause_left()
        return h("div", {"class": "pause-ring" + (" on" if left else ""), "data-part": "pause", "aria-hidden": "true"},
                 h("span", {"class": "pause-tag"}, _("It's mine! Paused…")) if left else None)

    def favs_part(self) -> Markup:
        v = self.look()
        names = self.names()
        if self.viewer() is not None and v["phase"] == "play":
            inner = my_favourites(self.viewer(), v["favourite"])
        elif self.mode() == "hotseat" and self.phase == "play":
            shown = {seat: self.seen(seat)["favourite"] for seat in self.peeking}
            inner = peek_buttons([(seat, names[seat]) for seat in self.humans()], shown)
        else:
            inner = None
        return h("div", {"class": "favs-slot", "data-part": "favs"}, inner)

    def log_part(self) -> Markup:
        shown = self.log[-LOG_LINES:]
        cache = self.log_items
        items = [cache.get(line) or cache.setdefault(line, h("li", None, line)) for line in reversed(shown)]
        if len(cache) > 4 * LOG_LINES:
            self.log_items = {line: cache[line] for line in shown if line in cache}
        return Markup('<ol data-log="" data-part="log">' + "".join(items) + "</ol>")

    def log_panel(self) -> Markup:
        if self.phase == "replay":
            return super().log_panel()
        return h("section", {"class": "log", "aria-label": _("What happened")},
                 h("h2", None, _("What happened")), self.part("log"))

    def seat_tag(self, i: int) -> str:
        if self.is_bot(i):
            return self.setup.level_label(self.seats[i].level)
        return _("You") if self.mode() == "solo" else _("Human")

    def head_part(self, i: int) -> Markup:
        v = self.look()
        return seat_head(i, self.names()[i], self.seat_tag(i), v["tokens"][i], v["draw"][i], v["won"][i], v["turn"] == i)

    def flash_part(self, i: int) -> Markup:
        _event, delta, when = self.flashes.get(i, (0, 0, -BURST_MS))
        age = self.ms() - when
        return h("span", {"class": "flash-slot", "data-part": f"flash{i}", "aria-hidden": "true"},
                 token_flash(delta, age) if age < BURST_MS else None)

    def draw_part(self, i: int) -> Markup:
        return deck_slot(i, self.look()["draw"][i], self.names()[i])

    def fan_part(self, i: int) -> Markup:
        v = self.look()
        fav = v["favourite"] if v["phase"] == "play" else None
        taken = v["taken"][i]
        marks = [card_points(card, fav) if fav else 0 for card in v["open"][i]]
        return fan_slot(i, v["open"][i], marks, self.fresh == i, self.names()[i],
                        self.names()[taken[1]] if taken is not None else None)

    def burst_part(self, i: int) -> Markup:
        shown = self.bursts.get(i)
        if self.phase == "replay":  # a replay shows the burst of the grab just stepped to
            seat, move = self.last_move or (None, {})
            shown = (0, seat, self.ms()) if move.get("a") == "g" and i in move["p"] else None
        inner = None
        if shown is not None:
            _event, grabber, when = shown
            age = self.ms() - when
            if age < BURST_MS:
                inner = burst(grabber, self.names()[grabber], age)
        return h("div", {"class": "burst-slot", "data-part": f"burst{i}", "aria-hidden": "true"}, inner)

    def grab_part(self, i: int) -> Markup:
        names = self.names()
        groups = self.groups() if self.phase == "play" else {}
        hands = [(seat, names[seat], keys[i] if keys else None) for seat, keys in groups.items()]
        hands += [(seat, names[seat], None) for seat in self.humans() if seat not in groups and self.phase == "play"]
        return grab_controls(i, names[i], hands, self.grab_offered(i))

    def focus_home(self) -> str | None:
        """After a grab or a flip, focus goes back to the Flip control (Space flips
        anyway), else to the top of the table."""
        return "[data-action='flip']" if self.flip_kind() in ("solo", "hotseat") else "h1"

    # --- drawing: the page ------------------------------------------------------------

    def render(self) -> Markup:
        """The chrome's layout (a practice game's bar, turn strip, floating notice, board,
        side column with the More sheet), with the parts the round redraws one by one."""
        if self.phase == "setup":
            return self.setup.render()
        v = self.look()
        self.stage = (self.phase, v["phase"], v["round"])
        self.painted = {}
        self.specs_now = self.specs()
        self.keep_ticking()
        return h("section", {"class": "table itsmine", "data-game": self.game_id, "data-phase": self.phase,
                             "data-round": v["round"], "data-stage": v["phase"], "data-mode": self.mode(),
                             "data-players": v["players"]},
                 defs(),
                 top_bar(self.entry.title),
                 h("h1", {"class": "visually-hidden", "tabindex": "-1"}, self.entry.title),
                 h("div", {"class": "table-layout"},
                   h("div", {"class": "board-area"}, self.practice_bar(), self.save_notice(), self.seat_bar(), self.turn_strip(), self.part("notice"),
                     self.board()),
                   h("aside", {"class": "side-area"}, h("div", {"class": "side-main"}, self.side()), self.more_sheet())),
                 self.overlay())

    def board(self) -> Markup:
        v = self.look()
        n = v["players"]
        seats = []
        for i in range(n):
            classes = f"seat p{i}" + (" me" if self.mode() == "solo" and not self.is_bot(i) else "")
            seats.append(h("article", {"class": classes, "data-seat-panel": i, "aria-label": _("{player}'s place").format(player=self.names()[i])},
                           self.part(f"head{i}"),
                           self.part(f"flash{i}"),
                           h("div", {"class": "seat-body"},
                             self.part(f"draw{i}"),
                             h("div", {"class": "fan-wrap"}, self.part(f"fan{i}"), self.part(f"burst{i}"))),
                           self.part(f"grab{i}")))
        between = None
        if self.phase == "replay" and v["history"] and v["phase"] != "play":
            between = h("div", {"class": "replay-scores"}, self.round_table(v["history"][-1]))
        hand = None  # a grid cell of its own: the free one with an odd number of seats
        if self.phase == "play":
            hand = h("div", {"class": "hand-bar", "data-hand-bar": ""},
                     h("div", {"class": "hand-inner"},
                       h("div", {"class": "flip-box"}, self.part("flip"), self.part("countdown")), self.part("favs")))
        return h("div", {"class": "im-board"}, self.part("pause"), between, h("div", {"class": f"seats n{n}"}, *seats, hand))

    def details(self) -> Markup:
        """The More sheet on a phone (the side column elsewhere): help, scoring, scores."""
        v = self.look()
        return join(self.controls_help(), scoring_box(), totals_box(v["round"], ROUNDS, v["history"], v["totals"], self.names()))

    def controls_help(self) -> Markup:
        mode = self.mode() if self.phase == "play" else self.phase
        names = self.names()
        groups = [(names[seat], keys) for seat, keys in self.groups().items()] if mode == "hotseat" else []
        return how_to_play(mode if mode in ("solo", "hotseat", "replay") else "watch", self.look()["players"], groups)

    def overlay(self) -> Markup:
        if self.phase == "play" and self.look()["phase"] == "scored":
            return self.score_overlay()
        if self.phase == "over" or self.choosing:  # (the chooser: a game from a link)
            return super().overlay()
        return Markup("")

    def round_table(self, result: dict) -> Markup:
        return score_sheet(result, self.look()["totals"], self.names())

    def score_overlay(self) -> Markup:
        result = self.look()["history"][-1]
        return round_over(result, self.round_table(result), ROUNDS)

    def summary(self) -> Markup:
        v = self.look()
        last = v["history"][-1] if v["history"] else None
        return join(
            rounds_table(v["history"], v["totals"], self.names(), final=True),
            h("details", {"class": "last-round"}, h("summary", None, _("How round {round} was scored").format(round=last["round"])),
              self.round_table(last)) if last else None)


def screen(app, rest=None):
    return ItsMineScreen(app, rest)
