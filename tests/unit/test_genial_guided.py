"""Genial Spezial's guided first game (#/genial/guided), driven without a browser:
doing only what each hint says plays the whole game against the easy bot; each hint's
words are what the rules then score; the end tells how the score was made; nothing
is saved, and the address carries the game so a reload goes on from there."""

import re

from fakeapp import FakeApp, controls  # tests/unit is on sys.path under pytest

from gelateria.games.genial.rules import GAME
from gelateria.web.routes import screen_for
from gelateria.web.screens import RulesScreen
from gelateria.web.views.genial_guide import FIRST_STEP
from gelateria.web.views.genial_panels import gain_words

TEACHING = {"connect", "tall-next", "tall", "lowest", "golden", "second", "place"}


def guided(path="/genial/guided"):
    app = FakeApp()
    table = screen_for(app, path)
    app.screen = table
    app.refresh()
    return app, table


def shown_hint(html: str) -> tuple[str, str] | None:
    """The hint on screen: the table's data-hint and the guide bar's words."""
    key = re.search(r'<section class="table genial"[^>]*data-hint="([^"]+)"', html)
    if key is None:
        return None
    bar = re.search(r'data-guide="([^"]+)"><p><strong>Guided game</strong> (.*?)</p>', html)
    assert bar and bar.group(1) == key.group(1)
    return key.group(1), bar.group(2)


def follow(table, key: str, html: str) -> None:
    """The click a hint asks for: a lit space, Place tile or Pass."""
    actions = {action for action, _data in controls(html)}
    if key in FIRST_STEP or key == "second":
        spaces = re.findall(r'data-suggest="(-?\d+,-?\d+)"', html)
        assert spaces, f"hint {key} lights no space"
        table.on_action("cell", {"cell": spaces[0]})
    elif key in ("place", "golden"):
        assert "confirm" in actions
        table.on_action("confirm", {})
    else:
        assert key == "pass" and "pass" in actions
        table.on_action("pass", {})


def play_by_hints(app, table, turns=None) -> list[tuple[str, str]]:
    """Follow the hints (the bot's timers run between) until the game ends, or for
    `turns` of your own moves; returns every hint shown, in order. Each tile placed
    scores what its first hint said."""
    seen = []
    mine = 0
    lesson = None
    while table.phase == "play" and (turns is None or mine < turns):
        app.run_timers(limit=50)  # the bot's move
        if table.phase != "play":
            break
        html = table.render()
        hint = shown_hint(html)
        assert hint is not None, "your turn, and no hint"
        seen.append(hint)
        if hint[0] in FIRST_STEP:
            lesson = hint
        moves = len(table.record.moves)
        follow(table, hint[0], html)
        if len(table.record.moves) > moves:
            mine += 1
            gains = gain_words(table.state.last["gain"])
            if hint[0] != "pass":
                assert (gains == "no points") if lesson[0] == "build" else (gains in lesson[1]), (lesson, gains)
    return seen


def test_following_every_hint_plays_the_whole_game_and_the_end_tells_how_you_scored():
    app, table = guided()
    assert table.practice.guided and table.session.seats[1].kind == "bot" and table.session.seats[1].level == "easy"
    seen = play_by_hints(app, table)

    assert table.phase == "over"
    keys = [k for k, _words in seen]
    assert TEACHING <= set(keys), set(keys)
    assert keys[0] == "connect"  # the deal: the first tile already joins two towers
    words = dict(seen)
    assert "a chain touching two of them scores +1 in every colour" in words["tall"]
    assert "Your score is your weakest colour" in words["lowest"]
    assert "scores their tokens" in words["connect"]

    html = table.render()
    you = table.state.scores[0]
    story = re.search(r'data-story="">(.*?)</p>', html).group(1)
    assert story.startswith(f"Your score is {min(you)}, your weakest colour")
    assert "orange {}, green {}, blue {}, purple {}".format(*you) in story
    assert "from tower tokens" in story and "tall-tower bonuses" in story and "golden spaces" in story

    table.saving.autosave()
    assert app.saves.load_all() == []  # nothing in Continue or Finished
    assert app.path.startswith("/genial/guided/")


def test_the_lit_spaces_are_a_tile_the_rules_allow_and_the_words_name_no_coordinates():
    app, table = guided()
    html = table.render()
    key, words = shown_hint(html)
    assert key == "connect"
    first, second = re.findall(r'data-suggest="(-?\d+,-?\d+)"', html)
    a, b = ([int(x) for x in cell.split(",")] for cell in (first, second))
    assert GAME.listed_forms(table.state, 0, {"a": a, "b": b})  # a place a tile fits
    assert "Choose a space outlined in blue." in words and not re.search(r"\d,", words)

    table.on_action("cell", {"cell": first})
    html = table.render()
    assert shown_hint(html)[0] == "second"
    assert re.findall(r'data-suggest="(-?\d+,-?\d+)"', html) == [second]
    assert f'data-target="{second}"' in html  # one of the neighbours the rules list


def test_got_it_and_stop_the_hints():
    app, table = guided()
    table.on_action("hint-done", {})
    html = table.render()
    assert shown_hint(html) is None and "data-suggest" not in html
    assert "Watch the bot" not in html  # it is still your turn

    app, table = guided()
    table.on_action("hints-off", {})
    html = table.render()
    assert shown_hint(html) is None and "data-guide" not in html and "data-suggest" not in html
    assert "Stop the hints" not in html


def test_a_reload_of_the_guided_address_goes_on_from_the_same_position():
    app, table = guided()
    play_by_hints(app, table, turns=3)
    app.run_timers(limit=50)
    path = app.path
    assert path.startswith("/genial/guided/")

    again_app, again = guided(path)
    assert again.practice.guided and again.record.moves == table.record.moves
    assert again.facts().view["tiles"] == table.facts().view["tiles"]
    assert shown_hint(again.render()) == shown_hint(table.render())
    assert again_app.saves.load_all() == []


def test_the_rules_page_offers_the_guided_game():
    html = RulesScreen(FakeApp(), "genial").render()
    assert 'href="#/genial/guided"' in html and "Play a guided game" in html
