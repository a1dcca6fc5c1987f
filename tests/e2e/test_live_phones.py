"""Issue 33, in real browsers: a live table between three phones over WebRTC on loopback
(no server, no ICE servers: the phones' own .local candidates). The host opens a Gelati
table with seats for two other phones; each guest opens its invitation link and shows its
reply; the host takes Bo's reply by pasting its link and Chiara's by scanning its QR code
with the camera (a camera that films the code on Chiara's screen); both are seated, and
the host starts."""

from __future__ import annotations

import json

import urllib.error
import urllib.request

import pytest

from conftest import SIZES, Site, new_context
from gelateria.core.facts import plain
from gelateria.core.record import decode
from gelateria.core.session import Session
from gelateria.games.gelati.rules import GAME
from gelati_turns import open_live_table, play_a_turn, play_turns, turn_on_host

pytestmark = pytest.mark.slow  # (a long file: it starts first, see conftest.py)
PHONE = SIZES["phone"]

# What a guest's page hears from the host, kept: each frame the data channel delivered
# (static/live.js hands them to the shell as live-frame events).
KEEP_FRAMES = """() => {
  window.__frames = [];
  const shell = window.gelateriaShell, send = shell.send;
  shell.send = (message) => { if (message.on === 'live-frame') window.__frames.push(message.text); return send(message); };
}"""


def facts_sent(page) -> list[dict]:
    """The Facts messages a guest's page received (whole ones: a message in parts is left out)."""
    frames = [json.loads(text) for text in page.evaluate("window.__frames")]
    return [frame["b"] for frame in frames if frame.get("k") == "facts" and "b" in frame]


def saved_record(page, game: str = "gelati"):
    """The game the host's phone saved (its only copy of the game: the one authority)."""
    saves = page.evaluate("""game => Object.keys(localStorage).filter(k => k.startsWith(`gelateria.save.${game}-`))
                                 .map(k => JSON.parse(localStorage.getItem(k)).link)""", game)
    assert len(saves) == 1
    return decode(saves[0])


# The host's camera, filming an image of a QR code: a canvas repainted a few times a
# second, as a camera keeps sending frames (what getUserMedia gives the app's scanner).
CAMERA_FILMING = """svg => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 480;
  const context = canvas.getContext('2d');
  const image = new Image();
  const file = svg.includes('xmlns=') ? svg : svg.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"');
  image.src = URL.createObjectURL(new Blob([file], {type: 'image/svg+xml'}));
  setInterval(() => {
    context.fillStyle = '#888';
    context.fillRect(0, 0, 480, 480);
    if (image.complete) context.drawImage(image, 60, 60, 360, 360);
  }, 100);
  navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(10);
}"""


# An SVG QR code rasterised in the page and read by the decoder the app ships (jsQR).
DECODE = """async (svg) => {
  if (!window.jsQR) await new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = './static/vendor/jsqr/jsQR.js';
    script.onload = resolve; script.onerror = reject;
    document.head.appendChild(script);
  });
  const file = svg.includes('xmlns=') ? svg : svg.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"');
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([file], {type: 'image/svg+xml'}));
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 400;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, 400, 400);
  const pixels = context.getImageData(0, 0, 400, 400);
  const code = window.jsQR(pixels.data, 400, 400);
  return code ? code.data : null;
}"""


def join(guest_device, link: str):
    """A guest opens its invitation: its reply link, once its phone has made it."""
    page = guest_device.page
    guest_device.open(link)
    reply = page.locator("[data-reply]")
    reply.wait_for()
    page.wait_for_selector("[data-qr] svg path")  # the reply drawn as a QR code
    return reply.get_attribute("data-reply")


# A hostile phone: the page's data channels, kept with the frames the app sent on them,
# so the test can send raw frames as a tampered phone would (installed before it connects).
CATCH_CHANNELS = """() => {
  window.__channels = [];
  window.__sent = [];
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args), send = channel.send.bind(channel);
    channel.send = (text) => { window.__sent.push(text); return send(text); };
    window.__channels.push(channel);
    return channel;
  };
}"""
SEND_RAW = "frames => { const channel = window.__channels.at(-1); for (const frame of frames) channel.send(frame); }"


def next_number(page) -> int:
    """The number the app's next message on its channel would carry (core/wire.py)."""
    return 1 + max(json.loads(text).get("n", 0) for text in page.evaluate("window.__sent"))


def invited(host_device, guest_device, site, game: str) -> str:
    """The host opens a `game` table with Bo's seat for another phone; the guest opens its
    invitation: the reply link its phone shows."""
    host = host_device.page
    host_device.open(site.url + f"#/{game}")
    host.select_option("select[name='seat1_kind']", "phone")
    host.get_by_role("button", name="Start game").click()
    return join(guest_device, host.locator("[data-invite]").get_attribute("data-invite"))


def more(host, open: bool) -> None:
    """The host opens (or closes) the "More" sheet: the table's controls on a phone."""
    host.locator(f"[data-action='sheet'][data-open='{'true' if open else 'false'}']").first.click()


def invite_again(host, guest_device, seat: int) -> None:
    """The host shows the seat's new invitation; its phone opens it; the host pastes the reply."""
    if host.locator("[data-action='away-show'][data-show='true']").count():
        host.locator("[data-action='away-show']").click()
    link = host.locator(f"[data-lobby-seat='{seat}'] [data-invite]")
    link.wait_for()
    reply = join(guest_device, link.get_attribute("data-invite"))
    host.get_by_role("textbox", name="reply").fill(reply)
    host.get_by_role("button", name="Take reply").click()
    host.wait_for_selector(f"[data-lobby-seat='{seat}']", state="detached")  # no longer away


def test_a_whole_gelati_game_across_three_phones_and_a_bot_through_reloads_a_watcher_and_a_hostile_guest(devices, site):
    host_device = devices.take(**PHONE)
    bo, chiara, dora = devices.take(**PHONE), devices.take(**PHONE), devices.take(**PHONE)
    host = host_device.page
    host_device.open(site.url + "#/gelati")
    open_live_table(host, seed=7)

    host.wait_for_selector("[data-lobby-seat='2'] [data-invite]")
    links = [host.locator(f"[data-lobby-seat='{seat}'] [data-invite]").get_attribute("data-invite") for seat in (1, 2)]
    for link in links:
        assert "#/join/" in link and len(link) <= 200, link
    assert host.locator("[data-qr] svg path").count() == 2  # each invitation as a QR code
    for seat, link in zip((1, 2), links):  # ... that reads back as exactly its link
        svg = host.locator(f"[data-lobby-seat='{seat}'] [data-qr] svg").evaluate("svg => svg.outerHTML")
        assert host.evaluate(DECODE, svg) == link
    assert host.locator("[data-action='lobby-start']").is_disabled()

    # Bo's reply is pasted; Chiara's is read by the host's camera.
    bo_reply = join(bo, links[0])
    host.get_by_role("textbox", name="reply").fill(bo_reply)
    host.get_by_role("button", name="Take reply").click()
    host.wait_for_selector("[data-lobby-seat='1'] [data-seat-state='open']")
    bo.page.wait_for_selector("[data-live-status='seated']")
    assert "You play Bo." in bo.page.locator("[data-live-status]").inner_text()
    assert host.locator("[data-action='lobby-start']").is_disabled()  # Chiara is not there yet

    chiara.page.evaluate(CATCH_CHANNELS)
    join(chiara, links[1])
    host.evaluate(CAMERA_FILMING, chiara.page.locator("[data-qr] svg").evaluate("svg => svg.outerHTML"))
    host.get_by_role("button", name="Scan a reply").click()
    host.wait_for_selector("[data-lobby-seat='2'] [data-seat-state='open']")
    assert host.locator("[data-scanner]").count() == 0  # the camera closed once it read the code
    chiara.page.wait_for_selector("[data-live-status='seated']")
    assert "Chiara (you)" in chiara.page.locator("article").inner_text()
    assert "Waiting for the host to start" in chiara.page.locator("article").inner_text()

    heard = {1: [], 2: []}  # every Facts message each guest's phone was sent, over its reloads
    for guest in (bo, chiara):
        guest.page.evaluate(KEEP_FRAMES)
    host.locator("[data-action='lobby-start']").click()
    host.wait_for_selector("[data-phase='play'] [data-board]")
    more(host, True)  # the bots' pace, in "More"
    host.locator("[data-action='pace'][data-pace='instant']").click()
    more(host, False)
    phones = {0: host, 1: bo.page, 2: chiara.page}

    # A round: each phone shows only its own seat's tiles, and the others' moves as they land.
    play_turns(host, phones, 3)
    assert "Bo" in host.locator("[data-log]").inner_text() and "Chiara" in bo.page.locator("[data-log]").inner_text()

    # Bo's page reloads mid-game: his phone asks for a new invitation, and is back in his seat.
    heard[1] += facts_sent(bo.page)
    bo.page.reload()
    bo.wait_ready()
    bo.page.wait_for_selector("text=Back to the table")
    host.wait_for_selector("[data-away='1']")
    invite_again(host, bo, 1)
    bo.page.wait_for_selector("[data-phase='play'] [data-board]")
    bo.page.evaluate(KEEP_FRAMES)
    play_turns(host, phones, 3)

    # The host's page reloads: the table reopens from its save, and each phone comes back.
    host.reload()
    host_device.wait_ready()
    host.wait_for_selector("[data-away='1 2']")
    assert "The live table is open again" in host.locator("[data-away]").inner_text()
    for seat, guest in ((1, bo), (2, chiara)):
        guest.page.wait_for_selector("text=The table is out of reach")
        invite_again(host, guest, seat)
        guest.page.wait_for_selector("[data-phase='play'] [data-board]")

    # Dora asks to watch: the public view only, and no move of hers is taken.
    more(host, True)
    host.locator("[data-action='watch-invite']").click()
    more(host, False)
    watch_link = host.locator("[data-lobby-seat='watch'] [data-invite]")
    watch_link.wait_for()
    dora.page.evaluate(CATCH_CHANNELS)
    watch_reply = join(dora, watch_link.get_attribute("data-invite"))
    host.get_by_role("textbox", name="reply").fill(watch_reply)
    host.get_by_role("button", name="Take reply").click()
    dora.page.wait_for_selector("[data-phase='play'] [data-board]")
    assert dora.page.locator("[data-spot][tabindex='0'], [data-action='select-tile']").count() == 0

    # Chiara's phone turns hostile: her first frame replayed, a huge frame, a deeply nested
    # one and junk. Dora's too, with messages numbered as her app would number them: a move
    # for the seat to move and a hello with a made-up key. Nothing changes on the host.
    seat = turn_on_host(host)
    if seat == 3:  # (the bot's turn: wait for a player's, so that no move is due meanwhile)
        host.wait_for_function("() => !document.querySelector(`[data-turn='3']`)")
        seat = turn_on_host(host)
    before = saved_record(host).moves
    chiara.page.evaluate(SEND_RAW, [chiara.page.evaluate("window.__sent[0]"), "x" * 20000, "[" * 5000, "{", "null"])
    n = next_number(dora.page)
    dora.page.evaluate(SEND_RAW, [
        json.dumps({"n": n, "a": 0, "k": "move", "b": {"at": len(before), "move": {"tile": 0, "cell": [0, 0]}}}),
        json.dumps({"n": n + 1, "a": 0, "k": "hello", "b": {"key": "AAAAAAAAAAAAAAAA", "language": "en"}})])
    dora.page.wait_for_selector("text=not one of this table's")  # (the host has read both)
    assert saved_record(host).moves == before and turn_on_host(host) == seat
    play_turns(host, phones, 3)  # the table plays on, every seat still its phone's
    assert len(saved_record(host).moves) > len(before)

    # ... and the game is played to its end, which reaches every phone.
    play_turns(host, phones)
    for page in (bo.page, chiara.page, dora.page):
        page.wait_for_selector("[data-end]")
    heard[1] += facts_sent(bo.page)
    heard[2] += facts_sent(chiara.page)

    # Every position each phone was sent is the rules' view for its own seat, nothing more:
    # no other seat's hand or order ever reached it.
    record = saved_record(host)
    assert Session.from_record(record).is_over()
    for seat, sent in heard.items():
        assert len(sent) >= 20
        for facts in sent:
            state = Session.from_record(record, facts["moves"]).state
            assert facts["viewer"] == seat and facts["view"] == plain(GAME.view(state, seat))

    # A rematch: every phone stays at the table in its seat, with no invitation to scan again,
    # and waits for the host to start the next game.
    host.locator("[data-action='same-seats']").click()
    host.wait_for_selector("text=the phones stay at the table")
    assert host.locator("[data-invite]").count() == 0
    for page in (bo.page, chiara.page, dora.page):
        page.wait_for_selector("text=Waiting for the host to start the game.")
    assert "You play Bo." in bo.page.locator("[data-live-status]").inner_text()
    host.locator("[data-action='lobby-start']").click()
    host.wait_for_selector("[data-phase='play'] [data-board]")
    for page in (bo.page, chiara.page, dora.page):
        page.wait_for_selector("[data-phase='play'] [data-board]")
    for page in (bo.page, chiara.page):  # each with its own tiles of the new deal (its moves: test_live_table.py)
        page.wait_for_selector("[data-hand-list] [data-hand]")
    assert "New game" in bo.page.locator("[data-log]").inner_text()


def test_a_reply_opened_on_the_host_phone_reaches_its_table_in_the_other_tab(devices, site):
    host_device, guest = devices.take(**PHONE), devices.take(**PHONE)
    host = host_device.page
    reply_link = invited(host_device, guest, site, "gelati")

    tab = host.context.new_page()  # the reply link, tapped in a chat on the host's phone
    tab.goto(reply_link)
    tab.wait_for_selector("[data-live-status='handed']", timeout=120_000)
    host.wait_for_selector("[data-seat-state='open']")
    guest.page.wait_for_selector("[data-live-status='seated']")
    tab.close()


def test_offline_the_cached_site_opens_and_a_live_table_seats_a_phone_and_plays(browser):
    """Once visited, the site needs no server: with this test's own server stopped, the
    home screen and a game's rules open, and two phones (two tabs of a profile that has
    the site cached) open a live table, connect and play."""
    own = Site()  # (the shared site keeps serving the other tests: this one is stopped)
    context = new_context(browser, **PHONE)
    try:
        host = context.new_page()
        host.goto(own.url)
        host.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
        # The service worker has precached everything and controls the page.
        host.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        own.close()
        with pytest.raises(urllib.error.URLError):  # the network is gone: nothing answers there
            urllib.request.urlopen(own.url, timeout=5)
        host.reload()
        host.wait_for_selector("body[data-ready='1']", state="attached", timeout=120_000)
        assert host.locator("[data-card]").count() == 4
        host.goto(own.url + "#/gelatinous/rules")
        host.locator("[data-screen='rules']").wait_for()

        host.goto(own.url + "#/gelati")
        host.select_option("select[name='seat1_kind']", "phone")
        host.get_by_role("button", name="Start game").click()
        link = host.locator("[data-invite]")
        link.wait_for()
        guest = context.new_page()  # the friend's phone, which has the site cached too
        guest.goto(link.get_attribute("data-invite"))
        reply = guest.locator("[data-reply]")
        reply.wait_for(timeout=120_000)
        host.get_by_role("textbox", name="reply").fill(reply.get_attribute("data-reply"))
        host.get_by_role("button", name="Take reply").click()
        guest.wait_for_selector("[data-live-status='seated']")
        host.locator("[data-action='lobby-start']").click()
        play_a_turn(host)
        guest.wait_for_selector("[data-turn='1']")
        play_a_turn(guest)
        host.wait_for_selector("[data-turn='0']")
        assert 1 in [seat for seat, _move in saved_record(host).moves]  # the guest's phone moved for its seat
    finally:
        context.close()
        own.close()
