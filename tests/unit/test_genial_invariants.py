"""Genial Spezial: invariants over many random games (2, 3 and 4 players)."""

import pytest

from gelateria.core.rng import Rng
from gelateria.games.genial import rules
from gelateria.games.genial.rules import COLOURS, GAME, NEIGHBOURS, PASS, ROUNDS

GAMES = 150  # (they reach every branch of the rules that 510 did: 100 already do, by coverage.py's branch coverage)


def random_move(state, player, rng):
    """A uniformly random placement with random golden colours (cheaper than drawing
    from legal_moves, which every 7th move is checked against)."""
    places = GAME.open_spaces(state)
    if not places:
        return PASS
    a, b = rng.choice(places)
    move = {"a": list(rules.CELLS[a]), "b": list(rules.CELLS[b])}
    golden = [c for c in (a, b) if c in state.layout.golden]
    if golden:
        move["g"] = [rng.choice(COLOURS) for _ in golden]
    return move


def check_chains(state):
    """Chains partition each player's cells into connected groups; what a chain
    remembers fits what it touches."""
    layout = state.layout
    seen = set()
    for cid, ch in state.chains.items():
        cells = set(ch.cells)
        assert not cells & seen
        seen |= cells
        assert all(state.owner[c] == ch.player and state.chain_of[c] == cid for c in cells)
        # connected, and no own tile next to it outside it
        start = next(iter(cells))
        reach, todo = {start}, [start]
        while todo:
            c = todo.pop()
            for n in NEIGHBOURS[c]:
                if state.owner[n] == ch.player:
                    assert n in cells, "two chains of one player touch"
                    if n not in reach:
                        reach.add(n)
                        todo.append(n)
        assert reach == cells
        touched = 0
        for c in cells:
            touched |= layout.near[c]
        assert ch.touched == touched
        assert ch.scored & ~touched == 0 and ch.bonus & ~(touched & layout.tall_mask) == 0
        if ch.scored:
            assert ch.touched.bit_count() >= 2
    assert seen == {c for c, o in enumerate(state.owner) if o >= 0}


@pytest.mark.slow
def test_random_games_keep_every_invariant():
    for game_no in range(GAMES):
        players = 2 + game_no % 3
        state = GAME.new(players, seed=1000 + game_no)
        rng = Rng(game_no)
        events = [[0, 0, 0, 0] for _ in range(players)]
        turns = 0
        while not GAME.is_over(state):
            player = GAME.to_act(state)[0]
            move = random_move(state, player, rng)
            if turns % 7 == 0:
                assert move in GAME.legal_moves(state, player)
            after = GAME.apply(state, player, move)
            # scores never decrease; each equals the sum of its events
            for before_s, after_s in zip(state.scores, after.scores):
                assert all(b <= a for b, a in zip(before_s, after_s))
            events[player] = [e + g for e, g in zip(events[player], after.last["gain"])]
            assert [list(s) for s in after.scores] == events
            # a dark token stays dark
            assert all(a or not b for b, a in zip(state.dark, after.dark))
            # one tile leaves the hand per placement
            assert after.placed[player] == state.placed[player] + (move != PASS)
            state = after
            turns += 1
        assert turns == ROUNDS * players
        # tiles accounted for: each on the board (two cells) or still in hand
        for p in range(players):
            assert sum(1 for o in state.owner if o == p) == 2 * state.placed[p]
            assert GAME.view(state, None)["tiles_left"][p] == ROUNDS - state.placed[p] >= 0
        assert len(state.tiles) == sum(state.placed)
        if game_no % 10 == 0:
            check_chains(state)
        winners = GAME.winners(state)
        best = max(sorted(s) for s in state.scores)
        assert winners and all(sorted(state.scores[w]) == best for w in winners)
