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

    guest -> host   hello {key, language}      move {at, move}
    host -> guest   seated {seat, key}         facts {Facts}      refused {why}

`Guest` is the other end: it keeps its key and the latest Facts, and sends moves.
"""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass, field
from typing import Callable

from gelateria.core.facts import Facts, facts_of
from gelateria.core.game import REAL_TIME, IllegalMove
from gelateria.core.i18n import _, speaking, supported
from gelateria.core.wire import Link, Message

KEY_BYTES = 12
MAX_STRIKES = 20  # refused frames and messages before a phone is dropped


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

    def refuse(self, why: str) -> None:
        self.link.post("refused", {"why": why})


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

    def __post_init__(self):
        # (keys given: the table reopened from its save, so a phone that comes back with
        # its key is known again; a kept key that is not one this host could have made is made anew)
        self.keys = {seat: self.keys[seat] if is_key(self.keys.get(seat)) else self.make_key(KEY_BYTES)
                     for seat in self.remote}

    # --- phones coming and going -------------------------------------------------------

    def connect(self, name: str, link: Link, seat: int | None = None) -> Phone:
        """A phone's channel opened: `seat` if it answered that seat's invite (it is given
        the seat's key), else it watches until it says hello with a key."""
        phone = Phone(link)
        self.phones[name] = phone
        if seat in self.keys:
            self._seat(phone, seat)
        self.send_facts()
        return phone

    def disconnect(self, name: str) -> None:
        self.phones.pop(name, None)

    def away(self) -> list[int]:
        """Remote seats no connected phone plays now."""
        playing = {phone.seat for phone in self.phones.values()}
        return [seat for seat in self.remote if seat not in playing]

    def _seat(self, phone: Phone, seat: int | None) -> None:
        for other in self.phones.values():
            if other is not phone and seat is not None and other.seat == seat:
                other.seat = None  # the seat's phone came back on another connection: the old one watches
                other.sent = None
        phone.seat, phone.sent = seat, None
        phone.link.post("seated", {"seat": seat, "key": self.keys.get(seat)})

    # --- what phones send -------------------------------------------------------------

    def receive(self, name: str, text: object) -> list[tuple[int, object]]:
        """A frame from a phone: the moves it made (seat, move), already played on the
        session; the table then runs its bots and draws. Anything wrong is refused."""
        phone = self.phones.get(name)
        if phone is None:
            return []
        refused = phone.link.refused
        played = []
        for message in phone.link.receive(text):
            move = self._answer(phone, message)
            if move is not None:
                played.append(move)
        phone.strikes += phone.link.refused - refused
        if phone.strikes > MAX_STRIKES:
            self.disconnect(name)
        if played:
            self.send_facts()
        return played

    def _answer(self, phone: Phone, message: Message):
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
        if message.kind != "move" or set(body) != {"at", "move"}:
            phone.strikes += 1
            return None
        with speaking(phone.language):
            return self._move(phone, body["at"], body["move"])

    def _move(self, phone: Phone, at: object, move: object):
        session = self.session
        if phone.seat is None:
            phone.refuse(_("You are watching this table: there is no seat for you to move."))
        elif not self.playing:
            phone.refuse(_("The game has not started yet."))
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

    # --- what phones are sent ---------------------------------------------------------

    def facts_for(self, phone: Phone) -> Facts:
        """The position now, as the phone's seat sees it (a spectator: as everyone does),
        with that seat's legal moves only, in the phone's language."""
        session = self.session
        over = session.is_over()
        seat = phone.seat
        acting = session.to_act()
        movers = [seat] if session.game.type.timing == REAL_TIME and not over and seat is not None else []
        with speaking(phone.language):
            phase = "over" if over else "play" if self.playing else "lobby"
            actor = seat if seat in acting and self.playing else None
            return facts_of(session, len(session.moves), phase, seat, actor, [] if seat is None else [seat], movers)

    def send_facts(self) -> None:
        """Each phone the position, if it has not seen it yet."""
        moves = len(self.session.moves)
        for phone in self.phones.values():
            key = (moves, self.playing, phone.seat, phone.language, tuple(sorted(self.session.automatic)))
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

    def hello(self) -> None:
        self.link.post("hello", {"key": self.key, "language": self.language})

    def move(self, move: object) -> None:
        at = self.facts.moves if self.facts is not None else 0
        self.sent_at = at
        self.link.post("move", {"at": at, "move": move})

    @property
    def awaiting(self) -> bool:
        """A move is on its way for the position shown: the host's answer (the next Facts,
        or a refusal) comes before another may be made on it."""
        return self.sent_at is not None and self.facts is not None and self.sent_at == self.facts.moves

    def receive(self, text: object) -> list[Message]:
        """A frame from the host: what changed (the table draws the Facts)."""
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
            elif message.kind == "refused":
                self.refusals.append(body.get("why"))
                self.sent_at = None
        return messages
