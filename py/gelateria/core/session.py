"""One game being played, from its first state to its last: the midend.

Like the midend of Simon Tatham's puzzles, a Session holds what every front end needs
and no front end should write again: the record (seats, seed, options, moves), every
state by move (`states[i]` is the position after i moves), one log line per move from
the rules' own `describe`, the undo target and floor, and the bots with their random
streams. Front ends only ever:

- `submit(seat, move)`: a move through the rules (IllegalMove leaves everything as
  it was, with the rules' words for why);
- `next_event(now)`: what the bots or the clock do next, and when: for a turn game the
  move of an `automatic` seat (a bot, or a player who left their moves to the game)
  `pace_ms` after now, for a real-time game the game planner's next event (a bot's hand
  landing, the countdown running out, the next round);
- `set_pace(ms)`, `replay_gap(i)`: the page's bot speed, and a real-time replay's steps;
- `play_event(event)`: the event is due;
- `at(i)`, `undo()`, `undo_target()` for replay and undo.

The command line, the arena, the real-time simulator, record replay and the web page
are all drivers of this one class; it is pure Python with no clock of its own (times
are given), so every driver gets the same game from the same seed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

from gelateria.core.game import REAL_TIME, Game, IllegalMove
from gelateria.core.i18n import _, language, seat_label  # noqa: F401 (seat_label: the rules' name for a seat)
from gelateria.core.record import Record, RecordError, Seat, rules_for
from gelateria.core.rng import Rng

MAX_STEPS = 100_000  # a guard against a rules bug looping forever


@dataclass(frozen=True)
class Event:
    at: float  # ms, on the clock of whoever asked
    seat: int
    move: Any = None  # None: a bot of a turn game decides when the event is due
    pause: bool = False  # not a decision (a real-time game's next round): humans present do it themselves


def make_bot(game: Game, level: str):
    levels = game.type.levels()
    if level not in levels:
        raise KeyError(_("{game} has no bot level {level} (levels: {levels})").format(
            game=_(game.title), level=repr(level), levels=", ".join(sorted(levels))))
    return levels[level].factory()


def bot_rng(seed: int, seat: int) -> Rng:
    """Each bot's own random stream, from the deal's seed and its seat."""
    return Rng(seed).fork(1000 + seat)


def name_players(text: str, names: list[str]) -> str:
    """Replace the rules' "Player N" (in the current language) with seat names, in one
    pass (a name that itself reads "Player 2" is not replaced again)."""
    pattern = re.escape(_("Player {number}")).replace(re.escape("{number}"), r"(\d)")
    return re.sub(pattern, lambda m: names[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(names) else m.group(0), text)


def bot_seats(game: Game, levels: list[str]) -> list[Seat]:
    return [Seat("bot", _("Bot {number}").format(number=i + 1), level) for i, level in enumerate(levels)]


class Session:
    def __init__(self, game: Game, seats: list[Seat], seed: int, options: dict | None = None, defaults: bool = True):
        """A new game (ValueError, from the rules, if these seats or options cannot play).
        A new game records every declared option's default it was not given (`defaults`);
        a recorded game (from_record) keeps its options exactly, so it replays as played."""
        self.game = game
        given = dict(options or {})
        if defaults:
            given = {o.name: o.default for o in game.type.options if o.default is not None} | given
        self.record = Record(game.id, list(seats), seed, given, [])
        self.states = [game.new(len(seats), seed, self.record.options)]
        self._logs: dict[str, list[str]] = {}  # language -> the log's lines so far, written in it
        self.undo_floor = 0  # moves before this were shared by link: no undo past them
        self.pace_ms = 0  # turn games: how long a bot waits before it moves
        self.pause_ms = 0  # real time: how long a table of bots waits between rounds
        self.timer = None  # a clock (time.perf_counter) to time each bot decision by, or None
        self.decisions: list[tuple[int, int, float]] = []  # timed: (seat, legal moves, seconds)
        self.bots = {seat: make_bot(game, s.level or "normal") for seat, s in enumerate(seats) if s.kind == "bot"}
        # Turn games: the seats whose moves come by themselves when due (set_automatic).
        self.automatic: set[int] = set(self.bots)
        self.rngs = {seat: bot_rng(seed, seat) for seat in self.bots}
        planner = game.type.planner if game.type.timing == REAL_TIME else None
        self.planner = planner(game, self.bots, self.rngs) if planner else None
        self.digests: list = []  # (state, the game's trail digest of it): core.facts keeps them here
        self.practice = ""  # a practice game from a position: what it practises (never saved or shared)

    @classmethod
    def from_position(cls, game: Game, seats: list[Seat], state, what: str) -> "Session":
        """A practice game that starts from `state` (a rules example) instead of a deal;
        `what` (N_-marked) names it in the log. Its record cannot replay it (the seed
        did not make that position), so such a game is never saved or shared."""
        session = cls(game, seats, 0)
        session.states = [state]
        session.practice = what
        return session

    @classmethod
    def from_record(cls, record: Record, upto: int | None = None) -> "Session":
        """A recorded game replayed through the rules' strict `apply`. Raises RecordError
        naming the first move the rules refuse."""
        game = rules_for(record.game)
        n = len(record.seats)
        if not game.min_players <= n <= game.max_players:
            raise RecordError(_("{game} is for {low}–{high} players; this link has {count}.").format(
                game=_(game.title), low=game.min_players, high=game.max_players, count=n))
        try:
            session = cls(game, record.seats, record.seed, record.options, defaults=False)
        except (ValueError, TypeError, KeyError) as exc:
            raise RecordError(_("This link's game settings are not valid for {game}.").format(game=_(game.title))) from exc
        session.record.holders = list(record.holders)
        moves = record.moves if upto is None else record.moves[:upto]
        for i, (player, move) in enumerate(moves):
            try:
                session.submit(player, move)
            except IllegalMove as exc:
                raise RecordError(_("Move {number} in this link is not allowed: {reason}").format(
                    number=i + 1, reason=exc)) from exc
            except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
                raise RecordError(_("Move {number} in this link is not a move of {game}.").format(
                    number=i + 1, game=_(game.title))) from exc
        return session

    # --- the game so far -----------------------------------------------------------

    @property
    def state(self):
        return self.states[-1]

    @property
    def moves(self) -> list:
        return self.record.moves

    @property
    def seats(self) -> list[Seat]:
        return self.record.seats

    @property
    def log(self) -> list[str]:
        """"New game, …" and then one line per move, in the rules' words with seat names,
        in the language being shown (each language's lines are written once, as they are
        first asked for: a live table's guests each read the log in their own)."""
        lines = self._logs.setdefault(language(), [])
        while len(lines) < len(self.moves) + 1:
            lines.append(self._describe(len(lines) - 1))
        return lines

    def _describe(self, i: int) -> str:
        """The log line of move i (-1: the line that opens the game)."""
        if i < 0 and self.practice:
            return _("Practice: {example}.").format(example=_(self.practice))
        if i < 0:
            opening = _(self.game.type.opening) if self.game.type.opening else _("New game, deal {seed}: {players}.")
            return opening.format(seed=self.record.seed, players=_(", ").join(self.names()))
        seat, move = self.record.moves[i]
        return name_players(self.game.describe(self.states[i], seat, move), self.names())

    def names(self) -> list[str]:
        return [seat.name for seat in self.record.seats]

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.record.seats) if seat.kind == "human"]

    def at(self, i: int):
        """The position after the first i moves."""
        return self.states[max(0, min(i, len(self.states) - 1))]

    def last_move(self, upto: int | None = None) -> tuple | None:
        """(seat, move) of the move that led to position `upto` (default: the last)."""
        upto = len(self.moves) if upto is None else upto
        return tuple(self.moves[upto - 1]) if upto > 0 else None

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def to_act(self) -> list[int]:
        return [] if self.is_over() else self.game.to_act(self.state)

    def legal(self, seat: int) -> list:
        return self.game.legal_moves(self.state, seat)

    def view(self, seat: int | None, i: int | None = None) -> dict:
        return self.game.view(self.state if i is None else self.at(i), seat)

    # --- moves ---------------------------------------------------------------------

    def submit(self, seat: int, move) -> Any:
        """Play a move through the rules and return the new position. IllegalMove, in
        the rules' words with seat names, leaves the session as it was."""
        before = self.state
        try:
            after = self.game.apply(before, seat, move)
        except IllegalMove as exc:
            raise IllegalMove(name_players(str(exc), self.names())) from exc
        self.states.append(after)
        self.record.moves.append([seat, move])
        if self.planner is not None:
            self.planner.happened(seat, move, before, after)
        return after

    def truncate(self, moves: int) -> None:
        """Keep only the first `moves` moves (undo)."""
        del self.record.moves[moves:]
        del self.states[moves + 1:]
        for lines in self._logs.values():
            del lines[moves + 1:]  # one line per move: the log stays aligned with the record
        if self.planner is not None:
            self.planner.reset()

    # --- undo ----------------------------------------------------------------------

    def undo_target(self, here: list[int] | None = None) -> int | None:
        """How many moves to keep after an undo, or None if undo is not possible now.
        Against bots: back to before your last turn (the bots' replies go with it).
        Several humans on one device: the last move. Never past moves shared by link,
        never in a game whose type has no undo. `here`: the humans who play on this
        device, when others play elsewhere (a live table's other phones)."""
        humans = self.humans() if here is None else here
        moves = self.moves
        if not self.game.type.can_undo() or not humans:
            return None
        if len(humans) == 1:
            # Back to the start of your last turn: every move of it (place, trades, end)
            # and every bot reply after it.
            mine = [i for i, (player, _) in enumerate(moves) if player == humans[0]]
            target = mine[-1] if mine else None
            while target and moves[target - 1][0] == humans[0]:
                target -= 1
        else:
            target = len(moves) - 1 if moves else None
        if target is None or target < self.undo_floor:
            return None
        return target

    def undo(self) -> int | None:
        target = self.undo_target()
        if target is not None:
            self.truncate(target)
        return target

    # --- bots and the clock ------------------------------------------------------------

    def set_automatic(self, seat: int, on: bool) -> None:
        """Whether a seat's moves come by themselves when due (a turn game): a bot's (off:
        paused), or a human's who left them to the game, in a game that makes its own
        moves (GameType.auto_move: Gelatinous's Auto)."""
        if on and seat not in self.bots and self.game.type.auto_move is None:
            raise ValueError(f"{self.game.title} has no moves that make themselves")
        (self.automatic.add if on else self.automatic.discard)(seat)

    def stand_in(self, seat: int, on: bool) -> None:
        """A human seat played by a bot for now (a live table's phone that is away), or
        given back (`on` False). Its moves are the seat's in the record, as any. (A
        real-time planner holds these same bots and streams, so it plans for it too.)"""
        if self.record.seats[seat].kind != "human":
            raise ValueError("only a human seat takes a stand-in")
        if on:
            self.bots[seat], self.rngs[seat] = make_bot(self.game, "normal"), bot_rng(self.record.seed, seat)
            self.automatic.add(seat)
        else:
            self.bots.pop(seat, None)
            self.rngs.pop(seat, None)
            self.automatic.discard(seat)
            if self.planner is not None:
                self.planner.refused(seat)  # (its plan, if any, is dropped)

    def next_event(self, now: float) -> Event | None:
        """What happens next without a human: None when the seat to move waits for the
        screen (a human's turn, a paused bot) or the game is over."""
        if self.is_over():
            return None
        if self.planner is not None:
            event = self.planner.next(self.state, now)
            if event is None or not event.pause:
                return event
            if self.humans():
                return None  # the players at the screen go on when they are ready
            at = event.at + self.pause_ms
            return Event(at, event.seat, self.planner.timed(event.move, at))  # (made when the pause ends)
        acting = self.to_act()
        if not acting or acting[0] not in self.automatic:
            return None
        return Event(now + self.pace_ms, acting[0])

    def set_pace(self, ms: int) -> None:
        """The bots' pace (the page's bot speed): a turn game's bot waits this long before
        it moves; a real-time game's planner paces what is no race (a flip) by it."""
        self.pace_ms = ms
        if self.planner is not None:
            self.planner.pace(ms)

    def replay_gap(self, index: int) -> int | None:
        """Real time: how long a replay stays at position `index` before the next, on the
        game's own clock (the planner's word on the recorded time between them); None for
        a turn game (the page's pace)."""
        if self.planner is None:
            return None
        if not 0 < index < len(self.moves):
            return 0
        return self.planner.gap(self.at(index), self.at(index + 1))

    def thinking(self, seat: int) -> Iterator:
        """A bot deciding its move: a generator that yields while it works (a searching
        bot thinks in slices, so a page can keep its main thread) and returns the move.
        A player who left their moves to the game gets the game's own (GameType.auto_move)."""
        if seat not in self.bots:
            return self.game.type.auto_move(self.legal(seat))
        bot, view, legal, rng = self.bots[seat], self.view(seat), self.legal(seat), self.rngs[seat]
        think = getattr(bot, "think", None)
        if think is None:
            return bot.choose(view, legal, rng)
        return (yield from think(view, legal, rng))

    def decide(self, seat: int):
        """The bot's move, thought through to the end at once."""
        thinking = self.thinking(seat)
        try:
            while True:
                next(thinking)
        except StopIteration as done:
            return done.value

    def play_event(self, event: Event, strict: bool = False) -> bool:
        """Play a due event. A real-time bot's plan the rules refuse (the table changed
        under its hand) is dropped and the bot thinks again, or with `strict` raises."""
        if event.move is None:
            if self.timer is None:
                self.submit(event.seat, self.decide(event.seat))
                return True
            choices, started = len(self.legal(event.seat)), self.timer()
            move = self.decide(event.seat)
            self.decisions.append((event.seat, choices, self.timer() - started))
            self.submit(event.seat, move)
            return True
        try:
            self.submit(event.seat, event.move)
        except IllegalMove:
            if strict:
                raise
            self.planner.refused(event.seat)
            return False
        return True

    def run(self, strict: bool = False, on_move=None) -> "Session":
        """Play to the end with nobody at the screen (every seat a bot). `on_move(seat,
        move, before, after)` is called after each move."""
        steps = 0
        while not self.is_over():
            event = self.next_event(self.game_time())
            if event is None:
                raise RuntimeError(f"{self.game.title}: nobody acts in a game that is not over")
            before = self.state
            if self.play_event(event, strict) and on_move:
                seat, move = self.moves[-1]
                on_move(seat, move, before, self.state)
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError(f"{self.game.title}: no end after {MAX_STEPS} moves")
        return self

    def game_time(self) -> float:
        """Headless drivers' clock: a real-time game's own time, else zero."""
        return self.planner.now(self.state) if self.planner is not None else 0


def play(game: Game, levels: list[str], seed: int, options: dict | None = None, on_move=None, strict: bool = False) -> Session:
    """One game with a bot in every seat, played to its end."""
    return Session(game, bot_seats(game, levels), seed, options).run(strict, on_move)
