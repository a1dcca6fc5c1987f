"""The table with a game's view as its own object (web/views/contract.py), not a subclass.

The table builds one `Facts` per position, viewer and acting seat (core/facts.py) and
gives it, with the view's own `ui`, to the view: the view's parts go into the shared
layout (web/chrome.py), its answers to clicks become moves through the session. This is
where a table meets a view that could be drawing from facts sent by another device.

(Games whose views still subclass TableScreen are moving here one by one; when the last
one has, this is the table.)
"""

from __future__ import annotations

from gelateria.core.facts import Facts, facts_of
from gelateria.core.i18n import language
from gelateria.web.markup import Markup
from gelateria.web.table import TableScreen
from gelateria.web.views.contract import UI, Notice, Parts, View


class HostedTable(TableScreen):
    def __init__(self, app, rest, view: View):
        self.view = view
        self.game_id = view.game_id
        self.ui = view.new_ui()
        self._shown: tuple = (None, None)  # (key, Facts) of the position on screen
        self._state_seen = None  # the position those Facts are of
        self.drawn: Parts | None = None  # the view's parts for this render
        super().__init__(app, rest)

    # --- facts for the view -------------------------------------------------------------

    def facts(self) -> Facts | None:
        """The position on screen as the viewer sees it, with the actor's legal moves:
        the same Facts until the position, the viewer, the actor or the language changes."""
        if self.session is None or self.phase == "setup":
            return None
        index = self.replay_index if self.phase == "replay" else len(self.session.moves)
        viewer, actor, humans = self.viewer(), self.actor(), self.humans()
        key = (self.phase, index, viewer, actor, tuple(humans), language(), self.undos)
        old_key, old = self._shown
        if old is None or old_key != key or self._state_seen is not self.state:
            facts = facts_of(self.session, index, self.phase, viewer, actor, humans)
            self._shown, self._state_seen = (key, facts), self.state
            if old is not None:
                self.ui = self.view.settle(facts, self.ui)
        return self._shown[1]

    def parts(self) -> Parts:
        """The view's drawing of the position on screen (once per render)."""
        if self.drawn is None:
            facts = self.facts()
            self.drawn = self.view.draw(facts, self.ui) if facts is not None else Parts(board=Markup(""))
        return self.drawn

    # --- the view's parts in the table's slots -------------------------------------------

    def render(self) -> Markup:
        self.drawn = None  # drawn afresh: the position or the ui may have changed
        return super().render()

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
        if hasattr(self, "view"):
            self.ui = self.view.new_ui()
            self.drawn = None

    def on_game_action(self, action: str, data: dict) -> None:
        seat = self.hand(action, data)
        facts = self.facts()
        if facts is None:
            return
        result = self.view.interpret(facts, self.ui, action, data)
        if isinstance(result, Notice):
            self.message = result.text
            self.redraw()
        elif result is UI:
            self.message = ""
            self.redraw()
        elif result is not None and seat is not None:
            self.act(seat, result)

    def on_game_key(self, key: str) -> bool:
        facts = self.facts()
        action = self.view.key(facts, self.ui, key) if facts is not None else None
        if action is None:
            return False
        self.on_game_action(*action)
        return True
