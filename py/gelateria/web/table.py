"""The table: a game's session on the page, with the game's view.

The game itself is a core.session.Session (the record, every state, the log, undo, the
bots, the moves that make themselves). `Table` is what a page adds around it, the same for
every game: it turns the session's events into page timers (a bot's move after the chosen
pace, a bot thinking in slices, a real-time game's next event), plays moves, runs undo and
the hand-over, and turns the view's answers to clicks and keys into moves.

A game's view (web/views/contract.py) is its own object the table holds, never a subclass:
it draws from Facts and its own `ui`, and answers a click with a move, a change of its ui,
a notice, a change of this device's preferences, ... The table's other parts are
collaborators it holds, each in its own file, whose docstring says what of the table it
uses: `drawing` (web/drawing.py: the view's Facts and parts, and what is sent to the page),
`chrome` (web/chrome.py: the shared layout the parts go into), `setup` (web/setup.py: the
new-game panel), `saving` (web/saving.py: routes, links, this device's saves), `practice`
(web/practice.py: rules examples and the guided game) and `replay` (web/replay.py). The
browser is reached only through `self.app`, so the whole flow is unit-testable with a fake app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gelateria.core.game import HIDDEN, REAL_TIME, TURNS, IllegalMove, get_game, seat_limits
from gelateria.core.i18n import N_, _
from gelateria.core.record import Record, Seat, to_json
from gelateria.core.rng import new_seed
from gelateria.core.seats import held_by
from gelateria.core.session import Event, Session
from gelateria.web.catalog import entry
from gelateria.web.chrome import Chrome
from gelateria.web.drawing import Drawing
from gelateria.web.markup import Markup
from gelateria.web.practice import ACTIONS as PRACTICE_ACTIONS, Practice
from gelateria.web.replay import Replay
from gelateria.web.saving import LINK_KINDS, SEAT_ACTIONS, Saving
from gelateria.web.screens import Screen, said
from gelateria.web.setup import SetupPanel, declared_options, default_names
from gelateria.web.views.contract import PACES, UI, Automatic, Notice, Prefs, Reveal, Seated, View

if TYPE_CHECKING:  # (the live table's code is imported when a table goes live: a link to a game starts without it)
    from gelateria.core.live import Guest
    from gelateria.web.lobby import Lobby

THINK_SLICE_MS = 40  # longest stretch a thinking bot holds the page (long tasks are > 50 ms)
STALE_MOVE = N_("This page is out of date: continue from the newest position first (the button above).")
REAL_TIME_SAVE_MS = 1500  # a real-time game saves at most this often during play (at once when its stage changes)
REAL_TIME_NOTICE_MS = 4000  # ... and a notice clears itself after this long (play goes on around it)


class Table(Screen):
    def __init__(self, app, rest: list[str] | None, view: View, guest: Guest | None = None):
        super().__init__(app)
        # A guest's phone at a live table (web/join.py): no session here, only the host's
        # Facts for this phone's seat (core/live.py), and moves sent back to the host.
        self.guest = guest
        self.view = view
        self.ui = view.new_ui()  # the view's own state: picks not played yet, how it looks at the board
        self.game_id = view.game_id
        self.game = get_game(self.game_id)
        self.entry = entry(self.game_id)
        self.choosing = False  # a game from a link: its player is asked which seat is theirs
        self.phase = "setup"  # setup → play → over, and replay
        self.seats: list[Seat] = self.default_seats()
        self.seed = new_seed()
        self.options: dict = {o.name: o.default for o in self.game.type.options if o.default is not None}
        self.session: Session | None = None
        self.message = ""  # a refused move or other answer to what the player just did
        self.news = ""  # what the player must know about this game's link, saves or seats
        self.news_line = False  # the news shrunk to a line (once the player has moved)
        self.pending = None  # the timer of the session's next event
        self.timers: dict = {}  # name -> timer: the page's own (replay, notices, the view's wake and work)
        self.t0 = 0.0  # app.now() when the session's clock read 0
        self.revealed_to: int | None = None  # hot-seat: whose hidden info is on screen
        self.end_dismissed = False  # the end screen was closed to look at the board
        self.save_id = ""
        self.undos = 0
        self.confirm_undo = False
        self.sharing = False  # the share panel is open
        self.sheet_open = False  # phone: the "More" sheet (details, controls, log) is open
        self.replay_index = 0  # the step on screen in a replay
        self.resumed = False
        self.watch_only = False  # opened from a replay link: watch, never play as a seat
        self.stale = False  # another tab saved newer moves of this game
        self.think_ms: list[float] = []  # bots' decisions, timed (data-think)
        self.think_timed: dict[str, list[float]] = {}  # ... by the view's name for their kind (data-think-<kind>)
        self.new_game = False
        self.phones: list[int] = []  # seats other phones play at a live table (chosen on the new-game panel)
        self.shown_moves: int | None = None  # the position the guest's screen shows (its Facts' moves)
        self.lobby: Lobby | None = None  # the live table's invitations and connections (web/lobby.py)
        self.drawing = Drawing(self)
        self.chrome = Chrome(self)
        self.replay = Replay(self)
        self.practice = Practice(self)
        self.setup = SetupPanel(self)
        self.saving = Saving(self)
        self.options = self.read_options({})  # (as the game takes them: the new-game panel shows them so)
        if guest is not None:
            self.heard_host()
        else:
            self.saving.open_route(rest or [])

    # --- what is on screen, as the view sees it (web/drawing.py) ----------------------------

    def facts(self):
        """The Facts of the position on screen (core/facts.py): what the view draws from."""
        return self.drawing.facts()

    def told(self):
        """... with the view told where it is drawn (a Setting), as before it draws or answers."""
        return self.drawing.told()

    def parts(self):
        """The view's drawing of the position on screen (Parts)."""
        return self.drawing.parts()

    # --- the session, as the chrome and the collaborators read it ----------------------------

    @property
    def state(self):
        """The position on screen (in a replay, the step shown): opaque, for the rules (a
        guest's: the host's latest Facts, which stand for the position it cannot hold)."""
        if self.guest is not None:
            return self.guest.facts
        if self.session is None:
            return None
        return self.session.at(self.replay_index) if self.phase == "replay" else self.session.state

    @property
    def record(self) -> Record | None:
        return self.session.record if self.session else None

    @property
    def log(self) -> list[str]:
        return self.session.log if self.session else []

    @property
    def bots(self) -> dict:
        return self.session.bots if self.session else {}

    # --- who is who --------------------------------------------------------------------------

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def humans(self) -> list[int]:
        """The human seats played at this screen: on the new-game panel, every one; in a
        game, those this device holds (core/seats.py); a guest's, its seat."""
        if self.guest is not None:
            return [] if self.guest.seat is None else [self.guest.seat]
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
        if self.guest is not None:
            return self.guest.seat
        humans = self.humans()
        return humans[0] if len(humans) == 1 else self.revealed_to

    def needs_handover(self, player: int) -> bool:
        """Hidden information in a turn game with several humans at one device."""
        kind = self.game.type
        return (kind.information == HIDDEN and kind.timing == TURNS and len(self.humans()) > 1
                and not self.is_bot(player) and self.revealed_to != player)

    def human_actor(self) -> int | None:
        """The human whose move the screen takes now (None: a bot's turn, a hand-over in
        progress, a replay or the end)."""
        if self.guest is not None:
            facts = self.guest.facts  # (no second move while the host has yet to answer the first)
            return facts.actor if self.phase == "play" and facts is not None and not self.awaiting_host() else None
        if self.phase != "play" or self.session is None or self.stale or self.watch_only:
            return None
        acting = self.session.to_act()
        if not acting or acting[0] not in self.humans() or self.needs_handover(acting[0]):
            return None  # (a bot's turn, or a player's on another device)
        return acting[0]

    def awaiting_host(self) -> bool:
        """A guest's turn-game move is on its way to the host, which has yet to answer."""
        return self.guest is not None and self.guest.awaiting and self.game.type.timing != REAL_TIME

    def actor(self) -> int | None:
        """The seat whose move the screen takes now: a human's, as at every table, and in a
        game whose moves make themselves a bot's too (Gelatinous: Roll rolls for an
        automatic caller, on Auto or paused)."""
        call = self.roll_call()
        if call:  # (a live table's roll call: a player here who has yet to roll)
            return next((seat for seat in self.humans() if seat in call["waiting"]), None) if self.can_play() else None
        seat = self.human_actor()
        if seat is None and self.guest is None and self.game.type.auto_move is not None and self.can_play():
            acting = self.session.to_act()
            if acting and self.is_bot(acting[0]):
                return acting[0]
        return seat

    def roll_call(self) -> dict:
        """The host of a live table with dice: the roll call, as Facts carry it ({}: none open)."""
        return self.lobby.host.said() if self.lobby is not None and self.phase == "play" else {}

    def movers(self) -> list[int]:
        """Real time: the seats whose moves this screen takes now, all at once (every human
        played here); [] in a turn game, whose one seat to move here is the actor."""
        if self.guest is not None:  # (its seat, when the host sent its legal moves)
            facts = self.guest.facts
            seat = self.guest.seat
            return [seat] if (self.phase == "play" and facts is not None and seat is not None and facts.legal_by_seat
                              and facts.legal_by_seat[seat] is not None) else []
        return self.humans() if self.game.type.timing == REAL_TIME and self.can_play() else []

    # --- playing -----------------------------------------------------------------------------

    def start(self, seed: int | None = None, rematch: bool = False) -> None:
        if seed is not None:
            self.seed = seed
        try:
            session = Session(self.game, self.seats, self.seed, self.options)
        except ValueError as exc:
            self.message, self.phase = str(exc), "setup"
            self.app.refresh()
            return
        self.saving.flush()  # the last moves of a game left behind are written first
        self.news = ""
        # A rematch at a live table keeps its phones connected, each in its seat (begin()
        # closes a table's connections).
        staying = self.lobby if rematch and self.lobby is not None and sorted(self.lobby.offers) == sorted(self.phones) else None
        if staying is not None:
            self.lobby = None
        self.begin(session, self.saving.new_save_id(), new_game=True)
        if self.phones:
            self.saving.hold(self.phones, free=True)  # (played by the phones that answer their invitations)
            if staying is not None:
                self.lobby = staying
                staying.rematch()
            else:
                from gelateria.web.lobby import Lobby

                self.lobby = Lobby(self, self.phones)
            self.phase = "lobby"  # (nothing moves until the host starts)
        self.saving.autosave()
        self.app.refresh()
        self.after_change()

    def seat_bot(self, seat: int) -> None:
        """Before a live table starts: a bot plays a seat no phone has taken. The deal is
        made again with it (no move has been made: the same seed deals the same game)."""
        self.seats[seat] = Seat("bot", self.seats[seat].name, "normal")
        self.phones.remove(seat)
        session = Session(self.game, self.seats, self.seed, self.options)
        session.pause_ms = self.game.type.pause_ms
        session.record.holders = self.session.record.holders
        self.session = session
        self.saving.hold([seat], free=True)
        self.saving.autosave()
        self.reset_ui()

    def heard_host(self) -> None:
        """A guest's phone: the host's Facts (or a refusal) arrived. The seats and the phase
        are the Facts'; a refusal is said where the player looks. A turn whose only move
        left is the one the game plays for you (Gelati: end the turn) is sent at once."""
        guest = self.guest
        facts = guest.facts
        if facts is not None:
            self.seats = [Seat("bot", name, level) if level else Seat("human", name)
                          for name, level in zip(facts.names, facts.bots)]
            self.phase = "over" if facts.phase == "over" else "play"
        moved_on = facts is not None and facts.moves != self.shown_moves
        if guest.refusals:
            self.message = guest.refusals.pop()
            guest.refusals.clear()
        elif moved_on:
            self.message = ""  # (the position moved on: an old notice no longer fits)
        self.shown_moves = facts.moves if facts is not None else None
        forced = self.game.type.forced
        # (once a position: the same Facts sent again, after a resync, send nothing twice)
        move = forced(facts.legal) if forced is not None and moved_on and self.actor() is not None else None
        if move is not None:
            self.guest.move(move)
            self.message = said(lambda: _("Nothing else to do this turn, so it ended."))

    def reopen_live(self, kept: dict) -> None:
        """This game's save says it was a live table (the host's page reloaded): it opens
        again, with a new invitation for each phone seat (web/lobby.py)."""
        from gelateria.web.lobby import Lobby

        lobby = Lobby.reopened(self, kept)
        if lobby is not None:
            self.lobby, self.phones = lobby, list(lobby.offers)
            self.phase = "play" if lobby.host.playing else "lobby"
            by_phones = [i + 1 for i, (seat, _move) in enumerate(self.session.moves) if seat in self.phones]
            self.session.undo_floor = max([self.session.undo_floor, *by_phones])  # (as remote_moved keeps it)

    def stand_in(self, seat: int, on: bool) -> None:
        """A live table: a bot plays the seat of a phone that is away, until the phone is
        back or the host stops it (`on` False)."""
        if self.phase != "play" or (seat in self.bots) == on:
            return
        self.session.stand_in(seat, on)
        self.lobby.host.send_facts()
        self.redraw()
        self.after_change()

    def begin_live(self) -> None:
        """The host starts the live table: play begins, and every phone is sent its seat's position."""
        self.phase = "play"
        self.lobby.host.playing = True
        self.saving.autosave()  # (a reload from here on reopens the table playing)
        self.app.refresh()
        self.after_change()
        self.lobby.host.send_facts()

    def remote_moved(self, played: list) -> None:
        """Moves another phone made at the live table (already played on the session by the host)."""
        states = self.session.states[-1 - len(played):]
        self.session.undo_floor = len(self.session.moves)  # its phone showed it: the host's undo stops here
        self.live_played([(seat, move, states[i], states[i + 1]) for i, (seat, move) in enumerate(played)], [])

    def begin(self, session: Session, save_id: str, new_game: bool = False, own: bool = True) -> None:
        """What every way into a game shares: the session, and a fresh screen (`new_game`: just
        started here; `own`: this device's game, so one that names no device is all its humans')."""
        self.cancel_pending()
        self.stop_timers()
        self.close_lobby()
        if not new_game and self.game.type.auto_move is not None:
            session.automatic.clear()  # come back to, a game that plays itself waits to be set going
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
        """Play a move through the session; a refused one changes nothing and says why (unless quiet).
        A guest's move goes to the host, whose answer is the next Facts (or a refusal)."""
        if self.guest is not None:
            if seat != self.actor() and seat not in self.movers():
                return False
            self.guest.move(move, self.app.since_input())
            self.redraw()
            return False  # (played once the host says so)
        if self.stale or not self.can_play() or not (quiet or seat in self.bots or seat in self.humans()):
            if self.stale and not quiet:
                self.say(_(STALE_MOVE))
            return False
        if self.lobby is not None and self.game.type.timing == REAL_TIME:
            self.lobby.arrive(seat, move)  # (played in the order moves were made, phones' too: live_played)
            return True
        call = self.roll_call()
        if call:  # one screen, one tap: every player at it rolls (the host rolls once all have)
            self.lobby.roll([player for player in self.humans() if player in call["waiting"]])
            self.redraw()
            return True
        return self.play(seat, move, quiet)

    def play(self, seat: int, move, quiet: bool = False) -> bool:
        """A move of this screen's or of a bot's, played now."""
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
            self.news_line = bool(self.news)  # read by now: it makes room for the game
        self.confirm_undo = False
        if self.session.is_over():
            self.phase = "over"
        self.moved(seat, move, before, after)
        if self.lobby is not None:
            self.lobby.host.send_facts()  # every phone at the live table sees it land
        self.app.announce(self.log[-1])  # every move, in words, to a screen reader
        self.saving.save_soon(before, after, by_player=seat in self.humans())
        self.redraw()
        self.after_change()
        return True

    def live_played(self, played: list, refused: list) -> None:
        """Moves the live table played on the session: another phone's in a turn game
        (remote_moved), or in real time those whose time came (core/live.py Host.play_due),
        as (seat, move, before, after); and this screen's or its bots' that the rules
        refused, as (Arrival, why)."""
        for seat, move, before, after in played:
            self.moved(seat, move, before, after)
            self.app.announce(self.log[-1])
        for arrival, why in refused:
            if arrival.seat in self.bots:
                self.session.planner.refused(arrival.seat)
            else:
                self.say(why)
        if self.session.is_over():
            self.phase = "over"
        if played:
            self.saving.save_soon(played[0][2], self.session.state,
                                  by_player=any(seat in self.humans() for seat, *_rest in played))
        self.redraw()
        self.after_change()

    def moved(self, seat: int, move, before, after) -> None:
        name = self.view.timed(move) if self.is_bot(seat) else None
        if name and self.think_ms:  # (the table has just timed this decision)
            self.think_timed.setdefault(name, []).append(self.think_ms[-1])
        if self.phase == "over" and self.practice.example is None:
            kept = self.view.finished(self.drawing.told(), self.ui)
            if kept is not None:
                self.store(kept)

    def play_forced(self, seat: int) -> None:
        """When all a player may still do is what the game plays for them (Gelati: end
        the turn), it is done: no idle click."""
        forced = self.game.type.forced
        if forced is None or self.phase != "play" or self.actor() != seat:
            return
        move = forced(self.session.legal(seat))
        if move is None:
            return
        # Was ending the player's own choice a move ago (Gelati: step 2, before a trade)?
        # Then ending it for them now surprises, and is said.
        before = self.session.states[-2] if len(self.session.states) > 1 else None
        chose = before is not None and move in self.game.legal_moves(before, seat)
        if self.act(seat, move) and chose:
            done = self.log[-1]
            self.message = said(lambda: _("Nothing else to do this turn, so it ended: {what}").format(what=done))
            self.redraw()

    def set_automatic(self, seat: int, on: bool) -> None:
        """A seat's moves come by themselves from now on, or wait (the view's Automatic)."""
        if not self.can_play() or not (self.is_bot(seat) or seat in self.humans()):
            return
        self.session.set_automatic(seat, on)
        self.redraw()
        self.after_change()

    def after_change(self) -> None:
        """Ask the session what happens next: schedule it, or hand the device over."""
        self.cancel_pending()
        if not self.can_play() or self.guest is not None:
            return
        if self.lobby is not None and self.lobby.host.arrivals:
            return  # (real time: moves wait to be played in order; the bots decide after them)
        if self.roll_call():
            self.lobby.roll_when_due()  # (dice: the bots have rolled; the roll waits for the players)
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
            if not self.act(event.seat, event.move, quiet=True):
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
        """The session's clock: ms since the game's time 0 (real time), or since it opened;
        a guest's, the host's as well as the pings tell it."""
        host = self.guest.game_clock() if self.guest is not None else None
        return host if host is not None else self.app.now() - self.t0

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

    # --- timing, as the view declares it -----------------------------------------------------

    def pace(self) -> int:
        paced = self.view.pace(self.drawing.setting())
        return PACES.get(self.app.prefs.get("pace", "normal"), PACES["normal"]) if paced is None else paced

    def settle_ms(self) -> int:
        facts = self.drawing.told()
        return self.view.settle_ms(facts, self.ui) if facts is not None else 0

    def replay_gap(self) -> int:
        """A real-time game's replay runs on its own clock (the session's word), else at
        the view's pace or the table's."""
        gap = self.session.replay_gap(self.replay_index)
        if gap is None:
            gap = self.view.replay_gap(self.drawing.setting())
        return max(250, self.pace()) if gap is None else gap

    def prepare_bots(self) -> None:
        """The bots take the page's bot speed (real time: the planner paces them by it)."""
        self.session.set_pace(self.pace() + self.settle_ms())

    @property
    def message_ms(self) -> int:
        return REAL_TIME_NOTICE_MS if self.game.type.timing == REAL_TIME else 0

    @property
    def save_delay_ms(self) -> int:
        return REAL_TIME_SAVE_MS if self.game.type.timing == REAL_TIME else 0

    def save_now(self, before, after) -> bool:
        """A game saved only now and then is saved at once when its declared stage changes."""
        stage = self.game.type.stage
        return stage is not None and stage(self.game.view(before, None)) != stage(self.game.view(after, None))

    # --- what the page tells every screen (web/app.py) ---------------------------------------

    @property
    def title(self) -> str:
        """document.title."""
        return _("{game} — Gelateria").format(game=self.entry.title)

    def render(self) -> Markup:
        return self.drawing.render()

    def redraw(self, picked: bool = False) -> None:
        self.drawing.redraw(picked)

    def mounted(self) -> None:
        self.saving.mounted()
        self.drawing.on_page()

    def focus_home(self) -> str | None:
        return self.drawing.parts().focus or ("[data-board]" if self.state is not None else "h1")

    def set_board_size(self, width: float, height: float, coarse: bool = False, insets=None) -> bool:
        """The page measured the board (web/app.py): True if the view is drawn otherwise now."""
        return self.drawing.measured(width, height, coarse, insets)

    def set_view_box(self, x: float, y: float, w: float, h: float) -> None:
        self.drawing.panned(x, y, w, h)

    def flush(self) -> None:
        self.saving.flush()

    def on_storage(self, save_id: str) -> None:
        self.saving.on_storage(save_id)

    def save_refused(self, save_id: str) -> None:
        self.saving.save_refused(save_id)

    def close(self) -> None:
        self.cancel_pending()
        self.stop_timers()
        self.close_lobby()

    def take_reply(self, code: str) -> None:
        """A guest's reply handed over from another tab (web/app.py)."""
        if self.lobby is not None:
            self.lobby.take_reply(code)

    def scanned(self, text: str, failed: str = "") -> None:
        """The camera read a QR code (or could not be had: `failed` says why)."""
        if self.lobby is not None:
            if failed:
                self.lobby.scan_failed(failed)
            else:
                self.lobby.scanned(text)

    def close_lobby(self) -> None:
        if self.lobby is not None:
            self.lobby.close()
            self.lobby = None

    def say(self, text: str) -> None:
        """A notice where the player is looking (cleared after message_ms, if set)."""
        self.message = text
        if self.message_ms:
            self.set_timer("message", self.message_ms, self.clear_message)
        self.redraw()

    def clear_message(self) -> None:
        self.message = ""
        self.redraw()

    # --- the guided game, as the view says it ------------------------------------------------

    def hint(self) -> tuple[str, str] | None:
        return self.drawing.parts().hint if self.state is not None else None

    # --- undo --------------------------------------------------------------------------------

    def undo_target(self) -> int | None:
        if self.phase not in ("play", "over") or self.session is None or self.watch_only:
            return None
        # (at a live table, the host undoes only its own turns, never past a phone's move: remote_moved)
        return self.session.undo_target(self.humans() if self.lobby is not None else None)

    def undo(self) -> None:
        target = self.undo_target()
        if target is None:
            return
        self.cancel_pending()
        self.session.truncate(target)
        if self.lobby is not None:
            self.lobby.host.send_facts()  # every phone at the live table sees the move taken back
        self.undos += 1
        self.phase = "over" if self.session.is_over() else "play"
        self.end_dismissed = self.confirm_undo = False
        self.message = said(lambda: _("Undone: back to move {number}.").format(number=target) if target else
                            _("Undone: back to the start."))
        self.saving.autosave()
        self.app.refresh()
        self.after_change()

    # --- clicks and keys ---------------------------------------------------------------------

    def on_action(self, action: str, data: dict) -> None:
        form = data.get("form") or {}
        if self.lobby is not None and self.phase in ("lobby", "play") and self.lobby.on_action(action, data):
            return
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
            if self.session is not None:
                self.prepare_bots()  # (bots already planning take the new speed at once)
        elif action in SEAT_ACTIONS:
            return self.saving.on_seat_action(action, data)
        elif action == "new-game":
            self.cancel_pending()
            self.stop_timers()
            self.phase = "setup"
            self.seed = new_seed()
        elif action == "same-seats":
            self.message = ""
            self.start(new_seed(), rematch=True)
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
            # What the tapped button said when it was drawn (a second tap on Close, sent
            # before the page has redrawn, must not open the sheet again).
            self.sheet_open = data.get("open", "false" if self.sheet_open else "true") == "true"
        elif action == "news-open":
            self.news_line = False
        elif action == "news-close":
            self.news = ""
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

    def read_options(self, form: dict) -> dict:
        """The options the new-game panel's inputs say, as the game's view reads them."""
        return self.view.read_options(form, declared_options(self.game, form, self.options), self.names())

    def on_setup_action(self, action: str, data: dict) -> None:
        """A click on the game's own new-game fields: the options it chooses, with the seats
        fitted to them, or a notice."""
        self.message = ""
        self.setup.read(data.get("form") or {})
        result = self.view.setup_action(action, data, dict(self.options))
        if isinstance(result, Notice):
            self.message = result.text
        elif isinstance(result, dict):
            self.options = result
            low, high = self.seat_limits()
            while len(self.seats) > high:
                self.setup.change("remove-seat")
            while len(self.seats) < low:
                self.setup.change("add-seat")
        self.app.refresh()

    def on_game_action(self, action: str, data: dict) -> None:
        if self.phase == "setup":
            self.on_setup_action(action, data)
            return
        seat = self.actor()
        facts = self.drawing.told()
        if facts is None:
            return
        result = self.view.interpret(facts, self.ui, action, data)
        self.drawing.drawn = None  # (the ui may have changed)
        if isinstance(result, Seated):
            seat, result = result.seat, result.move
        if isinstance(result, Notice):
            self.say(result.text)
        elif isinstance(result, Reveal):
            if result.seat is None or result.seat in self.humans():  # (only a player's own secrets)
                self.revealed_to = result.seat
            self.redraw()
        elif isinstance(result, Prefs):
            self.store(result)
            self.app.refresh()
        elif isinstance(result, Automatic):
            self.set_automatic(result.seat, result.on)
        elif result is UI:
            self.redraw(picked=True)
        elif result is not None and seat is not None and self.act(seat, result):
            self.play_forced(seat)

    def on_hold(self, name: str, data: dict, down: bool) -> None:
        """A control held down (data-hold): an action for the view, pressed or let go."""
        self.on_game_action(name, {**data, "down": down})

    def store(self, prefs: Prefs) -> None:
        """Keep the view's change to this device's preferences."""
        for key, value in prefs.changes.items():
            if value is None:
                self.app.prefs.pop(key, None)
            else:
                self.app.prefs[key] = value
        self.app.save_prefs()

    def reset_ui(self) -> None:
        self.ui = self.view.new_ui(self.ui)
        self.drawing.forget()

    def on_key(self, key: str) -> bool:
        if self.phase == "replay" and self.replay.on_key(key):
            return True
        return self.on_game_key(key)

    def on_game_key(self, key: str) -> bool:
        facts = self.drawing.told()
        action = self.view.key(facts, self.ui, key) if facts is not None else None
        if action is None:
            return False
        self.on_game_action(*action)
        return not action[1].get("unused")  # (a key that only hurried an animation still does its own)

