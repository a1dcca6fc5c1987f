"""A live It's Mine! table on a fake network with a delay each way: the host measures each
phone's round trip, dates a phone's grab back by half of it, and plays every move in the
order it was made, so the hand that truly came first takes the pile (issue 34)."""

import heapq
import itertools
import random

import pytest

from gelateria.core.game import get_game
from gelateria.core.live import MAX_HELD_MS, MAX_LEAD_MS, RTT_SAMPLES, Guest, Host
from gelateria.core.record import Seat
from gelateria.core.session import Session
from gelateria.core.wire import Link

SEATS = [Seat("human", "Ana"), Seat("human", "Bo"), Seat("human", "Chiara")]
SKEW = {1: 86_400_123, 2: -4_321}  # each phone's clock less the host's, ms


class Table:
    """Ana on the host; Bo's phone `delay` ms away each way, its page `busy` ms late in
    handing each frame to its Python (and saying so); Chiara's with none. Each phone's
    clock is its own (SKEW). Bo's frames reach the host's Python `host_late` ms late,
    which its page cannot tell (it was busy when they came). The host's table plays what
    is due whenever the clock moves (as its timer would)."""

    def __init__(self, delay: float, seed: int = 4, jitter: float = 0.0, busy: float = 0.0):
        self.now = 0.0
        self.queue, self.order = [], itertools.count()
        self.jitter, self.rng = jitter, random.Random(seed)
        self.last = {}  # channel -> when its last frame arrives (a data channel keeps order)
        self.session = Session(get_game("itsmine"), SEATS, seed)
        self.host = Host(self.session, [1, 2], clock=lambda: self.now)
        self.guests = {}
        self.refused = []  # what the rules refused of the host's own moves: (Arrival, why)
        self.host_late = 0.0
        for seat, away in ((1, delay), (2, 0.0)):
            name = f"phone{seat}"
            guest = Guest(Link(lambda text, n=name, d=away, s=seat: self.later(d + (self.host_late if s == 1 else 0),
                                                                             lambda: self.host.receive(n, text), (n, "in")),
                               lambda s=seat: self.now + SKEW[s]))
            held = busy if seat == 1 else 0.0
            link = Link(lambda text, g=guest, n=name, d=away + held, b=held: self.later(d, lambda: g.receive(text, b), (n, "out")),
                        lambda: self.now)
            self.host.connect(name, link, seat)
            guest.hello()
            self.guests[seat] = guest
        self.host.playing = True
        for _ping in range(8):  # a few seconds of pings: the round trips are known
            self.host.ping()
            self.advance(500)

    def later(self, ms: float, deliver, channel=None) -> None:
        """`deliver` once the frame has crossed: `ms` away, give or take the jitter, in order."""
        at = self.now + max(0.0, ms + self.rng.uniform(-self.jitter, self.jitter))
        at = self.last[channel] = max(at, self.last.get(channel, 0.0))
        heapq.heappush(self.queue, (at, next(self.order), deliver))

    def advance(self, ms: float) -> None:
        end = self.now + ms
        while self.queue and self.queue[0][0] <= end:
            at, _n, deliver = heapq.heappop(self.queue)
            self.now = max(self.now, at)
            deliver()
            self.refused += self.host.play_due(self.now)[1]
        self.now = end
        self.refused += self.host.play_due(self.now)[1]

    def flip(self) -> int:
        """The seat whose turn it is flips (on the host, for this test): its pile is open."""
        seat = self.session.state.turn
        self.now = max(self.now, self.session.state.flip_from())
        self.host.arrive(seat, {"a": "f", "t": 0}, self.now)
        self.advance(MAX_LEAD_MS + 1)
        assert self.session.state.open[seat]
        return seat

    def taker(self, pile: int) -> int:
        return self.session.state.claims[pile][1]


def contest(table: Table, bo_first_by: float) -> int:
    """A pile is flipped; Bo grabs it on his phone and Ana on the host's screen, Bo
    `bo_first_by` ms earlier in true time (negative: later). Returns who took it."""
    pile = table.flip()
    grabs = [(0.0, lambda: table.guests[1].move({"a": "g", "p": [pile], "t": 0})),
             (bo_first_by, lambda: table.host.arrive(0, {"a": "g", "p": [pile], "t": 0}, table.now))]
    grabs.sort(key=lambda grab: grab[0])
    grabs[0][1]()
    table.advance(abs(bo_first_by))
    grabs[1][1]()
    table.advance(2 * MAX_LEAD_MS + 400)
    return table.taker(pile)


@pytest.mark.parametrize("delay", [0, 50, 100])
def test_the_hand_that_truly_came_first_takes_the_pile_however_far_its_phone_is(delay):
    table = Table(delay)
    assert table.host.phones["phone1"].lead() == pytest.approx(delay, abs=1)
    assert contest(table, 60) == 1  # Bo first by 60 ms: his, though his grab arrives after Ana's
    assert table.guests[1].refusals == []
    assert len(table.refused) == 1 and table.refused[0][1].startswith("Too slow: Bo was 60 ms faster")  # Ana is told
    table.advance(1000)  # (the pause after a grab)
    assert contest(table, -60) == 0  # Bo 60 ms late: Ana's, and his phone is told by how much
    assert table.guests[1].refusals[-1].startswith("Too slow: Ana was 60 ms faster")


def test_a_busy_phone_is_not_taken_for_a_far_one():
    """Bo's phone is 50 ms away, but its page takes 150 ms to hand each frame to its
    Python: his pongs come back 250 ms after their pings, of which he held them 150."""
    table = Table(50, busy=150)
    assert table.host.phones["phone1"].lead() == pytest.approx(50, abs=1)  # (counted in, it would be 125)
    assert contest(table, 60) == 1
    table.advance(1000)
    assert contest(table, -60) == 0  # 60 ms late, he does not take it for being slow to answer pings


def test_pings_held_in_the_hosts_busy_page_do_not_date_moves_back_and_a_phone_moved_away_is_followed():
    """The host's page, busy drawing for every phone, sends some pings late: their round
    trips are longer, with no more time on the way. A phone that truly went further away
    is taken to be within RTT_SAMPLES pings."""
    table = Table(100)
    phone = table.host.phones["phone1"]
    for late in (60, 0, 30, 45):
        phone.timed(table.now - 200 - late, table.now)
    assert phone.lead() == pytest.approx(100, abs=1)
    assert contest(table, 60) == 1
    table.advance(1000)
    assert contest(table, -60) == 0
    for _ping in range(RTT_SAMPLES):
        phone.timed(table.now - 260, table.now)
    assert phone.lead() == pytest.approx(130, abs=1)


def test_a_phone_further_away_than_the_bound_cannot_claim_the_past():
    table = Table(300)
    assert table.host.phones["phone1"].lead() == MAX_LEAD_MS
    assert contest(table, 60) == 0  # truly first, but 300 ms away: dated back 150 ms only
    assert table.guests[1].refusals[-1].startswith("Too slow: Ana was 90 ms faster")


def test_a_watcher_or_a_lying_pong_gets_no_more_than_the_bound():
    table = Table(0)
    phone = table.host.phones["phone2"]
    phone.timed(table.now - 9_000, table.now)  # a pong that claims a 9 s round trip
    assert phone.lead() == 0  # (its honest pings were quicker)
    phone.samples = []  # a phone whose first pong says so
    phone.timed(table.now - 9_000, table.now)
    assert phone.lead() == MAX_LEAD_MS
    phone.timed(table.now + 50, table.now)  # ... or one from the future: not a measure
    phone.timed("soon", table.now)
    assert phone.lead() == MAX_LEAD_MS
    assert table.guests[1].game_clock() == pytest.approx(table.now, abs=1)  # the phone knows the host's clock


def test_the_time_a_phone_took_to_send_its_grab_counts_toward_its_lead_within_the_bound():
    table = Table(50)
    pile = table.flip()
    # Bo clicked 40 ms before his page sent the grab (its worker was busy drawing);
    # Ana clicks 60 ms after Bo's click, on the host.
    table.advance(40)
    table.guests[1].move({"a": "g", "p": [pile], "t": 0}, waited=40)
    table.advance(20)
    table.host.arrive(0, {"a": "g", "p": [pile], "t": 0}, table.now)
    table.advance(2 * MAX_LEAD_MS + 400)
    assert table.taker(pile) == 1 and table.refused[0][1].startswith("Too slow: Bo was 60 ms faster")
    assert table.host.arrivals == []


def test_a_grab_the_hosts_busy_page_read_late_is_dated_when_it_was_made():
    """The host's page is busy drawing when Bo's grab comes, and gets to it 40 ms later,
    with no way to tell: the grab says when it was made on Bo's clock, which the host
    reads by his quickest pongs. (Dated by its arrival, it came within a tick of Ana's.)"""
    table = Table(100)
    table.host_late = 40
    assert contest(table, 60) == 1
    assert table.refused[0][1].startswith("Too slow: Bo was 60 ms faster")


def test_a_phones_word_on_when_it_moved_claims_no_more_than_its_lead_and_the_bound():
    table = Table(20)
    pile = table.flip()
    table.host.arrive(0, {"a": "g", "p": [pile], "t": 0}, table.now)  # Ana grabs...
    table.advance(MAX_HELD_MS + 70)  # ... and Bo, 170 ms later, says he did 10 s ago
    bo = table.guests[1]
    bo.link.post("move", {"at": bo.facts.moves, "move": {"a": "g", "p": [pile], "t": 0}, "made": bo.link.clock() - 10_000})
    table.advance(2 * MAX_LEAD_MS + 400)
    assert table.taker(pile) == 0 and bo.refusals[-1].startswith("Too slow: Ana was 70 ms faster")
