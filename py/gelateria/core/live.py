"""A live table: one game across phones, with the phone that opened it as its only
authority (no server anywhere).

The host's Session is the one game. Every other phone is a `Phone` on the host: a
wire.Link (core/wire.py) and the seat it plays, or none (a spectator). A phone that
connected through the invite made for a seat is given that seat and its key; a phone
that comes back (a reload, a locked screen, a dropped Wi-Fi) says hello with the key and
is given its seat again. A key is the only thing that names a seat: it is random, made on
the host, and sent only to the phone the seat's invite was answered from.

The host answers each guest's message with the rules, in the guest's own language, and
after every change sends each phone the Facts for its own seat: the rules' view for that
viewer and that seat's legal moves, never another seat's. A guest's move names the
position it was made on (`at`), so a move that crossed another on the way, a replay or a
move for a seat that is not the sender's is refused and changes nothing. A phone whose
messages keep breaking the protocol is dropped.

    guest -> host   hello {key, language}      move {at, move, made}      pong {t, held, sent}
    host -> guest   seated {seat, key}         facts {Facts}        refused {why}
                    ping {t, rtt}

Real time (It's Mine!): the host measures each phone's round trip (a ping carries the
game's clock, the pong brings it back) and dates a phone's move back by half of it,
bounded by MAX_LEAD_MS so that a slow phone cannot claim the past. A move says when it
was made on the phone's own clock, and a pong when it was sent: the host reads the
phone's clock by its quickest pongs of late (`Phone.way`), so a move that waited in
either busy page before it was read is dated as it was made, MAX_HELD_MS at most. Every
move, the host screen's and its bots' too, then waits in `arrivals` until the slowest
phone's lead has passed, and the table plays them in the order they were made (`due`):
the first hand on a pile takes it, whoever's phone was further away.

Dice (Gelatinous): the rules' one move rolls everyone's dice, and the caller makes it. At
a live table that move waits for a roll call (`RollCall`): every seat holding dice taps
Roll on its own phone (the host's screen taps for the players at it; a bot, or a seat a
bot stands in for, has rolled already). Once all have, or once ROLL_CALL_MS have passed
since the first tap (a countdown every phone shows), the host makes the caller's roll.
The dice come from the seed whoever taps, so the rules and their records are unchanged.

`Guest` is the other end: it keeps its key and the latest Facts, and sends moves.
"""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass, field
from typing import Callable

from gelateria.core.facts import Facts, facts_of
from gelateria.core.game import REAL_TIME, IllegalMove
from gelateria.core.i18n import _, language, speaking, supported
from gelateria.core.wire import Link, Message

KEY_BYTES = 12
MAX_STRIKES = 20  # refused frames and messages before a phone is dropped
MAX_LEAD_MS = 150  # the most a phone's move is dated back for the time it took to arrive
RTT_SAMPLES = 8  # a phone's round trip: the shortest of its last this many pings
MAX_RTT_MS = 10_000  # a pong older than this is no measure of anything
STALL_MS = 4000  # a phone not heard from for this long (pings come every second) is away
MAX_BUSY_MS = 1000  # the most a frame is taken to have waited in a busy page before its Python had it
MAX_HELD_MS = 100  # the most a real-time move is dated back, beyond its phone's lead, for waiting in busy pages
ROLL_CALL_MS = 10_000  # once someone has rolled, the others have this long before the host rolls for them


def is_number(value: object) -> bool:
    """A finite number, as a phone's word for a time should be."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) < float("inf")


def is_key(value: object) -> bool:
    """Whether `value` could be a seat's key (make_key's form), e.g. one read back from storage."""
    return isinstance(value, str) and len(value) == 4 * KEY_BYTES // 3 and all(
        c.isascii() and (c.isalnum() or c in "-_") for c in value)


@dataclass
class Phone:
    """Another phone at the table, as the host knows it."""

    link: Link
    seat: int | None = None  # the seat it plays (None: watching)
    language: str = "en"
    sent: tuple | None = None  # what the last Facts sent were of (so a change alone sends again)
    strikes: int = 0
    samples: list = field(default_factory=list)  # its last RTT_SAMPLES pings' round trips, ms, the latest last
    gaps: list = field(default_factory=list)  # its last RTT_SAMPLES pongs' arrival here less their sending there, ms
    heard: float | None = None  # the game's clock when a frame last came from it

    @property
    def rtt(self) -> float | None:
        """Its round trip, ms: the shortest of its last pings' (see `timed`)."""
        return min(self.samples) if self.samples else None

    @property
    def way(self) -> float | None:
        """The game's clock less this phone's, plus the way here: the smallest gap of its
        last pongs' (see `timed`). A frame sent at `s` on its clock comes at `s + way` here
        when neither page holds it up (None: no pong has said when it was sent)."""
        return min(self.gaps) if self.gaps else None

    def made(self, at: object, arrived: float) -> float:
        """When a move that came at `arrived` (the game's clock) was made, by the phone's
        word `at` (its own clock): read by its quickest pongs (`way`) less the lead, and
        never further back than the lead and MAX_HELD_MS (a phone's word is only a word).
        Without the word or a pong that says when it was sent, the lead alone."""
        lead = self.lead()
        if not is_number(at) or self.way is None:
            return arrived - lead
        return min(arrived, max(arrived - lead - MAX_HELD_MS, at + self.way - lead))

    def refuse(self, why: str) -> None:
        self.link.post("refused", {"why": why})

    def lead(self) -> float:
        """How long ago its move was made when it arrives: half the round trip, bounded."""
        return min(self.rtt / 2, MAX_LEAD_MS) if self.rtt is not None else 0.0

    def timed(self, sent: object, now: float, held: object = 0, answered: object = None) -> None:
        """A pong: the ping it answers was sent at `sent` (the game's clock), the pong came
        at `now`, and the phone says it held the ping `held` ms before answering (its page
        was busy: that is no time on the way, and counted in, it would date the phone's
        moves back too far), and sent the pong at `answered` on its own clock. The
        shortest of the last few is the way itself: a ping can also wait in the host's
        busy page before it leaves, and a pong before it is read (taking the average,
        moves were dated back ~25 ms too far under load)."""
        if is_number(sent) and 0 <= now - sent <= MAX_RTT_MS:
            sample = now - sent
            if is_number(held):
                sample -= min(max(held, 0), sample)
            self.samples = [*self.samples[1 - RTT_SAMPLES:], sample]
        if is_number(answered):
            self.gaps = [*self.gaps[1 - RTT_SAMPLES:], now - answered]


@dataclass(frozen=True)
class Arrival:
    """A real-time move waiting for its turn: made at `t` (the game's clock) by `seat`;
    `phone` is the connection it came from (None: the host's screen or a bot)."""

    t: float
    seat: int
    move: object
    phone: str | None = None


@dataclass
class RollCall:
    """The round the host waits to roll: who has tapped Roll, and when the countdown ends."""

    at: int = -1  # the position (moves so far) it is for: a new position opens a new call
    rolled: set = field(default_factory=set)
    ends: float | None = None  # the game's clock when the host rolls for whoever has not (None: nobody has rolled)


@dataclass
class Host:
    """The table on the phone that holds the game. `remote` are the seats other phones
    play; the host's own screen plays the rest of the humans."""

    session: object  # core.session.Session
    remote: list[int]
    make_key: Callable[[int], str] = lambda n: base64.urlsafe_b64encode(os.urandom(n)).decode()
    phones: dict = field(default_factory=dict)  # a connection's name -> Phone
    keys: dict = field(default_factory=dict)  # seat -> its key
    playing: bool = True  # False while the host waits for phones to join (their Facts say "lobby")
    clock: Callable[[], float] = lambda: 0.0  # the game's clock (ms): pings, and real time's moves
    arrivals: list = field(default_factory=list)  # real time: Arrivals not yet played (`due`)
    last_t: float = 0.0  # real time: when the last move played was made
    call: RollCall = field(default_factory=RollCall)  # dice: the roll call of the position now

    def __post_init__(self):
        # (keys given: the table reopened from its save, so a phone that comes back with
        # its key is known again; a kept key that is not one this host could have made is made anew)
        self.keys = {seat: self.keys[seat] if is_key(self.keys.get(seat)) else self.make_key(KEY_BYTES)
                     for seat in self.remote}

    # --- phones coming and going -------------------------------------------------------

    def connect(self, name: str, link: Link, seat: int | None = None) -> Phone:
        """A phone's channel opened: `seat` if it answered that seat's invite (it is given
        the seat's key), else it watches until it says hello with a key."""
        phone = Phone(link, heard=self.clock())
        self.phones[name] = phone
        if seat in self.keys:
            self._seat(phone, seat)
        self.send_facts()
        return phone

    def disconnect(self, name: str) -> None:
        self.phones.pop(name, None)

    def new_game(self, session) -> None:
        """A rematch: `session` is the game now, from its start. Each phone keeps its
        connection, seat and key, and is sent that the host is about to start it."""
        self.session = session
        self.playing = False
        self.arrivals, self.last_t, self.call = [], 0.0, RollCall()
        for phone in self.phones.values():
            phone.sent = None
        self.send_facts()

    def ping(self) -> None:
        """Each phone the game's clock (and its round trip as measured), to send back."""
        now = round(self.clock())
        for phone in self.phones.values():
            phone.link.post("ping", {"t": now, "rtt": None if phone.rtt is None else round(phone.rtt)})

    # --- real time: moves in the order they were made ----------------------------------

    def window(self) -> float:
        """How long a move waits before it is played: the lead of the slowest seated phone."""
        return max((phone.lead() for phone in self.phones.values() if phone.seat is not None), default=0.0)

    def arrive(self, seat: int, move: object, t: float, phone: str | None = None) -> None:
        self.arrivals.append(Arrival(t, seat, move, phone))

    def due(self, now: float) -> list[Arrival]:
        """The moves whose time has come (made at least `window` ago), in the order they
        were made (the same time: in the order they arrived)."""
        window = self.window()
        ready = sorted((a for a in self.arrivals if a.t + window <= now), key=lambda a: a.t)
        self.arrivals = [a for a in self.arrivals if a not in ready]
        return ready

    def play_due(self, now: float) -> tuple[list, list]:
        """Play the moves whose time has come, each at the time it was made (never before
        one already played). Returns what was played, as (seat, move, state before, state
        after), and the host's own moves the rules refused, as (Arrival, why); a phone's
        refused move is said to that phone, in its language (It's Mine!: "Too slow: Ana
        was 40 ms faster to Bo's pile.")."""
        played, refused = [], []
        for arrival in self.due(now):
            self.last_t = max(self.last_t, arrival.t)
            move = {**arrival.move, "t": int(self.last_t)} if isinstance(arrival.move, dict) else arrival.move
            phone = self.phones.get(arrival.phone) if arrival.phone is not None else None
            before = self.session.state
            try:
                with speaking(phone.language if phone is not None else language()):
                    after = self.session.submit(arrival.seat, move)
            except IllegalMove as exc:
                if phone is not None:
                    phone.refuse(str(exc))
                elif arrival.phone is None:
                    refused.append((arrival, str(exc)))
                continue
            played.append((arrival.seat, move, before, after))
        if played:
            self.send_facts()
        return played, refused

    def next_due(self) -> float | None:
        """When the next waiting move's time comes (the game's clock), or None."""
        window = self.window()
        return min((a.t + window for a in self.arrivals), default=None)

    def away(self) -> list[int]:
        """Remote seats no connected phone plays now."""
        playing = {phone.seat for phone in self.phones.values()}
        return [seat for seat in self.remote if seat not in playing]

    def stalled(self) -> list[int]:
        """Seats whose phone is connected but silent for STALL_MS (a locked screen, a
        Wi-Fi that stopped carrying): away too, until it is heard again."""
        now = self.clock()
        return sorted(phone.seat for phone in self.phones.values()
                      if phone.seat is not None and phone.heard is not None and now - phone.heard > STALL_MS)

    def round_trips(self) -> dict:
        """Each seated phone's measured round trip (ms, or None before the first pong)."""
        return {phone.seat: phone.rtt for phone in self.phones.values() if phone.seat is not None}

    # --- dice: the roll call --------------------------------------------------------------

    def rollers(self) -> list[int]:
        """The seats that roll in the coming round ([]: no roll call is open)."""
        session = self.session
        call = session.game.type.roll_call
        if call is None or not self.playing or session.is_over():
            return []
        if self.call.at != len(session.moves):
            self.call = RollCall(len(session.moves))
        return call(session.view(None))

    def waiting(self) -> list[int]:
        """The seats the roll call waits for: rollers that have not tapped, and are no bot
        (a bot, or one standing in for an away phone, has rolled as soon as the call opens)."""
        return [seat for seat in self.rollers() if seat not in self.call.rolled and seat not in self.session.automatic]

    def roll(self, seats: list[int]) -> None:
        """These seats tapped Roll: the first tap of the round starts the countdown."""
        waiting = self.waiting()
        tapped = [seat for seat in seats if seat in waiting]
        if tapped:
            self.call.rolled.update(tapped)
            if self.call.ends is None:
                self.call.ends = self.clock() + ROLL_CALL_MS
            self.send_facts()

    def roll_due(self) -> float | None:
        """When the host rolls (the game's clock): once everyone has tapped, now; else when
        the countdown ends; None while nobody has tapped, or no roll call is open."""
        if not self.rollers() or self.call.ends is None:
            return None
        return self.clock() if not self.waiting() else self.call.ends

    def roll_now(self) -> tuple:
        """The caller's roll, made: everyone's dice, tapped or not. Returns (seat, move,
        state before, state after)."""
        session = self.session
        caller = session.to_act()[0]
        before = session.state
        move = session.game.type.auto_move(session.legal(caller))
        after = session.submit(caller, move)
        self.send_facts()
        return caller, move, before, after

    def said(self) -> dict:
        """The roll call as Facts carry it ({} when none is open)."""
        rollers = self.rollers()
        if not rollers:
            return {}
        return {"rolled": sorted(seat for seat in rollers if seat not in self.waiting()), "waiting": self.waiting(),
                "ends": None if self.call.ends is None else round(self.call.ends)}

    def _seat(self, phone: Phone, seat: int | None) -> None:
        for other in self.phones.values():
            if other is not phone and seat is not None and other.seat == seat:
                other.seat = None  # the seat's phone came back on another connection: the old one watches
                other.sent = None
        phone.seat, phone.sent = seat, None
        phone.link.post("seated", {"seat": seat, "key": self.keys.get(seat)})

    # --- what phones send -------------------------------------------------------------

    def receive(self, name: str, text: object, ago: float = 0.0) -> list[tuple[int, object]]:
        """A frame from a phone, which reached this page `ago` ms before this page's Python
        had it (a busy page): the moves it made (seat, move), already played on the
        session; the table then runs its bots and draws. Anything wrong is refused."""
        phone = self.phones.get(name)
        if phone is None:
            return []
        refused = phone.link.refused
        phone.heard = arrived = self.clock() - min(max(ago, 0.0), MAX_BUSY_MS)
        played = []
        for message in phone.link.receive(text):
            move = self._answer(phone, message, arrived)
            if move is not None:
                played.append(move)
        phone.strikes += phone.link.refused - refused
        if phone.strikes > MAX_STRIKES:
            self.disconnect(name)
        if played:
            self.send_facts()
        return played

    def _answer(self, phone: Phone, message: Message, arrived: float):
        body = message.body if isinstance(message.body, dict) else {}
        if message.kind == "hello":
            phone.language = supported(body.get("language")) or phone.language
            key = body.get("key")
            if key is None:  # (a first hello: the phone keeps the seat its invitation gave it)
                phone.sent = None
                self.send_facts()
                return None
            seat = next((s for s, k in self.keys.items() if key == k), None)
            if seat is None and phone.seat is None:
                phone.strikes += 1
                with speaking(phone.language):
                    phone.refuse(_("That seat's key is not one of this table's: you are watching."))
            # (a key of no seat here, from a phone its invitation seated: an old table's, kept by
            # the phone; it keeps the seat it was invited to)
            self._seat(phone, phone.seat if seat is None else seat)
            self.send_facts()
            return None
        if message.kind == "pong":
            phone.timed(body.get("t"), arrived, body.get("held", 0), body.get("sent"))
            return None
        if message.kind != "move" or not {"at", "move"} <= set(body) <= {"at", "move", "made"}:
            phone.strikes += 1
            return None
        with speaking(phone.language):
            if self.session.game.type.timing == REAL_TIME:
                self._timed_move(phone, body["move"], body.get("made"), arrived)
                return None
            return self._move(phone, body["at"], body["move"])

    def _timed_move(self, phone: Phone, move: object, made: object, arrived: float) -> None:
        """Real time: a phone's move joins `arrivals`, dated when it was `made` (the
        phone's clock, read as `Phone.made` does); the table plays it in its turn (`due`).
        The rules time it, so the position it was made on is no matter: the table moves on
        all the time."""
        if phone.seat is None:
            phone.refuse(_("You are watching this table: there is no seat for you to move."))
        elif not self.playing:
            phone.refuse(_("The game has not started yet."))
        elif not isinstance(move, dict) or len(move) > 4:
            phone.strikes += 1
        else:
            name = next(n for n, p in self.phones.items() if p is phone)
            self.arrive(phone.seat, move, max(0.0, phone.made(made, arrived)), name)

    def _move(self, phone: Phone, at: object, move: object):
        session = self.session
        if phone.seat is None:
            phone.refuse(_("You are watching this table: there is no seat for you to move."))
        elif not self.playing:
            phone.refuse(_("The game has not started yet."))
        elif session.game.type.roll_call is not None:
            if at == len(session.moves):
                self._rolled(phone, move)
                return None
            phone.refuse(_("The countdown ran out before your tap arrived, so your dice were rolled for you."))
        elif at != len(session.moves):
            phone.refuse(_("The table moved on before your move arrived: look again and choose."))
        elif phone.seat not in session.to_act():
            phone.refuse(_("It is not your turn."))
        else:
            try:
                session.submit(phone.seat, move)
            except IllegalMove as exc:
                phone.refuse(str(exc))
            else:
                return phone.seat, move
        phone.sent = None  # (its screen shows the position again, its picks forgotten)
        self.send_facts()
        return None

    def _rolled(self, phone: Phone, move: object) -> None:
        """A phone tapped Roll: its seat joins the roll call (a second tap, or one that
        crossed the round's roll, changes nothing)."""
        rollers = self.rollers()
        caller = self.session.to_act()[0]
        if phone.seat not in rollers:
            phone.refuse(_("You have no dice to roll: the others roll on."))
        elif move not in self.session.legal(caller):
            phone.strikes += 1  # (no phone of this box sends any other)
        else:
            self.roll([phone.seat])
        # (the host's table then asks roll_due when to roll: web/lobby.py)

    # --- what phones are sent ---------------------------------------------------------

    def facts_for(self, phone: Phone) -> Facts:
        """The position now, as the phone's seat sees it (a spectator: as everyone does),
        with that seat's legal moves only, in the phone's language."""
        session = self.session
        over = session.is_over()
        seat = phone.seat
        acting = session.to_act()
        movers = [seat] if session.game.type.timing == REAL_TIME and not over and seat is not None else []
        call = self.said()
        if call:  # (dice: the seat acts while the roll call waits for it)
            acting = call["waiting"]
        with speaking(phone.language):
            phase = "over" if over else "play" if self.playing else "lobby"
            actor = seat if seat in acting and self.playing else None
            return facts_of(session, len(session.moves), phase, seat, actor, [] if seat is None else [seat], movers,
                            call)

    def send_facts(self) -> None:
        """Each phone the position, if it has not seen it yet."""
        moves = len(self.session.moves)
        call = self.said()
        for phone in self.phones.values():
            key = (moves, self.playing, phone.seat, phone.language, tuple(sorted(self.session.automatic)), str(call))
            if phone.sent != key:
                phone.sent = key
                phone.link.post("facts", self.facts_for(phone).to_value())

    def snapshot_for(self, name: str) -> tuple[str, object]:
        """A resync that the kept messages cannot answer: the position now."""
        return "facts", self.facts_for(self.phones[name]).to_value()


@dataclass
class Guest:
    """The table on a guest's phone: what the host said, and the moves it sends."""

    link: Link
    language: str = "en"
    key: str | None = None
    seat: int | None = None
    facts: Facts | None = None
    refusals: list = field(default_factory=list)
    broken: int = 0  # messages from the host that were not what they said
    sent_at: int | None = None  # the position the last move sent was made on
    host_time: tuple[float, float] | None = None  # (the host's game clock, this phone's clock) at the last ping

    def hello(self) -> None:
        self.link.post("hello", {"key": self.key, "language": self.language})

    def move(self, move: object, waited: float = 0.0) -> None:
        """Send a move made on the position shown; `waited`: ms since the player made it
        (the page's answer takes a moment): it says when on this phone's clock, for real time."""
        at = self.facts.moves if self.facts is not None else 0
        self.sent_at = at
        self.link.post("move", {"at": at, "move": move, "made": round(self.link.clock() - waited)})

    @property
    def awaiting(self) -> bool:
        """A move is on its way for the position shown: the host's answer (the next Facts,
        or a refusal) comes before another may be made on it. (A roll call's answer is
        Facts that say this seat has rolled.)"""
        facts = self.facts
        return (self.sent_at is not None and facts is not None and self.sent_at == facts.moves
                and self.seat not in facts.roll_call.get("rolled", ()))

    def receive(self, text: object, ago: float = 0.0) -> list[Message]:
        """A frame from the host, which reached this page `ago` ms before this page's
        Python had it: what changed (the table draws the Facts)."""
        messages = self.link.receive(text)
        for message in messages:
            body = message.body if isinstance(message.body, dict) else {}
            if message.kind == "seated":
                self.seat, self.key = body.get("seat"), body.get("key")
            elif message.kind == "facts":
                try:
                    self.facts = Facts.from_value(body)
                except (TypeError, ValueError):
                    self.broken += 1  # (not Facts: the next message brings the position again)
                    continue
                if self.sent_at is not None and self.facts.moves < self.sent_at:
                    self.sent_at = None  # (its position is gone, taken back or a new game: no answer comes)
            elif message.kind == "refused":
                self.refusals.append(body.get("why"))
                self.sent_at = None
            elif message.kind == "ping":
                self._pinged(body, min(max(ago, 0.0), MAX_BUSY_MS))
        return messages

    def _pinged(self, body: dict, held: float) -> None:
        """Answer at once, saying how long the ping waited here (the host measures the
        round trip without it), and keep the host's clock."""
        t, rtt = body.get("t"), body.get("rtt")
        if not is_number(t):
            self.broken += 1
            return
        self.link.post("pong", {"t": t, "held": round(held), "sent": round(self.link.clock())})
        travel = rtt / 2 if is_number(rtt) and 0 <= rtt <= MAX_RTT_MS else 0
        self.host_time = (t + travel, self.link.clock() - held)

    def game_clock(self) -> float | None:
        """The host's game clock now, as well as this phone can tell (None: no ping yet)."""
        if self.host_time is None:
            return None
        host, here = self.host_time
        return host + self.link.clock() - here
