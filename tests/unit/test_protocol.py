"""One conformance suite for every registered game (like OpenSpiel's random_sim_test):
random play-outs through the session, and the contract every other part of the box
relies on. Each game keeps only its own rule tests; this file never names a game.
"""

from __future__ import annotations

import json
import pickle
import re

import pytest

from gelateria.core.game import HIDDEN, TURNS, IllegalMove, all_games
from gelateria.core.record import Record, Seat, decode, encode
from gelateria.core.rng import Rng
from gelateria.core.session import Session, bot_seats

GAMES = sorted(all_games().values(), key=lambda game: game.id)


def seat_counts(game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def played(game, players: int, seed: int) -> Session:
    """A whole game of random bots, every event through the session (strict: a bot's
    refused move fails the test)."""
    return Session(game, bot_seats(game, ["random"] * players), seed).run(strict=True)


def sample(states: list, most: int = 25) -> list[int]:
    step = max(1, len(states) // most)
    return list(range(0, len(states), step))


@pytest.fixture(scope="module", params=GAMES, ids=lambda game: game.id)
def games_played(request):
    game = request.param
    return game, [played(game, n, seed) for n in seat_counts(game) for seed in (1, 2)]


def test_every_game_declares_its_type_and_describes_its_moves(games_played):
    game, sessions = games_played
    kind = game.type
    assert kind.information in ("perfect", "hidden") and kind.timing in ("turns", "real_time")
    assert "random" in kind.levels() and kind.offered_levels(), "the panel offers at least one bot level"
    for option in kind.options:
        assert option.values and (option.default is None or option.default in option.values)
    for session in sessions:
        assert len(session.log) == len(session.moves) + 1 and all(isinstance(line, str) and line for line in session.log)
        # Words a player reads: where a move was is said in words, never as coordinates.
        assert not [line for line in session.log if re.search(r"\(-?\d+, ?-?\d+\)", line)]


def test_random_playouts_end_with_scores_and_winners_for_every_seat(games_played):
    game, sessions = games_played
    for session in sessions:
        n = len(session.seats)
        assert session.is_over() and session.to_act() == []
        assert len(game.scores(session.state)) == n
        assert set(game.winners(session.state)) <= set(range(n))
        assert len(session.moves) <= game.max_moves


def test_apply_never_changes_its_input_and_every_listed_move_applies(games_played):
    game, sessions = games_played
    session = sessions[0]
    for i in sample(session.states, 15):
        state = session.states[i]
        if game.is_over(state):
            continue
        frozen = pickle.dumps(state)
        for seat in game.to_act(state):
            for move in game.legal_moves(state, seat)[:40]:
                game.apply(state, seat, move)  # IllegalMove here is a contract break
        assert pickle.dumps(state) == frozen


def test_a_move_that_is_not_listed_is_refused_and_changes_nothing(games_played):
    game, sessions = games_played
    state = sessions[0].states[0]
    seat = game.to_act(state)[0]
    frozen = pickle.dumps(state)
    for junk in ({"nonsense": True}, None, [1, 2], "x", 1.5):
        with pytest.raises(IllegalMove):
            game.apply(state, seat, junk)
    assert pickle.dumps(state) == frozen


def secret_sightings(game, sessions) -> dict:
    """For each view key that shows a seat something a spectator does not (a secret):
    [how often another seat's view holds the same value, how often it was looked at]."""
    seen: dict = {}
    for session in sessions:
        n = len(session.seats)
        for i in sample(session.states):
            public = game.view(session.states[i], None)
            views = [game.view(session.states[i], seat) for seat in range(n)]
            for q in range(n):
                for key, value in views[q].items():
                    if public.get(key) == value:
                        continue
                    for p in set(range(n)) - {q}:
                        count = seen.setdefault(key, [0, 0])
                        count[0] += views[p].get(key) == value
                        count[1] += 1
    return seen


def test_views_are_json_and_a_seat_sees_no_other_seats_secrets(games_played):
    game, sessions = games_played
    for session in sessions:
        for i in sample(session.states):
            for seat in [None] + list(range(len(session.seats))):
                view = game.view(session.states[i], seat)
                assert json.loads(json.dumps(view)) == view  # plain JSON, nothing lost
    if game.type.information != HIDDEN:
        return
    seen = secret_sightings(game, sessions)
    assert seen, "a hidden-information game whose seats see nothing a spectator does not"
    # Two hands may match by chance; a secret every other seat also sees is a leak.
    leaked = {key: f"{same} of {looks}" for key, (same, looks) in seen.items() if same > 0.9 * looks}
    assert not leaked, f"secrets other seats see too: {leaked}"


def test_the_secret_check_catches_a_view_that_shows_everyone_everything():
    from race_game.rules import GAME as race

    class Leaky(type(race)):
        def view(self, state, player):
            v = super().view(state, player)
            if player is not None:
                v["all_lucky"] = list(state.lucky)  # everyone's secret, to every seat
            return v

    leaky = Leaky()
    leaky.type = race.type
    sessions = [Session(leaky, bot_seats(leaky, ["random"] * 3), seed).run() for seed in (1, 2)]
    seen = secret_sightings(leaky, sessions)
    assert seen["all_lucky"][0] == seen["all_lucky"][1]  # seen by every other seat, every time
    assert seen["lucky"][0] < seen["lucky"][1]


def test_records_round_trip_and_replay_to_the_same_positions(games_played):
    game, sessions = games_played
    for session in sessions:
        record = session.record
        again = decode(encode(record))
        assert again.to_dict() == record.to_dict()
        replayed = Session.from_record(again)
        assert replayed.log == session.log
        for i in sample(session.states, 8):
            assert pickle.dumps(session.at(i)) == pickle.dumps(Session.from_record(record, i).state)


def test_undo_lands_where_the_game_type_says(games_played):
    game, _ = games_played
    players = game.min_players
    seats = [Seat("human", "Me")] + [Seat("bot", f"Bot {i}", "random") for i in range(1, players)]
    session = Session(game, seats, 3)
    rng = Rng(3)
    # Play until the human has moved and it is their turn again (or the game ends).
    for _ in range(400):
        if session.is_over():
            break
        acting = session.to_act()
        mine = [i for i, (seat, _) in enumerate(session.moves) if seat == 0]
        if acting and acting[0] == 0 and mine:
            break
        event = session.next_event(0)
        if acting and acting[0] == 0:
            session.submit(0, rng.choice(session.legal(0)))
        elif event is not None:
            session.play_event(event)
        else:
            session.submit(acting[0], rng.choice(session.legal(acting[0])))
    target = session.undo_target()
    if not game.type.can_undo():
        assert target is None
        return
    assert game.type.timing == TURNS
    assert target is not None and session.moves[target][0] == 0, "undo goes back to before the human's turn"
    states = list(session.states)
    session.undo()
    assert len(session.moves) == target and session.state is states[target]
    assert 0 in session.to_act() and len(session.log) == target + 1
    session.undo_floor = target
    assert session.undo_target() is None or session.undo_target() >= target


def test_a_record_for_another_seat_count_or_an_unknown_level_is_refused():
    from gelateria.core.record import RecordError, from_dict

    for game in GAMES:
        too_many = Record(game.id, [Seat("bot", "B", "random")] * (game.max_players + 1), 1, {}, [])
        with pytest.raises(RecordError):
            from_dict(too_many.to_dict())
        odd_level = Record(game.id, [Seat("bot", "B", "grandmaster")] * game.min_players, 1, {}, [])
        with pytest.raises(RecordError):
            from_dict(odd_level.to_dict())
