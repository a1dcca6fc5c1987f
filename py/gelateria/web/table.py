"""The shared game screen: what every game's play screen has in common.

A game's view module subclasses TableScreen and supplies only what is its own: the
board and its controls (`board`, `side`), the moves its clicks make
(`on_game_action`), and optional setup fields. TableScreen owns the rest, the same
for all four games: the new-game panel (seats human/bot with level and name, seed),
playing moves through the rules (never deciding legality itself), bots at an
adjustable pace, the hot-seat "pass the device" screen, the event log, messages for
refused moves, and the end screen.

It also owns what issue "links, autosave, undo and replay" asks of every game: a game
is saved the moment it exists and after every move (app.saves); the address bar holds
`#/<game>/play/<save id>/<the game's link>`, so a reload finds this device's save and
the same address opens the same game on any other device; share links ("same deal",
"this game", "replay") open here; undo steps back through the record; replay mode
steps through any record, and a replay link only ever watches. When a save fails
(storage full or blocked) or another tab moved the same game on, the play screen says
so where the player is looking, and nothing is overwritten.

Plain Python: the browser is reached only through `self.app` (later/cancel/refresh/
update/now/prefs/saves/set_path/link), so the whole flow is unit-testable with a fake
app.
"""

from __future__ import annotations

import re

from gelateria.core.game import IllegalMove, get_game
from gelateria.core.match import bot_factories, make_bot
from gelateria.core.record import MAX_NAME, Record, RecordError, Seat, clean_name, decode, encode, replay_states, to_json
from gelateria.core.rng import Rng, new_seed
from gelateria.web.catalog import BY_ID
from gelateria.web.markup import Markup, h
from gelateria.web.screens import Screen, top_bar
from gelateria.web.storage import BLOCKED, FULL, STALE

# Bot pace: delay before a bot moves, in ms. "instant" still yields to the page.
PACES = {"slow": 1600, "normal": 800, "fast": 300, "instant": 0}
DEFAULT_NAMES = ["Ana", "Bo", "Chiara", "Dario", "Elif", "Femi"]
LEVEL_LABELS = {"easy": "Easy bot", "normal": "Bot", "hard": "Hard bot"}
LEVEL_HELP = {
    "easy": "makes careless moves",
    "normal": "plays the best move it sees at a glance",
    "hard": "looks ahead, up to a second a move",
}
THINK_SLICE_MS = 40  # longest stretch a thinking bot holds the page (long tasks are > 50 ms)
LOG_SHOWN = 60  # log lines on screen (the whole log is kept for replay and undo)
LINK_KINDS = ("deal", "game", "replay")
STALE_MOVE = "This page is out of date: continue from the newest position first (the button above)."
SAVE_ID = re.compile(r"[a-z]{1,20}-[0-9a-f]{1,40}")
SAVE_TROUBLE = {
    FULL: "This game is not being saved: this browser's storage is full.",
    BLOCKED: "This browser does not let Gelateria save games here (private browsing or blocked storage), "
             "so this game lasts only while the page is open.",
}


def think_stats(times: list[float]) -> str | None:
    """"count,median,worst" in ms, or None when no bot has decided yet."""
    if not times:
        return None
    ordered = sorted(times)
    return f"{len(ordered)},{ordered[len(ordered) // 2]:.1f},{ordered[-1]:.1f}"


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


def continues(longer: Record, shorter: Record) -> bool:
    """True when `longer` is `shorter` with the same or more moves after it."""
    same_game = (longer.game, longer.seats, longer.seed, longer.options) == (shorter.game, shorter.seats, shorter.seed, shorter.options)
    return same_game and longer.moves[: len(shorter.moves)] == shorter.moves


def seat_names(seats: list[Seat]) -> list[str]:
    return [seat.name for seat in seats]


def name_players(text: str, names: list[str]) -> str:
    """Replace the rules' "Player N" with seat names, in one pass (a name that itself
    reads "Player 2" is not replaced again)."""
    return re.sub(r"Player (\d)", lambda m: names[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(names) else m.group(0), text)


class TableScreen(Screen):
    game_id = ""
    default_players = 2
    # Levels offered for bot seats (the game's bots, in this order, if it has them).
    bot_levels = ("easy", "normal", "hard")
    undoable = True  # False for real-time games
    level_labels = LEVEL_LABELS  # how bot seats are called in the new-game panel
    level_help = LEVEL_HELP  # one line each in the panel, when a game has several levels

    def __init__(self, app, rest=None):
        super().__init__(app)
        self.game = get_game(self.game_id)
        self.entry = BY_ID[self.game_id]
        self.title = f"{self.entry.title} — Gelateria"
        self.phase = "setup"  # setup → play → over
        self.seats: list[Seat] = self.default_seats()
        self.seed = new_seed()
        self.options: dict = self.default_options()
        self.record: Record | None = None
        self.state = None
        self.history: list = []  # the state before the first move, then after each move of the record
        self.undos = 0
        self._picks_for: tuple | None = None  # (state, actor) a view's half-made picks belong to
        self.log: list[str] = []
        self.message = ""  # a refused move or other notice, shown until the next move
        self.pending = None  # the scheduled bot move
        self.revealed_to: int | None = None  # hot-seat: whose hidden info is on screen
        self.last_move: tuple[int, object] | None = None
        self.end_dismissed = False  # the end screen was closed to look at the board
        self.bots: dict[int, object] = {}
        self.bot_rngs: dict[int, Rng] = {}
        self.save_id = ""
        self.undo_floor = 0  # moves before this were shared by link: no undo past them
        self.confirm_undo = False
        self.sharing = False  # the share panel is open
        self.replay_states: list = []
        self.replay_index = 0
        self.replay_playing = None  # the timer of "play" in replay mode
        self.resumed = False
        self.deal_link = ""  # shown on the new-game panel once copied
        self.watch_only = False  # opened from a replay link: watch, never play as a seat
        self.stale = False  # another tab saved newer moves of this game
        self.save_trouble = ""  # FULL or BLOCKED while saves fail
        self.open_route(rest or [])

    # --- routes: #/<game>, …/resume/<save id>, …/deal|game|replay/<link> ----------------

    def open_route(self, rest: list[str]) -> None:
        if not rest:
            return
        kind, arg = rest[0], "/".join(rest[1:])
        try:
            if kind == "resume":
                saved = self.saved_here(arg)
                if saved is None:
                    self.message = "That saved game is no longer on this device. Start a new one below."
                    return
                self.load(saved.record, save_id=saved.save_id)
            elif kind == "play" and len(rest) == 3:
                self.open_address(rest[1], rest[2])
            elif kind in LINK_KINDS and arg:
                record = decode(arg)
                if record.game != self.game_id:
                    raise RecordError(f"This link is for another game ({BY_ID[record.game].title if record.game in BY_ID else record.game}), not {self.entry.title}.")
                self.open_link(kind, record)
            else:
                self.message = "That address does not lead to a game. Start a new one below."
        except RecordError as exc:
            self.phase = "setup"
            self.message = f"This link could not be opened: {exc}"

    def open_address(self, save_id: str, link: str) -> None:
        """`#/<game>/play/<save id>/<link>`: this device's save of that id, or the game in
        the address, whichever is further on when one continues the other (a reload
        finds the save; a friend's address with their newer moves brings them). When
        they went different ways, the address opens as a game of its own and the
        device's save stays as it was."""
        saved = self.saved_here(save_id)
        try:
            record = decode(link)
        except RecordError:
            if saved is None:
                raise
            record = saved.record  # a cut address: this device still has the game
        if record.game != self.game_id:
            raise RecordError(f"This link is for another game, not {self.entry.title}.")
        if saved is not None and continues(saved.record, record):
            self.load(saved.record, save_id=saved.save_id)
        elif saved is not None and continues(record, saved.record):
            self.load(record, save_id=saved.save_id)  # the page holds the save's revision: saved on top
            self.undo_floor = len(record.moves)  # moves that came by link: no undo past them
            self.autosave()
        else:
            # The id names the save on every device that opens it, unless it is taken here.
            reuse = SAVE_ID.fullmatch(save_id) and self.app.saves.get(save_id) is None
            self.open_link("game", record, save_id=save_id if reuse else "")
            if saved is not None:
                self.message = ("This address holds a different turn of a game saved on this device: it opened as "
                                "a game of its own, and your saved one is still under Continue.")

    def saved_here(self, save_id: str):
        """This device's save of this game by id, or None."""
        if not SAVE_ID.fullmatch(save_id):
            return None
        saved = self.app.saves.get(save_id)
        return saved if saved is not None and saved.game == self.game_id else None

    def open_link(self, kind: str, record: Record, save_id: str = "") -> None:
        if kind == "deal":
            self.seats = list(record.seats)
            self.seed = record.seed
            self.options = dict(record.options)
            self.message = ("A deal shared with you: the same seats, options and deal as your friend's game. "
                            "Change the names if you like, then start.")
            return
        self.load(record, save_id=save_id)
        if kind == "replay":
            self.watch_only = True  # a replay link shows what a spectator sees, to the end
            self.save_id = ""  # and is nobody's game to continue or save
            self.enter_replay(len(record.moves))
        else:
            # Moves that came in the link belong to everyone who has it: no undo past them.
            self.undo_floor = len(record.moves)
            self.autosave()  # saved at once: a reload before the first move finds it
            if self.phase == "play":
                acting = self.game.to_act(self.state)
                self.message = (f"Game opened from a link: {self.names()[acting[0]]} moves next. "
                                "Make your move, then send the new link on.") if acting else ""

    def load(self, record: Record, save_id: str) -> None:
        """Continue a recorded game at its last move (raises RecordError if it cannot)."""
        self.history = replay_states(record)
        state = self.history[-1]
        self.seats = list(record.seats)
        self.seed = record.seed
        self.options = dict(record.options)
        self.record = Record(self.game_id, list(record.seats), record.seed, dict(record.options), list(record.moves))
        self.state = state
        self.begin(save_id or self.new_save_id())
        self.log = [self.first_log_line()] + self.describe_all()
        self.last_move = tuple(record.moves[-1]) if record.moves else None
        self.phase = "over" if self.game.is_over(state) else "play"
        self.resumed = True  # once on the page, whoever is to move (a bot?) goes on

    def describe_all(self) -> list[str]:
        describe = getattr(self.game, "describe", None)
        if not describe:
            return []
        names = self.names()
        return [name_players(describe(before, player, move), names)
                for before, (player, move) in zip(self.history, self.record.moves)]

    def new_save_id(self) -> str:
        return f"{self.game_id}-{new_seed():x}{new_seed():x}"

    def address(self) -> str:
        """What the address bar shows during a game: this device's save (found again
        on reload) and the whole game (opened as it is on any other device)."""
        return f"/{self.game_id}/play/{self.save_id}/{encode(self.record)}"

    def mounted(self) -> None:
        # A game that has started keeps its place in the address bar, so reloading the
        # tab (or the browser) comes back to exactly this position.
        if self.phase in ("play", "over") and self.save_id and not self.watch_only:
            self.app.set_path(self.address())
        if self.resumed:
            self.resumed = False
            if self.phase == "play":
                self.after_change()

    # --- what a game view supplies ----------------------------------------------------

    def default_seats(self) -> list[Seat]:
        return [Seat("human", DEFAULT_NAMES[0])] + [
            Seat("bot", DEFAULT_NAMES[i], "normal") for i in range(1, self.default_players)
        ]

    def default_options(self) -> dict:
        return {}

    def setup_fields(self) -> Markup:
        """Extra new-game fields (inputs named opt_<key>)."""
        return Markup("")

    def read_options(self, form: dict) -> dict:
        return dict(self.options)

    def seat_limits(self) -> tuple[int, int]:
        return self.game.min_players, self.game.max_players

    def board(self) -> Markup:
        raise NotImplementedError

    def side(self) -> Markup:
        """The panel beside the board (hand, parts, scores …)."""
        return Markup("")

    def on_game_action(self, action: str, data: dict) -> None:
        """Clicks on the board and controls that make moves."""

    def summary(self) -> Markup:
        """End screen detail: how each score was earned."""
        return Markup("")

    # --- who is who -------------------------------------------------------------------

    def names(self) -> list[str]:
        return seat_names(self.seats)

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.kind == "human"]

    def is_bot(self, player: int) -> bool:
        return self.seats[player].kind == "bot"

    def viewer(self) -> int | None:
        """The seat whose private information the screen shows: the one human against
        bots; in hot-seat, the human whose turn it is once they have taken the device."""
        if self.phase == "replay" or self.watch_only:
            return None  # a replay shows what a spectator sees
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return self.revealed_to

    def needs_handover(self, player: int) -> bool:
        return len(self.humans()) > 1 and not self.is_bot(player) and self.revealed_to != player

    def bot_tag(self, player: int) -> Markup | None:
        """The ' · Hard bot' after a bot seat's name: its level, as the new-game panel calls it."""
        if not self.is_bot(player):
            return None
        return h("small", {"class": "bot-tag"}, " · " + self.level_labels.get(self.seats[player].level, "Bot"))

    def actor(self) -> int | None:
        """The human whose move the screen takes now (None: a bot's turn, a hand-over
        in progress, a replay or the end)."""
        if self.phase != "play" or self.state is None or self.stale or self.watch_only:
            return None
        acting = self.game.to_act(self.state)
        if not acting or self.is_bot(acting[0]) or self.needs_handover(acting[0]):
            return None
        return acting[0]

    def position_changed(self) -> bool:
        """True once for each new position or acting human (a move, an undo, a replay
        step): the moment for a view to forget clicks made on the old one."""
        # The undo count tells apart a position undone back to: the same state object, anew.
        key = (self.state, self.actor(), self.undos)
        if self._picks_for is not None and self._picks_for[0] is key[0] and self._picks_for[1:] == key[1:]:
            return False
        self._picks_for = key
        return True

    # --- setup ---------------------------------------------------------------------

    def read_setup(self, form: dict) -> None:
        """Take what the player typed into the new-game panel (kept across re-renders)."""
        seats = []
        levels = self.available_levels()
        for i in range(len(self.seats)):
            # The seat's select says "human" or the bot level ("easy", "normal", "hard").
            default = "human" if self.seats[i].kind == "human" else self.seats[i].level or "normal"
            choice = form.get(f"seat{i}_kind", default)
            name = clean_name(form.get(f"seat{i}_name", self.seats[i].name), f"Player {i + 1}")
            if choice == "human":
                seats.append(Seat("human", name))
            else:
                seats.append(Seat("bot", name, choice if choice in levels else "normal"))
        self.seats = seats
        seed_text = str(form.get("seed", self.seed)).strip()
        if seed_text.isdigit() and len(seed_text) <= 18:
            self.seed = int(seed_text)
        elif seed_text:
            self.message = "The seed must be a whole number; a new one was chosen."
            self.seed = new_seed()
        self.options = self.read_options(form)

    def available_levels(self) -> list[str]:
        have = set(bot_factories(self.game))
        return [level for level in self.bot_levels if level in have] or ["normal"]

    def render_setup(self) -> Markup:
        low, high = self.seat_limits()
        levels = self.available_levels()
        rows = []
        for i, seat in enumerate(self.seats):
            kind_value = "human" if seat.kind == "human" else seat.level or "normal"
            choices = [("human", "Human")] + [(lvl, self.level_labels.get(lvl, lvl.title())) for lvl in levels]
            rows.append(h("li", {"class": "seat-row", "data-seat": i},
                          h("span", {"class": f"seat-dot p{i}", "aria-hidden": "true"}),
                          h("label", {"class": "visually-hidden", "for": f"seat{i}_name"}, f"Name of player {i + 1}"),
                          h("input", {"id": f"seat{i}_name", "name": f"seat{i}_name", "value": seat.name,
                                      "maxlength": MAX_NAME, "autocomplete": "off", "aria-label": f"Name of player {i + 1}"}),
                          h("select", {"name": f"seat{i}_kind", "aria-label": f"Who plays seat {i + 1}"},
                            *[h("option", {"value": v, "selected": v == kind_value}, label) for v, label in choices])))
        return h("section", {"class": f"table setup {self.game_id}", "data-game": self.game_id, "data-phase": "setup"},
                 top_bar(self.entry.title),
                 h("form", {"class": "setup-panel", "aria-label": "New game", "data-submit": "start"},
                   h("h1", {"tabindex": "-1"}, f"New game of {self.entry.title}"),
                   self.notice(),
                   h("fieldset", None, h("legend", None, "Players"),
                     h("ol", {"class": "seat-list"}, *rows),
                     h("p", {"class": "seat-buttons"},
                       h("button", {"type": "button", "class": "secondary", "data-action": "add-seat",
                                    "disabled": len(self.seats) >= high}, "Add player"),
                       " ",
                       h("button", {"type": "button", "class": "secondary", "data-action": "remove-seat",
                                    "disabled": len(self.seats) <= low}, "Remove player")),
                     self.render_level_help(levels)),
                   self.setup_fields(),
                   h("p", {"class": "seed-row"},
                     h("label", {"for": "seed"}, "Deal number (seed) "),
                     h("input", {"id": "seed", "name": "seed", "value": self.seed, "inputmode": "numeric", "size": 12}),
                     " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "new-seed"}, "New deal")),
                   h("p", {"class": "setup-actions"},
                     h("button", {"type": "submit", "class": "start", "data-action": "start"}, "Start game"),
                     h("button", {"type": "button", "class": "secondary", "data-action": "copy-deal"}, "Copy link to this deal"),
                     h("a", {"href": f"#/{self.game_id}/rules"}, "Rules")),
                   h("p", {"class": "share-row"},
                     h("label", {"for": "link-deal"}, "Link to this deal (same seats, same tiles and dice)"),
                     h("input", {"id": "link-deal", "readonly": True, "value": self.deal_link, "data-link": "deal"}))
                   if self.deal_link else None))

    def render_level_help(self, levels: list[str]) -> Markup | None:
        explained = [lvl for lvl in levels if lvl in self.level_help]
        if len(explained) < 2:
            return None
        return h("p", {"class": "level-help", "data-level-help": ""},
                 *[h("span", None, h("strong", None, self.level_labels.get(lvl, lvl.title())), f": {self.level_help[lvl]}. ")
                   for lvl in explained])

    def change_setup(self, action: str) -> None:
        low, high = self.seat_limits()
        if action == "add-seat" and len(self.seats) < high:
            i = len(self.seats)
            self.seats.append(Seat("bot", DEFAULT_NAMES[i % len(DEFAULT_NAMES)], "normal"))
        elif action == "remove-seat" and len(self.seats) > low:
            self.seats.pop()
        elif action == "new-seed":
            self.seed = new_seed()

    # --- playing --------------------------------------------------------------------

    def start(self, seed: int | None = None) -> None:
        if seed is not None:
            self.seed = seed
        try:
            state = self.game.new(len(self.seats), self.seed, self.options)
        except ValueError as exc:
            self.message = str(exc)
            self.phase = "setup"
            self.app.refresh()
            return
        self.state = state
        self.history = [state]
        self.record = Record(self.game_id, list(self.seats), self.seed, dict(self.options), [])
        self.begin(self.new_save_id())
        self.log = [self.first_log_line()]
        self.phase = "play"
        self.autosave()
        self.app.refresh()
        self.after_change()

    def begin(self, save_id: str) -> None:
        """What every way into a game shares: seat the bots, fresh screen state."""
        self.save_id = save_id
        self.watch_only = False  # (a replay link sets it again after loading)
        self.stale = False
        self.bots = {i: make_bot(self.game, s.level or "normal") for i, s in enumerate(self.seats) if s.kind == "bot"}
        self.bot_rngs = {i: Rng(self.seed).fork(1000 + i) for i in self.bots}
        self.revealed_to = None
        self.last_move = None
        self.end_dismissed = False
        self.undo_floor = 0
        self.confirm_undo = False
        self.sharing = False
        self.think_ms: list[float] = []

    def first_log_line(self) -> str:
        return f"New game, deal {self.seed}: " + ", ".join(self.names()) + "."

    def autosave(self) -> None:
        if not self.save_id or self.record is None or self.stale or self.watch_only:
            return
        over = self.game.is_over(self.state)
        result = self.app.saves.save(self.save_id, self.record, over=over, summary=self.save_summary(over))
        if result == STALE:
            self.went_stale()
            return
        self.save_trouble = result if result in SAVE_TROUBLE else ""
        self.app.set_path(self.address())  # the address bar always opens what was saved

    def save_summary(self, over: bool) -> str:
        """One line for the home screen's lists: the scores, and who won once it is over."""
        scores = " · ".join(f"{name} {self.score_text(p, score)}"
                            for p, (name, score) in enumerate(zip(self.names(), self.game.scores(self.state))))
        return f"{self.headline(self.game.winners(self.state))} {scores}" if over else scores

    def went_stale(self) -> None:
        """Another tab or window saved newer moves of this game: stop, and offer them."""
        self.stale = True
        self.cancel_pending()

    def on_storage(self, save_id: str) -> None:
        """Storage changed in another tab (the page's storage event)."""
        if save_id == self.save_id and not self.stale and self.app.saves.newer_elsewhere(save_id):
            self.went_stale()
            self.app.refresh()

    def load_newest(self) -> None:
        saved = self.saved_here(self.save_id)
        try:
            if saved is None:
                raise RecordError("it could not be read")
            self.load(saved.record, save_id=saved.save_id)  # (begin() clears stale)
            self.message = "You are on the newest position of this game."
        except RecordError:
            # Set aside (never deleted), and this page's game is saved in its place.
            self.app.saves.set_aside_save(self.save_id, "the newer copy of a game could not be replayed")
            self.stale = False
            self.message = "The newer copy of this game could not be opened, so it was set aside; this one goes on."
            self.autosave()
        self.app.refresh()
        self.after_change()

    def flush(self) -> None:
        """The page is being hidden or closed: write anything not saved yet."""

    def act(self, player: int, move) -> bool:
        """Play a move through the rules. A refused move leaves everything as it was
        and says why."""
        if self.stale:
            self.message = STALE_MOVE
            self.app.refresh()
            return False
        if not self.can_play():
            return False
        before = self.state
        try:
            after = self.game.apply(before, player, move)
        except IllegalMove as exc:
            self.message = str(exc)
            self.app.refresh()
            return False
        self.record_move(player, move, after)
        self.message = ""
        describe = getattr(self.game, "describe", None)
        if describe:
            self.log.append(name_players(describe(before, player, move), self.names()))
        self.confirm_undo = False
        if self.game.is_over(after):
            self.phase = "over"
        self.autosave()
        self.app.refresh()
        self.after_change()
        return True

    def can_play(self) -> bool:
        """Moves may be made now: a game in play that no other tab has moved on."""
        return self.phase == "play" and not self.stale and not self.watch_only

    def record_move(self, player: int, move, after) -> None:
        """A move the rules accepted joins the record; `after` is the new position."""
        self.state = after
        self.record.moves.append([player, move])
        self.history.append(after)
        self.last_move = (player, move)

    def after_change(self) -> None:
        """Who moves next: schedule a bot, or hand the device to a human."""
        self.cancel_pending()
        if not self.can_play():
            return
        acting = self.game.to_act(self.state)
        if not acting:
            return
        player = acting[0]
        if self.is_bot(player):
            self.pending = self.app.later(self.pace(), lambda: self.bot_move(player))
        elif self.needs_handover(player):
            self.revealed_to = None
            self.app.refresh()

    def bot_move(self, player: int) -> None:
        self.pending = None
        if self.phase != "play" or player not in self.game.to_act(self.state):
            return
        legal = self.game.legal_moves(self.state, player)
        bot, view, rng = self.bots[player], self.game.view(self.state, player), self.bot_rngs[player]
        think = getattr(bot, "think", None)
        started = self.app.now()
        if think is None:
            move = bot.choose(view, legal, rng)
            self.note_think(self.app.now() - started, legal)
            self.act(player, move)
            return
        # A searching bot thinks in slices: a generator that yields while it works and
        # returns its move. Between slices the page gets the main thread back, so it
        # stays responsive however long the search runs.
        self.think_slice(player, think(view, legal, rng), self.state, started, legal)

    def think_slice(self, player: int, thinking, state_then, started: float, legal: list) -> None:
        self.pending = None
        if self.phase != "play" or self.state is not state_then:
            thinking.close()  # the game moved on (undo, new game): drop this search
            return
        deadline = self.app.now() + THINK_SLICE_MS
        try:
            while self.app.now() < deadline:
                next(thinking)
        except StopIteration as done:
            self.note_think(self.app.now() - started, legal)
            self.act(player, done.value)
            return
        self.pending = self.app.later(0, lambda: self.think_slice(player, thinking, state_then, started, legal))

    def note_think(self, ms: float, legal: list) -> None:
        """How long a bot took to decide (all slices of a search included); the table
        reports count, median and worst as data-think, for tests and benchmarks."""
        self.think_ms.append(ms)

    def pace(self) -> int:
        return PACES.get(self.app.prefs.get("pace", "normal"), PACES["normal"])

    def cancel_pending(self) -> None:
        if self.pending is not None:
            self.app.cancel(self.pending)
            self.pending = None

    def close(self) -> None:
        self.cancel_pending()
        self.stop_replay_timer()

    # --- undo -----------------------------------------------------------------------

    def undo_target(self) -> int | None:
        """How many moves to keep after an undo, or None if undo is not possible now.
        Against bots: back to before your last turn (the bots' replies go with it).
        Several humans on one device: the last move. Never past moves shared by link."""
        if not self.undoable or self.phase not in ("play", "over") or self.record is None or self.watch_only:
            return None
        humans = self.humans()
        moves = self.record.moves
        if not humans:
            return None
        if len(humans) == 1:
            # Back to the start of your last turn: every move of it (place, trades, end)
            # and every bot reply after it.
            mine = [i for i, (player, _) in enumerate(moves) if player == humans[0]]
            target = mine[-1] if mine else None
            while target and moves[target - 1][0] == humans[0]:
                target -= 1
        else:
            target = len(moves) - 1 if moves else None
        if target is None or target < self.undo_floor:
            return None
        return target

    def undo(self) -> None:
        target = self.undo_target()
        if target is None:
            return
        self.cancel_pending()
        self.record.moves = self.record.moves[:target]
        self.history = self.history[: target + 1]
        self.state = self.history[-1]
        self.undos += 1
        self.log = self.log[: 1 + target]  # one line per move: it stays aligned with the record
        self.last_move = tuple(self.record.moves[-1]) if self.record.moves else None
        self.phase = "over" if self.game.is_over(self.state) else "play"
        self.end_dismissed = False
        self.confirm_undo = False
        self.message = "Undone: back to " + (f"move {target}." if target else "the start.")
        self.autosave()
        self.app.refresh()
        self.after_change()

    # --- replay ------------------------------------------------------------------------

    def enter_replay(self, index: int | None = None) -> None:
        self.cancel_pending()
        states = list(self.history)
        self.replay_states = states
        self.phase = "replay"
        self.message = ""
        self.show_replay_step(len(states) - 1 if index is None else index)

    def show_replay_step(self, index: int) -> None:
        self.replay_index = max(0, min(index, len(self.replay_states) - 1))
        self.state = self.replay_states[self.replay_index]
        self.last_move = tuple(self.record.moves[self.replay_index - 1]) if self.replay_index else None

    def leave_replay(self) -> None:
        if self.watch_only and not self.game.is_over(self.replay_states[-1]):
            return  # a replay link never becomes a seat at the table
        self.stop_replay_timer()
        self.state = self.replay_states[-1]
        self.last_move = tuple(self.record.moves[-1]) if self.record.moves else None
        self.phase = "over" if self.game.is_over(self.state) else "play"
        self.app.refresh()
        self.after_change()

    def replay_tick(self) -> None:
        self.replay_playing = None
        if self.phase != "replay" or self.replay_index >= len(self.replay_states) - 1:
            self.app.refresh()
            return
        self.show_replay_step(self.replay_index + 1)
        self.replay_playing = self.app.later(max(250, self.pace()), self.replay_tick)
        self.app.refresh()

    def stop_replay_timer(self) -> None:
        if self.replay_playing is not None:
            self.app.cancel(self.replay_playing)
            self.replay_playing = None

    def on_replay_action(self, action: str, data: dict) -> None:
        steps = {"replay-first": 0, "replay-prev": self.replay_index - 1,
                 "replay-next": self.replay_index + 1, "replay-last": len(self.replay_states) - 1}
        if action in steps:
            self.stop_replay_timer()
            self.show_replay_step(steps[action])
        elif action == "replay-jump":
            self.stop_replay_timer()
            self.show_replay_step(int(data.get("index", 0)))
        elif action == "replay-play":
            if self.replay_playing is not None:
                self.stop_replay_timer()
            else:
                if self.replay_index >= len(self.replay_states) - 1:
                    self.show_replay_step(0)
                self.replay_playing = self.app.later(0, self.replay_tick)
        self.app.refresh()

    # --- links -----------------------------------------------------------------------

    def links(self) -> dict[str, str]:
        deal = Record(self.game_id, list(self.record.seats), self.record.seed, dict(self.record.options), [])
        return {
            "deal": self.app.link(f"/{self.game_id}/deal/{encode(deal)}"),
            "game": self.app.link(f"/{self.game_id}/game/{encode(self.record)}"),
            "replay": self.app.link(f"/{self.game_id}/replay/{encode(self.record)}"),
        }

    # --- events -----------------------------------------------------------------------

    def on_action(self, action: str, data: dict) -> None:
        form = data.get("form") or {}
        if action in ("add-seat", "remove-seat", "new-seed", "start", "copy-deal"):
            self.message = ""
            self.read_setup(form)
            if action == "start":
                self.start()
                return
            if action == "copy-deal":
                deal = Record(self.game_id, list(self.seats), self.seed, dict(self.options), [])
                self.deal_link = self.app.link(f"/{self.game_id}/deal/{encode(deal)}")
                self.app.copy(self.deal_link)
                self.message = "Link to this deal copied: whoever opens it gets these seats and this same deal."
                self.app.refresh()
                return
            self.change_setup(action)
            self.app.refresh()
        elif action == "pace":
            self.app.prefs["pace"] = data.get("pace", "normal")
            self.app.save_prefs()
            self.app.refresh()
        elif action == "take-device":
            self.revealed_to = int(data["seat"])
            self.app.refresh()
        elif action == "new-game":
            self.cancel_pending()
            self.phase = "setup"
            self.seed = new_seed()
            self.app.refresh()
        elif action == "same-seats":
            self.message = ""
            self.start(new_seed())
        elif action == "undo":
            if len(self.humans()) > 1 and not self.confirm_undo:
                self.confirm_undo = True  # hot-seat: everyone sees it, so ask first
                self.app.refresh()
            else:
                self.undo()
        elif action == "undo-cancel":
            self.confirm_undo = False
            self.app.refresh()
        elif action == "share":
            self.sharing = not self.sharing
            self.app.refresh()
        elif action == "copy-link":
            kind = data.get("kind", "game")
            self.app.copy(self.links()[kind])
            if kind == "game":
                self.undo_floor = len(self.record.moves)  # shared: these moves are now settled
            self.message = {"deal": "Link to this deal copied.", "game": "Link to this game copied.",
                            "replay": "Replay link copied."}[kind]
            self.app.refresh()
        elif action == "replay":
            self.enter_replay(0)
            self.app.refresh()
        elif action == "load-newest":
            self.load_newest()
        elif action == "download":
            self.app.download(f"{self.game_id}-{self.save_id or 'game'}.json", to_json(self.record))
        elif action == "replay-leave":
            self.leave_replay()
        elif action.startswith("replay-"):
            self.on_replay_action(action, data)
        elif action in ("close-end", "show-end"):
            self.end_dismissed = action == "close-end"
            self.app.refresh()
        else:
            self.on_game_action(action, data)

    def on_key(self, key: str) -> bool:
        if self.phase == "replay":
            action = {"ArrowLeft": "replay-prev", "ArrowRight": "replay-next", "Home": "replay-first",
                      "End": "replay-last", " ": "replay-play"}.get(key)
            if action:
                self.on_replay_action(action, {})
                return True
        return self.on_game_key(key)

    def on_game_key(self, key: str) -> bool:
        """Keys for the game itself (views override)."""
        return False

    # --- drawing --------------------------------------------------------------------

    def render(self) -> Markup:
        if self.phase == "setup":
            return self.render_setup()
        return h("section", {"class": f"table {self.game_id}", "data-game": self.game_id, "data-phase": self.phase,
                             "data-think": think_stats(self.think_ms)},
                 top_bar(self.entry.title),
                 h("h1", {"class": "visually-hidden", "tabindex": "-1"}, self.entry.title),
                 h("div", {"class": "table-layout"},
                   h("div", {"class": "board-area"}, self.save_notice(), self.notice(), self.board()),
                   h("aside", {"class": "side-area"}, self.status_line(), self.side(), self.controls(), self.log_panel())),
                 self.overlay())

    def save_notice(self) -> Markup | None:
        """Said where the player is looking, for as long as it holds: another tab
        moved this game on, or this game is not being saved."""
        if self.stale:
            return h("div", {"class": "notice-bar save-notice", "role": "alert", "data-stale": ""},
                     h("p", None, "This game was moved on in another tab or window, so this page is out of date. "
                                  "Nothing here was saved over it."),
                     h("button", {"type": "button", "data-action": "load-newest"}, "Continue from the newest position"))
        if not self.save_trouble:
            return None
        return h("div", {"class": "notice-bar save-notice", "role": "alert", "data-save-trouble": self.save_trouble},
                 h("p", None, SAVE_TROUBLE[self.save_trouble],
                   " The game goes on here; to keep it, copy its link or download it."),
                 h("button", {"type": "button", "data-action": "copy-link", "data-kind": "game"}, "Copy link to this game"),
                 " ",
                 h("button", {"type": "button", "class": "secondary", "data-action": "download"}, "Download this game"))

    def notice(self) -> Markup:
        if not self.message:
            return Markup("")
        return h("p", {"class": "notice-bar", "role": "alert", "data-notice": ""}, self.message)

    def status_line(self) -> Markup:
        if self.phase != "play":
            return Markup("")
        acting = self.game.to_act(self.state)
        if not acting:
            return Markup("")
        name = self.names()[acting[0]]
        text = "Your turn" if acting[0] == self.viewer() and len(self.humans()) == 1 else f"{name}'s turn"
        if self.is_bot(acting[0]):
            text = f"{name} is thinking…"
        return h("p", {"class": f"turn p{acting[0]}", "data-turn": acting[0], "aria-live": "polite"}, text)

    def controls(self) -> Markup:
        if self.phase == "replay":
            return self.replay_controls()
        pace = self.app.prefs.get("pace", "normal")
        buttons = [h("button", {"type": "button", "class": "chip" + (" on" if p == pace else ""), "data-action": "pace",
                                "data-pace": p, "aria-pressed": "true" if p == pace else "false"}, p.title())
                   for p in PACES] if self.bots else []
        undo = None
        if self.confirm_undo and self.undo_target() is not None:
            undo = h("span", {"class": "confirm", "role": "group", "aria-label": "Confirm undo"},
                     "Undo the last move for everyone? ",
                     h("button", {"type": "button", "data-action": "undo"}, "Yes, undo"), " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "undo-cancel"}, "No"))
        elif self.undoable:
            undo = h("button", {"type": "button", "class": "secondary", "data-action": "undo",
                                "disabled": self.undo_target() is None, "aria-keyshortcuts": "u"}, "Undo")
        return h("div", {"class": "controls"},
                 h("div", {"class": "pace", "role": "group", "aria-label": "Bot speed"},
                   h("span", None, "Bot speed"), *buttons) if buttons else None,
                 h("p", {"class": "control-row"},
                   undo,
                   h("button", {"type": "button", "class": "secondary", "data-action": "share",
                                "aria-expanded": "true" if self.sharing else "false"}, "Share"),
                   h("button", {"type": "button", "class": "secondary", "data-action": "replay"}, "Replay"),
                   h("button", {"type": "button", "class": "secondary", "data-action": "new-game"}, "New game"),
                   h("a", {"href": f"#/{self.game_id}/rules", "target": "_blank"}, "Rules")),
                 self.share_panel() if self.sharing else None)

    def share_panel(self) -> Markup:
        links = self.links()
        rows = [("deal", "Same deal", "The same seats and deal, from the start: can they beat your score?"),
                ("game", "This game", "The game so far: they see this position and can play on, then send a new link back."),
                ("replay", "Replay", "Watch the whole game move by move.")]
        return h("div", {"class": "share-panel", "data-share": ""},
                 h("p", {"class": "share-warning"},
                   "A link carries the whole game, hidden tiles and cards included: share it with friends, not opponents you don't trust."),
                 *[h("div", {"class": "share-row"},
                     h("label", {"for": f"link-{kind}"}, title),
                     h("input", {"id": f"link-{kind}", "readonly": True, "value": links[kind], "data-link": kind,
                                 "aria-describedby": f"link-{kind}-help"}),
                     h("button", {"type": "button", "data-action": "copy-link", "data-kind": kind}, "Copy"),
                     h("small", {"id": f"link-{kind}-help"}, help_text))
                   for kind, title, help_text in rows])

    def replay_controls(self) -> Markup:
        last = len(self.replay_states) - 1
        playing = self.replay_playing is not None

        def button(action, label, icon, disabled=False):
            return h("button", {"type": "button", "class": "secondary icon-button", "data-action": action,
                                "aria-label": label, "title": label, "disabled": disabled}, ICONS[icon])

        return h("div", {"class": "controls replay-controls", "data-replay": self.replay_index},
                 h("p", {"class": "replay-position", "aria-live": "polite"},
                   f"Replay: move {self.replay_index} of {last}"),
                 h("p", {"class": "control-row", "role": "group", "aria-label": "Replay controls"},
                   button("replay-first", "First move", "first", self.replay_index == 0),
                   button("replay-prev", "Previous move", "prev", self.replay_index == 0),
                   button("replay-play", "Pause" if playing else "Play", "pause" if playing else "play"),
                   button("replay-next", "Next move", "next", self.replay_index == last),
                   button("replay-last", "Last move", "last", self.replay_index == last)),
                 h("p", {"class": "control-row"},
                   self.replay_exit(),
                   h("small", None, "Arrow keys step; Space plays and pauses.")))

    def replay_exit(self) -> Markup:
        if self.game.is_over(self.replay_states[-1]):
            return h("button", {"type": "button", "data-action": "replay-leave"}, "Back to the result")
        if self.watch_only:  # a replay link: the game's secrets stay secret, so no seat to go back to
            return h("a", {"class": "button", "href": f"#/{self.game_id}"}, f"Start your own game of {self.entry.title}")
        return h("button", {"type": "button", "data-action": "replay-leave"}, "Back to the game")

    def log_panel(self) -> Markup:
        if self.phase == "replay":
            # Every move is a step to jump to; the ones around the current step are on
            # screen (a long game's whole log would make every step slow to draw).
            first = max(0, min(self.replay_index - LOG_SHOWN // 2, len(self.log) - 1 - LOG_SHOWN))
            items = [h("li", {"class": "current" if i + 1 == self.replay_index else None},
                       h("button", {"type": "button", "class": "log-jump", "data-action": "replay-jump", "data-index": i + 1},
                         line))
                     for i, line in enumerate(self.log[1 + first: 1 + first + LOG_SHOWN], start=first)]
            return h("section", {"class": "log", "aria-label": "Moves"},
                     h("h2", None, "Moves"), h("ol", {"data-log": "", "class": "replay-log"}, *items))
        items = [h("li", None, line) for line in reversed(self.log[-LOG_SHOWN:])]
        return h("section", {"class": "log", "aria-label": "What happened"},
                 h("h2", None, "What happened"), h("ol", {"data-log": ""}, *items))

    def overlay(self) -> Markup:
        if self.phase == "over":
            if self.end_dismissed:
                return h("p", {"class": "end-bar"}, "Game over. ",
                         h("button", {"type": "button", "data-action": "show-end"}, "Show the result"))
            return self.end_screen()
        acting = self.game.to_act(self.state) if self.phase == "play" else []
        if acting and self.needs_handover(acting[0]):
            name = self.names()[acting[0]]
            return h("div", {"class": "overlay", "role": "dialog", "aria-modal": "true", "aria-label": f"Pass to {name}",
                             "data-handover": acting[0]},
                     h("div", {"class": "overlay-card"},
                       h("h2", None, f"Pass the device to {name}"),
                       h("p", None, "Everyone else, look away: the next screen shows secret tiles and cards."),
                       h("button", {"type": "button", "data-action": "take-device", "data-seat": acting[0], "autofocus": True},
                         f"I'm {name}: show my turn"),
                       h("p", {"class": "handover-link"}, f"Playing on different devices? Send {name} the link to this game: ",
                         h("button", {"type": "button", "class": "secondary", "data-action": "copy-link", "data-kind": "game"},
                           "Copy link to this game"))))
        return Markup("")

    def headline(self, winners: list[int]) -> str:
        """The end screen's first line."""
        names = self.names()
        if not winners:
            return "Nobody wins this time."
        if len(winners) == 1:
            return f"{names[winners[0]]} wins!"
        return " and ".join(names[w] for w in winners) + " share the win!"

    def outcome(self) -> str:
        """A word for how the game ended (data-outcome on the end screen, for tests)."""
        return "won" if self.game.winners(self.state) else "nobody"

    def end_screen(self) -> Markup:
        winners = self.game.winners(self.state)
        return h("div", {"class": "overlay", "role": "dialog", "aria-modal": "true", "aria-label": "Game over", "data-end": "",
                         "data-outcome": self.outcome()},
                 h("div", {"class": "overlay-card end-card"},
                   h("h2", None, self.headline(winners)),
                   self.score_table(winners),
                   self.summary(),
                   h("p", {"class": "end-buttons"},
                     h("button", {"type": "button", "data-action": "same-seats"}, "Same seats, new deal"), " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "new-game"}, "Play again"), " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "replay"}, "Watch the replay"), " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "close-end"}, "Look at the board"))))

    def score_table(self, winners: list[int]) -> Markup:
        """Final scores, winners first (a game whose summary() says more may drop it)."""
        scores = self.game.scores(self.state)
        names = self.names()
        order = sorted(range(len(names)), key=lambda p: (p not in winners, not self.has_score(p),
                                                         -scores[p] if self.higher_is_better() else scores[p]))
        rows = [h("tr", {"class": "winner" if p in winners else None},
                  h("th", {"scope": "row"}, names[p]), h("td", None, self.score_text(p, scores[p])))
                for p in order]
        return h("table", {"class": "final-scores"}, h("thead", None, h("tr", None, h("th", None, "Player"), h("th", None, "Score"))),
                 h("tbody", None, *rows))

    def higher_is_better(self) -> bool:
        return True

    def has_score(self, player: int) -> bool:
        """False for a player whose number means nothing (they never finished)."""
        return True

    def score_text(self, player: int, score) -> str:
        return self.format_score(score) if self.has_score(player) else "—"

    def format_score(self, score) -> str:
        return str(int(score)) if float(score).is_integer() else f"{score:.1f}"

