"""What the interpreter's snapshot holds imported (static/pyodide-snapshot-maker.mjs):
every module of the app's wheel (the build leaves out the terminal's tools), so that a
return visit, which starts from the snapshot, imports none of them again. All of them:
a module in the snapshot costs a return visit a few KB more to read, and a module
imported after it a few ms at a slow phone's speed.

Not the app's entry (web.app): it imports `js`, and a snapshot holds no JavaScript object.
Nor __main__, which runs the terminal's commands (not in the wheel: unit tests walk the source)."""

from __future__ import annotations

import importlib
import pkgutil

import gelateria

NOT_IN_THE_SNAPSHOT = {"gelateria.web.app", "gelateria.__main__"}


def app_modules() -> list[str]:
    return [m.name for m in pkgutil.walk_packages(gelateria.__path__, "gelateria.") if m.name not in NOT_IN_THE_SNAPSHOT]


def import_app_modules() -> None:
    for name in app_modules():
        importlib.import_module(name)
