"""An axe-core audit (npm axe-core, pinned in package.json) of every screen at a phone
and a desktop size: the home, each rules page, each new-game panel, each game in play,
a live table's lobby and a guest's reply, an end screen and a replay. These rules must
find nothing: contrast, target size (24 px floor), accessible names that contain the
visible label, and ARIA attributes allowed on their elements. No screen sticks out
sideways."""

from __future__ import annotations

import pytest
from conftest import GAMES, ROOT, SIZES, human_table, start_game

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
RULES = ["color-contrast", "target-size", "label-content-name-mismatch", "aria-allowed-attr"]
SEATS = {game: human_table(game) for game in GAMES}


def violations(page) -> list[str]:
    """What axe finds on the page as it is now, one line per element."""
    if not page.evaluate("typeof axe !== 'undefined'"):  # (once per document: the app routes within it)
        page.evaluate(AXE.read_text())  # (evaluate is not subject to the page's CSP, a script tag would be)
    found = page.evaluate("""rules => axe.run(document, {runOnly: {type: 'rule', values: rules},
                                                         rules: {'target-size': {enabled: true}}})
        .then(r => r.violations.flatMap(v => v.nodes.map(n => v.id + ': ' + n.target.join(' '))))""", RULES)
    return found


@pytest.fixture(params=list(SIZES))
def screen(devices, request):
    return devices.take(**SIZES[request.param])


def sideways(page) -> int:
    """How far the page sticks out sideways (a phone would have to scroll to see it)."""
    return page.evaluate("document.documentElement.scrollWidth - innerWidth")


def test_every_screen_passes_the_audit(site, screen):
    found, wide = {}, {}
    pages = [""] + [f"#/{game}/rules" for game in SEATS] + [f"#/{game}" for game in SEATS]
    for fragment in pages:
        page = screen.open(site.url + fragment)
        page.wait_for_selector("#app section")
        found[fragment or "home"] = violations(page)
        wide[fragment or "home"] = sideways(page)
    for game, seats in SEATS.items():
        page = screen.open(site.url + f"#/{game}")
        start_game(page, game, seats, seed=5)
        page.wait_for_timeout(500)  # a bot's first move, an animation under way
        found[f"{game} in play"] = violations(page)
        wide[f"{game} in play"] = sideways(page)
    page = screen.open(site.url + "#/gelati")  # a live table: the host's lobby, then a guest's reply
    page.select_option("select[name='seat1_kind']", "phone")
    page.locator("[data-action='start']").click()
    page.wait_for_selector("[data-lobby-seat] [data-qr] svg")
    found["lobby"], wide["lobby"] = violations(page), sideways(page)
    page = screen.open(page.locator("[data-invite]").get_attribute("data-invite"))
    page.wait_for_selector("[data-reply]")
    found["join"], wide["join"] = violations(page), sideways(page)
    assert {where: v for where, v in found.items() if v} == {}
    assert {where: px for where, px in wide.items() if px > 0} == {}
    assert screen.errors == []


def test_the_end_screen_and_a_replay_pass_the_audit(site, screen):
    page = screen.open(site.url + "#/gelatinous")
    start_game(page, "gelatinous", ["normal"], seed=3, pace="Instant")
    page.locator("[data-end]").wait_for(timeout=60_000)
    end = violations(page)
    page.get_by_role("button", name="Watch the replay").click()
    page.wait_for_selector("[data-phase='replay']")
    assert {"end": end, "replay": violations(page)} == {"end": [], "replay": []}
