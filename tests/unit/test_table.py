"""The shared game screen, driven without a browser through a fake app."""

import pytest

from gelateria.core.record import Seat
from gelateria.web.table import TableScreen, name_players


class FakeApp:
    """Stands in for web.app.App: timers run when the test says so."""

    def __init__(self):
        self.prefs = {}
        self.timers = {}
        self.next_id = 1
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1

    def later(self, ms, callback):
        self.next_id += 1
        self.timers[self.next_id] = callback
        return self.next_id

    def cancel(self, handle):
        self.timers.pop(handle, None)

    def save_prefs(self):
        pass

    def run_timers(self, limit=10_000):
        steps = 0
        while self.timers and steps < limit:
            handle = min(self.timers)
            self.timers.pop(handle)()
            steps += 1
        return steps


class DiceTable(TableScreen):
    game_id = "gelatinous"
    default_players = 1

    def board(self):
        return ""


def test_names_replace_player_numbers_once():
    assert name_players("Player 1 passed to Player 2", ["Player 2", "<b>"]) == "Player 2 passed to <b>"


def test_setup_reads_names_and_seed_from_the_form():
    screen = DiceTable(FakeApp())
    screen.on_action("new-seed", {"form": {"seat0_name": "  Zoë <i> ", "seat0_kind": "human", "seed": "42"}})
    assert screen.seats[0].name == "Zoë <i>"
    assert screen.seed != 42  # "new deal" chose another after reading the form


def test_a_bad_seed_is_replaced_with_a_message():
    screen = DiceTable(FakeApp())
    screen.on_action("start", {"form": {"seed": "12abc"}})
    assert "whole number" in screen.message and screen.phase == "play"
    assert "whole number" in screen.render()


def test_bots_play_a_game_to_its_end():
    app = FakeApp()
    screen = DiceTable(app)
    screen.seats = [Seat("bot", "Robo", "normal")]
    screen.start(seed=5)
    app.run_timers()
    assert screen.phase == "over"
    assert len(screen.record.moves) == len(screen.log) - 1
    assert "data-end" in screen.render()


def test_refused_move_keeps_the_state_and_says_why():
    app = FakeApp()
    screen = DiceTable(app)
    screen.start(seed=1)
    before = screen.state
    assert not screen.act(0, {"a": "fly"})
    assert screen.state is before and screen.message
    assert screen.record.moves == []


def test_player_names_are_escaped_on_screen():
    app = FakeApp()
    screen = DiceTable(app)
    screen.seats = [Seat("human", "<script>x</script>")]
    screen.start(seed=3)
    html = screen.render()
    assert "<script>x" not in html and "&lt;script&gt;x" in html


@pytest.mark.parametrize("pace", ["slow", "instant"])
def test_pace_preference_is_kept(pace):
    app = FakeApp()
    screen = DiceTable(app)
    screen.on_action("pace", {"pace": pace})
    assert app.prefs["pace"] == pace
