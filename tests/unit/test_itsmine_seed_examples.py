"""It's Mine!'s rules-page examples (games/itsmine/examples.py) give what the seed's
rules say, and the rules page and a "try it" practice game show them, with nobody at
the table but you wanting the piles."""

from fakeapp import FakeApp
from gelateria.core.examples import examples_of
from gelateria.games.itsmine.rules import GAME
from gelateria.web.routes import screen_for
from gelateria.web.screens import RulesScreen

EXAMPLES = {e.id: e for e in examples_of("itsmine")}


# The seed: taking another player's pile, "the catch token placed goes to that player";
# taking your own, "the catch token can no longer be used: back in the box".
def test_taking_another_players_pile_gives_them_your_token():
    outcome = EXAMPLES["anothers-pile"].outcome(GAME)
    before, after = outcome.before, outcome.after
    assert before.tokens == [2, 2, 2, 2]
    assert after.tokens == [1, 2, 3, 2] and after.box == 0
    assert after.won[0] == before.open[2] and len(after.won[0]) == 3 and after.open[2] == ()


def test_taking_your_own_pile_spends_the_token_into_the_box():
    outcome = EXAMPLES["own-pile"].outcome(GAME)
    before, after = outcome.before, outcome.after
    assert after.tokens == [1, 2, 2, 2] and after.box == 1
    assert after.won[0] == before.open[0] and len(after.won[0]) == 3


# Scoring: 1 per card matching one favourite, 2 per card matching both, 1 per catch token,
# a cherry +1, a Closed sign −1, but all three Closed signs +3.
def test_a_round_scored_counts_every_kind_of_point():
    outcome = EXAMPLES["round-scored"].outcome(GAME)
    result = outcome.after.history[-1]
    assert result["end"] == "countdown"
    mine = result["detail"][0]
    assert (mine["one"], mine["both"], mine["cherries"], mine["closed"], mine["tokens"]) == (2, 1, 1, 1, 1)
    assert mine["total"] == 2 * 1 + 1 * 2 + 1 - 1 + 1 == 5
    assert outcome.after.totals[0] == 5


def test_the_third_closed_sign_turns_minus_two_into_plus_three():
    outcome = EXAMPLES["three-closed"].outcome(GAME)
    result = outcome.after.history[-1]
    assert result["end"] == "cleared"  # it was the last pile on the table
    mine = result["detail"][0]
    assert mine["closed"] == 3 and (mine["one"], mine["both"], mine["tokens"]) == (1, 1, 0)
    assert mine["total"] == 1 + 2 + 3 == 6


def test_every_example_is_on_the_rules_page_with_its_numbers_and_a_try_link():
    html = str(RulesScreen(FakeApp(), "itsmine").render())
    for example in EXAMPLES.values():
        assert f'data-example="{example.id}"' in html
        assert f'href="#/itsmine/try/{example.id}"' in html
    assert html.count("<figure") == len(EXAMPLES) == 4
    assert ("You take 3 cards, worth 3 to you; your catch token goes to Player 3. "
            "Catch tokens now: you 1, Player 3 3.") in html
    assert "your catch token goes back to the box. Catch tokens now: you 1, the box 1." in html
    assert ("Player 1 scores 5: 2 × 1 for one favourite, 1 × 2 for both, 1 for cherries, −1 for Closed signs, "
            "1 for catch tokens.") in html
    assert "Player 1 scores 6: 1 × 1 for one favourite, 1 × 2 for both, 0 for cherries, +3 for Closed signs" in html
    assert html.count('data-scores="1"') == 2  # each round's score sheet, as between rounds
    # every kind of card, the favourite cards and the catch token, each named
    for name in ("strawberry cone", "chocolate cup", "vanilla stick", "pistachio sandwich", "blueberry sundae",
                 "cherry", "Closed sign", "Favourite flavour: strawberry", "Favourite shape: cone", "A catch token"):
        assert f'aria-label="{name}"' in html, name
    assert 'class="im-defs"' in html  # the patterns the cards use
    assert "<img" not in html.split('class="page-body"')[1]


def test_no_bot_wants_a_pile_in_any_example_so_the_grab_is_yours():
    for example in EXAMPLES.values():
        app = FakeApp()
        table = screen_for(app, f"/itsmine/try/{example.id}")
        app.screen = table
        event = table.session.next_event(table.session.state.now)
        # nothing, or (during the last call) the countdown running out
        assert event is None or event.move["a"] == "x", (example.id, event)


def test_try_it_grabs_as_the_page_says_and_saves_nothing():
    app = FakeApp()
    table = screen_for(app, "/itsmine/try/anothers-pile")
    app.screen = table
    app.refresh()
    assert "data-practice" in app.page
    table.on_game_action("grab", {"pile": 2})
    assert table.facts().view["tokens"] == [1, 2, 3, 2]
    table.saving.autosave()
    assert app.saves.load_all() == []  # never in Continue or Finished


def test_try_it_at_the_last_call_scores_the_round_when_time_runs_out():
    app = FakeApp()
    table = screen_for(app, "/itsmine/try/round-scored")
    app.screen = table
    app.refresh()
    app.advance(5_100)
    assert table.facts().view["phase"] == "scored"
    assert table.facts().view["history"][-1]["detail"][0]["total"] == 5
