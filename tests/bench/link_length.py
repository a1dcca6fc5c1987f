"""How long are share links? Plays finished games with bots and prints the length of
the "this game" link (the record with every move), per game and player count.

    PYTHONPATH=py python3 tests/bench/link_length.py [--games 20]

Aim: under 2,000 characters for a finished 4-player game, so links survive chat apps.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from gelateria.core.session import play  # noqa: E402
from gelateria.core.game import all_games  # noqa: E402
from gelateria.core.record import Record, Seat, encode  # noqa: E402

# A realistic address prefix: the link is this plus "#/<game>/game/<code>".
PREFIX = "https://example.github.io/gelateria/"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    games = all_games()
    # (game, players, options): Gelatinous at 6 is multiplayer, its longest links.
    for game_id, players, options in (("gelati", 4, {}), ("gelati", 2, {}), ("genial", 4, {}), ("genial", 2, {}),
                                      ("gelatinous", 6, {"mode": "multi"})):
        if game_id not in games:
            print(f"{game_id}: not in the box yet")
            continue
        game = games[game_id]
        lengths, moves = [], []
        for seed in range(1, args.games + 1):
            session = play(game, ["normal"] * players, seed, options)
            _, record = session.state, session.record
            named = Record(game_id, [Seat("human" if i == 0 else "bot", f"Player {i + 1}", "" if i == 0 else "normal")
                                     for i in range(players)], seed, options, record.moves)
            lengths.append(len(PREFIX) + len(f"#/{game_id}/game/") + len(encode(named)))
            moves.append(len(record.moves))
        print(f"{game.title} {players}p: finished-game link median {statistics.median(lengths):.0f} chars, "
              f"max {max(lengths)} ({statistics.median(moves):.0f} moves median, {args.games} games)")


if __name__ == "__main__":
    main()
