"""The live table, measured (issue 33): three phones over real WebRTC on loopback play a
whole game of Gelati (Ana on the host, Bo and Chiara on their own phones, Dario a bot on
the host), and the script prints:

  codes      the invitation's and the reply's link length (characters) and QR version;
  seated     from opening the invitation to the guest seated, the host taking the reply
             at once (as a paste would): with the app already running, and opened by the
             browser as a camera app opens it (first visit, and return visit);
  move       from a move landing on the host's screen to the same move painted on each
             guest's screen (both pages' clocks read as epoch ms), median and p95;
  messages   the frames each guest received over the game, and their bytes;
  memory     each page's JS heap after the game (Chromium's performance.memory).

    bash scripts/build.sh && .venv/bin/python tests/bench/live.py [--port 8793] [--seed 7]

Timings on a shared machine are noisy: read the medians, run it twice.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")

from playwright.sync_api import sync_playwright  # noqa: E402

from live_pages import BOOT_MS, PHONE, phones, serve  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "tests", "e2e"))
from gelati_turns import open_live_table, play_turns  # noqa: E402


# Each page notes when a log line appears (epoch ms) and what its data channel brought.
WATCH = """() => {
  window.__lines = [];
  window.__frames = [];
  let newest = null;  // (the log shows its newest 60 lines: its first line tells a new one)
  new MutationObserver(() => {
    const line = document.querySelector('[data-log] li');
    const text = line ? line.textContent + document.querySelectorAll('[data-log] li').length : null;
    if (text !== newest) { newest = text; window.__lines.push(performance.timeOrigin + performance.now()); }
  }).observe(document.getElementById('app'), {childList: true, subtree: true, characterData: true});
  const shell = window.gelateriaShell, send = shell.send;
  shell.send = (message) => { if (message.on === 'live-frame') window.__frames.push(message.text.length); return send(message); };
}"""


def qr_version(page, selector: str) -> int:
    """The QR version of a drawn code: its side in modules, less the 4-module margins."""
    side = float(page.locator(f"{selector} svg").get_attribute("viewBox").split()[2])
    return int((side - 8 - 17) / 4)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8793)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    server, url = serve(args.port)
    with sync_playwright() as pw:
        browser, pages = phones(pw, url, 3)
        host, bo, chiara = pages
        host.goto(url + "#/gelati")
        open_live_table(host, args.seed)
        host.wait_for_selector("[data-lobby-seat='2'] [data-qr] svg")

        sizes, seated = [], []
        for seat, guest in ((1, bo), (2, chiara)):
            invite = host.locator(f"[data-lobby-seat='{seat}'] [data-invite]").get_attribute("data-invite")
            sizes.append(("invitation", len(invite), qr_version(host, f"[data-lobby-seat='{seat}'] [data-qr]")))
            began = time.perf_counter()
            guest.goto(invite)
            guest.wait_for_selector("[data-qr] svg")
            reply = guest.locator("[data-reply]").get_attribute("data-reply")
            sizes.append(("reply", len(reply), qr_version(guest, "[data-qr]")))
            host.fill("#reply-field", reply)
            host.locator("[data-action='take-reply']").click()
            guest.wait_for_selector("[data-live-status='seated']")
            seated.append(time.perf_counter() - began)
        # A friend scans an invitation with the phone's camera app: the browser opens the
        # link with the app not yet running, on a first visit (nothing cached) and on a
        # return visit (the site cached by its service worker). Timed to "You are watching".
        stranger = browser.new_context(**PHONE)
        cold = {}
        for visit in ("first visit", "return visit"):
            host.locator("[data-action='watch-invite']").click()
            invite = host.locator("[data-lobby-seat='watch'] [data-invite]")
            invite.wait_for()
            link = invite.get_attribute("data-invite")
            page = stranger.new_page()
            began = time.perf_counter()
            page.goto(link)
            page.wait_for_selector("[data-reply]", timeout=BOOT_MS)
            host.fill("#reply-field", page.locator("[data-reply]").get_attribute("data-reply"))
            host.locator("[data-action='take-reply']").click()
            page.wait_for_selector("[data-live-status='seated']")
            cold[visit] = time.perf_counter() - began
            if visit == "first visit":
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_MS)
            page.close()  # (the watcher leaves: the next one is invited afresh)
            host.wait_for_selector("[data-action='watch-invite']")
        stranger.close()

        for page in pages:
            page.evaluate(WATCH)
        host.locator("[data-action='lobby-start']").click()

        turns = play_turns(host, {0: host, 1: bo, 2: chiara})
        for page in (bo, chiara):
            page.wait_for_selector("[data-end]")

        host_lines = host.evaluate("window.__lines")
        print(f"live table, Gelati, 4 seats (host, 2 phones, a bot), seed {args.seed}: {turns} human turns")
        for kind, chars, version in sizes:
            print(f"  {kind:<11} {chars} characters, QR version {version}")
        print(f"  seated      {statistics.median(seated) * 1000:.0f} ms median from opening the invitation, app running "
              f"({', '.join(f'{s * 1000:.0f}' for s in seated)})")
        for visit, seconds in cold.items():
            print(f"  seated      {seconds * 1000:.0f} ms from the invitation opened in the browser, {visit} (app not running)")
        for name, page in (("Bo", bo), ("Chiara", chiara)):
            lines = page.evaluate("window.__lines")
            gaps = [lines[i] - host_lines[i] for i in range(1, min(len(lines), len(host_lines)))]
            frames = page.evaluate("window.__frames")
            memory = page.evaluate("performance.memory ? performance.memory.usedJSHeapSize : 0")
            print(f"  {name:<7} move host->paint median {statistics.median(gaps):.0f} ms, p95 {percentile(gaps, .95):.0f} ms "
                  f"over {len(gaps)} moves; {len(frames)} frames, {sum(frames) / 1024:.0f} KiB; JS heap {memory / 2**20:.1f} MiB")
        print(f"  host    JS heap {host.evaluate('performance.memory.usedJSHeapSize') / 2**20:.1f} MiB")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
