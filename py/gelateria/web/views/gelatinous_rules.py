"""Gelatinous rules-page pictures (screens.RulesScreen): the six die faces and the cube
of eight 3s, and each worked example (games/gelatinous/examples.py) as the table draws
it: the dice rolled, where each went, and the player's mat after the roll. Everything
is drawn by gelatinous_art from the rules' public view, inside an element of class
"gelatinous" so the play screen's styles apply."""

from __future__ import annotations

from gelateria.core.i18n import N_, _, and_list, ngettext, seat_label
from gelateria.games.gelatinous.rules import CUBE, GAME, WON
from gelateria.web.markup import Markup, fill, h
from gelateria.web.views.gelatinous_art import (SLOTS, dice, dice_row, flat_die, iso, iso_die, mat_art, rolled_words,
                                                 tally_marks)

FACE_MEANING = {  # (solitaire, multiplayer)
    1: (N_("goes to the reserve"), N_("is passed left")),
    2: (N_("stays in your hand"), N_("stays in your hand")),
    3: (N_("goes to the cube"), N_("goes to the cube")),
    4: (N_("stays in your hand"), N_("stays in your hand")),
    5: (N_("stays in your hand"), N_("stays in your hand")),
    6: (N_("brings a die back from the reserve"), N_("is passed right")),
}
DIE = 30  # a die's side in the pictures


def die_picture(face: int | None, label: str, kind: str = "hand", size: int = DIE) -> Markup:
    return h("svg", {"class": "gel-die", "viewBox": f"0 0 {size} {size}", "width": size, "height": size,
                     "role": "img", "aria-label": label}, flat_die(size, face, kind))


def face_label(face: int) -> str:
    return _("a {face}").format(face=face)


def cube_picture(label: str) -> Markup:
    """The finished cube: four dice on the bottom, four on top, all 3s."""
    left, top = iso(0, 2, 0)[0], iso(0, 0, 2)[1]
    right, bottom = iso(2, 0, 0)[0], iso(2, 2, 0)[1]
    box = f"{left - 2:.1f} {top - 2:.1f} {right - left + 4:.1f} {bottom - top + 4:.1f}"
    return h("svg", {"class": "gel-cube-pic", "viewBox": box, "role": "img", "aria-label": label},
             Markup("".join(iso_die(*SLOTS[slot]) for slot in range(CUBE))))


def components() -> Markup:
    faces = [h("li", None, die_picture(face, face_label(face), size=36),
               h("span", None, h("b", None, str(face)), " ", _(solo), *([" · ", _("multiplayer: {what}").format(what=_(multi))]
                                                                      if multi != solo else [])))
             for face, (solo, multi) in FACE_MEANING.items()]
    return h("div", {"class": "rules-components gelatinous gel-components"},
             h("div", {"class": "gel-kind"}, h("h3", None, _("The dice")),
               h("ul", {"class": "gel-face-list"}, *faces)),
             h("div", {"class": "gel-kind"}, h("h3", None, _("The cube")),
               h("p", {"class": "gel-component"},
                 cube_picture(_("A cube of eight dice, all 3s")),
                 h("span", None, _("Eight 3s: four on the bottom, four on top. Complete it to win.")))))


# --- an example: the roll and the mats after it ----------------------------------------

def where_words(where: str, seat: int, players: int) -> tuple[str, int | None]:
    """Where dice went, as a sentence with {player} in it, and that player's seat."""
    if where == "cube":
        return _("to the cube"), None
    if where == "reserve":
        return _("to the reserve"), None
    if where == "left":
        return _("left to {player}"), (seat + 1) % players
    if where == "right":
        return _("right to {player}"), (seat - 1) % players
    return _("stay in hand"), None


def where_label(words: str, player: int | None) -> tuple[Markup, str]:
    """A row's label, the player's name kept on one line (never "Player" above "3"), and
    the same words as plain text."""
    if player is None:
        return h("span", {"class": "gel-where"}, words), words
    name = seat_label(player)
    return (h("span", {"class": "gel-where"}, *fill(words, player=h("span", {"class": "gel-name"}, name))),
            words.format(player=name))


def journeys(view: dict, seat: int) -> Markup:
    """One player's roll: every face in rolled order, then the dice by where they went
    (and, after, the dice that came back from the reserve or from the neighbours)."""
    p = view["players"][seat]
    last, players = p["last"], len(view["players"])
    faces = last["faces"]
    rows = [h("li", {"class": "gel-rolled"}, h("span", {"class": "gel-where"}, _("Rolled")),
              dice_row(faces, rolled_words(faces)))]
    for where in ("cube", "reserve", "left", "right", "hand"):
        went = [f for f, d in zip(faces, last["dest"]) if d == where]
        if went:
            label, words = where_label(*where_words(where, seat, players))
            rows.append(h("li", {"data-went": where}, label,
                          dice_row(went, _("{faces} {where}").format(faces=and_list(went), where=words))))
    # Dice from the reserve come unrolled; a neighbour's keep the face they were passed for.
    came = [(last.get("from_reserve", 0), None, where_label(_("back from the reserve"), None), "reserve")]
    came += [(got["dice"], got["face"], where_label(_("from {player}"), got["from"]), "got")
             for got in last.get("received", [])]
    for count, face, (label, words), kind in came:
        if count:
            rows.append(h("li", {"data-came": kind}, label, dice_row([face] * count, f"{dice(count)} {words}", kind)))
    return h("ul", {"class": "gel-journeys"}, *rows)


def player_after(view: dict, seat: int) -> Markup:
    p = view["players"][seat]
    return h("div", {"class": f"gel-example-mat p{seat}", "data-seat": seat},
             h("h3", None, h("span", {"class": f"seat-dot p{seat}", "aria-hidden": "true"}), seat_label(seat)),
             journeys(view, seat),
             mat_art(view, seat, False),
             h("div", {"class": "tally-row"}, h("span", {"class": "tally-label"}, _("Rolls")), tally_marks(p["tally"], False, 300)))


def picture(example, outcome) -> Markup:
    view = GAME.view(outcome.after, None)
    mats = [player_after(view, seat) for seat in range(len(view["players"]))]
    return h("div", {"class": f"gelatinous gel-example gel-example-{view['mode']}"}, *mats)


def result(example, outcome) -> str:
    if outcome.refusal:
        return _("Not allowed: {reason}").format(reason=outcome.refusal)
    view = GAME.view(outcome.after, None)
    players = view["players"]
    if view["mode"] == "multi":
        return _("After the round: {players}.").format(players=_("; ").join(
            _("{player} has {cube} of 8 in the cube and {dice} in hand").format(
                player=seat_label(seat), cube=p["cube"], dice=dice(p["hand"]))
            for seat, p in enumerate(players)))
    p = players[0]
    if p["status"] == WON:
        return ngettext("The cube is complete after {tally} roll with {dice} left in hand: score {tally} − {hand} = {score}.",
                        "The cube is complete after {tally} rolls with {dice} left in hand: score {tally} − {hand} = {score}.",
                        p["tally"]).format(tally=p["tally"], dice=dice(p["hand"]), hand=p["hand"], score=p["score"])
    return ngettext("Cube {cube} of 8, {dice} in hand, {reserve} in the reserve after {tally} roll.",
                    "Cube {cube} of 8, {dice} in hand, {reserve} in the reserve after {tally} rolls.",
                    p["tally"]).format(cube=p["cube"], dice=dice(p["hand"]), reserve=p["reserve"], tally=p["tally"])
