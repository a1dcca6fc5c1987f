"""A device plays only the seats it holds (core/seats.py and the table's links): what a
link shows and lets do on another device, and what a link that comes back may bring."""

from __future__ import annotations

import pytest

from fakeapp import FakeApp, started, table_of  # tests/unit is on sys.path under pytest
from gelateria.core import seats
from gelateria.core.i18n import set_language
from gelateria.core.record import Record, RecordError, Seat, decode, encode
from gelateria.games.gelati.rules import tile_text
from gelateria.web.storage import SaveStore

ANA_BO = [Seat("human", "Ana"), Seat("human", "Bo")]

gelati_table = table_of("gelati")
its_mine = table_of("itsmine")


def code_of(link: str) -> str:
    return link.rsplit("/", 1)[-1]


def route_of(link: str) -> list[str]:
    return link.split("#/", 1)[1].split("/")[1:]


def secrets_of(table, seat: int) -> list[str]:
    """What of `seat`'s hidden hand a page could show: each tile's words."""
    return [tile_text(t) for t in table.state.hands[seat]]


def play_turn(table, seat: int) -> None:
    """`seat` plays legal moves until the turn passes on (the first legal move each time)."""
    while table.state.turn == seat and table.phase == "play":
        assert table.act(seat, table.session.legal(seat)[0]), table.message


def open_on(app, make, link: str):
    table = make(app, route_of(link))
    app.screen = table
    app.refresh()
    return table


def gelati_for_two():
    """Ana's device starts Ana v Bo (hot-seat) and gives Bo his seat by link at the hand-over."""
    ana_app, ana = started(gelati_table, ANA_BO, seed=11)
    ana_app.screen = ana
    ana.on_action("take-device", {"seat": "0"})
    play_turn(ana, 0)
    assert "data-handover" in ana.render()
    ana.on_action("give-seat", {"seat": "1"})
    return ana_app, ana, ana_app.copied[-1]


def test_the_device_that_starts_a_game_holds_its_humans_and_the_record_says_so():
    app, ana = started(gelati_table, ANA_BO + [Seat("bot", "Cy", "easy")], seed=3)
    assert ana.humans() == [0, 1] and seats.held_by(ana.record, ana.saving.device) == [0, 1]
    assert decode(encode(ana.record)).holders == [ana.saving.device, ana.saving.device, ""]
    assert app.prefs["device"] == ana.saving.device


def test_giving_a_seat_at_the_hand_over_lets_it_go_and_waits_for_its_player():
    ana_app, ana, link = gelati_for_two()
    assert ana.humans() == [0] and decode(code_of(link)).holders == [ana.saving.device, ""]
    html = ana.render()
    assert "data-handover" not in html and 'data-waiting="1"' in html and "Waiting for Bo" in html
    assert "I&#x27;m Bo" not in html and "I'm Bo" not in html
    assert not any(f'data-hand="{t}"' in html for t in ana.state.hands[1])
    assert ana.state.turn == 1 and ana.actor() is None and "data-spot" not in html
    assert not ana.act(1, ana.session.legal(1)[0]) and ana.record.moves == ana_app.saves.get(ana.save_id).record.moves


def test_a_link_opened_elsewhere_shows_no_secret_until_a_free_seat_is_taken_and_never_the_senders():
    _, ana, link = gelati_for_two()
    bo_app = FakeApp()
    bo = open_on(bo_app, gelati_table, link)
    html = bo.render()
    assert bo.choosing and "data-chooser" in html and "Which player are you?" in html
    assert 'data-action="take-seat" data-seat="1"' in html and 'data-seat="0"' not in html
    assert "Ana plays on another device" in html
    for seat in (0, 1):
        assert not any(f'data-hand="{t}"' in html for t in ana.state.hands[seat])
    assert bo_app.saves.load_all() == []  # nothing is kept until a seat is taken
    bo.on_action("take-seat", {"seat": "0"})  # Ana's seat: not offered, and not taken
    assert bo.humans() == [] and bo.choosing
    bo.on_action("take-seat", {"seat": "1"})
    html = bo.render()
    assert bo.humans() == [1] and not bo.choosing and "You play as Bo on this device." in html
    assert all(f'data-hand="{t}"' in html for t in bo.state.hands[1])
    assert not any(f'data-hand="{t}"' in html for t in bo.state.hands[0])
    assert [s.record.holders for s in bo_app.saves.load_all()] == [[ana.saving.device, bo.saving.device]]
    # Bo's device never acts for Ana, nor offers to show her turn.
    play_turn(bo, 1)
    html = bo.render()
    assert 'data-waiting="0"' in html and "data-handover" not in html and "I&#x27;m Ana" not in html
    assert not bo.act(0, bo.session.legal(0)[0])


def test_a_move_for_a_seat_held_here_that_came_by_link_is_refused_and_nothing_is_replaced():
    ana_app, ana, link = gelati_for_two()
    bo_app = FakeApp()
    bo = open_on(bo_app, gelati_table, link)
    bo.on_action("take-seat", {"seat": "1"})
    play_turn(bo, 1)
    # Bo forges a move for Ana into the record he sends back.
    forged = bo.record.with_moves(bo.record.moves + [[0, bo.session.legal(0)[0]]])
    before = ana_app.saves.get(ana.save_id).record
    back = open_on(ana_app, gelati_table, f"http://x/#/gelati/game/{encode(forged)}")
    assert "was not taken" in back.news and "Ana" in back.news
    assert ana_app.saves.get(ana.save_id).record == before and back.record.moves == before.moves
    # Forged into the address (with the save's id) it is refused just the same.
    address = f"http://x/#/gelati/play/{ana.save_id}/{encode(forged)}"
    back = open_on(ana_app, gelati_table, address)
    assert "was not taken" in back.news and ana_app.saves.get(ana.save_id).record == before
    # Bo's honest link brings his moves, and Ana's seat stays hers.
    back = open_on(ana_app, gelati_table, bo_app.link(bo.saving.address()))
    assert back.record.moves == bo.record.moves and back.humans() == [0] and back.save_id == ana.save_id
    assert ana_app.saves.get(ana.save_id).record.holders == [ana.saving.device, bo.saving.device]


def test_a_link_claiming_a_seat_for_another_device_does_not_take_it_from_this_one():
    ana_app, ana, _link = gelati_for_two()
    stolen = ana.record.with_holders(["0123456789ab", ""])
    back = open_on(ana_app, gelati_table, f"http://x/#/gelati/game/{encode(stolen)}")
    assert back.humans() == [0] and back.save_id == ana.save_id


def test_seat_holding_survives_a_reload_and_a_language_switch():
    ana_app, ana, _link = gelati_for_two()
    try:
        for language in ("ja", "ko", "en"):
            set_language(language)
            again = open_on(ana_app, gelati_table, ana_app.link(ana.saving.address()))
            assert again.humans() == [0] and again.save_id == ana.save_id and not again.choosing
            resumed = gelati_table(ana_app, ["resume", ana.save_id])
            assert resumed.humans() == [0]
    finally:
        set_language("en")


def test_a_second_tab_of_the_same_browser_is_the_same_device():
    app, ana = started(gelati_table, ANA_BO, seed=2)
    tab = FakeApp(prefs=app.prefs, saves=SaveStore(app.saves.backend))
    assert gelati_table(tab, ["resume", ana.save_id]).humans() == [0, 1]


def test_records_and_links_from_before_devices_held_seats_still_open():
    old = Record("gelati", ANA_BO, 5, {}, [])
    assert "h" not in old.to_dict()
    app = FakeApp()
    # This device's own old save with one human: that human plays here, as before.
    app.saves.save("gelati-ab11", Record("gelati", [Seat("human", "Ana"), Seat("bot", "Bo", "easy")], 5), over=False,
                   summary="")
    assert gelati_table(app, ["resume", "gelati-ab11"]).humans() == [0]
    # With several humans it may have been played by link: its player says who plays here
    # ("All of us": hot-seat as it was), and the answer is kept.
    app.saves.save("gelati-ab12", old, over=False, summary="")
    table = gelati_table(app, ["resume", "gelati-ab12"])
    app.screen = table
    assert table.choosing and "All of us, on this device" in table.render()
    table.on_action("take-seat", {"seat": "all"})
    assert table.humans() == [0, 1] and "You play as Ana and Bo on this device." in table.render()
    assert gelati_table(app, ["resume", "gelati-ab12"]).humans() == [0, 1]
    # Someone else's old link: its player says which seat is theirs.
    table = open_on(FakeApp(), gelati_table, f"http://x/#/gelati/game/{encode(old)}")
    assert table.choosing and table.humans() == []
    table.on_action("take-seat", {"seat": "0"})
    assert table.humans() == [0]


@pytest.mark.parametrize("holders", [["zz", ""], ["0123456789ab"], ["", "0123456789ab", ""], "ab", [1, 2]])
def test_a_link_with_unreadable_holders_is_refused_with_a_message(holders):
    d = Record("gelati", ANA_BO, 5, {}, []).to_dict() | {"h": holders}
    import json
    import zlib
    import base64
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = comp.compress(json.dumps(d).encode()) + comp.flush()
    with pytest.raises(RecordError, match="which device plays each seat"):
        decode("1" + base64.urlsafe_b64encode(raw).decode().rstrip("="))


def test_a_bot_seat_cannot_be_held():
    d = Record("gelati", [Seat("human", "Ana"), Seat("bot", "Bo", "easy")], 5, {}, [], holders=["", "0123456789ab"])
    with pytest.raises(RecordError):
        decode(encode(d))


# --- It's Mine! (real time) ---------------------------------------------------------------------

ANA_AND_BOTS = [Seat("human", "Ana"), Seat("bot", "Bo", "normal"), Seat("bot", "Cy", "normal")]


def test_its_mine_offers_no_play_by_link_and_a_mid_game_link_shows_no_favourite():
    app, ana = started(its_mine, ANA_AND_BOTS, seed=4)
    app.screen = ana
    app.advance(2_000)
    ana.on_action("share", {})
    html = ana.render()
    assert 'data-link="game"' not in html and 'data-link="replay"' not in html  # replay once over
    assert 'data-link="deal"' in html and 'data-action="hand-off"' in html
    assert "send the new link" not in html
    watcher_app = FakeApp()
    watcher = open_on(watcher_app, its_mine, app.link(ana.saving.address()))
    html = watcher.render()
    assert watcher.watch_only and not watcher.choosing and watcher.humans() == []
    assert "data-watching" in html and "Play this deal yourself" in html and "Peek" not in html and "favourite" not in html.lower().replace("favourites-", "")
    moves = len(watcher.record.moves)
    watcher_app.advance(5_000)
    assert len(watcher.record.moves) == moves  # the game runs on Ana's device, not here
    assert watcher_app.saves.load_all() == []


def test_its_mine_moves_to_another_device_of_mine_and_stops_here():
    app, ana = started(its_mine, ANA_AND_BOTS, seed=4)
    app.screen = ana
    app.advance(2_000)
    ana.on_action("share", {})
    ana.on_action("hand-off", {})
    assert ana.humans() == [] and ana.watch_only and ana.pending is None
    html = ana.render()
    assert 'data-link="take"' in html and "stopped here" in html
    moves = len(ana.record.moves)
    app.advance(5_000)
    assert len(ana.record.moves) == moves
    assert app.saves.get(ana.save_id).record.holders == ["", "", ""]
    other_app = FakeApp()
    other = open_on(other_app, its_mine, ana.saving.links()["take"])
    assert other.humans() == [0] and not other.watch_only and "moved here" in other.news
    other_app.advance(1_000)
    assert other.session.view(None)["turn"] == 0  # Ana flips next, on the device she moved to
    other.on_action("flip", {})
    assert len(other.record.moves) == moves + 1 and other.record.moves[-1][0] == 0
    ana.on_action("flip", {})
    assert len(ana.record.moves) == moves  # the device she left plays for nobody


def test_a_game_link_back_to_a_device_with_the_game_saved_goes_on_from_the_save():
    ana_app, ana, link = gelati_for_two()
    bo = open_on(FakeApp(), gelati_table, link)
    bo.on_action("take-seat", {"seat": "1"})
    play_turn(bo, 1)
    reopened = FakeApp(prefs=ana_app.prefs, saves=SaveStore(ana_app.saves.backend))  # a new page on her device
    back = open_on(reopened, gelati_table, bo.saving.links()["game"])  # found by its deal, not by an id
    assert back.save_id == ana.save_id and back.humans() == [0] and back.record.moves == bo.record.moves
    play_turn(back, 0)
    assert not back.stale and reopened.saves.get(ana.save_id).record.moves == back.record.moves


@pytest.mark.parametrize("make", [gelati_table, its_mine])
def test_an_old_link_asks_which_player_you_are_in_every_game(make):
    seats_ = [Seat("human", "Ana"), Seat("bot", "Bo", "normal"), Seat("bot", "Cy", "normal")]
    game = make(FakeApp(), []).game_id
    table = open_on(FakeApp(), make, f"http://x/#/{game}/game/{encode(Record(game, seats_, 5, {}, []))}")
    html = table.render()
    assert table.choosing and "data-chooser" in html and 'data-action="take-seat" data-seat="0"' in html
    table.on_action("take-seat", {"seat": "0"})
    assert table.humans() == [0] and "data-chooser" not in table.render()


# --- what the review of this change found ----------------------------------------------------------

def test_a_take_link_for_a_game_saved_here_cannot_bring_a_move_for_a_seat_held_here():
    ana_app, ana, link = gelati_for_two()
    bo = open_on(FakeApp(), gelati_table, link)
    bo.on_action("take-seat", {"seat": "1"})
    play_turn(bo, 1)
    forged = bo.record.with_moves(bo.record.moves + [[0, bo.session.legal(0)[0]]]).with_holders(["", ""])
    before = ana_app.saves.get(ana.save_id).record
    table = open_on(ana_app, gelati_table, f"http://x/#/gelati/take/{encode(forged)}")
    assert "was not taken" in table.news and table.save_id == ana.save_id and table.humans() == [0]
    assert ana_app.saves.get(ana.save_id).record == before and len(ana_app.saves.load_all()) == 1


def test_a_link_naming_this_device_is_not_taken_at_its_word():
    app, ana = started(gelati_table, ANA_BO, seed=9)
    other = FakeApp()
    planted = ana.record.with_holders([seats.device_of(other.prefs) or "", ""])
    table = open_on(other, gelati_table, f"http://x/#/gelati/game/{encode(planted)}")
    table = open_on(other, gelati_table, f"http://x/#/gelati/game/{encode(planted.with_holders([table.saving.device, '']))}")
    assert table.humans() == [] and table.choosing  # it asks, and offers that seat as free
    assert 'data-action="take-seat" data-seat="0"' in table.render()


def test_a_seat_given_by_mistake_can_be_played_here_again():
    ana_app, ana, _link = gelati_for_two()
    html = ana.render()
    assert "Play Bo here" in html
    ana.on_action("take-seat", {"seat": "1"})
    assert ana.humans() == [0, 1] and "data-waiting" not in ana.render()


def test_two_saves_of_one_deal_the_link_goes_to_the_one_this_device_plays():
    ana_app, ana, link = gelati_for_two()
    fresh = gelati_table(ana_app, ["deal", code_of(ana.saving.links()["deal"])])  # the same deal, same names, anew
    fresh.start()
    bo = open_on(FakeApp(), gelati_table, link)
    bo.on_action("take-seat", {"seat": "1"})
    play_turn(bo, 1)
    back = open_on(ana_app, gelati_table, bo.saving.links()["game"])
    assert back.save_id == ana.save_id and back.record.moves == bo.record.moves and "not taken" not in back.news


def test_its_mine_with_two_humans_from_an_old_link_is_played_all_on_one_device():
    old = Record("itsmine", [Seat("human", "Ana"), Seat("human", "Bo"), Seat("bot", "Cy", "normal")], 5, {}, [])
    table = open_on(FakeApp(), its_mine, f"http://x/#/itsmine/game/{encode(old)}")
    html = table.render()
    assert "I&#x27;m Ana" not in html and "I'm Ana" not in html and "All of us, on this device" in html
    table.on_action("take-seat", {"seat": "0"})
    assert table.humans() == [0, 1]


def test_a_downloaded_game_opens_as_this_devices_own():
    from gelateria.core.record import to_json
    from gelateria.web.screens import HomeScreen

    app, ana = started(its_mine, ANA_AND_BOTS, seed=4)
    phone = FakeApp()
    home = HomeScreen(phone)
    phone.screen = home
    home.on_import(to_json(ana.record))
    table = open_on(phone, its_mine, "http://x/#" + phone.went)
    assert table.humans() == [0] and not table.watch_only
