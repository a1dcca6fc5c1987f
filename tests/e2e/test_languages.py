"""The box in Japanese and Korean, as a player with such a browser meets it: every
screen in that language with no English left over, <html lang> right, and a language
switch that keeps the game exactly where it is.

"No English left over" is checked two ways on every screen: no visible text (or
accessible name) is one of the English messages of the catalogs, and no visible text
holds an English word at all (a string nobody wrapped in _() is in no catalog).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from gelateria.core.game import get_game
from gelateria.core.record import Record, Seat, encode
from gelateria.core.session import play

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import i18n as catalogs  # noqa: E402  scripts/i18n.py (needs Babel, which scripts/build.sh installs)

from conftest import BOOT_TIMEOUT_MS, GAMES, SIZES, follow, take_seat  # noqa: E402

# Seat names a Japanese or Korean table might use (links carry names, not languages).
NAMES = {"ja": ["ハナ", "ソラ", "ユキ"], "ko": ["하나", "민수", "지우"]}
# Proper names that stay in Latin letters in every language.
LATIN_NAMES = {"Python", "Pyodide", "PyScript", "JavaScript", "WebAssembly", "GitHub", "JSON", "URL", "MB", "KB",
               "Firefox", "Chrome", "Edge", "Safari", "Chromium", "CPU", "SVG", "Wi-Fi", "OK",
               # the names printed on the keys
               "Ctrl", "Enter", "Esc", "Tab", "Space", "Shift", "Alt", "Backspace", "Delete"}

# Every visible text node and accessible name on the page, outside elements that say
# they are in another language (the switch's "English").
VISIBLE_TEXTS = """() => {
  const lang = document.documentElement.lang;
  const own = (el) => { const l = el.closest('[lang]'); return !l || l.lang === lang; };
  const seen = (el) => el.checkVisibility ? el.checkVisibility({visibilityProperty: true}) : true;
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement, text = n.textContent.replace(/\\s+/g, ' ').trim();
    if (!text || !el || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;
    const inTitle = el.closest('title');  // an SVG <title>: the picture's accessible name
    if (own(el) && (inTitle ? seen(inTitle.parentElement) : seen(el))) out.push(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    if (!own(el) || !seen(el)) continue;
    for (const a of ['aria-label', 'title', 'alt', 'placeholder']) {
      const v = (el.getAttribute(a) || '').trim();
      if (v) out.push(v);
    }
  }
  out.push(document.title);
  return out;
}"""


def english_patterns() -> list[tuple[str, re.Pattern]]:
    """Each English message with words in it, as a pattern a whole text would match."""
    found = []
    for area in catalogs.AREAS:
        for message in catalogs.extract(area):
            for text in (message.id if isinstance(message.id, tuple) else (message.id,)):
                words = set(re.findall(r"[A-Za-z]+", re.sub(r"\{\w+[^{}]*\}", "", text)))
                if not words - LATIN_NAMES or text in ("English", "Gelateria"):
                    continue  # nothing in it that a translation would change
                parts = re.split(r"\{\w+[^{}]*\}", text)
                found.append((text, re.compile(r".+?".join(re.escape(p) for p in parts), re.S)))
    return found


@pytest.fixture(scope="module")
def english():
    return english_patterns()


def leftover_english(page, english) -> list[str]:
    texts = page.evaluate(VISIBLE_TEXTS)
    problems = set()
    for text in texts:
        for message, pattern in english:
            if pattern.fullmatch(text):
                problems.add(f"{text!r} is the English message {message!r}")
                break
        words = [w for w in re.findall(r"[A-Za-z][A-Za-z'’-]{2,}", text) if w not in LATIN_NAMES]
        if words:
            problems.add(f"{text!r} has English words {words}")
    return sorted(problems)


def game_link(game_id: str, lang: str, finished: bool) -> str:
    """A real game of bots with a human in seat 1: complete (seed 6), or cut where the
    human is to act, from halfway on (seed 5: so nothing moves while a test looks). Two
    deals: a finished link of the deal whose seat this device took would be refused, as
    it holds moves for that seat that this device never made."""
    game = get_game(game_id)
    n = max(game.min_players, 2)  # a human and a bot at least
    seed = 6 if finished else 5
    record = play(game, ["normal"] * n, seed).record
    moves = record.moves
    if not finished:
        state = game.new(n, seed, dict(record.options))
        for k, (player, move) in enumerate(record.moves):
            if k >= len(record.moves) // 2 and game.to_act(state) == [0]:
                break
            state = game.apply(state, player, move)
        moves = record.moves[:k]
    seats = [Seat("human", NAMES[lang][0])] + [Seat("bot", name, "normal") for name in NAMES[lang][1:n]]
    return f"#/{game_id}/game/" + encode(Record(game_id, seats, seed, dict(record.options), list(moves)))


@pytest.fixture(params=["ja", "ko"])
def local(devices, request):
    """A desktop page whose browser speaks Japanese or Korean (and nothing else)."""
    locale = {"ja": "ja-JP", "ko": "ko-KR"}[request.param]
    page = devices.take(locale=locale, **SIZES["desktop"]).page
    page.lang = request.param
    return page


def open_route(page, url: str) -> None:
    follow(page, url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)


def go(page, route: str, ready: str) -> None:
    page.evaluate("r => { location.hash = r; }", route)
    page.wait_for_selector(ready)


def test_every_screen_speaks_the_browsers_language(site, local, english):
    page, lang = local, local.lang
    open_route(page, site.url)
    assert page.evaluate("document.documentElement.lang") == lang
    page.wait_for_selector("[data-screen='home']")
    seen = {"home": leftover_english(page, english)}
    assert page.locator("select[data-language]").input_value() == lang
    for game_id in GAMES:
        go(page, f"#/{game_id}", f"[data-game='{game_id}'][data-phase='setup']")
        seen[f"{game_id} panel"] = leftover_english(page, english)
        go(page, f"#/{game_id}/rules", "[data-screen='rules']")
        seen[f"{game_id} rules"] = leftover_english(page, english)
        go(page, game_link(game_id, lang, finished=False), f"[data-game='{game_id}'][data-phase='play']")
        seen[f"{game_id} from a link"] = leftover_english(page, english)  # "Which player are you?"
        take_seat(page)
        seen[f"{game_id} in progress"] = leftover_english(page, english)
        go(page, game_link(game_id, lang, finished=True), f"[data-game='{game_id}'][data-phase='over']")
        seen[f"{game_id} end"] = leftover_english(page, english)
    assert page.evaluate("document.documentElement.lang") == lang
    untranslated = {where: found for where, found in seen.items() if found}
    assert not untranslated, "\n".join(f"{where}: {found[:8]}" for where, found in untranslated.items())


def open_japanese_game(page, site) -> None:
    """A Gelati game in play from a link made at a Japanese table, this device at seat 0."""
    open_route(page, site.url + game_link("gelati", "ja", finished=False))
    page.wait_for_selector("[data-game='gelati'][data-phase='play']")
    take_seat(page)


def test_switching_language_mid_game_keeps_the_game_and_its_log(site, devices):
    page = devices.take(locale="ja-JP", **SIZES["phone"]).page
    open_japanese_game(page, site)
    assert page.evaluate("document.documentElement.lang") == "ja"
    route = page.evaluate("location.hash")
    board = page.locator("[data-board] use").count()
    log = page.locator(".log li, .replay-log li").all_text_contents()
    assert log and all(re.search(r"[\u3040-\u30ff]", line) for line in log)

    page.select_option("select[data-language]", "ko")
    page.wait_for_function("document.documentElement.lang === 'ko'")
    assert page.evaluate("location.hash") == route, "the language is not part of the link"
    assert page.locator("[data-board] use").count() == board
    korean = page.locator(".log li, .replay-log li").all_text_contents()
    assert len(korean) == len(log) and all(re.search(r"[\uac00-\ud7a3]", line) for line in korean)
    assert page.locator("[data-game='gelati'][data-phase='play']").count() == 1

    page.reload()  # the choice is remembered, over the browser's Japanese
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.lang") == "ko"
    assert page.locator("select[data-language]").input_value() == "ko"


def test_a_shared_link_opens_in_the_receivers_language(site, devices):
    """The same link, sent from a Japanese table, opens in English for an English browser."""
    page = devices.take(locale="en-US", **SIZES["desktop"]).page
    open_japanese_game(page, site)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("select[data-language]").input_value() == "en"
    shown = page.inner_text("main")
    for word in NAMES["ja"] + ["日本語", "한국어"]:
        shown = shown.replace(word, "")
    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]", shown), shown[:400]
    assert page.locator("[data-turn]").inner_text().strip()
