"""Where the search bot and the normal bot disagree, which move is better? A quicker,
less noisy yardstick than whole arena games for tuning the search.

    python tests/bench/decision_duel.py gelati --positions 150 --set iterations=120

Positions come from games between normal bots (one decision with a choice is taken
from every few turns). At each, the hard bot (with the --set knobs) and the normal bot
choose. Where they differ, both moves are played out `--futures` times to the end by
normal bots on the same futures (each a determinization from the mover's view, so
the unknown is sampled as the mover would sample it), and the mover's win shares are
compared. Prints how often they differ and the mean gain in win chance per decision,
with a 95% interval.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from gelateria.core.game import get_game  # noqa: E402
from gelateria.core.session import make_bot  # noqa: E402
from gelateria.core.rng import Rng  # noqa: E402


def positions(game, players: int, count: int, every: int, seed: int):
    """(state, mover) pairs with more than one legal move, from normal-bot games."""
    g = 0
    while True:
        state = game.new(players, seed + g)
        bots = [make_bot(game, "normal") for _ in range(players)]
        rngs = [Rng(seed + g).fork(i) for i in range(players)]
        step = 0
        while not game.is_over(state):
            p = game.to_act(state)[0]
            legal = game.legal_moves(state, p)
            if len(legal) > 1:
                step += 1
                if step % every == 0:
                    yield state, p
                    count -= 1
                    if count == 0:
                        return
            state = game.apply(state, p, bots[p].choose(game.view(state, p), legal, rngs[p]))
        g += 1


def finish(game, state, rng: Rng):
    bots = [make_bot(game, "normal") for _ in range(len(game.scores(state)))]
    while not game.is_over(state):
        p = game.to_act(state)[0]
        state = game.apply(state, p, bots[p].choose(game.view(state, p), game.legal_moves(state, p), rng))
    return state


def share(game, state, player: int) -> float:
    winners = game.winners(state)
    return 1.0 / len(winners) if player in winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--futures", type=int, default=8)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE")
    args = parser.parse_args()
    knobs = {k: json.loads(v) for k, _, v in (pair.partition("=") for pair in args.set)}
    game = get_game(args.game)
    search = importlib.import_module(f"gelateria.games.{game.id}.search")
    hard = search.hard_bot(**knobs)
    gains, differ, think = [], 0, 0.0
    for i, (state, p) in enumerate(positions(game, args.players, args.positions, args.every, args.seed)):
        view, legal = game.view(state, p), game.legal_moves(state, p)
        started = time.perf_counter()
        mine = hard.choose(view, legal, Rng(i))
        think += time.perf_counter() - started
        theirs = make_bot(game, "normal").choose(view, legal, Rng(i))
        if mine == theirs:
            gains.append(0.0)
            continue
        differ += 1
        rng = Rng(10_000 + i)
        gain = 0.0
        for _ in range(args.futures):
            future = search.determinize(view, rng)
            seed = rng.next_u32()
            a = finish(game, game.apply(future, p, mine), Rng(seed))
            b = finish(game, game.apply(future, p, theirs), Rng(seed))
            gain += share(game, a, p) - share(game, b, p)
        gains.append(gain / args.futures)
    n = len(gains)
    mean = sum(gains) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in gains) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    changed = [x for x in gains if x != 0.0] or [0.0]
    print(f"knobs {knobs}: {n} positions, differ in {differ} ({differ / n:.0%}); "
          f"gain per decision {mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}]; "
          f"per changed decision {sum(changed) / len(changed):+.3f}; think {1000 * think / n:.0f} ms")


if __name__ == "__main__":
    main()
