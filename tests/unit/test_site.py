"""index.html asks for files ahead of time (preload links: the first paint's scripts,
PyScript's modules): each must be a file the app really loads, as named in the release
(a renamed PyScript chunk, after an upgrade, would be fetched for nothing and the real one
asked for late again)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.preloads: list[str] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and a.get("rel") in ("preload", "modulepreload"):
            self.preloads.append(a["href"])
        if tag == "script" and a.get("src"):
            self.scripts.append(a["src"])


def page() -> Links:
    links = Links()
    links.feed((ROOT / "index.html").read_text())
    return links


def loaded_files() -> set[str]:
    text = (ROOT / "scripts" / "precache.txt").read_text()
    return {line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")}


def test_every_file_asked_for_ahead_is_one_the_app_loads():
    preloads = [href.removeprefix("./") for href in page().preloads]
    assert preloads, "index.html preloads nothing"
    assert [p for p in preloads if p not in loaded_files()] == []


def test_every_pyscript_module_the_app_loads_is_asked_for_ahead():
    """PyScript's chunks come one after another otherwise: core.js, core-*, its plugins, toml."""
    pyscript = {f for f in loaded_files() if re.match(r"static/vendor/pyscript/.*\.js$", f)}
    # (pyodide_graph: not on the way to ready, the tour of the app meets it later)
    pyscript = {f for f in pyscript if "pyodide_graph" not in f}
    assert pyscript - {href.removeprefix("./") for href in page().preloads} == set()


def test_the_first_paints_scripts_are_asked_for_before_the_parser_waits_on_the_first():
    """A page with a CSP meta tag gets no help from Chromium's preload scanner: the links
    must come before the first script that blocks the parser."""
    text = (ROOT / "index.html").read_text()
    first_script = text.index("<script src=")
    for src in page().scripts:
        if src in ("./sw-manifest.js",):  # (the first one itself)
            continue
        if "pyscript" in src or src.endswith(("shell.js", "board.js", "live.js")):
            continue  # defer and module scripts: asked for when met, run at the end
        assert text.find(f'href="{src}"') != -1 and text.find(f'href="{src}"') < first_script, src
