"""Genial Spezial on a phone (issue 32), mid-game, at 390x844, 844x390 and 360x640 (touch):
towers and tokens are readable (16 px or more); a turn is three taps — a space, a
neighbour, Place tile — and after the first every neighbour that finishes the tile is on
screen, inside the board and what a finger at its centre touches; the view is the same
when the player's next turn comes (no reset after every turn)."""

from __future__ import annotations

import pytest
from conftest import take_seat
from phone_sizes import PHONES, hidden_targets, phone

from gelateria.core.record import Record, Seat, encode
from gelateria.core.session import Session, play
from gelateria.games.genial.rules import CELLS, COLOURS, GAME

MIN_PX = 16  # a token or tower this wide on screen, at least
MOVES = 12  # the game cut here: Ana (seat 0) to move, the board grown


def mid_game() -> tuple[str, object]:
    """A game of normal bots cut after MOVES moves, Ana to move, against a normal Bo."""
    record = play(GAME, ["normal", "normal"], 31).record
    cut = Record("genial", [Seat("human", "Ana"), Seat("bot", "Bo", "normal")], 31, {}, record.moves[:MOVES])
    return encode(cut), Session.from_record(cut).state


# The smallest token and tower drawn inside the board's visible box, in px.
SMALLEST = """() => {
    const box = document.querySelector('svg[data-board]').getBoundingClientRect();
    const inside = r => r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
    const sizes = sel => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect())
        .filter(inside).map(r => Math.min(r.width, r.height));
    return {tokens: sizes('[data-tower] .gs-token path'), towers: sizes('[data-tower]')};
}"""

# The first of these spaces a finger can tap: on screen, well inside the board.
TAPPABLE = """cells => cells.find(key => {
    const el = document.querySelector(`polygon[data-cell='${key}']`), r = el.getBoundingClientRect();
    const b = el.ownerSVGElement.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    // (a space cut by the board's edge has its centre there: a finger would miss it)
    return x > b.left + 8 && y > b.top + 8 && x < b.right - 8 && y < b.bottom - 8
           && y < innerHeight && document.elementFromPoint(x, y) === el;
}) ?? null"""


def weakest(state) -> str:
    """Ana's weakest colour (the first of them when several tie)."""
    colours = list(state.scores[0])
    return COLOURS[colours.index(min(colours))]


def readable(page) -> None:
    sizes = page.evaluate(SMALLEST)
    assert sizes["tokens"] and sizes["towers"], "no tower in view"
    assert min(sizes["tokens"]) >= MIN_PX and min(sizes["towers"]) >= MIN_PX, sizes


@pytest.mark.parametrize("shape", list(PHONES))
def test_a_turn_on_a_phone_is_three_taps_on_a_readable_board(site, devices, shape):
    code, state = mid_game()
    device = phone(devices, shape)
    page = device.open(site.url + "#/genial/game/" + code)
    take_seat(page)
    page.wait_for_selector("[data-move-bar='first']")
    page.wait_for_selector("svg[data-board].gs-zoomed")  # measured: a finger's scale, not the whole board
    board = page.locator("svg[data-board]")
    board.scroll_into_view_if_needed()
    readable(page)
    # Nothing floats over the board: its tools sit beside it, clear of every space.
    tools, drawn = page.locator(".gs-board-tools").bounding_box(), board.bounding_box()
    assert tools["x"] >= drawn["x"] + drawn["width"] or tools["y"] >= drawn["y"] + drawn["height"], (tools, drawn)
    # The strip says the round and your score in the shape of your weakest colour, whole.
    strip = page.locator(".turn-strip")
    assert f"Round {MOVES // 2 + 1}/20" in strip.inner_text().replace("\n", " ")
    assert page.locator("[data-strip-own] .gs-strip-low.gs-c-" + weakest(state)).is_visible()
    assert strip.evaluate("e => e.scrollWidth <= e.clientWidth")
    if shape == "landscape":  # the board has most of the screen
        assert board.bounding_box()["height"] >= 0.75 * PHONES[shape]["height"]

    cells = [f"{q},{r}" for q, r in (CELLS[i] for i in sorted({c for pair in GAME.open_spaces(state) for c in pair}))]
    first = page.evaluate(TAPPABLE, cells)
    assert first is not None, "no open space in view"
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
    view = board.get_attribute("viewBox")
    page.locator("[data-action='confirm']").tap()
    taps += 1
    page.wait_for_function("n => document.querySelectorAll('[data-board] .gs-tile').length > n", arg=MOVES)
    assert taps <= 3
    # Bo replies; Ana's next turn opens where her last one ended.
    page.wait_for_function("n => document.querySelectorAll('[data-board] .gs-tile').length > n + 1", arg=MOVES,
                           timeout=60_000)
    page.wait_for_selector("[data-move-bar='first']")
    assert board.get_attribute("viewBox") == view
    readable(page)
    assert device.errors == []


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
