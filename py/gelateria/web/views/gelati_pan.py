"""Browser-only helper for the Gelati board: drag to pan, wheel or pinch to zoom,
Enter/Space on a focused board space, and (on a board marked data-arrows="spots")
arrow keys from space to space by where they are on screen. The only Gelati module
that touches `js`.

The zoom/pan state lives in Python on the screen (GelatiScreen.vb), so a re-render keeps
it. While a drag, pinch or wheel is under way this helper moves the SVG viewBox itself
(no re-render per mouse move), then reports where it ended up through
`screen.set_view_box`. A drag of more than a few pixels swallows the click that
follows, so panning never places a tile by accident.

Listeners sit on the app root (it outlives every re-render) and on window; they are
bound once per screen and removed by `unbind()` when the player leaves the screen.
"""

from __future__ import annotations

import math

from js import MouseEvent, Object, document, window
from pyodide.ffi import create_proxy, to_js

from gelateria.web.views.board_pan import ARROWS, step_towards

DRAG_PX = 6  # movement before a press becomes a drag
WHEEL_RATE = 0.0015  # zoom factor per wheel pixel (exponential)
SWALLOW_MS = 400


def _opts(**kw):
    return to_js(kw, dict_converter=Object.fromEntries)


class PanZoom:
    def __init__(self, screen, root):
        self.screen = screen
        self.root = root
        self.pointers: dict[int, tuple[float, float]] = {}
        self.dragging = False
        self.swallow_until = 0.0
        self.listeners = []
        self._on(root, "pointerdown", self.down)
        self._on(window, "pointermove", self.move)
        self._on(window, "pointerup", self.up)
        self._on(window, "pointercancel", self.up)
        self._on(root, "click", self.click, _opts(capture=True))
        self._on(root, "wheel", self.wheel, _opts(passive=False))
        self._on(root, "keydown", self.key)
        self._on(window, "resize", self.resized)

    def _on(self, target, name, handler, opts=None):
        proxy = create_proxy(handler)
        if opts is None:
            target.addEventListener(name, proxy)
        else:
            target.addEventListener(name, proxy, opts)
        self.listeners.append((target, name, proxy, opts))

    def unbind(self) -> None:
        for target, name, proxy, opts in self.listeners:
            if opts is None:
                target.removeEventListener(name, proxy)
            else:
                target.removeEventListener(name, proxy, opts)
            proxy.destroy()
        self.listeners = []

    def focus(self, selector: str) -> None:
        element = self.root.querySelector(selector)
        if element:
            element.focus(_opts(preventScroll=True))

    def focus_if_idle(self, selector: str) -> None:
        """Focus `selector` if focus is on the page or on the board itself (the player
        is at the board, not at some other control)."""
        active = document.activeElement
        if not active or active == document.body or active.hasAttribute("data-board"):
            self.focus(selector)

    def resized(self, event) -> None:
        """A turned phone or a resized window: the view is worked out for the new shape."""
        if self.measure():
            self.screen.app.refresh()

    def measure(self) -> bool:
        """Tell the screen the board element's size and whether a finger points (what
        is in view depends on them): True if the view changed."""
        board = self.board()
        setter = getattr(self.screen, "set_board_size", None)
        if board and setter:
            rect = board.getBoundingClientRect()
            return setter(float(rect.width), float(rect.height), bool(window.matchMedia("(pointer: coarse)").matches))
        return False

    # --- the board's viewBox ------------------------------------------------------------

    def board(self):
        return self.root.querySelector("svg[data-board]")

    @staticmethod
    def box(board) -> list[float]:
        return [float(v) for v in str(board.getAttribute("viewBox")).split()]

    def set_box(self, board, x, y, w, h) -> None:
        board.setAttribute("viewBox", f"{x:.1f} {y:.1f} {w:.1f} {h:.1f}")

    def report(self, board) -> None:
        x, y, w, h = self.box(board)
        self.screen.set_view_box(x, y, w, h)
        fit = self.root.querySelector("[data-action='fit']")
        if fit:
            fit.setAttribute("aria-pressed", "false")

    @staticmethod
    def to_board(board, cx, cy):
        point = board.createSVGPoint()
        point.x, point.y = cx, cy
        p = point.matrixTransform(board.getScreenCTM().inverse())
        return float(p.x), float(p.y)

    def zoom_about(self, board, cx, cy, factor) -> None:
        x, y, w, h = self.box(board)
        low = float(board.dataset.minW or 200)
        high = float(board.dataset.maxW or 5000)
        factor = max(low / w, min(high / w, factor))
        px, py = self.to_board(board, cx, cy)
        self.set_box(board, px - (px - x) * factor, py - (py - y) * factor, w * factor, h * factor)

    def pan_by(self, board, dx_px, dy_px) -> None:
        ctm = board.getScreenCTM()
        scale = float(ctm.a) or 1.0
        x, y, w, h = self.box(board)
        self.set_box(board, x - dx_px / scale, y - dy_px / scale, w, h)

    # --- events ---------------------------------------------------------------------------

    def down(self, event) -> None:
        board = event.target.closest("svg[data-board]")
        if not board or (str(event.pointerType) == "mouse" and int(event.button) != 0):
            return
        if not self.pointers:
            self.dragging = False
        self.pointers[int(event.pointerId)] = (float(event.clientX), float(event.clientY))

    def move(self, event) -> None:
        pid = int(event.pointerId)
        if pid not in self.pointers:
            return
        board = self.board()
        if not board:
            self.pointers.clear()
            return
        new = (float(event.clientX), float(event.clientY))
        old = self.pointers[pid]
        if len(self.pointers) == 1:
            if not self.dragging and abs(new[0] - old[0]) + abs(new[1] - old[1]) < DRAG_PX:
                return
            self.dragging = True
            self.pan_by(board, new[0] - old[0], new[1] - old[1])
        else:
            self.dragging = True
            other = next(p for i, p in self.pointers.items() if i != pid)
            d_old = math.dist(old, other) or 1.0
            d_new = math.dist(new, other) or 1.0
            mid_old = ((old[0] + other[0]) / 2, (old[1] + other[1]) / 2)
            mid_new = ((new[0] + other[0]) / 2, (new[1] + other[1]) / 2)
            self.pan_by(board, mid_new[0] - mid_old[0], mid_new[1] - mid_old[1])
            self.zoom_about(board, mid_new[0], mid_new[1], d_old / d_new)
        self.pointers[pid] = new
        event.preventDefault()

    def up(self, event) -> None:
        pid = int(event.pointerId)
        if pid not in self.pointers:
            return
        del self.pointers[pid]
        if not self.pointers and self.dragging:
            self.dragging = False
            self.swallow_until = float(window.performance.now()) + SWALLOW_MS
            board = self.board()
            if board:
                self.report(board)

    def click(self, event) -> None:
        if self.swallow_until and float(window.performance.now()) < self.swallow_until:
            event.stopPropagation()
            event.preventDefault()
        self.swallow_until = 0.0

    def wheel(self, event) -> None:
        # A plain wheel scrolls the page (a player on the way to the panel below must
        # not zoom the board instead); Ctrl/Cmd+wheel zooms, and so does a trackpad
        # pinch, which browsers send as a wheel with ctrlKey.
        board = event.target.closest("svg[data-board]")
        if not board or not (event.ctrlKey or event.metaKey):
            return
        event.preventDefault()
        mode = int(event.deltaMode)
        dy = float(event.deltaY) * (16 if mode == 1 else 400 if mode == 2 else 1)
        self.zoom_about(board, float(event.clientX), float(event.clientY), math.exp(dy * WHEEL_RATE))
        self.report(board)

    def key(self, event) -> None:
        key = str(event.key)
        target = event.target
        board = target.closest("svg[data-board]") if target and target.closest else None
        if not board:
            return
        if key in ARROWS and board.getAttribute("data-arrows") == "spots" and not (event.ctrlKey or event.metaKey or event.altKey):
            if self.arrow(board, target, key):
                event.preventDefault()
                event.stopPropagation()  # not also a pan of the board (the page's key handler)
            return
        # Board spaces are SVG groups with role="button": give them a button's keys.
        if key not in ("Enter", " ") or not target.getAttribute("data-action"):
            return
        event.preventDefault()
        target.dispatchEvent(MouseEvent.new("click", _opts(bubbles=True, cancelable=True)))

    def arrow(self, board, target, key: str) -> bool:
        """Move focus to the space that way (from the board itself: to its home space).
        The spaces' roving tabindex follows, so Tab comes back to the last one."""
        spots = list(board.querySelectorAll("[data-spot]"))
        if not spots:
            return False
        if target == board:
            home = board.querySelector("[data-spot][tabindex='0']") or spots[0]
            home.focus(_opts(preventScroll=True))
            return True
        if not target.hasAttribute("data-spot"):
            return False
        centres = {}
        for spot in spots:
            r = spot.getBoundingClientRect()
            centres[str(spot.getAttribute("data-spot"))] = (float(r.x + r.width / 2), float(r.y + r.height / 2))
        nxt = step_towards(centres, str(target.getAttribute("data-spot")), key)
        if nxt is None:
            return True  # nothing that way: stay (and do not pan the board instead)
        for spot in spots:
            if str(spot.getAttribute("data-spot")) == nxt:
                target.setAttribute("tabindex", "-1")
                spot.setAttribute("tabindex", "0")
                spot.focus(_opts(preventScroll=True))
        return True


def bind(screen):
    root = getattr(screen.app, "root", None)
    return PanZoom(screen, root) if root else False
