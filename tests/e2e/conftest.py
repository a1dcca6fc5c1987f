"""End-to-end fixtures: the built site served on 127.0.0.1, one Chromium per session.

Most tests run on warm pages. A device (`Device`: a browser profile with the app open
and booted in its one page) is made once and lent to one test after another: a test
borrows what it needs (`watched`, `sized`, or `devices.take(...)` for more devices),
opens its routes in the address's fragment as a player follows a link, and hands the
devices back. Before a device is lent again it is reset (`Device.reset`): the app is
routed to a neutral page, the site's storage is cleared from another window of the
site (the app hears it, and starts over from empty storage as after a reload: no
saves, no preferences, a new device id), extra tabs are closed, and the viewport,
media and permissions are what a new profile has. A device whose test failed, or that
a test marks `spoils_pages`, is closed instead; a device no longer on the app (another
address, offline, another language) is replaced. Tests about a first visit (first
paint, warm start, bytes, install, offline, the service worker, a sub-path, storage as
the app finds it when it starts) open fresh profiles with `new_context` or
`persistent_context`: each is a cold Pyodide start, so two checks of one first visit
share one.

Every page is driven through `Settling` (a wrapper, not a patch of Playwright): after
each input a test makes, it waits until the app has answered. Every page's Python
imports are traced (see ImportTrace) and its Pyodide boots counted (printed at the end
of the session). Devices block requests that leave 127.0.0.1 (and record them), and
collect console errors, so each test can assert that the site is self-contained and
quiet. Screenshots of a failing test's pages land in test-results/.
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from serve import make_server  # noqa: E402

from gelateria.core.game import all_games, get_game  # noqa: E402

# Every game on the site, as the registry has them: a test about each game takes them from
# here (and the seats below), so a new game is in it without an edit. (Only the package's
# games are built into the site: the unit suite's own Dice Race, registered when both
# suites run in one session, is not.)
GAMES = sorted(game_id for game_id, game in all_games().items() if type(game).__module__.startswith("gelateria.games."))


def title_of(game_id: str) -> str:
    """The game's title as an English page shows it."""
    return get_game(game_id).title


def human_table(game_id: str) -> list[str]:
    """Seats for start_game: a human against the fewest "normal" bots the game is played with."""
    return ["human"] + ["normal"] * (get_game(game_id).min_players - 1)


def bot_table(game_id: str) -> list[str]:
    """Seats for start_game: only bots, the fewest the game is played with, of each offered
    level in turn from the easiest."""
    game = get_game(game_id)
    levels = game.type.offered_levels()
    return [levels[i % len(levels)] for i in range(game.min_players)]

BOOT_TIMEOUT_MS = 180_000  # a cold Pyodide start on a busy 2-core machine
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic", "--disable-dev-shm-usage",
]


def browser_path() -> str:
    found = os.environ.get("GELATERIA_BROWSER")
    for name in ([found] if found else []) + ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]:
        path = shutil.which(name) if name and not os.path.isabs(name) else name
        if path and os.path.exists(path):
            return path
    pytest.fail("No Chrome/Chromium found: run scripts/test.sh, which installs Debian's chromium")


def pytest_configure(config):
    config.addinivalue_line("markers", "fresh_profile: the test is about what the app does as it starts in a new "
                                       "profile (a first visit, storage as the app finds it): `watched` is a fresh "
                                       "context, not a warm device")
    config.addinivalue_line("markers", "spoils_pages: the test leaves its pages in a state no reset undoes "
                                       "(a script of its own still running): its devices are closed after it")


def pytest_collection_modifyitems(items):
    """Marks the browser tests, and puts the longest work first: scripts/test.sh hands
    whole files to its processes in this order (--no-loadscope-reorder), so the many
    short unit files fill the end of a run instead of one long file running alone."""
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: 0 if item.path in slow_files else 1 if item.get_closest_marker("e2e") else 2)


def _check_built():
    if not (ROOT / "static" / "wheels").is_dir() or not (ROOT / "sw-manifest.js").exists():
        pytest.fail("The site is not built: run scripts/build.sh (scripts/test.sh does it)")


class Site:
    """The site served on 127.0.0.1; `served` lists each request's (path, status).
    A path in `held` is answered only once its event is set (a test holds a file back)."""

    def __init__(self, base: str = "/", root: Path = ROOT):
        self.root = root
        self.server = make_server(0, base, root)
        self.served: list[tuple[str, int]] = []
        self.held: dict[str, threading.Event] = {}
        handler = self.server.RequestHandlerClass  # a partial: the handler class, its folder
        served, held = self.served, self.held

        class Logged(handler.func):
            def send_head(self):
                gate = held.get(self.path.split("?")[0])
                if gate is not None and not gate.wait(timeout=BOOT_TIMEOUT_MS / 1000):
                    raise AssertionError(f"{self.path} was held back and never let go")
                return super().send_head()

            def log_request(self, code="-", size="-"):
                served.append((self.path, int(code)))
                super().log_request(code, size)

        self.server.RequestHandlerClass = functools.partial(Logged, *handler.args, **handler.keywords)
        self.base = base
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}/" + (base.strip("/") + "/" if base.strip("/") else "")
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        for gate in self.held.values():
            gate.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def site():
    _check_built()
    s = Site()
    yield s
    s.close()


# Run in each page of the app before its script (PyScript's own hooks, so the page
# itself is unchanged): an audit hook in the app's worker reports each module Python
# imports, and what was loaded before it, on the console; and says once that this
# Python started (a boot). Attempts count, so an import that a try/except would have
# swallowed is seen too. (A page without PyScript, e.g. a frame, has nothing to trace.)
IMPORT_TRACE = """
addEventListener("DOMContentLoaded", () => {
  const core = document.querySelector('script[type="module"][src$="pyscript/core.js"]');
  if (!core) return;
  import(core.src).then(({ hooks }) => {
    const code = [
      "def _gelateria_trace():",
      "    import sys, js",
      "    if hasattr(sys, '_gelateria_traced'): return",
      "    sys._gelateria_traced = say = js.console.debug",
      "    say('gelateria-booted')",
      "    say('gelateria-imported ' + ' '.join(sys.modules))",
      "    def heard(event, args):",
      "        if event == 'import': say('gelateria-imported ' + args[0])",
      "    sys.addaudithook(heard)",
      "_gelateria_trace()",
      "del _gelateria_trace",
    ].join("\\n");
    // The app's script runs in a worker, with run() or runAsync().
    hooks.worker.codeBeforeRun.add(code);
    hooks.worker.codeBeforeRunAsync.add(code);
  }, (error) => console.error("The e2e import trace could not hook into PyScript: " + error));
});
"""


class ImportTrace:
    """The modules Python imported in the session's pages, and in the current test's.
    Each test then checks that none of them is a standard-library module missing from
    the python_stdlib.zip the build ships (trimmed by scripts/stdlib.py), and the
    session writes the library modules it saw to test-results/stdlib-traced.txt, from
    which `scripts/stdlib.py --traced` refreshes the list the build keeps.

    It also counts Pyodide boots (each a Python started from nothing in a page), by
    where they happened: "fresh" contexts a test opened, "devices" kept warm."""

    PREFIX = "gelateria-imported "
    BOOTED = "gelateria-booted"

    def __init__(self):
        self.session: set[str] = set()
        self.test: set[str] = set()
        self.tests = 0
        self.boots: dict[str, int] = {"fresh": 0, "devices": 0}
        self.devices = 0  # warm devices made (each one boot)

    def watch(self, context, where: str = "fresh"):
        context.add_init_script(IMPORT_TRACE)
        context.on("console", lambda message: self.heard(message, where))
        return context

    def heard(self, message, where: str):
        if message.type != "debug":
            return
        if message.text == self.BOOTED:
            self.boots[where] += 1
        elif message.text.startswith(self.PREFIX):
            names = message.text[len(self.PREFIX):].split()
            self.session.update(names)
            self.test.update(names)


TRACE = ImportTrace()


@functools.cache
def stdlib_modules(zip_path: Path) -> frozenset[str]:
    sys.path.insert(0, str(ROOT / "scripts"))
    from stdlib import modules_in

    with zipfile.ZipFile(zip_path) as zf:
        return frozenset(modules_in(zf.namelist()))


FULL_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
SHIPPED_STDLIB = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"


@pytest.fixture(autouse=True)
def stdlib_in_reach():
    """Fails a test whose pages imported a library module the shipped zip lacks."""
    TRACE.test = set()
    TRACE.tests += 1
    yield
    if not TRACE.test:
        return
    lacking = sorted((TRACE.test & stdlib_modules(FULL_STDLIB)) - stdlib_modules(SHIPPED_STDLIB))
    if lacking:
        pytest.fail(f"The page imported {', '.join(lacking)}, missing from the trimmed python_stdlib.zip: "
                    "add each to scripts/stdlib-safety.txt (or refresh scripts/stdlib-traced.txt)")


def pytest_terminal_summary(terminalreporter):
    if not TRACE.tests:
        return
    boots, made = TRACE.boots, TRACE.devices
    terminalreporter.write_line(
        f"cold Pyodide boots: {boots['fresh'] + boots['devices']} in {TRACE.tests} e2e tests "
        f"({boots['fresh']} in fresh contexts; {boots['devices']} on shared devices: {made} devices warmed up, "
        f"{boots['devices'] - made} reloads and new tabs in tests)")


def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: the controller adds up every worker's
        workeroutput["gelateria-trace"] = {"tests": TRACE.tests, "boots": TRACE.boots, "devices": TRACE.devices,
                                           "modules": sorted(TRACE.session)}
        return
    if TRACE.session and FULL_STDLIB.exists():
        out = ROOT / "test-results"
        out.mkdir(exist_ok=True)
        names = sorted(TRACE.session & stdlib_modules(FULL_STDLIB))
        (out / "stdlib-traced.txt").write_text(
            f"# The standard-library modules the pages of {TRACE.tests} e2e tests imported\n"
            + "".join(f"{n}\n" for n in names))


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """A pytest-xdist worker finished: what its pages imported and booted counts here."""
    heard = getattr(node, "workeroutput", {}).get("gelateria-trace")
    if heard:
        TRACE.tests += heard["tests"]
        TRACE.devices += heard["devices"]
        for where, n in heard["boots"].items():
            TRACE.boots[where] += n
        TRACE.session.update(heard["modules"])


# --- waiting for the app: inputs settle -------------------------------------------------

# The app's Python runs in a worker: a click reaches it as a message, and what it draws
# comes back as one. After each input a test makes, it waits until the app has finished
# with everything the page sent it (static/shell.js's idle()), as a player's eye waits
# for the screen to answer; then it reads the page.
SETTLED = "() => !window.gelateriaShell || window.gelateriaShell.idle()"

# What Playwright says when the page a wait was on went away or is loading another one.
PAGE_GONE = ("Execution context was destroyed", "has been closed", "Target closed", "frame was detached")


def settle(page) -> None:
    """Wait until the app has answered all the page sent it. An input that closed the
    page or loaded another document left nothing to wait for (the test waits for the
    new page itself); anything else, a timeout first, fails."""
    from playwright.sync_api import Error, TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(SETTLED, timeout=30_000)
    except PlaywrightTimeout:
        raise
    except Error as exc:
        if not any(words in str(exc) for words in PAGE_GONE):
            raise


# Inputs: the methods after which a test waits for the app's answer.
INPUTS = {
    "Page": {"click", "dblclick", "tap", "fill", "press", "type", "check", "uncheck", "select_option",
             "set_input_files", "dispatch_event"},
    "Locator": {"click", "dblclick", "tap", "fill", "press", "press_sequentially", "type", "check", "uncheck",
                "select_option", "set_input_files", "dispatch_event", "drag_to"},
    "Keyboard": {"press", "type", "down", "up", "insert_text"},
    "Mouse": {"click", "dblclick", "down", "up"},
    "Touchscreen": {"tap"},
    "BrowserContext": set(),
}


class Settling:
    """A Playwright page, locator, keyboard, mouse, touchscreen or context, as tests use
    it: every attribute is the object's own, except that an input (INPUTS) returns once
    the app has answered it (settle), and what it hands back (a locator, the page's
    keyboard, a new page...) is wrapped the same way. Arguments are unwrapped, so a
    wrapped page or locator can be passed to Playwright. Playwright itself is untouched."""

    def __init__(self, target, page):
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_page", page)  # the page whose app an input reaches (None: a context)
        object.__setattr__(self, "_inputs", INPUTS[type(target).__name__])

    @property
    def unwrapped(self):
        return self._target

    def __getattr__(self, name):
        value = getattr(self._target, name)
        if not callable(value):
            return _wrap(value, self._page)
        settles = name in self._inputs

        def call(*args, **kwargs):
            result = value(*(_unwrap(a) for a in args), **{k: _unwrap(v) for k, v in kwargs.items()})
            if settles:
                settle(self._page)
            return _wrap(result, self._page)

        return call

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)  # a test's own note on the page (e.g. its language)

    def __repr__(self):
        return f"Settling({self._target!r})"


def _wrap(value, page):
    from playwright.sync_api import BrowserContext, Keyboard, Locator, Mouse, Page, Touchscreen

    if isinstance(value, Page):
        return Settling(value, value)
    if isinstance(value, Locator):
        return Settling(value, value.page)
    if isinstance(value, (Keyboard, Mouse, Touchscreen)):
        return Settling(value, page)
    if isinstance(value, BrowserContext):
        return Settling(value, None)
    if isinstance(value, list):
        return [_wrap(v, page) for v in value]
    return value


def _unwrap(value):
    if isinstance(value, Settling):
        return value.unwrapped
    if isinstance(value, list):
        return [_unwrap(v) for v in value]
    return value


def settling(target):
    """`target` (a page, locator, context...) driven as tests drive it (Settling)."""
    return target if isinstance(target, Settling) else _wrap(target, None)


# --- browsers and fresh contexts ---------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=browser_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


def new_context(browser, **options):
    """A fresh browser profile (empty storage and caches: a first visit), its Python
    imports traced and its boots counted; its pages are Settling."""
    return settling(TRACE.watch(_unwrap(browser).new_context(**options)))


def persistent_context(browser, profile, **options):
    """A fresh browser profile kept on disk in `profile` (an HTTP cache as a visitor's
    is), traced and counted like new_context."""
    context = _unwrap(browser).browser_type.launch_persistent_context(
        profile, executable_path=browser_path(), args=CHROMIUM_ARGS, **options)
    return settling(TRACE.watch(context))


def block_foreign(context, watcher) -> None:
    """Requests that would leave 127.0.0.1 are refused, and noted in `watcher.foreign`."""
    def route(r):
        url = r.request.url
        host = url.split("/")[2] if "://" in url else ""
        if host.startswith("127.0.0.1") or url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            watcher.foreign.append(url)
            r.abort()

    context.route("**/*", route)


class Watched:
    """A page in a fresh context plus what it did: console errors (and requests that
    tried to leave 127.0.0.1, if the context blocks them: block_foreign)."""

    def __init__(self, context):
        self.context = settling(context)
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, url: str):
        self.page.goto(url)
        self.wait_ready()
        return self.page

    def wait_ready(self):
        self.page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)


# A phone and a desktop, the two sizes the layout tests check every game at.
SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
         "desktop": {"viewport": {"width": 1366, "height": 768}}}
# Layout shifts as the browser reports them (what Lighthouse calls CLS), summed into
# window.__shift from when a test resets it, leaving out those right after input;
# window.__shifts says what moved, for a failing test's message.
CLS_OBSERVER = """
window.__shift = 0; window.__shifts = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) {
    window.__shift += e.value;
    window.__shifts.push([Math.round(e.startTime), e.value.toFixed(4), ...(e.sources || []).map(s =>
      `${s.node ? (s.node.className && s.node.className.baseVal !== undefined ? s.node.className.baseVal : s.node.className || s.node.nodeName) : '?'} `
      + `${JSON.stringify([s.previousRect.y, s.previousRect.height])}->${JSON.stringify([s.currentRect.y, s.currentRect.height])}`)]);
  }
}).observe({type: 'layout-shift', buffered: true});
"""


# --- warm devices ------------------------------------------------------------------------

# Where a device waits between tests: an address no test opens ("No such page").
NEUTRAL = "#/e2e-between-tests"
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # a new context's, when a test names none

# Opens the page at the fragment `hash` as following a link there does (hashchange), and
# resolves once the page has told the app (shell.js hears hashchange first): then
# settle() waits for the app's answer. An address the page is at already is opened
# again by way of the neutral page, as a fresh load would show it anew.
GO = """async ([hash, neutral]) => {
  const go = (to) => new Promise((resolve) => {
    addEventListener("hashchange", resolve, { once: true });
    location.hash = to;
  });
  const wanted = new URL(hash, location.href).hash;
  if (location.hash === wanted) {
    if (wanted === new URL(neutral, location.href).hash) return;
    await go(neutral);
  }
  await go(hash);
}"""

# Clears the site's storage from another window of the site (a frame of this page: a
# page's own clear() is not told to itself), as another tab would: the app's page
# hears a storage event without a key, and its app starts over from what storage holds
# then (static/shell.js, gelateria.web.app: storage-cleared). A key is written first so
# that clear() always has something to clear, and so always tells. Resolves once the
# page heard it (after shell.js, which listened first, sent it to the app).
CLEAR_STORAGE = """() => new Promise((resolve, reject) => {
  const late = setTimeout(() => reject(new Error("the page was never told that storage was cleared")), 10000);
  addEventListener("storage", function heard(event) {
    if (event.key !== null) return;
    removeEventListener("storage", heard);
    clearTimeout(late);
    resolve();
  });
  const frame = document.createElement("iframe");
  frame.hidden = true;
  document.body.append(frame);
  const storage = frame.contentWindow.localStorage;
  storage.setItem("e2e.between-tests", "1");
  storage.clear();
  frame.remove();
})"""


def follow(page, url: str) -> None:
    """Open `url`, an address on the page's own site, as a player following a link
    there (the site's home for an address without a fragment): the app routes to it
    (no new Pyodide); returns once the app has answered."""
    fragment = url.partition("#")[2]
    page.evaluate(GO, ["#" + (fragment or "/"), NEUTRAL])
    settle(page)


class Device:
    """A browser profile (`options`: new_context's) with the app booted in its one page,
    lent to one test at a time; same API as Watched. `size` names the layout size a
    `sized` test asked for."""

    def __init__(self, browser, site: Site, options: dict):
        self.site = site
        self.options = options
        self.size: str | None = None
        self.spoiled = False  # a test changed its page's own code (a wrapped channel): closed after it, not lent again
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.context = settling(TRACE.watch(_unwrap(browser).new_context(**options), "devices"))
        try:
            self.context.add_init_script(CLS_OBSERVER)
            block_foreign(self.context, self)
            self.page = self.context.new_page()
            self.page.set_default_timeout(30_000)
            self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
            self.page.on("pageerror", lambda e: self.errors.append(str(e)))
            self.page.goto(site.url + NEUTRAL)
            self.wait_ready()
            # The first visit is over once the service worker has precached the app and
            # controls the page: tests then run on a steady page, as a returning player's.
            self.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
            self.lang = self.page.evaluate("document.documentElement.lang")
        except BaseException:
            self.context.close()  # (and what went wrong goes on up)
            raise
        TRACE.devices += 1

    def open(self, url: str):
        """The page at `url` of this site, as a player following a link there: the app
        routes to it (no new Pyodide). Another site's address loads it (and the device
        will not be lent again)."""
        if url.partition("#")[0] != self.page.url.partition("#")[0]:
            self.page.goto(url)
            self.wait_ready()
            return self.page
        follow(self.page, url)
        return self.page

    def wait_ready(self):
        self.page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)

    def usable(self) -> bool:
        """Still the app on this site, ready, online, in the browser's language."""
        if self.page.is_closed() or self.page.url.partition("#")[0] != self.site.url:
            return False
        state = self.page.evaluate("""() => [document.body.dataset.ready === '1' && !!window.gelateriaShell,
                                           navigator.onLine, document.documentElement.lang]""")
        return state == [True, True, self.lang]

    def park(self) -> None:
        """Put away after a test: its other tabs closed, the app at the neutral page (the
        screen the test left closed, so its timers and bots stop), the site's storage
        cleared and the app started over from it."""
        for page in self.context.pages:
            if page.unwrapped is not self.page.unwrapped:
                page.close()
        self.open(self.site.url + NEUTRAL)
        self.page.evaluate(CLEAR_STORAGE)
        settle(self.page)
        self.assert_clean()

    def assert_clean(self) -> None:
        """At the neutral page, with nothing in storage."""
        found = self.page.evaluate("() => [location.hash, Object.keys(localStorage), Object.keys(sessionStorage)]")
        assert found == [NEUTRAL, [], []], f"not reset: at {found[0]}, stored {found[1]}, session {found[2]}"

    def reset(self, viewport: dict, permissions: list[str]) -> None:
        """As the next test should find it (parked): only its page, at the neutral page,
        nothing in storage; a new profile's viewport, media and permissions; no layout
        shift counted, nothing heard yet."""
        if len(self.context.pages) > 1 or self.page.evaluate("location.hash") != NEUTRAL:
            self.park()
        self.assert_clean()
        self.context.clear_permissions()
        if permissions:
            self.context.grant_permissions(permissions)
        self.page.set_viewport_size(viewport)
        self.page.emulate_media(color_scheme="light", reduced_motion="no-preference")
        self.page.evaluate("() => { scrollTo(0, 0); window.__shift = 0; window.__shifts = []; }")
        self.foreign, self.errors = [], []

    def close(self):
        self.context.close()


class Devices:
    """The session's warm devices, by their context options, each lent to one test at a time."""

    def __init__(self, browser, site: Site):
        self.browser, self.site = browser, site
        self.idle: dict[tuple, list[Device]] = {}

    @staticmethod
    def key(options: dict) -> tuple:
        return tuple(sorted(options.items()))

    def lend(self, options: dict, viewport: dict, permissions: list[str]) -> Device:
        spare = self.idle.get(self.key(options), [])
        device = None
        while spare and device is None:
            device = spare.pop()
            if not device.usable():
                device.close()
                device = None
        if device is None:
            device = Device(self.browser, self.site, options)
            device.park()
        try:
            device.reset(viewport, permissions)
        except BaseException:
            device.close()  # (and what went wrong goes on up)
            raise
        return device

    def give_back(self, device: Device) -> None:
        """A device a test is done with, parked (device.park) until it is lent again."""
        try:
            device.park()
        except BaseException:
            device.close()  # (and what went wrong goes on up)
            raise
        self.idle.setdefault(self.key(device.options), []).append(device)

    def close(self):
        for spare in self.idle.values():
            for device in spare:
                device.close()


@pytest.fixture(scope="session")
def warm(browser, site):
    pool = Devices(browser, site)
    yield pool
    pool.close()


class Lent:
    """The devices one test borrowed: `take` mirrors new_context's options (a viewport
    and permissions are the page's, the rest choose the kind of device)."""

    def __init__(self, pool: Devices):
        self.pool = pool
        self.taken: list[Device] = []

    def take(self, viewport: dict | None = None, permissions: list[str] | None = None, **options) -> Device:
        # (a device that names no language speaks English, as one that names en-US: one warm kind, not two)
        options = {"locale": "en-US", **options}
        device = self.pool.lend(options, dict(viewport or DEFAULT_VIEWPORT), list(permissions or []))
        self.taken.append(device)
        return device


def screenshot_failed(request, pages) -> None:
    """A failed test's pages, as they were, in test-results/<test>.png (and -2, -3...)."""
    out = ROOT / "test-results"
    out.mkdir(exist_ok=True)
    for n, page in enumerate(p for p in pages if not p.is_closed()):
        page.screenshot(path=str(out / f"{request.node.name}{'' if n == 0 else f'-{n + 1}'}.png"), full_page=True)


@pytest.fixture
def devices(warm, request):
    """Warm devices for this test (`devices.take(...)`), handed back after it; closed
    instead if the test failed or is marked spoils_pages, or spoiled the device's page."""
    lent = Lent(warm)
    yield lent
    failed = request.node.rep_call.failed if hasattr(request.node, "rep_call") else True
    problems = []
    if failed:
        try:
            screenshot_failed(request, [device.page for device in lent.taken])
        except Exception as exc:
            problems.append(exc)
    for device in lent.taken:
        try:
            if failed or device.spoiled or request.node.get_closest_marker("spoils_pages"):
                device.close()
            else:
                warm.give_back(device)
        except Exception as exc:
            problems.append(exc)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise ExceptionGroup("handing back this test's devices", problems)


@pytest.fixture
def watched(request):
    """A desktop page with the app ready: a warm device; for a test marked fresh_profile,
    a page in a fresh profile (`fresh`), the app not loaded yet."""
    if request.node.get_closest_marker("fresh_profile"):
        return request.getfixturevalue("fresh")
    return request.getfixturevalue("devices").take(viewport={"width": 1280, "height": 860})


@pytest.fixture(params=list(SIZES))
def sized(devices, request):
    """A page at each of SIZES (`.size` names it), counting layout shifts from 0."""
    device = devices.take(**SIZES[request.param])
    device.size = request.param
    return device


@pytest.fixture
def fresh(browser, request):
    """A page in a fresh profile (a first visit: nothing cached, nothing stored; the
    app not loaded yet), at 1280x860; screenshot if the test fails."""
    context = new_context(browser, viewport={"width": 1280, "height": 860})
    watched = Watched(context)
    block_foreign(context, watched)
    yield watched
    try:
        if request.node.rep_call.failed if hasattr(request.node, "rep_call") else True:
            screenshot_failed(request, [watched.page])
    finally:
        context.close()


def start_game(page, game: str, seats: list[str], seed=None, names: dict | None = None,
               options: dict | None = None, pace: str | None = None):
    """Fill a game's new-game panel as a player would and start: `seats` gives each
    seat's choice ("human" or a bot level; players are added as needed), `names` names
    seats by number, `options` picks values of other selects by CSS selector, `pace`
    ("Fast", "Instant", ...) is clicked once play begins."""
    page.wait_for_selector(f"[data-game='{game}'][data-phase='setup']")
    for seat in range(page.locator(".seat-row").count(), len(seats)):
        page.get_by_role("button", name="Add player").click()
        page.wait_for_selector(f".seat-row[data-seat='{seat}']")
    for seat, kind in enumerate(seats):
        page.select_option(f"select[name='seat{seat}_kind']", kind)
    for seat, name in (names or {}).items():
        page.fill(f"#seat{seat}_name", name)
    for select, value in (options or {}).items():
        page.select_option(select, value)
    if seed is not None:
        page.fill("#seed", str(seed))
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector(f"[data-game='{game}'][data-phase='play']")
    if pace:
        chip = page.get_by_role("button", name=pace, exact=True)
        if chip.is_visible():
            chip.click()
        else:  # a phone: the bot-speed chips are in the "More" sheet
            page.get_by_role("button", name="More").click()
            chip.click()
            page.locator("#more-sheet").get_by_role("button", name="Close").click()


def snapshot_outcome(page) -> str:
    """Once the page's Python has the interpreter snapshot a return visit starts from:
    "restored" (it started from one), or what its maker said a few seconds after Python
    was up (static/pyodide-snapshot-maker.mjs): "stored", or why not."""
    said = "/^snapshot:(restored|stored|not stored)/"
    page.wait_for_function(f"performance.getEntriesByType('mark').some(m => {said}.test(m.name))", timeout=BOOT_TIMEOUT_MS)
    return page.evaluate(f"""performance.getEntriesByType('mark').map(m => m.name)
                             .filter(n => {said}.test(n)).pop().slice('snapshot:'.length)""")


def wait_in_page(page, expression: str, timeout_ms: float, every_ms: int = 100) -> None:
    """Wait until `expression` is true in the page, asked every `every_ms` (the benches,
    while the page they time starts). Playwright's wait_for_function would first put its
    own 330 KB script into the page: at a phone's slowed CPU, 60-80 ms of the page's main
    thread in the middle of its start, which a bench would count as the app's."""
    from playwright.sync_api import TimeoutError as Timeout

    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(f"!!({expression})"):
        if time.monotonic() > deadline:
            raise Timeout(f"not true after {timeout_ms / 1000:.0f} s: {expression}")
        page.wait_for_timeout(every_ms)


def each_language(page):
    """The page switched by its language menu to English, Japanese and Korean in turn,
    each yielded once the page speaks it, then back to English: a device is lent on in
    the language it came in."""
    for lang in ("en", "ja", "ko", None):
        page.select_option("select[data-language]", lang or "en")
        page.wait_for_function(f"document.documentElement.lang === '{lang or 'en'}'")
        if lang:
            yield lang


def take_seat(page, seat: int = 0) -> None:
    """A game opened from a link asks which player you are (issue 30): answer `seat`."""
    page.locator(f"[data-chooser] [data-action='take-seat'][data-seat='{seat}']").click()
    page.wait_for_selector("[data-chooser]", state="detached")


def assert_no_saved_games(page, site) -> None:
    """The home screen lists nothing under Continue or Finished (a practice or guided
    game is never saved)."""
    page.goto(site.url + "#/")
    page.wait_for_selector("[data-screen='home']")
    assert page.locator("[data-continue], [data-history]").count() == 0


def think_stats(page, attribute: str = "data-think") -> tuple[int, float, float]:
    """A table's bot think times as it reports them: count, median ms, worst ms."""
    count, median, worst = (float(v) for v in page.locator(f"[{attribute}]").get_attribute(attribute).split(","))
    return int(count), median, worst


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)
