"""A headless table for It's Mine!: bots in every seat on a simulated clock.

After every event each bot is asked (through `react`) what it wants to do and when;
the earliest wish becomes the next event. A grab planned to land less than TICK_MS
after the event that just happened is already under way and is not reconsidered:
if it aims at a pile that event took, the engine treats it as simultaneous and
settles it by rock-paper-scissors. When nobody wants anything before the countdown
runs out, seat 0 reports the expiry; between rounds seat 0 continues at once.

The result is the move list of a normal record: seed + options + moves replay it.
"""

from __future__ import annotations

import json
from typing import Callable

from gelateria.core.game import IllegalMove
from gelateria.core.rng import Rng
from gelateria.games.itsmine.bots import BOTS
from gelateria.games.itsmine.rules import COUNTDOWN_MS, GAME, TICK_MS, State

MAX_EVENTS = 5_000  # a game has about 3 × (55 flips + a few dozen grabs)


def make_bot(level: str):
    if level not in BOTS:
        raise KeyError(f"It's Mine! has no bot level {level!r} (levels: {', '.join(sorted(BOTS))})")
    return BOTS[level]()


def next_event(state: State, bots: list, rngs: list, plans: list):
    """The next thing the bots (or the countdown) will do during a round, as
    (at_ms, seat, move), or None if no bot has a plan and no countdown runs.

    `bots[seat]` is None for a human seat. `plans` holds each seat's current plan
    and is updated in place: every bot is asked again, except that a grab due
    less than TICK_MS after the last event is already under way and stands. The
    countdown's expiry is reported by seat 0 when nothing is planned before it.
    The caller applies the event (a human's event may come first instead) and
    then clears `plans[seat]` for the seat that acted. The web page can drive
    real time with this too: set a timer for `at_ms`, ask again after any event."""
    now = state.now
    for seat, bot in enumerate(bots):
        plan = plans[seat]
        committed = plan is not None and plan[1]["a"] == "g" and plan[0] - now < TICK_MS
        if bot is not None and not committed:
            plans[seat] = bot.react(GAME.view(state, seat), now, rngs[seat])
    timed = [(plan[0], seat) for seat, plan in enumerate(plans) if plan is not None]
    if state.turn is None:
        deadline = state.countdown_from + COUNTDOWN_MS
        if not timed or min(timed)[0] >= deadline:
            return deadline, 0, {"a": "x", "t": deadline}
    if not timed:
        return None
    at, seat = min(timed)
    return at, seat, plans[seat][1]


def simulate(
    levels: list[str],
    seed: int,
    options: dict | None = None,
    on_event: Callable[[int, dict, State, State], None] | None = None,
    strict: bool = False,
) -> tuple[State, list]:
    """Play a whole game. Returns (final state, [[seat, move], ...]).
    `on_event(seat, move, before, after)` is called after every event. A bot's
    plan that the rules refuse is dropped (the bot thinks again), or with
    `strict` raises, which is how the tests check that bots only plan legal moves."""
    n = len(levels)
    bots = [make_bot(level) for level in levels]
    rngs = [Rng(seed).fork(1000 + seat) for seat in range(n)]
    state = GAME.new(n, seed, options)
    moves: list = []
    plans: list = [None] * n

    def fire(seat: int, move: dict) -> None:
        nonlocal state
        before, state = state, GAME.apply(state, seat, move)
        moves.append([seat, move])
        if on_event:
            on_event(seat, move, before, state)

    while state.phase != "over":
        if len(moves) > MAX_EVENTS:
            raise RuntimeError("It's Mine!: a simulated game did not end")
        if state.phase == "scored":
            fire(0, {"a": "c", "t": state.now})
            plans = [None] * n
            for bot in bots:
                bot.reset()
            continue
        event = next_event(state, bots, rngs, plans)
        if event is None:
            raise RuntimeError("It's Mine!: nobody acts and no countdown runs")
        _, seat, move = event
        if move["a"] != "x":
            plans[seat] = None
        try:
            fire(seat, move)
        except IllegalMove:
            if strict:
                raise
            bots[seat].reset()  # its plan went stale; it will think again
    return state, moves


def _dump(obj) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)


def cli_play(args) -> int:
    """`python -m gelateria play itsmine --seats easy,normal,hard --seed 5 [--trace]`."""
    from gelateria.cli import SEAT_ALIASES, _parse_options, result

    spec = args.seats or "bot,bot,bot"
    levels = [SEAT_ALIASES.get(w.strip(), w.strip()) for w in spec.split(",") if w.strip()]
    if not GAME.min_players <= len(levels) <= GAME.max_players:
        raise KeyError(f"{GAME.title} is for {GAME.min_players}–{GAME.max_players} players, not {len(levels)}")
    for level in levels:
        make_bot(level)  # an unknown level fails before anything is printed

    def trace(seat, move, before, after):
        print(_dump({"mover": seat, "move": move, "say": GAME.describe(before, seat, move),
                     "state": GAME.view(after, None)}))

    state, moves = simulate(levels, args.seed, _parse_options(args.option), trace if args.trace else None)
    out = result(GAME, state, args.seed, len(moves))
    out["rounds"] = [r["scores"] for r in state.history]
    out["seats"] = levels
    print(_dump(out))
    return 0
