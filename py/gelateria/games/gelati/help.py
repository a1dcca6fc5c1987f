"""The rules page the app shows for Gelati."""

RULES: list[tuple[str, list[str]]] = [
    (
        "What is in the box",
        [
            "64 hexagonal ice-cream tiles. Every ice cream has three parts: a cup (paper cup, "
            "waffle cone, blue cup or glass bowl), a flavour (strawberry, chocolate, vanilla or "
            "pistachio) and a topping (cookie, cherry, sprinkles or sauce). Each of the 64 "
            "combinations is on exactly one tile.",
            "48 part tokens in the supply: 4 of each of the 12 parts.",
            "16 order cards. Each asks for one ice cream (a cup, a flavour and a topping); every "
            "cup, flavour and topping appears on exactly 4 orders.",
        ],
    ),
    (
        "Goal",
        [
            "Be the first to reach 50 points. You score by placing tiles next to matching tiles "
            "and by completing your secret orders (15 points each).",
        ],
    ),
    (
        "Setup",
        [
            "Four random tiles form a cross in the middle of the table: the centre space stays "
            "empty, and the tiles sit on its north and south sides and on its north-east and "
            "south-west sides. These start tiles need not match each other and score nothing.",
            "Each player gets 2 secret tiles and 2 secret orders. The other tiles form the face-"
            "down stack, the other orders the order pile. Player 1 starts; turns go round in "
            "seat order. 2 to 4 players.",
        ],
    ),
    (
        "Your turn",
        [
            "1. Place one of your tiles and score it. 2. Collect parts for any four in a row you "
            "made. 3. Complete orders and trade parts, as you like. 4. End your turn: you draw a "
            "tile from the stack (if it has any).",
        ],
    ),
    (
        "Placing a tile",
        [
            "The tile must touch at least one tile on the table, and it must share at least one "
            "part (cup, flavour or topping) with every tile it touches. Turning a tile changes "
            "nothing.",
            "Points for the number of tiles it touches: 1 tile = 0, 2 = 1, 3 = 3, 4 = 6, 5 = 10, "
            "6 = 15.",
            "If any of your tiles fits somewhere, you must place one.",
        ],
    ),
    (
        "Four in a row",
        [
            "A row is a straight line of touching tiles along any of the three directions of the "
            "grid. If your tile completes an unbroken row of four or more tiles that all show the "
            "same part, you take that part from the supply. Several rows at once (different parts, "
            "or the same part in different directions) earn one part each.",
            "Making an existing row of four or more longer earns nothing. A row counts as new if "
            "the tiles on each side of yours were fewer than four on their own, so joining two "
            "short rows into one of four or more does earn the part.",
            "If the supply has no token of that part left, you get nothing for it.",
        ],
    ),
    (
        "Orders and trading",
        [
            "Parts you hold are open for everyone to see; your tiles and orders are secret.",
            "After placing, if you hold the three parts of one of your orders you may complete "
            "it: the parts go back to the supply, you score 15 points and draw a new order (if "
            "the pile has any). You may complete several orders in one turn.",
            "After placing you may also trade with the supply as often as you like: give back any "
            "two parts and take one other part that the supply still has. You cannot take back a "
            "part of the same kind you are giving (the seed rulebook trades parts 'for other "
            "parts').",
            "You may hold at most 5 parts when you end your turn. Over that, discard parts to the "
            "supply, trade or complete orders until you hold 5. You may only discard while you "
            "hold more than 5.",
        ],
    ),
    (
        "When none of your tiles fits",
        [
            "Your tiles are shown to everybody. Swap one of them for the top tile of the stack; "
            "the returned tile is set aside face up. Repeat until you hold a tile that fits, then "
            "place it. When your exchanges are over, the set-aside tiles are shuffled back into "
            "the stack.",
            "If the stack runs out and still nothing fits, you pass: you place nothing and draw "
            "nothing at the end of your turn, but you may still trade and complete orders.",
        ],
    ),
    (
        "End of the game",
        [
            "The moment a player reaches 50 points the game ends and that player wins.",
            "Once the stack is empty, players keep taking turns (without drawing) until every "
            "tile in hand has been placed; a player with no tiles left is skipped. The highest "
            "score wins; a tie shares the win.",
            "If a whole round passes in which nobody could place a tile, nobody ever will: the "
            "game ends there and the highest score wins.",
        ],
    ),
    (
        "Choices this app makes",
        [
            "The seed rulebook leaves these open; the app settles them so: Player 1 starts. "
            "Trading and completing orders happen after you place (or pass), before you end the "
            "turn. Returned tiles are set aside during an exchange and shuffled back in when it "
            "ends, so you never draw back the tile you just returned. A turn without a placement "
            "draws no tile. The game also ends when a whole round goes by without any tile "
            "placed, since the board can no longer change.",
        ],
    ),
]
