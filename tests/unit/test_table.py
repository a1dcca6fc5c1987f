"""The shared game screen, driven without a browser through a fake app."""

import re

import pytest

from gelateria.core.record import Seat, from_json
import fakeapp
from fakeapp import FakeApp
from gelateria.core.session import name_players


def DiceTable(app, rest=None):
    """Gelatinous's table (one seat by default, no undo), its mode left to the rules: the
    tests set its seats directly, not on the new-game panel."""
    table = fakeapp.table_of("gelatinous")(app, rest)
    if not rest:
        table.options = {}
    return table


def test_names_replace_player_numbers_once():
    assert name_players("Player 1 passed to Player 2", ["Player 2", "<b>"]) == "Player 2 passed to <b>"


def test_setup_reads_names_and_seed_from_the_form():
    screen = DiceTable(FakeApp())
    screen.on_action("new-seed", {"form": {"seat0_name": "  Zoë <i> ", "seat0_kind": "human", "seed": "42"}})
    assert screen.seats[0].name == "Zoë <i>"
    assert screen.seed != 42  # "new deal" chose another after reading the form


def test_a_bad_seed_is_replaced_with_a_message():
    screen = DiceTable(FakeApp())
    screen.on_action("start", {"form": {"seed": "12abc"}})
    assert "whole number" in screen.message and screen.phase == "play"
    assert "whole number" in screen.render()


def test_bots_play_a_game_to_its_end():
    app = FakeApp()
    screen = DiceTable(app)
    app.screen = screen  # (on the page: the end screen waits for the last roll to play out there)
    screen.seats = [Seat("bot", "Robo", "normal")]
    screen.start(seed=5)
    app.run_timers()
    assert screen.phase == "over"
    assert len(screen.record.moves) == len(screen.log) - 1
    assert "data-end" in screen.render()


def test_refused_move_keeps_the_state_and_says_why():
    app = FakeApp()
    screen = DiceTable(app)
    screen.start(seed=1)
    before = screen.state
    assert not screen.act(0, {"a": "fly"})
    assert screen.state is before and screen.message
    assert screen.record.moves == []


def test_player_names_are_escaped_on_screen():
    app = FakeApp()
    screen = DiceTable(app)
    screen.seats = [Seat("human", "<script>x</script>")]
    screen.start(seed=3)
    html = screen.render()
    assert "<script>x" not in html and "&lt;script&gt;x" in html


@pytest.mark.parametrize("pace", ["slow", "instant"])
def test_pace_preference_is_kept(pace):
    app = FakeApp()
    screen = DiceTable(app)
    screen.on_action("pace", {"pace": pace})
    assert app.prefs["pace"] == pace


# --- autosave, links, undo, replay ---------------------------------------------------

from gelateria.core.record import decode  # noqa: E402


def started(seats=None, seed=4, app=None):
    return fakeapp.started(lambda app, rest: DiceTable(app), seats, seed, app)


def code_of(link):
    return link.split("/")[-1]


def test_every_move_is_saved_and_the_address_names_the_save():
    app, screen = started()
    screen.act(0, {"a": "roll"})
    screen.mounted()
    assert app.path.startswith(f"/gelatinous/play/{screen.save_id}/")
    saved = app.saves.get(screen.save_id)
    assert saved.record.moves == [[0, {"a": "roll"}]] and not saved.over


def test_the_address_opens_the_same_game_on_another_device_and_the_save_on_this_one():
    app, screen = started()
    screen.act(0, {"a": "roll"})
    screen.mounted()
    elsewhere = FakeApp()
    there = DiceTable(elsewhere, app.path.split("/")[2:])
    assert there.phase == "play" and there.state == screen.state
    # Ana plays her seat on her own device: another device watches, and keeps nothing.
    assert there.watch_only and not there.can_play() and elsewhere.saves.load_all() == []
    address = app.path
    screen.act(0, {"a": "roll"})  # this device moved on since the address was copied
    here = DiceTable(app, address.split("/")[2:])
    assert here.state == screen.state and len(here.record.moves) == 2


def test_a_game_opened_from_a_link_is_saved_once_its_player_takes_a_seat():
    _, screen = started()
    screen.act(0, {"a": "roll"})
    screen.on_action("hand-off", {})  # Ana goes on on another device of hers
    app = FakeApp()
    opened = DiceTable(app, ["game", code_of(screen.saving.links()["game"])])
    app.screen = opened
    app.refresh()
    assert opened.choosing and app.saves.load_all() == []
    opened.on_action("take-seat", {"seat": "0"})
    reloaded = DiceTable(app, app.path.split("/")[2:])
    assert reloaded.state == screen.state and reloaded.phase == "play" and reloaded.humans() == [0]
    assert [s.save_id for s in app.saves.load_all()] == [opened.save_id]


def test_a_hostile_save_id_in_the_address_is_not_used_as_a_storage_key():
    _, screen = started()
    app = FakeApp()
    opened = DiceTable(app, ["play", "../../x", code_of(screen.saving.links()["game"])])
    assert opened.phase == "play" and opened.save_id != "../../x"


def test_a_second_page_on_the_same_game_is_told_and_cannot_overwrite_it():
    app, first = started()
    first.act(0, {"a": "roll"})
    other = FakeApp(prefs=app.prefs, saves=type(app.saves)(app.saves.backend))  # another tab: the same browser
    second = DiceTable(other, ["resume", first.save_id])
    second.act(0, {"a": "roll"})
    second.act(0, {"a": "roll"})
    app.screen = first
    first.on_storage(first.save_id)  # the storage event from the other tab
    assert first.stale and "another tab" in first.render()
    assert not first.act(0, {"a": "roll"})  # refused: nothing is saved over the newer moves
    assert "out of date" in first.message
    assert len(app.saves.get(first.save_id).record.moves) == 3
    first.on_action("load-newest", {})
    assert not first.stale and first.state == second.state
    assert first.act(0, {"a": "roll"}) and len(app.saves.get(first.save_id).record.moves) == 4


def test_the_older_page_finds_out_when_it_saves_even_without_a_storage_event():
    app, first = started()
    other = FakeApp(prefs=app.prefs, saves=type(app.saves)(app.saves.backend))  # another tab: the same browser
    second = DiceTable(other, ["resume", first.save_id])
    second.act(0, {"a": "roll"})
    app.screen = first
    first.act(0, {"a": "roll"})  # its save is refused as stale
    assert first.stale and len(other.saves.get(first.save_id).record.moves) == 1


def test_full_storage_is_said_on_the_play_screen_and_play_goes_on():
    from gelateria.web.storage import MemoryBackend, SaveStore

    class Refusing(MemoryBackend):
        def set(self, key, value):
            raise RuntimeError("QuotaExceededError")

    app, screen = started(app=FakeApp(saves=SaveStore(Refusing())))
    app.screen = screen
    assert screen.act(0, {"a": "roll"}) and screen.act(0, {"a": "roll"})
    page = screen.render()
    assert "storage is full" in page and 'data-action="download"' in page and 'data-kind="game"' in page
    screen.on_action("download", {})
    name, text = app.downloads[-1]
    assert name.endswith(".json") and from_json(text).moves == screen.record.moves


def test_blocked_storage_is_said_from_the_start():
    from gelateria.web.storage import MemoryBackend, SaveStore

    app, screen = started(app=FakeApp(saves=SaveStore(MemoryBackend(persistent=False))))
    assert "lasts only while the page is open" in screen.render()


def test_a_replay_link_only_watches_and_never_shows_a_seat():
    app, screen = started(seats=[Seat("human", "Ana"), Seat("bot", "Bo", "normal")])
    screen.act(0, {"a": "roll"}) if screen.game.to_act(screen.state) == [0] else None
    link = code_of(screen.saving.links()["replay"])
    watcher = FakeApp()
    opened = DiceTable(watcher, ["replay", link])
    watcher.screen = opened
    watcher.refresh()
    assert opened.viewer() is None and opened.actor() is None
    assert 'data-action="replay-leave"' not in watcher.page or opened.game.is_over(opened.state)
    opened.on_action("replay-leave", {})
    assert opened.phase == "replay" and opened.viewer() is None
    assert watcher.saves.load_all() == [] and watcher.path == ""


def test_resume_route_returns_to_the_exact_position():
    app, screen = started()
    for _ in range(3):
        screen.act(0, {"a": "roll"})
    again = DiceTable(app, ["resume", screen.save_id])
    assert again.phase == "play" and again.state == screen.state and again.log == screen.log


def test_resume_of_a_missing_save_says_so():
    screen = DiceTable(FakeApp(), ["resume", "nothing-here"])
    assert screen.phase == "setup" and "no longer on this device" in screen.news


def test_game_link_opens_the_position_and_blocks_undo_past_it():
    app, screen = started()
    screen.act(0, {"a": "roll"})
    link = screen.saving.links()["game"]
    opened = DiceTable(FakeApp(), ["game", code_of(link)])
    assert opened.state == screen.state and opened.phase == "play"
    assert opened.undo_target() is None


def test_deal_link_prefills_the_setup():
    app, screen = started(seats=[Seat("human", "Zed")], seed=99)
    opened = DiceTable(FakeApp(), ["deal", code_of(screen.saving.links()["deal"])])
    assert opened.phase == "setup" and opened.seed == 99 and opened.seats[0].name == "Zed"
    assert decode(code_of(screen.saving.links()["deal"])).moves == []


def test_link_for_another_game_or_broken_gets_a_clear_message():
    _, screen = started()
    opened = DiceTable(FakeApp(), ["game", code_of(screen.saving.links()["game"])[:-7]])
    assert opened.phase == "setup" and "could not be opened" in opened.news

    other = encode_for("gelati")
    opened = DiceTable(FakeApp(), ["game", other])
    assert "another game" in opened.news


def encode_for(game_id):
    from gelateria.core.record import Record, encode

    return encode(Record(game_id, [Seat("human", "A"), Seat("bot", "B", "normal")], 1, {}, []))


TileTable = fakeapp.table_of("genial")  # a game with undo


def test_hot_seat_undo_asks_first():
    app = FakeApp()
    screen = TileTable(app)
    screen.seats = [Seat("human", "Ana"), Seat("human", "Bo")]
    screen.start(seed=8)
    screen.act(0, screen.session.legal(0)[0])
    screen.on_action("undo", {})
    assert screen.confirm_undo and len(screen.record.moves) == 1
    assert "Undo the last move for everyone?" in screen.render()
    screen.on_action("undo", {})
    assert screen.record.moves == []


def test_replay_steps_and_jumps_through_the_record():
    app, screen = started(seats=[Seat("bot", "Robo", "normal")], seed=5)
    app.run_timers()
    total = len(screen.record.moves)
    final = screen.state
    screen.on_action("replay", {})
    assert screen.phase == "replay" and screen.replay_index == 0 and screen.viewer() is None
    screen.on_key("ArrowRight")
    assert screen.replay_index == 1
    screen.on_action("replay-jump", {"index": str(total - 1)})
    assert screen.replay_index == total - 1
    screen.on_key("End")
    assert screen.state == final
    screen.on_key(" ")  # play from the end restarts from the first move
    app.run_timers()
    assert screen.replay_index == total
    screen.on_action("replay-leave", {})
    assert screen.phase == "over"


def test_replay_link_opens_in_replay_mode():
    app, screen = started(seats=[Seat("bot", "Robo", "normal")], seed=5)
    app.run_timers()
    opened = DiceTable(FakeApp(), ["replay", code_of(screen.saving.links()["replay"])])
    assert opened.phase == "replay" and opened.replay_index == len(screen.record.moves)
    assert "Replay: move" in opened.render()


def test_copying_the_game_link_settles_the_moves_so_far():
    app = FakeApp()
    screen = DiceTable(app)
    screen.options = {"mode": "video"}
    screen.seats = [Seat("human", "Ana"), Seat("human", "Bo")]
    screen.start(seed=8)
    screen.act(0, {"a": "roll"})
    screen.on_action("copy-link", {"kind": "game"})
    assert app.copied and "/gelatinous/game/" in app.copied[-1]
    assert screen.undo_target() is None


def test_home_lists_unfinished_games_to_continue_and_finished_ones():
    from gelateria.web.screens import HomeScreen

    app, screen = started(seats=[Seat("human", "<b>Ana</b>")])
    screen.act(0, {"a": "roll"})
    _, done = started(seats=[Seat("bot", "Robo", "normal")], seed=5, app=app)
    app.run_timers()
    html = HomeScreen(app).render()
    assert f"#/gelatinous/resume/{screen.save_id}" in html and "data-continue" in html
    assert f"#/gelatinous/resume/{done.save_id}" in html and "data-history" in html
    assert "<b>Ana" not in html and "&lt;b&gt;Ana" in html


def test_home_reports_a_corrupt_save_and_still_renders():
    from gelateria.web.screens import HomeScreen
    from gelateria.web.storage import SAVE_PREFIX

    app = FakeApp()
    app.saves.backend.set(SAVE_PREFIX + "x", "garbage")
    html = HomeScreen(app).render()
    assert "set aside" in html and "data-card" in html


class SlowThinker:
    """A bot that needs many small steps to decide (like a search), then rolls."""

    def __init__(self):
        self.steps = 0

    def think(self, view, legal, rng):
        for _ in range(200):
            self.steps += 1
            yield
        return legal[0]


def test_a_thinking_bot_gives_the_page_back_between_slices():
    app = FakeApp(tick=1.0)  # every look at the clock costs a millisecond
    screen = DiceTable(app)
    screen.seats = [Seat("bot", "Deep", "normal")]
    screen.start(seed=2)
    thinker = SlowThinker()
    screen.bots[0] = thinker
    app.run_timers(limit=1)  # the bot's turn starts
    slices = 1
    while not screen.record.moves:
        assert app.timers, "the search stopped without a move"
        app.run_timers(limit=1)
        slices += 1
    assert thinker.steps == 200 and slices > 3  # many slices, each under the budget
    assert screen.record.moves[0] == [0, {"a": "roll"}]


def test_leaving_the_game_during_a_search_drops_it():
    app = FakeApp(tick=1.0)
    screen = DiceTable(app)
    screen.seats = [Seat("bot", "Deep", "normal")]
    screen.start(seed=2)
    thinker = SlowThinker()
    screen.bots[0] = thinker
    app.run_timers(limit=3)  # thinking has started
    assert 0 < thinker.steps < 200
    screen.on_action("new-game", {})
    app.run_timers()
    assert screen.phase == "setup" and screen.record.moves == [] and thinker.steps < 200


def test_choosing_a_bot_level_in_the_panel_seats_that_bot():
    screen = DiceTable(FakeApp())
    screen.on_action("start", {"form": {"seat0_kind": "normal", "seat0_name": "Robo", "seed": "3"}})
    assert screen.seats[0] == Seat("bot", "Robo", "normal")
    screen = DiceTable(FakeApp())
    screen.on_action("start", {"form": {"seat0_kind": "grandmaster", "seat0_name": "X", "seed": "3"}})
    assert screen.seats[0].kind == "bot" and screen.seats[0].level == "normal"


def test_the_new_game_panel_says_what_each_offered_level_does():
    genial = str(fakeapp.table_of("genial")(FakeApp()).render())
    for label, words in (("Easy bot", "careless"), ("Bot", "at a glance"), ("Hard bot", "looks ahead")):
        assert f"<strong>{label}</strong>: " in genial and words in genial
    assert "half a second" in str(fakeapp.table_of("itsmine")(FakeApp()).render())  # its levels are about speed
    assert "data-level-help" not in str(DiceTable(FakeApp()).render())  # one level: nothing to explain


def test_bot_seats_show_their_level_at_the_table():
    app, screen = fakeapp.started(fakeapp.table_of("genial"), [Seat("human", "Ana"), Seat("bot", "Bo", "hard")])
    page = str(screen.render())
    assert "Bo<small class=\"bot-tag\"> · Hard bot</small>" in page and "Ana<small" not in page


def test_a_resumed_game_on_a_bots_turn_goes_on():
    gelati = fakeapp.table_of("gelati")  # (Gelatinous, a game that plays itself, waits to be set going)
    app, screen = fakeapp.started(gelati, seats=[Seat("bot", "Robo", "easy"), Seat("bot", "Bo", "easy")], seed=6)
    app.timers.clear()  # the tab closed before the bot moved
    again = gelati(app, ["resume", screen.save_id])
    assert not app.timers
    again.mounted()
    app.run_timers()
    assert again.phase == "over"


def test_undo_against_bots_takes_back_my_whole_turn():
    from gelateria.web.routes import table_for

    app = FakeApp()
    screen = table_for(app, "gelati")
    screen.seats = [Seat("human", "Ana"), Seat("bot", "Bo", "normal")]
    screen.start(seed=7)
    place = next(m for m in screen.game.legal_moves(screen.state, 0) if "p" in m)
    screen.act(0, place)
    screen.act(0, {"end": 1})
    app.run_timers()  # the bot's whole turn
    assert screen.game.to_act(screen.state) == [0] and len(screen.record.moves) > 2
    screen.on_action("undo", {})
    fresh = screen.game.new(2, 7, {})
    assert screen.record.moves == [] and screen.game.view(screen.state, 0) == screen.game.view(fresh, 0)
    assert app.saves.get(screen.save_id).record.moves == []


def test_the_new_game_panel_copies_a_link_to_its_deal():
    app = FakeApp()
    screen = DiceTable(app)
    screen.on_action("copy-deal", {"form": {"seat0_name": "Zoë", "seat0_kind": "human", "seed": "77"}})
    assert screen.phase == "setup" and "/gelatinous/deal/" in app.copied[-1]
    record = decode(code_of(app.copied[-1]))
    assert record.seed == 77 and record.seats[0].name == "Zoë" and record.moves == []
    assert app.copied[-1] in screen.render()


def test_a_friends_address_with_newer_moves_brings_them():
    app, mine = started()
    mine.act(0, {"a": "roll"})
    mine.on_action("hand-off", {})  # the seat is let go, for whoever opens the address to take
    friend = FakeApp()
    theirs = DiceTable(friend, app.path.split("/")[2:])
    friend.screen = theirs
    theirs.on_action("take-seat", {"seat": "0"})
    theirs.act(0, {"a": "roll"})
    theirs.act(0, {"a": "roll"})
    back = DiceTable(app, friend.path.split("/")[2:])  # their address, opened on my device
    assert len(back.record.moves) == 3 and back.save_id == mine.save_id and back.undo_target() is None
    assert len(app.saves.get(mine.save_id).record.moves) == 3  # saved on top of mine


def test_an_address_that_went_another_way_opens_apart_and_the_save_here_stays():
    from gelateria.core.record import Record, encode

    app, mine = started(seats=[Seat("human", "Ana")])
    mine.act(0, {"a": "roll"})
    other_deal = Record("gelatinous", [Seat("human", "Ana")], 12345, dict(mine.record.options), [[0, {"a": "roll"}]])
    opened = DiceTable(app, ["play", mine.save_id, encode(other_deal)])
    assert opened.save_id != mine.save_id and "different turn" in opened.news
    assert app.saves.get(mine.save_id).record == mine.record


def test_watching_a_finished_replay_link_cannot_become_a_game():
    app, screen = started()
    while screen.phase == "play":
        screen.act(0, {"a": "roll"})
    watcher = FakeApp()
    opened = DiceTable(watcher, ["replay", code_of(screen.saving.links()["replay"])])
    watcher.screen = opened
    opened.on_action("replay-leave", {})  # back to the result: fine, it is over
    assert opened.phase == "over" and opened.undo_target() is None and not opened.can_play()
    opened.on_action("same-seats", {})  # a new game of one's own is a game again
    assert not opened.watch_only and opened.phase == "play" and watcher.saves.load_all()


def test_a_newer_copy_that_cannot_be_replayed_is_set_aside_and_this_game_goes_on():
    import json

    from gelateria.core.record import Record, encode
    from gelateria.web.storage import SAVE_PREFIX

    app, screen = started()
    app.screen = screen
    screen.act(0, {"a": "roll"})
    broken = Record("gelatinous", screen.record.seats, screen.record.seed, screen.record.options, [[0, {"a": "fly"}]])
    app.saves.backend.set(SAVE_PREFIX + screen.save_id, json.dumps({"v": 1, "rev": 99, "link": encode(broken)}))
    screen.on_storage(screen.save_id)
    assert screen.stale
    screen.on_action("load-newest", {})
    assert not screen.stale and "set aside" in screen.news
    assert app.saves.get(screen.save_id).record == screen.record
    assert app.saves.get(screen.save_id).revision == 100  # past the set-aside copy: its tab will be told
    assert screen.act(0, {"a": "roll"})


TileTable = fakeapp.table_of("gelati")


def test_back_at_your_turn_you_see_every_move_since_your_last_and_each_was_announced():
    app = FakeApp()
    screen = TileTable(app)
    app.screen = screen
    screen.seats = [Seat("human", "Ana"), Seat("bot", "Bo", "easy"), Seat("bot", "Cy", "easy")]
    screen.start(seed=3)
    assert "Before your first turn" in screen.render() and 'data-since="0"' in screen.render()
    while screen.session.to_act() == [0]:  # my whole turn, whatever its steps
        screen.act(0, screen.session.legal(0)[0])
    mine = len(screen.record.moves)
    app.run_timers()  # the bots play until it is my turn again
    assert screen.session.to_act() == [0]
    others = screen.log[1 + mine:]
    assert {seat for seat, _ in screen.record.moves[mine:]} == {1, 2} and others
    page = screen.render()
    assert "Since your last turn" in page and f'data-since="{len(others)}"' in page
    assert all(line in page for line in others)
    assert app.announced == screen.log[1:]  # every move, mine and the bots', in order
    # My first step of this turn: the box still lists theirs (not "Nothing yet").
    screen.act(0, screen.session.legal(0)[0])
    assert screen.session.to_act() == [0] and f'data-since="{len(others)}"' in screen.render()


def test_the_more_sheet_opens_and_closes_as_its_buttons_say_however_often_they_are_tapped():
    app, screen = started()
    app.screen = screen
    screen.on_action("sheet", {"open": "true"})
    assert 'data-sheet="open"' in app.page
    # Close tapped twice before the page redrew: the second tap must not open it again.
    screen.on_action("sheet", {"open": "false"})
    screen.on_action("sheet", {"open": "false"})
    assert 'data-sheet="closed"' in app.page
    assert re.search(r'<button[^>]*aria-expanded="false"[^>]*data-open="true"', app.page)  # More says it opens


def race_to_the_end(seats, seed):
    """Dice Race played out at one screen, each human taking the longest step (bots
    as they will); the end screen's headline."""
    app, screen = fakeapp.started(fakeapp.table_of("race"), seats, seed=seed)
    app.screen = screen
    while not screen.session.is_over():
        app.run_timers()  # (the bots' moves)
        if screen.session.is_over():
            break
        legal = screen.facts().legal
        if not legal:  # a hand-over (the race has secrets): the next player takes the device
            screen.on_action("take-device", {"seat": screen.session.to_act()[0]})
            continue
        step = max(m["step"] for m in legal)
        fakeapp.click(screen, "step", {"step": step})
        fakeapp.click(screen, "go")
    return re.search(r"data-end.*?<h2>(.*?)</h2>", screen.render()).group(1)


def test_the_headline_calls_this_devices_one_player_you_as_the_game_does():
    ana, bo = Seat("human", "Ana"), Seat("bot", "Bo", "random")
    said = {race_to_the_end([ana, bo], seed) for seed in range(1, 6)}
    assert said == {"You win!", "Bo wins!"}  # never "Ana wins!": this screen calls her "You"
    # Two humans at one screen: neither is "You".
    assert race_to_the_end([ana, Seat("human", "Cy")], 2) in ("Ana wins!", "Cy wins!")
