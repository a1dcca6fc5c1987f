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


def test_the_offline_copy_opens_the_app_only_at_its_own_address(site, devices):
    """A profile the service worker controls (a warm device) opens addresses in a new
    tab: the app's page, with or without its name or a query, is the app; a file of the
    app is that file; an address the site never had is the server's "not found"."""
    tab = devices.take().context.new_page()
    try:
        for address in ("", "index.html", "?from=bookmark"):
            page = tab.goto(site.url + address, wait_until="commit")
            assert page.from_service_worker and "<html" in page.text()[:300].lower(), address
        css = tab.goto(site.url + "static/app.css", wait_until="commit")
        assert css.from_service_worker and css.headers["content-type"].startswith("text/css")
        assert "<html" not in css.text().lower()
        assert tab.goto(site.url + "old/bookmark", wait_until="commit").status == 404
    finally:
        tab.close()


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
