"""The Gelatinous table driven without a browser: setup, rolling, auto, odds, bests."""

import re

import pytest
from fakeapp import FakeApp, click, started, table_of

from gelateria.core.record import Seat
from gelateria.games.gelatinous import odds
from gelateria.games.gelatinous.rules import CALLER
from gelateria.web.views import gelatinous as view
from gelateria.web.views.gelatinous import BEST_KEY, STATS_KEY, ending, rolling

GelatinousScreen = table_of("gelatinous")


def make(prefs=None):
    app = FakeApp(prefs)
    screen = GelatinousScreen(app)
    app.screen = screen
    app.refresh()
    return app, screen


def roll(table) -> bool:
    return click(table, "roll")


def auto(table) -> bool:
    """Auto is on: the caller's rolls come by themselves."""
    return CALLER in table.facts().automatic


def animating(table) -> bool:
    return rolling(table.ui) or ending(table.facts(), table.ui)


def odds_panel(table) -> str:
    return str(table.parts().side)


def seat_rows(html):
    return re.findall(r'data-seat="(\d)"', html)


def form_of(screen, **extra):
    form = {"opt_mode": screen.options["mode"], "seed": str(screen.seed)}
    for i, seat in enumerate(screen.seats):
        form[f"seat{i}_name"] = seat.name
        form[f"seat{i}_kind"] = "human" if seat.kind == "human" else "normal"
    form.update(extra)
    return form


def test_the_new_game_panel_offers_three_modes_and_one_seat_for_solitaire():
    app, screen = make()
    html = app.page
    for mode in ("solitaire", "video", "multi"):
        assert f'data-mode="{mode}"' in html
    assert 'aria-checked="true" data-action="mode" data-mode="solitaire"' in html
    assert len(seat_rows(html)) == 1
    assert ">Automatic</option>" in html and ">Bot</option>" not in html


def test_mode_switch_changes_the_seats_and_keeps_typed_names():
    app, screen = make()
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen, seat0_name="Zoë")})
    assert screen.options["mode"] == "multi" and len(screen.seats) == 3
    assert screen.seats[0].name == "Zoë" and screen.seats[0].kind == "human"
    assert len(seat_rows(app.page)) == 3
    assert screen.seat_limits() == (3, 6)
    # Add up to six; the add button is then disabled.
    for _ in range(5):
        screen.on_action("add-seat", {"form": form_of(screen)})
    assert len(screen.seats) == 6 and 'data-action="add-seat" disabled' in app.page
    screen.on_action("mode", {"mode": "video", "form": form_of(screen)})
    assert len(screen.seats) == 6 and screen.seat_limits() == (2, 6)
    screen.on_action("mode", {"mode": "solitaire", "form": form_of(screen)})
    assert len(screen.seats) == 1 and screen.seats[0].name == "Zoë"
    assert 'data-action="remove-seat" disabled' in app.page
    screen.on_action("mode", {"mode": "video", "form": form_of(screen)})
    assert len(screen.seats) == 2


def test_an_unknown_mode_is_refused_with_a_message():
    app, screen = make()
    screen.on_action("mode", {"mode": "chess", "form": form_of(screen)})
    assert screen.options["mode"] == "solitaire" and "Choose solitaire" in app.page
    screen.on_action("start", {"form": form_of(screen, opt_mode="<chess>")})
    assert screen.state.mode == "solitaire"


def test_solitaire_by_clicking_roll_to_the_end():
    app, screen = make()
    screen.on_action("start", {"form": form_of(screen, seed="7")})
    assert screen.phase == "play" and 'data-tally="0"' in app.page
    assert re.search(r'<section class="table gelatinous"[^>]* data-mode="solitaire"', app.page)  # (its layout reads it)
    rolls = 0
    while screen.phase == "play":
        screen.on_action("roll", {})
        rolls += 1
        if screen.phase == "play":
            assert f'data-round="{rolls}"' in app.page
            assert "gel-fresh" in app.page  # the new roll animates
    assert screen.state.tally[0] == rolls
    # The end screen waits for the last roll to play out, then appears.
    assert "data-end" not in app.page
    app.run_timers()
    assert "data-end" in app.page
    if screen.state.status[0] == "won":
        assert 'data-outcome="won"' in app.page and "Lower scores are better" in app.page
    else:
        assert 'data-outcome="lost"' in app.page and "Out of dice: the jelly wins!" in app.page
    # Alone, there are no "same players" to rematch: the game is simply played again.
    assert ">Play again<" in app.page and "Rematch" not in app.page


def test_space_and_enter_roll_other_keys_settle_the_animation():
    app, screen = make()
    screen.start(seed=3)
    assert screen.on_game_key(" ") and screen.state.round == 1
    assert screen.on_game_key("Enter") and screen.state.round == 2
    assert animating(screen)
    assert not screen.on_game_key("Tab") and animating(screen)
    screen.on_game_key("x")
    assert not animating(screen)
    assert app.updates and app.updates[-1][0] == "[data-board]" and "gel-fresh" not in app.updates[-1][1]


def test_auto_plays_to_the_end_and_stops():
    app, screen = make({"pace": "fast"})
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    screen.on_action("add-seat", {"form": form_of(screen)})
    screen.on_action("start", {"form": form_of(screen, seed="11")})
    assert len(screen.state.hands) == 4
    screen.on_action("auto", {})
    assert auto(screen) and 'aria-pressed="true"' in app.page
    app.run_timers()
    assert screen.phase == "over" and not auto(screen)
    assert "data-end" in app.page
    assert app.timers == {}


def test_auto_can_be_paused():
    app, screen = make()
    screen.start(seed=2)
    screen.on_action("auto", {})
    handle = screen.pending  # a human caller: the session calls the rolls for them
    assert handle in app.timers
    screen.on_action("auto", {})
    assert not auto(screen) and screen.pending is None and handle not in app.timers


def test_an_automatic_first_player_rolls_by_itself():
    app, screen = make()
    screen.seats = [Seat("bot", "Robo", "normal")]
    screen.start(seed=4)
    assert auto(screen)
    app.run_timers()
    assert screen.phase == "over"


def test_a_game_come_back_to_with_an_automatic_caller_waits_for_roll_or_auto():
    app, screen = make()
    screen.seats = [Seat("bot", "Robo", "normal")]
    screen.start(seed=4)
    app.timers.clear()  # the tab closed before the first roll
    again = GelatinousScreen(app, ["resume", screen.save_id])
    again.mounted()
    app.run_timers()
    assert not auto(again) and again.record.moves == [] and again.phase == "play"


def test_multiplayer_and_video_boards_show_every_player():
    app, screen = make()
    screen.on_action("mode", {"mode": "video", "form": form_of(screen)})
    screen.on_action("start", {"form": form_of(screen, seed="5")})
    screen.on_action("roll", {})
    assert app.page.count('class="mat ') == 2
    # The table says its mode: the layout with others' mats reads it (static/gelatinous.css).
    assert re.search(r'<section class="table gelatinous"[^>]* data-mode="video"', app.page)
    screen.on_action("new-game", {})
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    screen.on_action("start", {"form": form_of(screen, seed="5")})
    screen.on_action("roll", {})
    assert app.page.count('class="mat ') == 3 and "1s go to" in app.page
    assert re.search(r'<section class="table gelatinous"[^>]* data-mode="multi"', app.page)


def test_odds_come_after_the_render_and_are_cached():
    view._ODDS.clear()
    app, screen = make()
    screen.start(seed=9)
    assert 'data-odds="working"' in app.page
    app.run_timers()
    selector, panel = app.updates[-1]
    assert selector == "[data-odds]" and 'data-odds="ready"' in panel and "chance that you finish" in panel
    assert "data-histogram" in panel
    app.updates.clear()
    app.refresh()
    assert 'data-odds="ready"' in app.page and not app.timers  # cached: nothing to compute


def test_multiplayer_odds_are_simulated_in_slices():
    view._ODDS.clear()
    app, screen = make()
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    screen.start(seed=9)
    steps = app.run_timers()
    assert steps >= 2 * odds.SIM_GAMES // odds.SIM_CHUNK  # here and from the start
    panel = app.updates[-1][1]
    assert 'data-odds="ready"' in panel and f"Worked out by playing {odds.SIM_GAMES:,} games" in panel


def test_while_the_odds_are_worked_out_the_page_gets_a_few_drawings_not_one_per_slice():
    """Each drawing is a message the page morphs: on a slow phone ten a second queued up in
    front of the player's tap."""
    from gelateria.web.drawing import WORK_DRAW_MS
    view._ODDS.clear()
    app, screen = make()
    app.tick = 10.0  # every look at the clock costs 10 ms: a slow phone, where the work takes its time
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    screen.start(seed=9)
    app.updates.clear()
    began = app.ms
    slices = app.run_timers()
    drawn = [panel for selector, panel in app.updates if selector == "[data-odds]"]
    # Drawn on the way (at most once per WORK_DRAW_MS of work), then when done; not after
    # each of the slices.
    assert 2 <= len(drawn) <= (app.ms - began) / WORK_DRAW_MS + 1 and slices > 4 * len(drawn)
    assert 'data-odds="ready"' in drawn[-1] and all('data-odds="ready"' not in p for p in drawn[:-1])


def play_solitaire(app, screen, seed):
    screen.start(seed=seed)
    while screen.phase == "play":
        roll(screen)
    app.run_timers()
    return screen.state


def find_seed(won: bool, better_than=None, worse_than=None):
    from gelateria.games.gelatinous.rules import GAME

    for seed in range(1, 500):
        state = GAME.new(1, seed, {"mode": "solitaire"})
        while not GAME.is_over(state):
            state = GAME.apply(state, 0, {"a": "roll"})
        score = state.tally[0] - state.hands[0]
        if bool(GAME.winners(state)) != won:
            continue
        if better_than is not None and not score < better_than:
            continue
        if worse_than is not None and not score > worse_than:
            continue
        return seed, score
    raise AssertionError("no such seed")


def test_personal_best_updates_only_on_a_better_solitaire_win():
    app, screen = make()
    seed, score = find_seed(True, worse_than=3)
    play_solitaire(app, screen, seed)
    assert app.prefs[BEST_KEY] == score and "personal best" in app.page
    assert app.prefs[STATS_KEY] == {"played": 1, "won": 1}
    worse_seed, worse = find_seed(True, worse_than=score)
    play_solitaire(app, screen, worse_seed)
    assert app.prefs[BEST_KEY] == score and f"personal best here is {score}" in app.page
    lost_seed, _ = find_seed(False)
    play_solitaire(app, screen, lost_seed)
    assert app.prefs[BEST_KEY] == score and app.prefs[STATS_KEY] == {"played": 3, "won": 2}
    better_seed, better = find_seed(True, better_than=score)
    play_solitaire(app, screen, better_seed)
    assert app.prefs[BEST_KEY] == better and "A new personal best!" in app.page
    assert f'data-best="{better}"' in app.page


@pytest.mark.parametrize("junk", ["12", None, 3.5, True, [1], {"x": 1}, -10**9])
def test_a_corrupt_personal_best_is_ignored_not_fatal(junk):
    app, screen = make({BEST_KEY: junk, STATS_KEY: "lots"})
    assert "Personal best" in app.page or screen.phase == "setup"
    seed, score = find_seed(True)
    play_solitaire(app, screen, seed)
    assert app.prefs[BEST_KEY] == score
    assert app.prefs[STATS_KEY] == {"played": 1, "won": 1}


def test_video_and_multi_games_reach_their_end_screens_with_mode_wording():
    from gelateria.games.gelatinous.rules import GAME

    def outcome(seed):
        state = GAME.new(3, seed, {"mode": "multi"})
        while not GAME.is_over(state):
            state = GAME.apply(state, 0, {"a": "roll"})
        return GAME.outcome(state)

    eaten = next(seed for seed in range(1, 2000) if outcome(seed) == "eaten")
    app, screen = make({"pace": "instant"})
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    screen.start(seed=eaten)
    screen.on_action("auto", {})
    app.run_timers()
    assert 'data-outcome="eaten"' in app.page and "Everyone was eaten!" in app.page
    assert "of 8 in the cube" in app.page and "Nobody wins" not in app.page
    app, screen = make({"pace": "instant"})
    screen.on_action("mode", {"mode": "video", "form": form_of(screen)})
    screen.start(seed=3)
    screen.on_action("auto", {})
    app.run_timers()
    assert "data-end" in app.page and "Lower scores are better" in app.page


def test_names_with_markup_are_text_everywhere():
    app, screen = make()
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen, seat0_name="<b>x</b>")})
    screen.start(seed=1)
    roll(screen)
    assert "<b>x</b>" not in app.page and "&lt;b&gt;x&lt;/b&gt;" in app.page
    app.run_timers()
    assert "<b>x</b>" not in app.page


def test_the_board_renders_fast_enough():
    import time

    app, screen = make()
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    for _ in range(3):
        screen.on_action("add-seat", {"form": form_of(screen)})
    screen.start(seed=8)
    roll(screen)
    times = []
    for _ in range(20):
        screen.ui.rolled_at, screen.ui.roll_k = screen.clock(), 1.0
        t = time.perf_counter()
        screen.render()
        times.append(time.perf_counter() - t)
    assert min(times) < 0.03  # the best of 20, so a busy machine does not fail it


def test_sliced_exact_solitaire_odds_match_the_rules_package():
    from gelateria.games.gelatinous.rules import position

    state = position("solitaire", hands=[6], cubes=[3], reserves=[4], tally=[5])
    entry = odds.solitaire_entry(state)
    steps = 0
    while not entry["done"]:
        odds.step_solitaire(entry)
        steps += 1
    exact = odds.odds_for(state, tol=odds.EXACT_TOL)
    assert steps > 5
    assert entry["win"][0] == pytest.approx(exact["win"][0], abs=1e-12)
    assert entry["nobody"] == pytest.approx(exact["nobody"], abs=1e-12)
    assert entry["mean_rounds"] == pytest.approx(exact["mean_rounds"], abs=1e-9)
    assert entry["median"] == exact["median_score"]
    assert entry["scores"] == pytest.approx(exact["scores"], abs=1e-12)


def test_a_reloaded_game_comes_back_and_replays_step_by_step():
    app, screen = make()
    screen.on_action("mode", {"mode": "video", "form": form_of(screen)})
    screen.start(seed=12)
    for _ in range(3):
        roll(screen)
    assert app.path.startswith("/gelatinous/play/")
    again = GelatinousScreen(app, app.path.split("/")[2:])  # the address, as a reload opens it
    app.screen = again
    app.refresh()
    assert again.phase == "play" and again.state == screen.state
    assert 'data-round="3"' in app.page and "gel-fresh" not in app.page
    again.on_action("replay", {})
    assert again.phase == "replay" and "Replay" in app.page
    again.on_action("replay-first", {})
    assert 'data-round="0"' in app.page
    app.run_timers()  # odds for the replayed position
    again.on_action("replay-leave", {})
    assert again.phase == "play" and 'data-round="3"' in app.page
    roll(again)
    assert again.state.round == 4


def test_players_who_never_finished_show_no_score_and_the_winner_is_named():
    from fakeapp import FakeApp, started as start_table
    from gelateria.core.record import Seat
    make = GelatinousScreen

    for seed in range(40):
        app, table = start_table(make, seats=[Seat("bot", "Ana", "normal"), Seat("bot", "Bo", "normal")], seed=seed,
                                 app=FakeApp(prefs={"pace": "instant"}))
        app.screen = table
        table.options = {"mode": "video"}
        table.start(seed=seed)
        app.run_timers()
        state = table.state
        unfinished = [p for p in range(2) if not table.chrome.has_score(p)]
        if table.phase == "over" and unfinished and table.game.winners(state):
            break
    else:
        raise AssertionError("no video game with a winner and a player who did not finish in 40 deals")
    page = table.chrome.end_screen()
    winner = table.names()[table.game.winners(state)[0]]
    assert f"{winner} wins" in page
    assert all(table.chrome.score_text(p, 0).startswith("—") for p in unfinished)
    (saved,) = [s for s in app.saves.load_all() if s.over]
    assert saved.summary.startswith(f"{winner} wins") and "—" in saved.summary


# --- issue 18: steady, followable, keyboard -------------------------------------------------

def tags(html: str, pattern: str) -> list[str]:
    return re.findall(pattern, html)


def odds_lines(panel: str) -> list[str]:
    """The panel's shape: its elements' tags and classes, in order (not their text; a
    chart's insides are drawn in a box of fixed size)."""
    panel = re.sub(r"(<svg[^>]*>).*?</svg>", r"\1", str(panel), flags=re.S)
    return [(tag, cls.split()[:1]) for tag, cls in re.findall(r"<(\w+)(?: [^>]*?class=\"([^\"]*)\")?", panel)]


def test_the_odds_panel_keeps_its_shape_while_the_next_odds_are_worked_out():
    for mode in ("solitaire", "multi"):
        view._ODDS.clear()
        app, screen = make()
        screen.on_action("mode", {"mode": mode, "form": form_of(screen)})
        screen.start(seed=9)
        working = odds_panel(screen)
        assert 'data-odds="working"' in working and "…" in working  # placeholders hold the places
        app.run_timers()
        ready = odds_panel(screen)
        assert 'data-odds="ready"' in ready
        if mode == "solitaire":  # the start's chance: its line's place kept, empty, until it is known
            assert re.search(r'class="odds-start unknown">[^…<]*<strong></strong>', working), working
            assert 'class="odds-start"' in ready and "unknown" not in ready
        roll(screen)
        busy = odds_panel(screen)
        # The last odds stay, dimmed, with the same lines: nothing in the column moves.
        assert 'data-odds="busy"' in busy and 'aria-busy="true"' in busy
        assert odds_lines(busy) == odds_lines(ready) == odds_lines(working), mode
        assert re.findall(r'class="big-num">([^<]*)<', busy) == re.findall(r'class="big-num">([^<]*)<', ready)
        app.run_timers()
        assert 'data-odds="ready"' in odds_panel(screen)


def test_the_last_odds_stay_dimmed_at_the_end():
    view._ODDS.clear()
    app, screen = make({"pace": "instant"})
    screen.start(seed=3)
    app.run_timers()
    while screen.phase == "play":
        roll(screen)
        app.run_timers()
    panel = odds_panel(screen)
    assert 'data-odds="over"' in panel and "the odds before the last roll" in panel


def test_the_strip_says_the_round_and_the_cubes():
    app, screen = make()
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    screen.start(seed=5)
    assert "Ready to roll" in screen.chrome.status_line() and "All cubes 0/8" in screen.parts().strip
    for _ in range(3):
        roll(screen)
    players = screen.chrome.public()["players"]
    top = max(p["cube"] for p in players)
    strip = str(screen.parts().strip)
    assert "Round 3" in screen.chrome.status_line()
    assert f"{top}</b>/8" in strip
    assert screen.parts().strip.count("<span>") <= 2  # the leader, and the caller if behind
    app, screen = make()
    screen.start(seed=5)
    roll(screen)
    p = screen.chrome.public()["players"][0]
    assert f"Hand <b>{p['hand']}</b>" in screen.parts().strip and "Round 1" in screen.chrome.status_line()


def test_each_round_draws_new_pictures_and_a_redraw_mid_roll_keeps_them_rolling():
    app, screen = make()
    screen.on_action("mode", {"mode": "video", "form": form_of(screen)})
    screen.start(seed=5)
    roll(screen)
    first = tags(app.page, r'class="mat-art" id="([^"]+)"')
    assert first == ["gel-art-0-r1", "gel-art-1-r1"] and "gel-fresh" in app.page
    screen.on_action("sheet", {})  # any redraw while the dice roll: they go on rolling
    assert "gel-fresh" in app.page and tags(app.page, r'class="mat-art" id="([^"]+)"') == first
    app.advance(view.ANIM_MS + 10)  # played out: the board is drawn settled
    selector, board = app.updates[-1]
    assert selector == "[data-board]" and "gel-fresh" not in board and 'data-action="settle"' not in board
    roll(screen)
    assert tags(app.page, r'class="mat-art" id="([^"]+)"') == ["gel-art-0-r2", "gel-art-1-r2"]
    assert 'class="zone-label bump"' in app.page or "to the cube" not in app.page  # a count that changed flashes


def test_roll_is_where_the_keyboard_goes_and_stays_focusable_at_the_end():
    app, screen = make({"pace": "instant"})
    screen.start(seed=3)
    assert screen.focus_home() == "[data-action='roll']"
    assert 'class="keys-hint"' in app.page  # hidden by CSS on touch screens
    while screen.phase == "play":
        roll(screen)
    app.run_timers()
    roll_button = re.search(r'<button[^>]*data-action="roll"[^>]*>', app.page).group(0)
    # aria-disabled, not disabled: a disabled button would drop the focus to the page.
    assert 'aria-disabled="true"' in roll_button and " disabled" not in roll_button
    assert not roll(screen)  # and it does nothing


def words(html: str) -> str:
    """The text a player reads (tags and attributes left out)."""
    return re.sub(r"<[^>]*>", " ", html)


def test_the_panels_speak_of_rolls_not_of_a_deal_of_tiles_and_cards():
    app, screen = make()
    screen.on_action("copy-deal", {"form": form_of(screen)})
    setup = words(app.page)
    assert "Game number" in setup and "Link to these rolls" in setup and "the very same rolls" in setup
    screen.on_action("start", {"form": form_of(screen, seed="5")})
    shared = words(str(screen.chrome.share_panel()))
    assert "Same rolls" in shared and "the rolls to come included" in shared
    for text in (setup, shared):
        assert not re.search(r"\bdeal\b|tiles|cards", text, re.IGNORECASE), re.findall(r".{30}(?:deal|tiles|cards).{30}", text)


def test_a_phone_shows_your_mat_whole_and_the_others_small():
    # (gelatinous.css draws a mat of class "other" small on a phone, its counts in its head)
    app, screen = make()
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    screen.on_action("add-seat", {"form": form_of(screen)})
    screen.on_action("start", {"form": form_of(screen, seed="5")})
    screen.on_action("roll", {})
    mats = re.findall(r'<article class="mat p(\d) st-\w+ (mine|other)', app.page)
    assert mats == [("0", "mine"), ("1", "other"), ("2", "other"), ("3", "other")]
    assert app.page.count('class="mat-counts"') == 4 and "Cube " in app.page


# --- issue 32: your own mat, and the last roll drawn as dice ---------------------------------

def mat_of(page: str, seat: int) -> str:
    """One player's mat in a render."""
    return re.search(rf'<article class="mat [^"]*" data-seat="{seat}".*?</article>', page, re.S).group(0)


def mat_heading(page: str, seat: int) -> str:
    return re.search(r"<h2>(.*?)</h2>", mat_of(page, seat)).group(1)


def against_bots(mode: str, seed: int = 5):
    seats = [Seat("human", "Ana")] + [Seat("bot", name, "normal") for name in ("Bo", "Chiara")][:2 if mode == "multi" else 1]
    app, screen = started(GelatinousScreen, seats=seats, seed=seed, options={"mode": mode})
    app.screen = screen
    return app, screen


@pytest.mark.parametrize("lang, you", [("en", "You"), ("ja", "あなた"), ("ko", "나")])
def test_one_player_reads_their_own_mat_as_theirs(lang, you):
    from gelateria.core import i18n

    i18n.set_language(lang)
    for mode in ("solitaire", "video", "multi"):
        app, screen = against_bots(mode) if mode != "solitaire" else started(GelatinousScreen, seed=5)
        app.screen = screen
        roll(screen)
        page = screen.render()
        assert mat_heading(page, 0) == you and " mine" in mat_of(page, 0).partition(">")[0], mode
        if mode != "solitaire":
            assert [mat_heading(page, seat) for seat in range(1, len(screen.seats))] == [s.name for s in screen.seats[1:]]
            assert f'class="odds-name">{you}<' in str(screen.parts().side)  # who will win: you, and the bots by name
        assert "Ana" not in words(str(screen.parts().board) + str(screen.parts().strip) + str(screen.parts().side)), mode


def test_the_strip_says_you_lead_or_how_you_stand():
    app, screen = against_bots("multi")  # (a deal where Ana trails, then leads alone)
    while screen.phase == "play":
        roll(screen)
        players = screen.chrome.public()["players"]
        top = max(p["cube"] for p in players)
        strip = words(str(screen.parts().strip))
        if players[0]["cube"] == top and [p["cube"] for p in players].count(top) == 1:
            assert re.search(r"You lead\s+\d\s*/8", strip), strip
            return
        if top:
            assert re.search(r"You\s+\d\s*/8", strip), strip
    raise AssertionError("Ana never led alone: the test needs another deal")


def test_players_sharing_one_screen_keep_their_names():
    app, screen = make()
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    names = ["Ana", "Bo", "Chiara"]
    form = form_of(screen, **{f"seat{i}_name": name for i, name in enumerate(names)},
                   **{f"seat{i}_kind": "human" for i in range(3)})
    screen.on_action("start", {"form": {**form, "seed": "5"}})
    assert len(screen.humans()) == 3
    roll(screen)
    assert [mat_heading(app.page, seat) for seat in range(3)] == names
    assert ">You<" not in app.page


def test_the_last_roll_is_drawn_as_dice_named_in_words():
    app, screen = against_bots("multi")
    roll(screen)
    page = app.page
    assert not re.search("[⚀-⚅]", page)  # no font glyphs: the dice are drawn
    for seat, p in enumerate(screen.chrome.public()["players"]):
        faces = p["last"]["faces"]
        row = re.search(r'<p class="last-roll">(.*?)</p>', mat_of(page, seat), re.S).group(1)
        assert words(row).strip().startswith("Rolled")  # a heading the eye sees before the dice (the dice say it to a reader)
        label = re.search(r'<span class="gel-dice" role="img" aria-label="([^"]+)"', row).group(1)
        spoken = ", ".join(map(str, faces[:-1])) + (f" and {faces[-1]}" if len(faces) > 1 else str(faces[-1]))
        assert label == f"Rolled {spoken}"
        drawn = re.findall(r'<svg viewBox="0 0 (\d+) \1" width="(\d+)"[^>]*class="gel-die"', row)
        assert len(drawn) == len(faces) and all(int(width) >= 20 for _v, width in drawn)
        # each die shows its face: as many pips as the number it is named by
        pips = [d.count('class="pip"') for d in re.findall(r'<svg[^>]*class="gel-die".*?</svg>', row, re.S)]
        assert pips == faces


# --- issue 32: what each multiplayer hint means, in words where it is seen -------------------

def test_the_multiplayer_hints_say_in_words_what_they_mean():
    from gelateria.web.views.gelatinous_art import PLAYER_COLOURS

    app, screen = against_bots("multi")
    names = ["You", "Bo", "Chiara"]
    received = None
    while screen.phase == "play" and received is None:
        roll(screen)
        players = screen.chrome.public()["players"]
        received = next((seat for seat, p in enumerate(players) if any(g["dice"] for g in p["last"]["received"])), None)
    page = app.page
    assert re.search(r'class="caller-tag">you roll for everyone<', mat_of(page, 0))  # not "call the rolls"
    for seat, p in enumerate(players):  # where the 1s and 6s go, as a sentence
        passing = re.search(r'<p class="passing">(.*?)</p>', mat_of(page, seat), re.S).group(1)
        said = [re.sub(r"\s+", " ", words(part)).strip() for part in re.findall(r"<span>(.*?)</span>", passing)]
        assert said == [f"1s go to {'you' if p['left'] == 0 else names[p['left']]}",
                        f"6s go to {'you' if p['right'] == 0 else names[p['right']]}"], passing
    assert "→" not in page
    # A die passed to a player is ringed in the giver's colour on the mat: the words say so beside that ring.
    got = players[received]["last"]["received"]
    caption = re.search(r'<p class="last-roll">(.*?)</p>', mat_of(page, received), re.S).group(1)
    for given in (g for g in got if g["dice"]):
        giver = "you" if given["from"] == 0 else names[given["from"]]
        assert re.search(rf'class="ring-die".*?stroke:{PLAYER_COLOURS[given["from"]]}.*?</svg>got {given["dice"]} from {giver}',
                         caption, re.S), caption
    jelly = words(re.search(r'<p class="odds-nobody">.*?</p>', odds_panel(screen), re.S).group(0))
    assert re.search(r"The jelly eats everyone: .+ if everyone runs out of dice before a cube is complete", jelly), jelly


def test_the_caller_of_a_shared_screen_is_said_to_roll_for_everyone():
    app, screen = make()
    screen.on_action("mode", {"mode": "multi", "form": form_of(screen)})
    form = form_of(screen, **{f"seat{i}_kind": "human" for i in range(3)})
    screen.on_action("start", {"form": {**form, "seed": "5"}})
    assert re.search(r'class="caller-tag">rolls for everyone<', mat_of(app.page, 0))


def test_the_end_and_the_log_speak_of_you_and_of_a_game_number():
    app, screen = against_bots("multi")
    assert screen.session.log[0].startswith("New game, number 5:")  # the dice are rolled, not dealt
    app.prefs["pace"] = "instant"
    screen.on_action("auto", {})
    app.run_timers()
    end = str(screen.chrome.end_screen())
    assert screen.phase == "over" and "<strong>You</strong>:" in end and "Ana" not in words(end), words(end)
    won = [seat for seat, p in enumerate(screen.chrome.public()["players"]) if p["status"] == "won"]
    lines = re.findall(r'<li data-seat="(\d)"', end)
    assert won and len(lines) == 3 and lines[0] == str(won[0]) and 'class="winner"' in end  # the winner's line first, starred
    assert won != [0] or "<h2>You win!</h2>" in end
