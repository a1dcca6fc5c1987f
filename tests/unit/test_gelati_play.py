"""Gelati as the app and the bots use it: event log, bots, replay, command line."""

import contextlib
import io
import json

from gelateria import cli
from gelateria.core.record import decode, encode
from gelateria.core.session import Session, play
from gelateria.games.gelati.bots import HeuristicBot
from gelateria.games.gelati.help import RULES
from gelateria.games.gelati.rules import GAME, PART_NAMES, make_state, tile_named

T = tile_named


def P(name):
    return PART_NAMES.index(name)


STRAWBERRY_CUP_COOKIE = T("strawberry", "paper cup", "cookie")
THREE_SIDES = {
    (0, -1): T("strawberry", "waffle cone", "cherry"),
    (1, -1): T("chocolate", "paper cup", "sauce"),
    (1, 0): T("vanilla", "blue cup", "cookie"),
}


def after_phase(held, orders=((0, 1), (2, 3)), **kw):
    return make_state({(0, 0): T("strawberry", "waffle cone", "cherry")}, held=[held, []],
                      orders=[list(o) for o in orders], phase="after", **kw)


# --- event log ---------------------------------------------------------------------------

def test_describe_a_placement_with_points():
    s = make_state(THREE_SIDES, hands=[[STRAWBERRY_CUP_COOKIE], []])
    text = GAME.describe(s, 0, {"p": STRAWBERRY_CUP_COOKIE, "at": [0, 0]})
    assert text == "Player 1 placed strawberry in a paper cup with a cookie next to the strawberry waffle cone, touching 3: +3"


def test_describe_a_placement_that_earns_parts():
    board = {(0, 1): T("chocolate", "paper cup", "cherry"), (0, 2): T("chocolate", "waffle cone", "sprinkles"),
             (0, 3): T("chocolate", "glass bowl", "cherry")}
    tile = T("chocolate", "blue cup", "cookie")
    s = make_state(board, hands=[[], [tile]], turn=1)
    text = GAME.describe(s, 1, {"p": tile, "at": [0, 0]})
    assert text == "Player 2 placed chocolate in a blue cup with a cookie next to the chocolate paper cup: +0, earned chocolate"


def test_describe_orders_trades_discards_and_the_end_of_a_turn():
    s = after_phase([P("paper cup"), P("strawberry"), P("cookie"), P("vanilla"), P("vanilla"), P("sauce")])
    assert GAME.describe(s, 0, {"order": 0}) == \
        "Player 1 completed an order, strawberry in a paper cup with a cookie (+15)"
    assert GAME.describe(s, 0, {"trade": [P("vanilla"), P("sauce")], "get": P("cherry")}) == \
        "Player 1 traded 2 for 1: vanilla and sauce for cherry"
    assert GAME.describe(s, 0, {"discard": P("sauce")}) == "Player 1 discarded sauce"
    s = GAME.apply(s, 0, {"order": 0})
    assert GAME.describe(s, 0, {"end": 1}) == "Player 1 ended the turn and drew a tile"


def test_describe_exchange_pass_and_a_win():
    stuck = make_state({(0, 0): T("strawberry", "waffle cone", "cherry")},
                       hands=[[T("chocolate", "paper cup", "cookie")], []], stack=[T("vanilla", "blue cup", "sauce")])
    assert GAME.describe(stuck, 0, {"x": T("chocolate", "paper cup", "cookie")}) == \
        "Player 1 could not place and exchanged chocolate in a paper cup with a cookie for a tile from the stack"
    stuck.stack = ()
    assert GAME.describe(stuck, 0, {"pass": 1}) == "Player 1 could not place a tile and passed"
    s = make_state(THREE_SIDES, hands=[[STRAWBERRY_CUP_COOKIE], []], scores=[48, 0])
    assert GAME.describe(s, 0, {"p": STRAWBERRY_CUP_COOKIE, "at": [0, 0]}).endswith("+3 and reached 50: Player 1 wins")


def test_rules_page_has_sections_of_plain_text():
    assert len(RULES) >= 8
    for title, paragraphs in RULES:
        assert title and paragraphs and all(isinstance(p, str) and p for p in paragraphs)


# --- bots ---------------------------------------------------------------------------------

def choose(state, level="normal", seed=1):
    from gelateria.core.rng import Rng

    player = state.turn
    return GAME.type.levels()[level].factory().choose(GAME.view(state, player), GAME.legal_moves(state, player), Rng(seed))


def test_bot_completes_an_order_whenever_it_can():
    s = after_phase([P("paper cup"), P("strawberry"), P("cookie")])
    assert choose(s) == {"order": 0}


def test_bot_trades_two_spare_parts_for_the_last_part_of_an_order():
    s = after_phase([P("paper cup"), P("strawberry"), P("sauce"), P("pistachio")])
    assert choose(s) == {"trade": [P("pistachio"), P("sauce")], "get": P("cookie")}


def test_bot_discards_a_part_its_orders_do_not_need():
    # orders: paper cup + strawberry + cookie, glass bowl + pistachio + sprinkles
    held = [P("paper cup"), P("strawberry"), P("pistachio"), P("sprinkles"), P("sauce"), P("vanilla")]
    s = after_phase(held, orders=((0, 15),))
    s.supply = (0,) * 12  # nothing to trade for
    assert choose(s) in ({"discard": P("sauce")}, {"discard": P("vanilla")})


def test_bot_takes_the_placement_worth_most():
    # (0, 0) touches three strawberry tiles (+3); every other cell touches one (+0)
    s = make_state(THREE_SIDES, hands=[[STRAWBERRY_CUP_COOKIE, T("pistachio", "glass bowl", "sauce")], []])
    assert choose(s) == {"p": STRAWBERRY_CUP_COOKIE, "at": [0, 0]}


def test_bot_moves_are_always_legal_and_games_end():
    for seed in range(4):
        session = play(GAME, ["normal", "easy", "random"][: 2 + seed % 2], seed)
        state, record = session.state, session.record
        assert GAME.is_over(state) and record.moves


def test_normal_bot_beats_random_player():
    wins = 0
    for seed in range(20):
        bot = seed % 2
        levels = ["random", "random"]
        levels[bot] = "normal"
        session = play(GAME, levels, 1000 + seed)
        state, _ = session.state, session.record
        wins += bot in GAME.winners(state)
    assert wins >= 18


def test_bot_decision_depends_only_on_its_view():
    a = GAME.new(2, 21)
    b = a.copy()
    b.hands = (a.hands[0], tuple(reversed(a.stack[-2:])))  # the other player's secrets differ
    b.stack = a.stack[:-2] + a.hands[1]
    assert GAME.view(a, 0) == GAME.view(b, 0)
    assert choose(a) == choose(b)
    assert isinstance(GAME.type.levels()["normal"].factory(), HeuristicBot)


# --- replay and command line -----------------------------------------------------------------

def test_seed_and_moves_replay_the_game_exactly():
    session = play(GAME, ["normal", "random", "easy"], 5)
    state, record = session.state, session.record
    again = Session.from_record(decode(encode(record))).state
    assert GAME.view(again, None) == GAME.view(state, None)
    assert again.hands == state.hands and again.stack == state.stack


def run_cli(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(list(argv)) == 0
    return out.getvalue()


def test_cli_play_is_deterministic_and_ends_with_the_result():
    first = run_cli("play", "gelati", "--seats", "bot,easy,random", "--seed", "3", "--trace")
    assert first == run_cli("play", "gelati", "--seats", "bot,easy,random", "--seed", "3", "--trace")
    result = json.loads(first.splitlines()[-1])
    assert result["game"] == "gelati" and result["winners"] and len(result["scores"]) == 3
