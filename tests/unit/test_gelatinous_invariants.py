"""Gelatinous invariants over thousands of random games per mode, played by GAME.apply."""

import pytest

from gelateria.games.gelatinous.rules import GAME

ROLL = {"a": "roll"}
GAMES = 2000
MAX_ROUNDS = 1000  # far beyond any real game; a game still running here is a bug


def dice_on_table(view):
    return [p["hand"] + p["cube"] + p.get("reserve", 0) for p in view["players"]]


def play_checked(mode, n, seed):
    """Play one game, checking the invariants after every roll; return the final view."""
    state = GAME.new(n, seed, {"mode": mode})
    before = GAME.view(state, None)
    total = 7 * n if mode == "multi" else 13
    for _ in range(MAX_ROUNDS):
        if GAME.is_over(state):
            return before
        state = GAME.apply(state, 0, ROLL)
        after = GAME.view(state, None)
        if mode == "multi":
            assert sum(dice_on_table(after)) == total  # dice change hands, none vanish
        else:
            assert dice_on_table(after) == [total] * n  # each player keeps their 13
        for p, q in zip(before["players"], after["players"]):
            assert q["tally"] == p["tally"] + q["last"]["rolled"]  # one mark per roll
            assert q["cube"] >= p["cube"] and q["cube"] <= 8  # stacked dice stay stacked
            assert len(q["last"]["faces"]) == (p["hand"] if q["last"]["rolled"] else 0)
        assert after["round"] == before["round"] + 1
        before = after
    pytest.fail(f"{mode} game with seed {seed} did not end")


def check_end(view, mode):
    status = [p["status"] for p in view["players"]]
    assert "playing" not in status
    winners = view["winners"]
    if winners:
        assert all(view["players"][i]["cube"] == 8 for i in winners)
        assert view["outcome"] == ("won" if len(winners) == 1 else "shared")
    elif mode == "multi":
        assert status == ["eaten"] * len(status)
        assert all(p["hand"] == 0 for p in view["players"])
    else:
        assert set(status) == {"lost" if mode == "solitaire" else "eliminated"}
        assert all(p["hand"] == 0 for p in view["players"])


@pytest.mark.slow
@pytest.mark.parametrize("mode, sizes", [("solitaire", [1]), ("video", [2, 3, 4, 5, 6]), ("multi", [3, 4, 5, 6])])
def test_random_games_conserve_dice_keep_tallies_and_end(mode, sizes):
    outcomes = set()
    for seed in range(GAMES):
        view = play_checked(mode, sizes[seed % len(sizes)], seed)
        check_end(view, mode)
        outcomes.add(view["outcome"])
    # Both a decided game and the losing end happen within this many games.
    assert "won" in outcomes and outcomes & {"lost", "eliminated", "eaten"}
