"""Gelatinous has no decisions: every bot simply calls the roll."""

from __future__ import annotations

from gelateria.core.rng import Rng


class RollBot:
    """Calls the next roll (the only legal move)."""

    def __init__(self, name: str = "normal"):
        self.name = name

    def choose(self, view: dict, legal: list, rng: Rng):
        return legal[0]


BOTS = {"random": lambda: RollBot("random"), "normal": lambda: RollBot("normal")}
