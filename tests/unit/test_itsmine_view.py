"""The It's Mine! play screen, driven without a browser: a fake app with a clock
that the test moves forward, so real-time scheduling is checked exactly."""

import re
import statistics

import pytest
from fakeapp import FakeApp, table_of

from gelateria.core.record import Seat
from gelateria.games.itsmine.bots import BOTS, LEVELS
from gelateria.games.itsmine.rules import CLOSED, COUNTDOWN_MS, GAME
from gelateria.games.itsmine.sim import Planner
from gelateria.web.views.itsmine import Scene
from gelateria.web.views.itsmine_keys import HOT_ROWS, key_groups, key_map, key_press

screen = table_of("itsmine")


def make(seats, seed=7, options=None):
    app = FakeApp()
    view = screen(app, [])
    app.screen = view
    view.seats = seats
    view.options = dict(options or {})
    view.start(seed=seed)
    return app, view


def solo(seed=7, level="normal", **kw):
    return make([Seat("human", "Ana")] + [Seat("bot", n, level) for n in ("Bo", "Chiara", "Dario")], seed, **kw)


def game_time(app, view):
    return int(app.ms - view.t0)


def scene(table):
    """What the table's view works out from its Facts, told the clock now."""
    return Scene(table.told(), table.ui)


def put(view, **position):
    """Replace the game with a hand-built position (rules' position())."""
    view.session.states[-1] = GAME.position(len(view.seats), **position)
    view.session.planner.reset()  # no plans; every bot starts afresh
    view.app.refresh()
    view.after_change()


def test_setup_offers_who_flips_first_and_starts_a_real_time_game():
    app = FakeApp()
    view = screen(app, [])
    app.screen = view
    page = view.render()
    assert 'name="opt_first"' in page and "Q\u00a0W\u00a0E\u00a0R\u00a0T, Y\u00a0U\u00a0I\u00a0O\u00a0P" in page
    form = {"seat0_kind": "human", "seat0_name": "Ana", "seat1_kind": "hard", "seat2_kind": "easy",
            "seat3_kind": "normal", "seed": "12", "opt_first": "0"}
    view.on_action("start", {"form": form})
    assert view.phase == "play" and view.options.get("first") == 0 and view.state.turn == 0
    assert [s.level for s in view.seats] == ["", "hard", "easy", "normal"]
    assert 'data-action="flip"' in app.page and "Your favourites" in app.page
    # It is the human's turn and no pile is open: nothing is scheduled, nothing moves.
    assert view.pending is None
    app.advance(20_000)
    assert view.record.moves == []


def test_a_bot_grab_arrives_at_its_planned_time():
    app, view = solo(level="hard")
    # Ana (seat 0) flips next; Chiara's open pile (seat 2) is a feast for Bo (seat 1),
    # who loves pistachio cones: cards 30 and 31 are pistachio cones, 36 a pistachio sandwich.
    put(view, draw=[[1, 2], [3], [4], [5]], open=[[], [], [30, 31, 36], []],
        favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], turn=0, now=game_time(app, view))
    # What the bots plan, computed independently with the same bots and dice.
    twin_bots = {i: BOTS["hard"]() for i in (1, 2, 3)}
    for bot in twin_bots.values():
        bot.level = view.bots[1].level
    twin_rngs = {i: view.session.rngs[i].copy() for i in (1, 2, 3)}
    # (the view already asked its bots once; ask fresh twins from the same point)
    view.session.planner.reset()
    for i in (1, 2, 3):
        view.session.rngs[i] = twin_rngs[i].copy()
    view.after_change()
    event = Planner(GAME, twin_bots, twin_rngs).next(view.state, game_time(app, view))
    at, seat, move = event.at, event.seat, event.move
    assert seat == 1 and move["a"] == "g" and move["p"] == [2]
    before = len(view.record.moves)
    app.advance(at - game_time(app, view) - 1)
    assert len(view.record.moves) == before  # not a millisecond early
    app.advance(1)
    assert view.record.moves[-1] == [1, {"a": "g", "p": [2], "t": at}]
    assert view.state.won[1] == (30, 31, 36) and view.state.tokens[1:3] == [1, 3]
    # The burst and the token flashes are drawn at once, only in the parts that changed.
    bursts = app.updated("burst2")
    assert bursts and 'data-burst="1"' in bursts[-1] and "It's mine!" in bursts[-1]
    assert 'data-flash="-1"' in app.updated("flash1")[-1] and 'data-flash="1"' in app.updated("flash2")[-1]
    assert "Bo grabbed Chiara's pile" in app.updated("log")[-1]
    assert "♥ Bo → Chiara" in view.log[-1]
    assert not app.updated("fan0")  # Ana's pile did not change: her part was left alone


def test_a_human_flips_and_grabs_with_keys_and_clicks():
    app, view = solo(options={"first": 0})
    assert view.on_key(" ")  # Space flips on Ana's turn
    assert view.record.moves[0][0] == 0 and view.record.moves[0][1]["a"] == "f"
    assert len(view.state.open[0]) == 1
    app.advance(150)
    t = game_time(app, view)
    assert view.on_key("1")  # grab her own pile: the heart goes back to the box
    seat, move = view.record.moves[-1]
    assert seat == 0 and move == {"a": "g", "p": [0], "t": t}
    assert view.state.tokens[0] == 1 and view.state.box == 1
    assert "♥ Ana → the box" in view.log[-1]
    # Over her pile, "It's mine!" is said by "You", as her seat is named (the log keeps names)
    assert '<span class="burst-name">You</span>' in app.updated("burst0")[-1]
    # A pile with nothing on it: the rules' refusal is shown, nothing else changes.
    moves = len(view.record.moves)
    view.on_action("grab", {"pile": "2"})
    assert len(view.record.moves) == moves and "nothing to take" in view.message
    assert "nothing to take" in app.updated("notice")[-1]
    # Space when a bot is to flip says whose turn it is.
    view.on_key(" ")
    assert "turn to flip" in view.message


def test_a_refusal_stays_on_screen_while_the_bots_play_on():
    """"Nothing to take" is for the player to read: a bot's flip a moment later must not
    wipe it (it clears after its time, or at the player's own next move)."""
    app, view = solo(options={"first": 1})  # Bo flips first
    view.on_action("grab", {"pile": "3"})
    refusal = view.message
    assert "nothing to take" in refusal
    moves = len(view.record.moves)
    app.advance(2500)
    assert len(view.record.moves) > moves  # the bots flipped meanwhile
    assert view.message == refusal
    app.advance(2000)
    assert view.message == ""  # its time is up


def test_key_groups_one_human_uses_the_number_keys():
    assert key_groups([2], 5) == {2: ["1", "2", "3", "4", "5"]}
    assert key_groups([0], 3) == {0: ["1", "2", "3"]}
    assert key_press(key_groups([0], 3), "3") == (0, 2)
    assert key_press(key_groups([0], 3), "4") is None  # no fourth pile
    assert key_press(key_groups([0], 3), " ") is None


@pytest.mark.parametrize("piles", [3, 4, 5])
@pytest.mark.parametrize("humans", [[0, 1], [1, 2], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4]])
def test_key_groups_give_every_hot_seat_human_their_own_keys_for_every_pile(humans, piles):
    humans = [h for h in humans if h < piles]
    groups = key_groups(humans, piles)
    assert sorted(groups) == sorted(humans)
    for seat, keys in groups.items():
        assert len(keys) == piles and len(set(keys)) == piles  # one key per pile
        assert not set(keys) & set("12345 ")  # the solo keys and Space (flip) stay free
        for other, theirs in groups.items():
            if other != seat:
                assert not set(keys) & set(theirs)  # nobody shares a key
    mapping = key_map(groups)
    assert len(mapping) == len(humans) * piles
    for seat, keys in groups.items():
        for pile, key in enumerate(keys):
            assert key_press(groups, key) == (seat, pile) == key_press(groups, key.upper())


def test_key_groups_keep_two_players_hands_apart():
    groups = key_groups([0, 1], 3)
    assert groups == {0: ["q", "w", "e"], 1: ["i", "o", "p"]}  # left hand, right hand
    assert len(HOT_ROWS) == 5
    with pytest.raises(ValueError):
        key_groups([0, 1], 6)


def test_hot_seat_humans_grab_with_their_own_keys_and_favourites_stay_hidden_until_peek():
    app, view = make([Seat("human", "Ana"), Seat("human", "Bo"), Seat("bot", "Chiara", "easy"), Seat("bot", "Dario", "easy")],
                     options={"first": 2})
    page = app.page
    fav = view.state.favourites
    assert scene(view).groups() == {0: ["q", "w", "e", "r"], 1: ["u", "i", "o", "p"]}
    assert "data-favourites" not in page and "Your favourites" not in page
    assert page.count('data-hold="peek"') == 2
    # Every pile has a button per human, each showing that human's key for the pile.
    assert page.count('data-action="grab"') == 8
    assert re.search(r'aria-label="Bo O: Bo takes Chiara&#x27;s pile"|aria-label="Bo O: Bo takes Chiara\'s pile"', page)
    # Ana holds Peek: her favourites appear, and hide when she lets go.
    view.on_hold("peek", {"seat": "0"}, True)
    favs = app.updated("favs")[-1]
    assert 'data-favourites="0"' in favs and 'data-favourites="1"' not in favs
    assert ["strawberry", "chocolate", "vanilla", "pistachio", "blueberry"][fav[0][0]] in favs
    app.advance(5000)
    assert 'data-favourites="0"' in app.updated("favs")[-1]  # still held
    view.on_hold("peek", {"seat": "0"}, False)
    assert "data-favourites" not in app.updated("favs")[-1]
    # Bo grabs pile 3 with his third key, O: one press, no reaching first.
    put(view, draw=[[1], [2], [3], [4]], open=[[], [], [40], []], favourites=list(fav), turn=3, now=game_time(app, view))
    assert view.on_key("O")  # (Shift or Caps Lock do not matter)
    assert view.record.moves[-1][0] == 1 and view.record.moves[-1][1]["p"] == [2]
    # Ana takes pile 1 with Q.
    put(view, draw=[[1], [2], [3], [4]], open=[[41], [], [], []], favourites=list(fav), turn=3, now=game_time(app, view))
    assert view.on_key("q")
    assert view.record.moves[-1][0] == 0 and view.state.won[0][-1] == 41
    # A number alone says nothing about whose hand it is: it explains the keys.
    put(view, draw=[[1], [2], [3], [4]], open=[[], [42], [], []], favourites=list(fav), turn=3, now=game_time(app, view))
    moves = len(view.record.moves)
    view.on_key("2")
    assert len(view.record.moves) == moves and "Ana Q W E R; Bo U I O P" in view.message
    # By pointer: the button names whose hand it is.
    view.on_action("grab", {"pile": "1", "hand": "1"})
    assert view.record.moves[-1][0] == 1 and view.state.won[1][-1] == 42


def test_a_call_pauses_the_flip_control_and_grabs_during_the_pause_still_count():
    from gelateria.games.itsmine import rules

    pause = getattr(rules, "PAUSE_MS", None)
    if pause is None:
        pytest.skip("these rules have no pause yet")
    app, view = solo(level="easy")
    assert pause >= 500
    fav = list(view.state.favourites)
    t = game_time(app, view)
    put(view, draw=[[1, 2], [3], [4], [5]], open=[[], [30], [31], []], favourites=fav, turn=0, now=t, pause_ms=pause)
    assert 'data-action="flip"' in app.page and "data-paused" not in app.page and "pause-ring on" not in app.page
    assert view.on_key("2")  # Ana calls for Bo's pile: play pauses
    assert view.record.moves[-1] == [0, {"a": "g", "p": [1], "t": t}]
    flip = app.updated("flip")[-1]
    assert "data-paused" in flip and "Paused…" in flip and 'aria-disabled="true"' in flip
    assert "pause-ring on" in app.updated("pause")[-1] and "It's mine! Paused" in app.updated("pause")[-1]
    # Space during the pause flips nothing and says why.
    moves = len(view.record.moves)
    app.advance(300)
    view.on_key(" ")
    assert len(view.record.moves) == moves and "paused" in view.message.lower()
    # A call during the pause counts (and the pause starts again from it).
    assert view.on_key("3")
    assert view.record.moves[-1] == [0, {"a": "g", "p": [2], "t": t + 300}] and view.state.won[0][-1] == 31
    app.advance(pause - 2)
    assert "data-paused" in app.updated("flip")[-1]
    app.advance(5)  # the pause is over: the Flip control is back, without a move happening
    assert "data-paused" not in app.updated("flip")[-1] and "pause-ring on" not in app.updated("pause")[-1]
    assert view.on_key(" ")
    assert view.record.moves[-1][1]["a"] == "f"


def test_the_countdown_is_redrawn_alone_then_expires_and_the_round_is_scored():
    app, view = make([Seat("human", "Ana")] + [Seat("bot", n, "easy") for n in ("Bo", "Chiara")])
    now = game_time(app, view)
    # Every draw pile is empty; only a Closed sign is left (no bot wants it).
    put(view, draw=[[], [], []], open=[[], [52], []], won=[[1, 11], [], [30]],
        favourites=[(0, 0), (1, 1), (3, 0)], tokens=[2, 2, 2], now=now)
    assert 'data-part="countdown"' in app.page and 'role="timer"' in app.page
    refreshes = app.refreshes
    app.advance(COUNTDOWN_MS - 100)
    ticks = app.updated("countdown")
    assert len(ticks) >= 40 and app.refreshes == refreshes  # only the countdown part, ~10 times a second
    remaining = [int(re.search(r'data-remaining="(\d+)"', m).group(1)) for m in ticks]
    assert remaining == sorted(remaining, reverse=True) and remaining[-1] <= 200
    assert view.state.phase == "play"
    app.advance(200)
    assert view.state.phase == "scored" and view.record.moves[-1][1] == {"a": "x", "t": now + COUNTDOWN_MS}
    assert app.refreshes == refreshes + 1
    page = app.page
    assert 'data-scores="1"' in page and 'data-action="next-round"' in page
    # Ana held strawberry (0) cone (0): cards 1 (strawberry cone) and 11 (chocolate cone)
    result = view.state.history[-1]
    assert result["detail"][0] == {"one": 1, "both": 1, "tokens": 2, "cherries": 0, "closed": 0, "total": 5}
    assert "Time's up: nobody took the piles" in page
    # Nothing happens between rounds until someone presses Next round.
    app.advance(30_000)
    assert view.state.phase == "scored"
    view.on_action("next-round", {})
    assert view.state.round == 2 and view.state.phase == "play"
    assert 'data-round="2"' in app.page


def test_a_grab_restarts_the_countdown():
    app, view = solo(level="easy")
    now = game_time(app, view)
    put(view, draw=[[], [], [], []], open=[[], [52], [], [3]], favourites=[(0, 0), (1, 1), (3, 0), (2, 2)], now=now)
    app.advance(3000)
    view.on_key("4")  # Ana takes the last pile 3 s into the countdown
    assert view.state.countdown_from == now + 3000
    app.advance(COUNTDOWN_MS - 10)
    assert view.state.phase == "play"
    app.advance(20)
    assert view.state.phase == "scored"


def test_bots_play_a_whole_game_even_when_every_timer_fires_late():
    app, view = make([Seat("bot", n, lvl) for n, lvl in (("Bo", "easy"), ("Chiara", "normal"), ("Dario", "hard"))], seed=3)
    app.prefs["pace"] = "fast"
    app.advance(3_000_000, late=700)
    assert view.phase == "over" and len(view.state.history) == 3
    times = [m["t"] for _, m in view.record.moves]
    assert times == sorted(times)
    page = view.render()
    assert "data-end" in page and "data-summary" in page and page.count("data-summary-row") == 3
    # The record replays to the same result.
    state = GAME.new(3, view.seed, view.options)
    for seat, move in view.record.moves:
        state = GAME.apply(state, seat, move)
    assert state.totals == view.state.totals


def test_bots_on_fast_react_at_their_level_in_whole_games_at_the_table():
    """Three bots play whole games at the table on Fast. From each game's record, a
    bot's reaction: from the flip that put the top card on a pile to its grab of it
    (pooled over a few deals: one game's few grabs are noisy). A grab's time is its
    planned time, so a busy page that fires timers late changes nothing (the test above)."""
    reactions = {"easy": [], "normal": [], "hard": []}
    for seed in (3, 5, 11, 77):
        app, view = make([Seat("bot", n, lvl) for n, lvl in (("Bo", "easy"), ("Chiara", "normal"), ("Dario", "hard"))], seed=seed)
        app.prefs["pace"] = "fast"
        app.advance(3_000_000)
        assert view.phase == "over"
        last_flip = {}
        for seat, move in view.record.moves:
            if move["a"] == "f":
                last_flip[seat] = move["t"]
            elif move["a"] == "c":
                last_flip = {}
            elif move["a"] == "g":
                reactions[view.record.seats[seat].level] += [move["t"] - last_flip[o] for o in move["p"] if o in last_flip]
    medians = {level: statistics.median(times) for level, times in reactions.items()}
    assert all(len(times) >= 20 for times in reactions.values()), reactions
    assert medians["easy"] > medians["normal"] > medians["hard"] >= LEVELS["hard"].react_ms, medians


def test_pace_makes_bots_flip_sooner_but_never_react_faster():
    app, view = solo()
    view.on_action("pace", {"pace": "instant"})
    level = view.bots[1].level
    assert level.flip_ms < 200 and level.react_ms == LEVELS["normal"].react_ms


def test_names_with_markup_are_text_and_other_favourites_never_leak():
    app, view = make([Seat("human", "<b>Ana</b>")] + [Seat("bot", n, "normal") for n in ("Bo", "Chiara", "Dario")])
    page = app.page
    assert "<b>Ana" not in page and "&lt;b&gt;Ana&lt;/b&gt;" in page
    assert page.count("data-favourites") == 1  # only the human's own, in the side panel


def test_a_saved_game_resumes_on_its_own_clock_and_the_bots_play_on():
    app, view = solo(options={"first": 0})
    view.on_key(" ")
    app.advance(4000)
    view.close()  # leaving writes the last events to the save
    moves = len(view.record.moves)
    last_t = view.state.now
    assert moves > 1 and app.saves.get(view.save_id).record.moves == view.record.moves
    app.ms += 60_000  # an hour later, the tab is opened again at its address
    again = screen(app, ["resume", view.save_id])
    app.screen = again
    assert again.phase == "play" and again.state.now == last_t
    app.refresh()
    again.mounted()
    assert again.clock() == last_t  # the game's clock goes on from its last event
    for _ in range(11):  # Ana flips whenever it is her turn (after a call's pause too)
        app.advance(500)
        if again.state.turn == 0:
            again.on_key(" ")
    assert len(again.record.moves) > moves + 1 and any(seat != 0 for seat, _ in again.record.moves[moves:])
    times = [m["t"] for _, m in again.record.moves]
    assert times == sorted(times) and times[moves] - last_t < 6000


def test_leaving_the_screen_stops_every_timer():
    app, view = solo(options={"first": 1})
    assert view.pending is not None
    view.close()
    assert app.timers == {}


def test_a_stale_tab_stops_the_clock_and_saves_nothing_over_the_newer_game():
    from fakeapp import FakeApp, started
    from gelateria.core.record import Seat
    from gelateria.web.storage import SaveStore
    make = table_of("itsmine")

    seats = [Seat("bot", "Bo", "normal"), Seat("bot", "Cy", "normal"), Seat("bot", "Di", "normal")]
    app, first = started(make, seats=seats, seed=5)
    app.screen = first
    app.advance(3_000)
    first.flush()
    other = FakeApp(saves=SaveStore(app.saves.backend))
    second = make(other, ["resume", first.save_id])
    other.screen = second
    other.refresh()
    other.advance(3_000)
    second.flush()
    newest = other.saves.get(first.save_id).record.moves
    first.on_storage(first.save_id)
    assert first.stale
    moves = len(first.record.moves)
    app.advance(5_000)
    for seat in range(3):  # not a hand can land in the stale tab, whoever it is
        assert not first.act(seat, {"a": "f", "t": scene(first).move_time()})
        assert not first.act(seat, {"a": "g", "p": [seat], "t": scene(first).move_time()})
    first.flush()
    assert len(first.record.moves) == moves  # no bot goes on in the stale tab
    assert app.saves.get(first.save_id).record.moves == newest


def test_leaving_right_after_an_event_saves_it_and_keeps_the_address_the_player_went_to():
    app, view = solo()
    for _ in range(100):  # bots flip and grab until a save is waiting (saves are throttled)
        app.advance(100)
        if "save" in view.timers:
            break
    assert "save" in view.timers and view.record.moves
    app.path = "/"  # the player clicked Home: the router set the new address
    view.close()
    assert app.path == "/"
    assert app.saves.get(view.save_id).record.moves == view.record.moves


def test_focus_goes_to_the_flip_control_in_play_and_to_the_heading_elsewhere():
    app = FakeApp()
    view = screen(app, [])
    app.screen = view
    assert view.focus_home() == "h1"  # the new-game panel: no game, no Flip
    app, view = solo(options={"first": 0})
    assert view.focus_home() == "[data-action='flip']"
    view.on_key(" ")
    assert view.focus_home() == "h1"  # a bot flips next


def test_a_favourite_is_in_the_facts_of_its_own_seat_only_and_only_while_peek_is_held():
    import json

    app, view = make([Seat("human", "Ana"), Seat("human", "Bo"), Seat("bot", "Chiara", "easy")], options={"first": 2})
    favourites = [list(f) for f in view.state.favourites]

    def secrets() -> list:
        """Whose favourite the table's Facts hold, as they would go over the wire."""
        text = view.facts().to_json()
        return [seat for seat, fav in enumerate(favourites) if '"favourite":' + json.dumps(fav, separators=(",", ":")) in text]

    facts = view.facts()
    assert facts.viewer is None and facts.view["favourite"] is None and secrets() == []
    assert [moves is not None for moves in facts.legal_by_seat] == [True, True, False]  # both humans move here
    view.on_hold("peek", {"seat": "1"}, True)
    assert view.facts().viewer == 1 and secrets() == [1]
    view.on_hold("peek", {"seat": "0"}, True)  # two hold theirs: the latest is shown
    assert view.facts().viewer == 0 and secrets() == [0]
    view.on_hold("peek", {"seat": "0"}, False)
    assert view.facts().viewer == 1 and secrets() == [1]
    view.on_hold("peek", {"seat": "2"}, True)  # a bot's seat: nobody's to show
    view.on_hold("peek", {"seat": "1"}, False)
    assert view.facts().viewer is None and secrets() == []


def test_a_flip_sends_the_page_only_the_pieces_it_changed():
    app, view = solo(options={"first": 0})
    refreshes, app.updates[:] = app.refreshes, []
    assert view.on_key(" ")
    assert app.refreshes == refreshes  # not the page: real time goes on around the player
    # Ana's card, her pile and name line, the Flip control, whose turn (Bo's name line,
    # the strip), how many are left, the log.
    assert sorted(selector for selector, _ in app.updates) == sorted(
        f'[data-part="{part}"]' for part in ("log", "status", "facts", "flip", "head0", "draw0", "fan0", "grab0", "head1"))
    assert sum(len(markup) for _, markup in app.updates) < 5000  # (a phone's pile draws the top card again)


def test_the_turn_tab_says_what_the_status_says_and_each_top_card_is_named_in_words():
    """Issue 32: your own seat's tab said "flips next" while the status said it was your
    turn; on a phone the cards' own words are too small, so the top card is named under its pile."""
    app, view = solo(options={"first": 0})
    put(view, draw=[[1, 2], [3], [4], [5]], open=[[], [30, 31], [], []],
        favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], turn=0, now=game_time(app, view))
    page = app.page
    tab = re.search(r'data-part="head0".*?<span class="turn-flag" data-turn-mark="">([^<]*)<', page, re.S)
    assert tab and tab.group(1) == "Your turn" and "Your turn: flip!" in page
    assert top_words(app.page, 1) == ["pistachio", "cone", "2 cards"]  # Bo's top card, and how many
    put(view, draw=[[1, 2], [3], [4], [5]], open=[[], [], [], []],
        favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], turn=1, now=game_time(app, view))
    tab = re.search(r'data-part="head1".*?<span class="turn-flag" data-turn-mark="">([^<]*)<', app.page, re.S)
    assert tab and tab.group(1) == "flips next" and "Bo flips next" in app.page


def top_words(page: str, pile: int) -> list[str]:
    """The words beside a phone's pile (its top card, then how many cards), ★ and all."""
    words = re.search(rf'data-part="fan{pile}".*?data-card-label="">(.*?)</span></div>', page, re.S)
    lines = re.split(r'(?=<span class="(?:top-|pile-count))', words.group(1))
    return [w for w in (re.sub(r"<[^>]+>", "", line).strip() for line in lines) if w]


def fans(page: str) -> str:
    """Every open pile's markup (its pictures and words)."""
    return "".join(re.findall(r'data-part="fan\d".*?data-card-label="">.*?</span></div>', page, re.S))


def pile_label(page: str, pile: int) -> str:
    return re.search(rf'data-part="fan{pile}".*?<svg[^>]*aria-label="([^"]*)"', page, re.S).group(1).replace("&#x27;", "'")


def test_cards_that_match_your_favourites_are_starred_in_pictures_and_words():
    """Issue 32: nothing linked your secret favourites to the cards on the piles, and the
    "+1"/"+2" tags were not explained. A card with your flavour or shape has a star per
    match (said once beside your favourites), the words beside a phone's pile star the
    matching word, the pile's label counts them; your own pile is "Your" pile."""
    app, view = solo(options={"first": 0})
    # Ana likes strawberry cups; Bo's top card is a strawberry cup over a pistachio cone,
    # Chiara's a chocolate cup, Dario's a blueberry stick; Ana's own a cherry.
    put(view, draw=[[1], [3], [4], [5]], open=[[50], [31, 2], [12], [45]],
        favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], turn=0, now=game_time(app, view))
    page = app.page
    assert top_words(page, 1) == ["★strawberry", "★cup", "2 cards"]
    assert top_words(page, 2) == ["chocolate", "★cup"]
    assert top_words(page, 3) == ["blueberry", "stick"]
    assert top_words(page, 0) == ["cherry", "+1 point"]
    assert pile_label(page, 1).endswith("(1 card matches your favourites)")
    assert "match" not in pile_label(page, 3)
    assert pile_label(page, 0) == "Your open pile, 1 card: cherry"
    assert "take your own pile" in page and "Ana&#x27;s" not in page and "Ana's" not in page
    assert '<span class="star-tag">★</span> on a card: your flavour or shape' in page  # (a gold tag, as on the cards)
    assert fans(page).count("★★") == 2  # Bo's strawberry cup, in the full fan and on top of a phone's pile


def test_hot_seat_stars_show_only_while_their_player_holds_peek():
    app, view = make([Seat("human", "Ana"), Seat("human", "Bo"), Seat("bot", "Chiara", "easy"), Seat("bot", "Dario", "easy")],
                     options={"first": 2})
    put(view, draw=[[1], [3], [4], [5]], open=[[2], [2], [2], [2]],
        favourites=[(0, 1), (0, 1), (1, 2), (2, 4)], turn=2, now=game_time(app, view))
    assert fans(app.page).count("data-card-label") == 4 and "★" not in fans(app.page)  # no favourites shown, no stars
    view.on_hold("peek", {"seat": "0"}, True)  # (the piles are sent as pieces)
    assert top_words(app.updated("fan3")[-1], 3) == ["★strawberry", "★cup"]
    view.on_hold("peek", {"seat": "0"}, False)
    assert "★" not in app.updated("fan3")[-1]


def test_the_strip_counts_everyones_cards_to_flip_and_the_hand_bar_yours():
    """Issue 32: "55 to flip" in the strip beside "14 left" in the hand bar: two numbers,
    neither saying whose cards it counted; then "Everyone: 55 to flip" was cryptic."""
    app, view = solo(options={"first": 0})
    put(view, draw=[[1, 2], [3, 4, 5], [6], [7]], open=[[], [], [], []],
        favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], turn=0, now=game_time(app, view))
    strip = re.search(r'data-part="facts".*?data-left="(\d+)">([^<]*)<', app.page, re.S)
    assert strip and strip.groups() == ("7", "7 cards left to flip")
    assert re.search(r'class="flip-left">You: 2 to flip<', app.page)


def test_the_continue_line_says_which_round_and_who_leads():
    """Issue 32: a saved game's line said only "34 moves · Ana 0 · Bo 0 · …"."""
    app, view = solo()
    assert view.saving.save_summary(False).startswith("Round 1 of 3 · Ana 0")  # nobody leads before a round is scored
    put(view, draw=[[1], [3], [4], [5]], favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], round=2, totals=[4, 9, 2, 9],
        now=game_time(app, view))
    assert view.saving.save_summary(False).startswith("Round 2 of 3 · Bo and Dario share the lead · Ana 4 · Bo 9")
    put(view, draw=[[1], [3], [4], [5]], favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], round=3, totals=[12, 9, 2, 9],
        now=game_time(app, view))
    assert view.saving.save_summary(False).startswith("Round 3 of 3 · Ana leads · Ana 12")


def tally_rows(markup: str) -> list[tuple]:
    """The hand bar's tally as a player reads it: (name, hearts, cards) per seat, yours marked."""
    return [(name + (" (you)" if "me" in classes.split() else ""), hearts, cards) for classes, name, hearts, cards in re.findall(
        r'<li class="([^"]*)"[^>]*><span class="tally-name">([^<]*)</span>'
        r'<span class="tally-hearts[^"]*" role="img" aria-label="([^"]*)">.*?<span class="tally-cards">([^<]*)<', markup)]


def test_the_hand_bar_says_what_a_heart_is_for_and_tallies_everyones_hearts_and_cards():
    """Issue 32: during play nothing said what the hearts were for, nor how many cards
    each player had taken; the tally under Flip says both, and a grab redraws it alone."""
    app, view = solo(options={"first": 0})
    put(view, draw=[[1, 2], [3], [4], [5]], open=[[], [30, 31], [], []], won=[[], [], [40, 41, 42], []],
        tokens=[2, 2, 0, 3], favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], turn=0, now=game_time(app, view))
    tally = re.search(r'<section class="tally".*?</section>', app.page, re.S)
    assert tally and "Each grab costs a heart; each heart kept scores 1." in tally.group(0)
    assert tally_rows(tally.group(0)) == [("You (you)", "2 hearts", "0 cards"), ("Bo", "2 hearts", "0 cards"),
                                          ("Chiara", "no hearts left", "3 cards"), ("Dario", "3 hearts", "0 cards")]
    refreshes, app.updates[:] = app.refreshes, []
    assert view.on_key("2")  # Ana takes Bo's two cards: her heart goes to Bo
    assert app.refreshes == refreshes
    assert tally_rows(app.updated("tally")[-1]) == [("You (you)", "1 heart", "2 cards"), ("Bo", "3 hearts", "0 cards"),
                                                    ("Chiara", "no hearts left", "3 cards"), ("Dario", "3 hearts", "0 cards")]
    app.updates[:] = []
    app.advance(2000)  # (the pause after her call is over)
    assert view.on_key(" ") and len(view.state.open[0]) == 1
    assert app.updated("fan0") and not app.updated("tally")  # a flip changes nobody's hearts or cards


def name_lines(page: str) -> list[tuple]:
    """Each pile's name line as a player reads it: (name, hearts in words, hearts as drawn)."""
    return [(name, label, len(re.findall(r"<use ", pic)) * "♥" + more) for name, label, pic, more in re.findall(
        r'<span class="seat-name">([^<]*)</span>.*?<span class="hearts[^"]*" role="img" aria-label="([^"]*)">(<svg.*?</svg>)'
        r'(?:<span class="heart-more">([^<]*)</span>)?', page, re.S)]


def test_your_pile_says_you_and_a_seat_with_no_hearts_shows_zero_not_none():
    """Review of issue 32: the one human's pile read "Ana" (theirs, by a name they may not
    know is theirs), and a seat without hearts read "none", like a missing value."""
    app, view = solo(options={"first": 0})
    put(view, draw=[[1, 2], [3], [4], [5]], tokens=[2, 0, 5, 3], favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], turn=0,
        now=game_time(app, view))
    page = app.page
    assert name_lines(page) == [("You", "2 hearts", "♥♥"), ("Bo", "no hearts left", "♥×0"), ("Chiara", "5 hearts", "♥×5"),
                                ("Dario", "3 hearts", "♥♥♥")]
    assert re.findall(r'<article [^>]*aria-label="([^"]*)"', page) == [
        "Your place", "Bo&#x27;s place", "Chiara&#x27;s place", "Dario&#x27;s place"]
    assert ">none<" not in page
    assert view.on_key(" ")  # the log keeps her name
    assert "<li>Ana flipped a strawberry cup.</li>" in app.updated("log")[-1]


def test_hot_seat_piles_keep_every_players_name():
    app, view = make([Seat("human", "Ana"), Seat("human", "Bo"), Seat("bot", "Chiara", "easy"), Seat("bot", "Dario", "easy")])
    assert [name for name, _, _ in name_lines(app.page)] == ["Ana", "Bo", "Chiara", "Dario"]
    assert "Your place" not in app.page


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_cards_words_under_its_picture_stay_inside_its_border(lang):
    """Each card's words under the picture (a flavour and shape, "cherry", "closed"), as
    wide as they are set (squeezed to their room, else as estimated), lie inside the
    card's border with a little margin ("영업 종료" used to touch it)."""
    from gelateria.core import i18n
    from gelateria.web.views import itsmine_art as art

    i18n.set_language(lang)
    try:
        faces = {card: str(art.card_face(card)) for card in range(max(CLOSED) + 1)}
    finally:
        i18n.set_language("en")
    out = []
    for card, face in faces.items():
        for attrs, words in re.findall(r'<text ([^>]*text-anchor="middle"[^>]*)>([^<]*)</text>', face):
            x, size = float(re.search(r'\bx="([\d.]+)"', attrs)[1]), float(re.search(r'font-size="([\d.]+)"', attrs)[1])
            if x < art.INDEX_W:
                continue  # (the index strip's points)
            squeezed = re.search(r'textLength="([\d.]+)"', attrs)
            width = float(squeezed[1]) if squeezed else sum(1.0 if ord(c) > 0x2E7F else 0.58 for c in words) * size
            if not art.INDEX_W + 1 <= x - width / 2 <= x + width / 2 <= art.CW - 2:
                out.append((card, words, x - width / 2, x + width / 2))
    assert out == [], out


def test_a_pile_you_took_says_you_took_it():
    """A pile the one human emptied read "Taken by Ana" to Ana, who is "You" everywhere
    else on the table (a review of the Japanese and Korean screens)."""
    app, view = solo(options={"first": 0})
    put(view, draw=[[1, 2], [3], [4], [5]], open=[[], [30, 31], [], []], tokens=[2, 2, 0, 3],
        favourites=[(0, 1), (3, 0), (1, 2), (2, 4)], turn=0, now=game_time(app, view))
    assert view.on_key("2")  # Ana takes Bo's two cards
    assert re.findall(r'<span class="fan-empty"[^>]*>([^<]*)<', app.updated("fan1")[-1]) == ["Taken by you"]
