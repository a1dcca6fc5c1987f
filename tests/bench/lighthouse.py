"""Lighthouse 12.2.3 on the built site, driving the Chromium the e2e tests use.

    .venv/bin/python tests/bench/lighthouse.py        (serves the built site itself)

tests/bench/startup.py calls audit() at the end of its run. Lighthouse is a bench-only
npm project (tests/bench/lighthouse/package.json, exact version, lockfile), installed
on first use with `npm ci --prefix tests/bench/lighthouse`.

Each run is a cold load (Lighthouse clears the site's storage first) of the home route,
with its default simulated throttling: "mobile" is Lighthouse's default (a mid-range
phone on a slow 4G), "desktop" its --preset=desktop.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE / "lighthouse"
CLI = PROJECT / "node_modules" / "lighthouse" / "cli" / "index.js"
# As PLATFORM-NOTES found them to work as root in a container.
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# Audits whose values are worth printing beside the scores (ms, except CLS).
METRICS = {"first-contentful-paint": "FCP", "largest-contentful-paint": "LCP", "total-blocking-time": "TBT",
           "cumulative-layout-shift": "CLS", "speed-index": "SI"}
TRIES = 3
RUN_TIMEOUT_S = 420  # one audit of a cold Pyodide start on a busy 2-core machine


def ensure_installed() -> str | None:
    """Install the pinned Lighthouse if needed; None when ready, else why not."""
    if not shutil.which("node") or not shutil.which("npm"):
        return "node/npm not found"
    stamp = PROJECT / "node_modules" / ".package-lock.json"
    if CLI.exists() and stamp.exists() and stamp.stat().st_mtime >= (PROJECT / "package-lock.json").stat().st_mtime:
        return None
    done = subprocess.run(["npm", "ci", "--prefix", str(PROJECT), "--no-audit", "--no-fund", "--loglevel=error"],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not CLI.exists():
        return "npm ci --prefix tests/bench/lighthouse failed: " + (done.stderr.strip().splitlines() or ["?"])[-1]
    return None


def audit(url: str, preset: str, chrome: str) -> dict:
    """A Lighthouse run ("mobile" or "desktop"): category scores (0-100, None when
    Lighthouse could not score it), the METRICS audits' values or errors, and the
    names of audits that errored. A run that ends without scores is tried again, up to
    TRIES runs in all: Lighthouse gives the renderer 1 s to hand over a response body
    (core/gather/driver/network.js), and when Python's start holds the main thread
    through that second the run dies with "Waiting for DevTools protocol response has
    exceeded the allotted time. (Method: Network.getResponseBody)" — seen only on a
    busy machine."""
    failed = []
    for _ in range(TRIES):
        result = audit_once(url, preset, chrome)
        if "error" not in result and not result.get("runtime_error"):
            break
        failed.append(result.get("error") or result["runtime_error"])
    return {**result, "failed_tries": failed}


def audit_once(url: str, preset: str, chrome: str) -> dict:
    args = ["node", str(CLI), url, "--output=json", "--output-path=stdout", "--quiet",
            f"--chrome-flags={CHROME_FLAGS}", "--only-categories=" + ",".join(CATEGORIES),
            "--max-wait-for-load=90000"]
    if preset == "desktop":
        args.append("--preset=desktop")
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=RUN_TIMEOUT_S,
                              env={**os.environ, "CHROME_PATH": chrome})
    except subprocess.TimeoutExpired:
        return {"error": f"Lighthouse {preset} did not finish within {RUN_TIMEOUT_S} s"}
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"Lighthouse {preset} exited {done.returncode} without a report: {tail}"}
    scores = {k: (None if c.get("score") is None else round(c["score"] * 100))
              for k, c in report["categories"].items()}
    metrics, errored = {}, []
    for key, a in report["audits"].items():
        if a.get("scoreDisplayMode") == "error":
            errored.append(key)
        if key in METRICS:
            metrics[METRICS[key]] = a.get("numericValue") if a.get("scoreDisplayMode") != "error" \
                else "error: " + str(a.get("errorMessage", "?"))[:80]
    # What keeps a category other than performance below 100 (performance is the metrics).
    failing = {k: sorted(ref["id"] for ref in c["auditRefs"] if ref.get("weight")
                         and report["audits"][ref["id"]].get("score") not in (None, 1))
               for k, c in report["categories"].items() if k != "performance"}
    return {"scores": scores, "metrics": metrics, "errored": sorted(errored),
            "failing": {k: v for k, v in failing.items() if v},
            "warnings": report.get("runWarnings", []),
            "runtime_error": (report.get("runtimeError") or {}).get("message")}


def describe(preset: str, result: dict) -> list[str]:
    retried = [f"  {'':8} (try {n + 1} of {TRIES} failed: {why[:150]})" for n, why in enumerate(result["failed_tries"])]
    if "error" in result:
        return [f"  {preset}: {result['error']} ({len(result['failed_tries'])} tries)"]
    scores = "  ".join(f"{k} {'—' if v is None else v}" for k, v in result["scores"].items())
    metrics = "  ".join(f"{k} {v if isinstance(v, str) else (f'{v:.3f}' if k == 'CLS' else f'{v:.0f} ms')}"
                        for k, v in result["metrics"].items())
    lines = [f"  {preset:8} {scores}", f"  {'':8} {metrics}"]
    for category, audits in result["failing"].items():
        lines.append(f"  {'':8} {category} loses points on: {', '.join(audits)}")
    if result["errored"]:
        lines.append(f"  {'':8} audits that errored: {', '.join(result['errored'])}")
    for warning in result["warnings"] + ([result["runtime_error"]] if result["runtime_error"] else []):
        lines.append(f"  {'':8} warning: {warning[:160]}")
    return lines + retried


def main() -> None:
    sys.path.insert(0, str(HERE.parents[1] / "tests" / "e2e"))
    sys.path.insert(0, str(HERE.parents[1] / "py"))  # (the e2e conftest makes links with the rules)
    from conftest import Site, browser_path

    problem = ensure_installed()
    if problem:
        sys.exit(f"lighthouse: {problem}")
    site = Site()
    try:
        print(f"Lighthouse 12.2.3 on {site.url}:")
        for preset in ("desktop", "mobile"):
            print("\n".join(describe(preset, audit(site.url, preset, browser_path()))), flush=True)
    finally:
        site.close()


if __name__ == "__main__":
    main()
