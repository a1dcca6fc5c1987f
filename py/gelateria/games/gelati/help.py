"""The rules page the app shows for Gelati (marked for the catalog; the app shows each
heading and paragraph with _())."""

from gelateria.core.i18n import N_

RULES: list[tuple[str, list[str]]] = [
    (
        N_("What is in the box"),
        [
            N_("64 hexagonal ice-cream tiles. Every ice cream has three parts: a cup (paper cup, "
               "waffle cone, blue cup or glass bowl), a flavour (strawberry, chocolate, vanilla or "
               "pistachio) and a topping (cookie, cherry, sprinkles or sauce). Each of the 64 "
               "combinations is on exactly one tile."),
            N_("48 part tokens in the supply: 4 of each of the 12 parts."),
            N_("16 order cards. Each asks for one ice cream (a cup, a flavour and a topping); every "
               "cup, flavour and topping appears on exactly 4 orders."),
        ],
    ),
    (
        N_("Goal"),
        [
            N_("Be the first to reach 50 points. You score by placing tiles next to matching tiles "
               "and by completing your secret orders (15 points each)."),
        ],
    ),
    (
        N_("Setup"),
        [
            N_("Four random tiles form a cross in the middle of the table: the centre space stays "
               "empty, and the tiles sit on its north and south sides and on its north-east and "
               "south-west sides. These start tiles need not match each other and score nothing."),
            N_("Each player gets 2 secret tiles and 2 secret orders. The other tiles form the face-"
               "down stack, the other orders the order pile. Player 1 starts; turns go round in "
               "seat order. 2 to 4 players."),
        ],
    ),
    (
        N_("Your turn"),
        [
            N_("1. Place one of your tiles and score it."),
            N_("2. Collect parts for any four in a row you made."),
            N_("3. Complete orders and trade parts, as you like."),
            N_("4. End your turn: you draw a tile from the stack (if it has any)."),
        ],
    ),
    (
        N_("Placing a tile"),
        [
            N_("The tile must touch at least one tile on the table, and it must share at least one "
               "part (cup, flavour or topping) with every tile it touches. Turning a tile changes "
               "nothing."),
            N_("Points for the number of tiles it touches: 1 tile = 0, 2 = 1, 3 = 3, 4 = 6, 5 = 10, "
               "6 = 15."),
            N_("If any of your tiles fits somewhere, you must place one."),
        ],
    ),
    (
        N_("Four in a row"),
        [
            N_("A row is a straight line of touching tiles along any of the three directions of the "
               "grid. If your tile completes an unbroken row of four or more tiles that all show the "
               "same part, you take that part from the supply. Several rows at once (different parts, "
               "or the same part in different directions) earn one part each."),
            N_("Making an existing row of four or more longer earns nothing. A row counts as new if "
               "the tiles on each side of yours were fewer than four on their own, so joining two "
               "short rows into one of four or more does earn the part."),
            N_("If the supply has no token of that part left, you get nothing for it."),
        ],
    ),
    (
        N_("Orders and trading"),
        [
            N_("Parts you hold are open for everyone to see; your tiles and orders are secret."),
            N_("After placing, if you hold the three parts of one of your orders you may complete "
               "it: the parts go back to the supply, you score 15 points and draw a new order (if "
               "the pile has any). You may complete several orders in one turn."),
            N_("After placing you may also trade with the supply as often as you like: give back any "
               "two parts and take one other part that the supply still has. You cannot take back a "
               "part of the same kind you are giving (the printed rulebook trades parts 'for other "
               "parts')."),
            N_("You may hold at most 5 parts when you end your turn. Over that, discard parts to the "
               "supply, trade or complete orders until you hold 5. You may only discard while you "
               "hold more than 5."),
        ],
    ),
    (
        N_("When none of your tiles fits"),
        [
            N_("Your tiles are shown to everybody. Swap one of them for the top tile of the stack; "
               "the returned tile is set aside face up. Repeat until you hold a tile that fits, then "
               "place it. When your exchanges are over, the set-aside tiles are shuffled back into "
               "the stack."),
            N_("If the stack runs out and still nothing fits, you pass: you place nothing and draw "
               "nothing at the end of your turn, but you may still trade and complete orders."),
        ],
    ),
    (
        N_("End of the game"),
        [
            N_("The moment a player reaches 50 points the game ends and that player wins."),
            N_("Once the stack is empty, players keep taking turns (without drawing) until every "
               "tile in hand has been placed; a player with no tiles left is skipped. The highest "
               "score wins; a tie shares the win."),
            N_("If a whole round passes in which nobody could place a tile, nobody ever will: the "
               "game ends there and the highest score wins."),
        ],
    ),
    (
        N_("Choices this app makes"),
        [
            N_("The printed rulebook leaves these open; the app settles them so: Player 1 starts. "
               "Trading and completing orders happen after you place (or pass), before you end the "
               "turn. Returned tiles are set aside during an exchange and shuffled back in when it "
               "ends, so you never draw back the tile you just returned. A turn without a placement "
               "draws no tile. The game also ends when a whole round goes by without any tile "
               "placed, since the board can no longer change."),
        ],
    ),
]
