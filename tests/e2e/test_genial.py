"""Genial Spezial in a real browser: a human places tiles by clicking two hexes against a
bot (preview per colour, a golden colour choice, the bot's reply), a nearly full board
from a link (render time measured, keyboard, phone size), and a bots-only game at
instant speed to the end screen (bot think time measured)."""

from pathlib import Path
from statistics import median

import pytest

from gelateria.core.session import Session, play
from gelateria.core.record import Record, Seat, decode, encode
from gelateria.games.genial.rules import CELLS, COLOUR_NAMES, COLOURS, GAME
from conftest import SIZES, each_language, start_game, take_seat, think_stats
from phone_sizes import PHONES

SHOTS = Path(__file__).resolve().parents[2] / "test-results"


def log_has(page, start: str, count: int = 1) -> None:
    page.wait_for_function(
        "([s, n]) => [...document.querySelectorAll('[data-log] li')].filter(li => li.textContent.startsWith(s)).length >= n",
        arg=[start, count])


def cell(page, c):
    return page.locator(f"polygon[data-cell='{c[0]},{c[1]}']")


def placement(state, player, golden: int):
    """A tile that scores from towers and covers `golden` golden spaces (asked of the rules)."""
    gold = state.layout.golden
    best = None
    for a, b in GAME.open_spaces(state):
        gain = sum(GAME.tile_outcome(state, player, a, b).gain)
        if (a in gold) + (b in gold) == golden and (best is None or gain > best[0]):
            best = (gain, CELLS[a], CELLS[b])
    return best[1], best[2]


def game_link(players: int, seed: int, moves: int) -> tuple[str, object]:
    """A real game of normal bots cut after `moves`, with a human in seat 0 to move."""
    session = play(GAME, ["normal"] * players, seed)
    _, record = session.state, session.record
    seats = [Seat("human", "Ana")] + [Seat("bot", n, "normal") for n in ("Bo", "Chiara", "Dario")[:players - 1]]
    cut = Record("genial", seats, seed, {}, record.moves[:moves])
    return encode(cut), Session.from_record(cut).state


def test_a_human_places_tiles_by_clicking_two_hexes_and_the_hard_bot_replies(site, watched):
    page = watched.open(site.url + "#/genial")
    start_game(page, "genial", ["human", "hard"], seed=7, names={0: "Ana"}, pace="Fast")  # Bo searches
    assert page.locator("[data-turn]").inner_text() == "Your turn"
    assert page.locator("polygon[data-cell]").count() == 247
    assert page.locator("[data-tower]").count() == 16 and page.locator("[data-tower][data-tall='1']").count() == 6
    assert page.locator(".gs-golden").count() == 23
    assert page.locator("[data-player]").count() == 2

    # (The 247 spaces are drawn once: each redraw leaves them as they are, data-keep.)
    page.evaluate("document.querySelector('.gs-cells').dataset.drawnFirst = '1'")

    # First hex, then a lit neighbour: the preview shows the points per colour.
    state = GAME.new(2, 7)
    a, b = placement(state, 0, golden=0)
    gain = GAME.apply(state, 0, {"a": list(a), "b": list(b)}).last["gain"]
    cell(page, a).click()
    page.wait_for_selector("[data-move-bar='second']")
    assert page.locator(f"[data-target='{b[0]},{b[1]}']").count() == 1
    cell(page, b).click()
    bar = page.locator("[data-move-bar='preview']")
    bar.wait_for()
    assert bar.get_attribute("data-preview") == ",".join(map(str, gain))
    for c, g in zip(COLOURS, gain):
        assert bar.locator(f"[data-gain='{c}'] strong").inner_text() == f"+{g}"
    words = ", ".join(f"+{g} {COLOUR_NAMES[c]}" for c, g in zip(COLOURS, gain) if g)
    assert words and words in bar.inner_text()
    assert page.locator("[data-ghost]").count() == 1
    assert page.locator("[data-log] li").count() == 1  # only previewed
    assert page.evaluate("document.activeElement.dataset.action") == "confirm"
    bar.get_by_role("button", name=f"Place tile ({words})").click()

    # Scores and the log update; the bot replies, its tile outlined.
    log_has(page, "Ana placed")
    assert page.locator("[data-score='0']").inner_text() == str(min(gain))
    for c, g in zip(COLOURS, gain):
        assert page.locator(f"[data-player='0'] [data-colour='{c}']").get_attribute("data-value") == str(g)
    log_has(page, "Bo placed")
    page.wait_for_selector("[data-turn='0']")
    assert page.locator("[data-board] [data-last='1']").count() == 1
    assert "Bo placed a tile" in page.locator("[data-since]").inner_text()  # what happened since your turn
    assert page.locator(".gs-cells[data-drawn-first='1'] polygon[data-cell]").count() == 247

    # The position so far, from the share panel's link; then a tile on a golden space.
    page.get_by_role("button", name="Share").click()
    record = decode(page.locator("input[data-link='game']").input_value().split("/game/")[1])
    state = Session.from_record(record).state
    page.get_by_role("button", name="Share").click()
    a, b = placement(state, 0, golden=1)
    cell(page, a).click()
    cell(page, b).click()
    chooser = page.locator("[data-golden-choice]")
    chooser.wait_for()
    pressed = chooser.locator("[aria-pressed='true']")
    assert pressed.count() == 1 and "weakest" in pressed.inner_text()
    other = next(c for c in COLOURS if c != pressed.get_attribute("data-colour"))
    chooser.locator(f"[data-colour='{other}']").click()
    page.wait_for_selector(f"[data-golden-choice] [data-colour='{other}'][aria-pressed='true']")
    expected = GAME.apply(state, 0, {"a": list(a), "b": list(b), "g": [other]}).last["gain"]
    assert page.locator("[data-move-bar='preview']").get_attribute("data-preview") == ",".join(map(str, expected))
    page.locator("[data-action='confirm']").click()
    log_has(page, "Ana placed", 2)
    assert f"golden +1 {COLOUR_NAMES[other]}" in page.locator("[data-log] li").all_inner_texts()[0]
    log_has(page, "Bo placed", 2)
    assert watched.errors == [] and watched.foreign == []


def test_the_turn_panel_holds_its_words_whole_in_every_language(site, watched):
    """At a desktop the turn panel keeps one height through a turn (nothing under the
    pointer moves), tall enough for its longest words: in Japanese and Korean the first
    step's keys were cut off ("키: Tab, 방향키, Enter," without "Esc.")."""
    code, _state = game_link(2, 31, 12)
    page = watched.open(site.url + "#/genial/game/" + code)
    take_seat(page)
    for lang in each_language(page):
        page.wait_for_selector("[data-move-bar='first'] .gs-keys")
        assert page.locator(".gs-step").evaluate("e => e.scrollHeight <= e.clientHeight + 1"), lang
    assert watched.errors == []


@pytest.mark.parametrize("size", [{"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True},
                                  {"viewport": {"width": 1024, "height": 768}}], ids=["tablet", "desktop"])
def test_on_a_wider_screen_the_board_tools_cover_no_space(site, devices, size):
    """A tablet or a desktop has room for the board's tools beside it: at 768 px they
    floated over its right edge and hid nine spaces, a tower among them. (A phone keeps
    them over the edge: test_genial_phone.)"""
    page = devices.take(**size).open(site.url + "#/genial")
    start_game(page, "genial", ["human", "normal"], seed=9)
    page.wait_for_selector("[data-move-bar='first']")
    board, tools = page.locator("svg[data-board]").bounding_box(), page.locator("[data-board-tools]").bounding_box()
    assert tools["x"] >= board["x"] + board["width"], (board, tools)


def test_a_nearly_full_board_renders_fast_and_plays_by_keyboard(site, watched):
    code, state = game_link(4, 21, 76)  # round 20: everyone but Ana has placed 19 tiles
    page = watched.open(site.url + "#/genial/game/" + code)
    page.wait_for_selector("[data-game='genial'][data-phase='play']")
    take_seat(page)
    assert page.locator("[data-board] .gs-tile").count() == 76
    assert page.locator("[data-player]").count() == 4

    # Render times: the whole screen from scratch (Turn draws the board the other way
    # round: every tile and tower again), and a click that picks a half or puts it back
    # (only the parts that show the pick are redrawn). Each is timed from the click to
    # the page holding the answer (the app's worker has finished with it), then to the
    # next frame.
    a, b = placement(state, 0, golden=0)
    timings = page.evaluate("""async ([pick]) => {
        const out = {full: [], pick: []};
        const answered = () => new Promise(function wait(r) {
            if (gelateriaShell.idle()) r(); else setTimeout(() => wait(r), 1);
        });
        for (let i = 0; i < 16; i++) {
            const kind = i % 2 ? 'pick' : 'full';
            const el = document.querySelector(kind == 'full' ? "[data-action='turn-board']" : pick);
            const t = performance.now();
            el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
            await answered();
            const markup = performance.now() - t;
            await new Promise(r => requestAnimationFrame(() => setTimeout(r)));
            out[kind].push([markup, performance.now() - t]);
        }
        return out;
    }""", [f"polygon[data-cell='{a[0]},{a[1]}']"])
    full_ms = median(t[0] for t in timings["full"])
    full_frame = median(t[1] for t in timings["full"])
    pick_ms = median(t[0] for t in timings["pick"])
    pick_frame = median(t[1] for t in timings["pick"])
    print(f"\nGenial full board (76 tiles, 4 players): whole screen {full_ms:.1f} ms (next frame {full_frame:.1f} ms); "
          f"a pick {pick_ms:.1f} ms (next frame {pick_frame:.1f} ms)")
    # A guard against a pathological redraw, not a speed target (the benches measure).
    assert full_ms < 600 and pick_ms < full_ms, timings
    assert page.locator("[data-move-bar='first']").count() == 1  # an even number of clicks: nothing picked
    assert page.locator("[data-board].gs-board-tall").count() == 0  # turned back to wide

    # Keyboard: the board's cursor is reached by Tab (focused, labelled), arrows move
    # it, Enter picks, Enter again places.
    page.locator("#app h1").focus()
    for _ in range(4):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.cursor") is not None:
            break
    assert page.evaluate("document.activeElement.dataset.cursor") is not None
    label = page.locator("[data-cursor]").get_attribute("aria-label")
    assert label.startswith("Space") and " tower" in label and "(" not in label  # where, in words
    # Walk the cursor to the first half with the arrows, up/down only along the column.
    cur = tuple(int(x) for x in page.locator("[data-cursor]").get_attribute("data-cursor").split(","))
    while cur[0] != a[0]:
        page.keyboard.press("ArrowRight" if a[0] > cur[0] else "ArrowLeft")
        cur = tuple(int(x) for x in page.locator("[data-cursor]").get_attribute("data-cursor").split(","))
    while cur[1] != a[1]:
        page.keyboard.press("ArrowDown" if a[1] > cur[1] else "ArrowUp")
        cur = tuple(int(x) for x in page.locator("[data-cursor]").get_attribute("data-cursor").split(","))
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-move-bar='second']")
    cell(page, b).click()
    page.wait_for_selector("[data-move-bar='preview']")
    page.keyboard.press("Enter")  # the Place button has the focus
    log_has(page, "Ana placed")
    page.get_by_role("button", name="Instant").click()
    page.locator("[data-end]").wait_for()
    assert watched.errors == [] and watched.foreign == []

    # A mid-game board with a tile previewed, on a laptop and on a phone.
    code, state = game_link(4, 22, 40)  # (another deal: a link behind the save of deal 21 would open that save)
    page.evaluate("h => { location.hash = h; }", "#/genial/game/" + code)
    page.wait_for_selector("[data-board][data-tiles='40']")
    take_seat(page)
    a, b = placement(state, 0, golden=1)
    cell(page, a).click()
    cell(page, b).click()
    page.wait_for_selector("[data-golden-choice]")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "genial-midgame.png"))
    # On a phone held upright the board is drawn tall (the hexagons one above the other).
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("h => { location.hash = h; }", "#/genial/game/" + code)
    page.wait_for_selector("[data-board].gs-board-tall[data-tiles='40']")  # (the seat taken above: its save)
    cell(page, a).click()
    cell(page, b).click()
    page.wait_for_selector("[data-golden-choice]")
    place = page.locator("[data-action='confirm']").bounding_box()
    assert place["y"] + place["height"] <= 844  # the bar sticks to the bottom of the screen, in view
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "genial-phone.png"))
    assert watched.errors == [] and watched.foreign == []


def test_bots_only_at_instant_speed_reach_the_end_screen(site, watched):
    page = watched.open(site.url + "#/genial")
    start_game(page, "genial", ["normal", "normal", "normal", "easy"], seed=12,
               names={2: "<b>Chi</b><img src=x>"}, pace="Instant")
    end = page.locator("[data-end]")
    end.wait_for(timeout=180_000)
    text = end.inner_text()
    assert "wins" in text or "share the win" in text
    summary = page.locator("[data-summary]")
    assert summary.locator("tbody tr").count() == 4
    assert "tie-breaks" in summary.inner_text()
    assert page.locator("[data-end] .final-scores:not([data-summary])").is_hidden()  # one table, not two
    tiebreak = page.locator("[data-tiebreak]").inner_text()
    assert "weakest colour" in tiebreak
    assert "<b>Chi</b><img src=x>" in text and page.locator("#app img[src='x']").count() == 0
    n, med, worst = think_stats(page)
    print(f"\nGenial bot think time in the browser over {n} moves: median {med} ms, worst {worst} ms")
    assert n == 80 and med < 250
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "genial-end.png"))
    page.get_by_role("button", name="Look at the board").click()
    assert page.locator("[data-board] .gs-tile").count() == 80
    page.screenshot(path=str(SHOTS / "genial-final-board.png"), full_page=True)
    assert watched.errors == [] and watched.foreign == []


# --- issue 18: a turn in view on a phone and a desktop, and a page that holds still --------

NOT_IN_VIEW = """whole => {
    const inside = (r, box) => r.height > 0 && r.top >= box.top - 0.5 && r.left >= box.left - 0.5
                               && r.bottom <= box.bottom + 0.5 && r.right <= box.right + 0.5;
    const screen = {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
    const out = [];
    for (const s of ['[data-turn]', '[data-strip-own]', '.gs-own-colours', '.gs-step', '.gs-buttons']) {
        const e = document.querySelector(s);
        if (s == '.gs-buttons' && e && !e.children.length) continue;  // (no buttons: on a phone, no row)
        if (!e || !inside(e.getBoundingClientRect(), screen)) out.push(s);
    }
    // Every space of the board (so every legal one) on screen and not cut off by the board's edge
    // (a phone shows the board at a finger's scale instead: tests/e2e/test_genial_phone.py).
    if (!whole) return out;
    const board = document.querySelector('svg[data-board]').getBoundingClientRect();
    const cells = [...document.querySelectorAll('svg[data-board] polygon[data-cell]')];
    const off = cells.filter(c => { const r = c.getBoundingClientRect(); return !inside(r, screen) || !inside(r, board); });
    if (off.length) out.push(`${off.length} of ${cells.length} spaces`);
    return out;
}"""


def space_px(page) -> float:
    """The narrow width of a space on screen, in px."""
    return page.evaluate("""() => { const r = document.querySelector("svg[data-board] polygon[data-cell]").getBoundingClientRect();
                                   return Math.min(r.width, r.height); }""")


TOPMOST = """sel => { const el = document.querySelector(sel), r = el.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el; }"""


def place(page, a, b, touch: bool) -> None:
    """Place a tile on spaces a and b as a player would: on a touch screen the board shows
    part of itself at a finger's scale; where a is not in view, Fit shows the whole board
    and the tap on a zooms in there and picks it (the magnified pick step)."""
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    if touch and not page.evaluate(TOPMOST, f"polygon[data-cell='{a[0]},{a[1]}']"):
        press(page.locator(".gs-tool[data-action='fit']"))
        page.wait_for_selector("svg[data-board]:not(.gs-zoomed)")
    press(cell(page, a))
    page.wait_for_selector("[data-move-bar='second']")
    press(cell(page, b))
    page.wait_for_selector("[data-move-bar='preview']")
    if touch:
        assert small_targets(page) == []
    press(page.locator("[data-action='confirm']"))


def small_targets(page) -> list[str]:
    """Controls in play (the turn panel, the board's tools) under 44 px either way."""
    return page.evaluate("""() => [...document.querySelectorAll('[data-part=move] button, .gs-board-tools button')]
        .filter(e => e.getClientRects().length).map(e => [e, e.getBoundingClientRect()])
        .filter(([e, r]) => r.width < 44 || r.height < 44)
        .map(([e, r]) => `${e.textContent.trim()} ${Math.round(r.width)}x${Math.round(r.height)}`)""")


def bot_tile(page):
    """The bot's latest tile, from the board's outline of the latest move."""
    a, b = page.locator("[data-board] [data-last='1']").get_attribute("data-tile").split(";")
    return [int(x) for x in a.split(",")], [int(x) for x in b.split(",")]


# The layout tests' phone and desktop, and the other two phones of issue 32.
TURN_SIZES = {**SIZES, **{shape: {"viewport": PHONES[shape], "has_touch": True, "is_mobile": True}
                          for shape in ("small", "landscape")}}


@pytest.mark.parametrize("size", list(TURN_SIZES))
def test_a_turn_is_in_view_and_the_page_holds_still(site, devices, size):
    sized = devices.take(**TURN_SIZES[size])
    page = sized.open(site.url + "#/genial")
    touch = size != "desktop"
    start_game(page, "genial", ["human", "normal"], seed=9, names={0: "Ana"})
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_selector("[data-move-bar='first']")
    page.evaluate("window.__shift = 0; window.__shifts = []")
    assert page.evaluate(NOT_IN_VIEW, not touch) == []
    if touch:
        print(f"\nGenial phone: spaces {space_px(page):.0f} px across at a finger's scale")
    state = GAME.new(2, 9)
    for turn in range(1, 4):
        a, b = placement(state, 0, golden=1 if turn == 2 else 0)
        place(page, a, b, touch)
        log_has(page, "Ana placed", turn)
        state = GAME.apply(state, 0, GAME.listed_forms(state, 0, {"a": list(a), "b": list(b)})[0])
        log_has(page, "Bo placed", turn)
        page.wait_for_selector("[data-turn='0'] >> text=Your turn")
        page.wait_for_selector("[data-move-bar='first']")
        bot_a, bot_b = bot_tile(page)
        state = GAME.apply(state, 1, GAME.listed_forms(state, 1, {"a": bot_a, "b": bot_b})[0])
        # After a move: the turn in view (and, with a mouse, the whole board).
        assert page.evaluate(NOT_IN_VIEW, not touch) == [], turn
        score = page.locator("[data-own-score]").text_content()
        assert page.locator("[data-strip-own]").inner_text().startswith(f"You {score}")
    assert page.locator("[data-board] .gs-tile").count() == 6
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")  # reported
    shift = page.evaluate("window.__shift")
    print(f"Genial {size}: CLS {shift:.4f} over 3 turns against a bot")
    assert shift <= 0.02, "\n".join(map(str, page.evaluate("window.__shifts")))
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"genial-turn-{size}.png"))
    assert sized.errors == []
