"""Worked examples for the It's Mine! rules page (core.examples): taking another
player's open pile and taking your own (where the catch token goes), and two rounds'
ends scored by the rules (every kind of point, and the three Closed signs together).

Four players; you are Player 1 with the favourites strawberry and cone. The bots'
favourites (chocolate cup, vanilla stick, pistachio sandwich) make the piles on the
table worth nothing to them, so in a practice game from these positions nobody but
you wants them: the grab is yours to make (in the last two, before the 5-second last
call runs out). tests/unit/test_itsmine_seed_examples.py checks the numbers."""

from gelateria.core.examples import Example
from gelateria.core.i18n import N_
from gelateria.games.itsmine.rules import CHERRIES, CLOSED, COUNTDOWN_MS, DECK, FLAVOURS, GAME, SHAPES

GRABBING = N_("It's mine!")
SCORING = N_("Scoring a round")
PLAYERS = 4
FAVOURITES = [(0, 0), (1, 1), (2, 2), (3, 3)]  # (flavour, shape) per seat: you, then the bots
MID_ROUND_MS = 40_000  # the positions are this far into the round
LAST_CALL_MS = 90_000


def card(flavour: str, shape: str, copy: int = 0) -> int:
    return FLAVOURS.index(flavour) * 10 + SHAPES.index(shape) * 2 + copy


def table(open: list, won: list | None = None, tokens: list | None = None, draw: bool = True, **timing):
    """A round in play: the open piles (and cards taken) given, the rest of the deck
    dealt out as draw piles (or none: the last call), Player 1 to flip next."""
    won = won or [[]] * PLAYERS
    used = {c for pile in open + won for c in pile}
    rest = [c for c in DECK if c not in used]
    piles = [rest[seat::PLAYERS][:8] if draw else [] for seat in range(PLAYERS)]
    return lambda: GAME.position(PLAYERS, draw=piles, favourites=FAVOURITES, open=open, won=won, tokens=tokens,
                                 turn=0, last_flipper=PLAYERS - 1, **timing)


def grab(pile: int, t: int) -> dict:
    return {"a": "g", "p": [pile], "t": t}


ANOTHERS_PILE = table([[card("pistachio", "cone")], [card("blueberry", "sundae")],
                       [card("blueberry", "sundae", 1), card("strawberry", "cone"), card("blueberry", "cone")], []],
                      now=MID_ROUND_MS)
OWN_PILE = table([[card("strawberry", "sundae"), card("blueberry", "cone"), CHERRIES[0]],
                  [card("blueberry", "sundae")], [], [card("blueberry", "sundae", 1)]],
                 now=MID_ROUND_MS)
# Every draw pile is empty: the last call runs. Your cards taken: a strawberry cup and a
# chocolate cone (one favourite each), a strawberry cone (both), a cherry and a Closed sign.
ROUND_END = table([[], [card("blueberry", "sundae")], [], []],
                  won=[[card("strawberry", "cup"), card("chocolate", "cone"), card("strawberry", "cone"), CHERRIES[0],
                        CLOSED[0]],
                       [card("chocolate", "stick"), card("vanilla", "cup")],
                       [card("vanilla", "stick"), CLOSED[1], CHERRIES[1]],
                       [card("pistachio", "sandwich", 1)]],
                  tokens=[1, 3, 2, 1], draw=False, now=LAST_CALL_MS)
# You hold two Closed signs; Player 4's open pile is the third, and the last cards on the table.
THIRD_CLOSED = table([[], [], [], [CLOSED[2]]],
                     won=[[CLOSED[0], CLOSED[1], card("strawberry", "cone"), card("blueberry", "cone")],
                          [card("chocolate", "cup"), card("chocolate", "cone")],
                          [card("vanilla", "stick", 1)],
                          [card("pistachio", "cup"), CHERRIES[0]]],
                     tokens=[1, 2, 3, 1], draw=False, now=LAST_CALL_MS)

EXAMPLES = [
    Example("anothers-pile", GRABBING, N_("Taking another player's pile"),
            N_("Player 3's open pile has a strawberry cone and a blueberry cone: good for your favourites. "
               "Put a catch token on it and call \"It's mine!\": the cards are yours, and your token goes to "
               "Player 3."),
            ANOTHERS_PILE, grab(2, MID_ROUND_MS)),
    Example("own-pile", GRABBING, N_("Taking your own pile"),
            N_("Your own open pile has grown worth taking. Take it before anyone else does: the cards are "
               "yours, and the token goes back to the box."),
            OWN_PILE, grab(0, MID_ROUND_MS)),
    Example("round-scored", SCORING, N_("A round scored"),
            N_("The draw piles are empty and nobody wants the last open pile, so the last call runs out and "
               "the round is scored. Your favourites are strawberry and cone."),
            ROUND_END, {"a": "x", "t": LAST_CALL_MS + COUNTDOWN_MS}),
    Example("three-closed", SCORING, N_("All three Closed signs"),
            N_("You have taken two Closed signs, −1 each. Player 4's pile is the third: take it, and the "
               "three together are worth +3. It was the last pile on the table, so the round ends at once."),
            THIRD_CLOSED, grab(3, LAST_CALL_MS)),
]
