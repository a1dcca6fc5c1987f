"""Fairness of grabs at a live It's Mine! table (issue 34), on a simulated network: Ana
grabs a pile on the host's screen and Bo on his phone, one of them first by a lead of
20, 60 or 120 ms in true time; Bo's phone is 0, 50, 100 or 200 ms away each way, give
or take a jitter. The script prints the share of contests the truly first player won,
with the host dating phones' moves back by half their measured round trip (as it does),
and without (each move timed when it arrives), over CONTESTS contests per cell and both
orders (Bo first, Ana first).

    .venv/bin/python tests/bench/fairness.py [--jitter 10] [--contests 20]

The network is core/wire.py's Links over a fake clock (tests/unit/test_live_timing.py):
what it measures is the host's rule, not a browser's data channel.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "unit"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from test_live_timing import Table, contest  # noqa: E402

DELAYS = (0, 50, 100, 200)
LEADS = (20, 60, 120)


def share(delay: float, lead: float, contests: int, jitter: float, corrected: bool) -> float:
    won = 0
    for n in range(contests):
        for bo_first in (True, False):
            table = Table(delay, seed=n, jitter=jitter)
            if not corrected:
                table.host.phones["phone1"].rtt = None  # (no lead: a move is timed when it arrives)
            taker = contest(table, lead if bo_first else -lead)
            won += taker == (1 if bo_first else 0)
    return won / (2 * contests)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jitter", type=float, default=10.0, help="ms either way, per frame")
    parser.add_argument("--contests", type=int, default=20)
    args = parser.parse_args()
    print(f"share of contests won by the truly first player ({args.contests} each way, jitter ±{args.jitter:g} ms)")
    print(f"{'one-way delay':>14} | " + " | ".join(f"lead {lead:>3} ms  (uncorrected)" for lead in LEADS))
    for delay in DELAYS:
        cells = []
        for lead in LEADS:
            fair = share(delay, lead, args.contests, args.jitter, True)
            raw = share(delay, lead, args.contests, args.jitter, False)
            cells.append(f"{fair:>6.0%}  ({raw:>6.0%})      ")
        print(f"{delay:>11} ms | " + " | ".join(cells))


if __name__ == "__main__":
    main()
