"""Fit Gelati's win model (gelati/search.py WIN_MODEL) from games between normal bots.

    python tests/bench/gelati_eval_fit.py --players 2 --games 300

At the start of every turn, for each player: the gap to the best other player in
score + parts weighed against orders (search.position_values), that gap times the
game's progress (how far the stack has run down), who moves (+1 me, -1 that rival,
0 someone else), and whether that player went on to win (a tie counts as a share).
Logistic regression by Newton's method; prints the four coefficients in WIN_MODEL's
order and the log-loss next to a constant guess's.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from gelateria.core.rng import Rng  # noqa: E402
from gelateria.games.gelati.bots import HeuristicBot  # noqa: E402
from gelateria.games.gelati.rules import GAME  # noqa: E402
from gelateria.games.gelati.search import position_values, progress  # noqa: E402


def samples(players: int, games: int):
    for g in range(games):
        state = GAME.new(players, 10_000 + g)
        bots = [HeuristicBot() for _ in range(players)]
        rngs = [Rng(7 * g + i) for i in range(players)]
        turns = []
        while not GAME.is_over(state):
            p = state.turn
            if state.phase == "place":
                turns.append((position_values(state), len(state.stack), p))
            legal = GAME.legal_moves(state, p)
            state = GAME.apply(state, p, bots[p].choose(GAME.view(state, p), legal, rngs[p]))
        winners = GAME.winners(state)
        for values, stack, turn in turns:
            done = progress(players, stack)
            for p in range(players):
                rival = max((q for q in range(players) if q != p), key=values.__getitem__)
                gap = values[p] - values[rival]
                to_move = 1.0 if turn == p else -1.0 if turn == rival else 0.0
                won = 1.0 / len(winners) if p in winners else 0.0
                yield [gap, gap * done, to_move, 1.0], won


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is 4 x 4)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data, steps: int = 25) -> tuple[list[float], float]:
    k = len(data[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[1e-6 * (i == j) for j in range(k)] for i in range(k)]
        for x, y in data:
            p = 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x))))
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        w = [wi - 0.7 * si for wi, si in zip(w, solve(hess, grad))]
    loss = 0.0
    for x, y in data:
        p = min(1 - 1e-9, max(1e-9, 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x))))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return w, loss / len(data)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    data = list(samples(args.players, args.games))
    w, loss = fit(data)
    base = sum(y for _, y in data) / len(data)
    coin = -(base * math.log(base) + (1 - base) * math.log(1 - base))
    print(f"{len(data)} samples; log-loss {loss:.4f} (constant guess {coin:.4f})")
    print("WIN_MODEL[%d] = (%s)" % (args.players, ", ".join(f"{x:.3f}" for x in w)))


if __name__ == "__main__":
    main()
