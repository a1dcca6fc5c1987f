"""Capture the install screenshots that the web manifest lists, from the built app in the
project's Chromium (Playwright, as the e2e tests drive it), in every language:

    bash scripts/build.sh && .venv/bin/python scripts/screenshots.py

static/manifest.webmanifest names each one (screenshots/en/<file>, with its size and
form factor); scripts/i18n.py gives each language's manifest screenshots/<lang>/<file>.
SHOTS below says what each file shows. The WebPs are checked in (source artwork):
run this after a visible change to those screens and commit what it writes.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
LOCALES = {"en": "en-US", "ja": "ja-JP", "ko": "ko-KR"}
# What each screenshot file shows: the route opened, and the element that says it is drawn.
SHOTS = {
    "home-narrow.webp": ("", "[data-screen='home']"),  # the four games, as a phone shows them
    "genial-wide.webp": ("#/genial", "[data-game='genial'][data-phase='play']"),  # a new game on a desktop
}
DEAL = 7  # the deal number of the game shown: the same board every time
QUALITY = 80  # WebP: text stays crisp, a screenshot weighs 20-60 KB

sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from conftest import BOOT_TIMEOUT_MS, CHROMIUM_ARGS, Site, browser_path  # noqa: E402


def capture(browser, url: str, locale: str, route: str, ready: str, width: int, height: int) -> Image.Image:
    mobile = {"has_touch": True, "is_mobile": True} if width < height else {}
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, **mobile)
    page = context.new_page()
    page.goto(url + route)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    if route:  # a game's new-game panel: start the deal with the panel's own seats
        page.fill("#seed", str(DEAL))
        page.click("[data-action='start']")
        page.mouse.move(0, 0)  # no hover left on the board where the button was
    page.wait_for_selector(ready)
    page.evaluate("document.fonts.ready.then(() => true)")
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    context.close()
    return image


def main() -> None:
    manifest = json.loads((STATIC / "manifest.webmanifest").read_text())
    site = Site()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path(), args=CHROMIUM_ARGS)
        for shot in manifest["screenshots"]:
            name = re.fullmatch(r"screenshots/en/([\w.-]+)", shot["src"]).group(1)
            route, ready = SHOTS[name]
            width, height = (int(n) for n in shot["sizes"].split("x"))
            for lang, locale in LOCALES.items():
                dest = STATIC / "screenshots" / lang / name
                dest.parent.mkdir(parents=True, exist_ok=True)
                capture(browser, site.url, locale, route, ready, width, height).save(
                    dest, "WEBP", quality=QUALITY, method=6)
                print(f"screenshots: {dest.relative_to(ROOT)} {width}x{height}, {dest.stat().st_size:,} bytes")
        browser.close()
    site.close()


if __name__ == "__main__":
    main()
