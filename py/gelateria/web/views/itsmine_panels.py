"""It's Mine! table pieces around the cards: a seat's name line, its grab controls,
the hand bar (the flip control with your favourites, pinned under the piles) and the
help text. Plain values in, markup out; the pictures are in itsmine_art.py.

Steady layout: everything that comes and goes during play (whose flip it is, the pause
after a call, a player's favourites while peeking) is drawn over the table or in a
slot of fixed size, never pushing a pile.
"""

from __future__ import annotations


from gelateria.core.i18n import _, ngettext, pgettext
from gelateria.games.itsmine.rules import CHERRIES, CLOSED, card_name, flavour_name, flavour_of, shape_name, shape_of
from gelateria.web.markup import Markup, fill, h
from gelateria.web.views.itsmine_art import (
    fan_picture, favourite_badges, heart_icon, hearts, kbd, pile_picture, rounds_table,
)
from gelateria.web.views.itsmine_keys import key_label


def seat_head(i: int, name: str, tag: str, tokens: int, draw: int, won: list, flips_next: bool, yours: bool = False) -> Markup:
    """A seat's name line: pile number, name, who plays it, what is left and taken,
    hearts; whose turn it is to flip is a tab on the card's edge (it takes no room in the
    line), in the status's words: "Your turn" on your own seat (`yours`), else "flips next"."""
    cherries = sum(1 for c in won if c in CHERRIES)
    closed = sum(1 for c in won if c in CLOSED)
    extras = ([ngettext("{count} cherry", "{count} cherries", cherries).format(count=cherries)] if cherries else []) + (
        [ngettext("{count} closed", "{count} closed", closed).format(count=closed)] if closed else [])
    taken = (_("{count} taken ({extras})").format(count=len(won), extras=_(", ").join(extras)) if extras
             else _("{count} taken").format(count=len(won)))
    return h("div", {"class": "seat-head", "data-part": f"head{i}", "data-tokens": tokens, "data-taken": len(won)},
             h("span", {"class": "pile-no", "aria-hidden": "true"}, str(i + 1)),
             h("span", {"class": "seat-name"}, name),
             h("span", {"class": "seat-tag"}, tag) if tag else None,
             h("span", {"class": "seat-meta"}, _("{count} to flip · {taken}").format(count=draw, taken=taken)),
             # always there (hidden when not), so a redraw keeps every span the same element
             h("span", {"class": "turn-flag", "data-turn-mark": "" if flips_next else None, "hidden": not flips_next},
               pgettext("itsmine seat badge", "Your turn") if yours else _("flips next")),
             hearts(tokens, hearts_words(tokens)))


def hearts_words(count: int) -> str:
    """A seat's hearts in words, as its hearts' accessible name."""
    return ngettext("{count} heart", "{count} hearts", count).format(count=count) if count else _("no hearts left")


def fan_slot(i: int, cards: list, marks: list, fresh: bool, name: str, taken_by: str | None,
             favourite=None, yours: bool = False, taken_by_you: bool = False) -> Markup:
    """Pile i's open cards (a box of fixed size); an empty pile says why in words.
    `marks`: each card's matches with `favourite` (the viewer's, None when hidden);
    `yours`: the pile is the one human's; `taken_by_you`: the one human took it."""
    k = len(cards)
    empty = (_("No cards face up") if taken_by is None else _("Taken by you") if taken_by_you
             else _("Taken by {player}").format(player=taken_by))
    if k:
        label = (ngettext("Your open pile, {count} card: {cards}", "Your open pile, {count} cards: {cards}", k) if yours
                 else ngettext("{player}'s open pile, {count} card: {cards}", "{player}'s open pile, {count} cards: {cards}", k)
                 ).format(player=name, count=k, cards=_(", ").join(card_name(c) for c in cards))
        matches = sum(1 for mark in marks if mark)
        if matches:
            label += " " + ngettext("({count} card matches your favourites)", "({count} cards match your favourites)",
                                    matches).format(count=matches)
    elif taken_by is not None:
        label = (_("Your open pile: empty, taken by {taker}") if yours
                 else _("{player}'s open pile: empty, taken by {taker}")).format(player=name, taker=taken_by)
    else:
        label = _("Your open pile: empty") if yours else _("{player}'s open pile: empty").format(player=name)
    return h("div", {"class": "fan-slot", "data-part": f"fan{i}", "data-cards": k},
             fan_picture(cards, marks, fresh, label),
             # A phone draws the top card large, the rest as edges, and says it in words beside
             # (the lines always there, empty when not said: nothing is seen to jump).
             pile_picture(cards, marks, fresh, label),
             h("span", {"class": "fan-empty", "aria-hidden": "true"}, "" if k else empty),
             h("span", {"class": "fan-top", "aria-hidden": "true", "data-card-label": ""},
               *(top_words(cards[-1], favourite) if k else ()),
               h("span", {"class": "pile-count"}, ngettext("{count} card", "{count} cards", k).format(count=k) if k > 1 else "")))


def top_words(card: int, favourite) -> list[Markup]:
    """The top card in words, a line each for its flavour and shape (a starred line is
    one of your favourites), or a special card and what it scores."""
    if card in CHERRIES:
        return [h("span", {"class": "top-word"}, card_name(card)), h("span", {"class": "top-worth"}, _("+1 point"))]
    if card in CLOSED:
        return [h("span", {"class": "top-word"}, _("closed")), h("span", {"class": "top-worth"}, _("−1 point, all 3: +3"))]
    words = ((flavour_name(flavour_of(card)), favourite is not None and flavour_of(card) == favourite[0]),
             (shape_name(shape_of(card)), favourite is not None and shape_of(card) == favourite[1]))
    return [h("span", {"class": "top-word" + (" match" if match else ""), "data-match": "" if match else None},
              h("span", {"class": "star", "aria-hidden": "true"}, "★") if match else None, word) for word, match in words]


def grab_controls(i: int, owner: str, hands: list[tuple], enabled: bool, yours: bool = False) -> Markup:
    """Pile i's "It's mine!" control(s), each with its key beside the label. `hands`:
    (seat, name, key) per human; one human gets one button, hot-seat humans one each
    (seat None: no humans, no buttons)."""
    buttons = []
    for seat, name, key in hands:
        shown = key_label(key) if key else None
        if len(hands) == 1:
            text = (_("It's mine!"), " ", kbd(shown) if shown else None)
            if yours:  # (the one human's own pile)
                label = (_("It's mine! {key}: take your own pile").format(key=shown) if shown
                         else _("It's mine!: take your own pile"))
            else:
                label = (_("It's mine! {key}: take {owner}'s pile").format(key=shown, owner=owner) if shown
                         else _("It's mine!: take {owner}'s pile").format(owner=owner))
        else:
            text = (name, " ", kbd(shown) if shown else None)
            label = (_("{player} {key}: {player} takes {owner}'s pile").format(player=name, key=shown, owner=owner) if shown
                     else _("{player}: {player} takes {owner}'s pile").format(player=name, owner=owner))
        buttons.append(h("button", {"type": "button", "class": "grab", "data-action": "grab", "data-pile": i,
                                    "data-hand": seat if len(hands) > 1 else None, "disabled": not enabled,
                                    "aria-label": label}, *text))
    return h("div", {"class": f"grab-row hands{len(hands)}", "data-part": f"grab{i}"}, *buttons)


def flip_control(kind: str, who: str, left: int, pause_left: int, pause_id: str) -> Markup:
    """The flip slot of the hand bar. `kind`: "solo" (your flip), "hotseat" (`who`'s
    flip, on the shared keyboard), "bot" (`who` flips next) or "none" (nobody can).
    While a call pauses play (`pause_left` ms), the control waits ("Paused…") with a
    bar running down; `pause_id` names that pause so its bar starts afresh."""
    meter = None
    if pause_left > 0:
        meter = h("span", {"class": "pause-meter", "id": pause_id, "aria-hidden": "true",
                           "style": f"animation-duration:{pause_left}ms"})
    if kind in ("solo", "hotseat"):
        waiting = pause_left > 0
        if kind == "solo":
            label = _("Paused…") if waiting else _("Flip")
        else:
            label = (_("Paused… then {player}") if waiting else _("Flip for {player}")).format(player=who)
        return h("div", {"class": "flip-slot", "data-part": "flip"},
                 h("button", {"type": "button", "class": "flip" + (" waiting" if waiting else ""), "data-action": "flip",
                              "aria-disabled": "true" if waiting else None, "data-paused": "" if waiting else None},
                   h("span", {"class": "flip-word"}, label), " ", kbd(space_key()),
                   h("small", {"class": "flip-left"}, _("You: {count} to flip").format(count=left)), meter))
    text = _("{player} flips next").format(player=who) if kind == "bot" else _("Nothing to flip")
    return h("div", {"class": "flip-slot", "data-part": "flip"},
             h("p", {"class": "flip-wait" + (" waiting" if pause_left > 0 else ""), "data-paused": "" if pause_left > 0 else None},
               h("span", {"class": "flip-word"}, _("Paused… {what}").format(what=text) if pause_left > 0 else text), meter))


def my_favourites(seat: int, favourite) -> Markup:
    """The one human's favourites, in the hand bar."""
    return h("div", {"class": "hand-favs", "aria-label": _("Your favourites"), "role": "group"},
             h("span", {"class": "hand-title"}, _("Your favourites")),
             h("span", {"class": "fav-line", "data-favourites": seat}, favourite_badges(favourite)),
             # (what the stars on the piles' cards mean, once, beside what they stand for; its
             # star drawn as the cards' gold tag, so the key reads as a key)
             h("span", {"class": "fav-key"}, *fill(_("{star} on a card: your flavour or shape"),
                                                   star=h("span", {"class": "star-tag"}, "★"))))


def tally(rows: list[tuple[int, str, int, int]], yours: int | None) -> Markup:
    """The hand bar's last lines: what a heart is for, then (under a heading) every seat's
    hearts and cards taken this round (`rows`: seat, name, hearts, cards; `yours`: the one human's seat,
    marked). The same lines all round: only numbers change, nothing moves."""
    items = [h("li", {"class": f"tally-row p{seat}" + (" me" if seat == yours else ""), "data-tally": seat,
                      "data-tokens": tokens, "data-taken": cards},
               h("span", {"class": "tally-name"}, name),
               h("span", {"class": "tally-hearts" + ("" if tokens else " spent"), "role": "img",
                          "aria-label": hearts_words(tokens)},
                 heart_icon(), str(tokens)),
               h("span", {"class": "tally-cards"}, ngettext("{count} card", "{count} cards", cards).format(count=cards)))
             for seat, name, tokens, cards in rows]
    return h("section", {"class": "tally", "data-part": "tally", "aria-label": _("Hearts and cards taken this round")},
             h("p", {"class": "tally-key"}, *fill(_("{heart} Each grab costs a heart; each heart kept scores 1."),
                                                  heart=heart_icon())),
             h("p", {"class": "tally-head"}, _("Cards taken, scored at the round's end")),
             h("ul", {"class": "tally-list"}, *items))


def peek_buttons(humans: list[tuple], shown: dict) -> Markup:
    """Hot-seat: one Peek button per human (`humans`: (seat, name)); their favourites
    float above the bar while the button is held (`shown`: seat -> favourite)."""
    buttons = [h("button", {"type": "button", "class": "secondary peek", "data-hold": "peek", "data-seat": seat,
                            "aria-pressed": "true" if seat in shown else "false",
                            "title": _("Hold to see {player}'s favourites").format(player=name)},
                 _("Peek: {player}").format(player=name))
               for seat, name in humans]
    # The favourites held open take the title's line, a line of fixed height: nothing
    # floats over the piles' grab buttons and nothing moves.
    pops = [h("span", {"class": "fav-pop", "data-favourites": seat}, _("{player}'s favourites:").format(player=name), " ",
              favourite_badges(shown[seat]))
            for seat, name in humans if seat in shown]
    return h("div", {"class": "hand-favs peeks", "role": "group", "aria-label": _("Secret favourites")},
             h("span", {"class": "hand-title peek-line"}, *(pops or [_("Hold to peek")])), *buttons)


def space_key() -> str:
    """The Space bar as a key cap."""
    return _("Space")


def keyed(text: str, **keys: str) -> list:
    """A translated sentence with key caps in it: each {name} becomes kbd(keys[name])."""
    return fill(text, **{name: kbd(key) for name, key in keys.items()})


def how_to_play(mode: str, n: int, groups: list[tuple[str, list[str]]]) -> Markup:
    """The Controls box for `mode` (solo, hotseat, replay or watch); `groups`: each
    hot-seat player's (name, keys for piles 1..n)."""
    pause = h("li", None, _("After a call of “It's mine!” nobody flips for a moment; grabs still count."))
    space = space_key()
    if mode == "solo":
        items = [h("li", {"class": "im-fine"}, *keyed(_("{space} or Flip: turn up your next card on your turn"), space=space)),
                 h("li", {"class": "im-fine"}, *keyed(_("{first}–{last} or “It's mine!”: grab that pile (costs a heart)"),
                                                       first="1", last=str(n))),
                 h("li", {"class": "im-coarse"}, _("Flip: turn up your next card on your turn")),
                 h("li", {"class": "im-coarse"}, _("“It's mine!” under a pile: grab it (costs a heart)")),
                 pause]
    elif mode == "hotseat":
        items = [h("li", {"class": "im-fine"},
                   _("Each player grabs with their own keys, pile 1 to {last} left to right:").format(last=n),
                   h("ul", {"class": "key-list"},
                     *[h("li", None, h("b", None, name), " ", *[kbd(key_label(k)) for k in keys]) for name, keys in groups])),
                 h("li", None, _("Or tap your name on a pile's button.")),
                 h("li", {"class": "im-fine"}, *keyed(_("{space} or Flip: flip for the player whose turn it is"), space=space)),
                 h("li", {"class": "im-coarse"}, _("Flip: flip for the player whose turn it is")),
                 h("li", None, _("Hold your Peek button to see your favourites")),
                 pause]
    elif mode == "replay":
        items = [h("li", None, *keyed(_("A replay at the game's own speed: {space} plays and pauses, {back} {forward} step."),
                                      space=space, back="←", forward="→"))]
    else:
        items = [h("li", None, _("Bots only: sit back and watch."))]
    return h("section", {"class": "how", "aria-label": _("Controls")},
             h("h2", None, _("Controls")), h("ul", None, *items))


def scoring_box() -> Markup:
    return h("section", {"class": "scoring", "aria-label": _("Scoring")},
             h("h2", None, _("Scoring")),
             h("p", {"class": "fine"}, _("Each card with your flavour or shape (★): 1 point; both (★★): 2. Cherry +1. "
                                        "Closed −1 each, all three +3. Each heart you keep: +1.")))


def totals_box(round_no: int, rounds: int, history: list, totals: list, names: list[str]) -> Markup:
    """Which round this is, and each finished round's scores so far."""
    return h("section", {"class": "totals", "aria-label": _("Scores so far")},
             h("h2", None, _("Round {round} of {rounds}").format(round=round_no, rounds=rounds)),
             h("p", {"class": "fine"}, _("Scores so far:") if history else _("No round scored yet.")),
             rounds_table(history, totals, names, final=False) if history else None)
