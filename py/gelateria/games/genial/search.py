"""Genial Spezial's side of the search bot (core/search.py): the state from the view,
a shortlist of moves for the tree, a cheap roll-out policy, a position evaluation,
and the "hard" level.

Nothing is hidden once the towers are set out, so the state is rebuilt from the view
(rules.state_from_view) and the search is plain Monte-Carlo tree search (`exact`).
At the root the normal bot's judgement (bots.NormalBot._rank, read-only) picks the
candidates; below it, placements are judged by what they score now, each colour
weighted by how far it lags (a point in the weakest colour is worth most), plus the
golden spaces.
"""

from __future__ import annotations

import math

from gelateria.core.rng import Rng
from gelateria.core.search import IN_BROWSER, SearchBot, move_key, softmax, winner_rewards
from gelateria.games.genial.bots import LAG, NormalBot
from gelateria.games.genial.rules import (
    CELLS,
    COLOURS,
    EMPTY,
    GAME,
    NEIGHBOURS,
    PASS,
    ROUNDS,
    _outcome,
    ranking_key,
    state_from_view,
)

# --- knobs of the hard level ---------------------------------------------------------------
ITERATIONS = 160  # play-outs per decision (CPython: about 0.2-0.3 s)
BROWSER_TIME_LIMIT = 0.85  # seconds per move in the browser, pauses between slices included
ROLLOUT_MOVES = 8  # tiles placed by the cheap policy after the tree, then `evaluate`
EXPLORATION = 1.0
ROOT_CANDIDATES = 8  # the normal bot's 8 favourite placements, compared on shared play-outs
TREE_CANDIDATES = 8  # placements searched at each node below the root
MAX_DEPTH = 1  # below the root: the next player's reply and the move after it, then roll-outs
PRIOR_TEMPERATURE = 1.0  # points (lag-weighted): 1 point better gets e times the attention
ROLLOUT_SAMPLE = 12  # placements the roll-out policy weighs (the promising ones first)


def determinize(view: dict, rng: Rng):
    """No hidden information: the state itself."""
    return state_from_view(view)


def _colour_weights(colours) -> list[float]:
    low = min(colours)
    return [math.exp(-(c - low) / LAG) for c in colours]


def _tile_move(state, player: int, a: int, b: int, mine, weights) -> tuple[float, dict]:
    """(lag-weighted value, move) of a tile on cells a, b for `player`; golden halves
    take the weakest colours, as the normal bot gives them."""
    gain = _outcome(state, player, a, b).gain
    value = gain[0] * weights[0] + gain[1] * weights[1] + gain[2] * weights[2] + gain[3] * weights[3]
    move = {"a": list(CELLS[a]), "b": list(CELLS[b])} if a < b else {"a": list(CELLS[b]), "b": list(CELLS[a])}
    golden = state.layout.golden
    if a in golden or b in golden:
        after = [s + g for s, g in zip(mine, gain)]
        choice = []
        for c in sorted((a, b)):
            if c in golden:
                k = after.index(min(after))
                after[k] += 1
                choice.append(COLOURS[k])
                value += 1.0
        move["g"] = choice
    return value, move


_HOT: dict = {}  # layout -> cells next to a tower or golden


def _hot_cells(state, player: int) -> list[int]:
    """Empty cells where a tile can score something: next to a tower, golden, or next
    to one of the player's own tiles (joining chains)."""
    layout, owner = state.layout, state.owner
    static = _HOT.get(layout.cell)
    if static is None:
        static = tuple(c for c in range(len(CELLS)) if layout.near[c] or c in layout.golden)
        if len(_HOT) > 64:
            _HOT.clear()
        _HOT[layout.cell] = static
    hot = {c for c in static if owner[c] == EMPTY}
    for chain in state.chains.values():
        if chain.player == player:
            for c in chain.cells:
                hot.update(n for n in NEIGHBOURS[c] if owner[n] == EMPTY)
    return sorted(hot)


def _places_at(state, cells) -> list[tuple[int, int]]:
    """Every free place for a tile with a half on one of `cells`."""
    owner = state.owner
    found = set()
    for c in cells:
        for n in NEIGHBOURS[c]:
            if owner[n] == EMPTY:
                found.add((c, n) if c < n else (n, c))
    return sorted(found)


def candidates(state, player: int):
    """The TREE_CANDIDATES placements worth most now, with prior weights."""
    places = _places_at(state, _hot_cells(state, player)) or GAME.open_spaces(state)
    if not places:
        return [PASS], [1.0]
    mine = state.scores[player]
    weights = _colour_weights(mine)
    judged = sorted((_tile_move(state, player, a, b, mine, weights) for a, b in places), key=lambda vm: -vm[0])
    judged = judged[:TREE_CANDIDATES]
    return [m for _, m in judged], softmax([v for v, _ in judged], PRIOR_TEMPERATURE)


def policy(state, player: int, rng: Rng):
    """The roll-out player: the best of a few promising placements picked at random
    (a hot cell and a free neighbour each), or any free place when none is hot."""
    owner = state.owner
    hot = _hot_cells(state, player)
    places = []
    for _ in range(ROLLOUT_SAMPLE if hot else 0):
        c = hot[rng.below(len(hot))]
        free = [n for n in NEIGHBOURS[c] if owner[n] == EMPTY]
        if free:
            places.append((c, free[rng.below(len(free))]))
    if not places:
        anywhere = GAME.open_spaces(state)
        if not anywhere:
            return PASS
        places = [anywhere[rng.below(len(anywhere))]]
    mine = state.scores[player]
    weights = _colour_weights(mine)
    best, best_value = None, -1.0
    for a, b in places:
        value, move = _tile_move(state, player, a, b, mine, weights)
        value += rng.random() * 0.3
        if value > best_value:
            best, best_value = move, value
    return best


def root_prior(view: dict, legal: list, rng: Rng) -> list[float]:
    """The normal bot's value of each placement; a golden choice other than the one it
    would make gets almost nothing (so the candidates are distinct placements)."""
    if legal == [PASS]:
        return [1.0]
    state = state_from_view(view)
    me = view["to_act"][0]
    ranked = NormalBot()._rank(state, me)
    values = {}
    for value, a, b, golden in ranked:
        move = {"a": list(CELLS[a]), "b": list(CELLS[b])}
        if golden:
            move["g"] = golden
        values[move_key(move)] = value
    floor = min(values.values(), default=0.0) - 50.0
    weights = softmax([values.get(move_key(m), floor) for m in legal], PRIOR_TEMPERATURE)
    return weights


# Chance of winning from a position: a logistic function of the gaps to the best other
# player in each colour, sorted weakest first (early on every point counts about the
# same), the gap in the weakest colour again times the game's progress (by the end it
# is all that counts), and who moves next (+1 me, -1 that rival, 0 someone else).
# Fitted by logistic regression on every position of 120 games between normal bots
# per player count. Per player count: (weakest, 2nd, 3rd, strongest, weakest x
# progress, to move, constant).
WIN_MODEL = {
    2: (-0.042, 0.034, 0.086, 0.053, 0.549, 0.193, 0.0),
    3: (-0.160, 0.102, 0.034, 0.067, 0.738, 0.172, -0.486),
    4: (-0.115, 0.126, 0.174, 0.085, 0.699, 0.298, -0.684),
}


def evaluate(state) -> list[float]:
    """1 / 0 (shared for ties) once the game is over; before that WIN_MODEL's guess,
    each player against the best other (highest weakest colour, then the next...)."""
    if GAME.is_over(state):
        return winner_rewards(GAME, state)
    n = state.players
    w0, w1, w2, w3, late, move_weight, constant = WIN_MODEL[n]
    done = state.turn / (ROUNDS * n)
    mover = state.turn % n
    ranked = [ranking_key(s) for s in state.scores]
    rewards = []
    for p in range(n):
        rival = max((q for q in range(n) if q != p), key=ranked.__getitem__)
        d = [x - y for x, y in zip(ranked[p], ranked[rival])]
        to_move = 1.0 if mover == p else -1.0 if mover == rival else 0.0
        logit = (w0 + late * done) * d[0] + w1 * d[1] + w2 * d[2] + w3 * d[3] + move_weight * to_move + constant
        rewards.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit)))))
    return rewards


def hard_bot(**knobs) -> SearchBot:
    settings = dict(
        evaluate=evaluate,
        policy=policy,
        candidates=candidates,
        root_prior=root_prior,
        exact=True,
        iterations=ITERATIONS,
        time_limit=BROWSER_TIME_LIMIT if IN_BROWSER else None,
        rollout_moves=ROLLOUT_MOVES,
        exploration=EXPLORATION,
        root_candidates=ROOT_CANDIDATES,
        max_depth=MAX_DEPTH,
        win_check=True,  # whether a move wins at once never hangs on hidden cards here
    )
    settings.update(knobs)
    return SearchBot(GAME, determinize, **settings)
