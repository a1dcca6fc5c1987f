"""Bots for It's Mine!: real-time players with a human-like reaction time.

The real-time interface, used by the simulator and the web page:

    bot.react(view, now_ms, rng) -> (at_ms, move) | None

is asked again after every event (with `now_ms` = the time of that event). It says
what the bot wants to do and when its hand would land: `at_ms >= now_ms`, and the
move's "t" equals `at_ms`. A bot keeps its intention between calls: while it still
wants the same pile it keeps the time it first decided on (its hand is already
moving), so new events do not keep postponing it. `reset()` forgets everything
(between rounds). A bot sees only its own view: open piles, tokens, cards taken,
its own favourites — never another player's favourites or a draw pile's order.

For turn-based drivers (core.session) every bot also has `choose(view, legal, rng)`:
flip when it is its turn, continue between rounds, report the expiry during the
countdown, and otherwise pass on grabbing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gelateria.core.bots import RandomBot
from gelateria.core.rng import Rng
from gelateria.games.itsmine.rules import CLOSED, card_points, closed_points


@dataclass(frozen=True)
class Level:
    react_ms: int  # fastest reaction to a pile worth taking
    react_jitter_ms: int  # plus a uniform extra of up to this
    flip_ms: int  # pause before flipping on its turn
    flip_jitter_ms: int
    distracted: float  # chance that a reaction takes an extra second
    sloppy: float  # chance of misjudging a pile (forgets shapes and closed cards)
    threshold: float  # net points a pile must be worth before the table runs dry
    gift_weight: float  # how much a token handed to an opponent counts against a grab
    several: bool  # takes every good pile at once (one token each)
    recheck: bool  # re-judges a pile it is reaching for when it changes


# Calibrated for a thumb (issue 32; tests/bench/itsmine_humans.py): a player who needs
# 0.9-1.0 s to read a fan and tap wins about their fair share against normal bots, whose
# hands land 0.75-1.25 s after the card; hard bots are quicker (0.45-0.7 s) and wait for
# richer piles, so the same player wins clearly less, but not never.
LEVELS = {
    "easy": Level(1100, 900, 1000, 800, 0.15, 0.35, 0.5, 0.0, False, False),
    "normal": Level(750, 500, 700, 400, 0.05, 0.0, 1.0, 0.25, False, True),
    "hard": Level(450, 250, 450, 250, 0.0, 0.0, 2.0, 0.5, True, True),
}


# The model human's judgement of a pile (tests/bench/itsmine_humans.py): a careful player's,
# fixed here so that retuning a level never changes the player it is measured against.
# (Its times are the model's own delay; only the judgement fields count.)
HUMAN_JUDGEMENT = Level(0, 0, 0, 0, 0.0, 0.0, 1.0, 0.5, True, True)


_POINTS: dict = {}  # (flavour, shape, sloppy) -> points of each card 0..54


def _points_table(favourite, sloppy: bool) -> tuple:
    key = (favourite[0], favourite[1], sloppy)
    table = _POINTS.get(key)
    if table is None:
        # A sloppy look sees flavours only (no shape matches) and forgets about closed shops.
        seen = (favourite[0], None) if sloppy else favourite
        table = tuple(card_points(c, seen) for c in range(55))
        _POINTS[key] = table
    return table


def pile_gain(cards, favourite, closed_held: int, sloppy: bool = False) -> int:
    """What taking `cards` adds to my round score, closed cards counted against
    what I already hold (the third one turns -2 into +3)."""
    table = _points_table(favourite, sloppy)
    gain = 0
    closed = 0
    for c in cards:
        gain += table[c]
        closed += c >= CLOSED[0]
    if closed and not sloppy:
        gain += closed_points(closed_held + closed) - closed_points(closed_held)
    return gain


def flip_time(view: dict, now: int, planned: int) -> int:
    """When a flip planned for `planned` can land: not before now, nor during the pause
    after a call of "It's mine!"."""
    return max(now, planned, view["paused_until"] or 0)


class ReactiveBot:
    def __init__(self, level: str):
        self.name = level
        self.level = LEVELS[level]
        self.reset()

    def set_pace(self, factor: float) -> None:
        """Bot speed (the shared pace preference) scales the pause before a flip; how
        fast the bot reacts to a pile is its level and never changes."""
        base = LEVELS[self.name]
        self.level = replace(base, flip_ms=int(base.flip_ms * factor), flip_jitter_ms=int(base.flip_jitter_ms * factor))

    def reset(self) -> None:
        self._grab: tuple[frozenset, int] | None = None  # (piles, at_ms)
        self._flip: tuple[tuple, int] | None = None  # (which turn, at_ms)

    # ---------------------------------------------------------- decisions

    def wanted(self, view: dict, rng: Rng) -> list[int]:
        """The piles this bot wants to take now, best first (empty: none)."""
        me = view["me"]
        tokens = view["tokens"][me]
        if not tokens:
            return []
        level = self.level
        favourite = view["favourite"]
        closed_held = sum(1 for c in view["won"][me] if c in CLOSED)
        sloppy = level.sloppy > 0 and rng.random() < level.sloppy
        cards_left = sum(view["draw"])
        # Early in the round a pile can still grow, so a bot waits for a good one;
        # as the draw piles run out any pile worth more than its token will do. With
        # more rivals a pile is less likely to last, so it settles sooner (3/players:
        # hard stays about half as kind to a thumb at 4 players as at 3, issue 32).
        threshold = level.threshold * 3 / view["players"] * min(1.0, cards_left / (3 * view["players"])) + 0.01
        scored = []
        for owner, cards in enumerate(view["open"]):
            if not cards:
                continue
            net = pile_gain(cards, favourite, closed_held, sloppy) - 1
            if owner != me:
                net -= level.gift_weight
            if net >= threshold:
                scored.append((net, owner))
        scored.sort(key=lambda item: (-item[0], item[1]))
        piles = [owner for _, owner in scored]
        return piles[:tokens] if level.several else piles[:1]

    def react(self, view: dict, now: int, rng: Rng):
        if view["phase"] != "play":
            self.reset()
            return None
        me = view["me"]
        plan = self._plan_grab(view, now, rng)
        if view["turn"] == me:
            turn_id = (view["round"], sum(view["draw"]))
            if self._flip is None or self._flip[0] != turn_id:
                self._flip = (turn_id, now + self.level.flip_ms + rng.below(self.level.flip_jitter_ms + 1))
            at = flip_time(view, now, self._flip[1])
            if plan is None or at < plan[0]:
                plan = (at, {"a": "f", "t": at})
        return plan

    def _plan_grab(self, view: dict, now: int, rng: Rng):
        level = self.level
        intent = self._grab
        if intent is not None and not level.recheck:
            # A sloppy player finishes the grab it started whatever lands meanwhile.
            piles = sorted(intent[0])
            if all(view["open"][o] for o in piles) and view["tokens"][view["me"]] >= len(piles):
                return intent[1], {"a": "g", "p": piles, "t": intent[1]}
        piles = self.wanted(view, rng)
        if not piles:
            self._grab = None
            return None
        target = frozenset(piles)
        if intent is None or not (intent[0] & target):
            delay = level.react_ms + rng.below(level.react_jitter_ms + 1)
            if level.distracted and rng.random() < level.distracted:
                delay += 1000
            intent = (target, now + delay)
        self._grab = (target, intent[1])
        at = max(now, intent[1])
        return at, {"a": "g", "p": sorted(target), "t": at}

    def choose(self, view: dict, legal: list, rng: Rng):
        for kind in ("f", "c", "x"):
            for move in legal:
                if move["a"] == kind:
                    return move
        return legal[0]


class ModelHuman(ReactiveBot):
    """A model human player, to calibrate the levels against (tests/bench/itsmine_humans.py);
    not a level anyone can pick. It judges a pile carefully (HUMAN_JUDGEMENT), with its
    own favourites and only what a player at the table knows, and it is never distracted
    and never early: every reaction lands exactly `delay_ms` after the event it reacts to.
    A grab comes that long after the event that made the pile worth taking (piles that
    became worth it later are taken by later grabs), a flip that long after it became
    its turn or, if a call paused play, after the pause ended."""

    def __init__(self, delay_ms: int):
        super().__init__("hard")
        self.level = HUMAN_JUDGEMENT
        self.name = f"human {delay_ms} ms"
        self.delay = delay_ms

    def set_pace(self, factor: float) -> None:
        """A human flips at their own pace."""

    def reset(self) -> None:
        self._since: dict = {}  # pile owner -> when it became worth taking
        self._turn = None  # (which turn, when it became this seat's)

    def react(self, view: dict, now: int, rng: Rng):
        if view["phase"] != "play":
            self.reset()
            return None
        self._since = {owner: self._since.get(owner, now) for owner in self.wanted(view, rng)}
        plan = None
        if self._since:
            first = min(self._since.values())
            at = max(now, first + self.delay)
            plan = (at, {"a": "g", "p": sorted(o for o, t in self._since.items() if t == first), "t": at})
        if view["turn"] == view["me"]:
            turn_id = (view["round"], sum(view["draw"]))
            if self._turn is None or self._turn[0] != turn_id:
                self._turn = (turn_id, now)
            at = max(now, max(self._turn[1], view["paused_until"] or 0) + self.delay)
            if plan is None or at < plan[0]:
                plan = (at, {"a": "f", "t": at})
        return plan


class RandomReactor(RandomBot):
    """Flips steadily and now and then grabs a random open pile at a random moment;
    `choose` (turn-based) is the core random bot's uniform pick."""

    def __init__(self):
        self.reset()

    def set_pace(self, factor: float) -> None:
        """A random player flips at its own steady pace."""

    def reset(self) -> None:
        self._grab = None  # (pile, at_ms)
        self._flip = None

    def react(self, view: dict, now: int, rng: Rng):
        if view["phase"] != "play":
            self.reset()
            return None
        me = view["me"]
        plan = None
        if self._grab is not None and not view["open"][self._grab[0]]:
            self._grab = None
        if self._grab is None and view["tokens"][me] and rng.random() < 0.25:
            piles = [o for o, cards in enumerate(view["open"]) if cards]
            if piles:
                self._grab = (rng.choice(piles), now + 300 + rng.below(1500))
        if self._grab is not None and view["tokens"][me]:
            at = max(now, self._grab[1])
            plan = (at, {"a": "g", "p": [self._grab[0]], "t": at})
        if view["turn"] == me:
            turn_id = (view["round"], sum(view["draw"]))
            if self._flip is None or self._flip[0] != turn_id:
                self._flip = (turn_id, now + 600 + rng.below(601))
            at = flip_time(view, now, self._flip[1])
            if plan is None or at < plan[0]:
                plan = (at, {"a": "f", "t": at})
        return plan


BOTS = {
    "random": RandomReactor,
    "easy": lambda: ReactiveBot("easy"),
    "normal": lambda: ReactiveBot("normal"),
    "hard": lambda: ReactiveBot("hard"),
}
