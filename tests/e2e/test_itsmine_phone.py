"""It's Mine! on a touch phone (issue 32), at the three phone shapes, one game each:
the setup says which bots suit a thumb, your own seat's turn tab says what the status
says, no key cap shows, and mid-game (10+ flips) every grab a player could tap now is
on screen and on top, with the top cards' names in letters a phone can read."""

from pathlib import Path

import pytest
from conftest import start_game
from phone_sizes import PHONES, hidden_targets, phone

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
LEFT = "[data-part='facts'] [data-left]"  # the cards left to flip, on the strip
GRABS = "[data-action='grab']:not([disabled])"  # the grabs Ana could tap now


def cards_left(page) -> int:
    return int(page.locator(LEFT).get_attribute("data-left"))


def small_labels(page) -> list:
    """The top cards' names shown under the piles, and any in letters under 11 px."""
    return page.evaluate("""() => {
        const shown = [...document.querySelectorAll('[data-card-label]')].filter(e => e.textContent && e.offsetHeight);
        return [shown.length, shown.map(e => [e.textContent, parseFloat(getComputedStyle(e).fontSize)])
                                   .filter(([, px]) => px < 11)];
    }""")


@pytest.mark.parametrize("shape", list(PHONES))
def test_mid_game_every_grab_is_in_reach_and_readable_without_keys(site, devices, shape):
    watched = phone(devices, shape)
    page = watched.open(site.url + "#/itsmine")
    page.wait_for_selector("[data-game='itsmine'][data-phase='setup']")
    assert page.locator("[data-touch-level]").is_visible(), "the setup does not say which bots suit a touch screen"
    start_game(page, "itsmine", ["human", "normal", "normal", "normal"], seed=5, names={0: "Ana"},
               options={"#opt_first": "0"}, pace="Instant")
    page.locator("[data-action='flip']").wait_for()
    # Ana flips first: her seat's tab and the status both say it is her turn.
    assert page.locator("[data-seat-panel='0'] [data-turn-mark]").inner_text() == "Your turn"
    assert page.locator("[data-part='status']").inner_text().startswith("Your turn")
    assert page.locator("kbd:visible").count() == 0, "a key cap shows on a touch screen"
    # Every seat's name is read whole ("Chi…" at 360x640 was not), and so is whose turn it is.
    cut = page.evaluate("""() => [...document.querySelectorAll('.seat-name, [data-part=status]')]
        .filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)""")
    assert cut == [], f"cut off: {cut}"
    page.evaluate("window.scrollTo(0, 0)")  # as the game opens: Flip is in reach, whole
    assert hidden_targets(page, "[data-action='flip']", "body") == []
    assert page.evaluate("document.querySelector(\"[data-action='flip']\").getBoundingClientRect().bottom") <= PHONES[shape]["height"]

    start = cards_left(page)
    while cards_left(page) > start - 12 and not page.locator("[data-scores]").count():
        left = cards_left(page)
        flip = page.locator("[data-action='flip']:not([data-paused])")
        tapped = bool(flip.count())
        if tapped:
            flip.tap()
        # A card is flipped (hers or a bot's), or, while a call pauses play on her turn, the pause ends.
        page.wait_for_function(f"""() => Number(document.querySelector("{LEFT}").dataset.left) < {left}
            || document.querySelector("[data-scores]")
            || {'false' if tapped else 'true'} && document.querySelector("[data-action='flip']:not([data-paused])")""",
                               timeout=15_000)
    assert start - cards_left(page) >= 10, "the round ended before ten flips"

    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"itsmine-phone-{shape}.png"))
    assert hidden_targets(page, GRABS, ".im-board") == []
    count, small = small_labels(page)
    assert count and small == [], f"card names under 11 px: {small}"
    assert page.locator("kbd:visible").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONES[shape]["width"]
    print(f"\n{shape}: {start - cards_left(page)} flips, {page.locator(GRABS).count()} grabs in reach, "
          f"{count} card names ≥ 11 px")
    assert watched.errors == [] and watched.foreign == []
