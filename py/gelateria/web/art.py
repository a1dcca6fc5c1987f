"""The home screen cards' pictures: each game registers its own (web/views/<game>_screen.py)."""

from __future__ import annotations

from gelateria.core.i18n import _
from gelateria.web.markup import Markup, svg
from gelateria.web.views.contract import registered_screen


def card_picture(*children, view_box: str = "0 0 120 90", label: str) -> Markup:
    return svg("svg", *children, viewBox=view_box, role="img", aria_label=label, class_="card-art")


def picture(game_id: str) -> Markup:
    """A game's card picture, as its screen registered it; a game that has none gets a plain cup."""
    spec = registered_screen(game_id)
    if spec is not None and spec.picture is not None:
        return spec.picture()
    return card_picture(svg("circle", cx=60, cy=45, r=28, fill="#f3e1ea"), label=_("A game"))
