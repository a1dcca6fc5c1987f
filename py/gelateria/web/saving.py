"""Where a table's game comes from and where it goes: the routes and links that open
it, this device's saves, and the notices when a save fails or another tab moved the
game on. The saves are app.saves (web/storage.py).

`Saving` is a collaborator of the table (web/table.py). It opens a game on the table
(`begin()`, after setting its `seats`, `seed`, `options`; `practice` and `replay` for the
routes that lead there), keeps the table's `save_id`, `stale`, `watch_only`, `choosing` and
`resumed` as the saves and links decide, and reads the rest of the table as the end screen
and the score lines do (`names()`, `humans()`, `headline()`, `has_score()`, `score_text()`).
It keeps of its own this browser's device id and why saves fail (`trouble`).
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
from gelateria.web.views.contract import own_word

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


class Saving:
    def __init__(self, table):
        self.table = table
        self._device = ""  # this browser's id, once asked (device)
        self.save_trouble = ""  # FULL or BLOCKED while saves fail
    # --- routes: #/<game>, …/play/<save id>/<link>, …/deal|game|replay|take/<link>, …/try|guided/…

    def open_route(self, rest: list[str]) -> None:
        table = self.table
        if not rest:
            return
        kind, arg = rest[0], "/".join(rest[1:])
        try:
            if kind == "resume":
                saved = self.saved_here(arg)
                if saved is None:
                    table.news = said(lambda: _("That saved game is no longer on this device. Start a new one below."))
                    return
                self.load(saved.record, save_id=saved.save_id, own=True)
            elif kind == "guided" and table.practice.guided_seed is not None and len(rest) <= 2:
                table.practice.start_guided(decode(rest[1]) if len(rest) == 2 else None)
            elif kind == "try" and len(rest) == 2:
                table.practice.try_example(rest[1])
            elif kind == "play" and len(rest) == 3:
                self.open_address(rest[1], rest[2])
            elif kind in LINK_KINDS and arg:
                record = decode(arg)
                if record.game != table.game_id:
                    other = entry(record.game)
                    raise RecordError(_("This link is for another game ({other}), not {game}.").format(
                        other=other.title if other else record.game, game=table.entry.title))
                self.open_link(kind, record)
            else:
                table.news = said(lambda: _("That address does not lead to a game. Start a new one below."))
        except RecordError as exc:
            table.phase = "setup"
            reason = str(exc)  # (exc is gone after the except block; the words stay)
            table.news = said(lambda: _("This link could not be opened: {reason}").format(reason=reason))

    def open_address(self, save_id: str, link: str) -> None:
        """An address: this device's save of that id (a reload), or the game in the address
        as it arrives from another device."""
        table = self.table
        saved = self.saved_here(save_id)
        try:
            record = decode(link)
        except RecordError:
            if saved is None:
                raise
            record = saved.record  # a cut address: this device still has the game
        if record.game != table.game_id:
            raise RecordError(_("This link is for another game, not {game}.").format(game=table.entry.title))
        self.arrive(record, saved)

    def arrive(self, record: Record, saved) -> None:
        """A game that came by link or address, and this device's save of it if there is
        one (`saved`; else looked for by its deal). The save decides which seats are this
        device's; the link brings the other seats' moves, never a move for one of those
        (core/seats.arrival)."""
        table = self.table
        saved = saved or self.save_of(record)
        if saved is None:
            self.open_arrived(record)
            return
        came = seats.arrival(saved.record, record, self.device)
        if came.kind == seats.AHEAD:
            self.load(came.record, save_id=saved.save_id)  # the page holds the save's revision: saved on top
            table.session.undo_floor = len(record.moves)  # moves that came by link: no undo past them
            self.autosave()
        elif came.kind == seats.APART:
            self.open_arrived(came.record)
            table.news = said(lambda: _("This address holds a different turn of a game saved on this device: it "
                                          "opened as a game of its own, and your saved one is still under Continue."))
        else:
            self.load(saved.record, save_id=saved.save_id, own=True)
            if came.kind == seats.FORGED:
                name = saved.record.seats[came.seat].name
                table.news = said(lambda: _(
                    "This link was not taken: it has a move for {player} that this device did not make, and "
                    "{player} plays on this device. Your game is as you left it.").format(player=name))

    def save_of(self, record: Record):
        """This device's save of the same deal as `record` (the one that continues it, or
        that it continues, when there is one), or None."""
        table = self.table
        same = [s for s in table.app.saves.load_all()
                if (s.record.game, s.record.seats, s.record.seed, s.record.options)
                == (record.game, record.seats, record.seed, record.options)]
        related = [s for s in same if seats.continues(s.record, record) or seats.continues(record, s.record)]
        # Two saves of one deal (a same-deal game with the same names): the one this device plays, furthest on.
        related.sort(key=lambda s: (not seats.held_by(s.record, self.device), -len(s.record.moves)))
        found = (related or same or [None])[0]
        return table.app.saves.get(found.save_id) if found else None  # (read again: the page holds its revision)

    def open_arrived(self, record: Record) -> None:
        """A game this device has no save of: its player says which seat is theirs, or
        watches, before anything is saved or shown. (A link's word that a seat is held here
        is not taken: anyone can write it. Such a seat is offered as free.)"""
        table = self.table
        self.load(seats.released(record, self.device), save_id="")
        table.session.undo_floor = len(record.moves)  # moves that came in the link are everyone's
        if table.humans():
            self.autosave()
        else:
            table.save_id = ""  # nothing is kept of a game watched: a save comes with a seat
            table.choosing = table.phase == "play" and bool(self.claimable())

    def saved_here(self, save_id: str):
        """This device's save of this game by id, or None."""
        table = self.table
        if not SAFE_ID.fullmatch(save_id):
            return None
        saved = table.app.saves.get(save_id)
        return saved if saved is not None and saved.game == table.game_id else None

    def open_link(self, kind: str, record: Record) -> None:
        table = self.table
        if kind == "deal":
            table.seats, table.seed, table.options = list(record.seats), record.seed, dict(record.options)
            table.news = said(lambda: own_word(table.view, "shared", _(
                "A deal shared with you: the same seats, options and deal as your friend's game. "
                "Change the names if you like, then start.")))
            return
        if kind == "replay":
            self.load(record, save_id="")
            table.watch_only = True  # a replay link shows what a spectator sees, to the end
            table.save_id = ""  # and is nobody's game to continue or save
            table.replay.enter(len(record.moves))
            return
        free = seats.free_seats(record)
        saved = self.save_of(record)
        if kind == "take" and free and saved is None:
            # "Continue on another device of mine": the seats the other device let go are this one's.
            # (With the game saved here, it arrives as any link does: it may not move for seats held here.)
            self.load(seats.claimed(record, free, self.device), save_id="")
            table.session.undo_floor = len(record.moves)
            self.autosave()
            table.news = said(lambda: _("This game moved here from your other device: play on."))
            return
        self.arrive(record, saved)

    # --- which seats this device plays (core/seats.py) --------------------------------

    @property
    def device(self) -> str:
        """This browser: it plays only the seats it holds."""
        table = self.table
        if not self._device:
            self._device = device_here(table.app)
        return self._device

    def runs_here(self) -> bool:
        table = self.table
        return seats.plays_here(table.record, self.device)

    def claimable(self) -> list[int]:
        """The seats a player here may say are theirs (core/seats.claimable)."""
        table = self.table
        return seats.claimable(table.record, table.game.type.timing != TURNS)

    def hold(self, which: list[int] | None, free: bool = False) -> None:
        """This device now plays the seats `which` (None: every human seat), or with `free`
        no longer plays them (None: none of its seats): said in the record, which the next
        save writes."""
        table = self.table
        if free:
            record = seats.released(table.record, self.device, which)
        else:
            record = seats.claimed(table.record, seats.humans(table.record) if which is None else which, self.device)
        table.session.record.holders = record.holders
        table.revealed_to = None

    def on_seat_action(self, action: str, data: dict) -> None:
        table = self.table
        if action == "take-device":  # hot-seat: whose secrets the screen shows now
            table.revealed_to = _seat(data) if _seat(data) in table.humans() else None
        elif action == "take-seat" and table.phase == "play":
            free = self.claimable()
            everyone = data.get("seat") == "all" or table.game.type.timing != TURNS  # (real time: one device runs it)
            taking = free if everyone else [s for s in free if s == _seat(data)]
            if taking:
                self.hold(taking)
                table.choosing = table.watch_only = False
                table.save_id = table.save_id or self.new_save_id()
                self.autosave()
                names = and_list([table.names()[seat] for seat in taking])
                table.news = said(lambda: _("You play as {player} on this device.").format(player=names))
                table.resumed = True  # (mounted: whoever is to move goes on)
                table.app.focus("h1")  # the table starts anew for this player, from its title
        elif action == "choose-seat":
            table.choosing = table.phase == "play" and bool(self.claimable())
        elif action == "watch":
            table.choosing = False
        elif action == "give-seat":
            # The hand-over's "their own device": the seat is let go, and the link that lets them take it copied.
            seat = _seat(data)
            if seat in table.humans() and len(table.humans()) > 1:
                self.hold([seat], free=True)
                self.autosave()
                self.copy_link("game")
                name = table.names()[seat]
                table.news = said(lambda: _("Link copied: send it to {player}. This device no longer plays for "
                                              "{player}.").format(player=name))
        elif action == "hand-off" and table.humans():
            # "Continue on another device of mine": this device lets go, the link's opener takes over.
            self.hold(None, free=True)
            self.autosave()
            table.watch_only = True
            table.cancel_pending()
            table.sharing = True
            table.news = said(lambda: _("This game stopped here: open its link on your other device to go on there."))
        table.app.refresh()  # (then mounted(): a taken seat's game goes on)

    def copy_link(self, kind: str) -> None:
        table = self.table
        table.app.copy(self.link(kind))
        if kind == "game":
            table.session.undo_floor = len(table.record.moves)  # shared: these moves are now settled
        table.message = {"deal": own_word(table.view, "copied", _("Link to this deal copied.")), "game": _("Link to this game copied."),
                        "replay": _("Replay link copied."), "take": _("Link copied: open it on your other device.")}[kind]

    def load(self, record: Record, save_id: str, own: bool = False) -> None:
        """Continue a recorded game at its last move (raises RecordError if it cannot).
        `own`: this device's own save. One from before devices held seats is its one human's;
        with several humans it may have been played by link, so its player says who plays here."""
        table = self.table
        session = Session.from_record(record)
        table.seats, table.seed, table.options = list(record.seats), record.seed, dict(record.options)
        ask = own and not record.holders and len(seats.humans(record)) > 1
        table.begin(session, save_id or self.new_save_id(), own=own and not ask)
        table.choosing = ask and table.phase == "play"
        saved = table.app.saves.get(save_id) if own and save_id else None
        if saved is not None and saved.live and table.phase == "play":
            table.reopen_live(saved.live)  # the host's page reloaded mid-game: its phones are invited again
        table.resumed = True  # once on the page, whoever is to move (a bot?) goes on

    def new_save_id(self) -> str:
        table = self.table
        return f"{table.game_id}-{new_seed():x}{new_seed():x}"

    def address(self) -> str:
        """This device's save (found again on reload) and the whole game (opened as it is
        on any other device). The guided game is not saved: its address is its moves."""
        table = self.table
        if table.practice.guided:
            return f"/{table.game_id}/guided/{encode(table.record)}"
        return f"/{table.game_id}/play/{table.save_id}/{encode(table.record)}"

    def mounted(self) -> None:
        table = self.table
        if table.phase in ("play", "over") and (table.save_id or table.practice.guided) and not table.watch_only:
            table.app.set_path(self.address())  # a reload comes back to exactly this position
        if table.resumed:
            table.resumed = False
            if table.phase == "play":
                table.after_change()

    def autosave(self, address: bool = True) -> None:
        table = self.table
        table.clear_timer("save")
        if table.practice.guided and table.session is not None:
            table.app.set_path(self.address())
        if not table.save_id or table.session is None or table.stale:
            return  # (a game watched from a link or a replay has no save id)
        over = table.session.is_over()
        scores = [score if table.chrome.has_score(p) else None for p, score in enumerate(table.game.scores(table.state))]
        result = table.app.saves.save(table.save_id, table.record, over=over, summary=self.save_summary(over),
                                     scores=scores, winners=list(table.game.winners(table.state)) if over else None,
                                     live=table.lobby.kept() if table.lobby is not None and not over else None)
        if result == STALE:
            self.went_stale()
            return
        self.save_trouble = result if result in SAVE_TROUBLE else ""
        if address:
            table.app.set_path(self.address())  # the address bar always opens what was saved

    def save_refused(self, save_id: str) -> None:
        """The page could not write the save it was sent (storage.PageStorage): save
        again, to be told how it went this time (full, room made), and say so."""
        table = self.table
        if save_id == table.save_id:
            self.autosave(address=False)
            table.app.refresh()

    def save_soon(self, before, after, by_player: bool = False) -> None:
        """After a move: save now, or (for a game of many quick events) within
        save_delay_ms, and at once when `save_now` says the moment matters. A player's
        own move is saved at once: the app runs in a worker, so a page closed right
        after a click has no time left to ask it for a save."""
        table = self.table
        if not table.save_delay_ms or by_player or table.phase == "over" or table.save_now(before, after):
            self.autosave()
        elif "save" not in table.timers:
            table.set_timer("save", table.save_delay_ms, self.autosave)

    def save_summary(self, over: bool) -> str:
        """One line for the home screen's lists: the scores, and who won once it is over."""
        table = self.table
        scores = _(" · ").join(_("{player} {score}").format(player=name, score=table.chrome.score_text(p, score))
                               for p, (name, score) in enumerate(zip(table.names(), table.game.scores(table.state))))
        if not over:
            facts = table.facts()
            progress = table.view.progress(facts) if facts is not None else None  # (the view's words: "Round 2 of 3 · Hana leads")
            return _(" · ").join([progress, scores]) if progress else scores
        return _("{headline} {scores}").format(headline=table.chrome.headline(table.game.winners(table.state)), scores=scores)

    def went_stale(self) -> None:
        """Another tab or window saved newer moves of this game: stop, and offer them."""
        table = self.table
        table.stale = True
        table.cancel_pending()
        table.clear_timer("save")

    def on_storage(self, save_id: str) -> None:
        table = self.table
        if save_id == table.save_id and not table.stale and table.app.saves.newer_elsewhere(save_id):
            self.went_stale()
            table.app.refresh()

    def load_newest(self) -> None:
        table = self.table
        saved = self.saved_here(table.save_id)
        try:
            if saved is None:
                raise RecordError("gone")
            self.load(saved.record, save_id=saved.save_id, own=True)  # (begin() clears stale)
            table.news = said(lambda: _("You are on the newest position of this game."))
        except RecordError:
            # Set aside (never deleted), and this page's game is saved in its place.
            table.app.saves.set_aside_save(table.save_id, UNREPLAYABLE)
            table.stale = False
            table.news = said(lambda: _("The newer copy of this game could not be opened, so it was set aside; "
                                          "this one goes on."))
            self.autosave()
        table.app.refresh()
        table.after_change()

    def flush(self) -> None:
        """The page is being hidden or closed: write a save that was waiting."""
        table = self.table
        if "save" in table.timers:
            # (Not into the address bar: the page may be on its way to another screen.)
            self.autosave(address=False)

    def link(self, kind: str) -> str:
        """This game's link of one of LINK_KINDS (a deal: the seats and seed, no moves)."""
        table = self.table
        record = table.record
        if kind == "deal":
            record = Record(table.game_id, list(record.seats), record.seed, dict(record.options), [])
        return table.app.link(f"/{table.game_id}/{kind}/{encode(record)}")

    def links(self) -> dict[str, str]:
        return {kind: self.link(kind) for kind in LINK_KINDS}

