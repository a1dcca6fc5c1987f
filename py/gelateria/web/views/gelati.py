"""The Gelati table: a hex board of ice-cream tiles that grows as you play.

What a player sees and does:
- the board (SVG): every placed tile drawn as its ice cream, the spaces the chosen tile
  may go lit up, each showing what it would score (points and any four-in-a-row part);
  a first click on a space shows the tile there with a "Place here" button, a second
  click (or the button) places it. Zoom and pan with Ctrl+wheel, a drag or a pinch (the
  browser-only helper in gelati_pan.py), the +/−/Fit buttons or the keyboard;
- the tray under the board: your tiles, your orders as little ice creams with the
  parts you hold ticked, and the step you are on: place (or swap / pass when nothing
  fits), then complete orders, trade 2 for 1, discard down to 5 and end the turn;
- beside it: the score track to 50, every player's parts (public) and the supply.

The view never decides legality or scores and never reads a raw state: it draws from
the rules' `view` of the position for the seat on screen, the buttons come from
`legal_moves`, and the preview on a space is the rules' own result of that placement
(`placement_result`). The pictures are in gelati_art.py.

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
    place_words,
    placement_result,
    points_made,
    tile_text,
)
from gelateria.web.markup import Markup, h, join
from gelateria.web.table import UI, TableScreen, think_stats
from gelateria.web.views.board_pan import PannedBoard, ZoomedBoard
from gelateria.web.views import gelati_art as art

MARGIN = 24  # board units around the fitted board
MARGIN_BOTTOM = 70  # more below: the "Place here" bar floats there
ZOOMS = ("zoom-in", "zoom-out", "fit", "pan")


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


class GelatiScreen(ZoomedBoard, PannedBoard, TableScreen):
    game_id = "gelati"

    def reset_ui(self) -> None:
        self.selected: int | None = None  # the hand tile being placed
        self.aim: tuple[int, int] | None = None  # the space clicked once (preview + confirm)
        self.give: list[int] = []  # trade picker: parts to give (up to 2)
        self.get: int | None = None  # trade picker: part to take
        self._seen: tuple = (None, {})  # (state, {seat: view})
        self._legal: tuple = (None, None, [])  # (state, player, legal moves)
        self._previews: tuple = (None, {})  # (state, {(tile, cell): preview})
        self._tally: tuple = (None, {})  # (last state, points_made)
        self.think_place_ms: list[float] = []  # bot decisions about where to place a tile

    # --- what is on screen ----------------------------------------------------------------

    def seen(self, seat: int | None = None) -> dict:
        """The position on screen as `seat` sees it (None: what everyone sees), worked
        out once per position."""
        state, views = self._seen
        if state is not self.state:
            views = {}
            self._seen = (self.state, views)
        if seat not in views:
            views[seat] = self.game.view(self.state, seat)
        return views[seat]

    def shown_seat(self) -> int | None:
        """Whose hand and orders are on screen: the one human against bots (always);
        in hot-seat only the player whose turn it is, once they took the device."""
        me = self.viewer()
        if me is None or self.state is None:
            return None
        if len(self.humans()) > 1 and me != self.seen()["turn"]:
            return None
        return me

    def legal(self) -> list:
        """The rules' legal moves for the human acting now (cached per position)."""
        me = self.actor()
        if me is None:
            return []
        state, player, moves = self._legal
        if state is not self.state or player != me:
            moves = self.session.legal(me)
            self._legal = (self.state, me, moves)
        return moves

    def sync_ui(self) -> None:
        """Forget picks made on another position (a move was played, undone, replayed)."""
        if not self.position_changed():
            return
        self.aim = None
        self.give, self.get = [], None
        if self.actor() is None or self.seen()["phase"] != "place":
            return
        placeable = [m["p"] for m in self.legal() if "p" in m]
        if self.selected not in placeable:
            self.selected = placeable[0] if placeable else None

    def preview(self, tile: int, cell) -> dict:
        """What placing `tile` on `cell` would do: the rules' own answer."""
        state, cache = self._previews
        if state is not self.state:
            cache = {}
            self._previews = (self.state, cache)
        key = (tile, tuple(cell))
        if key not in cache:
            cache[key] = placement_result(self.state, {"p": tile, "at": [cell[0], cell[1]]})
        return cache[key]

    def targets(self) -> list[tuple[int, int]]:
        """Spaces where the selected tile may go."""
        self.sync_ui()
        if self.selected is None:
            return []
        return [tuple(m["at"]) for m in self.legal() if m.get("p") == self.selected]

    # --- clicks into moves ------------------------------------------------------------------

    def interpret(self, action: str, data: dict, view, legal: list):
        if action in ZOOMS:
            if self.state is not None:
                self.zoom_action(action, data)
            return UI
        self.sync_ui()
        if not legal:
            return None  # nobody at the screen may move now
        if action == "select-tile":
            tile = int(data.get("tile", -1))
            if tile in view["hand"]:
                self.selected = tile
                self.aim = None
                if not self.targets():
                    self.message = f"{tile_text(tile).capitalize()} fits nowhere on the table yet: pick your other tile."
                else:
                    self.message = ""
            return UI
        if action == "cell":
            cell = (int(data["q"]), int(data["r"]))
            if self.selected is None:
                return None
            if self.aim == cell:
                return self.placement()
            if cell in self.targets():
                self.aim = cell
                self.focus_next = "[data-confirm] [data-action=place]"
                return UI
            return None
        if action == "trade-give":
            self.pick_give(int(data["part"]), view["held"][view["me"]], legal)
            return UI
        if action == "trade-get":
            part = int(data["part"])
            self.get = None if self.get == part else part
            return UI
        if action == "cancel-place":
            self.aim = None
            return UI
        if action == "trade-clear":
            self.give, self.get = [], None
            return UI
        if action == "trade":
            ready = len(self.give) == 2 and self.get is not None
            return {"trade": sorted(self.give), "get": self.get} if ready else None
        if action == "place":
            return self.placement()
        if action == "exchange":
            return {"x": int(data["tile"])}
        if action == "order":
            return {"order": int(data["order"])}
        if action == "discard":
            return {"discard": int(data["part"])}
        return {"pass": {"pass": 1}, "end-turn": {"end": 1}}.get(action)

    def placement(self) -> dict | None:
        if self.selected is None or self.aim is None:
            return None
        return {"p": self.selected, "at": [self.aim[0], self.aim[1]]}

    def on_game_action(self, action: str, data: dict) -> None:
        """A click, through interpret(); then, when ending the turn is the only thing
        left to do, it is done: no idle click."""
        me = self.actor()
        played = len(self.session.moves) if self.session else 0
        super().on_game_action(action, data)
        if me is not None and self.phase == "play" and len(self.session.moves) > played:
            if self.session.legal(me) == [{"end": 1}]:
                self.act(me, {"end": 1})

    def moved(self, seat: int, move, before, after) -> None:
        if "p" not in move:
            return
        if self.is_bot(seat):
            if self.think_ms:  # (the table has just timed this decision)
                self.think_place_ms.append(self.think_ms[-1])  # the real decision: where to place
        else:
            self.selected = None

    def pick_give(self, part: int, held: list[int], legal: list) -> None:
        if part in self.give:
            if len(self.give) < 2 and self.give.count(part) < held[part] and self.give_ok(self.give + [part], legal):
                self.give.append(part)
            else:
                self.give = [p for p in self.give if p != part]
        elif len(self.give) < 2 and held[part]:
            self.give.append(part)
        self.give.sort()
        if self.get is not None and not self.trade_ok(self.give, self.get, legal):
            self.get = None

    @staticmethod
    def give_ok(give: list[int], legal: list) -> bool:
        """Some legal trade gives (at least) these parts."""
        for m in legal:
            if "trade" not in m:
                continue
            rest = list(m["trade"])
            try:
                for p in give:
                    rest.remove(p)
            except ValueError:
                continue
            return True
        return False

    @staticmethod
    def trade_ok(give: list[int], get: int, legal: list) -> bool:
        return len(give) == 2 and {"trade": sorted(give), "get": get} in legal

    # --- zoom (board_pan.ZoomedBoard) and keys -------------------------------------------------

    def fit_box(self) -> tuple[float, float, float, float]:
        """The viewBox that shows the whole board and the spaces around it."""
        placed = [(q, r) for q, r, _ in self.seen()["board"]]
        cells = set(placed)
        for cell in placed:
            cells.update(hexgrid.neighbours(cell))
        x, y, w, hh = hexgrid.bounds(cells, art.R)
        # Extra room at the bottom for the bars that float there (place here / end turn).
        return (x - MARGIN, y - MARGIN, w + 2 * MARGIN, hh + MARGIN + MARGIN_BOTTOM)

    def on_game_key(self, key: str) -> bool:
        if self.phase not in ("play", "over") or self.state is None:
            return False
        if self.zoom_key(key):
            pass
        elif key == "Escape" and self.aim is not None:
            self.aim = None
        elif key in ("1", "2", "3") and self.actor() is not None and self.seen()["phase"] == "place":
            hand = self.seen(self.actor())["hand"]
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
        if self.session is None:
            return []
        return self.session.moves[:self.replay_index] if self.phase == "replay" else self.session.moves

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

    def placement_info(self, index: int) -> dict | None:
        """What a placement scored, as the rules reported it (the view's `last`) in the
        position after that move (the session keeps every position of the game)."""
        if index + 1 >= len(self.history):
            return None
        last = self.session.view(None, index + 1)["last"]
        return last if last and last.get("kind") == "place" else None

    # --- drawing: the board --------------------------------------------------------------------------

    def render(self) -> Markup:
        if self.phase != "setup" and self.state is not None:
            self.sync_ui()
        return super().render()

    def board(self) -> Markup:
        v = self.seen(self.shown_seat())
        me = self.actor()
        recent = self.recent_placements()
        latest = len(self.moves_shown()) - 1
        marks = [art.mark_svg(tuple(move["at"]), player, n == 0, n == 0 and index >= latest - 1)
                 for n, (index, player, move) in enumerate(recent)]
        badge = Markup("")
        if recent:
            index, player, move = recent[0]
            info = self.placement_info(index)
            if info is not None:
                badge = art.badge_svg(tuple(move["at"]), info["points"], info.get("earned") or [], player)
        spots = []
        aim_markup = Markup("")
        if me is not None and v["phase"] == "place" and self.selected is not None:
            targets = self.targets()
            board = {(q, r): t for q, r, t in v["board"]}
            for cell in targets:
                p = self.preview(self.selected, cell)
                label = f"Place here, {place_words(board, cell)}: {preview_text(p)}"
                spots.append(art.spot_svg(cell, p["points"], p["earned"], label, aimed=self.aim == cell, wins=p["wins"]))
            if self.aim is not None and self.aim in targets:
                aim_markup = art.aim_svg(self.selected, self.aim)
        drawn = art.board_svg(v["board"], marks, spots, [aim_markup, badge], self.view_box(), self.fit_box(),
                              self.MIN_WIDTH, self.max_width())
        return h("div", {"class": "gelati-main", "data-think-place": think_stats(self.think_place_ms)},
                 art.defs_svg(),
                 h("div", {"class": "gl-board-frame"},
                   drawn,
                   art.board_chips(v["stack"], v["order_pile"]),
                   art.zoom_buttons(self.vb is None),
                   self.confirm_bar(me)),
                 self.end_bar(v, me),
                 self.tray(v, me, self.names()))

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
                               f"{names[v['turn']]}'s tiles and orders are secret."))
        else:
            parts.append(self.hand_panel(v, me))
            parts.append(self.orders_panel(v, me))
        parts.append(self.step_panel(v, me, names))
        return h("section", {"class": "gl-tray", "aria-label": "Your tiles, orders and turn"}, *parts)

    def hand_panel(self, v: dict, me) -> Markup:
        placing = me is not None and v["phase"] == "place" and v["must"] is None
        placeable = {m["p"] for m in self.legal() if "p" in m} if placing else set()
        items = [art.hand_tile(t, i + 1, t == self.selected, t in placeable if placing else None)
                 for i, t in enumerate(v["hand"])]
        if not items:
            items.append(h("li", {"class": "gl-tray-note"}, "No tiles left."))
        return h("div", {"class": "gl-hand-panel"},
                 h("h2", None, "Your tiles"),
                 h("ul", {"class": "gl-hand", "data-hand-list": ""}, *items))

    def orders_panel(self, v: dict, me) -> Markup:
        held = v["held"][v["me"]]
        legal_orders = {m["order"] for m in self.legal() if "order" in m}
        cards = [art.order_card(o, held, o in legal_orders) for o in v["orders"]]
        if not cards:
            cards.append(h("li", {"class": "gl-tray-note"}, "No orders left in the pile."))
        return h("div", {"class": "gl-orders-panel"},
                 h("h2", None, f"Your orders (+{ORDER_POINTS} each)"),
                 h("ul", {"class": "gl-orders"}, *cards))

    def step_panel(self, v: dict, me, names) -> Markup:
        turn = v["turn"]
        if self.phase == "over":
            return h("div", {"class": "gl-step-panel"}, h("p", {"class": "gl-step-title"}, "The game is over."))
        if me is None:
            text = f"{names[turn]} is playing." if self.is_bot(turn) else f"Waiting for {names[turn]}."
            body = [h("p", {"class": "gl-step-title"}, text)]
            if v["revealed"] is not None:
                body.append(self.revealed(v, names))
            return h("div", {"class": "gl-step-panel"}, *body)
        if v["phase"] == "place":
            return self.place_step(v, me, names)
        return self.after_step(v, me)

    def revealed(self, v: dict, names) -> Markup:
        who = names[v["turn"]]
        aside = v["set_aside"]
        return h("div", {"class": "gl-revealed", "data-revealed": ""},
                 h("p", None, f"None of {who}'s tiles fits anywhere, so they are shown to everyone:"),
                 art.tile_row(v["revealed"], 54),
                 h("p", {"class": "gl-small"}, "Set aside this turn (shuffled back into the stack after):") if aside else None,
                 art.tile_row(aside, 40) if aside else None)

    def place_step(self, v: dict, me, names) -> Markup:
        legal = self.legal()
        if v["must"] == "exchange":
            buttons = [art.swap_button(m["x"]) for m in legal if "x" in m]
            aside = v["set_aside"]
            return h("div", {"class": "gl-step-panel", "data-step": "exchange"},
                     h("p", {"class": "gl-step-title"}, "Step 1 · None of your tiles fits"),
                     h("p", None, "Nothing in your hand matches any open space, so your tiles are shown to everyone. "
                                  "Swap one for the top tile of the stack, and repeat until a tile fits."),
                     h("ul", {"class": "gl-tile-row"}, *buttons),
                     h("p", {"class": "gl-small"}, "Set aside face up (shuffled back into the stack once you place):") if aside else None,
                     art.tile_row(aside, 40) if aside else None)
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
                 h("p", {"class": "gl-small"}, "Drag the board to move it; pinch or Ctrl+scroll to zoom. "
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
                              *[art.part_button("discard", p, f"Discard {PART_NAMES[p]}", size=26) for p in discards])))
        return h("div", {"class": "gl-step-panel", "data-step": "after"}, *blocks)

    def end_bar(self, v: dict, me) -> Markup:
        """Step 2 on the board itself, so ending the turn is always in view."""
        if me is None or v["phase"] != "after":
            return Markup("")
        legal = self.legal()
        end_ok = {"end": 1} in legal
        count = sum(v["held"][me])
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
                   "End turn" + (" and draw a tile" if v["stack"] and v["placed"] else "")))

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
            ok = picked > 0 or (len(self.give) < 2 and self.give_ok(self.give + [p], legal))
            count = h("span", {"class": "gl-count"}, f"{picked}/{held[p]}" if picked else f"×{held[p]}")
            gives.append(art.part_button("trade-give", p, f"Give {PART_NAMES[p]} (you hold {held[p]})", extra=count,
                                         cls=" on" if picked else "", pressed=bool(picked), disabled=not ok))
        gets = []
        for p in range(N_PARTS):
            if not v["supply"][p]:
                continue
            ok = self.trade_ok(self.give, p, legal)
            star = h("span", {"class": "gl-star", "aria-hidden": "true"}, "★") if p in needed else None
            label = f"Take {PART_NAMES[p]}" + (" (an order needs it)" if p in needed else "")
            gets.append(art.part_button("trade-get", p, label, extra=star, pressed=self.get == p, disabled=not ok,
                                        cls=(" on" if self.get == p else "") + (" gl-needed" if p in needed else "")))
        ready = len(self.give) == 2 and self.get is not None and self.trade_ok(self.give, self.get, legal)
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
        v = self.seen()
        return join(self.scores_panel(v), art.supply_panel(v["supply"]))

    def scores_panel(self, v: dict) -> Markup:
        names = self.names()
        n = v["players"]
        track = art.score_track(v["scores"], "Score track to 50: " + ", ".join(f"{names[p]} {v['scores'][p]}" for p in range(n)))
        done = [0] * n
        for player, _ in v["completed"]:
            done[player] += 1
        playing = self.phase in ("play", "replay") and v["phase"] != "over"
        rows = [art.player_row(p, names[p], self.bot_tag(p), v["scores"][p], v["hand_sizes"][p], done[p], v["held"][p],
                               playing and v["turn"] == p) for p in range(n)]
        return h("section", {"class": "gl-scores", "aria-label": "Scores and parts"},
                 h("h2", None, f"Race to {WIN_POINTS}"), track, h("ol", {"class": "gl-players"}, *rows))

    # --- the end ---------------------------------------------------------------------------------

    def tally(self) -> dict:
        """The rules' `points_made` over every position of the game (once per game end)."""
        last = self.history[-1] if self.history else None
        if self._tally[0] is not last:
            self._tally = (last, points_made([self.session.view(None, i) for i in range(len(self.history))]))
        return self._tally[1]

    def summary(self) -> Markup:
        v = self.seen()
        names = self.names()
        n = v["players"]
        made = self.tally()
        winners = v["winners"]
        rows = [art.breakdown_row(p, names[p], made)
                for p in sorted(range(n), key=lambda p: (p not in winners, -v["scores"][p]))]
        return h("div", {"class": "gelati-summary"},
                 h("table", {"class": "final-scores gl-breakdown", "data-summary": ""},
                   h("caption", None, "How the points were made"),
                   h("thead", None, h("tr", None, h("th", None, "Player"), h("th", None, "From tiles"),
                                      h("th", None, "Parts"), h("th", None, "From orders"))),
                   h("tbody", None, *rows)))


def screen(app, rest=None):
    return GelatiScreen(app, rest)
