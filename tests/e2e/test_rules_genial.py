"""Genial Spezial's rules page in a real browser: the components and every seed example
drawn as SVG, and "Try it" opening a practice board where the example's tile, placed
as a player places it (on a phone through the magnified pick step), scores what the
page says. A practice game never reaches the home screen's Continue or Finished lists."""

import re

from conftest import assert_no_saved_games
from gelateria.core.examples import examples_of
from gelateria.games.genial.rules import COLOURS, GAME

EXAMPLES = {e.id: e for e in examples_of("genial")}


def test_the_rules_page_draws_the_components_and_every_example(site, sized):
    page = sized.open(site.url + "#/genial/rules")
    body = page.locator(".page-body")
    assert body.locator("img").count() == 0
    parts = page.locator(".gs-components .gs-part")
    assert parts.count() == 13  # 5 kinds of space, 4 token colours, 4 tile colours
    assert parts.locator("svg[role='img'][aria-label]").count() == 13
    assert page.get_by_role("img", name="Golden bonus space").is_visible()
    assert page.locator("svg.gs-defs").count() == 1  # the tiles' patterns arrived with the app
    figures = page.locator("figure[data-example]")
    assert figures.count() == len(EXAMPLES)
    for i in range(len(EXAMPLES)):
        figure = figures.nth(i)
        board = figure.locator(".example-art svg.gs-example-board[role='img']")
        assert board.count() == 1 and board.get_attribute("aria-label").endswith(".")
        assert figure.locator(".gs-ghost").count() == 1
        assert re.match(r"(Scores \d+|No points):", figure.locator("[data-example-result]").inner_text())
        assert figure.get_by_role("link", name="Try it").is_visible()
    tile = page.locator("figure[data-example='first-play'] .gs-ghost").bounding_box()
    assert tile and tile["width"] > 40
    width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], "nothing wider than the screen"
    assert not sized.errors


def own_colours(page) -> list[int]:
    return [int(page.locator(f".gs-own-colours [data-colour='{c}']").get_attribute("data-value")) for c in COLOURS]


def place(page, phone: bool, a, b) -> None:
    """Place a tile on spaces a and b as a player does: a space, then its neighbour, then
    Place tile (a phone shows the board at a finger's scale: where a is out of view, Fit
    shows the whole board, and the tap on a zooms in there and picks it)."""
    def space(c):
        return page.locator(f"polygon[data-cell='{c[0]},{c[1]}']")

    if phone:
        if not space(a).evaluate("""el => { const r = el.getBoundingClientRect();
                return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el; }"""):
            page.locator(".gs-tool[data-action='fit']").tap()
            page.wait_for_selector("svg[data-board]:not(.gs-zoomed)")
        space(a).tap()
    else:
        space(a).click()
    page.wait_for_selector("[data-move-bar='second']")
    space(b).tap() if phone else space(b).click()
    page.wait_for_selector("[data-move-bar='preview']")
    page.locator("[data-action='confirm']").click()


def test_try_it_scores_what_the_rules_page_says(site, sized):
    page = sized.open(site.url + "#/genial/rules")
    for example_id in ("first-play", "tall-1"):  # a token score, a tall tower bonus
        example = EXAMPLES[example_id]
        gain = example.outcome(GAME).after.last["gain"]
        figure = page.locator(f"figure[data-example='{example_id}']")
        said = figure.locator("[data-example-result]").inner_text()
        total = int(re.match(r"Scores (\d+):", said).group(1))
        figure.get_by_role("link", name="Try it").click()
        page.wait_for_selector(f"[data-practice='{example_id}']")
        page.wait_for_selector("[data-move-bar='first']")
        before = own_colours(page)
        place(page, sized.size == "phone", example.move["a"], example.move["b"])
        page.wait_for_function(
            "want => [...document.querySelectorAll('.gs-own-colours [data-value]')]"
            ".reduce((s, e) => s + +e.dataset.value, 0) === want", arg=sum(before) + total)
        made = [x - y for x, y in zip(own_colours(page), before)]
        assert sum(made) == total and made == gain
        for c, g in zip(("orange", "green", "blue", "purple"), made):
            assert g == 0 or f"+{g} {c}" in said or f"+{g} in every colour" in said
        assert page.get_by_role("button", name="Share").count() == 0
        page.get_by_role("link", name="Back to the rules").click()
        page.wait_for_selector("[data-screen='rules']")
    assert_no_saved_games(page, site)
    assert not sized.errors
