"""In a real browser: a saved game under an id this app does not write is opened and
removed (with Undo) from the home screen; a finished game removed to make room is
named on the play screen, and again after a reload until the player says they saw it."""

import json

import pytest
from conftest import BOOT_TIMEOUT_MS, start_game

from gelateria.core.game import get_game
from gelateria.core.record import Seat
from gelateria.core.session import Session
from gelateria.web.storage import NOTICES_KEY, SAVE_PREFIX, MemoryBackend, SaveStore

FINISHED = "gelati-5eed"


def seeded_storage() -> dict:
    """Ana's Gelatinous game in play, stored under the foreign id "good", and a finished
    game of Gelati between two bots: the entries exactly as the app writes them."""
    backend = MemoryBackend()
    store = SaveStore(backend, clock=lambda: 1_700_000_000)
    playing = Session(get_game("gelatinous"), [Seat("human", "Ana")], 3, None)
    for _ in range(2):
        playing.submit(0, playing.legal(0)[0])
    assert not playing.is_over()
    store.save("good", playing.record, over=False, summary="")
    gelati = get_game("gelati")
    done = Session(gelati, [Seat("bot", "Robo", "easy"), Seat("bot", "Zia", "easy")], 5, None).run()
    store.save(FINISHED, done.record, over=True, summary="", scores=list(gelati.scores(done.state)),
               winners=list(gelati.winners(done.state)))
    return backend.data


# Seeds storage once (not again on reload); and from when the test puts a number under
# sessionStorage "room", localStorage refuses any write that would hold more characters.
SEED_AND_QUOTA = """
if (!sessionStorage.getItem('seeded')) {
  sessionStorage.setItem('seeded', '1');
  for (const [key, value] of Object.entries(%s)) localStorage.setItem(key, value);
}
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  const room = sessionStorage.getItem('room');
  if (this === localStorage && room !== null) {
    let held = key.length + value.length;
    for (const k of Object.keys(localStorage)) if (k !== key) held += k.length + localStorage.getItem(k).length;
    if (held > Number(room)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  return setItem.call(this, key, value);
};
"""

HELD = "Object.keys(localStorage).reduce((n, k) => n + k.length + localStorage.getItem(k).length, 0)"


def stored(page, key: str):
    return page.evaluate("(key) => localStorage.getItem(key)", key)


def reload(page):
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)


@pytest.mark.fresh_profile  # the storage the app finds as it starts (and a quota kept over reloads)
def test_a_foreign_save_opens_and_is_removed_and_a_game_removed_for_room_is_said_until_seen(site, watched):
    watched.context.add_init_script(SEED_AND_QUOTA % json.dumps(seeded_storage()))
    page = watched.open(site.url)

    # The foreign id is listed, and opens.
    page.get_by_role("link", name="Continue: Gelatinous with Ana").click()
    page.wait_for_selector("[data-game='gelatinous'][data-phase='play']")
    assert "/gelatinous/play/good/" in page.url
    assert "no longer on this device" not in page.locator("#app").inner_text()

    # Removed from the home screen; Undo puts it back exactly; removed again, it is gone.
    page.goto(site.url + "#/")
    page.wait_for_selector("[data-screen='home'] [data-continue]")
    good = stored(page, SAVE_PREFIX + "good")
    page.get_by_role("button", name="Remove: Gelatinous with Ana").click()
    removed = page.locator("[data-removed='good']")
    assert removed.inner_text().startswith("Removed from this device: Gelatinous with Ana.")
    assert stored(page, SAVE_PREFIX + "good") is None
    undo = removed.get_by_role("button", name="Undo")
    assert undo.evaluate("button => button === document.activeElement")
    undo.click()
    page.get_by_role("link", name="Continue: Gelatinous with Ana").wait_for()
    assert stored(page, SAVE_PREFIX + "good") == good
    page.get_by_role("button", name="Remove: Gelatinous with Ana").click()
    removed.wait_for()
    reload(page)
    page.wait_for_selector("[data-screen='home'] [data-history]")
    assert page.locator("[data-continue]").count() == 0 and stored(page, SAVE_PREFIX + "good") is None

    # Storage is nearly full: a new game is kept by removing the finished one, which the
    # play screen names, and names again after a reload, until "Got it".
    page.evaluate(f"sessionStorage.setItem('room', String({HELD} + 40))")
    page.goto(site.url + "#/gelatinous")
    start_game(page, "gelatinous", ["human"], seed=5, names={0: "Bo"})
    said = "Storage was full, so the oldest finished game was removed to make room: Gelati with Robo and Zia."
    notice = page.locator("[data-game='gelatinous'] [data-removed-games]")
    notice.wait_for()
    assert said in notice.inner_text() and notice.is_visible()
    assert stored(page, SAVE_PREFIX + FINISHED) is None and stored(page, NOTICES_KEY) is not None
    assert page.locator("[data-save-trouble]").count() == 0  # the new game is saved
    reload(page)
    page.wait_for_selector("[data-game='gelatinous'][data-phase='play']")
    notice.wait_for()
    assert said in notice.inner_text()
    notice.get_by_role("button", name="Got it").click()
    assert notice.count() == 0 and stored(page, NOTICES_KEY) is None
    reload(page)
    page.wait_for_selector("[data-game='gelatinous'][data-phase='play']")
    assert page.locator("[data-removed-games]").count() == 0
    page.goto(site.url + "#/")
    page.wait_for_selector("[data-screen='home'] [data-continue]")
    assert page.locator("[data-removed-games]").count() == 0
    assert watched.errors == [] and watched.foreign == []
