"""It's Mine! table pieces around the cards: a seat's name line, its grab controls,
the hand bar (the flip control with your favourites, pinned under the piles) and the
help text. Plain values in, markup out; the pictures are in itsmine_art.py.

Steady layout: everything that comes and goes during play (whose flip it is, the pause
after a call, a player's favourites while peeking) is drawn over the table or in a
slot of fixed size, never pushing a pile.
"""

from __future__ import annotations

from gelateria.games.itsmine.rules import CHERRIES, CLOSED, card_name
from gelateria.web.markup import Markup, h
from gelateria.web.views.itsmine_art import fan_picture, favourite_badges, hearts, kbd, rounds_table
from gelateria.web.views.itsmine_keys import key_label


def seat_head(i: int, name: str, tag: str, tokens: int, draw: int, won: list, flips_next: bool) -> Markup:
    """A seat's name line: pile number, name, who plays it, what is left and taken,
    hearts; "flips next" is a tab on the card's edge (it takes no room in the line)."""
    cherries = sum(1 for c in won if c in CHERRIES)
    closed = sum(1 for c in won if c in CLOSED)
    extras = ([f"{cherries} cherr{'ies' if cherries > 1 else 'y'}"] if cherries else []) + ([f"{closed} closed"] if closed else [])
    taken = f"{len(won)} taken" + (f" ({', '.join(extras)})" if extras else "")
    return h("div", {"class": "seat-head", "data-part": f"head{i}", "data-tokens": tokens, "data-taken": len(won)},
             h("span", {"class": "pile-no", "aria-hidden": "true"}, str(i + 1)),
             h("span", {"class": "seat-name"}, name),
             h("span", {"class": "seat-tag"}, tag),
             h("span", {"class": "seat-meta"}, f"{draw} to flip · {taken}"),
             # always there (hidden when not), so a redraw keeps every span the same element
             h("span", {"class": "turn-flag", "data-turn-mark": "" if flips_next else None, "hidden": not flips_next}, "flips next"),
             hearts(tokens, f"{tokens} heart{'s' if tokens != 1 else ''}"))


def fan_slot(i: int, cards: list, marks: list, fresh: bool, name: str, taken_by: str | None) -> Markup:
    """Pile i's open cards (a box of fixed size); an empty pile says why in words."""
    k = len(cards)
    empty = f"Taken by {taken_by}" if taken_by is not None else "No cards face up"
    if k:
        label = f"{name}'s open pile, {k} card{'s' if k != 1 else ''}: " + ", ".join(card_name(c) for c in cards)
    else:
        label = f"{name}'s open pile: " + ("empty, " + empty.lower() if taken_by is not None else "empty")
    return h("div", {"class": "fan-slot", "data-part": f"fan{i}", "data-cards": k},
             fan_picture(cards, marks, fresh, label),
             None if k else h("span", {"class": "fan-empty", "aria-hidden": "true"}, empty))


def grab_controls(i: int, owner: str, hands: list[tuple], enabled: bool) -> Markup:
    """Pile i's "It's mine!" control(s), each with its key beside the label. `hands`:
    (seat, name, key) per human; one human gets one button, hot-seat humans one each
    (seat None: no humans, no buttons)."""
    buttons = []
    for seat, name, key in hands:
        shown = key_label(key) if key else None
        if len(hands) == 1:
            text, label = ("It's mine! ", kbd(shown) if shown else None), f"It's mine!{' ' + shown if shown else ''}: take {owner}'s pile"
        else:
            text, label = (name, " ", kbd(shown) if shown else None), f"{name}{' ' + shown if shown else ''}: {name} takes {owner}'s pile"
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
        label = ("Paused…" if waiting else "Flip") if kind == "solo" else (f"Paused… then {who}" if waiting else f"Flip for {who}")
        return h("div", {"class": "flip-slot", "data-part": "flip"},
                 h("button", {"type": "button", "class": "flip" + (" waiting" if waiting else ""), "data-action": "flip",
                              "aria-disabled": "true" if waiting else None, "data-paused": "" if waiting else None},
                   h("span", {"class": "flip-word"}, label), " ", kbd("Space"),
                   h("small", {"class": "flip-left"}, f"{left} left"), meter))
    text = f"{who} flips next" if kind == "bot" else "Nothing to flip"
    return h("div", {"class": "flip-slot", "data-part": "flip"},
             h("p", {"class": "flip-wait" + (" waiting" if pause_left > 0 else ""), "data-paused": "" if pause_left > 0 else None},
               h("span", {"class": "flip-word"}, "Paused… " if pause_left > 0 else None, text), meter))


def my_favourites(seat: int, favourite) -> Markup:
    """The one human's favourites, in the hand bar."""
    return h("div", {"class": "hand-favs", "aria-label": "Your favourites", "role": "group"},
             h("span", {"class": "hand-title"}, "Your favourites"),
             h("span", {"class": "fav-line", "data-favourites": seat}, favourite_badges(favourite)))


def peek_buttons(humans: list[tuple], shown: dict) -> Markup:
    """Hot-seat: one Peek button per human (`humans`: (seat, name)); their favourites
    float above the bar while the button is held (`shown`: seat -> favourite)."""
    buttons = [h("button", {"type": "button", "class": "secondary peek", "data-hold": "peek", "data-seat": seat,
                            "aria-pressed": "true" if seat in shown else "false",
                            "title": f"Hold to see {name}'s favourites"}, f"Peek: {name}")
               for seat, name in humans]
    pops = [h("p", {"class": "fav-pop", "data-favourites": seat}, f"{name}'s favourites: ", favourite_badges(shown[seat]))
            for seat, name in humans if seat in shown]
    return h("div", {"class": "hand-favs peeks", "role": "group", "aria-label": "Secret favourites"},
             h("span", {"class": "hand-title"}, "Hold to peek"), *buttons, *pops)


def how_to_play(mode: str, n: int, groups: list[tuple[str, list[str]]]) -> Markup:
    """The Controls box for `mode` (solo, hotseat, replay or watch); `groups`: each
    hot-seat player's (name, keys for piles 1..n)."""
    if mode == "solo":
        items = [h("li", None, kbd("Space"), " or Flip: turn up your next card on your turn"),
                 h("li", None, kbd("1"), "–", kbd(str(n)), " or “It's mine!”: grab that pile (costs a heart)"),
                 h("li", None, "After a call of “It's mine!” nobody flips for a moment; grabs still count.")]
    elif mode == "hotseat":
        items = [h("li", None, "Each player grabs with their own keys, pile 1 to ", str(n), " left to right:",
                   h("ul", {"class": "key-list"},
                     *[h("li", None, h("b", None, name), " ", *[kbd(key_label(k)) for k in keys]) for name, keys in groups])),
                 h("li", None, "Or tap your name on a pile's button."),
                 h("li", None, kbd("Space"), " or Flip: flip for the player whose turn it is"),
                 h("li", None, "Hold your Peek button to see your favourites"),
                 h("li", None, "After a call of “It's mine!” nobody flips for a moment; grabs still count.")]
    elif mode == "replay":
        items = [h("li", None, "A replay at the game's own speed: ", kbd("Space"), " plays and pauses, ",
                   kbd("←"), " ", kbd("→"), " step.")]
    else:
        items = [h("li", None, "Bots only: sit back and watch.")]
    return h("section", {"class": "how", "aria-label": "Controls"}, h("h2", None, "Controls"), h("ul", None, *items))


SCORING = ("Each card with your flavour or shape: 1 point; both: 2 (gold tags). Cherry +1. "
           "Closed −1 each, all three +3. Each heart you keep: +1.")


def scoring_box() -> Markup:
    return h("section", {"class": "scoring", "aria-label": "Scoring"}, h("h2", None, "Scoring"), h("p", {"class": "fine"}, SCORING))


def totals_box(round_no: int, rounds: int, history: list, totals: list, names: list[str]) -> Markup:
    """Which round this is, and each finished round's scores so far."""
    return h("section", {"class": "totals", "aria-label": "Scores so far"},
             h("h2", None, f"Round {round_no} of {rounds}"),
             h("p", {"class": "fine"}, "Scores so far:" if history else "No round scored yet."),
             rounds_table(history, totals, names, final=False) if history else None)
