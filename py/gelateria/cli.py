"""Command line: `python -m gelateria play <game> --seats bot,bot --seed 7 [--option k=v] [--trace]`.

The last line printed by `play` is always the final result as JSON, so scripts can
read it; `--trace` adds one JSON line per move before it. Every game is played by the
same core.session driver; a game's own `games/<id>/cli.py`, when it has one, may add
fields to the result (`result(session)`) and sub-commands (`extend(subparsers)`).
"""

from __future__ import annotations

import argparse
import json
import sys

from gelateria.core.game import all_games, game_module, get_game, seat_limits
from gelateria.core.record import RecordError, decode, replay
from gelateria.core.session import Session, bot_seats

# Seat words on the command line; "bot" means the game's normal bot.
SEAT_ALIASES = {"bot": "normal"}


def _levels(spec: str) -> list[str]:
    return [SEAT_ALIASES.get(w.strip(), w.strip()) for w in spec.split(",") if w.strip()]


def _parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs or []:
        key, _, value = pair.partition("=")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


def _dump(obj) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)


def seat_levels(game, spec: str | None, options: dict) -> list[str]:
    """--seats as bot levels ("hard,normal"), or a number of the game's normal bots
    ("3"); by default the fewest seats the game (with these options) is played by."""
    low, high = seat_limits(game, options)
    spec = (spec or "").strip()
    levels = ["normal"] * int(spec) if spec.isdigit() else _levels(spec) or ["normal"] * low
    if not low <= len(levels) <= high:
        raise KeyError(f"{game.title} is for {low}–{high} players here, not {len(levels)}")
    return levels


def cmd_play(args) -> int:
    game = get_game(args.game)
    options = _parse_options(args.option)
    levels = seat_levels(game, args.seats, options)
    hooks = game_module(game, "cli")

    def trace(seat, move, before, after):
        print(_dump({"mover": seat, "move": move, "say": game.describe(before, seat, move), "state": game.view(after, None)}))

    try:
        session = Session(game, bot_seats(game, levels), args.seed, options)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    session.run(on_move=trace if args.trace else None)
    out = result(game, session.state, args.seed, len(session.moves))
    if hooks is not None and hasattr(hooks, "result"):
        out.update(hooks.result(session))  # what this game's players want to know besides
    print(_dump(out))
    return 0


def result(game, state, seed: int, moves: int) -> dict:
    return {
        "game": game.id,
        "seed": seed,
        "moves": moves,
        "scores": game.scores(state),
        "winners": game.winners(state),
    }


def cmd_replay(args) -> int:
    try:
        record = decode(args.link.split("/")[-1])
        state = replay(record)
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    game = get_game(record.game)
    print(_dump(result(game, state, record.seed, len(record.moves))))
    return 0


def cmd_games(args) -> int:
    for game in all_games().values():
        print(f"{game.id:12} {game.title} ({game.min_players}–{game.max_players} players)")
    return 0


def cmd_arena(args) -> int:
    """Bot levels against each other, seats rotated; the last line is the JSON summary."""
    from gelateria.core import arena

    seats = _levels(args.seats)

    def progress(done, total):
        if done % max(1, total // 20) == 0 or done == total:
            print(f"{done}/{total} games", file=sys.stderr, flush=True)

    summary = arena.run(args.game, seats, args.games, args.seed, args.jobs, _parse_options(args.option),
                        progress if args.progress else None)
    for line in arena.report_lines(summary):
        print(line)
    print(_dump(summary))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m gelateria", description="Gelateria games, headless.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list the games in the box")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", help="play one game with bots and print the result as JSON")
    p.add_argument("game")
    p.add_argument("--seats", help="comma-separated bot levels, e.g. bot,random,hard, or a number of bots")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--trace", action="store_true", help="print one JSON line per move")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("arena", help="bot levels play many games, seats rotated; win rates with 95%% CIs")
    p.add_argument("game")
    p.add_argument("--seats", required=True, help="comma-separated bot levels, e.g. hard,normal")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option")
    p.add_argument("--progress", action="store_true", help="report finished games on stderr")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("replay", help="replay a share link and print the result")
    p.add_argument("link")
    p.set_defaults(func=cmd_replay)

    for game in all_games().values():
        # A game's own cli.py may add sub-commands (e.g. "odds") to `sub`.
        hooks = game_module(game, "cli")
        if hooks is not None and hasattr(hooks, "extend"):
            hooks.extend(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KeyError as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
