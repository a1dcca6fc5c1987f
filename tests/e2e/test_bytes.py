"""What a visitor downloads: exactly the files the app loads (the service worker's
precache list), each once on a first visit, and a standard library trimmed to what
Python imports in the page.

A tour of the app in a fresh profile (home, the language switch and a visit in each
language, every game's new-game panel and rules page, a live table's invitation, a game
played, a reload offline) records every file its page fetches. That must be
scripts/precache.txt, the list the build hands the service worker: a file the app loads
but the list lacks breaks offline play, a listed file the app never loads is bytes every
visitor downloads for nothing.
"""

from __future__ import annotations

import json
import re
import sys
from urllib.parse import urlsplit

import pytest

from conftest import (BOOT_TIMEOUT_MS, FULL_STDLIB, GAMES, ROOT, SHIPPED_STDLIB, TRACE, Site, persistent_context, snapshot_outcome,
                      start_game, stdlib_modules)

sys.path.insert(0, str(ROOT / "scripts"))
import build  # noqa: E402

# What the page fetches but the list leaves out: the list itself, and the web manifest,
# which the browser (not the app) reads when it likes, to offer installing the app.
NOT_LISTED = {"sw-manifest.js", *build.INSTALL_MANIFESTS}
# scripts/precache.txt begins so (the test writes what its tour loaded to
# test-results/precache.txt, ready to copy there).
LIST_HEADER = """\
# The files the app loads, which the service worker precaches: what a tour of the app in
# Chromium fetched (tests/e2e/test_bytes.py; it writes what its tour loaded to
# test-results/precache.txt and fails if this list differs).
"""


# "Downloading Python: 2.1 of 5.3 MB" (boot.js; MB are 1,048,576 bytes there)
COUNT = re.compile(r"([\d.]+) of ([\d.]+) MB")
PYTHON_FILES = re.compile(r"pyodide\.asm\.(wasm|mjs)$|python_stdlib\.zip$|\.whl$")
MiB = 1048576


def ready(page):
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)


class Tour:
    """One player's first visit and a walk through the whole box, with what the page
    fetched (paths in the site) and what the server sent (its log)."""

    def __init__(self, browser, site: Site, profile):
        self.site = site
        self.fetched: set[str] = set()
        # A profile of its own, its HTTP cache on disk as a visitor's is, from which the
        # service worker precaches. (An incognito context's cache in memory keeps no
        # entry as big as pyodide.asm.wasm: the precache would download it again.)
        context = persistent_context(browser, profile)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(30_000)
            # (blob: URLs are PyScript's worker, made in the page: nothing to fetch.)
            page.on("request", lambda r: None if r.url.startswith("blob:") else self.fetched.add(self.path(r.url)))
            page.goto(site.url)
            ready(page)
            # The first visit is over once the service worker has precached the list and
            # the interpreter's snapshot is stored.
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
            assert snapshot_outcome(page) == "stored"
            self.first_visit = list(site.served)
            for lang in ("ja", "ko", "en"):  # the switch, and a visit in each language
                page.select_option("select[data-language]", lang)
                page.wait_for_function(f"document.documentElement.lang === '{lang}'")
                if lang != "en":
                    page.reload()
                    ready(page)
                    assert page.evaluate("document.documentElement.lang") == lang
            for game in GAMES:
                page.goto(site.url + f"#/{game}")
                page.wait_for_selector(f"[data-game='{game}'][data-phase='setup']")
                page.goto(site.url + f"#/{game}/rules")
                page.wait_for_selector("[data-screen='rules']")
            page.goto(site.url + "#/gelati")  # a live table's lobby: its invitation drawn as a QR code
            page.wait_for_selector("[data-game='gelati'][data-phase='setup']")
            page.select_option("select[name='seat1_kind']", "phone")
            page.locator("[data-action='start']").click()
            page.wait_for_selector("[data-phase='lobby'] [data-qr] svg")
            page.get_by_role("button", name="Scan a reply").click()  # the camera's QR decoder (no camera here)
            page.wait_for_function("!!window.jsQR")
            page.goto(site.url + "#/gelatinous")
            start_game(page, "gelatinous", ["human"], seed=3)
            page.get_by_role("button", name="Roll", exact=True).click()
            page.wait_for_selector("[data-board][data-round='1']")
            context.set_offline(True)
            page.reload()
            ready(page)
            page.wait_for_selector("[data-game='gelatinous'][data-phase='play']")
        finally:
            context.close()

    def path(self, url: str) -> str:
        """A URL of the site as the list names it: '' (the page) is index.html."""
        rel = urlsplit(url).path.removeprefix(urlsplit(self.site.url).path)
        return rel or "index.html"


@pytest.fixture(scope="module")
def tour(browser, tmp_path_factory):
    site = Site()
    try:
        yield Tour(browser, site, tmp_path_factory.mktemp("visitor"))
    finally:
        site.close()


def test_the_precache_list_is_what_a_tour_of_the_app_loads(tour):
    loaded = sorted(tour.fetched - NOT_LISTED)
    out = ROOT / "test-results"
    out.mkdir(exist_ok=True)
    (out / "precache.txt").write_text(LIST_HEADER + "".join(f"{rel}\n" for rel in loaded))
    listed = build.precache_list()
    assert loaded == sorted(listed), (
        f"loaded, not listed: {sorted(set(loaded) - set(listed))}; listed, never loaded: "
        f"{sorted(set(listed) - set(loaded))} (test-results/precache.txt is what the tour loaded)")


def test_the_service_worker_precaches_the_list(site, watched):
    page = watched.open(site.url)
    manifest = page.evaluate("self.GELATERIA_MANIFEST.files")
    assert sorted(manifest) == sorted(build.precache_list())
    on_disk = json.loads((ROOT / "sw-manifest.js").read_text().split("=", 1)[1].rstrip().rstrip(";"))
    assert manifest == on_disk["files"]


def test_a_first_visit_downloads_each_file_once_and_only_what_the_app_loads(tour):
    # The service worker's own scripts are the browser's to fetch, on every update check.
    sent = [tour.path(p) for p, status in tour.first_visit if status == 200]
    again = sorted({p for p in sent if sent.count(p) > 1} - {"sw.js", "sw-manifest.js"})
    assert again == [], f"downloaded more than once: {again}"
    extra = sorted(set(sent) - set(build.precache_list()) - NOT_LISTED - {"sw.js"})
    assert extra == [], f"downloaded though the app never loads it: {extra}"


@pytest.mark.fresh_profile  # what the first load shows, and Python's start is what it traces
def test_a_first_visit_counts_its_download_and_starts_python_from_the_trimmed_library(site, watched):
    """The loading screen counts what a first visit downloads, in MB as sent (gzip where the
    server compresses, not unpacked), to its end. Every e2e test
    checks that its pages imported nothing the trimmed library lacks (conftest's trace);
    this one shows that trace sees the app's imports, and that the library the page
    downloads is the trimmed one."""
    page = watched.page
    seen = []
    page.expose_function("reportLoading", lambda text: seen.append(text))
    page.add_init_script(
        "new MutationObserver(() => { const t = document.getElementById('loading-text');"
        " if (t) window.reportLoading(t.textContent); }).observe(document, {subtree: true, childList: true, characterData: true});"
    )
    watched.open(site.url)
    counts = [tuple(map(float, found.groups())) for text in seen if (found := COUNT.search(text))]
    assert counts, seen[:5]
    # The total is Python's download as sent: at least the runtime and the app's wheel
    # as the server sends them, at most the whole first visit (unpacked, the wasm alone
    # is 9.6 MB).
    files = page.evaluate("self.GELATERIA_MANIFEST.files")
    python = sum(e["sent"] for rel, e in files.items() if PYTHON_FILES.search(rel)) / MiB
    everything = sum(e["sent"] for e in files.values()) / MiB
    totals = {total for _got, total in counts}
    assert len(totals) == 1 and python - 0.05 <= totals.pop() <= everything, (counts[-3:], python, everything)
    assert all(got2 >= got1 for (got1, _), (got2, _) in zip(counts, counts[1:])), counts  # it only goes up
    # The count comes to its end (every file it counts is one the start waits for).
    assert "Starting Python…" in seen, seen[-3:]
    assert {"gelateria.web.app", "gettext", "json", "encodings.utf_8"} <= TRACE.test
    size = page.evaluate("fetch('static/vendor/pyodide/python_stdlib.zip').then(r => r.arrayBuffer()).then(b => b.byteLength)")
    assert size == SHIPPED_STDLIB.stat().st_size
    assert len(stdlib_modules(SHIPPED_STDLIB)) < len(stdlib_modules(FULL_STDLIB)) / 2
    assert watched.errors == []
