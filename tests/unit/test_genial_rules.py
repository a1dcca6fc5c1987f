"""Genial Spezial: turns, tile placement, golden choices, passing, the end, views."""

import json
from dataclasses import replace

import pytest

from gelateria import cli
from gelateria.core.game import IllegalMove, get_game
from gelateria.core.session import Session, play
from gelateria.games.genial import rules
from gelateria.games.genial.rules import GAME, GOLDEN, INDEX, PASS, TOWER_SPACES, build_position

# Spaces that are neither golden nor a tower space at any player count.
PLAIN = [h for h in rules.CELLS if h not in GOLDEN and h not in {(q, r) for q, r, *_ in TOWER_SPACES}]


def tile(a, b, g=None):
    move = {"a": list(a), "b": list(b)}
    if g is not None:
        move["g"] = g
    return move


def test_game_is_registered_with_its_bots():
    game = get_game("genial")
    assert game is GAME and (game.min_players, game.max_players) == (2, 4)
    assert set(game.type.levels()) == {"random", "easy", "normal", "hard"}
    assert game.type.levels()["hard"].factory().name == "hard"  # the search bot, loaded on first use


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    with pytest.raises(ValueError):
        GAME.new(players, 1)


def test_unknown_options_are_refused():
    with pytest.raises(ValueError):
        GAME.new(2, 1, {"variant": "x"})


def test_seat_0_starts_and_turns_go_round():
    state = GAME.new(3, 1)
    order = []
    for _ in range(6):
        player = GAME.to_act(state)[0]
        order.append(player)
        state = GAME.apply(state, player, GAME.legal_moves(state, player)[0])
    assert order == [0, 1, 2, 0, 1, 2]


def test_a_tile_may_go_anywhere_without_touching_earlier_tiles():
    state = GAME.new(2, 1)
    state = GAME.apply(state, 0, tile((-4, 0), (-4, 1)))
    state = GAME.apply(state, 1, tile((15, -6), (15, -7)))
    state = GAME.apply(state, 0, tile((6, 0), (7, 0)))
    assert len(GAME.view(state, None)["tiles"]) == 3


def test_halves_may_be_given_in_either_order():
    state = GAME.new(2, 1)
    a = GAME.apply(state, 0, tile((0, 3), (1, 3)))
    b = GAME.apply(state, 0, tile((1, 3), (0, 3)))
    assert a.owner == b.owner and a.scores == b.scores


def _towers_in_use(state):
    return [t["at"] for t in GAME.view(state, None)["towers"]]


@pytest.mark.parametrize(
    "move, message",
    [
        (tile((0, 0), (2, 0)), "neighbouring"),
        (tile((0, 0), (0, 9)), "not on the board"),
        ({"a": [0, 0]}, "A move is a tile"),
        (tile((0, 0), [0, "1"]), "needs a board space"),
        ("resign", "A move is a tile"),
        (PASS, "only pass when no tile fits"),
    ],
)
def test_malformed_or_impossible_tiles_are_refused(move, message):
    state = GAME.new(2, 1)
    with pytest.raises(IllegalMove, match=message):
        GAME.apply(state, 0, move)


def test_tiles_cannot_cover_towers_or_covered_spaces_and_the_state_is_unchanged():
    state = GAME.new(2, 1)
    state = GAME.apply(state, 0, tile((0, 3), (1, 3)))
    before = GAME.view(state, None)
    with pytest.raises(IllegalMove, match="already covered"):
        GAME.apply(state, 1, tile((1, 3), (2, 3)))
    tower = _towers_in_use(state)[0]
    neighbour = next(n for n in rules.hexgrid.neighbours(tuple(tower)) if n in PLAIN)
    with pytest.raises(IllegalMove, match="holds a tower"):
        GAME.apply(state, 1, tile(tower, neighbour))
    assert GAME.view(state, None) == before


def test_only_the_player_to_act_may_move():
    state = GAME.new(2, 1)
    with pytest.raises(IllegalMove, match="Player 1's turn"):
        GAME.apply(state, 1, tile((0, 3), (1, 3)))
    assert GAME.legal_moves(state, 1) == []


def test_apply_returns_a_new_state_and_leaves_its_input_alone():
    state = GAME.new(2, 1)
    before = GAME.view(state, None)
    after = GAME.apply(state, 0, GAME.legal_moves(state, 0)[0])
    assert after is not state and GAME.view(state, None) == before
    assert after.owner is not state.owner and after.chains is not state.chains


# --- Golden spaces -----------------------------------------------------------------

def test_golden_half_needs_exactly_one_valid_colour():
    state = GAME.new(2, 1)
    golden = GOLDEN[0]
    other = next(n for n in rules.hexgrid.neighbours(golden) if n in PLAIN)
    for g in (None, [], ["b", "o"], ["x"], "b"):
        with pytest.raises(IllegalMove, match="Choose a colour"):
            GAME.apply(state, 0, tile(golden, other, g))
    after = GAME.apply(state, 0, tile(golden, other, ["g"]))
    assert after.scores[0] == (0, 1, 0, 0)


def test_no_colour_choice_without_a_golden_half():
    state = GAME.new(2, 1)
    with pytest.raises(IllegalMove, match="no golden space"):
        GAME.apply(state, 0, tile((0, 3), (1, 3), ["o"]))


def test_two_golden_halves_choose_two_colours_in_order_a_then_b():
    state = build_position(golden=[(0, 0), (1, 0)])
    after = GAME.apply(state, 0, tile((0, 0), (1, 0), ["p", "p"]))
    assert after.scores[0] == (0, 0, 0, 2)
    moves = [m for m in GAME.legal_moves(state, 0) if m["a"] == [0, 0] and m["b"] == [1, 0]]
    assert len(moves) == 16 and {tuple(m["g"]) for m in moves} == {(x, y) for x in "ogbp" for y in "ogbp"}


# --- Legal moves -------------------------------------------------------------------

def test_legal_moves_list_every_placement_and_golden_choice_in_json_form():
    state = GAME.new(2, 7)
    moves = GAME.legal_moves(state, 0)
    assert json.loads(json.dumps(moves)) == moves
    golden = state.layout.golden
    expected = sum(4 ** ((a in golden) + (b in golden)) for a, b in GAME.open_spaces(state))
    assert len(moves) == expected
    keys = {(tuple(m["a"]), tuple(m["b"]), tuple(m.get("g", ()))) for m in moves}
    assert len(keys) == len(moves)
    sample = moves[:: max(1, len(moves) // 50)]
    for move in sample:
        GAME.apply(state, 0, move)  # every listed move is accepted


def test_placements_shrink_as_tiles_are_placed():
    state = GAME.new(2, 1)
    n = len(GAME.open_spaces(state))
    state = GAME.apply(state, 0, tile((0, 3), (1, 3)))
    assert len(GAME.open_spaces(state)) < n
    assert all(state.owner[a] == rules.EMPTY == state.owner[b] for a, b in GAME.open_spaces(state))


def _nothing_fits(players=2):
    """A 2-player position where every free space is isolated."""
    state = GAME.new(players, 1)
    owner = list(state.owner)
    isolated = [INDEX[(0, 0)], INDEX[(5, -4)]]
    for c in range(len(owner)):
        if owner[c] == rules.EMPTY and c not in isolated:
            owner[c] = 1
    return replace(state, owner=owner, free=rules.free_mask(owner))


def test_pass_is_the_only_move_when_no_tile_fits_and_uses_the_turn():
    state = _nothing_fits()
    assert GAME.legal_moves(state, 0) == [PASS]
    after = GAME.apply(state, 0, PASS)
    assert GAME.to_act(after) == [1]
    assert after.scores == state.scores
    assert GAME.describe(state, 0, PASS) == "Player 1 could not place a tile and passed."


# --- The end -----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 4])
def test_game_ends_after_20_rounds_with_every_tile_placed(players):
    session = play(GAME, ["random"] * players, seed=11)
    state, record = session.state, session.record
    assert len(record.moves) == 20 * players
    view = GAME.view(state, None)
    assert view["over"] and view["tiles_left"] == [0] * players
    assert GAME.to_act(state) == [] and GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(state, 0, PASS)


def test_score_is_the_lowest_colour():
    state = replace(GAME.new(2, 1), scores=((4, 9, 3, 7), (5, 5, 6, 5)))
    assert GAME.scores(state) == [3, 5]
    assert GAME.view(state, 0)["scores"] == [[4, 9, 3, 7], [5, 5, 6, 5]]


# --- Views, descriptions, records --------------------------------------------------

def test_view_is_json_and_the_same_for_every_seat():
    session = play(GAME, ["random", "random"], seed=4)
    state, _ = session.state, session.record
    spectator = GAME.view(state, None)
    assert json.loads(json.dumps(spectator)) == spectator
    seat = GAME.view(state, 1)
    assert {k: v for k, v in seat.items() if k != "you"} == {k: v for k, v in spectator.items() if k != "you"}


def test_state_rebuilt_from_a_view_scores_moves_alike():
    session = play(GAME, ["random", "random"], seed=6)
    state, _ = session.state, session.record
    state = replace(state, turn=10)  # back in play, to compare legal moves
    rebuilt = rules.state_from_view(GAME.view(state, None))
    assert GAME.legal_moves(rebuilt, 0) == GAME.legal_moves(state, 0)
    for a, b in GAME.open_spaces(state)[::17]:
        assert GAME.tile_outcome(rebuilt, 0, a, b).gain == GAME.tile_outcome(state, 0, a, b).gain


def test_describe_names_the_player_the_tile_and_the_points():
    towers = {(1, -1): "Tg2", (2, 1): "So1", (5, -1): "Tb1"}
    state = build_position(towers=towers, tiles=[(0, (0, 0), (1, 0)), (0, (2, 0), (3, 0))])
    assert GAME.describe(state, 0, tile((4, 0), (5, 0))) == (
        "Player 1 placed a tile next to the tall blue tower: +1 blue, tall bonus +2 each"
    )
    state = build_position(golden=[(7, 0)])
    assert GAME.describe(state, 1, tile((7, 0), (8, 0), ["o"])) == (
        "Player 2 placed a tile on the board: golden +1 orange"
    )
    assert GAME.describe(state, 0, tile((0, 3), (1, 3))) == "Player 1 placed a tile on the board: no points"


def test_describe_lists_colours_in_order():
    state = build_position(towers={(1, -1): "Sb1", (2, 1): "Sg2"})
    assert GAME.describe(state, 0, tile((1, 0), (2, 0))) == (
        "Player 1 placed a tile next to the short blue tower: +2 green, +1 blue"
    )


def test_seed_and_moves_replay_the_same_game():
    session = play(GAME, ["normal", "random", "easy"], seed=21)
    state, record = session.state, session.record
    assert Session.from_record(record).state.scores == state.scores


def test_command_line_play_is_repeatable(capsys):
    args = ["play", "genial", "--seats", "normal,random", "--seed", "5"]
    cli.main(args)
    first = capsys.readouterr().out
    cli.main(args)
    assert capsys.readouterr().out == first
    result = json.loads(first.strip().splitlines()[-1])
    assert result["game"] == "genial" and result["moves"] == 40


def test_what_a_screen_shows_worked_out_from_a_seat_s_view_is_what_apply_does():
    """The previews, gains, suggestions and the story of how a score was made that a
    screen shows come from a seat's view (its Facts), never from the state: over whole
    games, for tiles all over the board, they are the rules' own results on the state."""
    from gelateria.games.genial.bots import NormalBot, ranked_placements

    checked = 0
    for players, seed in ((2, 3), (3, 8), (4, 13)):
        session = play(GAME, ["random"] * players, seed)
        for state in session.states[:-1][::6]:
            player = GAME.to_act(state)[0]
            view = GAME.view(state, player)
            moves = [m for m in GAME.legal_moves(state, player) if m != PASS]
            tiles = [(m["a"], m["b"]) for m in moves]
            assert rules.tile_gains(view, player, tiles) == [
                list(rules._outcome(state, player, INDEX[tuple(a)], INDEX[tuple(b)]).gain) for a, b in tiles]
            for move in moves[::29]:
                after = GAME.apply(state, player, move)
                out = rules._outcome(state, player, INDEX[tuple(move["a"])], INDEX[tuple(move["b"])])
                assert rules.tile_preview(view, player, move) == {
                    "gain": after.last["gain"], "towers": after.last["towers"], "bonus": after.last["bonus"],
                    "bonus_towers": list(rules._towers_in(out.new_bonus)), "golden": after.last["golden"],
                    "chain": [list(rules.CELLS[c]) for c in out.chain.cells], "merged": len(out.merged),
                    "touched": list(rules._towers_in(out.chain.touched)),
                    "before": list(state.scores[player]), "after": list(after.scores[player])}
                # The total a target shows is the total playing it adds, golden points included.
                assert rules.tile_totals(view, player, [(move["a"], move["b"])]) == [sum(after.last["gain"])]
                assert rules.bonus_in_reach(view, player, move) == any(
                    rules._outcome(after, player, a, b).new_bonus for a, b in GAME.open_spaces(after))
                checked += 1
            assert ranked_placements(view, player) == sorted(NormalBot()._rank(state, player), key=lambda x: -x[0])
        with pytest.raises(IllegalMove):
            rules.tile_preview(GAME.view(session.states[0], 0), 0, tile((0, 0), (5, 5)))
        # Every point of every colour was made by a move: tokens, tall bonuses, golden spaces.
        events = [GAME.view(state, None)["last"] for state in session.states[1:]]
        for player in range(players):
            made = rules.points_made(events, player)
            assert [made["tokens"][k] + made["bonus"][k] + made["golden"][k] for k in range(4)] == \
                list(session.state.scores[player])
    assert checked > 300
