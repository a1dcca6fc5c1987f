"""Screens: what the app shows for a route. Plain Python (no browser) so the pages'
content is unit-testable; web/app.py puts them on the page and routes events.

A screen renders markup; elements with `data-action="name"` send clicks to
`on_action(name, data)`, where data holds the element's data-* attributes. A game's
screen lives in gelateria.web.views.<game id> and has this same shape.
"""

from __future__ import annotations

import importlib

from gelateria.core import i18n
from gelateria.core.examples import examples_of
from gelateria.core.game import get_game
from gelateria.core.i18n import _, and_list, ngettext, pgettext
from gelateria.core.record import RecordError, encode, from_json
from gelateria.web import art
from gelateria.web.catalog import catalog, entry
from gelateria.web.markup import Markup, h, join
from gelateria.web.storage import REMOVED_SEEN, describe_saved, saved_summary
from gelateria.web.views.contract import registered_screen


class Said(str):
    """Words a screen keeps to show (a notice), that know how to say themselves again:
    when the player switches language, `Screen.language_changed` has them said anew.
    A plain string, everywhere else."""

    def __new__(cls, say):
        words = super().__new__(cls, say())
        words.say = say
        return words

    def again(self) -> "Said":
        return Said(self.say)


def said(say) -> Said:
    """`self.message = said(lambda: _("…").format(…))`: a notice in the language shown, then and later."""
    return Said(say)


class Screen:
    def __init__(self, app=None):
        self.app = app

    def language_changed(self) -> None:
        """The player switched language (the screen is drawn again next): every notice
        it keeps as Said words is said again in the new one."""
        for name, value in list(vars(self).items()):
            if isinstance(value, Said):
                setattr(self, name, value.again())

    @property
    def title(self) -> str:
        """document.title, in the language shown (read at every redraw)."""
        return _("Gelateria")

    def render(self) -> Markup:
        raise NotImplementedError

    def on_action(self, action: str, data: dict) -> None:
        """A click on an element with data-action."""

    def on_key(self, key: str) -> bool:
        """A key press anywhere; return True if the screen used it."""
        return False

    def on_key_up(self, key: str) -> bool:
        """A key let go."""
        return False

    def on_hold(self, name: str, data: dict, down: bool) -> None:
        """A control with data-hold="name" pressed (down=True) or let go (False)."""

    def mounted(self) -> None:
        """Called after render() was put on the page (for timers, focus, measurements)."""

    def focus_home(self) -> str | None:
        """Where focus goes when the focused control is gone after a redraw (a selector)."""
        return "h1"

    def close(self) -> None:
        """Called when the player leaves the screen: stop timers, save."""

    def flush(self) -> None:
        """The page is being hidden or closed (it may never come back): save now."""

    def on_storage(self, save_id: str) -> None:
        """Another tab changed the save with this id."""

    def on_import(self, text: str) -> None:
        """The text of a file the player picked in an <input data-import>."""


def top_bar(crumb: str | None = None) -> Markup:
    """The box's name and icon (home), where the page is (`crumb`), the language menu.
    With a crumb, a phone shows the icon alone (static/app.css): the crumb needs the room."""
    return h("header", {"class": "top-bar with-crumb" if crumb else "top-bar"},
             h("a", {"href": "#/", "class": "brand", "aria-label": _("Gelateria home")},
               h("img", {"src": "./static/icons/icon.svg", "alt": "", "width": 32, "height": 32}),
               h("span", {"class": "brand-name"}, _("Gelateria"))),
             h("span", {"class": "crumb"}, crumb) if crumb else None,
             language_switch())


def removed_games_notice(app, where: str = "") -> Markup | None:
    """Finished games storage removed to make room (storage.SaveStore.removed_notice):
    on the home screen and on every table, after every reload, until the player's "Got
    it" (web/app.py hears it on any screen)."""
    words = app.saves.removed_notice() if app is not None else ""
    if not words:
        return None
    return h("div", {"class": f"notice-bar removed-games {where}".strip(), "role": "status", "data-removed-games": ""},
             h("p", None, words),
             h("button", {"type": "button", "class": "secondary", "data-action": REMOVED_SEEN}, _("Got it")))


def language_switch() -> Markup:
    """The language menu, on every screen: each language under its own name."""
    current = i18n.language()
    return h("label", {"class": "language-switch"},
             h("span", {"class": "visually-hidden"}, _("Language")),
             h("select", {"data-language": "", "name": "language"},
               *[h("option", {"value": code, "lang": code, "selected": code == current}, name)
                 for code, name in i18n.LANGUAGES.items()]))


class HomeScreen(Screen):
    import_message = ""
    removed = None  # (Saved, the text storage held): the save just removed, which Undo puts back
    undo_failed = False  # Undo found no room to put it back

    def on_action(self, action: str, data: dict) -> None:
        if action == "remove-save":
            self.remove_save(str(data.get("remove") or ""))
        elif action == "undo-remove" and self.removed is not None:
            self.undo_remove()

    def remove_save(self, save_id: str) -> None:
        """A Remove button: the save goes at once, and its place in the list says so
        with an Undo, until the player leaves the home screen."""
        saved = next((s for s in self.app.saves.load_all() if s.save_id == save_id), None)
        text = self.app.saves.remove(save_id) if saved is not None else None
        if text is None:
            self.app.refresh()  # gone already (another tab): the list says so
            return
        self.removed, self.undo_failed = (saved, text), False
        self.app.refresh()
        self.app.focus("[data-action='undo-remove']")
        self.app.announce(self.removed_words(saved))

    def undo_remove(self) -> None:
        saved, text = self.removed
        if not self.app.saves.restore(saved.save_id, text):
            self.undo_failed = True  # the words say so; Undo stays, to try again
            self.app.refresh()
            self.app.announce(self.removed_words(saved))
            return
        self.removed = None
        self.app.refresh()
        self.app.focus(f"[data-save='{saved.save_id}'] a")  # (save ids are SAFE_ID: no quotes)
        self.app.announce(_("Put back: {game}.").format(game=self.described(saved)))

    @staticmethod
    def described(saved) -> str:
        return describe_saved(saved.game, [seat.name for seat in saved.record.seats])

    def removed_words(self, saved) -> str:
        if self.undo_failed:
            return _("{game} could not be put back: this browser's storage is full.").format(game=self.described(saved))
        return _("Removed from this device: {game}.").format(game=self.described(saved))

    @property
    def title(self) -> str:
        return _("Gelateria — four ice-cream table games")

    def on_import(self, text: str) -> None:
        """A game file the player picked (what "Download this game" wrote): checked
        like any link, then opened as one."""
        try:
            record = from_json(text)
        except RecordError as exc:
            reason = str(exc)  # (exc is gone after the except block; the words stay)
            self.import_message = said(lambda: _("That file could not be opened: {reason}").format(reason=reason))
            self.app.refresh()
            return
        if entry(record.game) is None:
            self.import_message = said(lambda: _("That file is for a game this box does not have."))
            self.app.refresh()
            return
        self.app.go(f"/{record.game}/take/{encode(record.with_holders([]))}")  # your own game: played here

    def render(self) -> Markup:
        cards = [self.card(game) for game in catalog()]
        saves = self.app.saves.load_all() if self.app is not None else []
        if self.removed is not None and all(s.save_id != self.removed[0].save_id for s in saves):
            # Shown in its place, with Undo (unless another tab, playing it, wrote it again).
            saves = sorted(saves + [self.removed[0]], key=lambda s: -s.updated)
        problems = list(self.app.saves.problems) if self.app is not None else []
        return h("section", {"class": "home", "data-screen": "home"},
                 top_bar(),
                 h("div", {"class": "hero"},
                   h("h1", {"tabindex": "-1"}, _("Four ice-cream games, one box")),
                   h("p", None, _("Open a game and play: against bots, with friends on this screen, or by sending a link. "
                                  "Nothing to install, no account, and it keeps working offline."))),
                 *[h("p", {"class": "notice-bar home-notice", "role": "alert"}, problem) for problem in problems],
                 removed_games_notice(self.app, "home-notice"),
                 self.saved_games([s for s in saves if not s.over], _("Continue"), "continue",
                                  lambda s: f"#/{s.game}/resume/{s.save_id}",
                                  _("Continue: {game} with {players}")),
                 h("ul", {"class": "game-cards", "aria-label": _("Games")}, *cards),
                 self.saved_games([s for s in saves if s.over][:8], _("Finished games"), "history",
                                  lambda s: f"#/{s.game}/resume/{s.save_id}",
                                  _("See the result: {game} with {players}")),
                 h("p", {"class": "import-row"},
                   h("label", {"class": "button secondary", "for": "import-file"}, _("Open a downloaded game")),
                   h("input", {"id": "import-file", "type": "file", "accept": ".json,application/json",
                               "class": "visually-hidden", "data-import": ""}),
                   self.import_message and h("span", {"class": "notice-bar", "role": "alert", "data-import-message": ""},
                                             self.import_message)),
                 h("footer", {"class": "home-foot"},
                   _("Everything runs in your browser; your games never leave this device unless you share a link.")))

    def saved_games(self, saves, title: str, hook: str, href, label: str) -> Markup:
        """`label`: the link's accessible name, with {game} and {players}."""
        if not saves:
            return Markup("")
        items = []
        for saved in saves:
            game = entry(saved.game)
            if game is None:
                continue
            if self.removed is not None and saved is self.removed[0]:
                items.append(self.removed_item(saved, game))
                continue
            names = _(", ").join(seat.name for seat in saved.record.seats)
            moves = len(saved.record.moves)
            said = saved_summary(saved)
            line = ngettext("{count} move", "{count} moves", moves).format(count=moves)
            items.append(h("li", {"class": "saved", "style": f"--accent:{game.accent}", "data-save": saved.save_id},
                           h("a", {"href": href(saved), "aria-label": label.format(game=game.title, players=names)},
                             h("strong", None, game.title), " ",
                             h("span", {"class": "saved-names"}, names),
                             h("span", {"class": "saved-summary"},
                               _("{moves} · {summary}").format(moves=line, summary=said) if said else line)),
                           h("button", {"type": "button", "class": "secondary remove-save", "data-action": "remove-save",
                                        "data-remove": saved.save_id,
                                        "aria-label": _("Remove: {game} with {players}").format(game=game.title,
                                                                                              players=names)},
                             _("Remove"))))
        return h("section", {"class": f"saved-games {hook}", "aria-label": title, f"data-{hook}": ""},
                 h("h2", None, title), h("ul", None, *items))

    def removed_item(self, saved, game) -> Markup:
        """The place of the save just removed: what went, and Undo."""
        return h("li", {"class": "saved removed", "style": f"--accent:{game.accent}", "data-removed": saved.save_id},
                 h("p", {"id": "removed-words"}, self.removed_words(saved)),
                 h("button", {"type": "button", "class": "secondary", "data-action": "undo-remove",
                              "aria-describedby": "removed-words"}, _("Undo")))

    @staticmethod
    def card(entry) -> Markup:
        return h("li", {"class": "game-card", "style": f"--accent:{entry.accent}", "data-card": entry.id},
                 h("a", {"class": "card-main", "href": f"#/{entry.id}"},  # named by what it shows
                   art.picture(entry.id),
                   h("h2", None, entry.title),
                   h("p", {"class": "meta"}, _("{players} · {minutes}").format(players=entry.players, minutes=entry.minutes)
                     if entry.minutes else entry.players),
                   h("p", {"class": "pitch"}, entry.pitch),
                   h("span", {"class": "button card-play"}, pgettext("home card", "Play"))),  # what a tap on the card does, said
                 h("a", {"class": "card-rules", "href": f"#/{entry.id}/rules"}, _("Rules")))


def rules_sections(game_id: str):
    """The game's rules page text, or None if the game has none yet."""
    try:
        module = importlib.import_module(f"gelateria.games.{game_id}.help")
    except ModuleNotFoundError:
        return None
    return module.RULES


def optional_module(name: str):
    """The module, or None when it does not exist (an error inside it still raises)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def rules_pictures(game_id: str):
    """The game's rules-page drawings (web/views/<id>_rules.py: `components()`,
    `picture(example, outcome)`, `result(example, outcome)`, and optionally `defs()`,
    the SVG definitions the pictures <use>), or None."""
    return optional_module(f"gelateria.web.views.{game_id}_rules")


def example_figure(game_id: str, pictures, example) -> Markup:
    """A worked example: the position as the game's view draws it, the rulebook's words,
    what the move makes as the rules work it out, and the button that plays it."""
    outcome = example.outcome(get_game(game_id))
    return h("figure", {"class": "rules-example", "data-example": example.id},
             h("div", {"class": "example-art"}, pictures.picture(example, outcome)),
             h("figcaption", None,
               h("strong", {"class": "example-title"}, _(example.title)), " ", _(example.caption),
               h("span", {"class": "example-result", "data-example-result": ""}, pictures.result(example, outcome)),
               h("a", {"class": "button secondary try-it", "href": f"#/{game_id}/try/{example.id}",
                       "aria-label": _("Try it: {example}").format(example=_(example.title))}, _("Try it"))))


class RulesScreen(Screen):
    def __init__(self, app, game_id: str, defs: bool = True):
        """`defs`: include the pictures' SVG definitions. The pre-rendered first paint
        leaves them out (they are most of its bytes); the drawings take their places
        at once, and their art fills in when the app draws the page."""
        super().__init__(app)
        self.entry = entry(game_id)
        self.defs = defs
        self.warmed = False

    @property
    def title(self) -> str:
        return _("{game} rules — Gelateria").format(game=self.entry.title)

    def sections(self) -> list[Markup]:
        # help.RULES holds the English, each heading and paragraph marked N_ by the game;
        # each worked example follows the section it illustrates, the components the first.
        sections = rules_sections(self.entry.id)
        if sections is None:
            return [h("p", None, _("The rules page for this game is still being written."))]
        pictures = rules_pictures(self.entry.id)
        examples = examples_of(self.entry.id) if pictures else []
        body = []
        for n, (title, paragraphs) in enumerate(sections):
            extra = [pictures.components()] if pictures and n == 0 else []
            extra += [example_figure(self.entry.id, pictures, e) for e in examples if e.section == title]
            body.append(h("section", {"class": "rules-section"}, h("h2", None, _(title)),
                          *[h("p", None, _(p)) for p in paragraphs], *extra))
        return body

    def mounted(self) -> None:
        # "Try it" opens the game's table: import its code while the page is being read,
        # not after the click (the first import of a view takes seconds on a phone).
        if not self.warmed:
            self.warmed = True
            self.app.later(400, lambda: game_view_module(self.entry.id))

    def guided_offer(self) -> Markup | None:
        spec = registered_screen(self.entry.id)
        if spec is None or spec.guided_seed is None:
            return None
        return h("p", {"class": "guided-offer"},
                 _("New to {game}? Play a first game against an easy bot, with a hint at every step.").format(
                     game=self.entry.title), " ",
                 h("a", {"class": "button", "href": f"#/{self.entry.id}/guided", "data-guided": ""},
                   _("Play a guided game")))

    def pictures_defs(self) -> Markup | None:
        pictures = rules_pictures(self.entry.id)
        if not (self.defs and pictures and hasattr(pictures, "defs")):
            return None
        return h("div", {"class": "rules-defs", "aria-hidden": "true"}, pictures.defs())  # (out of the flow: app.css)

    def render(self) -> Markup:
        return h("section", {"class": "page rules", "data-screen": "rules", "data-game": self.entry.id},
                 top_bar(_("{game} · rules").format(game=self.entry.title)),
                 h("article", {"class": "page-body"},
                   h("h1", {"tabindex": "-1"}, _("How to play {game}").format(game=self.entry.title)),
                   self.pictures_defs(),
                   self.guided_offer(),
                   *self.sections(),
                   h("p", None, h("a", {"class": "button", "href": f"#/{self.entry.id}"},
                                  _("Play {game}").format(game=self.entry.title)))))


class ComingSoonScreen(Screen):
    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.entry = entry(game_id)

    @property
    def title(self) -> str:
        return _("{game} — Gelateria").format(game=self.entry.title)

    def render(self) -> Markup:
        has_rules = rules_sections(self.entry.id) is not None
        return h("section", {"class": "page", "data-screen": "coming-soon", "data-game": self.entry.id},
                 top_bar(self.entry.title),
                 h("article", {"class": "page-body notice"},
                   h("h1", {"tabindex": "-1"}, _("{game} is not on the table yet").format(game=self.entry.title)),
                   h("p", None, _("The {game} table is still being built, so it cannot be played in this "
                                  "version of Gelateria. The other games in the box are ready.").format(game=self.entry.title)),
                   h("p", None,
                     h("a", {"class": "button", "href": "#/"}, _("Back to the games")),
                     " ",
                     h("a", {"class": "button secondary", "href": f"#/{self.entry.id}/rules"}, _("Read the rules"))
                     if has_rules else None)))


class NotFoundScreen(Screen):
    def __init__(self, app, path: str):
        super().__init__(app)
        self.path = path

    @property
    def title(self) -> str:
        return _("No such page — Gelateria")

    def render(self) -> Markup:
        before, _sep, after = _("There is nothing at {address}. The link may be mistyped or from a newer version "
                                "of Gelateria.").partition("{address}")
        return h("section", {"class": "page", "data-screen": "not-found"},
                 top_bar(),
                 h("article", {"class": "page-body notice"},
                   h("h1", {"tabindex": "-1"}, _("No such page")),
                   h("p", None, before, h("code", None, "#" + self.path), after),
                   h("p", None, h("a", {"class": "button", "href": "#/"}, _("Back to the games")))))


class GettingReadyScreen(Screen):
    """What a game's route shows before Python has started (pre-rendered by the build,
    never routed to): the game's name and picture, and that its table is on the way.
    A shared link opens here at once; the app then draws the table in its place."""

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        self.entry = entry(game_id) if game_id else None

    @property
    def title(self) -> str:
        return _("{game} — Gelateria").format(game=self.entry.title) if self.entry else _("Gelateria")

    def render(self) -> Markup:
        name = self.entry.title if self.entry else _("Gelateria")
        return h("section", {"class": "page getting-ready", "data-screen": "getting-ready",
                             "data-game": self.entry.id if self.entry else None},
                 top_bar(self.entry.title if self.entry else None),
                 h("article", {"class": "page-body"},
                   h("h1", {"tabindex": "-1"}, name),
                   art.picture(self.entry.id) if self.entry else None,
                   h("p", {"class": "getting-ready-text"}, _("Getting the table ready…")),
                   h("p", {"class": "getting-ready-note"},
                     _("The first visit downloads Python once; after that the box opens fast and works offline."))))


def game_view_module(game_id: str):
    """The game's play screen module, or None while it is not built."""
    return optional_module(f"gelateria.web.views.{game_id}")
