"""Gelati's side of the search bot (core/search.py): sampling what a seat cannot see,
a cheap roll-out policy, a position evaluation, the judge that picks which placements
the search compares (Judge), and the "hard" level.

Hidden in Gelati: the other players' hands and orders, the order of the stack and of
the order pile. `determinize` deals the tiles the seat has not seen (not on the board,
not in its hand, not set aside face up) at random among the others' hands (their sizes
are public) and the stack, and the unseen orders among the others and the pile. How
many orders each player holds is not in the view but follows from public facts: two
each, one drawn after every completed order while the pile lasts.

Two things a state holds are not in the view and are guessed: whether the player to
move has placed a tile this turn (assumed yes unless the stack is empty and the last
move was a pass) and how many turns in a row went by without a placement (assumed 0;
it only matters once nobody can place any more).
"""

from __future__ import annotations

import math

from gelateria.core.rng import Rng

from gelateria.core.search import IN_BROWSER, SearchBot, run_to_end, softmax, winner_rewards
from gelateria.games.gelati.bots import HeuristicBot, holding_value, trial_placements
from gelateria.games.gelati.rules import (
    GAME,
    HAND_SIZE,
    N_ORDERS,
    N_PARTS,
    N_TILES,
    ORDER_PARTS,
    ORDER_POINTS,
    ORDERS_PER_PLAYER,
    PLACEMENT_POINTS,
    START_CELLS,
    TILE_MASK,
    TILE_PARTS,
    State,
    cell_fit,
    frontier_of,
)
from gelateria.core.hexgrid import AXES, neighbours

# --- knobs of the hard level ---------------------------------------------------------------
ITERATIONS = 240  # play-outs per decision, over all candidates (CPython: about 0.15 s)
BROWSER_TIME_LIMIT = 0.85  # seconds per move in the browser, pauses between slices included
ROOT_CANDIDATES = 6  # the judge's 6 favourite moves, compared on shared samples
MARGIN = 0.1  # ... and its favourite is played unless another wins 10% more often
# (arena, 200 games each: margin 0.03 won 58.0%, 0.06 64.5%, 0.1 65.5%; the judge is
# better than the short play-outs, which should only overrule it when clearly right)
ROLLOUT_MOVES = 60  # a cap: roll-outs end when this seat is about to place again
CHECKPOINTS = 1  # roll-outs end at the start of this seat's next turn (2: the one after)
MAX_DEPTH = 0  # the tree holds only this seat's own steps after placing; the others'
# replies come from the roll-out policy. (A tree over their replies, with a different hand
# in each sample and 13-80 samples a move, mostly tried replies worse than their best:
# arena seeds 1 / 2, 400 games each: 2 levels 65.2% / 63.7%, 0 levels 66.8% / 65.2%.)
IN_HAND = 0.6  # share of the best placement in hand counted for the player about to place
UNBANKED = 3.0  # points less for an order that could be completed than for a completed one
EXPLORATION = 1.0
PRIOR_TEMPERATURE = 2.0  # points: a placement 2 points better gets e times the attention
CARELESS = 0.1  # how often the roll-out policy places at random
SPARE_WORTH = 2.0  # a part no order needs counts this much when judging positions and
# roll-out placements (the normal bot: 0.8, see bots.SPARE)
JUDGE_SPARE = 3.0  # ... and when the root's judge (Judge below) weighs the parts a placement earns
JUDGE_KEEP = 0.8  # how much the judge counts the best spot left for the tile kept (normal: 0.5)
KEPT_TEMPERATURE = 0.5  # points: how sure the judge is that the previous player did not
# keep a tile that would have scored more than the one they placed (kept_tile_odds)


def order_counts(view: dict) -> list[int]:
    """How many open orders each player holds, from public facts: two each at the
    start, and one drawn from the pile after each completed order while it lasts."""
    players = view["players"]
    counts = [ORDERS_PER_PLAYER] * players
    pile = N_ORDERS - ORDERS_PER_PLAYER * players
    for player, _ in view["completed"]:
        if pile:
            pile -= 1
        else:
            counts[player] -= 1
    return counts


def determinize(view: dict, rng: Rng) -> State:
    """A full state consistent with `view` (a seat's view), the unseen dealt at random."""
    me, players = view["me"], view["players"]
    board = {(q, r): t for q, r, t in view["board"]}
    known_hands = {me: view["hand"]}
    if view["revealed"] is not None:
        known_hands[view["turn"]] = view["revealed"]  # a stuck player shows their hand
    seen = set(board.values()) | set(view["set_aside"])
    for hand in known_hands.values():
        seen.update(hand)
    unseen = [t for t in range(N_TILES) if t not in seen]
    rng.shuffle(unseen)
    hands = []
    for p in range(players):
        if p in known_hands:
            hands.append(tuple(known_hands[p]))
        else:
            size = view["hand_sizes"][p]
            hands.append(tuple(unseen[-size:]) if size else ())
            del unseen[len(unseen) - size:]
    orders_seen = set(view["orders"]) | {o for _, o in view["completed"]}
    hidden_orders = [o for o in range(N_ORDERS) if o not in orders_seen]
    rng.shuffle(hidden_orders)
    counts = order_counts(view)
    orders = []
    for p in range(players):
        if p == me:
            orders.append(tuple(view["orders"]))
        else:
            orders.append(tuple(hidden_orders[-counts[p]:]) if counts[p] else ())
            del hidden_orders[len(hidden_orders) - counts[p]:]
    s = State()
    s.players = players
    s.board = board
    s.frontier = frontier_of(board)
    s.hands = tuple(hands)
    s.orders = tuple(orders)
    s.held = tuple(tuple(h) for h in view["held"])
    s.supply = tuple(view["supply"])
    s.stack = tuple(unseen)  # what is left, in a random order
    s.order_pile = tuple(hidden_orders)
    s.set_aside = tuple(view["set_aside"])
    s.completed = tuple((p, o) for p, o in view["completed"])
    s.scores = tuple(view["scores"])
    s.turn = view["turn"]
    s.phase = view["phase"]
    last = view["last"] or {}
    s.placed = s.phase == "after" and not (view["stack"] == 0 and last.get("kind") == "pass")
    s.idle = 0
    s.rng = Rng(rng.next_u32()).state
    s.last = view["last"]
    return s


# Chance of winning from a position, a logistic function of the gap to the best other
# player in score + parts (the parts weighed against orders, as the normal bot weighs
# them), that gap again times the game's progress (a lead counts for more as the stack
# runs down), and who moves next (+1 me, -1 that rival, 0 someone else). Fitted by
# logistic regression on the turns of 400 (2 players) and 300 (3, 4 players) games
# between normal bots, parts valued with SPARE_WORTH: tests/bench/gelati_eval_fit.py.
# Per player count: (gap, gap x progress, to move, constant).
WIN_MODEL = {
    2: (0.135, 0.068, 0.236, 0.0),
    3: (0.124, 0.051, 0.249, -0.459),
    4: (0.152, 0.040, 0.296, -0.694),
}


def progress(players: int, stack: int) -> float:
    """How far the game has gone, 0 at the deal to 1 when the stack is empty."""
    at_start = N_TILES - len(START_CELLS) - HAND_SIZE * players
    return 1.0 - min(1.0, stack / at_start)


def tradable_value(held, orders, supply, spare: float, ready: float = ORDER_POINTS) -> float:
    """What a player's parts are worth (bots.holding_value), or more when an order can be
    completed this turn, trading 2 parts for 1 as needed: then that order counts `ready`
    points plus the worth of the parts left after paying for it."""
    best = holding_value(held, orders, spare)
    for order in orders:
        left = list(held)
        missing = []
        for p in ORDER_PARTS[order]:
            if left[p]:
                left[p] -= 1
            else:
                missing.append(p)
        if any(not supply[p] for p in missing) or sum(left) < 2 * len(missing):
            continue
        rest = [o for o in orders if o != order]
        for _ in range(2 * len(missing)):  # pay with the parts the other order misses least
            def worth_without(p):
                left[p] -= 1
                worth = holding_value(left, rest, spare)
                left[p] += 1
                return worth
            left[max((p for p in range(N_PARTS) if left[p]), key=worth_without)] -= 1
        best = max(best, ready + holding_value(left, rest, spare))
    return best


def parts_worth(held, orders, supply) -> float:
    """Parts weighed against orders as the normal bot weighs them, except that an order
    that can be completed this turn (trades included) counts UNBANKED points less than
    its 15: they are not on the score yet, and they fill the hand (five parts at most)."""
    return tradable_value(held, orders, supply, SPARE_WORTH, ORDER_POINTS - UNBANKED)


def position_values(state: State) -> list[float]:
    """What each seat's position is worth in points: its score plus its parts."""
    return [state.scores[p] + parts_worth(state.held[p], state.orders[p], state.supply)
            for p in range(state.players)]


def evaluate(state: State) -> list[float]:
    """Each seat's chance of winning: 1 / 0 (shared for ties) once the game is over,
    otherwise WIN_MODEL's estimate."""
    if state.phase == "over":
        return winner_rewards(GAME, state)
    n = state.players
    gap_weight, late_weight, move_weight, constant = WIN_MODEL[n]
    weight = gap_weight + late_weight * progress(n, len(state.stack))
    values = position_values(state)
    if state.phase == "place":
        # the player about to place can count on part of their best placement now
        values[state.turn] += IN_HAND * max(
            (placement_value(state, state.turn, m) for m in GAME.placements(state, state.turn)), default=0.0
        )
    rewards = []
    for p in range(n):
        rival = max((q for q in range(n) if q != p), key=values.__getitem__)
        to_move = 1.0 if state.turn == p else -1.0 if state.turn == rival else 0.0
        logit = weight * (values[p] - values[rival]) + move_weight * to_move + constant
        rewards.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit)))))
    return rewards


def row_masks(board: dict, cell) -> list[int]:
    """Per hex axis, the parts (a 12-bit mask) that would earn a new four in a row on
    that axis for a tile carrying them on `cell`: the runs on both sides add up to 3 or
    more and neither side is already a run of 4 (the rule of rules.rows_of_four)."""
    q, r = cell
    masks = []
    for dq, dr in AXES:
        if (q + dq, r + dr) not in board and (q - dq, r - dr) not in board:
            masks.append(0)
            continue
        sides = []
        for sign in (1, -1):
            carried, x, y = (1 << N_PARTS) - 1, q, r
            runs = [carried]  # runs[k]: the parts carried by the k nearest tiles
            for _ in range(4):
                x, y = x + sign * dq, y + sign * dr
                t = board.get((x, y))
                carried = carried & TILE_MASK[t] if t is not None else 0
                runs.append(carried)
            sides.append(runs)
        a, b = sides
        masks.append((a[0] & b[3] | a[1] & b[2] | a[2] & b[1] | a[3] & b[0]) & ~a[4] & ~b[4])
    return masks


def rows_earned(board: dict, cell, tile: int) -> list[int]:
    """rules.rows_of_four(board + tile at cell, cell, tile), the same parts, found
    several times faster (roll-outs call it for every placement they weigh)."""
    return [p for mask in row_masks(board, cell) if mask & TILE_MASK[tile]
            for p in TILE_PARTS[tile] if mask >> p & 1]


def placement_value(state: State, player: int, move: dict) -> float:
    """Placement points plus what the parts it earns are worth to the player."""
    tile, cell = move["p"], (move["at"][0], move["at"][1])
    points = PLACEMENT_POINTS[state.frontier[cell][1]]
    parts = [p for p in rows_earned(state.board, cell, tile) if state.supply[p]]
    if not parts:
        return points
    held, orders = state.held[player], state.orders[player]
    after = list(held)
    for p in parts:
        after[p] += 1
    return points + holding_value(after, orders, SPARE_WORTH) - holding_value(held, orders, SPARE_WORTH)


def prior(state: State, player: int, legal: list) -> list[float]:
    """Weights for the search's attention: placements by their immediate value, the
    steps after placing by what the player's parts are worth after them."""
    if "p" in legal[0]:
        return softmax([placement_value(state, player, m) for m in legal], PRIOR_TEMPERATURE)
    if "x" in legal[0] or "pass" in legal[0]:
        return [1.0] * len(legal)
    return after_weights(state.held[player], state.orders[player], state.supply, legal)


def root_prior(view: dict, legal: list, rng: Rng):
    """At the root the true view is known: placements as the Judge rates them (a
    generator: the judge yields between placements, so a page stays responsive)."""
    if "p" in legal[0]:
        scores = yield from _JUDGE.scoring(view, legal, rng)
        return softmax(scores, PRIOR_TEMPERATURE)
    if "x" in legal[0] or "pass" in legal[0]:
        return [1.0] * len(legal)
    return after_weights(view["held"][view["me"]], view["orders"], view["supply"], legal)


def after_weights(held, orders, supply, legal: list) -> list[float]:
    """Completing an order, trading, discarding or ending the turn, weighed by the
    worth of the parts left (an order counts its 15 points)."""
    values = []
    for m in legal:
        after, left, open_orders = list(held), list(supply), orders
        points = 0
        if "order" in m:
            points = ORDER_POINTS
            open_orders = [o for o in orders if o != m["order"]]
            given = ORDER_PARTS[m["order"]]
        elif "trade" in m:
            given = m["trade"]
            after[m["get"]] += 1
            left[m["get"]] -= 1
        elif "discard" in m:
            given = [m["discard"]]
        else:
            given = []
        for p in given:
            after[p] -= 1
            left[p] += 1
        values.append(points + parts_worth(after, open_orders, left))
    return softmax(values, PRIOR_TEMPERATURE)


def _mini_view(state: State, player: int) -> dict:
    """The few view fields HeuristicBot.after reads, straight from a state."""
    return {"me": player, "held": state.held, "orders": state.orders[player], "supply": state.supply}


_AFTER = HeuristicBot()  # the normal bot's steps after placing (trades want its lower SPARE)


def expected_best_of_two(values: list[float], kept_odds: list[float] | None = None) -> float:
    """The mean of max(a, b) over every pair of two different entries of `values`: what
    the better of two tiles dealt from these is worth on average. With `kept_odds`, one
    tile of the pair is entry i with odds proportional to kept_odds[i], the other any
    other entry."""
    n = len(values)
    if n < 2:
        return max(values, default=0.0)
    odds = kept_odds if kept_odds and sum(kept_odds) > 0 else [1.0] * n
    expected, above = 0.0, 0.0  # above: the sum of the entries ranked above this one
    for rank, i in enumerate(sorted(range(n), key=values.__getitem__, reverse=True)):
        # entry i paired with each other: the better one above it, itself below it
        expected += odds[i] * (above + (n - 1 - rank) * values[i]) / (n - 1)
        above += values[i]
    return expected / sum(odds)


def supply_mask(supply) -> int:
    """The parts still in the supply, as a 12-bit mask."""
    return sum(1 << p for p, left in enumerate(supply) if left)


def spot(board: dict, cell, fit: tuple, in_supply: int) -> tuple:
    """An empty cell's (points, tiles that fit, parts a four in a row there earns)."""
    a, b, c = row_masks(board, cell)
    return PLACEMENT_POINTS[fit[1]], fit[0], (a | b | c) & in_supply


def spot_values(spot_: tuple, tiles, gain) -> dict:
    """tile -> what placing it on a spot brings (points, plus `gain` of the parts a four
    in a row earns), for the tiles that fit there."""
    points, fits, rows = spot_
    return {t: points + (gain(tuple(p for p in TILE_PARTS[t] if rows >> p & 1)) if TILE_MASK[t] & rows else 0.0)
            for t in tiles if fits >> t & 1}


def rival_gain(parts: tuple) -> float:
    """What parts earned are worth to another player, whose orders are unseen."""
    return SPARE_WORTH * len(parts)


def unseen_tiles(view: dict, board: dict) -> list[int]:
    """The tiles a seat has not seen: not on the board, in its hand or set aside."""
    seen = {*board.values(), *view["hand"], *view["set_aside"]}
    return [t for t in range(N_TILES) if t not in seen]


def kept_tile_odds(view: dict, board: dict, unseen: list[int]) -> list[float] | None:
    """How likely each unseen tile is the one the previous player kept in hand when they
    placed the board's newest tile (None when the view does not show such a turn: the
    last move must be a turn ended with a draw). A tile that would have scored more than
    the one placed, anywhere, was probably not in their hand: its odds fall off as a
    logistic of how much more (KEPT_TEMPERATURE points), counting placement points and
    SPARE_WORTH per part a four in a row earns. The board lists tiles as placed."""
    last = view["last"] or {}
    if last.get("kind") != "end" or not last.get("drew") or len(board) <= len(START_CELLS):
        return None
    q, r, placed = view["board"][-1]
    before = {cell: t for cell, t in board.items() if cell != (q, r)}
    in_supply = supply_mask(view["supply"])
    values = {cell: spot_values(spot(before, cell, fit, in_supply), [*unseen, placed], rival_gain)
              for cell, fit in frontier_of(before).items()}
    played = values[(q, r)][placed]
    odds = []
    for tile in unseen:
        best = max((v[tile] for v in values.values() if tile in v), default=-1.0)
        odds.append(1.0 / (1.0 + math.exp(max(-30.0, min(30.0, (best - played) / KEPT_TEMPERATURE)))))
    return odds


class Judge(HeuristicBot):
    """The hard level's judgement of placements: it picks the few the search compares,
    and the one played unless the search finds a clearly better one (MARGIN). It counts
    what the normal bot counts (points, parts earned, the next player's best reply, the
    best spot left for the tile kept), but
    - the next player's reply is an exact expectation: the best spot (points, plus
      SPARE_WORTH a part for a four in a row) of every tile this seat has not seen, the
      better of two such tiles averaged over every hand they might hold, counted in full;
      with two players, the hands weighed by the odds that one of the tiles is the one
      they kept last turn (kept_tile_odds);
    - parts are worth JUDGE_SPARE when no order needs them, and an order that trades
      can complete this turn counts its 15 points (tradable_value);
    - the spot left for the tile kept counts JUDGE_KEEP of its worth, not 0.5.
    Alone (playing its favourite) against the normal bot, 2000 games each (judge-alone
    harness, seeds 7 and 11): 59.2% and 59.9% before the last two points, 61.4% and
    62.1% with them; the old judge, normal with parts at 2: 53.8-57.8%."""

    def place_scores(self, view: dict, legal: list, rng) -> list[float]:
        return run_to_end(self.scoring(view, legal, rng))

    def scoring(self, view: dict, legal: list, rng):
        """place_scores as a generator: yields after each placement weighed."""
        me = view["me"]
        board = {(q, r): t for q, r, t in view["board"]}
        hand, held, orders, supply = view["hand"], view["held"][me], view["orders"], view["supply"]
        unseen = unseen_tiles(view, board)
        in_supply = supply_mask(supply)
        gains = {}

        def my_gain(parts: tuple) -> float:
            """What earning these parts is worth to this seat."""
            if parts not in gains:
                after, left = list(held), list(supply)
                for p in parts:
                    after[p] += 1
                    left[p] -= 1
                gains[parts] = (tradable_value(after, orders, left, JUDGE_SPARE)
                                - tradable_value(held, orders, supply, JUDGE_SPARE))
            return gains[parts]

        def best(tile_, ranked, fresh, gone) -> float:
            """A tile's best value: the spots worked out again, else its best spot left."""
            value = max((values.get(tile_, 0.0) for values in fresh), default=0.0)
            return max(value, next((v for v, c in ranked[tile_] if c not in gone), 0.0))

        frontier = frontier_of(board)
        spots = {cell: spot(board, cell, fit, in_supply) for cell, fit in frontier.items()}

        def ranked_spots(tiles, gain) -> dict:
            """tile -> [(value, cell)] over the frontier, best first."""
            values = {cell: spot_values(s, tiles, gain) for cell, s in spots.items()}
            return {t: sorted(((v[t], cell) for cell, v in values.items() if t in v), reverse=True)
                    for t in tiles}

        theirs, mine = ranked_spots(unseen, rival_gain), ranked_spots(hand, my_gain)
        kept_odds = kept_tile_odds(view, board, unseen) if view["players"] == 2 else None
        scores = []
        for tile, cell, touching, earned in trial_placements(board, frontier, legal, supply):
            # spots next to the new tile are worked out again; the rest keep their value
            around = [n for n in neighbours(cell) if n not in board]
            changed = [spot(board, n, cell_fit(board, n), in_supply) for n in around]
            gone = {cell, *around}
            fresh = [spot_values(s, unseen, rival_gain) for s in changed]
            threat = expected_best_of_two([best(t, theirs, fresh, gone) for t in unseen], kept_odds)
            kept = [t for t in hand if t != tile]
            future = best(kept[0], mine, [spot_values(s, kept, my_gain) for s in changed], gone) if kept else 0.0
            score = PLACEMENT_POINTS[touching] + my_gain(tuple(sorted(earned))) - threat + JUDGE_KEEP * future
            scores.append(score + rng.random() * 1e-3)  # break ties without favouring a corner
            yield
        return scores


_JUDGE = Judge()


def policy(state: State, player: int, rng: Rng):
    """The roll-out player: the best immediate placement (now and then a random one),
    then orders, useful trades and discards as the heuristic bot does them."""
    legal = GAME.legal_moves(state, player)
    first = legal[0]
    if len(legal) == 1:
        return first
    if "p" in first:
        if rng.random() < CARELESS:
            return rng.choice(legal)
        best, best_value = None, -1.0
        for m in legal:
            value = placement_value(state, player, m) + rng.random() * 0.5
            if value > best_value:
                best, best_value = m, value
        return best
    if "x" in first or "pass" in first:
        return rng.choice(legal)
    return _AFTER.after(_mini_view(state, player), legal)


def at_my_next_turn(state: State, seat: int) -> bool:
    """Roll-outs stop when the searching seat is about to place again: every play-out
    is judged at the same point of the round, and what it has in hand counts then."""
    return state.turn == seat and state.phase == "place"


def hard_bot(**knobs) -> SearchBot:
    settings = dict(
        evaluate=evaluate,
        policy=policy,
        prior=prior,
        root_prior=root_prior,
        iterations=ITERATIONS,
        time_limit=BROWSER_TIME_LIMIT if IN_BROWSER else None,
        rollout_moves=ROLLOUT_MOVES,
        exploration=EXPLORATION,
        root_candidates=ROOT_CANDIDATES,
        margin=MARGIN,
        max_depth=MAX_DEPTH,
        rollout_until=at_my_next_turn,
        rollout_checkpoints=CHECKPOINTS,
        win_check=True,  # whether a move wins at once never hangs on hidden cards here
    )
    settings.update(knobs)
    return SearchBot(GAME, determinize, **settings)
