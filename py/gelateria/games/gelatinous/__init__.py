"""Gelatinous: a dice game of stacking 3s into a cube (solitaire, by video, multiplayer)."""

from gelateria.core.game import register
from gelateria.games.gelatinous.rules import GAME

register(GAME)
