"""It's Mine!: whole games with bots on a simulated clock — invariants, replays,
bots' information and strength, the command line."""

import contextlib
import io
import json
import statistics

import pytest

from gelateria import cli
from gelateria.core.record import Record, Seat, decode, encode
from gelateria.core.session import Session, play
from gelateria.core.rng import Rng
from gelateria.games.itsmine.bots import BOTS, ModelHuman
from gelateria.games.itsmine.help import RULES
from gelateria.games.itsmine.rules import COUNTDOWN_MS, GAME, PAUSE_MS, TICK_MS
from gelateria.games.itsmine.sim import Planner, new_game_options, simulate

LINEUPS = [
    ["easy", "normal", "hard"],
    ["hard", "hard", "hard", "hard"],
    ["random", "easy", "normal", "hard", "normal"],
    ["normal", "normal", "normal", "normal"],
    ["random", "random", "hard"],
]


def checked_game(levels, seed):
    """Simulate a game, checking the invariants after every event."""
    n = len(levels)
    stats = {"contests": 0, "rounds_started": 1, "last_t": 0}

    def check(seat, move, before, after):
        assert move["t"] >= stats["last_t"]
        stats["last_t"] = move["t"]
        if move["a"] == "f":
            assert seat == before.turn == GAME.to_act(before)[0]
        stats["contests"] += len(after.contests)
        if after.phase == "play" and after.round != before.round:
            stats["rounds_started"] += 1
            assert after.tokens == [2] * n and after.box == 0
        everywhere = [c for piles in (after.draw, after.open, after.won) for p in piles for c in p]
        everywhere += after.discarded
        assert sorted(everywhere) == list(range(55))  # every card accounted for, once
        assert sum(after.tokens) + after.box == 2 * n and min(after.tokens) >= 0

    state, moves = simulate(levels, seed, on_event=check, strict=True)
    return state, moves, stats


def grab(piles, t):
    return {"a": "g", "p": piles, "t": t}


@pytest.mark.parametrize("levels", LINEUPS, ids=[",".join(lineup) for lineup in LINEUPS])
def test_simulated_games_keep_every_card_and_token_and_end_after_three_rounds(levels):
    for seed in range(8):
        state, moves, stats = checked_game(levels, seed)
        assert GAME.is_over(state) and state.round == 3 and stats["rounds_started"] == 3
        assert [r["round"] for r in state.history] == [1, 2, 3]
        assert state.totals == [sum(r["scores"][p] for r in state.history) for p in range(len(levels))]


def test_bots_wait_out_the_pause_after_a_call_and_still_call_during_it():
    during = flips = 0

    def check(seat, move, before, after):
        nonlocal during, flips
        paused = before.paused_until is not None and move["t"] < before.paused_until
        if move["a"] == "f":
            flips += 1
            assert not paused, "a bot flipped during the pause"
        during += move["a"] == "g" and paused

    for seed in range(6):
        state, moves = simulate(["easy", "normal", "hard", "hard"], seed, on_event=check, strict=True)
        assert GAME.is_over(state) and state.pause_ms == PAUSE_MS
    assert flips > 100 and during > 5, "calls during a pause should happen in a game of bots"


def test_a_bots_flip_is_planned_for_the_end_of_the_pause():
    state = GAME.position(3, draw=[[1], [3], [5]], favourites=[(4, 4), (0, 0), (1, 1)], turn=1, now=4000,
                          paused_until=4000 + PAUSE_MS)
    for level in ("random", "easy", "normal", "hard"):
        planner = Planner(GAME, {1: BOTS[level]()}, {1: Rng(1)})
        event = planner.next(state, state.now)
        assert event.seat == 1 and event.move == {"a": "f", "t": event.at} and event.at >= 4000 + PAUSE_MS
        GAME.apply(state, 1, event.move)


def test_the_model_human_reacts_exactly_its_delay_after_each_event():
    lovely = [0, 1]  # two strawberry cones: both favourites of seat 0
    also_lovely = [4, 5, 50, 51]  # two strawberry sticks (one favourite each) and both cherries

    def at(now, open_, **kw):
        return GAME.position(3, draw=[[40] * 5] * 3, open=open_, favourites=[(0, 0), (3, 3), (4, 4)],
                             turn=1, now=now, **kw)

    human = ModelHuman(700)
    rng = Rng(1)
    assert human.react(GAME.view(at(3000, [[], [], lovely]), 0), 3000, rng) == (3700, grab([2], 3700))
    # A second pile worth taking 300 ms later does not hurry or join the first grab...
    both = at(3300, [[], also_lovely, lovely])
    assert human.react(GAME.view(both, 0), 3300, rng) == (3700, grab([2], 3700))
    # ...it is taken 700 ms after it appeared, during the pause after the first grab.
    after = GAME.apply(both, 0, grab([2], 3700))
    assert human.react(GAME.view(after, 0), 3700, rng) == (4000, grab([1], 4000))
    # Its flip: 700 ms after its turn came, or after the pause that held it back ended.
    mine = GAME.position(3, draw=[[40]] * 3, favourites=[(0, 0), (3, 3), (4, 4)], turn=0, now=5000)
    assert ModelHuman(700).react(GAME.view(mine, 0), 5000, rng) == (5700, {"a": "f", "t": 5700})
    mine.paused_until = 5400
    assert ModelHuman(700).react(GAME.view(mine, 0), 5000, rng) == (6100, {"a": "f", "t": 6100})


def test_a_model_human_can_sit_at_a_simulated_table():
    grabs = []
    state, moves = simulate(["hard"] * 4, 3, strict=True, stand_ins={2: ModelHuman(500)},
                            on_event=lambda seat, move, before, after: grabs.append(seat) if move["a"] == "g" else None)
    assert GAME.is_over(state) and 2 in grabs


def count_contests(record):
    state = GAME.new(len(record.seats), record.seed, record.options)
    count = 0
    for seat, move in record.moves:
        state = GAME.apply(state, seat, move)
        count += len(state.contests)
    return count


def test_simultaneous_grabs_happen_in_simulated_games_and_replay_identically():
    found = 0
    for seed in range(40):
        state, moves = simulate(["hard", "hard", "hard", "hard"], seed)
        record = Record("itsmine", [Seat("bot", f"Bot {i}", "hard") for i in range(4)], seed, new_game_options(), moves)
        assert Session.from_record(decode(encode(record))).state == state
        found += count_contests(record)
        if found >= 2:
            break
    assert found >= 2, "hard bots racing for the same piles should sometimes tie"


def test_same_seed_same_game_and_moves_are_json_clean():
    a = simulate(["easy", "normal", "hard", "random"], 42)
    b = simulate(["easy", "normal", "hard", "random"], 42)
    assert a[1] == b[1] and a[0] == b[0]
    assert json.loads(json.dumps(a[1])) == a[1]
    assert simulate(["easy", "normal", "hard", "random"], 43)[1] != a[1]


def test_first_option_reaches_the_simulator():
    state, moves = simulate(["normal"] * 3, 8, {"first": 2})
    assert moves[0] == [2, moves[0][1]] and moves[0][1]["a"] == "f"
    assert state.history[0]["first"] == 2


def test_hard_bots_outscore_easy_bots():
    hard, easy = [], []
    for seed in range(24):
        levels = ["easy", "hard", "easy", "hard"] if seed % 2 else ["hard", "easy", "hard", "easy"]
        state, _ = simulate(levels, 500 + seed)
        for seat, level in enumerate(levels):
            (hard if level == "hard" else easy).append(state.totals[seat])
    assert statistics.mean(hard) > statistics.mean(easy) + 1


def test_a_bot_reacts_only_to_its_own_view():
    state = GAME.new(4, 3)
    state = GAME.apply(state, state.first, {"a": "f", "t": 700})
    for seat in range(4):
        twin = GAME.new(4, 3)
        twin = GAME.apply(twin, twin.first, {"a": "f", "t": 700})
        twin.favourites = tuple(f if p == seat else (f[1], f[0]) for p, f in enumerate(state.favourites))
        plans = []
        for s in (state, twin):
            bot = BOTS["hard"]()
            plans.append(bot.react(GAME.view(s, seat), s.now, Rng(9)))
        assert plans[0] == plans[1]


def test_bot_plans_are_timed_no_earlier_than_now_and_legal_then():
    state = GAME.new(3, 12)
    bots = [BOTS[level]() for level in ("easy", "normal", "hard")]
    rng = Rng(1)
    steps = 0
    while state.phase == "play" and steps < 60:
        plans = [(bot.react(GAME.view(state, s), state.now, rng), s) for s, bot in enumerate(bots)]
        plans = [(plan, s) for plan, s in plans if plan is not None]
        for (at, move), _ in plans:
            assert at >= state.now and move["t"] == at
        (at, move), seat = min(plans, key=lambda ps: (ps[0][0], ps[1]))
        state = GAME.apply(state, seat, move)
        steps += 1
    assert steps == 60


def test_easy_bots_react_slower_than_hard_bots():
    view = GAME.view(GAME.new(4, 1), 0)
    view["open"][1] = [view["favourite"][0] * 10 + view["favourite"][1] * 2] * 4  # a lovely pile
    delays = {}
    for level in ("easy", "hard"):
        at = [BOTS[level]().react(view, 1000, Rng(seed))[0] - 1000 for seed in range(30)]
        delays[level] = statistics.mean(at)
    assert delays["hard"] < 800 < delays["easy"]  # (a thumb needs 0.9-1 s: bots.LEVELS)


def test_next_event_leaves_human_seats_alone_and_ends_an_idle_countdown():
    state = GAME.position(
        4, draw=[[], [], [], []], open=[[1], [], [], []], favourites=[(4, 4), (0, 0), (1, 1), (2, 2)], now=3000
    )
    planner = Planner(GAME, {seat: BOTS["hard"]() for seat in (1, 2, 3)}, {seat: Rng(seat) for seat in (1, 2, 3)})
    event = planner.next(state, state.now)
    at, seat, move = event.at, event.seat, event.move
    assert planner.plans.get(0) is None
    assert seat != 0 and move == {"a": "g", "p": [0], "t": at} and at < 3000 + COUNTDOWN_MS
    state.open = [(), (), (), ()]
    state.won[1] = (2,)  # nothing worth a token is left on the table
    planner.plans = {}
    event = planner.next(state, state.now)
    assert (event.at, event.seat, event.move) == (3000 + COUNTDOWN_MS, 0, {"a": "x", "t": 3000 + COUNTDOWN_MS})


def test_turn_based_driver_can_play_it_too():
    for levels in (["normal"] * 3, ["random"] * 4):
        session = play(GAME, levels, 4)
        state, record = session.state, session.record
        assert GAME.is_over(state) and len(state.history) == 3
        assert Session.from_record(record).state == state


def run_cli(*argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["play", "itsmine", *argv])
    return code, out.getvalue()


def test_command_line_plays_three_rounds_and_prints_the_result_last():
    code, text = run_cli("--seats", "easy,bot,hard", "--seed", "5")
    assert code == 0
    result = json.loads(text.splitlines()[-1])
    assert result["game"] == "itsmine" and result["seed"] == 5
    assert result["seats"] == ["easy", "normal", "hard"]
    assert len(result["rounds"]) == 3 and len(result["scores"]) == 3
    assert result["scores"] == [sum(r[p] for r in result["rounds"]) for p in range(3)]
    assert result["winners"] == [p for p in range(3) if result["scores"][p] == max(result["scores"])]
    assert run_cli("--seats", "easy,bot,hard", "--seed", "5")[1] == text


def test_command_line_trace_prints_one_line_per_event():
    _, text = run_cli("--seats", "bot,bot,bot,bot", "--seed", "2", "--trace")
    lines = [json.loads(line) for line in text.splitlines()]
    result = lines.pop()
    assert len(lines) == result["moves"]
    assert all(line["say"].startswith(("Player", "Time is up", "Round")) for line in lines)
    assert all(line["state"]["favourites"] is None for line in lines if line["state"]["phase"] == "play")
    assert all(b["move"]["t"] >= a["move"]["t"] for a, b in zip(lines, lines[1:]))


def test_command_line_refuses_a_wrong_table():
    with contextlib.redirect_stderr(io.StringIO()) as err:
        assert run_cli("--seats", "bot,bot")[0] == 2
        assert run_cli("--seats", "bot,bot,genius")[0] == 2
    assert "3–5 players" in err.getvalue() and "genius" in err.getvalue()


def test_the_rules_page_states_the_tie_window_the_pause_and_the_countdown():
    text = " ".join(p for _, paragraphs in RULES for p in paragraphs)
    assert f"less than {TICK_MS} ms apart" in text
    assert f"pauses play for a moment ({PAUSE_MS / 1000:g} second)" in text
    assert f"{COUNTDOWN_MS // 1000}-second countdown" in text


def test_a_table_of_bots_moves_on_after_the_pause_between_rounds_at_the_time_it_ends():
    session = Session(GAME, [Seat("bot", f"Bot {i}", "easy") for i in range(3)], 4, new_game_options())
    while session.state.phase != "scored":
        session.play_event(session.next_event(session.game_time()))
    ended = session.state.now
    session.pause_ms = 5000  # (the page's pause, so that everyone sees the scores)
    event = session.next_event(ended + 300)
    assert event.at == ended + 300 + 5000 and event.move == {"a": "c", "t": ended + 5300}
    session.play_event(event)
    assert session.state.round == 2 and session.state.now == ended + 5300  # the game's clock is the page's


def test_the_page_s_bot_speed_paces_flips_never_reactions_and_replays_keep_the_game_s_time():
    session = Session(GAME, [Seat("bot", f"Bot {i}", "normal") for i in range(3)], 4, new_game_options())
    level = session.bots[0].level
    for pace, factor in ((1600, 1.6), (800, 1.0), (300, 0.5), (0, 0.15)):  # the page's slow, normal, fast, instant
        session.set_pace(pace)
        assert session.bots[0].level.flip_ms == int(level.flip_ms * factor)
        assert session.bots[0].level.react_ms == level.react_ms
    session.run()
    times = [move["t"] for _, move in session.moves]
    gaps = [session.replay_gap(i) for i in range(len(session.moves) + 1)]
    assert gaps[0] == 0 and gaps[-1] == 0
    for i in range(1, len(session.moves)):
        scored = session.at(i).phase == "scored"
        assert gaps[i] == (2500 if scored else max(40, min(1500, times[i] - times[i - 1])))
