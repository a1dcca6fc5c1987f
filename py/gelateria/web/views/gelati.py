"""The Gelati table: a hex board of ice-cream tiles that grows as you play.

What a player sees and does:
- the board (SVG): every placed tile drawn as its ice cream (a bot's newest one fades
  in), the spaces the chosen tile may go lit up, each showing what it would score;
  a first click or tap on a space shows the tile there with a "Place here" bar, a second
  one (or the bar's button) places it. The board keeps its scale and position from move
  to move and zooms out only when the board outgrows what is in view. Ctrl+wheel, a
  drag, a pinch (static/board.js), the +/−/Fit buttons or keys zoom and pan; arrow keys
  move between the spaces by where they are on the board;
- the strip above it: whose turn, your score and the best of the others';
- beside it (under it on a phone): your tiles and the step you are on, your orders;
  step 2 (orders, trades, discards, End turn) floats over the board once the tile is down;
- one tap away (the "More" sheet on a phone): the race to 50, the supply, help.

The view never decides legality or scores and sees no game state: it draws from Facts
(web/views/contract.py): the rules' `view` of the position for the seat on screen, the
actor's legal moves (the buttons), the trail of public scores and moves (what changed
lately, how the points were made), and the preview on a space is the rules' own result
of that placement worked out from the view (`placement_result`). The pictures are in
gelati_art.py, the panels in gelati_panels.py, the zoom in board_pan.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from gelateria.core import hexgrid
from gelateria.core.facts import Facts
from gelateria.core.i18n import N_, _, ngettext
from gelateria.games.gelati.rules import ORDER_PARTS, TILE_MASK, WIN_POINTS, place_words, points_made, tile_text
from gelateria.web.markup import Markup, fill, h, join
from gelateria.web.views import gelati_art as art
from gelateria.web.views import gelati_guide as guide
from gelateria.web.views import gelati_panels as panels
from gelateria.web.views.gelati_panels import give_ok, preview, recent_placements, targets, trade_ok, trail
from gelateria.web.views.board_pan import Camera, visible_box
from gelateria.web.views.contract import UI, Notice, Parts, View, you

MARGIN = 24  # board units around the fitted board
MARGIN_BOTTOM = 70  # more below: the "Place here" bar floats there
STEP2_MARGIN = 12  # board units kept round what step 2 frames, so none of its tiles meets the edge
ZOOMS = ("zoom-in", "zoom-out", "fit", "pan")


@dataclass
class GelatiUI:
    """What the player at the screen has picked but not played, and how they look at the board."""

    selected: int | None = None  # the hand tile being placed
    aim: tuple[int, int] | None = None  # the space clicked once (preview + confirm)
    give: list[int] = field(default_factory=list)  # trade picker: parts to give (up to 2)
    get: int | None = None  # trade picker: part to take
    chose_tile: bool = False  # a tile was chosen once (the guided game's first hint is done)
    focus_next: str | None = None  # focus this once drawn ("home": where work goes on)
    camera: Camera = field(default_factory=Camera)
    zoom_before: float | None = None  # the width in view before step 2 zoomed out, given back after it


def fit_box(facts: Facts) -> tuple[float, float, float, float]:
    """The viewBox that shows the whole board and the spaces around it."""
    placed = [(q, r) for q, r, _ in facts.view["board"]]
    cells = set(placed)
    for cell in placed:
        cells.update(hexgrid.neighbours(cell))
    x, y, w, hh = hexgrid.bounds(cells, art.R)
    # Extra room at the bottom for the bars that float there (place here / end turn).
    return (x - MARGIN, y - MARGIN, w + 2 * MARGIN, hh + MARGIN + MARGIN_BOTTOM)


def play_box(facts: Facts, ui: GelatiUI) -> tuple[float, float, float, float] | None:
    """The box, in board units, of the spaces the chosen tile can go and of the last
    move with its points (what you answer): framed whole (None: nothing to play now).
    In step 2, the tile you just placed, its points, the tiles round it and the rows of
    four it made, whole with a margin: the board is shorter then, and must not cut them."""
    if facts.actor is not None and facts.view["phase"] == "after":
        recent = recent_placements(facts)
        if not recent or recent[0][1] != facts.actor:
            return None
        last = recent[0][2]
        cell = tuple(last["at"])
        cells = {cell, *hexgrid.neighbours(cell), *made_rows(facts.view["board"], cell, last)}
        x, y, w, hh = union(art.drawn_box(cells, art.R), art.latest_box(cell))
        m = STEP2_MARGIN
        return (x - m, y - m, w + 2 * m, hh + 2 * m)
    if facts.actor is None or facts.view["phase"] != "place" or ui.selected is None:
        return None
    spaces = targets(facts, ui)
    if not spaces:
        return None
    box = art.drawn_box(set(spaces), art.SPOT_R)
    recent = recent_placements(facts)
    return union(box, art.latest_box(tuple(recent[0][2]["at"]))) if recent else box


def made_rows(board: list, cell, last: dict) -> set:
    """The tiles of the rows of four through `cell` that won (or missed) a part in the
    placement `last` (the rules' account), up to three tiles each way: a row of four."""
    tiles = {(q, r): t for q, r, t in board}
    out = set()
    for part in last.get("earned", []) + last.get("missed", []):
        def carries(c, bit=1 << part):
            return c in tiles and TILE_MASK[tiles[c]] & bit

        for axis in hexgrid.AXES:
            run = hexgrid.run_through(cell, axis, carries)
            if len(run) >= 4:
                out.update(c for c in run if hexgrid.distance(c, cell) <= 3)
    return out


def union(a, b) -> tuple[float, float, float, float]:
    x, y = min(a[0], b[0]), min(a[1], b[1])
    return (x, y, max(a[0] + a[2], b[0] + b[2]) - x, max(a[1] + a[3], b[1] + b[3]) - y)


def home_spot(facts: Facts, ui: GelatiUI) -> tuple[int, int] | None:
    """The space Tab lands on (the one the arrows start from): the one being looked
    at, else the best-scoring one."""
    if facts.actor is None or facts.view["phase"] != "place" or ui.selected is None:
        return None
    spaces = targets(facts, ui)
    if ui.aim in spaces:
        return ui.aim
    if not spaces:
        return None
    return max(spaces, key=lambda c: (preview(facts, ui.selected, c)["points"], -spaces.index(c)))


def bumped(facts: Facts) -> dict[int, str]:
    """Players whose score changed in about the last round, with the class that
    flashes it: gl-bump-0 or -1 by how many times that score has changed, so each
    change is a newly added class (only that restarts an animation), and the class
    stays on while the next moves are drawn (taking it off would cut the flash short)."""
    scores = [step["scores"] for step in trail(facts)]
    n = len(scores) - 1
    if n <= 0:
        return {}
    players = len(scores[0])
    changes, last = [0] * players, [0] * players
    for i in range(1, n + 1):
        for p in range(players):
            if scores[i][p] != scores[i - 1][p]:
                changes[p] += 1
                last[p] = i
    recent = max(1, n - 3 * players)
    return {p: f"gl-bump-{changes[p] % 2}" for p in range(players) if last[p] >= recent}


class GelatiView(View):
    game_id = "gelati"
    scores_in_summary = True  # its table says each total beside how it was made, "You" as in play
    own_words = {"handover": N_("Everyone else, look away: the next screen shows this player's tiles and secret orders.")}

    def new_ui(self, before: GelatiUI | None = None) -> GelatiUI:
        ui = GelatiUI()
        if before is not None:  # the player's zoom outlasts a game, like the page's scroll
            ui.camera = before.camera
            ui.camera.cam = None
        return ui

    def settle(self, facts: Facts, ui: GelatiUI) -> GelatiUI:
        """Forget picks made on another position (a move was played, undone, replayed)."""
        ui.aim = None
        ui.give, ui.get = [], None
        if facts.actor is not None and facts.view["phase"] == "place":
            placeable = [m["p"] for m in facts.legal if "p" in m]
            if ui.selected not in placeable:
                ui.selected = placeable[0] if placeable else None
        return ui

    def focused(self, ui: GelatiUI) -> None:
        ui.focus_next = None

    def measured(self, ui: GelatiUI, width: float, height: float, coarse: bool,
                 insets: tuple = (0.0, 0.0, 0.0, 0.0)) -> bool:
        camera = ui.camera
        before, shown = camera.board_px, camera.vb and visible_box(camera.vb, camera.aspect)
        if not camera.set_board_size(width, height, coarse, insets):
            return False
        if shown and before and before[0] == round(width):
            # Only the height changed (step 2 gives the board's foot to the trade, then takes
            # it back): the tiles keep their size about the same middle (back to the player's
            # own when step 2 had to zoom out), and the framing pans from there.
            x, y, w, hh = shown
            if height > before[1]:
                if ui.zoom_before:
                    x, w = x + w / 2 - ui.zoom_before / 2, ui.zoom_before
                ui.zoom_before = None
            scale = width / w
            camera.vb = (x, y + hh / 2 - height / scale / 2, w, height / scale)
        return True

    def panned(self, ui: GelatiUI, x: float, y: float, w: float, hh: float) -> None:
        ui.camera.set_view_box(x, y, w, hh)
        ui.zoom_before = None  # the player's own zoom now

    def timed(self, move) -> str | None:
        return "place" if "p" in move else None  # the real decision: where to place

    # --- clicks into moves ----------------------------------------------------------------

    def interpret(self, facts: Facts, ui: GelatiUI, action: str, data: dict):
        if action in ZOOMS:
            ui.camera.zoom_action(action, data, fit_box(facts), play_box(facts, ui))
            ui.zoom_before = None  # the player's own zoom now
            return UI
        legal = facts.legal
        if not legal:
            return None  # nobody at the screen may move now
        v = facts.view
        if action == "select-tile":
            tile = int(data.get("tile", -1))
            if tile not in v["hand"]:
                return UI
            ui.selected, ui.aim, ui.chose_tile = tile, None, True
            ui.focus_next = "[data-spot][tabindex='0']"  # on to the board
            if targets(facts, ui):
                return Notice("")
            text = _("{tile} fits nowhere on the table yet: pick your other tile.").format(tile=tile_text(tile))
            return Notice(text[:1].upper() + text[1:])
        if action == "cell":
            cell = (int(data["q"]), int(data["r"]))
            if ui.selected is None:
                return None
            if ui.aim == cell:
                return self.placement(ui)
            if cell in targets(facts, ui):
                ui.aim = cell  # (focus stays on the space: the same key again places)
                return UI
            return None
        if action == "trade-give":
            had = len(ui.give)
            held = v["held"][v["me"]]
            self.pick_give(ui, int(data["part"]), held, legal)
            if had < 2 == len(ui.give):  # both given: on to what to take (one an order needs first)
                takes = [m["get"] for m in legal if m.get("trade") == ui.give]
                needed = [p for p in takes if any(p in ORDER_PARTS[o] for o in v["orders"]) and not held[p]]
                if takes:
                    ui.focus_next = f"[data-action='trade-get'][data-part='{min(needed or takes)}']"
            return UI
        if action == "trade-get":
            part = int(data["part"])
            ui.get = None if ui.get == part else part
            if ui.get is not None and trade_ok(ui.give, ui.get, legal):
                ui.focus_next = "[data-action='trade']"  # ready: the Trade button is next
            return UI
        if action == "cancel-place":
            ui.aim = None
            return UI
        if action == "trade-clear":
            ui.give, ui.get = [], None
            return UI
        move = self.move_for(ui, action, data)
        if move is not None:
            ui.focus_next = "home"  # wherever the turn goes on (a disabled Trade button must not keep it)
        return move

    def move_for(self, ui: GelatiUI, action: str, data: dict):
        if action == "trade":
            ready = len(ui.give) == 2 and ui.get is not None
            return {"trade": sorted(ui.give), "get": ui.get} if ready else None
        if action == "place":
            return self.placement(ui)
        if action == "exchange":
            return {"x": int(data["tile"])}
        if action == "order":
            return {"order": int(data["order"])}
        if action == "discard":
            return {"discard": int(data["part"])}
        return {"pass": {"pass": 1}, "end-turn": {"end": 1}}.get(action)

    @staticmethod
    def placement(ui: GelatiUI) -> dict | None:
        if ui.selected is None or ui.aim is None:
            return None
        ui.focus_next = "home"
        return {"p": ui.selected, "at": [ui.aim[0], ui.aim[1]]}

    @staticmethod
    def pick_give(ui: GelatiUI, part: int, held: list[int], legal: list) -> None:
        if part in ui.give:
            if len(ui.give) < 2 and ui.give.count(part) < held[part] and give_ok(ui.give + [part], legal):
                ui.give.append(part)
            else:
                ui.give = [p for p in ui.give if p != part]
        elif len(ui.give) < 2 and held[part]:
            ui.give.append(part)
        ui.give.sort()
        if ui.get is not None and not trade_ok(ui.give, ui.get, legal):
            ui.get = None

    def key(self, facts: Facts, ui: GelatiUI, key: str) -> tuple[str, dict] | None:
        if facts.phase not in ("play", "over"):
            return None
        zoom = ui.camera.key_action(key)
        if zoom is not None:
            return zoom
        if key == "Escape" and ui.aim is not None:
            return "cancel-place", {}
        if key in ("1", "2", "3") and facts.actor is not None and facts.view["phase"] == "place":
            hand = facts.view["hand"]
            i = int(key) - 1
            return ("select-tile", {"tile": hand[i]}) if i < len(hand) else None
        return None

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, facts: Facts, ui: GelatiUI) -> Parts:
        hint = self.hint(facts, ui) if facts.actor is not None and facts.phase == "play" else None
        over = facts.phase == "over"
        won = over and facts.view["winners"] == [you(facts)]
        board, board_pieces = self.board(facts, ui, hint)
        side, side_pieces = self.side(facts, ui, hint)
        return Parts(board=board, side=side, details=self.details(facts),
                     strip=self.strip(facts), summary=panels.summary(facts, self.tally(facts)) if over else Markup(""),
                     hint=hint, headline=_("You win!") if won else None, story=self.score_story(facts) if over and facts.humans else None,
                     focus=self.focus_home(facts, ui), focus_next=ui.focus_next,
                     focus_idle="[data-spot][tabindex='0']" if home_spot(facts, ui) is not None else None,
                     # A tile picked, a space aimed at, the board measured: these change, the
                     # rest stays.
                     pieces={**board_pieces, **side_pieces})

    def board(self, facts: Facts, ui: GelatiUI, hint) -> tuple[Markup, dict]:
        """The board's part of the screen (the drawing, its rail), and those two as pieces."""
        v = facts.view
        me = facts.actor
        recent = recent_placements(facts)
        latest = facts.moves - 1
        aiming = me is not None and ui.aim is not None and ui.aim in targets(facts, ui)
        # While a tile is previewed its ring is the one pink frame: your last tile's outline waits.
        marks = [art.mark_svg(tuple(last["at"]), player, n == 0, n == 0 and index >= latest - 1)
                 for n, (index, player, last) in enumerate(recent) if not (aiming and player == facts.viewer)]
        badge = Markup("")
        fresh = None  # the tile that fades in: the latest placement, unless it was yours
        if recent:
            index, player, last = recent[0]
            badge = art.badge_svg(tuple(last["at"]), last["points"], last.get("earned") or [], player)
            if index >= latest - 1 and player != facts.viewer:
                fresh = tuple(last["at"])
        spots = []
        aim_markup = Markup("")
        home = home_spot(facts, ui)
        if me is not None and v["phase"] == "place" and ui.selected is not None:
            spaces = targets(facts, ui)
            board = {(q, r): t for q, r, t in v["board"]}
            for cell in spaces:
                p = preview(facts, ui.selected, cell)
                label = (_("Place here, {where}: {preview}. Looking here: select again to place") if ui.aim == cell
                         else _("Place here, {where}: {preview}")).format(where=place_words(board, cell),
                                                                           preview=panels.preview_text(p))
                spots.append(art.spot_svg(cell, p["points"], p["earned"], label, aimed=ui.aim == cell, wins=p["wins"],
                                          home=cell == home))
            if aiming:
                aim_markup = art.aim_svg(ui.selected, ui.aim)
        need = fit_box(facts)
        camera = ui.camera
        # A new turn or another tile chosen: every space it can go and the last move come
        # into view, with the whole board when it fits beside them.
        play = play_box(facts, ui)
        was = camera.vb
        camera.frame((facts.moves, ui.selected), play, need, also=[need, play])  # (else: moved the least way)
        if play is not None and v["phase"] == "after" and camera.vb is not was:
            self.centre_step2(ui, play, need, was)
        drawn = art.board_svg(v["board"], marks, spots, [aim_markup, badge], camera.view_box(need), camera.camera(need),
                              camera.MIN_WIDTH, camera.max_width(need), fresh)
        # The chips and zoom buttons in a rail of their own, beside or under the drawing, so
        # they never cover a tile or a space. "Place here" floats over the board's foot, or
        # on a phone takes the rail's place (CSS: data-confirming hides the rest of the rail).
        confirm = panels.confirm_bar(facts, ui)
        rail = h("div", {"class": "gl-board-rail", "data-confirming": "" if confirm else None},
                 confirm,
                 art.board_chips(v["stack"], v["order_pile"]),
                 art.zoom_buttons(camera.vb is None))
        main = h("div", {"class": "gelati-main"},
                 art.defs_svg(),
                 h("div", {"class": "gl-board-frame"}, h("div", {"class": "gl-board-view"}, drawn), rail))
        return main, {"[data-board]": drawn, ".gl-board-rail": rail}

    @staticmethod
    def centre_step2(ui: GelatiUI, play, need, was) -> None:
        """Step 2's framing moved the view: the tile just placed and its rows go to the
        middle of the shorter board, top to bottom (the whole board's height if it fits),
        not against an edge with tiles cut beyond it; a zoom out to fit them is undone
        once the board is tall again (measured)."""
        camera = ui.camera
        x, y, w, hh = camera.vb
        scale = camera.board_px[0] / w
        before = visible_box(was or camera.camera(need), camera.aspect)[2]
        if before < w - 0.5 and ui.zoom_before is None:
            ui.zoom_before = before
        _, ay, _, ah = camera.clear_area()
        box = need if need[3] * scale <= ah else play
        camera.vb = (x, box[1] + box[3] / 2 - (ay + ah / 2) / scale, w, hh)

    def focus_home(self, facts: Facts, ui: GelatiUI) -> str | None:
        """Where the player works: the board's home space while placing, End turn (or
        what must come first) in step 2, else the board itself."""
        me = facts.actor
        if me is None:
            return "[data-board]"
        v = facts.view
        if v["phase"] == "place":
            if home_spot(facts, ui) is not None:
                return "[data-spot][tabindex='0']"
            if v["must"] == "exchange":
                return "[data-action='exchange']"
            if v["must"] == "pass":
                return "[data-action='pass']"
            return "[data-action='select-tile']"
        if {"end": 1} in facts.legal:
            return "[data-action='end-turn']"
        if any("discard" in m for m in facts.legal):
            return "[data-action='discard']"
        return "[data-action='trade-give']:not([disabled])"

    def side(self, facts: Facts, ui: GelatiUI, hint) -> tuple[Markup, dict]:
        """Beside the board: step 2's card, then your tiles and turn (a piece)."""
        # Step 2 first: beside the board (under it on an upright phone), never over it.
        turn = panels.turn_panel(facts, ui)
        return join(panels.after_card(facts, ui, hint), turn), {".gl-turn": turn}

    def details(self, facts: Facts) -> Markup:
        return join(panels.scores_panel(facts, bumped(facts)), art.supply_panel(facts.view["supply"]), panels.help_panel())

    def strip(self, facts: Facts) -> Markup:
        """Your score and the best of the others': "You 12/50 · Bo 20"."""
        v = facts.view
        names = facts.names
        scores = v["scores"]
        flash = bumped(facts)
        me = facts.viewer
        order = sorted(range(v["players"]), key=lambda p: (-scores[p], p != me))
        lead = order[0]

        def num(p):
            return h("b", {"class": flash.get(p), "data-strip-score": p}, str(scores[p]))

        def toward_goal(p):  # "12/50": how far from the win, said in words to a screen reader
            return h("span", {"class": "gl-toward"}, num(p),
                     h("span", {"class": "gl-goal", "aria-hidden": "true"}, f"/{WIN_POINTS}"),
                     h("span", {"class": "visually-hidden"}, _(" of {points} to win").format(points=WIN_POINTS)))

        def name(p):
            return h("span", {"class": "gl-strip-name"}, names[p])

        winners = v["winners"] if facts.phase == "over" else []
        if me is None and len(winners) == 1:  # over: who won, not who "leads"
            words = fill(_("{player} wins with {score}"), player=name(winners[0]), score=toward_goal(winners[0]))
        elif me is None and winners:
            words = fill(_("A tie at {score}"), score=toward_goal(winners[0]))
        elif me is None:
            words = fill(_("{player} leads {score}"), player=name(lead), score=toward_goal(lead))
        else:  # the best of the others, whether you lead or not: you always see where they are
            other = next(p for p in order if p != me)
            words = fill(_("You {score} · {player} {lead}"), score=toward_goal(me), player=name(other), lead=num(other))
        return h("span", {"class": "strip-facts gl-strip", "data-strip-facts": ""}, *words)

    # --- the guided game ---------------------------------------------------------------------

    def hint(self, facts: Facts, ui: GelatiUI) -> tuple[str, str] | None:
        """The guided game's next step (gelati_guide.py)."""
        return guide.hint(facts, ui)

    def score_story(self, facts: Facts) -> str:
        me = facts.humans[0]
        made = self.tally(facts)
        tiles = ngettext("{points} from placing {count} tile", "{points} from placing {count} tiles",
                         made["tiles"][me]).format(points=made["points"][me], count=made["tiles"][me])
        done = len(made["orders"][me])
        orders = ngettext("{points} from {count} completed order", "{points} from {count} completed orders",
                          done).format(points=made["order_points"][me], count=done)
        parts = ngettext("{count} part came from a row of four.", "{count} parts came from rows of four.",
                         made["parts"][me]).format(count=made["parts"][me])
        return _("Your {total} points: {tiles} and {orders}. {parts}").format(
            total=facts.view["scores"][me], tiles=tiles, orders=orders, parts=parts)

    @staticmethod
    def tally(facts: Facts) -> dict:
        """The rules' `points_made` over every position of the game."""
        return points_made(trail(facts))
