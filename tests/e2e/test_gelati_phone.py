"""Gelati on a phone, mid-game (issue 32): a link to a position with about 30 tiles on
the table, opened at 390x844, 844x390 and 360x640 (touch). Whichever tile of the hand
the player chooses, every space it may go is inside the visible board and is what a
finger at its centre touches — not under the stack and orders chips, the zoom buttons
or a notice — and the notice about the link sits in the flow, covering no control."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import take_seat
from phone_sizes import PHONES, hidden_targets, phone
from test_gelati import midgame_link

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
CONTROLS = "[data-action='zoom-in'], [data-action='zoom-out'], [data-action='fit'], [data-hand], [data-action='sheet']"


@pytest.mark.parametrize("shape", list(PHONES))
def test_every_space_for_the_chosen_tile_is_on_screen_and_uncovered(site, devices, shape):
    device = phone(devices, shape)
    page = device.open(site.url + "#/gelati/game/" + midgame_link())
    take_seat(page)
    page.wait_for_selector("[data-spot]")
    assert page.locator("[data-board] g.gl-tiles use").count() >= 30
    news = page.locator("[data-notice='news']")
    assert "You play Ana on this device" in news.inner_text()
    assert page.evaluate("getComputedStyle(document.querySelector(\"[data-notice='news']\")).position") == "static"
    SHOTS.mkdir(exist_ok=True)
    hand = page.locator("[data-hand-list] [data-hand]")
    # Each tile's whole name shows (no line of it cut off by the tile's edge).
    assert page.evaluate("""() => [...document.querySelectorAll('[data-hand-list] [data-hand]')]
        .filter(t => t.scrollHeight > t.clientHeight + 1).map(t => t.textContent.trim())""") == []
    chosen = []
    for i in range(hand.count()):
        hand.nth(i).click()
        page.wait_for_selector(f"[data-hand-list] [data-hand]:nth-child({i + 1})[aria-pressed='true'], [data-spot]")
        chosen.append(page.locator("[data-spot]").count())
        problems = hidden_targets(page, "[data-spot]", "[data-board]")
        if problems:
            page.screenshot(path=str(SHOTS / f"gelati-phone-{shape}-hidden.png"))
        assert problems == [], f"tile {i + 1}: {problems}"
        # Nothing floats over the board's own controls or the hand either.
        assert hidden_targets(page, CONTROLS, "body") == []
    page.screenshot(path=str(SHOTS / f"gelati-phone-{shape}.png"))
    print(f"\nGelati {shape}: {chosen} spaces for each tile of the hand, all in view")
    # Once the player has moved, the news shrinks to one line, a tap away.
    spot = page.locator("[data-spot][tabindex='0']")
    spot.click()
    page.locator(".gl-aim").click()
    page.wait_for_selector("[data-notice='news'].line")
    assert page.locator("[data-notice='news'] .news-text").evaluate("e => e.getBoundingClientRect().height") <= 48
    assert device.errors == []
