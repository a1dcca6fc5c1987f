"""The Gelati table driven without a browser (FakeApp from fakeapp.py): clicks become
moves, bots reply, hidden tiles stay hidden, and the turn steps never dead-end."""

import random
import re

import pytest
from fakeapp import FakeApp, controls, started  # tests/unit is on sys.path under pytest

from gelateria.core.record import Seat
from gelateria.games.gelati.rules import GAME, ORDER_POINTS, PART_NAMES, make_state, tile_named, tile_text
from gelateria.web.routes import table_for
from gelateria.web.views.gelati import bumped, fit_box, home_spot, made_rows
from gelateria.web.views.gelati_panels import preview
from gelateria.web.views.gelati_panels import targets as spaces

T = tile_named


def P(name):
    return PART_NAMES.index(name)


def screen(app, rest=None):
    return table_for(app, "gelati", rest)


def table(seats, seed=7):
    return started(screen, seats, seed)


HUMAN_VS_BOT = [Seat("human", "Ana"), Seat("bot", "Bo", "normal")]


def test_a_korean_tile_name_breaks_after_its_dots_never_before():
    from gelateria.core import i18n
    i18n.set_language("ko")
    _app, s = table(HUMAN_VS_BOT)
    names = re.findall(r'<span class="gl-tile-name">(.*?)</span>', s.render())
    assert names and all("·" in n for n in names)
    # A word joiner holds the dot to the word before it; a zero-width space lets the line break after.
    assert all(n.count("·") == n.count("\u2060·\u200b") for n in names)


def put(s, state):
    """Set the position on screen (white-box: the session's latest state)."""
    s.session.states[-1] = state


def click_cell(s, cell):
    s.on_action("cell", {"q": str(cell[0]), "r": str(cell[1])})


# --- placing a tile --------------------------------------------------------------------------

def test_a_click_on_the_hand_and_twice_on_a_space_places_and_the_bot_replies():
    app, s = table(HUMAN_VS_BOT)
    hand = list(s.state.hands[0])
    html = s.render()
    assert all(f'data-hand="{t}"' in html for t in hand)
    s.on_action("select-tile", {"tile": str(hand[-1])})
    targets = spaces(s.facts(), s.ui)
    assert targets and all(m["p"] == hand[-1] for m in GAME.legal_moves(s.state, 0) if tuple(m["at"]) in targets and m["p"] == hand[-1])
    html = s.render()
    assert html.count("data-spot=") == len(targets)
    click_cell(s, targets[0])
    assert s.record.moves == [] and "data-confirm" in s.render()  # first click: a preview
    click_cell(s, targets[0])  # second click on the same space: place
    assert s.record.moves[0] == [0, {"p": hand[-1], "at": list(targets[0])}]
    assert "Ana placed " + tile_text(hand[-1]) in " ".join(s.log)
    assert s.state.turn == 1  # nothing else to do this turn: ended by itself
    app.run_timers(limit=10)
    assert s.state.turn == 0 and any(line.startswith("Bo placed") for line in s.log)
    assert 'data-last="1"' in s.render()  # the bot's tile is outlined


def test_while_a_tile_is_previewed_your_last_tile_loses_its_outline_so_one_pink_frame_shows():
    app, s = table(HUMAN_VS_BOT)
    click_cell(s, spaces(s.facts(), s.ui)[0])
    click_cell(s, s.ui.aim)
    app.run_timers(limit=10)
    assert s.state.turn == 0
    html = s.render()
    assert 'class="gl-mark p0' in html and 'class="gl-mark p1' in html and "gl-aim-ring" not in html
    click_cell(s, spaces(s.facts(), s.ui)[0])
    html = s.render()
    assert "gl-aim-ring" in html and 'class="gl-mark p0' not in html and 'class="gl-mark p1' in html
    s.on_action("cancel-place", {})
    assert 'class="gl-mark p0' in s.render()


def test_the_preview_is_the_rules_own_result_with_four_in_a_row_parts():
    app, s = table(HUMAN_VS_BOT)
    board = {(0, 1): T("chocolate", "paper cup", "cherry"), (0, 2): T("chocolate", "waffle cone", "sprinkles"),
             (0, 3): T("chocolate", "glass bowl", "cherry"), (1, 0): T("vanilla", "blue cup", "sauce")}
    tile = T("chocolate", "blue cup", "cookie")
    put(s, make_state(board, hands=[[tile], [T("pistachio", "paper cup", "cookie")]]))
    s.ui.selected = None
    html = s.render()
    assert s.ui.selected == tile  # the only tile is picked for you
    expected = GAME.apply(s.state, 0, {"p": tile, "at": [0, 0]}).last
    assert expected["earned"] == [P("chocolate")]
    click_cell(s, (0, 0))
    html = s.render()
    assert f"Place here (+{expected['points']}, earns chocolate)" in html


def test_a_space_the_tile_does_not_fit_is_not_offered_and_a_refusal_is_shown():
    app, s = table(HUMAN_VS_BOT)
    tile = s.state.hands[0][0]
    s.ui.selected = tile
    bad = next(cell for cell, (fits, _) in s.state.frontier.items() if not fits >> tile & 1) if any(
        not fits >> tile & 1 for fits, _ in s.state.frontier.values()) else None
    if bad is not None:
        click_cell(s, bad)
        assert s.ui.aim is None and s.record.moves == []
    s.act(0, {"p": tile, "at": [9, 9]})
    assert "touch" in s.message and 'data-notice' in s.render()


# --- hidden information -------------------------------------------------------------------------

def test_hot_seat_hides_hands_and_orders_until_the_player_takes_the_device():
    app, s = table([Seat("human", "Ana"), Seat("human", "Bo")])
    html = s.render()
    assert "data-handover" in html
    assert "the next screen shows this player's tiles and secret orders." in html  # (not "tiles and cards")
    secret = [tile_text(t) for t in s.state.hands[0] + s.state.hands[1]]
    assert "data-hand=" not in html and "data-order-card" not in html
    assert not any(text in html for text in secret)
    s.on_action("take-device", {"seat": "0"})
    html = s.render()
    assert "data-handover" not in html and all(f'data-hand="{t}"' in html for t in s.state.hands[0])
    assert not any(f'data-hand="{t}"' in html for t in s.state.hands[1])
    # Ana plays; the hand-over to Bo hides Ana's tiles again, and Bo's stay hidden.
    tile = spaces(s.facts(), s.ui) and s.ui.selected
    click_cell(s, spaces(s.facts(), s.ui)[0])
    click_cell(s, s.ui.aim)
    if s.state.turn == 0:
        s.on_action("end-turn", {})
    assert s.state.turn == 1
    html = s.render()
    assert "data-handover" in html and "data-hand=" not in html and "data-order-card" not in html
    assert tile not in s.state.hands[0]


def test_a_replay_shows_the_board_but_no_hand():
    app, s = table([Seat("bot", "Ana", "normal"), Seat("bot", "Bo", "easy")], seed=3)
    app.run_timers()
    assert s.phase == "over"
    s.on_action("replay", {})
    s.on_action("replay-jump", {"index": "9"})
    html = s.render()
    assert s.viewer() is None and "data-board" in html and "data-hand=" not in html
    assert html.count('href="#ghex"') >= 4  # tiles on the board


# --- the after-phase steps never dead-end -----------------------------------------------------------

GAME_ACTIONS = {"select-tile", "cell", "place", "cancel-place", "exchange", "pass", "order", "trade-give", "trade-get",
                "trade", "trade-clear", "discard", "end-turn", "take-device"}


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 2), (5, 3), (11, 4)])
def test_random_clicking_on_what_is_offered_always_finishes_the_game(seed, players):
    seats = [Seat("human", "Ana")] + [Seat("bot", n, "normal") for n in ("Bo", "Chiara", "Dario")[:players - 1]]
    app, s = table(seats, seed=seed)
    rnd = random.Random(seed)
    clicks = 0
    while s.phase == "play" and clicks < 20_000:
        app.run_timers()
        if s.phase != "play":
            break
        offered = [c for c in controls(s.render()) if c[0] in GAME_ACTIONS]
        assert offered, f"nothing to click in phase {s.state.phase}"
        # End the turn only sometimes, so trades, discards and orders get used.
        ends = [c for c in offered if c[0] == "end-turn"]
        if ends and len(offered) > 1 and rnd.random() < 0.7:
            offered = [c for c in offered if c[0] != "end-turn"]
        action, data = rnd.choice(offered)
        s.on_action(action, data)
        clicks += 1
    assert s.phase == "over", clicks
    assert "data-end" in s.render()


def test_trade_picker_only_enables_legal_choices_and_trades():
    app, s = table(HUMAN_VS_BOT)
    put(s, make_state({(0, 0): T("strawberry", "waffle cone", "cherry")},
                      held=[[P("vanilla"), P("vanilla"), P("sauce")], []], orders=[[0, 1], [2, 3]], phase="after"))
    html = s.render()
    assert "Trade 2 for 1" in html
    takes = [d for a, d in controls(html) if a == "trade-get"]
    assert takes == []  # nothing to take until two parts are given
    s.on_action("trade-give", {"part": str(P("vanilla"))})
    s.on_action("trade-give", {"part": str(P("vanilla"))})
    assert s.ui.give == [P("vanilla"), P("vanilla")]
    takes = {int(d["part"]) for a, d in controls(s.render()) if a == "trade-get"}
    assert P("vanilla") not in takes and P("cookie") in takes
    s.on_action("trade-get", {"part": str(P("cookie"))})
    assert "Trade 2 vanilla for cookie" in s.render()
    s.on_action("trade", {})
    assert s.state.held[0][P("cookie")] == 1 and s.state.held[0][P("vanilla")] == 0
    s.render()
    assert s.ui.give == [] and s.ui.get is None


def test_a_turn_that_ends_by_itself_after_a_trade_says_so():
    app, s = table(HUMAN_VS_BOT)
    put(s, make_state({(0, 0): T("strawberry", "waffle cone", "cherry")},
                      held=[[P("vanilla"), P("vanilla")], []], orders=[[0, 1], [2, 3]], phase="after"))
    for action, part in (("trade-give", "vanilla"), ("trade-give", "vanilla"), ("trade-get", "cookie")):
        s.on_action(action, {"part": str(P(part))})
    s.on_action("trade", {})
    # One cookie left: nothing else can be done, so the turn ended, and the player is told.
    assert s.record.moves[-1] == [0, {"end": 1}]
    assert "Nothing else to do this turn, so it ended" in s.render()


def test_over_five_parts_you_are_told_to_discard_and_end_turn_waits():
    app, s = table(HUMAN_VS_BOT)
    put(s, make_state({(0, 0): T("strawberry", "waffle cone", "cherry")},
                      held=[[P("vanilla"), P("vanilla"), P("sauce"), P("cookie"), P("cherry"), P("sprinkles")], []],
                      orders=[[0, 1], [2, 3]], phase="after"))
    html = s.render()
    assert "You hold 6 parts" in html and "data-discard" in html
    assert ("end-turn", {}) not in controls(html)
    s.on_action("discard", {"part": str(P("sauce"))})
    assert sum(s.state.held[0]) == 5 and ("end-turn", {}) in controls(s.render())


def test_completing_an_order_is_offered_when_you_hold_its_parts():
    app, s = table(HUMAN_VS_BOT)
    put(s, make_state({(0, 0): T("strawberry", "waffle cone", "cherry")},
                      held=[[P("paper cup"), P("strawberry"), P("cookie"), P("vanilla")], []],
                      orders=[[0, 1], [2, 3]], phase="after"))
    assert ("order", {"order": "0"}) in controls(s.render())
    s.on_action("order", {"order": "0"})
    assert s.state.scores[0] == ORDER_POINTS and "completed an order" in s.log[-1] + s.log[-2]


def test_cannot_place_shows_the_swap_and_explains_it():
    app, s = table(HUMAN_VS_BOT)
    # Only a chocolate-waffle-sprinkles tile is on the table; the hand shares nothing with it.
    put(s, make_state({(0, 0): T("chocolate", "waffle cone", "sprinkles")},
                      hands=[[T("vanilla", "glass bowl", "cherry"), T("strawberry", "paper cup", "sauce")], []]))
    html = s.render()
    assert 'data-step="exchange"' in html and "shown to everyone" in html
    swaps = [d for a, d in controls(html) if a == "exchange"]
    assert len(swaps) == 2
    s.on_action("exchange", swaps[0])
    assert len(s.record.moves) == 1 and "exchanged" in s.log[-1]


# --- board, zoom, end screen --------------------------------------------------------------------------

def test_zoom_buttons_keys_and_fit():
    app, s = table(HUMAN_VS_BOT)
    fit = s.ui.camera.camera(fit_box(s.facts()))
    s.on_action("zoom-in", {})
    assert s.ui.camera.vb[2] < fit[2]
    s.on_action("pan", {"dx": "1", "dy": "0"})
    assert s.ui.camera.vb[0] > fit[0]
    assert s.on_key("0") and s.ui.camera.vb is None
    for _ in range(30):
        s.on_key("+")
    assert s.ui.camera.vb[2] >= 200
    s.set_view_box(1, 2, 300, 200)
    assert 'viewBox="1 2 300 200"' in s.render()


def test_the_viewbox_grows_with_the_board():
    app, s = table([Seat("bot", "Ana", "normal"), Seat("bot", "Bo", "normal")], seed=4)
    first = fit_box(s.facts())
    app.run_timers(limit=20)
    later = fit_box(s.facts())
    assert later[2] * later[3] > first[2] * first[3]


def test_end_screen_explains_the_points():
    app, s = table([Seat("bot", "Ana", "normal"), Seat("bot", "Bo <b>", "normal")], seed=9)
    app.run_timers()
    assert s.phase == "over"
    html = s.render()
    assert "data-summary" in html and "From tiles" in html and "From orders" in html
    assert "Bo &lt;b&gt;" in html and "Bo <b>" not in html
    done = [0, 0]
    for player, _ in s.state.completed:
        done[player] += 1
    for p in range(2):
        row = re.search(rf'<tr data-breakdown="{p}"[^>]*>(.*?)</tr>', html).group(1)
        placing, orders, total = (int(x) for x in re.findall(r"<strong>(\d+)</strong>", row))  # points only
        assert orders == ORDER_POINTS * done[p]
        assert placing + orders == total == s.state.scores[p]
        assert placing == sum(e["points"] for e in placements(s.record, p))


def test_the_end_screen_calls_this_devices_player_you_and_keeps_parts_apart_from_points():
    from gelateria.core.session import play as bots_play

    moves = bots_play(GAME, ["normal", "normal"], 9, {}).record.moves
    app, s = table(HUMAN_VS_BOT, seed=9)
    for player, move in moves:
        assert s.act(player, move, quiet=True)
    html = s.render()
    assert s.phase == "over"
    end = html[html.index("data-end"):]
    # One table of scores, its rows in the words play used: "You", not the seat's name.
    assert end.count("<table") == 1 and ">Ana<" not in end
    names = re.findall(r'<th scope="row">(.*?)</th>', end)
    assert sorted(names) == ["Bo", "You"]
    head = re.search(r"<thead>(.*?)</thead>", end).group(1)
    assert re.findall(r"<th>(.*?)</th>", head) == ["Player", "From tiles", "From orders", "Total"]  # points only
    # The parts won in rows: a line of their own under the points, saying in a player's words
    # what they were for (orders), not a count that reads like points.
    won = re.search(r'<p class="gl-parts-won" data-parts-won="">(.*?)</p>', end).group(1)
    assert won.startswith("Rows of four won parts to fill orders: ")
    assert re.search(r"You \d+", won) and re.search(r"Bo \d+", won)
    headline = re.search(r"<h2>(.*?)</h2>", end).group(1)
    assert headline == ("You win!" if s.state.scores[0] > s.state.scores[1] else "Bo wins!")


def placements(record, player):
    state = GAME.new(len(record.seats), record.seed)
    for who, move in record.moves:
        state = GAME.apply(state, who, move)
        if who == player and "p" in move:
            yield state.last


def test_bot_think_time_is_measured_when_the_app_has_a_clock():
    app, s = table(HUMAN_VS_BOT)
    app.now = iter(range(0, 10_000, 5)).__next__
    click_cell(s, spaces(s.facts(), s.ui)[0])
    s.on_action("place", {})
    app.run_timers(limit=10)
    assert s.think_ms and "data-think=" in s.render()


def test_keys_pick_tiles_and_escape_cancels_the_preview():
    app, s = table(HUMAN_VS_BOT)
    hand = s.state.hands[0]
    placeable = {m["p"] for m in GAME.legal_moves(s.state, 0) if "p" in m}
    if hand[1] in placeable:
        assert s.on_key("2") and s.ui.selected == hand[1]
    assert s.on_key("1") and s.ui.selected == (hand[0] if hand[0] in placeable else s.ui.selected)
    click_cell(s, spaces(s.facts(), s.ui)[0])
    assert s.ui.aim is not None
    assert s.on_key("Escape") and s.ui.aim is None
    assert not s.on_key("q")


def test_undo_against_a_bot_brings_back_your_turn_and_fresh_picks():
    app, s = table(HUMAN_VS_BOT)
    click_cell(s, spaces(s.facts(), s.ui)[0])
    s.on_action("place", {})
    app.run_timers(limit=10)
    assert s.state.turn == 0 and len(s.record.moves) >= 4
    s.on_action("undo", {})
    assert s.record.moves == [] and s.state.turn == 0 and s.state.phase == "place"
    html = s.render()
    assert s.ui.aim is None and s.ui.selected in s.state.hands[0] and "data-spot=" in html


def test_the_new_game_panel_seats_the_chosen_bot_levels():
    app = FakeApp()
    s = screen(app, [])
    s.on_action("add-seat", {"form": {"seat0_kind": "human", "seat1_kind": "easy", "seed": "5"}})
    s.on_action("start", {"form": {"seat0_kind": "human", "seat1_kind": "easy", "seat2_kind": "normal",
                                   "seat2_name": "<i>Cara</i>", "seed": "5"}})
    assert [(x.kind, x.level or None) for x in s.seats] == [("human", None), ("bot", "easy"), ("bot", "normal")]
    assert s.phase == "play" and s.seed == 5
    assert "&lt;i&gt;Cara&lt;/i&gt;" in s.render()


# --- issue 18: a steady camera, the strip, focus and keys ----------------------------------------

from gelateria.core import hexgrid  # noqa: E402
from gelateria.web.views import gelati_art as art  # noqa: E402
from gelateria.web.views.board_pan import Camera, covers, step_towards, visible_box  # noqa: E402


def test_arrows_step_to_the_neighbouring_space_that_way_not_the_next_in_page_order():
    cells = [(0, 0), (1, 0), (0, 1), (-1, 1), (0, -1), (1, -1), (-1, 0), (2, -1)]
    at = {c: hexgrid.to_pixel(c, 50) for c in cells}
    # Flat-top hexes: straight up and down are neighbours; right is up-right or down-right.
    assert step_towards(at, (0, 0), "ArrowUp") == (0, -1)
    assert step_towards(at, (0, 0), "ArrowDown") == (0, 1)
    assert step_towards(at, (0, 0), "ArrowRight") in {(1, 0), (1, -1)}
    assert step_towards(at, (0, 0), "ArrowLeft") in {(-1, 0), (-1, 1)}
    assert step_towards(at, (2, -1), "ArrowRight") is None  # nothing further that way
    assert step_towards(at, (0, 0), "Enter") is None


def test_the_board_keeps_its_camera_between_moves_until_it_outgrows_the_view():
    app, s = table([Seat("bot", "Ana", "normal"), Seat("bot", "Bo", "normal")], seed=4)
    s.set_board_size(1000, 600)
    boxes, moved, placed = [s.ui.camera.view_box(fit_box(s.facts()))], 0, 0
    while placed < 16 and s.phase == "play":
        before = len(s.record.moves)
        app.run_timers(limit=1)
        if len(s.record.moves) == before:
            continue
        if "p" in s.record.moves[-1][1]:
            placed += 1
        box = s.ui.camera.view_box(fit_box(s.facts()))
        assert covers(visible_box(box, s.ui.camera.aspect), fit_box(s.facts()))  # the whole board is always in view
        if box != boxes[-1]:
            moved += 1
            assert not covers(visible_box(boxes[-1], s.ui.camera.aspect), fit_box(s.facts()))  # it moved because it had to
        boxes.append(box)
    assert placed == 16 and moved < placed / 2, moved
    s.on_action("fit", {})
    assert s.ui.camera.view_box(fit_box(s.facts())) == s.ui.camera.camera(fit_box(s.facts())) and 'data-fit="' in s.render()


def test_only_the_best_space_is_in_the_tab_order_and_focus_goes_where_the_turn_goes_on():
    app, s = table(HUMAN_VS_BOT)
    html = s.render()
    assert html.count('tabindex="0"') == 1 and s.focus_home() == "[data-spot][tabindex='0']"
    home = home_spot(s.facts(), s.ui)
    best = max(preview(s.facts(), s.ui.selected, c)["points"] for c in spaces(s.facts(), s.ui))
    assert preview(s.facts(), s.ui.selected, home)["points"] == best
    other = next(c for c in spaces(s.facts(), s.ui) if c != home)
    click_cell(s, other)  # the space looked at becomes the one Tab comes back to
    assert home_spot(s.facts(), s.ui) == other
    app.focused.clear()
    s.on_action("select-tile", {"tile": str(s.state.hands[0][1])})
    assert ("[data-spot][tabindex='0']", False) in app.focused  # a tile chosen: on to the board
    put(s, make_state({(0, 0): T("strawberry", "waffle cone", "cherry")},
                      held=[[P("vanilla"), P("vanilla"), P("sauce")], []], orders=[[0, 1], [2, 3]], phase="after"))
    s.render()
    assert s.focus_home() == "[data-action='end-turn']"
    s.ui.focus_next = None  # (the browser's mounted() would have used it by now)
    s.on_action("trade-give", {"part": str(P("vanilla"))})
    assert s.ui.focus_next is None  # focus stays on the chip
    s.on_action("trade-give", {"part": str(P("vanilla"))})
    assert s.ui.focus_next.startswith("[data-action='trade-get'][data-part=")  # both given: on to what to take
    s.on_action("trade-get", {"part": str(P("cookie"))})
    assert s.ui.focus_next == "[data-action='trade']"
    s.on_action("trade", {})
    assert s.ui.focus_next == "home" and s.focus_home() == "[data-action='end-turn']"
    s.on_action("end-turn", {})
    assert s.focus_home() == "[data-board]"  # the bot's turn: focus waits on the board


def strip_of(html: str) -> str:
    return re.search(r'<span class="strip-facts gl-strip".*?</span>(?=<button)', html).group(0)


def test_the_strip_shows_your_score_and_the_best_others_and_a_changed_score_flashes():
    app, s = table(HUMAN_VS_BOT)
    # Your score toward the win: "You 0/50", in words to a screen reader, and Bo's.
    strip = strip_of(s.render())
    assert re.search(r'You <span class="gl-toward"><b[^>]*>0</b><span[^>]*>/50</span>'
                     r'<span class="visually-hidden"> of 50 to win</span>', strip)
    assert re.search(r'Bo</span> <b[^>]*data-strip-score="1"[^>]*>0</b>', strip)
    placed = 0
    while placed == 0 or s.state.turn != 0:
        if s.actor() == 0 and s.facts().view["phase"] == "place":
            target = max(spaces(s.facts(), s.ui), key=lambda c: preview(s.facts(), s.ui.selected, c)["points"])
            click_cell(s, target)
            click_cell(s, target)
            placed += 1
        elif s.actor() == 0:
            s.on_action("end-turn", {})
        else:
            app.run_timers(limit=1)
    scores = s.state.scores
    html = s.render()
    strip = strip_of(html)
    # Leading or not, in either step, Bo's score is there beside yours.
    assert f">{scores[0]}</b>" in strip and "Bo" in strip and f">{scores[1]}</b>" in strip
    # Under the step, a line says whose the board's outlines are, each name with its colour.
    key = re.search(r'<span class="gl-outline-key".*?\.</span>', html).group(0)
    assert key.startswith('<span class="gl-outline-key" data-outline-key="">Outlines mark each player')
    assert re.search(r'class="gl-key p0"><svg[^>]*>.*?</svg>you</span> <span class="gl-key p1"><svg[^>]*>.*?</svg>Bo</span>', key)
    # The last move was the bot's: a tile of its own fades in where it landed.
    last_place = next(m for p, m in reversed(s.record.moves) if "p" in m)
    q, r = last_place["at"]
    assert re.search(rf'id="gl-tile-{q}-{r}"[^>]*class="gl-tile gl-new"|class="gl-tile gl-new"[^>]*id="gl-tile-{q}-{r}"', html)


def test_when_the_game_is_over_the_strip_says_who_won_not_who_leads():
    """Bots only (no "You"): over, the strip names the winner ("Bo wins with 52/50"), or
    the tie, where it said "Bo leads 52/50" beside the result."""
    from dataclasses import replace

    from gelateria.core.session import play as bots_play

    app, s = table([Seat("bot", "Ana", "normal"), Seat("bot", "Bo", "normal")], seed=9)
    for player, move in bots_play(GAME, ["normal", "normal"], 9, {}).record.moves:
        assert s.act(player, move, quiet=True)
    facts = s.facts()
    assert facts.phase == "over" and len(facts.view["winners"]) == 1
    winner = facts.names[facts.view["winners"][0]]
    strip = strip_of(s.render())
    assert f'<span class="gl-strip-name">{winner}</span> wins with' in strip and "leads" not in strip
    tie = s.view.strip(replace(facts, view={**facts.view, "winners": [0, 1]}))
    assert str(tie).count("gl-strip-name") == 0 and "A tie at" in str(tie)


def test_a_changed_score_flashes_once_per_change_and_the_flash_is_not_cut_short():
    app, s = table(HUMAN_VS_BOT)
    target = max(spaces(s.facts(), s.ui), key=lambda c: preview(s.facts(), s.ui.selected, c)["points"])
    assert preview(s.facts(), s.ui.selected, target)["points"] > 0 and bumped(s.facts()) == {}
    click_cell(s, target)
    click_cell(s, target)  # placed, and the turn ended by itself
    assert s.record.moves[-1][1] == {"end": 1}
    assert bumped(s.facts())[0] == "gl-bump-1"  # still on after the move that ended the turn
    assert 'gl-pscore gl-bump-1" data-score="0"' in s.render()
    app.run_timers(limit=1)
    while s.state.turn != 0:
        app.run_timers(limit=1)
    # The next change of the same score gets the other class: a new animation.
    target = max(spaces(s.facts(), s.ui), key=lambda c: preview(s.facts(), s.ui.selected, c)["points"])
    if preview(s.facts(), s.ui.selected, target)["points"]:
        click_cell(s, target)
        click_cell(s, target)
        assert bumped(s.facts())[0] == "gl-bump-0"


def test_hints_say_tap_on_touch_and_list_keys_only_for_a_mouse():
    app, s = table(HUMAN_VS_BOT)
    html = s.render()
    assert ('<span class="gl-coarse">Tap once to look, again to place.</span>'
            '<span class="gl-fine">Click once to look, again to place.</span>') in html
    keys = re.search(r'<p class="gl-small gl-fine gl-keys">(.*?)</p>', html).group(1)
    assert "Keys:" in keys and "Keys:" not in html.replace(keys, "")


def test_picking_a_tile_and_aiming_redraw_only_the_board_its_rail_and_the_turn_panel():
    app, s = table(HUMAN_VS_BOT)
    app.screen = s
    app.refresh()
    refreshes = app.refreshes
    other = s.state.hands[0][1]
    s.on_action("select-tile", {"tile": str(other)})
    cell = spaces(s.facts(), s.ui)[0]
    click_cell(s, cell)  # looked at: the tile shown there, "Place here" offered
    assert app.refreshes == refreshes  # the rest of the screen (scores, orders, log) is not drawn again
    assert {sel for sel, _ in app.updates} == {"[data-board]", ".gl-board-rail", ".gl-turn"}
    full = s.render()
    for _, markup in app.updates[-3:]:
        assert markup in full  # each as a full redraw draws it now
    board, rail, turn = (dict(app.updates[-3:])[k] for k in ("[data-board]", ".gl-board-rail", ".gl-turn"))
    assert 'class="gl-aim"' in board and 'data-action="place"' in rail
    assert re.search(rf'<button [^>]*data-hand="{other}" aria-pressed="true"', turn)
    click_cell(s, cell)  # placed: a new position, the whole screen
    assert app.refreshes > refreshes


def test_the_rail_says_when_place_here_takes_its_place():
    """On a phone "Place here" covers the rail's chips and zoom buttons; the CSS hides
    them by the rail's data-confirming (a :has() rule restyled every page on each redraw)."""
    app, s = table(HUMAN_VS_BOT)
    assert "data-confirming" not in s.render()
    click_cell(s, spaces(s.facts(), s.ui)[0])  # looked at: "Place here" offered
    assert '<div class="gl-board-rail" data-confirming=""><div class="gl-confirm-bar"' in s.render()
    s.on_action("cancel-place", {})
    assert "data-confirming" not in s.render()


def test_once_the_board_is_measured_only_the_board_is_sent_again():
    app, s = table(HUMAN_VS_BOT)
    app.screen = s
    app.refresh()  # the screen as first drawn, before the page has measured the board
    refreshes, page = app.refreshes, app.page
    assert s.set_board_size(300, 300, coarse=True)  # a small phone: the spaces grow to a finger's size
    s.redraw()  # (what web/app.py does with a measured board)
    assert app.refreshes == refreshes  # the rest of the screen is not drawn again ...
    [(selector, board)] = app.updates  # ... only the board, now framed for its shape
    assert selector == "[data-board]" and board.startswith("<svg") and "data-board" in board
    old_box = re.search(r'<svg viewBox="([^"]+)"[^>]*data-board', page).group(1)
    assert f'viewBox="{old_box}"' not in board
    assert str(board) in s.render()  # as the whole screen would draw it now


def test_on_a_touch_screen_the_camera_never_makes_a_space_smaller_than_a_finger():
    app, s = table([Seat("bot", "Ana", "normal"), Seat("bot", "Bo", "normal")], seed=4)
    assert s.set_board_size(374, 439, coarse=True)  # a phone: the view changes
    assert not s.set_board_size(374, 439, coarse=True)  # measured again: nothing new
    scales, moved, last = [], 0, s.ui.camera.view_box(fit_box(s.facts()))
    for _ in range(60):
        app.run_timers(limit=1)
        box = s.ui.camera.view_box(fit_box(s.facts()))
        scales.append(374 / visible_box(box, s.ui.camera.aspect)[2])
        moved += box != last
        last = box
    assert len(s.facts().view["board"]) > 20
    assert min(scales) >= s.ui.camera.TAP_SCALE - 1e-9  # a space is 78 units tall: >= 44 px
    assert moved < 15, moved  # following a board bigger than the view by whole tiles, not every move


# --- issue 32: the camera frames where you can play ------------------------------------------------

PHONE_BOARD = (374, 387)  # the drawing at 390x844 (the rail of chips and zoom buttons is under it)
PHONE_INSETS = (0, 0, 40, 0)  # its foot below the screen's edge (a notice above pushed it down)


def spaces_on_screen(s):
    """Each space the chosen tile can go, as a px box on the measured board (x, y, w, h)."""
    camera = s.ui.camera
    vx, vy, vw, _ = visible_box(camera.view_box(fit_box(s.facts())), camera.aspect)
    scale = camera.board_px[0] / vw
    out = []
    for cell in spaces(s.facts(), s.ui):
        x, y, w, hh = art.drawn_box({cell}, art.SPOT_R)
        out.append(((x - vx) * scale, (y - vy) * scale, w * scale, hh * scale))
    return out


def last_move_on_screen(s):
    """The box, in px on the board element, of the tile placed last (None: none yet)."""
    placed = [step["last"] for step in s.facts().trail[1:s.facts().moves + 1]
              if step["last"] and step["last"].get("kind") == "place"]
    if not placed:
        return None
    camera = s.ui.camera
    vx, vy, vw, _ = visible_box(camera.view_box(fit_box(s.facts())), camera.aspect)
    scale = camera.board_px[0] / vw
    x, y, w, hh = art.drawn_box({tuple(placed[-1]["at"])}, art.MARK_R)
    return ((x - vx) * scale, (y - vy) * scale, w * scale, hh * scale)


def union_px(boxes):
    x, y = min(b[0] for b in boxes), min(b[1] for b in boxes)
    return (x, y, max(b[0] + b[2] for b in boxes) - x, max(b[1] + b[3] for b in boxes) - y)


def fits(box, area) -> bool:
    return box[2] <= area[2] - 2 * Camera.FRAME_MARGIN_PX and box[3] <= area[3] - 2 * Camera.FRAME_MARGIN_PX


def inside(box, area) -> bool:
    x, y, w, hh = box
    ax, ay, aw, ah = area
    return x >= ax - 1 and y >= ay - 1 and x + w <= ax + aw + 1 and y + hh <= ay + ah + 1


def play_on(s, app, turns):
    """The human places on their best space and ends the turn, `turns` times; after each
    tile choice (the one dealt first, then the other), every space it can go is clear of
    the part of the board on screen."""
    clear = (PHONE_INSETS[3], PHONE_INSETS[0], PHONE_BOARD[0] - PHONE_INSETS[1] - PHONE_INSETS[3],
             PHONE_BOARD[1] - PHONE_INSETS[0] - PHONE_INSETS[2])
    scales = []
    for _ in range(turns):
        app.run_timers(limit=50)
        if s.phase != "play":
            break
        assert s.actor() == 0
        for tile in reversed(list(s.state.hands[0])):
            s.on_action("select-tile", {"tile": str(tile)})
            s.render()
            shown = spaces_on_screen(s)
            assert all(inside(box, clear) for box in shown), (tile, shown)
            # The last move is in view too whenever it fits beside those spaces (it is
            # not left beyond the edge of what is seen).
            last = last_move_on_screen(s)
            if last is not None and fits(union_px(shown + [last]), clear):
                assert inside(last, clear), (tile, last)
        scales.append(s.ui.camera.board_px[0] / s.ui.camera.view_box(fit_box(s.facts()))[2])
        best = max(spaces(s.facts(), s.ui), key=lambda c: preview(s.facts(), s.ui.selected, c)["points"])
        click_cell(s, best)
        click_cell(s, best)
        while s.phase == "play" and s.actor() == 0 and s.facts().view["phase"] != "place":
            legal = GAME.legal_moves(s.state, 0)
            orders = [m for m in legal if "order" in m]
            if orders:
                s.on_action("order", {"order": str(orders[0]["order"])})
            elif {"end": 1} in legal:
                s.on_action("end-turn", {})
            else:
                s.on_action("discard", {"part": str(next(m for m in legal if "discard" in m)["discard"])})
    return scales


def test_every_space_a_chosen_tile_can_go_is_framed_clear_of_the_controls_on_a_phone():
    app, s = table(HUMAN_VS_BOT, seed=11)
    s.set_board_size(*PHONE_BOARD, coarse=True, insets=list(PHONE_INSETS))
    scales = play_on(s, app, 14)
    assert len(s.facts().view["board"]) > 20  # the board grew well past one screen of 44 px spaces
    # The scale is kept from turn to turn unless the spaces no longer fit: it changes
    # on only a few turns, never back and forth on every one.
    assert sum(a != b for a, b in zip(scales, scales[1:])) <= len(scales) // 2, scales


def opened_mid_game(seed: int, at: int):
    """A table of Ana (human) and Bo opened on a phone at Ana's first turn after `at`
    moves of a game two bots played (a fresh page: the camera starts from scratch)."""
    from gelateria.core.session import play as bots_play

    moves = bots_play(GAME, ["normal", "normal"], seed, {}).record.moves
    app, s = table(HUMAN_VS_BOT, seed=seed)
    for k, (player, move) in enumerate(moves):
        if k >= at and s.actor() == 0 and moves[k - 1][0] == 1:
            break
        s.session.submit(player, move)
    s.render()
    s.set_board_size(*SMALL_PHONE_BOARD, coarse=True, insets=list(PHONE_INSETS))
    s.render()
    return s


SMALL_PHONE_BOARD = (344, 313)  # a 360x640 phone (the strip, rail and hand are tighter there)


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 15])
def test_a_game_opened_on_a_small_phone_shows_the_spaces_and_the_last_move_whole(seed):
    clear = (PHONE_INSETS[3], PHONE_INSETS[0], SMALL_PHONE_BOARD[0] - PHONE_INSETS[1] - PHONE_INSETS[3],
             SMALL_PHONE_BOARD[1] - PHONE_INSETS[0] - PHONE_INSETS[2])
    s = opened_mid_game(seed, 28)
    shown, last = spaces_on_screen(s), last_move_on_screen(s)
    assert all(inside(box, clear) for box in shown), shown
    assert inside(last, clear), (last, union_px(shown))  # what you answer, whole beside where you can play
    assert min(box[3] for box in shown) >= 32, shown  # zoomed out no further than they need: still readable


def test_fit_shows_the_spaces_you_can_play_then_the_whole_board():
    app, s = table(HUMAN_VS_BOT, seed=11)
    s.set_board_size(*PHONE_BOARD, coarse=True, insets=list(PHONE_INSETS))
    play_on(s, app, 6)
    app.run_timers(limit=50)
    s.on_action("zoom-in", {})
    s.on_action("zoom-in", {})
    s.on_action("fit", {})  # first: the spaces this tile can go, as close as they all fit
    framed = s.ui.camera.vb
    assert framed is not None and 'aria-pressed="false"' in s.render()
    clear = (0, 0, PHONE_BOARD[0], PHONE_BOARD[1] - PHONE_INSETS[2])
    assert all(inside(box, clear) for box in spaces_on_screen(s))
    s.on_action("fit", {})  # again: the whole board
    assert s.ui.camera.vb is None and 'data-action="fit" aria-label' in s.render()


def test_a_hostile_board_size_from_the_page_is_ignored():
    from gelateria.web.drawing import board_insets

    assert board_insets("junk", 300, 300) == (0.0, 0.0, 0.0, 0.0)
    assert board_insets([1, 2, "x", 4], 300, 300) == (0.0, 0.0, 0.0, 0.0)
    assert board_insets([float("nan"), -5, 1e9, 20], 300, 400) == (0.0, 0.0, 200.0, 20.0)


@pytest.mark.parametrize("seed, at", [(11, 36), (12, 28), (15, 36)])  # (step 2 with something to do)
def test_in_step_2_a_shorter_board_keeps_its_scale_and_shows_the_tile_just_placed_with_its_neighbours(seed, at):
    s = opened_mid_game(seed, at)
    camera = s.ui.camera
    scale = camera.board_px[0] / visible_box(camera.view_box(fit_box(s.facts())), camera.aspect)[2]
    best = home_spot(s.facts(), s.ui)
    click_cell(s, best)
    click_cell(s, best)
    assert s.facts().view["phase"] == "after"
    s.render()
    width, height = SMALL_PHONE_BOARD[0], SMALL_PHONE_BOARD[1] - 72  # step 2 gives the board's foot to the trade
    s.set_board_size(width, height, coarse=True)
    s.render()
    vx, vy, vw, vh = visible_box(camera.view_box(fit_box(s.facts())), camera.aspect)
    assert width / vw == pytest.approx(scale)  # the tiles did not shrink or grow
    last = s.facts().trail[s.facts().moves]["last"]
    around = art.drawn_box({best, *hexgrid.neighbours(best), *made_rows(s.facts().view["board"], best, last)}, art.R)
    seen = ((around[0] - vx) * scale, (around[1] - vy) * scale, around[2] * scale, around[3] * scale)
    assert inside(seen, (0, 0, width, height)), seen  # the tile, the tiles round it, its rows of four: none cut


def opened_in_step_2(seed: int, at: int):
    """A table opened on a small phone in step 2, at Ana's first one after `at` moves in
    which her tile made a row of four (a fresh page: the camera starts from scratch)."""
    from gelateria.core.session import play as bots_play

    moves = bots_play(GAME, ["normal", "normal"], seed, {}).record.moves
    app, s = table(HUMAN_VS_BOT, seed=seed)
    for k, (player, move) in enumerate(moves):
        last = s.facts().trail[s.facts().moves]["last"] if k else None
        if k >= at and s.actor() == 0 and s.facts().view["phase"] == "after" and last and last.get("earned"):
            break
        s.session.submit(player, move)
    s.render()
    s.set_board_size(SMALL_PHONE_BOARD[0], SMALL_PHONE_BOARD[1] - 80, coarse=True)
    s.render()
    return app, s


@pytest.mark.parametrize("seed", [11, 12, 30])  # (30: its rows need a step back)
def test_a_game_opened_in_step_2_on_a_small_phone_centres_the_tile_just_placed_and_its_rows(seed):
    app, s = opened_in_step_2(seed, 20)
    camera = s.ui.camera
    width, height = camera.board_px
    vx, vy, vw, _ = visible_box(camera.view_box(fit_box(s.facts())), camera.aspect)
    scale = width / vw
    last = s.facts().trail[s.facts().moves]["last"]
    cell = tuple(last["at"])
    rows = made_rows(s.facts().view["board"], cell, last)
    assert len(rows) >= 4  # (a row of four it made)
    x, y, w, hh = art.drawn_box({cell, *hexgrid.neighbours(cell), *rows}, art.R)
    top, bottom = (y - vy) * scale, height - (y + hh - vy) * scale
    assert (x - vx) * scale >= 0 and (x + w - vx) * scale <= width
    # Whole, with room round them, in the middle: not against an edge with the tiles beyond cut.
    assert top >= 8 and bottom >= 8 and abs(top - bottom) < 10, (top, bottom)
    assert scale * 2 * art.HALF_H >= 40, scale  # still readable: a tile at least 40 px tall
    # The turn ends and the board is tall again: the tiles are the size they were before step 2.
    before = camera.board_px[0] / visible_box(camera.camera(fit_box(s.facts())), camera.aspect)[2]
    s.on_action("end-turn", {}) if {"end": 1} in GAME.legal_moves(s.state, 0) else None
    s.set_board_size(*SMALL_PHONE_BOARD, coarse=True)
    s.render()
    assert width / visible_box(camera.view_box(fit_box(s.facts())), camera.aspect)[2] == pytest.approx(before, rel=0.01)
