"""Command-line hooks for Gelatinous (found by gelateria.cli in this file):

    python -m gelateria play gelatinous --option mode=video --seats 3 --seed 1 [--trace]
    python -m gelateria odds gelatinous --option mode=solitaire --games 100000 [--seed 1] [--exact]

Here --seats is a number of players (for odds: default 1 solitaire, 3 video, 4 multiplayer).
"""

from __future__ import annotations

import json
import sys

from gelateria.core.i18n import _, ngettext, number, percent
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
        print(_("error: {message}").format(message=exc), file=sys.stderr)
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
        lines.append(f"{score:>5} | {bar:<{width}} {percent(share, 2):>6}")
    return lines


def _seats(shares) -> str:
    return ", ".join(_("P{number} {share}").format(number=i + 1, share=share) for i, share in enumerate(shares))


def _print_simulation(r: dict) -> None:
    games = r["games"]
    print(ngettext("Gelatinous {mode}, {players} player: {games} simulated games (seed {seed})",
                   "Gelatinous {mode}, {players} players: {games} simulated games (seed {seed})", r["players"]).format(
        mode=r["mode"], players=r["players"], games=games, seed=r["seed"]))
    if r["mode"] == "solitaire":
        print(_("win rate (cube completed): {share}").format(share=percent(r["with_winner"] / games, 2)))
        print(_("lost (out of dice): {share}").format(share=percent(r["no_winner"] / games, 2)))
    else:
        print(_("games with a winner: {share} (shared: {shared})").format(
            share=percent(r["with_winner"] / games, 2), shared=percent(r["shared"] / games, 2)))
        nobody = _("everyone eaten: {share}") if r["mode"] == "multi" else _("everyone eliminated: {share}")
        print(nobody.format(share=percent(r["no_winner"] / games, 2)))
        print(_("wins by seat: {seats}").format(seats=_seats(percent(w / games, 1) for w in r["wins_by_seat"])))
    print(_("average rounds: {rounds}").format(rounds=number(r["mean_rounds"], 2)))
    if r["scores"]:
        print(_("winning score: median {median}, mean {mean} (rolls - dice in hand; lower is better)").format(
            median=r["median_score"], mean=number(r["mean_score"], 2)))
        print(_("score distribution of won games (share of all games):"))
        for line in _histogram(r["scores"], games):
            print(line)


def _print_exact(mode: str, players: int) -> None:
    start = GAME.new(players, 0, {"mode": mode})
    if mode == "solitaire":
        r = odds_module.solitaire_exact()
        print(_("Gelatinous solitaire, exact:"))
        print(_("win rate (cube completed): {share}").format(share=percent(r["win"], 4)))
        print(_("lost (out of dice): {share}").format(share=percent(r["loss"], 4)))
        print(_("average rolls: {rolls}").format(rolls=number(r["mean_rolls"], 3)))
        print(_("winning score: median {median}, mean {mean} (lower is better)").format(
            median=r["median_score"], mean=number(r["mean_score"], 3)))
        print(_("score distribution of won games (share of all games):"))
        for line in _histogram(r["scores"], 1.0):
            print(line)
    elif mode == "video":
        positions = [(h, r, c, t) for h, r, c, t in zip(start.hands, start.reserves, start.cubes, start.tally)]
        r = odds_module.video_exact(positions)
        print(_("Gelatinous by video, {players} players, exact:").format(players=players))
        print(_("games with a winner: {share}").format(share=percent(1 - r["nobody"], 4)))
        print(_("everyone eliminated: {share}").format(share=percent(r["nobody"], 4)))
        print(_("win alone by seat: {seats}").format(seats=_seats(percent(p, 3) for p in r["win_alone"])))
        print(_("shared win by seat: {seats}").format(seats=_seats(percent(p, 3) for p in r["win_shared"])))
        print(_("average rounds: {rounds}").format(rounds=number(r["mean_rounds"], 3)))
    else:
        raise ValueError(_("multiplayer odds can only be simulated (dice move between players)"))
