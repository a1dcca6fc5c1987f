"""It's Mine! pictures: the 55 cards, the five shapes and flavours, hearts (catch
tokens) and the draw piles, as SVG, and the table's printed pieces (countdown, bursts,
seat heads, score sheets), all from plain values. Shared patterns and symbols are
drawn once in a hidden <svg> (`defs()`) and reused with <use>; every card and heart
row is built once and cached.

Flavours are told apart by pattern and a letter as well as colour, shapes by their
silhouette, so colour-blind players can play. Ids: #im-f0…#im-f4 (flavour patterns),
#im-back (card backs), #im-s0…#im-s4 (shapes), #im-cherry, #im-closed, #im-heart.
"""

from __future__ import annotations

from gelateria.core.i18n import N_, _, language, ngettext, number, pgettext
from gelateria.games.itsmine.rules import (
    CHERRIES, CLOSED, ICE_CREAMS, card_name, closed_points, flavour_name, flavour_of, shape_name, shape_of,
)
from gelateria.web.markup import Markup, h, hidden_defs, join, svg

# Flavours: letter, fill colour, letter colour. A pattern and the letter tell them
# apart without colour.
FLAVOUR_LOOK = (
    ("S", "#f48fb1", "#3b1f14"),
    ("C", "#7b4b2a", "#ffffff"),
    ("V", "#fff1b8", "#3b1f14"),
    ("P", "#9ccc65", "#20300e"),
    ("B", "#6c7ee1", "#ffffff"),
)

CW, CH = 62, 88  # card size in SVG units
FAN_H = 96
FAN_MIN = 170  # an open pile's picture is at least this wide (4 cards) …
FAN_FIT = 240  # … and is squeezed (down to the index strip) to fit this width: the box on
# screen has a fixed size (CSS), so a pile of 5 or more shrinks a little in it
FAN_SCALE = 1.3  # natural pixels per unit
INDEX_W = 22  # the left strip of a card that stays visible when fanned
# How wide a word under a card's picture may be (centred at INDEX_W + 20), and one on the
# closed-shop sign: each a little inside its edge ("영업 종료" touched the card's border).
LABEL_ROOM = 34
SIGN_ROOM = 29

_INK = "#5b3b2b"


def fit(text: str, size: float, room: float) -> dict:
    """SVG text attributes that squeeze `text` into `room` units when it would be wider
    (a rough width: CJK letters are a full em, others about 0.58 em)."""
    wide = sum(1.0 if ord(c) > 0x2E7F else 0.58 for c in text) * size
    return {"textLength": room, "lengthAdjust": "spacingAndGlyphs"} if wide > room else {}


def _defs() -> Markup:
    """Patterns and symbols shared by every card on the page (one hidden <svg>)."""
    pats = [
        # strawberry: seeds
        svg("pattern", svg("rect", width=6, height=6, fill=FLAVOUR_LOOK[0][1]),
            svg("ellipse", cx=1.5, cy=1.5, rx=0.6, ry=0.9, fill="#fff3b0"),
            svg("ellipse", cx=4.5, cy=4.5, rx=0.6, ry=0.9, fill="#fff3b0"),
            id="im-f0", width=6, height=6, patternUnits="userSpaceOnUse"),
        # chocolate: diagonal stripes
        svg("pattern", svg("rect", width=5, height=5, fill=FLAVOUR_LOOK[1][1]),
            svg("rect", width=1.8, height=5, fill="#a26a43"),
            id="im-f1", width=5, height=5, patternUnits="userSpaceOnUse", patternTransform="rotate(45)"),
        # vanilla: plain with a few dark specks
        svg("pattern", svg("rect", width=9, height=9, fill=FLAVOUR_LOOK[2][1]),
            svg("circle", cx=2, cy=3, r=0.45, fill="#5d4313"),
            svg("circle", cx=7, cy=7.5, r=0.45, fill="#5d4313"),
            id="im-f2", width=9, height=9, patternUnits="userSpaceOnUse"),
        # pistachio: crosshatch
        svg("pattern", svg("rect", width=5, height=5, fill=FLAVOUR_LOOK[3][1]),
            svg("path", d="M0 0.5H5M0.5 0V5", stroke="#6d9a36", stroke_width=0.9),
            id="im-f3", width=5, height=5, patternUnits="userSpaceOnUse"),
        # blueberry: little rings
        svg("pattern", svg("rect", width=7, height=7, fill=FLAVOUR_LOOK[4][1]),
            svg("circle", cx=3.5, cy=3.5, r=1.6, fill="none", stroke="#c9d0fa", stroke_width=0.8),
            id="im-f4", width=7, height=7, patternUnits="userSpaceOnUse"),
        # card backs: pink and cream stripes
        svg("pattern", svg("rect", width=8, height=8, fill="#f7c8d9"),
            svg("rect", width=4, height=8, fill="#fff4ea"),
            id="im-back", width=8, height=8, patternUnits="userSpaceOnUse", patternTransform="rotate(30)"),
    ]
    scoop = {"stroke": _INK, "stroke_width": 1.2}
    sign = _("CLOSED")
    symbols = [
        svg("symbol",  # cone
            svg("path", d="M10 17 L30 17 L20 39 Z", fill="#e3a857", stroke="#8a5a22", stroke_width=1.2, stroke_linejoin="round"),
            svg("path", d="M13 21 L24 21 M15 26 L23 26 M17.5 31 L21.5 31 M14 19 L20 36 M26 19 L20 36", stroke="#a8712c", stroke_width=0.8),
            svg("circle", cx=20, cy=13, r=10.5, **scoop),
            svg("path", d="M9.5 15 Q12 21 15 17 Q17.5 21 20 17 Q22.5 21 25 17 Q28 21 30.5 15 Z", **scoop),
            id="im-s0", viewBox="0 0 40 40"),
        svg("symbol",  # cup
            svg("circle", cx=20, cy=15, r=10.5, **scoop),
            svg("path", d="M7 19 L33 19 L29 37 L11 37 Z", fill="#ffffff", stroke=_INK, stroke_width=1.2, stroke_linejoin="round"),
            svg("path", d="M8.2 24.5 L31.8 24.5 M9.4 30.5 L30.6 30.5", stroke="#e57373", stroke_width=2.2),
            id="im-s1", viewBox="0 0 40 40"),
        svg("symbol",  # stick
            svg("rect", x=17.5, y=27, width=5, height=12, rx=2, fill="#d9b382", stroke="#8a6a3a", stroke_width=1),
            svg("rect", x=10.5, y=2, width=19, height=28, rx=9.5, **scoop),
            svg("path", d="M15 8 L15 24", stroke="#ffffff", stroke_opacity=0.6, stroke_width=2.2, stroke_linecap="round"),
            id="im-s2", viewBox="0 0 40 40"),
        svg("symbol",  # sandwich
            svg("rect", x=3, y=9, width=34, height=8, rx=2.5, fill="#4e342e", stroke="#2d1d18", stroke_width=1),
            svg("rect", x=4.5, y=17, width=31, height=9, **scoop),
            svg("rect", x=3, y=26, width=34, height=8, rx=2.5, fill="#4e342e", stroke="#2d1d18", stroke_width=1),
            svg("path", d="M9 13h.1M16 13h.1M23 13h.1M30 13h.1M9 30h.1M16 30h.1M23 30h.1M30 30h.1",
                stroke="#a1887f", stroke_width=1.6, stroke_linecap="round"),
            id="im-s3", viewBox="0 0 40 40"),
        svg("symbol",  # sundae
            svg("circle", cx=13.5, cy=14, r=7, **scoop),
            svg("circle", cx=26.5, cy=14, r=7, **scoop),
            svg("circle", cx=20, cy=9, r=7, **scoop),
            svg("path", d="M5 17 L35 17 Q33 29 20 29 Q7 29 5 17 Z", fill="#e3f2fd", stroke="#4f7fa6", stroke_width=1.2),
            svg("rect", x=18.5, y=28.5, width=3, height=7, fill="#bbdefb", stroke="#4f7fa6", stroke_width=1),
            svg("ellipse", cx=20, cy=36.5, rx=8, ry=2.5, fill="#bbdefb", stroke="#4f7fa6", stroke_width=1),
            id="im-s4", viewBox="0 0 40 40"),
        svg("symbol",  # cherry
            svg("path", d="M13 27 Q16 14 24 6 M27 27 Q25 15 24 6", stroke="#2e7d32", stroke_width=1.8, fill="none"),
            svg("path", d="M24 6 Q30 2 34 7 Q29 10 24 6 Z", fill="#66bb6a", stroke="#2e7d32", stroke_width=0.8),
            svg("circle", cx=12.5, cy=29, r=7.5, fill="#d32f2f", stroke="#7f0000", stroke_width=1.2),
            svg("circle", cx=27.5, cy=29, r=7.5, fill="#d32f2f", stroke="#7f0000", stroke_width=1.2),
            svg("circle", cx=10, cy=26.5, r=1.8, fill="#ffffff", fill_opacity=0.7),
            svg("circle", cx=25, cy=26.5, r=1.8, fill="#ffffff", fill_opacity=0.7),
            id="im-cherry", viewBox="0 0 40 40"),
        svg("symbol",  # closed-shop sign
            svg("path", d="M10 14 L20 5 L30 14", stroke="#cfd8dc", stroke_width=1.4, fill="none"),
            svg("circle", cx=20, cy=5, r=1.8, fill="#ffca28"),
            svg("rect", x=2, y=14, width=36, height=18, rx=3, fill="#ffffff", stroke="#c62828", stroke_width=2.2),
            svg("text", sign, x=20, y=26.5, font_size=8.2, font_weight=800, fill="#c62828", text_anchor="middle",
                font_family="system-ui, sans-serif", **fit(sign, 8.2, SIGN_ROOM)),
            id="im-closed", viewBox="0 0 40 40"),
        svg("symbol",
            svg("path", d="M10 17 C10 17 1 11 1 5.5 C1 2.5 3.3 1 5.6 1 C7.6 1 9.2 2.3 10 4 C10.8 2.3 12.4 1 14.4 1 "
                          "C16.7 1 19 2.5 19 5.5 C19 11 10 17 10 17 Z", fill="#e63b5a", stroke="#8f1d2e", stroke_width=1.3),
            id="im-heart", viewBox="0 0 20 18"),
    ]
    return hidden_defs(svg("defs", *pats, *symbols), "im-defs")


DEFS: dict = {}  # language -> the hidden <svg>, built on first use


def defs() -> Markup:
    if language() not in DEFS:
        DEFS[language()] = _defs()
    return DEFS[language()]


def shape_use(shape: int, x: float, y: float, size: float, flavour: int | None) -> Markup:
    fill = f"url(#im-f{flavour})" if flavour is not None else "#fdf6ee"
    return svg("use", href=f"#im-s{shape}", x=x, y=y, width=size, height=size, fill=fill)


def flavour_letter(flavour: int) -> str:
    """The letter on a flavour's badge (its name's first letter, in the current language)."""
    return (pgettext("itsmine flavour letter", "S"), pgettext("itsmine flavour letter", "C"),
            pgettext("itsmine flavour letter", "V"), pgettext("itsmine flavour letter", "P"),
            pgettext("itsmine flavour letter", "B"))[flavour]


def flavour_badge(flavour: int, cx: float, cy: float, r: float = 8) -> Markup:
    _letter, _fill, ink = FLAVOUR_LOOK[flavour]
    letter = flavour_letter(flavour)
    return join(
        svg("circle", cx=cx, cy=cy, r=r, fill=f"url(#im-f{flavour})", stroke=_INK, stroke_width=1.1),
        svg("text", letter, x=cx, y=cy + r * 0.42, font_size=r * 1.2, font_weight=800, fill=ink, text_anchor="middle",
            font_family="system-ui, sans-serif", paint_order="stroke",
            stroke=FLAVOUR_LOOK[flavour][1], stroke_width=1.5),
    )


_CARD_CACHE: dict = {}


def card_face(card: int, mark: int = 0) -> Markup:
    """One card at the origin, CW × CH. `mark`: points it is worth to the viewer (shown
    as a little gold tag on ice creams), 0 for none."""
    key = (card, mark, language())
    cached = _CARD_CACHE.get(key)
    if cached is not None:
        return cached
    name = card_name(card)
    parts = [svg("title", name)]
    if card < ICE_CREAMS:
        flavour, shape = flavour_of(card), shape_of(card)
        parts += [
            svg("rect", x=0.5, y=0.5, width=CW - 1, height=CH - 1, rx=6, fill="#fffdf8", stroke="#b89a80", stroke_width=1),
            svg("rect", x=1, y=1, width=INDEX_W - 1, height=CH - 2, rx=5.5, fill="#f6ede4"),
            flavour_badge(flavour, 11, 12),
            shape_use(shape, 2, 23, 18, flavour),
            shape_use(shape, INDEX_W, 12, 40, flavour),
            svg("text", flavour_name(flavour), x=INDEX_W + 20, y=68, font_size=8, font_weight=700, fill=_INK,
                text_anchor="middle", **fit(flavour_name(flavour), 8, LABEL_ROOM)),
            svg("text", shape_name(shape), x=INDEX_W + 20, y=78, font_size=8, fill=_INK, text_anchor="middle",
                **fit(shape_name(shape), 8, LABEL_ROOM)),
        ]
        if mark:
            parts.append(star_tag(mark, 11, 52.5))
    elif card in CHERRIES:
        parts += [
            svg("rect", x=0.5, y=0.5, width=CW - 1, height=CH - 1, rx=6, fill="#fff0f0", stroke="#c62828", stroke_width=1.4),
            svg("use", href="#im-cherry", x=2, y=3, width=18, height=18),
            svg("text", "+1", x=11, y=34, font_size=9, font_weight=800, fill="#b71c1c", text_anchor="middle"),
            svg("use", href="#im-cherry", x=INDEX_W, y=14, width=40, height=40),
            svg("text", name, x=INDEX_W + 20, y=72, font_size=8.5, font_weight=700, fill="#b71c1c", text_anchor="middle",
                **fit(name, 8.5, LABEL_ROOM)),
        ]
    else:
        closed_word = _("closed")
        parts += [
            svg("rect", x=0.5, y=0.5, width=CW - 1, height=CH - 1, rx=6, fill="#37474f", stroke="#c62828", stroke_width=2),
            svg("use", href="#im-closed", x=2, y=3, width=18, height=18),
            svg("text", "−1", x=11, y=34, font_size=9, font_weight=800, fill="#ffffff", text_anchor="middle"),
            svg("use", href="#im-closed", x=INDEX_W - 1, y=12, width=41, height=41),
            svg("text", closed_word, x=INDEX_W + 20, y=66, font_size=8.5, font_weight=700, fill="#ffffff",
                text_anchor="middle", **fit(closed_word, 8.5, LABEL_ROOM)),
            svg("text", "3 = +3", x=INDEX_W + 20, y=77, font_size=7.5, fill="#cfd8dc", text_anchor="middle"),
        ]
    markup = join(*parts)
    _CARD_CACHE[key] = markup
    return markup


MATCH_GOLD, MATCH_EDGE = "#ffd54f", "#b28704"


def star_tag(mark: int, cx: float, cy: float, size: float = 8) -> Markup:
    """A card's match with the viewer's favourites: a gold tag with a star per
    favourite it matches (★ flavour or shape, ★★ both)."""
    width = size * (1.25 + 0.95 * (mark - 1))
    return join(svg("rect", x=cx - width / 2, y=cy - size * 0.8, width=width, height=size * 1.6, rx=size * 0.8,
                    fill=MATCH_GOLD, stroke=MATCH_EDGE, stroke_width=0.8),
                svg("text", "★" * mark, x=cx, y=cy + size * 0.42, font_size=size * 1.1, fill="#6b4e00", text_anchor="middle"))


EDGE_W = 6  # how much of each card under the top one a phone's pile shows
EDGES = 3  # … for at most this many of them (the words beside say how many there are)


def _edge_fill(card: int) -> str:
    """The colour of a card's edge under a phone's top card: its flavour, cherry red, closed grey."""
    if card < ICE_CREAMS:
        return f"url(#im-f{flavour_of(card)})"
    return "#e53935" if card in CHERRIES else "#37474f"


def top_card(card: int, mark: int = 0) -> Markup:
    """A card as a phone's pile shows it on top: the picture alone, large (its words are
    a line of text beside it), with a gold frame and stars when it matches the viewer's
    favourites."""
    key = ("top", card, mark, language())
    if key not in _CARD_CACHE:
        frame = {"stroke": MATCH_EDGE, "stroke_width": 3} if mark else {"stroke": "#b89a80", "stroke_width": 1}
        if card < ICE_CREAMS:
            flavour, shape = flavour_of(card), shape_of(card)
            parts = [svg("rect", x=1, y=1, width=CW - 2, height=CH - 2, rx=6, fill="#fffdf8", **frame),
                     svg("rect", x=3, y=3, width=CW - 6, height=12, rx=4, fill=f"url(#im-f{flavour})"),
                     shape_use(shape, 3, 22, CW - 6, flavour)]
        elif card in CHERRIES:
            parts = [svg("rect", x=1, y=1, width=CW - 2, height=CH - 2, rx=6, fill="#fff0f0", stroke="#c62828", stroke_width=1.4),
                     svg("use", href="#im-cherry", x=3, y=18, width=CW - 6, height=CW - 6)]
        else:
            parts = [svg("rect", x=1, y=1, width=CW - 2, height=CH - 2, rx=6, fill="#37474f", stroke="#c62828", stroke_width=2),
                     svg("use", href="#im-closed", x=3, y=18, width=CW - 6, height=CW - 6)]
        if mark:
            parts.append(star_tag(mark, CW / 2, 10, 10))
        _CARD_CACHE[key] = join(svg("title", card_name(card)), *parts)
    return _CARD_CACHE[key]


def pile_picture(cards: list, marks: list, fresh: bool, label: str) -> Markup:
    """An open pile as a phone shows it: the top card large, the ones under it as thin
    edges in their flavour's colour (gold-framed when they match the viewer's
    favourites). Drawn beside the full fan; CSS shows the one for the screen."""
    k = len(cards)
    if not k:
        return svg("svg", svg("rect", x=1, y=1, width=CW - 2, height=CH - 2, rx=6, fill="none", stroke="#c9b7a7",
                              stroke_width=1.3, stroke_dasharray="5 4"),
                   viewBox=f"0 0 {CW} {CH}", class_="pile", role="img", aria_label=label)
    under = list(zip(cards, marks))[max(0, k - 1 - EDGES):k - 1]
    body = [svg("rect", x=1 + j * EDGE_W, y=1, width=CW - 2, height=CH - 2, rx=6, fill=_edge_fill(card),
                stroke=MATCH_EDGE if mark else "#8d6e63", stroke_width=2.5 if mark else 1)
            for j, (card, mark) in enumerate(under)]
    top = top_card(cards[-1], marks[-1])
    body.append(svg("g", svg("g", top, class_="fresh") if fresh else top, transform=f"translate({len(under) * EDGE_W} 0)"))
    return svg("svg", *body, viewBox=f"0 0 {len(under) * EDGE_W + CW} {CH}", class_="pile", role="img", aria_label=label,
               preserveAspectRatio="xMinYMid meet")


_HEARTS: dict = {}


def hearts(count: int, label: str) -> Markup:
    """A seat's catch tokens as hearts (up to three drawn, else one and "×N")."""
    key = (count, label, language())
    if key not in _HEARTS:
        _HEARTS[key] = _hearts(count, label)
    return _HEARTS[key]


def _hearts(count: int, label: str) -> Markup:
    # three at most, or one and "×N" (none left: a faded one and "×0"): the box keeps its width
    shown = count if 0 < count <= 3 else 1
    icons = [svg("use", href="#im-heart", x=i * 19, y=0, width=18, height=16) for i in range(shown)]
    width = shown * 19
    pic = svg("svg", *icons, viewBox=f"0 0 {width} 16", width=width, height=16, aria_hidden="true",
              class_="hearts-pic" + ("" if count else " spent"))
    extra = h("span", {"class": "heart-more"}, f"×{count}") if count > 3 or not count else None
    return h("span", {"class": "hearts" + ("" if count else " spent"), "role": "img", "aria-label": label}, pic, extra)


def heart_icon() -> Markup:
    """One catch token, drawn as in a seat's hearts, to stand in a line of text."""
    return svg("svg", svg("use", href="#im-heart", x=0, y=0, width=18, height=16), viewBox="0 0 18 16", width=15, height=13,
               aria_hidden="true", class_="heart-icon")


def favourite_badges(favourite) -> Markup:
    """A secret favourite (flavour, shape): its flavour badge and shape, named. Each
    picture keeps to its name when the line wraps."""
    flavour, shape = favourite
    return h("span", {"class": "fav"},
             h("span", {"class": "fav-part"},
               svg("svg", flavour_badge(flavour, 10, 10, 9), viewBox="0 0 20 20", width=22, height=22, aria_hidden="true"),
               h("b", None, flavour_name(flavour))),
             h("span", {"class": "fav-part"},
               svg("svg", shape_use(shape, 0, 0, 24, None), viewBox="0 0 24 24", width=24, height=24, aria_hidden="true"),
               h("b", None, shape_name(shape))))


def kbd(text: str) -> Markup:
    return h("kbd", None, text)


def deck_picture(count: int) -> Markup:
    """A draw pile: up to three card backs (a dashed outline when empty) and how many
    cards are left."""
    backs = []
    for k in range(min(count, 3) - 1, -1, -1):
        backs.append(svg("rect", x=4 + k * 3, y=4 + k * 3, width=CW - 8, height=CH - 10, rx=6,
                         fill="url(#im-back)", stroke="#c8578a", stroke_width=1.3))
    if not count:
        backs.append(svg("rect", x=4, y=4, width=CW - 8, height=CH - 10, rx=6, fill="none", stroke="#c9b7a7",
                         stroke_width=1.3, stroke_dasharray="4 3"))
    backs.append(svg("circle", cx=CW / 2, cy=CH / 2 - 1, r=13, fill="#ffffff", stroke="#c8578a", stroke_width=1.2))
    backs.append(svg("text", str(count), x=CW / 2, y=CH / 2 + 4, font_size=13, font_weight=800, fill=_INK,
                     text_anchor="middle"))
    return svg("svg", *backs, viewBox=f"0 0 {CW} {CH}", class_="deck-pic", aria_hidden="true")


def fan_picture(cards: list, marks: list, fresh: bool, label: str) -> Markup:
    """An open pile fanned out, oldest card first, each with its `marks` tag (points
    to the viewer, 0: none); `fresh`: the top card was just flipped. An empty pile is
    a dashed outline (the view writes beside it why, as text that keeps its size)."""
    k = len(cards)
    width = FAN_MIN
    if not k:
        body = [svg("rect", x=2, y=4, width=CW, height=CH, rx=6, fill="none", stroke="#c9b7a7", stroke_width=1.3,
                    stroke_dasharray="5 4")]
    else:
        step = max(float(INDEX_W + 2), min(34.0, (FAN_FIT - CW - 6) / max(1, k - 1)))
        width = max(width, int(6 + (k - 1) * step + CW))
        body = []
        for j, (card, mark) in enumerate(zip(cards, marks)):
            inner = card_face(card, mark)
            if j == k - 1 and fresh:
                inner = svg("g", inner, class_="fresh")
            body.append(svg("g", inner, transform=f"translate({2 + j * step:.1f} 4)"))
    return svg("svg", *body, viewBox=f"0 0 {width} {FAN_H}", width=int(width * FAN_SCALE),
               height=int(FAN_H * FAN_SCALE), class_="fan", role="img", aria_label=label,
               preserveAspectRatio="xMinYMid meet")


# --- pieces of the table: plain values in, markup out ---------------------------------


def countdown_bar(remaining: int, total: int) -> Markup:
    """The last-call countdown with `remaining` of `total` ms left."""
    return h("div", {"data-part": "countdown", "class": "countdown" + (" urgent" if remaining < 2000 else ""),
                     "role": "timer", "data-remaining": remaining,
                     "aria-label": ngettext("{count} second left to grab", "{count} seconds left to grab",
                                            round(remaining / 1000)).format(count=round(remaining / 1000))},
             h("span", {"class": "countdown-label"}, _("Last call")),
             h("span", {"class": "countdown-track"},
               h("span", {"class": "countdown-fill", "style": f"width:{remaining / total * 100:.1f}%"})),
             h("span", {"class": "countdown-secs"}, _("{seconds} s").format(seconds=number(remaining / 1000, 1))))


def token_flash(delta: int) -> Markup:
    """Hearts won or lost (animated from when it is put on the page)."""
    return h("span", {"class": "token-flash " + ("gain" if delta > 0 else "loss"), "data-flash": delta},
             f"{delta:+d} ".replace("-", "−"), h("span", {"class": "flash-heart"}, "♥"))


def burst(grabber: int, name: str) -> Markup:
    """"It's mine!" over a pile just grabbed (animated from when it is put on the page:
    drawn the same until it is over, so a redraw never restarts or skips it)."""
    return h("div", {"class": f"burst p{grabber}", "data-burst": grabber, "role": "presentation"},
             h("span", {"class": "burst-word"}, _("It's mine!")), h("span", {"class": "burst-name"}, name))


PART_KINDS = ("one", "both", "cherries", "closed", "hearts")  # the sheet's breakdown columns


def score_sheet(result: dict, totals: list, names: list[str]) -> Markup:
    """How one round was scored, seat by seat (the rules' itemised `detail`). On a phone a
    row is two lines: the player, this round and the total first, then the breakdown, each
    number under its column's words on the head's second line."""
    best = max(totals)
    parts = (_("1 match"), _("2 matches"), _("Cherries"), _("Closed"), _("Hearts"))
    rows = []
    for p, d in enumerate(result["detail"]):
        # (each column's points, but "both" says how they came: so many cards, two points each)
        both = ngettext("{count} card × 2", "{count} cards × 2", d["both"]).format(count=d["both"]) if d["both"] else "0"
        values = (str(d["one"]), both, str(d["cherries"]),
                  f"{closed_points(d['closed']):+d}".replace("-", "−") if d["closed"] else "0", str(d["tokens"]))
        rows.append(h("tr", {"class": "leader" if totals[p] == best else None, "data-score-row": p},
                      h("th", {"scope": "row"}, h("span", {"class": f"seat-dot p{p}", "aria-hidden": "true"}), " ", names[p]),
                      h("td", {"class": "fav-cell"}, favourite_badges(result["favourites"][p])),
                      *[h("td", {"class": f"part part-{kind}"}, value) for kind, value in zip(PART_KINDS, values)],
                      h("td", {"class": "round-total"}, f"{d['total']:+d}"),
                      h("td", {"class": "total"}, str(totals[p]))))
    head = h("tr", None, *[h("th", {"scope": "col", "class": kind}, t) for kind, t in (
        ("player", _("Player")), ("fav-head", _("Favourites")), *[(f"part part-{kind}", t) for kind, t in zip(PART_KINDS, parts)],
        ("round-total", _("This round")), ("total", _("Total")))])
    return h("div", {"class": "scores-scroll"},
             h("table", {"class": "round-scores", "data-scores": result["round"]}, h("thead", None, head), h("tbody", None, *rows)))


def _round_head(round_no: int, final: bool) -> Markup:
    """A round's column: "R1" beside the board; on the end screen "Round 1" ("R1" on a phone)."""
    short = _("R{round}").format(round=round_no)
    if not final:
        return h("span", None, short)
    return join(h("span", {"class": "head-long"}, _("Round {round}").format(round=round_no)),
                h("span", {"class": "head-short"}, short))


def rounds_table(history: list, totals: list, names: list[str], final: bool) -> Markup:
    """Each finished round's score and the totals: beside the board, or (`final`) on
    the end screen."""
    head = h("tr", None, h("th", None, _("Player")),
             *[h("th", None, _round_head(r["round"], final)) for r in history],
             h("th", None, _("Total")))
    # (the end screen's only scores: the best first, starred)
    order = sorted(range(len(totals)), key=lambda p: -totals[p]) if final else range(len(totals))
    rows = [h("tr", {"data-summary-row": p, "class": "winner" if totals[p] == max(totals) else None} if final else None,
              h("th", {"scope": "row"}, names[p]),
              *[h("td", None, f"{r['scores'][p]:+d}") for r in history],
              h("td", None if final else {"class": "total"}, str(totals[p])))
            for p in order]
    attrs = {"class": "final-scores rounds", "data-summary": ""} if final else {"class": "mini-scores"}
    table = h("table", attrs, h("thead", None, head), h("tbody", None, *rows))
    return h("div", {"class": "scores-scroll"}, table) if final else table


END_REASONS = {
    "countdown": N_("Time's up: nobody took the piles still on the table."),
    "tokens": N_("Nobody holds a heart any more."),
    "cleared": N_("The table is cleared."),
}


def round_over(result: dict, sheet: Markup, rounds: int) -> Markup:
    """The dialog between rounds: why the round ended, its score sheet, Next round."""
    reason = END_REASONS.get(result["end"])
    return h("div", {"class": "overlay", "role": "dialog", "aria-modal": "true", "aria-label": _("Round {round} scores").format(round=result["round"])},
             h("div", {"class": "overlay-card score-card"},
               h("h2", None, _("Round {round} of {rounds} is over").format(round=result["round"], rounds=rounds)),
               h("p", {"class": "why"}, _(reason) if reason else ""),
               sheet,
               h("p", {"class": "fine"}, _("1 point per card matching one favourite, 2 for both; cherries +1; "
                                           "closed −1 each (all three: +3); +1 per heart kept.")),
               h("p", {"class": "end-buttons"},
                 h("button", {"type": "button", "class": "start", "data-action": "next-round"},
                   _("Next round ({round} of {rounds})").format(round=result["round"] + 1, rounds=rounds)),
                 h("button", {"type": "button", "class": "secondary", "data-action": "new-game"}, _("New game")))))


def deck_slot(i: int, count: int, name: str, yours: bool = False) -> Markup:
    """Seat i's draw pile as a picture (flipping is the hand bar's Flip control)."""
    label = (ngettext("Your draw pile: {count} card", "Your draw pile: {count} cards", count) if yours
             else ngettext("{player}'s draw pile: {count} card", "{player}'s draw pile: {count} cards", count))
    return h("div", {"class": "draw-slot", "data-part": f"draw{i}", "data-draw": count},
             h("div", {"class": "deck", "role": "img", "aria-label": label.format(player=name, count=count)}, deck_picture(count)))
