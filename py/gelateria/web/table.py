"""The shared game screen: a session on the page, and the page's timers.

The game itself is a core.session.Session (the record, every state, the log, undo, the bots).
TableScreen is what the page adds around it, the same for every game; its parts live beside it:
web/setup.py (the new-game panel), web/saving.py (routes, links, saves), web/practice.py (rules
examples and the guided game), web/replay.py, web/chrome.py (drawing the shared parts). This
file turns the session's events into page timers (a bot's move after the chosen pace, a bot
thinking in slices, a real-time game's next event), plays moves, runs undo and the hand-over.

A game's view subclasses TableScreen and supplies only what is its own: drawing (`board`, `side`,
`summary`), `interpret(action, data, view, legal)` that turns a click into a move or a change of
its own UI state, its timing (`pace`, `settle_ms`, `message_ms`, `save_delay_ms`). The browser is
reached only through `self.app`, so the whole flow is unit-testable with a fake app.
"""

from __future__ import annotations

from gelateria.core.game import HIDDEN, TURNS, IllegalMove, get_game, seat_limits
from gelateria.core.i18n import N_, _
from gelateria.core.record import Record, Seat, to_json
from gelateria.core.rng import new_seed
from gelateria.core.seats import held_by
from gelateria.core.session import Event, Session
from gelateria.web.catalog import entry
from gelateria.web.chrome import PACES, TableChrome, think_stats  # noqa: F401 (re-exported for views)
from gelateria.web.practice import ACTIONS as PRACTICE_ACTIONS, Practice
from gelateria.web.saving import LINK_KINDS, SEAT_ACTIONS, Saving
from gelateria.web.replay import Replay
from gelateria.web.screens import Screen, said
from gelateria.web.setup import DEFAULT_NAMES, SetupPanel, declared_options, default_names  # noqa: F401 (DEFAULT_NAMES: re-exported for views)

THINK_SLICE_MS = 40  # longest stretch a thinking bot holds the page (long tasks are > 50 ms)
STALE_MOVE = N_("This page is out of date: continue from the newest position first (the button above).")
UI = "ui"  # what interpret() returns for a change of the view's own state (a pick, a toggle)


class TableScreen(TableChrome, Screen):
    game_id = ""
    message_ms = 0  # a notice clears itself after this long (0: at the next move)
    save_delay_ms = 0  # saves at most this often during play (0: after every move)

    def __init__(self, app, rest=None):
        super().__init__(app)
        self.game = get_game(self.game_id)
        self.entry = entry(self.game_id)
        self.choosing = False  # a game from a link: its player is asked which seat is theirs
        self.phase = "setup"  # setup → play → over, and replay
        self.seats: list[Seat] = self.default_seats()
        self.seed = new_seed()
        self.options: dict = {o.name: o.default for o in self.game.type.options if o.default is not None}
        self.session: Session | None = None
        self.message = ""  # a refused move or other notice
        self.pending = None  # the timer of the session's next event
        self.timers: dict = {}  # name -> timer: the page's own (replay, notices, a view's animations)
        self.t0 = 0.0  # app.now() when the session's clock read 0
        self.revealed_to: int | None = None  # hot-seat: whose hidden info is on screen
        self.end_dismissed = False  # the end screen was closed to look at the board
        self.save_id = ""
        self.undos = 0
        self._picks_for: tuple | None = None
        self._facts: tuple | None = None  # (state, seat, view, legal) of the last click
        self.confirm_undo = False
        self.sharing = False  # the share panel is open
        self.sheet_open = False  # phone: the "More" sheet (details, controls, log) is open
        self.replay_index = 0  # the step on screen in a replay (web/replay.py)
        self.replay = Replay(self)
        self.practice = Practice(self)  # rules examples and the guided game (web/practice.py)
        self.setup = SetupPanel(self)  # the new-game panel (web/setup.py)
        self.saving = Saving(self)  # routes, links and this device's saves (web/saving.py)
        self.resumed = False
        self.watch_only = False  # opened from a replay link: watch, never play as a seat
        self.stale = False  # another tab saved newer moves of this game
        self.think_ms: list[float] = []
        self.new_game = False
        self.reset_ui()
        self.saving.open_route(rest or [])

    # --- the session, as the chrome and views read it --------------------------------

    @property
    def state(self):
        """The position on screen (in a replay, the step shown): opaque, for the rules."""
        if self.session is None:
            return None
        return self.session.at(self.replay_index) if self.phase == "replay" else self.session.state

    @property
    def record(self) -> Record | None:
        return self.session.record if self.session else None

    @property
    def history(self) -> list:
        return self.session.states if self.session else []

    @property
    def log(self) -> list[str]:
        return self.session.log if self.session else []

    @property
    def bots(self) -> dict:
        return self.session.bots if self.session else {}

    @property
    def last_move(self) -> tuple | None:
        return self.session.last_move(self.replay_index if self.phase == "replay" else None) if self.session else None

    # --- who is who -------------------------------------------------------------------

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def humans(self) -> list[int]:
        """The human seats played at this screen: on the new-game panel, every one; in a
        game, those this device holds (core/seats.py)."""
        if self.session is None or self.phase == "setup":
            return [i for i, seat in enumerate(self.seats) if seat.kind == "human"]
        return held_by(self.session.record, self.saving.device)

    def is_bot(self, player: int) -> bool:
        return self.seats[player].kind == "bot"

    def default_seats(self) -> list[Seat]:
        names = default_names()
        return [Seat("human", names[0])] + [
            Seat("bot", names[i], "normal") for i in range(1, self.game.type.default_players)]

    def seat_limits(self) -> tuple[int, int]:
        return seat_limits(self.game, self.options)

    def viewer(self) -> int | None:
        """The seat whose private information the screen shows: the one human against
        bots; in hot-seat, the human whose turn it is once they have taken the device."""
        if self.phase == "replay" or self.watch_only:
            return None  # a replay shows what a spectator sees
        humans = self.humans()
        return humans[0] if len(humans) == 1 else self.revealed_to

    def needs_handover(self, player: int) -> bool:
        """Hidden information in a turn game with several humans at one device."""
        kind = self.game.type
        return (kind.information == HIDDEN and kind.timing == TURNS and len(self.humans()) > 1
                and not self.is_bot(player) and self.revealed_to != player)

    def actor(self) -> int | None:
        """The human whose move the screen takes now (None: a bot's turn, a hand-over in
        progress, a replay or the end)."""
        if self.phase != "play" or self.session is None or self.stale or self.watch_only:
            return None
        acting = self.session.to_act()
        if not acting or acting[0] not in self.humans() or self.needs_handover(acting[0]):
            return None  # (a bot's turn, or a player's on another device)
        return acting[0]

    def position_changed(self) -> bool:
        """True once for each new position or acting human (a move, an undo, a replay
        step): the moment for a view to forget clicks made on the old one."""
        key = (self.state, self.actor(), self.undos)  # the undo count tells a position undone back to
        if self._picks_for is not None and self._picks_for[0] is key[0] and self._picks_for[1:] == key[1:]:
            return False
        self._picks_for = key
        return True

    # --- playing --------------------------------------------------------------------

    def start(self, seed: int | None = None) -> None:
        if seed is not None:
            self.seed = seed
        try:
            session = Session(self.game, self.seats, self.seed, self.options)
        except ValueError as exc:
            self.message, self.phase = str(exc), "setup"
            self.app.refresh()
            return
        self.saving.flush()  # the last moves of a game left behind are written first
        self.begin(session, self.saving.new_save_id(), new_game=True)
        self.saving.autosave()
        self.app.refresh()
        self.after_change()

    def begin(self, session: Session, save_id: str, new_game: bool = False, own: bool = True) -> None:
        """What every way into a game shares: the session, and a fresh screen (`new_game`: just
        started here; `own`: this device's game, so one that names no device is all its humans')."""
        self.cancel_pending()
        self.stop_timers()
        self.session = session
        if own and not session.record.holders:
            self.saving.hold(None)
        self.new_game = new_game
        session.pause_ms = self.game.type.pause_ms
        self.t0 = self.app.now() - session.game_time()
        self.phase = "over" if session.is_over() else "play"
        self.save_id = save_id
        self.stale = self.end_dismissed = self.confirm_undo = self.sharing = self.choosing = False
        self.watch_only = not self.saving.runs_here()  # another device's game: watched until a seat is taken
        self.revealed_to = None
        self.practice.reset()
        self.replay_index = 0
        self.think_ms = []
        self.reset_ui()

    def can_play(self) -> bool:
        """Moves may be made now: a game in play that no other tab has moved on."""
        return self.phase == "play" and not self.stale and not self.watch_only

    def act(self, seat: int, move, quiet: bool = False) -> bool:
        """Play a move through the session; a refused one changes nothing and says why (unless quiet)."""
        if self.stale or not self.can_play() or not (quiet or self.is_bot(seat) or seat in self.humans()):
            if self.stale and not quiet:
                self.say(_(STALE_MOVE))
            return False
        before = self.state
        try:
            after = self.session.submit(seat, move)
        except IllegalMove as exc:
            if not quiet:
                self.say(str(exc))
            return False
        if not quiet:
            self.message = ""
            self.clear_timer("message")
        self.confirm_undo = False
        if self.session.is_over():
            self.phase = "over"
        self.moved(seat, move, before, after)
        self.app.announce(self.log[-1])  # every move, in words, to a screen reader
        self.saving.save_soon(before, after, by_player=seat in self.humans())
        self.redraw()
        self.after_change()
        return True

    def after_change(self) -> None:
        """Ask the session what happens next: schedule it, or hand the device over."""
        self.cancel_pending()
        if not self.can_play():
            return
        self.prepare_bots()
        self.session.pace_ms = self.pace() + self.settle_ms()
        event = self.session.next_event(self.clock())
        if event is not None:
            self.pending = self.app.later(max(0, event.at - self.clock()), lambda: self.event_due(event))
            return
        acting = self.session.to_act()
        if acting and self.needs_handover(acting[0]):
            self.revealed_to = None
            self.app.refresh()

    def event_due(self, event: Event) -> None:
        self.pending = None
        if not self.can_play():
            return
        if event.move is not None:  # real time: a bot's hand lands, or the clock runs out
            if not self.act(event.seat, self.due_move(event), quiet=True):
                self.session.planner.refused(event.seat)
                self.pending = self.app.later(50, self.after_change)
            return
        if event.seat in self.session.to_act():
            self.think_slice(event.seat, self.session.thinking(event.seat), self.state, self.app.now())

    def think_slice(self, seat: int, thinking, state_then, started: float) -> None:
        """A bot thinks for at most THINK_SLICE_MS at a time, then gives the page its
        main thread back, however long the search runs."""
        self.pending = None
        if self.phase != "play" or self.state is not state_then:
            thinking.close()  # the game moved on (undo, new game): drop this search
            return
        deadline = self.app.now() + THINK_SLICE_MS
        try:
            while self.app.now() < deadline:
                next(thinking)
        except StopIteration as done:
            if self.is_bot(seat):  # (not a player's automatic move)
                self.think_ms.append(self.app.now() - started)  # reported as data-think
            self.act(seat, done.value)
            return
        self.pending = self.app.later(0, lambda: self.think_slice(seat, thinking, state_then, started))

    def clock(self) -> float:
        """The session's clock: ms since the game's time 0 (real time), or since it opened."""
        return self.app.now() - self.t0

    def cancel_pending(self) -> None:
        if self.pending is not None:
            self.app.cancel(self.pending)
            self.pending = None

    def set_timer(self, name: str, ms: float, fn) -> None:
        """One named page timer (a new one of the same name replaces it)."""
        self.clear_timer(name)

        def fire():
            self.timers.pop(name, None)
            fn()

        self.timers[name] = self.app.later(max(0, ms), fire)

    def clear_timer(self, name: str) -> None:
        handle = self.timers.pop(name, None)
        if handle is not None:
            self.app.cancel(handle)

    def stop_timers(self) -> None:
        self.saving.flush()
        for name in list(self.timers):
            self.clear_timer(name)

    # --- what the page tells every screen (web/app.py) --------------------------------

    def mounted(self) -> None:
        self.saving.mounted()

    def flush(self) -> None:
        self.saving.flush()

    def on_storage(self, save_id: str) -> None:
        self.saving.on_storage(save_id)

    def save_refused(self, save_id: str) -> None:
        self.saving.save_refused(save_id)

    def close(self) -> None:
        self.cancel_pending()
        self.stop_timers()

    def say(self, text: str) -> None:
        """A notice where the player is looking (cleared after message_ms, if set)."""
        self.message = text
        if self.message_ms:
            self.set_timer("message", self.message_ms, self.clear_message)
        self.redraw()

    def clear_message(self) -> None:
        self.message = ""
        self.redraw()

    # --- what a view may declare ----------------------------------------------------

    def reset_ui(self) -> None:
        """Forget the view's own state (picks, animations): a new game or position."""

    def interpret(self, action: str, data: dict, view: dict | None, legal: list):
        """A click or key on the board, as a move for the acting seat, UI (the view's own
        state changed: redraw), or None (nothing to do)."""
        return None

    def hint(self) -> tuple[str, str] | None:
        """The guided game's next step for the player, as (key, words): the key names
        what to point at (data-hint on the table, styled by the game's CSS)."""
        return None

    def score_story(self) -> str | None:
        """The guided game's end: how your score was made, in a sentence."""
        return None

    def read_options(self, form: dict) -> dict:
        """The options the new-game panel's inputs say (web/setup.py)."""
        return declared_options(self.game, form, self.options)

    def hand(self, action: str, data: dict) -> int | None:
        """Whose move a click is (real time, several humans at one screen: per click)."""
        return self.actor()

    def due_move(self, event: Event):
        """A real-time event's move as played when due (a delayed pause's move: re-timed)."""
        return event.move

    def moved(self, seat: int, move, before, after) -> None:
        """A move was played (animations start here)."""

    def save_now(self, before, after) -> bool:
        return False

    def redraw(self) -> None:
        self.app.refresh()

    def pace(self) -> int:
        return PACES.get(self.app.prefs.get("pace", "normal"), PACES["normal"])

    def settle_ms(self) -> int:
        """How long the last move's animation runs before a bot moves again."""
        return 0

    def prepare_bots(self) -> None:
        """Adjust the bots before they plan (e.g. to the pace)."""

    def replay_gap(self) -> int:
        """The pause before replay's next step."""
        return max(250, self.pace())

    # --- undo --------------------------------------------------------------

    def undo_target(self) -> int | None:
        if self.phase not in ("play", "over") or self.session is None or self.watch_only:
            return None
        return self.session.undo_target()

    def undo(self) -> None:
        target = self.undo_target()
        if target is None:
            return
        self.cancel_pending()
        self.session.truncate(target)
        self.undos += 1
        self.phase = "over" if self.session.is_over() else "play"
        self.end_dismissed = self.confirm_undo = False
        self.message = said(lambda: _("Undone: back to move {number}.").format(number=target) if target else
                            _("Undone: back to the start."))
        self.saving.autosave()
        self.app.refresh()
        self.after_change()

    # --- links and events ----------------------------------------------------------------

    def on_action(self, action: str, data: dict) -> None:
        form = data.get("form") or {}
        if action in ("add-seat", "remove-seat", "new-seed", "start", "copy-deal"):
            self.message = ""
            self.setup.read(form)
            if action == "start":
                self.start()
                return
            self.setup.change(action)
        elif action == "pace":
            self.app.prefs["pace"] = data.get("pace", "normal")
            self.app.save_prefs()
        elif action in SEAT_ACTIONS:
            return self.saving.on_seat_action(action, data)
        elif action == "new-game":
            self.cancel_pending()
            self.stop_timers()
            self.phase = "setup"
            self.seed = new_seed()
        elif action == "same-seats":
            self.message = ""
            self.start(new_seed())
            return
        elif action == "undo":
            if len(self.humans()) > 1 and not self.confirm_undo:
                self.confirm_undo = True  # hot-seat: everyone sees it, so ask first
            else:
                self.undo()
                return
        elif action == "undo-cancel":
            self.confirm_undo = False
        elif action in PRACTICE_ACTIONS:
            return self.practice.on_action(action)
        elif action == "share":
            self.sharing = not self.sharing
        elif action == "sheet":
            self.sheet_open = not self.sheet_open
        elif action == "copy-link" and data.get("kind") in LINK_KINDS:
            self.saving.copy_link(data["kind"])
        elif action == "replay":
            self.replay.enter(0)
        elif action == "load-newest":
            self.saving.load_newest()
            return
        elif action == "download":
            self.app.download(f"{self.game_id}-{self.save_id or 'game'}.json", to_json(self.record))
            return
        elif action == "replay-leave":
            self.replay.leave()
            return
        elif action.startswith("replay-"):
            self.replay.on_action(action, data)
            return
        elif action in ("close-end", "show-end"):
            self.end_dismissed = action == "close-end"
        else:
            self.on_game_action(action, data)
            return
        self.app.refresh()

    def on_game_action(self, action: str, data: dict) -> None:
        """Clicks on the board and the game's controls, through the view's interpret()."""
        seat = self.hand(action, data)
        view, legal = self.turn_facts(seat)
        result = self.interpret(action, data, view, legal)
        if result is UI:
            self.redraw()
        elif result is not None and seat is not None:
            self.act(seat, result)

    def turn_facts(self, seat: int | None) -> tuple[dict | None, list]:
        """The seat's view and legal moves, once per position (not again every click)."""
        if self.session is None:
            return None, []
        if self._facts is None or self._facts[0] is not self.session.state or self._facts[1] != seat:
            legal = self.session.legal(seat) if seat is not None else []
            self._facts = (self.session.state, seat, self.session.view(seat), legal)
        return self._facts[2], self._facts[3]

    def on_key(self, key: str) -> bool:
        if self.phase == "replay" and self.replay.on_key(key):
            return True
        return self.on_game_key(key)

    def on_game_key(self, key: str) -> bool:
        """Keys for the game itself (views override)."""
        return False
