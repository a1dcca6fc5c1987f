"""Gelati: ice-cream tiles on a hex grid, rows of four and secret orders (2-4 players)."""

from gelateria.core.bots import three_levels
from gelateria.core.game import HIDDEN, GameType, register
from gelateria.core.i18n import N_
from gelateria.games.gelati.bots import EasyBot, HeuristicBot
from gelateria.games.gelati.rules import GAME

register(GAME, GameType(
    information=HIDDEN,  # hands and orders are secret: hot-seat players pass the device
    bots=three_levels(EasyBot, HeuristicBot, "gelateria.games.gelati.search"),
    order=1,
    minutes=N_("30 min"),
    pitch=N_("Lay hexagonal ice-cream tiles, match cups, flavours and toppings, and fill secret orders on the way to 50."),
    accent="#f49ac1",
    trail=lambda view: {"players": view["players"], "scores": view["scores"], "last": view["last"]},
    forced=lambda legal: legal[0] if legal == [{"end": 1}] else None,  # ending the turn is all that is left
))
