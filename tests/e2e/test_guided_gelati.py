"""Gelati's guided first game in a real browser on a phone: the rules page offers it,
and doing what each hint says (its "Show me" button, Place here, the parts a trade
names, the part to discard) shows each lesson of a turn on one turn: four in a row
winning a part, completing an order, a trade, and the five-part limit. Between
lessons, step 2 with no hint is played as its card offers (an order, a discard, End
turn), as tests/unit/test_gelati_guided.py does: the deal is the one its search found.
"Stop the hints" takes them away; nothing reaches Continue or Finished."""

import re

import pytest

from conftest import SIZES, assert_no_saved_games

# Your turn: a hint, or step 2 with no lesson due (its card), or nothing fits.
YOUR_TURN = "section.table[data-hint], [data-end-bar], [data-action='exchange'], [data-action='pass']"
# What each lesson says, as the player reads it.
LESSONS = {"row": "Four in a row wins a part.", "order": "complete it for 15 points",
           "trade": "then you can complete an order", "discard": "Five parts at most"}


@pytest.fixture
def phone(devices):
    return devices.take(**SIZES["phone"])


def open_guided_from_the_rules(site, phone):
    page = phone.open(site.url + "#/gelati/rules")
    page.get_by_role("link", name="Play a guided game").click()
    page.wait_for_selector("[data-practice='guided'] >> text=This game is not saved.")
    page.wait_for_selector("[data-guide='select-tile']")
    return page


def bots_fast(page) -> None:
    """Bot speed "Fast" (in the phone's More sheet), as a player in a hurry would."""
    page.get_by_role("button", name="More").click()
    page.locator("#more-sheet").get_by_role("button", name="Fast", exact=True).click()
    page.locator("#more-sheet").get_by_role("button", name="Close").click()
    page.wait_for_selector("#more-sheet[data-sheet='closed']", state="attached")


def give(page, name: str) -> None:
    page.locator(f"[data-action='trade-give'][aria-label^='{name} ']").first.click()


def do_what_it_says(page, key: str | None, words: str) -> None:
    """One tap: what the hint `key` asks for (None: what step 2's card offers first)."""
    if key in ("row", "best"):
        shown = page.locator(".guide-bar [data-show]")
        (shown if shown.count() else page.locator("[data-action='place']")).click()
    elif key == "spots":
        page.locator("[data-spot][tabindex='0']").click()
    elif key == "discard":
        part = re.search(r"\(([^)]+)\), or trade", words)[1]
        page.locator(f"[data-action='discard'][aria-label='Discard {part}']").click()
    elif key == "trade":
        gives, get = re.match(r"Trade (.+) for (.+?): then", words).groups()
        if gives.endswith(" ×2"):
            give(page, gives.removesuffix(" ×2"))
            give(page, gives.removesuffix(" ×2"))
        else:
            for name in gives.split(" and "):
                give(page, name)
        page.locator(f"[data-action='trade-get'][aria-label^='{get}, take']").click()
        page.locator("[data-action='trade']").click()
    elif key is None:
        for action in ("order", "discard", "end-turn"):
            control = page.locator(f"[data-action='{action}']:not([disabled])")
            if control.count():
                control.first.click()
                return
    else:
        page.locator(f"[data-action='{key}']").first.click()


def test_following_the_hints_shows_each_lesson_of_a_turn_once(site, phone):
    page = open_guided_from_the_rules(site, phone)
    bots_fast(page)
    said: dict[str, set] = {}  # lesson -> the placements made before it was shown (its turn)
    placed = 0
    for _tap in range(300):
        if len(said) == len(LESSONS) and placed > 1 + max(max(t) for t in said.values()):
            break  # every lesson shown, and two more tiles placed without one again
        page.wait_for_selector(YOUR_TURN)
        key = page.locator("section.table").get_attribute("data-hint")
        words = page.locator("[data-guide]").inner_text().removeprefix("Guided game ") if key else ""
        if key in LESSONS:
            assert LESSONS[key] in words, (key, words)
            said.setdefault(key, set()).add(placed)
        placing = page.locator("[data-action='place']").count() > 0 and not page.locator(".guide-bar [data-show]").count()
        do_what_it_says(page, key, words)
        placed += placing and key in ("row", "best", "place")
    assert {lesson: len(turns) for lesson, turns in said.items()} == {lesson: 1 for lesson in LESSONS}
    assert phone.errors == []
    assert_no_saved_games(page, site)


def test_stop_the_hints_and_the_game_goes_on(site, phone):
    page = open_guided_from_the_rules(site, phone)
    page.get_by_role("button", name="Stop the hints").click()
    assert page.locator("[data-guide]").count() == 0
    assert page.locator("[data-phase='play']").count() == 1
    assert phone.errors == []
