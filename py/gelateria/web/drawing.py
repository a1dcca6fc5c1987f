"""The view's drawing on the page: the Facts a table gives its view, the parts the view
draws from them, and what of them is sent to the page.

`Drawing` is a collaborator of the table (web/table.py). It builds one `Facts` per
position, viewer and acting seat (core/facts.py) and keeps it until one of them changes;
it tells the view where it is drawn (a `Setting`: the page's facts, the device's
preferences, the guided game's hints, the table's clock) before the view draws; it keeps
the view's `ui` settled on the position (`table.ui`: picks made on another position are
forgotten). When all a click or a move changed is in the pieces a view names
(Parts.pieces), only the pieces that changed are sent to the page, and an element's own
attributes alone when only they changed (Parts.tags: a board's viewBox); otherwise the
whole screen (web/chrome.py's layout) is. Time is the table's, used here for the view: it
draws the view again when asked (Parts.wake) and runs the view's long work in slices
(View.work).

Of the table it uses the session and who is who (`viewer()`, `actor()`, `humans()`,
`movers()`, `phase`, `replay_index`, `undos`, `state`, `clock()`), its `view` and `ui`,
its named timers, its `chrome` and `practice`, and the app.
"""

from __future__ import annotations

from gelateria.core.facts import Facts, facts_of
from gelateria.core.i18n import language
from gelateria.web.markup import Markup
from gelateria.web.views.contract import Parts, Setting

WORK_SLICE_MS = 40  # longest stretch the view's work holds the page (long tasks are > 50 ms)
# While the work goes on, the view is drawn again at most this often: each drawing is a
# message the page morphs, and on a slow phone ten a second queued up in front of the
# player's tap (a seat taken on a Gelatinous link waited behind ~10 of them, ~0.5 s).
WORK_DRAW_MS = 250


def board_insets(raw, width: float, height: float) -> tuple[float, float, float, float]:
    """The page's [top, right, bottom, left] px of the board not seen (under its floating
    controls, or past the screen's edge), checked (a number each, at most half the board across that way); else none."""
    if not isinstance(raw, list) or len(raw) != 4:
        return (0.0, 0.0, 0.0, 0.0)
    try:
        values = [float(v) for v in raw]
    except (TypeError, ValueError):
        return (0.0, 0.0, 0.0, 0.0)
    limits = (height / 2, width / 2, height / 2, width / 2)
    return tuple(min(max(v, 0.0), limit) if v == v else 0.0 for v, limit in zip(values, limits))


class Drawing:
    def __init__(self, table):
        self.table = table
        self._shown: tuple = (None, None)  # (key, Facts) of the position on screen
        self._state_seen = None  # the position those Facts are of
        self._settled: tuple | None = None  # the position (and actor) the ui was last settled on
        self.drawn: tuple | None = None  # (Facts, Parts) of the last drawing
        self.sent: tuple | None = None  # the last whole screen drawn, outside the pieces (Parts.pieces)
        self.ready: Markup | None = None  # the whole screen, drawn, while the page is asked to show it
        self.working: tuple | None = None  # (Facts, the view's work on them, or None once done)
        self.work_drawn = 0.0  # when the work last had the view drawn (the app's clock, ms)

    def forget(self) -> None:
        """A new ui (a new game): settle it and draw afresh."""
        self._settled = None
        self.drawn = None

    def facts(self) -> Facts | None:
        """The position on screen as the viewer sees it, with the actor's legal moves:
        the same Facts until the position, the viewer, the actor or the language changes."""
        table = self.table
        if table.guest is not None:
            facts = table.guest.facts  # (the host's, for this phone's seat: core/live.py)
            if facts is None or facts.phase == "lobby":
                return None
        elif table.session is None or table.phase in ("setup", "lobby"):
            return None
        else:
            facts = self.own_facts()
        position = (table.state, table.actor(), table.undos)  # (the undo count tells a position undone back to)
        if self._settled is None or self._settled[0] is not position[0] or self._settled[1:] != position[1:]:
            self._settled = position
            table.ui = table.view.settle(facts, table.ui)  # picks made on another position are forgotten
        return facts

    def own_facts(self) -> Facts:
        """The Facts of this device's own session (kept until what they are of changes)."""
        table = self.table
        index = table.replay_index if table.phase == "replay" else len(table.session.moves)
        viewer, actor, humans, movers = table.viewer(), table.actor(), table.humans(), table.movers()
        automatic = tuple(sorted(table.session.automatic))
        call = table.roll_call()
        key = (table.phase, index, viewer, actor, tuple(humans), tuple(movers), language(), table.undos, automatic,
               str(call))
        old_key, old = self._shown
        if old is None or old_key != key or self._state_seen is not table.state:
            facts = facts_of(table.session, index, table.phase, viewer, actor, humans, movers, call)
            self._shown, self._state_seen = (key, facts), table.state
        return self._shown[1]

    def told(self) -> Facts | None:
        """The Facts on screen, the view told where it is (Setting) before it draws,
        interprets or reads a key."""
        table = self.table
        facts = self.facts()
        if facts is not None:
            table.view.sense(table.ui, self.setting())
        return facts

    def setting(self) -> Setting:
        """What the view is told of this device and this table (not facts of the game)."""
        table = self.table
        page = getattr(table.app, "facts", None)
        return Setting(page=dict(page) if isinstance(page, dict) else {}, prefs=dict(table.app.prefs),
                       guided=table.practice.guided, hints_off=table.practice.hints_off,
                       hints_done=frozenset(table.practice.hints_done),
                       now=table.clock() if table.session is not None or table.guest is not None else 0.0)

    def parts(self) -> Parts:
        """The view's drawing of the position on screen (again once the position, the
        viewer or the ui changed; a drawing against the clock is of when it was made)."""
        table = self.table
        facts = self.facts()
        if facts is None:
            return Parts(board=Markup(""))
        if self.drawn is None or self.drawn[0] is not facts:
            table.view.sense(table.ui, self.setting())
            self.drawn = (facts, table.view.draw(facts, table.ui))
        return self.drawn[1]

    def render(self) -> Markup:
        table = self.table
        if self.ready is not None:
            return self.ready  # (drawn a moment ago by redraw())
        self.drawn = None  # drawn afresh: the position or the ui may have changed
        page = table.chrome.render()
        self.sent = self.outline(page)
        return page

    def outline(self, page: Markup) -> tuple | None:
        """The screen without its pieces (each left as its selector), with the pieces (the
        view's and the table's own); None if the view names none, or one is not in the
        screen as drawn."""
        parts = self.drawn[1] if self.drawn is not None else None
        if parts is None or not (parts.pieces or parts.tags):
            return None
        pieces = {**self.table_pieces(), **parts.pieces, **parts.tags}
        rest = str(page)
        for selector, markup in pieces.items():
            if str(markup) not in rest:
                return None
            rest = rest.replace(str(markup), "\0" + selector + "\0", 1)
        return rest, pieces

    def table_pieces(self) -> dict:
        """The table's own parts that change as a game is played (what is said, the log),
        sent alone like the view's pieces."""
        chrome = self.table.chrome
        return {'[data-part="notice"]': chrome.notice(), '[data-part="log"]': chrome.log_list()}

    def redraw(self, picked: bool = False) -> None:
        """Drawn again. When all that changed is in the pieces, only pieces are sent to
        the page: after a pick (`picked`: a tile being made) every piece of the view, as
        it drew them together, else only the pieces that changed (a roll played out, the
        odds worked out, a card flipped in a real-time game). Otherwise the whole screen
        is sent."""
        table = self.table
        before = self.sent
        if before is None:
            table.app.refresh()
            return
        page = self.render()
        now = self.sent
        if now is not None and now[0] == before[0]:
            together = self.drawn[1].pieces if picked else {}
            tags = self.drawn[1].tags
            for selector, markup in now[1].items():
                changed = before[1].get(selector) != markup
                if selector in tags:
                    if changed:
                        table.app.set_attributes(selector, markup)
                elif changed or selector in together:
                    table.app.update(selector, markup)
            self.on_page()
            return
        self.ready = page
        try:
            table.app.refresh()
        finally:
            self.ready = None

    def on_page(self) -> None:
        """The view's drawing is on the page: focus goes where it asked, it is drawn again
        when it asked to be (Parts.wake), and its long work goes on (View.work)."""
        table = self.table
        parts = self.parts()
        self.place_focus(parts)
        if parts.wake is None:
            table.clear_timer("wake")
        else:
            table.set_timer("wake", parts.wake, self.redraw)
        self.start_work()

    def start_work(self) -> None:
        """The view's long work on the position on screen, asked for once per Facts."""
        table = self.table
        facts = self.facts()
        if self.working is not None and self.working[0] is facts:
            return  # (under way, or done)
        table.clear_timer("work")
        work = table.view.work(facts, table.ui) if facts is not None else None
        self.working = (facts, work) if facts is not None else None
        if work is not None:
            self.work_drawn = table.app.now()  # (just drawn)
            table.set_timer("work", 0, self.work_slice)

    def work_slice(self) -> None:
        """The view's work runs for at most WORK_SLICE_MS (less when it yields something
        worth showing), then the page has its main thread back; the view is drawn again
        when the work is done, and on the way at most every WORK_DRAW_MS."""
        table = self.table
        facts, work = self.working
        deadline = table.app.now() + WORK_SLICE_MS
        try:
            while not next(work) and table.app.now() < deadline:
                pass
        except StopIteration:
            self.working = (facts, None)
            self.redraw()
            return
        table.set_timer("work", 0, self.work_slice)
        if table.app.now() - self.work_drawn >= WORK_DRAW_MS:
            self.work_drawn = table.app.now()
            self.redraw()

    def place_focus(self, parts: Parts) -> None:
        """Focus where the view asked to, now that its drawing is on the page."""
        table = self.table
        target = parts.focus if parts.focus_next == "home" else parts.focus_next
        if target:
            table.app.focus(target)
            table.view.focused(table.ui)
        if parts.focus_idle:
            table.app.focus(parts.focus_idle, if_idle=True)

    def measured(self, width: float, height: float, coarse: bool = False, insets=None) -> bool:
        """The page measured the board (web/app.py): True if the view is drawn otherwise now."""
        table = self.table
        if width <= 0 or height <= 0:
            return False
        changed = table.view.measured(table.ui, width, height, coarse, board_insets(insets, width, height))
        self.drawn = None
        return changed

    def panned(self, x: float, y: float, w: float, h: float) -> None:
        table = self.table
        table.view.panned(table.ui, x, y, w, h)
        self.drawn = None
