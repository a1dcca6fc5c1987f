"""What the interpreter snapshot holds imported (gelateria.web.snapshot): every module of
the app but its entry, each importable without the browser (a snapshot can hold no
JavaScript object), checked in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IMPORT_ALL = """
import json, sys
from gelateria.web.snapshot import app_modules, import_app_modules
import_app_modules()
print(json.dumps({"listed": app_modules(), "imported": sorted(m for m in sys.modules if m.startswith("gelateria")),
                  "js": "js" in sys.modules or "pyodide" in sys.modules}))
"""


def test_every_app_module_but_its_entry_is_imported_and_none_needs_the_browser():
    out = subprocess.run([sys.executable, "-c", IMPORT_ALL], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "py"), "PATH": ""}).stdout
    found = json.loads(out)
    on_disk = {".".join(p.relative_to(ROOT / "py").with_suffix("").parts).removesuffix(".__init__")
               for p in (ROOT / "py" / "gelateria").rglob("*.py")}
    assert set(found["listed"]) == on_disk - {"gelateria", "gelateria.web.app", "gelateria.__main__"}
    assert set(found["imported"]) >= set(found["listed"]) and "gelateria.web.app" not in found["imported"]
    assert not found["js"]
