"""It's Mine!: flip ice creams, grab the piles you love, real time (3-5 players)."""

from gelateria.core.game import HIDDEN, REAL_TIME, BotLevel, GameType, Option, register
from gelateria.core.i18n import N_
from gelateria.games.itsmine.bots import BOTS
from gelateria.games.itsmine.rules import GAME, PAUSE_MS, PAUSES
from gelateria.games.itsmine.sim import Planner

register(GAME, GameType(
    information=HIDDEN,  # favourites are secret
    timing=REAL_TIME,  # everyone plays at once: no undo, bots act on a clock
    bots={
        "random": BotLevel(BOTS["random"]),
        "easy": BotLevel(BOTS["easy"], N_("Easy bot"), N_("reacts in one to two seconds and sometimes misjudges a pile")),
        "normal": BotLevel(BOTS["normal"], N_("Bot"), N_("reacts in about a second, as fast as a thumb on a phone")),
        "hard": BotLevel(BOTS["hard"], N_("Hard bot"), N_("reacts in about half a second and waits for the best piles")),
    },
    options=(
        Option("first", (0, 1, 2, 3, 4), N_("Who flips first")),
        # Not a choice on the panel: its default puts the pause after a call into every
        # new game's record, so a record without it (made before the pause) replays as played.
        Option("pause", PAUSES, default=PAUSE_MS),
    ),
    default_players=4,
    order=4,
    minutes=N_("15 min"),
    pitch=N_("Flip ice-cream cards and grab the piles your secret favourites want, faster than everyone else."),
    accent="#ffd27a",
    planner=Planner,
    pause_ms=5000,
    stage=lambda view: view["phase"],  # a round being played, scored, or the game over: saved at once when it changes
))
