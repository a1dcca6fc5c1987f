"""Dice Race: a tiny game that exists only for the tests, registered from the test
suite (tests/unit/conftest.py) the way a real game registers itself, to show that a
game plays through the session, the command line, the arena and the conformance
suite without editing any shared file."""

from gelateria.core.game import HIDDEN, BotLevel, GameType, Option, register
from race_game.rules import GAME, GreedyBot

register(GAME, GameType(
    information=HIDDEN,  # each racer holds a secret lucky number
    bots={"normal": BotLevel(GreedyBot, "Bot", "steps as far as it safely can")},
    options=(Option("length", (12, 20), "Track length", default=12),),
    minutes="2 min",
    pitch="Race along a track with holes in it.",
))

from gelateria.web.views.contract import ScreenSpec, register_screen  # noqa: E402
from race_game.view import RaceView, race_picture  # noqa: E402

register_screen(ScreenSpec("race", RaceView, picture=race_picture, pref_tables=("race_records",)))
