"""The Gelati table: a hex board of ice-cream tiles that grows as you play.

What a player sees and does:
- the board (SVG): every placed tile drawn as its ice cream, the spaces the chosen tile
  may go lit up, each showing what it would score (points and any four-in-a-row part);
  a first click on a space shows the tile there with a "Place here" button, a second
  click (or the button) places it. Zoom and pan with the wheel, a drag or a pinch (the
  browser-only helper in gelati_pan.py), the +/−/Fit buttons or the keyboard;
- the tray under the board: your tiles, your orders as little ice creams with the
  parts you hold ticked, and the step you are on: place (or swap / pass when nothing
  fits), then complete orders, trade 2 for 1, discard down to 5 and end the turn;
- beside it: the score track to 50, every player's parts (public) and the supply.

The view never decides legality or scores: the buttons come from `legal_moves`, and
the preview on a space is the rules' own result of applying that move to the state.

Plain Python apart from mounted(), which binds the pan/zoom helper when it runs in the
browser; the whole flow is unit-testable with a fake app.
"""

from __future__ import annotations


from gelateria.core import hexgrid
from gelateria.games.gelati.rules import (
    N_PARTS,
    ORDER_PARTS,
    ORDER_POINTS,
    PART_LIMIT,
    PART_NAMES,
    WIN_POINTS,
    order_text,
    tile_of,
    tile_text,
)
from gelateria.web.markup import Markup, h, join, svg
from gelateria.web.views.board_pan import PannedBoard
from gelateria.web.table import TableScreen, think_stats
from gelateria.web.views.gelati_art import HALF_H, R, defs_svg, hex_points, ice_cream_picture, part_picture, tile_picture, tile_use

MARGIN = 24  # board units around the fitted board
MARGIN_BOTTOM = 70  # more below: the "Place here" bar floats there
ZOOM_STEP = 1.25
MIN_WIDTH = 260  # the closest zoom: about two and a half tiles across
PAN_STEP = 0.2  # of the visible width, per arrow key / button
KIND_TITLES = (("Cups", range(0, 4)), ("Flavours", range(4, 8)), ("Toppings", range(8, 12)))


def order_tile(order: int) -> int:
    """The tile showing the same ice cream as an order (to draw the order card)."""
    return tile_of(*(p % 4 for p in ORDER_PARTS[order]))


def and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def preview_text(p: dict) -> str:
    """"+3, earns chocolate" for a previewed placement."""
    text = f"+{p['points']}"
    if p["earned"]:
        text += ", earns " + and_list([PART_NAMES[x] for x in p["earned"]])
    if p["missed"]:
        text += " (no " + and_list([PART_NAMES[x] for x in p["missed"]]) + " left to earn)"
    if p["wins"]:
        text += " and wins the game"
    return text


def fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


class GelatiScreen(PannedBoard, TableScreen):
    game_id = "gelati"
    default_players = 2

    def __init__(self, app, rest=None):
        self.selected: int | None = None  # the hand tile being placed
        self.aim: tuple[int, int] | None = None  # the space clicked once (preview + confirm)
        self.give: list[int] = []  # trade picker: parts to give (up to 2)
        self.get: int | None = None  # trade picker: part to take
        self.vb: tuple[float, float, float, float] | None = None  # zoom/pan; None = fit the board
        self._legal: tuple = (None, None, [])  # (state, player, legal moves)
        self._previews: tuple = (None, {})  # (state, {(tile, cell): preview})
        self._tally: tuple = (None, {})  # (record length and seed, per-player tally)
        self.think_place_ms: list[float] = []  # bot decisions about where to place a tile
        super().__init__(app, rest)

    # --- who may do what ----------------------------------------------------------------

    def shown_seat(self) -> int | None:
        """Whose hand and orders are on screen: the one human against bots (always);
        in hot-seat only the player whose turn it is, once they took the device."""
        me = self.viewer()
        if me is None or self.state is None:
            return None
        if len(self.humans()) > 1 and me != self.state.turn:
            return None
        return me

    def legal(self) -> list:
        """The rules' legal moves for the human acting now (cached per position)."""
        me = self.actor()
        if me is None:
            return []
        state, player, moves = self._legal
        if state is not self.state or player != me:
            moves = self.game.legal_moves(self.state, me)
            self._legal = (self.state, me, moves)
        return moves

    def sync_ui(self) -> None:
        """Forget picks made on another position (a move was played, undone, replayed)."""
        if not self.position_changed():
            return
        me = self.actor()
        self.aim = None
        self.give, self.get = [], None
        if me is None or self.state.phase != "place":
            return
        placeable = [m["p"] for m in self.legal() if "p" in m]
        if self.selected not in placeable:
            self.selected = placeable[0] if placeable else None

    # --- previews: the rules' own answer ----------------------------------------------------

    def preview(self, tile: int, cell) -> dict:
        state, cache = self._previews
        if state is not self.state:
            cache = {}
            self._previews = (self.state, cache)
        key = (tile, tuple(cell))
        if key not in cache:
            after = self.game.apply(self.state, self.state.turn, {"p": tile, "at": [cell[0], cell[1]]})
            e = after.last
            cache[key] = {"points": e["points"], "earned": list(e["earned"]), "missed": list(e["missed"]),
                          "wins": self.game.is_over(after) and after.scores[self.state.turn] >= WIN_POINTS}
        return cache[key]

    def targets(self) -> list[tuple[int, int]]:
        """Spaces where the selected tile may go."""
        self.sync_ui()
        if self.selected is None:
            return []
        return [tuple(m["at"]) for m in self.legal() if m.get("p") == self.selected]

    # --- moves ------------------------------------------------------------------------------

    def on_game_action(self, action: str, data: dict) -> None:
        if action in ("zoom-in", "zoom-out", "fit", "pan"):
            self.zoom_action(action, data)
            self.app.refresh()
            return
        self.sync_ui()
        me = self.actor()
        if me is None:
            return
        if action == "select-tile":
            tile = int(data.get("tile", -1))
            if tile in self.state.hands[me]:
                self.selected = tile
                self.aim = None
                if not self.targets():
                    self.message = f"{tile_text(tile).capitalize()} fits nowhere on the table yet: pick your other tile."
                else:
                    self.message = ""
            self.app.refresh()
        elif action == "cell":
            cell = (int(data["q"]), int(data["r"]))
            if self.selected is None:
                return
            if self.aim == cell:
                self.place(me)
            elif cell in self.targets():
                self.aim = cell
                self.focus_next = "[data-confirm] [data-action=place]"
                self.app.refresh()
        elif action == "place":
            self.place(me)
        elif action == "cancel-place":
            self.aim = None
            self.app.refresh()
        elif action == "exchange":
            self.act(me, {"x": int(data["tile"])})
        elif action == "pass":
            self.after_move(me, {"pass": 1})
        elif action == "order":
            self.after_move(me, {"order": int(data["order"])})
        elif action == "trade-give":
            self.pick_give(int(data["part"]))
            self.app.refresh()
        elif action == "trade-get":
            part = int(data["part"])
            self.get = None if self.get == part else part
            self.app.refresh()
        elif action == "trade-clear":
            self.give, self.get = [], None
            self.app.refresh()
        elif action == "trade":
            if len(self.give) == 2 and self.get is not None:
                self.after_move(me, {"trade": sorted(self.give), "get": self.get})
        elif action == "discard":
            self.after_move(me, {"discard": int(data["part"])})
        elif action == "end-turn":
            self.act(me, {"end": 1})

    def place(self, me: int) -> None:
        if self.selected is None or self.aim is None:
            return
        move = {"p": self.selected, "at": [self.aim[0], self.aim[1]]}
        if self.act(me, move):
            self.selected = None
            self.finish_if_nothing_left(me)

    def after_move(self, me: int, move) -> None:
        if self.act(me, move):
            self.finish_if_nothing_left(me)

    def finish_if_nothing_left(self, me: int) -> None:
        """When ending the turn is the only thing left to do, do it: no idle click."""
        if self.phase == "play" and self.state.turn == me and self.state.phase == "after":
            if self.game.legal_moves(self.state, me) == [{"end": 1}]:
                self.act(me, {"end": 1})

    def pick_give(self, part: int) -> None:
        held = self.state.held[self.actor()]
        if part in self.give:
            if len(self.give) < 2 and self.give.count(part) < held[part] and self.give_ok(self.give + [part]):
                self.give.append(part)
            else:
                self.give = [p for p in self.give if p != part]
        elif len(self.give) < 2 and held[part]:
            self.give.append(part)
        self.give.sort()
        if self.get is not None and not self.trade_ok(self.give, self.get):
            self.get = None

    def trades(self) -> list:
        return [m for m in self.legal() if "trade" in m]

    def give_ok(self, give: list[int]) -> bool:
        """Some legal trade gives (at least) these parts."""
        for m in self.trades():
            rest = list(m["trade"])
            try:
                for p in give:
                    rest.remove(p)
            except ValueError:
                continue
            return True
        return False

    def trade_ok(self, give: list[int], get: int) -> bool:
        return len(give) == 2 and {"trade": sorted(give), "get": get} in self.trades()

    def begin(self, save_id: str) -> None:
        super().begin(save_id)
        self.think_place_ms: list[float] = []  # bot decisions about where to place a tile

    def note_think(self, ms: float, legal: list) -> None:
        super().note_think(ms, legal)
        if legal and isinstance(legal[0], dict) and "p" in legal[0]:
            self.think_place_ms.append(ms)  # the real decision: where to place

    # --- zoom and pan ---------------------------------------------------------------------------

    def fit_box(self) -> tuple[float, float, float, float]:
        placed = list(self.state.board)
        cells = set(placed)
        for cell in placed:
            cells.update(hexgrid.neighbours(cell))
        x, y, w, hh = hexgrid.bounds(cells, R)
        # Extra room at the bottom for the bars that float there (place here / end turn).
        return (x - MARGIN, y - MARGIN, w + 2 * MARGIN, hh + MARGIN + MARGIN_BOTTOM)

    def view_box(self) -> tuple[float, float, float, float]:
        return self.vb or self.fit_box()

    def max_width(self) -> float:
        _, _, w, hh = self.fit_box()
        return max(w, hh) * 2.5

    def zoom_action(self, action: str, data: dict) -> None:
        if self.state is None:
            return
        if action == "fit":
            self.vb = None
            return
        x, y, w, hh = self.view_box()
        if action == "pan":
            x += float(data.get("dx", 0)) * PAN_STEP * w
            y += float(data.get("dy", 0)) * PAN_STEP * w
        else:
            f = 1 / ZOOM_STEP if action == "zoom-in" else ZOOM_STEP
            f = max(MIN_WIDTH / w, min(self.max_width() / w, f))
            cx, cy = x + w / 2, y + hh / 2
            w, hh = w * f, hh * f
            x, y = cx - w / 2, cy - hh / 2
        self.vb = (x, y, w, hh)

    def set_view_box(self, x: float, y: float, w: float, h: float) -> None:
        """The pan/zoom helper reports where a drag, pinch or wheel left the board."""
        self.vb = (float(x), float(y), float(w), float(h))

    def on_game_key(self, key: str) -> bool:
        if self.phase not in ("play", "over") or self.state is None:
            return False
        zoom = {"+": "zoom-in", "=": "zoom-in", "-": "zoom-out", "0": "fit"}.get(key)
        pans = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
        if zoom:
            self.zoom_action(zoom, {})
        elif key in pans:
            dx, dy = pans[key]
            self.zoom_action("pan", {"dx": dx, "dy": dy})
        elif key == "Escape" and self.aim is not None:
            self.aim = None
        elif key in ("1", "2", "3") and self.actor() is not None and self.state.phase == "place":
            hand = self.state.hands[self.actor()]
            i = int(key) - 1
            if i >= len(hand):
                return False
            self.on_game_action("select-tile", {"tile": hand[i]})
            return True
        else:
            return False
        self.app.refresh()
        return True

    # --- what happened lately ---------------------------------------------------------------------

    def moves_shown(self) -> list:
        if self.record is None:
            return []
        return self.record.moves[:self.replay_index] if self.phase == "replay" else self.record.moves

    def recent_placements(self) -> list[tuple[int, int, dict]]:
        """The latest placement of each player in the last round, newest first:
        (move index, player, move)."""
        moves = self.moves_shown()
        seen, out = set(), []
        for i in range(len(moves) - 1, -1, -1):
            player, move = moves[i]
            if "p" in move:
                if player in seen:
                    break
                seen.add(player)
                out.append((i, player, move))
        return out

    def placement_info(self, index: int, move: dict) -> dict | None:
        """What a placement scored, as the rules reported it (state.last) in the state
        after that move (the table keeps every state of the record)."""
        states = self.replay_states if self.phase == "replay" else self.history
        last = states[index + 1].last if index + 1 < len(states) else None
        return last if last and last.get("kind") == "place" else None

    # --- drawing: the board --------------------------------------------------------------------------

    def render(self) -> Markup:
        if self.phase != "setup" and self.state is not None:
            self.sync_ui()
        return super().render()

    def board(self) -> Markup:
        v = self.game.view(self.state, self.shown_seat())
        me = self.actor()
        x, y, w, hh = self.view_box()
        fx, fy, fw, fh = self.fit_box()
        names = self.names()

        tiles = []
        for q, r, t in v["board"]:
            cx, cy = hexgrid.to_pixel((q, r), R)
            tiles.append(tile_use(t, cx, cy, title=f"{tile_text(t).capitalize()} ({q},{r})"))

        marks = []
        recent = self.recent_placements()
        latest = len(self.moves_shown()) - 1
        for n, (index, player, move) in enumerate(recent):
            cx, cy = hexgrid.to_pixel(tuple(move["at"]), R)
            fresh = n == 0 and index >= latest - 1
            marks.append(svg("polygon", points=hex_points(R - 3.5, cx, cy),
                             class_=f"gl-mark p{player}" + (" gl-latest" if n == 0 else "") + (" gl-fresh" if fresh else ""),
                             data_last=player if n == 0 else None))
        badge = Markup("")
        if recent:
            index, player, move = recent[0]
            info = self.placement_info(index, move)
            if info is not None:
                badge = self.badge(tuple(move["at"]), info, player)

        spots = []
        aim_markup = Markup("")
        if me is not None and self.state.phase == "place" and self.selected is not None:
            for cell in self.targets():
                p = self.preview(self.selected, cell)
                spots.append(self.spot(cell, p))
            if self.aim is not None and self.aim in self.targets():
                cx, cy = hexgrid.to_pixel(self.aim, R)
                aim_markup = svg("g", tile_use(self.selected, cx, cy, class_="gl-ghost"),
                                 svg("polygon", points=hex_points(R - 3, cx, cy), class_="gl-aim-ring"),
                                 class_="gl-aim", data_action="cell", data_q=self.aim[0], data_r=self.aim[1])

        title = f"Board: {len(v['board'])} tiles"
        board_svg = svg("svg",
                        svg("title", title),
                        svg("g", *tiles, class_="gl-tiles"),
                        svg("g", *marks, class_="gl-marks"),
                        svg("g", *spots, class_="gl-spots"),
                        aim_markup, badge,
                        viewBox=f"{fmt(x)} {fmt(y)} {fmt(w)} {fmt(hh)}", preserveAspectRatio="xMidYMid meet",
                        class_="gelati-board", role="group", aria_label=title, data_board="",
                        data_min_w=MIN_WIDTH, data_max_w=fmt(self.max_width()),
                        data_fit=f"{fmt(fx)} {fmt(fy)} {fmt(fw)} {fmt(fh)}")
        return h("div", {"class": "gelati-main", "data-think-place": think_stats(self.think_place_ms)},
                 defs_svg(),
                 h("div", {"class": "gl-board-frame"},
                   board_svg,
                   self.board_chips(v),
                   self.zoom_buttons(),
                   self.confirm_bar(me)),
                 self.end_bar(me),
                 self.tray(v, me, names))

    def spot(self, cell, p: dict) -> Markup:
        cx, cy = hexgrid.to_pixel(cell, R)
        label = f"Place here ({cell[0]},{cell[1]}): {preview_text(p)}"
        icons = []
        n = len(p["earned"])
        for i, part in enumerate(p["earned"]):
            ix = cx - 13 * n + 26 * i
            icons.append(svg("circle", cx=round(ix + 13, 1), cy=round(cy + 21, 1), r=13, class_="gl-spot-chip"))
            icons.append(svg("use", href=f"#gk-{part}", x=round(ix + 2, 1), y=round(cy + 10, 1), width=22, height=22))
        return svg("g",
                   svg("title", label),
                   svg("polygon", points=hex_points(R - 5, cx, cy), class_="gl-spot-hex"),
                   svg("text", f"+{p['points']}", x=round(cx, 1), y=round(cy + (2 if not n else -4), 1),
                       class_="gl-spot-points" + (" gl-zero" if not p["points"] else "")),
                   *icons,
                   class_="gl-spot" + (" gl-aimed" if self.aim == cell else "") + (" gl-wins" if p["wins"] else ""),
                   data_action="cell", data_q=cell[0], data_r=cell[1], role="button", tabindex=0,
                   aria_label=label, data_spot=f"{cell[0]},{cell[1]}")

    def badge(self, cell, info: dict, player: int) -> Markup:
        cx, cy = hexgrid.to_pixel(cell, R)
        parts = info.get("earned") or []
        width = 40 + 24 * len(parts)
        x0, y0 = cx - width / 2, cy - HALF_H - 16
        icons = [svg("use", href=f"#gk-{part}", x=round(x0 + 36 + 24 * i, 1), y=round(y0 + 3, 1), width=22, height=22)
                 for i, part in enumerate(parts)]
        return svg("g",
                   svg("rect", x=round(x0, 1), y=round(y0, 1), width=width, height=28, rx=14, class_="gl-badge-bg"),
                   svg("text", f"+{info['points']}", x=round(x0 + 20, 1), y=round(y0 + 20, 1), class_="gl-badge-text"),
                   *icons, class_=f"gl-badge p{player}", aria_hidden="true")

    def board_chips(self, v: dict) -> Markup:
        return h("p", {"class": "gl-board-chips"},
                 h("span", {"class": "gl-chip-info", "data-stack": v["stack"]},
                   f"Stack: {v['stack']} tile" + ("" if v["stack"] == 1 else "s")),
                 h("span", {"class": "gl-chip-info"}, f"Orders left: {v['order_pile']}"))

    def zoom_buttons(self) -> Markup:
        def b(action, label, text, **extra):
            attrs = {"type": "button", "class": "gl-zoom-btn", "data-action": action, "aria-label": label, "title": label}
            attrs.update(extra)
            return h("button", attrs, text)

        return h("div", {"class": "gl-zoom-tools", "role": "group", "aria-label": "Zoom and pan the board"},
                 b("zoom-in", "Zoom in (+)", "+"),
                 b("zoom-out", "Zoom out (−)", "−"),
                 b("fit", "Fit the whole board (0)", "Fit", **{"aria-pressed": "true" if self.vb is None else "false"}))

    def confirm_bar(self, me) -> Markup:
        if me is None or self.aim is None or self.selected is None or self.aim not in self.targets():
            return Markup("")
        p = self.preview(self.selected, self.aim)
        return h("div", {"class": "gl-confirm-bar", "role": "group", "aria-label": "Confirm placement", "data-confirm": ""},
                 h("span", None, tile_text(self.selected).capitalize(), " here: ", h("strong", None, preview_text(p)), "."),
                 h("button", {"type": "button", "data-action": "place"},
                   f"Place here ({preview_text(p)})"),
                 h("button", {"type": "button", "class": "secondary", "data-action": "cancel-place"}, "Cancel"))

    # --- drawing: the tray (your tiles, orders, the step you are on) -------------------------------

    def tray(self, v: dict, me, names) -> Markup:
        shown = self.shown_seat()
        if self.phase == "replay":
            body = [h("p", {"class": "gl-tray-note"}, "Replay: hands and orders stay secret. Use the controls beside the board to step through the game.")]
            if v["revealed"] is not None:
                body.append(self.revealed(v, names))
            return h("section", {"class": "gl-tray", "aria-label": "Tiles and orders"}, *body)
        parts = []
        if shown is None:
            if self.phase == "play":
                parts.append(h("p", {"class": "gl-tray-note", "data-hidden-hand": ""},
                               f"{names[self.state.turn]}'s tiles and orders are secret."))
        else:
            parts.append(self.hand_panel(v, me))
            parts.append(self.orders_panel(v, me))
        parts.append(self.step_panel(v, me, names))
        return h("section", {"class": "gl-tray", "aria-label": "Your tiles, orders and turn"}, *parts)

    def hand_panel(self, v: dict, me) -> Markup:
        placing = me is not None and self.state.phase == "place" and v["must"] is None
        placeable = {m["p"] for m in self.legal() if "p" in m} if placing else set()
        items = []
        for i, t in enumerate(v["hand"]):
            label = tile_text(t)
            if placing:
                fits = t in placeable
                items.append(h("li", None,
                               h("button", {"type": "button", "class": "gl-hand-tile" + (" on" if t == self.selected else ""),
                                            "data-action": "select-tile", "data-tile": t, "data-hand": t,
                                            "aria-pressed": "true" if t == self.selected else "false",
                                            "aria-keyshortcuts": str(i + 1),
                                            "aria-label": f"{label}" + ("" if fits else " (fits nowhere yet)")},
                                 tile_picture(t, size=84),
                                 h("span", {"class": "gl-tile-name"}, label),
                                 None if fits else h("span", {"class": "gl-tile-note"}, "fits nowhere yet"))))
            else:
                items.append(h("li", {"class": "gl-hand-tile gl-still", "data-hand": t},
                               tile_picture(t, label, size=84), h("span", {"class": "gl-tile-name"}, label)))
        if not items:
            items.append(h("li", {"class": "gl-tray-note"}, "No tiles left."))
        return h("div", {"class": "gl-hand-panel"},
                 h("h2", None, "Your tiles"),
                 h("ul", {"class": "gl-hand", "data-hand-list": ""}, *items))

    def orders_panel(self, v: dict, me) -> Markup:
        held = v["held"][v["me"]]
        legal_orders = {m["order"] for m in self.legal() if "order" in m}
        cards = []
        for o in v["orders"]:
            checks = [h("li", {"class": "gl-have" if held[p] else "gl-need"},
                        part_picture(p, 20), h("span", None, ("✓ " if held[p] else "✗ ") + PART_NAMES[p]))
                      for p in ORDER_PARTS[o]]
            done = sum(1 for p in ORDER_PARTS[o] if held[p])
            button = None
            if o in legal_orders:
                button = h("button", {"type": "button", "data-action": "order", "data-order": o, "class": "gl-complete"},
                           f"Complete (+{ORDER_POINTS})")
            cards.append(h("li", {"class": "gl-order-card" + (" gl-ready" if o in legal_orders else ""), "data-order-card": o,
                                  "aria-label": f"Order: {order_text(o)}, you hold {done} of 3 parts"},
                           ice_cream_picture(order_tile(o), size=44),
                           h("div", {"class": "gl-order-body"},
                             h("ul", {"class": "gl-order-parts"}, *checks), button)))
        if not cards:
            cards.append(h("li", {"class": "gl-tray-note"}, "No orders left in the pile."))
        return h("div", {"class": "gl-orders-panel"},
                 h("h2", None, f"Your orders (+{ORDER_POINTS} each)"),
                 h("ul", {"class": "gl-orders"}, *cards))

    def step_panel(self, v: dict, me, names) -> Markup:
        turn = self.state.turn
        if self.phase == "over":
            return h("div", {"class": "gl-step-panel"}, h("p", {"class": "gl-step-title"}, "The game is over."))
        if me is None:
            text = f"{names[turn]} is playing." if self.is_bot(turn) else f"Waiting for {names[turn]}."
            body = [h("p", {"class": "gl-step-title"}, text)]
            if v["revealed"] is not None:
                body.append(self.revealed(v, names))
            return h("div", {"class": "gl-step-panel"}, *body)
        if self.state.phase == "place":
            return self.place_step(v, me, names)
        return self.after_step(v, me)

    def revealed(self, v: dict, names) -> Markup:
        who = names[v["turn"]]
        tiles = [h("li", None, tile_picture(t, tile_text(t), size=54)) for t in v["revealed"]]
        aside = [h("li", None, tile_picture(t, tile_text(t), size=40)) for t in v["set_aside"]]
        return h("div", {"class": "gl-revealed", "data-revealed": ""},
                 h("p", None, f"None of {who}'s tiles fits anywhere, so they are shown to everyone:"),
                 h("ul", {"class": "gl-tile-row"}, *tiles),
                 h("p", {"class": "gl-small"}, "Set aside this turn (shuffled back into the stack after):") if aside else None,
                 h("ul", {"class": "gl-tile-row"}, *aside) if aside else None)

    def place_step(self, v: dict, me, names) -> Markup:
        legal = self.legal()
        if v["must"] == "exchange":
            buttons = [h("li", None, h("button", {"type": "button", "class": "gl-swap", "data-action": "exchange",
                                                  "data-tile": m["x"], "aria-label": f"Swap {tile_text(m['x'])}"},
                                       tile_picture(m["x"], size=54), h("span", None, "Swap this one")))
                       for m in legal if "x" in m]
            aside = [h("li", None, tile_picture(t, tile_text(t), size=40)) for t in v["set_aside"]]
            return h("div", {"class": "gl-step-panel", "data-step": "exchange"},
                     h("p", {"class": "gl-step-title"}, "Step 1 · None of your tiles fits"),
                     h("p", None, "Nothing in your hand matches any open space, so your tiles are shown to everyone. "
                                  "Swap one for the top tile of the stack, and repeat until a tile fits."),
                     h("ul", {"class": "gl-tile-row"}, *buttons),
                     h("p", {"class": "gl-small"}, "Set aside face up (shuffled back into the stack once you place):") if aside else None,
                     h("ul", {"class": "gl-tile-row"}, *aside) if aside else None)
        if v["must"] == "pass":
            return h("div", {"class": "gl-step-panel", "data-step": "pass"},
                     h("p", {"class": "gl-step-title"}, "Step 1 · None of your tiles fits"),
                     h("p", None, "Nothing in your hand matches any open space and the stack is empty, so you place "
                                  "nothing this turn (and draw nothing). You can still complete orders and trade."),
                     h("button", {"type": "button", "data-action": "pass"}, "Pass"))
        if self.aim is not None:
            hint = "Click the space again or press “Place here” to put it down; click another space to look there instead."
        else:
            hint = ("Pick one of your tiles, then a glowing space: each shows the points it scores "
                    "and any part a four-in-a-row would earn. Click once to preview, again to place.")
        return h("div", {"class": "gl-step-panel", "data-step": "place"},
                 h("p", {"class": "gl-step-title"}, "Step 1 · Place a tile"),
                 h("p", None, hint),
                 h("p", {"class": "gl-small"}, "Drag the board to move it; scroll or pinch to zoom. "
                   "Keys: 1 and 2 pick a tile, + and − zoom, arrows move, 0 fits, Esc cancels."))

    def after_step(self, v: dict, me) -> Markup:
        held = v["held"][me]
        count = sum(held)
        legal = self.legal()
        blocks = [h("p", {"class": "gl-step-title"}, "Step 2 · Orders and trades")]
        if any("order" in m for m in legal):
            blocks.append(h("p", {"class": "gl-good"}, "You hold every part of an order: complete it for 15 points!"))
        blocks.append(self.trade_picker(v, me, legal))
        discards = [m["discard"] for m in legal if "discard" in m]
        if discards:
            over = count - PART_LIMIT
            blocks.append(h("div", {"class": "gl-discard", "role": "group", "aria-label": "Discard parts", "data-discard": ""},
                            h("p", None, f"You hold {count} parts; at the end of your turn you may hold {PART_LIMIT}. "
                                         f"Discard {over} (or trade, or complete an order):"),
                            h("p", {"class": "gl-token-row"},
                              *[h("button", {"type": "button", "class": "gl-token-btn", "data-action": "discard",
                                             "data-part": p, "aria-label": f"Discard {PART_NAMES[p]}"},
                                  part_picture(p, 26), h("span", None, PART_NAMES[p])) for p in discards])))
        return h("div", {"class": "gl-step-panel", "data-step": "after"}, *blocks)

    def end_bar(self, me) -> Markup:
        """Step 2 on the board itself, so ending the turn is always in view."""
        if me is None or self.state.phase != "after":
            return Markup("")
        legal = self.legal()
        end_ok = {"end": 1} in legal
        count = sum(self.state.held[me])
        if not end_ok:
            text = f"You hold {count} parts: discard, trade or complete an order (below) until you hold {PART_LIMIT}."
        elif any("order" in m for m in legal):
            text = f"You can complete an order below for +{ORDER_POINTS}! Trade if you like, then"
        else:
            text = "Step 2: trade parts or complete orders below if you like, then"
        return h("div", {"class": "gl-end-bar", "role": "group", "aria-label": "End of your turn",
                         "data-end-bar": ""},
                 h("span", None, text),
                 h("button", {"type": "button", "class": "gl-end-turn", "data-action": "end-turn", "disabled": not end_ok},
                   "End turn" + (" and draw a tile" if self.state.stack and self.state.placed else "")))

    def trade_picker(self, v: dict, me, legal) -> Markup:
        held = v["held"][me]
        trades = [m for m in legal if "trade" in m]
        if not trades:
            return h("p", {"class": "gl-small"}, "Trading 2 for 1 needs two parts; you hold "
                     + ("none." if not sum(held) else "one."))
        needed = {p for o in v["orders"] for p in ORDER_PARTS[o] if not held[p]}
        gives = []
        for p in range(N_PARTS):
            if not held[p]:
                continue
            picked = self.give.count(p)
            ok = picked > 0 or (len(self.give) < 2 and self.give_ok(self.give + [p]))
            gives.append(h("button", {"type": "button", "class": "gl-token-btn" + (" on" if picked else ""),
                                      "data-action": "trade-give", "data-part": p, "disabled": not ok,
                                      "aria-pressed": "true" if picked else "false",
                                      "aria-label": f"Give {PART_NAMES[p]} (you hold {held[p]})"},
                             part_picture(p, 24), h("span", None, PART_NAMES[p]),
                             h("span", {"class": "gl-count"}, f"{picked}/{held[p]}" if picked else f"×{held[p]}")))
        gets = []
        for p in range(N_PARTS):
            if not v["supply"][p]:
                continue
            ok = self.trade_ok(self.give, p)
            gets.append(h("button", {"type": "button", "class": "gl-token-btn" + (" on" if self.get == p else "")
                                     + (" gl-needed" if p in needed else ""),
                                     "data-action": "trade-get", "data-part": p, "disabled": not ok,
                                     "aria-pressed": "true" if self.get == p else "false",
                                     "aria-label": f"Take {PART_NAMES[p]}" + (" (an order needs it)" if p in needed else "")},
                            part_picture(p, 24), h("span", None, PART_NAMES[p]),
                            h("span", {"class": "gl-star", "aria-hidden": "true"}, "★") if p in needed else None))
        ready = len(self.give) == 2 and self.get is not None and self.trade_ok(self.give, self.get)
        if ready:
            a, b = self.give
            give = f"2 {PART_NAMES[a]}" if a == b else f"{PART_NAMES[a]} and {PART_NAMES[b]}"
            label = f"Trade {give} for {PART_NAMES[self.get]}"
        else:
            label = "Trade"
        hint = ("Pick two parts to give." if len(self.give) < 2 else "Now pick the part to take.") if not ready else ""
        return h("details", {"class": "gl-trade", "open": True if (self.give or self.get is not None or needed) else None,
                             "data-trade": ""},
                 h("summary", None, "Trade 2 for 1 with the supply (optional)"),
                 h("p", {"class": "gl-small"}, "Give back two parts, take one other part. ★ = an order of yours needs it. ",
                   hint),
                 h("div", {"class": "gl-trade-grid"},
                   h("span", {"class": "gl-trade-label"}, "Give"), h("p", {"class": "gl-token-row"}, *gives),
                   h("span", {"class": "gl-trade-label"}, "Take"), h("p", {"class": "gl-token-row"}, *gets)),
                 h("p", {"class": "gl-trade-buttons"},
                   h("button", {"type": "button", "data-action": "trade", "disabled": not ready}, label),
                   h("button", {"type": "button", "class": "secondary", "data-action": "trade-clear"}, "Clear")
                   if self.give or self.get is not None else None))

    # --- drawing: beside the board -----------------------------------------------------------------

    def side(self) -> Markup:
        if self.state is None:
            return Markup("")
        v = self.game.view(self.state, None)
        return join(self.scores_panel(v), self.supply_panel(v))

    def scores_panel(self, v: dict) -> Markup:
        names = self.names()
        n = v["players"]
        track_w, left, right = 300, 12, 268

        def sx(score):
            return left + (right - left) * min(score, WIN_POINTS) / WIN_POINTS

        ticks = []
        for s in range(0, WIN_POINTS + 1, 5):
            x = round(sx(s), 1)
            big = s % 10 == 0
            ticks.append(svg("line", x1=x, y1=13, x2=x, y2=20 if big else 17, class_="gl-tick"))
            if big:
                ticks.append(svg("text", str(s), x=x, y=10, class_="gl-tick-label"))
        height = 34 + 15 * n
        markers = []
        for p in range(n):
            x, y = round(sx(v["scores"][p]), 1), 30 + 15 * p
            markers.append(svg("g", svg("line", x1=left, y1=y, x2=x, y2=y, class_=f"gl-lane p{p}"),
                               svg("circle", cx=x, cy=y, r=7, class_=f"gl-marker p{p}"),
                               svg("text", str(p + 1), x=x, y=round(y + 3.3, 1), class_="gl-marker-num")))
        track = svg("svg", svg("line", x1=left, y1=15, x2=right, y2=15, class_="gl-track-line"), *ticks,
                    svg("use", href="#gi-17", transform=f"translate({right + 17} 17) scale(0.32)"), *markers,
                    viewBox=f"0 0 {track_w} {height}", class_="gl-score-track", role="img",
                    aria_label="Score track to 50: " + ", ".join(f"{names[p]} {v['scores'][p]}" for p in range(n)))
        done = [0] * n
        for player, _ in v["completed"]:
            done[player] += 1
        rows = []
        for p in range(n):
            held = v["held"][p]
            tokens = [h("li", {"title": PART_NAMES[part], "aria-label": f"{PART_NAMES[part]} ×{held[part]}"},
                        part_picture(part, 22), h("span", None, f"×{held[part]}") if held[part] > 1 else None)
                      for part in range(N_PARTS) if held[part]]
            current = self.phase in ("play", "replay") and v["phase"] != "over" and v["turn"] == p
            rows.append(h("li", {"class": f"gl-player p{p}" + (" gl-current" if current else ""), "data-player": p,
                                 "aria-current": "true" if current else None},
                          h("span", {"class": "gl-pnum", "aria-hidden": "true"}, str(p + 1)),
                          h("span", {"class": "gl-pname"}, names[p],
                            self.bot_tag(p)),
                          h("strong", {"class": "gl-pscore", "data-score": p}, str(v["scores"][p])),
                          h("span", {"class": "gl-pmeta"},
                            f"{v['hand_sizes'][p]} tile" + ("" if v["hand_sizes"][p] == 1 else "s") + " in hand · "
                            f"{done[p]} order" + ("" if done[p] == 1 else "s") + " done"),
                          h("ul", {"class": "gl-held", "aria-label": f"Parts {names[p]} holds"}, *tokens)
                          if tokens else h("span", {"class": "gl-held gl-none"}, "no parts")))
        return h("section", {"class": "gl-scores", "aria-label": "Scores and parts"},
                 h("h2", None, f"Race to {WIN_POINTS}"), track, h("ol", {"class": "gl-players"}, *rows))

    def supply_panel(self, v: dict) -> Markup:
        rows = []
        for title, kinds in KIND_TITLES:
            cells = [h("li", {"class": "gl-supply-part" + (" gl-empty" if not v["supply"][p] else ""),
                              "title": PART_NAMES[p], "data-supply": p,
                              "aria-label": f"{PART_NAMES[p]}: {v['supply'][p]} left"},
                       part_picture(p, 28), h("span", {"class": "gl-supply-count"}, str(v["supply"][p])))
                     for p in kinds]
            rows.append(h("div", {"class": "gl-supply-row"}, h("span", {"class": "gl-supply-kind"}, title),
                          h("ul", None, *cells)))
        return h("section", {"class": "gl-supply", "aria-label": "Parts in the supply"},
                 h("h2", None, "Supply"), *rows)

    # --- the end ---------------------------------------------------------------------------------

    def tally(self) -> dict:
        """Per player, from the rules' own account of every move (state.last): tiles
        placed, points from placing, the best single placement, parts won in rows."""
        key = (len(self.record.moves), self.record.seed)
        if self._tally[0] == key:
            return self._tally[1]
        n = len(self.record.seats)
        t = {"tiles": [0] * n, "points": [0] * n, "best": [0] * n, "parts": [0] * n}
        state = self.game.new(n, self.record.seed, self.record.options)
        for player, move in self.record.moves:
            state = self.game.apply(state, player, move)
            e = state.last
            if e and e.get("kind") == "place":
                t["tiles"][player] += 1
                t["points"][player] += e["points"]
                t["best"][player] = max(t["best"][player], e["points"])
                t["parts"][player] += len(e["earned"])
        self._tally = (key, t)
        return t

    def summary(self) -> Markup:
        v = self.game.view(self.state, None)
        names = self.names()
        n = v["players"]
        t = self.tally()
        orders: list[list[int]] = [[] for _ in range(n)]
        for player, order in v["completed"]:
            orders[player].append(order)
        winners = v["winners"]
        rows = []
        for p in sorted(range(n), key=lambda p: (p not in winners, -v["scores"][p])):
            tiles = t["tiles"][p]
            detail = f"{tiles} tile" + ("" if tiles == 1 else "s")
            if t["best"][p]:
                detail += f", best +{t['best'][p]}"
            parts = t["parts"][p]
            rows.append(h("tr", {"data-breakdown": p},
                          h("th", {"scope": "row"}, names[p]),
                          h("td", None, h("strong", None, str(t["points"][p])), h("small", None, f" ({detail})")),
                          h("td", None, h("strong", None, str(parts)), h("small", None, " in rows") if parts else None),
                          h("td", {"class": "gl-nowrap"}, h("strong", None, str(ORDER_POINTS * len(orders[p]))),
                            h("small", None, f" ({len(orders[p])} × {ORDER_POINTS})") if orders[p] else None,
                            h("span", {"class": "gl-done-orders"},
                              *[h("span", {"title": order_text(o), "role": "img", "aria-label": order_text(o)},
                                  ice_cream_picture(order_tile(o), size=18)) for o in orders[p]]))))
        return h("div", {"class": "gelati-summary"},
                 h("table", {"class": "final-scores gl-breakdown", "data-summary": ""},
                   h("caption", None, "How the points were made"),
                   h("thead", None, h("tr", None, h("th", None, "Player"), h("th", None, "From tiles"),
                                      h("th", None, "Parts"), h("th", None, "From orders"))),
                   h("tbody", None, *rows)))


def screen(app, rest=None):
    return GelatiScreen(app, rest)
