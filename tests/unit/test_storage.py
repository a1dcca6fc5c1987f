"""Autosave storage: games survive, broken entries are set aside, a full store is said."""

import json

from gelateria.core.record import Record, Seat
from gelateria.web.storage import ASIDE_PREFIX, SAVE_PREFIX, MemoryBackend, SaveStore


def record(moves=3):
    return Record("gelatinous", [Seat("human", "Ana")], 7, {"mode": "solitaire"}, [[0, {"a": "roll"}]] * moves)


def test_saved_game_comes_back_exactly():
    store = SaveStore(MemoryBackend())
    store.save("g1", record(), over=False, summary="round 3")
    (saved,) = store.load_all()
    assert saved.save_id == "g1" and saved.record == record() and not saved.over and saved.summary == "round 3"


def test_newest_first():
    clock = iter([1, 2, 3]).__next__
    store = SaveStore(MemoryBackend(), clock=clock)
    store.save("old", record(1), False, "")
    store.save("new", record(2), False, "")
    assert [s.save_id for s in store.load_all()] == ["new", "old"]


def test_corrupt_entry_is_set_aside_not_lost_and_the_rest_load():
    backend = MemoryBackend()
    store = SaveStore(backend)
    store.save("good", record(), False, "")
    backend.set(SAVE_PREFIX + "bad", "{not json")
    backend.set(SAVE_PREFIX + "future", json.dumps({"v": 99, "link": "9abc"}))
    saves = store.load_all()
    assert [s.save_id for s in saves] == ["good"]
    assert backend.get(ASIDE_PREFIX + "bad") == "{not json"
    assert ASIDE_PREFIX + "future" in backend.keys()
    assert any("set aside" in p for p in store.problems)
    assert any("newer version" in p for p in store.problems)


def test_full_storage_drops_old_finished_games_then_reports():
    backend = MemoryBackend(quota=2000)
    store = SaveStore(backend, clock=iter(range(100)).__next__)
    for i in range(6):
        store.save(f"done{i}", record(1), over=True, summary="")
    assert store.save("current", record(30), over=False, summary="")
    assert store.get("current") is not None
    tiny = SaveStore(MemoryBackend(quota=10))
    assert not tiny.save("x", record(), False, "")
    assert any("full" in p for p in tiny.problems)


def test_only_the_newest_finished_games_are_kept():
    store = SaveStore(MemoryBackend(), clock=iter(range(100)).__next__)
    for i in range(25):
        store.save(f"f{i}", record(1), over=True, summary="")
    store.save("playing", record(1), over=False, summary="")
    store.prune()
    ids = [s.save_id for s in store.load_all()]
    assert len(ids) == 21 and "playing" in ids and "f24" in ids and "f0" not in ids


def test_blocked_storage_is_reported_not_raised():
    class Blocked:
        def keys(self):
            raise RuntimeError("SecurityError")

    store = SaveStore(Blocked())
    assert store.load_all() == [] and store.problems
