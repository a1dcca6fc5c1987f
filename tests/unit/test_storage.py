"""Autosave storage: games survive, broken entries are set aside, a full store is said."""

import json
import random

from gelateria.core.record import Record, Seat, encode
from gelateria.core.session import Session
from gelateria.web.storage import ASIDE_PREFIX, BLOCKED, FULL, SAVE_PREFIX, SAVED, STALE, MemoryBackend, SaveStore
from test_links_fuzz import pack


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


def test_full_storage_drops_old_finished_games_only_as_needed_and_names_them():
    backend = MemoryBackend()
    store = SaveStore(backend, clock=iter(range(100)).__next__)
    for i in range(6):
        assert store.save(f"done{i}", record(1), over=True, summary="") == SAVED
    alone = MemoryBackend()
    SaveStore(alone).save("current", record(30), over=False, summary="")
    backend.quota = sum(map(len, backend.data.values())) + len(alone.data[SAVE_PREFIX + "current"]) - 50
    assert store.save("current", record(30), over=False, summary="") == SAVED
    assert store.get("current") is not None
    left = {s.save_id for s in store.load_all()}
    assert "done5" in left and "done0" not in left  # the oldest went first, the newest stayed
    assert not store.problems
    notice = store.removed_notice()
    assert "Storage was full" in notice and "Gelatinous with Ana" in notice


def test_a_store_that_refuses_every_write_says_full_and_keeps_what_it_had():
    class Refusing(MemoryBackend):
        def set(self, key, value):
            raise RuntimeError("SecurityError: the operation is insecure")

    backend = Refusing()
    backend.data[SAVE_PREFIX + "old"] = json.dumps({"v": 1, "link": encode(record()), "over": True})
    store = SaveStore(backend)
    assert store.save("x", record(), False, "") == FULL
    assert SAVE_PREFIX + "old" in backend.data  # nothing was lost trying


def test_memory_only_storage_says_blocked():
    store = SaveStore(MemoryBackend(persistent=False))
    assert not store.persistent
    assert store.save("x", record(), False, "") == BLOCKED
    assert store.get("x").record == record()  # kept while the page is open


def test_finished_games_are_never_dropped_silently():
    store = SaveStore(MemoryBackend(), clock=iter(range(100)).__next__)
    for i in range(40):
        store.save(f"f{i}", record(1), over=True, summary="")
    assert len(store.load_all()) == 40 and not store.problems and not store.removed_notice()


def test_blocked_storage_is_reported_not_raised():
    class Blocked:
        def keys(self):
            raise RuntimeError("SecurityError")

        def get(self, key):
            raise RuntimeError("SecurityError")

    store = SaveStore(Blocked())
    assert store.load_all() == [] and store.problems
    assert store.save("x", record(), False, "") == BLOCKED


def test_a_second_page_cannot_overwrite_newer_moves():
    backend = MemoryBackend()
    first, second = SaveStore(backend), SaveStore(backend)
    assert first.save("g", record(1), False, "") == SAVED
    assert second.get("g").record == record(1)
    assert second.save("g", record(2), False, "") == SAVED
    assert first.newer_elsewhere("g") and not second.newer_elsewhere("g")
    assert first.save("g", record(5), False, "") == STALE  # refused: the older page is told
    assert SaveStore(backend).get("g").record == record(2)
    assert first.get("g").record == record(2)  # it takes the newest and may go on
    assert first.save("g", record(3), False, "") == SAVED


def test_setting_aside_never_overwrites_an_earlier_set_aside_copy():
    backend = MemoryBackend()
    store = SaveStore(backend)
    backend.set(SAVE_PREFIX + "x", "first broken")
    store.load_all()
    backend.set(SAVE_PREFIX + "x", "second broken")
    store.load_all()
    kept = sorted(v for k, v in backend.data.items() if k.startswith(ASIDE_PREFIX))
    assert kept == ["first broken", "second broken"]


def test_notices_are_sentences_not_parser_text():
    backend = MemoryBackend()
    store = SaveStore(backend)
    backend.set(SAVE_PREFIX + "x", "{not json")
    store.load_all()
    assert store.problems == ["One saved game could not be opened (it is damaged); it was set aside and the rest are fine."]


def hostile_values(rnd: random.Random):
    """Stored values an attacker (or a broken browser) could leave: bombs, junk, entries
    of the right shape with wrong meanings, real links with damage."""
    good = encode(record())
    yield "[" * 100_000 + "]" * 100_000
    yield '{"v":1,"link":' + "[" * 5000 + "]" * 5000 + "}"
    yield '"' + "\\" * 50_000
    yield "\ud800"
    for _ in range(1200):
        kind = rnd.randrange(8)
        if kind == 0:
            yield "".join(rnd.choice('{}[]":,01a\\ ') for _ in range(rnd.randrange(1, 200)))
        elif kind == 1:
            yield json.dumps(rnd.choice([None, 1, [], "x", {"v": "1"}, {"v": True}, {"v": 1}, {"v": 1, "link": 5}]))
        elif kind == 2:
            link = list(good)
            link[rnd.randrange(1, len(link))] = rnd.choice("A_-z9")
            yield json.dumps({"v": 1, "link": "".join(link), "over": False})
        elif kind == 3:
            yield json.dumps({"v": 1, "link": good, "over": rnd.choice([[], "yes", None, 2]),
                              "updated": rnd.choice(["x", [], 1.5, True, None]),
                              "summary": rnd.choice([["x"], {"a": 1}, "\ud800" * 3, "<b>x</b>", 7]),
                              "rev": rnd.choice([-1, "2", True, 2**80, None])})
        elif kind == 4:
            seats = [{"k": "bot", "n": "\udfff", "l": rnd.choice(["genius", ["normal"], 5, None])}]
            yield json.dumps({"v": 1, "link": pack({"g": "gelatinous", "v": 1, "s": seats, "seed": 1})})
        elif kind == 5:
            yield json.dumps({"v": rnd.choice([2, 99, -1]), "link": good})
        elif kind == 6:
            yield json.dumps({"v": 1, "link": pack({"g": "gelati", "v": 1, "s": [{"k": "human"}] * 2, "seed": 3,
                                                    "m": [[0, {"p": 1, "at": [0, 0], "zz": 1}]]})})
        else:
            yield json.dumps({"v": 1, "link": "1" + "A" * rnd.randrange(70_000, 80_000)})


def test_a_thousand_hostile_stored_values_never_break_the_store():
    rnd = random.Random(16)
    count = 0
    for value in hostile_values(rnd):
        backend = MemoryBackend()
        store = SaveStore(backend)
        store.save("good", record(), False, "")
        backend.set(SAVE_PREFIX + "bad", value)
        for saved in store.load_all():  # never raises
            assert saved.save_id in ("good", "bad")
            replay_checked(saved)
        assert store.get("good").record == record()
        assert backend.get(SAVE_PREFIX + "bad") is None or store.get("bad") is not None
        assert any(v == value for k, v in backend.data.items() if k.startswith(ASIDE_PREFIX)) or store.get("bad")
        count += 1
    assert count > 1000


def replay_checked(saved):
    from gelateria.core.record import RecordError

    try:
        Session.from_record(saved.record).state
    except RecordError:
        pass  # a clear message: what the play screen shows


def test_preferences_of_the_wrong_kind_are_dropped_not_obeyed():
    from gelateria.web.storage import read_prefs

    assert read_prefs('{"pace": ["fast"], "genial_board": "tall", "x": {"a": [1]}, "gelatinous_stats": {"played": 2, "won": 1}}') == {
        "genial_board": "tall", "gelatinous_stats": {"played": 2, "won": 1}}
    for junk in [None, "", "[1]", "{", "[" * 10_000, '{"pace": "\\ud800"}', "x" * 30_000, 5]:
        assert read_prefs(junk) == {}


def test_every_table_plays_with_hostile_preferences():
    from fakeapp import FakeApp, started as start_table
    from fakeapp import table_of
    from gelateria.web.storage import read_prefs

    prefs = read_prefs('{"pace": {"x": 1}, "genial_board": 3, "gelatinous_best": "x", "gelatinous_stats": {"played": -4}}')
    assert "pace" not in prefs
    from gelateria.core.game import all_games

    for game_id in sorted(all_games()):
        app, screen = start_table(table_of(game_id), app=FakeApp(prefs=prefs))
        app.screen = screen
        app.advance(5_000)  # the bots take their turns at the (unreadable → default) pace
        assert screen.render()


def test_a_downloaded_game_opens_again_and_a_bad_file_gets_a_sentence():
    from fakeapp import FakeApp
    from gelateria.core.record import to_json
    from gelateria.web.screens import HomeScreen

    app = FakeApp()
    home = HomeScreen(app)
    app.screen = home
    home.on_import(to_json(record()))
    assert app.went.startswith("/gelatinous/take/")  # a game of your own: it goes on on this device
    for bad in ["", "{not json", "[" * 50_000, '{"g":"chess","v":1,"s":[{"k":"human"}],"seed":1}',
                '{"g":"gelatinous","v":1,"s":[{"k":"human"}],"seed":1,"m":[[0,"\\ud800"]]}',
                '{"g":"gelatinous","v":1,"s":[{"k":"human"}],"seed":1,"m":[[0,{"\\udfff":1}]]}']:
        app.went = ""
        home.on_import(bad)
        assert app.went == "" and "could not be opened" in app.page


def test_keys_this_app_never_writes_are_set_aside_under_safe_keys():
    backend = MemoryBackend()
    store = SaveStore(backend)
    store.save("good", record(), False, "")
    value = json.dumps({"v": 1, "link": encode(record())})
    for odd in ['"><img src=x>', "\ud800", "a/b", "x" * 200]:
        backend.set(SAVE_PREFIX + odd, value)
    assert [s.save_id for s in store.load_all()] == ["good"]
    aside = [k for k in backend.data if k.startswith(ASIDE_PREFIX)]
    assert len(aside) == 4 and all(re_safe(k[len(ASIDE_PREFIX):]) for k in aside)
    assert all(v == value for k, v in backend.data.items() if k in aside)


def re_safe(text):
    import re

    return re.fullmatch(r"[A-Za-z0-9_.-]{1,90}", text) is not None


def test_a_revision_no_number_can_hold_is_set_aside_and_saving_goes_on():
    backend = MemoryBackend()
    store = SaveStore(backend)
    backend.set(SAVE_PREFIX + "g", '{"v":1,"rev":' + "9" * 5000 + ',"link":"' + encode(record()) + '"}')
    assert store.save("g", record(2), False, "") == SAVED
    assert store.get("g").record == record(2) and any(k.startswith(ASIDE_PREFIX) for k in backend.data)


def test_a_revision_never_goes_backwards_when_the_entry_went_missing():
    backend = MemoryBackend()
    first, second = SaveStore(backend), SaveStore(backend)
    for n in range(1, 4):
        first.save("g", record(n), False, "")
    second.get("g")  # holds rev 3
    backend.remove(SAVE_PREFIX + "g")  # cleared by the browser, say
    assert first.save("g", record(4), False, "") == SAVED  # rev 4, not 1
    assert second.save("g", record(1), False, "") == STALE  # so the older page is still refused
