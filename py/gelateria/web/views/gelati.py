"""The Gelati table: a hex board of ice-cream tiles that grows as you play.

What a player sees and does:
- the board (SVG): every placed tile drawn as its ice cream (a bot's newest one fades
  in), the spaces the chosen tile may go lit up, each showing what it would score;
  a first click or tap on a space shows the tile there with a "Place here" bar, a second
  one (or the bar's button) places it. The board keeps its scale and position from move
  to move and zooms out only when the board outgrows what is in view. Ctrl+wheel, a
  drag, a pinch (static/board.js), the +/−/Fit buttons or keys zoom and pan; arrow keys
  move between the spaces by where they are on the board;
- the strip above it: whose turn, your score and the leader's;
- beside it (under it on a phone): your tiles and the step you are on, your orders;
  step 2 (orders, trades, discards, End turn) floats over the board once the tile is down;
- one tap away (the "More" sheet on a phone): the race to 50, the supply, help.

The view never decides legality or scores and never reads a raw state: it draws from
the rules' `view` of the position for the seat on screen, the buttons come from
`legal_moves`, and the preview on a space is the rules' own result of that placement
(`placement_result`). The pictures are in gelati_art.py, the panels in gelati_panels.py.

Plain Python apart from mounted(), which binds the pan/zoom helper when it runs in the
browser; the whole flow is unit-testable with a fake app.
"""

from __future__ import annotations

from gelateria.core import hexgrid
from gelateria.core.i18n import _, ngettext
from gelateria.games.gelati.rules import (
    ORDER_PARTS,
    PART_NAMES,
    part_name,
    parts_text,
    place_words,
    placement_result,
    points_made,
    tile_text,
)
from gelateria.web.markup import Markup, fill, h, join
from gelateria.web.table import UI, TableScreen, think_stats
from gelateria.web.views.board_pan import PannedBoard, ZoomedBoard
from gelateria.web.views import gelati_art as art
from gelateria.web.views.gelati_panels import GelatiPanels, preview_text

MARGIN = 24  # board units around the fitted board
MARGIN_BOTTOM = 70  # more below: the "Place here" bar floats there
ZOOMS = ("zoom-in", "zoom-out", "fit", "pan")


class GelatiScreen(GelatiPanels, ZoomedBoard, PannedBoard, TableScreen):
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
        self._bumped: tuple = (None, {}, 0, {})  # (position key, {index: scores}, undos, bumped())
        self.cam = None  # the auto camera of a new game: fitted again on first draw
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
                self.hints_done.add("select-tile")
                self.aim = None
                self.focus_next = "[data-spot][tabindex='0']"  # on to the board
                if not self.targets():
                    text = _("{tile} fits nowhere on the table yet: pick your other tile.").format(tile=tile_text(tile))
                    self.message = text[:1].upper() + text[1:]
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
                self.aim = cell  # (focus stays on the space: the same key again places)
                return UI
            return None
        if action == "trade-give":
            had = len(self.give)
            self.pick_give(int(data["part"]), view["held"][view["me"]], legal)
            if had < 2 == len(self.give):  # both given: on to what to take (one an order needs first)
                takes = [m["get"] for m in legal if m.get("trade") == self.give]
                held = view["held"][view["me"]]
                needed = [p for p in takes if any(p in ORDER_PARTS[o] for o in view["orders"]) and not held[p]]
                if takes:
                    self.focus_next = f"[data-action='trade-get'][data-part='{min(needed or takes)}']"
            return UI
        if action == "trade-get":
            part = int(data["part"])
            self.get = None if self.get == part else part
            if self.get is not None and self.trade_ok(self.give, self.get, legal):
                self.focus_next = "[data-action='trade']"  # ready: the Trade button is next
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
        if not self.is_bot(seat):
            self.focus_next = "home"  # wherever the turn goes on (a disabled Trade button must not keep it)
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
        fresh = None  # the tile that fades in: the latest placement, unless it was yours
        if recent:
            index, player, move = recent[0]
            info = self.placement_info(index)
            if info is not None:
                badge = art.badge_svg(tuple(move["at"]), info["points"], info.get("earned") or [], player)
            if index >= latest - 1 and player != self.viewer():
                fresh = tuple(move["at"])
        spots = []
        aim_markup = Markup("")
        home = self.home_spot()
        if me is not None and v["phase"] == "place" and self.selected is not None:
            targets = self.targets()
            board = {(q, r): t for q, r, t in v["board"]}
            for cell in targets:
                p = self.preview(self.selected, cell)
                label = (_("Place here, {where}: {preview}. Looking here: select again to place") if self.aim == cell
                         else _("Place here, {where}: {preview}")).format(where=place_words(board, cell), preview=preview_text(p))
                spots.append(art.spot_svg(cell, p["points"], p["earned"], label, aimed=self.aim == cell, wins=p["wins"],
                                          home=cell == home))
            if self.aim is not None and self.aim in targets:
                aim_markup = art.aim_svg(self.selected, self.aim)
        drawn = art.board_svg(v["board"], marks, spots, [aim_markup, badge], self.view_box(), self.fit_view(),
                              self.MIN_WIDTH, self.max_width(), fresh)
        return h("div", {"class": "gelati-main", "data-think-place": think_stats(self.think_place_ms)},
                 art.defs_svg(),
                 h("div", {"class": "gl-board-frame"},
                   drawn,
                   art.board_chips(v["stack"], v["order_pile"]),
                   art.zoom_buttons(self.vb is None),
                   self.confirm_bar(me),
                   self.after_card(v, me)))

    def home_spot(self) -> tuple[int, int] | None:
        """The space Tab lands on (the one the arrows start from): the one being looked
        at, else the best-scoring one."""
        if self.actor() is None or self.seen()["phase"] != "place" or self.selected is None:
            return None
        targets = self.targets()
        if self.aim in targets:
            return self.aim
        if not targets:
            return None
        return max(targets, key=lambda c: (self.preview(self.selected, c)["points"], -targets.index(c)))

    def focus_home(self) -> str | None:
        """Where the player works: the board's home space while placing, End turn (or
        what must come first) in step 2, else the board itself."""
        me = self.actor()
        if me is not None and self.state is not None:
            v = self.seen(me)
            if v["phase"] == "place":
                if self.home_spot() is not None:
                    return "[data-spot][tabindex='0']"
                if v["must"] == "exchange":
                    return "[data-action='exchange']"
                if v["must"] == "pass":
                    return "[data-action='pass']"
                return "[data-action='select-tile']"
            legal = self.legal()
            if {"end": 1} in legal:
                return "[data-action='end-turn']"
            if any("discard" in m for m in legal):
                return "[data-action='discard']"
            return "[data-action='trade-give']:not([disabled])"
        return "[data-board]" if self.state is not None else "h1"

    def mounted(self) -> None:
        super().mounted()
        # Your turn came round while you were at the board: on to its home space. (The
        # page reports the board's size once it is drawn: set_board_size.)
        if self.state is not None and self.home_spot() is not None:
            self.app.focus("[data-spot][tabindex='0']", if_idle=True)

    # --- beside the board, the strip, the details --------------------------------------------------

    def side(self) -> Markup:
        if self.state is None:
            return Markup("")
        v = self.seen(self.shown_seat())
        return join(self.turn_panel(v, self.actor(), self.names()), self.orders_panel(v))

    def details(self) -> Markup:
        if self.state is None:
            return Markup("")
        v = self.seen()
        return join(self.scores_panel(v), art.supply_panel(v["supply"]), self.help_panel())

    def strip(self) -> Markup:
        """Your score and the leader's: "You 12 · Bo leads 20" (or who is next to you)."""
        if self.state is None:
            return Markup("")
        v = self.seen()
        names = self.names()
        scores = v["scores"]
        bumped = self.bumped()
        me = self.viewer()
        order = sorted(range(v["players"]), key=lambda p: (-scores[p], p != me))
        lead = order[0]

        def num(p):
            return h("b", {"class": bumped.get(p), "data-strip-score": p}, str(scores[p]))

        def name(p):
            return h("span", {"class": "gl-strip-name"}, names[p])

        if me is None:
            facts = fill(_("{player} leads {score}"), player=name(lead), score=num(lead))
        elif scores[lead] == scores[me]:
            other = next((p for p in order if p != me), None)
            tied = other is not None and scores[other] == scores[me]
            facts = fill(_("You {score} · tied") if tied else _("You {score} · you lead"), score=num(me))
        else:
            facts = fill(_("You {score} · {player} {lead}"), score=num(me), player=name(lead), lead=num(lead))
        return h("span", {"class": "strip-facts gl-strip", "data-strip-facts": ""}, *facts)

    def bumped(self) -> dict[int, str]:
        """Players whose score changed in about the last round, with the class that
        flashes it: gl-bump-0 or -1 by how many times that score has changed, so each
        change is a newly added class (only that restarts an animation), and the class
        stays on while the next moves are drawn (taking it off would cut the flash short)."""
        n = len(self.moves_shown())
        if self.session is None or n == 0:
            return {}
        key = (n, self.undos)
        if self._bumped[0] != key:
            if self._bumped[2] != self.undos:
                self._bumped = (None, {}, self.undos)  # positions undone: their scores are no longer ours
            scores = self._bumped[1]
            for i in range(n + 1):
                if i not in scores:
                    scores[i] = self.session.view(None, i)["scores"]
            players = len(scores[0])
            changes, last = [0] * players, [0] * players
            for i in range(1, n + 1):
                for p in range(players):
                    if scores[i][p] != scores[i - 1][p]:
                        changes[p] += 1
                        last[p] = i
            recent = max(1, n - 3 * players)
            self._bumped = (key, scores, self.undos,
                            {p: f"gl-bump-{changes[p] % 2}" for p in range(players) if last[p] >= recent})
        return self._bumped[3]

    # --- the guided game ---------------------------------------------------------------------

    def hint(self) -> tuple[str, str] | None:
        """The next thing to do on your turn, most pressing first."""
        v = self.seen(self.actor())
        legal = self.legal()
        if v["phase"] == "place":
            if v["must"] == "exchange":
                return "exchange", _("None of your tiles fits anywhere: swap one for the top tile of the stack.")
            if v["must"] == "pass":
                return "pass", _("Nothing fits and the stack is empty: pass this turn.")
            if self.aim is not None:
                return "place", _("This is where your tile would go. Select the same space again (or Place here) to put it down.")
            if len(v["hand"]) > 1 and "select-tile" not in self.hints_done:  # (done once they choose one)
                return "select-tile", _("Choose one of your two tiles (under “Your tiles”) to place; each space on the "
                                        "board then shows what it would score.")
            if not self.targets():
                return "other-tile", _("That tile fits nowhere on the table yet: choose your other tile.")
            return "spots", _("The glowing spaces are where your tile fits, with the points it would score. The more "
                              "tiles it touches, the more points. Select a space to look.")
        if any("order" in m for m in legal):
            return "order", _("You hold all three parts of an order: complete it for 15 points.")
        if any("discard" in m for m in legal):
            return "discard", _("You may end a turn with at most 5 parts: discard one, or trade two for one.")
        trade = self.completing_trade(v, legal)
        if trade:
            return "trade", _("Trade {give} for {get}: then you can complete an order. Choose the two parts to give, "
                              "then the one to take.").format(give=parts_text(trade["trade"]), get=part_name(trade["get"]))
        return "end-turn", _("Done for this turn: end it, and you draw a new tile.")

    def completing_trade(self, v: dict, legal: list) -> dict | None:
        """A legal trade after which one of your orders can be completed (None: none)."""
        held = v["held"][v["me"]]
        return next((m for m in legal if "trade" in m and self.trade_completes(m, held, v["orders"])), None)

    def suggested_trade(self) -> dict | None:
        """The trade the guided game's hint names, while it shows (the picker lights its parts)."""
        hint = self.shown_hint()
        return self.completing_trade(self.seen(self.actor()), self.legal()) if hint and hint[0] == "trade" else None

    @staticmethod
    def trade_completes(move: dict, held: list[int], orders: list[int]) -> bool:
        after = list(held)
        for part in move["trade"]:
            after[part] -= 1
        after[move["get"]] += 1
        return any(all(after[p] for p in ORDER_PARTS[o]) and not all(held[p] for p in ORDER_PARTS[o]) for o in orders)

    def score_story(self) -> str | None:
        me = self.humans()[0]
        made = self.tally()
        tiles = ngettext("{points} from placing {count} tile", "{points} from placing {count} tiles",
                         made["tiles"][me]).format(points=made["points"][me], count=made["tiles"][me])
        done = len(made["orders"][me])
        orders = ngettext("{points} from {count} completed order", "{points} from {count} completed orders",
                          done).format(points=made["order_points"][me], count=done)
        parts = ngettext("{count} part came from a row of four.", "{count} parts came from rows of four.",
                         made["parts"][me]).format(count=made["parts"][me])
        return _("Your {total} points: {tiles} and {orders}. {parts}").format(
            total=self.seen()["scores"][me], tiles=tiles, orders=orders, parts=parts)

    # --- the end ---------------------------------------------------------------------------------

    def tally(self) -> dict:
        """The rules' `points_made` over every position of the game (once per game end)."""
        last = self.history[-1] if self.history else None
        if self._tally[0] is not last:
            self._tally = (last, points_made([self.session.view(None, i) for i in range(len(self.history))]))
        return self._tally[1]


def screen(app, rest=None):
    return GelatiScreen(app, rest)
