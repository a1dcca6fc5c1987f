"""Gelati's rules-page examples (games/gelati/examples.py) give what the seed rulebook
prints, and the rules page and a "try it" practice game show them."""

import pytest

from fakeapp import FakeApp
from gelateria.core.examples import examples_of, find_example
from gelateria.games.gelati.rules import GAME, PART_NAMES
from gelateria.web.routes import screen_for
from gelateria.web.screens import RulesScreen

EXAMPLES = {e.id: e for e in examples_of("gelati")}


def parts(*names):
    return sorted(PART_NAMES.index(n) for n in names)


# The seed: "3 sides all matching → 3 points", "1 side → no points", "3 sides, 2 matching →
# not allowed", "a row of four chocolate scoops (A) and four blue cups (B) … you earn both …
# and 1 point", "Adding a 5th tile to an existing set of 4 does not earn extra parts",
# an order is 15 points, a trade is two parts for one.
@pytest.mark.parametrize("example_id, points, earned", [
    ("three-sides", 3, []),
    ("one-side", 0, []),
    ("two-rows", 1, parts("chocolate", "blue cup")),
    ("fifth-tile", 1, parts("blue cup")),
])
def test_placements_score_what_the_seed_prints(example_id, points, earned):
    outcome = EXAMPLES[example_id].outcome(GAME)
    assert outcome.refusal is None
    assert outcome.after.scores[0] - outcome.before.scores[0] == points
    assert sorted(outcome.after.last["earned"]) == earned
    held = [a - b for a, b in zip(outcome.after.held[0], outcome.before.held[0])]
    assert sorted(p for p, n in enumerate(held) for _ in range(n)) == earned


def test_two_of_three_matching_sides_is_refused_and_changes_nothing():
    example = EXAMPLES["not-matching"]
    outcome = example.outcome(GAME)
    assert outcome.after is None
    assert "share a part" in outcome.refusal and "pistachio in a glass bowl with sauce" in outcome.refusal
    assert example.move not in GAME.legal_moves(outcome.before, 0)


def test_the_order_scores_15_and_the_trade_gives_two_parts_for_one():
    order = EXAMPLES["order"].outcome(GAME)
    assert order.after.scores[0] == 15 and sum(order.after.held[0]) == 0
    trade = EXAMPLES["trade"].outcome(GAME)
    assert sum(trade.before.held[0]) - sum(trade.after.held[0]) == 1
    assert trade.after.held[0][PART_NAMES.index("paper cup")] == 1
    # "… to complete the order": after the trade the order can be completed
    assert {"order": 2} in GAME.legal_moves(trade.after, 0)
    assert {"order": 2} not in GAME.legal_moves(trade.before, 0)


def test_every_example_is_on_the_rules_page_with_its_result_and_a_try_link():
    html = RulesScreen(FakeApp(), "gelati").render()
    for example in EXAMPLES.values():
        assert f'data-example="{example.id}"' in html
        assert f'href="#/gelati/try/{example.id}"' in html
    assert "Scores 3 points." in html and "Scores 1 point and earns blue cup and chocolate." in html
    assert "Not allowed: Every touching tile must share a part" in html
    assert html.count("<figure") == len(EXAMPLES) == 7
    assert "<img" not in html.split('class="page-body"')[1]  # drawn, not pictures from files


def test_the_first_paint_leaves_out_only_the_drawing_definitions():
    full = str(RulesScreen(FakeApp(), "gelati").render())
    first = str(RulesScreen(FakeApp(), "gelati", defs=False).render())
    assert 'class="gelati-defs"' in full and 'class="gelati-defs"' not in first
    assert first.count("<figure") == full.count("<figure")


def test_try_it_opens_the_position_unsaved_and_the_move_scores_as_the_page_says():
    app = FakeApp()
    table = screen_for(app, "/gelati/try/three-sides")
    app.screen = table
    assert table.practice.example is find_example("gelati", "three-sides")
    assert table.session.practice and table.save_id == ""
    assert table.log[0] == "Practice: Three sides, all matching."
    move = table.practice.example.move
    assert table.act(0, move)
    assert table.session.state.scores[0] == 3
    table.saving.autosave()
    assert app.saves.load_all() == []  # nothing in Continue or Finished
    assert "data-practice" in table.render() and 'data-action="share"' not in table.render()


def test_an_unknown_example_says_so_and_offers_a_new_game():
    table = screen_for(FakeApp(), "/gelati/try/no-such-example")
    assert table.session is None and "not in this version of the rules" in table.news
