"""Gelati invariants over many random full games (seeded, so any failure replays)."""

import pytest

from gelateria.core.hexgrid import neighbours
from gelateria.core.rng import Rng
from gelateria.games.gelati.rules import GAME, TILE_PARTS

GAMES = 150  # (they reach every branch of the rules that 500 did: 100 already do, by coverage.py's branch coverage)
MAX_MOVES = 2000  # far above any real game: a random game takes about 120 moves
POINTS_FOR_SIDES = {1: 0, 2: 1, 3: 3, 4: 6, 5: 10, 6: 15}  # the seed's table, written out again


ALL_TILES = set(range(64))
ALL_ORDERS = set(range(16))


def shares_a_part(a, b):
    return bool(set(TILE_PARTS[a]) & set(TILE_PARTS[b]))


def check_components(s):
    tiles = [*s.board.values(), *s.stack, *s.set_aside]
    for hand in s.hands:
        tiles += hand
    assert len(tiles) == 64 and set(tiles) == ALL_TILES, "64 tiles: board + hands + stack"
    assert list(map(sum, zip(s.supply, *s.held))) == [4] * 12, "4 tokens of every part"
    orders = [*s.order_pile, *(o for _, o in s.completed)]
    for mine in s.orders:
        orders += mine
    assert len(orders) == 16 and set(orders) == ALL_ORDERS


def scoring_event(before, player, move):
    """Points the move should score, worked out from the board, not from the rules."""
    if "p" in move:
        cell = tuple(move["at"])
        touching = [before.board[n] for n in neighbours(cell) if n in before.board]
        assert touching and all(shares_a_part(move["p"], t) for t in touching)
        return POINTS_FOR_SIDES[len(touching)]
    if "order" in move:
        return 15
    return 0


@pytest.mark.slow
def test_random_full_games_keep_every_invariant_and_always_end():
    ends = {"reached 50": 0, "hands played out": 0, "nobody could place": 0}
    for seed in range(GAMES):
        players = 2 + seed % 3
        s = GAME.new(players, seed)
        rng = Rng(seed).fork(7)
        events = [0] * players
        for _ in range(MAX_MOVES):
            if GAME.is_over(s):
                break
            (player,) = GAME.to_act(s)
            legal = GAME.legal_moves(s, player)
            assert legal, "the player to act always has a move"
            move = rng.choice(legal)
            if "end" in move:
                assert sum(s.held[player]) <= 5
            events[player] += scoring_event(s, player, move)
            s = GAME.apply(s, player, move)
            check_components(s)
            assert list(s.scores) == events, "each score is the sum of its scoring events"
        else:
            pytest.fail(f"seed {seed}: no end after {MAX_MOVES} moves")
        if max(s.scores) >= 50:
            assert sum(score >= 50 for score in s.scores) == 1 and GAME.winners(s) == [s.scores.index(max(s.scores))]
            ends["reached 50"] += 1
        elif not any(s.hands):
            assert not s.stack
            ends["hands played out"] += 1
        else:
            ends["nobody could place"] += 1
        best = max(s.scores)
        assert GAME.winners(s) == [p for p in range(players) if s.scores[p] == best]
    assert ends["hands played out"] > GAMES // 2, ends
