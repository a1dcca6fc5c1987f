"""The Gelatinous table's side panels: the odds (from here and from the start) and the
solitaire personal best. Drawing only: from the rules' public view in the Facts, the odds
cache, and the device's preferences (Setting.prefs).

The odds are a pure function of the position (odds.position_key: its counts), so they are
kept by position, for every table on the page; the table fills the cache a step at a time
(`working_out`, run as the view's work), and a panel shows how far this device has got.

The odds panel is steady: its lines are the same whatever is known, so it keeps its
size while a new position's odds are worked out (the last ones stay, dimmed).
"""

from __future__ import annotations

import time
from typing import Iterator

from gelateria.core.facts import Facts
from gelateria.core.i18n import _, ngettext, number
from gelateria.games.gelatinous import odds
from gelateria.games.gelatinous.rules import PLAYING
from gelateria.web.markup import Markup, h
from gelateria.web.views.gelatinous_art import fnum, histogram, pct

_ODDS: dict[tuple, dict] = {}  # position key -> odds (shared by every table on the page)
_ODDS_LIMIT = 400

BEST_KEY = "gelatinous_best"  # lowest winning solitaire score on this device
STATS_KEY = "gelatinous_stats"  # {"played": n, "won": n} solitaire games on this device


def valid_best(value) -> int | None:
    """The stored personal best if it is a plausible score, else None (never raises)."""
    return value if type(value) is int and -20 <= value <= 100_000 else None


def valid_stats(value) -> dict:
    if isinstance(value, dict):
        played, won = value.get("played"), value.get("won")
        if type(played) is int and type(won) is int and 0 <= won <= played:
            return {"played": played, "won": won}
    return {"played": 0, "won": 0}


def remember(key: tuple, value: dict) -> None:
    """Keep the odds of a position (the oldest are forgotten past _ODDS_LIMIT)."""
    if key not in _ODDS and len(_ODDS) >= _ODDS_LIMIT:
        del _ODDS[next(iter(_ODDS))]
    _ODDS[key] = value


def known(key: tuple | None) -> dict | None:
    """The complete odds of a position, if this page has worked them out."""
    entry = _ODDS.get(key) if key is not None else None
    return entry if entry is not None and entry["done"] else None


def odds_wanted(facts: Facts) -> bool:
    """Odds for a game in play, or for the position a replay shows."""
    return facts.phase in ("play", "replay") and not facts.view["over"]


def working_out(view: dict) -> Iterator[bool]:
    """The odds from this position, then from the start of such a game, into the cache a
    step at a time; each step says whether there is something new to show."""
    start_key, start = odds.start_of(view)
    for key, state in ((odds.position_key(view), None), (start_key, start)):
        if known(key) is None:
            steps = odds.steps(state or odds.position_of(view), _ODDS.get(key), lambda: time.perf_counter() * 1000)
            for entry, worth_showing in steps:
                remember(key, entry)
                yield worth_showing


def best_panel(facts: Facts, prefs: dict) -> Markup:
    if facts.view["mode"] != "solitaire":
        return Markup("")
    best = valid_best(prefs.get(BEST_KEY))
    stats = valid_stats(prefs.get(STATS_KEY))
    if stats["played"]:
        record = ngettext("You have won {won} of {played} solitaire game here.",
                          "You have won {won} of {played} solitaire games here.",
                          stats["played"]).format(won=stats["won"], played=stats["played"])
    else:
        record = _("No solitaire games finished here yet.")
    return h("section", {"class": "best", "aria-label": _("Personal best"), "data-best": best if best is not None else ""},
             h("h2", None, _("Personal best")),
             h("p", {"class": "best-score"}, h("strong", None, str(best)) if best is not None else "—",
               h("span", None, _(" lowest winning score on this device"))),
             h("p", {"class": "muted"}, record))


def odds_panel(facts: Facts, names: list[str], before: tuple | None, rolling: bool, prefs: dict) -> Markup:
    """The odds from here and from the start. Its lines are the same whatever is known:
    while a new position's odds are worked out the last complete ones (`before`: their
    position's key) stay, dimmed (data-odds="busy"), and before any are known "…" holds
    their places, so the panel never changes size during play. While a roll still plays
    out (`rolling`), its odds are not shown yet: they would tell how it lands."""
    view = facts.view
    start = known(odds.start_key(view))
    shown_before = known(before)
    if odds_wanted(facts):
        working = None if rolling else _ODDS.get(odds.position_key(view))
        if working and working["done"]:
            state, now = "ready", working
        elif shown_before:
            state, now = "busy", shown_before
        else:  # the first odds of this game: a simulation shows its games so far
            state, now = "working", working if working and not working["exact"] else None
    elif shown_before and facts.phase == "over":
        state, now, working = "over", shown_before, None
    else:
        return h("section", {"class": "odds", "aria-label": _("Odds"), "data-odds": "over"},
                 h("h2", None, _("Odds")), h("p", {"class": "muted"}, _("The game is over: no more odds to give.")))
    attrs = {"class": "odds", "aria-label": _("Odds"), "data-odds": state, "aria-busy": "true" if state == "busy" else None}
    if state == "ready":
        attrs["data-odds-ms"] = fnum(now["ms"], 1)  # for benchmarks: not a player's concern
    at_start = view["round"] == 0
    if view["mode"] == "solitaire":
        body = solitaire_odds(now, start, at_start, valid_best(prefs.get(BEST_KEY)))
    else:
        body = table_odds(view, names, now, start, at_start)
    if state == "over":
        foot = _("Game over: the odds before the last roll.")
    elif state == "busy" and working and not working["exact"]:
        foot = ngettext("Working out the odds from here… ({games} game)", "Working out the odds from here… ({games} games)",
                        working["games"]).format(games=number(working["games"]))
    elif state == "busy":
        foot = _("Working out the odds from here…")
    elif now and now["exact"] and state == "ready":
        foot = _("Worked out from every possible roll.")
    elif now and state == "ready":
        foot = ngettext("Worked out by playing {games} game from here.", "Worked out by playing {games} games from here.",
                        now["games"]).format(games=number(now["games"]))
    elif now:
        foot = ngettext("Playing {games} game from here so far…", "Playing {games} games from here so far…",
                        now["games"]).format(games=number(now["games"]))
    else:
        foot = _("Working out the odds…")
    return h("section", attrs, h("h2", None, _("Your chances") if view["mode"] == "solitaire" else _("Who will win?")), *body, h("p", {"class": "odds-foot muted"}, foot))


def solitaire_odds(now: dict | None, start: dict | None, at_start: bool, best: int | None) -> list:
    """The odds as a new player reads them: short sentences, whole numbers of rolls."""
    def line(label: str, value, kind: str | None = None) -> Markup:
        """A sentence and its number (the sentence's {value} placeholder says where it goes)."""
        before, _sep, after = label.partition("{value}")
        return h("li", {"class": kind}, before or None, h("strong", None, "…" if value is None else str(value)), after or None)

    median = now.get("median") if now else None
    win = now["win"][0] if now else None
    rolls = round(now["mean_rounds"]) if now else None
    return [h("p", {"class": "odds-big", "data-win": fnum(win, 4) if now else None},
              *around(_("{chance} chance that you finish the cube"), h("span", {"class": "big-num"}, pct(win) if now else "…"))),
            h("ul", {"class": "odds-facts"},
              line(_("Your score if you finish: about {value}"), median if median is not None else ("—" if now else None)),
              line(ngettext("About {value} more roll to go", "About {value} more rolls to go", max(1, rolls or 2)),
                   max(1, rolls) if now else None),
              # (its place kept, empty, until the start's odds are worked out: never a "…" in a sentence)
              line(_("Your chance when the game began: {value}"), pct(start["win"][0]) if start else "",
                   "odds-start" + ("" if start else " unknown"))),
            histogram(now.get("scores") or {} if now else {}, (start or {}).get("scores") or {}, at_start, best),
            h("p", {"class": "lower-better"}, _("Lower scores are better: score = rolls − dice left in hand."))]


def table_odds(view: dict, names: list[str], now: dict | None, start: dict | None, at_start: bool) -> list:
    rows, glance = [], []
    for seat, name in enumerate(names):
        chance = now["win"][seat] if now else 0.0
        then = start["win"][seat] if start and not at_start else None
        out = view["players"][seat]["status"] != PLAYING
        # The fill's width changes in place (the page is morphed), so it slides.
        bar = h("span", {"class": "meter"},
                h("span", {"class": f"fill p{seat}", "style": f"width:{chance * 100:.1f}%"}),
                # (Always there, hidden before the first roll: it slides when the odds change.)
                h("span", {"class": "tick" + (" unused" if then is None else ""), "style": f"left:{(then or 0) * 100:.1f}%",
                           "title": _("When the game began: {value}").format(value=pct(then)) if then is not None else None}))
        rows.append(h("li", {"class": "odds-row" + (" out" if out else ""), "data-seat": seat},
                      h("span", {"class": "odds-name"}, name), bar,
                      h("strong", {"class": "odds-pct"}, pct(chance) if now else "…")))
        glance.append(h("li", {"class": "out" if out else None},
                        h("span", {"class": f"seat-dot p{seat}"}), h("span", {"class": "glance-name"}, name),
                        h("b", None, pct(chance) if now else "…")))
    nobody = h("strong", None, pct(now["nobody"]) if now else "…")
    nobody_words = _("The jelly eats everyone: {chance}") if view["mode"] == "multi" else _("Nobody finishes: {chance}")
    rounds = round(now["mean_rounds"]) if now else None
    # The chances at a glance: a phone on its side shows this card instead of the rest of
    # the panel (its mats take the height), in the column beside them (CSS).
    jelly = _("The jelly") if view["mode"] == "multi" else _("Nobody")  # (it eats everyone: no one wins)
    glance.append(h("li", {"class": "glance-nobody"}, h("span", {"class": "glance-name"}, jelly),
                    h("b", None, pct(now["nobody"]) if now else "…")))
    glance = h("div", {"class": "odds-glance"}, h("p", None, _("Who will win?")), h("ol", None, *glance))
    return [glance, h("ol", {"class": "odds-rows"}, *rows),
            h("p", {"class": "odds-nobody"}, *around(nobody_words, nobody),
              # (what that means, the first time a player reads it)
              h("span", {"class": "odds-why"}, _("if everyone runs out of dice before a cube is complete"))
              if view["mode"] == "multi" else None),
            h("p", {"class": "muted odds-note"},
              ngettext("About {rounds} more roll.", "About {rounds} more rolls.", max(1, rounds)).format(rounds=max(1, rounds))
              if now else _("How many more rolls: …"),
              # (Always there, hidden before the first roll like the marks: the panel keeps its size.)
              h("span", {"class": "tick-note" + (" unused" if at_start else "")},
                _(" The black mark on each bar: that player's chance when the game began."))),
            h("p", {"class": "lower-better"}, _("Lower scores are better: score = rolls − dice left in hand."))
            if view["mode"] == "video" else None]


def around(words: str, value: Markup) -> list:
    """A translated sentence with a drawn value in it: the words before and after its
    {chance} placeholder (Japanese and Korean put it elsewhere than English)."""
    before, _sep, after = words.partition("{chance}")
    return [part for part in (before, value, after) if part != ""]
