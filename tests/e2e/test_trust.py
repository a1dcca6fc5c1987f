"""Nothing is ever lost and nothing breaks the box, in a real browser: links reloaded
before a move, storage that refuses writes, two tabs on one game, It's Mine! closed
right after a grab, replay links that keep secrets, a nesting bomb in storage."""

import re
from contextlib import contextmanager

from conftest import BOOT_TIMEOUT_MS, new_context, start_game

from test_links import log_lines, place_a_tile_and_wait_for_the_bot, start_gelati_against_a_bot, tiles_on_board


def ready(page):
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)


@contextmanager
def another_device(devices, url: str, shows: str, **context_args):
    """Another browser profile (another device: a warm one, reset) that opened `url` and shows `shows`."""
    page = devices.take(**context_args).open(url)
    ready(page)
    page.wait_for_selector(shows)
    yield page


def roll(page, rolls: int):
    """Gelatinous solitaire: roll and wait until the round counter has moved on."""
    for _ in range(rolls):
        board = page.locator("[data-board]")
        before = int(board.get_attribute("data-round"))
        page.get_by_role("button", name="Roll", exact=True).click()
        page.wait_for_selector(f"[data-board][data-round='{before + 1}'], [data-phase='over']")


def test_a_game_link_reloaded_before_any_move_is_the_same_game(site, watched, devices):
    page = watched.open(site.url + "#/gelati")
    start_gelati_against_a_bot(page, seed=31)
    place_a_tile_and_wait_for_the_bot(page)
    page.get_by_role("button", name="Share").click()
    page.get_by_role("button", name="Stop here and make the link").click()  # on to Ana's phone
    link = page.locator("input[data-link='take']").input_value()
    tiles = tiles_on_board(page)

    playing = "[data-game='gelati'][data-phase='play']"
    with another_device(devices, link, playing, viewport={"width": 390, "height": 844}) as other:
        assert "/gelati/play/" in other.url  # saved at once: the address names the save
        other.reload()  # what a phone does on its own when you switch apps
        ready(other)
        other.wait_for_selector(playing + " [data-hand-list]")
        assert tiles_on_board(other) == tiles
        assert "no longer on this device" not in other.locator("#app").inner_text()
        # The address bar is itself a link to this game: a third device opens it too, to watch.
        with another_device(devices, other.url, playing + " [data-watching]") as third:
            assert tiles_on_board(third) == tiles
    assert watched.errors == [] and watched.foreign == []


# The page's storage refuses every write from now on, as a full or locked-down one does
# (the app writes through the page: static/shell.js's store); and writes again after.
REFUSE_WRITES = """() => {
  window.__setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function () {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
}"""
ACCEPT_WRITES = "() => { Storage.prototype.setItem = window.__setItem; delete window.__setItem; }"


def test_storage_that_refuses_writes_is_said_on_the_play_screen_and_play_goes_on(site, devices):
    device = devices.take(viewport={"width": 390, "height": 844})
    page = device.open(site.url + "#/gelatinous")
    page.evaluate(REFUSE_WRITES)
    try:
        start_game(page, "gelatinous", ["human"], seed=5)
        notice = page.locator("[data-save-trouble]")
        notice.wait_for()
        assert "storage is full" in notice.inner_text() and notice.is_visible()
        assert notice.get_by_role("button", name="Download this game").is_visible()
        roll(page, 3)  # play goes on
        assert page.locator("[data-save-trouble]").count() == 1
        with page.expect_download() as download:
            notice.get_by_role("button", name="Download this game").click()
        text = open(download.value.path(), encoding="utf-8").read()
        assert '"g":"gelatinous"' in text and text.count('"roll"') == 3
        # The file opens again from the home screen, at the same position.
        page.goto(site.url + "#/")
        page.set_input_files("[data-import]", download.value.path())
        page.wait_for_selector("[data-game='gelatinous'][data-phase='play'] [data-board][data-round='3']")
        assert page.evaluate("Object.keys(localStorage).length") == 0  # nothing was ever written
    finally:
        page.evaluate(ACCEPT_WRITES)
    assert device.errors == [] and device.foreign == []


def test_two_pages_on_one_save_the_older_is_told_and_cannot_overwrite(site, devices):
    device = devices.take()
    first = device.open(site.url + "#/gelatinous")
    ready(first)
    start_game(first, "gelatinous", ["human"], seed=8)
    roll(first, 1)
    address = first.url

    second = device.context.new_page()
    second.goto(address)
    ready(second)
    second.wait_for_selector("[data-game='gelatinous'][data-phase='play']")
    roll(second, 2)
    second.wait_for_function("""() => Object.keys(localStorage).some(k => k.startsWith('gelateria.save.')
                                && JSON.parse(localStorage.getItem(k)).rev === 4)""")  # both rolls saved

    stale = first.locator("[data-stale]")
    stale.wait_for()  # told at once, by the storage event
    assert "another tab" in stale.inner_text()
    first.evaluate("document.querySelector('[data-action=\"roll\"]')?.click()")  # even a forced click
    saved = first.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('gelateria.save.'))
                              .map(k => JSON.parse(localStorage.getItem(k)))""")
    # Created, rolled once by the first page, twice by the second: nothing from the first since.
    assert [entry["rev"] for entry in saved] == [4]
    stale.get_by_role("button", name="Continue from the newest position").click()
    first.wait_for_selector("[data-board][data-round='3']")
    assert first.locator("[data-stale]").count() == 0


def test_its_mine_grab_then_immediate_reload_keeps_the_grab(site, watched):
    page = watched.open(site.url + "#/itsmine")
    start_game(page, "itsmine", ["human", "easy", "easy"], seed=77, names={0: "Ana"},
               options={"#opt_first": "0"}, pace="Slow")
    page.get_by_role("button", name=re.compile("^Flip")).click()
    page.locator("[data-part='fan0'][data-cards='1']").wait_for()
    # Bots' events reach storage by the throttled save (at most 1.5 s later); the
    # player's own grab is saved as soon as the app has it, so a reload the moment the
    # screen shows the grab keeps it.
    page.wait_for_function("""() => Object.keys(localStorage).some(k => k.startsWith('gelateria.save.')
                                      && JSON.parse(localStorage.getItem(k)).rev >= 2)""")
    page.locator("[data-action='grab'][data-pile='0']").click()  # (conftest waits for the app's answer)
    taken = page.locator("[data-part='head0']").get_attribute("data-taken")
    page.evaluate("location.reload()")
    watched.wait_ready()
    page.wait_for_selector("[data-game='itsmine'][data-phase='play']")
    assert any(line.startswith("Ana grabbed") for line in log_lines(page))
    assert page.locator("[data-part='head0']").get_attribute("data-taken") == taken and int(taken) > 0
    assert watched.errors == []


def test_a_replay_link_never_shows_a_hidden_hand(site, watched, devices):
    page = watched.open(site.url + "#/gelati")
    start_gelati_against_a_bot(page, seed=41)
    place_a_tile_and_wait_for_the_bot(page)
    assert page.locator("[data-hand-list] [data-hand]").count() > 0  # Ana sees her own tiles
    page.get_by_role("button", name="Share").click()
    link = page.locator("input[data-link='replay']").input_value()

    with another_device(devices, link, "[data-game='gelati'][data-phase='replay']") as other:
        for step in ("First move", "Next move", "Last move"):
            other.get_by_role("button", name=step).click()
            assert other.locator("[data-hand], [data-orders], [data-order]").count() == 0
        assert other.get_by_role("button", name="Back to the game").count() == 0
        other.get_by_role("link", name=re.compile("Start your own game")).wait_for()
        assert other.evaluate("Object.keys(localStorage).filter(k => k.startsWith('gelateria.save.')).length") == 0


def test_a_nesting_bomb_in_storage_is_set_aside_and_the_app_starts(site, browser):
    context = new_context(browser)
    context.add_init_script("""
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          const bomb = '['.repeat(100000) + ']'.repeat(100000);
          localStorage.setItem('gelateria.save.bomb', bomb);
          localStorage.setItem('gelateria.save.bomb2', JSON.stringify({v: 1, link: bomb}));
          localStorage.setItem('gelateria.prefs', '{"pace": ' + bomb + '}');
        }
    """)
    errors = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site.url)
        ready(page)
        notices = page.locator(".home-notice").all_inner_texts()
        assert len(notices) == 1 and "2 saved games could not be opened" in notices[0] and "set aside" in notices[0]
        assert page.locator("[data-card]").count() == 4
        assert page.evaluate("localStorage.getItem('gelateria.unreadable.bomb').length") == 200_000
        # And a bomb in a link: a message, not a dead page.
        bomb_link = page.evaluate("""async () => {
            const text = '{"g":"gelati","v":1,"s":' + '['.repeat(20000) + ']'.repeat(20000) + ',"seed":1}';
            const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
            const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
            let bin = ''; bytes.forEach(b => bin += String.fromCharCode(b));
            return '1' + btoa(bin).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
        }""")
        page.goto(site.url + "#/gelati/game/" + bomb_link)
        page.wait_for_selector("[data-game='gelati'] [data-notice]")
        assert "could not be opened" in page.locator("[data-notice]").inner_text()
        assert errors == []
    finally:
        context.close()
