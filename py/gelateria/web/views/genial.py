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
  half again also confirms. Keyboard: arrows move a cursor, Enter picks, Esc cancels.
  When no tile fits anywhere, Pass is the only move;
- beside it: each player's four colour tracks (0–18, like the printed score board)
  with the weakest colour marked, their score and tiles left.

Everything is public, so hot-seat needs no hand-over. The view never decides
legality or scores: the spaces on offer come from `placements`, the preview from
`apply` and `outcome`. Plain Python apart from mounted(), which binds the browser
pan/zoom helper (imported from the Gelati view) when it runs in the browser.
"""

from __future__ import annotations

import math

from gelateria.core.game import IllegalMove
from gelateria.games.genial.rules import CELLS, COLOUR_NAMES, COLOURS, INDEX, PASS, ROUNDS
from gelateria.web.markup import Markup, h, join, svg
from gelateria.web.views.board_pan import PannedBoard
from gelateria.web.table import TableScreen
from gelateria.web.views import genial_art as art

TRACK_MAX = 18  # the printed score board's track
CENTRE = (6, -3)
ARROWS = {"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"}
MIN_ZOOM_W = 300.0  # closest zoom (board units across): about seven cells


def bits(mask: int) -> list[int]:
    return [t for t in range(mask.bit_length()) if mask >> t & 1]


def gain_words(gain) -> str:
    parts = [f"+{g} {COLOUR_NAMES[c]}" for c, g in zip(COLOURS, gain) if g]
    return ", ".join(parts) if parts else "no points"


def plural(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def ranking_key(colours) -> tuple:
    """How the rules rank players (winners()): the sorted colour vector, weakest first."""
    return tuple(sorted(colours))


class GenialScreen(PannedBoard, TableScreen):
    game_id = "genial"
    default_players = 2

    def __init__(self, app, rest=None):
        self.first: tuple[int, int] | None = None  # the half chosen first
        self.second: tuple[int, int] | None = None  # its neighbour: the tile is previewed
        self.golden_pick: list[str] = []  # colours for the golden halves, first then second
        self.cursor: tuple[int, int] | None = None  # keyboard cursor
        self.cursor_anchor: tuple[float, float] | None = None  # the row/column arrows keep to
        self.auto_tall = narrow_screen()  # a phone held upright: draw the board tall
        self.keyboard = False  # the cursor is shown (the keys were used)
        self.hint = ""  # why a click did nothing, until the next click
        self.vb: tuple[float, float, float, float] | None = None  # zoom/pan; None = whole board
        self._pairs: tuple = (None, {})
        self._view: tuple = (None, None)
        self._pieces: tuple = (None, None, None)
        self._chain_lines: dict[tuple, Markup] = {}  # a chain's line, by its cells (tiles never move)
        self._preview: tuple = (None, None, None)
        super().__init__(app, rest)

    # --- who may do what ---------------------------------------------------------------

    @property
    def geo(self) -> art.Geometry:
        choice = self.app.prefs.get("genial_board") if self.app is not None else None
        return art.GEOMETRY[choice == "tall" if choice in ("tall", "wide") else self.auto_tall]

    def needs_handover(self, player: int) -> bool:
        return False  # nothing is hidden: hot-seat players just take turns

    def view(self) -> dict:
        state, v = self._view
        if state is not self.state:
            v = self.game.view(self.state, None)
            v["golden_set"] = {tuple(c) for c in v["golden"]}
            v["tower_at"] = {tuple(t["at"]): i for i, t in enumerate(v["towers"])}
            v["covered"] = {tuple(c): p for p, a, b in v["tiles"] for c in (a, b)}
            self._view = (self.state, v)
        return v

    def sync_ui(self) -> None:
        """Forget a half-made tile when the position changed (a move, undo, replay)."""
        if not self.position_changed():
            return
        self.clear_pick()
        self.hint = ""

    def clear_pick(self) -> None:
        self.first = self.second = None
        self.golden_pick = []

    def pairs(self) -> dict:
        """Per empty cell, the neighbours that complete a tile there (from the rules)."""
        state, table = self._pairs
        if state is not self.state:
            table = {}
            for a, b in self.game.placements(self.state):
                table.setdefault(CELLS[a], []).append(CELLS[b])
                table.setdefault(CELLS[b], []).append(CELLS[a])
            self._pairs = (self.state, table)
        return table

    def must_pass(self) -> bool:
        me = self.actor()
        return me is not None and self.game.legal_moves(self.state, me) == [PASS]

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
        scores anyway (the rules' outcome), the first half before the second."""
        halves = self.golden_halves()
        if not halves:
            return []
        out = self.game.outcome(self.state, me, INDEX[self.first], INDEX[self.second])
        after = [s + g for s, g in zip(self.view()["scores"][me], out.gain)]
        picks = []
        for _ in halves:
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
            after = self.game.apply(self.state, me, self.move())
        except IllegalMove as exc:
            result = {"error": str(exc)}
        else:
            e = after.last
            out = self.game.outcome(self.state, me, INDEX[self.first], INDEX[self.second])
            result = {
                "gain": list(e["gain"]),
                "towers": [list(t) for t in e["towers"]],  # [tower, colour, points]
                "bonus": e["bonus"],
                "bonus_towers": bits(out.new_bonus),
                "golden": list(e["golden"]),
                "chain": [CELLS[c] for c in out.chain.cells],
                "merged": len(out.merged),
                "touched": bits(out.chain.touched),
                "before": list(self.view()["scores"][me]),
                "after": list(after.scores[me]),
            }
        self._preview = (self.state, key, result)
        return result

    def target_points(self, me: int, a, b) -> int:
        """Points a tile on a+b scores from towers and bonuses (golden not counted)."""
        return sum(self.game.outcome(self.state, me, INDEX[a], INDEX[b]).gain)

    # --- moves ---------------------------------------------------------------------------

    def on_game_action(self, action: str, data: dict) -> None:
        if action == "fit":
            self.vb = None
            self.app.refresh()
            return
        if action == "turn-board":
            tall = not self.geo.tall
            if tall == self.auto_tall:
                self.app.prefs.pop("genial_board", None)  # back to what suits this screen
            else:
                self.app.prefs["genial_board"] = "tall" if tall else "wide"
            self.app.save_prefs()
            self.vb = None
            self.app.refresh()
            return
        self.sync_ui()
        me = self.actor()
        if me is None:
            return
        if action == "cell":
            cell = parse_cell(data.get("cell", ""))
            if cell is not None:
                self.keyboard = False
                self.pick(me, cell)
        elif action == "golden":
            try:
                i = int(data.get("half", -1))
            except ValueError:
                return
            colour = data.get("colour")
            if 0 <= i < len(self.golden_pick) and colour in COLOURS:
                self.golden_pick[i] = colour
                self.focus_next = f"[data-golden='{i}'][data-colour='{colour}']"
                self.redraw()
        elif action == "confirm":
            self.confirm(me)
        elif action == "cancel":
            self.clear_pick()
            self.hint = ""
            self.redraw()
        elif action == "pass":
            self.act(me, PASS)

    def pick(self, me: int, cell: tuple[int, int]) -> None:
        """A click (or Enter) on a space: first half, second half (preview), or the
        previewed half again (place it)."""
        if cell not in INDEX:
            return
        self.cursor = cell
        self.hint = ""
        pairs = self.pairs()
        if self.second is not None and cell == self.second:
            self.confirm(me)
            return
        if self.first is not None:
            if cell == self.first:
                self.clear_pick()
                self.redraw()
                return
            if cell in pairs.get(self.first, ()):
                self.second = cell
                self.golden_pick = self.suggest_golden(me)
                self.focus_next = "[data-action='confirm']"
                self.redraw()
                return
        if cell in pairs:
            self.first, self.second, self.golden_pick = cell, None, []
        else:
            self.hint = self.why_not(cell)
        self.redraw()

    def why_not(self, cell) -> str:
        v = self.view()
        where = f"({cell[0]},{cell[1]})"
        if cell in v["tower_at"]:
            return f"Space {where} holds a tower: tiles go on empty spaces."
        if cell in v["covered"]:
            return f"Space {where} is already covered by a tile."
        return f"No empty neighbour next to {where}: a tile needs two neighbouring empty spaces."

    def confirm(self, me: int) -> None:
        if self.first is None or self.second is None:
            return
        self.act(me, self.move())  # the rules check it; a refusal is shown in the notice bar

    # --- keys ------------------------------------------------------------------------------

    def on_game_key(self, key: str) -> bool:
        if key == "Escape" and (self.first is not None or self.hint):
            self.clear_pick()
            self.hint = ""
            self.redraw()
            return True
        self.sync_ui()
        me = self.actor()
        if me is None:
            return False
        if key in ARROWS:
            self.move_cursor(key)
            self.keyboard = True
            self.focus_next = "[data-cursor]"
            self.redraw()
            return True
        if key in ("Enter", " "):
            if self.keyboard and self.cursor is not None:
                self.focus_next = "[data-cursor]"
                self.pick(me, self.cursor)
                return True
            if key == "Enter" and self.second is not None:
                self.confirm(me)
                return True
        if key in ("p", "P") and self.must_pass():
            self.act(me, PASS)
            return True
        return False

    def move_cursor(self, key: str) -> None:
        """Arrows move the cursor to the neighbour in that direction on screen. Where
        the hexes zigzag (left-right on the wide board, up-down on the tall one), it
        keeps to the row or column it came along."""
        centres = self.geo.centres
        if self.cursor is None:
            self.cursor = self.second or self.first or CENTRE
            self.cursor_anchor = centres[self.cursor]
            return
        dx, dy = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}[key]
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

    # --- zoom and pan (the browser helper from the Gelati view) -------------------------------

    def set_view_box(self, x: float, y: float, w: float, hh: float) -> None:
        """The pan/zoom helper reports where a drag, pinch or wheel left the board."""
        self.vb = (float(x), float(y), float(w), float(hh))

    # --- drawing: the board ------------------------------------------------------------------

    def render(self) -> Markup:
        if self.phase != "setup" and self.state is not None:
            self.sync_ui()
        return super().render()

    def board(self) -> Markup:
        v = self.view()
        me = self.actor()
        names = self.names()
        towers_at = frozenset(v["tower_at"])
        spare = {tuple(s["at"]): (s["tall"], s["mark"]) for s in v["spare_towers"]}
        base = self.geo.base_board(towers_at, frozenset(v["golden_set"]), spare)

        tiles, towers = self.pieces(v)
        layers = [base,
                  tiles,
                  self.layer("last", v, me),
                  towers,
                  self.layer("pick", v, me),
                  self.layer("cursor", v, me)]

        x, y, w, hh = self.vb or self.geo.box
        bx, by, bw, bh = self.geo.box
        title = f"Board: {plural(len(v['tiles']), 'tile')} placed, round {v['round']} of {v['rounds']}"
        board_svg = svg("svg", svg("title", title), *layers,
                        viewBox=f"{art.n(x)} {art.n(y)} {art.n(w)} {art.n(hh)}", preserveAspectRatio="xMidYMid meet",
                        class_="gs-board" + (" gs-board-tall" if self.geo.tall else "") + (" gs-can-act" if me is not None else ""),
                        role="group", aria_label=title,
                        data_board="", data_min_w=MIN_ZOOM_W, data_max_w=art.n(bw * 1.2),
                        data_fit=f"{art.n(bx)} {art.n(by)} {art.n(bw)} {art.n(bh)}",
                        data_tiles=len(v["tiles"]))
        return h("div", {"class": "genial-main"},
                 art.defs(),
                 h("div", {"class": "gs-board-frame"},
                   board_svg,
                   h("p", {"class": "gs-board-chips"},
                     h("span", {"class": "gs-chip", "data-round": v["round"]},
                       "Game over" if v["over"] else f"Round {v['round']} of {v['rounds']}")),
                   h("div", {"class": "gs-board-tools", "role": "group", "aria-label": "Board view"},
                     h("button", {"type": "button", "class": "gs-tool", "data-action": "fit",
                                  "aria-pressed": "true" if self.vb is None else "false",
                                  "aria-label": "Show the whole board", "title": "Show the whole board (after zooming)"},
                       "Fit"),
                     h("button", {"type": "button", "class": "gs-tool", "data-action": "turn-board",
                                  "aria-label": "Turn the board a quarter", "title": "Turn the board: wide or tall"},
                       "Turn"))),
                 self.move_bar(v, me, names))

    def pieces(self, v: dict) -> tuple[Markup, Markup]:
        """The tiles with their chains, and the towers: they change only with a move,
        so they are drawn once per position."""
        state, tall, cached = self._pieces
        if state is self.state and tall == self.geo.tall:
            return cached
        tiles, covered_stars = [], []
        for p, a, b in v["tiles"]:
            tiles.append(self.geo.tile(p, a, b))
            for c in (a, b):
                if tuple(c) in v["golden_set"]:
                    covered_stars.append(art.star_path(*self.geo.centres[tuple(c)], 7))
        partner = {}
        for _, a, b in v["tiles"]:
            partner[tuple(a)], partner[tuple(b)] = tuple(b), tuple(a)
        chains = []
        for ch in v["chains"]:
            key = (self.geo.tall, ch["player"], tuple(sorted(tuple(c) for c in ch["cells"])))
            line = self._chain_lines.get(key)
            if line is None:
                if len(self._chain_lines) > 2000:
                    self._chain_lines.clear()
                line = self._chain_lines[key] = self.chain_line(ch, partner)
            chains.append(line)
        towers = [self.tower_markup(i, t) for i, t in enumerate(v["towers"])]
        cached = (join(svg("g", *tiles, class_="gs-tiles"),
                       svg("path", d="".join(covered_stars), class_="gs-covered-stars") if covered_stars else None,
                       svg("g", *chains, class_="gs-chains")),
                  svg("g", *towers, class_="gs-towers"))
        self._pieces = (self.state, self.geo.tall, cached)
        return cached

    def layer(self, name: str, v: dict, me) -> Markup:
        """The parts of the board that change while a tile is being made, each in a
        wrapper that redraw() can replace on its own."""
        if name == "last":
            inner = self.last_markup(v)
        elif name == "pick":
            inner = self.pick_markup(v, me)
        else:
            inner = self.cursor_markup(v, me)
        return svg("g", inner, data_part=name)

    def redraw(self) -> None:
        """After a click that only changes the tile being made: replace the few parts
        that show it (board overlays, the bar under the board, the colour tracks)
        instead of the whole screen (an app without update() redraws everything)."""
        update = getattr(self.app, "update", None)
        if update is None or self.phase != "play":
            self.app.refresh()
            return
        v = self.view()
        me = self.actor()
        for name in ("last", "pick", "cursor"):
            update(f'[data-part="{name}"]', self.layer(name, v, me))
        update('[data-part="move"]', self.move_bar(v, me, self.names()))
        update('[data-part="scores"]', self.side())
        self.apply_focus()

    def chain_line(self, ch: dict, partner: dict) -> Markup:
        """A chain as a line through its cells: every tile's own bar, plus just enough
        links between touching tiles to show they are one chain (a spanning tree, so
        big chains stay a readable line rather than a web)."""
        cells = sorted({tuple(c) for c in ch["cells"]})
        root = {c: c for c in cells}

        def find(c):
            while root[c] != c:
                root[c] = root[root[c]]
                c = root[c]
            return c

        inside = [(c, partner[c]) for c in cells if partner.get(c, c) > c and partner[c] in root]
        between = [(c, nb) for c in cells for nb in ((c[0] + 1, c[1] - 1), (c[0] + 1, c[1]), (c[0], c[1] + 1))
                   if nb in root and partner.get(c) != nb]
        centres = self.geo.centres
        d = []
        for a, b in inside + between:
            ra, rb = find(a), find(b)
            if ra == rb:
                continue
            root[ra] = rb
            (x1, y1), (x2, y2) = centres[a], centres[b]
            d.append(f"M{art.n(x1)} {art.n(y1)}L{art.n(x2)} {art.n(y2)}")
        return svg("path", d="".join(d), class_=f"gs-chain p{ch['player']}")

    def tower_markup(self, i: int, t: dict) -> Markup:
        q, r = t["at"]
        cx, cy = self.geo.centres[(q, r)]
        side = "dark side, worth one more than its light side" if t["dark"] else "light side"
        label = (f"{'Tall' if t['tall'] else 'Short'} tower ({q},{r}): {COLOUR_NAMES[t['colour']]} token "
                 f"worth {t['value']} ({side})")
        return svg("g", svg("title", label), art.tower(t["tall"], t["colour"], t["value"], t["dark"], cx, cy),
                   class_="gs-tower" + (" gs-tall" if t["tall"] else " gs-short"), data_action="cell",
                   data_cell=f"{q},{r}", data_tower=i, data_colour=t["colour"], data_value=t["value"],
                   data_dark="1" if t["dark"] else "0", data_tall="1" if t["tall"] else "0")

    def last_markup(self, v: dict) -> Markup:
        """The latest tile outlined in its player's colour, with what it scored."""
        last = v["last"]
        if not self.last_move or not last or last.get("pass") or "a" not in last or self.first is not None:
            return Markup("")
        player = last["p"]
        a, b = tuple(last["a"]), tuple(last["b"])
        rings = []
        for tower, _, _ in last["towers"]:
            cx, cy = self.geo.centres[tuple(v["towers"][tower]["at"])]
            rings.append(svg("circle", cx=art.n(cx), cy=art.n(cy - 4), r=24, class_=f"gs-scored-ring p{player}"))
        return svg("g",
                   svg("polygon", points=self.geo.tile_outline(a, b), class_=f"gs-last-ring p{player}"),
                   *rings,
                   self.badge(v, a, b, last["gain"], player),
                   class_="gs-last", data_last=player)

    def badge_spot(self, v: dict, a, b, width: float) -> tuple[float, float]:
        """Where the latest move's badge goes: next to the tile, clear of the towers
        (their tokens) and inside the board."""
        (ax, ay), (bx, by) = self.geo.centres[a], self.geo.centres[b]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        hw, hh = self.geo.half_w, self.geo.half_h
        spots = [(mx, min(ay, by) - hh - 2), (mx, max(ay, by) + hh + 2),
                 (max(ax, bx) + hw + width / 2 - 4, my), (min(ax, bx) - hw - width / 2 + 4, my)]
        x0, y0, w0, h0 = self.geo.box
        towers = [self.geo.centres[tuple(t["at"])] for t in v["towers"]]

        def clearance(spot):
            x, y = spot
            if not (x0 + width / 2 <= x <= x0 + w0 - width / 2 and y0 + 14 <= y <= y0 + h0 - 14):
                return -1.0
            # gap between the badge (a pill) and the nearest tower (about 32 x 46 units)
            gaps = [max(abs(tx - x) - width / 2 - 16, 0, (ty - 25) - (y + 12), (y - 12) - (ty + 21)) for tx, ty in towers]
            return min(gaps) if gaps else 99.0

        for spot in spots:
            if clearance(spot) >= 4:
                return spot
        return max(spots, key=clearance)

    def badge(self, v: dict, a, b, gain, player: int) -> Markup:
        items = [(c, g) for c, g in zip(COLOURS, gain) if g]
        width = 34 if not items else 8 + 38 * len(items)
        cx, y = self.badge_spot(v, a, b, width)
        if not items:
            body = [svg("text", "+0", x=art.n(cx), y=art.n(y + 5), class_="gs-badge-text")]
        else:
            body = []
            x0 = cx - width / 2 + 6
            for i, (c, g) in enumerate(items):
                x = x0 + 38 * i
                body.append(svg("path", d=art.shape_path(c, x + 8, y, 6.5), fill=art.FILL[c], stroke=art.EDGE[c], stroke_width=1.2))
                body.append(svg("text", f"+{g}", x=art.n(x + 27), y=art.n(y + 5), class_="gs-badge-text"))
        return svg("g", svg("rect", x=art.n(cx - width / 2), y=art.n(y - 12), width=art.n(width), height=24, rx=12,
                            class_=f"gs-badge-bg p{player}"),
                   *body, class_="gs-badge", aria_hidden="true")

    def pick_markup(self, v: dict, me) -> Markup:
        """The tile being made: the first half, the neighbours that finish it (with
        their points), and the previewed tile with the towers it would score."""
        if me is None or self.first is None:
            return Markup("")
        out = []
        if self.second is None:
            out.append(self.geo.half_shape(me, self.first, "gs-ghost"))
            for c in self.pairs().get(self.first, ()):
                cx, cy = self.geo.centres[c]
                pts = self.target_points(me, self.first, c)
                out.append(svg("polygon", points=self.geo.hex_pts(cx, cy, art.R - 5), class_=f"gs-target p{me}",
                               data_target=art.cell_key(c)))
                if pts:
                    out.append(svg("text", f"+{pts}", x=art.n(cx), y=art.n(cy + 6), class_="gs-target-pts"))
                if c in v["golden_set"]:
                    out.append(svg("path", d=art.star_path(cx, cy - 14 if pts else cy, 6), class_="gs-target-star"))
            return svg("g", *out, class_="gs-pick")
        p = self.preview()
        if p is None or "error" in p:
            return Markup("")
        chain = [c for c in p["chain"] if c not in (self.first, self.second)]
        for c in chain:
            cx, cy = self.geo.centres[c]
            out.append(svg("polygon", points=self.geo.hex_pts(cx, cy, art.R - 4), class_="gs-chain-glow"))
        out.append(self.geo.tile_shape(me, self.first, self.second, "gs-ghost", data_ghost=""))
        for tower in p["touched"]:
            t = v["towers"][tower]
            cx, cy = self.geo.centres[tuple(t["at"])]
            scores = next((pts for tw, _, pts in p["towers"] if tw == tower), 0)
            bonus = tower in p["bonus_towers"]
            out.append(svg("circle", cx=art.n(cx), cy=art.n(cy - 4), r=24,
                           class_="gs-touch-ring" + (" gs-scores" if scores or bonus else "")))
            label = []
            if scores:
                label.append(f"+{scores}")
            if bonus:
                label.append("+1 all")
            if label:
                text = " ".join(label)
                width = 10 + 8.2 * len(text)
                out.append(svg("g",
                               svg("rect", x=art.n(cx - width / 2), y=art.n(cy + 14), width=art.n(width), height=19, rx=9.5,
                                   class_="gs-chip-bg"),
                               svg("text", text, x=art.n(cx), y=art.n(cy + 28), class_="gs-chip-text",
                                   fill=art.TEXT[t["colour"]] if scores and not bonus else None),
                               class_="gs-tower-chip"))
        return svg("g", *out, class_="gs-pick")

    def cursor_markup(self, v: dict, me) -> Markup:
        if me is None or not self.keyboard or self.cursor is None:
            return Markup("")
        c = self.cursor
        cx, cy = self.geo.centres[c]
        return svg("polygon", points=self.geo.hex_pts(cx, cy, art.R - 2), class_="gs-cursor", tabindex=0, role="button",
                   aria_label=self.cell_label(v, c), data_cursor=art.cell_key(c))

    def cell_label(self, v: dict, c) -> str:
        where = f"Space ({c[0]},{c[1]})"
        names = self.names()
        if c in v["tower_at"]:
            t = v["towers"][v["tower_at"][c]]
            return f"{where}: {'tall' if t['tall'] else 'short'} tower, {COLOUR_NAMES[t['colour']]} {t['value']}"
        if c in v["covered"]:
            return f"{where}: {names[v['covered'][c]]}'s tile"
        golden = ", golden" if c in v["golden_set"] else ""
        if self.second == c:
            return f"{where}{golden}: the tile's second half. Enter places it."
        if self.first == c:
            return f"{where}{golden}: the tile's first half. Enter picks it up again."
        if self.first is not None and c in self.pairs().get(self.first, ()):
            return f"{where}{golden}: empty. Enter puts the second half here."
        if c in self.pairs():
            return f"{where}{golden}: empty. Enter puts a half here."
        return f"{where}{golden}: empty, but no tile fits here."

    # --- drawing: the bar under the board ------------------------------------------------------

    def move_bar(self, v: dict, me, names) -> Markup:
        if me is None:
            return move_section("watch", "Latest move", " gs-quiet", self.latest_line(v, names))
        if self.must_pass():
            return move_section(
                "pass", "Your move", "",
                h("p", {"class": "gs-step"}, h("strong", None, "No tile fits anywhere. "),
                  "No two neighbouring empty spaces are left on the board, so you pass this turn."),
                h("p", {"class": "gs-buttons"},
                  h("button", {"type": "button", "data-action": "pass", "aria-keyshortcuts": "p"}, "Pass")))
        hint = h("p", {"class": "gs-hint", "role": "status", "data-hint": ""}, self.hint) if self.hint else None
        tile_no = ROUNDS - v["tiles_left"][me] + 1
        if self.first is None:
            return move_section(
                "first", "Your move", "",
                h("p", {"class": "gs-step"}, h("strong", None, f"Tile {tile_no} of {ROUNDS}. "),
                  "Click an empty space for one half of your tile, then a neighbouring space for the other half."),
                hint,
                h("p", {"class": "gs-keys"}, "Keys: arrows move, Enter picks, Esc cancels. ", self.latest_line(v, names)))
        if self.second is None:
            return move_section(
                "second", "Your move", "",
                h("p", {"class": "gs-step", "aria-live": "polite"},
                  h("strong", None, f"First half on ({self.first[0]},{self.first[1]}). "),
                  "Now click one of the outlined neighbours for the other half; each shows the points it would bring."),
                hint,
                h("p", {"class": "gs-buttons"},
                  h("button", {"type": "button", "class": "secondary", "data-action": "cancel"}, "Cancel")))
        return self.preview_bar(v, me, hint)

    def preview_bar(self, v: dict, me: int, hint) -> Markup:
        p = self.preview()
        if p is None or "error" in p:
            return move_section("error", "Your move", "",
                     h("p", {"role": "alert"}, (p or {}).get("error", "This tile cannot go there.")),
                     h("button", {"type": "button", "class": "secondary", "data-action": "cancel"}, "Cancel"))
        gain, before, after = p["gain"], p["before"], p["after"]
        cells = []
        for i, c in enumerate(COLOURS):
            cells.append(h("li", {"class": f"gs-gain gs-c-{c}" + ("" if gain[i] else " gs-nothing"), "data-gain": c,
                                  "aria-label": f"{COLOUR_NAMES[c]}: +{gain[i]}, {before[i]} to {after[i]}"},
                           art.colour_icon(c, 16, bool(gain[i])), h("strong", None, f"+{gain[i]}"),
                           h("span", {"class": "gs-gain-name"}, COLOUR_NAMES[c]),
                           h("small", None, f"{before[i]}→{after[i]}")))
        why = []
        token_pts = [0, 0, 0, 0]
        for _, colour, pts in p["towers"]:
            token_pts[COLOURS.index(colour)] += pts
        if p["towers"]:
            why.append("towers " + gain_words(token_pts))
        if p["bonus"]:
            why.append(f"tall tower bonus +{p['bonus']} in every colour")
        if p["golden"]:
            why.append("golden " + ", ".join(f"+1 {COLOUR_NAMES[c]}" for c in p["golden"]))
        if not why:
            if len(p["touched"]) == 1:
                why.append("it touches one tower: a chain scores once it touches two")
            elif p["touched"]:
                why.append("this chain has already scored every tower it touches")
            else:
                why.append("it touches no tower")
        if p["merged"]:
            why.append(f"joins {plural(p['merged'], 'chain')} of yours")
        low_before, low_after = min(before), min(after)
        weakest = (f"Your weakest colour: {low_before} → {low_after}." if low_after != low_before
                   else f"Your weakest colour stays {low_after}.")
        golden = self.golden_chooser(p) if self.golden_pick else None
        total = sum(gain)
        return move_section("preview", "Confirm your tile", " gs-previewing",
                 h("div", {"class": "gs-preview-head"},
                   h("p", {"class": "gs-step", "aria-live": "polite"},
                     h("strong", None, f"This tile scores {total} point" + ("" if total == 1 else "s") + ": "),
                     "; ".join(why), ". ", h("span", {"class": "gs-weakest"}, weakest)),
                   h("ul", {"class": "gs-gains", "aria-label": "Points per colour"}, *cells)),
                 golden, hint,
                 h("p", {"class": "gs-buttons"},
                   h("button", {"type": "button", "data-action": "confirm", "class": "gs-confirm"},
                     f"Place tile ({gain_words(gain)})" if total else "Place tile (no points)"),
                   h("button", {"type": "button", "class": "secondary", "data-action": "cancel"}, "Cancel"),
                   h("small", None, "or click the outlined half again")),
                            preview=",".join(str(g) for g in gain))

    def golden_chooser(self, p: dict) -> Markup:
        rows = []
        halves = self.golden_halves()
        for i, cell in enumerate(halves):
            chosen = self.golden_pick[i] if i < len(self.golden_pick) else None
            # The weakest colours without this half's own point: where it helps most.
            base = list(p["after"])
            if chosen:
                base[COLOURS.index(chosen)] -= 1
            weakest = min(base)
            buttons = []
            for c in COLOURS:
                on = c == chosen
                is_weak = base[COLOURS.index(c)] == weakest
                buttons.append(h("button", {"type": "button", "class": f"gs-colour-btn gs-c-{c}" + (" on" if on else ""),
                                            "data-action": "golden", "data-half": i, "data-colour": c, "data-golden": i,
                                            "aria-pressed": "true" if on else "false",
                                            "aria-label": f"Golden point {i + 1}: {COLOUR_NAMES[c]}"
                                                          + (" (your weakest)" if is_weak else "")},
                                 art.colour_icon(c, 16), COLOUR_NAMES[c].title(),
                                 h("small", None, " weakest") if is_weak else None))
            rows.append(h("div", {"class": "gs-golden-row", "role": "group",
                                  "aria-label": f"Colour for the golden space ({cell[0]},{cell[1]})"},
                          h("span", {"class": "gs-golden-label"}, svg("svg", svg("path", d=art.star_path(8, 8.5, 7.5)),
                                                                     viewBox="0 0 16 16", width=16, height=16,
                                                                     class_="gs-star-icon", aria_hidden="true"),
                            f" Golden space ({cell[0]},{cell[1]}): +1 in"),
                          *buttons))
        return h("div", {"class": "gs-golden", "data-golden-choice": ""}, *rows)

    def latest_line(self, v: dict, names) -> Markup:
        last = v["last"]
        if self.phase == "play" and self.actor() is None:
            acting = self.game.to_act(self.state)
            lead = h("strong", None, f"{names[acting[0]]} is choosing a place… ") if acting else None
        else:
            lead = None
        if not last or not self.last_move:
            return h("span", {"class": "gs-latest"}, lead, "No tiles on the board yet." if lead is None else None)
        who = names[last["p"]]
        if last.get("pass"):
            return h("span", {"class": "gs-latest"}, lead, f"{who} could not place a tile and passed.")
        gain = last["gain"]
        chips = [h("span", {"class": "gs-mini-gain"}, art.colour_icon(c, 13), f"+{g}") for c, g in zip(COLOURS, gain) if g]
        return h("span", {"class": "gs-latest", "data-latest": last["p"]}, lead,
                 f"Latest: {who} ", "scored " if chips else "placed a tile for no points.", *chips,
                 (f" (incl. tall bonus +{last['bonus']} each)" if last["bonus"] else None))

    # --- drawing: beside the board -----------------------------------------------------------

    def side(self) -> Markup:
        if self.state is None:
            return Markup("")
        v = self.view()
        names = self.names()
        me = self.actor()
        p = self.preview() if me is not None else None
        gain = p["gain"] if p and "error" not in p else None
        acting = v["to_act"][0] if v["to_act"] and self.phase in ("play", "replay") else None
        cards = [self.player_card(v, names, i, acting, gain if i == me else None) for i in range(v["players"])]
        return h("section", {"class": "gs-players", "aria-label": "Scores", "data-part": "scores"},
                 h("h2", None, "Scores ", h("small", None, "— only your weakest colour counts")),
                 h("ol", {"class": "gs-cards"}, *cards))

    def player_card(self, v: dict, names, i: int, acting, gain) -> Markup:
        colours = v["scores"][i]
        low = min(colours)
        rows = []
        for k, c in enumerate(COLOURS):
            value = colours[k]
            add = gain[k] if gain else 0
            first_lap = min(value, TRACK_MAX)
            lap = max(0, min(value - TRACK_MAX, TRACK_MAX))
            if value + add <= TRACK_MAX:
                g_from, g_to = value, value + add
            elif value >= TRACK_MAX:
                g_from, g_to = lap, min(value + add - TRACK_MAX, TRACK_MAX)
            else:
                g_from, g_to = value, TRACK_MAX
            style = (f"--fill:{first_lap * 100 / TRACK_MAX:.2f}%;--lap:{lap * 100 / TRACK_MAX:.2f}%;"
                     f"--gain-from:{g_from * 100 / TRACK_MAX:.2f}%;--gain:{(g_to - g_from) * 100 / TRACK_MAX:.2f}%")
            is_low = value == low and len(set(colours)) > 1  # all four level: nothing to point at
            rows.append(h("li", {"class": f"gs-track-row gs-c-{c}" + (" gs-low" if is_low else ""), "data-colour": c,
                                 "data-value": value},
                          art.colour_icon(c, 14),
                          h("span", {"class": "gs-track", "style": style, "role": "img",
                                     "aria-label": f"{COLOUR_NAMES[c]} {value}" + (" (weakest)" if is_low else "")
                                                   + (f", +{add} with this tile" if add else "")},
                            h("span", {"class": "gs-fill"}), h("span", {"class": "gs-lap"}) if lap else None,
                            h("span", {"class": "gs-gain-bar"}) if add else None),
                          h("span", {"class": "gs-num"}, str(value), h("small", {"class": "gs-add"}, f"+{add}") if add else None),
                          h("span", {"class": "gs-low-tag"}, "weakest") if is_low else h("span", {"class": "gs-low-tag"})))
        current = acting == i
        tiles_left = v["tiles_left"][i]
        return h("li", {"class": f"gs-card p{i}" + (" gs-current" if current else ""), "data-player": i,
                        "aria-current": "true" if current else None},
                 h("div", {"class": "gs-card-head"},
                   art.swatch(i, 22),
                   h("span", {"class": "gs-pname"}, self.names()[i],
                     self.bot_tag(i)),
                   h("span", {"class": "gs-score", "title": "Score: the weakest colour"},
                     h("small", None, "score "), h("strong", {"data-score": i}, str(low)))),
                 h("ul", {"class": "gs-tracks", "aria-label": f"{self.names()[i]}'s colours"}, *rows),
                 h("p", {"class": "gs-card-foot"}, f"{plural(tiles_left, 'tile')} left",
                   h("span", {"class": "gs-pattern"}, f" · {art.PATTERN_NAMES[i]} tiles")))

    # --- the end ------------------------------------------------------------------------------

    def ranking(self) -> list[int]:
        colours = self.view()["scores"]
        return sorted(range(len(colours)), key=lambda p: ranking_key(colours[p]), reverse=True)

    def tie_break_text(self) -> str:
        """How the winner was decided, in words."""
        v = self.view()
        names = self.names()
        keys = [ranking_key(s) for s in v["scores"]]
        best = max(k[0] for k in keys)
        contenders = [p for p in range(len(keys)) if keys[p][0] == best]
        if len(contenders) == 1:
            w = contenders[0]
            others = sorted((k[0] for p, k in enumerate(keys) if p != w), reverse=True)
            return (f"{names[w]} wins with {best} in their weakest colour"
                    + (f" (next best: {others[0]})." if others else "."))
        ordinal = ["lowest", "second-lowest", "third-lowest", "highest"]
        text = f"{and_list([names[p] for p in contenders])} all have {best} in their weakest colour" if len(contenders) > 2 \
            else f"{and_list([names[p] for p in contenders])} both have {best} in their weakest colour"
        for i in range(1, 4):
            values = {p: keys[p][i] for p in contenders}
            top = max(values.values())
            keep = [p for p in contenders if values[p] == top]
            if len(keep) < len(contenders):
                shown = ", ".join(f"{names[p]} {values[p]}" for p in sorted(contenders, key=lambda p: -values[p]))
                if len(keep) == 1:
                    return f"{text}, so the {ordinal[i]} colour decides ({shown}): {names[keep[0]]} wins the tie."
                text += f"; on the {ordinal[i]} colour {and_list([names[p] for p in keep])} stay level ({shown})"
                contenders = keep
        return f"{text}, and they are equal in all four colours, so they share the win."

    def score_table(self, winners: list[int]) -> Markup:
        return Markup("")  # summary() shows every colour, which says more

    def summary(self) -> Markup:
        v = self.view()
        names = self.names()
        winners = set(self.game.winners(self.state))
        rows = []
        for rank, p in enumerate(self.ranking(), 1):
            colours = v["scores"][p]
            low = min(colours)
            cells = [h("td", {"class": "gs-low-cell" if colours[k] == low else None, "data-colour": c},
                       str(colours[k])) for k, c in enumerate(COLOURS)]
            rows.append(h("tr", {"class": "winner" if p in winners else None, "data-rank": p},
                          h("th", {"scope": "row"}, names[p]), *cells,
                          h("td", {"class": "gs-sorted", "data-sorted": " ".join(str(x) for x in ranking_key(colours))},
                            h("strong", None, str(low)), h("small", None, "".join(f" · {x}" for x in ranking_key(colours)[1:])))))
        heads = [h("th", {"scope": "col", "title": COLOUR_NAMES[c].title()},
                   art.colour_icon(c, 14), h("span", {"class": "visually-hidden"}, COLOUR_NAMES[c])) for c in COLOURS]
        return h("div", {"class": "genial-summary"},
                 h("table", {"class": "final-scores gs-final", "data-summary": ""},
                   h("caption", None, "Each colour; the weakest is the score"),
                   h("thead", None, h("tr", None, h("th", {"scope": "col"}, "Player"), *heads,
                                      h("th", {"scope": "col"}, "Score", h("small", None, " · tie-breaks")))),
                   h("tbody", None, *rows)),
                 h("p", {"class": "gs-tiebreak", "data-tiebreak": ""}, self.tie_break_text()),
                 h("p", {"class": "gs-small"},
                   "Your score is your weakest colour. On a tie the second-lowest colours are compared, then the "
                   "third, then the highest."))


def move_section(kind: str, label: str, extra_class: str, *children, preview: str | None = None) -> Markup:
    """The bar under the board (data-move-bar says which step it shows; data-preview the
    previewed points per colour)."""
    return h("section", {"data-part": "move", "class": "gs-move-bar" + extra_class, "aria-label": label,
                         "data-move-bar": kind, "data-preview": preview}, *children)


def narrow_screen() -> bool:
    """Browser only: is the window narrow (a phone held upright)? Then the board is
    drawn tall. The one place this view asks the browser anything; in plain CPython
    (tests) there is no window and the board is wide."""
    try:
        from js import window
    except ImportError:
        return False
    try:
        return int(window.innerWidth) < 700
    except Exception:  # no usable size: the wide board
        return False


def parse_cell(text: str) -> tuple[int, int] | None:
    try:
        q, r = (int(x) for x in str(text).split(","))
    except ValueError:
        return None
    return (q, r)


def screen(app, rest=None):
    return GenialScreen(app, rest)
