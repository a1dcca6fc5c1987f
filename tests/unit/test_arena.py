"""The arena (core/arena.py, `python -m gelateria arena`): seats rotate, the figures
add up, parallel runs give the same figures, real-time games run in their simulator."""

import contextlib
import io
import json

import pytest

from gelateria import cli
from gelateria.core import arena
from gelateria.core.session import play
from gelateria.core.game import get_game


def test_each_deal_is_played_once_with_each_rotation_of_the_seats():
    seats = ["hard", "normal", "normal"]
    games = [arena.seating(seats, i) for i in range(6)]
    assert [deal for deal, _ in games] == [0, 0, 0, 1, 1, 1]
    assert [levels.index("hard") for _, levels in games[:3]] == [0, 1, 2]
    assert all(sorted(levels) == sorted(seats) for _, levels in games)


def test_win_shares_add_up_to_the_number_of_games():
    summary = arena.run("gelati", ["normal", "random", "random"], games=6, seed=3)
    levels = summary["levels"]
    assert summary["games"] == 6
    assert sum(s["wins"] for s in levels.values()) == pytest.approx(6)
    assert levels["random"]["seats"] == 2 and levels["random"]["fair_share"] == pytest.approx(2 / 3, abs=1e-4)
    for s in levels.values():
        low, high = s["win_ci"]
        assert low <= s["win_rate"] <= high
        assert s["ms_per_move"] is not None and s["moves"] > 0


def test_an_arena_game_is_the_game_play_would_play():
    deal, levels = arena.seating(["normal", "random"], 3)
    seed = arena.deal_seed(1, deal)
    played = arena.play_game("gelati", levels, seed)
    session = play(get_game("gelati"), levels, seed)
    state, _ = session.state, session.record
    assert played["scores"] == get_game("gelati").scores(state)
    assert played["winners"] == get_game("gelati").winners(state)


def test_parallel_jobs_give_the_same_figures():
    one = arena.run("gelati", ["normal", "random"], games=4, seed=2, jobs=1)
    two = arena.run("gelati", ["normal", "random"], games=4, seed=2, jobs=2)
    for level in ("normal", "random"):
        for key in ("wins", "avg_score", "win_ci", "score_ci", "moves"):
            assert one["levels"][level][key] == two["levels"][level][key]


def test_its_mine_is_played_by_its_simulator_reaction_delays_and_all():
    summary = arena.run("itsmine", ["hard", "easy", "easy", "easy"], games=4, seed=1)
    levels = summary["levels"]
    assert sum(s["wins"] for s in levels.values()) == pytest.approx(4)
    assert levels["easy"]["seats"] == 3
    assert levels["hard"]["ms_per_move"] is None  # time is simulated, not measured


def test_wilson_interval_is_inside_0_1_and_holds_the_rate():
    assert arena.wilson(0, 20)[0] == 0.0 and arena.wilson(20, 20)[1] == 1.0
    low, high = arena.wilson(130, 200)
    assert low < 0.65 < high and high - low == pytest.approx(0.13, abs=0.01)


def run_cli(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(list(argv))
    return code, out.getvalue().strip().splitlines()


def test_cli_arena_prints_a_table_and_ends_with_json():
    code, lines = run_cli("arena", "gelati", "--seats", "bot,random", "--games", "2", "--seed", "4")
    assert code == 0
    assert lines[0].startswith("Gelati arena: 2 games")
    result = json.loads(lines[-1])
    assert result["seats"] == ["normal", "random"] and result["games"] == 2


def test_cli_arena_refuses_an_unknown_level():
    code, _ = run_cli("arena", "gelati", "--seats", "normal,genius", "--games", "2")
    assert code == 2
