"""Click to a playable "Try it" board: for every example on every rules page, the time
from the click on Try it to the first frame painted with the practice board, beside
the same page's click on "Play <game>" to its new-game panel (the baseline).

    python tests/bench/try_it.py [--rounds 5] [--games gelati,genial]

Needs the built site (scripts/build.sh) and Chromium (GELATERIA_BROWSER or on PATH).
Prints per game and size: examples, median and worst ms, and the ratio to the baseline.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

from serve import make_server  # noqa: E402

SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
         "desktop": {"viewport": {"width": 1366, "height": 768}}}
# Click, then wait for `want` to be in the page and one frame to be painted after it.
CLICK_TO_PAINT = """async ([click, want]) => {
  const t0 = performance.now();
  document.querySelector(click).click();
  await new Promise(done => {
    if (document.querySelector(want)) return done();
    new MutationObserver((_, seen) => { if (document.querySelector(want)) { seen.disconnect(); done(); } })
      .observe(document.body, {subtree: true, childList: true, attributes: true});
  });
  await new Promise(done => requestAnimationFrame(() => setTimeout(done)));
  return performance.now() - t0;
}"""


def open_rules(page, game: str) -> None:
    page.evaluate(f"location.hash = '#/{game}/rules'")
    page.wait_for_selector(f"[data-screen='rules'][data-game='{game}'] figure[data-example]")
    page.wait_for_function("window.gelateriaShell && window.gelateriaShell.idle && true")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", default="gelati,genial,gelatinous,itsmine")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = make_server(0, "/", ROOT)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    browser_path = shutil.which("chromium") or shutil.which("google-chrome")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path)
        for size, options in SIZES.items():
            context = browser.new_context(**options, service_workers="block")
            page = context.new_page()
            page.goto(url + "#/")
            page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
            for game in args.games.split(","):
                open_rules(page, game)
                examples = page.eval_on_selector_all("figure[data-example]", "fs => fs.map(f => f.dataset.example)")
                if not examples:
                    continue
                tries, panels = [], []
                for _ in range(args.rounds):
                    for example in examples:
                        open_rules(page, game)
                        tries.append(page.evaluate(CLICK_TO_PAINT, [f"figure[data-example='{example}'] .try-it",
                                                                   f"[data-practice='{example}'][class]"]))
                    open_rules(page, game)
                    panels.append(page.evaluate(CLICK_TO_PAINT, [f".page-body a.button[href='#/{game}']",
                                                                f"[data-game='{game}'][data-phase='setup']"]))
                median, base = statistics.median(tries), statistics.median(panels)
                print(f"{game:10} {size:7} examples {len(examples):2}  try it: median {median:6.0f} ms, worst "
                      f"{max(tries):6.0f} ms  | new-game panel: median {base:5.0f} ms  | ratio {median / base:4.2f}",
                      flush=True)
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
