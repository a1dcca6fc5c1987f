"""Genial Spezial: the rules (pure; stdlib only).

The board is 247 hexes: two hexagons of side 7 that share one line of 7 cells, i.e.
every cell within hex distance 6 of (0, 0) or of (12, -6), flat-top axial coordinates
(core/hexgrid.py). On it stand up to 24 towers (tall or short), each carrying one
score token, and 23 golden bonus spaces. Each player places 20 double-hex tiles, one
per turn, on any two neighbouring empty spaces. A player's connected tiles form a
chain; a chain that touches two or more towers scores their tokens (see `_outcome`).

Outside this module cells are axial [q, r] lists; inside, indices into CELLS.

Moves (JSON):
    {"a": [q, r], "b": [q, r]}                  a tile on two neighbouring spaces
    {"a": [q, r], "b": [q, r], "g": ["b"]}      ... covering golden spaces: one colour
                                                per golden half, for a first, then b
    "pass"                                      only when no tile fits anywhere
Colours are "o" orange, "g" green, "b" blue, "p" purple; every score vector is in
that order. `legal_moves` lists each tile once, with a the earlier cell of CELLS;
`apply` accepts the halves in either order.

Hand-built positions (tests, puzzles, tutorials): `build_position` below.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import compress
from typing import NamedTuple

from gelateria.core import hexgrid
from gelateria.core.game import IllegalMove, Rules
from gelateria.core.i18n import N_, _, ngettext, pgettext, seat_label
from gelateria.core.rng import Rng

ROUNDS = 20  # tiles per player, one per round
COLOURS = ("o", "g", "b", "p")
COLOUR_NAMES = {"o": "orange", "g": "green", "b": "blue", "p": "purple"}  # English, for identifiers and tests


def colour_name(colour: str) -> str:
    """A scoring colour's name in the language shown ("orange" for "o")."""
    if colour == "o":
        return pgettext("scoring colour", "orange")
    if colour == "g":
        return pgettext("scoring colour", "green")
    if colour == "b":
        return pgettext("scoring colour", "blue")
    return pgettext("scoring colour", "purple")


def gain_part(colour: str, points: int) -> str:
    """One colour's points in a list of gains: "+2 blue"."""
    return _("+{points} {colour}").format(points=points, colour=colour_name(colour))


PASS = "pass"

# --- The board ---------------------------------------------------------------------

HALF_CENTRES = ((0, 0), (12, -6))
HALF_RADIUS = 6
CENTRE = (6, -3)  # the board's centre of point symmetry; a cell on the shared line

CELLS: tuple[hexgrid.Hex, ...] = tuple(
    sorted({h for c in HALF_CENTRES for h in hexgrid.within(c, HALF_RADIUS)})
)
INDEX: dict[hexgrid.Hex, int] = {h: i for i, h in enumerate(CELLS)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[n] for n in hexgrid.neighbours(h) if n in INDEX) for h in CELLS
)
# Every pair of neighbouring cells once, (i, j) with i < j: the places a tile can go.
EDGES: tuple[tuple[int, int], ...] = tuple(
    (i, j) for i in range(len(CELLS)) for j in NEIGHBOURS[i] if i < j
)
EDGE_AXIAL: tuple[tuple[int, int, int, int], ...] = tuple((*CELLS[i], *CELLS[j]) for i, j in EDGES)
EDGE_OF: dict[tuple[int, int], int] = {pair: e for e, pair in enumerate(EDGES)}


def _as_hex(value: list):
    return tuple(value) if len(value) == 2 and all(type(x) is int for x in value) else None
# Per cell: bit mask over EDGES of the edges that use it.
_cell_edges = [0] * len(CELLS)
for _e, (_i, _j) in enumerate(EDGES):
    _cell_edges[_i] |= 1 << _e
    _cell_edges[_j] |= 1 << _e
_CELL_EDGES: tuple[int, ...] = tuple(_cell_edges)
RIM = frozenset(i for i in range(len(CELLS)) if len(NEIGHBOURS[i]) < 6)


def mirror(h: hexgrid.Hex) -> hexgrid.Hex:
    """The cell opposite h through the board's centre."""
    return (2 * CENTRE[0] - h[0], 2 * CENTRE[1] - h[1])


# The printed layout, point-symmetric about CENTRE. The tower spaces are 24 of the
# 26 inner cells of the lattice through CENTRE whose neighbours are 3 steps apart
# ((3q + r) % 7 == 1), so nearby towers can be joined by a single tile; CENTRE and
# the two lattice cells left out, (-2, 0) and (14, -6), are golden instead.
# Each tower space: (q, r, kind, mark); kind "T" tall or "S" short; mark = the fewest
# players at which it holds a tower (with fewer players it is an ordinary space).
# Only one space of each mirror pair is listed (the left one). Tall towers are at
# least 6 apart with 2 players and 5 with 3, so no single tile joins two of them
# there (with 4 players two pairs are 3 apart): the 4-colour bonus takes building.
_TOWERS_LEFT = (
    (-5, 2, "S", 2), (-4, -1, "T", 2), (-3, 3, "S", 2), (-1, -3, "S", 2),
    (-1, 4, "T", 2), (0, 1, "S", 2), (4, -4, "S", 2), (5, 0, "T", 2),
    (2, -5, "T", 3), (2, 2, "S", 3),
    (1, -2, "T", 4), (3, -1, "S", 4),
)
_GOLDEN_LEFT = (
    (-5, 0), (-5, 3), (-3, 4), (-2, -3), (-2, 0), (0, 4),
    (1, -5), (1, 1), (2, -2), (4, 1), (5, -5),
)


TOWER_SPACES: tuple[tuple[int, int, str, int], ...] = tuple(
    sorted(
        (*h, kind, mark) for q, r, kind, mark in _TOWERS_LEFT for h in ((q, r), mirror((q, r)))
    )
)
GOLDEN: tuple[hexgrid.Hex, ...] = tuple(
    sorted({CENTRE} | set(_GOLDEN_LEFT) | {mirror(h) for h in _GOLDEN_LEFT})
)


# Score tokens: per colour three of light value 1 and three of light value 2 (dark
# side one more). Fewer players use fewer: these are the light values per colour.
TOKENS_PER_COLOUR = {2: (1, 1, 2, 2), 3: (1, 1, 1, 2, 2), 4: (1, 1, 1, 2, 2, 2)}


# --- Layout of one game: which towers are in use, with which tokens ------------------

@dataclass(frozen=True)
class Layout:
    """What never changes during a game: towers in use and golden spaces.
    Towers are numbered 0..n-1; sets of towers are bit masks over those numbers."""

    cell: tuple[int, ...]  # tower number -> cell index
    tall: tuple[bool, ...]
    mark: tuple[int, ...]  # 2/3/4 as printed (0 for hand-built towers)
    colour: tuple[int, ...]  # index into COLOURS of the tower's token
    light: tuple[int, ...]  # the token's light value (1 or 2); dark is one more
    golden: frozenset[int]  # cell indices
    spare: tuple[tuple[int, str, int], ...] = ()  # unused tower spaces (cell, kind, mark)

    def __post_init__(self):
        near = [0] * len(CELLS)
        for t, c in enumerate(self.cell):
            for n in NEIGHBOURS[c]:
                near[n] |= 1 << t
        object.__setattr__(self, "near", tuple(near))  # cell -> mask of towers touching it
        # per edge of EDGES: 0 no golden half, 1 a golden, 2 b golden, 3 both
        object.__setattr__(
            self, "edge_golden", tuple((i in self.golden) + 2 * (j in self.golden) for i, j in EDGES)
        )
        object.__setattr__(
            self, "tall_mask", sum(1 << t for t, is_tall in enumerate(self.tall) if is_tall)
        )


def place_words(towers: list, *cells) -> str:
    """Where spaces ((q, r) each) are, in words, by the nearest of `towers` ((q, r),
    tall, colour letter): "next to the tall blue tower", "2 spaces from the short
    orange tower". Used by the log and by the screen's labels alike."""
    if not towers:
        return _("on the board")  # (a hand-built position with no towers)
    far, i = min((hexgrid.distance(tuple(c), tuple(t[0])), i) for c in cells for i, t in enumerate(towers))
    _unused, tall, colour = towers[i]
    name = colour_name(colour)
    # i18n: a place, said inside a sentence ("placed a tile {where}"); {colour} is a scoring colour
    if far <= 1:
        return (_("next to the tall {colour} tower") if tall else _("next to the short {colour} tower")).format(colour=name)
    if tall:
        text = ngettext("{count} space from the tall {colour} tower", "{count} spaces from the tall {colour} tower", far)
    else:
        text = ngettext("{count} space from the short {colour} tower", "{count} spaces from the short {colour} tower", far)
    return text.format(count=far, colour=name)


def layout_towers(layout: Layout) -> list:
    return [(CELLS[c], tall, COLOURS[colour]) for c, tall, colour in zip(layout.cell, layout.tall, layout.colour)]


class Chain(NamedTuple):
    """A connected group of one player's tiles. Masks are sets of tower numbers."""

    player: int
    cells: tuple[int, ...]
    touched: int  # towers next to any of its cells
    scored: int  # S: towers whose tokens this chain has scored
    bonus: int  # B: tall towers whose bonus this chain has scored


@dataclass(slots=True)
class State:
    players: int
    layout: Layout
    seed: int
    turn: int  # turns taken so far; player turn % players is to act
    owner: list  # per cell: EMPTY, TOWER or the player whose tile covers it
    free: int  # bit mask over EDGES of the places a tile still fits
    chain_of: list  # per cell: id of the chain it belongs to, or -1
    chains: dict  # chain id -> Chain
    next_chain: int
    dark: tuple  # per tower: its token shows the dark side
    scores: tuple  # per player: (orange, green, blue, purple)
    tiles: tuple  # every tile placed, in order: (player, cell a, cell b)
    placed: tuple  # per player: tiles placed
    last: dict | None  # what the latest move did and scored (the event built in _place)


EMPTY = -1
TOWER = -2


# --- Scoring -----------------------------------------------------------------------

class Outcome(NamedTuple):
    merged: tuple[int, ...]  # ids of the player's chains the tile joins
    chain: Chain  # the chain after the tile (without an id yet)
    new_scored: int  # towers whose tokens score now
    new_bonus: int  # tall towers whose bonus scores now
    gain: tuple[int, int, int, int]  # tokens + tall bonus (not golden)


def _outcome(state: State, player: int, a: int, b: int) -> Outcome:
    """What a tile on cells a, b does for `player` (the rulings' chain scoring).

    C = the tile + every own chain it touches; T = towers C touches; S_old, B_old =
    unions over the merged chains. If |T| >= 2, the towers T - S_old score at their
    token's current value and C.S = T (else C.S = S_old). If C touches >= 2 tall
    towers, each tall tower in T - B_old scores 1 in every colour and C.B = tall(T)
    (else C.B = B_old)."""
    layout = state.layout
    owner, chain_of, chains = state.owner, state.chain_of, state.chains
    merged = []
    for n in NEIGHBOURS[a] + NEIGHBOURS[b]:
        if owner[n] == player:
            cid = chain_of[n]
            if cid not in merged:
                merged.append(cid)
    touched = layout.near[a] | layout.near[b]
    scored = bonus = 0
    cells = [a, b]
    for cid in merged:
        ch = chains[cid]
        touched |= ch.touched
        scored |= ch.scored
        bonus |= ch.bonus
        cells.extend(ch.cells)
    new_scored = new_bonus = 0
    if touched.bit_count() >= 2:
        new_scored = touched & ~scored
        scored = touched
    tall = touched & layout.tall_mask
    if tall.bit_count() >= 2:
        new_bonus = tall & ~bonus
        bonus = tall
    k = new_bonus.bit_count()
    gain = [k, k, k, k]
    m, t = new_scored, 0
    while m:
        if m & 1:
            gain[layout.colour[t]] += layout.light[t] + state.dark[t]
        m >>= 1
        t += 1
    chain = Chain(player, tuple(cells), touched, scored, bonus)
    return Outcome(tuple(merged), chain, new_scored, new_bonus, tuple(gain))


def _towers_in(mask: int):
    t = 0
    while mask:
        if mask & 1:
            yield t
        mask >>= 1
        t += 1


def _place(state: State, player: int, a: int, b: int, golden: tuple[int, ...]) -> State:
    """A new state with the tile placed and scored (turn not advanced). `golden` are
    colour indices, one per golden half. The caller has checked legality."""
    out = _outcome(state, player, a, b)
    layout = state.layout
    owner = list(state.owner)
    chain_of = list(state.chain_of)
    chains = dict(state.chains)
    for cid in out.merged:
        del chains[cid]
    cid = state.next_chain
    chains[cid] = out.chain
    owner[a] = owner[b] = player
    free = state.free & ~(_CELL_EDGES[a] | _CELL_EDGES[b])
    for c in out.chain.cells:
        chain_of[c] = cid
    dark = state.dark
    towers = []
    if out.new_scored:
        dark = list(dark)
        for t in _towers_in(out.new_scored):
            towers.append([t, COLOURS[layout.colour[t]], layout.light[t] + dark[t]])
            dark[t] = True  # a light token flips after scoring; a dark one stays dark
        dark = tuple(dark)
    gain = list(out.gain)
    for c in golden:
        gain[c] += 1
    scores = list(state.scores)
    scores[player] = tuple(s + g for s, g in zip(scores[player], gain))
    placed = list(state.placed)
    placed[player] += 1
    event = {
        "p": player,
        "a": list(CELLS[a]),
        "b": list(CELLS[b]),
        "towers": towers,  # [tower number, colour, points] per token scored
        "bonus": out.new_bonus.bit_count(),  # tall towers whose bonus scored
        "golden": [COLOURS[c] for c in golden],
        "gain": gain,
    }
    return replace(
        state,
        owner=owner,
        free=free,
        chain_of=chain_of,
        chains=chains,
        next_chain=cid + 1,
        dark=dark,
        scores=tuple(scores),
        tiles=state.tiles + ((player, a, b),),
        placed=tuple(placed),
        last=event,
    )


# --- Reading moves -----------------------------------------------------------------

def _cell(value, name: str) -> int:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise IllegalMove(_("Half {half} of the tile needs a board space [q, r].").format(half=name))
    h = (value[0], value[1])
    if h not in INDEX:
        raise IllegalMove(_("Space ({q},{r}) is not on the board.").format(q=h[0], r=h[1]))
    return INDEX[h]


def _parse(state: State, move) -> tuple[int, int, tuple[int, ...]]:
    """(cell a, cell b, golden colour indices) of a tile move, or IllegalMove."""
    if not isinstance(move, dict) or "a" not in move or "b" not in move:
        raise IllegalMove(_('A move is a tile {tile} or "pass".').format(tile='{"a": [q, r], "b": [q, r]}'))
    a, b = _cell(move["a"], "a"), _cell(move["b"], "b")
    for c in (a, b):
        if state.owner[c] == TOWER:
            raise IllegalMove(_("Space ({q},{r}) holds a tower.").format(q=CELLS[c][0], r=CELLS[c][1]))
        if state.owner[c] != EMPTY:
            raise IllegalMove(_("Space ({q},{r}) is already covered.").format(q=CELLS[c][0], r=CELLS[c][1]))
    if b not in NEIGHBOURS[a]:
        raise IllegalMove(_("The two halves of a tile go on neighbouring spaces."))
    wanted = (a in state.layout.golden) + (b in state.layout.golden)
    chosen = move.get("g", [])
    if not isinstance(chosen, list) or len(chosen) != wanted or any(c not in COLOURS for c in chosen):
        if wanted == 0:
            raise IllegalMove(_("This tile covers no golden space, so it earns no colour choice."))
        raise IllegalMove(
            _("Choose a colour (o, g, b or p) for each golden space the tile covers ({count}).").format(count=wanted)
        )
    return a, b, tuple(COLOURS.index(c) for c in chosen)


# --- The game ----------------------------------------------------------------------

def free_mask(owner: list) -> int:
    """The bit mask over EDGES of edges whose two cells are both empty."""
    return sum(1 << e for e, (i, j) in enumerate(EDGES) if owner[i] == EMPTY and owner[j] == EMPTY)


_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def _free_edges(mask: int) -> list[int]:
    """The numbers of the edges set in mask, ascending (done in C: the bits as bytes)."""
    bits = bin(mask)[:1:-1].encode().translate(_BIT_BYTES)  # byte e = bit e
    return list(compress(range(len(bits)), bits))


def ranking_key(colours) -> tuple:
    """How players are ranked (winners()): a player's four colours sorted, weakest
    first; the higher key is ahead (the weakest colour, then the next, and so on)."""
    return tuple(sorted(colours))


class GenialSpezial(Rules):
    max_moves = 300  # one tile a move on 247 spaces, passes only at the very end
    id = "genial"
    title = N_("Genial Spezial")
    min_players = 2
    max_players = 4
    rounds = ROUNDS
    colours = COLOURS

    # -- setting up --

    def new(self, players: int, seed: int, options: dict | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(_("Genial Spezial is for {low} to {high} players.").format(low=self.min_players, high=self.max_players))
        if options:
            raise ValueError(_("Genial Spezial has no options (got {options}).").format(options=", ".join(sorted(options))))
        in_use = [s for s in TOWER_SPACES if s[3] <= players]
        spare = tuple((INDEX[(q, r)], kind, mark) for q, r, kind, mark in TOWER_SPACES if mark > players)
        tokens = [(c, v) for c in range(4) for v in TOKENS_PER_COLOUR[players]]
        Rng(seed).shuffle(tokens)  # assert len(tokens) == len(in_use) is tested
        layout = Layout(
            cell=tuple(INDEX[(q, r)] for q, r, _, _ in in_use),
            tall=tuple(kind == "T" for _, _, kind, _ in in_use),
            mark=tuple(mark for *_, mark in in_use),
            colour=tuple(c for c, _ in tokens),
            light=tuple(v for _, v in tokens),
            golden=frozenset(INDEX[h] for h in GOLDEN),
            spare=spare,
        )
        return _empty_state(players, layout, seed)

    # -- playing --

    def to_act(self, state: State) -> list[int]:
        if self.is_over(state):
            return []
        return [state.turn % state.players]

    def open_spaces(self, state: State) -> list[tuple[int, int]]:
        """Every place a tile fits, as (cell a, cell b) indices into CELLS (a < b):
        the cheap list for bots, without the golden colour choices."""
        return [EDGES[e] for e in _free_edges(state.free)]

    def legal_moves(self, state: State, player: int) -> list:
        if self.is_over(state) or player != state.turn % state.players:
            return []
        golden_halves = state.layout.edge_golden
        moves = []
        append = moves.append
        for e in _free_edges(state.free):
            if golden_halves[e]:
                moves += self._moves_on_edge(state, e)
            else:  # most edges: inline, since search play-outs list moves all the time
                qa, ra, qb, rb = EDGE_AXIAL[e]
                append({"a": [qa, ra], "b": [qb, rb]})
        return moves or [PASS]

    @staticmethod
    def _moves_on_edge(state: State, e: int) -> list:
        qa, ra, qb, rb = EDGE_AXIAL[e]
        halves = state.layout.edge_golden[e]
        if not halves:
            return [{"a": [qa, ra], "b": [qb, rb]}]
        if halves == 3:
            return [{"a": [qa, ra], "b": [qb, rb], "g": [x, y]} for x in COLOURS for y in COLOURS]
        return [{"a": [qa, ra], "b": [qb, rb], "g": [x]} for x in COLOURS]

    def listed_forms(self, state: State, player: int, move=None) -> list:
        # Only the moves on the spaces a tile names can be it: the same list as
        # legal_moves gives for that edge, without building the other few thousand.
        if isinstance(move, dict) and state.free and not self.is_over(state) and player == state.turn % state.players:
            a, b = move.get("a"), move.get("b")
            if isinstance(a, list) and isinstance(b, list):
                e = EDGE_OF.get((INDEX.get(_as_hex(a)), INDEX.get(_as_hex(b))))
                return self._moves_on_edge(state, e) if e is not None and state.free >> e & 1 else []
        return self.legal_moves(state, player)

    def canonical(self, move):
        # A tile is the same tile whichever half is named first: list it as
        # legal_moves does, the lower space first, its golden colours swapped with it.
        if isinstance(move, dict) and set(move) <= {"a", "b", "g"}:
            a, b = move.get("a"), move.get("b")
            if (
                isinstance(a, list) and isinstance(b, list) and len(a) == len(b) == 2
                and all(type(x) is int for x in a + b) and INDEX.get(tuple(a), -1) > INDEX.get(tuple(b), -1) >= 0
            ):
                move = {**move, "a": b, "b": a}
                if isinstance(move.get("g"), list):
                    move["g"] = move["g"][::-1]
        return move

    def advance(self, state: State, player: int, move) -> State:
        if self.is_over(state):
            raise IllegalMove(_("The game is over."))
        if player != state.turn % state.players:
            raise IllegalMove(_("It is {player}'s turn.").format(player=seat_label(state.turn % state.players)))
        if move == PASS:
            if state.free:
                raise IllegalMove(_("You can only pass when no tile fits anywhere on the board."))
            event = {"p": player, "pass": True, "gain": [0, 0, 0, 0]}
            return replace(state, turn=state.turn + 1, last=event)
        a, b, golden = _parse(state, move)
        after = _place(state, player, a, b, golden)
        after.turn += 1  # `after` is a fresh object: safe to finish it here
        return after

    # -- the end --

    def is_over(self, state: State) -> bool:
        return state.turn >= ROUNDS * state.players

    def scores(self, state: State) -> list[int]:
        """Each player's score: their lowest colour."""
        return [min(s) for s in state.scores]

    def winners(self, state: State) -> list[int]:
        """Highest lowest colour; ties go to the next-lowest colour and so on; players
        equal in all four colours share the win."""
        keys = [ranking_key(s) for s in state.scores]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    # -- what players see --

    def view(self, state: State, player: int | None) -> dict:
        """Everything is public in this game, so every seat sees the same."""
        layout = state.layout
        towers = []
        for t, c in enumerate(layout.cell):
            towers.append(
                {
                    "at": list(CELLS[c]),
                    "tall": layout.tall[t],
                    "mark": layout.mark[t],
                    "colour": COLOURS[layout.colour[t]],
                    "value": layout.light[t] + state.dark[t],
                    "dark": state.dark[t],
                }
            )
        chains = [
            {
                "player": ch.player,
                "cells": [list(CELLS[c]) for c in ch.cells],
                "touches": list(_towers_in(ch.touched)),
                "scored": list(_towers_in(ch.scored)),
                "bonus": list(_towers_in(ch.bonus)),
            }
            for ch in state.chains.values()
        ]
        return {
            "you": player,
            "players": state.players,
            "turn": state.turn,
            "round": min(state.turn // state.players + 1, ROUNDS),
            "rounds": ROUNDS,
            "to_act": self.to_act(state),
            "over": self.is_over(state),
            "towers": towers,
            "spare_towers": [
                {"at": list(CELLS[c]), "tall": kind == "T", "mark": mark} for c, kind, mark in layout.spare
            ],
            "golden": [list(CELLS[c]) for c in sorted(layout.golden)],
            "tiles": [[p, list(CELLS[a]), list(CELLS[b])] for p, a, b in state.tiles],
            "chains": chains,
            "colours": list(COLOURS),
            "scores": [list(s) for s in state.scores],
            "score": self.scores(state),
            "tiles_left": [ROUNDS - n for n in state.placed],
            "last": state.last,
        }

    def board(self) -> dict:
        """The printed board, for drawing: every cell, every tower space with its kind
        and mark, the golden spaces."""
        return {
            "cells": [list(h) for h in CELLS],
            "tower_spaces": [{"at": [q, r], "tall": k == "T", "mark": m} for q, r, k, m in TOWER_SPACES],
            "golden": [list(h) for h in GOLDEN],
        }

    def describe(self, state: State, player: int, move) -> str:
        """One line for the event log, e.g. "Player 1 placed a tile next to the tall
        blue tower: +2 blue, +1 green, tall bonus +1 each"."""
        who = seat_label(player)
        if move == PASS:
            return _("{player} could not place a tile and passed.").format(player=who)
        a, b, golden = _parse(state, move)
        out = _outcome(state, player, a, b)
        token_points = [0, 0, 0, 0]
        for t in _towers_in(out.new_scored):
            token_points[state.layout.colour[t]] += state.layout.light[t] + state.dark[t]
        parts = [gain_part(c, v) for c, v in zip(COLOURS, token_points) if v]
        parts += [_("golden +1 {colour}").format(colour=colour_name(COLOURS[c])) for c in golden]
        bonus = out.new_bonus.bit_count()
        if bonus:
            parts.append(_("tall bonus +{count} each").format(count=bonus))
        where = place_words(layout_towers(state.layout), CELLS[a], CELLS[b])
        points = _(", ").join(parts) if parts else _("no points")
        # i18n: {where} is a place such as "next to the tall blue tower"; {points} the list of gains
        return _("{player} placed a tile {where}: {points}").format(player=who, where=where, points=points)

    def tile_outcome(self, state: State, player: int, a: int, b: int) -> Outcome:
        """What a tile on cells a, b would score for `player` (without golden)."""
        return _outcome(state, player, a, b)


def _empty_state(players: int, layout: Layout, seed: int) -> State:
    owner = [EMPTY] * len(CELLS)
    for c in layout.cell:
        owner[c] = TOWER
    return State(
        players=players,
        layout=layout,
        seed=seed,
        turn=0,
        owner=owner,
        free=free_mask(owner),
        chain_of=[-1] * len(CELLS),
        chains={},
        next_chain=0,
        dark=(False,) * len(layout.cell),
        scores=((0, 0, 0, 0),) * players,
        tiles=(),
        placed=(0,) * players,
        last=None,
    )


# --- Positions by hand -------------------------------------------------------------

def build_position(
    players: int = 2,
    towers: dict | None = None,
    tiles=(),
    golden=(),
    to_act: int = 0,
) -> State:
    """A position set up by hand.

    towers: {(q, r): spec}. A spec is kind + colour + light value, "T" tall or "S"
        short, e.g. "Tb1" = tall tower with a blue token of light value 1, "Sg2" =
        short tower, green 2. Add "*" for a token already on its dark side ("Sg2*" is
        worth 3). Towers are numbered in the order given.
    tiles: (player, (q, r), (q, r)) in the order they were played. Each is placed and
        scored exactly as in play (golden spaces give nothing here), so chains
        remember what they scored; `state.scores` holds the points they made.
    golden: cells that are golden spaces (none by default).
    to_act: the player whose turn it is.
    """
    towers = towers or {}
    cells, tall, colour, light, dark = [], [], [], [], []
    for h, spec in towers.items():
        kind, c, v, flipped = spec[0], spec[1], int(spec[2]), spec[3:] == "*"
        if kind not in "TS" or c not in COLOURS or v not in (1, 2) or spec[3:] not in ("", "*"):
            raise ValueError(f"Bad tower spec {spec!r}")
        cells.append(INDEX[tuple(h)])
        tall.append(kind == "T")
        colour.append(COLOURS.index(c))
        light.append(v)
        dark.append(flipped)
    layout = Layout(
        cell=tuple(cells),
        tall=tuple(tall),
        mark=(0,) * len(cells),
        colour=tuple(colour),
        light=tuple(light),
        golden=frozenset(INDEX[tuple(h)] for h in golden),
    )
    state = _empty_state(players, layout, 0)
    state.dark = tuple(dark)
    for player, ha, hb in tiles:
        a, b = INDEX[tuple(ha)], INDEX[tuple(hb)]
        if state.owner[a] != EMPTY or state.owner[b] != EMPTY or b not in NEIGHBOURS[a]:
            raise ValueError(f"A tile cannot go on {ha}+{hb}")
        state = _place(state, player, a, b, ())
    state.turn = to_act
    state.last = None
    return state


def state_from_view(view: dict) -> State:
    """Rebuild the full state from a view (this game has no hidden information):
    what bots use to look ahead with the real rules."""
    towers = view["towers"]
    layout = Layout(
        cell=tuple(INDEX[tuple(t["at"])] for t in towers),
        tall=tuple(t["tall"] for t in towers),
        mark=tuple(t["mark"] for t in towers),
        colour=tuple(COLOURS.index(t["colour"]) for t in towers),
        light=tuple(t["value"] - t["dark"] for t in towers),
        golden=frozenset(INDEX[tuple(h)] for h in view["golden"]),
    )
    state = _empty_state(view["players"], layout, 0)
    state.dark = tuple(t["dark"] for t in towers)
    for p, ha, hb in view["tiles"]:
        a, b = INDEX[tuple(ha)], INDEX[tuple(hb)]
        state.owner[a] = state.owner[b] = p
        state.free &= ~(_CELL_EDGES[a] | _CELL_EDGES[b])
    for cid, ch in enumerate(view["chains"]):
        cells = tuple(INDEX[tuple(h)] for h in ch["cells"])
        for c in cells:
            state.chain_of[c] = cid
        state.chains[cid] = Chain(
            ch["player"],
            cells,
            sum(1 << t for t in ch["touches"]),
            sum(1 << t for t in ch["scored"]),
            sum(1 << t for t in ch["bonus"]),
        )
    state.next_chain = len(view["chains"])
    state.scores = tuple(tuple(s) for s in view["scores"])
    state.placed = tuple(ROUNDS - n for n in view["tiles_left"])
    state.tiles = tuple((p, INDEX[tuple(a)], INDEX[tuple(b)]) for p, a, b in view["tiles"])
    state.turn = view["turn"]
    return state


GAME = GenialSpezial()


# --- presentation queries (what a screen shows, in the rules' own figures) ----------------
# Each takes a seat's view (everything in this game is public), never the state: a screen
# draws from Facts (core/facts.py), which may have come from another device. The position
# is rebuilt from the view (state_from_view) and the rules' own scoring does the rest, so
# each answer is what playing the move does (tests/unit/test_genial_rules.py holds them
# to apply() over whole games). Cells are axial [q, r].

def tile_gains(view: dict, player: int, tiles) -> list[list[int]]:
    """Points per colour that each tile (a, b) would score for `player` from towers and
    tall bonuses (golden points not counted)."""
    state = state_from_view(view)
    return [list(_outcome(state, player, INDEX[tuple(a)], INDEX[tuple(b)]).gain) for a, b in tiles]


def tile_totals(view: dict, player: int, tiles) -> list[int]:
    """All the points each tile (a, b) would score for `player`: towers, tall bonuses and
    the point of each golden half (in a colour still to choose), as playing it adds them."""
    state = state_from_view(view)
    golden = state.layout.golden
    out = []
    for a, b in tiles:
        i, j = INDEX[tuple(a)], INDEX[tuple(b)]
        out.append(sum(_outcome(state, player, i, j).gain) + (i in golden) + (j in golden))
    return out


def tile_preview(view: dict, player: int, move) -> dict:
    """What playing the tile `move` would do, from the rules' own result of playing
    it (IllegalMove if it cannot be played): the points per colour, the tokens it
    scores ([tower, colour, points]), the tall towers whose bonus it scores, its golden
    colours, the chain it makes (cells), how many of the player's chains it joins, the
    towers that chain touches, and the player's colours before and after."""
    state = state_from_view(view)
    after = GAME.apply(state, player, move)
    event = after.last
    out = _outcome(state, player, _cell(move["a"], "a"), _cell(move["b"], "b"))
    return {
        "gain": list(event["gain"]),
        "towers": [list(t) for t in event["towers"]],
        "bonus": event["bonus"],
        "bonus_towers": list(_towers_in(out.new_bonus)),
        "golden": list(event["golden"]),
        "chain": [list(CELLS[c]) for c in out.chain.cells],
        "merged": len(out.merged),
        "touched": list(_towers_in(out.chain.touched)),
        "before": list(state.scores[player]),
        "after": list(after.scores[player]),
    }


def bonus_in_reach(view: dict, player: int, move) -> bool:
    """After the tile `move`, could `player`'s next tile score a tall-tower bonus? (The
    rules' outcome of every tile that would still fit.)"""
    after = GAME.apply(state_from_view(view), player, move)
    return any(_outcome(after, player, a, b).new_bonus for a, b in GAME.open_spaces(after))


def points_made(events: list, player: int) -> dict:
    """Per colour, what `player` scored from tower tokens, tall-tower bonuses and
    golden spaces: the sum of these move events (each position's view["last"], as a
    game's trail keeps them; None and passes score nothing)."""
    made = {"tokens": [0] * 4, "bonus": [0] * 4, "golden": [0] * 4}
    for last in events:
        if not last or last.get("p") != player or last.get("pass"):
            continue
        for _tower, colour, points in last["towers"]:
            made["tokens"][COLOURS.index(colour)] += points
        for k in range(4):
            made["bonus"][k] += last["bonus"]
        for colour in last["golden"]:
            made["golden"][COLOURS.index(colour)] += 1
    return made
