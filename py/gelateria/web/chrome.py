"""How the shared parts of every table look: the notices, whose turn it is, the
controls (bot speed, undo, share), the log, the hand-over screen and the end screen,
with the view's parts (web/views/contract.py Parts: board, side, details, strip,
summary, ...) in their slots. `Chrome` is a collaborator of the table (web/table.py):
pure drawing from the table's state and the view's parts, as the table's drawing
(web/drawing.py) has them.
"""

from __future__ import annotations

from gelateria.core import seats
from gelateria.core.game import TURNS
from gelateria.core.i18n import N_, _, number, pgettext
from gelateria.web.markup import Markup, h, join
from gelateria.web.screens import removed_games_notice, top_bar
from gelateria.web.replay import LOG_SHOWN
from gelateria.web.storage import BLOCKED, FULL, headline
from gelateria.web.views.contract import bot_tag, names_said, own_word, pace_chips, you

LINK_REVEALS = N_("A link carries the whole deal, hidden tiles and cards included, so it suits friends; "
                  "only a live table, where each phone gets just its own, will keep secrets for real.")
SAVE_TROUBLE = {  # said with _() where shown
    FULL: N_("This game is not being saved: this browser's storage is full."),
    BLOCKED: N_("This browser does not let Gelateria save games here (private browsing or blocked storage), "
                "so this game lasts only while the page is open."),
}


def think_stats(times: list[float]) -> str | None:
    """"count,median,worst" in ms, or None when no bot has decided yet."""
    if not times:
        return None
    ordered = sorted(times)
    return f"{len(ordered)},{ordered[len(ordered) // 2]:.1f},{ordered[-1]:.1f}"


class Chrome:
    """The shared layout of every table, drawn from the table (`t` below) and the view's
    parts (Parts, web/views/contract.py) slotted into it."""

    def __init__(self, table):
        self.table = table

    def parts(self):
        return self.table.drawing.parts()

    def bot_tag(self, player: int) -> Markup | None:
        """The ' · Hard bot' after a bot seat's name: its level, as the new-game panel calls it."""
        t = self.table
        return bot_tag(t.game_id, t.seats[player].level or "bot") if t.is_bot(player) else None

    @property
    def title(self) -> str:
        """document.title."""
        t = self.table
        return _("{game} — Gelateria").format(game=t.entry.title)

    def table_data(self) -> dict:
        """More data-* attributes on the table (what tests and benches read): the bots'
        decisions timed by kind (data-think-<kind>), and the view's own."""
        t = self.table
        return {**{f"data-think-{name}": think_stats(times) for name, times in t.think_timed.items()},
                **self.parts().table_data}

    def render(self) -> Markup:
        t = self.table
        if t.phase == "setup":
            return t.setup.render()
        if t.phase == "lobby":
            return t.lobby.render()
        hint = t.practice.shown_hint()
        # (a watcher at a live table: on a wide screen, the table screen, static/app.css)
        screen = " table-screen" if t.guest is not None and t.guest.seat is None else ""
        return h("section", {"class": f"table {t.game_id}{screen}", "data-game": t.game_id, "data-phase": t.phase,
                             "data-think": think_stats(t.think_ms), "data-hint": hint[0] if hint else None,
                             # (a guest's move on its way to the host: the table waits for its answer)
                             "aria-busy": "true" if t.awaiting_host() else None,
                             **self.table_data()},
                 top_bar(t.entry.title),
                 h("h1", {"class": "visually-hidden", "tabindex": "-1"}, t.entry.title),
                 h("div", {"class": "table-layout"},
                   h("div", {"class": "board-area"}, self.practice_bar(), self.guide_bar(hint), self.save_notice(),
                     removed_games_notice(t.app), self.seat_bar(), self.turn_strip(), self.notice(),
                     self.parts().board),
                   h("aside", {"class": "side-area"},
                     h("div", {"class": "side-main"}, self.parts().side, self.since_last_turn()),
                     self.more_sheet())),
                 self.overlay())

    def turn_strip(self) -> Markup:
        """Whose turn it is and the scores that matter, always in view (sticky on a
        phone), with the button that opens the "More" sheet there."""
        t = self.table
        return h("div", {"class": "turn-strip", "data-strip": ""},
                 self.status_line(), self.parts().strip,
                 h("button", {"type": "button", "class": "secondary more-button", "data-action": "sheet",
                              "aria-expanded": "true" if t.sheet_open else "false", "aria-controls": "more-sheet",
                              "data-open": "false" if t.sheet_open else "true"},
                   pgettext("phone sheet", "More")))

    def more_sheet(self) -> Markup:
        """Details, controls and the log: a column on wide screens, a sheet that floats
        over the board on a phone (opened from the strip, closed by its own button)."""
        t = self.table
        return h("div", {"class": "more-sheet" + (" open" if t.sheet_open else ""), "id": "more-sheet",
                         "data-sheet": "open" if t.sheet_open else "closed"},
                 h("p", {"class": "sheet-head"},
                   h("button", {"type": "button", "class": "secondary", "data-action": "sheet", "data-open": "false"}, _("Close"))),
                 self.parts().details, self.controls(), self.log_panel())

    def since_last_turn(self) -> Markup | None:
        """Every other seat's move since the player at the screen last moved (with bots,
        "the latest move" alone would hide all but one). A box of fixed height, there
        all game long, so that filling it pushes nothing."""
        t = self.table
        me = t.viewer() if t.viewer() is not None else t.actor()
        if not t.view.since_last_turn or t.phase != "play" or t.game.type.timing != TURNS or len(t.seats) < 2 or me is None:
            return None
        facts = t.facts()
        moves = facts.authors
        # During the player's own turn the others' moves before it stay listed (a box
        # saying "nothing yet" after their own first step told them nothing).
        end = len(moves)
        while end > 0 and moves[end - 1] == me:
            end -= 1
        since = end
        while since > 0 and moves[since - 1] != me:
            since -= 1
        first = len(moves) + 1 - len(facts.log)  # the log line facts.log begins with (0: "New game…")
        lines = facts.log[max(0, 1 + since - first):max(0, 1 + end - first)]
        return h("section", {"class": "since-last", "aria-label": _("Since your last turn"), "data-since": len(lines)},
                 h("h2", None, _("Since your last turn") if since else _("Before your first turn")),
                 h("ul", None, *[h("li", None, line) for line in lines]) if lines else h("p", None, _("Nothing yet.")))

    def practice_bar(self) -> Markup | None:
        """A practice game from the rules, or the guided game, says so, with the way back."""
        t = self.table
        back = h("a", {"class": "button secondary", "href": f"#/{t.game_id}/rules"}, _("Back to the rules"))
        example = t.practice.example
        if example is not None:
            what, name = example.id, _("Practice: {example}").format(example=_(example.title))
            buttons = [h("button", {"type": "button", "class": "secondary", "data-action": "try-again"}, _("Start again")),
                       " ", back]
        elif t.practice.guided:
            what, name, buttons = "guided", _("Your first game of {game}").format(game=t.entry.title), [back]
        else:
            return None
        return h("div", {"class": "practice-bar", "data-practice": what},
                 h("p", None, h("strong", None, name), " ", _("This game is not saved.")),
                 h("p", {"class": "practice-buttons"}, *buttons))

    def guide_bar(self, hint) -> Markup | None:
        """The guided game's next step, with "Got it" and the way to stop the hints."""
        t = self.table
        if not t.practice.guided or t.practice.hints_off:
            return None
        waiting = t.phase == "play" and t.actor() is None  # (on your turn, no hint: it was dismissed)
        words = hint[1] if hint else (_("Watch the bot's move on the board.") if waiting else "")
        if not words:
            return None
        return h("div", {"class": "guide-bar", "role": "status", "data-guide": hint[0] if hint else "wait"},
                 h("p", None, h("strong", None, _("Guided game")), " ", words),
                 h("p", {"class": "practice-buttons"},
                   h("button", {"type": "button", "class": "secondary", "data-action": "hint-done"}, _("Got it"))
                   if hint else None, " ",
                   h("button", {"type": "button", "class": "secondary", "data-action": "hints-off"}, _("Stop the hints"))))

    def save_notice(self) -> Markup | None:
        """Said where the player is looking, for as long as it holds: another tab
        moved this game on, or this game is not being saved."""
        t = self.table
        if t.stale:
            return h("div", {"class": "notice-bar save-notice", "role": "alert", "data-stale": ""},
                     h("p", None, _("This game was moved on in another tab or window, so this page is out of date. "
                                    "Nothing here was saved over it.")),
                     h("button", {"type": "button", "data-action": "load-newest"}, _("Continue from the newest position")))
        trouble = t.saving.save_trouble
        if not trouble:
            return None
        return h("div", {"class": "notice-bar save-notice", "role": "alert", "data-save-trouble": trouble},
                 h("p", None, _(SAVE_TROUBLE[trouble]), " ",
                   _("The game goes on here; to keep it, copy its link or download it.")),
                 h("button", {"type": "button", "data-action": "copy-link", "data-kind": "game"}, _("Copy link to this game")),
                 " ",
                 h("button", {"type": "button", "class": "secondary", "data-action": "download"}, _("Download this game")))

    def notice(self) -> Markup:
        """What the player must know about this game's link, saves or seats sits in the flow
        above the board (nothing floats over a control), and shrinks to one line, a tap
        away, once the player has moved. The answer to a refused move floats over the top
        of the board, under the strip, passing taps through: it never moves the board
        under the finger that just tapped it."""
        t = self.table
        news = None
        if t.news and t.news_line:
            news = h("div", {"class": "notice-bar news line", "data-notice": "news"},
                     h("button", {"type": "button", "class": "news-text", "data-action": "news-open",
                                  "aria-expanded": "false"}, t.news),
                     self.news_close())
        elif t.news:
            news = h("div", {"class": "notice-bar news", "role": "status", "data-notice": "news"},
                     h("p", {"class": "news-text"}, t.news), self.news_close())
        said = h("div", {"class": "notice-anchor"},
                 h("p", {"class": "notice-bar floating", "role": "alert", "data-notice": ""}, t.message)) if t.message else None
        return h("div", {"class": "notice-slot", "data-part": "notice"}, news, said)  # (a slot always there: sent alone)

    @staticmethod
    def news_close() -> Markup:
        return h("button", {"type": "button", "class": "secondary news-close", "data-action": "news-close",
                            "aria-label": _("Close this notice")}, "×")

    def status_line(self) -> Markup:
        """Whose turn it is: in the view's words if it has its own (Parts.status)."""
        t = self.table
        if self.parts().status is not None:
            return self.parts().status
        if t.phase != "play":
            return Markup("")
        acting = t.facts().to_act
        if not acting:
            return Markup("")
        name = t.names()[acting[0]]
        if acting[0] == t.viewer() and len(t.humans()) == 1:
            text = pgettext("turn strip", "Your turn")
        else:
            text = _("{player}'s turn").format(player=name)
        if t.is_bot(acting[0]):
            text = _("{player} is thinking…").format(player=name)
        return h("p", {"class": f"turn p{acting[0]}", "data-turn": acting[0]}, text)

    def controls(self) -> Markup:
        t = self.table
        if t.phase == "replay":
            return t.replay.controls()
        if t.guest is not None:  # (a guest's phone: the game, its undo, links and replays are the host's)
            return h("div", {"class": "controls"},
                     h("p", {"class": "control-row"}, h("a", {"href": f"#/{t.game_id}/rules", "target": "_blank"}, _("Rules"))))
        buttons = pace_chips(t.app.prefs.get("pace", "normal")) if t.bots and t.view.bot_speed_chips else []
        undo = None
        if t.confirm_undo and t.undo_target() is not None:
            undo = h("span", {"class": "confirm", "role": "group", "aria-label": _("Confirm undo")},
                     _("Undo the last move for everyone?"), " ",
                     h("button", {"type": "button", "data-action": "undo"}, _("Yes, undo")), " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "undo-cancel"}, _("No")))
        elif t.game.type.can_undo():
            undo = h("button", {"type": "button", "class": "secondary", "data-action": "undo",
                                "disabled": t.undo_target() is None, "aria-keyshortcuts": "u"}, _("Undo"))
        return h("div", {"class": "controls"},
                 h("div", {"class": "pace", "role": "group", "aria-label": _("Bot speed")},
                   h("span", None, _("Bot speed")), *buttons) if buttons else None,
                 h("p", {"class": "control-row"},
                   undo,
                   None if t.practice.active else h("button", {"type": "button", "class": "secondary", "data-action": "share",
                                                            "aria-expanded": "true" if t.sharing else "false"}, _("Share")),
                   h("button", {"type": "button", "class": "secondary", "data-action": "watch-invite"},
                     _("Invite someone to watch")) if t.lobby is not None and t.phase == "play" else None,
                   h("button", {"type": "button", "class": "secondary", "data-action": "replay"}, _("Replay")),
                   h("button", {"type": "button", "class": "secondary", "data-action": "new-game"}, _("New game")),
                   h("a", {"href": f"#/{t.game_id}/rules", "target": "_blank"}, _("Rules"))),
                 t.lobby.connection_details() if t.lobby is not None and t.phase == "play" else None,
                 self.share_panel() if t.sharing else None)

    def bot_speed_chips(self) -> bool:
        """Whether the controls offer "Bot speed" chips while bots play (a view that
        shows its own speed chips says no)."""
        return True

    def share_panel(self) -> Markup:
        """The links this game offers. A turn game's "This game" lets a friend watch or play a
        seat no device holds; a real-time game is never offered to play on by link (only a
        same-deal challenge, and its replay once over). Moving the game to another device of
        yours stops it here first, then offers the link that takes it over."""
        t = self.table
        turns = t.game.type.timing == TURNS
        rows = [("deal", own_word(t.view, "same", _("Same deal")),
                 own_word(t.view, "same-help", _("The same seats and deal, from the start: can they beat your score?")))]
        if turns:
            rows.append(("game", _("This game"), _("The game so far: they watch it, or play a seat that nobody "
                                                   "plays yet, then send a new link back.")))
        if t.phase == "play" and (t.humans() or (t.save_id and seats.free_seats(t.record))):
            rows.append(("take", _("Continue on another device of yours"),
                         _("This device stops, and the game goes on where you open the link.")))
        if turns or t.phase == "over":
            rows.append(("replay", _("Replay"), _("Watch the whole game move by move.")))
        return h("div", {"class": "share-panel", "data-share": ""},
                 h("p", {"class": "share-warning"}, self.link_reveals()),
                 *[h("div", {"class": "share-row"},
                     h("label", {"for": f"link-{kind}"}, title),
                     self.share_link(kind, f"link-{kind}-help"),
                     h("small", {"id": f"link-{kind}-help"}, help_text))
                   for kind, title, help_text in rows])

    def link_reveals(self) -> str:
        """What a link gives away (said wherever a link is offered)."""
        return own_word(self.table.view, "reveals", _(LINK_REVEALS))

    def share_link(self, kind: str, help_id: str) -> Markup:
        t = self.table
        if kind == "take" and t.humans():  # not yet: this device lets go of the game first
            return h("button", {"type": "button", "data-action": "hand-off",
                                "aria-describedby": help_id}, _("Stop here and make the link"))
        return join(h("input", {"id": f"link-{kind}", "readonly": True, "value": t.saving.link(kind), "data-link": kind,
                                "aria-describedby": help_id}),
                    h("button", {"type": "button", "data-action": "copy-link", "data-kind": kind}, _("Copy")))

    def log_panel(self) -> Markup:
        t = self.table
        if t.phase == "replay":
            return t.replay.log()
        return h("section", {"class": "log", "aria-label": _("What happened")},
                 h("h2", None, _("What happened")), self.log_list())

    def log_list(self) -> Markup:
        """What happened, newest first (a part a table may send alone: data-part)."""
        t = self.table
        return h("ol", {"data-log": "", "data-part": "log"},
                 *[h("li", None, line) for line in reversed(t.facts().log[-LOG_SHOWN:])])

    def overlay(self) -> Markup:
        """The end screen, the seat chooser or the hand-over; else the view's own (Parts.overlay)."""
        t = self.table
        if t.phase == "over":
            if self.parts().hold_end:
                return Markup("")  # the last move still plays out
            if t.end_dismissed:
                return h("p", {"class": "end-bar"}, _("Game over."), " ",
                         h("button", {"type": "button", "data-action": "show-end"}, _("Show the result")))
            return self.end_screen()
        if t.choosing:
            return self.seat_chooser()
        acting = t.facts().to_act if t.phase == "play" else []
        if acting and t.needs_handover(acting[0]):
            name = t.names()[acting[0]]
            return h("div", {"class": "overlay", "role": "dialog", "aria-modal": "true",
                             "aria-label": _("Pass to {player}").format(player=name), "data-handover": acting[0]},
                     h("div", {"class": "overlay-card"},
                       h("h2", None, _("Pass the device to {player}").format(player=name)),
                       h("p", None, own_word(t.view, "handover",
                                             _("Everyone else, look away: the next screen shows secret tiles and cards."))),
                       h("button", {"type": "button", "data-action": "take-device", "data-seat": acting[0], "autofocus": True},
                         _("I'm {player}: show my turn").format(player=name)),
                       h("div", {"class": "handover-link"},
                         h("p", None, _("Does {player} have a device of their own? Give them this seat by link; this "
                                        "device then stops playing for {player}.").format(player=name)),
                         h("button", {"type": "button", "class": "secondary", "data-action": "give-seat",
                                      "data-seat": acting[0]}, _("Copy {player}'s link").format(player=name)),
                         h("p", None, h("small", None, self.link_reveals())))))
        return self.parts().overlay

    def seat_chooser(self) -> Markup:
        """A game opened from a link: its player says which seat is theirs, or watches.
        Nothing secret is on screen until then, and seats another device plays are not offered."""
        t = self.table
        claimable = t.saving.claimable()
        holders = seats.holders_of(t.record)
        rows = []
        one_by_one = t.game.type.timing == TURNS or len(claimable) == 1  # (real time: all here, or none)
        for seat in seats.humans(t.record):
            name = t.names()[seat]
            if seat in claimable and one_by_one:
                rows.append(h("li", None, h("button", {"type": "button", "data-action": "take-seat", "data-seat": seat},
                                              _("I'm {player}").format(player=name))))
            elif holders[seat]:
                rows.append(h("li", {"class": "seat-taken"}, _("{player} plays on another device").format(player=name)))
        if len(claimable) > 1:
            rows.append(h("li", None, h("button", {"type": "button", "class": "secondary", "data-action": "take-seat",
                                                   "data-seat": "all"}, _("All of us, on this device"))))
        return h("div", {"class": "overlay", "role": "dialog", "aria-modal": "true", "aria-labelledby": "chooser-title",
                         "data-chooser": ""},
                 h("div", {"class": "overlay-card"},
                   h("h2", {"id": "chooser-title"}, _("Which player are you?")),
                   h("p", None, own_word(t.view, "chooser", _(
                       "This device will show that player's hidden tiles and cards and play only for them: "
                       "choose your own seat, or just watch."))),
                   h("ul", {"class": "seat-choices"}, *rows),
                   h("p", None, h("button", {"type": "button", "class": "secondary", "data-action": "watch",
                                             "autofocus": True}, _("Just watch")))))

    def seat_bar(self) -> Markup | None:
        """Where this device stands at a game it does not play alone: watching it, or
        waiting for a player who plays on another device (with the link to send them)."""
        t = self.table
        if t.lobby is not None:
            return t.lobby.away_bar() if t.phase == "play" else None  # (a live table: a phone that left)
        if t.phase != "play" or t.choosing or t.stale or t.guest is not None:
            return None
        if t.watch_only:
            can_sit = bool(t.saving.claimable())
            return h("div", {"class": "notice-bar seat-bar", "role": "status", "data-watching": ""},
                     h("p", None, _("You are watching this game as the link shows it: its players play on their own "
                                    "devices.")),
                     h("button", {"type": "button", "class": "secondary", "data-action": "choose-seat"},
                       _("Take a seat")) if can_sit else
                     h("a", {"class": "button secondary", "href": t.saving.link("deal")}, own_word(t.view, "play", _("Play this deal yourself"))))
        acting = t.facts().to_act
        if not acting or t.game.type.timing != TURNS or t.is_bot(acting[0]) or acting[0] in t.humans():
            return None
        name = t.names()[acting[0]]
        here = h("button", {"type": "button", "class": "secondary", "data-action": "take-seat", "data-seat": acting[0]},
                 _("Play {player} here").format(player=name)) if acting[0] in t.saving.claimable() else None
        return h("div", {"class": "notice-bar seat-bar", "role": "status", "data-waiting": acting[0]},
                 h("p", None, h("label", {"for": "waiting-link"},
                                _("Waiting for {player}: send them the link to this game.").format(player=name)), " ",
                   h("small", None, self.link_reveals())),
                 h("p", {"class": "seat-bar-link"},
                   h("input", {"id": "waiting-link", "readonly": True, "value": t.saving.link("game"), "data-link": "game"}),
                   h("button", {"type": "button", "data-action": "copy-link", "data-kind": "game"}, _("Copy"))),
                 here)

    def headline(self, winners: list[int]) -> str:
        """The end screen's first line, this device's one player "You" as in play ("You win!")."""
        if self.parts().headline:
            return self.parts().headline
        facts = self.table.facts()
        if facts is None:
            return headline(self.table.names(), winners)
        return headline(names_said(facts), winners, you(facts))

    def outcome(self) -> str:
        """A word for how the game ended (data-outcome on the end screen, for tests)."""
        t = self.table
        return self.parts().outcome or ("won" if t.facts().winners else "nobody")

    def end_screen(self) -> Markup:
        t = self.table
        winners = t.facts().winners
        story = self.parts().story
        return h("div", {"class": "overlay", "role": "dialog", "aria-modal": "true", "aria-label": _("Game over"), "data-end": "",
                         "data-outcome": self.outcome()},
                 h("div", {"class": "overlay-card end-card"},
                   h("h2", None, self.headline(winners)),
                   self.score_table(winners),
                   self.parts().summary,
                   h("p", {"class": "score-story", "data-story": ""}, story) if t.practice.guided and story else None,
                   self.guest_end_buttons() if t.guest is not None else
                   h("p", {"class": "end-buttons"},
                     h("button", {"type": "button", "data-action": "same-seats"},
                       _("Play again") if len(t.seats) == 1 else _("Rematch: same players")), " ",  # (alone: no "players")
                     h("button", {"type": "button", "class": "secondary", "data-action": "new-game"}, _("New game: choose players")), " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "replay"}, _("Watch the replay")), " ",
                     h("button", {"type": "button", "class": "secondary", "data-action": "close-end"}, _("Look at the board")))))

    def guest_end_buttons(self) -> Markup:
        """A guest's end screen: a rematch or a replay is the host's to offer."""
        return h("p", {"class": "end-buttons"},
                 h("a", {"class": "button", "href": "#/"}, _("Back to the games")), " ",
                 h("button", {"type": "button", "class": "secondary", "data-action": "close-end"}, _("Look at the board")))

    def score_table(self, winners: list[int]) -> Markup:
        """Final scores, winners first: none when the view's summary says them all, or
        nobody has a score to rank."""
        t = self.table
        if t.view.scores_in_summary or not any(self.has_score(p) for p in range(len(t.seats))):
            return Markup("")
        scores = t.facts().scores
        names = t.names()
        order = sorted(range(len(names)), key=lambda p: (p not in winners, not self.has_score(p),
                                                         -scores[p] if self.higher_is_better() else scores[p]))
        rows = [h("tr", {"class": "winner" if p in winners else None},
                  h("th", {"scope": "row"}, names[p]), h("td", None, self.score_text(p, scores[p])))
                for p in order]
        return h("table", {"class": "final-scores"},
                 h("thead", None, h("tr", None, h("th", None, _("Player")), h("th", None, _("Score")))),
                 h("tbody", None, *rows))

    def higher_is_better(self) -> bool:
        t = self.table
        return t.game.type.higher_is_better(t.options, len(t.seats))

    def public(self) -> dict:
        """The position on screen as the screen's viewer sees it (what everyone sees, and
        the viewer's own): what the game type reads a player's score from (a live table's
        lobby has nothing on screen yet: what everyone sees)."""
        facts = self.table.facts()
        return facts.view if facts is not None else self.table.game.view(self.table.state, None)

    def has_score(self, player: int) -> bool:
        """False for a player whose number means nothing (they never finished: the game type's word)."""
        scored = self.table.game.type.scored
        return scored is None or scored(self.public(), player)

    def score_text(self, player: int, score) -> str:
        words = self.table.game.type.score_text
        if words:
            return words(self.public(), player, score)
        return self.format_score(score) if self.has_score(player) else "—"

    def format_score(self, score) -> str:
        return str(int(score)) if float(score).is_integer() else number(score, 1)

