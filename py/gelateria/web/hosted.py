"""The table with a game's view as its own object (web/views/contract.py), not a subclass.

The table builds one `Facts` per position, viewer and acting seat (core/facts.py) and
gives it, with the view's own `ui`, to the view: the view's parts go into the shared
layout (web/chrome.py), its answers to clicks become moves through the session. This is
where a table meets a view that could be drawing from facts sent by another device.

What is this device's and this table's, not the game's, the view is told as a Setting
(the page's facts, the device's preferences, the guided game's hints, the table's clock)
before it draws or interprets; a `Prefs` answer changes the device's preferences. When all
a click or a move changed is in the pieces a view names (Parts.pieces) or in the table's
own (what is said, the log), only the pieces that changed are sent to the page.

Time is the table's: it draws the view again when the view asks (Parts.wake), runs the
view's long work in slices (View.work), and waits for the view's declared timings before
an automatic move (View.pace, View.settle_ms).

Real time, with several humans at one screen: every one of them may move at any moment,
so the Facts hold the legal moves of each (Facts.legal_by_seat), the view answers with the
seat a click or key was for (Seated), and a player holding Peek is the viewer while they
hold it (Reveal). A real-time game saves now and then (at once when its stage changes) and
a notice clears itself, since play goes on around it.

(Games whose views still subclass TableScreen are moving here one by one; when the last
one has, this is the table.)
"""

from __future__ import annotations

from gelateria.core.facts import Facts, facts_of
from gelateria.core.game import REAL_TIME
from gelateria.core.i18n import language
from gelateria.web.chrome import think_stats
from gelateria.web.markup import Markup, h
from gelateria.web.table import THINK_SLICE_MS, TableScreen
from gelateria.web.views.contract import UI, Automatic, Notice, Parts, Prefs, Reveal, Seated, Setting, View

REAL_TIME_SAVE_MS = 1500  # a real-time game saves at most this often during play (at once when its stage changes)
REAL_TIME_NOTICE_MS = 4000  # ... and a notice clears itself after this long (play goes on around it)


class HostedTable(TableScreen):
    def __init__(self, app, rest, view: View):
        self.view = view
        self.game_id = view.game_id
        self.ui = view.new_ui()
        self._shown: tuple = (None, None)  # (key, Facts) of the position on screen
        self._state_seen = None  # the position those Facts are of
        self._settled: tuple | None = None  # the position (and actor) the ui was last settled on
        self.think_timed: dict[str, list[float]] = {}  # bot decisions, by the view's name for their kind
        self.drawn: tuple | None = None  # (Facts, Parts) of the last drawing
        self.sent: tuple | None = None  # the last whole screen drawn, outside the view's pieces (Parts.pieces)
        self.ready: Markup | None = None  # the whole screen, drawn, while the page is asked to show it
        self.working: tuple | None = None  # (Facts, the view's work on them, or None once done)
        super().__init__(app, rest)
        self.options = self.read_options({})  # (as the game takes them: the new-game panel shows them so)

    # --- facts for the view -------------------------------------------------------------

    def facts(self) -> Facts | None:
        """The position on screen as the viewer sees it, with the actor's legal moves:
        the same Facts until the position, the viewer, the actor or the language changes."""
        if self.session is None or self.phase == "setup":
            return None
        index = self.replay_index if self.phase == "replay" else len(self.session.moves)
        viewer, actor, humans, movers = self.viewer(), self.actor(), self.humans(), self.movers()
        automatic = tuple(sorted(self.session.automatic))
        key = (self.phase, index, viewer, actor, tuple(humans), tuple(movers), language(), self.undos, automatic)
        old_key, old = self._shown
        if old is None or old_key != key or self._state_seen is not self.state:
            facts = facts_of(self.session, index, self.phase, viewer, actor, humans, movers)
            self._shown, self._state_seen = (key, facts), self.state
        facts = self._shown[1]
        position = (self.state, actor, self.undos)  # (the undo count tells a position undone back to)
        if self._settled is None or self._settled[0] is not position[0] or self._settled[1:] != position[1:]:
            self._settled = position
            self.ui = self.view.settle(facts, self.ui)  # picks made on another position are forgotten
        return facts

    def told(self) -> Facts | None:
        """The Facts on screen, the view told where it is (Setting) before it draws,
        interprets or reads a key."""
        facts = self.facts()
        if facts is not None:
            self.view.sense(self.ui, self.setting())
        return facts

    def movers(self) -> list[int]:
        """Real time: the seats whose moves this screen takes now, all at once (every human
        played here); [] in a turn game, whose one seat to move here is the actor."""
        return self.humans() if self.game.type.timing == REAL_TIME and self.can_play() else []

    def setting(self) -> Setting:
        """What the view is told of this device and this table (not facts of the game)."""
        page = getattr(self.app, "facts", None)
        return Setting(page=dict(page) if isinstance(page, dict) else {}, prefs=dict(self.app.prefs),
                       guided=self.practice.guided, hints_off=self.practice.hints_off,
                       hints_done=frozenset(self.practice.hints_done),
                       now=self.clock() if self.session is not None else 0.0)

    def parts(self) -> Parts:
        """The view's drawing of the position on screen (again once the position, the
        viewer or the ui changed; a drawing against the clock is of when it was made)."""
        facts = self.facts()
        if facts is None:
            return Parts(board=Markup(""))
        if self.drawn is None or self.drawn[0] is not facts:
            self.view.sense(self.ui, self.setting())
            self.drawn = (facts, self.view.draw(facts, self.ui))
        return self.drawn[1]

    # --- the view's parts in the table's slots -------------------------------------------

    def render(self) -> Markup:
        if self.ready is not None:
            return self.ready  # (drawn a moment ago by redraw())
        self.drawn = None  # drawn afresh: the position or the ui may have changed
        page = super().render()
        self.sent = self.outline(page)
        return page

    def outline(self, page: Markup) -> tuple | None:
        """The screen without its pieces (each left as its selector), with the pieces (the
        view's and the table's own); None if the view names none, or one is not in the
        screen as drawn."""
        pieces = self.drawn[1].pieces if self.drawn is not None else {}
        if not pieces:
            return None
        pieces = {**self.table_pieces(), **pieces}
        rest = str(page)
        for selector, markup in pieces.items():
            if str(markup) not in rest:
                return None
            rest = rest.replace(str(markup), "\0" + selector + "\0", 1)
        return rest, pieces

    def table_pieces(self) -> dict:
        """The table's own parts that change as a game is played (what is said, the log),
        sent alone like the view's pieces."""
        return {'[data-part="notice"]': self.notice(), '[data-part="log"]': self.log_list()}

    def notice(self) -> Markup:
        """What is said, in a slot that is always on the page (empty when nothing is)."""
        return h("div", {"class": "notice-slot", "data-part": "notice"}, super().notice())

    def redraw(self, picked: bool = False) -> None:
        """Drawn again. When all that changed is in the pieces, only pieces are sent to
        the page: after a pick (`picked`: a tile being made) every piece of the view, as
        it drew them together, else only the pieces that changed (a roll played out, the
        odds worked out, a card flipped in a real-time game). Otherwise the whole screen
        is sent."""
        before = self.sent
        if before is None:
            self.app.refresh()
            return
        page = self.render()
        now = self.sent
        if now is not None and now[0] == before[0]:
            together = self.drawn[1].pieces if picked else {}
            for selector, markup in now[1].items():
                if selector in together or before[1].get(selector) != markup:
                    self.app.update(selector, markup)
            self.on_page()
            return
        self.ready = page
        try:
            self.app.refresh()
        finally:
            self.ready = None

    def on_page(self) -> None:
        """The view's drawing is on the page: focus goes where it asked, it is drawn again
        when it asked to be (Parts.wake), and its long work goes on (View.work)."""
        parts = self.parts()
        self.place_focus(parts)
        if parts.wake is None:
            self.clear_timer("wake")
        else:
            self.set_timer("wake", parts.wake, self.redraw)
        self.start_work()

    def start_work(self) -> None:
        """The view's long work on the position on screen, asked for once per Facts."""
        facts = self.facts()
        if self.working is not None and self.working[0] is facts:
            return  # (under way, or done)
        self.clear_timer("work")
        work = self.view.work(facts, self.ui) if facts is not None else None
        self.working = (facts, work) if facts is not None else None
        if work is not None:
            self.set_timer("work", 0, self.work_slice)

    def work_slice(self) -> None:
        """The view's work runs for at most THINK_SLICE_MS (less when it yields something
        worth showing), then the page has its main thread back and the view is drawn again."""
        facts, work = self.working
        deadline = self.app.now() + THINK_SLICE_MS
        try:
            while not next(work) and self.app.now() < deadline:
                pass
        except StopIteration:
            self.working = (facts, None)
        else:
            self.set_timer("work", 0, self.work_slice)
        self.redraw()

    # --- the shared layout asks ----------------------------------------------------------

    def public(self) -> dict:
        """What everyone sees of the position on screen."""
        return self.game.view(self.state, None)

    def has_score(self, player: int) -> bool:
        scored = self.game.type.scored
        return scored is None or scored(self.public(), player)

    def score_text(self, player: int, score) -> str:
        words = self.game.type.score_text
        return words(self.public(), player, score) if words else super().score_text(player, score)

    def score_table(self, winners: list[int]) -> Markup:
        if self.view.scores_in_summary or not any(self.has_score(p) for p in range(len(self.seats))):
            return Markup("")  # (the summary says them all, or nobody has a score to rank)
        return super().score_table(winners)

    def headline(self, winners: list[int]) -> str:
        return self.parts().headline or super().headline(winners)

    def outcome(self) -> str:
        return self.parts().outcome or super().outcome()

    def overlay(self) -> Markup:
        if self.phase == "over" and self.parts().hold_end:
            return Markup("")  # the last move still plays out
        own = super().overlay()  # (the end screen, the seat chooser, the hand-over)
        return own if str(own) else self.parts().overlay

    def status_line(self) -> Markup:
        status = self.parts().status
        return super().status_line() if status is None else status

    def since_last_turn(self) -> Markup | None:
        return super().since_last_turn() if self.view.since_last_turn else None

    def bot_speed_chips(self) -> bool:
        return self.view.bot_speed_chips

    # --- the new-game panel --------------------------------------------------------------

    def setup_fields(self) -> Markup:
        return self.view.setup_fields(self.options, self.names())

    def read_options(self, form: dict) -> dict:
        return self.view.read_options(form, super().read_options(form), self.names())

    def on_setup_action(self, action: str, data: dict) -> None:
        """A click on the game's own new-game fields: the options it chooses, with the seats
        fitted to them, or a notice."""
        self.message = ""
        self.setup.read(data.get("form") or {})
        result = self.view.setup_action(action, data, dict(self.options))
        if isinstance(result, Notice):
            self.message = result.text
        elif isinstance(result, dict):
            self.options = result
            low, high = self.seat_limits()
            while len(self.seats) > high:
                self.setup.change("remove-seat")
            while len(self.seats) < low:
                self.setup.change("add-seat")
        self.app.refresh()

    # --- timing declared by the view ---------------------------------------------------

    def pace(self) -> int:
        paced = self.view.pace(self.setting())
        return super().pace() if paced is None else paced

    def settle_ms(self) -> int:
        facts = self.told()
        return self.view.settle_ms(facts, self.ui) if facts is not None else 0

    def replay_gap(self) -> int:
        """A real-time game's replay runs on its own clock (the session's word), else at
        the view's pace or the table's."""
        gap = self.session.replay_gap(self.replay_index)
        if gap is None:
            gap = self.view.replay_gap(self.setting())
        return super().replay_gap() if gap is None else gap

    def prepare_bots(self) -> None:
        """The bots take the page's bot speed (real time: the planner paces them by it)."""
        self.session.set_pace(self.pace() + self.settle_ms())

    # --- a real-time game: saved now and then, its notices clear themselves -------------

    @property
    def message_ms(self) -> int:
        return REAL_TIME_NOTICE_MS if self.game.type.timing == REAL_TIME else 0

    @property
    def save_delay_ms(self) -> int:
        return REAL_TIME_SAVE_MS if self.game.type.timing == REAL_TIME else 0

    def save_now(self, before, after) -> bool:
        """A game saved only now and then is saved at once when its declared stage changes."""
        stage = self.game.type.stage
        return stage is not None and stage(self.game.view(before, None)) != stage(self.game.view(after, None))

    # --- moves that make themselves (GameType.auto_move) -------------------------------

    def begin(self, session, save_id: str, new_game: bool = False, own: bool = True) -> None:
        if not new_game and self.game.type.auto_move is not None:
            session.automatic.clear()  # come back to, a game that plays itself waits to be set going
        super().begin(session, save_id, new_game, own)

    def actor(self) -> int | None:
        """The seat whose move the screen takes now: a human's, as at every table, and in a
        game whose moves make themselves a bot's too (Gelatinous: Roll rolls for an
        automatic caller, on Auto or paused)."""
        seat = super().actor()
        if seat is None and self.game.type.auto_move is not None and self.can_play():
            acting = self.session.to_act()
            if acting and self.is_bot(acting[0]):
                return acting[0]
        return seat

    def set_automatic(self, seat: int, on: bool) -> None:
        """A seat's moves come by themselves from now on, or wait (the view's Automatic)."""
        if not self.can_play() or not (self.is_bot(seat) or seat in self.humans()):
            return
        self.session.set_automatic(seat, on)
        self.redraw()
        self.after_change()

    def board(self) -> Markup:
        return self.parts().board

    def side(self) -> Markup:
        return self.parts().side

    def details(self) -> Markup:
        return self.parts().details

    def strip(self) -> Markup:
        return self.parts().strip

    def summary(self) -> Markup:
        return self.parts().summary

    def hint(self) -> tuple[str, str] | None:
        return self.parts().hint if self.state is not None else None

    def score_story(self) -> str | None:
        return self.parts().story

    def focus_home(self) -> str | None:
        return self.parts().focus or ("[data-board]" if self.state is not None else "h1")

    # --- clicks and keys into moves -------------------------------------------------------

    def reset_ui(self) -> None:
        self.ui = self.view.new_ui(self.ui)
        self._settled = None
        self.drawn = None

    def on_game_action(self, action: str, data: dict) -> None:
        if self.phase == "setup":
            self.on_setup_action(action, data)
            return
        seat = self.hand(action, data)
        facts = self.told()
        if facts is None:
            return
        result = self.view.interpret(facts, self.ui, action, data)
        self.drawn = None  # (the ui may have changed)
        if isinstance(result, Seated):
            seat, result = result.seat, result.move
        if isinstance(result, Notice):
            self.say(result.text)
        elif isinstance(result, Reveal):
            if result.seat is None or result.seat in self.humans():  # (only a player's own secrets)
                self.revealed_to = result.seat
            self.redraw()
        elif isinstance(result, Prefs):
            self.store(result)
            self.app.refresh()
        elif isinstance(result, Automatic):
            self.set_automatic(result.seat, result.on)
        elif result is UI:
            self.redraw(picked=True)
        elif result is not None and seat is not None and self.act(seat, result):
            self.play_forced(seat)

    def play_forced(self, seat: int) -> None:
        """When all a player may still do is what the game plays for them (Gelati: end
        the turn), it is done: no idle click."""
        forced = self.game.type.forced
        if forced is None or self.phase != "play" or self.actor() != seat:
            return
        move = forced(self.session.legal(seat))
        if move is not None:
            self.act(seat, move)

    def on_hold(self, name: str, data: dict, down: bool) -> None:
        """A control held down (data-hold): an action for the view, pressed or let go."""
        self.on_game_action(name, {**data, "down": down})

    def on_action(self, action: str, data: dict) -> None:
        super().on_action(action, data)
        if action == "pace" and self.session is not None:
            self.prepare_bots()  # (bots already planning take the new speed at once)

    def store(self, prefs: Prefs) -> None:
        """Keep the view's change to this device's preferences."""
        for key, value in prefs.changes.items():
            if value is None:
                self.app.prefs.pop(key, None)
            else:
                self.app.prefs[key] = value
        self.app.save_prefs()

    def moved(self, seat: int, move, before, after) -> None:
        name = self.view.timed(move) if self.is_bot(seat) else None
        if name and self.think_ms:  # (the table has just timed this decision)
            self.think_timed.setdefault(name, []).append(self.think_ms[-1])
        if self.phase == "over" and self.practice.example is None:
            kept = self.view.finished(self.told(), self.ui)
            if kept is not None:
                self.store(kept)

    def table_data(self) -> dict:
        return {**{f"data-think-{name}": think_stats(times) for name, times in self.think_timed.items()},
                **self.parts().table_data}

    def mounted(self) -> None:
        super().mounted()
        self.on_page()

    def place_focus(self, parts: Parts) -> None:
        """Focus where the view asked to, now that its drawing is on the page."""
        target = parts.focus if parts.focus_next == "home" else parts.focus_next
        if target:
            self.app.focus(target)
            self.view.focused(self.ui)
        if parts.focus_idle:
            self.app.focus(parts.focus_idle, if_idle=True)

    def set_board_size(self, width: float, height: float, coarse: bool = False) -> bool:
        """The page measured the board (web/app.py): True if the view is drawn otherwise now."""
        if width <= 0 or height <= 0:
            return False
        changed = self.view.measured(self.ui, width, height, coarse)
        self.drawn = None
        return changed

    def set_view_box(self, x: float, y: float, w: float, h: float) -> None:
        self.view.panned(self.ui, x, y, w, h)
        self.drawn = None

    def on_game_key(self, key: str) -> bool:
        facts = self.told()
        action = self.view.key(facts, self.ui, key) if facts is not None else None
        if action is None:
            return False
        self.on_game_action(*action)
        return not action[1].get("unused")  # (a key that only hurried an animation still does its own)
