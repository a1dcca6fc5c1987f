"""What a game's screen may know about one position, for one viewer: the facts a view
draws from (web/views), and nothing else.

The device that holds a game (its only authority) builds one Facts per position, viewer
and acting seat from its session: the rules' view for the viewer, the acting seat's legal
moves, whose turn, the seats, the log lines, and the `trail` a game declares (a small
public digest of every position so far, for what a screen says about the past). Facts
are plain JSON values by construction, so a screen drawn from Facts that came over the
wire is the same screen as one drawn here; a seat's secrets are in them only when that
seat is the viewer.

In a real-time game every seat may move at any moment, so a screen where several humans
play at once (one keyboard, one table) takes moves for all of them: `legal_by_seat` holds
each such seat's legal moves (legal moves hold no secret of the game: what a seat may do,
not what it holds), and the view answers with the seat a click or key was for.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields

LOG_LINES = 60  # the newest log lines a screen is given (the whole log stays with the session)


@dataclass(frozen=True)
class Facts:
    game: str
    phase: str  # "play", "over" or "replay"
    moves: int  # how many moves led to this position
    viewer: int | None  # whose secrets `view` holds (None: what everyone sees)
    actor: int | None  # the seat whose move the screen takes now (None: nobody here moves)
    view: dict  # the rules' view(position, viewer)
    legal: list  # the actor's legal moves ([] without an actor)
    to_act: list  # the seats the rules wait for
    names: list  # each seat's name
    bots: list  # each seat's bot level ("" for a human, "bot" for a bot of no stated level)
    humans: list  # the human seats played on this screen
    options: dict
    log: list  # the newest log lines, oldest first ("New game…" included while it fits)
    trail: list = field(default_factory=list)  # the game's digest of each position 0..moves (if it declares one)
    scores: list | None = None  # once the game is over
    winners: list | None = None  # once the game is over
    automatic: list = field(default_factory=list)  # in play, the seats whose moves come by themselves (bots, players on Auto)
    # Real time: each seat's legal moves when this screen takes its moves now (None for
    # the others); [] in a turn game, whose one seat to move here is the actor.
    legal_by_seat: list = field(default_factory=list)
    authors: list = field(default_factory=list)  # the seat that made each move so far (public: the log says it too)
    # A live table's roll call (GameType.roll_call, core/live.py RollCall.said): the seats
    # that have rolled, those it waits for, and when (the game's clock, ms) the host rolls
    # for them; {} when no roll call is open. The acting seat's legal moves are then the roll.
    roll_call: dict = field(default_factory=dict)

    def is_bot(self, seat: int) -> bool:
        return bool(self.bots[seat])

    def to_value(self) -> dict:
        """The Facts as one JSON value (the fields are plain JSON values already: no deep
        copy as dataclasses.asdict makes)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def to_json(self) -> str:
        return json.dumps(self.to_value(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_value(cls, value: object) -> "Facts":
        """Facts from a JSON value that came over the wire: ValueError unless it has
        exactly the fields Facts have."""
        if not isinstance(value, dict) or set(value) != {f.name for f in fields(cls)}:
            raise ValueError("not the fields of Facts")
        for name, kinds in FIELD_TYPES.items():
            if not isinstance(value[name], kinds) or isinstance(value[name], bool):  # (JSON true is no number)
                raise ValueError(f"Facts.{name} is not {kinds}")
        seats = len(value["names"])
        if not all(isinstance(name, str) for name in value["names"]) or len(value["bots"]) != seats \
                or not all(isinstance(seat, int) and 0 <= seat < seats for seat in value["to_act"] + value["authors"]):
            raise ValueError("Facts name seats that are not the table's")
        if not valid_roll_call(value["roll_call"], seats):
            raise ValueError("Facts.roll_call is not a roll call")
        return cls(**value)

    @classmethod
    def from_json(cls, text: str) -> "Facts":
        return cls.from_value(json.loads(text))


# What each field of Facts that came over the wire must be (a host's phone is trusted to
# tell the game, not to be well-formed: a wrong type would break the screen drawing it).
FIELD_TYPES = {"game": str, "phase": str, "moves": int, "viewer": (int, type(None)), "actor": (int, type(None)),
               "view": dict, "legal": list, "to_act": list, "names": list, "bots": list, "humans": list,
               "options": dict, "log": list, "trail": list, "scores": (list, type(None)), "winners": (list, type(None)),
               "automatic": list, "legal_by_seat": list, "authors": list, "roll_call": dict}


def valid_roll_call(call: dict, seats: int) -> bool:
    """{} or {"rolled": [seat…], "waiting": [seat…], "ends": ms or None}, of this table's seats."""
    if not call:
        return True
    if set(call) != {"rolled", "waiting", "ends"} or not isinstance(call["rolled"], list) \
            or not isinstance(call["waiting"], list):
        return False
    ends = call["ends"]
    return all(type(seat) is int and 0 <= seat < seats for seat in call["rolled"] + call["waiting"]) and (
        ends is None or (isinstance(ends, (int, float)) and not isinstance(ends, bool) and ends == ends))


def plain(value):
    """`value` as JSON gives it back (tuples become lists, keys become text): what a view
    meets is what it would meet on another device."""
    return json.loads(json.dumps(value))


def facts_of(session, index: int, phase: str, viewer: int | None, actor: int | None, humans: list[int],
             movers: list[int] = (), roll_call: dict | None = None) -> Facts:
    """The Facts of the position after `index` moves of `session`, as `viewer` sees it,
    with `actor`'s legal moves and (real time) those of every seat in `movers` (the table
    decides who views and who acts). At a live table's roll call (`roll_call`, said), a
    seat it waits for acts with the caller's roll as its move."""
    game = session.game
    state = session.at(index)
    roll_call = roll_call or {}
    caller = game.to_act(state)[0] if roll_call and actor in roll_call["waiting"] else actor
    over = game.is_over(state)
    digest = game.type.trail
    log = session.log[:index + 1]
    return Facts(
        game=game.id,
        phase=phase,
        moves=index,
        viewer=viewer,
        actor=actor,
        view=plain(game.view(state, viewer)),
        legal=plain(game.legal_moves(state, caller)) if actor is not None else [],
        to_act=[] if over else list(game.to_act(state)),
        names=session.names(),
        bots=[(seat.level or "bot") if seat.kind == "bot" else "" for seat in session.seats],
        humans=list(humans),
        options=plain(session.record.options),
        log=log[-LOG_LINES:],
        trail=trail_of(session, index) if digest else [],
        scores=plain(game.scores(state)) if over else None,
        winners=plain(game.winners(state)) if over else None,
        automatic=sorted(session.automatic) if phase == "play" else [],
        legal_by_seat=[plain(game.legal_moves(state, seat)) if seat in movers else None
                       for seat in range(len(session.seats))] if movers else [],
        authors=[seat for seat, _move in session.record.moves[:index]],
        roll_call=plain(roll_call),
    )


def trail_of(session, index: int) -> list:
    """The game's digest of each position 0..index, each worked out once (the session
    keeps them beside its states; an undo or a new branch replaces what changed)."""
    kept = session.digests
    digest = session.game.type.trail
    for i in range(index + 1):
        state = session.at(i)
        if i >= len(kept):
            kept.append((state, plain(digest(session.game.view(state, None)))))
        elif kept[i][0] is not state:
            kept[i] = (state, plain(digest(session.game.view(state, None))))
    return [d for _, d in kept[:index + 1]]
