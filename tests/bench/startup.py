"""Startup benchmark: the app against a bare PyScript + Pyodide page, in one run.

    bash scripts/build.sh && .venv/bin/python tests/bench/startup.py [--rounds 7] [--no-lighthouse]

Serves a copy of the built site (the files sw-manifest.js lists, as build.sh wrote
them) plus two extra pages, and loads, --rounds times, alternating:
  (a) the app, at three routes: home (#/), a rules page (#/gelati/rules) and a shared
      game link (a finished Gelati game of two bots, made here in CPython);
  (b) a bare page with the same PyScript and Pyodide and no app code (no packages, a
      one-line script that marks the page ready), and, warm only, the same page with
      the app's wheel installed by Pyodide's own loader (what installing it would cost:
      the app imports it as a zip instead, static/pyodide-progress.mjs);
  (c) the app, warm, with service workers blocked (from the HTTP cache, like the bare
      page), to see what serving from the service worker's cache does to a warm start;
  (d) the app with its wheel installed through micropip (PyScript's default) if
      pyscript.toml says packages_cache = "passthrough" (the wheel's address handed to
      static/pyodide-progress.mjs), else with passthrough — to show which is faster.
Cold is a browser with a fresh profile on disk (empty HTTP cache, no service worker);
warm is a second load in the same browser (the app from its service worker, Python from
the interpreter snapshot the first load left; the bare page from the HTTP cache). Medians are printed side by side, with the issue's targets marked.

What each figure is (all times from the start of navigation, read by the page):
  FCP, LCP   paint timing and the last 'largest-contentful-paint' entry, read once the
             page is ready and has drawn two more frames;
  ready      body[data-ready='1'] set (a MutationObserver sees it);
  TBT        sum over main-thread long tasks (PerformanceObserver 'longtask', from an
             init script so it sees the whole load) of (duration - 50 ms), up to ready;
  longest    the longest task; "after paint" the longest that starts after FCP;
  CLS        layout shifts without recent input, summed up to ready;
  bytes      counted at the server: every byte it wrote to its sockets (headers too),
             from the navigation until ready — and on a first visit of the app until the
             service worker controls the page, i.e. its precache downloads included.
             The server gzips what GitHub Pages gzips (scripts/serve.py): "sent" is what
             a visitor downloads, "raw" the same with each file body at its full size.
The warm-start breakdown splits the time to ready at events PyScript and Pyodide
emit (see PHASES). Then Lighthouse 12.2.3 (tests/bench/lighthouse.py) audits the home
route, desktop and mobile. The last line is every figure as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))
sys.path.insert(0, str(ROOT / "py"))

import build  # noqa: E402
import lighthouse  # noqa: E402
from conftest import BOOT_TIMEOUT_MS, CHROMIUM_ARGS, SIZES, Site, browser_path, snapshot_outcome, wait_in_page  # noqa: E402

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./static/vendor/pyscript/core.js"></script></head>
<body><script type="py" config="./bare.toml">
from pyscript import document
document.body.dataset.ready = "1"
</script></body></html>
"""
# The bare page runs Pyodide as npm ships it (the whole standard library, as source):
# the baseline the app is measured against, not the site's trimmed, compiled copy.
BARE_TOML = 'interpreter = "./stock-pyodide/pyodide.mjs"\n'
PASSTHROUGH = re.compile(r'^packages_cache\s*=\s*"passthrough"\s*$', re.M)

# Installed in every page before its own scripts run: records what the figures need
# in window.__bench (times are performance.now(), ms since navigation start).
OBSERVE = """(() => {
  const b = window.__bench = {progress: {}, wasm: [], tasks: [], lcp: null, lcpElement: null, cls: 0,
                              pyReady: null, ready: null};
  const now = () => performance.now();
  // PyScript's boot steps ("Loading interpreter", "Loaded interpreter", ...): first time each.
  addEventListener('py:progress', (e) => {
    const d = String(e.detail);
    if (!(d in b.progress)) b.progress[d] = now();
  });
  // Dispatched on the <script type="py"> (bubbling) just before PyScript runs its code.
  addEventListener('py:ready', () => { if (b.pyReady === null) b.pyReady = now(); }, true);
  new PerformanceObserver((l) => { for (const e of l.getEntries()) b.tasks.push([e.startTime, e.duration]); })
    .observe({type: 'longtask', buffered: true});
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      b.lcp = e.startTime;
      const el = e.element;
      b.lcpElement = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
        + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/)[0] : '') : '?';
    }
  }).observe({type: 'largest-contentful-paint', buffered: true});
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput && b.ready === null) b.cls += e.value;
  }).observe({type: 'layout-shift', buffered: true});
  // Pyodide compiles and instantiates its wasm with one of these: time each call.
  for (const name of ['instantiateStreaming', 'compileStreaming', 'instantiate', 'compile']) {
    const real = WebAssembly[name];
    if (!real) continue;
    WebAssembly[name] = function (...args) {
      const start = now();
      return real.apply(this, args).then((r) => { b.wasm.push({name, start, end: now()}); return r; });
    };
  }
  new MutationObserver(() => {
    if (b.ready === null && document.body && document.body.dataset.ready === '1') b.ready = now();
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
})();"""

# Read once the page is ready, after two more frames (so the paint of the first
# screen has been reported).
COLLECT = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const b = window.__bench;
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
  const fetched = (re) => {
    const e = performance.getEntriesByType('resource').find((e) => re.test(e.name.split('?')[0]));
    return e ? [e.startTime, e.responseEnd] : null;
  };
  const mark = (n) => { const e = performance.getEntriesByName(n, 'mark')[0]; return e ? e.startTime : null; };
  done({...b, fcp: paint['first-contentful-paint'] ?? null,
        fetches: {wasm: fetched(/pyodide\\.asm\\.wasm$/), stdlib: fetched(/python_stdlib\\.zip$/),
                  wheel: fetched(/gelateria-[^/]*\\.whl$/)},
        imported: mark('gelateria:imported'), rendered: mark('gelateria:rendered'),
        pyodideLoading: mark('pyodide:loading'), pyodideLoaded: mark('pyodide:loaded')});
})))"""

# The boot as a sequence of moments; each breakdown row spans from the previous
# moment to its own, so the rows add up to the time to ready. A moment the page does
# not have (the bare page has no app marks) leaves its row empty and the time falls
# into the next row.
PHASES = [
    ("page, PyScript core, config, pyodide.mjs", "to py:progress 'Loading interpreter'"),
    ("Pyodide JS glue (pyodide.asm.mjs, lock file)", "to the wasm instantiate call"),
    ("wasm compile + instantiate", "the WebAssembly.instantiate(Streaming) call"),
    ("interpreter start, stdlib mount, wheel install", "to py:progress 'Loaded interpreter'"),
    ("PyScript setup after the interpreter", "to py:ready on the script"),
    ("app imports (+ PyScript's run prelude)", "to mark gelateria:imported"),
    ("first render", "to mark gelateria:rendered"),
    ("to ready", "to body[data-ready='1']"),
]
OVERLAPS = [("wasm", "pyodide.asm.wasm fetch"), ("stdlib", "python_stdlib.zip fetch"), ("wheel", "app wheel fetch")]

# Targets from issue 20 (on this machine).
LCP_TARGET_MS = 1000
TASK_AFTER_PAINT_MS = 200
READY_RATIO = 1.00
FIRST_VISIT_BYTES = 11_000_000  # decimal MB, as the issue counts them


class Tally:
    """What the server wrote to its sockets since reset(): all bytes, and each file
    it sent in full: (path, body bytes as sent, the file's own size)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.sent = 0
            self.files: list[tuple[str, int, int]] = []

    def snapshot(self) -> tuple[int, list[tuple[str, int, int]]]:
        with self.lock:
            return self.sent, list(self.files)


class CountingWriter:
    def __init__(self, inner, tally: Tally):
        self.inner, self.tally = inner, tally

    def write(self, data):
        with self.tally.lock:
            self.tally.sent += len(data)
        return self.inner.write(data)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def count_bytes(site: Site) -> Tally:
    """Make the site's server count what it sends (serve.make_server hands the server
    functools.partial(handler class, directory=...))."""
    tally = Tally()
    made = site.server.RequestHandlerClass
    base = made.func

    class Counting(base):
        def setup(self):
            super().setup()
            self.wfile = CountingWriter(self.wfile, tally)

        def copyfile(self, source, outputfile):
            with tally.lock:
                before = tally.sent
            super().copyfile(source, outputfile)
            path = Path(self.translate_path(self.path))
            path = path / "index.html" if path.is_dir() else path
            with tally.lock:
                sent = tally.sent - before  # (0: a 304, no body: the file was not sent again)
                tally.files.append((str(path), sent, path.stat().st_size if sent else 0))

    site.server.RequestHandlerClass = partial(Counting, *made.args, **made.keywords)
    return tally


def priced(sent: int, files: list[tuple[str, int, int]]) -> dict:
    """Bytes as sent, and as they would be with every file body at its full size."""
    return {"sent": sent, "raw": sent - sum(n for _, n, _ in files) + sum(size for _, _, size in files),
            "files": len(files)}


def shared_link() -> str:
    """The route a shared link opens: a finished Gelati game (two normal bots, seed 5,
    seat 1 named as a human), encoded as the app's share button does."""
    from gelateria.core.game import get_game
    from gelateria.core.record import Record, Seat, encode
    from gelateria.core.session import play

    record = play(get_game("gelati"), ["normal", "normal"], 5).record
    seats = [Seat("human", "Ana"), Seat("bot", "Bo", "normal")]
    return "#/gelati/game/" + encode(Record("gelati", seats, 5, dict(record.options), list(record.moves)))


def read_manifest() -> dict:
    """The precache list exactly as scripts/build.py last wrote it."""
    text = (ROOT / "sw-manifest.js").read_text()
    return json.loads(text[text.index("{"):text.rindex("}") + 1])


def prepare(work: Path) -> tuple[dict, str]:
    """The built site plus the bare page, the bare page with the wheel, and the app
    with the other install path; returns the manifest and that variant's label."""
    manifest = read_manifest()
    build.export(work, manifest)
    stock = work / "stock-pyodide"
    stock.mkdir()
    for name in [*build.PYODIDE_FILES, "python_stdlib.zip"]:
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, stock / name)
    (work / "bare.html").write_text(BARE_HTML)
    (work / "bare.toml").write_text(BARE_TOML)
    toml = (work / "pyscript.toml").read_text()
    # The bare page plus the app's wheel, installed as pyscript.toml installs it: the
    # difference to the bare page is the wheel install alone.
    (work / "wheel.html").write_text(BARE_HTML.replace("./bare.toml", "./wheel.toml"))
    (work / "wheel.toml").write_text(BARE_TOML + "".join(re.findall(r"^packages.*\n", toml, re.M)))
    if PASSTHROUGH.search(toml):
        other, label = PASSTHROUGH.sub("", toml), "micropip"
        # micropip itself may be left out of the precache (the app does not load it):
        # serve it anyway, from the vendored copy, for this variant.
        for wheel in (ROOT / "static" / "vendor" / "pyodide").glob("micropip-*.whl"):
            if not (work / wheel.relative_to(ROOT)).exists():
                shutil.copy2(wheel, work / wheel.relative_to(ROOT))
    else:
        other, label = toml + '\npackages_cache = "passthrough"\n', "passthrough"
    (work / "other.toml").write_text(other)
    index = (work / "index.html").read_text()
    if "./pyscript.toml" not in index:
        sys.exit("startup: index.html no longer names ./pyscript.toml; update prepare()")
    (work / "other.html").write_text(index.replace("./pyscript.toml", "./other.toml"))
    return manifest, label


class BootFailed(Exception):
    pass


class Crashed(BootFailed):
    """The browser, not the page, failed: worth one more try."""


class Bench:
    def __init__(self, playwright, site: Site, tally: Tally):
        self.playwright, self.site, self.tally = playwright, site, tally
        self.variant_failed: str | None = None  # why the other-install-path page could not start

    @contextmanager
    def profile(self, service_workers: str = "allow"):
        """A browser with a fresh profile on disk, removed after. (Playwright's
        in-memory contexts keep no HTTP cache entry as big as pyodide.asm.wasm; a
        visitor's browser does, so its service worker's precache revalidates the wasm
        with a 304 instead of downloading it again.)"""
        folder = tempfile.mkdtemp(prefix="gelateria-profile-")
        context = self.playwright.chromium.launch_persistent_context(
            folder, executable_path=browser_path(), args=CHROMIUM_ARGS, service_workers=service_workers,
            **SIZES["desktop"])
        context.add_init_script(OBSERVE)
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(folder, ignore_errors=True)

    def load(self, context, path: str, what: str, until_sw: bool = False) -> dict:
        """Open `path` in a new page of `context`; the page's figures and the bytes the
        server sent meanwhile (with until_sw, until the service worker controls it)."""
        from playwright.sync_api import Error, TimeoutError as Timeout

        page = context.new_page()
        self.tally.reset()
        step = "was not ready"
        try:
            page.goto(self.site.url + path, wait_until="commit", timeout=60_000)
            wait_in_page(page, "window.__bench.ready !== null || document.body?.dataset.bootError === '1'",
                         BOOT_TIMEOUT_MS)
            if page.evaluate("document.body.dataset.bootError === '1'"):
                words = " ".join(page.inner_text("#boot-error").split())
                raise BootFailed(f"{what} failed to boot: "
                                 + (words if len(words) < 400 else words[:150] + " … " + words[-250:]))
            sample = page.evaluate(COLLECT)
            if until_sw:
                step = "had no service worker in control (precache unfinished?)"
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
                # (and the interpreter snapshot a first visit that lasts a few seconds leaves)
                step = "left no interpreter snapshot"
                outcome = snapshot_outcome(page)
                if outcome.startswith("not stored"):
                    raise BootFailed(f"{what}: no interpreter snapshot ({outcome})")
        except Timeout:
            last = page.evaluate("Object.keys(window.__bench.progress).pop() || 'none'")
            raise BootFailed(f"{what} {step} after {BOOT_TIMEOUT_MS / 1000:.0f} s; "
                             f"last PyScript step: {last}") from None
        except Error as error:  # e.g. "Target crashed": the renderer died
            raise Crashed(f"{what}: {error.message.splitlines()[0]}") from None
        sample["bytes"] = self.tally.snapshot()
        page.close()
        return sample

    def round(self, routes: dict[str, str], other: str) -> dict:
        """One round; keys are (page, route, cold|warm)."""
        got = {}
        with self.profile() as context:
            got["app", "home", "cold"] = self.load(context, routes["home"], "app home, cold", until_sw=True)
            for route, path in routes.items():
                got["app", route, "warm"] = self.load(context, path, f"app {route}, warm")
        # The app's warm start without its service worker (from the HTTP cache, like
        # the bare page): what serving from the service worker's cache costs or saves.
        with self.profile(service_workers="block") as context:
            self.load(context, routes["home"], "app without service worker, cold")
            got["app (no SW)", "home", "warm"] = self.load(context, routes["home"], "app without service worker, warm")
        with self.profile() as context:
            got["bare", "home", "cold"] = self.load(context, "bare.html", "bare, cold")
            got["bare", "home", "warm"] = self.load(context, "bare.html", "bare, warm")
            # Everything but the wheel is in the HTTP cache now: a warm start plus the wheel.
            got["bare+wheel", "home", "warm"] = self.load(context, "wheel.html", "bare + wheel, warm")
        if not self.variant_failed:
            with self.profile() as context:
                try:
                    got[other, "home", "cold"] = self.load(context, "other.html", f"{other}, cold", until_sw=True)
                    got[other, "home", "warm"] = self.load(context, "other.html", f"{other}, warm")
                except Crashed:
                    raise
                except BootFailed as failure:
                    self.variant_failed = str(failure)
                    got.pop((other, "home", "cold"), None)
        for route in ("rules", "link"):
            with self.profile() as context:
                got["app", route, "cold"] = self.load(context, routes[route], f"app {route}, cold")
        return got


def figures(s: dict) -> dict:
    """One load's figures."""
    fcp = s["fcp"]
    ends = s["ready"]
    tasks = [(start, d) for start, d in s["tasks"] if start < ends]
    after = None if fcp is None else max((d for start, d in tasks if start >= fcp), default=0.0)
    wasm = max(s["wasm"], key=lambda w: w["end"] - w["start"], default=None)
    # The app's Python starts in a worker, out of the page's sight: its loader marks the
    # page's timeline (pyodide:loading, pyodide:loaded; static/pyodide-progress.mjs),
    # and the wasm call is not seen (its time is in the interpreter row).
    moments = [s["progress"].get("Loading interpreter", s.get("pyodideLoading")), wasm and wasm["start"],
               wasm and wasm["end"], s["progress"].get("Loaded interpreter", s.get("pyodideLoaded")), s["pyReady"],
               s["imported"], s["rendered"], s["ready"]]
    rows, previous = [], 0.0
    for moment in moments:
        rows.append(None if moment is None else moment - previous)
        previous = previous if moment is None else moment
    sent, files = s["bytes"]
    return {"fcp": fcp, "lcp": s["lcp"], "lcp_element": s["lcpElement"], "ready": s["ready"],
            "tbt": sum(max(0.0, d - 50) for _, d in tasks), "longest": max((d for _, d in tasks), default=0.0),
            "longest_after_paint": after, "cls": s["cls"], "phases": rows,
            "overlaps": {k: (None if v is None else v[1] - v[0]) for k, v in s["fetches"].items()},
            "sent": sent, "files": files}


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def ms(v) -> str:
    return "—" if v is None else f"{v:,.0f}"


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("PASS" if ok else "FAIL")


def report(samples: dict, rounds: int, other: str, variant_failed: str | None, first_visit_files: list, own: int,
           work: Path) -> dict:
    fig = {key: [figures(s) for s in runs] for key, runs in samples.items()}
    med = {key: {name: median([f[name] for f in runs]) for name in
                 ("fcp", "lcp", "ready", "tbt", "longest", "longest_after_paint", "cls")} for key, runs in fig.items()}
    for key, runs in fig.items():
        med[key]["bytes"] = {k: median([priced(f["sent"], f["files"])[k] for f in runs])
                             for k in ("sent", "raw", "files")}
    summary = {"rounds": rounds}

    columns = [("app", "home", "cold"), ("bare", "home", "cold"), ("app", "home", "warm"), ("bare", "home", "warm")]
    print(f"\nStartup, median of {rounds} rounds (ms from navigation start; home route)")
    print(f"  {'':28}" + "".join(f"{k[0] + ' ' + k[2]:>13}" for k in columns))
    for name, label in (("fcp", "first contentful paint"), ("lcp", "largest contentful paint"), ("ready", "app ready"),
                        ("tbt", "total blocking time"), ("longest", "longest task"),
                        ("longest_after_paint", "longest task after FCP")):
        print(f"  {label:28}" + "".join(f"{ms(med[k][name]):>13}" for k in columns))
    print(f"  {'CLS up to ready':28}" + "".join(f"{med[k]['cls']:>13.3f}" for k in columns))
    for unit in ("sent", "raw"):
        print(f"  {'bytes ' + unit:28}" + "".join(f"{med[k]['bytes'][unit]:>13,.0f}" for k in columns))
    print("  (app cold bytes: until its service worker controls the page, precache included)")

    print("\nTargets")
    checks = {}
    for mode in ("cold", "warm"):
        ratio = med["app", "home", mode]["ready"] / med["bare", "home", mode]["ready"]
        checks[f"ready_ratio_{mode}"] = (round(ratio, 3), ratio <= READY_RATIO)
        print(f"  app ready {mode}: {ratio:.3f} x bare (target <= {READY_RATIO:.2f})  {verdict(ratio <= READY_RATIO)}")
    for mode in ("cold", "warm"):
        worst = med["app", "home", mode]["longest_after_paint"]
        checks[f"task_after_paint_{mode}"] = (round(worst), worst <= TASK_AFTER_PAINT_MS)
        print(f"  longest task after first paint, {mode}: {worst:,.0f} ms (target <= {TASK_AFTER_PAINT_MS})  "
              f"{verdict(worst <= TASK_AFTER_PAINT_MS)}")
    first = med["app", "home", "cold"]["bytes"]
    checks["first_visit_bytes"] = (int(first["raw"]), first["raw"] <= FIRST_VISIT_BYTES)
    print(f"  first-visit bytes: {first['raw'] / 1e6:.2f} MB raw, {first['sent'] / 1e6:.2f} MB as sent (gzip) "
          f"(target <= {FIRST_VISIT_BYTES / 1e6:.0f} MB raw)  {verdict(first['raw'] <= FIRST_VISIT_BYTES)}")
    print(f"  LCP by route (target <= {LCP_TARGET_MS} ms):")
    for route in ("home", "rules", "link"):
        cells = []
        for mode in ("cold", "warm"):
            lcp = med["app", route, mode]["lcp"]
            ok = None if lcp is None else lcp <= LCP_TARGET_MS
            checks[f"lcp_{route}_{mode}"] = (None if lcp is None else round(lcp), ok)
            elements = [f["lcp_element"] for f in fig["app", route, mode]]
            common = max(set(elements), key=elements.count)
            cells.append(f"{mode} {ms(lcp):>6} ms {verdict(ok):4} ({common})")
        print(f"    {route:6} " + "   ".join(cells))
    summary["targets"] = {k: {"value": v, "pass": ok} for k, (v, ok) in checks.items()}

    print("\nWarm-start breakdown, median ms of each row (rows add up to ready; each spans from the row above)")
    breakdown_cols = [("app", "home", "warm"), ("app (no SW)", "home", "warm"), ("bare+wheel", "home", "warm"),
                      ("bare", "home", "warm"), ("app", "home", "cold")]
    print(f"  {'':48}" + "".join(f"{k[0]:>13}" for k in breakdown_cols) + "   ends at")
    print(f"  {'':48}" + "".join(f"{k[2]:>13}" for k in breakdown_cols))
    rows = {k: [median([f["phases"][i] for f in fig[k]]) for i in range(len(PHASES))] for k in breakdown_cols}
    for i, (label, ends) in enumerate(PHASES):
        print(f"  {label:48}" + "".join(f"{ms(rows[k][i]):>13}" for k in breakdown_cols) + f"   {ends}")
    print(f"  {'sum of the rows':48}" + "".join(f"{ms(sum(v for v in rows[k] if v)):>13}" for k in breakdown_cols))
    print(f"  {'median ready':48}" + "".join(f"{ms(med[k]['ready']):>13}" for k in breakdown_cols))
    app_span, no_sw_span, wheel_span, bare_span = (rows[k][3] for k in breakdown_cols[:4])
    if None not in (app_span, no_sw_span, wheel_span, bare_span):
        print("    in the interpreter row (warm):\n"
              f"      the wheel install (bare+wheel − bare) {wheel_span - bare_span:,.0f} ms\n"
              f"      from the service worker, not the HTTP cache (app − app no SW) {app_span - no_sw_span:,.0f} ms\n"
              f"      the rest of the app page (app no SW − bare+wheel) {no_sw_span - wheel_span:,.0f} ms")
        summary["interpreter_row_ms"] = {"wheel_install": round(wheel_span - bare_span),
                                         "service_worker": round(app_span - no_sw_span),
                                         "app_page_rest": round(no_sw_span - wheel_span)}
    for key, label in OVERLAPS:
        print(f"  {'  (overlaps) ' + label:48}" + "".join(
            f"{ms(median([f['overlaps'][key] for f in fig[k]])):>13}" for k in breakdown_cols))
    summary["breakdown"] = {f"{k[0]}_{k[2]}": dict(zip([p[0] for p in PHASES], [None if v is None else round(v)
                                                                                 for v in rows[k]]))
                            for k in breakdown_cols}

    print(f"\nInstall path: pyscript.toml's vs {other} (app ready, ms)")
    if variant_failed:
        print(f"  {other}: could not start ({variant_failed})")
    for mode in ("cold", "warm"):
        if (other, "home", mode) not in med:
            continue
        mine, theirs = med["app", "home", mode]["ready"], med[other, "home", mode]["ready"]
        print(f"  {mode}: pyscript.toml {mine:,.0f}   {other} {theirs:,.0f}   "
              f"({'pyscript.toml' if mine <= theirs else other} faster by {abs(theirs - mine):,.0f} ms; "
              f"{len(fig[other, 'home', mode])} rounds)")
    summary["install_path"] = {"variant": other, "failed": variant_failed}

    print("\nFirst visit of the app, files the server sent in full (round 1; precache included):")
    sent: dict[str, list[tuple[int, int]]] = {}
    for path, n, size in first_visit_files:
        sent.setdefault(path, []).append((n, size))
    for path, ns in sorted(sent.items(), key=lambda kv: -sum(n for n, _ in kv[1])):
        rel = Path(path).relative_to(work).as_posix()
        again = f"  (sent {len(ns)}x)" if len(ns) > 1 else ""
        print(f"  {sum(n for n, _ in ns):>11,} B sent  {sum(size for _, size in ns):>11,} B raw  {rel}{again}")
    print(f"  ... {len(sent)} files, {sum(len(v) for v in sent.values())} full responses")
    print(f"App's own files (all but vendored Pyodide/PyScript): {own:,} bytes")

    summary["medians"] = {f"{k[0]}_{k[1]}_{k[2]}": {n: (round(v, 3) if n == "cls" else v if isinstance(v, dict) else
                                                       (None if v is None else round(v))) for n, v in m.items()}
                          for k, m in med.items()}
    summary["own_bytes"] = own
    return summary


def run_lighthouse(url: str) -> dict:
    print("\nLighthouse 12.2.3, home route, cold (Lighthouse's simulated throttling)")
    problem = lighthouse.ensure_installed()
    if problem:
        print(f"  skipped: {problem}")
        return {"skipped": problem}
    results = {}
    for preset in ("desktop", "mobile"):
        results[preset] = lighthouse.audit(url, preset, browser_path())
        print("\n".join(lighthouse.describe(preset, results[preset])), flush=True)
    desktop = results["desktop"].get("scores", {})
    perf, a11y = desktop.get("performance"), desktop.get("accessibility")
    print(f"  targets: desktop performance {ms(perf)} (>= 90) {verdict(None if perf is None else perf >= 90)}, "
          f"accessibility {ms(a11y)} (100) {verdict(None if a11y is None else a11y == 100)}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--no-lighthouse", action="store_true", help="skip the Lighthouse audits")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    began = time.monotonic()
    print("load average at start: %.1f %.1f %.1f (1, 5, 15 min; on 2 cores)" % os.getloadavg(), flush=True)
    work = Path(tempfile.mkdtemp(prefix="gelateria-bench-"))
    manifest, other = prepare(work)
    routes = {"home": "#/", "rules": "#/gelati/rules", "link": shared_link()}
    site = Site(root=work)
    tally = count_bytes(site)
    samples: dict = {}
    try:
        with sync_playwright() as pw:
            bench = Bench(pw, site, tally)
            for round_no in range(args.rounds):
                try:
                    try:
                        got = bench.round(routes, other)
                    except Crashed as crash:
                        print(f"round {round_no + 1}: {crash}; running the round again", flush=True)
                        got = bench.round(routes, other)
                except BootFailed as failure:
                    sys.exit(f"startup: {failure}")
                for key, sample in got.items():
                    samples.setdefault(key, []).append(sample)
                print(f"round {round_no + 1}/{args.rounds} ({time.monotonic() - began:.0f} s): ready " + ", ".join(
                    f"{k[0]} {k[1]} {k[2]} {s['ready']:.0f}" for k, s in got.items()) + " ms", flush=True)
        first_visit_files = samples["app", "home", "cold"][0]["bytes"][1]
        own = sum(e["bytes"] for rel, e in manifest["files"].items() if not rel.startswith("static/vendor/"))
        own += (ROOT / "sw-manifest.js").stat().st_size
        summary = report(samples, args.rounds, other, bench.variant_failed, first_visit_files, own, work)
        if not args.no_lighthouse:
            summary["lighthouse"] = run_lighthouse(site.url)
    finally:
        site.close()
        shutil.rmtree(work, ignore_errors=True)
    summary["seconds"] = round(time.monotonic() - began)
    summary["load_average"] = [round(x, 1) for x in os.getloadavg()]
    print(f"\nRun took {summary['seconds']} s; load average at the end: " + " ".join(map(str, summary["load_average"])))
    print(json.dumps({"startup": summary}))


if __name__ == "__main__":
    main()
