"""It's Mine!: flip ice creams, grab the piles you love, real time (3-5 players)."""

from gelateria.core.game import HIDDEN, REAL_TIME, BotLevel, GameType, Option, register
from gelateria.games.itsmine.bots import BOTS
from gelateria.games.itsmine.rules import GAME
from gelateria.games.itsmine.sim import Planner

register(GAME, GameType(
    information=HIDDEN,  # favourites are secret
    timing=REAL_TIME,  # everyone plays at once: no undo, bots act on a clock
    bots={
        "random": BotLevel(BOTS["random"]),
        "easy": BotLevel(BOTS["easy"], "Easy bot", "reacts in about a second and sometimes misjudges a pile"),
        "normal": BotLevel(BOTS["normal"], "Bot", "reacts in well under a second"),
        "hard": BotLevel(BOTS["hard"], "Hard bot", "reacts in under half a second and weighs every pile"),
    },
    options=(Option("first", (0, 1, 2, 3, 4), "Who flips first"),),
    default_players=4,
    order=4,
    minutes="15 min",
    pitch="Flip ice-cream cards and grab the piles your secret favourites want, faster than everyone else.",
    accent="#ffd27a",
    planner=Planner,
    pause_ms=5000,
))
