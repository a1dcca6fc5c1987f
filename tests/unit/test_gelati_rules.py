"""Gelati rules, clause by clause, on positions built by hand (rules.make_state)."""

import json

import pytest

from gelateria.core.game import IllegalMove, get_game
from gelateria.core.hexgrid import DIRECTIONS
from gelateria.games.gelati.examples import CHOCOLATE_BLUE_COOKIE, TWO_ROWS
from gelateria.games.gelati.rules import (
    CENTRE,
    GAME,
    ORDER_PARTS,
    PART_NAMES,
    START_CELLS,
    TILE_PARTS,
    make_state,
    tile_named,
)

T = tile_named


def P(name):
    return PART_NAMES.index(name)


def counts(*names):
    return [sum(1 for n in names if n == part) for part in PART_NAMES]


def place(state, player, tile, at):
    return GAME.apply(state, player, {"p": tile, "at": list(at)})


def snapshot(state):
    return json.dumps(GAME.view(state, state.turn), sort_keys=True), state.stack, state.orders, state.rng


STRAWBERRY_CUP_COOKIE = T("strawberry", "paper cup", "cookie")


# --- components and setup ------------------------------------------------------------

def test_registered_as_gelati_for_two_to_four_players():
    assert get_game("gelati") is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 4)


def test_64_tiles_are_every_cup_flavour_topping_once():
    assert len(set(TILE_PARTS)) == 64
    assert all(sorted(p // 4 for p in parts) == [0, 1, 2] for parts in TILE_PARTS)


def test_part_names_include_the_seed_examples():
    for name in ("paper cup", "blue cup", "strawberry", "vanilla", "chocolate", "cookie"):
        assert name in PART_NAMES
    assert len(set(PART_NAMES)) == 12


def test_16_orders_are_different_and_balanced():
    assert len(set(ORDER_PARTS)) == 16
    for part in range(12):
        assert sum(part in parts for parts in ORDER_PARTS) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_cross_hands_orders_stack_supply(players):
    s = GAME.new(players, 7)
    assert set(s.board) == set(START_CELLS) and CENTRE not in s.board
    assert {(0, -1), (0, 1), (1, -1), (-1, 1)} == set(START_CELLS)
    assert all(len(h) == 2 for h in s.hands) and all(len(o) == 2 for o in s.orders)
    assert len(s.stack) == 64 - 4 - 2 * players
    assert len(s.order_pile) == 16 - 2 * players
    assert s.supply == (4,) * 12 and s.scores == (0,) * players
    assert s.phase == "place" and s.turn == 0
    every_tile = list(s.board.values()) + [t for h in s.hands for t in h] + list(s.stack)
    assert sorted(every_tile) == list(range(64))


def test_setup_depends_on_seed_only():
    a, b, c = GAME.new(3, 11), GAME.new(3, 11), GAME.new(3, 12)
    assert (a.board, a.hands, a.stack, a.orders) == (b.board, b.hands, b.stack, b.orders)
    assert (a.board, a.hands, a.stack) != (c.board, c.hands, c.stack)


def test_wrong_player_count_is_refused():
    with pytest.raises(ValueError):
        GAME.new(1, 1)
    with pytest.raises(ValueError):
        GAME.new(5, 1)


# --- step 1: placement -----------------------------------------------------------------

def test_seed_example_three_matching_sides_score_3():
    board = {
        (0, -1): T("strawberry", "waffle cone", "cherry"),
        (1, -1): T("chocolate", "paper cup", "sauce"),
        (1, 0): T("vanilla", "blue cup", "cookie"),
    }
    s = make_state(board, hands=[[STRAWBERRY_CUP_COOKIE], [T("pistachio", "glass bowl", "sauce")]])
    after = place(s, 0, STRAWBERRY_CUP_COOKIE, (0, 0))
    assert after.scores == (3, 0)
    assert after.board[(0, 0)] == STRAWBERRY_CUP_COOKIE and after.phase == "after"


def test_seed_example_one_side_scores_nothing():
    s = make_state({(0, 0): T("strawberry", "waffle cone", "cherry")}, hands=[[STRAWBERRY_CUP_COOKIE], []])
    after = place(s, 0, STRAWBERRY_CUP_COOKIE, (0, -1))
    assert after.scores == (0, 0) and (0, -1) in after.board


def test_seed_example_three_sides_two_matching_is_illegal():
    board = {
        (0, -1): T("strawberry", "waffle cone", "cherry"),
        (1, -1): T("chocolate", "paper cup", "sauce"),
        (1, 0): T("pistachio", "glass bowl", "sauce"),  # nothing in common
    }
    s = make_state(board, hands=[[STRAWBERRY_CUP_COOKIE], []])
    before = snapshot(s)
    with pytest.raises(IllegalMove, match="share a part"):
        place(s, 0, STRAWBERRY_CUP_COOKIE, (0, 0))
    assert snapshot(s) == before
    assert {"p": STRAWBERRY_CUP_COOKIE, "at": [0, 0]} not in GAME.legal_moves(s, 0)


@pytest.mark.parametrize("sides,points", [(1, 0), (2, 1), (3, 3), (4, 6), (5, 10), (6, 15)])
def test_placement_points_by_touching_sides(sides, points):
    # neighbours that all show strawberry, and nothing else in common
    others = [T("strawberry", cup, top) for cup in ("waffle cone", "blue cup", "glass bowl")
              for top in ("cherry", "sprinkles", "sauce")]
    board = {cell: others[i] for i, cell in enumerate(DIRECTIONS[:sides])}
    s = make_state(board, hands=[[STRAWBERRY_CUP_COOKIE], []])
    assert place(s, 0, STRAWBERRY_CUP_COOKIE, (0, 0)).scores[0] == points


def test_tile_must_touch_a_placed_tile():
    s = make_state({(0, 0): T("strawberry", "waffle cone", "cherry")}, hands=[[STRAWBERRY_CUP_COOKIE], []])
    with pytest.raises(IllegalMove, match="touch"):
        place(s, 0, STRAWBERRY_CUP_COOKIE, (0, 2))


def test_cannot_place_on_a_taken_cell_or_a_tile_not_in_hand():
    s = make_state({(0, 0): T("strawberry", "waffle cone", "cherry")}, hands=[[STRAWBERRY_CUP_COOKIE], []])
    with pytest.raises(IllegalMove, match="taken"):
        place(s, 0, STRAWBERRY_CUP_COOKIE, (0, 0))
    with pytest.raises(IllegalMove, match="not in your hand"):
        place(s, 0, T("strawberry", "blue cup", "cherry"), (0, 1))


def test_only_the_player_whose_turn_it_is_may_move():
    s = GAME.new(2, 3)
    move = GAME.legal_moves(s, 0)[0]
    assert GAME.legal_moves(s, 1) == []
    with pytest.raises(IllegalMove, match="Player 1's turn"):
        GAME.apply(s, 1, move)


def test_one_placement_per_turn():
    s = GAME.new(2, 3)
    s = GAME.apply(s, 0, GAME.legal_moves(s, 0)[0])
    tile = s.hands[0][0]
    with pytest.raises(IllegalMove, match="already placed"):
        GAME.apply(s, 0, {"p": tile, "at": [5, 5]})


def test_you_must_place_when_a_tile_fits():
    s = make_state({(0, 0): T("strawberry", "waffle cone", "cherry")},
                   hands=[[STRAWBERRY_CUP_COOKIE, T("pistachio", "glass bowl", "sauce")], []])
    legal = GAME.legal_moves(s, 0)
    assert legal and all("p" in m for m in legal)
    for move in ({"x": STRAWBERRY_CUP_COOKIE}, {"pass": 1}, {"end": 1}):
        with pytest.raises(IllegalMove):
            GAME.apply(s, 0, move)


def test_malformed_moves_are_illegal_not_crashes():
    s = GAME.new(2, 3)
    for move in (None, 5, "p", {}, {"p": "a", "at": [0, 0]}, {"p": 1, "at": [0]},
                 {"p": True, "at": [0, 0]}, {"zz": 1}, {"trade": 3, "get": 1}, {"discard": 99},
                 {"end": 2}, {"end": 1, "x": 3}, {"trade": [0, 1]}, [0, 0]):
        with pytest.raises(IllegalMove):
            GAME.apply(s, 0, move)


# --- step 2: four in a row ------------------------------------------------------------------

def two_runs_position():
    """The seed's example: the new tile at (0, 0) ends a column of chocolate below it
    and a diagonal of blue cups to its south-west, touching two tiles."""
    return dict(TWO_ROWS), CHOCOLATE_BLUE_COOKIE


def test_seed_example_two_rows_earn_both_parts_and_1_point_for_two_sides():
    board, tile = two_runs_position()
    s = make_state(board, hands=[[tile], []])
    after = place(s, 0, tile, (0, 0))
    assert after.scores[0] == 1
    assert after.held[0] == tuple(counts("chocolate", "blue cup"))
    assert after.supply[P("chocolate")] == 3 and after.supply[P("blue cup")] == 3
    assert sorted(after.last["earned"]) == sorted([P("chocolate"), P("blue cup")])


def test_row_of_four_needs_an_unbroken_line():
    board, tile = two_runs_position()
    del board[(0, 2)]  # a gap in the chocolate column
    s = make_state(board, hands=[[tile], []])
    assert place(s, 0, tile, (0, 0)).held[0] == tuple(counts("blue cup"))


def test_row_of_four_needs_the_same_part_all_along():
    board, tile = two_runs_position()
    board[(0, 2)] = T("vanilla", "waffle cone", "sprinkles")
    s = make_state(board, hands=[[tile], []])
    assert place(s, 0, tile, (0, 0)).held[0] == tuple(counts("blue cup"))


def test_extending_a_row_of_four_earns_nothing():
    board, tile = two_runs_position()
    board[(0, 4)] = T("chocolate", "glass bowl", "sauce")  # the column is already four long
    s = make_state(board, hands=[[tile], []])
    after = place(s, 0, tile, (0, 0))
    assert after.held[0] == tuple(counts("blue cup"))
    assert after.scores[0] == 1  # still the points for its sides


def test_joining_two_short_rows_into_four_earns_the_part():
    chocolate = [T("chocolate", cup, "cherry") for cup in ("paper cup", "waffle cone", "glass bowl")]
    board = {(0, -2): chocolate[0], (0, -1): chocolate[1], (0, 1): chocolate[2]}
    tile = T("chocolate", "blue cup", "cookie")
    s = make_state(board, hands=[[tile], []])
    after = place(s, 0, tile, (0, 0))
    assert after.held[0] == tuple(counts("chocolate"))
    assert after.scores[0] == 1


def test_same_part_in_two_directions_earns_two_tokens():
    board, _ = two_runs_position()
    # make the south-west diagonal chocolate too, instead of blue cups
    board[(-1, 1)] = T("chocolate", "blue cup", "sauce")
    board[(-2, 2)] = T("chocolate", "blue cup", "cherry")
    board[(-3, 3)] = T("chocolate", "blue cup", "sprinkles")
    tile = T("chocolate", "glass bowl", "cookie")
    s = make_state(board, hands=[[tile], []])
    after = place(s, 0, tile, (0, 0))
    assert after.held[0] == tuple(counts("chocolate", "chocolate"))


def test_exhausted_part_earns_nothing():
    board, tile = two_runs_position()
    s = make_state(board, hands=[[tile], []], held=[[], [P("chocolate")] * 4])
    assert s.supply[P("chocolate")] == 0
    after = place(s, 0, tile, (0, 0))
    assert after.held[0] == tuple(counts("blue cup"))
    assert after.last["missed"] == [P("chocolate")]
    assert "no chocolate left" in GAME.describe(s, 0, {"p": tile, "at": [0, 0]})


# --- step 3: orders and trading ----------------------------------------------------------------

def after_phase(held, orders=((0, 1), (2, 3)), scores=None, **kw):
    """A position in the after-placement phase for player 0."""
    return make_state({(0, 0): T("strawberry", "waffle cone", "cherry")}, held=[held, []],
                      orders=[list(o) for o in orders], scores=scores, phase="after", **kw)


SEED_ORDER = 0  # paper cup, strawberry, cookie: the seed's example order


def test_order_parts_match_the_seed_example():
    assert [PART_NAMES[p] for p in ORDER_PARTS[SEED_ORDER]] == ["paper cup", "strawberry", "cookie"]


def test_completing_an_order_scores_15_returns_parts_and_draws_a_new_order():
    s = after_phase([P("paper cup"), P("strawberry"), P("cookie"), P("vanilla")])
    top = s.order_pile[-1]
    after = GAME.apply(s, 0, {"order": SEED_ORDER})
    assert after.scores[0] == 15
    assert after.held[0] == tuple(counts("vanilla"))
    assert after.supply[P("paper cup")] == 4 and after.supply[P("vanilla")] == 3
    assert after.orders[0] == (1, top) and len(after.order_pile) == len(s.order_pile) - 1
    assert after.completed == ((0, SEED_ORDER),)


def test_order_needs_all_three_parts():
    s = after_phase([P("paper cup"), P("strawberry")])
    before = snapshot(s)
    with pytest.raises(IllegalMove, match="still need cookie"):
        GAME.apply(s, 0, {"order": SEED_ORDER})
    assert snapshot(s) == before
    assert {"order": SEED_ORDER} not in GAME.legal_moves(s, 0)


def test_only_your_own_orders_can_be_completed():
    s = after_phase([P("paper cup"), P("vanilla"), P("sprinkles")])  # order 2 is in player 1's hand
    with pytest.raises(IllegalMove, match="not one of your orders"):
        GAME.apply(s, 0, {"order": 2})


def test_several_orders_in_one_turn_and_none_left_to_draw():
    held = [P("paper cup"), P("strawberry"), P("cookie"), P("paper cup"), P("chocolate"), P("cherry")]
    s = after_phase(held)
    s.order_pile = ()
    s = GAME.apply(s, 0, {"order": 0})
    s = GAME.apply(s, 0, {"order": 1})
    assert s.scores[0] == 30 and s.orders[0] == () and sum(s.held[0]) == 0
    assert GAME.legal_moves(s, 0) == [{"end": 1}]


def test_orders_are_completed_after_placing():
    s = make_state({(0, 0): T("strawberry", "waffle cone", "cherry")}, orders=[[0, 1], [2, 3]],
                   held=[[P("paper cup"), P("strawberry"), P("cookie")], []], hands=[[STRAWBERRY_CUP_COOKIE], []])
    with pytest.raises(IllegalMove, match="First place"):
        GAME.apply(s, 0, {"order": 0})


def test_trade_two_parts_for_one_from_the_supply():
    s = after_phase([P("vanilla"), P("vanilla"), P("cookie"), P("strawberry")])
    after = GAME.apply(s, 0, {"trade": [P("vanilla"), P("cookie")], "get": P("paper cup")})
    assert after.held[0] == tuple(counts("vanilla", "strawberry", "paper cup"))
    assert after.supply[P("paper cup")] == 3 and after.supply[P("cookie")] == 4
    # the seed's example goes on: now the order can be completed
    assert {"order": SEED_ORDER} not in GAME.legal_moves(after, 0)
    assert any(m == {"trade": [P("vanilla"), P("cookie")], "get": P("paper cup")} for m in GAME.legal_moves(s, 0))


def test_trade_a_pair_of_the_same_part():
    s = after_phase([P("vanilla"), P("vanilla")])
    after = GAME.apply(s, 0, {"trade": [P("vanilla"), P("vanilla")], "get": P("cookie")})
    assert after.held[0] == tuple(counts("cookie"))
    with pytest.raises(IllegalMove, match="do not hold"):
        GAME.apply(after_phase([P("vanilla")] + [P("cookie")]), 0,
                   {"trade": [P("vanilla"), P("vanilla")], "get": P("cherry")})


def test_trade_needs_the_part_in_the_supply_and_a_different_part():
    s = make_state({(0, 0): 0}, held=[[P("vanilla"), P("cookie")], [P("paper cup")] * 4], phase="after")
    with pytest.raises(IllegalMove, match="no paper cup left"):
        GAME.apply(s, 0, {"trade": [P("vanilla"), P("cookie")], "get": P("paper cup")})
    with pytest.raises(IllegalMove, match="different part"):
        GAME.apply(s, 0, {"trade": [P("vanilla"), P("cookie")], "get": P("vanilla")})
    trades = [m for m in GAME.legal_moves(s, 0) if "trade" in m]
    assert len(trades) == 12 - 3  # anything but vanilla, cookie and the exhausted paper cup


def test_trading_happens_after_placing():
    s = make_state({(0, 0): T("strawberry", "waffle cone", "cherry")}, held=[[P("vanilla"), P("cookie")], []],
                   hands=[[STRAWBERRY_CUP_COOKIE], []])
    with pytest.raises(IllegalMove, match="First place"):
        GAME.apply(s, 0, {"trade": [P("vanilla"), P("cookie")], "get": P("cherry")})


# --- the 5-part limit -------------------------------------------------------------------------

def test_five_part_limit_blocks_ending_the_turn_with_six():
    six = [P("vanilla"), P("cookie"), P("cherry"), P("sauce"), P("sprinkles"), P("pistachio")]
    s = after_phase(six)
    legal = GAME.legal_moves(s, 0)
    assert {"end": 1} not in legal and {"discard": P("vanilla")} in legal
    before = snapshot(s)
    with pytest.raises(IllegalMove, match="hold 6 parts"):
        GAME.apply(s, 0, {"end": 1})
    assert snapshot(s) == before
    s = GAME.apply(s, 0, {"discard": P("vanilla")})
    assert sum(s.held[0]) == 5 and s.supply[P("vanilla")] == 4
    assert {"end": 1} in GAME.legal_moves(s, 0)
    assert GAME.apply(s, 0, {"end": 1}).turn == 1


def test_five_part_limit_can_be_met_by_trading_or_completing():
    six = [P("paper cup"), P("strawberry"), P("cookie"), P("sauce"), P("sprinkles"), P("pistachio")]
    by_trade = GAME.apply(after_phase(six), 0, {"trade": [P("sauce"), P("sprinkles")], "get": P("cherry")})
    by_order = GAME.apply(after_phase(six), 0, {"order": SEED_ORDER})
    assert {"end": 1} in GAME.legal_moves(by_trade, 0) and {"end": 1} in GAME.legal_moves(by_order, 0)


def test_discard_only_when_over_the_limit():
    s = after_phase([P("vanilla")] * 2 + [P("cookie")] * 3)
    assert not any("discard" in m for m in GAME.legal_moves(s, 0))
    with pytest.raises(IllegalMove, match="more than 5"):
        GAME.apply(s, 0, {"discard": P("vanilla")})


# --- step 4: drawing ---------------------------------------------------------------------------

def test_ending_the_turn_draws_the_top_tile_and_passes_the_turn():
    s = GAME.new(3, 5)
    top = s.stack[-1]
    s = GAME.apply(s, 0, GAME.legal_moves(s, 0)[0])
    s = GAME.apply(s, 0, {"end": 1})
    assert top in s.hands[0] and len(s.hands[0]) == 2 and len(s.stack) == 64 - 4 - 6 - 1
    assert s.turn == 1 and s.phase == "place"


# --- when nothing fits -----------------------------------------------------------------------

CHERRY_CONE = T("strawberry", "waffle cone", "cherry")
NO_MATCH = [T("chocolate", "paper cup", "cookie"), T("vanilla", "blue cup", "sauce"), T("pistachio", "glass bowl", "sprinkles")]


def stuck_position(stack):
    """Player 0 holds two tiles with nothing in common with the only tile on the table."""
    return make_state({(0, 0): CHERRY_CONE}, hands=[NO_MATCH[:2], [NO_MATCH[2]]], stack=stack)


def test_nothing_fits_shows_the_hand_and_offers_only_exchanges():
    fitting = T("strawberry", "blue cup", "sauce")
    s = stuck_position([fitting, T("chocolate", "glass bowl", "sauce")])
    assert GAME.legal_moves(s, 0) == [{"x": t} for t in sorted(NO_MATCH[:2])]
    other = GAME.view(s, 1)
    assert other["revealed"] == list(s.hands[0]) and other["must"] == "exchange"
    with pytest.raises(IllegalMove):
        GAME.apply(s, 0, {"pass": 1})


def test_exchange_loop_until_a_tile_fits_then_returned_tiles_go_back_into_the_stack():
    fitting = T("strawberry", "blue cup", "sauce")
    still_stuck = T("chocolate", "glass bowl", "sauce")
    s = stuck_position([T("vanilla", "paper cup", "sprinkles"), fitting, still_stuck])
    s = GAME.apply(s, 0, {"x": NO_MATCH[0]})
    assert still_stuck in s.hands[0] and s.set_aside == (NO_MATCH[0],)
    assert GAME.view(s, 1)["set_aside"] == [NO_MATCH[0]]
    assert all("x" in m for m in GAME.legal_moves(s, 0))  # still nothing fits: exchange again
    s = GAME.apply(s, 0, {"x": still_stuck})
    assert fitting == s.hands[0][-1] and GAME.view(s, 1)["revealed"] is None
    with pytest.raises(IllegalMove, match="must place"):
        GAME.apply(s, 0, {"x": NO_MATCH[1]})
    assert all("p" in m for m in GAME.legal_moves(s, 0))
    s = place(s, 0, fitting, (0, -1))
    assert s.set_aside == () and sorted(s.stack) == sorted([T("vanilla", "paper cup", "sprinkles"), NO_MATCH[0], still_stuck])


def test_stack_runs_out_during_exchange_then_pass_without_drawing():
    s = stuck_position([T("chocolate", "glass bowl", "sauce")])
    s = GAME.apply(s, 0, {"x": NO_MATCH[0]})
    assert s.stack == () and GAME.legal_moves(s, 0) == [{"pass": 1}]
    assert GAME.view(s, 1)["must"] == "pass"
    hand = s.hands[0]
    s = GAME.apply(s, 0, {"pass": 1})
    assert s.phase == "after" and s.stack == (NO_MATCH[0],)  # set-aside tile shuffled back
    s = GAME.apply(s, 0, {"end": 1})
    assert s.hands[0] == hand and s.turn == 1  # passing draws nothing


def test_a_player_with_no_tile_can_only_pass():
    s = make_state({(0, 0): CHERRY_CONE}, hands=[[], [NO_MATCH[2]]])
    assert s.stack and GAME.legal_moves(s, 0) == [{"pass": 1}]
    assert GAME.apply(s, 0, {"pass": 1}).phase == "after"


def test_a_player_who_passed_may_still_complete_orders():
    s = make_state({(0, 0): CHERRY_CONE}, hands=[NO_MATCH[:2], [NO_MATCH[2]]], stack=[],
                   held=[[P("paper cup"), P("strawberry"), P("cookie")], []], orders=[[0, 1], [2, 3]])
    s = GAME.apply(s, 0, {"pass": 1})
    assert GAME.apply(s, 0, {"order": 0}).scores[0] == 15


# --- the end -----------------------------------------------------------------------------------

def test_reaching_50_ends_the_game_at_once():
    board = {(0, -1): CHERRY_CONE, (1, -1): T("chocolate", "paper cup", "sauce"), (1, 0): T("vanilla", "blue cup", "cookie")}
    s = make_state(board, hands=[[STRAWBERRY_CUP_COOKIE], []], scores=[47, 49],
                   held=[[P("paper cup"), P("strawberry"), P("cookie")] * 2, []])
    s = place(s, 0, STRAWBERRY_CUP_COOKIE, (0, 0))
    assert s.scores == (50, 49) and GAME.is_over(s) and GAME.winners(s) == [0]
    assert GAME.to_act(s) == [] and GAME.legal_moves(s, 0) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(s, 0, {"order": 0})  # not even the order it could still have completed


def test_completing_an_order_to_50_ends_the_game():
    s = after_phase([P("paper cup"), P("strawberry"), P("cookie")], scores=[36, 40])
    s = GAME.apply(s, 0, {"order": SEED_ORDER})
    assert s.scores == (51, 40) and GAME.is_over(s) and GAME.winners(s) == [0]


def test_after_the_stack_runs_out_every_hand_is_played_then_highest_wins():
    vanilla = [T("vanilla", cup, "cherry") for cup in ("paper cup", "blue cup", "glass bowl")]
    s = make_state({(0, 0): T("vanilla", "waffle cone", "cookie")}, hands=[vanilla[:2], vanilla[2:]], stack=[],
                   scores=[10, 12])
    order = []
    while not GAME.is_over(s):
        player = GAME.to_act(s)[0]
        order.append(player)
        s = GAME.apply(s, player, GAME.legal_moves(s, player)[0])
        s = GAME.apply(s, player, {"end": 1})
    assert order == [0, 1, 0]  # player 1, out of tiles, is skipped
    assert s.hands == ((), ()) and len(s.board) == 4
    assert GAME.winners(s) == [p for p in (0, 1) if s.scores[p] == max(s.scores)]


def test_game_goes_on_while_tiles_remain_in_hands():
    vanilla = [T("vanilla", cup, "cherry") for cup in ("paper cup", "blue cup", "glass bowl")]
    s = make_state({(0, 0): T("vanilla", "waffle cone", "cookie")}, hands=[vanilla[:2], vanilla[2:]], stack=[])
    s = GAME.apply(GAME.apply(s, 0, GAME.legal_moves(s, 0)[0]), 0, {"end": 1})
    assert not GAME.is_over(s) and GAME.to_act(s) == [1] and GAME.winners(s) == []


def test_tied_scores_share_the_win():
    s = make_state({(0, 0): CHERRY_CONE}, hands=[[STRAWBERRY_CUP_COOKIE], []], stack=[], scores=[20, 20])
    s = place(s, 0, STRAWBERRY_CUP_COOKIE, (0, 1))
    s = GAME.apply(s, 0, {"end": 1})
    assert GAME.is_over(s) and GAME.winners(s) == [0, 1]


def test_a_round_without_any_placement_ends_the_game():
    s = make_state({(0, 0): CHERRY_CONE}, hands=[NO_MATCH[:2], [NO_MATCH[2]]], stack=[], scores=[3, 8])
    for player in (0, 1):
        s = GAME.apply(GAME.apply(s, player, {"pass": 1}), player, {"end": 1})
    assert GAME.is_over(s) and GAME.winners(s) == [1]


# --- protocol details ---------------------------------------------------------------------------

def test_apply_never_changes_its_input():
    s = GAME.new(2, 9)
    for _ in range(40):
        player = GAME.to_act(s)[0]
        move = GAME.legal_moves(s, player)[-1]
        before = snapshot(s) + (dict(s.board), s.hands, s.held, s.supply, s.scores)
        after = GAME.apply(s, player, move)
        assert snapshot(s) + (dict(s.board), s.hands, s.held, s.supply, s.scores) == before
        s = after


def test_legal_moves_survive_a_json_round_trip():
    s = after_phase([P("vanilla"), P("vanilla"), P("cookie"), P("cherry"), P("sauce"), P("sprinkles")])
    for state in (GAME.new(4, 2), s):
        legal = GAME.legal_moves(state, state.turn)
        assert json.loads(json.dumps(legal)) == legal
        for move in legal:
            GAME.apply(state, state.turn, json.loads(json.dumps(move)))


def test_view_hides_other_hands_orders_and_the_stack_order():
    s = GAME.new(3, 4)
    mine, theirs, spectator = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert mine["hand"] == list(s.hands[0]) and mine["orders"] == list(s.orders[0])
    assert theirs["hand"] == list(s.hands[1])
    assert "hand" not in spectator and "orders" not in spectator
    assert spectator["stack"] == len(s.stack) and spectator["hand_sizes"] == [2, 2, 2]
    assert spectator["held"] == [[0] * 12] * 3 and spectator["revealed"] is None
    # other players' secrets appear nowhere in a view
    assert {k: v for k, v in mine.items() if k not in ("hand", "orders", "me")} == \
           {k: v for k, v in theirs.items() if k not in ("hand", "orders", "me")}
    json.dumps(mine)


def test_view_shows_the_phase_for_the_ui():
    s = GAME.new(2, 4)
    assert GAME.view(s, 0)["phase"] == "place"
    s = GAME.apply(s, 0, GAME.legal_moves(s, 0)[0])
    assert GAME.view(s, 0)["phase"] == "after"


def test_a_placement_worked_out_from_a_seat_s_view_is_what_apply_does():
    """The preview a screen shows comes from the seat's view (its Facts), never from the
    hidden state: over whole games, for every legal placement, it is the rules' own result."""
    from gelateria.core.session import play
    from gelateria.games.gelati.rules import placement_result

    checked = 0
    for seed in (3, 11):
        session = play(GAME, ["random", "random", "random"], seed)
        for state in session.states[::3]:
            if state.phase != "place":
                continue
            view = GAME.view(state, state.turn)
            for move in [m for m in GAME.legal_moves(state, state.turn) if "p" in m][:40]:
                after = GAME.apply(state, state.turn, move)
                e = after.last
                assert placement_result(view, move) == {
                    "points": e["points"], "earned": list(e["earned"]), "missed": list(e["missed"]),
                    "wins": after.phase == "over" and after.scores[state.turn] >= 50}
                checked += 1
    assert checked > 500
