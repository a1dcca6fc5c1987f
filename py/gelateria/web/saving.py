"""Where a table's game comes from and where it goes: the routes and links that open
it, this device's saves, and the notices when a save fails or another tab moved the
game on. A mixin of TableScreen (web/table.py); the saves are app.saves (web/storage.py).
"""

from __future__ import annotations

from gelateria.core import seats
from gelateria.core.game import TURNS
from gelateria.core.i18n import _, and_list
from gelateria.core.record import Record, RecordError, decode, encode
from gelateria.core.rng import new_seed
from gelateria.core.session import Session
from gelateria.web.catalog import entry
from gelateria.web.chrome import SAVE_TROUBLE
from gelateria.web.screens import said
from gelateria.web.storage import SAFE_ID, STALE, UNREPLAYABLE

LINK_KINDS = ("deal", "game", "replay", "take")
SEAT_ACTIONS = ("take-device", "take-seat", "choose-seat", "watch", "give-seat", "hand-off")


def device_here(app) -> str:
    """This browser's device id (core/seats.py), made and kept the first time it is asked."""
    device = seats.device_of(app.prefs)
    if device is None:
        device = app.prefs["device"] = seats.new_device_id()
        app.save_prefs()
    return device


def _seat(data: dict) -> int | None:
    try:
        return int(data.get("seat", ""))
    except (TypeError, ValueError):
        return None


class SavedTable:
    # --- routes: #/<game>, …/play/<save id>/<link>, …/deal|game|replay|take/<link>, …/try|guided/…

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
                self.load(saved.record, save_id=saved.save_id, own=True)
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
        """An address: this device's save of that id (a reload), or the game in the address
        as it arrives from another device."""
        saved = self.saved_here(save_id)
        try:
            record = decode(link)
        except RecordError:
            if saved is None:
                raise
            record = saved.record  # a cut address: this device still has the game
        if record.game != self.game_id:
            raise RecordError(_("This link is for another game, not {game}.").format(game=self.entry.title))
        self.arrive(record, saved)

    def arrive(self, record: Record, saved) -> None:
        """A game that came by link or address, and this device's save of it if there is
        one (`saved`; else looked for by its deal). The save decides which seats are this
        device's; the link brings the other seats' moves, never a move for one of those
        (core/seats.arrival)."""
        saved = saved or self.save_of(record)
        if saved is None:
            self.open_arrived(record)
            return
        came = seats.arrival(saved.record, record, self.device)
        if came.kind == seats.AHEAD:
            self.load(came.record, save_id=saved.save_id)  # the page holds the save's revision: saved on top
            self.session.undo_floor = len(record.moves)  # moves that came by link: no undo past them
            self.autosave()
        elif came.kind == seats.APART:
            self.open_arrived(came.record)
            self.message = said(lambda: _("This address holds a different turn of a game saved on this device: it "
                                          "opened as a game of its own, and your saved one is still under Continue."))
        else:
            self.load(saved.record, save_id=saved.save_id, own=True)
            if came.kind == seats.FORGED:
                name = saved.record.seats[came.seat].name
                self.message = said(lambda: _(
                    "This link was not taken: it has a move for {player} that this device did not make, and "
                    "{player} plays on this device. Your game is as you left it.").format(player=name))

    def save_of(self, record: Record):
        """This device's save of the same deal as `record` (the one that continues it, or
        that it continues, when there is one), or None."""
        same = [s for s in self.app.saves.load_all()
                if (s.record.game, s.record.seats, s.record.seed, s.record.options)
                == (record.game, record.seats, record.seed, record.options)]
        related = [s for s in same if seats.continues(s.record, record) or seats.continues(record, s.record)]
        # Two saves of one deal (a same-deal game with the same names): the one this device plays, furthest on.
        related.sort(key=lambda s: (not seats.held_by(s.record, self.device), -len(s.record.moves)))
        found = (related or same or [None])[0]
        return self.app.saves.get(found.save_id) if found else None  # (read again: the page holds its revision)

    def open_arrived(self, record: Record) -> None:
        """A game this device has no save of: its player says which seat is theirs, or
        watches, before anything is saved or shown. (A link's word that a seat is held here
        is not taken: anyone can write it. Such a seat is offered as free.)"""
        self.load(seats.released(record, self.device), save_id="")
        self.session.undo_floor = len(record.moves)  # moves that came in the link are everyone's
        if self.humans():
            self.autosave()
        else:
            self.save_id = ""  # nothing is kept of a game watched: a save comes with a seat
            self.choosing = self.phase == "play" and bool(self.claimable())

    def saved_here(self, save_id: str):
        """This device's save of this game by id, or None."""
        if not SAFE_ID.fullmatch(save_id):
            return None
        saved = self.app.saves.get(save_id)
        return saved if saved is not None and saved.game == self.game_id else None

    def open_link(self, kind: str, record: Record) -> None:
        if kind == "deal":
            self.seats, self.seed, self.options = list(record.seats), record.seed, dict(record.options)
            self.message = said(lambda: _("A deal shared with you: the same seats, options and deal as your friend's game. "
                                          "Change the names if you like, then start."))
            return
        if kind == "replay":
            self.load(record, save_id="")
            self.watch_only = True  # a replay link shows what a spectator sees, to the end
            self.save_id = ""  # and is nobody's game to continue or save
            self.enter_replay(len(record.moves))
            return
        free = seats.free_seats(record)
        saved = self.save_of(record)
        if kind == "take" and free and saved is None:
            # "Continue on another device of mine": the seats the other device let go are this one's.
            # (With the game saved here, it arrives as any link does: it may not move for seats held here.)
            self.load(seats.claimed(record, free, self.device), save_id="")
            self.session.undo_floor = len(record.moves)
            self.autosave()
            self.message = said(lambda: _("This game moved here from your other device: play on."))
            return
        self.arrive(record, saved)

    # --- which seats this device plays (core/seats.py) --------------------------------

    @property
    def device(self) -> str:
        """This browser: it plays only the seats it holds."""
        if not self._device:
            self._device = device_here(self.app)
        return self._device

    def runs_here(self) -> bool:
        return seats.plays_here(self.record, self.device)

    def claimable(self) -> list[int]:
        """The seats a player here may say are theirs (core/seats.claimable)."""
        return seats.claimable(self.record, self.game.type.timing != TURNS)

    def hold(self, which: list[int] | None, free: bool = False) -> None:
        """This device now plays the seats `which` (None: every human seat), or with `free`
        no longer plays them (None: none of its seats): said in the record, which the next
        save writes."""
        if free:
            record = seats.released(self.record, self.device, which)
        else:
            record = seats.claimed(self.record, seats.humans(self.record) if which is None else which, self.device)
        self.session.record.holders = record.holders
        self.revealed_to = None

    def on_seat_action(self, action: str, data: dict) -> None:
        if action == "take-device":  # hot-seat: whose secrets the screen shows now
            self.revealed_to = _seat(data) if _seat(data) in self.humans() else None
        elif action == "take-seat" and self.phase == "play":
            free = self.claimable()
            everyone = data.get("seat") == "all" or self.game.type.timing != TURNS  # (real time: one device runs it)
            taking = free if everyone else [s for s in free if s == _seat(data)]
            if taking:
                self.hold(taking)
                self.choosing = self.watch_only = False
                self.save_id = self.save_id or self.new_save_id()
                self.autosave()
                names = and_list([self.names()[seat] for seat in taking])
                self.message = said(lambda: _("You play {player} on this device.").format(player=names))
                self.resumed = True  # (mounted: whoever is to move goes on)
                self.app.focus("h1")  # the table starts anew for this player, from its title
        elif action == "choose-seat":
            self.choosing = self.phase == "play" and bool(self.claimable())
        elif action == "watch":
            self.choosing = False
        elif action == "give-seat":
            # The hand-over's "their own device": the seat is let go, and the link that lets them take it copied.
            seat = _seat(data)
            if seat in self.humans() and len(self.humans()) > 1:
                self.hold([seat], free=True)
                self.autosave()
                self.copy_link("game")
                name = self.names()[seat]
                self.message = said(lambda: _("Link copied: send it to {player}. This device no longer plays for "
                                              "{player}.").format(player=name))
        elif action == "hand-off" and self.humans():
            # "Continue on another device of mine": this device lets go, the link's opener takes over.
            self.hold(None, free=True)
            self.autosave()
            self.watch_only = True
            self.cancel_pending()
            self.sharing = True
            self.message = said(lambda: _("This game stopped here: open its link on your other device to go on there."))
        self.app.refresh()  # (then mounted(): a taken seat's game goes on)

    def copy_link(self, kind: str) -> None:
        self.app.copy(self.link(kind))
        if kind == "game":
            self.session.undo_floor = len(self.record.moves)  # shared: these moves are now settled
        self.message = {"deal": _("Link to this deal copied."), "game": _("Link to this game copied."),
                        "replay": _("Replay link copied."), "take": _("Link copied: open it on your other device.")}[kind]

    def load(self, record: Record, save_id: str, own: bool = False) -> None:
        """Continue a recorded game at its last move (raises RecordError if it cannot).
        `own`: this device's own save. One from before devices held seats is its one human's;
        with several humans it may have been played by link, so its player says who plays here."""
        session = Session.from_record(record)
        self.seats, self.seed, self.options = list(record.seats), record.seed, dict(record.options)
        ask = own and not record.holders and len(seats.humans(record)) > 1
        self.begin(session, save_id or self.new_save_id(), own=own and not ask)
        self.choosing = ask and self.phase == "play"
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
        if not self.save_id or self.session is None or self.stale:
            return  # (a game watched from a link or a replay has no save id)
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
            self.load(saved.record, save_id=saved.save_id, own=True)  # (begin() clears stale)
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

    def link(self, kind: str) -> str:
        """This game's link of one of LINK_KINDS (a deal: the seats and seed, no moves)."""
        record = self.record
        if kind == "deal":
            record = Record(self.game_id, list(record.seats), record.seed, dict(record.options), [])
        return self.app.link(f"/{self.game_id}/{kind}/{encode(record)}")

    def links(self) -> dict[str, str]:
        return {kind: self.link(kind) for kind in LINK_KINDS}

