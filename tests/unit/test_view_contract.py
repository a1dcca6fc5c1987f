"""Every registered view draws from Facts alone (web/views/contract.py).

For each game with a registered screen (Dice Race, the tests' own game, included), games
are played through the session (60 moves each). At every position, for every seat and for a
spectator, the Facts are sent through JSON and back, and the view must answer the same to
its controls from the copy as from the original (every kind, up to a dozen of each), and
draw exactly the same parts (at every fourth position, the last, and any that offers a
viewer a new set of controls: drawing is most of the time). Then a table on a fake page plays games to the end: at every position its screen's
parts are what the view draws from a JSON copy of the table's Facts. A view that read
anything but its Facts and ui (the table, the session, a cache keyed by a live object)
would draw or answer differently from the copy.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from fakeapp import FakeApp, controls

from gelateria.core.facts import Facts, facts_of
from gelateria.core.game import REAL_TIME, get_game
from gelateria.core.record import Seat
from gelateria.core.session import Session
from gelateria.web.art import picture
from gelateria.web.table import Table
from gelateria.web.routes import table_for
from gelateria.web.storage import pref_tables, read_prefs
from gelateria.web.views.contract import Parts, register_screen, registered_screens, unregister_screen

GAMES = sorted(registered_screens())


def drawn(view, facts: Facts, ui) -> dict:
    parts = view.draw(facts, copy.deepcopy(ui))
    assert isinstance(parts, Parts)
    return {name: str(value) if value is not None else None for name, value in vars(parts).items()}


def answer(view, facts: Facts, ui, action: str, data: dict):
    ui = copy.deepcopy(ui)
    result = view.interpret(facts, ui, action, data)
    return (json.dumps(result, sort_keys=True) if isinstance(result, (dict, list)) else repr(result),
            json.dumps(ui, sort_keys=True, default=repr))


CLICKS_PER_ACTION = 12  # a board's hundreds of spaces all answer alike; a sample of each kind of control


DRAW_EVERY = 4  # positions: also drawn from the copy at the last and wherever the screen offers something new


def same_from_a_copy(view, facts: Facts, ui, rng: random.Random, seen: set, every: bool) -> None:
    wire = Facts.from_json(facts.to_json())
    assert wire == facts
    parts = drawn(view, facts, ui)
    by_action: dict[str, list[dict]] = {}
    for action, data in controls(parts["board"] + parts["side"] + parts["details"]):
        by_action.setdefault(action, []).append(data)
    offered = (facts.phase, facts.viewer, facts.actor is None, *sorted(by_action))
    if every or offered not in seen:
        seen.add(offered)
        assert drawn(view, wire, ui) == parts
    for action, datas in by_action.items():
        for data in rng.sample(datas, min(len(datas), CLICKS_PER_ACTION)):
            assert answer(view, facts, ui, action, data) == answer(view, wire, ui, action, data), action


def random_seats(game, rng: random.Random) -> list[Seat]:
    players = rng.randint(game.min_players, min(game.max_players, 4))
    return [Seat("human", f"P{i}") for i in range(players)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_positions_answer_and_draw_the_same_from_facts_sent_over_the_wire(game_id):
    game = get_game(game_id)
    spec = registered_screens()[game_id]
    rng = random.Random(game_id)
    seen: set[tuple] = set()  # (phase, viewer, waiting, the kinds of control offered) drawn from a copy
    for seed in (1, 2):
        session = Session(game, random_seats(game, rng), seed)
        view = spec.view()
        ui = view.new_ui()
        while True:
            index = len(session.moves)
            phase = "over" if session.is_over() else "play"
            acting = session.to_act()
            humans = list(range(len(session.seats)))
            movers = humans if game.type.timing == REAL_TIME and phase == "play" else []  # (real time: all at once)
            last = session.is_over() or index >= 60
            for viewer in [None, *humans]:
                actor = viewer if viewer in acting else None
                facts = facts_of(session, index, phase, viewer, actor, humans, movers)
                ui = view.settle(facts, ui)
                same_from_a_copy(view, facts, ui, rng, seen, last or index % DRAW_EVERY == 0)
            if last:
                break
            seat = acting[0]
            session.submit(seat, rng.choice(session.legal(seat)))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_draws_what_the_view_draws_from_a_copy_of_its_facts(game_id):
    app = FakeApp(prefs={"pace": "instant"})
    table = table_for(app, game_id)
    app.screen = table
    table.seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot {i}", "random")
                                           for i in range(1, get_game(game_id).min_players)]
    table.start(seed=5)
    rng = random.Random(5)
    for _ in range(200):
        facts = table.facts()
        wire = Facts.from_json(facts.to_json())
        assert {k: str(v) for k, v in vars(table.parts()).items()} == \
               {k: str(v) for k, v in vars(table.view.draw(wire, copy.deepcopy(table.ui))).items()}
        if table.phase == "over":
            break
        if facts.actor is None:
            app.run_timers(limit=50)
            continue
        table.act(facts.actor, rng.choice(facts.legal))
    assert table.phase == "over"


def test_a_click_the_view_refuses_is_said_and_changes_nothing():
    app = FakeApp(prefs={"pace": "instant"})
    table = table_for(app, "race")
    app.screen = table
    table.seats = [Seat("human", "Ana"), Seat("bot", "Bo", "normal")]
    table.start(seed=3)
    moves = list(table.session.moves)
    table.on_action("step", {"step": "9"})
    assert table.message == "You cannot step 9 from here."
    assert table.session.moves == moves
    table.on_action("step", {"step": "1"})
    table.on_action("go", {})
    assert table.session.moves == moves + [[0, {"step": 1}]]


def test_a_game_s_registration_is_all_the_box_knows_of_its_screen():
    prefs = json.dumps({"race_records": {"best": 3}})
    assert 'aria-label="A race track"' in str(picture("race"))
    assert "race_records" in pref_tables() and read_prefs(prefs) == {"race_records": {"best": 3}}
    assert isinstance(table_for(FakeApp(), "race"), Table)
    spec = registered_screens()["race"]
    unregister_screen("race")
    try:
        assert table_for(FakeApp(), "race") is None  # (the address then says the game is not on the table yet)
        assert 'aria-label="A race track"' not in str(picture("race"))
        assert "race_records" not in pref_tables() and read_prefs(prefs) == {}
    finally:
        register_screen(spec)
