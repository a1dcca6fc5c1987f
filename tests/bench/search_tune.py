"""Try search-bot settings against the normal bot without touching the code:

    python tests/bench/search_tune.py gelati --games 40 --set iterations=150 --set rollout_moves=8

Registers a level "try" = the game's hard bot with those knobs, then runs the arena
with seats try,normal (or --seats). Prints the arena table and JSON line.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from gelateria.core import arena  # noqa: E402
from gelateria.core.game import BotLevel, get_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seats", default="try,normal")
    parser.add_argument("--set", action="append", default=[], metavar="KNOB=VALUE")
    parser.add_argument("--module", action="append", default=[], metavar="NAME=VALUE",
                        help="set a constant of the game's search module (e.g. PARTS_WEIGHT=2)")
    args = parser.parse_args()
    knobs, knobs_shown = {}, {}
    for pair in args.set:
        key, _, value = pair.partition("=")
        knobs[key] = json.loads(value)
    game = get_game(args.game)
    search = importlib.import_module(f"gelateria.games.{game.id}.search")
    for pair in args.module:
        name, _, value = pair.partition("=")
        setattr(search, name, json.loads(value))
        knobs_shown[name] = json.loads(value)
XX
    summary = arena.run(game.id, args.seats.split(","), args.games, args.seed, args.jobs)
    print("knobs", knobs, knobs_shown)
    for line in arena.report_lines(summary):
        print(line)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
