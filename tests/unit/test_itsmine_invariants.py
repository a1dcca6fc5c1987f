"""It's Mine! over 50 simulated games: every round keeps its 55 cards and 2n tokens, no
flip comes during the pause after a call, and every round's scores equal the card values
counted independently here. (Their seeds reach every branch of the rules, bots and
simulator that 500 games reached, and 150 did: measured with coverage.py's branch coverage.)"""

import random

import pytest

from gelateria.games.itsmine.sim import simulate

CHERRIES, CLOSED = (50, 51), (52, 53, 54)
GAMES = 50


def card_value(card: int, flavour: int, shape: int) -> int:
    """The translation's scoring, written out again from the rulebook."""
    if card >= 50:
        return 0  # cherries and closed cards are counted separately
    matches = (card // 10 == flavour) + (card // 2 % 5 == shape)
    return matches  # 1 for one favourite, 2 for both


def round_score(won, favourite, tokens: int) -> int:
    flavour, shape = favourite
    closed = sum(1 for c in won if c in CLOSED)
    return (sum(card_value(c, flavour, shape) for c in won) + tokens
            + sum(1 for c in won if c in CHERRIES) + (3 if closed == 3 else -closed))


@pytest.mark.slow
def test_50_games_conserve_cards_and_tokens_and_score_by_the_book():
    rnd = random.Random(1000)
    rounds_checked = 0
    for seed in range(GAMES):
        players = rnd.randint(3, 5)
        levels = [rnd.choice(["random", "easy", "normal", "hard"]) for _ in range(players)]

        def check(seat, move, before, after):
            nonlocal rounds_checked
            if move["a"] == "f":  # never during the pause after a call
                assert before.paused_until is None or move["t"] >= before.paused_until, (seed, move)
            if after.round != before.round or after.phase != before.phase:
                # A round ended (or began): the box of 55 cards and 2n tokens is whole.
                cards = [c for piles in (after.draw, after.open, after.won) for p in piles for c in p]
                cards += after.discarded
                assert sorted(cards) == list(range(55)), (seed, after.round)
                assert sum(after.tokens) + after.box == 2 * players
            if after.phase != "play" and before.phase == "play":
                last = after.history[-1]
                expected = [round_score(after.won[p], after.favourites[p], after.tokens[p]) for p in range(players)]
                assert last["scores"] == expected, (seed, last["round"])
                rounds_checked += 1

        state, _ = simulate(levels, seed, on_event=check)
        assert state.phase == "over" and len(state.history) == 3
        assert state.totals == [sum(r["scores"][p] for r in state.history) for p in range(players)]
    assert rounds_checked == 3 * GAMES
