"""It's Mine! — a real-time grabbing game for 3–5 players, as pure rules.

Real time enters only as numbers: every move carries "t", the milliseconds since the
game started, supplied by whoever drives the game (the web page's clock, or the
simulator's). The engine never reads a clock. Events must arrive with non-decreasing
t, and the order in which they arrive is the order in which they happened: the first
grab of a pile wins it. Two grabs of the same pile less than TICK_MS apart count as
simultaneous; the later-arriving one becomes a contested claim settled by a seeded
rock-paper-scissors, so seed + moves still replays every game exactly.

A grab pauses play for a moment (the seed: "the game stops briefly"): no flip until
the pause's length has passed since the last grab; grabs during the pause count like
any other and each one restarts it. The length is the game option "pause", which new
games record explicitly (the option's default); a record without it was made before the
pause existed and replays without one, exactly as it was played.

Moves (all carry "t"):
    {"a": "f", "t": T}            flip: the player whose turn it is turns up a card
                                  (not during a pause)
    {"a": "g", "p": [o, ...], "t": T}
                                  grab: take the open piles of seats o..., one token each
    {"a": "x", "t": T}            countdown expired (any seat may send it), once
                                  COUNTDOWN_MS have passed since the draw piles ran
                                  out or since the last grab after that
    {"a": "c", "t": T}            continue to the next round (any seat; between rounds)

Cards are the integers 0–54:
    0–49  ice creams: flavour = card // 10, shape = card // 2 % 5 (two copies each)
    50–51 cherries
    52–54 closed-shop cards
"""

from __future__ import annotations

from dataclasses import dataclass

from gelateria.core.game import IllegalMove, Rules
from gelateria.core.i18n import N_, _, and_list, ngettext, seat_label
from gelateria.core.rng import Rng

# Identifiers (the view's "flavours"/"shapes"); the words players read are flavour_name()/shape_name().
FLAVOURS = ("strawberry", "chocolate", "vanilla", "pistachio", "blueberry")
SHAPES = ("cone", "cup", "stick", "sandwich", "sundae")
ICE_CREAMS = 50
CHERRIES = (50, 51)
CLOSED = (52, 53, 54)
DECK = tuple(range(55))

ROUNDS = 3
TOKENS_EACH = 2
COUNTDOWN_MS = 5000  # "nobody wants a pile any more": the round-end countdown
TICK_MS = 50  # grabs of one pile closer together than this are simultaneous
PAUSE_MS = 1000  # no flip for this long after a grab, so everyone sees it (option "pause")
PAUSES = (PAUSE_MS,)  # every pause length a record may carry (keep old ones if it changes)
MAX_T = 10**10  # about 115 days: any later time is a bug in the caller


def flavour_of(card: int) -> int:
    return card // 10


def shape_of(card: int) -> int:
    return card // 2 % 5


def is_ice(card: int) -> bool:
    return card < ICE_CREAMS


def flavour_name(flavour: int) -> str:
    """A flavour as players read it, in the current language."""
    return (_("strawberry"), _("chocolate"),
            _("vanilla"), _("pistachio"),
            _("blueberry"))[flavour]


def shape_name(shape: int) -> str:
    """A shape as players read it, in the current language."""
    return (_("cone"), _("cup"), _("stick"),
            _("sandwich"), _("sundae"))[shape]


def card_name(card: int) -> str:
    if card in CHERRIES:
        return _("cherry")
    if card in CLOSED:
        return _("Closed sign")
    return _("{flavour} {shape}").format(flavour=flavour_name(flavour_of(card)), shape=shape_name(shape_of(card)))


def card_points(card: int, favourite) -> int:
    """Points an ice-cream card or a cherry is worth to the holder of `favourite`
    (flavour, shape): 1 per favourite it matches, a cherry 1. Closed cards are counted
    apart (`closed_points`): their worth depends on how many are held."""
    if card < ICE_CREAMS:
        return (flavour_of(card) == favourite[0]) + (shape_of(card) == favourite[1])
    return 1 if card in CHERRIES else 0


def closed_points(count: int) -> int:
    """-1 per closed card, but all three together are worth +3."""
    return 3 if count == len(CLOSED) else -count


def score_cards(cards, favourite: tuple[int, int], tokens: int) -> dict:
    """One player's round score, itemised (the score table shows the items)."""
    one = both = cherries = closed = 0
    for card in cards:
        if card < ICE_CREAMS:
            matches = card_points(card, favourite)
            if matches == 2:
                both += 1
            elif matches == 1:
                one += 1
        elif card in CHERRIES:
            cherries += 1
        else:
            closed += 1
    total = one + 2 * both + tokens + cherries + closed_points(closed)
    return {"one": one, "both": both, "tokens": tokens, "cherries": cherries, "closed": closed, "total": total}


def seat_name(seat: int) -> str:
    """A seat in the rules' words (the session puts the seat's own name in its place)."""
    return seat_label(seat)


@dataclass(slots=True)
class State:
    n: int
    seed: int
    options: dict
    rng: int  # Rng state: deals of later rounds and rock-paper-scissors
    round: int  # 1..ROUNDS
    phase: str  # "play", "scored" (round over, waiting for "continue"), "over"
    first: int  # who flipped first this round
    turn: int | None  # who flips next; None once every draw pile is empty
    last_flipper: int | None
    now: int  # time of the last event (ms since the game started)
    countdown_from: int | None  # set while every draw pile is empty
    draw: list  # per seat: tuple of cards, top card last (secret)
    open: list  # per seat: tuple of face-up cards, oldest first
    won: list  # per seat: tuple of cards taken this round (public)
    tokens: list  # per seat: catch tokens held
    box: int  # tokens spent on own piles this round
    favourites: tuple  # per seat: (flavour, shape) — secret during the round
    totals: list  # per seat: sum of the finished rounds
    history: tuple  # one dict per finished round (the score table)
    claims: dict  # pile owner -> (t, claimant, cards) of the pile's last taking
    discarded: tuple  # open-pile cards thrown away at the end of the round
    contests: tuple  # rock-paper-scissors results of the last move, for the log
    pause_ms: int = 0  # how long a grab pauses play (0: a record from before the pause)
    paused_until: int | None = None  # no flip before this time; None: no pause since the last flip

    def copy(self) -> "State":
        return State(
            self.n, self.seed, self.options, self.rng, self.round, self.phase, self.first,
            self.turn, self.last_flipper, self.now, self.countdown_from, list(self.draw),
            list(self.open), list(self.won), list(self.tokens), self.box, self.favourites,
            list(self.totals), self.history, dict(self.claims), self.discarded, (),
            self.pause_ms, self.paused_until,
        )

    def flip_from(self) -> int:
        """The earliest time the next flip may happen: now, or the end of a pause."""
        return self.now if self.paused_until is None else max(self.now, self.paused_until)


def _next_turn(draw: list, after: int) -> int | None:
    """The next seat clockwise after `after` that still has a draw pile."""
    n = len(draw)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if draw[seat]:
            return seat
    return None


def _lowest_total_starts(totals: list, previous_first: int) -> int:
    """Lowest running total starts; ties go to the first tied seat clockwise after
    the previous round's first player (that player counts last)."""
    n = len(totals)
    order = [(previous_first + step) % n for step in range(1, n + 1)]
    low = min(totals)
    return next(seat for seat in order if totals[seat] == low)


def _rock_paper_scissors(rng: Rng, a: int, b: int) -> tuple[int, list[int]]:
    """Seats a and b throw until the hands differ. Returns (winner, [hand_a, hand_b])
    with hands 0 rock, 1 paper, 2 scissors."""
    while True:
        ha, hb = rng.below(3), rng.below(3)
        if ha != hb:
            return (a if (ha - hb) % 3 == 1 else b), [ha, hb]


HANDS = ("rock", "paper", "scissors")


def hand_name(hand: int) -> str:
    return (_("rock"), _("paper"),
            _("scissors"))[hand]


class ItsMine(Rules):
    max_moves = 1_000  # simulated games of five fast bots take up to ~250 events
    id = "itsmine"
    title = N_("It's Mine!")
    min_players = 3
    max_players = 5
    countdown_ms = COUNTDOWN_MS
    tick_ms = TICK_MS

    # ----------------------------------------------------------------- setup

    def new(self, players: int, seed: int, options: dict | None = None) -> State:
        options = dict(options or {})
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(_("It's Mine! is for {low}–{high} players.").format(low=self.min_players, high=self.max_players))
        unknown = set(options) - {"first", "pause"}
        if unknown:
            raise ValueError(_("Unknown option(s) for It's Mine!: {options}").format(options=_(", ").join(sorted(unknown))))
        # Absent in records made before the pause existed: they replay without it.
        pause = options.get("pause", 0)
        if "pause" in options and (type(pause) is not int or pause not in PAUSES):
            raise ValueError(_("Option 'pause' must be one of {values} (ms).").format(values=_(", ").join(map(str, PAUSES))))
        rng = Rng(seed)
        first = options.get("first")
        if first is None:
            first = rng.below(players)
        elif not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
            raise ValueError(_("Option 'first' must be a seat from 0 to {last}.").format(last=players - 1))
        state = State(
            n=players, seed=seed, options=options, rng=0, round=1, phase="play", first=first,
            turn=first, last_flipper=None, now=0, countdown_from=None, draw=[], open=[], won=[],
            tokens=[], box=0, favourites=(), totals=[0] * players, history=(), claims={},
            discarded=(), contests=(), pause_ms=pause,
        )
        self._deal(state, rng)
        return state

    def _deal(self, s: State, rng: Rng) -> None:
        """Set up a round on `s` (already a private copy): favourites, tokens, piles."""
        n = s.n
        flavours = rng.shuffled(range(len(FLAVOURS)))[:n]
        shapes = rng.shuffled(range(len(SHAPES)))[:n]
        s.favourites = tuple(zip(flavours, shapes))
        cards = rng.shuffled(DECK)
        # Dealt one at a time starting with the first player, so with 4 players the
        # first three seats from the first player get 14 cards and the last gets 13.
        piles = [[] for _seat in range(n)]
        for i, card in enumerate(cards):
            piles[(s.first + i) % n].append(card)
        s.draw = [tuple(p) for p in piles]
        s.open = [()] * n
        s.won = [()] * n
        s.tokens = [TOKENS_EACH] * n
        s.box = 0
        s.turn = s.first
        s.last_flipper = None
        s.countdown_from = None
        s.claims = {}
        s.discarded = ()
        s.paused_until = None
        s.phase = "play"
        s.rng = rng.state

    @staticmethod
    def position(
        players: int,
        *,
        draw: list,
        favourites: list,
        open: list | None = None,
        won: list | None = None,
        tokens: list | None = None,
        turn: int | None = 0,
        last_flipper: int | None = None,
        now: int = 0,
        countdown_from: int | None = None,
        round: int = 1,
        first: int = 0,
        totals: list | None = None,
        seed: int = 0,
        pause_ms: int = PAUSE_MS,
        paused_until: int | None = None,
    ) -> State:
        """A hand-built mid-round position, for tests and puzzles.

        draw: per seat a list of cards, TOP CARD LAST; open/won: per seat a list of
        cards (open piles oldest first); favourites: per seat [flavour, shape];
        tokens default to 2 each and the box holds whatever is missing from 2 per
        player. `turn` is who flips next (moved on clockwise if that draw pile is
        empty). If every draw pile is empty, turn becomes None and the countdown
        runs from `countdown_from` (default `now`). The position plays by the current
        rules (a grab pauses play for `pause_ms`, 0: no pause); `paused_until` is a
        pause already running. Cards left out of every list are simply not in play;
        nothing checks that all 55 are present."""
        n = players
        tokens = list(tokens) if tokens is not None else [TOKENS_EACH] * n
        draw = [tuple(p) for p in draw]
        if not any(draw):
            turn = None
        elif turn is None or not draw[turn]:
            turn = _next_turn(draw, n - 1 if turn is None else turn)
        if turn is None:
            countdown_from = now if countdown_from is None else countdown_from
        state = State(
            n=n, seed=seed, options={"pause": pause_ms} if pause_ms else {}, rng=Rng(seed).state, round=round, phase="play", first=first,
            turn=turn, last_flipper=last_flipper, now=now, countdown_from=countdown_from, draw=draw,
            open=[tuple(p) for p in (open or [[]] * n)], won=[tuple(p) for p in (won or [[]] * n)],
            tokens=tokens, box=TOKENS_EACH * n - sum(tokens),
            favourites=tuple(tuple(f) for f in favourites), totals=list(totals or [0] * n),
            history=(), claims={}, discarded=(), contests=(), pause_ms=pause_ms, paused_until=paused_until,
        )
        return state

    # ------------------------------------------------------------ who may act

    def to_act(self, state: State) -> list[int]:
        """Everyone who may send an event now: the flipper first, then every token
        holder while some open pile has cards; during the countdown and between
        rounds every seat (anyone may report the expiry or continue)."""
        if state.phase == "over":
            return []
        everyone = list(range(state.n))
        if state.phase == "scored" or state.turn is None:
            return everyone
        acting = [state.turn]
        if any(state.open):
            acting += [p for p in everyone if p != state.turn and state.tokens[p] > 0]
        return acting

    def legal_moves(self, state: State, player: int) -> list:
        """The moves `player` may send, each stamped with the EARLIEST time at which
        it is legal (the caller substitutes the real time, which must not be
        earlier): grabs at the time of the last event, the flip then too or at the
        end of the pause after a grab, the expiry at the countdown's deadline,
        continue at the time of the last event. Grabs are
        every set of takeable piles the player's tokens can pay for, smallest
        first; a pile just taken by someone else less than TICK_MS ago counts as
        takeable (a simultaneous claim)."""
        if state.phase == "over" or not 0 <= player < state.n:
            return []
        now = state.now
        if state.phase == "scored":
            return [{"a": "c", "t": now}]
        moves = []
        if state.turn == player:
            moves.append({"a": "f", "t": state.flip_from()})
        if state.tokens[player]:
            takeable = [o for o in range(state.n) if state.open[o] or self._contestable(state, player, o, now)]
            for piles in _subsets(takeable, state.tokens[player]):
                move = {"a": "g", "p": piles, "t": now}
                if len(piles) == 1 or self._affordable(state, player, piles):
                    moves.append(move)
        if state.turn is None:
            moves.append({"a": "x", "t": max(now, state.countdown_from + COUNTDOWN_MS)})
        return moves

    def _contestable(self, state: State, player: int, owner: int, t: int) -> bool:
        claim = state.claims.get(owner)
        return (
            claim is not None
            and not state.open[owner]
            and claim[1] != player
            and t - claim[0] < TICK_MS
            and state.tokens[player] >= 1 + (owner == player)
        )

    @staticmethod
    def _affordable(state: State, player: int, piles: list) -> bool:
        needed = sum(1 + (o == player and not state.open[o]) for o in piles)
        return state.tokens[player] >= needed

    # ----------------------------------------------------------------- apply

    def canonical(self, move):
        # A real-time move is the same move at any time the rules still allow it
        # (legal_moves stamps the earliest); `advance` checks the time itself.
        if isinstance(move, dict) and "t" in move:
            return {key: value for key, value in move.items() if key != "t"}
        return move

    def listed_forms(self, state: State, player: int, move=None) -> list:
        return [self.canonical(move) for move in self.legal_moves(state, player)]

    def advance(self, state: State, player: int, move) -> State:
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < state.n:
            raise IllegalMove(_("There is no player {player} at this table.").format(player=repr(player)))
        if not isinstance(move, dict) or move.get("a") not in ("f", "g", "x", "c"):
            raise IllegalMove(_("That is not a move in It's Mine!"))
        allowed_keys = {"a", "t", "p"} if move["a"] == "g" else {"a", "t"}
        if set(move) != allowed_keys:
            raise IllegalMove(_("That move has missing or extra parts."))
        t = move["t"]
        if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t <= MAX_T:
            raise IllegalMove(_("That move carries no valid time."))
        if state.phase == "over":
            raise IllegalMove(_("The game is over."))
        if t < state.now:
            raise IllegalMove(_("That event is timed at {t} ms, before the last event ({now} ms).").format(t=t, now=state.now))
        kind = move["a"]
        if kind == "c":
            return self._continue(state, t)
        if state.phase != "play":
            raise IllegalMove(_("Round {round} is over; continue to the next round first.").format(round=state.round))
        if kind == "f":
            return self._flip(state, player, t)
        if kind == "g":
            return self._grab(state, player, move["p"], t)
        return self._expire(state, t)

    def _flip(self, state: State, player: int, t: int) -> State:
        if state.turn is None:
            raise IllegalMove(_("Every draw pile is empty: there is nothing left to flip."))
        if player != state.turn:
            raise IllegalMove(_("It is {player}'s turn to flip, not yours.").format(player=seat_name(state.turn)))
        if t < state.flip_from():
            raise IllegalMove(_("Play is paused for a moment after a call of \"It's mine!\": wait for it to end."))
        s = state.copy()
        card = s.draw[player][-1]
        s.draw[player] = s.draw[player][:-1]
        s.open[player] = s.open[player] + (card,)
        s.claims.pop(player, None)
        s.last_flipper = player
        s.turn = _next_turn(s.draw, player)
        s.now = t
        s.paused_until = None
        if s.turn is None:
            s.countdown_from = t
        return s

    def _grab(self, state: State, player: int, piles, t: int) -> State:
        n = state.n
        if not isinstance(piles, list) or not piles:
            raise IllegalMove(_("Say which open pile(s) you are taking."))
        for o in piles:
            if not isinstance(o, int) or isinstance(o, bool) or not 0 <= o < n:
                raise IllegalMove(_("There is no pile {pile} at this table.").format(pile=repr(o)))
        if len(set(piles)) != len(piles):
            raise IllegalMove(_("You can put only one catch token on a pile."))
        if state.turn is None and t >= state.countdown_from + COUNTDOWN_MS:
            raise IllegalMove(_("Too late: the countdown has run out."))
        held = state.tokens[player]
        if held == 0:
            raise IllegalMove(_("You have no catch token left."))
        s = state.copy()
        contests = []
        for o in piles:
            if s.open[o]:
                if s.tokens[player] == 0:
                    raise IllegalMove(ngettext("You hold {count} catch token: not enough for {piles} piles.",
                                               "You hold {count} catch tokens: not enough for {piles} piles.",
                                               held).format(count=held, piles=len(piles)))
                cards = s.open[o]
                s.open[o] = ()
                self._take(s, player, o, cards)
                s.claims[o] = (t, player, cards)
                continue
            claim = s.claims.get(o)
            own = o == player
            if claim is None:
                raise IllegalMove(_("There is nothing to take: your own pile is empty.") if own else
                                  _("There is nothing to take: {owner}'s pile is empty.").format(owner=seat_name(o)))
            t0, holder, cards = claim
            if holder == player:
                raise IllegalMove(_("You have already taken your own pile.") if own else
                                  _("You have already taken {owner}'s pile.").format(owner=seat_name(o)))
            if t - t0 >= TICK_MS:
                faster = t - t0
                raise IllegalMove(
                    _("Too slow: {player} was {ms} ms faster to your own pile.").format(
                        player=seat_name(holder), ms=faster) if own else
                    _("Too slow: {player} was {ms} ms faster to {owner}'s pile.").format(
                        player=seat_name(holder), ms=faster, owner=seat_name(o)))
            # A simultaneous claim: the two hands landed in the same tick. Winning it
            # costs a token like any grab, and the first claimant gets theirs back;
            # the owner contesting their own pile also hands back the token they got.
            if s.tokens[player] < 1 + (o == player):
                raise IllegalMove(_("You have no catch token left for that pile."))
            rng = Rng(state=s.rng)
            winner, hands = _rock_paper_scissors(rng, holder, player)
            s.rng = rng.state
            contests.append({"pile": o, "players": [holder, player], "hands": hands, "winner": winner})
            if winner == player:
                self._take(s, player, o, cards)
                self._untake(s, holder, o, cards)
                s.claims[o] = (t0, player, cards)
        s.now = t
        s.contests = tuple(contests)
        if s.pause_ms:
            s.paused_until = t + s.pause_ms  # every call, even one during a pause, restarts it
        if s.turn is None:
            s.countdown_from = t
        if not any(s.tokens):
            return self._end_round(s, "tokens")
        if s.turn is None and not any(s.open):
            return self._end_round(s, "cleared")
        return s

    @staticmethod
    def _take(s: State, player: int, owner: int, cards: tuple) -> None:
        """`player` takes `cards` from `owner`'s pile, paying one token: to the box
        for their own pile, to the owner otherwise."""
        s.won[player] = s.won[player] + cards
        s.tokens[player] -= 1
        if owner == player:
            s.box += 1
        else:
            s.tokens[owner] += 1

    @staticmethod
    def _untake(s: State, player: int, owner: int, cards: tuple) -> None:
        """Undo `_take` for a claim that lost a simultaneous contest."""
        taken = set(cards)
        s.won[player] = tuple(c for c in s.won[player] if c not in taken)
        s.tokens[player] += 1
        if owner == player:
            s.box -= 1
        else:
            s.tokens[owner] -= 1

    def _expire(self, state: State, t: int) -> State:
        if state.turn is not None:
            raise IllegalMove(_("The countdown starts only once every draw pile is empty."))
        deadline = state.countdown_from + COUNTDOWN_MS
        if t < deadline:
            raise IllegalMove(_("The countdown has not run out yet: it ends at {deadline} ms.").format(deadline=deadline))
        s = state.copy()
        s.now = t
        return self._end_round(s, "countdown")

    def _end_round(self, s: State, reason: str) -> State:
        """Discard the open piles, score the round, reveal the favourites."""
        s.discarded = tuple(c for pile in s.open for c in pile)
        s.open = [()] * s.n
        details = [score_cards(s.won[p], s.favourites[p], s.tokens[p]) for p in range(s.n)]
        scores = [d["total"] for d in details]
        s.totals = [a + b for a, b in zip(s.totals, scores)]
        s.history = s.history + (
            {
                "round": s.round,
                "first": s.first,
                "end": reason,
                "scores": scores,
                "favourites": [list(f) for f in s.favourites],
                "detail": details,
            },
        )
        s.turn = None
        s.countdown_from = None
        s.paused_until = None
        s.claims = {}
        s.phase = "over" if s.round >= ROUNDS else "scored"
        return s

    def _continue(self, state: State, t: int) -> State:
        if state.phase != "scored":
            raise IllegalMove(_("Round {round} is still being played.").format(round=state.round))
        s = state.copy()
        s.now = t
        s.round += 1
        s.first = _lowest_total_starts(s.totals, state.first)
        rng = Rng(state=s.rng)
        self._deal(s, rng)
        return s

    # ----------------------------------------------------------------- results

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> list[int]:
        return list(state.totals)

    def winners(self, state: State) -> list[int]:
        best = max(state.totals)
        return [p for p, total in enumerate(state.totals) if total == best]

    # ------------------------------------------------------------------- view

    def view(self, state: State, player: int | None) -> dict:
        """What `player` (None: a spectator) may know. Everything on the table is
        public: open piles card by card, draw-pile sizes (never their order),
        tokens, cards taken, scores of finished rounds. Favourites are secret
        during a round: a seat sees only its own; once the round is scored
        everyone's favourites for it are shown ("favourites")."""
        me = player if isinstance(player, int) and 0 <= player < state.n else None
        playing = state.phase == "play"
        countdown = None
        if playing and state.turn is None:
            countdown = {"from": state.countdown_from, "deadline": state.countdown_from + COUNTDOWN_MS}
        return {
            "game": self.id,
            "players": state.n,
            "me": me,
            "round": state.round,
            "rounds": ROUNDS,
            "phase": state.phase,
            "now": state.now,
            "first": state.first,
            "turn": state.turn if playing else None,
            "last_flipper": state.last_flipper,
            "draw": [len(p) for p in state.draw],
            "open": [list(p) for p in state.open],
            "won": [list(p) for p in state.won],
            "tokens": list(state.tokens),
            "box": state.box,
            "totals": list(state.totals),
            "countdown": countdown,
            "countdown_ms": COUNTDOWN_MS,
            "tick_ms": TICK_MS,
            # No flip before this time (ms, like "now"): the pause after the last call of
            # "It's mine!"; None when no call came since the last flip, or the game has none.
            "paused_until": state.paused_until if playing else None,
            "pause_ms": state.pause_ms,
            "favourite": list(state.favourites[me]) if me is not None else None,
            "favourites": None if playing else [list(f) for f in state.favourites],
            "history": list(state.history),
            "contests": list(state.contests),
            # per pile: [time, seat] of the grab that emptied it, until it gets a new card
            "taken": [list(state.claims[o][:2]) if o in state.claims else None for o in range(state.n)],
            "flavours": list(FLAVOURS),
            "shapes": list(SHAPES),
        }

    # --------------------------------------------------------------- the log

    def describe(self, state: State, player: int, move) -> str:
        """The log line of a move: whole sentences in the current language."""
        who = seat_name(player)
        try:
            after = self.apply(state, player, move)
        except IllegalMove as exc:
            return _("{player}: {error}").format(player=who, error=exc)
        kind = move["a"]
        if kind == "f":
            card = after.open[player][-1]
            if card in CHERRIES:
                text = _("{player} flipped a cherry.").format(player=who)
            elif card in CLOSED:
                text = _("{player} flipped a Closed sign.").format(player=who)
            else:
                text = _("{player} flipped a {card}.").format(player=who, card=card_name(card))
            if after.turn is None:
                seconds = COUNTDOWN_MS // 1000
                text += " " + ngettext("Every draw pile is empty: {count} second to grab what is left.",
                                       "Every draw pile is empty: {count} seconds to grab what is left.",
                                       seconds).format(count=seconds)
        elif kind == "g":
            won_by_contest = {c["pile"]: c for c in after.contests}
            parts = []
            for o in move["p"]:
                count = len(state.open[o])
                contest = won_by_contest.get(o)
                if contest is None:
                    parts.append(_pile_phrase(o, player, count))
                    continue
                rival = seat_name(contest["players"][0])
                rival_hand, own_hand = (hand_name(h) for h in contest["hands"])
                pile = _pile_phrase(o, player, None)
                if contest["winner"] == player:
                    parts.append(_("{pile} at the same moment as {rival}: rock-paper-scissors, {hand} against "
                                   "{rival_hand}, and wins it").format(pile=pile, rival=rival, hand=own_hand,
                                                                        rival_hand=rival_hand))
                else:
                    parts.append(_("{pile} at the same moment as {rival}: rock-paper-scissors, {hand} against "
                                   "{rival_hand}, but {rival} keeps it").format(pile=pile, rival=rival, hand=own_hand,
                                                                                 rival_hand=rival_hand))
            text = _("{player} grabbed {piles} — It's mine!").format(player=who, piles=and_list(parts))
        elif kind == "x":
            text = _("Time is up: nobody wants the piles left on the table.")
        else:
            text = _("Round {round} begins; {player} flips first.").format(round=after.round, player=seat_name(after.first))
        if after.phase != "play" and state.phase == "play":
            result = after.history[-1]
            scores = _(", ").join(_("{player} {points}").format(player=seat_name(p), points=f"{s:+d}")
                                  for p, s in enumerate(result["scores"]))
            ending = {
                "tokens": _("Round {round} ends (nobody holds a catch token): {scores}."),
                "cleared": _("Round {round} ends (the table is cleared): {scores}."),
            }.get(result["end"]) or _("Round {round} ends: {scores}.")
            text += " " + ending.format(round=result["round"], scores=scores)
        if kind == "g":
            text += _hearts_story(state, after, player, move["p"])
        return text


def _pile_phrase(owner: int, player: int, count: int | None) -> str:
    """A pile in a log line: "Player 3's pile (2 cards)", "their own pile"."""
    if count is None:
        return _("their own pile") if owner == player else _("{owner}'s pile").format(owner=seat_name(owner))
    if owner == player:
        return ngettext("their own pile ({count} card)", "their own pile ({count} cards)", count).format(count=count)
    return ngettext("{owner}'s pile ({count} card)", "{owner}'s pile ({count} cards)", count).format(
        owner=seat_name(owner), count=count)


def _hearts_story(before: State, after: State, player: int, piles: list) -> str:
    """Where a grab's catch tokens (hearts) went: to each pile's owner, or the box for
    one's own pile; after a rock-paper-scissors contest, every seat's change."""
    if after.contests:
        changes = [_("{player} {points}").format(player=seat_name(p), points=f"{after.tokens[p] - before.tokens[p]:+d}")
                   for p in range(after.n) if after.tokens[p] != before.tokens[p]]
        return " " + _("Hearts: {changes}.").format(changes=_(", ").join(changes)) if changes else ""
    targets = [_("the box") if pile == player else seat_name(pile) for pile in piles]
    return " " + _("♥ {player} → {targets}.").format(player=seat_name(player), targets=_(", ").join(targets))


def _subsets(items: list, most: int) -> list[list]:
    """Every non-empty subset of `items` with at most `most` elements, in ascending
    order inside each subset, smaller subsets first."""
    out = [[]]
    for item in items:
        out += [s + [item] for s in out if len(s) < most]
    out.pop(0)
    out.sort(key=len)
    return out


GAME = ItsMine()
