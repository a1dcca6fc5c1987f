"""A search bot that plays any turn-based game through the Game protocol.

Information-set Monte-Carlo tree search (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012) steered by a prior (the PUCT rule of AlphaZero). The bot sees what
every bot sees, its seat's `view` and its legal moves, never the state behind them.
Each iteration:

1. *determinize*: a game-supplied `determinize(view, rng) -> state` samples a full
   state consistent with the view (others' hands, the stack order, ...). For a game
   with no hidden information it just rebuilds the state from the view;
2. *select*: walk down one shared tree whose edges are moves. At each node only the
   moves legal in this sample compete, by
       Q(move) + exploration * P(move) * sqrt(available(move)) / (1 + visits(move))
   where Q is the mover's mean reward through that move, P the prior share of the
   move (from the game's `prior`, a cheap judgement of each move; uniform without
   one) and `available` counts the iterations in which the move was legal (the
   ISMCTS form of the parent's visit count). A move never tried scores with the
   node's own mean for Q;
3. *roll out*: from the first move not tried before, play at most `rollout_moves`
   further moves with a cheap `policy` (random, or the game's greedy heuristic);
4. *evaluate*: a game-supplied `evaluate(state) -> [reward per seat in 0..1]`
   (1 for a win, a share for a tie; for an unfinished game a guess from the
   position), credited along the path to each move's mover.

The root can be searched like any node (the move played is then the one visited
most) or, with `root_candidates`, by sequential halving over the prior's best few
moves, every sample (a determinization and a roll-out seed) shared by all moves
still in the running: when luck and hidden cards weigh heavily this compares them
with far less noise. `margin` then keeps the prior's favourite unless another move
beats it clearly. Games with hundreds of moves a turn hand the tree a shortlist
(`candidates`); a game without hidden information says `exact` and its state is
built once per move.

Budget knobs (SearchBot arguments): `iterations` (the deterministic budget: the arena
and tests use it alone), `time_limit` in seconds (a wall-clock cap for the browser,
counted from the first call, pauses between slices included), `rollout_moves`,
`rollout_until`/`rollout_checkpoints` (where play-outs stop), `max_depth`,
`root_candidates`, `margin`, `exploration`. `think(view, legal, rng)` is a generator
that yields about every `yield_ms` of work and returns its move, so a page can run
it in slices; `choose` runs the same generator to the end, so both give the same
move for the same RNG.
"""

from __future__ import annotations

import json
import math
import sys
import time
import types
from typing import Callable

from gelateria.core.game import Game
from gelateria.core.rng import Rng

IN_BROWSER = sys.platform == "emscripten"  # Pyodide


def move_key(move) -> str:
    """Moves are JSON-able values (often dicts); the tree keys them by their JSON."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def winner_rewards(game: Game, state) -> list[float]:
    """1 for a lone winner; tied winners share the point."""
    rewards = [0.0] * len(game.scores(state))
    winners = game.winners(state)
    for w in winners:
        rewards[w] = 1.0 / len(winners)
    return rewards


def lead_rewards(game: Game, state, values: list[float], scale: float) -> list[float]:
    """Rewards for a finished game (the winners), or a guess for an unfinished one
    from each seat's lead over the best other seat, `values` being what each seat's
    position is worth in points: a logistic curve, a lead of `scale` points ~ 73%."""
    if game.is_over(state):
        return winner_rewards(game, state)
    rewards = []
    for p, v in enumerate(values):
        lead = (v - max(w for q, w in enumerate(values) if q != p)) / scale
        rewards.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead)))))
    return rewards


def run_to_end(thinking):
    """The value a thinking generator returns, without pausing at its yields."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value


def softmax(values: list[float], temperature: float) -> list[float]:
    """Shares summing to 1, the best value largest (prior weights from scores)."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


class _Edge:
    """A move out of a node: the mover's statistics and the node it leads to."""

    __slots__ = ("move", "prior", "visits", "reward", "available", "child")

    def __init__(self, move, prior: float):
        self.move = move
        self.prior = prior
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.child = None


class _Node:
    __slots__ = ("edges", "visits", "reward", "moves")

    def __init__(self):
        self.edges: dict[str, _Edge] = {}
        self.visits = 0
        self.reward = 0.0  # reward of the seat to move here, summed over visits
        self.moves = None  # (keys, moves, weights) kept when every sample agrees here


class SearchBot:
    """ISMCTS over determinizations with a prior; see the module docstring.

    game          the Game
    determinize   (view, rng) -> a full state consistent with the view
    evaluate      state -> reward per seat in 0..1 (default: the winners of a finished
                  game, else the lead in `game.scores`, `score_scale` points ~ 73%)
    policy        (state, player, rng) -> a legal move, for roll-outs (default: a
                  random one of `game.legal_moves`)
    prior         (state, player, legal) -> a weight per legal move (shares of the
                  exploration; default equal). Asked once per node, on the sample that
                  first reaches it; a move first legal in a later sample gets the
                  node's smallest weight.
    candidates    (state, player) -> (moves, weights): instead of all legal moves and
                  `prior` below the root, a shortlist of legal moves worth searching
                  (for games with hundreds of moves a turn)
    root_prior    (view, legal, rng) -> a weight per legal move at the root, where the
                  true view is known (default: `prior` on the first sample); a slow one
                  may be a generator function that yields as it works and returns them
    exact         True for a game without hidden information: the state is rebuilt
                  from the view once per move and each node keeps its move list
    iterations    samples (determinizations) per move: the deterministic budget
    time_limit    seconds per move, wall clock (None: no cap; the browser sets one)
    rollout_moves moves played by `policy` after leaving the tree, then `evaluate`
    rollout_until (state, seat) -> True at a checkpoint (`seat` is the one searching),
                  e.g. the start of its next turn; a play-out ends at the
                  `rollout_checkpoints`-th one, so every play-out is judged at a like
                  moment; `rollout_moves` stays the cap
    exploration   how far the prior and uncertainty pull the search from the best Q
    root_candidates
                  None: the root is searched like any node. k: only the k root moves
                  with the highest root prior are considered, by sequential halving
                  on shared samples (see `_halving`), which compares them with far
                  less noise when chance and hidden cards weigh heavily
    margin        with root_candidates: the root prior's favourite stays in the running
                  to the end and is played unless another move's mean reward beats it
                  by this much (None: simply the best mean)
    win_check     play at once a move that ends the game with this seat the only
                  winner (for games where that does not hang on hidden information)
    max_depth     how many levels of nodes the tree may grow below the root's moves
                  (None: no limit); below that, roll-outs only
    yield_ms      `think` yields after about this much work
    """

    name = "hard"

    def __init__(
        self,
        game: Game,
        determinize: Callable,
        *,
        evaluate: Callable | None = None,
        policy: Callable | None = None,
        prior: Callable | None = None,
        candidates: Callable | None = None,
        root_prior: Callable | None = None,
        exact: bool = False,
        iterations: int = 200,
        time_limit: float | None = None,
        rollout_moves: int = 20,
        exploration: float = 1.0,
        root_candidates: int | None = None,
        max_depth: int | None = None,
        rollout_until: Callable | None = None,
        rollout_checkpoints: int = 1,
        margin: float | None = None,
        win_check: bool = False,
        score_scale: float = 10.0,
        yield_ms: float = 4.0,
    ):
        self.game = game
        self.determinize = determinize
        self.evaluate = evaluate or (lambda s: lead_rewards(game, s, game.scores(s), score_scale))
        self.policy = policy or self._random_move
        self.prior = prior
        self.candidates = candidates
        self.root_prior = root_prior
        self.exact = exact
        self.iterations = iterations
        self.time_limit = time_limit
        self.rollout_moves = rollout_moves
        self.exploration = exploration
        self.root_candidates = root_candidates
        self.max_depth = max_depth
        self.rollout_until = rollout_until
        self.rollout_checkpoints = rollout_checkpoints
        self.margin = margin
        self.win_check = win_check
        self.yield_s = yield_ms / 1000.0
        self.last_iterations = 0  # iterations the last move used (for reports and tests)
        self.last_root: _Node | None = None  # the last search tree (for tests)

    # -- the bot interface ---------------------------------------------------------------

    def choose(self, view: dict, legal: list, rng: Rng):
        return run_to_end(self.think(view, legal, rng))

    def think(self, view: dict, legal: list, rng: Rng):
        """A generator: yields every `yield_ms` or so of work, returns the move."""
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        self._started = self._paused_at = time.perf_counter()
        self._exact_state = None
        self._seat = self.game.to_act(self._sample(view, rng))[0]
        root = self.last_root = _Node()
        keys = [move_key(m) for m in legal]
        root.moves = (keys, legal, None)  # the seat's own moves: the same in every sample
        if self.win_check:
            winning = yield from self._winning_move(self._sample(view, rng), legal)
            if winning is not None:
                return winning
        if self.root_prior is not None:
            yield
            weights = self.root_prior(view, legal, rng)
            if isinstance(weights, types.GeneratorType):  # a slow prior thinks in slices too
                weights = yield from weights
            self._add_edges(root, keys, legal, weights)
            yield
        if self.root_candidates:
            return (yield from self._halving(root, view, keys, legal, rng))
        while self.last_iterations < self.iterations:
            yield from self._descend(root, self._sample(view, rng), rng)
            self.last_iterations += 1
            if self._out_of_time() or self._decided(root, self.iterations - self.last_iterations):
                break
        ranked = self._ranked_edges(root)
        return ranked[0].move if ranked and ranked[0].visits else legal[0]

    def _winning_move(self, state, legal: list):
        """A move that ends the game at once with this seat the only winner, if any
        (a generator, like everything `think` does at length)."""
        game = self.game
        for move in legal:
            after = game.advance(state, self._seat, move)
            if game.is_over(after) and game.winners(after) == [self._seat]:
                return move
            if self._pause():
                yield
        return None

    def _sample(self, view: dict, rng: Rng):
        """A determinization (for an exact game, the one state, built once)."""
        if not self.exact:
            return self.determinize(view, rng)
        if self._exact_state is None:
            self._exact_state = self.determinize(view, rng)
        return self._exact_state

    def _halving(self, root: _Node, view: dict, keys: list, legal: list, rng: Rng):
        """Sequential halving over the best `root_candidates` root moves: every sample
        (a determinization and a roll-out seed) is played out after each move still
        in the running, so their means differ by the moves and not by luck; after
        each round the worse half drops out. Below each root move, ISMCTS as usual."""
        if not root.edges:
            state = self._sample(view, rng)
            player = self.game.to_act(state)[0]
            weights = self.prior(state, player, legal) if self.prior else [1.0] * len(legal)
            self._add_edges(root, keys, legal, weights)
        by_prior = sorted((root.edges[k] for k in keys), key=lambda e: -e.prior)
        alive = by_prior[: self.root_candidates]
        favourite = by_prior[0]
        for edge in alive:
            edge.child = _Node()
        rounds = max(1, math.ceil(math.log2(len(alive))))
        for _ in range(rounds):
            samples = max(1, self.iterations // rounds // len(alive))
            for _ in range(samples):
                state = self._sample(view, rng)
                mover = self.game.to_act(state)[0]  # this seat: it is its turn
                seed = rng.next_u32()
                for edge in alive:
                    after = self.game.advance(state, mover, edge.move)
                    rewards = yield from self._descend(edge.child, after, Rng(seed), moved=True)
                    edge.visits += 1
                    edge.available += 1
                    edge.reward += rewards[mover]
                    self.last_iterations += 1
                if self._out_of_time():
                    break
            if self._out_of_time():
                break
            if len(alive) > 1:
                alive = sorted(alive, key=lambda e: (e.reward / e.visits, e.prior), reverse=True)
                alive = alive[: max(1, (len(alive) + 1) // 2)]
                if self.margin is not None and favourite not in alive:
                    alive.append(favourite)  # it stays in, to be measured against
        best = max(alive, key=lambda e: (e.reward / max(1, e.visits), e.prior))
        if self.margin is not None and best is not favourite and favourite.visits:
            if best.reward / best.visits - favourite.reward / favourite.visits < self.margin:
                return favourite.move
        return best.move

    def _out_of_time(self) -> bool:
        return self.time_limit is not None and time.perf_counter() - self._started >= self.time_limit

    # -- one iteration ----------------------------------------------------------------------

    def _pause(self) -> bool:
        """True when it is time to yield (about every yield_ms of work)."""
        now = time.perf_counter()
        if now - self._paused_at >= self.yield_s:
            self._paused_at = now
            return True
        return False

    def _random_move(self, state, player: int, rng: Rng):
        return rng.choice(self.game.legal_moves(state, player))

    def _moves_at(self, node: _Node, state, player: int):
        """(keys, moves, weights or None) to choose from at this node in this sample."""
        if node.moves is not None:
            return node.moves
        if self.candidates is not None:
            moves, weights = self.candidates(state, player)
        else:
            moves, weights = self.game.legal_moves(state, player), None
        found = ([move_key(m) for m in moves], moves, weights)
        if self.exact:
            node.moves = found
        return found

    def _descend(self, top: _Node, state, rng: Rng, moved: bool = False):
        """One ISMCTS iteration from `top` on a sampled `state`: select down the tree,
        roll out from the first new move, evaluate, credit each move's mover. Returns
        the rewards. `moved`: the seat has already made its move in `state`."""
        game = self.game
        until, seat, passed = self.rollout_until, self._seat, 0

        def at_end(state) -> bool:
            nonlocal passed
            if until is not None and until(state, seat):
                passed += 1
                return passed >= self.rollout_checkpoints
            return False

        node, path, depth = top, [], 0
        ended = moved and at_end(state)
        while not ended and not game.is_over(state) and (self.max_depth is None or depth <= self.max_depth):
            player = game.to_act(state)[0]
            keys, moves, weights = self._moves_at(node, state, player)
            if len(moves) == 1 and node is not top:
                state = game.advance(state, player, moves[0])  # forced: no node needed
                ended = at_end(state)
                continue
            edge = self._select(node, state, player, moves, keys, weights)
            state = game.advance(state, player, edge.move)
            path.append((node, edge, player))
            ended = at_end(state)
            if edge.visits == 0:
                break  # a move not tried before: roll out from here
            if edge.child is None:
                edge.child = _Node()
            node, depth = edge.child, depth + 1
        for _ in range(self.rollout_moves):
            if ended or game.is_over(state):
                break
            player = game.to_act(state)[0]
            state = game.advance(state, player, self.policy(state, player, rng))
            ended = at_end(state)
            if self._pause():
                yield
        rewards = self.evaluate(state)
        for node, edge, mover in path:
            node.visits += 1
            node.reward += rewards[mover]
            edge.visits += 1
            edge.reward += rewards[mover]
        if self._pause():
            yield
        return rewards

    def _add_edges(self, node: _Node, keys: list, legal: list, weights: list) -> None:
        total = sum(weights) or 1.0
        for k, m, w in zip(keys, legal, weights):
            if k not in node.edges:
                node.edges[k] = _Edge(m, w / total)

    def _select(self, node: _Node, state, player: int, legal: list, keys: list, weights) -> _Edge:
        edges = node.edges
        if not edges:
            if weights is None:
                weights = self.prior(state, player, legal) if self.prior else [1.0] * len(legal)
            self._add_edges(node, keys, legal, weights)
        elif any(k not in edges for k in keys):
            floor = min(e.prior for e in edges.values())
            for k, m in zip(keys, legal):
                if k not in edges:
                    edges[k] = _Edge(m, floor)
        first_play = node.reward / node.visits if node.visits else 0.5
        c = self.exploration
        best, best_score = None, -math.inf
        for k in keys:
            e = edges[k]
            e.available += 1
            q = e.reward / e.visits if e.visits else first_play
            score = q + c * e.prior * math.sqrt(e.available) / (1 + e.visits)
            if score > best_score:
                best, best_score = e, score
        return best

    # -- the decision ---------------------------------------------------------------------

    @staticmethod
    def _ranked_edges(root: _Node) -> list[_Edge]:
        return sorted(root.edges.values(), key=lambda e: (e.visits, e.reward), reverse=True)

    def _decided(self, root: _Node, remaining: int) -> bool:
        """Stop early when no other move can overtake the most visited one."""
        ranked = self._ranked_edges(root)
        return len(ranked) >= 2 and ranked[0].visits - ranked[1].visits > remaining
