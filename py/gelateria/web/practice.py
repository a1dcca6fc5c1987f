"""Games played to learn, not kept: a rules example opened as a practice game (#/<game>/try/<example>)
and the guided first game (#/<game>/guided). A mixin of TableScreen (web/table.py): neither
has a save id, so neither is saved or reaches Continue or Finished, and neither can be
shared. The guided game's address carries its moves, so a reload goes on from there.

A game whose screen registers a guided deal (web/views/contract.py: ScreenSpec.guided_seed) says `hint()`, the
next step in words, and `score_story()`, how the score was made, for the end screen.
"""

from __future__ import annotations

from gelateria.core.examples import find_example
from gelateria.core.i18n import _
from gelateria.core.record import Record, RecordError, Seat
from gelateria.core.session import Session
from gelateria.web.screens import said
from gelateria.web.views.contract import registered_screen

PRACTICE_ACTIONS = ("try-again", "hint-done", "hints-off")


class PracticeTable:
    practising = None  # the rules example this practice game started from
    guided = False  # the guided first game: hints on the way, nothing saved
    hints_off = False
    hints_done: frozenset | set = frozenset()  # hints dismissed with "Got it" (a view may add those done)

    @property
    def guided_seed(self) -> int | None:
        """The fixed deal of this game's guided first game (None: it has none)."""
        spec = registered_screen(self.game_id)
        return spec.guided_seed if spec is not None else None

    def try_example(self, example_id: str) -> None:
        """A rules example as a practice game: you at its seat, easy bots at the others,
        nothing saved (no save id) and nothing to share."""
        example = find_example(self.game_id, example_id)
        if example is None:
            self.message = said(lambda: _("That example is not in this version of the rules. Start a new game below."))
            return
        state = example.position()
        levels = self.game.type.levels()
        level = next((name for name in ("easy", "normal") if name in levels), "random")
        seats = [Seat("bot", _("Bot {number}").format(number=n), level) for n in range(1, len(self.game.scores(state)))]
        seats.insert(example.seat, Seat("human", _("You")))
        self.flush()
        self.seats = seats
        self.begin(Session.from_position(self.game, seats, state, example.title), save_id="")
        self.practising = example
        self.resumed = True  # once on the page, whoever is to move goes on

    def guided_seats(self) -> list[Seat]:
        return [Seat("human", _("You")), Seat("bot", _("Bot {number}").format(number=1), "easy")]

    def start_guided(self, record: Record | None = None) -> None:
        """The guided first game: you against an easy bot on a fixed deal, hints on.
        Never saved; its address carries the moves, so a reload goes on from there.
        `record`: those moves (RecordError unless it is this guided game)."""
        if record is None:
            session = Session(self.game, self.guided_seats(), self.guided_seed, self.options)
        else:
            ours = (self.game_id, self.guided_seed, ["human", "bot"])
            if (record.game, record.seed, [s.kind for s in record.seats]) != ours:
                raise RecordError(_("This is not the guided game of {game}.").format(game=self.entry.title))
            session = Session.from_record(record.with_holders([]))  # whoever opens it is the one human
        self.flush()
        self.seats = list(session.seats)
        self.begin(session, save_id="", new_game=record is None)
        self.guided = True
        self.resumed = True

    def hint(self) -> tuple[str, str] | None:
        """The guided game's next step for the player, as (key, words): the key names
        what to point at (data-hint on the table, styled by the game's CSS). Views with
        a guided game say it."""
        return None

    def shown_hint(self) -> tuple[str, str] | None:
        if not self.guided or self.hints_off or self.phase != "play" or self.actor() is None:
            return None
        hint = self.hint()
        return hint if hint and hint[0] not in self.hints_done else None

    def score_story(self) -> str | None:
        """The guided game's end: how your score was made, in a sentence (views say it)."""
        return None

    def on_practice_action(self, action: str) -> None:
        if action == "try-again" and self.practising is not None:
            self.try_example(self.practising.id)
            self.resumed = False
            self.app.refresh()
            self.after_change()
            return
        if action == "hint-done":
            hint = self.shown_hint()
            if hint:
                self.hints_done.add(hint[0])
        elif action == "hints-off":
            self.hints_off = True
        self.app.refresh()
