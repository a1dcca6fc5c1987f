"""Building HTML and SVG as text, safely.

Views build markup strings and the page inserts them in one go: far fewer calls across
the Python/JavaScript bridge than creating elements one by one. Every text and
attribute value is escaped unless it is already Markup, so a player name such as
"<img onerror=…>" is shown as typed and never becomes markup. Text is settled for the
language on the way (core/i18n.py `particles`: a Korean particle after a name).

    h("button", {"type": "button", "data-action": "start"}, "Start")
    svg("circle", cx=10, cy=10, r=4, fill="red")
"""

from __future__ import annotations

import re
import zlib

from html import escape
from typing import Iterable

from gelateria.core.i18n import particles

VOID = {"area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Markup(str):
    """A string that is already safe markup."""

    __slots__ = ()


def _attr_value(value) -> str:
    if isinstance(value, float):
        # Short coordinates keep big boards small.
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return escape(particles(str(value)), quote=True)


def attrs_text(attrs: dict | None) -> str:
    if not attrs:
        return ""
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-") if key not in ("viewBox",) else key
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{_attr_value(value)}"')
    return "".join(out)


def _children(children: Iterable) -> str:
    parts = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, Markup):
            parts.append(child)
        elif isinstance(child, (list, tuple)):
            parts.append(_children(child))
        else:
            parts.append(escape(particles(str(child)), quote=False))
    return "".join(parts)


def h(tag: str, attrs: dict | None = None, *children) -> Markup:
    """An element. Attribute names: `class_` → class, `data_x` → data-x, or use a dict
    with the real names."""
    if tag in VOID:
        return Markup(f"<{tag}{attrs_text(attrs)}>")
    return Markup(f"<{tag}{attrs_text(attrs)}>{_children(children)}</{tag}>")


def start_tag(element: Markup) -> Markup:
    """An element's start tag as drawn (attribute values are escaped: its first '>' ends it)."""
    return Markup(element[:element.index(">") + 1])


def svg(tag: str, *children, **attrs) -> Markup:
    """An SVG element; attributes as keywords (stroke_width → stroke-width)."""
    if not children:
        return Markup(f"<{tag}{attrs_text(attrs)}/>")
    return Markup(f"<{tag}{attrs_text(attrs)}>{_children(children)}</{tag}>")


def join(*parts) -> Markup:
    return Markup(_children(parts))


def hidden_defs(defs: str, class_: str) -> Markup:
    """The invisible <svg> holding a game's <defs> (patterns, symbols) that its other SVGs
    <use>. Marked `data-keep` with a checksum of them: a redraw that brings the same
    definitions leaves them as they are (static/shell.js) instead of comparing them node
    by node (they are most of a Gelati page); other ones (another language's words) are
    drawn anew."""
    return svg("svg", Markup(defs), class_=class_, width=0, height=0, aria_hidden="true", focusable="false",
               data_keep=keep_mark(defs))


def keep_mark(markup: str) -> str:
    """A checksum of an element's content, for its data-keep: a redraw that brings the
    element with the same mark leaves it as it is, unlooked at (static/shell.js); a
    changed content is a new mark, and the element is morphed as any other."""
    return f"{zlib.crc32(markup.encode()):08x}"


def kept_group(*children, class_: str) -> Markup:
    """An SVG group marked data-keep by what it holds (keep_mark)."""
    inner = join(*children)
    return svg("g", inner, class_=class_, data_keep=keep_mark(inner))


def points(pts) -> str:
    """An SVG points list with short numbers."""
    return " ".join(f"{_attr_value(float(x))},{_attr_value(float(y))}" for x, y in pts)


def fill(template: str, **parts) -> list:
    """A translated sentence with markup in its {placeholders}: the pieces in the
    sentence's own order (Japanese and Korean put them elsewhere than English), text
    left for h() to escape, Markup kept."""
    pieces = re.split(r"\{(\w+)\}", template)
    return [parts[piece] if i % 2 else piece for i, piece in enumerate(pieces) if i % 2 or piece]
