"""Genial Spezial: connect towers with chains of double-hex tiles."""

from gelateria.core.bots import three_levels
from gelateria.core.game import GameType, register
from gelateria.core.i18n import N_
from gelateria.games.genial.bots import EasyBot, NormalBot
from gelateria.games.genial.rules import GAME

register(GAME, GameType(
    # Every tile is on the table: hot-seat players just take turns, no device to pass.
    bots=three_levels(EasyBot, NormalBot, "gelateria.games.genial.search"),
    order=2,
    minutes=N_("30 min"),
    pitch=N_("Chain double-hex tiles between towers to score four colours. Only your weakest colour counts."),
    accent="#8fc7f0",
    # What a screen keeps of each past position: what the move to it did (the rules'
    # event: who, where, what it scored), for how the guided game's score was made.
    trail=lambda view: {"last": view["last"]},
))
