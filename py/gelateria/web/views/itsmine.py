"""It's Mine! play screen: flip ice-cream cards and grab piles, in real time.

Time: every move carries "t", the milliseconds since the game started
(`app.now()` minus the start). Bots are driven by `sim.next_event`: after EVERY event
(a bot's, a human's, the countdown's) the pending timer is cancelled and the bots
are asked again; the earliest wish gets a timer. A bot's move carries the time its
hand was planned to land (never earlier than the last event), a human's move the
time of the click or key press, so a timer that fires late never breaks the order
the rules demand.

Controls
- One human against bots: click a pile's "It's mine!" button or press its number
  (1–5) to grab it; click your draw pile or press Space to flip on your turn. Your
  favourites stay on screen.
- Several humans on one keyboard (hot-seat): each has a grab key (Q, P, Z, M, V).
  Press your key: you are "reaching" for 1.5 s; press a pile's number (or click
  its "It's mine!" button) to grab it, more numbers for more piles. Space flips for
  whichever human's turn it is. Favourites are secret: yours show only while you
  hold your "Hold to peek" button (data-hold: pressed → shown, released → hidden).

Drawing: the screen is split into named parts (each seat's head, draw pile, open
pile, burst, footer; the status bar, countdown, log …), each with a cheap key. After
an event only parts whose key changed are redrawn with `app.update`, so a button
the player is pressing is not replaced under the pointer by an unrelated event.
A whole refresh happens only when the stage changes (new round, scores, game over).
"""

from __future__ import annotations

from dataclasses import replace

from gelateria.core.game import IllegalMove
from gelateria.games.itsmine.bots import LEVELS
from gelateria.games.itsmine.rules import (
    CHERRIES, CLOSED, COUNTDOWN_MS, FLAVOURS, ICE_CREAMS, ROUNDS, SHAPES, card_name, closed_points,
)
from gelateria.games.itsmine.sim import next_event
from gelateria.web.markup import Markup, h, join, svg
from gelateria.web.screens import top_bar
from gelateria.web.table import LEVEL_LABELS, STALE_MOVE, TableScreen, name_players

HOT_KEYS = ("q", "p", "z", "m", "v")  # far apart on a QWERTY keyboard
REACH_MS = 1500  # a hot-seat player's hand stays out this long after their key
MESSAGE_MS = 4000  # a refusal stays on screen this long (bots keep playing)
TICK_EVERY_MS = 100  # countdown redraw interval
BURST_MS = 1400  # length of the "It's mine!" animation
AUTO_NEXT_MS = 5000  # a table of bots only moves on to the next round by itself
SAVE_EVERY_MS = 1500  # autosave at most this often during a round (and at once between rounds)
LOG_LINES = 60  # log lines on screen
# Bot speed (the shared "pace" preference) scales how long bots pause before
# flipping; how fast they react to a pile is their level and is never changed.
FLIP_PACE = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.15}

# Flavours: letter, fill colour, letter colour. A pattern and the letter tell them
# apart without colour.
FLAVOUR_LOOK = (
    ("S", "#f48fb1", "#3b1f14"),
    ("C", "#7b4b2a", "#ffffff"),
    ("V", "#fff1b8", "#3b1f14"),
    ("P", "#9ccc65", "#20300e"),
    ("B", "#6c7ee1", "#ffffff"),
)
END_REASONS = {
    "countdown": "Time ran out: nobody wanted the piles left.",
    "tokens": "Nobody holds a heart any more.",
    "cleared": "The table is cleared.",
}

CW, CH = 62, 88  # card size in SVG units
FAN_H = 96
FAN_FIT = 300  # open piles are squeezed (down to the index strip) to fit this width …
FAN_SCALE = 1.3  # … at this many pixels per unit; wider piles shrink to the panel (CSS)
INDEX_W = 22  # the left strip of a card that stays visible when fanned

_INK = "#5b3b2b"


# --------------------------------------------------------------------------- art


def _defs() -> Markup:
    """Patterns and symbols shared by every card on the page (one hidden <svg>)."""
    pats = [
        # strawberry: seeds
        svg("pattern", svg("rect", width=6, height=6, fill=FLAVOUR_LOOK[0][1]),
            svg("ellipse", cx=1.5, cy=1.5, rx=0.6, ry=0.9, fill="#fff3b0"),
            svg("ellipse", cx=4.5, cy=4.5, rx=0.6, ry=0.9, fill="#fff3b0"),
            id="im-f0", width=6, height=6, patternUnits="userSpaceOnUse"),
        # chocolate: diagonal stripes
        svg("pattern", svg("rect", width=5, height=5, fill=FLAVOUR_LOOK[1][1]),
            svg("rect", width=1.8, height=5, fill="#a26a43"),
            id="im-f1", width=5, height=5, patternUnits="userSpaceOnUse", patternTransform="rotate(45)"),
        # vanilla: plain with a few dark specks
        svg("pattern", svg("rect", width=9, height=9, fill=FLAVOUR_LOOK[2][1]),
            svg("circle", cx=2, cy=3, r=0.45, fill="#5d4313"),
            svg("circle", cx=7, cy=7.5, r=0.45, fill="#5d4313"),
            id="im-f2", width=9, height=9, patternUnits="userSpaceOnUse"),
        # pistachio: crosshatch
        svg("pattern", svg("rect", width=5, height=5, fill=FLAVOUR_LOOK[3][1]),
            svg("path", d="M0 0.5H5M0.5 0V5", stroke="#6d9a36", stroke_width=0.9),
            id="im-f3", width=5, height=5, patternUnits="userSpaceOnUse"),
        # blueberry: little rings
        svg("pattern", svg("rect", width=7, height=7, fill=FLAVOUR_LOOK[4][1]),
            svg("circle", cx=3.5, cy=3.5, r=1.6, fill="none", stroke="#c9d0fa", stroke_width=0.8),
            id="im-f4", width=7, height=7, patternUnits="userSpaceOnUse"),
        # card backs: pink and cream stripes
        svg("pattern", svg("rect", width=8, height=8, fill="#f7c8d9"),
            svg("rect", width=4, height=8, fill="#fff4ea"),
            id="im-back", width=8, height=8, patternUnits="userSpaceOnUse", patternTransform="rotate(30)"),
    ]
    scoop = {"stroke": _INK, "stroke_width": 1.2}
    symbols = [
        svg("symbol",  # cone
            svg("path", d="M10 17 L30 17 L20 39 Z", fill="#e3a857", stroke="#8a5a22", stroke_width=1.2, stroke_linejoin="round"),
            svg("path", d="M13 21 L24 21 M15 26 L23 26 M17.5 31 L21.5 31 M14 19 L20 36 M26 19 L20 36", stroke="#a8712c", stroke_width=0.8),
            svg("circle", cx=20, cy=13, r=10.5, **scoop),
            svg("path", d="M9.5 15 Q12 21 15 17 Q17.5 21 20 17 Q22.5 21 25 17 Q28 21 30.5 15 Z", **scoop),
            id="im-s0", viewBox="0 0 40 40"),
        svg("symbol",  # cup
            svg("circle", cx=20, cy=15, r=10.5, **scoop),
            svg("path", d="M7 19 L33 19 L29 37 L11 37 Z", fill="#ffffff", stroke=_INK, stroke_width=1.2, stroke_linejoin="round"),
            svg("path", d="M8.2 24.5 L31.8 24.5 M9.4 30.5 L30.6 30.5", stroke="#e57373", stroke_width=2.2),
            id="im-s1", viewBox="0 0 40 40"),
        svg("symbol",  # stick
            svg("rect", x=17.5, y=27, width=5, height=12, rx=2, fill="#d9b382", stroke="#8a6a3a", stroke_width=1),
            svg("rect", x=10.5, y=2, width=19, height=28, rx=9.5, **scoop),
            svg("path", d="M15 8 L15 24", stroke="#ffffff", stroke_opacity=0.6, stroke_width=2.2, stroke_linecap="round"),
            id="im-s2", viewBox="0 0 40 40"),
        svg("symbol",  # sandwich
            svg("rect", x=3, y=9, width=34, height=8, rx=2.5, fill="#4e342e", stroke="#2d1d18", stroke_width=1),
            svg("rect", x=4.5, y=17, width=31, height=9, **scoop),
            svg("rect", x=3, y=26, width=34, height=8, rx=2.5, fill="#4e342e", stroke="#2d1d18", stroke_width=1),
            svg("path", d="M9 13h.1M16 13h.1M23 13h.1M30 13h.1M9 30h.1M16 30h.1M23 30h.1M30 30h.1",
                stroke="#a1887f", stroke_width=1.6, stroke_linecap="round"),
            id="im-s3", viewBox="0 0 40 40"),
        svg("symbol",  # sundae
            svg("circle", cx=13.5, cy=14, r=7, **scoop),
            svg("circle", cx=26.5, cy=14, r=7, **scoop),
            svg("circle", cx=20, cy=9, r=7, **scoop),
            svg("path", d="M5 17 L35 17 Q33 29 20 29 Q7 29 5 17 Z", fill="#e3f2fd", stroke="#4f7fa6", stroke_width=1.2),
            svg("rect", x=18.5, y=28.5, width=3, height=7, fill="#bbdefb", stroke="#4f7fa6", stroke_width=1),
            svg("ellipse", cx=20, cy=36.5, rx=8, ry=2.5, fill="#bbdefb", stroke="#4f7fa6", stroke_width=1),
            id="im-s4", viewBox="0 0 40 40"),
        svg("symbol",  # cherry
            svg("path", d="M13 27 Q16 14 24 6 M27 27 Q25 15 24 6", stroke="#2e7d32", stroke_width=1.8, fill="none"),
            svg("path", d="M24 6 Q30 2 34 7 Q29 10 24 6 Z", fill="#66bb6a", stroke="#2e7d32", stroke_width=0.8),
            svg("circle", cx=12.5, cy=29, r=7.5, fill="#d32f2f", stroke="#7f0000", stroke_width=1.2),
            svg("circle", cx=27.5, cy=29, r=7.5, fill="#d32f2f", stroke="#7f0000", stroke_width=1.2),
            svg("circle", cx=10, cy=26.5, r=1.8, fill="#ffffff", fill_opacity=0.7),
            svg("circle", cx=25, cy=26.5, r=1.8, fill="#ffffff", fill_opacity=0.7),
            id="im-cherry", viewBox="0 0 40 40"),
        svg("symbol",  # closed-shop sign
            svg("path", d="M10 14 L20 5 L30 14", stroke="#cfd8dc", stroke_width=1.4, fill="none"),
            svg("circle", cx=20, cy=5, r=1.8, fill="#ffca28"),
            svg("rect", x=2, y=14, width=36, height=18, rx=3, fill="#ffffff", stroke="#c62828", stroke_width=2.2),
            svg("text", "CLOSED", x=20, y=26.5, font_size=8.2, font_weight=800, fill="#c62828", text_anchor="middle",
                font_family="system-ui, sans-serif"),
            id="im-closed", viewBox="0 0 40 40"),
        svg("symbol",
            svg("path", d="M10 17 C10 17 1 11 1 5.5 C1 2.5 3.3 1 5.6 1 C7.6 1 9.2 2.3 10 4 C10.8 2.3 12.4 1 14.4 1 "
                          "C16.7 1 19 2.5 19 5.5 C19 11 10 17 10 17 Z", fill="#e63b5a", stroke="#8f1d2e", stroke_width=1.3),
            id="im-heart", viewBox="0 0 20 18"),
    ]
    return svg("svg", svg("defs", *pats, *symbols), class_="im-defs", width=0, height=0, aria_hidden="true", focusable="false")


DEFS = None  # built on first use


def defs() -> Markup:
    global DEFS
    if DEFS is None:
        DEFS = _defs()
    return DEFS


def shape_use(shape: int, x: float, y: float, size: float, flavour: int | None) -> Markup:
    fill = f"url(#im-f{flavour})" if flavour is not None else "#fdf6ee"
    return svg("use", href=f"#im-s{shape}", x=x, y=y, width=size, height=size, fill=fill)


def flavour_badge(flavour: int, cx: float, cy: float, r: float = 8) -> Markup:
    letter, _, ink = FLAVOUR_LOOK[flavour]
    return join(
        svg("circle", cx=cx, cy=cy, r=r, fill=f"url(#im-f{flavour})", stroke=_INK, stroke_width=1.1),
        svg("text", letter, x=cx, y=cy + r * 0.42, font_size=r * 1.2, font_weight=800, fill=ink, text_anchor="middle",
            font_family="system-ui, sans-serif", paint_order="stroke",
            stroke=FLAVOUR_LOOK[flavour][1], stroke_width=1.5),
    )


_CARD_CACHE: dict = {}


def card_face(card: int, mark: int = 0) -> Markup:
    """One card at the origin, CW × CH. `mark`: points it is worth to the viewer (shown
    as a little gold tag on ice creams), 0 for none."""
    key = (card, mark)
    cached = _CARD_CACHE.get(key)
    if cached is not None:
        return cached
    name = card_name(card)
    parts = [svg("title", name)]
    if card < ICE_CREAMS:
        flavour, shape = card // 10, card // 2 % 5
        parts += [
            svg("rect", x=0.5, y=0.5, width=CW - 1, height=CH - 1, rx=6, fill="#fffdf8", stroke="#b89a80", stroke_width=1),
            svg("rect", x=1, y=1, width=INDEX_W - 1, height=CH - 2, rx=5.5, fill="#f6ede4"),
            flavour_badge(flavour, 11, 12),
            shape_use(shape, 2, 23, 18, flavour),
            shape_use(shape, INDEX_W, 12, 40, flavour),
            svg("text", FLAVOURS[flavour], x=INDEX_W + 20, y=68, font_size=8, font_weight=700, fill=_INK, text_anchor="middle"),
            svg("text", SHAPES[shape], x=INDEX_W + 20, y=78, font_size=8, fill=_INK, text_anchor="middle"),
        ]
        if mark:
            parts += [svg("rect", x=2, y=46, width=18, height=13, rx=6.5, fill="#ffd54f", stroke="#b28704", stroke_width=0.8),
                      svg("text", f"+{mark}", x=11, y=55.6, font_size=8.5, font_weight=800, fill="#4a3500", text_anchor="middle")]
    elif card in CHERRIES:
        parts += [
            svg("rect", x=0.5, y=0.5, width=CW - 1, height=CH - 1, rx=6, fill="#fff0f0", stroke="#c62828", stroke_width=1.4),
            svg("use", href="#im-cherry", x=2, y=3, width=18, height=18),
            svg("text", "+1", x=11, y=34, font_size=9, font_weight=800, fill="#b71c1c", text_anchor="middle"),
            svg("use", href="#im-cherry", x=INDEX_W, y=14, width=40, height=40),
            svg("text", "cherry", x=INDEX_W + 20, y=72, font_size=8.5, font_weight=700, fill="#b71c1c", text_anchor="middle"),
        ]
    else:
        parts += [
            svg("rect", x=0.5, y=0.5, width=CW - 1, height=CH - 1, rx=6, fill="#37474f", stroke="#c62828", stroke_width=2),
            svg("use", href="#im-closed", x=2, y=3, width=18, height=18),
            svg("text", "−1", x=11, y=34, font_size=9, font_weight=800, fill="#ffffff", text_anchor="middle"),
            svg("use", href="#im-closed", x=INDEX_W - 1, y=12, width=41, height=41),
            svg("text", "closed", x=INDEX_W + 20, y=66, font_size=8.5, font_weight=700, fill="#ffffff", text_anchor="middle"),
            svg("text", "3 = +3", x=INDEX_W + 20, y=77, font_size=7.5, fill="#cfd8dc", text_anchor="middle"),
        ]
    markup = join(*parts)
    _CARD_CACHE[key] = markup
    return markup


def card_points(card: int, favourite) -> int:
    if card < ICE_CREAMS and favourite:
        return (card // 10 == favourite[0]) + (card // 2 % 5 == favourite[1])
    return 0


_HEARTS: dict = {}


def hearts(count: int, label: str) -> Markup:
    key = (count, label)
    if key not in _HEARTS:
        _HEARTS[key] = _hearts(count, label)
    return _HEARTS[key]


def _hearts(count: int, label: str) -> Markup:
    shown = min(count, 5)
    icons = [svg("use", href="#im-heart", x=i * 19, y=0, width=18, height=16) for i in range(shown)]
    width = max(1, shown) * 19
    pic = svg("svg", *icons, viewBox=f"0 0 {width} 16", width=width, height=16, aria_hidden="true", class_="hearts-pic")
    extra = h("span", {"class": "heart-more"}, f"×{count}") if count > shown else None
    none = h("span", {"class": "heart-none"}, "no hearts") if count == 0 else None
    return h("span", {"class": "hearts", "role": "img", "aria-label": label}, pic if count else None, extra, none)


def favourite_badges(favourite) -> Markup:
    flavour, shape = favourite
    return h("span", {"class": "fav"},
             svg("svg", flavour_badge(flavour, 10, 10, 9), viewBox="0 0 20 20", width=22, height=22, aria_hidden="true"),
             h("b", None, FLAVOURS[flavour]),
             svg("svg", shape_use(shape, 0, 0, 24, None), viewBox="0 0 24 24", width=24, height=24, aria_hidden="true"),
             h("b", None, SHAPES[shape]))


def kbd(text: str) -> Markup:
    return h("kbd", None, text)


# ------------------------------------------------------------------------ screen


class ItsMineScreen(TableScreen):
    game_id = "itsmine"
    default_players = 4
    undoable = False  # real time: what happened, happened
    level_help = {
        "easy": "reacts in about a second and sometimes misjudges a pile",
        "normal": "reacts in well under a second",
        "hard": "reacts in under half a second and weighs every pile",
    }

    def __init__(self, app, rest=None):
        # Set before TableScreen.__init__, which may already resume a saved game.
        self.t0 = 0.0
        self.plans: list = []
        self.reaching: tuple[int, int] | None = None  # (seat, until ms)
        self.peeking: set[int] = set()
        self.timers: dict = {}  # named timers besides self.pending (the next bot event)
        self.painted: dict = {}  # part name -> key of what is on the page
        self.specs_now: dict = {}
        self.stage = None
        self.events = 0
        self.bursts: dict[int, tuple] = {}  # pile -> (event no, grabber, clock ms)
        self.flashes: dict = {}  # seat or "box" -> (event no, delta, clock ms)
        self.fresh: int | None = None  # seat whose card was just flipped
        self.log_items: dict[str, Markup] = {}  # log line -> its <li>, drawn once
        super().__init__(app, rest)

    # --- setup ----------------------------------------------------------------

    def setup_fields(self) -> Markup:
        first = self.options.get("first")
        choices = [("", "Random")] + [(str(i), f"Player {i + 1} ({seat.name})") for i, seat in enumerate(self.seats)]
        return join(
            h("p", {"class": "seed-row"},
              h("label", {"for": "opt_first"}, "Who flips first "),
              h("select", {"id": "opt_first", "name": "opt_first"},
                *[h("option", {"value": v, "selected": v == ("" if first is None else str(first))}, label)
                  for v, label in choices])),
            h("p", {"class": "setup-hint"},
              "Real time: bots react as fast as their level. With two or more humans at this screen, each "
              "gets a grab key (Q, P, Z, M, V) and everyone shares the keyboard."))

    def read_options(self, form: dict) -> dict:
        value = str(form.get("opt_first", "")).strip()
        if value.isdigit() and int(value) < len(self.seats):
            return {"first": int(value)}
        return {}

    # --- who is who -----------------------------------------------------------

    def mode(self) -> str:
        humans = len(self.humans())
        return "solo" if humans == 1 else "hotseat" if humans > 1 else "watch"

    def viewer(self):
        """The seat whose favourites are always on screen: the one human against bots
        (never in a replay, which shows what a spectator sees)."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 and self.phase == "play" and not self.watch_only else None

    def needs_handover(self, player: int) -> bool:
        return False  # everyone plays at once at one screen

    def hot_keys(self) -> dict[int, str]:
        """Seat -> grab key, for hot-seat humans."""
        humans = self.humans()
        if len(humans) < 2:
            return {}
        return {seat: HOT_KEYS[i] for i, seat in enumerate(humans[: len(HOT_KEYS)])}

    # --- time -------------------------------------------------------------------

    def clock(self) -> int:
        return max(0, int(self.app.now() - self.t0))

    def move_time(self) -> int:
        return max(self.state.now, self.clock())

    def set_timer(self, name: str, ms: int, fn) -> None:
        self.clear_timer(name)
        self.timers[name] = self.app.later(ms, lambda: self._timer(name, fn))

    def _timer(self, name: str, fn) -> None:
        self.timers.pop(name, None)
        fn()

    def clear_timer(self, name: str) -> None:
        handle = self.timers.pop(name, None)
        if handle is not None:
            self.app.cancel(handle)

    def stop_timers(self) -> None:
        """Cancel every timer of ours; a save that was waiting is written now."""
        if "save" in self.timers:
            self.clear_timer("save")
            self.autosave()
        for name in list(self.timers):
            self.clear_timer(name)

    def close(self) -> None:
        super().close()
        self.stop_timers()

    def flush(self) -> None:
        """Events since the last save are written now (the page may be closing)."""
        if "save" in self.timers:
            self.clear_timer("save")
            self.autosave()

    # --- playing ---------------------------------------------------------------

    def start(self, seed: int | None = None) -> None:
        self.stop_timers()  # (writes the old game's last events to its save first)
        if self.options.get("first", 0) >= len(self.seats):
            self.options.pop("first", None)
        super().start(seed)

    def begin(self, save_id: str) -> None:
        """A new game, or one resumed from a save or a link: the clock goes on from the
        time of its last event."""
        for name in list(self.timers):
            self.clear_timer(name)
        self.cancel_pending()
        super().begin(save_id)
        self.t0 = self.app.now() - (self.state.now if self.state is not None else 0)
        self.plans = [None] * len(self.seats)
        self.reaching = None
        self.peeking = set()
        self.bursts, self.flashes, self.fresh, self.events = {}, {}, None, 0
        self.stage = None

    def round_on(self) -> bool:
        return self.phase == "play" and self.state is not None and self.state.phase == "play"

    def pace_bots(self) -> None:
        factor = FLIP_PACE.get(self.app.prefs.get("pace", "normal"), 1.0)
        for bot in self.bots.values():
            base = LEVELS.get(getattr(bot, "name", None))
            if base is not None:
                bot.level = replace(base, flip_ms=int(base.flip_ms * factor), flip_jitter_ms=int(base.flip_jitter_ms * factor))

    def after_change(self) -> None:
        """Ask the bots again and set ONE timer for the earliest thing that happens."""
        self.cancel_pending()
        state = self.state
        if not self.can_play() or state is None:
            self.clear_timer("tick")
            return
        n = state.n
        if state.phase != "play":
            self.clear_timer("tick")
            self.plans = [None] * n
            if not self.humans():
                self.pending = self.app.later(AUTO_NEXT_MS, self.next_round)
            return
        self.pace_bots()
        bots = [self.bots.get(i) for i in range(n)]
        rngs = [self.bot_rngs.get(i) for i in range(n)]
        event = next_event(state, bots, rngs, self.plans)
        if state.turn is None and "tick" not in self.timers:
            self.set_timer("tick", TICK_EVERY_MS, self.tick)
        if event is None:
            return  # a human's turn to flip, and no bot wants anything
        at, seat, move = event
        self.pending = self.app.later(max(0, at - self.clock()), lambda: self.fire(seat, move))

    def fire(self, seat: int, move: dict) -> None:
        """A bot's hand lands (or the countdown runs out)."""
        self.pending = None
        if not self.round_on():
            return
        if move["a"] != "x":
            self.plans[seat] = None
        move = dict(move, t=max(self.state.now, move["t"]))
        if not self.play(seat, move, quiet=True):
            bot = self.bots.get(seat)
            if bot is not None:
                bot.reset()  # its plan went stale; it thinks again
            self.pending = self.app.later(50, self.after_change)

    def act(self, player: int, move) -> bool:
        return self.play(player, move)

    def play(self, seat: int, move: dict, quiet: bool = False) -> bool:
        """Apply one event through the rules. A refused human move says why; a refused
        bot move is dropped quietly."""
        if not self.can_play():
            if self.stale and not quiet:
                self.say(STALE_MOVE)
            return False
        before = self.state
        try:
            after = self.game.apply(before, seat, move)
        except IllegalMove as exc:
            if not quiet:
                self.say(name_players(str(exc), self.names()))
            return False
        self.record_move(seat, move, after)
        self.events += 1
        if not quiet and self.message:
            self.message = ""
            self.clear_timer("message")
        now = self.clock()
        kind = move["a"]
        line = name_players(self.game.describe(before, seat, move), self.names())
        self.fresh = seat if kind == "f" else None
        if kind == "g":
            line += self.token_story(before, after, seat, move)
            for pile in move["p"]:
                claim = after.claims.get(pile)
                if claim is not None and claim[1] == seat:
                    self.bursts[pile] = (self.events, seat, now)
            for who in range(after.n):
                delta = after.tokens[who] - before.tokens[who]
                if delta:
                    self.flashes[who] = (self.events, delta, now)
            if after.box != before.box:
                self.flashes["box"] = (self.events, after.box - before.box, now)
        elif kind == "c":
            self.bursts, self.flashes = {}, {}
            self.plans = [None] * after.n
            self.reaching = None
            self.peeking = set()
            for bot in self.bots.values():
                bot.reset()
        self.log.append(line)
        if self.game.is_over(after):
            self.phase = "over"
        if after.phase != before.phase or self.phase == "over":
            self.clear_timer("save")
            self.autosave()
        elif "save" not in self.timers:
            self.set_timer("save", SAVE_EVERY_MS, self.autosave)
        self.redraw()
        self.after_change()
        return True

    def token_story(self, before, after, seat: int, move: dict) -> str:
        names = self.names()
        if after.contests:
            changes = [f"{names[p]} {after.tokens[p] - before.tokens[p]:+d}" for p in range(after.n)
                       if after.tokens[p] != before.tokens[p]]
            return f" Hearts: {', '.join(changes)}." if changes else ""
        targets = ["the box" if pile == seat else names[pile] for pile in move["p"]]
        return f" ♥ {names[seat]} → {', '.join(targets)}."

    def next_round(self) -> None:
        self.pending = None
        if self.phase == "play" and self.state.phase == "scored":
            humans = self.humans()
            self.play(humans[0] if humans else 0, {"a": "c", "t": self.move_time()})

    # --- what the humans do ---------------------------------------------------------

    def say(self, text: str) -> None:
        self.message = text
        self.set_timer("message", MESSAGE_MS, self.clear_message)
        self.paint()

    def clear_message(self) -> None:
        self.message = ""
        self.paint()

    def human_flip(self) -> None:
        state = self.state
        if state.turn is None:
            self.say("Every draw pile is empty: nothing is left to flip.")
            return
        if self.is_bot(state.turn):
            self.say(f"It is {self.names()[state.turn]}'s turn to flip.")
            return
        self.play(state.turn, {"a": "f", "t": self.move_time()})

    def grab_for(self) -> int | None:
        """Whose hand a pile click or number key is: the one human, or the hot-seat
        player reaching right now."""
        if self.mode() == "solo":
            return self.humans()[0]
        if self.reaching is not None and self.clock() <= self.reaching[1]:
            return self.reaching[0]
        return None

    def human_grab(self, pile: int) -> None:
        if not 0 <= pile < self.state.n:
            return
        seat = self.grab_for()
        if seat is None:
            if self.mode() == "hotseat":
                keys = ", ".join(f"{self.names()[s]} {k.upper()}" for s, k in self.hot_keys().items())
                self.say(f"Press your grab key first ({keys}), then the pile's number.")
            return
        self.play(seat, {"a": "g", "p": [pile], "t": self.move_time()})

    def reach(self, seat: int) -> None:
        if seat not in self.hot_keys() or not self.round_on():
            return
        self.reaching = (seat, self.clock() + REACH_MS)
        self.set_timer("reach", REACH_MS, self.end_reach)
        self.paint()

    def end_reach(self) -> None:
        self.reaching = None
        self.paint()

    def peek(self, seat: int, showing: bool) -> None:
        """Hot-seat: a player's favourites show only while they hold their Peek button
        (pointer, or Space/Enter on it), and hide again on release."""
        if seat not in self.hot_keys() or showing == (seat in self.peeking):
            return
        if showing:
            self.peeking.add(seat)
        else:
            self.peeking.discard(seat)
        self.paint()

    def on_hold(self, name: str, data: dict, down: bool) -> None:
        if name == "peek":
            self.peek(int(data.get("seat", -1)), down)

    def on_game_key(self, key: str) -> bool:
        if not self.round_on():
            return False
        if key == " ":
            self.human_flip()
            return True
        if len(key) == 1 and key.isdigit():
            pile = int(key) - 1
            if 0 <= pile < self.state.n:
                self.human_grab(pile)
                return True
            return False
        if key == "Escape" and self.reaching is not None:
            self.end_reach()
            return True
        for seat, hot in self.hot_keys().items():
            if key.lower() == hot:
                self.reach(seat)
                return True
        return False

    def on_action(self, action: str, data: dict) -> None:
        if action == "new-game":
            self.stop_timers()
        super().on_action(action, data)
        if action == "pace":
            self.pace_bots()

    def on_game_action(self, action: str, data: dict) -> None:
        if action == "next-round":
            self.next_round()
            return
        if not self.round_on():
            return
        try:
            number = int(data.get("pile", data.get("seat", "-1")))
        except ValueError:
            return
        if action == "flip":
            self.human_flip()
        elif action == "grab":
            self.human_grab(number)
        elif action == "reach":
            self.reach(number)

    # --- drawing: parts --------------------------------------------------------------

    def redraw(self) -> None:
        state = self.state
        if self.phase != "play" or (self.phase, state.phase, state.round) != self.stage:
            self.app.refresh()
        else:
            self.paint()

    def specs(self) -> dict:
        """Every part that changes during a round: name -> (key, draw function)."""
        s = self.state
        n = s.n
        names = tuple(self.names())
        reaching = self.reaching[0] if self.reaching else None
        running = s.phase == "play" and s.turn is None
        solo_fav = s.favourites[self.viewer()] if self.viewer() is not None and s.phase == "play" else None
        out = {
            "notice": (self.message, self.notice_part),
            "status": ((s.phase, s.round, s.turn, sum(len(d) for d in s.draw), reaching, names), self.status_part),
            "countdown": ((running, s.countdown_from), self.countdown_part),
            "log": ((len(self.log), self.log[-1] if self.log else ""), self.log_part),
        }
        hot = self.hot_keys()
        can_grab = self.can_anyone_grab()
        for i in range(n):
            out[f"head{i}"] = ((names[i], s.tokens[i], s.turn == i, reaching == i, hot.get(i)), lambda i=i: self.head_part(i))
            out[f"flash{i}"] = (self.flashes.get(i, (0,))[0], lambda i=i: self.flash_part(i))
            out[f"draw{i}"] = ((len(s.draw[i]), self.flip_allowed(i)), lambda i=i: self.draw_part(i))
            out[f"fan{i}"] = ((s.open[i], solo_fav, s.claims.get(i, (0, None))[1], names), lambda i=i: self.fan_part(i))
            out[f"burst{i}"] = (self.bursts.get(i, (0,))[0], lambda i=i: self.burst_part(i))
            # (a Reach button pressed with the mouse is redrawn, so Space flips again)
            out[f"foot{i}"] = ((len(s.won[i]), bool(s.open[i]) and can_grab, i in self.peeking, reaching == i),
                               lambda i=i: self.foot_part(i))
        return out

    def part(self, name: str) -> Markup:
        key, draw = self.specs_now[name]
        self.painted[name] = key
        return draw()

    def paint(self) -> None:
        """Redraw only the parts whose key changed since they were drawn."""
        if self.phase != "play" or self.state is None or self.state.phase != "play":
            return
        self.specs_now = self.specs()
        for name, (key, draw) in self.specs_now.items():
            if self.painted.get(name, ()) != key:
                self.app.update(f'[data-part="{name}"]', draw())
                self.painted[name] = key

    def flip_allowed(self, seat: int) -> bool:
        s = self.state
        return self.phase == "play" and s.phase == "play" and s.turn == seat and not self.is_bot(seat)

    def can_anyone_grab(self) -> bool:
        """Are the grab buttons worth offering: does a human hand hold a heart?"""
        s = self.state
        if s.phase != "play" or self.phase != "play":
            return False
        if self.mode() == "solo":
            return s.tokens[self.humans()[0]] > 0
        return any(s.tokens[p] for p in self.humans())

    def notice_part(self) -> Markup:
        return h("div", {"data-part": "notice", "class": "notice-slot"}, self.notice())

    def status_part(self) -> Markup:
        s = self.state
        names = self.names()
        left = sum(len(d) for d in s.draw)
        if s.phase != "play":
            text = f"Round {s.round} is over."
        elif s.turn is None:
            text = "Every card is out: last call!"
        elif self.is_bot(s.turn):
            text = f"{names[s.turn]} flips next."
        elif self.mode() == "solo":
            text = Markup(h("strong", None, "Your turn: flip!") + " Click your deck or press " + kbd("Space") + ".")
        else:
            text = Markup(h("strong", None, f"{names[s.turn]}: flip!") + " Click the deck or press " + kbd("Space") + ".")
        reach = None
        if self.reaching is not None:
            seat = self.reaching[0]
            reach = h("span", {"class": f"reach-note p{seat}", "data-reaching-note": seat},
                      f"{names[seat]} is reaching: press a pile number 1–{s.n}")
        return h("div", {"class": "status", "data-part": "status", "aria-live": "polite"},
                 h("span", {"class": "round-chip"}, f"Round {s.round} of {ROUNDS}"),
                 h("span", {"class": "status-text"}, text),
                 h("span", {"class": "left-chip", "data-left": left}, f"{left} to flip") if left else None,
                 reach)

    def countdown_part(self) -> Markup:
        s = self.state
        if not (s.phase == "play" and s.turn is None):
            return h("div", {"data-part": "countdown", "class": "countdown idle"})
        deadline = s.countdown_from + COUNTDOWN_MS
        remaining = max(0, min(COUNTDOWN_MS, deadline - self.clock()))
        share = remaining / COUNTDOWN_MS
        return h("div", {"data-part": "countdown", "class": "countdown" + (" urgent" if remaining < 2000 else ""),
                         "role": "timer", "data-remaining": remaining,
                         "aria-label": f"{remaining / 1000:.0f} seconds left to grab"},
                 h("span", {"class": "countdown-label"}, "Last call"),
                 h("span", {"class": "countdown-track"},
                   h("span", {"class": "countdown-fill", "style": f"width:{share * 100:.1f}%"})),
                 h("span", {"class": "countdown-secs"}, f"{remaining / 1000:.1f} s"))

    def tick(self) -> None:
        """Redraw just the countdown while it runs."""
        if not self.round_on() or self.state.turn is not None:
            return
        self.app.update('[data-part="countdown"]', self.countdown_part())
        self.set_timer("tick", TICK_EVERY_MS, self.tick)

    def log_part(self) -> Markup:
        shown = self.log[-LOG_LINES:]
        cache = self.log_items
        items = [cache.get(line) or cache.setdefault(line, h("li", None, line)) for line in reversed(shown)]
        if len(cache) > 4 * LOG_LINES:
            self.log_items = {line: cache[line] for line in shown if line in cache}
        return Markup('<ol data-log="" data-part="log">' + "".join(items) + "</ol>")

    def log_panel(self) -> Markup:
        if self.phase == "replay":
            return super().log_panel()
        return h("section", {"class": "log", "aria-label": "What happened"},
                 h("h2", None, "What happened"), self.part("log"))

    def head_part(self, i: int) -> Markup:
        s = self.state
        names = self.names()
        seat = self.seats[i]
        if seat.kind == "bot":
            tag = LEVEL_LABELS.get(seat.level, "Bot")
        elif self.mode() == "solo":
            tag = "You"
        else:
            tag = "Human"
        hot = self.hot_keys().get(i)
        reaching = self.reaching is not None and self.reaching[0] == i
        return h("div", {"class": "seat-head", "data-part": f"head{i}", "data-tokens": s.tokens[i]},
                 h("span", {"class": "pile-no", "aria-label": f"Pile {i + 1}"}, str(i + 1)),
                 h("span", {"class": "seat-name"}, names[i]),
                 h("span", {"class": "seat-tag"}, tag),
                 h("span", {"class": "hot-key", "title": f"{names[i]}'s grab key"}, "key ", kbd(hot.upper())) if hot else None,
                 h("span", {"class": "turn-flag", "data-turn-mark": ""}, "flips next") if s.phase == "play" and s.turn == i else None,
                 h("span", {"class": "reach-flag", "data-reaching": ""}, "reaching…") if reaching else None,
                 h("span", {"class": "spacer"}),
                 hearts(s.tokens[i], f"{s.tokens[i]} heart{'s' if s.tokens[i] != 1 else ''}"))

    def flash_part(self, i: int) -> Markup:
        flash = self.flashes.get(i)
        inner = None
        if flash is not None:
            _, delta, when = flash
            age = self.clock() - when
            if age < BURST_MS:
                inner = h("span", {"class": "token-flash " + ("gain" if delta > 0 else "loss"),
                                   "style": f"animation-delay:-{age}ms" if age > 0 else None,
                                   "data-flash": delta},
                          f"{delta:+d} ".replace("-", "−"), h("span", {"class": "flash-heart"}, "♥"))
        return h("span", {"class": "flash-slot", "data-part": f"flash{i}", "aria-hidden": "true"}, inner)

    def draw_part(self, i: int) -> Markup:
        count = len(self.state.draw[i])
        backs = []
        for k in range(min(count, 3) - 1, -1, -1):
            backs.append(svg("rect", x=4 + k * 3, y=4 + k * 3, width=CW - 8, height=CH - 10, rx=6,
                             fill="url(#im-back)", stroke="#c8578a", stroke_width=1.3))
        if not count:
            backs.append(svg("rect", x=4, y=4, width=CW - 8, height=CH - 10, rx=6, fill="none", stroke="#c9b7a7",
                             stroke_width=1.3, stroke_dasharray="4 3"))
        backs.append(svg("circle", cx=CW / 2, cy=CH / 2 - 1, r=13, fill="#ffffff", stroke="#c8578a", stroke_width=1.2))
        backs.append(svg("text", str(count), x=CW / 2, y=CH / 2 + 4, font_size=13, font_weight=800, fill=_INK,
                         text_anchor="middle"))
        pic = svg("svg", *backs, viewBox=f"0 0 {CW} {CH}", class_="deck-pic", aria_hidden="true")
        name = self.names()[i]
        if self.flip_allowed(i):
            label = "Flip your next card" if self.mode() == "solo" else f"Flip {name}'s next card"
            return h("div", {"class": "draw-slot", "data-part": f"draw{i}", "data-draw": count},
                     h("button", {"type": "button", "class": "deck flip", "data-action": "flip", "data-seat": i,
                                  "aria-label": f"{label} ({count} left; key Space)"},
                       pic, h("span", {"class": "deck-label"}, "Flip")))
        return h("div", {"class": "draw-slot", "data-part": f"draw{i}", "data-draw": count},
                 h("div", {"class": "deck", "role": "img", "aria-label": f"{name}'s draw pile: {count} cards"},
                   pic, h("span", {"class": "deck-label muted"}, "to flip" if count else "empty")))

    def fan_part(self, i: int) -> Markup:
        s = self.state
        cards = s.open[i]
        name = self.names()[i]
        fav = s.favourites[self.viewer()] if self.viewer() is not None and s.phase == "play" else None
        k = len(cards)
        width = CW + 170
        if not k:
            claim = s.claims.get(i)
            text = f"Taken by {self.names()[claim[1]]}" if claim is not None else "No cards face up"
            body = [svg("rect", x=2, y=4, width=CW, height=CH, rx=6, fill="none", stroke="#c9b7a7", stroke_width=1.3,
                        stroke_dasharray="5 4"),
                    svg("text", text, x=CW + 14, y=CH / 2 + 8, font_size=13, fill="#8c7767")]
            label = f"{name}'s open pile: " + ("empty, " + text.lower() if claim is not None else "empty")
        else:
            step = max(float(INDEX_W + 2), min(34.0, (FAN_FIT - CW - 6) / max(1, k - 1)))
            width = max(width, int(6 + (k - 1) * step + CW))
            body = []
            for j, card in enumerate(cards):
                mark = card_points(card, fav) if fav else 0
                inner = card_face(card, mark)
                if j == k - 1 and self.fresh == i:
                    inner = svg("g", inner, class_="fresh")
                body.append(svg("g", inner, transform=f"translate({2 + j * step:.1f} 4)"))
            label = f"{name}'s open pile, {k} card{'s' if k != 1 else ''}: " + ", ".join(card_name(c) for c in cards)
        return h("div", {"class": "fan-slot", "data-part": f"fan{i}", "data-cards": k},
                 svg("svg", *body, viewBox=f"0 0 {width} {FAN_H}", width=int(width * FAN_SCALE),
                     height=int(FAN_H * FAN_SCALE), class_="fan", role="img", aria_label=label,
                     preserveAspectRatio="xMinYMid meet"))

    def burst_part(self, i: int) -> Markup:
        burst = self.bursts.get(i)
        if self.phase == "replay":  # a replay shows the burst of the grab just stepped to
            seat, move = self.last_move or (None, {})
            burst = (0, seat, self.clock()) if move.get("a") == "g" and i in move["p"] else None
        inner = None
        if burst is not None:
            _, grabber, when = burst
            age = self.clock() - when
            if age < BURST_MS:
                inner = h("div", {"class": f"burst p{grabber}", "data-burst": grabber, "role": "presentation",
                                  "style": f"animation-delay:-{age}ms" if age > 0 else None},
                          h("span", {"class": "burst-word"}, "It's mine!"),
                          h("span", {"class": "burst-name"}, self.names()[grabber]))
        return h("div", {"class": "burst-slot", "data-part": f"burst{i}", "aria-hidden": "true"}, inner)

    def foot_part(self, i: int) -> Markup:
        s = self.state
        won = s.won[i]
        cherries = sum(1 for c in won if c in CHERRIES)
        closed = sum(1 for c in won if c in CLOSED)
        extras = []
        if cherries:
            extras.append(f"{cherries} cherr{'ies' if cherries > 1 else 'y'}")
        if closed:
            extras.append(f"{closed} closed")
        taken = f"Taken: {len(won)} card{'s' if len(won) != 1 else ''}" + (f" ({', '.join(extras)})" if extras else "")
        peek = reach = None
        hot = self.hot_keys().get(i)
        if hot and s.phase == "play" and self.phase == "play":
            showing = i in self.peeking
            peek = h("span", {"class": "peek"},
                     h("button", {"type": "button", "class": "secondary small", "data-hold": "peek", "data-seat": i,
                                  "aria-pressed": "true" if showing else "false",
                                  "aria-label": f"Hold to peek at {self.names()[i]}'s favourites"},
                       "Hold to peek"),
                     h("span", {"class": "fav-shown", "data-favourites": i}, favourite_badges(s.favourites[i]))
                     if showing else None)
            reach = h("button", {"type": "button", "class": "secondary small", "data-action": "reach", "data-seat": i,
                                 "aria-label": f"{self.names()[i]} reaches to grab (key {hot.upper()})"},
                      "Reach ", kbd(hot.upper()))
        enabled = bool(s.open[i]) and self.can_anyone_grab()
        grab = None if self.phase != "play" or not self.humans() else h("button", {"type": "button", "class": "grab", "data-action": "grab", "data-pile": i, "disabled": not enabled,
                            "aria-label": f"It's mine! Take {self.names()[i]}'s pile (key {i + 1})"},
                 "It's mine! ", kbd(str(i + 1)))
        return h("div", {"class": "seat-foot", "data-part": f"foot{i}", "data-taken": len(won)},
                 h("span", {"class": "taken"}, taken), peek, h("span", {"class": "spacer"}), reach, grab)

    # --- drawing: the page ------------------------------------------------------------

    def render(self) -> Markup:
        if self.phase == "setup":
            return self.render_setup()
        s = self.state
        self.stage = (self.phase, s.phase, s.round)
        self.painted = {}
        self.specs_now = self.specs()
        return h("section", {"class": "table itsmine", "data-game": self.game_id, "data-phase": self.phase,
                             "data-round": s.round, "data-stage": s.phase, "data-mode": self.mode()},
                 defs(),
                 self.top(),
                 h("h1", {"class": "visually-hidden", "tabindex": "-1"}, self.entry.title),
                 h("div", {"class": "table-layout"},
                   h("div", {"class": "board-area"}, self.part("notice"), self.board()),
                   h("aside", {"class": "side-area"}, self.side(), self.controls(), self.log_panel())),
                 self.overlay())

    def top(self) -> Markup:
        return top_bar(self.entry.title)

    def board(self) -> Markup:
        n = self.state.n
        seats = []
        for i in range(n):
            classes = f"seat p{i}" + (" me" if self.mode() == "solo" and not self.is_bot(i) else "")
            seats.append(h("article", {"class": classes, "data-seat-panel": i, "aria-label": f"{self.names()[i]}'s place"},
                           self.part(f"head{i}"),
                           self.part(f"flash{i}"),
                           h("div", {"class": "seat-body"},
                             self.part(f"draw{i}"),
                             h("div", {"class": "fan-wrap"}, self.part(f"fan{i}"), self.part(f"burst{i}"))),
                           self.part(f"foot{i}")))
        between = None
        if self.phase == "replay" and self.state.history and self.state.phase != "play":
            between = h("div", {"class": "replay-scores"}, self.round_table(self.state.history[-1]))
        return h("div", {"class": "im-board"},
                 h("div", {"class": "status-bar"}, self.part("status"), self.part("countdown")),
                 between,
                 h("div", {"class": f"seats n{n}"}, *seats))

    def side(self) -> Markup:
        s = self.state
        mode = self.mode()
        boxes = []
        if self.viewer() is not None and s.phase == "play":
            boxes.append(h("section", {"class": "mine", "aria-label": "Your favourites"},
                           h("h2", None, "Your favourites"),
                           h("p", {"class": "fav-line", "data-favourites": self.viewer()}, favourite_badges(s.favourites[self.viewer()])),
                           h("p", {"class": "fine"}, "Each card with your flavour or shape: 1 point; both: 2 "
                                                     "(gold tags). Cherry +1. Closed −1 each, all three +3. Each heart you keep: +1.")))
        boxes.append(self.controls_help())
        boxes.append(self.totals_box())
        return join(*boxes)

    def controls_help(self) -> Markup:
        mode = self.mode()
        n = self.state.n
        if mode == "solo" and self.phase == "play":
            items = [h("li", None, kbd("Space"), " or click your deck: flip on your turn"),
                     h("li", None, kbd("1"), "–", kbd(str(n)), " or “It's mine!”: grab that pile (costs a heart)")]
        elif mode == "hotseat" and self.phase == "play":
            names = self.names()
            keys = [h("li", None, kbd(k.upper()), f" {names[seat]}") for seat, k in self.hot_keys().items()]
            items = [h("li", None, "Press your key, then a pile number ", kbd("1"), "–", kbd(str(n)),
                       " within 1.5 s (or tap Reach, then “It's mine!”)"),
                     h("li", None, kbd("Space"), " or the deck: flip for the player whose turn it is"),
                     h("li", None, "Peek shows your favourites for 2 seconds"),
                     h("li", {"class": "keys"}, h("ul", {"class": "key-list"}, *keys))]
        elif self.phase == "replay":
            items = [h("li", None, "A replay at the game's own speed: ", kbd("Space"), " plays and pauses, ",
                       kbd("←"), " ", kbd("→"), " step.")]
        else:
            items = [h("li", None, "Bots only: sit back and watch.")]
        return h("section", {"class": "how", "aria-label": "Controls"}, h("h2", None, "Controls"), h("ul", None, *items))

    def totals_box(self) -> Markup:
        s = self.state
        names = self.names()
        if not s.history:
            return Markup("")
        rows = [h("tr", None, h("th", {"scope": "row"}, names[p]),
                  *[h("td", None, f"{r['scores'][p]:+d}") for r in s.history],
                  h("td", {"class": "total"}, str(s.totals[p]))) for p in range(s.n)]
        head = h("tr", None, h("th", None, "Player"), *[h("th", None, f"R{r['round']}") for r in s.history], h("th", None, "Total"))
        return h("section", {"class": "totals", "aria-label": "Scores so far"}, h("h2", None, "Scores so far"),
                 h("table", {"class": "mini-scores"}, h("thead", None, head), h("tbody", None, *rows)))

    def overlay(self) -> Markup:
        if self.phase == "play" and self.state.phase == "scored":
            return self.score_overlay()
        if self.phase == "over":
            return super().overlay()
        return Markup("")

    def replay_tick(self) -> None:
        """Replays run at the game's own pace: the recorded time between events
        (a long pause is cut short; the score table between rounds stays a moment)."""
        self.replay_playing = None
        if self.phase != "replay" or self.replay_index >= len(self.replay_states) - 1:
            self.app.refresh()
            return
        self.show_replay_step(self.replay_index + 1)
        moves = self.record.moves
        i = self.replay_index
        gap = 0
        if i < len(moves):
            nxt = moves[i][1]
            gap = 2500 if nxt["a"] == "c" else max(40, min(1500, nxt["t"] - moves[i - 1][1]["t"]))
        self.replay_playing = self.app.later(gap, self.replay_tick)
        self.app.refresh()

    def round_table(self, result: dict) -> Markup:
        names = self.names()
        s = self.state
        best = max(s.totals)
        rows = []
        for p in range(s.n):
            d = result["detail"][p]
            fav = result["favourites"][p]
            rows.append(h("tr", {"class": "leader" if s.totals[p] == best else None, "data-score-row": p},
                          h("th", {"scope": "row"}, h("span", {"class": f"seat-dot p{p}", "aria-hidden": "true"}), " ", names[p]),
                          h("td", {"class": "fav-cell"}, favourite_badges(fav)),
                          h("td", None, str(d["one"])),
                          h("td", None, f"{d['both']} × 2" if d["both"] else "0"),
                          h("td", None, str(d["cherries"])),
                          h("td", None, f"{closed_points(d['closed']):+d}".replace("-", "−") if d["closed"] else "0"),
                          h("td", None, str(d["tokens"])),
                          h("td", {"class": "round-total"}, f"{d['total']:+d}"),
                          h("td", {"class": "total"}, str(s.totals[p]))))
        head = h("tr", None, *[h("th", {"scope": "col"}, t) for t in
                               ("Player", "Favourites", "1 match", "2 matches", "Cherries", "Closed", "Hearts", "Round", "Total")])
        return h("table", {"class": "round-scores", "data-scores": result["round"]}, h("thead", None, head), h("tbody", None, *rows))

    def score_overlay(self) -> Markup:
        s = self.state
        result = s.history[-1]
        return h("div", {"class": "overlay", "role": "dialog", "aria-modal": "true", "aria-label": f"Round {result['round']} scores"},
                 h("div", {"class": "overlay-card score-card"},
                   h("h2", None, f"Round {result['round']} of {ROUNDS} is over"),
                   h("p", {"class": "why"}, END_REASONS.get(result["end"], "")),
                   self.round_table(result),
                   h("p", {"class": "fine"}, "1 point per card matching one favourite, 2 for both; cherries +1; "
                                             "closed −1 each (all three: +3); +1 per heart kept."),
                   h("p", {"class": "end-buttons"},
                     h("button", {"type": "button", "class": "start", "data-action": "next-round"},
                       f"Next round ({result['round'] + 1} of {ROUNDS})"),
                     h("button", {"type": "button", "class": "secondary", "data-action": "new-game"}, "New game"))))

    def summary(self) -> Markup:
        s = self.state
        names = self.names()
        head = h("tr", None, h("th", None, "Player"), *[h("th", None, f"Round {r['round']}") for r in s.history],
                 h("th", None, "Total"))
        rows = [h("tr", {"data-summary-row": p}, h("th", {"scope": "row"}, names[p]),
                  *[h("td", None, f"{r['scores'][p]:+d}") for r in s.history], h("td", None, str(s.totals[p])))
                for p in range(s.n)]
        last = s.history[-1] if s.history else None
        return join(
            h("table", {"class": "final-scores rounds", "data-summary": ""}, h("thead", None, head), h("tbody", None, *rows)),
            h("details", {"class": "last-round"}, h("summary", None, f"How round {last['round']} was scored"),
              self.round_table(last)) if last else None)


def screen(app, rest=None):
    return ItsMineScreen(app, rest)
