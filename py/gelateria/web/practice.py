"""Games played to learn, not kept: a rules example opened as a practice game (#/<game>/try/<example>)
and the guided first game (#/<game>/guided). Neither has a save id, so neither is saved or
reaches Continue or Finished, and neither can be shared. The guided game's address carries
its moves, so a reload goes on from there.

`Practice` is a collaborator of the table (web/table.py): it starts such a game through the
table's `begin()` and `flush()` (setting its `seats` and `resumed`), reads its `game`,
`entry`, `options`, `phase`, `actor()` and `hint()` (the view's next step, for a game whose
screen registers a guided deal: web/views/contract.py ScreenSpec.guided_seed), and keeps what
a practice game adds to a table: the example it came from, the guided game's hints.
"""

from __future__ import annotations

from gelateria.core.examples import find_example
from gelateria.core.i18n import _
from gelateria.core.record import Record, RecordError, Seat
from gelateria.core.session import Session
from gelateria.web.screens import said
from gelateria.web.views.contract import registered_screen

ACTIONS = ("try-again", "hint-done", "hints-off")


class Practice:
    def __init__(self, table):
        self.table = table
        self.example = None  # the rules example this practice game started from
        self.guided = False  # the guided first game: hints on the way, nothing saved
        self.hints_off = False
        self.hints_done: set = set()  # hints dismissed with "Got it" (a view may add those done)

    def reset(self) -> None:
        """Another game is on the table: not one played to learn, until said so."""
        self.example, self.guided, self.hints_off, self.hints_done = None, False, False, set()

    @property
    def active(self) -> bool:
        """A game played to learn (never saved, never shared)."""
        return self.example is not None or self.guided

    @property
    def guided_seed(self) -> int | None:
        """The fixed deal of this game's guided first game (None: it has none)."""
        spec = registered_screen(self.table.game_id)
        return spec.guided_seed if spec is not None else None

    def try_example(self, example_id: str) -> None:
        """A rules example as a practice game: you at its seat, easy bots at the others,
        nothing saved (no save id) and nothing to share."""
        table = self.table
        example = find_example(table.game_id, example_id)
        if example is None:
            table.news = said(lambda: _("That example is not in this version of the rules. Start a new game below."))
            return
        state = example.position()
        levels = table.game.type.levels()
        level = next((name for name in ("easy", "normal") if name in levels), "random")
        seats = [Seat("bot", _("Bot {number}").format(number=n), level) for n in range(1, len(table.game.scores(state)))]
        seats.insert(example.seat, Seat("human", _("You")))
        table.flush()
        table.seats = seats
        table.begin(Session.from_position(table.game, seats, state, example.title), save_id="")
        self.example = example
        table.resumed = True  # once on the page, whoever is to move goes on

    def guided_seats(self) -> list[Seat]:
        return [Seat("human", _("You")), Seat("bot", _("Bot {number}").format(number=1), "easy")]

    def start_guided(self, record: Record | None = None) -> None:
        """The guided first game: you against an easy bot on a fixed deal, hints on.
        Never saved; its address carries the moves, so a reload goes on from there.
        `record`: those moves (RecordError unless it is this guided game)."""
        table = self.table
        if record is None:
            session = Session(table.game, self.guided_seats(), self.guided_seed, table.options)
        else:
            ours = (table.game_id, self.guided_seed, ["human", "bot"])
            if (record.game, record.seed, [s.kind for s in record.seats]) != ours:
                raise RecordError(_("This is not the guided game of {game}.").format(game=table.entry.title))
            session = Session.from_record(record.with_holders([]))  # whoever opens it is the one human
        table.flush()
        table.seats = list(session.seats)
        table.begin(session, save_id="", new_game=record is None)
        self.guided = True
        table.resumed = True

    def shown_hint(self) -> tuple[str, str] | None:
        """The guided game's next step as (key, words), unless dismissed or stopped."""
        table = self.table
        if not self.guided or self.hints_off or table.phase != "play" or table.actor() is None:
            return None
        hint = table.hint()
        return hint if hint and hint[0] not in self.hints_done else None

    def on_action(self, action: str) -> None:
        table = self.table
        if action == "try-again" and self.example is not None:
            self.try_example(self.example.id)
            table.resumed = False
            table.app.refresh()
            table.after_change()
            return
        if action == "hint-done":
            hint = self.shown_hint()
            if hint:
                self.hints_done.add(hint[0])
        elif action == "hints-off":
            self.hints_off = True
        table.app.refresh()
