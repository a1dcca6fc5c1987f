"""Whole turns with the keyboard alone, key presses counted (run with -s to see them):
no action should need more than a few, and focus never falls to the page after one."""

from __future__ import annotations

from gelateria.core.session import play
from gelateria.core.record import Record, Seat, encode
from gelateria.games.gelati.rules import GAME as GELATI

from conftest import take_seat

# --- Gelati ------------------------------------------------------------------------------------


def gelati_focus(page) -> dict:
    """What has the focus: its tag, data-action, board space and screen centre."""
    return page.evaluate("""() => { const e = document.activeElement; const r = e.getBoundingClientRect();
        return {body: e === document.body || e === null, tag: e.tagName.toLowerCase(), action: e.dataset.action || null,
                spot: e.dataset.spot || null, part: e.dataset.part || null, x: r.x + r.width / 2, y: r.y + r.height / 2}; }""")


def gelati_press(page, counts: dict, action: str, key: str) -> dict:
    page.keyboard.press(key)
    counts[action] = counts.get(action, 0) + 1
    focus = gelati_focus(page)
    assert not focus["body"], f"focus fell to the page after {key} ({action})"
    return focus


def gelati_log_has(page, start: str) -> bool:
    return page.evaluate("s => [...document.querySelectorAll('[data-log] li')].some(li => li.textContent.startsWith(s))", start)


def gelati_trade_link() -> str:
    """A position from a real game (two normal bots) handed to a human, Ana, as she is
    to place a tile holding at least two parts, so her step 2 can trade."""
    session = play(GELATI, ["normal", "normal"], 3)
    _, record = session.state, session.record
    s = GELATI.new(2, 3)
    for k, (player, move) in enumerate(record.moves):
        if (s.turn == 0 and s.phase == "place" and sum(s.held[0]) >= 2 and len(s.board) >= 12
                and any("p" in m for m in GELATI.legal_moves(s, 0))):
            break
        s = GELATI.apply(s, player, move)
    else:
        raise AssertionError("no such position in this game")
    return encode(Record("gelati", [Seat("human", "Ana"), Seat("bot", "Bo", "normal")], 3, {}, record.moves[:k]))


def gelati_place(page, counts: dict, focus: dict) -> None:
    """From a focused space: an arrow to another space (it moves by where the spaces
    are on screen), then Enter to look and Enter to place."""
    assert focus["action"] == "cell"
    for key, (dx, dy) in (("ArrowRight", (1, 0)), ("ArrowLeft", (-1, 0)), ("ArrowDown", (0, 1)), ("ArrowUp", (0, -1))):
        moved = gelati_press(page, counts, "move between spaces", key)
        if moved["spot"] != focus["spot"]:
            assert moved["action"] == "cell"
            assert (moved["x"] - focus["x"]) * dx + (moved["y"] - focus["y"]) * dy > 0, (key, focus, moved)
            focus = moved
            break
    focus = gelati_press(page, counts, "place", "Enter")
    assert focus["action"] == "cell" and page.locator("[data-confirm]").count() == 1  # looking: the tile shown there
    gelati_press(page, counts, "place", "Enter")
    page.wait_for_function("() => [...document.querySelectorAll('[data-log] li')].some(li => li.textContent.startsWith('Ana placed'))")


def gelati_can_give(page, part: str) -> bool:
    """The chip shows "×2" (none given yet) or "1/2" (one of two given): one more to give."""
    chip = page.locator(f"[data-action='trade-give'][data-part='{part}']")
    if chip.is_disabled():
        return False
    shown = chip.locator(".gl-count").inner_text().strip()
    if shown.startswith("×"):
        return True
    given, held = (int(n) for n in shown.split("/"))
    return given < held


def gelati_given(page) -> int:
    """How many parts are picked to give (a picked chip shows "given/held")."""
    shown = page.locator("[data-action='trade-give'][aria-pressed='true'] .gl-count").all_inner_texts()
    return sum(int(text.strip().split("/")[0]) for text in shown)


def gelati_trade(page, counts: dict) -> bool:
    """In step 2, Tab to the parts to give and take, Enter on each, Enter on Trade.
    False when no trade is offered."""
    if not page.locator("[data-action='trade-give']:not([disabled])").count():
        return False
    if page.locator("details[data-trade]:not([open])").count():
        while gelati_focus(page)["tag"] != "summary":
            gelati_press(page, counts, "open the trade picker", "Tab")
        gelati_press(page, counts, "open the trade picker", "Enter")
    # Two parts to give: Enter on a chip gives one more of that part while there is one
    # more to give, else Tab on to the next chip.
    while not page.locator("[data-action='trade-get']:not([disabled])").count():
        focus = gelati_focus(page)
        if focus["action"] == "trade-give" and gelati_can_give(page, focus["part"]):
            focus = gelati_press(page, counts, "give two parts", "Enter")
            # Focus stays on the chip, or (two given) moves on to a part to take.
            assert focus["action"] == "trade-give" or (focus["action"] == "trade-get" and gelati_given(page) == 2)
        else:
            gelati_press(page, counts, "give two parts", "Tab")
    while gelati_focus(page)["action"] != "trade-get":
        gelati_press(page, counts, "take one part", "Tab")
    focus = gelati_press(page, counts, "take one part", "Enter")
    assert focus["action"] == "trade"  # the trade is ready: its button is next
    focus = gelati_press(page, counts, "trade", "Enter")
    page.wait_for_function("() => [...document.querySelectorAll('[data-log] li')].some(li => li.textContent.startsWith('Ana traded'))")
    if page.locator("[data-end-bar]").count():
        assert focus["action"] in ("end-turn", "discard", "order", "trade-give"), focus  # on to what is next
    else:  # nothing left to do: the turn ended by itself, and focus is on the board
        assert focus["tag"] == "svg", focus
    return True


def gelati_finish(page, counts: dict) -> None:
    """Step 2 (if the turn has one): discard while asked, then End turn, where focus is."""
    if not page.locator("[data-end-bar]").count():
        return
    while page.locator("[data-action='discard']").count():
        if gelati_focus(page)["action"] != "discard":
            gelati_press(page, counts, "discard", "Tab")
        gelati_press(page, counts, "discard", "Enter")
    focus = gelati_focus(page)
    assert focus["action"] == "end-turn", focus
    gelati_press(page, counts, "end the turn", "Enter")
    page.wait_for_selector("[data-end-bar]", state="detached")


def test_gelati_turn_by_keyboard(site, watched):
    page = watched.open(site.url + "#/gelati")
    page.fill("#seed", "7")
    page.get_by_role("button", name="Start game").click()  # the new-game panel; from here on, keys only
    page.wait_for_selector("[data-game='gelati'][data-phase='play'] [data-spot]")
    first = gelati_focus(page)
    assert first["action"] == "cell", first  # the game starts with focus on the board's best space
    counts: dict[str, int] = {}
    focus = gelati_press(page, counts, "choose a tile", "2")
    assert page.locator("[data-hand-list] button[data-hand]").nth(1).get_attribute("aria-pressed") == "true"
    assert focus["action"] == "cell"  # still at the board, on the new tile's best space
    gelati_place(page, counts, focus)
    gelati_finish(page, counts)
    print("\nGelati turn by keyboard (from the start):", counts, "total", sum(counts.values()))
    assert counts["choose a tile"] == 1 and counts["place"] == 2 and counts["move between spaces"] <= 4
    assert sum(counts.values()) <= 10

    # Back to Ana after the bot: focus went back to the board, so no key is needed to get there.
    page.wait_for_selector("[data-turn='0'] ", state="attached", timeout=60_000)
    page.wait_for_selector("[data-spot]")
    assert gelati_focus(page)["action"] == "cell"

    # A turn with a trade in step 2, from a game opened by link (focus starts on the title).
    page = watched.open(site.url + "#/gelati/game/" + gelati_trade_link())
    take_seat(page)
    page.wait_for_selector("[data-spot]")
    counts = {}
    focus = gelati_press(page, counts, "reach the board", "Tab")
    assert focus["action"] == "news-close"  # the notice about the link first, where it is read
    focus = gelati_press(page, counts, "reach the board", "Tab")
    gelati_place(page, counts, focus)
    traded = gelati_trade(page, counts)
    gelati_finish(page, counts)
    print("Gelati turn with a trade by keyboard:", counts, "total", sum(counts.values()))
    assert traded
    assert counts["reach the board"] == 2 and counts["place"] == 2
    assert all(n <= 6 for n in counts.values()), counts
    assert watched.errors == [] and watched.foreign == []
