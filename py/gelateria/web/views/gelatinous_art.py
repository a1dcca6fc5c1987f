"""Gelatinous pictures: dice seen from above, the isometric jelly cube, a player's mat
(cube, hand tray, reserve) with the last roll's journeys, tally marks, the histogram of
final scores and the jelly that eats everyone.

Animation: a freshly rolled board carries the class `gel-fresh` and CSS variables
(--k: speed factor; per die --d delay, --ax/--ay start offset). The final state is
always drawn; animations only start elements elsewhere and bring them home, so
skipping (click, key) or prefers-reduced-motion simply shows the final picture.
Redraws morph the page (elements that match stay), and a CSS animation starts only on
an element that is new or newly matches: so each round's pictures carry an id with the
round in it (`art_id`), which makes every roll's SVGs new elements that animate, while
a redraw within the same round (settling, Auto, the sheet) keeps them as they are.

Everything here draws from the rules' public view (`GAME.view`) and plain numbers.
"""

from __future__ import annotations

from math import ceil, cos, radians

from gelateria.core.i18n import N_, _, and_list, ngettext, percent
from gelateria.games.gelatinous.rules import CALLER, CUBE, EATEN, ELIMINATED, LOST, PLAYING, WON
from gelateria.web.markup import Markup, fill, h, join, points, svg

# --- timing -----------------------------------------------------------------------------
# Seconds at speed factor k = 1: the dice tumble, then travel (cube / reserve /
# neighbours), then dice come back from the reserve or arrive from neighbours.
T_ROLL, T_MOVE1, T_MOVE2, T_TRAVEL = 0.6, 0.6, 1.1, 0.45
ANIM_MS = int((T_MOVE2 + T_TRAVEL) * 1000)  # 1550 ms for a whole roll at k = 1

STATUS_TEXT = {PLAYING: N_("Rolling"), WON: N_("Won"), LOST: N_("Lost"), ELIMINATED: N_("Out of dice"), EATEN: N_("Eaten")}
STATUS_ICON = {PLAYING: "", WON: "★ ", LOST: "✕ ", ELIMINATED: "✕ ", EATEN: "☠ "}
PLAYER_COLOURS = ["#d6336c", "#1c7ed6", "#2b8a3e", "#e67700", "#7048e8", "#495057"]
# Where a player's rolled 1s and 6s go, in words (multiplayer): (way, to a player, to you).
PASSES = (("left", N_("1s go to {player}"), N_("1s go to you")), ("right", N_("6s go to {player}"), N_("6s go to you")))

# Pips on a die face, as fractions of its side.
PIPS = {
    1: [(.5, .5)],
    2: [(.27, .27), (.73, .73)],
    3: [(.27, .27), (.5, .5), (.73, .73)],
    4: [(.27, .27), (.73, .27), (.27, .73), (.73, .73)],
    5: [(.27, .27), (.73, .27), (.5, .5), (.27, .73), (.73, .73)],
    6: [(.27, .25), (.27, .5), (.27, .75), (.73, .25), (.73, .5), (.73, .75)],
}

# --- the mat's geometry (one SVG per player, user units) -------------------------------
W = 360
CUBE_S = 27  # side of a die in the cube
ISO_C = cos(radians(30))
CUBE_OX, CUBE_OY = 72, 88  # where the cube's back-bottom corner (0, 0, 0) is drawn
# The order dice fill the cube: bottom layer back to front, then the top layer.
SLOTS = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1), (1, 0, 1), (0, 1, 1), (1, 1, 1)]
TRAY_X, TRAY_Y, TRAY_W = 150, 26, 204
RES_D, RES_GAP = 22, 4.5
PASS_DX = 170  # how far a passed die flies towards its neighbour's mat


def pct(p: float) -> str:
    """A chance as a whole percentage, never rounded to a false 0% or 100%."""
    if p <= 0:
        return percent(0)
    if p < 0.01:
        return "<" + percent(0.01)
    if p > 0.99 and p < 1:
        return ">" + percent(0.99)
    return percent(round(p * 100) / 100)


def fnum(x: float, digits: int = 2) -> str:
    return f"{x:.{digits}f}".rstrip("0").rstrip(".")



def dice(n: int) -> str:
    return ngettext("{count} die", "{count} dice", n).format(count=n)


def art_id(kind: str, seat: int, view: dict) -> str:
    """An id that is new every round (see the module's note on animation)."""
    return f"gel-{kind}-{seat}-r{view['round']}"


# --- drawing helpers ----------------------------------------------------------------------

def iso(x: float, y: float, z: float) -> tuple[float, float]:
    return CUBE_OX + (x - y) * CUBE_S * ISO_C, CUBE_OY + (x + y) * CUBE_S * 0.5 - z * CUBE_S


def flat_die(d: float, face: int | None, kind: str = "hand") -> Markup:
    """A die seen from above, in a d x d box at the origin. face None: not rolled yet,
    drawn standing on a corner (resting_die), so it never reads as an empty place."""
    if not face:
        return resting_die(d, kind)
    r = d * 0.09
    return join(svg("rect", x=0.5, y=0.5, width=d - 1, height=d - 1, rx=d * 0.2, class_=f"die die-{kind}"),
                *(svg("circle", cx=fx * d, cy=fy * d, r=r, class_="pip") for fx, fy in PIPS[face]))


def die_svg(face: int | None, kind: str = "hand", size: int = 22) -> Markup:
    """A die on its own, for a row of dice in the page's text (the row is named in words)."""
    return svg("svg", flat_die(size, face, kind), viewBox=f"0 0 {size} {size}", width=size, height=size,
               class_="gel-die", aria_hidden="true")


def dice_row(faces: list[int | None], label: str, kind: str = "hand") -> Markup:
    """Dice drawn as dice, the row named in words by `label`."""
    return h("span", {"class": "gel-dice", "role": "img", "aria-label": label}, *(die_svg(face, kind) for face in faces))


def rolled_words(faces: list[int]) -> str:
    return _("Rolled {faces}").format(faces=and_list(faces))


def resting_die(d: float, kind: str = "hand") -> Markup:
    """A die not rolled yet, in a d x d box: seen from a corner, three faces (1, 2, 3 pips)
    showing, the sides shaded. A blank square looked like a missing die."""
    c, r = d / 2, d * 0.49
    dx = r * ISO_C
    top = [(c, c - r), (c + dx, c - r / 2), (c, c), (c - dx, c - r / 2)]
    left = [(c - dx, c - r / 2), (c, c), (c, c + r), (c - dx, c + r / 2)]
    right = [(c, c), (c + dx, c - r / 2), (c + dx, c + r / 2), (c, c + r)]

    def on(face: list, u: float, v: float) -> tuple[float, float]:
        """The point (u, v) of a face (0..1 along its first edge and its last)."""
        (ax, ay), (bx, by), _c, (dx_, dy_) = face
        return ax + (bx - ax) * u + (dx_ - ax) * v, ay + (by - ay) * u + (dy_ - ay) * v

    pips = [on(top, .5, .5)] + [on(left, u, u) for u in (.3, .7)] + [on(right, u, u) for u in (.25, .5, .75)]
    return join(*(svg("polygon", points=points(f), class_=f"die die-{kind} {side}")
                  for f, side in ((top, "die-top"), (left, "die-left"), (right, "die-right"))),
                *(svg("circle", cx=x, cy=y, r=d * 0.06, class_="pip") for x, y in pips))


def iso_die(i: int, j: int, k: int) -> Markup:
    """A die in the cube: an isometric block with three pips on top."""
    top = [iso(i, j, k + 1), iso(i + 1, j, k + 1), iso(i + 1, j + 1, k + 1), iso(i, j + 1, k + 1)]
    right = [iso(i + 1, j, k), iso(i + 1, j + 1, k), iso(i + 1, j + 1, k + 1), iso(i + 1, j, k + 1)]
    left = [iso(i, j + 1, k), iso(i + 1, j + 1, k), iso(i + 1, j + 1, k + 1), iso(i, j + 1, k + 1)]
    pips = []
    for u in (0.25, 0.5, 0.75):
        x, y = iso(i + u, j + u, k + 1)
        pips.append(svg("ellipse", cx=x, cy=y, rx=CUBE_S * 0.12, ry=CUBE_S * 0.07, class_="pip"))
    return join(svg("polygon", points=points(right), class_="jelly jelly-r"),
                svg("polygon", points=points(left), class_="jelly jelly-l"),
                svg("polygon", points=points(top), class_="jelly jelly-t"),
                *pips)


def cube_centre(slot: int) -> tuple[float, float]:
    i, j, k = SLOTS[slot]
    return iso(i + 0.5, j + 0.5, k + 0.5)


def tray_layout(slots: int) -> tuple[int, float, float]:
    """(columns, die size, gap) for a hand tray holding `slots` dice."""
    if slots <= 15:
        return 5, 32, 7
    if slots <= 28:
        return 7, 24, 4.5
    return 9, 19, 3


def tally_marks(count: int, fresh: bool, width: float = 340, id_: str | None = None) -> Markup:
    """Tally marks like on paper: four strokes and a fifth across, a slight wobble."""
    per_row = max(1, int(width // 34))
    rows = max(1, ceil(ceil(count / 5) / per_row)) if count else 1
    height = rows * 30 + 4
    strokes = []
    for n in range(count):
        group, k = divmod(n, 5)
        row, col = divmod(group, per_row)
        gx, gy = 6 + col * 34, 5 + row * 30
        wob = ((n * 7919) % 11 - 5) / 5  # a hand-drawn look, the same on every render
        if k < 4:
            x = gx + 3 + k * 6
            d = f"M{fnum(x + wob * .6)} {fnum(gy + 1 + abs(wob) * .5)} L{fnum(x - wob * .5)} {fnum(gy + 21)}"
        else:
            d = f"M{fnum(gx - 2)} {fnum(gy + 17 + wob)} L{fnum(gx + 27)} {fnum(gy + 4 - wob)}"
        last = fresh and n == count - 1
        strokes.append(svg("path", d=d, pathLength=1, class_="mark fresh-mark" if last else "mark"))
    if not count:
        strokes.append(svg("text", _("No rolls yet"), x=6, y=20, class_="tally-empty"))
    return h("svg", {"class": "tally", "id": id_, "viewBox": f"0 0 {width} {height}", "role": "img",
                     "aria-label": ngettext("{count} roll tallied", "{count} rolls tallied", count).format(count=count),
                     "data-tally": count},
             Markup("".join(strokes)))


def score_range(dist: dict) -> tuple[int, int] | None:
    """The scores worth drawing: from the first with any real weight to the 98.5th
    percentile (the long tail is gathered in the last bar)."""
    total = sum(dist.values())
    if total <= 0:
        return None
    keys = sorted(dist)
    lo = next((s for s in keys if dist[s] > total * 0.002), keys[0])
    acc, hi = 0.0, keys[-1]
    for s in keys:
        acc += dist[s]
        if acc >= total * 0.985:
            hi = s
            break
    return lo, max(hi, lo)


def fly_style(ax: float, ay: float, d: float, **extra) -> str:
    style = f"--ax:{fnum(ax)}px;--ay:{fnum(ay)}px;--d:{d}"
    for key, value in extra.items():
        style += f";--{key}:{value}"
    return style


def mat(view: dict, seat: int, fresh: bool, names: list[str], mine: bool = True, you: int | None = None,
        called: str | None = None) -> Markup:
    """One player's mat: name and status, the picture, the tally and the last roll. On a
    phone the mats of others (not `mine`) are small (gelatinous.css): their counts in the
    head, the picture without its labels, the roll's faces without its words. `names` as
    the screen says them ("You" for `you`, the seat of its one player). At a live table's
    roll call, `called` says whether the player has rolled ("rolled"), not yet ("waiting"),
    or has no dice to roll ("")."""
    p = view["players"][seat]
    mode = view["mode"]
    n = len(names)
    last = p["last"]
    rolled_now = fresh and last["rolled"]
    status = p["status"]
    # --- header
    facts = [_("Cube {count}/8").format(count=p["cube"]), _("Hand {count}").format(count=p["hand"])]
    if mode != "multi":
        facts.append(_("Reserve {count}").format(count=p["reserve"]))
    facts.append(_("Rolls {count}").format(count=p["tally"]))
    badge = h("span", {"class": f"badge st-{status}", "data-status": status}, STATUS_ICON[status] + _(STATUS_TEXT[status]))
    header = h("header", {"class": "mat-head"},
               h("span", {"class": f"seat-dot p{seat}", "aria-hidden": "true"}),
               h("h2", None, names[seat]),
               # (in plain words: one Roll button rolls everybody's dice, this player's)
               h("span", {"class": "caller-tag"}, _("you roll for everyone") if seat == you else _("rolls for everyone"))
               if seat == CALLER and n > 1 and called is None else None,
               h("span", {"class": f"call-tag {called}", "data-called": called},
                 _("✓ Rolled") if called == "rolled" else _("To roll")) if called else None,
               h("span", {"class": "mat-rolls", "aria-hidden": "true"},
                 ngettext("{count} roll", "{count} rolls", p["tally"]).format(count=p["tally"])),
               badge,
               # (a small mat's labels: the picture's are too small to read there)
               h("span", {"class": "mat-counts", "aria-hidden": "true"}, _(" · ").join(facts[:-1])))
    rolls = ngettext("{count} roll", "{count} rolls", p["tally"]).format(count=p["tally"])
    if mode == "multi":
        label = _("{player}: cube {cube} of 8, {dice} in hand, {rolls}").format(
            player=names[seat], cube=p["cube"], dice=dice(p["hand"]), rolls=rolls)
    else:
        label = _("{player}: cube {cube} of 8, {dice} in hand, {reserve} in the reserve, {rolls}").format(
            player=names[seat], cube=p["cube"], dice=dice(p["hand"]), reserve=p["reserve"], rolls=rolls)
    score = None
    if mode != "multi" and status == WON:
        score = h("p", {"class": "mat-score"}, _("Score {score} = {tally} rolls − {hand} in hand").format(
            score=p["score"], tally=p["tally"], hand=p["hand"]))
    passing = None
    if mode == "multi":
        passing = h("p", {"class": "passing"}, *(
            h("span", None, _(to_you)) if p[way] == you
            else h("span", None, *fill(_(to_player), player=h("b", None, names[p[way]])))
            for way, to_player, to_you in PASSES))
    return h("article", {"class": f"mat p{seat} st-{status}" + (" mine" if mine else " other") + (" rolled" if rolled_now else ""),
                         "data-seat": seat,
                         "data-cube": p["cube"], "data-hand": p["hand"], "data-reserve": p.get("reserve", 0),
                         "data-tally": p["tally"], "data-status": status, "aria-label": label},
             header,
             mat_art(view, seat, fresh),
             h("div", {"class": "tally-row"}, h("span", {"class": "tally-label"}, _("Rolls")),
               tally_marks(p["tally"], rolled_now, 300, art_id("tally", seat, view))),
             # (the dice are named in words by their own label: the visible one is for the eye)
             h("p", {"class": "last-roll"}, h("span", {"class": "roll-label", "aria-hidden": "true"}, _("Rolled"))
               if last["rolled"] else None, roll_caption(view, seat, names, you)),
             score, passing,
             h("p", {"class": "facts visually-hidden"}, _(" · ").join(facts)))

def roll_caption(view: dict, seat: int, names: list[str], you: int | None = None) -> Markup:
    """The last roll: its dice, and in words where they went or came from."""
    p = view["players"][seat]
    last = p["last"]
    parts = []
    if last["rolled"]:
        dest = last["dest"]
        cube = dest.count("cube")
        if cube:
            parts.append(ngettext("+{count} to the cube", "+{count} to the cube", cube).format(count=cube))
        if view["mode"] == "multi":
            for way, to in (("left", p["left"]), ("right", p["right"])):
                if k := dest.count(way):
                    parts.append(ngettext("{count} passed to you", "{count} passed to you", k).format(count=k) if to == you
                                 else ngettext("{count} passed to {player}", "{count} passed to {player}", k)
                                 .format(count=k, player=names[to]))
        else:
            if k := dest.count("reserve"):
                parts.append(ngettext("{count} to the reserve", "{count} to the reserve", k).format(count=k))
            if k := last.get("from_reserve"):
                parts.append(ngettext("{count} back from the reserve", "{count} back from the reserve", k).format(count=k))
    # Dice from a neighbour: drawn ringed in the giver's colour on the mat, so the words
    # come with that ring (a small mat on a phone shows these words, not the roll's).
    got = []
    for given in last.get("received", []):
        if k := given["dice"]:
            words = (ngettext("got {count} from you", "got {count} from you", k).format(count=k) if given["from"] == you
                     else ngettext("got {count} from {player}", "got {count} from {player}", k)
                     .format(count=k, player=names[given["from"]]))
            got.append(h("span", {"class": "got"}, h("span", {"class": "sep"}, _(", ")) if parts or got else None,
                         ring_die(given["face"], given["from"]), words))
    effects = _(", ").join(parts)
    if not last["rolled"]:
        if p["status"] != PLAYING:
            return Markup("")
        if view["round"] == 0:
            return h("span", {"class": "muted"}, _("Dice ready in hand"))
        return h("span", {"class": "muted"}, _("No dice to roll this round"), _(": ") if got else None, *got)
    return join(dice_row(last["faces"], rolled_words(last["faces"])), " ",
                h("span", {"class": "roll-words"},
                  h("span", {"class": "effects"}, effects if parts or got else _("nothing moves")), *got))


def ring_die(face: int | None, giver: int, size: int = 18) -> Markup:
    """A die ringed (dashed) in the giver's colour, as the mat draws one passed to a player."""
    return svg("svg", flat_die(size, face, "got"),
               svg("rect", x=1, y=1, width=size - 2, height=size - 2, rx=size * 0.22, class_="from-ring",
                   style=f"stroke:{PLAYER_COLOURS[giver % 6]}"),
               viewBox=f"-2 -2 {size + 4} {size + 4}", width=size, height=size, class_="ring-die",
               aria_hidden="true")


def mat_art(view: dict, seat: int, fresh: bool) -> Markup:
    """Cube, hand tray and reserve of one player, with the last roll's journeys."""
    p = view["players"][seat]
    mode = view["mode"]
    last = p["last"]
    animate = fresh and (last["rolled"] or any(g["dice"] for g in last.get("received", [])))
    faces, dest = last["faces"], last["dest"]
    cube_after = p["cube"]
    to_cube = dest.count("cube")
    cube_before = cube_after - to_cube if last["rolled"] else cube_after

    # --- the hand after the roll: dice that stayed keep their place, arrivals fill gaps
    stayed = [i for i, d in enumerate(dest) if d == "hand"]
    gone = [i for i, d in enumerate(dest) if d != "hand"]
    arrivals = []  # (kind, face or None, from seat or None)
    if mode == "multi":
        for got in last.get("received", []):
            arrivals += [("received", got["face"], got["from"])] * got["dice"]
    else:
        arrivals += [("reserve", None, None)] * last.get("from_reserve", 0)
    n_slots = max(len(faces), p["hand"], 1)
    free = gone + list(range(len(faces), n_slots))
    if not last["rolled"] and not arrivals:
        # Nothing happened this round: the hand as it is, dice not yet rolled.
        hand_dice = [(i, None, "idle", None) for i in range(p["hand"])]
    else:
        hand_dice = [(i, faces[i], "stayed", None) for i in stayed]
        for (kind, face, src), slot in zip(arrivals, free):
            hand_dice.append((slot, face, kind, src))
    cols, d, gap = tray_layout(n_slots)
    rows = max(2, ceil(n_slots / cols))
    pad = (TRAY_W - (cols * d + (cols - 1) * gap)) / 2

    def slot_xy(slot: int) -> tuple[float, float]:
        r, c = divmod(slot, cols)
        return TRAY_X + pad + c * (d + gap), TRAY_Y + 8 + r * (d + gap)

    tray_h = rows * d + (rows - 1) * gap + 16
    body_bottom = max(CUBE_OY + 2 * CUBE_S + 10, TRAY_Y + tray_h)
    reserve_y = body_bottom + 10
    has_reserve = mode != "multi"
    height = reserve_y + (RES_D + 32 if has_reserve else 0) + 4

    def reserve_xy(slot: int) -> tuple[float, float]:
        return 12 + slot * (RES_D + RES_GAP), reserve_y + 24

    parts: list = []
    # --- cube: a plate, ghost slots, the dice
    floor = [iso(0, 0, 0), iso(2, 0, 0), iso(2, 2, 0), iso(0, 2, 0)]
    parts.append(svg("text", _("Cube · {count} of 8").format(count=cube_after), x=8, y=16,
                     class_="zone-label bump" if animate and cube_after > cube_before else "zone-label"))
    parts.append(svg("ellipse", cx=CUBE_OX, cy=iso(2, 2, 0)[1] - 4, rx=62, ry=12, class_="cube-shadow"))
    parts.append(svg("polygon", points=points(floor), class_="cube-plate"))
    if cube_after < CUBE:
        # The cube to build, as a dashed outline: its far edges, then the near ones.
        far = [iso(0, 0, 2), iso(2, 0, 2), iso(2, 2, 2), iso(0, 2, 2)]
        parts.append(svg("path", d=f"M{points([iso(0, 0, 0), iso(0, 0, 2)])} M{points(far + [far[0]])} "
                                   f"M{points([iso(2, 0, 0), iso(2, 0, 2)])} M{points([iso(0, 2, 0), iso(0, 2, 2)])} "
                                   f"M{points([iso(2, 2, 0), iso(2, 2, 2)])}",
                         class_="cube-frame"))
    for slot in range(CUBE):
        i, j, k = SLOTS[slot]
        if slot >= cube_after and (k == 0 or cube_after >= 4):
            cell = [iso(i, j, k), iso(i + 1, j, k), iso(i + 1, j + 1, k), iso(i, j + 1, k)]
            parts.append(svg("polygon", points=points(cell), class_="cube-ghost"))
    for slot in range(cube_after):
        i, j, k = SLOTS[slot]
        new = animate and slot >= cube_before
        cls = "cube-die pop" if new else "cube-die"
        style = f"--d:{fnum(T_MOVE1 + T_TRAVEL)}" if new else None
        parts.append(svg("g", iso_die(i, j, k), class_=cls, style=style, data_cube_slot=slot))
    if cube_after == CUBE:  # a star beside the cube's top, right of it: the label above keeps its line
        star_x, star_y = iso(2, 0, 2)[0] + 15, iso(0, 0, 2)[1] + 10
        parts.append(svg("g", svg("text", "★", x=fnum(star_x), y=star_y, class_="cube-star"),
                         class_="pop" if animate else None, style=f"--d:{fnum(T_MOVE1 + T_TRAVEL)}" if animate else None))

    # --- hand tray
    parts.append(svg("rect", x=TRAY_X, y=TRAY_Y, width=TRAY_W, height=tray_h, rx=12, class_="tray tray-hand"))
    hand_before = len(faces) if last["rolled"] else p["hand"] - sum(g["dice"] for g in last.get("received", []))
    parts.append(svg("text", _("Hand · {count}").format(count=p["hand"]), x=TRAY_X + 4, y=16,
                     class_="zone-label bump" if animate and p["hand"] != hand_before else "zone-label"))
    for slot in range(n_slots):
        x, y = slot_xy(slot)
        parts.append(svg("rect", x=x + 2, y=y + 2, width=d - 4, height=d - 4, rx=d * 0.2, class_="slot"))

    # --- reserve tray (solitaire / video)
    res_after = p.get("reserve", 0)
    if has_reserve:
        parts.append(svg("rect", x=4, y=reserve_y, width=W - 8, height=RES_D + 30, rx=12, class_="tray tray-reserve"))
        parts.append(svg("text", _("Reserve · {count}").format(count=res_after), x=12, y=reserve_y + 16, class_="zone-label"))
    ones = dest.count("reserve")
    from_res = last.get("from_reserve", 0)
    res_before = res_after - ones + from_res if last["rolled"] else res_after
    res_peak = res_before + ones  # before the 6s took dice back
    if has_reserve:
        for slot in range(res_after):
            x, y = reserve_xy(slot)
            new = animate and slot >= res_before
            parts.append(svg("g", svg("g", flat_die(RES_D, None, "reserve"), class_="pop" if new else None,
                                      style=f"--d:{fnum(T_MOVE1 + T_TRAVEL)}" if new else None),
                             transform=f"translate({fnum(x)} {fnum(y)})", data_reserve_die=slot))

    # --- dice in hand (final positions), arriving ones fly in from where they were
    taken = iter(range(res_after, res_peak))  # reserve slots the 6s emptied, in order
    for slot, face, kind, src in sorted(hand_dice):
        x, y = slot_xy(slot)
        die_kind = "got" if kind == "received" else "hand"
        inner = flat_die(d, face, die_kind)
        if kind == "received":
            inner = join(inner, svg("rect", x=-2, y=-2, width=d + 4, height=d + 4, rx=d * 0.26,
                                    class_="from-ring", style=f"stroke:{PLAYER_COLOURS[src % 6]}"))
        if animate and kind == "stayed":
            jitter = ((slot * 37) % 9 - 4) * 2
            turn = 140 + (slot * 53) % 220
            inner = svg("g", inner, class_="tumble", style=f"--r:{turn if slot % 2 else -turn}deg;--jx:{jitter}px")
        elif animate and kind == "reserve":
            rslot = next(taken, res_after)
            rx, ry = reserve_xy(rslot)
            show = 0 if rslot < res_before else T_MOVE1 + T_TRAVEL  # a 1 that just arrived there
            inner = svg("g", inner, class_="fly late",
                        style=fly_style(rx - x, ry - y, T_MOVE2, s=fnum(RES_D / d), show=fnum(show)))
        elif animate and kind == "received":
            ax = -PASS_DX if src == (seat - 1) % len(view["players"]) else PASS_DX
            inner = svg("g", inner, class_="fly late", style=fly_style(ax, 0, T_MOVE2, s=1, show=fnum(T_MOVE1)))
        parts.append(svg("g", inner, transform=f"translate({fnum(x)} {fnum(y)})", data_hand_die=slot,
                         data_face=face or 0))

    # --- fliers: dice leaving the hand for the cube, the reserve or a neighbour
    if animate and last["rolled"]:
        cube_slot, res_slot = cube_before, res_before
        for i, (face, where) in enumerate(zip(faces, dest)):
            if where == "hand":
                continue
            sx, sy = slot_xy(i)
            turn = 140 + (i * 53) % 220
            die = svg("g", flat_die(d, face), class_="tumble", style=f"--r:{turn if i % 2 else -turn}deg;--jx:0px")
            if where == "cube":
                cx, cy = cube_centre(cube_slot)
                cube_slot += 1
                tx, ty = cx - d / 2, cy - d / 2
                style = fly_style(sx - tx, sy - ty, T_MOVE1, s=1, e=fnum(T_MOVE1 + T_TRAVEL))
                parts.append(svg("g", svg("g", die, class_="flier", style=style),
                                 transform=f"translate({fnum(tx)} {fnum(ty)})", aria_hidden="true"))
            elif where == "reserve":
                tx, ty = reserve_xy(res_slot)
                res_slot += 1
                style = fly_style(sx - tx, sy - ty, T_MOVE1, s=fnum(d / RES_D), e=fnum(T_MOVE1 + T_TRAVEL))
                small = svg("g", flat_die(RES_D, face), class_="tumble",
                            style=f"--r:{turn if i % 2 else -turn}deg;--jx:0px")
                parts.append(svg("g", svg("g", small, class_="flier", style=style),
                                 transform=f"translate({fnum(tx)} {fnum(ty)})", aria_hidden="true"))
            else:  # passed to a neighbour: off towards their mat, fading
                ox = PASS_DX if where == "left" else -PASS_DX
                parts.append(svg("g", svg("g", die, class_="leave", style=f"--ox:{ox}px;--d:{T_MOVE1}"),
                                 transform=f"translate({fnum(sx)} {fnum(sy)})", aria_hidden="true"))

    return h("svg", {"class": "mat-art", "id": art_id("art", seat, view), "viewBox": f"0 0 {W} {fnum(height)}", "role": "img",
                     "aria-label": art_label(view, seat)},
             Markup("".join(parts)))

def art_label(view: dict, seat: int) -> str:
    p = view["players"][seat]
    if view["mode"] == "multi":
        return _("Cube {cube} of 8; {dice} in hand").format(cube=p["cube"], dice=dice(p["hand"]))
    return _("Cube {cube} of 8; {dice} in hand; {reserve} in the reserve").format(
        cube=p["cube"], dice=dice(p["hand"]), reserve=p["reserve"])

# --- drawing: the side panels ---------------------------------------------------------


def roll_icon() -> Markup:
    """Two tumbling dice on the Roll button."""
    return h("svg", {"class": "roll-icon", "viewBox": "0 0 40 32", "aria-hidden": "true"},
             svg("g", flat_die(22, 5), transform="translate(1 8) rotate(-12 11 11)"),
             svg("g", flat_die(22, 3), transform="translate(16 2) rotate(10 11 11)"))


HIST = (300, 116, 6, 96)  # the histogram's width, height, left margin and baseline (user units)
TICK_GAP = 30  # the least room between two score numbers under the bars (user units)


def histogram_words(legend: list) -> tuple[Markup, Markup]:
    """The chart's words, in the page's text (not in the picture, where they would be small
    on a phone): what it shows, above; which way is better, under the bars; the legend."""
    title = h("p", {"class": "hist-title"}, _("If you finish the cube, your score will likely be:"))
    caption = h("figcaption", None,
                h("span", {"class": "hist-ends"}, h("span", None, _("← better")), h("span", None, _("worse →"))),
                h("span", {"class": "hist-keys"}, *legend))
    return title, caption


def empty_histogram() -> Markup:
    """The histogram's frame while the odds are being worked out: the same size as the
    chart to come, so nothing moves when it arrives."""
    cw, ch, left, base = HIST
    title, caption = histogram_words([h("span", {"class": "key key-now"}, _("working…")),
                                      h("span", {"class": "key key-start unused"}, _("from the start"))])
    return h("figure", {"class": "histogram"}, title,
             h("svg", {"viewBox": f"0 0 {cw} {ch}", "aria-hidden": "true"},
               svg("line", x1=left, y1=base, x2=cw - 4, y2=base, class_="axis")),
             caption)


def histogram(now: dict, start: dict, at_start: bool, best: int | None) -> Markup:
    """Chance of each final score: from here (filled) and from the start (dashed), and
    the personal best (None: none yet) as a line. Only scores are written in the picture:
    a bar's height is read against the others, not against a scale."""
    shown = [now] + ([start] if start and not at_start else [])
    ranges = [r for r in (score_range(dist) for dist in shown if dist) if r]
    if not now or not ranges:
        return empty_histogram()
    lo = min(r[0] for r in ranges)
    hi = max(max(r[1] for r in ranges), lo + 6)
    span = list(range(lo, hi + 1))

    def bucket(dist, s):
        return sum(p for k, p in dist.items() if k >= s) if s == hi else dist.get(s, 0.0)

    now_v = [bucket(now, s) for s in span]
    start_v = [bucket(start, s) for s in span] if start and not at_start else []
    top = max(now_v + start_v + [1e-9])
    cw, ch, left, base = HIST
    bw = (cw - left - 6) / len(span)
    step = next((n for n in (1, 2, 3, 5, 10) if n * bw >= TICK_GAP), 20)
    parts = [svg("line", x1=left, y1=base, x2=cw - 4, y2=base, class_="axis")]
    for idx, s in enumerate(span):
        x = left + idx * bw
        if now_v[idx] > 0:
            hgt = max(1.0, now_v[idx] / top * (base - 16))
            parts.append(svg("rect", x=x + 1.5, y=base - hgt, width=max(1.0, bw - 3), height=hgt, class_="bar-now",
                             data_score=s))
        if start_v and start_v[idx] > 0:
            hgt = max(1.0, start_v[idx] / top * (base - 16))
            parts.append(svg("rect", x=x + 0.5, y=base - hgt, width=max(1.0, bw - 1), height=hgt, class_="bar-start"))
        if s == hi or ((s - lo) % step == 0 and hi - s >= step):  # (the last, "19+", always; never crowded)
            label = f"{s}+" if s == hi else str(s)
            parts.append(svg("text", label, x=x + bw / 2, y=base + 16, class_="axis-label", text_anchor="middle"))
    if best is not None and lo <= best <= hi:
        x = left + (best - lo + 0.5) * bw
        parts.append(svg("line", x1=x, y1=14, x2=x, y2=base, class_="best-line"))
        parts.append(svg("text", _("★ your best: {score}").format(score=best), x=min(x + 3, cw - 110), y=12,
                         class_="best-label"))
    legend = [h("span", {"class": "key key-now"}, _("from here") if not at_start else _("from the start")),
              h("span", {"class": "key key-start" + ("" if start_v else " unused")}, _("from the start"))]
    title, caption = histogram_words(legend)
    return h("figure", {"class": "histogram"}, title,
             h("svg", {"viewBox": f"0 0 {cw} {ch}", "role": "img", "data-histogram": "",
                       "aria-label": _("Chance of each final score; the most likely is {score}").format(
                           score=span[max(range(len(span)), key=lambda i: now_v[i])])}, Markup("".join(parts))),
             caption)


def jelly_monster() -> Markup:
    body = "M20 78 C14 40 34 14 60 14 C86 14 106 40 100 78 C94 74 90 82 84 78 C78 74 74 84 66 78 C60 74 56 84 48 78 C42 74 36 84 28 78 Z"
    return h("svg", {"viewBox": "0 0 120 90", "width": 120, "height": 90},
             svg("path", d=body, fill="#9ad9a5", stroke="#2f6b45", stroke_width=2.5, opacity=0.92),
             svg("circle", cx=46, cy=42, r=7, fill="#fff", stroke="#2f6b45"), svg("circle", cx=48, cy=43, r=3, fill="#2f2f2f"),
             svg("circle", cx=74, cy=42, r=7, fill="#fff", stroke="#2f6b45"), svg("circle", cx=72, cy=43, r=3, fill="#2f2f2f"),
             svg("path", d="M44 60 Q60 72 76 60", fill="none", stroke="#2f6b45", stroke_width=3, stroke_linecap="round"),
             svg("rect", x=30, y=50, width=12, height=12, rx=3, fill="#fff", stroke="#2f6b45", transform="rotate(-15 36 56)"),
             svg("rect", x=80, y=56, width=11, height=11, rx=3, fill="#fff", stroke="#2f6b45", transform="rotate(20 85 61)"))
