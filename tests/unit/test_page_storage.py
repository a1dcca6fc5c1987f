"""PageStorage: the worker's copy of the page's localStorage. Writes go to the page in
order; a write the page could not make is learnt from, so the next save is told "full"
at once and old finished games make room, as with localStorage itself."""

from gelateria.core.record import Record, Seat
from gelateria.web.storage import FULL, SAVE_PREFIX, SAVED, MemoryBackend, PageStorage, SaveStore


def record(moves=3):
    return Record("gelatinous", [Seat("human", "Ana")], 7, {"mode": "solitaire"}, [[0, {"a": "roll"}]] * moves)


class Page:
    """The page's side: a real store with a quota, making the writes it is sent."""

    def __init__(self, quota=None):
        self.storage = MemoryBackend(quota=quota)
        self.refusals = []

    def receive(self, command):
        try:
            if command["do"] == "store":
                self.storage.set(command["key"], command["value"])
            else:
                self.storage.remove(command["key"])
        except Exception:
            self.refusals.append((command["key"], self.storage.get(command["key"])))


def test_the_copy_starts_from_the_snapshot_and_keeps_only_text():
    copy = PageStorage({"gelateria.prefs": "{}", "gelateria.x": 5, 7: "y"}, lambda c: None)
    assert copy.keys() == ["gelateria.prefs"] and copy.get("gelateria.prefs") == "{}"


def test_writes_and_removals_reach_the_page_in_order():
    page = Page()
    copy = PageStorage({}, page.receive)
    store = SaveStore(copy)
    assert store.save("g1", record(), over=False, summary="") == SAVED
    assert page.storage.data == copy.data
    store.remove("g1")
    assert page.storage.data == copy.data == {}


def test_other_tabs_writes_are_heard():
    copy = PageStorage({SAVE_PREFIX + "a": "1"}, lambda c: None)
    copy.heard(SAVE_PREFIX + "b", "2")
    copy.heard(SAVE_PREFIX + "a", None)
    assert copy.data == {SAVE_PREFIX + "b": "2"}


def test_after_the_page_refuses_a_save_for_room_the_next_save_says_full_and_keeps_what_was_there():
    page = Page(quota=0)  # nothing fits
    copy = PageStorage({}, page.receive)
    store = SaveStore(copy)
    assert store.save("g1", record(), over=False, summary="") == SAVED  # not known yet
    (key, now), = page.refusals
    copy.refused(key, now, full=True)
    assert copy.get(key) is None  # the copy holds what the page holds
    assert store.save("g1", record(4), over=False, summary="") == FULL
    assert page.storage.data == {}


def test_room_made_by_dropping_finished_games_is_tried_again_and_nothing_else_is_lost():
    page = Page()
    copy = PageStorage({}, page.receive)
    store = SaveStore(copy, clock=iter(range(100)).__next__)
    for i in range(3):
        assert store.save(f"done{i}", record(1), over=True, summary="") == SAVED
    page.storage.quota = sum(map(len, page.storage.data.values()))  # full now
    assert store.save("current", record(30), over=False, summary="") == SAVED
    (key, now), = page.refusals
    copy.refused(key, now, full=True)
    assert store.save("current", record(30), over=False, summary="") == SAVED  # finished games made room
    assert copy.data == page.storage.data
    assert store.get("current") is not None
    assert "Storage was full" in store.removed_notice()


def test_a_write_refused_for_another_reason_is_not_retried_as_full():
    copy = PageStorage({}, lambda c: None)
    copy.refused(SAVE_PREFIX + "g1", None, full=False)
    store = SaveStore(copy)
    assert store.save("g1", record(), over=False, summary="") == FULL
    assert copy.limit is None
