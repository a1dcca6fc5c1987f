"""Gelatinous at a live table, on pages without a browser (issue 34): Ana's phone hosts a
multiplayer game, Bo's and Chiara's phones each roll their own dice. The rules' one move is
still the caller's roll; the table makes it once everyone holding dice has tapped Roll, or
once the countdown that the first tap starts has run out. What is checked is what each
player sees: who has rolled, the countdown, the roll landing on every phone, and the words
for a tap that came too late."""

import re

from fakeapp import FakeApp, table_of
from gelateria.core.live import ROLL_CALL_MS

from test_invite import CHROMIUM_OFFER
from test_live_table import Network, joined, opened, tap


def dice_table(chiara: str = "phone"):
    """Ana hosts a Gelatinous multiplayer game with Bo's seat for a phone and Chiara's
    (`chiara`: "phone" or a bot level); every phone joined, the game started."""
    host = FakeApp()
    table = table_of("gelatinous")(host, [])
    host.screen = table
    table.on_action("mode", {"mode": "multi"})  # (the panel fits three seats to it)
    host.refresh()
    assert "Another phone" in host.page  # (the new-game panel offers a seat for a phone)
    table.on_action("start", {"form": {"seat0_name": "Ana", "seat0_kind": "human", "seat1_name": "Bo",
                                       "seat1_kind": "phone", "seat2_name": "Chiara", "seat2_kind": chiara,
                                       "opt_mode": "multi", "seed": "11"}})
    assert table.phase == "lobby"
    phones = []
    for offer in list(table.lobby.offers.values()):
        host.connections.heard({"on": "live-sdp", "id": offer.id, "sdp": CHROMIUM_OFFER})
        phones.append(joined(host, table, table.lobby.invite_link(offer)))
    table.on_action("lobby-start", {})
    pass_time(host, phones, 1100)  # (a ping: each phone knows the host's clock)
    return host, table, phones


def pass_time(host: FakeApp, phones: list, ms: int) -> None:
    """Time passes on every page alike, and the network carries what was sent meanwhile;
    then each page's screen as it is drawn now (app.page)."""
    for _step in range(0, ms, 100):
        host.advance(100)
        for guest, network, _id in phones:
            guest.advance(100)
            network.pump()
    for app in [host] + [guest for guest, _network, _id in phones]:
        app.refresh()


def roll_bar(page: str) -> str:
    """Whether the Roll button can be tapped ("on"/"off"), and the roll bar's line."""
    bar = page[page.index('<div class="roll-bar'):]
    button = re.search(r'<button[^>]*data-action="roll"[^>]*>', bar).group(0)
    line = re.search(r'<p class="round-info"><span>(.*?)</span>', bar).group(1)
    return ("off " if 'aria-disabled="true"' in button else "on ") + line


def called(page: str) -> dict:
    """Each mat's roll-call tag: seat -> "rolled" / "waiting"."""
    mats = re.findall(r'<article class="mat[^"]*" data-seat="(\d)".*?</header>', page, re.S)
    tags = re.findall(r'<article class="mat[^"]*" data-seat="\d".*?</header>', page, re.S)
    return {int(seat): (re.search(r'data-called="(\w+)"', tag) or [None, ""])[1] for seat, tag in zip(mats, tags)}


def test_each_phone_rolls_its_own_dice_and_the_roll_lands_on_every_phone_once_all_have():
    host, table, phones = dice_table()
    (bo, bo_net, _), (chiara, _net, _) = phones
    assert called(host.page) == {0: "waiting", 1: "waiting", 2: "waiting"}
    assert roll_bar(bo.page).startswith("on Everyone rolls their own dice: tap Roll")
    assert 'data-action="auto"' not in host.page  # (nothing rolls by itself at a live table)

    bo.screen.on_action("roll", {})  # Bo taps Roll on his phone
    pass_time(host, phones, 100)
    assert table.session.moves == []  # the round waits for the others
    assert called(host.page) == {0: "waiting", 1: "rolled", 2: "waiting"}
    assert called(chiara.page)[1] == "rolled"
    assert roll_bar(bo.page) == "off Waiting for Ana and Chiara: the game rolls for them in 10 seconds"
    assert roll_bar(chiara.page).startswith("on Tap Roll: in 10 seconds the game rolls for you")
    assert roll_bar(host.page).startswith("on Tap Roll: in 10 seconds the game rolls for you")

    chiara.screen.on_action("roll", {})
    pass_time(host, phones, 100)
    tap(host, "roll")  # Ana, on the host's screen
    pass_time(host, phones, 100)
    assert table.session.record.moves == [[0, {"a": "roll"}]]  # the caller's roll: the rules' one move
    for guest, _network, _id in phones:
        facts = guest.screen.guest.facts
        assert facts.moves == 1 and facts.view["round"] == 1
        assert roll_bar(guest.page).startswith("on Everyone rolls their own dice: tap Roll")
        assert 'data-round="1"' in guest.page and 'data-animating="1"' in guest.page  # the dice roll on every phone


def test_the_countdown_rolls_for_a_phone_that_does_not_tap_and_its_late_tap_is_told_so():
    host, table, phones = dice_table()
    (bo, bo_net, host_id), (chiara, _net, _) = phones
    tap(host, "roll")
    chiara.screen.on_action("roll", {})
    pass_time(host, phones, 200)
    bo_net.ends = []  # Bo's phone goes quiet: his taps no longer reach the host
    bo.screen.on_action("roll", {})
    pass_time(host, phones, ROLL_CALL_MS - 1500)
    assert table.session.moves == []
    assert "the game rolls for them in 2 seconds" in roll_bar(host.page)
    assert "Waiting for Bo: the game rolls for them in 2 seconds" in roll_bar(chiara.page)
    pass_time(host, phones, 1500)
    assert len(table.session.moves) == 1  # rolled for Bo too: his dice are in the round
    assert table.session.view(None)["players"][1]["last"]["rolled"]

    bo_net.ends = Network(host, bo, host_id, opened(bo)["id"]).ends  # his tap arrives, too late
    bo_net.pump()
    pass_time(host, phones, 100)
    assert len(table.session.moves) == 1
    assert "The countdown ran out before your tap arrived, so your dice were rolled for you." in bo.page


def test_a_bot_and_a_phone_that_left_with_a_bot_standing_in_have_rolled_as_soon_as_the_call_opens():
    host, table, phones = dice_table(chiara="normal")
    [(bo, _net, host_id)] = phones
    assert called(host.page) == {0: "waiting", 1: "waiting", 2: "rolled"}  # Chiara's bot
    host.connections.heard({"on": "live-closed", "id": host_id, "why": "closed"})  # Bo's phone leaves
    table.on_action("away-show", {"show": "true"})
    tap(host, "stand-in")
    assert called(host.page) == {0: "waiting", 1: "rolled", 2: "rolled"}
    tap(host, "roll")
    host.run_timers(limit=5)
    assert len(table.session.moves) == 1  # Ana was the last to roll: no countdown to wait out


def test_a_watcher_or_a_hostile_phone_cannot_roll_for_anyone():
    host, table, phones = dice_table()
    (bo, bo_net, host_id), _chiara = phones
    phone = table.lobby.host.phones[host_id]
    for body in ({"at": 0, "move": {"a": "roll", "x": 1}}, {"at": 0, "move": "roll"}, {"at": 0, "move": None}):
        bo.screen.guest.link.post("move", body)
        pass_time(host, phones, 100)
    assert called(host.page)[1] == "waiting" and table.session.moves == []
    assert phone.strikes == 3


def test_by_video_each_phone_rolls_its_own_thirteen_dice_too():
    host = FakeApp()
    table = table_of("gelatinous")(host, [])
    host.screen = table
    table.on_action("mode", {"mode": "video"})
    table.on_action("start", {"form": {"seat0_name": "Ana", "seat0_kind": "human", "seat1_name": "Bo",
                                       "seat1_kind": "phone", "opt_mode": "video", "seed": "3"}})
    offer = next(iter(table.lobby.offers.values()))
    host.connections.heard({"on": "live-sdp", "id": offer.id, "sdp": CHROMIUM_OFFER})
    phones = [joined(host, table, table.lobby.invite_link(offer))]
    table.on_action("lobby-start", {})
    pass_time(host, phones, 1100)
    bo = phones[0][0]
    tap(host, "roll")
    pass_time(host, phones, 100)
    assert table.session.moves == [] and "Waiting for Ana" not in roll_bar(bo.page)
    assert roll_bar(bo.page).startswith("on Tap Roll: in 10 seconds the game rolls for you")
    bo.screen.on_action("roll", {})
    pass_time(host, phones, 200)
    players = table.session.view(None)["players"]
    assert len(table.session.moves) == 1 and all(p["tally"] == 1 and p["hand"] + p["reserve"] + p["cube"] == 13
                                                 for p in players)
