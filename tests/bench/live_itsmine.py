"""It's Mine! at a live table over real WebRTC on loopback (issue 34): the host (Ana),
Bo's phone with its data channel made DELAY ms longer each way (the script wraps the
channel's send and its messages in a timer), and Chiara's phone. Contests are scripted
in true time: both pages click "It's mine!" on the same freshly flipped pile at agreed
moments of the machine's one clock, Bo `lead` ms before Ana or after her. The script
prints the share of contests the truly first player won (the host dates Bo's moves when
he made them, read on his phone's clock by his quickest pongs), how much later than the
delay Bo's grab reached the host's page (busy pages), and each guest's flip-to-paint
latency (a flip on the host screen until the card is drawn on the guest's).

    bash scripts/build.sh && .venv/bin/python tests/bench/live_itsmine.py [--delay 100] [--lead 60] [--contests 20]

Timings on a shared machine are noisy: read the medians, run it twice.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "py"))

from playwright.sync_api import sync_playwright  # noqa: E402

from live_pages import phones, serve  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "tests", "e2e"))
from itsmine_live import FAR, STAMPS, WATCH_FLIPS, next_contest, open_table  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8796)
    parser.add_argument("--delay", type=int, default=100)
    parser.add_argument("--lead", type=int, default=60)
    parser.add_argument("--contests", type=int, default=20)
    parser.add_argument("--verbose", action="store_true", help="each contest, and what the loser was told")
    args = parser.parse_args()
    server, url = serve(args.port)
    with sync_playwright() as pw:
        browser, pages = phones(pw, url, 3)
        host, bo, chiara = pages
        bo.evaluate(FAR, args.delay)
        host.goto(url + "#/itsmine")
        host.evaluate(STAMPS)
        open_table(host, {1: bo, 2: chiara}, ["Ana", "Bo", "Chiara"])
        for page in pages:
            page.evaluate(WATCH_FLIPS)
        host.locator("[data-action='lobby-start']").click()
        host.wait_for_timeout(3000)  # (pings: Bo's round trip is measured before the first contest)

        by_seat = {0: host, 1: bo, 2: chiara}
        won = tried = 0
        leads = []  # how far apart the two clicks truly came, ms
        late = []  # how much later than the delay Bo's grab reached the host's page (busy pages), ms
        while tried < args.contests and not host.locator("[data-phase='over']").count():
            contest = next_contest(host, bo, by_seat, args.lead)
            if contest is None or contest.took is None:
                continue
            bo_first, took, truly = contest.bo_first, contest.took, contest.truly
            late.append(contest.slower + contest.held)
            tried += 1
            leads.append(truly)
            scripted_first = 1 if bo_first else 0
            truly_first = scripted_first if truly > 0 else 1 - scripted_first  # (a busy page's timer fires late)
            won += took == truly_first
            if args.verbose:
                said = [t for page in (host, bo) for t in page.locator("text=/ms faster/").all_inner_texts()]
                print(f"  contest {tried}: {'Bo' if bo_first else 'Ana'} first by {truly:.0f} ms, {['Ana', 'Bo'][took]} took it; {said}")
        print(f"live It's Mine!, Bo's phone {args.delay} ms further away each way, the first grab {args.lead} ms ahead:")
        print(f"  the truly first player won {won} of {tried} contests ({won / max(1, tried):.0%}); "
              f"the clicks came {statistics.median(leads) if leads else 0:.0f} ms apart and Bo's grab went "
              f"{statistics.median(late) if late else 0:.0f} ms slower than the delay (medians)")
        for name, page in (("Bo", bo), ("Chiara", chiara)):
            painted = page.evaluate("window.__painted")
            host_painted = host.evaluate("window.__painted")
            gaps = []  # (the k-th change of a pile on the host and on the guest are the same event)
            for part in {p for p, _t in host_painted}:
                here = [t for p, t in host_painted if p == part]
                there = [t for p, t in painted if p == part]
                gaps += [b - a for a, b in zip(here, there)]
            if gaps:
                gaps.sort()
                print(f"  {name:<7} pile painted after the host's: median {statistics.median(gaps):.0f} ms, "
                      f"p95 {gaps[min(len(gaps) - 1, int(.95 * len(gaps)))]:.0f} ms over {len(gaps)} changes")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
