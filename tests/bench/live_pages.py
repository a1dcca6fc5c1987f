"""What the live-table benches share (tests/bench/live.py, live_itsmine.py): the site
served on 127.0.0.1, and phones with the app booted on it."""

from __future__ import annotations

import os
import shutil
import sys
import threading

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from serve import make_server  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "en-US"}
BOOT_MS = 120_000


def ready(page) -> None:
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_MS)


def serve(port: int):
    """The site on 127.0.0.1:`port`: (the server, to shut down; its address)."""
    server = make_server(port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}/"


def phones(pw, url: str, count: int):
    """A browser and `count` phones (a context each), the app booted on each: (browser, pages)."""
    browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
    pages = [browser.new_context(**PHONE).new_page() for _ in range(count)]
    for page in pages:
        page.set_default_timeout(60_000)
        page.goto(url + "#/")
        ready(page)
    return browser, pages
