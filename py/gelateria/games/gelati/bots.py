"""Gelati bots. They see only their own view (board, public parts and scores, their
own hand and orders) and the legal moves.

normal: places the tile that scores best, counting placement points, the parts it
        earns (worth more when they bring one of its orders closer), the best spot left
        for the tile it keeps, and what it leaves open for the next player (weighed
        more when that player is level or ahead: denying the leader); completes
        every order it can, trades spare parts for parts its orders miss, and discards
        the least useful part when over the limit.
easy:   the same, with frequent mistakes (a random placement, a forgotten trade or order).
hard:   judges placements more carefully (exact expectations over the tiles it has not
        seen, parts valued higher, trades that complete an order counted) and checks
        its favourites by information-set Monte-Carlo tree search over sampled deals
        (see gelati/search.py).
"""

from __future__ import annotations

from gelateria.core.hexgrid import neighbours
from gelateria.games.gelati.rules import (
    N_TILES,
    ORDER_PARTS,
    PART_LIMIT,
    PLACEMENT_POINTS,
    cell_fit,
    frontier_of,
    rows_of_four,
)

# What holding k parts of one order is worth, in points (3 parts = a 15-point order).
PROGRESS = (0.0, 2.0, 6.0, 15.0)
SPARE = 0.8  # a part no order needs: half of a 2-for-1 trade
DENY = 0.5  # how much the next player's best opening counts against a placement
DENY_LEADER = 0.8  # ... when that player is level with us or ahead
KEEP = 0.5  # how much the best spot left for the tile we keep counts


def holding_value(held, orders, spare: float = SPARE) -> float:
    """What a set of parts is worth to a player with these orders: progress on each
    order (the most advanced order gets first claim on shared parts), plus `spare` for
    each part no order needs, which can still be traded."""
    left = list(held)
    value = 0.0
    ranked = sorted(orders, key=lambda o: -sum(1 for p in ORDER_PARTS[o] if held[p]))
    for o in ranked:
        have = 0
        for p in ORDER_PARTS[o]:
            if left[p]:
                left[p] -= 1
                have += 1
        value += PROGRESS[have]
    return value + spare * min(sum(left), PART_LIMIT)


def trial_placements(board: dict, frontier: dict, legal: list, supply):
    """Each placement of `legal` tried on `board`: yields (tile, cell, touching sides,
    parts its fours in a row earn from the supply) with the tile on the board, and
    takes it off again before the next."""
    for move in legal:
        tile, cell = move["p"], tuple(move["at"])
        board[cell] = tile
        try:
            earned, left = [], list(supply)
            for p in rows_of_four(board, cell, tile):
                if left[p]:
                    left[p] -= 1
                    earned.append(p)
            yield tile, cell, frontier[cell][1], earned
        finally:
            del board[cell]


def _gain(held, orders, parts, spare: float = SPARE) -> float:
    after = list(held)
    for p in parts:
        after[p] += 1
    return holding_value(after, orders, spare) - holding_value(held, orders, spare)


class HeuristicBot:
    name = "normal"
    mistakes = 0.0  # chance of a careless move
    earned_spare = SPARE  # what a part earned by a placement is worth when no order needs it

    def choose(self, view: dict, legal: list, rng):
        first = legal[0]
        if "pass" in first:
            return first
        if "x" in first:
            return rng.choice(legal)  # every tile in hand is equally stuck
        careless = self.mistakes and rng.random() < self.mistakes
        if "p" in first:
            return rng.choice(legal) if careless else self.place(view, legal, rng)
        if careless and {"end": 1} in legal:
            return {"end": 1}
        return self.after(view, legal)

    # -- step 1 ------------------------------------------------------------------------

    def place(self, view: dict, legal: list, rng):
        scores = self.place_scores(view, legal, rng)
        best = max(range(len(legal)), key=scores.__getitem__)  # the first of equals
        return legal[best]

    def place_scores(self, view: dict, legal: list, rng) -> list[float]:
        """How good each placement in `legal` looks, in points (the search bot uses
        these to decide which placements to look at first)."""
        me = view["me"]
        board = {(q, r): t for q, r, t in view["board"]}
        frontier = frontier_of(board)
        unknown = (1 << N_TILES) - 1
        for t in [*board.values(), *view["hand"]]:
            unknown &= ~(1 << t)
        n_unknown = max(1, unknown.bit_count())
        nxt = (view["turn"] + 1) % view["players"]
        deny = DENY_LEADER if view["scores"][nxt] >= view["scores"][me] else DENY

        def opening(fits: int, touching: int) -> float:
            """Expected placement points the next player takes on a cell (they hold 2
            tiles we cannot see)."""
            chance = (fits & unknown).bit_count() / n_unknown
            return PLACEMENT_POINTS[touching] * (1 - (1 - chance) ** 2)

        def keep_value(tile: int):
            """Points a tile we keep could score on a cell next turn."""
            return lambda fits, touching: PLACEMENT_POINTS[touching] if fits >> tile & 1 else 0.0

        hand = view["hand"]
        keep_values = {t: keep_value(t) for t in hand}
        openings = sorted(((opening(*fit), cell) for cell, fit in frontier.items()), reverse=True)
        keeps = {t: sorted(((keep_values[t](*fit), cell) for cell, fit in frontier.items()), reverse=True) for t in hand}
        held, orders, supply = view["held"][me], view["orders"], view["supply"]

        def best_after(ranked, cell, value_of) -> float:
            """The best value over the frontier once `cell` is filled: cells next to it
            are worked out again, the rest keep their value from `ranked`."""
            changed = {cell, *neighbours(cell)}
            best = max((value_of(*cell_fit(board, n)) for n in changed if n not in board), default=0.0)
            for value, c in ranked:
                if c not in changed:
                    return max(best, value)
            return best

        scores = []
        for tile, cell, touching, earned in trial_placements(board, frontier, legal, supply):
            threat = best_after(openings, cell, opening)
            future = max((best_after(keeps[t], cell, keep_values[t]) for t in hand if t != tile), default=0.0)
            score = (PLACEMENT_POINTS[touching] + _gain(held, orders, earned, self.earned_spare)
                     - deny * threat + KEEP * future)
            score += rng.random() * 1e-3  # break ties without favouring a corner
            scores.append(score)
        return scores

    # -- step 3 ------------------------------------------------------------------------

    def after(self, view: dict, legal: list):
        me = view["me"]
        for move in legal:
            if "order" in move:
                return move
        held, orders = view["held"][me], view["orders"]
        now = holding_value(held, orders)
        best, best_value = None, now + 0.1
        for move in legal:
            if "trade" in move:
                after = list(held)
                a, b = move["trade"]
                after[a] -= 1
                after[b] -= 1
                after[move["get"]] += 1
                value = holding_value(after, orders)
                if value > best_value:
                    best, best_value = move, value
        if best is not None:
            return best
        if {"end": 1} in legal:
            return {"end": 1}
        discards = [m for m in legal if "discard" in m]

        def left_after(move):
            after = list(held)
            after[move["discard"]] -= 1
            # keep the rarer parts: the supply has fewer of them to trade for later
            return holding_value(after, orders) + 0.01 * view["supply"][move["discard"]]

        return max(discards, key=left_after)


class EasyBot(HeuristicBot):
    name = "easy"
    mistakes = 0.35

