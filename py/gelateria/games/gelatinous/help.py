"""The rules page of Gelatinous, as the app shows it (each heading and paragraph is
marked for the catalog with N_(); the app translates them where it shows them)."""

from gelateria.core.i18n import N_

RULES: list[tuple[str, list[str]]] = [
    (
        N_("The idea"),
        [
            N_("Roll dice and set the 3s aside to build a cube of eight dice, all 3s: four on "
               "the bottom, four on top. There are no choices to make: the fun is in the "
               "rolling, and the app shows your odds as you go."),
            N_("There are three ways to play: solitaire, by video (several solitaire players "
               "side by side) and multiplayer (dice are passed between players)."),
            N_("In every mode Player 1 is the caller: one Roll button rolls for everybody at "
               "once, and everyone resolves their dice before the next roll."),
        ],
    ),
    (
        N_("Solitaire"),
        [
            N_("You have 13 dice. Five start in your reserve; the other eight are your hand."),
            N_("Roll all the dice in your hand. Each roll adds one tally mark. Then resolve the "
               "roll in this order: every 3 goes to your cube, until it has the eight it needs "
               "(any extra 3s stay in your hand); every 1 leaves your hand and goes to the "
               "reserve; then every 6 brings one die from the reserve into your hand. A 1 sent "
               "to the reserve on this roll can come straight back for a 6. If the reserve is "
               "empty, a 6 brings nothing. The 6 itself stays in your hand, like every other "
               "die that was not moved."),
            N_("Then roll your hand again."),
            N_("The whole roll is resolved even when it completes the cube. As soon as the cube "
               "has eight dice the game ends and you win. Your score is the number of rolls "
               "minus the dice left in your hand. Lower is better."),
            N_("If your hand is empty before the cube is complete (every die went to the cube "
               "or the reserve), you cannot roll again: the game ends and you lose."),
        ],
    ),
    (
        N_("By video"),
        [
            N_("For 2 to 6 players, each with their own 13 dice, playing the solitaire rules "
               "side by side. The caller calls each round: everybody rolls and resolves, then "
               "the next round."),
            N_("The first player to complete a cube wins. If several complete their cubes in "
               "the same round, the lowest score wins; equal scores share the win."),
            N_("A player who runs out of dice is eliminated. The others keep rolling; the last "
               "player left still has to complete the cube to win. If everybody is eliminated, "
               "nobody wins."),
        ],
    ),
    (
        N_("Multiplayer"),
        [
            N_("For 3 to 6 players with 7 dice each (the official box has 42 dice, enough for "
               "six; the free rulesheet says 3 to 5)."),
            N_("Every round, everybody who holds unstacked dice rolls all of them at once. "
               "Players with no dice sit out the round (they can still receive dice)."),
            N_("Stack your 3s into your cube (up to eight; extra 3s stay in your hand). Pass "
               "each 1 to your left neighbour and each 6 to your right neighbour. Left means "
               "the next player in seat order (Player 1 passes left to Player 2, and the last "
               "player to Player 1); right means the previous player (Player 2 passes right to "
               "Player 1, and Player 1 to the last player)."),
            N_("Passed dice arrive only after everyone has resolved their roll, so a die you "
               "receive is rolled in the next round, not this one."),
            N_("Complete your cube of eight and you win. If several players complete their "
               "cubes in the same round, the one with fewer unstacked dice (after passed dice "
               "have arrived) wins; still equal, they share the win."),
            N_("If nobody holds any unstacked dice and nobody has completed a cube, everyone "
               "loses: you are all eaten!"),
        ],
    ),
    (
        N_("Odds"),
        [
            N_("Solitaire odds are computed exactly from the current position: the chance to "
               "complete the cube and how your final score is likely to fall. From the start, a "
               "solitaire game is won about 46% of the time, with a median winning score of 6."),
            N_("By video the odds are exact too (each player's dice are independent); "
               "multiplayer odds come from simulating many games."),
        ],
    ),
]
