"""Genial Spezial's guided first game in a real browser at phone size: the rules page
offers it, doing what each hint points at plays the whole game against the easy bot
to an end screen that tells how the score was made, "Stop the hints" takes them away,
and nothing lands in the home screen's Continue or Finished lists."""

import pytest

from conftest import BOOT_TIMEOUT_MS, SIZES, assert_no_saved_games, follow
from gelateria.web.views.genial_guide import FIRST_STEP

HINT_OR_END = "section.table[data-hint], section.table[data-phase='over']"


@pytest.fixture
def phone(devices):
    page = devices.take(**SIZES["phone"]).page
    errors = []
    heard = lambda e: errors.append(str(e))  # noqa: E731
    page.on("pageerror", heard)
    yield page, errors
    page.remove_listener("pageerror", heard)


def open_guided_from_the_rules(site, page):
    follow(page, site.url + "#/genial/rules")
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.locator("a[data-guided]").click()
    page.wait_for_selector("[data-practice='guided'] >> text=This game is not saved.")
    page.wait_for_selector("[data-guide]")


def follow_hint(page) -> str | None:
    """Wait for your turn's hint (or the end) and do what it points at: a space outlined in blue,
    Place tile or Pass. Returns the hint's key (None at the end)."""
    page.wait_for_selector(HINT_OR_END)
    table = page.locator("section.table")
    key = table.get_attribute("data-hint")
    if key is None:
        return None
    assert page.locator(f"[data-guide='{key}']").inner_text()
    if key in FIRST_STEP or key == "second":
        space = page.locator("[data-suggest]").first.get_attribute("data-suggest")
        # On a phone the first tap on a small board zooms in; the hint stays until a tap picks.
        page.locator(f"polygon[data-cell='{space}']").click()
    elif key in ("place", "golden"):
        page.locator("[data-action='confirm']").click()
    else:
        assert key == "pass"
        page.locator("[data-action='pass']").click()
    return key


def test_a_whole_guided_game_by_following_the_hints(site, phone):
    page, errors = phone
    open_guided_from_the_rules(site, page)
    assert page.locator("[data-action='hints-off']").is_visible()
    assert page.locator("[data-suggest]").count() == 2  # the first tile's two spaces, outlined in blue

    # Bot speed "Fast" (in the phone's More sheet), as a player in a hurry would.
    page.get_by_role("button", name="More").click()
    page.locator("#more-sheet").get_by_role("button", name="Fast", exact=True).click()
    page.locator("#more-sheet").get_by_role("button", name="Close").click()
    page.wait_for_selector("#more-sheet[data-sheet='closed']", state="attached")

    keys = []
    while len(keys) < 400 and (key := follow_hint(page)) is not None:
        keys.append(key)
    assert page.locator("section.table").get_attribute("data-phase") == "over"
    assert {"connect", "tall-next", "tall", "lowest", "golden", "second", "place"} <= set(keys)
    assert keys.count("place") + keys.count("golden") == 20  # every one of your tiles
    story = page.locator("[data-story]")
    assert story.inner_text().startswith("Your score is ")
    assert "from tower tokens" in story.inner_text()
    assert errors == []

    assert_no_saved_games(page, site)


def test_stop_the_hints_takes_them_away(site, phone):
    page, errors = phone
    open_guided_from_the_rules(site, page)
    for _step in range(3):  # the first steps of your first tile
        follow_hint(page)
    page.wait_for_selector(HINT_OR_END)
    page.locator("[data-action='hints-off']").click()
    assert page.locator("[data-guide]").count() == 0
    assert page.locator("section.table[data-hint]").count() == 0 and page.locator("[data-suggest]").count() == 0
    assert page.locator("[data-practice='guided']").is_visible()  # still the unsaved guided game
    assert errors == []

    assert_no_saved_games(page, site)
