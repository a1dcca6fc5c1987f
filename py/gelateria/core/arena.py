"""The arena: bot levels play many headless games against each other, seats rotated,
and the results come back as win rates with 95% confidence intervals, average scores
and thinking time per move.

    python -m gelateria arena gelati --seats hard,normal --games 400 --seed 1 [--jobs 2]

Games come in groups of one deal per rotation: with seats (hard, normal, normal), deal
k is played three times, hard sitting first, second and third, so neither the deal
nor the seat order favours a level. Game i of a run is always the same game (its
deal seed and seating depend only on --seed and i), so --jobs changes the speed,
never the figures. A game is played as `python -m gelateria play` plays it (same
bot RNGs), so any one of them can be watched again with its seed and seating.

A shared win counts as a fraction for each winner, so the win shares of all seats add
up to the number of games. Every game is played by core.session; a real-time game's
events come from its planner with the bots' reaction delays included, and their
thinking time per move is not measured.
"""

from __future__ import annotations

import math
import time

from gelateria.core.game import TURNS, get_game
from gelateria.core.i18n import _
from gelateria.core.rng import Rng
from gelateria.core.session import Session, bot_seats, make_bot

Z95 = 1.96


def deal_seed(seed: int, deal: int) -> int:
    return Rng(seed).fork(deal).next_u32() >> 1


def seating(seats: list[str], game_index: int) -> tuple[int, list[str]]:
    """(deal seed index, level per seat) of game `game_index`: each deal is played
    once per rotation of the seats."""
    n = len(seats)
    deal, turn = divmod(game_index, n)
    return deal, [seats[(i - turn) % n] for i in range(n)]


def play_game(game_id: str, levels: list[str], seed: int, options: dict | None = None) -> dict:
    """Play one game; return its levels, scores, winners and per-seat thinking time."""
    game = get_game(game_id)
    session = Session(game, bot_seats(game, levels), seed, options)
    session.timer = time.perf_counter  # turn games: every decision timed
    session.run()
    n = len(levels)
    think = [0.0] * n
    decisions = [0] * n  # moves with more than one legal choice
    decision_think = [0.0] * n
    slowest = [0.0] * n
    for seat, choices, spent in session.decisions:
        think[seat] += spent
        if choices > 1:
            decisions[seat] += 1
            decision_think[seat] += spent
        slowest[seat] = max(slowest[seat], spent)
    moves = [0] * n
    for seat, _ in session.moves:
        moves[seat] += 1
    return {
        "levels": levels,
        "seed": seed,
        "scores": list(game.scores(session.state)),
        "winners": list(game.winners(session.state)),
        "timed": game.type.timing == TURNS,
        "think": think,
        "moves": moves,
        "decisions": decisions,
        "decision_think": decision_think,
        "slowest": slowest,
    }


def _play_indexed(job) -> dict:
    game_id, seats, seed, index, options = job
    deal, levels = seating(seats, index)
    return play_game(game_id, levels, deal_seed(seed, deal), options)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (fractional successes allowed)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high) with a normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def summarize(game_id: str, seats: list[str], seed: int, results: list[dict], elapsed: float) -> dict:
    """Per level: win share, rate and interval, fair share, average score per seat,
    thinking time."""
    game = get_game(game_id)
    n_games = len(results)
    levels = {}
    for level in dict.fromkeys(seats):  # in the order given, each once
        count = seats.count(level)
        wins = 0.0
        seat_scores = []  # per game, the mean score of this level's seats
        think = moves = decision_think = decisions = 0
        slowest = 0.0
        timed = False
        for r in results:
            mine = [i for i, lv in enumerate(r["levels"]) if lv == level]
            wins += sum(1.0 / len(r["winners"]) for i in mine if i in r["winners"])
            seat_scores.append(sum(r["scores"][i] for i in mine) / len(mine))
            think += sum(r["think"][i] for i in mine)
            moves += sum(r["moves"][i] for i in mine)
            decision_think += sum(r["decision_think"][i] for i in mine)
            decisions += sum(r["decisions"][i] for i in mine)
            slowest = max([slowest] + [r["slowest"][i] for i in mine])
            timed = r["timed"]
        low, high = wilson(wins, n_games)
        mean, s_low, s_high = mean_ci(seat_scores)
        levels[level] = {
            "seats": count,
            "wins": round(wins, 3),
            "win_rate": round(wins / n_games, 4) if n_games else 0.0,
            "win_ci": [round(low, 4), round(high, 4)],
            "fair_share": round(count / len(seats), 4),
            "avg_score": round(mean, 3),
            "score_ci": [round(s_low, 3), round(s_high, 3)],
            "moves": moves,
            "ms_per_move": round(1000 * think / moves, 2) if timed and moves else None,
            "ms_per_decision": round(1000 * decision_think / decisions, 2) if timed and decisions else None,
            "max_ms": round(1000 * slowest, 1) if timed else None,
        }
    return {
        "game": game.id,
        "seats": seats,
        "games": n_games,
        "seed": seed,
        "players": len(seats),
        "no_winner": sum(1 for r in results if not r["winners"]),
        "levels": levels,
        "elapsed_s": round(elapsed, 1),
    }


def run(
    game_id: str,
    seats: list[str],
    games: int,
    seed: int = 1,
    jobs: int = 1,
    options: dict | None = None,
    progress=None,
) -> dict:
    """Play `games` games (seats rotated, see module docstring) and summarize them.
    `progress(done, total)` is called as games finish."""
    game = get_game(game_id)
    if not game.min_players <= len(seats) <= game.max_players:
        raise KeyError(_("{game} is for {low}–{high} players, not {count}").format(
            game=_(game.title), low=game.min_players, high=game.max_players, count=len(seats)))
    for level in set(seats):
        make_bot(game, level)  # an unknown level fails before any game is played
    jobs_list = [(game_id, list(seats), seed, i, options) for i in range(games)]
    started = time.perf_counter()
    results = []
    if jobs <= 1:
        for job in jobs_list:
            results.append(_play_indexed(job))
            if progress:
                progress(len(results), games)
    else:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for result in pool.imap(_play_indexed, jobs_list, chunksize=1):
                results.append(result)
                if progress:
                    progress(len(results), games)
    return summarize(game_id, list(seats), seed, results, time.perf_counter() - started)


def report_lines(summary: dict) -> list[str]:
    """The human-readable table printed before the JSON line."""
    game = get_game(summary["game"])
    lines = [
        _("{game} arena: {games} games, {players} players, seats {seats} rotated, seed {seed}, {seconds} s").format(
            game=_(game.title), games=summary["games"], players=summary["players"], seats=",".join(summary["seats"]),
            seed=summary["seed"], seconds=summary["elapsed_s"]),
        # The table's column heads stay as they are: short technical names, in columns.
        f"{'level':8} {'seats':>5} {'wins':>8} {'win rate':>8}  {'95% CI':15} {'fair':>6}  "
        f"{'avg score':>9}  {'95% CI':15} {'ms/move':>8} {'ms/decision':>11} {'max ms':>7}",
    ]

    def ms(x):
        return "n/a" if x is None else f"{x:.1f}"

    for level, s in summary["levels"].items():
        lo, hi = s["win_ci"]
        slo, shi = s["score_ci"]
        lines.append(
            f"{level:8} {s['seats']:>5} {s['wins']:>8.1f} {s['win_rate']:>8.1%}  "
            f"{f'[{lo:.1%}, {hi:.1%}]':15} {s['fair_share']:>6.1%}  {s['avg_score']:>9.2f}  "
            f"{f'[{slo:.2f}, {shi:.2f}]':15} {ms(s['ms_per_move']):>8} {ms(s['ms_per_decision']):>11} "
            f"{ms(s['max_ms']):>7}"
        )
    return lines
