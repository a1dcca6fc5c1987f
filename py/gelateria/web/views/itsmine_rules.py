"""It's Mine! rules-page pictures (screens.RulesScreen): every kind of card, the
favourite cards and the catch token, and each worked example (games/itsmine/examples.py)
drawn with the table's own art (itsmine_art): the open piles with the points each card
is worth to you, the hearts before and after a grab, and the round's score sheet as
the rules work it out. The pictures sit inside an element of class "itsmine" so the
play screen's styles apply; their shared patterns are `defs()`."""

from __future__ import annotations

from gelateria.core.i18n import _, ngettext, seat_label
from gelateria.games.itsmine.rules import (
    CHERRIES, CLOSED, FLAVOURS, GAME, card_name, card_points, closed_points, flavour_name, shape_name,
)
from gelateria.web.markup import Markup, h, svg
from gelateria.web.views import itsmine_art as art

YOU = 0  # every example is seen from Player 1's seat


def defs() -> Markup:
    return art.defs()


def card_picture(card: int, mark: int = 0) -> Markup:
    return svg("svg", art.card_face(card, mark), viewBox=f"0 0 {art.CW} {art.CH}", class_="im-card", role="img",
               aria_label=card_name(card))


def favourite_card(title: str, name: str, symbol: Markup) -> Markup:
    """A favourite-flavour or favourite-shape card: its picture on a card of the deck's size."""
    return svg("svg",
               svg("rect", x=0.5, y=0.5, width=art.CW - 1, height=art.CH - 1, rx=6, fill="#fff8d6", stroke="#d4a72c",
                   stroke_width=1.4),
               svg("text", "♥", x=art.CW / 2, y=14, font_size=10, fill="#e63b5a", text_anchor="middle"),
               symbol,
               svg("text", name, x=art.CW / 2, y=78, font_size=8.5, font_weight=700, fill="#5b3b2b", text_anchor="middle",
                   **art.fit(name, 8.5, art.CW - 8)),
               viewBox=f"0 0 {art.CW} {art.CH}", class_="im-card", role="img", aria_label=title)


def labelled(picture: Markup, label: str) -> Markup:
    return h("li", None, picture, h("span", None, label))


def components() -> Markup:
    """An ice cream of every flavour and every shape, the cherry, the Closed sign, a
    favourite flavour and a favourite shape card, a draw pile and the catch token."""
    ice = [i * 10 + i * 2 for i in range(len(FLAVOURS))]  # flavour i in shape i: every flavour and every shape once
    flavour, shape = 0, 0
    flavour_title = _("Favourite flavour: {flavour}").format(flavour=flavour_name(flavour))
    shape_title = _("Favourite shape: {shape}").format(shape=shape_name(shape))
    token = _("A catch token")
    return h("div", {"class": "rules-components itsmine im-components"},
             h("div", {"class": "im-kind im-kind-wide"}, h("h3", None, _("Ice-cream cards")),
               h("p", {"class": "im-note"}, _("5 flavours, each in 5 shapes, two of each: 50 cards.")),
               h("ul", {"class": "im-card-list"}, *[labelled(card_picture(c), card_name(c)) for c in ice])),
             h("div", {"class": "im-kind"}, h("h3", None, _("Special cards")),
               h("ul", {"class": "im-card-list"},
                 labelled(card_picture(CHERRIES[0]), _("Cherry: +1 (2 in the deck)")),
                 labelled(card_picture(CLOSED[0]), _("Closed sign: −1, all three +3 (3 in the deck)")))),
             h("div", {"class": "im-kind"}, h("h3", None, _("Your secret favourites")),
               h("ul", {"class": "im-card-list"},
                 labelled(favourite_card(flavour_title, flavour_name(flavour), art.flavour_badge(flavour, art.CW / 2, 42, 20)),
                          _("A favourite-flavour card")),
                 labelled(favourite_card(shape_title, shape_name(shape), art.shape_use(shape, 11, 22, 40, None)),
                          _("A favourite-shape card")))),
             h("div", {"class": "im-kind"}, h("h3", None, _("On the table")),
               h("ul", {"class": "im-card-list"},
                 labelled(h("span", {"class": "im-deck", "role": "img", "aria-label": _("A draw pile of 8 cards")},
                            art.deck_picture(8)), _("Your draw pile, face down")),
                 labelled(h("span", {"class": "im-token"}, art.hearts(1, token)),
                          _("A catch token (2 each): put it on a pile to take it"))))
             )


# --- the examples ----------------------------------------------------------------------

def points(favourite, cards) -> list[int]:
    """What each card is worth to the holder of `favourite` (the gold star tags)."""
    return [card_points(c, favourite) for c in cards]


def pile_label(seat: int, cards) -> str:
    if not cards:
        return _("{player}'s open pile: empty").format(player=seat_label(seat))
    return ngettext("{player}'s open pile, {count} card: {cards}", "{player}'s open pile, {count} cards: {cards}",
                    len(cards)).format(player=seat_label(seat), count=len(cards), cards=_(", ").join(map(card_name, cards)))


def hearts_of(count: int, seat: int) -> Markup:
    return art.hearts(count, ngettext("{player}: {count} heart", "{player}: {count} hearts", count).format(
        player=seat_label(seat), count=count))


def seat_tile(before: dict, after: dict | None, seat: int, grabbed: list[int]) -> Markup:
    """One place at the table before the grab (views seen from your seat): name, hearts
    (and after the grab, if they changed), the open pile with each card's points to you,
    "It's mine!" on the one taken."""
    cards = before["open"][seat]
    hearts = [hearts_of(before["tokens"][seat], seat)]
    if after is not None and after["tokens"][seat] != before["tokens"][seat]:
        hearts += [h("span", {"class": "im-then", "aria-hidden": "true"}, "→"), hearts_of(after["tokens"][seat], seat)]
    claim = h("span", {"class": "im-claim"}, _("It's mine!")) if seat in grabbed else None
    name = _("{player} (you)").format(player=seat_label(seat)) if seat == YOU else seat_label(seat)
    return h("div", {"class": f"im-place p{seat}" + (" grabbed" if seat in grabbed else ""), "data-seat": seat},
             h("p", {"class": "im-place-head"}, h("span", {"class": f"seat-dot p{seat}", "aria-hidden": "true"}),
               h("b", None, name), *hearts),
             h("div", {"class": "im-pile"},
               art.fan_picture(list(cards), points(before["favourite"], cards), False, pile_label(seat, cards)) if cards
               else h("span", {"class": "im-empty"}, _("No cards face up")),
               claim))


def favourites_line(view: dict) -> Markup:
    return h("p", {"class": "im-your-favs"}, h("span", None, _("Your favourites")), art.favourite_badges(view["favourite"]))


def seen(outcome) -> tuple[dict, dict | None]:
    """The example before and after its move, as you (Player 1) see the table."""
    return (GAME.view(outcome.before, YOU),
            GAME.view(outcome.after, YOU) if outcome.after is not None else None)


def picture(example, outcome) -> Markup:
    before, after = seen(outcome)
    move = example.move or {}
    grabbed = list(move.get("p", [])) if move.get("a") == "g" else []
    places = [seat_tile(before, after, seat, grabbed) for seat in range(before["players"])]
    parts = [favourites_line(before), h("div", {"class": "im-places"}, *places)]
    if after is not None and after["history"]:
        won = after["won"][YOU]
        favourite = after["favourites"][YOU]  # the round is scored: everyone's are revealed
        parts.append(h("div", {"class": "im-taken"}, h("h3", None, _("Your cards at the end of the round")),
                       art.fan_picture(won, points(favourite, won), False,
                                       _("Your cards: {cards}").format(cards=_(", ").join(map(card_name, won))))))
        names = [seat_label(seat) for seat in range(after["players"])]
        parts.append(art.score_sheet(after["history"][-1], after["totals"], names))
    return h("div", {"class": "itsmine im-example"}, *parts)


def result(example, outcome) -> str:
    if outcome.refusal:
        return _("Not allowed: {reason}").format(reason=outcome.refusal)
    before, after = seen(outcome)
    if after["history"]:
        d = after["history"][-1]["detail"][YOU]
        return _("{player} scores {total}: {one} × 1 for one favourite, {both} × 2 for both, {cherries} for cherries, "
                 "{closed} for Closed signs, {tokens} for catch tokens.").format(
            player=seat_label(YOU), total=d["total"], one=d["one"], both=d["both"], cherries=d["cherries"],
            closed=f"{closed_points(d['closed']):+d}".replace("-", "−"), tokens=d["tokens"])
    pile = example.move["p"][0]
    cards = before["open"][pile]
    taken = ngettext("You take {count} card, worth {points} to you", "You take {count} cards, worth {points} to you",
                     len(cards)).format(count=len(cards), points=sum(points(before["favourite"], cards)))
    if pile == YOU:
        return _("{taken}; your catch token goes back to the box. Catch tokens now: you {mine}, the box {box}.").format(
            taken=taken, mine=after["tokens"][YOU], box=after["box"])
    return _("{taken}; your catch token goes to {owner}. Catch tokens now: you {mine}, {owner} {theirs}.").format(
        taken=taken, owner=seat_label(pile), mine=after["tokens"][YOU], theirs=after["tokens"][pile])
