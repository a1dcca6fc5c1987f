"""The first paint comes before Python: the build's pre-rendered pages (static/pages.js,
drawn by the app's own screens) are on screen and readable while the runtime is still
downloading, and Python takes over that same DOM without changing or moving it."""

import json

import pytest

from conftest import CLS_OBSERVER, SIZES, Watched, new_context

# Counts every change inside #app from the first paint on (what the take-over touched;
# any element of a drawing is named svg).
MUTATIONS = """
window.__changes = [];
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(records => {
    for (const r of records) window.__changes.push(
      r.type + ' ' + (r.target instanceof SVGElement ? 'svg' : r.target.id || r.target.nodeName) + ' ' + (r.attributeName ||
        [...r.addedNodes].map(n => (n.getAttribute && n.getAttribute('class')) || n.nodeName).join(',')));
  }).observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true, characterData: true});
});
"""


class HeldRuntime:
    """Holds back pyodide.asm.wasm, so Python cannot start until release()."""

    def __init__(self, context):
        self.held = []
        self.released = False
        context.route("**/pyodide.asm.wasm", self.arrived)

    def arrived(self, route):
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self):
        """Let Python start (the runtime may not even have been asked for yet)."""
        self.released = True
        for route in self.held:
            route.continue_()
        self.held.clear()

    def drop(self):
        for route in self.held:
            route.abort()
        self.held.clear()


@pytest.fixture
def before_python(browser, request):
    """A page (phone or desktop, as the test's `size` param says) whose Python is held."""
    size = getattr(request, "param", "phone")
    context = new_context(browser, **SIZES[size], locale="en-US")
    context.add_init_script(CLS_OBSERVER)
    context.add_init_script(MUTATIONS)
    runtime = HeldRuntime(context)
    watched = Watched(context)
    watched.runtime = runtime
    yield watched
    runtime.drop()
    context.close()


def visible_text(page, selector="#app"):
    return page.locator(selector).inner_text()


@pytest.mark.parametrize("before_python", list(SIZES), indirect=True)
def test_home_and_rules_are_there_before_python(site, before_python):
    page = before_python.page
    page.goto(site.url, wait_until="domcontentloaded")
    cards = page.locator("#app [data-card]")
    assert cards.count() == 4
    assert [cards.nth(i).locator("h2").inner_text() for i in range(4)] == ["Gelati", "Genial Spezial", "Gelatinous", "It's Mine!"]
    assert page.locator("#app [data-card] svg[role='img']").count() == 4
    assert page.locator("#app h1").is_visible()
    assert page.title() == "Gelateria — four ice-cream table games"
    # Python is not running, and the strip says what is happening.
    assert page.locator("body[data-ready]").count() == 0
    assert "Python" in page.locator("#loading-text").inner_text()
    # Links work already: the rules, read in full, without Python.
    page.locator("[data-card='gelati'] a.card-rules").click()
    page.wait_for_selector("#app [data-screen='rules'][data-game='gelati']")
    assert page.locator("#app h1").inner_text() == "How to play Gelati"
    assert page.locator("#app .rules-section").count() >= 4
    assert "15 points" in visible_text(page)
    assert page.title() == "Gelati rules — Gelateria"
    assert before_python.errors == []


def test_a_shared_link_says_its_game_is_getting_ready(site, before_python):
    page = before_python.page
    page.goto(site.url + "#/genial/game/v1.whatever-the-link-holds", wait_until="domcontentloaded")
    assert page.locator("#app h1").inner_text() == "Genial Spezial"
    assert page.locator("#app svg[role='img']").is_visible()
    assert "Getting the table ready" in visible_text(page)
    # Not a game's route: the box itself is getting ready.
    page.goto(site.url + "#/no-such-game", wait_until="domcontentloaded")
    assert page.locator("#app h1").inner_text() == "Gelateria"


def test_the_language_is_picked_before_the_first_paint_and_can_be_switched(site, browser):
    context = new_context(browser, locale="ja-JP")
    runtime = HeldRuntime(context)
    try:
        page = context.new_page()
        page.goto(site.url + "#/itsmine/rules", wait_until="domcontentloaded")
        assert page.evaluate("document.documentElement.lang") == "ja"
        assert page.locator("#app h1").inner_text() == "イッツ・マイン！の遊び方"
        assert page.locator("#loading-text").inner_text() != "Downloading Python…"
        page.select_option("#app select[data-language]", "ko")
        assert page.evaluate("document.documentElement.lang") == "ko"
        # (The Korean pages come in a file of their own, asked for at the switch.)
        page.locator("#app h1", has_text="내 거야! 하는 방법").wait_for(timeout=10_000)
        assert json.loads(page.evaluate("localStorage.getItem('gelateria.prefs')"))["language"] == "ko"
        # Python comes up in the language chosen while it loaded.
        runtime.release()
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
        assert page.locator("#app h1").inner_text() == "내 거야! 하는 방법"
        assert page.locator("#app select[data-language]").input_value() == "ko"
    finally:
        runtime.drop()
        context.close()


def read_on_as_python_takes_over(before_python) -> list[str]:
    """The visitor reads on while Python loads (scrolls down), and Python arrives: where
    they scrolled to stays, nothing shifts, the strip goes. What changed inside #app
    since the first paint is the caller's to judge."""
    page = before_python.page
    page.mouse.wheel(0, 300)
    page.wait_for_function("window.scrollY > 0 || document.documentElement.scrollHeight <= innerHeight")
    scrolled = page.evaluate("window.scrollY")
    before_python.runtime.release()
    before_python.wait_ready()
    changes = page.evaluate("window.__changes")
    assert page.evaluate("window.__shift") < 0.001, page.evaluate("window.__shifts")
    assert page.evaluate("window.scrollY") == scrolled
    assert page.locator("#loading").is_hidden()
    return changes


# The home at both sizes and two rules pages (one layout, each game's own drawings: the
# tile game's and the card game's), each at one size; a game's panel at phone size is
# the next test's. (Each is a cold Pyodide start in a fresh profile: the suite's
# costliest kind of test.)
TAKEOVERS = [("", "phone"), ("", "desktop"), ("#/gelati/rules", "phone"), ("#/itsmine/rules", "desktop")]


@pytest.mark.parametrize("route, before_python", TAKEOVERS, indirect=["before_python"])
def test_python_takes_over_the_same_page_without_a_change_or_a_shift(site, before_python, route):
    page = before_python.page
    page.goto(site.url + route, wait_until="domcontentloaded")
    page.locator("#app h1").wait_for()
    changes = read_on_as_python_takes_over(before_python)
    if route.endswith("/rules"):
        # The first paint holds each drawing's <svg> frame, empty; the app draws into
        # them (and adds the definitions they use). Nothing else changes.
        for change in changes:
            kind, target, *added = change.split(" ")
            assert kind == "childList" and (target == "svg" or target == "ARTICLE" and added[0].endswith("-defs")), change
    else:
        assert changes == [], changes[:10]
    assert before_python.errors == []


def test_a_panel_before_python_says_it_is_getting_ready_loses_nothing_and_is_taken_over_unchanged(site, before_python):
    page = before_python.page
    page.goto(site.url + "#/genial", wait_until="domcontentloaded")
    page.wait_for_selector("#app [data-phase='setup']")
    name = page.locator("#seat0_name")
    before = name.input_value()
    page.get_by_role("button", name="Start game").click()
    assert page.locator("#announcer").inner_text() == "One moment: Gelateria is still getting ready."
    assert page.locator("#loading.nudge").count() == 1
    assert page.locator("#app [data-phase='setup']").count() == 1
    name.press_sequentially("Zed")
    assert name.input_value() == before  # typing waits for the app instead of being lost at the hand-over
    changes = read_on_as_python_takes_over(before_python)
    # The panel only draws a fresh deal number in the seed field.
    assert set(changes) <= {"attributes seed value"}, changes
    # And now the panel works.
    page.fill("#seat0_name", "Zed")
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("[data-game='genial'][data-phase='play']")
    assert before_python.errors == []
