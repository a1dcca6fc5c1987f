"""It's Mine! on a touch phone (issue 32), at the three phone shapes, one game each:
the setup says which bots suit a thumb, your own seat's turn tab says what the status
says, no key cap shows, and mid-game (10+ flips) every grab a player could tap now is
on screen and on top, with the top cards' names in letters a phone can read, and the
table holds still while the bots play. Then one position mid-round in each language:
under Flip, what a heart is for and each player's hearts and cards taken, in words, whole
and 12 px or more; the round on the strip; what a star means on one line; each
pile's top card large, named beside it as a phrase (flavour and shape on a line where they
fit), your favourites starred, the stars' key a gold tag like theirs; whose turn in whole
phrases; no word broken over two lines. Between rounds, the score sheet at each shape:
your row ("You", as on the table) with this round and the total whole and on top, nothing
cut sideways, Next round on screen; at the end, the totals best first, "You" among them."""

from pathlib import Path

import pytest
from conftest import settle, start_game, take_seat
from phone_sizes import LOCALES, PHONES, hidden_targets, phone

from gelateria.core.record import Record, Seat, encode
from gelateria.core.session import Session, play
from gelateria.games.itsmine.rules import GAME

SHOTS = Path(__file__).resolve().parents[2] / "test-results"
LEFT = "[data-part='facts'] [data-left]"  # the cards left to flip, on the strip
GRABS = "[data-action='grab']:not([disabled])"  # the grabs Ana could tap now


def cards_left(page) -> int:
    return int(page.locator(LEFT).get_attribute("data-left"))


def small_labels(page) -> list:
    """The top cards' names shown under the piles, and any in letters under 11 px."""
    return page.evaluate("""() => {
        const shown = [...document.querySelectorAll('[data-card-label]')].filter(e => e.textContent && e.offsetHeight);
        return [shown.length, shown.map(e => [e.textContent, parseFloat(getComputedStyle(e).fontSize)])
                                   .filter(([, px]) => px < 11)];
    }""")


@pytest.mark.parametrize("shape", list(PHONES))
def test_mid_game_every_grab_is_in_reach_and_readable_without_keys(site, devices, shape):
    watched = phone(devices, shape)
    page = watched.open(site.url + "#/itsmine")
    page.wait_for_selector("[data-game='itsmine'][data-phase='setup']")
    assert page.locator("[data-touch-level]").is_visible(), "the setup does not say which bots suit a touch screen"
    start_game(page, "itsmine", ["human", "normal", "normal", "normal"], seed=5, names={0: "Ana"},
               options={"#opt_first": "0"}, pace="Instant")
    page.locator("[data-action='flip']").wait_for()
    # Ana flips first: her seat's tab and the status both say it is her turn.
    assert page.locator("[data-seat-panel='0'] [data-turn-mark]").inner_text() == "Your turn"
    assert page.locator("[data-part='status']").inner_text().startswith("Your turn")
    assert page.locator("kbd:visible").count() == 0, "a key cap shows on a touch screen"
    # Every seat's name is read whole ("Chi…" at 360x640 was not), and so is whose turn it is.
    cut = page.evaluate("""() => [...document.querySelectorAll('.seat-name, [data-part=status]')]
        .filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)""")
    assert cut == [], f"cut off: {cut}"
    page.evaluate("window.scrollTo(0, 0)")  # as the game opens: Flip is in reach, whole
    assert hidden_targets(page, "[data-action='flip']", "body") == []
    assert page.evaluate("document.querySelector(\"[data-action='flip']\").getBoundingClientRect().bottom") <= PHONES[shape]["height"]

    start = cards_left(page)
    page.evaluate("window.__shift = 0; window.__shifts = []")
    while cards_left(page) > start - 12 and not page.locator("[data-scores]").count():
        left = cards_left(page)
        flip = page.locator("[data-action='flip']:not([data-paused])")
        tapped = bool(flip.count())
        if tapped:
            flip.tap()
        # A card is flipped (hers or a bot's); or, while a call pauses play on her turn, the
        # pause ends; or a bot called just as she tapped: the pause refused her flip (she
        # tries again once it ends).
        waiting_for = "[data-action='flip'][data-paused]" if tapped else "[data-action='flip']:not([data-paused])"
        page.wait_for_function(f"""() => Number(document.querySelector("{LEFT}").dataset.left) < {left}
            || document.querySelector("[data-scores]") || document.querySelector("{waiting_for}")""",
                               timeout=15_000)
    assert start - cards_left(page) >= 10, "the round ended before ten flips"
    # Layout shifts while the bots flip and grab (not those right after Ana's taps).
    shift, shifts = page.evaluate("[window.__shift, window.__shifts]")

    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"itsmine-phone-{shape}.png"))
    assert hidden_targets(page, GRABS, ".im-board") == []
    count, small = small_labels(page)
    assert count and small == [], f"card names under 11 px: {small}"
    assert page.locator("kbd:visible").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONES[shape]["width"]
    print(f"\n{shape}: {start - cards_left(page)} flips, {page.locator(GRABS).count()} grabs in reach, "
          f"{count} card names ≥ 11 px, CLS {shift:.4f}")
    assert shift <= 0.02, shifts[:5]
    assert watched.errors == [] and watched.foreign == []


# Round 1 mid-way, as scripts/screenshots.py's itsmine-mid: 24 flips and 7 grabs, Chiara has
# just taken Dario's pile and Bo holds no heart; Ana is to flip and no bot wants a pile, so
# nothing moves.
SEED, OPTIONS, MID = 5, {"first": 0, "pause": 1000}, 31
SEATS = [Seat("human", "Ana"), Seat("bot", "Bo", "normal"), Seat("bot", "Chiara", "normal"), Seat("bot", "Dario", "normal")]
KEY = {"en": "Each grab costs a heart", "ja": "ハートを1個使います", "ko": "하트 1개를 써요"}  # what a heart is for
CARDS = {"en": "{} cards", "ja": "{}枚", "ko": "{}장"}
YOU = {"en": "You", "ja": "あなた", "ko": "나"}  # Ana's own pile and tally line
LEFT_WORDS = {"en": "31 cards left to flip", "ja": "山札の残り 31枚", "ko": "뒤집을 카드 31장 남음"}
ROUND = {"en": "Round 1 of 3", "ja": "ラウンド 1/3", "ko": "라운드 1/3"}
TALLY_HEAD = {"en": "Cards taken, scored at the round's end", "ja": "取ったカード（ラウンド終了時に得点）",
              "ko": "가져온 카드 (라운드가 끝나면 점수 계산)"}
STARRED = {"en": "★cup", "ja": "★カップ", "ko": "★컵"}  # Ana likes vanilla cups; her top card is a strawberry cup
# Each pile's top card (its height, px) and the words beside it; how many lines the status takes.
PILES = """() => [...document.querySelectorAll('.pile')].filter(e => e.getClientRects().length).map(e => [
    Math.round(e.getBoundingClientRect().height),
    [...e.parentElement.querySelectorAll('[data-card-label] > span')].map(w => w.textContent).filter(Boolean)])"""
STATUS_LINES = """() => { const text = document.querySelector('[data-part=status] strong');
    const range = document.createRange(); range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; }"""
TALLY = """() => [...document.querySelectorAll('[data-tally]')].map(row => [...row.querySelectorAll(
    '.tally-name, .tally-hearts, .tally-cards')].map(e => e.textContent))"""
HEADS = """() => [...document.querySelectorAll('.seat-head')].map(e => [e.dataset.tokens, e.dataset.taken])"""
# The tally's words under 12 px; the round's line on the strip, below the strip's edge; the
# stars' key, in lines.
SMALL_TALLY = """() => [...document.querySelectorAll('.tally *')].filter(e => e.childElementCount === 0 && e.textContent.trim()
    && parseFloat(getComputedStyle(e).fontSize) < 12).map(e => e.textContent)"""
ROUND_OUT = """() => { const r = document.querySelector('[data-part=facts] .round-fact').getBoundingClientRect();
    const strip = document.querySelector('[data-part=facts]').closest('.turn-strip').getBoundingClientRect();
    return !r.height || r.bottom > strip.bottom; }"""
KEY_LINES = """() => { const walk = document.createTreeWalker(document.querySelector('.fav-key'), NodeFilter.SHOW_TEXT), tops = new Set();
    for (let node; (node = walk.nextNode());) { const range = document.createRange(); range.selectNodeContents(node);
        for (const r of range.getClientRects()) tops.add(Math.round(r.top)); }
    return tops.size; }"""  # (its words' lines: the star's gold tag is a box around one of them)
CUT = """() => [...document.querySelectorAll('.tally, .tally *, .hand-bar .flip-word, .hand-bar .flip-left, [data-card-label]')]
    .filter(e => e.getClientRects().length && (e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight + 1))
    .map(e => e.textContent.trim())"""

# A top card's flavour and shape split over two lines though they fit on one ("초콜릿 / 선데").
SPLIT_NAMES = """() => [...document.querySelectorAll('[data-card-label]')].filter(e => e.offsetHeight).flatMap(e => {
    const words = [...e.querySelectorAll('.top-word')];
    if (words.length < 2) return [];
    const [a, b] = words.map(w => w.getBoundingClientRect());
    return b.top >= a.bottom - 1 && a.width + b.width + 5 <= e.clientWidth ? [words.map(w => w.textContent).join(' / ')] : [];
})"""
# Words (between spaces) that a line break cuts in two: Korean breaks between words, as English does.
BROKEN_WORDS = """() => { const out = [], walk = document.createTreeWalker(document.querySelector('.table'), NodeFilter.SHOW_TEXT);
    for (let node; (node = walk.nextNode());) {
        if (node.parentElement.closest('.visually-hidden') || !node.parentElement.getClientRects().length) continue;
        for (const m of node.data.matchAll(/\\S+/g)) {
            const range = document.createRange(); range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
            if (new Set([...range.getClientRects()].filter(r => r.width).map(r => Math.round(r.top))).size > 1) out.push(m[0]);
        }
    }
    return out; }"""
# The stars' key: its star drawn as the cards' gold tag (not a plain ★ in the text).
KEY_STAR = """() => { const star = document.querySelector('.fav-key .star-tag');
    return star && star.textContent === '★' ? getComputedStyle(star).backgroundColor : null; }"""
GOLD = "rgb(255, 213, 79)"  # (the cards' star tags: itsmine_art.MATCH_GOLD)


def midround_link(count: int = MID) -> str:
    """Round 1 after its first `count` moves (MID: just after Chiara's grab, so the
    receiver's Flip waits out the grab's pause)."""
    moves = play(GAME, ["normal"] * len(SEATS), SEED, OPTIONS).record.moves[:count]
    return "#/itsmine/game/" + encode(Record("itsmine", SEATS, SEED, OPTIONS, moves))


def scored_link() -> str:
    """The same game just as round 1 is scored: its sheet waits for Next round."""
    moves = play(GAME, ["normal"] * len(SEATS), SEED, OPTIONS).record.moves
    session = Session(GAME, SEATS, SEED, dict(OPTIONS))
    for k, (seat, move) in enumerate(moves):
        session.submit(seat, move)
        if session.state.phase == "scored":
            return "#/itsmine/game/" + encode(Record("itsmine", SEATS, SEED, OPTIONS, moves[:k + 1]))
    raise AssertionError("round 1 was never scored")


def test_switching_language_redraws_the_words_drawn_in_the_cards(site, devices):
    """The closed-shop sign is drawn once, in the page's hidden definitions, which a
    redraw leaves as they are while their markup is the same (data-keep): a new language
    is new markup, and the sign speaks it."""
    page = phone(devices, "small", "en").open(site.url + midround_link())
    take_seat(page)
    sign = page.locator("svg.im-defs #im-closed text")
    assert sign.text_content() == "CLOSED"
    page.locator("[data-action='news-close']").tap()  # a redraw in the same language keeps it
    page.locator("[data-notice='news']").wait_for(state="detached")
    assert sign.text_content() == "CLOSED"
    page.select_option("select[data-language]", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    assert sign.text_content() == "영업종료"


@pytest.mark.parametrize("lang", list(LOCALES))
def test_mid_round_each_players_hearts_and_cards_are_in_words_under_flip(site, devices, lang):
    page = phone(devices, "small", lang).open(site.url + midround_link())
    take_seat(page)
    page.locator("[data-game='itsmine'] [data-action='flip']").wait_for()
    page.locator("[data-action='news-close']").tap()  # ("You play as Ana on this device.": read)
    page.locator("[data-notice='news']").wait_for(state="detached")
    # The tally says what the piles' name lines count (Bo has spent his last heart).
    heads = page.evaluate(HEADS)
    assert heads == [["1", "5"], ["0", "4"], ["1", "4"], ["1", "6"]]
    expected = [[name, tokens, CARDS[lang].format(taken)] for name, (tokens, taken) in zip((YOU[lang], "Bo", "Chiara", "Dario"), heads)]
    assert page.evaluate(TALLY) == expected
    assert KEY[lang] in page.locator("[data-part='tally'] .tally-key").inner_text()
    assert page.locator(LEFT).inner_text() == LEFT_WORDS[lang]
    assert page.locator("[data-part='tally'] .tally-head").inner_text() == TALLY_HEAD[lang]
    problems, figures = {}, {}
    for shape, viewport in PHONES.items():
        page.set_viewport_size(viewport)
        settle(page)
        page.evaluate("scrollTo(0, 0)")
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"itsmine-mid-{lang}-{viewport['width']}x{viewport['height']}.png"))
        found = hidden_targets(page, f"{GRABS}, [data-action='flip']", "body")
        tally = page.locator("[data-part='tally']").bounding_box()
        if not tally or tally["y"] < 0 or tally["y"] + tally["height"] > viewport["height"]:
            found.append(f"the tally is not wholly on screen: {tally}")
        found += [f"cut: {text}" for text in page.evaluate(CUT)]
        piles = page.evaluate(PILES)
        found += [f"a top card {px} px tall: {words}" for px, words in piles if px < 60]
        if STARRED[lang] not in piles[0][1]:
            found.append(f"your pile's cup is not starred: {piles[0][1]}")
        if page.evaluate(ROUND_OUT):
            found.append(f"{ROUND[lang]} is not on the strip")
        elif page.locator("[data-part='facts'] .round-fact").inner_text() != ROUND[lang]:
            found.append(f"the strip's round: {page.locator('[data-part=facts] .round-fact').inner_text()}")
        found += [f"tally words under 12 px: {small}" for small in [page.evaluate(SMALL_TALLY)] if small]
        if page.evaluate(KEY_LINES) != 1:
            found.append("★'s key is broken over two lines")
        if page.evaluate(KEY_STAR) != GOLD:
            found.append(f"the key's star is not a gold tag like the cards': {page.evaluate(KEY_STAR)}")
        found += [f"a card's name split though it fits a line: {words}" for words in page.evaluate(SPLIT_NAMES)]
        if lang != "ja":  # (Japanese has no spaces between words)
            found += [f"a word broken over two lines: {word}" for word in page.evaluate(BROKEN_WORDS)]
        if lang == "ja" and page.evaluate(STATUS_LINES) != 1:
            found.append("あなたの番！ is broken over two lines")
        if page.evaluate("document.documentElement.scrollWidth") > viewport["width"]:
            found.append("the page scrolls sideways")
        below = viewport["height"] - page.evaluate("document.querySelector('[data-hand-bar]').getBoundingClientRect().bottom")
        figures[shape] = f"{below:.0f} px under the hand bar, top cards {min(px for px, _ in piles)} px tall"
        if viewport["height"] > viewport["width"] and below > 80:  # (it was 180 px of empty paper at 390x844)
            found.append(f"{below:.0f} px left empty under the hand bar")
        if found:
            problems[shape] = found
    print(f"\nIt's Mine! mid-round {lang}: {figures}")
    assert not problems, problems


# The round sheet's cells (its head's shown cells and every row's) cut by the sheet's edge
# or the screen's, or wider than their box; and the page scrolling sideways.
SHEET_CUT = """() => { const sheet = document.querySelector('.score-card').getBoundingClientRect();
    const cells = [...document.querySelectorAll('.round-scores :is(th, td)')].filter(e => e.getClientRects().length
        && e.getBoundingClientRect().width > 1);
    return cells.filter(e => { const r = e.getBoundingClientRect();
        return r.left < Math.max(sheet.left, 0) - 0.5 || r.right > Math.min(sheet.right, innerWidth) + 0.5
            || e.scrollWidth > e.clientWidth; }).map(e => e.textContent.trim())
        .concat(document.documentElement.scrollWidth > innerWidth ? ['the page scrolls sideways'] : []); }"""
ROUND_COLUMNS = {"en": ("This round", "Total"), "ja": ("今回", "合計"), "ko": ("이번 라운드", "총점")}


@pytest.mark.parametrize("lang", list(LOCALES))
def test_round_sheet_shows_your_round_and_total_and_next_round_on_every_phone(site, devices, lang):
    page = phone(devices, "small", lang).open(site.url + scored_link())
    take_seat(page)
    page.locator("[data-scores='1']").wait_for()
    # The viewer's row says "You", as the table did; the bots keep their names.
    names = page.locator("[data-score-row] th").all_inner_texts()
    assert [name.strip() for name in names] == [YOU[lang], "Bo", "Chiara", "Dario"]
    problems = {}
    for shape, viewport in PHONES.items():
        page.set_viewport_size(viewport)
        settle(page)
        page.screenshot(path=str(SHOTS / f"itsmine-scored-{lang}-{viewport['width']}x{viewport['height']}.png"))
        found = [f"cut: {text}" for text in page.evaluate(SHEET_CUT)]
        # Your row whole (player, favourites, breakdown, this round, total) and the head's
        # words for this round and the total: each on screen and on top.
        found += hidden_targets(page, "[data-score-row='0'] > *, .round-scores thead :is(.round-total, .total)", ".score-card")
        heads = page.locator(".round-scores thead :is(.round-total, .total)").all_inner_texts()
        if tuple(text.strip() for text in heads) != ROUND_COLUMNS[lang]:
            found.append(f"the head's columns: {heads}")
        found += hidden_targets(page, "[data-action='next-round']", ".score-card")
        # Upright, the sheet fits whole (its last row took a short scroll at 360x640), and
        # Next round's bar casts a shadow only while rows are under it.
        card, shadow = page.evaluate("""() => { const c = document.querySelector('.score-card');
            return [[c.scrollHeight, c.clientHeight], getComputedStyle(c.querySelector('.end-buttons')).boxShadow]; }""")
        if viewport["height"] > viewport["width"] and card[0] > card[1]:
            found.append(f"the sheet scrolls: {card}")
        if card[0] <= card[1] and shadow != "none":
            found.append(f"a shadow with nothing under the buttons: {shadow}")
        # The breakdown's words read (>= 12 px), each number under its words; each button's
        # words on one line ("新しい / ゲーム" read as two buttons).
        found += page.evaluate("""() => { const out = [], heads = [...document.querySelectorAll('.round-scores thead .part')];
            for (const th of heads) { const px = parseFloat(getComputedStyle(th).fontSize);
                if (px < 12) out.push(`"${th.textContent}" at ${px} px`); }
            for (const td of document.querySelectorAll("[data-score-row='1'] .part")) {
                const th = heads[[...td.parentNode.querySelectorAll('.part')].indexOf(td)];
                const a = td.getBoundingClientRect(), b = th.getBoundingClientRect();
                if (Math.abs((a.left + a.right) / 2 - (b.left + b.right) / 2) > 4) out.push(`"${td.textContent}" not under "${th.textContent}"`); }
            const card = document.querySelector('.score-card').getBoundingClientRect();
            for (const b of document.querySelectorAll('.score-card .end-buttons button')) {
                const box = b.getBoundingClientRect();
                if (box.left < card.left || box.right > card.right) out.push(`"${b.textContent}" beyond the sheet's sides`);
                const r = document.createRange(); r.selectNodeContents(b);
                const lines = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
                if (lines.size > 1) out.push(`"${b.textContent}" on ${lines.size} lines`); }
            return out; }""")
        if found:
            problems[shape] = found
    assert not problems, problems


def test_end_screen_ranks_the_totals_with_you_among_them(site, devices):
    # The game's last round, its countdown running out (its last move): Ana takes her seat and it ends.
    moves = play(GAME, ["normal"] * len(SEATS), SEED, OPTIONS).record.moves
    assert moves[-1][1]["a"] == "x"
    page = phone(devices, "small").open(site.url + "#/itsmine/game/" + encode(Record("itsmine", SEATS, SEED, OPTIONS, moves[:-1])))
    take_seat(page)
    end = page.locator("[data-end]")
    end.wait_for(timeout=15_000)
    rows = [[cell.strip() for cell in row.split("\t")] for row in end.locator("[data-summary-row]").all_inner_texts()]
    assert sorted(row[0].lstrip("★ ") for row in rows) == ["Bo", "Chiara", "Dario", "You"]
    assert "Ana" not in end.inner_text(), "the end screen calls this device's player by the seat's name"
    totals = [int(row[-1]) for row in rows]
    assert totals == sorted(totals, reverse=True) and end.locator("[data-summary-row].winner").count() >= 1
    assert end.locator(".final-scores:not(.rounds)").count() == 0, "the totals are listed twice"
    assert hidden_targets(page, "[data-end] .end-buttons > :first-child", "[data-end] .overlay-card") == []
