"""Startup benchmark: the app against a bare PyScript + Pyodide page, in one run.

    .venv/bin/python tests/bench/startup.py [--rounds 5]

Alternates loading (a) the app and (b) a bare page with the same PyScript and Pyodide
and no app code (no packages, a one-line script that marks the page ready), each
--rounds times:
  cold: a fresh browser profile (empty HTTP cache, no service worker);
  warm: a second load in the same profile (the app from its service worker cache,
        the bare page from the HTTP cache).
Prints medians, the ratio a/b, and bytes transferred, plus the weight of the app's
own files (everything but the vendored Pyodide and PyScript).

It also loads (c) the app with its wheel installed through micropip (PyScript's
default) instead of Pyodide's loader, to show what pyscript.toml's
`packages_cache = "passthrough"` saves.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

import build  # noqa: E402
from conftest import CHROMIUM_ARGS, Site, browser_path  # noqa: E402

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./static/vendor/pyscript/core.js"></script></head>
<body><script type="py" config="./bare.toml">
from pyscript import document
document.body.dataset.ready = "1"
</script></body></html>
"""
BARE_TOML = 'interpreter = "./static/vendor/pyodide/pyodide.mjs"\n'

# Time to ready, measured by the page itself from the start of navigation.
READY_MS = "performance.now()"
BYTES = """(() => {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  return entries.reduce((n, e) => n + (e.transferSize || 0), 0);
})()"""


def load(page, url: str) -> tuple[float, int]:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
    return page.evaluate(READY_MS), page.evaluate(BYTES)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    manifest = build.write_manifest()
    work = Path(tempfile.mkdtemp(prefix="gelateria-bench-"))
    build.export(work, manifest)
    (work / "bare.html").write_text(BARE_HTML)
    (work / "bare.toml").write_text(BARE_TOML)
    toml = (work / "pyscript.toml").read_text()
    (work / "micropip.toml").write_text(toml.replace('packages_cache = "passthrough"', ""))
    (work / "micropip.html").write_text((work / "index.html").read_text().replace("./pyscript.toml", "./micropip.toml"))
    kinds = (("app", ""), ("bare", "bare.html"), ("micropip", "micropip.html"))
    site = Site(root=work)
    results = {(kind, mode): [] for mode in ("cold", "warm") for kind, _ in kinds}
    transfer = {key: [] for key in results}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=browser_path(), args=CHROMIUM_ARGS)
            for round_no in range(args.rounds):
                for kind, path in kinds:
                    context = browser.new_context()
                    page = context.new_page()
                    ms, sent = load(page, site.url + path)
                    results[(kind, "cold")].append(ms)
                    transfer[(kind, "cold")].append(sent)
                    if kind != "bare":
                        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
                    page.close()
                    page = context.new_page()
                    ms, sent = load(page, site.url + path)
                    results[(kind, "warm")].append(ms)
                    transfer[(kind, "warm")].append(sent)
                    context.close()
                print(f"round {round_no + 1}/{args.rounds}: " + ", ".join(
                    f"{k[0]} {k[1]} {v[-1]:.0f} ms" for k, v in results.items()), flush=True)
            browser.close()
    finally:
        site.close()
        shutil.rmtree(work, ignore_errors=True)

    own = sum(e["bytes"] for rel, e in manifest["files"].items() if not rel.startswith("static/vendor/"))
    own += (ROOT / "sw-manifest.js").stat().st_size
    summary = {}
    print(f"\nStartup to interactive, median of {args.rounds} (ms):")
    for mode in ("cold", "warm"):
        app = statistics.median(results[("app", mode)])
        bare = statistics.median(results[("bare", mode)])
        via_micropip = statistics.median(results[("micropip", mode)])
        summary[mode] = {"app_ms": round(app), "bare_ms": round(bare), "ratio": round(app / bare, 3),
                         "app_bytes": int(statistics.median(transfer[("app", mode)])),
                         "bare_bytes": int(statistics.median(transfer[("bare", mode)])),
                         "micropip_ms": round(via_micropip), "micropip_ratio": round(via_micropip / bare, 3)}
        print(f"  {mode}: app {app:.0f}  bare {bare:.0f}  ratio a/b {app / bare:.3f}   "
              f"transferred: app {summary[mode]['app_bytes']:,} B, bare {summary[mode]['bare_bytes']:,} B   "
              f"(app via micropip {via_micropip:.0f}, ratio {via_micropip / bare:.3f})")
    print(f"App's own files (all but vendored Pyodide/PyScript): {own:,} bytes (target < 300 KB)")
    print(json.dumps({"startup": summary, "own_bytes": own}))


if __name__ == "__main__":
    main()
