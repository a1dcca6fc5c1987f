"""Gelati: place ice-cream tiles on a hex grid, make rows of four, fill secret orders.

Data model (all small ints, so moves and views stay compact):
- a *part* is 0..11: cups 0-3, flavours 4-7, toppings 8-11 (names in PART_NAMES);
- a *tile* is 0..63, one of every cup x flavour x topping: cup = t // 16,
  flavour = t // 4 % 4, topping = t % 4 (parts in TILE_PARTS);
- an *order* is 0..15: cup i, flavour j, topping (i + j) % 4 for o = 4 i + j, so every
  cup, flavour and topping is on exactly four orders (parts in ORDER_PARTS).

A turn is a sequence of moves by the player whose turn it is (see `legal_moves`):

  phase "place":  {"p": tile, "at": [q, r]}   place a tile (must, if any tile fits)
                  {"x": tile}                  nothing fits: swap that tile for the top
                                               of the stack (repeat while nothing fits)
                  {"pass": 1}                  nothing fits and the stack is empty
  phase "after":  {"order": order}             complete an order (+15)
                  {"trade": [a, b], "get": c}  give parts a and b, take part c
                  {"discard": part}            only while holding more than 5 parts
                  {"end": 1}                   only while holding at most 5 parts; the
                                               tile draw then happens by itself
  phase "over":   no moves.

Exchanged tiles are set aside face up until the player places or passes, then they
are shuffled back into the stack (so a player never draws back a tile they just
returned, and the exchange loop always ends). If a whole round of turns goes by
without anyone placing a tile, nobody ever can again and the game ends.
"""

from __future__ import annotations

from gelateria.core.game import IllegalMove, Rules
from gelateria.core.i18n import N_, _, and_list, language, seat_label
from gelateria.core.hexgrid import AXES, NORTH, NORTH_EAST, SOUTH, SOUTH_WEST, neighbours, run_through
from gelateria.core.rng import Rng

# --- components -----------------------------------------------------------------------

# The English names are the parts' identifiers too (tile_named); show them with part_name().
CUPS = (N_("paper cup"), N_("waffle cone"), N_("blue cup"), N_("glass bowl"))
FLAVOURS = (N_("strawberry"), N_("chocolate"), N_("vanilla"), N_("pistachio"))
TOPPINGS = (N_("cookie"), N_("cherry"), N_("sprinkles"), N_("sauce"))
PART_NAMES = CUPS + FLAVOURS + TOPPINGS  # part id -> name (English)
PART_KINDS = ("cup",) * 4 + ("flavour",) * 4 + ("topping",) * 4
N_PARTS = 12
COPIES_PER_PART = 4  # 48 part tokens in all
N_TILES = 64
N_ORDERS = 16

HAND_SIZE = 2
ORDERS_PER_PLAYER = 2
PART_LIMIT = 5  # parts a player may hold at the end of their turn
ORDER_POINTS = 15
WIN_POINTS = 50
PLACEMENT_POINTS = (0, 0, 1, 3, 6, 10, 15)  # indexed by the number of touching sides
CENTRE = (0, 0)
START_CELLS = (NORTH, SOUTH, NORTH_EAST, SOUTH_WEST)  # the cross around the empty centre


def tile_of(cup: int, flavour: int, topping: int) -> int:
    """The tile with cup, flavour and topping given as indices 0..3 of their kind."""
    return cup * 16 + flavour * 4 + topping


TILE_PARTS = tuple((t // 16, 4 + t // 4 % 4, 8 + t % 4) for t in range(N_TILES))
TILE_MASK = tuple((1 << a) | (1 << b) | (1 << c) for a, b, c in TILE_PARTS)
ORDER_PARTS = tuple((o // 4, 4 + o % 4, 8 + (o // 4 + o % 4) % 4) for o in range(N_ORDERS))
ALL_TILES = (1 << N_TILES) - 1
# COMPATIBLE[t]: the set (as a 64-bit mask) of tiles sharing at least one part with t.
COMPATIBLE = tuple(
    sum(1 << u for u in range(N_TILES) if TILE_MASK[u] & TILE_MASK[t]) for t in range(N_TILES)
)


def tile_named(*names: str) -> int:
    """The tile with these three part names, in any order: tile_named("vanilla",
    "paper cup", "cookie")."""
    ids = sorted(PART_NAMES.index(name) for name in names)
    if len(ids) != 3 or [PART_KINDS[i] for i in ids] != ["cup", "flavour", "topping"]:
        raise ValueError("a tile needs one cup, one flavour and one topping")
    return tile_of(ids[0], ids[1] - 4, ids[2] - 8)


def part_name(part: int) -> str:
    """A part's name in the language shown ("strawberry", 「イチゴ」)."""
    return _(PART_NAMES[part])


def parts_text(parts) -> str:
    """Part names as a list in the language shown ("vanilla and sauce")."""
    return and_list([part_name(p) for p in parts])


# A cup or topping as it reads after "in" / "with" in a tile's name (English articles).
_ARTICLE = {"paper cup": N_("a paper cup"), "waffle cone": N_("a waffle cone"), "blue cup": N_("a blue cup"),
            "glass bowl": N_("a glass bowl"), "cookie": N_("a cookie"), "cherry": N_("a cherry"),
            "sprinkles": N_("sprinkles"), "sauce": N_("sauce")}


_TILE_TEXTS: dict[tuple[str, int], str] = {}  # (language, tile) -> its name: a board names every tile each draw


def tile_text(tile: int) -> str:
    """'strawberry in a waffle cone with a cookie'."""
    key = (language(), tile)
    if key not in _TILE_TEXTS:
        cup, flavour, topping = (PART_NAMES[p] for p in TILE_PARTS[tile])
        _TILE_TEXTS[key] = _("{flavour} in {cup} with {topping}").format(
            flavour=_(flavour), cup=_(_ARTICLE[cup]), topping=_(_ARTICLE[topping]))
    return _TILE_TEXTS[key]


def tile_short(tile: int) -> str:
    """'the strawberry waffle cone': enough to find a tile on the board."""
    cup, flavour, _topping = (PART_NAMES[p] for p in TILE_PARTS[tile])
    return _("the {flavour} {cup}").format(flavour=_(flavour), cup=_(cup))


def place_words(board: dict, at) -> str:
    """Where a space is, in words: which tile it is next to and how many it touches
    ("next to the strawberry paper cup, touching 3")."""
    touching = [board[n] for n in neighbours(tuple(at)) if tuple(n) in board]
    if not touching:
        return _("on its own")
    if len(touching) > 1:
        return _("next to {tile}, touching {count}").format(tile=tile_short(touching[0]), count=len(touching))
    return _("next to {tile}").format(tile=tile_short(touching[0]))


def order_text(order: int) -> str:
    return tile_text(tile_of(*(p % 4 for p in ORDER_PARTS[order])))


# --- board helpers (pure functions of a board dict {(q, r): tile}) ----------------------

def cell_fit(board: dict, cell) -> tuple[int, int]:
    """(mask of tiles that may go on this empty cell, number of placed neighbours)."""
    fits, touching = ALL_TILES, 0
    for n in neighbours(cell):
        t = board.get(n)
        if t is not None:
            fits &= COMPATIBLE[t]
            touching += 1
    return fits, touching


def frontier_of(board: dict) -> dict:
    """Every empty cell touching the board -> cell_fit(board, cell)."""
    cells = {n for cell in board for n in neighbours(cell) if n not in board}
    return {cell: cell_fit(board, cell) for cell in sorted(cells)}


def rows_of_four(board: dict, cell, tile: int) -> list[int]:
    """The parts earned for four in a row by putting `tile` on `cell` (before looking at
    the supply): one per (axis, part of the tile) whose unbroken run through the cell is
    at least 4 long, unless the tiles on one side already formed a run of 4 or more."""
    earned = []
    for part in TILE_PARTS[tile]:
        bit = 1 << part

        def carries(h, bit=bit):
            t = board.get(h)
            return t is not None and TILE_MASK[t] & bit

        for dq, dr in AXES:
            if not (carries((cell[0] + dq, cell[1] + dr)) or carries((cell[0] - dq, cell[1] - dr))):
                continue  # a run of one: skip the walk
            run = run_through(cell, (dq, dr), carries)
            before = run.index(cell)
            after = len(run) - 1 - before
            if len(run) >= 4 and before < 4 and after < 4:
                earned.append(part)
    return earned


# --- state --------------------------------------------------------------------------------

class State:
    """One moment of a game. Treat as immutable: `apply` copies, changes the copy's
    fields to new values (tuples / fresh dicts) and never edits shared containers.

    players     number of players
    board       {(q, r): tile}
    frontier    {empty cell touching the board: (fitting-tile mask, touching count)}
    hands       tuple per player of tiles
    orders      tuple per player of open orders
    held        tuple per player of 12 part counts (public)
    supply      12 part counts
    stack       tiles face down; the top is the last one
    order_pile  orders face down; the top is the last one
    set_aside   tiles returned in this turn's exchanges, face up
    completed   ((player, order), ...) in the order they were completed
    scores      tuple per player
    turn        whose turn it is
    phase       "place" | "after" | "over"
    placed      did the current player place a tile this turn (they draw if so)
    idle        turns in a row that ended without a tile being placed
    rng         Rng state (an int)
    last        what the last move did (public), for logs and animations
    """

    def copy(self) -> "State":
        other = State.__new__(State)
        other.__dict__ = self.__dict__.copy()  # shallow: fields are replaced, never edited
        return other


def _put(seq: tuple, i: int, value) -> tuple:
    return seq[:i] + (value,) + seq[i + 1:]


def _remove_one(seq: tuple, value) -> tuple:
    i = seq.index(value)
    return seq[:i] + seq[i + 1:]


def can_place(state: State, player: int) -> bool:
    """Does any tile in this player's hand fit anywhere?"""
    hand = state.hands[player]
    return any(fits >> t & 1 for fits, _ in state.frontier.values() for t in hand)


def make_state(
    board: dict,
    players: int = 2,
    hands=None,
    orders=None,
    held=None,
    scores=None,
    stack=None,
    turn: int = 0,
    phase: str = "place",
    seed: int = 0,
) -> State:
    """Build a position by hand (tests, puzzles, "winning move" checks).

    board: {(q, r): tile}. hands / orders / held / scores: one entry per player
    (held as a list of part ids, e.g. [0, 5, 5]). Missing hands get the lowest
    free tiles, missing orders the lowest free orders, missing held nothing. stack:
    tiles face down, top last; by default every tile not on the board or in a hand, in
    ascending order (so the top is the highest). Tiles in none of these are out of the
    game. The supply holds whatever parts the players do not."""
    board = {tuple(cell): t for cell, t in board.items()}
    used = set(board.values())
    hands = [None if h is None else list(h) for h in hands] if hands is not None else [None] * players
    for i, h in enumerate(hands):
        if h is None:
            free = [t for t in range(N_TILES) if t not in used]
            hands[i] = free[:HAND_SIZE]
        used.update(hands[i])
    if stack is None:
        stack = [t for t in range(N_TILES) if t not in used]
    orders = [None if o is None else list(o) for o in orders] if orders is not None else [None] * players
    taken = {o for os in orders if os for o in os}
    for i, os in enumerate(orders):
        if os is None:
            orders[i] = [o for o in range(N_ORDERS) if o not in taken][:ORDERS_PER_PLAYER]
            taken.update(orders[i])
    counts = [tuple(list(h).count(p) for p in range(N_PARTS)) for h in (held or [[]] * players)]
    supply = tuple(COPIES_PER_PART - sum(c[p] for c in counts) for p in range(N_PARTS))
    if min(supply) < 0:
        raise ValueError("players hold more than 4 of a part")
    s = State()
    s.players = players
    s.board = board
    s.frontier = frontier_of(board)
    s.hands = tuple(tuple(h) for h in hands)
    s.orders = tuple(tuple(o) for o in orders)
    s.held = tuple(counts)
    s.supply = supply
    s.stack = tuple(stack)
    s.order_pile = tuple(o for o in range(N_ORDERS) if o not in taken)
    s.set_aside = ()
    s.completed = ()
    s.scores = tuple(scores) if scores is not None else (0,) * players
    s.turn = turn
    s.phase = phase
    s.placed = phase == "after"
    s.idle = 0
    s.rng = Rng(seed).state
    s.last = None
    return s


# --- the game -------------------------------------------------------------------------------

def _int(value, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalMove(_("That is not a Gelati move ({what} should be a number).").format(what=_(what)))
    return value


def _part(value) -> int:
    p = _int(value, N_("a part"))
    if not 0 <= p < N_PARTS:
        raise IllegalMove(_("There is no such ice-cream part."))
    return p


class Gelati(Rules):
    max_moves = 600  # real games take 60-130; trades are bounded by the parts earned
    id = "gelati"
    title = N_("Gelati")
    min_players = 2
    max_players = 4

    # -- setup ---------------------------------------------------------------------

    def new(self, players: int, seed: int, options: dict | None = None) -> State:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError("Gelati is for 2 to 4 players")
        # Gelati has no options; any given are ignored (the web layer may pass shared ones).
        rng = Rng(seed)
        tiles = rng.shuffled(range(N_TILES))
        order_pile = rng.shuffled(range(N_ORDERS))
        board = {cell: tiles.pop() for cell in START_CELLS}
        hands = [[tiles.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        orders = [[order_pile.pop() for _ in range(ORDERS_PER_PLAYER)] for _ in range(players)]
        s = make_state(board, players, hands=hands, orders=orders, stack=tiles)
        s.order_pile = tuple(order_pile)
        s.rng = rng.state
        return s

    # -- queries -------------------------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.turn]

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> list[float]:
        return list(state.scores)

    def winners(self, state: State) -> list[int]:
        """Who won (empty while the game is on): whoever reached 50 ends it at once and
        wins alone; otherwise the highest score, ties sharing the win."""
        if state.phase != "over":
            return []
        best = max(state.scores)
        return [p for p, s in enumerate(state.scores) if s == best]

    def placements(self, state: State, player: int) -> list[dict]:
        hand = state.hands[player]
        return [
            {"p": t, "at": [cell[0], cell[1]]}
            for cell, (fits, _) in state.frontier.items()
            for t in hand
            if fits >> t & 1
        ]

    def legal_moves(self, state: State, player: int) -> list[dict]:
        if state.phase == "over" or player != state.turn:
            return []
        if state.phase == "place":
            moves = self.placements(state, player)
            if moves:
                return moves
            if state.stack and state.hands[player]:
                return [{"x": t} for t in sorted(state.hands[player])]
            return [{"pass": 1}]
        held = state.held[player]
        moves = [{"order": o} for o in state.orders[player] if all(held[p] for p in ORDER_PARTS[o])]
        kinds = [p for p in range(N_PARTS) if held[p]]
        for i, a in enumerate(kinds):
            for b in kinds[i:]:
                if a == b and held[a] < 2:
                    continue
                for c in range(N_PARTS):
                    if state.supply[c] and c != a and c != b:
                        moves.append({"trade": [a, b], "get": c})
        if sum(held) > PART_LIMIT:
            moves.extend({"discard": p} for p in kinds)
        else:
            moves.append({"end": 1})
        return moves

    # -- moves ---------------------------------------------------------------------

    def canonical(self, move):
        # The two parts given in a trade are a pair, not a sequence: [11, 10] is [10, 11].
        trade = move.get("trade") if isinstance(move, dict) else None
        if isinstance(trade, list) and all(type(part) is int for part in trade):
            return {**move, "trade": sorted(trade)}
        return move

    def advance(self, state: State, player: int, move) -> State:
        if state.phase == "over":
            raise IllegalMove(_("The game is over."))
        if player != state.turn:
            raise IllegalMove(_("It is {player}'s turn.").format(player=seat_label(state.turn)))
        handler = self._handlers.get(frozenset(move)) if isinstance(move, dict) else None
        if handler is None or move.get("pass", 1) != 1 or move.get("end", 1) != 1:
            raise IllegalMove(_("That is not a Gelati move."))
        s = state.copy()
        handler(self, s, player, move)
        return s

    def _place(self, s: State, player: int, move) -> None:
        if s.phase != "place":
            raise IllegalMove(_("You have already placed a tile this turn."))
        tile = _int(move["p"], N_("the tile"))
        at = move["at"]
        if not isinstance(at, list) or len(at) != 2:
            raise IllegalMove(_("Say where to place the tile."))
        cell = (_int(at[0], N_("a coordinate")), _int(at[1], N_("a coordinate")))
        if tile not in s.hands[player]:
            raise IllegalMove(_("That tile is not in your hand."))
        if cell in s.board:
            raise IllegalMove(_("That cell is already taken."))
        if cell not in s.frontier:
            raise IllegalMove(_("A tile must touch at least one tile already on the table."))
        fits, touching = s.frontier[cell]
        if not fits >> tile & 1:
            clash = next(n for n in neighbours(cell) if n in s.board and not TILE_MASK[s.board[n]] & TILE_MASK[tile])
            raise IllegalMove(
                _("Every touching tile must share a part with yours: {other} has nothing in common with "
                  "{tile}.").format(other=tile_text(s.board[clash]), tile=tile_text(tile))
            )
        board = dict(s.board)
        board[cell] = tile
        frontier = dict(s.frontier)
        del frontier[cell]
        for n in neighbours(cell):
            if n not in board:
                frontier[n] = cell_fit(board, n)
        points = PLACEMENT_POINTS[touching]
        supply = list(s.supply)
        held = list(s.held[player])
        earned, missed = [], []
        for part in rows_of_four(board, cell, tile):
            if supply[part]:
                supply[part] -= 1
                held[part] += 1
                earned.append(part)
            else:
                missed.append(part)
        s.board, s.frontier = board, frontier
        s.hands = _put(s.hands, player, _remove_one(s.hands[player], tile))
        s.supply = tuple(supply)
        s.held = _put(s.held, player, tuple(held))
        s.placed = True
        self._return_set_aside(s)
        s.last = {"kind": "place", "player": player, "tile": tile, "at": [cell[0], cell[1]],
                  "sides": touching, "points": points, "earned": earned, "missed": missed}
        self._score(s, player, points)

    def _exchange(self, s: State, player: int, move) -> None:
        tile = _int(move["x"], N_("the tile"))
        if s.phase != "place":
            raise IllegalMove(_("You can only exchange a tile instead of placing one."))
        if tile not in s.hands[player]:
            raise IllegalMove(_("That tile is not in your hand."))
        if can_place(s, player):
            raise IllegalMove(_("One of your tiles fits, so you must place it."))
        if not s.stack:
            raise IllegalMove(_("The stack is empty, so you cannot exchange: you pass."))
        drawn = s.stack[-1]
        s.stack = s.stack[:-1]
        s.hands = _put(s.hands, player, _remove_one(s.hands[player], tile) + (drawn,))
        s.set_aside = s.set_aside + (tile,)
        s.last = {"kind": "exchange", "player": player, "tile": tile}

    def _pass(self, s: State, player: int, move) -> None:
        if s.phase != "place":
            raise IllegalMove(_("You have already placed a tile this turn."))
        if can_place(s, player):
            raise IllegalMove(_("One of your tiles fits, so you must place it."))
        if s.stack and s.hands[player]:
            raise IllegalMove(_("None of your tiles fits: exchange one for the top of the stack."))
        s.placed = False
        self._return_set_aside(s)
        s.phase = "after"
        s.last = {"kind": "pass", "player": player}

    def _order(self, s: State, player: int, move) -> None:
        order = _int(move["order"], N_("the order"))
        self._need_after(s)
        if order not in s.orders[player]:
            raise IllegalMove(_("That is not one of your orders."))
        held = list(s.held[player])
        parts = ORDER_PARTS[order]
        if not all(held[p] for p in parts):
            missing = parts_text([p for p in parts if not held[p]])
            raise IllegalMove(_("You still need {parts} for that order.").format(parts=missing))
        supply = list(s.supply)
        for p in parts:
            held[p] -= 1
            supply[p] += 1
        mine = _remove_one(s.orders[player], order)
        if s.order_pile:
            mine += (s.order_pile[-1],)
            s.order_pile = s.order_pile[:-1]
        s.orders = _put(s.orders, player, mine)
        s.held = _put(s.held, player, tuple(held))
        s.supply = tuple(supply)
        s.completed = s.completed + ((player, order),)
        s.last = {"kind": "order", "player": player, "order": order, "points": ORDER_POINTS}
        self._score(s, player, ORDER_POINTS)

    def _trade(self, s: State, player: int, move) -> None:
        give = move["trade"]
        if not isinstance(give, list) or len(give) != 2:
            raise IllegalMove(_("A trade gives exactly two parts."))
        a, b = sorted(_part(p) for p in give)
        get = _part(move["get"])
        self._need_after(s)
        held = list(s.held[player])
        if held[a] < 1 + (a == b) or held[b] < 1:
            raise IllegalMove(_("You do not hold those two parts."))
        if get in (a, b):
            raise IllegalMove(_("Trade for a different part than the ones you give."))
        if not s.supply[get]:
            raise IllegalMove(_("There is no {part} left in the supply.").format(part=part_name(get)))
        supply = list(s.supply)
        held[a] -= 1
        held[b] -= 1
        supply[a] += 1
        supply[b] += 1
        held[get] += 1
        supply[get] -= 1
        s.held = _put(s.held, player, tuple(held))
        s.supply = tuple(supply)
        s.last = {"kind": "trade", "player": player, "give": [a, b], "get": get}

    def _discard(self, s: State, player: int, move) -> None:
        part = _part(move["discard"])
        self._need_after(s)
        held = list(s.held[player])
        if sum(held) <= PART_LIMIT:
            raise IllegalMove(_("You may only discard while you hold more than {limit} parts.").format(limit=PART_LIMIT))
        if not held[part]:
            raise IllegalMove(_("You hold no {part}.").format(part=part_name(part)))
        held[part] -= 1
        s.held = _put(s.held, player, tuple(held))
        s.supply = _put(s.supply, part, s.supply[part] + 1)
        s.last = {"kind": "discard", "player": player, "part": part}

    def _end(self, s: State, player: int, move) -> None:
        self._need_after(s)
        count = sum(s.held[player])
        if count > PART_LIMIT:
            raise IllegalMove(
                _("You hold {count} parts: discard, trade or complete an order until you hold {limit}.").format(
                    count=count, limit=PART_LIMIT)
            )
        drew = s.placed and bool(s.stack)
        if drew:
            s.hands = _put(s.hands, player, s.hands[player] + (s.stack[-1],))
            s.stack = s.stack[:-1]
        s.idle = 0 if s.placed else s.idle + 1
        s.last = {"kind": "end", "player": player, "drew": drew}
        active = [p for p in range(s.players) if s.hands[p]]
        if not active or s.idle >= len(active):
            # Every hand is played out, or everybody still holding tiles has had a turn
            # on this same board without being able to place: nothing can change now.
            s.phase = "over"
            return
        nxt = player
        while True:
            nxt = (nxt + 1) % s.players
            if s.hands[nxt]:
                break
        s.turn, s.phase, s.placed = nxt, "place", False

    _handlers = {  # the keys of a move -> what it does
        frozenset(("p", "at")): _place,
        frozenset(("x",)): _exchange,
        frozenset(("pass",)): _pass,
        frozenset(("order",)): _order,
        frozenset(("trade", "get")): _trade,
        frozenset(("discard",)): _discard,
        frozenset(("end",)): _end,
    }

    # -- helpers -------------------------------------------------------------------

    @staticmethod
    def _need_after(s: State) -> None:
        if s.phase != "after":
            raise IllegalMove(_("First place a tile (or exchange or pass if none fits)."))

    @staticmethod
    def _return_set_aside(s: State) -> None:
        """Shuffle the tiles returned in this turn's exchanges back into the stack."""
        if s.set_aside:
            rng = Rng(state=s.rng)
            stack = list(s.stack + s.set_aside)
            rng.shuffle(stack)
            s.stack, s.set_aside, s.rng = tuple(stack), (), rng.state

    @staticmethod
    def _score(s: State, player: int, points: int) -> None:
        s.scores = _put(s.scores, player, s.scores[player] + points)
        s.phase = "over" if s.scores[player] >= WIN_POINTS else "after"

    # -- what a seat may see ---------------------------------------------------------

    def view(self, state: State, player: int | None) -> dict:
        """Public: board, scores, parts held, supply, how many tiles / orders each
        player has, completed orders, the stack size, whether the player to move has
        placed this turn, the last move, and the hand of a player who cannot place
        (they must show it). Private: your hand and orders."""
        s = state
        stuck = s.phase == "place" and not can_place(s, s.turn)
        v = {
            "phase": s.phase,
            "turn": s.turn,
            "placed": s.placed,
            "players": s.players,
            "me": player,
            "board": [[q, r, t] for (q, r), t in s.board.items()],
            "stack": len(s.stack),
            "order_pile": len(s.order_pile),
            "supply": list(s.supply),
            "held": [list(h) for h in s.held],
            "scores": list(s.scores),
            "hand_sizes": [len(h) for h in s.hands],
            "completed": [list(c) for c in s.completed],
            "set_aside": list(s.set_aside),
            "revealed": list(s.hands[s.turn]) if stuck else None,
            "must": ("exchange" if s.stack else "pass") if stuck else None,
            "last": s.last,
            "winners": self.winners(s),
        }
        if player is not None:
            v["hand"] = list(s.hands[player])
            v["orders"] = list(s.orders[player])
        return v

    # -- event log ---------------------------------------------------------------------

    def describe(self, state: State, player: int, move) -> str:
        after = self.apply(state, player, move)
        e = after.last
        who = seat_label(player)
        kind = e["kind"]
        if kind == "place":
            text = _("{player} placed {tile} {where}: +{points}").format(
                player=who, tile=tile_text(e["tile"]), where=place_words(state.board, e["at"]), points=e["points"])
            if e["earned"]:
                text += _(", earned {parts}").format(parts=parts_text(e["earned"]))
            if e["missed"]:
                text += _(" (no {parts} left to earn)").format(parts=parts_text(e["missed"]))
        elif kind == "exchange":
            text = _("{player} could not place and exchanged {tile} for a tile from the stack").format(
                player=who, tile=tile_text(e["tile"]))
        elif kind == "pass":
            text = _("{player} could not place a tile and passed").format(player=who)
        elif kind == "order":
            text = _("{player} completed an order, {order} (+{points})").format(
                player=who, order=order_text(e["order"]), points=ORDER_POINTS)
        elif kind == "trade":
            text = _("{player} traded 2 for 1: {give} for {get}").format(
                player=who, give=parts_text(e["give"]), get=part_name(e["get"]))
        elif kind == "discard":
            text = _("{player} discarded {part}").format(player=who, part=part_name(e["part"]))
        elif e["drew"]:
            text = _("{player} ended the turn and drew a tile").format(player=who)
        else:
            text = _("{player} ended the turn").format(player=who)
        if after.phase == "over":
            if after.scores[player] >= WIN_POINTS and kind in ("place", "order"):
                text = _("{move} and reached {points}: {player} wins").format(move=text, points=WIN_POINTS, player=who)
            else:
                text = _("{move}; the game is over").format(move=text)
        return text


GAME = Gelati()


# --- presentation queries (what a screen shows, in the rules' own figures) ----------------

def placement_result(view: dict, move: dict) -> dict:
    """What a legal placement by the player to move would do, worked out from a seat's
    view (the board, the supply and the scores are public): its points, the parts its
    rows of four earn and miss (none left in the supply), and whether it wins the game.
    It is what `apply` would do (tests/unit/test_gelati_rules.py holds it to that)."""
    board = {(q, r): t for q, r, t in view["board"]}
    cell = (move["at"][0], move["at"][1])
    points = PLACEMENT_POINTS[cell_fit(board, cell)[1]]
    board[cell] = move["p"]
    supply = list(view["supply"])
    earned, missed = [], []
    for part in rows_of_four(board, cell, move["p"]):
        if supply[part]:
            supply[part] -= 1
            earned.append(part)
        else:
            missed.append(part)
    return {"points": points, "earned": earned, "missed": missed,
            "wins": view["scores"][view["turn"]] + points >= WIN_POINTS}


def points_made(views: list[dict]) -> dict:
    """How each player's points were made, from the rules' account of every move in
    `views`, the views of a game's positions from its start. By player: tiles placed,
    points from placing, the best single placement, parts won in rows of four, the
    orders completed (in turn) and the points from them."""
    n = views[0]["players"] if views else 0
    t = {"tiles": [0] * n, "points": [0] * n, "best": [0] * n, "parts": [0] * n,
         "orders": [[] for _ in range(n)], "order_points": [0] * n}
    for v in views:
        e = v["last"]
        if e and e.get("kind") == "place":
            p = e["player"]
            t["tiles"][p] += 1
            t["points"][p] += e["points"]
            t["best"][p] = max(t["best"][p], e["points"])
            t["parts"][p] += len(e["earned"])
        elif e and e.get("kind") == "order":
            t["orders"][e["player"]].append(e["order"])
            t["order_points"][e["player"]] += e["points"]
    return t
