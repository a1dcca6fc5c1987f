"""A live table (core/live.py) over fake channels: the host's session is the one game;
two guest phones and a bot play a whole Gelati game with the host; every message each
guest received is read for what it shows of the game; a phone that comes back with its key
has its seat again; forged keys, moves out of turn, stale moves and junk change nothing."""

import json
import random
import re

from gelateria.core.facts import Facts
from gelateria.core.game import get_game
from gelateria.core.live import MAX_STRIKES, Guest, Host
from gelateria.core.record import Seat
from gelateria.core.session import Session
from gelateria.core.wire import Link

SEATS = [Seat("human", "Hana"), Seat("human", "Ana"), Seat("human", "Bo"), Seat("bot", "Dario", "easy")]
REMOTE = [1, 2]  # Ana's and Bo's phones; Hana plays on the host, Dario is the host's bot


class Table:
    """A host and its phones, joined by instant fake channels; every frame a phone was
    received is kept in `heard` (messages, put together from their frames)."""

    def __init__(self, seed=11, languages=("en", "ja")):
        self.ms = 0.0
        self.session = Session(get_game("gelati"), SEATS, seed)
        self.host = Host(self.session, REMOTE)
        self.guests, self.heard, self.played = {}, {}, []
        for seat, language in zip(REMOTE, languages):
            self.join(f"phone{seat}", seat, language)

    def clock(self):
        return self.ms

    def join(self, name, seat=None, language="en", key=None) -> Guest:
        """A phone connects through `seat`'s invite, or (no seat) to watch, or to come back with `key`."""
        self.heard[name] = []
        guest = Guest(Link(lambda text: self.to_guest(name, text), self.clock), language, key=key)
        self.guests[name] = guest
        link = Link(lambda text: self.to_guest_wire(name, text), self.clock, snapshot=lambda: self.host.snapshot_for(name))
        self.host.connect(name, link, seat)
        guest.hello()
        return guest

    def to_guest_wire(self, name, text):  # host -> guest
        self.heard[name] += self.guests[name].receive(text)

    def to_guest(self, name, text):  # guest -> host
        self.played = self.host.receive(name, text)

    def host_moves(self, seat, move):
        self.ms += 500  # (a move every half second: within what a phone takes from another)
        self.session.submit(seat, move)
        self.host.send_facts()

    def play_until_remote(self, rng) -> None:
        """The host's seats (Hana at random, Dario the bot) move until a phone's seat is to move."""
        while not self.session.is_over() and self.session.to_act()[0] not in REMOTE:
            seat = self.session.to_act()[0]
            self.host_moves(seat, self.session.decide(seat) if seat == 3 else rng.choice(self.session.legal(seat)))


def test_a_whole_gelati_game_across_three_phones_shows_each_phone_its_own_seat_only():
    table = Table()
    session, rng = table.session, random.Random(3)
    ana, bo = table.guests["phone1"], table.guests["phone2"]
    assert (ana.seat, bo.seat) == (1, 2) and ana.key and bo.key and ana.key != bo.key
    phone_moves = 0
    while True:
        table.play_until_remote(rng)
        if session.is_over():
            break
        seat = session.to_act()[0]
        guest = table.guests[f"phone{seat}"]
        # The phone whose seat is to move knows it, on the position the host is at.
        assert guest.facts.actor == seat and guest.facts.moves == len(session.moves)
        table.ms += 500
        guest.move(rng.choice(guest.facts.legal))
        assert table.played == [(seat, session.moves[-1][1])]
        phone_moves += 1
    assert phone_moves > 20
    for guest in (ana, bo):
        assert guest.facts.phase == "over" and guest.facts.scores == session.game.scores(session.state)
        assert guest.refusals == [] and guest.broken == 0
    # Every message each phone heard: Facts of its own seat at that position, nothing of another's.
    for name, seat in (("phone1", 1), ("phone2", 2)):
        shown = 0
        for message in table.heard[name]:
            if message.kind != "facts":
                continue
            facts = Facts.from_value(message.body)
            state = session.at(facts.moves)
            assert facts.viewer == seat and facts.humans == [seat] and facts.actor in (seat, None)
            assert facts.view == json.loads(json.dumps(session.game.view(state, seat)))
            assert facts.legal == (json.loads(json.dumps(session.game.legal_moves(state, seat))) if facts.actor == seat else [])
            shown += 1
        assert shown > 60
    # Each phone reads the log in its own language.
    kana = re.compile(r"[\u3040-\u30ff]")
    assert not any(kana.search(line) for line in ana.facts.log) and all(kana.search(line) for line in bo.facts.log)


def test_a_phone_that_comes_back_with_its_key_has_its_seat_and_a_spectator_sees_no_hand():
    table = Table(languages=("en", "en"))
    key = table.guests["phone1"].key
    table.host.disconnect("phone1")
    assert table.host.away() == [1]
    back = table.join("phone1-again", key=key)
    assert back.seat == 1 and back.facts.viewer == 1 and "hand" in back.facts.view and table.host.away() == []
    watcher = table.join("watcher")
    assert watcher.seat is None and watcher.facts.viewer is None and "hand" not in watcher.facts.view
    assert watcher.facts.legal == [] and watcher.facts.actor is None
    # A phone that keeps the key of an older table and answers this table's invitation for
    # Bo's seat: its invitation seats it (the old key names no seat here, and is no forgery).
    table.host.disconnect("phone2")
    newcomer = table.join("phone2-again", seat=2, key="kept-from-yesterday")
    assert newcomer.seat == 2 and newcomer.refusals == [] and newcomer.key == table.host.keys[2]


def test_a_host_reopened_from_its_save_keeps_its_seat_keys_and_remakes_any_that_could_not_be_its_own():
    first = Host(Session(get_game("gelati"), SEATS, 3), REMOTE)
    kept = dict(first.keys)
    again = Host(Session(get_game("gelati"), SEATS, 3), REMOTE, keys=kept)
    assert again.keys == first.keys
    hostile = Host(Session(get_game("gelati"), SEATS, 3), REMOTE, keys={1: "short", 2: ["not", "a", "key"]})
    assert all(len(key) == 16 and key not in ("short",) for key in hostile.keys.values())


def test_forged_keys_moves_out_of_turn_stale_moves_and_junk_change_nothing():
    table = Table(languages=("en", "ko"))
    session, rng = table.session, random.Random(5)
    ana, bo = table.guests["phone1"], table.guests["phone2"]
    assert session.to_act() == [0]  # Hana moves first: no phone may
    ana.link.post("move", {"at": 0, "move": session.legal(0)[0]})
    assert ana.refusals == ["It is not your turn."] and session.moves == []
    forger = table.join("forger", key="a-key-of-its-own-making")
    assert forger.seat is None and "not one of this table's" in forger.refusals[-1]
    forger.link.post("move", {"at": 0, "move": session.legal(0)[0]})
    assert "watching" in forger.refusals[-1] and session.moves == []
    table.play_until_remote(rng)
    seat = session.to_act()[0]
    guest = table.guests[f"phone{seat}"]
    # A move made on an older position crossed the table's on the way: refused, in the phone's language.
    guest.link.post("move", {"at": guest.facts.moves - 1, "move": guest.facts.legal[0]})
    assert guest.refusals[-1] and len(session.moves) == guest.facts.moves
    if guest is bo:
        assert not guest.refusals[-1].isascii()  # (Korean)
    guest.move(guest.facts.legal[0])
    assert len(session.moves) == guest.facts.moves  # played once, and the phone is told
    # Junk from a phone, as frames or as messages: nothing moves; enough of it and the phone is dropped.
    moves = len(session.moves)
    for i in range(MAX_STRIKES):
        if i % 4 == 0:
            table.host.receive("forger", "{")
        elif i % 4 == 1:
            table.host.receive("forger", "[" * 9000)
        elif i % 4 == 2:
            forger.link.post("move", {"at": moves, "move": 1, "seat": 2})
        else:
            forger.link.post("nope", [1])
    assert len(session.moves) == moves and "forger" not in table.host.phones


def test_facts_from_a_hostile_host_with_wrong_types_or_seats_are_refused():
    table = Table()
    good = table.guests["phone1"].facts.to_value()
    assert Facts.from_value(good) == table.guests["phone1"].facts
    for name, bad in [("legal", 3), ("moves", "7"), ("moves", True), ("viewer", True), ("names", "Ana"), ("to_act", [9]),
                      ("authors", [-1]), ("view", []), ("bots", [""])]:
        try:
            Facts.from_value({**good, name: bad})
        except ValueError:
            continue
        raise AssertionError(f"{name}={bad!r} was taken")
