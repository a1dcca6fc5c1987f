"""Replay mode of every table: step, jump and play through the states of the game
(the session's `states`), by buttons, the log and the keyboard. A replay link opens
here and only ever watches.

`Replay` is a collaborator of the table (web/table.py): it moves the table's
`replay_index` (the step on screen) and `phase`, and uses of the table only its session,
its named timers (`set_timer`, `clear_timer`, `timers`), `replay_gap()`, `after_change()`,
`cancel_pending()`, `flush()`, `watch_only` and the app's `refresh()`.
"""

from __future__ import annotations

from gelateria.core.i18n import _, pgettext
from gelateria.web.markup import Markup, h

LOG_SHOWN = 60  # log lines on screen (the whole log is kept for replay and undo)
KEYS = {"ArrowLeft": "replay-prev", "ArrowRight": "replay-next", "Home": "replay-first", "End": "replay-last",
        " ": "replay-play"}


def _icon(path: str) -> Markup:
    # Drawn, not font glyphs: media-control characters are missing from many fonts.
    return Markup(f'<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="{path}" fill="currentColor"/></svg>')


ICONS = {
    "first": _icon("M3 2h2v12H3zM14 2v12L6 8z"),
    "prev": _icon("M12 2v12L4 8z"),
    "play": _icon("M4 2v12l10-6z"),
    "pause": _icon("M3 2h4v12H3zM9 2h4v12H9z"),
    "next": _icon("M4 2v12l8-6z"),
    "last": _icon("M11 2h2v12h-2zM2 2v12l8-6z"),
}


class Replay:
    def __init__(self, table):
        self.table = table

    @property
    def last(self) -> int:
        return len(self.table.session.states) - 1

    @property
    def playing(self) -> bool:
        return "replay" in self.table.timers

    def enter(self, index: int | None = None) -> None:
        table = self.table
        table.cancel_pending()
        table.flush()
        table.phase = "replay"
        table.message = ""
        self.show(self.last if index is None else index)

    def show(self, index: int) -> None:
        self.table.replay_index = max(0, min(index, self.last))

    def leave(self) -> None:
        table = self.table
        if table.watch_only and not table.session.is_over():
            return  # a replay link never becomes a seat at the table
        table.clear_timer("replay")
        table.phase = "over" if table.session.is_over() else "play"
        table.app.refresh()
        table.after_change()

    def tick(self) -> None:
        table = self.table
        if table.phase != "replay" or table.replay_index >= self.last:
            table.app.refresh()
            return
        self.show(table.replay_index + 1)
        table.set_timer("replay", table.replay_gap(), self.tick)
        table.app.refresh()

    def on_action(self, action: str, data: dict) -> None:
        table = self.table
        index = table.replay_index
        steps = {"replay-first": 0, "replay-prev": index - 1, "replay-next": index + 1, "replay-last": self.last}
        if action in steps or action == "replay-jump":
            table.clear_timer("replay")
            self.show(steps[action] if action in steps else int(data.get("index", 0)))
        elif action == "replay-play":
            if self.playing:
                table.clear_timer("replay")
            else:
                if index >= self.last:
                    self.show(0)
                table.set_timer("replay", 0, self.tick)
        table.app.refresh()

    def on_key(self, key: str) -> bool:
        action = KEYS.get(key)
        if action:
            self.on_action(action, {})
        return action is not None

    # --- drawing ------------------------------------------------------------------------

    def controls(self) -> Markup:
        index, last, playing = self.table.replay_index, self.last, self.playing

        def button(action, label, icon, disabled=False):
            return h("button", {"type": "button", "class": "secondary icon-button", "data-action": action,
                                "aria-label": label, "title": label, "disabled": disabled}, ICONS[icon])

        return h("div", {"class": "controls replay-controls", "data-replay": index},
                 h("p", {"class": "replay-position", "aria-live": "polite"},
                   _("Replay: move {number} of {count}").format(number=index, count=last)),
                 h("p", {"class": "control-row", "role": "group", "aria-label": _("Replay controls")},
                   button("replay-first", _("First move"), "first", index == 0),
                   button("replay-prev", _("Previous move"), "prev", index == 0),
                   button("replay-play", pgettext("replay", "Pause") if playing else pgettext("replay", "Play"),
                          "pause" if playing else "play"),
                   button("replay-next", _("Next move"), "next", index == last),
                   button("replay-last", _("Last move"), "last", index == last)),
                 h("p", {"class": "control-row"},
                   self.exit(),
                   h("small", None, _("Arrow keys step; Space plays and pauses."))))

    def exit(self) -> Markup:
        table = self.table
        if table.session.is_over():
            return h("button", {"type": "button", "data-action": "replay-leave"}, _("Back to the result"))
        if table.watch_only:  # a replay link: the game's secrets stay secret, so no seat to go back to
            return h("a", {"class": "button", "href": f"#/{table.game_id}"},
                     _("Start your own game of {game}").format(game=table.entry.title))
        return h("button", {"type": "button", "data-action": "replay-leave"}, _("Back to the game"))

    def log(self) -> Markup:
        """Every move is a step to jump to; the ones around the current step are on
        screen (a long game's whole log would make every step slow to draw)."""
        log, index = self.table.session.log, self.table.replay_index
        first = max(0, min(index - LOG_SHOWN // 2, len(log) - 1 - LOG_SHOWN))
        items = [h("li", {"class": "current" if i + 1 == index else None},
                   h("button", {"type": "button", "class": "log-jump", "data-action": "replay-jump", "data-index": i + 1},
                     line))
                 for i, line in enumerate(log[1 + first: 1 + first + LOG_SHOWN], start=first)]
        return h("section", {"class": "log", "aria-label": _("Moves")},
                 h("h2", None, _("Moves")), h("ol", {"data-log": "", "class": "replay-log"}, *items))
