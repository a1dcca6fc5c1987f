"""It's Mine! play screen: flip ice-cream cards and grab piles, in real time.

Time: every move carries "t", ms of game time (the table's clock goes on from the last
event's time when a game is resumed). The session's planner (games/itsmine/sim.py)
says what the bots and the countdown do next; the table sets one timer for it and asks
again after EVERY event. A bot's move carries the time its hand was planned to land,
a human's the time of the click or key, so a late timer never breaks the order the
rules demand.

Controls
- One human against bots: click a pile's "It's mine!" button or press its number
  (1–5) to grab it; click your draw pile or press Space to flip on your turn. Your
  favourites stay on screen.
- Several humans on one keyboard (hot-seat): each has a grab key (Q, P, Z, M, V).
  Press your key: you are "reaching" for 1.5 s; press a pile's number (or click
  its "It's mine!" button) to grab it, more numbers for more piles. Space flips for
  whichever human's turn it is. Favourites are secret: yours show only while you
  hold your "Hold to peek" button (data-hold: pressed → shown, released → hidden).

Drawing (from the rules' view of the position on screen and the listed moves; the
pictures are in itsmine_art.py): the screen is split into named parts (seat heads,
piles, bursts, footers, status, countdown, log …), each with a cheap key. After an
event only parts whose key changed are redrawn with `app.update`, so a button being
pressed is not replaced under the pointer; a whole refresh happens only when the
stage changes (new round, scores, game over).
"""
from __future__ import annotations

from gelateria.games.itsmine.rules import COUNTDOWN_MS, ROUNDS, card_name, card_points
from gelateria.web.markup import Markup, h, join
from gelateria.web.screens import top_bar
from gelateria.web.table import UI, TableScreen
from gelateria.web.views.itsmine_art import (
    burst, countdown_bar, deck_slot, defs, fan_picture, favourites_box, how_to_play, kbd, round_over, rounds_table,
    score_sheet, seat_foot, seat_head, token_flash,
)

HOT_KEYS = ("q", "p", "z", "m", "v")  # far apart on a QWERTY keyboard
REACH_MS = 1500  # a hot-seat player's hand stays out this long after their key
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
        self.reaching: tuple[int, int] | None = None  # (seat, until ms)
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
        choices = [("", "Random")] + [(str(i), f"Player {i + 1} ({seat.name})") for i, seat in enumerate(self.seats)]
        return join(
            h("p", {"class": "seed-row"},
              h("label", {"for": "opt_first"}, "Who flips first "),
              h("select", {"id": "opt_first", "name": "opt_first"},
                *[h("option", {"value": v, "selected": v == ("" if first is None else str(first))}, label)
                  for v, label in choices])),
            h("p", {"class": "setup-hint"},
              "Real time: bots react as fast as their level. With two or more humans at this screen, each "
              "gets a grab key (Q, P, Z, M, V) and everyone shares the keyboard."))

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

    def hot_keys(self) -> dict[int, str]:
        """Seat -> grab key, for hot-seat humans."""
        humans = self.humans()
        if len(humans) < 2:
            return {}
        return {seat: HOT_KEYS[i] for i, seat in enumerate(humans[: len(HOT_KEYS)])}

    def hand(self, action: str, data: dict) -> int | None:
        """Whose hand a click is: for a flip, the human whose turn it is; for a grab,
        the one human, or the hot-seat player reaching right now; the next round is
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
            if self.reaching is not None and self.ms() <= self.reaching[1]:
                return self.reaching[0]
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
            self.reaching = None
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
                self.say("Every draw pile is empty: nothing is left to flip." if turn is None
                         else f"It is {self.names()[turn]}'s turn to flip.")
            return move
        try:
            number = int(data.get("pile", data.get("seat", "-1")))
        except (TypeError, ValueError):
            return None
        if action == "grab":
            return self.grab(number, view, legal)
        if action == "reach":
            return self.reach(number)
        return None

    def stamped(self, legal: list, kind: str) -> dict | None:
        """The listed move of this kind, timed now."""
        move = next((m for m in legal if m["a"] == kind), None)
        return None if move is None else dict(move, t=self.move_time())

    def grab(self, pile: int, view: dict, legal: list) -> dict | None:
        if not 0 <= pile < view["players"]:
            return None
        if view["me"] is None:  # hot-seat, and nobody is reaching
            if self.mode() == "hotseat":
                keys = ", ".join(f"{self.names()[s]} {k.upper()}" for s, k in self.hot_keys().items())
                self.say(f"Press your grab key first ({keys}), then the pile's number.")
            return None
        # The listed grab, or the same grab unlisted: then the rules say why not.
        move = next((m for m in legal if m["a"] == "g" and m["p"] == [pile]), {"a": "g", "p": [pile]})
        return dict(move, t=self.move_time())

    def reach(self, seat: int):
        if seat not in self.hot_keys():
            return None
        self.reaching = (seat, self.ms() + REACH_MS)
        self.set_timer("reach", REACH_MS, self.end_reach)
        return UI

    def end_reach(self) -> None:
        self.reaching = None
        self.paint()

    def peek(self, seat: int, showing: bool) -> None:
        """Hot-seat: a player's favourites show only while they hold their Peek button
        (pointer, or Space/Enter on it), and hide again on release."""
        if seat not in self.hot_keys() or showing == (seat in self.peeking):
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
        if len(key) == 1 and key.isdigit():
            pile = int(key) - 1
            if 0 <= pile < self.seen(None)["players"]:
                self.on_game_action("grab", {"pile": pile})
                return True
            return False
        if key == "Escape" and self.reaching is not None:
            self.end_reach()
            return True
        for seat, hot in self.hot_keys().items():
            if key.lower() == hot:
                self.on_game_action("reach", {"seat": seat})
                return True
        return False

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
        reaching = self.reaching[0] if self.reaching else None
        countdown = v["countdown"]
        fav = v["favourite"] if v["phase"] == "play" else None
        out = {
            "notice": (self.message, self.notice_part),
            "status": ((v["phase"], v["round"], v["turn"], sum(v["draw"]), reaching, names), self.status_part),
            "countdown": ((countdown is not None, countdown and countdown["from"]), self.countdown_part),
            "log": ((len(self.log), self.log[-1] if self.log else ""), self.log_part),
        }
        hot = self.hot_keys()
        for i in range(v["players"]):
            taken = v["taken"][i]
            out[f"head{i}"] = ((names[i], v["tokens"][i], v["turn"] == i, reaching == i, hot.get(i)),
                               lambda i=i: self.head_part(i))
            out[f"flash{i}"] = (self.flashes.get(i, (0,))[0], lambda i=i: self.flash_part(i))
            out[f"draw{i}"] = ((v["draw"][i], self.flip_allowed(i)), lambda i=i: self.draw_part(i))
            out[f"fan{i}"] = ((v["open"][i], fav, taken and taken[1], names), lambda i=i: self.fan_part(i))
            out[f"burst{i}"] = (self.bursts.get(i, (0,))[0], lambda i=i: self.burst_part(i))
            # (a Reach button pressed with the mouse is redrawn, so Space flips again)
            out[f"foot{i}"] = ((len(v["won"][i]), self.grab_offered(i), i in self.peeking, reaching == i),
                               lambda i=i: self.foot_part(i))
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

    def flip_allowed(self, seat: int) -> bool:
        """A human's deck is a Flip button when the rules list their flip."""
        return self.phase == "play" and not self.is_bot(seat) and any(m["a"] == "f" for m in self.listed(seat))

    def grab_offered(self, pile: int) -> bool:
        """A pile's "It's mine!" button works when it has cards and the rules list a
        grab of it for a human hand here."""
        if self.phase != "play" or not self.seen(None)["open"][pile]:
            return False
        return any(m["a"] == "g" and m["p"] == [pile] for p in self.humans() for m in self.listed(p))

    def notice_part(self) -> Markup:
        return h("div", {"data-part": "notice", "class": "notice-slot"}, self.notice())

    def status_part(self) -> Markup:
        v = self.look()
        names = self.names()
        turn = v["turn"]
        left = sum(v["draw"])
        if v["phase"] != "play":
            text = f"Round {v['round']} is over."
        elif turn is None:
            text = "Every card is out: last call!"
        elif self.is_bot(turn):
            text = f"{names[turn]} flips next."
        elif self.mode() == "solo":
            text = Markup(h("strong", None, "Your turn: flip!") + " Click your deck or press " + kbd("Space") + ".")
        else:
            text = Markup(h("strong", None, f"{names[turn]}: flip!") + " Click the deck or press " + kbd("Space") + ".")
        reach = None
        if self.reaching is not None:
            seat = self.reaching[0]
            reach = h("span", {"class": f"reach-note p{seat}", "data-reaching-note": seat},
                      f"{names[seat]} is reaching: press a pile number 1–{v['players']}")
        return h("div", {"class": "status", "data-part": "status", "aria-live": "polite"},
                 h("span", {"class": "round-chip"}, f"Round {v['round']} of {ROUNDS}"),
                 h("span", {"class": "status-text"}, text),
                 h("span", {"class": "left-chip", "data-left": left}, f"{left} to flip") if left else None,
                 reach)

    def countdown_part(self) -> Markup:
        countdown = self.look()["countdown"]
        if countdown is None:
            return h("div", {"data-part": "countdown", "class": "countdown idle"})
        return countdown_bar(max(0, min(COUNTDOWN_MS, countdown["deadline"] - self.ms())), COUNTDOWN_MS)

    def keep_ticking(self) -> None:
        """While the countdown runs, its part alone is redrawn ten times a second."""
        if "tick" not in self.timers and self.round_on() and self.seen(None)["countdown"] is not None:
            self.set_timer("tick", TICK_EVERY_MS, self.tick)

    def tick(self) -> None:
        if not self.round_on() or self.seen(None)["countdown"] is None:
            return
        self.app.update('[data-part="countdown"]', self.countdown_part())
        self.set_timer("tick", TICK_EVERY_MS, self.tick)

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
        return h("section", {"class": "log", "aria-label": "What happened"},
                 h("h2", None, "What happened"), self.part("log"))

    def head_part(self, i: int) -> Markup:
        v = self.look()
        if self.is_bot(i):
            tag = self.level_label(self.seats[i].level)
        elif self.mode() == "solo":
            tag = "You"
        else:
            tag = "Human"
        reaching = self.reaching is not None and self.reaching[0] == i
        return seat_head(i, self.names()[i], tag, self.hot_keys().get(i), v["tokens"][i], v["turn"] == i, reaching)

    def flash_part(self, i: int) -> Markup:
        flash = self.flashes.get(i)
        inner = None
        if flash is not None:
            _, delta, when = flash
            age = self.ms() - when
            if age < BURST_MS:
                inner = token_flash(delta, age)
        return h("span", {"class": "flash-slot", "data-part": f"flash{i}", "aria-hidden": "true"}, inner)

    def draw_part(self, i: int) -> Markup:
        name = self.names()[i]
        label = None
        if self.flip_allowed(i):
            label = "Flip your next card" if self.mode() == "solo" else f"Flip {name}'s next card"
        return deck_slot(i, self.look()["draw"][i], name, label)

    def fan_part(self, i: int) -> Markup:
        v = self.look()
        cards = v["open"][i]
        name = self.names()[i]
        fav = v["favourite"] if v["phase"] == "play" else None
        taken = v["taken"][i]
        k = len(cards)
        empty = f"Taken by {self.names()[taken[1]]}" if taken is not None else "No cards face up"
        if k:
            label = f"{name}'s open pile, {k} card{'s' if k != 1 else ''}: " + ", ".join(card_name(c) for c in cards)
        else:
            label = f"{name}'s open pile: " + ("empty, " + empty.lower() if taken is not None else "empty")
        marks = [card_points(card, fav) if fav else 0 for card in cards]
        return h("div", {"class": "fan-slot", "data-part": f"fan{i}", "data-cards": k},
                 fan_picture(cards, marks, self.fresh == i, empty, label))

    def burst_part(self, i: int) -> Markup:
        shown = self.bursts.get(i)
        if self.phase == "replay":  # a replay shows the burst of the grab just stepped to
            seat, move = self.last_move or (None, {})
            shown = (0, seat, self.ms()) if move.get("a") == "g" and i in move["p"] else None
        inner = None
        if shown is not None:
            _, grabber, when = shown
            age = self.ms() - when
            if age < BURST_MS:
                inner = burst(grabber, self.names()[grabber], age)
        return h("div", {"class": "burst-slot", "data-part": f"burst{i}", "aria-hidden": "true"}, inner)

    def foot_part(self, i: int) -> Markup:
        v = self.look()
        hot = self.hot_keys().get(i) if v["phase"] == "play" and self.phase == "play" else None
        shown = self.seen(i)["favourite"] if hot and i in self.peeking else None  # only while held
        grab = self.grab_offered(i) if self.phase == "play" and self.humans() else None
        return seat_foot(i, v["won"][i], self.names()[i], hot, shown, grab)

    # --- drawing: the page ------------------------------------------------------------

    def render(self) -> Markup:
        if self.phase == "setup":
            return self.render_setup()
        v = self.look()
        self.stage = (self.phase, v["phase"], v["round"])
        self.painted = {}
        self.specs_now = self.specs()
        self.keep_ticking()
        return h("section", {"class": "table itsmine", "data-game": self.game_id, "data-phase": self.phase,
                             "data-round": v["round"], "data-stage": v["phase"], "data-mode": self.mode()},
                 defs(),
                 top_bar(self.entry.title),
                 h("h1", {"class": "visually-hidden", "tabindex": "-1"}, self.entry.title),
                 h("div", {"class": "table-layout"},
                   h("div", {"class": "board-area"}, self.part("notice"), self.board()),
                   h("aside", {"class": "side-area"}, self.side(), self.controls(), self.log_panel())),
                 self.overlay())

    def board(self) -> Markup:
        v = self.look()
        n = v["players"]
        seats = []
        for i in range(n):
            classes = f"seat p{i}" + (" me" if self.mode() == "solo" and not self.is_bot(i) else "")
            seats.append(h("article", {"class": classes, "data-seat-panel": i, "aria-label": f"{self.names()[i]}'s place"},
                           self.part(f"head{i}"),
                           self.part(f"flash{i}"),
                           h("div", {"class": "seat-body"},
                             self.part(f"draw{i}"),
                             h("div", {"class": "fan-wrap"}, self.part(f"fan{i}"), self.part(f"burst{i}"))),
                           self.part(f"foot{i}")))
        between = None
        if self.phase == "replay" and v["history"] and v["phase"] != "play":
            between = h("div", {"class": "replay-scores"}, self.round_table(v["history"][-1]))
        return h("div", {"class": "im-board"},
                 h("div", {"class": "status-bar"}, self.part("status"), self.part("countdown")),
                 between,
                 h("div", {"class": f"seats n{n}"}, *seats))

    def side(self) -> Markup:
        v = self.look()
        boxes = []
        if self.viewer() is not None and v["phase"] == "play":
            boxes.append(favourites_box(self.viewer(), v["favourite"]))
        boxes.append(self.controls_help())
        boxes.append(self.totals_box())
        return join(*boxes)

    def controls_help(self) -> Markup:
        mode = self.mode() if self.phase == "play" else self.phase
        names = self.names()
        keys = [(k, names[seat]) for seat, k in self.hot_keys().items()]
        return how_to_play(mode if mode in ("solo", "hotseat", "replay") else "watch", self.look()["players"], keys)

    def totals_box(self) -> Markup:
        v = self.look()
        if not v["history"]:
            return Markup("")
        return h("section", {"class": "totals", "aria-label": "Scores so far"}, h("h2", None, "Scores so far"),
                 rounds_table(v["history"], v["totals"], self.names(), final=False))

    def overlay(self) -> Markup:
        if self.phase == "play" and self.look()["phase"] == "scored":
            return self.score_overlay()
        if self.phase == "over":
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
            h("details", {"class": "last-round"}, h("summary", None, f"How round {last['round']} was scored"),
              self.round_table(last)) if last else None)


def screen(app, rest=None):
    return ItsMineScreen(app, rest)
