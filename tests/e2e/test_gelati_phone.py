"""Gelati on a phone, mid-game (issue 32): a link to a position with about 30 tiles on
the table, opened at 390x844, 844x390 and 360x640 (touch). Whichever tile of the hand
the player chooses, every space it may go is inside the visible board and is what a
finger at its centre touches — not under the stack and orders chips, the zoom buttons
or a notice, which sit beside the board, over none of its tiles — and the last move is
in view whole; the zoom buttons stay clear of the sticky strip when the page is scrolled.
The notice about the link sits in the flow, covering no control. Every tile's name fits
a hand tile, and every line of an order card fits the card beside them. On its side the
phone shows your tiles and orders on the first screen; "Place here" covers no space; on
a small phone the step's title is on the first screen over your tiles, and step 2 shows
the trade without bringing a button up under the finger that placed the tile; on an
upright phone End turn has a row of its own under step 2's words in Japanese and Korean.
While a bot plays, the step keeps step 1's room: nothing under it moves when your turn comes."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import take_seat
from phone_sizes import LOCALES, PHONES, hidden_targets, phone
from test_gelati import midgame_link

from gelateria.core import i18n
from gelateria.games.gelati.rules import PART_NAMES, TILE_PARTS, part_name, tile_text

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
# The words that do not fit `box` (a selector) whole when each is put in turn in the
# text at `text` inside it, in `lang` (overflow: "wide" for width, "whole" for both: a hand
# tile clips what sticks out, at either side of a centred line).
WORDS_FIT = """([box, text, overflow, lang, words]) => {
    const outer = document.querySelector(box);
    const label = outer.querySelector(text);
    const was = label.textContent;
    document.documentElement.lang = lang;
    const cut = words.filter(word => {
        label.textContent = word;
        const wide = outer.scrollWidth > outer.clientWidth + 1;
        return overflow === "wide" ? wide : wide || outer.scrollHeight > outer.clientHeight + 1;
    });
    label.textContent = was;
    document.documentElement.lang = 'en';
    return cut;
}"""
# The smallest a space may be framed, in px tall (44 is a finger's ideal): this position's
# spaces and last move need more than a phone's board at 44, less so on a 360x640 phone since
# its strip, rail and hand are tighter; in landscape the link's notice pushes the board's foot
# below the screen on arrival.
MIN_SPACE_PX = {"portrait": 40, "landscape": 28, "small": 33}
ZOOMS = "[data-action='zoom-in'], [data-action='zoom-out'], [data-action='fit']"
CONTROLS = ZOOMS + ", [data-hand], [data-action='sheet']"
# What of the board's frame (the chips, the zoom buttons) lies over its drawing, and
# whether the last move's tile is wholly in the visible part of it with nothing over its
# middle (the chips let taps through, so a hit test alone would not see them).
COVERED = """() => {
    const board = document.querySelector('[data-board]');
    const b = board.getBoundingClientRect();
    const seen = {left: Math.max(b.left, 0), top: Math.max(b.top, 0), right: Math.min(b.right, innerWidth),
                  bottom: Math.min(b.bottom, innerHeight)};
    const over = [...board.closest('.gl-board-frame').querySelectorAll('*')]
        .filter(e => !board.contains(e) && !e.contains(board) && e.getClientRects().length)
        .filter(e => { const r = e.getBoundingClientRect();
                       return r.left < b.right - 1 && r.right > b.left + 1 && r.top < b.bottom - 1 && r.bottom > b.top + 1; })
        .map(e => e.className || e.tagName);
    const r = document.querySelector('[data-last].gl-latest').getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const last = r.left >= seen.left - 1 && r.right <= seen.right + 1 && r.top >= seen.top - 1 && r.bottom <= seen.bottom + 1
                 && !!top && board.contains(top);
    return {over, last};
}"""


def in_language(lang: str, words):
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        return words()
    finally:
        i18n.set_language(previous)


def tile_names(lang: str) -> list[str]:
    return in_language(lang, lambda: [tile_text(tile) for tile in range(len(TILE_PARTS))])


def part_lines(lang: str) -> list[str]:
    """An order card's lines as the cards write them ("✓ sprinkles")."""
    return in_language(lang, lambda: [f"{mark} {part_name(p)}" for p in range(len(PART_NAMES)) for mark in "✓✗"])


@pytest.mark.parametrize("shape", list(PHONES))
def test_every_space_for_the_chosen_tile_is_on_screen_and_uncovered(site, devices, shape):
    device = phone(devices, shape)
    page = device.open(site.url + "#/gelati/game/" + midgame_link())
    take_seat(page)
    page.wait_for_selector("[data-spot]")
    assert page.locator("[data-board] g.gl-tiles use").count() >= 30
    news = page.locator("[data-notice='news']")
    assert "You play as Ana on this device" in news.inner_text()
    assert page.evaluate("getComputedStyle(document.querySelector(\"[data-notice='news']\")).position") == "static"
    SHOTS.mkdir(exist_ok=True)
    # Every tile's name, in each language, fits a hand tile whole, in width as in height (the
    # tile never grows: nothing jumps; "ワッフルコーン" lost its first and last kana on every phone).
    for lang in LOCALES:
        cut = page.evaluate(WORDS_FIT, ["[data-hand-list] [data-hand]", ".gl-tile-name", "whole", lang, tile_names(lang)])
        assert cut == [], f"{lang}: {cut}"
    # Every part's line of an order card, in each language, fits the card beside the tiles.
    for lang in LOCALES:
        cut = page.evaluate(WORDS_FIT, ["[data-order-card]", ".gl-order-parts li span", "wide", lang, part_lines(lang)])
        assert cut == [], f"{lang}: {cut}"
    hand = page.locator("[data-hand-list] [data-hand]")
    # Each tile's whole name shows (no line of it cut off by the tile's edge).
    assert page.evaluate("""() => [...document.querySelectorAll('[data-hand-list] [data-hand]')]
        .filter(t => t.scrollHeight > t.clientHeight + 1).map(t => t.textContent.trim())""") == []
    chosen, sizes = [], []
    for i in range(hand.count()):
        hand.nth(i).click()
        page.wait_for_selector(f"[data-hand-list] [data-hand]:nth-child({i + 1})[aria-pressed='true'], [data-spot]")
        chosen.append(page.locator("[data-spot]").count())
        # Framed with the last move and its points, the spaces stay big enough to read and hit.
        space = page.evaluate("Math.min(...[...document.querySelectorAll('.gl-spot-hex')].map(e => e.getBoundingClientRect().height))")
        sizes.append(round(space))
        assert space >= MIN_SPACE_PX[shape], f"tile {i + 1}: spaces {space:.0f} px tall"
        problems = hidden_targets(page, "[data-spot]", "[data-board]")
        if problems:
            page.screenshot(path=str(SHOTS / f"gelati-phone-{shape}-hidden.png"))
        assert problems == [], f"tile {i + 1}: {problems}"
        # Nothing floats over the board's own controls or the hand either, and they are
        # beside the drawing, not over its tiles; the last move is in view whole.
        assert hidden_targets(page, CONTROLS, "body") == []
        assert page.evaluate(COVERED) == {"over": [], "last": True}, f"tile {i + 1}"
    page.screenshot(path=str(SHOTS / f"gelati-phone-{shape}.png"))
    # Scrolled till the sticky strip covers the board's top, the zoom buttons are not under it.
    page.evaluate("scrollBy(0, document.querySelector('[data-board]').getBoundingClientRect().top - 30)")
    assert hidden_targets(page, ZOOMS, "body") == []
    page.evaluate("scrollTo(0, 0)")
    print(f"\nGelati {shape}: {chosen} spaces for each tile of the hand, all in view, {sizes} px tall")
    # Once the player has moved, the news shrinks to one line, a tap away.
    spot = page.locator("[data-spot][tabindex='0']")
    spot.click()
    # "Place here" takes the rail's place (beside the board on its side): it covers no other space.
    page.wait_for_selector("[data-confirm]")
    assert hidden_targets(page, "[data-spot]:not(.gl-aimed)", "[data-board]") == []
    # The rail's chips and zoom buttons it covers do not show through it.
    seen = page.locator(".gl-board-rail > :not(.gl-confirm-bar)").evaluate_all(
        "rail => rail.filter(e => getComputedStyle(e).visibility !== 'hidden').map(e => e.className.baseVal ?? e.className)")
    assert seen == []
    page.locator(".gl-aim").click()
    page.wait_for_selector("[data-notice='news'].line")
    assert page.locator("[data-notice='news'] .news-text").evaluate("e => e.getBoundingClientRect().height") <= 48
    assert device.errors == []


def trade_link(placed: bool = True) -> str | tuple[str, dict]:
    """Ana's step 2 with parts to trade (deal 11, as the screenshots show it): the first
    such moment past a third of a game of two normal bots. Not `placed`: the moment
    before, with the placement she is to make."""
    from gelateria.core.record import Record, Seat, encode
    from gelateria.core.session import Session, play
    from gelateria.games.gelati.rules import GAME

    seats = [Seat("human", "Ana"), Seat("bot", "Bo", "normal")]
    moves = play(GAME, ["normal", "normal"], 11).record.moves
    session = Session(GAME, seats, 11)
    for k, (player, move) in enumerate(moves):
        if k > len(moves) // 3 and session.to_act() == [0] and any("trade" in m for m in session.legal(0)):
            if placed:
                return encode(Record("gelati", seats, 11, {}, moves[:k]))
            assert moves[k - 1][0] == 0 and "p" in moves[k - 1][1]
            return encode(Record("gelati", seats, 11, {}, moves[:k - 1])), moves[k - 1][1]
        session.submit(player, move)
    raise AssertionError("no trade for Ana in deal 11")


# Where the element at `selector` is: its box and its centre.
BOX = """s => { const r = document.querySelector(s).getBoundingClientRect();
                return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, x: r.left + r.width / 2, y: r.top + r.height / 2}; }"""


def on_screen(page, selector: str) -> bool:
    box = page.evaluate(BOX, selector)
    size = page.viewport_size
    return box["top"] >= 0 and box["left"] >= 0 and box["bottom"] <= size["height"] and box["right"] <= size["width"]


def test_a_phone_on_its_side_shows_your_tiles_and_orders_on_the_first_screen(site, devices):
    page = phone(devices, "landscape").open(site.url + "#/gelati/game/" + midgame_link())
    take_seat(page)
    page.wait_for_selector("[data-spot]")
    for selector in ("[data-hand-list] [data-hand]:last-child", "[data-order-card]:last-child"):
        assert on_screen(page, selector), selector


# The page's own path for a part of the screen drawn alone (static/shell.js `update`):
# the table's notice, 60 px taller, as a live table's message would come.
TALLER_NOTICE = """() => {
    const notice = document.querySelector('[data-part="notice"]').cloneNode(true);
    const line = document.createElement('p');
    line.style.height = '60px';
    line.textContent = 'Chiara has joined the table.';
    notice.append(line);
    const command = {do: 'update', selector: '[data-part="notice"]', html: notice.outerHTML};
    document.querySelector('script[type="py"][worker]').xworker.onmessage({data: JSON.stringify(command)});
}"""


def test_a_notice_drawn_alone_that_pushes_the_board_down_has_the_spaces_framed_in_what_is_seen(site, devices):
    page = phone(devices, "landscape").open(site.url + "#/gelati/game/" + midgame_link())
    take_seat(page)
    page.wait_for_selector("[data-spot]")
    top = page.evaluate("document.querySelector('[data-board]').getBoundingClientRect().top")
    page.evaluate(TALLER_NOTICE)
    assert page.evaluate("document.querySelector('[data-board]').getBoundingClientRect().top") >= top + 60
    # The board is measured again; Python frames the spaces in the part still on screen.
    page.wait_for_function(f"""() => [...document.querySelectorAll('[data-spot]')].every(spot => {{
        const box = spot.getBoundingClientRect();
        return box.top + box.height / 2 < innerHeight;
    }})""")
    assert hidden_targets(page, "[data-spot]", "[data-board]") == []


# Where the turn panel and what follows it stand, and how tall it is.
UNDER_THE_STEP = """() => ['.gl-turn', '.gl-key-line', '.since-last'].map(selector => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return [selector, Math.round(box.top), Math.round(box.height)];
})"""


@pytest.mark.parametrize("shape, lang", [("small", "ja"), ("landscape", "ko")])
def test_when_your_turn_comes_nothing_under_the_step_moves(site, devices, shape, lang):
    page = phone(devices, shape, lang).open(site.url + "#/gelati/game/" + midgame_link())
    take_seat(page)
    page.wait_for_selector("[data-step='place']")
    placing = page.evaluate(UNDER_THE_STEP)
    title = page.locator("[data-step='place'] .gl-step-title").inner_text()
    page.locator("[data-spot][tabindex='0']").click()
    page.locator(".gl-aim").click()
    page.locator("[data-end-bar] [data-action='end-turn']").click()
    # While the bot plays, the step says so, and keeps step 1's room (not seen, not read).
    page.wait_for_selector("[data-step='wait']")
    assert page.evaluate(UNDER_THE_STEP) == placing
    assert title not in page.locator("[data-step='wait']").inner_text()
    assert page.locator("[data-step='wait'] [aria-hidden='true']").count() == 2
    page.wait_for_selector("[data-step='place']", timeout=60_000)
    assert page.evaluate(UNDER_THE_STEP) == placing


@pytest.mark.parametrize("lang", list(LOCALES))
def test_on_a_small_phone_step_2_shows_the_trade_without_a_button_under_the_placing_finger(site, devices, lang):
    link, move = trade_link(placed=False)
    page = phone(devices, "small", lang).open(site.url + "#/gelati/game/" + link)
    take_seat(page)
    # What to do is on the first screen: the step's title, one line over your tiles.
    title = page.evaluate(BOX, "[data-step='place'] .gl-step-title")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.gl-step-title')).lineHeight)")
    assert on_screen(page, "[data-step='place'] .gl-step-title") and title["bottom"] - title["top"] < 1.5 * line
    assert title["bottom"] <= page.evaluate(BOX, "[data-hand-list] [data-hand]")["top"]
    page.locator(f"[data-hand-list] [data-tile='{move['p']}']").click()
    q, r = move["at"]
    board, title = page.evaluate(BOX, "[data-board]"), page.evaluate(BOX, "[data-step='place'] .gl-step-title")
    page.locator(f"[data-spot='{q},{r}']").click()
    bar = page.evaluate(BOX, "[data-confirm]")
    assert page.evaluate(BOX, "[data-step='place'] .gl-step-title") == title  # (looking at a space moves no words)
    # "Place here" takes the rail's place under the board: the board did not move or
    # shrink, and every other space is still a finger's tap away.
    assert page.evaluate(BOX, "[data-board]") == board
    assert hidden_targets(page, "[data-spot]:not(.gl-aimed)", "[data-board]") == []
    page.locator("[data-action='place']").click()
    page.wait_for_selector("[data-end-bar] [data-action='trade-give']")
    # A second tap anywhere on the "Place here" bar lands on none of step 2's buttons
    # (End turn has not come up under it)...
    under = page.evaluate("""bar => [...document.querySelectorAll('[data-end-bar] :is(button, summary)')].filter(e => {
        const r = e.getBoundingClientRect();
        return r.left < bar.right && r.right > bar.left && r.top < bar.bottom && r.bottom > bar.top;
    }).map(e => e.textContent.trim())""", bar)
    assert under == []
    # ...and End turn and the first parts to give are on the first screen.
    assert on_screen(page, "[data-action='end-turn']")
    assert on_screen(page, "[data-action='trade-give']"), page.evaluate(BOX, "[data-action='trade-give']")


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_on_an_upright_phone_end_turn_has_a_row_of_its_own_under_step_2s_words(site, devices, lang):
    page = phone(devices, "portrait", lang).open(site.url + "#/gelati/game/" + trade_link())
    take_seat(page)
    page.wait_for_selector("[data-end-bar] [data-action='end-turn']")
    words, end = page.evaluate(BOX, ".gl-after-head p"), page.evaluate(BOX, "[data-action='end-turn']")
    card = page.evaluate(BOX, "[data-end-bar]")
    # The words run the card's width (not a narrow column beside the button), End turn under them.
    assert end["top"] >= words["bottom"] and words["right"] - words["left"] > 0.8 * (card["right"] - card["left"])


# Each part button of step 2 whose name is not shown whole under its picture, or that a
# finger could miss (under 44 px), with the part names of `lang` put in turn in each. (All
# the buttons take a name at once, one layout for them all: each sizes to its own words in
# a row that wraps, and measured one at a time they measured the same.)
PARTS_READ = """([lang, names]) => {
    document.documentElement.lang = lang;
    const out = [], buttons = [...document.querySelectorAll('[data-end-bar] .gl-token-btn')];
    const labels = buttons.map(button => button.querySelector('.gl-token-name')), was = labels.map(label => label.textContent);
    for (const name of names) {
        labels.forEach(label => { label.textContent = name; });
        buttons.forEach((button, i) => {
            const label = labels[i];
            const b = button.getBoundingClientRect(), r = label.getBoundingClientRect();
            const lines = Math.round(r.height / parseFloat(getComputedStyle(label).lineHeight));
            const words = name.split(' ').length;  // a line per word at most: no word broken
            if (!label.checkVisibility() || parseFloat(getComputedStyle(label).fontSize) < 11
                || label.scrollWidth > label.clientWidth + 1 || r.left < b.left - 1 || r.right > b.right + 1
                || r.bottom > b.bottom + 1 || lines > words || b.width < 44 || b.height < 44)
                out.push(`${button.dataset.action} ${name}: ${Math.round(b.width)}x${Math.round(b.height)}, ${lines} lines`);
        });
    }
    labels.forEach((label, i) => { label.textContent = was[i]; });
    document.documentElement.lang = 'en';
    return out;
}"""


@pytest.mark.parametrize("shape", ["small", "landscape"])
def test_the_parts_to_give_and_take_say_their_names(site, devices, shape):
    page = phone(devices, shape).open(site.url + "#/gelati/game/" + trade_link())
    take_seat(page)
    page.wait_for_selector("[data-end-bar] [data-action='trade-get']")
    takes = page.locator("[data-action='trade-get']")
    assert takes.count() >= 6
    # Each says which part it is, in words a touch player reads without hovering.
    for i in range(takes.count()):
        part = int(takes.nth(i).get_attribute("data-part"))
        assert takes.nth(i).locator(".gl-token-name").inner_text() == part_name(part)
    for lang in LOCALES:
        names = in_language(lang, lambda: [part_name(p) for p in range(len(PART_NAMES))])
        assert page.evaluate(PARTS_READ, [lang, names]) == [], lang
