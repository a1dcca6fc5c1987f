"""A Genial Spezial turn with the keyboard alone (issue 18), counting key presses:
from Start (pressed with Enter) the focus is on the board's cursor; arrows move it
spatially, Enter picks the first half and the second, a number key chooses a golden
space's colour, Enter places the tile, Esc cancels. Focus never falls to the page
(body) after an action, nor while the bot replies. The counts are printed.

(Genial Spezial has no hand to choose from and no bonus turn in these rules: every
tile is the same double hex, and golden spaces give a point of a chosen colour, so a
turn is: first half, second half, golden colour if any, place.)"""

from __future__ import annotations

MOST_PER_ACTION = 4  # "a few": no single action may need more key presses than this


class Keys:
    """Presses keys and counts them per action; after every press, checks where the focus is."""

    def __init__(self, page):
        self.page = page
        self.counts: dict[str, int] = {}

    def press(self, action: str, key: str) -> None:
        self.page.keyboard.press(key)
        self.counts[action] = self.counts.get(action, 0) + 1
        assert self.focus() != "body", f"focus fell to the page after {key} ({action})"

    def focus(self) -> str:
        return self.page.evaluate("""() => { const e = document.activeElement;
            return !e || e === document.body ? 'body' : e.dataset.cursor !== undefined ? 'board' : e.tagName.toLowerCase(); }""")

    def cursor(self) -> str:
        return self.page.locator("[data-cursor]").get_attribute("data-cursor")


def targets(page) -> set[str]:
    return {t.get_attribute("data-target") for t in page.locator("[data-target]").all()}


def to_second_half(keys: Keys, action: str) -> None:
    """Arrows to a lit neighbour of the first half (trying each direction, and back)."""
    lit = targets(keys.page)
    for there, back in (("ArrowRight", "ArrowLeft"), ("ArrowDown", "ArrowUp"), ("ArrowLeft", "ArrowRight"), ("ArrowUp", "ArrowDown")):
        keys.press(action, there)
        if keys.cursor() in lit:
            return
        keys.press(action, back)
    raise AssertionError("no lit neighbour by one arrow")


def test_a_genial_turn_by_keyboard_alone(site, watched):
    page = watched.open(site.url + "#/genial")
    page.wait_for_selector("[data-game='genial'][data-phase='setup']")
    page.select_option("select[name='seat0_kind']", "human")
    page.select_option("select[name='seat1_kind']", "normal")
    page.fill("#seed", "5")
    keys = Keys(page)
    page.get_by_role("button", name="Start game").focus()
    keys.press("start", "Enter")
    page.wait_for_selector("[data-game='genial'][data-phase='play']")
    page.wait_for_function("document.activeElement && document.activeElement.dataset.cursor !== undefined")
    assert keys.focus() == "board"  # Start leaves the focus on the board, not the page
    assert page.evaluate("getComputedStyle(document.querySelector('[data-cursor]')).stroke") != "none"  # a visible ring

    # Tab reaches the board from the top of the page.
    page.locator("#app h1").focus()
    while keys.focus() != "board":
        keys.press("reach the board by Tab", "Tab")
        assert keys.counts["reach the board by Tab"] <= MOST_PER_ACTION

    # Turn 1: the cursor starts on the open space in the middle, a golden one.
    keys.press("turn 1: first half", "Enter")
    page.wait_for_selector("[data-move-bar='second']")
    keys.press("turn 1: cancel", "Escape")  # Esc puts it back
    page.wait_for_selector("[data-move-bar='first']")
    assert keys.focus() == "board"
    keys.press("turn 1: first half again", "Enter")
    page.wait_for_selector("[data-move-bar='second']")
    to_second_half(keys, "turn 1: second half")
    keys.press("turn 1: second half", "Enter")
    page.wait_for_selector("[data-move-bar='preview']")
    chooser = page.locator("[data-golden-choice]")
    assert chooser.count() == 1  # the middle space is golden
    preselected = chooser.locator("[aria-pressed='true']").get_attribute("data-colour")
    other = next(i for i, c in enumerate("ogbp") if c != preselected)
    keys.press("turn 1: golden colour", str(other + 1))
    page.wait_for_selector(f"[data-golden-choice] [data-colour='{'ogbp'[other]}'][aria-pressed='true']")
    assert keys.focus() == "board"
    keys.press("turn 1: place", "Enter")
    page.wait_for_function("document.querySelectorAll('[data-board] .gs-tile').length >= 1")
    assert keys.focus() == "board"

    # The bot replies; the focus stays on the board.
    page.wait_for_function("document.querySelectorAll('[data-board] .gs-tile').length == 2")
    page.wait_for_selector("[data-turn='0']")
    assert keys.focus() == "board"

    # Turn 2: from where the cursor was left (on the tile just placed) to an open space.
    moves = 0
    while "Enter puts a half here" not in page.locator("[data-cursor]").get_attribute("aria-label"):
        keys.press("turn 2: first half", "ArrowRight" if moves < 3 else "ArrowDown")
        moves += 1
        assert moves < 8
    keys.press("turn 2: first half", "Enter")
    page.wait_for_selector("[data-move-bar='second']")
    to_second_half(keys, "turn 2: second half")
    keys.press("turn 2: second half", "Enter")
    page.wait_for_selector("[data-move-bar='preview']")
    keys.press("turn 2: place", "Enter")
    page.wait_for_function("document.querySelectorAll('[data-board] .gs-tile').length >= 3")
    assert keys.focus() == "board"

    print("\nGenial by keyboard, key presses per action:")
    for action, n in keys.counts.items():
        print(f"  {action}: {n}")
    for turn in ("turn 1", "turn 2"):
        print(f"  {turn} in all: {sum(n for a, n in keys.counts.items() if a.startswith(turn))}")
    for action, n in keys.counts.items():
        assert n <= MOST_PER_ACTION + (4 if action == "turn 2: first half" else 0), (action, n)  # turn 2 walks off the tile just placed
    assert watched.errors == [] and watched.foreign == []
