"""The search bot (core/search.py) and the games' sides of it (games/<id>/search.py):
legal moves only, winning moves found, nothing hidden used, thinking in short slices."""

import gc
import time

import pytest

from gelateria.core.rng import Rng
from gelateria.core.search import SearchBot, move_key
from gelateria.games.gelati import search as gelati_search
from gelateria.games.gelati.rules import GAME as GELATI
from gelateria.games.genial import search as genial_search
from gelateria.games.genial.rules import GAME as GENIAL
from gelateria.games.genial.rules import build_position

# Every game with a search bot: (game, its search module). Small budgets keep it fast.
SEARCH_GAMES = [(GELATI, gelati_search), (GENIAL, genial_search)]


def random_position(game, players: int, seed: int, moves: int):
    """A position reached by random legal moves (the same every run)."""
    state, rng = game.new(players, seed), Rng(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        player = game.to_act(state)[0]
        state = game.apply(state, player, rng.choice(game.legal_moves(state, player)))
    return state


def decide(game, module, state, seed=1, **knobs):
    player = game.to_act(state)[0]
    bot = module.hard_bot(**knobs)
    return bot.choose(game.view(state, player), game.legal_moves(state, player), Rng(seed))


# --- levels -----------------------------------------------------------------------------

@pytest.mark.parametrize("game,module", SEARCH_GAMES, ids=lambda g: getattr(g, "id", ""))
def test_hard_level_is_offered_and_is_a_search_bot(game, module):
    assert {"easy", "normal", "hard"} <= set(game.type.levels())
    assert isinstance(game.type.levels()["hard"].factory(), SearchBot)


# --- legal moves --------------------------------------------------------------------------

@pytest.mark.parametrize("game,module", SEARCH_GAMES, ids=lambda g: getattr(g, "id", ""))
def test_search_bot_plays_only_legal_moves_on_random_positions(game, module):
    checked = 0
    for seed in range(12):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = random_position(game, players, seed, moves=7 * seed)
        if game.is_over(state):
            continue
        player = game.to_act(state)[0]
        legal = game.legal_moves(state, player)
        # both ways of searching the root: halving over candidates, and plain PUCT
        for knobs in ({"iterations": 12}, {"iterations": 12, "root_candidates": None}):
            move = decide(game, module, state, seed, **knobs)
            assert move_key(move) in {move_key(m) for m in legal}
        checked += 1
    assert checked >= 8


# --- strength -----------------------------------------------------------------------------

def gelati_win_in_one():
    """Seat 0 at 44 points, seat 1 at 48: of 25 placements only tile 36 at (1, -2),
    touching four tiles (+6), reaches 50 and wins; anything else lets seat 1 move."""
    state = random_position(GELATI, 2, seed=4, moves=24)
    state.scores = (44, 48)
    return state


def test_gelati_hard_takes_the_placement_that_reaches_50():
    state = gelati_win_in_one()
    legal = GELATI.legal_moves(state, 0)
    winning = [m for m in legal if GELATI.apply(state, 0, m).phase == "over"]
    assert len(legal) > 10 and winning == [{"p": 36, "at": [1, -2]}]
    for seed in range(3):
        assert decide(GELATI, gelati_search, state, seed, iterations=60) == winning[0]


def test_gelati_fast_row_check_agrees_with_the_rules_on_random_positions():
    from gelateria.games.gelati.rules import rows_of_four
    checked = 0
    for seed in range(6):
        state = random_position(GELATI, 2, seed, moves=20 + 8 * seed)
        for fits, cell in ((f, c) for c, (f, _) in state.frontier.items()):
            for tile in (t for t in range(64) if fits >> t & 1 and t not in state.board.values()):
                board = {**state.board, cell: tile}
                assert sorted(gelati_search.rows_earned(state.board, cell, tile)) == \
                    sorted(rows_of_four(board, cell, tile))
                checked += 1
    assert checked > 500


def parts(*names):
    from gelateria.games.gelati.rules import PART_NAMES
    counts = [0] * 12
    for name in names:
        counts[PART_NAMES.index(name)] += 1
    return counts


def test_gelati_an_order_trades_can_complete_now_counts_in_full():
    from gelateria.games.gelati.rules import ORDER_PARTS, PART_NAMES
    order = 0  # paper cup, strawberry, cookie (ORDER_PARTS[0])
    cup, flavour, _ = (PART_NAMES[p] for p in ORDER_PARTS[order])
    full = [4] * 12
    # two of the three parts and two others to trade for the third: 15 points, with
    # nothing left over
    ready = parts(cup, flavour, "sauce", "sauce")
    assert gelati_search.tradable_value(ready, [order], full, spare=1.0) == 15.0
    # one spare short of the trade: progress only (6 for two parts, 1 for the spare)
    assert gelati_search.tradable_value(parts(cup, flavour, "sauce"), [order], full, spare=1.0) == 7.0
    # the missing part is not in the supply: no trade can get it
    empty = list(full)
    empty[ORDER_PARTS[order][2]] = 0
    assert gelati_search.tradable_value(ready, [order], empty, spare=1.0) == 8.0
    # paying for the trade keeps the part the other order needs (worth 2 as its first)
    other = 5
    keep = PART_NAMES[ORDER_PARTS[other][0]]
    assert gelati_search.tradable_value(parts(cup, flavour, keep, "sauce", "sauce"), [order, other], full,
                                        spare=1.0) == 15.0 + 2.0


def test_gelati_expected_best_of_two_tiles_is_the_mean_over_all_hands():
    from itertools import combinations
    values = [0.0, 3.0, 1.0, 6.0, 3.0, 10.0, 0.0]
    pairs = list(combinations(values, 2))
    assert gelati_search.expected_best_of_two(values) == pytest.approx(sum(map(max, pairs)) / len(pairs))
    assert gelati_search.expected_best_of_two([4.0]) == 4.0
    # one tile of the pair drawn with the odds given, the other uniformly from the rest
    odds = [0.5, 2.0, 0.0, 1.0, 0.0, 0.25, 3.0]
    weighted = sum(w * sum(max(v, u) for j, u in enumerate(values) if j != i) / (len(values) - 1)
                   for i, (v, w) in enumerate(zip(values, odds)))
    assert gelati_search.expected_best_of_two(values, odds) == pytest.approx(weighted / sum(odds))
    assert gelati_search.expected_best_of_two(values, [1.0] * 7) == pytest.approx(
        gelati_search.expected_best_of_two(values))


def test_gelati_kept_tile_odds_point_to_the_tile_the_other_player_kept():
    """After a normal bot's turn, the tile it kept is rated likelier than the average
    tile the seat has not seen: it did not score more than the one placed."""
    from gelateria.games.gelati.bots import HeuristicBot
    kept_odds, mean_odds = [], []
    for seed in range(4):
        state, bot, rng = GELATI.new(2, seed), HeuristicBot(), Rng(seed)
        kept = None
        while not GELATI.is_over(state):
            player = state.turn
            view = GELATI.view(state, player)
            if view["phase"] == "place" and kept is not None:
                board = {(q, r): t for q, r, t in view["board"]}
                unseen = gelati_search.unseen_tiles(view, board)
                odds = gelati_search.kept_tile_odds(view, board, unseen)
                if odds is not None and kept in unseen:
                    kept_odds.append(odds[unseen.index(kept)])
                    mean_odds.append(sum(odds) / len(odds))
            hand_before = list(state.hands[player])
            move = bot.choose(view, GELATI.legal_moves(state, player), rng)
            state = GELATI.apply(state, player, move)
            if "p" in move:
                kept = next((t for t in hand_before if t != move["p"]), None)
    assert len(kept_odds) > 60
    assert sum(kept_odds) / len(kept_odds) > 1.2 * sum(mean_odds) / len(mean_odds)
    # no turn to read the odds from: the game's first move
    first = GELATI.view(GELATI.new(2, 0), 0)
    assert gelati_search.kept_tile_odds(first, {(q, r): t for q, r, t in first["board"]}, [0, 1]) is None


def test_genial_hard_joins_two_towers_with_the_last_tile_to_win():
    # Two short orange towers three steps apart; seat 1 places the game's last tile.
    # Only the tile on (1,0)+(2,0) touches both: +2 orange lifts its weakest colour
    # from 5 to 6 and wins the tie-break (6,6,6,7 against 6,6,6,6).
    state = build_position(2, towers={(0, 0): "So1", (3, 0): "So1"}, to_act=1)
    state.turn = 39
    state.scores = ((6, 6, 6, 6), (5, 6, 6, 6))
    legal = GENIAL.legal_moves(state, 1)
    winning = [m for m in legal if GENIAL.winners(GENIAL.apply(state, 1, m)) == [1]]
    assert len(legal) > 600 and winning == [{"a": [1, 0], "b": [2, 0]}]
    assert decide(GENIAL, genial_search, state, iterations=40) == winning[0]


def test_genial_state_rebuilt_from_the_view_plays_like_the_real_one():
    for seed in range(6):
        state = random_position(GENIAL, 2 + seed % 3, seed, moves=5 * seed)
        seat = GENIAL.to_act(state)[0]
        rebuilt = genial_search.determinize(GENIAL.view(state, seat), Rng(seed))
        legal = GENIAL.legal_moves(state, seat)
        assert GENIAL.legal_moves(rebuilt, seat) == legal
        for move in legal[:: max(1, len(legal) // 25)]:
            assert GENIAL.apply(rebuilt, seat, move).scores == GENIAL.apply(state, seat, move).scores


# --- hidden information -----------------------------------------------------------------------

def gelati_hidden_swapped(state, seat):
    """The same position for `seat` with everything it cannot see dealt differently:
    the other hands, the stack order, the other players' orders and the order pile."""
    other = state.copy()
    rng = Rng(99)
    hidden = [t for p, h in enumerate(state.hands) if p != seat for t in h] + list(state.stack)
    rng.shuffle(hidden)
    hands = list(state.hands)
    for p in range(state.players):
        if p != seat:
            hands[p], hidden = tuple(hidden[: len(state.hands[p])]), hidden[len(state.hands[p]):]
    other.hands, other.stack = tuple(hands), tuple(hidden)
    secret_orders = [o for p, os in enumerate(state.orders) if p != seat for o in os] + list(state.order_pile)
    secret_orders.reverse()
    orders = list(state.orders)
    for p in range(state.players):
        if p != seat:
            orders[p], secret_orders = tuple(secret_orders[: len(state.orders[p])]), secret_orders[len(state.orders[p]):]
    other.orders, other.order_pile = tuple(orders), tuple(secret_orders)
    return other


def test_gelati_hard_move_depends_only_on_the_view():
    for seed in range(3):
        state = random_position(GELATI, 3, seed, moves=20 + 5 * seed)
        seat = state.turn
        other = gelati_hidden_swapped(state, seat)
        assert other.hands != state.hands or other.stack != state.stack
        assert GELATI.view(other, seat) == GELATI.view(state, seat)
        assert decide(GELATI, gelati_search, other, seed, iterations=30) == \
            decide(GELATI, gelati_search, state, seed, iterations=30)


def test_gelati_determinize_agrees_with_the_view_on_random_positions():
    for seed in range(30):
        state = random_position(GELATI, 2 + seed % 3, seed, moves=3 * seed)
        if GELATI.is_over(state):
            continue
        seat = state.turn
        view = GELATI.view(state, seat)
        sample = gelati_search.determinize(view, Rng(seed))
        assert GELATI.view(sample, seat) == view
        assert sorted(map(move_key, GELATI.legal_moves(sample, seat))) == \
            sorted(map(move_key, GELATI.legal_moves(state, seat)))
        every_tile = list(sample.board.values()) + [t for h in sample.hands for t in h] + \
            list(sample.stack) + list(sample.set_aside)
        assert sorted(every_tile) == list(range(64))


def test_gelati_determinize_guesses_other_hands_no_better_than_chance():
    state = random_position(GELATI, 2, seed=5, moves=30)
    seat = state.turn
    other = 1 - seat
    view = GELATI.view(state, seat)
    unseen = len(state.hands[other]) + len(state.stack)
    rng = Rng(3)
    samples = 2000
    hits = sum(len(set(gelati_search.determinize(view, rng).hands[other]) & set(state.hands[other]))
               for _ in range(samples))
    expected = samples * len(state.hands[other]) ** 2 / unseen  # each true tile lands there by chance
    assert 0.75 * expected < hits < 1.25 * expected


# --- thinking in slices -----------------------------------------------------------------------

@pytest.mark.parametrize("game,module", SEARCH_GAMES, ids=lambda g: getattr(g, "id", ""))
def test_think_gives_the_same_move_as_choose_and_yields_often(game, module):
    state = random_position(game, 2, seed=8, moves=20)
    seat = game.to_act(state)[0]
    view, legal = game.view(state, seat), game.legal_moves(state, seat)
    thinking = module.hard_bot(iterations=150).think(view, legal, Rng(2))
    longest, slices = 0.0, 0
    # A full garbage collection of this test session's large heap can land in one slice
    # (one of 46 ms was seen late in a full run; slices are ~15 ms): not the search's.
    gc.collect()
    gc.disable()
    try:
        while True:
            started = time.process_time()  # CPU time: another process cannot lengthen it
            try:
                next(thinking)
            except StopIteration as done:
                move = done.value
                break
            longest = max(longest, time.process_time() - started)
            slices += 1
    finally:
        gc.enable()
    assert slices >= 10 and longest < 0.04  # the page gives 40 ms slices
    assert move == module.hard_bot(iterations=150).choose(view, legal, Rng(2))


def test_time_limit_stops_a_long_search():
    state = random_position(GELATI, 2, seed=8, moves=20)
    seat = state.turn
    bot = gelati_search.hard_bot(iterations=100_000, time_limit=0.1)
    started = time.perf_counter()
    move = bot.choose(GELATI.view(state, seat), GELATI.legal_moves(state, seat), Rng(1))
    assert time.perf_counter() - started < 1.0
    assert move in GELATI.legal_moves(state, seat)
    assert 0 < bot.last_iterations < 100_000

