"""Gelatinous: a dice game of stacking 3s into a cube (solitaire, by video, multiplayer)."""

from gelateria.core.game import BotLevel, GameType, Option, register
from gelateria.core.i18n import N_
from gelateria.games.gelatinous.bots import RollBot
from gelateria.games.gelatinous.rules import GAME, MODES, PLAYERS, PLAYING, mode_for, score_text, scored

register(GAME, GameType(
    undo=False,  # the dice are in the state: an undone roll would roll the same again
    # Nobody decides anything: an automatic seat just calls the roll.
    bots={"random": BotLevel(lambda: RollBot("random")), "normal": BotLevel(RollBot, N_("Automatic"))},
    # Without a mode, the number of players chooses it (1 solitaire, 2 by video, 3+ multiplayer).
    options=(Option("mode", MODES, N_("How to play"), (N_("Solitaire"), N_("By video"), N_("Multiplayer"))),),
    lower_wins=lambda options, players: mode_for(players, options) != "multi",  # fewest rolls wins, except multiplayer
    seats=lambda options: PLAYERS.get(options.get("mode"), (1, 6)),
    default_players=1,
    auto_move=lambda legal: legal[0],  # the roll: Auto calls it, and anyone at the screen may for an automatic caller
    # At a live table, everyone holding dice rolls them on their own phone.
    roll_call=lambda view: [seat for seat, p in enumerate(view["players"]) if p["status"] == PLAYING and p["hand"]],
    scored=scored,
    score_text=score_text,
    order=3,
    minutes=N_("5 min"),
    pitch=N_("Roll dice to build a cube of eight 3s before the jelly eats you. Solitaire, lockstep, or pass the dice."),
    accent="#9ad9a5",
    opening=N_("New game, number {seed}: {players}."),  # (dice: nothing is dealt)
))
