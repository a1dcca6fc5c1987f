"""Gelatinous on a phone (issue 32): a four-player pass-the-dice game opened mid-game (12
rolls in, from a link), at 390x844, 844x390 and 360x640 (touch), in English, Japanese and
Korean. What a player taps now (Roll, Auto, More) is on screen and is what a finger at its
centre touches, at the top of the table (and in landscape scrolled to its end too; in
portrait Roll sits right under the player's own mat); every mat's pass line ("1s go to Bo")
comes into view clear of the Roll bar and the strip; Roll never covers a mat, at any scroll;
the other players' dice are drawn at least 18 px; in portrait the four mats take at most
MAX_MATS_SCREENS screen heights, and in landscape the mats are in an even grid, none cut
at the sides, more than two players at once, and the chances shown once, at a glance beside
them (the panel's bars are for taller screens); the top bar keeps the whole width. On a small phone your mat and Roll hold still from roll to roll.
The one player's mat says it is theirs ("You"), the bots' their names. No word or number on the board or the odds panel is drawn under 12
CSS px (SVG text measured at the size it is drawn). (There is nothing else to tap: nobody
has choices in Gelatinous, the dice go where the rules send them.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import settle, take_seat
from phone_sizes import HIDDEN_TARGETS, LOCALES, PHONES, hidden_targets, phone

from gelateria.core.record import Record, Seat, encode
from gelateria.core.session import Session, play
from gelateria.games.gelatinous.rules import GAME

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
SEED, MOVES = 3, 12  # four normal bots' game of 20 rounds, cut after round 12: everyone still rolling
OPTIONS = {"mode": "multi"}
PLAYERS = 4
MAX_MATS_SCREENS = {"portrait": 1.25, "small": 1.6}  # (others' dice at a readable size take room, and each
# other mat keeps room for its busiest roll's words, so it holds still: 1.2 and 1.56 with it)
MIN_OTHERS_DIE_PX = 18
MIN_TEXT_PX = 12
TAPPABLE = "[data-board] [data-action='roll'], [data-board] [data-action='auto'], [data-strip] [data-action='sheet']"
YOU = {"en": "You", "ja": "あなた", "ko": "나"}  # the one player's own mat, against bots or alone
MIN_DIE_PX = 20


def midgame_link() -> str:
    record = play(GAME, ["normal"] * PLAYERS, SEED, OPTIONS).record
    assert len(record.moves) > MOVES  # (the game goes on after the cut)
    seats = [Seat("human", "Ana")] + [Seat("bot", name, "normal") for name in ("Bo", "Chiara", "Dario")]
    return "#/gelatinous/game/" + encode(Record("gelatinous", seats, SEED, OPTIONS, record.moves[:MOVES]))


def scroll_to(page, y: int | str) -> None:
    page.evaluate("y => scrollTo(0, y === 'end' ? document.documentElement.scrollHeight : y)", y)


# Each mat's pass line scrolled into view the least way, from the top of the table and from
# its end, where it is not on screen or not what a finger there touches (hidden_targets'
# check, in the page: 16 scrolls in one call).
PASS_LINES = "seats => { const hidden = " + HIDDEN_TARGETS + """, problems = [];
    for (const start of [0, 'end']) for (let seat = 0; seat < seats; seat++) {
        scrollTo(0, start === 'end' ? document.documentElement.scrollHeight : 0);
        const line = `.mat[data-seat='${seat}'] .passing`, shown = document.querySelector(line);
        if (!shown) { problems.push(`seat ${seat}: no pass line`); continue; }
        shown.scrollIntoView({block: 'nearest'});
        problems.push(...hidden([line, '[data-board]']).map(p => `seat ${seat} from ${start}: ${p}`));
    }
    return problems; }"""


def covered_pass_lines(page) -> list[str]:
    return page.evaluate(PASS_LINES, PLAYERS)


def mats_height(page) -> float:
    return page.evaluate("""() => { const boxes = [...document.querySelectorAll('[data-board] .mat')]
        .map(m => m.getBoundingClientRect());
        return Math.max(...boxes.map(b => b.bottom)) - Math.min(...boxes.map(b => b.top)); }""")


def roll_over_mats(page) -> list[str]:
    """The mats the Roll bar overlaps, at every scroll position of the table. (Read at once
    after each scroll, not a frame later: the bar is placed by CSS alone, and every box
    here measured the same either way.)"""
    return page.evaluate("""() => {
        const bar = document.querySelector('.roll-bar'), over = new Set();
        for (let y = 0; y <= document.documentElement.scrollHeight; y += 40) {
            scrollTo(0, y);
            const b = bar.getBoundingClientRect();
            for (const m of document.querySelectorAll('[data-board] .mat')) {
                const r = m.getBoundingClientRect();
                if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom)
                    over.add(`seat ${m.dataset.seat} at scroll ${y}`);
            }
        }
        return [...over]; }""")


def small_text(page) -> list[str]:
    """Words on the board and the odds panel drawn smaller than MIN_TEXT_PX CSS pixels: an
    element's own text at its font size, scaled as its SVG picture is drawn."""
    return page.evaluate("""min => {
        const small = [];
        for (const el of document.querySelectorAll('[data-board] *, [data-odds] *')) {
            if (el.closest('.visually-hidden') || !el.checkVisibility({visibilityProperty: true})) continue;
            const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent.trim()).join('');
            if (!own) continue;
            let px = parseFloat(getComputedStyle(el).fontSize);
            if (el instanceof SVGElement) { const m = el.getScreenCTM(); px *= Math.hypot(m.a, m.b); }
            if (px < min - 0.05) small.push(`"${own}" ${px.toFixed(1)} px`);
        }
        return small; }""", MIN_TEXT_PX)


def others_dice(page) -> list[float]:
    """The drawn size of every die on the other players' mats: in their picture, in their last roll."""
    return page.evaluate("""() => [...document.querySelectorAll(
            '[data-board] .mat.other [data-hand-die] rect.die, [data-board] .mat.other .last-roll .gel-die')]
        .filter(d => d.checkVisibility()).map(d => { const r = d.getBoundingClientRect();
            return Math.round(Math.min(r.width, r.height) * 10) / 10; })""")


def uneven_mats(page) -> list[str]:
    """Mats in a row of the grid that differ in width from the others, or cut by the screen's sides."""
    return page.evaluate("""() => { const out = [], mats = [...document.querySelectorAll('[data-board] .mat')];
        const widths = new Set(mats.map(m => Math.round(m.getBoundingClientRect().width)));
        if (widths.size > 1) out.push(`mats of widths ${[...widths]}`);
        for (const m of mats) { const r = m.getBoundingClientRect();
            if (r.left < 0 || r.right > innerWidth) out.push(`seat ${m.dataset.seat} cut at ${r.left},${r.right}`); }
        return out; }""")


def odds_glance(page) -> list[str]:
    """A phone on its side: the chances at a glance beside the mats, at the top of the table
    and scrolled to its end: on screen and on top, clear of Roll, every mat and the top
    bar's controls, the odds' only place (the panel's rows not also shown), the same numbers
    as the odds, the one who is out included, and the chance that nobody wins."""
    found = []
    for start in (0, "end"):
        scroll_to(page, start)
        found += [f"from {start}: {p}" for p in hidden_targets(page, ".odds-glance", "section.table")]
        found += [f"from {start}: the glance is over {what}" for what in page.evaluate("""() => {
            const g = document.querySelector('.odds-glance').getBoundingClientRect(), over = [];
            for (const e of document.querySelectorAll('.roll-bar, [data-board] .mat, .top-bar select, .top-bar a')) {
                const r = e.getBoundingClientRect();
                if (r.left < g.right && g.left < r.right && r.top < g.bottom && g.top < r.bottom) over.push(e.className); }
            return over; }""")]
    if page.locator("[data-odds] .odds-rows").is_visible():
        found.append("the chances are shown twice: the glance and the panel's rows")
    glance = page.locator(".odds-glance li b").all_inner_texts()
    panel = [*page.locator("[data-odds] .odds-row .odds-pct").all_text_contents(),
             page.locator("[data-odds] .odds-nobody strong").text_content()]
    if glance != panel:
        found.append(f"the glance says {glance}, the panel {panel}")
    return found


def players_in_view(page) -> int:
    """With the mats scrolled to just under the strip: the players whose mat's head (name,
    cube and hand) is on screen with nothing over it."""
    page.locator("[data-board] .mats").evaluate("e => e.scrollIntoView({block: 'start'})")
    return sum(not hidden_targets(page, f".mat[data-seat='{seat}'] .mat-head", "[data-board]") for seat in range(PLAYERS))


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_four_player_pass_the_dice_game_fits_a_phone(site, devices, lang):
    page = phone(devices, "portrait", lang).open(site.url + midgame_link())
    take_seat(page)
    page.wait_for_selector(f"[data-board][data-round='{MOVES}'][data-animating='0']")
    page.wait_for_selector("[data-odds='ready']")
    assert page.locator("[data-board] .mat").count() == PLAYERS
    assert page.locator(".mat[data-seat='0'] h2").inner_text() == YOU[lang]
    assert page.locator(".mat[data-seat='1'] h2").inner_text() == "Bo"
    problems, figures = {}, {}
    for shape, viewport in PHONES.items():
        page.set_viewport_size(viewport)
        settle(page)
        scroll_to(page, 0)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"gelatinous-phone-{lang}-{viewport['width']}x{viewport['height']}.png"))
        found = [f"at the top: {p}" for p in hidden_targets(page, TAPPABLE, "section.table")]
        scroll_to(page, "end")
        landscape = viewport["width"] > viewport["height"]
        found += [f"scrolled to the end: {p}" for p in hidden_targets(page, TAPPABLE if landscape else "[data-strip] [data-action='sheet']", "section.table")]
        found += covered_pass_lines(page)
        found += [f"small text: {t}" for t in small_text(page)]
        found += [f"Roll covers {m}" for m in roll_over_mats(page)]
        dice = others_dice(page)
        if not dice or min(dice) < MIN_OTHERS_DIE_PX:
            found.append(f"other players' dice drawn at {sorted(set(dice))[:4]} px")
        screens = mats_height(page) / viewport["height"]
        figures[shape] = f"mats {screens:.2f} screens, others' dice >= {min(dice, default=0)} px"
        if not landscape:
            roll, mine = (page.locator(sel).bounding_box() for sel in (".roll-bar", ".mat.mine"))
            if not 0 <= roll["y"] - (mine["y"] + mine["height"]) <= 16:
                found.append("Roll is not right under the player's own mat")
            if screens > MAX_MATS_SCREENS[shape]:
                found.append(f"the mats take {screens:.2f} screen heights")
        else:
            found += uneven_mats(page)
            found += odds_glance(page)
            shown = players_in_view(page)
            figures[shape] += f", {shown} players in view"
            if shown <= 2:
                found.append(f"only {shown} players in view at once")
        if found:
            problems[shape] = found
    print(f"gelatinous phone {lang}: {figures}")
    assert not problems, problems


FIRST_ROLLS = 4  # (rolls 2 and 3 are busy for Ana: 9 dice, then passes and gifts both ways)


@pytest.mark.parametrize("lang", list(LOCALES))
def test_your_mat_and_roll_hold_still_from_roll_to_roll_on_a_small_phone(site, devices, lang):
    """At 360x640 Roll sits right under your mat: the mat keeps its height whether or not
    it says "Rolled", and however many words its roll takes, so Roll never moves under the
    thumb (it moved 18 px when a busy roll's words took a second line); the others' mats
    keep theirs, so nothing under Roll moves either."""
    record = play(GAME, ["normal"] * PLAYERS, SEED, OPTIONS).record
    seats = [Seat("human", "Ana")] + [Seat("bot", name, "normal") for name in ("Bo", "Chiara", "Dario")]
    page = phone(devices, "small", lang).open(
        site.url + "#/gelatinous/game/" + encode(Record("gelatinous", seats, SEED, OPTIONS, [])))
    take_seat(page)
    page.wait_for_selector("[data-board][data-round='0']")
    page.locator("[data-action='news-close']").tap()  # ("You play as Ana on this device.": read)
    page.locator("[data-notice='news']").wait_for(state="detached")
    seen = []
    for rnd in range(FIRST_ROLLS + 1):
        if rnd:
            page.locator("[data-board] [data-action='roll']").tap()
            page.wait_for_selector(f"[data-board][data-round='{rnd}']")
            page.evaluate("document.querySelector(\"[data-board][data-animating='1']\")?.click()")  # (played out at once)
            page.wait_for_selector("[data-board][data-animating='0']")
            settle(page)
        seen.append(page.evaluate("""() => { const mat = document.querySelector('.mat.mine');
            return [Math.round(mat.getBoundingClientRect().height),
                    Math.round(document.querySelector('.roll-bar').getBoundingClientRect().top + scrollY),
                    !!mat.querySelector('.roll-label'),
                    [...document.querySelectorAll('.mat.other')].map(m => Math.round(m.getBoundingClientRect().height))]; }"""))
    assert any(label for _, _, label, _ in seen) and not seen[0][2], seen  # (the label came on the first roll)
    assert len({(height, roll) for height, roll, _, _ in seen}) == 1, f"mat height, Roll's place, Rolled shown: {seen}"
    # The others' mats hold still too (they took 123-216 px as their rolls' words came and went).
    assert len({height for *_, others in seen for height in others}) == 1, f"the others' mats: {[s[3] for s in seen]}"


SOLO_SEED, SOLO_MOVES = 1, 6  # a normal solitaire game of 9 rolls: the 6th brings a die back from the reserve


def solitaire_record() -> Record:
    record = play(GAME, ["normal"], SOLO_SEED, {"mode": "solitaire"}).record
    assert len(record.moves) > SOLO_MOVES
    return Record("gelatinous", [Seat("human", "Ana")], SOLO_SEED, {"mode": "solitaire"}, record.moves[:SOLO_MOVES])


def solitaire_link() -> str:
    return "#/gelatinous/game/" + encode(solitaire_record())


def last_roll(page) -> tuple[str, list[float]]:
    """The own mat's last roll as a player meets it: its name, and each die's drawn size."""
    row = page.locator(".mat[data-seat='0'] .last-roll [role='img']")
    sizes = row.locator("svg").evaluate_all("dice => dice.map(d => Math.min(d.getBoundingClientRect().width, "
                                            "d.getBoundingClientRect().height))")
    return row.get_attribute("aria-label"), sizes


def odds_first_view(page) -> list[str]:
    """What of the odds column a player does not see whole before scrolling it: the chart
    (its title, bars and legend) cut by the column's foot; and whether the column's last
    line can be scrolled to."""
    return page.evaluate("""() => {
        const column = document.querySelector('.side-area'), chart = document.querySelector('[data-odds] .histogram');
        column.scrollTop = 0;
        const bottom = column.getBoundingClientRect().bottom, problems = [];
        if (chart.getBoundingClientRect().bottom > bottom - 16)  // (the column's foot fades out its last 16 px)
            problems.push(`chart cut: ends at ${chart.getBoundingClientRect().bottom}, the column at ${bottom}`);
        column.scrollTop = column.scrollHeight;
        const foot = document.querySelector('[data-odds] .odds-foot').getBoundingClientRect();
        if (foot.bottom > column.getBoundingClientRect().bottom) problems.push('the last line cannot be scrolled to');
        column.scrollTop = 0;
        return problems; }""")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_solitaire_mat_and_its_odds_read_on_a_phone(site, devices, lang):
    """Every die in the hand looks like a die: rolled, its face; back from the reserve and
    not rolled yet, standing on a corner with pips on its sides (a blank square read as a
    missing die). The mat says it is yours; the last roll is dice as big as a fingertip's
    glance (20 px), named in words. No word or number under 12 px, and the odds panel says
    no decimals; on a phone on its side, the chart is whole on first view."""
    page = phone(devices, "small", lang).open(site.url + solitaire_link())
    take_seat(page)
    page.wait_for_selector(f"[data-board][data-round='{SOLO_MOVES}'][data-animating='0']")
    page.wait_for_selector("[data-odds='ready']")
    assert page.locator(".mat[data-seat='0'] h2").inner_text() == YOU[lang]
    hand = page.locator(".mat[data-seat='0'] [data-hand-die]")
    assert hand.count() == int(page.locator(".mat[data-seat='0']").get_attribute("data-hand"))
    assert page.locator(".mat[data-seat='0'] [data-hand-die][data-face='0']").count() == 1  # the die back from the reserve
    pips = hand.evaluate_all("dice => dice.map(d => d.querySelectorAll('.pip').length)")
    assert all(pips), f"a die in hand drawn without pips: {pips}"
    problems = {}
    for shape, viewport in PHONES.items():
        page.set_viewport_size(viewport)
        settle(page)
        found = small_text(page)
        name, sizes = last_roll(page)
        if not sizes or min(sizes) < MIN_DIE_PX:
            found.append(f"last roll's dice drawn at {sizes} px")
        if viewport["width"] > viewport["height"]:
            found += odds_first_view(page)
        if found:
            problems[shape] = found
    assert not problems, problems
    rolled = Session.from_record(solitaire_record()).view(None)["players"][0]["last"]["faces"]
    assert [int(n) for n in re.findall(r"\d+", name)] == rolled and not re.search("[⚀-⚅]", name), name
    facts = page.locator("[data-odds] .odds-facts").inner_text()
    assert not re.search(r"\d[.,]\d", facts), facts  # whole rolls, not "about 4.6"
    # no sentence with a hole: a line whose number is still being worked out is not shown
    holes = page.locator("[data-odds] .odds-facts li").evaluate_all(
        "lis => lis.filter(l => l.checkVisibility({visibilityProperty: true}) && /…|^\\W*$/.test(l.querySelector('strong').textContent)).map(l => l.textContent)")
    assert not holes, holes


def test_the_news_line_says_a_long_name_whole_on_a_small_phone(site, devices):
    """Once read, "You play as … on this device." shrinks to a line: a seat's longest name
    wraps it, never cuts it (it was one line ending "Anastasia Barth…")."""
    name = "Anastasia Bartholomew-Fitzgerald"  # (32 characters, the most a seat's name takes)
    seats = [Seat("human", name), Seat("bot", "Bo", "normal"), Seat("bot", "Chiara", "normal")]
    page = phone(devices, "small").open(site.url + "#/gelatinous/game/" + encode(Record("gelatinous", seats, SEED, OPTIONS, [])))
    take_seat(page)
    page.locator("[data-board] [data-action='roll']").tap()
    news = page.locator("[data-notice='news'].line .news-text")
    news.wait_for()
    assert news.inner_text() == f"You play as {name} on this device."
    assert news.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight"), "the news is cut"
