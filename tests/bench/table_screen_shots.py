"""Screenshots of a live table's watcher, the table screen (issue 34, part 3).

    python tests/bench/table_screen_shots.py GAME OUTDIR [--port 8793] [--langs en,ja,ko]
        [--sizes 1024x768,1280x800,1920x1080,768x1024,390x844]

The host (a phone) opens GAME with Bo's seat for another phone, Bo's phone joins and a
few moves are played; then the host invites a watcher, which opens the invitation in a
browser of each language and is shot at each size. Prints any element whose text is cut
(scrollWidth > clientWidth) and the page's console errors. Needs a built site served on
the port (scripts/serve.py).

Gelatinous has no phone seats yet (issue 34: its live table is being built), so for it
the script opens a saved three-player game on one screen and puts the table screen's
class on it: a preview of the CSS, not a watcher's own markup."""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests" / "e2e"), str(ROOT / "scripts")]
from gelati_turns import play_turns  # noqa: E402

LOCALES = {"en": "en-US", "ja": "ja-JP", "ko": "ko-KR"}
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=1)

CUT = """() => [...document.querySelectorAll('section.table *')].filter(e => {
  const s = getComputedStyle(e);
  if (s.display === 'none' || s.visibility === 'hidden' || !e.offsetParent) return false;
  if (e.closest('svg, .visually-hidden') || ['auto', 'scroll'].includes(s.overflowX)) return false;
  return e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0;
}).map(e => `${e.tagName}.${e.className}[${e.scrollWidth}>${e.clientWidth}] ${e.textContent.slice(0, 40)}`)"""


def ready(page) -> None:
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)


def join(page, link: str) -> str:
    page.goto(link)
    ready(page)
    page.wait_for_selector("[data-reply]")
    return page.locator("[data-reply]").get_attribute("data-reply")


def take(host, reply: str) -> None:
    host.fill("#reply-field", reply)
    host.locator("[data-action='take-reply']").first.click()


def sheet(host, open: bool) -> None:
    button = host.locator(f"[data-action='sheet'][data-open='{'true' if open else 'false'}']").first
    if button.is_visible():
        button.click()


def play_some(game: str, host, bo) -> None:
    if game == "itsmine":
        t0 = time.time()
        while time.time() - t0 < 8:
            for page in (bo, host):
                for sel in ("[data-action='flip']:not([disabled]):not([aria-disabled='true'])",
                            "[data-action='grab']:not([disabled])"):
                    loc = page.locator(sel)
                    if loc.count():
                        try:
                            loc.first.click(timeout=500)
                        except Exception:
                            pass
            bo.wait_for_timeout(300)
    elif game == "gelati":
        play_turns(host, {0: host, 1: bo}, 4)


# (the preview: the class kept on the table as Python draws it again)
AS_SCREEN = """() => {
  const mark = () => document.querySelectorAll('#app section.table:not(.table-screen)').forEach(t => t.classList.add('table-screen'));
  new MutationObserver(mark).observe(document.getElementById('app'), {childList: true, subtree: true});
  mark();
}"""


def preview(browser, url: str, out: Path, sizes, langs) -> None:
    from screenshots import bot, gelatinous_multi, human, own, storage

    path, saves = own("gelatinous-bots", gelatinous_multi(("", "", ""), seats=(human("Ana"), bot("Bo"), bot("Chiara"))))
    for lang in langs:
        context = browser.new_context(viewport={"width": sizes[0][0], "height": sizes[0][1]}, locale=LOCALES[lang])
        page = context.new_page()
        page.goto(url)
        ready(page)
        page.evaluate("""s => { localStorage.clear(); for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }""",
                      storage(lang, saves))
        page.goto(url + path)
        page.reload()
        ready(page)
        page.wait_for_selector("section.table[data-phase='play']")
        page.evaluate(AS_SCREEN)
        for w, h in sizes:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(600)
            file = out / f"gelatinous-{lang}-{w}x{h}.png"
            page.screenshot(path=str(file))
            print(file, "cut:", page.evaluate(CUT))
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("out")
    parser.add_argument("--port", type=int, default=8793)
    parser.add_argument("--langs", default="en,ja,ko")
    parser.add_argument("--sizes", default="1024x768,1280x800,1920x1080,768x1024,390x844")
    args = parser.parse_args()
    url = f"http://127.0.0.1:{args.port}/"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(x) for x in size.split("x")) for size in args.sizes.split(",")]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        if args.game == "gelatinous":
            preview(browser, url, out, sizes, args.langs.split(","))
            return
        host = browser.new_context(**PHONE, locale="en-US").new_page()
        bo = browser.new_context(**PHONE, locale="en-US").new_page()
        host.goto(url + f"#/{args.game}")
        ready(host)
        host.wait_for_selector("select[name='seat1_kind']")
        host.select_option("select[name='seat1_kind']", "phone")
        host.get_by_role("button", name="Start game").click()
        take(host, join(bo, host.locator("[data-invite]").get_attribute("data-invite")))
        host.wait_for_selector("[data-seat-state='open']")
        host.locator("[data-action='lobby-start']").click()
        bo.wait_for_selector("[data-phase='play']")
        play_some(args.game, host, bo)
        for lang in args.langs.split(","):
            sheet(host, True)
            host.locator("[data-action='watch-invite']").first.click()
            sheet(host, False)
            link = host.locator("[data-lobby-seat='watch'] [data-invite]")
            link.wait_for()
            context = browser.new_context(viewport={"width": sizes[0][0], "height": sizes[0][1]},
                                          locale=LOCALES[lang], device_scale_factor=1)
            # (counts the screen wake locks the page asks for: static/live.js)
            context.add_init_script("""if (navigator.wakeLock) { const ask = navigator.wakeLock.request.bind(navigator.wakeLock);
              window.__wake = []; navigator.wakeLock.request = (t) => ask(t).then(l => (window.__wake.push('held'), l),
                                                                               e => { window.__wake.push(e.name); throw e; }); }""")
            screen = context.new_page()
            errors = []
            screen.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            take(host, join(screen, link.get_attribute("data-invite")))
            screen.wait_for_selector("section.table[data-phase='play']")
            for w, h in sizes:
                screen.set_viewport_size({"width": w, "height": h})
                screen.wait_for_timeout(600)  # (the board is measured and drawn again)
                path = out / f"{args.game}-{lang}-{w}x{h}.png"
                screen.screenshot(path=str(path))
                print(path, "cut:", screen.evaluate(CUT))
            print(lang, "errors:", errors[:5], "wake lock:", screen.evaluate("window.__wake"))
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
