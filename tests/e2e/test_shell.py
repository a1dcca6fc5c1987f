"""The game box: boot, home screen, routes, a Python that cannot start.
(The box under a sub-path: test_install.py; a new version offered: test_warm_start.py.)"""

from pathlib import Path

import pytest

from conftest import GAMES, new_context, title_of

SHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_home_boots_and_shows_the_four_games(site, watched):
    page = watched.open(site.url)
    cards = page.locator("[data-card]")
    assert cards.count() == 4
    for game_id, title in [(game_id, title_of(game_id)) for game_id in GAMES]:
        card = page.locator(f"[data-card='{game_id}']")
        assert card.locator("h2").inner_text() == title
        assert card.locator("svg[role='img']").count() == 1
        assert card.locator(f"a[href='#/{game_id}']").count() == 1
    assert page.locator("#loading").is_hidden()
    assert watched.foreign == []
    assert watched.errors == []
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "home.png"))


# Each game card's row (its top) and where its Play button's top is, in px.
CARDS = """() => [...document.querySelectorAll('[data-card]')].map(card => [
    Math.round(card.getBoundingClientRect().top), Math.round(card.querySelector('.card-play').getBoundingClientRect().top)])"""


@pytest.mark.parametrize("width", [768, 1366])
def test_the_games_stand_in_even_rows_with_play_level(site, devices, width):
    """A tablet shows the four games two by two (it showed three and one alone) and a
    desktop four abreast; in a row every Play button is at one height, however long each
    game's pitch (they stood wherever the pitch ended)."""
    page = devices.take(viewport={"width": width, "height": 1024}).open(site.url + "#/")
    page.wait_for_selector("[data-card]")
    cards = page.evaluate(CARDS)
    rows = sorted({top for top, _play in cards})
    assert [sum(top == row for top, _play in cards) for row in rows] == ([2, 2] if width < 1000 else [4])
    for row in rows:
        assert len({play for top, play in cards if top == row}) == 1, cards


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_route_renders(site, watched, game_id):
    page = watched.open(site.url + f"#/{game_id}")
    root = page.locator(f"#app [data-game='{game_id}']")
    root.wait_for()
    assert title_of(game_id) in page.locator("#app h1").first.inner_text() or root.count() == 1
    page.goto(site.url + f"#/{game_id}/rules")
    page.locator("[data-screen='rules']").wait_for()
    assert page.locator("#app h1").inner_text() == f"How to play {title_of(game_id)}"
    assert watched.errors == []


@pytest.mark.fresh_profile
def test_the_offline_copy_answers_another_address_with_itself_not_the_app(site, watched):
    """Once the service worker controls the page, other addresses of the site opened in
    it: a file of the app is that file, and an address the site never had is the
    server's "not found" (the app's page there would load with broken paths). (In a
    profile of its own: a warm device's tab that opened such an address could not always
    be closed again in this Chromium.)"""
    page = watched.open(site.url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    css = page.goto(site.url + "static/app.css", wait_until="commit")
    assert css.from_service_worker and css.headers["content-type"].startswith("text/css")
    assert page.goto(site.url + "old/bookmark", wait_until="commit").status == 404


def test_unknown_route_says_no_such_page_with_a_way_home(site, watched):
    page = watched.open(site.url + "#/marzipan")
    assert page.locator("#app h1").inner_text() == "No such page"
    page.get_by_role("link", name="Back to the games").click()
    page.locator("[data-screen='home']").wait_for()


def test_markup_in_a_route_is_shown_as_text(site, watched):
    page = watched.open(site.url + "#/<img src=x onerror=window.pwned=1>")
    assert page.locator("#app h1").inner_text() == "No such page"
    assert page.evaluate("window.pwned") is None
    assert page.locator("#app img[src='x']").count() == 0


def test_python_failure_shows_a_message_not_a_blank_page(site, browser):
    context = new_context(browser)
    # Simulate a browser where the Python runtime cannot be loaded.
    context.route("**/pyodide.asm.wasm", lambda r: r.abort())
    page = context.new_page()
    page.goto(site.url)
    page.wait_for_selector("#boot-error:not([hidden])", timeout=120_000)
    assert "could not start" in page.locator("#boot-error h1").inner_text()
    assert page.locator("#boot-error button").inner_text() == "Try again"
    context.close()
