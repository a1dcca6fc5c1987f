"""The game box: boot, home screen, routes, offline, sub-path."""

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


@pytest.mark.fresh_profile  # what the first load shows
def test_loading_screen_reports_bytes(site, watched):
    page = watched.page
    seen = []
    page.expose_function("reportLoading", lambda text: seen.append(text))
    page.add_init_script(
        "new MutationObserver(() => { const t = document.getElementById('loading-text');"
        " if (t) window.reportLoading(t.textContent); }).observe(document, {subtree: true, childList: true, characterData: true});"
    )
    watched.open(site.url)
    assert any(" MB" in text and " of " in text for text in seen), seen[:5]


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


@pytest.mark.fresh_profile  # a visit to another address
def test_site_works_under_a_sub_path(sub_site, watched):
    page = watched.open(sub_site.url)
    assert "/gelateria-box/" in page.url
    assert page.locator("[data-card]").count() == 4
    assert watched.foreign == [] and watched.errors == []


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


def test_new_version_is_offered_and_reloads_into_it(browser, tmp_path):
    """Publish a copy, open it, publish a change: the page offers the new version and
    reloading takes it."""
    import sys

    from conftest import ROOT, Site

    sys.path.insert(0, str(ROOT / "scripts"))
    import build

    copy = tmp_path / "site"
    manifest = build.write_manifest()
    build.export(copy, manifest)
    site = Site(root=copy)
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(site.url)
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        assert page.locator("#update-banner").is_hidden()
        # A new release: the stylesheet changes, so the precache version changes.
        css = copy / "static" / "app.css"
        css.write_text(css.read_text() + "\n.released-later { color: red; }\n")
        new_version = build.write_manifest(copy)["version"]
        assert new_version != manifest["version"]
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        banner = page.locator("#update-banner")
        banner.wait_for(state="visible", timeout=60_000)
        assert "new version" in banner.inner_text()
        page.evaluate("window.beforeUpdate = 1")
        banner.get_by_role("button", name="Reload").click()
        # (The predicate also runs while the new page is still parsing its head: no body yet.)
        page.wait_for_function("window.beforeUpdate === undefined && document.body && document.body.dataset.ready === '1'",
                               timeout=120_000)
        caches = page.evaluate("caches.keys()")
        assert caches == [f"gelateria-{new_version}"]
    finally:
        context.close()
        site.close()
