"""Command line: `python -m gelateria play <game> --seats bot,bot --seed 7 [--option k=v] [--trace]`.

The last line printed by `play` is always the final result as JSON, so scripts can
read it; `--trace` adds one JSON line per move before it. Every game is played by the
same core.session driver; a game's own `games/<id>/cli.py`, when it has one, may add
fields to the result (`result(session)`) and sub-commands (`extend(subparsers)`).

`--lang en|ja|ko` (anywhere on the line; default from LANGUAGE/LC_ALL/LC_MESSAGES/LANG)
is the language of what people read: the game list, tables, errors, help. JSON is for
scripts and says the same whatever the language (its words, like a trace's "say", are
English).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys

from gelateria.core import i18n
from gelateria.core.game import all_games, game_module, get_game, seat_limits
from gelateria.core.i18n import _
from gelateria.core.record import RecordError, decode
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


@contextlib.contextmanager
def language_free():
    """English while JSON is made, whatever --lang says (then back)."""
    shown = i18n.language()
    i18n.set_language(i18n.DEFAULT)
    try:
        yield
    finally:
        i18n.set_language(shown)


def seat_levels(game, spec: str | None, options: dict) -> list[str]:
    """--seats as bot levels ("hard,normal"), or a number of the game's normal bots
    ("3"); by default the fewest seats the game (with these options) is played by."""
    low, high = seat_limits(game, options)
    spec = (spec or "").strip()
    levels = ["normal"] * int(spec) if spec.isdigit() else _levels(spec) or ["normal"] * low
    if not low <= len(levels) <= high:
        raise KeyError(_("{game} is for {low}–{high} players here, not {count}").format(
            game=_(game.title), low=low, high=high, count=len(levels)))
    return levels


def cmd_play(args) -> int:
    game = get_game(args.game)
    options = _parse_options(args.option)
    levels = seat_levels(game, args.seats, options)
    hooks = game_module(game, "cli")

    def trace(seat, move, before, after):
        with language_free():
            line = _dump({"mover": seat, "move": move, "say": game.describe(before, seat, move), "state": game.view(after, None)})
        print(line)

    try:
        session = Session(game, bot_seats(game, levels), args.seed, options)
    except ValueError as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    session.run(on_move=trace if args.trace else None)
    with language_free():
        out = result(game, session.state, args.seed, len(session.moves))
        if hooks is not None and hasattr(hooks, "result"):
            out.update(hooks.result(session))  # what this game's players want to know besides
        text = _dump(out)
    print(text)
    return 0


def error_line(exc) -> str:
    return _("error: {reason}").format(reason=exc)


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
        state = Session.from_record(record).state
    except RecordError as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    game = get_game(record.game)
    with language_free():
        text = _dump(result(game, state, record.seed, len(record.moves)))
    print(text)
    return 0


def cmd_games(args) -> int:
    for game in all_games().values():
        print(f"{game.id:12} " + _("{game} ({low}–{high} players)").format(
            game=_(game.title), low=game.min_players, high=game.max_players))
    return 0


def cmd_arena(args) -> int:
    """Bot levels against each other, seats rotated; the last line is the JSON summary."""
    from gelateria.core import arena

    seats = _levels(args.seats)

    def progress(done, total):
        if done % max(1, total // 20) == 0 or done == total:
            print(_("{done}/{total} games").format(done=done, total=total), file=sys.stderr, flush=True)

    summary = arena.run(args.game, seats, args.games, args.seed, args.jobs, _parse_options(args.option),
                        progress if args.progress else None)
    for line in arena.report_lines(summary):
        print(line)
    with language_free():
        text = _dump(summary)
    print(text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m gelateria", description=_("Gelateria games, headless."))
    add_lang(parser)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help=_("list the games in the box"))
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", help=_("play one game with bots and print the result as JSON"))
    p.add_argument("game")
    p.add_argument("--seats", help=_("comma-separated bot levels, e.g. bot,random,hard, or a number of bots"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--trace", action="store_true", help=_("print one JSON line per move"))
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help=_("a game option"))
    p.set_defaults(func=cmd_play)

    # (argparse reads "%" in help as a format: 95%% is 95%.)
    p = sub.add_parser("arena", help=_("bot levels play many games, seats rotated; win rates with 95% confidence intervals")
                       .replace("%", "%%"))
    p.add_argument("game")
    p.add_argument("--seats", required=True, help=_("comma-separated bot levels, e.g. hard,normal"))
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help=_("worker processes (default 1)"))
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help=_("a game option"))
    p.add_argument("--progress", action="store_true", help=_("report finished games on stderr"))
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("replay", help=_("replay a share link and print the result"))
    p.add_argument("link")
    p.set_defaults(func=cmd_replay)

    for game in all_games().values():
        # A game's own cli.py may add sub-commands (e.g. "odds") to `sub`.
        hooks = game_module(game, "cli")
        if hooks is not None and hasattr(hooks, "extend"):
            hooks.extend(sub)
    return parser


def add_lang(parser) -> None:
    parser.add_argument("--lang", choices=list(i18n.LANGUAGES), default=None,
                        help=_("the language to write in: en, ja or ko (default: from the environment, as LANG)"))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # --lang first, wherever it is on the line: everything after speaks that language.
    first = argparse.ArgumentParser(prog="python -m gelateria", add_help=False)
    add_lang(first)
    chosen, rest = first.parse_known_args(argv)
    i18n.set_language(chosen.lang or i18n.from_environment())
    parser = build_parser()
    args = parser.parse_args(rest)
    try:
        return args.func(args)
    except KeyError as exc:
        print(error_line(exc.args[0]), file=sys.stderr)
        return 2
