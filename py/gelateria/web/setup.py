"""The new-game panel of every table: seats (human, or a bot of a declared level, with
a name), the deal number and the game's declared options. A mixin of TableScreen.
"""

from __future__ import annotations

from gelateria.core.game import seat_limits
from gelateria.core.record import MAX_NAME, Record, Seat, clean_name, encode
from gelateria.core.rng import new_seed
from gelateria.web.markup import Markup, h
from gelateria.web.screens import top_bar

DEFAULT_NAMES = ["Ana", "Bo", "Chiara", "Dario", "Elif", "Femi"]


class NewGamePanel:
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.kind == "human"]

    def is_bot(self, player: int) -> bool:
        return self.seats[player].kind == "bot"

    def default_seats(self) -> list[Seat]:
        return [Seat("human", DEFAULT_NAMES[0])] + [
            Seat("bot", DEFAULT_NAMES[i], "normal") for i in range(1, self.game.type.default_players)]

    def seat_limits(self) -> tuple[int, int]:
        return seat_limits(self.game, self.options)

    def level_label(self, level: str) -> str:
        bot = self.game.type.levels().get(level)
        return bot.label if bot is not None and bot.label else "Bot"

    def read_setup(self, form: dict) -> None:
        """Take what the player typed into the new-game panel (kept across re-renders)."""
        seats = []
        levels = self.available_levels()
        for i, seat in enumerate(self.seats):
            # The seat's select says "human" or the bot level ("easy", "normal", "hard").
            choice = form.get(f"seat{i}_kind", "human" if seat.kind == "human" else seat.level or "normal")
            name = clean_name(form.get(f"seat{i}_name", seat.name), f"Player {i + 1}")
            seats.append(Seat("human", name) if choice == "human" else Seat("bot", name, choice if choice in levels else "normal"))
        self.seats = seats
        seed_text = str(form.get("seed", self.seed)).strip()
        if seed_text.isdigit() and len(seed_text) <= 18:
            self.seed = int(seed_text)
        elif seed_text:
            self.message = "The seed must be a whole number; a new one was chosen."
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
            self.seats.append(Seat("bot", DEFAULT_NAMES[i % len(DEFAULT_NAMES)], "normal"))
        elif action == "remove-seat" and len(self.seats) > low:
            self.seats.pop()
        elif action == "new-seed":
            self.seed = new_seed()
        elif action == "copy-deal":
            deal = Record(self.game_id, list(self.seats), self.seed, dict(self.options), [])
            self.deal_link = self.app.link(f"/{self.game_id}/deal/{encode(deal)}")
            self.app.copy(self.deal_link)
            self.message = "Link to this deal copied: whoever opens it gets these seats and this same deal."

    def render_setup(self) -> Markup:
        low, high = self.seat_limits()
        levels = self.available_levels()
        rows = []
        for i, seat in enumerate(self.seats):
            kind_value = "human" if seat.kind == "human" else seat.level or "normal"
            choices = [("human", "Human")] + [(lvl, self.level_label(lvl)) for lvl in levels]
            rows.append(h("li", {"class": "seat-row", "data-seat": i},
                          h("span", {"class": f"seat-dot p{i}", "aria-hidden": "true"}),
                          h("label", {"class": "visually-hidden", "for": f"seat{i}_name"}, f"Name of player {i + 1}"),
                          h("input", {"id": f"seat{i}_name", "name": f"seat{i}_name", "value": seat.name,
                                      "maxlength": MAX_NAME, "autocomplete": "off", "aria-label": f"Name of player {i + 1}"}),
                          h("select", {"name": f"seat{i}_kind", "aria-label": f"Who plays seat {i + 1}"},
                            *[h("option", {"value": v, "selected": v == kind_value}, label) for v, label in choices])))
        return h("section", {"class": f"table setup {self.game_id}", "data-game": self.game_id, "data-phase": "setup"},
                 top_bar(self.entry.title),
                 h("form", {"class": "setup-panel", "aria-label": "New game", "data-submit": "start"},
                   h("h1", {"tabindex": "-1"}, f"New game of {self.entry.title}"),
                   self.notice(),
                   h("fieldset", None, h("legend", None, "Players"),
                     h("ol", {"class": "seat-list"}, *rows),
                     h("p", {"class": "seat-buttons"},
                       h("button", {"type": "button", "class": "secondary", "data-action": "add-seat",
                                    "disabled": len(self.seats) >= high}, "Add player"),
                       " ",
                       h("button", {"type": "button", "class": "secondary", "data-action": "remove-seat",
                                    "disabled": len(self.seats) <= low}, "Remove player")),
                     self.render_level_help(levels)),
                   self.setup_fields(),
                   h("p", {"class": "seed-row"},
                     h("label", {"for": "seed"}, "Deal number (seed) "),
                     h("input", {"id": "seed", "name": "seed", "value": self.seed, "inputmode": "numeric", "size": 12}),
                     " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "new-seed"}, "New deal")),
                   h("p", {"class": "setup-actions"},
                     h("button", {"type": "submit", "class": "start", "data-action": "start"}, "Start game"),
                     h("button", {"type": "button", "class": "secondary", "data-action": "copy-deal"}, "Copy link to this deal"),
                     h("a", {"href": f"#/{self.game_id}/rules"}, "Rules")),
                   h("p", {"class": "share-row"},
                     h("label", {"for": "link-deal"}, "Link to this deal (same seats, same tiles and dice)"),
                     h("input", {"id": "link-deal", "readonly": True, "value": self.deal_link, "data-link": "deal"}))
                   if self.deal_link else None))

    def render_level_help(self, levels: list[str]) -> Markup | None:
        bots = self.game.type.bots
        explained = [lvl for lvl in levels if bots[lvl].help]
        if len(explained) < 2:
            return None
        return h("p", {"class": "level-help", "data-level-help": ""},
                 *[h("span", None, h("strong", None, self.level_label(lvl)), f": {bots[lvl].help}. ")
                   for lvl in explained])
