"""Gelati's guided first game, played in CPython by doing only what each hint says
with the controls on screen (and, where no lesson is due in step 2, what the step's
card offers: complete an order, discard down to five, end the turn).

The guided deal is chosen by the search at the bottom:
    PYTHONPATH=py .venv/bin/python tests/unit/test_gelati_guided.py 0 400
prints the deals where following the hints shows every lesson and wins."""

import re
import sys
from collections import Counter

from fakeapp import FakeApp, controls
from gelateria.web.routes import screen_for
from gelateria.web.views.gelati import home_spot
from gelateria.games.gelati.rules import part_name
from gelateria.web.views import gelati_guide as guide
from gelateria.web.views.gelati_guide import LESSONS, best_space, row_space
from gelateria.web.views.gelati_panels import completing_trade


def click_for(facts, ui, hint) -> tuple[str, dict]:
    """The click a hint asks for; with no hint (step 2 with no lesson due), what the
    step's card offers first: an order, a discard, a trade an order needs (its parts
    starred), End turn."""
    key = hint[0] if hint else None
    legal = facts.legal
    if key in ("row", "best"):  # "Show me", then Place here (the words alone once it is shown)
        shown = re.search(r'data-q="(-?\d+)" data-r="(-?\d+)" data-show', hint[1])
        return ("cell", {"q": shown[1], "r": shown[2]}) if shown else ("place", {})
    if key == "spots":  # the space the board offers first (Tab lands there)
        home = home_spot(facts, ui)
        return "cell", {"q": str(home[0]), "r": str(home[1])}
    if key == "discard":  # the part the words name
        named = next(m["discard"] for m in legal if "discard" in m and part_name(m["discard"]) in hint[1])
        return "discard", {"part": str(named)}
    trade = completing_trade(facts) if facts.view["phase"] == "after" else None
    if key is None and trade and not any("order" in m for m in legal):
        key = "trade"
    if key == "trade":
        if len(ui.give) < 2:
            wanted = [p for p in trade["trade"] if p not in ui.give] or trade["trade"]
            return "trade-give", {"part": str(wanted[0])}
        if ui.get is None:
            return "trade-get", {"part": str(trade["get"])}
        return "trade", {}
    if key == "other-tile":
        return "select-tile", {"tile": str(next(t for t in facts.view["hand"] if t != ui.selected))}
    if key == "select-tile":
        return key, {"tile": str(facts.view["hand"][0])}
    if key == "exchange":
        return key, {"tile": str(facts.view["hand"][0])}
    order = next((m["order"] for m in legal if "order" in m), None)
    if key == "order" or (key is None and order is not None):
        return "order", {"order": str(order)}
    discard = next((m["discard"] for m in legal if "discard" in m), None)
    if key is None and discard is not None:
        return "discard", {"part": str(discard)}
    return key or "end-turn", {}


def play_guided(app, table, steps=2000) -> list[tuple[int, str, str]]:
    """Follow the hints to the end: (turn, key, words) of each hint seen on your turn."""
    seen = []
    turn = 0
    for _step in range(steps):
        app.run_timers(limit=50)  # the bot's turn
        if table.phase == "over":
            break
        hint = table.practice.shown_hint()
        if hint is not None:
            assert 'data-guide="%s"' % hint[0] in str(table.render())
            seen.append((turn, hint[0], hint[1]))
        before = table.state.turn
        table.on_action(*click_for(table.facts(), table.ui, hint))
        if table.state.turn != before:
            turn += 1
    return seen


def guided_table():
    app = FakeApp()
    table = screen_for(app, "/gelati/guided")
    app.screen = table
    table.mounted()
    return app, table


def test_following_the_hints_shows_each_lesson_once_and_wins():
    app, table = guided_table()
    seen = play_guided(app, table)
    assert table.phase == "over"
    turns = {key: {t for t, k, _w in seen if k == key} for key in {k for _t, k, _w in seen}}
    for lesson in LESSONS:  # four in a row, an order, a trade, the five-part limit
        assert len(turns.get(lesson, ())) == 1, (lesson, turns.get(lesson))
    for first in ("select-tile", "spots", "place", "end-turn"):
        assert len(turns.get(first, ())) == 1, first
    # No words are said on two turns (the "best" space is named afresh each turn).
    said = Counter(words for _turn, words in {(t, w) for t, _k, w in seen})
    assert max(said.values()) == 1, said.most_common(1)
    assert table.game.winners(table.state) == [0]  # the deal is chosen so that the hints win it
    story = table.parts().story
    assert story.startswith(f"Your {table.state.scores[0]} points:")
    assert 'data-story=""' in str(table.render())
    assert app.saves.load_all() == []


def test_the_lessons_light_what_they_name():
    app, table = guided_table()
    for _step in range(2000):
        app.run_timers(limit=50)
        if table.phase == "over":
            break
        hint = table.practice.shown_hint()
        page = str(table.render())
        if hint and hint[0] == "trade":  # the parts it names are lit in the trade picker
            assert page.count("gl-suggested") >= 2
        if hint and hint[0] == "row":  # the space it names shows the part it wins
            cell = row_space(table.facts(), table.ui)
            assert "gl-spot-chip" in page and f'data-spot="{cell[0]},{cell[1]}"' in page
        table.on_action(*click_for(table.facts(), table.ui, hint))


def test_a_reload_does_not_teach_a_lesson_again():
    app, table = guided_table()
    seen = []
    while not any(k == "order" for _t, k, _w in seen):
        seen += play_guided(app, table, steps=1)
    while table.state.turn == 0:  # finish that turn
        app.run_timers(limit=50)
        table.on_action(*click_for(table.facts(), table.ui, table.practice.shown_hint()))
    app.run_timers(limit=50)
    again = screen_for(FakeApp(), app.path)
    assert again.session.record.moves == table.session.record.moves
    rest = play_guided(again.app, again)
    assert not {k for _t, k, _w in rest} & {"select-tile", "spots", "row", "order"}


def test_a_reload_of_the_guided_address_goes_on_from_the_same_position():
    app, table = guided_table()
    table.on_action("select-tile", {"tile": str(table.facts().view["hand"][0])})
    best = best_space(table.facts(), table.ui)
    table.on_action("cell", {"q": str(best[0]), "r": str(best[1])})
    table.on_action("place", {})
    assert app.path.startswith("/gelati/guided/")
    again = screen_for(FakeApp(), app.path)
    assert again.practice.guided and again.session.record.moves == table.session.record.moves
    assert again.session.record.moves and again.save_id == ""


def test_a_link_that_is_not_the_guided_deal_is_refused():
    from gelateria.core.record import Record, Seat, encode
    seats = [Seat("human", "You"), Seat("bot", "Bot 1", "easy")]
    guided = guided_table()[1].session.record.seed
    for other in (Record("gelati", seats, guided + 1, {}, []), Record("genial", seats, guided, {}, [])):
        table = screen_for(FakeApp(), "/gelati/guided/" + encode(other))
        assert table.session is None and "not the guided game" in table.news


def test_stop_the_hints_leaves_the_game_going_without_them():
    app, table = guided_table()
    assert "data-guide" in str(table.render())
    table.on_action("hints-off", {})
    assert table.practice.shown_hint() is None and "data-guide" not in str(table.render())
    assert table.phase == "play"


def follow_facts(seed: int) -> tuple[list, object]:
    """The same player as play_guided, at the rules' level (no page: fast enough to try
    many deals): (turn, key) of each hint, and the session at the end."""
    from gelateria.core.facts import facts_of
    from gelateria.core.record import Seat
    from gelateria.core.session import Session
    from gelateria.games.gelati.rules import GAME
    from gelateria.web.views.contract import UI
    from gelateria.web.views.gelati import GelatiView
    session = Session(GAME, [Seat("human", "You"), Seat("bot", "Bot 1", "easy")], seed, {})
    forced = session.game.type.forced
    view, ui, seen, turn, settled = GelatiView(), GelatiView().new_ui(), [], 0, None
    while not session.is_over() and len(session.moves) < 600:
        if session.to_act() == [1]:
            session.submit(1, session.decide(1))
            continue
        facts = facts_of(session, len(session.moves), "play", 0, 0, [0])
        if forced is not None and forced(facts.legal) is not None:
            session.submit(0, forced(facts.legal))
            turn += session.state.turn != 0
            continue
        if settled != len(session.moves):  # picks made on another position are forgotten (as on the page)
            ui, settled = view.settle(facts, ui), len(session.moves)
        hint = guide.hint(facts, ui)
        if hint is not None:
            seen.append((turn, hint[0]))
        answer = view.interpret(facts, ui, *click_for(facts, ui, hint))
        if isinstance(answer, dict):
            session.submit(0, answer)
            turn += session.state.turn != 0
    return seen, session


def search(first: int, last: int) -> None:
    """Print each deal in [first, last) where following the hints shows every lesson on
    one turn, with the turn each came on (earlier is better: a shorter lesson)."""
    for seed in range(first, last):
        seen, session = follow_facts(seed)
        turns = {lesson: sorted({t for t, k in seen if k == lesson}) for lesson in LESSONS}
        won = session.game.winners(session.state) == [0]
        ok = all(len(t) == 1 for t in turns.values())
        print(seed, "OK" if ok else "--", "won" if won else "lost", session.state.scores, turns, flush=True)


if __name__ == "__main__":
    search(int(sys.argv[1]), int(sys.argv[2]))
