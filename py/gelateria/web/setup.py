"""The new-game panel of every table: seats (human, or a bot of a declared level, with
a name), the deal number and the game's declared options. A mixin of TableScreen.
"""

from __future__ import annotations

from gelateria.core.game import seat_limits
from gelateria.core.seats import held_by
from gelateria.core.i18n import _, pgettext
from gelateria.core.record import MAX_NAME, Record, Seat, clean_name, encode
from gelateria.core.rng import new_seed
from gelateria.web.markup import Markup, h
from gelateria.web.screens import said, top_bar
from gelateria.web.views.contract import level_label

DEFAULT_NAMES = ["Ana", "Bo", "Chiara", "Dario", "Elif", "Femi"]  # in English; default_names() in the language shown


def default_names() -> list[str]:
    """The names a new-game panel starts with, as players of the language shown would
    write them (a name is the player's own once chosen: links carry it as it is)."""
    return [pgettext("default player name", "Ana"), pgettext("default player name", "Bo"),
            pgettext("default player name", "Chiara"), pgettext("default player name", "Dario"),
            pgettext("default player name", "Elif"), pgettext("default player name", "Femi")]


class NewGamePanel:
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def humans(self) -> list[int]:
        """The human seats played at this screen: on the new-game panel, every one; in a
        game, those this device holds (core/seats.py)."""
        if self.session is None or self.phase == "setup":
            return [i for i, seat in enumerate(self.seats) if seat.kind == "human"]
        return held_by(self.session.record, self.device)

    def is_bot(self, player: int) -> bool:
        return self.seats[player].kind == "bot"

    def default_seats(self) -> list[Seat]:
        names = default_names()
        return [Seat("human", names[0])] + [
            Seat("bot", names[i], "normal") for i in range(1, self.game.type.default_players)]

    def seat_limits(self) -> tuple[int, int]:
        return seat_limits(self.game, self.options)

    def level_label(self, level: str) -> str:
        return level_label(self.game_id, level)

    def read_setup(self, form: dict) -> None:
        """Take what the player typed into the new-game panel (kept across re-renders)."""
        seats = []
        levels = self.available_levels()
        for i, seat in enumerate(self.seats):
            # The seat's select says "human" or the bot level ("easy", "normal", "hard").
            choice = form.get(f"seat{i}_kind", "human" if seat.kind == "human" else seat.level or "normal")
            name = clean_name(form.get(f"seat{i}_name", seat.name), _("Player {number}").format(number=i + 1))
            seats.append(Seat("human", name) if choice == "human" else Seat("bot", name, choice if choice in levels else "normal"))
        self.seats = seats
        seed_text = str(form.get("seed", self.seed)).strip()
        if seed_text.isdigit() and len(seed_text) <= 18:
            self.seed = int(seed_text)
        elif seed_text:
            self.message = said(lambda: _("The seed must be a whole number; a new one was chosen."))
            self.seed = new_seed()
        self.options = self.read_options(form)

    def read_options(self, form: dict) -> dict:
        """The declared options from inputs named opt_<name> (an unknown value: the default)."""
        options = {}
        for option in self.game.type.options:
            text = str(form.get(f"opt_{option.name}", self.options.get(option.name, "")))
            value = next((v for v in option.values if str(v) == text), option.default)
            if value is not None:
                options[option.name] = value
        return options

    def available_levels(self) -> list[str]:
        return self.game.type.offered_levels() or ["normal"]

    def change_setup(self, action: str) -> None:
        low, high = self.seat_limits()
        if action == "add-seat" and len(self.seats) < high:
            i = len(self.seats)
            names = default_names()
            self.seats.append(Seat("bot", names[i % len(names)], "normal"))
        elif action == "remove-seat" and len(self.seats) > low:
            self.seats.pop()
        elif action == "new-seed":
            self.seed = new_seed()
        elif action == "copy-deal":
            deal = Record(self.game_id, list(self.seats), self.seed, dict(self.options), [])
            self.deal_link = self.app.link(f"/{self.game_id}/deal/{encode(deal)}")
            self.app.copy(self.deal_link)
            self.message = said(lambda: _("Link to this deal copied: whoever opens it gets these seats and this same "
                                          "deal."))

    def render_setup(self) -> Markup:
        low, high = self.seat_limits()
        levels = self.available_levels()
        rows = []
        for i, seat in enumerate(self.seats):
            kind_value = "human" if seat.kind == "human" else seat.level or "normal"
            name_label = _("Name of player {number}").format(number=i + 1)
            choices = [("human", _("Human"))] + [(lvl, self.level_label(lvl)) for lvl in levels]
            rows.append(h("li", {"class": "seat-row", "data-seat": i},
                          h("span", {"class": f"seat-dot p{i}", "aria-hidden": "true"}),
                          h("label", {"class": "visually-hidden", "for": f"seat{i}_name"}, name_label),
                          h("input", {"id": f"seat{i}_name", "name": f"seat{i}_name", "value": seat.name,
                                      "maxlength": MAX_NAME, "autocomplete": "off", "aria-label": name_label}),
                          h("select", {"name": f"seat{i}_kind",
                                       "aria-label": _("Who plays seat {number}").format(number=i + 1)},
                            *[h("option", {"value": v, "selected": v == kind_value}, label) for v, label in choices])))
        return h("section", {"class": f"table setup {self.game_id}", "data-game": self.game_id, "data-phase": "setup"},
                 top_bar(self.entry.title),
                 h("form", {"class": "setup-panel", "aria-label": _("New game"), "data-submit": "start"},
                   h("h1", {"tabindex": "-1"}, _("New game of {game}").format(game=self.entry.title)),
                   self.notice(),
                   h("fieldset", None, h("legend", None, _("Players")),
                     h("ol", {"class": "seat-list"}, *rows),
                     h("p", {"class": "seat-buttons"},
                       h("button", {"type": "button", "class": "secondary", "data-action": "add-seat",
                                    "disabled": len(self.seats) >= high}, _("Add player")),
                       " ",
                       h("button", {"type": "button", "class": "secondary", "data-action": "remove-seat",
                                    "disabled": len(self.seats) <= low}, _("Remove player"))),
                     self.render_level_help(levels)),
                   self.setup_fields(),
                   h("p", {"class": "seed-row"},
                     h("label", {"for": "seed"}, _("Deal number (seed)")), " ",
                     h("input", {"id": "seed", "name": "seed", "value": self.seed, "inputmode": "numeric", "size": 12}),
                     " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "new-seed"}, _("New deal"))),
                   h("p", {"class": "setup-actions"},
                     h("button", {"type": "submit", "class": "start", "data-action": "start"}, _("Start game")),
                     h("button", {"type": "button", "class": "secondary", "data-action": "copy-deal"}, _("Copy link to this deal")),
                     h("a", {"href": f"#/{self.game_id}/rules"}, _("Rules"))),
                   h("p", {"class": "share-row"},
                     h("label", {"for": "link-deal"}, _("Link to this deal (same seats, same tiles and dice)")),
                     h("input", {"id": "link-deal", "readonly": True, "value": self.deal_link, "data-link": "deal"}))
                   if self.deal_link else None))

    def render_level_help(self, levels: list[str]) -> Markup | None:
        bots = self.game.type.bots
        explained = [lvl for lvl in levels if bots[lvl].help]
        if len(explained) < 2:
            return None
        return h("p", {"class": "level-help", "data-level-help": ""},
                 *[h("span", None, h("strong", None, self.level_label(lvl)), _(": {help}. ").format(help=_(bots[lvl].help)))
                   for lvl in explained])
