"""It's Mine! in a real browser: one human against three bots, in real time."""

import re
from pathlib import Path
from conftest import start_game

SHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_one_human_flips_grabs_and_plays_into_round_two(site, watched):
    page = watched.open(site.url + "#/itsmine")
    start_game(page, "itsmine", ["human", "hard", "hard", "hard"], seed=2024, names={0: "Ana"},
               options={"#opt_first": "0"})  # Ana flips first
    page.locator("[data-game='itsmine'][data-phase='play'][data-round='1']").wait_for()
    assert page.locator("[data-seat-panel]").count() == 4
    assert page.locator("[data-seat-panel='1'] .seat-tag").inner_text() == "Hard bot"
    # Playing alone, Ana's favourites stay on screen; nobody else's are shown.
    assert page.locator("[data-favourites]").count() == 1
    assert re.search(r"(strawberry|chocolate|vanilla|pistachio|blueberry)", page.locator("[data-favourites='0']").inner_text(), re.I)
    page.get_by_role("button", name="Instant").click()  # bots flip with hardly a pause

    # Flip by clicking the deck.
    page.get_by_role("button", name=re.compile("Flip your next card")).click()
    page.locator("[data-part='fan0'][data-cards='1']").wait_for()
    assert any(line.startswith("Ana flipped a") for line in page.locator("[data-log] li").all_inner_texts())

    # Grab another player's pile by clicking its "It's mine!" button; hard bots are
    # quick, so if one gets there first the refusal is shown and Ana tries again.
    grabbed = None
    for _ in range(40):
        page.wait_for_function(
            "() => [1,2,3].some(i => Number(document.querySelector(`[data-part='fan${i}']`).dataset.cards) > 0)")
        sizes = {i: int(page.locator(f"[data-part='fan{i}']").get_attribute("data-cards")) for i in (1, 2, 3)}
        owner = max(sizes, key=sizes.get)
        if not sizes[owner]:
            continue
        before = len(page.locator("[data-log] li").all_inner_texts())
        page.locator(f"[data-action='grab'][data-pile='{owner}']").click()
        page.wait_for_function(f"() => document.querySelectorAll('[data-log] li').length > {before} "
                               "|| document.querySelector('[data-notice]')")
        lines = page.locator("[data-log] li").all_inner_texts()
        mine = [line for line in lines if line.startswith("Ana grabbed")]
        if mine:
            grabbed = (owner, mine[0])
            break
    assert grabbed, "Ana never managed to grab a pile"
    owner, line = grabbed
    owner_name = page.locator(f"[data-part='head{owner}'] .seat-name").inner_text()
    assert f"♥ Ana → {owner_name}" in line
    # The burst says who grabbed; Ana's heart went to the pile's owner.
    burst = page.locator(f"[data-part='burst{owner}'] [data-burst='0']")
    assert burst.count() == 1 and "It's mine!" in burst.inner_text()
    assert page.locator("[data-part='flash0'] [data-flash='-1']").count() == 1
    assert int(page.locator("[data-part='foot0']").get_attribute("data-taken")) > 0

    # Play on: Ana flips whenever it is her turn (by click and by Space) until the
    # round is scored.
    flips = 0
    shot_taken = False
    while True:
        page.wait_for_selector("[data-action='flip'], [data-scores]", timeout=60_000)
        if page.locator("[data-scores]").count():
            break
        left = int(page.locator("[data-part='draw0']").get_attribute("data-draw"))
        if flips % 2:
            page.keyboard.press("Space")
        else:
            page.locator("[data-action='flip']").click()
        flips += 1
        page.wait_for_function(f"() => Number(document.querySelector(\"[data-part='draw0']\").dataset.draw) < {left} "
                               "|| document.querySelector('[data-scores]')")
        if flips == 6 and not shot_taken:
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / "itsmine-table.png"))
            shot_taken = True
    assert flips >= 5
    scores = page.locator("[data-scores='1']")
    assert scores.locator("[data-score-row]").count() == 4
    assert "Round 1 of 3 is over" in page.locator("[role='dialog']").inner_text()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "itsmine-scores.png"))

    page.get_by_role("button", name=re.compile("Next round")).click()
    page.locator("[data-game='itsmine'][data-round='2'][data-stage='play']").wait_for()
    assert page.locator("[data-scores]").count() == 0
    assert "Scores so far" in page.locator(".side-area").inner_text()
    assert watched.errors == [] and watched.foreign == []


def test_bots_only_game_on_fast_reaches_the_end_and_bots_react_at_their_level(site, watched):
    """Three bots play three rounds in the browser's real time. The saved record then
    tells how fast each level actually reacted here."""
    import json
    import statistics

    from gelateria.core.record import decode

    page = watched.open(site.url + "#/itsmine")
    start_game(page, "itsmine", ["easy", "normal", "hard"], seed=77, pace="Fast")
    for _ in range(2):  # between rounds, the score table waits for "Next round"
        page.get_by_role("button", name=re.compile("Next round")).click(timeout=150_000)
    page.locator("[data-end]").wait_for(timeout=150_000)
    assert "wins" in page.locator("[data-end] h2").inner_text() or "share" in page.locator("[data-end] h2").inner_text()

    saves = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('gelateria.save.itsmine')).map(k => localStorage.getItem(k))")
    record = decode(json.loads(saves[0])["link"])
    # A bot's reaction: from the flip that put the top card on a pile to its grab of that pile.
    last_flip, reactions = {}, {"easy": [], "normal": [], "hard": []}
    for seat, move in record.moves:
        if move["a"] == "f":
            last_flip[seat] = move["t"]
        elif move["a"] == "c":
            last_flip = {}
        elif move["a"] == "g":
            reactions[record.seats[seat].level] += [move["t"] - last_flip[o] for o in move["p"] if o in last_flip]
    medians = {level: statistics.median(times) for level, times in reactions.items() if times}
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "itsmine-reactions.json").write_text(json.dumps({"median_ms": medians, "grabs": {k: len(v) for k, v in reactions.items()}}))
    assert medians["easy"] > medians["normal"] > medians["hard"]
    assert watched.errors == []


def test_hot_seat_favourites_show_only_while_peek_is_held(site, watched):
    page = watched.open(site.url + "#/itsmine")
    start_game(page, "itsmine", ["human", "human", "easy"], names={0: "Ana", 1: "Bo"})
    assert page.locator("[data-favourites]").count() == 0  # secret from the start
    button = page.get_by_role("button", name="Hold to peek at Ana's favourites")
    button.hover()
    page.mouse.down()
    page.locator("[data-favourites='0']").wait_for()
    assert page.locator("[data-favourites='1']").count() == 0
    page.mouse.up()
    page.locator("[data-favourites='0']").wait_for(state="detached")
    # Keyboard: Space held on the focused button shows them until it is let go.
    page.get_by_role("button", name="Hold to peek at Bo's favourites").focus()
    page.keyboard.down(" ")
    page.locator("[data-favourites='1']").wait_for()
    page.keyboard.up(" ")
    page.locator("[data-favourites='1']").wait_for(state="detached")
    assert watched.errors == []
