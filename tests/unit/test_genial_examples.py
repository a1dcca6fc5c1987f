"""Genial Spezial: the rulebook's worked examples played through the rules, with what
they leave behind (tokens flipped, chains merged, bonuses remembered), and a few cases
around them. The example positions are games/genial/examples.py's EXAMPLES (the ones
the rules page draws); the rest are built here the same way. Player 0 is RED. Gains
are (orange, green, blue, purple).
"""

from dataclasses import replace

from gelateria.core.examples import find_example
from gelateria.games.genial.examples import JOIN, TOKEN_TOWERS, TWO_CHAINS_TILES, two_chains
from gelateria.games.genial.rules import GAME, build_position

RED = 0


def play(state, a, b, g=None, player=RED):
    """Player places a tile (given the turn first); returns (new state, gain)."""
    move = {"a": list(a), "b": list(b)}
    if g:
        move["g"] = g
    after = GAME.apply(replace(state, turn=player), player, move)
    gain = tuple(x - y for x, y in zip(after.scores[player], state.scores[player]))
    assert gain == tuple(after.last["gain"])
    return after, gain


def token(state, at):
    t = next(t for t in GAME.view(state, None)["towers"] if t["at"] == list(at))
    return t["value"], t["dark"]


def chains_of(state, player=RED):
    return [c for c in GAME.view(state, None)["chains"] if c["player"] == player]


def play_example(example_id):
    """The rules example's position and what its move does: (before, after, gain)."""
    ex = find_example("genial", example_id)
    before = ex.position()
    after, gain = play(before, ex.move["a"], ex.move["b"], ex.move.get("g"))
    return before, after, gain


# --- Score tokens ------------------------------------------------------------------


def test_first_play_scores_blue_1_and_green_2_and_flips_both():
    _, after, gain = play_example("first-play")
    assert gain == (0, 2, 1, 0)
    assert token(after, (1, -2)) == (2, True)
    assert token(after, (2, 0)) == (3, True)


def test_second_play_extends_the_chain_and_scores_only_the_new_green_1():
    _, after, gain = play_example("second-play")
    assert gain == (0, 1, 0, 0)
    assert token(after, (4, -2)) == (2, True)


def test_third_play_joins_a_small_chain_to_the_big_one_and_scores_nothing():
    before, after, gain = play_example("third-play")
    assert len(chains_of(before)) == 2  # the small chain touches only the green 2 tower
    assert gain == (0, 0, 0, 0)
    assert len(chains_of(after)) == 1


def test_a_single_tile_touching_one_tower_scores_nothing():
    state = build_position(towers=TOKEN_TOWERS)
    _, gain = play(state, (0, -1), (-1, -1))  # next to the blue 1 only
    assert gain == (0, 0, 0, 0)


def test_a_new_chain_scores_purple_2_and_the_green_3_already_scored_by_another_chain():
    before, after, gain = play_example("new-chain")
    assert token(before, (2, 0)) == (3, True)  # the big chain flipped the green 2
    assert gain == (0, 3, 0, 2)  # the tile touches green 3 and purple 2 only
    assert token(after, (3, 2)) == (3, True)
    assert len(chains_of(after)) == 2


def test_joining_a_small_chain_to_the_big_one_at_the_green_3_scores_nothing():
    _, after, gain = play_example("joined-chain")  # touches green 3, big and small chain
    assert gain == (0, 0, 0, 0)
    assert len(chains_of(after)) == 1


def test_score_board_gain_of_1_orange_and_2_blue():
    state = build_position(towers={(1, -1): "So1", (2, 1): "Sb2"})
    _, gain = play(state, (1, 0), (2, 0))
    assert gain == (1, 0, 2, 0)


def test_chains_do_not_connect_through_towers():
    # on the orange tower's other side: a new tile touching it and the blue tower
    _, after, gain = play_example("through-towers")
    assert len(chains_of(after)) == 2
    assert gain == (2, 0, 1, 0)  # the orange tower again, now dark (2), and blue 1


# --- Golden spaces -----------------------------------------------------------------

def test_golden_space_scores_one_point_in_the_chosen_colour():
    _, _, gain = play_example("golden")  # the right half is golden, purple chosen
    assert gain == (0, 0, 0, 1)


# --- Tall towers -------------------------------------------------------------------

def test_tall_bonus_example_1_blue_then_two_tall_bonuses():
    # Red's chain touches the tall green tower and a short tower (S has both, no bonus:
    # only one tall tower). The tile reaches the tall blue tower: 1 blue for its token,
    # then 1 in every colour for each of the two tall towers. (The rulebook says
    # "scores 2 Blue points" but totals 2 orange, 2 purple, 2 green, 3 blue: only a
    # blue token worth 1 gives that total.)
    before, _, gain = play_example("tall-1")
    right = next(c for c in chains_of(before) if [8, -3] in c["cells"])
    assert len(right["bonus"]) == 2  # it scored 2 tall bonus points earlier
    assert gain == (2, 2, 3, 2)


def test_tall_bonus_example_2_joining_the_blue_tower_to_green_and_orange():
    _, _, gain = play_example("tall-2")
    assert gain == (1, 1, 1, 1)  # no token scores; the blue tall tower's bonus does


def test_tall_bonus_example_3_purple_already_scored_by_the_smaller_chain_with_a_short_tower():
    before, _, gain = play_example("tall-3")
    small = next(c for c in chains_of(before) if [4, -1] in c["cells"])
    assert len(small["scored"]) == 2 and small["bonus"] == []
    assert gain == (2, 2, 3, 2)  # 1 blue token, 2 tall bonuses (purple and blue)


def test_tall_bonus_example_3_without_the_short_tower_would_also_score_purple():
    # The contrast that shows why the short tower matters: a chain touching only the
    # purple tower has scored nothing, so joining it scores the purple token too.
    towers = two_chains(("Tg1", "To2"), ("Tp1", "Sp2"), "Tb1")
    del towers[(5, 0)]
    state = build_position(towers=towers, tiles=[(RED, a, b) for a, b in TWO_CHAINS_TILES])
    _, gain = play(state, JOIN["a"], JOIN["b"])
    assert gain == (2, 2, 3, 3)


def test_tall_bonus_example_4_green_2_then_three_tall_bonuses():
    _, _, gain = play_example("tall-4")
    assert gain == (3, 5, 3, 3)


def test_tall_bonus_example_5_orange_1_then_green_and_purple_bonuses():
    _, _, gain = play_example("tall-5")
    assert gain == (3, 2, 2, 2)


def test_tall_bonus_example_6_joining_two_chains_that_had_their_bonuses():
    before, after, gain = play_example("tall-6")
    # each chain scored its 2 tokens and 2 tall bonuses: p1 b2 +2 each, o1 g2 +2 each
    assert before.scores[RED] == (5, 6, 6, 5)
    assert gain == (0, 0, 0, 0)
    assert len(chains_of(after)[0]["bonus"]) == 4


def test_a_single_tall_tower_with_short_ones_earns_no_bonus():
    state = build_position(towers={(0, -1): "Tg1", (1, 1): "So1", (3, -1): "Sb2"})
    after, gain = play(state, (0, 0), (1, 0))
    assert gain == (1, 1, 0, 0)
    after, gain = play(after, (2, 0), (3, 0))
    assert gain == (0, 0, 2, 0)
    assert chains_of(after)[0]["bonus"] == []


def test_the_same_tall_tower_earns_its_bonus_again_with_a_different_chain():
    towers = {(1, -1): "Tg1", (2, 1): "To1", (1, 2): "Tb1"}
    state = build_position(towers=towers, tiles=[(RED, (1, 0), (2, 0))])
    # a second chain on the far side of the tall orange tower, reaching the tall blue
    after, gain = play(state, (2, 2), (3, 1))
    assert len(chains_of(after)) == 2
    assert gain == (2 + 2, 2, 1 + 2, 2)  # orange (now dark: 2) + blue 1 + 2 bonuses


# --- End of game -------------------------------------------------------------------

def test_tie_on_lowest_colour_is_broken_by_the_next_lowest():
    state = replace(GAME.new(2, 1), scores=((11, 12, 14, 15), (13, 11, 16, 14)), turn=40)
    assert GAME.is_over(state)
    assert GAME.scores(state) == [11, 11]
    assert GAME.winners(state) == [1]  # 13 beats 12 on the second-lowest colour


def test_players_equal_in_every_colour_share_the_win():
    state = replace(GAME.new(3, 1), scores=((9, 10, 11, 12), (12, 11, 10, 9), (9, 9, 20, 20)), turn=60)
    assert GAME.winners(state) == [0, 1]
