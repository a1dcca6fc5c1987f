"""The shared screens in the language shown: home, new-game panel, rules frame, titles,
the saved-games list (said again from language-free facts), and notices that follow a
switch of language."""

from __future__ import annotations

import json

import pytest

from fakeapp import FakeApp, started, table_of
from gelateria.core import i18n
from scripts_seen import JAPANESE, KOREAN
from gelateria.core.record import Seat
from gelateria.web.routes import screen_for
from gelateria.web.screens import HomeScreen, NotFoundScreen, RulesScreen
from gelateria.web.storage import SAVE_PREFIX, saved_summary



def test_home_setup_and_rules_speak_japanese_and_korean():
    app = FakeApp()
    for lang, script, heading in (("ja", JAPANESE, "ひと箱に"), ("ko", KOREAN, "한 상자에")):
        i18n.set_language(lang)
        home = HomeScreen(app)
        html = home.render()
        assert heading in html and script.search(home.title)
        assert "Continue" not in html and "Rules" not in html
        panel = screen_for(app, "/genial")
        assert script.search(panel.title) and "Start game" not in panel.render()
        rules = RulesScreen(app, "gelati")
        assert script.search(rules.title) and script.search(rules.render())
        assert script.search(NotFoundScreen(app, "x").render())
    i18n.set_language("en")
    assert HomeScreen(app).title == "Gelateria — four ice-cream table games"
    assert "Start game" in screen_for(app, "/genial").render()


def test_the_saved_games_list_follows_the_language_shown():
    make = table_of("gelatinous")

    app, table = started(make, seats=[Seat("bot", "Ana", "normal"), Seat("bot", "Bo", "normal")], seed=3,
                         app=FakeApp(prefs={"pace": "instant"}))
    table.options = {"mode": "video"}
    table.start(seed=3)
    app.run_timers()
    (saved,) = [s for s in app.saves.load_all() if s.over]
    english = saved_summary(saved)
    assert english == saved.summary and "wins" in english or "Nobody" in english
    i18n.set_language("ja")
    japanese = saved_summary(saved)
    assert JAPANESE.search(japanese) and "Ana" in japanese and "wins" not in japanese
    assert JAPANESE.search(HomeScreen(app).render().split("data-history")[1])
    i18n.set_language("ko")
    assert KOREAN.search(saved_summary(saved))


def test_an_old_save_without_facts_shows_its_words_only_in_english():
    make = table_of("gelatinous")

    app, table = started(make, seats=[Seat("human", "Ana")])
    key = SAVE_PREFIX + table.save_id
    entry = json.loads(app.saves.backend.get(key))
    for field in ("lang", "scores", "winners"):
        entry.pop(field, None)
    entry["summary"] = "Ana 0"
    app.saves.backend.set(key, json.dumps(entry))
    (saved,) = app.saves.load_all()
    assert saved_summary(saved) == "Ana 0"
    i18n.set_language("ja")
    assert saved_summary(saved) == ""  # no English in a Japanese list: the move count says enough


@pytest.mark.parametrize("scores, winners", [
    ("12", None), ([1], None), ([1, 2, 3], None), ([float("inf"), 1], None), ([True, 1], None),
    ([1, 2], [5]), ([1, 2], [0, 0]), ([1, 2], "0"), ([{"a": 1}, 2], None),
])
def test_stored_facts_that_are_not_what_this_app_writes_are_ignored(scores, winners):
    from fakeapp import table_of

    make = table_of("gelati")

    app, table = started(make, seats=[Seat("human", "Ana"), Seat("human", "Bo")])
    key = SAVE_PREFIX + table.save_id
    entry = json.loads(app.saves.backend.get(key))
    entry.update({"scores": scores, "winners": winners, "lang": "xx", "over": True})
    app.saves.backend.set(key, json.dumps(entry, allow_nan=True))
    (saved,) = app.saves.load_all()
    assert saved.lang == ""
    if not isinstance(scores, list) or len(scores) != 2 or not all(type(s) in (int, float) for s in scores) \
            or scores[0] == float("inf"):
        assert saved.scores is None
    if saved.winners is not None:
        assert all(isinstance(w, int) and 0 <= w < 2 for w in saved.winners)
    i18n.set_language("ja")
    HomeScreen(app).render()  # whatever was stored, the home screen draws


def test_a_notice_is_said_again_after_a_switch_of_language():
    from fakeapp import table_of

    make = table_of("gelati")

    app = FakeApp()
    table = make(app, ["game", "1notalink"])
    assert table.news.startswith("This link could not be opened")
    i18n.set_language("ja")
    table.language_changed()
    assert table.news.startswith("このリンクを開けませんでした")
    home = HomeScreen(app)
    home.on_import("{}")
    i18n.set_language("ko")
    home.language_changed()
    assert KOREAN.search(home.import_message)
