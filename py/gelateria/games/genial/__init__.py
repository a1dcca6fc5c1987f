"""Genial Spezial: connect towers with chains of double-hex tiles."""

from gelateria.core.game import register
from gelateria.games.genial.bots import BOTS
from gelateria.games.genial.rules import GAME

GAME.bots = BOTS
register(GAME)
