"""Gelati on a phone, mid-game (issue 32): a link to a position with about 30 tiles on
the table, opened at 390x844, 844x390 and 360x640 (touch). Whichever tile of the hand
the player chooses, every space it may go is inside the visible board and is what a
finger at its centre touches — not under the stack and orders chips, the zoom buttons
or a notice — and the notice about the link sits in the flow, covering no control. Every
tile's name fits a hand tile, and every line of an order card fits the card beside them."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import take_seat
from phone_sizes import LOCALES, PHONES, hidden_targets, phone
from test_gelati import midgame_link

from gelateria.core import i18n
from gelateria.games.gelati.rules import PART_NAMES, TILE_PARTS, part_name, tile_text

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
# The words that do not fit `box` (a selector) whole when each is put in turn in the
# text at `text` inside it, in `lang` (overflow: "tall" for height, else width).
WORDS_FIT = """([box, text, overflow, lang, words]) => {
    const outer = document.querySelector(box);
    const label = outer.querySelector(text);
    const was = label.textContent;
    document.documentElement.lang = lang;
    const cut = words.filter(word => {
        label.textContent = word;
        return overflow === "tall" ? outer.scrollHeight > outer.clientHeight + 1 : outer.scrollWidth > outer.clientWidth + 1;
    });
    label.textContent = was;
    document.documentElement.lang = 'en';
    return cut;
}"""
CONTROLS = "[data-action='zoom-in'], [data-action='zoom-out'], [data-action='fit'], [data-hand], [data-action='sheet']"


def in_language(lang: str, words):
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        return words()
    finally:
        i18n.set_language(previous)


def tile_names(lang: str) -> list[str]:
    return in_language(lang, lambda: [tile_text(tile) for tile in range(len(TILE_PARTS))])


def part_lines(lang: str) -> list[str]:
    """An order card's lines as the cards write them ("✓ sprinkles")."""
    return in_language(lang, lambda: [f"{mark} {part_name(p)}" for p in range(len(PART_NAMES)) for mark in "✓✗"])


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
    # Every tile's name, in each language, fits a hand tile whole (the tile never grows: nothing jumps).
    for lang in LOCALES:
        cut = page.evaluate(WORDS_FIT, ["[data-hand-list] [data-hand]", ".gl-tile-name", "tall", lang, tile_names(lang)])
        assert cut == [], f"{lang}: {cut}"
    # Every part's line of an order card, in each language, fits the card beside the tiles.
    for lang in LOCALES:
        cut = page.evaluate(WORDS_FIT, ["[data-order-card]", ".gl-order-parts li span", "wide", lang, part_lines(lang)])
        assert cut == [], f"{lang}: {cut}"
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
