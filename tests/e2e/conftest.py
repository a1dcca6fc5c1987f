"""End-to-end fixtures: the built site served on 127.0.0.1, one Chromium per session.

Every page blocks requests that leave 127.0.0.1 (and records them), and collects
console errors, so each test can assert that the site is self-contained and quiet.
Every page's Python imports are traced (see ImportTrace). Screenshots of failing tests
land in test-results/.
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
import threading
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from serve import make_server  # noqa: E402

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


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def _check_built():
    if not (ROOT / "static" / "wheels").is_dir() or not (ROOT / "sw-manifest.js").exists():
        pytest.fail("The site is not built: run scripts/build.sh (scripts/test.sh does it)")


class Site:
    """The site served on 127.0.0.1; `served` lists each request's (path, status)."""

    def __init__(self, base: str = "/", root: Path = ROOT):
        self.root = root
        self.server = make_server(0, base, root)
        self.served: list[tuple[str, int]] = []
        handler = self.server.RequestHandlerClass  # a partial: the handler class, its folder
        served = self.served

        class Logged(handler.func):
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
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def site():
    _check_built()
    s = Site()
    yield s
    s.close()


@pytest.fixture(scope="session")
def sub_site():
    _check_built()
    s = Site("/gelateria-box/")
    yield s
    s.close()


# Run in each page of the app before its script (PyScript's own hooks, so the page
# itself is unchanged): an audit hook in the app's worker reports each module Python
# imports, and what was loaded before it, on the console. Attempts count, so an import that a try/except
# would have swallowed is seen too.
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
  }).catch(() => {});
});
"""


class ImportTrace:
    """The modules Python imported in the session's pages, and in the current test's.
    Each test then checks that none of them is a standard-library module missing from
    the python_stdlib.zip the build ships (trimmed by scripts/stdlib.py), and the
    session writes the library modules it saw to test-results/stdlib-traced.txt, from
    which `scripts/stdlib.py --traced` refreshes the list the build keeps."""

    PREFIX = "gelateria-imported "

    def __init__(self):
        self.session: set[str] = set()
        self.test: set[str] = set()
        self.tests = 0

    def watch(self, context):
        context.add_init_script(IMPORT_TRACE)
        context.on("console", self.heard)
        return context

    def heard(self, message):
        if message.type == "debug" and message.text.startswith(self.PREFIX):
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


def pytest_sessionfinish(session):
    if TRACE.session and FULL_STDLIB.exists():
        out = ROOT / "test-results"
        out.mkdir(exist_ok=True)
        names = sorted(TRACE.session & stdlib_modules(FULL_STDLIB))
        (out / "stdlib-traced.txt").write_text(
            f"# The standard-library modules the pages of {TRACE.tests} e2e tests imported\n"
            + "".join(f"{n}\n" for n in names))


# The app's Python runs in a worker: a click reaches it as a message, and what it draws
# comes back as one. After each input a test makes, it waits until the app has finished
# with everything the page sent it (static/shell.js's idle()), as a player's eye waits
# for the screen to answer; then it reads the page.
SETTLED = "() => !window.gelateriaShell || window.gelateriaShell.idle()"


# What Playwright says when the page a wait was on went away or is loading another one.
PAGE_GONE = ("Execution context was destroyed", "has been closed", "Target closed", "frame was detached")


def _settle(page) -> None:
    """Wait until the app has answered all the page sent it. A page that went away or is
    loading another one has nothing to wait for; anything else, a timeout first, fails."""
    from playwright.sync_api import Error, TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(SETTLED, timeout=30_000)
    except PlaywrightTimeout:
        raise
    except Error as exc:
        if not any(words in str(exc) for words in PAGE_GONE):
            raise


def _settling(method, page_of):
    @functools.wraps(method)
    def act(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        _settle(page_of(self))
        return result
    return act


def settle_after_input() -> None:
    from playwright.sync_api import Keyboard, Locator, Mouse, Page, Touchscreen

    inputs = ("click", "dblclick", "tap", "fill", "press", "press_sequentially", "type", "check", "uncheck",
              "select_option", "set_input_files", "dispatch_event", "drag_to")
    for cls, page_of in ((Locator, lambda loc: loc.page), (Page, lambda page: page)):
        for name in inputs:
            if hasattr(cls, name):
                setattr(cls, name, _settling(getattr(cls, name), page_of))
    # The keyboard, mouse and touchscreen are told their page when a test takes them.
    for prop, cls in (("keyboard", Keyboard), ("mouse", Mouse), ("touchscreen", Touchscreen)):
        getter = getattr(Page, prop).fget

        def device(page, getter=getter):
            found = getter(page)
            found._settle_page = page
            return found
        setattr(Page, prop, property(device))
        for name in ("press", "type", "down", "up", "click", "dblclick", "tap", "insert_text"):
            if hasattr(cls, name):
                setattr(cls, name, _settling(getattr(cls, name), lambda d: d._settle_page))


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    settle_after_input()

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=browser_path(), args=CHROMIUM_ARGS)
        # Every context a test opens is traced, persistent profiles too.
        new_context, persistent = b.new_context, pw.chromium.launch_persistent_context
        b.new_context = lambda *args, **kwargs: TRACE.watch(new_context(*args, **kwargs))
        pw.chromium.launch_persistent_context = lambda *args, **kwargs: TRACE.watch(persistent(*args, **kwargs))
        yield b
        b.close()


class Watched:
    """A page plus what it did: requests that tried to leave 127.0.0.1, console errors."""

    def __init__(self, context):
        self.context = context
        self.page = context.new_page()
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


@pytest.fixture(params=list(SIZES))
def sized(browser, request):
    """A page at each of SIZES (`.size` names it), counting layout shifts."""
    context = browser.new_context(**SIZES[request.param])
    context.add_init_script(CLS_OBSERVER)
    watched = Watched(context)
    watched.size = request.param
    yield watched
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


@pytest.fixture
def watched(browser, request):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    w = Watched(context)

    def route(r):
        host = r.request.url.split("/")[2] if "://" in r.request.url else ""
        if host.startswith("127.0.0.1") or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            w.foreign.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    yield w
    if request.node.rep_call.failed if hasattr(request.node, "rep_call") else False:
        out = ROOT / "test-results"
        out.mkdir(exist_ok=True)
        try:
            w.page.screenshot(path=str(out / f"{request.node.name}.png"), full_page=True)
        except Exception:
            pass
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)
