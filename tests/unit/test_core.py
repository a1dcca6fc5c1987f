"""The game-agnostic core: RNG, hex grid, record codec."""

import base64
import json
import random
import zlib

import pytest

from gelateria.core import hexgrid
from gelateria.core.record import (
    CODEC_VERSION,
    FORMAT_VERSION,
    Record,
    RecordError,
    Seat,
    clean_name,
    decode,
    encode,
)
from gelateria.core.rng import Rng


# --- RNG -------------------------------------------------------------------------

def test_same_seed_gives_same_numbers():
    a, b = Rng(42), Rng(42)
    assert [a.next_u32() for _ in range(100)] == [b.next_u32() for _ in range(100)]


def test_different_seeds_differ():
    assert [Rng(1).next_u32() for _ in range(5)] != [Rng(2).next_u32() for _ in range(5)]


def test_known_sequence_is_stable_across_versions():
    # Pinned so that an innocent-looking change to the generator, which would break
    # every saved game and shared link, fails here first.
    r = Rng(2026)
    assert [r.below(1000) for _ in range(6)] == [730, 857, 527, 178, 81, 337]


def test_copy_continues_identically():
    a = Rng(9)
    a.next_u32()
    b = a.copy()
    assert [a.die() for _ in range(20)] == [b.die() for _ in range(20)]


def test_below_is_in_range_and_roughly_uniform():
    r = Rng(7)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.below(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(50))
    s1 = Rng(3).shuffled(items)
    s2 = Rng(3).shuffled(items)
    assert s1 == s2 and sorted(s1) == items and s1 != items


def test_random_float_in_unit_interval():
    r = Rng(11)
    xs = [r.random() for _ in range(1000)]
    assert all(0 <= x < 1 for x in xs) and 0.45 < sum(xs) / 1000 < 0.55


def test_fork_does_not_advance_parent():
    a = Rng(5)
    before = a.state
    child = a.fork(1)
    assert a.state == before and child.next_u32() != Rng(5).next_u32()


def test_below_rejects_empty_range():
    with pytest.raises(ValueError):
        Rng(1).below(0)


# --- hex grid ----------------------------------------------------------------------

def test_six_distinct_neighbours_at_distance_one():
    ns = hexgrid.neighbours((2, -1))
    assert len(set(ns)) == 6
    assert all(hexgrid.distance((2, -1), n) == 1 for n in ns)


def test_distance_examples():
    assert hexgrid.distance((0, 0), (3, -3)) == 3
    assert hexgrid.distance((0, 0), (2, 1)) == 3
    assert hexgrid.distance((-1, 4), (-1, 4)) == 0


def test_within_radius_counts():
    # 1 + 3 r (r + 1) hexes in a hexagon of radius r
    for radius in range(6):
        cells = list(hexgrid.within((4, -2), radius))
        assert len(cells) == len(set(cells)) == 1 + 3 * radius * (radius + 1)
        assert all(hexgrid.distance((4, -2), c) <= radius for c in cells)


def test_axes_cover_all_directions():
    opposite = {hexgrid.scale(a, -1) for a in hexgrid.AXES}
    assert set(hexgrid.AXES) | opposite == set(hexgrid.DIRECTIONS)


def test_run_through_stops_at_gaps():
    filled = {(0, 0), (0, 1), (0, 2), (0, -1), (0, 4)}
    run = hexgrid.run_through((0, 0), hexgrid.SOUTH, lambda h: h in filled)
    assert run == [(0, -1), (0, 0), (0, 1), (0, 2)]


def test_pixel_round_trip():
    for h in hexgrid.within((0, 0), 4):
        x, y = hexgrid.to_pixel(h, 10)
        assert hexgrid.from_pixel(x + 2, y - 3, 10) == h


def test_flat_top_north_is_straight_up():
    x0, y0 = hexgrid.to_pixel((0, 0), 10)
    xn, yn = hexgrid.to_pixel(hexgrid.NORTH, 10)
    assert abs(xn - x0) < 1e-9 and yn < y0


def test_neighbour_centres_are_equidistant():
    c = hexgrid.to_pixel((0, 0), 10)
    ds = {round(((p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2) ** 0.5, 6) for p in map(lambda h: hexgrid.to_pixel(h, 10), hexgrid.neighbours((0, 0)))}
    assert len(ds) == 1


def test_bounds_contain_every_corner():
    cells = list(hexgrid.within((1, 1), 2))
    x, y, w, h = hexgrid.bounds(cells, 10)
    for cell in cells:
        for cx, cy in hexgrid.corners(cell, 10):
            assert x - 1e-6 <= cx <= x + w + 1e-6 and y - 1e-6 <= cy <= y + h + 1e-6


# --- records and links ---------------------------------------------------------------

def sample_record(moves=None):
    return Record(
        game="gelati",
        seats=[Seat("human", "Ana"), Seat("bot", "Bo", "normal")],
        seed=123456789,
        options={},
        moves=moves if moves is not None else [[0, {"t": 5, "at": [1, -2]}], [1, {"t": 9, "at": [0, 2]}]],
    )


def test_record_round_trip():
    rec = sample_record()
    back = decode(encode(rec))
    assert back == rec


def test_link_is_url_safe_and_versioned():
    link = encode(sample_record())
    assert link[0] == CODEC_VERSION
    assert all(c.isalnum() or c in "-_" for c in link)


def test_names_with_markup_survive_as_text():
    rec = sample_record()
    rec.seats[0].name = "<img src=x onerror=alert(1)>"
    assert decode(encode(rec)).seats[0].name == rec.seats[0].name


def test_clean_name_trims_and_caps():
    assert clean_name("  Ana\n\t ", "P1") == "Ana"
    assert clean_name("x" * 100, "P1") == "x" * 32
    assert clean_name("", "P1") == "P1"
    assert clean_name(None, "P2") == "P2"


def _pack(obj) -> str:
    return _pack_text(json.dumps(obj))


def _pack_text(text: str) -> str:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = text.encode()
    return CODEC_VERSION + base64.urlsafe_b64encode(comp.compress(raw) + comp.flush()).decode().rstrip("=")


@pytest.mark.parametrize(
    "link, words",
    [
        ("", "empty"),
        ("x" * 70_000, "too long"),
        ("zABC", "not a Gelateria link"),
        ("9ABC", "different version"),
        ("1!!!!", "damaged"),
        (encode(sample_record())[:-10], "damaged"),
        (_pack([1, 2, 3]), "not a Gelateria game"),
        (_pack({"g": "gelati", "v": FORMAT_VERSION + 1, "s": [], "seed": 1}), "newer version"),
        (_pack({"g": "gelati", "v": 1, "s": [], "seed": 1}), "players"),
        (_pack({"g": "gelati", "v": 1, "s": [{"k": "alien"}, {"k": "human"}], "seed": 1}), "neither a human nor a bot"),
        (_pack({"g": "gelati", "v": 1, "s": [{"k": "bot", "l": "normal"}, {"k": "human"}], "seed": -4}), "seed"),
        (_pack({"g": "gelati", "v": 1, "s": [{"k": "bot", "l": "normal"}, {"k": "human"}], "seed": 4, "m": [[3, {}]]}), "Move 1"),
        (_pack({"g": "gelati", "v": 1, "s": [{"k": "bot", "l": "genius"}, {"k": "human"}], "seed": 4}), "kind of bot"),
        (_pack({"g": "gelati", "v": 1, "s": [{"k": "bot", "l": ["normal"]}, {"k": "human"}], "seed": 4}), "kind of bot"),
        (_pack({"g": "chess", "v": 1, "s": [{"k": "human"}], "seed": 4}), "does not have"),
        (_pack({"g": "gelatinous", "v": 1, "s": [{"k": "human"}], "seed": 4, "o": {"mode": "turbo"}}), "setting"),
        (_pack({"g": "gelatinous", "v": 1, "s": [{"k": "human"}], "seed": 4, "o": {"mode": ["solitaire"]}}), "setting"),
        (_pack({"g": "itsmine", "v": 1, "s": [{"k": "human"}] * 3, "seed": 4, "o": {"first": True}}), "setting"),
        (_pack({"g": "genial", "v": 1, "s": [{"k": "human"}] * 2, "seed": 4, "m": [[0, "pass"]] * 301}), "far more"),
        (_pack_text('{"g":"gelati","v":1,"s":' + "[" * 5000 + "]" * 5000 + "}"), "not readable"),
    ],
)
def test_bad_links_get_a_clear_message(link, words):
    with pytest.raises(RecordError, match=words):
        decode(link)


def test_decompression_bomb_is_refused():
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = comp.compress(b'{"g":"' + b"a" * 5_000_000 + b'"}') + comp.flush()
    link = CODEC_VERSION + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(link) < 64_000
    with pytest.raises(RecordError, match="far more"):
        decode(link)


def test_two_thousand_random_and_mutated_links_fail_cleanly():
    rnd = random.Random(2026)
    good = encode(sample_record())
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=.%/#"
    outcomes = {"ok": 0, "error": 0}
    for i in range(2000):
        if i % 2:
            s = list(good)
            for _ in range(rnd.randint(1, 6)):
                op = rnd.randrange(3)
                pos = rnd.randrange(len(s))
                if op == 0:
                    s[pos] = rnd.choice(alphabet)
                elif op == 1:
                    del s[pos]
                else:
                    s.insert(pos, rnd.choice(alphabet))
            link = "".join(s)
        else:
            link = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 300)))
        try:
            decode(link)
            outcomes["ok"] += 1
        except RecordError:
            outcomes["error"] += 1
    assert outcomes["error"] > 1500


def test_a_new_session_records_the_option_defaults_and_a_recorded_one_keeps_its_options():
    from gelateria.core.game import get_game
    from gelateria.core.record import Record, Seat
    from gelateria.core.session import Session

    game = get_game("itsmine")
    seats = [Seat("bot", f"B{i}", "easy") for i in range(3)]
    assert Session(game, seats, 4).record.options == {"pause": 1000}
    assert Session(game, seats, 4, {"first": 2}).record.options == {"pause": 1000, "first": 2}
    old = Session.from_record(Record("itsmine", seats, 4, {}, []))  # made before the pause existed
    assert old.record.options == {} and old.view(None)["pause_ms"] == 0


def test_automatic_seats_move_when_due_a_player_on_auto_by_the_games_own_move():
    from gelateria.core.game import get_game
    from gelateria.core.record import Seat
    from gelateria.core.session import Session

    dice = get_game("gelatinous")  # its only move makes itself (GameType.auto_move: the roll)
    you = Session(dice, [Seat("human", "Ana")], 3)
    assert you.automatic == set() and you.next_event(0) is None  # a player's roll waits for them
    you.set_automatic(0, True)  # Auto
    event = you.next_event(100)
    assert event.seat == 0 and you.play_event(event) and you.moves == [[0, {"a": "roll"}]]
    robo = Session(dice, [Seat("bot", "Robo", "normal")], 3)
    assert robo.automatic == {0} and robo.next_event(0) is not None  # a bot moves by itself
    robo.set_automatic(0, False)  # paused
    assert robo.next_event(0) is None
    tiles = Session(get_game("gelati"), [Seat("human", "Ana"), Seat("bot", "Bo", "normal")], 3)
    with pytest.raises(ValueError):
        tiles.set_automatic(0, True)  # every move of Gelati is a decision: nobody's is left to the game
