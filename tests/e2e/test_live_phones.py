"""Issue 33, in real browsers: a live table between three phones over WebRTC on loopback
(no server, no ICE servers: the phones' own .local candidates). The host opens a Gelati
table with seats for two other phones; each guest opens its invitation link and shows its
reply; the host takes Bo's reply by pasting its link and Chiara's by scanning its QR code
with the camera (a camera that films the code on Chiara's screen); both are seated, and
the host starts."""

from __future__ import annotations

import json

from conftest import SIZES
from gelateria.core.facts import plain
from gelateria.core.record import decode
from gelateria.core.session import Session
from gelateria.games.gelati.rules import GAME

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


def saved_record(page):
    """The game the host's phone saved (its only copy of the game: the one authority)."""
    saves = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('gelateria.save.'))
                                 .map(k => JSON.parse(localStorage.getItem(k)).link)""")
    assert len(saves) == 1
    return decode(saves[0])


def play_a_turn(page) -> None:
    """The player whose turn it is on this phone places a tile on a glowing space (two
    taps), then ends the turn in step 2 (discarding down to five first)."""
    while page.locator("[data-step='exchange'] [data-action='exchange']").count():
        page.locator("[data-action='exchange']").first.click()
    lines = page.locator("[data-log] li").count()
    page.locator("[data-spot][tabindex='0']").click()
    page.locator(".gl-aim").click()
    page.wait_for_function("n => document.querySelectorAll('[data-log] li').length > n", arg=lines)
    while page.locator("[data-end-bar]").count() and page.locator("[data-action='discard']").count():
        page.locator("[data-action='discard']").first.click()
    if page.locator("[data-end-bar] [data-action='end-turn']").count():
        page.locator("[data-action='end-turn']").click()

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


def test_two_guest_phones_join_a_gelati_table_one_by_link_one_by_camera(devices, site):
    host_device = devices.take(**PHONE)
    bo, chiara = devices.take(**PHONE), devices.take(**PHONE)
    host = host_device.page
    host_device.open(site.url + "#/gelati")
    host.get_by_role("button", name="Add player").click()
    for seat, name in enumerate(["Ana", "Bo", "Chiara"]):
        host.fill(f"#seat{seat}_name", name)
    host.select_option("select[name='seat1_kind']", "phone")
    host.select_option("select[name='seat2_kind']", "phone")
    host.get_by_role("button", name="Start game").click()

    host.wait_for_selector("[data-lobby-seat='2'] [data-invite]")
    links = [host.locator(f"[data-lobby-seat='{seat}'] [data-invite]").get_attribute("data-invite") for seat in (1, 2)]
    for link in links:
        assert "#/join/" in link and len(link) <= 200, link
    assert host.locator("[data-qr] svg path").count() == 2  # each invitation as a QR code
    for seat, link in zip((1, 2), links):  # ... that reads back as exactly its link
        svg = host.locator(f"[data-lobby-seat='{seat}'] [data-qr] svg").evaluate("svg => svg.outerHTML")
        assert host.evaluate(DECODE, svg) == link
    assert host.locator("[data-action='lobby-start']").is_disabled()

    bo_reply = join(bo, links[0])
    host.get_by_role("textbox", name="reply").fill(bo_reply)
    host.get_by_role("button", name="Take reply").click()
    host.wait_for_selector("[data-lobby-seat='1'] [data-seat-state='open']")
    bo.page.wait_for_selector("[data-live-status='seated']")
    assert "You play Bo." in bo.page.locator("[data-live-status]").inner_text()
    assert host.locator("[data-action='lobby-start']").is_disabled()  # Chiara is not there yet

    join(chiara, links[1])
    host.evaluate(CAMERA_FILMING, chiara.page.locator("[data-qr] svg").evaluate("svg => svg.outerHTML"))
    host.get_by_role("button", name="Scan a reply").click()
    host.wait_for_selector("[data-lobby-seat='2'] [data-seat-state='open']")
    assert host.locator("[data-scanner]").count() == 0  # the camera closed once it read the code
    chiara.page.wait_for_selector("[data-live-status='seated']")
    assert "Chiara (you)" in chiara.page.locator("article").inner_text()
    assert "Waiting for the host to start" in chiara.page.locator("article").inner_text()

    for guest in (bo, chiara):
        guest.page.evaluate(KEEP_FRAMES)
    host.locator("[data-action='lobby-start']").click()
    host.wait_for_selector("[data-phase='play'] [data-board]")

    # A round: Ana on the host, then Bo and Chiara each on their own phone. Each phone
    # shows only its own seat's tiles, and the others' moves as they land.
    for seat, page in ((0, host), (1, bo.page), (2, chiara.page)):
        page.wait_for_selector(f"[data-turn='{seat}']")
        play_a_turn(page)
        for other in (host, bo.page, chiara.page):
            other.wait_for_function("n => document.querySelectorAll('[data-log] li').length >= n", arg=seat + 2)
    host.wait_for_selector("[data-turn='0']")
    assert "Bo" in host.locator("[data-log]").inner_text() and "Chiara" in bo.page.locator("[data-log]").inner_text()

    # Every position each phone was sent is the rules' view for its own seat, nothing more.
    record = saved_record(host)
    for seat, guest in ((1, bo), (2, chiara)):
        sent = facts_sent(guest.page)
        assert len(sent) >= 4
        for facts in sent:
            state = Session.from_record(record, facts["moves"]).state
            assert facts["viewer"] == seat and facts["view"] == plain(GAME.view(state, seat))


def test_a_reply_opened_on_the_host_phone_reaches_its_table_in_the_other_tab(devices, site):
    host_device, guest = devices.take(**PHONE), devices.take(**PHONE)
    host = host_device.page
    host_device.open(site.url + "#/gelati")
    host.select_option("select[name='seat1_kind']", "phone")
    host.get_by_role("button", name="Start game").click()
    reply_link = join(guest, host.locator("[data-invite]").get_attribute("data-invite"))

    tab = host.context.new_page()  # the reply link, tapped in a chat on the host's phone
    tab.goto(reply_link)
    tab.wait_for_selector("[data-live-status='handed']", timeout=120_000)
    host.wait_for_selector("[data-seat-state='open']")
    guest.page.wait_for_selector("[data-live-status='seated']")
    tab.close()
