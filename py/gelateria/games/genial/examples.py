"""Genial Spezial: the rulebook's worked examples, each a hand-built position and the
tile the rulebook places (player 0, the rulebook's RED player, to move).

The positions sit in the left hexagon, clear of the rim, mostly along the row r = -1:
a tower at (q, -2) touches the row cells (q-1, -1) and (q, -1), a tower at (q, 0) the
cells (q, -1) and (q+1, -1). The towers and tokens are the example's own (the rulebook's
pictures are not our board's layout); golden spaces only where an example needs one.
tests/unit/test_genial_seed_examples.py checks each against the rulebook's numbers.
"""

from __future__ import annotations

from dataclasses import replace

from gelateria.core.examples import Example
from gelateria.core.i18n import N_
from gelateria.games.genial.rules import build_position

RED = 0


def tile(a, b, golden=None) -> dict:
    """The move that places a tile on spaces a and b (golden: colours for golden halves)."""
    move = {"a": list(a), "b": list(b)}
    if golden:
        move["g"] = list(golden)
    return move


def position(towers: dict, tiles=(), golden=()):
    """A zero-argument maker of the position (a fresh state each call): RED to move in
    the round after its tiles, so a practice game from it ends with RED's 20th tile."""
    def make():
        state = build_position(towers=towers, tiles=[(RED, a, b) for a, b in tiles], golden=golden)
        return replace(state, turn=state.players * len(tiles))
    return make


def two_chains(left: tuple[str, str], right: tuple[str, str], between: str | None = None) -> dict:
    """The towers of the tall-tower examples: RED's chain (0,-1)+(1,-1) touches `left`
    (towers at (0,-2) and (1,0)), the chain (4,-1)+(5,-1) touches `right` ((5,-2) and
    (5,0)); the tile (2,-1)+(3,-1) joins them and alone touches `between` at (3,-2)."""
    towers = {(0, -2): left[0], (1, 0): left[1], (5, -2): right[0], (5, 0): right[1]}
    if between:
        towers[(3, -2)] = between
    return towers


TWO_CHAINS_TILES = (((0, -1), (1, -1)), ((4, -1), (5, -1)))
JOIN = tile((2, -1), (3, -1))

# The three plays of the first example, one after the other.
TOKEN_TOWERS = {(1, -2): "Sb1", (2, 0): "Sg2", (4, -2): "Sg1"}
FIRST_PLAY = ((1, -1), (2, -1))
SECOND_PLAY = ((3, -1), (4, -1))
SMALL_CHAIN = ((5, -3), (6, -3))

# "The RED player has an existing chain connecting 3 towers."
BIG_CHAIN_TOWERS = {(1, -2): "So1", (2, 0): "Sg2", (4, -2): "Sb1"}
BIG_CHAIN = (FIRST_PLAY, SECOND_PLAY)

TOKENS = N_("Scoring towers")
TALL = N_("Tall tower bonus")

EXAMPLES = [
    Example(
        "first-play", TOKENS, N_("Two towers at once"),
        N_("Red's tile touches the blue 1 and the green 2: it scores 1 blue point and 2 green points, "
           "and both tokens turn over, the blue to 2 and the green to 3."),
        position(TOKEN_TOWERS), tile(*FIRST_PLAY)),
    Example(
        "second-play", TOKENS, N_("The chain grows"),
        N_("The second play makes the chain longer and reaches the green 1: it scores 1 green point "
           "and the green token turns to 2. The towers the chain had already scored do not count again."),
        position(TOKEN_TOWERS, [FIRST_PLAY]), tile(*SECOND_PLAY)),
    Example(
        "third-play", TOKENS, N_("Joining a small chain"),
        N_("The third play scores nothing: it joins the small red chain to the big chain, which is "
           "already connected to the blue 2, the green 3 and the green 2. The small chain becomes part "
           "of the big one."),
        position(TOKEN_TOWERS, [FIRST_PLAY, SECOND_PLAY, SMALL_CHAIN]), tile((5, -2), (6, -2))),
    Example(
        "new-chain", TOKENS, N_("A new chain scores again"),
        N_("Red has a chain connecting 3 towers. This tile is a new chain: it connects the purple 2 and "
           "the green tower, which the big chain turned to 3, for 2 purple and 3 green points."),
        position({**BIG_CHAIN_TOWERS, (3, 2): "Sp2"}, BIG_CHAIN), tile((2, 1), (2, 2))),
    Example(
        "joined-chain", TOKENS, N_("No new scoring"),
        N_("Here the tile connects the small red chain to the large chain and the green 3. The large "
           "chain was already connected to the green 3, so there is no new scoring."),
        position(BIG_CHAIN_TOWERS, [*BIG_CHAIN, ((2, 2), (3, 2))]), tile((3, 0), (3, 1))),
    Example(
        "through-towers", TOKENS, N_("Chains do not connect through towers"),
        N_("This tile touches the orange tower on the far side from Red's chain: it is a different "
           "chain. It connects the orange tower, now on its dark side, and the blue 1, and scores both."),
        position({(1, -2): "So1", (2, 0): "Sg1", (0, -3): "Sb1"}, [FIRST_PLAY]), tile((0, -2), (1, -3))),
    Example(
        "tall-1", TALL, N_("Two tall towers"),
        N_("Red's tile reaches the tall blue tower and scores its blue token. Then Red scores 2 tall tower "
           "bonus points, for the green and the blue tall towers: a total of 2 orange, 2 purple, 2 green "
           "and 3 blue points. Red had scored 2 tower bonus points earlier for the separate chain to the right."),
        position({(1, -2): "Tg2", (2, 0): "So1", (5, -2): "Tb1", (7, -4): "To2", (8, -2): "Tp1"},
                 [((0, -1), (1, -1)), ((2, -1), (3, -1)), ((7, -3), (8, -3))]),
        tile((4, -1), (5, -1))),
    Example(
        "tall-2", TALL, N_("One more tall tower"),
        N_("No new towers are connected, so there is no standard scoring. Then Red scores 1 tall tower "
           "bonus point for connecting the blue tower to the chain already connecting the green and "
           "orange towers."),
        position(two_chains(("Tg1", "To2"), ("Tb1", "Sp1")), TWO_CHAINS_TILES), JOIN),
    Example(
        "tall-3", TALL, N_("Purple was scored already"),
        N_("Red scores 1 blue point for the newly connected tower. Then 2 tall tower bonus points for "
           "connecting the purple and blue tall towers to the green and orange tall towers. The small "
           "chain had already scored the purple token together with the short tower."),
        position(two_chains(("Tg1", "To2"), ("Tp1", "Sp2"), "Tb1"), TWO_CHAINS_TILES), JOIN),
    Example(
        "tall-4", TALL, N_("Three tall towers"),
        N_("Red scores 2 green points for the newly connected tower. Then 3 tower bonus points for "
           "connecting the blue, green and orange tall towers."),
        position(two_chains(("Tb1", "So1"), ("To2", "Sp1"), "Tg2"), TWO_CHAINS_TILES), JOIN),
    Example(
        "tall-5", TALL, N_("A short tower between"),
        N_("Red scores 1 orange point for the newly connected tower. Then 2 tall tower bonus points for "
           "connecting the green and purple tall towers."),
        position(two_chains(("Tg1", "Sb1"), ("Tp2", "Sb2"), "So1"), TWO_CHAINS_TILES), JOIN),
    Example(
        "tall-6", TALL, N_("Bonuses scored already"),
        N_("No new towers are connected, so there is no standard scoring, and Red scores 0 tall tower "
           "bonus points: the two chains had already scored the purple and blue tall towers, and the "
           "orange and green ones."),
        position(two_chains(("Tp1", "Tb2"), ("To1", "Tg2")), TWO_CHAINS_TILES), JOIN),
    Example(
        "golden", N_("Golden spaces"), N_("A golden space"),
        N_("The right half of the tile covers a golden space: 1 bonus point in a colour of the player's "
           "choice, here purple."),
        position({}, golden=[(1, 1)]), tile((0, 1), (1, 1), golden="p")),  # a golden space of the printed board
]
