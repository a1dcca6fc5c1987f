"""Genial Spezial bots: legal, sensible, stronger than random."""

from dataclasses import replace

import pytest

from gelateria.core.session import play
from gelateria.core.rng import Rng
from gelateria.games.genial import help as genial_help
from gelateria.games.genial.rules import GAME, PASS, build_position

from test_genial_rules import _nothing_fits


def choose(level, state, seed=1):
    player = GAME.to_act(state)[0]
    return GAME.type.levels()[level].factory().choose(GAME.view(state, player), GAME.legal_moves(state, player), Rng(seed))


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_bots_play_legal_moves_through_a_whole_game(level):
    session = play(GAME, [level, level, level], seed=3)
    state, record = session.state, session.record
    assert GAME.is_over(state) and len(record.moves) == 60


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_pass_when_nothing_fits(level):
    assert choose(level, _nothing_fits()) == PASS


def test_normal_takes_the_tile_that_connects_two_towers():
    state = build_position(towers={(1, -1): "Sb2", (2, 1): "Sg2"})
    assert choose("normal", state) == {"a": [1, 0], "b": [2, 0]}


def test_normal_puts_golden_points_into_its_weakest_colour():
    state = replace(build_position(golden=[(0, 0)]), scores=((5, 6, 2, 5), (0, 0, 0, 0)))
    move = choose("normal", state)
    assert [0, 0] in (move["a"], move["b"]) and move["g"] == ["b"]


def test_normal_prefers_points_in_the_colour_it_lacks():
    # two single-tile connections: 2+2 orange on row 0, or 1+1 purple on row -4;
    # with no purple yet, the purple points are worth more
    towers = {(1, -1): "So2", (2, 1): "So2", (1, -5): "Sp1", (2, -3): "Sp1"}
    state = replace(build_position(towers=towers), scores=((9, 9, 9, 0), (0, 0, 0, 0)))
    assert choose("normal", state) == {"a": [1, -4], "b": [2, -4]}
    state = replace(state, scores=((0, 9, 9, 9), (0, 0, 0, 0)))
    assert choose("normal", state) == {"a": [1, 0], "b": [2, 0]}


def test_easy_sometimes_plays_differently_from_normal():
    state = GAME.new(2, 9)
    normal = choose("normal", state)
    assert any(choose("easy", state, seed) != normal for seed in range(20))


def test_bot_choices_follow_their_rng():
    state = GAME.new(3, 4)
    assert choose("easy", state, 7) == choose("easy", state, 7)


def test_normal_beats_random_in_most_games():
    wins = 0
    for i in range(8):
        levels = ["normal", "random"] if i % 2 == 0 else ["random", "normal"]
        session = play(GAME, levels, seed=100 + i)
        state, _ = session.state, session.record
        wins += levels.index("normal") in GAME.winners(state)
    assert wins >= 7


def test_help_has_sections_of_plain_paragraphs():
    assert len(genial_help.RULES) >= 5
    for title, paragraphs in genial_help.RULES:
        assert title and paragraphs and all(isinstance(p, str) and p for p in paragraphs)
