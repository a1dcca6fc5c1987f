"""The Gelati panels around the board, drawn from Facts and the view's ui (gelati.py;
the pictures are in gelati_art.py):

- the turn panel (beside the board on a desktop, under it on a phone): your tiles and
  the step you are on, in a box whose size does not change during play;
- your orders, compact, the parts you hold ticked;
- step 2 (orders, trades, discards, End turn) as a card that floats over the board once
  your tile is down: it appears and grows without pushing anything;
- the "Place here" bar, floating at the foot of the board (on a phone, in the rail);
- the details one tap away on a phone: the race to 50 with every player's parts, the
  supply, and the help text.

Hints say "tap" on a touch screen and "click" with a mouse, and list keys only where
there is a keyboard (CSS shows one or the other: `.gl-coarse` / `.gl-fine`).
"""

from __future__ import annotations

from gelateria.core.facts import Facts
from gelateria.core.i18n import _, and_list, pgettext, sentence_gap
from gelateria.games.gelati.rules import (
    N_PARTS,
    ORDER_PARTS,
    ORDER_POINTS,
    PART_LIMIT,
    WIN_POINTS,
    order_text,
    part_name,
    parts_text,
    placement_result,
)
from gelateria.web.markup import Markup, fill, h, join
from gelateria.web.views import gelati_art as art
from gelateria.web.views.contract import bot_tag, names_said, you


# --- what the facts and the picks say ---------------------------------------------------

def trail(facts: Facts) -> list[dict]:
    return facts.trail[:facts.moves + 1]


def recent_placements(facts: Facts) -> list[tuple[int, int, dict]]:
    """The latest placement of each player in the last round, newest first: (move
    index, player, what the rules said of it)."""
    seen, out = set(), []
    steps = trail(facts)
    for i in range(len(steps) - 1, 0, -1):
        last = steps[i]["last"]
        if last and last.get("kind") == "place":
            if last["player"] in seen:
                break
            seen.add(last["player"])
            out.append((i - 1, last["player"], last))
    return out


def shown_seat(facts: Facts) -> int | None:
    """Whose hand and orders are on screen: the one human against bots (always); in
    hot-seat only the player whose turn it is, once they took the device."""
    me = facts.viewer
    if me is None:
        return None
    if len(facts.humans) > 1 and me != facts.view["turn"]:
        return None
    return me


def targets(facts: Facts, ui: GelatiUI) -> list[tuple[int, int]]:
    """Spaces where the selected tile may go."""
    if ui.selected is None:
        return []
    return [tuple(m["at"]) for m in facts.legal if m.get("p") == ui.selected]


def preview(facts: Facts, tile: int, cell) -> dict:
    """What placing `tile` on `cell` would do: the rules' own answer, from the view."""
    return placement_result(facts.view, {"p": tile, "at": [cell[0], cell[1]]})


def trade_completes(move: dict, held: list[int], orders: list[int]) -> bool:
    after = list(held)
    for part in move["trade"]:
        after[part] -= 1
    after[move["get"]] += 1
    return any(all(after[p] for p in ORDER_PARTS[o]) and not all(held[p] for p in ORDER_PARTS[o]) for o in orders)


def completing_trade(facts: Facts) -> dict | None:
    """A legal trade after which one of your orders can be completed (None: none)."""
    v = facts.view
    held = v["held"][v["me"]]
    return next((m for m in facts.legal if "trade" in m and trade_completes(m, held, v["orders"])), None)


def give_ok(give: list[int], legal: list) -> bool:
    """Some legal trade gives (at least) these parts."""
    for m in legal:
        if "trade" not in m:
            continue
        rest = list(m["trade"])
        try:
            for p in give:
                rest.remove(p)
        except ValueError:
            continue
        return True
    return False


def trade_ok(give: list[int], get: int, legal: list) -> bool:
    return len(give) == 2 and {"trade": sorted(give), "get": get} in legal


def preview_text(p: dict) -> str:
    """"+3, earns chocolate" for a previewed placement."""
    text = f"+{p['points']}"
    if p["earned"]:
        text += _(", earns {parts}").format(parts=parts_text(p["earned"]))
    if p["missed"]:
        text += _(" (no {parts} left to earn)").format(parts=parts_text(p["missed"]))
    if p["wins"]:
        text += _(" and wins the game")
    return text


def tap(touch: str, mouse: str) -> Markup:
    """One sentence for touch screens, another for a mouse (CSS shows the one that fits)."""
    return h("span", None, h("span", {"class": "gl-coarse"}, touch), h("span", {"class": "gl-fine"}, mouse))


def outline_key(facts: Facts) -> Markup | None:
    """What the outlines on the board are: each player's last tile (its points in the
    badge), named with a swatch of their colour."""
    players = sorted({player for _i, player, _last in recent_placements(facts)})
    if not players:
        return None
    who = []
    for p in players:
        who += [" " if who else "", h("span", {"class": f"gl-key p{p}"}, art.outline_swatch(),
                                        _("you") if p == facts.viewer else facts.names[p])]
    return h("span", {"class": "gl-outline-key", "data-outline-key": ""},
             *fill(_("Outlines mark each player's last tile and what it scored: {players}."), players=join(*who)))


# --- the turn panel: your tiles and the step you are on ---------------------------------

def turn_panel(facts: Facts, ui) -> Markup:
    v, names = facts.view, facts.names
    shown = shown_seat(facts)
    if facts.phase == "replay":
        body = [h("p", {"class": "gl-tray-note"}, _("Replay: hands and orders stay secret. "
                                                    "Step through the game with the controls under “More”."))]
        if v["revealed"] is not None:
            body.append(revealed(v, names))
        return h("section", {"class": "gl-turn", "aria-label": _("Replay")}, *body)
    if shown is None:
        hand = h("p", {"class": "gl-tray-note", "data-hidden-hand": ""},
                 _("{player}'s tiles and orders are secret.").format(player=names[v["turn"]])) if facts.phase == "play" else None
    else:
        hand = hand_panel(facts, ui)
    step = step_panel(facts, ui)
    # The key to the outlines under the step, the same while you wait and while you place,
    # so the page does not move when your turn comes (step 2's card has its own).
    key = outline_key(facts) if step is not None and facts.phase == "play" else None
    return h("section", {"class": "gl-turn", "aria-label": _("Your tiles and turn")},
             hand, orders_panel(facts), step, key and h("p", {"class": "gl-key-line"}, key))

def hand_panel(facts: Facts, ui) -> Markup:
    v = facts.view
    placing = facts.actor is not None and v["phase"] == "place" and v["must"] is None
    placeable = {m["p"] for m in facts.legal if "p" in m} if placing else set()
    items = [art.hand_tile(t, i + 1, t == ui.selected, t in placeable if placing else None)
             for i, t in enumerate(v["hand"])]
    if not items:
        items.append(h("li", {"class": "gl-tray-note"}, _("No tiles left.")))
    return h("div", {"class": "gl-hand-panel"},
             h("h2", None, _("Your tiles")),
             h("ul", {"class": "gl-hand", "data-hand-list": ""}, *items))

def orders_panel(facts: Facts) -> Markup | None:
    if facts.phase == "replay" or shown_seat(facts) is None:
        return None
    v = facts.view
    held = v["held"][v["me"]]
    legal_orders = {m["order"] for m in facts.legal if "order" in m}
    cards = [art.order_card(o, held, o in legal_orders) for o in v["orders"]]
    if not cards:
        cards.append(h("li", {"class": "gl-tray-note"}, _("No orders left in the pile.")))
    return h("section", {"class": "gl-orders-panel", "aria-label": _("Your orders")},
             h("h2", None, _("Orders (+{points} each)").format(points=ORDER_POINTS)),
             h("ul", {"class": "gl-orders"}, *cards))

def step_panel(facts: Facts, ui) -> Markup:
    v, me, names = facts.view, facts.actor, facts.names
    turn = v["turn"]
    if facts.phase == "over":
        return h("div", {"class": "gl-step-panel"}, h("p", {"class": "gl-step-title"}, _("The game is over.")))
    if me is None:
        text = (_("{player} is playing.") if facts.is_bot(turn) else _("Waiting for {player}.")).format(player=names[turn])
        body = [h("p", {"class": "gl-step-title"}, text)]
        if v["revealed"] is not None:
            body.append(revealed(v, names))
        elif facts.viewer is not None and facts.phase == "play":
            # Room for step 1's words, unseen and unread: the page keeps its height when
            # your turn comes, in every language and on any screen.
            body += [h("p", {"class": "gl-step-title gl-step-room", "aria-hidden": "true"}, place_title()),
                     h("p", {"class": "gl-step-room", "aria-hidden": "true"}, place_hint(None))]
        return h("div", {"class": "gl-step-panel", "data-step": "wait"}, *body)
    if v["phase"] == "place":
        return place_step(facts, ui)
    return None  # step 2 has its own card (after_card)

def revealed(v: dict, names) -> Markup:
    who = names[v["turn"]]
    aside = v["set_aside"]
    return h("div", {"class": "gl-revealed", "data-revealed": ""},
             h("p", None, _("None of {player}'s tiles fits anywhere, so they are shown to everyone:").format(player=who)),
             art.tile_row(v["revealed"], 48),
             h("p", {"class": "gl-small"}, _("Set aside this turn:")) if aside else None,
             art.tile_row(aside, 36) if aside else None)

def place_title() -> str:
    return _("Step 1 · Put a tile on a glowing space")

def place_step(facts: Facts, ui) -> Markup:
    v, legal = facts.view, facts.legal
    if v["must"] == "exchange":
        buttons = [art.swap_button(m["x"]) for m in legal if "x" in m]
        aside = v["set_aside"]
        return h("div", {"class": "gl-step-panel", "data-step": "exchange"},
                 h("p", {"class": "gl-step-title"}, _("Step 1 · None of your tiles fits")),
                 h("p", {"class": "gl-small"}, _("Your tiles are shown to everyone. Swap one for the top tile "
                                                 "of the stack, and repeat until a tile fits.")),
                 h("ul", {"class": "gl-tile-row"}, *buttons),
                 h("p", {"class": "gl-small"}, _("Set aside (back into the stack once you place):")) if aside else None,
                 art.tile_row(aside, 36) if aside else None)
    if v["must"] == "pass":
        return h("div", {"class": "gl-step-panel", "data-step": "pass"},
                 h("p", {"class": "gl-step-title"}, _("Step 1 · None of your tiles fits")),
                 h("p", {"class": "gl-small"}, _("The stack is empty, so you place nothing this turn "
                                                 "(you can still complete orders and trade).")),
                 h("button", {"type": "button", "data-action": "pass"}, pgettext("move", "Pass")))
    # The title says the whole step in one line: a small phone shows it over your tiles (CSS).
    return h("div", {"class": "gl-step-panel", "data-step": "place"},
             h("p", {"class": "gl-step-title"}, place_title()), h("p", None, place_hint(ui.aim)))

def place_hint(aim) -> list:
    """How to place, with a space looked at (aim) or not."""
    if aim is not None:
        return [tap(_("Tap the space again, or “Place here”, to put it down."),
                    _("Click the space again, or “Place here”, to put it down."))]
    return [_("Pick a tile; the glowing spaces show what it scores."), sentence_gap(),
            tap(_("Tap once to look, again to place."), _("Click once to look, again to place."))]

# --- on the board: the placement bar and step 2 ------------------------------------------

def confirm_bar(facts: Facts, ui) -> Markup:
    if facts.actor is None or ui.aim is None or ui.selected is None or ui.aim not in targets(facts, ui):
        return Markup("")
    p = preview(facts, ui.selected, ui.aim)
    return h("div", {"class": "gl-confirm-bar", "role": "group", "aria-label": _("Confirm placement"), "data-confirm": ""},
             h("button", {"type": "button", "data-action": "place"},
               _("Place here ({preview})").format(preview=preview_text(p))),
             h("button", {"type": "button", "class": "secondary", "data-action": "cancel-place"}, _("Cancel")))

def after_card(facts: Facts, ui, hint) -> Markup:
    """Step 2, beside the board: End turn first, then orders to complete, discards,
    and the trade picker."""
    v, me, legal = facts.view, facts.actor, facts.legal
    if me is None or v["phase"] != "after":
        return Markup("")
    held = v["held"][me]
    count = sum(held)
    end_ok = {"end": 1} in legal
    orders = [m["order"] for m in legal if "order" in m]
    key = outline_key(facts)
    if not end_ok:
        text = _("You hold {count} parts: discard, trade or complete an order until you hold {limit}.").format(
            count=count, limit=PART_LIMIT)
    elif orders:
        text = _("Complete an order for +{points}, trade if you like, then end your turn.").format(points=ORDER_POINTS)
    else:
        text = _("Trade parts if you like, then end your turn.")
    blocks = [h("div", {"class": "gl-after-head"},
                h("p", None, h("strong", None, _("Step 2 · ")), text, key and sentence_gap(), key),
                h("button", {"type": "button", "class": "gl-end-turn", "data-action": "end-turn",
                             "disabled": not end_ok},
                  _("End turn and draw") if v["stack"] and v["placed"] else _("End turn")))]
    for o in orders:
        blocks.append(h("p", {"class": "gl-after-row"},
                        h("button", {"type": "button", "class": "gl-complete", "data-action": "order", "data-order": o},
                          _("Complete {order} (+{points})").format(order=order_text(o), points=ORDER_POINTS))))
    discards = [m["discard"] for m in legal if "discard" in m]
    if discards:
        blocks.append(h("div", {"class": "gl-discard", "role": "group", "aria-label": _("Discard parts"), "data-discard": ""},
                        h("p", None, _("Discard {count}:").format(count=count - PART_LIMIT)),
                        h("p", {"class": "gl-token-row"},
                          *[art.part_button("discard", p, _("Discard {part}").format(part=part_name(p)))
                            for p in discards])))
    # The guided game's hint names a trade: its parts are lit while the hint shows (CSS).
    suggested = completing_trade(facts) if hint and hint[0] == "trade" else None
    blocks.append(trade_picker(v, me, legal, ui, suggested))
    return h("div", {"class": "gl-after-card", "role": "group", "aria-label": _("Step 2: orders and trades"),
                     "data-end-bar": ""}, *blocks)

def trade_picker(v: dict, me, legal, ui, suggested) -> Markup:
    held = v["held"][me]
    trades = [m for m in legal if "trade" in m]
    if not trades:
        return h("p", {"class": "gl-small"}, _("Trading 2 for 1 needs two parts; you hold none.") if not sum(held)
                 else _("Trading 2 for 1 needs two parts; you hold one."))
    needed = {p for o in v["orders"] for p in ORDER_PARTS[o] if not held[p]}
    suggested = suggested or {"trade": [], "get": None}
    gives = []
    for p in range(N_PARTS):
        if not held[p]:
            continue
        picked = ui.give.count(p)
        ok = picked > 0 or (len(ui.give) < 2 and give_ok(ui.give + [p], legal))
        shown = f"{picked}/{held[p]}" if picked else f"×{held[p]}"
        gives.append(art.part_button("trade-give", p, _("{part} {count}, give").format(part=part_name(p), count=shown), extra=h("span", {"class": "gl-count"}, " " + shown),
                                     cls=(" on" if picked else "") + (" gl-suggested" if p in suggested["trade"] else ""),
                                     pressed=bool(picked), disabled=not ok))
    gets = []
    for p in range(N_PARTS):
        if not v["supply"][p]:
            continue
        ok = trade_ok(ui.give, p, legal)
        star = h("span", {"class": "gl-star", "aria-hidden": "true"}, "★") if p in needed else None
        label = (_("{part}, take (an order needs it)") if p in needed else _("{part}, take")).format(part=part_name(p))
        gets.append(art.part_button("trade-get", p, label, extra=star, pressed=ui.get == p, disabled=not ok,
                                    cls=(" on" if ui.get == p else "") + (" gl-needed" if p in needed else "")
                                    + (" gl-suggested" if p == suggested["get"] else "")))
    ready = len(ui.give) == 2 and ui.get is not None and trade_ok(ui.give, ui.get, legal)
    if ready:
        a, b = ui.give
        if a == b:
            label = _("Trade 2 {part} for {get}").format(part=part_name(a), get=part_name(ui.get))
        else:
            label = _("Trade {give} for {get}").format(give=parts_text([a, b]), get=part_name(ui.get))
    else:
        label = _("Pick two to give") if len(ui.give) < 2 else _("Now pick one to take")
    return h("details", {"class": "gl-trade", "open": True if (ui.give or ui.get is not None or needed) else None,
                         "data-trade": ""},
             h("summary", None, _("Trade 2 for 1 with the supply")),
             h("div", {"class": "gl-trade-grid"},
               h("span", {"class": "gl-trade-label"}, _("Give")), h("p", {"class": "gl-token-row"}, *gives),
               h("span", {"class": "gl-trade-label"}, _("Take")), h("p", {"class": "gl-token-row"}, *gets)),
             h("p", {"class": "gl-trade-buttons"},
               h("button", {"type": "button", "data-action": "trade", "disabled": not ready}, label),
               h("button", {"type": "button", "class": "secondary", "data-action": "trade-clear",
                            "disabled": not (ui.give or ui.get is not None)}, _("Clear")),
               h("span", {"class": "gl-small"}, _("★ an order needs it")) if needed else None))

# --- one tap away on a phone: the race, the supply, help -----------------------------------

def scores_panel(facts: Facts, bumped: dict) -> Markup:
    v, names = facts.view, facts.names
    n = v["players"]
    scores = and_list([_("{player} {score}").format(player=names[p], score=v["scores"][p]) for p in range(n)])
    track = art.score_track(v["scores"], _("Score track to {points}: {scores}").format(points=WIN_POINTS, scores=scores))
    done = [0] * n
    for player, _order in v["completed"]:
        done[player] += 1
    playing = facts.phase in ("play", "replay") and v["phase"] != "over"
    rows = [art.player_row(p, names[p], bot_tag(facts.game, facts.bots[p]), v["scores"][p], v["hand_sizes"][p], done[p], v["held"][p],
                           playing and v["turn"] == p, bumped.get(p)) for p in range(n)]
    return h("section", {"class": "gl-scores", "aria-label": _("Scores and parts")},
             h("h2", None, _("Race to {points}").format(points=WIN_POINTS)), track, h("ol", {"class": "gl-players"}, *rows))

def help_panel() -> Markup:
    return h("section", {"class": "gl-help", "aria-label": _("How to play a turn")},
             h("h2", None, _("How a turn goes")),
             h("p", {"class": "gl-small"},
               _("Place one of your tiles next to the others where every touching side matches. It scores a point "
                 "for each tile it touches that shares something with it; four in a row sharing a part earns that "
                 "part. Then complete orders (+15), trade 2 parts for 1, and end your turn to draw a tile. "
                 "First to 50 wins.")),
             h("p", {"class": "gl-small gl-coarse"}, _("Drag the board to move it, pinch to zoom.")),
             h("p", {"class": "gl-small gl-fine gl-keys"},
               _("Drag the board to move it; Ctrl+scroll or pinch to zoom. Keys: 1 and 2 pick a tile, arrows move "
                 "between spaces, Enter looks and then places, + and − zoom, 0 fits, Esc cancels.")))

# --- the end -----------------------------------------------------------------------------

def summary(facts: Facts, made: dict) -> Markup:
    """The end screen: each player's points (from tiles, from orders, the total), winners
    first, then the parts they won in rows, which are not points, in a line of their own."""
    v = facts.view
    names = names_said(facts)
    winners = v["winners"]
    order = sorted(range(v["players"]), key=lambda p: (p not in winners, -v["scores"][p]))
    rows = [art.breakdown_row(p, names[p], made, v["scores"][p], p in winners) for p in order]
    parts = []  # "Bo 3 · You 4", each name with its count on one line
    for p in order:
        parts += [" · "] if parts else []
        parts.append(h("span", {"class": "gl-nowrap"}, _("{player} {count}").format(player=names[p], count=made["parts"][p])))
    return h("div", {"class": "gelati-summary"},
             h("table", {"class": "final-scores gl-breakdown", "data-summary": ""},
               h("caption", None, _("How the points were made")),
               h("thead", None, h("tr", None, h("th", None, _("Player")), h("th", None, _("From tiles")),
                                  h("th", None, _("From orders")), h("th", None, _("Total")))),
               h("tbody", None, *rows)),
             h("p", {"class": "gl-parts-won", "data-parts-won": ""},
               *fill(_("Rows of four won parts to fill orders: {players}"),
                     players=join(*parts))))
