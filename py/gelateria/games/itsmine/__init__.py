"""It's Mine!: flip ice creams, grab the piles you love, real time (3-5 players)."""

from gelateria.core.game import register
from gelateria.games.itsmine.rules import GAME

register(GAME)
