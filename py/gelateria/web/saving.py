"""Where a table's game comes from and where it goes: the routes and links that open
it, this device's saves, and the notices when a save fails or another tab moved the
game on. A mixin of TableScreen (web/table.py); the saves are app.saves (web/storage.py).
"""

from __future__ import annotations

import re

from gelateria.core.i18n import _
from gelateria.core.record import Record, RecordError, decode, encode
from gelateria.core.rng import new_seed
from gelateria.core.session import Session
from gelateria.web.catalog import entry
from gelateria.web.chrome import SAVE_TROUBLE
from gelateria.web.screens import said
from gelateria.web.storage import STALE, UNREPLAYABLE

LINK_KINDS = ("deal", "game", "replay")
from gelateria.web.storage import SAFE_ID as SAVE_ID  # noqa: E402 (resume opens exactly what home lists)


def continues(longer: Record, shorter: Record) -> bool:
    """True when `longer` is `shorter` with the same or more moves after it."""
    same_game = (longer.game, longer.seats, longer.seed, longer.options) == (shorter.game, shorter.seats, shorter.seed, shorter.options)
    return same_game and longer.moves[: len(shorter.moves)] == shorter.moves


class SavedTable:
    # --- routes: #/<game>, …/play/<save id>/<link>, …/deal|game|replay/<link>, …/try|guided/…

    def open_route(self, rest: list[str]) -> None:
        if not rest:
            return
        kind, arg = rest[0], "/".join(rest[1:])
        try:
            if kind == "resume":
                saved = self.saved_here(arg)
                if saved is None:
                    self.message = said(lambda: _("That saved game is no longer on this device. Start a new one below."))
                    return
                self.load(saved.record, save_id=saved.save_id)
            elif kind == "guided" and self.guided_seed is not None and len(rest) <= 2:
                self.start_guided(decode(rest[1]) if len(rest) == 2 else None)
            elif kind == "try" and len(rest) == 2:
                self.try_example(rest[1])
            elif kind == "play" and len(rest) == 3:
                self.open_address(rest[1], rest[2])
            elif kind in LINK_KINDS and arg:
                record = decode(arg)
                if record.game != self.game_id:
                    other = entry(record.game)
                    raise RecordError(_("This link is for another game ({other}), not {game}.").format(
                        other=other.title if other else record.game, game=self.entry.title))
                self.open_link(kind, record)
            else:
                self.message = said(lambda: _("That address does not lead to a game. Start a new one below."))
        except RecordError as exc:
            self.phase = "setup"
            reason = str(exc)  # (exc is gone after the except block; the words stay)
            self.message = said(lambda: _("This link could not be opened: {reason}").format(reason=reason))

    def open_address(self, save_id: str, link: str) -> None:
        """This device's save of that id, or the game in the address, whichever is further
        on when one continues the other (a reload finds the save; a friend's address with
        their newer moves brings them). When they went different ways, the address opens
        as a game of its own and the device's save stays as it was."""
        saved = self.saved_here(save_id)
        try:
            record = decode(link)
        except RecordError:
            if saved is None:
                raise
            record = saved.record  # a cut address: this device still has the game
        if record.game != self.game_id:
            raise RecordError(_("This link is for another game, not {game}.").format(game=self.entry.title))
        if saved is not None and continues(saved.record, record):
            self.load(saved.record, save_id=saved.save_id)
        elif saved is not None and continues(record, saved.record):
            self.load(record, save_id=saved.save_id)  # the page holds the save's revision: saved on top
            self.session.undo_floor = len(record.moves)  # moves that came by link: no undo past them
            self.autosave()
        else:
            # The id names the save on every device that opens it, unless it is taken here.
            reuse = SAVE_ID.fullmatch(save_id) and self.app.saves.get(save_id) is None
            self.open_link("game", record, save_id=save_id if reuse else "")
            if saved is not None:
                self.message = said(lambda: _("This address holds a different turn of a game saved on this device: it "
                                              "opened as a game of its own, and your saved one is still under Continue."))

    def saved_here(self, save_id: str):
        """This device's save of this game by id, or None."""
        if not SAVE_ID.fullmatch(save_id):
            return None
        saved = self.app.saves.get(save_id)
        return saved if saved is not None and saved.game == self.game_id else None

    def open_link(self, kind: str, record: Record, save_id: str = "") -> None:
        if kind == "deal":
            self.seats, self.seed, self.options = list(record.seats), record.seed, dict(record.options)
            self.message = said(lambda: _("A deal shared with you: the same seats, options and deal as your friend's game. "
                                          "Change the names if you like, then start."))
            return
        self.load(record, save_id=save_id)
        if kind == "replay":
            self.watch_only = True  # a replay link shows what a spectator sees, to the end
            self.save_id = ""  # and is nobody's game to continue or save
            self.enter_replay(len(record.moves))
            return
        # Moves that came in the link belong to everyone who has it: no undo past them.
        self.session.undo_floor = len(record.moves)
        self.autosave()  # saved at once: a reload before the first move finds it
        acting = self.session.to_act()
        if acting:
            player = self.names()[acting[0]]
            self.message = said(lambda: _("Game opened from a link: {player} moves next. "
                                          "Make your move, then send the new link on.").format(player=player))

    def load(self, record: Record, save_id: str) -> None:
        """Continue a recorded game at its last move (raises RecordError if it cannot)."""
        session = Session.from_record(record)
        self.seats, self.seed, self.options = list(record.seats), record.seed, dict(record.options)
        self.begin(session, save_id or self.new_save_id())
        self.resumed = True  # once on the page, whoever is to move (a bot?) goes on

    def new_save_id(self) -> str:
        return f"{self.game_id}-{new_seed():x}{new_seed():x}"

    def address(self) -> str:
        """This device's save (found again on reload) and the whole game (opened as it is
        on any other device). The guided game is not saved: its address is its moves."""
        if self.guided:
            return f"/{self.game_id}/guided/{encode(self.record)}"
        return f"/{self.game_id}/play/{self.save_id}/{encode(self.record)}"

    def mounted(self) -> None:
        if self.phase in ("play", "over") and (self.save_id or self.guided) and not self.watch_only:
            self.app.set_path(self.address())  # a reload comes back to exactly this position
        if self.resumed:
            self.resumed = False
            if self.phase == "play":
                self.after_change()

    def autosave(self, address: bool = True) -> None:
        self.clear_timer("save")
        if self.guided and self.session is not None:
            self.app.set_path(self.address())
        if not self.save_id or self.session is None or self.stale or self.watch_only:
            return
        over = self.session.is_over()
        scores = [score if self.has_score(p) else None for p, score in enumerate(self.game.scores(self.state))]
        result = self.app.saves.save(self.save_id, self.record, over=over, summary=self.save_summary(over),
                                     scores=scores, winners=list(self.game.winners(self.state)) if over else None)
        if result == STALE:
            self.went_stale()
            return
        self.save_trouble = result if result in SAVE_TROUBLE else ""
        if address:
            self.app.set_path(self.address())  # the address bar always opens what was saved

    def save_refused(self, save_id: str) -> None:
        """The page could not write the save it was sent (storage.PageStorage): save
        again, to be told how it went this time (full, room made), and say so."""
        if save_id == self.save_id:
            self.autosave(address=False)
            self.app.refresh()

    def save_soon(self, before, after, by_player: bool = False) -> None:
        """After a move: save now, or (for a game of many quick events) within
        save_delay_ms, and at once when `save_now` says the moment matters. A player's
        own move is saved at once: the app runs in a worker, so a page closed right
        after a click has no time left to ask it for a save."""
        if not self.save_delay_ms or by_player or self.phase == "over" or self.save_now(before, after):
            self.autosave()
        elif "save" not in self.timers:
            self.set_timer("save", self.save_delay_ms, self.autosave)

    def save_summary(self, over: bool) -> str:
        """One line for the home screen's lists: the scores, and who won once it is over."""
        scores = _(" · ").join(_("{player} {score}").format(player=name, score=self.score_text(p, score))
                               for p, (name, score) in enumerate(zip(self.names(), self.game.scores(self.state))))
        if not over:
            return scores
        return _("{headline} {scores}").format(headline=self.headline(self.game.winners(self.state)), scores=scores)

    def went_stale(self) -> None:
        """Another tab or window saved newer moves of this game: stop, and offer them."""
        self.stale = True
        self.cancel_pending()
        self.clear_timer("save")

    def on_storage(self, save_id: str) -> None:
        if save_id == self.save_id and not self.stale and self.app.saves.newer_elsewhere(save_id):
            self.went_stale()
            self.app.refresh()

    def load_newest(self) -> None:
        saved = self.saved_here(self.save_id)
        try:
            if saved is None:
                raise RecordError("gone")
            self.load(saved.record, save_id=saved.save_id)  # (begin() clears stale)
            self.message = said(lambda: _("You are on the newest position of this game."))
        except RecordError:
            # Set aside (never deleted), and this page's game is saved in its place.
            self.app.saves.set_aside_save(self.save_id, UNREPLAYABLE)
            self.stale = False
            self.message = said(lambda: _("The newer copy of this game could not be opened, so it was set aside; "
                                          "this one goes on."))
            self.autosave()
        self.app.refresh()
        self.after_change()

    def flush(self) -> None:
        """The page is being hidden or closed: write a save that was waiting."""
        if "save" in self.timers:
            # (Not into the address bar: the page may be on its way to another screen.)
            self.autosave(address=False)

    def links(self) -> dict[str, str]:
        record = self.record
        deal = Record(self.game_id, list(record.seats), record.seed, dict(record.options), [])
        return {"deal": self.app.link(f"/{self.game_id}/deal/{encode(deal)}"),
                "game": self.app.link(f"/{self.game_id}/game/{encode(record)}"),
                "replay": self.app.link(f"/{self.game_id}/replay/{encode(record)}")}

