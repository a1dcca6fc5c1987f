"""One definition of a legal move per game: `apply` accepts exactly what `legal_moves`
lists for the position, and refuses every near miss with IllegalMove, leaving the
state as it was."""

import copy
import random

import pytest

from gelateria.core.game import IllegalMove, all_games, strict_key
from gelateria.core.session import play

GAMES = sorted(all_games().values(), key=lambda g: g.id)


def positions(game, count: int, seed: int):
    """(state, player) pairs met in random play (It's Mine!: simulated real time)."""
    rnd = random.Random(seed)
    found = []
    while len(found) < count:
        players = rnd.randint(game.min_players, min(game.max_players, 5))
        offered = game.type.offered_levels()
        levels = [rnd.choice(["random"] + offered[:2]) for _ in range(players)]  # (no search bots: slow)
        seen = []
        play(game, levels, rnd.randrange(10**6), on_move=lambda seat, move, before, after: seen.append(before))
        found += [(state, rnd.choice(game.to_act(state))) for state in rnd.sample(seen, min(10, len(seen))) if game.to_act(state)]
    return found[:count]


def near_misses(move, players: int):
    """Values that look like `move` but are not it: a key too many or too few, a
    number as a bool, a float or a string, a list one item longer, the piles of a
    grab doubled."""
    out = []
    if isinstance(move, dict):
        out.append({**move, "extra": 1})
        for key, value in move.items():
            out.append({k: v for k, v in move.items() if k != key})
            for bad in _wrong_types(value):
                out.append({**move, key: bad})
            if isinstance(value, list):
                out.append({**move, key: value + value[:1]})
                out.append({**move, key: []})
                for i, item in enumerate(value):
                    for bad in _wrong_types(item):
                        out.append({**move, key: value[:i] + [bad] + value[i + 1:]})
        if move.get("a") == "g":
            out.append({**move, "p": list(range(players))})
    else:
        out += [[move], {"move": move}, None, 0, True]
    return out


def _wrong_types(value):
    if isinstance(value, bool):
        return [int(value), str(value)]
    if isinstance(value, int):
        return [float(value), str(value), value == 1]
    if isinstance(value, str):
        return [[value], value + "x"]
    return []


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_listed_move_applies_and_every_near_miss_is_refused(game):
    checked = 0
    for state, player in positions(game, 60, seed=11):
        before = copy.deepcopy(game.view(state, None))
        legal = game.legal_moves(state, player)
        listed = {strict_key(game.canonical(m)) for m in legal}
        for move in legal:
            game.apply(state, player, move)
        for move in random.Random(checked).sample(legal, min(4, len(legal))):
            for miss in near_misses(move, len(game.scores(state))):
                if strict_key(game.canonical(miss)) in listed:
                    continue  # the variant happens to be another legal move
                with pytest.raises(IllegalMove):
                    game.apply(state, player, miss)
                checked += 1
        for seat in (float(player), True, str(player), -1, 99):
            with pytest.raises(IllegalMove):
                game.apply(state, seat, legal[0])
        assert game.view(state, None) == before  # refused moves changed nothing
    assert checked >= 200
