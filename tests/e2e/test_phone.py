"""Every game on a phone (390x844, touch) and on a desktop (1366x768), as the shared
table promises: the turn strip is always in view (sticky on a phone, even scrolled
down), the "More" sheet floats over the board and closes again, no control in play is
under 44 px on a touch screen, and the page holds still while bots play (cumulative
layout shift). Each game's own test checks the rest of what its turn needs in view. On
the smallest phone, the top bar names the game whole."""

from __future__ import annotations

import re

import pytest
from conftest import GAMES, bot_table, human_table, start_game
from phone_sizes import phone

from gelateria.core import i18n
from gelateria.web.catalog import entry

MOVES_WATCHED = 12
MAX_CLS = 0.02



def in_view(page, selector: str) -> bool:
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""", selector)


def small_controls(page) -> list[str]:
    """Visible controls of the table (outside the board's drawing) under 44 px either way."""
    return page.evaluate("""() => [...document.querySelectorAll(
            'section.table button, section.table select, section.table a, section.table [data-action]')]
        .filter(e => !e.closest('svg') && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
        .map(e => [e, e.getBoundingClientRect()])
        .filter(([e, r]) => r.width < 44 || r.height < 44)
        .map(([e, r]) => `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}" `
                         + `${Math.round(r.width)}x${Math.round(r.height)}`)""")


@pytest.mark.parametrize("game", GAMES)
def test_a_table_of_bots_plays_without_moving_the_page(site, sized, game):
    page = sized.open(site.url + f"#/{game}")
    start_game(page, game, bot_table(game), seed=11, pace="Fast")
    page.evaluate("window.__shift = 0; window.__shifts = []")
    page.wait_for_function("n => document.querySelectorAll('[data-log] li').length > n || document.querySelector('[data-end]')",
                           arg=MOVES_WATCHED, timeout=120_000)
    shift = page.evaluate("window.__shift")
    print(f"{game} {sized.size}: CLS {shift:.4f} over {MOVES_WATCHED} moves", page.evaluate("window.__shifts"))
    assert shift <= MAX_CLS, page.evaluate("window.__shifts")
    # The one live region has said a move in words, as the log did (not a coordinate).
    said = page.locator("#announcer").text_content()
    assert said and said in page.locator("[data-log]").text_content() and not re.search(r"\(-?\d+, ?-?\d+\)", said)
    assert sized.errors == []




@pytest.mark.parametrize("game", GAMES)
def test_the_strip_stays_in_view_and_the_sheet_floats(site, sized, game):
    page = sized.open(site.url + f"#/{game}")
    start_game(page, game, human_table(game), seed=5)
    assert in_view(page, "[data-strip]")
    assert page.locator("[data-strip] .turn").inner_text()
    if sized.size == "desktop":
        # Wide screens: details, controls and the log are simply in the side column.
        assert page.locator("#more-sheet").is_visible() and not page.locator(".more-button").is_visible()
        return
    if page.evaluate("document.documentElement.scrollHeight > innerHeight"):  # It's Mine! fits a phone
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_function("scrollY > 0")
        assert in_view(page, "[data-strip]")  # sticky
    assert small_controls(page) == []
    more = page.get_by_role("button", name="More")
    assert more.get_attribute("aria-expanded") == "false" and not page.locator("#more-sheet").is_visible()
    more.click()
    page.wait_for_selector("#more-sheet[data-sheet='open']")
    assert page.evaluate("getComputedStyle(document.getElementById('more-sheet')).position") == "fixed"
    assert page.get_by_role("button", name="New game").is_visible()
    assert small_controls(page) == []
    page.locator("#more-sheet").get_by_role("button", name="Close").click()
    page.wait_for_selector("#more-sheet[data-sheet='closed']", state="attached")
    assert not page.locator("#more-sheet").is_visible()
    assert page.evaluate("document.activeElement.dataset.action") == "sheet"  # back on More
    assert sized.errors == []


# Is the crumb's text, up to `name`, all inside the crumb's box (not cut off by its "…")?
NAME_SHOWN_WHOLE = """name => {
    const crumb = document.querySelector('.top-bar .crumb');
    if (!crumb.textContent.startsWith(name)) return false;
    const range = document.createRange();
    range.setStart(crumb.firstChild, 0);
    range.setEnd(crumb.firstChild, name.length);
    return range.getBoundingClientRect().right <= crumb.getBoundingClientRect().right + 0.5;
}"""
# The crumb's last word (a rules page's "ルール") inside the crumb: nothing of it cut off.
CRUMB_SHOWN_WHOLE = """() => {
    const crumb = document.querySelector('.top-bar .crumb'), text = crumb.firstChild;
    const range = document.createRange();
    range.setStart(text, text.length - 1);
    range.setEnd(text, text.length);
    const last = range.getBoundingClientRect(), box = crumb.getBoundingClientRect();
    return last.right <= box.right + 0.5 && last.bottom <= box.bottom + 0.5;
}"""
BRAND_NAME_SHOWN = "document.querySelector('.top-bar .brand-name').getBoundingClientRect().width > 1"


def test_on_the_smallest_phone_the_top_bar_names_the_game_whole(site, devices):
    """360 px wide, in Japanese (the longest names): at a game's rules (the page a link
    shows while Python starts has the same top bar) the icon alone leads home and the
    game's name has the line, and "ルール" the next where it needs it. (It used to read
    "ゲ…": the box's name took the room.) A desktop keeps the box's name."""
    page = phone(devices, "small", "ja").open(site.url + "#/")
    i18n.set_language("ja")
    try:
        titles = {game: entry(game).title for game in GAMES}
    finally:
        i18n.set_language("en")
    for game in GAMES:
        page.goto(site.url + f"#/{game}/rules")
        page.wait_for_selector(f"[data-screen='rules'][data-game='{game}']")
        assert page.evaluate(NAME_SHOWN_WHOLE, titles[game]), (game, page.locator(".top-bar .crumb").inner_text())
        assert page.evaluate(CRUMB_SHOWN_WHOLE), (game, page.locator(".top-bar .crumb").inner_text())
        assert not page.evaluate(BRAND_NAME_SHOWN)
        assert page.get_by_role("link", name="ジェラテリアのホーム").is_visible()
    desktop = devices.take(viewport={"width": 1366, "height": 768}).open(site.url + "#/genial/rules")
    desktop.wait_for_selector("[data-screen='rules'][data-game='genial']")
    assert desktop.evaluate(BRAND_NAME_SHOWN) and desktop.evaluate(NAME_SHOWN_WHOLE, "Genial Spezial")


def test_on_the_smallest_phone_a_players_name_has_room_beside_a_long_choice(site, devices):
    """360 px wide, in Japanese: beside "ボット（むずかしい）" the name field held two
    characters; it holds four at least (the menu gives way)."""
    page = phone(devices, "small", "ja").open(site.url + "#/gelati")
    page.wait_for_selector("select[name='seat1_kind']")
    page.select_option("select[name='seat1_kind']", "hard")
    page.wait_for_selector("select[name='seat1_kind'] option[value='hard']:checked", state="attached")
    for seat in (0, 1):
        room = page.evaluate("""id => { const e = document.getElementById(id), s = getComputedStyle(e);
            return (e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)) / parseFloat(s.fontSize); }""",
                             f"seat{seat}_name")
        assert room >= 4, f"seat {seat + 1}'s name field holds {room:.1f} characters"
    assert page.locator(".seat-row").first.evaluate("r => r.scrollWidth <= r.clientWidth")  # (nothing sticks out)


@pytest.mark.parametrize("route, ready", [("#/gelati", "select[name='seat1_kind']"), ("#/gelati/rules", "[data-screen='rules']")])
def test_a_phone_on_its_side_keeps_the_sites_bar_on_a_page(site, devices, route, ready):
    """844x390: the new-game panel is a page, as the rules are: its top bar keeps the site's
    margins (the table's side-column bar had put the language menu against the screen's
    right edge and the icon against its left)."""
    page = phone(devices, "landscape").open(site.url + route)
    page.wait_for_selector(ready)
    edges = page.evaluate("""() => ({icon: document.querySelector('.top-bar .brand img').getBoundingClientRect().left,
        menu: innerWidth - document.querySelector('.top-bar select').getBoundingClientRect().right})""")
    assert edges["icon"] >= 12 and edges["menu"] >= 12, edges
