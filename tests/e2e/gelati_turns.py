"""A live Gelati table set up, and its turns played as players play them, each on their
own phone: for the live table's e2e and its bench (tests/bench/live.py), so that both
play the same way."""

from __future__ import annotations

def open_live_table(host, seed: int) -> None:
    """On the host's new-game panel for Gelati: Ana here, Bo's and Chiara's seats for
    other phones, Dario a bot; the deal `seed`; started (the lobby opens)."""
    host.wait_for_selector("select[name='seat1_kind']")
    for _ in range(2):
        host.get_by_role("button", name="Add player").click()
    for seat, name in enumerate(["Ana", "Bo", "Chiara", "Dario"]):
        host.fill(f"#seat{seat}_name", name)
    host.select_option("select[name='seat1_kind']", "phone")
    host.select_option("select[name='seat2_kind']", "phone")
    host.select_option("select[name='seat3_kind']", "normal")
    host.fill("#seed", str(seed))
    host.get_by_role("button", name="Start game").click()


# The seat's own phone is ready for its turn: a glowing space to place on, or an exchange
# or a pass to choose, or step 2's bar (its Facts have arrived, and no move is on its way).
TURN_READY = "[data-spot][tabindex='0'], [data-step='exchange'], [data-step='pass'], [data-end-bar]"


def idle(page) -> None:
    """The page's Python has answered every tap, and no move of a guest's phone is on its
    way to the host (its table is aria-busy until the host answers)."""
    page.wait_for_function("() => window.gelateriaShell.idle() && !document.querySelector('[aria-busy=true]')")


# The log's newest line is another than `t` (the log is redrawn with the table: it may be
# gone for a moment).
NEWER_LOG = "t => { const newest = document.querySelector('[data-log] li'); return !!newest && newest.textContent !== t; }"


def play_a_turn(page) -> None:
    """Exchange if asked, place on the first glowing space (two taps), then in step 2
    discard down to five and end the turn, unless the game ended it (nothing else to do)."""
    page.wait_for_selector(TURN_READY)
    while page.locator("[data-step='exchange'] [data-action='exchange']").count():
        page.locator("[data-action='exchange']").first.click()
        idle(page)
    if page.locator("[data-step='pass']").count():
        page.locator("[data-action='pass']").click()
        return
    if not page.locator("[data-end-bar]").count():
        newest = page.locator("[data-log] li").first.text_content()
        page.locator("[data-spot][tabindex='0']").click()
        page.locator(".gl-aim").click()
        page.wait_for_function(NEWER_LOG, arg=newest)
    idle(page)
    while page.locator("[data-end-bar] [data-action='discard']").count():
        page.locator("[data-action='discard']").first.click()
        idle(page)
    end = page.locator("[data-end-bar] [data-action='end-turn']")
    if end.count():
        end.click()


def turn_on_host(host) -> int | None:
    """Whose turn the host's table shows, once it shows one (None: the game is over)."""
    host.wait_for_selector("[data-turn], [data-end]")
    turn = host.locator("[data-turn]")
    return None if host.locator("[data-end]").count() else int(turn.first.get_attribute("data-turn"))


def play_turns(host, phones: dict, turns: int | None = None) -> int:
    """Each seat plays on its own phone when the host says it is its turn (the bot on the
    host), for `turns` human turns or to the end; returns the human turns played."""
    played = 0
    while turns is None or played < turns:
        seat = turn_on_host(host)
        if seat is None:
            return played
        if seat in phones:
            phones[seat].wait_for_selector(f"[data-turn='{seat}']")
            play_a_turn(phones[seat])
            played += 1
        host.wait_for_function("s => !document.querySelector(`[data-turn='${s}']`)", arg=seat)
    return played
