"""What the Gelati and Genial boards share: an SVG board that pans and zooms (wheel,
drag, pinch; the browser helper gelati_pan) and a control to focus after a render.
ZoomedBoard adds zoom and pan by buttons and keys to a board that fits itself."""

from __future__ import annotations


class PannedBoard:
    """Mix into a TableScreen, before it: `class GelatiScreen(PannedBoard, TableScreen)`.
    The screen provides set_view_box(); it sets focus_next to a selector to focus once
    the next render is on the page."""

    _pan = None  # the browser helper once bound; False in plain CPython (tests)
    focus_next: str | None = None

    def mounted(self) -> None:
        super().mounted()
        if self._pan is None and self.phase != "setup":
            try:
                from gelateria.web.views import gelati_pan
            except ImportError:  # plain CPython: no browser to listen to
                self._pan = False
            else:
                self._pan = gelati_pan.bind(self)
        self.apply_focus()

    def apply_focus(self) -> None:
        """Focus focus_next, if set, now that the markup is on the page."""
        if self._pan and self.focus_next:
            self._pan.focus(self.focus_next)
        self.focus_next = None

    def close(self) -> None:
        super().close()
        if self._pan:
            self._pan.unbind()
        self._pan = None


class ZoomedBoard:
    """Zoom and pan by buttons and keys, as a viewBox kept on the screen (`vb`, None:
    fit the board). The screen provides fit_box(), the viewBox that shows all of it."""

    vb: tuple[float, float, float, float] | None = None  # kept across games, like the page's scroll
    ZOOM_STEP = 1.25
    MIN_WIDTH = 260  # the closest zoom, in board units across
    MAX_FIT = 2.5  # the farthest zoom, in fitted boards across
    PAN_STEP = 0.2  # of the visible width, per arrow key / button
    ZOOM_KEYS = {"+": "zoom-in", "=": "zoom-in", "-": "zoom-out", "0": "fit"}
    PAN_KEYS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}

    def fit_box(self) -> tuple[float, float, float, float]:
        raise NotImplementedError

    def view_box(self) -> tuple[float, float, float, float]:
        return self.vb or self.fit_box()

    def max_width(self) -> float:
        _, _, w, hh = self.fit_box()
        return max(w, hh) * self.MAX_FIT

    def zoom_action(self, action: str, data: dict) -> None:
        """"zoom-in", "zoom-out", "fit" or "pan" (by data dx, dy in steps)."""
        if action == "fit":
            self.vb = None
            return
        x, y, w, hh = self.view_box()
        if action == "pan":
            x += float(data.get("dx", 0)) * self.PAN_STEP * w
            y += float(data.get("dy", 0)) * self.PAN_STEP * w
        else:
            f = 1 / self.ZOOM_STEP if action == "zoom-in" else self.ZOOM_STEP
            f = max(self.MIN_WIDTH / w, min(self.max_width() / w, f))
            cx, cy = x + w / 2, y + hh / 2
            w, hh = w * f, hh * f
            x, y = cx - w / 2, cy - hh / 2
        self.vb = (x, y, w, hh)

    def zoom_key(self, key: str) -> bool:
        """+ and − zoom, 0 fits, arrows pan: True if `key` was one of them."""
        if key in self.ZOOM_KEYS:
            self.zoom_action(self.ZOOM_KEYS[key], {})
        elif key in self.PAN_KEYS:
            dx, dy = self.PAN_KEYS[key]
            self.zoom_action("pan", {"dx": dx, "dy": dy})
        else:
            return False
        return True

    def set_view_box(self, x: float, y: float, w: float, h: float) -> None:
        """The pan/zoom helper reports where a drag, pinch or wheel left the board."""
        self.vb = (float(x), float(y), float(w), float(h))
