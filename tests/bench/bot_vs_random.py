"""How often a game's bot beats a uniformly random legal player (2 players).

    python tests/bench/bot_vs_random.py gelati --games 500 [--level normal]

Seats alternate every game so neither side always starts. A shared win counts half.
Prints the win rate with a 95% interval and the games per second.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from gelateria.core.session import play  # noqa: E402
from gelateria.core.game import get_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    points = 0.0
    started = time.perf_counter()
    for i in range(args.games):
        bot_seat = i % 2
        levels = ["random", "random"]
        levels[bot_seat] = args.level
        session = play(game, levels, args.seed + i)
        state, _ = session.state, session.record
        winners = game.winners(state)
        if bot_seat in winners:
            points += 1 / len(winners)
    elapsed = time.perf_counter() - started
    rate = points / args.games
    half = 1.96 * math.sqrt(rate * (1 - rate) / args.games)
    print(f"{game.title}: {args.level} bot vs random, {args.games} two-player games")
    print(f"bot win rate {rate:.1%} (95% CI {max(0, rate - half):.1%}–{min(1, rate + half):.1%})")
    print(f"{args.games / elapsed:.1f} games/s ({elapsed:.1f} s)")


if __name__ == "__main__":
    main()
