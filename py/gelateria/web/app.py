"""The app in the browser. It runs in a web worker (index.html), so Python never holds
up the page: static/shell.js does every DOM operation, and the two speak in plain
messages (JSON text) — the page's events in, drawing commands out. Routing on the URL
fragment, timers, the clock, and storage through the page (storage.PageStorage)."""

from __future__ import annotations

import json
import traceback
from functools import cached_property

import js  # in the app's worker: the worker's own scope (timers, the clock), no DOM
from pyodide.ffi import create_once_callable, create_proxy

from gelateria.core import i18n
from gelateria.core.i18n import _, particles
from gelateria.core.record import MAX_JSON_BYTES
from gelateria.web.markup import h
from gelateria.web.routes import screen_for
from gelateria.web.screens import Screen, top_bar
from gelateria.web.storage import REMOVED_SEEN, SAVE_PREFIX, MemoryBackend, PageStorage, SaveStore, read_prefs


PREFS_KEY = "gelateria.prefs"


class App:
    """What screens may ask of the page: refresh, update a part, timers, the clock,
    preferences. Screens never touch the DOM themselves, and neither does the App: it
    sends the page plain commands (static/shell.js draws them) and hears plain events
    (what the player did, with the few facts about the browser a screen may ask:
    `facts`)."""

    def __init__(self, post):
        self.post = post  # sends the page one message (text)
        self.screen: Screen | None = None
        self.store = MemoryBackend(persistent=False)  # until the page sends its storage (start)
        self.prefs: dict = {}
        self.saves = SaveStore(self.store)
        self.facts: dict = {}  # the page's width, pointer, board size and focus, at the last event
        self.current_path = ""
        self.base = ""  # the page's address without the fragment
        self._timers: dict[int, object] = {}  # pending timers' callbacks, freed on cancel
        self.input_at: float | None = None  # the click or key being answered: when the page saw it (epoch ms)
        self._handlers = {
            "start": self._on_start, "route": self._on_route, "action": self._on_action, "key": self._on_key, "key-up": self._on_key_up,
            "hold": self._on_hold, "flush": self._on_flush, "storage": self._on_storage,
            "storage-cleared": self._on_storage_cleared,
            "language": self._on_language, "import": self._on_import,
            "view-box": self._on_view_box, "board-size": self._on_board_size, "store-failed": self._on_store_failed,
            "live-reply": self._on_live_reply, "live-handed": self._on_live_handed,
            "live-scanned": self._on_live_scanned, "live-scan-failed": self._on_live_scanned,
            **dict.fromkeys(("live-sdp", "live-open", "live-frame", "live-closed"), self._on_connection),
        }

    @cached_property
    def connections(self):
        """The live table's connections, which the page owns (static/live.js). Made, and
        the live table's code imported, when a table first goes live: a link to a game
        starts without it (~16 ms of Pyodide's imports on a desktop, 4x that on a slow phone)."""
        from gelateria.web.live import Connections

        return Connections(self._send)

    def _on_connection(self, event) -> None:
        self.connections.heard(event)

    def _send(self, command: str, **fields) -> None:
        self.post(json.dumps({"do": command, **fields}))

    def handle(self, text) -> None:
        """One event from the page (JSON text). The page hears "done" when all it
        caused has been sent (tests wait for that, as a player's eye would)."""
        event = {}
        try:
            event = json.loads(str(text))
            facts = event.get("facts")
            if isinstance(facts, dict):
                self.facts = facts
            handler = self._handlers.get(event.get("on"))
            at = event.get("at")  # (a click's or a key's moment on the page: epoch ms)
            self.input_at = float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) else None
            if handler:
                handler(event)
        except Exception:
            self.show_error(traceback.format_exc())
        finally:
            self.input_at = None
        self._send("done", seq=event.get("seq") if isinstance(event, dict) else None)

    def path(self) -> str:
        return self.current_path

    def _on_start(self, event) -> None:
        """The page is ready for the app: where it is, in which language, and what its
        storage holds (None: blocked, so nothing outlives the page)."""
        self.base = str(event.get("base") or "")
        # boot.js chose the language before the first paint (the player's choice, else
        # the browser's languages) and wrote it on <html lang>.
        i18n.set_language(str(event.get("lang") or ""))
        snapshot = event.get("storage")
        if isinstance(snapshot, dict):
            self.store = PageStorage(snapshot, lambda command: self.post(json.dumps(command)))
            self.saves = SaveStore(self.store)
        self.prefs = read_prefs(self.store.get(PREFS_KEY))
        self.current_path = str(event.get("path") or "")
        self.mark("gelateria:imported")
        self.route(taking_over=True)
        self.mark("gelateria:rendered")
        self._send("ready")

    def mark(self, name: str) -> None:
        """A moment on the page's performance timeline (tests/bench/startup.py)."""
        self._send("mark", name=name, at=float(js.performance.timeOrigin) + float(js.performance.now()))

    def _on_route(self, event) -> None:
        self.current_path = str(event.get("path") or "")
        self.route()

    def route(self, taking_over: bool = False) -> None:
        if self.screen is not None:
            self.screen.close()
        try:
            self.screen = screen_for(self, self.path())
            self.refresh(route=True, taking_over=taking_over)
        except Exception:  # a broken screen must not leave a blank page
            self.show_error(traceback.format_exc())

    def refresh(self, route: bool = False, taking_over: bool = False) -> None:
        """Draw the current screen again (the page morphs into the new markup: what did
        not change stays the same element, so focus and scroll survive a redraw)."""
        self._send("render", html=str(self.screen.render()), title=self.screen.title, lang=i18n.language(),
                   focusHome=self.screen.focus_home(), route=route, takingOver=taking_over)
        self.screen.mounted()

    def update(self, selector: str, markup: str) -> None:
        """Redraw one part of the screen (e.g. the board) without touching the rest."""
        self._send("update", selector=selector, html=str(markup))

    def set_attributes(self, selector: str, tag: str) -> None:
        """Give one element the attributes of this start tag, what it holds untouched."""
        self._send("attributes", selector=selector, html=str(tag))

    def focus(self, selector: str, if_idle: bool = False) -> None:
        """Put focus on `selector` (if_idle: only if focus is on the page or the board,
        i.e. the player is not at some other control)."""
        self._send("focus", selector=selector, ifIdle=if_idle)

    def announce(self, text: str) -> None:
        """Say something to a screen reader (one polite live region for the whole app)."""
        self._send("announce", text=particles(text))

    def set_path(self, path: str) -> None:
        """Put a path in the address bar without routing again (no hashchange), in place
        of the one this app is at (`was`: a player who has gone elsewhere meanwhile keeps
        that address, and its route reaches the app next)."""
        if self.current_path != path:
            self._send("set-path", path=path, was=self.current_path)
            self.current_path = path

    def link(self, path: str) -> str:
        """The full address of a route on this site, for sharing."""
        return self.base + "#" + path

    def copy(self, text: str) -> None:
        """Copy to the clipboard; where the browser refuses, the link stays visible in
        the share panel to copy by hand."""
        self._send("copy", text=text)

    def go(self, path: str) -> None:
        """Open a route as if the player followed a link to it."""
        self._send("go", path=path)

    def hand_reply(self, code: str) -> None:
        """Offer a live table's reply to another tab of this browser (answered by live-handed)."""
        self._send("live-hand", code=code)

    def download(self, name: str, text: str) -> None:
        """Offer text as a file to keep (a game's record, when it cannot be saved)."""
        self._send("download", name=name, text=text)

    def later(self, ms: int, callback):
        """Run callback after ms milliseconds; returns a handle for cancel()."""
        handle = None

        def run():
            self._timers.pop(handle, None)
            self._guard(callback)

        proxy = create_once_callable(run)
        handle = int(js.setTimeout(proxy, max(0, int(ms))))
        self._timers[handle] = proxy
        return handle

    def cancel(self, handle) -> None:
        js.clearTimeout(handle)
        proxy = self._timers.pop(handle, None)
        if proxy is not None:
            proxy.destroy()  # a cancelled timer never runs, so its proxy is freed here

    def now(self) -> float:
        return float(js.performance.now())

    def since_input(self) -> float:
        """While a click or key is being answered: how long ago the player made it (ms,
        at most a second; 0 for anything else). A live table dates a real-time move by it."""
        return self.since(self.input_at)

    def since(self, at) -> float:
        """How long ago (ms, at most a second) the page stamped an event at `at` (ms since
        the epoch); 0 for no stamp. (The page and this worker share the wall clock.)"""
        if not isinstance(at, (int, float)) or isinstance(at, bool):
            return 0.0
        return min(1000.0, max(0.0, float(js.performance.timeOrigin) + float(js.performance.now()) - at))

    def save_prefs(self) -> None:
        try:
            self.store.set(PREFS_KEY, json.dumps(self.prefs))
        except Exception:  # full storage: the choice holds for this visit
            pass

    def show_error(self, detail: str) -> None:
        self._send("console-error", text=detail)
        html = h(
            "section", {"class": "page", "data-screen": "error"},
            top_bar(),
            h("article", {"class": "page-body notice", "role": "alert"},
              h("h1", None, _("Something went wrong")),
              h("p", None, _("This screen hit an error. Your saved games are safe. Go back to the games and try again.")),
              h("pre", {"class": "error-detail", "lang": "en"}, detail.strip().splitlines()[-1]),
              h("p", None, h("a", {"class": "button", "href": "#/"}, _("Back to the games")))))
        self._send("render", html=str(html), title=_("Something went wrong — Gelateria"), lang=i18n.language(),
                   focusHome=None, route=False, takingOver=False)

    # --- events ----------------------------------------------------------------------

    def _on_action(self, event) -> None:
        data = event.get("data")
        if event.get("name") == REMOVED_SEEN:  # the one notice every screen may show (storage.removed_notice)
            self.saves.dismiss_removed()
            self.refresh()
        elif self.screen is not None and isinstance(data, dict):
            self.screen.on_action(str(event.get("name")), data)

    def _on_key(self, event) -> None:
        """A key the screen may use. The page held back the browser's own scrolling for
        the keys that scroll (it cannot wait for this answer): unused, it scrolls now."""
        used = self.screen is not None and bool(self.screen.on_key(str(event.get("key"))))
        if not used and event.get("heldBack"):
            self._send("scroll-key", key=str(event.get("key")), shift=bool(event.get("shift")))

    def _on_key_up(self, event) -> None:
        if self.screen is not None:
            self.screen.on_key_up(str(event.get("key")))

    def _on_hold(self, event) -> None:
        """Controls that work while held (data-hold="name"): pressed, and let go."""
        data = event.get("data")
        if self.screen is not None and isinstance(data, dict):
            self.screen.on_hold(str(event.get("name")), data, bool(event.get("down")))

    def _on_flush(self, event) -> None:
        """The page is being hidden or closed: save now."""
        if self.screen is not None:
            self.screen.flush()

    def _on_storage(self, event) -> None:
        """Another tab wrote to storage; a save of the game on screen matters."""
        key = str(event.get("key") or "")
        if isinstance(self.store, PageStorage):
            self.store.heard(key, event.get("value"))
        if self.screen is not None and key.startswith(SAVE_PREFIX):
            self.screen.on_storage(key[len(SAVE_PREFIX):])

    def _on_storage_cleared(self, event) -> None:
        """Another page of this site cleared its storage (localStorage.clear()): every key
        this page's copy holds is gone there. The app starts over from what storage holds
        now (`storage`, as at start), as a reload would: saves, preferences (this device's
        id among them), notices; and the screen at this address opens again from it. (The
        language shown stays: the player is reading it.)"""
        snapshot = event.get("storage")
        if not isinstance(self.store, PageStorage) or not isinstance(snapshot, dict):
            return  # storage was blocked from the start: nothing here came from it
        self.store = PageStorage(snapshot, self.store.send)
        self.saves = SaveStore(self.store)
        self.prefs = read_prefs(self.store.get(PREFS_KEY))
        self.route()

    def _on_language(self, event) -> None:
        self.set_language(str(event.get("code")))

    def set_language(self, code: str) -> None:
        """The top bar's language switch: every word again in that language, the game
        on screen exactly where it was (the screen is drawn again, not opened again)."""
        code = i18n.set_language(code)
        self.prefs["language"] = code
        self.save_prefs()
        if self.screen is not None:
            self.screen.language_changed()
        self.refresh()

    def _on_import(self, event) -> None:
        """A file picked in an <input data-import>: its text (empty when too big to be a
        record: the page reads nothing over MAX_JSON_BYTES)."""
        if self.screen is not None:
            self.screen.on_import(str(event.get("text") or ""))

    def _on_view_box(self, event) -> None:
        """A drag, pinch or wheel left the board showing this part of it."""
        box = event.get("box")
        setter = getattr(self.screen, "set_view_box", None)
        if setter and isinstance(box, list) and len(box) == 4:
            setter(*(float(v) for v in box))

    def _on_board_size(self, event) -> None:
        """The board's size on screen, and whether a finger points: what is in view
        depends on them (ZoomedBoard.set_board_size), and what the controls floating on it
        cover; a changed view is drawn again."""
        setter = getattr(self.screen, "set_board_size", None)
        if setter and setter(float(event.get("width") or 0), float(event.get("height") or 0), bool(event.get("coarse")),
                             event.get("insets")):
            # A table sends only what changed when it can (often the board's view alone).
            redraw = getattr(self.screen, "redraw", None)
            if redraw is not None:
                redraw()
            else:
                self.refresh()

    def _on_store_failed(self, event) -> None:
        """The page could not write a key (full, or refused): the copy learns, and the
        game on screen saves again, now told how it went (a notice, a download)."""
        key = str(event.get("key") or "")
        if isinstance(self.store, PageStorage):
            self.store.refused(key, event.get("value"), bool(event.get("full")))
        if key.startswith(SAVE_PREFIX) and self.screen is not None and hasattr(self.screen, "save_refused"):
            self.screen.save_refused(key[len(SAVE_PREFIX):])

    def _on_live_reply(self, event) -> None:
        """A guest's reply opened in another tab of this browser, handed to this one
        (static/live.js): to the live table's lobby, if this tab holds one."""
        taker = getattr(self.screen, "take_reply", None)
        if taker is not None:
            taker(str(event.get("code") or ""))

    def _on_live_scanned(self, event) -> None:
        """The lobby's camera read a QR code, or could not be opened (static/live.js)."""
        scanned = getattr(self.screen, "scanned", None)
        if scanned is not None:
            scanned(str(event.get("text") or ""), str(event.get("why") or "") if event.get("on") == "live-scan-failed" else "")

    def _on_live_handed(self, event) -> None:
        """Whether a reply opened here reached a tab with a live table (web/join.py: ReplyScreen)."""
        handed = getattr(self.screen, "handed_over", None)
        if handed is not None:
            handed(bool(event.get("ok")))

    def _guard(self, handler, *args):
        try:
            return handler(*args)
        except Exception:
            self.show_error(traceback.format_exc())
            return None


def start(xworker) -> App:
    """Run the app in this worker: xworker is PyScript's link to the page."""
    app = App(xworker.postMessage)
    # Kept for the worker's life: PyScript calls it with each message from the page.
    xworker.onmessage = app._listener = create_proxy(lambda message: app.handle(message.data))
    app._send("hello", config=json.dumps({"maxImportBytes": MAX_JSON_BYTES}))
    return app
