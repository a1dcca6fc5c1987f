"""The seed rulebook's worked examples, as positions of the real rules (core.examples):
the three placements, the two rows of four, a fifth tile in a row, an order and a
trade. Player 1 (seat 0) is to move in each; tests/unit/test_gelati_seed_examples.py
checks them against the numbers the rulebook prints."""

from gelateria.core.examples import Example
from gelateria.core.i18n import N_
from gelateria.games.gelati.rules import PART_NAMES, make_state, tile_named

T = tile_named
STRAWBERRY_PAPER_COOKIE = T("strawberry", "paper cup", "cookie")
CHOCOLATE_BLUE_COOKIE = T("chocolate", "blue cup", "cookie")
PLACING = N_("Placing a tile")
ROWS = N_("Four in a row")
ORDERS = N_("Orders and trading")


def part(name: str) -> int:
    return PART_NAMES.index(name)


def place(tile: int, at) -> dict:
    return {"p": tile, "at": list(at)}


def placing(board: dict, tile: int):
    """Seat 0 holds `tile`; the other seat two tiles from the stack."""
    return lambda: make_state(board, hands=[[tile], None])


THREE_SIDES = {
    (0, -1): T("strawberry", "waffle cone", "cherry"),
    (1, -1): T("chocolate", "paper cup", "sauce"),
    (1, 0): T("vanilla", "blue cup", "cookie"),
}
TWO_ROWS = {  # a column of chocolate below the space, a line of blue cups to its south-west
    (0, 1): T("chocolate", "paper cup", "cherry"),
    (0, 2): T("chocolate", "waffle cone", "sprinkles"),
    (0, 3): T("chocolate", "glass bowl", "cherry"),
    (-1, 1): T("blue cup", "vanilla", "sauce"),
    (-2, 2): T("blue cup", "strawberry", "cherry"),
    (-3, 3): T("blue cup", "pistachio", "sprinkles"),
}
FOURTH_CHOCOLATE = {**TWO_ROWS, (0, 4): T("chocolate", "glass bowl", "sauce")}


def after_placing(held: list[str], orders: list[int]):
    """Seat 0 has placed this turn and holds `held`."""
    return lambda: make_state({(0, 0): T("strawberry", "waffle cone", "cherry")}, held=[[part(p) for p in held], []],
                              orders=[orders, None], phase="after")


EXAMPLES = [
    Example("three-sides", PLACING, N_("Three sides, all matching"),
            N_("The tile touches three tiles and shares a part with each: strawberry, paper cup and cookie."),
            placing(THREE_SIDES, STRAWBERRY_PAPER_COOKIE), place(STRAWBERRY_PAPER_COOKIE, (0, 0))),
    Example("one-side", PLACING, N_("One side"),
            N_("The tile touches only one tile (they share the strawberry): the placement is allowed but scores nothing."),
            placing({(0, 0): T("strawberry", "waffle cone", "cherry")}, STRAWBERRY_PAPER_COOKIE),
            place(STRAWBERRY_PAPER_COOKIE, (0, -1))),
    Example("not-matching", PLACING, N_("Three sides, one not matching"),
            N_("The tile would touch three tiles, but the glass bowl with pistachio and sauce shares nothing with it, "
               "so it may not go there."),
            placing({**THREE_SIDES, (1, 0): T("pistachio", "glass bowl", "sauce")}, STRAWBERRY_PAPER_COOKIE),
            place(STRAWBERRY_PAPER_COOKIE, (0, 0))),
    Example("two-rows", ROWS, N_("Two rows of four at once"),
            N_("The tile ends a row of four chocolate scoops and a row of four blue cups: it earns both parts, "
               "and 1 point for its two sides."),
            placing(TWO_ROWS, CHOCOLATE_BLUE_COOKIE), place(CHOCOLATE_BLUE_COOKIE, (0, 0))),
    Example("fifth-tile", ROWS, N_("A fifth tile in a row"),
            N_("The chocolate column already had four tiles, so making it five earns no chocolate; the new row of "
               "blue cups still earns its part."),
            placing(FOURTH_CHOCOLATE, CHOCOLATE_BLUE_COOKIE), place(CHOCOLATE_BLUE_COOKIE, (0, 0))),
    Example("order", ORDERS, N_("Completing an order"),
            N_("You hold the paper cup, the strawberry and the cookie of your order: complete it for 15 points."),
            after_placing(["paper cup", "strawberry", "cookie"], [0, 5]), {"order": 0}),
    Example("trade", ORDERS, N_("Trading two for one"),
            N_("Your order needs a paper cup. Give the second vanilla and the cookie back and take a paper cup: "
               "now the order can be completed."),
            after_placing(["vanilla", "vanilla", "cookie", "sprinkles"], [2, 5]),
            {"trade": [part("vanilla"), part("cookie")], "get": part("paper cup")}),
]
