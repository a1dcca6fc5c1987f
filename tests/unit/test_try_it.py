"""Every rules example of every game, opened with "Try it": the practice table starts
from the example's position, the example's move there gives what the rules page says,
and nothing is saved."""

import pytest

from fakeapp import FakeApp
from gelateria.core.examples import examples_of
from gelateria.core.game import all_games, get_game

GAMES = sorted(game_id for game_id in all_games() if game_id != "race")  # the box's games (not the tests' own)
ALL = [(game_id, example) for game_id in GAMES for example in examples_of(game_id)]


def test_every_game_has_worked_examples():
    assert len(GAMES) >= 4 and all(len(examples_of(game_id)) >= 3 for game_id in GAMES)
    assert examples_of("race") == []


@pytest.mark.parametrize("game_id, example", ALL, ids=[f"{g}-{e.id}" for g, e in ALL])
def test_try_it_plays_the_example_as_the_page_says(game_id, example):
    from gelateria.web.routes import screen_for

    app = FakeApp()
    table = screen_for(app, f"/{game_id}/try/{example.id}")
    app.screen = table
    game = get_game(game_id)
    outcome = example.outcome(game)
    view = game.view(table.session.state, example.seat)
    assert view == game.view(outcome.before, example.seat), "the practice game starts from the example"
    assert table.session.humans() == [example.seat] and table.save_id == ""
    assert f'data-practice="{example.id}"' in str(table.render())
    if example.move is not None:
        played = table.act(example.seat, example.move)
        if outcome.refusal:
            assert not played and table.message == outcome.refusal
        else:
            assert played
            assert game.scores(table.session.state) == game.scores(outcome.after)
            assert game.view(table.session.state, None) == game.view(outcome.after, None)
    table.saving.autosave()
    assert app.saves.load_all() == []
