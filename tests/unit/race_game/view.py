"""Dice Race's screen: the smallest view a game can have, registered from the tests
(race_game/__init__.py) the way a real game registers its own, so the test suites show
that a game plays through the shared table without any shared file naming it."""

from __future__ import annotations

from gelateria.core.facts import Facts
from gelateria.web.art import card_picture
from gelateria.web.markup import Markup, h, svg
from gelateria.web.views.contract import UI, Notice, Parts, View


def race_picture() -> Markup:
    return card_picture(svg("rect", x=10, y=40, width=100, height=10, fill="#8fd3b6"), label="A race track")


class RaceView(View):
    game_id = "race"

    def new_ui(self, before=None) -> dict:
        return {"step": None}  # the step chosen but not yet confirmed

    def settle(self, facts: Facts, ui: dict) -> dict:
        return self.new_ui()  # a new position: the choice made on the old one is gone

    def draw(self, facts: Facts, ui: dict) -> Parts:
        v = facts.view
        cells = []
        for cell in range(v["length"] + 1):
            racers = [facts.names[p] for p, place in enumerate(v["places"]) if place == cell]
            cells.append(h("li", {"class": "hole" if cell in v["holes"] else None, "data-cell": cell},
                           str(cell), " ", ", ".join(racers)))
        steps = [h("button", {"type": "button", "data-action": "step", "data-step": m["step"],
                              "aria-pressed": "true" if ui["step"] == m["step"] else "false"}, f"Step {m['step']}")
                 for m in facts.legal]
        side = h("div", {"class": "race-side"},
                 h("p", {"data-lucky": ""}, f"Your lucky number: {v['lucky']}") if "lucky" in v else None,
                 *steps,
                 h("button", {"type": "button", "data-action": "go"}, "Go") if ui["step"] else None)
        strip = h("span", {"class": "strip-facts"}, " · ".join(
            f"{name} {place + bonus}" for name, place, bonus in zip(facts.names, v["places"], v["bonus"])))
        summary = h("p", None, f"Winners: {', '.join(facts.names[p] for p in facts.winners or [])}")
        return Parts(board=h("ol", {"class": "race-track", "data-board": ""}, *cells), side=side, strip=strip,
                     summary=summary, focus="[data-action='step']" if facts.legal else None)

    def interpret(self, facts: Facts, ui: dict, action: str, data: dict):
        if action == "step":
            step = int(data.get("step", 0))
            if {"step": step} not in facts.legal:
                return Notice(f"You cannot step {step} from here.")
            ui["step"] = step
            return UI
        if action == "go" and ui["step"]:
            return {"step": ui["step"]}
        return None

    def key(self, facts: Facts, ui: dict, key: str):
        return ("step", {"step": key}) if key in ("1", "2", "3") else None
