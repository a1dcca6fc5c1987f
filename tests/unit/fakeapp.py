"""One stand-in for web.app.App, for driving screens in CPython without a browser.

It has the App's shape (refresh, update, focus, later/cancel, now, prefs, saves,
set_path, link, copy, facts) and a fake clock: timers fire in time order when a test calls advance()
or run_timers(). With a screen attached (app.screen = …), refresh() renders it, so a
render that raises fails the test, and keeps the markup in app.page.
"""

from __future__ import annotations

import functools
from html.parser import HTMLParser

from gelateria.web.storage import MemoryBackend, SaveStore


class FakeApp:
    def __init__(self, prefs=None, saves=None, tick=0.0):
        self.prefs = dict(prefs or {})
        self.saves = saves or SaveStore(MemoryBackend())
        self.ms = 1000.0  # performance.now() is not 0 when a game starts
        self.tick = tick  # ms the clock moves at every look (to test time slicing)
        self.timers = {}  # handle -> (due ms, callback)
        self.next_id = 0
        self.screen = None
        self.page = ""
        self.refreshes = 0
        self.updates = []  # (selector, markup)
        self.attributes_set = []  # (selector, start tag)
        self.saved = 0
        self.path = ""
        self.copied = []
        self.downloads = []  # (file name, text)
        self.went = ""  # the route go() was asked to open
        self.announced = []  # what the live region said, in order
        self.focused = []  # (selector, if_idle) of each focus() asked for
        self.facts = {}  # what the page says about the browser (none: plain CPython)
        self.commands = []  # the live table's commands to the page (static/live.js), in order
        self.handing = []  # replies offered to another tab (hand_reply)
        self.input_ms = 0.0  # since_input: how long ago the click being answered was made

    @functools.cached_property
    def connections(self):
        """Made when a table first goes live, as the App's (web/app.py)."""
        from gelateria.web.live import Connections

        return Connections(lambda command, **fields: self.commands.append((command, fields)))

    # --- what screens call ------------------------------------------------------------

    def refresh(self):
        self.refreshes += 1
        if self.screen is not None:
            self.page = self.screen.render()
            self.screen.mounted()

    def update(self, selector, markup):
        self.updates.append((selector, markup))

    def set_attributes(self, selector, tag):
        self.attributes_set.append((selector, tag))

    def focus(self, selector, if_idle=False):
        self.focused.append((selector, if_idle))

    def announce(self, text):
        self.announced.append(text)

    def later(self, ms, callback):
        self.next_id += 1
        self.timers[self.next_id] = (self.ms + max(0, int(ms)), callback)
        return self.next_id

    def cancel(self, handle):
        self.timers.pop(handle, None)

    def now(self):
        self.ms += self.tick
        return self.ms

    def since_input(self):
        return self.input_ms  # (a test sets how long ago "the player clicked")

    def since(self, at):
        return 0.0  # (frames reach a page without a browser's event stamps)

    def save_prefs(self):
        self.saved += 1

    def set_path(self, path):
        self.path = path

    def link(self, path):
        return "http://127.0.0.1:8000/#" + path

    def copy(self, text):
        self.copied.append(text)

    def download(self, name, text):
        self.downloads.append((name, text))

    def go(self, path):
        self.went = path

    def hand_reply(self, code):
        self.handing.append(code)

    # --- what tests call --------------------------------------------------------------

    def _fire_next(self, until=None, late=0) -> bool:
        due = [(at, handle) for handle, (at, _) in self.timers.items() if until is None or at + late <= until]
        if not due:
            return False
        at, handle = min(due)
        _, callback = self.timers.pop(handle)
        self.ms = max(self.ms, at + late)
        callback()
        return True

    def advance(self, ms, late=0):
        """Move the clock on by ms, firing due timers in order (each `late` ms after its
        due time, as a busy or hidden page would)."""
        end = self.ms + ms
        while self._fire_next(until=end, late=late):
            pass
        self.ms = max(self.ms, end)

    def run_timers(self, limit=20_000):
        """Fire timers in time order until none are left (or limit); returns how many."""
        steps = 0
        while steps < limit and self._fire_next():
            steps += 1
        return steps

    def updated(self, part):
        """The markups sent to one named part of the screen ([data-part=…])."""
        return [m for s, m in self.updates if s == f'[data-part="{part}"]']


class Controls(HTMLParser):
    """Every clickable element (data-action) in a render, with its data-* attributes."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-action" in a and "disabled" not in a:
            data = {k[5:]: v for k, v in a.items() if k.startswith("data-") and k != "data-action"}
            self.found.append((a["data-action"], data))


def control_tags(html: str) -> list[str]:
    """The start tags that carry data-action (markup escapes "<" and ">" in attribute
    values): only these go to the parser, not a board's hundreds of other elements."""
    tags, at = [], html.find("data-action=")
    while at >= 0:
        start, end = html.rfind("<", 0, at), html.find(">", at)
        if end < 0:
            break
        if (start >= 0 and html[start + 1:start + 2].isalpha() and html[at - 1].isspace()
                and html.find(">", start, at) < 0 and html.find("<", at, end) < 0):
            tags.append(html[start:end + 1])
            at = end
        at = html.find("data-action=", at + 1)
    return tags


@functools.lru_cache(maxsize=1 << 14)
def _tag_controls(tag: str) -> tuple:
    parser = Controls()
    parser.feed(tag)
    return tuple((action, tuple(data.items())) for action, data in parser.found)


def controls(html: str) -> list[tuple[str, dict]]:
    """The (data-action, data-* attributes) of every enabled control in `html` (each start
    tag parsed once: a board draws the same spaces position after position)."""
    return [(action, dict(data)) for tag in control_tags(html) for action, data in _tag_controls(tag)]


def table_of(game_id):
    """`make_screen(app, rest)` for a game's table, as the app's routes open it."""
    from gelateria.web.routes import table_for

    return lambda app, rest=None: table_for(app, game_id, rest)


def click(table, action, data=None) -> bool:
    """A click on a table's control, as the player at the screen: True if it made a move."""
    moves = len(table.session.moves)
    table.on_action(action, data or {})
    return len(table.session.moves) > moves


def started(make_screen, seats=None, seed=7, app=None, options=None):
    """A FakeApp and a table screen, `make_screen(app, rest)`, started with these seats
    (default: the screen's own), this seed and these options (default: the screen's)."""
    app = app or FakeApp()
    screen = make_screen(app, [])
    if seats:
        screen.seats = seats
    if options:
        screen.options = {**screen.options, **options}
    screen.start(seed=seed)
    return app, screen
