"""Gelatinous's rules-page examples (games/gelatinous/examples.py) play by the seed's
rules with the rolls their seeded states make, and the rules page and a "try it"
practice game show them."""

from fakeapp import FakeApp, click
from gelateria.core.examples import examples_of
from gelateria.games.gelatinous.rules import GAME, WON
from gelateria.web.routes import screen_for
from gelateria.web.screens import RulesScreen
from gelateria.web.views.gelatinous_panels import BEST_KEY, STATS_KEY

EXAMPLES = {e.id: e for e in examples_of("gelatinous")}


def rolled(outcome, seat=0):
    return list(outcome.after.last[seat][0])


# The seed: "Set any 3s to the side … If you roll any 1s, remove those from your pool and
# add them to the reserves. If you roll any 6s, take one die from the reserves for each 6."
def test_a_first_roll_sends_3s_to_the_cube_1s_to_the_reserve_and_brings_a_reserve_die_per_6():
    outcome = EXAMPLES["solitaire-roll"].outcome(GAME)
    before, after = outcome.before, outcome.after
    assert (before.hands, before.reserves, before.cubes, before.tally) == ((8,), (5,), (0,), (0,))
    assert rolled(outcome) == [3, 6, 1, 3, 5, 5, 2, 6]  # two 3s, a 1, two 6s
    # 8 − 2 to the cube − 1 to the reserve + 2 back = 7 in hand; 5 + 1 − 2 = 4 in reserve
    assert (after.hands, after.reserves, after.cubes, after.tally) == ((7,), (4,), (2,), (1,))


# "Your final score is equal to the number of times you rolled the dice minus any dice
# that remain in your hand."
def test_the_roll_that_completes_the_cube_ends_the_game_with_rolls_minus_dice_in_hand():
    outcome = EXAMPLES["cube-complete"].outcome(GAME)
    assert (outcome.before.cubes, outcome.before.hands, outcome.before.tally) == ((7,), (4,), (9,))
    assert rolled(outcome) == [4, 5, 5, 3]
    after = outcome.after
    assert after.cubes == (8,) and after.status == (WON,)
    assert after.tally == (10,) and after.hands == (3,)
    assert GAME.scores(after) == [10 - 3] == [7]


# "Pass 1s to the left. Pass 6s to the right." (left: the next seat, right: the previous one)
def test_a_multiplayer_round_passes_1s_left_and_6s_right_after_everyone_resolved():
    outcome = EXAMPLES["passing"].outcome(GAME)
    assert [rolled(outcome, seat) for seat in range(3)] == [[4, 4, 1, 6, 3, 2], [4, 5, 5, 4, 3, 3, 6], [6, 1, 2, 5, 5]]
    before, after = outcome.before, outcome.after
    assert before.hands == (6, 7, 5) and before.cubes == (1, 0, 2)
    # Player 1: 6 − a 3 − a 1 − a 6, + Player 2's 6 + Player 3's 1 = 5
    # Player 2: 7 − two 3s − a 6, + Player 1's 1 + Player 3's 6 = 6
    # Player 3: 5 − a 6 − a 1, + Player 1's 6 = 4
    assert after.hands == (5, 6, 4) and after.cubes == (2, 2, 2)
    assert sum(after.hands) + sum(after.cubes) == 21
    assert GAME.outcome(after) == "playing"


def test_every_example_is_on_the_rules_page_with_its_numbers_and_a_try_link():
    html = str(RulesScreen(FakeApp(), "gelatinous").render())
    for example in EXAMPLES.values():
        assert f'data-example="{example.id}"' in html
        assert f'href="#/gelatinous/try/{example.id}"' in html
    assert html.count("<figure") == len(EXAMPLES) == 3
    assert "Cube 2 of 8, 7 dice in hand, 4 in the reserve after 1 roll." in html
    assert "The cube is complete after 10 rolls with 3 dice left in hand: score 10 − 3 = 7." in html
    assert ("After the round: Player 1 has 2 of 8 in the cube and 5 dice in hand; Player 2 has 2 of 8 in the cube "
            "and 6 dice in hand; Player 3 has 2 of 8 in the cube and 4 dice in hand.") in html
    assert 'aria-label="Rolled 3, 6, 1, 3, 5, 5, 2 and 6"' in html  # the roll, as the figure draws it
    assert 'data-went="left"' in html and 'data-came="reserve"' in html
    # Where dice went, a player's name kept whole on its line (never "right to Player" over "3")
    assert '<span class="gel-where">right to <span class="gel-name">Player 3</span></span>' in html
    assert '<span class="gel-where">from <span class="gel-name">Player 1</span></span>' in html
    assert 'aria-label="6 right to Player 3"' in html  # (and said whole)
    # the six faces and the cube of eight 3s
    assert all(f'aria-label="a {face}"' in html for face in range(1, 7))
    assert 'aria-label="A cube of eight dice, all 3s"' in html
    assert "<img" not in html.split('class="page-body"')[1]


def test_try_it_rolls_the_roll_the_page_shows_and_saves_nothing():
    app = FakeApp()
    table = screen_for(app, "/gelatinous/try/cube-complete")
    app.screen = table
    assert table.session.practice and table.save_id == ""
    assert table.chrome.public()["players"][0]["cube"] == 7
    assert click(table, "roll")
    player = table.chrome.public()["players"][0]
    assert player["status"] == WON and player["score"] == 7
    table.saving.autosave()
    assert app.saves.load_all() == []  # never in Continue or Finished
    assert BEST_KEY not in app.prefs and STATS_KEY not in app.prefs  # a game started part-way counts for neither


def test_try_it_in_multiplayer_puts_you_at_the_roll_with_automatic_players_around():
    app = FakeApp()
    table = screen_for(app, "/gelatinous/try/passing")
    app.screen = table
    assert [seat.kind for seat in table.seats] == ["human", "bot", "bot"]
    assert click(table, "roll")
    assert [p["hand"] for p in table.chrome.public()["players"]] == [5, 6, 4]
