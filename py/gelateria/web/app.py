"""The app shell in the browser: routing on the URL fragment, one delegated event
listener for every screen, and telling the loading screen that we are ready."""

from __future__ import annotations

import json
import traceback

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

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


def data_attributes(element) -> dict:
    """An element's data-* attributes as a plain dict (data-pile="2" → {"pile": "2"})."""
    dataset = element.dataset
    return {str(key): str(getattr(dataset, key)) for key in window.Object.keys(dataset)}


def _dashed(key: str) -> str:
    """dataset's camelCase key back to its attribute name: pileOwner → pile-owner."""
    return "".join("-" + c.lower() if c.isupper() else c for c in key)


def form_fields(form) -> dict:
    entries = getattr(window.Array, "from")(window.FormData.new(form).entries())
    return {str(pair[0]): str(pair[1]) for pair in entries}


def open_storage():
    try:
        storage = window.localStorage
        storage.getItem(PREFS_KEY)
        return LocalStorage(storage)
    except Exception:  # storage blocked (privacy settings): play on, save nothing
        return MemoryBackend(persistent=False)


class App:
    """What screens may ask of the page: refresh, update a part, timers, the clock,
    preferences. Screens never touch the DOM themselves."""

    def __init__(self):
        self.root = document.getElementById("app")
        self.screen: Screen | None = None
        self.prefs = self._load_prefs()
        # boot.js chose the language before the first paint (the player's choice, else
        # the browser's languages) and wrote it on <html lang>.
        i18n.set_language(str(document.documentElement.lang or ""))
        self.saves = SaveStore(open_storage())
        self._timers: dict[int, object] = {}  # pending timers' callbacks, freed on cancel
        # Proxies must stay referenced for as long as the listeners exist.
        self._proxies = [
            self._listen(window, "hashchange", lambda event: self.route()),
            self._listen(self.root, "click", self._on_click),
            self._listen(self.root, "submit", self._on_submit),
            self._listen(document, "keydown", self._on_key),
            self._listen(document, "keyup", self._on_key_up),
            self._listen(self.root, "pointerdown", self._on_hold_start),
            self._listen(document, "pointerup", self._on_hold_end),
            self._listen(document, "pointercancel", self._on_hold_end),
            self._listen(window, "blur", self._on_hold_end),
            # A phone may close a hidden page without another word: save on the way out.
            self._listen(window, "pagehide", lambda event: self._flush()),
            self._listen(document, "visibilitychange", self._on_visibility),
            self._listen(window, "storage", self._on_storage),
            self._listen(self.root, "change", self._on_change),
        ]
        self._holding = None  # (name, data) of the [data-hold] control being held

    def _listen(self, target, name, handler):
        proxy = create_proxy(handler)
        target.addEventListener(name, proxy)
        return proxy

    def path(self) -> str:
        fragment = str(window.location.hash or "")
        return fragment[1:] if fragment.startswith("#") else fragment

    def route(self) -> None:
        # The first route takes over the page boot.js painted from the build's
        # pre-render: same markup, so the morph changes nothing, and where the visitor
        # scrolled to or put focus while Python started stays as it is.
        taking_over = self.screen is None
        if self.screen is not None:
            self.screen.close()
        try:
            self.screen = screen_for(self, self.path())
            self.refresh()
        except Exception:  # a broken screen must not leave a blank page
            self.show_error(traceback.format_exc())
            return
        if taking_over and self.root.contains(document.activeElement):
            return
        heading = self.root.querySelector("h1")
        if heading:
            heading.focus(to_js({"preventScroll": taking_over}, dict_converter=window.Object.fromEntries))
        if not taking_over:
            window.scrollTo(0, 0)

    def refresh(self) -> None:
        """Draw the current screen again. The page is morphed into the new markup, not
        replaced: what did not change stays the same element, so focus, scroll
        positions and transitions survive a redraw (and nothing flashes)."""
        focused = self._focus_selector()
        phase = self._phase()
        self._morph(self.root, str(self.screen.render()), "innerHTML")
        document.title = self.screen.title
        if self._phase() != phase:  # e.g. Start on a long new-game panel: play begins at the top
            window.scrollTo(0, 0)
        self._restore_focus(focused)
        self.screen.mounted()

    def _phase(self) -> str:
        section = self.root.querySelector("[data-phase]")
        return str(section.getAttribute("data-phase")) if section else ""

    def update(self, selector: str, markup: str) -> None:
        """Redraw one part of the screen (e.g. the board) without touching the rest."""
        element = self.root.querySelector(selector)
        if element:
            focused = self._focus_selector()
            self._morph(element, str(markup), "outerHTML")
            self._restore_focus(focused)

    def _morph(self, element, markup: str, style: str) -> None:
        morph = getattr(window, "Idiomorph", None)
        if not morph:  # the vendored script did not load: plain replacement still works
            if style == "innerHTML":
                element.innerHTML = markup
            else:
                element.outerHTML = markup
            return
        morph.morph(element, markup, to_js({"morphStyle": style}, dict_converter=window.Object.fromEntries))

    def _focus_selector(self) -> str | None:
        """A selector that finds the focused control again after a redraw: its id, or
        its data-* attributes (a board spot is known by what it stands for)."""
        active = document.activeElement
        if not active or active == document.body or not self.root.contains(active):
            return None
        if active.id:
            return "#" + str(window.CSS.escape(active.id))
        data = data_attributes(active)
        if not data:
            return None
        return str(active.tagName).lower() + "".join(
            f'[data-{_dashed(key)}="{window.CSS.escape(value)}"]' for key, value in sorted(data.items())
            if key not in ("state", "fresh")  # these change from one redraw to the next
        )

    def _restore_focus(self, selector: str | None) -> None:
        """Focus never falls to the page after an action: back to the same control if it
        is still there, else to where the screen says work goes on (focus_home). A
        modal dialog that is open (a hand-over, the end) takes focus to its first button."""
        active = document.activeElement
        dialog = self.root.querySelector("[role='dialog'][aria-modal='true']")
        if dialog and not dialog.contains(active):
            first = dialog.querySelector("[autofocus], button, a[href]")
            if first:
                first.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
                return
        if active and active != document.body and self.root.contains(active) and active.getClientRects().length:
            return  # still there and still shown (a control hidden by the redraw counts as gone)
        target = self.root.querySelector(selector) if selector else None
        if target and not target.getClientRects().length:
            target = next((e for e in self.root.querySelectorAll(selector) if e.getClientRects().length), None)
        if not target and selector is not None:
            home = self.screen.focus_home() if self.screen is not None else None
            target = self.root.querySelector(home) if home else None
        if target:
            target.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))

    def announce(self, text: str) -> None:
        """Say something to a screen reader (one polite live region for the whole app)."""
        region = document.getElementById("announcer")
        if region:
            region.textContent = ""
            region.textContent = text

    def set_path(self, path: str) -> None:
        """Put a path in the address bar without routing again (no hashchange)."""
        if self.path() != path:
            window.history.replaceState(None, "", "#" + path)

    def link(self, path: str) -> str:
        """The full address of a route on this site, for sharing."""
        return str(window.location.href).split("#")[0] + "#" + path

    def copy(self, text: str) -> None:
        """Copy to the clipboard; where the browser refuses, the link stays visible in
        the share panel to copy by hand."""
        try:
            window.navigator.clipboard.writeText(text)
        except Exception:
            pass

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
        window.console.error(detail)
        self.root.innerHTML = h(
            "section", {"class": "page", "data-screen": "error"},
            top_bar(),
            h("article", {"class": "page-body notice", "role": "alert"},
              h("h1", None, _("Something went wrong")),
              h("p", None, _("This screen hit an error. Your saved games are safe. Go back to the games and try again.")),
              h("pre", {"class": "error-detail", "lang": "en"}, detail.strip().splitlines()[-1]),
              h("p", None, h("a", {"class": "button", "href": "#/"}, _("Back to the games")))))
        document.title = _("Something went wrong — Gelateria")

    def _flush(self) -> None:
        if self.screen is not None:
            self._guard(self.screen.flush)

    def _on_visibility(self, event) -> None:
        if str(document.visibilityState) == "hidden":
            self._flush()

    def _on_storage(self, event) -> None:
        """Another tab wrote to storage; a save of the game on screen matters."""
        key = event.key
        if self.screen is not None and key and str(key).startswith(SAVE_PREFIX):
            self._guard(self.screen.on_storage, str(key)[len(SAVE_PREFIX):])

    def set_language(self, code: str) -> None:
        """The top bar's language switch: every word again in that language, the game
        on screen exactly where it was (the screen is drawn again, not opened again)."""
        code = i18n.set_language(code)
        self.prefs["language"] = code
        self.save_prefs()
        document.documentElement.lang = code
        if self.screen is not None:
            self.screen.language_changed()
        self.refresh()

    def _on_change(self, event) -> None:
        """A file picked in an <input data-import>: its text goes to the screen, read
        with a size bound first (the record checks the rest). The language switch."""
        target = event.target
        if target.hasAttribute("data-language"):
            self._guard(self.set_language, str(target.value))
            return
        if self.screen is None or not target.hasAttribute("data-import") or not target.files.length:
            return
        picked = target.files.item(0)
        if int(picked.size) > MAX_JSON_BYTES:
            self._guard(self.screen.on_import, "")
            return
        screen = self.screen
        picked.text().then(create_once_callable(lambda text: self._guard(screen.on_import, str(text))))

    def go(self, path: str) -> None:
        """Open a route as if the player followed a link to it."""
        window.location.hash = "#" + path

    def download(self, name: str, text: str) -> None:
        """Offer text as a file to keep (a game's record, when it cannot be saved)."""
        blob = window.Blob.new([text], to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        anchor = document.createElement("a")
        anchor.href, anchor.download = url, name
        document.body.appendChild(anchor)
        anchor.click()
        anchor.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)

    def _on_click(self, event) -> None:
        target = event.target.closest("[data-action]")
        # A missing element comes back from JavaScript as null (falsy), not None.
        if not target or self.screen is None:
            return
        event.preventDefault()
        data = data_attributes(target)
        form = target.closest("form")
        if form:
            # What the player typed travels with the click (see TableScreen.read_setup).
            data["form"] = form_fields(form)
        self._guard(self.screen.on_action, data.pop("action"), data)

    def _on_submit(self, event) -> None:
        """Enter in a form field: never a page load; the form's data-submit action."""
        event.preventDefault()
        action = event.target.getAttribute("data-submit")  # null (falsy) when absent
        if action and self.screen is not None:
            self._guard(self.screen.on_action, str(action), {"form": form_fields(event.target)})

    def _on_key(self, event) -> None:
        if self.screen is None or event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(event.target.tagName).lower()
        if tag in ("input", "textarea", "select"):
            return
        if tag in ("button", "a", "summary") and str(event.key) in ("Enter", " "):
            if event.target.hasAttribute("data-hold") and not event.repeat and self._holding is None:
                self._on_hold_start(event)
            return  # the focused control's own click, not a game shortcut
        if self._guard(self.screen.on_key, str(event.key)):
            event.preventDefault()

    def _on_key_up(self, event) -> None:
        if self._holding is not None and str(event.key) in (" ", "Enter"):
            self._on_hold_end(event)
        if self.screen is not None:
            self._guard(self.screen.on_key_up, str(event.key))

    def _on_hold_start(self, event) -> None:
        """Controls that work while held (data-hold="name"): a press starts, and letting
        go anywhere (or the window losing focus) ends it."""
        target = event.target.closest("[data-hold]")
        if not target or self.screen is None:
            return
        event.preventDefault()
        data = data_attributes(target)
        self._holding = (data.pop("hold"), data)
        self._guard(self.screen.on_hold, self._holding[0], data, True)

    def _on_hold_end(self, event=None) -> None:
        if self._holding is None or self.screen is None:
            return
        name, data = self._holding
        self._holding = None
        self._guard(self.screen.on_hold, name, data, False)

    def _guard(self, handler, *args):
        try:
            return handler(*args)
        except Exception:
            self.show_error(traceback.format_exc())
            return None


def start() -> App:
    # Marks for tests/bench/startup.py's breakdown: imports done, first screen drawn.
    window.performance.mark("gelateria:imported")
    app = App()
    app.route()
    window.performance.mark("gelateria:rendered")
    window.gelateriaReady()
    return app
