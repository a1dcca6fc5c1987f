"""The Genial Spezial table's panels: the bar under the board (the step of making a
tile, the preview of what it scores, the golden colour choice, the latest move),
each player's colour tracks beside it, and the end screen's summary with the
tie-break in words.

Drawing only (a mixin of GenialScreen, like web/chrome.py's TableChrome): from the
rules' view (`self.view()`), the rules' own preview of a tile (`self.preview()`), the
rules' ranking key, and the tile being made (`first`, `second`, `golden_pick`).
"""

from __future__ import annotations

from gelateria.games.genial.rules import COLOUR_NAMES, COLOURS, ROUNDS, place_words, ranking_key
from gelateria.web.markup import Markup, h, svg
from gelateria.web.views import genial_art as art

TRACK_MAX = 18  # the printed score board's track


def gain_words(gain) -> str:
    parts = [f"+{g} {COLOUR_NAMES[c]}" for c, g in zip(COLOURS, gain) if g]
    return ", ".join(parts) if parts else "no points"


def plural(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def move_section(kind: str, label: str, extra_class: str, *children, preview: str | None = None) -> Markup:
    """The bar under the board (data-move-bar says which step it shows; data-preview the
    previewed points per colour)."""
    return h("section", {"data-part": "move", "class": "gs-move-bar" + extra_class, "aria-label": label,
                         "data-move-bar": kind, "data-preview": preview}, *children)


class GenialPanels:
    # --- the bar under the board ----------------------------------------------------------

    def move_bar(self, v: dict, me, names) -> Markup:
        if me is None:
            return move_section("watch", "Latest move", " gs-quiet", self.latest_line(v, names))
        if self.must_pass():
            return move_section(
                "pass", "Your move", "",
                h("p", {"class": "gs-step"}, h("strong", None, "No tile fits anywhere. "),
                  "No two neighbouring empty spaces are left on the board, so you pass this turn."),
                h("p", {"class": "gs-buttons"},
                  h("button", {"type": "button", "data-action": "pass", "aria-keyshortcuts": "p"}, "Pass")))
        hint = h("p", {"class": "gs-hint", "role": "status", "data-hint": ""}, self.hint) if self.hint else None
        tile_no = ROUNDS - v["tiles_left"][me] + 1
        if self.first is None:
            return move_section(
                "first", "Your move", "",
                h("p", {"class": "gs-step"}, h("strong", None, f"Tile {tile_no} of {ROUNDS}. "),
                  "Click an empty space for one half of your tile, then a neighbouring space for the other half."),
                hint,
                h("p", {"class": "gs-keys"}, "Keys: arrows move, Enter picks, Esc cancels. ", self.latest_line(v, names)))
        if self.second is None:
            return move_section(
                "second", "Your move", "",
                h("p", {"class": "gs-step", "aria-live": "polite"},
                  h("strong", None, f"First half on ({self.first[0]},{self.first[1]}). "),
                  "Now click one of the outlined neighbours for the other half; each shows the points it would bring."),
                hint,
                h("p", {"class": "gs-buttons"},
                  h("button", {"type": "button", "class": "secondary", "data-action": "cancel"}, "Cancel")))
        return self.preview_bar(hint)

    def preview_bar(self, hint) -> Markup:
        p = self.preview()
        if p is None or "error" in p:
            return move_section("error", "Your move", "",
                                h("p", {"role": "alert"}, (p or {}).get("error", "This tile cannot go there.")),
                                h("button", {"type": "button", "class": "secondary", "data-action": "cancel"}, "Cancel"))
        gain, before, after = p["gain"], p["before"], p["after"]
        cells = []
        for i, c in enumerate(COLOURS):
            cells.append(h("li", {"class": f"gs-gain gs-c-{c}" + ("" if gain[i] else " gs-nothing"), "data-gain": c,
                                  "aria-label": f"{COLOUR_NAMES[c]}: +{gain[i]}, {before[i]} to {after[i]}"},
                           art.colour_icon(c, 16, bool(gain[i])), h("strong", None, f"+{gain[i]}"),
                           h("span", {"class": "gs-gain-name"}, COLOUR_NAMES[c]),
                           h("small", None, f"{before[i]}→{after[i]}")))
        total = sum(gain)
        return move_section("preview", "Confirm your tile", " gs-previewing",
                            h("div", {"class": "gs-preview-head"},
                              h("p", {"class": "gs-step", "aria-live": "polite"},
                                h("strong", None, f"This tile scores {total} point" + ("" if total == 1 else "s") + ": "),
                                "; ".join(self.why_it_scores(p)), ". ", h("span", {"class": "gs-weakest"}, weakest_words(p))),
                              h("ul", {"class": "gs-gains", "aria-label": "Points per colour"}, *cells)),
                            self.golden_chooser(p) if self.golden_pick else None, hint,
                            h("p", {"class": "gs-buttons"},
                              h("button", {"type": "button", "data-action": "confirm", "class": "gs-confirm"},
                                f"Place tile ({gain_words(gain)})" if total else "Place tile (no points)"),
                              h("button", {"type": "button", "class": "secondary", "data-action": "cancel"}, "Cancel"),
                              h("small", None, "or click the outlined half again")),
                            preview=",".join(str(g) for g in gain))

    @staticmethod
    def why_it_scores(p: dict) -> list[str]:
        why = []
        token_pts = [0, 0, 0, 0]
        for _, colour, pts in p["towers"]:
            token_pts[COLOURS.index(colour)] += pts
        if p["towers"]:
            why.append("towers " + gain_words(token_pts))
        if p["bonus"]:
            why.append(f"tall tower bonus +{p['bonus']} in every colour")
        if p["golden"]:
            why.append("golden " + ", ".join(f"+1 {COLOUR_NAMES[c]}" for c in p["golden"]))
        if not why:
            if len(p["touched"]) == 1:
                why.append("it touches one tower: a chain scores once it touches two")
            elif p["touched"]:
                why.append("this chain has already scored every tower it touches")
            else:
                why.append("it touches no tower")
        if p["merged"]:
            why.append(f"joins {plural(p['merged'], 'chain')} of yours")
        return why

    def golden_chooser(self, p: dict) -> Markup:
        towers = [(t["at"], t["tall"], t["colour"]) for t in self.view()["towers"]]
        rows = []
        for i, cell in enumerate(self.golden_halves()):
            chosen = self.golden_pick[i] if i < len(self.golden_pick) else None
            # The weakest colours without this half's own point: where it helps most.
            base = list(p["after"])
            if chosen:
                base[COLOURS.index(chosen)] -= 1
            weakest = min(base)
            buttons = []
            for c in COLOURS:
                on = c == chosen
                is_weak = base[COLOURS.index(c)] == weakest
                buttons.append(h("button", {"type": "button", "class": f"gs-colour-btn gs-c-{c}" + (" on" if on else ""),
                                            "data-action": "golden", "data-half": i, "data-colour": c, "data-golden": i,
                                            "aria-pressed": "true" if on else "false",
                                            "aria-label": f"Golden point {i + 1}: {COLOUR_NAMES[c]}"
                                                          + (" (your weakest)" if is_weak else "")},
                                 art.colour_icon(c, 16), COLOUR_NAMES[c].title(),
                                 h("small", None, " weakest") if is_weak else None))
            rows.append(h("div", {"class": "gs-golden-row", "role": "group",
                                  "aria-label": f"Colour for the golden space {place_words(towers, cell)}"},
                          h("span", {"class": "gs-golden-label"}, svg("svg", svg("path", d=art.star_path(8, 8.5, 7.5)),
                                                                     viewBox="0 0 16 16", width=16, height=16,
                                                                     class_="gs-star-icon", aria_hidden="true"),
                            f" Golden space {place_words(towers, cell)}: +1 in"),
                          *buttons))
        return h("div", {"class": "gs-golden", "data-golden-choice": ""}, *rows)

    def latest_line(self, v: dict, names) -> Markup:
        last = v["last"]
        acting = v["to_act"] if self.phase == "play" and self.actor() is None else []
        lead = h("strong", None, f"{names[acting[0]]} is choosing a place… ") if acting else None
        if not last or not self.last_move:
            return h("span", {"class": "gs-latest"}, lead, "No tiles on the board yet." if lead is None else None)
        who = names[last["p"]]
        if last.get("pass"):
            return h("span", {"class": "gs-latest"}, lead, f"{who} could not place a tile and passed.")
        gain = last["gain"]
        chips = [h("span", {"class": "gs-mini-gain"}, art.colour_icon(c, 13), f"+{g}") for c, g in zip(COLOURS, gain) if g]
        return h("span", {"class": "gs-latest", "data-latest": last["p"]}, lead,
                 f"Latest: {who} ", "scored " if chips else "placed a tile for no points.", *chips,
                 (f" (incl. tall bonus +{last['bonus']} each)" if last["bonus"] else None))

    # --- beside the board -----------------------------------------------------------------

    def side(self) -> Markup:
        if self.session is None:
            return Markup("")
        v = self.view()
        names = self.names()
        me = self.actor()
        p = self.preview() if me is not None else None
        gain = p["gain"] if p and "error" not in p else None
        acting = v["to_act"][0] if v["to_act"] and self.phase in ("play", "replay") else None
        cards = [self.player_card(v, names, i, acting, gain if i == me else None) for i in range(v["players"])]
        return h("section", {"class": "gs-players", "aria-label": "Scores", "data-part": "scores"},
                 h("h2", None, "Scores ", h("small", None, "— only your weakest colour counts")),
                 h("ol", {"class": "gs-cards"}, *cards))

    def player_card(self, v: dict, names, i: int, acting, gain) -> Markup:
        colours = v["scores"][i]
        low = min(colours)
        rows = []
        for k, c in enumerate(COLOURS):
            value = colours[k]
            add = gain[k] if gain else 0
            first_lap = min(value, TRACK_MAX)
            lap = max(0, min(value - TRACK_MAX, TRACK_MAX))
            if value + add <= TRACK_MAX:
                g_from, g_to = value, value + add
            elif value >= TRACK_MAX:
                g_from, g_to = lap, min(value + add - TRACK_MAX, TRACK_MAX)
            else:
                g_from, g_to = value, TRACK_MAX
            style = (f"--fill:{first_lap * 100 / TRACK_MAX:.2f}%;--lap:{lap * 100 / TRACK_MAX:.2f}%;"
                     f"--gain-from:{g_from * 100 / TRACK_MAX:.2f}%;--gain:{(g_to - g_from) * 100 / TRACK_MAX:.2f}%")
            is_low = value == low and len(set(colours)) > 1  # all four level: nothing to point at
            rows.append(h("li", {"class": f"gs-track-row gs-c-{c}" + (" gs-low" if is_low else ""), "data-colour": c,
                                 "data-value": value},
                          art.colour_icon(c, 14),
                          h("span", {"class": "gs-track", "style": style, "role": "img",
                                     "aria-label": f"{COLOUR_NAMES[c]} {value}" + (" (weakest)" if is_low else "")
                                                   + (f", +{add} with this tile" if add else "")},
                            h("span", {"class": "gs-fill"}), h("span", {"class": "gs-lap"}) if lap else None,
                            h("span", {"class": "gs-gain-bar"}) if add else None),
                          h("span", {"class": "gs-num"}, str(value), h("small", {"class": "gs-add"}, f"+{add}") if add else None),
                          h("span", {"class": "gs-low-tag"}, "weakest") if is_low else h("span", {"class": "gs-low-tag"})))
        current = acting == i
        return h("li", {"class": f"gs-card p{i}" + (" gs-current" if current else ""), "data-player": i,
                        "aria-current": "true" if current else None},
                 h("div", {"class": "gs-card-head"},
                   art.swatch(i, 22),
                   h("span", {"class": "gs-pname"}, names[i], self.bot_tag(i)),
                   h("span", {"class": "gs-score", "title": "Score: the weakest colour"},
                     h("small", None, "score "), h("strong", {"data-score": i}, str(low)))),
                 h("ul", {"class": "gs-tracks", "aria-label": f"{names[i]}'s colours"}, *rows),
                 h("p", {"class": "gs-card-foot"}, f"{plural(v['tiles_left'][i], 'tile')} left",
                   h("span", {"class": "gs-pattern"}, f" · {art.PATTERN_NAMES[i]} tiles")))

    # --- the end ----------------------------------------------------------------------------

    def ranking(self) -> list[int]:
        colours = self.view()["scores"]
        return sorted(range(len(colours)), key=lambda p: ranking_key(colours[p]), reverse=True)

    def tie_break_text(self) -> str:
        """How the winner was decided, in words (the rules' ranking key)."""
        names = self.names()
        keys = [ranking_key(s) for s in self.view()["scores"]]
        best = max(k[0] for k in keys)
        contenders = [p for p in range(len(keys)) if keys[p][0] == best]
        if len(contenders) == 1:
            w = contenders[0]
            others = sorted((k[0] for p, k in enumerate(keys) if p != w), reverse=True)
            return (f"{names[w]} wins with {best} in their weakest colour"
                    + (f" (next best: {others[0]})." if others else "."))
        ordinal = ["lowest", "second-lowest", "third-lowest", "highest"]
        text = (f"{and_list([names[p] for p in contenders])} {'all' if len(contenders) > 2 else 'both'} have {best} "
                "in their weakest colour")
        for i in range(1, 4):
            values = {p: keys[p][i] for p in contenders}
            top = max(values.values())
            keep = [p for p in contenders if values[p] == top]
            if len(keep) < len(contenders):
                shown = ", ".join(f"{names[p]} {values[p]}" for p in sorted(contenders, key=lambda p: -values[p]))
                if len(keep) == 1:
                    return f"{text}, so the {ordinal[i]} colour decides ({shown}): {names[keep[0]]} wins the tie."
                text += f"; on the {ordinal[i]} colour {and_list([names[p] for p in keep])} stay level ({shown})"
                contenders = keep
        return f"{text}, and they are equal in all four colours, so they share the win."

    def score_table(self, winners: list[int]) -> Markup:
        return Markup("")  # summary() shows every colour, which says more

    def summary(self) -> Markup:
        v = self.view()
        names = self.names()
        winners = set(self.game.winners(self.state))
        rows = []
        for p in self.ranking():
            colours = v["scores"][p]
            low = min(colours)
            key = ranking_key(colours)
            cells = [h("td", {"class": "gs-low-cell" if colours[k] == low else None, "data-colour": c},
                       str(colours[k])) for k, c in enumerate(COLOURS)]
            rows.append(h("tr", {"class": "winner" if p in winners else None, "data-rank": p},
                          h("th", {"scope": "row"}, names[p]), *cells,
                          h("td", {"class": "gs-sorted", "data-sorted": " ".join(str(x) for x in key)},
                            h("strong", None, str(low)), h("small", None, "".join(f" · {x}" for x in key[1:])))))
        heads = [h("th", {"scope": "col", "title": COLOUR_NAMES[c].title()},
                   art.colour_icon(c, 14), h("span", {"class": "visually-hidden"}, COLOUR_NAMES[c])) for c in COLOURS]
        return h("div", {"class": "genial-summary"},
                 h("table", {"class": "final-scores gs-final", "data-summary": ""},
                   h("caption", None, "Each colour; the weakest is the score"),
                   h("thead", None, h("tr", None, h("th", {"scope": "col"}, "Player"), *heads,
                                      h("th", {"scope": "col"}, "Score", h("small", None, " · tie-breaks")))),
                   h("tbody", None, *rows)),
                 h("p", {"class": "gs-tiebreak", "data-tiebreak": ""}, self.tie_break_text()),
                 h("p", {"class": "gs-small"},
                   "Your score is your weakest colour. On a tie the second-lowest colours are compared, then the "
                   "third, then the highest."))


def weakest_words(p: dict) -> str:
    low_before, low_after = min(p["before"]), min(p["after"])
    return (f"Your weakest colour: {low_before} → {low_after}." if low_after != low_before
            else f"Your weakest colour stays {low_after}.")
