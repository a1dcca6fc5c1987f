"""Worked examples for the Gelatinous rules page (core.examples): a solitaire roll that
shows a 3, a 1 and a 6, the roll that completes the cube and its score, and a
multiplayer round of passing. The only move is the roll, and its dice come from the
Rng held in the state, so each position is built with the seed whose next roll is the
one the caption describes (tests/unit/test_gelatinous_seed_examples.py checks the
faces and the numbers)."""

from gelateria.core.examples import Example
from gelateria.core.i18n import N_
from gelateria.games.gelatinous.rules import ROLL, SOLO_DICE, SOLO_RESERVE, position

SOLITAIRE = N_("Solitaire")
MULTIPLAYER = N_("Multiplayer")


def first_roll():
    """The solitaire start (8 in hand, 5 in the reserve); its first roll is 3 6 1 3 5 5 2 6."""
    return position("solitaire", [SOLO_DICE - SOLO_RESERVE], [0], [SOLO_RESERVE], seed=2)


def cube_of_seven():
    """Nine rolls in: 7 in the cube, 4 in hand, 2 in the reserve; the next roll is 4 5 5 3."""
    return position("solitaire", [4], [7], [2], tally=[9], round=9, seed=5)


def passing_round():
    """Three players, 7 dice each (hands 6, 7, 5; cubes 1, 0, 2); the next round rolls
    4 4 1 6 3 2, 4 5 5 4 3 3 6 and 6 1 2 5 5."""
    return position("multi", [6, 7, 5], [1, 0, 2], round=3, seed=13)


EXAMPLES = [
    Example("solitaire-roll", SOLITAIRE, N_("A roll with 3s, a 1 and 6s"),
            N_("The first roll of a game shows two 3s, a 1 and two 6s. The 3s go to the cube, the 1 goes to "
               "the reserve, then each 6 brings one die back from the reserve into the hand."),
            first_roll, ROLL),
    Example("cube-complete", SOLITAIRE, N_("The cube is complete"),
            N_("With seven dice in the cube, the tenth roll shows a 3: the cube has its eight and the game "
               "ends. The score is the rolls minus the dice left in hand."),
            cube_of_seven, ROLL),
    Example("passing", MULTIPLAYER, N_("Passing dice"),
            N_("Three players roll at once. Player 1 stacks a 3, passes the 1 left to Player 2 and the 6 "
               "right to Player 3; the others pass theirs the same way, and the passed dice arrive after "
               "everyone has resolved."),
            passing_round, ROLL),
]
