"""The live table's message protocol: one end of a conversation between two phones over a
data channel (the host and one guest), in plain Python so it is tested with fake
transports in CPython and used unchanged in the page's worker.

Every message is numbered by its sender from 1. Each frame also carries the highest
number its sender has received in order (an acknowledgement), so the other side can forget
what arrived. A frame is JSON text of at most MAX_FRAME bytes: a larger message is split
into parts and put back together on arrival.

    {"n": 7, "a": 3, "k": "facts", "b": {...}}                  a message
    {"n": 8, "a": 3, "k": "facts", "p": [0, 2], "d": "{\\"…"}    one part of a larger one
    {"a": 4}                                                      an acknowledgement alone
    {"a": 4, "w": 5}                                              a resync: send me 5 on

The receiver delivers messages in order. A number already delivered is a duplicate or a
replay, and is dropped. A number ahead of the next expected is held (data channels keep
order, but a reconnection resends what was on its way); when a gap stays open for GAP_MS
or more than WINDOW messages wait behind it, the receiver asks for a resync (lichess's
pattern). The sender answers by resending what is not yet acknowledged if it still
holds it all, else with a fresh start: the app's snapshot (the whole position) sent as a
message marked "reset" ("r": 1), after which the receiver expects the numbers that
follow it. A sender whose messages stay unacknowledged for RESEND_MS sends them again.
`tick` does the waiting parts; the page calls it a few times a second.

Everything received is hostile: frames are bounded in size before they are parsed and in
nesting while they are, in shape after, and in rate (a token bucket). A frame that breaks
a rule is refused: `receive` returns nothing for it and counts it in `refused`, so the
table can drop a peer that keeps sending them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable

from gelateria.core.record import nesting_within

MAX_FRAME = 16 * 1024  # bytes of one frame's text (what every browser's data channel passes whole)
PIECE = (MAX_FRAME - 256) // 2  # characters of an ASCII part: JSON escaping at most doubles them
MAX_MESSAGE = 512 * 1024  # characters of a whole message put back together from its parts
MAX_PARTS = MAX_MESSAGE // PIECE + 1
MAX_DEPTH = 16  # nesting of a message's JSON (a game's facts nest about 8 deep)
WINDOW = 32  # messages held behind a gap before a resync is asked for
OUTBOX = 256  # unacknowledged messages kept for a resend; beyond, a resync starts afresh
RATE = 40  # messages a second, sustained, from one peer
BURST = 80  # messages at once from one peer
ACK_EVERY = 8  # messages delivered before an acknowledgement goes alone (when nothing is sent back)
GAP_MS = 500  # a gap open this long asks for a resync
RESEND_MS = 2000  # unacknowledged this long: sent again
RESYNC_GAP_MS = 1000  # resyncs answered at most this often (each may resend a whole position)
KIND_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz-")


@dataclass(frozen=True)
class Message:
    kind: str
    body: object
    reset: bool = False  # a fresh start after a resync: what came before it is gone


def _compact(value, ascii_only: bool = False) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=ascii_only)


@dataclass
class Link:
    """One end of a conversation. `send` puts a frame's text on the channel; `clock`
    gives the time in ms; `snapshot` (the sender's app) gives the (kind, body) that makes
    a receiver whole again, for a resync that the kept messages cannot answer."""

    send: Callable[[str], None]
    clock: Callable[[], float]
    snapshot: Callable[[], tuple[str, object]] | None = None
    sent: int = 0  # the last number sent
    delivered: int = 0  # the last number received and delivered in order
    acked: int = 0  # the last number this end acknowledged
    ack_due: bool = False  # a duplicate came: the other end may not have heard the acknowledgement
    refused: int = 0  # frames refused (too big, malformed, too fast)
    resyncs: int = 0  # resyncs this end asked for
    outbox: dict = field(default_factory=dict)  # number -> (ms sent, frames), until acknowledged
    held: dict = field(default_factory=dict)  # number -> Message received ahead of a gap
    gap_since: float | None = None  # ms, since when a gap has been open
    parts: dict = field(default_factory=dict)  # number -> (count, {index: text}) of a message in parts
    answered: float | None = None  # ms, of the last resync answered
    tokens: float = BURST
    last_frame: float | None = None  # ms, of the last frame received (for the rate)

    # --- sending --------------------------------------------------------------------

    def post(self, kind: str, body: object, reset: bool = False) -> int:
        """Send a message; returns its number."""
        self.sent += 1
        self.acked = self.delivered
        head = {"n": self.sent, "a": self.delivered, "k": kind, **({"r": 1} if reset else {})}
        whole = _compact({**head, "b": body})
        if len(whole.encode()) <= MAX_FRAME:
            frames = [whole]
        else:
            text = _compact(body, ascii_only=True)
            pieces = [text[i:i + PIECE] for i in range(0, len(text), PIECE)]
            frames = [_compact({**head, "p": [i, len(pieces)], "d": piece}, ascii_only=True)
                      for i, piece in enumerate(pieces)]
        if reset:
            self.outbox.clear()  # nothing before a fresh start will be asked for again
        self.outbox[self.sent] = (self.clock(), frames)
        while len(self.outbox) > OUTBOX:
            del self.outbox[min(self.outbox)]
        for frame in frames:
            self.send(frame)
        return self.sent

    def resend(self) -> None:
        """The oldest messages not yet acknowledged, in order (after a reconnection, or
        when the acknowledgements are late), no more frames than the other end takes at
        once: the rest go at a later tick."""
        now, frames = self.clock(), 0
        for number in sorted(self.outbox):
            kept = self.outbox[number][1]
            if frames and frames + len(kept) > BURST // 2:
                break
            for frame in kept:
                self.send(frame)
            frames += len(kept)
            self.outbox[number] = (now, kept)

    def acknowledge(self) -> None:
        self.acked = self.delivered
        self.ack_due = False
        self.send(_compact({"a": self.delivered}))

    def tick(self) -> None:
        """What waiting decides: a gap open too long asks for a resync; messages
        unacknowledged too long go again."""
        now = self.clock()
        if self.gap_since is not None and now - self.gap_since >= GAP_MS:
            self._ask_resync()
        elif self.ack_due or self.delivered > self.acked:
            self.acknowledge()
        if self.outbox and now - min(sent for sent, _frames in self.outbox.values()) >= RESEND_MS:
            self.resend()

    # --- receiving ------------------------------------------------------------------

    def receive(self, text: object) -> list[Message]:
        """The messages a frame completes, in order (often none or one)."""
        frame = self._read(text)
        if frame is None:
            self.refused += 1
            return []
        for number in [n for n in self.outbox if n <= frame["a"]]:
            del self.outbox[number]
        if "w" in frame:
            self._answer_resync(frame["w"])
        if "n" not in frame:
            return []
        number = frame["n"]
        message = self._assemble(frame) if "p" in frame else Message(frame["k"], frame["b"], "r" in frame)
        if message is None:
            return []
        if message.reset and number > self.delivered:
            self.delivered = number - 1
            self.held = {n: m for n, m in self.held.items() if n > number}
        if number <= self.delivered:
            self.ack_due = True
            return []  # a duplicate or a replay
        self.held[number] = message
        out = []
        while self.delivered + 1 in self.held:
            self.delivered += 1
            out.append(self.held.pop(self.delivered))
        self.gap_since = (self.gap_since or self.clock()) if self.held else None
        if len(self.held) > WINDOW:
            self._ask_resync()
        elif self.delivered - self.acked >= ACK_EVERY:
            self.acknowledge()
        return out

    def _ask_resync(self) -> None:
        self.held.clear()
        self.gap_since = None
        self.resyncs += 1
        self.acked = self.delivered
        self.send(_compact({"a": self.delivered, "w": self.delivered + 1}))

    def _read(self, text: object) -> dict | None:
        """A frame's JSON if it keeps every rule, else None."""
        now = self.clock()
        if self.last_frame is not None:
            self.tokens = min(BURST, self.tokens + max(0.0, now - self.last_frame) * RATE / 1000)
        self.last_frame = now
        if self.tokens < 1:
            return None
        self.tokens -= 1
        if not isinstance(text, str) or len(text) > MAX_FRAME or len(text.encode()) > MAX_FRAME:
            return None
        frame = _parsed(text)
        return frame if _well_formed(frame) else None

    def _assemble(self, frame: dict) -> Message | None:
        """The message a part completes, if it does."""
        index, count = frame["p"]
        number = frame["n"]
        if number <= self.delivered or number in self.held:
            return None
        expected, pieces = self.parts.setdefault(number, (count, {}))
        if expected != count:
            del self.parts[number]  # parts that disagree: drop the message (a resync brings it)
            return None
        pieces[index] = frame["d"]
        if sum(len(text) for _count, held in self.parts.values() for text in held.values()) > MAX_MESSAGE:
            del self.parts[number]  # (all messages in parts together: a peer cannot fill the phone)
            return None
        if len(pieces) < count:
            return None
        del self.parts[number]
        body = _parsed("".join(pieces[i] for i in range(count)))
        return None if body is UNREADABLE else Message(frame["k"], body, "r" in frame)

    def _answer_resync(self, wanted: int) -> None:
        now = self.clock()
        if wanted > self.sent or self.answered is not None and now - self.answered < RESYNC_GAP_MS:
            return  # nothing is missing, or a resync was just answered
        self.answered = now
        if all(n in self.outbox for n in range(wanted, self.sent + 1)):
            self.resend()
        elif self.snapshot is not None:
            self.post(*self.snapshot(), reset=True)


UNREADABLE = object()  # what _parsed gives for text that is not JSON a peer may send


def _parsed(text: str):
    """The JSON value of a peer's text, or UNREADABLE if it nests too deep or is not JSON."""
    if not nesting_within(text, MAX_DEPTH):
        return UNREADABLE
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return UNREADABLE


def _is_count(value: object, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value < 2 ** 53


def _well_formed(frame: object) -> bool:
    """A frame of the shapes in this module's docstring, and nothing more."""
    if not isinstance(frame, dict) or not _is_count(frame.get("a")):
        return False
    if set(frame) == {"a"} or set(frame) == {"a", "w"} and _is_count(frame["w"], 1):
        return True
    if frame.get("r", 1) != 1 or not _is_count(frame.get("n"), 1):
        return False
    kind = frame.get("k")
    if not isinstance(kind, str) or not 0 < len(kind) <= 16 or not set(kind) <= KIND_CHARS:
        return False
    keys = set(frame) - {"r"}
    if keys == {"a", "n", "k", "b"}:
        return True
    if keys != {"a", "n", "k", "p", "d"} or not isinstance(frame["d"], str):
        return False
    part = frame["p"]
    return (isinstance(part, list) and len(part) == 2 and _is_count(part[1], 2) and part[1] <= MAX_PARTS
            and _is_count(part[0]) and part[0] < part[1])
