"""The Gelatinous table: roll, watch the 3s stack into a jelly cube, read the odds.

There are no decisions in Gelatinous, so the screen is about the feel of rolling and
the numbers: the dice tumble and travel to where the rules send them (cube, reserve,
neighbours), tally marks pile up like on paper, and a panel shows the chance to
finish and the spread of final scores, from here and from the start.

Everything drawn is the rules' public view (`GAME.view`); the only move is the
caller's roll (seat 0), made through TableScreen.act. Plain Python: the page is reached
through `self.app` only, so the flow is unit-testable with a fake app.

Animation: a freshly rolled board carries the class `gel-fresh` and CSS variables
(--k: speed factor; per die --d delay, --ax/--ay start offset). The final state is
always drawn; animations only start elements elsewhere and bring them home, so
skipping (click, key) or prefers-reduced-motion simply shows the final picture.
"""

from __future__ import annotations

from math import ceil, cos, radians

from gelateria.core.record import Seat
from gelateria.games.gelatinous import odds as odds_mod
from gelateria.games.gelatinous.rules import (
    CALLER,
    CUBE,
    EATEN,
    ELIMINATED,
    LOST,
    MODES,
    PLAYERS,
    PLAYING,
    ROLL,
    WON,
    solo_score,
)
from gelateria.web.markup import Markup, h, join, points, svg
from gelateria.web.table import DEFAULT_NAMES, PACES, TableScreen

# --- timing -----------------------------------------------------------------------------
# Seconds at speed factor k = 1: the dice tumble, then travel (cube / reserve /
# neighbours), then dice come back from the reserve or arrive from neighbours.
T_ROLL, T_MOVE1, T_MOVE2, T_TRAVEL = 0.6, 0.6, 1.1, 0.45
ANIM_MS = int((T_MOVE2 + T_TRAVEL) * 1000)  # 1550 ms for a whole roll at k = 1
# Auto-roll per pace preference: (animation speed factor, ms between rolls).
AUTO = {"slow": (1.25, 3200), "normal": (1.0, 2200), "fast": (0.5, 1000), "instant": (0.0, 0)}

# --- odds -----------------------------------------------------------------------------
SIM_GAMES = 2000  # multiplayer odds: simulated games per position
SIM_BATCH = 50  # games per simulate() call (fixed, so the answer does not depend on timing)
SIM_CHUNK = 250  # at most this many games per step …
SLICE_MS = 40  # … and steps stop after this long, so the page stays responsive
EXACT_TOL = 1e-6  # exact odds stop when this little is undecided (shown to 1%)
_ODDS: dict[tuple, dict] = {}  # position key -> odds (shared by every table on the page)
_ODDS_LIMIT = 400

BEST_KEY = "gelatinous_best"  # lowest winning solitaire score on this device
STATS_KEY = "gelatinous_stats"  # {"played": n, "won": n} solitaire games on this device

MODE_INFO = {
    "solitaire": ("Solitaire", "1 player · 13 dice. Finish the cube in as few rolls as you can."),
    "video": ("By video", "2–6 players, 13 dice each, side by side. First cube wins."),
    "multi": ("Multiplayer", "3–6 players, 7 dice each. Pass 1s left and 6s right."),
}
NOBODY_WINS = {EATEN: "Everyone was eaten!", LOST: "Out of dice: the jelly wins!", ELIMINATED: "Everyone ran out of dice!"}
STATUS_TEXT = {PLAYING: "Rolling", WON: "Won", LOST: "Lost", ELIMINATED: "Out of dice", EATEN: "Eaten"}
STATUS_ICON = {PLAYING: "", WON: "★ ", LOST: "✕ ", ELIMINATED: "✕ ", EATEN: "☠ "}
PLAYER_COLOURS = ["#d6336c", "#1c7ed6", "#2b8a3e", "#e67700", "#7048e8", "#495057"]

# Pips on a die face, as fractions of its side.
PIPS = {
    1: [(.5, .5)],
    2: [(.27, .27), (.73, .73)],
    3: [(.27, .27), (.5, .5), (.73, .73)],
    4: [(.27, .27), (.73, .27), (.27, .73), (.73, .73)],
    5: [(.27, .27), (.73, .27), (.5, .5), (.27, .73), (.73, .73)],
    6: [(.27, .25), (.27, .5), (.27, .75), (.73, .25), (.73, .5), (.73, .75)],
}
DIE_CHARS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}

# --- the mat's geometry (one SVG per player, user units) -------------------------------
W = 360
CUBE_S = 27  # side of a die in the cube
ISO_C = cos(radians(30))
CUBE_OX, CUBE_OY = 72, 88  # where the cube's back-bottom corner (0, 0, 0) is drawn
# The order dice fill the cube: bottom layer back to front, then the top layer.
SLOTS = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1), (1, 0, 1), (0, 1, 1), (1, 1, 1)]
TRAY_X, TRAY_Y, TRAY_W = 150, 26, 204
RES_D, RES_GAP = 22, 4.5
PASS_DX = 170  # how far a passed die flies towards its neighbour's mat


def valid_best(value) -> int | None:
    """The stored personal best if it is a plausible score, else None (never raises)."""
    return value if type(value) is int and -20 <= value <= 100_000 else None


def valid_stats(value) -> dict:
    if isinstance(value, dict):
        played, won = value.get("played"), value.get("won")
        if type(played) is int and type(won) is int and 0 <= won <= played:
            return {"played": played, "won": won}
    return {"played": 0, "won": 0}


def position_key(state) -> tuple:
    """What the odds depend on (the dice state is left out: same position, same odds)."""
    if state.mode == "multi":
        return ("multi", state.hands, state.cubes, state.status)
    return (state.mode, state.hands, state.reserves, state.cubes, state.tally, state.status)


def start_key(mode: str, players: int) -> tuple:
    return ("start", mode, players)


def _remember(key: tuple, value: dict) -> None:
    if len(_ODDS) >= _ODDS_LIMIT:
        del _ODDS[next(iter(_ODDS))]
    _ODDS[key] = value


def pct(p: float) -> str:
    if p <= 0:
        return "0%"
    if p < 0.01:
        return "<1%"
    if p > 0.99 and p < 1:
        return ">99%"
    return f"{round(p * 100)}%"


def fnum(x: float, digits: int = 2) -> str:
    return f"{x:.{digits}f}".rstrip("0").rstrip(".")


# --- drawing helpers ----------------------------------------------------------------------

def iso(x: float, y: float, z: float) -> tuple[float, float]:
    return CUBE_OX + (x - y) * CUBE_S * ISO_C, CUBE_OY + (x + y) * CUBE_S * 0.5 - z * CUBE_S


def flat_die(d: float, face: int | None, kind: str = "hand") -> Markup:
    """A die seen from above, in a d x d box at the origin. face None: not rolled yet."""
    parts = [svg("rect", x=0.5, y=0.5, width=d - 1, height=d - 1, rx=d * 0.2, class_=f"die die-{kind}")]
    if face:
        r = d * 0.09
        parts += [svg("circle", cx=fx * d, cy=fy * d, r=r, class_="pip") for fx, fy in PIPS[face]]
    return join(*parts)


def iso_die(i: int, j: int, k: int) -> Markup:
    """A die in the cube: an isometric block with three pips on top."""
    top = [iso(i, j, k + 1), iso(i + 1, j, k + 1), iso(i + 1, j + 1, k + 1), iso(i, j + 1, k + 1)]
    right = [iso(i + 1, j, k), iso(i + 1, j + 1, k), iso(i + 1, j + 1, k + 1), iso(i + 1, j, k + 1)]
    left = [iso(i, j + 1, k), iso(i + 1, j + 1, k), iso(i + 1, j + 1, k + 1), iso(i, j + 1, k + 1)]
    pips = []
    for u in (0.25, 0.5, 0.75):
        x, y = iso(i + u, j + u, k + 1)
        pips.append(svg("ellipse", cx=x, cy=y, rx=CUBE_S * 0.12, ry=CUBE_S * 0.07, class_="pip"))
    return join(svg("polygon", points=points(right), class_="jelly jelly-r"),
                svg("polygon", points=points(left), class_="jelly jelly-l"),
                svg("polygon", points=points(top), class_="jelly jelly-t"),
                *pips)


def cube_centre(slot: int) -> tuple[float, float]:
    i, j, k = SLOTS[slot]
    return iso(i + 0.5, j + 0.5, k + 0.5)


def tray_layout(slots: int) -> tuple[int, float, float]:
    """(columns, die size, gap) for a hand tray holding `slots` dice."""
    if slots <= 15:
        return 5, 32, 7
    if slots <= 28:
        return 7, 24, 4.5
    return 9, 19, 3


def tally_marks(count: int, fresh: bool, width: float = 340) -> Markup:
    """Tally marks like on paper: four strokes and a fifth across, a slight wobble."""
    per_row = max(1, int(width // 34))
    rows = max(1, ceil(ceil(count / 5) / per_row)) if count else 1
    height = rows * 30 + 4
    strokes = []
    for n in range(count):
        group, k = divmod(n, 5)
        row, col = divmod(group, per_row)
        gx, gy = 6 + col * 34, 5 + row * 30
        wob = ((n * 7919) % 11 - 5) / 5  # a hand-drawn look, the same on every render
        if k < 4:
            x = gx + 3 + k * 6
            d = f"M{fnum(x + wob * .6)} {fnum(gy + 1 + abs(wob) * .5)} L{fnum(x - wob * .5)} {fnum(gy + 21)}"
        else:
            d = f"M{fnum(gx - 2)} {fnum(gy + 17 + wob)} L{fnum(gx + 27)} {fnum(gy + 4 - wob)}"
        last = fresh and n == count - 1
        strokes.append(svg("path", d=d, pathLength=1, class_="mark fresh-mark" if last else "mark"))
    if not count:
        strokes.append(svg("text", "No rolls yet", x=6, y=20, class_="tally-empty"))
    return h("svg", {"class": "tally", "viewBox": f"0 0 {width} {height}", "role": "img",
                     "aria-label": f"{count} roll{'s' if count != 1 else ''} tallied", "data-tally": count},
             Markup("".join(strokes)))


def score_range(dist: dict) -> tuple[int, int] | None:
    """The scores worth drawing: from the first with any real weight to the 98.5th
    percentile (the long tail is gathered in the last bar)."""
    total = sum(dist.values())
    if total <= 0:
        return None
    keys = sorted(dist)
    lo = next((s for s in keys if dist[s] > total * 0.002), keys[0])
    acc, hi = 0.0, keys[-1]
    for s in keys:
        acc += dist[s]
        if acc >= total * 0.985:
            hi = s
            break
    return lo, max(hi, lo)


def solitaire_entry(state) -> dict:
    """Exact solitaire odds, worked out a roll at a time so the page stays responsive:
    the same propagation as odds.solitaire_exact, driven by odds.solo_timeline."""
    timeline = odds_mod.solo_timeline(state.hands[0], state.reserves[0], state.cubes[0], state.tally[0], EXACT_TOL)
    return {"done": False, "exact": True, "timeline": timeline, "rolls": 0, "scores": {}, "win": [0.0],
            "nobody": 0.0, "mean_rounds": 0.0, "median": None, "ms": 0.0}


def step_solitaire(entry: dict) -> None:
    """One more roll of the propagation (see solitaire_entry)."""
    try:
        wins, lost, _alive = next(entry["timeline"])
    except StopIteration:
        entry["done"] = True
        entry["timeline"] = None
        entry["scores"] = dict(sorted(entry["scores"].items()))
        entry["median"] = odds_mod.weighted_median(entry["scores"])
        return
    entry["rolls"] += 1
    for score, p in wins.items():
        entry["scores"][score] = entry["scores"].get(score, 0.0) + p
    won = sum(wins.values())
    entry["win"] = [entry["win"][0] + won]
    entry["nobody"] += lost
    entry["mean_rounds"] += entry["rolls"] * (won + lost)


def fly_style(ax: float, ay: float, d: float, **extra) -> str:
    style = f"--ax:{fnum(ax)}px;--ay:{fnum(ay)}px;--d:{d}"
    for key, value in extra.items():
        style += f";--{key}:{value}"
    return style


class GelatinousScreen(TableScreen):
    game_id = "gelatinous"
    default_players = 1
    bot_levels = ("normal",)
    level_labels = {"normal": "Automatic"}
    undoable = False  # the dice are in the state: an undone roll would roll the same again

    def __init__(self, app, rest=None):
        super().__init__(app, rest)
        self.auto = False  # rolls by itself at the pace preference
        self.fresh_k: float | None = None  # the next render animates the last roll at this speed
        self.anim_until = 0.0  # app.now() when the current animation ends
        self.end_hold = False  # game just ended: let the last roll play before the end screen
        self.odds_timer = None
        self.recorded = False  # this game's solitaire result is in the device stats
        self.best_note = ""

    # --- setup ---------------------------------------------------------------------------

    def default_options(self) -> dict:
        return {"mode": "solitaire"}

    def mode(self) -> str:
        if self.state is not None and self.phase != "setup":
            return self.state.mode
        mode = self.options.get("mode")
        return mode if mode in MODES else "solitaire"

    def seat_limits(self) -> tuple[int, int]:
        return PLAYERS[self.mode()]

    def setup_fields(self) -> Markup:
        current = self.options.get("mode", "solitaire")
        buttons = []
        for mode in MODES:
            title, blurb = MODE_INFO[mode]
            on = mode == current
            buttons.append(h("button", {"type": "button", "class": "mode-choice" + (" on" if on else ""),
                                        "role": "radio", "aria-checked": "true" if on else "false",
                                        "data-action": "mode", "data-mode": mode},
                             h("strong", None, title), h("span", None, blurb)))
        return h("fieldset", {"class": "gel-modes"},
                 h("legend", None, "How to play"),
                 h("div", {"class": "mode-choices", "role": "radiogroup", "aria-label": "Mode"}, *buttons),
                 h("input", {"type": "hidden", "name": "opt_mode", "value": current}),
                 h("p", {"class": "setup-note"},
                   "Nobody has choices to make: one Roll button rolls everybody's dice. If the first "
                   "player is automatic, the game rolls by itself (you can pause it)."))

    def read_options(self, form: dict) -> dict:
        mode = form.get("opt_mode", self.options.get("mode"))
        return {"mode": mode if mode in MODES else "solitaire"}

    def set_mode(self, mode) -> None:
        if mode not in MODES:
            self.message = "Choose solitaire, by video or multiplayer."
            return
        self.options = {"mode": mode}
        low, high = PLAYERS[mode]
        while len(self.seats) > high:
            self.seats.pop()
        while len(self.seats) < low:
            i = len(self.seats)
            self.seats.append(Seat("bot", DEFAULT_NAMES[i % len(DEFAULT_NAMES)], "normal"))

    # --- who rolls ----------------------------------------------------------------------

    def needs_handover(self, player: int) -> bool:
        return False  # all dice are on the table: nothing to hide, no device to pass

    def begin(self, save_id: str) -> None:
        super().begin(save_id)
        # Nobody decides anything: automatic players are the Auto toggle, not bots
        # that move on their own (see after_change).
        self.bots = {}

    def start(self, seed: int | None = None) -> None:
        self.cancel_odds()
        self.auto = bool(self.seats) and self.seats[0].kind == "bot"
        self.fresh_k = None
        self.end_hold = False
        self.recorded = False
        self.best_note = ""
        super().start(seed)

    def after_change(self) -> None:
        """The next roll: by itself when auto is on, else wait for Roll."""
        self.cancel_pending()
        if self.can_play() and self.auto:
            self.pending = self.app.later(self.pace(), self.auto_roll)

    def pace_name(self) -> str:
        pace = self.app.prefs.get("pace", "normal")
        return pace if pace in AUTO else "normal"

    def pace(self) -> int:
        return AUTO[self.pace_name()][1]

    def auto_roll(self) -> None:
        self.pending = None
        if self.phase == "play" and self.auto:
            self.roll(AUTO[self.pace_name()][0])

    def roll(self, k: float = 1.0) -> bool:
        if self.phase != "play":
            return False
        self.fresh_k = k or None
        ok = self.act(CALLER, dict(ROLL))
        if not ok:
            self.fresh_k = None
        return ok

    def act(self, player: int, move) -> bool:
        k = self.fresh_k
        was_over = self.phase == "over"
        if not was_over and self.phase == "play":
            # Hold the end screen back (render sees it) until the last roll has played.
            self.end_hold = True
        ok = super().act(player, move)
        if self.phase == "over" and not was_over and ok:
            self.auto = False
            self.record_result()
            self.pending = self.app.later(int(ANIM_MS * k) + 250 if k else 0, self.release_end)
        else:
            self.end_hold = False
        return ok

    def release_end(self) -> None:
        self.pending = None
        if self.end_hold:
            self.end_hold = False
            self.app.refresh()

    def record_result(self) -> None:
        """Solitaire: count the game on this device; a better win is a new personal best."""
        if self.recorded or self.state is None or self.state.mode != "solitaire":
            return
        self.recorded = True
        prefs = self.app.prefs
        stats = valid_stats(prefs.get(STATS_KEY))
        stats["played"] += 1
        best = valid_best(prefs.get(BEST_KEY))
        if self.state.status[0] == WON:
            stats["won"] += 1
            score = solo_score(self.state.tally[0], self.state.hands[0])
            if best is None or score < best:
                prefs[BEST_KEY] = score
                self.best_note = ("A new personal best!" if best is not None
                                  else "Your first win on this device: that's your personal best.")
                if best is not None:
                    self.best_note += f" (Before: {best}.)"
            else:
                self.best_note = f"Your personal best here is {best}."
        elif best is not None:
            self.best_note = f"Your personal best here is {best}."
        prefs[STATS_KEY] = stats
        self.app.save_prefs()

    # --- events ---------------------------------------------------------------------------

    def on_action(self, action: str, data: dict) -> None:
        if action == "mode":
            self.message = ""
            self.read_setup(data.get("form") or {})
            self.set_mode(data.get("mode"))
            self.app.refresh()
            return
        if action in ("new-game", "same-seats"):
            self.cancel_odds()
            self.auto = False
        super().on_action(action, data)

    def on_game_action(self, action: str, data: dict) -> None:
        if action == "roll":
            self.roll()
        elif action == "auto":
            self.auto = not self.auto and self.phase == "play"
            self.fresh_k = None
            self.cancel_pending()
            self.app.refresh()
            if self.auto:  # the first automatic roll comes quickly
                self.pending = self.app.later(min(self.pace(), 400), self.auto_roll)
        elif action == "settle":
            self.settle()

    def on_game_key(self, key: str) -> bool:
        if key in (" ", "Enter", "Spacebar"):
            if self.phase == "play":
                self.roll()
                return True
            return False
        if key in ("Tab", "Shift", "Control", "Alt", "Meta", "CapsLock"):
            return False
        if self.animating():
            self.settle()
            return key == "Escape"
        return False

    def animating(self) -> bool:
        now = getattr(self.app, "now", None)
        return self.end_hold or (now is not None and now() < self.anim_until)

    def settle(self) -> None:
        """Finish the roll animation at once (a click on the board or a key)."""
        self.anim_until = 0.0
        if self.end_hold:
            self.cancel_pending()
            self.end_hold = False
            self.app.refresh()
        else:
            self.app.update("[data-board]", self.board())

    def close(self) -> None:
        self.cancel_odds()
        super().close()

    def mounted(self) -> None:
        super().mounted()
        k = self.fresh_k
        self.fresh_k = None
        now = getattr(self.app, "now", None)
        if k and now is not None:
            self.anim_until = now() + ANIM_MS * k
        self.schedule_odds(int(ANIM_MS * k) if k else 0)

    # --- odds, computed after the render and cached per position -------------------------

    def cancel_odds(self) -> None:
        if self.odds_timer is not None:
            self.app.cancel(self.odds_timer)
            self.odds_timer = None

    def schedule_odds(self, delay: int) -> None:
        self.cancel_odds()
        if not self.odds_wanted():
            return
        start = start_key(self.state.mode, len(self.state.hands))
        if _ODDS.get(position_key(self.state), {}).get("done") and _ODDS.get(start, {}).get("done"):
            return
        key = position_key(self.state)
        self.odds_timer = self.app.later(delay, lambda: self.odds_step(key))

    def odds_wanted(self) -> bool:
        """Odds for a game in play, or for the position a replay shows."""
        return self.phase in ("play", "replay") and self.state is not None and not self.game.is_over(self.state)

    def odds_step(self, key: tuple) -> None:
        """One slice of work on the odds; updates the panel and schedules the next slice."""
        self.odds_timer = None
        if not self.odds_wanted() or position_key(self.state) != key:
            return
        n = len(self.state.hands)
        start = start_key(self.state.mode, n)
        for k, state in ((key, self.state), (start, self.game.new(n, 0, {"mode": self.state.mode}))):
            entry = _ODDS.get(k)
            if entry is None or not entry["done"]:
                self.work_on(k, state, entry)
                break
        self.app.update("[data-odds]", self.odds_panel())
        if not (_ODDS[key]["done"] and _ODDS.get(start, {}).get("done")):
            self.odds_timer = self.app.later(0, lambda: self.odds_step(key))

    def work_on(self, key: tuple, state, entry: dict | None) -> None:
        now = getattr(self.app, "now", lambda: 0.0)
        t0 = now()
        if state.mode == "solitaire":
            entry = entry or solitaire_entry(state)
            while not entry["done"] and (now() - t0 < SLICE_MS or not entry["rolls"]):
                step_solitaire(entry)
        elif state.mode == "video":
            r = odds_mod.odds_for(state, tol=EXACT_TOL)
            entry = {"done": True, "exact": True, "win": r["win"], "nobody": r["nobody"],
                     "mean_rounds": r["mean_rounds"], "scores": r.get("scores"),
                     "median": r.get("median_score"), "ms": 0.0}
        else:
            entry = entry or {"done": False, "exact": False, "games": 0, "wins": [0] * len(state.hands),
                              "nobody_n": 0, "rounds": 0.0, "ms": 0.0}
            played = 0
            while entry["games"] < SIM_GAMES and played < SIM_CHUNK and (not played or now() - t0 < SLICE_MS):
                batch = odds_mod.simulate(games=SIM_BATCH, seed=state.rng + entry["games"], start=state)
                entry["wins"] = [a + b for a, b in zip(entry["wins"], batch["wins_by_seat"])]
                entry["nobody_n"] += batch["no_winner"]
                entry["rounds"] += batch["mean_rounds"] * SIM_BATCH
                entry["games"] += SIM_BATCH
                played += SIM_BATCH
            games = entry["games"]
            entry.update(win=[w / games for w in entry["wins"]], nobody=entry["nobody_n"] / games,
                         mean_rounds=entry["rounds"] / games, done=games >= SIM_GAMES)
        entry["ms"] = entry.get("ms", 0.0) + (now() - t0)
        _remember(key, entry)

    # --- drawing: the board ------------------------------------------------------------

    def status_line(self) -> Markup:
        return Markup("")  # the roll bar says whose call it is

    def board(self) -> Markup:
        view = self.game.view(self.state, None)
        k = self.fresh_k
        fresh = bool(k) and self.state.round > 0
        mode = view["mode"]
        mats = [self.mat(view, seat, fresh) for seat in range(len(view["players"]))]
        attrs = {"class": "gel-board" + (" gel-fresh" if fresh else ""), "data-board": "",
                 "data-mode": mode, "data-round": view["round"], "data-animating": "1" if fresh else "0"}
        if fresh:
            attrs["style"] = f"--k:{k}"
            attrs["data-action"] = "settle"
        return h("div", attrs,
                 self.roll_bar(view),
                 h("div", {"class": f"mats mats-{mode} n{len(mats)}"}, *mats))

    def roll_bar(self, view: dict) -> Markup:
        caller = self.names()[CALLER]
        over = self.phase != "play"
        if self.phase == "replay":
            sub = "Replay: step with the controls beside the board"
        elif over:
            sub = "Game over"
        elif self.auto:
            sub = "Rolling by itself — press Auto to pause"
        elif len(self.seats) == 1:
            sub = "Space or Enter rolls too"
        else:
            sub = f"{caller} calls the rolls for everyone · Space or Enter"
        dice_icon = h("svg", {"class": "roll-icon", "viewBox": "0 0 40 32", "aria-hidden": "true"},
                      svg("g", flat_die(22, 5), transform="translate(1 8) rotate(-12 11 11)"),
                      svg("g", flat_die(22, 3), transform="translate(16 2) rotate(10 11 11)"))
        return h("div", {"class": "roll-bar"},
                 h("button", {"type": "button", "class": "roll-button", "data-action": "roll", "disabled": over,
                              "aria-keyshortcuts": "Space Enter"}, dice_icon, "Roll"),
                 h("button", {"type": "button", "class": "auto-toggle" + (" on" if self.auto else ""), "data-action": "auto",
                              "aria-pressed": "true" if self.auto else "false", "disabled": over},
                   h("span", {"class": "auto-dot", "aria-hidden": "true"}), "Auto"),
                 h("p", {"class": "round-info", "aria-live": "polite"},
                   h("strong", {"data-round-label": ""}, f"Round {view['round']}" if view["round"] else "Ready to roll"),
                   h("span", None, sub)))

    def mat(self, view: dict, seat: int, fresh: bool) -> Markup:
        p = view["players"][seat]
        mode = view["mode"]
        names = self.names()
        n = len(names)
        last = p["last"]
        rolled_now = fresh and last["rolled"]
        status = p["status"]
        # --- header
        facts = [f"Cube {p['cube']}/8", f"Hand {p['hand']}"]
        if mode != "multi":
            facts.append(f"Reserve {p['reserve']}")
        facts.append(f"Rolls {p['tally']}")
        badge = h("span", {"class": f"badge st-{status}", "data-status": status}, STATUS_ICON[status] + STATUS_TEXT[status])
        header = h("header", {"class": "mat-head"},
                   h("span", {"class": f"seat-dot p{seat}", "aria-hidden": "true"}),
                   h("h2", None, names[seat]),
                   h("span", {"class": "caller-tag"}, "calls the rolls") if seat == CALLER and n > 1 else None,
                   badge)
        label = f"{names[seat]}: cube {p['cube']} of 8, {dice(p['hand'])} in hand"
        if mode != "multi":
            label += f", {p['reserve']} in the reserve"
        label += f", {p['tally']} rolls"
        art = self.mat_svg(view, seat, fresh)
        score = None
        if mode != "multi" and status == WON:
            score = h("p", {"class": "mat-score"}, f"Score {p['score']} = {p['tally']} rolls − {p['hand']} in hand")
        passing = None
        if mode == "multi":
            passing = h("p", {"class": "passing"},
                        h("span", None, "1s → ", h("b", None, names[p["left"]])), " ",
                        h("span", None, "6s → ", h("b", None, names[p["right"]])))
        return h("article", {"class": f"mat p{seat} st-{status}" + (" rolled" if rolled_now else ""), "data-seat": seat,
                             "data-cube": p["cube"], "data-hand": p["hand"], "data-reserve": p.get("reserve", 0),
                             "data-tally": p["tally"], "data-status": status, "aria-label": label},
                 header,
                 art,
                 h("div", {"class": "tally-row"}, h("span", {"class": "tally-label"}, "Rolls"),
                   tally_marks(p["tally"], rolled_now, 300)),
                 h("p", {"class": "last-roll"}, self.roll_caption(view, seat)),
                 score, passing,
                 h("p", {"class": "facts visually-hidden"}, " · ".join(facts)))

    def roll_caption(self, view: dict, seat: int) -> Markup:
        p = view["players"][seat]
        last = p["last"]
        names = self.names()
        parts = []
        if last["rolled"]:
            dest = last["dest"]
            cube = dest.count("cube")
            if cube:
                parts.append(f"+{cube} to the cube")
            if view["mode"] == "multi":
                if dest.count("left"):
                    parts.append(f"{dest.count('left')} passed to {names[p['left']]}")
                if dest.count("right"):
                    parts.append(f"{dest.count('right')} passed to {names[p['right']]}")
            else:
                if dest.count("reserve"):
                    parts.append(f"{dest.count('reserve')} to the reserve")
                if last.get("from_reserve"):
                    parts.append(f"{last['from_reserve']} back from the reserve")
        for got in last.get("received", []):
            if got["dice"]:
                parts.append(f"got {got['dice']} from {names[got['from']]}")
        if not last["rolled"]:
            if p["status"] != PLAYING:
                return Markup("")
            if view["round"] == 0:
                return h("span", {"class": "muted"}, "Dice ready in hand")
            return h("span", {"class": "muted"}, "No dice to roll this round" + (": " + ", ".join(parts) if parts else ""))
        faces = " ".join(DIE_CHARS[f] for f in last["faces"])
        return join(h("span", {"class": "faces", "aria-label": "Rolled " + ", ".join(map(str, last["faces"]))}, faces),
                    " ", ", ".join(parts) if parts else "nothing moves")

    def mat_svg(self, view: dict, seat: int, fresh: bool) -> Markup:
        """Cube, hand tray and reserve of one player, with the last roll's journeys."""
        p = view["players"][seat]
        mode = view["mode"]
        last = p["last"]
        animate = fresh and (last["rolled"] or any(g["dice"] for g in last.get("received", [])))
        faces, dest = last["faces"], last["dest"]
        cube_after = p["cube"]
        to_cube = dest.count("cube")
        cube_before = cube_after - to_cube if last["rolled"] else cube_after

        # --- the hand after the roll: dice that stayed keep their place, arrivals fill gaps
        stayed = [i for i, d in enumerate(dest) if d == "hand"]
        gone = [i for i, d in enumerate(dest) if d != "hand"]
        arrivals = []  # (kind, face or None, from seat or None)
        if mode == "multi":
            for got in last.get("received", []):
                arrivals += [("received", got["face"], got["from"])] * got["dice"]
        else:
            arrivals += [("reserve", None, None)] * last.get("from_reserve", 0)
        n_slots = max(len(faces), p["hand"], 1)
        free = gone + list(range(len(faces), n_slots))
        if not last["rolled"] and not arrivals:
            # Nothing happened this round: the hand as it is, dice not yet rolled.
            hand_dice = [(i, None, "idle", None) for i in range(p["hand"])]
        else:
            hand_dice = [(i, faces[i], "stayed", None) for i in stayed]
            for (kind, face, src), slot in zip(arrivals, free):
                hand_dice.append((slot, face, kind, src))
        cols, d, gap = tray_layout(n_slots)
        rows = max(2, ceil(n_slots / cols))
        pad = (TRAY_W - (cols * d + (cols - 1) * gap)) / 2

        def slot_xy(slot: int) -> tuple[float, float]:
            r, c = divmod(slot, cols)
            return TRAY_X + pad + c * (d + gap), TRAY_Y + 8 + r * (d + gap)

        tray_h = rows * d + (rows - 1) * gap + 16
        body_bottom = max(CUBE_OY + 2 * CUBE_S + 10, TRAY_Y + tray_h)
        reserve_y = body_bottom + 10
        has_reserve = mode != "multi"
        height = reserve_y + (RES_D + 32 if has_reserve else 0) + 4

        def reserve_xy(slot: int) -> tuple[float, float]:
            return 12 + slot * (RES_D + RES_GAP), reserve_y + 24

        parts: list = []
        # --- cube: a plate, ghost slots, the dice
        floor = [iso(0, 0, 0), iso(2, 0, 0), iso(2, 2, 0), iso(0, 2, 0)]
        parts.append(svg("text", f"Cube · {cube_after} of 8", x=8, y=16, class_="zone-label"))
        parts.append(svg("ellipse", cx=CUBE_OX, cy=iso(2, 2, 0)[1] - 4, rx=62, ry=12, class_="cube-shadow"))
        parts.append(svg("polygon", points=points(floor), class_="cube-plate"))
        if cube_after < CUBE:
            # The cube to build, as a dashed outline: its far edges, then the near ones.
            far = [iso(0, 0, 2), iso(2, 0, 2), iso(2, 2, 2), iso(0, 2, 2)]
            parts.append(svg("path", d=f"M{points([iso(0, 0, 0), iso(0, 0, 2)])} M{points(far + [far[0]])} "
                                       f"M{points([iso(2, 0, 0), iso(2, 0, 2)])} M{points([iso(0, 2, 0), iso(0, 2, 2)])} "
                                       f"M{points([iso(2, 2, 0), iso(2, 2, 2)])}",
                             class_="cube-frame"))
        for slot in range(CUBE):
            i, j, k = SLOTS[slot]
            if slot >= cube_after and (k == 0 or cube_after >= 4):
                cell = [iso(i, j, k), iso(i + 1, j, k), iso(i + 1, j + 1, k), iso(i, j + 1, k)]
                parts.append(svg("polygon", points=points(cell), class_="cube-ghost"))
        for slot in range(cube_after):
            i, j, k = SLOTS[slot]
            new = animate and slot >= cube_before
            cls = "cube-die pop" if new else "cube-die"
            style = f"--d:{fnum(T_MOVE1 + T_TRAVEL)}" if new else None
            parts.append(svg("g", iso_die(i, j, k), class_=cls, style=style, data_cube_slot=slot))
        if cube_after == CUBE:
            parts.append(svg("g", svg("text", "★", x=CUBE_OX, y=iso(0, 0, 2)[1] - 6, class_="cube-star"),
                             class_="pop" if animate else None, style=f"--d:{fnum(T_MOVE1 + T_TRAVEL)}" if animate else None))

        # --- hand tray
        parts.append(svg("rect", x=TRAY_X, y=TRAY_Y, width=TRAY_W, height=tray_h, rx=12, class_="tray tray-hand"))
        parts.append(svg("text", f"Hand · {p['hand']}", x=TRAY_X + 4, y=16, class_="zone-label"))
        for slot in range(n_slots):
            x, y = slot_xy(slot)
            parts.append(svg("rect", x=x + 2, y=y + 2, width=d - 4, height=d - 4, rx=d * 0.2, class_="slot"))

        # --- reserve tray (solitaire / video)
        res_after = p.get("reserve", 0)
        if has_reserve:
            parts.append(svg("rect", x=4, y=reserve_y, width=W - 8, height=RES_D + 30, rx=12, class_="tray tray-reserve"))
            parts.append(svg("text", f"Reserve · {res_after}", x=12, y=reserve_y + 16, class_="zone-label"))
        ones = dest.count("reserve")
        from_res = last.get("from_reserve", 0)
        res_before = res_after - ones + from_res if last["rolled"] else res_after
        res_peak = res_before + ones  # before the 6s took dice back
        if has_reserve:
            for slot in range(res_after):
                x, y = reserve_xy(slot)
                new = animate and slot >= res_before
                parts.append(svg("g", svg("g", flat_die(RES_D, None, "reserve"), class_="pop" if new else None,
                                          style=f"--d:{fnum(T_MOVE1 + T_TRAVEL)}" if new else None),
                                 transform=f"translate({fnum(x)} {fnum(y)})", data_reserve_die=slot))

        # --- dice in hand (final positions), arriving ones fly in from where they were
        taken = iter(range(res_after, res_peak))  # reserve slots the 6s emptied, in order
        for slot, face, kind, src in sorted(hand_dice):
            x, y = slot_xy(slot)
            die_kind = "got" if kind == "received" else "hand"
            inner = flat_die(d, face, die_kind)
            if kind == "received":
                inner = join(inner, svg("rect", x=-2, y=-2, width=d + 4, height=d + 4, rx=d * 0.26,
                                        class_="from-ring", style=f"stroke:{PLAYER_COLOURS[src % 6]}"))
            if animate and kind == "stayed":
                jitter = ((slot * 37) % 9 - 4) * 2
                turn = 140 + (slot * 53) % 220
                inner = svg("g", inner, class_="tumble", style=f"--r:{turn if slot % 2 else -turn}deg;--jx:{jitter}px")
            elif animate and kind == "reserve":
                rslot = next(taken, res_after)
                rx, ry = reserve_xy(rslot)
                show = 0 if rslot < res_before else T_MOVE1 + T_TRAVEL  # a 1 that just arrived there
                inner = svg("g", inner, class_="fly late",
                            style=fly_style(rx - x, ry - y, T_MOVE2, s=fnum(RES_D / d), show=fnum(show)))
            elif animate and kind == "received":
                ax = -PASS_DX if src == (seat - 1) % len(view["players"]) else PASS_DX
                inner = svg("g", inner, class_="fly late", style=fly_style(ax, 0, T_MOVE2, s=1, show=fnum(T_MOVE1)))
            parts.append(svg("g", inner, transform=f"translate({fnum(x)} {fnum(y)})", data_hand_die=slot,
                             data_face=face or 0))

        # --- fliers: dice leaving the hand for the cube, the reserve or a neighbour
        if animate and last["rolled"]:
            cube_slot, res_slot = cube_before, res_before
            for i, (face, where) in enumerate(zip(faces, dest)):
                if where == "hand":
                    continue
                sx, sy = slot_xy(i)
                turn = 140 + (i * 53) % 220
                die = svg("g", flat_die(d, face), class_="tumble", style=f"--r:{turn if i % 2 else -turn}deg;--jx:0px")
                if where == "cube":
                    cx, cy = cube_centre(cube_slot)
                    cube_slot += 1
                    tx, ty = cx - d / 2, cy - d / 2
                    style = fly_style(sx - tx, sy - ty, T_MOVE1, s=1, e=fnum(T_MOVE1 + T_TRAVEL))
                    parts.append(svg("g", svg("g", die, class_="flier", style=style),
                                     transform=f"translate({fnum(tx)} {fnum(ty)})", aria_hidden="true"))
                elif where == "reserve":
                    tx, ty = reserve_xy(res_slot)
                    res_slot += 1
                    style = fly_style(sx - tx, sy - ty, T_MOVE1, s=fnum(d / RES_D), e=fnum(T_MOVE1 + T_TRAVEL))
                    small = svg("g", flat_die(RES_D, face), class_="tumble",
                                style=f"--r:{turn if i % 2 else -turn}deg;--jx:0px")
                    parts.append(svg("g", svg("g", small, class_="flier", style=style),
                                     transform=f"translate({fnum(tx)} {fnum(ty)})", aria_hidden="true"))
                else:  # passed to a neighbour: off towards their mat, fading
                    ox = PASS_DX if where == "left" else -PASS_DX
                    parts.append(svg("g", svg("g", die, class_="leave", style=f"--ox:{ox}px;--d:{T_MOVE1}"),
                                     transform=f"translate({fnum(sx)} {fnum(sy)})", aria_hidden="true"))

        return h("svg", {"class": "mat-art", "viewBox": f"0 0 {W} {fnum(height)}", "role": "img",
                         "aria-label": self.art_label(view, seat)},
                 Markup("".join(parts)))

    def art_label(self, view: dict, seat: int) -> str:
        p = view["players"][seat]
        text = f"Cube {p['cube']} of 8; {dice(p['hand'])} in hand"
        if view["mode"] != "multi":
            text += f"; {p['reserve']} in the reserve"
        return text

    # --- drawing: the side panels ---------------------------------------------------------

    def side(self) -> Markup:
        return join(self.odds_panel(), self.best_panel())

    def best_panel(self) -> Markup:
        if self.mode() != "solitaire":
            return Markup("")
        best = valid_best(self.app.prefs.get(BEST_KEY))
        stats = valid_stats(self.app.prefs.get(STATS_KEY))
        record = (f"You have won {stats['won']} of {stats['played']} solitaire game"
                  f"{'s' if stats['played'] != 1 else ''} here." if stats["played"] else "No solitaire games finished here yet.")
        return h("section", {"class": "best", "aria-label": "Personal best", "data-best": best if best is not None else ""},
                 h("h2", None, "Personal best"),
                 h("p", {"class": "best-score"}, h("strong", None, str(best)) if best is not None else "—",
                   h("span", None, " lowest winning score on this device")),
                 h("p", {"class": "muted"}, record))

    def odds_panel(self) -> Markup:
        state = self.state
        mode = state.mode
        if not self.odds_wanted():
            return h("section", {"class": "odds", "aria-label": "Odds", "data-odds": "over"},
                     h("h2", None, "Odds"), h("p", {"class": "muted"}, "The game is over: no more odds to give."))
        n = len(state.hands)
        now = _ODDS.get(position_key(state))
        start = _ODDS.get(start_key(mode, n))
        ready = bool(now and now["done"])
        attrs = {"class": "odds", "aria-label": "Odds", "data-odds": "ready" if ready else "working"}
        if ready:
            attrs["data-odds-ms"] = fnum(now["ms"], 1)
        # Exact odds are shown once complete; a simulation shows its games so far.
        shown = now if now and (now["done"] or not now["exact"]) else None
        start = start if start and start["done"] else None
        if mode == "solitaire":
            body = self.solitaire_odds(shown, start)
        else:
            body = self.table_odds(shown, start)
        if now and now["exact"] and ready:
            foot = f"Exact: every possible roll counted ({now['ms']:.0f} ms)." if now["ms"] else "Exact: every possible roll counted."
        elif shown:
            foot = (f"Simulated {now['games']:,} games from here" + ("" if ready else " so far…")
                    + (f" ({now['ms']:.0f} ms)." if ready and now["ms"] else "."))
        else:
            foot = "Working out the odds…"
        return h("section", attrs, h("h2", None, "Odds"), *body, h("p", {"class": "odds-foot muted"}, foot))

    def solitaire_odds(self, now: dict | None, start: dict | None) -> list:
        state = self.state
        at_start = state.round == 0
        if not now:
            return [h("p", {"class": "odds-big"}, h("span", {"class": "big-num"}, "…"), " chance to finish the cube")]
        win = now["win"][0]
        lines = [h("p", {"class": "odds-big", "data-win": fnum(win, 4)},
                   h("span", {"class": "big-num"}, pct(win)), " chance to finish the cube",
                   h("span", {"class": "muted"}, f" (at the start: {pct(start['win'][0])})") if start and not at_start else None)]
        facts = []
        if now.get("median") is not None:
            facts.append(h("li", None, "Typical winning score: ", h("strong", None, str(now["median"]))))
        facts.append(h("li", None, "Rolls still to come: about ", h("strong", None, fnum(now["mean_rounds"], 1))))
        lines.append(h("ul", {"class": "odds-facts"}, *facts))
        lines.append(self.histogram(now.get("scores") or {}, (start or {}).get("scores") or {}, at_start))
        lines.append(h("p", {"class": "lower-better"}, "Lower scores are better: score = rolls − dice left in hand."))
        return lines

    def histogram(self, now: dict, start: dict, at_start: bool) -> Markup:
        """Chance of each final score: from here (filled) and from the start (dashed)."""
        if not now and not start:
            return Markup("")
        shown = [now] + ([start] if start and not at_start else [])
        ranges = [r for r in (score_range(dist) for dist in shown) if r]
        if not ranges:
            return Markup("")
        lo = min(r[0] for r in ranges)
        hi = max(max(r[1] for r in ranges), lo + 6)
        span = list(range(lo, hi + 1))

        def bucket(dist, s):
            return sum(p for k, p in dist.items() if k >= s) if s == hi else dist.get(s, 0.0)

        now_v = [bucket(now, s) for s in span]
        start_v = [bucket(start, s) for s in span] if start and not at_start else []
        top = max(now_v + start_v + [1e-9])
        cw, ch, left, base = 300, 128, 26, 96
        bw = (cw - left - 6) / len(span)
        parts = [svg("line", x1=left, y1=base, x2=cw - 4, y2=base, class_="axis")]
        parts.append(svg("text", pct(top), x=left - 4, y=14, class_="axis-label", text_anchor="end"))
        best = valid_best(self.app.prefs.get(BEST_KEY))
        for idx, s in enumerate(span):
            x = left + idx * bw
            if now_v[idx] > 0:
                hgt = max(1.0, now_v[idx] / top * (base - 12))
                parts.append(svg("rect", x=x + 1.5, y=base - hgt, width=max(1.0, bw - 3), height=hgt, class_="bar-now",
                                 data_score=s))
            if start_v and start_v[idx] > 0:
                hgt = max(1.0, start_v[idx] / top * (base - 12))
                parts.append(svg("rect", x=x + 0.5, y=base - hgt, width=max(1.0, bw - 1), height=hgt, class_="bar-start"))
            step = 1 if len(span) <= 12 else 2 if len(span) <= 24 else 5
            if (s - lo) % step == 0 or s == hi:
                label = f"{s}+" if s == hi else str(s)
                parts.append(svg("text", label, x=x + bw / 2, y=base + 14, class_="axis-label", text_anchor="middle"))
        if best is not None and lo <= best <= hi:
            x = left + (best - lo + 0.5) * bw
            parts.append(svg("line", x1=x, y1=10, x2=x, y2=base, class_="best-line"))
            parts.append(svg("text", f"★ best {best}", x=min(x + 3, cw - 50), y=10, class_="best-label"))
        parts.append(svg("text", "final score →", x=cw - 4, y=base + 26, class_="axis-label", text_anchor="end"))
        legend = [h("span", {"class": "key key-now"}, "from here" if not at_start else "from the start")]
        if start_v:
            legend.append(h("span", {"class": "key key-start"}, "from the start"))
        return h("figure", {"class": "histogram"},
                 h("svg", {"viewBox": f"0 0 {cw} {ch}", "role": "img", "data-histogram": "",
                           "aria-label": "Chance of each final score; the most likely is "
                                         + str(span[max(range(len(span)), key=lambda i: now_v[i])])}, Markup("".join(parts))),
                 h("figcaption", None, *legend))

    def table_odds(self, now: dict | None, start: dict | None) -> list:
        state = self.state
        names = self.names()
        at_start = state.round == 0
        if not now:
            return [h("p", {"class": "muted"}, "Rolling the numbers…")]
        rows = []
        for seat, name in enumerate(names):
            chance = now["win"][seat]
            then = start["win"][seat] if start and not at_start else None
            out = state.status[seat] != PLAYING
            bar = h("span", {"class": "meter"},
                    h("span", {"class": f"fill p{seat}", "style": f"width:{chance * 100:.1f}%"}),
                    h("span", {"class": "tick", "style": f"left:{then * 100:.1f}%", "title": f"At the start: {pct(then)}"})
                    if then is not None else None)
            rows.append(h("li", {"class": "odds-row" + (" out" if out else ""), "data-seat": seat},
                          h("span", {"class": "odds-name"}, name), bar,
                          h("strong", {"class": "odds-pct"}, pct(chance))))
        nobody_word = "Everyone eaten" if state.mode == "multi" else "Nobody finishes"
        nobody_then = f" (start: {pct(start['nobody'])})" if start and not at_start else ""
        return [h("p", {"class": "odds-sub"}, "Chance to win"),
                h("ol", {"class": "odds-rows"}, *rows),
                h("p", {"class": "odds-nobody"}, f"{nobody_word}: ", h("strong", None, pct(now["nobody"])), nobody_then),
                h("p", {"class": "muted"}, f"About {fnum(now['mean_rounds'], 1)} more rounds."
                                           + (" The tick marks each player's chance at the start." if not at_start else "")),
                h("p", {"class": "lower-better"}, "Lower scores are better: score = rolls − dice left in hand.")
                if state.mode == "video" else None]

    def controls(self) -> Markup:
        base = super().controls()
        if self.phase == "replay":
            return base
        pace = self.pace_name()
        buttons = [h("button", {"type": "button", "class": "chip" + (" on" if p == pace else ""), "data-action": "pace",
                                "data-pace": p, "aria-pressed": "true" if p == pace else "false"}, p.title())
                   for p in PACES]
        return join(h("div", {"class": "pace gel-pace", "role": "group", "aria-label": "Auto-roll speed"},
                          h("span", None, "Auto speed"), *buttons), base)

    # --- the end -----------------------------------------------------------------------

    def overlay(self) -> Markup:
        if self.phase == "over" and self.end_hold:
            return Markup("")  # the last roll is still playing out
        return super().overlay()

    def outcome(self) -> str:
        return self.game.outcome(self.state)

    def headline(self, winners: list[int]) -> str:
        return NOBODY_WINS.get(self.outcome()) or super().headline(winners)

    def score_table(self, winners: list[int]) -> Markup:
        if self.outcome() in (LOST, ELIMINATED):
            return Markup("")  # nobody finished: there are no scores to rank
        return super().score_table(winners)

    def higher_is_better(self) -> bool:
        return self.mode() == "multi"  # multiplayer scores dice in the cube; otherwise lower wins

    def has_score(self, player: int) -> bool:
        # Solitaire and video score only a finished cube; "rolls − dice" of a player who
        # never finished would read as a good (low) score.
        state = self.state
        return state.mode == "multi" or state.status[player] == WON or state.cubes[player] == CUBE

    def score_text(self, player: int, score) -> str:
        if self.has_score(player):
            return self.format_score(score)
        return "— (out of dice)" if self.state.status[player] in (ELIMINATED, LOST, EATEN) else "—"

    def format_score(self, score) -> str:
        if self.mode() == "multi":
            return f"{int(score)} of 8 in the cube"
        return str(int(score))

    def summary(self) -> Markup:
        state = self.state
        names = self.names()
        mode = state.mode
        kind = self.game.outcome(state)
        lines = []
        for seat, name in enumerate(names):
            status, tally, hand, cube = state.status[seat], state.tally[seat], state.hands[seat], state.cubes[seat]
            if mode == "multi":
                if status == WON:
                    text = f"completed the cube with {dice(hand)} still in hand"
                else:
                    text = f"{cube} of 8 in the cube, {dice(hand)} in hand"
            elif status == WON:
                text = f"cube complete in {tally} rolls with {dice(hand)} in hand: score {tally} − {hand} = {tally - hand}"
            elif cube == CUBE:
                text = f"cube complete too, but a worse score ({tally - hand})"
            elif hand == 0:
                text = f"out of dice after {tally} rolls with {cube} of 8 in the cube"
            else:
                text = f"{cube} of 8 in the cube after {tally} rolls"
            lines.append(h("li", {"data-seat": seat}, h("strong", None, name), ": ", text))
        parts = []
        if kind == EATEN:
            parts.append(h("div", {"class": "eaten-art", "aria-hidden": "true"}, jelly_monster()))
            parts.append(h("p", {"class": "eaten"}, "Nobody had dice left to roll and no cube was finished: the jelly ate you all."))
        parts.append(h("ul", {"class": "end-lines"}, *lines))
        if mode != "multi" and kind in (WON, "shared"):
            parts.append(h("p", {"class": "lower-better"}, "Lower scores are better."))
        if self.best_note:
            parts.append(h("p", {"class": "best-note", "data-best-note": ""}, self.best_note))
        return h("div", {"class": "gel-summary"}, *parts)


def dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def jelly_monster() -> Markup:
    body = "M20 78 C14 40 34 14 60 14 C86 14 106 40 100 78 C94 74 90 82 84 78 C78 74 74 84 66 78 C60 74 56 84 48 78 C42 74 36 84 28 78 Z"
    return h("svg", {"viewBox": "0 0 120 90", "width": 120, "height": 90},
             svg("path", d=body, fill="#9ad9a5", stroke="#2f6b45", stroke_width=2.5, opacity=0.92),
             svg("circle", cx=46, cy=42, r=7, fill="#fff", stroke="#2f6b45"), svg("circle", cx=48, cy=43, r=3, fill="#2f2f2f"),
             svg("circle", cx=74, cy=42, r=7, fill="#fff", stroke="#2f6b45"), svg("circle", cx=72, cy=43, r=3, fill="#2f2f2f"),
             svg("path", d="M44 60 Q60 72 76 60", fill="none", stroke="#2f6b45", stroke_width=3, stroke_linecap="round"),
             svg("rect", x=30, y=50, width=12, height=12, rx=3, fill="#fff", stroke="#2f6b45", transform="rotate(-15 36 56)"),
             svg("rect", x=80, y=56, width=11, height=11, rx=3, fill="#fff", stroke="#2f6b45", transform="rotate(20 85 61)"))


def screen(app, rest=None):
    return GelatinousScreen(app, rest)
