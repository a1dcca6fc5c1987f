"""It's Mine!: one test per rule clause, on dealt games and hand-built positions."""

import copy
import json
from collections import Counter

import pytest

from gelateria.core.session import Session
from gelateria.core.game import IllegalMove, get_game
from gelateria.games.itsmine.rules import (
    CHERRIES,
    CLOSED,
    COUNTDOWN_MS,
    GAME,
    PAUSE_MS,
    TICK_MS,
    score_cards,
)

FAVS4 = [(0, 0), (1, 1), (2, 2), (3, 3)]


def ice(flavour, shape, copy_=0):
    return flavour * 10 + shape * 2 + copy_


def pos(**kw):
    kw.setdefault("favourites", FAVS4[: kw.get("players", 4)])
    players = kw.pop("players", 4)
    return GAME.position(players, **kw)


def flip(t):
    return {"a": "f", "t": t}


def grab(piles, t):
    return {"a": "g", "p": piles, "t": t}


def a_round_in_progress():
    """Seat 2 has just flipped (turn: seat 3); piles 0 and 2 are open."""
    return pos(
        draw=[[ice(4, 4)], [ice(4, 3)], [ice(4, 2)], [ice(4, 1)]],
        open=[[ice(0, 1)], [], [ice(2, 2), ice(1, 1)], []],
        turn=3,
        last_flipper=2,
        now=1000,
    )


# ------------------------------------------------------------------- setup


def test_game_is_registered_for_three_to_five_players():
    assert get_game("itsmine") is GAME
    assert (GAME.min_players, GAME.max_players) == (3, 5)
    for bad in (2, 6):
        with pytest.raises(ValueError):
            GAME.new(bad, 1)


def test_deck_is_50_ice_creams_2_cherries_3_closed_dealt_one_at_a_time_from_the_first_player():
    state = GAME.new(4, 7, {"first": 1})
    cards = [c for pile in state.draw for c in pile]
    assert sorted(cards) == list(range(55))
    kinds = Counter((c // 10, c // 2 % 5) for c in cards if c < 50)
    assert len(kinds) == 25 and set(kinds.values()) == {2}
    assert [len(p) for p in state.draw] == [13, 14, 14, 14]  # seats 1, 2, 3 got the extra cards


def test_each_player_gets_a_different_favourite_flavour_and_shape_and_two_tokens():
    state = GAME.new(5, 3)
    flavours = [f for f, _ in state.favourites]
    shapes = [s for _, s in state.favourites]
    assert sorted(flavours) == list(range(5)) and sorted(shapes) == list(range(5))
    assert state.tokens == [2] * 5 and state.box == 0


def test_first_player_of_round_one_is_the_option_or_seeded_random():
    assert GAME.new(3, 9, {"first": 2}).turn == 2
    assert GAME.new(4, 11).first == GAME.new(4, 11).first
    assert len({GAME.new(4, seed).first for seed in range(40)}) == 4
    with pytest.raises(ValueError):
        GAME.new(3, 1, {"first": 3})
    with pytest.raises(ValueError):
        GAME.new(3, 1, {"frist": 0})


# ------------------------------------------------------------------ flipping


def test_flip_turns_the_top_card_onto_the_open_pile_and_passes_the_turn_clockwise():
    state = pos(draw=[[ice(0, 0), ice(1, 2)], [ice(3, 3)], [ice(4, 4)], [ice(2, 1)]], turn=0, now=0)
    after = GAME.apply(state, 0, flip(500))
    assert after.open[0] == (ice(1, 2),)  # the top card is the last one listed
    assert after.draw[0] == (ice(0, 0),)
    assert after.turn == 1 and after.last_flipper == 0 and after.now == 500


def test_players_with_an_empty_draw_pile_are_skipped():
    state = pos(draw=[[ice(0, 0)], [], [], [ice(2, 1)]], turn=0)
    assert GAME.apply(state, 0, flip(10)).turn == 3


# ------------------------------------------------------------------ grabbing


def test_taking_another_players_pile_gives_them_your_token():
    after = GAME.apply(a_round_in_progress(), 1, grab([2], 1200))
    assert after.won[1] == (ice(2, 2), ice(1, 1))
    assert after.open[2] == ()
    assert after.tokens == [2, 1, 3, 2] and after.box == 0


def test_taking_your_own_pile_sends_the_token_to_the_box():
    after = GAME.apply(a_round_in_progress(), 2, grab([2], 1200))
    assert after.won[2] == (ice(2, 2), ice(1, 1))
    assert after.tokens == [2, 2, 1, 2] and after.box == 1


def test_several_piles_in_one_grab_cost_one_token_each():
    after = GAME.apply(a_round_in_progress(), 3, grab([0, 2], 1200))
    assert sorted(after.won[3]) == sorted([ice(0, 1), ice(2, 2), ice(1, 1)])
    assert after.tokens == [3, 2, 3, 0]


def test_after_a_grab_play_resumes_with_the_player_after_the_last_flipper():
    state = a_round_in_progress()  # seat 2 flipped last
    after = GAME.apply(state, 0, grab([2], 1200))
    assert after.turn == 3  # not seat 1, the one after the grabber
    with pytest.raises(IllegalMove, match="Player 4's turn"):
        GAME.apply(after, 1, flip(1200 + PAUSE_MS))
    assert GAME.apply(after, 3, flip(1200 + PAUSE_MS)).open[3] == (ice(4, 1),)


PAUSED = "Play is paused for a moment after a call of \"It's mine!\": wait for it to end."


def test_a_call_pauses_play_no_flip_until_the_pause_is_over():
    after = GAME.apply(a_round_in_progress(), 0, grab([2], 1200))
    assert after.paused_until == 1200 + PAUSE_MS
    # The flip is listed at its earliest legal time, the end of the pause.
    assert GAME.legal_moves(after, 3)[0] == flip(1200 + PAUSE_MS)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(after, 3, flip(1200 + PAUSE_MS - 1))
    assert str(refused.value) == PAUSED and "ms" not in PAUSED
    assert GAME.apply(after, 3, flip(1200 + PAUSE_MS)).paused_until is None  # play goes on
    # The flipper's grabs are not held back by the pause.
    assert all(m["t"] == 1200 for m in GAME.legal_moves(after, 3)[1:])


def test_a_call_during_the_pause_counts_like_any_grab_and_extends_the_pause():
    first = GAME.apply(a_round_in_progress(), 0, grab([2], 1200))
    second = GAME.apply(first, 1, grab([0], 1700))  # half-way through the pause
    assert second.won[1] == (ice(0, 1),) and second.open[0] == ()
    assert second.tokens == [2, 1, 3, 2]  # seat 1 paid seat 0; seat 2 still has seat 0's token
    assert second.paused_until == 1700 + PAUSE_MS
    with pytest.raises(IllegalMove, match="paused"):
        GAME.apply(second, 3, flip(1200 + PAUSE_MS))  # the first call's pause would be over
    assert GAME.legal_moves(second, 3)[0] == flip(1700 + PAUSE_MS)
    view = GAME.view(second, None)
    assert view["paused_until"] == 1700 + PAUSE_MS and view["pause_ms"] == PAUSE_MS


def test_a_pause_does_not_outlast_its_round_nor_touch_the_countdown():
    state = GAME.apply(all_drawn(), 3, grab([0], 14_000))
    assert state.paused_until == 14_000 + PAUSE_MS  # the countdown runs on as before
    assert GAME.legal_moves(state, 0)[-1] == {"a": "x", "t": 14_000 + COUNTDOWN_MS}
    scored = GAME.apply(state, 0, {"a": "x", "t": 14_000 + COUNTDOWN_MS})
    assert scored.paused_until is None and GAME.view(scored, 0)["paused_until"] is None
    assert GAME.apply(scored, 0, {"a": "c", "t": 20_000}).paused_until is None


def test_new_games_pause_and_the_pause_option_is_checked():
    assert GAME.new(4, 1).pause_ms == 0  # no "pause" in the options: a record from before it
    assert GAME.new(4, 1, {"pause": PAUSE_MS}).pause_ms == PAUSE_MS
    for bad in (0, 999, True, "1000"):
        with pytest.raises(ValueError, match="pause"):
            GAME.new(4, 1, {"pause": bad})
    assert get_game("itsmine").type.option_values()["pause"] == (PAUSE_MS,)


def old_record_flipping_soon_after_a_grab():
    """A record from before the pause: seat 1 grabs the first flipped card at 900 ms and
    the next seat flips 200 ms later, as bots did then."""
    from gelateria.core.record import Record, Seat

    moves = [[0, flip(700)], [1, grab([0], 900)], [1, flip(1100)], [2, flip(1800)]]
    return Record("itsmine", [Seat("bot", f"Bot {i}", "normal") for i in range(3)], 5, {"first": 0}, moves)


def test_a_record_made_before_the_pause_still_replays_as_it_was_played():
    from gelateria.core.record import RecordError, decode, encode

    record = old_record_flipping_soon_after_a_grab()
    state = Session.from_record(decode(encode(record))).state
    assert state.pause_ms == 0 and state.paused_until is None
    assert [len(pile) for pile in state.open] == [0, 1, 1] and state.won[1] and state.now == 1800
    # The same moves in a game with the pause: the flip 200 ms after the grab is refused.
    record.options["pause"] = PAUSE_MS
    with pytest.raises(RecordError, match="Move 3 .*paused"):
        Session.from_record(decode(encode(record))).state


def test_any_token_holder_may_grab_at_any_time_and_the_flipper_acts_first():
    state = a_round_in_progress()
    assert GAME.to_act(state) == [3, 0, 1, 2]
    no_tokens = pos(draw=[[1], [3], [5], [7]], open=[[9], [], [], []], tokens=[0, 3, 0, 2], turn=0)
    assert GAME.to_act(no_tokens) == [0, 1, 3]
    nothing_open = pos(draw=[[1], [3], [5], [7]], turn=2)
    assert GAME.to_act(nothing_open) == [2]


# ---------------------------------------------------------------- round end


def test_round_ends_when_nobody_holds_a_token_and_open_piles_are_discarded():
    state = pos(
        draw=[[ice(4, 4)], [ice(4, 3)], [ice(4, 2)]],
        open=[[ice(0, 0)], [CLOSED[0]], []],
        tokens=[1, 0, 0],
        favourites=FAVS4[:3],
        players=3,
    )
    after = GAME.apply(state, 0, grab([0], 100))
    assert after.phase == "scored"
    assert after.history[-1]["end"] == "tokens"
    assert after.open == [(), (), ()] and after.discarded == (CLOSED[0],)
    assert after.history[-1]["scores"] == [2, 0, 0]  # seat 0's card matches both favourites


def all_drawn(**kw):
    """Every draw pile empty; the countdown started at t=10000."""
    kw.setdefault("open", [[ice(0, 0)], [ice(1, 2)], [], []])
    return pos(draw=[[], [], [], []], now=10_000, **kw)


def test_countdown_runs_once_every_draw_pile_is_empty_and_ends_the_round():
    state = all_drawn()
    assert state.turn is None
    assert GAME.view(state, 0)["countdown"] == {"from": 10_000, "deadline": 10_000 + COUNTDOWN_MS}
    with pytest.raises(IllegalMove, match="not run out"):
        GAME.apply(state, 0, {"a": "x", "t": 10_000 + COUNTDOWN_MS - 1})
    after = GAME.apply(state, 2, {"a": "x", "t": 10_000 + COUNTDOWN_MS})
    assert after.phase == "scored" and after.history[-1]["end"] == "countdown"
    assert sorted(after.discarded) == [ice(0, 0), ice(1, 2)]


def test_the_last_flip_starts_the_countdown():
    state = pos(draw=[[], [], [ice(1, 1)], []], turn=2, now=300)
    after = GAME.apply(state, 2, flip(800))
    assert after.turn is None and after.countdown_from == 800
    assert GAME.legal_moves(after, 0)[-1] == {"a": "x", "t": 800 + COUNTDOWN_MS}


def test_a_grab_restarts_the_countdown():
    state = GAME.apply(all_drawn(), 3, grab([0], 14_000))
    assert state.countdown_from == 14_000
    with pytest.raises(IllegalMove, match="not run out"):
        GAME.apply(state, 0, {"a": "x", "t": 10_000 + COUNTDOWN_MS})
    assert GAME.apply(state, 0, {"a": "x", "t": 14_000 + COUNTDOWN_MS}).phase == "scored"


def test_a_grab_after_the_countdown_ran_out_is_too_late():
    with pytest.raises(IllegalMove, match="Too late"):
        GAME.apply(all_drawn(), 1, grab([0], 10_000 + COUNTDOWN_MS))


def test_round_ends_at_once_when_the_draw_piles_are_empty_and_the_table_is_cleared():
    state = all_drawn(open=[[ice(0, 0)], [], [], []])
    after = GAME.apply(state, 1, grab([0], 10_500))
    assert after.phase == "scored" and after.history[-1]["end"] == "cleared"


# ------------------------------------------------------------------- scoring


def test_one_point_per_single_match_two_per_double_one_per_token_and_cherry():
    favourite = (2, 3)  # vanilla sandwich
    cards = [ice(2, 3), ice(2, 3, 1), ice(2, 0), ice(4, 3), ice(4, 4), CHERRIES[0]]
    score = score_cards(cards, favourite, tokens=3)
    assert (score["both"], score["one"], score["cherries"], score["tokens"]) == (2, 2, 1, 3)
    assert score["total"] == 2 * 2 + 2 + 1 + 3


@pytest.mark.parametrize("closed, points", [(0, 0), (1, -1), (2, -2), (3, 3)])
def test_closed_cards_cost_one_each_but_all_three_score_plus_three(closed, points):
    assert score_cards(list(CLOSED[:closed]), (0, 0), tokens=0)["total"] == points


def test_round_scores_add_up_to_the_running_total():
    state = all_drawn(
        won=[[ice(0, 0), CHERRIES[0]], [*CLOSED], [ice(1, 1)], []],
        tokens=[1, 1, 2, 0],
        totals=[10, 0, 4, 4],
    )
    after = GAME.apply(state, 0, {"a": "x", "t": 20_000})
    assert after.history[-1]["scores"] == [2 + 1 + 1, 3 + 1, 0 + 2, 0]
    assert after.totals == [14, 4, 6, 4]


# ------------------------------------------------------------ rounds & end


@pytest.mark.parametrize("previous_first, expected", [(1, 2), (2, 1), (0, 1)])
def test_lowest_total_starts_next_round_ties_go_clockwise_after_previous_first(previous_first, expected):
    state = all_drawn(open=[[], [], [], []], totals=[5, 3, 3, 7], first=previous_first)
    scored = GAME.apply(state, 0, {"a": "x", "t": 20_000})
    assert scored.totals == [7, 5, 5, 9]
    nxt = GAME.apply(scored, 3, {"a": "c", "t": 21_000})
    assert nxt.round == 2 and nxt.first == expected and nxt.turn == expected


def test_every_round_is_set_up_afresh():
    state = GAME.new(4, 5)
    state = GAME.apply(state, state.first, flip(100))
    state = GAME.apply(state, 0, grab([state.last_flipper], 200))
    state.draw = [(), (), (), ()]  # jump to the end of the round (a private copy)
    state.turn, state.countdown_from = None, 200
    scored = GAME.apply(state, 1, {"a": "x", "t": 200 + COUNTDOWN_MS})
    nxt = GAME.apply(scored, 1, {"a": "c", "t": 9000})
    assert nxt.phase == "play" and nxt.round == 2
    assert sorted(c for p in nxt.draw for c in p) == list(range(55))
    assert nxt.tokens == [2, 2, 2, 2] and nxt.box == 0 and nxt.won == [(), (), (), ()]
    assert nxt.totals == scored.totals


def test_game_ends_after_the_third_round_and_ties_share_the_win():
    state = all_drawn(open=[[], [], [], []], round=3, totals=[4, 9, 9, 1])
    over = GAME.apply(state, 0, {"a": "x", "t": 20_000})
    assert GAME.is_over(over) and over.phase == "over"
    assert GAME.to_act(over) == [] and GAME.legal_moves(over, 0) == []
    assert GAME.winners(over) == [1, 2] and GAME.scores(over) == [6, 11, 11, 3]
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(over, 0, {"a": "c", "t": 30_000})


# ------------------------------------------------- simultaneous grabs (RPS)


def contested(seed, challenger=1, first_claimant=0, owner=2):
    state = pos(
        draw=[[ice(4, 4)], [ice(4, 3)], [ice(4, 2)], [ice(4, 1)]],
        open=[[], [], [], []],
        seed=seed,
        turn=3,
        last_flipper=2,
        now=900,
    )
    state.open[owner] = (ice(2, 2), ice(1, 1))
    state.tokens = [2, 2, 2, 2]
    state = GAME.apply(state, first_claimant, grab([owner], 1000))
    return state, GAME.apply(state, challenger, grab([owner], 1000 + TICK_MS - 1))


def test_simultaneous_grabs_are_settled_by_rock_paper_scissors_reproducibly():
    winners = {}
    for seed in range(30):
        _, after = contested(seed)
        (contest,) = after.contests
        assert contest["players"] == [0, 1] and contest["hands"][0] != contest["hands"][1]
        again = contested(seed)[1]
        assert again.contests == after.contests and again.won == after.won
        winners.setdefault(contest["winner"], after)
    assert set(winners) == {0, 1}
    kept = winners[0]  # first claimant keeps it; the challenger keeps their token
    assert kept.won[0] == (ice(2, 2), ice(1, 1)) and kept.won[1] == ()
    assert kept.tokens == [1, 2, 3, 2]
    lost = winners[1]  # challenger wins; the first claimant gets their token back
    assert lost.won[1] == (ice(2, 2), ice(1, 1)) and lost.won[0] == ()
    assert lost.tokens == [2, 1, 3, 2]


@pytest.mark.parametrize("first_claimant, challenger", [(2, 0), (0, 2), (1, 0)])
def test_a_contest_conserves_cards_and_tokens_whoever_owns_the_pile(first_claimant, challenger):
    for seed in range(12):
        before, after = contested(seed, challenger=challenger, first_claimant=first_claimant)
        assert sum(after.tokens) + after.box == 8
        assert min(after.tokens) >= 0
        assert sorted(c for w in after.won for c in w) == sorted([ice(2, 2), ice(1, 1)])


def test_a_grab_a_tick_after_the_pile_was_taken_is_too_slow():
    state, _ = contested(0)
    with pytest.raises(IllegalMove, match=f"was {TICK_MS} ms faster"):
        GAME.apply(state, 1, grab([2], 1000 + TICK_MS))


def test_contesting_a_grab_of_your_own_pile_needs_a_token_of_your_own():
    state = pos(draw=[[1], [3], [5], [7]], open=[[], [], [ice(2, 2)], []], tokens=[2, 2, 0, 2], turn=3)
    state = GAME.apply(state, 0, grab([2], 100))
    assert state.tokens[2] == 1
    assert not [m for m in GAME.legal_moves(state, 2) if m["a"] == "g"]
    with pytest.raises(IllegalMove, match="no catch token"):
        GAME.apply(state, 2, grab([2], 110))


# -------------------------------------------------------------- bad events


BAD_EVENTS = [
    ("grab without a token", 1, grab([0], 1200), "no catch token", {"tokens": [2, 0, 2, 2]}),
    ("grab an empty pile", 0, grab([1], 1200), "nothing to take", {}),
    ("grab the same pile twice", 0, grab([2, 2], 1200), "only one catch token", {}),
    ("grab more piles than tokens", 1, grab([0, 2], 1200), "not enough", {"tokens": [2, 1, 2, 2]}),
    ("grab a pile that does not exist", 0, grab([4], 1200), "no pile", {}),
    ("grab naming no pile", 0, grab([], 1200), "which open pile", {}),
    ("flip out of turn", 0, flip(1200), "Player 4's turn", {}),
    ("time going backwards", 3, flip(999), "before the last event", {}),
    ("expiry while cards remain", 0, {"a": "x", "t": 99_000}, "only once every draw pile", {}),
    ("continue during a round", 0, {"a": "c", "t": 1200}, "still being played", {}),
    ("unknown action", 0, {"a": "z", "t": 1200}, "not a move", {}),
    ("missing time", 3, {"a": "f"}, "missing or extra", {}),
    ("extra parts", 3, {"a": "f", "t": 1200, "p": [0]}, "missing or extra", {}),
    ("time that is not a number", 3, {"a": "f", "t": "soon"}, "no valid time", {}),
    ("negative time", 3, {"a": "f", "t": -5}, "no valid time", {}),
    ("not a move at all", 3, "flip", "not a move", {}),
    ("a seat that is not at the table", 7, flip(1200), "no player", {}),
]


@pytest.mark.parametrize("what, player, move, words, tweak", BAD_EVENTS, ids=[b[0] for b in BAD_EVENTS])
def test_bad_events_are_rejected_with_a_reason_and_change_nothing(what, player, move, words, tweak):
    state = a_round_in_progress()
    for field, value in tweak.items():
        setattr(state, field, value)
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalMove, match=words):
        GAME.apply(state, player, move)
    assert state == snapshot


def test_grabbing_an_already_taken_pile_is_rejected_and_changes_nothing():
    state = GAME.apply(a_round_in_progress(), 0, grab([2], 1200))
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalMove, match="Too slow: Player 1 was 800 ms faster to Player 3's pile"):
        GAME.apply(state, 1, grab([2], 2000))
    with pytest.raises(IllegalMove, match="You have already taken"):
        GAME.apply(state, 0, grab([2], 1210))
    assert state == snapshot


def test_apply_never_changes_the_state_it_is_given():
    state = a_round_in_progress()
    snapshot = copy.deepcopy(state)
    GAME.apply(state, 0, grab([0, 2], 1200))
    GAME.apply(state, 3, flip(1300))
    assert state == snapshot


# ------------------------------------------------------------ legal moves


def test_legal_moves_carry_the_earliest_legal_time_and_are_accepted():
    state = a_round_in_progress()
    flipper = GAME.legal_moves(state, 3)
    assert flipper[0] == {"a": "f", "t": 1000}
    assert {tuple(m["p"]) for m in flipper[1:]} == {(0,), (2,), (0, 2)}
    assert all(m["t"] == 1000 for m in flipper)
    for move in flipper:
        GAME.apply(state, 3, move)
    one_token = copy.deepcopy(state)
    one_token.tokens = [2, 1, 2, 2]
    assert GAME.legal_moves(one_token, 1) == [grab([0], 1000), grab([2], 1000)]
    assert GAME.legal_moves(all_drawn(), 2) == [grab([0], 10_000), grab([1], 10_000), grab([0, 1], 10_000),
                                                {"a": "x", "t": 10_000 + COUNTDOWN_MS}]


def test_moves_survive_a_json_round_trip():
    state = a_round_in_progress()
    for move in GAME.legal_moves(state, 3):
        assert json.loads(json.dumps(move)) == move


# ------------------------------------------------------------------- views


def test_a_player_sees_only_their_own_favourites_during_the_round():
    state = GAME.new(4, 21)
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["favourite"] == list(state.favourites[seat])
        assert view["favourites"] is None
        others = copy.deepcopy(state)
        others.favourites = tuple(f if p == seat else (4 - f[0], 4 - f[1]) for p, f in enumerate(state.favourites))
        assert GAME.view(others, seat) == view  # nothing depends on anyone else's favourites
    spectator = GAME.view(state, None)
    assert spectator["favourite"] is None and spectator["favourites"] is None


def test_views_show_the_table_but_only_the_size_of_draw_piles():
    state = a_round_in_progress()
    view = GAME.view(state, 1)
    assert view["draw"] == [1, 1, 1, 1]
    assert view["open"] == [[ice(0, 1)], [], [ice(2, 2), ice(1, 1)], []]
    assert view["tokens"] == [2, 2, 2, 2] and view["turn"] == 3 and view["round"] == 1
    assert json.loads(json.dumps(view)) == view
    reshuffled = copy.deepcopy(state)
    reshuffled.draw = [(ice(3, 3),), (ice(3, 2),), (ice(3, 1),), (ice(3, 0),)]
    assert GAME.view(reshuffled, 1) == view


def test_everyones_favourites_are_revealed_when_the_round_is_scored():
    scored = GAME.apply(all_drawn(), 0, {"a": "x", "t": 20_000})
    view = GAME.view(scored, 1)
    assert view["favourites"] == [list(f) for f in FAVS4]
    assert view["history"][0]["favourites"] == [list(f) for f in FAVS4]
    assert view["history"][0]["detail"][0]["total"] == view["history"][0]["scores"][0]


# ------------------------------------------------------------------ the log


def test_describe_tells_who_took_whose_pile_and_where_the_hearts_went():
    state = a_round_in_progress()
    assert GAME.describe(state, 1, grab([2], 1200)) == (
        "Player 2 grabbed Player 3's pile (2 cards) — It's mine! ♥ Player 2 → Player 3.")
    assert GAME.describe(state, 2, grab([2], 1200)) == (
        "Player 3 grabbed their own pile (2 cards) — It's mine! ♥ Player 3 → the box.")
    assert GAME.describe(state, 3, flip(1200)) == "Player 4 flipped a blueberry cup."
    two = GAME.describe(state, 3, grab([0, 2], 1200))
    assert two == ("Player 4 grabbed Player 1's pile (1 card) and Player 3's pile (2 cards) — It's mine! "
                   "♥ Player 4 → Player 1, Player 3.")


def test_describe_tells_a_contest_and_a_round_end():
    before, _ = contested(0)
    text = GAME.describe(before, 1, grab([2], 1010))
    assert "at the same moment as Player 1: rock-paper-scissors" in text
    won = next(seed for seed in range(30) if contested(seed)[1].contests[0]["winner"] == 1)
    text = GAME.describe(contested(won)[0], 1, grab([2], 1010))  # the hearts go back and forth
    assert text.endswith("and wins it — It's mine! Hearts: Player 1 +1, Player 2 -1.")
    ending = GAME.describe(all_drawn(), 0, {"a": "x", "t": 20_000})
    assert ending.startswith("Time is up") and "Round 1 ends: Player 1 +" in ending
