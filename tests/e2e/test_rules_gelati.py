"""Gelati's rules page in a real browser: the parts and each seed example drawn as SVG,
"Try it" opening a practice board where the example's move scores what the page
says, and the guided first game played to its end by following its hints. Nothing
from either reaches the home screen's Continue or Finished lists."""

import time

from conftest import SIZES, assert_no_saved_games

EXAMPLES = 7


def test_the_rules_page_draws_every_example_and_try_it_scores_what_it_says(site, sized):
    page = sized.open(site.url + "#/gelati/rules")
    body = page.locator(".page-body")
    assert body.locator("img").count() == 0
    figures = page.locator("figure[data-example]")
    assert figures.count() == EXAMPLES
    for i in range(EXAMPLES):
        figure = figures.nth(i)
        assert figure.locator(".example-art svg").count() >= 1 or figure.locator(".example-art .gl-held").count()
        assert figure.locator("[data-example-result]").inner_text().strip()
        assert figure.get_by_role("link", name="Try it").is_visible()
    # the parts are drawn, each with its name, and the drawings' definitions arrived with the app
    assert page.locator(".gl-components .gl-part-list li svg").count() == 12
    assert page.locator("svg.gelati-defs").count() == 1
    drawn = page.locator("figure[data-example='three-sides'] .gl-tile").first.bounding_box()
    assert drawn and drawn["width"] > 20
    width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], "nothing wider than the screen"

    said = page.locator("figure[data-example='three-sides'] [data-example-result]").inner_text()
    assert said == "Scores 3 points."
    started = time.perf_counter()
    page.locator("figure[data-example='three-sides']").get_by_role("link", name="Try it").click()
    spot = page.locator("[data-spot='0,0']")
    spot.wait_for()
    print(f"\ntry it, click to playable board ({sized.size}): {(time.perf_counter() - started) * 1000:.0f} ms")
    assert page.locator("[data-practice='three-sides']").is_visible()
    assert "+3" in spot.text_content()
    spot.click()
    page.locator(".gl-aim").click()  # the second click (on the tile now shown there) places
    page.wait_for_selector("[data-strip-score='0']")
    assert page.locator("[data-strip-score='0']").inner_text() == "3"
    assert page.get_by_role("button", name="Share").count() == 0
    assert_no_saved_games(page, site)
    assert not sized.errors


def test_a_refused_example_shows_the_rules_own_words(site, watched):
    page = watched.open(site.url + "#/gelati/rules")
    said = page.locator("figure[data-example='not-matching'] [data-example-result]").inner_text()
    assert said.startswith("Not allowed: Every touching tile must share a part with yours: pistachio in a glass bowl")
    page.locator("figure[data-example='not-matching']").get_by_role("link", name="Try it").click()
    page.wait_for_selector("[data-practice='not-matching']")
    assert page.locator("[data-spot='0,0']").count() == 0  # the refused space is not offered


def click_for(page, key: str, words: str) -> None:
    """What the hint `key` asks for, on the screen as it is."""
    if key == "spots":
        page.locator("[data-spot][tabindex='0']").click()
    elif key == "other-tile":
        page.locator("[data-action='select-tile']:not(.on)").first.click()
    elif key == "trade":
        give_words, get_words = words.split(": ")[0].removeprefix("Trade ").split(" for ")
        for name in give_words.split(" and "):
            page.locator(f"[data-action='trade-give'][aria-label*='{name}']").first.click()
        page.locator(f"[data-action='trade-get'][aria-label*='{get_words}']").first.click()
        page.locator("[data-action='trade']").click()
    else:
        page.locator(f"[data-action='{key}']").first.click()


def test_the_guided_game_is_won_by_following_its_hints_on_a_phone(site, devices):
    watched = devices.take(**SIZES["phone"])
    page = watched.open(site.url + "#/gelati/rules")
    page.get_by_role("link", name="Play a guided game").click()
    page.wait_for_selector("[data-practice='guided']")
    # Bot speed "Fast" (in the phone's More sheet), as a player in a hurry would.
    page.get_by_role("button", name="More").click()
    page.locator("#more-sheet").get_by_role("button", name="Fast", exact=True).click()
    page.locator("#more-sheet").get_by_role("button", name="Close").click()
    page.wait_for_selector("#more-sheet[data-sheet='closed']", state="attached")
    seen = []
    for _ in range(400):
        page.wait_for_selector("[data-guide]:not([data-guide='wait']), [data-end]", timeout=30_000)
        if page.locator("[data-end]").count():
            break
        bar = page.locator("[data-guide]")
        key, words = bar.get_attribute("data-guide"), bar.inner_text()
        seen.append(key)
        click_for(page, key, words.split("\n")[0].removeprefix("Guided game "))
    assert page.locator("[data-end]").is_visible()
    assert {"select-tile", "spots", "place", "trade", "order", "end-turn"} <= set(seen)
    assert page.locator("[data-end]").get_attribute("data-outcome") == "won"
    assert page.locator("[data-story]").inner_text().startswith("Your ")
    assert_no_saved_games(page, site)
    assert not watched.errors


def test_stop_the_hints_and_the_game_goes_on(site, watched):
    page = watched.open(site.url + "#/gelati/guided")
    page.wait_for_selector("[data-guide='select-tile']")
    page.get_by_role("button", name="Stop the hints").click()
    assert page.locator("[data-guide]").count() == 0
    assert page.locator("[data-phase='play']").count() == 1
