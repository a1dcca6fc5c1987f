"""A live table on two pages without a browser: the host's Gelati table with a seat for
another phone, and the guest's join screen, each a FakeApp whose live commands (what
static/live.js would do) a fake network carries to the other. What is checked is what
each player sees: the invitation, the reply, who is connected, the start, the position
each phone is sent, and that only the seat's own phone moves for it."""

import json

import pytest

from fakeapp import FakeApp, controls, table_of
from gelateria.core.facts import plain
from gelateria.core.invite import REPLY, unpack
from gelateria.web.join import JoinScreen, ReplyScreen
from gelateria.web.routes import screen_for
from gelateria.web.views.contract import PACES

from test_invite import CHROMIUM_OFFER

# What a browser answering the host's offer would describe (its own ufrag, pwd and address).
CHROMIUM_ANSWER = (CHROMIUM_OFFER.replace("kWzy", "Qx3t").replace("lYkqB9hI6giXPFkeeR26uH8P", "Zp0aL3u9WmY2cQ7nR4sT8vXb")
                   .replace("a=setup:actpass", "a=setup:active").replace("04:58:44", "9A:11:C3"))


def attribute(page: str, name: str) -> str:
    """The value of the first `name="…"` attribute in the page."""
    start = page.index(f'{name}="') + len(name) + 2
    return page[start:page.index('"', start)]


class Network:
    """Carries one connection's live-send commands between the host's page and a guest's, as frames."""

    def __init__(self, host: FakeApp, guest: FakeApp, host_id: str, guest_id: str):
        self.ends = [(host, host_id, guest, guest_id), (guest, guest_id, host, host_id)]

    def pump(self) -> None:
        for _round in range(20):
            moved = False
            for app, app_id, other, other_id in self.ends:
                sends = [f for command, f in app.commands if command == "live-send" and f["id"] == app_id]
                app.commands = [c for c in app.commands if not (c[0] == "live-send" and c[1]["id"] == app_id)]
                for fields in sends:
                    other.connections.heard({"on": "live-frame", "id": other_id, "text": fields["text"]})
                    moved = True
            if not moved:
                return


def tap(app: FakeApp, action: str) -> None:
    """The player taps the first control on screen that does `action`."""
    found = [data for name, data in controls(app.page) if name == action]
    assert found, f"no {action} on screen: {[name for name, _ in controls(app.page)]}"
    app.screen.on_action(action, {key.replace("-", "_"): value for key, value in found[0].items()})
    app.refresh()


def opened(app: FakeApp) -> dict:
    """The last live-open command the page was given."""
    return [fields for command, fields in app.commands if command == "live-open"][-1]


def host_with_phone_seat(game: str = "gelati", seed: int = 7) -> tuple[FakeApp, object]:
    """Ana's phone hosts `game`, with Bo's seat for another phone: the lobby."""
    app = FakeApp()
    table = table_of(game)(app, [])
    app.screen = table
    table.on_action("start", {"form": {"seat0_name": "Ana", "seat0_kind": "human",
                                       "seat1_name": "Bo", "seat1_kind": "phone", "seed": str(seed)}})
    return app, table


def test_a_phone_seat_opens_a_lobby_with_an_invitation_and_nothing_moves():
    app, table = host_with_phone_seat()
    assert table.phase == "lobby" and table.humans() == [0]  # Bo's seat is not played here
    assert "Making the invitation" in app.page
    invite = opened(app)
    assert invite["offer"] is None and invite["stun"] is False  # our own offer, no third party
    app.connections.heard({"on": "live-sdp", "id": invite["id"], "sdp": CHROMIUM_OFFER})
    link = attribute(app.page, "data-invite")
    assert "#/join/" in link and len(link) < 200
    assert attribute(app.page, "data-qr") == link
    start = [c for c in controls(app.page) if c[0] == "lobby-start"]
    assert start == []  # disabled until Bo's phone is at the table
    assert "Waiting for Bo" in app.page
    assert len(table.session.moves) == 0 and not app.timers or table.phase == "lobby"


def test_an_invitation_a_guest_and_a_reply_seat_bo_and_he_plays_only_his_own_seat():
    host, table = host_with_phone_seat()
    host_id = opened(host)["id"]
    host.connections.heard({"on": "live-sdp", "id": host_id, "sdp": CHROMIUM_OFFER})
    invite_link = attribute(host.page, "data-invite")

    guest = FakeApp()
    guest.screen = screen_for(guest, invite_link.split("#", 1)[1])
    assert isinstance(guest.screen, JoinScreen)
    guest.refresh()
    assert "Joining the table" in guest.page
    guest_id = opened(guest)["id"]
    assert "a=setup:actpass" in opened(guest)["offer"]  # the host's side, rebuilt from the code alone
    guest.connections.heard({"on": "live-sdp", "id": guest_id, "sdp": CHROMIUM_ANSWER})
    reply_link = attribute(guest.page, "data-reply")
    assert "#/reply/" in reply_link and unpack(reply_link.rsplit("/", 1)[1]).kind == REPLY

    # The host pastes the reply: the page is given the guest's side as an answer.
    table.on_action("take-reply", {"form": {"reply": "  " + reply_link + " "}})
    accepted = [fields for command, fields in host.commands if command == "live-accept"]
    assert accepted and accepted[0]["id"] == host_id and "a=setup:active" in accepted[0]["sdp"]
    assert "connecting Bo" in host.page

    network = Network(host, guest, host_id, guest_id)
    host.connections.heard({"on": "live-open", "id": host_id})
    guest.connections.heard({"on": "live-open", "id": guest_id})
    network.pump()
    assert 'data-seat-state="open"' in host.page
    assert "You play Bo." in guest.page and "Bo (you)" in guest.page
    assert "Waiting for the host to start the game." in guest.page
    guest.screen.guest.move({"tile": 0})  # nothing moves before the host starts
    network.pump()
    assert guest.screen.guest.refusals == ["The game has not started yet."] and not table.session.moves

    table.on_action("lobby-start", {})
    network.pump()
    assert table.phase == "play" and "Waiting for the host" not in guest.page
    facts = guest.screen.guest.facts
    assert facts.viewer == 1 and facts.actor is None  # Ana (the host's seat) moves first
    assert facts.view == plain(table.game.view(table.session.state, 1))  # Bo's secrets, and no one else's
    assert facts.view != plain(table.game.view(table.session.state, 0))

    # Ana moves on the host; Bo's phone is sent his position, with his legal moves.
    ana_move = table.session.legal(0)[0]
    assert table.act(0, ana_move)
    while table.session.to_act() == [0]:  # (the rest of Ana's turn)
        table.act(0, table.session.legal(0)[0])
    network.pump()
    facts = guest.screen.guest.facts
    assert facts.actor == 1 and facts.legal and facts.moves == len(table.session.moves)

    # Bo's phone is his table: the game's own view, his hand and no one else's, his turn.
    bo_table = guest.screen.table
    assert bo_table is not None and "data-board" in guest.page and "Your turn" in guest.page
    assert "Share" not in guest.page and "Undo" not in guest.page  # (the host's to offer)

    # Bo taps a tile, then a glowing space, then "Place here" on his own phone: the host
    # plays it, and both screens show it.
    before = len(table.session.moves)
    tap(guest, "select-tile")
    tap(guest, "cell")
    tap(guest, "place")
    # On its way: until the host answers, Bo's phone takes no second move on this position.
    sent = guest.screen.guest.link.sent
    assert guest.screen.guest.awaiting and guest.screen.table.actor() is None and "Your turn" in guest.page
    assert not guest.screen.table.act(1, guest.screen.guest.facts.legal[0]) and guest.screen.guest.link.sent == sent
    network.pump()
    assert len(table.session.moves) > before and table.session.record.moves[before][0] == 1
    assert guest.screen.guest.facts.moves == len(table.session.moves)
    while 1 in table.session.to_act():  # (the rest of Bo's turn: step 2, from his phone)
        tap(guest, "end-turn" if any(a == "end-turn" for a, _d in controls(guest.page)) else "place")
        network.pump()
    assert table.session.to_act() == [0] and "Your turn" not in guest.page


def test_a_move_for_a_seat_the_phone_does_not_play_is_refused_in_words():
    host, table, guest, network, _id = playing_with_bo()
    before = len(table.session.moves)
    guest.screen.guest.move(table.session.legal(0)[0])  # Ana's move, sent by Bo's phone
    network.pump()
    assert len(table.session.moves) == before
    guest.refresh()
    assert "It is not your turn." in guest.page  # said on Bo's phone, in his language


@pytest.mark.parametrize("code, words", [
    ("AQ", "damaged or incomplete"),  # version 1, cut short
    ("", "damaged or incomplete"),
    ("not-a-code", "another version of Gelateria"),
])
def test_a_broken_invitation_says_so_and_opens_nothing(code, words):
    app = FakeApp()
    app.screen = JoinScreen(app, code)
    app.refresh()
    assert words in app.page and "Back to the games" in app.page
    assert app.commands == []


def test_a_reply_opened_as_an_invitation_is_named_for_what_it_is():
    host, table = host_with_phone_seat()
    host.connections.heard({"on": "live-sdp", "id": opened(host)["id"], "sdp": CHROMIUM_OFFER})
    guest = FakeApp()
    guest.screen = JoinScreen(guest, attribute(host.page, "data-invite").rsplit("/", 1)[1])
    guest.connections.heard({"on": "live-sdp", "id": opened(guest)["id"], "sdp": CHROMIUM_ANSWER})
    reply_code = attribute(guest.page, "data-reply").rsplit("/", 1)[1]
    other = FakeApp()
    other.screen = JoinScreen(other, reply_code)
    other.refresh()
    assert "This is a reply, not an invitation" in other.page and other.commands == []


def test_a_foreign_or_repeated_reply_is_refused_and_the_invitation_stays():
    host, table = host_with_phone_seat()
    host_id = opened(host)["id"]
    host.connections.heard({"on": "live-sdp", "id": host_id, "sdp": CHROMIUM_OFFER})
    stranger = FakeApp()  # a reply to another table's invitation
    other_host, _other = host_with_phone_seat()
    other_host.connections.heard({"on": "live-sdp", "id": opened(other_host)["id"], "sdp": CHROMIUM_OFFER})
    stranger.screen = JoinScreen(stranger, attribute(other_host.page, "data-invite").rsplit("/", 1)[1])
    stranger.connections.heard({"on": "live-sdp", "id": opened(stranger)["id"], "sdp": CHROMIUM_ANSWER})
    table.on_action("take-reply", {"form": {"reply": attribute(stranger.page, "data-reply")}})
    assert "answers another invitation" in host.page
    assert not [c for c in host.commands if c[0] == "live-accept"]
    table.on_action("take-reply", {"form": {"reply": "https://example.com/#/reply/%%%"}})
    assert "damaged or incomplete" in host.page and "data-invite" in host.page


def test_a_phone_that_could_not_connect_gets_a_new_invitation_with_the_reason():
    host, table = host_with_phone_seat()
    first = opened(host)["id"]
    host.connections.heard({"on": "live-sdp", "id": first, "sdp": CHROMIUM_OFFER})
    host.connections.heard({"on": "live-closed", "id": first, "why": "failed"})
    assert opened(host)["id"] != first  # a new connection, a new code on its way
    assert "could not connect" in host.page and "same Wi-Fi" in host.page


def test_a_reply_opened_on_the_host_phone_is_handed_to_the_table_tab():
    app = FakeApp()
    app.screen = ReplyScreen(app, "abc")
    app.refresh()
    assert app.handing == ["abc"] and "Taking the reply" in app.page
    app.screen.handed_over(False)
    assert "No live table here" in app.page


def test_the_camera_opens_on_scan_and_a_camera_that_cannot_be_had_points_to_the_paste_field():
    host, table = host_with_phone_seat()
    host.connections.heard({"on": "live-sdp", "id": opened(host)["id"], "sdp": CHROMIUM_OFFER})
    assert "data-scanner" not in host.page
    table.on_action("scan", {})
    assert "<video" in host.page and "data-scanner" in host.page
    table.scanned("", failed="denied")
    assert "data-scanner" not in host.page and "camera is not allowed" in host.page
    assert host.focused[-1] == ("#reply-field", False)
    table.on_action("scan", {})
    table.scanned("https://example.com/#/reply/AQ")  # a code read that is no reply of ours
    assert "data-scanner" not in host.page and "damaged or incomplete" in host.page
    assert not [c for c in host.commands if c[0] == "live-accept"]


def test_a_seat_no_phone_takes_can_go_to_a_bot_and_the_game_starts_with_it():
    app, table = host_with_phone_seat()
    invite = opened(app)["id"]
    table.on_action("seat-bot", {"seat": "1"})
    assert ("live-close", {"id": invite}) in app.commands  # Bo's invitation is withdrawn
    assert "A bot plays Bo." in app.page and "data-invite" not in app.page
    assert table.seats[1].kind == "bot" and table.session.record.seats[1].kind == "bot"
    assert table.session.record.seed == 7 and table.humans() == [0]
    table.on_action("lobby-start", {})
    assert table.phase == "play" and "data-board" in app.page


def test_playing_across_the_internet_is_opt_in_names_the_server_and_remakes_the_invitations():
    app, table = host_with_phone_seat()
    first = opened(app)
    assert first["stun"] is False and 'aria-pressed="false"' in app.page and "stun.l.google.com" in app.page
    table.on_action("live-internet", {"on": "true"})
    again = opened(app)
    assert again["id"] != first["id"] and again["stun"] is True and ("live-close", {"id": first["id"]}) in app.commands
    assert app.prefs["live-internet"] is True and 'aria-pressed="true"' in app.page


def joined(host: FakeApp, table, invitation_link: str, answer: str = CHROMIUM_ANSWER):
    """A guest phone opens `invitation_link`, the host pastes its reply, both channels open."""
    host_id = [o.id for o in table.lobby.by_id.values() if table.lobby.invite_link(o) == invitation_link][0]
    guest = FakeApp()
    guest.screen = JoinScreen(guest, invitation_link.rsplit("/", 1)[1])
    guest_id = opened(guest)["id"]
    guest.connections.heard({"on": "live-sdp", "id": guest_id, "sdp": answer})
    table.on_action("take-reply", {"form": {"reply": attribute(guest.page, "data-reply")}})
    network = Network(host, guest, host_id, guest_id)
    host.connections.heard({"on": "live-open", "id": host_id})
    guest.connections.heard({"on": "live-open", "id": guest_id})
    network.pump()
    return guest, network, host_id


def started_with_bo(host: FakeApp, table):
    """The host's lobby, Bo's phone joined and the game started: (host app, table, Bo's
    app, the network between them, the host's name for Bo's connection)."""
    host.connections.heard({"on": "live-sdp", "id": opened(host)["id"], "sdp": CHROMIUM_OFFER})
    guest, network, host_id = joined(host, table, attribute(host.page, "data-invite"))
    table.on_action("lobby-start", {})
    network.pump()
    return host, table, guest, network, host_id


def playing_with_bo():
    """Ana's host phone and Bo's phone, seated and started."""
    return started_with_bo(*host_with_phone_seat())


def test_a_phone_that_drops_mid_game_is_shown_away_and_rejoins_its_seat_with_a_new_invitation():
    host, table, guest, network, host_id = playing_with_bo()
    assert "data-away" not in host.page
    while table.session.to_act() == [0]:  # Ana's turn, on the host
        table.act(0, table.session.legal(0)[0])

    host.connections.heard({"on": "live-closed", "id": host_id, "why": "closed"})  # Bo's Wi-Fi drops
    assert 'data-away="1"' in host.page and "Away from the table: Bo." in host.page
    assert "data-invite" not in host.page  # (folded: the game stays on screen)
    table.on_action("away-show", {"show": "true"})
    host.connections.heard({"on": "live-sdp", "id": opened(host)["id"], "sdp": CHROMIUM_OFFER})
    invitation = attribute(host.page, "data-invite")

    again, network, _id = joined(host, table, invitation)
    assert "data-away" not in host.page
    assert again.screen.table is not None and "Your turn" in again.page  # Bo's seat, where the game is
    assert again.screen.guest.facts.moves == len(table.session.moves)


def play_to_the_end(host: FakeApp, table, guest: FakeApp, network: Network) -> None:
    """Ana on the host's screen and Bo on his phone each make their first legal move, a
    second apart (a phone takes only so many frames a second), until the game is over."""
    while not table.session.is_over():
        if table.session.to_act() == [0]:
            table.act(0, table.session.legal(0)[0])
        else:
            guest.screen.table.act(1, guest.screen.guest.facts.legal[0])
        network.pump()
        for app in (host, guest):
            app.advance(1000)
        network.pump()


def test_a_rematch_keeps_bos_phone_at_the_table_in_his_seat_and_the_host_starts_it():
    host, table, guest, network, host_id = playing_with_bo()
    play_to_the_end(host, table, guest, network)
    assert "data-end" in guest.page and guest.screen.guest.sent_at is not None  # (his last move's position)
    tap(host, "same-seats")  # "Rematch: same players"
    network.pump()
    assert table.phase == "lobby" and len(table.session.moves) == 0
    assert table.lobby.connected() == [1] and "data-invite" not in host.page  # no new invitation to scan
    assert "the phones stay at the table: start it when everyone is ready." in host.page
    assert host.page.index('data-action="lobby-start"') < host.page.index("reply-form")  # (Start on the first screen)
    assert guest.screen.table is None and "Waiting for the host to start the game." in guest.page
    assert guest.screen.guest.seat == 1 and guest.screen.guest.sent_at is None  # (no answer waited for from the last game)

    tap(host, "lobby-start")
    network.pump()
    assert guest.screen.table is not None and guest.screen.guest.facts.moves == 0
    facts = guest.screen.guest.facts  # the new deal as Bo's seat sees it, and nothing of Ana's
    assert facts.viewer == 1 and facts.view == plain(table.game.view(table.session.state, 1))
    assert "data-end" not in guest.page
    play_to_the_end(host, table, guest, network)  # (each of Bo's moves taken: none waits on an answer from the last game)
    assert "data-end" in guest.page and "data-end" in host.page


def test_a_phone_invited_to_watch_sees_the_public_view_and_cannot_move():
    host, table = host_with_phone_seat()
    host.connections.heard({"on": "live-sdp", "id": opened(host)["id"], "sdp": CHROMIUM_OFFER})
    guest, network, _id = joined(host, table, attribute(host.page, "data-invite"))
    table.on_action("watch-invite", {})
    watch_id = opened(host)["id"]
    host.connections.heard({"on": "live-sdp", "id": watch_id, "sdp": CHROMIUM_OFFER})
    assert "Invitation link to watch" in host.page
    link = [o for o in table.lobby.watchers.values()][0]
    watcher, watching, _wid = joined(host, table, table.lobby.invite_link(link))
    assert "1 phone is watching." in host.page and "You are watching." in watcher.page
    table.on_action("lobby-start", {})
    network.pump()
    watching.pump()
    facts = watcher.screen.guest.facts
    assert facts.viewer is None and facts.view == plain(table.game.view(table.session.state, None))
    assert watcher.screen.table is not None and "Your turn" not in watcher.page
    watcher.screen.guest.move(table.session.legal(0)[0])  # a watcher's move, on Ana's turn
    watching.pump()
    assert not table.session.moves


def test_genial_spezial_plays_live_too_each_phone_with_its_own_tiles():
    app, table = host_with_phone_seat("genial", seed=3)
    app.connections.heard({"on": "live-sdp", "id": opened(app)["id"], "sdp": CHROMIUM_OFFER})
    guest, network, _id = joined(app, table, attribute(app.page, "data-invite"))
    table.on_action("lobby-start", {})
    network.pump()
    while table.session.to_act() == [0]:
        table.act(0, table.session.legal(0)[0])
    network.pump()
    facts = guest.screen.guest.facts
    assert facts.view == plain(table.game.view(table.session.state, 1)) and facts.view != plain(
        table.game.view(table.session.state, 0))
    assert "data-board" in guest.page and "Your turn" in guest.page
    before = len(table.session.moves)
    guest.screen.guest.move(facts.legal[0])
    network.pump()
    assert len(table.session.moves) == before + 1 and table.session.record.moves[-1][0] == 1


def test_the_host_page_reloads_mid_game_the_table_reopens_and_bo_sits_back_down_with_his_key():
    host, table, guest, network, host_id = playing_with_bo()
    while table.session.to_act() == [0]:  # Ana's turn, on the host
        table.act(0, table.session.legal(0)[0])
    network.pump()
    bo_key = guest.screen.guest.key
    guest.screen.guest.move(guest.screen.guest.facts.legal[0])  # Bo's first move, from his phone
    network.pump()
    moves = len(table.session.moves)
    assert table.undo_target() is None  # the host never takes back a phone's move

    # The host's tab is killed; opened again at its address, the game comes back from its save.
    again = FakeApp(saves=host.saves, prefs=host.prefs)
    again.screen = screen_for(again, host.path)
    again.refresh()
    reopened = again.screen
    assert reopened.phase == "play" and len(reopened.session.moves) == moves and reopened.lobby is not None
    assert reopened.lobby.host.keys == table.lobby.host.keys  # (kept in the save, on the host's phone only)
    assert 'data-away="1"' in again.page and "The live table is open again" in again.page
    assert reopened.undo_target() is None  # (still not past Bo's move)
    again.connections.heard({"on": "live-sdp", "id": opened(again)["id"], "sdp": CHROMIUM_OFFER})
    invitation = attribute(again.page, "data-invite")  # shown at once: every phone is away

    # Bo's phone lost the host: it offers the camera for the new invitation.
    guest.connections.heard({"on": "live-closed", "id": opened(guest)["id"], "why": "closed"})
    assert "The table is out of reach" in guest.page and "Show a new invitation" in guest.page
    tap(guest, "scan")
    assert "<video" in guest.page
    guest.screen.scanned(invitation)
    assert guest.went == "/join/" + invitation.rsplit("/", 1)[1]

    back, network, _id = joined(again, reopened, invitation)
    assert back.screen.guest.seat == 1 and back.screen.guest.key == bo_key
    assert "data-away" not in again.page
    assert back.screen.guest.facts.moves == moves and back.screen.table is not None


def test_a_guest_page_reloaded_on_its_used_invitation_asks_for_a_new_one_and_reads_it_with_the_camera():
    host, table, guest, network, host_id = playing_with_bo()
    invitation = [link for link in [table.lobby.invite_link(o) for o in table.lobby.offers.values()]][0]
    code = invitation.rsplit("/", 1)[1]
    reloaded = FakeApp(prefs=guest.prefs)  # Bo's page, reloaded at the same address
    reloaded.screen = screen_for(reloaded, "/join/" + code)
    reloaded.refresh()
    assert "Back to the table" in reloaded.page and "Show a new invitation" in reloaded.page
    assert reloaded.commands == []  # (no connection to an invitation that is spent)
    tap(reloaded, "scan")
    reloaded.screen.scanned(invitation)  # the same invitation again
    assert "used already" in reloaded.page and reloaded.went == ""
    tap(reloaded, "scan")
    reloaded.screen.scanned("", failed="denied")
    assert "camera app" in reloaded.page and "<video" not in reloaded.page


def test_the_host_undoes_its_own_turn_and_every_phone_sees_it_until_a_phone_has_moved():
    host, table, guest, network, host_id = playing_with_bo()
    first = table.session.legal(0)[0]
    table.act(0, first)
    network.pump()
    assert guest.screen.guest.facts.moves == 1
    assert table.undo_target() == 0
    table.undo()
    network.pump()
    assert guest.screen.guest.facts.moves == 0 and len(table.session.moves) == 0  # taken back on Bo's phone too


@pytest.mark.parametrize("live", [
    {"seats": {"0": "AAAAAAAAAAAAAAAA", "9": "AAAAAAAAAAAAAAAA", "x": 1}},  # the host's own seat, no seat, junk
    {"seats": ["1"]}, "live", {"playing": True},
])
def test_a_save_whose_live_table_is_hostile_opens_as_a_plain_game(live):
    host, table, guest, network, host_id = playing_with_bo()
    table.act(0, table.session.legal(0)[0])
    backend = host.saves.backend
    key = [k for k in backend.keys() if k.startswith("gelateria.save.")][0]
    entry = json.loads(backend.get(key))
    entry["live"] = live
    backend.set(key, json.dumps(entry))
    again = FakeApp(saves=host.saves, prefs=host.prefs)
    again.screen = screen_for(again, host.path)
    again.refresh()
    assert again.screen.phase == "play" and again.screen.lobby is None and len(again.screen.session.moves) == 1
    assert again.commands == []


def test_a_bot_keeps_an_away_phones_seat_going_until_the_phone_is_back():
    host, table, guest, network, host_id = playing_with_bo()
    while table.session.to_act() == [0]:  # Ana's turn, on the host
        table.act(0, table.session.legal(0)[0])
    host.connections.heard({"on": "live-closed", "id": host_id, "why": "closed"})  # Bo's phone drops on his turn
    host.run_timers()
    assert table.session.to_act() == [1]  # the game waits for him
    table.on_action("away-show", {"show": "true"})
    tap(host, "stand-in")
    assert "Bo (a bot plays for now)" in host.page and "Stop the bot: the game waits for Bo" in host.page
    host.run_timers()
    assert table.session.to_act() == [0] and table.session.record.moves[-1][0] == 1  # a bot played Bo's turn
    assert table.seats[1].kind == "human" and table.session.record.seats[1].kind == "human"  # still Bo's seat
    while table.session.to_act() == [0]:
        table.act(0, table.session.legal(0)[0])

    host.connections.heard({"on": "live-sdp", "id": opened(host)["id"], "sdp": CHROMIUM_OFFER})
    again, network, _id = joined(host, table, attribute(host.page, "data-invite"))
    assert 1 not in table.bots and "data-away" not in host.page  # his phone is back: the seat is his again
    host.advance(10 * PACES["slow"])  # (no bot moves for him, however slow; run_timers would tick on for 20,000 resends)
    assert table.session.to_act() == [1] and "Your turn" in again.page


def its_mine_with_bo(ana: str) -> tuple[FakeApp, object]:
    """Ana's phone hosts It's Mine! (Ana: "human" or a bot level), with Bo's seat for
    another phone, Chiara and Dario bots: the lobby."""
    app = FakeApp()
    table = table_of("itsmine")(app, [])
    app.screen = table
    table.on_action("start", {"form": {"seat0_name": "Ana", "seat0_kind": ana, "seat1_name": "Bo",
                                       "seat1_kind": "phone", "seat2_name": "Chiara", "seat2_kind": "normal",
                                       "seed": "5"}})
    return app, table


def its_mine_started(ana: str):
    """its_mine_with_bo, Bo's phone joined and the game started (started_with_bo)."""
    return started_with_bo(*its_mine_with_bo(ana))


def test_its_mine_plays_live_bo_flips_and_grabs_on_his_phone_and_sees_only_his_own_favourites():
    app, table = its_mine_with_bo("human")
    assert table.phase == "lobby"
    app.connections.heard({"on": "live-sdp", "id": opened(app)["id"], "sdp": CHROMIUM_OFFER})
    guest, network, _id = joined(app, table, attribute(app.page, "data-invite"))
    table.on_action("lobby-start", {})
    network.pump()
    app.advance(1100)  # (a ping and its pong: Bo's phone knows the host's clock)
    network.pump()
    bo = guest.screen.guest
    assert bo.game_clock() is not None and 'data-game="itsmine" data-phase="play"' in guest.page
    facts = bo.facts
    assert facts.view == plain(table.game.view(table.session.state, 1))  # Bo's favourites, no one else's
    assert facts.view != plain(table.game.view(table.session.state, 0))
    assert guest.screen.table.movers() == [1]
    drawn_at = guest.screen.table.drawing.setting().now  # (the view draws the pause against the host's clock)
    assert drawn_at > 0 and drawn_at == pytest.approx(bo.game_clock(), abs=5)

    # Flips come round (Ana's on the host, Chiara's by her bot, Bo's from his phone) until a pile is open.
    for _step in range(30):
        state = table.session.state
        if any(state.open):
            break
        if state.turn == 0:
            assert table.act(0, {"a": "f", "t": round(table.clock())})
        elif state.turn == 1:
            network.pump()
            guest.screen.table.act(1, {"a": "f", "t": 0})
            network.pump()
        app.advance(600)
        network.pump()
    pile = next(o for o, cards in enumerate(table.session.state.open) if cards)
    network.pump()
    grab = next(m for m in bo.facts.legal_by_seat[1] if m["a"] == "g" and m["p"] == [pile])
    guest.screen.table.act(1, grab)  # Bo taps "It's mine!" on his phone
    network.pump()
    app.advance(10)
    assert table.session.state.claims[pile][1] == 1 and table.session.record.moves[-1][0] == 1
    network.pump()
    assert bo.facts.moves == len(table.session.moves)


def test_a_silent_phone_is_said_to_be_away_and_each_round_trip_is_shown_when_asked():
    host, table, guest, network, host_id = playing_with_bo()
    assert "Connection details" in host.page and "Bo: " not in host.page  # (off until asked for)
    tap(host, "live-details")
    assert "Bo: not measured yet" in host.page
    drawn = host.refreshes
    host.advance(1100)  # a ping ...
    network.pump()  # ... and its pong: the details say it, with nothing else happening at the table
    host.advance(300)
    details = [markup for selector, markup in host.updates if selector == "[data-live-details]"]
    assert details and "Bo: " in details[-1] and " ms there and back" in details[-1]
    assert host.refreshes == drawn  # (only the details are drawn again: a reply being pasted is not lost)
    network.ends = []  # Bo's Wi-Fi stops carrying anything, but the channel is not closed
    host.advance(5000)
    assert 'data-silent="1"' in host.page and "Not answering for a few seconds: Bo." in host.page
    network.ends = Network(host, guest, host_id, opened(guest)["id"]).ends
    host.advance(1100)  # the next ping gets through
    network.pump()
    host.advance(300)
    assert "data-silent" not in host.page


def test_its_mine_keeps_going_with_a_bot_for_a_phone_that_left_until_it_is_back():
    app, table, guest, network, host_id = its_mine_started("normal")
    app.connections.heard({"on": "live-closed", "id": host_id, "why": "closed"})  # Bo's phone leaves
    moves = len(table.session.moves)
    table.on_action("away-show", {"show": "true"})
    tap(app, "stand-in")
    app.advance(20_000)
    assert [seat for seat, _move in table.session.record.moves[moves:]].count(1) >= 1  # Bo's flips go on
    assert table.session.record.seats[1].kind == "human"
    app.connections.heard({"on": "live-sdp", "id": opened(app)["id"], "sdp": CHROMIUM_OFFER})
    again, network, _id = joined(app, table, attribute(app.page, "data-invite"))
    assert 1 not in table.bots and again.screen.guest.seat == 1  # back: his seat, no bot


def test_a_phones_move_the_rules_refuse_while_the_bots_wait_their_turn_does_not_stop_the_bots():
    app, table, guest, network, host_id = its_mine_started("human")
    host = table.lobby.host
    host.phones[host_id].samples = [200.0]  # Bo's phone is 100 ms away: every move waits that long to be played in order
    for _step in range(12):  # until it is a bot's turn to flip
        state = table.session.state
        if state.turn in table.bots:
            break
        if state.turn == 0:
            table.act(0, {"a": "f", "t": round(table.clock())})
        else:
            guest.screen.table.act(1, {"a": "f", "t": 0})
            network.pump()
        app.advance(300)
        network.pump()
    bot, moves = table.session.state.turn, len(table.session.moves)
    assert bot in table.bots
    # Bo taps Flip though it is not his turn; while his tap waits its turn to be played,
    # the table draws the position again (as any move played in the meantime makes it).
    host.arrive(1, {"a": "f"}, table.clock(), host_id)
    table.lobby.play_due()  # (as a frame from his phone is taken: web/lobby.py live_frame)
    table.after_change()
    app.advance(6000)  # his tap is refused ...
    network.pump()
    flips = [seat for seat, move in table.session.record.moves[moves:] if move["a"] == "f"]
    assert bot in flips  # ... and the bot whose turn it is flips all the same: the table goes on
