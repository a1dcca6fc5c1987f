"""Bytecode for the browser: the standard library zip and the app's wheel are shipped
compiled by the Pyodide the site ships (scripts/pycompile.mjs, run in Node), so Python
in the browser imports them without compiling a line. Compiling the standard library
was most of Pyodide's start-up (tests/bench/startup.py prints the breakdown).

The bytecode is Pyodide's own CPython's, so it matches the interpreter exactly. Results
are cached under build/cache/bytecode by a hash of the sources and of Pyodide's
package.json: an upgrade of Pyodide recompiles everything with the new one.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "cache" / "bytecode"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide" / "package.json"
COMPILER = ROOT / "scripts" / "pycompile.mjs"  # (how it compiles is part of the cache key too)
STDLIB_PREFIX = "/lib/python314.zip/"  # where Pyodide mounts python_stdlib.zip


def app_prefix(wheel_name: str) -> str:
    """Where the app's wheel is in the browser: static/pyodide-progress.mjs writes it to
    /lib as it is and puts it on sys.path (Python imports from the zip)."""
    return f"/lib/{wheel_name}/"


def compile_zip(source: bytes, prefix: str) -> bytes:
    """A zip like `source` with every .py member compiled to .pyc (`prefix` + its name
    is the file's path in the browser, for tracebacks); other members as they are."""
    key = hashlib.sha256(PYODIDE_PACKAGE.read_bytes() + COMPILER.read_bytes() + prefix.encode() + source).hexdigest()[:32]
    cached = CACHE / f"{key}.zip"
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        src, tmp = CACHE / f".{key}.{os.getpid()}.src.zip", CACHE / f".{key}.{os.getpid()}.tmp.zip"
        src.write_bytes(source)
        try:
            job = [{"src": str(src), "dest": str(tmp), "prefix": prefix}]
            subprocess.run(["node", str(COMPILER), json.dumps(job)], check=True,
                           stdout=subprocess.DEVNULL)
            os.replace(tmp, cached)
        finally:
            src.unlink(missing_ok=True)
            tmp.unlink(missing_ok=True)
    return cached.read_bytes()


def compile_members(members: list[tuple[str, bytes]], prefix: str) -> list[tuple[str, bytes]]:
    """(name, bytes) pairs, with every .py compiled to its .pyc, in the same order."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as zf:
        for name, data in members:
            zf.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), data)
    with zipfile.ZipFile(io.BytesIO(compile_zip(buffer.getvalue(), prefix))) as zf:
        return [(info.filename, zf.read(info)) for info in zf.infolist()]
