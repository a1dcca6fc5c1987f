"""The Genial Spezial table: chain double-hex tiles between towers, four colours.

What a player sees and does:
- the board (SVG, the whole double hexagon fitted to the screen): towers tall or
  short with their score token (colour + number, light or dark side), golden spaces
  with a star, unused tower spaces as the plain spaces they are in play (unmarked: a
  faint "3" or "4" read as points to new players; the rules page shows the marks), every tile in its player's
  colour and pattern, each chain drawn as a line through its cells, and the latest
  move outlined with what it scored;
- placing: on your turn the spaces where a half of a tile that scores tower points can
  go glow faintly (from the legal moves, each scored by the rules' tile_gains); click a
  space for one half of the tile, then one of its lit neighbours for
  the other half; that shows the tile there and exactly what it would score per
  colour (the rules' own result of playing it). A golden half asks for its
  colour (the weakest colour preselected). Confirm or cancel; clicking the previewed
  half again also confirms. When no tile fits anywhere, Pass is the only move;
- the board's view is board_pan's Camera: on a touch screen it opens at a scale where a
  space is a fingertip across (so towers and tokens are readable), round the board's
  middle; a tap picks at once. Zoomed out further (−, pinch, Fit: the whole board), a
  tap on spaces smaller than a fingertip zooms in around it and picks it there (the
  magnified pick step: still one tap). Fit is the phone's overview: the whole board,
  where you were outlined on it; Back returns there, and a tap zooms in at your scale.
  As your turn starts, the latest tile (what changed) slides into view if it is out of
  it; choosing a first half brings every neighbour that finishes it into view (clear of
  the tools, which float in a column over a phone's board's right edge, beside it on a
  wider screen; a tap on the arrow to an unseen latest tile brings it into view). The
  scale stays as the player left it
  between moves; Fit (or Esc) shows the whole board, Back (or Esc) returns. At most three
  taps a turn: a half, the other half, Place (or the other half again); the board's
  numbers (tokens, what a move scored) 12 px or more at a finger's scale;
- keyboard: the board has one stop in the Tab order, a cursor on a space (focus
  lands there after Start and after every move); arrows move it spatially, Enter
  or Space picks, Esc cancels;
- the turn panel (your colours, the step, its buttons), your score and the
  leader's in the strip, every player's four colour tracks (0–18, like the printed
  score board) in the details (the "More" sheet on a phone). A new tile drops in where
  it lands and the colours it scored flash (CSS, none with reduced motion).

Everything is public, so hot-seat needs no hand-over (the game's declared type says
so). The view never decides legality or scores and sees no game state: it draws from
Facts (web/views/contract.py). The spaces on offer come from the listed legal moves,
the preview and the points from the rules' `tile_preview` and `tile_gains` (worked out
from the view), the order of players from their `ranking_key`, the latest move from
the view's event and the guided game's story from the game's trail. What is this
device's, not the game's (the window's width, a finger or a mouse, where focus is, the
board turned tall or wide) comes as the table's Setting. This file is the view's own
state (GenialUI) and input (`interpret`, `key`); the SVG is drawn in genial_art.py, the
panels in genial_panels.py, the guided game's hints in genial_guide.py. The page pans
and zooms the board (static/board.js); while a tile is made only the parts that show it
are redrawn (Parts.pieces), and when only the view of the board changes (measured, zoomed)
only its tools and its own attributes (Parts.tags).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from gelateria.core.facts import Facts
from gelateria.core.i18n import _, ngettext, pgettext
from gelateria.games.genial.rules import COLOURS, INDEX, PASS, tile_gains, tile_totals
from gelateria.web.markup import Markup, h, join, start_tag, svg
from gelateria.web.views import genial_art as art
from gelateria.web.views import genial_guide as guide
from gelateria.web.views import genial_panels as panels
from gelateria.web.views.board_pan import Camera, covers, visible_box
from gelateria.web.views.contract import UI, Parts, Prefs, Setting, View, you
from gelateria.web.views.genial_panels import Scene, latest, partners_of

CENTRE = (6, -3)
ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
MIN_ZOOM_W = 300.0  # closest zoom (board units across): about six cells
SPACE_UNITS = 2 * art.HALF_H  # a space's narrow width in board units
# On a touch screen a space is at least this wide: a fingertip (the cells touch, so a
# finger a little off lands on a neighbour it can see), and a token 17 px across.
TAP_MIN_PX = 36.0
TURN_PAD = art.R  # board units kept round what a turn's start frames: half a hex, so no tile of it meets the edge
# Keys 1-4 choose the first golden half's colour (in the order the buttons show), 5-8 the second's.
GOLDEN_KEYS = {str(k + 1): (k // 4, COLOURS[k % 4]) for k in range(8)}
LAYERS = ("open", "last", "pick", "cursor")  # the board's layers that show the tile being made
# The board tools' pictures (20 x 20, drawn as lines): four corners, a turning arrow.
FIT_ICON = "M3 7V3h4M13 3h4v4M17 13v4h-4M7 17H3v-4"
ROTATE_ICON = "M16.5 10a6.5 6.5 0 1 1-1.9-4.6M15.2 1.8v3.9h-3.9"
BACK_ICON = "M8.5 3a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11M12.5 12.5l4.5 4.5M6 8.5h5M8.5 6v5"  # a magnifier, +
KEPT = ("camera", "cursor", "cursor_anchor", "keyboard", "auto_tall", "setting")  # outlast a game


class GenialCamera(Camera):
    """board_pan's Camera at Genial's sizes: the board as drawn is all there is (no
    room to grow), a finger's scale is a space TAP_MIN_PX across."""

    CAM_PAD = 0
    TAP_SCALE = TAP_MIN_PX / SPACE_UNITS
    MIN_WIDTH = MIN_ZOOM_W
    FRAME_MIN_WIDTH = 2 * MIN_ZOOM_W
    MAX_FIT = 1.2


@dataclass
class GenialUI:
    """What the player at the screen has picked but not played, and how they look at the board."""

    first: tuple[int, int] | None = None  # the half chosen first
    second: tuple[int, int] | None = None  # its neighbour: the tile is previewed
    golden_pick: list[str] = field(default_factory=list)  # colours for the golden halves, first then second
    refusal: str = ""  # why a click did nothing, until the next click
    focus_next: str | None = None  # focus this once drawn
    plan: dict | None = None  # the guided game's suggestion for this position (genial_guide.plan), once worked out
    # What outlasts a game (new_ui), like the page's scroll: the board's view and the cursor.
    camera: Camera = field(default_factory=GenialCamera)  # zoom/pan, kept between moves
    back_view: tuple | None = None  # the zoomed view the whole board was shown from: Back (or a tap) returns to its scale
    cursor: tuple[int, int] | None = None  # keyboard cursor
    cursor_anchor: tuple[float, float] | None = None  # the row/column arrows keep to
    keyboard: bool = False  # the cursor is shown (the keys were used)
    auto_tall: bool | None = None  # a phone held upright when the table opened: the board is drawn tall
    opened: int | None = None  # the position (moves made) whose turn start the camera framed
    setting: Setting = field(default_factory=Setting)  # the table's word on this device (View.sense)


class GenialView(View):
    game_id = "genial"
    scores_in_summary = True  # the summary shows every colour, which says more

    def new_ui(self, before: GenialUI | None = None) -> GenialUI:
        ui = GenialUI()
        if before is not None:
            for name in KEPT:
                setattr(ui, name, getattr(before, name))
        return ui

    def sense(self, ui: GenialUI, setting: Setting) -> None:
        ui.setting = setting
        if ui.auto_tall is None:
            ui.auto_tall = narrow_screen(setting.page)  # a phone held upright: draw the board tall

    def settle(self, facts: Facts, ui: GenialUI) -> GenialUI:
        """Forget a half-made tile when the position changed (a move, undo, replay)."""
        clear_pick(ui)
        ui.refusal, ui.plan = "", None
        return ui

    def focused(self, ui: GenialUI) -> None:
        ui.focus_next = None

    def measured(self, ui: GenialUI, width: float, height: float, coarse: bool,
                 insets: tuple = (0.0, 0.0, 0.0, 0.0)) -> bool:
        # The page measures what of the board its tools cover (static/board.js): over its
        # right edge on a phone, beside it on a wider screen. What is played is framed clear.
        return ui.camera.set_board_size(width, height, coarse, insets)

    def panned(self, ui: GenialUI, x: float, y: float, w: float, hh: float) -> None:
        """The pan/zoom helper reports where a drag, pinch or wheel left the board."""
        ui.camera.set_view_box(x, y, w, hh)

    # --- input: a click or key as a move or a change of the pick -----------------------------

    def interpret(self, facts: Facts, ui: GenialUI, action: str, data: dict):
        s = Scene(facts, ui)
        if action == "fit":
            show_whole(s)
            return UI
        if action == "zoom-back":
            go_back(s)
            return UI
        if action == "to-latest":
            show_latest(s)
            return UI
        if action in ("zoom-in", "zoom-out"):
            ui.camera.zoom_action(action, {}, s.geo.box)  # the player's own zoom: it stays between moves
            return UI
        if action == "turn-board":
            tall = not s.geo.tall
            ui.camera.vb = ui.camera.cam = ui.camera.framed = None  # another picture: seen afresh
            ui.back_view = None
            # (back to what suits this screen: no preference)
            return Prefs({"genial_board": None if tall == bool(ui.auto_tall) else "tall" if tall else "wide"})
        if action == "cancel":
            clear_pick(ui)
            ui.refusal = ""
            return UI
        if action == "key-cursor" and data.get("key") in ARROWS:
            move_cursor(s, data["key"])
            ui.keyboard = True
            ui.focus_next = "[data-cursor]"
            return UI
        if s.me is None:
            return None
        if action == "cell":
            cell = parse_cell(data.get("cell", ""))
            if cell is None:
                return None
            ui.keyboard = False
            zoom_to_tap(s, cell)
            return pick(s, cell)
        if action == "golden":
            try:
                i = int(data.get("half", -1))
            except ValueError:
                return None
            colour = data.get("colour")
            if 0 <= i < len(ui.golden_pick) and colour in COLOURS:
                ui.golden_pick[i] = colour
                # A key keeps the focus on the board; a click on the button it pressed.
                ui.focus_next = "[data-cursor]" if "key" in data else f"[data-golden='{i}'][data-colour='{colour}']"
                return UI
            return None
        if action == "confirm":
            return played(ui, s.move()) if ui.first is not None and ui.second is not None else None
        if action == "pass":
            return played(ui, PASS)  # the rules refuse it while a tile fits (said in the notice bar)
        if action == "key-pick":
            ui.focus_next = "[data-cursor]"
            ui.keyboard = True
            return pick(s, cursor_cell(s))
        return None

    def key(self, facts: Facts, ui: GenialUI, key: str) -> tuple[str, dict] | None:
        """Keys as the actions interpret() knows: Esc cancels (or, with nothing picked,
        shows the whole board), arrows move the cursor, Enter or Space picks the space
        under it, Enter places a previewed tile, P passes, 1-8 choose golden colours. In
        the browser the arrows, Enter and Space are the board's only while it has the
        focus (elsewhere they scroll the page and press buttons as usual)."""
        on_board = board_focused(ui.setting.page)  # None in plain Python: no focus to ask about
        if on_board is None:
            on_board = ui.keyboard or key in ARROWS
        if key == "Escape" and (ui.first is not None or ui.refusal):
            action = "cancel"
        elif key == "Escape" and facts.phase == "play" and not Scene(facts, ui).whole_in_view():
            action = "fit"
        elif key == "Escape" and facts.phase == "play" and ui.back_view is not None:
            action = "zoom-back"
        elif key in ARROWS and on_board and facts.phase == "play":
            action = "key-cursor"
        elif facts.actor is None:
            return None
        elif key in ("Enter", " ") and on_board:
            action = "key-pick"
        elif key == "Enter" and ui.second is not None:
            action = "confirm"
        elif key in ("p", "P") and facts.legal == [PASS]:
            action = "pass"
        elif key in GOLDEN_KEYS and ui.golden_pick and GOLDEN_KEYS[key][0] < len(ui.golden_pick):
            half, colour = GOLDEN_KEYS[key]
            return "golden", {"half": str(half), "colour": colour, "key": key}
        else:
            return None
        return action, {"key": key}

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, facts: Facts, ui: GenialUI) -> Parts:
        s = Scene(facts, ui)
        said = guide.hint(s)
        frame_play(s, said)  # before the layers: the latest tile's pointer depends on the view
        layers = {name: layer(s, name, said) for name in LAYERS}
        side = panels.turn_panel(s)
        # While a tile is made, only these change: the board's layers, the turn panel and
        # the card of the player making it.
        pieces = {f'[data-part="{name}"]': markup for name, markup in layers.items()}
        pieces['[data-part="move"]'] = side
        if s.me is not None:
            pieces[f'.gs-card[data-player="{s.me}"]'] = panels.card(s, s.me)
        over = facts.phase == "over"
        won = over and facts.winners == [you(facts)]
        drawing, tools = board_svg(s, layers, said), board_tools(s)
        # Zoomed or measured, the board's own attributes and its tools change, not its shapes.
        pieces[".gs-board-tools"] = tools
        return Parts(board=board(drawing, tools), side=side, details=panels.details(s), strip=panels.strip(s),
                     summary=panels.summary(s) if over else Markup(""), hint=said, headline=_("You win!") if won else None,
                     story=guide.score_story(facts) if over and facts.humans else None,
                     # Where focus goes when the control that had it is gone (after Start,
                     # after a move): the board's cursor, where the player works.
                     focus="[data-cursor]", focus_next=ui.focus_next,
                     pieces=pieces if facts.phase == "play" else {},
                     tags={"[data-board]": start_tag(drawing)} if facts.phase == "play" else {})


# --- the tile being made ---------------------------------------------------------------------

def clear_pick(ui: GenialUI) -> None:
    ui.first = ui.second = None
    ui.golden_pick = []


def played(ui: GenialUI, move):
    """The move the player makes here (the view stays where it is: the next turn starts
    where this one ended)."""
    return move


def suggest_golden(s: Scene) -> list[str]:
    """Preselect the weakest colour for each golden half, counting what the tile
    scores anyway (the rules' tile_gains), the first half before the second."""
    halves = s.golden_halves()
    if not halves:
        return []
    gain = tile_gains(s.facts.view, s.me, [(s.ui.first, s.ui.second)])[0]
    after = [x + g for x, g in zip(s.v["scores"][s.me], gain)]
    picks = []
    for _half in halves:
        k = after.index(min(after))
        after[k] += 1
        picks.append(COLOURS[k])
    return picks


def pick(s: Scene, cell: tuple[int, int]):
    """A click (or Enter) on a space: first half, second half (preview), or the
    previewed half again (the move: place it)."""
    ui = s.ui
    if cell not in INDEX:
        return None
    ui.cursor = cell
    ui.refusal = ""
    if ui.second is not None and cell == ui.second:
        return played(ui, s.move())
    if ui.first is not None:
        if cell == ui.first:
            clear_pick(ui)
            return UI
        if cell in partners_of(s.facts.legal, ui.first):
            ui.second = cell
            ui.golden_pick = suggest_golden(s)
            ui.focus_next = "[data-action='confirm']"
            return UI
    if partners_of(s.facts.legal, cell):
        ui.first, ui.second, ui.golden_pick = cell, None, []
    else:
        ui.refusal = why_not(s, cell)
    return UI


def why_not(s: Scene, cell) -> str:
    v = s.v
    if cell in v["tower_at"]:
        return _("That space holds a tower: tiles go on empty spaces.")
    if cell in v["covered"]:
        return _("That space is already covered by a tile.")
    return _("That space has no empty neighbour: a tile needs two neighbouring empty spaces.")


# --- the board's zoom and the cursor -------------------------------------------------------------

def zoom_to_tap(s: Scene, cell) -> None:
    """The magnified pick step: on a touch screen whose board shows spaces smaller than a
    fingertip (the player zoomed out, or looks at the whole board), a tap zooms in around
    the tapped space, to the scale the whole board was shown from (else a finger's); the
    tap picks it as well (interpret), so it costs no extra tap."""
    ui, cam = s.ui, s.ui.camera
    if not s.tap_magnifies():
        return
    width, height = cam.board_px
    scale = max(cam.TAP_SCALE, width / ui.back_view[2]) if ui.back_view else cam.TAP_SCALE
    cam.set_view_box(*clamped(s.geo, *s.geo.centres[cell], width / scale, height / scale))
    ui.back_view = None


def show_whole(s: Scene) -> None:
    """Fit: the whole board (on a touch screen too, where the camera's own view keeps to a
    finger's scale), the view it was shown from kept for Back."""
    ui, cam = s.ui, s.ui.camera
    if not s.whole_in_view():
        ui.back_view = cam.view_box(s.geo.box)
    cam.vb, cam.fitted_play = (s.geo.box if cam.min_scale else None), False


def go_back(s: Scene) -> None:
    """Back from the whole board to the view it was shown from."""
    ui = s.ui
    if ui.back_view is not None:
        ui.camera.set_view_box(*ui.back_view)
    ui.back_view = None


def back_window(s: Scene) -> Markup | None:
    """On the whole board, where the player was looking before (Back returns there)."""
    ui = s.ui
    if ui.back_view is None or not s.whole_in_view():
        return None
    x, y, w, hh = ui.back_view
    return svg("rect", x=art.n(x), y=art.n(y), width=art.n(w), height=art.n(hh), rx=12, class_="gs-back-window",
               data_back_window="")


def frame_play(s: Scene, said) -> None:
    """What the camera brings into view, at the scale the player keeps: a first half chosen,
    every neighbour that finishes the tile (or, in the guided game, the spaces its hint
    points at); else, once as your turn starts, what matters then (frame_turn: a Cancel
    later leaves the view where it is)."""
    ui, cam = s.ui, s.ui.camera
    box = play_box(s, said)
    if box is not None or ui.first is not None or s.me is None:
        cam.frame((s.facts.moves, ui.first), box, s.geo.box)
    elif ui.opened != s.facts.moves and cam.board_px is not None:
        ui.opened = s.facts.moves
        frame_turn(s)


def frame_turn(s: Scene) -> None:
    """As your turn starts: the latest tile (what changed) with your own tile nearest it,
    then the towers it scored and more of your tiles, nearest first, as many as fit at the
    scale the player keeps (every empty space looks alike: your tiles say where your
    colours grow). A view that shows them all stays; else they are centred in what is seen
    of the board. When the latest tile alone does not fit, the camera zooms out to it and
    its towers (Camera.frame). When your nearest tile is too far to share the view (a small
    phone), where you will play wins: your tile whole, the view leaning towards the latest
    one, which an arrow at the edge points to (latest_pointer; the side says it in words).
    The scale stays: a token at a finger's scale is barely over 16 px, no room to zoom out."""
    cam, geo, need = s.ui.camera, s.geo, s.geo.box
    key = ("opened", s.facts.moves)
    scale = cam.board_px[0] / visible_box(cam.view_box(need), cam.aspect)[2]
    ax, ay, aw, ah = cam.clear_area()
    room = (aw / scale, ah / scale)
    box, far = turn_box(s, room[0] - 2 * TURN_PAD, room[1] - 2 * TURN_PAD)
    if box is None or far is not None:  # the margin never costs Bo's tile its place beside yours
        box, far = turn_box(s, *room)
    if box is None:
        cam.frame(key, latest_box(s, latest_cells(s)), need)
        return
    box, tight = padded(box, room), box
    if far is not None:
        cam.frame(key, padded(far, room), need, also=(box,))
        return
    cam.framed = key
    width, height = cam.board_px[0] / scale, cam.board_px[1] / scale

    def seen(view, box=box, slack=0.0) -> bool:  # the box inside the clear area of this view (widened by slack px)
        return covers((view[0] + (ax - slack) / scale, view[1] + (ay - slack) / scale,
                       (aw + 2 * slack) / scale, (ah + 2 * slack) / scale), box)

    # A view that shows it all stays: no move for a margin, nor for the badge's round end
    # at the edge (a pixel).
    if seen(visible_box(cam.view_box(need), cam.aspect), tight, slack=cam.FRAME_MARGIN_PX + 1):
        return
    x, y, w, hh = box
    view = (x + w / 2 - (ax + aw / 2) / scale, y + hh / 2 - (ay + ah / 2) / scale, width, height)
    kept = clamped(geo, view[0] + width / 2, view[1] + height / 2, width, height)  # no more off the board than need be
    cam.vb, cam.fitted_play = (kept if seen(kept) else view), False


def show_latest(s: Scene) -> None:
    """The arrow to the latest tile tapped: the view slides, at its scale, to show that
    tile (with the towers it scored, if they fit) in the middle of what is seen."""
    cam, geo = s.ui.camera, s.geo
    cells = latest_cells(s)
    if not cells or cam.board_px is None:
        return
    scale = cam.board_px[0] / visible_box(cam.view_box(geo.box), cam.aspect)[2]
    ax, ay, aw, ah = cam.clear_area()
    box = latest_box(s, cells)
    if box[2] * scale > aw or box[3] * scale > ah:
        box = latest_box(s, cells[:2])
    x, y, w, hh = box
    width, height = cam.board_px[0] / scale, cam.board_px[1] / scale
    cam.set_view_box(x + w / 2 - (ax + aw / 2) / scale, y + hh / 2 - (ay + ah / 2) / scale, width, height)


def turn_box(s: Scene, w: float, hh: float):
    """The box of what frame_turn shows, in w x hh board units at most (None: no tile to
    show, or the latest one does not fit), and, when none of yours fits beside it, the box
    of your tile nearest it with more of yours near that one (else None)."""
    geo, v = s.geo, s.v
    own = [(tuple(a), tuple(b)) for p, a, b in v["tiles"] if p == s.me]
    last = latest(s.facts)
    towers = []
    if last and "a" in last:
        first = (tuple(last["a"]), tuple(last["b"]))
        towers = [(tuple(v["towers"][t]["at"]),) for t, _c, _pts in last["towers"]]
        box = latest_box(s, first)
    elif own:  # a pass, or the game's first move: your tile nearest the middle of the view
        x, y, vw, vh = s.ui.camera.view_box(geo.box)
        first = min(own, key=lambda t: math.dist(geo.centres[t[0]], (x + vw / 2, y + vh / 2)))
        box = cells_box(geo, first)
    else:
        return None, None
    if box[2] > w or box[3] > hh:
        return None, None
    own = nearest_first(geo, own, box)
    box, added = grown(geo, box, [*own[:1], *towers, *own[1:]], w, hh)
    if not own or any(cells in own for cells in added):
        return box, None
    # None of yours fits beside it: yours nearest it, with more of yours near that one.
    return box, grown(geo, cells_box(geo, own[0]), nearest_first(geo, own[1:], cells_box(geo, own[0])), w, hh)[0]


def nearest_first(geo: art.Geometry, tiles: list, box) -> list:
    """The tiles (each its spaces), nearest the middle of the box first."""
    mid = (box[0] + box[2] / 2, box[1] + box[3] / 2)
    return sorted(tiles, key=lambda t: sum(math.dist(geo.centres[c], mid) for c in t))


def grown(geo: art.Geometry, box, tiles: list, w: float, hh: float):
    """The box grown by each of the tiles in turn that still fits with it in w x hh board
    units, and the tiles taken."""
    added = []
    for cells in tiles:
        bigger = union(box, cells_box(geo, cells))
        if bigger[2] <= w and bigger[3] <= hh:
            box = bigger
            added.append(cells)
    return box, added


def latest_pointer(s: Scene, avoid=()) -> Markup | None:
    """When the latest tile is out of what is seen of the board, an arrow inside its edge
    pointing to it (drawn on the board: a drag keeps it pointing right; a tap on it shows
    the tile), slid along that edge off the spaces to `avoid` (lit or pointed at, to be
    tapped) and the open stars; None where no place there is clear: the side says in
    words where the tile is."""
    cam, geo = s.ui.camera, s.geo
    last = latest(s.facts)
    if not last or "a" not in last or cam.board_px is None:
        return None
    vx, vy, vw, vh = visible_box(cam.view_box(geo.box), cam.aspect)
    scale = cam.board_px[0] / vw
    ax, ay, aw, ah = cam.clear_area()
    seen = (vx + ax / scale, vy + ay / scale, aw / scale, ah / scale)
    tile = cells_box(geo, [tuple(last["a"]), tuple(last["b"])])
    if covers(seen, tile):
        return None
    inset = art.R * 1.5  # its 32-unit hit circle inside, turned any way (a slid arrow points aslant)
    x0, y0, x1, y1 = seen[0] + inset, seen[1] + inset, seen[0] + seen[2] - inset, seen[1] + seen[3] - inset
    if x0 >= x1 or y0 >= y1:
        return None
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    tx, ty = tile[0] + tile[2] / 2, tile[1] + tile[3] / 2
    dx, dy = tx - cx, ty - cy
    # From the middle of the view towards the tile, as far as the inset edge.
    across = (x1 - cx) / dx if dx > 0 else (x0 - cx) / dx if dx < 0 else math.inf
    down = (y1 - cy) / dy if dy > 0 else (y0 - cy) / dy if dy < 0 else math.inf
    reach = min(across, down, 1.0)
    px, py = cx + dx * reach, cy + dy * reach
    # Off the spaces to avoid and the stars still open: slid along the edge it is on, the nearest place clear.
    avoid = [geo.centres[c] for c in [*avoid, *(g for g in s.v["golden_set"] if g not in s.v["covered"])]]
    on_side = across <= down  # at the left or right edge: it slides up and down
    lo, hi = (y0, y1) if on_side else (x0, x1)
    along = py if on_side else px
    for d in sorted((k * art.R / 4 for k in range(-12, 13)), key=abs):
        if lo <= along + d <= hi:
            spot = (px, py + d) if on_side else (px + d, py)
            if all(math.dist(c, spot) >= art.R * 1.6 for c in avoid):
                return art.pointer(*spot, math.degrees(math.atan2(ty - spot[1], tx - spot[0])), last["p"])
    return None


def latest_cells(s: Scene) -> list[tuple[int, int]]:
    """The latest tile's spaces and the towers it scored (none: no tile yet, or a pass)."""
    last, v = latest(s.facts), s.v
    if not last or "a" not in last:
        return []
    return [tuple(last["a"]), tuple(last["b"]), *(tuple(v["towers"][t]["at"]) for t, _c, _pts in last["towers"])]


def play_box(s: Scene, said) -> tuple[float, float, float, float] | None:
    """The box, in board units, of what the player is to tap next on the board: the first
    half chosen and every neighbour that finishes the tile, else the spaces the guided
    game's hint points at (None: nothing in particular)."""
    ui = s.ui
    if s.me is None or ui.second is not None:
        return None
    return cells_box(s.geo, [ui.first, *s.pairs.get(ui.first, ())] if ui.first is not None else guide.pointed(s, said))


def latest_box(s: Scene, cells) -> tuple[float, float, float, float] | None:
    """The box round `cells` (the latest tile's, see latest_cells) and the badge beside
    the tile that says what it scored: framed with the tile, read whole."""
    box = cells_box(s.geo, cells)
    return box and union(box, art.badge_box(s.geo, s.v, latest(s.facts)))


def cells_box(geo: art.Geometry, cells) -> tuple[float, float, float, float] | None:
    """The box, in board units, round these spaces (None: no spaces)."""
    if not cells:
        return None
    spots = [geo.centres[c] for c in cells]
    xs, ys = [x for x, _y in spots], [y for _x, y in spots]
    return (min(xs) - geo.half_w, min(ys) - geo.half_h, max(xs) - min(xs) + 2 * geo.half_w,
            max(ys) - min(ys) + 2 * geo.half_h)


def padded(box, room=(math.inf, math.inf)):
    """The box with TURN_PAD board units more on every side, or as much as fits in room
    (w, h board units; None stays None)."""
    if box is None:
        return None
    px, py = (max(0.0, min(TURN_PAD, (r - b) / 2 - 1)) for r, b in zip(room, box[2:]))  # (-1: no rounding makes it not fit)
    return (box[0] - px, box[1] - py, box[2] + 2 * px, box[3] + 2 * py)


def union(a, b) -> tuple[float, float, float, float]:
    """The box round two boxes."""
    x, y = min(a[0], b[0]), min(a[1], b[1])
    return (x, y, max(a[0] + a[2], b[0] + b[2]) - x, max(a[1] + a[3], b[1] + b[3]) - y)


def clamped(geo: art.Geometry, cx: float, cy: float, w: float, hh: float) -> tuple[float, float, float, float]:
    """A view of w x hh board units around (cx, cy), kept on the board."""
    bx, by, bw, bh = geo.box
    x = min(max(cx - w / 2, bx), bx + bw - w) if w < bw else bx + (bw - w) / 2
    y = min(max(cy - hh / 2, by), by + bh - hh) if hh < bh else by + (bh - hh) / 2
    return (x, y, w, hh)


def follow_cursor(s: Scene) -> None:
    """Zoomed in, the view slides to keep the keyboard cursor on screen."""
    if s.whole_in_view():
        return
    cam = s.ui.camera
    x, y, w, hh = cam.view_box(s.geo.box)
    cx, cy = s.geo.centres[cursor_cell(s)]
    m = art.R * 1.5
    if x + m <= cx <= x + w - m and y + m <= cy <= y + hh - m:
        return
    nx = min(max(x, cx + m - w), cx - m)
    ny = min(max(y, cy + m - hh), cy - m)
    cam.set_view_box(*clamped(s.geo, nx + w / 2, ny + hh / 2, w, hh))


def cursor_cell(s: Scene) -> tuple[int, int]:
    """The space under the keyboard cursor: where it was moved, else the tile being
    made, else the open space nearest the middle of the board."""
    ui = s.ui
    if ui.cursor is not None:
        return ui.cursor
    if ui.second or ui.first:
        return ui.second or ui.first
    open_spaces = s.pairs if s.me is not None else {}
    if not open_spaces or CENTRE in open_spaces:
        return CENTRE
    centres = s.geo.centres
    cx, cy = centres[CENTRE]
    return min(open_spaces, key=lambda c: (math.dist(centres[c], (cx, cy)), c))


def move_cursor(s: Scene, key: str) -> None:
    """Arrows move the cursor to the neighbour in that direction on screen. Where
    the hexes zigzag (left-right on the wide board, up-down on the tall one), it
    keeps to the row or column it came along."""
    ui, centres = s.ui, s.geo.centres
    if ui.cursor is None:
        ui.cursor = cursor_cell(s)
        ui.cursor_anchor = centres[ui.cursor]
    dx, dy = ARROWS[key]
    cx, cy = centres[ui.cursor]
    ax, ay = ui.cursor_anchor or (cx, cy)
    best = None
    for q, r in ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)):
        nb = (ui.cursor[0] + q, ui.cursor[1] + r)
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
    ui.cursor = best[1]
    nx, ny = centres[ui.cursor]
    ui.cursor_anchor = (nx, ay) if dx else (ax, ny)
    follow_cursor(s)


# --- drawing the board -----------------------------------------------------------------------

def board(drawing: Markup, tools: Markup) -> Markup:
    return h("div", {"class": "genial-main"},
             art.defs(),
             h("div", {"class": "gs-board-frame"}, drawing, tools))


def board_svg(s: Scene, layers: dict, said) -> Markup:
    geo, v, ui = s.geo, s.v, s.ui
    tiles, towers = art.pieces(geo, v)
    cam, need = ui.camera, geo.box
    shown = [geo.base_board(frozenset(v["tower_at"]), frozenset(v["golden_set"])),
             layers["open"], tiles, layers["last"], towers, layers["pick"], guide.guide_layer(s, said), back_window(s),
             layers["cursor"]]
    x, y, w, hh = cam.view_box(need)
    bx, by, bw, bh = need
    title = ngettext("Board: {count} tile placed, round {round} of {rounds}",
                     "Board: {count} tiles placed, round {round} of {rounds}", len(v["tiles"])).format(
        count=len(v["tiles"]), round=v["round"], rounds=v["rounds"])
    return svg("svg", svg("title", title), *shown,
               viewBox=f"{art.n(x)} {art.n(y)} {art.n(w)} {art.n(hh)}", preserveAspectRatio="xMidYMid meet",
               class_="gs-board" + (" gs-board-tall" if geo.tall else "") + (" gs-can-act" if s.me is not None else "")
               + ("" if s.whole_in_view() else " gs-zoomed"),
               role="group", aria_label=title,
               # Turned, every shape moves: a new id makes the redraw replace the
               # board outright rather than compare it shape by shape.
               id="gs-board-tall" if geo.tall else "gs-board-wide",
               data_board="", data_min_w=cam.MIN_WIDTH, data_max_w=art.n(cam.max_width(need)),
               data_fit=f"{art.n(bx)} {art.n(by)} {art.n(bw)} {art.n(bh)}",
               data_tiles=len(v["tiles"]))


def board_tools(s: Scene) -> Markup:
    """Zoom in and out, the whole board (while zoomed), and turn the board: a slim column
    floating over the board's right edge (the camera frames what is played clear of it,
    GenialView.measured), so the board has the screen's whole width."""
    def tool(action: str, shown: str, said: str, icon: str = "", **extra) -> Markup:
        # The visible word or sign starts the name (a screen reader hears both); a word
        # under a picture is small, so the narrow button holds it whole.
        if icon:
            shown = Markup(svg("svg", svg("path", d=icon), viewBox="0 0 20 20", class_="gs-tool-icon", aria_hidden="true")
                           + h("span", {"class": "gs-tool-word"}, shown))
        return h("button", {"type": "button", "class": "gs-tool", "data-action": action, **extra},
                 shown, h("span", {"class": "visually-hidden"}, " " + said))

    zoomed = not s.whole_in_view()
    if not zoomed and s.ui.back_view is not None:
        # i18n: a board tool's visible word on the whole board; a screen reader adds "to where you were, at your zoom"
        whole = tool("zoom-back", pgettext("board tool", "Back"), _("to where you were, at your zoom"), BACK_ICON,
                     title=_("Back to where you were (or tap a space: the board zooms in there)"))
    else:
        # i18n: a board tool's visible word; the screen reader hears it and then "the whole board in view"
        whole = tool("fit", pgettext("board tool", "Fit"), _("the whole board in view"), FIT_ICON,
                     title=_("Show the whole board"), aria_pressed="false" if zoomed else "true", disabled=not zoomed)
    return h("div", {"class": "gs-board-tools", "data-board-tools": "", "role": "group", "aria-label": _("Board view")},
             tool("zoom-in", "+", _("Zoom in"), title=_("Zoom in (or Ctrl + wheel, or pinch)")),
             tool("zoom-out", "−", _("Zoom out"), title=_("Zoom out"), disabled=not zoomed),
             whole,
             # i18n: a board tool's visible word; the screen reader hears it and then "the board a quarter turn"
             tool("turn-board", pgettext("board tool", "Rotate"), _("the board a quarter turn"), ROTATE_ICON,
                  title=_("Turn the board: wide or tall")))


def layer(s: Scene, name: str, said=None) -> Markup:
    """The parts of the board that change while a tile is being made, each in a
    wrapper that can be redrawn on its own (Parts.pieces)."""
    inner = Markup("")
    geo, v, ui, me = s.geo, s.v, s.ui, s.me
    if name == "open":
        if me is not None and ui.first is None:
            inner = art.open_spaces(geo, s.scoring)
    elif name == "last":
        last = latest(s.facts)
        if last and "a" in last and ui.first is None:
            inner = join(art.latest_tile(geo, v), latest_pointer(s, [*guide.pointed(s, said), *s.scoring]))
    elif me is not None and name == "pick" and ui.first is not None:
        if ui.second is None:
            seconds = s.pairs.get(ui.first, [])
            # What each tile would score in all, its golden points included (the preview's total).
            totals = tile_totals(s.facts.view, me, [(ui.first, c) for c in seconds])
            targets = [(c, total, c in v["golden_set"]) for c, total in zip(seconds, totals)]
            inner = art.half_targets(geo, me, ui.first, targets)
        else:
            p = s.preview
            if p is not None and "error" not in p:
                inner = art.previewed_tile(geo, v, me, ui.first, ui.second, p)
    elif name == "cursor" and s.facts.phase == "play":
        # Always there in play: the board's one stop in the Tab order.
        c = cursor_cell(s)
        inner = art.cursor_mark(geo, c, panels.cell_label(s, c), shown=ui.keyboard)
    # A nested <svg> (same coordinates, nothing clipped), not a <g>: sent alone, a
    # fragment that starts with <svg> is read as SVG (<polygon/> closes).
    return svg("svg", inner, data_part=name, class_="gs-layer", overflow="visible")


# What the page says about the browser (the table's Setting.page: App.facts, sent with
# each event by static/shell.js); in plain CPython (tests) there are none: a wide board,
# a mouse, no focus to ask about.

def narrow_screen(facts: dict) -> bool:
    """Is the window narrow (a phone held upright)? Then the board is drawn tall."""
    width = facts.get("width")
    return isinstance(width, (int, float)) and width < 700


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
