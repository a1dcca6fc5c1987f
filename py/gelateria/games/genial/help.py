"""Genial Spezial: the rules as the app shows them to players (marked with N_: the
rules page translates each heading and paragraph where it shows them)."""

from gelateria.core.i18n import N_

RULES: list[tuple[str, list[str]]] = [
    (
        N_("Goal"),
        [
            N_("Score points in four colours: orange, green, blue and purple. At the end "
               "only your weakest colour counts, so keep all four growing."),
            N_("You score by laying your tiles in chains that connect towers, and by "
               "covering golden spaces."),
        ],
    ),
    (
        N_("The board"),
        [
            N_("The board has 247 spaces in the shape of two joined hexagons. It holds 24 "
               "tower spaces, 10 for tall towers and 14 for short ones, and 23 golden "
               "spaces (marked with a star)."),
            N_("Each tower space is marked 2, 3 or 4: the fewest players at which it is "
               "used. With 2 players only the spaces marked 2 hold towers (6 tall, 10 "
               "short); with 3 players those marked 2 and 3 (8 tall, 12 short); with 4 "
               "players all of them. A tower space that is not in use is an ordinary space."),
            N_("The layout is the same in every game; it is point-symmetric about the "
               "middle of the board, which is a golden space."),
        ],
    ),
    (
        N_("Score tokens"),
        [
            N_("Every tower carries one score token in a scoring colour (these colours have "
               "nothing to do with the players' tile colours). A token shows 1 or 2 on its "
               "light side and one more on its dark side."),
            N_("There are 6 tokens per colour, three 1s and three 2s. With 2 players one 1 "
               "and one 2 of each colour are left out; with 3 players one 2 of each colour. "
               "The tokens are shuffled onto the towers in use, light side up."),
        ],
    ),
    (
        N_("On your turn"),
        [
            N_("Player 1 starts, then play goes round the table. On your turn place one of "
               "your double tiles on any two neighbouring empty spaces that are not towers. "
               "It may go anywhere: it does not have to touch your other tiles, not even "
               "your first one."),
            N_("If no two neighbouring empty spaces are left anywhere, you pass."),
            N_("Each player has 20 tiles; the game lasts 20 rounds."),
        ],
    ),
    (
        N_("Chains"),
        [
            N_("Your tiles that touch each other form a chain. Chains never join through a "
               "tower, and other players' tiles are not part of your chains. A chain "
               "touches a tower when one of its spaces is next to the tower."),
            N_("A chain that touches only one tower scores nothing yet."),
        ],
    ),
    (
        N_("Scoring towers"),
        [
            N_("After you place a tile, look at the whole chain it is now part of (the tile "
               "plus every chain of yours it touches). If that chain touches two or more "
               "towers, you score every tower it touches that this chain, or any of the "
               "chains it just swallowed, has not scored before. Each scores the value its "
               "token shows now, in the token's colour."),
            N_("A token that scores on its light side is then turned to its dark side: from "
               "then on it is worth one more, for everybody. A dark token stays dark."),
            N_("Each chain scores each tower only once. But a different chain, yours or "
               "another player's, can score the same tower again, at its current value."),
            N_("Joining two of your chains scores only the towers that neither of them had "
               "scored. A chain that touched one tower together with a short tower has "
               "already scored both, so joining it later does not score them again."),
        ],
    ),
    (
        N_("Tall tower bonus"),
        [
            N_("Short towers never give this bonus. When your chain touches two or more "
               "tall towers, you score 1 point in every colour for each tall tower whose "
               "bonus this chain (or a chain it swallowed) has not scored before."),
            N_("So the first time a chain reaches a second tall tower you score the bonus "
               "twice (both towers); each further tall tower adds one more. Like tokens, a "
               "tall tower's bonus can be scored again by a different chain."),
        ],
    ),
    (
        N_("Golden spaces"),
        [
            N_("Each half of your tile that covers a golden space scores 1 point in a "
               "colour of your choice. You choose the colour as part of the move."),
        ],
    ),
    (
        N_("End of the game"),
        [
            N_("The game ends after 20 rounds, when every tile has been placed. Your score "
               "is your lowest colour; the highest score wins."),
            N_("On a tie, compare the tied players' second-lowest colours, then the third, "
               "then the highest. Players equal in all four colours share the win."),
        ],
    ),
    (
        N_("About this version"),
        [
            N_("The printed rulebook gives no board picture, so this board was designed "
               "for the app: the towers sit on a regular pattern three steps apart (so one "
               "tile can join neighbouring towers), with two gaps and the centre made "
               "golden; no tower is on the edge and no two towers touch."),
            N_("The rulebook lets the youngest player start; here Player 1 does."),
        ],
    ),
]
