"""It's Mine!: the bot levels measured against a model human (issue 18).

    PYTHONPATH=py python3 tests/bench/itsmine_humans.py [--games 480] [--jobs 2] [--seed 1] [--delays 900,1000]

One model human (bots.ModelHuman: a careful judgement of a pile, bots.HUMAN_JUDGEMENT, with its own
secret favourites, and every reaction exactly its delay after the event it reacts to)
plays against bots of one level, at tables of 3 and of 4, in the simulator with the
pause after a call. Each deal is played once with the human in every seat, and every
line of the table plays the same deals. Prints, per human delay, level and table: the
human's win share (a shared win split between the winners) with its 95 % Wilson
interval, the fair share (one in the number of players), and the average final score
of the human and of the bots.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from gelateria.core.arena import deal_seed, mean_ci, wilson  # noqa: E402
from gelateria.games.itsmine.bots import ModelHuman  # noqa: E402
from gelateria.games.itsmine.sim import simulate  # noqa: E402

DELAYS = (500, 700, 900, 1000)  # a thumb on a phone: 0.9-1.0 s (issue 32)
LEVELS = ("easy", "normal", "hard")
TABLES = (3, 4)


def play(job: tuple) -> tuple:
    """One game: (cell, human's win share, human's score, mean score of the bots)."""
    delay, level, players, game, seed = job
    deal, seat = divmod(game, players)
    state, _ = simulate([level] * players, deal_seed(seed, deal), stand_ins={seat: ModelHuman(delay)})
    best = max(state.totals)
    winners = [p for p, total in enumerate(state.totals) if total == best]
    share = 1 / len(winners) if seat in winners else 0.0
    bots = [total for p, total in enumerate(state.totals) if p != seat]
    return (delay, level, players), share, state.totals[seat], sum(bots) / len(bots)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=480, help="games per line (rounded up to whole rotations)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--delays", type=lambda text: tuple(int(ms) for ms in text.split(",")), default=DELAYS,
                        help="the human's reaction times, ms, comma-separated")
    args = parser.parse_args()
    jobs = []
    for delay in args.delays:
        for level in LEVELS:
            for players in TABLES:
                games = -(-args.games // players) * players
                jobs += [(delay, level, players, game, args.seed) for game in range(games)]
    started = time.perf_counter()
    results: dict = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for cell, share, human, bots in pool.imap_unordered(play, jobs, chunksize=16):
            results.setdefault(cell, []).append((share, human, bots))
    elapsed = time.perf_counter() - started
    print(f"It's Mine!: one model human against bots of one level, seats rotated, seed {args.seed}")
    print(f"{'human':>6} {'level':<7} {'table':>5} {'games':>5} {'win share':>9} {'95% CI':>13} {'fair':>5}"
          f" {'score human':>11} {'bots':>5}")
    for delay in args.delays:
        for level in LEVELS:
            for players in TABLES:
                rows = results[(delay, level, players)]
                n = len(rows)
                wins = sum(share for share, _, _ in rows)
                low, high = wilson(wins, n)
                human = mean_ci([h for _, h, _ in rows])[0]
                bots = mean_ci([b for _, _, b in rows])[0]
                print(f"{delay / 1000:>5.1f}s {level:<7} {players:>5} {n:>5} {wins / n:>9.1%}"
                      f" {low:>6.1%}–{high:<6.1%} {1 / players:>5.0%} {human:>11.1f} {bots:>5.1f}")
    print(f"{len(jobs)} games in {elapsed:.0f} s ({args.jobs} processes)")


if __name__ == "__main__":
    main()
