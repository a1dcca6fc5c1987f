"""The turn strip never cuts the words that matter (issue 32): "It's your turn" must not
become "You…" on a phone. Every strip a game shows — whose turn, the scores beside it —
is collected in CPython by playing each game out with its most players and this
language's default names (the table's own chrome and view draw it, as the app would),
then each is put in a live table's strip in the browser at 390x844, 844x390 and 360x640
(touch) in en, ja and ko, and measured: nothing in it wider than its box (cut or spilling
out), and the strip at most two lines tall."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import GAMES, human_table, start_game
from phone_sizes import LOCALES, PHONES, phone

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tests" / "unit"))
from fakeapp import started, table_of  # noqa: E402

from gelateria.core import i18n  # noqa: E402
from gelateria.core.game import get_game, seat_limits  # noqa: E402
from gelateria.core.record import Seat  # noqa: E402
from gelateria.web.setup import default_names  # noqa: E402

MOVES = 300  # positions looked at per game (a game's opening, middle and, often, its end)
MAX_STRIP_PX = 100  # two lines of words and the strip's padding; a third line is too much
MEASURE = """([lang, markups]) => markups.map(markup => {
    document.documentElement.lang = lang;  // the language's fonts, as its page would pick them
    const strip = document.querySelector('[data-strip]');
    strip.outerHTML = markup;
    const now = document.querySelector('[data-strip]');
    const cut = [...now.querySelectorAll('*'), now]
        .filter(e => !e.closest('.visually-hidden'))  // (words for a screen reader only, clipped by design)
        .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
        .map(e => `${e.className || e.tagName}: "${e.textContent.trim().slice(0, 60)}" ${e.scrollWidth}>${e.clientWidth}`);
    const r = now.getBoundingClientRect();
    if (r.right > innerWidth + 0.5) cut.push(`the strip ends at ${Math.round(r.right)} px, past the screen`);
    if (r.height > %d) cut.push(`the strip is ${Math.round(r.height)} px tall: "${now.textContent.trim().slice(0, 80)}"`);
    return cut;
})""" % MAX_STRIP_PX


def most_players(game) -> dict:
    """Options under which the game seats its most players (the longest strip)."""
    return next(({option.name: value} for option in game.type.options for value in option.values
                 if seat_limits(game, {option.name: value})[1] >= game.max_players), {})


def strips(game_id: str, lang: str) -> list[str]:
    """Every different strip of a game with its most players (you and bots), played out."""
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        game = get_game(game_id)
        names = default_names()
        level = game.type.offered_levels()[0]  # the quickest bots to think: the strip says the same words
        seats = [Seat("human", names[0])] + [Seat("bot", names[n], level) for n in range(1, game.max_players)]
        app, table = started(table_of(game_id), seats, seed=3, options=most_players(game))
        seen: dict[str, None] = {}
        for _ in range(MOVES):
            if table.phase != "play":
                break
            seen[str(table.chrome.turn_strip())] = None
            facts = table.facts()
            mine = facts.legal_by_seat[0] if facts.legal_by_seat else (facts.legal if facts.actor == 0 else None)
            if mine:
                table.act(0, mine[len(mine) // 2])
            elif not app.run_timers(limit=1):
                break
        return list(seen)
    finally:
        i18n.set_language(previous)


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("game", GAMES)
def test_the_strip_never_cuts_its_words_on_a_phone(site, devices, game, lang):
    markups = strips(game, lang)
    assert len(markups) > 5  # whose turn changed, and the scores with it
    device = phone(devices, "small")  # the game is started in English; the strips are in `lang`
    page = device.open(site.url + f"#/{game}")
    start_game(page, game, human_table(game), seed=5)
    problems = {}
    for shape, viewport in PHONES.items():
        page.set_viewport_size(viewport)
        found = [p for cut in page.evaluate(MEASURE, [lang, markups]) for p in cut]
        if found:
            problems[shape] = sorted(set(found))[:6]
    assert not problems, problems
