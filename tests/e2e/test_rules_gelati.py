"""Gelati's rules page in a real browser: the parts and each seed example drawn as SVG,
"Try it" opening a practice board where the example's move scores what the page
says; nothing from it reaches the home screen's Continue or Finished lists; each part's
name stays in its column in every language. (The guided first game:
test_guided_gelati.py.)"""

import time

from conftest import assert_no_saved_games, each_language

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


# The parts whose names end past their own column (into the next part's, or the next
# kind's), by how many px.
PART_NAMES_PAST = """() => [...document.querySelectorAll('.gl-part-list li')].map(li => {
    const name = document.createRange();
    name.selectNodeContents(li.querySelector('span'));
    const edge = Math.min(li.getBoundingClientRect().right, li.closest('.gl-kind').getBoundingClientRect().right);
    return [li.textContent, Math.round(name.getBoundingClientRect().right - edge)];
}).filter(([_name, past]) => past > 0)"""


def test_each_parts_name_stays_in_its_column_in_every_language(site, watched):
    """At a desktop the three kinds of parts stand side by side: "chocolate" ran 13 px and
    "ワッフルコーン" 23 px into the next part's column."""
    page = watched.open(site.url + "#/gelati/rules")
    for lang in each_language(page):
        page.wait_for_selector(".gl-part-list li")
        assert page.evaluate(PART_NAMES_PAST) == [], lang
    assert watched.errors == []
