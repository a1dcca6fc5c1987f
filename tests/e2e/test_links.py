"""Links, autosave, undo and replay in a real browser (issue: share a link, pick up
where you left off), and bad input that must leave the app running."""

from pathlib import Path
from conftest import SIZES, new_context, start_game, take_seat

SHOTS = Path(__file__).resolve().parents[2] / "test-results"


def log_lines(page) -> list[str]:
    return page.locator("[data-log] li").all_inner_texts()


def tiles_on_board(page) -> int:
    return page.locator("[data-board] g.gl-tiles use").count()


def start_gelati_against_a_bot(page, seed: int = 7):
    start_game(page, "gelati", ["human", "normal"], seed=seed, names={0: "Ana"}, pace="Fast")


def place_a_tile_and_wait_for_the_bot(page):
    """Ana places her first hand tile on the first lit space; then the bot's turn ends
    and it is Ana's turn again."""
    tiles = tiles_on_board(page)
    page.locator("[data-hand-list] button[data-hand]").first.click()
    page.locator("[data-spot]").first.click()
    page.locator("[data-confirm] [data-action='place']").click()
    page.wait_for_function(f"document.querySelectorAll('[data-board] g.gl-tiles use').length >= {tiles + 2}")
    end = page.locator("[data-action='end-turn']")
    if end.count():  # parts to trade or orders to complete first? end the turn as it is
        end.click()
    page.wait_for_function("[...document.querySelectorAll('[data-log] li')].some(li => li.textContent.startsWith('Bo '))")
    page.wait_for_selector("[data-turn='0']")


def test_autosave_reload_undo_and_replay(site, watched):
    page = watched.open(site.url + "#/gelati")
    start_gelati_against_a_bot(page)
    start_tiles = tiles_on_board(page)
    place_a_tile_and_wait_for_the_bot(page)
    assert "/gelati/play/" in page.url  # the address names the saved game and carries it

    # Undo against a bot: my move and the bot's reply go, it is my turn again.
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function(f"document.querySelectorAll('[data-board] g.gl-tiles use').length === {start_tiles}")
    assert page.locator("[data-notice]").inner_text().startswith("Undone")
    assert page.locator("[data-turn]").inner_text() == "Your turn"

    place_a_tile_and_wait_for_the_bot(page)
    board_before, log_before = tiles_on_board(page), log_lines(page)
    score_before = page.locator("[data-score='0']").inner_text()

    # Reloading the tab comes back to exactly this position.
    page.reload()
    watched.wait_ready()
    page.wait_for_selector("[data-game='gelati'][data-phase='play']")
    assert tiles_on_board(page) == board_before
    assert log_lines(page) == log_before
    assert page.locator("[data-score='0']").inner_text() == score_before

    # The home screen offers to continue it.
    page.goto(site.url + "#/")
    page.locator("[data-continue] a").first.wait_for()
    assert "Gelati" in page.locator("[data-continue] a").first.inner_text()
    page.locator("[data-continue] a").first.click()
    page.wait_for_selector("[data-game='gelati'][data-phase='play']")

    # Replay: step with buttons and arrow keys, jump to a move from the log.
    page.get_by_role("button", name="Replay", exact=True).click()
    controls = page.locator("[data-replay]")
    controls.wait_for()
    assert controls.get_attribute("data-replay") == "0"
    assert tiles_on_board(page) == start_tiles
    page.get_by_role("button", name="Next move").click()
    assert page.locator("[data-replay]").get_attribute("data-replay") == "1"
    page.keyboard.press("ArrowRight")
    assert page.locator("[data-replay]").get_attribute("data-replay") == "2"
    page.keyboard.press("ArrowLeft")
    assert page.locator("[data-replay]").get_attribute("data-replay") == "1"
    page.locator("[data-log] .log-jump").nth(2).click()
    assert page.locator("[data-replay]").get_attribute("data-replay") == "3"
    page.keyboard.press("End")
    assert tiles_on_board(page) == board_before
    page.get_by_role("button", name="Back to the game").click()
    page.wait_for_selector("[data-game='gelati'][data-phase='play']")
    assert watched.errors == [] and watched.foreign == []


def test_a_game_link_opens_elsewhere_to_watch_and_moves_to_another_device_of_mine(site, watched, devices):
    page = watched.open(site.url + "#/gelati")
    start_gelati_against_a_bot(page, seed=21)
    place_a_tile_and_wait_for_the_bot(page)
    page.get_by_role("button", name="Share").click()
    panel = page.locator("[data-share]")
    assert "hidden tiles" in panel.inner_text()
    link = page.locator("input[data-link='game']").input_value()
    assert "#/gelati/game/" in link and len(link) < 2000
    page.locator("[data-share] [data-action='copy-link'][data-kind='game']").click()
    assert page.get_by_role("button", name="Undo").is_disabled()  # shared moves are settled
    tiles, score = tiles_on_board(page), page.locator("[data-score='0']").inner_text()

    # A friend opens it on another device (a fresh browser profile): Ana's seat is hers, so they watch.
    friend = devices.take(viewport={"width": 1280, "height": 860})
    other = friend.open(link)
    other.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
    other.wait_for_selector("[data-game='gelati'][data-phase='play'] [data-watching]")
    assert tiles_on_board(other) == tiles
    assert other.locator("[data-score='0']").inner_text() == score
    assert other.locator("[data-hand-list], [data-chooser]").count() == 0

    # Ana moves the game to that device of hers: it stops here and goes on there.
    page.get_by_role("button", name="Stop here and make the link").click()
    page.wait_for_selector("[data-watching]")
    other.goto(page.locator("input[data-link='take']").input_value())
    other.wait_for_selector("[data-hand-list] button[data-hand]")
    place_a_tile_and_wait_for_the_bot(other)
    assert tiles_on_board(other) >= tiles + 2
    SHOTS.mkdir(exist_ok=True)
    other.screenshot(path=str(SHOTS / "gelati-from-link.png"))


def test_bad_input_gets_a_message_and_the_app_keeps_running(site, browser):
    context = new_context(browser)
    # Corrupt and foreign data already in storage before the app starts.
    context.add_init_script("""
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('gelateria.save.broken', '{not json');
          localStorage.setItem('gelateria.save.future', JSON.stringify({v: 99, link: '9xyz'}));
          localStorage.setItem('gelateria.prefs', '[1,2');
        }
    """)
    errors, dialogs = [], []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(site.url)
        page.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
        notices = page.locator(".home-notice").all_inner_texts()
        assert any("set aside" in n for n in notices) and any("newer version" in n for n in notices)
        assert page.locator("[data-card]").count() == 4
        assert page.evaluate("localStorage.getItem('gelateria.unreadable.broken')") == "{not json"

        # Broken, truncated and wrong-game links: a clear message, the game screen works.
        page.goto(site.url + "#/gelati/game/1AAAA-garbage")
        page.wait_for_selector("[data-notice]")
        assert "could not be opened" in page.locator("[data-notice]").inner_text()
        page.goto(site.url + "#/gelatinous/game/" + "1" + "x" * 70_000)
        page.wait_for_selector("[data-game='gelatinous'] [data-notice]")
        assert "too long" in page.locator("[data-notice]").inner_text()

        # A name with markup is shown as typed and never runs.
        page.goto(site.url + "#/gelatinous")
        page.wait_for_selector("[data-game='gelatinous'][data-phase='setup']")
        page.fill("#seat0_name", "<img src=x onerror=alert(1)>")
        page.press("#seat0_name", "Enter")  # Enter in a field starts the game too
        page.wait_for_selector("[data-game='gelatinous'][data-phase='play']")
        assert "<img src=x onerror=alert(1)>" in page.locator("#app").inner_text()
        assert page.locator("#app img[src='x']").count() == 0
        assert dialogs == [] and errors == []
    finally:
        context.close()


def test_a_link_followed_as_the_game_moves_its_address_is_where_the_player_goes(site, watched):
    """The table keeps the address bar on its save (set-path: no route). One that was on
    its way from the worker as the player followed a link home does not take them back."""
    page = watched.open(site.url + "#/gelatinous")
    start_game(page, "gelatinous", ["human"], seed=3)
    page.wait_for_function("location.hash.startsWith('#/gelatinous/play/')")
    page.evaluate("""() => {
        const was = location.hash.slice(1);
        location.hash = "#/";  // the player follows a link home; as the page dispatches it,
        // the worker's message from just before (the game's address, one move on) arrives
        document.querySelector("script[type='py'][worker]").xworker.onmessage(
            {data: JSON.stringify({do: "set-path", path: was + "-1", was})});
    }""")
    page.wait_for_selector("[data-screen='home']")
    assert page.evaluate("location.hash") == "#/"
    assert watched.errors == []


def test_a_link_opened_on_a_laptop_shows_the_whole_board_and_its_tools_under_its_notice(site, devices):
    """A friend's Gelati or Genial link on a 1366x768 laptop: "You play as Ana on this
    device." sits above the board, and the board gives up its room, so the board and its
    zoom buttons are on the first screen; closing the notice gives the room back."""
    from test_gelati import midgame_link
    from test_genial import game_link

    laptop = devices.take(**SIZES["desktop"])
    page = laptop.page
    height = SIZES["desktop"]["viewport"]["height"]
    for route, frame, tools in (("#/gelati/game/" + midgame_link(), ".gl-board-frame", "[data-action='fit']"),
                                ("#/genial/game/" + game_link(2, 7, 10)[0], ".gs-board-frame", ".gs-board-tools")):
        laptop.open(site.url + route)
        take_seat(page, 0)
        page.wait_for_selector("[data-notice='news']")
        bottom = lambda selector: page.locator(selector).first.evaluate("e => e.getBoundingClientRect().bottom")
        assert bottom(frame) <= height and bottom(tools) <= height, (route[:12], bottom(frame), bottom(tools))
        board = page.locator(frame).first.evaluate("e => e.getBoundingClientRect().height")
        page.locator("[data-action='news-close']").click()
        page.wait_for_selector("[data-notice='news']", state="detached")
        assert bottom(frame) <= height and page.locator(frame).first.evaluate("e => e.getBoundingClientRect().height") >= board
