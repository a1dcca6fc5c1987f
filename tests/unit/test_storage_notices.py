"""Every saved game the home screen lists can be opened and removed (with Undo), and a
finished game removed to make room is named on the screen the player is on, after
every reload, until they say they saw it. The notice's key is read as hostile input."""

import json
from dataclasses import replace

from fakeapp import FakeApp, controls, started, table_of

from gelateria.core.record import Seat, encode
from gelateria.web.routes import screen_for
from gelateria.web.screens import HomeScreen
from gelateria.web.storage import NOTICES_KEY, REMOVED_SEEN, SAVE_PREFIX, SAVED, MemoryBackend, SaveStore, StorageFull

GelatinousScreen = table_of("gelatinous")


def home(app) -> str:
    app.screen = HomeScreen(app)
    app.refresh()
    return str(app.page)


def table(app, path: str) -> str:
    app.screen = screen_for(app, path)
    app.refresh()
    return str(app.page)


def got_it(app) -> None:
    """The notice's "Got it", on the page, clicked: web/app.py hears it on any screen."""
    assert (REMOVED_SEEN, {}) in controls(app.page)
    app.saves.dismiss_removed()
    app.refresh()


def a_game_saved_as(backend, save_id: str):
    """Ana's game of Gelatinous, two rolls in, stored under `save_id` as the app stores a game."""
    app, screen = started(GelatinousScreen, seats=[Seat("human", "Ana")], seed=3)
    screen.on_action("roll", {})
    screen.on_action("roll", {})
    backend.set(SAVE_PREFIX + save_id, app.saves.backend.get(SAVE_PREFIX + screen.save_id))
    return screen.record


def test_a_save_under_an_id_this_app_does_not_write_opens_from_the_home_screen():
    backend = MemoryBackend()
    record = a_game_saved_as(backend, "good")
    app = FakeApp(saves=SaveStore(backend))
    assert 'href="#/gelatinous/resume/good"' in home(app)
    table(app, "/gelatinous/resume/good")
    assert app.screen.phase == "play" and app.screen.save_id == "good" and app.screen.record == record
    table(app, f"/gelatinous/play/good/{encode(record)}")  # the address it puts in the bar opens it too
    assert app.screen.save_id == "good" and app.screen.record == record
    # What storage never lists is never opened: a key of other characters is set aside.
    table(app, "/gelatinous/resume/go od")
    assert app.screen.phase == "setup" and "no longer on this device" in app.page


def test_a_listed_save_is_removed_with_undo_and_stays_removed_once_the_home_screen_is_left():
    backend = MemoryBackend()
    a_game_saved_as(backend, "good")
    stored = backend.get(SAVE_PREFIX + "good")
    app = FakeApp(saves=SaveStore(backend))
    page = home(app)
    assert ("remove-save", {"remove": "good"}) in controls(page)
    assert 'aria-label="Remove: Gelatinous with Ana"' in page

    app.screen.on_action("remove-save", {"remove": "good"})
    assert backend.get(SAVE_PREFIX + "good") is None
    assert "Removed from this device: Gelatinous with Ana." in app.page and "resume/good" not in app.page
    assert ("undo-remove", {}) in controls(app.page)
    assert app.focused[-1] == ("[data-action='undo-remove']", False)
    assert app.announced[-1] == "Removed from this device: Gelatinous with Ana."

    app.screen.on_action("undo-remove", {})
    assert backend.get(SAVE_PREFIX + "good") == stored  # exactly as it was
    assert "resume/good" in app.page and "Removed from this device" not in app.page

    app.screen.on_action("remove-save", {"remove": "good"})
    assert "resume/good" not in home(app) and "Removed" not in app.page  # a new visit: gone, said no more
    assert backend.get(SAVE_PREFIX + "good") is None


def test_undo_without_room_says_so_and_can_be_tried_again():
    backend = MemoryBackend()
    a_game_saved_as(backend, "good")
    stored = backend.get(SAVE_PREFIX + "good")
    app = FakeApp(saves=SaveStore(backend))
    home(app)
    app.screen.on_action("remove-save", {"remove": "good"})
    backend.quota = 10  # another tab filled the storage meanwhile
    app.screen.on_action("undo-remove", {})
    assert "Gelatinous with Ana could not be put back: this browser's storage is full." in app.page
    assert ("undo-remove", {}) in controls(app.page)
    backend.quota = None
    app.screen.on_action("undo-remove", {})
    assert backend.get(SAVE_PREFIX + "good") == stored


def test_a_remove_for_a_save_not_listed_removes_nothing():
    backend = MemoryBackend()
    a_game_saved_as(backend, "good")
    app = FakeApp(saves=SaveStore(backend))
    home(app)
    for junk in ["", "gone", "good/../x", SAVE_PREFIX + "good"]:
        app.screen.on_action("remove-save", {"remove": junk})
    assert backend.get(SAVE_PREFIX + "good") is not None and "Removed" not in app.page


def full_but_for_a_finished_game():
    """A store holding Robo's finished game and so little room besides that the next
    new game can only be saved by removing it; and an app on it."""
    backend = MemoryBackend()
    app, done = started(GelatinousScreen, seats=[Seat("bot", "Robo", "normal")], seed=5, app=FakeApp(saves=SaveStore(backend)))
    app.run_timers()
    assert done.phase == "over" and SAVE_PREFIX + done.save_id in backend.data
    backend.quota = sum(map(len, backend.data.values())) + 40
    return backend, app, done.save_id


def test_a_finished_game_removed_to_make_room_is_said_on_the_table_and_after_a_reload_until_seen():
    backend, app, done_id = full_but_for_a_finished_game()
    _, screen = started(GelatinousScreen, seats=[Seat("human", "Ana")], seed=9, app=app)
    app.screen = screen
    app.refresh()
    assert SAVE_PREFIX + done_id not in backend.data and SAVE_PREFIX + screen.save_id in backend.data
    said = "Storage was full, so the oldest finished game was removed to make room: Gelatinous with Robo."
    assert said in app.page and 'data-removed-games=""' in app.page
    assert NOTICES_KEY in backend.data

    reloaded = FakeApp(saves=SaveStore(backend))  # a reload: a new app on the same storage
    assert said in table(reloaded, f"/gelatinous/resume/{screen.save_id}")
    assert said in home(reloaded)
    table(reloaded, f"/gelatinous/resume/{screen.save_id}")
    got_it(reloaded)
    assert said not in reloaded.page and NOTICES_KEY not in backend.data

    again = FakeApp(saves=SaveStore(backend))
    assert said not in table(again, f"/gelatinous/resume/{screen.save_id}") and said not in home(again)


def a_finished_game():
    app, done = started(GelatinousScreen, seats=[Seat("bot", "Robo", "normal")], seed=5)
    app.run_timers()
    assert done.phase == "over"
    return done.record


def test_later_removals_add_up_until_seen_and_the_home_screen_dismisses_them_too():
    backend = MemoryBackend()
    store = SaveStore(backend, clock=iter(range(100)).__next__)
    for n in range(4):
        store.save(f"done{n}", a_finished_game(), over=True, summary="")
    backend.quota = sum(map(len, backend.data.values())) + 40
    in_play = a_game_saved_as(MemoryBackend(), "x")
    assert store.save("new", in_play, over=False, summary="") == SAVED
    assert store.save("newer", in_play, over=False, summary="") == SAVED
    gone = [n for n in range(4) if SAVE_PREFIX + f"done{n}" not in backend.data]
    assert len(gone) >= 2 and gone == list(range(len(gone)))  # the oldest, and each named:
    assert SaveStore(backend).removed_notice() == (
        f"Storage was full, so the {len(gone)} oldest finished games were removed to make room: "
        + "; ".join(["Gelatinous with Robo"] * len(gone)) + ".")

    app = FakeApp(saves=SaveStore(backend))
    home(app)
    got_it(app)
    assert "Storage was full" not in app.page and not SaveStore(backend).removed_notice()


class NoRoomForTheNotice(MemoryBackend):
    """A store that takes saves but refuses the notice (as a page may, after the fact)."""

    def set(self, key, value):
        if key == NOTICES_KEY:
            raise StorageFull()
        super().set(key, value)


def test_when_storage_will_not_keep_the_notice_the_page_still_says_it_until_seen():
    backend = NoRoomForTheNotice()
    app = FakeApp(saves=SaveStore(backend))
    app.saves.save("done", a_finished_game(), over=True, summary="")
    backend.quota = sum(map(len, backend.data.values())) + 40
    _, screen = started(GelatinousScreen, seats=[Seat("human", "Ana")], seed=9, app=app)
    assert NOTICES_KEY not in backend.data and SAVE_PREFIX + "done" not in backend.data
    app.screen = screen
    app.refresh()
    assert "Gelatinous with Robo" in app.page
    got_it(app)
    assert "Gelatinous with Robo" not in app.page


HOSTILE_NOTICES = [
    "", "{not json", "[" * 50_000 + "]" * 50_000, '{"removed": ' + "[" * 5000 + "]" * 5000 + "}",
    "null", "7", '"text"', "[]", '{"removed": "Gelati"}', '{"removed": {"a": 1}}', "x" * 100_000,
    *[json.dumps({"removed": [item]}) for item in [
        ["g1", "gelati"], ["g1", "gelati", "Ana"], ["g1", "gelati", []], ["g1", "gelati", [7]], [None, "gelati", ["Ana"]],
        ["g/1", "gelati", ["Ana"]], ["g1", "<img src=x>", ["Ana"]], ["g1", "gelati", ["<b>Ana</b>\n"]],
        ["g1", "gelati", ["\ud800"]], ["g1", "gelati", ["x" * 500]], ["g1", "gelati", ["Ana"] * 50],
        ["g1", "gelati", ["Ana"], "extra"], {"g1": ["Ana"]}]],
    json.dumps({"removed": [[None, "gelati", ["Ana"]]] * 2000}),
]


def test_hostile_content_in_the_notice_key_is_ignored_and_every_screen_draws():
    for value in HOSTILE_NOTICES:
        backend = MemoryBackend()
        a_game_saved_as(backend, "good")
        backend.set(NOTICES_KEY, value)
        app = FakeApp(saves=SaveStore(backend))
        assert app.saves.removed_notice() == ""
        assert "Storage was full" not in home(app)
        assert "Storage was full" not in table(app, "/gelatinous/resume/good")


def test_in_a_damaged_notice_the_items_of_the_right_shape_are_kept_and_a_new_removal_writes_over_the_rest():
    backend = MemoryBackend()
    backend.set(NOTICES_KEY, json.dumps({"removed": [["g1", "gelati", ["Ana", "Bo"]], ["g2", "gelati", ["<b>\n"]], 5]}))
    store = SaveStore(backend)
    assert store.removed_notice() == ("Storage was full, so the oldest finished game was removed to make room: "
                                      "Gelati with Ana and Bo.")
    markup = "<b>Bo</b>"
    finished = a_finished_game()
    store.save("done", replace(finished, seats=[Seat("bot", markup, "normal")]), over=True, summary="")
    backend.quota = sum(map(len, backend.data.values())) + 40
    assert store.save("new", a_game_saved_as(MemoryBackend(), "x"), over=False, summary="") == SAVED
    assert json.loads(backend.get(NOTICES_KEY)) == {"removed": [["g1", "gelati", ["Ana", "Bo"]],
                                                                ["done", "gelatinous", [markup]]]}
    page = home(FakeApp(saves=SaveStore(backend)))
    assert "Gelati with Ana and Bo; Gelatinous with &lt;b&gt;Bo&lt;/b&gt;." in page and markup not in page
