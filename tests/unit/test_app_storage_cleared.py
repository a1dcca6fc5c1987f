"""web.app.App in CPython (its worker's `js` and `pyodide.ffi` stood in for): when another
page clears the site's storage, the app starts over from what storage holds then, as a
reload would: no saves, no preferences (so a new device id), no notices, and the screen
at its address opened again."""

from __future__ import annotations

import importlib
import json
import sys
import types

import pytest

from gelateria.core.game import get_game
from gelateria.core.record import Seat
from gelateria.core.session import Session
from gelateria.web.storage import MemoryBackend, SaveStore


@pytest.fixture
def App(monkeypatch):
    clock = types.SimpleNamespace(timeOrigin=0.0, now=lambda: 0.0)
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(performance=clock, setTimeout=lambda f, ms: 1,
                                                                clearTimeout=lambda handle: None))
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_once_callable = ffi.create_proxy = lambda f: f
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "gelateria.web.app", raising=False)
    yield importlib.import_module("gelateria.web.app").App
    sys.modules.pop("gelateria.web.app", None)


def stored_game() -> dict:
    """Storage holding a game in progress and preferences, as the app writes them."""
    backend = MemoryBackend()
    session = Session(get_game("gelatinous"), [Seat("human", "Ana")], 3, None)
    session.submit(0, session.legal(0)[0])
    SaveStore(backend).save("kept", session.record, over=False, summary="")
    backend.set("gelateria.prefs", json.dumps({"device": "d-before", "pace": "fast"}))
    return backend.data


def started(App, storage):
    sent = []
    app = App(lambda text: sent.append(json.loads(text)))
    app.handle(json.dumps({"on": "start", "path": "/", "base": "http://here/", "lang": "en", "storage": storage}))
    return app, sent


def last_render(sent) -> str:
    return [m for m in sent if m["do"] == "render"][-1]["html"]


def test_a_cleared_storage_is_a_fresh_start_for_the_app(App):
    app, sent = started(App, stored_game())
    assert "data-continue" in last_render(sent) and app.prefs["device"] == "d-before"

    app.handle(json.dumps({"on": "storage-cleared", "storage": {}}))
    assert app.prefs == {} and app.saves.load_all() == [] and app.store.keys() == []
    assert "data-continue" not in last_render(sent)  # the home screen, opened again from empty storage
    assert [m for m in sent if m["do"] == "console-error"] == []
    app.save_prefs()  # the next preference written starts a new set (a new device id when one is asked)
    assert [m for m in sent if m["do"] == "store"][-1] == {"do": "store", "key": "gelateria.prefs", "value": "{}"}


def test_what_storage_holds_after_the_clear_is_what_the_app_reads(App):
    app, sent = started(App, {})
    app.handle(json.dumps({"on": "storage-cleared", "storage": stored_game()}))
    assert app.prefs["pace"] == "fast" and [s.save_id for s in app.saves.load_all()] == ["kept"]
    assert "data-continue" in last_render(sent)


def test_blocked_storage_stays_blocked(App):
    app, sent = started(App, None)
    app.handle(json.dumps({"on": "storage-cleared", "storage": stored_game()}))
    assert app.prefs == {} and app.saves.load_all() == [] and not app.saves.persistent
