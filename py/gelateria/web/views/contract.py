"""The contract between the table (web/table.py) and a game's view.

A view is a small object that never sees the session, the record, the table or the
browser. It is given `Facts` (core/facts.py: one position as one seat sees it, plain
JSON) and its own `ui` (what the player has picked but not played: a selected tile, an
aimed space), and it does two things:

- `draw(facts, ui) -> Parts`: the game's named parts of the table, drawn into one shared
  layout (web/chrome.py);
- `interpret(facts, ui, action, data)`: a click or key as a move for `facts.actor`, a
  `Seated` move (real time: for the seat the click or key was, e.g. whose key row),
  `UI` (its ui changed: draw again), a `Notice` (words for the player, ui maybe
  changed), `Prefs` (how this device shows the game changed: stored, drawn again),
  `Automatic` (a seat's moves are to come by themselves, or to wait), a `Reveal` (a
  player at a shared screen shows their own secrets, or hides them again), or None
  (nothing to do). A control held down (data-hold) is an action too, named by it, with
  data["down"] True when pressed and False when let go.

A view never keeps time: what changes with time (an animation playing out, a countdown)
it draws from the table's clock (Setting.now), and it declares the rest as data the table
runs: when to be drawn again (Parts.wake), how long automatic moves wait (pace,
settle_ms), long work to run in slices (work).

What is not a fact of the game but of this device or this table (the window's width, a
finger or a mouse, where focus is, the device's preferences, a guided game's hints) comes
to the view as a `Setting` (`sense`), never in Facts: another device has its own.

Because everything a view draws comes from Facts, the same view draws a guest's screen at
a live table from Facts sent by another device (tests/unit/test_view_contract.py holds
every registered view to this).

A game's screen is registered once (`register_screen`): its view, and everything else the
box needs to know about its screen. Every shared list is derived from the registry.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from gelateria.core.facts import Facts
from gelateria.core.game import get_game
from gelateria.core.i18n import _, pgettext
from gelateria.web.markup import Markup, h

UI = "ui"  # what interpret() returns for a change of the view's own state (a pick, a toggle)


@dataclass(frozen=True)
class Notice:
    """interpret()'s answer when the player should be told something (no move is made)."""

    text: str  # ("" clears what was said)


@dataclass(frozen=True)
class Seated:
    """interpret()'s answer when a move is for a seat the view names (real time, several
    humans at one screen: whose key or button it was), not for facts.actor."""

    seat: int
    move: Any


@dataclass(frozen=True)
class Reveal:
    """interpret()'s answer when a player at a shared screen shows their own secrets
    (the table then draws with that seat as the viewer) or hides them again (None)."""

    seat: int | None


@dataclass(frozen=True)
class Prefs:
    """interpret()'s answer when the player changed how this device shows the game: its
    preferences (key -> value; None forgets it), which the table stores before drawing again."""

    changes: dict


@dataclass(frozen=True)
class Automatic:
    """interpret()'s answer when the player leaves a seat's moves to the game (on: they
    come by themselves when due, as a bot's do) or takes them back (off: they wait for the
    screen, a bot's too): Gelatinous's Auto. The table plays them (core.session)."""

    seat: int
    on: bool


@dataclass(frozen=True)
class Setting:
    """Where a view is drawn, beyond the game's Facts: what the table knows of this device
    and of this table, given to the view (View.sense) before it draws, interprets or reads
    a key. Never sent with Facts (a device at a live table has its own)."""

    # The page's facts at the latest event (web/app.py App.facts: the window's `width`, a
    # `coarse` pointer, the `board`'s [width, height] on screen, `boardFocused`); {} in plain Python.
    page: dict = field(default_factory=dict)
    prefs: dict = field(default_factory=dict)  # this device's preferences (a view changes them by answering Prefs)
    guided: bool = False  # the guided first game (web/practice.py), which the table hints through
    hints_off: bool = False  # ... its player stopped the hints
    hints_done: frozenset = frozenset()  # ... the hints they dismissed ("Got it")
    now: float = 0.0  # the table's clock (ms; a real-time game's own) when the view was told: what it draws against time


@dataclass
class Parts:
    """What a view draws; the table puts each part in its slot (web/chrome.py)."""

    board: Markup
    side: Markup = Markup("")  # what a turn needs beside the board (under it on a phone)
    details: Markup = Markup("")  # one tap away on a phone ("More"): supply, scores, help
    strip: Markup = Markup("")  # a line of facts beside whose turn it is, short enough for a phone
    summary: Markup = Markup("")  # the end screen: how each score was made
    hint: tuple[str, str] | None = None  # the guided game's next step: (what to point at, words)
    story: str | None = None  # the guided game's end: how your score was made
    focus: str | None = None  # where the player works now (a selector), when the page may move focus
    focus_next: str | None = None  # focus this once drawn (the last click leads there; "home": `focus`)
    focus_idle: str | None = None  # focus this once drawn if nothing has focus (your turn came round)
    status: Markup | None = None  # whose turn it is, in the view's words, for the strip (None: the table's)
    overlay: Markup = Markup("")  # the view's own dialog over the table (between rounds), when the table shows none
    table_data: dict = field(default_factory=dict)  # more data-* attributes on the table (the round: for tests and styles)
    wake: int | None = None  # draw again after this many ms (an animation's end, a countdown's tick), at the new Setting.now
    hold_end: bool = False  # the game is over but its last move still plays out: the end screen waits
    headline: str | None = None  # the end screen's first line, when the game tells its end its own way
    outcome: str | None = None  # how the game ended in a word (data-outcome), when the game has its own words
    # Parts of the drawing that may be sent alone (a CSS selector that finds each on the
    # page -> its markup, verbatim as in board, side, details, strip or status): when only
    # they changed, the table sends pieces instead of the whole screen (after a pick every
    # one of them; after a move or on the clock the ones that changed: a roll played out,
    # a card flipped).
    pieces: dict = field(default_factory=dict)
    # Elements whose own attributes may change alone (a CSS selector -> the element's
    # start tag, verbatim as drawn, outside the pieces): the board's viewBox, measured or
    # zoomed. Sent as attributes; what the element holds is left as it is.
    tags: dict = field(default_factory=dict)


class View:
    """What every view declares (a view may take these as they are)."""

    game_id = ""
    scores_in_summary = False  # True: the summary shows every score, so the end screen leaves out the table's own
    since_last_turn = True  # the side lists the others' moves since the player's last (False: the board shows them)
    bot_speed_chips = True  # the controls offer "Bot speed" while bots play (False: the view offers its own)
    # The shared panels (new game, share, links, the hand-over) say the box's words: a deal
    # of cards and tiles, "secret tiles and cards". A game that has other things says its
    # own here (N_ strings), by the keys of own_word's callers.
    own_words: dict = {}

    def setup_fields(self, options: dict, names: list[str]) -> Markup:
        """The game's own fields on the new-game panel (inputs named opt_<name>), for the
        options chosen so far and the seats (their names)."""
        return Markup("")

    def read_options(self, form: dict, options: dict, names: list[str]) -> dict:
        """The options the new-game panel's form sets: `options`, the declared ones as the
        table read them, as this game takes them for these seats."""
        return options

    def new_ui(self, before: Any = None) -> Any:
        """The view's own state for a new game (`before`: the last game's, for what
        outlasts a game, like how far the board is zoomed)."""
        return None

    def sense(self, ui: Any, setting: Setting) -> None:
        """Where the view is drawn (see Setting), told before every draw(), interpret()
        and key(): a view keeps in its ui what of it it uses."""

    def settle(self, facts: Facts, ui: Any) -> Any:
        """A new position is on screen (a move, an undo, a replay step): the ui to keep."""
        return ui

    def draw(self, facts: Facts, ui: Any) -> Parts:
        raise NotImplementedError

    def interpret(self, facts: Facts, ui: Any, action: str, data: dict):
        return None

    def key(self, facts: Facts, ui: Any, key: str) -> tuple[str, dict] | None:
        """A key press as an action for interpret(), or None (the key is not the view's)."""
        return None

    def focused(self, ui: Any) -> None:
        """The page focused what Parts.focus_next named: it is not asked for again."""

    def measured(self, ui: Any, width: float, height: float, coarse: bool,
                 insets: tuple = (0.0, 0.0, 0.0, 0.0)) -> bool:
        """The page measured the board element (and whether the pointer is a finger, and
        the px [top, right, bottom, left] its floating controls cover): True if that
        changes what is drawn."""
        return False

    def panned(self, ui: Any, x: float, y: float, w: float, hh: float) -> None:
        """A drag, pinch or wheel on the page left the board showing this viewBox."""

    def progress(self, facts: Facts) -> str | None:
        """A game in progress in a few words for the home screen's Continue list (which
        round, who leads), before its scores; None: the scores say enough."""
        return None

    def timed(self, move) -> str | None:
        """The name a bot's decision of this kind is timed under (data-think-<name>), if any."""
        return None

    # --- the new-game panel (no game yet: options and the seats' names only) ------------

    def setup_fields(self, options: dict, names: list[str]) -> Markup:
        """The game's own fields on the new-game panel (inputs named opt_<name>)."""
        return Markup("")

    def read_options(self, form: dict, options: dict, names: list[str]) -> dict:
        """The options as the game takes them, from the options the table read (the declared
        opt_<name> inputs of `form`) and the seats' names."""
        return options

    def setup_action(self, action: str, data: dict, options: dict) -> dict | Notice | None:
        """A click on the game's own fields: the options it chooses (the table fits the
        seats to them), a Notice, or None."""
        return None

    # --- timing and work, declared as data the table runs -------------------------------

    def pace(self, setting: Setting) -> int | None:
        """How long (ms) an automatic move waits after the last move (None: the table's
        bot speed)."""
        return None

    def settle_ms(self, facts: Facts, ui: Any) -> int:
        """How much longer (ms, from Setting.now) the last move holds the screen (its
        animation) before an automatic move may follow, on top of the pace."""
        return 0

    def replay_gap(self, setting: Setting) -> int | None:
        """The pause (ms) between a replay's steps (None: the table's)."""
        return None

    def work(self, facts: Facts, ui: Any) -> Iterator | None:
        """Long pure work for this position (e.g. odds), which the table runs in slices
        between the page's events, drawing again on the way (at most every WORK_DRAW_MS,
        web/drawing.py) and when done; a truthy yield ends a slice early (something new to
        show). None: nothing to do."""
        return None

    def finished(self, facts: Facts, ui: Any) -> Prefs | None:
        """A game played here (not a practice) just ended: what this device keeps of it
        (a tally, a personal best)."""
        return None


@dataclass(frozen=True)
class ScreenSpec:
    """A game's screen, registered once: everything the box needs to show the game."""

    game_id: str
    view: Callable[[], View]  # makes the game's view
    picture: Callable[[], Markup] | None = None  # the home screen card's picture
    guided_seed: int | None = None  # the deal of the guided first game (None: the game has none)
    pref_tables: tuple = ()  # preference keys this game stores as small tables of whole numbers


PACES = {"slow": 1600, "normal": 800, "fast": 300, "instant": 0}  # bot delay, ms ("instant" still yields)


def pace_name(pace: str) -> str:
    """A bot speed as its chip says it."""
    names = {"slow": pgettext("bot speed", "Slow"), "normal": pgettext("bot speed", "Normal"),
             "fast": pgettext("bot speed", "Fast"), "instant": pgettext("bot speed", "Instant")}
    return names.get(pace, pace)


def pace_chips(chosen: str) -> list[Markup]:
    """A chip for each speed (data-action="pace": the table stores the device's choice)."""
    return [h("button", {"type": "button", "class": "chip" + (" on" if p == chosen else ""), "data-action": "pace",
                         "data-pace": p, "aria-pressed": "true" if p == chosen else "false"}, pace_name(p))
            for p in PACES]


def own_word(view: View, key: str, default: str) -> str:
    """What the shared panels say at `key`: the view's own words (View.own_words),
    translated, or the box's `default` (translated)."""
    own = view.own_words.get(key)
    return _(own) if own else default


def level_label(game_id: str, level: str) -> str:
    """A bot level as the new-game panel calls it ("Hard")."""
    bot = get_game(game_id).type.levels().get(level)
    return _(bot.label) if bot is not None and bot.label else _("Bot")


def you(facts: Facts) -> int | None:
    """The seat a screen calls "You": its one player's (None: several share the device,
    or it only watches)."""
    return facts.humans[0] if len(facts.humans) == 1 else None


def names_said(facts: Facts) -> list[str]:
    """Each seat's name as a screen says it: "You" for its one player."""
    me = you(facts)
    return [_("You") if seat == me else name for seat, name in enumerate(facts.names)]


def bot_tag(game_id: str, level: str) -> Markup | None:
    """The ' · Hard bot' after a bot seat's name (None for a human: level "")."""
    if not level:
        return None
    return h("small", {"class": "bot-tag"}, _(" · {level}").format(level=level_label(game_id, level)))


_SCREENS: dict[str, ScreenSpec] = {}


def register_screen(spec: ScreenSpec) -> ScreenSpec:
    _SCREENS[spec.game_id] = spec
    return spec


def unregister_screen(game_id: str) -> None:
    _SCREENS.pop(game_id, None)


def _discover() -> None:
    # Every web/views/<game>_screen.py registers its game's screen when imported (small
    # modules: the home screen needs them, the tables' code waits until a table opens).
    from gelateria.web import views

    for info in pkgutil.iter_modules(views.__path__):
        if info.name.endswith("_screen"):
            importlib.import_module(f"gelateria.web.views.{info.name}")


def registered_screen(game_id: str) -> ScreenSpec | None:
    if game_id not in _SCREENS:
        _discover()
    return _SCREENS.get(game_id)


def registered_screens() -> dict[str, ScreenSpec]:
    _discover()  # cheap after the first time: imported modules are cached
    return dict(_SCREENS)
