"""A player's second visit: the service worker serves Pyodide's wasm from the browser's
HTTP cache when that holds the precached file (Chrome keeps the compiled code beside
that copy), else from its own cache — offline, and when the server's copy has changed
under an open release. A new release is offered, and reloading takes it.

Each test is one visitor with a profile on disk (an in-memory profile keeps no HTTP
cache entry as big as the wasm). Where the page's wasm came from is what Chrome reports
for it (CDP Network.responseReceived: serviceWorkerResponseSource).
"""

from __future__ import annotations

import hashlib
import threading

import pytest
from test_gelatinous_phone import MOVES as GELATINOUS_MOVES
from test_gelatinous_phone import midgame_link

from conftest import BOOT_TIMEOUT_MS, ROOT, Site, persistent_context, snapshot_outcome, start_game

WASM = "static/vendor/pyodide/pyodide.asm.wasm"
GELATINOUS_LINK = midgame_link()  # a friend's game of four, the receiver to roll


def ready(page):
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)


class Visitor:
    """One browser profile on disk; `sources` lists, per load of the wasm by the page,
    how the service worker answered ('http-cache', 'cache-storage', 'network'; None: no
    SW). (Pyodide loads it in the app's worker, out of this CDP session's sight: after a
    reload the page asks for it once itself, and the service worker answers the page
    as it answers its worker.)"""

    def __init__(self, browser, profile, site: Site):
        self.site = site
        self.context = persistent_context(browser, profile)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.sources: list[str | None] = []
        cdp = self.context.new_cdp_session(self.page)
        cdp.on("Network.responseReceived", self._heard)
        cdp.send("Network.enable")

    def _heard(self, event):
        response = event["response"]
        if response["url"].split("?")[0].endswith(WASM):
            self.sources.append(response.get("serviceWorkerResponseSource") if response.get("fromServiceWorker")
                                else None)

    def first_visit(self):
        """A friend's link opened: they take their seat and roll while the service worker
        cannot even start (the server holds sw.js back), so the game never waits on the
        precache. Then it is let go; the first visit is over once it has precached the list."""
        held = self.site.held["/sw.js"] = threading.Event()
        self.page.goto(self.site.url + GELATINOUS_LINK)
        self.page.locator("[data-chooser] [data-action='take-seat'][data-seat='0']").click(timeout=BOOT_TIMEOUT_MS)
        self.page.locator("[data-board] [data-action='roll']").click()
        self.page.wait_for_selector(f"[data-board][data-round='{GELATINOUS_MOVES + 1}']")
        assert self.page.evaluate("navigator.serviceWorker.controller") is None
        # Python's big files came down once each: the page's early asks and its worker's shared them.
        fetched = [path for path, _status in self.site.served if path.endswith((".wasm", ".zip", ".whl", ".asm.mjs"))]
        assert sorted(fetched) == sorted(set(fetched)) and len(fetched) == 4, fetched
        held.set()
        self.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)

    def marks(self, prefix: str) -> list[str]:
        """The moments the page's performance timeline has under that name (Python's
        worker marks its own: static/pyodide-progress.mjs)."""
        return self.page.evaluate("p => performance.getEntriesByType('mark').map(m => m.name).filter(n => n.startsWith(p))",
                                  prefix)

    def damage_the_snapshot(self):
        """The stored interpreter snapshot's bytes overwritten (a disk's fault, a write cut short)."""
        self.page.evaluate("""async () => {
            const cache = await caches.open('interpreter-snapshot');
            const [key] = await cache.keys();
            await cache.put(key, new Response(new Uint8Array(1 << 16).fill(7)));
        }""")

    def reload(self):
        self.page.reload()
        ready(self.page)
        self.sources.clear()
        self.page.evaluate(f"fetch('{WASM}').then((r) => r.arrayBuffer()).then((b) => b.byteLength)")

    def wasm_digest(self) -> str:
        """The sha256 of the wasm as the page gets it now (through its service worker)."""
        return self.page.evaluate(
            f"fetch('{WASM}').then((r) => r.arrayBuffer()).then((b) => crypto.subtle.digest('SHA-256', b))"
            ".then((d) => Array.from(new Uint8Array(d), (x) => x.toString(16).padStart(2, '0')).join(''))")

    def new_release_offered(self):
        """The page looks for a new release now (as it does now and then), and offers
        the one published: the banner."""
        self.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        banner = self.page.locator("#update-banner")
        banner.wait_for(state="visible", timeout=60_000)
        return banner

    def plays(self):
        """A game starts and takes a move."""
        self.page.goto(self.site.url + "#/gelatinous")
        start_game(self.page, "gelatinous", ["human"], seed=3)
        self.page.get_by_role("button", name="Roll", exact=True).click()
        self.page.wait_for_selector("[data-board][data-round='1']")

    def close(self):
        self.context.close()


@pytest.fixture
def published(tmp_path):
    """A copy of the built site on a server of its own (a test may change the copy),
    and the manifest it was published with."""
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    import build

    copy = tmp_path / "site"
    manifest = build.write_manifest()
    build.export(copy, manifest)
    site = Site(root=copy)
    yield site, copy, manifest
    site.close()


@pytest.fixture
def visitor(browser, tmp_path, published):
    v = Visitor(browser, tmp_path / "profile", published[0])
    yield v
    v.close()


def test_a_link_plays_before_the_precache_then_a_second_visit_gets_the_wasm_chrome_compiled_offline_plays_and_releases_are_offered(
        visitor, published):
    """One visitor (one first visit, the suite's costliest kind of start): a link they
    play on before the service worker has even started (Visitor.first_visit); their second
    visits, online and offline, then two releases published while they play. The first
    changes the stylesheet: the page offers it, and its Reload takes it. The second
    changes the wasm: its service worker installs (and its precache puts the new wasm in
    the HTTP cache) but waits, so a reload still runs the release the player has, which
    must get its own wasm, not the new one."""
    import build

    _, copy, manifest = published
    precached = hashlib.sha256((copy / WASM).read_bytes()).hexdigest()
    assert precached.startswith(manifest["files"][WASM]["hash"])
    visitor.first_visit()
    assert visitor.page.locator("#update-banner").is_hidden()
    # A while after the app is up, its worker has made the interpreter's snapshot...
    assert snapshot_outcome(visitor.page) == "stored"
    visitor.reload()
    assert visitor.sources == ["http-cache"], "the warm visit did not get the wasm Chrome compiled before"
    assert visitor.wasm_digest() == precached
    # ...which the second visit's interpreter started from.
    assert visitor.marks("snapshot:") == ["snapshot:restored"]
    visitor.context.set_offline(True)
    visitor.reload()
    # (Either copy is the precached file; which one Chrome reads offline is its business.)
    assert visitor.sources in (["cache-storage"], ["http-cache"])
    assert visitor.wasm_digest() == precached
    assert visitor.marks("snapshot:") == ["snapshot:restored"]
    visitor.plays()
    # A damaged snapshot: the next visit starts Python as the first did, plays, and
    # makes a sound snapshot again.
    visitor.damage_the_snapshot()
    visitor.reload()
    assert visitor.marks("snapshot:")[0].startswith("snapshot:refused"), visitor.marks("snapshot:")
    visitor.plays()
    assert snapshot_outcome(visitor.page) == "stored"
    visitor.reload()
    assert visitor.marks("snapshot:") == ["snapshot:restored"]
    visitor.context.set_offline(False)

    # A release with a changed stylesheet: the page offers it, and reloading takes it.
    css = copy / "static" / "app.css"
    css.write_text(css.read_text() + "\n.released-later { color: red; }\n")
    styled = build.write_manifest(copy)["version"]
    assert styled != manifest["version"]
    banner = visitor.new_release_offered()
    assert "new version" in banner.inner_text()
    visitor.page.evaluate("window.beforeUpdate = 1")
    banner.get_by_role("button", name="Reload").click()
    # (The predicate also runs while the new page is still parsing its head: no body yet.)
    visitor.page.wait_for_function("window.beforeUpdate === undefined && document.body && document.body.dataset.ready === '1'",
                                   timeout=BOOT_TIMEOUT_MS)
    assert visitor.page.evaluate("caches.keys().then(keys => keys.filter(k => k.startsWith('gelateria-')))") == [f"gelateria-{styled}"]

    # A release with a changed wasm: not one the running Pyodide could run (it is not even valid wasm).
    with open(copy / WASM, "ab") as f:
        f.write(b"a later release")
    assert build.write_manifest(copy)["version"] != styled
    served = len(visitor.site.served)
    visitor.new_release_offered()
    # The new worker precached the new wasm through the HTTP cache: that copy is the new one now.
    assert (f"/{WASM}", 200) in visitor.site.served[served:]
    visitor.reload()
    assert visitor.page.evaluate("self.GELATERIA_MANIFEST.version") == styled
    assert visitor.sources == ["cache-storage"], "the release the player has was handed a wasm that is not its own"
    assert visitor.wasm_digest() == precached
    visitor.plays()
    assert visitor.errors == []
