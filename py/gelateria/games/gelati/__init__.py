"""Gelati: ice-cream tiles on a hex grid, rows of four and secret orders (2-4 players)."""

from gelateria.core.game import register
from gelateria.games.gelati.rules import GAME

register(GAME)
