"""The live table's message protocol (core/wire.py) over fake channels: every message
arrives once and in order through loss, reordering and duplicates; big messages go in
parts within the frame limit; a receiver too far behind is made whole by a snapshot; and
whatever a hostile peer sends is refused without changing anything."""

import json
import random

from gelateria.core.wire import BURST, GAP_MS, MAX_FRAME, OUTBOX, RATE, Link, Message


class Clock:
    def __init__(self):
        self.ms = 0.0

    def __call__(self):
        return self.ms


class Channel:
    """One direction of a data channel: frames wait in `queue` until delivered; a lossy
    one drops, duplicates and reorders them with `rng`."""

    def __init__(self, rng=None, loss=0.0, dup=0.0, shuffle=0.0):
        self.queue, self.rng, self.loss, self.dup, self.shuffle = [], rng, loss, dup, shuffle
        self.open = True
        self.sizes = []

    def send(self, frame: str):
        self.sizes.append(len(frame.encode()))
        if not self.open or self.rng and self.rng.random() < self.loss:
            return
        self.queue.append(frame)
        if self.rng and self.rng.random() < self.dup:
            self.queue.append(frame)
        if self.rng and len(self.queue) > 1 and self.rng.random() < self.shuffle:
            i = self.rng.randrange(len(self.queue) - 1)
            self.queue[i], self.queue[-1] = self.queue[-1], self.queue[i]

    def deliver(self, link: Link) -> list[Message]:
        frames, self.queue = self.queue, []
        return [m for frame in frames for m in link.receive(frame)]


def pair(clock, **lossy):
    """A host and a guest Link joined by two channels (lossy ones if asked)."""
    to_guest, to_host = Channel(**lossy), Channel(**lossy)
    host = Link(to_guest.send, clock, snapshot=lambda: ("facts", {"whole": True}))
    guest = Link(to_host.send, clock)
    return host, guest, to_guest, to_host


def test_messages_arrive_in_order_and_acknowledged_ones_are_forgotten():
    clock = Clock()
    host, guest, to_guest, to_host = pair(clock)
    for i in range(20):
        host.post("facts", {"i": i})
    got = to_guest.deliver(guest)
    assert [m.body["i"] for m in got] == list(range(20))
    # The guest acknowledged on its own (it sent nothing back): the host forgets what arrived.
    to_host.deliver(host)
    assert len(host.outbox) < 8
    guest.post("move", {"m": 1})
    to_host.deliver(host)
    assert host.outbox == {}


def test_a_large_message_goes_in_parts_within_the_frame_limit_and_comes_back_equal():
    clock = Clock()
    host, guest, to_guest, _ = pair(clock)
    body = {"log": ["あなたの番です \"引用\" \\ 경로 " * 10 for _ in range(60)], "n": list(range(3000))}
    host.post("facts", body)
    assert len(to_guest.queue) > 1 and max(to_guest.sizes) <= MAX_FRAME
    random.Random(1).shuffle(to_guest.queue)  # (parts may come in any order)
    assert to_guest.deliver(guest) == [Message("facts", body)]


def test_loss_reordering_and_duplicates_still_deliver_every_message_once_and_in_order():
    for seed in range(12):
        rng = random.Random(seed)
        clock = Clock()
        host, guest, to_guest, to_host = pair(clock, rng=rng, loss=0.2, dup=0.1, shuffle=0.2)
        got = []
        for i in range(150):
            if rng.random() < 0.5:
                host.post("facts", {"i": i, "pad": "x" * rng.choice((10, 20_000))})
            clock.ms += rng.choice((5, 50, 300))
            got += to_guest.deliver(guest)
            to_host.deliver(host)
            host.tick()
            guest.tick()
        for _ in range(200):  # then the channels stay quiet until everything is through
            clock.ms += 250
            host.tick()
            guest.tick()
            got += to_guest.deliver(guest)
            to_host.deliver(host)
        sent = host.sent
        numbers = [m.body["i"] for m in got if not m.reset]
        assert numbers == sorted(set(numbers)), f"seed {seed}: duplicates or out of order"
        assert guest.delivered == sent, f"seed {seed}: {sent - guest.delivered} never arrived"


def test_a_guest_too_far_behind_is_made_whole_by_a_snapshot_then_goes_on():
    clock = Clock()
    host, guest, to_guest, to_host = pair(clock)
    host.post("facts", {"i": 0})
    to_guest.deliver(guest)
    to_guest.open = False  # the guest's phone locks; the host plays on
    for i in range(1, OUTBOX + 20):
        host.post("facts", {"i": i})
    to_guest.open = True
    host.post("facts", {"i": "latest"})
    assert to_guest.deliver(guest) == []  # a gap: held
    clock.ms += 1000
    guest.tick()  # the gap stays open: the guest asks for a resync
    to_host.deliver(host)
    got = to_guest.deliver(guest)
    assert got == [Message("facts", {"whole": True}, reset=True)]
    host.post("facts", {"i": "next"})
    assert to_guest.deliver(guest) == [Message("facts", {"i": "next"})]


def test_a_replayed_or_duplicated_message_is_dropped():
    clock = Clock()
    host, guest, to_guest, to_host = pair(clock)
    guest.post("move", {"m": "a"})
    frame = to_host.queue[0]
    assert [m.body for m in to_host.deliver(host)] == [{"m": "a"}]
    clock.ms += 5000
    assert host.receive(frame) == []
    assert host.delivered == 1


HOSTILE = [
    None, 7, "", "{", "[]", "null", '"text"', "{}", '{"a": -1}', '{"a": true}', '{"a": 1.5}',
    '{"a": 0, "n": 1, "k": "facts"}', '{"a": 0, "n": 0, "k": "facts", "b": 1}',
    '{"a": 0, "n": true, "k": "facts", "b": 1}', '{"a": 0, "n": 1, "k": "FACTS", "b": 1}',
    '{"a": 0, "n": 1, "k": "<script>", "b": 1}', '{"a": 0, "n": 1, "k": "' + "x" * 40 + '", "b": 1}',
    '{"a": 0, "n": 1, "k": "facts", "b": 1, "extra": 2}', '{"a": 0, "n": 1, "k": "facts", "b": 1, "r": 2}',
    '{"a": 0, "n": 1, "k": "facts", "p": [0, 1], "d": "1"}', '{"a": 0, "n": 1, "k": "facts", "p": [2, 2], "d": "1"}',
    '{"a": 0, "n": 1, "k": "facts", "p": [0, 100000], "d": "1"}', '{"a": 0, "n": 1, "k": "facts", "p": [0, 2], "d": 5}',
    '{"a": 0, "w": 0}', '{"a": 0, "w": "1"}',
    '{"a": 0, "n": 1, "k": "facts", "b": ' + "[" * 5000 + "]" * 5000 + "}",
    '{"a": 0, "n": 1, "k": "facts", "b": "' + "x" * MAX_FRAME + '"}',
    '{"a": 0, "n": 1, "k": "facts", "b": "' + "あ" * (MAX_FRAME // 3 + 10) + '"}',
]


def test_hostile_frames_are_refused_and_change_nothing():
    clock = Clock()
    host, guest, _, to_host = pair(clock)
    for frame in HOSTILE:
        clock.ms += 100
        assert host.receive(frame) == [], frame
    assert host.refused == len(HOSTILE) and host.delivered == 0 and host.held == {} and host.parts == {}
    # Parts whose bodies nest too deep, or are not JSON, put together into nothing.
    for d in ("[" * 600, "]" * 600):
        clock.ms += 100
        host.receive(json.dumps({"a": 0, "n": 1, "k": "move", "p": [d.startswith("]") * 1, 2], "d": d}))
    assert host.delivered == 0
    # The guest's honest message after all that is taken as ever.
    clock.ms += 100
    guest.post("move", {"m": "a"})
    assert [m.body for m in to_host.deliver(host)] == [{"m": "a"}]


def test_a_flood_is_cut_to_the_rate_and_resyncs_cannot_be_used_to_amplify():
    clock = Clock()
    host, guest, to_guest, _ = pair(clock)
    frame = json.dumps({"a": 0, "n": 1, "k": "move", "b": 1})
    for _ in range(1000):
        host.receive(frame)
    assert host.refused == 1000 - BURST
    clock.ms += 1000  # a second later, RATE more get through
    for _ in range(200):
        host.receive('{"a": 0}')
    assert host.refused == 1000 - BURST + 200 - RATE
    # Resync requests for messages the host no longer holds: one snapshot a second at most.
    host.outbox.clear()
    host.sent = 5
    for step in range(100):
        clock.ms += 50
        host.receive('{"a": 0, "w": 1}')
    snapshots = [f for f in to_guest.queue if '"r":1' in f]
    assert 4 <= len(snapshots) <= 6
