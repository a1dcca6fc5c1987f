"""The new-game panel of every table: seats (human, or a bot of a declared level, with
a name), the deal number and the game's declared options.

`SetupPanel` is a collaborator of the table (web/table.py): it reads and changes the
table's `seats`, `seed` and `options` (the game the table would start) and its `message`,
draws the panel from them, and asks the table only for `seat_limits()`, `read_options()`
and its view's `setup_fields()` (what a game adds to the panel), and draws the
table's notice (web/chrome.py).
"""

from __future__ import annotations

from gelateria.core.i18n import _, pgettext
from gelateria.core.record import MAX_NAME, Record, Seat, clean_name, encode
from gelateria.core.rng import new_seed
from gelateria.web.markup import Markup, h
from gelateria.web.screens import said, top_bar
from gelateria.web.views.contract import own_word, level_label



def default_names() -> list[str]:
    """The names a new-game panel starts with, as players of the language shown would
    write them (a name is the player's own once chosen: links carry it as it is)."""
    return [pgettext("default player name", "Ana"), pgettext("default player name", "Bo"),
            pgettext("default player name", "Chiara"), pgettext("default player name", "Dario"),
            pgettext("default player name", "Elif"), pgettext("default player name", "Femi")]


def declared_options(game, form: dict, options: dict) -> dict:
    """The game's declared options from inputs named opt_<name> (an unknown value: the default)."""
    chosen = {}
    for option in game.type.options:
        text = str(form.get(f"opt_{option.name}", options.get(option.name, "")))
        value = next((v for v in option.values if str(v) == text), option.default)
        if value is not None:
            chosen[option.name] = value
    return chosen


class SetupPanel:
    def __init__(self, table):
        self.table = table
        self.deal_link = ""  # shown on the panel once copied

    def level_label(self, level: str) -> str:
        return level_label(self.table.game_id, level)

    def available_levels(self) -> list[str]:
        return self.table.game.type.offered_levels() or ["normal"]

    def read(self, form: dict) -> None:
        """Take what the player typed into the new-game panel (kept across re-renders)."""
        table = self.table
        seats, phones = [], []
        levels = self.available_levels()
        for i, seat in enumerate(table.seats):
            # The seat's select says "human", "phone" (another phone at a live table) or the bot level.
            choice = form.get(f"seat{i}_kind", self.kind_of(i))
            name = clean_name(form.get(f"seat{i}_name", seat.name), _("Player {number}").format(number=i + 1))
            if choice == "phone" and self.live_offered():
                phones.append(i)
                choice = "human"
            seats.append(Seat("human", name) if choice == "human" else Seat("bot", name, choice if choice in levels else "normal"))
        table.seats, table.phones = seats, phones
        seed_text = str(form.get("seed", table.seed)).strip()
        if seed_text.isdigit() and len(seed_text) <= 18:
            table.seed = int(seed_text)
        elif seed_text:
            table.message = said(lambda: _("The seed must be a whole number; a new one was chosen."))
            table.seed = new_seed()
        table.options = table.read_options(form)

    def live_offered(self) -> bool:
        """Seats for other phones (a live table sends each phone its seat's facts): every
        game whose moves are decisions, and dice, where each phone rolls its own (a roll
        call); not one whose moves only make themselves."""
        kind = self.table.game.type
        return kind.auto_move is None or kind.roll_call is not None

    def kind_of(self, i: int) -> str:
        """What seat i's select says: "human", "phone" or its bot level."""
        seat = self.table.seats[i]
        if seat.kind == "bot":
            return seat.level or "normal"
        return "phone" if i in self.table.phones else "human"

    def change(self, action: str) -> None:
        table = self.table
        low, high = table.seat_limits()
        if action == "add-seat" and len(table.seats) < high:
            i = len(table.seats)
            names = default_names()
            table.seats.append(Seat("bot", names[i % len(names)], "normal"))
        elif action == "remove-seat" and len(table.seats) > low:
            table.seats.pop()
            table.phones = [i for i in table.phones if i < len(table.seats)]
        elif action == "new-seed":
            table.seed = new_seed()
        elif action == "copy-deal":
            deal = Record(table.game_id, list(table.seats), table.seed, dict(table.options), [])
            self.deal_link = table.app.link(f"/{table.game_id}/deal/{encode(deal)}")
            table.app.copy(self.deal_link)
            table.message = said(lambda: own_word(table.view, "copied", _(
                "Link to this deal copied: whoever opens it gets these seats and this same deal.")))

    def render(self) -> Markup:
        table = self.table
        low, high = table.seat_limits()
        levels = self.available_levels()
        rows = []
        for i, seat in enumerate(table.seats):
            kind_value = self.kind_of(i)
            name_label = _("Name of player {number}").format(number=i + 1)
            choices = ([("human", _("Human"))] + ([("phone", _("Another phone"))] if self.live_offered() else [])
                       + [(lvl, self.level_label(lvl)) for lvl in levels])
            rows.append(h("li", {"class": "seat-row", "data-seat": i},
                          h("span", {"class": f"seat-dot p{i}", "aria-hidden": "true"}),
                          h("label", {"class": "visually-hidden", "for": f"seat{i}_name"}, name_label),
                          h("input", {"id": f"seat{i}_name", "name": f"seat{i}_name", "value": seat.name,
                                      "maxlength": MAX_NAME, "autocomplete": "off", "aria-label": name_label}),
                          h("select", {"name": f"seat{i}_kind",
                                       "aria-label": _("Who plays seat {number}").format(number=i + 1)},
                            *[h("option", {"value": v, "selected": v == kind_value}, label) for v, label in choices])))
        return h("section", {"class": f"table setup {table.game_id}", "data-game": table.game_id, "data-phase": "setup"},
                 top_bar(table.entry.title),
                 h("form", {"class": "setup-panel", "aria-label": _("New game"), "data-submit": "start"},
                   h("h1", {"tabindex": "-1"}, _("New game of {game}").format(game=table.entry.title)),
                   table.chrome.notice(),
                   h("fieldset", None, h("legend", None, _("Players")),
                     h("ol", {"class": "seat-list"}, *rows),
                     h("p", {"class": "seat-buttons"},
                       h("button", {"type": "button", "class": "secondary", "data-action": "add-seat",
                                    "disabled": len(table.seats) >= high}, _("Add player")),
                       " ",
                       h("button", {"type": "button", "class": "secondary", "data-action": "remove-seat",
                                    "disabled": len(table.seats) <= low}, _("Remove player"))),
                     self.level_help(levels)),
                   table.view.setup_fields(table.options, table.names()),
                   h("p", {"class": "seed-row"},
                     h("label", {"for": "seed"}, own_word(table.view, "seed", _("Deal number (the same number deals the same game)"))), " ",
                     h("input", {"id": "seed", "name": "seed", "value": table.seed, "inputmode": "numeric", "size": 12}),
                     " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "new-seed"}, own_word(table.view, "new", _("New deal")))),
                   h("p", {"class": "setup-actions"},
                     h("button", {"type": "submit", "class": "start", "data-action": "start"}, _("Start game")),
                     h("button", {"type": "button", "class": "secondary", "data-action": "copy-deal"}, own_word(table.view, "copy", _("Copy link to this deal"))),
                     h("a", {"href": f"#/{table.game_id}/rules"}, _("Rules"))),
                   h("p", {"class": "share-row"},
                     h("label", {"for": "link-deal"}, own_word(table.view, "link", _("Link to this deal (same seats, same tiles and dice)"))),
                     h("input", {"id": "link-deal", "readonly": True, "value": self.deal_link, "data-link": "deal"}))
                   if self.deal_link else None))

    def level_help(self, levels: list[str]) -> Markup | None:
        bots = self.table.game.type.bots
        explained = [lvl for lvl in levels if bots[lvl].help]
        if len(explained) < 2:
            return None
        return h("p", {"class": "level-help", "data-level-help": ""},
                 *[h("span", None, h("strong", None, self.level_label(lvl)), _(": {help}. ").format(help=_(bots[lvl].help)))
                   for lvl in explained])
