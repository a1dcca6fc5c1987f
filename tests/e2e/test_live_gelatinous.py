"""Issue 34, in real browsers: Gelatinous pass-the-dice across three phones over WebRTC on
loopback. Ana's phone hosts; Bo's and Chiara's phones each roll their own dice with their
own Roll button. The host rolls the round once everyone has tapped, or when the countdown
the first tap started runs out, for a phone that is away too."""

from __future__ import annotations

import pytest

from conftest import SIZES
from gelateria.core.live import ROLL_CALL_MS
from gelateria.core.session import Session
from test_live_phones import join, saved_record

pytestmark = pytest.mark.slow  # (a long file: it starts first, see conftest.py)
PHONE = SIZES["phone"]
ROLL = "[data-action='roll']:not([aria-disabled='true'])"


# The first round this page shows rolling (its dice animated), kept in window.__rolling.
SEEN_ROLLING = """() => {
  window.__rolling = null;
  new MutationObserver(() => {
    const board = document.querySelector(".gel-board[data-animating='1']");
    if (board && window.__rolling === null) window.__rolling = board.dataset.round;
  }).observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true});
}"""


def rounds_on(page) -> int:
    return int(page.locator(".gel-board").get_attribute("data-round"))


def roll_everyone(phones: list, after: int) -> None:
    """Each of these phones that has dice to roll taps Roll; every one of them then shows
    the next round (a phone with none waits for the others)."""
    for page in phones:
        if page.locator(ROLL).count():
            page.locator(ROLL).click()
    for page in phones:
        page.wait_for_function("r => +document.querySelector('.gel-board').dataset.round > r", arg=after)


def test_a_whole_gelatinous_game_across_three_phones_and_the_countdown_rolls_for_a_phone_that_left(devices, site):
    host_device, bo, chiara = devices.take(**PHONE), devices.take(**PHONE), devices.take(**PHONE)
    host = host_device.open(site.url + "#/gelatinous")
    host.locator("[data-action='mode'][data-mode='multi']").click()
    host.wait_for_selector("select[name='seat2_kind']")
    for seat, name in enumerate(["Ana", "Bo", "Chiara"]):
        host.fill(f"#seat{seat}_name", name)
    host.select_option("select[name='seat1_kind']", "phone")  # the new-game panel offers other phones for dice
    host.select_option("select[name='seat2_kind']", "phone")
    host.fill("#seed", "1")  # (six rounds: the first, one without Bo's phone, four with a bot in his seat)
    host.get_by_role("button", name="Start game").click()
    for seat, guest in ((1, bo), (2, chiara)):
        reply = join(guest, host.locator(f"#invite-{seat}").get_attribute("data-invite"))
        host.get_by_role("textbox", name="reply").fill(reply)
        host.get_by_role("button", name="Take reply").click()
        host.wait_for_selector(f"[data-lobby-seat='{seat}'] [data-seat-state='open']")
    host.locator("[data-action='lobby-start']").click()
    pages = [host, bo.page, chiara.page]
    for page in pages:
        page.wait_for_selector("[data-game='gelatinous'][data-phase='play'] .roll-call")

    # Round 1: Bo taps first. Every phone sees that he has rolled, and the countdown starts on each.
    bo.page.locator(ROLL).click()
    for page in pages:
        page.wait_for_selector(".mat[data-seat='1'] [data-called='rolled']")
        page.wait_for_selector(".roll-bar[data-countdown]")
    assert bo.page.locator("[data-action='roll']").get_attribute("aria-disabled") == "true"  # once per round
    assert "the game rolls for them in" in bo.page.locator(".round-info").text_content()
    assert rounds_on(host) == 0  # the round waits for Ana and Chiara
    bo.page.evaluate(SEEN_ROLLING)
    roll_everyone([chiara.page, host], 0)
    for page in pages:
        page.wait_for_selector(".gel-board[data-round='1']")
    assert bo.page.evaluate("window.__rolling") == "1"  # the dice rolled and travelled on his phone too

    # Bo's phone leaves. Ana and Chiara roll; the countdown rolls for Bo when it runs out.
    bo.open(site.url + "#/")
    host.wait_for_selector("[data-away='1']")
    host.locator(ROLL).click()
    chiara.page.locator(ROLL).click()
    chiara.page.wait_for_function("() => /Waiting for Bo: the game rolls for them in \\d+ seconds?/"
                                  ".test(document.querySelector('.round-info').textContent)")
    assert rounds_on(host) == 1
    host.wait_for_selector(".gel-board[data-round='2']", timeout=ROLL_CALL_MS + 5000)
    chiara.page.wait_for_selector(".gel-board[data-round='2']")

    # A bot keeps Bo's seat going (it has rolled as soon as each round opens); the two play on to the end.
    host.locator("[data-action='away-show'][data-show='true']").click()
    host.locator("[data-action='stand-in'][data-seat='1']").click()
    host.wait_for_selector(".mat[data-seat='1'] [data-called='rolled']")
    playing = [host, chiara.page]
    while not host.locator("[data-phase='over']").count():
        roll_everyone(playing, rounds_on(host))
    for page in playing:
        page.wait_for_selector("[data-end]")  # (once the last roll has played out)

    host.evaluate("dispatchEvent(new Event('pagehide'))")  # (the host saves at once, as a closing page does)
    host.wait_for_function("() => window.gelateriaShell.idle()")
    record = saved_record(host, "gelatinous")
    session = Session.from_record(record)
    assert session.is_over() and all(seat == 0 for seat, _move in record.moves)  # the caller's rolls, as the rules have it
    bo_then = [Session.from_record(record, moves).view(None)["players"][1] for moves in (1, 2)]
    assert bo_then[1]["tally"] == 2 or not bo_then[0]["hand"]  # Bo's dice were rolled in the round he was away
    winners = sorted(session.game.winners(session.state))
    for page in (host, chiara.page):  # the same end on both phones
        assert page.locator("[data-end] .end-lines li").count() == 3
        assert sorted(int(seat) for seat in page.locator("[data-end] .end-lines li.winner").evaluate_all(
            "lines => lines.map(line => line.dataset.seat)")) == winners
