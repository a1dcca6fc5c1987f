"""Gelatinous in a real browser, played by clicking: solitaire to the end, a
four-player multiplayer table on auto, a phone-sized screen."""

from pathlib import Path

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
SOLITAIRE_SEED = "3"  # a won game: 8 rolls, score 3 (the rules are seeded, so every browser agrees)
MULTI_SEED = "7"  # four players, won after 10 rounds


def mat(page, seat=0):
    return page.locator(f"[data-board] .mat[data-seat='{seat}']")


def wait_round(page, number):
    page.wait_for_selector(f"[data-board][data-round='{number}']")


def roll_time_ms(page) -> float:
    """Click Roll from inside the page and time the whole handler (Python render + DOM)."""
    return page.evaluate("() => { const t = performance.now(); document.querySelector(\"[data-action='roll']\").click();"
                         " return performance.now() - t; }")


def test_solitaire_to_the_end_by_clicking_roll(site, watched):
    page = watched.open(site.url + "#/gelatinous")
    page.wait_for_selector("[data-game='gelatinous'][data-phase='setup']")
    assert page.locator("[data-action='mode'][aria-checked='true']").get_attribute("data-mode") == "solitaire"
    assert page.locator(".seat-row").count() == 1
    page.fill("#seed", SOLITAIRE_SEED)
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("[data-game='gelatinous'][data-phase='play']")
    page.wait_for_selector("[data-odds='ready']")
    assert "46%" in page.locator("[data-odds] .big-num").inner_text()  # the exact chance from the start
    assert page.locator("[data-histogram] rect.bar-now").count() > 10
    assert "Lower scores are better" in page.locator("[data-odds]").inner_text()
    assert mat(page).get_attribute("data-tally") == "0" and mat(page).get_attribute("data-cube") == "0"

    # First roll by clicking: a tally mark appears, the dice animate, a click on the board settles them.
    page.get_by_role("button", name="Roll", exact=True).click()
    wait_round(page, 1)
    assert page.locator("[data-board]").get_attribute("data-animating") == "1"
    assert page.locator(".mat[data-seat='0'] .tally path.mark").count() == 1
    assert page.locator(".mat[data-seat='0'] .tumble").count() >= 1
    page.locator(".mat[data-seat='0'] .tally-row").click()
    page.wait_for_selector("[data-board][data-animating='0']")

    # Space rolls too.
    page.keyboard.press("Space")
    wait_round(page, 2)

    # With reduced motion the dice do not move at all.
    page.emulate_media(reduced_motion="reduce")
    page.get_by_role("button", name="Roll", exact=True).click()
    wait_round(page, 3)
    assert page.evaluate("getComputedStyle(document.querySelector('[data-board] .tumble')).animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")

    cubes, tallies = [], []
    rolls = 3
    while page.locator("[data-game='gelatinous'][data-phase='play']").count():
        cube = int(mat(page).get_attribute("data-cube"))
        cubes.append(cube)
        tallies.append(int(mat(page).get_attribute("data-tally")))
        # What is drawn matches: one isometric die per die in the cube, one mark per roll.
        assert page.locator(".mat[data-seat='0'] [data-cube-slot]").count() == cube
        assert page.locator(".mat[data-seat='0'] .tally path.mark").count() == rolls
        if rolls == 5:
            page.wait_for_selector("[data-odds='ready']")
            page.locator("[data-board]").click()  # settle the dice for the picture
            page.wait_for_selector("[data-board][data-animating='0']")
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / "gelatinous-solitaire.png"), full_page=True)
        elapsed = roll_time_ms(page)
        assert elapsed < 200, elapsed
        rolls += 1
        page.wait_for_selector(f"[data-board][data-round='{rolls}'], [data-phase='over']")
    assert tallies == sorted(tallies) and len(set(tallies)) == len(tallies)
    assert cubes[-1] > cubes[0]  # the cube visibly grew

    # The end screen comes once the last roll has played out.
    end = page.locator("[data-end]")
    end.wait_for()
    assert end.get_attribute("data-outcome") == "won"
    text = end.inner_text()
    assert "Ana wins!" in text and "score 8 − 5 = 3" in text
    assert "personal best" in text
    assert "Lower scores are better" in text
    assert page.get_by_role("button", name="Roll", exact=True).is_disabled()
    page.get_by_role("button", name="Look at the board").click()
    assert page.locator("[data-best]").get_attribute("data-best") == "3"
    stored = page.evaluate("JSON.parse(localStorage.getItem('gelateria.prefs'))")
    assert stored["gelatinous_best"] == 3 and stored["gelatinous_stats"] == {"played": 1, "won": 1}
    assert watched.errors == [] and watched.foreign == []


def test_four_player_multiplayer_on_auto_reaches_the_end(site, watched):
    page = watched.open(site.url + "#/gelatinous")
    page.locator("[data-action='mode'][data-mode='multi']").click()
    page.wait_for_selector(".seat-row[data-seat='2']")
    assert page.locator(".seat-row").count() == 3
    page.fill("#seat1_name", "<b>Bo</b><img src=x>")
    page.get_by_role("button", name="Add player").click()
    page.wait_for_selector(".seat-row[data-seat='3']")
    assert page.locator("#seat1_name").input_value() == "<b>Bo</b><img src=x>"  # kept across the re-render
    page.fill("#seed", MULTI_SEED)
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector("[data-game='gelatinous'][data-phase='play']")
    assert page.locator("[data-board] .mat").count() == 4
    assert page.locator(".mat[data-seat='1'] h2").inner_text() == "<b>Bo</b><img src=x>"
    page.wait_for_selector("[data-odds='ready']")
    assert "Simulated 2,000 games" in page.locator("[data-odds]").inner_text()
    assert page.locator("[data-odds] .odds-row").count() == 4

    for number in (1, 2):
        page.get_by_role("button", name="Roll", exact=True).click()
        wait_round(page, number)
    page.wait_for_selector("[data-odds='ready']")
    page.locator("[data-board]").click()
    page.wait_for_selector("[data-board][data-animating='0']")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "gelatinous-multi.png"), full_page=True)

    # A phone-sized screen: nothing sticks out sideways.
    page.set_viewport_size({"width": 400, "height": 860})
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    page.screenshot(path=str(SHOTS / "gelatinous-multi-phone.png"))
    # Scrolled down to the last player's mat, Roll is still on screen.
    page.evaluate("document.querySelector(\".mat[data-seat='3']\").scrollIntoView({block: 'end'})")
    page.wait_for_function("window.scrollY > 0")
    roll = page.get_by_role("button", name="Roll", exact=True).bounding_box()
    assert roll["y"] >= 0 and roll["y"] + roll["height"] <= 860
    page.evaluate("window.scrollTo(0, 0)")
    page.set_viewport_size({"width": 1280, "height": 860})

    page.get_by_role("button", name="Fast").click()
    page.get_by_role("button", name="Auto", exact=True).click()
    assert page.get_by_role("button", name="Auto", exact=True).get_attribute("aria-pressed") == "true"
    end = page.locator("[data-end]")
    end.wait_for(timeout=90_000)
    assert end.get_attribute("data-outcome") in ("won", "shared", "eaten")
    assert "of 8 in the cube" in end.inner_text()
    assert int(page.locator("[data-board]").get_attribute("data-round")) >= 3
    assert page.locator("#app img[src='x']").count() == 0
    assert watched.errors == [] and watched.foreign == []
