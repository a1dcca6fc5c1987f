"""A guest's phone at a live table: opened on an invitation (#/join/<code>), it makes
the reply the host must take (a QR code and a link), connects, and waits at the table.
Once the host starts, the game's own table (web/table.py) is the screen: a Table with no
session, drawn from the host's Facts for this phone's seat, whose moves go to the host.

The invitation is hostile input like any link: core/invite.py reads it, and a damaged,
foreign or wrong-kind code gets a sentence and a way back, never a connection.
"""

from __future__ import annotations

from gelateria.core.i18n import _, and_list, language
from gelateria.core.invite import INVITE, InviteError, sdp_of
from gelateria.core.live import Guest
from gelateria.core.wire import Link
from gelateria.web.catalog import entry
from gelateria.web.live import JOIN_ROUTE, REPLY_ROUTE, TICK_MS, Answer, camera, code_in, read_code
from gelateria.web.markup import Markup, h
from gelateria.web.screens import Screen, said, top_bar
from gelateria.web.table import Table
from gelateria.web.views.contract import registered_screen

# What a guest's phone keeps (app.prefs) of the table it sat at last: its seat's key, and
# the invitation it used (hex of its token).
KEY_PREF, USED_PREF = "live-key", "live-invite"


class JoinScreen(Screen):
    def __init__(self, app, code: str):
        super().__init__(app)
        self.answer: Answer | None = None
        self.problem = ""
        self.guest: Guest | None = None
        self.lost = False  # the connection closed after it had opened
        self.ticking = None
        self.table: Table | None = None  # the game, once the host has started it
        self.used = False  # this phone sat down with this invitation before (a page reloaded)
        self.scanning = False  # the camera is open to read the host's new invitation
        self.scan_problem = ""
        try:
            invitation = read_code(code, INVITE)
        except InviteError as exc:
            reason = str(exc)
            self.problem = said(lambda: reason)
            return
        self.used = app.prefs.get(USED_PREF) == invitation.token.hex()
        if self.used:
            return  # (this phone sat down with it before: a page reloaded. It needs a new one)
        self.answer = Answer(invitation)
        stun = any(c.type == "srflx" for c in invitation.candidates)  # the host plays across the internet
        self.answer.id = app.connections.open(self, offer=sdp_of(invitation), stun=stun)

    @property
    def title(self) -> str:
        return self.table.title if self.table is not None else _("Join a live table — Gelateria")

    def reply_link(self) -> str:
        return self.app.link(REPLY_ROUTE + self.answer.code) if self.answer and self.answer.code else ""

    # --- the connection (web/live.py: Connections) -------------------------------------

    def live_sdp(self, id: str, sdp: str) -> None:
        self.answer.made(sdp)
        self.app.refresh()

    def live_open(self, id: str) -> None:
        # (the key this phone was last seated with, if any: the host gives its seat back)
        self.guest = Guest(Link(lambda text: self.app.connections.send(id, text), self.app.now), language(),
                           key=self.app.prefs.get(KEY_PREF))
        self.guest.hello()
        self.tick()
        self.app.refresh()

    def live_frame(self, id: str, text, at=None) -> None:
        if self.guest is None or not self.guest.receive(text, self.app.since(at)):
            return
        self.remember_seat()
        facts = self.guest.facts
        if self.table is None and facts is not None and facts.phase != "lobby":
            spec = registered_screen(facts.game)
            if spec is None:  # (a host that names no game of this box)
                self.app.connections.close_owned(self)
                self.live_closed(id, "refused")
                return
            self.table = Table(self.app, [], spec.view(), guest=self.guest)
            self.app.refresh()
        elif self.table is not None and facts is not None and facts.phase == "lobby":
            self.table.close()  # a rematch: this phone waits for the host to start it, as it did the first
            self.table = None
            self.app.refresh()
        elif self.table is not None:
            self.table.heard_host()
            self.table.redraw()
        else:
            self.app.refresh()

    def live_closed(self, id: str, why: str) -> None:
        self.lost = self.guest is not None
        if self.table is not None:
            self.table.close()
            self.table = None
        if not self.lost and self.answer is not None:
            self.answer.problem = said(lambda: _("The connection could not be made. Both phones must be on the same "
                                                 "Wi-Fi or hotspot; open the invitation again to retry."))
        self.guest = None
        self.app.refresh()

    def remember_seat(self) -> None:
        """Seated: this phone keeps its seat's key (a later hello with it is given the seat
        back) and which invitation it used (opened again after a reload, it says so)."""
        key, token = self.guest.key, self.answer.invitation.token.hex()
        if key is not None and (self.app.prefs.get(KEY_PREF), self.app.prefs.get(USED_PREF)) != (key, token):
            self.app.prefs.update({KEY_PREF: key, USED_PREF: token})
            self.app.save_prefs()

    def scanned(self, text: str, failed: str = "") -> None:
        """The camera read the host's new invitation (or could not be used)."""
        self.scanning = False
        if failed:
            self.scan_problem = said(lambda: _("The camera cannot be used here: scan the host's new invitation with "
                                               "this phone's camera app instead."))
            self.app.refresh()
            return
        code = code_in(text, JOIN_ROUTE)
        try:
            used = read_code(code, INVITE).token.hex() == self.app.prefs.get(USED_PREF)
        except InviteError as exc:
            reason = str(exc)
            self.scan_problem = said(lambda: reason)
        else:
            if not used:
                self.app.go(JOIN_ROUTE + code)
                return
            self.scan_problem = said(lambda: _("That is the invitation this phone used already: the host's phone "
                                               "shows a new one under \"Show a new invitation\"."))
        self.app.refresh()

    def tick(self) -> None:
        """The link's waiting parts (resends, gaps), a few times a second while connected."""
        self.ticking = None
        if self.guest is None:
            return
        self.guest.link.tick()
        self.ticking = self.app.later(TICK_MS, self.tick)

    def close(self) -> None:
        if self.ticking is not None:
            self.app.cancel(self.ticking)
        if self.table is not None:
            self.table.close()
        self.app.connections.close_owned(self)

    def language_changed(self) -> None:
        super().language_changed()
        if self.table is not None:
            self.table.language_changed()
        if self.guest is not None:
            self.guest.language = language()
            self.guest.hello()  # the host speaks each phone's own language

    # --- while the game is on, its table is the screen ------------------------------------

    def on_key(self, key: str) -> bool:
        return self.table.on_key(key) if self.table is not None else False

    def on_key_up(self, key: str) -> bool:
        return self.table.on_key_up(key) if self.table is not None else False

    def on_hold(self, name: str, data: dict, down: bool) -> None:
        if self.table is not None:
            self.table.on_hold(name, data, down)

    def mounted(self) -> None:
        if self.table is not None:
            self.table.mounted()

    def focus_home(self) -> str | None:
        return self.table.focus_home() if self.table is not None else "h1"

    def set_board_size(self, width: float, height: float, coarse: bool = False, insets=None) -> bool:
        return self.table.set_board_size(width, height, coarse, insets) if self.table is not None else False

    def set_view_box(self, x: float, y: float, w: float, h: float) -> None:
        if self.table is not None:
            self.table.set_view_box(x, y, w, h)

    # --- drawing -------------------------------------------------------------------------

    def render(self) -> Markup:
        if self.table is not None:
            return self.table.render()
        return h("section", {"class": "page live-join", "data-screen": "join"},
                 top_bar(_("Live table")),
                 h("article", {"class": "page-body live-body"}, *self.body()))

    def body(self) -> list:
        answer = self.answer
        if self.used:
            return self.back_to_the_table(_("Back to the table"), _(
                "This phone sat down with this invitation already, and an invitation opens one connection. On the "
                "host's phone, tap \"Show a new invitation\", then scan it."))
        if answer is None or answer.problem:
            return [h("h1", {"tabindex": "-1"}, _("This invitation cannot be used")),
                    h("p", {"role": "alert", "data-live-problem": ""}, answer.problem if answer else self.problem),
                    h("p", None, h("a", {"class": "button", "href": "#/"}, _("Back to the games")))]
        if self.lost:
            return self.back_to_the_table(_("The table is out of reach"), _(
                "The connection to the host's phone was lost. Stay near it on the same Wi-Fi; on the host's phone, "
                "tap \"Show a new invitation\", then scan it."))
        if self.guest is not None:
            return self.seated()
        if not answer.code:
            return [h("h1", {"tabindex": "-1"}, _("Joining the table…")),
                    h("p", {"role": "status"}, _("Getting this phone's reply ready."))]
        link = self.reply_link()
        return [h("h1", {"tabindex": "-1"}, _("Show this to the host")),
                h("p", None, _("The host scans this code in Gelateria, or you send them the link below. "
                               "Both phones must be on the same Wi-Fi or hotspot.")),
                h("figure", {"class": "qr", "data-qr": link, "role": "img",
                             "aria-label": _("QR code of this phone's reply")}),
                h("p", {"class": "share-row"},
                  h("label", {"for": "reply-link"}, _("Reply link")),
                  h("input", {"id": "reply-link", "readonly": True, "value": link, "data-reply": link}),
                  h("button", {"type": "button", "data-action": "copy-reply", "aria-label": _("Copy the reply link")},
                    _("Copy"))),
                h("p", {"role": "status", "class": "live-wait"}, _("Waiting for the host to take the reply…"))]

    def back_to_the_table(self, title: str, why: str) -> list:
        """The way back to a seat: the host's new invitation, read by this phone's camera."""
        if self.scanning:
            scan = camera(_("Camera: point it at the new invitation's QR code"),
                          _("Point the camera at the QR code on the host's phone."))
        else:
            scan = h("p", None, h("button", {"type": "button", "data-action": "scan"}, _("Scan the new invitation")))
        return [h("h1", {"tabindex": "-1"}, title),
                h("p", {"role": "alert", "data-live-problem": ""}, why),
                h("p", {"role": "status"}, self.scan_problem) if self.scan_problem else None,
                scan,
                h("p", None, h("a", {"class": "button secondary", "href": "#/"}, _("Back to the games")))]

    def seated(self) -> list:
        facts = self.guest.facts
        if facts is None:
            return [h("h1", {"tabindex": "-1"}, _("Connected")),
                    h("p", {"role": "status", "data-live-status": "connected"}, _("Connected to the table."))]
        game = entry(facts.game)
        seat = self.guest.seat
        names = [(_("{name} (you)").format(name=name) if i == seat else name) for i, name in enumerate(facts.names)]
        return [h("h1", {"tabindex": "-1"}, _("At the table: {game}").format(game=game.title if game else facts.game)),
                h("p", {"role": "status", "data-live-status": "seated"},
                  _("You play {name}.").format(name=facts.names[seat]) if seat is not None else
                  _("You are watching.")),
                h("p", None, _("Players: {names}").format(names=and_list(names))),
                h("p", {"class": "live-wait"}, _("Waiting for the host to start the game."))
                if facts.phase == "lobby" else None]

    def on_action(self, action: str, data: dict) -> None:
        if self.table is not None:
            self.table.on_action(action, data)
        elif action == "copy-reply" and self.reply_link():
            self.app.copy(self.reply_link())
        elif action in ("scan", "scan-stop"):
            self.scanning, self.scan_problem = action == "scan", ""
            self.app.refresh()


class ReplyScreen(Screen):
    """A guest's reply opened on this phone (#/reply/<code>): handed to the tab of this
    browser that holds the live table (static/live.js), which takes it as if pasted."""

    def __init__(self, app, code: str):
        super().__init__(app)
        self.code = code
        self.handed: bool | None = None  # (None: on its way)
        self.asked = False

    @property
    def title(self) -> str:
        return _("A reply for a live table — Gelateria")

    def mounted(self) -> None:
        if not self.asked:
            self.asked = True
            self.app.hand_reply(self.code)

    def handed_over(self, ok: bool) -> None:
        self.handed = ok
        self.app.refresh()

    def render(self) -> Markup:
        if self.handed is None:
            body = [h("h1", {"tabindex": "-1"}, _("Taking the reply…")),
                    h("p", {"role": "status"}, _("Looking for your live table in this browser."))]
        elif self.handed:
            body = [h("h1", {"tabindex": "-1"}, _("Reply taken")),
                    h("p", {"role": "status", "data-live-status": "handed"},
                      _("Your live table took the reply in its own tab. You can close this one."))]
        else:
            body = [h("h1", {"tabindex": "-1"}, _("No live table here")),
                    h("p", {"role": "alert", "data-live-problem": ""},
                      _("This reply is for the phone that hosts the table: open it there, or paste it into the "
                        "table's \"Paste a reply link\" field.")),
                    h("p", None, h("a", {"class": "button", "href": "#/"}, _("Back to the games")))]
        return h("section", {"class": "page live-join", "data-screen": "reply"},
                 top_bar(_("Live table")), h("article", {"class": "page-body live-body"}, *body))
