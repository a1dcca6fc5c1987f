"""Gelatinous odds: the exact computation, the simulator and the command line agree."""

import json
import math

import pytest

from gelateria.cli import main
from gelateria.games.gelatinous import odds
from gelateria.games.gelatinous.rules import GAME, position


def within(observed, expected, games, sigmas=4.5):
    return abs(observed - expected) <= sigmas * math.sqrt(expected * (1 - expected) / games)


def test_roll_outcome_probabilities_sum_to_one():
    for n in (1, 5, 13, 20):
        assert math.isclose(sum(p for *_, p in odds.roll_outcomes(n)), 1.0)


def test_exact_one_die_left_with_an_empty_reserve_is_a_coin_flip():
    # One die, cube at 7, no reserve: a 3 wins, a 1 loses, anything else rolls again,
    # so the win comes on roll k with chance (2/3)^(k-1) / 6 and scores tally + k.
    r = odds.solitaire_exact(hand=1, reserve=0, cube=7, tally=10)
    assert math.isclose(r["win"], 0.5, abs_tol=1e-9)
    assert math.isclose(r["scores"][11], 1 / 6) and math.isclose(r["scores"][12], 1 / 9)
    assert math.isclose(r["mean_rolls"], 3.0, abs_tol=1e-9)


def test_exact_solitaire_from_the_start_adds_up():
    r = odds.solitaire_exact()
    assert math.isclose(r["win"] + r["loss"] + r["undecided"], 1.0, abs_tol=1e-9)
    assert math.isclose(sum(r["scores"].values()), r["win"], abs_tol=1e-12)
    assert 0.45 < r["win"] < 0.47 and r["median_score"] == 6


def test_exact_solitaire_matches_real_games():
    games = 3000
    won = sum(_play_to_end(1, seed, "solitaire") for seed in range(games))
    assert within(won / games, odds.solitaire_exact()["win"], games)


def _play_to_end(n, seed, mode):
    state = GAME.new(n, seed, {"mode": mode})
    while not GAME.is_over(state):
        state = GAME.apply(state, 0, {"a": "roll"})
    return bool(GAME.winners(state))


def test_simulation_matches_exact_solitaire():
    games = 20_000
    sim = odds.simulate("solitaire", 1, games, seed=3)
    exact = odds.solitaire_exact()
    assert within(sim["with_winner"] / games, exact["win"], games)
    assert abs(sim["mean_rounds"] - exact["mean_rolls"]) < 0.15


def test_exact_video_nobody_wins_only_if_everyone_would_lose_alone():
    loss = odds.solitaire_exact()["loss"]
    r = odds.video_exact([(8, 5, 0, 0)] * 3)
    assert math.isclose(r["nobody"], loss**3, rel_tol=1e-9)
    assert r["win_alone"][0] == pytest.approx(r["win_alone"][2])
    # Every game ends one way: a sole winner, a win shared by two or three, or nobody.
    alone, sharers = sum(r["win_alone"]), sum(r["win_shared"])
    assert alone + sharers / 3 + r["nobody"] <= 1 + 1e-9 <= alone + sharers / 2 + r["nobody"] + 2e-9


def test_exact_video_matches_simulation():
    games = 10_000
    sim = odds.simulate("video", 3, games, seed=5)
    r = odds.video_exact([(8, 5, 0, 0)] * 3)
    assert within(sim["no_winner"] / games, r["nobody"], games)
    assert abs(sim["mean_rounds"] - r["mean_rounds"]) < 0.15


def test_simulation_is_deterministic_and_counts_every_game():
    a = odds.simulate("multi", 4, 500, seed=9)
    assert a == odds.simulate("multi", 4, 500, seed=9)
    assert a["with_winner"] + a["no_winner"] == 500
    # wins_by_seat counts every sharer, and a shared game has at least two.
    assert sum(a["wins_by_seat"]) >= a["with_winner"] + a["shared"]


def test_simulation_refuses_a_wrong_player_count():
    with pytest.raises(ValueError):
        odds.simulate("multi", 2, 10)


# --- command line ---------------------------------------------------------------------

def test_cli_play_is_deterministic_and_ends_with_the_result(capsys):
    main(["play", "gelatinous", "--option", "mode=video", "--seats", "3", "--seed", "4", "--trace"])
    first = capsys.readouterr().out
    main(["play", "gelatinous", "--option", "mode=video", "--seats", "3", "--seed", "4", "--trace"])
    assert capsys.readouterr().out == first
    lines = first.strip().splitlines()
    result = json.loads(lines[-1])
    assert set(result) == {"game", "seed", "moves", "scores", "winners", "mode", "outcome"}
    assert result["mode"] == "video" and len(result["scores"]) == 3
    assert len(lines) - 1 == result["moves"]  # one trace line per roll


def test_cli_play_defaults_to_one_solitaire_player(capsys):
    main(["play", "gelatinous", "--seed", "2"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["mode"] == "solitaire" and len(result["scores"]) == 1


def test_cli_play_refuses_two_player_multiplayer(capsys):
    assert main(["play", "gelatinous", "--option", "mode=multi", "--seats", "2"]) == 2
    assert "3–6 players" in capsys.readouterr().err


def test_cli_odds_prints_win_rate_median_and_histogram(capsys):
    assert main(["odds", "gelatinous", "--option", "mode=solitaire", "--games", "2000", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "median" in out and " | #" in out


def test_cli_odds_exact_solitaire(capsys):
    assert main(["odds", "gelatinous", "--exact"]) == 0
    assert "win rate (cube completed): 46.23" in capsys.readouterr().out


def test_cli_odds_multiplayer_reports_eaten_and_rounds(capsys):
    assert main(["odds", "gelatinous", "--option", "mode=multi", "--seats", "5", "--games", "300"]) == 0
    out = capsys.readouterr().out
    assert "everyone eaten" in out and "average rounds" in out


# --- odds from a game in progress -----------------------------------------------------

def test_odds_for_solitaire_is_exact_from_the_position():
    state = position("solitaire", hands=[1], cubes=[7], reserves=[5], tally=[12])
    r = odds.odds_for(state)
    assert r["exact"] and r["win"] == [odds.solitaire_exact(1, 5, 7, 12, tol=1e-9)["win"]]
    assert math.isclose(sum(r["scores"].values()), r["win"][0])


def test_odds_for_video_gives_eliminated_players_nothing_and_the_last_one_their_solitaire_chance():
    state = position("video", hands=[0, 8], cubes=[5, 0], reserves=[8, 5], status=["eliminated", "playing"])
    r = odds.odds_for(state)
    assert r["win"][0] == 0.0
    assert math.isclose(r["win"][1], odds.solitaire_exact()["win"], rel_tol=1e-6)
    assert math.isclose(r["nobody"], odds.solitaire_exact()["loss"], rel_tol=1e-6)


def test_odds_for_multiplayer_simulates_from_the_position_repeatably():
    state = position("multi", hands=[0, 3, 6, 1], cubes=[7, 7, 3, 1])
    r = odds.odds_for(state, games=400)
    assert not r["exact"] and r == odds.odds_for(state, games=400)
    assert r["win"][1] > r["win"][2]  # one 3 away with three dice beats five away


@pytest.mark.parametrize("players,mode", [(1, "solitaire"), (3, "video"), (4, "multi")])
def test_a_page_knows_a_position_by_its_public_view(players, mode):
    """The odds a page shows come from the public view alone: the position it rebuilds has
    the state's counts, two games with the same counts share a key, and the answer does
    not depend on how the steps fell (the simulation is seeded by the counts)."""
    state = GAME.new(players, 4, {"mode": mode})
    for _ in range(2):
        state = GAME.apply(state, 0, {"a": "roll"})
    view = GAME.view(state, None)
    rebuilt = odds.position_of(view)
    fields = ("mode", "hands", "cubes", "tally", "status") + (() if mode == "multi" else ("reserves",))
    assert all(getattr(rebuilt, f) == getattr(state, f) for f in fields)
    assert odds.position_key(GAME.view(rebuilt, None)) == odds.position_key(view)
    ticks = iter(range(10**6))
    entries = [entry for entry, _ in odds.steps(rebuilt, None, lambda: next(ticks))]
    again = [entry for entry, _ in odds.steps(odds.position_of(view), None, lambda: 0.0)]
    assert entries[-1]["done"] and entries[-1]["win"] == again[-1]["win"]
    if mode != "multi":
        exact = odds.odds_for(rebuilt, tol=odds.EXACT_TOL)
        assert entries[-1]["win"] == pytest.approx(exact["win"], abs=1e-9)
