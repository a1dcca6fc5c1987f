"""Genial Spezial bots.

`normal` looks one tile ahead with the real scoring rules and weighs every placement by
  - the points it scores now, each colour weighted by how far it lags (the score is
    the weakest colour, so a point there is worth most); golden points go to the
    weakest colours;
  - set-up: towers the chain could touch with its next tile, a lone tower touched
    now (it scores once the chain reaches a second tower), and the tall-tower bonus
    those would bring;
  - blocking: spaces where an opponent's chain could touch a new tower next turn.
`easy` is the same bot that often settles for a lesser placement or a random one.
`hard` searches (Monte-Carlo tree search with `normal` as its guide, see search.py).
"""

from __future__ import annotations

import math

from gelateria.games.genial.rules import (
    CELLS,
    COLOURS,
    EMPTY,
    GAME,
    NEIGHBOURS,
    PASS,
    Layout,
    _outcome,
    _towers_in,
    state_from_view,
)

LAG = 3.0  # a colour this many points above the weakest counts 1/e as much
REACH = 0.45  # a tower one tile away is worth this share of its points
LONE = 0.35  # a lone tower touched now (it scores later)
BLOCK = 0.25  # an opponent's next-turn points denied
_near2_cache: dict[tuple, tuple[int, ...]] = {}


def _near2(layout: Layout) -> tuple[int, ...]:
    """Per cell: mask of towers a tile reaching from that cell could touch (towers at
    distance 2 or 3 through empty-looking space; geometry only)."""
    key = layout.cell
    if key not in _near2_cache:
        near = layout.near
        out = []
        for c in range(len(CELLS)):
            m = 0
            for n in NEIGHBOURS[c]:
                for n2 in NEIGHBOURS[n]:
                    m |= near[n2]
            out.append(m & ~near[c])
        if len(_near2_cache) > 64:
            _near2_cache.clear()
        _near2_cache[key] = tuple(out)
    return _near2_cache[key]


class NormalBot:
    name = "normal"
    mistakes = 0.0  # chance of a careless move
    spread = 1  # how many of the best moves a careless move picks from

    def choose(self, view: dict, legal: list, rng):
        if legal == [PASS]:
            return PASS
        if self.mistakes and rng.random() < self.mistakes / 3:
            return rng.choice(legal)
        state = state_from_view(view)
        me = view["to_act"][0]
        ranked = sorted(self._rank(state, me), key=lambda x: -x[0])
        pick = 0
        if self.mistakes and rng.random() < self.mistakes:
            pick = rng.below(min(self.spread, len(ranked)))
        _, a, b, golden = ranked[pick]
        move = {"a": list(CELLS[a]), "b": list(CELLS[b])}
        if golden:
            move["g"] = golden
        return move if move in legal else rng.choice(legal)

    def _rank(self, state, me: int):
        layout = state.layout
        mine = state.scores[me]
        low = min(mine)
        weight = [math.exp(-(s - low) / LAG) for s in mine]
        total_weight = sum(weight)
        token = [
            (layout.light[t] + state.dark[t]) * weight[layout.colour[t]] for t in range(len(layout.cell))
        ]
        near, near2, tall_mask = layout.near, _near2(layout), layout.tall_mask
        threat = _threats(state, me)
        out = []
        for a, b in GAME.open_spaces(state):
            o = _outcome(state, me, a, b)
            after = [s + g for s, g in zip(mine, o.gain)]
            golden = []
            for c in (a, b):
                if c in layout.golden:
                    k = after.index(min(after))
                    after[k] += 1
                    golden.append(COLOURS[k])
            value = sum(g * w for g, w in zip(o.gain, weight)) + len(golden)
            touched = o.chain.touched
            n_touched = touched.bit_count()
            tall_now = (touched & tall_mask).bit_count()
            if n_touched == 1 and not (touched & ~(near[a] | near[b])):
                value += LONE * token[_first(touched)]  # a fresh lone tower
            reach = (near2[a] | near2[b]) & ~touched
            best = 0.0
            for t in _towers_in(reach):
                v = token[t] if n_touched else LONE * token[t]
                if tall_mask >> t & 1:
                    v += total_weight * (2 if tall_now == 1 else 1 if tall_now else 0.3)
                best = max(best, v)
            value += REACH * best
            value += BLOCK * (threat[a] + threat[b])
            out.append((value, a, b, golden))
        return out


def ranked_placements(view: dict, player: int) -> list:
    """Every placement as the normal bot weighs it for `player`, best first: (value,
    cell a, cell b, golden colours), from a seat's view (the guided game's suggestion)."""
    return sorted(NormalBot()._rank(state_from_view(view), player), key=lambda x: -x[0])


def _first(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _threats(state, me: int) -> dict:
    """Per empty cell: what an opponent's chain next to it would score by growing
    onto it (raw token points of towers it would newly touch)."""
    layout = state.layout
    owner = state.owner
    threat = {}
    for ch in state.chains.values():
        if ch.player == me or not ch.touched:
            continue
        for c in ch.cells:
            for n in NEIGHBOURS[c]:
                if owner[n] != EMPTY:
                    continue
                new = layout.near[n] & ~ch.touched
                if new:
                    v = sum(layout.light[t] + state.dark[t] for t in _towers_in(new))
                    threat[n] = max(threat.get(n, 0), v)
    return _Default(threat)


class _Default(dict):
    def __missing__(self, key):
        return 0


class EasyBot(NormalBot):
    name = "easy"
    mistakes = 0.5
    spread = 8

