"""The Gelatinous and It's Mine! rules pages in a real browser: the components and
every worked example are drawn SVG with a Try it link; Try it opens the example's
position as a practice game where the move gives what the page says; and practice
games never reach the home screen's Continue or Finished lists. On every game's rules
page, in each language, no two words of a drawing overlap."""

import pytest

from conftest import GAMES, assert_no_saved_games, each_language

EXAMPLES = {
    "gelatinous": ["solitaire-roll", "cube-complete", "passing"],
    "itsmine": ["anothers-pile", "own-pile", "round-scored", "three-closed"],
}


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_the_rules_page_draws_the_components_and_every_example_with_a_try_link(site, sized, game):
    page = sized.open(site.url + f"#/{game}/rules")
    rules = page.locator(f"section.rules[data-game='{game}']")
    rules.locator(".rules-components svg").first.wait_for()
    assert rules.locator(".page-body img").count() == 0  # drawn, not pictures from files (the top bar has the logo)
    assert rules.locator(".rules-components svg[role='img']").count() >= 6
    figures = rules.locator("figure.rules-example")
    assert [figures.nth(i).get_attribute("data-example") for i in range(figures.count())] == EXAMPLES[game]
    for i in range(figures.count()):
        figure = figures.nth(i)
        assert figure.locator(".example-art svg").count() >= 1
        assert figure.locator("[data-example-result]").inner_text().strip()
        assert figure.get_by_role("link", name="Try it").get_attribute("href") == f"#/{game}/try/{EXAMPLES[game][i]}"
    # every figure fits the screen: nothing scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert sized.errors == []


# Pairs of words drawn over each other in the rules pages' drawings (their boxes overlap
# by more than 2 px each way: glyph boxes include a line's leading).
OVERLAPS = """() => {
    const out = [];
    for (const svg of document.querySelectorAll('section.rules svg')) {
        const words = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim() && t.getClientRects().length)
            .map(t => [t.textContent.trim(), t.getBoundingClientRect()]);
        words.forEach(([a, ra], i) => words.slice(i + 1).forEach(([b, rb]) => {
            const across = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
            const down = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
            if (across > 2 && down > 2) out.push(`${a} / ${b}`);
        }));
    }
    return out;
}"""


def test_no_words_in_a_rules_drawing_overlap_in_any_language(site, watched):
    page = watched.open(site.url + "#/")
    for lang in each_language(page):
        for game in GAMES:
            page.goto(site.url + f"#/{game}/rules")
            page.locator(f"section.rules[data-game='{game}'] figure svg").first.wait_for()
            assert page.evaluate(OVERLAPS) == [], (lang, game)
    assert watched.errors == []


def test_gelatinous_try_it_rolls_what_the_page_says(site, watched):
    page = watched.open(site.url + "#/gelatinous/rules")
    figure = page.locator("figure[data-example='cube-complete']")
    said = figure.locator("[data-example-result]").inner_text()
    assert "score 10 − 3 = 7" in said
    figure.get_by_role("link", name="Try it").click()
    page.wait_for_selector("[data-practice='cube-complete']")
    mat = page.locator("[data-board] .mat[data-seat='0']")
    assert (mat.get_attribute("data-cube"), mat.get_attribute("data-hand"), mat.get_attribute("data-tally")) == ("7", "4", "9")
    page.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_selector("[data-end]")
    assert (mat.get_attribute("data-cube"), mat.get_attribute("data-hand"), mat.get_attribute("data-tally")) == ("8", "3", "10")
    assert "score 10 − 3 = 7" in page.locator("[data-end]").inner_text()
    assert watched.errors == []


def test_its_mine_try_it_grabs_and_the_token_goes_where_the_page_says(site, watched):
    page = watched.open(site.url + "#/itsmine/rules")
    figure = page.locator("figure[data-example='anothers-pile']")
    assert "Catch tokens now: you 1, Player 3 3." in figure.locator("[data-example-result]").inner_text()
    figure.get_by_role("link", name="Try it").click()
    page.wait_for_selector("[data-practice='anothers-pile']")
    heads = page.locator(".seat-head")
    assert [heads.nth(i).get_attribute("data-tokens") for i in range(4)] == ["2", "2", "2", "2"]
    page.locator("button.grab[data-pile='2']").click()
    page.wait_for_selector(".seat-head[data-part='head0'][data-tokens='1'][data-taken='3']")
    assert [heads.nth(i).get_attribute("data-tokens") for i in range(4)] == ["1", "2", "3", "2"]
    assert watched.errors == []


def test_practice_games_are_never_in_continue_or_finished(site, watched):
    page = watched.open(site.url + "#/itsmine/try/three-closed")
    page.wait_for_selector("[data-practice='three-closed']")
    page.locator("button.grab[data-pile='3']").click()
    page.wait_for_selector("[data-scores='1']")  # the round is scored: +3 for the three Closed signs
    assert page.locator("[data-score-row='0'] .round-total").inner_text() == "+6"
    page.goto(site.url + "#/gelatinous/try/solitaire-roll")
    page.wait_for_selector("[data-practice='solitaire-roll']")
    page.get_by_role("button", name="Roll", exact=True).click()
    page.wait_for_selector("[data-board][data-round='1']")
    assert_no_saved_games(page, site)
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes('save')).length") == 0
    assert watched.errors == []
