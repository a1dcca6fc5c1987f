"""Gelatinous rules, one test per clause, on hand-built positions with forced faces."""

import json

import pytest

from gelateria.core.game import IllegalMove, get_game
from gelateria.core.session import Session, play
from gelateria.core.record import Record, Seat
from gelateria.games.gelatinous.rules import GAME, apply_faces, describe_round, position

ROLL = {"a": "roll"}


def players(state):
    return GAME.view(state, None)["players"]


# --- setting up -----------------------------------------------------------------------

def test_solitaire_starts_with_eight_in_hand_and_five_in_reserve():
    p = players(GAME.new(1, 1, {"mode": "solitaire"}))
    assert p == [{"hand": 8, "cube": 0, "tally": 0, "status": "playing", "reserve": 5, "score": -8,
                  "last": {"rolled": False, "faces": [], "dest": [], "from_reserve": 0}}]


def test_multiplayer_starts_with_seven_dice_each_and_no_reserve():
    p = players(GAME.new(4, 1, {"mode": "multi"}))
    assert [x["hand"] for x in p] == [7, 7, 7, 7]
    assert all("reserve" not in x for x in p)


@pytest.mark.parametrize("mode, bad", [("solitaire", 2), ("video", 1), ("video", 7), ("multi", 2), ("multi", 7)])
def test_player_count_is_checked_per_mode(mode, bad):
    with pytest.raises(ValueError, match=mode):
        GAME.new(bad, 1, {"mode": mode})


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="no mode"):
        GAME.new(1, 1, {"mode": "speed"})


def test_mode_follows_player_count_when_not_given():
    assert [GAME.view(GAME.new(n, 1, {}), None)["mode"] for n in (1, 2, 3, 6)] == ["solitaire", "video", "multi", "multi"]


def test_game_is_registered_with_one_to_six_players():
    game = get_game("gelatinous")
    assert (game.min_players, game.max_players) == (1, 6)


# --- solitaire clauses ----------------------------------------------------------------

def test_threes_go_to_the_cube_ones_to_the_reserve_sixes_from_it():
    state = apply_faces(position("solitaire", hands=[5], cubes=[0], reserves=[8]), [[3, 3, 1, 6, 5]])
    (p,) = players(state)
    assert (p["hand"], p["reserve"], p["cube"], p["tally"]) == (3, 8, 2, 1)
    assert p["last"]["dest"] == ["cube", "cube", "reserve", "hand", "hand"]
    assert p["last"]["from_reserve"] == 1


def test_six_with_an_empty_reserve_brings_nothing():
    state = apply_faces(position("solitaire", hands=[6], cubes=[7], reserves=[0]), [[6, 6, 2, 4, 5, 5]])
    (p,) = players(state)
    assert (p["hand"], p["reserve"], p["last"]["from_reserve"]) == (6, 0, 0)
    assert p["status"] == "playing"


def test_a_one_sent_to_an_empty_reserve_comes_back_for_a_six_in_the_same_roll():
    state = apply_faces(position("solitaire", hands=[6], cubes=[7], reserves=[0]), [[1, 6, 2, 2, 2, 2]])
    (p,) = players(state)
    assert (p["hand"], p["reserve"], p["last"]["from_reserve"]) == (6, 0, 1)


def test_extra_threes_beyond_the_cube_stay_in_hand():
    state = apply_faces(position("solitaire", hands=[5], cubes=[6], reserves=[2], tally=[9]), [[3, 3, 3, 3, 2]])
    (p,) = players(state)
    assert (p["cube"], p["hand"]) == (8, 3)
    assert p["last"]["dest"] == ["cube", "cube", "hand", "hand", "hand"]


def test_completing_the_cube_wins_and_scores_rolls_minus_dice_in_hand():
    # The 6 still brings a reserve die on the winning roll: 4 - 1 + 1 = 4 in hand.
    state = apply_faces(position("solitaire", hands=[4], cubes=[7], reserves=[2], tally=[10]), [[3, 6, 2, 5]])
    assert GAME.is_over(state)
    assert GAME.winners(state) == [0]
    assert GAME.outcome(state) == "won"
    assert GAME.scores(state) == [11 - 4]


def test_empty_hand_before_the_cube_is_complete_loses():
    state = apply_faces(position("solitaire", hands=[2], cubes=[5], reserves=[6]), [[3, 1]])
    assert GAME.is_over(state)
    assert GAME.outcome(state) == "lost"
    assert GAME.winners(state) == []
    assert GAME.to_act(state) == [] and GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(state, 0, ROLL)


def test_last_dice_all_threes_completing_the_cube_is_a_win_not_a_loss():
    state = apply_faces(position("solitaire", hands=[2], cubes=[6], reserves=[5], tally=[7]), [[3, 3]])
    assert GAME.outcome(state) == "won" and GAME.scores(state) == [8]


# --- by video -------------------------------------------------------------------------

def test_video_player_out_of_dice_is_eliminated_and_the_others_play_on():
    state = position("video", hands=[1, 4], cubes=[3, 3], reserves=[9, 6], tally=[4, 4], round=4)
    state = apply_faces(state, [[1], [2, 2, 4, 5]])
    assert [p["status"] for p in players(state)] == ["eliminated", "playing"]
    assert not GAME.is_over(state)
    with pytest.raises(ValueError, match="Player 1 must roll 0 dice"):
        apply_faces(state, [[2], [2, 2, 4, 5]])
    state = apply_faces(state, [[], [3, 2, 4, 5]])
    assert [p["tally"] for p in players(state)] == [5, 6]


def test_video_last_player_left_must_still_complete_the_cube():
    state = position("video", hands=[0, 2], cubes=[5, 7], reserves=[8, 4], status=["eliminated", "playing"])
    state = apply_faces(state, [[], [4, 4]])
    assert not GAME.is_over(state)
    state = apply_faces(state, [[], [3, 5]])
    assert GAME.winners(state) == [1]


def test_video_everyone_eliminated_means_nobody_wins():
    state = position("video", hands=[1, 2], cubes=[3, 3], reserves=[9, 8])
    state = apply_faces(state, [[1], [1, 3]])
    assert GAME.is_over(state)
    assert GAME.winners(state) == []
    assert GAME.outcome(state) == "eliminated"


def test_video_cubes_in_the_same_round_lower_score_wins():
    state = position("video", hands=[3, 1, 4], cubes=[7, 7, 0], reserves=[3, 5, 9], tally=[6, 6, 6], round=6)
    state = apply_faces(state, [[3, 2, 2], [3], [2, 2, 2, 2]])
    assert [p["score"] for p in players(state)] == [5, 7, 3]
    assert GAME.winners(state) == [0]
    assert [p["status"] for p in players(state)] == ["won", "lost", "lost"]


def test_video_cubes_in_the_same_round_with_equal_scores_share_the_win():
    state = position("video", hands=[2, 2, 3], cubes=[7, 7, 0], reserves=[4, 4, 10], tally=[6, 6, 6])
    state = apply_faces(state, [[3, 5], [4, 3], [2, 2, 2]])
    assert GAME.winners(state) == [0, 1]
    assert GAME.outcome(state) == "shared"


def test_video_a_cube_beats_an_elimination_in_the_same_round():
    state = position("video", hands=[1, 2], cubes=[3, 7], reserves=[9, 4])
    state = apply_faces(state, [[1], [3, 3]])
    assert [p["status"] for p in players(state)] == ["eliminated", "won"]


# --- multiplayer ----------------------------------------------------------------------

def test_multi_ones_pass_left_sixes_right_and_arrive_after_everyone_resolved():
    # Seat order: left = next seat, right = previous seat (wrapping round).
    state = position("multi", hands=[2, 1, 4], cubes=[5, 5, 4])
    # Each seat rolls only the dice it held before the round, not the ones passed to it.
    state = apply_faces(state, [[1, 1], [6], [6, 1, 2, 5]])
    p = players(state)
    assert [x["hand"] for x in p] == [0 + 1 + 1, 0 + 2 + 1, 2]
    assert p[0]["last"]["received"] == [{"from": 2, "face": 1, "dice": 1}, {"from": 1, "face": 6, "dice": 1}]
    assert p[2]["last"]["dest"] == ["right", "left", "hand", "hand"]
    assert (p[0]["left"], p[0]["right"]) == (1, 2)


def test_multi_player_without_dice_sits_out_but_receives():
    state = position("multi", hands=[0, 3, 4], cubes=[7, 3, 4], tally=[2, 2, 2])
    with pytest.raises(ValueError, match="Player 1 must roll 0 dice"):
        apply_faces(state, [[2], [2, 2, 2], [2, 2, 2, 2]])
    state = apply_faces(state, [[], [6, 2, 2], [1, 2, 2, 2]])
    p = players(state)
    assert [x["hand"] for x in p] == [2, 2, 3]
    assert [x["tally"] for x in p] == [2, 3, 3]
    assert p[0]["last"]["rolled"] is False


def test_multi_extra_threes_stay_unstacked():
    state = apply_faces(position("multi", hands=[4, 7, 4], cubes=[6, 0, 0]), [[3, 3, 3, 3], [2] * 7, [2] * 4])
    assert GAME.winners(state) == [0]
    assert players(state)[0]["hand"] == 2


def test_multi_several_cubes_fewer_unstacked_dice_wins_counting_dice_passed_in():
    # Seat 0 and seat 1 both complete; seat 2 passes a 1 left to seat 0, so seat 1 wins.
    state = position("multi", hands=[2, 2, 3], cubes=[7, 7, 0])
    state = apply_faces(state, [[3, 2], [3, 2], [1, 2, 2]])
    assert [x["hand"] for x in players(state)] == [2, 1, 2]
    assert GAME.winners(state) == [1]


def test_multi_several_cubes_with_equal_unstacked_dice_share_the_win():
    state = position("multi", hands=[2, 2, 3], cubes=[7, 7, 0])
    state = apply_faces(state, [[3, 2], [3, 2], [2, 2, 2]])
    assert GAME.winners(state) == [0, 1]
    assert GAME.outcome(state) == "shared"
    assert GAME.scores(state) == [8, 8, 0]


def test_multi_nobody_holding_dice_and_no_cube_means_everyone_is_eaten():
    state = position("multi", hands=[0, 0, 1], cubes=[7, 7, 6])
    state = apply_faces(state, [[], [], [3]])
    assert GAME.is_over(state)
    assert GAME.winners(state) == []
    assert GAME.outcome(state) == "eaten"
    assert [p["status"] for p in players(state)] == ["eaten"] * 3


def test_multi_a_die_passed_on_keeps_the_game_going():
    state = apply_faces(position("multi", hands=[0, 0, 1], cubes=[7, 7, 6]), [[], [], [1]])
    assert not GAME.is_over(state)
    assert [x["hand"] for x in players(state)] == [1, 0, 0]


# --- the caller's move ----------------------------------------------------------------

@pytest.mark.parametrize("mode, n", [("solitaire", 1), ("video", 3), ("multi", 5)])
def test_only_the_caller_rolls_and_only_roll_is_legal(mode, n):
    state = GAME.new(n, 3, {"mode": mode})
    assert GAME.to_act(state) == [0]
    assert GAME.legal_moves(state, 0) == [ROLL]
    assert json.loads(json.dumps(GAME.legal_moves(state, 0))) == [ROLL]
    if n > 1:
        assert GAME.legal_moves(state, 1) == []
        with pytest.raises(IllegalMove, match="caller"):
            GAME.apply(state, 1, ROLL)
    with pytest.raises(IllegalMove, match="only move"):
        GAME.apply(state, 0, {"a": "pass"})
    after = GAME.apply(state, 0, ROLL)
    assert GAME.view(state, None)["round"] == 0 and GAME.view(after, None)["round"] == 1


def test_same_seed_same_rolls_and_replay_rebuilds_the_game():
    session = play(GAME, ["normal"] * 4, 11, {"mode": "multi"})
    a, rec = session.state, session.record
    session = play(GAME, ["random"] * 4, 11, {"mode": "multi"})
    b, _ = session.state, session.record
    assert a == b
    record = Record("gelatinous", [Seat("bot", f"B{i}", "normal") for i in range(4)], 11, {"mode": "multi"}, rec.moves)
    assert Session.from_record(record).state == a


def test_view_is_json_and_the_same_for_every_seat():
    state = GAME.apply(GAME.new(3, 5, {"mode": "video"}), 0, ROLL)
    views = [GAME.view(state, p) for p in (None, 0, 1, 2)]
    assert all(v == views[0] for v in views)
    assert json.loads(json.dumps(views[0])) == views[0]


def test_bots_call_the_roll():
    state = GAME.new(1, 1, {"mode": "solitaire"})
    legal = GAME.legal_moves(state, 0)
    for level in GAME.type.levels().values():
        assert level.factory().choose(GAME.view(state, 0), legal, None) == ROLL


# --- event log ------------------------------------------------------------------------

def test_describe_solitaire_roll():
    state = apply_faces(position("solitaire", hands=[5], cubes=[0], reserves=[8]), [[3, 3, 1, 6, 5]])
    assert describe_round(state) == "Player 1 rolled 3,3,1,6,5: +2 to the cube, 1 to the reserve, 1 from the reserve"


def test_describe_mentions_empty_reserve_extra_threes_and_the_end():
    state = apply_faces(position("solitaire", hands=[6], cubes=[7], reserves=[0], tally=[9]), [[3, 3, 6, 2, 2, 2]])
    assert describe_round(state) == (
        "Player 1 rolled 3,3,6,2,2,2: +1 to the cube, 1 extra 3 kept, 1 six with the reserve empty. "
        "Player 1 completes the cube and wins with a score of 5."
    )


def test_describe_multiplayer_names_the_neighbours():
    state = apply_faces(position("multi", hands=[2, 1, 4], cubes=[5, 5, 4]), [[1, 1], [6], [6, 1, 2, 5]])
    assert describe_round(state) == (
        "Player 1 rolled 1,1: 2 passed left to Player 2; Player 2 rolled 6: 1 passed right to Player 1; "
        "Player 3 rolled 6,1,2,5: 1 passed left to Player 1, 1 passed right to Player 2"
    )


def test_describe_matches_the_roll_that_apply_makes():
    state = GAME.new(3, 8, {"mode": "video"})
    assert GAME.describe(state, 0, ROLL) == describe_round(GAME.apply(state, 0, ROLL))


def test_position_refuses_counts_that_cannot_happen():
    with pytest.raises(ValueError, match="13 dice"):
        position("solitaire", hands=[8], cubes=[0], reserves=[4])
    with pytest.raises(ValueError, match="7 dice per player"):
        position("multi", hands=[7, 7, 6], cubes=[0, 0, 0])
    with pytest.raises(ValueError, match="unfinished cube"):
        position("solitaire", hands=[0], cubes=[5], reserves=[8])
    with pytest.raises(ValueError, match="eaten"):
        position("multi", hands=[0, 0, 0], cubes=[7, 7, 7])
