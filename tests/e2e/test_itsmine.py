"""It's Mine! in a real browser: one human against bots in real time, two humans at
one keyboard, and every pile in view on a phone and a desktop with the page holding still."""

import re
from pathlib import Path

import pytest
from conftest import start_game

from gelateria.core.record import Record, Seat, encode
from gelateria.core.session import play
from gelateria.games.itsmine.rules import GAME, PAUSE_MS

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
    page.get_by_role("button", name=re.compile("^Flip")).click()
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
    assert int(page.locator("[data-part='head0']").get_attribute("data-taken")) > 0

    # Play on: Ana flips whenever it is her turn (by click and by Space) until the
    # round is scored.
    flips = 0
    shot_taken = False
    while True:
        # (during the pause after a call the Flip control waits: data-paused)
        page.wait_for_selector("[data-action='flip']:not([data-paused]), [data-scores]", timeout=60_000)
        if page.locator("[data-scores]").count():
            break
        left = int(page.locator("[data-part='draw0']").get_attribute("data-draw"))
        if page.locator("[data-action='flip'][data-paused]").count():
            continue  # a bot called in between
        if flips % 2:
            page.keyboard.press("Space")
        else:
            page.locator("[data-action='flip']").click()
        # A bot may call just as Ana flips: the pause refuses her flip, and she tries again.
        page.wait_for_function(f"() => Number(document.querySelector(\"[data-part='draw0']\").dataset.draw) < {left} "
                               "|| document.querySelector('[data-scores], [data-action=\"flip\"][data-paused]')")
        if int(page.locator("[data-part='draw0']").get_attribute("data-draw")) < left:
            flips += 1
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


def test_a_bots_only_game_on_instant_plays_its_last_round_to_the_end_screen(site, watched):
    """Three bots play on in the browser's real time from a link to a game whose second
    round has just been scored (how fast each level reacts is checked on the table's own
    clock in tests/unit/test_itsmine_view.py; the CPython games of the same bots play all
    three rounds in tests/unit)."""
    seats = [Seat("bot", name, level) for name, level in (("Bo", "easy"), ("Chiara", "normal"), ("Dario", "hard"))]
    options = {"first": 0, "pause": PAUSE_MS}
    moves = play(GAME, [seat.level for seat in seats], 77, options).record.moves
    second_scored = [i for i, (_, move) in enumerate(moves) if move["a"] == "c"][1]
    page = watched.open(site.url + "#/itsmine/game/" + encode(Record("itsmine", seats, 77, options, moves[:second_scored])))
    page.locator("[data-game='itsmine'][data-round='2'][data-stage='scored']").wait_for()
    page.get_by_role("button", name=re.compile("Next round")).click()
    page.locator("[data-game='itsmine'][data-round='3']").wait_for()
    page.get_by_role("button", name="Instant", exact=True).click()
    page.locator("[data-end]").wait_for(timeout=120_000)
    assert re.search("wins|share", page.locator("[data-end] h2").inner_text())
    assert watched.errors == []


def test_hot_seat_favourites_show_only_while_peek_is_held(site, watched):
    page = watched.open(site.url + "#/itsmine")
    start_game(page, "itsmine", ["human", "human", "easy"], names={0: "Ana", 1: "Bo"})
    assert page.locator("[data-favourites]").count() == 0  # secret from the start
    button = page.get_by_role("button", name="Peek: Ana")
    button.hover()
    page.mouse.down()
    page.locator("[data-favourites='0']").wait_for()
    assert page.locator("[data-favourites='1']").count() == 0
    page.mouse.up()
    page.locator("[data-favourites='0']").wait_for(state="detached")
    # Keyboard: Space held on the focused button shows them until it is let go.
    page.get_by_role("button", name="Peek: Bo").focus()
    page.keyboard.down(" ")
    page.locator("[data-favourites='1']").wait_for()
    page.keyboard.up(" ")
    page.locator("[data-favourites='1']").wait_for(state="detached")
    assert watched.errors == []


def log_lines(page) -> list[str]:
    return page.locator("[data-log] li").all_inner_texts()


def test_two_humans_grab_with_their_own_keys_and_a_call_during_the_pause_counts(site, watched):
    page = watched.open(site.url + "#/itsmine")
    start_game(page, "itsmine", ["human", "human", "easy", "easy"], seed=31, names={0: "Ana", 1: "Bo"},
               options={"#opt_first": "0"})
    # Ana plays on the left of the keyboard (Q W E R), Bo on the right (U I O P); every
    # pile's buttons show each player's key for it.
    pile0 = page.locator("[data-part='grab0']")
    assert pile0.get_by_role("button", name=re.compile("^Ana Q")).count() == 1
    assert pile0.get_by_role("button", name=re.compile("^Bo U")).count() == 1
    assert page.locator("[data-part='grab3']").get_by_role("button", name=re.compile("^Bo P")).count() == 1
    page.keyboard.press("Space")  # Ana flips
    page.locator("[data-part='fan0'][data-cards='1']").wait_for()
    page.keyboard.press("Space")  # then Bo, whose turn it is
    page.locator("[data-part='fan1'][data-cards='1']").wait_for()
    before = len(log_lines(page))
    page.keyboard.press("u")  # Bo takes Ana's pile: one key, his own
    page.wait_for_function("n => document.querySelectorAll('[data-log] li').length > n", arg=before)
    assert log_lines(page)[0].startswith("Bo grabbed Ana's pile")
    paused = page.locator("[data-part='flip'] [data-paused]").count() == 1  # the pause after a call, if the rules have one
    page.keyboard.press("w")  # Ana takes Bo's pile, during the pause
    page.wait_for_function("n => document.querySelectorAll('[data-log] li').length > n", arg=before + 1)
    assert log_lines(page)[0].startswith("Ana grabbed Bo's pile")
    if paused:
        page.locator("[data-part='flip'] [data-paused]").wait_for()
        page.locator("[data-part='pause'].on").wait_for(state="attached")
        page.locator("[data-part='flip'] [data-paused]").wait_for(state="detached", timeout=5_000)
    print(f"\nhot-seat: a grab is one key press (Bo: U, Ana: W); pause shown: {paused}")
    assert watched.errors == []


# --- every pile in view, big enough to hit, and a page that holds still -------------------------------

TOUCH = {"has_touch": True, "is_mobile": True}
VIEWS = {"360x640": {"viewport": {"width": 360, "height": 640}, **TOUCH},
         "390x844": {"viewport": {"width": 390, "height": 844}, **TOUCH},
         "1024x768": {"viewport": {"width": 1024, "height": 768}},
         "1366x768": {"viewport": {"width": 1366, "height": 768}}}
FIVE = ["human", "normal", "normal", "normal", "normal"]  # the most the table seats
PLAY_CONTROLS = "[data-action='grab'], [data-action='flip'], [data-hold='peek']"


def out_of_view(page) -> list[str]:
    """What a grab needs that is not wholly in the window (scrolled to the top): every
    pile's grab control, the Flip control and your favourites."""
    return page.evaluate("""() => {
        scrollTo(0, 0);
        const needed = [['a grab control', "[data-action='grab']"], ['the flip slot', "[data-part='flip'] > *"],
                        ['your favourites', '[data-favourites]']];
        const out = [];
        for (const [what, selector] of needed) {
            const found = [...document.querySelectorAll(selector)];
            if (!found.length) out.push(what + ': missing');
            for (const e of found) {
                const r = e.getBoundingClientRect();
                if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth || !r.height)
                    out.push(`${what} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
            }
        }
        return out;
    }""")


# The tally's rows that are not wholly inside the hand bar (its border aside).
TALLY_OUT_OF_BAR = """() => { const bar = document.querySelector('[data-hand-bar]').getBoundingClientRect();
    return [...document.querySelectorAll('.tally-row')].filter(row => row.getClientRects().length
        && (row.getBoundingClientRect().right > bar.right - 1.5 || row.getBoundingClientRect().left < bar.left + 1.5))
        .map(row => row.textContent); }"""


def control_sizes(page) -> list[tuple[str, int, int]]:
    return page.evaluate(f"""() => [...document.querySelectorAll("{PLAY_CONTROLS}")].map(e => {{
        const r = e.getBoundingClientRect();
        return [(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 24), Math.round(r.width), Math.round(r.height)]; }})""")


@pytest.mark.parametrize("size", list(VIEWS))
def test_five_piles_their_grab_controls_and_your_favourites_are_in_view(site, devices, size):
    watched = devices.take(**VIEWS[size])
    page = watched.open(site.url + "#/itsmine")
    start_game(page, "itsmine", FIVE, seed=5, names={0: "Ana"}, options={"#opt_first": "0"})
    page.locator("[data-action='flip']").wait_for()
    assert page.locator("[data-action='grab']").count() == 5
    assert out_of_view(page) == []
    page.keyboard.press("Space")  # after a move too
    page.locator("[data-part='fan0'][data-cards='1']").wait_for()
    assert out_of_view(page) == []
    sizes = control_sizes(page)
    if "has_touch" in VIEWS[size]:
        assert [s for s in sizes if s[1] < 44 or s[2] < 44] == []
    print(f"\n{size}: grab and flip controls (w x h px): {sorted(set((w, h) for _, w, h in sizes))}")
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWS[size]["viewport"]["width"]
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"itsmine-five-{size}.png"))
    assert watched.errors == [] and watched.foreign == []


@pytest.mark.parametrize("size", ["1024x768", "1366x768"])
def test_the_tally_stays_inside_the_hand_bar_whatever_your_favourites(site, devices, size):
    """A desktop, four players: the tally of hearts and cards keeps inside the hand bar
    beside the longest favourites' words (its counts ran past the bar's edge)."""
    page = devices.take(**VIEWS[size]).open(site.url + "#/itsmine")
    start_game(page, "itsmine", FIVE[:4], seed=5, names={0: "Ana"}, options={"#opt_first": "1"})
    page.locator("[data-hand-bar] .tally-row").first.wait_for()
    page.evaluate("""() => { const [flavour, shape] = document.querySelectorAll('[data-hand-bar] .fav b');
        flavour.textContent = 'Strawberry'; shape.textContent = 'Sandwich'; }""")
    assert page.evaluate(TALLY_OUT_OF_BAR) == []


def ana_flips(page) -> int:
    return sum(line.startswith("Ana flipped") for line in log_lines(page))


@pytest.mark.parametrize("size", ["390x844", "1366x768"])
def test_a_short_game_against_bots_holds_still(site, devices, size):
    """Ana flips on her turn, grabs the biggest pile now and then and once asks for an
    empty one (a refusal floats over the table); bots play on Fast, until all of that has
    happened over more than 20 moves. Layout shifts not caused by her own input (the
    browser's hadRecentInput) are summed."""
    watched = devices.take(**VIEWS[size])
    page = watched.open(site.url + "#/itsmine")
    start_game(page, "itsmine", FIVE, seed=9, names={0: "Ana"}, options={"#opt_first": "0"}, pace="Fast")
    page.locator("[data-action='flip']").click()  # her first flip (and focus off the bot-speed chip)
    page.locator("[data-part='fan0'][data-cards='1']").wait_for()  # (drawn: her pile is not empty)
    page.evaluate("scrollTo(0, 0); window.__shift = 0")
    refused = 0
    for step in range(60):
        lines = log_lines(page)
        seen = (refused and len(lines) > 20 and sum(line.startswith("Ana flipped") for line in lines) >= 3
                and any(line.startswith("Ana grabbed") for line in lines))  # all that is asked below
        if page.locator("[data-scores]").count() or len(lines) > 45 or seen:
            break
        before = len(log_lines(page))
        sizes = {i: int(page.locator(f"[data-part='fan{i}']").get_attribute("data-cards")) for i in range(1, 5)}
        best = max(sizes, key=sizes.get)
        if page.locator("[data-action='flip']:not([data-paused])").count():
            # Her flip is drawn (or refused: a call paused play) before she looks again:
            # her own pile then only ever empties, so the grab of it below is refused.
            flips = ana_flips(page)
            page.keyboard.press("Space")
            page.wait_for_function("n => document.querySelector('[data-notice]') || [...document.querySelectorAll('[data-log] li')]"
                                   ".filter(li => li.innerText.startsWith('Ana flipped')).length > n", arg=flips)
            continue
        elif sizes[best] >= 2 and step % 3 == 0:
            page.keyboard.press(str(best + 1))  # (a bot may have been quicker: then it is refused)
        elif not refused and not int(page.locator("[data-part='fan0']").get_attribute("data-cards")):
            # Her own pile is empty: the rules refuse, and say why; unless a bot took it
            # less than a tick before her key landed: then it is a tie, settled by
            # rock-paper-scissors in the log (she asks again later).
            ties = sum("at the same moment" in line for line in log_lines(page))
            page.keyboard.press("1")
            page.wait_for_function("n => document.querySelector('[data-notice]') || [...document.querySelectorAll('[data-log] li')]"
                                   ".filter(li => li.innerText.includes('at the same moment')).length > n", arg=ties)
            if page.locator("[data-notice]").count():
                assert page.locator("[data-notice]").inner_text().strip()
                refused += 1
            continue
        # Something happens, or after 8 s nothing has (a grab the bots won, or the countdown): look again.
        page.wait_for_function("([n, until]) => document.querySelectorAll('[data-log] li').length > n "
                               "|| document.querySelector('[data-scores]') || performance.now() > until",
                               arg=[before, page.evaluate("performance.now()") + 8_000])
    shift = page.evaluate("window.__shift")
    lines = log_lines(page)
    flips = sum(line.startswith("Ana flipped") for line in lines)
    grabs = sum(line.startswith("Ana grabbed") for line in lines)
    print(f"\nIt's Mine! {size}: CLS {shift:.4f} over {len(lines)} log lines "
          f"(Ana: {flips} flips, {grabs} grabs, {refused} refused)")
    assert flips >= 3 and grabs >= 1 and refused == 1 and len(lines) > 20
    assert shift <= 0.02
    assert watched.errors == []
