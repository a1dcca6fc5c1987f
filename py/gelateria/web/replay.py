"""Replay mode of every table: step, jump and play through the states of the game
(the session's `states`), by buttons, the log and the keyboard. A mixin of
TableScreen; a replay link opens here and only ever watches.
"""

from __future__ import annotations


class ReplayMode:
    def enter_replay(self, index: int | None = None) -> None:
        self.cancel_pending()
        self.flush()
        self.phase = "replay"
        self.message = ""
        self.show_replay_step(len(self.history) - 1 if index is None else index)

    def show_replay_step(self, index: int) -> None:
        self.replay_index = max(0, min(index, len(self.history) - 1))

    def leave_replay(self) -> None:
        if self.watch_only and not self.session.is_over():
            return  # a replay link never becomes a seat at the table
        self.clear_timer("replay")
        self.phase = "over" if self.session.is_over() else "play"
        self.app.refresh()
        self.after_change()

    def replay_tick(self) -> None:
        if self.phase != "replay" or self.replay_index >= len(self.history) - 1:
            self.app.refresh()
            return
        self.show_replay_step(self.replay_index + 1)
        self.set_timer("replay", self.replay_gap(), self.replay_tick)
        self.app.refresh()

    def on_replay_action(self, action: str, data: dict) -> None:
        last = len(self.history) - 1
        steps = {"replay-first": 0, "replay-prev": self.replay_index - 1, "replay-next": self.replay_index + 1,
                 "replay-last": last}
        if action in steps or action == "replay-jump":
            self.clear_timer("replay")
            self.show_replay_step(steps[action] if action in steps else int(data.get("index", 0)))
        elif action == "replay-play":
            if "replay" in self.timers:
                self.clear_timer("replay")
            else:
                if self.replay_index >= last:
                    self.show_replay_step(0)
                self.set_timer("replay", 0, self.replay_tick)
        self.app.refresh()

    def on_replay_key(self, key: str) -> bool:
        action = {"ArrowLeft": "replay-prev", "ArrowRight": "replay-next", "Home": "replay-first",
                  "End": "replay-last", " ": "replay-play"}.get(key)
        if action:
            self.on_replay_action(action, {})
        return action is not None
