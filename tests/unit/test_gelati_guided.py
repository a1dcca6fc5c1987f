"""Gelati's guided first game, played in CPython by doing only what each hint says
with the controls on screen."""

from fakeapp import FakeApp, controls
from gelateria.games.gelati.rules import PART_NAMES
from gelateria.web.routes import screen_for
from gelateria.web.views.gelati import home_spot


def follow(table, hint) -> tuple[str, dict]:
    """The click a hint asks for, among the enabled controls of the screen."""
    key, words = hint
    found = controls(str(table.render()))
    if key == "spots":
        home = home_spot(table.facts(), table.ui)
        return "cell", {"q": str(home[0]), "r": str(home[1])}
    if key == "trade":
        give = [p for p in range(len(PART_NAMES)) if PART_NAMES[p] in words.split(" for ")[0]]
        if len(table.ui.give) < 2:
            wanted = [p for p in give if p not in table.ui.give] or give
            return "trade-give", {"part": str(wanted[0])}
        if table.ui.get is None:
            get = next(p for p in range(len(PART_NAMES)) if PART_NAMES[p] in words.split(" for ")[1].split(":")[0])
            return "trade-get", {"part": str(get)}
        return "trade", {}
    if key == "other-tile":
        return next((a, d) for a, d in found if a == "select-tile" and d["tile"] != str(table.ui.selected))
    return next((a, d) for a, d in found if a == key)


def test_following_the_hints_plays_a_whole_game_that_is_never_saved():
    app = FakeApp()
    table = screen_for(app, "/gelati/guided")
    app.screen = table
    table.mounted()
    seen = set()
    for _step in range(2000):
        app.run_timers(limit=50)  # the bot's turn
        if table.phase == "over":
            break
        hint = table.practice.shown_hint()
        assert hint is not None, "on your turn there is always a next step"
        assert 'data-guide="%s"' % hint[0] in str(table.render())
        seen.add(hint[0])
        if hint[0] == "trade":  # the parts it names are lit in the trade picker
            assert str(table.render()).count("gl-suggested") >= 2
        table.on_action(*follow(table, hint))
    assert table.phase == "over"
    assert {"select-tile", "spots", "place", "trade", "order", "end-turn"} <= seen
    assert table.game.winners(table.state) == [0]  # the deal is chosen so that the hints win it
    story = table.parts().story
    assert story.startswith(f"Your {table.state.scores[0]} points:")
    assert 'data-story=""' in str(table.render())
    assert app.saves.load_all() == []


def test_a_reload_of_the_guided_address_goes_on_from_the_same_position():
    app = FakeApp()
    table = screen_for(app, "/gelati/guided")
    app.screen = table
    table.on_action("select-tile", {"tile": str(table.facts().view["hand"][0])})
    home = home_spot(table.facts(), table.ui)
    table.on_action("cell", {"q": str(home[0]), "r": str(home[1])})
    table.on_action("place", {})
    table.on_action("end-turn", {})
    assert app.path.startswith("/gelati/guided/")
    again = screen_for(FakeApp(), app.path)
    assert again.practice.guided and again.session.record.moves == table.session.record.moves
    assert again.session.record.moves and again.save_id == ""


def test_a_link_that_is_not_the_guided_deal_is_refused():
    from gelateria.core.record import Record, Seat, encode
    seats = [Seat("human", "You"), Seat("bot", "Bot 1", "easy")]
    for other in (Record("gelati", seats, 5, {}, []), Record("genial", seats, 28, {}, [])):  # another deal, game
        table = screen_for(FakeApp(), "/gelati/guided/" + encode(other))
        assert table.session is None and "not the guided game" in table.news


def test_stop_the_hints_leaves_the_game_going_without_them():
    app = FakeApp()
    table = screen_for(app, "/gelati/guided")
    app.screen = table
    assert "data-guide" in str(table.render())
    table.on_action("hints-off", {})
    assert table.practice.shown_hint() is None and "data-guide" not in str(table.render())
    assert table.phase == "play"
