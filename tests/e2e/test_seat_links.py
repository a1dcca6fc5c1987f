"""Issue 30, in real browsers: two browser contexts are two devices. Every link the app
offers, at every phase, opened on the other device shows none of the sender's secrets
(in the visible text or in accessible names), offers no button that acts for a seat the
device does not hold, and a move forged for the sender's seat is refused with a message
while the sender's save stays as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import BOOT_TIMEOUT_MS, SIZES, start_game
from gelateria.core.game import get_game
from gelateria.core.record import Seat, decode, encode
from gelateria.core.session import Session, play
from gelateria.games.gelati.rules import order_text, tile_text

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE, DESKTOP = SIZES["phone"], SIZES["desktop"]
ACTS = "[data-action='take-device'], [data-action='select-tile'], [data-action='place'], [data-action='end-turn'], " \
       "[data-action='flip'], [data-action='grab'], [data-hold='peek'], [data-spot]"


class Device:
    """A browser profile (a warm device): its own storage, so its own device id."""

    def __init__(self, devices, size: dict):
        self.device = devices.take(**size, permissions=["clipboard-read", "clipboard-write"])
        self.page = self.device.page
        self.errors: list[str] = []
        self.page.on("pageerror", self._heard)
        self.opened = 0

    def _heard(self, error):
        self.errors.append(str(error))

    def open(self, url: str, shows: str = "[data-game]"):
        """Open `url` as a link tapped in a chat: the app in this device's page goes there."""
        self.device.open(url)
        self.page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
        self.page.wait_for_selector(shows)
        self.opened += 1
        return self.page

    def device_id(self) -> str:
        return json.loads(self.page.evaluate("localStorage.getItem('gelateria.prefs')"))["device"]

    def saved(self, save_id: str):
        """This device's save of that id, as a record."""
        entry = self.page.evaluate(f"localStorage.getItem('gelateria.save.{save_id}')")
        return decode(json.loads(entry)["link"])

    def close(self):
        self.page.remove_listener("pageerror", self._heard)


def words(page) -> str:
    """Everything a person reads or hears on the page: its text and its accessible names."""
    return page.locator("body").inner_text() + "\n" + page.locator("body").aria_snapshot()


def state_of(link: str):
    return Session.from_record(decode(link.rsplit("/", 1)[-1])).state


def gelati_secrets(state, seat: int) -> list[str]:
    """`seat`'s hand tiles and orders, in the words the page would use."""
    return [tile_text(t) for t in state.hands[seat]] + [f"Order: {order_text(o)}" for o in state.orders[seat]]


def assert_gelati_keeps(page, state, seat: int, mine: int | None) -> None:
    """`seat`'s secrets are nowhere on `page`, which plays `mine` (or watches)."""
    text = words(page)
    if mine is not None:  # the device's own orders may name a tile that is in the other hand
        for order in state.orders[mine]:
            text = text.replace(f"Order: {order_text(order)}", "")
    shown = [secret for secret in gelati_secrets(state, seat) if secret in text]
    assert shown == [], f"{seat}'s secrets on the page: {shown}"
    hand = set(page.locator("[data-hand]").evaluate_all("els => els.map(e => +e.dataset.hand)"))
    assert hand <= set(state.hands[mine] if mine is not None else []), hand
    assert page.get_by_role("button", name=re.compile(r"I'm Ana")).count() == 0 or seat != 0


def links_on(page) -> dict[str, str]:
    """Every link the page offers in a field (share panel, waiting bar), by kind, and the address."""
    found = {"address": page.url}
    for field in page.locator("input[data-link]").all():
        found[field.get_attribute("data-link")] = field.input_value()
    return found


def open_share(page) -> None:
    if page.locator("[data-share]").count() == 0:
        more = page.get_by_role("button", name="More")
        if more.is_visible():
            more.click()
        page.get_by_role("button", name="Share").click()
    page.wait_for_selector("[data-share]")


def place_and_end(page) -> None:
    """The acting player places a fitting tile on a lit space, confirms, and ends the turn."""
    moves = page.locator("[data-log] li").count()
    page.locator("[data-hand-list] button[data-hand]:not([aria-label*='fits nowhere'])").first.click()
    page.locator("[data-spot]").first.click()
    page.locator("[data-confirm] [data-action='place']").click()
    page.wait_for_function("n => document.querySelectorAll('[data-log] li').length > n", arg=moves)
    while page.locator("[data-action='discard']").count():
        page.locator("[data-action='discard']").first.click()
    if page.locator("[data-action='end-turn']").count():
        page.locator("[data-action='end-turn']").click()


def test_gelati_by_link_between_two_devices_shows_no_one_elses_secrets_and_refuses_a_forged_move(site, devices):
    ana, bo, cy = Device(devices, DESKTOP), Device(devices, DESKTOP), Device(devices, PHONE)
    checked = 0
    try:
        page = ana.open(site.url + "#/gelati")
        start_game(page, "gelati", ["human", "human"], seed=21, names={0: "Ana", 1: "Bo"})
        page.get_by_role("button", name="I'm Ana: show my turn").click()
        place_and_end(page)
        handover = page.locator("[data-handover='1']")
        assert "whole deal" in handover.inner_text()
        handover.get_by_role("button", name="Copy Bo's link").click()
        copied = page.evaluate("navigator.clipboard.readText()")
        page.wait_for_selector("[data-waiting='1']")
        assert page.get_by_role("button", name=re.compile("I'm Bo")).count() == 0
        open_share(page)
        assert "whole deal" in page.locator("[data-share]").inner_text()
        offered = links_on(page) | {"hand-over": copied}
        assert set(offered) == {"address", "game", "deal", "replay", "hand-over"}
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "seats-gelati-ana-waiting.png"))
        state = state_of(offered["game"])

        # Every one of them on Cy's device (a friend with no seat yet) and on Bo's.
        for kind, link in offered.items():
            shown = cy.open(link, "[data-chooser], [data-phase='setup'], [data-phase='replay'], [data-watching]")
            if shown.locator("[data-chooser]").count():
                assert "Ana plays on another device" in shown.locator("[data-chooser]").inner_text()
                assert shown.get_by_role("button", name="I'm Ana").count() == 0
            assert_gelati_keeps(shown, state, 0, None)
            assert_gelati_keeps(shown, state, 1, None)
            assert shown.locator(ACTS).count() == 0
            checked += 1
        page_bo = bo.open(copied, "[data-chooser]")
        page_bo.screenshot(path=str(SHOTS / "seats-gelati-bo-chooser.png"))
        page_bo.get_by_role("button", name="I'm Bo").click()
        page_bo.wait_for_selector("[data-hand-list]")
        assert_gelati_keeps(page_bo, state, 0, 1)
        checked += 1
        for kind, link in offered.items():
            shown = bo.open(link, "[data-game]")
            assert_gelati_keeps(shown, state, 0, 1 if shown.locator("[data-hand-list]").count() else None)
            checked += 1

        # Bo plays on his phone; his device waits for Ana and never offers her turn.
        page_bo = bo.open(copied, "[data-hand-list]")
        place_and_end(page_bo)
        page_bo.wait_for_selector("[data-waiting='0']")
        page_bo.screenshot(path=str(SHOTS / "seats-gelati-bo-waiting.png"))
        assert page_bo.get_by_role("button", name=re.compile("I'm Ana")).count() == 0
        assert page_bo.locator(ACTS).count() == 0
        back = links_on(page_bo)
        state = state_of(back["address"])
        for kind, link in back.items():  # Bo's links, back on Ana's device: his secrets stay his
            shown = ana.open(link, "[data-game]")
            mine = 0 if shown.locator("[data-hand-list]").count() else None
            assert_gelati_keeps(shown, state, 1, mine)
            checked += 1
        page = ana.open(back["address"], "[data-hand-list]")
        save_id = page.url.split("/play/")[1].split("/")[0]
        before = ana.saved(save_id)
        assert len(before.moves) == len(decode(back["game"].rsplit("/", 1)[-1]).moves)  # Bo's moves arrived

        # Bo forges a move for Ana: refused on her device, whichever way it comes.
        session = Session.from_record(before)
        forged = before.with_moves(before.moves + [[0, session.legal(0)[0]]])
        for url in (f"{site.url}#/gelati/game/{encode(forged)}", f"{site.url}#/gelati/play/{save_id}/{encode(forged)}"):
            shown = ana.open(url, "[data-notice]")
            assert "was not taken" in shown.locator("[data-notice]").inner_text()
            assert ana.saved(save_id) == before
            checked += 1

        # The end: a finished game between these two devices, its links at the end screen.
        ended = play(get_game("gelati"), ["easy", "easy"], 5).record
        ended.seats[:] = [Seat("human", "Ana"), Seat("human", "Bo")]
        ended.holders[:] = [ana.device_id(), bo.device_id()]
        page = ana.open(f"{site.url}#/gelati/game/{encode(ended)}", "[data-end]")
        page.get_by_role("button", name="Look at the board").click()
        open_share(page)
        final = Session.from_record(ended).state
        for kind, link in links_on(page).items():
            for other, mine in ((bo, 1), (cy, None)):
                shown = other.open(link, "[data-game]")
                assert_gelati_keeps(shown, final, 0, mine if shown.locator("[data-hand-list], [data-end]").count() else None)
                checked += 1
        assert ana.errors == bo.errors == cy.errors == []
        assert checked == 23  # links × phases × devices opened, each checked
    finally:
        for device in (ana, bo, cy):
            device.close()


def assert_no_favourites(page) -> None:
    """No favourite of anyone on `page`, no Peek, and nothing to press for a seat."""
    assert page.locator("[data-favourites], [data-hold='peek']").count() == 0
    assert "Your favourites" not in words(page)
    assert page.locator(ACTS).count() == 0


def test_its_mine_links_never_seat_another_device_and_show_no_favourite(site, devices):
    ana, bo = Device(devices, DESKTOP), Device(devices, PHONE)
    try:
        for seats_, names in ((["human", "normal", "normal"], {0: "Ana"}),
                              (["human", "human", "normal"], {0: "Ana", 1: "Bo"})):
            page = ana.open(site.url + "#/itsmine")
            start_game(page, "itsmine", seats_, names=names, options={"#opt_first": "2"})
            page.wait_for_function("document.querySelectorAll('[data-log] li').length > 1", timeout=60_000)
            open_share(page)
            panel = page.locator("[data-share]").inner_text()
            assert "whole deal" in panel and "send the new link" not in page.locator("body").inner_text()
            offered = links_on(page)
            assert set(offered) == {"address", "deal"}  # no "this game", and no replay until it is over
            for kind, link in offered.items():
                shown = bo.open(link, "[data-phase]")
                assert_no_favourites(shown)
                if kind == "address":
                    shown.wait_for_selector("[data-watching]")
                    assert shown.locator("[data-chooser]").count() == 0  # Ana's device plays every seat
            assert bo.page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('gelateria.save.')).length") == 0

        # Ana moves the game (one human) to another device of hers: it stops here, goes on there.
        page = ana.open(site.url + "#/itsmine")
        start_game(page, "itsmine", ["human", "normal", "normal"], names={0: "Ana"})
        open_share(page)
        page.get_by_role("button", name="Stop here and make the link").click()
        page.wait_for_selector("[data-watching]")
        take = page.locator("input[data-link='take']").input_value()
        assert page.locator("[data-favourites]").count() == 0
        other = bo.open(take, "[data-favourites='0']")
        assert "moved here" in other.locator("[data-notice]").inner_text()
        SHOTS.mkdir(exist_ok=True)
        other.screenshot(path=str(SHOTS / "seats-itsmine-moved.png"))

        # The end: a finished game of Ana's, and the links its end offers.
        ended = play(get_game("itsmine"), ["normal", "normal", "normal"], 9).record
        ended.seats[0] = Seat("human", "Ana")
        ended.holders[:] = [ana.device_id(), "", ""]
        page = ana.open(f"{site.url}#/itsmine/game/{encode(ended)}", "[data-end]")
        page.get_by_role("button", name="Look at the board").click()
        open_share(page)
        offered = links_on(page)
        assert set(offered) == {"address", "deal", "replay"}
        for kind, link in offered.items():
            shown = bo.open(link, "[data-phase]")
            assert shown.locator("[data-favourites], [data-hold='peek']").count() == 0
            assert shown.locator(ACTS).count() == 0
        assert ana.errors == bo.errors == []
    finally:
        ana.close()
        bo.close()
