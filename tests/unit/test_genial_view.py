"""The Genial Spezial table driven without a browser (FakeApp from fakeapp.py): two
clicks make a tile, the preview is the rules' own result, golden colours go into the
move, keys work, Pass appears when nothing fits, and bots finish a game."""

import math
import random
import re
import time
from dataclasses import replace

import pytest
from fakeapp import FakeApp, controls, started, table_of  # tests/unit is on sys.path under pytest

from gelateria.core.record import Seat
from gelateria.games.genial.rules import CELLS, COLOURS, GAME, INDEX, PASS, build_position
from gelateria.web.views.genial_panels import Scene, cell_label, ranking, tie_break_text

HUMAN_VS_BOT = [Seat("human", "Ana"), Seat("bot", "Bo", "normal")]


screen = table_of("genial")


def table(seats, seed=7):
    return started(screen, seats, seed)


def scene(s):
    """The table's facts and picks as its view sees them, told where it is (white-box)."""
    return Scene(s.told(), s.ui)


def put(s, state):
    """Set the position on screen (white-box: the session's latest state)."""
    s.session.states[-1] = state


def click(s, cell):
    s.on_action("cell", {"cell": f"{cell[0]},{cell[1]}"})


def scoring_placement(state, player, golden=None):
    """A place for a tile that scores from towers, with or without a golden half."""
    gold = state.layout.golden
    for a, b in GAME.open_spaces(state):
        halves = (a in gold) + (b in gold)
        if sum(GAME.tile_outcome(state, player, a, b).gain) and (golden is None or halves == golden):
            return CELLS[a], CELLS[b]
    raise AssertionError("no such placement")


# --- placing a tile ---------------------------------------------------------------------------

def test_two_clicks_preview_the_rules_result_and_confirm_places_the_tile():
    app, s = table(HUMAN_VS_BOT)
    a, b = scoring_placement(s.state, 0, golden=0)
    expected = GAME.apply(s.state, 0, {"a": list(a), "b": list(b)}).last["gain"]
    assert 'data-move-bar="first"' in s.render()
    # "Tap a space for one half of your tile" beside a picture of it: two hexes in your pattern.
    tile = re.search(r'<svg[^>]*class="gs-tile-pic".*?</svg>', s.render()).group(0)
    assert tile.count('fill="url(#gs-pat-0)"') == 2

    click(s, a)
    html = s.render()
    assert s.ui.first == a and s.ui.second is None and 'data-move-bar="second"' in html
    assert f'data-target="{b[0]},{b[1]}"' in html  # the neighbour that finishes the tile is lit

    click(s, b)
    html = s.render()
    assert s.record.moves == []  # a preview, nothing played yet
    assert f'data-preview="{",".join(map(str, expected))}"' in html
    for c, g in zip(COLOURS, expected):
        assert f'data-gain="{c}"' in html
    words = ", ".join(f"+{g} {name}" for g, name in zip(expected, ("orange", "green", "blue", "purple")) if g)
    assert f'Place tile<span class="gs-confirm-gain"> ({words})</span>' in html
    assert "data-ghost" in html

    s.on_action("confirm", {})
    assert s.record.moves == [[0, {"a": list(a), "b": list(b)}]]
    assert list(s.state.scores[0]) == expected
    assert s.log[-1].startswith("Ana placed a tile")
    s.render()
    assert s.ui.first is None and s.ui.second is None  # the pick is forgotten

    app.run_timers(limit=10)  # the bot replies
    assert len(s.record.moves) == 2 and s.log[-1].startswith("Bo placed")
    html = s.render()
    assert 'data-last="1"' in html and 'data-move-bar="first"' in html
    assert f'data-score="0">{min(expected)}<' in html


def test_your_turn_lights_the_spaces_that_score_and_a_tap_there_offers_points():
    app, s = table(HUMAN_VS_BOT)
    a, _b = scoring_placement(s.state, 0)
    lit = {tuple(map(int, c.split(","))) for c in re.findall(r'data-lit="([-\d]+,[-\d]+)"', s.render())}
    assert a in lit and len(lit) < len(scene(s).pairs) / 3  # a few spaces, not every empty one
    for cell in lit:
        click(s, cell)
        assert '<text' in re.search(r'<g class="gs-pick">.*?</g>', s.render()).group(0)  # a neighbour shows "+n"
        assert "data-lit=" not in s.render()  # the glow gives way to the neighbours that finish the tile
        s.on_action("cancel", {})


def test_a_preview_in_japanese_has_no_space_between_its_sentences():
    """Nor the first step ("1枚目（全20枚）。マスを…"), nor a rules example's result
    ("3点獲得：塔…")."""
    from gelateria.core import i18n
    from gelateria.web.screens import RulesScreen
    i18n.set_language("ja")
    try:
        app, s = table(HUMAN_VS_BOT)
        first = re.sub(r"<[^>]+>", "", re.search(r'data-move-bar="first".*?</p>', s.render(), re.S).group(0))
        assert "。" in first and not re.search(r"[。：] ", first), first
        results = re.findall(r'data-example-result="">(.*?)</span>', str(RulesScreen(FakeApp(), "genial").render()))
        assert results and all("：" in r and not re.search(r"[。：] ", r) for r in results), results
        a, b = scoring_placement(s.state, 0, golden=0)
        click(s, a)
        click(s, b)
        words = re.sub(r"<[^>]+>", "", re.search(r'data-move-bar="preview".*?</p>', s.render(), re.S).group(0))
        assert "。" in words and not re.search(r"[。：] ", words), words
    finally:
        i18n.set_language("en")


def test_clicking_the_previewed_half_again_places_the_tile():
    app, s = table(HUMAN_VS_BOT)
    a, b = scoring_placement(s.state, 0, golden=0)
    click(s, a)
    click(s, b)
    click(s, b)
    assert s.record.moves == [[0, {"a": list(a), "b": list(b)}]]


def test_clicks_that_make_no_tile_say_why_and_change_the_pick():
    app, s = table(HUMAN_VS_BOT)
    tower = tuple(GAME.view(s.state, None)["towers"][0]["at"])
    click(s, tower)
    assert s.ui.first is None and "holds a tower" in s.render()
    a, b = scoring_placement(s.state, 0, golden=0)
    click(s, a)
    click(s, a)  # the same space again puts the half back
    assert s.ui.first is None
    click(s, a)
    pairs = scene(s).pairs
    far = next(c for c in CELLS if c in pairs and c not in pairs[a] and c != a)
    click(s, far)  # not a neighbour but free: the tile starts there instead
    assert s.ui.first == far and s.ui.second is None
    s.on_action("cancel", {})
    assert s.ui.first is None and s.record.moves == []
    # A covered space
    click(s, a)
    click(s, b)
    s.on_action("confirm", {})
    app.run_timers(limit=10)
    click(s, a)
    assert "already covered" in s.render()


def test_a_golden_half_asks_for_a_colour_with_the_weakest_preselected():
    app, s = table(HUMAN_VS_BOT)
    put(s, replace(s.state, scores=((3, 1, 2, 4), (0, 0, 0, 0))))
    a, b = scoring_placement(s.state, 0, golden=1)
    gain = GAME.tile_outcome(s.state, 0, INDEX[a], INDEX[b]).gain
    after = [x + g for x, g in zip(s.state.scores[0], gain)]
    weakest = COLOURS[after.index(min(after))]
    click(s, a)
    click(s, b)
    html = s.render()
    assert s.ui.golden_pick == [weakest] and "data-golden-choice" in html
    assert f'data-colour="{weakest}" data-golden="0" aria-pressed="true"' in html
    choices = [d["colour"] for act, d in controls(html) if act == "golden"]
    assert choices == list(COLOURS)
    other = next(c for c in COLOURS if c != weakest)
    s.on_action("golden", {"half": "0", "colour": other})
    expected = GAME.apply(s.state, 0, {"a": list(a), "b": list(b), "g": [other]}).last["gain"]
    assert f'data-preview="{",".join(map(str, expected))}"' in s.render()
    s.on_action("golden", {"half": "5", "colour": "x"})  # nonsense is ignored
    s.on_action("confirm", {})
    assert s.record.moves[-1] == [0, {"a": list(a), "b": list(b), "g": [other]}]


def test_two_golden_halves_get_a_colour_each():
    app, s = table(HUMAN_VS_BOT)
    put(s, build_position(2, towers={(0, 0): "Tb1", (3, 0): "Sg2"}, golden=[(-4, 2), (-4, 3)]))
    click(s, (-4, 2))
    click(s, (-4, 3))
    assert s.ui.golden_pick == ["o", "g"]  # weakest first, then the next weakest
    s.on_action("golden", {"half": "1", "colour": "p"})
    s.on_action("confirm", {})
    assert s.record.moves[-1] == [0, {"a": [-4, 2], "b": [-4, 3], "g": ["o", "p"]}]
    assert s.state.scores[0] == (1, 0, 0, 1)


def test_pass_is_the_only_move_when_no_tile_fits():
    app, s = table(HUMAN_VS_BOT)
    put(s, replace(s.state, free=0))
    html = s.render()
    assert 'data-move-bar="pass"' in html
    assert [a for a, _ in controls(html) if a in ("pass", "confirm")] == ["pass"]
    click(s, CELLS[0])
    assert s.ui.first is None
    s.on_action("pass", {})
    assert s.record.moves == [[0, PASS]] and "passed" in s.log[-1]


def test_keyboard_arrows_move_a_cursor_and_enter_picks_and_places():
    app, s = table(HUMAN_VS_BOT)
    # The cursor is on the board from the start (its one Tab stop, where focus goes
    # after Start and after a move), on the open space in the middle.
    html = s.render()
    assert re.search(r'<polygon[^>]*tabindex="0"[^>]*data-cursor="6,-3"', html)
    assert s.focus_home() == "[data-cursor]"
    assert s.on_key("ArrowUp")  # the first arrow moves it
    start = s.ui.cursor
    assert start != (6, -3) and f'data-cursor="{start[0]},{start[1]}"' in s.render()
    s.on_key("ArrowDown")
    s.on_key("ArrowRight")
    s.on_key("ArrowRight")
    assert s.ui.cursor != start and s.ui.cursor in INDEX
    # Go to a free space with a free neighbour below it.
    pairs = scene(s).pairs
    target = next(c for c in pairs if (c[0], c[1] + 1) in pairs.get(c, ()))
    s.ui.cursor = target
    s.on_key("Enter")
    assert s.ui.first == target
    s.on_key("ArrowDown")
    s.on_key(" ")
    assert s.ui.second == (target[0], target[1] + 1)
    assert s.on_key("Escape") and s.ui.first is None
    s.on_key("Enter")
    s.on_key("ArrowDown")
    s.on_key("Enter")
    s.on_key("Enter")
    assert s.record.moves and s.record.moves[0][0] == 0


def test_hot_seat_needs_no_hand_over_and_the_seats_alternate():
    app, s = table([Seat("human", "Ana"), Seat("human", "Bo")])
    html = s.render()
    assert "data-handover" not in html and "Ana's turn" in html
    for player in (0, 1):
        assert s.actor() == player
        a, b = scoring_placement(s.state, player, golden=0)
        click(s, a)
        click(s, b)
        s.on_action("confirm", {})
    assert [p for p, _ in s.record.moves] == [0, 1]
    assert "data-handover" not in s.render()


def test_no_clicks_are_taken_while_a_bot_moves_or_in_a_replay():
    app, s = table([Seat("bot", "Ana", "normal"), Seat("human", "Bo")])
    a, b = scoring_placement(s.state, 0, golden=0)
    click(s, a)
    assert s.ui.first is None and "gs-can-act" not in s.render()
    app.run_timers(limit=5)
    s.on_action("replay", {})
    click(s, a)
    html = s.render()
    assert s.ui.first is None and "data-board" in html and s.viewer() is None


def test_names_are_text_and_the_bots_finish_a_four_player_game():
    app, s = table([Seat("bot", "<b>Ana</b>", "normal"), Seat("bot", "Bo", "easy"), Seat("bot", "Chi", "normal"),
                    Seat("bot", "Dee", "easy")], seed=4)
    app.run_timers()
    assert s.phase == "over" and len(s.record.moves) == 80
    html = s.render()
    assert "data-end" in html and "data-summary" in html and "data-tiebreak" in html
    assert "<b>Ana" not in html and "&lt;b&gt;Ana" in html
    for p in range(4):
        low, *rest = sorted(s.state.scores[p])
        assert f'data-sorted="{" ".join(map(str, [low] + rest))}"><strong>{low}</strong>' in html
    assert len(s.think_ms) == 80  # every bot decision was timed (data-think)
    assert re.search(r'data-think="80,[\d.]+,[\d.]+"', html)


def screen_with_scores(scores):
    app, s = table([Seat("bot", n, "normal") for n in ("Ana", "Bo", "Chi")][:len(scores)])
    app.timers.clear()
    put(s, replace(s.state, scores=tuple(tuple(x) for x in scores)))
    return s


def test_the_tie_break_is_explained():
    s = screen_with_scores([(9, 12, 14, 20), (9, 13, 13, 15), (7, 20, 20, 20)])
    assert tie_break_text(scene(s)) == ("Ana and Bo both have 9 in their weakest colour, so the second-lowest colour "
                                  "decides (Bo 13, Ana 12): Bo wins the tie.")
    assert GAME.winners(s.state) == [1]
    assert ranking(s.facts().view["scores"]) == [1, 0, 2]
    s = screen_with_scores([(9, 12, 14, 20), (9, 12, 14, 20)])
    assert "equal in all four colours, so they share the win" in tie_break_text(scene(s))
    s = screen_with_scores([(10, 12, 14, 20), (9, 12, 14, 20)])
    assert tie_break_text(scene(s)) == "Ana wins with 10 in their weakest colour (next best: 9)."


def test_offered_clicks_always_lead_to_the_end_of_the_game():
    """A monkey that only clicks what the screen offers (spaces, lit neighbours,
    colours, confirm, cancel, pass) finishes the game against a bot."""
    app, s = table(HUMAN_VS_BOT, seed=3)
    rnd = random.Random(3)
    clicks = 0
    while s.phase == "play" and clicks < 3000:
        app.run_timers()
        if s.phase != "play":
            break
        html = s.render()
        offered = controls(html)
        targets = re.findall(r'data-target="(-?\d+,-?\d+)"', html)
        choices = [c for c in offered if c[0] in ("golden", "confirm", "cancel", "pass")]
        choices += [("cell", {"cell": t}) for t in targets] * 3
        if not targets and not choices:
            choices = [("cell", {"cell": f"{q},{r}"}) for q, r in rnd.sample(CELLS, 3)]
        if any(c[0] == "confirm" for c in choices) and rnd.random() < 0.6:
            choices = [c for c in choices if c[0] == "confirm"]
        action, data = rnd.choice(choices)
        s.on_action(action, data)
        clicks += 1
    assert s.phase == "over", clicks


def test_a_full_board_renders_quickly():
    app, s = table([Seat("bot", n, "normal") for n in ("A", "B", "C", "D")], seed=9)
    app.run_timers()
    s.end_dismissed = True
    s.render()
    times = []
    for _ in range(7):
        s.drawing._shown = (None, None)  # no cached facts: the whole screen from scratch
        start = time.perf_counter()
        html = s.render()
        times.append((time.perf_counter() - start) * 1000)
    assert html.count('class="gs-tile ') == 80
    assert min(times) < 60, times  # the best of 7, so a busy machine does not fail it


def test_making_a_tile_redraws_only_the_parts_that_show_it():
    app = FakeApp()
    s = screen(app, [])
    s.seats = HUMAN_VS_BOT
    s.start(seed=7)
    a, b = scoring_placement(s.state, 0, golden=0)
    s.render()
    refreshes = app.refreshes
    click(s, a)
    click(s, b)
    assert app.refreshes == refreshes  # no full redraw for picking
    # The board's layers (each a nested <svg>: a <g> alone would be read as HTML in the
    # browser, where <polygon/> does not close itself), the turn panel, the player's card,
    # the board's tools.
    assert {sel for sel, _ in app.updates} == ({f'[data-part="{p}"]' for p in ("open", "last", "pick", "cursor", "move")}
                                                | {'.gs-card[data-player="0"]', ".gs-board-tools"})
    assert 'class="gs-add">+' in [m for sel, m in app.updates if sel.startswith(".gs-card")][-1]  # the card shows the gain
    assert all(m.startswith("<svg ") for p in ("open", "last", "pick", "cursor") for m in app.updated(p))
    assert "data-ghost" in app.updated("pick")[-1] and 'data-move-bar="preview"' in app.updated("move")[-1]
    full = s.render()
    for _, markup in app.updates[-5:]:
        assert markup in full  # each part is exactly what a full redraw shows
    s.on_action("confirm", {})
    assert app.refreshes > refreshes and s.record.moves


def test_the_board_turns_tall_and_the_arrows_follow_the_screen():
    app, s = table(HUMAN_VS_BOT)
    wide = s.render()
    assert "gs-board-tall" not in wide
    s.on_action("turn-board", {})
    assert app.prefs["genial_board"] == "tall" and scene(s).geo.tall
    tall = s.render()
    assert 'class="gs-board gs-board-tall' in tall and tall.count("data-cell=") == wide.count("data-cell=")
    x, y, w, hh = scene(s).geo.box
    assert hh > w  # the two hexagons one above the other
    # Up and down zigzag through the column, left and right go straight.
    s.on_key("ArrowUp")
    centres = scene(s).geo.centres
    x0 = centres[s.ui.cursor][0]
    for _ in range(4):
        before = centres[s.ui.cursor]
        s.on_key("ArrowUp")
        after = centres[s.ui.cursor]
        assert after[1] < before[1] and abs(after[0] - x0) < 30
    before = centres[s.ui.cursor]
    s.on_key("ArrowRight")
    assert centres[s.ui.cursor][0] > before[0] and centres[s.ui.cursor][1] == pytest.approx(before[1])
    # A tile still goes down by two clicks.
    a, b = scoring_placement(s.state, 0, golden=0)
    click(s, a)
    click(s, b)
    s.on_action("confirm", {})
    assert s.record.moves[0] == [0, {"a": list(a), "b": list(b)}]
    s.on_action("turn-board", {})
    assert "genial_board" not in app.prefs and not scene(s).geo.tall  # back to the board that suits the screen


# --- issue 18: a phone, the keyboard, the strip ---------------------------------------------

def shown_px(s, cell) -> tuple[float, float]:
    """Where a space's centre is on the measured board element, in px."""
    return board_px(s, *scene(s).geo.centres[cell])


def board_px(s, x: float, y: float) -> tuple[float, float]:
    """Where a point of the board (in its units) is on the measured board element, in px."""
    from gelateria.web.views.board_pan import visible_box
    cam = s.ui.camera
    vx, vy, w, _hh = visible_box(cam.view_box(scene(s).geo.box), cam.aspect)
    scale = cam.board_px[0] / w
    return ((x - vx) * scale, (y - vy) * scale)


def px_per_unit(s) -> float:
    from gelateria.web.views.board_pan import visible_box
    cam = s.ui.camera
    return cam.board_px[0] / visible_box(cam.view_box(scene(s).geo.box), cam.aspect)[2]


def test_on_a_touch_screen_the_board_is_readable_a_turn_is_three_taps_and_the_view_stays():
    from gelateria.web.views import genial as view
    from gelateria.web.views.genial_art import HALF_H
    app, s = table(HUMAN_VS_BOT)
    s.set_board_size(330.0, 480.0, True, [0, 48, 0, 0])  # a phone's board, the tools floating at its right
    assert px_per_unit(s) * 25 >= 16  # a token (25 units across) is readable
    assert px_per_unit(s) * 2 * HALF_H >= view.TAP_MIN_PX - 0.5  # a space is a fingertip across
    a, b = scoring_placement(s.state, 0, golden=0)
    click(s, a)  # tap 1: the first half, at once
    assert s.ui.first == a
    s.render()  # drawn: the neighbours that finish the tile are framed, clear of the tools
    for c in [a, *scene(s).pairs[a]]:
        x, y = shown_px(s, c)
        assert 0 <= x <= 330 - 48 and 0 <= y <= 480, c
    click(s, b)  # tap 2: the preview
    s.on_action("confirm", {})  # tap 3
    assert len(s.record.moves) == 1
    kept = s.ui.camera.view_box(scene(s).geo.box)
    app.run_timers(limit=10)  # the bot's move changes no view
    s.render()
    assert len(s.record.moves) == 2 and s.ui.camera.view_box(scene(s).geo.box) == kept
    s.on_action("fit", {})  # the whole board, on a touch screen too
    assert scene(s).whole_in_view() and scene(s).tap_magnifies()
    assert "the board zooms in there" in s.render()
    a, _b = scoring_placement(s.state, 0)
    click(s, a)  # small spaces: the tap zooms in there and picks (still one tap)
    assert s.ui.first == a and px_per_unit(s) * 2 * HALF_H >= view.TAP_MIN_PX - 0.5
    x, y = shown_px(s, a)
    assert 0 <= x <= 330 and 0 <= y <= 480


def test_the_whole_board_and_back_at_the_players_own_zoom():
    """On a phone zoomed in: Fit shows the whole board with where you were outlined; Back
    (or Esc) returns there; a tap on the whole board zooms in around that space at your
    scale (not a finger's) and picks it."""
    app, s = table(HUMAN_VS_BOT)
    s.set_board_size(330.0, 480.0, True)
    s.render()
    s.on_action("zoom-in", {})
    zoomed, scale = s.ui.camera.vb, px_per_unit(s)
    s.on_action("fit", {})
    assert scene(s).whole_in_view()
    shown = s.render()
    assert 'data-action="zoom-back"' in shown and "data-back-window" in shown and 'data-action="fit"' not in shown
    assert s.on_key("Escape") and s.ui.camera.vb == zoomed and 'data-action="fit"' in s.render()
    s.on_action("fit", {})
    a = max(scene(s).pairs, key=lambda c: abs(scene(s).geo.centres[c][1] - (zoomed[1] + zoomed[3] / 2)))
    click(s, a)
    assert s.ui.first == a and px_per_unit(s) == pytest.approx(scale)
    x, y = shown_px(s, a)
    assert 0 <= x <= 330 and 0 <= y <= 480
    assert "data-back-window" not in s.render() and 'data-action="fit"' in s.render()


def test_a_measured_board_sends_its_view_and_tools_not_the_screen():
    app, s = table(HUMAN_VS_BOT)
    app.screen = s
    app.refresh()  # the screen as first drawn, before the page has measured the board
    refreshes, page = app.refreshes, app.page
    assert s.set_board_size(330.0, 480.0, True)  # a phone: the spaces grow to a finger's size
    s.redraw()  # (what web/app.py does with a measured board)
    assert app.refreshes == refreshes
    [(selector, tag)] = app.attributes_set  # the board's own attributes: a new view of it ...
    assert selector == "[data-board]" and tag.startswith("<svg ") and tag.endswith(">") and "gs-zoomed" in tag
    assert tag not in page and re.search(r'<svg [^>]*data-board[^>]*>', page).group(0) != tag
    assert [sel for sel, _ in app.updates] == [".gs-board-tools"]  # ... and its tools (Fit now offered)
    full = s.render()
    assert tag in full and app.updates[0][1] in full  # each as a full redraw draws it now
    fit = re.search(r'<button [^>]*data-action="fit"[^>]*>', app.updates[0][1]).group(0)
    assert 'aria-pressed="false"' in fit and "disabled" not in fit


def ana_moves_on_a_phone():
    """Ana against Bo on a phone's board: she places a scoring tile (Bo to move)."""
    app, s = table(HUMAN_VS_BOT)
    s.set_board_size(330.0, 480.0, True)
    s.render()
    a, b = scoring_placement(s.state, 0)
    click(s, a)
    click(s, b)
    s.on_action("confirm", {})
    return app, s


def test_as_a_turn_starts_the_latest_tile_slides_into_view_at_the_scale_kept():
    """On a phone, while Bo thinks Ana looks at the corner farthest from where he will
    play, zoomed in a little: her turn starts with his tile in view at her scale; a first
    half chosen and cancelled leaves the view where it is."""
    from gelateria.web.views.board_pan import visible_box
    app, twin = ana_moves_on_a_phone()
    app.run_timers(limit=10)
    bo_tile = [tuple(c) for c in (scene(twin).v["last"]["a"], scene(twin).v["last"]["b"])]
    app, s = ana_moves_on_a_phone()
    geo, cam = scene(s).geo, s.ui.camera
    x, y, w, hh = visible_box(cam.view_box(geo.box), cam.aspect)
    w, hh = w * 0.8, hh * 0.8
    (cx, cy), (bx, by, bw, bh) = geo.centres[bo_tile[0]], geo.box
    s.set_view_box(bx if cx > bx + bw / 2 else bx + bw - w, by if cy > by + bh / 2 else by + bh - hh, w, hh)
    scale = px_per_unit(s)
    app.run_timers(limit=10)  # Bo plays
    assert [tuple(c) for c in (scene(s).v["last"]["a"], scene(s).v["last"]["b"])] == bo_tile
    s.render()
    for c in bo_tile:
        x, y = shown_px(s, c)
        assert 0 <= x <= 330 and 0 <= y <= 480, c
    assert px_per_unit(s) == pytest.approx(scale)
    spot = next(iter(scene(s).pairs))  # a first half, then Cancel: no slide back
    click(s, spot)
    s.render()
    seen = s.ui.camera.view_box(geo.box)
    s.on_action("cancel", {})
    s.render()
    assert s.ui.first is None and s.ui.camera.view_box(geo.box) == seen


def test_a_zoom_of_the_players_own_stays_between_moves_and_the_buttons_zoom():
    app, s = table(HUMAN_VS_BOT)
    assert 'data-action="zoom-out"' in s.render() and scene(s).whole_in_view()
    s.on_action("zoom-in", {})
    zoomed = s.ui.camera.vb
    assert zoomed is not None and zoomed[2] < scene(s).geo.box[2] and not scene(s).whole_in_view()
    a, b = scoring_placement(s.state, 0, golden=0)
    click(s, a)  # a mouse (no touch screen in plain Python): picks at once
    click(s, b)
    s.on_action("confirm", {})
    app.run_timers(limit=10)
    assert len(s.record.moves) == 2 and s.ui.camera.vb == zoomed  # kept through both moves
    assert s.on_key("Escape") and scene(s).whole_in_view()  # Esc with nothing picked: the whole board
    s.on_action("zoom-in", {})
    s.on_action("zoom-out", {})
    assert scene(s).whole_in_view()  # out as far as the whole board


def test_golden_colours_by_number_keys_and_focus_stays_on_the_board():
    app, s = table(HUMAN_VS_BOT)
    a, b = scoring_placement(s.state, 0, golden=1)
    click(s, a)
    click(s, b)
    half = scene(s).golden_halves()
    assert len(half) == 1 and s.ui.golden_pick
    assert s.on_key("3") and s.ui.golden_pick == ["b"]  # 1-4: orange, green, blue, purple
    assert not s.on_key("5")  # no second golden half
    s.on_action("confirm", {})
    assert s.record.moves[-1][1]["g"] == ["b"]


def strip_words(strip) -> str:
    """The strip as it reads (its words, no markup)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", str(strip).replace("</span>", " </span>"))).strip()


def entry(strip, attr: str) -> str:
    """One player's entry in the strip (data-strip-own or data-strip-leader)."""
    return re.search(rf'<span {attr}="\d+".*?</b>(?: <span class="gs-lead">[^<]*</span>)?</span>', str(strip)).group(0)


def test_the_strip_names_you_with_your_tiles_and_says_the_lead_in_words():
    app, s = table(HUMAN_VS_BOT)
    state = s.state
    put(s, replace(state, scores=((2, 3, 4, 5), (3, 3, 3, 3))))
    strip = s.parts().strip
    assert strip_words(strip) == "You 2 Bo 3 leads Round 1/20"
    assert "★" not in strip  # the lead is a word, not a sign to decode
    # Each name wears its tiles (the hexagon in the pattern the board draws them in): yours
    # are Ana's; and your score the shape of the colour it is (orange, your weakest).
    own, other = entry(strip, "data-strip-own"), entry(strip, "data-strip-leader")
    assert 'url(#gs-pat-0)' in own and 'url(#gs-pat-1)' in other
    assert re.search(r'<span class="gs-strip-low gs-c-o" role="img" aria-label="orange"><svg[^>]*>.*?</svg></span>2</b>', own)
    put(s, replace(state, scores=((4, 4, 5, 5), (3, 3, 3, 3))))
    strip = s.parts().strip
    assert strip_words(strip) == "You 4 leads Bo 3 Round 1/20"
    put(s, replace(state, scores=((3, 4, 5, 5), (3, 3, 3, 3))))
    assert "leads" not in strip_words(s.parts().strip)  # level: nobody leads


def test_what_the_page_says_of_the_device_reaches_the_view():
    """The page's facts at each event (a narrow window, a finger, the board's size, where
    focus is) come to the view through the table (its Setting), not through the game."""
    app = FakeApp()
    app.facts = {"width": 390, "coarse": True, "board": [320.0, 520.0], "boardFocused": False}
    s = screen(app, [])
    s.seats = HUMAN_VS_BOT
    s.start(seed=7)
    assert 'class="gs-board gs-board-tall' in s.render()  # a phone held upright: the board is drawn tall
    assert not s.on_key("Enter")  # the board does not have the focus: Enter is the page's
    app.facts = {**app.facts, "boardFocused": True}
    assert s.on_key("Enter") and s.ui.first == (6, -3)  # now it picks the space under the cursor
    app.facts = {"width": 1366, "coarse": False, "board": [800.0, 600.0], "boardFocused": False}
    s.on_action("new-game", {})
    s.start(seed=7)
    assert 'class="gs-board gs-board-tall' in s.render()  # (how the board suits the screen is settled when it opens)


def finished(seats, seed=3):
    """A table whose game bots played to the end (seed 3: seat 0 wins), seat 0 `seats[0]`."""
    from gelateria.core.session import play as bots_play

    app, s = table(seats, seed=seed)
    for player, move in bots_play(GAME, ["normal", "normal"], seed).record.moves:
        assert s.act(player, move, quiet=True)
    assert s.phase == "over" and GAME.winners(s.state) == [0]
    html = s.render()
    return html[html.index("data-end"):]


def test_the_end_screen_calls_this_devices_player_you_and_hot_seat_keeps_names():
    end = finished(HUMAN_VS_BOT)
    assert re.search(r"<h2>(.*?)</h2>", end).group(1) == "You win!"
    assert re.findall(r'<th scope="row">(.*?)</th>', end) == ["You", "Bo"] and ">Ana<" not in end
    assert re.search(r'data-tiebreak="">You win with \d+ in your weakest colour', end)
    end = finished([Seat("human", "Ana"), Seat("human", "Bo")])  # two players at one screen: their names
    assert re.search(r"<h2>(.*?)</h2>", end).group(1) == "Ana wins!"
    assert re.findall(r'<th scope="row">(.*?)</th>', end) == ["Ana", "Bo"] and ">You<" not in end


def test_your_tie_won_says_you():
    s = screen_with_scores([(9, 13, 14, 20), (9, 12, 14, 20)])
    facts = replace(s.told(), humans=[0])
    assert tie_break_text(Scene(facts, s.ui)) == ("You and Bo both have 9 in their weakest colour, so the second-lowest "
                                                  "colour decides (You 13, Bo 12): you win the tie.")


def test_a_turn_on_a_small_phone_opens_on_bos_tile_and_your_nearest_tiles():
    """Mid-game on a 360x640 phone's board (the tools at its right): Ana's turn opens at a
    finger's scale with Bo's latest tile and at least one of her own in view, and more of
    hers the roomier the board."""
    from gelateria.core.session import play as bots_play
    from gelateria.web.views.genial_art import HALF_H

    moves = bots_play(GAME, ["normal", "normal"], 31).record.moves[:12]
    for size, least in (((340.0, 285.0), 1), ((330.0, 490.0), 2)):
        app, s = table(HUMAN_VS_BOT, seed=31)
        s.set_board_size(*size, True, [0, 56, 0, 0])
        for player, move in moves:
            assert s.act(player, move, quiet=True)
        s.render()
        v = scene(s).v
        bo = [tuple(v["last"]["a"]), tuple(v["last"]["b"])]
        own = [(tuple(a), tuple(b)) for p, a, b in v["tiles"] if p == 0]

        def shown(cell):
            x, y = shown_px(s, cell)
            return 0 <= x <= size[0] - 56 and 0 <= y <= size[1]
        assert all(shown(c) for c in bo), size
        assert sum(shown(a) and shown(b) for a, b in own) >= least, size
        assert px_per_unit(s) * 2 * HALF_H == pytest.approx(36, abs=0.5)  # the scale a finger needs, not zoomed out


@pytest.mark.parametrize("seed, cut", [(3, 8), (4, 12), (9, 20), (21, 16), (30, 12)])
def test_a_turn_on_a_small_phone_shows_what_bos_tile_scored_whole(seed, cut):
    """On a 360x640 phone's board, where the badge of what Bo's tile scored sits beside
    it towards the board's edge (these deals and rounds put it to the left or below), the
    turn opens with the badge as well as the tile inside what is seen, not half of
    "+3 +1" cut by the edge."""
    from gelateria.core.session import play as bots_play
    from gelateria.web.views.genial_art import badge_box

    size, right = (340.0, 285.0), 56
    app, s = table(HUMAN_VS_BOT, seed=seed)
    s.set_board_size(*size, True, [0, right, 0, 0])
    for player, move in bots_play(GAME, ["normal", "normal"], seed).record.moves[:cut]:
        assert s.act(player, move, quiet=True)
    s.render()
    v, geo = scene(s).v, scene(s).geo

    def seen(x, y):
        sx, sy = board_px(s, x, y)
        return -0.5 <= sx <= size[0] - right + 0.5 and -0.5 <= sy <= size[1] + 0.5
    assert all(seen(*geo.centres[tuple(v["last"][k])]) for k in "ab")
    x, y, w, hh = badge_box(geo, v, v["last"])
    assert seen(x, y) and seen(x + w, y + hh), (board_px(s, x, y), board_px(s, x + w, y + hh))


def test_the_scores_panel_calls_you_you_as_the_strip_does():
    _app, s = table(HUMAN_VS_BOT)
    details = s.parts().details
    assert re.findall(r'class="gs-pname">([^<]*)<', details) == ["You", "Bo"] and ">Ana<" not in details
    assert 'aria-label="Your colours"' in details
    _app, s = ana_moves_on_a_phone()  # while Bo thinks, her move is said as yours
    assert "Latest: You " in s.parts().side and "Ana" not in s.parts().side
    mine = tuple(scene(s).v["last"]["a"])
    assert cell_label(scene(s), mine).endswith(": your tile")  # the cursor's name for a space yours covers
    _app, s = table([Seat("human", "Ana"), Seat("human", "Bo")])  # two at one screen: their names
    assert re.findall(r'class="gs-pname">([^<]*)<', s.parts().details) == ["Ana", "Bo"]


def test_when_bos_tile_and_yours_cannot_share_a_small_phone_your_tile_wins_and_an_arrow_points_to_his():
    """Deal 22, round 9, on a 360x640 phone's board: Bo's tile is too far from all of
    Ana's to share the view at a finger's scale (a token barely over 16 px: no room to zoom
    out). Her nearest tiles are whole in view, and an arrow at the edge points to his; a
    tap on it brings his tile into view."""
    from gelateria.core.session import play as bots_play

    app, s = table(HUMAN_VS_BOT, seed=22)
    s.set_board_size(288.0, 284.0, True)
    for player, move in bots_play(GAME, ["normal", "normal"], 22).record.moves[:16]:
        assert s.act(player, move, quiet=True)
    html = s.render()
    v = scene(s).v

    def shown(cell):
        x, y = shown_px(s, cell)
        return 0 <= x <= 288 and 0 <= y <= 284
    bo = [tuple(v["last"]["a"]), tuple(v["last"]["b"])]
    assert not all(shown(c) for c in bo) and '<g class="gs-last"' in html
    assert sum(shown(tuple(a)) and shown(tuple(b)) for p, a, b in v["tiles"] if p == 0) >= 2
    assert px_per_unit(s) * 24 >= 16  # the narrowest token (24 units across)
    x, y, angle = map(float, re.search(r'translate\(([-\d.]+) ([-\d.]+)\) rotate\(([-\d.]+)\)"[^>]*data-latest-pointer',
                                       html).groups())
    geo = scene(s).geo
    tx, ty = [sum(geo.centres[c][k] for c in bo) / 2 for k in (0, 1)]
    assert abs((math.degrees(math.atan2(ty - y, tx - x)) - angle + 180) % 360 - 180) < 15  # it points at his tile
    scale = px_per_unit(s)
    s.on_action("to-latest", {})  # a tap on the arrow: the board slides to his tile, at the scale kept
    assert all(shown(c) for c in bo) and "data-latest-pointer" not in s.render()
    assert px_per_unit(s) == pytest.approx(scale)
