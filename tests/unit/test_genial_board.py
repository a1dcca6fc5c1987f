"""Genial Spezial: the printed board and the setup of towers and tokens."""

from collections import Counter

import pytest

from gelateria.core import hexgrid
from gelateria.games.genial import rules
from gelateria.games.genial.rules import CELLS, CENTRE, GAME, GOLDEN, RIM, TOWER_SPACES, mirror

TOWERS = {(q, r): (kind, mark) for q, r, kind, mark in TOWER_SPACES}


def test_board_is_two_side_7_hexagons_sharing_a_line_of_7():
    expected = set(hexgrid.within((0, 0), 6)) | set(hexgrid.within((12, -6), 6))
    assert set(CELLS) == expected
    assert len(CELLS) == 247
    shared = set(hexgrid.within((0, 0), 6)) & set(hexgrid.within((12, -6), 6))
    assert len(shared) == 7 and CENTRE in shared


def test_tower_spaces_count_by_kind_and_mark():
    counts = Counter(TOWERS.values())
    assert counts == {
        ("T", 2): 6, ("T", 3): 2, ("T", 4): 2,
        ("S", 2): 10, ("S", 3): 2, ("S", 4): 2,
    }


def test_there_are_23_golden_spaces_none_on_a_tower_space():
    assert len(set(GOLDEN)) == 23
    assert not set(GOLDEN) & set(TOWERS)
    assert all(h in rules.INDEX for h in GOLDEN)


def test_layout_is_point_symmetric_about_the_centre():
    assert CENTRE not in TOWERS
    for h, spec in TOWERS.items():
        assert TOWERS.get(mirror(h)) == spec
    assert {mirror(h) for h in GOLDEN} == set(GOLDEN)


def test_no_tower_on_the_rim_and_no_two_towers_adjacent():
    rim = {CELLS[i] for i in RIM}
    assert not set(TOWERS) & rim
    for a in TOWERS:
        for b in TOWERS:
            assert a == b or hexgrid.distance(a, b) >= 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_tower_in_use_has_another_within_three_steps(players):
    in_use = [h for h, (_, mark) in TOWERS.items() if mark <= players]
    for a in in_use:
        assert min(hexgrid.distance(a, b) for b in in_use if b != a) <= 3


def test_golden_spaces_lie_between_towers():
    for g in GOLDEN:
        assert sum(hexgrid.distance(g, t) <= 3 for t in TOWERS) >= 2, g


@pytest.mark.parametrize(
    "players, tall, short, values",
    [(2, 6, 10, {1: 2, 2: 2}), (3, 8, 12, {1: 3, 2: 2}), (4, 10, 14, {1: 3, 2: 3})],
)
def test_setup_uses_towers_marked_up_to_player_count_with_their_tokens(players, tall, short, values):
    state = GAME.new(players, seed=5)
    view = GAME.view(state, None)
    towers = view["towers"]
    assert sum(t["tall"] for t in towers) == tall
    assert sum(not t["tall"] for t in towers) == short
    assert all(t["mark"] <= players for t in towers)
    assert {tuple(t["at"]) for t in towers} == {h for h, (_, m) in TOWERS.items() if m <= players}
    assert {tuple(t["at"]) for t in view["spare_towers"]} == {h for h, (_, m) in TOWERS.items() if m > players}
    for colour in "ogbp":
        assert Counter(t["value"] for t in towers if t["colour"] == colour) == values
    assert not any(t["dark"] for t in towers), "tokens start light side up"


def test_unused_tower_spaces_are_ordinary_spaces():
    state = GAME.new(2, seed=1)
    spare = GAME.view(state, None)["spare_towers"][0]["at"]
    neighbour = next(list(n) for n in hexgrid.neighbours(tuple(spare)) if n in rules.INDEX
                     and n not in TOWERS and n not in GOLDEN)
    after = GAME.apply(state, 0, {"a": spare, "b": neighbour})
    assert [0, spare, neighbour] in GAME.view(after, None)["tiles"]


def test_token_shuffle_follows_the_seed():
    def tokens(seed):
        return [(t["colour"], t["value"]) for t in GAME.view(GAME.new(4, seed), None)["towers"]]

    assert tokens(3) == tokens(3)
    assert len({tuple(tokens(s)) for s in range(10)}) > 1
