"""Command-line hooks for Gelatinous (found by gelateria.cli in this file):

    python -m gelateria play gelatinous --option mode=video --seats 3 --seed 1 [--trace]
    python -m gelateria odds gelatinous --option mode=solitaire --games 100000 [--seed 1] [--exact]

Here --seats is a number of players (for odds: default 1 solitaire, 3 video, 4 multiplayer).
"""

from __future__ import annotations

import json
import sys

from gelateria.games.gelatinous import odds as odds_module
from gelateria.games.gelatinous.rules import GAME, MODES, mode_for

DEFAULT_PLAYERS = {"solitaire": 1, "video": 3, "multi": 4}


def _dump(obj) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)


def result(session) -> dict:
    """What `play gelatinous` adds to the result: the mode and how the game ended."""
    return {"mode": session.state.mode, "outcome": GAME.outcome(session.state)}


def extend(sub) -> None:
    """`python -m gelateria odds gelatinous --option mode=video --seats 3 [--exact]`."""
    p = sub.add_parser("odds", help="exact or simulated odds of Gelatinous")
    p.add_argument("game", choices=["gelatinous"])
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="mode=solitaire|video|multi")
    p.add_argument("--seats", help="number of players (default 1 solitaire, 3 video, 4 multi)")
    p.add_argument("--games", type=int, default=10_000, help="games to simulate")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--exact", action="store_true", help="compute exactly instead (solitaire and video)")
    p.set_defaults(func=odds)


def _mode_and_players(args) -> tuple[str, int]:
    """The mode from --option mode=..., else from the player count."""
    options = dict(pair.partition("=")[::2] for pair in args.option or [])
    mode = options.get("mode")
    seats = str(args.seats).strip() if args.seats is not None else None
    players = int(seats) if seats and seats.isdigit() else len([w for w in seats.split(",") if w.strip()]) if seats else None
    if mode is None:
        mode = "solitaire" if players is None else mode_for(players, None)
    if players is None:
        players = DEFAULT_PLAYERS.get(mode, 1)
    mode_for(players, {"mode": mode})  # validates with a clear message
    return mode, players


def odds(args) -> int:
    try:
        mode, players = _mode_and_players(args)
        if args.exact:
            _print_exact(mode, players)
        else:
            _print_simulation(odds_module.simulate(mode, players, args.games, args.seed))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def _histogram(dist: dict, total: float, width: int = 50) -> list[str]:
    """A text histogram: one line per score, bar scaled to the commonest score. Scores
    rarer than 0.005% of games (the exact tail runs on for ever) are left out."""
    if not dist:
        return []
    top = max(dist.values())
    lines = []
    for score, weight in dist.items():
        share = weight / total
        if share < 0.00005:
            continue
        bar = "#" * round(width * weight / top)
        lines.append(f"{score:>5} | {bar:<{width}} {share:6.2%}")
    return lines


def _print_simulation(r: dict) -> None:
    games = r["games"]
    print(f"Gelatinous {r['mode']}, {r['players']} player(s): {games} simulated games (seed {r['seed']})")
    if r["mode"] == "solitaire":
        print(f"win rate (cube completed): {r['with_winner'] / games:.2%}")
        print(f"lost (out of dice): {r['no_winner'] / games:.2%}")
    else:
        print(f"games with a winner: {r['with_winner'] / games:.2%} (shared: {r['shared'] / games:.2%})")
        nobody = "everyone eaten" if r["mode"] == "multi" else "everyone eliminated"
        print(f"{nobody}: {r['no_winner'] / games:.2%}")
        print("wins by seat: " + ", ".join(f"P{i + 1} {w / games:.1%}" for i, w in enumerate(r["wins_by_seat"])))
    print(f"average rounds: {r['mean_rounds']:.2f}")
    if r["scores"]:
        print(f"winning score: median {r['median_score']}, mean {r['mean_score']:.2f} (rolls - dice in hand; lower is better)")
        print("score distribution of won games (share of all games):")
        for line in _histogram(r["scores"], games):
            print(line)


def _print_exact(mode: str, players: int) -> None:
    start = GAME.new(players, 0, {"mode": mode})
    if mode == "solitaire":
        r = odds_module.solitaire_exact()
        print("Gelatinous solitaire, exact:")
        print(f"win rate (cube completed): {r['win']:.4%}")
        print(f"lost (out of dice): {r['loss']:.4%}")
        print(f"average rolls: {r['mean_rolls']:.3f}")
        print(f"winning score: median {r['median_score']}, mean {r['mean_score']:.3f} (lower is better)")
        print("score distribution of won games (share of all games):")
        for line in _histogram(r["scores"], 1.0):
            print(line)
    elif mode == "video":
        positions = [(h, r, c, t) for h, r, c, t in zip(start.hands, start.reserves, start.cubes, start.tally)]
        r = odds_module.video_exact(positions)
        print(f"Gelatinous by video, {players} players, exact:")
        print(f"games with a winner: {1 - r['nobody']:.4%}")
        print(f"everyone eliminated: {r['nobody']:.4%}")
        print("win alone by seat: " + ", ".join(f"P{i + 1} {p:.3%}" for i, p in enumerate(r["win_alone"])))
        print("shared win by seat: " + ", ".join(f"P{i + 1} {p:.3%}" for i, p in enumerate(r["win_shared"])))
        print(f"average rounds: {r['mean_rounds']:.3f}")
    else:
        raise ValueError("multiplayer odds can only be simulated (dice move between players)")
