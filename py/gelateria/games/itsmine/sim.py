"""The clock of It's Mine!: what the bots (and the countdown) do next, in real time.

After every event each bot is asked (through `react`) what it wants to do and when;
the earliest wish becomes the next event. A grab planned to land less than TICK_MS
after the event that just happened is already under way and is not reconsidered:
if it aims at a pile that event took, the engine treats it as simultaneous and
settles it by rock-paper-scissors. When nobody wants anything before the countdown
runs out, seat 0 reports the expiry; between rounds seat 0 continues.

`Planner` is this game's real-time planner for core.session: the same Session plays a
headless game (the command line, the arena, `simulate`) and drives the web page's
timers, so both get the same events from the same seed.
"""

from __future__ import annotations

from gelateria.core.session import Event, Session, bot_seats
from gelateria.games.itsmine.rules import COUNTDOWN_MS, GAME, TICK_MS, State

# The page's bot speeds (ms a turn game's bot waits: slow, normal, fast, instant) as how
# long bots take to flip, against their level's own pause; how fast they react to a pile
# is their level and is never changed.
FLIP_PACE = ((0, 0.15), (300, 0.5), (800, 1.0), (1600, 1.6))
# A replay runs on the game's own clock: the recorded time between events, kept between
# these bounds (ms), and the score table between rounds stays a moment.
REPLAY_GAP_MS = (40, 1500)
REPLAY_SCORES_MS = 2500


class Planner:
    def __init__(self, game, bots: dict, rngs: dict):
        self.game = game
        self.bots = bots  # seat -> bot (human seats are absent)
        self.rngs = rngs
        self.plans: dict = {}  # seat -> (at_ms, move): what each bot means to do

    def now(self, state: State) -> int:
        return state.now

    def next(self, state: State, now: float) -> Event | None:
        """The next thing the bots (or the countdown) will do, or None if no bot has a
        plan and no countdown runs. Every bot is asked again, except that a grab due
        less than TICK_MS after the last event is already under way and stands. The
        countdown's expiry is reported by seat 0 when nothing is planned before it."""
        if state.phase == "scored":  # the next round: any pause runs from when it is asked
            return Event(max(state.now, now), 0, {"a": "c", "t": state.now}, pause=True)
        last = state.now
        for seat, bot in self.bots.items():
            plan = self.plans.get(seat)
            committed = plan is not None and plan[1]["a"] == "g" and plan[0] - last < TICK_MS
            if not committed:
                self.plans[seat] = bot.react(self.game.view(state, seat), last, self.rngs[seat])
        timed = [(plan[0], seat) for seat, plan in self.plans.items() if plan is not None]
        if state.turn is None:
            deadline = state.countdown_from + COUNTDOWN_MS
            if not timed or min(timed)[0] >= deadline:
                return Event(deadline, 0, {"a": "x", "t": deadline})
        if not timed:
            return None
        at, seat = min(timed)
        move = self.plans[seat][1]
        if move["t"] < last:  # a late timer: the hand lands now, not in the past
            move = dict(move, t=last)
        return Event(max(at, last), seat, move)

    def happened(self, seat: int, move: dict, before: State, after: State) -> None:
        if move["a"] == "c":
            self.reset()  # a new round: every bot starts afresh
        elif move["a"] != "x":
            self.plans.pop(seat, None)  # (the countdown's reporter keeps its own plan)

    def refused(self, seat: int) -> None:
        """A bot's plan went stale (the table changed under its hand): it thinks again."""
        self.plans.pop(seat, None)
        bot = self.bots.get(seat)  # (the countdown's reporter may be a human seat)
        if bot is not None:
            bot.reset()

    def reset(self) -> None:
        self.plans = {}
        for bot in self.bots.values():
            bot.reset()

    def timed(self, move: dict, at: float) -> dict:
        """The move as made at game time `at` (the next round, once the pause between
        rounds is over)."""
        return dict(move, t=int(at))

    def pace(self, ms: int) -> None:
        """The page's bot speed paces the bots' flips (between the speeds of FLIP_PACE, in
        proportion)."""
        factor = flip_factor(ms)
        for bot in self.bots.values():
            bot.set_pace(factor)

    def gap(self, before: State, after: State) -> int:
        """How long a replay waits between two positions: their recorded time apart (a
        long wait cut short), or a moment on the score table between rounds."""
        if before.phase == "scored":
            return REPLAY_SCORES_MS
        low, high = REPLAY_GAP_MS
        return max(low, min(high, after.now - before.now))


def flip_factor(pace_ms: float) -> float:
    """How much slower (> 1) or quicker than their level bots flip at this bot speed."""
    for (ms_a, a), (ms_b, b) in zip(FLIP_PACE, FLIP_PACE[1:]):
        if pace_ms <= ms_b:
            return a + (b - a) * (max(pace_ms, ms_a) - ms_a) / (ms_b - ms_a)
    return FLIP_PACE[-1][1]


def simulate(levels: list[str], seed: int, options: dict | None = None, on_event=None,
             strict: bool = False, stand_ins: dict | None = None) -> tuple[State, list]:
    """Play a whole game with a bot in every seat. Returns (final state, [[seat, move],
    ...]). `on_event(seat, move, before, after)` is called after every event; with
    `strict` a plan the rules refuse raises, which is how the tests check that bots
    only plan legal moves. A new game: the options' declared defaults (the pause after
    a call) apply unless `options` says otherwise, as on the new-game panel.
    `stand_ins` (seat -> bot object) play those seats instead of their level's bot,
    e.g. a bots.ModelHuman; they draw on the seat's random stream."""
    options = {**new_game_options(), **(options or {})}
    session = Session(GAME, bot_seats(GAME, levels), seed, options)
    session.bots.update(stand_ins or {})  # (the planner asks the bots of this same dict)
    session.run(strict, on_event)  # (the session stops a game that never ends)
    return session.state, session.moves


def new_game_options() -> dict:
    """The options a new game records when nobody chooses them (as web/table.py does)."""
    return {o.name: o.default for o in GAME.type.options if o.default is not None}
