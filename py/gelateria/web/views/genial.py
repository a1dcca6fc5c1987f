"""The Genial Spezial table: chain double-hex tiles between towers, four colours.

What a player sees and does:
- the board (SVG, the whole double hexagon fitted to the screen): towers tall or
  short with their score token (colour + number, light or dark side), golden spaces
  with a star, unused tower spaces with their player mark, every tile in its player's
  colour and pattern, each chain drawn as a line through its cells, and the latest
  move outlined with what it scored;
- placing: click a space for one half of the tile, then one of its lit neighbours for
  the other half; that shows the tile there and exactly what it would score per
  colour (the rules' own result of playing it on a copy). A golden half asks for its
  colour (the weakest colour preselected). Confirm or cancel; clicking the previewed
  half again also confirms. When no tile fits anywhere, Pass is the only move;
- on a touch screen, a tap on a board whose spaces are smaller than a fingertip
  zooms in around it (spaces >= 48 px) instead of picking: the magnified pick step.
  "Whole board" (or Esc) goes back out. Zoom also by pinch, Ctrl/Cmd+wheel or the
  + and − buttons; the zoom stays as it is between moves (it is the player's);
- keyboard: the board has one stop in the Tab order, a cursor on a space (focus
  lands there after Start and after every move); arrows move it spatially, Enter
  or Space picks, Esc cancels;
- the turn panel (side(): your colours, the step, its buttons), your score and the
  leader's in the strip, every player's four colour tracks (0–18, like the printed
  score board) in details() (the "More" sheet on a phone). A new tile drops in where
  it lands and the colours it scored flash (CSS, none with reduced motion).

Everything is public, so hot-seat needs no hand-over (the game's declared type says
so). The view never decides legality or scores: the spaces on offer come from the
listed legal moves, the preview and the points from the rules' `tile_preview` and
`tile_gain`, the order of players from their `ranking_key`. This file is the screen's
own state and input (`interpret`); the SVG is drawn in genial_art.py, the panels in
genial_panels.py. Plain Python: the page pans and zooms the board (static/board.js)
and says how wide the window is and where focus is (App.facts).
"""

from __future__ import annotations

import math
from functools import cached_property

from gelateria.core.game import IllegalMove
from gelateria.core.i18n import _, ngettext, pgettext
from gelateria.games.genial.rules import COLOURS, INDEX, PASS
from gelateria.web.markup import Markup, h, svg
from gelateria.web.table import UI, TableScreen
from gelateria.web.views import genial_art as art
from gelateria.web.views.board_pan import PannedBoard
from gelateria.web.views.genial_guide import GenialGuide
from gelateria.web.views.genial_panels import GenialPanels

CENTRE = (6, -3)
ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
MIN_ZOOM_W = 300.0  # closest zoom (board units across): about six cells
SPACE_UNITS = 2 * art.HALF_H  # a space's narrow width in board units
TAP_MIN_PX = 40.0  # on a touch screen, spaces smaller than this on screen zoom in on a tap
TAP_GOAL_PX = 48.0  # ... to this size
ZOOM_STEP = 1.5  # the + and − buttons
# Keys 1-4 choose the first golden half's colour (in the order the buttons show), 5-8 the second's.
GOLDEN_KEYS = {str(k + 1): (k // 4, COLOURS[k % 4]) for k in range(8)}


class GenialScreen(PannedBoard, GenialGuide, GenialPanels, TableScreen):
    game_id = "genial"
    # The screen's own state that outlives a game: the board's zoom and the cursor.
    vb: tuple[float, float, float, float] | None = None  # zoom/pan; None = whole board
    cursor: tuple[int, int] | None = None  # keyboard cursor
    cursor_anchor: tuple[float, float] | None = None  # the row/column arrows keep to
    keyboard = False  # the cursor is shown (the keys were used)
    tap_zoom_from: tuple | None | bool = False  # the magnified pick step's view to go back to (False: none)

    def reset_ui(self) -> None:
        self.first: tuple[int, int] | None = None  # the half chosen first
        self.second: tuple[int, int] | None = None  # its neighbour: the tile is previewed
        self.golden_pick: list[str] = []  # colours for the golden halves, first then second
        self.refusal = ""  # why a click did nothing, until the next click
        # Per position (states are never changed, so their identity says when to redo):
        self._moves: tuple = (None, None, None, None)  # state, seat, legal moves, pairs
        self._view: tuple = (None, None)
        self._pieces: tuple = (None, None, None)
        self._preview: tuple = (None, None, None)
        self._drawn: tuple | None = None  # what the last full render showed

    def facts(self) -> dict:
        facts = getattr(self.app, "facts", None)
        return facts if isinstance(facts, dict) else {}

    @cached_property
    def auto_tall(self) -> bool:
        return narrow_screen(self.facts())  # a phone held upright: draw the board tall

    @property
    def geo(self) -> art.Geometry:
        choice = self.app.prefs.get("genial_board") if self.app is not None else None
        return art.GEOMETRY[choice == "tall" if choice in ("tall", "wide") else self.auto_tall]

    # --- what the rules say about the position on screen ------------------------------------

    def view(self) -> dict:
        """The rules' view (everything is public: what a spectator sees), with lookups."""
        state, v = self._view
        if state is not self.state:
            v = self.game.view(self.state, None)
            v["golden_set"] = {tuple(c) for c in v["golden"]}
            v["tower_at"] = {tuple(t["at"]): i for i, t in enumerate(v["towers"])}
            v["covered"] = {tuple(c): p for p, a, b in v["tiles"] for c in (a, b)}
            self._view = (self.state, v)
        return v

    def legal(self, legal: list | None = None) -> list:
        return self._legal_and_pairs(legal)[0]

    def pairs(self, legal: list | None = None) -> dict:
        """Per empty space, the neighbours that complete a tile there (from the legal moves)."""
        return self._legal_and_pairs(legal)[1]

    def _legal_and_pairs(self, legal: list | None) -> tuple[list, dict]:
        me = self.actor()
        state, seat, moves, table = self._moves
        if state is not self.state or seat != me:
            moves = legal if legal is not None else self.game.legal_moves(self.state, me) if me is not None else []
            table = {}
            for m in moves:
                if m != PASS:
                    a, b = tuple(m["a"]), tuple(m["b"])
                    for x, y in ((a, b), (b, a)):
                        found = table.setdefault(x, [])
                        if y not in found:
                            found.append(y)
            self._moves = (self.state, me, moves, table)
        return moves, table

    def must_pass(self) -> bool:
        return self.actor() is not None and self.legal() == [PASS]

    def sync_ui(self) -> None:
        """Forget a half-made tile when the position changed (a move, undo, replay)."""
        if self.position_changed():
            self.clear_pick()
            self.refusal = ""

    def clear_pick(self) -> None:
        self.first = self.second = None
        self.golden_pick = []

    # --- the tile being made -------------------------------------------------------------

    def move(self) -> dict:
        move = {"a": list(self.first), "b": list(self.second)}
        if self.golden_pick:
            move["g"] = list(self.golden_pick)
        return move

    def golden_halves(self) -> list[tuple[int, int]]:
        golden = self.view()["golden_set"]
        return [c for c in (self.first, self.second) if c is not None and c in golden]

    def suggest_golden(self, me: int) -> list[str]:
        """Preselect the weakest colour for each golden half, counting what the tile
        scores anyway (the rules' tile_gain), the first half before the second."""
        halves = self.golden_halves()
        if not halves:
            return []
        gain = self.game.tile_gain(self.state, me, self.first, self.second)
        after = [s + g for s, g in zip(self.view()["scores"][me], gain)]
        picks = []
        for _half in halves:
            k = after.index(min(after))
            after[k] += 1
            picks.append(COLOURS[k])
        return picks

    def preview(self) -> dict | None:
        """What the previewed tile does: the rules' own account of playing it on a copy."""
        me = self.actor()
        if me is None or self.first is None or self.second is None:
            return None
        key = (self.first, self.second, tuple(self.golden_pick))
        state, k, cached = self._preview
        if state is self.state and k == key:
            return cached
        try:
            result = self.game.tile_preview(self.state, me, self.move())
        except IllegalMove as exc:
            result = {"error": str(exc)}
        self._preview = (self.state, key, result)
        return result

    # --- input: a click or key as a move or a change of the pick -----------------------------

    def interpret(self, action: str, data: dict, view: dict | None, legal: list):
        if action == "fit":
            self.vb, self.tap_zoom_from = None, False
            return UI
        if action in ("zoom-in", "zoom-out"):
            self.zoom_by(1 / ZOOM_STEP if action == "zoom-in" else ZOOM_STEP)
            self.tap_zoom_from = False  # a zoom of the player's own: it stays between moves
            return UI
        if action == "turn-board":
            tall = not self.geo.tall
            if tall == self.auto_tall:
                self.app.prefs.pop("genial_board", None)  # back to what suits this screen
            else:
                self.app.prefs["genial_board"] = "tall" if tall else "wide"
            self.app.save_prefs()
            self.vb = None
            return UI
        self.sync_ui()
        if action == "cancel":
            self.clear_pick()
            self.refusal = ""
            return UI
        if action == "key-cursor" and data.get("key") in ARROWS:
            self.move_cursor(data["key"])
            self.keyboard = True
            self.focus_next = "[data-cursor]"
            return UI
        me = view["you"] if view else None
        if me is None:
            return None
        self.legal(legal)  # the listed moves the table asked the session for: this position's
        if action == "cell":
            cell = parse_cell(data.get("cell", ""))
            if cell is None:
                return None
            self.keyboard = False
            if self.zoom_to_tap(cell):
                return UI
            return self.pick(me, cell)
        if action == "golden":
            try:
                i = int(data.get("half", -1))
            except ValueError:
                return None
            colour = data.get("colour")
            if 0 <= i < len(self.golden_pick) and colour in COLOURS:
                self.golden_pick[i] = colour
                # A key keeps the focus on the board; a click on the button it pressed.
                self.focus_next = "[data-cursor]" if "key" in data else f"[data-golden='{i}'][data-colour='{colour}']"
                return UI
            return None
        if action == "confirm":
            return self.move() if self.first is not None and self.second is not None else None
        if action == "pass":
            return PASS  # the rules refuse it while a tile fits (said in the notice bar)
        if action == "key-pick":
            self.focus_next = "[data-cursor]"
            self.keyboard = True
            return self.pick(me, self.cursor_cell())
        return None

    # --- the board's zoom ------------------------------------------------------------------

    def zoom_to_tap(self, cell) -> bool:
        """The magnified pick step: on a touch screen whose board shows spaces smaller
        than a fingertip, a tap zooms in around the tapped space (True) instead of
        picking it. Where the board is big enough, or with a mouse, False."""
        size = touch_board_px(self.facts())
        if size is None:
            return False
        px_w, px_h = size
        x, y, w, hh = self.vb or self.geo.box
        if min(px_w / w, px_h / hh) * SPACE_UNITS >= TAP_MIN_PX:
            return False
        scale = TAP_GOAL_PX / SPACE_UNITS  # px per board unit once zoomed
        w, hh = max(MIN_ZOOM_W, px_w / scale), max(MIN_ZOOM_W * px_h / px_w, px_h / scale)
        if self.tap_zoom_from is False:
            self.tap_zoom_from = self.vb
        self.vb = self.clamped(*self.geo.centres[cell], w, hh)
        return True

    def moved(self, seat: int, move, before, after) -> None:
        """The magnified pick step ends with the tile placed: back to the view before it
        (a zoom the player made stays, and no other seat's move changes the view)."""
        if self.tap_zoom_from is not False and not self.is_bot(seat):
            self.vb, self.tap_zoom_from = self.tap_zoom_from, False

    def zoom_by(self, factor: float) -> None:
        """The + and − buttons: closer or farther about the middle of what is shown."""
        x, y, w, hh = self.vb or self.geo.box
        bw = self.geo.box[2]
        factor = max(MIN_ZOOM_W / w, factor)
        if w * factor >= bw:  # as far as the whole board: fit it
            self.vb = None
            return
        self.vb = self.clamped(x + w / 2, y + hh / 2, w * factor, hh * factor)

    def clamped(self, cx: float, cy: float, w: float, hh: float) -> tuple[float, float, float, float]:
        """A view of w x hh board units around (cx, cy), kept on the board."""
        bx, by, bw, bh = self.geo.box
        x = min(max(cx - w / 2, bx), bx + bw - w) if w < bw else bx + (bw - w) / 2
        y = min(max(cy - hh / 2, by), by + bh - hh) if hh < bh else by + (bh - hh) / 2
        return (x, y, w, hh)

    def follow_cursor(self) -> None:
        """Zoomed in, the view slides to keep the keyboard cursor on screen."""
        if self.vb is None:
            return
        x, y, w, hh = self.vb
        cx, cy = self.geo.centres[self.cursor_cell()]
        m = art.R * 1.5
        if x + m <= cx <= x + w - m and y + m <= cy <= y + hh - m:
            return
        nx = min(max(x, cx + m - w), cx - m)
        ny = min(max(y, cy + m - hh), cy - m)
        self.vb = self.clamped(nx + w / 2, ny + hh / 2, w, hh)

    def pick(self, me: int, cell: tuple[int, int]):
        """A click (or Enter) on a space: first half, second half (preview), or the
        previewed half again (the move: place it)."""
        if cell not in INDEX:
            return None
        self.cursor = cell
        self.refusal = ""
        pairs = self.pairs()
        if self.second is not None and cell == self.second:
            return self.move()
        if self.first is not None:
            if cell == self.first:
                self.clear_pick()
                return UI
            if cell in pairs.get(self.first, ()):
                self.second = cell
                self.golden_pick = self.suggest_golden(me)
                self.focus_next = "[data-action='confirm']"
                return UI
        if cell in pairs:
            self.first, self.second, self.golden_pick = cell, None, []
        else:
            self.refusal = self.why_not(cell)
        return UI

    def why_not(self, cell) -> str:
        v = self.view()
        if cell in v["tower_at"]:
            return _("That space holds a tower: tiles go on empty spaces.")
        if cell in v["covered"]:
            return _("That space is already covered by a tile.")
        return _("That space has no empty neighbour: a tile needs two neighbouring empty spaces.")

    def on_game_key(self, key: str) -> bool:
        """Keys as the actions interpret() knows: Esc cancels (or, with nothing picked,
        shows the whole board), arrows move the cursor, Enter or Space picks the space
        under it, Enter places a previewed tile, P passes. In the browser the arrows,
        Enter and Space are the board's only while it has the focus (elsewhere they
        scroll the page and press buttons as usual)."""
        on_board = board_focused(self.facts())  # None in plain Python: no focus to ask about
        if on_board is None:
            on_board = self.keyboard or key in ARROWS
        self.sync_ui()
        if key == "Escape" and (self.first is not None or self.refusal):
            action = "cancel"
        elif key == "Escape" and self.vb is not None and self.phase == "play":
            action = "fit"
        elif key in ARROWS and on_board and self.phase == "play":
            action = "key-cursor"
        elif self.actor() is None:
            return False
        elif key in ("Enter", " ") and on_board:
            action = "key-pick"
        elif key == "Enter" and self.second is not None:
            action = "confirm"
        elif key in ("p", "P") and self.must_pass():
            action = "pass"
        elif key in GOLDEN_KEYS and self.golden_pick and GOLDEN_KEYS[key][0] < len(self.golden_pick):
            half, colour = GOLDEN_KEYS[key]
            self.on_game_action("golden", {"half": str(half), "colour": colour, "key": key})
            return True
        else:
            return False
        self.on_game_action(action, {"key": key})
        return True

    def focus_home(self) -> str:
        """Where focus goes when the control that had it is gone (after Start, after a
        move): the board's cursor, where the player works."""
        return "[data-cursor]"

    def cursor_cell(self) -> tuple[int, int]:
        """The space under the keyboard cursor: where it was moved, else the tile being
        made, else the open space nearest the middle of the board."""
        if self.cursor is not None:
            return self.cursor
        if self.second or self.first:
            return self.second or self.first
        open_spaces = self.pairs() if self.actor() is not None else {}
        if not open_spaces or CENTRE in open_spaces:
            return CENTRE
        cx, cy = self.geo.centres[CENTRE]
        return min(open_spaces, key=lambda c: (math.dist(self.geo.centres[c], (cx, cy)), c))

    def move_cursor(self, key: str) -> None:
        """Arrows move the cursor to the neighbour in that direction on screen. Where
        the hexes zigzag (left-right on the wide board, up-down on the tall one), it
        keeps to the row or column it came along."""
        centres = self.geo.centres
        if self.cursor is None:
            self.cursor = self.cursor_cell()
            self.cursor_anchor = centres[self.cursor]
        dx, dy = ARROWS[key]
        cx, cy = centres[self.cursor]
        ax, ay = self.cursor_anchor or (cx, cy)
        best = None
        for q, r in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)):
            nb = (self.cursor[0] + q, self.cursor[1] + r)
            if nb not in INDEX:
                continue
            nx, ny = centres[nb]
            along = ((nx - cx) * dx + (ny - cy) * dy) / math.hypot(nx - cx, ny - cy)
            if along < 0.85:  # more than about 30 degrees off the arrow
                continue
            off = abs(ny - ay) if dx else abs(nx - ax)
            rank = (-round(along, 2), round(off, 1), ny if dx else nx)
            if best is None or rank < best[0]:
                best = (rank, nb)
        if best is None:
            return
        self.cursor = best[1]
        nx, ny = centres[self.cursor]
        self.cursor_anchor = (nx, ay) if dx else (ax, ny)
        self.follow_cursor()

    def set_view_box(self, x: float, y: float, w: float, hh: float) -> None:
        """The pan/zoom helper reports where a drag, pinch or wheel left the board."""
        self.vb = (float(x), float(y), float(w), float(hh))

    # --- drawing -------------------------------------------------------------------------------

    def frame(self) -> tuple:
        """What a redraw of only the pick's parts cannot show: the position, the notice, the
        board's zoom and turn, the phase."""
        return (self.state, self.message, self.vb, self.geo.tall, self.phase)

    def render(self) -> Markup:
        if self.phase != "setup" and self.state is not None:
            self.sync_ui()
            self._drawn = self.frame()
        return super().render()

    def drawn_now(self) -> bool:
        """The last full render shows this position, notice, zoom and phase."""
        drawn, now = self._drawn, self.frame()
        return drawn is not None and drawn[0] is now[0] and drawn[1:] == now[1:]

    def redraw(self) -> None:
        """After a click that only changes the tile being made: replace the few parts
        that show it (board overlays, the turn panel, the colour tracks) instead of
        the whole screen. Anything else (a move, a notice, a zoom) redraws
        it all, as does an app without update()."""
        update = getattr(self.app, "update", None)
        guiding = self.guided and not self.hints_off  # the hint above the board follows each click
        if update is None or self.phase != "play" or not self.drawn_now() or guiding:
            self.app.refresh()
            return
        v = self.view()
        me = self.actor()
        for name in ("last", "pick", "cursor"):
            update(f'[data-part="{name}"]', self.layer(name, v, me))
        update('[data-part="move"]', self.turn_panel(v, me, self.names()))
        if me is not None:  # only the player making the tile has a card that shows it
            update(f'.gs-card[data-player="{me}"]', self.card(v, me))
        self.apply_focus()

    def board(self) -> Markup:
        return h("div", {"class": "genial-main"},
                 art.defs(),
                 h("div", {"class": "gs-board-frame"},
                   self.board_svg(self.view(), self.actor()), self.board_tools()))

    def board_svg(self, v: dict, me) -> Markup:
        geo = self.geo
        spare = {tuple(s["at"]): (s["tall"], s["mark"]) for s in v["spare_towers"]}
        tiles, towers = self.pieces(v)
        layers = [geo.base_board(frozenset(v["tower_at"]), frozenset(v["golden_set"]), spare),
                  tiles, self.layer("last", v, me), towers, self.layer("pick", v, me), self.guide_layer(me),
                  self.layer("cursor", v, me)]
        x, y, w, hh = self.vb or geo.box
        bx, by, bw, bh = geo.box
        title = ngettext("Board: {count} tile placed, round {round} of {rounds}",
                         "Board: {count} tiles placed, round {round} of {rounds}", len(v["tiles"])).format(
            count=len(v["tiles"]), round=v["round"], rounds=v["rounds"])
        board_svg = svg("svg", svg("title", title), *layers,
                        viewBox=f"{art.n(x)} {art.n(y)} {art.n(w)} {art.n(hh)}", preserveAspectRatio="xMidYMid meet",
                        class_="gs-board" + (" gs-board-tall" if geo.tall else "") + (" gs-can-act" if me is not None else "")
                        + (" gs-zoomed" if self.vb is not None else ""),
                        role="group", aria_label=title,
                        # Turned, every shape moves: a new id makes the redraw replace the
                        # board outright rather than compare it shape by shape.
                        id="gs-board-tall" if geo.tall else "gs-board-wide",
                        data_board="", data_min_w=MIN_ZOOM_W, data_max_w=art.n(bw * 1.2),
                        data_fit=f"{art.n(bx)} {art.n(by)} {art.n(bw)} {art.n(bh)}",
                        data_tiles=len(v["tiles"]))
        return board_svg

    def board_tools(self) -> Markup:
        """Zoom in and out, the whole board (while zoomed), and turn the board (beside
        it, in a column of their own: they cover no space)."""
        def tool(action: str, shown: str, said: str, **extra) -> Markup:
            # The visible word or sign starts the name (a screen reader hears both).
            return h("button", {"type": "button", "class": "gs-tool", "data-action": action, **extra},
                     shown, h("span", {"class": "visually-hidden"}, " " + said))

        zoomed = self.vb is not None
        return h("div", {"class": "gs-board-tools", "role": "group", "aria-label": _("Board view")},
                 tool("zoom-in", "+", _("Zoom in"), title=_("Zoom in (or Ctrl + wheel, or pinch)")),
                 tool("zoom-out", "−", _("Zoom out"), title=_("Zoom out"), disabled=not zoomed),
                 # i18n: a board tool's visible word; the screen reader hears it and then "the whole board in view"
                 tool("fit", pgettext("board tool", "Fit"), _("the whole board in view"), title=_("Show the whole board"),
                      aria_pressed="false" if zoomed else "true", disabled=not zoomed),
                 # i18n: a board tool's visible word; the screen reader hears it and then "the board a quarter"
                 tool("turn-board", pgettext("board tool", "Turn"), _("the board a quarter"),
                      title=_("Turn the board: wide or tall")))

    def pieces(self, v: dict) -> tuple[Markup, Markup]:
        """The tiles with their chains, and the towers: they change only with a move,
        so they are drawn once per position."""
        state, tall, cached = self._pieces
        if state is not self.state or tall != self.geo.tall:
            cached = art.pieces(self.geo, v)
            self._pieces = (self.state, self.geo.tall, cached)
        return cached

    def layer(self, name: str, v: dict, me) -> Markup:
        """The parts of the board that change while a tile is being made, each in a
        wrapper that redraw() can replace on its own."""
        inner = Markup("")
        geo = self.geo
        if name == "last":
            last = v["last"]
            if self.last_move and last and "a" in last and self.first is None:
                inner = art.latest_tile(geo, v)
        elif me is not None and name == "pick" and self.first is not None:
            if self.second is None:
                targets = [(c, sum(self.game.tile_gain(self.state, me, self.first, c)), c in v["golden_set"])
                           for c in self.pairs().get(self.first, ())]
                inner = art.half_targets(geo, me, self.first, targets)
            else:
                p = self.preview()
                if p is not None and "error" not in p:
                    inner = art.previewed_tile(geo, v, me, self.first, self.second, p)
        elif name == "cursor" and self.phase == "play":
            # Always there in play: the board's one stop in the Tab order.
            c = self.cursor_cell()
            inner = art.cursor_mark(geo, c, self.cell_label(v, c), shown=self.keyboard)
        # A nested <svg> (same coordinates, nothing clipped), not a <g>: redraw() sends it
        # alone, and a fragment that starts with <svg> is read as SVG (<polygon/> closes).
        return svg("svg", inner, data_part=name, class_="gs-layer", overflow="visible")


# What the page says about the browser (App.facts, sent with each event by
# static/shell.js); in plain CPython (tests) there are none: a wide board, a mouse, no
# focus to ask about.

def narrow_screen(facts: dict) -> bool:
    """Is the window narrow (a phone held upright)? Then the board is drawn tall."""
    width = facts.get("width")
    return isinstance(width, (int, float)) and width < 700


def touch_board_px(facts: dict) -> tuple[float, float] | None:
    """On a touch screen (a coarse pointer), the board's size on screen in px, for the
    magnified pick step; None with a mouse, or with no board on the page yet."""
    board = facts.get("board")
    if not facts.get("coarse") or not isinstance(board, list) or len(board) != 2:
        return None
    width, height = (float(v) for v in board)
    return (width, height) if width > 0 and height > 0 else None


def board_focused(facts: dict) -> bool | None:
    """Does the board's cursor have the focus? None when the page did not say."""
    focused = facts.get("boardFocused")
    return focused if isinstance(focused, bool) else None


def parse_cell(text: str) -> tuple[int, int] | None:
    try:
        q, r = (int(x) for x in str(text).split(","))
    except ValueError:
        return None
    return (q, r)


def screen(app, rest=None):
    return GenialScreen(app, rest)
