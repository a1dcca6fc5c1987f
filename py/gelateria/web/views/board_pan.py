"""What the Gelati and Genial boards share: an SVG board that pans and zooms (wheel,
drag, pinch; the browser helper gelati_pan) and a control to focus after a render."""

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
