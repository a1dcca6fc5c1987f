"""Genial Spezial on a phone (issue 32), mid-game, at 390x844, 844x390 and 360x640 (touch):
towers and tokens are readable (16 px or more); a turn is three taps — a space, a
neighbour, Place tile — and after the first every neighbour that finishes the tile is on
screen, inside the board and what a finger at its centre touches; when the player's next
turn comes the scale is the same (no reset after every turn) and Bo's tile is in view.
The board's tools hold their words whole. The strip names you with your tiles and says
who leads in words; the turn panel's colours say whose they are and that the lowest is
the score, it holds no blank and keeps its height from Bo's turn to yours; on its side,
the moves since your last turn end inside the column, faded where more is below. A turn
opens on Bo's latest tile with your own tiles near it (on the smallest phone, when they
cannot share the board, on yours, with an arrow to his)."""

from __future__ import annotations

import pytest
from conftest import take_seat
from phone_sizes import PHONES, hidden_targets, phone

from gelateria.core.record import Record, Seat, encode
from gelateria.core.session import Session, play
from gelateria.games.genial.rules import CELLS, COLOURS, GAME

MIN_PX = 16  # a token or tower this wide on screen, at least
LABEL_PX = 12  # the board's numbers (tokens, what a move scores) this high on screen, at least
MOVES = 12  # the game cut here: Ana (seat 0) to move, the board grown


def mid_game(seed: int = 31, moves: int = MOVES) -> tuple[str, object]:
    """A game of normal bots cut after `moves` moves, Ana to move, against a normal Bo."""
    record = play(GAME, ["normal", "normal"], seed).record
    cut = Record("genial", [Seat("human", "Ana"), Seat("bot", "Bo", "normal")], seed, {}, record.moves[:moves])
    return encode(cut), Session.from_record(cut).state


# The smallest token and tower drawn inside the board's visible box, in px.
SMALLEST = """() => {
    const box = document.querySelector('svg[data-board]').getBoundingClientRect();
    const inside = r => r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
    const sizes = sel => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect())
        .filter(inside).map(r => Math.min(r.width, r.height));
    const texts = [...document.querySelectorAll('svg[data-board] text')].filter(t => inside(t.getBoundingClientRect()));
    return {tokens: sizes('[data-tower] .gs-token path'), towers: sizes('[data-tower]'),
            labels: texts.map(t => [t.getAttribute('class'), t.textContent,
                                    parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a])};
}"""

# The first of these spaces a finger can tap: on screen, well inside the board.
TAPPABLE = """cells => cells.find(key => {
    const el = document.querySelector(`polygon[data-cell='${key}']`), r = el.getBoundingClientRect();
    const b = el.ownerSVGElement.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    // (a space cut by the board's edge has its centre there: a finger would miss it)
    return x > b.left + 8 && y > b.top + 8 && x < b.right - 8 && y < b.bottom - 8
           && y < innerHeight && document.elementFromPoint(x, y) === el;
}) ?? null"""


# Of these spaces, those wholly inside the board as seen (on the board, on the screen).
IN_VIEW = """keys => { const b = document.querySelector('svg[data-board]').getBoundingClientRect();
    return keys.filter(k => { const r = document.querySelector(`polygon.gs-cell[data-cell='${k}']`).getBoundingClientRect();
        return r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= Math.max(b.top, 0) - 0.5
               && r.bottom <= Math.min(b.bottom, innerHeight) + 0.5; }); }"""


def tiles_in_view(page, state, player: int) -> list[list[str]]:
    """`player`'s tiles (each its two spaces) wholly in view on the board."""
    tiles = [[f"{q},{r}" for q, r in (CELLS[a], CELLS[b])] for p, a, b in state.tiles if p == player]
    shown = set(page.evaluate(IN_VIEW, [k for tile in tiles for k in tile]))
    return [tile for tile in tiles if set(tile) <= shown]


def weakest(state) -> str:
    """Ana's weakest colour (the first of them when several tie)."""
    colours = list(state.scores[0])
    return COLOURS[colours.index(min(colours))]


# Below the turn panel's last row, what is left over (besides its padding), in px.
PANEL_BLANK = """() => {
    const p = document.querySelector('[data-part=move]');
    const rows = [...p.children].filter(e => e.getClientRects().length);
    return p.getBoundingClientRect().bottom - parseFloat(getComputedStyle(p).paddingBottom)
           - rows[rows.length - 1].getBoundingClientRect().bottom;
}"""

# The turn panel's step and height, and the page's height, at each redraw from now on.
WATCH_PANEL = """() => {
    window.__panel = [];
    new MutationObserver(() => {
        const p = document.querySelector('[data-part=move]');
        if (p) window.__panel.push([p.dataset.moveBar, Math.round(p.getBoundingClientRect().height),
                                    document.documentElement.scrollHeight]);
    }).observe(document.querySelector('.side-main'), {childList: true, subtree: true});
}"""

# The box of moves since your last turn: inside the side column (not cut by its edge),
# all its words in view, and whether its fade (more below) shows.
SINCE_LAST = """() => {
    const box = document.querySelector('.since-last'), side = document.querySelector('.side-area');
    return {inside: box.getBoundingClientRect().bottom <= side.getBoundingClientRect().bottom + 0.5,
            side_fits: side.scrollHeight <= side.clientHeight + 1, fits: box.scrollHeight <= box.clientHeight + 1,
            faded: getComputedStyle(box, '::after').visibility === 'visible'};
}"""


def strip_says_who_is_who(page, state) -> None:
    """"You" wears your tiles (the pattern Ana's tiles have on the board), Bo his; the
    one ahead is said in a word, not a sign."""
    strip = page.locator(".turn-strip")
    own, other = page.locator("[data-strip-own]"), page.locator("[data-strip-leader]")
    assert own.inner_text().startswith("You") and own.locator(".gs-swatch").is_visible()
    for entry, seat in ((own, 0), (other, 1)):
        tile = page.locator(f"svg[data-board] .gs-tile.p{seat}").first.get_attribute("fill")
        assert entry.locator(".gs-swatch polygon").get_attribute("fill") == tile
    scores = [min(c) for c in state.scores]
    assert "★" not in strip.inner_text()
    if scores[0] != scores[1]:
        ahead = own if scores[0] > scores[1] else other
        assert ahead.locator(".gs-lead").inner_text() == "leads" and ahead.locator(".gs-lead").is_visible()
        assert strip.locator(".gs-lead").count() == 1


def colours_are_labelled(page, shape: str, rule: str = "the lowest is your score") -> None:
    """Over the four colour scores, whose they are and how they score, whole; held upright,
    on the panel's top edge (a tab: no line of its own), on its side the panel's heading."""
    label = page.locator(".gs-own-head")
    assert label.is_visible() and rule in label.inner_text()
    assert label.evaluate("e => [e, ...e.children].every(c => c.scrollWidth <= c.clientWidth + 1 || !c.clientWidth)")
    box, chips = label.bounding_box(), page.locator(".gs-own-colours").bounding_box()
    assert box["y"] + box["height"] <= chips["y"]
    if shape != "landscape":
        top = page.locator("[data-part=move]").bounding_box()["y"]
        assert box["y"] < top < box["y"] + box["height"] and box["height"] < 20, (box, top)


def readable(page, label: str = "") -> None:
    """Towers and tokens 16 px or more, every number on the board 12 px or more (`label`:
    one of the board's texts that must be in view, e.g. the latest move's badge)."""
    sizes = page.evaluate(SMALLEST)
    assert sizes["tokens"] and sizes["towers"], "no tower in view"
    assert min(sizes["tokens"]) >= MIN_PX and min(sizes["towers"]) >= MIN_PX, sizes
    assert all(px >= LABEL_PX for _cls, _text, px in sizes["labels"]), sizes["labels"]
    assert not label or label in {cls for cls, _text, _px in sizes["labels"]}, (label, sizes["labels"])


@pytest.mark.parametrize("shape", list(PHONES))
def test_a_turn_on_a_phone_is_three_taps_on_a_readable_board(site, devices, shape):
    code, state = mid_game()
    device = phone(devices, shape)
    page = device.open(site.url + "#/genial/game/" + code)
    take_seat(page)
    page.wait_for_selector("[data-move-bar='first']")
    page.wait_for_selector("svg[data-board].gs-zoomed")  # measured: a finger's scale, not the whole board
    # The board's tools are on screen and uncovered, though the notice above pushes its foot below the screen.
    assert hidden_targets(page, ".gs-tool", "body") == []
    board = page.locator("svg[data-board]")
    board.scroll_into_view_if_needed()
    readable(page, "gs-badge-text")  # what Bo's tile scored, on the board beside it
    # The turn opens where it matters: Bo's latest tile, and your own tiles near it (where
    # your colours grow), not a stretch of empty spaces that all look alike.
    bo_tile = page.locator(".gs-last").get_attribute("data-tile").split(";")
    assert page.evaluate(IN_VIEW, bo_tile) == bo_tile
    assert tiles_in_view(page, state, 0), "none of your tiles in view"
    # The board has the screen's width: its tools float over its right edge, in the strip
    # the camera frames nothing in, each word whole in its button.
    tools, drawn = page.locator(".gs-board-tools").bounding_box(), board.bounding_box()
    assert drawn["width"] >= PHONES[shape]["width"] - 30 or shape == "landscape", drawn
    assert drawn["x"] + drawn["width"] - 50 <= tools["x"] < tools["x"] + tools["width"] <= drawn["x"] + drawn["width"], (tools, drawn)
    assert page.locator(".gs-tool").evaluate_all("els => els.every(e => e.scrollWidth <= e.clientWidth)")
    colours_are_labelled(page, shape)
    # The strip says the round and your score in the shape of your weakest colour, whole.
    strip = page.locator(".turn-strip")
    assert f"Round {MOVES // 2 + 1}/20" in strip.inner_text().replace("\n", " ")
    assert page.locator("[data-strip-own] .gs-strip-low.gs-c-" + weakest(state)).is_visible()
    assert strip.evaluate("e => e.scrollWidth <= e.clientWidth")
    strip_says_who_is_who(page, state)
    # The turn panel is as tall as its words: no blank row kept for buttons it has not got.
    assert page.evaluate(PANEL_BLANK) <= 1
    assert page.locator(".gs-step").evaluate("e => e.scrollHeight <= e.clientHeight")
    if shape == "landscape":  # the board has most of the screen; the side column ends on a whole box
        assert board.bounding_box()["height"] >= 0.75 * PHONES[shape]["height"]
        since = page.evaluate(SINCE_LAST)
        assert since["inside"] and since["side_fits"] and since["faded"] == (not since["fits"]), since

    cells = [f"{q},{r}" for q, r in (CELLS[i] for i in sorted({c for pair in GAME.open_spaces(state) for c in pair}))]
    first = page.evaluate(TAPPABLE, cells)
    assert first is not None, "no open space in view"
    page_height = page.evaluate("document.documentElement.scrollHeight")
    taps = 0
    page.locator(f"polygon[data-cell='{first}']").tap()
    taps += 1
    page.wait_for_selector("[data-move-bar='second']")
    targets = page.locator("[data-target]").evaluate_all("els => els.map(e => e.dataset.target)")
    assert targets
    # Every neighbour that finishes the tile is in the visible board, and a finger at its
    # centre touches that space (the target's ring lets taps through to its space).
    spaces = ", ".join(f"polygon.gs-cell[data-cell='{t}']" for t in targets)
    assert hidden_targets(page, spaces, "svg[data-board]") == []
    readable(page)
    page.locator(f"polygon[data-cell='{targets[0]}']").tap()
    taps += 1
    page.wait_for_selector("[data-move-bar='preview']")
    readable(page)
    if shape == "landscape":  # the panel grew: the moves since your last turn have less room, and say so
        since = page.evaluate(SINCE_LAST)
        assert since["inside"] and not since["fits"] and since["faded"], since
        page.locator(".since-last").evaluate("e => { e.scrollTop = e.scrollHeight; }")
        page.wait_for_function("() => getComputedStyle(document.querySelector('.since-last'), '::after').visibility === 'hidden'")
    view = board.get_attribute("viewBox")
    page.evaluate(WATCH_PANEL)
    page.locator("[data-action='confirm']").tap()
    taps += 1
    page.wait_for_function("n => document.querySelectorAll('[data-board] .gs-tile').length > n", arg=MOVES)
    assert taps <= 3
    # Bo replies; Ana's next turn opens at the scale her last one ended, his tile in view.
    page.wait_for_function("n => document.querySelectorAll('[data-board] .gs-tile').length > n + 1", arg=MOVES,
                           timeout=60_000)
    page.wait_for_selector("[data-move-bar='first']")
    assert board.get_attribute("viewBox").split()[2:] == view.split()[2:]
    bo_tile = page.locator(".gs-last").get_attribute("data-tile").replace(";", " ").split()
    assert hidden_targets(page, ", ".join(f"polygon.gs-cell[data-cell='{c}']" for c in bo_tile), "svg[data-board]") == []
    readable(page, "gs-badge-text")
    # While Bo thought and when her turn came, the turn panel was the same height, and the
    # page as long as at the start of her turn (nothing under a finger moved).
    seen = page.evaluate("window.__panel")
    assert {bar for bar, _h, _page in seen} >= {"watch", "first"}, seen
    assert len({height for bar, height, _page in seen if bar in ("watch", "first")}) == 1, seen
    assert {length for _bar, _h, length in seen} == {page_height}, seen
    assert device.errors == []


@pytest.mark.parametrize("shape", list(PHONES))
def test_your_turn_opens_on_bos_tile_and_your_own_near_it(site, devices, shape):
    """Bo's latest tile far from the middle, your tiles spread out (deal 22, round 9):
    the turn opens with his tile and at least one of yours whole on screen. On the
    smallest phone they cannot share the board at a readable scale: yours are whole,
    and an arrow inside the board's edge points to his."""
    code, state = mid_game(22, 16)
    page = phone(devices, shape).open(site.url + "#/genial/game/" + code)
    take_seat(page)
    page.wait_for_selector("[data-move-bar='first']")
    page.wait_for_selector("svg[data-board].gs-zoomed")
    page.locator("svg[data-board]").scroll_into_view_if_needed()
    assert len(tiles_in_view(page, state, 0)) >= (2 if shape == "small" else 1), "too few of your tiles in view"
    readable(page)
    bo_tile = page.locator(".gs-last").get_attribute("data-tile").split(";")
    if shape != "small":
        assert page.evaluate(IN_VIEW, bo_tile) == bo_tile
        assert page.locator("[data-latest-pointer]").count() == 0
        return
    assert page.evaluate(IN_VIEW, bo_tile) != bo_tile
    pointer, board = page.locator("[data-latest-pointer]").bounding_box(), page.locator("svg[data-board]").bounding_box()
    assert (board["x"] <= pointer["x"] and pointer["x"] + pointer["width"] <= board["x"] + board["width"]
            and board["y"] <= pointer["y"] and pointer["y"] + pointer["height"] <= board["y"] + board["height"]), pointer
    assert pointer["width"] >= 24  # big enough to see at a glance


def test_the_guided_games_words_never_move_the_board_on_a_phone(site, devices):
    """Hints of different lengths, turn after turn (in Japanese, the longest lines): the
    board stays where it is."""
    page = phone(devices, "portrait", "ja").open(site.url + "#/genial/guided")
    page.wait_for_selector("[data-guide]")
    tops = []
    while len(tops) < 8:
        page.wait_for_selector("section.table[data-hint]")
        key = page.locator("section.table").get_attribute("data-hint")
        tops.append(page.evaluate("document.querySelector('svg[data-board]').getBoundingClientRect().top + scrollY"))
        hint = page.locator("[data-guide]").inner_text()
        if key in ("place", "golden", "pass"):
            page.locator(f"[data-action='{'pass' if key == 'pass' else 'confirm'}']").tap()
        else:
            page.locator(f"polygon[data-cell='{page.locator('[data-suggest]').first.get_attribute('data-suggest')}']").tap()
        page.wait_for_function("h => document.querySelector('[data-guide]')?.innerText !== h", arg=hint)
    assert max(tops) - min(tops) < 1, tops


@pytest.mark.parametrize("lang, you, leads, rule", [("ja", "あなた", "首位", "最も低い色が得点"),
                                                   ("ko", "나", "선두", "가장 낮은 색이 점수")])
def test_the_strip_names_you_and_the_lead_in_japanese_and_korean(site, devices, lang, you, leads, rule):
    """On the narrowest phone, in the longer words: your name with your tiles, the lead as
    a word, every word whole; the turn panel holds no blank, its colours say how they score."""
    code, state = mid_game()
    page = phone(devices, "small", lang).open(site.url + "#/genial/game/" + code)
    take_seat(page)
    page.wait_for_selector("[data-move-bar='first']")
    own = page.locator("[data-strip-own]")
    assert own.locator(".gs-strip-name").inner_text() == you and own.locator(".gs-swatch").is_visible()
    scores = [min(c) for c in state.scores]
    ahead = own if scores[0] > scores[1] else page.locator("[data-strip-leader]")
    assert scores[0] != scores[1] and ahead.locator(".gs-lead").inner_text() == leads
    strip = page.locator(".turn-strip")
    assert strip.evaluate("e => [...e.querySelectorAll('*')].every(c => c.scrollWidth <= c.clientWidth + 1 || !c.clientWidth)")
    assert page.evaluate(PANEL_BLANK) <= 1
    assert page.locator(".gs-step").evaluate("e => e.scrollHeight <= e.clientHeight")
    colours_are_labelled(page, "small", rule)


def test_a_golden_half_on_the_smallest_phone_keeps_place_on_screen(site, devices):
    """A tile with a golden half on a 360x640 phone: the colour to raise is chosen from one
    row of shapes (the weakest gold, as in your colours), and Place tile is on screen
    without scrolling."""
    code, state = mid_game()
    gold = state.layout.golden
    halves = sorted({c for pair in GAME.open_spaces(state) for c in pair if c in gold})
    page = phone(devices, "small").open(site.url + "#/genial/game/" + code)
    take_seat(page)
    page.locator("[data-action='news-close']").tap()  # (the link's notice read: a game as it is played on)
    page.wait_for_selector("[data-notice='news']", state="detached")
    page.wait_for_selector("[data-move-bar='first']")
    page.wait_for_selector("svg[data-board].gs-zoomed")
    golden = page.evaluate(TAPPABLE, [f"{q},{r}" for q, r in (CELLS[i] for i in halves)])
    assert golden is not None, "no golden space in view"
    page.locator(f"polygon[data-cell='{golden}']").tap()
    page.wait_for_selector("[data-move-bar='second']")
    page.locator(f"polygon[data-cell='{page.locator('[data-target]').first.get_attribute('data-target')}']").tap()
    page.wait_for_selector("[data-golden-choice]")
    shapes = page.locator(".gs-golden-row").first.locator(".gs-colour-btn")
    assert len({round(box["y"]) for box in shapes.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")}) == 1
    weak = page.locator(".gs-colour-btn.gs-weak:not(.on)")
    if weak.count():
        assert weak.first.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 244, 194)"
    place = page.locator("[data-action='confirm']").bounding_box()
    assert place["y"] + place["height"] <= 640 and page.evaluate("scrollY") == 0, place


# What the board shows: its viewBox, and whether every space is inside the board on screen.
SHOWN = """() => {
    const svg = document.querySelector('svg[data-board]'), b = svg.getBoundingClientRect();
    const whole = [...svg.querySelectorAll('polygon.gs-cell')].every(e => { const r = e.getBoundingClientRect();
        return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; });
    return {box: svg.getAttribute('viewBox').split(' ').map(Number), whole};
}"""


@pytest.mark.parametrize("shape", ["small", "landscape"])
def test_the_whole_board_at_a_tap_and_back_at_your_zoom(site, devices, shape):
    """The overview: on the smallest phone what changed since your last turn is on screen
    without scrolling; Fit shows the whole board, where you were outlined on it; Back
    returns there; a tap on a space far away zooms in there at the scale you had (not
    another) and picks it: the first half is placed."""
    code, state = mid_game()
    device = phone(devices, shape)
    page = device.open(site.url + "#/genial/game/" + code)
    take_seat(page)
    page.locator("[data-action='news-close']").tap()  # (the link's notice read: a game as it is played on)
    page.wait_for_selector("[data-notice='news']", state="detached")
    page.wait_for_selector("[data-move-bar='first']")
    page.wait_for_selector("svg[data-board].gs-zoomed")
    if shape == "small":  # Bo's move, in words, under the turn panel: on screen without scrolling
        line = page.locator(".since-last li").first
        assert line.inner_text().startswith("Bo placed a tile")
        assert page.evaluate("scrollY") == 0 and line.bounding_box()["y"] + line.bounding_box()["height"] <= 640
    opened = page.evaluate(SHOWN)
    page.locator("[data-action='zoom-in']").tap()  # the player's own zoom, closer than the board opened
    page.wait_for_function("w => +document.querySelector('svg[data-board]').getAttribute('viewBox').split(' ')[2] < w - 1",
                           arg=opened["box"][2])
    before = page.evaluate(SHOWN)
    page.locator("[data-action='fit']").tap()
    page.wait_for_selector("[data-action='zoom-back']")
    assert page.evaluate(SHOWN)["whole"]
    window = page.locator("[data-back-window]")  # where you were, on the whole board
    assert [float(window.get_attribute(k)) for k in ("x", "y", "width", "height")] == pytest.approx(before["box"], abs=0.1)
    assert hidden_targets(page, ".gs-tool", "body") == []
    page.locator("[data-action='zoom-back']").tap()
    page.wait_for_selector("[data-action='fit']:not([disabled])")
    assert page.evaluate(SHOWN)["box"] == pytest.approx(before["box"], abs=0.1)
    # The whole board again; a tap on the open space farthest from where you were.
    page.locator("[data-action='fit']").tap()
    page.wait_for_selector("[data-action='zoom-back']")
    cx, cy = before["box"][0] + before["box"][2] / 2, before["box"][1] + before["box"][3] / 2
    spots = page.evaluate("""keys => keys.map(k => { const e = document.querySelector(`polygon[data-cell='${k}']`);
        const r = e.getBBox(); return [k, r.x + r.width / 2, r.y + r.height / 2]; })""",
                          [f"{q},{r}" for q, r in (CELLS[i] for i in sorted({c for pair in GAME.open_spaces(state) for c in pair}))])
    far, x, y = max(spots, key=lambda spot: (spot[1] - cx) ** 2 + (spot[2] - cy) ** 2)
    assert not (before["box"][0] <= x <= before["box"][0] + before["box"][2]
                and before["box"][1] <= y <= before["box"][1] + before["box"][3]), "the far space was in view"
    page.locator(f"polygon[data-cell='{far}']").tap()
    page.wait_for_selector("[data-move-bar='second']")
    after = page.evaluate(SHOWN)
    assert after["box"][2:] == pytest.approx(before["box"][2:], abs=0.1) and not after["whole"]
    assert hidden_targets(page, f"polygon.gs-cell[data-cell='{far}']", "svg[data-board]") == []
    assert page.locator("[data-back-window]").count() == 0
    assert device.errors == []
