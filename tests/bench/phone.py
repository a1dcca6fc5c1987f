"""The box opened as the friend opens it (issue 35): a shared link, on a mid-range phone.

Chromium at 390x844 with touch, its CPU slowed 4x, on one of two networks:
  phone    9 Mbit/s down, 60 ms latency (a phone on ordinary 4G or Wi-Fi)
  slow4g   1.6 Mbit/s down, 150 ms latency (Lighthouse's mobile throttling)
and the site served gzip as GitHub Pages serves it (scripts/serve.py), the copy that
`build.py --out` publishes. For a link of each game where the receiver is to move,
cold (a new profile: a first visit) and warm (the same profile again, its service
worker in control and the interpreter's snapshot stored, as after a first visit of a
few seconds: static/pyodide-snapshot.mjs), the medians over the rounds of:
  paint     first contentful paint;
  on screen the game's table in the page (the pre-rendered page or Python's);
  ready     the app is Python's (body[data-ready]);
  seated    the receiver's seat taken: tapped as soon as the app offers it;
  playable  the receiver's first tap answered: a tile (Gelati: its spaces light up), a
            space (Genial: the second half's spaces light up), Roll, or Flip, tapped as
            soon as it is there.
The taps come from a script in the page (TAPS), the moment each control is there: a
Playwright click at 4x CPU waits ~250 ms for its own checks (the element stable over two
frames, hit tests, the round trip to this process), time that is the harness's, not the
app's. Nor does the bench wait with Playwright's wait_for_function while a visit is
timed: it first puts Playwright's own 330 KB script into the page, 60-80 ms of the page's
main thread at 4x in the middle of its start (conftest.wait_in_page asks instead).
The warm visit is the only tab: the tab that waited for the service worker is
closed first (left open, it was still starting Python beside the visit).
All times are ms from the navigation's start, read by the page.

    bash scripts/build.sh && .venv/bin/python tests/bench/phone.py [--rounds 5] [--profiles phone,slow4g]

The CPU is slowed on the page's main thread (CDP Emulation.setCPUThrottlingRate) and on
its workers, Python's included (each attached as it starts). Timings on a shared machine
are noisy: read the medians, and the load average printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import build  # noqa: E402
from conftest import BOOT_TIMEOUT_MS, CHROMIUM_ARGS, Site, browser_path, snapshot_outcome, wait_in_page  # noqa: E402
from test_gelati import midgame_link as gelati_link  # noqa: E402
from test_gelatinous_phone import MOVES as GELATINOUS_MOVES  # noqa: E402
from test_gelatinous_phone import midgame_link as gelatinous_link  # noqa: E402
from test_genial import game_link, placement  # noqa: E402
from test_itsmine_phone import MID as ITSMINE_MID  # noqa: E402
from test_itsmine_phone import midround_link as itsmine_link  # noqa: E402

PROFILES = {"phone": (9_000_000, 60), "slow4g": (1_600_000, 150)}  # bits/s down, ms latency
CPU_SLOWDOWN = 4
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}

# When each moment came (performance.now(), ms from the navigation's start).
OBSERVE = """(() => {
  const b = window.__phone = {paint: null, screen: null, ready: null};
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') b.paint = e.startTime; })
    .observe({type: 'paint', buffered: true});
  const look = () => {
    if (b.screen === null && document.querySelector('[data-game][data-phase]')) b.screen = performance.now();
    if (b.ready === null && document.body && document.body.dataset.ready === '1') b.ready = performance.now();
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true});
})()"""


def links() -> dict[str, tuple[str, str, str]]:
    """Each game's link with the receiver (seat 0) to move: the route, what their first
    tap goes to, and a value in the page that the tap's answer changes."""
    genial, state = game_link(2, 7, 10)
    a, _b = placement(state, 0, golden=0)
    return {
        # another tile in hand: it is the chosen one, its spaces lit
        "gelati": ("#/gelati/game/" + gelati_link(), "[data-hand-list] button[aria-pressed='false']",
                   "document.querySelector(\"[data-hand-list] button[aria-pressed='true']\")?.dataset.hand ?? ''"),
        # a space: the second half's spaces light up
        "genial": ("#/genial/game/" + genial, f"polygon[data-cell='{a[0]},{a[1]}']",
                   "document.querySelectorAll(\"[data-move-bar='second']\").length"),
        # Roll: the dice tumble in the next round
        "gelatinous": (gelatinous_link(), "[data-board] [data-action='roll']",
                       f"document.querySelectorAll(\"[data-board][data-round='{GELATINOUS_MOVES + 1}']\").length"),
        # Flip: the log says the receiver flipped. One move before the e2e tests' link,
        # which ends on a grab: the grab's pause (1 s from the grab, a rule, so that
        # everyone sees it) would be the game's wait, not the app's start.
        "itsmine": (itsmine_link(ITSMINE_MID - 1), "[data-game='itsmine'] [data-action='flip']:not([data-paused])",
                    "[...document.querySelectorAll('[data-log] li')].filter(li => li.textContent.startsWith('Ana flipped')).length"),
    }


def slow_down(context, page, network: tuple[int, int]) -> None:
    """The page's network and CPU as the profile's, and the CPU of every worker it starts
    (Python's runs in one): each is held at its start, slowed, then let run."""
    bits, latency = network
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency,
                                                  "downloadThroughput": bits / 8, "uploadThroughput": bits / 8})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    numbers = iter(range(1, 1 << 30))

    def attached(event):
        for method, params in (("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN}),
                               ("Runtime.runIfWaitingForDebugger", {})):
            message = json.dumps({"id": next(numbers), "method": method, "params": params})
            cdp.send("Target.sendMessageToTarget", {"sessionId": event["sessionId"], "message": message})

    cdp.on("Target.attachedToTarget", attached)
    cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})


# The receiver's taps, from the page: once the app is Python's, seat 0 is taken the moment
# it is offered, then the first tap goes to `tap` the moment it is there (a click event:
# Genial's space may lie under the side panel, and the app's answer is timed, not the
# panning); `value` (a JS expression) changing is the answer.
TAPS = """(([tap, value]) => {
  const t = window.__taps = {seated: null, playable: null};
  const seat = "[data-chooser] [data-action='take-seat'][data-seat='0']";
  let seatTapped = false, before;
  const click = (element) => element.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  const look = () => {
    if (t.playable !== null || !document.body || document.body.dataset.ready !== '1') return;
    if (t.seated === null) {
      const chooser = document.querySelector('[data-chooser]');
      if (chooser && !seatTapped) { const button = document.querySelector(seat); if (button) { seatTapped = true; click(button); } }
      if (chooser || !seatTapped) return;
      t.seated = performance.now();
    }
    if (before === undefined) {
      const target = document.querySelector(tap);
      if (!target) return;
      before = eval(value);
      click(target);
    }
    if (eval(value) !== before) t.playable = performance.now();
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true});
})"""


def visit(context, url: str, tap: str, value: str, network: tuple[int, int]) -> dict:
    """The link opened in a new page of `context`; its moments (OBSERVE), and when the
    receiver's seat was taken and their first tap answered (TAPS)."""
    page = context.new_page()
    slow_down(context, page, network)
    page.add_init_script(f"{TAPS}({json.dumps([tap, value])})")
    page.goto(url, wait_until="commit", timeout=120_000)
    wait_in_page(page, "window.__taps && window.__taps.playable !== null", BOOT_TIMEOUT_MS * 4, every_ms=250)
    found = page.evaluate("""() => ({...window.__phone, ...window.__taps,
        marks: Object.fromEntries(performance.getEntriesByType('mark').map(e => [e.name, e.startTime])),
        files: performance.getEntriesByType('resource').map(e => [e.name.split('/').pop(), e.transferSize, e.decodedBodySize])})""")
    page.close()
    return found


# The wait, split at moments the page and Python's worker mark (static/pyodide-progress.mjs,
# gelateria.web.app): each row runs from the row before it to its own moment.
BREAKDOWN = [
    ("page, PyScript, Python's worker started", "pyodide:loading"),
    ("Pyodide's wasm downloaded", "downloaded:pyodide.asm.wasm"),
    ("wasm compiled after its last byte", "wasm:instantiated"),
    ("interpreter, stdlib, wheel installed", "pyodide:loaded"),
    ("PyScript's setup, the app's imports", "gelateria:imported"),
    ("first render (Python)", "gelateria:rendered"),
    ("drawn by the page: ready", "ready"),
    ("seat taken", "seated"),
    ("first tap answered", "playable"),
]


def moments(found: dict) -> list[float]:
    """The breakdown's rows for one visit (ms); a moment that came before the row above
    (the wasm downloaded while the page was still starting) counts 0."""
    at = {**found["marks"], "ready": found["ready"], "seated": found["seated"], "playable": found["playable"]}
    rows, previous = [], 0.0
    for _label, name in BREAKDOWN:
        moment = at.get(name)
        if moment is None:
            rows.append(0.0)
            continue
        rows.append(max(0.0, moment - previous))
        previous = max(previous, moment)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profiles", default="phone,slow4g")
    parser.add_argument("--games", default="gelati,genial,gelatinous,itsmine")
    parser.add_argument("--site", type=Path, help="a site `build.py --out` exported before (another commit's, for a "
                                                  "before and after); default: this checkout's, exported now")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print("load average at start: %.1f %.1f %.1f (1, 5, 15 min; on 2 cores)" % os.getloadavg(), flush=True)
    work = Path(tempfile.mkdtemp(prefix="gelateria-phone-"))
    if args.site is None:
        text = (ROOT / "sw-manifest.js").read_text()
        build.export(work, json.loads(text[text.index("{"):text.rindex("}") + 1]))
    site = Site(root=args.site or work)
    games = {game: link for game, link in links().items() if game in args.games.split(",")}
    results: dict[tuple, list[dict]] = {}
    try:
        with sync_playwright() as pw:
            for round_no in range(args.rounds):
                for name in args.profiles.split(","):
                    for game, (route, tap, count) in games.items():
                        folder = tempfile.mkdtemp(prefix="gelateria-profile-")
                        context = pw.chromium.launch_persistent_context(
                            folder, executable_path=browser_path(), args=CHROMIUM_ARGS, **PHONE)
                        context.add_init_script(OBSERVE)
                        try:
                            cold = visit(context, site.url + route, tap, count, PROFILES[name])
                            page = context.pages[0] if context.pages else context.new_page()
                            page.goto(site.url + "#/e2e-between-tests")
                            page.evaluate("() => { navigator.serviceWorker.ready.then(() => { window.__active = true; }); }")
                            page.wait_for_function("window.__active === true", timeout=BOOT_TIMEOUT_MS)
                            if not page.evaluate("navigator.serviceWorker.controller !== null"):
                                page.reload()  # (opened while the worker was taking over: not among the pages it claimed)
                            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
                            page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
                            # (the interpreter snapshot a first visit that lasts a few seconds leaves)
                            outcome = snapshot_outcome(page)
                            if outcome.startswith("not stored"):
                                raise RuntimeError(f"no interpreter snapshot: {outcome}")
                            page.evaluate("localStorage.clear()")  # (the link opens as it did: no saved game)
                            page.close()
                            warm = visit(context, site.url + route, tap, count, PROFILES[name])
                        finally:
                            context.close()
                            shutil.rmtree(folder, ignore_errors=True)
                        results.setdefault((name, game, "cold"), []).append(cold)
                        results.setdefault((name, game, "warm"), []).append(warm)
                        print(f"round {round_no + 1} {name} {game}: playable cold {cold['playable']:,.0f} ms, "
                              f"warm {warm['playable']:,.0f} ms", flush=True)
    finally:
        site.close()
        shutil.rmtree(work, ignore_errors=True)

    print(f"\nA shared link on a phone (390x844, CPU {CPU_SLOWDOWN}x slower), median of {args.rounds} rounds, "
          "ms from navigation start")
    columns = (("paint", 9), ("screen", 11), ("ready", 9), ("seated", 9), ("playable", 10))
    print(f"  {'':26}{'paint':>9}{'on screen':>11}{'ready':>9}{'seated':>9}{'playable':>10}")
    summary = {}
    for (name, game, mode), runs in sorted(results.items()):
        med = {k: statistics.median(r[k] for r in runs if r[k] is not None) for k, _ in columns}
        summary[f"{name}_{game}_{mode}"] = {k: round(v) for k, v in med.items()}
        print(f"  {name + ' ' + game + ' ' + mode:26}" + "".join(f"{med[k]:>{w},.0f}" for k, w in columns))
    print(f"\nWhere the time goes (median ms of each row, {args.rounds} rounds; rows add up to playable)")
    keys = sorted(results)
    for first in range(0, len(keys), 4):
        group = keys[first:first + 4]
        print(f"  {'':42}" + "".join(f"{' '.join(k):>26}" for k in group))
        rows = {k: [statistics.median(col) for col in zip(*(moments(r) for r in results[k]))] for k in group}
        for i, (label, _name) in enumerate(BREAKDOWN):
            print(f"  {label:42}" + "".join(f"{rows[k][i]:>26,.0f}" for k in group))
    print("\nA first visit's files the page fetched (its worker's few small ones aside), bytes as sent (gzip) and as used, the first round's cold visits:")
    sent: dict[str, tuple[int, int]] = {}
    for (name, _game, mode), runs in results.items():
        if mode == "cold":
            for file, transfer, size in runs[0]["files"]:
                sent[file] = max(sent.get(file, (0, 0)), (transfer, size))
    for file, (transfer, size) in sorted(sent.items(), key=lambda kv: -kv[1][0]):
        print(f"  {file:44}{transfer:>12,}{size:>12,}")
    print(f"  {'total':44}{sum(t for t, _ in sent.values()):>12,}{sum(s for _, s in sent.values()):>12,}")
    print("load average at the end: %.1f %.1f %.1f" % os.getloadavg())
    print(json.dumps({"phone": summary}))


if __name__ == "__main__":
    main()
