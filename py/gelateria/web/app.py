"""The app in the browser: routing on the URL fragment, the page's events to the
screen on show, and its drawing to the page, all as plain messages with
static/shell.js (which does every DOM operation); timers, the clock, storage."""

from __future__ import annotations

import json
import traceback

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import window

from gelateria.core import i18n
from gelateria.core.i18n import _
from gelateria.core.record import MAX_JSON_BYTES
from gelateria.web.markup import h
from gelateria.web.screens import Screen, screen_for, top_bar
from gelateria.web.storage import SAVE_PREFIX, MemoryBackend, SaveStore, read_prefs


PREFS_KEY = "gelateria.prefs"


class LocalStorage:
    """window.localStorage with the small interface web.storage uses."""

    def __init__(self, storage):
        self.storage = storage

    def get(self, key):
        value = self.storage.getItem(key)
        return None if value is None or not isinstance(value, str) else value

    def set(self, key, value):
        self.storage.setItem(key, value)

    def remove(self, key):
        self.storage.removeItem(key)

    def keys(self):
        return [str(self.storage.key(i)) for i in range(int(self.storage.length))]


def open_storage():
    try:
        storage = window.localStorage
        storage.getItem(PREFS_KEY)
        return LocalStorage(storage)
    except Exception:  # storage blocked (privacy settings): play on, save nothing
        return MemoryBackend(persistent=False)


class App:
    """What screens may ask of the page: refresh, update a part, timers, the clock,
    preferences. Screens never touch the DOM themselves, and neither does the App: it
    sends the page plain commands (static/shell.js draws them) and hears plain events
    (what the player did, with the few facts about the browser a screen may ask:
    `facts`)."""

    def __init__(self, shell):
        self.shell = shell
        self.screen: Screen | None = None
        self.prefs = self._load_prefs()
        self.saves = SaveStore(open_storage())
        self.facts: dict = {}  # the page's width, pointer, board size and focus, at the last event
        self.current_path = ""
        self.base = ""  # the page's address without the fragment
        self._timers: dict[int, object] = {}  # pending timers' callbacks, freed on cancel
        self._handlers = {
            "route": self._on_route, "action": self._on_action, "key": self._on_key, "key-up": self._on_key_up,
            "hold": self._on_hold, "flush": self._on_flush, "storage": self._on_storage,
            "language": self._on_language, "import": self._on_import,
            "view-box": self._on_view_box, "board-size": self._on_board_size,
        }

    def _send(self, command: str, **fields) -> None:
        self.shell.receive(json.dumps({"do": command, **fields}))

    def handle(self, text) -> bool:
        """One event from the page (JSON text); True if a key was used."""
        try:
            event = json.loads(str(text))
            facts = event.get("facts")
            if isinstance(facts, dict):
                self.facts = facts
            handler = self._handlers.get(event.get("on"))
            return bool(handler(event)) if handler else False
        except Exception:
            self.show_error(traceback.format_exc())
            return False

    def path(self) -> str:
        return self.current_path

    def _on_route(self, event) -> None:
        self.current_path = str(event.get("path") or "")
        if event.get("first"):
            self.base = str(event.get("base") or "")
            # boot.js chose the language before the first paint (the player's choice,
            # else the browser's languages) and wrote it on <html lang>.
            i18n.set_language(str(event.get("lang") or ""))
        self.route(taking_over=bool(event.get("first")))

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

    def focus(self, selector: str, if_idle: bool = False) -> None:
        """Put focus on `selector` (if_idle: only if focus is on the page or the board,
        i.e. the player is not at some other control)."""
        self._send("focus", selector=selector, ifIdle=if_idle)

    def announce(self, text: str) -> None:
        """Say something to a screen reader (one polite live region for the whole app)."""
        self._send("announce", text=text)

    def set_path(self, path: str) -> None:
        """Put a path in the address bar without routing again (no hashchange)."""
        if self.current_path != path:
            self.current_path = path
            self._send("set-path", path=path)

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
        handle = int(window.setTimeout(proxy, max(0, int(ms))))
        self._timers[handle] = proxy
        return handle

    def cancel(self, handle) -> None:
        window.clearTimeout(handle)
        proxy = self._timers.pop(handle, None)
        if proxy is not None:
            proxy.destroy()  # a cancelled timer never runs, so its proxy is freed here

    def now(self) -> float:
        return float(window.performance.now())

    def _load_prefs(self) -> dict:
        try:
            return read_prefs(window.localStorage.getItem(PREFS_KEY))
        except Exception:  # blocked storage: defaults, never a crash
            return {}

    def save_prefs(self) -> None:
        try:
            window.localStorage.setItem(PREFS_KEY, json.dumps(self.prefs))
        except Exception:
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
        if self.screen is not None and isinstance(data, dict):
            self.screen.on_action(str(event.get("name")), data)

    def _on_key(self, event) -> bool:
        return self.screen is not None and bool(self.screen.on_key(str(event.get("key"))))

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
        if self.screen is not None and key.startswith(SAVE_PREFIX):
            self.screen.on_storage(key[len(SAVE_PREFIX):])

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
        depends on them (ZoomedBoard.set_board_size), so a changed view is drawn again."""
        setter = getattr(self.screen, "set_board_size", None)
        if setter and setter(float(event.get("width") or 0), float(event.get("height") or 0), bool(event.get("coarse"))):
            self.refresh()

    def _guard(self, handler, *args):
        try:
            return handler(*args)
        except Exception:
            self.show_error(traceback.format_exc())
            return None


def start() -> App:
    # Marks for tests/bench/startup.py's breakdown: imports done, first screen drawn.
    window.performance.mark("gelateria:imported")
    shell = window.gelateriaShell
    app = App(shell)
    handler = create_proxy(app.handle)  # kept for the page's life: it is the page's way in
    shell.connect(handler, json.dumps({"maxImportBytes": MAX_JSON_BYTES}))
    app._handler = handler
    window.performance.mark("gelateria:rendered")
    app._send("ready")
    return app
